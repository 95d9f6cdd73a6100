"""Guided lessons (issue 18): a small battle and a script of prompts, each step checked on the battle itself.

A lesson is a data file beside the scenarios (``maps/lessons/*.toml``)::

    [lesson]
    id = "grab"              # unique among the lessons; the key kept in the progress file
    order = 1                # place in its ruleset's series
    title = "Grab"
    teaches = "..."          # one sentence: the mechanic this lesson is about
    learner = "ann"          # the fighter the player plays
    foe = "still"            # "still": the other side waits every turn; "computer": it fights back

    [scenario]               # a scenario exactly as maps/*.toml write one (map path relative to this file)
    ...

    [[grapples]]             # optional: grips already in force when the lesson starts
    holder = "bob"  target = "ann"  location = "arm"  hands = 1  kind = "grapple"

    [[steps]]
    prompt = "Grab Bob's arm."            # what to do, in the player's words
    how = "Click Bob, then Grapple."      # where in the screen to do it
    done = "You hold his arm: ..."        # what the step taught, said once it is met
    retry = "The grab missed. Try again." # optional: said when the learner acted but the check is not met
    wrong = "Let go first: ..."          # optional: said after a try that chose otherwise than the check asks
    example = { type = "grapple", target = "bob", location = "arm" }   # one action that meets it
    check = { grip = { holder = "ann", target = "bob", location = "arm" } }
    reply = { actor = "bob", type = "break_free" }   # optional: the foe's answer once the check is met
    shows = { ... }                   # optional: the consequence to see (default: the reply played)
    moot = { ... }                    # optional, with a reply: what makes it moot (the grip it answers gone)
    shown = "Bob tried to break free: ..."   # said once it is seen

A lesson plays out what it teaches: a step with a ``reply`` or ``shows`` is met in two moves, its check and
then its consequence (:class:`LessonFoe` plays the reply on the foe's first turn or phase that offers it);
only then does the next step, or "Lesson complete", come.

A check is met when every key in it holds (see :data:`CHECKS`). Checks read the battle as it stands and the
log entries written since the step began, never the screen: the same lesson runs headless (the tests) and
in the window (``game.ui.lesson_panel``). Progress is a small JSON file (``{"done": [ids]}``) the caller
places (the UI: the settings folder). No pygame here.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai import Opponent
from game.files.lesson_schema import (
    ExampleValue,
    LessonSpec,
    check_names,
    check_shows,
    checks_from,
    grips_as_data,
    plain_value,
)
from game.files.names import name_problem
from game.files.saves import write_atomic
from game.files.scenarios import ScenarioError, _Checker, scenario_from_data
from game.files.userfiles import UserFileError, load_json, load_toml
from game.flow.turns import TurnController
from game.model import Battle, Grapple
from game.rules.base import find_ruleset
from game.tiled.safe_xml import MapError, _one_line

__all__ = ["Lesson", "Step", "LessonError", "LessonRun", "StillOpponent", "load_lesson", "load_lessons",
           "check_met", "CHECKS", "load_progress", "save_progress", "LESSONS_DIR", "PROGRESS_FILE",
           "StepTrial", "play_examples", "LessonFoe"]

LESSONS_DIR = Path(__file__).resolve().parents[2] / "maps" / "lessons"
#: the progress file's name in the folder the caller gives (the UI: the settings folder)
PROGRESS_FILE = "lessons.json"
#: a lesson file is a few KB; anything past this is not one
MAX_LESSON_BYTES = 256 * 1024


class LessonError(ValueError):
    """A lesson file that cannot be used: one sentence naming the file and the field (on one line, whatever
    names the file holds)."""

    def __init__(self, message: str) -> None:
        super().__init__(_one_line(message))


@dataclass(frozen=True)
class Step:
    """One prompt of a lesson and the check that says the learner has done it."""

    prompt: str
    check: dict[str, Any]
    how: str = ""
    done: str = ""
    retry: str = ""
    example: dict[str, Any] = field(default_factory=dict)
    #: said after a try of the step's kind that chose otherwise than its check asks (the torso for the arm),
    #: after the choice made and the one asked for are named
    wrong: str = ""
    #: what must still hold while this step is tried (a grip the step before took); when it stops holding the
    #: lesson goes back to step ``back_to`` (1-based) and says ``lost``
    needs: dict[str, Any] = field(default_factory=dict)
    back_to: int = 0
    lost: str = ""
    #: the foe's answer once the check is met (a situation action with its ``actor``): the consequence of
    #: what the step taught, played before the lesson goes on (:class:`LessonFoe` plays it)
    reply: dict[str, Any] = field(default_factory=dict)
    #: the check that says the consequence has been seen (without one: the reply was played)
    shows: dict[str, Any] = field(default_factory=dict)
    #: a check that makes the reply moot once met (an Escape ended the grapple the reply answers): seen too
    moot: dict[str, Any] = field(default_factory=dict)
    #: said once it has been seen
    shown: str = ""

    @property
    def answered(self) -> bool:
        """Whether the step plays out a consequence after its check is met."""
        return bool(self.reply or self.shows)


@dataclass(frozen=True)
class Lesson:
    """A lesson as read from its file: the battle is built fresh by :meth:`battle` each time it starts."""

    id: str
    ruleset: str
    order: int
    title: str
    teaches: str
    learner: str
    foe: str
    steps: tuple[Step, ...]
    path: Path
    scenario: dict[str, Any]
    grapples: tuple[dict[str, Any], ...] = ()

    def battle(self) -> Battle:
        """The lesson's battle as it starts: the scenario checked as a scenario file is, then its grips."""
        battle = _scenario_battle(self.scenario, self.path)
        _put_grips(battle, self.grapples)
        return battle

    def example_action(self, step: Step) -> Any:
        """The step's example as the ruleset's action (its actor the learner unless it says otherwise)."""
        return find_ruleset(self.ruleset).action_from_dict({"actor": self.learner, **step.example})


