"""3d6-lite: after a grapple and being grappled (S0-AFTER, S0-TAKEDOWN, S0-PIN, S0-HAND, S0-FREE, S0-VICTIM,
S0-BREAK, S0-OPT)."""

from helpers_3d6 import battle, contest, duo, fighter, grip, mods, play, reason, rolls

from game.hexgrid import Hex, hex_spiral
from game.rules.base import rules_of as ruleset_for
from game.rules.threed6.grappling import BreakFree, Drag, Grab, Pin, Release, Takedown
from game.rules.threed6.maneuvers import (
    Aim,
    AllOutAttack,
    Attack,
    Bite,
    ChangePosture,
    Concentrate,
    DoNothing,
    Evaluate,
    Feint,
    Move,
    Ready,
    Wait,
)
from game.rules.threed6.status import is_helpless


def test_S0_AFTER_1_only_on_later_turns_while_holding():
    """S0-AFTER-1: not the turn of the grapple, and not without a grip."""
    b = duo()
    play(b, Grab("ann", target="bob"), [3, 3, 3, 6, 6, 6])
    assert "later turns" in reason(b, Takedown("ann"))
    b.turn += 1
    assert Takedown("ann").check(b) is None
    assert "S0-AFTER-1" in reason(duo(), Takedown("ann"))


def test_S0_AFTER_2_needs_attack_or_all_out_attack():
    """S0-AFTER-2: Move and Attack is refused; All-Out Attack works (and drops defences)."""
    b = duo(grapples=(grip(),))
    assert "S0-AFTER-2" in reason(b, Takedown("ann", maneuver="move_and_attack"))
    assert Takedown.is_attack and Pin.is_attack
    play(b, Takedown("ann", maneuver="all_out_attack"), [3, 3, 3, 3, 3, 3])
    assert any(e["kind"] == "all_out_attack" for e in b.effects)


def test_S0_TAKEDOWN_1_only_a_standing_foe():
    """S0-TAKEDOWN-1: a kneeling foe cannot be taken down."""
    b = duo(bob={"posture": "kneeling"}, grapples=(grip(),))
    assert "S0-TAKEDOWN-1" in reason(b, Takedown("ann"))


def test_S0_TAKEDOWN_2_quick_contest_best_of_st_dx_skill():
    """S0-TAKEDOWN-2: ann uses Wrestling 14 (> ST 12, DX 11); bob his ST 13."""
    b = duo({"skills": {"Wrestling": 14}}, {"stats": {"ST": 13}}, grapples=(grip(),))
    ev = play(b, Takedown("ann"), [3, 3, 3, 4, 4, 4])
    c = contest(ev)
    assert c["kind"] == "quick" and c["rule"] == "S0-TAKEDOWN-2"
    a, d = c["rolls"]
    assert (a["base"], d["base"]) == (14, 13) and "Wrestling" in a["label"] and "ST" in d["label"]
    assert (a["margin"], d["margin"]) == (5, 1) and c["winner"] == "ann"


def test_S0_TAKEDOWN_3_posture_penalty_for_a_grappler_not_standing():
    """S0-TAKEDOWN-3: a kneeling grappler is at -2 (G0-8)."""
    b = duo({"posture": "kneeling"}, grapples=(grip(),))
    a = rolls(play(b, Takedown("ann"), [3, 3, 3, 3, 3, 3]))[0]
    assert mods(a) == {"S0-TAKEDOWN-3": -2} and a["target"] == 10


def test_S0_TAKEDOWN_4_leg_grip_bonus():
    """S0-TAKEDOWN-4: +3 with the leg."""
    b = duo(grapples=(grip(location="leg"),))
    assert mods(rolls(play(b, Takedown("ann"), [3, 3, 3, 3, 3, 3]))[0]) == {"S0-TAKEDOWN-4": 3}


