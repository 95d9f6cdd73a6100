"""``clinch check-lesson FILE.toml... [--seeds N] [--tries N]``: is a lesson file sound, and can it be finished?

For a teacher writing a lesson (``maps/lessons/README.md``): each file is read
and checked as the Learn menu reads it (a bad one: one sentence naming the file
and the field, exit status 2), then played headless by its steps' examples
under ``--seeds`` different seeds (default 5): a step the example cannot meet in
``--tries`` tries (default 25) under some seed makes the exit status 3, since a
learner following the card could be stuck there.
"""

from __future__ import annotations

from game.cli import CommandError
from game.teaching.lessons import LessonError, load_lesson, play_examples

USAGE = "usage: clinch check-lesson FILE.toml... [--seeds N] [--tries N]"


def _number(args: list[str], flag: str, default: int) -> int:
    if flag not in args:
        return default
    i = args.index(flag)
    try:
        value = int(args[i + 1])
    except (IndexError, ValueError):
        raise CommandError(f"{flag} needs a whole number; {USAGE}.") from None
    if not 1 <= value <= 1000:
        raise CommandError(f"{flag} must be from 1 to 1000, got {value}.")
    del args[i:i + 2]
    return value


def main(argv: list[str]) -> int:
    args = list(argv)
    if "-h" in args or "--help" in args:
        print(USAGE)
        return 0
    seeds = _number(args, "--seeds", 5)
    tries = _number(args, "--tries", 25)
    unknown = [a for a in args if a.startswith("-")]
    if unknown:
        raise CommandError(f"unknown option {unknown[0]!r}; {USAGE}.")
    if not args:
        raise CommandError(f"give one or more lesson files; {USAGE}.")
    lessons = []
    for path in args:
        try:
            lessons.append(load_lesson(path))
        except LessonError as exc:
            raise CommandError(str(exc)) from None
    stuck = False
    for lesson in lessons:
        print(f"{lesson.path}: {lesson.id} ({lesson.ruleset}), {len(lesson.steps)} step(s), foe {lesson.foe}")
        trials = [play_examples(lesson, tries=tries, seed=seed) for seed in range(seeds)]
        for i, step in enumerate(lesson.steps):
            met = [t for run in trials for t in run if t.index == i and t.met]
            missed = [t for run in trials for t in run if t.index == i and not t.met]
            under = sum(1 for run in trials if any(t.index == i and t.met for t in run))
            line = f"  step {i + 1} \u201c{step.prompt}\u201d: met under {under} of {seeds} seeds"
            if met:
                n = [t.tries for t in met]
                line += f", {sum(n) / len(n):.1f} tries on average (at most {max(n)})"
            if missed:
                stuck = True
                line += f"; stuck: {missed[0].note}"
            print(line)
    return 3 if stuck else 0
