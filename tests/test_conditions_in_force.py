"""A condition a situation gives has its full effect before the first action, as if the battle had set it.

SITUATION-FORMAT.md: "a condition given here has its full effect, as if the
battle had set it". A grip whose holder the file gives as out (unconscious,
dead) ends before the first action, with the event play gives it, and the
fighter who is out is left as play leaves one (prone, empty-handed where the
ruleset says so). One mechanism (``Ruleset.conditions_in_force``, run by
``game.files.situation.build_situation``), tested for every ruleset.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import game.rules  # noqa: F401  (registers the real rulesets)
from game.files.situation import build_situation, parse_situation, play

STATS = {
    "3d6-lite": {"ST": 12, "DX": 11, "IQ": 10, "HT": 11},
    "3d6-full": {"ST": 12, "DX": 11, "IQ": 10, "HT": 11},
    "edge": {"STR": 4, "REF": 4, "PRE": 3, "WIL": 3},
    "d20": {"STR": 13, "DEX": 12, "CON": 12, "INT": 10, "WIS": 10, "CHA": 10, "level": 1, "class": 1},
    "nd6-tactical": {"ST": 12, "DX": 12, "IQ": 10},
}


def resolve(ruleset: str, ann: dict[str, Any], bob: dict[str, Any], grip: dict[str, Any],
            actions: list[dict[str, Any]], dice: list[int] = ()) -> tuple[list[dict[str, Any]], int, Any]:
    """Play a two-fighter situation; (events, exit status, battle after)."""
    fighters = [{"id": "ann", "side": "red", "hex": [0, 0], "facing": 0, "stats": STATS[ruleset], **ann},
                {"id": "bob", "side": "blue", "hex": [0, 0], "facing": 3, "stats": STATS[ruleset], **bob}]
    data = {"ruleset": ruleset, "map": None, "fighters": fighters,
            "grapples": [{"holder": "ann", "target": "bob", "location": "torso", "hands": 2, **grip}],
            "actions": actions, "dice": list(dice)}
    sit = build_situation(parse_situation(json.dumps(data).encode(), name="t.json"), name="t.json")
    out = play(sit, sit.make_dice())
    return out.events, out.exit_status, sit.battle


def first_end(events: list[dict[str, Any]]) -> dict[str, Any]:
    return next(e for e in events if e["type"] == "grapple_end")


@pytest.mark.parametrize("ruleset,rule", [("3d6-lite", "S0-BREAK-8"), ("3d6-full", "S2-BREAK-7")])
@pytest.mark.parametrize("out", ["unconscious", "dead"])
def test_S0_BREAK_8_S2_BREAK_7_a_holder_given_as_out_holds_nothing(ruleset, rule, out):
    """S0-BREAK-8 / S2-BREAK-7 with G0-7: the grip of a holder the file gives as out ends before the first
    action (its event first), so its victim walks away free of the -4 DX; the holder lies prone, hands empty."""
    events, status, battle = resolve(ruleset, {"conditions": [out], "hands": {"right": "knife", "left": None}},
                                     {}, {"hands": 1}, [{"actor": "bob", "type": "move", "to": [2, 0]}])
    assert status == 0, events
    assert events[0]["type"] == "grapple_end" and events[0]["rule"] == rule
    ann = battle.fighter("ann")
    assert battle.grapples == [] and ann.posture == "prone" and ann.hands == {"right": None, "left": None}
    assert any(e["type"] == "item" and e["item"] == "knife" and e["action"] == "dropped" for e in events)
    assert battle.fighter("bob").hex.q == 2


def test_S0_BREAK_8_no_action_the_lab_battle_is_already_free():
    """S0-BREAK-8: the battle a situation builds (what the lab shows) has the grip gone before anything is played."""
    data = {"ruleset": "3d6-lite", "map": None, "fighters": [
        {"id": "ann", "side": "red", "hex": [0, 0], "stats": STATS["3d6-lite"], "conditions": ["unconscious"]},
        {"id": "bob", "side": "blue", "hex": [0, 0], "stats": STATS["3d6-lite"]}],
        "grapples": [{"holder": "ann", "target": "bob", "location": "torso", "hands": 2, "kind": "grapple"}]}
    sit = build_situation(parse_situation(json.dumps(data).encode(), name="t.json"), name="t.json")
    assert sit.battle.grapples == [] and sit.opening[0]["rule"] == "S0-BREAK-8"


def test_S0_BREAK_9_a_stunned_holder_keeps_the_grip():
    """S0-BREAK-9: stunned is not out: the grip stays (a Break Free contest is rolled against it)."""
    events, status, battle = resolve("3d6-lite", {"conditions": ["stunned"]}, {}, {},
                                     [{"actor": "bob", "type": "break_free"}], [6, 6, 6, 3, 3, 3])
    contest = events[0]
    assert status == 0 and contest["type"] == "contest" and len(battle.grapples) == 1
    assert "S0-BREAK-9" in {m["rule"] for m in contest["rolls"][1]["modifiers"]}
    assert not any(e["type"] == "grapple_end" and e.get("rule") == "S0-BREAK-8" for e in events)


def test_S4_WRESTLE_3_d20_a_holder_given_as_down_ends_its_hold():
    """Ruling D20-30 (S4-WRESTLE-3, G4-2): a holder the file gives as unconscious keeps up no hold: the hold
    ends before the first action and the defender walks off."""
    events, status, battle = resolve("d20", {"conditions": ["unconscious"]}, {}, {"kind": "hold"},
                                     [{"actor": "bob", "type": "move", "to": [2, 0]}])
    assert status == 0, events
    end = first_end(events)
    assert end["rule"] == "S4-WRESTLE-3" and events.index(end) < 2 and battle.grapples == []
    assert battle.fighter("ann").posture == "prone"


def test_S4_WRESTLE_3_d20_a_hold_on_a_defender_given_as_down_lasts():
    """S4-WRESTLE-3 (ruling D20-30): the hold lasts until the holder lets go, even on a knocked-out defender."""
    events, status, battle = resolve("d20", {}, {"conditions": ["unconscious"]}, {"kind": "hold"},
                                     [{"actor": "ann", "type": "do_nothing"}])
    assert status == 0 and len(battle.grapples) == 1 and not any(e["type"] == "grapple_end" for e in events)


def test_G1_9_edge_a_grapple_with_a_dead_grappler_ends_first():
    """G1-9 (ruling E-14): a grapple with a fighter the file gives as dead ends before the first action."""
    events, status, battle = resolve("edge", {"conditions": ["dead"]}, {"hex": [1, 0]},
                                     {"hands": 0, "kind": "grapple"},
                                     [{"actor": "bob", "type": "move", "to": [3, 0]}])
    assert status == 0, events
    assert events[0]["type"] == "grapple_end" and events[0]["rule"] == "G1-9" and battle.grapples == []


def test_G3_17_nd6_a_subduer_given_as_out_lets_go_before_the_first_action():
    """G3-17, G3-9, G3-7: a subduer the file gives as unconscious lies down, leaves the brawl and its subdue ends,
    all before the first action; its victim is no longer subdued and may walk off."""
    events, status, battle = resolve("nd6-tactical", {"conditions": ["unconscious", "in_hth"]},
                                     {"conditions": ["in_hth", "subdued"]}, {"kind": "subdue"},
                                     [{"actor": "bob", "type": "move", "to": [3, 0]}])
    assert status == 0, events
    first_move = next(i for i, e in enumerate(events) if e["type"] == "move")
    assert events.index(first_end(events)) < first_move and first_end(events)["rule"] == "G3-17"
    assert battle.grapples == [] and "subdued" not in battle.fighter("bob").conditions
    assert battle.fighter("ann").posture == "prone"
