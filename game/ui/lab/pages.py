"""What the lab's reading panes say, as plain lines (no pygame): a step, a trial's summary, the split view.

Each line is ``(text, tone)``: tone ``title``, ``text``, ``rule`` (a rule ID
line: the pane draws it as a link into the rules help), ``good``, ``bad``
or ``dim``. Kept apart from the scene so the words can be tested and read
without a window.
"""

from __future__ import annotations

from typing import Any

from game.rules.base import Ruleset
from game.teaching.explain import odds_line
from game.teaching.lab_trial import Comparison, Trial
from game.ui.describe import intent_words

__all__ = ["hands_words", "hands_number", "fighter_lines", "step_lines", "trial_heading", "compare_columns", "odds_lines", "Line", "script_lines"]

#: at most this many rounds are listed over a script's steps (the step itself must stay in view)
SCRIPT_ROUNDS_SHOWN = 4

Line = tuple[str, str]


def _pairs(block: dict[str, Any]) -> str:
    return " ".join(f"{k} {v}" for k, v in block.items()) or "none"


def fighter_lines(battle: Any, fid: str | None, ruleset: Ruleset) -> list[Line]:
    """The selected fighter as the set-up has it: stats, skills, hands, what else it has, health, grips; in the
    words of ``ruleset``, the lab's own (handed in: the lab holds it, no lookup by the battle's id)."""
    if fid is None or battle.get(fid) is None:
        return []
    f = battle.fighter(fid)
    held = ", ".join(f"{h} {v}" for h, v in f.hands.items() if v) or "empty hands"

    hp_word = ruleset.presentation.health_stat  # nd6 counts hits off ST
    health = " \u00b7 ".join(f"{k} {'full' if v is None else v}" for k, v in ((hp_word, f.hp), ("FP", f.fp))
                             if v is not None or k == hp_word)
    out: list[Line] = [(f.name or f.id, "title"), (f"Stats: {_pairs(f.stats)}", "text"),
                       (f"Skills: {_pairs(f.skills)}", "text"), (f"Holds: {held}", "text")]
    if f.items:
        out.append((f"Has: {', '.join(f.items)}", "text"))
    out.append((f"{health} \u00b7 facing {f.facing} \u00b7 {f.posture} \u00b7 "
                f"{', '.join(f.conditions) or 'no condition'}", "text"))
    for g in battle.grapples:
        if fid in (g.holder, g.target):
            out.append((f"Grip: {_named(battle, g.holder)} holds {_named(battle, g.target)} by the {g.location} "
                        f"({g.kind}, {hands_words(g.hands)})", "text"))
    return out


def _named(battle: Any, fid: str) -> str:
    """A fighter's name as written (the id only for one the set-up has not named)."""
    f = battle.get(fid)
    return (f.name or f.id) if f is not None else fid


def hands_words(n: int) -> str:
    """"1 hand", "2 hands"; a grip that takes no hand (a bite, a body lock) says so rather than "0 hands"."""
    return "no hands" if n == 0 else f"{n} hand{'s' if n != 1 else ''}"


def hands_number(words: str) -> int:
    """The number :func:`hands_words` wrote."""
    return 0 if words == "no hands" else int(words.split(" ")[0])


def odds_lines(odds: dict[str, float] | None) -> list[Line]:
    """The exact chance of each outcome, before the dice (nothing when the ruleset works none out)."""
    if not odds:
        return []
    return [(odds_line(odds), "dim")]


def trial_heading(trial: Trial) -> list[Line]:
    """Which faces fell (typed ones marked) and whether the rules allowed the action."""
    typed = len(trial.typed)
    faces = " ".join(f"[{f}]" if i < typed else str(f) for i, f in enumerate(trial.used)) or "none"
    out: list[Line] = [(f"Dice: {faces}" + ("   ([n]: given, the rest rolled)" if typed and trial.used else ""), "dim")]
    if trial.illegal:
        out.append((f"Not allowed: {trial.illegal}", "bad"))
    return out