def test_S0_TAKEDOWN_5_and_6_win_victim_falls_in_the_hex_and_lets_go():
    """S0-TAKEDOWN-5: bob lies in ann's hex. S0-TAKEDOWN-6: his grip on ann ends."""
    b = duo(grapples=(grip(), grip("bob", "ann", "torso", 1, hand_names=["right"])))
    ev = play(b, Takedown("ann"), [2, 2, 2, 5, 5, 5])
    assert b.fighter("bob").posture == "prone" and b.fighter("bob").hex == b.fighter("ann").hex
    assert [(g.holder, g.target) for g in b.grapples] == [("ann", "bob")]
    assert any(e["type"] == "posture" and e["rule"] == "S0-TAKEDOWN-5" for e in ev)
    assert any(e["type"] == "grapple_end" and e["rule"] == "S0-TAKEDOWN-6" for e in ev)


def test_S0_TAKEDOWN_7_lose_the_grappler_falls_and_loses_its_grip():
    """S0-TAKEDOWN-7: ann loses: she falls and her grip on bob ends."""
    b = duo(grapples=(grip(),))
    ev = play(b, Takedown("ann"), [5, 5, 5, 2, 2, 2])
    assert contest(ev)["winner"] == "bob"
    assert b.fighter("ann").posture == "prone" and b.fighter("bob").posture == "standing"
    assert b.grapples == []
    assert all(e.get("rule") == "S0-TAKEDOWN-7" for e in ev if e["type"] in ("posture", "grapple_end"))


def test_S0_TAKEDOWN_8_tie_nothing_happens():
    """S0-TAKEDOWN-8: equal margins: nobody falls."""
    b = duo(grapples=(grip(),))
    ev = play(b, Takedown("ann"), [3, 3, 3, 3, 3, 3])
    assert contest(ev)["winner"] is None
    assert b.fighter("bob").posture == "standing" and len(b.grapples) == 1


def test_S0_PIN_1_foe_must_be_lying_down():
    """S0-PIN-1."""
    assert "S0-PIN-1" in reason(duo(grapples=(grip(),)), Pin("ann"))
    assert "must be lying down to be pinned" in reason(duo(grapples=(grip(),)), Pin("ann"))


def test_S0_PIN_2_must_grip_the_torso():
    """S0-PIN-2: an arm grip cannot pin."""
    b = duo(bob={"posture": "prone"}, grapples=(grip(location="arm", extra={"limb": "right"}),))
    assert "S0-PIN-2" in reason(b, Pin("ann"))


def test_S0_PIN_3_regular_contest_of_st_and_S0_PIN_6_win_pins():
    """S0-PIN-3: Regular Contest of ST. S0-PIN-6: the winner's foe is pinned and helpless."""
    b = duo({"stats": {"ST": 14}}, {"posture": "prone"}, grapples=(grip(hands=1, hand_names=["right"]),))
    ev = play(b, Pin("ann"), [3, 3, 3, 6, 6, 6])
    c = contest(ev)
    assert c["kind"] == "regular" and c["rule"] == "S0-PIN-3" and c["winner"] == "ann"
    assert [r["base"] for r in c["rolls"]] == [14, 12]
    assert b.grapples[0].kind == "pin" and is_helpless(b, b.fighter("bob"))


def test_S0_PIN_4_plus_three_per_sm_to_the_bigger():
    """S0-PIN-4: bob is SM +1: +3 to bob."""
    b = duo(bob={"posture": "prone", "size": 1}, grapples=(grip(),))
    c = contest(play(b, Pin("ann"), [3, 3, 3, 3, 3, 3]))
    assert mods(c["rolls"][1])["S0-PIN-4"] == 3


def test_S0_PIN_5_more_free_hands_plus_three():
    """S0-PIN-5: ann uses both hands, bob has two free: +3 to bob; equal counts: nobody."""
    b = duo(bob={"posture": "prone"}, grapples=(grip(),))
    c = contest(play(b, Pin("ann"), [3, 3, 3, 3, 3, 3]))
    # bob 12 + 3 = 15: both targets lowered by 1 so the higher is 14 (G0-3)
    assert mods(c["rolls"][1]) == {"S0-PIN-5": 3, "G0-3": -1} and mods(c["rolls"][0]) == {"G0-3": -1}
    b = duo(bob={"posture": "prone", "hands": {"right": "knife", "left": None}},
            grapples=(grip(hands=1, hand_names=["right"]),))
    c = contest(play(b, Pin("ann"), [3, 3, 3, 3, 3, 3]))
    assert c["rolls"][0]["modifiers"] == [] and c["rolls"][1]["modifiers"] == []


