"""nd6-tactical hand-to-hand (S3-HTH-1..20, S3-UNARMED-1/4/5/6, G3-9, G3-10, GX-3) with scripted dice.

Battles are built the way ``clinch resolve`` builds them (a situation dict, ``build_situation``, ``play``), so
each test reads like a situation file: fighters, actions, the faces of the dice in the order they are rolled.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import game.rules  # noqa: F401  (registers the rulesets)
from game.dice import ScriptedDice
from game.files.situation import build_situation, parse_situation, play
from game.hexgrid import Hex
from game.model.board import Board
from game.rules.nd6 import hth
from game.rules.nd6.actions import Attack
from game.rules.nd6.combat import plan_attack, weapon_damage

RULESET = "nd6-tactical"


def fighter(fid: str, side: str, hex_: list[int], **kw: Any) -> dict[str, Any]:
    """A fighter entry: ST 12, DX 12 unless told otherwise."""
    out: dict[str, Any] = {"id": fid, "side": side, "hex": hex_, "facing": kw.pop("facing", 0),
                           "stats": kw.pop("stats", {"ST": 12, "DX": 12})}
    out.update(kw)
    return out


def ann(**kw: Any) -> dict[str, Any]:
    """The attacker at [0, 0], facing its foe at [1, 0]."""
    return fighter("ann", "red", [0, 0], **kw)


def bob(**kw: Any) -> dict[str, Any]:
    """The defender at [1, 0], facing ann (its rear hex is [2, 0])."""
    kw.setdefault("facing", 3)
    return fighter("bob", "blue", kw.pop("hex", [1, 0]), **kw)


def situation(fighters: list[dict[str, Any]], actions: list[dict[str, Any]] = (), dice: list[int] | None = None):
    data = {"ruleset": RULESET, "map": None, "fighters": fighters, "actions": list(actions)}
    if dice is not None:
        data["dice"] = dice
    return build_situation(parse_situation(json.dumps(data)))


def run(fighters: list[dict[str, Any]], actions: list[dict[str, Any]], dice: list[int]):
    """Play the actions; returns (events, battle, dice left, index of an illegal action or None)."""
    sit = situation(fighters, actions, dice)
    d = ScriptedDice(list(dice))
    out = play(sit, d)
    return out.events, sit.battle, d.left, out.illegal_at


def of(events: list[dict[str, Any]], kind: str, **match: Any) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind and all(e.get(k) == v for k, v in match.items())]


def hth_roll(events: list[dict[str, Any]]) -> dict[str, Any]:
    (roll,) = [e for e in events if e["type"] == "roll" and e.get("table") == "hth"]
    return roll


def brawling(battle, *ids: str) -> bool:
    return all("in_hth" in battle.fighter(i).conditions for i in ids)


HTH = {"actor": "ann", "type": "hth", "target": "bob"}


# -- who may try (S3-HTH-1..5) ---------------------------------------------------------------------------------------

def test_s3_hth_1_no_circumstance_no_attempt():
    """S3-HTH-1..5: a standing foe as fast as you, faced from the front, free to step back, keeps you off."""
    events, battle, left, illegal = run([ann(), bob()], [HTH], [1])
    assert illegal == 0
    assert events[-1]["type"] == "illegal" and events[-1]["rule"] == "S3-HTH-1"
    assert battle.fighter("ann").hex == Hex(0, 0) and left == [1]


def test_s3_hth_1_cornered_condition():
    """S3-HTH-1: a foe given as ``cornered`` may be attacked in HTH; a 1 on the table starts the brawl."""
    events, battle, _, illegal = run([ann(), bob(conditions=["cornered"])], [HTH], [1])
    assert illegal is None
    assert hth_roll(events)["allowed_by"] == ["S3-HTH-1"]
    assert brawling(battle, "ann", "bob")


def test_s3_hth_1_back_to_the_wall_from_the_hexes_behind():
    """S3-HTH-1 found from the map: the three hexes beyond the foe are taken, so it cannot back away."""
    behind = [fighter(f"x{i}", "blue", h) for i, h in enumerate(([2, 0], [2, -1], [1, 1]))]
    sit = situation([ann(), bob(), *behind])
    a, b = sit.battle.fighter("ann"), sit.battle.fighter("bob")
    assert hth.circumstances(sit.battle, a, b) == ["S3-HTH-1"]
    # one of the three free again: it can step back
    sit.battle.fighter("x2").hex = Hex(5, 5)
    assert hth.circumstances(sit.battle, a, b) == []


def test_s3_hth_1_back_to_the_edge_of_the_map():
    """S3-HTH-1 from the map: the edge of a bounded field is a wall behind the foe."""
    sit = situation([ann(hex=[1, 1]), bob(hex=[2, 1])])
    a, b = sit.battle.fighter("ann"), sit.battle.fighter("bob")
    sit.battle.board = Board.open_field(3, 3)  # columns 0-2: bob stands on the right edge
    assert Hex(2, 1) in sit.battle.board and Hex(3, 1) not in sit.battle.board
    assert hth.cornered(sit.battle, a, b)


@pytest.mark.parametrize("posture", ["kneeling", "prone"])
def test_s3_hth_2_foe_kneeling_or_prone(posture):
    """S3-HTH-2: a kneeling or prone foe is open to HTH."""
    sit = situation([ann(), bob(posture=posture)])
    assert hth.circumstances(sit.battle, sit.battle.fighter("ann"), sit.battle.fighter("bob")) == ["S3-HTH-2"]


def test_s3_hth_3_lower_mov():
    """S3-HTH-3: a foe with a lower MOV (armour caps it too, G3-6) is open to HTH; an equal MOV is not."""
    sit = situation([ann(), bob(stats={"ST": 12, "DX": 12, "MOV": 8})])
    a, b = sit.battle.fighter("ann"), sit.battle.fighter("bob")
    assert hth.circumstances(sit.battle, a, b) == ["S3-HTH-3"]
    b.stats["MOV"] = 10
    assert hth.circumstances(sit.battle, a, b) == []


def test_s3_hth_4_from_the_rear_hex_and_not_from_the_side():
    """S3-HTH-4: from the foe's rear hex; a side hex is not enough; Martial Arts 4 turns the rear into a side
    (S3-MA-5), so nobody comes at it from behind."""
    sit = situation([fighter("ann", "red", [2, 0]), bob()])
    a, b = sit.battle.fighter("ann"), sit.battle.fighter("bob")
    assert hth.circumstances(sit.battle, a, b) == ["S3-HTH-4"]
    a.hex = Hex(2, -1)  # bob's side hex
    assert hth.circumstances(sit.battle, a, b) == []
    a.hex = Hex(2, 0)
    b.stats["MA"] = 4
    assert hth.circumstances(sit.battle, a, b) == []


def test_s3_hth_5_accept_needs_no_roll():
    """S3-HTH-5: ``accept: true`` (the foe wants it too) opens HTH and its table is not rolled."""
    events, battle, left, illegal = run([ann(), bob(hands={"right": "club", "left": None})],
                                        [dict(HTH, accept=True)], [])
    assert illegal is None and left == []
    assert not [e for e in events if e["type"] == "roll"]
    assert brawling(battle, "ann", "bob")
    assert battle.fighter("bob").hands["right"] is None  # it lets go of the club like any defender


def test_s3_hth_5_wants_hth_condition_and_a_foe_that_tried():
    """S3-HTH-5: a foe with ``wants_hth`` wants it; so does one that tried HTH on you this round."""
    sit = situation([ann(), bob(conditions=["wants_hth"])])
    assert hth.circumstances(sit.battle, sit.battle.fighter("ann"), sit.battle.fighter("bob")) == ["S3-HTH-5"]
    # bob tries on ann from the front with the table's 5 (fended off); ann then goes in: no roll
    events, battle, left, illegal = run(
        [ann(stats={"ST": 12, "DX": 12, "MOV": 8}), bob()],
        [{"actor": "bob", "type": "hth", "target": "ann"}, HTH], [5])
    assert illegal is None and left == []
    assert len([e for e in events if e.get("table") == "hth"]) == 1
    assert brawling(battle, "ann", "bob")


def test_s3_hth_5_accept_under_the_turn_controller_needs_the_foe_to_want_it():
    """S3-HTH-5: in a played battle ``accept`` is refused unless the foe said so; the options offer it only then."""
    sit = situation([ann(), bob()])
    battle = sit.battle
    battle.state["initiative"] = {"phase": "action"}
    why = hth.EnterHTH(actor="ann", target="bob", accept=True).check(battle)
    assert why is not None and why.rule == "S3-HTH-5"
    assert [o.accept for o in hth.options(battle, battle.fighter("ann"))] == [False]
    battle.fighter("bob").conditions.append("wants_hth")
    assert hth.EnterHTH(actor="ann", target="bob", accept=True).check(battle) is None
    assert [o.accept for o in hth.options(battle, battle.fighter("ann"))] == [True]


# -- the attempt (S3-HTH-6..14) ------------------------------------------------------------------------------------

def test_s3_hth_6_counts_as_the_rounds_attack():
    """S3-HTH-6: trying HTH is the round's attack: it marks the fighter as having acted, and a fighter that
    ran more than half its MOV may not try."""
    sit = situation([ann(), bob(posture="prone")])
    battle = sit.battle
    battle.state["initiative"] = {"phase": "action"}
    act = hth.EnterHTH(actor="ann", target="bob")
    assert act.check(battle) is None
    act.resolve(battle, ScriptedDice([5]))  # fended off
    assert battle.fighter("ann").counters["acted"]["round"] == battle.round
    assert Attack(actor="ann", target="bob", item=None).check(battle).text.endswith("has already acted this round.")
    sit = situation([ann(), bob(posture="prone")])
    sit.battle.fighter("ann").counters["moved"] = {"round": sit.battle.round, "hexes": 6}
    why = hth.EnterHTH(actor="ann", target="bob").check(sit.battle)
    assert why is not None and why.rule == "S3-HTH-6"


def test_s3_hth_7_attacker_moves_into_the_foes_hex():
    """S3-HTH-7: the attacker moves into the enemy's hex when the brawl begins; not next to it: no attempt."""
    events, battle, _, _ = run([ann(), bob(posture="prone")], [HTH], [2])
    assert of(events, "move", target="ann", rule="S3-HTH-7")[0]["to"] == [1, 0]
    assert battle.fighter("ann").hex == battle.fighter("bob").hex == Hex(1, 0)
    far = situation([ann(), bob(hex=[2, 0], posture="prone")])
    assert hth.EnterHTH(actor="ann", target="bob").check(far.battle).rule == "S3-HTH-7"


