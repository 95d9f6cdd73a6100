"""3d6-lite: attempting a grapple and what a grip does (S0-REQ, S0-GRAB, S0-ITEM, S0-HOLD, S0-LOC, S0-MUTUAL)."""

from helpers_3d6 import battle, contest, duo, fighter, grip, mods, play, reason, rolls, types

from game.hexgrid import Hex
from game.rules.threed6.grappling import (
    BreakFree,
    ForceDrop,
    Grab,
    Release,
    Strangle,
    Takedown,
    WrestleWeapon,
)
from game.rules.threed6.maneuvers import Attack, Move, Ready


def test_S0_REQ_1_needs_an_empty_hand():
    """S0-REQ-1: both hands full -> no grapple; one empty hand is enough."""
    b = duo({"hands": {"right": "broadsword", "left": "shield"}})
    assert "empty hand" in reason(b, Grab("ann", target="bob"))
    assert "S0-REQ-1" in reason(b, Grab("ann", target="bob"))
    b = duo({"hands": {"right": "broadsword", "left": None}})
    assert Grab("ann", target="bob").check(b) is None
    assert "S0-REQ-1" in reason(b, Grab("ann", target="bob", hands=2))


def test_S0_REQ_2_must_be_in_the_hex_adjacent_steps_in():
    """S0-REQ-2 (ruling L-1): from two hexes away no; from an adjacent hex the Attack's step moves in."""
    b = battle(fighter("ann"), fighter("bob", "blue", (2, 0), facing=3))
    assert "S0-REQ-2" in reason(b, Grab("ann", target="bob"))
    b = duo(same_hex=False)
    ev = play(b, Grab("ann", target="bob"), [3, 3, 3, 6, 6, 6])
    assert ev[0]["type"] == "move" and ev[0]["rule"] == "S0-REQ-2"
    assert b.fighter("ann").hex == b.fighter("bob").hex == Hex(1, 0)
    assert len(b.grapples) == 1


def test_S0_REQ_3_only_attack_maneuvers():
    """S0-REQ-3: Attack, All-Out Attack or Move and Attack; anything else is refused."""
    b = duo()
    assert "S0-REQ-3" in reason(b, Grab("ann", target="bob", maneuver="feint"))
    for m in ("attack", "all_out_attack"):
        assert Grab("ann", target="bob", maneuver=m).check(duo()) is None
    far = battle(fighter("ann"), fighter("bob", "blue", (3, 0), facing=3))
    ev = play(far, Grab("ann", target="bob", maneuver="move_and_attack"), [2, 2, 2, 6, 6, 6])
    r = rolls(ev)[0]
    assert mods(r)["G0-4"] == -4 and r["target"] == 7  # Move and Attack -4 (G0-4)


def test_S0_REQ_4_a_grapple_is_an_attack():
    """S0-REQ-4: the grapple counts as an attack (the class says so; All-Out Attack's no-defence follows)."""
    assert Grab.is_attack
    b = duo()
    play(b, Grab("ann", target="bob", maneuver="all_out_attack"), [3, 3, 3, 6, 6, 6])
    assert any(e["kind"] == "all_out_attack" and e["fighter"] == "ann" for e in b.effects)


def test_S0_REQ_5_low_foe_needs_grappler_down_unless_much_bigger():
    """S0-REQ-5: a kneeling or lying foe: the grappler kneels (here as the step) unless the foe is SM+2."""
    b = duo(bob={"posture": "prone"})
    ev = play(b, Grab("ann", target="bob"), [3, 3, 3, 6, 6, 6])
    assert {"type": "posture", "actor": "ann", "target": "ann", "posture": "kneeling", "rule": "S0-REQ-6"} in ev
    assert b.fighter("ann").posture == "kneeling"
    assert mods(rolls(ev)[0])["G0-8"] == -2  # kneeling attack penalty
    big = duo(bob={"posture": "kneeling", "size": 2})
    play(big, Grab("ann", target="bob"), [3, 3, 3, 6, 6, 6])
    assert big.fighter("ann").posture == "standing"
    lying_foe = duo(ann={"posture": "crawling"}, bob={"posture": "prone"})
    assert Grab("ann", target="bob").check(lying_foe) is None


def test_S0_REQ_6_getting_down_is_the_step():
    """S0-REQ-6 (ruling L-2): kneeling is the step, so it cannot also be the step into the hex."""
    b = duo(bob={"posture": "kneeling"}, same_hex=False)
    assert "S0-REQ-6" in reason(b, Grab("ann", target="bob"))
    b = duo(bob={"posture": "kneeling"})
    ev = play(b, Grab("ann", target="bob"), [3, 3, 3, 6, 6, 6])
    assert types(ev)[:2] == ["posture", "roll"]


