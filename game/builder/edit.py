"""Editing a builder set-up the way the window does: a new set-up on a map, a fighter added from the roster on
a free hex, moved, removed, fields typed as ``ST=12 DX=13``, the battle as it would start (for the picture and
for Play), and a lab set-up turned into a builder set-up. Every change returns a new :class:`Setup` (the old
one stays for the window to go back to). No pygame.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import msgspec

from game.builder.roster import Archetype, fighter_from
from game.builder.setup import BuiltFighter, BuiltSide, Setup, check_setup, setup_text
from game.files.scenarios import ScenarioError, scenario_from_data
from game.hexgrid import FractionalHex, Hex, hex_distance, hex_round
from game.tiled.reader import load_map
from game.tiled.terrain_words import KINDS, kind_of
from game.wording import DEFAULT_PRONOUN

__all__ = ["PALETTE", "SIDE_COLOURS", "add_fighter", "add_side", "board_of", "edit_side", "fields_text",
           "move_fighter", "new_setup", "parse_fields", "parse_values", "preview_battle", "remove_fighter",
           "setup_from_battle", "start_battle", "unknown_words"]

#: the colours new sides take, in order (the shipped scenarios' red, blue, green, gold...)
SIDE_COLOURS = ("#c0392b", "#2e6fd8", "#27ae60", "#d4a017", "#8e44ad", "#16a085")
#: the colours the window's palette offers a side: the sides' own and two more that stand apart from them
PALETTE = (*SIDE_COLOURS, "#e67e22", "#ecf0f1")
_SIDE_NAMES = ("Red", "Blue", "Green", "Gold", "Purple", "Teal")


def new_setup(map_path: str | Path, ruleset: str) -> Setup:
    """Two sides (the player against the computer) on a map, no fighters yet."""
    setup = Setup(map=Path(map_path).resolve().as_posix(), ruleset=ruleset, name="My battle", seed=1)
    return add_side(add_side(setup, "human"), "ai")


def add_side(setup: Setup, control: str = "ai") -> Setup:
    """One more side with the next free id, name and colour."""
    taken = {s.id for s in setup.sides}
    i = len(setup.sides)
    while (sid := _SIDE_NAMES[i % len(_SIDE_NAMES)].lower() + ("" if i < len(_SIDE_NAMES) else str(i))) in taken:
        i += 1
    side = BuiltSide(id=sid, name=_SIDE_NAMES[i % len(_SIDE_NAMES)], colour=SIDE_COLOURS[i % len(SIDE_COLOURS)],
                     control=control)
    return msgspec.structs.replace(setup, sides=[*setup.sides, side])


def board_of(setup: Setup) -> Any:
    """The set-up's map as a :class:`~game.model.Board`, its terrain words read as the set-up maps them
    (``MapError`` in one sentence if it cannot be read)."""
    return load_map(Path(setup.map), {w: k for w, k in setup.terrain_words.items() if k in KINDS})


def _free_hex(setup: Setup, board: Any, side: str) -> Hex | None:
    """A free open hex for a new fighter: the side's start zone first (a zone named as the side, else the
    side's place among the zones), then anywhere on the map."""
    taken = {Hex(*f.hex) for f in setup.fighters if f.hex is not None}
    zones = list(board.zones)
    index = [s.id for s in setup.sides].index(side) if side in [s.id for s in setup.sides] else 0
    zone = side if side in board.zones else (zones[index] if index < len(zones) else None)
    hexes = list(board.zones.get(zone, []))
    if hexes:  # nearest the zone's middle first, as the loader fills a zone: a team starts together
        mid = hex_round(FractionalHex(sum(h.q for h in hexes) / len(hexes), sum(h.r for h in hexes) / len(hexes)))
        hexes.sort(key=lambda h: hex_distance(h, mid))
    order = hexes + [c.hex for c in board.cells]
    return next((h for h in order if board.is_open(h) and h not in taken), None)


def add_fighter(setup: Setup, archetype: Archetype, side: str, board: Any) -> tuple[Setup, str]:
    """The archetype as a new fighter of ``side`` on a free hex, facing the middle of the map; its id."""
    n = len(setup.fighters) + 1
    ids = {f.id for f in setup.fighters}
    while f"fighter{n}" in ids:
        n += 1
    fid = f"fighter{n}"
    h = _free_hex(setup, board, side)
    base = re.sub(r"\s*\(.*\)$", "", archetype.name) or "Fighter"
    names = {f.name for f in setup.fighters}
    name, k = base, 2
    while name in names:
        name, k = f"{base} {k}", k + 1
    f = fighter_from(archetype, fid, side, name)
    f = msgspec.structs.replace(f, hex=[h.q, h.r] if h is not None else [0, 0])
    return msgspec.structs.replace(setup, fighters=[*setup.fighters, f]), fid


def move_fighter(setup: Setup, fid: str, h: Hex) -> Setup:
    """The fighter to a hex of its own (a zone or spot it had is replaced by the hex)."""
    return _with_fighter(setup, fid, hex=[h.q, h.r], zone=None, spot=None)


def remove_fighter(setup: Setup, fid: str) -> Setup:
    return msgspec.structs.replace(setup, fighters=[f for f in setup.fighters if f.id != fid])


def _with_fighter(setup: Setup, fid: str, **changes: Any) -> Setup:
    return msgspec.structs.replace(setup, fighters=[
        msgspec.structs.replace(f, **changes) if f.id == fid else f for f in setup.fighters])


