"""3d6-full: arm lock (S2-ARMLOCK-1..18), a Judo/Wrestling technique."""

from helpers_full import battle, contest, damage, fighter, grip, mods, play, reason, rolls, rs, start_turn

from game.hexgrid import Hex
from game.rules import events as E
from game.rules.threed6 import combat as C
from game.rules.threed6.full import ArmLock, ArmLockDamage, FullBreakFree
from game.rules.threed6.grappling import Grab
from game.rules.threed6.maneuvers import Attack


def facing_off(ann=None, bob=None):
    """ann (Judo 14, empty hands) at (0,0); bob (Broadsword 12, sword in the right hand) at (1,0), facing her."""
    a = fighter("ann", "red", (0, 0), **{"skills": {"Judo": 14}, **(ann or {})})
    b = fighter("bob", "blue", (1, 0), facing=3, **{"skills": {"Broadsword": 12},
                                                    "hands": {"right": "broadsword", "left": None}, **(bob or {})})
    return battle(a, b)


def parried(ann=None, bob=None):
    """bob swings at ann, who parries bare-handed (Judo 14 -> 10) with a 6."""
    b = facing_off(ann, bob)
    play(b, Attack("bob", target="ann", item="broadsword", defense="parry"), [3, 3, 4, 2, 2, 2])
    return b


def locked(**bob):
    """ann has bob's right (sword) arm locked since an earlier turn, in bob's hex."""
    a = fighter("ann", "red", (1, 0), skills={"Judo": 14})
    kw = {"skills": {"Broadsword": 12}, "hands": {"right": "broadsword", "left": None}, **bob}
    b = fighter("bob", "blue", (1, 0), facing=3, **kw)
    g = grip(location="arm", kind="arm_lock", extra={"limb": "right", "made_on_turn": 1, "failed_escapes": 0})
    return battle(a, b, grapples=(g,))


def test_S2_ARMLOCK_1_uses_judo_or_wrestling():
    """S2-ARMLOCK-1 (G2-15): without Judo or Wrestling there is no arm lock; Wrestling alone will do."""
    b = parried({"skills": {"Brawling": 16}})
    assert "S2-ARMLOCK-1" in reason(b, ArmLock("ann", target="bob"))
    b = parried({"skills": {"Wrestling": 14}})
    assert ArmLock("ann", target="bob").check(b) is None


def test_S2_ARMLOCK_2_needs_a_barehanded_judo_parry_and_empty_hands():
    """S2-ARMLOCK-2: the Judo parry opens the chance; a Brawling parry or a hand holding a knife does not."""
    b = parried()
    eff = E.has_effect(b, "ann", "armlock_chance")
    assert eff["data"] == {"attacker": "bob", "limb": "right", "skill": "Judo"}
    assert ArmLock("ann", target="bob").check(b) is None
    brawler = parried({"skills": {"Brawling": 16, "Judo": 10}})
    assert E.has_effect(brawler, "ann", "armlock_chance") is None
    assert "S2-ARMLOCK-2" in reason(brawler, ArmLock("ann", target="bob"))
    knife = parried({"hands": {"right": None, "left": "knife"}, "skills": {"Judo": 14, "Knife": 8}})
    assert E.has_effect(knife, "ann", "armlock_chance") is None
    fresh = facing_off()
    assert "S2-ARMLOCK-2" in reason(fresh, ArmLock("ann", target="bob"))


def test_S2_ARMLOCK_3_first_turn_after_the_parry_within_one_yard():
    """S2-ARMLOCK-3 [MAP]: the chance lasts to the end of ann's next turn; bob must be in the same or next hex."""
    b = parried()
    eff = E.has_effect(b, "ann", "armlock_chance")
    assert eff["until"] == "end_of_turn"
    b.fighter("bob").hex = Hex(3, 0)
    assert "S2-ARMLOCK-3" in reason(b, ArmLock("ann", target="bob"))


