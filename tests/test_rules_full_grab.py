"""3d6-full: attempting a grapple, holding, arms, locations (S2-REQ, S2-GRAB, S2-HOLD, S2-ARMS, S2-LOC, S2-AFTER)."""

import math

from helpers_full import battle, contest, duo, fighter, grip, mods, play, reason, rolls, rs, types

from game.dice import ScriptedDice
from game.hexgrid import Hex
from game.rules.threed6 import combat as C
from game.rules.threed6.full import Strangle
from game.rules.threed6.grappling import ForceDrop, Grab, Release, Takedown, WrestleWeapon
from game.rules.threed6.maneuvers import Attack, Bite, Evaluate, Feint, Move, MoveAndAttack


def test_S2_REQ_1_grappling_seizes_the_foes_body():
    """S2-REQ-1: a successful grapple is a grip on bob's body (no item, no damage)."""
    b = duo()
    ev = play(b, Grab("ann", target="bob", defense="none"), [3, 3, 3])
    (g,) = b.grapples
    assert (g.holder, g.target, g.location, g.kind) == ("ann", "bob", "torso", "grapple")
    assert "grapple_start" in types(ev)


def test_S2_REQ_2_needs_an_empty_hand():
    """S2-REQ-2: both hands full -> no grapple (cited as S2-REQ-2)."""
    b = duo({"hands": {"right": "broadsword", "left": "shield"}})
    assert "S2-REQ-2" in reason(b, Grab("ann", target="bob"))
    b = duo({"hands": {"right": "broadsword", "left": None}})
    assert Grab("ann", target="bob").check(b) is None


def test_S2_REQ_3_move_into_the_foes_hex():
    """S2-REQ-3 [MAP]: two hexes off, no; adjacent, the Attack's step takes ann into bob's hex."""
    b = battle(fighter("ann"), fighter("bob", "blue", (2, 0), facing=3))
    assert "S2-REQ-3" in reason(b, Grab("ann", target="bob"))
    b = duo(same_hex=False)
    ev = play(b, Grab("ann", target="bob", defense="none"), [3, 3, 3])
    assert ev[0]["type"] == "move" and ev[0]["rule"] == "S2-REQ-3"
    assert b.fighter("ann").hex == b.fighter("bob").hex == Hex(1, 0)


def test_S2_REQ_4_attack_all_out_attack_or_move_and_attack():
    """S2-REQ-4: other maneuvers are refused; Move and Attack is at -4."""
    assert "S2-REQ-4" in reason(duo(), Grab("ann", target="bob", maneuver="feint"))
    for m in ("attack", "all_out_attack"):
        assert Grab("ann", target="bob", maneuver=m).check(duo()) is None
    far = battle(fighter("ann"), fighter("bob", "blue", (3, 0), facing=3))
    r = rolls(play(far, Grab("ann", target="bob", maneuver="move_and_attack", defense="none"), [3, 3, 3]))[0]
    assert mods(r)["G0-4"] == -4 and r["target"] == 7


def test_S2_REQ_5_sitting_foe_too_needs_the_grappler_down():
    """S2-REQ-5 [MAP]: a *sitting* foe (as well as kneeling or lying) makes ann kneel; not if bob is SM+2."""
    b = duo(bob={"posture": "sitting"})
    ev = play(b, Grab("ann", target="bob", defense="none"), [3, 3, 3])
    assert b.fighter("ann").posture == "kneeling"
    assert any(e["type"] == "posture" and e["rule"] == "S2-REQ-6" for e in ev)
    lite = duo(bob={"posture": "sitting"}, ruleset="3d6-lite")
    play(lite, Grab("ann", target="bob", defense="none"), [3, 3, 3])
    assert lite.fighter("ann").posture == "standing"  # seed 000 does not list sitting
    big = duo(bob={"posture": "sitting", "size": 2})
    play(big, Grab("ann", target="bob", defense="none"), [3, 3, 3])
    assert big.fighter("ann").posture == "standing"


def test_S2_REQ_6_getting_down_is_the_attacks_step():
    """S2-REQ-6 [MAP]: kneeling is the step (no extra maneuver); it cannot also be the step into the hex."""
    b = duo(bob={"posture": "prone"})
    ev = play(b, Grab("ann", target="bob", defense="none"), [3, 3, 3])
    assert types(ev)[:2] == ["posture", "roll"] and ev[0]["rule"] == "S2-REQ-6"
    assert "S2-REQ-6" in reason(duo(bob={"posture": "kneeling"}, same_hex=False), Grab("ann", target="bob"))


