"""Many battles computer against computer, and what they add up to (``clinch simulate``, soak, bench).

Battle *i* of a run is the scenario with its RNG seeded from ``(seed, i)``
and players seeded the same way, with a node budget by default, so a run is
reproducible from its seed. ``mirror`` swaps the levels between the first
two sides on every odd battle, so a level's win rate does not ride on a side's
advantage.
"""

from __future__ import annotations

import gc
import math
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.ai.driver import ROUND_LIMIT, BattleResult, play_battle
from game.ai.opponent import Opponent, mix

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Ruleset

__all__ = ["wilson", "Summary", "run_battles", "DEFAULT_NODES", "make_players", "fewer_collections"]

#: node budget per decision when a run gives no budget (deterministic, about 20-80 ms a decision)
DEFAULT_NODES = {"random": 1, "easy": 60, "normal": 160, "hard": 320}


@contextmanager
def fewer_collections(threshold: int = 10_000) -> Iterator[None]:
    """Run whole battles with the cyclic garbage collector woken less often; restored on the way out.

    A search makes and drops thousands of battle clones a second, and each collection of the youngest
    generation walks them all: at Python's default (every 700 allocations) that is about a tenth of a
    simulation's time, and a full collection finds nothing to free (battles hold no reference cycles).
    ``gc.freeze`` moves what exists now (the scenario, the rules' tables, the modules) out of every
    collection's way. Only whole-battle runs use this (simulate, soak, the bench); the game does not.
    """
    old = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(old[0], threshold), *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)
        gc.unfreeze()


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes in ``n`` trials (95% by default).

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Summary:
    battles: int = 0
    wins: Counter[str] = field(default_factory=Counter)  # side -> wins
    level_wins: Counter[str] = field(default_factory=Counter)  # level -> wins (for mirrored runs)
    level_games: Counter[str] = field(default_factory=Counter)  # level -> battles it played in
    draws: int = 0
    stuck: int = 0
    errors: int = 0
    error_messages: list[str] = field(default_factory=list)
    breaks: int = 0
    break_messages: list[str] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    chosen: Counter[str] = field(default_factory=Counter)
    succeeded: Counter[str] = field(default_factory=Counter)
    decision_ms: list[float] = field(default_factory=list)
    seconds: float = 0.0
    sides: list[str] = field(default_factory=list)
    levels: dict[str, str] = field(default_factory=dict)
    mirror: bool = False

    def add(self, r: BattleResult, levels: dict[str, str]) -> None:
        self.battles += 1
        self.rounds.append(r.rounds)
        if r.error:
            self.errors += 1
            if len(self.error_messages) < 20:
                self.error_messages.append(f"battle {self.battles}: {r.error}")
        elif r.stuck:
            self.stuck += 1
            self.draws += 1
        elif r.winner is None:
            self.draws += 1
        else:
            self.wins[r.winner] += 1
            self.level_wins[levels.get(r.winner, "?")] += 1
        for lv in set(levels.values()):
            self.level_games[lv] += 1
        if r.breaks:
            self.breaks += len(r.breaks)
            room = 20 - len(self.break_messages)
            if room > 0:
                self.break_messages.extend(f"battle {self.battles}: {b}" for b in r.breaks[:room])
        self.chosen.update(r.chosen)
        self.succeeded.update(r.succeeded)
        self.decision_ms.extend(r.decision_ms)

    @property
    def mean_rounds(self) -> float:
        return statistics.fmean(self.rounds) if self.rounds else 0.0

    @property
    def sd_rounds(self) -> float:
        return statistics.pstdev(self.rounds) if len(self.rounds) > 1 else 0.0

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "battles": self.battles,
            "wins": {s: self.wins.get(s, 0) for s in self.sides},
            "draws": self.draws,
            "mean_rounds": round(self.mean_rounds, 2),
            "sd_rounds": round(self.sd_rounds, 2),
            "min_rounds": min(self.rounds, default=0),
            "max_rounds": max(self.rounds, default=0),
            "stuck": self.stuck,
            "errors": self.errors,
            "error_messages": self.error_messages,
            "win_rate": {s: _rate(self.wins.get(s, 0), self.battles) for s in self.sides},
            "levels": dict(self.levels),
            "mirror": self.mirror,
            "actions": {t: {"chosen": n, "succeeded": self.succeeded.get(t, 0)}
                        for t, n in sorted(self.chosen.items(), key=lambda kv: -kv[1])},
            "seconds": round(self.seconds, 2),
            "battles_per_s": round(self.battles / self.seconds, 2) if self.seconds else None,
        }
        if self.breaks:
            out["invariant_breaks"] = self.breaks
            out["break_messages"] = self.break_messages
        if self.mirror or len(set(self.levels.values())) > 1:
            out["level_wins"] = {lv: self.level_wins.get(lv, 0) for lv in sorted(self.level_games)}
            out["level_win_rate"] = {lv: _rate(self.level_wins.get(lv, 0), self.level_games[lv])
                                     for lv in sorted(self.level_games)}
        return out

    def text(self, title: str = "") -> str:
        lines = []
        if title:
            lines.append(title)
        lv = ", ".join(f"{s}={self.levels.get(s, '?')}" for s in self.sides)
        lines.append(f"{self.battles} battles, levels {lv}{' (swapped every other battle)' if self.mirror else ''}, "
                     f"{self.seconds:.1f} s ({self.battles / self.seconds if self.seconds else 0:.1f} battles/s)")
        for s in self.sides:
            k = self.wins.get(s, 0)
            lo, hi = wilson(k, self.battles)
            lines.append(f"  {s:<12} wins {k:>6}  {_pct(k, self.battles):>6}  95% [{lo:.1%}, {hi:.1%}]")
        if self.mirror or len(set(self.levels.values())) > 1:
            for name in sorted(self.level_games):
                k, n = self.level_wins.get(name, 0), self.level_games[name]
                lo, hi = wilson(k, n)
                lines.append(f"  level {name:<6} wins {k:>6} of {n}  {_pct(k, n):>6}  95% [{lo:.1%}, {hi:.1%}]")
        lines.append(f"  draws {self.draws} (stuck at the round limit: {self.stuck}), errors {self.errors}")
        if self.rounds:
            lines.append(f"  rounds: mean {self.mean_rounds:.1f}, sd {self.sd_rounds:.1f}, "
                         f"min {min(self.rounds)}, max {max(self.rounds)}")
        if self.chosen:
            total = sum(self.chosen.values())
            lines.append(f"  {'action':<18} {'chosen':>8} {'share':>7} {'succeeded':>10}")
            for t, n in sorted(self.chosen.items(), key=lambda kv: -kv[1]):
                lines.append(f"  {t:<18} {n:>8} {_pct(n, total):>7} {_pct(self.succeeded.get(t, 0), n):>10}")
        for msg in self.error_messages[:5]:
            lines.append(f"  error: {msg}")
        if self.breaks:
            lines.append(f"  invariant breaks: {self.breaks}")
            for msg in self.break_messages[:5]:
                lines.append(f"    {msg}")
        return "\n".join(lines)


