"""Each ruleset's ready-made fighters (its ``roster.toml``, :meth:`game.rules.base.Ruleset.roster_path`):
named archetypes with stats, skills and what they hold, which the builder adds to a side and the player
may then edit. A ruleset with no roster file offers none. No pygame.
"""

from __future__ import annotations

from typing import Any

import msgspec

import game.rules  # noqa: F401  (registers the rulesets that exist)
from game.builder.setup import BuiltFighter
from game.files.userfiles import UserFileError, load_toml
from game.rules.base import RULESETS

__all__ = ["Archetype", "roster", "fighter_from"]


class Archetype(msgspec.Struct, forbid_unknown_fields=True):
    """One ready-made fighter: what a :class:`BuiltFighter` takes besides its id, side and place."""

    name: str
    stats: dict[str, Any] = {}
    skills: dict[str, Any] = {}
    hands: dict[str, Any] = {}
    items: list[str] = []
    posture: str = "standing"
    size: int = 0
    arms: int = 2
    hp: int | None = None
    fp: int | None = None
    dr: int = 0
    weight: float = 150.0
    traits: dict[str, Any] = {}


class _Roster(msgspec.Struct, forbid_unknown_fields=True):
    archetypes: list[Archetype] = []


def roster(ruleset: str) -> list[Archetype]:
    """The ruleset's archetypes, in the file's order; none for a ruleset without a roster (or an unknown id).
    A broken roster file is the ruleset's bug: its one sentence is raised as :class:`UserFileError`."""
    cls = RULESETS.get(ruleset)
    path = cls.roster_path() if cls is not None else None
    if path is None:
        return []
    try:
        return msgspec.convert(load_toml(path), _Roster).archetypes
    except msgspec.ValidationError as exc:
        raise UserFileError(f"{path}: {exc}") from None


def fighter_from(archetype: Archetype, fid: str, side: str, name: str = "") -> BuiltFighter:
    """A builder fighter made from an archetype (its own copies of every table, so editing one leaves the
    roster as it was)."""
    fields = {f: getattr(archetype, f) for f in archetype.__struct_fields__ if f != "name"}
    fields = {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
              for k, v in fields.items()}
    return BuiltFighter(id=fid, side=side, name=name, **fields)