def test_s3_hth_8_attacker_keeps_a_knife_drops_the_rest():
    """S3-HTH-8: a ready knife comes along; a fire axe (both hands) is dropped before the die."""
    events, battle, _, _ = run([ann(hands={"right": "knife", "left": "club"}), bob(posture="prone")], [HTH], [1])
    assert [(e["item"], e["rule"]) for e in of(events, "item", actor="ann")] == [("club", "S3-HTH-8")]
    assert battle.fighter("ann").hands == {"right": "knife", "left": None}
    events, battle, _, _ = run([ann(hands={"right": "fire_axe", "left": "fire_axe"}), bob(posture="prone")],
                               [HTH], [5])
    assert of(events, "item", actor="ann", item="fire_axe", action="dropped")
    assert battle.fighter("ann").hands == {"right": None, "left": None}  # ruling ND6-6: dropped even when fended off
    assert not brawling(battle, "ann")


def test_s3_hth_8_only_hth_weapons_inside():
    """S3-HTH-8: inside a brawl a club cannot strike; a knife, brass knuckles or a pistol can."""
    both = dict(conditions=["in_hth"], posture="prone")
    sit = situation([ann(hex=[1, 0], hands={"right": "club", "left": "brass_knuckles"}, **both), bob(**both)])
    battle = sit.battle
    why = Attack(actor="ann", target="bob", item="club").check(battle)
    assert why is not None and why.rule == "S3-HTH-8"
    assert Attack(actor="ann", target="bob", item="brass_knuckles").check(battle) is None