def edit_fighter(setup: Setup, fid: str, **changes: Any) -> Setup:
    """The fighter with some fields changed (what the window's fields typed)."""
    return _with_fighter(setup, fid, **changes)


def edit_side(setup: Setup, sid: str, **changes: Any) -> Setup:
    """The side with some fields changed (its name, colour, control or level)."""
    return msgspec.structs.replace(setup, sides=[
        msgspec.structs.replace(s, **changes) if s.id == sid else s for s in setup.sides])


def unknown_words(board: Any) -> list[str]:
    """The map's own terrain words the game's list does not know (``clinch check-map`` names them): the ones
    the builder asks the player the kind of."""
    return sorted((w for w in board.terrain_words if kind_of(w) is None), key=str.lower)


def parse_values(text: str) -> dict[str, Any]:
    """``mounted_on=horse, flyer=true, MV=12`` as a table of traits: ``true``/``false`` a switch, a whole
    number a number, anything else text (the loader then checks each against the type its rules read)."""
    out: dict[str, Any] = {}
    for key, value in parse_fields(text, numbers=False).items():
        if value in ("true", "false"):
            out[key] = value == "true"
        elif re.fullmatch(r"-?[0-9]+", value):
            out[key] = int(value)
        else:
            out[key] = value
    return out


_PAIR = re.compile(r"\s*([^=,]+?)\s*=\s*([^,=]*?)\s*(?:,|$)")


def parse_fields(text: str, *, numbers: bool = True) -> dict[str, Any]:
    """``ST=12, DX=13`` as a table (whole numbers when ``numbers``; ``right=broadsword, left=`` as text);
    ``ValueError`` in one sentence naming the piece that is not ``name=value``."""
    out: dict[str, Any] = {}
    rest = text.strip()
    pos = 0
    while pos < len(rest):
        m = _PAIR.match(rest, pos)
        if m is None or m.end() == pos:
            raise ValueError(f"{rest[pos:pos + 30]!r} is not name=value")
        key, value = m.group(1), m.group(2)
        if numbers:
            try:
                out[key] = int(value)
            except ValueError:
                raise ValueError(f"{key} must be a whole number, got {value!r}") from None
        else:
            out[key] = value
        pos = m.end()
    return out


def fields_text(table: dict[str, Any]) -> str:
    """A table as the window's fields show it: ``ST=12, DX=13``."""
    return ", ".join(f"{k}={v}" for k, v in table.items())


def start_battle(setup: Setup, path: str | Path) -> Any:
    """The battle as the scenario loader would start it from the saved text (so Play is exactly what Save then
    Load would give); ``ScenarioError``/``MapError`` in one sentence naming the field."""
    battle = scenario_from_data(tomllib.loads(setup_text(setup)), path)
    problem = check_setup(setup, path)
    if problem is not None:
        raise ScenarioError(problem)
    return battle


def preview_battle(setup: Setup, path: str | Path) -> Any:
    """The battle as the loader reads the set-up, for the picture while it is being made (a side may still
    be empty here; :func:`start_battle` refuses that)."""
    return scenario_from_data(tomllib.loads(setup_text(setup)), path)


def setup_from_battle(battle: Any, map_path: str | Path, name: str = "From the lab") -> Setup:
    """A battle's set-up (the lab's) as a builder set-up on ``map_path``: its sides and fighters where they
    stand, with their stats, skills, hands, items, posture and facing."""
    colours = [s.colour for s in battle.sides]
    # a situation's sides carry no colours of their own (the lab's all come out alike): each its own, in order
    own = all(re.fullmatch(r"#[0-9a-fA-F]{6}", c or "") for c in colours) and len(set(colours)) == len(colours)
    sides = [BuiltSide(id=s.id, name=s.name if s.name and s.name != s.id else s.id.title(),
                       colour=s.colour if own else SIDE_COLOURS[i % len(SIDE_COLOURS)],
                       control=s.control if s.control == "ai" else "human", level=s.level or "")
             for i, s in enumerate(battle.sides)]
    if sides and not any(s.control == "ai" for s in sides):  # a lab set-up says no seats: you against the computer
        sides = [sides[0], *(msgspec.structs.replace(s, control="ai") for s in sides[1:])]
    known = {s.id for s in sides}
    for f in battle.fighters:
        if f.side not in known:
            known.add(f.side)
            sides.append(BuiltSide(id=f.side, name=f.side.title(), colour=SIDE_COLOURS[len(sides) % 6],
                                   control="ai" if sides else "human"))
    fighters = [BuiltFighter(
        id=f.id, side=f.side, name=f.name, hex=[f.hex.q, f.hex.r], facing=f.facing, posture=f.posture,
        stats=dict(f.stats), skills=dict(f.skills), size=f.size, arms=f.arms,
        hands={k: (v or "") for k, v in f.hands.items()}, items=list(f.items), hp=f.hp, fp=f.fp, dr=f.dr,
        weight=float(f.weight), traits={k: v for k, v in f.traits.items() if isinstance(v, bool | int | str)},
        pronoun=f.pronoun if f.pronoun != DEFAULT_PRONOUN else None,
    ) for f in battle.fighters]
    return Setup(map=Path(map_path).resolve().as_posix(), ruleset=battle.ruleset or None, name=name, seed=1,
                 sides=sides, fighters=fighters)
