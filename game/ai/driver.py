"""Whole battles, computer against computer, headless: for ``clinch simulate``, the soak test and the bench.

:func:`play_battle` seats a player on every side and plays until the battle
ends or hits the round limit. It drives the turn controller (``game.flow.turns``)
when that exists; otherwise a minimal built-in loop with the same contract
(initiative policy, start/end-of-turn hooks, effect expiry, end of battle).
Every intent a player submits is re-checked for legality by the driver
(``check`` on the live battle and membership of ``legal_actions``); an
intent the engine accepted although it was not offered is an invariant break.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from game.ai.invariants import check_invariants
from game.dice import SeededDice
from game.rules.events import apply_event

if TYPE_CHECKING:
    from game.ai.opponent import Decision
    from game.model import Battle
    from game.rules.base import Action, Option, Ruleset

__all__ = ["Player", "BattleResult", "play_battle", "ROUND_LIMIT", "GAIN_EVENTS", "succeeded"]

ROUND_LIMIT = 200

#: events that mean an action that rolled dice got somewhere (hurt, grip, throw, knock down, disarm)
GAIN_EVENTS = frozenset({"grapple_start", "grapple_change", "grapple_end", "posture", "condition", "item"})


def succeeded(events: list[dict[str, Any]]) -> bool:
    """Whether an action worked: one that rolled no dice (a step, a turn) always does; one that rolled
    did if it hurt someone, changed a grip, a posture, a condition or an item, or moved someone else."""
    rolled = False
    for ev in events:
        t = ev.get("type")
        if t in ("roll", "contest"):
            rolled = True
        elif t == "damage":
            if ev.get("injury", 1):
                return True
        elif t in GAIN_EVENTS:
            return True
        elif t == "move" and ev.get("target", ev.get("actor")) != ev.get("actor"):
            return True
    return not rolled


class Player(Protocol):
    def decide(self, battle: Battle, ruleset: Ruleset | str, fighter_id: str, *,
               options: list[Option] | None = None) -> Decision: ...


@dataclass
class BattleResult:
    winner: str | None = None  # side id; None for a draw or a stuck battle
    rounds: int = 0
    turns: int = 0
    stuck: bool = False
    error: str | None = None
    chosen: Counter[str] = field(default_factory=Counter)
    succeeded: Counter[str] = field(default_factory=Counter)
    breaks: list[str] = field(default_factory=list)
    decision_ms: list[float] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ended(self) -> bool:
        return not self.stuck and self.error is None


# -- the table: who acts, what may it do, submit --------------------------------------------------


class _MiniTable:
    """The controller's contract in 80 lines, used until ``game.flow.turns`` exists."""

    def __init__(self, battle: Battle, ruleset: Ruleset, round_limit: int) -> None:
        self.battle = battle
        self.ruleset = ruleset
        self.dice = SeededDice(battle.rng)
        self.policy = ruleset.initiative()
        self.round_limit = round_limit
        self.stuck = False
        ruleset.setup(battle)
        self._pending: str | None = None
        self._new_round()

    def _new_round(self) -> None:
        b = self.battle
        self.policy.start_round(b, self.dice)
        self._pending = self.policy.first(b)

    def _expire(self, fid: str, when: str) -> None:
        b = self.battle
        keep = []
        for eff in b.effects:
            until = eff.get("until")
            gone = (eff.get("fighter") == fid and until == when) or (
                when == "turn" and until == "turns" and b.turn - eff.get("start", 0) >= eff.get("turns", 1)) or (
                when == "round" and until == "end_of_round")
            if not gone:
                keep.append(eff)
        b.effects = keep

    def actor(self) -> str | None:
        """Advance to the next fighter who can act, running turn-start hooks; None when the battle is over."""
        b = self.battle
        guard = 0
        while not self._over():
            fid = self._pending
            if fid is None:
                self._expire("", "round")
                b.round += 1
                if b.round > self.round_limit:
                    self.stuck = True
                    return None
                self._new_round()
                guard += 1
                if guard > 3:
                    raise RuntimeError("the initiative policy gives nobody a turn")
                continue
            f = b.get(fid)
            if f is None or not self.ruleset.can_act(b, f):
                self._pending = self.policy.next(b)
                continue
            b.current = fid
            self._expire(fid, "next_turn")
            self.ruleset.start_turn(b, fid, self.dice)
            if self._over():
                return None
            if not self.ruleset.can_act(b, f):
                self._end_turn(fid)
                continue
            return fid
        return None

    def _end_turn(self, fid: str, hooked: bool = False) -> None:
        b = self.battle
        if not hooked:
            self.ruleset.end_turn(b, fid, self.dice)
        self._expire(fid, "end_of_turn")
        b.turn += 1
        self._expire(fid, "turn")
        self._pending = self.policy.next(b)

    def options(self, fid: str) -> list[Action]:
        return [o.action for o in self.ruleset.legal_actions(self.battle, fid) if o.reason is None]

    def refuses(self, action: Action) -> bool:
        return self.battle.current != action.actor or action.check(self.battle, self.ruleset) is not None

    def submit(self, action: Action) -> tuple[bool, str, list[dict[str, Any]], list[dict[str, Any]]]:
        reason = action.check(self.battle, self.ruleset)
        if reason is not None:
            return False, str(reason), [], []
        events = list(action.resolve(self.battle, self.dice, self.ruleset))
        n = len(events)
        events += self.ruleset.end_turn(self.battle, action.actor, self.dice) or []
        self._end_turn(action.actor, hooked=True)
        return True, "", events[:n], events

    def _over(self) -> bool:
        b = self.battle
        if b.ended:
            return True
        alive = {f.side for f in b.fighters if self.ruleset.can_fight(b, f)}
        if len(alive) <= 1:
            b.ended = True
            b.winner = next(iter(alive)) if alive else None
            return True
        return False


