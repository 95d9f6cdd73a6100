"""``clinch resolve``: rounds written down (SITUATION-FORMAT.md, "Rounds written down"), every ruleset.

An action may carry ``round``; the actions of a round are its turn sequence,
each in its phase, with the real turn-order policy holding the cursor the
actions read. What one fighter may do in a round, and the order rules, are
the ruleset's; anything the round's sequence forbids is exit 3, a bad
``round``/``initiative``/``reactions`` value exit 2. Scripted dice
throughout; checklist IDs in the names or docstrings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.files.situation import SituationError, resolve_file
from game.hexgrid import Hex

D20_STATS = {"STR": 12, "DEX": 11, "CON": 10, "INT": 10, "WIS": 10, "CHA": 10, "class": "fighter", "level": 2}


def d20(fid: str, side: str, hex_: tuple[int, int], **extra: Any) -> dict[str, Any]:
    return {"id": fid, "side": side, "hex": list(hex_), "stats": dict(D20_STATS),
            "hands": {"right": "longsword", "left": None}, **extra}


def man(fid: str, side: str, hex_: tuple[int, int] = (0, 0), *, dx: int = 11, ht: int = 11,
        **extra: Any) -> dict[str, Any]:
    """A 3d6 fighter: ST 12, DX ``dx``, IQ 10, HT ``ht``, Wrestling 13."""
    return {"id": fid, "side": side, "hex": list(hex_), "stats": {"ST": 12, "DX": dx, "IQ": 10, "HT": ht},
            "skills": {"Wrestling": 13}, **extra}


def resolve(tmp_path: Path, situation: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "sit.json"
    path.write_text(json.dumps(situation))
    output, status = resolve_file(path)
    return status, output


def refused(output: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in output["events"] if e["type"] == "illegal"]


def bad_file(tmp_path: Path, situation: dict[str, Any]) -> str:
    with pytest.raises(SituationError) as exc:
        resolve(tmp_path, situation)
    return str(exc.value)


def rolls(output: dict[str, Any], label: str) -> list[dict[str, Any]]:
    return [e for e in output["events"] if e["type"] == "roll" and label in e["label"]]


def fighter(output: dict[str, Any], fid: str) -> dict[str, Any]:
    return next(f for f in output["state"]["fighters"] if f["id"] == fid)


# -- parsing: round, initiative, reactions (exit 2) ----------------------------------------------------------------

def sit_d20(actions: list[dict[str, Any]], dice: list[int] | None = None, **extra: Any) -> dict[str, Any]:
    return {"ruleset": "d20", "fighters": [d20("ann", "red", (0, 0)), d20("bob", "blue", (3, 0), facing=3)],
            "actions": actions, "dice": dice if dice is not None else [], **extra}


@pytest.mark.parametrize("actions, where, words", [
    ([{"actor": "ann", "type": "do_nothing", "round": "1"}], "actions[0].round", "round number"),
    ([{"actor": "ann", "type": "do_nothing", "round": 0}], "actions[0].round", "round number"),
    ([{"actor": "ann", "type": "do_nothing", "round": True}], "actions[0].round", "round number"),
    ([{"actor": "ann", "type": "do_nothing", "round": 1001}], "actions[0].round", "from 1 to 1000"),
    ([{"actor": "ann", "type": "do_nothing", "round": 2}, {"actor": "bob", "type": "do_nothing", "round": 1}],
     "actions[1].round", "never go back"),
    ([{"actor": "ann", "type": "do_nothing", "round": 1}, {"actor": "bob", "type": "do_nothing"}],
     "actions[1].round", "every action carries round"),
    ([{"actor": "ann", "type": "do_nothing", "round": 1, "initiative": 3},
      {"actor": "bob", "type": "do_nothing", "round": 1, "initiative": 5}], "actions[1].initiative", "count goes down"),
    ([{"actor": "ann", "type": "do_nothing", "round": 1, "initiative": 3},
      {"actor": "bob", "type": "do_nothing", "round": 1}], "actions[1].initiative", "all the actions of a round"),
    ([{"actor": "ann", "type": "do_nothing", "initiative": 3}], "actions[0].initiative", "give the action a round"),
    ([{"actor": "ann", "type": "do_nothing", "round": 1, "initiative": 2.5}], "actions[0].initiative", "whole"),
    ([{"actor": "ann", "type": "do_nothing", "round": 1, "reactions": "no"}], "actions[0].reactions", "true or false"),
])
def test_bad_round_fields_are_one_sentence_naming_the_field_S4_INIT_2(tmp_path, actions, where, words):
    """S4-INIT-2 (the count goes down): a bad round, initiative or reactions value names the file and the field."""
    text = bad_file(tmp_path, sit_d20(actions))
    assert text.startswith(f"{tmp_path / 'sit.json'}: {where}: ") and words in text, text
    assert "\n" not in text


def test_initiative_in_a_ruleset_without_numbers_is_a_bad_file_G0_4(tmp_path):
    """G0-4: 3d6's order is fixed by Basic Speed; it has no initiative numbers to write down."""
    text = bad_file(tmp_path, {"ruleset": "3d6-lite", "fighters": [man("ann", "red"), man("bob", "blue", (1, 0))],
                               "actions": [{"actor": "ann", "type": "do_nothing", "round": 1, "initiative": 4}]})
    assert "actions[0].initiative: ruleset 3d6-lite has no initiative numbers" in text