def _pct(k: int, n: int) -> str:
    return f"{k / n:.1%}" if n else "-"


def _rate(k: int, n: int) -> dict[str, float]:
    lo, hi = wilson(k, n)
    return {"rate": round(k / n, 4) if n else 0.0, "low": round(lo, 4), "high": round(hi, 4)}


def make_players(levels: dict[str, str], *, seed: int, budget_ms: float | None = None,
                 nodes: int | dict[str, int] | None = None) -> dict[str, Opponent]:
    players = {}
    for side, level in levels.items():
        n = nodes.get(level) if isinstance(nodes, dict) else nodes
        if n is None and budget_ms is None:
            n = DEFAULT_NODES.get(level, 200)
        players[side] = Opponent(level, budget_ms=budget_ms, nodes=n, seed=mix(seed, side), explain=False)
    return players


def run_battles(battle: Battle, ruleset: Ruleset, levels: dict[str, str], n: int, *, seed: int = 0,
                mirror: bool = False, round_limit: int = ROUND_LIMIT, budget_ms: float | None = None,
                nodes: int | dict[str, int] | None = None, check: bool = False,
                progress: Callable[[int, int], None] | None = None) -> Summary:
    """Play ``n`` battles of ``battle`` (a fresh copy each time) with the given side -> level map."""
    sides = list(levels)
    summary = Summary(sides=sides, levels=dict(levels), mirror=mirror)
    t0 = time.perf_counter()
    with fewer_collections():
        for i in range(n):
            these = dict(levels)
            if mirror and i % 2 == 1 and len(sides) >= 2:
                these[sides[0]], these[sides[1]] = levels[sides[1]], levels[sides[0]]
            b = battle.clone(with_log=False)
            b.rng.seed = mix(seed, i, "battle")
            b.rng.counter = 0
            players = make_players(these, seed=mix(seed, i), budget_ms=budget_ms, nodes=nodes)
            result = play_battle(b, ruleset, players, round_limit=round_limit, check=check)
            summary.add(result, these)
            if progress is not None:
                progress(i + 1, n)
    summary.seconds = time.perf_counter() - t0
    return summary
