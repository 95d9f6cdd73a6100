"""Where the turn controller's steps get their dice, and the replay of a saved log.

Each step the controller runs (see ``game.flow.steps``) asks its source for a
:class:`~game.dice.Dice`; the source also says what to write as the log
entry's ``source`` and, for a replay, checks the entry the step wrote against
the saved one. They live apart from ``game.flow.turns`` so that ``game.files.saves`` can
replay a log through a public :class:`LogReplay` and the controller stays
short; nothing here imports pygame.

- :class:`SeededSource`: the battle's own generator (``Battle.rng``).
- :class:`ScriptedSource`: one stream of faces shared by every step (tests).
- :class:`ManualSource`: the player enters faces (steps pause with a request).
- :class:`OnceSource`: faces given to ``apply(intent, faces)`` for that intent only.
- :class:`ChosenSource` and :class:`PrefixedDice`: an intent played again
  after the player chose a result, on exactly the faces its roll used.
- :class:`LogReplay`: a saved log's dice fed back step by step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.dice import DiceError, ManualDice, ScriptedDice, SeededDice

if TYPE_CHECKING:
    from game.dice import Dice
    from game.flow.steps import Step
    from game.model import Battle

__all__ = [
    "StepSource", "SeededSource", "ScriptedSource", "ManualSource", "OnceSource", "PrefixedDice", "ChosenSource",
    "LogReplay", "ReplayDiverged", "step_matches", "brief",
]


class ReplayDiverged(RuntimeError):
    """Replaying a log gave a different battle from the one that was logged."""

    def __init__(self, index: int, text: str):
        super().__init__(f"log entry {index}: {text}")
        self.index = index
        self.text = text


class StepSource:
    """Gives each step its dice and says what to write as the entry's ``source``."""

    name = "seeded"

    def dice_for(self, step: Step, index: int, work: Battle) -> Dice:
        raise NotImplementedError

    def committed(self, dice: Dice) -> None:
        """The step that rolled ``dice`` was kept (a scripted stream moves past its faces)."""

    def check(self, index: int, entry: dict[str, Any] | None, step: Step) -> None:
        """A replay compares the entry a step wrote (None: it wrote nothing) with the saved one."""

    def entry_source(self) -> str:
        """What the log entry's ``source`` says: this source's name (a replay keeps the saved entry's)."""
        return self.name

    def snapshot(self) -> Any:
        """What undo must keep to put this source back where it was (a scripted stream's position)."""
        return None

    def restore(self, state: Any) -> None:
        pass

    def rest_after(self, n: int, step: Step, index: int, work: Battle) -> Dice:
        """The dice this source gives a step after the ``n`` faces it gave it already (see :class:`ChosenSource`)."""
        return self.dice_for(step, index, work)


class SeededSource(StepSource):
    name = "seeded"

    def dice_for(self, step: Step, index: int, work: Battle) -> Dice:
        return SeededDice(work.rng)

    def rest_after(self, n: int, step: Step, index: int, work: Battle) -> Dice:
        return SeededDice(work.rng)  # PrefixedDice.bind moves the counter past the n faces


class ScriptedSource(StepSource):
    """One stream of faces shared by every step (tests)."""

    name = "scripted"

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)
        self.position = 0

    def dice_for(self, step: Step, index: int, work: Battle) -> Dice:
        return ScriptedDice(self.faces[self.position:])

    def committed(self, dice: Dice) -> None:
        self.position += len(dice.used)

    def snapshot(self) -> Any:
        return self.position

    def restore(self, state: Any) -> None:
        self.position = state

    def rest_after(self, n: int, step: Step, index: int, work: Battle) -> Dice:
        return ScriptedDice(self.faces[self.position + n:])

    @property
    def left(self) -> list[int]:
        return self.faces[self.position:]


class ManualSource(StepSource):
    name = "manual"

    def dice_for(self, step: Step, index: int, work: Battle) -> Dice:
        return ManualDice()


class OnceSource(StepSource):
    """Faces given to ``apply(intent, faces)`` for the intent step only."""

    name = "scripted"

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def dice_for(self, step: Step, index: int, work: Battle) -> Dice:
        return ScriptedDice(list(self.faces))

    def rest_after(self, n: int, step: Step, index: int, work: Battle) -> Dice:
        return ScriptedDice(list(self.faces[n:]))