def test_s3_hth_9_the_table_roll_event():
    """S3-HTH-9: one die, its modifiers, the total, the row and its effect in one ``roll`` event."""
    events, _, left, _ = run([fighter("ann", "red", [2, 0]), bob(stats={"ST": 12, "DX": 12, "MA": 1})],
                             [HTH], [4])
    roll = hth_roll(events)
    assert roll["rule"] == "S3-HTH-9" and roll["dice"] == [4] and left == []
    assert [m["value"] for m in roll["modifiers"]] == [-2, 1]
    assert roll["total"] == 3 and roll["row"] == "3-4" and roll["success"] is True
    assert roll["effect"].startswith("bob lets go")


def test_s3_hth_10_two_or_less_defender_drops_all_but_pistol_both_down():
    """S3-HTH-10: on 2 or less the defender lets go of all but a pistol, both go prone, the brawl begins."""
    events, battle, _, _ = run(
        [ann(), bob(posture="kneeling", hands={"right": "pistol", "left": "club"})], [HTH], [2])
    assert hth_roll(events)["row"] == "<=2"
    assert [e["item"] for e in of(events, "item", actor="bob", action="dropped")] == ["club"]
    b = battle.fighter("bob")
    assert b.hands == {"right": "pistol", "left": None}
    assert {battle.fighter("ann").posture, b.posture} == {"prone"}
    assert brawling(battle, "ann", "bob")
    assert of(events, "condition", target="bob", add="in_hth", rule="S3-HTH-10")


