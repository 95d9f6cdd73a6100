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
    assert b.fighter("a").hex == Hex(10, 5) and b.fighter("a").counters["moved"]["feet"] == 40
    assert why(b, {"actor": "m", "type": "move", "to": [7, 6]}).rule == "S4-FACE-2"


def test_S4_MOVE_4_no_diagonals_on_hexes_every_step_costs_five_feet():
    """S4-MOVE-4: on a square grid diagonal steps cost 5' and 10' alternately (8 diagonal steps = 60'); on hexes
    every one of the six directions is a plain 5' step: 8 hexes along any line cost 40', a 9th is out of reach."""
    from game.hexgrid import hex_neighbor
    from game.model import Board
    for d in range(6):
        b = field(man("a", "red", 12, 8, d), man("x", "blue", 0, 0), board=Board.open_field(0, 0))
        far = Hex(12, 8)
        for _ in range(8):
            far = hex_neighbor(far, (d + 1) % 6)  # a line 60 degrees off its facing: one turn, then 8 steps
        act(b, {"actor": "a", "type": "move", "to": [far.q, far.r]})
        assert b.fighter("a").hex == far and b.fighter("a").counters["moved"]["feet"] == 40
        b = field(man("a", "red", 12, 8, d), man("x", "blue", 0, 0), board=Board.open_field(0, 0))
        beyond = hex_neighbor(far, (d + 1) % 6)
        assert why(b, {"actor": "a", "type": "move", "to": [beyond.q, beyond.r]}).rule == "S4-FACE-2"


def test_S4_MOVE_5_6_7_move_then_attack_and_engagement():
    """S4-MOVE-7 more than 5' apart: no attack; S4-MOVE-6 up to the encounter move (40') then an attack in range;
    S4-MOVE-5 after moving and attacking no more moving until its next turn (and no second move)."""
    b = field(man("a", "red", 2, 5, right="longsword"), man("t", "blue", 11, 5, 3, stats={"HP": 30}))
    assert why(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}).rule == "S4-MOVE-7"
    assert why(b, {"actor": "a", "type": "move", "to": [11, 4]}).rule == "S4-FACE-2"  # 45': beyond 40'
    act(b, {"actor": "a", "type": "move", "to": [10, 5]})  # 8 hexes = 40', now within 5'
    assert b.fighter("a").counters["moved"]["feet"] == 40
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [12, 5])
    r = rolls(ev, "attacks")[0]
    assert (r["base"], r["dc"], r["total"], r["success"]) == (1, 11, 13, True) and b.fighter("t").hp == 25
    assert why(b, {"actor": "a", "type": "move", "to": [9, 5]}).rule == "S4-MOVE-5"
    assert why(b, {"actor": "a", "type": "fighting_withdrawal", "to": [9, 5]}).rule == "S4-MOVE-5"
    b.round += 1  # its next turn: it may move again (t holds no weapon: no parting shot)
    act(b, {"actor": "a", "type": "move", "to": [9, 5]})
    assert b.fighter("a").hex == Hex(9, 5)
    assert why(b, {"actor": "a", "type": "move", "to": [8, 5]}).rule == "S4-MOVE-5"  # one move a round


def test_S4_RUN_1_2_4_running():
    """S4-RUN-1 double speed (80'); -2 no attack after running unless charging; -4 exhausted: no running."""
    b = field(man("a", "red", 0, 5, stats={"CON": 1}, right="longsword"), man("t", "blue", 18, 5, 3))
    assert why(b, {"actor": "a", "type": "run", "to": [17, 5]}).rule == "S4-FACE-2"  # 85'
    act(b, {"actor": "a", "type": "run", "to": [16, 5]})
    assert b.fighter("a").hex == Hex(16, 5) and b.fighter("a").counters["moved"]["feet"] == 80
    act(b, {"actor": "a", "type": "do_nothing"})
    b.round += 1
    act(b, {"actor": "a", "type": "run", "to": [17, 6]})
    assert "exhausted" in b.fighter("a").conditions
    assert why(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}).rule == "S4-RUN-2"
    b.round += 1
    assert why(b, {"actor": "a", "type": "run", "to": [17, 7]}).rule == "S4-RUN-4"


