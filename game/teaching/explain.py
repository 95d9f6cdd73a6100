"""A situation's actions stepped through in words: the teaching text of ``clinch explain`` and the lab.

``clinch resolve`` prints what happened as events; this module says *why*, one
:class:`Step` at a time: for every roll the target built modifier by modifier
with the rule IDs, the dice as they landed, the comparison and the margin;
for a contest each side's roll and who won; for everything else the state
change it made, read off the battle before and after (position, posture,
health, conditions, hands, grips). The battle window's step-through shows the
same steps (issue 18), so a handout printed with ``--markdown`` reads like the
screen.

Everything works from the event shapes of ``../shared/docs/SITUATION-FORMAT.md``
and the battle's :class:`~game.rules.base.Ruleset` members (its table rows,
its automatic results, its stat names); no ruleset id is written here. No
pygame and no UI: the sentences are ``game.teaching.explain_words``'.

"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.files.situation import (
    Outcome,
    SituationSpec,
    build_situation,
    load_situation,
    parse_situation,
    play,
)
from game.rules.action_words import base_words
from game.rules.events import apply_event
from game.teaching.explain_words import (
    auto_words,
    contest_verdict,
    event_line,
    intent_words,
    name_of,
    signed,
    table_words,
)
from game.wording import percent

if TYPE_CHECKING:
    from game.dice import Dice
    from game.files.situation import Situation
    from game.model import Battle
    from game.rules.base import Action, Event, Ruleset

__all__ = ["Step", "Played", "explain_events", "explain_situation", "explain_play", "play_explained",
           "render_text", "roll_steps", "odds_line", "action_odds"]


@dataclass(slots=True)
class Step:
    """One thing a learner reads at a time: a title, its lines, the rule IDs it rests on.

    ``event_index`` is the index in the resolved event list (``clinch resolve``'s ``events``) of the event
    this step explains, so the lab can show the board as it stood after it; an action's heading step
    carries the index of the first event its action produced (the length of the list when it produced
    none). ``kind`` is ``action`` (the heading before an action), ``roll``, ``contest`` (the verdict after
    its rolls), ``change`` (a state change), ``note`` (a message) or ``refused``; ``part`` numbers the
    rolls inside one contest event (0, 1...), ``None`` elsewhere. An action's heading in a situation whose
    rounds are written down (SITUATION-FORMAT.md) carries its ``round`` and the ``phase`` it played in.
    """

    title: str
    lines: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    event_index: int = -1
    kind: str = "change"
    part: int | None = None
    round: int | None = None
    phase: str | None = None


# -- rolls -------------------------------------------------------------------------------------------------

def _rule_list(*groups: Any) -> list[str]:
    """Rule IDs in the order they were met, each once (empty and missing ones dropped)."""
    out: list[str] = []
    for g in groups:
        for r in (g if isinstance(g, list | tuple) else [g]):
            if isinstance(r, str) and r and r not in out:
                out.append(r)
    return out


def _mod_line(m: dict[str, Any]) -> str:
    reason = str(m.get("reason") or "").strip()
    rule = str(m.get("rule") or "")
    words = reason or "modifier"
    return f"{signed(m.get('value', 0))} {words}" + (f" ({rule})" if rule and rule not in words else "")


def _faces_sum(dice: list[Any]) -> str:
    faces = [int(x) for x in dice]
    if not faces:
        return "no dice"
    return " + ".join(str(x) for x in faces) + (f" = {sum(faces)}" if len(faces) > 1 else "")


def _margin(ev: dict[str, Any]) -> int | None:
    m = ev.get("margin")
    if isinstance(m, int | float):
        return int(m)
    tgt, tot = ev.get("target"), ev.get("total")
    if isinstance(tgt, int | float) and isinstance(tot, int | float):
        return int(tgt - tot)
    dc = ev.get("dc")
    if isinstance(dc, int | float) and isinstance(tot, int | float):
        return int(tot - dc)
    return None


def _verdict(ruleset: Ruleset, ev: dict[str, Any]) -> str:
    auto = auto_words(ruleset, ev)
    if auto:
        return auto
    crit = ev.get("critical")
    if crit:
        return f"critical {crit}"
    if "success" not in ev:
        return ""
    m = _margin(ev)
    if ev["success"]:
        return "success" if m is None else ("success, exactly" if m == 0 else f"success by {abs(m)}")
    return "failure" if m is None else f"failure, short by {abs(m)}"


def _roll_lines(battle: Any, ruleset: Ruleset, ev: dict[str, Any]) -> list[str]:
    """The roll in words, in the order it is made: base, each modifier, the target, the dice, the verdict."""
    lines: list[str] = []
    dice = list(ev.get("dice") or [])
    mods = [m for m in ev.get("modifiers") or [] if isinstance(m, dict)]
    base = ev.get("base")
    tot = ev.get("total")
    if ev.get("table"):  # a die table: the face plus modifiers picks a row (nd6's hand-to-hand table)
        lines.append(f"Dice: {_faces_sum(dice)}")
        lines.extend(_mod_line(m) for m in mods)
        if mods:
            lines.append(f"Total {tot}")
        rows = ruleset.presentation.table_rows.get(str(ev["table"]), ())
        if rows:
            lines.append("Table: " + "; ".join(f"{shown}: {what}" for _key, shown, what in rows))
        words = table_words(ruleset, ev)
        if words:
            lines.append(f"Result: {words}")
        return lines
    if ev.get("dc") is not None:  # roll-over: the die plus the bonuses must reach the number
        lines.append(f"Die: {_faces_sum(dice)}")
        if isinstance(base, int | float) and base:  # where it comes from, never a bare "base"
            lines.append(f"{signed(base)} {base_words(ruleset, battle, ev)}")
        lines.extend(_mod_line(m) for m in mods)
        for m in ev.get("dc_modifiers") or []:
            if isinstance(m, dict):
                lines.append(f"the number to reach: {_mod_line(m)}")
        lines.append(f"Total {tot} against {ev['dc']}: {tot} {'>=' if (tot or 0) >= ev['dc'] else '<'} {ev['dc']}")
        v = _verdict(ruleset, ev)
        if v:
            lines.append(f"Result: {v}")
        return lines
    if "points" in ev or "counted" in ev:  # a pool: each die at or over a face scores
        need = ev.get("need")
        counted = ev.get("counted") or []
        lines.append(f"{len(dice)} dice: " + ", ".join(str(d) for d in dice))
        if need is not None:
            lines.append(f"Each die showing {need} or more scores")
        if counted:
            lines.append("Scoring: " + ", ".join(str(d) for d, c in zip(dice, counted, strict=False) if c)
                         if any(counted) else "Scoring: none")
        lines.extend(_mod_line(m) for m in mods)
        lines.append(f"Points: {ev.get('points', tot)}")
        return lines
    tgt = ev.get("target")
    if isinstance(tgt, int | float):  # roll-under: the stat, its modifiers, the number to roll at or under
        if isinstance(base, int | float):
            lines.append(f"Start from {base} ({base_words(ruleset, battle, ev)})")
        lines.extend(_mod_line(m) for m in mods)
        lines.append(f"Target {tgt}: roll {tgt} or less on {len(dice) or '?'}d6 to succeed")
        lines.append(f"Dice: {_faces_sum(dice)}")
        if isinstance(tot, int | float) and dice and tot != sum(int(x) for x in dice):
            lines.append(f"Total {tot}")
        if isinstance(tot, int | float):
            cmp = "<=" if tot <= tgt else ">"
            lines.append(f"Compare: {tot} {cmp} {tgt}")
        v = _verdict(ruleset, ev)
        if v:
            lines.append(f"Result: {v}")
        if ev.get("effect"):
            lines.append(str(ev["effect"]))
        return lines
    # a plain roll with nothing to compare (damage dice, scatter, a table without rows)
    lines.append(f"Dice: {_faces_sum(dice)}")
    lines.extend(_mod_line(m) for m in mods)
    if isinstance(tot, int | float) and (mods or len(dice) > 1):
        lines.append(f"Total {tot}")
    v = _verdict(ruleset, ev)
    if v:
        lines.append(f"Result: {v}")
    if ev.get("effect"):
        lines.append(str(ev["effect"]))
    return lines


def _roll_title(battle: Any, ev: dict[str, Any]) -> str:
    who = name_of(battle, ev.get("actor")) if ev.get("actor") else ""
    label = str(ev.get("label") or "a roll")
    if who and not label.startswith(who):
        return f"{who} rolls: {label}"
    return label[:1].upper() + label[1:]


def roll_steps(battle: Any, ruleset: Ruleset, ev: dict[str, Any], index: int) -> list[Step]:
    """The steps of one ``roll`` or ``contest`` event (a contest: one step per roll, then the verdict)."""
    if ev.get("type") == "contest":
        steps = []
        rolls = [r for r in ev.get("rolls") or [] if isinstance(r, dict)]
        for k, r in enumerate(rolls):
            steps.append(Step(_roll_title(battle, r), _roll_lines(battle, ruleset, r),
                              _rule_list(r.get("rule"), ev.get("rule"), [m.get("rule") for m in
                                                                        r.get("modifiers") or []
                                                                        if isinstance(m, dict)]),
                              index, "roll", k))
        kind = str(ev.get("kind") or "").replace("_", " ")
        lines = []
        for r in rolls:
            m = _margin(r)
            who = name_of(battle, r.get("actor"))
            made = "made it" if r.get("success") else "missed"
            lines.append(f"{who}: {made}" + (f" (margin {signed(m)})" if m is not None else ""))
        if ev.get("edge") is not None:
            lines.append(f"Edge: {ev['edge']}")
        lines.append(contest_verdict(battle, ev))
        steps.append(Step(f"{kind.capitalize() + ' contest' if kind else 'Contest'}: who wins", lines,
                          _rule_list(ev.get("rule")), index, "contest"))
        return steps
    mods = [m.get("rule") for m in ev.get("modifiers") or [] if isinstance(m, dict)]
    return [Step(_roll_title(battle, ev), _roll_lines(battle, ruleset, ev), _rule_list(ev.get("rule"), mods),
                 index, "roll")]


# -- state changes -------------------------------------------------------------------------------------------

def _snapshot(battle: Battle) -> dict[str, Any]:
    fighters = {f.id: {"hex": (f.hex.q, f.hex.r), "facing": f.facing, "posture": f.posture, "hp": f.hp,
                       "fp": f.fp, "conditions": list(f.conditions), "hands": dict(f.hands),
                       "items": list(f.items)} for f in battle.fighters}
    grips = {(g.holder, g.target): (g.location, g.hands, g.kind) for g in battle.grapples}
    return {"fighters": fighters, "grips": grips}


def _diff(battle: Battle, ruleset: Ruleset, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What changed between two snapshots, one line per fact ("bob: posture standing -> prone")."""
    out: list[str] = []
    health = ruleset.presentation.health_stat or "HP"
    for fid, a in after["fighters"].items():
        b = before["fighters"].get(fid)
        if b is None:
            continue
        who = name_of(battle, fid)
        if a["hex"] != b["hex"]:
            out.append(f"{who}: hex {b['hex']} -> {a['hex']}")
        if a["posture"] != b["posture"]:
            out.append(f"{who}: posture {b['posture']} -> {a['posture']}")
        if a["hp"] != b["hp"]:
            out.append(f"{who}: {health} {_full(b['hp'])} -> {_full(a['hp'])}")
        if a["fp"] != b["fp"]:
            out.append(f"{who}: FP {_full(b['fp'])} -> {_full(a['fp'])}")
        for c in a["conditions"]:
            if c not in b["conditions"]:
                out.append(f"{who}: now {c.replace('_', ' ')}")
        for c in b["conditions"]:
            if c not in a["conditions"]:
                out.append(f"{who}: no longer {c.replace('_', ' ')}")
        for hand in sorted(set(a["hands"]) | set(b["hands"])):
            if a["hands"].get(hand) != b["hands"].get(hand):
                out.append(f"{who}: {hand} hand {_held(b['hands'].get(hand))} -> {_held(a['hands'].get(hand))}")
        if a["items"] != b["items"]:
            gone = [i for i in b["items"] if i not in a["items"]]
            new = [i for i in a["items"] if i not in b["items"]]
            if gone:
                out.append(f"{who}: no longer carries {', '.join(gone)}")
            if new:
                out.append(f"{who}: now carries {', '.join(new)}")
    for key, g in after["grips"].items():
        old = before["grips"].get(key)
        holder, target = (name_of(battle, k) for k in key)
        if old is None:
            out.append(f"grip: {holder} holds {target} ({g[2].replace('_', ' ')}, {g[0]}, {g[1]} hand(s))")
        elif old != g:
            out.append(f"grip: {holder} on {target}: {old[2]} at {old[0]} -> {g[2]} at {g[0]}")
    for key in before["grips"]:
        if key not in after["grips"]:
            out.append(f"grip: {name_of(battle, key[0])} no longer holds {name_of(battle, key[1])}")
    return out


def _full(v: Any) -> str:
    return "full" if v is None else str(v)


def _held(v: Any) -> str:
    return "empty" if v is None else str(v)


def _damage_lines(ev: dict[str, Any]) -> list[str]:
    """A damage event's own arithmetic, where it carries it: the expression, the faces, the multipliers."""
    lines = []
    dr = ev.get("damage_roll")
    if isinstance(dr, dict):
        faces = [int(x) for x in dr.get("faces") or []]
        lines.append(f"Damage {dr.get('expr', '?')}: dice {_faces_sum(faces) if faces else 'none'}")
        for m in dr.get("multipliers") or []:
            lines.append(f"multiplied: {m}")
    if ev.get("amount") is not None:
        kind = ev.get("damage_type") or ev.get("dtype") or ""
        lines.append(f"Damage {ev['amount']}" + (f" ({kind})" if kind else ""))
    if ev.get("dr"):
        lines.append(f"armour stops {ev['dr']}")
    if ev.get("injury") is not None:
        lines.append(f"Injury {ev['injury']}")
    return lines


# -- a whole event list ----------------------------------------------------------------------------------------

def explain_events(battle_before: Battle, events: list[Event], ruleset: Ruleset) -> list[Step]:
    """The steps for ``events`` played on ``battle_before`` (which is not changed: a copy is stepped).

    Each roll and contest becomes its steps (:func:`roll_steps`); each other event one step whose title is
    the log's line and whose lines name every change it made to the board, read off a copy of the battle
    before and after the event; bookkeeping that changes nothing a player sees is left out.
    """
    work = battle_before.clone(with_log=False)
    steps: list[Step] = []
    for i, ev in enumerate(events):
        t = ev.get("type")
        if t in ("roll", "contest"):
            steps.extend(roll_steps(work, ruleset, ev, i))
            continue
        if t == "illegal":
            steps.append(Step(f"Refused: {ev.get('reason', '')}", [], _rule_list(ev.get("rule")), i, "refused"))
            continue
        before = _snapshot(work)
        with contextlib.suppress(Exception):  # an event the copy cannot take (a fighter gone): say it, no diff
            apply_event(work, ev)
        changes = _diff(work, ruleset, before, _snapshot(work))
        title = event_line(work, ruleset, ev) or ""
        lines = _damage_lines(ev) if t == "damage" else []
        lines += changes
        if t == "message":
            if not title:
                continue
            steps.append(Step(str(title), lines, _rule_list(ev.get("rule")), i, "note"))
            continue
        if not title and not changes:
            continue  # bookkeeping: a counter, an effect's end
        steps.append(Step(str(title or changes[0]), lines, _rule_list(ev.get("rule")), i, "change"))
    return steps


@dataclass
class Played:
    """A situation played with its explanation: what ``clinch explain`` prints and ``compare`` aligns."""

    situation: Situation
    battle_before: Battle
    events: list[Event]
    status: int  # 0 all played, 3 an action was refused
    steps: list[Step]
    #: per action played (in order): the action, the exact odds before its dice (None: none worked out),
    #: and the index of its first own event
    actions: list[tuple[Action, dict[str, float] | None, int]]
    #: per action (as ``actions``): the round and phase it played in when the file writes rounds down, else None
    when: list[tuple[int, str | None] | None] = field(default_factory=list)


class _Watched:
    """An action as ``game.files.situation.play`` sees it, noting its odds just before and its events after.

    ``play`` is the one place a situation's turns are played (``clinch resolve``), so the explanation
    wraps the actions rather than playing them a second way.
    """

    def __init__(self, action: Action, ruleset: Ruleset, log: list[Any]) -> None:
        self._action = action
        self._ruleset = ruleset
        self._log = log
        self._odds: dict[str, float] | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._action, name)

    def check(self, battle: Battle, rules: Ruleset | None = None) -> Any:
        reason = self._action.check(battle, rules or self._ruleset)
        if reason is None:
            self._odds = action_odds(self._ruleset, battle, self._action)
        return reason

    def resolve(self, battle: Battle, dice: Dice, rules: Ruleset | None = None) -> list[Event]:
        cur = battle.state.get("initiative")
        written = isinstance(cur, dict) and cur.get("written")
        when = (battle.round, cur.get("phase")) if written else None  # type: ignore[union-attr]
        played = self._action.resolve(battle, dice, rules or self._ruleset)
        self._log.append((self._action, self._odds, played, when))
        return played