def test_S2_ARMLOCK_4_capture_is_an_attack_stepping_in_rolling_judo():
    """S2-ARMLOCK-4 [MAP]: ann steps into bob's hex and rolls Judo 14."""
    assert ArmLock.is_attack
    b = parried()
    assert "S2-ARMLOCK-4" in reason(b, ArmLock("ann", target="bob", maneuver="move"))
    ev = play(b, ArmLock("ann", target="bob", defense="none"), [3, 3, 4])
    mv = next(e for e in ev if e["type"] == "move")
    assert mv["rule"] == "S2-ARMLOCK-4" and b.fighter("ann").hex == Hex(1, 0)
    r = rolls(ev)[0]
    assert (r["base"], r["target"], r["rule"], "Judo" in r["label"]) == (14, 14, "S2-ARMLOCK-4", True)


def test_S2_ARMLOCK_5_any_active_defence_even_a_weapon_parry():
    """S2-ARMLOCK-5: bob parries ann's hand with his broadsword (12 -> 9) and nothing is locked."""
    b = parried()
    ev = play(b, ArmLock("ann", target="bob", defense="parry"), [3, 3, 4, 3, 3, 3])
    d = rolls(ev)[1]
    assert (d["actor"], d["target"], "broadsword" in d["label"], d["success"]) == ("bob", 9, True, True)
    assert b.grapples == []


def test_S2_ARMLOCK_6_failed_defence_traps_the_arm():
    """S2-ARMLOCK-6: bob's dodge fails: his right (sword) arm is locked with both of ann's hands."""
    b = parried()
    play(b, ArmLock("ann", target="bob", defense="dodge"), [3, 3, 4, 6, 6, 6])
    (g,) = b.grapples
    assert (g.kind, g.location, g.hands, g.extra["limb"], g.hand_names) == ("arm_lock", "arm", 2, "right",
                                                                         ["right", "left"])
    assert E.has_effect(b, "ann", "armlock_chance") is None


def test_S2_ARMLOCK_7_break_free_locker_plus_4():
    """S2-ARMLOCK-7 (ruling F-6): +4 to the locker, instead of the two-hand +5."""
    b = locked()
    a, h = contest(play(b, FullBreakFree("bob"), [3, 3, 4, 4, 4, 4]))["rolls"]
    assert mods(h) == {"S2-ARMLOCK-7": 4} and h["target"] == 16 and mods(a) == {}


def test_S2_ARMLOCK_8_cumulative_minus_1_per_failed_try():
    """S2-ARMLOCK-8: each lost try adds -1 to bob's later tries."""
    b = locked()
    play(b, FullBreakFree("bob"), [3, 3, 4, 4, 4, 4])
    assert b.grapples[0].extra["failed_escapes"] == 1
    a, _ = contest(play(b, FullBreakFree("bob"), [3, 3, 4, 4, 4, 4]))["rolls"]
    assert mods(a) == {"S2-ARMLOCK-8": -1} and a["target"] == 11
    assert b.grapples[0].extra["failed_escapes"] == 2
    ev = play(b, FullBreakFree("bob"), [1, 1, 1, 6, 6, 6])
    assert contest(ev)["winner"] == "bob" and b.grapples == []


def test_S2_ARMLOCK_8_a_tied_try_is_no_loss():
    """S2-ARMLOCK-8 ("If he loses, he has a cumulative -1"; ruling F-6 rewritten): bob 10 v 12 (margin 2), ann
    14 v 16 (margin 2): a tie, nobody wins (G0-2); bob stays locked but gets no -1 for it."""
    b = locked()
    ev = play(b, FullBreakFree("bob"), [3, 3, 4, 4, 5, 5])
    assert contest(ev)["winner"] is None and b.grapples[0].kind == "arm_lock"
    assert b.grapples[0].extra["failed_escapes"] == 0
    assert not any(e.get("rule") == "S2-ARMLOCK-8" for e in ev)


