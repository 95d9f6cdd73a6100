"""nd6-tactical Martial Arts and the special moves: S3-MA-1..9, S3-KNOCK-1..6, S3-SLAM-1..6, S3-SUBDUE-1..5,
S3-DISARM-1..3 with GAPS G3-2, G3-15, G3-17, G3-29, G3-30 and ruling ND6-8, all on scripted dice.

Battles are built the way ``clinch resolve`` builds them (a situation dict), so each test reads like a
situation file: fighters, actions, dice; then the events and the state are checked.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import game.rules  # noqa: F401  (registers nd6-tactical)
from game.dice import ScriptedDice
from game.files.situation import build_situation, parse_situation, play
from game.hexgrid import Hex, arc_of, hex_neighbor
from game.rules.nd6 import damage as D
from game.rules.nd6 import martial as M
from game.rules.nd6 import rolls
from game.rules.nd6.actions import Attack, Defend
from game.rules.nd6.combat import dice_against, plan_attack, weapon_damage
from game.rules.nd6.status import engaged_with, ma_level, ma_usable

RULESET = "nd6-tactical"


def fx(fid: str, side: str, at: tuple[int, int], *, facing: int = 0, ST: int = 10, DX: int = 10, MA: int = 0,
       **extra: Any) -> dict[str, Any]:
    """One fighter of a situation: stats by keyword, anything else (hands, worn, conditions, hp...) as given."""
    stats = {"ST": ST, "DX": DX}
    if MA:
        stats["MA"] = MA
    return {"id": fid, "side": side, "hex": list(at), "facing": facing, "stats": stats, **extra}


def brawler(fid: str, side: str, **kw: Any) -> dict[str, Any]:
    """A fighter in the hand-to-hand at [0, 0]: on the ground, as S3-HTH-10 leaves both."""
    conds = ["in_hth", *kw.pop("conditions", [])]
    return fx(fid, side, (0, 0), posture="prone", conditions=conds, **kw)


def build(fighters: list[dict[str, Any]], actions: list[dict[str, Any]] = (), grapples: list[dict] = ()):
    data = {"ruleset": RULESET, "map": None, "fighters": fighters, "actions": list(actions),
            "grapples": list(grapples)}
    return build_situation(parse_situation(json.dumps(data)))


def run(fighters, actions, dice, grapples=()):
    """Play the actions; returns (battle, events, illegal index or None, dice left)."""
    sit = build(fighters, actions, grapples)
    d = ScriptedDice(list(dice))
    out = play(sit, d)
    return sit.battle, out.events, out.illegal_at, d.left


def of(events, kind: str, **match: Any) -> list[dict]:
    return [e for e in events if e["type"] == kind and all(e.get(k) == v for k, v in match.items())]


def illegal(events) -> dict:
    found = of(events, "illegal")
    assert found, events
    return found[-1]


def check(fighters, action: dict[str, Any], grapples=()):
    """The reason (or None) the ruleset gives for ``action`` on a fresh battle."""
    sit = build(fighters, [action], grapples)
    return sit.actions[0].check(sit.battle), sit.battle


def neighbour_in(arc: str, facing: int = 0) -> Hex:
    return next(h for h in (hex_neighbor(Hex(0, 0), i) for i in range(6)) if arc_of(Hex(0, 0), facing, h) == arc)


# -- S3-MA-1..9 as the attack rules read them ----------------------------------------------------------------------

@pytest.mark.parametrize(("worn", "hands", "usable"), [
    ([], {}, True),
    (["armored_vest"], {}, True),
    (["jacket"], {}, True),
    (["full_body_armor"], {}, True),
    (["full_body_armor", "gas_mask"], {}, True),
    (["jacket", "full_body_armor"], {}, False),
    (["jacket"], {"left": "shield"}, True),
])
def test_s3_ma_1_armour_and_shield_costing_more_than_2_dx_forbid_martial_arts(worn, hands, usable):
    """S3-MA-1: unarmoured, an armoured vest, or armour and shield costing 2 DX or less; a gas mask is gear."""
    sit = build([fx("ann", "red", (0, 0), MA=3, worn=worn, hands={"right": None, "left": None, **hands}),
                 fx("bob", "blue", (1, 0), facing=3)])
    ann = sit.battle.fighter("ann")
    assert ma_usable(ann) is usable
    assert ma_level(ann) == (3 if usable else 0)
    bonus = weapon_damage(ann, None, hth=False)[0]
    assert bonus == D.unarmed_table(10, "base").plus(3 if usable else 0)


def test_s3_ma_1_armour_refuses_a_knockdown_with_its_reason():
    """S3-MA-1: Martial Arts 2 in armour costing 3 DX may not knock down; the reason says armour."""
    why, _ = check([fx("ann", "red", (0, 0), MA=2, worn=["jacket", "full_body_armor"]),
                    fx("bob", "blue", (1, 0), facing=3)], {"actor": "ann", "type": "knockdown", "target": "bob"})
    assert why is not None and why.rule == "S3-MA-1"


@pytest.mark.parametrize(("level", "bonus"), [(0, 0), (1, 1), (2, 2), (3, 3), (4, 3), (5, 3)])
def test_s3_ma_2_3_4_g3_30_bare_handed_damage_bonus_by_level(level, bonus):
    """S3-MA-2/3/4: +1/+2/+3 bare-handed, in regular unarmed combat and in HTH; G3-30: level 4 and the Master
    keep +3. A weapon gets nothing."""
    sit = build([fx("ann", "red", (0, 0), ST=12, MA=level, hands={"right": "club", "left": None}),
                 fx("bob", "blue", (1, 0), facing=3)])
    ann = sit.battle.fighter("ann")
    assert weapon_damage(ann, None, hth=False)[0] == D.unarmed_table(12, "base").plus(bonus)
    assert weapon_damage(ann, None, hth=True)[0] == D.unarmed_table(12, "hth").plus(bonus)
    assert weapon_damage(ann, "club", hth=False)[0] == weapon_damage(
        build([fx("x", "red", (0, 0), ST=12)]).battle.fighter("x"), "club", hth=False)[0]


def test_s3_ma_4_punch_damage_on_scripted_dice():
    """S3-MA-4: ST 10 punches for 1d6-3; at Martial Arts 3 for 1d6 (+3): a 4 on the die is 4 hits."""
    battle, ev, bad, left = run([fx("ann", "red", (0, 0), MA=3, DX=12), fx("bob", "blue", (1, 0), facing=3, ST=12)],
                                [{"actor": "ann", "type": "attack", "target": "bob", "item": None}],
                                [3, 3, 3, 4])
    assert bad is None and left == []
    dmg = of(ev, "damage")[0]
    assert dmg["amount"] == 4 and dmg["injury"] == 4
    assert battle.fighter("bob").hp == 8


def test_s3_ma_4_bare_hands_defend_needs_level_3():
    """S3-MA-4: level 3 may defend bare-handed against any weapon; level 2 may declare a defence too, but bare
    hands then hold only against unarmed blows, not a weapon (ruling ND6-5)."""
    from game.rules.nd6.combat import can_defend_against

    foe = fx("bob", "blue", (1, 0), facing=3)
    why, b = check([fx("ann", "red", (0, 0), MA=2), foe], {"actor": "ann", "type": "defend"})
    assert why is None
    assert not can_defend_against(b.fighter("ann"), "knife") and can_defend_against(b.fighter("ann"), None)
    why, b = check([fx("ann", "red", (0, 0), MA=3), foe], {"actor": "ann", "type": "defend"})
    assert why is None and can_defend_against(b.fighter("ann"), "knife")
    assert Defend.type == "defend"


@pytest.mark.parametrize("level", [3, 4, 5])
def test_s3_ma_5_level_4_side_hexes_are_front_and_rear_is_side(level):
    """S3-MA-5: at level 4 (and the Master) a blow from the side gets no +2 and one from the rear +2, not +4;
    a foe in its side hex is engaged by it (G3-4)."""
    side, rear = neighbour_in("side"), neighbour_in("rear")
    for at, plain, trained in ((side, 2, 0), (rear, 4, 2)):
        sit = build([fx("ann", "red", (0, 0), MA=level), fx("bob", "blue", (at.q, at.r), facing=0)])
        b = sit.battle
        plan = plan_attack(b, b.fighter("bob"), b.fighter("ann"), None)
        facing_mods = [m.value for m in plan.spec.modifiers if m.rule == "G3-5"]
        assert sum(facing_mods) == (trained if level >= 4 else plain)
    sit = build([fx("ann", "red", (0, 0), MA=level), fx("bob", "blue", (side.q, side.r), facing=0)])
    engaged = engaged_with(sit.battle, sit.battle.fighter("bob"))
    assert [o.id for o in engaged] == (["ann"] if level >= 4 else [])


@pytest.mark.parametrize(("level", "defense", "n"), [
    (3, "defend", 4), (4, "none", 3), (4, "defend", 5), (4, "dodge", 4),
    (5, "none", 4), (5, "dodge", 5), (5, "defend", 5), (0, "none", 3), (0, "dodge", 4),
])
def test_s3_ma_6_7_8_attacker_dice(level, defense, n):
    """S3-MA-6: level 4 defending -> 5d6; S3-MA-7: a Master -> 4d6 to any normal attack; S3-MA-8: a Master
    dodging -> 5d6."""
    sit = build([fx("ann", "red", (0, 0), MA=level), fx("bob", "blue", (1, 0), facing=3)])
    assert dice_against(sit.battle.fighter("ann"), defense)[0] == n


def test_s3_ma_6_five_dice_bands_on_a_defending_level_4():
    """S3-MA-6: against level 4 defending the attacker rolls 5d6: 5 always hits, 24-26 always miss."""
    ann = fx("ann", "red", (0, 0), MA=4, conditions=["defending"])
    bob = fx("bob", "blue", (1, 0), facing=3, DX=30, hands={"right": "club", "left": None})
    _, ev, bad, left = run([ann, bob], [{"actor": "bob", "type": "attack", "target": "ann"}], [6, 6, 6, 3, 3])
    roll = of(ev, "roll", actor="bob")[0]
    assert bad is None and len(roll["dice"]) == 5 and roll["total"] == 24
    assert roll["success"] is False and roll["auto"] == "miss" and left == []
    _, ev, _, _ = run([fx("ann", "red", (0, 0), MA=4, conditions=["defending"]),
                       fx("bob", "blue", (1, 0), facing=3, DX=1, hands={"right": "club", "left": None})],
                      [{"actor": "bob", "type": "attack", "target": "ann"}], [1, 1, 1, 1, 1, 1])
    roll = of(ev, "roll", actor="bob")[0]
    assert roll["total"] == 5 and roll["success"] is True and roll["auto"] == "hit"


def test_s3_ma_7_master_attacked_normally_rolls_four_dice():
    """S3-MA-7: a plain attack on a Master is 4d6 vs eDX (4 faces used, 20 misses whatever the DX)."""
    _, ev, _, left = run([fx("ann", "red", (0, 0), MA=5), fx("bob", "blue", (1, 0), facing=3, DX=40)],
                         [{"actor": "bob", "type": "attack", "target": "ann", "item": None}], [5, 5, 5, 5])
    roll = of(ev, "roll", actor="bob")[0]
    assert roll["dice"] == [5, 5, 5, 5] and roll["success"] is False and left == []


@pytest.mark.parametrize(("face", "level", "dropped"), [(3, 5, True), (2, 5, False), (4, 4, False)])
def test_s3_ma_9_g3_29_master_critical_spot_counts_hits_before_armour(face, level, dropped):
    """S3-MA-9 with G3-29: a Master's bare-handed blow of 3+ hits, counted before armour (the jacket stops 4
    here, so no injury), makes the foe drop its weapon; 2 hits do not; level 4 never does."""
    ann = fx("ann", "red", (0, 0), MA=level, DX=14)
    bob = fx("bob", "blue", (1, 0), facing=3, worn=["jacket"], hands={"right": "knife", "left": None})
    battle, ev, bad, left = run([ann, bob], [{"actor": "ann", "type": "attack", "target": "bob", "item": None}],
                                [3, 3, 3, face])
    assert bad is None and left == []
    dmg = of(ev, "damage")[0]
    assert dmg["amount"] == face and dmg["injury"] == 0  # ST 10 +3 (G3-30): 1d6
    assert (battle.fighter("bob").hands["right"] is None) is dropped
    assert bool(of(ev, "item", rule="S3-MA-9")) is dropped


# -- knockdowns and throws: S3-KNOCK, G3-2 ---------------------------------------------------------------------------

def test_s3_knock_3_g3_2_targets_edx_or_est_plus_one_per_level_for_both():
    """S3-KNOCK-3, G3-2: trained in Martial Arts, the better of eDX and eST, +1 per level; the defender too.
    Untrained: eST (current ST, G3-18) only. Ruling ND6-8: a Master is +5."""
    sit = build([fx("ann", "red", (0, 0), ST=10, DX=12, MA=2),
                 fx("bob", "blue", (1, 0), ST=15, DX=8, MA=2, hp=13),
                 fx("cid", "blue", (1, -1), ST=11, DX=16),
                 fx("dee", "blue", (0, 1), ST=9, DX=13, MA=5)])
    b = sit.battle
    spec = {f.id: M.contest_spec(b, f, "knock down", "S3-KNOCK-2", may_dx=True) for f in b.fighters}
    assert (spec["ann"].label, spec["ann"].target) == ("knock down: eDX", 14)
    assert (spec["bob"].label, spec["bob"].target) == ("knock down: eST", 15)  # wounded to 13, +2
    assert (spec["cid"].label, spec["cid"].target) == ("knock down: eST", 11)
    assert spec["dee"].target == 18
    assert M.contest_spec(b, b.fighter("ann"), "disarm", "S3-DISARM-2", may_dx=False).target == 12


def test_s3_knock_1_2_5_opposed_win_knocks_down_and_counts_as_the_attack():
    """S3-KNOCK-1/2/5: instead of the round's attack; one opposed roll each (actor first, G3-2); winning puts
    the foe prone."""
    battle, ev, bad, left = run(
        [fx("ann", "red", (0, 0), DX=12, MA=2), fx("bob", "blue", (1, 0), facing=3, ST=12)],
        [{"actor": "ann", "type": "knockdown", "target": "bob"}], [3, 3, 4, 5, 5, 5])
    assert bad is None and left == []
    contest = of(ev, "contest")[0]
    assert contest["rule"] == "S3-KNOCK-2" and contest["winner"] == "ann"
    assert [r["target"] for r in contest["rolls"]] == [14, 12]
    assert battle.fighter("bob").posture == "prone"
    assert of(ev, "posture", target="bob")[0]["rule"] == "S3-KNOCK-5"
    assert M.Knockdown.is_action and not M.Knockdown.free


def test_s3_knock_1_no_knockdown_after_moving_more_than_half():
    """S3-KNOCK-1: made instead of a melee attack, so a fighter that moved more than half its MOV cannot."""
    sit = build([fx("ann", "red", (0, 0), DX=12, MA=2), fx("bob", "blue", (1, 0), facing=3)],
                [{"actor": "ann", "type": "knockdown", "target": "bob"}])
    b = sit.battle
    b.fighter("ann").counters["moved"] = {"round": b.round, "hexes": 6}
    why = sit.actions[0].check(b)
    assert why is not None and why.rule == "G3-4"


@pytest.mark.parametrize(("a", "b", "winner", "down"), [
    ([3, 3, 6], [5, 5, 5], "ann", True),     # ann 12 <= 14, bob 15 > 12 fails
    ([5, 5, 5], [6, 5, 5], None, False),    # both fail: the status quo (G3-2)
    ([4, 4, 4], [3, 3, 3], "bob", False),   # both succeed, bob by more
    ([3, 3, 4], [3, 3, 6], "ann", True),    # both succeed, ann by more (4 against 0)
])
def test_g3_2_opposed_outcomes(a, b, winner, down):
    """G3-2: the actor wins only by succeeding where the other fails or by a larger margin; else status quo."""
    battle, ev, _, _ = run([fx("ann", "red", (0, 0), DX=12, MA=2), fx("bob", "blue", (1, 0), facing=3, ST=12)],
                           [{"actor": "ann", "type": "knockdown", "target": "bob"}], a + b)
    assert of(ev, "contest")[0]["winner"] == winner
    assert (battle.fighter("bob").posture == "prone") is down


def test_g3_2_equal_margins_keep_the_status_quo():
    """G3-2: equal margins: the defender keeps its feet."""
    battle, ev, _, _ = run([fx("ann", "red", (0, 0), DX=10, MA=2), fx("bob", "blue", (1, 0), facing=3, ST=12)],
                           [{"actor": "ann", "type": "knockdown", "target": "bob"}], [3, 3, 4, 3, 3, 4])
    contest = of(ev, "contest")[0]
    assert [r["margin"] for r in contest["rolls"]] == [2, 2]
    assert contest["winner"] == "bob" and battle.fighter("bob").posture == "standing"


def test_s3_knock_4_three_to_five_always_succeed_sixteen_up_always_fail():
    """S3-KNOCK-4: a 5 succeeds against a target of 3 (here ST 1 +2); a 16 fails against 20."""
    battle, ev, _, _ = run([fx("ann", "red", (0, 0), ST=1, DX=1, MA=2), fx("bob", "blue", (1, 0), facing=3, ST=20)],
                           [{"actor": "ann", "type": "knockdown", "target": "bob"}], [1, 1, 3, 6, 6, 4])
    ra, rb = of(ev, "contest")[0]["rolls"]
    assert ra["target"] == 3 and ra["total"] == 5 and ra["success"] is True
    assert rb["target"] == 20 and rb["total"] == 16 and rb["success"] is False
    assert battle.fighter("bob").posture == "prone"


def test_s3_ma_3_knockdown_needs_level_2():
    """S3-MA-3: level 2 may knock down; level 1 may not."""
    why, _ = check([fx("ann", "red", (0, 0), MA=1), fx("bob", "blue", (1, 0), facing=3)],
                   {"actor": "ann", "type": "knockdown", "target": "bob"})
    assert why is not None and why.rule == "S3-MA-3"


def test_s3_ma_4_throw_needs_level_3():
    """S3-MA-4: a throw needs level 3; level 2 is refused."""
    why, _ = check([fx("ann", "red", (0, 0), MA=2), fx("bob", "blue", (1, 0), facing=3)],
                   {"actor": "ann", "type": "throw", "target": "bob"})
    assert why is not None and why.rule == "S3-MA-4"


def test_s3_knock_6_throw_lands_the_foe_one_hex_away_prone():
    """S3-KNOCK-6: a throw is a knockdown that also moves the foe one hex, to the ``to`` named."""
    battle, ev, bad, _ = run([fx("ann", "red", (0, 0), DX=12, MA=3), fx("bob", "blue", (1, 0), facing=3)],
                             [{"actor": "ann", "type": "throw", "target": "bob", "to": [1, 1]}], [3, 3, 3, 6, 6, 6])
    assert bad is None
    bob = battle.fighter("bob")
    assert bob.hex == Hex(1, 1) and bob.posture == "prone"
    assert of(ev, "move", target="bob")[0]["rule"] == "S3-KNOCK-6"


def test_s3_knock_6_throw_default_lands_straight_on():
    """S3-KNOCK-6: with no ``to`` the foe flies straight on, away from the thrower."""
    battle, _, _, _ = run([fx("ann", "red", (0, 0), DX=12, MA=3), fx("bob", "blue", (1, 0), facing=3)],
                          [{"actor": "ann", "type": "throw", "target": "bob"}], [3, 3, 3, 6, 6, 6])
    assert battle.fighter("bob").hex == Hex(2, 0)


def test_s3_knock_6_failed_throw_moves_nobody():
    """S3-KNOCK-6: only a successful throw moves the foe."""
    battle, ev, _, _ = run([fx("ann", "red", (0, 0), DX=12, MA=3), fx("bob", "blue", (1, 0), facing=3)],
                           [{"actor": "ann", "type": "throw", "target": "bob", "to": [1, 1]}], [6, 6, 6, 3, 3, 3])
    assert battle.fighter("bob").hex == Hex(1, 0) and battle.fighter("bob").posture == "standing"
    assert not of(ev, "move")


@pytest.mark.parametrize(("to", "why"), [([3, 0], "next to"), ([0, 0], "next to"), ([2, -1], "free")])
def test_s3_knock_6_throw_lands_only_in_a_free_hex_next_to_the_foe(to, why):
    """S3-KNOCK-6, GX-3: the landing hex is next to the foe, not the thrower's, and nobody stands in it."""
    reason, _ = check([fx("ann", "red", (0, 0), MA=3), fx("bob", "blue", (1, 0), facing=3),
                       fx("cid", "red", (2, -1))], {"actor": "ann", "type": "throw", "target": "bob", "to": to})
    assert reason is not None and reason.rule == "S3-KNOCK-6" and why in reason.text