# -- checks ---------------------------------------------------------------------------------------------

def _grip_matches(g: Grapple, want: dict[str, Any]) -> bool:
    return all(getattr(g, k, None) == v for k, v in want.items())


def _since(battle: Battle, mark: int) -> list[dict[str, Any]]:
    return battle.log[mark:]


def _events_since(battle: Battle, mark: int) -> list[dict[str, Any]]:
    out = []
    for entry in _since(battle, mark):
        for ev in entry.get("events", []):
            out.append(ev)
            out.extend(r for r in ev.get("rolls", []) or [] if isinstance(r, dict))  # a contest's rolls
    return out


def _check_grip(battle: Battle, mark: int, learner: str, want: Any) -> bool:
    return any(_grip_matches(g, want) for g in battle.grapples)


def _check_no_grip(battle: Battle, mark: int, learner: str, want: Any) -> bool:
    return not any(_grip_matches(g, want) for g in battle.grapples)


def _check_posture(battle: Battle, mark: int, learner: str, want: Any) -> bool:
    f = battle.get(want["fighter"])
    return f is not None and f.posture == want["is"]


def _check_condition(battle: Battle, mark: int, learner: str, want: Any) -> bool:
    f = battle.get(want["fighter"])
    return f is not None and want["has"] in f.conditions


def _check_tried(battle: Battle, mark: int, learner: str, want: Any) -> bool:
    kinds = {want} if isinstance(want, str) else set(want)
    return any((e.get("intent") or {}).get("actor") == learner and (e.get("intent") or {}).get("type") in kinds
               for e in _since(battle, mark))


def _check_event(battle: Battle, mark: int, learner: str, want: Any) -> bool:
    return any(all(ev.get(k) == v for k, v in want.items()) for ev in _events_since(battle, mark))


def _check_hurt(battle: Battle, mark: int, learner: str, want: Any) -> bool:
    return any(ev.get("type") == "damage" and ev.get("target") == want and int(ev.get("injury", 0) or 0) > 0
               for ev in _events_since(battle, mark))


def _check_counter(battle: Battle, mark: int, learner: str, want: Any) -> bool:
    """A ruleset's own per-fighter data (``Fighter.counters``): every key given equal."""
    f = battle.get(want["fighter"])
    return f is not None and all(f.counters.get(k) == v for k, v in want.items() if k != "fighter")


def _check_holds(battle: Battle, mark: int, learner: str, want: Any) -> bool:
    """A fighter has this item in one of its hands."""
    f = battle.get(want["fighter"])
    return f is not None and want["item"] in f.hands.values()


