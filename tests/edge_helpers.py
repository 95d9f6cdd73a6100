"""Small builders for the edge ruleset tests: a battle on an open field, scripted d10s, event lookups."""

from __future__ import annotations

from typing import Any

from game.dice import ScriptedDice
from game.hexgrid import Hex, hex_spiral
from game.model import Battle, Board, Cell, Fighter, Grapple
from game.rules import find_ruleset

RS = find_ruleset("edge")
HIT, MISS = 9, 1  # a d10 face that scores at modifier 0, and one that does not


def fighter(fid: str, side: str, hex_: tuple[int, int], **kw: Any) -> Fighter:
    hands = kw.pop("hands", None)
    f = Fighter(id=fid, side=side, hex=Hex(*hex_), **kw)
    if hands is not None:
        f.hands = dict(hands)
    return f


def battle(*fighters: Fighter, grapples: tuple[Grapple, ...] = (), options: dict[str, Any] | None = None) -> Battle:
    if not fighters:
        fighters = (fighter("ann", "red", (0, 0)), fighter("bob", "blue", (1, 0)))
    board = Board(cells=[Cell(hex=h) for h in hex_spiral(Hex(0, 0), 6)])
    b = Battle(ruleset="edge", board=board, fighters=list(fighters),
               grapples=[Grapple(holder=g.holder, target=g.target, kind=g.kind, hands=0, extra=dict(g.extra))
                         for g in grapples], options=dict(options or {}))
    RS.setup(b)
    return b


def grip(holder: str = "ann", target: str = "bob", kind: str = "grapple", **extra: Any) -> Grapple:
    return Grapple(holder=holder, target=target, kind=kind, hands=0, extra=extra)


def act(b: Battle, type_: str, faces: list[int] | tuple[int, ...] = (), **fields: Any) -> list[dict[str, Any]]:
    """Check (must be legal) and resolve an intent with these d10 faces; every face must be used."""
    action = RS.action_from_dict({"type": type_, **fields})
    reason = action.check(b)
    assert reason is None, str(reason)
    dice = ScriptedDice(list(faces))
    events = action.resolve(b, dice)
    assert dice.left == [], f"unused faces {dice.left}"
    return events


def refused(b: Battle, type_: str, **fields: Any):
    action = RS.action_from_dict({"type": type_, **fields})
    reason = action.check(b)
    assert reason is not None, f"{action} should be refused"
    return reason


def of(events: list[dict[str, Any]], type_: str, **match: Any) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == type_ and all(e.get(k) == v for k, v in match.items())]


def contest(events: list[dict[str, Any]], kind: str = "grapple") -> dict[str, Any]:
    found = of(events, "contest", kind=kind)
    assert found, f"no {kind} contest in {[e['type'] for e in events]}"
    return found[0]


def mods(roll: dict[str, Any]) -> list[tuple[int, str]]:
    return [(m["value"], m["rule"]) for m in roll["modifiers"]]
