"""``clinch resolve``: turns inside a situation, and the situation defects of issue 14, with the real rulesets.

SITUATION-FORMAT.md, "Turns inside a situation": each action is its actor's
turn with the ruleset's start- and end-of-turn effects; a fighter who has had
a turn this round and acts again begins a new round; a grip listed in
``grapples`` is in force (its victim has had a turn with it on); a
well-formed action the rules refuse is exit 3. Every test here failed before
the situation played turns (scripted dice throughout; checklist IDs in the
names or docstrings).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from game.files.situation import SituationError, resolve_file
from game.hexgrid import Hex


def man(fid: str, side: str, hex_: tuple[int, int] = (0, 0), **extra: Any) -> dict[str, Any]:
    """A 3d6 fighter: ST 12, DX 11, IQ 10, HT 11, Wrestling 13."""
    return {"id": fid, "side": side, "hex": list(hex_), "stats": {"ST": 12, "DX": 11, "IQ": 10, "HT": 11},
            "skills": {"Wrestling": 13}, **extra}


def d20(fid: str, side: str, hex_: tuple[int, int] = (0, 0), cls: str | int = "fighter", level: int = 2,
        **extra: Any) -> dict[str, Any]:
    return {"id": fid, "side": side, "hex": list(hex_),
            "stats": {"STR": 12, "DEX": 11, "CON": 10, "INT": 10, "WIS": 10, "CHA": 10, "class": cls, "level": level},
            **extra}


def resolve(tmp_path: Path, situation: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "sit.json"
    path.write_text(json.dumps(situation))
    output, status = resolve_file(path)
    return status, output


def illegal(output: dict[str, Any]) -> list[str]:
    return [e["reason"] for e in output["events"] if e["type"] == "illegal"]


# -- 3d6-full: grips in force, turn effects -----------------------------------------------------------

def test_wrench_after_a_failed_break_free_is_legal_S2_WRENCH_3(tmp_path):
    """S2-WRENCH-2/3: the victim had its turn to break free and failed, so the holder may wrench the limb."""
    status, out = resolve(tmp_path, {
        "ruleset": "3d6-full", "fighters": [man("ann", "red"), man("bob", "blue", facing=3)],
        "grapples": [{"holder": "ann", "target": "bob", "location": "arm", "hands": 2, "kind": "grapple"}],
        "actions": [{"actor": "bob", "type": "break_free"}, {"actor": "ann", "type": "wrench_limb", "location": "arm"}],
        "dice": [6, 6, 6, 1, 1, 1, 1, 1, 1, 6, 6, 6, 3]})
    assert (status, illegal(out)) == (0, [])
    wrench = [e for e in out["events"] if e.get("rule") == "S2-WRENCH-3" and e["type"] == "contest"]
    assert wrench and wrench[0]["winner"] == "ann"
    assert any(e["type"] == "damage" and e["target"] == "bob" and e["location"] == "arm" for e in out["events"])


def test_offensive_arm_lock_after_a_failed_break_free_S2_ARMLOCK_18(tmp_path):
    """S2-ARMLOCK-18: grappled with Wrestling, the foe failed to break free on its turn: the lock may be tried."""
    status, out = resolve(tmp_path, {
        "ruleset": "3d6-full", "fighters": [man("ann", "red"), man("bob", "blue", facing=3)],
        "grapples": [{"holder": "ann", "target": "bob", "location": "arm", "hands": 2, "kind": "grapple"}],
        "actions": [{"actor": "bob", "type": "break_free"}, {"actor": "ann", "type": "arm_lock", "target": "bob"}],
        "dice": [6, 6, 6, 1, 1, 1, 1, 1, 1]})
    assert (status, illegal(out)) == (0, [])
    assert out["state"]["grapples"][0]["kind"] == "arm_lock"


def test_a_listed_grip_is_in_force_so_wrench_is_open_at_once_S2_WRENCH_2(tmp_path):
    """A grip given in ``grapples`` was taken before the situation: wrench on the holder's first action."""
    status, out = resolve(tmp_path, {
        "ruleset": "3d6-full", "fighters": [man("ann", "red"), man("bob", "blue", facing=3)],
        "grapples": [{"holder": "ann", "target": "bob", "location": "arm", "hands": 2}],
        "actions": [{"actor": "ann", "type": "wrench_limb", "location": "arm"}],
        "dice": [1, 1, 1, 6, 6, 6, 3]})
    assert (status, illegal(out)) == (0, [])


