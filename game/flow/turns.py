"""The turn controller: the one door through which players, the AI, replays and tests play.

``TurnController`` holds a :class:`~game.model.Battle`, its ruleset and a dice
source. It asks the ruleset's initiative policy (``game.rules.initiative``)
who acts, takes intents (the ruleset's frozen ``Action`` values), resolves
them, logs ``{"intent", "dice", "events"}`` entries, ticks turn-scoped
effects, runs the ruleset's start/end-of-turn hooks, detects the end of the
battle, keeps undo/redo checkpoints and autosaves. It knows nothing of pygame.

Two doors (python-chess's ``push_san``/``push``):

- :meth:`TurnController.submit` checks everything and never raises for a bad
  intent: a rejection is a :class:`Result` with ``status == "rejected"`` and a
  :class:`~game.rules.base.Reason` (kind, sentence, rule ID).
- :meth:`TurnController.apply` trusts its intent (replays, the AI's own
  moves); with ``debug=True`` it re-checks and raises :class:`IllegalIntent`.

The work between two intents is a queue of *steps*, small typed records in
``game.flow.steps`` (:class:`~game.flow.steps.IntentStep`, ``EndTurn``,
``Advance``, ``EndRound``, ``StartRound``, ``FirstTurn``, ``StartTurn``,
``EndPhase``, ``BattleEnd``), each playing itself; every step that rolls dice
or produces events becomes a log entry ``{"step", "round", "turn",
"fighter"?, "intent"?, "dice", "events", "source"}``. A clicked intent goes
:meth:`TurnController.submit` -> :meth:`~TurnController.check` ->
``_play`` (an undo checkpoint) -> ``_run([IntentStep(intent)])`` ->
``StepQueue.run`` and ``StepQueue.step`` in ``game.flow.step_queue`` (its dice from
the source, ``IntentStep.play`` -> the ruleset's ``resolve``, the log entry)
-> the steps it queued (end of turn, who is next...) -> a :class:`Result`. The
dice sources (seeded, scripted, manual, a saved log's) are in
``game.flow.sources``, undo's checkpoints in ``game.flow.undo``, the autosave in
``game.flow.autosave``. With the manual dice source any step may
pause with a :class:`~game.dice.DiceRequest` (``status == "need_dice"``);
:meth:`TurnController.give_dice` re-runs that step from a clean copy of the
battle with the faces so far, so the result is exactly what those faces give.

**A choice from the player.** An intent that asks (its ``ask`` field true:
only the UI sets it; the AI, replays and ``clinch resolve`` never do) runs on
a clean copy of the battle. If the ruleset raises
:class:`~game.rules.base.ChoiceNeeded` (edge's result menu after the roll),
the copy is dropped, the controller remembers the intent *and the dice faces
it used* and answers ``status == "need_choice"`` with the request (``prompt``,
``menu``, ``data``). :meth:`TurnController.choose` takes one of the menu's
legal intents and plays it on exactly those faces (then, if it needs more,
the same source goes on); the log holds the chosen intent (its option set,
``ask`` off), so replays and saves are exact and never ask. Choosing is
mandatory: there is no re-roll. :meth:`TurnController.cancel_choice` lets
the rules choose instead (the intent played without asking, on the same
faces: edge takes the best result its edge pays for, and says so); undo
while a choice is open takes the roll back only where undo after dice is
allowed. A save made while a choice is open holds the battle before that
intent, as a save made while an intent waits for dice does: the open roll is
not in the log (with seeded dice, submitting it again rolls the same faces).

Turn-scoped effects (``battle.effects``, see ``game.rules.events.effect_start``)
expire here: ``next_turn`` at the start of that fighter's next turn,
``end_of_turn`` at the end of its turn, ``turns`` once ``battle.turn`` has
advanced by ``turns``, ``end_of_round`` when the round ends.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from game.dice import DiceRequest
from game.flow.autosave import autosave_after
from game.flow.sources import (
    ChosenSource,
    LogReplay,
    ManualSource,
    OnceSource,
    ReplayDiverged,
    ScriptedSource,
    SeededSource,
    StepSource,
)
from game.flow.step_queue import OpenChoice, StepQueue
from game.flow.steps import FirstTurn, InitiativeError, IntentStep, StartRound, Step, TurnFlow, side_name
from game.flow.undo import Checkpoint, UndoHistory, assign_battle
from game.model import Battle
from game.rules.base import Action, ChoiceNeeded, Option, Reason, Ruleset, find_ruleset
from game.rules.events import message
from game.rules.initiative import InitiativePolicy

if TYPE_CHECKING:
    from game.dice import Dice

Event = dict[str, Any]

__all__ = [
    "TurnController", "TurnSettings", "Result", "PassTurn", "InitiativeError", "IllegalIntent", "ReplayDiverged",
    "intent_from_dict", "side_ids", "PASS_TYPES",
]

#: action types the ``end_turn`` shortcut looks for, in order of preference
PASS_TYPES = ("do_nothing", "wait", "pass")


class IllegalIntent(RuntimeError):
    """Raised by the trusted door in debug mode when an intent fails the checks ``submit`` makes."""

    def __init__(self, reason: Reason):
        super().__init__(str(reason))
        self.reason = reason


@dataclass(frozen=True, slots=True)
class PassTurn(Action):
    """End this fighter's turn doing nothing: the controller's own pass, for rulesets without ``do_nothing``."""

    type: ClassVar[str] = "pass"
    title: ClassVar[str] = "End turn"

    def check(self, battle: Battle, rules: Ruleset | None = None) -> Reason | None:
        return None

    def resolve(self, battle: Battle, dice: Dice, rules: Ruleset | None = None) -> list[Event]:
        f = battle.fighter(self.actor)
        return [message(f"{f.label} ends {f.their} turn.", actor=self.actor)]


def intent_from_dict(ruleset: Ruleset, data: dict[str, Any]) -> Action:
    """An intent from its ``to_dict`` form; ``ValueError`` naming the field if it isn't one."""
    if isinstance(data, dict) and data.get("type") == "pass" and "pass" not in ruleset.actions:
        extra = set(data) - {"type", "actor"}
        if extra or not isinstance(data.get("actor"), str):
            raise ValueError("actor: a pass needs exactly one field, the actor")
        return PassTurn(actor=data["actor"])
    return ruleset.action_from_dict(data)


