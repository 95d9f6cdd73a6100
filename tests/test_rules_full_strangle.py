"""3d6-full: strangle (S2-STRANGLE-1..10) and suffocation (S2-SUFFOCATE-1..6)."""

from helpers_full import contest, damage, duo, grip, mods, play, reason, rolls, rs, start_turn

from game.rules.threed6 import combat as C
from game.rules.threed6.full import Strangle
from game.rules.threed6.maneuvers import Attack


def neck(**kw):
    """ann (ST 12) holds bob's neck with both hands; bob ST 10, HT 13 (resists with HT), HP 20."""
    bob = {"stats": {"ST": 10, "HT": 13, "HP": 20}, **kw.pop("bob", {})}
    return duo(kw.pop("ann", None), bob, grapples=(grip(location="neck", **kw),))


def test_S2_STRANGLE_1_needs_a_neck_grip():
    """S2-STRANGLE-1: no grip, or a grip on the arm, is not enough."""
    assert "S2-STRANGLE-1" in reason(duo(), Strangle("ann", target="bob"))
    b = duo(grapples=(grip(location="arm", extra={"limb": "right"}),))
    assert "S2-STRANGLE-1" in reason(b, Strangle("ann", target="bob"))
    assert Strangle("ann", target="bob").check(neck()) is None


def test_S2_STRANGLE_2_strangling_hands_do_nothing_else():
    """S2-STRANGLE-2: the hands on the neck can neither punch nor parry while holding on."""
    b = neck()
    assert "S2-HAND-2" in reason(b, Attack("ann", target="bob"))
    ann = b.fighter("ann")
    opts = C.defense_options(rs(b), b, ann, C.AttackInfo("bob", "strike", None))
    assert [o.kind for o in opts] == ["dodge"]


def test_S2_STRANGLE_3_quick_contest_st_vs_higher_of_st_ht():
    """S2-STRANGLE-3: ann's ST 12 against bob's HT 13 (higher than his ST 10)."""
    ev = play(neck(), Strangle("ann", target="bob"), [1, 2, 3, 4, 4, 4])
    c = contest(ev)
    a, b = c["rolls"]
    assert c["kind"] == "quick" and c["rule"] == "S2-STRANGLE-3"
    assert (a["base"], a["target"], a["margin"]) == (12, 12, 6)
    assert (b["base"], b["target"], b["margin"]) == (13, 13, 1) and "HT" in b["label"]
    assert c["winner"] == "ann" and c["margin_of_victory"] == 5


def test_S2_STRANGLE_4_one_hand_minus_5_extra_hands_plus_2():
    """S2-STRANGLE-4: -5 with one hand; +2 per hand past the first two."""
    ev = play(neck(hands=1), Strangle("ann", target="bob"), [6, 6, 6, 6, 6, 6])
    assert mods(rolls(ev)[0])["S2-STRANGLE-4"] == -5 and rolls(ev)[0]["target"] == 7
    b = neck(ann={"arms": 4, "hands": {"right": None, "left": None, "arm3": None, "arm4": None}}, hands=4)
    ev = play(b, Strangle("ann", target="bob"), [6, 6, 6, 6, 6, 6])
    assert mods(rolls(ev)[0])["S2-STRANGLE-4"] == 4 and rolls(ev)[0]["target"] == 16


def test_S2_STRANGLE_5_bigger_strangler_may_squeeze_the_torso():
    """S2-STRANGLE-5: a torso grip strangles only if the strangler's SM is bigger; -5 unless Constriction Attack."""
    same = duo(grapples=(grip(),))
    assert "S2-STRANGLE-5" in reason(same, Strangle("ann", target="bob"))
    big = duo({"size": 1}, grapples=(grip(),))
    ev = play(big, Strangle("ann", target="bob"), [1, 2, 3, 6, 6, 5])
    assert mods(rolls(ev)[0])["S2-STRANGLE-5"] == -5 and rolls(ev)[0]["target"] == 7
    assert damage(ev)["location"] == "torso"
    snake = duo({"size": 1, "traits": {"constriction_attack": True}}, {"stats": {"HP": 30}}, grapples=(grip(),))
    ev = play(snake, Strangle("ann", target="bob"), [1, 2, 3, 6, 6, 5])
    assert "S2-STRANGLE-5" not in mods(rolls(ev)[0]) and rolls(ev)[0]["target"] == 12


