"""One battle being played at the screen: the turn controller, who sits at each side, the computer players.

No pygame here. The battle scene asks the session what may be done and hands
it intents; the session passes them to :class:`game.flow.turns.TurnController`
(the only thing that changes the battle) and returns the controller's
:class:`~game.flow.turns.Result`, whose log entries the scene animates and logs.

Computer sides: :meth:`Session.poll_computer` starts an
:class:`game.ai.Opponent` in its worker thread when a computer seat is to
act, and submits its decision once it is ready (``sync_ai=True`` decides in
the caller's thread, for tests). If the opponent cannot decide, the computer
passes.

**The ruleset needs a choice from the player** (the hook for rulesets whose
result menu comes after the roll, e.g. ``edge``): if the controller offers
``choose(action)``, intents that have an ``ask`` field are submitted with
``ask=True``; the controller may then answer ``Result(status="need_choice",
request=...)`` where ``request.menu`` is a list of
:class:`~game.rules.base.Option` (illegal ones with their reason) and
``request`` describes the roll (``prompt``/``describe()``, ``contest``). The
scene shows that menu as a result menu and calls :meth:`Session.choose` with
the picked option's action. Without controller support nothing is asked and
the engine picks what a sensible player would (its log message says so).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from game.files import saves
from game.files.maps import load_scenario
from game.flow.turns import Result, TurnController, TurnSettings, side_ids
from game.rules.base import Action, Option, Reason

__all__ = ["Session", "SessionError", "new_session", "load_session", "describe_seat"]


class SessionError(ValueError):
    """A battle that cannot be started or loaded: one sentence for the player."""


def describe_seat(seat: str) -> str:
    return "computer" if seat == "ai" else "human"


class Session:
    """A live battle: controller, seats, computer players, the scenario it came from."""

    def __init__(self, ctl: TurnController, *, scenario: str | None = None, ai_level: str = "normal",
                 sync_ai: bool = False, ai_budget_ms: float | None = 200.0, ai_nodes: int | None = None,
                 ai_factory: Callable[[], Any] | None = None) -> None:
        self.ctl = ctl
        self.scenario = scenario
        self.ai_level = ai_level
        self.sync_ai = sync_ai
        self.ai_budget_ms = ai_budget_ms
        self.ai_nodes = ai_nodes
        self._ai_factory = ai_factory
        self._opponent: Any = None
        #: computer players of the levels sides name for themselves (``Side.level``), by level
        self._side_opponents: dict[str, Any] = {}
        self._thinking: Any = None  # the one whose decision is awaited (its cancel stops it)
        self._future: Future | None = None
        self._future_for: str | None = None
        self.last_decision: Any = None
        self.ai_problem: str | None = None  # read once by take_ai_problem
        #: (fighter id, round) whose player ended the fighter's round (End / Shift+Space): its turns left in
        #: that round pass by themselves (``game.flow.idle``)
        self.resting: set[tuple[str, int]] = set()

    def take_ai_problem(self) -> str | None:
        """Why the computer last passed, once (the screen toasts it, then it is gone)."""
        problem, self.ai_problem = self.ai_problem, None
        return problem

    # -- what is going on ---------------------------------------------------------------------
    @property
    def battle(self) -> Any:
        return self.ctl.battle

    @property
    def ruleset(self) -> Any:
        return self.ctl.ruleset

    @property
    def seat(self) -> dict[str, str]:
        return self.ctl.seat

    def whose_turn(self) -> str | None:
        return self.ctl.whose_turn()

    def current_side(self) -> str | None:
        return self.ctl.current_side()

    def is_human_turn(self) -> bool:
        return self.ctl.is_human_turn() and not self.battle.ended

    def human_sides(self) -> list[str]:
        return [s for s in side_ids(self.battle) if self.seat.get(s, "human") == "human"]

    def is_hotseat(self) -> bool:
        return len(self.human_sides()) >= 2

    def side_name(self, side_id: str | None) -> str:
        if side_id is None:
            return ""
        s = self.battle.side(side_id)
        return (s.name or s.id) if s is not None else side_id

    @property
    def save_problem(self) -> str | None:
        """Why the last autosave failed (one sentence naming the folder), ``None`` while saving works.

        The controller keeps the move and the battle whatever the disk does;
        the app shows this sentence once (see ``App.relay_save_problem``).
        """
        return getattr(self.ctl, "save_problem", None)

    @property
    def thinking(self) -> bool:
        return self._future is not None and not self._future.done()

    @property
    def waiting_for_dice(self) -> Any:
        return self.ctl.waiting_for_dice

    def options(self, fighter_id: str | None = None) -> list[Option]:
        """The ruleset's options for a fighter (the current one by default); empty if it is not its turn."""
        fid = fighter_id or self.whose_turn()
        if fid is None or fid != self.whose_turn() or self.waiting_for_dice is not None:
            return []
        opts = self.ctl.legal_actions()
        if hasattr(self.ctl, "choose"):
            # the result is chosen after the roll: naming it beforehand only adds a way to lose it
            opts = [o for o in opts if not (_can_ask(o.action) and getattr(o.action, "option", None) is not None)]
        return opts

    def odds(self, action: Action) -> dict[str, float] | None:
        try:
            return self.ruleset.odds(self.battle, action)
        except Exception:  # noqa: BLE001 - a ruleset without odds for this action: show no number
            return None

    # -- playing ------------------------------------------------------------------------------
    def _asking(self, intent: Action) -> Action:
        if hasattr(self.ctl, "choose") and "ask" in {f.name for f in dataclasses.fields(intent)}:
            try:
                return dataclasses.replace(intent, ask=True)  # type: ignore[call-arg]
            except TypeError:
                return intent
        return intent

    def submit(self, intent: Action) -> Result:
        return self.ctl.submit(self._asking(intent))

    def choose(self, action: Action) -> Result:
        """Answer a ``need_choice`` result with the picked option's action."""
        chooser = getattr(self.ctl, "choose", None)
        if chooser is None:
            return self.ctl.submit(action)
        return chooser(action)

    def end_turn(self) -> Result:
        return self.ctl.end_turn()

    def end_round(self) -> Result:
        """End the current fighter's whole round: pass this turn (undo takes it back) and remember the fighter,
        so its later turns of the round pass by themselves (:meth:`pass_idle`)."""
        fid, rnd = self.whose_turn(), self.battle.round
        result = self.ctl.end_turn()
        if fid is not None and not result.rejected:
            self.resting.add((fid, rnd))
        return result

    def pass_idle(self) -> tuple[Result | None, list[Any]]:
        """Pass the human fighters' turns with nothing in them, and those of fighters whose round their player
        ended (``game.flow.idle.pass_idle``); the computer's turns are never passed here."""
        # late: start-up time: game.flow.idle is not loaded for the menu's first frame
        from game.flow.idle import pass_idle

        self.resting = {(f, r) for f, r in self.resting if r >= self.battle.round}
        return pass_idle(self.ctl, self.resting)

    def undo(self) -> Result:
        self.cancel_computer()
        self.resting.clear()  # the ended round is taken back with the pass that ended it
        return self.ctl.undo()

    def redo(self) -> Result:
        return self.ctl.redo()

    def give_dice(self, faces: list[int]) -> Result:
        return self.ctl.give_dice(faces)

    def cancel_dice(self) -> bool:
        return self.ctl.cancel_dice()

    def set_dice_source(self, source: str) -> Result | None:
        """``computer`` or ``manual``; a paused hook continues with the new source."""
        if self.ctl.dice_mode == "scripted":
            return None  # tests keep their script
        self.ctl.set_dice("manual" if source == "manual" else "seeded")
        if source != "manual" and self.waiting_for_dice is not None:
            return self.ctl.resume()
        return None

    # -- what arrives by itself ---------------------------------------------------------------
    #: a battle served over a network answers with ``game.ui.net_session.NetSession``, which has this face
    networked = False

    def arrivals(self) -> list[Any]:
        """What changed the battle since the last frame without the screen asking (a served match's entries:
        ``game.ui.net_session.Arrival``); a local battle changes only when the screen submits: none."""
        return []

    def waiting_words(self) -> str:
        """The hint while another player acts; a local battle's computer says "thinking" itself: none."""
        return ""

    # -- the computer -------------------------------------------------------------------------
    def level_of(self, side_id: str | None) -> str:
        """The computer's level for a side: the scenario's own for that side (``Side.level``), else the
        player's setting (a built battle may put an easy side beside a hard one)."""
        side = self.battle.side(side_id) if side_id else None
        return (side.level if side is not None and side.level else "") or self.ai_level

    def _opponent_obj(self, fighter_id: str | None = None) -> Any:
        """The computer player for the fighter's side: the setting's level, or one of the side's own level."""
        f = self.battle.get(fighter_id)
        level = self.level_of(f.side if f is not None else None)
        if self._ai_factory is None and level != self.ai_level:
            if level not in self._side_opponents:
                # late: start-up time: game.ai is not loaded for the menu's first frame
                from game.ai import Opponent

                self._side_opponents[level] = Opponent(level, budget_ms=self.ai_budget_ms, nodes=self.ai_nodes,
                                                       seed=self.battle.rng.seed)
            self._thinking = self._side_opponents[level]
            return self._thinking
        if self._opponent is None:
            if self._ai_factory is not None:
                self._opponent = self._ai_factory()
            else:
                # late: start-up time: game.ai is not loaded for the menu's first frame
                from game.ai import Opponent

                self._opponent = Opponent(self.ai_level, budget_ms=self.ai_budget_ms, nodes=self.ai_nodes,
                                          seed=self.battle.rng.seed)
        self._thinking = self._opponent
        return self._opponent

    def set_ai(self, level: str, budget_ms: float | None) -> None:
        """The computer's level or thinking time changed (the settings): its next decision uses them."""
        if (level, budget_ms) == (self.ai_level, self.ai_budget_ms):
            return
        self.ai_level, self.ai_budget_ms = level, budget_ms
        if self._ai_factory is None and (self._opponent is not None or self._side_opponents):
            self.cancel_computer()
            for opp in [self._opponent, *self._side_opponents.values()]:
                if opp is not None and hasattr(opp, "close"):
                    opp.close()
            self._opponent, self._side_opponents, self._thinking = None, {}, None

    def computer_to_act(self) -> bool:
        b = self.battle
        return (not b.ended and self.whose_turn() is not None and not self.ctl.is_human_turn()
                and self.waiting_for_dice is None)

    def poll_computer(self) -> tuple[Result, Any] | None:
        """Start or finish the computer's decision; returns (result, decision) once it has acted."""
        if not self.computer_to_act():
            self.cancel_computer()
            return None
        fid = self.whose_turn()
        if self._future is not None and self._future_for != fid:
            self.cancel_computer()
        if self._future is None:
            try:
                opp = self._opponent_obj(fid)
                if self.sync_ai:
                    fut: Future = Future()
                    fut.set_result(opp.decide(self.battle, self.ruleset, fid))
                else:
                    fut = opp.decide_async(self.battle, self.ruleset, fid)
            except Exception as exc:  # noqa: BLE001 - a broken opponent must not stop the game
                self.ai_problem = f"The computer could not think ({exc}); it passes."
                return self.ctl.end_turn(), None
            self._future, self._future_for = fut, fid
        if not self._future.done():
            return None
        fut, self._future, self._future_for = self._future, None, None
        try:
            decision = fut.result()
        except Exception as exc:  # noqa: BLE001
            self.ai_problem = f"The computer could not think ({exc}); it passes."
            return self.ctl.end_turn(), None
        self.last_decision = decision
        action = getattr(decision, "action", None)
        if action is None:
            return self.ctl.end_turn(), decision
        result = self.ctl.submit(action)
        if result.rejected:  # the battle moved on or the opponent erred: pass rather than stall
            self.ai_problem = f"The computer chose something it may not do ({result.reason}); it passes."
            result = self.ctl.end_turn()
        return result, decision

    def cancel_computer(self) -> None:
        if self._future is not None:
            thinking = self._thinking or self._opponent
            if thinking is not None and hasattr(thinking, "cancel"):
                thinking.cancel()
            self._future = None
            self._future_for = None

    def close(self) -> None:
        self.cancel_computer()
        for opp in [self._opponent, *self._side_opponents.values()]:
            if opp is not None and hasattr(opp, "close"):
                opp.close()

    # -- files --------------------------------------------------------------------------------
    def save(self, path: Path | str | None = None, name: str = "save", *, title: str = "") -> Path:
        """Save atomically; ``title`` is the name the player typed (shown by the load screen)."""
        return saves.save_game(self.ctl, path, name=name, scenario=self.scenario, title=title)

    def replay(self) -> Any:
        return saves.Replay.from_controller(self.ctl)

    def undo_reason(self) -> Reason | None:
        return self.ctl.can_undo()


