"""Many battles computer against computer, and what they add up to (``clinch simulate``, soak, bench).

Battle *i* of a run is the scenario with its RNG seeded from ``(seed, i)``
and players seeded the same way, with a node budget by default, so a run is
reproducible from its seed. ``mirror`` swaps the levels between the first
two sides on every odd battle, so a level's win rate does not ride on a side's
advantage.

Because a battle's seeds depend only on the run's seed and the battle's index,
battles can be spread over worker processes (``jobs``) and merged back in
battle order: the figures are the same, byte for byte, whichever worker
played which battle. Only wall-clock figures differ between runs, and they are
kept apart (``Summary.to_dict(timing=...)``) so the rest can be compared.
"""

from __future__ import annotations

import gc
import math
import os
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from game.ai.driver import ROUND_LIMIT, BattleResult, play_battle
from game.ai.opponent import Opponent, mix
from game.files.saves import save_game

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Ruleset

__all__ = ["wilson", "Summary", "run_battles", "DEFAULT_NODES", "make_players", "fewer_collections",
           "default_jobs", "in_workers", "save_name"]

_T = TypeVar("_T")
_R = TypeVar("_R")

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


def default_jobs() -> int:
    """Worker processes a run uses when it is not told: every core."""
    return os.cpu_count() or 1


def in_workers(fn: Callable[[_T], _R], chunks: list[_T], jobs: int) -> Iterator[_R]:
    """``fn`` over ``chunks`` in up to ``jobs`` processes, the results yielded in the chunks' order.

    One process (``jobs`` 1, or a single chunk) runs in this process, with no pool to start. The
    order of the results never depends on which worker finished first, so a caller that merges
    them in turn gets the same figures as one process would (``simulate --jobs``, ``tools/soak.py``).
    ``fn`` and the chunks must be picklable (a module-level function, plain data).
    """
    workers = max(1, min(jobs, len(chunks)))
    if workers == 1:
        for chunk in chunks:
            yield fn(chunk)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(fn, chunks)


def _split(n: int, jobs: int) -> list[range]:
    """Battle indices ``0..n-1`` in consecutive slices, about four a worker (battles differ in length,
    so smaller slices keep every worker busy to the end)."""
    if jobs <= 1:
        return [range(n)] if n else []
    size = max(1, math.ceil(n / (jobs * 4)))
    return [range(a, min(n, a + size)) for a in range(0, n, size)]


def save_name(stem: str, seed: int, index: int) -> str:
    """The file name of battle ``index`` of a run seeded ``seed`` (``--save-dir``): enough to replay it.

    >>> save_name("arena", 3, 7)
    'arena-seed3-battle00007.json'
    """
    return f"{stem}-seed{seed}-battle{index:05d}.json"


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
    jobs: int = 1
    saved: int = 0  # battles written to a save folder

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

    def timing(self) -> dict[str, Any]:
        """The wall-clock figures: they differ from run to run, so they live apart from the results."""
        ms = sorted(self.decision_ms)
        return {
            "seconds": round(self.seconds, 2),
            "battles_per_s": round(self.battles / self.seconds, 2) if self.seconds else None,
            "jobs": self.jobs,
            "decision_ms_median": round(statistics.median(ms), 2) if ms else None,
            "decision_ms_p95": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 2) if ms else None,
        }

    def to_dict(self, timing: bool = True) -> dict[str, Any]:
        """The report as plain data. Everything but ``timing`` depends only on the run's seed and
        arguments (not on ``jobs`` nor on the machine), so two runs can be compared byte for byte."""
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
        }
        if self.breaks:
            out["invariant_breaks"] = self.breaks
            out["break_messages"] = self.break_messages
        if self.mirror or len(set(self.levels.values())) > 1:
            out["level_wins"] = {lv: self.level_wins.get(lv, 0) for lv in sorted(self.level_games)}
            out["level_win_rate"] = {lv: _rate(self.level_wins.get(lv, 0), self.level_games[lv])
                                     for lv in sorted(self.level_games)}
        if self.saved:
            out["saved"] = self.saved
        if timing:
            out["timing"] = self.timing()
        return out

    def text(self, title: str = "") -> str:
        lines = []
        if title:
            lines.append(title)
        lv = ", ".join(f"{s}={self.levels.get(s, '?')}" for s in self.sides)
        lines.append(f"{self.battles} battles, levels {lv}{' (swapped every other battle)' if self.mirror else ''}, "
                     f"{self.seconds:.1f} s ({self.battles / self.seconds if self.seconds else 0:.1f} battles/s"
                     f"{f', {self.jobs} processes' if self.jobs > 1 else ''})")
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
        if self.saved:
            lines.append(f"  saved {self.saved} battles")
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


