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

The work between two intents is a queue of *steps* (``end_turn``,
``advance``, ``end_round``, ``start_round``, ``first``, ``start_turn``,
``end_phase``, ``battle_end``); every step that rolls dice or produces events
becomes a log entry ``{"step", "round", "turn", "fighter"?, "intent"?,
"dice", "events", "source"}``. With the manual dice source any step may
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import msgspec

from game.dice import DiceError, DiceNeeded, DiceRequest, ManualDice, ScriptedDice, SeededDice
from game.model import Battle
from game.rules.base import Action, ChoiceNeeded, Option, Reason, Ruleset, find_ruleset
from game.rules.events import Resolution, effect_end, message, owned
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


class InitiativeError(RuntimeError):
    """A turn-order policy that would never end its round (a bug in the policy, not a player error)."""


class IllegalIntent(RuntimeError):
    """Raised by the trusted door in debug mode when an intent fails the checks ``submit`` makes."""

    def __init__(self, reason: Reason):
        super().__init__(str(reason))
        self.reason = reason


class ReplayDiverged(RuntimeError):
    """Replaying a log gave a different battle from the one that was logged."""

    def __init__(self, index: int, text: str):
        super().__init__(f"log entry {index}: {text}")
        self.index = index
        self.text = text


@dataclass(frozen=True, slots=True)
class PassTurn(Action):
    """End this fighter's turn doing nothing: the controller's own pass, for rulesets without ``do_nothing``."""

    type: ClassVar[str] = "pass"
    title: ClassVar[str] = "End turn"

    def check(self, battle: Battle) -> Reason | None:
        return None

    def resolve(self, battle: Battle, dice: Dice) -> list[Event]:
        return [message(f"{battle.fighter(self.actor).label} ends its turn.", actor=self.actor)]


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
      ``game.saves.autosave_dir()`` is the usual one.
    - ``autosave_keep``: how many autosaves to keep (oldest removed first).
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
    autosave_keep: int = 5
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


# -- dice sources ----------------------------------------------------------------------------------

class _Source:
    """Gives each step its dice and says what to write as the entry's ``source``."""

    name = "seeded"

    def dice_for(self, step: tuple[Any, ...], index: int, work: Battle) -> Dice:
        raise NotImplementedError

    def committed(self, dice: Dice) -> None:
        pass

    def check(self, index: int, entry: dict[str, Any] | None, step: tuple[Any, ...]) -> None:
        pass

    def snapshot(self) -> Any:
        return None

    def restore(self, state: Any) -> None:
        pass

    def rest_after(self, n: int, step: tuple[Any, ...], index: int, work: Battle) -> Dice:
        """The dice this source gives a step after the ``n`` faces it gave it already (see :class:`_Chosen`)."""
        return self.dice_for(step, index, work)


class _Seeded(_Source):
    name = "seeded"

    def dice_for(self, step, index, work):
        return SeededDice(work.rng)

    def rest_after(self, n, step, index, work):
        return SeededDice(work.rng)  # _Prefixed.bind moves the counter past the n faces


class _Scripted(_Source):
    """One stream of faces shared by every step (tests)."""

    name = "scripted"

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)
        self.position = 0

    def dice_for(self, step, index, work):
        return ScriptedDice(self.faces[self.position:])

    def committed(self, dice):
        self.position += len(dice.used)

    def snapshot(self):
        return self.position

    def restore(self, state):
        self.position = state

    def rest_after(self, n, step, index, work):
        return ScriptedDice(self.faces[self.position + n:])

    @property
    def left(self) -> list[int]:
        return self.faces[self.position:]


class _Manual(_Source):
    name = "manual"

    def dice_for(self, step, index, work):
        return ManualDice()


class _Once(_Source):
    """Faces given to ``apply(intent, faces)`` for the intent step only."""

    name = "scripted"

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def dice_for(self, step, index, work):
        return ScriptedDice(list(self.faces))

    def rest_after(self, n, step, index, work):
        return ScriptedDice(list(self.faces[n:]))


class _Prefixed:
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


class _Chosen(_Source):
    """The source of the intent a choice paused on, for the intent picked: the same faces, then more."""

    def __init__(self, source: _Source, faces: list[int]) -> None:
        self.source = source
        self.faces = list(faces)
        self.name = source.name

    def dice_for(self, step, index, work):
        return _Prefixed(self.faces, self.source.rest_after(len(self.faces), step, index, work))

    def committed(self, dice):
        self.source.committed(dice)