def test_S0_PIN_7_pinner_stays_but_may_free_one_hand():
    """S0-PIN-7: releasing one hand keeps the pin; the pinner cannot walk off with a Move and keep it."""
    b = duo(bob={"posture": "prone"}, grapples=(grip(kind="pin"),))
    ev = play(b, Release("ann", target="bob", hands=1), [])
    assert ev[0]["rule"] == "S0-PIN-7" and b.grapples[0].kind == "pin" and b.grapples[0].hands == 1
    play(b, Move("ann", to=(1, 0)), [])
    assert b.grapples == []


def test_S0_PIN_8_lose_or_tie_nothing():
    """S0-PIN-8: both fail -> tie, nothing."""
    b = duo(bob={"posture": "prone"}, grapples=(grip(),))
    ev = play(b, Pin("ann"), [6, 6, 6, 6, 6, 6])
    assert contest(ev)["winner"] is None and b.grapples[0].kind == "grapple"
    b = duo(bob={"posture": "prone"}, grapples=(grip(),))
    ev = play(b, Pin("ann"), [6, 6, 6, 3, 3, 3])
    assert contest(ev)["winner"] == "bob" and b.grapples[0].kind == "grapple"


def test_S0_HAND_1_free_hand_may_attack_or_ready():
    """S0-HAND-1: holding with the right hand, the left may punch or Ready; with both busy, no punch."""
    b = duo(ann={"items": ["knife"]}, grapples=(grip(hands=1, hand_names=["right"]),))
    assert Attack("ann", target="bob").check(b) is None
    assert AllOutAttack("ann", target="bob").check(b) is None
    ev = play(b, Ready("ann", item="knife"), [])
    assert b.fighter("ann").hands["left"] == "knife" and ev[0]["hand"] == "left"
    b = duo(grapples=(grip(),))
    assert "S0-HAND-1" in reason(b, Attack("ann", target="bob"))


def test_S0_HAND_2_bite_with_busy_hands():
    """S0-HAND-2, G0-12: both hands holding: bite DX 11, thr-1 crushing (ST 12: 1d-2)."""
    b = duo(grapples=(grip(),))
    ev = play(b, Bite("ann", target="bob"), [3, 3, 3, 6, 6, 6, 4])
    r = rolls(ev)
    assert r[0]["target"] == 11 and "bite" in r[0]["label"]
    dmg = next(e for e in ev if e["type"] == "damage")
    assert dmg["amount"] == 2 and dmg["injury"] == 2 and b.fighter("bob").hp == 10


def test_S0_HAND_3_no_aim_feint_concentrate_wait_until_pinned():
    """S0-HAND-3: forbidden while holding an unpinned foe; allowed once it is pinned."""
    b = duo(grapples=(grip(),))
    for a in (Aim("ann"), Feint("ann", target="bob"), Concentrate("ann"), Wait("ann")):
        assert "S0-HAND-3" in reason(b, a)
    pinned = duo(bob={"posture": "prone"}, grapples=(grip(kind="pin"),))
    for a in (Aim("ann"), Feint("ann", target="bob"), Concentrate("ann"), Wait("ann")):
        assert a.check(pinned) is None


def test_S0_FREE_1_release_is_free():
    """S0-FREE-1: release all hands, a free action."""
    b = duo(grapples=(grip(),))
    assert Release.free
    play(b, Release("ann"), [])
    assert b.grapples == []


def test_S0_FREE_2_drag_only_pinned_or_more_than_twice_st():
    """S0-FREE-2: not while merely grappled at equal ST; yes when pinned; yes with ST 25 vs 12."""
    b = duo(grapples=(grip(),))
    assert "S0-FREE-2" in reason(b, Drag("ann", to=(1, 0)))
    b = duo(bob={"posture": "prone"}, grapples=(grip(kind="pin"),))
    play(b, Drag("ann", to=(1, 0)), [])
    assert b.fighter("ann").hex == b.fighter("bob").hex == Hex(1, 0) and b.grapples[0].kind == "pin"
    b = duo({"stats": {"ST": 25}}, grapples=(grip(),))
    assert Drag("ann", to=(1, 0)).check(b) is None


