"""d20 attacks (S4-ATTACK, S4-CRIT, S4-COVER, S4-REAR, S4-BRAWL, S4-SUBDUE, S4-HELPLESS, S4-PRONE, S4-BASH,
S4-UNARMORED, S4-TWOWEAPON, S4-PARRY, S4-STAFF, S4-WATER) with scripted dice, against G4-1..6."""

from __future__ import annotations

from d20_helpers import act, dcmod, field, man, mod, rolls, rules_of, why

from game.rules.d20.abilities import ability_bonus, attack_bonus, hp_max, save_target
from game.rules.d20.attack import armour_class


def duel(a_kw=None, t_kw=None, tq=6, tr=5, tfacing=3, **opts):
    a = man("a", "red", 5, 5, 0, **(a_kw or {}))
    t = man("t", "blue", tq, tr, tfacing, **(t_kw or {"stats": {"HP": 30}}))
    return field(a, t, options=opts)


def test_g4_tables_bonus_ab_saves_hp():
    """G4-1 bonus table, G4-3 AB, G4-4 saves, G4-2 HP."""
    assert [ability_bonus(s) for s in (3, 4, 6, 9, 13, 16, 18)] == [-3, -2, -1, 0, 1, 2, 3]
    assert attack_bonus(man("f", "r", 0, 0, stats={"level": 4})) == 3
    assert attack_bonus(man("m", "r", 0, 0, stats={"class": 3, "level": 4})) == 2
    assert attack_bonus(man("n", "r", 0, 0, stats={"class": 0})) == 0
    assert save_target(man("c", "r", 0, 0, stats={"class": 2}), "death")[0] == 11
    assert save_target(man("n", "r", 0, 0, stats={"class": 0}), "death")[:2] == (12, -1)
    assert hp_max(man("f", "r", 0, 0, stats={"CON": 16, "level": 2})) == 14  # (5 + 2) x 2


def test_S4_ATTACK_1_d20_plus_ab_plus_str_against_ac_then_damage():
    """S4-ATTACK-1: d20 + AB + STR bonus (melee) >= AC hits; damage 1d8 + STR (G4-6)."""
    b = duel({"stats": {"STR": 16}, "right": "longsword"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [10, 5])
    roll = rolls(ev, "attacks")[0]
    assert (roll["base"], mod(roll, "S4-ATTACK-1"), roll["dc"], roll["total"], roll["success"]) == (1, 2, 11, 13, True)
    dmg = [e for e in ev if e["type"] == "damage"][0]
    assert dmg["amount"] == 7 and b.fighter("t").hp == 23


def test_S4_ATTACK_1_dex_for_missiles_and_light_weapons():
    """S4-ATTACK-1: DEX bonus for a missile or light weapon, not STR."""
    b = duel({"stats": {"STR": 16, "DEX": 13}, "right": "shortsword"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortsword"}, [9, 1])
    roll = rolls(ev, "attacks")[0]
    assert mod(roll, "S4-ATTACK-1") == 1 and roll["total"] == 11


def test_S4_ATTACK_2_3_natural_one_misses_natural_twenty_hits_unless_immune():
    """S4-ATTACK-2 natural 1 misses; S4-ATTACK-3 natural 20 hits, but not a monster only magic can hurt."""
    b = duel({"stats": {"STR": 18, "level": 4}, "right": "longsword"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [1])
    assert rolls(ev)[0]["success"] is False and rolls(ev)[0]["critical"] == "failure"
    b = duel({"right": "dagger"}, {"stats": {"HP": 30}, "items": ["plate"], "right": "shield"})
    b.fighter("t").stats["DEX"] = 18  # AC 17 + 3 + 1 = 21: only a 20 hits
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "dagger"}, [20, 3])
    assert rolls(ev)[0]["success"] is True and rolls(ev)[0]["dc"] == 21
    b = duel({"right": "longsword"}, {"stats": {"HP": 30, "needs_magic": 1}})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [20])
    assert rolls(ev)[0]["success"] is False and "cannot hurt" in rolls(ev)[0]["natural"]


def test_S4_ATTACK_4_S4_MOVE_5_no_move_after_attacking():
    """S4-ATTACK-4 / S4-MOVE-5: once it has attacked, it stays put and cannot attack again this round."""
    b = duel({"right": "longsword"})
    act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [2])
    assert why(b, {"actor": "a", "type": "move", "to": [4, 5]}).rule == "S4-ATTACK-4"
    assert why(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}).rule == "S4-MOVE-5"


