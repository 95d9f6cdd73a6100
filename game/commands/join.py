"""``clinch join HOST:PORT CODE --headless``: take a seat in a served match as a computer player.

Without ``--headless`` the game window opens on its Network screen, joining
the match at once (``--seat watch``: as a spectator); a refusal is said there.

The computer player of ``game.ai`` plays the seat (``--seat SIDE``, or the
first free one) at ``--ai LEVEL`` through :class:`game.net.client.NetClient`,
the same client a window uses. When the battle ends it prints
``final STATE_HASH WINNER`` (``draw`` when nobody won) and exits 0; a
refusal from the server is one sentence and exit status 2. ``--seed N``
(tests only) seeds the player as ``clinch simulate --seed N`` seeds battle
``--battle I`` (default 0).
"""

from __future__ import annotations

import argparse
import sys

from game.ai.weights import LEVELS
from game.cli import CommandError, UsageParser
from game.commands._uiargs import quiet_pygame
from game.commands._window import check_display, leave_now
from game.net.client import NetClient, play_computer

USAGE = "clinch join HOST:PORT CODE [--seat SIDE|watch] [--headless [--ai LEVEL] [--seed N] [--timeout SECONDS]]"


def _parser() -> argparse.ArgumentParser:
    p = UsageParser(usage_line=USAGE, prog="clinch join", description="Join a served match as a computer player.")
    p.add_argument("address", metavar="HOST:PORT")
    p.add_argument("code", metavar="CODE")
    p.add_argument("--seat", default="", help="the side to play (default: the first free seat)")
    p.add_argument("--ai", default="normal", metavar="LEVEL", help="random, easy, normal or hard (default normal)")
    p.add_argument("--headless", action="store_true", help="no window: the computer plays the seat")
    p.add_argument("--seed", type=int, default=None, help="tests only: seed the player as clinch simulate does")
    p.add_argument("--battle", type=int, default=0, help="tests only: which battle of the simulate run (default 0)")
    p.add_argument("--timeout", type=float, default=3600.0, help="give up after this many seconds (default 3600)")
    p.add_argument("--verbose", action="store_true", help="print what happens on stderr")
    return p


def split_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:PORT`` for IPv6) as (host, port); :class:`CommandError` in one sentence."""
    host, sep, port = text.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not sep or not host or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise CommandError(f"address {text!r} is not HOST:PORT with a port from 1 to 65535.")
    return host, int(port)


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    host, port = split_address(args.address)
    if not args.headless:
        return _window(host, port, args.code, args.seat)

    if args.ai not in LEVELS:
        raise CommandError(f"unknown level {args.ai!r} for --ai (levels: {', '.join(LEVELS)}).")
    if not 0 < args.timeout <= 86_400:  # nan fails both comparisons
        raise CommandError(f"--timeout must be more than 0 and at most 86400 seconds, got {args.timeout:g}.")
    if args.seat == "watch":
        raise CommandError("--seat watch: a computer player needs a side to play.")

    client = NetClient(host, port, args.code, seat=args.seat).start()
    say = (lambda note: print(f"{note.kind}: {note.text}", file=sys.stderr, flush=True)) if args.verbose else None
    try:
        final, winner = play_computer(client, level=args.ai, seed=args.seed, battle=args.battle,
                                      timeout=args.timeout, on_note=say)
    except RuntimeError as exc:
        raise CommandError(str(exc).rstrip(".") + ".") from None
    finally:
        client.close()
    print(f"final {final} {winner or 'draw'}", flush=True)
    return 0


def _window(host: str, port: int, code: str, seat: str) -> int:
    """The game window, joining ``code`` at once from its Network screen (Esc there: the main menu)."""
    quiet_pygame()
    # late: start-up time: pygame and the window load once the arguments are checked
    import pygame

    # late: start-up time: pygame and the window load once the arguments are checked
    from game.ui.app import App

    # late: start-up time: pygame and the window load once the arguments are checked
    from game.ui.menus.network_menu import NetworkMenu

    # late: start-up time: pygame and the window load once the arguments are checked
    from game.ui.scene import Transition

    try:
        check_display(pygame)
        try:
            app = App(None, None, idle_ms=100, briefing=True, seed="fresh")
        except pygame.error as exc:
            raise CommandError(f"cannot open a window ({exc}).") from None
        menu = NetworkMenu(app, "watch" if seat == "watch" else "join")
        menu.address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        menu.code, menu.side = code, "" if seat == "watch" else seat
        app.apply(Transition("push", menu))
        menu.go()
        rc = app.run()
    finally:
        pygame.quit()
    return leave_now(rc)