def test_choke_hold_costs_the_victim_fp_each_turn_of_the_choker_S2_CHOKE_8(tmp_path):
    """S2-CHOKE-8: a choke hold in force makes its victim lose 1 FP at the start of each of the choker's turns."""
    status, out = resolve(tmp_path, {
        "ruleset": "3d6-full", "fighters": [man("ann", "red"), man("bob", "blue", facing=3)],
        "grapples": [{"holder": "ann", "target": "bob", "location": "neck", "hands": 2, "kind": "choke_hold"}],
        "actions": [{"actor": "ann", "type": "do_nothing"}, {"actor": "bob", "type": "do_nothing"},
                    {"actor": "ann", "type": "do_nothing"}],
        "dice": []})
    assert status == 0
    lost = [e for e in out["events"] if e["type"] == "stat" and e.get("field") == "fp" and e["target"] == "bob"]
    assert [e["value"] for e in lost] == [10, 9]
    bob = out["state"]["fighters"][1]
    assert bob["fp"] == 9 and "suffocating" in bob["conditions"]
    assert out["state"]["round"] == 2


def test_a_strangled_victim_loses_fp_at_the_start_of_its_turn_S2_STRANGLE_10(tmp_path):
    """S2-STRANGLE-9/10: a won strangle cuts the air; the victim loses 1 FP at the start of its next turn."""
    status, out = resolve(tmp_path, {
        "ruleset": "3d6-full", "fighters": [man("ann", "red"), man("bob", "blue", facing=3)],
        "grapples": [{"holder": "ann", "target": "bob", "location": "neck", "hands": 2}],
        "actions": [{"actor": "ann", "type": "strangle"}, {"actor": "bob", "type": "do_nothing"}],
        "dice": [1, 1, 1, 6, 6, 6, 3, 3, 3, 3, 3]})
    assert status == 0
    lost = [e for e in out["events"] if e["type"] == "message" and e.get("rule") == "S2-STRANGLE-10"]
    assert len(lost) == 1 and "bob loses 1 FP" in lost[0]["text"]
    assert out["state"]["fighters"][1]["fp"] == 10


def test_stun_recovery_rolls_at_the_end_of_the_turn_G0_7(tmp_path):
    """G0-7: a stunned fighter rolls HT at the end of its turn; success ends the stun."""
    status, out = resolve(tmp_path, {
        "ruleset": "3d6-lite", "fighters": [man("ann", "red", conditions=["stunned"]), man("bob", "blue")],
        "actions": [{"actor": "ann", "type": "do_nothing"}], "dice": [2, 3, 4]})
    assert status == 0
    roll = next(e for e in out["events"] if e["type"] == "roll")
    assert (roll["rule"], roll["label"], roll["dice"], roll["success"]) == ("G0-7", "HT to recover from stun",
                                                                          [2, 3, 4], True)
    assert out["state"]["fighters"][0]["conditions"] == []
    assert out["dice_left"] == []


def test_a_failed_stun_recovery_keeps_the_stun_and_the_dice_order_holds_G0_7(tmp_path):
    """The end-of-turn roll takes the faces after the action's own (SITUATION-FORMAT.md, dice order)."""
    status, out = resolve(tmp_path, {
        "ruleset": "3d6-lite", "fighters": [man("ann", "red", conditions=["stunned"]), man("bob", "blue")],
        "actions": [{"actor": "ann", "type": "do_nothing"}, {"actor": "bob", "type": "do_nothing"}],
        "dice": [6, 6, 5, 1]})
    assert status == 0
    assert out["state"]["fighters"][0]["conditions"] == ["stunned"]
    assert out["dice_left"] == [1]


def test_round_advances_when_a_fighter_acts_again(tmp_path):
    """A new round begins when a fighter who has had a turn this round acts again; ``state.round`` says which."""
    acts = [{"actor": "ann", "type": "do_nothing"}, {"actor": "bob", "type": "do_nothing"},
            {"actor": "bob", "type": "do_nothing"}, {"actor": "ann", "type": "do_nothing"},
            {"actor": "ann", "type": "do_nothing"}]
    rounds = []
    for n in range(1, len(acts) + 1):
        status, out = resolve(tmp_path, {"ruleset": "3d6-lite", "fighters": [man("ann", "red"), man("bob", "blue")],
                                         "actions": acts[:n], "dice": []})
        assert status == 0
        rounds.append(out["state"]["round"])
    assert rounds == [1, 1, 2, 2, 3]