#: check name -> (test on the battle and the entries since the step began, the fields its table needs)
CHECKS: dict[str, tuple[Callable[[Battle, int, str, Any], bool], tuple[str, ...]]] = {
    "grip": (_check_grip, ()),           # a grip in force whose fields all equal these
    "no_grip": (_check_no_grip, ()),     # no grip in force whose fields all equal these
    "posture": (_check_posture, ("fighter", "is")),
    "condition": (_check_condition, ("fighter", "has")),
    "tried": (_check_tried, ()),         # the learner took an action of this type (or one of these types)
    "event": (_check_event, ("type",)),  # an event (or a contest's roll) with these fields
    "hurt": (_check_hurt, ()),           # this fighter took injury
    "counter": (_check_counter, ("fighter",)),
    "holds": (_check_holds, ("fighter", "item")),  # the item is in one of the fighter's hands
    "ended": (lambda battle, mark, learner, want: battle.ended == want, ()),  # the battle is over (or not)
}


def check_met(check: dict[str, Any], battle: Battle, mark: int, learner: str) -> bool:
    """Whether every part of ``check`` holds now (entries from ``battle.log[mark:]`` count as "since")."""
    return all(CHECKS[name][0](battle, mark, learner, want) for name, want in check.items())


# -- reading ---------------------------------------------------------------------------------------------

def load_lesson(path: str | Path) -> Lesson:
    """Read and check one lesson file, or raise :class:`LessonError` (one sentence naming the file and the field).

    Its shape first (``game.files.lesson_schema``: every field typed, texts and lists bounded), then its
    ``[scenario]`` as a scenario file is checked, then every name it uses against that battle and its ruleset
    (fighters, action types, postures, conditions, items, grips), and the grips it starts with put in force:
    a file that loads is one whose steps the game can show and test.
    """
    path = Path(path)
    try:
        data = load_toml(path, limit=MAX_LESSON_BYTES)
    except UserFileError as exc:
        raise LessonError(str(exc)) from None
    for key, what in (("lesson", "a [lesson] table"),
                      ("scenario", "a [scenario] table (a scenario as maps/*.toml write one)")):
        if not isinstance(data.get(key), dict):
            raise LessonError(f"{path}: {key}: expected {what}")
    if not isinstance(data.get("steps"), list) or not data["steps"]:
        raise LessonError(f"{path}: steps: expected one or more [[steps]]")

    def fail(field: str, problem: str) -> LessonError:
        return LessonError(f"{path}: {field}: {problem}")

    def convert(value: Any, kind: Any, field: str) -> Any:
        # the scenario reader's msgspec messages in our words ("must be 999 or less, got 5000"), so a lesson
        # file's problems read as a scenario's do

        try:
            return _Checker(path).convert(value, kind, field)
        except ScenarioError as exc:
            raise LessonError(str(exc)) from None

    spec: LessonSpec = convert(data, LessonSpec, "")
    _check_texts(spec, fail)
    for i, s in enumerate(spec.steps):
        for name, table in (("example", s.example), ("reply", s.reply)):
            for key, value in table.items():
                table[key] = plain_value(value, ExampleValue, f"steps[{i}].{name}.{key}", convert, fail)
    tables = [(checks_from(s.check, f"steps[{i}].check", convert, fail),
               checks_from(s.needs, f"steps[{i}].needs", convert, fail) if s.needs else {})
              for i, s in enumerate(spec.steps)]
    shows = [{name: checks_from(table, f"steps[{i}].{name}", convert, fail) if table else {}
              for name, table in (("shows", s.shows), ("moot", s.moot))} for i, s in enumerate(spec.steps)]
    battle = _scenario_battle(spec.scenario, path)  # the rulesets are imported from here on, not for a typo above

    ruleset = find_ruleset(battle.ruleset)
    check_names(spec, tables, battle, ruleset, fail, convert)
    check_shows(shows, battle, ruleset, head_learner=spec.lesson.learner, fail=fail, convert=convert)
    grapples = tuple(grips_as_data(spec.grapples, ruleset))
    try:
        _put_grips(battle, grapples)
    except (ValueError, KeyError) as exc:
        raise fail("grapples", str(exc)) from None
    steps = tuple(Step(prompt=s.prompt.strip(), check=check, how=s.how.strip(), done=s.done.strip(),
                       retry=s.retry.strip(), wrong=s.wrong.strip(), example=dict(s.example), needs=needs,
                       back_to=s.back_to if needs else 0, lost=s.lost.strip(), reply=dict(s.reply), shows=show["shows"],
                       moot=show["moot"],
                       shown=s.shown.strip())
                  for s, (check, needs), show in zip(spec.steps, tables, shows, strict=True))
    head = spec.lesson
    return Lesson(id=head.id.strip(), ruleset=battle.ruleset, order=head.order, title=head.title.strip(),
                  teaches=head.teaches.strip(), learner=head.learner, foe=head.foe, steps=steps, path=path,
                  scenario=spec.scenario, grapples=grapples)


