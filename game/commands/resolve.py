"""``clinch resolve SITUATION.json [--seed N]``: play a situation's actions, print the events as JSON.

The contract is ``../shared/docs/SITUATION-FORMAT.md``: the output object on
stdout, exit status 0 (every action played), 3 (an action was illegal: the
events up to it and an ``illegal`` event, still printed) or 2 (the file is not
a valid situation: one line on stderr naming the file and the field, nothing
on stdout).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import msgspec

from game.cli import CommandError, UsageParser
from game.files.situation import SituationError, resolve_file


def _parser() -> argparse.ArgumentParser:
    p = UsageParser(usage_line="clinch resolve SITUATION.json [--seed N]", prog="clinch resolve", description="Play a situation file's actions and print the events as JSON.")
    p.add_argument("situation", metavar="SITUATION.json", help="the situation file (see SITUATION-FORMAT.md)")
    p.add_argument("--seed", type=int, default=0, help="seed for the dice when the file gives no 'dice' (default 0)")
    return p


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # --help
        return int(exc.code or 0)

    try:
        output, status = resolve_file(args.situation, seed=args.seed)
    except SituationError as exc:
        raise CommandError(str(exc)) from None
    sys.stdout.write(format_output(output))
    return status


def _line(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def format_output(output: dict[str, Any]) -> str:
    """The output object as JSON, one event / fighter / grip per line (readable, diff-friendly)."""
    data = msgspec.to_builtins(output)

    def block(items: list[Any], indent: str) -> str:
        if not items:
            return "[]"
        inner = ",\n".join(indent + "  " + _line(x) for x in items)
        return "[\n" + inner + "\n" + indent + "]"

    parts = []
    for key, value in data.items():
        if key == "events":
            text = block(value, "  ")
        elif key == "state" and isinstance(value, dict):
            inner = ",\n".join(f"    {_line(k)}: {block(v, '    ') if isinstance(v, list) else _line(v)}"
                                for k, v in value.items())
            text = "{\n" + inner + "\n  }"
        else:
            text = _line(value)
        parts.append(f"  {_line(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n"
