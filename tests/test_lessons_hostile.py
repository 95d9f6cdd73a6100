"""Hostile lesson files: every bad field is one sentence naming the file and the field, never a traceback.

A lesson file (``maps/lessons/*.toml``) is read through ``game.files.lesson_schema``: every field typed and bounded,
then every name checked against the lesson's battle and ruleset. Named cases first (each an edit of a shipped
lesson: the kinds a hostile-input pass found ending in "internal error" in ``clinch check-lesson``, and the
names that loaded and then left a step no learner could meet), then hypothesis mutations of every shipped
lesson and random bytes: the loader either gives a lesson whose checks, examples and run can be used on its
battle, or raises ``LessonError`` in one line naming the file. A sample goes through the real
``clinch check-lesson`` under 200 MB and 2 s (``tests/hostile.py``).
"""

from __future__ import annotations

import copy
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.files.lesson_schema import CHECK_TYPES
from game.teaching.lessons import (
    CHECKS,
    LESSONS_DIR,
    LessonError,
    LessonRun,
    check_met,
    load_lesson,
    load_lessons,
)
from tests.hostile import assert_refused, run_clinch, scratch_folder
from tests.test_scenarios_hostile import HOSTILE, _parent, _paths, toml_dumps

SHIPPED = sorted(LESSONS_DIR.glob("*.toml"))
ARENA = LESSONS_DIR.parent / "arena.tmx"
DELETE = object()


def shipped(name: str) -> dict[str, Any]:
    """A shipped lesson parsed, its map named by an absolute path so the copy may be written anywhere."""
    data = tomllib.loads((LESSONS_DIR / f"{name}.toml").read_text(encoding="utf-8"))
    data["scenario"]["map"] = str(LESSONS_DIR / data["scenario"]["map"])
    return data


def edited(name: str, at: str, value: Any) -> dict[str, Any]:
    """Shipped lesson ``name`` with the field at the dotted path ``at`` (``steps.0.check``) set to ``value``."""
    data = shipped(name)
    keys: list[Any] = [int(k) if k.isdigit() else k for k in at.split(".")]
    parent = _parent(data, tuple(keys))
    if value is DELETE:
        del parent[keys[-1]]
    else:
        parent[keys[-1]] = value
    return data


def write(folder: Path, data: dict[str, Any] | str | bytes, name: str = "bad.toml") -> Path:
    path = folder / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else toml_dumps(data), encoding="utf-8")
    return path


GRAB, PIN, EDGE, ND6 = "3d6_1_grab", "3d6_5_pin", "edge_2_edge", "nd6_2_subdue"
GRIP = {"holder": "ann", "target": "bob", "location": "torso", "hands": 1, "kind": "grapple"}