def test_nd6_8_throw_out_of_a_brawl_ends_it():
    """S3-KNOCK-6, G3-9, ruling ND6-8: thrown from the brawl, the foe is out of it; the thrower, alone with its
    side in the hex, is no longer in hand-to-hand."""
    battle, ev, bad, _ = run([brawler("ann", "red", DX=12, MA=3), brawler("bob", "blue")],
                             [{"actor": "ann", "type": "throw", "target": "bob", "to": [1, 0]}], [3, 3, 3, 6, 6, 6])
    assert bad is None
    ann, bob = battle.fighter("ann"), battle.fighter("bob")
    assert bob.hex == Hex(1, 0) and "in_hth" not in bob.conditions and bob.posture == "prone"
    assert "in_hth" not in ann.conditions


def test_s3_knock_1_knockdown_reaches_only_a_neighbour_or_the_same_brawl():
    """S3-KNOCK-1 (instead of a melee attack), G3-9: not two hexes away, not into a brawl from outside."""
    why, _ = check([fx("ann", "red", (0, 0), MA=2), fx("bob", "blue", (2, 0), facing=3)],
                   {"actor": "ann", "type": "knockdown", "target": "bob"})
    assert why is not None and why.rule == "G3-4"
    why, _ = check([fx("ann", "red", (1, 0), MA=2), brawler("bob", "blue"), brawler("cid", "red")],
                   {"actor": "ann", "type": "knockdown", "target": "bob"})
    assert why is not None and why.rule == "G3-9"


