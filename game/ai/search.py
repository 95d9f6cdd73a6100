"""One decision's search: the candidates, the budget, the scratch dice, and the stages in order.

A :class:`Search` is made per decision by :class:`~game.ai.opponent.Opponent`
and thrown away after. It owns what every stage shares (the root snapshot, the
evaluation from our side, the node and time budget, the dice keyed by the
decision) and runs the stages in the order the opponent's docstring gives:
first look and sampling here, long shots and refinement in
:mod:`game.ai.sampling`, the look-ahead in :mod:`game.ai.lookahead` (with the
foe's side in :mod:`game.ai.replies`). Then it chooses and explains.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from game.ai.candidates import Candidate, OutOfBudget, compared, hex_field
from game.ai.decision import Choice, Decision
from game.ai.evaluate import PARTS, Evaluator
from game.ai.lookahead import lookahead, refine_replies
from game.ai.replies import Replies
from game.ai.sampling import long_shots, refine
from game.ai.scratch import MASK63, KeyedDice, mix, mix_state, uniform
from game.ai.slots import carry_on, later_slot
from game.ai.weights import weights_for
from game.dice import splitmix64
from game.model import RngState

if TYPE_CHECKING:
    from game.ai.opponent import Opponent
    from game.ai.weights import Level, Weights
    from game.dice import SeededDice
    from game.model import Battle
    from game.rules.base import Action, Option, Ruleset

__all__ = ["Search"]


class Search:
    """The search for one fighter's decision on a snapshot (``battle`` is a clone the search may use freely;
    every resolution is on a further clone). ``gen``: the opponent's count of searches asked for, so that
    ``cancel`` stops this one and not one asked later."""

    def __init__(self, opp: Opponent, battle: Battle, ruleset: Ruleset, fighter_id: str, gen: int = 0) -> None:
        self.opp = opp
        self.gen = gen  # cancel() stops every search asked for up to now, not the ones asked later
        self.level: Level = opp.level
        self.ruleset = ruleset
        self.fid = fighter_id
        self.root = battle
        me = battle.fighter(fighter_id)
        self.side = me.side
        self.weights: Weights = opp.weights or weights_for(ruleset, danger=self.level.danger)
        self.ev = Evaluator(battle, ruleset, self.side, self.weights, mover=fighter_id)
        self.base_parts = self.ev.root_parts
        self.base = sum(self.base_parts.values())
        self.key = mix(opp.seed, battle.rng.seed, battle.rng.counter, battle.turn, battle.round, fighter_id)
        self.nodes = 0
        self.node_budget = opp.nodes
        # keep a tenth of the budget for what follows the last node (explanations, bookkeeping)
        self.deadline = None if opp.budget_ms is None else time.perf_counter() + 0.9 * opp.budget_ms / 1000.0
        self.errors: list[str] = []
        self.complete = True
        #: the foe's side of the look-ahead (and the mover's own follow-up blows)
        self.replies = Replies()
        #: (kind, target) -> the candidates of that kind at that target (variants: locations, defences...)
        self.groups: dict[tuple[str, str], list[Candidate]] = {}

    # budget ------------------------------------------------------------------------
    def spend(self) -> None:
        """Count one node, or raise ``OutOfBudget`` (cancelled, nodes spent, or past the deadline)."""
        if self.opp.is_cancelled(self.gen):
            raise OutOfBudget
        if self.node_budget is not None and self.nodes >= self.node_budget:
            raise OutOfBudget
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfBudget
        self.nodes += 1

    def dice(self, sample: int | str | tuple[str, int]) -> SeededDice:
        """Scratch dice for sample ``sample``: samples 2k and 2k+1 are antithetic (face -> sides + 1 - face),
        so a pair sees a low and a high roll and the mean of a pair is already a fair estimate. A reply's
        samples are ``(key, i)``, paired the same way."""
        if isinstance(sample, tuple):
            key, i = sample
            return KeyedDice(RngState(seed=mix(self.key, key, i - i % 2), counter=0), mirror=i % 2 == 1)
        if isinstance(sample, int):
            return KeyedDice(RngState(seed=mix(self.key, sample - sample % 2), counter=0), mirror=sample % 2 == 1)
        return KeyedDice(RngState(seed=mix(self.key, sample), counter=0))

    def play(self, state: Battle, action: Action, sample: int | str | tuple[str, int]) -> tuple[Battle, bool]:
        """Resolve ``action`` on a clone of ``state`` with scratch dice ``sample``; (child, rolled any dice)."""
        self.spend()
        child = state.clone(with_log=False)
        dice = self.dice(sample)
        action.resolve(child, dice, self.ruleset)
        return child, bool(dice.used)

    # stages --------------------------------------------------------------------------
    def run(self, given: list[Option] | None = None) -> Decision:
        """Search and decide. ``given``: the fighter's ``legal_actions`` if the caller has them. Cut short by
        the budget, it decides from what it has seen (``complete=False``)."""
        t0 = time.perf_counter()
        level = self.level
        if given is None:
            given = self.ruleset.legal_actions(self.root, self.fid)
        options = [o.action for o in given if o.reason is None]
        self._gather_own_pool(given)
        if not options:
            return self.decision(None, [], t0)
        if level.random:
            pick = options[int(uniform(self.key) * len(options)) % len(options)]
            return self.decision(Candidate(pick, 0, reply_note="a random legal action"), [], t0)
        cands = [Candidate(a, i, hex_field(a)) for i, a in enumerate(options)]
        if len(cands) == 1:
            return self.decision(cands[0], cands, t0)
        cands, moving = self._shortlist(cands)
        try:
            self._first_look(cands, moving)
            if level.pair_first:
                self._pair_first(cands)
            # sampling: successive rounds over the best uncertain actions
            for s in range(1, level.samples):
                live = [c for c in cands if not c.exact and not c.failed and c.values]
                live.sort(key=lambda c: -c.mean)
                for c in live[:level.top]:
                    if len(c.values) <= s:  # a pair completed already has sample 1
                        self.sample(c, s)
            if level.refine:
                long_shots(self, cands)
            acting = later_slot(self) if level.later and self.weights.later_slot else None
            if acting is not None:
                carry_on(self, cands, acting)  # a phased round: what the mover does in its later slot
            elif level.lookahead:
                lookahead(self, cands)
            if level.refine:
                refine(self, cands)
            if level.reply_refine:
                refine_replies(self, cands)
        except OutOfBudget:
            self.complete = False
        return self.decision(self.choose(cands), cands, t0)

    def _gather_own_pool(self, given: list[Option]) -> None:
        """The mover's blows for a follow-up in the look-ahead (one per kind and foe, at most 8), legal or
        not: a blow out of reach now may land after a move."""
        seen: set[tuple[str, str]] = set()
        me = self.root.fighter(self.fid)
        foes = {f.id for f in self.root.fighters if f.side != me.side}
        own_pool = self.replies.own_pool
        for o in given:
            if len(own_pool) >= 8:
                break
            target = getattr(o.action, "target", None)
            if target in foes and (o.action.type, target) not in seen and hex_field(o.action) is None:
                seen.add((o.action.type, target))
                own_pool.append(o.action)

    def _shortlist(self, cands: list[Candidate]) -> tuple[list[Candidate], list[tuple[float, int, Candidate]]]:
        """The candidates worth a look, and the moves among them best first: moves (any action with a ``to``
        hex) are many, so only the ``level.moves`` that serve the plan best; easy overlooks some other
        options (``level.breadth``; seeded, so replays agree)."""
        level = self.level
        approach = self.ev.approach_from(self.root, self.fid)
        moving = [(approach(c.to), c.order, c) for c in cands if c.to is not None]
        moving.sort(key=lambda m: (m[0], m[1]))
        if len(moving) > level.moves:
            dropped = {id(m[2]) for m in moving[level.moves:]}
            cands = [c for c in cands if id(c) not in dropped]
        if level.breadth is not None:
            others = [c for c in cands if c.to is None]
            if len(others) > level.breadth:  # easy overlooks some options (seeded, so replays agree)
                look = mix_state(self.key, "look")  # mix(self.key, "look", order), the prefix hashed once
                others.sort(key=lambda c: splitmix64(look ^ c.order) & MASK63)
                dropped = {id(c) for c in others[level.breadth:]}
                cands = [c for c in cands if id(c) not in dropped]
        return cands, moving

    def _first_look(self, cands: list[Candidate], moving: list[tuple[float, int, Candidate]]) -> None:
        """One sample of each candidate, in an order that survives a small budget: actions aimed at someone,
        the three best moves, the other actions, the other moves. Variants (the same kind of action at the
        same target: other locations, maneuvers, weapons) wait behind their group's first member; the
        ``level.expand`` best groups are opened up after."""
        rank = {id(m[2]): i for i, m in enumerate(moving)}
        root = self.root
        aim = self.ev.targets.get(self.fid)
        live = {f.id for f in root.fighters if self.ruleset.can_fight(root, f)}

        def first(c: Candidate) -> tuple[int, int]:
            r = rank.get(id(c))
            if r is not None:
                return (2 if r < 3 else 4, r)
            target = getattr(c.action, "target", None)
            if isinstance(target, str) and target:
                if target not in live:
                    return (5, c.order)  # a foe already out of the fight: last
                return (0 if target == aim else 1, c.order)
            return (3, c.order)

        groups: dict[tuple[str, str], list[Candidate]] = {}
        for c in cands:
            if id(c) in rank:
                continue
            target = getattr(c.action, "target", None)
            groups.setdefault((c.action.type, target if isinstance(target, str) else ""), []).append(c)
        later = {id(c) for g in groups.values() for c in g[1:]}
        self.groups = groups
        for c in sorted(cands, key=first):
            if id(c) not in later:
                self.sample(c, 0)
        ranked = sorted((g for g in groups.values() if len(g) > 1 and g[0].values and not g[0].failed),
                        key=lambda g: -g[0].mean)
        for g in ranked[:self.level.expand]:
            for c in g[1:]:
                self.sample(c, 0)

    def _pair_first(self, cands: list[Candidate]) -> None:
        """Sample 1 (the mirror of sample 0's dice) for every uncertain action looked at once, moves aside (they
        are many, and what they are for is the hex, not a roll): one roll of a contest says little, and an
        action whose one roll failed would rank below every action that cannot fail."""
        for c in cands:
            if not c.exact and not c.failed and len(c.values) == 1 and c.to is None:
                self.sample(c, 1)

    def odds_of(self, c: Candidate) -> dict[str, float] | None:
        """The engine's exact odds for ``c``'s action (asked once; None: the ruleset has none for it)."""
        if not c.odds_known:
            c.odds_known = True
            try:
                c.odds = self.ruleset.odds(self.root, c.action)
            except Exception:  # noqa: BLE001 - a ruleset without odds for this action: sample it
                c.odds = None
        return c.odds

    def sample(self, c: Candidate, s: int) -> None:
        """Resolve ``c`` once more with sample ``s``'s dice and add the gain (and each part's) to its record;
        an engine error marks it failed (reported, never raised)."""
        try:
            child, rolled = self.play(self.root, c.action, s)
        except OutOfBudget:
            raise
        except Exception as exc:  # noqa: BLE001 - an engine bug: report it, never crash the game
            c.failed = f"{c.action.text()}: {type(exc).__name__}: {exc}"
            self.errors.append(c.failed)
            return
        if s == 0 and not rolled:
            c.exact = True  # no dice, no chance: one look is the whole truth
        parts = self.ev.parts(child)
        c.values.append(sum(parts.values()) - self.base)
        acc = c.parts
        if acc is None:
            acc = c.parts = dict.fromkeys(PARTS, 0.0)
        base = self.base_parts
        for k, v in parts.items():
            acc[k] += v - base[k]
        if len(c.states) < self.level.reply_states:
            c.states.append(child)

    def choose(self, cands: list[Candidate]) -> Candidate | None:
        """The pick: hard takes the best; weaker levels draw from a softmax over the best of each kind."""
        scored = [c for c in cands if c.values and not c.failed]
        if not scored:
            ok = [c for c in cands if not c.failed]
            return ok[0] if ok else None
        pool = compared(scored)
        # equal scores: an action that may change something (it rolled dice) before one that cannot
        pool.sort(key=lambda c: (-round(c.score, 9), c.exact, c.order))
        t = self.level.temperature
        if t <= 0 or len(pool) == 1:
            return pool[0]
        # a softmax over the best action of each kind: a weaker level picks the wrong kind of action
        # now and then (a visible mistake) rather than one of six equivalent turns on the spot
        best_of: dict[str, Candidate] = {}
        for c in pool:
            best_of.setdefault(c.action.type, c)
        top = pool[0].score
        # only kinds within reach of the best, and at most four: a dozen do-nothing kinds must not
        # add up to outweigh a clearly better action
        kinds = [c for c in best_of.values() if c.score >= top - 4 * t][:4]
        weights = [math.exp((c.score - top) / t) for c in kinds]
        u = uniform(mix(self.key, "choose")) * sum(weights)
        for c, wgt in zip(kinds, weights):
            u -= wgt
            if u <= 0:
                return c
        return kinds[-1]

    # explanation -------------------------------------------------------------------------
    def reason(self, c: Candidate) -> str:
        """Why ``c`` scored as it did, for the combat log: the reply expected, its odds, its main parts."""
        bits = []
        if self.opp.explain:
            self.odds_of(c)
        if c.reply_note:
            bits.append(c.reply_note)
        if c.odds and len(c.odds) > 1:
            top = sorted(c.odds.items(), key=lambda kv: -kv[1])[:2]
            bits.append(" / ".join(f"{k} {v:.0%}" for k, v in top))
        if c.values and c.parts is not None:
            n = len(c.values)
            parts = sorted(((k, v / n) for k, v in c.parts.items()), key=lambda kv: -abs(kv[1]))
            words = [f"{k} {v:+.1f}" for k, v in parts[:2] if abs(v) >= 0.05]
            bits.append(", ".join(words) if words else "no change")
        return "; ".join(bits) or "the only choice"

    def decision(self, chosen: Candidate | None, cands: list[Candidate], t0: float) -> Decision:
        """The answer: ``chosen`` with up to three alternatives among those compared fairly, best first."""
        elapsed = (time.perf_counter() - t0) * 1000.0
        if chosen is None:
            return Decision(self.fid, None, 0.0, "no legal action", level=self.level.name, nodes=self.nodes,
                            elapsed_ms=elapsed, complete=self.complete, errors=tuple(self.errors))
        ranked = sorted((c for c in compared([c for c in cands if c.values and not c.failed]) if c is not chosen),
                        key=lambda c: (-c.score, c.order))
        alts = tuple(self.choice(c) for c in ranked[:3])
        score = chosen.score if chosen.values else 0.0
        reason = chosen.reply_note if self.level.random else self.reason(chosen)
        return Decision(self.fid, chosen.action, score if math.isfinite(score) else 0.0, reason, alts,
                        level=self.level.name, nodes=self.nodes, elapsed_ms=elapsed, complete=self.complete,
                        considered=len(cands), errors=tuple(self.errors),
                        chosen=None if self.level.random else self.choice(chosen))

    def choice(self, c: Candidate) -> Choice:
        """``c`` as the decision reports it (call after ``reason``, which asks for the odds when explaining)."""
        n = len(c.values)
        parts = {k: v / n for k, v in c.parts.items()} if n and c.parts is not None else {}
        score = c.score if c.values else 0.0
        return Choice(c.action, score if math.isfinite(score) else 0.0, self.reason(c), c.odds, n, parts,
                      c.reply_action, c.again)