#: (case, lesson, dotted field, new value, the message expected after "<lesson path>: ")
CASES: list[tuple[str, str, str, Any, str]] = [
    # the kinds that ended in "internal error" (exit 1) in clinch check-lesson and raised in the Learn menu
    ("fighters = 5", GRAB, "scenario.fighters", 5, r"^scenario\.fighters: expected array, got int$"),
    ("fighters = [5]", GRAB, "scenario.fighters", [5], r"^scenario\.fighters\[0\]: expected object, got int$"),
    ("hurt = [bob]", GRAB, "steps.0.check", {"hurt": ["bob"]}, r"^steps\[0\]\.check\.hurt: expected str, got array$"),
    ("hurt = 5", GRAB, "steps.0.check", {"hurt": 5}, r"^steps\[0\]\.check\.hurt: expected str, got int$"),
    ("grip = 5", GRAB, "steps.0.check", {"grip": 5}, r"^steps\[0\]\.check\.grip: expected object, got int$"),
    ("grip holder = [ann]", GRAB, "steps.0.check.grip.holder", ["ann"],
     r"^steps\[0\]\.check\.grip\.holder: expected str, got array$"),
    ("grip location = 5", GRAB, "steps.0.check.grip.location", 5,
     r"^steps\[0\]\.check\.grip\.location: expected str, got int$"),
    ("grip hands = x", GRAB, "steps.0.check.grip", {"holder": "ann", "hands": "x"},
     r"^steps\[0\]\.check\.grip\.hands: expected int, got str$"),
    ("no_grip target = {}", GRAB, "steps.0.check", {"no_grip": {"target": {}}},
     r"^steps\[0\]\.check\.no_grip\.target: expected str, got object$"),
    ("tried = 5", GRAB, "steps.0.check", {"tried": 5}, r"^steps\[0\]\.check\.tried: expected an action type or a list of them, got 5$"),
    ("tried = [5]", GRAB, "steps.0.check", {"tried": [5]}, r"^steps\[0\]\.check\.tried\[0\]: expected str, got int$"),
    ("posture fighter = [bob]", GRAB, "steps.1.check.posture.fighter", ["bob"],
     r"^steps\[1\]\.check\.posture\.fighter: expected str, got array$"),
    ("posture without is", GRAB, "steps.1.check.posture", {"fighter": "bob"},
     r"^steps\[1\]\.check\.posture\.is: is missing$"),
    ("condition fighter = 5", ND6, "steps.0.check.condition.fighter", 5,
     r"^steps\[0\]\.check\.condition\.fighter: expected str, got int$"),
    ("counter fighter = [ann]", GRAB, "steps.0.check", {"counter": {"fighter": ["ann"]}},
     r"^steps\[0\]\.check\.counter\.fighter: expected text, a number or true/false, got a list$"),
    ("counter without fighter", GRAB, "steps.0.check", {"counter": {"edge": 2}},
     r"^steps\[0\]\.check\.counter\.fighter: is missing"),
    ("counter = 5", GRAB, "steps.0.check", {"counter": 5}, r"^steps\[0\]\.check\.counter: expected object, got int$"),
    ("holds fighter = table", GRAB, "steps.0.check", {"holds": {"fighter": {"a": 1}, "item": "knife"}},
     r"^steps\[0\]\.check\.holds\.fighter: expected str, got object$"),
    ("event = 5", GRAB, "steps.0.check", {"event": 5}, r"^steps\[0\]\.check\.event: expected object, got int$"),
    ("event value = list", GRAB, "steps.0.check", {"event": {"type": "roll", "actor": ["ann"]}},
     r"^steps\[0\]\.check\.event\.actor: expected text, a number or true/false, got a list$"),
    ("back_to without needs", GRAB, "steps.1.needs", DELETE, r"^steps\[1\]\.back_to: goes with 'needs'"),
    ("needs = 5", GRAB, "steps.1.needs", 5, r"^steps\[1\]\.needs: expected object, got int$"),
    ("example = 5", GRAB, "steps.0.example", 5, r"^steps\[0\]\.example: expected object, got int$"),
    ("example type = [grapple]", GRAB, "steps.0.example.type", ["grapple"],
     r"^steps\[0\]\.example\.type: \['grapple'\] is not an action of 3d6-full"),
    ("example field unknown", GRAB, "steps.0.example.bogus", 1,
     r"^steps\[0\]\.example\.bogus: action 'grapple' has no field 'bogus'$"),
    ("example value = table", GRAB, "steps.0.example.target", {"a": 1},
     r"^steps\[0\]\.example\.target: expected text, a number or true/false, got a table$"),
    ("example facing = ''", "d20_1_wrestle", "steps.0.example", {"type": "face", "facing": ""},
     r"^steps\[0\]\.example\.facing: expected int, got str$"),
    ("example hands = two", GRAB, "steps.0.example.hands", "two", r"^steps\[0\]\.example\.hands: expected int, got str$"),
    ("grapples holder = [ann]", PIN, "grapples.0.holder", ["ann"], r"^grapples\[0\]\.holder: expected str, got array$"),
    ("grapples location = 5", PIN, "grapples.0.location", 5, r"^grapples\[0\]\.location: expected str, got int$"),
    ("grapples hands = x", PIN, "grapples.0.hands", "x", r"^grapples\[0\]\.hands: expected int, got str$"),
    ("grapples = 5", PIN, "grapples", 5, r"^grapples: expected array, got int$"),
    ("check = 5", GRAB, "steps.0.check", 5, r"^steps\[0\]\.check: expected object, got int$"),
    ("learner = [ann]", GRAB, "lesson.learner", ["ann"], r"^lesson\.learner: expected str, got array$"),
    ("order = text", GRAB, "lesson.order", "first", r"^lesson\.order: expected int, got str$"),
    # names the ruleset does not have: they loaded, and the step could never be met
    ("tried = teleport", GRAB, "steps.0.check", {"tried": "teleport"},
     r"^steps\[0\]\.check\.tried: 'teleport' is not an action of 3d6-full \(one of .*\)$"),
    ("example type = teleport", GRAB, "steps.0.example.type", "teleport",
     r"^steps\[0\]\.example\.type: 'teleport' is not an action of 3d6-full"),
    ("posture = levitating", GRAB, "steps.1.check.posture.is", "levitating",
     r"^steps\[1\]\.check\.posture\.is: 'levitating' is not a posture of 3d6-full \(one of standing, crouching"),
    ("edge has no kneeling", EDGE, "steps.0.check", {"posture": {"fighter": "bob", "is": "kneeling"}},
     r"^steps\[0\]\.check\.posture\.is: 'kneeling' is not a posture of edge \(one of standing, prone\)$"),
    ("condition = sparkly", ND6, "steps.1.check.condition.has", "sparkly",
     r"^steps\[1\]\.check\.condition\.has: 'sparkly' is not a condition of nd6-tactical"),
    ("holds item = lightsaber", GRAB, "steps.0.check", {"holds": {"fighter": "ann", "item": "lightsaber"}},
     r"^steps\[0\]\.check\.holds\.item: 'lightsaber' is not an item of 3d6-full"),
    ("grip kind = bogus", GRAB, "steps.0.check.grip.kind", "bogus",
     r"^steps\[0\]\.check\.grip\.kind: 'bogus' is not a grip of 3d6-full \(one of arm_lock, choke_hold, grapple, pin\)$"),
    ("grip location = tail", GRAB, "steps.0.check.grip.location", "tail",
     r"^steps\[0\]\.check\.grip\.location: 'tail' is not a place to grip of 3d6-full"),
    ("grip field unknown", GRAB, "steps.0.check.grip.colour", "red",
     r"^steps\[0\]\.check\.grip: unknown field 'colour'$"),
    ("grapples kind = bogus", PIN, "grapples.0.kind", "bogus", r"^grapples\[0\]\.kind: 'bogus' is not a grip of 3d6-full"),
    ("grapples location = tail", PIN, "grapples.0.location", "tail",
     r"^grapples\[0\]\.location: 'tail' is not a place to grip of 3d6-full"),
    ("example location = tail", GRAB, "steps.0.example.location", "tail",
     r"^steps\[0\]\.example\.location: 'tail' is not a place to grip of 3d6-full"),
    ("check is empty", GRAB, "steps.0.check", {}, r"^steps\[0\]\.check: expected a table of one or more checks"),
    ("a check that is not one", GRAB, "steps.0.check", {"stance": 1}, r"^steps\[0\]\.check\.stance: not a check; one of"),
    # fighters the steps, checks and grips name exist
    ("grip holder = zed", GRAB, "steps.0.check.grip.holder", "zed",
     r"^steps\[0\]\.check\.grip\.holder: no fighter 'zed' in this lesson \(fighters: ann, bob\)$"),
    ("hurt = zed", GRAB, "steps.0.check", {"hurt": "zed"}, r"^steps\[0\]\.check\.hurt: no fighter 'zed' in this lesson"),
    ("event actor = zed", GRAB, "steps.0.check", {"event": {"type": "roll", "actor": "zed"}},
     r"^steps\[0\]\.check\.event\.actor: no fighter 'zed'"),
    ("event without type", GRAB, "steps.0.check", {"event": {"actor": "ann"}}, r"^steps\[0\]\.check\.event\.type: is missing"),
    ("example target = zed", GRAB, "steps.0.example.target", "zed", r"^steps\[0\]\.example\.target: no fighter 'zed'"),
    ("grapples target = zed", PIN, "grapples.0.target", "zed", r"^grapples\[0\]\.target: no fighter 'zed'"),
    ("grapples holds oneself", PIN, "grapples.0.target", "ann", r"^grapples\[0\]\.target: 'ann' cannot hold themselves$"),
    ("grapples use 3 hands", PIN, "grapples", [GRIP, {**GRIP, "hands": 2}],
     r"^grapples\[1\]\.hands: 'ann' has 2 free hands but the grips would use 3$"),
    ("example hands = 3", GRAB, "steps.0.example.hands", 3,
     r"^steps\[0\]\.example\.hands: expected 0 to 2 \(ann has 2 arms\), got 3$"),
    ("learner = zed", GRAB, "lesson.learner", "zed", r"^lesson\.learner: no fighter 'zed' in the scenario$"),
    # sizes and lengths bounded
    ("grapples hands = 99", PIN, "grapples.0.hands", 99, r"^grapples\[0\]\.hands: must be 8 or less, got 99$"),
    ("order huge", GRAB, "lesson.order", 10**12, r"^lesson\.order: must be 999 or less, got 1000000000000$"),
    ("order negative", GRAB, "lesson.order", -1, r"^lesson\.order: must not be negative, got -1$"),
    ("title 5000 characters", GRAB, "lesson.title", "T" * 5000,
     r"^lesson\.title: must be at most 80 characters long, got 5000$"),
    ("prompt 10000 characters", GRAB, "steps.0.prompt", "p" * 10_000,
     r"^steps\[0\]\.prompt: must be at most 600 characters long, got 10000$"),
    ("200 steps", GRAB, "steps", [{"prompt": "Wait.", "check": {"tried": "wait"}}] * 200,
     r"^steps: must be at most 40 entries long, got 200$"),
    ("30 grips", PIN, "grapples", [GRIP] * 30, r"^grapples: must be at most 8 entries long, got 30$"),
    ("tried lists 40 types", GRAB, "steps.0.check", {"tried": ["wait"] * 40},
     r"^steps\[0\]\.check\.tried: must be at most 16 entries long, got 40$"),
    ("id with a NUL", GRAB, "lesson.id", "grab\x00", r"^lesson\.id: holds a NUL character \(U\+0000\)$"),
    ("title of spaces", GRAB, "lesson.title", "   ", r"^lesson\.title: has no visible character$"),
    ("prompt of spaces", GRAB, "steps.0.prompt", "   ", r"^steps\[0\]\.prompt: expected a non-empty text"),
    ("unknown table", GRAB, "extra", {"a": 1}, r"^unknown field 'extra'$"),
    ("foe = 3", GRAB, "lesson.foe", 3, r"^lesson\.foe: must be one of still, computer, got 3$"),
    ("foe = angry", GRAB, "lesson.foe", "angry", r"^lesson\.foe: must be one of still, computer, got 'angry'$"),
    ("steps missing", GRAB, "steps", DELETE, r"^steps: expected one or more \[\[steps\]\]$"),
]


