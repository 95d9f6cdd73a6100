"""3d6-full: takedown, pin, the grappler's hands and free actions, the victim, break free, and the seed-000
rules seed 002 leaves out (S2-TAKEDOWN, S2-PIN, S2-HAND, S2-FREE, S2-VICTIM, S2-OPT, S2-BREAK, S2-DIFF)."""

from helpers_full import battle, contest, duo, fighter, grip, mods, play, reason, rolls, rs, types

from game.dice import ScriptedDice
from game.hexgrid import Hex
from game.rules import events as E
from game.rules.threed6 import combat as C
from game.rules.threed6.full import FullBreakFree, FullTakedown
from game.rules.threed6.grappling import Drag, Grab, Pin, Release, WrestleWeapon
from game.rules.threed6.maneuvers import (
    Aim,
    AllOutAttack,
    Attack,
    Bite,
    Concentrate,
    Feint,
    Move,
    Ready,
    ThrowAway,
    Wait,
)


def held(**kw):
    """ann holds bob's torso with both hands since an earlier turn (same hex)."""
    return duo(kw.pop("ann", None), kw.pop("bob", None), grapples=(grip(**kw),))


# -- takedown ------------------------------------------------------------------------------------

def test_S2_TAKEDOWN_1_only_a_standing_foe():
    """S2-TAKEDOWN-1 [MAP]: a kneeling bob cannot be taken down."""
    assert "S2-TAKEDOWN-1" in reason(held(bob={"posture": "kneeling"}), FullTakedown("ann"))
    assert FullTakedown("ann").check(held()) is None


def test_S2_TAKEDOWN_2_quick_contest_best_of_st_dx_skill():
    """S2-TAKEDOWN-2: ann's Wrestling 14 (best) against bob's ST 12 (best)."""
    c = contest(play(held(ann={"skills": {"Wrestling": 14}}), FullTakedown("ann"), [4, 4, 4, 4, 4, 4]))
    a, b = c["rolls"]
    assert (c["kind"], c["rule"], a["base"], b["base"]) == ("quick", "S2-TAKEDOWN-2", 14, 12)
    assert "Wrestling" in a["label"] and "ST" in b["label"]


def test_S2_TAKEDOWN_3_grappler_not_standing_takes_its_posture_penalty():
    """S2-TAKEDOWN-3 [MAP]: a kneeling grappler is at -2."""
    a, _ = contest(play(held(ann={"posture": "kneeling"}), FullTakedown("ann"), [4, 4, 4, 4, 4, 4]))["rolls"]
    assert mods(a) == {"S2-TAKEDOWN-3": -2}


def test_S2_TAKEDOWN_4_falls_in_the_grappler_hex_and_a_chosen_adjacent_hex():
    """S2-TAKEDOWN-4 [MAP]: bob falls in ann's hex and, here, the adjacent hex ann chose; seed 000 has one hex."""
    b = battle(fighter("ann", at=(1, 0)), fighter("bob", "blue", (1, 0), facing=3), grapples=(grip(),))
    ev = play(b, FullTakedown("ann", to=(1, -1)), [3, 3, 3, 4, 4, 4])
    bob = b.fighter("bob")
    assert bob.posture == "prone" and bob.hex == Hex(1, 0) and bob.counters["lying_across"] == [1, -1]
    assert any(e.get("rule") == "S2-TAKEDOWN-4" and e["type"] == "stat" for e in ev)
    b2 = battle(fighter("ann", at=(1, 0)), fighter("bob", "blue", (1, 0), facing=3), grapples=(grip(),))
    assert "S2-TAKEDOWN-4" in reason(b2, FullTakedown("ann", to=(3, 0)))


def test_S2_TAKEDOWN_5_victim_grappling_the_grappler_loses_its_grip():
    """S2-TAKEDOWN-5: bob held ann too; he falls and his grip ends."""
    b = duo(grapples=(grip(), grip("bob", "ann")))
    play(b, FullTakedown("ann", target="bob"), [3, 3, 3, 4, 4, 4])
    assert [(g.holder, g.target) for g in b.grapples] == [("ann", "bob")]


