"""Helpers for the d20 tests: fighters, an open field, scripted actions."""

from __future__ import annotations

from typing import Any

import game.rules  # noqa: F401
from game.dice import ScriptedDice
from game.hexgrid import Hex
from game.model import Battle, Board, Fighter, Side
from game.rules.base import find_ruleset

RS = find_ruleset("d20")
BASE = {"STR": 10, "DEX": 10, "CON": 10, "INT": 10, "WIS": 10, "CHA": 10, "level": 1, "class": 1}


def man(fid: str, side: str, q: int, r: int, facing: int = 0, *, stats: dict[str, int] | None = None,
        right: str | None = None, left: str | None = None, items: list[str] | None = None,
        traits: dict[str, Any] | None = None, conditions: list[str] | None = None, **kw: Any) -> Fighter:
    return Fighter(id=fid, side=side, hex=Hex(q, r), facing=facing, stats=dict(BASE, **(stats or {})),
                   hands={"right": right, "left": left}, items=list(items or []), traits=dict(traits or {}),
                   conditions=list(conditions or []), **kw)


def field(*fighters: Fighter, options: dict[str, Any] | None = None, board: Board | None = None) -> Battle:
    sides = []
    for f in fighters:
        if f.side not in [s.id for s in sides]:
            sides.append(Side(id=f.side, name=f.side))
    b = Battle(ruleset="d20", board=board or Board.open_field(24, 16), sides=sides, fighters=list(fighters),
               options=dict(options or {}))
    RS.setup(b)
    return b


def act(b: Battle, data: dict[str, Any], faces: list[int] | None = None, *, legal: bool = True) -> list[dict]:
    """Check and resolve one action with scripted faces; every face must be used."""
    action = RS.action_from_dict(data)
    reason = action.check(b)
    if not legal:
        assert reason is not None, f"{action} should be illegal"
        return [{"reason": reason}]
    assert reason is None, str(reason)
    dice = ScriptedDice(list(faces or []))
    events = action.resolve(b, dice)
    assert dice.left == [], f"faces left over: {dice.left}"
    b.turn += 1
    return events


def why(b: Battle, data: dict[str, Any]):
    reason = RS.action_from_dict(data).check(b)
    assert reason is not None, f"{data} should be illegal"
    return reason


def rolls(events: list[dict], label: str | None = None) -> list[dict]:
    return [e for e in events if e["type"] == "roll" and (label is None or label in e["label"])]


def rules_of(events: list[dict]) -> set[str]:
    out = set()
    for e in events:
        if e.get("rule"):
            out.add(e["rule"])
        for m in e.get("modifiers", []) + e.get("dc_modifiers", []):
            out.add(m.get("rule"))
    return out


def mod(event: dict, rule: str) -> int | None:
    for m in event.get("modifiers", []):
        if m["rule"] == rule:
            return m["value"]
    return None


def dcmod(event: dict, rule: str) -> int | None:
    for m in event.get("dc_modifiers", []):
        if m["rule"] == rule:
            return m["value"]
    return None
