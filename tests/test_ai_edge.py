"""The computer opponent under the edge rules (seed 001): it finishes a foe it holds helpless.

At a pin of -5 the foe can no longer resist (S1-PIN-6) and a further Pin result knocks it out or binds it
(S1-PIN-7); a Pummel hurts it. Holding it there forever is no win: the tavern brawl once ran to the 200-round
limit with two sailors pinning the last local at -5 and declining every result, because two pins were worth
more to the evaluation than the foe knocked out.
"""

from __future__ import annotations

from edge_helpers import RS, battle, fighter, grip

from game.ai import Opponent
from game.ai.evaluate import Evaluator
from game.ai.weights import weights_for


def pinned_at_bay():
    """ivo (1 HP, prone) is pinned at -5 by both kell and mags; kell acts."""
    b = battle(fighter("kell", "sailors", (0, 0), stats={"STR": 4, "REF": 3, "PRE": 3, "WIL": 2}, hp=11),
               fighter("mags", "sailors", (1, -1), stats={"STR": 4, "REF": 3, "PRE": 3, "WIL": 3}, hp=11),
               fighter("ivo", "locals", (1, 0), stats={"STR": 3, "REF": 4, "PRE": 3, "WIL": 3}, hp=1,
                       posture="prone", conditions=["pinned"]),
               grapples=(grip("kell", "ivo", "pin-5"), grip("mags", "ivo", "pin-5")))
    b.current = "kell"
    return b


def test_a_foe_out_is_worth_more_than_a_foe_pinned_twice():
    """S1-PIN-7: knocking the pinned foe out gains more than keeping both pins (grips, posture and conditions
    together cost a fighter who still fights less than being out: Weights.held_cap)."""
    b = pinned_at_bay()
    ev = Evaluator(b, RS, "sailors", weights_for("edge"))
    held = ev.value(b)
    ko = b.clone(with_log=False)
    ko.fighter("ivo").conditions.append("unconscious")
    ko.grapples.clear()
    assert ev.value(ko) > held + 1.0


def test_hard_finishes_a_foe_pinned_at_minus_5():
    """S1-PIN-6, S1-PIN-7, S1-PUMMEL-1: with the foe helpless, the hard level rolls to finish it (the engine's
    best result, a Pin that knocks it out, or a Pummel), never declines the result or waits."""
    for seed in range(6):
        b = pinned_at_bay()
        d = Opponent("hard", budget_ms=None, nodes=320, seed=seed).decide(b, RS, "kell")
        a = d.action
        assert a.type == "grapple_roll" and getattr(a, "option", None) not in ("none", "escape"), d.explain()
        assert d.score > 1.0, d.explain()