def test_S4_CRIT_1_2_3_confirmed_critical_max_die_plus_a_roll():
    """S4-CRIT-1: a 20 threatens, roll again; S4-CRIT-2 the second roll must hit normally (G4-20);
    S4-CRIT-3: the die's maximum + a damage roll with modifiers."""
    b = duel({"stats": {"STR": 13}, "right": "longsword"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [20, 9, 3])
    conf = rolls(ev, "confirmation")[0]
    assert conf["total"] == 11 and conf["success"] is True
    assert [e for e in ev if e["type"] == "damage"][0]["amount"] == 8 + 3 + 1
    b = duel({"right": "longsword"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [20, 5, 3])
    assert rolls(ev, "confirmation")[0]["success"] is False
    assert [e for e in ev if e["type"] == "damage"][0]["amount"] == 3


def test_S4_CRIT_4_no_critical_when_only_a_20_hits():
    """S4-CRIT-4: an attacker that hits only on a natural 20 scores no critical (no confirmation roll)."""
    b = duel({"right": "dagger"}, {"stats": {"HP": 30, "DEX": 18}, "items": ["plate"], "right": "shield"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "dagger"}, [20, 4])
    assert not rolls(ev, "confirmation") and "S4-CRIT-4" in rules_of(ev)


def test_S4_CRIT_5_lingering_injury_instead_of_extra_damage():
    """S4-CRIT-5: the attacker may inflict a lingering injury instead of the extra damage."""
    b = duel({"right": "longsword"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword", "option": "lingering"},
             [20, 15, 4])
    assert "maimed" in b.fighter("t").conditions and b.fighter("t").hp == 26
    ev = act(b, {"actor": "t", "type": "brawl", "target": "a"}, [12, 1])
    assert mod(rolls(ev)[0], "S4-CRIT-5") == -2


def test_S4_REAR_1_2_from_behind_plus_two_not_with_sneak_attack():
    """S4-REAR-1: +2 from the target's rear hex (GX-2); S4-REAR-2: not with a Thief's Sneak Attack (G4-15)."""
    b = duel({"right": "longsword"}, tq=4, tfacing=3)  # t at (4,5) faces west: a at (5,5) is behind it
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [8, 2])
    assert mod(rolls(ev)[0], "S4-REAR-1") == 2
    b = duel({"right": "longsword", "stats": {"class": 4}}, tq=4, tfacing=3)
    b.fighter("t").conditions.append("x")
    from game.rules.events import apply_event
    from game.rules.initiative import surprise_event
    apply_event(b, surprise_event("t", b.round))
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [8, 2])
    r = rolls(ev)[0]
    assert mod(r, "S4-REAR-1") is None and mod(r, "G4-15") == 4


def test_S4_COVER_1_2_3_concealment_and_hard_cover_from_terrain_and_fighters():
    """S4-COVER-1 soft -1..-4; S4-COVER-2 hard doubled (a fighter in between is hard cover);
    S4-COVER-3 cover applies to melee too (the target's own hex)."""
    a = man("a", "red", 2, 5, 0, right="shortbow", stats={"DEX": 10})
    t = man("t", "blue", 8, 5, 3, stats={"HP": 30})
    friend = man("f", "red", 5, 5, 0)
    b = field(a, t, friend)
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortbow"}, [15, 2])
    assert mod(rolls(ev)[0], "S4-COVER-2") == -2
    b = field(man("a", "red", 2, 5, 0, right="shortbow"), man("t", "blue", 8, 5, 3, stats={"HP": 30}))
    b.board.cell(b.fighter("t").hex).cover = 2
    b.board.cell(b.fighter("t").hex).terrain = "bush"
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortbow"}, [15, 2])
    assert mod(rolls(ev)[0], "S4-COVER-1") == -2
    b = duel({"right": "longsword"})
    b.board.cell(b.fighter("t").hex).cover = 1
    b.board.cell(b.fighter("t").hex).terrain = "barrel"
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [15, 2])
    assert mod(rolls(ev)[0], "S4-COVER-2") == -2