def _check_texts(spec: Any, fail: Callable[[str, str], LessonError]) -> None:
    """The lesson's id and title are names the menus show (``game.files.names.name_problem``: something visible, no
    control character); every prompt holds more than spaces (the card would show nothing)."""
    head = spec.lesson
    for name, value in (("id", head.id), ("title", head.title)):
        problem = name_problem(value)
        if problem is not None:
            raise fail(f"lesson.{name}", problem)
    for i, s in enumerate(spec.steps):
        if not s.prompt.strip():
            raise fail(f"steps[{i}].prompt", f"expected a non-empty text, got {s.prompt!r}")


def _scenario_battle(scenario: dict[str, Any], path: Path) -> Battle:
    """The lesson's ``[scenario]`` as a battle, checked exactly as a scenario file is; its problems said from
    the ``scenario`` table of the lesson file."""
    try:
        battle = scenario_from_data(scenario, path)
    except (ScenarioError, MapError, ValueError, KeyError) as exc:
        text = str(exc)
        head = f"{path}: "
        # the scenario checker names its fields from the [scenario] table's top: say that table
        raise LessonError(head + "scenario." + text[len(head):] if text.startswith(head)
                          else f"{path}: scenario: {text}") from None
    battle.scenario = str(path)
    return battle


def _put_grips(battle: Battle, grapples: tuple[dict[str, Any], ...]) -> None:
    """The lesson's grips put in force on its battle as a situation's are (each holder's free hands, then the
    ruleset's own bookkeeping of a grip in force, :meth:`~game.rules.base.Ruleset.grip_in_force`)."""
    ruleset = find_ruleset(battle.ruleset)
    for g in grapples:
        holder = battle.fighter(g["holder"])
        taken = {n for grip in battle.grapples if grip.holder == holder.id for n in grip.hand_names}
        free = [h for h, held in holder.hands.items() if not held and h not in taken]
        grip = Grapple(holder=holder.id, target=g["target"], location=g["location"], hands=g["hands"],
                       kind=g["kind"], hand_names=free[:g["hands"]])
        battle.grapples.append(grip)
        ruleset.grip_in_force(battle, grip)  # taken before the lesson starts, as a situation's grips are


def load_lessons(folder: str | Path = LESSONS_DIR) -> tuple[list[Lesson], list[str]]:
    """Every lesson in ``folder`` sorted by ruleset then order, and one sentence per file that was refused."""
    lessons: list[Lesson] = []
    problems: list[str] = []
    folder = Path(folder)
    if not folder.is_dir():
        return [], []
    seen: set[str] = set()
    for path in sorted(folder.glob("*.toml")):
        try:
            lesson = load_lesson(path)
        except LessonError as exc:
            problems.append(str(exc))
            continue
        if lesson.id in seen:
            problems.append(f"{path}: lesson.id: {lesson.id!r} is already used by another lesson")
            continue
        seen.add(lesson.id)
        lessons.append(lesson)
    lessons.sort(key=lambda les: (les.ruleset, les.order, les.id))
    return lessons, problems


# -- a lesson being played --------------------------------------------------------------------------------

