"""The shared roll-high opposed roll (``game.rules.common.opposed_high`` / ``settle_high``).

Why: edge's d10 pools and a 2d6+ST shove are both "each side rolls, the higher score wins"; the lines that turn
two rolls into a contest event are written once and edge's ``pool.opposed`` (S1-ROLL, G1-1) now settles its pools
with them. The dice are scripted; a tie wins nobody, and the margins are each side's lead.
"""

from __future__ import annotations

from game.dice import ScriptedDice
from game.rules.common import HighSpec, opposed_high, roll_high, settle_high
from game.rules.edge.pool import PoolSpec, opposed


def test_the_higher_total_wins_and_each_margin_is_the_lead() -> None:
    a = HighSpec("ann", "shove: 2d6+ST", "X-SHOVE-1").add(3, "ST 13")
    b = HighSpec("bob", "resist: 2d6+ST", "X-SHOVE-1").add(1, "ST 11")
    dice = ScriptedDice([4, 2, 5, 1])  # ann 6+3 = 9, bob 6+1 = 7
    ev = opposed_high(dice, a, b, "X-SHOVE-1")
    ra, rb = ev["rolls"]
    assert (ra["dice"], ra["total"], rb["dice"], rb["total"]) == ([4, 2], 9, [5, 1], 7)
    assert ev["winner"] == "ann" and ev["margin_of_victory"] == 2 and ev["kind"] == "opposed"
    assert (ra["margin"], ra["success"], rb["margin"], rb["success"]) == (2, True, -2, False)
    assert ra["modifiers"] == [{"value": 3, "reason": "ST 13", "rule": ""}]


def test_a_tie_wins_nobody_and_the_loser_may_be_the_actor() -> None:
    tie = opposed_high(ScriptedDice([3, 3, 2, 4]), HighSpec("ann", "a", "R"), HighSpec("bob", "b", "R"), "R")
    assert tie["winner"] is None and tie["margin_of_victory"] == 0
    assert not any(r["success"] for r in tie["rolls"])
    lost = settle_high(roll_high(ScriptedDice([1, 1]), HighSpec("ann", "a", "R")),
                       roll_high(ScriptedDice([6, 6]), HighSpec("bob", "b", "R")), "R", difference="edge")
    assert lost["winner"] == "bob" and lost["edge"] == -10


def test_edge_pools_settle_through_the_shared_contest() -> None:
    """S1-ROLL (G1-1): points over points; the contest's ``edge`` is the actor's lead, as before."""
    actor = PoolSpec("ann", "grapple: STR", 3, "S1-ROLL-1")
    foe = PoolSpec("bob", "resist: STR", 2, "S1-ROLL-1")
    ev = opposed(ScriptedDice([10, 9, 2, 3, 1]), actor, foe, "S1-ROLL-1")
    assert list(ev) == ["type", "kind", "rule", "rolls", "edge", "winner"]  # the saved form keeps its order
    ra, rb = ev["rolls"]
    assert (ra["points"], rb["points"]) == (2, 0)  # 10 and 9 score at need 6, 2, 3 and 1 do not
    assert ev["edge"] == 2 and ev["winner"] == "ann"
    assert (ra["margin"], ra["success"], rb["margin"], rb["success"]) == (2, True, -2, False)