def test_S4_RUN_3_two_times_con_rounds_then_exhausted_and_walking_only():
    """S4-RUN-3: CON 3 runs 6 rounds; the 6th makes it exhausted; then it may only walk (no run, no charge)."""
    b = field(man("a", "red", 0, 5, stats={"CON": 3}, right="spear"), man("t", "blue", 20, 5, 3))
    b.fighter("a").counters["run_rounds"] = 4
    ev = act(b, {"actor": "a", "type": "run", "to": [2, 5]})
    assert b.fighter("a").counters["run_rounds"] == 5 and "exhausted" not in b.fighter("a").conditions
    assert not [e for e in ev if e["type"] == "condition"]
    b.round += 1
    ev = act(b, {"actor": "a", "type": "run", "to": [4, 5]})
    cond = [e for e in ev if e["type"] == "condition"]
    assert b.fighter("a").counters["run_rounds"] == 6 and "exhausted" in b.fighter("a").conditions
    assert len(cond) == 1 and cond[0]["rule"] == "S4-RUN-3"
    b.round += 1
    assert why(b, {"actor": "a", "type": "run", "to": [6, 5]}).rule == "S4-RUN-4"
    assert why(b, {"actor": "a", "type": "charge", "target": "t", "to": [19, 5]}).rule == "S4-RUN-3"
    act(b, {"actor": "a", "type": "move", "to": [12, 5]})  # walking: the full 40'
    assert b.fighter("a").hex == Hex(12, 5)


def test_S4_FACE_2_3_turning_in_place_and_after_moving():
    """S4-FACE-3: without leaving its place a fighter turns any number of times, 180 degrees at once included;
    S4-FACE-2: after moving, one 60-degree change at a time."""
    b = field(man("a", "red", 5, 5, 0), man("x", "blue", 20, 1))
    ev = act(b, {"actor": "a", "type": "face", "facing": 3})
    assert b.fighter("a").facing == 3 and [e["rule"] for e in ev if e["type"] == "face"] == ["S4-FACE-3"]
    act(b, {"actor": "a", "type": "face", "facing": 1})
    act(b, {"actor": "a", "type": "face", "facing": 4})
    assert b.fighter("a").facing == 4
    act(b, {"actor": "a", "type": "move", "to": [4, 6], "facing": 4})
    assert why(b, {"actor": "a", "type": "face", "facing": 2}).rule == "S4-FACE-2"  # 120 degrees
    ev = act(b, {"actor": "a", "type": "face", "facing": 3})
    assert b.fighter("a").facing == 3 and [e["rule"] for e in ev if e["type"] == "face"] == ["S4-FACE-2"]


def test_S4_FACE_1_turning_distance_between_facing_changes():
    """S4-FACE-1: a horse (turning distance 10') travels 10' before each new facing change: it cannot make the
    two turns a man makes within 10'; a facing change after 5' is refused, after 10' allowed."""
    man_ = man("a", "red", 5, 8, 0)
    b = field(man_, man("x", "blue", 20, 1))
    ev = act(b, {"actor": "a", "type": "move", "to": [5, 6], "facing": 0})  # turn, 2 steps, turn back: 10'
    assert b.fighter("a").hex == Hex(5, 6) and b.fighter("a").facing == 0
    horse = man("h", "red", 5, 8, 0, traits={"turning": 10})
    b = field(horse, man("x", "blue", 20, 1))
    assert why(b, {"actor": "h", "type": "move", "to": [5, 6], "facing": 0}).rule == "S4-FACE-2"
    act(b, {"actor": "h", "type": "move", "to": [6, 8]})  # 5' straight on
    assert why(b, {"actor": "h", "type": "face", "facing": 1}).rule == "S4-FACE-1"
    b = field(man("h", "red", 5, 8, 0, traits={"turning": 10}), man("x", "blue", 20, 1))
    act(b, {"actor": "h", "type": "move", "to": [7, 8]})  # 10'
    ev = act(b, {"actor": "h", "type": "face", "facing": 1})
    assert b.fighter("h").facing == 1 and ev[0]["rule"] == "S4-FACE-2"