def side_ids(battle: Battle) -> list[str]:
    """Sides in play order: ``battle.sides`` first, then any side only a fighter names."""
    ids = [s.id for s in battle.sides]
    for f in battle.fighters:
        if f.side not in ids:
            ids.append(f.side)
    return ids


@dataclass
class TurnSettings:
    """How a controller behaves; nothing here changes the rules.

    - ``allow_undo_after_dice``: undo may take back steps that rolled dice.
    - ``autosave_dir``: a folder for autosaves (``None``: no autosave);
      ``game.files.saves.autosave_dir()`` is the usual one.
    - ``autosave_keep``: how many battles keep their latest autosave (the
      battles saved least recently lose theirs first).
    - ``round_limit``: end the battle (a draw unless an objective says
      otherwise) after this many rounds; ``battle.options["round_limit"]`` or
      a scenario's ``turn_limit`` (a 3d6 "turn" = one round) also work.
    - ``objective``: ``f(battle) -> (winner side or None, sentence) | None``;
      a scenario objective reached ends the battle.
    - ``max_turns_per_round`` / ``max_policy_steps``: the guard against a
      policy that never ends a round (``None``: derived from the fighter count).
    - ``undo_limit``: how many checkpoints to keep.
    """

    allow_undo_after_dice: bool = False
    autosave_dir: Path | str | None = None
    autosave_keep: int = 10
    round_limit: int | None = None
    objective: Callable[[Battle], tuple[str | None, str] | None] | None = None
    max_turns_per_round: int | None = None
    max_policy_steps: int | None = None
    undo_limit: int = 200