def test_S4_BRAWL_1_2_punch_and_kick_subduing():
    """S4-BRAWL-1 punch 1d3 subduing; S4-BRAWL-2 kick 1d4 at -2."""
    b = duel()
    ev = act(b, {"actor": "a", "type": "brawl", "target": "t", "kind": "punch"}, [12, 3])
    d = [e for e in ev if e["type"] == "damage"][0]
    assert (d["amount"], d["damage_type"]) == (3, "subdual") and b.fighter("t").counters["subdual"] == 3
    ev = act(b, {"actor": "t", "type": "brawl", "target": "a", "kind": "kick"}, [12, 4])
    assert mod(rolls(ev)[0], "S4-BRAWL-2") == -2 and [e for e in ev if e["type"] == "damage"][0]["amount"] == 4


def test_S4_BRAWL_3_punching_metal_armour_hurts_the_puncher():
    """S4-BRAWL-3: in leather or no armour, punching a metal-armoured target: the attacker takes the damage."""
    b = duel({"stats": {"HP": 10}}, {"stats": {"HP": 10}, "items": ["chain"]})
    ev = act(b, {"actor": "a", "type": "brawl", "target": "t"}, [19, 2])
    d = [e for e in ev if e["type"] == "damage"][0]
    assert d["target"] == "a" and b.fighter("a").hp == 8 and b.fighter("t").hp == 10


def test_S4_BRAWL_4_5_gm_forbids_some_monsters_and_every_class_may_brawl():
    """S4-BRAWL-4 [GM]: a monster the GM rules out (trait no_brawl); S4-BRAWL-5: a Magic-User brawls though it may
    not use a sword."""
    b = duel({"stats": {"class": 3}, "right": "longsword"}, {"stats": {"HP": 30}})
    assert why(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}).rule == "S4-BRAWL-5"
    act(b, {"actor": "a", "type": "brawl", "target": "t"}, [2])
    b = duel(None, {"stats": {"HP": 30, "HD": 2, "no_brawl": 1}})
    assert why(b, {"actor": "a", "type": "brawl", "target": "t"}).rule == "S4-BRAWL-4"


def test_S4_SUBDUE_1_2_flat_of_the_blade():
    """S4-SUBDUE-1: -4 to hit, half damage; S4-SUBDUE-2: not with weapons edged or pointed all round."""
    b = duel({"right": "longsword"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword", "option": "subdue"}, [15, 7])
    assert mod(rolls(ev)[0], "S4-SUBDUE-1") == -4
    d = [e for e in ev if e["type"] == "damage"][0]
    assert (d["amount"], d["damage_type"]) == (3, "subdual")
    b = duel({"right": "morningstar"})
    assert why(b, {"actor": "a", "type": "attack", "target": "t", "item": "morningstar",
                   "option": "subdue"}).rule == "S4-SUBDUE-2"


def test_S4_SUBDUE_3_4_5_knocked_out_then_beaten_to_death():
    """S4-SUBDUE-3: 0 HP with subduing damage taken = unconscious; S4-SUBDUE-4: further subduing damage kills;
    S4-SUBDUE-5 [META]: the wake-up is logged (G4-10)."""
    b = duel(None, {"stats": {"HP": 3}})
    ev = act(b, {"actor": "a", "type": "brawl", "target": "t"}, [15, 3])
    t = b.fighter("t")
    assert "unconscious" in t.conditions and "dead" not in t.conditions and "S4-SUBDUE-5" in rules_of(ev)
    wake = next(e["text"] for e in ev if e["type"] == "message" and e.get("rule") == "S4-SUBDUE-5")
    assert "they would wake" in wake and "it would" not in wake, wake  # a person, never "it"
    ev = act(b, {"actor": "t", "type": "do_nothing"}, legal=False)
    b.fighter("a").counters.clear()
    ev = act(b, {"actor": "a", "type": "brawl", "target": "t"}, [])  # helpless: automatic, twice the max
    assert "dead" in t.conditions and "S4-SUBDUE-4" in rules_of(ev)


def test_S4_HELPLESS_1_2_3_automatic_hit_twice_maximum():
    """S4-HELPLESS-1 (paralysed = helpless), -2 automatic hit, -3 twice the maximum (1d8+1 -> 18)."""
    b = duel({"stats": {"STR": 13}, "right": "longsword"}, {"stats": {"HP": 40}, "conditions": ["paralyzed"]})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [])
    assert not [e for e in ev if e["type"] == "roll" and e.get("dc")]
    assert [e for e in ev if e["type"] == "damage"][0]["amount"] == 18
    assert "S4-HELPLESS-2" in rules_of(ev) and "S4-HELPLESS-3" in rules_of(ev)
    assert why(b, {"actor": "t", "type": "move", "to": [7, 5]}).rule == "S4-HELPLESS-1"


def test_S4_HELPLESS_4_backstab_doubles_the_maximum_backstab():
    """S4-HELPLESS-4: a Thief does twice its maximum backstab damage to a helpless foe, even an aware one."""
    b = duel({"stats": {"class": 4}, "right": "dagger"}, {"stats": {"HP": 40}, "conditions": ["bound"]})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "dagger"}, [])
    assert [e for e in ev if e["type"] == "damage"][0]["amount"] == 16 and "S4-HELPLESS-4" in rules_of(ev)


