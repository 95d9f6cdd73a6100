"""The turn controller's steps: small typed records, each playing itself on a battle.

Between two intents the controller (``game.flow.turns``) runs a queue of steps.
A clicked intent becomes an :class:`IntentStep`; playing it resolves the
intent (its events) and, unless it was a free action, queues
:class:`EndTurn` and :class:`Advance`; ``Advance`` asks the turn order who is
next and queues :class:`StartTurn` (or, at the end of a round,
:class:`EndPhase`, :class:`EndRound`, :class:`StartRound`, :class:`FirstTurn`);
:class:`BattleEnd` closes the battle. Every step's :meth:`Step.play` takes the
battle it works on and the dice, and returns its events and the steps that
follow it: the controller dispatches by the record, never by a string.

A step that rolls dice or produces events becomes a log entry (see
:func:`log_entry`); its on-disk form is unchanged since saves began: ``step``
is the record's :attr:`Step.kind` and ``fighter`` its :attr:`Step.logged_fighter`.

:class:`TurnFlow` holds what the steps need besides the battle: the
ruleset, its turn-order policy, the guard against a policy that never ends a
round, and the end-of-battle test. Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import msgspec

from game.rules.events import Resolution, effect_end, message, owned
from game.wording import verb

if TYPE_CHECKING:
    from game.dice import Dice
    from game.flow.turns import TurnSettings
    from game.model import Battle
    from game.rules.base import Action, Ruleset
    from game.rules.initiative import InitiativePolicy

Event = dict[str, Any]
Follow = tuple[list[Event], list["Step"]]

__all__ = [
    "Step", "IntentStep", "EndTurn", "Advance", "FirstTurn", "StartTurn", "EndRound", "StartRound", "EndPhase",
    "BattleEnd", "TurnFlow", "InitiativeError", "log_entry", "policy_step", "side_name", "MAX_FREE_ACTIONS",
]

#: free actions one fighter may take in a single turn before the controller ends it anyway
MAX_FREE_ACTIONS = 8


class InitiativeError(RuntimeError):
    """A turn-order policy that would never end its round (a bug in the policy, not a player error)."""


def policy_step(b: Battle) -> Any:
    """The turn order's current phase or number (``None`` for an order without phases)."""
    cur = b.state.get("initiative")
    return cur.get("step") if isinstance(cur, dict) else None


def side_name(battle: Battle, side_id: str) -> str:
    s = battle.side(side_id)
    return (s.name or s.id) if s is not None else side_id


def _canonical(value: Any) -> bytes:
    return msgspec.json.encode(value, order="sorted")


# -- the steps -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Step:
    """One piece of work between two intents; :meth:`play` does it on the battle ``b`` it is given."""

    kind: ClassVar[str] = ""

    @property
    def intent(self) -> Action | None:
        """The player's intent this step plays (only :class:`IntentStep` has one)."""
        return None

    @property
    def logged_fighter(self) -> str | None:
        """What the log entry's ``fighter`` field holds (``None``: the entry has none)."""
        return None

    def play(self, flow: TurnFlow, b: Battle, dice: Dice) -> Follow:
        """The step on battle ``b``: its events and the steps that follow it."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class IntentStep(Step):
    """A player's (or the AI's) intent, checked before it was queued."""

    kind: ClassVar[str] = "intent"
    action: Action

    @property
    def intent(self) -> Action:
        return self.action

    @property
    def asks(self) -> bool:
        """The intent asks the player to choose its result after the roll (only the UI sets ``ask``)."""
        return bool(getattr(self.action, "ask", False))

    def play(self, flow: TurnFlow, b: Battle, dice: Dice) -> Follow:
        events = list(self.action.resolve(b, dice, flow.ruleset))
        # A free action (release a grip, drop an item, face: S0-FREE-1,
        # L-4, L-5) keeps its actor's turn open; the ruleset's own checks
        # bound how many it allows (face once per turn), and a cap here
        # guards against a ruleset that forgets to.
        if self.action.free and b.current == self.action.actor:  # an intent's own (a drag on a step, S0-FREE-3)
            used = b.state.get("free_actions", 0) + 1
            if used < MAX_FREE_ACTIONS:
                b.state["free_actions"] = used
                return events, []
        b.state.pop("free_actions", None)
        return events, [EndTurn(self.action.actor), Advance()]


@dataclass(frozen=True, slots=True)
class FighterStep(Step):
    """A step of one fighter's turn; its log entry names the fighter."""

    fighter: str

    @property
    def logged_fighter(self) -> str:
        return self.fighter


def expire(res: Resolution, b: Battle, until: str, fighter: str | None = None) -> None:
    """End the effects that last ``until`` this moment (one fighter's, or everyone's)."""
    for eff in [e for e in b.effects if e["until"] == until and fighter in (None, e["fighter"])]:
        res.emit(effect_end(eff["fighter"], eff["kind"]))