def test_S2_GRAB_1_basic_dx_or_a_grappling_skill():
    """S2-GRAB-1: the grab rolls vs basic DX 11, or Wrestling 13 when better."""
    r = rolls(play(duo(), Grab("ann", target="bob", defense="none"), [3, 3, 3]))[0]
    assert (r["base"], "basic DX" in r["label"], r["rule"]) == (11, True, "S2-GRAB-1")
    r = rolls(play(duo({"skills": {"Wrestling": 13}}), Grab("ann", target="bob", defense="none"), [3, 3, 3]))[0]
    assert (r["base"], "Wrestling" in r["label"]) == (13, True)


def test_S2_GRAB_2_foe_defends_normally():
    """S2-GRAB-2: bob may parry, dodge or block; his dodge 8 stops the grab."""
    b = duo(bob={"hands": {"right": None, "left": "shield"}})
    kinds = {o.kind for o in C.defense_options(rs(b), b, b.fighter("bob"), C.AttackInfo("ann", "grapple"))}
    assert kinds == {"dodge", "parry", "block"}
    ev = play(b, Grab("ann", target="bob", defense="dodge"), [3, 3, 3, 3, 3, 3])
    d = rolls(ev)[1]
    assert d["actor"] == "bob" and d["label"] == "dodge" and d["success"] and b.grapples == []


def test_S2_GRAB_3_evaluate_or_feint_first():
    """S2-GRAB-3: an Evaluate gives +1 to the grab; a won Feint lowers bob's defence by the margin."""
    b = duo()
    play(b, Evaluate("ann", target="bob"), [])
    r = rolls(play(b, Grab("ann", target="bob", defense="none"), [3, 3, 3]))[0]
    assert mods(r)["G0-4"] == 1 and r["target"] == 12
    b = duo()
    play(b, Feint("ann", target="bob"), [2, 2, 2, 5, 5, 5])  # 11-6=5 against 11-15=-4: wins by 9
    ev = play(b, Grab("ann", target="bob", defense="dodge"), [3, 3, 3, 2, 2, 3])
    d = rolls(ev)[1]
    assert mods(d)["G0-4"] == -9 and d["target"] == 8 - 9 and not d["success"] and b.grapples


def test_S2_GRAB_4_a_grapple_does_no_damage():
    """S2-GRAB-4: no damage event, HP untouched."""
    b = duo()
    ev = play(b, Grab("ann", target="bob", location="neck", defense="none"), [3, 3, 3])
    assert "damage" not in types(ev) and b.fighter("bob").hp is None


def test_S2_GRAB_5_plus_2_per_arm_past_the_second():
    """S2-GRAB-5: three arms -> +2."""
    b = duo({"arms": 3, "hands": {"right": None, "left": None, "arm3": None}})
    r = rolls(play(b, Grab("ann", target="bob", hands=3, defense="none"), [3, 3, 3]))[0]
    assert mods(r)["S2-GRAB-5"] == 2 and r["target"] == 13


def test_S2_HOLD_1_minus_4_dx_while_held():
    """S2-HOLD-1: bob, held by the torso, strikes at -4 DX."""
    b = duo(grapples=(grip(),))
    assert rs(b).held_dx_penalty(b, b.fighter("bob"), "arm").rule == "S2-HOLD-1"
    r = rolls(play(b, Attack("bob", target="ann", defense="none"), [6, 6, 6]))[0]
    assert r["target"] == 11 - 4 and -4 in [m["value"] for m in r["modifiers"]]


def test_S2_HOLD_2_cannot_move_away():
    """S2-HOLD-2 [MAP]: no Move, no moving Move and Attack, until free or released."""
    b = battle(fighter("ann"), fighter("bob", "blue", facing=3), grapples=(grip(),))
    assert "S2-VICTIM-1" in reason(b, Move("bob", to=(-1, 0)))
    assert "S2-HOLD-2" in reason(b, MoveAndAttack("bob", to=(-1, 0), target="ann"))
    play(b, Release("ann"), [])
    assert Move("bob", to=(-1, 0)).check(b) is None


def test_S2_HOLD_3_twice_the_st_moves_away_carrying_the_grappler():
    """S2-HOLD-3 [MAP]: bob with ST 25 (> 2 x 12) walks off; ann comes along as encumbrance."""
    b = battle(fighter("ann"), fighter("bob", "blue", facing=3, stats={"ST": 25}), grapples=(grip(),))
    play(b, Move("bob", to=(-1, 0)), [])
    assert b.fighter("bob").hex == b.fighter("ann").hex == Hex(-1, 0) and b.grapples


