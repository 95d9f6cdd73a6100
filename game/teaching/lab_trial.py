"""One action tried in the situation lab: played, stepped through, rewound, tried again, compared.

Issue 18: from a set-up moment (``game.teaching.lab.LabSituation``) the learner plays
one action with random dice or dice they type, steps through its resolution
one roll at a time (``game.teaching.explain.explain_events``), then rewinds and tries again
with the same dice, other dice or another choice; or plays the same intent
under two rulesets side by side (``game.teaching.translate``).

A :class:`Trial` never changes the set-up: it plays on a copy, as
``clinch resolve`` would play the set-up with this one action
(``game.files.situation.play``: the start and end of the actor's turn included),
and keeps the battle before and after, every face rolled and the events.
:meth:`Trial.board_at` rebuilds the board as it stood after any step (the
events applied one by one to the "before" copy, ``apply_event``, as the
battle screen's event player does), so a step shows its state change.

Dice (:class:`LabDice`): the faces typed first, in the order the engine
rolls them, then the battle's seeded generator for anything further, so a
learner may type only the roll they care about. ``Trial.used`` is every
face that fell: "same dice" replays exactly those.

Headless: no pygame.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from game.dice import DiceError, SeededDice
from game.files.situation import Outcome, SituationError, build_situation, parse_situation, play
from game.model import Battle, RngState
from game.rules.base import Option, Reason
from game.rules.events import apply_event
from game.teaching.explain import Step, action_odds, explain_events, play_explained
from game.teaching.lab import LabError, LabSituation
from game.wording import percent

__all__ = ["LabDice", "Trial", "Comparison", "play_action", "legal_choices", "compare", "parse_faces",
           "roll_events", "name_differences", "roll_differences", "odds_differences", "SAME", "SCRIPT", "script"]

#: the ``type`` of a trial that plays the file's own actions in order (not an action type of any ruleset)
SCRIPT = "(the file's actions)"
#: what the split view says when nothing differs
SAME = "the same outcome under both"
#: at most this many faces may be typed (a short action rolls a handful)
MAX_TYPED = 200


class LabDice:
    """The typed faces in order, then the seeded generator; every face that falls is kept in ``used``."""

    def __init__(self, typed: list[int] | None = None, seed: int = 0) -> None:
        self.typed = list(typed or [])
        self.position = 0
        self.used: list[int] = []
        self._seeded = SeededDice(RngState(seed=seed))

    def roll(self, count: int, sides: int, purpose: str = "", rule: str = "") -> list[int]:
        out = []
        for _ in range(count):
            if self.position < len(self.typed):
                face = self.typed[self.position]
                if not 1 <= face <= sides:
                    what = f" (rolled for {purpose})" if purpose else ""
                    raise DiceError(f"typed die {self.position + 1} is {face}, which a d{sides} cannot show{what}")
                self.position += 1
                out.append(face)
            else:
                out.extend(self._seeded.roll(1, sides, purpose, rule))
        self.used.extend(out)
        return out


def parse_faces(text: str) -> list[int]:
    """Typed dice (``"3 4 3, 6"``) as faces; one sentence naming the bad one when a word is not a face."""
    faces = []
    for i, word in enumerate(text.replace(",", " ").split()):
        if not word.isdigit() or not 1 <= int(word) <= 100:
            raise LabError(f"dice: die {i + 1} is {word!r}, not a face from 1 up")
        faces.append(int(word))
    if len(faces) > MAX_TYPED:
        raise LabError(f"dice: {len(faces)} faces typed; at most {MAX_TYPED}")
    return faces


def roll_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every roll and contest event, in order (a contest's own rolls are inside it)."""
    return [e for e in events if e.get("type") in ("roll", "contest")]


@dataclass
class Trial:
    """One action played on a copy of the set-up."""

    action: dict[str, Any]
    typed: list[int]
    used: list[int]
    events: list[dict[str, Any]]
    before: Battle
    after: Battle
    ruleset: Any
    illegal: str | None = None
    steps: list[Step] = field(default_factory=list)

    def board_at(self, step: int) -> Battle:
        """The battle as it stood after step ``step`` (-1: before anything; past the end: the after)."""
        if step < 0 or not self.steps:
            return copy.deepcopy(self.before)
        if step >= len(self.steps) - 1:
            return copy.deepcopy(self.after)
        upto = self.steps[step].event_index
        shadow = copy.deepcopy(self.before)
        for ev in self.events[:upto + 1]:
            try:
                apply_event(shadow, ev)
            except (KeyError, ValueError, TypeError, AttributeError):
                continue  # an event the shadow cannot take (bookkeeping): the end state is shown at the last step
        return shadow

    @property
    def rolls(self) -> list[dict[str, Any]]:
        return roll_events(self.events)

    def odds(self) -> dict[str, float] | None:
        """The exact odds of the action's outcomes on the set-up, before any die (None: none worked out)."""
        return _odds(self)


