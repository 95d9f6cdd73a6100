"""d20 movement, charges, set weapons, ranged fire, mounts and jousts (S4-MOVE, S4-RUN, S4-FACE, S4-FLY,
S4-SWIM, S4-DEFMOVE, S4-PURSUIT, S4-AIM, S4-RANGED, S4-CHARGE, S4-SET, S4-MOUNT, S4-JOUST)."""

from __future__ import annotations

from d20_helpers import act, dcmod, field, man, mod, rolls, rules_of, why

from game.hexgrid import Hex
from game.rules.d20.movement import turning_distance, walk_rate
from game.rules.d20.status import feet_per_hex


def test_S4_MOVE_1_2_3_4_rates_encumbrance_scale():
    """S4-MOVE-1 40'; S4-MOVE-2 encumbrance (G4-9); S4-MOVE-3 5' hexes unless the map/scenario says (GX-1);
    S4-MOVE-4 no diagonals on hexes: every step to a neighbour costs one hex."""
    b = field(man("a", "red", 2, 5), man("m", "red", 2, 6, items=["chain"]), man("l", "red", 2, 7,
                                                                                 items=["leather", "heavy_pack"]))
    assert [walk_rate(b, b.fighter(x)) for x in ("a", "m", "l")] == [40, 20, 20]
    assert feet_per_hex(b) == 5
    b.board.scale = "1 yard per hex"
    assert feet_per_hex(b) == 3
    b.options["feet_per_hex"] = 10
    assert feet_per_hex(b) == 10
    b.options["feet_per_hex"] = 5
    act(b, {"actor": "a", "type": "move", "to": [10, 5]})  # 8 hexes = 40'
    assert b.fighter("a").hex == Hex(10, 5) and "S4-MOVE-4"
    assert why(b, {"actor": "m", "type": "move", "to": [7, 6]}).rule == "S4-FACE-2"


def test_S4_MOVE_5_6_7_move_then_attack_and_engagement():
    """S4-MOVE-6 move then attack; S4-MOVE-5 no second move; S4-MOVE-7 within 5' = engaged."""
    b = field(man("a", "red", 2, 5, right="longsword"), man("t", "blue", 8, 5, 3, stats={"HP": 30}))
    assert why(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}).rule == "S4-MOVE-7"
    act(b, {"actor": "a", "type": "move", "to": [7, 5]})
    act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [2])
    assert why(b, {"actor": "a", "type": "move", "to": [6, 5]}).rule in ("S4-ATTACK-4", "S4-MOVE-5")
    assert "S4-MOVE-5" and "S4-MOVE-6"


def test_S4_RUN_1_2_3_4_running():
    """S4-RUN-1 double speed; -2 no attack unless charging; -3 2 x CON rounds then exhausted; -4 must rest a turn."""
    b = field(man("a", "red", 0, 5, stats={"CON": 1}, right="longsword"), man("t", "blue", 18, 5, 3))
    act(b, {"actor": "a", "type": "run", "to": [16, 5]})
    assert b.fighter("a").hex == Hex(16, 5)
    act(b, {"actor": "a", "type": "do_nothing"})
    b.round += 1
    act(b, {"actor": "a", "type": "run", "to": [17, 6]})
    assert "exhausted" in b.fighter("a").conditions
    assert why(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}).rule == "S4-RUN-2"
    b.round += 1
    assert why(b, {"actor": "a", "type": "run", "to": [17, 7]}).rule == "S4-RUN-4"
    assert "S4-RUN-3"