def test_S4_FACE_5_running_turning_distance_grows_by_ten_feet():
    """S4-FACE-5: running, turns come at most 60 degrees at a time and the turning distance grows by 10' (none or
    5' -> 10'; 10' -> 20'): a runner makes two turns 10' apart, a running horse cannot; after a 5' run no turn."""
    assert [turning_distance(man("x", "r", 0, 0, traits={"turning": t}), True) for t in (0, 5, 10)] == [10, 10, 20]
    b = field(man("a", "red", 5, 8, 0), man("x", "blue", 20, 1))
    act(b, {"actor": "a", "type": "run", "to": [7, 6], "facing": 2})  # turn, 5', 5', turn (10' apart)
    assert b.fighter("a").hex == Hex(7, 6) and b.fighter("a").facing == 2
    b = field(man("h", "red", 5, 8, 0, traits={"turning": 10}), man("x", "blue", 20, 1))
    assert why(b, {"actor": "h", "type": "run", "to": [7, 6], "facing": 2}).rule == "S4-FACE-2"
    act(b, {"actor": "h", "type": "move", "to": [7, 6], "facing": 2})  # walking, the same path is fine
    b = field(man("a", "red", 5, 8, 0), man("x", "blue", 20, 1))
    act(b, {"actor": "a", "type": "run", "to": [6, 8]})
    assert why(b, {"actor": "a", "type": "face", "facing": 1}).rule == "S4-FACE-1"  # 5' run < 10'
    assert why(b, {"actor": "a", "type": "face", "facing": 2}).rule == "S4-FACE-2"  # never over 60 degrees
    b = field(man("a", "red", 5, 8, 0), man("x", "blue", 20, 1))
    act(b, {"actor": "a", "type": "move", "to": [6, 8]})
    act(b, {"actor": "a", "type": "face", "facing": 1})  # walking: no turning distance


def test_S4_FACE_6_one_sidestep_keeping_the_facing_walking_only():
    """S4-FACE-6: one space sideways keeping the facing (5' here), at walking speed only; not two."""
    b = field(man("a", "red", 5, 8, 0), man("x", "blue", 20, 1))
    act(b, {"actor": "a", "type": "move", "to": [5, 7], "facing": 0})
    moved = b.fighter("a").counters["moved"]
    assert b.fighter("a").hex == Hex(5, 7) and b.fighter("a").facing == 0
    assert (moved["feet"], moved["sidestep"]) == (5, True)
    b = field(man("a", "red", 5, 8, 0, stats={"MV": 10}), man("x", "blue", 20, 1))  # runs 20': no way round
    assert why(b, {"actor": "a", "type": "run", "to": [5, 7], "facing": 0}).rule == "S4-FACE-2"
    act(b, {"actor": "a", "type": "move", "to": [5, 7], "facing": 0})  # walking: the sidestep
    b = field(man("h", "red", 5, 8, 0, traits={"turning": 10}), man("x", "blue", 20, 1))
    act(b, {"actor": "h", "type": "move", "to": [6, 7], "facing": 0})  # one sidestep
    assert b.fighter("h").counters["moved"]["sidestep"] is True
    b = field(man("h", "red", 5, 8, 0, traits={"turning": 10}), man("x", "blue", 20, 1))
    assert why(b, {"actor": "h", "type": "move", "to": [5, 6], "facing": 0}).rule == "S4-FACE-2"  # two: no


def test_S4_FACE_4_incorporeal_fliers_turn_freely():
    """S4-FACE-4: large incorporeal fliers turn at any point."""
    g = man("g", "red", 5, 8, 0, traits={"turning": 30, "flyer": "incorporeal"})
    assert turning_distance(g, True) == 0
    b = field(g, man("x", "blue", 20, 1))
    act(b, {"actor": "g", "type": "run", "to": [7, 6], "facing": 2})  # two turns 10' apart at a run
    assert b.fighter("g").hex == Hex(7, 6) and b.fighter("g").facing == 2
    b = field(man("h", "red", 5, 8, 0, traits={"turning": 30}), man("x", "blue", 20, 1))
    assert why(b, {"actor": "h", "type": "run", "to": [7, 6], "facing": 2}).rule == "S4-FACE-2"


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
    assert b.fighter("c").counters["altitude"] == 20


