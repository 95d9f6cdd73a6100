"""The builder's set-up in the making, kept so that no player's work is lost (issue 28): in memory while the
game runs, and as a draft file in the user data folder (``builder/draft.json``), written atomically each time
the set-up changes and when Play is pressed, read back when the builder next opens (after Play, Back, a quit
or a crash). Players said "a lab loses its work": a battle played without Save was gone from the builder.

A draft is the player's own file but can be damaged (a crash mid-write on a file system that lies, an edit by
hand): it is read through :mod:`game.files.userfiles` and every name in it is checked as a scenario's are;
one that cannot be read is refused in one sentence and renamed aside, never half-read. No pygame.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import msgspec

from game.builder.setup import Setup
from game.files.names import name_problem
from game.files.saves import data_dir
from game.files.userfiles import UserFileError, load_json

__all__ = ["DRAFT_FORMAT", "MAX_DRAFT_BYTES", "Draft", "DraftKeeper", "draft_path", "made_key", "read_draft"]

DRAFT_FORMAT = "clinch-builder-draft"
#: a real draft is a few kilobytes (200 fighters are about 80 KB); anything far past that is not one
MAX_DRAFT_BYTES = 1 << 20
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class Draft(msgspec.Struct, forbid_unknown_fields=True):
    """What the builder needs to carry on where the player left off: the set-up and, for a battle reopened
    from its file, that file (Save writes it again)."""

    format: str
    version: int
    setup: Setup
    path: str | None = None


def draft_path() -> Path:
    """Where the draft lives (asked each time: the data folder may be set after start-up, as tests do)."""
    return data_dir() / "builder" / "draft.json"


def _problem(draft: Draft) -> str | None:
    """Why a decoded draft cannot be put in the builder (a clause naming the field), or None."""
    if draft.format != DRAFT_FORMAT or draft.version != 1:
        return f"format is {draft.format!r} version {draft.version}, not a {DRAFT_FORMAT} of version 1"
    s = draft.setup
    if not s.sides:
        return "setup.sides is empty (a set-up has at least one side)"
    named = [("setup.name", s.name, True), ("setup.map", s.map, False)]
    named += [(f"setup.sides[{i}].id", x.id, False) for i, x in enumerate(s.sides)]
    named += [(f"setup.sides[{i}].name", x.name, True) for i, x in enumerate(s.sides)]
    named += [(f"setup.fighters[{i}].id", f.id, False) for i, f in enumerate(s.fighters)]
    named += [(f"setup.fighters[{i}].name", f.name, True) for i, f in enumerate(s.fighters)]
    for field, text, may_be_empty in named:
        problem = name_problem(text, allow_empty=may_be_empty, max_length=4096 if field == "setup.map" else 200)
        if problem is not None:
            return f"{field} {problem}"
    if len({x.id for x in s.sides}) != len(s.sides):
        return "setup.sides has two sides of one id"
    for i, x in enumerate(s.sides):
        if x.colour and not _COLOUR.fullmatch(x.colour):  # the board and the palette draw it
            return f"setup.sides[{i}].colour must be '#rrggbb', got {x.colour[:20]!r}"
    if draft.path is not None and Path(draft.path).suffix.lower() != ".toml":
        return f"path must name a .toml scenario, got {draft.path[:80]!r}"
    return None


def read_draft(path: Path) -> Draft:
    """The draft at ``path``; :class:`UserFileError` in one sentence naming the file and the field."""
    data = load_json(path, limit=MAX_DRAFT_BYTES)
    try:
        draft = msgspec.convert(data, Draft)
    except msgspec.ValidationError as exc:
        raise UserFileError(f"{path}: {exc}.") from None
    problem = _problem(draft)
    if problem is not None:
        raise UserFileError(f"{path}: {problem}.")
    return draft


def _set_aside(path: Path) -> Path | None:
    """The unreadable draft renamed beside itself (``draft-unreadable.json``, ``draft-unreadable-2.json``...: a
    short name, whole in the window's message line at 1024x640), kept for whoever wants to look at it; None
    when even that fails (then it is left where it is, and overwritten later)."""
    target, k = path.with_name("draft-unreadable.json"), 2
    while target.exists():
        target, k = path.with_name(f"draft-unreadable-{k}.json"), k + 1
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def made_key(battle: Any) -> tuple[Any, ...]:
    """What a battle's start is as the builder made it (rules, map, title, sides, who stands where): the end
    screen compares a battle's initial state with the one last played from the builder, so "Back to the
    builder" is offered for that battle, after Play again, and not for others. Fields a ruleset derives at the
    start (HP from the stats) are left out: they are not the builder's."""
    return (battle.ruleset, getattr(battle.board, "path", None), getattr(battle, "title", None),
            tuple((s.id, s.name, s.colour, s.control) for s in battle.sides),
            tuple((f.id, f.side, f.name, f.hex.q, f.hex.r, f.facing, f.posture) for f in battle.fighters))


class DraftKeeper:
    """The builder's set-up for one run of the game: the memory first (a draft the disk refused to take is
    still there), the draft file when the game has just started."""

    def __init__(self) -> None:
        self._draft: Draft | None = None
        self._read = False
        self._written: Draft | None = None
        self._played: tuple[Any, ...] | None = None

    def restore(self) -> tuple[Draft | None, str | None]:
        """The set-up to carry on with (None: start afresh) and, for a draft file that could not be read,
        the one sentence saying so (the file is renamed aside)."""
        if self._draft is not None or self._read:
            return self._draft, None
        self._read = True
        path = draft_path()
        if not path.exists():
            return None, None
        try:
            self._draft = self._written = read_draft(path)
        except UserFileError as exc:
            aside = _set_aside(path)
            where = f"set aside as {aside.name}" if aside is not None else "it could not be set aside"
            return None, f"{str(exc).rstrip('.')}; {where}: a new set-up."
        return self._draft, None

    def keep(self, setup: Setup, path: Path | None) -> str | None:
        """The set-up kept in memory and, when it changed, written atomically to the draft file; the reason in
        one sentence when the disk refused (the memory still holds it)."""
        self._read = True  # what is kept now is newer than any file from before
        draft = Draft(format=DRAFT_FORMAT, version=1, setup=setup, path=None if path is None else str(path))
        self._draft = draft
        if draft == self._written:
            return None
        target = draft_path()
        tmp = target.with_name(target.name + ".tmp")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_bytes(msgspec.json.encode(draft))
            os.replace(tmp, target)
        except OSError as exc:
            return f"Your set-up could not be kept in {target.parent} ({exc.strerror or exc}); it is kept " \
                   "while the game runs."
        self._written = draft
        return None

    def forget(self) -> None:
        """Start afresh: no set-up in memory (the next :meth:`keep` writes the new one over the file)."""
        self._draft = None
        self._read = True

    def played(self, battle: Any) -> None:
        """The battle Play just started from the kept set-up (see :func:`made_key`)."""
        self._played = made_key(battle)

    def made(self, battle: Any) -> bool:
        """True when ``battle`` starts as the one last played from the builder."""
        return self._played is not None and made_key(battle) == self._played
