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
   position before acting.
3. **Look-ahead** (hard). The few best actions are re-scored against the
   likely reply: for a couple of sampled outcomes, the next foe who can act
   picks its best answer by the same evaluation from its side; the action is
   worth its mean over all samples plus the change that reply makes.
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
"""

from __future__ import annotations

import dataclasses
import math
import threading
import time
import zlib
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.ai.evaluate import PARTS, Evaluator
from game.ai.weights import Level, Weights, level_named, weights_for
from game.dice import SeededDice, splitmix64
from game.hexgrid import Hex, hex_distance
from game.model import RngState

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Action, Option, Ruleset

__all__ = ["Opponent", "Decision", "Choice", "mix", "mix_state"]

_MASK = (1 << 64) - 1


_MIX_START = 0x243F6A8885A308D3
#: crc32 of the strings ``mix`` has seen (purposes, rule ids, action texts: a few hundred in a battle);
#: cleared when it grows past a bound so a long run cannot grow it without end
_CRC: dict[str, int] = {}


def _crc(p: str) -> int:
    v = _CRC.get(p)
    if v is None:
        if len(_CRC) > 8192:
            _CRC.clear()
        v = _CRC[p] = zlib.crc32(p.encode())
    return v


def mix_state(*parts: int | str, start: int = _MIX_START) -> int:
    """The running state of ``mix`` after ``parts``: ``mix(a, b, c) == mix_state(c, start=mix_state(a, b))
    & (2**63 - 1)``, so a hash over many values that share a prefix hashes the prefix once."""
    x = start
    for p in parts:
        x = splitmix64(x ^ (_crc(p) if isinstance(p, str) else int(p) & _MASK))
    return x


_MASK63 = (1 << 63) - 1


def mix(*parts: int | str) -> int:
    """A stable 63-bit hash of ints and strings (never Python's salted ``hash``)."""
    return mix_state(*parts) & _MASK63


def _uniform(key: int) -> float:
    return (splitmix64(key) >> 11) / float(1 << 53)


@dataclass(frozen=True)
class Choice:
    """One action the opponent weighed: its score (expected gain) and why."""

    action: Action
    score: float
    reason: str
    odds: dict[str, float] | None = None
    samples: int = 0
    #: the mean gain of each part of the evaluation (``evaluate.PARTS``) over the samples
    parts: dict[str, float] = field(default_factory=dict)
    #: the foe's answer the look-ahead expects (None: not looked ahead), and whether the mover strikes again
    #: before it (the turn order gives it the next slot too)
    reply: Action | None = None
    again: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action.to_dict(), "text": self.action.text(), "score": round(self.score, 3),
                "reason": self.reason, "samples": self.samples,
                "odds": {k: round(v, 4) for k, v in (self.odds or {}).items()},
                "parts": {k: round(v, 3) for k, v in self.parts.items()},
                "reply": self.reply.to_dict() if self.reply is not None else None, "again": self.again}


@dataclass(frozen=True)
class Decision:
    """What the opponent chose for ``fighter`` and the two or three alternatives it weighed.

    ``action`` is ``None`` only when the fighter had no legal action at all.
    ``alternatives`` are the next best, best first, each with its score and
    reason, for the combat log.
    """

    fighter: str
    action: Action | None
    score: float
    reason: str
    alternatives: tuple[Choice, ...] = ()
    level: str = "normal"
    nodes: int = 0
    elapsed_ms: float = 0.0
    complete: bool = True
    considered: int = 0
    errors: tuple[str, ...] = ()
    #: the chosen action as one of the weighed (its odds, the parts of its score, the reply expected)
    chosen: Choice | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "fighter": self.fighter, "action": self.action.to_dict() if self.action else None,
            "text": self.action.text() if self.action else None, "score": round(self.score, 3),
            "reason": self.reason, "chosen": self.chosen.to_dict() if self.chosen is not None else None,
            "alternatives": [c.to_dict() for c in self.alternatives],
            "level": self.level, "nodes": self.nodes, "elapsed_ms": round(self.elapsed_ms, 1),
            "complete": self.complete, "considered": self.considered, "errors": list(self.errors),
        }

    def explain(self) -> str:
        """One line for the combat log: the choice, then the alternatives weighed."""
        if self.action is None:
            return f"{self.fighter}: nothing to do"
        head = f"{self.action.text()} ({self.score:+.2f}: {self.reason})"
        if not self.alternatives:
            return head
        alts = "; ".join(f"{c.action.text()} {c.score:+.2f}" for c in self.alternatives)
        return f"{head} | also weighed: {alts}"


# -- the search ---------------------------------------------------------------------------


