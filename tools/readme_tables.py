#!/usr/bin/env python3
"""Write the parts of README.md that come from the program: the key table.

Why: hand-kept, the key table drifts from the keys the game answers to. It holds the keys every battle shares
and one row saying where each ruleset's action letters are (its presentation's ``menu_keys``, listed on the F2
screen), and the README names no count of rulesets: a new ruleset then changes nothing here (a ruleset is its
folder, its scenario and one import line). Each generated part sits between two HTML comments,
``<!-- readme_tables:NAME -->`` and ``<!-- /readme_tables:NAME -->``; this tool rewrites what is between
them from the registry (``game.rules.RULESETS``) and the key table (``game.ui.keys``), and leaves every
other line alone. ``tests/test_ui_keys.py`` checks the README equals what this writes.

    python3 tools/readme_tables.py            # rewrite README.md's marked parts
    python3 tools/readme_tables.py --check    # exit 1 and name the parts that differ
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def _game() -> None:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def key_table() -> str:
    """The key table, row for row what the keys screen (F2) lists, the action letters as one row (they come
    with each ruleset)."""
    _game()
    from game.ui.keys import markdown_table

    return "\n" + markdown_table(letters=False) + "\n"


#: marked part -> what writes it; a block part starts and ends with a newline, an inline one has none
PARTS: dict[str, Callable[[], str]] = {"keys": key_table}


def _marked(name: str) -> re.Pattern[str]:
    return re.compile(rf"(<!-- readme_tables:{re.escape(name)} -->)(.*?)(<!-- /readme_tables:{re.escape(name)} -->)",
                      re.S)


def rewrite(text: str) -> str:
    """``text`` with every marked part written afresh; a part whose markers are missing is refused by name."""
    for name, write in PARTS.items():
        pattern = _marked(name)
        if not pattern.search(text):
            raise ValueError(f"README.md: the markers <!-- readme_tables:{name} --> ... "
                             f"<!-- /readme_tables:{name} --> are missing")
        made = write()
        text = pattern.sub(lambda m, made=made: m[1] + made + m[3], text)
    return text


def differing(text: str) -> list[str]:
    """The names of the marked parts whose text differs from what would be written."""
    fresh = rewrite(text)
    return [name for name in PARTS if _marked(name).search(text)[2] != _marked(name).search(fresh)[2]]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--check", action="store_true", help="change nothing; exit 1 when a part differs")
    p.add_argument("--readme", type=Path, default=README, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    text = args.readme.read_text(encoding="utf-8")
    try:
        stale = differing(text)
    except ValueError as exc:
        print(f"readme_tables: {exc}", file=sys.stderr)
        return 2
    if args.check:
        if stale:
            print(f"readme_tables: README.md's {', '.join(stale)} differ(s); run python3 tools/readme_tables.py")
        return 1 if stale else 0
    if stale:
        args.readme.write_text(rewrite(text), encoding="utf-8")
        print(f"readme_tables: rewrote {', '.join(stale)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
