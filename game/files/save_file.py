"""A save file as it lies on the disk: headless, JSON only (never pickle, never eval).

A save (format ``clinch-save``, :data:`SAVE_VERSION`) holds the battle as it
was before its first step (``initial``: self-contained, board included), the
scenario path and the seed for people reading it, the log of intents with
their dice and events, and a ``snapshot`` of the battle now (without board or
log) for fast loading. Here: its record (:class:`SaveFile`), where saves live
(:func:`data_dir`: ``platformdirs.user_data_dir("clinch")``, or
``$CLINCH_DATA_DIR``), the state hash, writing one atomically (a temporary file
in the same folder, flushed and ``os.replace``\\ d over the old one), reading
and checking one without replaying it (:func:`read_save`, :func:`read_header`),
and the autosave folder's bookkeeping (:func:`autosave`, :func:`prune_autosaves`).

Nothing here runs the turn controller, so both sides of it stand on this
module: the controller's autosave (``game.flow.autosave``) writes through it
when it loads, and ``game.files.saves``, which re-plays a save's log through
the controller, builds on it. (Before issue 27 both halves were one module, and
the autosave reached it by a late import that closed a loop.)
"""

from __future__ import annotations

import datetime
import hashlib
import os
import re
import secrets
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import msgspec
import platformdirs

from game.files.names import name_problem
from game.files.userfiles import UserFileError, decode_json, read_bytes
from game.model import SCHEMA_VERSION, Battle, Board, Fighter, Side
from game.rules.base import UnknownRuleset, find_ruleset
from game.wording import DEFAULT_PRONOUN, pronoun_problem

if TYPE_CHECKING:
    from game.flow.turns import TurnController

__all__ = [
    "SAVE_FORMAT", "SAVE_VERSION", "SaveFile", "SaveError", "data_dir", "saves_dir", "autosave_dir",
    "state_hash", "make_save", "encode_save", "write_atomic", "save_game", "read_save", "SaveHeader",
    "read_header", "autosave", "list_autosaves", "latest_autosave", "AutosaveFile", "autosave_files",
    "prune_autosaves", "new_battle_id", "saved_time", "clean_stale_temps", "one_line", "same_folder",
]

SAVE_FORMAT = "clinch-save"
SAVE_VERSION = 1
ENV_DATA_DIR = "CLINCH_DATA_DIR"


#: entries a save's log may hold: a battle of 40 rounds of six fighters logs about 300, and a 1,000-intent
#: save of about 3 MB about 1,150; 20,000 is far beyond any battle played, and a file claiming more is
#: refused before its log is decoded or replayed (100,000 entries took 6 s to refuse after a replay)
MAX_LOG = 20_000


class SaveError(ValueError):
    """A save that cannot be written or read: one sentence naming the file."""


class _LogLength(msgspec.Struct):
    """Only the log's entries, left undecoded: counting them costs a scan, not a decode."""

    log: list[msgspec.Raw] = []


class SaveFile(msgspec.Struct, kw_only=True):
    format: str
    version: int
    ruleset: str
    seed: int
    scenario: str | None = None
    #: the name the player typed when saving (the file name is that name made safe for the file system)
    title: str = ""
    saved_at: str = ""
    dice: str = "seeded"
    seat: dict[str, str] = {}
    #: which battle this is (16 hex digits, drawn at its first autosave; empty in saves from before): the
    #: autosave folder keeps the latest autosave of each battle
    battle_id: str = ""
    initial: Battle
    log: list[dict[str, Any]] = []
    snapshot: Battle
    state_hash: str


# -- places ------------------------------------------------------------------------------------------

def data_dir() -> Path:
    """Where Clinch keeps the player's files: ``$CLINCH_DATA_DIR`` or the platform's user data folder."""
    env = os.environ.get(ENV_DATA_DIR)
    return Path(env) if env else Path(platformdirs.user_data_dir("clinch"))


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_dir() -> Path:
    return data_dir() / "autosave"


# -- the state hash ------------------------------------------------------------------------------------