def script_lines(battle: Any, actions: list[dict[str, Any]] | None) -> list[Line]:
    """The file's actions by round when it writes its rounds down (SITUATION-FORMAT.md): "Round 2: Ann moves
    to (2, 0); Ann attacks Bob", one line a round; nothing for a script without rounds or a single action."""
    if not actions or not all(isinstance(a, dict) and "round" in a for a in actions):
        return []
    rounds: dict[Any, list[str]] = {}
    for a in actions:
        plain = {k: v for k, v in a.items() if k not in ("round", "initiative", "reactions")}
        try:
            words = intent_words(battle, plain)
        except (KeyError, ValueError, TypeError):
            words = str(plain.get("type", "?"))
        if "initiative" in a:
            words += f" (on {a['initiative']})"
        rounds.setdefault(a["round"], []).append(words)
    out: list[Line] = [(f"Round {r}: " + "; ".join(words), "dim") for r, words in rounds.items()]
    if len(out) > SCRIPT_ROUNDS_SHOWN:
        out = out[:SCRIPT_ROUNDS_SHOWN] + [(f"... and {len(out) - SCRIPT_ROUNDS_SHOWN} more round(s)", "dim")]
    return out


def step_lines(trial: Trial, index: int) -> list[Line]:
    """Step ``index`` of the trial: its title, its lines, its rule IDs (a link each)."""
    if not trial.steps:
        return [("Nothing to step through: the action rolled nothing and changed nothing.", "dim")]
    index = max(0, min(index, len(trial.steps) - 1))
    step = trial.steps[index]
    where = f", round {step.round}" if getattr(step, "round", None) is not None else ""  # rounds written down
    out: list[Line] = [(f"Step {index + 1} of {len(trial.steps)}{where}: {step.title}", "title")]
    for line in step.lines:
        tone = "text"
        low = line.lower()
        if low.startswith("result:") or low.endswith(" wins"):
            tone = "bad" if ("fail" in low or "miss" in low) else "good"
        out.append((line, tone))
    out.extend((rule, "rule") for rule in step.rules)
    return out


def step_block(step: Any) -> list[Line]:
    """One step as the split view shows it: its title, its lines indented, its rule IDs (links)."""
    tone = "title" if step.kind in ("roll", "contest", "action") else "text"
    out: list[Line] = [(step.title, tone), *((f"  {line}", "text") for line in step.lines)]
    if step.rules:
        out.append(("  " + ", ".join(step.rules), "rule"))
    return out


def compare_columns(comp: Comparison, names: tuple[str, str]) -> tuple[list[list[Line]], list[list[Line]],
                                                                       list[Line]]:
    """The split view: for each ruleset a list of blocks (its heading, then one block per step), drawn in
    pairs so that the n-th step of each starts on the same line; below both, every difference named and
    what each translation assumed."""
    cols = []
    for trial, odds, name in zip(comp.trials, comp.odds, names, strict=True):
        head = [(name, "title"), *trial_heading(trial), *odds_lines(odds)]
        cols.append([head, *(step_block(st) for st in trial.steps)])
    below: list[Line] = [("Differences", "title")]
    below += [(d, "text") for d in comp.differences]
    for assumed, name in zip(comp.assumptions, names, strict=True):
        if assumed:
            below.append((f"Assumed for {name}:", "title"))
            below += [(a, "dim") for a in assumed]
    return cols[0], cols[1], below


def roll_rows(comp: Comparison) -> list[tuple[Any, Any]]:
    """The two trials' rolls paired in order (None where one ruleset rolls fewer)."""
    a, b = comp.trials[0].rolls, comp.trials[1].rolls
    n = max(len(a), len(b))
    return [(a[i] if i < len(a) else None, b[i] if i < len(b) else None) for i in range(n)]