class _OutOfBudget(Exception):
    pass


class _Keyed(SeededDice):
    """Scratch dice whose faces are keyed by what a roll is for (its purpose and rule, the purpose of the roll
    before it, how often that came up) rather than by how many dice were rolled before: common random numbers
    that survive an extra roll elsewhere (a set weapon striking first must not change the charger's own roll).
    ``mirror``: the antithetic stream, every face ``f`` of a d``n`` becomes ``n + 1 - f``."""

    def __init__(self, state, mirror: bool = False) -> None:  # noqa: ANN001
        super().__init__(state)
        self.mirror = mirror
        self._seen: dict[tuple[str, str, int, str], int] = {}
        self._last = ""

    def roll(self, count: int, sides: int, purpose: str = "", rule: str = "") -> list[int]:
        key = (purpose, rule, sides, self._last)
        n = self._seen.get(key, 0)
        self._seen[key] = n + 1
        self._last = purpose
        base = mix(self.state.seed, purpose, rule, sides, key[3], n)
        faces = [splitmix64(base + i) % sides + 1 for i in range(count)]
        if self.mirror:
            faces = [sides + 1 - f for f in faces]
        self.state.counter += count
        self.used.extend(faces)
        return faces


@dataclass(slots=True)
class _Cand:
    """One legal action under consideration. A decision makes dozens (every destination hex is one) and
    resolves a dozen, so what only a resolved candidate needs (``parts``) is made on its first sample."""

    action: Action
    order: int
    #: the action's destination hex, if it has one (worked out once: every stage sorts moves apart)
    to: Hex | None = None
    odds: dict[str, float] | None = None
    odds_known: bool = False
    exact: bool = False
    values: list[float] = field(default_factory=list)
    parts: dict[str, float] | None = None  # summed gain per evaluation part over the samples
    states: list[Battle] = field(default_factory=list)
    #: what the foe's likely reply changes in this action's value (None: not looked ahead)
    reply: float | None = None
    reply_note: str = ""
    #: the foe's answer the look-ahead expects after this action (None: no look-ahead, or no answer)
    reply_action: Action | None = None
    #: the turn order lets the mover strike again before that answer (a phased round)
    again: bool = False
    #: per outcome searched for a reply: (the outcome, the foe's reply and its dice key, or None where it
    #: strikes again first or nobody answers, and the change the reply made)
    replies: list[tuple[Battle, Action | None, str, float]] = field(default_factory=list)
    #: its reply was rolled ``Level.reply_refine`` times (once any is, only those are compared)
    refined: bool = False
    failed: str = ""

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else -math.inf

    @property
    def score(self) -> float:
        return self.mean + self.reply if self.reply is not None else self.mean


#: action class -> whether it has a ``to`` field at all (most do not: a menu's hundred options are asked)
_HAS_TO: dict[type, bool] = {}


def _best_chance(ruleset: Ruleset, odds: dict[str, float] | None) -> float | None:
    """The chance of the outcome an action is taken for (what a long shot is a shot at): the ruleset's
    ``headline`` of the engine's odds (None: they name none)."""
    key = ruleset.headline(odds)
    return float(odds[key]) if key is not None and odds else None


