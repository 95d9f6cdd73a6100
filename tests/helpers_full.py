"""Builders for the 3d6-full rule tests (S2): fighters, battles, scripted plays, turn hooks, roll lookups."""

from __future__ import annotations

from typing import Any

from game.dice import ScriptedDice
from game.hexgrid import Hex
from game.model import Battle, Fighter, Grapple
from game.rules.base import rules_of as ruleset_for

BASE = {"ST": 12, "DX": 11, "IQ": 10, "HT": 11}


def fighter(fid: str, side: str = "red", at: tuple[int, int] = (0, 0), *, facing: int = 0, **kw: Any) -> Fighter:
    stats = {**BASE, **kw.pop("stats", {})}
    return Fighter(id=fid, side=side, hex=Hex(*at), facing=facing, stats=stats, **kw)


def battle(*fighters: Fighter, grapples: tuple[Grapple, ...] = (), ruleset: str = "3d6-full", turn: int = 5,
           round: int = 5) -> Battle:
    return Battle(ruleset=ruleset, fighters=list(fighters), grapples=list(grapples), turn=turn, round=round)


def duo(ann: dict | None = None, bob: dict | None = None, *, same_hex: bool = True, **kw: Any) -> Battle:
    """ann (red, facing east) and bob (blue, facing ann) in one hex or adjacent."""
    a = fighter("ann", "red", (0, 0), **(ann or {}))
    b = fighter("bob", "blue", (0, 0) if same_hex else (1, 0), facing=3, **(bob or {}))
    return battle(a, b, **kw)


def grip(holder: str = "ann", target: str = "bob", location: str = "torso", hands: int = 2, kind: str = "grapple",
         **kw: Any) -> Grapple:
    names = kw.pop("hand_names", ["right", "left"][:hands] + [f"arm{i}" for i in range(3, hands + 1)])
    return Grapple(holder=holder, target=target, location=location, hands=hands, kind=kind, hand_names=names, **kw)


def play(b: Battle, action: Any, faces: list[int], *, all_used: bool = True) -> list[dict]:
    """Check (must be legal), resolve with these faces, and check that every face was used."""
    why = action.check(b)
    assert why is None, str(why)
    dice = ScriptedDice(list(faces))
    events = action.resolve(b, dice)
    if all_used:
        assert dice.left == [], f"unused faces {dice.left}"
    return events


def start_turn(b: Battle, fid: str, faces: list[int] = (), *, next_turn: bool = True) -> list[dict]:
    """Advance the turn counter (as the controller does between turns) and run the ruleset's start_turn."""
    if next_turn:
        b.turn += 1
    dice = ScriptedDice(list(faces))
    events = ruleset_for(b).start_turn(b, fid, dice)
    assert dice.left == [], f"unused faces {dice.left}"
    return events


def reason(b: Battle, action: Any) -> str:
    why = action.check(b)
    assert why is not None, f"{action} should be illegal"
    return f"{why.text} [{why.rule}]"


def rolls(events: list[dict]) -> list[dict]:
    out = []
    for e in events:
        if e["type"] == "roll":
            out.append(e)
        elif e["type"] == "contest":
            out.extend(e["rolls"])
    return out


def contest(events: list[dict]) -> dict:
    return next(e for e in events if e["type"] == "contest")


def damage(events: list[dict]) -> dict:
    return next(e for e in events if e["type"] == "damage")


def mods(roll: dict) -> dict[str, int]:
    """rule -> summed modifier value of one roll."""
    out: dict[str, int] = {}
    for m in roll["modifiers"]:
        out[m["rule"]] = out.get(m["rule"], 0) + m["value"]
    return out


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def rs(b: Battle):
    return ruleset_for(b)
