"""The ``clinch`` command: a thin dispatcher to ``game.commands.<name>``.

Each subcommand lives in its own module with a ``main(argv) -> int`` so that
starting the game does not import the rules CLI and ``clinch resolve`` does not
import pygame. Bad input anywhere ends with one sentence on stderr and exit
status 2 (``CommandError``), never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
from pathlib import Path
from typing import Any, NoReturn

#: subcommand -> (module under game.commands, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("play", "open the game window on a scenario (default: the arena)"),
    "screenshot": ("screenshot", "render one frame of a scenario to a PNG, headless"),
    "check-map": ("check_map", "load a Tiled .tmx map and print a summary (--json for the cells)"),
    "check-save": ("check_save", "replay a save or autosave and check it is sound (exit 2 with the reason if not)"),
    "resolve": ("resolve", "play a situation file's actions and print the events as JSON"),
    "explain": ("explain", "step through a situation's actions in words (rolls, modifiers, rule IDs, changes)"),
    "compare": ("compare", "resolve a situation's first action under several rulesets, aligned"),
    "rulesets": ("catalogue", "list the rulesets"),
    "actions": ("catalogue", "list a ruleset's action types and their fields"),
    "items": ("catalogue", "list a ruleset's items"),
    "conditions": ("catalogue", "list a ruleset's conditions"),
    "simulate": ("simulate", "play whole battles computer against computer, headless"),
    "serve": ("serve", "serve battles over a network, headless (loopback unless --host says otherwise)"),
    "join": ("join", "join a served match in the window (or, --headless, let the computer play a seat)"),
    "check-lesson": ("check_lesson", "check a lesson file and play it by its examples (exit 3 if a step sticks)"),
}


class CommandError(Exception):
    """A user-facing error: one sentence, exit status 2."""


class UsageParser(argparse.ArgumentParser):
    """An argument parser whose error is :class:`CommandError`: one sentence ending in the command's usage
    line, exit status 2 (argparse's own usage dump and exit would bypass the one-sentence rule)."""

    def __init__(self, *args: Any, usage_line: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.usage_line = usage_line

    def error(self, message: str) -> NoReturn:  # type: ignore[override]
        raise CommandError(f"{message} (usage: {self.usage_line})")


def flag_folder(flag: str, name: str) -> Path:
    """The folder a command-line flag names (``--data``, ``--save-dir``), made if missing; a file in the way
    or a folder that cannot be made is one sentence naming the flag (:class:`CommandError`, exit 2)."""
    path = Path(name)
    if path.exists() and not path.is_dir():
        raise CommandError(f"{flag} {name}: not a folder.")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CommandError(f"{flag} {name}: could not be made ({exc.strerror or exc}).") from None
    return path


def usage() -> str:
    lines = ["usage: clinch [COMMAND] [ARGS...]", "", "With no command, opens the game on the default scenario.", ""]
    for name, (_, text) in COMMANDS.items():
        lines.append(f"  {name:<12} {text}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    if not args or args[0].startswith("-") or args[0].endswith(".toml"):
        name, rest = "play", args
    else:
        name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"clinch: unknown command {name!r}; try 'clinch --help'.", file=sys.stderr)
        return 2
    module_name, _ = COMMANDS[name]
    try:
        module = importlib.import_module(f"game.commands.{module_name}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("game.commands"):
            print(f"clinch: the command {name!r} is not built yet.", file=sys.stderr)
            return 2
        raise
    try:
        code = module.main(rest, command=name) if getattr(module, "TAKES_COMMAND", False) else module.main(rest)
    except CommandError as exc:
        # late: start-up time: game.files.userfiles is not loaded for `clinch --help`
        from game.files.userfiles import one_line

        print(f"clinch {name}: {one_line(exc)}", file=sys.stderr)  # a file name's newline stays escaped
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `clinch check-map m.tmx | head`: the reader left; nothing more to say
        sys.stderr.close()
        return 0
    except Exception as exc:  # noqa: BLE001 - the last line of defence: a bug still gets one sentence
        return _internal_error(name, exc)
    return int(code or 0)


def _internal_error(name: str, exc: BaseException) -> int:
    """A bug, not bad input: one line on stderr saying so and where the details went; exit status 1.

    The traceback is written to a file in the temporary folder so a player can attach it to a report,
    but never shown instead of a sentence.
    """
    # late: start-up time: traceback is not loaded for `clinch --help`
    import traceback

    where = ""
    try:
        with tempfile.NamedTemporaryFile("w", prefix="clinch-error-", suffix=".txt", delete=False,
                                         encoding="utf-8") as fh:
            traceback.print_exception(exc, file=fh)
            where = f"; the details are in {fh.name}"
    except OSError:
        pass
    text = " ".join(str(exc).split())[:200]
    print(f"clinch {name}: internal error ({type(exc).__name__}: {text}): this is a bug in Clinch, not in your "
          f"input{where}.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    # Run through the package module, not this __main__ copy, so that the
    # CommandError the subcommands raise is the class caught above.
    from game.cli import main as package_main

    sys.exit(package_main())
