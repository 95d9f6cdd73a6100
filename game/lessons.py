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

from game.model import Battle, Grapple

__all__ = ["Lesson", "Step", "LessonError", "LessonRun", "StillOpponent", "load_lesson", "load_lessons",
           "check_met", "CHECKS", "load_progress", "save_progress", "LESSONS_DIR", "PROGRESS_FILE",
           "StepTrial", "play_examples"]

LESSONS_DIR = Path(__file__).resolve().parents[1] / "maps" / "lessons"
#: the progress file's name in the folder the caller gives (the UI: the settings folder)
PROGRESS_FILE = "lessons.json"
#: a lesson file is a few KB; anything past this is not one
MAX_LESSON_BYTES = 256 * 1024
FOES = ("still", "computer")


class LessonError(ValueError):
    """A lesson file that cannot be used: one sentence naming the file and the field."""


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
        from game.rules.base import find_ruleset
        from game.scenarios import scenario_from_data

        battle = scenario_from_data(self.scenario, self.path)
        battle.scenario = str(self.path)
        ruleset = find_ruleset(battle.ruleset)
        for g in self.grapples:
            holder = battle.fighter(g["holder"])
            taken = {n for grip in battle.grapples if grip.holder == holder.id for n in grip.hand_names}
            free = [h for h, held in holder.hands.items() if not held and h not in taken]
            hands = int(g.get("hands", 1))
            grip = Grapple(holder=holder.id, target=g["target"], location=g.get("location", "torso"), hands=hands,
                           kind=g.get("kind", "grapple"), hand_names=free[:hands])
            battle.grapples.append(grip)
            ruleset.grip_in_force(battle, grip)  # taken before the lesson starts, as a situation's grips are
        return battle

    def example_action(self, step: Step) -> Any:
        """The step's example as the ruleset's action (its actor the learner unless it says otherwise)."""
        from game.rules.base import find_ruleset

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
}


def check_met(check: dict[str, Any], battle: Battle, mark: int, learner: str) -> bool:
    """Whether every part of ``check`` holds now (entries from ``battle.log[mark:]`` count as "since")."""
    return all(CHECKS[name][0](battle, mark, learner, want) for name, want in check.items())


# -- reading ---------------------------------------------------------------------------------------------

def _text(where: str, data: dict[str, Any], key: str, *, required: bool = True, limit: int = 600) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise LessonError(f"{where}.{key}: expected {'a non-empty ' if required else ''}text, got {value!r}")
    if len(value) > limit:
        raise LessonError(f"{where}.{key}: at most {limit} characters, got {len(value)}")
    return value.strip()


def _step(path: Path, i: int, data: Any, fighters: set[str]) -> Step:
    where = f"{path}: steps[{i}]"
    if not isinstance(data, dict):
        raise LessonError(f"{where}: expected a table")
    unknown = set(data) - {"prompt", "how", "done", "retry", "wrong", "example", "check", "needs", "back_to",
                           "lost"}
    if unknown:
        raise LessonError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    check = data.get("check")
    if not isinstance(check, dict) or not check:
        raise LessonError(f"{where}.check: expected a table of one or more checks ({', '.join(CHECKS)})")
    _check_table(f"{where}.check", check, fighters)
    needs = data.get("needs", {})
    back_to = data.get("back_to", 0)
    if needs:
        if not isinstance(needs, dict):
            raise LessonError(f"{where}.needs: expected a table of checks ({', '.join(CHECKS)})")
        _check_table(f"{where}.needs", needs, fighters)
        if not isinstance(back_to, int) or isinstance(back_to, bool) or not 1 <= back_to <= i:
            raise LessonError(f"{where}.back_to: the step to go back to when 'needs' stops holding, "
                              f"1 to {i}, got {back_to!r}")
    example = data.get("example", {})
    if not isinstance(example, dict) or ("type" not in example and example):
        raise LessonError(f"{where}.example: expected a table with a type, as a situation's action")
    return Step(prompt=_text(where, data, "prompt"), check=dict(check), how=_text(where, data, "how", required=False),
                done=_text(where, data, "done", required=False), retry=_text(where, data, "retry", required=False),
                wrong=_text(where, data, "wrong", required=False),
                example=dict(example), needs=dict(needs), back_to=back_to if needs else 0,
                lost=_text(where, data, "lost", required=False))


def _check_table(where: str, table: dict[str, Any], fighters: set[str]) -> None:
    """A table of checks: known names, the fields each needs, fighters of this lesson."""
    for name, want in table.items():
        if name not in CHECKS:
            raise LessonError(f"{where}.{name}: not a check; one of {', '.join(CHECKS)}")
        needs = CHECKS[name][1]
        if needs and (not isinstance(want, dict) or any(k not in want for k in needs)):
            raise LessonError(f"{where}.{name}: needs the fields {', '.join(needs)}")
        for key in ("fighter", "holder", "target"):
            who = want.get(key) if isinstance(want, dict) else (want if name == "hurt" else None)
            if who is not None and who not in fighters:
                raise LessonError(f"{where}.{name}: no fighter {who!r} in this lesson")