def test_exit_status_2_on_the_command_line(tmp_path, capsys):
    from game.cli import main

    path = tmp_path / "sit.json"
    path.write_text(json.dumps(sit_d20([{"actor": "ann", "type": "do_nothing", "round": -1}])))
    assert main(["resolve", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "actions[0].round" in err and "Traceback" not in err


# -- d20: phases, what one fighter may do in a round ----------------------------------------------------------------

def test_d20_move_then_attack_in_one_round_S4_PHASE_1(tmp_path):
    """S4-PHASE-1: movement, then hand-to-hand on the same number: Ann walks up and strikes in round 1."""
    status, out = resolve(tmp_path, sit_d20([{"actor": "ann", "type": "move", "to": [2, 0], "round": 1},
                                             {"actor": "ann", "type": "attack", "target": "bob", "item": "longsword", "round": 1}],
                                            [15, 5]))
    assert (status, refused(out)) == (0, [])
    assert fighter(out, "ann")["hex"] == [2, 0] and fighter(out, "bob")["hp"] == 5
    assert out["state"]["round"] == 1 and out["dice_left"] == []


def test_d20_without_round_the_same_list_is_two_rounds(tmp_path):
    """The old reading stands when no action carries round: a fighter who acts again opens a new round."""
    status, out = resolve(tmp_path, sit_d20([{"actor": "ann", "type": "move", "to": [2, 0]},
                                             {"actor": "ann", "type": "attack", "target": "bob", "item": "longsword"}],
                                            [15, 5]))
    assert status == 0 and out["state"]["round"] == 2


def test_d20_attack_listed_before_the_move_of_its_round_is_refused_S4_PHASE_1(tmp_path):
    """S4-PHASE-1: a move listed after an attack of the same round: its phase has passed (exit 3)."""
    status, out = resolve(tmp_path, {**sit_d20([
        {"actor": "bob", "type": "attack", "target": "ann", "item": "longsword", "round": 1},
        {"actor": "ann", "type": "move", "to": [1, 0], "round": 1}], [2]),
        "fighters": [d20("ann", "red", (0, 0)), d20("bob", "blue", (1, 0), facing=3)]})
    assert status == 3
    (ev,) = refused(out)
    assert ev["rule"] == "S4-PHASE-1" and "movement phase" in ev["reason"]
    assert ev["action"]["round"] == 1 and ev["action"]["type"] == "move"


def test_d20_two_movement_phase_actions_in_one_round_are_refused_S4_PHASE_1(tmp_path):
    """S4-PHASE-1: one movement-phase action a round: a second move is refused."""
    status, out = resolve(tmp_path, sit_d20([{"actor": "ann", "type": "move", "to": [1, 0], "round": 1},
                                             {"actor": "ann", "type": "move", "to": [2, 0], "round": 1}]))
    assert status == 3 and refused(out)[0]["actor"] == "ann"


def test_d20_a_running_character_may_not_attack_S4_RUN_2(tmp_path):
    """S4-RUN-2: Ann runs up to Bob and may not attack in the same round; in round 2 she may."""
    actions = [{"actor": "ann", "type": "run", "to": [2, 0], "round": 1},
               {"actor": "ann", "type": "attack", "target": "bob", "item": "longsword", "round": 1}]
    status, out = resolve(tmp_path, sit_d20(actions, [15, 5]))
    assert status == 3 and refused(out)[0]["rule"] == "S4-RUN-2"
    actions[1]["round"] = 2
    status, out = resolve(tmp_path, sit_d20(actions, [15, 5]))
    assert (status, refused(out)) == (0, []) and fighter(out, "bob")["hp"] == 5


def test_d20_partial_defence_costs_4_for_the_round_S4_PARRY_2(tmp_path):
    """S4-PARRY-1/2: declared in round 1 whatever the initiative, partial defence takes 4 from Ann's attack
    that round, and not from her attack in round 2."""
    status, out = resolve(tmp_path, {**sit_d20([
        {"actor": "ann", "type": "defend", "mode": "partial", "round": 1},
        {"actor": "ann", "type": "attack", "target": "bob", "item": "longsword", "round": 1},
        {"actor": "ann", "type": "attack", "target": "bob", "item": "longsword", "round": 2}], [15, 1, 15, 1]),
        "fighters": [d20("ann", "red", (0, 0)), d20("bob", "blue", (1, 0), facing=3)]})
    assert (status, refused(out)) == (0, [])
    first, second = rolls(out, "attacks bob")
    assert {"value": -4, "reason": "partial defence", "rule": "S4-PARRY-2"} in first["modifiers"]
    assert all(m["rule"] != "S4-PARRY-2" for m in second["modifiers"])


def test_d20_getting_up_takes_the_round_S4_PRONE_2(tmp_path):
    """S4-PRONE-2: Ann gets up in round 1 and may do nothing else that round; in round 2 she attacks."""
    fighters = [d20("ann", "red", (0, 0), posture="prone"), d20("bob", "blue", (1, 0), facing=3)]
    actions = [{"actor": "ann", "type": "change_posture", "posture": "standing", "round": 1},
               {"actor": "ann", "type": "attack", "target": "bob", "item": "longsword", "round": 1}]
    status, out = resolve(tmp_path, {**sit_d20(actions, [15, 5]), "fighters": fighters})
    assert status == 3 and refused(out)[0]["rule"] == "S4-PRONE-2"
    actions[1]["round"] = 2
    status, out = resolve(tmp_path, {**sit_d20(actions, [15, 5]), "fighters": fighters})
    assert (status, refused(out)) == (0, []) and fighter(out, "bob")["hp"] == 5


def test_d20_initiative_numbers_restart_the_phases_S4_INIT_2(tmp_path):
    """S4-INIT-2: Bob on 5 attacks; on the lower number 3 the phases start again and Ann may still move."""
    status, out = resolve(tmp_path, {**sit_d20([
        {"actor": "bob", "type": "attack", "target": "ann", "item": "longsword", "round": 1, "initiative": 5},
        {"actor": "ann", "type": "move", "to": [-1, 0], "round": 1, "initiative": 3, "reactions": False}], [1]),
        "fighters": [d20("ann", "red", (0, 0)), d20("bob", "blue", (1, 0), facing=3)]})
    assert (status, refused(out)) == (0, [])
    assert fighter(out, "ann")["hex"] == [-1, 0]


@pytest.mark.parametrize("bobs_number, both_strike", [(4, True), (2, False)])
def test_d20_equal_numbers_strike_simultaneously_S4_INIT_3(tmp_path, bobs_number, both_strike):
    """S4-INIT-3, GX-4: on the same number Ann's killing blow lands when the number's hand-to-hand phase ends,
    so Bob still strikes back; on a lower number he is already down when his number comes (exit 3)."""
    status, out = resolve(tmp_path, {**sit_d20([
        {"actor": "ann", "type": "attack", "target": "bob", "item": "longsword", "round": 1, "initiative": 4},
        {"actor": "bob", "type": "attack", "target": "ann", "item": "longsword", "round": 1,
         "initiative": bobs_number}], [15, 8, 15, 3]),
        "fighters": [d20("ann", "red", (0, 0)), d20("bob", "blue", (1, 0), facing=3, hp=3)]})
    assert "dead" in fighter(out, "bob")["conditions"]
    if both_strike:
        assert (status, refused(out)) == (0, []) and fighter(out, "ann")["hp"] == 7
        assert any(e.get("rule") == "GX-4" and e["type"] == "message" for e in out["events"])
    else:
        assert status == 3 and refused(out)[0]["rule"] == "G4-2" and fighter(out, "ann")["hp"] == 10


def test_d20_a_set_spear_on_a_better_number_meets_the_charge_S4_SET_2(tmp_path):
    """S4-SET-1/2/3: Bob sets his spear on 5, Ann charges on 3: his initiative is better, so the set spear
    strikes the charger (double damage); a set listed on a worse number before the charge is a bad file."""
    spear = {"right": "spear", "left": None}
    fighters = [d20("ann", "red", (0, 0), hands=spear), d20("bob", "blue", (6, 0), facing=3, hands=spear)]
    actions = [{"actor": "bob", "type": "set_vs_charge", "round": 1, "initiative": 5},
               {"actor": "ann", "type": "charge", "target": "bob", "to": [5, 0], "round": 1, "initiative": 3}]
    status, out = resolve(tmp_path, {**sit_d20(actions, [15, 3, 15, 4]), "fighters": fighters})
    assert (status, refused(out)) == (0, [])
    set_blow = rolls(out, "bob attacks ann")
    assert set_blow and set_blow[0]["rule"] == "S4-SET-1"
    assert any(e.get("rule") == "S4-SET-3" and "simultaneously" in e.get("text", "") for e in out["events"])
    actions[0]["initiative"], actions[1]["initiative"] = 3, 5
    text = bad_file(tmp_path, {**sit_d20(actions, [15, 3, 15, 4]), "fighters": fighters})
    assert "actions[1].initiative" in text and "count goes down" in text


def test_d20_a_charge_strikes_when_listed_though_others_act_on_its_number_S4_CHARGE_6(tmp_path):
    """S4-CHARGE-6, ruling D20-6: in a round written down the charge's blow is part of the listed charge; with
    an archer and the target on the same number, it still lands (it waited for a hand-to-hand slot the file
    never lists, and was lost)."""
    fighters = [d20("ann", "red", (0, 0), hands={"right": "spear", "left": None}), d20("bob", "blue", (6, 0), facing=3),
                d20("cat", "blue", (9, 0), facing=3, hands={"right": "longbow", "left": None})]
    status, out = resolve(tmp_path, {**sit_d20([
        {"actor": "ann", "type": "charge", "target": "bob", "to": [5, 0], "round": 1},
        {"actor": "cat", "type": "do_nothing", "round": 1},
        {"actor": "bob", "type": "do_nothing", "round": 1}], [15, 3]), "fighters": fighters})
    assert (status, refused(out)) == (0, []) and out["dice_left"] == []
    assert rolls(out, "ann attacks bob")[0]["rule"] == "S4-CHARGE-6" and fighter(out, "bob")["hp"] == 4


@pytest.mark.parametrize("reactions", [True, False])
def test_d20_reactions_false_means_no_parting_shot_S4_DEFMOVE_1(tmp_path, reactions):
    """S4-DEFMOVE-1: Ann walks away from Bob: by default Bob takes his parting shot at +2 (a die is rolled);
    with ``reactions: false`` he makes none and the events say so."""
    step = {"actor": "ann", "type": "move", "to": [-2, 0], "round": 1}
    if not reactions:
        step["reactions"] = False
    status, out = resolve(tmp_path, {**sit_d20([step], [1]),
                                     "fighters": [d20("ann", "red", (0, 0)), d20("bob", "blue", (1, 0), facing=3)]})
    assert (status, refused(out)) == (0, [])
    assert bool(rolls(out, "parting shot")) is reactions
    assert out["dice_left"] == ([] if reactions else [1])
    if not reactions:
        assert any("no parting shot" in e.get("text", "") for e in out["events"])


@pytest.mark.parametrize("reactions", [True, False])
def test_d20_reactions_false_means_no_reach_blow_at_a_closing_foe_S4_INIT_7(tmp_path, reactions):
    """S4-INIT-7: Bob, on the lower number 3 with a spear, strikes Ann as she closes on her number 5 (a die is
    rolled); with ``reactions: false`` on her move he lets her close and the events say so."""
    step = {"actor": "ann", "type": "move", "to": [2, 0], "round": 1, "initiative": 5}
    if not reactions:
        step["reactions"] = False
    actions = [step, {"actor": "bob", "type": "do_nothing", "round": 1, "initiative": 3}]
    fighters = [d20("ann", "red", (0, 0)), d20("bob", "blue", (3, 0), facing=3, hands={"right": "spear", "left": None})]
    status, out = resolve(tmp_path, {**sit_d20(actions, [2]), "fighters": fighters})
    assert (status, refused(out)) == (0, [])
    assert bool(rolls(out, "bob attacks ann")) is reactions
    said = [e for e in out["events"] if e.get("rule") == "S4-INIT-7" and e["type"] == "message"]
    assert said and ("reaches" in said[0]["text"]) is reactions


def test_d20_no_initiative_dice_in_a_round_written_down_S4_INIT_1(tmp_path):
    """S4-INIT-1's roll is not made: the listed order stands for it (no die is taken for initiative)."""
    status, out = resolve(tmp_path, sit_d20([{"actor": "ann", "type": "do_nothing", "round": 1},
                                             {"actor": "bob", "type": "do_nothing", "round": 1}]))
    assert status == 0 and not rolls(out, "initiative")


def test_d20_wait_needs_initiative_numbers_S4_INIT_5(tmp_path):
    """S4-INIT-5: waiting holds the action to a lower number, which only a round with numbers can say."""
    status, out = resolve(tmp_path, sit_d20([{"actor": "ann", "type": "wait", "round": 1}]))
    assert status == 3 and refused(out)[0]["rule"] == "S4-INIT-5"


def test_d20_a_hold_to_a_lower_number_is_no_action_of_its_own_S4_INIT_5(tmp_path):
    """S4-INIT-5: Ann, on 5, holds to 3; Bob passes on 4; Ann strikes on 3: the hold and the pass are
    declarations, not the round's hand-to-hand action."""
    status, out = resolve(tmp_path, {**sit_d20([
        {"actor": "ann", "type": "wait", "count": 3, "round": 1, "initiative": 5},
        {"actor": "bob", "type": "do_nothing", "round": 1, "initiative": 4},
        {"actor": "ann", "type": "attack", "target": "bob", "item": "longsword", "round": 1, "initiative": 3}], [2]),
        "fighters": [d20("ann", "red", (0, 0)), d20("bob", "blue", (1, 0), facing=3)]})
    assert (status, refused(out)) == (0, []) and rolls(out, "ann attacks bob") and out["dice_left"] == []


def test_d20_skipped_rounds_run_and_the_state_says_the_last_round(tmp_path):
    """A round with nobody acting passes: round 1 then round 3, and the first action may be in a later round."""
    status, out = resolve(tmp_path, sit_d20([{"actor": "ann", "type": "move", "to": [1, 0], "round": 2},
                                             {"actor": "ann", "type": "move", "to": [2, 0], "round": 4}]))
    assert (status, refused(out)) == (0, [])
    assert out["state"]["round"] == 4 and fighter(out, "ann")["hex"] == [2, 0]


# -- 3d6: one turn each, in the fixed order of G0-4 -----------------------------------------------------------------

def sit_3d6(actions: list[dict[str, Any]], dice: list[int] | None = None) -> dict[str, Any]:
    return {"ruleset": "3d6-lite", "fighters": [man("ann", "red", dx=13), man("bob", "blue", (3, 0), facing=3)],
            "actions": actions, "dice": dice or []}


def test_3d6_the_fixed_order_by_basic_speed_G0_4(tmp_path):
    """G0-4: Ann (Basic Speed 6) acts before Bob (5.5): listed in that order, each round, it plays."""
    status, out = resolve(tmp_path, sit_3d6([
        {"actor": "ann", "type": "move", "to": [1, 0], "round": 1},
        {"actor": "bob", "type": "move", "to": [2, 0], "round": 1},
        {"actor": "ann", "type": "do_nothing", "round": 2}]))
    assert (status, refused(out)) == (0, []) and out["state"]["round"] == 2


def test_3d6_a_slower_fighter_listed_first_is_refused_G0_4(tmp_path):
    """G0-4: Bob is slower than Ann, so in a round written down he cannot act before her (exit 3)."""
    status, out = resolve(tmp_path, sit_3d6([{"actor": "bob", "type": "move", "to": [2, 0], "round": 1},
                                             {"actor": "ann", "type": "move", "to": [1, 0], "round": 1}]))
    assert status == 3
    (ev,) = refused(out)
    assert ev["rule"] == "G0-4" and ev["actor"] == "ann" and "Basic Speed" in ev["reason"]


def test_3d6_one_turn_each_a_round_G0_4(tmp_path):
    """G0-4: one turn each a round: Ann's second action in round 1 is refused; a free action continues her turn."""
    status, out = resolve(tmp_path, sit_3d6([{"actor": "ann", "type": "do_nothing", "round": 1},
                                             {"actor": "ann", "type": "move", "to": [1, 0], "round": 1}]))
    assert status == 3 and refused(out)[0]["rule"] == "G0-4"
    face = {"actor": "ann", "type": "face", "facing": 1, "round": 1}
    status, out = resolve(tmp_path, sit_3d6([face, {"actor": "ann", "type": "move", "to": [1, 0], "round": 1}]))
    assert (status, refused(out)) == (0, [])  # a free action, then the turn's maneuver: one turn
    status, out = resolve(tmp_path, sit_3d6([face, {"actor": "bob", "type": "do_nothing", "round": 1},
                                             {"actor": "ann", "type": "move", "to": [1, 0], "round": 1}]))
    assert status == 3 and refused(out)[0]["actor"] == "ann"  # Bob acted between: her turn was over


def test_3d6_until_your_next_turn_lasts_to_the_fighters_next_listed_action_G0_4(tmp_path):
    """G0-4 and "Durations": Ann's All-Out Attack leaves her no defence until her next turn: Bob, faster, hits
    her in round 2 before her turn (no defence), and the effect ends when her round-2 action begins."""
    status, out = resolve(tmp_path, {
        "ruleset": "3d6-lite", "fighters": [man("ann", "red"), man("bob", "blue", (1, 0), dx=13, facing=3)],
        "actions": [{"actor": "bob", "type": "do_nothing", "round": 1},
                    {"actor": "ann", "type": "all_out_attack", "target": "bob", "round": 1},
                    {"actor": "bob", "type": "attack", "target": "ann", "round": 2},
                    {"actor": "ann", "type": "do_nothing", "round": 2}],
        "dice": [6, 6, 6, 3, 3, 3, 1]})
    assert (status, refused(out)) == (0, [])
    kinds = [e["type"] for e in out["events"]]
    no_defence = next(i for i, e in enumerate(out["events"]) if "no active defence" in e.get("text", ""))
    ended = kinds.index("effect_end")
    assert no_defence < ended and out["events"][ended]["fighter"] == "ann"
    assert ended < max(i for i, e in enumerate(out["events"]) if e.get("text") == "ann does nothing")


@pytest.mark.parametrize("rounds", [[1, 2], [1, 3], [2, 5]])
def test_3d6_full_a_skipped_round_runs_no_turn_effects_S2_CHOKE_8(tmp_path, rounds):
    """S2-CHOKE-8 and skipped rounds: a choke hold costs its victim 1 FP at the start of each of the choker's
    turns; rounds in which nobody acts give the choker no turn, so Bob loses 2 FP for Ann's two turns however
    far apart they are listed."""
    status, out = resolve(tmp_path, {
        "ruleset": "3d6-full", "fighters": [man("ann", "red"), man("bob", "blue", (1, 0), facing=3)],
        "grapples": [{"holder": "ann", "target": "bob", "location": "neck", "hands": 2, "kind": "choke_hold"}],
        "actions": [{"actor": "ann", "type": "do_nothing", "round": r} for r in rounds], "dice": []})
    assert (status, refused(out)) == (0, [])
    assert fighter(out, "bob")["fp"] == 9 and out["state"]["round"] == rounds[-1]


# -- edge: phases (G1-4), grapple rolls (S1-GRAPPLE-3/4) ------------------------------------------------------------

def sit_edge(actions: list[dict[str, Any]], dice: list[int], *, grip: bool = True,
             bob_hex: tuple[int, int] = (1, 0)) -> dict[str, Any]:
    return {"ruleset": "edge", "map": None,
            "fighters": [{"id": "ann", "side": "red", "hex": [0, 0]}, {"id": "bob", "side": "blue", "hex": list(bob_hex)}],
            "grapples": [{"holder": "ann", "target": "bob", "hands": 0}] if grip else [],
            "actions": actions, "dice": dice}


def test_edge_one_grapple_roll_a_round_S1_GRAPPLE_3(tmp_path):
    """S1-GRAPPLE-3, G1-2: grapple rolls come at the end of the melee portion, one per fighter a round; Ann's
    second roll in round 1 is refused, her roll in round 2 is played."""
    roll = {"actor": "ann", "type": "grapple_roll", "option": "pummel"}
    status, out = resolve(tmp_path, sit_edge([{**roll, "round": 1}, {**roll, "round": 1}], [9, 1, 1, 1, 1, 1] * 9))
    assert status == 3
    (ev,) = refused(out)
    assert ev["rule"] == "G1-2" and ev["action"]["round"] == 1
    pummel = [9, 1, 1, 1, 1, 1] * 2 + [9, 1, 1]  # the grapple contest, the blow's contest, its damage
    status, out = resolve(tmp_path, sit_edge([{**roll, "round": 1}, {**roll, "round": 2}], pummel * 2))
    assert (status, refused(out)) == (0, []) and out["state"]["round"] == 2


def test_edge_the_one_who_began_the_grapple_rolls_first_S1_GRAPPLE_4(tmp_path):
    """S1-GRAPPLE-4: Ann began the grapple, so Bob's roll listed before hers in the round is refused."""
    status, out = resolve(tmp_path, sit_edge([
        {"actor": "bob", "type": "grapple_roll", "option": "escape", "round": 1},
        {"actor": "ann", "type": "grapple_roll", "option": "pummel", "round": 1}], [9, 1] * 40))
    assert status == 3 and refused(out)[0]["rule"] == "S1-GRAPPLE-4" and out["dice_left"] == [9, 1] * 40


def test_edge_move_then_melee_in_one_round_and_not_back_G1_4(tmp_path):
    """G1-4: movement, then melee: Ann steps up and attacks in round 1; a move listed after a melee attack of the
    same round is refused (its phase has passed)."""
    step, hit = {"actor": "ann", "type": "move", "to": [2, 0]}, {"actor": "ann", "type": "attack", "target": "bob"}
    status, out = resolve(tmp_path, sit_edge([{**step, "round": 1}, {**hit, "round": 1}], [9, 1] * 40,
                                             grip=False, bob_hex=(3, 0)))
    assert (status, refused(out)) == (0, []) and fighter(out, "ann")["hex"] == [2, 0]
    status, out = resolve(tmp_path, sit_edge([{"actor": "bob", "type": "move", "to": [1, 0], "round": 1},
                                             {**hit, "round": 1}, {**step, "to": [-1, 0], "round": 1}],
                                            [9, 1] * 40, grip=False, bob_hex=(3, 0)))
    assert status == 3 and refused(out)[0]["rule"] == "G1-4" and "movement phase" in refused(out)[0]["reason"]


# -- nd6-tactical: movement, then actions by adjusted DX (G3-3) -----------------------------------------------------

def nd6(fid: str, side: str, hex_: tuple[int, int], dx: int = 12, **extra: Any) -> dict[str, Any]:
    return {"id": fid, "side": side, "hex": list(hex_), "stats": {"ST": 12, "DX": dx, "IQ": 10}, **extra}


def sit_nd6(fighters: list[dict[str, Any]], actions: list[dict[str, Any]], dice: list[int]) -> dict[str, Any]:
    return {"ruleset": "nd6-tactical", "map": None, "fighters": fighters, "actions": actions, "dice": dice}


def test_nd6_move_then_act_in_one_round_and_no_side_dice_G3_3(tmp_path):
    """G3-3: Ann moves in the movement phase and acts in the action phase of the same round; no side roll."""
    status, out = resolve(tmp_path, sit_nd6(
        [nd6("ann", "red", (0, 0)), nd6("bob", "blue", (4, 0), facing=3)],
        [{"actor": "ann", "type": "move", "to": [3, 0], "round": 1},
         {"actor": "bob", "type": "do_nothing", "round": 1},
         {"actor": "ann", "type": "do_nothing", "round": 1}], []))
    assert (status, refused(out)) == (0, [])
    assert fighter(out, "ann")["hex"] == [3, 0] and not rolls(out, "initiative")


def test_nd6_a_lower_adjusted_dx_listed_first_is_refused_G3_3(tmp_path):
    """G3-3: actions by adjusted DX, highest first: Bob (DX 10) listed before Ann (DX 13) is refused."""
    status, out = resolve(tmp_path, sit_nd6(
        [nd6("ann", "red", (0, 0), dx=13), nd6("bob", "blue", (4, 0), dx=10, facing=3)],
        [{"actor": "bob", "type": "do_nothing", "round": 1},
         {"actor": "ann", "type": "do_nothing", "round": 1}], []))
    assert status == 3
    (ev,) = refused(out)
    assert ev["rule"] == "G3-3" and ev["actor"] == "ann" and "adjusted DX" in ev["reason"]


def test_nd6_a_bayonet_strikes_before_any_other_weapon_S3_BAYONET_6(tmp_path):
    """S3-BAYONET-6: whatever the DX, the bayonet attack comes first: Ann (DX 14, knife) listed before Bob
    (DX 9, rifle with bayonet) is refused, citing S3-BAYONET-6."""
    status, out = resolve(tmp_path, sit_nd6(
        [nd6("ann", "red", (0, 0), dx=14, hands={"right": "knife", "left": None}),
         nd6("bob", "blue", (4, 0), dx=9, facing=3, hands={"right": "rifle_bayonet", "left": None})],
        [{"actor": "ann", "type": "do_nothing", "round": 1},
         {"actor": "bob", "type": "do_nothing", "round": 1}], []))
    assert status == 3 and refused(out)[0]["rule"] == "S3-BAYONET-6"


def test_nd6_the_sides_move_one_after_the_other_G3_3(tmp_path):
    """G3-3: a side that has finished moving does not move again after the other side has."""
    status, out = resolve(tmp_path, sit_nd6(
        [nd6("ann", "red", (0, 0)), nd6("cat", "red", (0, 2)), nd6("bob", "blue", (8, 0), facing=3)],
        [{"actor": "ann", "type": "move", "to": [1, 0], "round": 1},
         {"actor": "bob", "type": "move", "to": [7, 0], "round": 1},
         {"actor": "cat", "type": "move", "to": [1, 2], "round": 1}], []))
    assert status == 3 and refused(out)[0]["actor"] == "cat" and refused(out)[0]["rule"] == "G3-3"


def fuse_situation(actions: list[dict[str, Any]], dice: list[int]) -> dict[str, Any]:
    return sit_nd6([nd6("ann", "red", (0, 0), dx=12, hands={"right": "frag_grenade", "left": None}),
                    nd6("bob", "blue", (4, 0), facing=3)], actions, dice)


THROW = {"actor": "ann", "type": "throw_grenade", "item": "frag_grenade", "to": [4, 0], "fuse": "next_movement",
         "round": 1}


def kinds(out: dict[str, Any]) -> list[str]:
    """The story in short: moves, waits and blasts, in order."""
    said = []
    for e in out["events"]:
        if e["type"] == "move":
            said.append(f"move {e['actor']}")
        elif e["type"] == "message" and "goes off" in e["text"]:
            said.append("blast")
        elif e["type"] == "message" and e["text"].endswith("waits"):
            said.append(f"wait {e['actor']}")
    return said


def test_nd6_next_movement_fuse_goes_off_after_the_next_rounds_movement_S3_GRENADE_8(tmp_path):
    """S3-GRENADE-8: thrown in round 1 with a next_movement fuse, the grenade goes off after round 2's last
    movement-phase action (Bob's move) and before its first action-phase action (Ann's wait)."""
    status, out = resolve(tmp_path, fuse_situation(
        [THROW, {"actor": "bob", "type": "move", "to": [6, 0], "round": 2},
         {"actor": "ann", "type": "wait", "round": 2}], [3, 3, 3, 3, 4]))
    assert (status, refused(out)) == (0, [])
    assert kinds(out) == ["move bob", "blast", "wait ann"]


def test_nd6_next_movement_fuse_with_no_movement_goes_off_before_the_first_action_S3_GRENADE_8(tmp_path):
    """S3-GRENADE-8: a round with no movement-phase action: the grenade goes off before its first action."""
    status, out = resolve(tmp_path, fuse_situation([THROW, {"actor": "ann", "type": "wait", "round": 2}],
                                                   [3, 3, 3, 1, 1, 1, 1]))
    assert (status, refused(out)) == (0, []) and kinds(out) == ["blast", "wait ann"]


def test_nd6_next_movement_fuse_goes_off_in_a_skipped_round_S3_GRENADE_8(tmp_path):
    """S3-GRENADE-8 and skipped rounds: nobody acts in round 2, whose movement phase still ends: the grenade
    goes off there, and round 3's action follows."""
    status, out = resolve(tmp_path, fuse_situation([THROW, {"actor": "ann", "type": "wait", "round": 3}],
                                                   [3, 3, 3, 1, 1, 1, 1]))
    assert (status, refused(out)) == (0, []) and kinds(out) == ["blast", "wait ann"]
    assert out["state"]["round"] == 3


# -- clinch explain and the lab show the rounds -------------------------------------------------------------------

WALK_AND_STRIKE = sit_d20([{"actor": "ann", "type": "move", "to": [2, 0], "round": 1},
                           {"actor": "ann", "type": "attack", "target": "bob", "item": "longsword", "round": 1},
                           {"actor": "bob", "type": "attack", "target": "ann", "item": "longsword", "round": 3}],
                          [15, 5, 2])


def test_explain_heads_each_round_and_names_each_actions_phase_S4_PHASE_1(tmp_path, capsys):
    """S4-PHASE-1 in words: clinch explain prints a heading per round written down and each action's phase."""
    from game.cli import main

    path = tmp_path / "sit.json"
    path.write_text(json.dumps(WALK_AND_STRIKE))
    assert main(["explain", str(path)]) == 0
    text = capsys.readouterr().out
    assert text.index("Round 1") < text.index("Action 1 (movement phase)") < \
        text.index("Action 2 (hand-to-hand phase)") < text.index("Round 3") < text.index("Action 3")
    assert main(["explain", str(path), "--markdown"]) == 0
    md = capsys.readouterr().out
    assert "## Round 1" in md and "## Round 3" in md and "Round 2" not in md


def test_explain_without_rounds_has_no_round_headings(tmp_path, capsys):
    from game.cli import main

    plain = {**WALK_AND_STRIKE, "actions": [{k: v for k, v in a.items() if k != "round"}
                                            for a in WALK_AND_STRIKE["actions"]]}
    path = tmp_path / "sit.json"
    path.write_text(json.dumps(plain))
    main(["explain", str(path)])
    text = capsys.readouterr().out
    assert "Round" not in text and "phase)" not in text


def test_the_lab_keeps_rounds_and_shows_them(tmp_path):
    """The lab saves the file's rounds as it read them, plays its script by them, and its step view and
    action list say which round each action is in."""
    from game.teaching.lab import LabSituation, normalise
    from game.teaching.lab_trial import play_action, script
    from game.ui.lab.pages import script_lines, step_lines

    raw = json.dumps(WALK_AND_STRIKE)
    lab = LabSituation.from_bytes(raw, name="sit.json")
    lab.move("bob", Hex(3, 0))  # an edit of the set-up leaves the script as it was
    saved = lab.save(tmp_path / "saved.json")
    assert [a.get("round") for a in json.loads(saved.read_text())["actions"]] == [1, 1, 3]
    assert normalise(saved.read_bytes()) == normalise(raw)
    trial = play_action(lab, script(lab))
    out, status = resolve_file(saved)
    assert trial.events == out["events"] and status == 0
    heads = [s for s in trial.steps if s.kind == "action"]
    assert [(s.round, s.phase) for s in heads] == [(1, "movement"), (1, "hand-to-hand"), (3, "hand-to-hand")]
    strike = next(i for i, s in enumerate(trial.steps) if s.kind == "roll")
    assert step_lines(trial, strike)[0][0].startswith(f"Step {strike + 1} of {len(trial.steps)}, round 1: ")
    rounds = [text for text, _ in script_lines(trial.before, WALK_AND_STRIKE["actions"])]
    assert [r.split(":")[0] for r in rounds] == ["Round 1", "Round 3"]


def test_nd6_a_defence_ends_with_its_round_G3_4(tmp_path):
    """G3-4 and "Durations": Bob's defend lasts the round he declared it in and ends when it ends, though he
    has no turn in round 2 (the engine used to end it at his next turn)."""
    fighters = [nd6("ann", "red", (0, 0)), nd6("bob", "blue", (1, 0), facing=3)]
    declared = [{"actor": "bob", "type": "defend", "round": 1}]
    status, out = resolve(tmp_path, sit_nd6(fighters, declared, []))
    assert status == 0 and "defending" in fighter(out, "bob")["conditions"]
    status, out = resolve(tmp_path, sit_nd6(fighters, [*declared, {"actor": "ann", "type": "do_nothing", "round": 2}],
                                            []))
    assert (status, refused(out)) == (0, [])
    assert "defending" not in fighter(out, "bob")["conditions"]
    ends = [e for e in out["events"] if e["type"] == "condition" and e.get("remove") == "defending"]
    assert ends and ends[0]["rule"] == "G3-4"