def state_hash(battle: Battle) -> str:
    """sha256 of the battle's canonical JSON (sorted keys) without its log: equal states, equal hashes."""
    shell = msgspec.structs.replace(battle, log=[])
    return hashlib.sha256(msgspec.json.encode(shell, order="sorted")).hexdigest()


# -- writing -------------------------------------------------------------------------------------------

def make_save(ctl: TurnController, *, scenario: str | None = None, title: str = "") -> SaveFile:
    """The save of a controller's battle as it stands (it needs the battle's initial state)."""
    if ctl.initial is None:
        raise SaveError("This battle cannot be saved: the controller was not given its initial state.")
    b = ctl.battle
    initial = ctl.initial.clone(with_log=False)
    snapshot = b.clone(with_log=False)
    snapshot.board = Battle().board  # the board never changes; it travels once, in ``initial``
    return SaveFile(format=SAVE_FORMAT, version=SAVE_VERSION, ruleset=b.ruleset, seed=initial.rng.seed,
                    scenario=scenario if scenario is not None else (b.scenario or initial.scenario), title=title,
                    saved_at=datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds"),
                    dice=ctl.dice_mode, seat=dict(ctl.seat), battle_id=getattr(ctl, "battle_id", ""),
                    initial=initial, log=list(b.log), snapshot=snapshot, state_hash=state_hash(b))


def encode_save(save: SaveFile) -> bytes:
    return msgspec.json.encode(save)


def write_atomic(path: Path | str, data: bytes) -> Path:
    """Write ``data`` to ``path`` so that a crash leaves either the old file or the new one, never half of one.

    The bytes go to ``.NAME.PID.tmp`` beside ``path``, are flushed to the disk
    and then ``os.replace``\\ d over it. When anything fails (a full disk
    mid-write, a read-only folder) the temporary file is removed, the old
    file is left as it was and the ``OSError`` is raised; a process killed
    mid-write leaves its temporary behind for :func:`clean_stale_temps`.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:  # never there, or the folder refuses even that: the first error is the one to tell
            pass
        raise
    return path


_TEMP = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.tmp$")
#: a temporary file older than this is left over, whoever wrote it (a write takes milliseconds)
STALE_TEMP_SECONDS = 60.0


def _pid_alive(pid: int) -> bool:
    """Whether a process with this id runs now (on Windows we cannot ask safely: assume it does)."""
    if os.name == "nt":
        return True  # os.kill(pid, 0) sends CTRL_C_EVENT there; the age test alone decides
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's live process
    except OSError:
        return True
    return True


def clean_stale_temps(folders: list[Path | str] | None = None, *, now: float | None = None,
                      max_age: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove the ``.NAME.PID.tmp`` files that interrupted writes left behind; returns those removed.

    Called when the game starts. ``folders`` defaults to :func:`saves_dir`
    and :func:`autosave_dir` (the app adds the settings folder). A temporary
    is removed when the process that wrote it is gone or it is older than
    ``max_age`` seconds; a live writer's fresh temporary is left alone. Never
    raises: a folder that is missing or cannot be read or changed is skipped.
    """
    if folders is None:
        folders = [saves_dir(), autosave_dir()]
    now = time.time() if now is None else now
    removed: list[Path] = []
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            m = _TEMP.match(entry.name)
            if m is None:
                continue
            try:
                if not entry.is_file(follow_symlinks=False):
                    continue
                old = now - entry.stat(follow_symlinks=False).st_mtime > max_age
                if old or not _pid_alive(int(m.group("pid"))):
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
            except (OSError, ValueError, OverflowError):
                continue
    return removed


def save_game(ctl: TurnController, path: Path | str | None = None, *, name: str = "save",
              scenario: str | None = None, title: str = "") -> Path:
    """Save atomically to ``path`` (default ``saves_dir()/NAME.json``); returns the path written.

    ``title`` is the name as the player typed it, kept in the file for the load screen."""
    target = Path(path) if path is not None else saves_dir() / f"{name}.json"
    try:
        return write_atomic(target, encode_save(make_save(ctl, scenario=scenario, title=title)))
    except OSError as exc:
        raise SaveError(f"{target}: could not be written ({exc.strerror or exc}).") from None


# -- reading -------------------------------------------------------------------------------------------