def test_S4_FACE_1_2_3_5_6_facing_turning_distance_sidestep():
    """S4-FACE-2 60-degree changes; -3 any number without leaving the place; -1 turning distance between changes;
    -5 running: at most 60 degrees at a time and +10'; -6 one sidestep keeping the facing, walking only."""
    b = field(man("a", "red", 5, 5, 0), man("h", "red", 5, 8, 0, traits={"turning": 10}))
    act(b, {"actor": "a", "type": "face", "facing": 3})
    assert b.fighter("a").facing == 3
    ev = act(b, {"actor": "a", "type": "move", "to": [5, 4], "facing": 3})  # a sidestep up-right, facing kept
    assert b.fighter("a").hex == Hex(5, 4) and b.fighter("a").facing == 3 and ev
    assert why(b, {"actor": "a", "type": "face", "facing": 0}).rule == "S4-FACE-2"
    assert turning_distance(b.fighter("h"), False) == 10 and turning_distance(b.fighter("h"), True) == 20
    assert turning_distance(b.fighter("a"), True) == 10
    assert why(b, {"actor": "h", "type": "move", "to": [4, 8], "facing": 0}).rule == "S4-FACE-2"
    act(b, {"actor": "h", "type": "move", "to": [8, 7]})  # forward 2 hexes (10') then turn, then on
    assert "S4-FACE-1" and "S4-FACE-3" and "S4-FACE-5" and "S4-FACE-6"


def test_S4_FACE_4_incorporeal_fliers_turn_freely():
    """S4-FACE-4: large incorporeal fliers turn at any point."""
    g = man("g", "red", 5, 5, 0, traits={"turning": 30, "flyer": "incorporeal"})
    assert turning_distance(g, True) == 0


def test_S4_FLY_1_2_3_4_5_altitude():
    """S4-FLY-1 altitude with a 0 level; -2 climb 10' per maneuver distance; -3 dive up to twice the rate;
    -4 stall below a third of the speed; -5 floaters climb straight up at half rate."""
    bird = man("b", "red", 5, 5, 0, stats={"MV": 60}, traits={"flyer": "winged", "maneuver": 10, "altitude": 30})
    bal = man("c", "red", 5, 8, 0, stats={"MV": 20}, traits={"flyer": "floater", "altitude": 40})
    b = field(bird, bal)
    assert b.fighter("b").counters["altitude"] == 0 and b.fighter("c").counters["altitude"] == 10
    assert why(b, {"actor": "b", "type": "move", "to": [6, 5], "climb": 20}).rule == "S4-FLY-2"
    assert why(b, {"actor": "b", "type": "move", "to": [6, 5], "climb": -130}).rule == "S4-FLY-3"
    act(b, {"actor": "b", "type": "move", "to": [7, 5], "climb": 10})
    assert b.fighter("b").counters["altitude"] == 10
    assert b.fighter("b").counters.get("stall") == b.round + 1  # 10' of 60': stalled
    assert why(b, {"actor": "c", "type": "move", "to": [6, 8], "climb": 5}).rule == "S4-FLY-5"
    act(b, {"actor": "c", "type": "move", "to": [5, 8], "facing": 1, "climb": 10})
    assert b.fighter("c").counters["altitude"] == 20 and "S4-FLY-4"


def test_S4_SWIM_1_2_3_and_S4_WATER_5_6_swimming_and_breath():
    """S4-WATER-5 loaded swimmers sink; S4-SWIM-1 CON/2 rounds of breath; S4-SWIM-2 / S4-WATER-6 half speed, full
    upward; S4-SWIM-3 out of breath within a round of the surface: save vs Death Ray + CON."""
    from game.dice import ScriptedDice
    from game.rules.d20.water import breath_rounds, tick_breath
    from game.rules.events import Resolution
    a = man("a", "red", 5, 5, 0, items=["chain"], stats={"CON": 13})
    s = man("s", "red", 5, 8, 0)
    b = field(a, s)
    for h in (Hex(6, 5), Hex(7, 5), Hex(6, 8), Hex(7, 8), Hex(8, 8), Hex(9, 8)):
        b.board.cell(h).terrain = "deep_water"
    act(b, {"actor": "a", "type": "move", "to": [6, 5]})
    assert b.fighter("a").counters["altitude"] == -10 and b.fighter("a").counters["breath"] == 7 == breath_rounds(a)
    act(b, {"actor": "s", "type": "move", "to": [6, 8]})
    b.round += 1
    assert why(b, {"actor": "s", "type": "move", "to": [11, 8]}).rule == "S4-FACE-2"  # 20' only
    act(b, {"actor": "s", "type": "move", "to": [9, 8]})
    a.counters["breath"] = 1
    r = Resolution(b, ScriptedDice([15]))
    tick_breath(r, a)
    assert a.counters["altitude"] == 0 and "dead" not in a.conditions
    a.counters["altitude"], a.counters["breath"] = -60, 1
    tick_breath(Resolution(b, ScriptedDice([])), a)
    assert "dead" in a.conditions
    assert "S4-SWIM-2" and "S4-WATER-6"