def script(lab: LabSituation) -> dict[str, Any] | None:
    """The file's own actions as one thing to play (``type`` :data:`SCRIPT`), or None when it has none."""
    acts = lab.data.get("actions") or []
    return {"type": SCRIPT, "actions": list(acts)} if acts else None


def _with_action(lab: LabSituation, data: dict[str, Any], action: dict[str, Any]) -> Any:
    spec_data = {k: v for k, v in data.items() if k not in ("actions", "dice")}
    spec_data["actions"] = list(action["actions"]) if action.get("type") == SCRIPT else [action]
    try:
        spec = parse_situation(json.dumps(spec_data), name=lab.name)
        return build_situation(spec, name=lab.name, base_dir=lab.base_dir)
    except SituationError as exc:
        raise LabError(str(exc)) from None


def play_action(lab: LabSituation, action: dict[str, Any], typed: list[int] | None = None, *, seed: int = 0,
                data: dict[str, Any] | None = None) -> Trial:
    """Play ``action`` (the situation file's shape) on a copy of the set-up; the set-up is not changed.

    ``data``: play on this situation object instead of the lab's own (the side-by-side view's translation).
    """
    sit = _with_action(lab, lab.data if data is None else data, action)
    before = copy.deepcopy(sit.battle)
    is_script = action.get("type") == SCRIPT
    if is_script and typed is None:
        typed = lab.data.get("dice")  # the file's own dice, as clinch resolve plays it
    dice = LabDice(typed, seed)
    try:
        if is_script:  # every action under its heading (the odds it had): clinch explain's steps
            played = play_explained(sit, dice)
            outcome = Outcome(played.events, None if played.status == 0 else len(played.actions) - 1)
        else:
            outcome = play(sit, dice)
    except SituationError as exc:
        raise LabError(str(exc)) from None
    except DiceError as exc:
        raise LabError(f"{lab.name}: dice: {exc}") from None
    illegal = None
    if outcome.illegal_at is not None:
        last = outcome.events[-1] if outcome.events else {}
        illegal = str(last.get("reason", "not allowed now"))
    trial = Trial(action=dict(action), typed=list(typed or []), used=list(dice.used), events=outcome.events,
                  before=before, after=sit.battle, ruleset=sit.ruleset, illegal=illegal)
    trial.steps = played.steps if is_script else explain_events(before, outcome.events, sit.ruleset)
    return trial


def legal_choices(lab: LabSituation, fighter_id: str) -> list[tuple[dict[str, Any], Reason | None]]:
    """What ``fighter_id`` could do in the set-up, as action objects, the legal first (then the refused,
    each with the ruleset's reason)."""
    battle = lab.battle()
    options: list[Option] = lab.ruleset.legal_actions(battle, fighter_id)
    seen: set[str] = set()
    out = []
    for opt in sorted(options, key=lambda o: not o.legal):
        d = opt.action.to_dict()
        key = json.dumps(d, sort_keys=True, default=str)
        if key not in seen:
            seen.add(key)
            out.append((d, opt.reason))
    return out


@dataclass
class Comparison:
    """The same intent under two rulesets: both trials, what each translation assumed, the differences."""

    trials: list[Trial]
    assumptions: list[list[str]]
    differences: list[str]
    odds: list[dict[str, float] | None]


def _summary(t: Trial) -> dict[str, Any]:
    return {"rolls": len(t.rolls),
            "grips": sorted(f"{g.holder} holds {g.target} ({g.kind})" for g in t.after.grapples),
            "hexes": {f.id: f"hex [{f.hex.q}, {f.hex.r}]" for f in t.after.fighters},
            "postures": {f.id: f.posture for f in t.after.fighters},
            "conditions": {f.id: sorted(f.conditions) for f in t.after.fighters},
            "hp": {f.id: _lost(t.before.get(f.id), f) for f in t.after.fighters}}


def _lost(before: Any, after: Any) -> int | None:
    """Hits a fighter lost in the trial (None: none), so that rulesets counting health differently compare."""
    if before is None or after.hp == before.hp:
        return None
    full = [v for v in (before.hp,) if isinstance(v, int)]
    if not full or not isinstance(after.hp, int):
        return None
    return full[0] - after.hp


def name_differences(a: Trial, b: Trial, names: tuple[str, str]) -> list[str]:
    """Each way the two outcomes differ, one sentence each: rolls made, grips, postures, conditions, health."""
    sa, sb = _summary(a), _summary(b)
    out = []
    if (a.illegal is None) != (b.illegal is None):
        who, why = (names[0], a.illegal) if a.illegal else (names[1], b.illegal)
        out.append(f"{who} does not allow it: {why}")
    if sa["rolls"] != sb["rolls"]:
        out.append(f"{names[0]} rolls {sa['rolls']} time(s), {names[1]} {sb['rolls']}")
    out += roll_differences(a, b, names)
    if sa["grips"] != sb["grips"]:
        out.append(f"grips after: {names[0]} {', '.join(sa['grips']) or 'none'}; "
                   f"{names[1]} {', '.join(sb['grips']) or 'none'}")
    for key, word in (("hexes", "ends on"), ("postures", "is"), ("conditions", "has"), ("hp", "loses")):
        for fid in sa[key]:
            va, vb = sa[key][fid], sb[key].get(fid)
            if va != vb:
                out.append(f"{fid} {word} {_said(va)} under {names[0]}, {_said(vb)} under {names[1]}")
    return out or [SAME]


