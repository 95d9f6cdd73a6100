"""The turn controller's queue of steps and how one step runs: its dice, its play, its log entry.

:class:`StepQueue` runs the steps of ``game.flow.steps`` until the controller
waits for an intent, needs the player's dice, or the player's choice. For one
step (:meth:`StepQueue.step`): the dice source gives its dice; the step plays
on a clean copy of the battle whenever it may pause (manual dice, an intent
that asks), so a pause leaves the battle untouched and the step runs again
from the start with the faces given so far; then the copy is taken over, the
source is told, and the log entry is written (a replay checks it against the
saved one). When the battle is over the queue becomes any pending end of
phase, then :class:`~game.flow.steps.BattleEnd`. Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.dice import DiceError, DiceNeeded, DiceRequest, ManualDice, SeededDice
from game.flow.sources import LogReplay, PrefixedDice, ReplayDiverged, SeededSource
from game.flow.steps import BattleEnd, EndPhase, IntentStep, log_entry, policy_step
from game.flow.undo import assign_battle
from game.rules.base import ChoiceNeeded

if TYPE_CHECKING:
    from game.flow.sources import StepSource
    from game.flow.steps import Step, TurnFlow
    from game.model import Battle

__all__ = ["StepQueue", "Paused", "OpenChoice"]

Entry = dict[str, Any]


@dataclass
class Paused:
    """A step waiting for the player's dice: the step, the faces it had so far, and what it asks for."""

    step: Step
    faces: list[int]
    request: DiceRequest


@dataclass
class OpenChoice:
    """An open choice: the asking intent's step, the faces its roll used, the request, the source that rolled."""

    step: Step
    faces: list[int]
    request: ChoiceNeeded
    source: StepSource


class StepQueue:
    """The steps still to run for one battle, the dice source, and what the queue is paused on."""

    def __init__(self, battle: Battle, flow: TurnFlow) -> None:
        self.battle = battle
        self.flow = flow
        self.source: StepSource = SeededSource()
        self.agenda: list[Step] = []
        self.pending: Paused | None = None
        self.choice: OpenChoice | None = None

    def run(self, agenda: list[Step], *, once: StepSource | None = None, manual_faces: list[int] | None = None
            ) -> tuple[list[Entry], DiceRequest | OpenChoice | None]:
        """Run ``agenda`` then the steps already queued: the entries logged, and what stopped it (None: done).

        ``once`` gives the dice of an intent step (faces given with the
        intent, or the faces of a choice); ``manual_faces`` go to the first
        step, resumed after a pause for the player's dice.
        """
        self.agenda = list(agenda) + self.agenda
        entries: list[Entry] = []
        while self.agenda:
            step = self.agenda.pop(0)
            source = once if (once is not None and isinstance(step, IntentStep)) else self.source
            outcome = self.step(step, source, manual_faces)
            manual_faces = None
            if isinstance(outcome, OpenChoice):
                self.choice = outcome
                return entries, outcome
            if isinstance(outcome, DiceRequest):
                return entries, outcome
            entry, follow = outcome
            if entry is not None:
                entries.append(entry)
            self.agenda[:0] = follow
            if not self.battle.ended and not isinstance(step, BattleEnd):
                self._end_if_over(step)
        return entries, None

    def _end_if_over(self, step: Step) -> None:
        """When the battle is over, the queue becomes: any pending end of phase, then the battle's end."""
        over = self.flow.battle_over(self.battle)
        if over is None:
            return
        # A pending end_phase still runs first: simultaneous damage
        # held back for the end of a number (GX-4) must land.
        pending = [s for s in self.agenda if isinstance(s, EndPhase)]
        current = policy_step(self.battle)
        if not pending and current is not None and not isinstance(step, EndPhase):
            pending = [EndPhase(current)]
        self.agenda = pending + [BattleEnd(over[0], over[1])]

    def step(self, step: Step, source: StepSource, manual_faces: list[int] | None
             ) -> DiceRequest | OpenChoice | tuple[Entry | None, list[Step]]:
        """One step: its dice, ``step.play`` (on a copy when it may pause), its log entry; or why it paused."""
        index = len(self.battle.log)
        dice = source.dice_for(step, index, self.battle)
        if manual_faces is not None and isinstance(dice, ManualDice):
            dice.give(manual_faces)
        # on a copy whenever the step may pause: manual dice, or an intent that may ask for a choice
        pausable = isinstance(dice, ManualDice) or (isinstance(step, IntentStep) and step.asks) or (
            isinstance(dice, PrefixedDice) and isinstance(dice.rest, ManualDice))
        work = self.battle.clone(with_log=False) if pausable else self.battle
        if isinstance(dice, SeededDice):
            dice.state = work.rng
        elif isinstance(dice, PrefixedDice):
            dice.bind(work)
        try:
            events, follow = step.play(self.flow, work, dice)
        except DiceNeeded as exc:
            got = dice.given if isinstance(dice, PrefixedDice) else list(dice.faces) if isinstance(dice, ManualDice) \
                else []
            self.pending = Paused(step, got, exc.request)
            return exc.request
        except ChoiceNeeded as exc:
            if work is self.battle:
                raise  # only an intent that asks may be answered with a choice (a ruleset bug otherwise)
            return OpenChoice(step, list(dice.used), exc, source)
        except DiceError as exc:
            if isinstance(source, LogReplay):
                raise ReplayDiverged(index, f"the {step.kind} step needs dice the log does not have ({exc})") from None
            raise
        if work is not self.battle:
            assign_battle(self.battle, work)
        source.committed(dice)
        entry = log_entry(step, self.battle, dice, events, source.entry_source())
        source.check(index, entry, step)
        if entry is not None:
            self.battle.log.append(entry)
        return entry, follow