def test_S2_TAKEDOWN_6_loser_grappler_suffers_the_same():
    """S2-TAKEDOWN-6 [MAP]: ann loses: she falls and loses her grip."""
    b = held()
    play(b, FullTakedown("ann"), [5, 5, 5, 3, 3, 3])
    assert b.fighter("ann").posture == "prone" and b.fighter("bob").posture == "standing" and b.grapples == []


def test_S2_TAKEDOWN_7_tie_nothing_happens():
    """S2-TAKEDOWN-7: equal margins: nobody falls."""
    b = held()
    ev = play(b, FullTakedown("ann"), [4, 4, 4, 4, 4, 4])
    assert contest(ev)["winner"] is None and "posture" not in types(ev) and b.grapples


# -- pin -------------------------------------------------------------------------------------------

def lying(**kw):
    return held(bob={"posture": "prone", **kw.pop("bob", {})}, **kw)


def test_S2_PIN_1_foe_on_the_ground_and_torso_held():
    """S2-PIN-1 [MAP]: standing foe, no; an arm grip, no; lying and torso, yes."""
    assert "S2-PIN-1" in reason(held(), Pin("ann"))
    assert "S2-PIN-1" in reason(lying(location="arm", extra={"limb": "right"}), Pin("ann"))
    assert Pin("ann").check(lying()) is None


def test_S2_PIN_2_regular_contest_of_st():
    """S2-PIN-2: Regular Contest of ST 12 against 12."""
    c = contest(play(lying(), Pin("ann"), [3, 3, 3, 6, 6, 6]))
    assert (c["kind"], c["rule"], c["rolls"][0]["base"], c["rolls"][1]["base"]) == ("regular", "S2-PIN-2", 12, 12)


def test_S2_PIN_3_plus_3_per_sm_to_the_bigger():
    """S2-PIN-3: ann SM +1 over bob: +3 to her."""
    a, _ = contest(play(lying(ann={"size": 1}), Pin("ann"), [3, 3, 3, 6, 6, 6]))["rolls"]
    assert mods(a)["S2-PIN-3"] == 3


def test_S2_PIN_4_more_free_hands_plus_3():
    """S2-PIN-4: ann holds with both hands (0 free), bob has 2 free: +3 to bob."""
    _, v = contest(play(lying(), Pin("ann"), [3, 3, 3, 6, 6, 6]))["rolls"]
    assert mods(v)["S2-PIN-4"] == 3


def test_S2_PIN_5_win_pinned_and_helpless():
    """S2-PIN-5: the grip becomes a pin; bob has no active defence."""
    b = lying()
    play(b, Pin("ann"), [3, 3, 3, 6, 6, 6])
    assert b.grapples[0].kind == "pin"
    assert C.defense_options(rs(b), b, b.fighter("bob"), C.AttackInfo("ann")) == []


def test_S2_PIN_6_pinner_stays_but_may_free_one_hand():
    """S2-PIN-6 [MAP]: releasing one hand keeps the pin; walking off lets go."""
    b = lying(kind="pin")
    ev = play(b, Release("ann", hands=1), [])
    assert ev[0]["rule"] == "S2-PIN-6" and b.grapples[0].kind == "pin" and b.grapples[0].hands == 1
    play(b, Move("ann", to=(1, 0)), [])
    assert b.grapples == []


def test_S2_PIN_7_lose_or_tie_nothing_happens():
    """S2-PIN-7: both succeed (a tie of the Regular Contest): no pin."""
    b = lying()
    ev = play(b, Pin("ann"), [3, 3, 3, 3, 3, 3])
    assert contest(ev)["winner"] is None and b.grapples[0].kind == "grapple"