def one_line(text: object, limit: int = 240) -> str:
    """An exception's text as a clause of one sentence: its first line, bounded, without a final period."""
    line = str(text).strip().splitlines()[0] if str(text).strip() else ""
    if len(line) > limit:
        line = line[:limit].rstrip() + "\u2026"
    return line.rstrip(".")


def _check_log_length(path: Path, data: bytes) -> None:
    """Refuse a log longer than :data:`MAX_LOG` before anything decodes or replays it."""
    try:
        entries = len(msgspec.json.decode(data, type=_LogLength).log)
    except (msgspec.DecodeError, RecursionError):  # not JSON, or no list: the full decode says what is wrong
        return
    if entries > MAX_LOG:
        raise SaveError(f"{path}: its log holds {entries:,} entries, more than the {MAX_LOG:,} a save may hold; "
                        "it was not loaded.")


def _check_names(path: Path, title: str, battles: list[tuple[str, Any]]) -> None:
    """The title and every name and id a battle screen or the load screen shows
    (:func:`game.files.names.name_problem`): a save edited to carry a NUL or a bidi override in a fighter's name is
    refused here, not by the battle screen it would have opened."""
    named: list[tuple[str, Any, bool]] = [("title", title, True)]
    for at, b in battles:
        if getattr(b, "board", None) is not None:  # a header's snapshot has no board
            named.append((f"{at}.board.name", b.board.name, True))
        if isinstance(getattr(b, "title", None), str):  # the battle's own title, shown in every list and screen
            named.append((f"{at}.title", b.title, True))
        for i, side in enumerate(b.sides):
            named += [(f"{at}.sides[{i}].id", side.id, False), (f"{at}.sides[{i}].name", side.name, True)]
        for i, f in enumerate(getattr(b, "fighters", ())):
            bad = pronoun_problem(getattr(f, "pronoun", DEFAULT_PRONOUN))
            if bad is not None:  # a save edited by hand: the log would read "Ann sets xyz weapon"
                raise SaveError(f"{path}: {at}.fighters[{i}].pronoun {bad}; it was not loaded.")
            named += [(f"{at}.fighters[{i}].id", f.id, False), (f"{at}.fighters[{i}].side", f.side, False),
                      (f"{at}.fighters[{i}].name", f.name, True)]
    for field, text, may_be_empty in named:
        problem = name_problem(text, allow_empty=may_be_empty)
        if problem is not None:
            raise SaveError(f"{path}: {field} {problem}; it was not loaded.")


def _check_stats(path: Path, save: SaveFile) -> None:
    """A fraction only in a stat the ruleset reads as one (``Ruleset.fractional_stats``: 3d6's Speed)."""
    try:
        fractional = find_ruleset(save.ruleset).fractional_stats
    except (UnknownRuleset, KeyError, ValueError):
        return  # the replay refuses an unknown ruleset in its own sentence
    for at, b in (("initial", save.initial), ("snapshot", save.snapshot)):
        for i, f in enumerate(b.fighters):
            for key, v in f.stats.items():
                if isinstance(v, float) and key not in fractional:
                    raise SaveError(f"{path}: {at}.fighters[{i}].stats.{one_line(key, 40)} is {v!r}, not a whole "
                                    "number; it was not loaded.")


def _decode(path: Path, data: bytes) -> SaveFile:
    _check_log_length(path, data)
    try:
        raw = decode_json(data, path)  # not UTF-8, too deep, NaN, numbers past 64 bits: one sentence each
    except UserFileError as exc:
        text = str(exc)
        detail = text[len(f"{path}: "):] if text.startswith(f"{path}: ") else text
        if detail.startswith(("is not valid JSON", "is not UTF-8")):  # Clinch writes UTF-8 JSON: it was damaged
            raise SaveError(f"{path}: not a complete JSON file (truncated or damaged: it "
                            f"{detail.split(';')[0].rstrip('.')}); it was not loaded.") from None
        raise SaveError(text) from None
    if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: not a Clinch save (it has no \"format\": \"{SAVE_FORMAT}\" field).")
    version = raw.get("version")
    if version != SAVE_VERSION:
        raise SaveError(f"{path}: save format version {one_line(repr(version), 40)}, but this Clinch reads "
                        f"version {SAVE_VERSION}.")
    try:
        save = msgspec.convert(raw, SaveFile)
    except (msgspec.MsgspecError, ValueError, TypeError) as exc:
        raise SaveError(f"{path}: a field is wrong: {one_line(exc)}.") from None
    for which in (save.initial, save.snapshot):
        if which.schema != SCHEMA_VERSION:
            raise SaveError(f"{path}: its battle uses model schema {which.schema}, but this Clinch reads "
                            f"{SCHEMA_VERSION}.")
    _check_fields(path, save)
    return save


