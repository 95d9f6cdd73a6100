"""The same moment under several rulesets, aligned, the differences named (``clinch compare``, issue 18).

The situation is translated into each ruleset (:func:`game.teaching.translate.translate`,
every assumed value named), its first action played there as ``clinch resolve``
would (:func:`game.teaching.explain.play_explained`), and the columns lined up row by
row: the intent as that ruleset reads it, the exact odds of each outcome
before the dice, each roll, what changed, what was assumed. The situation's
own ruleset keeps the file's scripted dice; the others roll their own from the
seed. Headless; the lab's side-by-side view reads the same :class:`Column`\\ s.
"""

from __future__ import annotations

import json
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.files.situation import SituationError, build_situation, parse_situation
from game.rules.base import find_ruleset
from game.teaching.explain import Played, Step, odds_words, play_explained
from game.teaching.explain_words import intent_words
from game.teaching.translate import first_action_only, translate
from game.wording import percent

__all__ = ["Column", "compare_spec", "differences", "render_compare", "compare_json", "roll_summary"]


@dataclass
class Column:
    """One ruleset's side: the translated situation, what was assumed, and the play (or why none)."""

    ruleset: str
    situation: dict[str, Any]
    assumptions: list[str]
    played: Played | None = None
    error: str = ""  # the translated situation could not be built or played (one sentence)
    intent: str = ""
    odds: dict[str, float] | None = None
    headline: str | None = None  # the outcome the action is taken for (the ruleset's ``headline``)
    rolls: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)


def roll_summary(ev: dict[str, Any]) -> str:
    """One roll, short: "ann DX: needs 11 or less, rolled 9 (3+3+3): success by 2"; a d20 roll against a number
    to reach: "bob save: needs 12 or more, rolled 16 (the die 14): success by 4"."""
    who = ev.get("actor") or ""
    label = str(ev.get("label") or "roll")
    head = label if not who or label.startswith(str(who)) else f"{who} {label}"
    faces = "+".join(str(x) for x in ev.get("dice") or [])
    if ev.get("dc") is not None:  # was "total 16 vs 12 (16)": which side of 12 wins, and what was 16 twice?
        need = f"needs {ev['dc']} or more, rolled {ev.get('total')}"
        faces = f"the die {faces}" if faces and "+" not in faces else faces
    elif isinstance(ev.get("target"), int | float):
        need = f"needs {ev['target']} or less, rolled {ev.get('total')}"
    elif "points" in ev:
        need = f"{ev['points']} point{'s' if ev['points'] != 1 else ''}"
    else:
        need = f"rolled {ev.get('total')}"
    if ev.get("row") is not None:
        verdict = f"row {ev['row']}"
    elif "success" in ev:
        m = ev.get("margin")
        verdict = ("success" if ev["success"] else "failure") + (f" by {abs(int(m))}" if isinstance(m, int) else "")
    else:
        verdict = ""
    return f"{head}: {need}" + (f" ({faces})" if faces else "") + (f": {verdict}" if verdict else "")


def _rolls(events: list[dict[str, Any]]) -> list[str]:
    out = []
    for ev in events:
        if ev.get("type") == "roll":
            out.append(roll_summary(ev))
        elif ev.get("type") == "contest":
            out.extend(roll_summary(r) for r in ev.get("rolls") or [] if isinstance(r, dict))
            w = ev.get("winner")
            out.append(f"contest: {w + ' wins' if w else 'a tie'}" +
                       (f" (edge {ev['edge']})" if ev.get("edge") is not None else ""))
    return out


def _changes(steps: list[Step]) -> list[str]:
    out = []
    for s in steps:
        if s.kind in ("change", "refused"):
            out.extend(s.lines if s.lines and s.kind == "change" and not s.title else [s.title])
    return out


def compare_spec(spec: dict[str, Any], rulesets: list[str], *, seed: int = 0,
                 base_dir: str | Path = ".") -> list[Column]:
    """Translate ``spec`` into each of ``rulesets`` and play its first action there.

    Raises :class:`game.teaching.translate.TranslationError` for an unknown ruleset (bad input); a translated
    situation the other ruleset refuses to build is a column with ``error`` set, not an exception.
    ``base_dir`` is the folder a relative ``map`` path is read from (the situation file's).
    """
    first = first_action_only(spec)
    cols = []
    for rid in rulesets:
        out, notes = translate(first, rid)
        col = Column(ruleset=out.get("ruleset", rid), situation=out, assumptions=notes)
        cols.append(col)
        if not out.get("actions"):
            col.error = "no action to play: the first action has no counterpart here"
            continue

        try:
            sit = build_situation(parse_situation(json.dumps(out), name=f"<{col.ruleset}>"),
                                  name=f"<{col.ruleset}>", base_dir=base_dir, seed=seed)
            played = play_explained(sit)
        except SituationError as exc:
            col.error = str(exc)
            continue
        col.played = played
        ruleset = find_ruleset(col.ruleset)
        if played.actions:
            action, odds, _ = played.actions[0]
            col.intent = intent_words(played.battle_before, action.to_dict())
            col.odds = odds
            col.headline = ruleset.headline(odds) if odds else None
        col.rolls = _rolls(played.events)
        col.changes = _changes(played.steps)
    return cols