# -- the grappler's hands --------------------------------------------------------------------------

def test_S2_HAND_1_bite_with_all_hands_busy():
    """S2-HAND-1: holding with both hands ann can still bite (a reach-C Striker is not in the catalogue)."""
    b = held()
    assert Bite("ann", target="bob").check(b) is None
    r = rolls(play(b, Bite("ann", target="bob", defense="none"), [6, 6, 6]))[0]
    assert "bite" in r["label"]


def test_S2_HAND_2_free_hand_attacks_unarmed_or_reach_c_or_readies():
    """S2-HAND-2: ann's free hand may punch or stab with a knife, not swing a sword; Ready is allowed."""
    b = held(hands=1)
    assert Attack("ann", target="bob").check(b) is None
    assert "S2-HAND-2" in reason(battle(fighter("ann", hands={"right": None, "left": "broadsword"}),
                                        fighter("bob", "blue", facing=3),
                                        fighter("cy", "blue", (1, 0), facing=3),
                                        grapples=(grip(hands=1),)), Attack("ann", target="cy", item="broadsword"))
    k = held(hands=1, ann={"hands": {"right": None, "left": "knife"}})
    assert Attack("ann", target="bob", item="knife").check(k) is None
    r = held(hands=1, ann={"items": ["knife"]})
    assert Ready("ann", item="knife").check(r) is None


def test_S2_HAND_3_no_aim_feint_concentrate_wait_until_pinned():
    """S2-HAND-3: a grappler may not Aim, Feint, Concentrate or Wait until the foe is pinned."""
    b = held()
    for act in (Aim("ann"), Feint("ann", target="bob"), Concentrate("ann"), Wait("ann")):
        assert "S2-HAND-3" in reason(b, act)
    p = lying(kind="pin")
    assert Concentrate("ann").check(p) is None and Wait("ann").check(p) is None


# -- free actions ------------------------------------------------------------------------------------

def test_S2_FREE_1_release_a_grapple_or_a_pin():
    """S2-FREE-1: let go of a grappled or a pinned foe, a free action."""
    for kind in ("grapple", "pin"):
        b = lying(kind=kind)
        ev = play(b, Release("ann"), [])
        assert ev[0]["rule"] == "S2-FREE-1" and b.grapples == []


def test_S2_FREE_2_release_one_hand_loses_the_two_hand_bonus():
    """S2-FREE-2: after freeing one hand, bob's break free faces no +5."""
    b = held()
    play(b, Release("ann", hands=1), [])
    _, h = contest(play(b, FullBreakFree("bob"), [4, 4, 4, 4, 4, 4]))["rolls"]
    assert mods(h) == {} and h["target"] == 12


def test_S2_FREE_3_throw_away_a_ready_weapon():
    """S2-FREE-3: always works, takes no time; the sword lies on the floor."""
    b = held(hands=1, ann={"hands": {"right": None, "left": "broadsword"}})
    assert ThrowAway.free
    play(b, ThrowAway("ann", item="broadsword"), [])
    assert b.fighter("ann").hands["left"] is None and b.state["floor"][0]["item"] == "broadsword"


def test_S2_FREE_4_pinned_foe_dragged_as_encumbrance():
    """S2-FREE-4 [MAP]: ann drags pinned bob (75 lb lying = 2.6 x BL 28.8: Move 5 x 0.6 = 3)."""
    b = lying(kind="pin")
    assert rs(b).move_allowance(b, b.fighter("ann"), load=rs(b).drag_load(b.fighter("bob"))) == 3
    play(b, Drag("ann", to=(3, 0)), [])
    assert b.fighter("ann").hex == b.fighter("bob").hex == Hex(3, 0) and b.grapples
    assert "S2-FREE-4" in reason(lying(kind="pin"), Drag("ann", to=(4, 0)))