# -- edge: a grip's hands come from the ruleset --------------------------------------------------------

def test_edge_grip_without_hands_has_none_E_5(tmp_path):
    """Ruling E-5: edge grapples commit no hands, so a grip given without ``hands`` comes back with 0."""
    edge = [{"id": "ann", "side": "red", "hex": [0, 0]}, {"id": "bob", "side": "blue", "hex": [1, 0], "facing": 3}]
    status, out = resolve(tmp_path, {"ruleset": "edge", "fighters": edge,
                                     "grapples": [{"holder": "ann", "target": "bob"}], "actions": []})
    assert status == 0
    assert out["state"]["grapples"] == [{"holder": "ann", "target": "bob", "location": "torso", "hands": 0,
                                         "kind": "grapple"}]


def test_a_3d6_grip_without_hands_still_has_one():
    """The default is the ruleset's: 3d6 keeps one hand (S0-REQ-1)."""
    from game.rules.base import find_ruleset

    assert find_ruleset("3d6-lite").grip_hands_default == 1
    assert find_ruleset("edge").grip_hands_default == 0


# -- 3d6: a location the ruleset has no rule for is illegal, not malformed ---------------------------

def test_lite_grab_at_the_neck_is_illegal_exit_3_S0_GRAB_2(tmp_path):
    """S0-GRAB-2: 3d6-lite has no neck grab; ``neck`` is in the contract's vocabulary, so exit 3 (not 2)."""
    status, out = resolve(tmp_path, {
        "ruleset": "3d6-lite", "fighters": [man("ann", "red"), man("bob", "blue", facing=3)],
        "actions": [{"actor": "ann", "type": "grapple", "target": "bob", "location": "neck", "hands": 2}],
        "dice": [3, 3, 3]})
    assert status == 3
    assert out["events"][-1]["type"] == "illegal" and "neck" in out["events"][-1]["reason"]
    assert out["events"][-1]["rule"] == "S0-GRAB-2"
    assert out["dice_left"] == [3, 3, 3]


def test_a_location_outside_the_contract_is_a_bad_file_exit_2(tmp_path):
    with pytest.raises(SituationError, match=r"actions\[0\]\.location: expected a body part .* got 'tail'"):
        resolve(tmp_path, {"ruleset": "3d6-lite", "fighters": [man("ann", "red"), man("bob", "blue")],
                           "actions": [{"actor": "ann", "type": "grapple", "target": "bob", "location": "tail"}]})


# -- d20: class names, room to run -----------------------------------------------------------------

@pytest.mark.parametrize(("cls", "ab"), [("fighter", 2), ("Fighter", 2), ("MAGIC-USER", 1), ("cleric", 1),
                                         ("thief", 1), ("normal man", 0)])
def test_d20_class_is_a_name_G4_3(tmp_path, cls, ab):
    """G4-3: the attack bonus comes from the class table; ``stats.class`` is the name the contract gives."""
    status, out = resolve(tmp_path, {
        "ruleset": "d20", "fighters": [d20("ann", "red", cls=cls), d20("bob", "blue", (1, 0), facing=3)],
        "actions": [{"actor": "ann", "type": "brawl", "target": "bob", "kind": "punch"}], "dice": [15, 2]})
    assert status == 0
    roll = next(e for e in out["events"] if e["type"] == "roll")
    assert roll["base"] == ab
    assert out["state"]["fighters"][0]["stats"]["class"] == cls.lower()


def test_d20_unknown_class_name_is_exit_2(tmp_path):
    with pytest.raises(SituationError, match=r"fighters\[0\]\.stats\.class: expected one of .*fighter.* got 'bard'"):
        resolve(tmp_path, {"ruleset": "d20", "fighters": [d20("ann", "red", cls="bard"), d20("bob", "blue")]})