def differences(cols: list[Column]) -> list[str]:
    """The differences between the columns, named in sentences (chance, rolls, outcome, assumptions)."""
    out: list[str] = []
    ok = [c for c in cols if c.played is not None]
    for c in cols:
        if c.error:
            out.append(f"{c.ruleset} cannot play it: {c.error}")
    if len(ok) < 2:
        return out
    chances = [(c, c.odds.get(c.headline) if c.odds and c.headline else None) for c in ok]
    if len({round(p, 3) if p is not None else None for _, p in chances}) > 1:
        out.append("The chance of what the action is for differs: " + "; ".join(
            f"{c.ruleset} {c.headline or 'no roll'} {percent(p) if p is not None else '(certain or not worked out)'}"
            for c, p in chances) + ".")
    counts = [sum(1 for r in c.rolls if not r.startswith("contest:")) for c in ok]
    if len(set(counts)) > 1:
        out.append("The number of rolls differs: " + "; ".join(f"{c.ruleset} {n}" for c, n in zip(ok, counts,
                                                                                                    strict=True))
                   + ".")
    kinds = [_roll_kind(c) for c in ok]
    if len(set(kinds)) > 1:
        out.append("The dice are read differently: " + "; ".join(f"{c.ruleset} {k}" for c, k in zip(ok, kinds,
                                                                                                  strict=True))
                   + ".")
    base = set(ok[0].changes)
    for c in ok[1:]:
        only_first = [x for x in ok[0].changes if x not in set(c.changes)]
        only_this = [x for x in c.changes if x not in base]
        if only_first or only_this:
            parts = []
            if only_first:
                parts.append(f"only under {ok[0].ruleset}: " + "; ".join(only_first))
            if only_this:
                parts.append(f"only under {c.ruleset}: " + "; ".join(only_this))
            out.append("The outcome differs (" + "; ".join(parts) + ").")
    for c in ok:
        if c.assumptions:
            out.append(f"{c.ruleset} rests on {len(c.assumptions)} assumed value"
                       f"{'s' if len(c.assumptions) != 1 else ''} (listed under it).")
    return out


def _roll_kind(c: Column) -> str:
    """How a column's dice are read: under a target, over a number, pools of points, a table."""
    assert c.played is not None
    rolls = [r for ev in c.played.events for r in ([ev] if ev.get("type") == "roll" else ev.get("rolls") or [])
             if isinstance(r, dict)]
    if not rolls:
        return "no dice"
    r = rolls[0]
    if r.get("dc") is not None:
        return "a die plus bonuses against a number to reach"
    if "points" in r:
        return "pools of dice counting points"
    if r.get("table"):
        return "a die read on a table"
    n = len(r.get("dice") or [])
    return f"{n}d6 rolled under a target" if isinstance(r.get("target"), int | float) else "dice totalled"


def render_compare(cols: list[Column], diffs: list[str], width: int = 110) -> str:
    """The columns side by side, row by row, then the differences."""
    label_w = 10
    gap = " | "
    col_w = max(24, (width - label_w - len(gap) * len(cols)) // max(1, len(cols)))

    def row(label: str, cells: list[list[str]]) -> list[str]:
        wrapped = [[w for line in cell for w in (textwrap.wrap(line, col_w) or [""])] or [""] for cell in cells]
        height = max(len(w) for w in wrapped)
        lines = []
        for i in range(height):
            parts = [(w[i] if i < len(w) else "").ljust(col_w) for w in wrapped]
            lines.append((label if i == 0 else "").ljust(label_w) + gap + gap.join(parts).rstrip())
        return lines

    out = row("ruleset", [[c.ruleset] for c in cols])
    out.append("-" * min(width, label_w + (col_w + len(gap)) * len(cols)))
    out += row("intent", [[c.intent or c.error or "-"] for c in cols])
    out += row("odds", [[odds_words(c.odds) or "no roll worked out"] for c in cols])
    n = max((len(c.rolls) for c in cols), default=0)
    for i in range(n):
        out += row(f"roll {i + 1}", [[c.rolls[i] if i < len(c.rolls) else ""] for c in cols])
    out += row("then", [c.changes or ["nothing changes"] for c in cols])
    out += row("assumed", [c.assumptions or ["nothing"] for c in cols])
    out += ["", "Differences:"]
    out += [f"- {d}" for d in diffs] or ["- none: the same rolls, chances and outcome"]
    return "\n".join(out) + "\n"


def compare_json(cols: list[Column], diffs: list[str]) -> dict[str, Any]:
    """Per ruleset the translated situation, the assumptions, the events and the exact odds of each outcome."""
    return {
        "rulesets": [{"ruleset": c.ruleset, "situation": c.situation, "assumptions": c.assumptions,
                      "error": c.error or None, "intent": c.intent or None, "odds": c.odds,
                      "headline": c.headline,
                      "events": c.played.events if c.played is not None else [],
                      "exit": c.played.status if c.played is not None else None,
                      "rolls": c.rolls, "changes": c.changes} for c in cols],
        "differences": diffs,
    }