@dataclass(frozen=True)
class Result:
    """What one call to the controller did.

    ``status``: ``"ok"`` (done; the controller now waits for the next intent
    or the battle is over), ``"rejected"`` (nothing changed; ``reason`` says
    why), ``"need_dice"`` (paused; ``request`` says which dice and why; call
    ``give_dice``), ``"need_choice"`` (paused after a roll; ``request`` is the
    :class:`~game.rules.base.ChoiceNeeded` with its ``menu``; call ``choose``).
    ``entries`` are the log entries this call appended, in
    order (the intent's and every hook's); ``events`` flattens them for the
    UI to animate. ``ended``/``winner`` mirror the battle. ``undone``: the
    entries :meth:`TurnController.undo` removed from the log.
    """

    status: str
    intent: Action | None = None
    reason: Reason | None = None
    request: DiceRequest | ChoiceNeeded | None = None
    entries: tuple[dict[str, Any], ...] = ()
    ended: bool = False
    winner: str | None = None
    undone: tuple[dict[str, Any], ...] = ()  # entries an undo took back (for the UI's combat log)

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    @property
    def rejected(self) -> bool:
        return self.status == "rejected"

    @property
    def need_dice(self) -> bool:
        return self.status == "need_dice"

    @property
    def need_choice(self) -> bool:
        return self.status == "need_choice"

    @property
    def events(self) -> list[Event]:
        return [ev for e in self.entries for ev in e.get("events", [])]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"status": self.status, "entries": list(self.entries), "ended": self.ended,
                               "winner": self.winner}
        if self.undone:
            out["undone"] = list(self.undone)
        if self.intent is not None:
            out["intent"] = self.intent.to_dict()
        if self.reason is not None:
            out["reason"] = self.reason.to_dict()
        if isinstance(self.request, ChoiceNeeded):
            out["request"] = {"prompt": self.request.prompt, "data": dict(self.request.data),
                              "menu": [{"action": o.action.to_dict(),
                                        **({"reason": o.reason.to_dict()} if o.reason else {})}
                                       for o in self.request.menu]}
        elif self.request is not None:
            out["request"] = {"count": self.request.count, "sides": self.request.sides,
                              "purpose": self.request.purpose, "rule": self.request.rule,
                              "text": self.request.describe()}
        return out


# -- a choice from the player: which menu entry an answer is ------------------------------------

def _without_ask(action: Action) -> Action:
    if getattr(action, "ask", False):
        try:
            return dataclasses.replace(action, ask=False)  # type: ignore[call-arg]
        except TypeError:
            return action
    return action


def _match_option(picked: Action, menu: list[Option]) -> Option | None:
    """The menu entry ``picked`` is (exactly), or refines (same fields wherever the entry sets one)."""
    for o in menu:
        if _without_ask(o.action) == picked:
            return o
    found: list[Option] = []
    for o in menu:
        a = _without_ask(o.action)
        if type(a) is not type(picked):
            continue
        if all(getattr(a, f.name) == getattr(picked, f.name) for f in dataclasses.fields(a)
               if f.name == "actor" or f.default is dataclasses.MISSING or getattr(a, f.name) != f.default):
            found.append(o)
    found.sort(key=lambda o: o.reason is not None)
    return found[0] if found else None


def _choice_refusal(picked: Action | None, menu: list[Option], battle: Battle, rules: Ruleset) -> Reason | None:
    """Why ``picked`` (``ask`` already off) cannot answer the open choice whose menu is ``menu``, or ``None``."""
    if picked is None:
        return Reason("That is not an action.", "", "bad_intent")
    match = _match_option(picked, menu)
    if match is None:
        names = ", ".join(o.action.text() for o in menu if o.legal)
        return Reason(f"{picked.text()} is not one of the choices ({names}).", "", "bad_intent")
    if match.reason is not None:
        return match.reason
    if picked != match.action:
        return picked.check(battle, rules)  # it fills in a field the entry left open: the ruleset's check decides
    return None


