"""Named save slots: a typed name made safe for the file system, the name offered, and the list a load screen shows.

Headless (no pygame). A player saves under any name they like ("Arena, round 7",
"before the pin?"); the file is that name with every character a file system
could trip on replaced (no path separators, no ``..``, no control characters,
no Windows device names, bounded length), and the name as typed travels in the
save's ``title`` so the load screen shows it unchanged.

Listing reads each file's header only (:func:`game.files.saves.read_header`: no log
decoded, no replay): a folder of long battles lists at once, and a bad file is
an entry with its one-sentence reason instead of an exception. The full check
runs when the player loads one.
"""

from __future__ import annotations

import datetime
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from game.files import saves
from game.rules.base import UnknownRuleset, find_ruleset

__all__ = ["MAX_TITLE", "SaveEntry", "slot_file_name", "slot_path", "default_title", "list_saves", "when_saved"]

#: the longest name kept (file names past 255 bytes fail on most file systems; UTF-8 may take 4 bytes a char)
MAX_TITLE = 60
#: at most this many files of each kind are listed (newest first)
MAX_LISTED = 200
_UNSAFE = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]+')
_WINDOWS_DEVICES = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


def slot_file_name(title: str) -> str:
    """The file stem for a typed name: safe on Linux, macOS and Windows, never empty, never a path.

    >>> slot_file_name("../../etc/passwd")
    'etc_passwd'
    >>> slot_file_name("Arena, round 7")
    'Arena, round 7'
    """
    text = unicodedata.normalize("NFC", str(title))
    text = _UNSAFE.sub("_", text)
    while ".." in text:
        text = text.replace("..", ".")
    text = text.strip(" ._")  # no hidden files, no trailing dot or space (Windows drops them)
    text = re.sub(r"_+", "_", text)[:MAX_TITLE].rstrip(" .")
    if not text:
        text = "save"
    if text.split(".")[0].lower() in _WINDOWS_DEVICES:
        text = f"save {text}"
    return text


def slot_path(title: str) -> Path:
    """Where a save named ``title`` goes: ``saves_dir()/STEM.json``."""
    return saves.saves_dir() / f"{slot_file_name(title)}.json"


def default_title(place: str | None, round_no: int) -> str:
    """The name offered when saving: ``The Sand Pit, round 7``."""
    place = (place or "Battle").strip() or "Battle"
    return f"{place[:40]}, round {round_no}"


def when_saved(saved_at: str, mtime: float) -> str:
    """``2026-11-25 02:40`` in local time: the save's own stamp, else the file's time."""
    try:
        stamp = datetime.datetime.fromisoformat(saved_at)
        if stamp.tzinfo is not None:
            stamp = stamp.astimezone()
    except (TypeError, ValueError):
        try:
            stamp = datetime.datetime.fromtimestamp(mtime)
        except (OverflowError, OSError, ValueError):
            return "date unknown"
    return stamp.strftime("%Y-%m-%d %H:%M")


@dataclass
class SaveEntry:
    """One file of the saves or autosave folder, as a load screen lists it."""

    path: Path
    autosave: bool
    mtime: float
    header: saves.SaveHeader | None = None
    #: why the file cannot be loaded (one sentence naming it), ``None`` when its header reads
    problem: str | None = None

    @property
    def title(self) -> str:
        """The name as typed; an autosave is named by its battle: "Autosave \u2014 The Tavern, round 4"."""
        if self.header is not None and self.header.title.strip():
            return " ".join(self.header.title.split())[:MAX_TITLE]
        if not self.autosave:
            return self.path.stem
        if self.header is None:
            return "Autosave"
        return f"Autosave \u2014 {default_title(self.place, self.header.snapshot.round)}"

    @property
    def place(self) -> str:
        """The battle as a player knows it: its title (a built battle's typed name), else the board's name (the
        scenario file's stem failing that)."""
        h = self.header
        if h is None:
            return ""
        if h.initial.title.strip():
            return h.initial.title
        name = h.initial.board.name
        if name and name != "open field":
            return name
        return Path(h.scenario).stem if h.scenario else name

    @property
    def ruleset_name(self) -> str:
        h = self.header
        if h is None:
            return ""

        try:
            return str(getattr(find_ruleset(h.ruleset), "name", "") or h.ruleset)
        except (UnknownRuleset, KeyError, ValueError):
            return f"{h.ruleset[:30]} (not in this Clinch)"

    @property
    def when(self) -> str:
        return when_saved(self.header.saved_at if self.header is not None else "", self.mtime)


def _files(folder: Path) -> list[tuple[float, Path]]:
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    found = []
    for e in entries:
        if not e.name.endswith(".json") or e.name.startswith("."):
            continue
        try:
            if not e.is_file():
                continue
            found.append((e.stat().st_mtime, Path(e.path)))
        except OSError:  # vanished meanwhile (an autosave rotated away)
            continue
    found.sort(key=lambda t: t[0], reverse=True)
    return found[:MAX_LISTED]


def list_saves() -> tuple[list[SaveEntry], list[SaveEntry]]:
    """The named saves and the autosaves, each newest first; every file read by its header only.

    Never raises: a bad file is an entry whose ``problem`` says why, a
    folder that is missing or cannot be read lists nothing.
    """
    out: tuple[list[SaveEntry], list[SaveEntry]] = ([], [])
    for auto, folder in ((False, saves.saves_dir()), (True, saves.autosave_dir())):
        for mtime, path in _files(folder):
            entry = SaveEntry(path=path, autosave=auto, mtime=mtime)
            try:
                entry.header = saves.read_header(path)
            except saves.SaveError as exc:
                entry.problem = str(exc)
            except (MemoryError, KeyboardInterrupt):
                raise
            except Exception as exc:  # noqa: BLE001 - one bad file never stops the list
                entry.problem = f"{path}: cannot be read ({type(exc).__name__})."
            out[auto].append(entry)
    out[True].sort(key=_autosave_order, reverse=True)
    return out


def _autosave_order(entry: SaveEntry) -> tuple[float, int, str]:
    """Autosaves newest first by the time and turn they hold (``game.files.saves.autosave_files``: never by a
    counter in the name or a file's mtime); a file that does not read goes last."""
    h = entry.header
    if h is None:
        return (-1.0, 0, entry.path.name)
    return (saves.saved_time(h.saved_at), h.snapshot.turn, entry.path.name)