def test_s3_hth_11_three_or_four_belt_knife_ready_next_turn():
    """S3-HTH-11: on 3-4 as on 2 or less, and a knife on the defender's belt is in its hand at its next turn."""
    events, battle, _, _ = run(
        [ann(), bob(posture="prone", hands={"right": "broadsword", "left": None}, belt=["knife"])],
        [HTH, {"actor": "bob", "type": "wait"}], [3])
    assert hth_roll(events)["row"] == "3-4"
    assert of(events, "item", actor="bob", item="broadsword", action="dropped", rule="S3-HTH-11")
    ready = of(events, "item", actor="bob", item="knife", action="readied")
    assert ready and ready[0]["rule"] == "S3-HTH-11"
    # readied as bob's turn begins, not during ann's attempt
    assert events.index(ready[0]) > events.index(of(events, "message", rule="S3-HTH-11")[0])
    assert battle.fighter("bob").hands["right"] == "knife" and "knife" not in battle.fighter("bob").items


def test_s3_hth_11_only_on_three_or_four():
    """S3-HTH-11: on 2 or less the belt knife stays on the belt."""
    events, battle, _, _ = run([ann(), bob(posture="prone", belt=["knife"])],
                               [HTH, {"actor": "bob", "type": "wait"}], [1])
    assert not of(events, "item", item="knife")
    assert "knife" in battle.fighter("bob").items


def test_s3_hth_12_five_or_six_no_brawl():
    """S3-HTH-12: on 5-6 the attacker stays in its hex, the defender keeps its weapon, no HTH."""
    events, battle, _, _ = run([ann(), bob(posture="prone", hands={"right": "club", "left": None})], [HTH], [6])
    assert hth_roll(events)["row"] == "5-6" and hth_roll(events)["success"] is False
    assert battle.fighter("ann").hex == Hex(0, 0)
    assert battle.fighter("bob").hands["right"] == "club"
    assert not brawling(battle, "ann") and not brawling(battle, "bob")
    assert not of(events, "damage")


def test_s3_hth_13_seven_or_more_defender_hits_automatically():
    """S3-HTH-13: on 7+ (here 5 + 2 for two Martial Arts levels more) the defender lands one automatic hit
    with its ready weapon and rolls damage; no attack roll."""
    events, battle, left, _ = run(
        [ann(), bob(posture="prone", stats={"ST": 12, "DX": 12, "MA": 2}, hands={"right": "club", "left": None})],
        [HTH], [5, 4])
    assert hth_roll(events)["total"] == 7 and hth_roll(events)["row"] == "7+"
    assert not [e for e in events if e["type"] == "roll" and e.get("rule") == "G3-1"]
    (dmg,) = of(events, "damage", actor="bob", target="ann")
    # a club at ST 12 is the one-handed club column, 1d6+1 (S3-UNARMED-7): 4 + 1
    assert dmg["amount"] == 5 and dmg["injury"] == 5
    assert battle.fighter("ann").hp == 7 and left == []
    assert of(events, "message", rule="S3-HTH-13")
    assert not brawling(battle, "ann")


def test_s3_hth_13_bare_handed_defender():
    """S3-HTH-13: a defender with nothing ready hits with bare hands (the ST table's Damage column)."""
    events, battle, _, _ = run([ann(), bob(posture="prone", stats={"ST": 12, "DX": 12, "MA": 3})], [HTH], [4, 6])
    # ST 12 punches 1d6-2, Martial Arts 3 adds +3 (S3-MA-4): 6 - 2 + 3
    assert of(events, "damage", actor="bob")[0]["amount"] == 7


def test_s3_hth_14_from_behind_and_martial_arts_levels():
    """S3-HTH-14: -2 from behind turns a 5 into a 3 (the brawl begins); +1 per defender's MA level above the
    attacker's; the attacker's own levels cancel the defender's."""
    events, battle, _, _ = run([fighter("ann", "red", [2, 0]), bob()], [HTH], [5])
    roll = hth_roll(events)
    assert roll["total"] == 3 and roll["modifiers"][0]["rule"] == "S3-HTH-14"
    assert brawling(battle, "ann", "bob")
    sit = situation([ann(stats={"ST": 12, "DX": 12, "MA": 1}), bob(stats={"ST": 12, "DX": 12, "MA": 3})])
    mods = hth.table_mods(sit.battle, sit.battle.fighter("ann"), sit.battle.fighter("bob"))
    assert [m.value for m in mods] == [2]
    sit.battle.fighter("ann").stats["MA"] = 3
    assert hth.table_mods(sit.battle, sit.battle.fighter("ann"), sit.battle.fighter("bob")) == []


