"""``clinch simulate SCENARIO.toml --battles N``: whole battles computer against computer, headless.

Prints win rates per side with a 95% Wilson interval, the mean and spread of
rounds, and how often each action type was chosen and succeeded; ``--json``
prints one object instead. Levels: ``--level L`` for every side,
``--levels L1,L2`` in side order, or ``--SIDE L`` for one side (``--red hard
--blue easy``); with none of those, a side plays at the scenario's own
``level`` for it, else normal. ``--mirror`` swaps the first two sides' levels
every other battle. A progress bar goes to stderr only when stderr is a terminal.

By default each decision has a node budget (deterministic for ``--seed``);
``--budget-ms`` plays with a wall-clock budget instead, as the game does.

``--jobs N`` spreads the battles over N processes (default: every core); the
results are the same as in one process, since each battle's seeds come from
the run's seed and its index only. With ``--json`` the output is the same
bytes for the same seed and arguments, apart from the wall-clock figures under
its ``timing`` key, which ``--no-timing`` leaves out. ``--save-dir DIR`` writes
each battle's save there (``SCENARIO-seedS-battleNNNNN.json``, the battle's
index from 0), for ``clinch check-save`` or the replay viewer.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.ai.simulation import default_jobs, run_battles
from game.ai.weights import LEVELS
from game.cli import CommandError, UsageParser, flag_folder
from game.files.maps import load_scenario
from game.files.saves import SaveError
from game.rules.base import UnknownRuleset, find_ruleset

#: the longest wall-clock budget a decision may have: a minute (nan, inf and 1e308 are refused, not played)
MAX_BUDGET_MS = 60_000.0

USAGE = ("clinch simulate SCENARIO.toml --battles N [--seed S] [--ruleset R] [--level L | --levels L1,L2 | "
         "--SIDE L ...] [--mirror] [--rounds 200] [--nodes N | --budget-ms MS] [--jobs N] [--save-dir DIR] "
         "[--json [--no-timing]]")


def _parser() -> argparse.ArgumentParser:
    p = UsageParser(usage_line=USAGE, prog="clinch simulate", description="Play whole battles computer against computer, headless.")
    p.add_argument("scenario", metavar="SCENARIO.toml")
    p.add_argument("--battles", type=int, default=100, help="how many battles (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    p.add_argument("--ruleset", default=None, help="play under this ruleset instead of the scenario's")
    p.add_argument("--level", default=None, help="level of every side: random, easy, normal, hard "
                   "(default: each side's level in the scenario, else normal)")
    p.add_argument("--levels", default=None, help="levels in side order, comma-separated (e.g. hard,easy)")
    p.add_argument("--mirror", action="store_true", help="swap the first two sides' levels every other battle")
    p.add_argument("--rounds", type=int, default=200, help="round limit; a battle reaching it is stuck (default 200)")
    p.add_argument("--nodes", type=int, default=None, help="node budget per decision (default: by level)")
    p.add_argument("--budget-ms", type=float, default=None, help="wall-clock budget per decision instead of nodes")
    p.add_argument("--check", action="store_true", help="check the engine's invariants after every step")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--no-timing", action="store_true",
                   help="leave the wall-clock figures (the JSON's timing key) out, so runs compare byte for byte")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    p.add_argument("--save-dir", default=None, metavar="DIR", help="write each battle's save into this folder")
    p.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                   help="progress bar on stderr (auto: only on a terminal)")
    return p


def _progress_bar(enabled: bool):  # noqa: ANN202
    if not enabled:
        return None

    def show(done: int, total: int) -> None:
        width = 30
        filled = int(width * done / total)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


def _save_dir(name: str) -> Path:
    """The folder ``--save-dir`` names, made if missing; one sentence if it cannot be."""
    return flag_folder("--save-dir", name)


def _check_flags(args: argparse.Namespace) -> None:
    """Refuse a bad flag in one sentence before anything heavy is imported (a typo answers at once)."""
    if args.battles < 1:
        raise CommandError(f"--battles must be at least 1, got {args.battles}.")
    if args.rounds < 1:
        raise CommandError(f"--rounds must be at least 1, got {args.rounds}.")
    if args.nodes is not None and args.nodes < 1:
        raise CommandError(f"--nodes must be at least 1, got {args.nodes}.")
    if args.budget_ms is not None and not 0 < args.budget_ms <= MAX_BUDGET_MS:  # nan fails both comparisons
        raise CommandError(f"--budget-ms must be more than 0 and at most {MAX_BUDGET_MS:,.0f} (a minute a decision), "
                           f"got {args.budget_ms:g}.")
    if args.ruleset is not None and not args.ruleset.strip():  # not the scenario's own, quietly: say so
        raise CommandError("--ruleset is empty; give a ruleset id (see 'clinch rulesets') or leave it out.")


def main(argv: list[str]) -> int:
    try:
        args, rest = _parser().parse_known_args(argv)
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    _check_flags(args)  # before the rules and the computer player are imported

    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        raise CommandError(f"--jobs must be at least 1, got {args.jobs}.")
    try:
        battle = load_scenario(args.scenario)
    except ValueError as exc:  # ScenarioError, MapError: already one sentence naming the file and field
        raise CommandError(str(exc).rstrip(".") + ".") from None
    if args.ruleset is not None:
        battle.ruleset = args.ruleset
    try:
        ruleset = find_ruleset(battle.ruleset)
    except UnknownRuleset as exc:
        raise CommandError(f"{args.scenario}: {exc.args[0]}.") from None

    try:  # a scenario the ruleset cannot set up fails here once, not in every battle
        ruleset.setup(battle.clone(with_log=False))
    except ValueError as exc:
        raise CommandError(f"{args.scenario}: {str(exc).rstrip('.')} (ruleset {ruleset.id}).") from None

    sides = [s.id for s in battle.sides]
    for f in battle.fighters:
        if f.side not in sides:
            sides.append(f.side)
    # a side's own level in the scenario (``level``) counts when no --level/--levels says otherwise
    own = {s.id: s.level for s in battle.sides if s.level}
    levels = {s: args.level or own.get(s) or "normal" for s in sides}
    if args.levels:
        names = [x.strip() for x in args.levels.split(",")]
        if len(names) != len(sides):
            raise CommandError(f"--levels gives {len(names)} levels for {len(sides)} sides ({', '.join(sides)}).")
        levels = dict(zip(sides, names))
    i = 0
    while i < len(rest):  # --SIDE LEVEL
        opt = rest[i]
        side = opt[2:] if opt.startswith("--") else None
        if side not in sides or i + 1 >= len(rest):
            known = ", ".join(f"--{s}" for s in sides)
            raise CommandError(f"unrecognized argument {opt!r} (side options for this scenario: {known}).")
        levels[side] = rest[i + 1]
        i += 2
    for side, lv in levels.items():
        if lv not in LEVELS:
            raise CommandError(f"unknown level {lv!r} for side {side!r} (levels: {', '.join(LEVELS)}).")

    save_dir = _save_dir(args.save_dir) if args.save_dir is not None else None
    show = _progress_bar(args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty()))

    try:
        summary = run_battles(battle, ruleset, levels, args.battles, seed=args.seed, mirror=args.mirror,
                              round_limit=args.rounds, budget_ms=args.budget_ms, nodes=args.nodes, check=args.check,
                              progress=show, jobs=jobs, save_dir=save_dir, scenario=args.scenario)
    except SaveError as exc:  # already one sentence naming the file
        raise CommandError(str(exc)) from None
    if args.json:
        out = summary.to_dict(timing=not args.no_timing)
        out = {"scenario": args.scenario, "ruleset": ruleset.id, "seed": args.seed, **out}
        sys.stdout.write(json.dumps(out, indent=2) + "\n")
    else:
        print(summary.text(f"{args.scenario} ({ruleset.id}), seed {args.seed}"))
    return 0