def test_S0_GRAB_1_best_of_dx_and_grappling_skill():
    """S0-GRAB-1, G0-15: roll vs DX or Brawling/Judo/Wrestling, whichever is best."""
    b = duo({"skills": {"Brawling": 13}})
    r = rolls(play(b, Grab("ann", target="bob"), [3, 3, 3, 6, 6, 6]))[0]
    assert r["base"] == 13 and "Brawling" in r["label"] and r["rule"] == "S0-GRAB-1"
    b = duo({"skills": {"Brawling": 9}})
    r = rolls(play(b, Grab("ann", target="bob"), [3, 3, 3, 6, 6, 6]))[0]
    assert r["base"] == 11 and "DX" in r["label"]


def test_S0_GRAB_2_torso_at_zero_no_weapon_modifiers():
    """S0-GRAB-2: torso 0; no hit-location or weapon modifiers of ordinary strikes."""
    b = duo({"hands": {"right": "broadsword", "left": None}})
    r = rolls(play(b, Grab("ann", target="bob"), [3, 3, 3, 6, 6, 6]))[0]
    assert r["modifiers"] == [] and r["target"] == 11


def test_S0_GRAB_3_arm_or_leg_minus_one():
    """S0-GRAB-3: arm or leg -1."""
    for loc in ("arm", "leg"):
        r = rolls(play(duo(), Grab("ann", target="bob", location=loc), [3, 3, 3, 6, 6, 6]))[0]
        assert mods(r) == {"S0-GRAB-3": -1} and r["target"] == 10


def test_S0_GRAB_4_head_minus_three():
    """S0-GRAB-4: head -3."""
    r = rolls(play(duo(), Grab("ann", target="bob", location="head"), [2, 2, 2, 6, 6, 6]))[0]
    assert mods(r) == {"S0-GRAB-4": -3} and r["target"] == 8


def test_S0_GRAB_5_held_item_minus_four():
    """S0-GRAB-5, G0-16: something the foe holds -4."""
    b = duo(bob={"hands": {"right": "broadsword", "left": None}})
    r = rolls(play(b, Grab("ann", target="bob", location="broadsword"), [2, 2, 2, 6, 6, 6]))[0]
    assert mods(r) == {"S0-GRAB-5": -4} and r["target"] == 7
    assert "S0-GRAB-5" in reason(duo(), Grab("ann", target="bob", location="knife"))


def test_S0_GRAB_6_size_bonus_for_the_larger_grappler_only():
    """S0-GRAB-6, G0-9 (ruling L-14): +SM difference when larger, no penalty when smaller."""
    r = rolls(play(duo({"size": 2}), Grab("ann", target="bob"), [3, 3, 3, 6, 6, 6]))[0]
    assert mods(r) == {"S0-GRAB-6": 2} and r["target"] == 13
    r = rolls(play(duo(bob={"size": 2}), Grab("ann", target="bob"), [3, 3, 3, 6, 6, 6]))[0]
    assert r["modifiers"] == []


def test_S0_GRAB_7_plus_two_per_hand_beyond_two():
    """S0-GRAB-7: four hands -> +4."""
    hands = {"right": None, "left": None, "arm3": None, "arm4": None}
    b = duo({"arms": 4, "hands": hands})
    ev = play(b, Grab("ann", target="bob", hands=4), [3, 3, 3, 6, 6, 6])
    assert mods(rolls(ev)[0]) == {"S0-GRAB-7": 4}
    assert b.grapples[0].hands == 4 and len(b.grapples[0].hand_names) == 4


def test_S0_GRAB_8_defender_defends_normally():
    """S0-GRAB-8, G0-5: a hit the defender dodges (dodge 8 = Speed 5.5 + 3) leaves no grip."""
    b = duo()
    ev = play(b, Grab("ann", target="bob"), [3, 3, 4, 2, 2, 2])
    dodge = rolls(ev)[1]
    assert dodge["actor"] == "bob" and dodge["label"] == "dodge" and dodge["target"] == 8 and dodge["success"]
    assert b.grapples == []
    b = duo()
    ev = play(b, Grab("ann", target="bob", defense="none"), [3, 3, 4])
    assert len(b.grapples) == 1


