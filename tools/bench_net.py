#!/usr/bin/env python3
"""Benchmark network play on loopback: an intent's round trip, alone and under N concurrent matches.

A ``clinch serve`` process on 127.0.0.1 (``--port 0``) holds the matches; this
process runs two :class:`game.net.client.NetClient` seats per match, each match
on its own thread, played by the computer at ``--level`` (default ``random``:
its decisions take microseconds, so the figures are the network's and the
server's, not the search's). A round trip is the time from ``submit`` until
*every* client of the match has applied the entry (replayed, hash checked).

- ``--matches 1``: the round trip alone.
- ``--matches N`` (default 20): N matches at once on the one server.
- ``--think MS``: each player waits MS before each intent in the N-match run, as a player thinks (default
  0: every match submits the moment it may, the worst case).
- ``--data DIR``: the server saves every match after every entry (atomic write and fsync), as it does
  with ``clinch serve --data``; without it nothing is written.

The last line is ``net: matches=N intents=I median_ms=X p95_ms=Y alone_median_ms=A alone_p95_ms=B``.

    python3 tools/bench_net.py                       # 1 match, then 20 at once
    python3 tools/bench_net.py --matches 100 --intents 20
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai.opponent import Opponent  # noqa: E402
from game.ai.simulation import DEFAULT_NODES  # noqa: E402
from game.net.client import NetClient  # noqa: E402


def spawn_server(scenario: str, matches: int, extra: list[str] | None = None) -> tuple[subprocess.Popen, int, list[str]]:
    """``clinch serve --port 0`` on loopback with ``matches`` matches: (process, port, codes)."""
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    cmd = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0", *(extra or [])]
    for _ in range(matches):
        cmd += ["--match", scenario]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    first = proc.stdout.readline().strip()
    if not first.startswith("listening on "):
        proc.kill()
        raise SystemExit(f"bench_net: the server did not start ({first!r}).")
    port = int(first.rsplit(":", 1)[1])
    codes = [proc.stdout.readline().split()[1] for _ in range(matches)]
    return proc, port, codes


def _wait(clients: list[NetClient], cond, woken: threading.Event, seconds: float = 30.0) -> bool:  # noqa: ANN001
    """Poll the clients each time one of them is woken by the network thread, until ``cond``."""
    end = time.monotonic() + seconds
    while True:
        woken.clear()
        for c in clients:
            c.poll()
        if cond():
            return True
        if time.monotonic() > end:
            return False
        woken.wait(0.05)


def play_match(port: int, code: str, intents: int, level: str, out: list[float], errors: list[str],
               think: float = 0.0) -> None:
    """Two seats of one match, timed intent by intent (the computer decides; the clock runs from submit)."""
    woken = threading.Event()
    seats = [NetClient("127.0.0.1", port, code, seat=side, wake=woken.set).start() for side in ("red", "blue")]
    try:
        if not _wait(seats, lambda: all(c.mirror is not None for c in seats), woken):
            errors.append(f"{code}: no welcome")
            return
        opp = Opponent(level, budget_ms=None, nodes=DEFAULT_NODES.get(level, 1), seed=7, explain=False)
        for _ in range(intents):
            if not _wait(seats, lambda: seats[0].ended is not None or any(c.my_turn() for c in seats), woken):
                errors.append(f"{code}: nobody's turn")
                return
            if seats[0].ended is not None:
                return
            mover = next(c for c in seats if c.my_turn())
            m = mover.mirror
            action = opp.decide(m.battle, m.ruleset, m.ctl.whose_turn()).action
            k = m.count
            if think:
                time.sleep(think / 1000.0)  # a player's thinking time: matches no longer submit in lockstep
            t0 = time.perf_counter()
            mover.submit(action)
            if not _wait(seats, lambda k=k: all(c.mirror.count > k for c in seats), woken):
                errors.append(f"{code}: entry {k} never arrived")
                return
            out.append((time.perf_counter() - t0) * 1000.0)
    finally:
        for c in seats:
            c.close()


def run(scenario: str, matches: int, intents: int, level: str, data: str | None = None, think: float = 0.0
        ) -> tuple[list[float], list[str], float]:
    if data is not None:
        import tempfile

        data = tempfile.mkdtemp(prefix="clinch-bench-net-", dir=data)
    proc, port, codes = spawn_server(scenario, matches, ["--data", data] if data else None)
    times: list[float] = []
    errors: list[str] = []
    t0 = time.perf_counter()
    try:
        threads = [threading.Thread(target=play_match, args=(port, c, intents, level, times, errors, think),
                                    daemon=True)
                   for c in codes]
        for t in threads:
            t.start()
        for t in threads:
            t.join(600)
    finally:
        cpu = _cpu_seconds(proc.pid)
        proc.terminate()
        proc.wait(15)
    if cpu is not None:
        print(f"  server process: {cpu:.1f} s of CPU in {time.perf_counter() - t0:.1f} s", flush=True)
    return times, errors, time.perf_counter() - t0


def _cpu_seconds(pid: int) -> float | None:
    """The CPU time a process used so far (Linux's /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.95 * len(xs)))] if xs else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--scenario", default="maps/arena.toml")
    ap.add_argument("--matches", type=int, default=20, help="matches played at once (default 20)")
    ap.add_argument("--intents", type=int, default=30, help="intents timed per match (default 30)")
    ap.add_argument("--level", default="random", help="the computer's level (default random: fast decisions)")
    ap.add_argument("--think", type=float, default=0.0, metavar="MS",
                    help="each player thinks this long before each intent in the N-match run (default 0: as fast as "
                         "the server answers, the worst case)")
    ap.add_argument("--data", default=None, metavar="DIR",
                    help="serve with a data folder made under DIR (every entry saved, as clinch serve --data)")
    args = ap.parse_args()
    alone, errs, _ = run(args.scenario, 1, max(args.intents, 60), args.level, args.data)
    med_a, p95_a = statistics.median(alone), _p95(alone)
    print(f"alone: {len(alone)} intents, round trip median {med_a:.2f} ms, p95 {p95_a:.2f} ms")
    many, errs2, secs = run(args.scenario, args.matches, args.intents, args.level, args.data, args.think)
    med, p95 = statistics.median(many), _p95(many)
    print(f"{args.matches} matches at once: {len(many)} intents in {secs:.1f} s, round trip median {med:.2f} ms, "
          f"p95 {p95:.2f} ms")
    for e in (errs + errs2)[:10]:
        print(f"  problem: {e}")
    print(f"net: matches={args.matches} intents={len(many)} median_ms={med:.2f} p95_ms={p95:.2f} "
          f"alone_median_ms={med_a:.2f} alone_p95_ms={p95_a:.2f}")
    return 1 if errs or errs2 else 0


if __name__ == "__main__":
    sys.exit(main())
