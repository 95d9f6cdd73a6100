"""Helpers for the nd6-tactical tests: a battle built as ``clinch resolve`` builds it, one action played on
scripted faces.

``battle_of`` takes fighters in SITUATION-FORMAT's shape (``{"id", "side", "hex", "stats", "worn", "belt",
...}``) and board ``effects`` (``{"kind", "hex", "turns_left"}``) so a test reads like a situation file; all of
it goes through the same parser and builder as ``clinch resolve``.
"""

from __future__ import annotations

import json
from typing import Any

import game.rules  # noqa: F401  (registers the rulesets)
from game.dice import ScriptedDice
from game.files.situation import build_situation, parse_situation
from game.model import Battle
from game.rules.base import Reason, find_ruleset

RULESET = "nd6-tactical"
RS = find_ruleset(RULESET)


def battle_of(fighters: list[dict[str, Any]], *, grapples: Any = (), effects: Any = (),
              dice: list[int] | None = None, map: str | None = None) -> Battle:
    """The battle a situation file with these fighters (and grips, board effects) gives, set up."""
    data: dict[str, Any] = {"ruleset": RULESET, "fighters": [dict(f) for f in fighters], "grapples": list(grapples)}
    if effects:
        data["effects"] = [dict(e) for e in effects]
    if dice is not None:
        data["dice"] = list(dice)
    if map is not None:
        data["map"] = map
    spec = parse_situation(json.dumps(data), name="test")
    sit = build_situation(spec, name="test")
    return sit.battle


def action(data: dict[str, Any]):
    """The action a situation's ``actions[]`` entry names."""
    return RS.action_from_dict(data)


def why(battle: Battle, data: dict[str, Any]) -> Reason:
    """The reason this action is illegal now (fails the test if it is legal)."""
    reason = action(data).check(battle)
    assert reason is not None, f"{data} should be illegal"
    return reason


def play(battle: Battle, data: dict[str, Any], faces: list[int] | None = None, *,
         all_used: bool = True) -> list[dict[str, Any]]:
    """Check then resolve one action on these faces; its events. Fails the test if the action is illegal
    or (``all_used``) if a face is left over."""
    act = action(data)
    reason = act.check(battle)
    assert reason is None, f"{data} illegal: {reason}"
    dice = ScriptedDice(list(faces or []))
    events = act.resolve(battle, dice)
    if all_used:
        assert dice.position == len(dice.faces), f"faces left over: {dice.faces[dice.position:]}"
    return events


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The events of one ``type`` (``roll``, ``damage``, ``condition``...)."""
    return [e for e in events if e.get("type") == kind]


def legal_types(battle: Battle, fighter_id: str) -> set[str]:
    """The action types legal for this fighter now."""
    return {o.action.type for o in RS.legal_actions(battle, fighter_id) if o.legal}


def thrown_in_compound(thrower: str, hand: str, item: str, at: tuple[int, int], foe: str, foe_at: tuple[int, int],
                       to: tuple[int, int], faces: list[int]) -> tuple[Battle, Battle, Any, list[dict[str, Any]]]:
    """The compound (``maps/compound_nd6.toml``) with ``thrower`` at ``at`` holding ``item`` in ``hand`` and
    ``foe`` at ``foe_at``, the throw at ``to`` played on ``faces``: (battle after, battle before, the action,
    its events), for the tests that draw a throw."""
    from pathlib import Path

    from game.commands._uiargs import load_battle_or_fail
    from game.hexgrid import Hex
    from game.rules.nd6 import grenades

    b = load_battle_or_fail(Path(__file__).resolve().parent.parent / "maps" / "compound_nd6.toml")
    f = b.get(thrower)
    f.hex, f.hands[hand] = Hex(*at), item
    b.get(foe).hex = Hex(*foe_at)
    before = b.clone(with_log=False)
    a = grenades.ThrowGrenade(actor=thrower, item=item, to=to)
    return b, before, a, a.resolve(b, ScriptedDice(faces))
