"""More samples for the actions whose few first samples cannot tell them apart (hard level).

Two stages of the search, each spending what budget is left on the actions
that need it, an antithetic pair at a time: :func:`long_shots` (an action that
rolled dice but always came out the same may be a long shot that has not yet
come off) and :func:`refine` (the three best, sampled until the choice between
them is sound). Each takes the :class:`~game.ai.search.Search` it works for, as a
:class:`~game.ai.search_view.SearchView` (what it may read and change).
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from game.ai.candidates import best_chance

if TYPE_CHECKING:
    from game.ai.candidates import Candidate
    from game.ai.search_view import SearchView

__all__ = ["long_shots", "refine"]


def long_shots(search: SearchView, cands: list[Candidate]) -> None:
    """An action that rolled dice but whose samples all came out alike has not shown what it can do: a
    break free that wins one time in ten fails all six first samples about half the time, and would
    never reach the look-ahead. The engine's exact odds say how likely its best outcome is; the best few
    such actions whose chance lies between 3% and 50% are sampled on, a pair at a time, until an outcome
    differs or as often as that chance needs to show itself 19 times in 20 (at most twice
    ``level.refine``). A quarter of the budget at most: the look-ahead comes next."""
    cap = 2 * search.level.refine
    alike = [c for c in cands if not c.exact and not c.failed and c.values
             and max(c.values) - min(c.values) < 1e-9]
    alike.sort(key=lambda c: (-c.mean, c.order))
    stop_nodes = search.nodes + search.node_budget // 4 if search.node_budget is not None else None
    stop_time = None if search.deadline is None else \
        time.perf_counter() + 0.25 * (search.deadline - time.perf_counter())
    for c in alike[:6]:
        p = best_chance(search.ruleset, search.odds_of(c))
        if p is None or not 0.03 <= p <= 0.5:
            continue
        need = min(cap, math.ceil(math.log(0.05) / math.log(1.0 - p)))
        first = c.values[0]
        while len(c.values) < need and all(abs(v - first) < 1e-9 for v in c.values):
            if (stop_nodes is not None and search.nodes + 2 > stop_nodes) or \
                    (stop_time is not None and time.perf_counter() > stop_time):
                return
            n = len(c.values)
            search.sample(c, n + n % 2)  # a whole antithetic pair, whatever came before
            search.sample(c, n + n % 2 + 1)


def refine(search: SearchView, cands: list[Candidate]) -> None:
    """With budget to spare, sample the three best uncertain actions further, an antithetic pair at a
    time, up to ``level.refine`` samples each: the choice is made between these, and six samples of a
    blow that does 1d8 doubled cannot tell it from a thrown spear's 1d6. Scores stay comparable while
    this runs (each is a mean plus the reply's change), so stopping anywhere is fine."""
    target = search.level.refine
    while True:
        looked = any(c.reply is not None for c in cands)
        live = [c for c in cands if c.values and not c.failed and (c.reply is not None or not looked)]
        live.sort(key=lambda c: (-c.score, c.order))
        todo = [c for c in live[:3] if not c.exact and len(c.values) < target]
        if not todo:
            return
        for c in todo:
            n = len(c.values)
            search.sample(c, n)
            search.sample(c, n + 1)