@pytest.mark.parametrize("case,lesson,at,value,pattern", CASES, ids=[c[0] for c in CASES])
def test_a_hostile_lesson_field_is_one_sentence(tmp_path: Path, case: str, lesson: str, at: str, value: Any,
                                                pattern: str) -> None:
    """Each bad field: a ``LessonError`` naming the file and the field, on one line, before the lesson is
    played (the kinds that raised TypeError or loaded and stuck among them)."""
    path = write(tmp_path, edited(lesson, at, value))
    with pytest.raises(LessonError) as info:
        load_lesson(path)
    message = str(info.value)
    assert "\n" not in message and message.startswith(f"{path}: "), message
    assert re.search(pattern, message[len(f"{path}: "):]), message


def test_every_check_has_a_type() -> None:
    """The schema types exactly the checks the lessons test (``CHECKS``)."""
    assert list(CHECK_TYPES) == list(CHECKS)


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_every_shipped_lesson_passes_the_schema(path: Path) -> None:
    """Every lesson in maps/lessons loads under the stricter reading, and its checks and examples can be used."""
    _usable(load_lesson(path))


def test_a_folder_of_bad_lessons_keeps_the_good_ones(tmp_path: Path) -> None:
    """The Learn menu's reading: a bad file is one sentence in the problems, whatever is wrong in it."""
    for i, (_case, lesson, at, value, _) in enumerate(CASES[:20]):
        write(tmp_path, edited(lesson, at, value), f"bad{i:02}.toml")
    write(tmp_path, shipped(GRAB), "good.toml")
    lessons, problems = load_lessons(tmp_path)
    assert [les.id for les in lessons] == ["3d6-grab"]
    assert len(problems) == 20 and all("\n" not in p and "bad" in p for p in problems)