def test_S4_FLY_4_a_stalled_flier_must_dive_at_the_maximum_rate():
    """S4-FLY-4: a winged flier (60') that flies less than a third of its speed (20') stalls; next round its move
    must be a dive at the maximum rate (S4-FLY-3: twice the rate, 120', or down to the 0 level if nearer)."""
    def sky(alt):
        bird = man("b", "red", 5, 5, 0, stats={"MV": 60}, traits={"flyer": "winged", "maneuver": 10, "altitude": alt})
        return field(bird, man("g", "blue", 15, 9, 3))
    b = sky(200)
    act(b, {"actor": "b", "type": "move", "to": [9, 5]})  # 20': not under a third: no stall
    assert b.fighter("b").counters.get("stall") is None
    b = sky(200)
    ev = act(b, {"actor": "b", "type": "move", "to": [8, 5]})  # 15' < 20'
    assert b.fighter("b").counters["stall"] == b.round + 1 and "S4-FLY-4" in rules_of(ev)
    b.round += 1
    assert why(b, {"actor": "b", "type": "move", "to": [12, 5]}).rule == "S4-FLY-4"
    assert why(b, {"actor": "b", "type": "move", "to": [12, 5], "climb": 10}).rule == "S4-FLY-4"
    assert why(b, {"actor": "b", "type": "move", "to": [12, 5], "climb": -60}).rule == "S4-FLY-4"
    ev = act(b, {"actor": "b", "type": "move", "to": [9, 5], "climb": -120})
    alt = [e for e in ev if e["type"] == "stat" and e["field"] == "counters.altitude"]
    assert b.fighter("b").counters["altitude"] == 80 and b.fighter("b").counters.get("stall") is None
    assert [(e["value"], e["rule"]) for e in alt] == [(80, "S4-FLY-4")]
    b = sky(30)
    act(b, {"actor": "b", "type": "move", "to": [6, 5]})
    b.round += 1
    assert why(b, {"actor": "b", "type": "move", "to": [6, 5], "climb": -120}).rule == "S4-FLY-4"
    act(b, {"actor": "b", "type": "move", "to": [6, 5], "climb": -30})  # the ground is nearer than 120'
    assert b.fighter("b").counters["altitude"] == 0


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


def test_S4_SWIM_2_S4_WATER_6_swimming_at_half_the_unencumbered_move_full_upward():
    """S4-SWIM-2 / S4-WATER-6: a swimmer covers half its unencumbered move (40' -> 20', also in leather, whose
    walk is 30'); swimming upward it has the full 40'."""
    from game.model import Board
    board = Board.open_field(24, 16)
    for q in range(3, 16):
        board.cell(Hex(q, 8)).terrain = "deep_water"
    for who in ({}, {"items": ["leather"]}):
        b = field(man("s", "red", 5, 8, 0, **who), man("x", "blue", 20, 1), board=board)
        assert why(b, {"actor": "s", "type": "move", "to": [10, 8]}).rule == "S4-FACE-2"  # 25'
        act(b, {"actor": "s", "type": "move", "to": [9, 8]})
        assert b.fighter("s").counters["moved"]["feet"] == 20
    d = man("d", "red", 5, 8, 0, traits={"altitude": -40})
    b = field(d, man("x", "blue", 20, 1, traits={"altitude": 0}), board=board)
    assert why(b, {"actor": "d", "type": "move", "to": [5, 8], "climb": 45}).rule == "S4-SWIM-2"  # above 0
    act(b, {"actor": "d", "type": "move", "to": [5, 8], "climb": 40})
    assert b.fighter("d").counters["altitude"] == 0
    d = man("d", "red", 5, 8, 0, traits={"altitude": -50})
    b = field(d, man("x", "blue", 20, 1, traits={"altitude": 0}), board=board)
    assert why(b, {"actor": "d", "type": "move", "to": [5, 8], "climb": 45}).rule == "S4-SWIM-2"  # over 40'


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
    sv = rolls(ev)[0]
    assert (sv["rule"], sv["dc"], sv["total"], sv["success"]) == ("S4-PURSUIT-3", 12, 3, False)
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
    assert why(b2, {"actor": "e", "type": "evade"}).rule == "S4-PURSUIT-5"  # not yet a full round unseen
    b2.round += 1
    ev = act(b2, {"actor": "e", "type": "evade"})
    assert "evaded" in b2.fighter("e").conditions and "S4-PURSUIT-5" in rules_of(ev)


