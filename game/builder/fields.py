"""What the builder window's fields mean for a set-up, headless: a field's typed text as a change of the
set-up (:func:`typed_change`), and which field a scenario loader's sentence is about (:func:`field_named`),
so the window can refuse a value at the very field it was typed in. No pygame.
"""

from __future__ import annotations

import re
from pathlib import Path

import msgspec

from game.builder.edit import edit_fighter, edit_side, parse_fields, parse_values
from game.builder.setup import Setup, with_win

__all__ = ["field_named", "pounds", "typed_change", "whole_number"]


def whole_number(text: str, *, blank: int | None) -> int | None:
    """A field's whole number; ``blank`` when nothing is typed (HP and FP: the rules' own from the stats);
    ``ValueError`` in one sentence otherwise."""
    text = text.strip()
    if not text:
        return blank
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"must be a whole number, got {text[:20]!r}") from None


def typed_change(setup: Setup, key: str, text: str, fighter_id: str | None, side_id: str,
                 rounds: int = 40) -> Setup:
    """The set-up with the field ``key`` (a window field's name: ``title``, ``side_name``, ``rounds``,
    ``stats``, ``hp``...) set from its text, for the picked fighter and the side shown; ``ValueError`` in one
    sentence when the text is not the field's shape (the loader judges the values: :func:`field_named`)."""
    if key == "title":
        return msgspec.structs.replace(setup, name=text.strip())
    if key == "side_name":
        return edit_side(setup, side_id, name=text.strip())
    if key == "rounds":
        return with_win(setup, "round_limit", rounds) if "turn_limit" in setup.options else setup
    if fighter_id is None:
        return setup
    if key == "name":
        return edit_fighter(setup, fighter_id, name=text.strip())
    if key in ("stats", "skills"):
        return edit_fighter(setup, fighter_id, **{key: parse_fields(text)})
    if key == "hands":
        return edit_fighter(setup, fighter_id, hands=parse_fields(text, numbers=False))
    if key == "items":
        return edit_fighter(setup, fighter_id, items=[x.strip() for x in text.split(",") if x.strip()])
    if key == "traits":
        return edit_fighter(setup, fighter_id, traits=parse_values(text))
    if key in ("hp", "fp", "dr", "size", "arms"):
        blank = {"dr": 0, "size": 0, "arms": 2}.get(key)  # what the scenario means when the field is left out
        return edit_fighter(setup, fighter_id, **{key: whole_number(text, blank=blank)})
    if key == "weight":
        return edit_fighter(setup, fighter_id, weight=pounds(text))
    return setup


def pounds(text: str) -> float:
    """A fighter's weight as typed (``150``, ``90.5``; nothing typed: the scenario's 150); ``ValueError`` in one
    sentence otherwise (the loader bounds it)."""
    text = text.strip()
    try:
        value = float(text) if text else 150.0
    except ValueError:
        raise ValueError(f"must be a number of pounds, got {text[:20]!r}") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"must be a number of pounds, got {text[:20]!r}")
    return value


def field_named(problem: str, path: str | Path, setup: Setup, fighter_id: str | None, side_id: str) -> str | None:
    """The window's field a loader sentence about the file at ``path`` names (``fighters[0].stats.ST`` of
    the picked fighter is "stats", ``sides[1].colour`` of the side shown is "colour", ``name`` is "title"),
    or None when the field is not on the panel as it stands."""
    where = problem.replace(str(path), "", 1).lstrip(": ")
    m = re.match(r"(fighters|sides)\[(\d+)\]\.([A-Za-z_]+)", where)
    if m is not None:
        kind, i, field = m[1], int(m[2]), m[3]
        if kind == "fighters":
            return field if i < len(setup.fighters) and setup.fighters[i].id == fighter_id else None
        on = i < len(setup.sides) and setup.sides[i].id == side_id
        return {"name": "side_name"}.get(field, field) if on else None
    m = re.match(r"(terrain_words\.[^:]+|name):", where)
    return None if m is None else {"name": "title"}.get(m[1], m[1])
