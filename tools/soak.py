#!/usr/bin/env python3
"""Soak every ruleset: 10,000 seeded computer-vs-computer battles each (``--battles`` to change it).

Reports crashes, stuck battles (no end within 200 rounds), invariant breaks
and save failures (every battle is saved and loaded back through
``game.files.saves`` at its end and at a step picked from its seed; a save that does
not load into the battle saved is a failure) per ruleset, with the first few
messages (battle index and seed, to replay one with
``game.ai.soak.soak_battle``), and draws (no winner at the scenario's own
round limit: no fault, but a fight left undecided). Exit status 1 if a crash,
a stuck battle, an invariant break or a save failure is found. ``--jobs``
(default every core) runs rulesets and slices of one ruleset in parallel; the
slices are merged in battle order, so the table is the one a single process
gives (only the times differ).

    python3 tools/soak.py                       # every ruleset, 10,000 battles each
    python3 tools/soak.py --ruleset edge --battles 500 --seed 3
    python3 tools/soak.py --ruleset nd6-tactical --scenario compound_nd6   # one scenario's battles alone

Map effects (fires, clouds: ``battle.state["board_effects"]``) are counted: the battles in which each kind
lay on the map at some step.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.simulation import default_jobs, in_workers  # noqa: E402
from game.ai.soak import SoakReport, run_soak  # noqa: E402


def _slice(args: tuple[str, int, int, int, str, int, int, str | None]) -> SoakReport:
    ruleset_id, start, count, seed, level, nodes, midpoint_every, scenario = args
    return run_soak(ruleset_id, count, seed=seed, level=level, nodes=nodes, first=start,
                    midpoint_every=midpoint_every, scenario=scenario)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--battles", type=int, default=10_000)
    p.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--level", default="normal")
    p.add_argument("--nodes", type=int, default=12)
    p.add_argument("--jobs", type=int, default=default_jobs(), help="worker processes (default: every core)")
    p.add_argument("--midpoint-every", type=int, default=1,
                   help="reload a save from the middle of every Nth battle (default 1: every battle; 0: none)")
    p.add_argument("--scenario", help="only this scenario's battles (a file name in maps/ without .toml; "
                                      "needs one --ruleset)")
    args = p.parse_args(argv)

    import game.rules  # noqa: F401
    from game.rules.base import RULESETS

    ids = args.ruleset or sorted(RULESETS)
    if args.scenario is not None:
        if len(ids) != 1:
            p.error("--scenario needs exactly one --ruleset")
        try:
            run_soak(ids[0], 0, scenario=args.scenario)
        except ValueError as exc:
            p.error(str(exc))
    chunk = max(1, min(500, args.battles // max(1, args.jobs)))
    work = [(rid, start, min(chunk, args.battles - start), args.seed, args.level, args.nodes, args.midpoint_every,
             args.scenario)
            for rid in ids for start in range(0, args.battles, chunk)]
    t0 = time.perf_counter()
    totals = {rid: SoakReport(rid) for rid in ids}
    for (rid, *_), rep in zip(work, in_workers(_slice, work, max(1, args.jobs))):  # in the order of ``work``
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