def test_S4_PURSUIT_2_fleeing_starts_on_the_fleers_own_number():
    """S4-PURSUIT-2: foes not surprised: the fleeing fighter (initiative 2) cannot simply leave; the pursuer
    (5) acts first, and the flight starts in the fleer's movement slot on its own number."""
    from d20_helpers import RS

    from game.flow.turns import TurnController
    b = field(man("a", "red", 5, 5, 3), man("t", "blue", 9, 5, 3, right="longsword"))
    c = TurnController(b, RS, dice=[2, 5])
    assert b.state["initiative"]["rolls"] == {"a": 2, "t": 5}
    assert why(b, {"actor": "a", "type": "evade"}).rule == "S4-PURSUIT-5"
    assert c.whose_turn() == "t" and b.state["initiative"]["count"] == 5
    assert c.submit(RS.action_from_dict({"actor": "a", "type": "run", "to": [0, 5]})).rejected
    assert c.submit(RS.action_from_dict({"actor": "t", "type": "move", "to": [7, 5]})).ok
    while c.whose_turn() != "a":
        c.end_turn()
    assert (b.state["initiative"]["count"], b.state["initiative"]["phase"]) == (2, "movement")
    assert c.submit(RS.action_from_dict({"actor": "a", "type": "run", "to": [0, 5]})).ok
    assert b.fighter("a").hex == Hex(0, 5) and b.fighter("a").counters["moved"]["ran"] is True


def test_S4_PURSUIT_4_pursuers_in_reach_start_melee_the_fleeing_draw_parting_shots():
    """S4-PURSUIT-4: a pursuer within 5' at the start of the round may fight (its attack), and a fighter that
    keeps fleeing still draws a parting shot at +2 from it (S4-DEFMOVE-1), though it has attacked already."""
    b = field(man("a", "red", 5, 5, 0, stats={"HP": 30}), man("t", "blue", 6, 5, 3, right="longsword"))
    ev = act(b, {"actor": "t", "type": "attack", "target": "a", "item": "longsword"}, [10, 3])
    assert (rolls(ev)[0]["total"], rolls(ev)[0]["success"]) == (11, True) and b.fighter("a").hp == 27
    ev = act(b, {"actor": "a", "type": "run", "to": [0, 5]}, [14, 6])
    shot = rolls(ev, "parting")[0]
    assert (shot["total"], shot["dc"], mod(shot, "S4-DEFMOVE-1")) == (17, 11, 2)
    assert b.fighter("a").hp == 21 and b.fighter("a").hex == Hex(0, 5)
    b = field(man("a", "red", 4, 5, 3, stats={"HP": 30}), man("t", "blue", 6, 5, 3, right="longsword"))
    ev = act(b, {"actor": "a", "type": "run", "to": [0, 5]})  # 10' away: free to flee, no parting shot
    assert not rolls(ev) and b.fighter("a").hp == 30
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
    b = field(man("a", "red", 0, 5, right="shortbow"), man("t", "blue", 8, 5, 3, stats={"HP": 30}))
    act(b, {"actor": "t", "type": "run", "to": [12, 5]})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortbow"}, [15, 2])
    assert mod(rolls(ev)[0], "S4-RANGED-5") == -2


def test_S4_RANGED_4_a_large_target_fought_by_man_sized_foes():
    """S4-RANGED-4: the target is Large and every foe in melee with it man-sized: no -4 for care (S4-RANGED-2) and
    a miss by less than 4 hits nobody (S4-RANGED-3); with a Large friend in the melee both apply again."""
    def mk(friend_size=0):
        b = field(man("a", "red", 0, 5, right="shortbow"), man("t", "blue", 8, 5, 3, stats={"HP": 30}),
                  man("f", "red", 8, 4, 4, stats={"HP": 30}))
        b.fighter("t").size = 1
        b.fighter("f").size = friend_size
        return b
    b = mk()
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortbow", "option": "careful"}, [9, 2])
    r = rolls(ev)[0]
    assert mod(r, "S4-RANGED-2") is None and mod(r, "S4-RANGED-4") == 0 and mod(r, "G4-6") == 1
    assert (r["total"], r["dc"], r["success"]) == (11, 11, True) and b.fighter("t").hp == 28
    b = mk()
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortbow"}, [7])  # 9 vs 11: by 2
    assert rolls(ev)[0]["margin"] == -2 and "S4-RANGED-4" in rules_of(ev)
    assert b.fighter("f").hp == 30 and b.fighter("t").hp == 30
    b = mk(friend_size=1)
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortbow"}, [7, 4])
    assert "S4-RANGED-3" in rules_of(ev) and b.fighter("f").hp == 26
    b = mk(friend_size=1)
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "shortbow", "option": "careful"}, [9])
    assert mod(rolls(ev)[0], "S4-RANGED-2") == -4 and rolls(ev)[0]["success"] is False


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
    assert "S4-CHARGE-1" in rules_of(ev)
    b = field(man("a", "red", 6, 5, right="spear"), man("t", "blue", 8, 5, 3))
    assert why(b, {"actor": "a", "type": "charge", "target": "t", "to": [7, 5]}).rule == "S4-CHARGE-2"
    b = field(man("a", "red", 2, 5, right="longsword"), man("t", "blue", 8, 5, 3))
    assert why(b, {"actor": "a", "type": "charge", "target": "t", "to": [7, 5]}).rule == "S4-CHARGE-4"
    b = field(man("a", "red", 2, 5, right="spear"), man("t", "blue", 8, 5, 3), man("x", "red", 5, 5))
    assert why(b, {"actor": "a", "type": "charge", "target": "t", "to": [7, 5]}).rule == "S4-CHARGE-3"
    b = field(man("a", "red", 2, 5, right="spear"), man("t", "blue", 8, 5, 3))
    b.board.cell(Hex(5, 5)).blocks_sight = True
    assert why(b, {"actor": "a", "type": "charge", "target": "t", "to": [7, 5]}).rule == "S4-CHARGE-5"