# -- joining, inside, outsiders (S3-HTH-15..20, GX-3) ----------------------------------------------------------------

BRAWL = dict(conditions=["in_hth"], posture="prone")


def test_s3_hth_15_joining_needs_no_roll_brawl_of_three():
    """S3-HTH-15: a third figure joins a brawl going on next to it with no roll and no circumstance: 2 v 1."""
    events, battle, left, illegal = run(
        [ann(hex=[1, 0], **BRAWL), bob(**BRAWL), fighter("cid", "red", [2, 0], facing=3,
                                                         hands={"right": "broadsword", "left": None})],
        [{"actor": "cid", "type": "hth", "target": "bob"}], [])
    assert illegal is None and left == []
    assert not [e for e in events if e["type"] == "roll"]
    assert of(events, "item", actor="cid", item="broadsword", rule="S3-HTH-8")
    assert of(events, "condition", target="cid", add="in_hth", rule="S3-HTH-15")
    assert battle.fighter("cid").hex == Hex(1, 0)
    assert brawling(battle, "ann", "bob", "cid")


def test_s3_hth_15_brawl_of_four_two_against_two_and_the_cap_of_five():
    """S3-HTH-15 and GX-3: a fourth figure joins (2 v 2); at five figures nobody else gets in."""
    fs = [ann(hex=[1, 0], **BRAWL), bob(**BRAWL), fighter("cid", "red", [1, 0], **BRAWL),
          fighter("dan", "blue", [2, 0])]
    events, battle, _, illegal = run(fs, [{"actor": "dan", "type": "hth", "target": "ann"}], [])
    assert illegal is None and brawling(battle, "ann", "bob", "cid", "dan")
    fs = [ann(hex=[1, 0], **BRAWL), bob(**BRAWL), fighter("cid", "red", [1, 0], **BRAWL),
          fighter("dan", "blue", [1, 0], **BRAWL), fighter("eve", "blue", [1, 0], **BRAWL),
          fighter("fay", "blue", [0, 1])]
    sit = situation(fs)
    why = hth.EnterHTH(actor="fay", target="ann").check(sit.battle)
    assert why is not None and why.rule == "GX-3"


def test_s3_hth_16_plus_four_inside_and_no_prone_modifiers():
    """S3-HTH-16: brawlers get +4 DX against each other; lying down inside changes nothing (G3-5, G3-8)."""
    sit = situation([ann(hex=[1, 0], **BRAWL), bob(**BRAWL)])
    plan = plan_attack(sit.battle, sit.battle.fighter("ann"), sit.battle.fighter("bob"), None)
    assert [(m.value, m.rule) for m in plan.spec.modifiers] == [(4, "S3-HTH-16")]
    assert plan.spec.target == 16 and plan.hth
    events, battle, _, _ = run([ann(hex=[1, 0], **BRAWL), bob(**BRAWL)],
                               [{"actor": "ann", "type": "attack", "target": "bob", "item": None}], [6, 5, 4, 3])
    roll = of(events, "roll", rule="G3-1")[0]
    assert roll["target"] == 16 and roll["success"] is True  # 15 hits only with the +4
    assert of(events, "damage", target="bob")[0]["amount"] == 2  # ST 12 HTH column 1d6-1 (S3-UNARMED-4)


def test_s3_hth_17_outsider_melee_plus_four_missile_not():
    """S3-HTH-17: a figure outside striking into the brawl with a melee weapon gets +4 (no facing bonus);
    a shot does not."""
    sit = situation([ann(hex=[1, 0], **BRAWL), bob(**BRAWL),
                     fighter("cid", "red", [2, 0], hands={"right": "club", "left": "pistol"})])
    c, b = sit.battle.fighter("cid"), sit.battle.fighter("bob")
    plan = plan_attack(sit.battle, c, b, "club")
    assert [(m.value, m.rule) for m in plan.spec.modifiers] == [(4, "S3-HTH-17")] and not plan.hth
    plan = plan_attack(sit.battle, c, b, "pistol")
    assert not [m for m in plan.spec.modifiers if m.rule == "S3-HTH-17"]


