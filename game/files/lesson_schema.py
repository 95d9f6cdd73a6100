"""The bounded shape of a lesson file (``maps/lessons/*.toml``) and the names in it checked against its battle.

A lesson file is data a teacher writes by hand, so it is read as every user file is: first its shape, every
field typed and every text and list bounded by the msgspec structs here (the way ``game.files.scenarios`` reads a
scenario), then each name it uses against the lesson's own battle and ruleset: the fighters its steps, checks
and grips name exist, ``tried`` and an example's ``type`` are actions of the ruleset, a posture, a condition,
an item, a grip's kind and location are ones the ruleset has. A typo (``tried = 5``, ``type = "teleport"``,
``is = "levitating"``) is then one sentence at load naming the file and the field, never a traceback in
``clinch check-lesson`` or the Learn menu, and never a step no learner can meet. No pygame.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any

import msgspec

from game.files.scenario_types import MAX_ARMS, MAX_NAME
from game.files.situation import GRAPPLE_KINDS, GRAPPLE_LOCATIONS
from game.model import POSTURES, Battle

if TYPE_CHECKING:
    from game.rules.base import Ruleset

__all__ = ["LessonSpec", "HeadSpec", "StepSpec", "GripSpec", "CHECK_TYPES", "FOES", "Scalar", "ExampleValue",
           "MAX_STEPS", "MAX_GRIPS", "checks_from", "plain_value", "check_names", "check_shows", "grips_as_data", "grip_locations",
           "grip_kinds", "postures_of", "conditions_of"]

#: a lesson of more steps than this is several lessons (the shipped ones have one or two)
MAX_STEPS = 40
#: grips in force when a lesson starts: a few fighters hold each other at most
MAX_GRIPS = 8
#: keys of an example, an ``event`` or ``counter`` check, action types a ``tried`` lists
MAX_KEYS = 16
#: who the other side is: "still" waits every turn, "computer" fights back
FOES = ("still", "computer")
#: a lesson's prompts and the sentences said about a step (the card wraps them)
MAX_WORDS = 600

#: a fighter id, an action type, a posture, a condition, an item: a name, bounded as a scenario bounds its ids
Word = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
#: the lesson's own id (the key in the progress file)
LessonId = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
#: a sentence on the card
Words = Annotated[str, msgspec.Meta(max_length=MAX_WORDS)]
#: a value a check compares with the battle (an event's field, a counter): plain and bounded
Scalar = bool | Annotated[int, msgspec.Meta(ge=-(2**53), le=2**53)] | float | \
    Annotated[str, msgspec.Meta(max_length=MAX_NAME)]
#: a table of such values (an ``event`` or ``counter`` check; each value typed on its own, so that the message
#: names its key)
Fields = Annotated[dict[Word, Any], msgspec.Meta(min_length=1, max_length=MAX_KEYS)]
#: an example's value: a plain value or a short list of them (targets, a hex, a path of hexes)
ExampleValue = Scalar | Annotated[list[Scalar | Annotated[list[int], msgspec.Meta(max_length=2)]],
                                  msgspec.Meta(max_length=MAX_KEYS)]


class HeadSpec(msgspec.Struct, forbid_unknown_fields=True):
    """The ``[lesson]`` table."""

    id: LessonId
    title: Annotated[str, msgspec.Meta(min_length=1, max_length=80)]
    learner: Word
    order: Annotated[int, msgspec.Meta(ge=0, le=999)] = 0
    teaches: Words = ""
    #: "still" or "computer" (:data:`FOES`), checked by :func:`check_names` so the message lists them
    foe: Any = "still"


class GripSpec(msgspec.Struct, forbid_unknown_fields=True):
    """One ``[[grapples]]`` entry: a grip in force when the lesson starts (hands: the ruleset's default)."""

    holder: Word
    target: Word
    location: Word = "torso"
    kind: Word = "grapple"
    hands: Annotated[int, msgspec.Meta(ge=0, le=MAX_ARMS)] | None = None


class StepSpec(msgspec.Struct, forbid_unknown_fields=True):
    """One ``[[steps]]`` entry; its ``check`` and ``needs`` are read by :func:`checks_from` once their names
    are known to be checks (so that a wrong one is named as such)."""

    prompt: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_WORDS)]
    check: Annotated[dict[str, Any], msgspec.Meta(max_length=MAX_KEYS)]
    how: Words = ""
    done: Words = ""
    retry: Words = ""
    wrong: Words = ""
    lost: Words = ""
    example: Annotated[dict[Word, Any], msgspec.Meta(max_length=MAX_KEYS)] = {}
    needs: Annotated[dict[str, Any], msgspec.Meta(max_length=MAX_KEYS)] = {}
    back_to: Annotated[int, msgspec.Meta(ge=0, le=MAX_STEPS)] = 0
    #: the foe's answer once the check is met (an action as a situation writes it, its ``actor`` a fighter of
    #: the other side): the lesson plays out what the step taught (the held foe tries to break free, the
    #: charger runs into the set spear) before it goes on
    reply: Annotated[dict[Word, Any], msgspec.Meta(max_length=MAX_KEYS)] = {}
    #: the consequence to see before the step counts (a check table; with a ``reply`` and no ``shows``: the
    #: reply played)
    shows: Annotated[dict[str, Any], msgspec.Meta(max_length=MAX_KEYS)] = {}
    #: a check that makes the reply moot (an Escape ended the grapple it answers): the step counts then too
    moot: Annotated[dict[str, Any], msgspec.Meta(max_length=MAX_KEYS)] = {}
    #: said once the consequence is seen: what it showed
    shown: Words = ""