def action_odds(ruleset: Ruleset, battle: Battle, action: Action) -> dict[str, float] | None:
    """The ruleset's exact odds of an action's outcomes, on a copy (None where it works none out)."""
    try:
        odds = ruleset.odds(battle.clone(with_log=False), action)
    except Exception:  # noqa: BLE001 - odds are a help to the reader; a ruleset without them says nothing
        return None
    if not isinstance(odds, dict) or not odds:
        return None
    return {str(k): float(v) for k, v in odds.items()}


def odds_line(odds: dict[str, float] | None) -> str:
    """"Chances before the dice: hit 62% · miss 38%" (empty when there are none)."""
    return f"Chances before the dice: {odds_words(odds)}" if odds else ""


#: how a family of odds keys ("rounds:2", "row:3-4", "edge>=1") is named after the outcomes themselves
_SPREADS = {"row:": "by the table's row", "rounds:": "rounds that hit", "scatter:": "a miss lands this many hexes off",
            "edge>=": "edge at least"}


def odds_words(odds: dict[str, float] | None) -> str:
    """The outcomes with their chances, then each spread of them on its own: "hit 26% · miss 74%; rounds that
    hit: 0 74% · 1 10% · 2 7%" (a student read "rounds:0 74% · ... · hit 26%" as one list summing past 100%;
    a spread leaves out its impossible values)."""
    if not odds:
        return ""
    spreads = {prefix: [(k[len(prefix):], v) for k, v in odds.items() if k.startswith(prefix)] for prefix in _SPREADS}
    main = [(k, v) for k, v in odds.items() if not any(k.startswith(p) for p in _SPREADS)]
    out = " \u00b7 ".join(f"{k.replace('_', ' ')} {percent(v)}" for k, v in main)
    for prefix, vals in spreads.items():
        shown = [(k, v) for k, v in vals if v > 0]
        if shown:
            out += ("; " if out else "") + f"{_SPREADS[prefix]}: " + " \u00b7 ".join(
                f"{k} {percent(v)}" for k, v in shown)
    return out


