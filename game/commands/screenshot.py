"""``clinch screenshot SCENARIO.toml --out shot.png [--size 1920x1080]``: one frame, headless, to a PNG.

``--select ID`` selects a fighter first (its arcs show) and ``--hover Q,R``
puts the mouse over a hex, so every part of the board screen can be looked at
without a display. A situation file (``SITUATION.json``, as ``clinch resolve``
reads it) is shown after its actions have played: its board effects (fires,
clouds), who burns, who fell.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from game.cli import CommandError
from game.commands._uiargs import check_scenario_path, load_battle_or_fail, parse_size, quiet_pygame
from game.files.situation import SituationError, load_situation, play
from game.hexgrid import Hex


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise CommandError(message.rstrip(".") + ".")


def _clause(exc: BaseException) -> str:
    """An exception's words as a clause of our one sentence: its first line, without a final period."""
    text = str(exc).strip()
    return (text.splitlines()[0] if text else type(exc).__name__).rstrip(".")


def _situation_battle(path: Path) -> Any:
    """The battle of a situation file after its actions (as ``clinch resolve`` plays them), or one sentence."""
    try:
        sit = load_situation(path)
        play(sit, sit.make_dice())
    except SituationError as exc:
        raise CommandError(str(exc)) from None
    return sit.battle


def _frame_situation(scene: Any, battle: Any) -> None:
    """Frame what a situation is about: its fighters and its board effects, with a margin of two hexes (a
    situation often has no map, so fitting the map shows nothing useful)."""
    hexes = [f.hex for f in battle.fighters]
    hexes += [Hex(*e["hex"]) for e in battle.state.get("board_effects") or () if len(e.get("hex") or ()) == 2]
    if not hexes:
        return
    pts = [scene.geometry.center(h) for h in hexes]
    pad = 2.5 * scene.geometry.hex_radius * 2
    scene._fit_rect((min(x for x, _ in pts) - pad, min(y for _, y in pts) - pad,
                     max(x for x, _ in pts) + pad, max(y for _, y in pts) + pad))
    if scene.camera.zoom > 1.5:
        scene.camera.set_zoom(1.5, scene._rect_centre())


def main(argv: list[str]) -> int:
    parser = _Parser(prog="clinch screenshot", description="Render one frame of a scenario to a PNG, headless.")
    parser.add_argument("scenario", help="a scenario .toml, or a situation .json (shown after its actions)")
    parser.add_argument("--out", required=True, help="the PNG to write")
    parser.add_argument("--size", default="1920x1080", help="image size, e.g. 1920x1080")
    parser.add_argument("--select", default=None, help="select this fighter id first")
    parser.add_argument("--hover", default=None, help="hover this hex, 'q,r'")
    parser.add_argument("--fit", action="store_true", help="fit the whole map in the frame")
    args = parser.parse_args(argv)
    size = parse_size(args.size)
    situation = args.scenario.lower().endswith(".json")
    path = Path(args.scenario) if situation else check_scenario_path(args.scenario)
    if not args.out.lower().endswith(".png"):
        raise CommandError(f"--out {args.out}: the screenshot is written as a .png file.")
    hover = None
    if args.hover:
        try:
            q, r = (int(v) for v in args.hover.split(","))
        except ValueError:
            raise CommandError(f"--hover must look like 3,-1, not {args.hover!r}.") from None
        hover = (q, r)
    battle = _situation_battle(path) if situation else load_battle_or_fail(path)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    quiet_pygame()
    # late: start-up time: pygame and the window load once the arguments are checked
    import pygame

    # late: start-up time: pygame and the window load once the arguments are checked
    from game.ui.app import App

    # late: start-up time: pygame and the window load once the arguments are checked
    from game.ui.clock import FixedClock

    try:
        try:
            app = App(battle, size, clock=FixedClock(), resizable=False, autosave=False)
        except (ValueError, pygame.error) as exc:  # an image the loader's header checks could not foresee
            raise CommandError(str(exc).strip().splitlines()[0].rstrip(".") + ".") from None
        scene = app.board
        if args.fit:
            scene.fit()
        elif situation:
            _frame_situation(scene, battle)
        if args.select is not None:
            if battle.get(args.select) is None:
                raise CommandError(f"--select {args.select}: no fighter with that id in {path}.")
            scene.selected = args.select
        if hover is not None:
            scene.hovered = Hex(*hover) if scene.on_board(Hex(*hover)) else None
            scene.mouse = tuple(int(v) for v in scene.hex_screen_pos(Hex(*hover)))
        try:  # drawn first, so that a frame the scenario cannot make is not blamed on --out
            frame = app.draw()
        except (pygame.error, ValueError) as exc:
            raise CommandError(f"{path}: its battle cannot be drawn ({_clause(exc)}).") from None
        try:
            pygame.image.save(frame, args.out)
        except (pygame.error, OSError) as exc:
            raise CommandError(f"--out {args.out}: cannot write the PNG ({_clause(exc)}).") from None
    finally:
        pygame.quit()
    print(args.out)
    return 0