@dataclass(frozen=True)
class _Run:
    """What a worker needs to play its slice of a run (plain, picklable data)."""

    battle: Battle
    ruleset: Ruleset
    levels: dict[str, str]
    seed: int
    mirror: bool
    round_limit: int
    budget_ms: float | None
    nodes: int | dict[str, int] | None
    check: bool
    save_dir: str | None
    stem: str
    scenario: str | None


def _levels_of(run: _Run, i: int) -> dict[str, str]:
    sides = list(run.levels)
    these = dict(run.levels)
    if run.mirror and i % 2 == 1 and len(sides) >= 2:
        these[sides[0]], these[sides[1]] = run.levels[sides[1]], run.levels[sides[0]]
    return these


def _play_one(run: _Run, i: int) -> tuple[BattleResult, dict[str, str]]:
    """Battle ``i`` of a run: its seeds come from the run's seed and ``i`` only, never from the worker."""
    these = _levels_of(run, i)
    b = run.battle.clone(with_log=False)
    b.rng.seed = mix(run.seed, i, "battle")
    b.rng.counter = 0
    players = make_players(these, seed=mix(run.seed, i), budget_ms=run.budget_ms, nodes=run.nodes)
    table: list[Any] = []
    if run.save_dir is not None:
        # The round limit travels in the battle, so that replaying the save ends it where the run did.
        limit = b.options.get("round_limit")
        if not limit or int(limit) > run.round_limit:
            b.options["round_limit"] = run.round_limit
    result = play_battle(b, run.ruleset, players, round_limit=run.round_limit, check=run.check,
                         on_start=table.append)
    if run.save_dir is not None and table and table[0] is not None:
        save_game(table[0], Path(run.save_dir) / save_name(run.stem, run.seed, i), scenario=run.scenario)
    return result, these


def _play_slice(work: tuple[_Run, range]) -> list[tuple[BattleResult, dict[str, str]]]:
    run, indices = work
    with fewer_collections():
        return [_play_one(run, i) for i in indices]


def run_battles(battle: Battle, ruleset: Ruleset, levels: dict[str, str], n: int, *, seed: int = 0,
                mirror: bool = False, round_limit: int = ROUND_LIMIT, budget_ms: float | None = None,
                nodes: int | dict[str, int] | None = None, check: bool = False,
                progress: Callable[[int, int], None] | None = None, jobs: int = 1,
                save_dir: Path | str | None = None, scenario: str | None = None) -> Summary:
    """Play ``n`` battles of ``battle`` (a fresh copy each time) with the given side -> level map.

    ``jobs``: worker processes (battles are merged in battle order: the summary is the same for
    any ``jobs``, apart from its timing). ``save_dir``: write each battle's save there as
    :func:`save_name` says (``game.files.saves.save_game``; a :class:`~game.files.saves.SaveError` if one
    cannot be written); ``scenario`` is the path recorded in the saves.
    """
    summary = Summary(sides=list(levels), levels=dict(levels), mirror=mirror, jobs=max(1, jobs))
    stem = Path(scenario).stem if scenario else (battle.scenario and Path(battle.scenario).stem) or "battle"
    run = _Run(battle=battle, ruleset=ruleset, levels=dict(levels), seed=seed, mirror=mirror,
               round_limit=round_limit, budget_ms=budget_ms, nodes=nodes, check=check,
               save_dir=None if save_dir is None else str(save_dir), stem=stem, scenario=scenario)
    slices = _split(n, jobs)
    t0 = time.perf_counter()
    done = 0
    if max(1, min(jobs, len(slices))) == 1:  # one process: report progress battle by battle
        parts: Iterable[list[tuple[BattleResult, dict[str, str]]]] = ([_play_one(run, i)] for i in range(n))
        with fewer_collections():
            done = _merge(summary, parts, n, progress)
    else:
        done = _merge(summary, in_workers(_play_slice, [(run, r) for r in slices], jobs), n, progress)
    if save_dir is not None:
        summary.saved = done
    summary.seconds = time.perf_counter() - t0
    return summary


def _merge(summary: Summary, parts: Iterable[list[tuple[BattleResult, dict[str, str]]]], n: int,
           progress: Callable[[int, int], None] | None) -> int:
    done = 0
    for part in parts:
        for result, these in part:
            summary.add(result, these)
            done += 1
        if progress is not None:
            progress(done, n)
    return done