def play_explained(sit: Situation, dice: Dice | None = None) -> Played:
    """Play a built situation as ``clinch resolve`` does and explain it, with a heading step per action."""
    before = sit.battle.clone(with_log=False)
    log: list[Any] = []
    originals = list(sit.actions)
    sit.actions = [_Watched(a, sit.ruleset, log) for a in originals]  # type: ignore[misc]
    try:
        outcome: Outcome = play(sit, dice if dice is not None else sit.make_dice())
    finally:
        sit.actions = originals
    events = outcome.events
    where = {id(ev): i for i, ev in enumerate(events)}
    heads: list[tuple[Action, dict[str, float] | None, int]] = []
    when: list[tuple[int, str | None] | None] = []
    last = 0
    for action, odds, played, at in log:
        idx = where.get(id(played[0]), last) if played else last
        heads.append((action, odds, idx))
        when.append(at)
        if played:
            last = max(where.get(id(e), last) for e in played) + 1
    if outcome.illegal_at is not None and len(heads) <= outcome.illegal_at:
        refused = originals[outcome.illegal_at]
        heads.append((refused, None, max(len(events) - 1, 0)))
        listed = sit.listed[outcome.illegal_at] if sit.listed else None
        when.append((listed.round, None) if listed is not None and listed.round is not None else None)
    steps = explain_events(before, events, sit.ruleset)
    steps = _with_headings(before, steps, heads, len(events))
    for step, at in zip([s for s in steps if s.kind == "action"], when, strict=False):
        if at is not None:
            step.round, step.phase = at
            if at[1]:
                step.title = step.title.replace(":", f" ({at[1]} phase):", 1)
    heading: Step | None = None
    for step in steps:  # every step of an action is in its round (the lab's step view says which)
        if step.kind == "action":
            heading = step
        elif heading is not None and step.round is None:
            step.round = heading.round
    return Played(sit, before, events, outcome.exit_status, steps, heads, when)


