"""3d6-full: neck snap / wrench limb (S2-WRENCH-1..7)."""

from helpers_full import contest, damage, duo, grip, mods, play, reason, rolls, start_turn

from game.rules.threed6.full import FullBreakFree, WrenchLimb
from game.rules.threed6.maneuvers import Attack


def gripped(location="arm", with_hands=2, turns=1, **bob):
    """ann (ST 12) holds bob's ``location`` (his right limb) with ``with_hands``; bob has had ``turns`` turns."""
    extra = {"limb": "right", "made_on_turn": 1, "victim_turns": turns}
    g = grip(location=location, hands=with_hands, extra=extra)
    return duo(None, {"stats": {"HP": 20}, **bob}, grapples=(g,))


def test_S2_WRENCH_1_grapple_the_neck_or_limb_with_both_hands():
    """S2-WRENCH-1: a one-hand grip or a torso grip will not do."""
    assert "S2-WRENCH-1" in reason(gripped(with_hands=1), WrenchLimb("ann", location="arm"))
    assert "S2-WRENCH-1" in reason(gripped("torso"), WrenchLimb("ann"))
    assert "S2-WRENCH-1" in reason(gripped(), WrenchLimb("ann", location="leg"))
    assert WrenchLimb("ann", location="arm").check(gripped()) is None
    assert WrenchLimb("ann", location="neck").check(gripped("neck")) is None


def test_S2_WRENCH_2_the_victim_first_gets_its_turn_to_break_free():
    """S2-WRENCH-2: before bob's turn no wrench; on his turn he may try to break free."""
    b = gripped(turns=0)
    assert "S2-WRENCH-2" in reason(b, WrenchLimb("ann", location="arm"))
    start_turn(b, "bob")
    assert FullBreakFree("bob").check(b) is None
    play(b, FullBreakFree("bob"), [6, 6, 6, 3, 3, 3])
    start_turn(b, "ann")
    assert WrenchLimb("ann", location="arm").check(b) is None


def test_S2_WRENCH_3_quick_contest_st_minus_4_vs_higher_of_st_ht():
    """S2-WRENCH-3: ann's ST 12 - 4 = 8 against bob's HT 13 (his ST is 10)."""
    b = gripped(stats={"ST": 10, "HT": 13, "HP": 20})
    c = contest(play(b, WrenchLimb("ann", location="arm"), [6, 6, 6, 3, 3, 3]))
    a, v = c["rolls"]
    assert (a["base"], mods(a), a["target"]) == (12, {"S2-WRENCH-3": -4}, 8)
    assert (v["base"], "HT" in v["label"], c["winner"]) == (13, True, "bob")
    assert not b.fighter("bob").crippled and b.fighter("bob").hp is None


def test_S2_WRENCH_4_win_swing_crushing_damage_to_the_limb():
    """S2-WRENCH-4 (G2-7): ST 12 swings 1d+2: a 4 -> 6 crushing to bob's right arm."""
    b = gripped()
    ev = play(b, WrenchLimb("ann", location="arm"), [1, 2, 2, 5, 5, 5, 4])
    dr = next(e for e in ev if e["type"] == "roll" and e.get("damage"))
    assert (dr["dice"], mods(dr), dr["total"], dr["rule"]) == ([4], {"G2-7": 2}, 6, "S2-WRENCH-4")
    d = damage(ev)
    assert (d["amount"], d["damage_type"], d["location"], d["limb"], d["injury"]) == (6, "crushing", "arm", "right", 6)
    assert b.fighter("bob").hp == 14


def test_S2_WRENCH_5_neck_damage_times_one_and_a_half():
    """S2-WRENCH-5: 6 crushing to the neck -> 9 injury."""
    b = gripped("neck")
    d = damage(play(b, WrenchLimb("ann", location="neck"), [1, 2, 2, 5, 5, 5, 4]))
    assert (d["location"], d["injury"], d["multiplier"]["rule"]) == ("neck", 9, "S2-WRENCH-5")
    assert b.fighter("bob").hp == 11


def test_S2_WRENCH_6_only_natural_and_rigid_dr():
    """S2-WRENCH-6 (G2-8): flexible armour DR 4 gives nothing; rigid armour DR 4 stops 4."""
    d = damage(play(gripped(dr=4, traits={"armor": "flexible"}), WrenchLimb("ann", location="arm"),
                    [1, 2, 2, 5, 5, 5, 4]))
    assert (d["dr"], d["injury"], d["dr_rule"]) == (0, 6, "S2-WRENCH-6")
    d = damage(play(gripped(dr=4), WrenchLimb("ann", location="arm"), [1, 2, 2, 5, 5, 5, 4]))
    assert (d["dr"], d["injury"]) == (4, 2)


def test_S2_WRENCH_7_repeat_on_later_turns_victim_may_attack():
    """S2-WRENCH-7: ann may wrench again next turn; meanwhile bob may strike within the grappled limits: not
    with the held right arm (S2-OPT-2), but with his left fist, which no one holds (no -4, S2-LOC-10)."""
    b = gripped(hands={"right": "knife", "left": None})
    play(b, WrenchLimb("ann", location="arm"), [6, 6, 6, 3, 3, 3])
    b.turn += 1
    assert WrenchLimb("ann", location="arm").check(b) is None
    assert "S2-OPT-2" in reason(b, Attack("bob", target="ann", item="knife"))
    r = rolls(play(b, Attack("bob", target="ann", defense="none"), [6, 6, 6]))[0]
    assert "S2-LOC-10" not in mods(r) and r["target"] == 11
    assert FullBreakFree("bob").check(b) is None