def test_s3_hth_18_brawler_misses_and_hits_a_friend_g3_10():
    """S3-HTH-18 with G3-10: ann misses bob, rolls to avoid cid (3d6 vs the same 16) and fails: cid is hit."""
    fs = [ann(hex=[1, 0], **BRAWL), bob(**BRAWL), fighter("cid", "red", [1, 0], **BRAWL)]
    events, battle, left, _ = run(fs, [{"actor": "ann", "type": "attack", "target": "bob", "item": None}],
                                  [6, 6, 4, 6, 6, 5, 4])
    attack, avoid = [e for e in events if e["type"] == "roll"]
    assert attack["success"] is False and attack["target"] == 16
    assert avoid["rule"] == "G3-10" and avoid["for_rule"] == "S3-HTH-18" and avoid["target"] == 16
    assert avoid["target_id"] == "cid" and avoid["success"] is False
    (dmg,) = of(events, "damage")
    assert (dmg["target"], dmg["amount"], dmg["rule"]) == ("cid", 3, "S3-HTH-18")  # 1d6-1: 4 - 1
    assert battle.fighter("cid").hp == 9 and battle.fighter("bob").hp is None and left == []


def test_g3_10_avoid_roll_success_spares_each_figure():
    """G3-10: a success spares that figure; every other brawler is rolled for in turn (here two, both spared)."""
    fs = [ann(hex=[1, 0], **BRAWL), bob(**BRAWL), fighter("cid", "red", [1, 0], **BRAWL),
          fighter("dan", "blue", [1, 0], **BRAWL)]
    events, battle, left, _ = run(fs, [{"actor": "ann", "type": "attack", "target": "bob", "item": None}],
                                  [6, 6, 4, 1, 2, 3, 4, 4, 4])
    avoids = of(events, "roll", rule="G3-10")
    assert [(e["target_id"], e["success"]) for e in avoids] == [("cid", True), ("dan", True)]
    assert not of(events, "damage") and left == []


def test_s3_hth_19_adjacent_outsider_misses_must_avoid_the_rest():
    """S3-HTH-19: cid, next to the brawl, misses bob with a club and must avoid ann; failing, it hits ann."""
    fs = [ann(hex=[1, 0], **BRAWL), bob(**BRAWL), fighter("cid", "blue", [2, 0], hands={"right": "club", "left": None})]
    events, battle, left, _ = run(fs, [{"actor": "cid", "type": "attack", "target": "bob"}],
                                  [6, 6, 4, 6, 6, 6, 2])
    attack, avoid = [e for e in events if e["type"] == "roll"]
    assert attack["target"] == 16 and not attack["success"]
    assert avoid["for_rule"] == "S3-HTH-19" and avoid["target_id"] == "ann"
    dmg = of(events, "damage")[0]
    assert (dmg["target"], dmg["amount"]) == ("ann", 3)  # club at ST 12: 1d6+1
    assert left == []


def test_s3_hth_20_a_shot_into_the_brawl_hits_a_random_member():
    """S3-HTH-20: a shot from outside rolls to hit first, then 1dN (N figures in the brawl) picks the one struck."""
    fs = [ann(hex=[1, 0], **BRAWL), bob(**BRAWL), fighter("cid", "blue", [5, 0], hands={"right": "pistol", "left": None})]
    events, battle, left, _ = run(fs, [{"actor": "cid", "type": "attack", "target": "ann"}], [3, 3, 3, 2, 4, 4])
    hit = of(events, "roll", rule="G3-1")[0]
    pick = of(events, "roll", rule="S3-HTH-20")[0]
    assert hit["success"] and pick["sides"] == 2 and pick["dice"] == [2] and pick["target_id"] == "bob"
    assert events.index(hit) < events.index(pick)
    (dmg,) = of(events, "damage")
    assert dmg["target"] == "bob"  # cid's own friend, picked at random
    assert left == []


def test_s3_hth_20_a_missed_shot_strikes_nobody():
    """S3-HTH-20: a shot that misses the brawl rolls no avoid and no pick."""
    fs = [ann(hex=[1, 0], **BRAWL), bob(**BRAWL), fighter("cid", "blue", [5, 0], hands={"right": "pistol", "left": None})]
    events, _, left, _ = run(fs, [{"actor": "cid", "type": "attack", "target": "ann"}], [6, 6, 4])
    assert [e["rule"] for e in events if e["type"] == "roll"] == ["G3-1"]
    assert not of(events, "damage") and left == []


# -- leaving (G3-9) -------------------------------------------------------------------------------------------------