def test_S2_FREE_5_moving_away_releases_unless_at_least_twice_the_st():
    """S2-FREE-5 [MAP]: ann walks off and lets go; with ST 24 (exactly twice bob's) she may drag him."""
    b = held()
    play(b, Move("ann", to=(1, 0)), [])
    assert b.grapples == []
    strong = held(ann={"stats": {"ST": 24}})
    play(strong, Drag("ann", to=(1, 0)), [])
    assert strong.fighter("bob").hex == Hex(1, 0) and strong.grapples
    assert "S2-FREE-5" in reason(held(ann={"stats": {"ST": 23}}), Drag("ann", to=(1, 0)))


# -- the victim ----------------------------------------------------------------------------------------

def test_S2_VICTIM_1_no_move_unless_at_least_twice_the_st():
    """S2-VICTIM-1 [MAP]: bob ST 23 may not Move; ST 24 (at least twice 12) may; seed 000 wants more."""
    assert "S2-VICTIM-1" in reason(held(bob={"stats": {"ST": 23}}), Move("bob", to=(-1, 0)))
    assert Move("bob", to=(-1, 0)).check(held(bob={"stats": {"ST": 24}})) is None
    lite = held(bob={"stats": {"ST": 24}})
    lite.ruleset = "3d6-lite"
    assert Move("bob", to=(-1, 0)).check(lite) is not None


def test_S2_VICTIM_2_no_aim_feint_concentrate_wait():
    """S2-VICTIM-2: a grappled fighter may not Aim, Feint (added in seed 002), Concentrate or Wait."""
    b = held()
    for act in (Aim("bob"), Feint("bob", target="ann"), Concentrate("bob"), Wait("bob")):
        assert "S2-VICTIM-2" in reason(b, act)


def test_S2_VICTIM_3_pinned_no_physical_maneuver_but_break_free():
    """S2-VICTIM-3: pinned bob may not attack or change posture; Break Free is allowed."""
    b = lying(kind="pin")
    assert "S2-VICTIM-3" in reason(b, Attack("bob", target="ann"))
    assert FullBreakFree("bob").check(b) is None


# -- options while grappled -----------------------------------------------------------------------------

def test_S2_OPT_1_attack_or_all_out_attack_while_grappled():
    """S2-OPT-1: held bob may Attack or All-Out Attack."""
    b = held()
    assert Attack("bob", target="ann").check(b) is None
    assert AllOutAttack("bob", target="ann").check(b) is None


def test_S2_OPT_2_no_grappled_limb_no_bite_with_neck_or_head_held():
    """S2-OPT-2: a held arm cannot punch; a held neck (or skull/face) cannot bite (seed 000 had no bite rule)."""
    b = held(location="arm", extra={"limb": "right"}, bob={"hands": {"right": None, "left": "broadsword"}})
    assert "S2-OPT-2" in reason(b, Attack("bob", target="ann"))
    for loc in ("neck", "skull", "face"):
        assert "S2-OPT-2" in reason(held(location=loc), Bite("bob", target="ann"))
    assert Bite("bob", target="ann").check(held()) is None


def test_S2_OPT_2_only_the_grappled_leg_cannot_kick():
    """S2-OPT-2 ("You cannot use any limb that has been grappled"; ruling F-3 rewritten): with bob's right leg
    held his left kicks, at DX 11 - 2 with no -4 (S2-LOC-10: the held part is not used); with both legs
    held (one at the foot) he cannot kick. The old ruling stopped kicks with either leg."""
    b = held(location="leg", extra={"limb": "right"})
    r = rolls(play(b, Attack("bob", target="ann", item="kick", defense="none"), [6, 6, 6]))[0]
    assert r["target"] == 11 - 2 and "S2-LOC-10" not in mods(r)
    both = held(location="leg", extra={"limb": "right"})
    both.fighters.append(fighter("cy", "red"))
    both.grapples.append(grip("cy", "bob", location="foot", hands=1, extra={"limb": "left"}))
    assert "S2-OPT-2" in reason(both, Attack("bob", target="ann", item="kick"))