# --- the real command, under 200 MB and 2 s --------------------------------------------

CLI_SAMPLE = ["fighters = 5", "hurt = [bob]", "grip = 5", "grip holder = [ann]", "grip location = 5", "tried = 5",
              "grapples holder = [ann]", "tried = teleport", "posture = levitating", "example type = teleport"]


@pytest.mark.parametrize("case", CLI_SAMPLE)
def test_check_lesson_refuses_in_one_line(tmp_path: Path, case: str) -> None:
    """``clinch check-lesson BAD.toml``: exit 2 and one line naming the file and the field, under 200 MB and 2 s
    (these ended in "internal error", exit 1, or loaded and were found stuck only by playing)."""
    _, lesson, at, value, pattern = next(c for c in CASES if c[0] == case)
    path = write(tmp_path, edited(lesson, at, value))
    line = assert_refused(run_clinch("check-lesson", path, "--seeds", "1"), names=path)
    assert re.search(pattern.removeprefix("^"), line.split(f"{path}: ", 1)[1]), line


# --- hypothesis: mutations of the shipped lessons ----------------------------------------

#: names a lesson might use, right in one ruleset and wrong in another, or wrong everywhere
WORDS = ["ann", "bob", "zed", "", "grapple", "teleport", "wait", "pin", "takedown", "escape", "hth", "prone",
         "kneeling", "levitating", "stunned", "subdued", "in_hth", "sparkly", "knife", "lightsaber", "arm", "torso",
         "tail", "hold", "pin-3", "still", "computer", "type", "fighter", "holder", "target", "location", "hands"]