def _check_fields(path: Path, save: SaveFile) -> None:
    """What the replay does not compare but a reader relies on: one sentence naming the field if it is off."""
    if save.seed != save.initial.rng.seed:
        raise SaveError(f"{path}: corrupt or foreign: seed says {save.seed} but initial.rng.seed is "
                        f"{save.initial.rng.seed}.")
    if save.initial.log or save.snapshot.log:
        which = "initial.log" if save.initial.log else "snapshot.log"
        raise SaveError(f"{path}: corrupt or foreign: {which} must be empty (the log travels once, in \"log\").")
    sides = {side.id for side in save.initial.sides} | {f.side for f in save.initial.fighters}
    for side, who in save.seat.items():
        if side not in sides:
            raise SaveError(f"{path}: seat names the side {one_line(repr(side), 40)}, which its battle does not "
                            f"have.")
        if who not in ("human", "ai"):
            raise SaveError(f"{path}: seat.{side} is {one_line(repr(who), 40)}; a seat is \"human\" or \"ai\".")
    if not save.ruleset:
        raise SaveError(f"{path}: ruleset is empty; a save names the rules its battle is played by.")
    _check_names(path, save.title, [("initial", save.initial), ("snapshot", save.snapshot)])
    _check_stats(path, save)
    if not _HASH.match(save.state_hash):
        raise SaveError(f"{path}: state_hash is not a sha256 (64 hex digits); it was not loaded.")
    _check_battle_id(path, save.battle_id)


_HASH = re.compile(r"^[0-9a-f]{64}\Z")
#: a battle's id: 16 lower-case hex digits (it names the battle's autosave file), or empty in older saves
_BATTLE_ID = re.compile(r"^(?:[0-9a-f]{16})?\Z")


def _check_battle_id(path: Path, battle_id: str) -> None:
    """A battle id names a file (``autosave-ID.json``): anything but 16 hex digits is refused in one sentence."""
    if not _BATTLE_ID.match(battle_id):
        raise SaveError(f"{path}: battle_id is {one_line(repr(battle_id), 40)}; a battle id is 16 hex digits "
                        f"(or empty); it was not loaded.")


def read_save(path: Path | str) -> SaveFile:
    """Read and validate a save's structure (no replay): :class:`SaveError` on anything wrong.

    Read through :mod:`game.files.userfiles`: a folder, a pipe, a device, a file
    over :data:`~game.files.userfiles.MAX_BYTES`, text that is not UTF-8, nesting
    deeper than any save has, each refused in one sentence.
    """
    path = Path(path)
    try:
        data = read_bytes(path)
    except UserFileError as exc:
        raise SaveError(str(exc)) from None
    return _decode(path, data)


class _InitialHeader(msgspec.Struct, kw_only=True):
    """What a list of saves needs of ``initial``: the board (for the thumbnail), the title and the sides."""

    ruleset: str = ""
    board: Board = msgspec.field(default_factory=Board)
    title: str = ""  # the scenario's (Battle.title); absent in saves from before titles
    sides: list[Side] = []


class _SnapshotHeader(msgspec.Struct, kw_only=True):
    """What a list of saves needs of ``snapshot``: the round, the outcome, where the fighters stand."""

    round: int = 1
    turn: int = 0
    ended: bool = False
    winner: str | None = None
    sides: list[Side] = []
    fighters: list[Fighter] = []