def _table(battle: Battle, ruleset: Ruleset, round_limit: int) -> Any:
    try:
        # late: optional dependency: game.ai.controller
        from game.ai.controller import ControllerTable
    except ImportError:
        return _MiniTable(battle, ruleset, round_limit)
    return ControllerTable(battle, ruleset, round_limit)


def _check_step(before: Battle, events: list[dict[str, Any]], after: Battle, ruleset: Ruleset,
                action: Action) -> list[str]:
    """Invariants after every event of one step (replayed on the state before it), then on the result."""
    out: list[str] = []
    seen: set[str] = set()
    for k, ev in enumerate(events):
        try:
            apply_event(before, ev)
        except Exception as exc:  # noqa: BLE001 - an event that cannot be applied is itself a break
            out.append(f"round {after.round}, {action.text()}: event {k} ({ev.get('type')}) does not apply: "
                       f"{type(exc).__name__}: {exc}")
            break
        for b in check_invariants(before, ruleset):
            if b not in seen:
                seen.add(b)
                out.append(f"round {after.round}, {action.text()}, after event {k} ({ev.get('type')}): {b}")
    for b in check_invariants(after, ruleset):
        if b not in seen:
            out.append(f"round {after.round}, after {action.text()}: {b}")
    return out


# -- one battle -------------------------------------------------------------------------------


def play_battle(battle: Battle, ruleset: Ruleset, players: dict[str, Player], *, round_limit: int = ROUND_LIMIT,
                check: bool = False, on_step: Callable[[Battle, Any, list[dict[str, Any]]], None] | None = None,
                max_turns: int | None = None, on_start: Callable[[Any], None] | None = None) -> BattleResult:
    """Play ``battle`` to its end (it is changed in place). ``players`` maps side id -> player.

    ``check``: test the engine's invariants after every step and re-check
    every intent against ``legal_actions`` (the soak test). Exceptions from
    the engine or a player are caught and reported in ``error``.
    ``on_start`` is called once with the turn controller playing the battle
    (``None`` on the minimal table), so a caller can save the battle through
    ``game.files.saves`` while it is played (the soak) or when it ends (``clinch simulate --save-dir``).
    """
    out = BattleResult()
    t0 = time.perf_counter()
    try:
        table = _table(battle, ruleset, round_limit)
        if on_start is not None:
            on_start(getattr(table, "ctl", None))
        turns = 0
        while True:
            fid = table.actor()
            if fid is None:
                break
            fighter = battle.fighter(fid)
            player = players[fighter.side]
            if check:
                options = ruleset.legal_actions(battle, fid)
                legal = [o.action for o in options if o.reason is None]
                refused = [o.action for o in options if o.reason is not None]
                if refused:  # the checked door must refuse what legal_actions marks illegal
                    probe = refused[battle.turn % len(refused)]
                    if not table.refuses(probe):
                        out.breaks.append(f"round {battle.round}: {probe.text()} is marked illegal but the "
                                          "controller would accept it")
                before = battle.clone(with_log=False)
            d0 = time.perf_counter()
            decision = player.decide(battle, ruleset, fid, options=options) if check else \
                player.decide(battle, ruleset, fid)
            out.decision_ms.append((time.perf_counter() - d0) * 1000.0)
            if decision.errors:
                out.breaks.extend(f"round {battle.round}: while thinking: {e}" for e in decision.errors)
            action = decision.action
            if action is None:
                raise RuntimeError(f"{fid} has no legal action at all")
            if check and action not in legal:
                out.breaks.append(f"round {battle.round}: {action.text()} was not among the legal actions")
            ok, why, events, every = table.submit(action)
            if not ok:
                raise RuntimeError(f"{action.text()} was refused: {why}")
            out.chosen[action.type] += 1
            if succeeded(events):
                out.succeeded[action.type] += 1
            if check:
                out.breaks.extend(_check_step(before, every, battle, ruleset, action))
            if on_step is not None:
                on_step(battle, action, events)
            turns += 1
            if max_turns is not None and turns >= max_turns:
                break
        out.stuck = bool(getattr(table, "stuck", False))
        out.winner = battle.winner if battle.ended else None
    except Exception as exc:  # noqa: BLE001 - a battle that raised is counted, never fatal to the run
        out.error = f"round {battle.round}: {type(exc).__name__}: {exc}"
    out.rounds = min(battle.round, round_limit)
    out.turns = battle.turn
    out.seconds = time.perf_counter() - t0
    return out