def test_S0_FREE_3_dragged_victim_is_encumbrance():
    """S0-FREE-3, G0-13: ST 12 (BL 28.8) dragging a prone 150-lb foe (75 lb, 2.6 BL = Heavy x0.6): Move 5 -> 3."""
    b = duo({"stats": {"HT": 11}}, {"posture": "prone"}, grapples=(grip(kind="pin"),))
    from game.rules.base import rules_of as ruleset_for
    rs = ruleset_for(b)
    assert rs.move_allowance(b, b.fighter("ann")) == 5
    assert rs.move_allowance(b, b.fighter("ann"), load=rs.drag_load(b.fighter("bob"))) == 3
    assert Drag("ann", to=(3, 0)).check(b) is None
    assert "S0-FREE-3" in reason(b, Drag("ann", to=(4, 0)))


def test_S0_FREE_3_dragging_is_moving_normally_and_the_menu_agrees():
    """S0-FREE-2/3 (ruling L-11 rewritten): dragging is no action of its own but the Move made with the victim
    along ("just move or step normally"): the Move maneuver and its cost, no more; a drag that goes nowhere is
    no move and is refused (the engine used to accept it though the menu never listed it); the menu lists
    exactly the hexes the engine lets ann drag pinned bob to (Move 3 with the load: 36 hexes)."""
    b = duo({"stats": {"HT": 11}}, {"posture": "prone"}, grapples=(grip(kind="pin"),))
    assert Drag("ann", to=(1, 0)).maneuver_name() == Move("ann", to=(1, 0)).maneuver_name() == "move"
    assert not Drag("ann", to=(1, 0)).free  # a Move drag; a step drag is free (test_rules_3d6_seed_sentences)
    assert "S0-FREE-3" in reason(b, Drag("ann", to=(0, 0)))
    listed = {o.action.to for o in ruleset_for(b).legal_actions(b, "ann") if o.action.type == "drag" and o.legal}
    expect = {(h.q, h.r) for h in hex_spiral(Hex(0, 0), 5) if Drag("ann", to=(h.q, h.r)).check(b) is None}
    assert listed == expect and len(listed) == 36


def test_S0_VICTIM_1_no_move_maneuver_unless_more_than_twice_st():
    """S0-VICTIM-1: grappled bob (ST 12 vs 12) cannot Move; with ST 25 he can."""
    assert "S0-VICTIM-1" in reason(duo(grapples=(grip(),)), Move("bob", to=(1, 0)))
    assert Move("bob", to=(1, 0)).check(duo(bob={"stats": {"ST": 25}}, grapples=(grip(),))) is None


def test_S0_VICTIM_2_grappled_cannot_aim_concentrate_wait_but_may_feint():
    """S0-VICTIM-2: Aim, Concentrate, Wait refused; Feint is not listed in seed 000."""
    b = duo(grapples=(grip(),))
    for a in (Aim("bob"), Concentrate("bob"), Wait("bob")):
        assert "S0-VICTIM-2" in reason(b, a)
    assert Feint("bob", target="ann").check(b) is None


def test_S0_VICTIM_3_pinned_only_break_free_among_physical_maneuvers():
    """S0-VICTIM-3, G0-14: pinned: no attack, posture change or Ready; Break Free and Do Nothing allowed."""
    b = duo(bob={"posture": "prone", "items": ["knife"]}, grapples=(grip(kind="pin"),))
    for a in (Attack("bob", target="ann"), ChangePosture("bob", posture="kneeling"), Ready("bob", item="knife"),
              Bite("bob", target="ann")):
        assert "S0-VICTIM-3" in reason(b, a)
    assert BreakFree("bob").check(b) is None and DoNothing("bob").check(b) is None
    assert Evaluate("bob", target="ann").check(b) is None


def test_S0_BREAK_1_break_free_is_an_attack_maneuver():
    """S0-BREAK-1: an Attack maneuver; not possible when nobody holds you."""
    assert BreakFree.is_attack and BreakFree("bob").maneuver_name() == "attack"
    assert "S0-BREAK-1" in reason(duo(), BreakFree("bob"))


