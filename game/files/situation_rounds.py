"""Rounds written down in a situation file (SITUATION-FORMAT.md, "Rounds written down").

An action of a situation may carry ``round`` (and in a countdown's round,
``initiative``; anywhere, ``reactions: false``). When the actions carry
``round``, the file lists each round's turn sequence instead of the
initiative roll: :func:`play_rounds` plays the actions of a round in the
listed order, each in its phase, with the turn controller's hooks around
them (the ruleset's start and end of turn, of each phase and of the round,
the effects that end then) and the ruleset's turn-order policy
(``game.rules.initiative``, edge's ``order``) holding the cursor the actions
read: ``written_start`` instead of the roll, ``written_place`` for each slot,
``written_reason`` for what the order forbids. No initiative or side dice
are rolled. Rounds nobody acts in run only what belongs to the round (its
start and end, the phases' ends).

Which phase an action plays in is the rules' own answer: the first phase at
or after the round's current one in which the action's ``check`` passes. An
action whose phase has passed is refused (exit 3) naming the phase.

The turn steps (:func:`start_turn`, :func:`end_turn`, :func:`end_round`, the
phases' ends) are the turn controller's own step records (``game.flow.steps``:
``StartTurn``, ``EndTurn``, ``EndRound``, ``EndPhase``) played one at a time;
``clinch resolve`` plays them for a list without rounds too.

Nothing here imports pygame.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.dice import DiceError
from game.flow.steps import EndPhase, EndRound, EndTurn, StartTurn, TurnFlow
from game.flow.turns import TurnSettings
from game.rules.base import Reason
from game.rules.events import illegal
from game.rules.initiative import Policy

if TYPE_CHECKING:
    from game.dice import Dice
    from game.model import Battle
    from game.rules.base import Action, Event, Ruleset

__all__ = ["ROUND_FIELDS", "Listed", "split_round_fields", "play_rounds", "start_turn", "end_turn", "end_round",
           "reactions_off", "written_round_of", "action_with_round", "policy_of", "BadIntent", "ActionDiceError"]

#: the fields a situation's action may carry beside its type's own (they say when it is played, not what it is)
ROUND_FIELDS = ("round", "initiative", "reactions")
#: the largest round number a file may name (every skipped round is played, fires and clouds included: a
#: thousand rounds of a crowded board take seconds, a billion would never end)
MAX_ROUND = 1_000
#: initiative numbers a file may name, either way
INITIATIVE_LIMIT = 1_000


@dataclass(frozen=True)
class Listed:
    """What the file says of one action besides what it is: its round, initiative number and reactions."""

    round: int | None = None
    initiative: int | None = None
    reactions: bool = True


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def split_round_fields(actions: list[dict[str, Any]], *, numbered: bool,
                       ruleset_id: str) -> tuple[list[dict[str, Any]], list[Listed]]:
    """The actions without :data:`ROUND_FIELDS`, and what those fields said; ``ValueError("actions[i].field:
    problem")`` for a value the contract does not allow (exit 2). ``numbered``: the ruleset's turn order has
    initiative numbers (only then may ``initiative`` be given)."""
    plain: list[dict[str, Any]] = []
    listed: list[Listed] = []
    for i, data in enumerate(actions):
        at = f"actions[{i}]"
        if not isinstance(data, dict):
            plain.append(data)
            listed.append(Listed())
            continue
        rnd, init, react = data.get("round"), data.get("initiative"), data.get("reactions", True)
        if "round" in data and not (_is_int(rnd) and 1 <= rnd <= MAX_ROUND):
            raise ValueError(f"{at}.round: expected a round number from 1 to {MAX_ROUND}, got {rnd!r}")
        if "initiative" in data:
            if not numbered:
                raise ValueError(f"{at}.initiative: ruleset {ruleset_id} has no initiative numbers; leave it out")
            if not (_is_int(init) and abs(init) <= INITIATIVE_LIMIT):
                raise ValueError(f"{at}.initiative: expected a whole number from -{INITIATIVE_LIMIT} to "
                                 f"{INITIATIVE_LIMIT}, got {init!r}")
            if "round" not in data:
                raise ValueError(f"{at}.initiative: an initiative number belongs to a round written down; "
                                 f"give the action a round")
        if not isinstance(react, bool):
            raise ValueError(f"{at}.reactions: expected true or false, got {react!r}")
        plain.append({k: v for k, v in data.items() if k not in ROUND_FIELDS})
        listed.append(Listed(rnd, init, react))
    _check_sequence(listed)
    return plain, listed


def _check_sequence(listed: list[Listed]) -> None:
    """All actions or none carry ``round``, never decreasing; within a round all or none carry ``initiative``,
    never increasing."""
    given = [i for i, x in enumerate(listed) if x.round is not None]
    if given and len(given) != len(listed):
        i = next(i for i, x in enumerate(listed) if x.round is None)
        raise ValueError(f"actions[{i}].round: required, since actions[{given[0]}] gives a round "
                         f"(every action carries round or none does)")
    for i in range(1, len(listed)):
        a, b = listed[i - 1], listed[i]
        if a.round is None or b.round is None:
            continue
        if b.round < a.round:
            raise ValueError(f"actions[{i}].round: {b.round} comes after round {a.round} of actions[{i - 1}]; "
                             f"rounds never go back")
        if b.round != a.round:
            continue
        if (a.initiative is None) != (b.initiative is None):
            j = i if b.initiative is None else i - 1
            raise ValueError(f"actions[{j}].initiative: required, since another action of round {b.round} "
                             f"gives one (all the actions of a round carry it or none does)")
        if a.initiative is not None and b.initiative is not None and b.initiative > a.initiative:
            raise ValueError(f"actions[{i}].initiative: {b.initiative} is higher than {a.initiative} of "
                             f"actions[{i - 1}] in the same round; the count goes down")


def policy_of(ruleset: Ruleset) -> Any:
    """The ruleset's turn-order policy; a ruleset that has none (a test double) plays a round as listed."""
    try:
        return ruleset.initiative()
    except NotImplementedError:
        return Policy()


def written_round_of(listed: list[Listed] | None) -> bool:
    """Whether a situation's actions carry rounds."""
    return bool(listed) and listed[0].round is not None  # type: ignore[index]


# -- the turn controller's steps, as ``clinch resolve`` plays them --------------------------------------------------
#
# The controller's own step records (``game.flow.steps``) played one at a time: what follows each (who is next,
# the next round's initiative roll) is the file's to say, so only their events are kept.

def _flow(ruleset: Ruleset, battle: Battle) -> TurnFlow:
    """The steps' flow for one step: the ruleset and its policy (its guard counts nothing across calls)."""
    return TurnFlow(ruleset, policy_of(ruleset), TurnSettings(), battle.round)


def start_turn(ruleset: Ruleset, battle: Battle, fighter_id: str, dice: Dice) -> list[Event]:
    """The controller's ``StartTurn``: ``next_turn`` effects end, then the ruleset's start of turn."""
    return StartTurn(fighter_id).play(_flow(ruleset, battle), battle, dice)[0]


def end_turn(ruleset: Ruleset, battle: Battle, fighter_id: str, dice: Dice) -> list[Event]:
    """The controller's ``EndTurn``: the ruleset's end of turn, ``end_of_turn`` effects, the turn count."""
    return EndTurn(fighter_id).play(_flow(ruleset, battle), battle, dice)[0]


def end_round(ruleset: Ruleset, battle: Battle, dice: Dice) -> list[Event]:
    """The controller's ``EndRound`` (``end_of_round`` effects end, the next round begins), then the ruleset's
    start of round of ``StartRound`` (fires, clouds, fuses: ``Ruleset.start_round``) without the turn order's
    roll: the file says who acts."""
    events = EndRound().play(_flow(ruleset, battle), battle, dice)[0]
    return events + list(ruleset.start_round(battle, dice))


def _end_phase(ruleset: Ruleset, battle: Battle, step: Any, dice: Dice) -> list[Event]:
    """The controller's ``EndPhase``: the ruleset's end of one step of a phased order."""
    return EndPhase(step).play(_flow(ruleset, battle), battle, dice)[0]


class reactions_off:
    """``reactions: false`` while one action plays: ``battle.state["reactions"]`` is false, so no foe makes a
    free or reaction attack against it (a parting shot, a set weapon's free blow); the rules read it."""

    def __init__(self, battle: Battle, listed: Listed | None) -> None:
        self.battle = battle
        self.off = listed is not None and not listed.reactions

    def __enter__(self) -> None:
        if self.off:
            self.battle.state["reactions"] = False

    def __exit__(self, *exc: object) -> None:
        if self.off:
            self.battle.state.pop("reactions", None)


# -- playing rounds written down ------------------------------------------------------------------------------------

#: ``hook(what, step, *args)``: run one turn step (``step(*args, dice)``), adding its events; the caller turns a
#: dice error into the file's error naming the action
Hook = Callable[..., None]


@dataclass
class _Round:
    """The state of the round being played: where its turn sequence stands."""

    number: int
    initiative: bool  # the round's actions carry initiative numbers
    #: (-initiative number, phase index) of the last action placed; before the first, below any number
    pos: tuple[int, int] = (-INITIATIVE_LIMIT - 1, -1)
    steps_done: int = 0  # how many steps of the current pass have ended
    turn: tuple[str, Any] | None = None  # (fighter, step) whose turn is open after a free action
    played: list[dict[str, Any]] | None = None


def play_rounds(ruleset: Ruleset, battle: Battle, actions: list[Action], listed: list[Listed], dice: Dice,
                events: list[Event], hook: Callable[[int], Hook]) -> int | None:
    """Play the actions round by round as their ``round`` says (see the module docstring); the events go to
    ``events``. ``hook(i)`` runs the turn steps around ``actions[i]``. Returns the index of the action the
    rules refused (its ``illegal`` event added), or ``None`` when every action was played."""
    policy = policy_of(ruleset)
    i = 0
    while i < len(actions):
        number = int(listed[i].round or 1)
        j = i
        while j < len(actions) and listed[j].round == number:
            j += 1
        while battle.round < number:  # rounds with nobody acting: only what belongs to the round runs
            _empty_round(ruleset, policy, battle, hook(i))
        bad = _play_round(ruleset, policy, battle, actions, listed, range(i, j), dice, events, hook)
        if bad is not None:
            return bad
        i = j
        if i < len(actions):
            _close_round(ruleset, policy, battle, hook(i), _RoundEnd.of(battle))
    return None


@dataclass
class _RoundEnd:
    """What is left of the round when it closes: the steps of its last pass not yet ended."""

    steps: list[Any]

    @staticmethod
    def of(battle: Battle) -> _RoundEnd:
        cur = battle.state.get("initiative")
        left = cur.get("written_left") if isinstance(cur, dict) else None
        return _RoundEnd(list(left or []))


def _empty_round(ruleset: Ruleset, policy: Any, battle: Battle, hook: Hook) -> None:
    """A round nobody acts in (a skipped round, SITUATION-FORMAT.md): its phases pass and it ends."""
    policy.written_start(battle, [])
    _close_round(ruleset, policy, battle, hook, _RoundEnd(policy.written_steps(battle, None)))


def _close_round(ruleset: Ruleset, policy: Any, battle: Battle, hook: Hook, end: _RoundEnd) -> None:
    """The round's remaining phases end, then the round (``end_of_round`` effects) and the next begins."""
    _leave(battle)
    _end_steps(ruleset, battle, hook, end.steps)
    hook(f"the end of round {battle.round}, before", end_round, ruleset, battle)


def _step_words(step: Any) -> str:
    if isinstance(step, list) and step:
        phase = next((s for s in step if isinstance(s, str)), None)
        if phase:
            return f"{phase} phase"
    return "phase"


def _play_round(ruleset: Ruleset, policy: Any, battle: Battle, actions: list[Action], listed: list[Listed],
                idx: range, dice: Dice, events: list[Event], hook: Callable[[int], Hook]) -> int | None:
    """One round written down: its actions in the listed order, each in its phase (module docstring)."""
    rnd = _Round(battle.round, listed[idx[0]].initiative is not None, played=[])
    policy.written_start(battle, [(actions[k].actor, listed[k].initiative) for k in idx])
    pass_steps: list[Any] = []
    for k in idx:
        action, number = actions[k], listed[k].initiative
        found = _place(ruleset, policy, battle, action, number, rnd)
        if isinstance(found, Reason):
            return _refuse(battle, action, listed[k], found, events, k)
        phase, pos = found
        if pos[0] != rnd.pos[0] or not pass_steps:  # a new number: the phases start again
            _end_steps(ruleset, battle, hook(k), pass_steps[rnd.steps_done:])
            pass_steps, rnd.steps_done = policy.written_steps(battle, number), 0
        why = policy.written_reason(battle, rnd.played, action.actor, phase, number, action.type)
        if why is None and policy.numbered and action.type == "wait" and not rnd.initiative:
            why = Reason("Waiting holds the action to a lower initiative number: give this round's actions "
                         "initiative numbers.", "S4-INIT-5")
        if why is not None:
            return _refuse(battle, action, listed[k], why, events, k)
        policy.written_place(battle, action.actor, phase, number)
        step = _cursor_step(battle)
        # the phases between the last slot and this one end (those nobody acted in too)
        if step in pass_steps:
            upto = pass_steps.index(step)
            _end_steps(ruleset, battle, hook(k), pass_steps[rnd.steps_done:upto])
            rnd.steps_done = max(rnd.steps_done, upto)
        if phase is not None and action.type not in policy.anytime and not action.free:
            rnd.pos = max(rnd.pos, pos)  # a free action or a declaration moves the round on to no later phase
        bad = _play_one(ruleset, battle, action, listed[k], k, dice, events, hook(k), rnd, step)
        if bad is not None:
            return bad
        rnd.played.append({"fighter": action.actor, "phase": phase, "number": number, "type": action.type,
                           "free": bool(action.free)})
    if rnd.turn is not None:
        hook(f"the end of {rnd.turn[0]}'s turn, after", end_turn, ruleset, battle, rnd.turn[0])
        rnd.turn = None
    left = pass_steps[rnd.steps_done:]
    if idx[-1] + 1 == len(actions):  # the last round: its phases end (held-back damage lands), the round goes on
        _leave(battle)
        _end_steps(ruleset, battle, hook(idx[-1]), left)
        left = []
    cur = battle.state.get("initiative")
    if isinstance(cur, dict):
        cur["written_left"] = left
    return None


def _end_steps(ruleset: Ruleset, battle: Battle, hook: Hook, steps: list[Any]) -> None:
    """The ruleset's end of each of these phases (``Ruleset.end_phase``), in order."""
    for step in steps:
        hook(f"the end of the {_step_words(step)} of round {battle.round}, before", _end_phase, ruleset, battle,
             step)


def _leave(battle: Battle) -> None:
    """The turn sequence has run out of slots, as a policy's cursor says when it does: no slot, no phase."""
    cur = battle.state.get("initiative")
    if isinstance(cur, dict):
        if cur.get("slot"):
            cur.setdefault("done", []).append(cur["slot"])
        cur.update({"slot": None, "phase": None})


def _cursor_step(battle: Battle) -> Any:
    cur = battle.state.get("initiative")
    return cur.get("step") if isinstance(cur, dict) else None


def _place(ruleset: Ruleset, policy: Any, battle: Battle, action: Action, number: int | None,
           rnd: _Round) -> tuple[str | None, tuple[int, int]] | Reason:
    """The phase this action plays in: the first at or after the round's place in which its check passes."""
    phases = policy.written_phases()
    n = -(0 if number is None else int(number))
    if not phases:
        return None, (n, 0)
    start = max(rnd.pos[1] if n == rnd.pos[0] else 0, 0)
    order = list(range(start, len(phases)))
    if action.type in policy.anytime:
        order = list(dict.fromkeys([start, *range(len(phases))]))
    elif policy.movers is not None and action.type not in policy.movers and start == 0:
        order = [*order[1:], 0]  # the first (movement) phase is the movers', unless the action has no other
    reasons: list[Reason] = []
    saved = _snapshot(battle)
    try:
        for pi in order:
            policy.written_place(battle, action.actor, phases[pi], number)
            why = action.check(battle, ruleset)
            if why is None:
                return phases[pi], (n, pi)
            reasons.append(why)
        for pi in range(0, start):  # its phase has passed: the order forbids it
            policy.written_place(battle, action.actor, phases[pi], number)
            if action.check(battle, ruleset) is None:
                now = phases[start]
                return Reason(f"{action.title or action.type} belongs to the {phases[pi]} phase, which comes before "
                              f"the {now} phase this round has reached: list it before the round's "
                              f"{now}-phase actions.", _phase_rule(policy))
    finally:
        _restore(battle, saved)
    if not reasons:
        return Reason(f"{action.title or action.type} has no phase left in this round.", _phase_rule(policy))
    rule = _phase_rule(policy)
    return next((r for r in reasons if r.rule != rule and "phase" not in r.text), reasons[0])


def _phase_rule(policy: Any) -> str:
    return "S4-PHASE-1" if policy.numbered else (policy.rule or "")


def _snapshot(battle: Battle) -> Any:
    return copy.deepcopy(battle.state.get("initiative"))


def _restore(battle: Battle, saved: Any) -> None:
    if saved is None:
        battle.state.pop("initiative", None)
    else:
        battle.state["initiative"] = saved


def _refuse(battle: Battle, action: Action, listed: Listed, why: Reason, events: list[Event], k: int) -> int:
    ev = illegal(why.text, actor=action.actor, rule=why.rule or None)
    ev["action"] = action_with_round(action, listed)
    events.append(ev)
    return k


def action_with_round(action: Action, listed: Listed | None) -> dict[str, Any]:
    """The action as the file gave it: its own fields, then ``round``, ``initiative`` and ``reactions`` if given."""
    out = action.to_dict()
    if listed is not None:
        if listed.round is not None:
            out["round"] = listed.round
        if listed.initiative is not None:
            out["initiative"] = listed.initiative
        if not listed.reactions:
            out["reactions"] = False
    return out


def _play_one(ruleset: Ruleset, battle: Battle, action: Action, listed: Listed, k: int, dice: Dice,
              events: list[Event], hook: Hook, rnd: _Round, step: Any) -> int | None:
    """One listed action as the turn controller plays a slot: the turn's start, check, resolve, the turn's end."""
    who = action.actor
    if rnd.turn != (who, step):
        if rnd.turn is not None:
            hook(f"the end of {rnd.turn[0]}'s turn, before", end_turn, ruleset, battle, rnd.turn[0])
        hook(f"the start of {who}'s turn, before", start_turn, ruleset, battle, who)
    rnd.turn = None
    why = action.check(battle, ruleset)
    actor = battle.fighter(who)
    if why is None and not ruleset.can_act(battle, actor):
        why = Reason(f"{actor.label} cannot act ({', '.join(actor.conditions) or 'out of the fight'})")
    if why is not None:
        if why.kind in ("unknown", "bad_intent"):
            raise BadIntent(k, why.text)
        return _refuse(battle, action, listed, why, events, k)
    try:
        with reactions_off(battle, listed):
            played = action.resolve(battle, dice, ruleset)
    except DiceError as exc:
        raise ActionDiceError(k, exc) from None
    events.extend(played)
    if any(e.get("type") == "illegal" for e in played):
        return k
    if action.free:
        rnd.turn = (who, step)
    else:
        hook(f"the end of {who}'s turn, after", end_turn, ruleset, battle, who)
    return None


class BadIntent(Exception):
    """``actions[index]`` is malformed by its ruleset's own check (a reason of kind ``unknown``/``bad_intent``):
    the file is wrong (exit 2), and the caller says so naming the action."""

    def __init__(self, index: int, text: str) -> None:
        super().__init__(text)
        self.index = index
        self.text = text


class ActionDiceError(Exception):
    """The dice ran out (or a face did not fit) inside ``actions[index]``'s own resolution; the caller names
    the action and the faces."""

    def __init__(self, index: int, exc: Exception) -> None:
        super().__init__(str(exc))
        self.index = index
        self.exc = exc