def test_S2_ARMLOCK_9_damage_from_the_lockers_next_turn_each_turn():
    """S2-ARMLOCK-9: not on the turn of the capture; then once on each later turn until bob escapes."""
    b = parried()
    play(b, ArmLock("ann", target="bob", defense="none"), [3, 3, 4])
    assert "S2-ARMLOCK-9" in reason(b, ArmLockDamage("ann"))
    b.turn += 1
    play(b, ArmLockDamage("ann"), [6, 6, 6, 3, 3, 3])
    assert "S2-ARMLOCK-9" in reason(b, ArmLockDamage("ann"))
    b.turn += 1
    assert ArmLockDamage("ann").check(b) is None


def test_S2_ARMLOCK_10_contest_best_of_judo_wrestling_st_vs_higher_of_st_ht():
    """S2-ARMLOCK-10: ann's Judo 14 (better than ST 12) against bob's ST 12 (higher than HT 11)."""
    a, v = contest(play(locked(), ArmLockDamage("ann"), [3, 3, 4, 4, 4, 4]))["rolls"]
    assert (a["base"], a["rule"], "Judo" in a["label"]) == (14, "S2-ARMLOCK-10", True)
    assert (v["base"], "ST" in v["label"]) == (12, True)


def test_S2_ARMLOCK_11_crushing_damage_equal_to_margin():
    """S2-ARMLOCK-11: margins 4 and 0: 4 crushing to the right arm; HP 12 -> 8."""
    b = locked()
    d = damage(play(b, ArmLockDamage("ann"), [3, 3, 4, 4, 4, 4]))
    assert (d["amount"], d["damage_type"], d["location"], d["limb"], d["rule"]) == (4, "crushing", "arm", "right",
                                                                                 "S2-ARMLOCK-11")
    assert b.fighter("bob").hp == 8


def test_S2_ARMLOCK_12_only_natural_and_rigid_dr_count():
    """S2-ARMLOCK-12 (G2-8): DR 5 = natural 2 + flexible 3 -> 2 counts; Tough Skin -> 0; rigid armour -> 5."""
    flexible = {"dr": 5, "traits": {"natural_dr": 2, "armor": "flexible"}}
    d = damage(play(locked(**flexible), ArmLockDamage("ann"), [3, 3, 4, 4, 4, 4]))
    assert (d["dr"], d["penetrating"], d["dr_rule"]) == (2, 2, "S2-ARMLOCK-12")
    tough = {"dr": 5, "traits": {"natural_dr": 2, "tough_skin": True, "armor": "flexible"}}
    assert damage(play(locked(**tough), ArmLockDamage("ann"), [3, 3, 4, 4, 4, 4]))["dr"] == 0
    rigid = {"dr": 5, "traits": {"natural_dr": 2}}
    assert damage(play(locked(**rigid), ArmLockDamage("ann"), [3, 3, 4, 4, 4, 4]))["dr"] == 5


def test_S2_ARMLOCK_13_crippled_arm_drops_what_it_holds():
    """S2-ARMLOCK-13 (G2-5): 8 injury > HP 12 / 2 cripples the arm (capped at 7); the sword falls."""
    b = locked()
    ev = play(b, ArmLockDamage("ann"), [2, 2, 2, 4, 4, 4, 3, 3, 3])
    d = damage(ev)
    assert (d["amount"], d["injury"], d["lost"]["value"]) == (8, 7, 1)
    bob = b.fighter("bob")
    assert "right" in bob.crippled and bob.hands["right"] is None and bob.hp == 5
    assert any(e["type"] == "item" and e["action"] == "dropped" and e["rule"] == "S2-ARMLOCK-13" for e in ev)