@dataclass
class _Choice:
    """An open choice: the asking intent's step, the faces its roll used, the request, the source that rolled."""

    step: tuple[Any, ...]
    faces: list[int]
    request: ChoiceNeeded
    source: _Source


def _asks(step: tuple[Any, ...]) -> bool:
    return step[0] == "intent" and bool(getattr(step[1], "ask", False))


def _without_ask(action: Action) -> Action:
    if getattr(action, "ask", False):
        try:
            return dataclasses.replace(action, ask=False)  # type: ignore[call-arg]
        except TypeError:
            return action
    return action


def _step_matches(entry: dict[str, Any], step: tuple[Any, ...]) -> bool:
    kind = step[0]
    if entry.get("step", "intent" if "intent" in entry else None) != kind:
        return False
    if kind == "intent":
        return entry.get("intent") == step[1].to_dict()
    return entry.get("fighter") == _step_fighter(step)


def _step_fighter(step: tuple[Any, ...]) -> str | None:
    return step[1] if len(step) > 1 and isinstance(step[1], str) else None


class _Replay(_Source):
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

    def dice_for(self, step, index, work):
        self.expect = None
        if index >= len(self.log):
            return ManualDice()
        entry = self.log[index]
        if not _step_matches(entry, step):
            return ScriptedDice([])
        self.expect = entry
        if entry.get("source") == "seeded":
            return SeededDice(work.rng)
        return ScriptedDice(list(entry.get("dice", [])))

    def check(self, index, entry, step):
        expect, self.expect = self.expect, None
        if entry is None:
            if expect is not None:
                raise ReplayDiverged(index, f"the {step[0]} step logged {_brief(expect)} but now gives nothing")
            return
        if expect is None:
            raise ReplayDiverged(index, f"the {step[0]} step now gives {_brief(entry)}, which the log does not have")
        mine = dict(entry)
        mine.pop("source", None)
        theirs = dict(expect)
        theirs.pop("source", None)
        if mine != theirs:
            raise ReplayDiverged(index, f"the {step[0]} step gives different dice or events from the log's")


def _brief(entry: dict[str, Any]) -> str:
    if "intent" in entry:
        return f"the action {entry['intent']}"
    return f"a {entry.get('step')} entry"


# -- checkpoints for undo ------------------------------------------------------------------------

@dataclass
class _Checkpoint:
    battle: Battle  # without its log
    log_len: int
    side: str | None
    label: str
    source_state: Any = None
    removed: list[dict[str, Any]] = field(default_factory=list)  # for redo: the entries it brings back


_FIELDS = tuple(f for f in Battle.__struct_fields__ if f != "log")


def _assign(dst: Battle, src: Battle) -> None:
    """Make ``dst`` equal ``src`` (except its log) in place, so the UI's reference stays valid."""
    for name in _FIELDS:
        setattr(dst, name, getattr(src, name))


def _policy_step(b: Battle) -> Any:
    cur = b.state.get("initiative")
    return cur.get("step") if isinstance(cur, dict) else None


def _canonical(value: Any) -> bytes:
    return msgspec.json.encode(value, order="sorted")


#: free actions one fighter may take in a single turn before the controller ends it anyway
_MAX_FREE_ACTIONS = 8


