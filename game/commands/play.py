"""``clinch [play] [SCENARIO.toml] [--size WxH] [--seed N] [--lab [SITUATION.json]]``: open the game window.

With no scenario the main menu opens, its "Quick battle" (one click, or
Enter) starting the default scenario (the arena); with a scenario the battle
starts at once, each side played as the scenario says (``--hotseat``: every
side by a person; ``--solo``: the first side by you, the rest by the computer).

Each new battle rolls with a fresh seed from the operating system (a
restarted battle gets new luck; the pause menu shows the seed); ``--seed N``
gives every battle started in this window that seed, to replay a battle's
luck on purpose (the same choices meet the same rolls).
"""

from __future__ import annotations

import argparse

from game.cli import CommandError
from game.commands._uiargs import check_scenario_path, load_battle_or_fail, parse_size, quiet_pygame
from game.commands._window import check_display, leave_now

#: on a calm screen the window waits up to this long for input between frames (about 10 a second, not 60)
IDLE_MS = 100


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise CommandError(message.rstrip(".") + ".")


def main(argv: list[str]) -> int:
    parser = _Parser(prog="clinch play", description="Open the game window (the main menu, or a scenario).")
    parser.add_argument("scenario", nargs="?", help="a scenario .toml to start at once (default: the main menu)")
    parser.add_argument("--size", default=None, help="window size, e.g. 1600x900 (default: the settings')")
    seats = parser.add_mutually_exclusive_group()
    seats.add_argument("--hotseat", action="store_true", help="every side played by a person at this screen")
    seats.add_argument("--solo", action="store_true", help="the first side yours, the others the computer's")
    parser.add_argument("--seed", default=None, metavar="N",
                        help="the dice seed of every battle started in this window (default: a fresh one each)")
    parser.add_argument("--lab", nargs="?", const="", default=None, metavar="SITUATION.json",
                        help="open the situation lab (issue 18), on this clinch resolve file if one is given")
    args = parser.parse_args(argv)
    size = parse_size(args.size) if args.size else None
    seed = _parse_seed(args.seed) if args.seed is not None else "fresh"
    if args.lab is not None:
        if args.scenario:
            raise CommandError("--lab opens a situation file, not a scenario; give one or the other.")
        return _open_lab(args.lab, size)
    battle = None
    if args.scenario:
        path = check_scenario_path(args.scenario)
        battle = load_battle_or_fail(path)
    quiet_pygame()
    # late: start-up time: pygame and the window load once the arguments are checked
    import pygame

    # late: start-up time: pygame and the window load once the arguments are checked
    from game.ui.app import App

    seat = None
    if battle is not None and (args.hotseat or args.solo):
        ids = [s.id for s in battle.sides] or sorted({f.side for f in battle.fighters})
        seat = {sid: ("human" if args.hotseat or i == 0 else "ai") for i, sid in enumerate(ids)}
    # late: start-up time: pygame and the window load once the arguments are checked
    from game.ui.session import SessionError

    try:
        check_display(pygame)
        try:
            app = App(args.scenario if battle is not None else None, size, seat=seat, idle_ms=IDLE_MS,
                      briefing=True, seed=seed)
        except SessionError as exc:  # the scenario cannot start under its rules: its sentence, exit 2
            raise CommandError(str(exc)) from None
        except pygame.error as exc:
            raise CommandError(f"cannot open a window ({exc}).") from None
        code = app.run()
    finally:
        pygame.quit()
    return leave_now(code)


#: a seed must fit the save's 64-bit integers (a larger one would make every save of the battle unreadable)
MAX_SEED = 2**63 - 1


def _parse_seed(text: str) -> int:
    """``--seed``'s value as a whole number from 0 to :data:`MAX_SEED`, else one sentence (exit 2)."""
    try:
        value = int(text.strip())
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_SEED:
        raise CommandError(f"--seed: must be a whole number from 0 to {MAX_SEED}, got {text[:40]!r}.")
    return value


def _open_lab(situation: str, size: tuple[int, int] | None) -> int:
    """The window on the situation lab, over the main menu (Esc goes back to it); a file that is not a
    valid situation is refused before the window opens, in the sentence ``clinch resolve`` would give."""
    # late: start-up time: game.teaching.lab is not loaded for the menu's first frame
    from game.teaching.lab import LabError, LabSituation

    lab = None
    if situation:
        try:
            lab = LabSituation.load(situation)
        except LabError as exc:
            raise CommandError(str(exc)) from None
    quiet_pygame()
    # late: start-up time: pygame and the window load once the arguments are checked
    import pygame

    # late: start-up time: pygame and the window load once the arguments are checked
    from game.ui.app import App

    # late: start-up time: pygame and the window load once the arguments are checked
    from game.ui.lab.scene import LabScene

    # late: start-up time: pygame and the window load once the arguments are checked
    from game.ui.scene import Transition

    try:
        check_display(pygame)
        app = App(None, size, idle_ms=IDLE_MS)
        app.apply(Transition("push", LabScene(app, lab)))
        code = app.run()
    except pygame.error as exc:
        raise CommandError(f"cannot open a window ({exc}).") from None
    finally:
        pygame.quit()
    return leave_now(code)
