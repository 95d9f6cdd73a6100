#!/usr/bin/env python3
"""Soak every ruleset: 10,000 seeded computer-vs-computer battles each (``--battles`` to change it).

Reports crashes, stuck battles (no end within 200 rounds) and invariant
breaks per ruleset, with the first few messages (battle index and seed, to
replay one with ``game.ai.soak.soak_battle``), and draws (no winner at the
scenario's own round limit: no fault, but a fight left undecided). Exit
status 1 if a crash, a stuck battle or an invariant break is found. ``--jobs`` runs rulesets (and slices of one ruleset) in parallel.

    python3 tools/soak.py                       # every ruleset, 10,000 battles each
    python3 tools/soak.py --ruleset edge --battles 500 --seed 3
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.soak import SoakReport, run_soak  # noqa: E402


def _slice(args: tuple[str, int, int, int, str, int]) -> SoakReport:
    ruleset_id, start, count, seed, level, nodes = args
    return run_soak(ruleset_id, count, seed=seed, level=level, nodes=nodes, first=start)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--battles", type=int, default=10_000)
    p.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--level", default="normal")
    p.add_argument("--nodes", type=int, default=12)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = p.parse_args(argv)

    import game.rules  # noqa: F401
    from game.rules.base import RULESETS

    ids = args.ruleset or sorted(RULESETS)
    chunk = max(1, min(500, args.battles // max(1, args.jobs)))
    work = [(rid, start, min(chunk, args.battles - start), args.seed, args.level, args.nodes)
            for rid in ids for start in range(0, args.battles, chunk)]
    t0 = time.perf_counter()
    totals = {rid: SoakReport(rid) for rid in ids}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for (rid, *_), rep in zip(work, pool.map(_slice, work)):
            totals[rid].merge(rep)
            print(f"  {rid}: {totals[rid].battles}/{args.battles}", file=sys.stderr, flush=True)
    bad = False
    for rid in ids:
        r = totals[rid]
        print(r.line())
        for m in r.messages[:10]:
            print(f"    {m}")
        bad = bad or not r.clean
    print(f"soak: {len(ids)} rulesets x {args.battles} battles in {time.perf_counter() - t0:.0f} s wall, "
          f"{'CLEAN' if not bad else 'PROBLEMS FOUND'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