def test_S4_CHARGE_8_a_charge_that_hits_does_double_damage():
    """S4-CHARGE-8: the damage roll with its modifiers is doubled: 1d6 spear 4 + STR 1 = 5 -> 10; a miss does
    nothing; the same blow without a charge does 5."""
    def mk():
        return field(man("a", "red", 2, 5, right="spear", stats={"HP": 30, "STR": 13}),
                     man("t", "blue", 8, 5, 3, stats={"HP": 30}))
    b = mk()
    ev = act(b, {"actor": "a", "type": "charge", "target": "t", "to": [7, 5]}, [10, 4])
    dmg_roll = rolls(ev, "damage")[0]
    dmg = [e for e in ev if e["type"] == "damage"][0]
    assert (dmg_roll["dice"], dmg_roll["total"]) == ([4], 5)
    assert dmg["amount"] == 10 and "S4-CHARGE-8" in dmg["why"] and b.fighter("t").hp == 20
    b = mk()
    ev = act(b, {"actor": "a", "type": "charge", "target": "t", "to": [7, 5]}, [6])  # 6 + 1 + 1 + 2 = 10 < 11
    assert not [e for e in ev if e["type"] == "damage"] and b.fighter("t").hp == 30
    b = mk()
    act(b, {"actor": "a", "type": "move", "to": [7, 5]})
    act(b, {"actor": "a", "type": "attack", "target": "t", "item": "spear"}, [10, 4])
    assert b.fighter("t").hp == 25


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
    assert "S4-SET-2" in rules_of(ev) and len(rolls(ev)) == 1 and rolls(ev)[0]["actor"] == "a"  # no set strike
    assert b.fighter("a").hp == 30 and b.fighter("t").counters["set"] is not None