# -- slam: S3-SLAM, G3-15 ---------------------------------------------------------------------------------------------

def test_s3_slam_1_2_3_anyone_may_slam_hit_then_st_check_fails_prone():
    """S3-SLAM-1/2/3: any figure; an attack roll first, then the target's 3d6 vs its *unwounded* ST (12 though
    wounded to 5); failing, it is on the ground. No damage: the seed gives none."""
    battle, ev, bad, left = run([fx("ann", "red", (0, 0), DX=12, ST=12), fx("bob", "blue", (1, 0), facing=3, ST=12, hp=5)],
                                [{"actor": "ann", "type": "slam", "target": "bob"}], [3, 3, 4, 5, 5, 3])
    assert bad is None and left == []
    hit, save = of(ev, "roll")
    assert hit["rule"] == "S3-SLAM-2" and hit["success"] is True
    assert save["rule"] == "S3-SLAM-3" and save["base"] == 12 and save["target"] == 12 and save["success"] is False
    assert battle.fighter("bob").posture == "prone" and not of(ev, "damage")


def test_s3_slam_3_passed_check_keeps_the_feet():
    """S3-SLAM-3: a target making its ST check stays up."""
    battle, ev, _, _ = run([fx("ann", "red", (0, 0), DX=12), fx("bob", "blue", (1, 0), facing=3)],
                           [{"actor": "ann", "type": "slam", "target": "bob"}], [3, 3, 4, 3, 3, 4])
    assert of(ev, "roll")[1]["success"] is True and battle.fighter("bob").posture == "standing"


