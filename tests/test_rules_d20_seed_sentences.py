"""d20 rulings held to the seed's plain sentences, on scripted dice.

S4-FLY-4: "if the creature does not move horizontally by at least one-third its normal speed, it will stall,
being forced to dive at maximum rate for one round". A winged flier that does not move at all has moved less than
a third of its speed: it stalls too (ruling D20-27; an earlier reading left it unchecked).
"""

from __future__ import annotations

from d20_helpers import RS, act, field, man, why

from game.dice import ScriptedDice


def sky(alt: int = 200):
    """A winged flier (MV 60, maneuver 10) aloft at ``alt`` feet and a foe on the ground."""
    bird = man("b", "red", 5, 5, 0, stats={"MV": 60}, traits={"flyer": "winged", "maneuver": 10, "altitude": alt})
    return field(bird, man("g", "blue", 15, 9, 3))


def next_round(b) -> list[dict]:
    """Round 2 begins and the flier's first slot starts (what the turn controller and ``clinch resolve`` run)."""
    b.round += 1
    return RS.start_turn(b, "b", ScriptedDice([]))


def test_S4_FLY_4_a_winged_flier_that_does_not_move_stalls():
    """S4-FLY-4: the flier makes no move in round 1; at its first slot of round 2 it stalls (the event says so)
    and its move must be a dive at the maximum rate (twice its rate, 120')."""
    b = sky()
    ev = next_round(b)
    assert b.fighter("b").counters.get("stall") == b.round
    assert any(e.get("rule") == "S4-FLY-4" and e["type"] == "message" for e in ev)
    assert why(b, {"actor": "b", "type": "move", "to": [12, 5]}).rule == "S4-FLY-4"
    act(b, {"actor": "b", "type": "move", "to": [9, 5], "climb": -120})
    assert b.fighter("b").counters["altitude"] == 80 and b.fighter("b").counters.get("stall") is None


def test_S4_FLY_4_a_flier_that_flew_a_third_of_its_speed_does_not_stall():
    """S4-FLY-4: 20' of a 60' rate is a third: no stall next round, and any move is open."""
    b = sky()
    act(b, {"actor": "b", "type": "move", "to": [9, 5]})
    next_round(b)
    assert b.fighter("b").counters.get("stall") is None
    act(b, {"actor": "b", "type": "move", "to": [12, 5]})


def test_S4_FLY_4_no_stall_on_the_ground_or_for_a_floater_or_in_round_one():
    """S4-FLY-4 is for winged fliers aloft: a flier at the 0 level, a floater (S4-FLY-5) and the battle's first
    round (no round before it) do not stall."""
    b = sky(alt=0)
    next_round(b)
    assert b.fighter("b").counters.get("stall") is None
    bal = man("c", "red", 5, 8, 0, stats={"MV": 20}, traits={"flyer": "floater", "altitude": 40})
    b = field(bal, man("g", "blue", 15, 9, 3))
    b.round += 1
    RS.start_turn(b, "c", ScriptedDice([]))
    assert b.fighter("c").counters.get("stall") is None
    b = sky()
    RS.start_turn(b, "b", ScriptedDice([]))
    assert b.fighter("b").counters.get("stall") is None
