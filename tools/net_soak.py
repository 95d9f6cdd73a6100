#!/usr/bin/env python3
"""Soak network play: K networked computer-v-computer battles per ruleset against ``clinch simulate``.

For every ruleset, the first scenario under ``maps/`` played by it; a
``clinch serve --seed S`` process on 127.0.0.1 (``--port 0``) holds K matches
of it (match *i* rolls the dice of simulate's battle *i*) and this process
seats a computer player (``game.net.client.play_computer``, seeded as
simulate seeds battle *i*) on every side. Each battle's winner, rounds and
final state hash must equal those of the save ``run_battles`` (``clinch
simulate --save-dir``) writes for the same seed and level.

The last line is ``net_soak: battles=N same=M different=D``; exit 1 if any differs.

    python3 tools/net_soak.py                 # K=2 per ruleset
    python3 tools/net_soak.py --battles 10 --level normal
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench_net import spawn_server  # noqa: E402

from game.ai.simulation import run_battles, save_name  # noqa: E402
from game.files.maps import load_scenario  # noqa: E402
from game.files.saves import read_save  # noqa: E402
from game.flow.turns import side_ids  # noqa: E402
from game.net.client import NetClient, play_computer  # noqa: E402
from game.rules.base import find_ruleset  # noqa: E402


def scenarios() -> dict[str, str]:
    """ruleset id -> the first scenario (a path relative to the repository) that plays it."""
    out: dict[str, str] = {}
    for path in sorted((ROOT / "maps").glob("*.toml")):
        try:
            rid = load_scenario(path).ruleset
        except ValueError:
            continue
        out.setdefault(find_ruleset(rid).id, str(path.relative_to(ROOT)))
    return out


def simulated(scenario: str, k: int, seed: int, level: str, folder: Path) -> list[tuple[str | None, int, str]]:
    """(winner, rounds, state hash) of simulate's battles 0..k-1."""
    import os

    here = os.getcwd()
    os.chdir(ROOT)  # the battle records the scenario's path as given: the server is given the same
    try:
        battle = load_scenario(scenario)
        levels = dict.fromkeys(side_ids(battle), level)
        run_battles(battle, find_ruleset(battle.ruleset), levels, k, seed=seed, save_dir=folder, scenario=scenario)
    finally:
        os.chdir(here)
    out = []
    for i in range(k):
        save = read_save(folder / save_name(Path(scenario).stem, seed, i))
        # rounds played: a battle stopped at its round limit stands in the round after it (the server says
        # the limit, as its Ended does)
        limit = int(save.initial.options.get("round_limit") or 200)
        out.append((save.snapshot.winner, min(save.snapshot.round, limit), save.state_hash))
    return out


def networked(scenario: str, k: int, seed: int, level: str) -> list[tuple[str | None, int, str] | str]:
    proc, port, codes = spawn_server(scenario, k, ["--seed", str(seed)])
    results: list[tuple[str | None, int, str] | str] = ["not played"] * k
    try:
        sides = side_ids(load_scenario(ROOT / scenario))

        def one(i: int, code: str) -> None:
            clients = [NetClient("127.0.0.1", port, code, seat=s).start() for s in sides]
            got: list[tuple[str, str | None]] = []
            threads = [threading.Thread(target=lambda c=c: got.append(play_computer(c, level=level, seed=seed,
                                                                                    battle=i, timeout=600)))
                       for c in clients]
            for t in threads:
                t.start()
            for t in threads:
                t.join(650)
            for c in clients:
                c.close()
            ended = clients[0].ended
            if len(got) != len(clients) or len(set(got)) != 1 or ended is None:
                results[i] = f"the seats disagree or did not finish ({got})"
            else:
                results[i] = (ended.winner, ended.rounds, got[0][0])

        matches = [threading.Thread(target=one, args=(i, c)) for i, c in enumerate(codes)]
        for t in matches:
            t.start()
        for t in matches:
            t.join(700)
    finally:
        proc.terminate()
        proc.wait(15)
    return results


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--battles", type=int, default=2, help="battles per ruleset (default 2)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="easy")
    args = ap.parse_args()
    same = diff = 0
    for rid, scenario in scenarios().items():
        with tempfile.TemporaryDirectory(prefix="clinch-net-soak-") as tmp:
            want = simulated(scenario, args.battles, args.seed, args.level, Path(tmp))
        got = networked(scenario, args.battles, args.seed, args.level)
        for i, (w, g) in enumerate(zip(want, got)):
            if w == g:
                same += 1
            else:
                diff += 1
                print(f"  {rid} battle {i}: simulate {w}, network {g}")
        print(f"{rid} ({scenario}): {sum(1 for w, g in zip(want, got) if w == g)}/{len(want)} the same")
    print(f"net_soak: battles={same + diff} same={same} different={diff}")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
