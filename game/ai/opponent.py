"""The computer opponent: picks an intent from ``legal_actions`` by the engine's odds and expected results.

How it thinks (every step on clones of a snapshot, with dice from a scratch
generator, so the real battle and its RNG are never touched):

1. **First look.** Every legal action is resolved once on a clone and the
   result scored by :class:`~game.ai.evaluate.Evaluator` (injury dealt and
   taken, control, danger, position). An action that rolled no dice is
   exact after one look; the others are uncertain.
2. **Sampling.** The best uncertain actions are resolved again (common
   random numbers: sample *i* uses the same scratch dice for every action;
   samples come in antithetic pairs, a low roll mirrored by a high one),
   up to the level's ``samples``; the score is the mean gain over the
   position before acting. Hard first gives every uncertain action's one
   roll its mirror (a 63% subdue that lost its roll is not dropped).
3. **Look-ahead** (hard). The few best actions are re-scored against the
   likely reply: for a couple of sampled outcomes, the next foe who can act
   picks its best answer by the same evaluation from its side; the action is
   worth its mean over all samples plus the change that reply makes, each
   outcome searched standing for the samples nearest it. A ruleset's hints
   may ask for the best action of a few other kinds to face the reply too
   (``Weights.lookahead_kinds``: a brawl entered, a foe held).
4. **Refinement** (hard). With budget left, the three best uncertain actions
   are sampled further, up to 16 times each: the choice is made between them.
   Then the foe's expected reply is rolled 8 times instead of twice, with the
   same dice for each action, best first, until the best so refined leads
   the rest clearly: all-out defence and doing nothing differ only in how
   often that blow lands.
5. **Choice.** Hard takes the best; normal and easy draw from a softmax over
   the scores (easy hot, and blind to danger), which is where their visible
   mistakes come from.

Budgets: a wall-clock budget (``budget_ms``, default 200) and/or a node
budget (``nodes``: resolutions on clones). With ``budget_ms=None`` and a node
budget the opponent is deterministic for a given seed, battle and budget.
Cut short, it answers with the best it has seen so far (``complete=False``).

For the UI: :meth:`Opponent.decide` is synchronous and takes a snapshot
(it clones the battle first); :meth:`Opponent.decide_async` clones in the
caller's thread and thinks in a worker thread, returning a
``concurrent.futures.Future[Decision]``; :attr:`Opponent.thinking` is true
meanwhile and :meth:`Opponent.cancel` makes it answer at once.

Where each part lives: this module holds :class:`Opponent` (levels, budgets,
threads, cancelling); :mod:`game.ai.search` one decision's search (steps 1, 2
and 5); :mod:`game.ai.sampling` the long shots and the refinement (step 4's
sampling); :mod:`game.ai.lookahead` step 3 and the replies' refinement, with
the foe's side in :mod:`game.ai.replies`; :mod:`game.ai.candidates` the
actions weighed; :mod:`game.ai.scratch` the stable hashes and scratch dice;
:mod:`game.ai.decision` what is answered (``mix`` and ``mix_state`` are
re-exported here for the simulation and the soak).
"""

from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from game.ai.decision import Choice, Decision
from game.ai.scratch import mix, mix_state
from game.ai.search import Search
from game.ai.weights import Level, Weights, level_named
from game.rules.base import find_ruleset

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Option, Ruleset

__all__ = ["Opponent", "Decision", "Choice", "mix", "mix_state"]


class Opponent:
    """A computer player of one level; thread-safe to share between fighters and sides.

    >>> opp = Opponent("hard", budget_ms=None, nodes=400, seed=7)   # deterministic
    >>> # decision = opp.decide(battle, battle.ruleset, "ann"); controller.submit(decision.action)
    """

    def __init__(self, level: str | Level = "normal", *, budget_ms: float | None = 200.0,
                 nodes: int | None = None, seed: int = 0, weights: Weights | None = None,
                 explain: bool = True) -> None:
        self.level = level if isinstance(level, Level) else level_named(level)
        #: quote the engine's odds in the reasons (costs an ``odds`` call per action shown)
        self.explain = explain
        self.budget_ms = budget_ms
        self.nodes = nodes
        self.seed = seed
        self.weights = weights
        self._asked = 0  # searches asked for so far (their generation numbers)
        self._cancelled = 0  # searches up to this generation are to stop at once
        self._busy = 0
        self._lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None

    @property
    def thinking(self) -> bool:
        """True while a decision is being searched (for the UI's "thinking..." indicator)."""
        return self._busy > 0

    def decide(self, battle: Battle, ruleset: Ruleset | str, fighter_id: str, *,
               options: list[Option] | None = None) -> Decision:
        """Choose an intent for ``fighter_id``. Works on a clone: ``battle`` is never changed.

        ``options``: the ``legal_actions`` the caller already has for this fighter now (the
        controller's), to save asking the ruleset again; only the legal ones are considered.
        """
        return self._decide(battle.clone(with_log=False), ruleset, fighter_id, options=options)

    def decide_async(self, battle: Battle, ruleset: Ruleset | str, fighter_id: str, *,
                     options: list[Option] | None = None) -> Future[Decision]:
        """Snapshot ``battle`` now (in the caller's thread) and think in a worker thread."""
        snapshot = battle.clone(with_log=False)
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="clinch-ai")
            self._busy += 1  # thinking from the moment of asking, not from when the worker starts
            self._asked += 1
            gen = self._asked
        try:
            return self._pool.submit(self._decide, snapshot, ruleset, fighter_id, counted=True, options=options,
                                     gen=gen)
        except BaseException:
            with self._lock:
                self._busy -= 1
            raise

    def cancel(self) -> None:
        """Make every search asked for so far answer now with the best it has; later ones run normally."""
        with self._lock:
            self._cancelled = self._asked

    def is_cancelled(self, gen: int) -> bool:
        """Whether the search of generation ``gen`` is to stop at once (``cancel`` was called after it was asked
        for)."""
        return gen <= self._cancelled

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _decide(self, snapshot: Battle, ruleset: Ruleset | str, fighter_id: str, *,
                counted: bool = False, options: list[Option] | None = None, gen: int | None = None) -> Decision:
        if isinstance(ruleset, str):
            ruleset = find_ruleset(ruleset)
        if not counted:
            with self._lock:
                self._busy += 1
                self._asked += 1
                gen = self._asked
        try:
            search = Search(self, snapshot, ruleset, fighter_id, gen or 0)
            return search.run(options)
        finally:
            with self._lock:
                self._busy -= 1