def rider(b_extra=(), lance="lance", left="shield", **kw):
    r = man("r", "red", 0, 5, 0, right=lance, left=left, items=["chain"], stats={"HP": 30},
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
    r, h = rider(lance="shortbow", left=None)
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
    r, h = rider()
    t = man("t", "blue", 1, 5, 3, right="longsword")
    b = field(r, h, t)
    ev = act(b, {"actor": "t", "type": "attack", "target": "r", "item": "longsword"}, [14, 3])  # 15 vs rider 17, mount 14
    assert "S4-MOUNT-16" in rules_of(ev) and b.fighter("h").hp == 17 and b.fighter("r").hp == 30
    h2 = man("x", "blue", 5, 9, stats={"HD": 2, "MV": 80, "INT": 2}, traits={"mount": 1, "natural": 4})
    b = field(h2, man("t", "red", 9, 9, 3))
    assert why(b, {"actor": "x", "type": "charge", "target": "t", "to": [8, 9]}).rule == "S4-MOUNT-8"


def test_S4_MOUNT_12_near_human_intelligence_counts_as_trained():
    """S4-MOUNT-12: an untrained mount of INT 7+ (near-human) counts as trained: it attacks with its rider, the
    rider has no -2 (S4-MOUNT-11), and being hurt it checks no morale (S4-MOUNT-17); INT 6 does not count."""
    def mk(intel):
        r, h = rider()
        h.traits["trained"] = 0
        h.stats["INT"] = intel
        return field(r, h, man("t", "blue", 1, 5, 3, stats={"HP": 40}, right="longsword"))
    b = mk(6)
    assert why(b, {"actor": "h", "type": "attack", "target": "t"}).rule == "S4-MOUNT-11"
    ev = act(b, {"actor": "r", "type": "attack", "target": "t", "item": "lance"}, [12, 3])
    assert mod(rolls(ev)[0], "S4-MOUNT-11") == -2 and rolls(ev)[0]["total"] == 12  # 12 + 1 + 1 (S4-MOUNT-3) - 2
    b = mk(7)
    ev = act(b, {"actor": "r", "type": "attack", "target": "t", "item": "lance"}, [12, 3])
    assert mod(rolls(ev)[0], "S4-MOUNT-11") is None and rolls(ev)[0]["total"] == 14 and b.fighter("t").hp == 37
    ev = act(b, {"actor": "h", "type": "attack", "target": "t"}, [10, 5])  # AB 1 (class 1 in its stats), 1d6
    assert (rolls(ev)[0]["total"], rolls(ev)[0]["success"]) == (11, True) and b.fighter("t").hp == 32
    ev = act(b, {"actor": "t", "type": "attack", "target": "h", "item": "longsword"}, [15, 3])
    assert not rolls(ev, "morale") and "bolting" not in b.fighter("h").conditions and b.fighter("h").hp == 17


def test_S4_MOUNT_15_attacks_go_to_the_rider_unless_the_mount_is_named():
    """S4-MOUNT-15: an attack on "r" is against the rider's AC (17 with S4-MOUNT-4) and hurts the rider; naming
    the mount "h" attacks the mount's AC (14) and hurts the mount."""
    r, h = rider()
    b = field(r, h, man("t", "blue", 1, 5, 3, right="longsword"))
    ev = act(b, {"actor": "t", "type": "attack", "target": "r", "item": "longsword"}, [16, 3])
    assert (rolls(ev)[0]["dc"], rolls(ev)[0]["success"]) == (17, True)
    assert (b.fighter("r").hp, b.fighter("h").hp) == (27, 20)
    b.round += 1
    ev = act(b, {"actor": "t", "type": "attack", "target": "h", "item": "longsword"}, [13, 4])
    assert (rolls(ev)[0]["dc"], rolls(ev)[0]["success"]) == (14, True)
    assert (b.fighter("r").hp, b.fighter("h").hp) == (27, 16)


def test_S4_MOUNT_17_18_19_21_untrained_mount_bolts_rider_thrown():
    """S4-MOUNT-17 a hurt untrained mount checks morale and bolts; -18 the rider saves vs Death Ray + DEX or is
    thrown (1d6, prone, no more this round); -19 control back 1d4 rounds after it loses sight; -21 magical fear
    makes even a trained mount do so."""
    r, h = rider()
    h.conditions.append("frightened")
    t = man("t", "blue", 1, 5, 3, right="longsword")
    b = field(r, h, t)
    ev = act(b, {"actor": "t", "type": "attack", "target": "h", "item": "longsword"}, [15, 3, 6, 6, 2, 4])
    morale = rolls(ev, "morale")[0]
    assert (morale["rule"], morale["target"], morale["total"], morale["success"]) == ("S4-MOUNT-17", 7, 12, False)
    assert "bolting" in b.fighter("h").conditions and b.fighter("h").hex != Hex(0, 5)  # bolted a hex away
    save = rolls(ev, "saddle")[0]
    assert (save["rule"], save["dc"], save["total"], save["success"]) == ("S4-MOUNT-18", 12, 2, False)
    rr = b.fighter("r")
    assert "mounted" not in rr.conditions and rr.posture == "prone" and rr.hp == 26  # 1d6 fall: 4
    assert why(b, {"actor": "r", "type": "change_posture", "posture": "standing"}).rule == "S4-MOUNT-18"
    r, h = rider()  # S4-MOUNT-21: the same trained mount without the magical fear checks no morale
    b = field(r, h, man("t", "blue", 1, 5, 3, right="longsword"))
    ev = act(b, {"actor": "t", "type": "attack", "target": "h", "item": "longsword"}, [15, 3])
    assert not rolls(ev, "morale") and "bolting" not in b.fighter("h").conditions
    r, h = rider()
    h.traits["trained"] = 0
    b = field(r, h, man("t", "blue", 1, 5, 3, right="longsword"))
    ev = act(b, {"actor": "t", "type": "attack", "target": "h", "item": "longsword"}, [15, 3, 3, 4])  # 7: holds
    assert rolls(ev, "morale")[0]["success"] is True and "bolting" not in b.fighter("h").conditions
    r, h = rider()
    h.traits["trained"] = 0
    b = field(r, h, man("t", "blue", 1, 5, 3, right="longsword"))
    ev = act(b, {"actor": "t", "type": "attack", "target": "h", "item": "longsword"}, [15, 3, 6, 6, 18, 2])
    assert "S4-MOUNT-19" in rules_of(ev) and b.fighter("h").counters["control"]["rounds"] == 2
    assert why(b, {"actor": "r", "type": "move", "to": [0, 7]}).rule == "S4-MOUNT-19"
    assert "S4-MOUNT-17" in rules_of(ev) and rolls(ev, "saddle")[0]["success"] is True
    assert "mounted" in b.fighter("r").conditions and b.fighter("r").hp == 30


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
    assert [(d["amount"], d["damage_type"]) for d in dmg] == [(10, "subdual"), (5, "normal")]
    ee = b.fighter("e")
    assert "mounted" not in ee.conditions and ee.posture == "prone" and "stunned" not in ee.conditions
    assert ee.hp == 15 and ee.counters["subdual"] == 10  # S4-JOUST-7: only the lance's damage is subdual
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


def test_S4_JOUST_2_no_charge_ac_penalty_between_the_jousters():
    """S4-JOUST-2: after the joust the charging rider's -2 AC (S4-CHARGE-7) does not count against the other
    jouster's attack (rider AC 16: chain 15 + shield) but does against a bystander on foot (16 - 2 + 1 mounted
    against foot, S4-MOUNT-4 = 15)."""
    r, h = rider(lance="lance")
    e = man("e", "blue", 8, 5, 3, right="lance", stats={"HP": 60}, traits={"mounted_on": "g"})
    g = man("g", "blue", 8, 5, 3, stats={"HD": 3, "AC": 13, "HP": 20}, traits={"mount": 1}, items=["saddle"])
    x = man("x", "blue", 7, 4, 4, right="longsword")
    b = field(r, h, e, g, x)
    ev = act(b, {"actor": "r", "type": "charge", "target": "e", "to": [7, 5]}, [18, 5, 15])  # 10 damage, kept seat
    assert "S4-JOUST-1" in rules_of(ev) and "mounted" in b.fighter("e").conditions and b.fighter("e").hp == 50
    ev = act(b, {"actor": "e", "type": "attack", "target": "r", "item": "lance"}, [15, 2])
    roll = rolls(ev, "attacks")[0]
    assert dcmod(roll, "S4-CHARGE-7") is None and (roll["dc"], roll["total"], roll["success"]) == (16, 16, True)
    ev = act(b, {"actor": "x", "type": "attack", "target": "r", "item": "longsword"}, [14, 1])
    roll = rolls(ev, "attacks")[0]
    assert dcmod(roll, "S4-CHARGE-7") == -2 and dcmod(roll, "S4-MOUNT-4") == 1
    assert (roll["dc"], roll["total"], roll["success"]) == (15, 15, True) and b.fighter("r").hp == 30 - 2 - 1


def test_S4_JOUST_7_sharp_lances_deal_normal_damage():
    """S4-JOUST-7 (the contrast): a sharp lance's hit is normal damage, no subdual counted."""
    r, h = rider(lance="lance")
    e = man("e", "blue", 8, 5, 3, right="lance", stats={"HP": 60}, traits={"mounted_on": "g"})
    g = man("g", "blue", 8, 5, 3, stats={"HD": 3, "AC": 13, "HP": 20}, traits={"mount": 1}, items=["saddle"])
    b = field(r, h, e, g)
    ev = act(b, {"actor": "r", "type": "charge", "target": "e", "to": [7, 5]}, [18, 5, 15])
    assert [(d["amount"], d["damage_type"]) for d in ev if d["type"] == "damage"] == [(10, "normal")]
    assert b.fighter("e").counters.get("subdual", 0) == 0


def test_S4_MOUNT_20_the_gm_means_a_calming_charm():
    """S4-MOUNT-20 [GM]: control regained by magic: the scenario's calming charm (a simple magic item)."""
    r, h = rider()
    r.items.append("calming_charm")
    h.conditions.append("bolting")
    b = field(r, h, man("t", "blue", 8, 5, 3))
    ev = act(b, {"actor": "r", "type": "use_item", "item": "calming_charm"})
    assert "bolting" not in b.fighter("h").conditions and "S4-MOUNT-20" in rules_of(ev)