@dataclass(frozen=True, slots=True)
class EndTurn(FighterStep):
    """The ruleset's end-of-turn hook, then turn-scoped effects expire and ``battle.turn`` advances."""

    kind: ClassVar[str] = "end_turn"

    def play(self, flow: TurnFlow, b: Battle, dice: Dice) -> Follow:
        fid = self.fighter
        events = list(flow.ruleset.end_turn(b, fid, dice)) if b.get(fid) is not None else []
        res = Resolution(b, dice)
        expire(res, b, "end_of_turn", fid)
        b.turn += 1
        for eff in [e for e in b.effects if e["until"] == "turns"
                    and b.turn - int(e.get("start", 0)) >= int(e.get("turns", 1))]:
            res.emit(effect_end(eff["fighter"], eff["kind"]))
        return events + res.events, []


@dataclass(frozen=True, slots=True)
class Advance(Step):
    """Ask the turn order who acts next: that fighter's turn, or the end of the round (and of a phase)."""

    kind: ClassVar[str] = "advance"

    def play(self, flow: TurnFlow, b: Battle, dice: Dice) -> Follow:
        before = policy_step(b)
        nxt = flow.pick(b, first=False)
        after = policy_step(b)
        follow: list[Step] = []
        if before is not None and (nxt is None or after != before):
            follow.append(EndPhase(before))
        follow += [EndRound(), StartRound(), FirstTurn()] if nxt is None else [StartTurn(nxt)]
        return [], follow


@dataclass(frozen=True, slots=True)
class FirstTurn(Step):
    """The first fighter of a round; a round where nobody can act goes straight to the next one."""

    kind: ClassVar[str] = "first"

    def play(self, flow: TurnFlow, b: Battle, dice: Dice) -> Follow:
        nxt = flow.pick(b, first=True)
        if nxt is None:
            flow.empty_round()
            return [], [EndRound(), StartRound(), FirstTurn()]
        flow.empty_rounds = 0
        return [], [StartTurn(nxt)]


@dataclass(frozen=True, slots=True)
class StartTurn(FighterStep):
    """A fighter's turn begins: ``next_turn`` effects expire, the ruleset's start-of-turn hook runs."""

    kind: ClassVar[str] = "start_turn"

    def play(self, flow: TurnFlow, b: Battle, dice: Dice) -> Follow:
        fid = self.fighter
        b.current = fid
        flow.count_turn(b, fid)
        res = Resolution(b, dice)
        expire(res, b, "next_turn", fid)
        events = res.events + list(flow.ruleset.start_turn(b, fid, dice))
        f = b.get(fid)
        if f is None or not flow.ruleset.can_act(b, f):
            return events, [EndTurn(fid), Advance()]
        return events, []


@dataclass(frozen=True, slots=True)
class EndRound(Step):
    """``end_of_round`` effects expire; nobody's turn; ``battle.round`` advances."""

    kind: ClassVar[str] = "end_round"

    def play(self, flow: TurnFlow, b: Battle, dice: Dice) -> Follow:
        res = Resolution(b, dice)
        expire(res, b, "end_of_round")
        b.current = None
        b.round += 1
        return res.events, []


@dataclass(frozen=True, slots=True)
class StartRound(Step):
    """A round begins: the ruleset's board upkeep (after the first round), then the turn order's start of a
    round (initiative rolls, a countdown set up)."""

    kind: ClassVar[str] = "start_round"

    def play(self, flow: TurnFlow, b: Battle, dice: Dice) -> Follow:
        # Ruleset.start_round: not for the battle's first round (no turn has been played yet)
        events = list(flow.ruleset.start_round(b, dice)) if b.turn > 0 else []
        return events + list(flow.policy.start_round(b, dice)), []


@dataclass(frozen=True, slots=True)
class EndPhase(Step):
    """The ruleset's end of one phase or number of a phased turn order (GX-4's held-back damage lands)."""

    kind: ClassVar[str] = "end_phase"
    phase: Any

    def play(self, flow: TurnFlow, b: Battle, dice: Dice) -> Follow:
        return list(flow.ruleset.end_phase(b, self.phase, dice)), []


@dataclass(frozen=True, slots=True)
class BattleEnd(Step):
    """The battle is over: ``winner`` (a side, or ``None`` for a draw) and the sentence that says why."""

    kind: ClassVar[str] = "battle_end"
    winner: str | None
    why: str

    @property
    def logged_fighter(self) -> str | None:
        # The log has always written the winning side here (the old step tuple's second item); saves keep it.
        return self.winner

    def play(self, flow: TurnFlow, b: Battle, dice: Dice) -> Follow:
        b.ended = True
        b.winner = self.winner
        return [message(self.why)], []


