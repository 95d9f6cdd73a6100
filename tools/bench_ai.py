#!/usr/bin/env python3
"""Benchmark the computer opponent: decision times in 2v2 and 8v8 melees, battles per second in the arena.

- Decision time: the arena map with N fighters a side (copies of the
  scenario's fighters), played by the hard level with its wall-clock budget
  (default 200 ms, as in the game) for ``--turns`` turns; median and p95.
- Battles per second: whole arena battles (the scenario as it is) at the
  easy level with its default node budget, on one core, then the same
  battles spread over every core (``--jobs``, default all; the machinery of
  ``clinch simulate --jobs``, whose results must equal one process's: checked).

The last line is ``ai: median_ms=X p95_ms=Y battles_per_s=Z battles_per_s_all=W jobs=N``
(8v8, hard; Z on one core, W on N processes).

    python3 tools/bench_ai.py                      # the figures for the README
    python3 tools/bench_ai.py --turns 40 --battles 10 --ruleset 3d6-full
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import Opponent  # noqa: E402
from game.ai.driver import play_battle  # noqa: E402
from game.ai.simulation import default_jobs, run_battles  # noqa: E402
from game.files.maps import load_scenario  # noqa: E402
from game.rules.base import find_ruleset  # noqa: E402


def melee(scenario: Path, per_side: int, ruleset_id: str | None):  # noqa: ANN201
    """The scenario's map with ``per_side`` fighters a side, copied from its own, placed in its zones."""
    battle = load_scenario(scenario)
    if ruleset_id:
        battle.ruleset = ruleset_id
    board = battle.board
    sides: dict[str, list] = {}
    for f in battle.fighters:
        sides.setdefault(f.side, []).append(f)
    taken = set()
    fighters = []
    for side, models in sides.items():
        zone = [h for h in board.zones.get(side, []) if board.is_open(h)]
        spare = [c.hex for c in board.cells if not c.blocks_movement]
        for i in range(per_side):
            f = models[i % len(models)]
            copy = battle.clone(with_log=False).fighter(f.id)
            copy.id = f"{f.id}{i}" if i >= len(models) else f.id
            copy.name = copy.id.title()
            place = next((h for h in zone + spare if h not in taken), None)
            if place is None:
                raise SystemExit(f"{scenario}: no room for {per_side} fighters a side")
            copy.hex = place
            taken.add(place)
            fighters.append(copy)
    battle.fighters = fighters
    return battle


def decision_times(scenario: Path, per_side: int, turns: int, budget_ms: float, ruleset_id: str | None,
                   level: str = "hard") -> list[float]:
    battle = melee(scenario, per_side, ruleset_id)
    ruleset = find_ruleset(battle.ruleset)
    sides = sorted({f.side for f in battle.fighters})
    players = {s: Opponent(level, budget_ms=budget_ms, seed=i) for i, s in enumerate(sides)}
    result = play_battle(battle, ruleset, players, max_turns=turns)
    if result.error:
        raise SystemExit(f"the {per_side}v{per_side} melee raised: {result.error}")
    return result.decision_ms


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scenario", default=str(ROOT / "maps" / "arena.toml"))
    p.add_argument("--ruleset", default=None)
    p.add_argument("--turns", type=int, default=60, help="turns measured per melee (default 60)")
    p.add_argument("--battles", type=int, default=20, help="arena battles for battles/s (default 20)")
    p.add_argument("--budget-ms", type=float, default=200.0)
    p.add_argument("--jobs", type=int, default=default_jobs(), help="processes for battles/s on all cores")
    args = p.parse_args(argv)
    scenario = Path(args.scenario)

    import os

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.1f} on {os.cpu_count()} cores (other work on the machine inflates the times)")
    figures = {}
    for n in (2, 8):
        times = decision_times(scenario, n, args.turns, args.budget_ms, args.ruleset)
        med, p95 = statistics.median(times), pct(times, 0.95)
        figures[n] = (med, p95)
        print(f"{n}v{n} hard, budget {args.budget_ms:.0f} ms: {len(times)} decisions, median {med:.1f} ms, "
              f"p95 {p95:.1f} ms, max {max(times):.1f} ms")

    battle = load_scenario(scenario)
    if args.ruleset:
        battle.ruleset = args.ruleset
    ruleset = find_ruleset(battle.ruleset)
    levels = {s.id: "easy" for s in battle.sides}
    t0, c0 = time.perf_counter(), time.process_time()
    summary = run_battles(battle, ruleset, levels, args.battles, seed=1, jobs=1)
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    rate = args.battles / seconds
    print(f"arena easy v easy, 1 process: {args.battles} battles in {seconds:.1f} s = {rate:.2f} battles/s "
          f"({args.battles / cpu:.2f} per CPU second; mean {summary.mean_rounds:.1f} rounds, "
          f"errors {summary.errors}, stuck {summary.stuck})")
    jobs = max(1, args.jobs)
    # the same battles on every core: the pool's start-up counts, as it does for a user of --jobs
    many = run_battles(battle, ruleset, levels, args.battles, seed=1, jobs=jobs)
    rate_all = args.battles / many.seconds
    same = many.to_dict(timing=False) == summary.to_dict(timing=False)
    print(f"arena easy v easy, {jobs} processes: {args.battles} battles in {many.seconds:.1f} s = "
          f"{rate_all:.2f} battles/s ({rate_all / rate:.2f}x one process; "
          f"results {'identical to' if same else 'DIFFERENT FROM'} one process's)")
    med, p95 = figures[8]
    print(f"ai: median_ms={med:.1f} p95_ms={p95:.1f} battles_per_s={rate:.2f} battles_per_s_all={rate_all:.2f} "
          f"jobs={jobs}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