class LessonRun:
    """Where the learner is in a lesson: call :meth:`observe` after each controller result.

    ``observe`` returns what to say (a step met, a retry, the lesson done);
    ``step`` is the prompt to show now (None once finished).
    """

    def __init__(self, lesson: Lesson, battle: Battle) -> None:
        self.lesson = lesson
        self.index = 0
        self.mark = len(battle.log)
        self.finished = False
        self.said: list[str] = []
        #: the step's check is met and its consequence (the foe's reply) is being played out
        self.seeing = False

    @property
    def step(self) -> Step | None:
        return None if self.finished else self.lesson.steps[self.index]

    def _tried(self, step: Step, battle: Battle) -> bool:
        """The learner acted for this step since it began and it did not count: the step's own kind of
        action when it names one, else anything but passing."""
        want = step.example.get("type")
        for entry in battle.log[self.mark:]:
            actor, kind = _kind(entry)
            if actor == self.lesson.learner and (kind == want if want else kind not in PASSING):
                return True
        return False

    def _off_choice(self, step: Step, battle: Battle) -> str:
        """The learner's last try of the step's kind chose otherwise than the step asks, in a field its check
        reads (the location of a grip, its hands): one sentence naming both, else "" (a roll that failed)."""
        want = step.example.get("type")
        named = {k for v in step.check.values() if isinstance(v, dict) for k in v}
        for entry in reversed(battle.log[self.mark:]):
            actor, kind = _kind(entry)
            if want and actor == self.lesson.learner and kind == want:
                chosen = _chosen(self.lesson.ruleset, entry.get("intent") or {})
                off = [(k, chosen.get(k), v) for k, v in step.example.items()
                       if k in named and k != "type" and chosen.get(k) != v]
                if not off:
                    return ""
                chose = ", ".join(_choice_words(k, got, battle) for k, got, _ in off)
                asks = ", ".join(_choice_words(k, v, battle) for k, _, v in off)
                return f"You chose {chose}; this step asks for {asks}."
        return ""

    def reply_due(self, fighter_id: str, battle: Battle | None = None) -> dict[str, Any] | None:
        """The reply ``fighter_id`` is to make now (the step met, its consequence not yet seen), else None.
        With ``battle``: the run looks at it first (:meth:`observe`; what it says is kept in :attr:`said`), since
        the window lets the card look only once the learner's action has been drawn and the foe's turn may come
        first: a d20 foe's movement phase passed without the charge, and a thrown foe stood up before the card
        saw him down (the step then never counted)."""
        step = self.step
        if step is None or not step.reply or step.reply.get("actor") != fighter_id:
            return None
        if not self.seeing and battle is not None:
            self.observe(battle)
            step = self.step
        return step.reply if self.seeing and step is not None and step.reply.get("actor") == fighter_id else None

    def _after_learner(self, battle: Battle) -> int:
        """Where the consequence of a step just met begins: after the learner's last entry (the try that met
        it; the foe's turn may have been logged too before the card looked)."""
        for i in range(len(battle.log) - 1, self.mark - 1, -1):
            if _kind(battle.log[i])[0] == self.lesson.learner:
                return i + 1
        return len(battle.log)

    def _seen(self, step: Step, battle: Battle) -> bool:
        """The consequence of a met step has been seen: its ``shows`` holds (without one: its reply was
        played), or its ``moot`` holds (what the reply answers is gone: an Escape ended the grapple)."""
        learner = self.lesson.learner
        if step.moot and check_met(step.moot, battle, self.mark, learner):
            return True
        if step.shows:
            return check_met(step.shows, battle, self.mark, learner)
        want = step.reply.get("actor"), step.reply.get("type")
        return any(_kind(entry) == want for entry in battle.log[self.mark:])

    def observe(self, battle: Battle) -> list[str]:
        """Advance over every step now met; what to tell the learner about it."""
        out: list[str] = []
        went_back = False
        self.mark = min(self.mark, len(battle.log))  # an undo took entries back: count from where the log is
        while not self.finished:
            step = self.lesson.steps[self.index]
            learner = self.lesson.learner
            if self.seeing:
                if not self._seen(step, battle):
                    if battle.ended:
                        out.append("The battle is over before the lesson is: start the lesson again.")
                    break
                self.seeing = False
                if step.shown:
                    out.append(step.shown)
                self._advance(battle, out)
                continue
            if step.needs and not went_back and not check_met(step.needs, battle, self.mark, learner) \
                    and not check_met(step.check, battle, self.mark, learner):
                went_back = True  # once per look: the step gone back to may be met again at once
                self.index = step.back_to - 1
                self.mark = len(battle.log)
                out.append(step.lost or f"That undid step {step.back_to}: do it again.")
                continue
            if not check_met(step.check, battle, self.mark, learner):
                if self._tried(step, battle) and not out:
                    off = self._off_choice(step, battle)
                    out.append(f"{off} {step.wrong or step.how}".strip() if off else
                               step.retry or "Not yet: look at the roll in the log, then try again.")
                    self.mark = len(battle.log)
                elif battle.ended:
                    out.append("The battle is over before the lesson is: start the lesson again.")
                break
            if step.done:
                out.append(step.done)
            if step.answered:  # the consequence next: the foe's reply, then what it shows
                self.seeing = True
                self.mark = self._after_learner(battle)
                continue
            self._advance(battle, out)
        self.said.extend(out)
        return out

    def _advance(self, battle: Battle, out: list[str]) -> None:
        self.index += 1
        self.mark = len(battle.log)
        if self.index >= len(self.lesson.steps):
            self.finished = True
            out.append(f"Lesson complete: {self.lesson.title}.")


