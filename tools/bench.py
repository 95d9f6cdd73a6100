#!/usr/bin/env python3
"""Run every benchmark once and print the README's performance table.

Each benchmark is its own script (render, rules, ai, ui, net) whose last line is a
machine-readable summary; this runs them one after another (never in
parallel: they would slow each other), collects those lines and prints them
as a Markdown table beside the goal each one is measured against.

    python3 tools/bench.py            # all of them, about two minutes
    python3 tools/bench.py rules ui   # a subset
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

TOOLS = Path(__file__).resolve().parent

#: name -> (script, extra args, [(key, what, goal)])
BENCHES: dict[str, tuple[str, list[str], list[tuple[str, str, str]]]] = {
    "render": ("bench_render.py", [], [
        ("median_ms", "frame, median (worst of outdoor+40, 200x200+40, compound with 30 fires and 3 clouds; 1920x1080)",
         "< 3 ms (16.7 ms = 60 Hz); <= 10 bare blits"),
        ("p95_ms", "frame, p95", "< 6 ms"),
        ("first_frame_s", "start to first frame", "< 1.5 s"),
    ]),
    "rules": ("bench_rules.py", [], [
        ("contests_per_s", "break-free contests resolved per second (3d6-lite)", ">= 20,000"),
        ("exchange_per_s", "grapple exchanges resolved per second", "-"),
        ("legal_odds_ms", "legal_actions + odds, one fighter in a 4v4 melee", "< 2 ms"),
    ]),
    "rules-nd6": ("bench_rules.py", ["--ruleset", "nd6-tactical"], [
        ("legal_odds_ms", "legal_actions + odds, one fighter in a 4v4 brawl (nd6-tactical)", "< 1 ms"),
    ]),
    "ai": ("bench_ai.py", [], [
        ("median_ms", "AI decision, median (8v8, hard, 200 ms budget)", "< 100 ms"),
        ("p95_ms", "AI decision, p95", "< 200 ms"),
        ("battles_per_s", "arena battles simulated per second (easy)", ">= 5"),
    ]),
    "ui": ("bench_ui.py", [], [
        ("click_ms", "click answered (worst frame)", "< 16.7 ms (one frame)"),
        ("menu_ms", "action menu with odds opens", "< 50 ms"),
        ("anim_frame_median_ms", "animation frame, median (full HUD, 1920x1080)", "< 16.7 ms"),
        ("anim_frame_p95_ms", "animation frame, p95", "< 16.7 ms"),
    ]),
    "net": ("bench_net.py", ["--matches", "100", "--intents", "20", "--think", "500"], [
        ("alone_median_ms", "intent round trip on loopback, median (submit until every client applied it; one match)",
         "-"),
        ("alone_p95_ms", "intent round trip, p95 (one match)", "-"),
        ("median_ms", "intent round trip, median, 100 matches on one server (players thinking 500 ms)", "< 50 ms"),
        ("p95_ms", "intent round trip, p95, 100 matches", "-"),
    ]),
}


#: (benchmark, key) -> the key of the same figure in bare full-screen blits, shown beside it: on a loaded
#: machine the milliseconds swing with the load, the ratio (measured in the same loop) much less (issue 26)
IN_BARE_BLITS: dict[tuple[str, str], str] = {
    ("render", "median_ms"): "ratio",
    ("render", "p95_ms"): "p95_ratio",
}


def parse(line: str) -> dict[str, str]:
    """``render: median_ms=1.9 p95_ms=3.0`` -> {"median_ms": "1.9", ...}."""
    _, _, rest = line.partition(":")
    return dict(part.split("=", 1) for part in rest.split() if "=" in part)


def main(argv: list[str]) -> int:
    names = argv or list(BENCHES)
    unknown = [n for n in names if n not in BENCHES]
    if unknown:
        print(f"bench: unknown benchmark {unknown[0]!r}; choose from {', '.join(BENCHES)}", file=sys.stderr)
        return 2
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    rows = []
    for name in names:
        script, extra, keys = BENCHES[name]
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, str(TOOLS / script), *extra], capture_output=True, text=True,
                              env=env, check=False)
        lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
        if proc.returncode != 0 or not lines:
            print(f"bench: {script} failed (exit {proc.returncode}): {proc.stderr.strip()[-300:]}", file=sys.stderr)
            return 1
        figures = parse(lines[-1])
        print(f"{lines[-1]}    ({time.perf_counter() - start:.0f} s)", file=sys.stderr)
        for key, what, goal in keys:
            value = figures.get(key, "?")
            ratio = IN_BARE_BLITS.get((name, key))
            if ratio is not None:
                value += f" ({figures.get(ratio, '?')} bare blits)"
            rows.append((what, value, goal))
    print("| measure | median of one run | goal |")
    print("|---|---|---|")
    for what, value, goal in rows:
        print(f"| {what} | {value} | {goal} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