def test_s3_slam_2_a_miss_asks_no_check():
    """S3-SLAM-2: the slam must hit first; a miss rolls no check."""
    battle, ev, _, left = run([fx("ann", "red", (0, 0), DX=8), fx("bob", "blue", (1, 0), facing=3)],
                              [{"actor": "ann", "type": "slam", "target": "bob"}], [5, 5, 5, 1, 1, 1])
    assert len(of(ev, "roll")) == 1 and left == [1, 1, 1]
    assert battle.fighter("bob").posture == "standing"


def test_s3_slam_2_g3_1_a_fumbled_slam_hurts_the_slammer():
    """S3-SLAM-2 with G3-1 and S3-UNARMED-9: a 17 on the slam's roll costs the slammer 1d6 (no weapon used)."""
    battle, ev, _, left = run([fx("ann", "red", (0, 0), DX=12), fx("bob", "blue", (1, 0), facing=3)],
                              [{"actor": "ann", "type": "slam", "target": "bob"}], [6, 6, 5, 2])
    assert left == [] and battle.fighter("ann").hp == 8
    assert of(ev, "damage")[0]["rule"] == "S3-UNARMED-9"


@pytest.mark.parametrize(("st_a", "st_b", "mod"), [(14, 10, -4), (8, 10, 2), (10, 10, 0)])
def test_s3_slam_5_st_difference_adds_or_subtracts(st_a, st_b, mod):
    """S3-SLAM-5: a stronger target adds the difference to its check, a weaker one subtracts it."""
    sit = build([fx("ann", "red", (0, 0), ST=st_a), fx("bob", "blue", (1, 0), facing=3, ST=st_b)])
    b = sit.battle
    spec = M.slam_check(b, b.fighter("bob"), b.fighter("ann"))
    assert spec.target == st_b + mod
    assert [m.rule for m in spec.modifiers] == (["S3-SLAM-5"] if mod else [])