def test_S2_STRANGLE_6_crushing_damage_equal_to_the_margin():
    """S2-STRANGLE-6: MoV 5 -> 5 crushing to the neck; a lost contest does nothing."""
    b = neck()
    ev = play(b, Strangle("ann", target="bob"), [1, 2, 3, 4, 4, 4])
    d = damage(ev)
    assert (d["amount"], d["damage_type"], d["location"], d["rule"]) == (5, "crushing", "neck", "S2-STRANGLE-6")
    b = neck()
    ev = play(b, Strangle("ann", target="bob"), [6, 6, 4, 1, 1, 2])
    assert contest(ev)["winner"] == "bob" and not [e for e in ev if e["type"] == "damage"]
    assert b.fighter("bob").hp is None


def test_S2_STRANGLE_7_dr_protects_normally():
    """S2-STRANGLE-7: DR 2 (even flexible armour) stops 2 of the 5."""
    b = neck(bob={"dr": 2, "traits": {"armor": "flexible"}})
    d = damage(play(b, Strangle("ann", target="bob"), [1, 2, 3, 4, 4, 4]))
    assert (d["dr"], d["penetrating"], d["dr_rule"]) == (2, 3, "S2-STRANGLE-7")


def test_S2_STRANGLE_8_neck_injury_times_one_and_a_half():
    """S2-STRANGLE-8: 3 through DR x1.5 = 4 injury (rounded down); bob's HP 20 -> 16."""
    b = neck(bob={"dr": 2})
    d = damage(play(b, Strangle("ann", target="bob"), [1, 2, 3, 4, 4, 4]))
    assert d["injury"] == 4 and d["multiplier"]["rule"] == "S2-STRANGLE-8"
    assert b.fighter("bob").hp == 16


def test_S2_STRANGLE_9_penetrating_damage_starts_suffocation():
    """S2-STRANGLE-9: damage through DR -> suffocating; all of it stopped by DR -> breathing."""
    b = neck()
    play(b, Strangle("ann", target="bob"), [1, 2, 3, 4, 4, 4])
    bob = b.fighter("bob")
    assert "suffocating" in bob.conditions and bob.counters["suffocating_by"] == "ann"
    armoured = neck(bob={"dr": 6})
    ev = play(armoured, Strangle("ann", target="bob"), [1, 2, 3, 4, 4, 4])
    assert damage(ev)["penetrating"] == 0 and "suffocating" not in armoured.fighter("bob").conditions


def test_S2_STRANGLE_10_one_fp_on_each_of_the_victims_turns():
    """S2-STRANGLE-10: bob loses 1 FP at the start of his next turn and each one after, until he escapes."""
    b = neck()
    play(b, Strangle("ann", target="bob"), [1, 2, 3, 4, 4, 4])
    start_turn(b, "bob")
    assert b.fighter("bob").fp == 12  # FP = HT 13
    b.round += 1
    start_turn(b, "bob")
    assert b.fighter("bob").fp == 11 and b.fighter("bob").counters["air_lost"] == 2
    start_turn(b, "ann")  # the strangler's turn costs bob nothing
    assert b.fighter("bob").fp == 11
    b.grapples.clear()  # bob broke free
    b.round += 1
    start_turn(b, "bob")
    assert b.fighter("bob").fp == 11 and "suffocating" not in b.fighter("bob").conditions


def choked(fp: int = 2, **bob):
    """bob is suffocating in ann's neck grip, with ``fp`` FP left (Will 10)."""
    b = duo(None, {"fp": fp, **bob}, grapples=(grip(location="neck"),))
    b.fighter("bob").conditions.append("suffocating")
    b.fighter("bob").counters.update({"suffocating_by": "ann", "air_lost": 3})
    return b