class LessonSpec(msgspec.Struct, forbid_unknown_fields=True):
    """A whole lesson file; ``scenario`` is a scenario table, checked as a scenario file is (``game.files.scenarios``)."""

    lesson: HeadSpec
    scenario: dict[str, Any]
    steps: Annotated[list[StepSpec], msgspec.Meta(min_length=1, max_length=MAX_STEPS)]
    grapples: Annotated[list[GripSpec], msgspec.Meta(max_length=MAX_GRIPS)] = []


class _Grip(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A ``grip`` / ``no_grip`` check: the fields of a grip in force it compares (those given)."""

    holder: Word | None = None
    target: Word | None = None
    location: Word | None = None
    kind: Word | None = None
    hands: Annotated[int, msgspec.Meta(ge=0, le=MAX_ARMS)] | None = None


class _Posture(msgspec.Struct, forbid_unknown_fields=True):
    fighter: Word
    is_: Word = msgspec.field(name="is")


class _Condition(msgspec.Struct, forbid_unknown_fields=True):
    fighter: Word
    has: Word


class _Holds(msgspec.Struct, forbid_unknown_fields=True):
    fighter: Word
    item: Word


#: each check a step may name (``game.teaching.lessons.CHECKS`` holds what each tests) -> the type of its value
CHECK_TYPES: dict[str, Any] = {
    "grip": _Grip,
    "no_grip": _Grip,
    "posture": _Posture,
    "condition": _Condition,
    "tried": Word | Annotated[list[Word], msgspec.Meta(min_length=1, max_length=MAX_KEYS)],
    "event": Fields,
    "hurt": Word,
    "counter": Fields,
    "holds": _Holds,
    "ended": bool,
}

_CHECKS = msgspec.defstruct("Checks", [(name, kind | None, None) for name, kind in CHECK_TYPES.items()],
                            forbid_unknown_fields=True, omit_defaults=True)


def checks_from(table: dict[str, Any], where: str, convert: Any, fail: Any) -> dict[str, Any]:
    """A step's ``check`` or ``needs`` table typed (``convert(value, type, field)``): each name a check,
    each value of its check's type; as plain data (``{"posture": {"fighter": "bob", "is": "prone"}}``)."""
    for name, value in table.items():
        if name not in CHECK_TYPES:
            raise fail(f"{where}.{name}", f"not a check; one of {', '.join(CHECK_TYPES)}")
        if name == "tried" and not isinstance(value, str | list):
            got = "a table" if isinstance(value, dict) else repr(value)
            raise fail(f"{where}.tried", f"expected an action type or a list of them, got {got}")
    out = msgspec.to_builtins(convert(table, _CHECKS, where))
    if not out:
        raise fail(where, f"expected a table of one or more checks ({', '.join(CHECK_TYPES)})")
    for name in ("event", "counter"):
        for key, value in out.get(name, {}).items():
            out[name][key] = plain_value(value, Scalar, f"{where}.{name}.{key}", convert, fail)
    return out


def plain_value(value: Any, kind: Any, at: str, convert: Any, fail: Any) -> Any:
    """One value of a table whose keys are free (an event's fields, a counter, an example) as ``kind``: text,
    a number or true/false (an example's may be a short list of them), with the key in the message."""
    if isinstance(value, dict) or (isinstance(value, list) and kind is Scalar):
        got = "a table" if isinstance(value, dict) else "a list"
        raise fail(at, f"expected text, a number or true/false, got {got}")
    return convert(value, kind, at)


# -- the names, against the lesson's battle and ruleset --------------------------------------------------

def grip_kinds(ruleset: Ruleset) -> set[str]:
    """The grip kinds a ruleset has: the common ones and its own (as situations read them)."""
    return set(GRAPPLE_KINDS) | set(ruleset.grapple_kinds)


def grip_locations(ruleset: Ruleset) -> set[str]:
    """Where a grip may hold: the body parts situations name, the ruleset's own, its items."""
    return set(GRAPPLE_LOCATIONS) | set(ruleset.grapple_locations) | set(ruleset.items)


def postures_of(ruleset: Ruleset) -> tuple[str, ...]:
    """The postures a fighter of this ruleset can be in: those its translation declares when it has fewer than
    all (standing and prone only, say: a check for a kneeling fighter there could never be met), else all."""
    translation = ruleset.translation()
    own = translation.postures if translation is not None else None
    return tuple(own) if own else POSTURES


def conditions_of(ruleset: Ruleset) -> set[str]:
    """The conditions the ruleset's rules can give a fighter (its declared ones and its brawl's)."""
    out = set(ruleset.conditions) | set(ruleset.presentation.condition_names)
    if ruleset.presentation.brawl_condition:
        out.add(ruleset.presentation.brawl_condition)
    return out


def _choices(words: set[str] | tuple[str, ...], limit: int = 12) -> str:
    ordered = sorted(words) if isinstance(words, set) else list(words)
    shown = ", ".join(ordered[:limit])
    return shown + (f" and {len(ordered) - limit} more" if len(ordered) > limit else "")


class _Names:
    """Says whether each name a lesson uses is one its battle and ruleset have (``fail(field, problem)``
    makes the one sentence)."""

    def __init__(self, battle: Battle, ruleset: Ruleset, learner: str, fail: Any, convert: Any) -> None:
        self.battle = battle
        self.ruleset = ruleset
        self.learner = learner
        self.fail = fail
        self.convert = convert
        self.fighters = {f.id for f in battle.fighters}

    def fighter(self, where: str, who: Any) -> None:
        if not isinstance(who, str) or who not in self.fighters:
            raise self.fail(where, f"no fighter {who!r} in this lesson (fighters: {_choices(self.fighters)})")

    def one_of(self, where: str, value: Any, words: set[str] | tuple[str, ...], what: str) -> None:
        if not isinstance(value, str) or value not in words:
            raise self.fail(where, f"{value!r} is not {what} of {self.ruleset.id} (one of {_choices(words)})")

    def action_type(self, where: str, kind: Any) -> None:
        self.one_of(where, kind, set(self.ruleset.actions), "an action")

    def grip(self, where: str, want: dict[str, Any]) -> None:
        for key in ("holder", "target"):
            if key in want:
                self.fighter(f"{where}.{key}", want[key])
        if "kind" in want:
            self.one_of(f"{where}.kind", want["kind"], grip_kinds(self.ruleset), "a grip")
        if "location" in want:
            self.one_of(f"{where}.location", want["location"], grip_locations(self.ruleset), "a place to grip")

    def table(self, where: str, checks: dict[str, Any]) -> None:
        """Every name a ``check`` or ``needs`` table uses."""
        for name, want in checks.items():
            at = f"{where}.{name}"
            if name in ("grip", "no_grip"):
                self.grip(at, want)
            elif name == "tried":
                for i, kind in enumerate([want] if isinstance(want, str) else want):
                    self.action_type(at if isinstance(want, str) else f"{at}[{i}]", kind)
            elif name == "hurt":
                self.fighter(at, want)
            elif name == "event":
                self.event(at, want)
            elif name == "ended":
                continue
            else:  # posture, condition, counter, holds: a fighter and what it is, has or holds
                if "fighter" not in want:  # the others' structs require it; a counter's keys are free
                    raise self.fail(f"{at}.fighter", "is missing: the fighter whose counters to read")
                self.fighter(f"{at}.fighter", want["fighter"])
                self.about(at, name, want)

    def about(self, at: str, name: str, want: dict[str, Any]) -> None:
        if name == "posture":
            self.one_of(f"{at}.is", want["is"], postures_of(self.ruleset), "a posture")
        elif name == "condition":
            self.one_of(f"{at}.has", want["has"], conditions_of(self.ruleset), "a condition")
        elif name == "holds" and self.ruleset.items:
            self.one_of(f"{at}.item", want["item"], set(self.ruleset.items), "an item")

    def event(self, at: str, want: dict[str, Any]) -> None:
        """An event check names its event's type; the fighters it names exist."""
        if not isinstance(want.get("type"), str) or not want["type"]:
            raise self.fail(f"{at}.type", "is missing: the type of event to look for (damage, roll...)")
        for key in ("actor", "target", "holder", "fighter"):
            if key in want:
                self.fighter(f"{at}.{key}", want[key])

    def reply(self, where: str, reply: dict[str, Any]) -> None:
        """A step's reply is an action of the ruleset a fighter of the learner's foes could take, checked as an
        example is (its fields, the fighters and places it names)."""
        actor = reply.get("actor")
        if actor is None:
            raise self.fail(f"{where}.actor", "is missing: the foe who answers")
        self.fighter(f"{where}.actor", actor)
        if self.battle.fighter(actor).side == self.battle.fighter(self.learner).side:
            raise self.fail(f"{where}.actor", f"{actor!r} is on the learner's side; the reply is a foe's")
        self.example(where, {k: v for k, v in reply.items() if k != "actor"}, actor=actor)

    def example(self, where: str, example: dict[str, Any], actor: str | None = None) -> None:
        """A step's example is an action of the ruleset the learner (or ``actor``) could take: its type, its
        fields, the fighters, places and hands it names."""
        if not example:
            return
        if "type" not in example:
            raise self.fail(f"{where}.type", "is missing: an example is one action, as a situation writes it")
        self.action_type(f"{where}.type", example["type"])
        who = actor or self.learner
        try:
            action = self.ruleset.action_from_dict({"actor": who, **example})
        except (ValueError, TypeError) as exc:
            field, _, problem = str(exc).partition(": ")
            raise self.fail(f"{where}.{field}" if problem else where, problem or str(exc)) from None
        try:  # each field of the type the action declares (a facing of "" made the rules' check raise)
            msgspec.convert({"actor": who, **{k: v for k, v in example.items() if k != "type"}},
                            type(action))
        except msgspec.ValidationError:
            self.convert({k: v for k, v in example.items() if k != "type"}, type(action), where)
        except (TypeError, ValueError, NameError):
            pass  # annotations msgspec cannot read: the action's own check decides, as for a situation's
        for key, value in example.items():
            self.example_value(f"{where}.{key}", key, value, who)

    def example_value(self, at: str, key: str, value: Any, who: str) -> None:
        if key in ("actor", "target"):
            self.fighter(at, value)
        elif key == "targets":
            for i, who in enumerate(value if isinstance(value, list) else [value]):
                self.fighter(f"{at}[{i}]", who)
        elif key == "location":
            self.one_of(at, value, grip_locations(self.ruleset), "a place to grip")
        elif key == "posture":
            self.one_of(at, value, postures_of(self.ruleset), "a posture")
        elif key == "hands":
            arms = self.battle.fighter(who).arms
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= arms:
                raise self.fail(at, f"expected 0 to {arms} ({who} has {arms} arms), got {value!r}")


def check_names(spec: LessonSpec, steps: list[tuple[dict[str, Any], dict[str, Any]]], battle: Battle,
                ruleset: Ruleset, fail: Any, convert: Any) -> None:
    """Every name the lesson uses is one its battle and ruleset have (``steps``: each step's typed check and
    needs), every example's field of its action's type; the first that is not raises ``fail(field, problem)``
    (``convert(value, type, field)`` for a type)."""
    learner, foe = spec.lesson.learner, spec.lesson.foe
    if not isinstance(foe, str) or foe not in FOES:
        got = repr(foe) if isinstance(foe, str | int | float) else f"a {'list' if isinstance(foe, list) else 'table'}"
        raise fail("lesson.foe", f"must be one of {', '.join(FOES)}, got {got}")
    names = _Names(battle, ruleset, learner, fail, convert)
    if learner not in names.fighters:
        raise fail("lesson.learner", f"no fighter {learner!r} in the scenario")
    _check_grips(spec.grapples, names, battle, ruleset, fail)
    for i, (step, (check, needs)) in enumerate(zip(spec.steps, steps, strict=True)):
        where = f"steps[{i}]"
        names.table(f"{where}.check", check)
        if step.back_to and not needs:
            raise fail(f"{where}.back_to", "goes with 'needs' (what must still hold while the step is tried)")
        if needs:
            names.table(f"{where}.needs", needs)
            if not 1 <= step.back_to <= i:
                raise fail(f"{where}.back_to", f"the step to go back to when 'needs' stops holding, 1 to {i}, "
                                               f"got {step.back_to!r}")
        names.example(f"{where}.example", step.example)
        if step.reply:
            names.reply(f"{where}.reply", step.reply)
        if step.moot and not step.reply:
            raise fail(f"{where}.moot", "goes with 'reply' (what makes the foe's reply moot)")


def check_shows(shows: list[dict[str, dict[str, Any]]], battle: Battle, ruleset: Ruleset, *, head_learner: str,
                fail: Any, convert: Any) -> None:
    """Every name each step's typed ``shows`` and ``moot`` tables use (the consequence it waits to see) is one
    the battle and ruleset have, as a ``check`` table's are."""
    names = _Names(battle, ruleset, head_learner, fail, convert)
    for i, tables in enumerate(shows):
        for name, table in tables.items():
            if table:
                names.table(f"steps[{i}].{name}", table)


def _check_grips(grips: list[GripSpec], names: _Names, battle: Battle, ruleset: Ruleset, fail: Any) -> None:
    """The grips in force at the start: fighters of the lesson, not oneself, a kind and a place the ruleset
    has, no more hands than the holder has free."""
    used: dict[str, int] = {}
    for i, g in enumerate(grips):
        at = f"grapples[{i}]"
        names.fighter(f"{at}.holder", g.holder)
        names.fighter(f"{at}.target", g.target)
        if g.holder == g.target:
            raise fail(f"{at}.target", f"{g.holder!r} cannot hold themselves")
        names.one_of(f"{at}.kind", g.kind, grip_kinds(ruleset), "a grip")
        names.one_of(f"{at}.location", g.location, grip_locations(ruleset), "a place to grip")
        holder = battle.fighter(g.holder)
        free = len(holder.free_hands())
        used[g.holder] = used.get(g.holder, 0) + (ruleset.grip_hands_default if g.hands is None else g.hands)
        if used[g.holder] > free:
            raise fail(f"{at}.hands", f"{g.holder!r} has {free} free hand{'' if free == 1 else 's'} but the "
                                      f"grips would use {used[g.holder]}")


def grips_as_data(grips: list[GripSpec], ruleset: Ruleset) -> Iterator[dict[str, Any]]:
    """The checked grips as the plain tables ``Lesson.grapples`` keeps, every field given."""
    for g in grips:
        yield {"holder": g.holder, "target": g.target, "location": g.location, "kind": g.kind,
               "hands": ruleset.grip_hands_default if g.hands is None else g.hands}