#: what a learner does while waiting for the right moment (a phase passed, a turn ended): never a failed try
PASSING = frozenset({"wait", "do_nothing", "end_turn", "pass"})


def _chosen(ruleset: str, intent: dict[str, Any]) -> dict[str, Any]:
    """A logged intent with its defaults filled in (the log leaves out a grab's default torso)."""
    try:
        action = find_ruleset(ruleset).action_from_dict(intent)
    except (KeyError, ValueError, TypeError):
        return dict(intent)
    return {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}


def _choice_words(field_name: str, value: Any, battle: Battle) -> str:
    """One field of an action as the learner picked it in the menu: "the torso", "1 hand", "Bob"."""
    if field_name == "location":
        return f"the {str(value).replace('_', ' ')}"
    if field_name == "hands" and isinstance(value, int):
        return f"{value} hand{'' if value == 1 else 's'}"
    who = battle.get(value) if isinstance(value, str) else None
    if who is not None:
        return who.name or who.id
    return f"{field_name.replace('_', ' ')} {value}"


def _kind(entry: dict[str, Any]) -> tuple[Any, Any]:
    intent = entry.get("intent") or {}
    return intent.get("actor"), intent.get("type")


class StillOpponent:
    """The foe of a ``foe = "still"`` lesson: it passes every turn, so the learner sees one mechanic at a time."""

    @dataclass
    class Decision:
        action: Any = None

    def decide(self, battle: Battle, ruleset: Any, fighter_id: str) -> Any:
        return StillOpponent.Decision()

    def decide_async(self, battle: Battle, ruleset: Any, fighter_id: str) -> Future:
        fut: Future = Future()
        fut.set_result(self.decide(battle, ruleset, fighter_id))
        return fut

    def cancel(self) -> None:
        """Nothing is ever running."""

    def close(self) -> None:
        """Nothing to free."""


@dataclass
class ScriptedReply:
    """The lesson foe's decision to play a step's reply, shaped as the computer's decisions are (the log words
    it as the computer's choice, with ``reason`` for why)."""

    action: Any
    fighter: str
    reason: str = "the lesson's answer to your step, to show what follows"
    alternatives: tuple[Any, ...] = ()
    chosen: Any = None


class LessonFoe:
    """The other side of a lesson: it plays a step's ``reply`` when the step is met and the rules offer that
    action to its actor now (a d20 foe waits for the phase that holds it); otherwise it does what ``still``
    (pass) or ``computer`` (the computer's choice, ``fallback``) says. ``run_of`` gives the lesson being
    played (the UI makes the card after the session that asks the foe)."""

    def __init__(self, run_of: Callable[[], LessonRun | None], fallback: Any = None) -> None:
        self.run_of = run_of
        self.fallback = fallback or StillOpponent()

    def decide(self, battle: Battle, ruleset: Any, fighter_id: str) -> Any:
        run = self.run_of()
        reply = run.reply_due(fighter_id, battle) if run is not None else None
        if reply is not None:
            for option in ruleset.legal_actions(battle, fighter_id):
                if option.reason is None and _matches(option.action, reply):
                    return ScriptedReply(option.action, fighter_id)
            return StillOpponent.Decision()  # not open in this phase: wait for the one that holds it
        return self.fallback.decide(battle, ruleset, fighter_id)

    def decide_async(self, battle: Battle, ruleset: Any, fighter_id: str) -> Future:
        run = self.run_of()
        if run is not None and run.reply_due(fighter_id, battle) is not None or \
                isinstance(self.fallback, StillOpponent):
            fut: Future = Future()
            fut.set_result(self.decide(battle, ruleset, fighter_id))
            return fut
        return self.fallback.decide_async(battle, ruleset, fighter_id)

    def cancel(self) -> None:
        self.fallback.cancel()

    def close(self) -> None:
        self.fallback.close()