def test_S2_SUFFOCATE_1_one_fp_per_second():
    """S2-SUFFOCATE-1: no air: 1 FP per second (per turn), counted in air_lost."""
    b = choked(fp=5)
    ev = start_turn(b, "bob")
    assert b.fighter("bob").fp == 4 and b.fighter("bob").counters["air_lost"] == 4
    assert any(e.get("rule") == "S2-SUFFOCATE-1" for e in ev)


def test_S2_SUFFOCATE_2_will_roll_at_zero_fp_or_unconscious():
    """S2-SUFFOCATE-2: at 0 FP, roll Will (10) each second: 10 stays awake, 11 falls unconscious."""
    b = choked(fp=1)
    ev = start_turn(b, "bob", [4, 3, 3])
    r = rolls(ev)[0]
    assert (r["rule"], r["target"], r["success"]) == ("S2-SUFFOCATE-2", 10, True)
    assert b.fighter("bob").fp == 0 and "unconscious" not in b.fighter("bob").conditions
    b.round += 1
    ev = start_turn(b, "bob", [5, 3, 3])
    assert rolls(ev)[0]["success"] is False
    bob = b.fighter("bob")
    assert "unconscious" in bob.conditions and bob.posture == "prone" and bob.fp == 0


def test_S2_SUFFOCATE_3_death_after_240_seconds():
    """S2-SUFFOCATE-3: whatever its FP and HP, the 240th second without air kills."""
    b = choked(fp=8)
    b.fighter("bob").counters["air_lost"] = 239
    start_turn(b, "bob")
    bob = b.fighter("bob")
    assert "dead" in bob.conditions and bob.fp == 7 and bob.hp is None


def test_S2_SUFFOCATE_4_clean_air_stops_the_loss_and_recovery_starts():
    """S2-SUFFOCATE-4: air back -> no more FP lost; FP come back at the usual rate (G2-4: 1 per 600 s)."""
    b = choked(fp=4)
    b.grapples.clear()
    start_turn(b, "bob")
    bob = b.fighter("bob")
    assert bob.fp == 4 and "suffocating" not in bob.conditions and "air_lost" not in bob.counters
    assert bob.counters["fp_rest"] == 0
    bob.counters["fp_rest"] = 598
    b.round += 1
    start_turn(b, "bob")
    assert bob.fp == 4 and bob.counters["fp_rest"] == 599
    b.round += 1
    start_turn(b, "bob")
    assert bob.fp == 5 and bob.counters["fp_rest"] == 0


def test_S2_SUFFOCATE_5_unconscious_wakes_at_one_fp():
    """S2-SUFFOCATE-5: knocked out by lack of air, bob wakes once he is back to 1 FP (ticked on ann's turn)."""
    b = choked(fp=0)
    bob = b.fighter("bob")
    b.grapples.clear()
    bob.conditions.append("unconscious")
    bob.counters.update({"suffocation_ko": True})
    start_turn(b, "ann")  # the unconscious get no turns: their seconds count on the first turn of the round
    assert "air_lost" not in bob.counters and bob.counters["fp_rest"] == 0
    bob.counters["fp_rest"] = 599
    b.round += 1
    ev = start_turn(b, "ann")
    assert bob.fp == 1 and "unconscious" not in bob.conditions
    assert any(e.get("rule") == "S2-SUFFOCATE-5" for e in ev)


def test_S2_SUFFOCATE_6_brain_damage_after_two_minutes():
    """S2-SUFFOCATE-6 [META], G2-14: more than 120 s without air -> HT roll when air returns; failure: IQ -1."""
    b = choked(fp=3)
    b.fighter("bob").counters["air_lost"] = 121
    b.grapples.clear()
    ev = start_turn(b, "bob", [6, 6, 1])
    r = rolls(ev)[0]
    assert (r["rule"], r["target"], r["success"]) == ("S2-SUFFOCATE-6", 11, False)
    assert b.fighter("bob").stats["IQ"] == 9
    b = choked(fp=3)
    b.fighter("bob").counters["air_lost"] = 120
    b.grapples.clear()
    assert rolls(start_turn(b, "bob")) == []