def load_lesson(path: str | Path) -> Lesson:
    """Read and check one lesson file (its battle is built once here, so a bad scenario is caught now)."""
    from game.scenarios import ScenarioError
    from game.tiled.safe_xml import MapError
    from game.userfiles import UserFileError, load_toml

    path = Path(path)
    try:
        data = load_toml(path, limit=MAX_LESSON_BYTES)
    except UserFileError as exc:
        raise LessonError(str(exc)) from None
    head = data.get("lesson")
    if not isinstance(head, dict):
        raise LessonError(f"{path}: lesson: expected a [lesson] table")
    scenario = data.get("scenario")
    if not isinstance(scenario, dict):
        raise LessonError(f"{path}: scenario: expected a [scenario] table (a scenario as maps/*.toml write one)")
    fighters = {f.get("id") for f in scenario.get("fighters", []) if isinstance(f, dict)}
    where = f"{path}: lesson"
    learner = _text(where, head, "learner", limit=64)
    if learner not in fighters:
        raise LessonError(f"{where}.learner: no fighter {learner!r} in the scenario")
    foe = head.get("foe", "still")
    if foe not in FOES:
        raise LessonError(f"{where}.foe: must be one of {', '.join(FOES)}, got {foe!r}")
    order = head.get("order", 0)
    if not isinstance(order, int) or isinstance(order, bool):
        raise LessonError(f"{where}.order: expected a whole number, got {order!r}")
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise LessonError(f"{path}: steps: expected one or more [[steps]]")
    grapples = data.get("grapples", [])
    if not isinstance(grapples, list) or not all(isinstance(g, dict) and g.get("holder") in fighters
                                                 and g.get("target") in fighters for g in grapples):
        raise LessonError(f"{path}: grapples: each needs a holder and a target among the fighters")
    lesson = Lesson(id=_text(where, head, "id", limit=64), ruleset=str(scenario.get("ruleset", "")),
                    order=order, title=_text(where, head, "title", limit=80),
                    teaches=_text(where, head, "teaches", required=False), learner=learner, foe=foe,
                    steps=tuple(_step(path, i, s, fighters) for i, s in enumerate(steps)), path=path,
                    scenario=scenario, grapples=tuple(grapples))
    try:
        battle = lesson.battle()
    except (ScenarioError, MapError, ValueError, KeyError) as exc:
        text = str(exc)
        head = f"{path}: "
        # the scenario checker names its fields from the [scenario] table's top: say that table
        raise LessonError(head + "scenario." + text[len(head):] if text.startswith(head)
                          else f"{path}: scenario: {text}") from None
    return dataclasses.replace(lesson, ruleset=battle.ruleset)


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

    def observe(self, battle: Battle) -> list[str]:
        """Advance over every step now met; what to tell the learner about it."""
        out: list[str] = []
        went_back = False
        self.mark = min(self.mark, len(battle.log))  # an undo took entries back: count from where the log is
        while not self.finished:
            step = self.lesson.steps[self.index]
            learner = self.lesson.learner
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
            self.index += 1
            self.mark = len(battle.log)
            if self.index >= len(self.lesson.steps):
                self.finished = True
                out.append(f"Lesson complete: {self.lesson.title}.")
        self.said.extend(out)
        return out


#: what a learner does while waiting for the right moment (a phase passed, a turn ended): never a failed try
PASSING = frozenset({"wait", "do_nothing", "end_turn", "pass"})


def _chosen(ruleset: str, intent: dict[str, Any]) -> dict[str, Any]:
    """A logged intent with its defaults filled in (the log leaves out a grab's default torso)."""
    from game.rules.base import find_ruleset

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
    from game.turns import TurnController

    battle = lesson.battle()
    if seed is not None:
        battle.rng.seed = seed
    me = battle.fighter(lesson.learner).side
    ctl = TurnController(battle, battle.ruleset, dice="seeded")
    ctl.seat = {s: ("human" if s == me else "ai") for s in ctl.seat}
    foe = None
    if lesson.foe == "computer":
        from game.ai import Opponent

        foe = Opponent("easy", budget_ms=50, seed=battle.rng.seed)
    run = LessonRun(lesson, battle)
    out: list[StepTrial] = []
    count = 0
    for _ in range(tries * 40 * len(lesson.steps)):
        if run.finished or battle.ended or count > tries:
            break
        fid = ctl.whose_turn()
        if fid is None:
            break
        if fid != lesson.learner:
            decision = foe.decide(battle, ctl.ruleset, fid) if foe is not None else None
            action = getattr(decision, "action", None)
            if action is None or ctl.submit(action).rejected:
                ctl.end_turn()
            continue
        step = run.step
        assert step is not None
        offered = [o.action for o in ctl.legal_actions() if o.reason is None and _matches(o.action, step.example)]
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
        was = run.index
        run.observe(battle)
        if run.index > was or run.finished:
            out.append(StepTrial(was, True, count))
            count = 0
    if not run.finished:
        why = "the battle ended" if battle.ended else f"not met in {tries} tries"
        out.append(StepTrial(run.index, False, count, why))
    return out


def _asks(action: Any) -> bool:
    return "ask" in {f.name for f in dataclasses.fields(action)}


# -- progress -----------------------------------------------------------------------------------------------

def load_progress(path: Path) -> set[str]:
    """The ids of the lessons finished; a missing or damaged file is no progress (never raises)."""
    from game.userfiles import UserFileError, load_json

    try:
        data = load_json(path, limit=MAX_LESSON_BYTES)
    except (UserFileError, OSError, ValueError):
        return set()
    done = data.get("done") if isinstance(data, dict) else None
    return {d for d in done if isinstance(d, str)} if isinstance(done, list) else set()


def save_progress(path: Path, done: set[str]) -> str | None:
    """Write atomically; a sentence if the file could not be written (the lesson still counts on screen)."""
    from game.saves import write_atomic

    try:
        write_atomic(path, json.dumps({"done": sorted(done)}, indent=2).encode("utf-8"))
    except OSError as exc:
        return f"{path}: lesson progress could not be saved ({(exc.strerror or str(exc)).lower()})."
    return None