def test_s3_slam_4_g3_15_target_trained_in_throwing_may_use_dx():
    """S3-SLAM-4 (G3-15's reading): the *target*, trained in Martial Arts throwing, may check eDX instead, still
    with the ST difference; armour that forbids Martial Arts (S3-MA-1) forbids it too."""
    sit = build([fx("ann", "red", (0, 0), ST=12),
                 fx("bob", "blue", (1, 0), facing=3, ST=10, DX=15, MA=1, skills={"ma_throwing": True}),
                 fx("cid", "blue", (1, -1), ST=10, DX=15, MA=1, skills={"ma_throwing": True},
                    worn=["jacket", "full_body_armor"])])
    b = sit.battle
    spec = M.slam_check(b, b.fighter("bob"), b.fighter("ann"))
    assert spec.rule == "S3-SLAM-4" and spec.base == 15 and spec.target == 13
    spec = M.slam_check(b, b.fighter("cid"), b.fighter("ann"))
    assert spec.rule == "S3-SLAM-3" and spec.target == 8


def test_s3_slam_4_played_on_dice():
    """S3-SLAM-4: bob (DX 15, throwing) keeps its feet on a 13 where ST 10 - 2 would have failed."""
    battle, ev, _, _ = run([fx("ann", "red", (0, 0), DX=12, ST=12),
                            fx("bob", "blue", (1, 0), facing=3, DX=15, MA=1, skills={"ma_throwing": True})],
                           [{"actor": "ann", "type": "slam", "target": "bob"}], [3, 3, 4, 4, 4, 5])
    save = of(ev, "roll")[1]
    assert save["total"] == 13 and save["success"] is True and battle.fighter("bob").posture == "standing"


def test_s3_slam_1_shield_rush_and_no_slam_from_or_into_a_brawl():
    """S3-SLAM-1: with a shield in hand the slam is a shield rush; it is a rush at a neighbour, not a brawl move."""
    _, ev, _, _ = run([fx("ann", "red", (0, 0), DX=12, hands={"right": None, "left": "shield"}),
                       fx("bob", "blue", (1, 0), facing=3)],
                      [{"actor": "ann", "type": "slam", "target": "bob"}], [3, 3, 4, 6, 6, 6])
    assert of(ev, "roll")[0]["label"].startswith("shield rush")
    why, _ = check([brawler("ann", "red"), brawler("bob", "blue")], {"actor": "ann", "type": "slam", "target": "bob"})
    assert why is not None and why.rule == "S3-SLAM-1"


