"""3d6 rules that follow a plain sentence of the seed where a ruling once set it aside.

Each test cites the checklist ID of the sentence it holds the engine to, with
scripted dice: S0-FREE-3 ("just move or step normally, dragging or carrying your
enemy", ruling L-11), S0-HOLD-1 with S0-TAKEDOWN-2 (the held victim's -4 DX in the
takedown contest, ruling L-17), S2-STRANGLE-9 (blunt trauma starts suffocation,
ruling F-5).
"""

from __future__ import annotations

import json
from typing import Any

import game.rules  # noqa: F401  (registers the real rulesets)
from game.files.situation import build_situation, parse_situation, play
from game.flow.turns import TurnController
from game.hexgrid import Hex
from game.model import Fighter
from game.rules.threed6 import grappling as G

BASE = {"ST": 12, "DX": 11, "IQ": 10, "HT": 11}


def situation(ruleset: str, ann: dict[str, Any], bob: dict[str, Any], grips: list[dict[str, Any]],
              actions: list[dict[str, Any]], dice: list[int]):
    fighters = [{"id": "ann", "side": "red", "hex": [0, 0], "facing": 0, "stats": BASE, **ann},
                {"id": "bob", "side": "blue", "hex": [0, 0], "facing": 3, "stats": BASE, **bob}]
    data = {"ruleset": ruleset, "map": None, "fighters": fighters, "grapples": grips, "actions": actions,
            "dice": dice}
    return build_situation(parse_situation(json.dumps(data).encode(), name="t.json"), name="t.json")


def resolve(*args: Any) -> tuple[list[dict[str, Any]], int, Any]:
    sit = situation(*args)
    out = play(sit, sit.make_dice())
    return out.events, out.exit_status, sit.battle


PIN = [{"holder": "ann", "target": "bob", "location": "torso", "hands": 2, "kind": "pin"}]
LYING = {"posture": "prone"}


def test_S0_FREE_3_a_step_drags_the_pinned_foe_and_the_attack_follows():
    """S0-FREE-3 (ruling L-11): "move or step normally, dragging": ann steps one hex with bob pinned, then
    kicks him in the same turn; the step is free, the kick is the turn's Attack."""
    events, status, b = resolve("3d6-lite", {}, LYING, PIN,
                                [{"actor": "ann", "type": "drag", "to": [1, 0], "maneuver": "step"},
                                 {"actor": "ann", "type": "attack", "target": "bob", "item": "kick"}],
                                [3, 3, 3, 3])
    assert status == 0, events
    move = next(e for e in events if e["type"] == "move")
    assert move["rule"] == "S0-FREE-3" and move["carried"] == ["bob"] and move["to"] == [1, 0]
    assert b.fighter("ann").hex == b.fighter("bob").hex and b.fighter("bob").hex.q == 1
    assert any(e["type"] == "damage" and e["target"] == "bob" for e in events)
    assert b.turn == 1  # one turn: the step and its Attack


def test_S0_FREE_3_the_step_is_one_hex_and_spends_the_turns_step():
    """S0-FREE-3, G0-4 (ruling L-11): a step is one hex; after it no Move, no second step drag."""
    events, status, _ = resolve("3d6-lite", {}, LYING, PIN,
                                [{"actor": "ann", "type": "drag", "to": [2, 0], "maneuver": "step"}], [])
    assert status == 3 and events[-1]["rule"] == "S0-FREE-3" and "one step" in events[-1]["reason"]
    for after in ({"type": "drag", "to": [2, 0]}, {"type": "drag", "to": [2, 0], "maneuver": "step"},
                  {"type": "move", "to": [3, 0]}):
        events, status, _ = resolve("3d6-lite", {}, LYING, PIN,
                                    [{"actor": "ann", "type": "drag", "to": [1, 0], "maneuver": "step"},
                                     {"actor": "ann", **after}], [])
        assert status == 3 and events[-1]["rule"] == "S0-FREE-3", after


def test_S2_FREE_4_3d6_full_steps_dragging_too():
    """S2-FREE-4: "you can move or step normally, dragging or carrying him" in 3d6-full as well."""
    events, status, b = resolve("3d6-full", {}, LYING, PIN,
                                [{"actor": "ann", "type": "drag", "to": [0, 1], "maneuver": "step"}], [])
    assert status == 0 and next(e for e in events if e["type"] == "move")["rule"] == "S2-FREE-4"
    assert b.fighter("bob").hex == b.fighter("ann").hex


def test_S0_FREE_3_the_menu_offers_the_step_and_the_controller_keeps_the_turn():
    """S0-FREE-3 (ruling L-11): the menu lists a step drag to each open neighbour; played through the turn
    controller it is free (the turn goes on) and a Move drag is not."""
    sit = situation("3d6-lite", {"stats": {**BASE, "DX": 12}}, LYING, PIN, [], [])  # ann acts first (G0-4)
    steps = [o for o in sit.ruleset.legal_actions(sit.battle, "ann")
             if o.action.type == "drag" and o.action.maneuver == "step" and o.legal]
    assert len(steps) == 6 and all(o.action.free for o in steps)
    assert not G.Drag("ann", to=(1, 0)).free
    # a second foe far off, so that bob pinned does not end the battle (G0-21)
    sit.battle.fighters.append(Fighter(id="cid", side="blue", hex=Hex(9, 0), stats=dict(BASE)))
    ctl = TurnController(sit.battle, sit.ruleset, seat={"red": "human", "blue": "human"})
    assert ctl.whose_turn() == "ann"
    assert ctl.submit(G.Drag("ann", to=(1, 0), target="bob", maneuver="step")).ok
    assert ctl.whose_turn() == "ann"
    assert ctl.submit(G.Drag("ann", to=(2, 0), target="bob", maneuver="step")).rejected  # one step a turn