def test_S2_ARMLOCK_14_crippled_arm_no_more_damage_contest_goes_on():
    """S2-ARMLOCK-14: the arm is already crippled: the contest is still rolled but no HP are lost."""
    b = locked(crippled=["right"], hands={"right": None, "left": None}, hp=6)
    ev = play(b, ArmLockDamage("ann"), [3, 3, 4, 4, 4, 4])
    assert contest(ev)["winner"] == "ann"
    assert not [e for e in ev if e["type"] == "damage"] and b.fighter("bob").hp == 6
    assert any(e.get("rule") == "S2-ARMLOCK-14" for e in ev)


def test_S2_ARMLOCK_15_each_win_shocks_and_may_stun():
    """S2-ARMLOCK-15 (G2-6): a win of 8 on a crippled arm: shock -4 and the major-wound HT roll (fails: stunned)."""
    b = locked(crippled=["right"], hands={"right": None, "left": None})
    ev = play(b, ArmLockDamage("ann"), [2, 2, 2, 4, 4, 4, 6, 5, 4])
    assert E.has_effect(b, "bob", "shock")["data"]["penalty"] == 4
    ht = rolls(ev)[2]
    assert ht["label"] == "HT against a major wound" and ht["success"] is False
    assert "stunned" in b.fighter("bob").conditions and b.fighter("bob").hp is None


def test_S2_ARMLOCK_16_damage_rolls_are_passive_not_attacks():
    """S2-ARMLOCK-16: no maneuver is spent (a free action) and it is not an attack."""
    assert ArmLockDamage.free and not ArmLockDamage.is_attack
    b = locked()
    assert ArmLockDamage("ann").maneuver_name() == "free"
    b.effects.append({"fighter": "ann", "kind": "all_out_attack", "until": "next_turn", "start": 5})
    assert ArmLockDamage("ann").check(b) is None


def test_S2_ARMLOCK_17_close_attacks_on_the_locked_foe_at_minus_4_defence():
    """S2-ARMLOCK-17: with both hands in the lock ann may still kick; bob's dodge 8 is at -4."""
    b = locked()
    assert Attack("ann", target="bob", item="kick").check(b) is None
    opts = C.defense_options(rs(b), b, b.fighter("bob"), C.AttackInfo("ann", "strike", None))
    dodge = next(o for o in opts if o.kind == "dodge")
    assert dodge.target == 4 and any(m.rule == "S2-ARMLOCK-17" and m.value == -4 for m in dodge.modifiers)
    ev = play(b, Attack("ann", target="bob", item="kick", defense="dodge"), [3, 3, 3, 1, 1, 2])
    assert mods(rolls(ev)[1])["S2-ARMLOCK-17"] == -4


def test_S2_ARMLOCK_18_offensive_use_after_a_judo_grapple():
    """S2-ARMLOCK-18: grapple with Judo; once bob has had a turn without breaking free, ann may lock his arm."""
    b = facing_off()
    b.fighter("ann").hex = Hex(1, 0)
    play(b, Grab("ann", target="bob", hands=2, defense="none"), [3, 3, 3])
    assert "S2-ARMLOCK-2" in reason(b, ArmLock("ann", target="bob"))
    start_turn(b, "bob")
    play(b, FullBreakFree("bob"), [6, 6, 6, 3, 3, 3])
    start_turn(b, "ann")
    ev = play(b, ArmLock("ann", target="bob", defense="none"), [3, 3, 4])
    assert any(e["type"] == "grapple_change" and e["rule"] == "S2-ARMLOCK-18" for e in ev)
    (g,) = b.grapples
    assert (g.kind, g.location, g.extra["limb"]) == ("arm_lock", "arm", "right")
    brawler = facing_off({"skills": {"Brawling": 15}})
    brawler.fighter("ann").hex = Hex(1, 0)
    play(brawler, Grab("ann", target="bob", hands=2, defense="none"), [3, 3, 3])
    start_turn(brawler, "bob")
    assert "S2-ARMLOCK-1" in reason(brawler, ArmLock("ann", target="bob"))