def test_S0_GRAB_9_effect_depends_on_what_was_grabbed():
    """S0-GRAB-9: the grip records its location (body part or the item id)."""
    b = duo(bob={"hands": {"right": "knife", "left": None}})
    play(b, Grab("ann", target="bob", location="knife"), [1, 1, 1])
    g = b.grapples[0]
    assert g.location == "knife" and g.extra["hand"] == "right"
    assert not Grab("ann", target="bob").check(duo()) and g.kind == "grapple"


def test_S0_ITEM_1_and_2_grasped_weapon_cannot_attack_or_defend():
    """S0-ITEM-1: the grappler grasps the item. S0-ITEM-2: the owner can't attack or parry with it."""
    b = duo(bob={"hands": {"right": "knife", "left": None}},
            grapples=(grip("ann", "bob", "knife", 1, extra={"hand": "right"}),))
    assert "S0-ITEM-2" in reason(b, Attack("bob", target="ann", item="knife"))
    from game.rules.base import rules_of as ruleset_for
    from game.rules.threed6.combat import AttackInfo, defense_options
    opts = defense_options(ruleset_for(b), b, b.fighter("bob"), AttackInfo("ann"))
    assert not any("knife" in o.label for o in opts)


def test_S0_ITEM_3_4_5_wrest_is_an_attack_regular_contest_of_st_win_takes_it():
    """S0-ITEM-3 (an attack), S0-ITEM-4 (Regular Contest of ST), S0-ITEM-5 (win: take it)."""
    assert WrestleWeapon.is_attack
    b = duo({"stats": {"ST": 13}}, {"hands": {"right": "knife", "left": None}},
            grapples=(grip("ann", "bob", "knife", 1, extra={"hand": "right"}),))
    ev = play(b, WrestleWeapon("ann"), [3, 3, 3, 6, 6, 6])
    c = contest(ev)
    assert c["kind"] == "regular" and c["rule"] == "S0-ITEM-4" and c["winner"] == "ann"
    assert [r["target"] for r in c["rolls"]] == [13, 12]
    assert b.fighter("ann").hands["right"] == "knife" and b.fighter("bob").hands["right"] is None
    assert b.grapples == []


def test_S0_ITEM_6_losing_the_wrest_loses_the_grip_tie_keeps_it():
    """S0-ITEM-6: lose -> grip gone; tie (both succeed) -> nothing (G0-3)."""
    def setup():
        return dict(bob={"hands": {"right": "knife", "left": None}},
                    grapples=(grip("ann", "bob", "knife", 1, extra={"hand": "right"}),))
    b = duo(**setup())
    ev = play(b, WrestleWeapon("ann"), [6, 6, 6, 3, 3, 3])
    assert contest(ev)["winner"] == "bob" and b.grapples == []
    assert b.fighter("bob").hands["right"] == "knife"
    b = duo(**setup())
    ev = play(b, WrestleWeapon("ann"), [3, 3, 3, 3, 3, 3])
    assert contest(ev)["winner"] is None and len(b.grapples) == 1


def test_S0_HOLD_1_held_foe_minus_four_dx():
    """S0-HOLD-1, S0-OPT-3: a held fighter's DX-based rolls are at -4 (here its punch)."""
    b = duo(grapples=(grip(),))
    r = rolls(play(b, Attack("bob", target="ann"), [6, 6, 6]))[0]
    assert mods(r)["S0-OPT-3"] == -4 and r["target"] == 7


def test_S0_HOLD_2_defence_penalties_parry_block_minus_two_dodge_minus_one():
    """S0-HOLD-2: parry and block -2, dodge -1 while held."""
    from game.rules.base import rules_of as ruleset_for
    from game.rules.threed6.combat import AttackInfo, defense_options
    b = duo(bob={"hands": {"right": "broadsword", "left": "shield"}, "skills": {"Broadsword": 12, "Shield": 12}},
            grapples=(grip("ann", "bob", "torso", 1, hand_names=["right"]),))
    opts = {o.kind: o for o in defense_options(ruleset_for(b), b, b.fighter("bob"), AttackInfo("ann"))}
    assert mods({"modifiers": [m.to_dict() for m in opts["dodge"].modifiers]})["S0-HOLD-2"] == -1
    assert mods({"modifiers": [m.to_dict() for m in opts["parry"].modifiers]})["S0-HOLD-2"] == -2
    assert mods({"modifiers": [m.to_dict() for m in opts["block"].modifiers]})["S0-HOLD-2"] == -2
    # dodge 8 +2 shield DB -1 held = 9; parry 3+6 = 9 +2 DB -2 = 9; block 9 +2 -2 = 9
    assert (opts["dodge"].target, opts["parry"].target, opts["block"].target) == (9, 9, 9)