TORSO = [{"holder": "ann", "target": "bob", "location": "torso", "hands": 2, "kind": "grapple"}]


def _takedown(ruleset: str, bob_stats: dict[str, int]) -> tuple[dict[str, Any], Any]:
    events, status, b = resolve(ruleset, {}, {"stats": {**BASE, **bob_stats}}, TORSO,
                                [{"actor": "ann", "type": "takedown", "target": "bob"}], [6, 6, 6, 6, 6, 6])
    assert status == 0, events
    return next(e for e in events if e["type"] == "contest"), b


def test_S0_TAKEDOWN_2_the_held_victims_dx_counts_at_minus_four():
    """S0-HOLD-1 with S0-TAKEDOWN-2 (ruling L-17): bob, held by the torso, resists with DX 14 at -4 (10), the
    roll showing the -4; with ST 12 against DX 13 - 4 = 9 he resists with ST and no modifier."""
    contest, _ = _takedown("3d6-lite", {"ST": 8, "DX": 14})
    stay = contest["rolls"][1]
    assert stay["label"] == "stay up: DX" and stay["base"] == 14 and stay["target"] == 10
    assert [(m["value"], m["rule"]) for m in stay["modifiers"]] == [(-4, "S0-HOLD-1")]
    assert contest["rolls"][0]["modifiers"] == []  # ann holds but is not held
    contest, _ = _takedown("3d6-lite", {"ST": 12, "DX": 13})
    stay = contest["rolls"][1]
    assert stay["label"] == "stay up: ST" and stay["target"] == 12 and stay["modifiers"] == []


def test_S2_TAKEDOWN_2_full_the_held_victims_skill_counts_at_minus_four():
    """S2-HOLD-1 with S2-TAKEDOWN-2 (ruling L-17): in 3d6-full a torso grip puts Wrestling 15 at 11."""
    events, status, _ = resolve("3d6-full", {}, {"stats": {**BASE, "ST": 9}, "skills": {"Wrestling": 15}}, TORSO,
                                [{"actor": "ann", "type": "takedown", "target": "bob"}], [6, 6, 6, 6, 6, 6])
    stay = next(e for e in events if e["type"] == "contest")["rolls"][1]
    assert stay["label"] == "stay up: Wrestling" and stay["target"] == 11
    assert [(m["value"], m["rule"]) for m in stay["modifiers"]] == [(-4, "S2-HOLD-1")]


def test_S0_TAKEDOWN_2_the_odds_and_the_words_follow_the_minus_four():
    """S0-TAKEDOWN-2, S0-HOLD-1: the menu's odds are those of the contest rolled (bob at 10, not 14), and the
    hover says the held DX counts at -4."""
    from game import dice as D

    sit = situation("3d6-lite", {}, {"stats": {**BASE, "ST": 8, "DX": 14}}, TORSO, [], [])
    action = G.Takedown("ann", target="bob")
    odds = sit.ruleset.odds(sit.battle, action)
    assert odds["win"] == D.quick_contest_odds(12, 10)[0] != D.quick_contest_odds(12, 14)[0]
    assert "held DX and skill at -4 (S0-HOLD-1)" in sit.ruleset.presentation.action_words(sit.battle, action).does



def _neck(bob: dict[str, Any]):
    """ann (ST 12) holds bob's neck (ST 10, HT 13, DR 6): margins 6 and 1 give a margin of victory of 5, which
    the DR 6 stops whole."""
    from helpers_full import duo, grip

    return duo(None, {"stats": {"ST": 10, "HT": 13, "HP": 20}, "dr": 6, **bob}, grapples=(grip(location="neck"),))


def _strangle(bob: dict[str, Any]) -> tuple[list[dict[str, Any]], Any]:
    from helpers_full import play as play_full

    from game.rules.threed6.full import Strangle

    b = _neck(bob)
    return play_full(b, Strangle("ann", target="bob"), [1, 2, 3, 4, 4, 4]), b


def test_S2_STRANGLE_9_blunt_trauma_through_flexible_armour_starts_suffocation():
    """S2-STRANGLE-9 "if any damage - even blunt trauma - penetrates" (ruling F-5): flexible armour DR 6 stops
    all 5 crushing, but 1 HP of blunt trauma (per full 5) gets through, and bob starts to suffocate."""
    events, b = _strangle({"traits": {"armor": "flexible"}})
    hit = next(e for e in events if e["type"] == "damage" and not e.get("blunt_trauma"))
    assert hit["amount"] == 5 and hit["penetrating"] == 0
    trauma = [e for e in events if e["type"] == "damage" and e.get("blunt_trauma")]
    assert len(trauma) == 1 and trauma[0]["injury"] == 1 and trauma[0]["rule"] == "S2-STRANGLE-9"
    bob = b.fighter("bob")
    assert bob.hp == 19 and "suffocating" in bob.conditions and bob.counters["suffocating_by"] == "ann"


def test_S2_STRANGLE_9_rigid_armour_or_natural_dr_gives_no_blunt_trauma():
    """S2-STRANGLE-9 (ruling F-5, G2-8): rigid armour, or natural DR, stops the 5 whole: nothing gets through."""
    for bob in ({}, {"traits": {"natural_dr": 6, "armor": "flexible"}}):
        events, b = _strangle(bob)
        assert not any(e["type"] == "damage" and e.get("blunt_trauma") for e in events), bob
        assert "suffocating" not in b.fighter("bob").conditions, bob
