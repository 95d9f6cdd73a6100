"""3d6-full: choke hold (S2-CHOKE-1..9), a Judo/Wrestling technique from behind."""

from helpers_full import battle, contest, duo, fighter, grip, mods, play, reason, rolls, rs, start_turn

from game.hexgrid import Hex
from game.rules.threed6.full import ChokeHold, FullBreakFree, Strangle
from game.rules.threed6.grappling import BreakFree
from game.rules.threed6.maneuvers import Attack, Bite


def behind(ann=None, bob=None, **kw):
    """ann (Judo 14) in bob's rear hex: bob at (1,0) faces east (0), ann at (0,0) faces him."""
    a = fighter("ann", "red", (0, 0), **{"skills": {"Judo": 14}, **(ann or {})})
    b = fighter("bob", "blue", (1, 0), facing=0, **(bob or {}))
    return battle(a, b, **kw)


def held(**bob):
    """ann already has bob in a choke hold (applied on an earlier turn), both in bob's hex facing east."""
    a = fighter("ann", "red", (1, 0), skills={"Judo": 14})
    b = fighter("bob", "blue", (1, 0), facing=0, **bob)
    return battle(a, b, grapples=(grip(location="neck", kind="choke_hold", extra={"made_on_turn": 1}),))


def test_S2_CHOKE_1_from_behind_with_both_hands():
    """S2-CHOKE-1 [MAP]: only from the rear hex (or the foe's hex facing its way), and with both hands."""
    assert ChokeHold("ann", target="bob").check(behind()) is None
    front = duo({"skills": {"Judo": 14}}, same_hex=False)  # bob faces ann
    assert "S2-CHOKE-1" in reason(front, ChokeHold("ann", target="bob"))
    knife = behind({"hands": {"right": "knife", "left": None}})
    assert "both hands" in reason(knife, ChokeHold("ann", target="bob"))
    same = battle(fighter("ann", "red", (1, 0), skills={"Judo": 14}), fighter("bob", "blue", (1, 0), facing=0))
    assert ChokeHold("ann", target="bob").check(same) is None
    same.fighter("ann").facing = 3
    assert "S2-CHOKE-1" in reason(same, ChokeHold("ann", target="bob"))
    ev = play(behind(), ChokeHold("ann", target="bob", defense="none"), [3, 3, 3])
    assert ev[0]["type"] == "move" and ev[0]["to"] == [1, 0]
    g = [e for e in ev if e["type"] == "grapple_start"][0]["grapple"]
    assert (g["kind"], g["location"], g["hands"], g["hand_names"]) == ("choke_hold", "neck", 2, ["right", "left"])


def test_S2_CHOKE_2_may_be_applied_while_grappling():
    """S2-CHOKE-2: a torso grip (one hand) becomes the two-hand choke hold."""
    b = battle(fighter("ann", "red", (1, 0), skills={"Judo": 14}), fighter("bob", "blue", (1, 0), facing=0),
               grapples=(grip(hands=1),))
    ev = play(b, ChokeHold("ann", target="bob", defense="none"), [3, 3, 3])
    assert any(e["type"] == "grapple_change" and e["rule"] == "S2-CHOKE-2" for e in ev)
    (g,) = b.grapples
    assert (g.kind, g.location, g.hands, g.hand_names) == ("choke_hold", "neck", 2, ["right", "left"])


def test_S2_CHOKE_3_normal_grapple_at_judo_2_or_wrestling_3():
    """S2-CHOKE-3: Judo 14 -> 12; Wrestling 15 -> 12 too, the better is taken; a miss grips nothing."""
    r = rolls(play(behind(), ChokeHold("ann", target="bob", defense="none"), [3, 3, 3]))[0]
    assert (r["base"], mods(r)["S2-CHOKE-3"], r["target"], r["rule"]) == (14, -2, 12, "S2-CHOKE-3")
    b = behind({"skills": {"Judo": 12, "Wrestling": 16}})
    r = rolls(play(b, ChokeHold("ann", target="bob", defense="none"), [6, 6, 1]))[0]
    assert (r["base"], r["target"], "Wrestling" in r["label"], r["success"]) == (16, 13, True, True)
    b = behind()
    play(b, ChokeHold("ann", target="bob"), [6, 6, 2])
    assert b.grapples == []
    assert "S2-CHOKE-3" in reason(behind({"skills": {"Brawling": 16}}), ChokeHold("ann", target="bob"))


def test_S2_CHOKE_4_aware_victim_defends_at_minus_2_unaware_not_at_all():
    """S2-CHOKE-4 (G2-11): dodge 8 -2 = 6; a surprised victim gets no defence."""
    b = behind()
    ev = play(b, ChokeHold("ann", target="bob"), [3, 3, 3, 1, 2, 2])
    d = rolls(ev)[1]
    assert (d["actor"], d["target"], mods(d)["S2-CHOKE-4"], d["success"]) == ("bob", 6, -2, True)
    assert b.grapples == []
    b = behind(bob={"conditions": ["surprised"]})
    ev = play(b, ChokeHold("ann", target="bob"), [3, 3, 3])
    assert len(rolls(ev)) == 1 and b.grapples[0].kind == "choke_hold"