def test_S0_BREAK_2_pinned_once_per_ten_turns():
    """S0-BREAK-2, G0-20 (ruling L-13): grappled: every turn; pinned: round 5 then not before round 15."""
    b = duo(bob={"posture": "prone"}, grapples=(grip(kind="pin"),))
    play(b, BreakFree("bob"), [6, 6, 6, 3, 3, 3])
    assert b.fighter("bob").counters["break_free_round"] == 5
    b.round = 14
    assert "S0-BREAK-2" in reason(b, BreakFree("bob"))
    b.round = 15
    assert BreakFree("bob").check(b) is None
    g = duo(grapples=(grip(),))
    play(g, BreakFree("bob"), [6, 6, 6, 3, 3, 3])
    assert BreakFree("bob").check(g) is None


def test_S0_BREAK_3_quick_contest_of_st():
    """S0-BREAK-3: ST 14 vs ST 12 (one hand: no bonus), margins 5 and 3: bob wins by 2."""
    b = duo(bob={"stats": {"ST": 14}}, grapples=(grip(hands=1, hand_names=["right"]),))
    c = contest(play(b, BreakFree("bob"), [3, 3, 3, 3, 3, 3]))
    assert c["kind"] == "quick" and c["winner"] == "bob" and c["margin_of_victory"] == 2
    assert [(r["actor"], r["target"]) for r in c["rolls"]] == [("bob", 14), ("ann", 12)]
    assert b.grapples == []


def test_S0_BREAK_4_plus_five_two_handed_grapple_or_one_handed_pin():
    """S0-BREAK-4."""
    c = contest(play(duo(grapples=(grip(),)), BreakFree("bob"), [3, 3, 3, 3, 3, 3]))
    assert mods(c["rolls"][1]) == {"S0-BREAK-4": 5}
    b = duo(bob={"posture": "prone"}, grapples=(grip(hands=1, hand_names=["right"], kind="pin"),))
    c = contest(play(b, BreakFree("bob"), [3, 3, 3, 3, 3, 3]))
    assert mods(c["rolls"][1]) == {"S0-BREAK-4": 5}


def test_S0_BREAK_5_plus_ten_two_handed_pin():
    """S0-BREAK-5."""
    b = duo(bob={"posture": "prone"}, grapples=(grip(kind="pin"),))
    c = contest(play(b, BreakFree("bob"), [3, 3, 3, 3, 3, 3]))
    assert mods(c["rolls"][1]) == {"S0-BREAK-5": 10} and c["rolls"][1]["target"] == 22


def test_S0_BREAK_6_extra_arms_plus_two_each():
    """S0-BREAK-6, G0-19 (ruling L-15): holder's hands in the grip past two; victim's arms past two."""
    four = {"right": None, "left": None, "arm3": None, "arm4": None}
    b = duo({"arms": 4, "hands": four}, {"arms": 3, "hands": {"right": None, "left": None, "arm3": None}},
            grapples=(grip(hands=4),))
    c = contest(play(b, BreakFree("bob"), [3, 3, 3, 3, 3, 3]))
    assert mods(c["rolls"][1]) == {"S0-BREAK-4": 5, "S0-BREAK-6": 4}
    assert mods(c["rolls"][0]) == {"S0-BREAK-6": 2}


def test_S0_BREAK_7_winner_may_step_at_once():
    """S0-BREAK-7: bob wins and steps to an adjacent hex."""
    b = duo(bob={"stats": {"ST": 16}}, grapples=(grip(hands=1, hand_names=["right"]),))
    ev = play(b, BreakFree("bob", to=(0, 1)), [3, 3, 3, 5, 5, 5])
    assert b.fighter("bob").hex == Hex(0, 1) and ev[-1]["type"] == "move" and ev[-1]["rule"] == "S0-BREAK-7"