class PrefixedDice:
    """Dice for a step played again after a choice: the recorded ``faces`` first, then ``rest``.

    ``rest`` is the step's own source positioned after those faces; with
    seeded dice :meth:`bind` also moves the battle's counter past them, so
    the step's entry is exactly what the seeded source gives (and replays as
    such).
    """

    def __init__(self, faces: list[int], rest: Dice) -> None:
        self.faces = list(faces)
        self.position = 0
        self.rest = rest

    @property
    def used(self) -> list[int]:
        return self.faces[:self.position] + list(self.rest.used)

    @property
    def given(self) -> list[int]:
        """Every face known so far (the recorded ones and any the player gave): for a manual-dice pause."""
        return self.faces + (list(self.rest.faces) if isinstance(self.rest, ManualDice) else [])

    def bind(self, work: Battle) -> None:
        if isinstance(self.rest, SeededDice):
            self.rest.state = work.rng
            work.rng.counter += len(self.faces)

    def roll(self, count: int, sides: int, purpose: str = "", rule: str = "") -> list[int]:
        out: list[int] = []
        while len(out) < count and self.position < len(self.faces):
            face = self.faces[self.position]
            if not 1 <= face <= sides:
                raise DiceError(f"the recorded face {face} does not fit a d{sides}"
                                + (f" (rolled for {purpose})" if purpose else ""))
            out.append(face)
            self.position += 1
        if len(out) < count:
            out += self.rest.roll(count - len(out), sides, purpose, rule)
        return out


class ChosenSource(StepSource):
    """The source of the intent a choice paused on, for the intent picked: the same faces, then more."""

    def __init__(self, source: StepSource, faces: list[int]) -> None:
        self.source = source
        self.faces = list(faces)
        self.name = source.name

    def dice_for(self, step: Step, index: int, work: Battle) -> Dice:
        return PrefixedDice(self.faces, self.source.rest_after(len(self.faces), step, index, work))  # type: ignore[return-value]

    def committed(self, dice: Dice) -> None:
        self.source.committed(dice)


def step_matches(entry: dict[str, Any], step: Step) -> bool:
    """Whether a saved log entry is the one ``step`` writes: same kind, same intent or fighter."""
    if entry.get("step", "intent" if "intent" in entry else None) != step.kind:
        return False
    intent = step.intent
    if intent is not None:
        return entry.get("intent") == intent.to_dict()
    return entry.get("fighter") == step.logged_fighter


def brief(entry: dict[str, Any]) -> str:
    """A log entry in a few words, for a sentence (an undo refusal, a replay that diverged)."""
    if "intent" in entry:
        return f"the action {entry['intent']}"
    return f"a {entry.get('step')} entry"


class LogReplay(StepSource):
    """Feeds a saved log's dice back, step by step, and checks each new entry against the saved one.

    The entry a step will write is ``log[len(battle.log)]``; a step that wrote
    nothing last time gets no dice (if it rolls now, the replay diverged).
    Past the end of the log, steps get manual dice, so a battle saved while it
    waited for the player's dice pauses at the same place.
    """

    name = "replay"

    def __init__(self, log: list[dict[str, Any]]) -> None:
        self.log = log
        self.expect: dict[str, Any] | None = None

    def dice_for(self, step: Step, index: int, work: Battle) -> Dice:
        self.expect = None
        if index >= len(self.log):
            return ManualDice()
        entry = self.log[index]
        if not step_matches(entry, step):
            return ScriptedDice([])
        self.expect = entry
        if entry.get("source") == "seeded":
            return SeededDice(work.rng)
        return ScriptedDice(list(entry.get("dice", [])))

    def entry_source(self) -> str:
        return (self.expect or {}).get("source", "scripted")

    def check(self, index: int, entry: dict[str, Any] | None, step: Step) -> None:
        expect, self.expect = self.expect, None
        if entry is None:
            if expect is not None:
                raise ReplayDiverged(index, f"the {step.kind} step logged {brief(expect)} but now gives nothing")
            return
        if expect is None:
            raise ReplayDiverged(index, f"the {step.kind} step now gives {brief(entry)}, which the log does not have")
        mine = dict(entry)
        mine.pop("source", None)
        theirs = dict(expect)
        theirs.pop("source", None)
        if mine != theirs:
            raise ReplayDiverged(index, f"the {step.kind} step gives different dice or events from the log's")