def test_S2_OPT_3_only_unarmed_or_reach_c():
    """S2-OPT-3: held bob may stab with a knife but not swing a sword at cy next to him."""
    b = battle(fighter("ann"), fighter("bob", "blue", facing=3, hands={"right": "broadsword", "left": "knife"}),
               fighter("cy", "red", (1, 0), facing=3), grapples=(grip(),))
    assert "S2-OPT-3" in reason(b, Attack("bob", target="cy", item="broadsword"))
    assert Attack("bob", target="cy", item="knife").check(b) is None


def test_S2_OPT_4_ready_with_a_free_hand_dx_roll_or_drop():
    """S2-OPT-4: held bob readies his knife: DX 11 -4 = 7; a 10 fails and he drops it."""
    b = held(bob={"items": ["knife"]})
    ev = play(b, Ready("bob", item="knife"), [3, 3, 4])
    r = rolls(ev)[0]
    assert (r["rule"], r["target"], r["success"]) == ("S2-OPT-4", 7, False)
    assert b.fighter("bob").hands == {"right": None, "left": None}
    b = held(bob={"items": ["knife"]})
    play(b, Ready("bob", item="knife"), [2, 2, 3])
    assert "knife" in b.fighter("bob").hands.values()


def test_S2_OPT_5_switching_an_advantage_always_works():
    """S2-OPT-5: Ready to switch an advantage on needs no roll."""
    b = held(bob={"traits": {"striker_claws": False}})
    ev = play(b, Ready("bob", item="striker_claws"), [])
    assert rolls(ev) == [] and b.fighter("bob").traits["striker_claws"] is True
    assert any(e.get("rule") == "S2-OPT-5" for e in ev)


# -- break free -------------------------------------------------------------------------------------------

def test_S2_BREAK_1_quick_contest_of_st():
    """S2-BREAK-1: bob's ST 12 against ann's ST 12 (+5 for two hands); winning ends the grip."""
    b = held()
    c = contest(play(b, FullBreakFree("bob"), [1, 1, 1, 6, 6, 6]))
    assert (c["kind"], c["rule"], c["winner"]) == ("quick", "S2-BREAK-1", "bob") and b.grapples == []


def test_S2_BREAK_2_two_hands_plus_5():
    """S2-BREAK-2: ann holds with two hands: +5; with one hand nothing."""
    _, h = contest(play(held(), FullBreakFree("bob"), [4, 4, 4, 4, 4, 4]))["rolls"]
    assert mods(h) == {"S2-BREAK-2": 5}
    _, h = contest(play(held(hands=1), FullBreakFree("bob"), [4, 4, 4, 4, 4, 4]))["rolls"]
    assert mods(h) == {}


def test_S2_BREAK_3_pin_plus_10_two_hands_plus_5_one():
    """S2-BREAK-3: against a pin ann rolls at +10 with two hands, +5 with one."""
    _, h = contest(play(lying(kind="pin"), FullBreakFree("bob"), [4, 4, 4, 4, 4, 4]))["rolls"]
    assert mods(h) == {"S2-BREAK-3": 10}
    _, h = contest(play(lying(kind="pin", hands=1), FullBreakFree("bob"), [4, 4, 4, 4, 4, 4]))["rolls"]
    assert mods(h) == {"S2-BREAK-3": 5}


def test_S2_BREAK_4_pinned_once_every_10_seconds():
    """S2-BREAK-4: after a try while pinned, the next is 10 rounds later."""
    b = lying(kind="pin")
    play(b, FullBreakFree("bob"), [6, 6, 6, 3, 3, 3])
    b.round += 9
    assert "S2-BREAK-4" in reason(b, FullBreakFree("bob"))
    b.round += 1
    assert FullBreakFree("bob").check(b) is None