def test_S4_PRONE_1_2_and_S4_TRIP_2_prone_minus_four_standing_takes_the_round():
    """S4-PRONE-1 -4 AC; S4-PRONE-2 / S4-TRIP-2 getting up takes a full round with nothing else."""
    b = duel({"right": "longsword"}, {"stats": {"HP": 30}})
    b.fighter("t").posture = "prone"
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [6, 1])
    assert dcmod(rolls(ev)[0], "S4-PRONE-1") == -4 and rolls(ev)[0]["dc"] == 7
    act(b, {"actor": "t", "type": "change_posture", "posture": "standing"})
    assert b.fighter("t").posture == "standing"
    assert why(b, {"actor": "t", "type": "brawl", "target": "a"}).rule == "S4-PRONE-2"


def test_S4_BASH_1_2_3_4_5_shield_bash():
    """S4-BASH-1 1d4 subdual + STR; -2 specialist +1; -3 magic to hit and damage; -4 no shield AC this round;
    -5 no off-hand penalty."""
    b = duel({"stats": {"STR": 16}, "left": "magic_shield", "traits": {"shield_specialist": 1}})
    before, _ = armour_class(b, b.fighter("a"), b.fighter("t"))
    ev = act(b, {"actor": "a", "type": "shield_bash", "target": "t"}, [10, 2])
    r = rolls(ev)[0]
    assert mod(r, "S4-BASH-3") == 1 and mod(r, "S4-TWOWEAPON-1") is None and "S4-BASH-5" in rules_of(ev)
    d = [e for e in ev if e["type"] == "damage"][0]
    assert (d["amount"], d["damage_type"]) == (2 + 2 + 1 + 1, "subdual")
    after, _ = armour_class(b, b.fighter("a"), b.fighter("t"))
    assert before - after == 2 and "S4-BASH-2" in rules_of(ev) and "S4-BASH-1" in rules_of(ev)
    b.round += 1
    assert armour_class(b, b.fighter("a"), b.fighter("t"))[0] == before  # S4-BASH-4: back next round


def test_S4_UNARMORED_1_2_3_base_11_plus_dex_shield_ring_known_foes_only():
    """S4-UNARMORED-1 11 + DEX; S4-UNARMORED-2 shield and protective rings add; S4-UNARMORED-3 not against a foe it
    cannot place (it cannot see it); surprise alone costs no AC (S4-SURPRISE-6)."""
    b = duel(None, {"stats": {"DEX": 16}, "left": "shield", "items": ["ring"]})
    t, a = b.fighter("t"), b.fighter("a")
    assert armour_class(b, t, a)[0] == 11 + 2 + 1 + 1
    from game.hexgrid import Hex
    a.hex = Hex(2, 5)
    b.board.cell(Hex(4, 5)).blocks_sight = True
    assert armour_class(b, t, a)[0] == 11 + 1 + 1


def test_S4_TWOWEAPON_1_2_3_4_5_two_weapons():
    """S4-TWOWEAPON-1 -2/-5; S4-TWOWEAPON-2 less DEX bonus, never a bonus; -3 one-handed primary, small off-hand;
    -4 one off-hand attack; -5 resolved with the primary."""
    b = duel({"stats": {"DEX": 16}, "right": "longsword", "left": "dagger"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword", "option": "two_weapon"},
             [12, 3, 12, 2])
    r1, r2 = rolls(ev, "attacks")
    assert mod(r1, "S4-TWOWEAPON-1") is None  # -2 + DEX 2 = 0, never a bonus
    assert mod(r2, "S4-TWOWEAPON-1") == -3 and "S4-TWOWEAPON-5" in rules_of(ev) and r2["rule"] == "S4-TWOWEAPON-4"
    b = duel({"right": "longsword", "left": "longsword"})
    assert why(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword",
                   "option": "two_weapon"}).rule == "S4-TWOWEAPON-3"