def test_S2_ARMS_1_a_holding_arm_cannot_parry_unarmed():
    """S2-ARMS-1: ann (holding with one hand) parries only with her other hand; with both busy, no parry.
    Seed 000 would let her parry and release (S0-MUTUAL-3)."""
    b = duo(grapples=(grip(hands=1),))
    parries = [o for o in C.defense_options(rs(b), b, b.fighter("ann"), C.AttackInfo("bob", "strike"))
               if o.kind == "parry"]
    assert [o.hand for o in parries] == ["left"] and parries[0].releases is None
    b = duo(grapples=(grip(),))
    assert not [o for o in C.defense_options(rs(b), b, b.fighter("ann"), C.AttackInfo("bob", "strike"))
                if o.kind == "parry"]
    lite = duo(grapples=(grip(),), ruleset="3d6-lite")
    assert any(o.releases for o in C.defense_options(rs(lite), lite, lite.fighter("ann"),
                                                     C.AttackInfo("bob", "strike")))


def test_S2_ARMS_1_a_parry_refused_for_holding_arms_cites_S2_ARMS_1():
    """S2-ARMS-1: ann holds bob with both hands; naming her parry against his punch is refused under S2-ARMS-1
    (it used to cite G0-5), and the trusted play's event cites it too."""
    b = duo(grapples=(grip(),))
    why = Attack("bob", target="ann", defense="parry").check(b)
    assert why is not None and why.rule == "S2-ARMS-1" and "holding bob" in why.text
    assert Attack("bob", target="ann", defense="dodge").check(b) is None
    ev = Attack("bob", target="ann", defense="parry").resolve(b, ScriptedDice([2, 2, 2, 3]))
    msg = next(e for e in ev if e["type"] == "message" and "no active defence" in e["text"])
    assert msg["rule"] == "S2-ARMS-1"
    lite = duo(grapples=(grip(),), ruleset="3d6-lite")  # S0-MUTUAL-3: seed 000 parries and lets go
    assert Attack("bob", target="ann", defense="parry").check(lite) is None


def test_S2_ARMS_2_letting_go_is_free():
    """S2-ARMS-2: release is a free action in ann's turn and ends the grip."""
    b = duo(grapples=(grip(),))
    assert Release.free
    ev = play(b, Release("ann"), [])
    assert ev[0]["type"] == "grapple_end" and b.grapples == []


def test_S2_ARMS_3_holding_with_all_arms_no_other_attacks():
    """S2-ARMS-3: holding with both arms ann may not kick (only moves after a grapple, bite, Striker)."""
    b = duo(grapples=(grip(),))
    assert "S2-ARMS-3" in reason(b, Attack("ann", target="bob", item="kick"))
    assert Takedown("ann").check(b) is None
    one = duo(grapples=(grip(hands=1),))
    assert Attack("ann", target="bob", item="kick").check(one) is None


# Hit-location penalties of the family (GURPS 4e) that S2-LOC-2 halves (rounded to the larger penalty).
HIT_LOCATION = {"skull": -7, "face": -5, "neck": -5, "groin": -3, "arm": -2, "leg": -2, "hand": -4, "foot": -4}


def grab(location, faces=(3, 3, 3), **ann):
    b = duo(ann or None, grapples=())
    return rolls(play(b, Grab("ann", target="bob", location=location, defense="none"), list(faces)))[0]


def test_S2_LOC_1_torso_no_penalty():
    """S2-LOC-1: the torso is the default at 0."""
    r = grab("torso")
    assert r["target"] == 11 and not [m for m in r["modifiers"] if m["rule"].startswith("S2-LOC")]


def test_S2_LOC_2_half_the_hit_location_penalty():
    """S2-LOC-2: every body-part grab is half the strike penalty, rounded to the larger penalty."""
    for loc, pen in HIT_LOCATION.items():
        assert rs(duo()).grab_penalties[loc] == -math.ceil(-pen / 2), loc


def test_S2_LOC_3_skull_minus_4():
    """S2-LOC-3: skull -4 ("head" grabs the skull); seed 000's head was -3."""
    assert mods(grab("skull"))["S2-LOC-3"] == -4
    assert mods(grab("head"))["S2-LOC-3"] == -4


def test_S2_LOC_4_face_minus_3():
    """S2-LOC-4: face -3."""
    assert mods(grab("face"))["S2-LOC-4"] == -3


def test_S2_LOC_5_neck_minus_3():
    """S2-LOC-5: neck -3."""
    assert mods(grab("neck"))["S2-LOC-5"] == -3


def test_S2_LOC_6_groin_minus_2():
    """S2-LOC-6: groin -2."""
    assert mods(grab("groin"))["S2-LOC-6"] == -2


def test_S2_LOC_7_arm_or_leg_minus_1():
    """S2-LOC-7: arm or leg -1."""
    assert mods(grab("arm"))["S2-LOC-7"] == -1 and mods(grab("leg"))["S2-LOC-7"] == -1


def test_S2_LOC_8_hand_or_foot_minus_2():
    """S2-LOC-8: hand or foot -2."""
    assert mods(grab("hand"))["S2-LOC-8"] == -2 and mods(grab("foot"))["S2-LOC-8"] == -2