class TurnController:
    """Plays one battle: see the module docstring.

    ``dice``: ``"seeded"`` (the battle's own generator), ``"manual"`` (the
    player enters faces; results pause with ``need_dice``) or a list of faces
    (scripted, one stream for every roll). ``seat``: side id -> ``"human"`` or
    ``"ai"`` (default: each side's ``control``); hotseat is every side human,
    solo one side ``ai``. ``initial``: the battle before it started, for
    self-contained saves (default: a copy of ``battle`` if it has not started).
    ``source``: a dice source of ``game.flow.sources`` instead of ``dice``
    (``game.files.saves`` replays a log with :class:`~game.flow.sources.LogReplay`);
    ``start=False``: do not start a battle that has not started.

    Construction starts the battle if it has not started (rolls initiative,
    first turn); :attr:`last` holds what that did (it may be ``need_dice``).
    """

    def __init__(self, battle: Battle, ruleset: Ruleset | str | None = None, *,
                 dice: str | list[int] = "seeded", seat: dict[str, str] | None = None,
                 settings: TurnSettings | None = None, initial: Battle | None = None,
                 debug: bool = False, source: StepSource | None = None, start: bool = True) -> None:
        if ruleset is None:
            ruleset = battle.ruleset
        self.ruleset: Ruleset = find_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.policy: InitiativePolicy = self.ruleset.initiative()
        self.battle = battle
        self.settings = settings or TurnSettings()
        self.debug = debug
        self.seat: dict[str, str] = {s.id: s.control for s in battle.sides}
        for sid in side_ids(battle):
            self.seat.setdefault(sid, "human")
        if seat:
            self.seat.update(seat)
        started = battle.current is not None or bool(battle.log) or battle.ended or battle.turn > 0
        if not started:
            self.ruleset.setup(battle)  # derived values a scenario left out; part of the initial state
        self.initial: Battle | None = initial if initial is not None else (None if started else battle.clone())
        self.flow = TurnFlow(self.ruleset, self.policy, self.settings, battle.round)
        self.queue = StepQueue(battle, self.flow)  # the steps to run, the dice source, what it is paused on
        self.dice_mode = "seeded"
        if source is not None:
            self.queue.source = source
            self.dice_mode = source.name
        else:
            self.set_dice(dice)
        self._locked = False  # the pending dice belong to an intent whose roll was made (after a choice)
        self.history = UndoHistory()
        self.autosaves: list[Path] = []
        self.battle_id = ""  # which battle this is, for its autosave (``game.files.saves.autosave`` draws it)
        #: why the last autosave failed (one sentence naming the folder), ``None`` when it worked
        self.save_problem: str | None = None
        self.last = Result("ok", ended=battle.ended, winner=battle.winner)
        if start and not started:
            self.last = self._run([StartRound(), FirstTurn()], None)
            self.autosave_now()

    # -- questions the UI and the AI ask ------------------------------------------------------------
    def whose_turn(self) -> str | None:
        """The fighter whose turn it is (``None`` when the battle is over or between rounds)."""
        return None if self.battle.ended else self.battle.current

    def current_side(self) -> str | None:
        f = self.battle.get(self.whose_turn())
        return f.side if f is not None else None

    def is_human_turn(self) -> bool:
        side = self.current_side()
        return side is not None and self.seat.get(side, "human") == "human"

    def is_over(self) -> bool:
        return self.battle.ended

    @property
    def waiting_for_dice(self) -> DiceRequest | None:
        """The open dice request, if the controller is paused for manual dice."""
        return self.queue.pending.request if self.queue.pending else None

    @property
    def waiting_for_choice(self) -> ChoiceNeeded | None:
        """The open choice (``prompt``, ``menu``, ``data``), if the controller is paused for one."""
        return self.queue.choice.request if self.queue.choice else None

    @property
    def choice_faces(self) -> list[int]:
        """The dice faces the roll of the open choice used (the ones :meth:`choose` will play on)."""
        return list(self.queue.choice.faces) if self.queue.choice else []

    @property
    def can_cancel_dice(self) -> bool:
        """Whether :meth:`cancel_dice` would drop the paused action (not a hook's roll, nor one after a choice)."""
        return self.queue.pending is not None and isinstance(self.queue.pending.step, IntentStep) and not self._locked

    @property
    def paused_intent(self) -> Action | None:
        """The intent whose dice the controller waits for; None when paused on a hook's roll, or not paused.

        The battle screen plays it again with the computer's dice when the player stops rolling by hand.
        """
        return self.queue.pending.step.intent if self.queue.pending is not None else None

    def legal_actions(self) -> list[Option]:
        """The ruleset's options for the fighter whose turn it is (empty when nobody's turn or paused)."""
        fid = self.whose_turn()
        if fid is None or self.queue.pending or self.queue.choice:
            return []
        return self.ruleset.legal_actions(self.battle, fid)

    def initiative(self) -> dict[str, Any]:
        """What the initiative bar shows: the policy's ``describe`` (order, number, phase, rolls...)."""
        return self.policy.describe(self.battle)

    def pass_intent(self) -> Action | None:
        """The intent that ends the current fighter's turn doing nothing (the UI's Space key)."""
        fid = self.whose_turn()
        if fid is None:
            return None
        for kind in PASS_TYPES:
            cls = self.ruleset.actions.get(kind)
            if cls is None:
                continue
            try:
                return cls(actor=fid)  # type: ignore[call-arg]
            except TypeError:
                continue  # this ruleset's "wait" needs more fields
        return PassTurn(actor=fid)

    def end_turn(self) -> Result:
        """Shortcut: submit :meth:`pass_intent`."""
        intent = self.pass_intent()
        if intent is None:
            return self._reject(None, self._game_over_reason() or Reason("It is nobody's turn.", "", "not_your_turn"))
        return self.submit(intent)

    # -- the checked door ---------------------------------------------------------------------------
    def check(self, intent: Any) -> Reason | None:
        """Everything ``submit`` checks, as data: ``None`` if the intent may be played now."""
        busy = self._busy_reason()
        if busy is not None:
            return busy
        over = self._game_over_reason()
        if over:
            return over
        if not isinstance(intent, Action):
            return Reason("That is not an action.", "", "bad_intent")
        known = self.ruleset.actions.get(intent.type)
        if not ((known is not None and isinstance(intent, known)) or (isinstance(intent, PassTurn) and known is None)):
            return Reason(f"{self.ruleset.name or self.ruleset.id} has no action {intent.type!r}.", "", "unknown")
        actor = self.battle.get(intent.actor)
        if actor is None:
            return Reason(f"There is no fighter {intent.actor!r} in this battle.", "", "unknown")
        current = self.battle.get(self.battle.current)
        if current is None:
            return Reason("It is nobody's turn.", "", "not_your_turn")
        if current.id != actor.id:
            return Reason(f"It is {current.label}'s turn, not {actor.label}'s.", "", "not_your_turn")
        return intent.check(self.battle, self.ruleset)

    def submit(self, intent: Any, *, checkpoint: bool = True) -> Result:
        """Check and play one intent; rejections come back as data, never as exceptions. ``checkpoint=False``:
        no undo checkpoint of its own (a pass the screen makes for a fighter with nothing to do,
        ``game.flow.idle``), so undo takes it back with the player's action before it."""
        reason = self.check(intent)
        if reason is not None:
            return self._reject(intent if isinstance(intent, Action) else None, reason)
        return self._play(intent, None, checkpoint)

    # -- the trusted door ---------------------------------------------------------------------------
    def apply(self, intent: Action, faces: list[int] | None = None) -> Result:
        """Play an intent assumed legal (replays, the AI); ``faces`` scripts the intent's own dice.

        With ``debug=True`` the checks of :meth:`submit` run first and a
        failure raises :class:`IllegalIntent` (using this door for an
        unchecked intent is a bug).
        """
        busy = self._busy_reason()
        if busy is not None:
            raise IllegalIntent(busy)
        if self.debug:
            reason = self.check(intent)
            if reason is not None:
                raise IllegalIntent(reason)
        return self._play(intent, faces)

    def _busy_reason(self) -> Reason | None:
        """Why no intent may be played now: the controller waits for dice or for a choice."""
        if self.queue.pending is not None:
            return Reason(f"The controller is waiting for dice: {self.queue.pending.request.describe()}.", "",
                          "waiting_for_dice")
        if self.queue.choice is not None:
            return Reason(f"The controller is waiting for a choice: {self.queue.choice.request.prompt}", "",
                          "waiting_for_choice")
        return None

    # -- a choice from the player -------------------------------------------------------------------
    def choose(self, action: Action) -> Result:
        """Answer ``need_choice``: play the picked intent on the faces the paused roll used.

        ``action`` must be one of the request's menu entries (``ask`` is
        ignored), or one that only fills in fields the entry left at their
        default (a destination, say) and passes the ruleset's check. One the
        menu forbids (an option the edge does not pay for) is rejected with
        the menu's reason, and the controller still waits. Then the step is
        logged like any intent (the chosen intent, ``ask`` off, the faces) and
        the turn goes on. With manual dice a chosen result that rolls more
        (a Pummel's attack) pauses with ``need_dice``; those dice cannot be
        cancelled (the roll counts).
        """
        if self.queue.choice is None:
            return self._reject(action if isinstance(action, Action) else None,
                                Reason("No choice is asked for now.", "", "bad_intent"))
        choice = self.queue.choice
        picked = _without_ask(action) if isinstance(action, Action) else None
        reason = _choice_refusal(picked, choice.request.menu, self.battle, self.ruleset)
        if reason is not None or picked is None:
            return Result("rejected", intent=picked, reason=reason, request=choice.request,
                          ended=self.battle.ended, winner=self.battle.winner)
        return self._play_choice(picked, choice)

    def cancel_choice(self) -> Result:
        """Let the rules choose: the paused intent played without asking, on the same faces.

        There is no re-roll: the dice are cast. The ruleset takes the result it
        takes for an intent that does not ask (edge: the best result the edge
        pays for, as a sensible player would, and a message says so); the log
        holds that intent, without ``ask`` and without an ``option``.
        """
        if self.queue.choice is None:
            return self._reject(None, Reason("No choice is asked for now.", "", "bad_intent"))
        choice = self.queue.choice
        return self._play_choice(_without_ask(choice.step.intent), choice)  # type: ignore[arg-type]

    def _play_choice(self, intent: Action, choice: OpenChoice) -> Result:
        self.queue.choice = None
        result = self._run([IntentStep(intent)], intent, once=ChosenSource(choice.source, choice.faces))
        self._locked = self.queue.pending is not None
        self.autosave_now()
        return result

    # -- manual dice --------------------------------------------------------------------------------
    def give_dice(self, faces: list[int]) -> Result:
        """Continue a paused step with the faces the player rolled (exactly the count asked for)."""
        if self.queue.pending is None:
            return self._reject(None, Reason("No dice are needed now.", "", "bad_intent"))
        paused, request = self.queue.pending, self.queue.pending.request
        faces = list(faces)
        bad = next((x for x in faces if not isinstance(x, int) or isinstance(x, bool)
                    or not 1 <= x <= request.sides), None)
        if len(faces) != request.count or bad is not None:
            text = (f"{request.describe()}: give {request.count} face{'s' if request.count > 1 else ''} "
                    f"from 1 to {request.sides}.")
            return Result("rejected", reason=Reason(text, request.rule, "bad_dice"), request=request)
        self.queue.pending = None
        agenda, self.queue.agenda = self.queue.agenda, []
        result = self._run([paused.step] + agenda, paused.step.intent, manual_faces=paused.faces + faces)
        self._locked = self._locked and self.queue.pending is not None
        return result

    def cancel_dice(self) -> bool:
        """Drop a paused *intent* (the player closed the dice dialog); hooks cannot be cancelled, nor the
        dice of a result chosen after its roll (the roll counts)."""
        if not self.can_cancel_dice:
            return False
        self.queue.pending = None
        self.queue.agenda = []
        self.history.forget_unplayed(self.battle)  # the checkpoint made for the intent that never happened
        self.last = Result("ok", ended=self.battle.ended, winner=self.battle.winner)
        return True

    def set_dice(self, dice: str | list[int]) -> None:
        """Switch the dice source: ``"seeded"``, ``"manual"`` or a list of faces."""
        if isinstance(dice, str):
            if dice not in ("seeded", "manual"):
                raise ValueError(f"dice: {dice!r} is not 'seeded', 'manual' or a list of faces")
            self.queue.source = SeededSource() if dice == "seeded" else ManualSource()
            self.dice_mode = dice
        else:
            self.queue.source = ScriptedSource(list(dice))
            self.dice_mode = "scripted"

    def resume(self) -> Result:
        """After switching away from manual dice while paused on a hook, run it with the new source.

        Dice asked for after a choice are not switched: the action that made
        its roll goes on with the player's dice (the new source counts from
        the next action).
        """
        if self.queue.pending is None or self._locked or isinstance(self.queue.source, (ManualSource, LogReplay)):
            return self.last
        step = self.queue.pending.step
        self.queue.pending = None
        agenda, self.queue.agenda = self.queue.agenda, []
        return self._run([step] + agenda, step.intent)

    @property
    def scripted_left(self) -> list[int]:
        """Faces not yet used by a scripted source (tests)."""
        return self.queue.source.left if isinstance(self.queue.source, ScriptedSource) else []

    # -- undo / redo (the stacks and the reasons are game.flow.undo's) ------------------------------------
    def can_undo(self) -> Reason | None:
        """``None`` if :meth:`undo` would work, else why not (kind ``undo``)."""
        side = self.current_side()
        # the player at the screen: the side whose turn it is, or (while the computer plays) the human
        human = not self.battle.ended and side is not None and self.seat.get(side, "human") == "human"
        return self.history.refusal(self.battle, rolled=self.queue.choice is not None or self._locked,
                                    allow_after_dice=self.settings.allow_undo_after_dice,
                                    turn_side=side if human else None, side_name=self._side_name)

    def undo(self) -> Result:
        """Take back the current player's last action (and the computer's replies since).

        Only actions of human seats make checkpoints; the computer's actions
        after one are taken back with it. In hotseat a player cannot take back
        the other player's action once the turn has passed to them.
        """
        reason = self.can_undo()
        if reason is not None:
            return self._reject(None, reason)
        paused = self.queue.choice is not None or self.queue.pending is not None
        cp, redo = self.history.take_back(self.battle, self.queue.source.snapshot(), paused=paused)
        self._restore(cp)  # with no redo: the paused action only, nothing was logged
        self.autosave_now()
        return Result("ok", ended=self.battle.ended, winner=self.battle.winner,
                      undone=tuple(redo.removed) if redo is not None else ())

    def can_redo(self) -> bool:
        return bool(self.history.redo) and self.queue.pending is None and self.queue.choice is None

    def redo(self) -> Result:
        """Play again what :meth:`undo` took back (exactly: same dice, same events)."""
        if not self.can_redo():
            return self._reject(None, Reason("There is nothing to redo.", "", "undo"))
        cp = self.history.bring_back(self.battle, self.queue.source.snapshot())
        self._restore(cp)
        self.battle.log.extend(cp.removed)
        self.autosave_now()
        return Result("ok", entries=tuple(cp.removed), ended=self.battle.ended, winner=self.battle.winner)

    def _restore(self, cp: Checkpoint) -> None:
        assign_battle(self.battle, cp.battle)
        self.queue.source.restore(cp.source_state)
        self.queue.pending = None
        self.queue.choice = None
        self._locked = False
        self.queue.agenda = []
        self.flow.reset(self.battle.round)
        self.last = Result("ok", ended=self.battle.ended, winner=self.battle.winner)

    # -- look-ahead ---------------------------------------------------------------------------------
    def fork(self, *, dice: str | list[int] = "seeded") -> TurnController:
        """A controller on a copy of the battle (no log, no autosave, no undo) for AI search."""
        ctl = TurnController(self.battle.clone(with_log=False), self.ruleset, dice=dice, seat=dict(self.seat),
                             settings=dataclasses.replace(self.settings, autosave_dir=None, undo_limit=0),
                             start=False)
        ctl.initial = None
        return ctl

    # -- internals ----------------------------------------------------------------------------------
    def _side_name(self, side_id: str) -> str:
        return side_name(self.battle, side_id)

    def _game_over_reason(self) -> Reason | None:
        if self.battle.ended:
            who = self._side_name(self.battle.winner) + " won" if self.battle.winner else "it ended in a draw"
            return Reason(f"The battle is over: {who}.", "", "game_over")
        return None

    def _reject(self, intent: Action | None, reason: Reason) -> Result:
        return Result("rejected", intent=intent, reason=reason, ended=self.battle.ended, winner=self.battle.winner)

    def _play(self, intent: Action, faces: list[int] | None, checkpoint: bool = True) -> Result:
        self.history.redo.clear()
        actor = self.battle.get(intent.actor)
        side = actor.side if actor is not None else None
        if checkpoint and side is not None and self.seat.get(side, "human") == "human" and self.settings.undo_limit > 0:
            label = f"{actor.label if actor else intent.actor}'s {intent.type.replace('_', ' ')}"
            self.history.mark(self.battle, side, label, self.queue.source.snapshot(), self.settings.undo_limit)
        result = self._run([IntentStep(intent)], intent, once=OnceSource(faces) if faces is not None else None)
        self.autosave_now()
        return result

    def _run(self, agenda: list[Step], intent: Action | None, *, once: StepSource | None = None,
             manual_faces: list[int] | None = None) -> Result:
        """Run steps (``game.flow.step_queue``) until the controller waits for an intent, needs dice, or a choice."""
        entries, stop = self.queue.run(agenda, once=once, manual_faces=manual_faces)
        status, request = ("ok", None) if stop is None else ("need_dice", stop) if isinstance(stop, DiceRequest) \
            else ("need_choice", stop.request)
        self.last = Result(status, intent=intent, request=request, entries=tuple(entries), ended=self.battle.ended,
                           winner=self.battle.winner)
        return self.last

    def autosave_now(self) -> None:
        """Autosave when the settings name a folder (``game.flow.autosave``); a failure goes to :attr:`save_problem`."""
        autosave_after(self)

    def entries_since(self, index: int) -> Iterator[dict[str, Any]]:
        """Log entries from ``index`` on (the UI's combat log catches up with this)."""
        return iter(self.battle.log[index:])