def test_g3_9_leave_success_stands_moves_and_ends_the_brawl():
    """G3-9: 3d6 under adjusted DX breaks away: up, into the empty hex, out of HTH; one side alone ends it."""
    events, battle, left, _ = run([ann(hex=[1, 0], **BRAWL), bob(**BRAWL)],
                                  [{"actor": "ann", "type": "leave_hth", "to": [0, 0]}], [4, 4, 4])
    roll = of(events, "roll", rule="G3-9")[0]
    assert roll["target"] == 12 and roll["success"]
    a, b = battle.fighter("ann"), battle.fighter("bob")
    assert a.hex == Hex(0, 0) and a.posture == "standing" and not brawling(battle, "ann")
    assert not brawling(battle, "bob") and b.posture == "prone"  # the brawl is over; bob still lies there
    assert of(events, "message", rule="G3-9")


def test_g3_9_leave_failure_stays():
    """G3-9: a failed roll keeps the fighter in the brawl."""
    events, battle, _, _ = run([ann(hex=[1, 0], **BRAWL), bob(**BRAWL)],
                               [{"actor": "ann", "type": "leave_hth", "to": [0, 0]}], [5, 5, 5])
    assert battle.fighter("ann").hex == Hex(1, 0) and brawling(battle, "ann", "bob")


def test_g3_9_leaving_a_two_against_one_brawl_leaves_it_going():
    """G3-9: the brawl goes on while both sides are still in it."""
    fs = [ann(hex=[1, 0], **BRAWL), bob(**BRAWL), fighter("cid", "red", [1, 0], **BRAWL)]
    _, battle, _, _ = run(fs, [{"actor": "ann", "type": "leave_hth", "to": [0, 0]}], [3, 3, 3])
    assert not brawling(battle, "ann") and brawling(battle, "bob", "cid")


def test_g3_9_leave_needs_an_empty_neighbouring_hex():
    """G3-9: only to an empty hex next to the brawl; outside a brawl there is nothing to leave."""
    sit = situation([ann(hex=[1, 0], **BRAWL), bob(**BRAWL), fighter("cid", "red", [0, 0])])
    assert hth.LeaveHTH(actor="ann", to=(0, 0)).check(sit.battle).rule == "G3-9"
    assert hth.LeaveHTH(actor="ann", to=(3, 0)).check(sit.battle).rule == "G3-9"
    assert hth.LeaveHTH(actor="ann", to=(2, 0)).check(sit.battle) is None
    assert hth.LeaveHTH(actor="cid", to=(0, 1)).check(sit.battle).rule == "G3-9"


def test_g3_9_a_brawler_knocked_out_leaves_the_brawl():
    """G3-9 (after_out): bob falls unconscious inside; with one side left the brawl is over."""
    fs = [ann(hex=[1, 0], stats={"ST": 12, "DX": 12, "MA": 3}, **BRAWL), bob(hp=3, **BRAWL)]
    events, battle, _, _ = run(fs, [{"actor": "ann", "type": "attack", "target": "bob", "item": None}],
                               [3, 3, 4, 6])
    assert "unconscious" in battle.fighter("bob").conditions or "dead" in battle.fighter("bob").conditions
    assert not brawling(battle, "ann") and not brawling(battle, "bob")
    assert of(events, "condition", target="ann", remove="in_hth", rule="G3-9")


# -- unarmed damage in both kinds (S3-UNARMED-1, -4..6) -------------------------------------------------------------

def test_s3_unarmed_1_both_kinds_of_bare_handed_combat():
    """S3-UNARMED-1: a punch at a foe in the next hex (the Damage column) and one inside a brawl (the HTH
    column, base +1, S3-UNARMED-4), both with bare hands."""
    events, _, _, _ = run([ann(), bob()], [{"actor": "ann", "type": "attack", "target": "bob", "item": None}],
                          [3, 3, 4, 5])
    assert of(events, "damage")[0]["amount"] == 3  # ST 12: 1d6-2
    events, _, _, _ = run([ann(hex=[1, 0], **BRAWL), bob(**BRAWL)],
                          [{"actor": "ann", "type": "attack", "target": "bob", "item": None}], [3, 3, 4, 5])
    assert of(events, "damage")[0]["amount"] == 4  # ST 12: 1d6-1


def test_s3_unarmed_4_5_6_hth_damage_columns():
    """S3-UNARMED-4, S3-UNARMED-5, S3-UNARMED-6: inside, bare hands base +1, a knife base +4, brass knuckles
    base +2, all read from the ST 10 row (S3-UNARMED-2: ST sets them all; base 1d6-3)."""
    sit = situation([ann(stats={"ST": 10, "DX": 12})])
    a = sit.battle.fighter("ann")
    assert str(weapon_damage(a, None, hth=False)[0]) == "1d6-3"
    assert str(weapon_damage(a, None, hth=True)[0]) == "1d6-2"
    assert str(weapon_damage(a, "knife", hth=True)[0]) == "1d6+1"
    assert str(weapon_damage(a, "brass_knuckles", hth=True)[0]) == "1d6-1"


