"""``clinch serve``: a headless server for battles played over a network (``game.net.server``).

Prints ``listening on HOST:PORT``, then ``match CODE SCENARIO`` for every match
(each ``--match`` given, and every match resumed from ``--data``), flushed at
once so a script can read them; serves until SIGINT or SIGTERM, then exits 0.
Loopback (127.0.0.1) unless ``--host`` says otherwise; ``--port 0`` picks a
free port. ``--seed`` is for tests: match *i* plays the dice of ``clinch
simulate --seed N`` battle *i*.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from game.cli import CommandError, UsageParser, flag_folder
from game.files.maps import load_scenario
from game.net.server import Server
from game.rules.base import UnknownRuleset, find_ruleset

if TYPE_CHECKING:
    from game.net.server import Server

USAGE = ("clinch serve [--host 127.0.0.1] [--port N] [--data DIR] [--match SCENARIO.toml]... [--seed N] "
         "[--seat-wait SECONDS]")


def _parser() -> argparse.ArgumentParser:
    p = UsageParser(usage_line=USAGE, prog="clinch serve", description="Serve battles over a network, headless.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for every network)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765; 0 picks a free one)")
    p.add_argument("--data", default=None, metavar="DIR",
                   help="folder for every match's save; matches found there are resumed")
    p.add_argument("--match", action="append", default=[], metavar="SCENARIO.toml", help="start a match (repeatable)")
    p.add_argument("--seed", type=int, default=None, help="tests only: reproducible dice (as clinch simulate --seed)")
    p.add_argument("--seat-wait", type=float, default=90.0,
                   help="seconds a dropped player's seat waits for them (default 90)")
    return p


def _data_dir(name: str | None) -> Path | None:
    if name is None:
        return None
    return flag_folder("--data", name)


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    if not 0 <= args.port <= 65535:
        raise CommandError(f"--port must be between 0 and 65535, got {args.port}.")
    if not 0 <= args.seat_wait <= 86_400:  # nan fails both comparisons
        raise CommandError(f"--seat-wait must be between 0 and 86400 seconds, got {args.seat_wait:g}.")
    if args.seed is not None and not 0 <= args.seed < 2**63:
        raise CommandError(f"--seed must be between 0 and 2**63-1, got {args.seed}.")
    data = _data_dir(args.data)

    server = Server(host=args.host, port=args.port, data=data, seed=args.seed, seat_wait=args.seat_wait)
    for problem in server.resume():
        print(f"clinch serve: not resumed: {problem}", file=sys.stderr, flush=True)
    for scenario in args.match:
        try:
            battle = load_scenario(scenario)
            find_ruleset(battle.ruleset).setup(battle.clone(with_log=False))
        except UnknownRuleset as exc:
            raise CommandError(f"{scenario}: {exc.args[0]}.") from None
        except ValueError as exc:  # ScenarioError, MapError: one sentence naming the file and the field
            raise CommandError(str(exc).rstrip(".") + ".") from None
        server.add_match(scenario, battle)
    try:
        asyncio.run(_serve(server))
    except OSError as exc:
        raise CommandError(f"cannot listen on {args.host}:{args.port} ({exc.strerror or exc}).") from None
    return 0


async def _serve(server: Server) -> None:
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, server.stop)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C raises KeyboardInterrupt instead
            pass
    server.ready = asyncio.Event()
    task = asyncio.create_task(server.run())
    ready = asyncio.create_task(server.ready.wait())
    await asyncio.wait({task, ready}, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        task.result()  # the OSError of a port that cannot be bound
        return
    host = server.host if ":" not in server.host else f"[{server.host}]"
    print(f"listening on {host}:{server.port}", flush=True)
    for m in server.matches.values():
        print(f"match {m.code} {m.scenario}", flush=True)
    await task