def _has_hex_field(action: Action, name: str = "to") -> Hex | None:
    if name == "to":
        cls = action.__class__
        has = _HAS_TO.get(cls)
        if has is None:
            has = _HAS_TO[cls] = hasattr(cls, "to") or "to" in getattr(cls, "__dataclass_fields__", {}) \
                or not hasattr(cls, "__dataclass_fields__")
        if not has:
            return None
    value = getattr(action, name, None)
    if value.__class__ in _PAIR and len(value) == 2:
        q, r = value
        if isinstance(q, int) and isinstance(r, int):
            return Hex(q, r)
    elif isinstance(value, tuple | list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return Hex(value[0], value[1])
    return None


_PAIR = (tuple, list)


@dataclass(slots=True)
class _ReplyRolls:
    """The rolls of one reply the foe may make in one state: both sides' values after each."""

    action: Action
    key: str  # its dice (the same for every action of ours it answers)
    foe_vals: list[float] = field(default_factory=list)
    our_vals: list[float] = field(default_factory=list)
    rolled: bool = False

    @property
    def foe(self) -> float:
        """The foe's mean value (rounded: equal outcomes compare equal whatever the order of the sum)."""
        return round(sum(self.foe_vals) / len(self.foe_vals), 9)

    @property
    def ours(self) -> float:
        return sum(self.our_vals) / len(self.our_vals)

    def roll(self, search: _Search, state: Battle, foe_ev: Evaluator, upto: int) -> bool:
        """Roll on to ``upto`` samples (one, if the reply rolls no dice); False if it could not be played."""
        for i in range(len(self.foe_vals), upto):
            try:
                child, self.rolled = search.play(state, self.action, (self.key, i))
            except _OutOfBudget:
                raise
            except Exception as exc:  # noqa: BLE001 - an engine bug: report it, never crash the game
                search.errors.append(f"{self.action.text()}: {type(exc).__name__}: {exc}")
                break
            self.foe_vals.append(foe_ev.value(child))
            self.our_vals.append(search.ev.value(child))
            if not self.rolled:
                break
        return bool(self.foe_vals)


def _compared(scored: list[_Cand]) -> list[_Cand]:
    """The candidates whose scores compare fairly: those whose reply was refined, else those looked ahead,
    else all (each stage replaces the one before it only for the actions it finished)."""
    refined = [c for c in scored if c.refined]
    if refined:
        return refined
    looked = [c for c in scored if c.reply is not None]
    return looked or scored


def _shifted(action: Action, by: tuple[int, int]) -> Action:
    """``action`` with its ``to`` hex moved by ``by`` (the same action if it has none or cannot be copied)."""
    to = getattr(action, "to", None)
    h = _has_hex_field(action)
    if h is None:
        return action
    moved = (h.q + by[0], h.r + by[1])
    try:
        return dataclasses.replace(action, to=list(moved) if isinstance(to, list) else moved)  # type: ignore[type-var]
    except (TypeError, ValueError):
        return action


class _Search:
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
        self._foe_evs: dict[str, Evaluator] = {}
        self._replier: str | None = None
        self._ours_at_root: dict[str, Hex] = {}
        self._policy: Any = None  # the ruleset's initiative policy (False: none)
        self._own_pool: list[Action] = []  # the mover's blows (one per kind and foe) for a follow-up
        #: the replier's kept options and, for each, the one of ours it is aimed at or ends next to
        self._reply_pool: list[tuple[Action, str | None]] = []
        #: (kind, target) -> the candidates of that kind at that target (variants: locations, defences...)
        self._groups: dict[tuple[str, str], list[_Cand]] = {}

    # budget ------------------------------------------------------------------------
    def spend(self) -> None:
        if self.gen <= self.opp._cancelled:
            raise _OutOfBudget
        if self.node_budget is not None and self.nodes >= self.node_budget:
            raise _OutOfBudget
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfBudget
        self.nodes += 1

    def dice(self, sample: int | str | tuple[str, int]) -> SeededDice:
        """Scratch dice for sample ``sample``: samples 2k and 2k+1 are antithetic (face -> sides + 1 - face),
        so a pair sees a low and a high roll and the mean of a pair is already a fair estimate. A reply's
        samples are ``(key, i)``, paired the same way."""
        if isinstance(sample, tuple):
            key, i = sample
            return _Keyed(RngState(seed=mix(self.key, key, i - i % 2), counter=0), mirror=i % 2 == 1)
        if isinstance(sample, int):
            return _Keyed(RngState(seed=mix(self.key, sample - sample % 2), counter=0), mirror=sample % 2 == 1)
        return _Keyed(RngState(seed=mix(self.key, sample), counter=0))

    def play(self, state: Battle, action: Action, sample: int | str | tuple[str, int]) -> tuple[Battle, bool]:
        """Resolve ``action`` on a clone of ``state`` with scratch dice ``sample``; (child, rolled any dice)."""
        self.spend()
        child = state.clone(with_log=False)
        dice = self.dice(sample)
        action.resolve(child, dice)
        return child, bool(dice.used)

    # stages --------------------------------------------------------------------------
    def run(self, given: list[Option] | None = None) -> Decision:
        t0 = time.perf_counter()
        level = self.level
        if given is None:
            given = self.ruleset.legal_actions(self.root, self.fid)
        options = [o.action for o in given if o.reason is None]
        seen: set[tuple[str, str]] = set()
        me = self.root.fighter(self.fid)
        foes = {f.id for f in self.root.fighters if f.side != me.side}
        own_pool = self._own_pool
        for o in given:  # legal or not: a blow out of reach now may land after a move
            if len(own_pool) >= 8:
                break
            target = getattr(o.action, "target", None)
            if target in foes and (o.action.type, target) not in seen and _has_hex_field(o.action) is None:
                seen.add((o.action.type, target))
                own_pool.append(o.action)
        if not options:
            return self._decision(None, [], t0)
        if level.random:
            pick = options[int(_uniform(self.key) * len(options)) % len(options)]
            return self._decision(_Cand(pick, 0, reply_note="a random legal action"), [], t0)
        cands = [_Cand(a, i, _has_hex_field(a)) for i, a in enumerate(options)]
        if len(cands) == 1:
            return self._decision(cands[0], cands, t0)
        # moves (any action with a ``to`` hex) are many: look at the ones that serve the plan best
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
                others.sort(key=lambda c: splitmix64(look ^ c.order) & _MASK63)
                dropped = {id(c) for c in others[level.breadth:]}
                cands = [c for c in cands if id(c) not in dropped]
        # first look in an order that survives a small budget: actions aimed at someone, the three
        # best moves, the other actions, the other moves
        rank = {id(m[2]): i for i, m in enumerate(moving)}
        root = self.root
        aim = self.ev.targets.get(self.fid)
        live = {f.id for f in root.fighters if self.ruleset.can_fight(root, f)}

        def first(c: _Cand) -> tuple[int, int]:
            r = rank.get(id(c))
            if r is not None:
                return (2 if r < 3 else 4, r)
            target = getattr(c.action, "target", None)
            if isinstance(target, str) and target:
                if target not in live:
                    return (5, c.order)  # a foe already out of the fight: last
                return (0 if target == aim else 1, c.order)
            return (3, c.order)

        # variants (the same kind of action at the same target: other locations, maneuvers, weapons)
        # wait behind their group's first member; the best groups are opened up after the first look
        groups: dict[tuple[str, str], list[_Cand]] = {}
        for c in cands:
            if id(c) in rank:
                continue
            target = getattr(c.action, "target", None)
            groups.setdefault((c.action.type, target if isinstance(target, str) else ""), []).append(c)
        later = {id(c) for g in groups.values() for c in g[1:]}
        self._groups = groups

        try:
            for c in sorted(cands, key=first):
                if id(c) not in later:
                    self.sample(c, 0)
            ranked = sorted((g for g in groups.values() if len(g) > 1 and g[0].values and not g[0].failed),
                            key=lambda g: -g[0].mean)
            for g in ranked[:level.expand]:
                for c in g[1:]:
                    self.sample(c, 0)
            # sampling: successive rounds over the best uncertain actions
            for s in range(1, level.samples):
                live = [c for c in cands if not c.exact and not c.failed and c.values]
                live.sort(key=lambda c: -c.mean)
                for c in live[:level.top]:
                    self.sample(c, s)
            if level.refine:
                self.long_shots(cands)
            if level.lookahead:
                self.lookahead(cands)
            if level.refine:
                self.refine(cands)
            if level.reply_refine:
                self.refine_replies(cands)
        except _OutOfBudget:
            self.complete = False
        return self._decision(self.choose(cands), cands, t0)

    def long_shots(self, cands: list[_Cand]) -> None:
        """An action that rolled dice but whose samples all came out alike has not shown what it can do: a
        break free that wins one time in ten fails all six first samples about half the time, and would
        never reach the look-ahead. The engine's exact odds say how likely its best outcome is; the best few
        such actions whose chance lies between 3% and 50% are sampled on, a pair at a time, until an outcome
        differs or as often as that chance needs to show itself 19 times in 20 (at most twice
        ``level.refine``). A quarter of the budget at most: the look-ahead comes next."""
        cap = 2 * self.level.refine
        alike = [c for c in cands if not c.exact and not c.failed and c.values
                 and max(c.values) - min(c.values) < 1e-9]
        alike.sort(key=lambda c: (-c.mean, c.order))
        stop_nodes = self.nodes + self.node_budget // 4 if self.node_budget is not None else None
        stop_time = None if self.deadline is None else \
            time.perf_counter() + 0.25 * (self.deadline - time.perf_counter())
        for c in alike[:6]:
            p = _best_chance(self.ruleset, self.odds_of(c))
            if p is None or not 0.03 <= p <= 0.5:
                continue
            need = min(cap, math.ceil(math.log(0.05) / math.log(1.0 - p)))
            first = c.values[0]
            while len(c.values) < need and all(abs(v - first) < 1e-9 for v in c.values):
                if (stop_nodes is not None and self.nodes + 2 > stop_nodes) or \
                        (stop_time is not None and time.perf_counter() > stop_time):
                    return
                n = len(c.values)
                self.sample(c, n + n % 2)  # a whole antithetic pair, whatever came before
                self.sample(c, n + n % 2 + 1)

    def refine(self, cands: list[_Cand]) -> None:
        """With budget to spare, sample the three best uncertain actions further, an antithetic pair at a
        time, up to ``level.refine`` samples each: the choice is made between these, and six samples of a
        blow that does 1d8 doubled cannot tell it from a thrown spear's 1d6. Scores stay comparable while
        this runs (each is a mean plus the reply's change), so stopping anywhere is fine."""
        target = self.level.refine
        while True:
            looked = any(c.reply is not None for c in cands)
            live = [c for c in cands if c.values and not c.failed and (c.reply is not None or not looked)]
            live.sort(key=lambda c: (-c.score, c.order))
            todo = [c for c in live[:3] if not c.exact and len(c.values) < target]
            if not todo:
                return
            for c in todo:
                n = len(c.values)
                self.sample(c, n)
                self.sample(c, n + 1)

    def odds_of(self, c: _Cand) -> dict[str, float] | None:
        if not c.odds_known:
            c.odds_known = True
            try:
                c.odds = self.ruleset.odds(self.root, c.action)
            except Exception:  # noqa: BLE001 - a ruleset without odds for this action: sample it
                c.odds = None
        return c.odds

    def sample(self, c: _Cand, s: int) -> None:
        try:
            child, rolled = self.play(self.root, c.action, s)
        except _OutOfBudget:
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

    def lookahead(self, cands: list[_Cand]) -> None:
        ranked = sorted((c for c in cands if c.values and not c.failed), key=lambda c: -c.mean)
        top = ranked[:self.level.lookahead]
        if len(top) < 2:
            return
        self._replier = replier = self.replier()
        if replier is not None:
            self.spend()  # the legal_actions call below is a big step: stop first if time is up
            # the replier's options once, at the root, legal or not (grab us and it may break free);
            # each sampled state then only checks the few kept
            root = self.root
            saved = root.current
            root.current = replier
            try:
                every = self.ruleset.legal_actions(root, replier)
            finally:
                root.current = saved
            every.sort(key=lambda o: o.reason is not None)  # per (kind, target) keep a legal variant
            self._reply_pool = self.prune_replies(root, [o.action for o in every], replier)
        # a big melee has spent much on the first look already: search one outcome per action
        states = self.level.reply_states if self.nodes < 120 else 1
        results: list[tuple[_Cand, float, str, Action | None, bool]] = []
        for c in top:
            results.append((c, *self.replied(c, states)))
        # only a finished look-ahead replaces the first-look scores (all or nothing, to compare fairly)
        for c, v, note, reply, again in results:
            c.reply, c.reply_note, c.reply_action, c.again = v, note, reply, again
        for c in top:
            self.share_reply(c)
        # actions that rolled no dice and changed nothing the evaluation sees may prepare something for the
        # foe's turn (a weapon set against a charge, a defence, an aim): only the look-ahead can value them.
        # The best of a few such kinds get a look each while the budget lasts (each one is compared fairly
        # with the others once it is done; one cut short is left out)
        looked = {c.action.type for c in top}
        extra = 0
        for c in ranked[len(top):]:
            if extra >= self.level.lookahead_quiet:
                break
            if not c.exact or c.action.type in looked or abs(c.mean) > 1e-9:
                continue
            looked.add(c.action.type)
            extra += 1
            c.reply, c.reply_note, c.reply_action, c.again = self.replied(c, 1)
            self.share_reply(c)

    def share_reply(self, c: _Cand) -> None:
        """The other variants of a quiet action (no dice, nothing the evaluation sees: all-out defence of a
        parry rather than a dodge) all look alike until the foe strikes, so they wait behind the first and are
        never looked ahead. They face the reply found for ``c``, with the same dice: a look at each costs one
        resolution and the reply's samples, not a search of the foe's options. (The foe might answer one
        variant otherwise; it is the likely blow, rolled alike, that tells a useful defence from a useless
        one.)"""
        if not self.level.reply_refine or not c.exact or abs(c.mean) > 1e-9 or c.reply is None or not c.replies:
            return
        target = getattr(c.action, "target", None)
        _, reply, key, delta0 = c.replies[0]
        for sib in self._groups.get((c.action.type, target if isinstance(target, str) else ""), ()):
            if sib is c or sib.reply is not None or sib.failed:
                continue
            if not sib.values:
                self.sample(sib, 0)
            if sib.failed or not sib.exact or abs(sib.mean) > 1e-9 or not sib.states:
                continue
            state = sib.states[0]
            delta = delta0 if reply is None else self.after_reply(state, reply, key, self.level.reply_samples)
            sib.replies = [(state, reply, key, delta)]
            sib.reply, sib.reply_note, sib.reply_action, sib.again = delta, c.reply_note, c.reply_action, c.again

    def replied(self, c: _Cand, states: int) -> tuple[float, str, Action | None, bool]:
        """What the foe's reply changes in ``c``'s value, and the first outcome's expected reply (its note,
        the action, whether the mover strikes again first).

        Only a few sampled outcomes are searched for a reply, so ``c`` is worth the mean over *all* its
        samples plus the change the reply makes on the searched ones (``_Cand.score``). Their value after the
        reply alone would judge a long shot (a 10% break free from a choke hold) by two outcomes that most
        likely both failed, and so exactly like doing nothing.
        """
        deltas = []
        note, reply, again = "", None, False
        found = []
        for state in c.states[:states]:
            v, note_i, reply_i, again_i, key = self.reply_value(state)
            deltas.append(v - (self.ev.value(state) - self.base))
            found.append((state, None if again_i else reply_i, key, deltas[-1]))
            if not note:
                note, reply, again = note_i, reply_i, again_i
        c.replies = found
        return sum(deltas) / len(deltas), note, reply, again

    def refine_replies(self, cands: list[_Cand]) -> None:
        """With budget to spare, the foe's reply is rolled ``level.reply_refine`` times instead of twice on each
        outcome searched, with the same dice for every action. Two rolls of a blow seldom tell all-out defence
        from doing nothing, and a strangle that two rolls call mild may kill one time in four. Since the reply
        hurts every action alike, refining only the leader would be unfair to it: the best action not yet
        refined is refined next, until the best refined one leads all the others by a quarter of an hp bar
        (twelve at most). An action's reply is replaced only once all its outcomes are done, and once any is,
        the choice is made among the refined ones (``_compared``): the others were found clearly worse, or were
        not reached, and their two-roll scores cannot be compared fairly with eight-roll ones."""
        looked = [c for c in cands if c.reply is not None and c.values and not c.failed and c.replies]
        if len(looked) < 2:
            return
        margin = self.weights.hp / 4
        n = self.level.reply_refine
        done: list[_Cand] = []
        while len(done) < 12:
            rest = sorted((c for c in looked if c not in done), key=lambda c: (-c.score, c.order))
            if not rest or (done and rest[0].score < max(c.score for c in done) - margin):
                return
            c = rest[0]
            deltas = [old if reply is None else self.after_reply(state, reply, key, n)
                      for state, reply, key, old in c.replies]
            c.reply = sum(deltas) / len(deltas)
            c.refined = True
            done.append(c)

    def after_reply(self, state: Battle, reply: Action, key: str, n: int) -> float:
        """What ``n`` rolls of the foe's ``reply`` (one if it rolls no dice) change in our value in ``state``,
        on average: the reply's dice ``key`` makes them the same rolls for every action compared."""
        vals = []
        for i in range(n):
            child, rolled = self.play(state, reply, (key, i))
            vals.append(self.ev.value(child))
            if not rolled:
                break
        return sum(vals) / len(vals) - self.ev.value(state)

    def follow_up(self, state: Battle) -> list[Battle]:
        """The mover's best blow in ``state`` (its kept options aimed at a foe, one antithetic pair each, by our
        evaluation): the sampled outcomes, or none when no blow helps."""
        saved = state.current
        state.current = self.fid
        try:
            opts = [a for a in self._own_pool if a.check(state) is None]
        except Exception:  # noqa: BLE001
            opts = []
        finally:
            state.current = saved
        here = self.ev.value(state)
        best: tuple[float, list[Battle]] | None = None
        for a in opts:
            kids: list[Battle] = []
            for s in range(2):
                try:
                    child, rolled = self.play(state, a, ("follow:" + a.text(), s))
                except _OutOfBudget:
                    raise
                except Exception as exc:  # noqa: BLE001
                    self.errors.append(f"{a.text()}: {type(exc).__name__}: {exc}")
                    break
                kids.append(child)
                if not rolled:
                    break
            if kids:
                m = sum(self.ev.value(k) for k in kids) / len(kids)
                if m > here + 1e-9 and (best is None or m > best[0]):
                    best = (m, kids)
        return best[1] if best else []

    def reply_value(self, state: Battle, follow: bool = True) -> tuple[float, str, Action | None, bool, str]:
        """Our value after the likely foe's best reply in ``state``; a note, that reply, whether the mover
        strikes again before it, and the key of the reply's dice."""
        replier = self._replier
        if replier is None or state.get(replier) is None or not self.ruleset.can_act(state, state.fighter(replier)):
            return self.ev.value(state) - self.base, "", None, False, ""
        nxt, probe = self.acts_next(state) if follow and self._own_pool else (None, state)
        if nxt == self.fid:
            # the turn order gives the mover the next slot too (a phased round: it moves, then strikes on the
            # same number): its best blow comes first, then the foe's reply
            kids = self.follow_up(probe)
            if kids:
                vals = [self.reply_value(k, follow=False) for k in kids]
                return (sum(v[0] for v in vals) / len(vals), "strikes again first, " + (vals[0][1] or "no reply"),
                        vals[0][2], True, "")
        foe = state.fighter(replier)
        foe_ev = self._foe_evs.get(foe.side)
        if foe_ev is None:
            foe_ev = self._foe_evs[foe.side] = Evaluator(self.root, self.ruleset, foe.side, self.weights,
                                                         mover=replier)
        # the pool was gathered at the root: a move or charge aimed at one of ours who has moved since is
        # aimed at where it stands now (its destination shifted as far as our fighter went)
        shift: dict[str, tuple[int, int]] = {}
        for fid, h in self._ours_at_root.items():
            now = state.get(fid)
            if now is not None and now.hex != h:
                shift[fid] = (now.hex.q - h.q, now.hex.r - h.r)
        saved = state.current
        state.current = replier
        options: list[tuple[Action, str]] = []
        try:
            for a, anchor in self._reply_pool:
                # the reply's dice are keyed by the reply as gathered, not as shifted: the same foe's blow
                # rolls the same dice whether our fighter stood or stepped back (common random numbers)
                key = "reply:" + a.text()
                if anchor in shift:
                    a = _shifted(a, shift[anchor])
                try:
                    if a.check(state) is None:
                        options.append((a, key))
                except Exception as exc:  # noqa: BLE001
                    self.errors.append(f"{a.text()}.check: {type(exc).__name__}: {exc}")
        finally:
            state.current = saved
        # the foe's best answer by its own evaluation: each option is rolled ``reply_samples`` times; uncertain
        # options tied at the top (a blow parried in both rolls looks like a feint that failed, and like doing
        # nothing) are rolled up to ``reply_refine`` times to tell them apart; still tied, one that rolled dice
        # comes before one that did not, as in ``choose``
        scored = [r for a, key in options if (r := _ReplyRolls(a, key)).roll(self, state, foe_ev,
                                                                              self.level.reply_samples)]
        if not scored:
            return self.ev.value(state) - self.base, "", None, False, ""
        top = max(r.foe for r in scored)
        tied = [r for r in scored if r.rolled and r.foe > top - 1e-9]
        if len(tied) > 1 and self.level.reply_refine > self.level.reply_samples:
            for r in tied:
                r.roll(self, state, foe_ev, self.level.reply_refine)
        best = max(scored, key=lambda r: (r.foe, r.rolled))  # the first of equals: the pool's order
        return best.ours - self.base, f"after {best.action.text()}", best.action, False, best.key

    def acts_next(self, state: Battle) -> tuple[str | None, Battle]:
        """Who the turn order lets act after the action that led to ``state`` (None: not known, or a new
        round), and a copy of ``state`` with the turn order moved on to that slot."""
        if self._policy is False:
            return None, state
        if self._policy is None:
            try:
                self._policy = self.ruleset.initiative() or False
            except Exception:  # noqa: BLE001 - a ruleset without a policy: no opinion
                self._policy = False
                return None, state
        probe = state.clone(with_log=False)
        try:
            for _ in range(6 * len(probe.fighters) + 6):
                fid = self._policy.next(probe)
                if fid is None:
                    return None, state
                f = probe.get(fid)
                if f is not None and self.ruleset.can_act(probe, f):
                    probe.current = fid
                    return fid, probe
        except Exception:  # noqa: BLE001 - a policy that cannot answer on a scratch state: no opinion
            return None, state
        return None, state

    def replier(self) -> str | None:
        """The foe who answers in the look-ahead: the next foe in turn order who can act (the same
        foe for every candidate, so that they are compared fairly), else the nearest foe."""
        root = self.root
        order = list(root.order)
        foes = {f.id: f for f in root.fighters if f.side != self.side and self.ruleset.can_act(root, f)}
        if not foes:
            return None
        if self.fid in order:
            i = order.index(self.fid)
            order = order[i + 1:] + order[:i]
        for fid in order:
            if fid in foes:
                return fid
        me = root.fighter(self.fid)
        return min(foes.values(), key=lambda f: (hex_distance(f.hex, me.hex), f.id)).id

    def prune_replies(self, state: Battle, options: list[Action], replier: str) -> list[Action]:
        """The replies worth a look: at most one per (kind, target) among actions aimed at one of ours
        within two hexes or at no one (breaking free, getting up...), and the moves that end next to
        one of ours (at most 3). In a big melee a foe has hundreds of options; this keeps under twenty."""
        me = state.fighter(replier)
        ours = {f.id: f.hex for f in state.fighters if f.side == self.side}
        self._ours_at_root = dict(ours)
        near = {fid for fid, h in ours.items() if hex_distance(h, me.hex) <= 2}
        keep: list[tuple[Action, str | None]] = []
        seen: set[tuple[str, str]] = set()
        moves: list[tuple[int, int, Action, str | None]] = []
        for a in options:
            to = _has_hex_field(a)
            target = getattr(a, "target", None)
            if isinstance(target, str) and target in ours and to is not None and hex_distance(to, ours[target]) <= 1:
                near = near | {target}  # a charge (or any move-and-strike) that ends next to one of ours
            if to is not None and not target:
                d, anchor = min(((hex_distance(to, h), fid) for fid, h in ours.items()), default=(99, None))
                if d <= 1:
                    moves.append((d, len(moves), a, anchor))
                continue
            if isinstance(target, str) and target:
                if target not in near:
                    continue
                key = (a.type, target)
            else:
                key = (a.type, "")
            if key in seen:
                continue
            seen.add(key)
            keep.append((a, target if isinstance(target, str) and target in ours else None))
        moves.sort(key=lambda m: (m[0], m[1]))
        return keep[:14] + [(m[2], m[3]) for m in moves[:3]]

    def choose(self, cands: list[_Cand]) -> _Cand | None:
        scored = [c for c in cands if c.values and not c.failed]
        if not scored:
            ok = [c for c in cands if not c.failed]
            return ok[0] if ok else None
        pool = _compared(scored)
        # equal scores: an action that may change something (it rolled dice) before one that cannot
        pool.sort(key=lambda c: (-round(c.score, 9), c.exact, c.order))
        t = self.level.temperature
        if t <= 0 or len(pool) == 1:
            return pool[0]
        # a softmax over the best action of each kind: a weaker level picks the wrong kind of action
        # now and then (a visible mistake) rather than one of six equivalent turns on the spot
        best_of: dict[str, _Cand] = {}
        for c in pool:
            best_of.setdefault(c.action.type, c)
        top = pool[0].score
        # only kinds within reach of the best, and at most four: a dozen do-nothing kinds must not
        # add up to outweigh a clearly better action
        kinds = [c for c in best_of.values() if c.score >= top - 4 * t][:4]
        weights = [math.exp((c.score - top) / t) for c in kinds]
        u = _uniform(mix(self.key, "choose")) * sum(weights)
        for c, wgt in zip(kinds, weights):
            u -= wgt
            if u <= 0:
                return c
        return kinds[-1]

    # explanation -------------------------------------------------------------------------
    def reason(self, c: _Cand) -> str:
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

    def _decision(self, chosen: _Cand | None, cands: list[_Cand], t0: float) -> Decision:
        elapsed = (time.perf_counter() - t0) * 1000.0
        if chosen is None:
            return Decision(self.fid, None, 0.0, "no legal action", level=self.level.name, nodes=self.nodes,
                            elapsed_ms=elapsed, complete=self.complete, errors=tuple(self.errors))
        ranked = sorted((c for c in _compared([c for c in cands if c.values and not c.failed]) if c is not chosen),
                        key=lambda c: (-c.score, c.order))
        alts = tuple(self.choice(c) for c in ranked[:3])
        score = chosen.score if chosen.values else 0.0
        reason = chosen.reply_note if self.level.random else self.reason(chosen)
        return Decision(self.fid, chosen.action, score if math.isfinite(score) else 0.0, reason, alts,
                        level=self.level.name, nodes=self.nodes, elapsed_ms=elapsed, complete=self.complete,
                        considered=len(cands), errors=tuple(self.errors),
                        chosen=None if self.level.random else self.choice(chosen))

    def choice(self, c: _Cand) -> Choice:
        """``c`` as the decision reports it (call after ``reason``, which asks for the odds when explaining)."""
        n = len(c.values)
        parts = {k: v / n for k, v in c.parts.items()} if n and c.parts is not None else {}
        score = c.score if c.values else 0.0
        return Choice(c.action, score if math.isfinite(score) else 0.0, self.reason(c), c.odds, n, parts,
                      c.reply_action, c.again)


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

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _decide(self, snapshot: Battle, ruleset: Ruleset | str, fighter_id: str, *,
                counted: bool = False, options: list[Option] | None = None, gen: int | None = None) -> Decision:
        if isinstance(ruleset, str):
            from game.rules.base import find_ruleset
            ruleset = find_ruleset(ruleset)
        if not counted:
            with self._lock:
                self._busy += 1
                self._asked += 1
                gen = self._asked
        try:
            search = _Search(self, snapshot, ruleset, fighter_id, gen or 0)
            return search.run(options)
        finally:
            with self._lock:
                self._busy -= 1