def test_S2_LOC_9_a_held_weapon_is_not_halved():
    """S2-LOC-9 (G2-2, house rule): grabbing bob's sword is at the full -4."""
    b = duo(bob={"hands": {"right": "broadsword", "left": None}})
    r = rolls(play(b, Grab("ann", target="bob", location="broadsword", defense="none"), [3, 3, 3]))[0]
    (m,) = [m for m in r["modifiers"] if m["rule"] == "S2-LOC-9"]
    assert m["value"] == -4 and "house rule" in m["reason"]


def test_S2_LOC_10_minus_4_dx_only_when_using_that_part():
    """S2-LOC-10: bob's leg is held: his punch is unhampered, and so is a kick with the other leg (ruling F-3);
    his dodge (both legs) -1, his parry free; a torso grip would hamper everything. Seed 000 would forbid using
    the part at all."""
    b = duo(grapples=(grip(location="leg", extra={"limb": "right"}),))
    bob = b.fighter("bob")
    assert rs(b).held_dx_penalty(b, bob, "punch") is None
    assert rs(b).held_dx_penalty(b, bob, "kick") is None
    assert rs(b).held_dx_penalty(b, bob, "dodge").rule == "S2-LOC-10"
    opts = {o.kind: o for o in C.defense_options(rs(b), b, bob, C.AttackInfo("ann", "strike"))}
    assert opts["dodge"].target == 8 - 1 and opts["parry"].target == 3 + 11 // 2
    r = rolls(play(b, Attack("bob", target="ann", defense="none"), [6, 6, 6]))[0]
    assert r["target"] == 11
    arm = duo(bob={"hands": {"right": "knife", "left": None}}, grapples=(grip(location="arm", extra={"limb": "left"}),))
    parries = [o for o in C.defense_options(rs(arm), arm, arm.fighter("bob"), C.AttackInfo("ann", "strike"))
               if o.kind == "parry"]
    assert parries  # a held arm may still defend (S2-LOC-10), unlike S0-LOC-1


def test_S2_LOC_11_arm_or_hand_grip_forces_a_drop_not_a_snatch():
    """S2-LOC-11 (G2-2): from a hand grip a Regular Contest of ST makes bob drop his sword; no snatching."""
    def sword():
        return {"hands": {"right": "broadsword", "left": None}}

    b = duo(bob=sword(), grapples=(grip(location="hand", extra={"limb": "right"}),))
    assert "S2-LOC-11" in reason(b, WrestleWeapon("ann"))
    c = contest(play(b, ForceDrop("ann"), [3, 3, 3, 6, 6, 6]))
    assert (c["kind"], c["rule"], c["winner"]) == ("regular", "S2-LOC-11", "ann")
    assert b.fighter("bob").hands["right"] is None
    b = duo(bob=sword(), grapples=(grip(location="arm", extra={"limb": "right"}),))
    play(b, ForceDrop("ann"), [6, 6, 6, 3, 3, 3])
    assert b.grapples == []  # losing the contest loses the grip (G2-2)


def test_S2_LOC_12_leg_grip_sets_up_a_takedown_without_bonus():
    """S2-LOC-12: a leg grip allows the takedown, with no +3 (G2-17)."""
    b = duo(grapples=(grip(location="leg", extra={"limb": "right"}),))
    a, _ = contest(play(b, Takedown("ann"), [3, 3, 3, 3, 3, 3]))["rolls"]
    assert mods(a) == {}


def test_S2_LOC_13_neck_grip_sets_up_a_strangle():
    """S2-LOC-13: a neck grip allows the strangle; a head (skull) grip does not."""
    assert Strangle("ann").check(duo(grapples=(grip(location="neck"),))) is None
    assert "S2-STRANGLE-1" in reason(duo(grapples=(grip(location="skull"),)), Strangle("ann"))


def test_S2_AFTER_1_later_turns_attack_or_all_out_attack():
    """S2-AFTER-1: the moves after a grapple come on later turns, with an Attack or All-Out Attack."""
    b = duo()
    play(b, Grab("ann", target="bob", location="neck", defense="none"), [1, 1, 1])
    assert "S2-AFTER-1" in reason(b, Takedown("ann"))
    assert "S2-AFTER-1" in reason(b, Strangle("ann"))
    b.turn += 1
    assert Takedown("ann").check(b) is None and Strangle("ann", maneuver="all_out_attack").check(b) is None
    assert "S2-AFTER-1" in reason(b, Strangle("ann", maneuver="move"))
    assert "S2-AFTER-1" in reason(b, Takedown("ann", maneuver="move"))
    assert Bite  # the bite is no "move after a grapple" (see S2-HAND-1)