class SaveHeader(msgspec.Struct, kw_only=True):
    """The fields of a save a load screen shows, decoded without its log (msgspec skips it unread)."""

    format: str = ""
    version: int = 0
    ruleset: str = ""
    scenario: str | None = None
    title: str = ""
    saved_at: str = ""
    seat: dict[str, str] = {}
    battle_id: str = ""
    initial: _InitialHeader = msgspec.field(default_factory=_InitialHeader)
    snapshot: _SnapshotHeader = msgspec.field(default_factory=_SnapshotHeader)


def read_header(path: Path | str) -> SaveHeader:
    """A save's header for a list of saves: cheap (no log decoded, no replay), :class:`SaveError` when off.

    Listing many saves must not replay each one; the full check
    (:func:`check_save`) runs when the player loads. A file that passes here
    may still be refused then.
    """
    path = Path(path)
    try:
        data = read_bytes(path)
    except UserFileError as exc:
        raise SaveError(str(exc)) from None
    try:
        head = msgspec.json.decode(data, type=SaveHeader)
    except msgspec.ValidationError as exc:  # before DecodeError, its base class
        raise SaveError(f"{path}: a field is wrong: {one_line(exc, 160)}.") from None
    except msgspec.DecodeError as exc:
        raise SaveError(f"{path}: not a complete JSON file (truncated or damaged: {one_line(exc, 120)}); "
                        f"it was not loaded.") from None
    except RecursionError:
        raise SaveError(f"{path}: nests deeper than any save does; it was not loaded.") from None
    if head.format != SAVE_FORMAT:
        raise SaveError(f"{path}: not a Clinch save (it has no \"format\": \"{SAVE_FORMAT}\" field).")
    if head.version != SAVE_VERSION:
        raise SaveError(f"{path}: save format version {head.version}, but this Clinch reads version "
                        f"{SAVE_VERSION}.")
    _check_battle_id(path, head.battle_id)
    _check_names(path, head.title, [("initial", head.initial), ("snapshot", head.snapshot)])
    return head


# -- autosave ------------------------------------------------------------------------------------------

#: the files the autosave folder's bookkeeping looks at: ``autosave-ID.json`` (ID: the battle's id) and the
#: ``autosave-NNNNNN.json`` of earlier versions; what they hold, not their names, orders them
_AUTO = re.compile(r"^autosave-[^\\/]{1,200}\.json\Z")
#: a save stamped later than now by more than this was not written then (a wrong clock, a planted file)
CLOCK_SLACK_S = 60.0


def new_battle_id() -> str:
    """A new battle's id: 16 hex digits from the operating system (it names the battle's autosave file)."""
    return secrets.token_hex(8)


def same_folder(a: Path | str, b: Path | str) -> bool:
    try:
        return os.path.realpath(a) == os.path.realpath(b)
    except (OSError, ValueError):
        return False


def saved_time(saved_at: str, now: float | None = None) -> float:
    """When a save says it was written (seconds since 1970, UTC); 0.0 (the oldest) when it does not say or
    says a time still to come, which no file written on this machine can."""
    try:
        stamp = datetime.datetime.fromisoformat(saved_at)
        if stamp.tzinfo is None:
            stamp = stamp.replace(tzinfo=datetime.UTC)
        when = stamp.timestamp()
    except (TypeError, ValueError, OverflowError, OSError):
        return 0.0
    now = time.time() if now is None else now
    return when if when <= now + CLOCK_SLACK_S else 0.0


class AutosaveFile(NamedTuple):
    """An autosave as the folder's bookkeeping sees it: read from its header, never from its name or mtime."""

    path: Path
    #: the battle it belongs to: its ``battle_id``, or ``file:NAME`` for an autosave written before battles had ids
    battle: str
    #: when it was saved, by its own ``saved_at`` (:func:`saved_time`)
    saved: float
    #: turns played by then: orders two autosaves stamped alike
    turn: int
    #: the round it was in
    round: int = 1

    @property
    def order(self) -> tuple[float, int, str]:
        return (self.saved, self.turn, self.path.name)

    @property
    def begun(self) -> bool:
        """Whether anyone has finished a turn in it: a battle opened and left at once is not one to keep
        before a battle played."""
        return self.turn > 0 or self.round > 1