def _with_headings(battle: Battle, steps: list[Step], heads: list[tuple[Action, dict[str, float] | None, int]],
                   n_events: int) -> list[Step]:
    """Insert each action's heading before the first step of its events (the odds it had, the rule)."""
    out: list[Step] = []
    pending = list(enumerate(heads, 1))
    for s in steps:
        while pending and pending[0][1][2] <= s.event_index:
            out.append(_heading(battle, *pending.pop(0)))
        out.append(s)
    out.extend(_heading(battle, *p) for p in pending)
    return out


def _heading(battle: Battle, n: int, head: tuple[Action, dict[str, float] | None, int]) -> Step:
    action, odds, idx = head
    d = action.to_dict()
    lines = []
    lines.append(f"Intent: {action.text()}" + (f" ({type(action).title})" if type(action).title else ""))
    ol = odds_line(odds)
    if ol:
        lines.append(ol)
    return Step(f"Action {n}: {intent_words(battle, d)}", lines, _rule_list(getattr(action, "rule", "")),
                idx, "action")


def explain_play(path_or_spec: str | Path | dict[str, Any], *, seed: int = 0,
                 base_dir: str | Path = ".") -> Played:
    """Load (a path, a situation dict, or a parsed spec), build, play and explain a situation.

    Raises :class:`game.files.situation.SituationError` for a bad situation, as ``clinch resolve`` does.
    ``base_dir``: where a dict's relative ``map`` path is read from.
    """
    if isinstance(path_or_spec, str | Path):
        sit = load_situation(path_or_spec, seed=seed)
    else:
        if isinstance(path_or_spec, dict):
            spec = parse_situation(json.dumps(path_or_spec), name="<situation>")
        elif isinstance(path_or_spec, SituationSpec):
            spec = path_or_spec
        else:
            raise TypeError("explain_play takes a path, a situation dict or a SituationSpec")
        sit = build_situation(spec, name="<situation>", base_dir=base_dir, seed=seed)
    return play_explained(sit)