# -- menu, odds, the ruleset --------------------------------------------------------------------------------------

def test_odds_of_the_table():
    """S3-HTH-9..14 as odds: from behind (-2) rows <=2 and 3-4 take faces 1-4 and 5-6 ... ; joining is sure."""
    sit = situation([fighter("ann", "red", [2, 0]), bob()])
    o = hth.odds(sit.battle, hth.EnterHTH(actor="ann", target="bob"))
    assert o["row:<=2"] == pytest.approx(4 / 6) and o["row:3-4"] == pytest.approx(2 / 6)
    assert o["enter"] == pytest.approx(1.0) and o["repelled"] == 0 and o["auto_hit"] == 0
    sit = situation([ann(), bob(posture="prone", stats={"ST": 12, "DX": 12, "MA": 2})])
    o = hth.odds(sit.battle, hth.EnterHTH(actor="ann", target="bob"))
    assert (o["enter"], o["repelled"], o["auto_hit"]) == pytest.approx((2 / 6, 2 / 6, 2 / 6))
    assert sit.ruleset.odds(sit.battle, hth.EnterHTH(actor="ann", target="bob")) == o
    assert sit.ruleset.headline(o) == "enter"
    o = hth.odds(sit.battle, hth.EnterHTH(actor="ann", target="bob", accept=True))
    assert o["enter"] == 1.0


def test_odds_of_leaving():
    """G3-9: leaving is a plain 3d6 save against adjusted DX: DX 12 -> 74.1%."""
    sit = situation([ann(hex=[1, 0], **BRAWL), bob(**BRAWL)])
    o = hth.odds(sit.battle, hth.LeaveHTH(actor="ann", to=(0, 0)))
    assert o["success"] == pytest.approx(160 / 216)
    assert hth.odds(sit.battle, Attack(actor="ann", target="bob")) is None


def test_options_and_legal_actions():
    """The menu: ``hth`` per foe next to it (one per brawl to join); inside, ``leave_hth`` per empty hex."""
    fs = [ann(), bob(posture="prone"), fighter("cid", "red", [0, 1], **BRAWL), fighter("dan", "blue", [0, 1], **BRAWL),
          fighter("eve", "blue", [0, 1], **BRAWL)]
    sit = situation(fs)
    battle = sit.battle
    targets = [a.target for a in hth.options(battle, battle.fighter("ann"))]
    assert targets.count("bob") == 1 and len([t for t in targets if t in ("dan", "eve")]) == 1
    leaves = hth.options(battle, battle.fighter("cid"))
    assert {a.to for a in leaves} == {(1, 1), (-1, 1), (-1, 2), (0, 2)}  # ann and bob stand on [0, 0], [1, 0]
    legal = {(o.action.type, getattr(o.action, "target", None)) for o in sit.ruleset.legal_actions(battle, "ann")
             if o.legal}
    assert ("hth", "bob") in legal
    assert any(o.action.type == "leave_hth" and o.legal for o in sit.ruleset.legal_actions(battle, "cid"))


def test_round_trip_of_the_actions():
    """The actions' dict form comes back as the same action (the contract's round trip)."""
    sit = situation([ann(), bob()])
    for act in (hth.EnterHTH(actor="ann", target="bob", accept=True), hth.LeaveHTH(actor="ann", to=(1, -1))):
        assert sit.ruleset.action_from_dict({"type": act.type, **act.to_dict()}) == act


def test_g3_9_those_left_after_a_brawl_read_back_and_foes_still_may_not_share():
    """G3-9 with ruling ND6-7 and GX-3: one side left lying in a hex after its brawl is a state a situation may
    give (the output of a brawl's end reads back); foes sharing a hex outside HTH are still refused."""
    sit = situation([ann(hex=[1, 0], posture="prone"), fighter("cid", "red", [1, 0], posture="prone"), bob(hex=[3, 0])])
    assert sit.battle.fighter("cid").hex == sit.battle.fighter("ann").hex
    with pytest.raises(ValueError, match="GX-3"):
        situation([ann(hex=[1, 0]), bob()])
    with pytest.raises(ValueError, match="GX-3"):
        situation([ann(hex=[1, 0], conditions=["in_hth"]), fighter("cid", "red", [1, 0]), bob(hex=[3, 0])])