def autosave_files(folder: Path | str, *, now: float | None = None) -> list[AutosaveFile]:
    """The autosaves in ``folder``, oldest first, by the time and battle they hold.

    A counter in the name wrapped (``autosave-999999.json`` was followed by
    ``autosave-000000.json``, deleted at once as the "oldest") and an mtime
    can be set to anything, so neither orders anything here. A file that does
    not read as a save is no autosave: it is left where it is, never counted
    and never deleted. Each file is read by its header only
    (:func:`read_header`); a folder missing or unreadable holds none.
    """
    try:
        entries = [e for e in os.scandir(folder) if _AUTO.match(e.name)]
    except OSError:
        return []
    out: list[AutosaveFile] = []
    for entry in entries:
        try:
            if not entry.is_file():
                continue
            head = read_header(entry.path)
        except (MemoryError, KeyboardInterrupt):
            raise
        except Exception:  # noqa: BLE001, S112 - not a save (or vanished): not an autosave either
            continue
        out.append(AutosaveFile(Path(entry.path), head.battle_id or f"file:{entry.name}",
                                saved_time(head.saved_at, now), head.snapshot.turn, head.snapshot.round))
    out.sort(key=lambda a: a.order)
    return out


def list_autosaves(folder: Path | str) -> list[Path]:
    """Autosaves in a folder, oldest first by what they hold (:func:`autosave_files`)."""
    return [a.path for a in autosave_files(folder)]


def latest_autosave(folder: Path | str | None = None) -> Path | None:
    """The autosave Continue loads: the one saved last, of whichever battle."""
    files = list_autosaves(folder if folder is not None else autosave_dir())
    return files[-1] if files else None


def prune_autosaves(folder: Path | str, *, keep: int = 10, current: Path | None = None) -> list[Path]:
    """Remove the autosaves of all but the ``keep`` battles saved most recently; returns those removed.

    The latest autosave of each kept battle stays, and so does ``current``
    (the one just written) whatever the clock says; an autosave that cannot be
    removed stays too. Files that are not saves are never touched. Battles
    nobody has finished a turn in (opened to look, then left) go before any
    battle played, so looking at a few scenarios never pushes out a battle
    that can be resumed.
    """
    files = autosave_files(folder)
    latest: dict[str, AutosaveFile] = {}
    for a in files:  # oldest first: each battle ends on its newest
        latest[a.battle] = a
    mine = next((a.battle for a in files if a.path == current), None)  # the battle being played counts first
    ranked = sorted((a for a in latest.values() if a.battle != mine), key=lambda a: (a.begun, a.order),
                    reverse=True)
    kept = {a.battle for a in ranked[:max(0, keep - (mine is not None))]} | {mine}
    removed: list[Path] = []
    for a in files:
        if a.battle in kept or a.path == current:
            continue
        try:
            a.path.unlink()
        except OSError:
            continue
        removed.append(a.path)
    return removed


def autosave(ctl: TurnController, folder: Path | str, *, keep: int = 10) -> list[Path]:
    """Write this battle's autosave, ``autosave-ID.json``; returns ``[path]`` (the controller keeps it).

    Each battle has one autosave file, replaced at every step through
    :func:`write_atomic` (the new one is whole before the old one goes). The
    first autosave of a battle draws its id (:func:`new_battle_id`, kept in
    every save of it) and removes the autosaves of all but the ``keep``
    battles saved most recently (:func:`prune_autosaves`). A folder that
    cannot be written raises :class:`SaveError` with the sentence a player
    reads ("Saving is off: FOLDER cannot be written (reason)."); the
    autosaves already there are left as they were.
    """
    folder = Path(folder)
    if not _BATTLE_ID.match(ctl.battle_id) or not ctl.battle_id:
        ctl.battle_id = new_battle_id()
    path = folder / f"autosave-{ctl.battle_id}.json"
    first = not path.exists()
    try:
        write_atomic(path, encode_save(make_save(ctl)))
    except OSError as exc:
        why = (exc.strerror or str(exc) or type(exc).__name__).lower()
        raise SaveError(f"Saving is off: {folder} cannot be written ({why}).") from None
    if first:
        prune_autosaves(folder, keep=keep, current=path)
    return [path]