def test_d20_run_of_16_hexes_beyond_the_outermost_fighter_S4_RUN_1(tmp_path):
    """S4-RUN-1 (80' a round, 16 hexes of 5'): the open field of ``map: null`` has no edge to stop it.

    (The class as its code, 1 = fighter, so this fails on the old 5-hex margin alone.)
    """
    status, out = resolve(tmp_path, {
        "ruleset": "d20", "fighters": [d20("ann", "red", cls=1, facing=3), d20("bob", "blue", (3, 0), cls=1)],
        "actions": [{"actor": "ann", "type": "run", "to": [-16, 0]}], "dice": []})
    assert (status, illegal(out)) == (0, [])
    assert out["state"]["fighters"][0]["hex"] == [-16, 0]


def test_d20_charge_of_16_hexes_S4_CHARGE_1(tmp_path):
    """S4-CHARGE-1: a charge runs 16 hexes to the foe; scripted d20 then 1d6 damage, doubled (S4-CHARGE-8)."""
    status, out = resolve(tmp_path, {
        "ruleset": "d20",
        "fighters": [d20("ann", "red", facing=3, hands={"right": "spear", "left": None}),
                     d20("bob", "blue", (-17, 0))],
        "actions": [{"actor": "ann", "type": "charge", "target": "bob", "to": [-16, 0]}], "dice": [15, 4]})
    assert (status, illegal(out)) == (0, [])
    dmg = next(e for e in out["events"] if e["type"] == "damage")
    assert dmg["amount"] == 8


# -- map null is unbounded -------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", ["3d6-lite", "3d6-full", "d20", "edge"])
def test_fighters_a_billion_hexes_apart_cost_nothing(tmp_path, ruleset):
    """``map: null`` is open ground without edges: no cells are built, however far apart the fighters stand."""
    far = 10**9
    fighters = [{"id": "ann", "side": "red", "hex": [far, far], "facing": 3},
                {"id": "bob", "side": "blue", "hex": [-far, 0]}]
    t0 = time.perf_counter()
    status, out = resolve(tmp_path, {"ruleset": ruleset, "map": None, "fighters": fighters,
                                     "actions": [{"actor": "ann", "type": "move", "to": [far - 2, far]},
                                                 {"actor": "bob", "type": "do_nothing"}], "dice": []})
    assert time.perf_counter() - t0 < 1.0
    assert (status, illegal(out)) == (0, [])
    assert out["state"]["fighters"][0]["hex"] == [far - 2, far]


def test_a_hex_beyond_the_bound_is_exit_2(tmp_path):
    with pytest.raises(SituationError, match=r"fighters\[1\]\.hex: \[1000000001, 0\] is beyond any board"):
        resolve(tmp_path, {"ruleset": "3d6-lite", "fighters": [man("ann", "red"), man("bob", "blue", (10**9 + 1, 0))]})


@pytest.mark.parametrize("ruleset", ["3d6-lite", "3d6-full", "d20", "edge"])
def test_the_unbounded_field_serves_the_menu_the_invariants_and_the_ai(tmp_path, ruleset):
    """Movement, ``legal_actions``, the invariant checks and the computer opponent read ``map: null`` as open ground."""
    from game.ai.invariants import check_invariants
    from game.ai.opponent import Opponent
    from game.files.situation import load_situation

    far = 10**9
    path = tmp_path / "sit.json"
    path.write_text(json.dumps({"ruleset": ruleset, "map": None, "fighters": [
        {"id": "ann", "side": "red", "hex": [far, far], "facing": 3},
        {"id": "bob", "side": "blue", "hex": [far - 5, far]}]}))
    sit = load_situation(path)
    board = sit.battle.board
    assert board.unbounded and not board.cells
    assert Hex(10**12, -3) in board and board.is_open(Hex(10**12, -3)) and board.cell(Hex(0, 0)) is None
    moves = [o for o in sit.ruleset.legal_actions(sit.battle, "ann") if o.legal and o.action.type == "move"]
    assert moves, "no legal move on open ground"
    assert check_invariants(sit.battle, sit.ruleset) == []
    sit.battle.current = "ann"
    decision = Opponent("normal", budget_ms=None, nodes=60, seed=1).decide(sit.battle, sit.ruleset, "ann")
    assert sit.ruleset.actions[decision.action.type] is type(decision.action)
    assert decision.action.check(sit.battle) is None