def _can_ask(action: Action) -> bool:
    return "ask" in {f.name for f in dataclasses.fields(action)}


def _settings(autosave: bool) -> TurnSettings:
    return TurnSettings(autosave_dir=saves.autosave_dir() if autosave else None, allow_undo_after_dice=True)


def new_session(battle_or_path: Any, *, ruleset: str | None = None, seat: dict[str, str] | None = None,
                dice: str | list[int] = "seeded", autosave: bool = True, scenario: str | None = None,
                **kw: Any) -> Session:
    """Start a battle from a scenario path or a Battle; one sentence on any trouble (``SessionError``).
    ``scenario`` names the file a given Battle came from when it is not its own (a lesson's)."""
    battle = battle_or_path
    if isinstance(battle_or_path, str | Path):
        scenario = str(battle_or_path)
        try:
            battle = load_scenario(battle_or_path)
        except (ValueError, OSError, KeyError, TypeError) as exc:
            text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise SessionError(text if str(battle_or_path) in text else f"{battle_or_path}: {text}") from None
    if ruleset and ruleset != battle.ruleset:
        battle.ruleset = ruleset
    try:
        ctl = TurnController(battle, battle.ruleset, dice=dice, seat=seat, settings=_settings(autosave))
    except (ValueError, KeyError, TypeError) as exc:
        raise SessionError(f"{scenario or 'this battle'}: cannot start under {battle.ruleset}: {exc}") from None
    return Session(ctl, scenario=scenario or battle.scenario, **kw)


def load_session(path: Path | str, *, dice: str | None = None, autosave: bool = True, **kw: Any) -> Session:
    """A saved battle, re-played and checked; ``SessionError`` with the save's sentence when it is bad."""
    try:
        # the header first: loading an autosave writes a new one and may rotate the loaded file away
        scenario = saves.read_header(path).scenario
        ctl = saves.load_game(path, dice=dice, settings=_settings(autosave))
    except saves.SaveError as exc:
        raise SessionError(str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - anything else in a foreign file is still the file's fault
        raise SessionError(f"{path}: cannot be loaded ({exc}).") from None
    return Session(ctl, scenario=scenario, **kw)