TEXTS = {p.stem: p.read_text(encoding="utf-8") for p in SHIPPED}


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    """A shipped lesson, parsed, changed in one to three places (mostly outside its scenario, which the
    scenario tests mutate), ready to be written back as TOML."""
    data = shipped(draw(st.sampled_from(sorted(TEXTS))))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p and p[:2] != ("scenario", "map")]
        outside = [p for p in paths if p[0] != "scenario"]
        path = draw(st.sampled_from(outside if draw(st.integers(0, 4)) else paths))
        parent = _parent(data, path)
        kind = draw(st.sampled_from(["set", "set", "word", "word", "delete", "add", "check"]))
        if kind == "set":
            parent[path[-1]] = draw(HOSTILE)
        elif kind == "word":
            parent[path[-1]] = draw(st.sampled_from(WORDS))
        elif kind == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif kind == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from([*WORDS, *CHECKS, "needs", "back_to", "example", "kind"]))] = \
                draw(st.one_of(HOSTILE, st.sampled_from(WORDS)))
        elif kind == "check" and isinstance(data.get("steps"), list) and data["steps"]:
            step = draw(st.sampled_from(data["steps"]))
            if isinstance(step, dict):
                name = draw(st.sampled_from(sorted(CHECKS)))
                value = draw(st.one_of(st.sampled_from(WORDS), HOSTILE,
                                       st.dictionaries(st.sampled_from(WORDS), st.sampled_from(WORDS), max_size=3)))
                step[draw(st.sampled_from(["check", "needs"]))] = {name: copy.deepcopy(value)}
    return data