def _flat_rolls(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every single roll in order, a contest's two rolls in their places."""
    out = []
    for e in roll_events(events):
        out.extend(e.get("rolls", []) if e.get("type") == "contest" else [e])
    return out


def roll_differences(a: Trial, b: Trial, names: tuple[str, str]) -> list[str]:
    """The rolls paired in order: where what is needed, or whether it was made, differs."""
    out = []
    for i, (ra, rb) in enumerate(zip(_flat_rolls(a.events), _flat_rolls(b.events), strict=False)):
        labels = dict.fromkeys([str(ra.get("label", "")), str(rb.get("label", ""))])
        what = f"roll {i + 1} ({ra.get('actor', '')}: {' / '.join(labels)})"
        need_a, need_b = ra.get("target", ra.get("dc")), rb.get("target", rb.get("dc"))
        if need_a != need_b:
            word = "target" if "target" in ra else "needs"
            out.append(f"{what}: {word} {need_a} under {names[0]}, {need_b} under {names[1]}")
        if bool(ra.get("success")) != bool(rb.get("success")):
            said = ("made", "missed")
            out.append(f"{what}: {said[not ra.get('success')]} under {names[0]}, "
                       f"{said[not rb.get('success')]} under {names[1]}")
    return out


def odds_differences(oa: dict[str, float] | None, ob: dict[str, float] | None, names: tuple[str, str]) -> list[str]:
    """Where the chances before the dice differ by half a point or more, outcome by outcome."""
    if not oa or not ob:
        return []

    if set(oa) != set(ob):  # outcomes named differently: both said, not matched word by word
        def said(o: dict[str, float]) -> str:
            return " \u00b7 ".join(f"{k.replace('_', ' ')} {percent(v)}" for k, v in o.items())
        return [f"chances before the dice: {names[0]} {said(oa)}; {names[1]} {said(ob)}"]
    out = []
    for key in dict.fromkeys([*oa, *ob]):
        if key not in oa or key not in ob:
            has, hasnt = (names[0], names[1]) if key in oa else (names[1], names[0])
            out.append(f"{has} has an outcome '{key.replace('_', ' ')}' that {hasnt} does not")
        elif abs(oa[key] - ob[key]) >= 0.005:
            out.append(f"chance of {key.replace('_', ' ')}: {percent(oa[key])} under {names[0]}, "
                       f"{percent(ob[key])} under {names[1]}")
    return out


def _said(v: Any) -> str:
    if isinstance(v, list):
        return ", ".join(v) or "no condition"
    if isinstance(v, int):
        return f"{v} hit(s)"
    return "nothing" if v is None else str(v)


def _odds(trial: Trial) -> dict[str, float] | None:
    """The exact odds of the trial's action on its set-up (``game.teaching.explain.action_odds``)."""
    try:
        act = trial.ruleset.action_from_dict(trial.action)
    except (ValueError, TypeError):
        return None
    return action_odds(trial.ruleset, trial.before, act)


def compare(lab: LabSituation, action: dict[str, Any], other: str, typed: list[int] | None = None, *,
            seed: int = 0) -> Comparison:
    """``action`` under the lab's ruleset and under ``other`` (the set-up and the action translated,
    ``game.teaching.translate``), each with the same typed dice then its own seeded faces."""
    # late: tests patch it: the function must see the replacement at call time
    from game.teaching.translate import translate

    if action.get("type") == SCRIPT:  # the file's script: its first action, as clinch compare takes it
        action = action["actions"][0]
    here = play_action(lab, action, typed, seed=seed)
    try:
        spec = {k: v for k, v in copy.deepcopy(lab.data).items() if k != "dice"}  # the lab types its own
        moved, assumed = translate({**spec, "actions": [action]}, other)
    except (ValueError, KeyError) as exc:
        raise LabError(f"{lab.name}: ruleset: {exc.args[0] if exc.args else exc}") from None
    acts = moved.get("actions") or []
    if not acts:
        raise LabError(f"{lab.name}: actions[0]: {action.get('type')!r} has no counterpart under {other}")
    there = play_action(lab, acts[0], typed, seed=seed, data=moved)
    names = (here.ruleset.id, there.ruleset.id)
    odds = [here.odds(), there.odds()]
    found = [d for d in name_differences(here, there, names) if d != SAME]
    found += odds_differences(odds[0], odds[1], names)
    return Comparison(trials=[here, there], assumptions=[list(lab.assumptions), list(assumed)],
                      differences=found or [SAME], odds=odds)