def test_S2_CHOKE_4_a_named_defence_is_judged_as_the_play_judges_it():
    """S2-CHOKE-4 (G2-11), S2-CHOKE-1: from bob's rear hex, naming the dodge or the parry is legal and rolls it
    at -2, as leaving the choice to the engine does (the check used to see the rear hex and refuse: "cannot
    dodge this attack"). The check, the play and the odds ask one function (choke.choke_defenses)."""
    for choice, label in (("dodge", "dodge"), ("parry", "parry bare-handed")):
        b = behind()
        ev = play(b, ChokeHold("ann", target="bob", defense=choice), [3, 3, 3, 1, 2, 2])
        d = rolls(ev)[1]
        assert (d["actor"], d["label"].startswith(label), mods(d)["S2-CHOKE-4"], d["target"]) == \
            ("bob", True, -2, 6)
        assert b.grapples == []
    b = behind()
    named = rs(b).odds(b, ChokeHold("ann", target="bob", defense="dodge"))
    assert named == rs(b).odds(b, ChokeHold("ann", target="bob")) and named["defended"] > 0
    assert "cannot block the choke hold" in reason(behind(), ChokeHold("ann", target="bob", defense="block"))
    surprised = behind(bob={"conditions": ["surprised"]})
    assert "G2-11" in reason(surprised, ChokeHold("ann", target="bob", defense="dodge"))
    assert ChokeHold("ann", target="bob", defense="none").check(surprised) is None


def test_S2_CHOKE_5_break_free_choker_plus_5_not_cumulative():
    """S2-CHOKE-5, G2-16: the choker has +5 in the contest, not +5 twice for the two hands."""
    b = held()
    a, h = contest(play(b, FullBreakFree("bob"), [3, 3, 4, 4, 4, 4]))["rolls"]
    assert mods(h) == {"S2-CHOKE-5": 5} and h["target"] == 17
    assert b.grapples and b.grapples[0].kind == "choke_hold"
    assert rs(b).actions["break_free"] is FullBreakFree and issubclass(FullBreakFree, BreakFree)


def test_S2_CHOKE_6_controls_only_neck_and_head():
    """S2-CHOKE-6: bob's arms and legs stay free: he may punch and parry, but not bite."""
    b = held()
    assert Attack("bob", target="ann").check(b) is None
    assert Attack("bob", target="ann", item="kick").check(b) is None
    assert "S2-OPT-2" in reason(b, Bite("bob", target="ann"))
    from game.rules.threed6 import combat as C

    kinds = [o.kind for o in C.defense_options(rs(b), b, b.fighter("bob"), C.AttackInfo("ann", "strike", None))]
    assert "parry" in kinds


def test_S2_CHOKE_7_wild_swing_or_back_kick_at_minus_4():
    """S2-CHOKE-7 (G2-9): a punch at the choker is a Wild Swing (-5, at most 9) with the held -4; a kick a Back
    Kick (-4 in all) with the held -4."""
    b = held(skills={"Brawling": 20})
    r = rolls(play(b, Attack("bob", target="ann", defense="none"), [6, 6, 6]))[0]
    assert mods(r)["S2-CHOKE-7"] == -5 and mods(r)["S2-DIFF-7"] == -4
    assert r["target"] == 9 and r["cap"]["rule"] == "S2-CHOKE-7"  # 20 - 9 = 11, capped at 9
    b = held()
    r = rolls(play(b, Attack("bob", target="ann", item="kick", defense="none"), [6, 6, 6]))[0]
    assert (mods(r)["G0-6"], mods(r)["S2-CHOKE-7"], mods(r)["S2-DIFF-7"]) == (-2, -2, -4)
    assert r["target"] == 11 - 2 - 2 - 4


def test_S2_CHOKE_8_victim_loses_1_fp_each_choker_turn():
    """S2-CHOKE-8: not on the turn the hold is applied; then 1 FP at the start of each of the choker's turns."""
    b = behind()
    play(b, ChokeHold("ann", target="bob", defense="none"), [3, 3, 3])
    start_turn(b, "bob")
    assert b.fighter("bob").fp is None  # bob's own turn costs nothing
    ev = start_turn(b, "ann")
    assert b.fighter("bob").fp == 10 and any(e.get("rule") == "S2-CHOKE-8" for e in ev)
    assert "suffocating" in b.fighter("bob").conditions
    b.round += 1
    start_turn(b, "ann")
    assert b.fighter("bob").fp == 9


def test_S2_CHOKE_9_crushing_damage_with_st_plus_3():
    """S2-CHOKE-9: the choker may also crush (strangle contest) counting ST 12 + 3 = 15; not on the first turn."""
    b = behind()
    play(b, ChokeHold("ann", target="bob", defense="none"), [3, 3, 3])
    assert "S2-CHOKE-9" in reason(b, Strangle("ann", target="bob"))
    b = held(stats={"HP": 30})
    ev = play(b, Strangle("ann", target="bob"), [2, 2, 2, 4, 4, 4])
    a, _ = contest(ev)["rolls"]
    assert mods(a) == {"S2-CHOKE-9": 3} and a["target"] == 15
    d = next(e for e in ev if e["type"] == "damage")
    assert (d["amount"], d["location"], d["injury"]) == (9, "neck", 13)  # MoV 9, x1.5
    assert b.fighter("bob").hp == 17 and Hex(1, 0) == b.fighter("bob").hex


def test_S2_CHOKE_8_through_the_turn_controller():
    """S2-CHOKE-8 with the real turn loop: bob loses 1 FP at the start of each of ann's turns, none on his own."""
    from game.flow.turns import TurnController
    from game.model import Side
    from game.rules.threed6.maneuvers import DoNothing

    b = held()
    b.grapples[0].extra = {}
    b.turn, b.round = 0, 1
    b.sides = [Side(id="red"), Side(id="blue")]
    tc = TurnController(b, dice="seeded")
    seen = [(tc.whose_turn(), b.fighter("bob").fp or 11)]
    for _ in range(6):
        assert tc.submit(DoNothing(tc.whose_turn())).ok
        seen.append((tc.whose_turn(), b.fighter("bob").fp))
    for (_, fp0), (who, fp1) in zip(seen, seen[1:]):
        assert fp0 - fp1 == (1 if who == "ann" else 0), seen
    assert "suffocating" in b.fighter("bob").conditions
