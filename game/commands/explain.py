"""``clinch explain SITUATION.json [--markdown] [--seed N]``: a situation's actions stepped through in words.

Each roll's target built modifier by modifier with its rule IDs, the dice, the
comparison and the margin, then each state change (``game.teaching.explain``): the
text the lab's step-through shows, for handouts (``--markdown``) and checks.
Exit status as ``clinch resolve``: 0 every action played, 3 one was refused
(the steps up to it, and the refusal, still printed), 2 a bad file (one line
on stderr, nothing on stdout; a file with no action is one too).
"""

from __future__ import annotations

import argparse
import sys

from game.cli import CommandError, UsageParser
from game.files.situation import SituationError
from game.teaching.explain import explain_play, render_text

USAGE = "clinch explain SITUATION.json [--markdown] [--seed N]"


def _parser() -> argparse.ArgumentParser:
    p = UsageParser(usage_line=USAGE, prog="clinch explain", description="Step through a situation's actions in words: each roll's "
                "target modifier by modifier with rule IDs, the dice, the margin, each state change.")
    p.add_argument("situation", metavar="SITUATION.json", help="the situation file (see SITUATION-FORMAT.md)")
    p.add_argument("--markdown", action="store_true", help="print Markdown (for handouts)")
    p.add_argument("--seed", type=int, default=0, help="seed for the dice when the file gives no 'dice' (default 0)")
    return p


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # --help
        return int(exc.code or 0)

    try:
        played = explain_play(args.situation, seed=args.seed)
    except SituationError as exc:
        raise CommandError(str(exc)) from None
    if not played.situation.actions:  # nothing to step through: say so rather than print nothing and exit 0
        raise CommandError(f"{args.situation}: actions: the file has no action to explain; add one to 'actions' "
                           "(see SITUATION-FORMAT.md).")
    text = render_text(played.steps, markdown=args.markdown)
    if args.markdown:
        text = f"# {played.situation.ruleset.name or played.situation.ruleset.id}: {args.situation}\n\n" + text
    sys.stdout.write(text)
    return played.status