def test_S2_BREAK_5_plus_2_per_arm_past_the_second():
    """S2-BREAK-5: bob with four arms +4; ann holding with three hands +2 (and +5)."""
    arms4 = {"arms": 4, "hands": {"right": None, "left": None, "arm3": None, "arm4": None}}
    a, _ = contest(play(held(bob=arms4), FullBreakFree("bob"), [4, 4, 4, 4, 4, 4]))["rolls"]
    assert mods(a) == {"S2-BREAK-5": 4}
    arms3 = {"arms": 3, "hands": {"right": None, "left": None, "arm3": None}}
    _, h = contest(play(held(hands=3, ann=arms3), FullBreakFree("bob"), [4, 4, 4, 4, 4, 4]))["rolls"]
    assert mods(h) == {"S2-BREAK-2": 5, "S2-BREAK-5": 2}


def test_S2_BREAK_6_stunned_grappler_minus_4():
    """S2-BREAK-6: a stunned ann holds on at -4."""
    _, h = contest(play(held(ann={"conditions": ["stunned"]}), FullBreakFree("bob"), [4, 4, 4, 4, 4, 4]))["rolls"]
    assert mods(h)["S2-BREAK-6"] == -4


def test_S2_BREAK_7_grappler_out_frees_the_victim():
    """S2-BREAK-7 (and death too, G2-1): ann falls unconscious or dies -> bob is free with no roll."""
    for fall in ("unconscious", "dead"):
        b = held()
        r = E.Resolution(b, ScriptedDice([]), rs(b))
        if fall == "unconscious":
            C.fall_unconscious(r, rs(b), b.fighter("ann"), "test")
        else:
            C._die(r, b.fighter("ann"), "test")
        assert b.grapples == [] and any(e["type"] == "grapple_end" and e["rule"] == "S2-BREAK-7" for e in r.events)


def test_S2_BREAK_8_step_one_hex_after_breaking_free():
    """S2-BREAK-8 [MAP]: bob wins and steps to an adjacent hex."""
    b = held()
    ev = play(b, FullBreakFree("bob", to=(-1, 0)), [1, 1, 1, 6, 6, 6])
    assert b.fighter("bob").hex == Hex(-1, 0) and ev[-1]["rule"] == "S2-BREAK-8"
    assert "S2-BREAK-8" in reason(held(), FullBreakFree("bob", to=(3, 0)))


# -- seed-000 rules kept (G2-1) ------------------------------------------------------------------------------

def test_S2_DIFF_1_a_grapple_counts_as_an_attack():
    """S2-DIFF-1 (S0-REQ-4 kept, G2-1): a grapple is an attack; as All-Out Attack it leaves no defence."""
    assert Grab.is_attack
    b = duo()
    play(b, Grab("ann", target="bob", maneuver="all_out_attack", defense="none"), [3, 3, 3])
    assert E.has_effect(b, "ann", "all_out_attack")


def test_S2_DIFF_2_size_bonus_to_the_larger_grappler():
    """S2-DIFF-2 (S0-GRAB-6 kept, G0-9): ann SM +2 over bob: +2; a smaller grappler takes nothing."""
    r = rolls(play(duo({"size": 2}), Grab("ann", target="bob", defense="none"), [3, 3, 3]))[0]
    assert mods(r)["S2-DIFF-2"] == 2
    r = rolls(play(duo(bob={"size": 2}), Grab("ann", target="bob", defense="none"), [3, 3, 3]))[0]
    assert "S2-DIFF-2" not in mods(r)


def test_S2_DIFF_3_held_minus_2_parry_block_minus_1_dodge():
    """S2-DIFF-3 (S0-HOLD-2 kept): held bob parries at -2, dodges at -1."""
    b = held()
    opts = {o.kind: o for o in C.defense_options(rs(b), b, b.fighter("bob"), C.AttackInfo("ann", "strike"))}
    assert mods({"modifiers": [m.to_dict() for m in opts["parry"].modifiers]})["S2-DIFF-3"] == -2
    assert mods({"modifiers": [m.to_dict() for m in opts["dodge"].modifiers]})["S2-DIFF-3"] == -1