@st.composite
def with_example(draw: st.DrawFn) -> dict[str, Any]:
    """A shipped lesson one of whose steps gives as its example any action of its ruleset, with up to four of
    that action's fields set to hostile values or names."""
    import dataclasses

    from game.rules.base import find_ruleset

    data = shipped(draw(st.sampled_from(sorted(TEXTS))))
    ruleset = find_ruleset(data["scenario"]["ruleset"])
    kind = draw(st.sampled_from(sorted(ruleset.actions)))
    fields = [f.name for f in dataclasses.fields(ruleset.actions[kind]) if f.name != "actor"]
    example: dict[str, Any] = {"type": kind}
    for name in draw(st.lists(st.sampled_from(fields), max_size=4, unique=True)) if fields else []:
        example[name] = draw(st.one_of(HOSTILE, st.sampled_from(WORDS), st.lists(st.integers(-3, 12), max_size=3)))
    data["steps"][draw(st.integers(0, len(data["steps"]) - 1))]["example"] = example
    return data


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    yield from scratch_folder("clinch-lessons-")


def _usable(lesson: Any) -> None:
    """A lesson the loader let through can be played: its battle starts, every check and need reads it (with
    a log entry to read), every example is an action of its ruleset that the rules can judge, a run observes."""
    from game.rules.base import find_ruleset

    battle = lesson.battle()
    ruleset = find_ruleset(battle.ruleset)
    battle.log.append({"intent": {"actor": lesson.learner, "type": "wait"},
                       "events": [{"type": "damage", "target": lesson.learner, "injury": 1}]})
    for step in lesson.steps:
        for table in (step.check, step.needs):
            if table:
                check_met(table, battle, 0, lesson.learner)
        if step.example:
            lesson.example_action(step).check(battle)
    ruleset.legal_actions(battle, lesson.learner)
    LessonRun(lesson, battle).observe(battle)


def _loads_or_refuses(path: Path) -> None:
    try:
        lesson = load_lesson(path)
    except LessonError as exc:
        message = str(exc)
        assert "\n" not in message and message.startswith(str(path)), message
        return
    _usable(lesson)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutated())
def test_mutated_lessons_load_or_are_refused(scratch: Path, data: dict[str, Any]) -> None:
    """A mutated lesson is one the game can play or one sentence naming it; never another exception (the Learn
    menu catches only ``LessonError``)."""
    _loads_or_refuses(write(scratch, data))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(with_example())
def test_any_action_as_an_example_loads_or_is_refused(scratch: Path, data: dict[str, Any]) -> None:
    """An example of any action type with hostile field values: refused in one sentence, or one the rules can
    judge (a d20 facing of "" loaded and then made the action's check raise)."""
    _loads_or_refuses(write(scratch, data))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(sorted(TEXTS)), st.data())
def test_random_bytes_in_a_lesson(scratch: Path, name: str, data: st.DataObject) -> None:
    """Random bytes spliced into a shipped lesson: a lesson or one sentence, never a traceback."""
    raw = TEXTS[name].replace('map = "../', f'map = "{LESSONS_DIR.parent}/').encode()
    at = data.draw(st.integers(0, len(raw) - 1))
    junk = data.draw(st.binary(min_size=1, max_size=32))
    _loads_or_refuses(write(scratch, raw[:at] + junk + raw[at + len(junk):]))
