"""d20: a run gives up every attack of the round, the wrestling ones too (S4-RUN-2, S4-WRESTLE-1, G4-13).

A runner's blow and brawl were refused, but a wrestle or a trip after a run went through: the seed makes a
wrestling attack "a melee attack roll" (S4-WRESTLE-1) and our reading of tripping one too (G4-13), and "a
running character normally cannot attack, unless charging" (S4-RUN-2). The map's run band (a run hex: "no
attack after") now says what the engine does.
"""

from __future__ import annotations

from d20_helpers import RS, act, field, man, why


def _ran_next_to(foe_hex: tuple[int, int], *, run: bool):
    b = field(man("a", "red", 2, 5, 0), man("t", "blue", 14, 5, 3))
    act(b, {"actor": "a", "type": "run" if run else "move", "to": [6, 5]})
    b.fighter("t").hex = type(b.fighter("t").hex)(*foe_hex)  # the foe comes up to the runner afterwards
    return b


def test_S4_RUN_2_no_wrestle_after_a_run():
    """S4-RUN-2 / S4-WRESTLE-1: after running, a wrestling attack is refused, citing the run."""
    b = _ran_next_to((7, 5), run=True)
    assert b.fighter("a").counters["moved"]["ran"] is True
    assert why(b, {"actor": "a", "type": "wrestle", "target": "t"}).rule == "S4-RUN-2"


def test_S4_RUN_2_no_trip_after_a_run():
    """S4-RUN-2 / G4-13 (a trip is a melee attack roll): after running, a trip is refused, citing the run."""
    b = _ran_next_to((7, 5), run=True)
    assert why(b, {"actor": "a", "type": "trip", "target": "t"}).rule == "S4-RUN-2"


def test_S4_RUN_2_a_walk_keeps_the_wrestle_and_the_trip():
    """S4-MOVE-6: a walk leaves the attack open, the wrestling ones included (scripted: no dice are rolled)."""
    b = _ran_next_to((7, 5), run=False)
    for kind in ("wrestle", "trip"):
        assert b.fighter("a").counters["moved"].get("ran") is not True
        assert RS.action_from_dict({"actor": "a", "type": kind, "target": "t"}).check(b) is None, kind