class TurnController:
    """Plays one battle: see the module docstring.

    ``dice``: ``"seeded"`` (the battle's own generator), ``"manual"`` (the
    player enters faces; results pause with ``need_dice``) or a list of faces
    (scripted, one stream for every roll). ``seat``: side id -> ``"human"`` or
    ``"ai"`` (default: each side's ``control``); hotseat is every side human,
    solo one side ``ai``. ``initial``: the battle before it started, for
    self-contained saves (default: a copy of ``battle`` if it has not started).

    Construction starts the battle if it has not started (rolls initiative,
    first turn); :attr:`last` holds what that did (it may be ``need_dice``).
    """

    def __init__(self, battle: Battle, ruleset: Ruleset | str | None = None, *,
                 dice: str | list[int] = "seeded", seat: dict[str, str] | None = None,
                 settings: TurnSettings | None = None, initial: Battle | None = None,
                 debug: bool = False, _source: _Source | None = None, _start: bool = True) -> None:
        if ruleset is None:
            ruleset = battle.ruleset
        self.ruleset: Ruleset = find_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.policy: InitiativePolicy = self.ruleset.initiative()
        self.battle = battle
        self.settings = settings or TurnSettings()
        self.debug = debug
        self.seat: dict[str, str] = {}
        for s in battle.sides:
            self.seat[s.id] = s.control
        for sid in side_ids(battle):
            self.seat.setdefault(sid, "human")
        if seat:
            self.seat.update(seat)
        self.dice_mode = "seeded"
        self._source: _Source = _Seeded()
        if _source is not None:
            self._source = _source
            self.dice_mode = _source.name
        else:
            self.set_dice(dice)
        started = battle.current is not None or bool(battle.log) or battle.ended or battle.turn > 0
        if not started:
            self.ruleset.setup(battle)  # derived values a scenario left out; part of the initial state
        self.initial: Battle | None = initial if initial is not None else (None if started else battle.clone())
        self._agenda: list[tuple[Any, ...]] = []
        self._pending: tuple[tuple[Any, ...], list[int], DiceRequest] | None = None
        self._choice: _Choice | None = None
        self._locked = False  # the pending dice belong to an intent whose roll was made (after a choice)
        self._undo: list[_Checkpoint] = []
        self._redo: list[_Checkpoint] = []
        self._round_seen: set[bytes] = set()
        self._round_turns = 0
        self._seen_round = battle.round
        self._empty_rounds = 0
        self._last_counted: tuple[int, int, str] | None = None
        self.autosaves: list[Path] = []
        #: why the last autosave failed (one sentence naming the folder), ``None`` when it worked
        self.save_problem: str | None = None
        self.last = Result("ok", ended=battle.ended, winner=battle.winner)
        if _start and not started:
            self.last = self._run([("start_round",), ("first",)], None)
            self._autosave()

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
        return self._pending[2] if self._pending else None

    @property
    def waiting_for_choice(self) -> ChoiceNeeded | None:
        """The open choice (``prompt``, ``menu``, ``data``), if the controller is paused for one."""
        return self._choice.request if self._choice else None

    @property
    def choice_faces(self) -> list[int]:
        """The dice faces the roll of the open choice used (the ones :meth:`choose` will play on)."""
        return list(self._choice.faces) if self._choice else []

    @property
    def can_cancel_dice(self) -> bool:
        """Whether :meth:`cancel_dice` would drop the paused action (not a hook's roll, nor one after a choice)."""
        return self._pending is not None and self._pending[0][0] == "intent" and not self._locked

    @property
    def paused_intent(self) -> Action | None:
        """The intent whose dice the controller waits for; None when paused on a hook's roll, or not paused.

        The battle screen plays it again with the computer's dice when the player stops rolling by hand.
        """
        if self._pending is None or self._pending[0][0] != "intent":
            return None
        return self._pending[0][1]

    def legal_actions(self) -> list[Option]:
        """The ruleset's options for the fighter whose turn it is (empty when nobody's turn or paused)."""
        fid = self.whose_turn()
        if fid is None or self._pending or self._choice:
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
        if self._pending is not None:
            return Reason(f"The controller is waiting for dice: {self._pending[2].describe()}.", "",
                          "waiting_for_dice")
        if self._choice is not None:
            return Reason(f"The controller is waiting for a choice: {self._choice.request.prompt}", "",
                          "waiting_for_choice")
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
        return intent.check(self.battle)

    def submit(self, intent: Any) -> Result:
        """Check and play one intent; rejections come back as data, never as exceptions."""
        reason = self.check(intent)
        if reason is not None:
            return self._reject(intent if isinstance(intent, Action) else None, reason)
        return self._play(intent, None)

    # -- the trusted door ---------------------------------------------------------------------------
    def apply(self, intent: Action, faces: list[int] | None = None) -> Result:
        """Play an intent assumed legal (replays, the AI); ``faces`` scripts the intent's own dice.

        With ``debug=True`` the checks of :meth:`submit` run first and a
        failure raises :class:`IllegalIntent` (using this door for an
        unchecked intent is a bug).
        """
        if self._pending is not None:
            raise IllegalIntent(Reason(f"The controller is waiting for dice: {self._pending[2].describe()}.", "",
                                       "waiting_for_dice"))
        if self._choice is not None:
            raise IllegalIntent(Reason(f"The controller is waiting for a choice: {self._choice.request.prompt}",
                                       "", "waiting_for_choice"))
        if self.debug:
            reason = self.check(intent)
            if reason is not None:
                raise IllegalIntent(reason)
        return self._play(intent, faces)

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
        if self._choice is None:
            return self._reject(action if isinstance(action, Action) else None,
                                Reason("No choice is asked for now.", "", "bad_intent"))
        choice = self._choice
        need = choice.request
        if not isinstance(action, Action):
            return self._refuse_choice(None, Reason("That is not an action.", "", "bad_intent"))
        picked = _without_ask(action)
        match = self._match_option(picked, need.menu)
        if match is None:
            names = ", ".join(o.action.text() for o in need.menu if o.legal)
            return self._refuse_choice(picked, Reason(f"{picked.text()} is not one of the choices ({names}).",
                                                      "", "bad_intent"))
        if match.reason is not None:
            return self._refuse_choice(picked, match.reason)
        if picked != match.action:
            reason = picked.check(self.battle)
            if reason is not None:
                return self._refuse_choice(picked, reason)
        return self._play_choice(picked, choice)

    def cancel_choice(self) -> Result:
        """Let the rules choose: the paused intent played without asking, on the same faces.

        There is no re-roll: the dice are cast. The ruleset takes the result it
        takes for an intent that does not ask (edge: the best result the edge
        pays for, as a sensible player would, and a message says so); the log
        holds that intent, without ``ask`` and without an ``option``.
        """
        if self._choice is None:
            return self._reject(None, Reason("No choice is asked for now.", "", "bad_intent"))
        choice = self._choice
        return self._play_choice(_without_ask(choice.step[1]), choice)

    def _refuse_choice(self, intent: Action | None, reason: Reason) -> Result:
        assert self._choice is not None
        return Result("rejected", intent=intent, reason=reason, request=self._choice.request,
                      ended=self.battle.ended, winner=self.battle.winner)

    @staticmethod
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

    def _play_choice(self, intent: Action, choice: _Choice) -> Result:
        self._choice = None
        result = self._run([("intent", intent)], intent, once=_Chosen(choice.source, choice.faces))
        self._locked = self._pending is not None
        self._autosave()
        return result

    # -- manual dice --------------------------------------------------------------------------------
    def give_dice(self, faces: list[int]) -> Result:
        """Continue a paused step with the faces the player rolled (exactly the count asked for)."""
        if self._pending is None:
            return self._reject(None, Reason("No dice are needed now.", "", "bad_intent"))
        step, got, request = self._pending
        faces = list(faces)
        bad = next((x for x in faces if not isinstance(x, int) or isinstance(x, bool)
                    or not 1 <= x <= request.sides), None)
        if len(faces) != request.count or bad is not None:
            text = (f"{request.describe()}: give {request.count} face{'s' if request.count > 1 else ''} "
                    f"from 1 to {request.sides}.")
            return Result("rejected", reason=Reason(text, request.rule, "bad_dice"), request=request)
        self._pending = None
        agenda, self._agenda = self._agenda, []
        result = self._run([step] + agenda, step[1] if step[0] == "intent" else None, manual_faces=got + faces)
        self._locked = self._locked and self._pending is not None
        return result

    def cancel_dice(self) -> bool:
        """Drop a paused *intent* (the player closed the dice dialog); hooks cannot be cancelled, nor the
        dice of a result chosen after its roll (the roll counts)."""
        if not self.can_cancel_dice:
            return False
        self._pending = None
        self._agenda = []
        if self._undo and self._undo[-1].log_len == len(self.battle.log):
            self._undo.pop()  # the checkpoint made for the intent that never happened
        self.last = Result("ok", ended=self.battle.ended, winner=self.battle.winner)
        return True

    def set_dice(self, dice: str | list[int]) -> None:
        """Switch the dice source: ``"seeded"``, ``"manual"`` or a list of faces."""
        if isinstance(dice, str):
            if dice not in ("seeded", "manual"):
                raise ValueError(f"dice: {dice!r} is not 'seeded', 'manual' or a list of faces")
            self._source = _Seeded() if dice == "seeded" else _Manual()
            self.dice_mode = dice
        else:
            self._source = _Scripted(list(dice))
            self.dice_mode = "scripted"

    def resume(self) -> Result:
        """After switching away from manual dice while paused on a hook, run it with the new source.

        Dice asked for after a choice are not switched: the action that made
        its roll goes on with the player's dice (the new source counts from
        the next action).
        """
        if self._pending is None or self._locked or isinstance(self._source, (_Manual, _Replay)):
            return self.last
        step, _, _ = self._pending
        self._pending = None
        agenda, self._agenda = self._agenda, []
        return self._run([step] + agenda, step[1] if step[0] == "intent" else None)

    @property
    def scripted_left(self) -> list[int]:
        """Faces not yet used by a scripted source (tests)."""
        return self._source.left if isinstance(self._source, _Scripted) else []

    # -- undo / redo --------------------------------------------------------------------------------
    def can_undo(self) -> Reason | None:
        """``None`` if :meth:`undo` would work, else why not (kind ``undo``)."""
        if not self._undo:
            return Reason("There is nothing to take back.", "", "undo")
        if (self._choice is not None or self._locked) and not self.settings.allow_undo_after_dice:
            return Reason("The dice are rolled: choose a result (undo after dice is off in the settings).", "",
                          "undo")
        cp = self._undo[-1]
        side = self.current_side()
        # the player at the screen: the side whose turn it is, or (while the computer plays) the human
        if (not self.battle.ended and side is not None and cp.side != side
                and self.seat.get(side, "human") == "human"):
            return Reason(f"It is {self._side_name(side)}'s turn; only the player whose action it was "
                          f"can take it back.", "", "undo")
        if not self.settings.allow_undo_after_dice:
            rolled = [e for e in self.battle.log[cp.log_len:] if e.get("dice")]
            if rolled:
                return Reason(f"Dice were rolled since {cp.label} ({_brief(rolled[0])}); undo after dice "
                              f"is off in the settings.", "", "undo")
        return None

    def undo(self) -> Result:
        """Take back the current player's last action (and the computer's replies since).

        Only actions of human seats make checkpoints; the computer's actions
        after one are taken back with it. In hotseat a player cannot take back
        the other player's action once the turn has passed to them.
        """
        reason = self.can_undo()
        if reason is not None:
            return self._reject(None, reason)
        cp = self._undo.pop()
        if (self._choice is not None or self._pending is not None) and cp.log_len == len(self.battle.log):
            self._restore(cp)  # the paused action only: nothing was logged, nothing to redo
            self._autosave()
            return Result("ok", ended=self.battle.ended, winner=self.battle.winner)
        redo = _Checkpoint(self.battle.clone(with_log=False), len(self.battle.log), cp.side, cp.label,
                           self._source.snapshot(), list(self.battle.log[cp.log_len:]))
        self._restore(cp)
        del self.battle.log[cp.log_len:]
        self._redo.append(redo)
        self._autosave()
        return Result("ok", ended=self.battle.ended, winner=self.battle.winner, undone=tuple(redo.removed))

    def can_redo(self) -> bool:
        return bool(self._redo) and self._pending is None and self._choice is None

    def redo(self) -> Result:
        """Play again what :meth:`undo` took back (exactly: same dice, same events)."""
        if not self.can_redo():
            return self._reject(None, Reason("There is nothing to redo.", "", "undo"))
        cp = self._redo.pop()
        self._undo.append(_Checkpoint(self.battle.clone(with_log=False), len(self.battle.log), cp.side, cp.label,
                                      self._source.snapshot()))
        self._restore(cp)
        self.battle.log.extend(cp.removed)
        self._autosave()
        return Result("ok", entries=tuple(cp.removed), ended=self.battle.ended, winner=self.battle.winner)

    def _restore(self, cp: _Checkpoint) -> None:
        _assign(self.battle, cp.battle)
        self._source.restore(cp.source_state)
        self._pending = None
        self._choice = None
        self._locked = False
        self._agenda = []
        self._round_seen = set()
        self._round_turns = 0
        self._seen_round = self.battle.round
        self.last = Result("ok", ended=self.battle.ended, winner=self.battle.winner)

    # -- look-ahead ---------------------------------------------------------------------------------
    def fork(self, *, dice: str | list[int] = "seeded") -> TurnController:
        """A controller on a copy of the battle (no log, no autosave, no undo) for AI search."""
        ctl = TurnController(self.battle.clone(with_log=False), self.ruleset, dice=dice, seat=dict(self.seat),
                             settings=dataclasses.replace(self.settings, autosave_dir=None, undo_limit=0),
                             _start=False)
        ctl.initial = None
        return ctl

    # -- internals ----------------------------------------------------------------------------------
    def _side_name(self, side_id: str) -> str:
        s = self.battle.side(side_id)
        return (s.name or s.id) if s is not None else side_id

    def _game_over_reason(self) -> Reason | None:
        if self.battle.ended:
            who = self._side_name(self.battle.winner) + " won" if self.battle.winner else "it ended in a draw"
            return Reason(f"The battle is over: {who}.", "", "game_over")
        return None

    def _reject(self, intent: Action | None, reason: Reason) -> Result:
        return Result("rejected", intent=intent, reason=reason, ended=self.battle.ended, winner=self.battle.winner)

    def _play(self, intent: Action, faces: list[int] | None) -> Result:
        self._redo.clear()
        actor = self.battle.get(intent.actor)
        side = actor.side if actor is not None else None
        if side is not None and self.seat.get(side, "human") == "human" and self.settings.undo_limit > 0:
            self._undo.append(_Checkpoint(self.battle.clone(with_log=False), len(self.battle.log), side,
                                          f"{actor.label if actor else intent.actor}'s {intent.type.replace('_', ' ')}",
                                          self._source.snapshot()))
            del self._undo[:-self.settings.undo_limit]
        once = _Once(faces) if faces is not None else None
        result = self._run([("intent", intent)], intent, once=once)
        self._autosave()
        return result

    def _run(self, agenda: list[tuple[Any, ...]], intent: Action | None, *, once: _Source | None = None,
             manual_faces: list[int] | None = None) -> Result:
        """Run steps until the controller waits for an intent, needs dice, or the battle ends."""
        self._agenda = list(agenda) + self._agenda
        entries: list[dict[str, Any]] = []
        while self._agenda:
            step = self._agenda.pop(0)
            source = once if (once is not None and step[0] == "intent") else self._source
            faces = manual_faces if manual_faces is not None else None
            manual_faces = None
            outcome = self._step(step, source, faces)
            if isinstance(outcome, DiceRequest):
                self.last = Result("need_dice", intent=intent, request=outcome, entries=tuple(entries),
                                   ended=self.battle.ended, winner=self.battle.winner)
                return self.last
            if isinstance(outcome, _Choice):
                self._choice = outcome
                self.last = Result("need_choice", intent=intent, request=outcome.request, entries=tuple(entries),
                                   ended=self.battle.ended, winner=self.battle.winner)
                return self.last
            entry, follow = outcome
            if entry is not None:
                entries.append(entry)
            self._agenda[:0] = follow
            if not self.battle.ended and step[0] != "battle_end":
                over = self._battle_over()
                if over is not None:
                    # A pending end_phase still runs first: simultaneous damage
                    # held back for the end of a number (GX-4) must land.
                    pending = [s for s in self._agenda if s[0] == "end_phase"]
                    current = _policy_step(self.battle)
                    if not pending and current is not None and step[0] != "end_phase":
                        pending = [("end_phase", None, current)]
                    self._agenda = pending + [("battle_end", over[0], over[1])]
        self.last = Result("ok", intent=intent, entries=tuple(entries), ended=self.battle.ended,
                           winner=self.battle.winner)
        return self.last

    def _step(self, step: tuple[Any, ...], source: _Source,
              manual_faces: list[int] | None
              ) -> DiceRequest | _Choice | tuple[dict[str, Any] | None, list[tuple[Any, ...]]]:
        kind = step[0]
        index = len(self.battle.log)
        dice = source.dice_for(step, index, self.battle)
        if manual_faces is not None and isinstance(dice, ManualDice):
            dice.give(manual_faces)
        # on a copy whenever the step may pause: manual dice, or an intent that may ask for a choice
        pausable = isinstance(dice, ManualDice) or _asks(step) or (
            isinstance(dice, _Prefixed) and isinstance(dice.rest, ManualDice))
        work = self.battle.clone(with_log=False) if pausable else self.battle
        if isinstance(dice, SeededDice):
            dice.state = work.rng
        elif isinstance(dice, _Prefixed):
            dice.bind(work)
        try:
            events, follow = self._do(step, work, dice)
        except DiceNeeded as exc:
            got = dice.given if isinstance(dice, _Prefixed) else list(dice.faces) if isinstance(dice, ManualDice) \
                else []
            self._pending = (step, got, exc.request)
            return exc.request
        except ChoiceNeeded as exc:
            if work is self.battle:
                raise  # only an intent that asks may be answered with a choice (a ruleset bug otherwise)
            return _Choice(step, list(dice.used), exc, source)
        except DiceError as exc:
            if isinstance(source, _Replay):
                raise ReplayDiverged(index, f"the {kind} step needs dice the log does not have ({exc})") from None
            raise
        if work is not self.battle:
            _assign(self.battle, work)
        source.committed(dice)
        entry: dict[str, Any] | None = None
        if kind == "intent" or events or dice.used:
            entry = {"step": kind, "round": self.battle.round, "turn": self.battle.turn}
            if kind == "intent":
                entry["intent"] = step[1].to_dict()
            elif _step_fighter(step) is not None:
                entry["fighter"] = _step_fighter(step)
            entry["dice"] = list(dice.used)
            # The log keeps its own copy: whatever still holds the events the rules emitted (a rule's
            # local, the battle state) cannot rewrite a logged entry, and the replay of a save matches
            # its log however long the battle (issue 13).
            entry["events"] = owned(events)
            entry["source"] = source.name if not isinstance(source, _Replay) else (
                (source.expect or {}).get("source", "scripted"))
        source.check(index, entry, step)
        if entry is not None:
            self.battle.log.append(entry)
        return entry, follow

    def _do(self, step: tuple[Any, ...], b: Battle, dice: Dice) -> tuple[list[Event], list[tuple[Any, ...]]]:
        """One step on battle ``b``: its events and the steps that follow it."""
        kind = step[0]
        rs = self.ruleset
        if kind == "intent":
            intent = step[1]
            events = list(intent.resolve(b, dice))
            # A free action (release a grip, drop an item, face: S0-FREE-1,
            # L-4, L-5) keeps its actor's turn open; the ruleset's own checks
            # bound how many it allows (face once per turn), and a cap here
            # guards against a ruleset that forgets to.
            if type(intent).free and b.current == intent.actor:
                used = b.state.get("free_actions", 0) + 1
                if used < _MAX_FREE_ACTIONS:
                    b.state["free_actions"] = used
                    return events, []
            b.state.pop("free_actions", None)
            return events, [("end_turn", intent.actor), ("advance",)]
        if kind == "end_turn":
            fid = step[1]
            events = list(rs.end_turn(b, fid, dice)) if b.get(fid) is not None else []
            res = Resolution(b, dice)
            for eff in [e for e in b.effects if e["fighter"] == fid and e["until"] == "end_of_turn"]:
                res.emit(effect_end(fid, eff["kind"]))
            b.turn += 1
            for eff in [e for e in b.effects if e["until"] == "turns"
                        and b.turn - int(e.get("start", 0)) >= int(e.get("turns", 1))]:
                res.emit(effect_end(eff["fighter"], eff["kind"]))
            return events + res.events, []
        if kind == "advance":
            before = _policy_step(b)
            nxt = self._pick(b, first=False)
            after = _policy_step(b)
            follow: list[tuple[Any, ...]] = []
            if before is not None and (nxt is None or after != before):
                follow.append(("end_phase", None, before))
            follow += [("end_round",), ("start_round",), ("first",)] if nxt is None else [("start_turn", nxt)]
            return [], follow
        if kind == "first":
            nxt = self._pick(b, first=True)
            if nxt is None:
                self._empty_rounds += 1
                if self._empty_rounds > 3:
                    raise InitiativeError(f"The turn order {self.policy.name!r} gave nobody a turn for "
                                          f"{self._empty_rounds} rounds in a row; the battle cannot go on.")
                return [], [("end_round",), ("start_round",), ("first",)]
            self._empty_rounds = 0
            return [], [("start_turn", nxt)]
        if kind == "start_turn":
            fid = step[1]
            b.current = fid
            self._count_turn(b, fid)
            res = Resolution(b, dice)
            for eff in [e for e in b.effects if e["fighter"] == fid and e["until"] == "next_turn"]:
                res.emit(effect_end(fid, eff["kind"]))
            events = res.events + list(rs.start_turn(b, fid, dice))
            f = b.get(fid)
            if f is None or not rs.can_act(b, f):
                return events, [("end_turn", fid), ("advance",)]
            return events, []
        if kind == "end_round":
            res = Resolution(b, dice)
            for eff in [e for e in b.effects if e["until"] == "end_of_round"]:
                res.emit(effect_end(eff["fighter"], eff["kind"]))
            b.current = None
            b.round += 1
            return res.events, []
        if kind == "start_round":
            return list(self.policy.start_round(b, dice)), []
        if kind == "end_phase":
            return list(rs.end_phase(b, step[2], dice)), []
        if kind == "battle_end":
            winner, why = step[1], step[2]
            b.ended = True
            b.winner = winner
            return [message(why)], []
        raise ValueError(f"unknown step {kind!r}")

    def _pick(self, b: Battle, *, first: bool) -> str | None:
        """Ask the policy for the next fighter who can act, with the guard against endless rounds."""
        if self._seen_round != b.round:
            self._seen_round = b.round
            self._round_seen = set()
            self._round_turns = 0
        limit = self.settings.max_policy_steps or (1000 + 64 * len(b.fighters))
        nxt = self.policy.first(b) if first else self.policy.next(b)
        steps = 0
        while nxt is not None:
            key = _canonical([nxt, b.order, b.state.get("initiative")])
            if key in self._round_seen:
                raise InitiativeError(
                    f"The turn order {self.policy.name!r} came back to {nxt!r} in the same place in round "
                    f"{b.round} without ending the round; it would never end.")
            self._round_seen.add(key)
            f = b.get(nxt)
            if f is not None and self.ruleset.can_act(b, f):
                return nxt
            steps += 1
            if steps > limit:
                raise InitiativeError(f"The turn order {self.policy.name!r} skipped {steps} fighters in round "
                                      f"{b.round} without ending the round.")
            nxt = self.policy.next(b)
        return None

    def _count_turn(self, b: Battle, fid: str) -> None:
        key = (b.round, b.turn, fid)
        if key == self._last_counted:
            return  # the same turn start re-run after a manual-dice pause
        self._last_counted = key
        if self._seen_round != b.round:
            self._seen_round = b.round
            self._round_seen = set()
            self._round_turns = 0
        self._round_turns += 1
        limit = self.settings.max_turns_per_round or 32 * max(1, len(b.fighters))
        if self._round_turns > limit:
            raise InitiativeError(f"The turn order {self.policy.name!r} has given {self._round_turns - 1} turns "
                                  f"in round {b.round} and never ends the round (limit {limit}).")

    def _battle_over(self) -> tuple[str | None, str] | None:
        b = self.battle
        objective = self.settings.objective
        if objective is not None:
            got = objective(b)
            if got is not None:
                return got
        over, winner = self.ruleset.outcome(b)  # by default the last side standing (3d6 G0-21: pins count)
        if over:
            if winner is not None:
                return winner, f"{self._side_name(winner)} wins: no one else is left able to fight."
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

    def _autosave(self) -> None:
        """Autosave after a step; a failure is recorded in :attr:`save_problem`, never raised.

        The step has happened by now: a full disk or a read-only folder must
        not undo it, lose it or stop the battle, so the sentence is kept for
        the UI to show and the next step tries again (``save_problem`` goes
        back to ``None`` once a write succeeds).
        """
        if self.settings.autosave_dir is None or self.initial is None:
            return
        from game import saves  # late import: saves replays through this module

        try:
            self.autosaves = saves.autosave(self, self.settings.autosave_dir, keep=self.settings.autosave_keep)
        except (OSError, ValueError) as exc:  # SaveError is a ValueError: one sentence naming the folder
            self.save_problem = str(exc) or f"Saving is off: {self.settings.autosave_dir} cannot be written."
            return
        self.save_problem = None

    def entries_since(self, index: int) -> Iterator[dict[str, Any]]:
        """Log entries from ``index`` on (the UI's combat log catches up with this)."""
        return iter(self.battle.log[index:])