def test_S0_HOLD_3_held_foe_cannot_move_away():
    """S0-HOLD-3, S0-VICTIM-1: no Move maneuver while held (equal ST)."""
    b = duo(grapples=(grip(),))
    assert "S0-VICTIM-1" in reason(b, Move("bob", to=(1, 0)))


def test_S0_HOLD_4_more_than_twice_the_st_walks_off_with_the_holder():
    """S0-HOLD-4: ST 25 > 2 x 12: bob moves and drags ann along as encumbrance."""
    b = duo(bob={"stats": {"ST": 25}}, grapples=(grip(),))
    ev = play(b, Move("bob", to=(2, 0)), [])
    assert b.fighter("bob").hex == Hex(2, 0) and b.fighter("ann").hex == Hex(2, 0)
    assert ev[0]["rule"] == "S0-HOLD-4" and len(b.grapples) == 1
    b = duo(bob={"stats": {"ST": 24}}, grapples=(grip(),))  # exactly twice is not enough
    assert "S0-VICTIM-1" in reason(b, Move("bob", to=(1, 0)))


def test_S0_HOLD_5_after_a_grapple_the_after_moves_open():
    """S0-HOLD-5: once held, takedown is available (on a later turn)."""
    b = duo(grapples=(grip(extra={"made_on_turn": 5}),))
    assert "S0-AFTER-1" in reason(b, Takedown("ann"))
    b.turn += 1
    assert Takedown("ann").check(b) is None


def test_S0_LOC_1_gripped_limb_cannot_attack_or_defend():
    """S0-LOC-1: a gripped arm neither strikes nor parries, and HOLD's -4 DX applies too."""
    from game.rules.base import rules_of as ruleset_for
    from game.rules.threed6.combat import AttackInfo, defense_options
    b = duo(bob={"hands": {"right": "broadsword", "left": None}, "skills": {"Broadsword": 14}},
            grapples=(grip("ann", "bob", "arm", 1, hand_names=["right"], extra={"limb": "right"}),))
    assert "S0-OPT-2" in reason(b, Attack("bob", target="ann", item="broadsword"))
    opts = defense_options(ruleset_for(b), b, b.fighter("bob"), AttackInfo("ann"))
    assert not any("broadsword" in o.label for o in opts)
    r = rolls(play(b, Attack("bob", target="ann"), [6, 6, 6]))[0]  # punches with the left hand
    assert mods(r)["S0-OPT-3"] == -4
    head = duo(grapples=(grip("ann", "bob", "head", 1, hand_names=["right"]),))
    from game.rules.threed6.maneuvers import Bite
    assert "S0-LOC-1" in reason(head, Bite("bob", target="ann"))


def test_S0_LOC_2_arm_grip_cannot_snatch_the_weapon():
    """S0-LOC-2: with the arm gripped, wresting the weapon away is refused."""
    b = duo(bob={"hands": {"right": "knife", "left": None}},
            grapples=(grip("ann", "bob", "arm", 1, hand_names=["right"], extra={"limb": "right"}),))
    assert "S0-LOC-2" in reason(b, WrestleWeapon("ann"))


def test_S0_LOC_3_force_drop_from_an_arm_grip():
    """S0-LOC-3: Regular Contest of ST; win: the victim drops it; lose: the grip is lost."""
    def setup():
        return dict(bob={"hands": {"right": "knife", "left": None}},
                    grapples=(grip("ann", "bob", "arm", 1, hand_names=["right"], extra={"limb": "right"}),))
    b = duo(**setup())
    ev = play(b, ForceDrop("ann"), [3, 3, 3, 6, 6, 6])
    c = contest(ev)
    assert c["kind"] == "regular" and c["rule"] == "S0-LOC-3" and c["winner"] == "ann"
    assert b.fighter("bob").hands["right"] is None and b.state["floor"] == [{"item": "knife", "hex": [0, 0]}]
    assert len(b.grapples) == 1
    b = duo(**setup())
    play(b, ForceDrop("ann"), [6, 6, 6, 3, 3, 3])
    assert b.grapples == [] and b.fighter("bob").hands["right"] == "knife"


