"""``clinch compare SITUATION.json --rulesets A,B [--json] [--seed N]``: one moment under several rulesets.

The situation is translated into each ruleset (every assumed value named), its
first action played there, and the results printed side by side with the
differences named (``game.teaching.compare``); ``--json`` gives per ruleset the
translated situation, the assumptions, the events and the exact odds of each
outcome. Bad input (the file, an unknown ruleset): one line on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.cli import CommandError, UsageParser
from game.files.situation import SituationError, load_situation
from game.teaching.compare import compare_json, compare_spec, differences, render_compare

USAGE = "clinch compare SITUATION.json --rulesets A,B [--json] [--seed N]"


def _parser() -> argparse.ArgumentParser:
    p = UsageParser(usage_line=USAGE, prog="clinch compare", description="Resolve a situation's first action under several rulesets "
                "and print them aligned, the differences and every assumed value named.")
    p.add_argument("situation", metavar="SITUATION.json", help="the situation file (see SITUATION-FORMAT.md)")
    p.add_argument("--rulesets", required=True, help="ruleset ids, comma-separated (see clinch rulesets)")
    p.add_argument("--json", action="store_true", help="print JSON: per ruleset the events and the odds")
    p.add_argument("--seed", type=int, default=0, help="seed for the dice of rulesets the file's dice do not fit")
    return p


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    # late: tests patch it: the function must see the replacement at call time
    from game.teaching.translate import TranslationError

    ids = [r.strip() for r in args.rulesets.split(",") if r.strip()]
    if not ids:
        raise CommandError(f"--rulesets: name at least one ruleset (usage: {USAGE})")
    try:
        sit = load_situation(args.situation, seed=args.seed)  # the file is checked as clinch resolve checks it
        with open(args.situation, encoding="utf-8-sig") as fh:
            spec = json.load(fh)
        cols = compare_spec(spec, ids, seed=args.seed, base_dir=Path(args.situation).parent)
    except SituationError as exc:
        raise CommandError(str(exc)) from None
    except TranslationError as exc:
        raise CommandError(f"--rulesets: {exc}") from None
    del sit
    diffs = differences(cols)
    if args.json:
        sys.stdout.write(json.dumps(compare_json(cols, diffs), ensure_ascii=False, indent=1) + "\n")
    else:
        sys.stdout.write(render_compare(cols, diffs))
    return 0