def log_entry(step: Step, battle: Battle, dice: Dice, events: list[Event], source: str) -> dict[str, Any] | None:
    """The log entry ``step`` writes (``None``: a step that rolled nothing and said nothing leaves none).

    ``{"step", "round", "turn", "intent" | "fighter"?, "dice", "events", "source"}``, in that order.
    """
    if step.intent is None and not events and not dice.used:
        return None
    entry: dict[str, Any] = {"step": step.kind, "round": battle.round, "turn": battle.turn}
    if step.intent is not None:
        entry["intent"] = step.intent.to_dict()
        # an intent that asked and needed no choice (edge: a negative edge buys nothing, S1-GRAPPLE-5) is logged
        # as the plain intent: a log never asks, so replays and saves stay exact
        entry["intent"].pop("ask", None)
    elif step.logged_fighter is not None:
        entry["fighter"] = step.logged_fighter
    entry["dice"] = list(dice.used)
    # The log keeps its own copy: whatever still holds the events the rules emitted (a rule's
    # local, the battle state) cannot rewrite a logged entry, and the replay of a save matches
    # its log however long the battle (issue 13).
    entry["events"] = owned(events)
    entry["source"] = source
    return entry


# -- what the steps need besides the battle --------------------------------------------------------

class TurnFlow:
    """The ruleset, its turn order, the guard against endless rounds, and the end-of-battle test.

    ``boardgame.io``'s lesson: hook-driven turn order can loop, so the flow
    counts the turns and policy answers of each round and raises
    :class:`InitiativeError` (a bug in the policy, not a player error) when a
    round would never end.
    """

    def __init__(self, ruleset: Ruleset, policy: InitiativePolicy, settings: TurnSettings, round: int) -> None:
        self.ruleset = ruleset
        self.policy = policy
        self.settings = settings  # read at each use: the controller's limits and objective
        self.empty_rounds = 0
        self.last_counted: tuple[int, int, str] | None = None
        self.reset(round)

    def reset(self, round: int) -> None:
        """Forget what this round's guard has seen (a new round, or the battle put back by undo)."""
        self.seen_round = round
        self.round_seen: set[bytes] = set()
        self.round_turns = 0

    def empty_round(self) -> None:
        """A round in which nobody could act; four in a row is a turn order that has stopped giving turns."""
        self.empty_rounds += 1
        if self.empty_rounds > 3:
            raise InitiativeError(f"The turn order {self.policy.name!r} gave nobody a turn for "
                                  f"{self.empty_rounds} rounds in a row; the battle cannot go on.")

    def pick(self, b: Battle, *, first: bool) -> str | None:
        """Ask the policy for the next fighter who can act, with the guard against endless rounds."""
        if self.seen_round != b.round:
            self.reset(b.round)
        limit = self.settings.max_policy_steps or (1000 + 64 * len(b.fighters))
        nxt = self.policy.first(b) if first else self.policy.next(b)
        steps = 0
        while nxt is not None:
            key = _canonical([nxt, b.order, b.state.get("initiative")])
            if key in self.round_seen:
                raise InitiativeError(
                    f"The turn order {self.policy.name!r} came back to {nxt!r} in the same place in round "
                    f"{b.round} without ending the round; it would never end.")
            self.round_seen.add(key)
            f = b.get(nxt)
            if f is not None and self.ruleset.can_act(b, f):
                return nxt
            steps += 1
            if steps > limit:
                raise InitiativeError(f"The turn order {self.policy.name!r} skipped {steps} fighters in round "
                                      f"{b.round} without ending the round.")
            nxt = self.policy.next(b)
        return None

    def count_turn(self, b: Battle, fid: str) -> None:
        key = (b.round, b.turn, fid)
        if key == self.last_counted:
            return  # the same turn start re-run after a manual-dice pause
        self.last_counted = key
        if self.seen_round != b.round:
            self.reset(b.round)
        self.round_turns += 1
        limit = self.settings.max_turns_per_round or 32 * max(1, len(b.fighters))
        if self.round_turns > limit:
            raise InitiativeError(f"The turn order {self.policy.name!r} has given {self.round_turns - 1} turns "
                                  f"in round {b.round} and never ends the round (limit {limit}).")

    def battle_over(self, b: Battle) -> tuple[str | None, str] | None:
        """``(winner or None, sentence)`` when the battle ends now: an objective, the ruleset's outcome, a limit."""
        objective = self.settings.objective
        if objective is not None:
            got = objective(b)
            if got is not None:
                return got
        end = self.ruleset.outcome(b)  # by default the last side standing (3d6 G0-21: pins count)
        if end.over:
            winner = end.winner
            if winner is not None:
                return winner, f"{side_name(b, winner)} {verb(side_name(b, winner), 'wins', 'win')}: no one else is left able to fight."
            return None, "Nobody is left able to fight: a draw."
        # a scenario's turn_limit counts rounds: a 3d6 "turn" is the second in which everyone acts once
        # The scenario's own limit and the controller's (a simulation's stuck
        # guard) both hold: whichever comes first ends the battle.
        limits = [int(x) for x in (self.settings.round_limit, b.options.get("round_limit"),
                                   b.options.get("turn_limit")) if x]
        limit = min(limits) if limits else None
        if limit and b.round > int(limit):
            return None, f"The round limit ({int(limit)}) is reached: a draw."
        return None