def test_s3_slam_6_g3_15_slam_is_attack_plus_check_knockdown_is_opposed():
    """S3-SLAM-6 (G3-15): ``slam`` follows S3-SLAM (attack roll, then a check: no contest); ``knockdown``
    follows S3-KNOCK (one contest, no attack roll)."""
    fighters = [fx("ann", "red", (0, 0), DX=12, MA=2), fx("bob", "blue", (1, 0), facing=3)]
    _, ev, _, _ = run(fighters, [{"actor": "ann", "type": "slam", "target": "bob"}], [3, 3, 4, 6, 6, 6])
    assert not of(ev, "contest") and [r["rule"] for r in of(ev, "roll")] == ["S3-SLAM-2", "S3-SLAM-3"]
    _, ev, _, _ = run(fighters, [{"actor": "ann", "type": "knockdown", "target": "bob"}], [3, 3, 4, 6, 6, 6])
    assert len(of(ev, "contest")) == 1 and not of(ev, "roll")


def test_s3_slam_odds_hit_and_down():
    """S3-SLAM-2/3: the menu's odds: ``hit`` from the attack roll, ``down`` = hit x failed check."""
    sit = build([fx("ann", "red", (0, 0), DX=12, ST=12), fx("bob", "blue", (1, 0), facing=3, ST=10)],
                [{"actor": "ann", "type": "slam", "target": "bob"}])
    odds = sit.ruleset.odds(sit.battle, sit.actions[0])
    hit = rolls.attack_odds(3, 12)["hit"]
    assert odds["hit"] == pytest.approx(hit)
    assert odds["down"] == pytest.approx(hit * (1 - rolls.save_odds(3, 8)))


# -- subdue: S3-SUBDUE, G3-17 ---------------------------------------------------------------------------------------

SUBDUE = {"actor": "ann", "type": "subdue", "target": "bob"}
WIN = [3, 3, 3, 6, 6, 6]  # the actor's 9 against a failed 18


def test_s3_subdue_1_only_in_hth():
    """S3-SUBDUE-1: only a figure in hand-to-hand with its foe may subdue it."""
    why, _ = check([fx("ann", "red", (0, 0), MA=3), fx("bob", "blue", (1, 0), facing=3)], SUBDUE)
    assert why is not None and why.rule == "S3-SUBDUE-1"


def test_s3_subdue_2_3_success_holds_the_foe_as_a_grip():
    """S3-SUBDUE-2: opposed rolls (eDX + level for the trained); S3-SUBDUE-3: the foe is subdued, shown as a
    two-handed grip of kind ``subdue``."""
    battle, ev, bad, _ = run([brawler("ann", "red", DX=12, MA=2), brawler("bob", "blue", ST=12)], [SUBDUE], WIN)
    assert bad is None
    contest = of(ev, "contest")[0]
    assert contest["rule"] == "S3-SUBDUE-2" and contest["rolls"][0]["label"] == "subdue: eDX"
    assert contest["rolls"][0]["target"] == 14
    assert "subdued" in battle.fighter("bob").conditions
    [g] = battle.grapples
    assert (g.holder, g.target, g.kind, g.hands) == ("ann", "bob", "subdue", 2)


def test_s3_subdue_2_failure_changes_nothing():
    """S3-SUBDUE-2: losing the contest leaves the foe free."""
    battle, _, _, _ = run([brawler("ann", "red"), brawler("bob", "blue", ST=12)], [SUBDUE], [6, 6, 6, 3, 3, 3])
    assert "subdued" not in battle.fighter("bob").conditions and not battle.grapples


def test_s3_subdue_3_4_g3_17_two_lost_turns_then_a_roll_to_break_away():
    """S3-SUBDUE-3: the victim neither moves nor acts on its next two turns; S3-SUBDUE-4 / G3-17: at the start
    of each later turn it rolls to break away (victim first); failing, it stays subdued; winning, it is free."""
    fighters = [brawler("ann", "red", DX=12), brawler("bob", "blue", ST=12)]
    wait_b, wait_a = {"actor": "bob", "type": "wait"}, {"actor": "ann", "type": "wait"}
    acts = [SUBDUE, wait_b, wait_a, wait_b, wait_a, wait_b, wait_a, wait_b]
    dice = WIN + [6, 6, 6, 3, 3, 3] + [3, 3, 3, 6, 6, 6]
    battle, ev, bad, left = run(fighters, acts, dice)
    assert bad is None and left == []
    lost = [e["text"] for e in of(ev, "message", rule="S3-SUBDUE-3") if "this turn" in e["text"]]
    assert lost == ["bob is subdued: no moving or acting this turn (1 of 2).",
                    "bob is subdued: no moving or acting this turn (2 of 2)."]
    first, second = of(ev, "contest", rule="S3-SUBDUE-4")
    assert first["rolls"][0]["actor"] == "bob" and first["winner"] == "ann"
    assert second["winner"] == "bob"
    assert "subdued" not in battle.fighter("bob").conditions and not battle.grapples
    assert of(ev, "grapple_end")[0]["rule"] == "S3-SUBDUE-4"


def test_s3_subdue_3_the_subdued_cannot_act():
    """S3-SUBDUE-3: on its lost turns any action but waiting is refused."""
    battle, ev, bad, _ = run([brawler("ann", "red", DX=12), brawler("bob", "blue")],
                             [SUBDUE, {"actor": "bob", "type": "attack", "target": "ann", "item": None}], WIN)
    assert bad == 1 and illegal(ev)["rule"] == "S3-SUBDUE-3"


def test_s3_subdue_5_attacks_on_the_subdued_hit_automatically():
    """S3-SUBDUE-5: no attack roll; the damage is rolled at once (ST 10 punching in from outside, 1d6-3: a 5 is 2)."""
    battle, ev, bad, left = run([brawler("ann", "red", DX=12), brawler("bob", "blue"), fx("cid", "red", (1, 0))],
                                [SUBDUE, {"actor": "cid", "type": "attack", "target": "bob", "item": None}],
                                WIN + [5])
    assert bad is None and left == []
    assert not [r for r in of(ev, "roll") if r["actor"] == "cid"]
    assert of(ev, "message", rule="S3-SUBDUE-5")
    assert of(ev, "damage")[0]["amount"] == 2  # cid strikes in from outside: the Damage column, 1d6-3
    assert battle.fighter("bob").hp == 8


