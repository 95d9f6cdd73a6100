"""``clinch [play] [SCENARIO.toml] [--size WxH]``: open the game window (default: the arena)."""

from __future__ import annotations

import argparse

from game.cli import CommandError
from game.commands._uiargs import check_scenario_path, load_battle_or_fail, parse_size, quiet_pygame


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise CommandError(message.rstrip(".") + ".")


def main(argv: list[str]) -> int:
    parser = _Parser(prog="clinch play", description="Open the game window on a scenario.")
    parser.add_argument("scenario", nargs="?", help="a scenario .toml (default: maps/arena.toml)")
    parser.add_argument("--size", default="1280x800", help="window size, e.g. 1600x900")
    args = parser.parse_args(argv)
    size = parse_size(args.size)
    quiet_pygame()
    from game.ui.app import DEFAULT_SCENARIO, App

    path = check_scenario_path(args.scenario) if args.scenario else DEFAULT_SCENARIO
    if not args.scenario and not path.is_file():
        raise CommandError(f"the default scenario {path} is missing; pass a scenario .toml.")
    battle = load_battle_or_fail(path)
    import pygame

    try:
        return App(battle, size).run()
    finally:
        pygame.quit()