def test_S0_LOC_4_leg_grip_plus_three_to_takedown():
    """S0-LOC-4, S0-TAKEDOWN-4: +3 with a leg grip."""
    b = duo(grapples=(grip("ann", "bob", "leg", 2),))
    a = rolls(play(b, Takedown("ann"), [3, 3, 3, 3, 3, 3]))[0]
    assert mods(a) == {"S0-TAKEDOWN-4": 3} and a["target"] == 15


def test_S0_LOC_5_head_grip_strangles():
    """S0-LOC-5 with G0-11 (ruling L-21): Quick Contest ST vs max(ST, HT); damage = margin of victory x1.5."""
    b = duo({"stats": {"ST": 14}}, {"stats": {"HT": 12}}, grapples=(grip("ann", "bob", "head", 2),))
    ev = play(b, Strangle("ann"), [2, 2, 2, 4, 4, 4, 3, 3, 3])  # margins 8 and 0 -> MoV 8; HT roll 9
    c = contest(ev)
    assert [r["target"] for r in c["rolls"]] == [14, 12] and c["margin_of_victory"] == 8
    dmg = next(e for e in ev if e["type"] == "damage")
    assert dmg["amount"] == 8 and dmg["injury"] == 12
    assert b.fighter("bob").hp == 0
    assert rolls(ev)[-1]["label"] == "HT against a major wound" and rolls(ev)[-1]["success"]
    assert "S0-LOC-5" in reason(duo(grapples=(grip(),)), Strangle("ann"))


def test_S0_MUTUAL_1_grappling_is_one_way():
    """S0-MUTUAL-1: after ann grabs bob, bob holds nobody; he must grapple on his own turn."""
    b = duo()
    play(b, Grab("ann", target="bob"), [3, 3, 3, 6, 6, 6])
    assert [(g.holder, g.target) for g in b.grapples] == [("ann", "bob")]
    assert "S0-FREE-1" in reason(b, Release("bob"))
    b.turn += 1
    play(b, Grab("bob", target="ann"), [2, 2, 2, 6, 6, 6])  # held: DX 11 - 4 = 7
    assert {(g.holder, g.target) for g in b.grapples} == {("ann", "bob"), ("bob", "ann")}


def test_S0_MUTUAL_2_no_defence_penalty_for_the_grappler():
    """S0-MUTUAL-2: holding someone costs the holder nothing on its dodge."""
    from game.rules.base import rules_of as ruleset_for
    from game.rules.threed6.combat import AttackInfo, defense_options
    b = duo(grapples=(grip(),))
    dodge = next(o for o in defense_options(ruleset_for(b), b, b.fighter("ann"), AttackInfo("bob")) if o.kind == "dodge")
    assert dodge.modifiers == [] and dodge.target == 8


def test_S0_MUTUAL_3_parrying_with_a_holding_hand_releases_it():
    """S0-MUTUAL-3: ann holds bob with both hands; parrying bob's punch with one ends that hold."""
    b = duo({"skills": {"Brawling": 16}}, {"skills": {"Brawling": 16}}, grapples=(grip(),))
    # bob's kick: Brawling 16 - 2 (kick) - 4 (held) = 10
    ev = play(b, Attack("bob", target="ann", item="kick", defense="parry"), [3, 3, 4, 3, 3, 3])
    end = next(e for e in ev if e["type"] == "grapple_end")
    assert end["rule"] == "S0-MUTUAL-3" and b.grapples == []
    parry = rolls(ev)[1]
    assert parry["rule"] == "S0-MUTUAL-3" and parry["target"] == 11  # 3 + 16/2


def test_break_free_reference_example():
    """S0-BREAK-3/4 worked numbers from SITUATION-FORMAT.md: ST 10 vs 12+5, faces 3,4,3 / 6,6,5."""
    b = duo(bob={"stats": {"ST": 10}}, grapples=(grip(),))
    ev = play(b, BreakFree("bob"), [3, 4, 3, 6, 6, 5])
    c = contest(ev)
    assert c["kind"] == "quick" and c["rule"] == "S0-BREAK-3"
    assert [(r["target"], r["total"], r["margin"]) for r in c["rolls"]] == [(10, 10, 0), (17, 17, 0)]
    # 17 against 17 fails (G0-1: 17 always fails) -> bob wins
    assert c["winner"] == "bob" and b.grapples == []


def test_ready_needs_a_free_hand_when_held():
    """S0-OPT-4 reason: no free hand."""
    b = duo(bob={"hands": {"right": "broadsword", "left": "shield"}, "items": ["knife"]}, grapples=(grip(),))
    assert "S0-OPT-4" in reason(b, Ready("bob", item="knife"))