def test_g3_17_subdue_ends_when_the_subduer_is_knocked_down():
    """G3-17: a subduer knocked down (ruling ND6-8: the loser of a knockdown even inside the brawl) lets go."""
    fighters = [brawler("ann", "red", DX=12), brawler("bob", "blue"), brawler("cid", "blue", DX=12, MA=2)]
    battle, ev, bad, _ = run(fighters, [SUBDUE, {"actor": "cid", "type": "knockdown", "target": "ann"}], WIN + WIN)
    assert bad is None and not battle.grapples
    assert "subdued" not in battle.fighter("bob").conditions
    assert of(ev, "grapple_end")[0]["rule"] == "G3-17"


def test_g3_17_subdue_ends_when_the_subduer_is_subdued():
    """G3-17: a subduer subdued in turn lets go of its own victim."""
    fighters = [brawler("ann", "red", DX=12), brawler("bob", "blue"), brawler("cid", "blue", DX=12)]
    battle, _, bad, _ = run(fighters, [SUBDUE, {"actor": "cid", "type": "subdue", "target": "ann"}], WIN + WIN)
    assert bad is None
    assert [(g.holder, g.target) for g in battle.grapples] == [("cid", "ann")]
    assert "subdued" not in battle.fighter("bob").conditions and "subdued" in battle.fighter("ann").conditions


def test_g3_17_subdue_ends_when_the_subduer_leaves_the_brawl():
    """G3-17: a subduer out of the brawl (thrown out of it here) holds nobody."""
    fighters = [brawler("ann", "red", DX=12), brawler("bob", "blue"), brawler("cid", "blue", DX=12, MA=3)]
    battle, _, bad, _ = run(fighters, [SUBDUE, {"actor": "cid", "type": "throw", "target": "ann", "to": [1, 0]}],
                            WIN + WIN)
    assert bad is None and not battle.grapples
    assert "subdued" not in battle.fighter("bob").conditions


def test_g3_17_subdue_ends_when_the_subduer_is_out():
    """G3-17: a subduer knocked unconscious lets go at once (after the blow's action)."""
    fighters = [brawler("ann", "red", DX=12, hp=1), brawler("bob", "blue"), brawler("cid", "blue", DX=12)]
    battle, _, bad, _ = run(fighters, [SUBDUE, {"actor": "cid", "type": "attack", "target": "ann", "item": None}],
                            WIN + [3, 3, 3, 4])
    assert bad is None and battle.fighter("ann").hp < 1
    assert not battle.grapples and "subdued" not in battle.fighter("bob").conditions


def test_g3_17_release_lets_the_foe_go_as_a_free_action():
    """G3-17: the subduer may let go whenever it likes, without spending its turn."""
    battle, ev, bad, _ = run([brawler("ann", "red", DX=12), brawler("bob", "blue")],
                             [SUBDUE, {"actor": "bob", "type": "wait"}, {"actor": "ann", "type": "release"},
                              {"actor": "ann", "type": "attack", "target": "bob", "item": None}],
                             WIN + [5, 5, 6])
    assert bad is None and not battle.grapples and "subdued" not in battle.fighter("bob").conditions
    assert M.Release.free
    assert of(ev, "roll", actor="ann")  # the punch needed a roll: bob is no longer subdued (S3-SUBDUE-5)


def test_s3_subdue_3_a_listed_grip_has_cost_one_turn():
    """S3-SUBDUE-3 with SITUATION-FORMAT: a subdue given as a grip has already cost its victim one turn."""
    battle, ev, _, _ = run([brawler("ann", "red"), brawler("bob", "blue", conditions=["subdued"])],
                           [{"actor": "bob", "type": "wait"}],
                           [], grapples=[{"holder": "ann", "target": "bob", "kind": "subdue", "hands": 2}])
    assert [e["text"] for e in of(ev, "message", rule="S3-SUBDUE-3")] == [
        "bob is subdued: no moving or acting this turn (2 of 2)."]


# -- disarm: S3-DISARM -------------------------------------------------------------------------------------------------

DISARM = {"actor": "ann", "type": "disarm", "target": "bob"}
KNIFE = {"right": "knife", "left": None}


def test_s3_disarm_1_in_hth_unarmed_against_a_ready_weapon():
    """S3-DISARM-1: only in HTH, only bare-handed, only against a ready weapon."""
    why, _ = check([fx("ann", "red", (0, 0)), fx("bob", "blue", (1, 0), facing=3, hands=KNIFE)], DISARM)
    assert why is not None and why.rule == "S3-DISARM-1"
    why, _ = check([brawler("ann", "red", hands=KNIFE), brawler("bob", "blue", hands=KNIFE)], DISARM)
    assert why is not None and why.rule == "S3-DISARM-1" and "unarmed" in why.text
    why, _ = check([brawler("ann", "red"), brawler("bob", "blue")], DISARM)
    assert why is not None and why.rule == "S3-DISARM-1" and "ready weapon" in why.text


def test_s3_disarm_2_est_plus_level_never_edx():
    """S3-DISARM-2: opposed rolls vs eST, +1 per Martial Arts level; no eDX even for the trained."""
    _, ev, _, _ = run([brawler("ann", "red", ST=10, DX=16, MA=2), brawler("bob", "blue", ST=11, hands=KNIFE)],
                      [DISARM], [6, 6, 6, 6, 6, 6])
    ra, rb = of(ev, "contest")[0]["rolls"]
    assert ra["label"] == "disarm: eST" and ra["target"] == 12 and rb["target"] == 11


def test_s3_disarm_3_take_the_weapon_as_ones_own():
    """S3-DISARM-3: success: the weapon is now the disarmer's ready weapon."""
    battle, ev, bad, _ = run([brawler("ann", "red"), brawler("bob", "blue", hands=KNIFE)], [DISARM], WIN)
    assert bad is None
    assert battle.fighter("ann").hands["right"] == "knife" and battle.fighter("bob").hands["right"] is None
    assert of(ev, "item", action="taken")[0]["rule"] == "S3-DISARM-3"