# -- a lesson played by its examples (clinch check-lesson, the tests) -------------------------------------------

@dataclass(frozen=True)
class StepTrial:
    """How one step went when its example was played: met or not, after how many tries."""

    index: int
    met: bool
    tries: int
    note: str = ""


def _matches(action: Any, example: dict[str, Any]) -> bool:
    """An offered action does what the example does (a result bought after the roll is chosen later)."""
    return action.type == example.get("type") and all(
        getattr(action, k, None) == v or (k == "option" and getattr(action, k, None) is None)
        for k, v in example.items() if k != "type")


def play_examples(lesson: Lesson, *, tries: int = 25, seed: int | None = None) -> list[StepTrial]:
    """Play ``lesson`` with seeded dice as a learner following it would: each step's example picked from the
    actions the rules offer now (passing the turn or phase while it is not offered), tried again after a
    miss, up to ``tries`` times; the foe waits (``still``) or is the computer. Returns one trial per step
    reached; the last is not met when the lesson cannot be finished that way. Headless."""
    battle = lesson.battle()
    if seed is not None:
        battle.rng.seed = seed
    me = battle.fighter(lesson.learner).side
    ctl = TurnController(battle, battle.ruleset, dice="seeded")
    ctl.seat = {s: ("human" if s == me else "ai") for s in ctl.seat}
    computer = None
    if lesson.foe == "computer":
        computer = Opponent("easy", budget_ms=50, seed=battle.rng.seed)
    run = LessonRun(lesson, battle)
    foe = LessonFoe(lambda: run, computer)
    out: list[StepTrial] = []
    count = 0
    for _ in range(tries * 40 * len(lesson.steps)):
        if run.finished or (battle.ended and not run.seeing) or count > tries:
            break
        fid = ctl.whose_turn()
        if fid is None:
            break
        was = run.index
        if fid != lesson.learner:
            action = getattr(foe.decide(battle, ctl.ruleset, fid), "action", None)
            if action is None or ctl.submit(action).rejected:
                ctl.end_turn()
        elif run.seeing:
            ctl.end_turn()  # the step is met: the learner passes until the foe's reply is played
        else:
            step = run.step
            assert step is not None
            offered = [o.action for o in ctl.legal_actions()
                       if o.reason is None and _matches(o.action, step.example)]
            if not offered:
                ctl.end_turn()
                continue
            result = ctl.submit(dataclasses.replace(offered[0], ask=True) if _asks(offered[0]) else offered[0])
            need = getattr(ctl, "waiting_for_choice", None)
            if need is not None:
                menu = [o for o in need.menu if o.reason is None]
                pick = next((o for o in menu if getattr(o.action, "option", None) == step.example.get("option")),
                            menu[0])
                result = ctl.choose(pick.action)
            if getattr(result, "rejected", False):
                out.append(StepTrial(run.index, False, count + 1, f"refused: {result.reason}"))
                return out
            count += 1
        run.observe(battle)
        if run.index > was or run.finished:
            out.append(StepTrial(was, True, count))
            count = 0
    if not run.finished:
        why = ("the battle ended" if battle.ended else
               "the foe's reply was never played" if run.seeing else f"not met in {tries} tries")
        out.append(StepTrial(run.index, False, count, why))
    return out


def _asks(action: Any) -> bool:
    return "ask" in {f.name for f in dataclasses.fields(action)}


# -- progress -----------------------------------------------------------------------------------------------

def load_progress(path: Path) -> set[str]:
    """The ids of the lessons finished; a missing or damaged file is no progress (never raises)."""
    try:
        data = load_json(path, limit=MAX_LESSON_BYTES)
    except (UserFileError, OSError, ValueError):
        return set()
    done = data.get("done") if isinstance(data, dict) else None
    return {d for d in done if isinstance(d, str)} if isinstance(done, list) else set()


def save_progress(path: Path, done: set[str]) -> str | None:
    """Write atomically; a sentence if the file could not be written (the lesson still counts on screen)."""
    try:
        write_atomic(path, json.dumps({"done": sorted(done)}, indent=2).encode("utf-8"))
    except OSError as exc:
        return f"{path}: lesson progress could not be saved ({(exc.strerror or str(exc)).lower()})."
    return None