def test_in_vocabulary_values_the_rules_refuse_are_exit_3_S0_GRAB_7(tmp_path):
    """S0-GRAB-7: a grab needs a hand; ``hands: 0`` is in the contract's vocabulary, so the refusal is exit 3."""
    status, out = resolve(tmp_path, {
        "ruleset": "3d6-lite", "fighters": [man("ann", "red"), man("bob", "blue", facing=3)],
        "actions": [{"actor": "ann", "type": "grapple", "target": "bob", "hands": 0}]})
    assert status == 3 and out["events"][-1]["rule"] == "S0-GRAB-7"


def test_d20_kneeling_is_refused_as_illegal_S4_PRONE_2(tmp_path):
    """S4-PRONE-2: d20 knows standing and prone; ``kneeling`` is a contract posture, so exit 3 (``flying``: exit 2)."""
    sit = {"ruleset": "d20", "fighters": [d20("ann", "red"), d20("bob", "blue", (1, 0))],
           "actions": [{"actor": "ann", "type": "change_posture", "posture": "kneeling"}]}
    status, out = resolve(tmp_path, sit)
    assert status == 3 and "standing and prone" in out["events"][-1]["reason"]
    sit["actions"][0]["posture"] = "flying"
    with pytest.raises(SituationError, match=r"actions\[0\]\.posture: expected one of"):
        resolve(tmp_path, sit)


def test_dice_running_out_in_an_end_of_turn_roll_say_where_G0_7(tmp_path):
    """The end-of-turn stun roll (G0-7) needs its faces too: without them, exit 2 naming ``dice`` and the moment."""
    with pytest.raises(SituationError, match=r"dice: 2 faces are not enough: .*HT to recover from stun.* at the end "
                                             r"of ann's turn, after actions\[0\] \(do_nothing\)$"):
        resolve(tmp_path, {"ruleset": "3d6-lite", "fighters": [man("ann", "red", conditions=["stunned"]),
                                                                man("bob", "blue")],
                           "actions": [{"actor": "ann", "type": "do_nothing"}], "dice": [1, 1]})


def test_3d6_basic_speed_may_be_fractional_G0_4(tmp_path):
    """G0-4: Move is Basic Speed rounded down; a situation may give ``Speed: 7.25`` (SITUATION-FORMAT.md)."""
    ann = man("ann", "red")
    ann["stats"]["Speed"] = 7.25
    status, out = resolve(tmp_path, {"ruleset": "3d6-lite", "fighters": [ann, man("bob", "blue", (3, 1))],
                                     "actions": [{"actor": "ann", "type": "move", "to": [7, 0]}]})
    assert (status, out["state"]["fighters"][0]["hex"]) == (0, [7, 0])


def test_a_free_face_keeps_the_turn_and_a_second_face_is_refused_L_4(tmp_path):
    """Ruling L-4: facing is free once per turn. ``face`` then ``attack`` by ann is one turn (round 1); a second
    ``face`` in that turn is illegal; after bob's turn ann's next action is a new round."""
    fighters = [man("ann", "red"), man("bob", "blue", (1, 0), facing=3)]
    status, out = resolve(tmp_path, {"ruleset": "3d6-lite", "fighters": fighters, "dice": [],
                                     "actions": [{"actor": "ann", "type": "face", "facing": 1},
                                                 {"actor": "ann", "type": "do_nothing"}]})
    assert (status, out["state"]["round"], out["state"]["fighters"][0]["facing"]) == (0, 1, 1)
    status, out = resolve(tmp_path, {"ruleset": "3d6-lite", "fighters": fighters, "dice": [],
                                     "actions": [{"actor": "ann", "type": "face", "facing": 1},
                                                 {"actor": "ann", "type": "face", "facing": 2}]})
    assert status == 3 and "already turned this turn" in out["events"][-1]["reason"]
    status, out = resolve(tmp_path, {"ruleset": "3d6-lite", "fighters": fighters, "dice": [],
                                     "actions": [{"actor": "ann", "type": "face", "facing": 1},
                                                 {"actor": "bob", "type": "do_nothing"},
                                                 {"actor": "ann", "type": "face", "facing": 2}]})
    assert (status, out["state"]["round"], out["state"]["fighters"][0]["facing"]) == (0, 2, 2)