def test_S0_BREAK_8_unconscious_or_dead_holder_frees_at_once():
    """S0-BREAK-8: ann knocked out by damage lets go with no roll."""
    from game.dice import ScriptedDice
    from game.rules.base import rules_of as ruleset_for
    from game.rules.events import Resolution
    from game.rules.threed6.combat import fall_unconscious
    b = duo(grapples=(grip(),))
    r = Resolution(b, ScriptedDice([]), ruleset_for(b))
    fall_unconscious(r, ruleset_for(b), b.fighter("ann"), "test")
    assert b.grapples == [] and any(e.get("rule") == "S0-BREAK-8" for e in r.events)
    assert "unconscious" in b.fighter("ann").conditions and b.fighter("ann").posture == "prone"


def test_S0_BREAK_9_stunned_holder_keeps_hold_at_minus_four():
    """S0-BREAK-9."""
    b = duo({"conditions": ["stunned"]}, grapples=(grip(),))
    c = contest(play(b, BreakFree("bob"), [3, 3, 3, 3, 3, 3]))
    assert mods(c["rolls"][1]) == {"S0-BREAK-4": 5, "S0-BREAK-9": -4}
    assert c["rolls"][1]["target"] == 13


def test_S0_BREAK_10_lose_or_tie_stays_held():
    """S0-BREAK-10."""
    b = duo(grapples=(grip(),))
    ev = play(b, BreakFree("bob"), [3, 3, 3, 3, 3, 3])  # 12 vs 17: ann wins
    assert contest(ev)["winner"] == "ann" and len(b.grapples) == 1
    assert ev[-1]["rule"] == "S0-BREAK-10"
    b = duo(grapples=(grip(hands=1, hand_names=["right"]),))
    ev = play(b, BreakFree("bob"), [3, 3, 3, 3, 3, 3])
    assert contest(ev)["winner"] is None and len(b.grapples) == 1


def test_S0_OPT_1_grappled_not_pinned_may_attack_or_all_out_attack():
    """S0-OPT-1."""
    b = duo(grapples=(grip(),))
    assert Attack("bob", target="ann").check(b) is None
    assert AllOutAttack("bob", target="ann").check(b) is None


def test_S0_OPT_2_not_with_a_grappled_limb_or_weapon():
    """S0-OPT-2: the gripped arm's weapon and a grabbed weapon can't attack."""
    b = duo(bob={"hands": {"right": "knife", "left": None}},
            grapples=(grip(location="arm", hands=1, hand_names=["right"], extra={"limb": "right"}),))
    assert "S0-OPT-2" in reason(b, Attack("bob", target="ann", item="knife"))


def test_S0_OPT_3_minus_four_and_posture_still_apply():
    """S0-OPT-3: kneeling, grappled: punch at 11 - 4 - 2 = 5."""
    b = duo(bob={"posture": "kneeling"}, grapples=(grip(),))
    r = rolls(play(b, Attack("bob", target="ann"), [6, 6, 6]))[0]
    assert mods(r) == {"S0-OPT-3": -4, "G0-8": -2} and r["target"] == 5


def test_S0_OPT_4_ready_while_grappled_rolls_dx_failure_drops():
    """S0-OPT-4: DX 11 - 4 = 7; 9 fails and the knife falls; 6 succeeds."""
    b = duo(bob={"items": ["knife"]}, grapples=(grip(),))
    ev = play(b, Ready("bob", item="knife"), [3, 3, 3])
    r = rolls(ev)[0]
    assert r["rule"] == "S0-OPT-4" and r["target"] == 7 and not r["success"]
    assert b.fighter("bob").hands["right"] is None and b.state["floor"][0]["item"] == "knife"
    b = duo(bob={"items": ["knife"]}, grapples=(grip(),))
    play(b, Ready("bob", item="knife"), [2, 2, 2])
    assert b.fighter("bob").hands["right"] == "knife"


def test_S0_OPT_5_switching_an_ability_always_works():
    """S0-OPT-5: Ready to switch a trait on needs no roll, even grappled."""
    b = duo(bob={"traits": {"night_vision": False}}, grapples=(grip(),))
    ev = play(b, Ready("bob", item="night_vision"), [])
    assert b.fighter("bob").traits["night_vision"] is True and ev[-1]["rule"] == "S0-OPT-5"


def test_free_action_flag_and_battle_helpers():
    assert battle(fighter("x")).fighters[0].id == "x"