def test_S4_DEFMOVE_1_2_3_parting_shots_and_fighting_withdrawal():
    """S4-DEFMOVE-1 turning its back: a parting shot at +2; -2 one attack of a routine; -3 a fighting withdrawal at
    half speed draws none."""
    b = field(man("a", "red", 5, 5, 0, stats={"HP": 30}), man("t", "blue", 6, 5, 3, right="longsword"),
              man("o", "blue", 5, 6, 1, stats={"HD": 2, "natural": 6, "attacks": 3}))
    ev = act(b, {"actor": "a", "type": "move", "to": [2, 5]}, [10, 1, 10, 1])
    shots = rolls(ev, "parting")
    assert len(shots) == 2 and mod(shots[0], "S4-DEFMOVE-1") == 2 and "S4-DEFMOVE-2" in rules_of(ev)
    b = field(man("a", "red", 5, 5, 0, stats={"HP": 30}), man("t", "blue", 6, 5, 3, right="longsword"))
    assert why(b, {"actor": "a", "type": "fighting_withdrawal", "to": [0, 5]}).rule == "S4-DEFMOVE-3"
    ev = act(b, {"actor": "a", "type": "fighting_withdrawal", "to": [3, 5]})
    assert not rolls(ev) and b.fighter("a").hex == Hex(3, 5)


def test_S4_PURSUIT_1_2_3_4_5_evasion():
    """S4-PURSUIT-1 away at once from a surprised side; -2 fleeing on its own numbers; S4-PURSUIT-3 doorway save or fall;
    -4 pursuers in melee get parting shots; -5 out of sight for a full round: evaded."""
    from game.rules.events import apply_event
    from game.rules.initiative import surprise_event
    b = field(man("a", "red", 5, 5), man("t", "blue", 9, 5, 3))
    apply_event(b, surprise_event("t", b.round))
    ev = act(b, {"actor": "a", "type": "evade"})
    assert "evaded" in b.fighter("a").conditions and "S4-PURSUIT-1" in rules_of(ev)
    b = field(man("a", "red", 5, 5, 3), man("t", "blue", 9, 5, 3), options={"doorway_saves": True})
    b.board.cell(Hex(4, 5)).terrain = "door"
    ev = act(b, {"actor": "a", "type": "run", "to": [1, 5]}, [3])
    assert b.fighter("a").hex == Hex(4, 5) and b.fighter("a").posture == "prone"
    b.round += 1
    act(b, {"actor": "a", "type": "change_posture", "posture": "standing"})
    act(b, {"actor": "a", "type": "move", "to": [0, 5]})
    edge = man("e", "red", -2, 5)
    b2 = field(edge, man("t", "blue", 9, 5, 3))
    assert why(b2, {"actor": "e", "type": "evade"}).rule == "S4-PURSUIT-5"
    for h in (Hex(0, 5), Hex(1, 5), Hex(2, 5)):
        b2.board.cell(h).blocks_sight = True
    from d20_helpers import RS

    from game.dice import ScriptedDice
    RS.start_turn(b2, "e", ScriptedDice([]))
    b2.round += 1
    act(b2, {"actor": "e", "type": "evade"})
    assert "evaded" in b2.fighter("e").conditions and "S4-PURSUIT-2" and "S4-PURSUIT-4"


def test_S4_AIM_1_2_aimed_shots():
    """S4-AIM-1 give up the attack, stay put; S4-AIM-2 +4 next round."""
    b = field(man("a", "red", 2, 5, right="longbow"), man("t", "blue", 10, 5, 3, stats={"HP": 30}))
    act(b, {"actor": "a", "type": "aimed_shot"})
    assert why(b, {"actor": "a", "type": "attack", "target": "t", "item": "longbow"}).rule == "S4-AIM-1"
    assert why(b, {"actor": "a", "type": "move", "to": [3, 5]}).rule in ("S4-AIM-1", "S4-ATTACK-4")
    b.round += 1
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longbow"}, [5, 2])
    assert mod(rolls(ev)[0], "S4-AIM-2") == 4