def explain_situation(path_or_spec: str | Path | dict[str, Any], *, seed: int = 0) -> list[Step]:
    """The steps of a situation's actions (see :func:`explain_play` for what it takes and raises)."""
    return explain_play(path_or_spec, seed=seed).steps


# -- text ------------------------------------------------------------------------------------------------------

def render_text(steps: list[Step], markdown: bool = False) -> str:
    """The steps as plain text (numbered, lines indented) or Markdown (a heading per action, lists)."""
    out: list[str] = []
    n = 0
    shown_round: int | None = None
    for s in steps:
        if s.kind == "action" and s.round is not None and s.round != shown_round:
            shown_round = s.round  # a situation's rounds written down: a heading per round
            out += ["", f"## Round {s.round}"] if markdown else ["" if out else None, f"#### Round {s.round} ####"]
        if s.kind == "action":
            if markdown:  # under a round's heading, one level down
                out += ["", f"{'###' if s.round is not None else '##'} {s.title}", ""]
                out += [f"{line}  " for line in s.lines]
                if s.rules:
                    out.append("Rule: " + ", ".join(f"`{r}`" for r in s.rules))
            else:
                out += ["" if out else None, f"== {s.title} ==", *[f"   {line}" for line in s.lines]]
                if s.rules:
                    out.append("   Rule: " + ", ".join(s.rules))
            continue
        n += 1
        if markdown:
            out += ["", f"**{n}. {_md(s.title)}**", ""]
            out += [f"- {_md(line)}" for line in s.lines]
            if s.rules:
                out.append("- Rules: " + ", ".join(f"`{r}`" for r in s.rules))
        else:
            out.append(f"{n:>3}. {s.title}")
            out += [f"       {line}" for line in s.lines]
            if s.rules:
                out.append("       Rules: " + ", ".join(s.rules))
    return "\n".join(x for x in out if x is not None).strip("\n") + "\n"


def _md(text: str) -> str:
    """Text safe inside Markdown: the characters that would start emphasis or a table are escaped."""
    for ch in ("\\", "*", "_", "`", "|", "<"):
        text = text.replace(ch, "\\" + ch)
    return text
