"""``clinch screenshot SCENARIO.toml --out shot.png [--size 1920x1080]``: one frame, headless, to a PNG.

``--select ID`` selects a fighter first (its arcs show) and ``--hover Q,R``
puts the mouse over a hex, so every part of the board screen can be looked at
without a display.
"""

from __future__ import annotations

import argparse
import os

from game.cli import CommandError
from game.commands._uiargs import check_scenario_path, load_battle_or_fail, parse_size, quiet_pygame


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise CommandError(message.rstrip(".") + ".")


def main(argv: list[str]) -> int:
    parser = _Parser(prog="clinch screenshot", description="Render one frame of a scenario to a PNG, headless.")
    parser.add_argument("scenario", help="a scenario .toml")
    parser.add_argument("--out", required=True, help="the PNG to write")
    parser.add_argument("--size", default="1920x1080", help="image size, e.g. 1920x1080")
    parser.add_argument("--select", default=None, help="select this fighter id first")
    parser.add_argument("--hover", default=None, help="hover this hex, 'q,r'")
    parser.add_argument("--fit", action="store_true", help="fit the whole map in the frame")
    args = parser.parse_args(argv)
    size = parse_size(args.size)
    path = check_scenario_path(args.scenario)
    if not args.out.lower().endswith(".png"):
        raise CommandError(f"--out {args.out}: the screenshot is written as a .png file.")
    hover = None
    if args.hover:
        try:
            q, r = (int(v) for v in args.hover.split(","))
        except ValueError:
            raise CommandError(f"--hover must look like 3,-1, not {args.hover!r}.") from None
        hover = (q, r)
    battle = load_battle_or_fail(path)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    quiet_pygame()
    import pygame

    from game.hexgrid import Hex
    from game.ui.app import App
    from game.ui.clock import FixedClock

    try:
        try:
            app = App(battle, size, clock=FixedClock(), resizable=False, autosave=False)
        except (ValueError, pygame.error) as exc:  # an image the loader's header checks could not foresee
            raise CommandError(str(exc).strip().splitlines()[0].rstrip(".") + ".") from None
        scene = app.board
        if args.fit:
            scene.fit()
        if args.select is not None:
            if battle.get(args.select) is None:
                raise CommandError(f"--select {args.select}: no fighter with that id in {path}.")
            scene.selected = args.select
        if hover is not None:
            scene.hovered = Hex(*hover) if scene.on_board(Hex(*hover)) else None
            scene.mouse = tuple(int(v) for v in scene.hex_screen_pos(Hex(*hover)))
        try:
            app.save_screenshot(args.out)
        except (pygame.error, OSError) as exc:
            raise CommandError(f"--out {args.out}: cannot write the PNG ({exc}).") from None
    finally:
        pygame.quit()
    print(args.out)
    return 0