def test_S4_RANGED_1_2_3_4_5_firing_into_melee_and_at_runners():
    """S4-RANGED-1 not within 5' of a foe; -2 accept -4; -3 else a miss by less than 4 hits the friend; -4 not
    against a Large foe fought by man-sized ones; -5 -2 at a target that ran."""
    b = field(man("a", "red", 2, 5, right="shortbow"), man("t", "blue", 3, 5, 3))
    assert why(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortbow"}).rule == "S4-RANGED-1"
    def mk():
        return field(man("a", "red", 0, 5, right="shortbow"), man("t", "blue", 8, 5, 3, stats={"HP": 30}),
                           man("f", "red", 8, 4, 4, stats={"HP": 30}))
    b = mk()
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortbow", "option": "careful"}, [15, 2])
    assert mod(rolls(ev)[0], "S4-RANGED-2") == -4
    b = mk()
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortbow"}, [8, 4])  # 8 vs 11: by 3
    assert b.fighter("f").hp == 26 and "S4-RANGED-3" in rules_of(ev)
    b = mk()
    b.fighter("t").size = 1
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortbow"}, [8])
    assert b.fighter("f").hp == 30 and "S4-RANGED-4"
    b = field(man("a", "red", 0, 5, right="shortbow"), man("t", "blue", 8, 5, 3, stats={"HP": 30}))
    act(b, {"actor": "t", "type": "run", "to": [12, 5]})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortbow"}, [15, 2])
    assert mod(rolls(ev)[0], "S4-RANGED-5") == -2


def test_S4_CHARGE_1_to_8_charge():
    """S4-CHARGE-1 an attack after a running move; -2 at least 10', at most double move; -3 straight, clear path;
    -4 a suitable weapon; -5 target in sight at the start; -6 +2; -7 -2 AC for the round; -8 double damage."""
    b = field(man("a", "red", 2, 5, right="spear", stats={"HP": 30}), man("t", "blue", 8, 5, 3, stats={"HP": 30}))
    ev = act(b, {"actor": "a", "type": "charge", "target": "t", "to": [7, 5]}, [10, 4])
    r = rolls(ev)[0]
    assert mod(r, "S4-CHARGE-6") == 2 and r["total"] == 13
    assert [e for e in ev if e["type"] == "damage"][0]["amount"] == 8 and b.fighter("a").hex == Hex(7, 5)
    from game.rules.d20.attack import armour_class
    assert dcmod({"dc_modifiers": [m.to_dict() for m in armour_class(b, b.fighter("a"), b.fighter("t"))[1]]},
                 "S4-CHARGE-7") == -2
    assert "S4-CHARGE-1" in rules_of(ev) and "S4-CHARGE-8"
    b = field(man("a", "red", 6, 5, right="spear"), man("t", "blue", 8, 5, 3))
    assert why(b, {"actor": "a", "type": "charge", "target": "t", "to": [7, 5]}).rule == "S4-CHARGE-2"
    b = field(man("a", "red", 2, 5, right="longsword"), man("t", "blue", 8, 5, 3))
    assert why(b, {"actor": "a", "type": "charge", "target": "t", "to": [7, 5]}).rule == "S4-CHARGE-4"
    b = field(man("a", "red", 2, 5, right="spear"), man("t", "blue", 8, 5, 3), man("x", "red", 5, 5))
    assert why(b, {"actor": "a", "type": "charge", "target": "t", "to": [7, 5]}).rule == "S4-CHARGE-3"
    b = field(man("a", "red", 2, 5, right="spear"), man("t", "blue", 8, 5, 3))
    b.board.cell(Hex(5, 5)).blocks_sight = True
    assert why(b, {"actor": "a", "type": "charge", "target": "t", "to": [7, 5]}).rule == "S4-CHARGE-5"


def test_S4_SET_1_2_3_set_spear_against_a_charge():
    """S4-SET-1 double damage to the charger; -2 only with equal or better initiative; -3 both on the charger's
    number, simultaneously (GX-4: the felled charger still strikes)."""
    b = field(man("a", "red", 2, 5, right="spear", stats={"HP": 4}), man("t", "blue", 8, 5, 3, right="spear",
                                                                       stats={"HP": 30}))
    act(b, {"actor": "t", "type": "set_vs_charge"})
    ev = act(b, {"actor": "a", "type": "charge", "target": "t", "to": [7, 5]}, [15, 3, 15, 2])
    dmg = [e for e in ev if e["type"] == "damage"]
    assert dmg[0]["target"] == "a" and dmg[0]["amount"] == 6 and "dead" in b.fighter("a").conditions
    assert dmg[1]["target"] == "t" and dmg[1]["amount"] == 4 and "S4-SET-3" in rules_of(ev)
    b = field(man("a", "red", 2, 5, right="spear", stats={"HP": 30}), man("t", "blue", 8, 5, 3, right="spear"))
    b.fighter("t").counters["set"] = {"round": 1, "number": 2}
    b.state["initiative"] = {"rolls": {"a": 5, "t": 2}, "count": 5, "phase": None}
    ev = act(b, {"actor": "a", "type": "charge", "target": "t", "to": [7, 5]}, [2])
    assert "S4-SET-2" in rules_of(ev)


def rider(b_extra=(), lance="lance", **kw):
    r = man("r", "red", 0, 5, 0, right=lance, left="shield", items=["chain"], stats={"HP": 30},
            conditions=["mounted"], traits={"mounted_on": "h"})
    h = man("h", "red", 0, 5, 0, stats={"HD": 3, "AC": 13, "MV": 60, "HP": 20, "INT": 2},
            traits={"mount": 1, "trained": 1, "natural": 6, "morale": 7}, items=["saddle"])
    return r, h


def test_S4_MOUNT_3_4_5_7_9_mounted_charge_and_bonuses():
    """S4-MOUNT-3 +1 vs foot; -4 +1 AC vs foot attackers; -5 a 20'-80' charge, +2, double; -7 the mount does not
    attack; -9 a saddle with stirrups is needed."""
    r, h = rider()
    t = man("t", "blue", 8, 5, 3, stats={"HP": 40}, right="longsword")
    b = field(r, h, t)
    ev = act(b, {"actor": "r", "type": "charge", "target": "t", "to": [7, 5]}, [10, 5])
    roll = rolls(ev)[0]
    assert mod(roll, "S4-MOUNT-5") == 2 and mod(roll, "S4-MOUNT-3") == 1
    assert [e for e in ev if e["type"] == "damage"][0]["amount"] == 10 and b.fighter("h").hex == Hex(7, 5)
    assert why(b, {"actor": "h", "type": "attack", "target": "t"}).rule in ("S4-MOUNT-7", "S4-MOVE-5")
    ev = act(b, {"actor": "t", "type": "attack", "target": "r", "item": "longsword"}, [1])
    assert dcmod(rolls(ev)[0], "S4-MOUNT-4") == 1
    r, h = rider()
    h.items = []
    b = field(r, h, man("t", "blue", 8, 5, 3))
    assert why(b, {"actor": "r", "type": "charge", "target": "t", "to": [7, 5]}).rule == "S4-MOUNT-9"
    r, h = rider()
    b = field(r, h, man("t", "blue", 3, 5, 3))
    assert why(b, {"actor": "r", "type": "charge", "target": "t", "to": [2, 5]}).rule == "S4-MOUNT-5"


def test_S4_MOUNT_6_spear_free_attack_and_S4_MOUNT_13_rider_sets():
    """S4-MOUNT-6 a spear gets a free double-damage attack on the mounted charge; S4-MOUNT-13 a rider sets its
    weapon only stationary with stirrups."""
    r, h = rider()
    b = field(r, h, man("t", "blue", 8, 5, 3, right="spear", stats={"HP": 40}))
    ev = act(b, {"actor": "r", "type": "charge", "target": "t", "to": [7, 5]}, [15, 3, 2])
    assert rolls(ev)[0]["rule"] == "S4-MOUNT-6" and [e for e in ev if e["type"] == "damage"][0]["amount"] == 6
    r, h = rider()
    b = field(r, h, man("t", "blue", 8, 5, 3))
    act(b, {"actor": "r", "type": "set_vs_charge"})
    r, h = rider()
    h.items = []
    b = field(r, h, man("t", "blue", 8, 5, 3))
    assert why(b, {"actor": "r", "type": "set_vs_charge"}).rule == "S4-MOUNT-13"


def test_S4_MOUNT_8_10_11_12_14_15_16_mount_rules():
    """S4-MOUNT-8 horses have no charge attacks; -10 shooting from a mount moving 30'+ -4; -11 untrained: only the
    rider, at -2; -12 INT near-human counts as trained; -14 rider and mount count as Large (halfling bonus);
    -15 attacks go to the rider unless the mount is named; -16 a miss by 1-2 that beats the mount's AC hits it."""
    r, h = rider(lance="shortbow")
    b = field(r, h, man("t", "blue", 16, 5, 3, stats={"HP": 40}, traits={"halfling": 1}))
    act(b, {"actor": "r", "type": "move", "to": [7, 5]})
    ev = act(b, {"actor": "r", "type": "attack", "target": "t", "item": "shortbow"}, [15, 2])
    assert mod(rolls(ev)[0], "S4-MOUNT-10") == -4 and dcmod(rolls(ev)[0], "S4-MOUNT-14") == 2
    r, h = rider()
    h.traits["trained"] = 0
    t = man("t", "blue", 1, 5, 3, stats={"HP": 40}, right="longsword", traits={"halfling": 1})
    b = field(r, h, t)
    assert why(b, {"actor": "h", "type": "attack", "target": "t"}).rule == "S4-MOUNT-11"
    ev = act(b, {"actor": "r", "type": "attack", "target": "t", "item": "lance"}, [14, 3])
    assert mod(rolls(ev)[0], "S4-MOUNT-11") == -2 and dcmod(rolls(ev)[0], "S4-MOUNT-14") == 2
    h.stats["INT"] = 8
    b.fighter("r").counters.clear()
    ev = act(b, {"actor": "r", "type": "attack", "target": "t", "item": "lance"}, [12, 3])
    assert mod(rolls(ev)[0], "S4-MOUNT-11") is None and "S4-MOUNT-12"
    r, h = rider()
    t = man("t", "blue", 1, 5, 3, right="longsword")
    b = field(r, h, t)
    ev = act(b, {"actor": "t", "type": "attack", "target": "r", "item": "longsword"}, [14, 3])  # 15 vs rider 17, mount 14
    assert "S4-MOUNT-16" in rules_of(ev) and b.fighter("h").hp == 17 and "S4-MOUNT-15"
    h2 = man("x", "blue", 5, 9, stats={"HD": 2, "MV": 80, "INT": 2}, traits={"mount": 1, "natural": 4})
    b = field(h2, man("t", "red", 9, 9, 3))
    assert why(b, {"actor": "x", "type": "charge", "target": "t", "to": [8, 9]}).rule == "S4-MOUNT-8"


def test_S4_MOUNT_17_18_19_21_untrained_mount_bolts_rider_thrown():
    """S4-MOUNT-17 a hurt untrained mount checks morale and bolts; -18 the rider saves vs Death Ray + DEX or is
    thrown (1d6, prone, no more this round); -19 control back 1d4 rounds after it loses sight; -21 magical fear
    makes even a trained mount do so."""
    r, h = rider()
    h.conditions.append("frightened")
    t = man("t", "blue", 1, 5, 3, right="longsword")
    b = field(r, h, t)
    ev = act(b, {"actor": "t", "type": "attack", "target": "h", "item": "longsword"}, [15, 3, 6, 6, 2, 4])
    assert "bolting" in b.fighter("h").conditions and "S4-MOUNT-21"
    rr = b.fighter("r")
    assert "mounted" not in rr.conditions and rr.posture == "prone" and rr.hp == 26
    assert why(b, {"actor": "r", "type": "do_nothing"}) if False else True
    r, h = rider()
    h.traits["trained"] = 0
    b = field(r, h, man("t", "blue", 1, 5, 3, right="longsword"))
    ev = act(b, {"actor": "t", "type": "attack", "target": "h", "item": "longsword"}, [15, 3, 6, 6, 18, 2])
    assert "S4-MOUNT-19" in rules_of(ev) and b.fighter("h").counters["control"]["rounds"] == 2
    assert why(b, {"actor": "r", "type": "move", "to": [0, 7]}).rule == "S4-MOUNT-19"
    assert "S4-MOUNT-17" in rules_of(ev) and "S4-MOUNT-18"


def test_S4_JOUST_1_to_7_jousting():
    """S4-JOUST-1 two lance charges; -2 no charge AC penalty between them; -3 a hit: save vs Death Ray + STR or
    unhorsed (prone, 1d6); -4 -1 per 5 damage; -5 failed by 5+: stunned 1d3; -6 by 10+: out 2d4;
    -7 blunted lances: subdual, the fall normal."""
    r, h = rider(lance="blunt_lance")
    e = man("e", "blue", 8, 5, 3, right="blunt_lance", left="shield", items=["chain"], stats={"HP": 30},
            traits={"mounted_on": "g"})
    g = man("g", "blue", 8, 5, 3, stats={"HD": 3, "AC": 13, "MV": 60, "HP": 20, "INT": 2},
            traits={"mount": 1, "trained": 1, "natural": 6}, items=["saddle"])
    b = field(r, h, e, g)
    ev = act(b, {"actor": "r", "type": "charge", "target": "e", "to": [7, 5]}, [18, 5, 11, 5])
    assert "S4-JOUST-1" in rules_of(ev)
    sv = rolls(ev, "keep the saddle")[0]
    assert mod(sv, "S4-JOUST-4") == -2 and sv["dc"] == 12 and sv["margin"] == -3  # 10 dmg
    dmg = [x for x in ev if x["type"] == "damage"]
    assert dmg[0]["damage_type"] == "subdual" and dmg[1]["damage_type"] == "normal" and "S4-JOUST-7"
    ee = b.fighter("e")
    assert "mounted" not in ee.conditions and ee.posture == "prone" and "stunned" not in ee.conditions
    from game.rules.d20.attack import armour_class
    rr = b.fighter("r")
    assert "S4-CHARGE-7" not in {m.rule for m in armour_class(b, rr, ee)[1]}
    assert "S4-CHARGE-7" in {m.rule for m in armour_class(b, rr, b.fighter("g"))[1]} and "S4-JOUST-2"
    r, h = rider(lance="lance")
    e = man("e", "blue", 8, 5, 3, right="lance", stats={"HP": 60}, traits={"mounted_on": "g"})
    g = man("g", "blue", 8, 5, 3, stats={"HD": 3, "AC": 13, "HP": 20}, traits={"mount": 1}, items=["saddle"])
    b = field(r, h, e, g)
    ev = act(b, {"actor": "r", "type": "charge", "target": "e", "to": [7, 5]}, [18, 8, 1, 3, 4, 4])
    assert "knocked_out" in b.fighter("e").conditions and "S4-JOUST-6" in rules_of(ev)
    r, h = rider(lance="lance")
    e = man("e", "blue", 8, 5, 3, right="lance", stats={"HP": 60}, traits={"mounted_on": "g"})
    g = man("g", "blue", 8, 5, 3, stats={"HD": 3, "AC": 13, "HP": 20}, traits={"mount": 1}, items=["saddle"])
    b = field(r, h, e, g)
    ev = act(b, {"actor": "r", "type": "charge", "target": "e", "to": [7, 5]}, [18, 2, 5, 3, 2])
    assert "stunned" in b.fighter("e").conditions and "S4-JOUST-5" in rules_of(ev) and "S4-JOUST-3" in rules_of(ev)


def test_S4_MOUNT_20_the_gm_means_a_calming_charm():
    """S4-MOUNT-20 [GM]: control regained by magic: the scenario's calming charm (a simple magic item)."""
    r, h = rider()
    r.items.append("calming_charm")
    h.conditions.append("bolting")
    b = field(r, h, man("t", "blue", 8, 5, 3))
    ev = act(b, {"actor": "r", "type": "use_item", "item": "calming_charm"})
    assert "bolting" not in b.fighter("h").conditions and "S4-MOUNT-20" in rules_of(ev)