def test_S2_DIFF_4_grab_and_wrest_an_item():
    """S2-DIFF-4 (S0-ITEM-1..6 kept, G2-2): grab bob's sword; he can't use it; a Regular Contest of ST wrests it."""
    b = duo(bob={"hands": {"right": "broadsword", "left": None}, "skills": {"Broadsword": 12}})
    play(b, Grab("ann", target="bob", location="broadsword", defense="none"), [2, 2, 1])
    assert "S2-DIFF-4" in reason(b, Attack("bob", target="ann", item="broadsword"))
    b.turn += 1
    c = contest(play(b, WrestleWeapon("ann"), [3, 3, 3, 6, 6, 6]))
    assert (c["kind"], c["winner"]) == ("regular", "ann") and "broadsword" in b.fighter("ann").hands.values()
    b = duo(bob={"hands": {"right": "broadsword", "left": None}},
            grapples=(grip(location="broadsword", hands=1, extra={"hand": "right"}),))
    play(b, WrestleWeapon("ann"), [6, 6, 6, 3, 3, 3])
    assert b.grapples == [] and b.fighter("bob").hands["right"] == "broadsword"


def test_S2_DIFF_5_no_leg_bonus_to_takedowns():
    """S2-DIFF-5 (G2-17): no +3 with a leg grip in 3d6-full; 3d6-lite keeps it."""
    b = held(location="leg", extra={"limb": "right"})
    a, _ = contest(play(b, FullTakedown("ann"), [4, 4, 4, 4, 4, 4]))["rolls"]
    assert mods(a) == {}
    lite = held(location="leg", extra={"limb": "right"})
    lite.ruleset = "3d6-lite"
    assert rs(lite).leg_takedown_bonus == 3 and rs(b).leg_takedown_bonus == 0


def test_S2_DIFF_6_one_way_and_no_defence_penalty_for_the_grappler():
    """S2-DIFF-6 (S0-MUTUAL-1/2 kept): bob is not holding ann; ann defends with no held penalty."""
    b = held()
    assert [(g.holder, g.target) for g in b.grapples] == [("ann", "bob")]
    dodge = next(o for o in C.defense_options(rs(b), b, b.fighter("ann"), C.AttackInfo("bob", "strike"))
                 if o.kind == "dodge")
    assert dodge.target == 8 and dodge.modifiers == []
    assert FullBreakFree("ann").check(b) is not None


def test_S2_DIFF_7_attacks_while_grappled_take_minus_4_and_posture():
    """S2-DIFF-7 (S0-OPT-3 kept): kneeling held bob punches at -4 (held) and -2 (posture)."""
    b = held(bob={"posture": "kneeling"})
    r = rolls(play(b, Attack("bob", target="ann", defense="none"), [6, 6, 6]))[0]
    assert (mods(r)["S2-DIFF-7"], mods(r)["G0-8"], r["target"]) == (-4, -2, 5)


def test_S2_DIFF_8_losing_or_tying_break_free_leaves_the_grapple():
    """S2-DIFF-8 (S0-BREAK-10 kept): a lost or tied contest changes nothing."""
    for faces in ([6, 6, 6, 3, 3, 3], [5, 5, 5, 6, 6, 5]):
        b = held()
        ev = play(b, FullBreakFree("bob"), faces)
        assert contest(ev)["winner"] != "bob" and len(b.grapples) == 1
        assert ev[-1]["rule"] == "S2-DIFF-8"


def test_S2_DIFF_9_break_free_is_an_attack_maneuver():
    """S2-DIFF-9 (S0-BREAK-1 kept): Break Free is played as an Attack."""
    assert FullBreakFree.is_attack and FullBreakFree("bob").maneuver_name() == "attack"