def test_s3_disarm_3_or_make_it_fall():
    """S3-DISARM-3: at the disarmer's choice (``option: drop``) the weapon falls to the floor instead."""
    battle, _, bad, _ = run([brawler("ann", "red"), brawler("bob", "blue", hands=KNIFE)],
                            [{**DISARM, "option": "drop"}], WIN)
    assert bad is None
    assert battle.fighter("ann").hands["right"] is None and battle.fighter("bob").hands["right"] is None
    assert battle.state["floor"] == [{"item": "knife", "hex": [0, 0]}]


def test_s3_disarm_3_failure_keeps_the_weapon():
    """S3-DISARM-2/3: losing the contest, the foe keeps its weapon."""
    battle, _, _, _ = run([brawler("ann", "red"), brawler("bob", "blue", hands=KNIFE)], [DISARM], [6, 6, 6, 3, 3, 3])
    assert battle.fighter("bob").hands["right"] == "knife"


# -- odds and options -------------------------------------------------------------------------------------------------

def test_g3_2_odds_of_the_opposed_moves_are_exact():
    """G3-2: the menu's ``win``/``tie``/``lose`` are rolls.opposed_odds of the two targets, summing to 1."""
    sit = build([fx("ann", "red", (0, 0), DX=12, MA=2), fx("bob", "blue", (1, 0), facing=3, ST=12)],
                [{"actor": "ann", "type": "knockdown", "target": "bob"}])
    odds = sit.ruleset.odds(sit.battle, sit.actions[0])
    assert odds == rolls.opposed_odds(14, 12)
    assert sum(odds.values()) == pytest.approx(1.0)
    assert sit.ruleset.headline(odds) == "win"


def test_options_next_to_a_foe_and_in_a_brawl():
    """The menu: next to a foe, slam for anyone, knockdown at 2+, one throw per free landing hex at 3+; in a
    brawl, subdue, disarm (take or drop) for the unarmed against a ready weapon, and release of a subdue."""
    sit = build([fx("ann", "red", (0, 0), MA=3), fx("bob", "blue", (1, 0), facing=3)])
    legal = {(o.action.type, getattr(o.action, "to", None)) for o in sit.ruleset.legal_actions(sit.battle, "ann")
             if o.legal}
    assert ("slam", None) in legal and ("knockdown", None) in legal
    assert sum(1 for t, _ in legal if t == "throw") == 5
    sit = build([brawler("ann", "red"), brawler("bob", "blue", hands=KNIFE)])
    types = [o.action.type for o in sit.ruleset.legal_actions(sit.battle, "ann") if o.legal]
    assert "subdue" in types and types.count("disarm") == 2 and "slam" not in types
    battle, _, _, _ = run([brawler("ann", "red"), brawler("bob", "blue")], [SUBDUE], WIN)
    from game.rules import find_ruleset

    rs = find_ruleset(RULESET)
    assert any(o.action.type == "release" and o.legal for o in rs.legal_actions(battle, "ann"))


def test_every_martial_action_round_trips():
    """Each martial action to its dict and back (the contract's round trip, with the fields the format names)."""
    from game.rules import find_ruleset

    rs = find_ruleset(RULESET)
    for a in (M.Knockdown(actor="a", target="b"), M.Throw(actor="a", target="b", to=(1, 2)),
              M.Slam(actor="a", target="b"), M.Subdue(actor="a", target="b"),
              M.Disarm(actor="a", target="b", option="drop"), M.Release(actor="a", target="b"), Attack(actor="a")):
        assert rs.action_from_dict(a.to_dict()) == a


def test_nd6_8_a_subdued_condition_nobody_holds_lasts_two_turns_then_ends():
    """S3-SUBDUE-3, G3-17, ruling ND6-8: ``subdued`` given with no subduer costs two turns, then ends unrolled."""
    wait_a, wait_b = {"actor": "ann", "type": "wait"}, {"actor": "bob", "type": "wait"}
    battle, ev, bad, _ = run([fx("ann", "red", (0, 0)), fx("bob", "blue", (3, 0), conditions=["subdued"])],
                             [wait_b, wait_a, wait_b, wait_a, {"actor": "bob", "type": "face", "facing": 2}], [])
    assert bad is None and not of(ev, "contest")
    assert "subdued" not in battle.fighter("bob").conditions and battle.fighter("bob").facing == 2
    assert of(ev, "condition", remove="subdued")[0]["rule"] == "G3-17"


def test_g3_17_subdue_ends_when_the_subduer_is_stunned():
    """G3-17 with S3-STUN-2: a stunned subduer is knocked down, so its subdue ends (checked before each turn)."""
    battle, ev, bad, _ = run([brawler("ann", "red", conditions=["stunned"]), brawler("bob", "blue", conditions=["subdued"])],
                             [{"actor": "bob", "type": "wait"}], [],
                             grapples=[{"holder": "ann", "target": "bob", "kind": "subdue", "hands": 2}])
    assert bad is None and not battle.grapples and "subdued" not in battle.fighter("bob").conditions
    assert of(ev, "grapple_end")[0]["rule"] == "G3-17"


def test_s3_knock_5_no_knockdown_of_a_foe_already_down_outside_a_brawl():
    """S3-KNOCK-5: a knockdown puts a foe on the ground; one already lying there (outside a brawl) is refused."""
    why, _ = check([fx("ann", "red", (0, 0), MA=2), fx("bob", "blue", (1, 0), facing=3, posture="prone")],
                   {"actor": "ann", "type": "knockdown", "target": "bob"})
    assert why is not None and why.rule == "S3-KNOCK-5"