def test_S4_TWOWEAPON_6_off_hand_alone():
    """S4-TWOWEAPON-6: an off-hand attack alone is at -3 less the DEX bonus."""
    b = duel({"stats": {"DEX": 13}, "right": "longsword", "left": "dagger"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword", "option": "off_hand_only"},
             [12, 3])
    assert mod(rolls(ev)[0], "S4-TWOWEAPON-6") == -2


def test_S4_TWOWEAPON_7_8_defensive_off_hand():
    """S4-TWOWEAPON-7: declared at the start of the round, +1 AC against one melee attacker (the first to swing);
    S4-TWOWEAPON-8: the specialization bonus with that weapon adds."""
    b = duel({"right": "longsword"}, {"stats": {"HP": 30}, "right": "longsword", "left": "dagger",
                                      "traits": {"specialization": "dagger"}})
    act(b, {"actor": "t", "type": "defend", "mode": "off_hand"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [11])
    r = rolls(ev)[0]
    assert dcmod(r, "S4-TWOWEAPON-7") == 1 and dcmod(r, "S4-TWOWEAPON-8") == 1
    assert (r["dc"], r["total"], r["success"]) == (13, 12, False)  # 11 + 1 + 1 + 1 = 13 misses by 1
    assert b.fighter("t").counters["defense"]["against"] == "a" and b.fighter("t").hp == 30
    c = man("c", "red", 7, 4, 3, right="longsword")
    b.fighters.append(c)
    assert {m.rule for m in armour_class(b, b.fighter("t"), c)[1]}.isdisjoint({"S4-TWOWEAPON-7", "S4-TWOWEAPON-8"})


def test_S4_TWOWEAPON_7_declared_before_moving_or_attacking():
    """S4-TWOWEAPON-7: the defensive off-hand is chosen when the round begins: not after an attack."""
    b = duel({"right": "longsword"}, {"stats": {"HP": 30}, "right": "longsword", "left": "dagger"})
    act(b, {"actor": "t", "type": "attack", "target": "a", "item": "longsword"}, [2])
    assert why(b, {"actor": "t", "type": "defend", "mode": "off_hand"}).rule == "S4-TWOWEAPON-7"


def test_S4_TWOWEAPON_8_magic_off_hand_adds_its_base_bonus_to_ac():
    """S4-TWOWEAPON-8: a defensive off-hand weapon adds its magic bonus to AC, only the base bonus of a weapon with
    several (a dagger +1, +3 vs undead gives +1 even against an undead attacker, whom it strikes at +3)."""
    b = duel({"right": "longsword", "stats": {"HP": 30, "undead": 1}},
             {"stats": {"HP": 30}, "right": "longsword", "left": "dagger_vs_undead"})
    act(b, {"actor": "t", "type": "defend", "mode": "off_hand"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [12, 4])
    r = rolls(ev)[0]
    assert dcmod(r, "S4-TWOWEAPON-7") == 1 and dcmod(r, "S4-TWOWEAPON-8") == 1
    assert (r["dc"], r["total"], r["success"]) == (13, 13, True) and b.fighter("t").hp == 26
    b = duel({"right": "longsword"}, {"stats": {"HP": 30}, "right": "longsword", "left": "magic_dagger",
                                      "traits": {"specialization": "magic_dagger"}})
    act(b, {"actor": "t", "type": "defend", "mode": "off_hand"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [13, 3])
    r = rolls(ev)[0]
    assert [m["value"] for m in r["dc_modifiers"] if m["rule"] == "S4-TWOWEAPON-8"] == [1, 1]  # magic, specialization
    assert (r["dc"], r["total"], r["success"]) == (14, 14, True) and b.fighter("t").hp == 27
    # the dagger's higher bonus counts on the attack against the undead, as G4-6's magic weapon bonus
    b = duel({"stats": {"HP": 30}, "right": "longsword", "left": "dagger_vs_undead"},
             {"stats": {"HP": 30, "undead": 1}})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword", "option": "off_hand_only"},
             [10, 2])
    assert mod(rolls(ev)[0], "G4-6") == 3 and mod(rolls(ev)[0], "S4-TWOWEAPON-6") == -3


def test_S4_PARRY_1_2_4_7_8_9_partial_defence_parry_and_block():
    """S4-PARRY-1 declared any time; -2 -4 to attacks; S4-PARRY-4 parry d20 + AB; S4-PARRY-7 must beat the attack total;
    S4-PARRY-8 block d4 + STR + Fighter level; -9 damage above the block goes through, else absorbed (G4-14)."""
    b = duel({"right": "longsword"}, {"stats": {"HP": 30, "STR": 13}, "right": "longsword"})
    act(b, {"actor": "t", "type": "defend", "mode": "partial"})
    ev = act(b, {"actor": "t", "type": "attack", "target": "a", "item": "longsword"}, [15, 1])
    assert mod(rolls(ev)[0], "S4-PARRY-2") == -4
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [12, 15, 3, 4])
    parry = rolls(ev, "parry")[0]
    assert (parry["total"], parry["success"]) == (16, True)  # 15 + AB 1 > 13
    block = rolls(ev, "blocking")[0]
    assert block["total"] == 3 + 1 + 1 and not [e for e in ev if e["type"] == "damage"]  # 4 damage <= 5
    assert "S4-PARRY-9" in rules_of(ev)


def test_S4_PARRY_5_6_7_shield_total_defence_tie_fails():
    """S4-PARRY-5 shield: AB + 2 and a d8 block; -6 total +4; -7 a tie fails."""
    b = duel({"right": "longsword"}, {"stats": {"HP": 30}, "right": "mace", "left": "shield"})
    act(b, {"actor": "t", "type": "defend", "mode": "total"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [16, 10, 5])
    p = rolls(ev, "parry")[0]
    assert mod(p, "S4-PARRY-5") == 2 and mod(p, "S4-PARRY-6") == 4 and p["total"] == 17 and not p["success"]


def test_S4_PARRY_3_total_defence_no_attacks_five_feet():
    """S4-PARRY-3: in total defence no attacks and at most 5' of movement."""
    b = duel({"right": "longsword"})
    act(b, {"actor": "a", "type": "defend", "mode": "total"})
    assert why(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}).rule == "S4-PARRY-3"
    assert why(b, {"actor": "a", "type": "move", "to": [3, 5]}).rule == "S4-FACE-2"
    act(b, {"actor": "a", "type": "move", "to": [4, 5], "facing": 0})


def test_S4_PARRY_10_11_parries_per_round():
    """S4-PARRY-10: partial: one parry (a Fighter: its level, -2 each after the first); S4-PARRY-11: total: all,
    -1 each after the first."""
    b = duel({"right": "longsword"}, {"stats": {"HP": 40, "level": 2}, "right": "longsword"})
    act(b, {"actor": "t", "type": "defend", "mode": "partial"})
    act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [12, 2, 1])
    b.fighter("a").counters.pop("attacked")
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [12, 20, 1, 1])
    assert mod(rolls(ev, "parry")[0], "S4-PARRY-10") == -2
    b.fighter("a").counters.pop("attacked")
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [12, 1])
    assert "S4-PARRY-10" in rules_of(ev) and not rolls(ev, "parry")
    b = duel({"right": "longsword"}, {"stats": {"HP": 40}, "right": "longsword"})
    act(b, {"actor": "t", "type": "defend", "mode": "total"})
    for _i in range(3):
        b.fighter("a").counters.pop("attacked", None)
        ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [12, 1, 1])
    assert mod(rolls(ev, "parry")[0], "S4-PARRY-11") == -2


def test_S4_PARRY_12_13_14_15_what_cannot_be_parried():
    """S4-PARRY-12 surprise attacks; -13 free attacks only when already defending; -14 ranged only by a Fighter
    with a shield at -8; -15 defensive combat changes no AC (G4-14)."""
    b = duel({"right": "longsword"}, {"stats": {"HP": 40}, "right": "longsword"})
    ac0 = armour_class(b, b.fighter("t"), b.fighter("a"))[0]
    act(b, {"actor": "t", "type": "defend", "mode": "total"})
    assert armour_class(b, b.fighter("t"), b.fighter("a"))[0] == ac0  # S4-PARRY-15
    from game.rules.events import apply_event
    from game.rules.initiative import surprise_event
    apply_event(b, surprise_event("t", b.round))
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [15, 2])
    assert "S4-PARRY-12" in rules_of(ev) and not rolls(ev, "parry")
    a = man("a", "red", 2, 5, 0, right="shortbow")
    t = man("t", "blue", 8, 5, 3, stats={"HP": 40}, left="shield", right="longsword")
    b = field(a, t)
    act(b, {"actor": "t", "type": "defend", "mode": "partial"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortbow"}, [15, 20, 1])
    assert mod(rolls(ev, "parry")[0], "S4-PARRY-14") == -8
    t.stats["class"] = 4
    t.counters.clear()
    act(b, {"actor": "t", "type": "defend", "mode": "partial"})
    a.counters.clear()
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortbow"}, [15, 2])
    assert "S4-PARRY-14" in rules_of(ev) and not rolls(ev, "parry") and t.hp == 37  # a Thief: 1 then 2 damage
    # S4-PARRY-13: a parting shot at a fighter already defending may be parried
    b = duel({"right": "longsword"}, {"stats": {"HP": 40}, "right": "longsword"}, tq=6)
    act(b, {"actor": "t", "type": "defend", "mode": "partial"})
    ev = act(b, {"actor": "t", "type": "move", "to": [9, 5]}, [15, 20, 1, 1])
    shot, parry = rolls(ev, "parting")[0], rolls(ev, "parry")[0]
    assert (shot["rule"], shot["total"], mod(shot, "S4-DEFMOVE-1")) == ("S4-DEFMOVE-1", 18, 2)
    assert (parry["total"], parry["dc"], parry["success"]) == (21, 19, True)
    assert rolls(ev, "blocking")[0]["total"] == 2 and b.fighter("t").hp == 40  # 1 damage absorbed
    b = duel({"right": "longsword"}, {"stats": {"HP": 40}, "right": "longsword"}, tq=6)
    ev = act(b, {"actor": "t", "type": "move", "to": [9, 5]}, [15, 1])  # not defending: no parry of the free attack
    assert not rolls(ev, "parry") and b.fighter("t").hp == 39


def test_S4_STAFF_1_2_3_4_5_6_staves():
    """S4-STAFF-2 attack and +1 AC against one melee attack; -3 as a shield against all, no attacks; -5 two club
    blows with the two-weapon penalties (S4-STAFF-5); -6 the second one number lower."""
    from game.rules.d20.items import ITEMS
    assert ITEMS["quarterstaff"]["hands"] == 2 and ITEMS["walking_staff"]["damage"] == [1, 4]
    b = duel({"right": "longsword"}, {"stats": {"HP": 40}, "right": "quarterstaff", "left": "quarterstaff"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [3])
    assert dcmod(rolls(ev)[0], "S4-STAFF-2") == 1
    c = man("c", "red", 7, 4, 3, right="longsword")
    b.fighters.append(c)
    assert "S4-STAFF-2" not in {m.rule for m in armour_class(b, b.fighter("t"), c)[1]}
    b = duel({"right": "longsword"}, {"stats": {"HP": 40}, "right": "quarterstaff", "left": "quarterstaff"})
    act(b, {"actor": "t", "type": "defend", "mode": "staff"})
    assert why(b, {"actor": "t", "type": "attack", "target": "a", "item": "quarterstaff"}).rule == "S4-STAFF-3"
    c = man("c", "red", 7, 4, 3, right="longsword")
    b.fighters.append(c)
    assert {m.rule for m in armour_class(b, b.fighter("t"), c)[1]} == {"S4-STAFF-3"}
    b = duel({"stats": {"HP": 40}}, {"stats": {"HP": 40}, "right": "quarterstaff", "left": "quarterstaff"})
    ev = act(b, {"actor": "t", "type": "attack", "target": "a", "item": "quarterstaff", "option": "staff_two"},
             [15, 3])
    assert mod(rolls(ev)[0], "S4-TWOWEAPON-1") == -2 and [e for e in ev if e["type"] == "damage"][0]["amount"] == 3
    ev = act(b, {"actor": "t", "type": "attack", "target": "a", "item": "quarterstaff", "option": "staff_second"},
             [15, 2])
    assert rolls(ev)[0]["rule"] == "S4-STAFF-6"


def test_S4_WATER_1_2_3_4_fighting_under_water():
    """S4-WATER-1 -2 for surface dwellers; -2 no bows; S4-WATER-3 swung weapons half damage rounded up; S4-WATER-4 thrusts
    work normally."""
    b = duel({"right": "longsword", "conditions": ["underwater"]}, {"stats": {"HP": 40},
                                                                      "conditions": ["underwater"]})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [15, 5])
    assert mod(rolls(ev)[0], "S4-WATER-1") == -2 and [e for e in ev if e["type"] == "damage"][0]["amount"] == 3
    b = duel({"right": "spear", "conditions": ["underwater"]}, {"stats": {"HP": 40}})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "spear"}, [15, 5])
    assert [e for e in ev if e["type"] == "damage"][0]["amount"] == 5
    a = man("a", "red", 2, 5, 0, right="shortbow", conditions=["underwater"])
    b = field(a, man("t", "blue", 6, 5, 3))
    assert why(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortbow"}).rule == "S4-WATER-2"


def test_S4_STAFF_1_staves_two_handed_walking_staff_one_handed_as_a_club():
    """S4-STAFF-1: a quarterstaff needs both hands (1d6); a walking staff is used one-handed, doing club damage
    (1d4, G4-6) beside a shield."""
    import pytest

    from game.dice import DiceError
    b = duel({"right": "quarterstaff", "left": "shield"})
    assert why(b, {"actor": "a", "type": "attack", "target": "t", "item": "quarterstaff"}).rule == "S4-STAFF-1"
    b = duel({"right": "quarterstaff"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "quarterstaff"}, [12, 6])
    r = rolls(ev, "attacks")[0]
    assert (r["dc"], r["total"], r["success"]) == (11, 13, True) and b.fighter("t").hp == 24
    b = duel({"right": "walking_staff", "left": "shield"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "walking_staff"}, [12, 4])
    assert [e for e in ev if e["type"] == "damage"][0]["amount"] == 4 and b.fighter("t").hp == 26
    b = duel({"right": "walking_staff", "left": "shield"})
    with pytest.raises(DiceError, match="d4"):  # club damage: a 5 does not fit the die
        act(b, {"actor": "a", "type": "attack", "target": "t", "item": "walking_staff"}, [12, 5])
    # a Magic-User may fight with either staff (class weapons, ruling D20-23)
    b = duel({"right": "walking_staff", "stats": {"class": 3}})
    act(b, {"actor": "a", "type": "attack", "target": "t", "item": "walking_staff"}, [2])


def test_S4_STAFF_4_a_defensive_staff_adds_its_base_magic_bonus():
    """S4-STAFF-4: used defensively, the staff's magic bonus adds to AC as a defensive off-hand weapon's does
    (S4-TWOWEAPON-8): only the base bonus of a staff with several (+1, +2 vs undead gives +1); the text names
    only the magic bonus, so specialization adds nothing here (ruling D20-25)."""
    def staff_duel(**a_stats):
        return duel({"right": "longsword", "stats": {"HP": 30, **a_stats}},
                    {"stats": {"HP": 30}, "right": "magic_quarterstaff",
                     "traits": {"specialization": "magic_quarterstaff"}})
    b = staff_duel(undead=1)
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [11])  # the parried attack
    r = rolls(ev)[0]
    assert dcmod(r, "S4-STAFF-2") == 1 and dcmod(r, "S4-STAFF-4") == 1
    assert (r["dc"], r["total"], r["success"]) == (13, 12, False) and b.fighter("t").hp == 30
    b = staff_duel()
    act(b, {"actor": "t", "type": "defend", "mode": "staff"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [12, 5])
    r = rolls(ev)[0]
    assert dcmod(r, "S4-STAFF-3") == 1 and dcmod(r, "S4-STAFF-4") == 1 and dcmod(r, "S4-STAFF-2") is None
    assert (r["dc"], r["total"], r["success"]) == (13, 13, True) and b.fighter("t").hp == 25
    c = man("c", "red", 7, 4, 3, right="longsword")
    b.fighters.append(c)
    assert armour_class(b, b.fighter("t"), c)[0] == 13  # against every melee attacker in staff defence
    b = duel({"right": "longsword"}, {"stats": {"HP": 30}, "right": "quarterstaff"})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [2])
    assert rolls(ev)[0]["dc"] == 12 and dcmod(rolls(ev)[0], "S4-STAFF-4") is None  # no magic: +1 only
