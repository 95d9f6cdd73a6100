"""What the battle screen does with the controller's answers: log them, animate them, pick the next mode.

:meth:`ResultDispatcher.dispatch` takes a controller ``Result``: a refusal
becomes a toast and a line in the log; accepted entries go to the combat log
and the event player (which replays them on the *shadow*, the battle as it
was before), and their rolls become the last action at the board's foot.
When nothing is left to play, :meth:`ResultDispatcher.settle` reads what the
controller waits for and picks the mode: the end screen, the dice dialog, the
ruleset's menu of results after a roll, a hand-over between human sides, your
move, or watching the computer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.ui import modes as M
from game.ui.action_menu import ActionMenu
from game.ui.describe import decision_needs_a_line, decision_words, intent_words
from game.ui.dice_dialog import DiceDialog
from game.ui.hud.combat_log import LogLine
from game.ui.scene import Transition
from game.wording import possessive

if TYPE_CHECKING:
    import pygame

    from game.ui.board_scene import BoardScene
    from game.ui.event_player import EventPlayer
    from game.ui.hud.combat_log import CombatLog
    from game.ui.last_action import LastAction
    from game.ui.palette import Palette
    from game.ui.text import TextCache

__all__ = ["ResultDispatcher", "ResultScene", "computer_pace", "FAST_COMPUTER_PACE"]


class ResultScene(Protocol):
    """What the dispatcher reads of the battle screen, what it may change, and what it may ask of it.

    The battle screen (``game.ui.battle_scene.BattleScene``) is one. The dispatcher assigns none of its
    fields (the shape test checks it): the board's shown battle and selection, the player's pace, the log's
    lines and scroll and the last action's box change through their owners' methods (``BoardScene.show``,
    ``EventPlayer.set_pace``, ``CombatLog.to_bottom``...), the dice dialog through ``open_dialog``; a mode, a
    toast or another screen it asks for by a call."""

    @property
    def app(self) -> Any: ...
    @property
    def session(self) -> Any: ...
    @property
    def settings(self) -> Any: ...
    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def text(self) -> TextCache: ...
    @property
    def pal(self) -> Palette: ...
    @property
    def help(self) -> Any: ...
    @property
    def mouse(self) -> tuple[int, int]: ...
    @property
    def board_rect(self) -> pygame.Rect: ...
    @property
    def board(self) -> BoardScene: ...
    @property
    def player(self) -> EventPlayer: ...
    @property
    def log(self) -> CombatLog: ...
    @property
    def last_action(self) -> LastAction: ...

    def name(self, fid: str | None) -> str: ...
    def close_mode_widgets(self) -> None: ...
    def open_dialog(self, dialog: DiceDialog) -> None: ...
    def show_live(self) -> None: ...
    def set_mode(self, mode: M.Mode) -> None: ...
    def request(self, t: Transition) -> None: ...
    def toast(self, text: str, tone: str = "neutral") -> None: ...

#: how much faster the computer's moves play with "fast computer turns" on (the player's own play at 1)
FAST_COMPUTER_PACE = 2.0


def computer_pace(sc: ResultScene, entries: list[Any]) -> float:
    """The event player's pace for these entries: double for a computer fighter's action when the setting
    "fast computer turns" is on (a round of three computer fighters took 8-10 s of watching), 1 otherwise
    (the player's own moves, a hotseat human's, a turn with no actor)."""
    if not getattr(sc.settings, "fast_computer", False):
        return 1.0
    s = sc.session
    for e in entries:
        actor = (e.get("intent") or {}).get("actor")
        f = next((x for x in s.battle.fighters if x.id == actor), None) if actor else None
        if f is not None:
            return FAST_COMPUTER_PACE if s.seat.get(f.side, "human") in ("ai", "computer") else 1.0
    return 1.0


def shown_action(session: Any, entries: list[dict[str, Any]], before: Any) -> dict[str, Any] | None:
    """Whose action ``entries`` play and in which phase, from the battle as it was before them (``before``):
    the header names them while they play (QA: the d20 header said "Finn's turn \u2014 movement", the next
    turn, while Finn's shield bash still played). None when no entry is a fighter's intent."""
    actor = next(((e.get("intent") or {}).get("actor") for e in entries if (e.get("intent") or {}).get("actor")),
                 None)
    if actor is None:
        return None
    phase = None
    if before is not None:
        try:
            phase = session.ctl.policy.describe(before).get("phase")
        except Exception:  # noqa: BLE001 - the header falls back to the battle's own words
            phase = None
    return {"fighter": actor, "phase": phase}


class ResultDispatcher:
    """Turns results into log lines, animations and modes; remembers the little it needs between them."""

    def __init__(self, scene: ResultScene) -> None:
        self.scene = scene
        self.ended_shown = False  # the end screen was pushed once: not again after an undo
        self.last_human_side: str | None = None  # for the hand-over screen between human sides
        self.last_human_actor: str | None = None  # ... and between human fighters (its "every" setting)
        self._noted_choice: Any = None  # the open choice whose prompt is already in the log

    def dispatch(self, result: Any, shadow: Any = None, decision: Any = None) -> None:
        """Log and animate a controller result, or show why it was refused."""
        sc = self.scene
        if result is None:
            return
        if result.rejected:
            r = result.reason
            sc.toast(f"Not allowed: {r.text}" + (f" ({r.rule})" if getattr(r, "rule", "") else ""), "failure")
            sc.log.note(f"Refused: {r.text}")
            self.settle()
            return
        if decision is not None and decision_needs_a_line(decision):
            sc.log.add(LogLine(decision_words(sc.session.battle, decision), "ai"))
        problem = sc.session.take_ai_problem()
        if problem:
            sc.toast(problem, "failure")
        entries = list(result.entries)
        for e in entries:
            if not e.get("events"):
                sc.log.add_entry(e, sc.session.battle)  # nothing to play: log it now
            rolls = [ev for ev in e.get("events", []) if ev.get("type") in ("roll", "contest")]
            if "intent" in e and rolls:
                sc.last_action.show(rolls, e["intent"].get("actor"), intent_words(sc.session.battle, e["intent"]))
        sc.log.to_bottom()
        if entries:
            if shadow is None:
                shadow = sc.session.battle.clone(with_log=False)
                # no snapshot from before: animate on the final state (captions and dice still play)
            if not sc.player.busy:
                sc.board.show(shadow)
                sc.player.set_pace(computer_pace(sc, entries))
            sc.player.play(entries, sc.board.battle, shown_action(sc.session, entries, shadow))
            sc.set_mode(M.Animating())
        if not sc.player.busy:
            sc.show_live()
            self.settle()

    def settle(self, first: bool = False) -> None:
        """After the animation: the next mode for the state the controller is in."""
        sc = self.scene
        s = sc.session
        sc.close_mode_widgets()
        if s.battle.ended:
            sc.set_mode(M.Watching())
            if not self.ended_shown:
                self.ended_shown = True
                # late: start-up time: game.ui.menus.end_screen is not loaded for the menu's first frame
                from game.ui.menus.end_screen import EndScreen

                sc.request(Transition("push", EndScreen(sc.app, sc)))
            return
        req = s.waiting_for_dice
        if req is not None:
            dialog = DiceDialog(sc.app.gui, req, sc.size, can_cancel=s.ctl.can_cancel_dice)
            sc.open_dialog(dialog)
            sc.set_mode(M.EnterDice(dialog))
            return
        choice = getattr(s.ctl, "waiting_for_choice", None)
        if choice is not None:
            sc.set_mode(M.Choose(self.result_menu(choice), M.Watching()))
            return
        if s.is_human_turn():
            if self.pass_idle():
                return  # the passes' log line is written; what ran between them plays, then this settles again
            side = s.current_side()
            actor = s.whose_turn()
            # late: start-up time: game.ui.handover is not loaded for the menu's first frame
            from game.ui.handover import HandoverScene, handover_due, show_turn_banner

            if handover_due(sc.settings.handover, s.is_hotseat(), self.last_human_side, side,
                            self.last_human_actor, actor):
                if sc.settings.handover == "banner":  # nothing here is hidden: the board stays in view
                    show_turn_banner(sc, side)
                else:
                    sc.request(Transition("push", HandoverScene(sc.app, sc, side)))
            if self.last_human_actor not in (None, actor) and self.last_human_side == side:
                self.say_phase(actor)
            self.last_human_side, self.last_human_actor = side, actor
            sc.board.select(actor)
            self.bring_into_view(actor)
            sc.set_mode(M.SelectHex(actor))
        else:
            sc.set_mode(M.Watching())

    def pass_idle(self) -> bool:
        """Human fighters with nothing to do in their turn (or whose round their player ended) pass by themselves
        (``game.flow.idle``): one log line a phase names them all ("Nothing to do in the missiles phase: Ann,
        Bob pass."); True when any passed (the rest of the result is dispatched, and settles again)."""
        sc = self.scene
        shadow = sc.session.battle.clone(with_log=False)
        result, passed = sc.session.pass_idle()
        if result is None:
            return False
        # late: start-up time: game.flow.idle is not loaded for the menu's first frame
        from game.flow.idle import idle_lines

        for line in idle_lines(passed):
            sc.log.add(LogLine(line, "note"))
        self.dispatch(result, shadow)
        return True

    def bring_into_view(self, fid: str | None) -> None:
        """Pan the board to the fighter whose turn it is when its token is off screen (a map too big for a small
        window opens on its middle, the crews at its edges: "Vasko's turn" with no Vasko to see)."""
        sc = self.scene
        f = sc.session.battle.get(fid) if fid else None
        board = getattr(sc, "board", None)
        rect = getattr(sc, "board_rect", None)
        if f is None or board is None or rect is None:
            return
        cam, geo = board.camera, board.geometry
        x, y = board.hex_screen_pos(f.hex)
        pad = geo.hex_radius * cam.zoom
        if rect.inflate(-2 * pad, -2 * pad).collidepoint(x, y):
            return
        wx, wy = geo.center(f.hex)
        cam.put_at_screen(wx, wy, rect.centerx, rect.centery)

    def undone_to(self, side: str | None, actor: str | None) -> None:
        """An undo went back to ``actor``'s turn on ``side``: no hand-over or phase line for coming back."""
        self.last_human_side, self.last_human_actor = side, actor

    def say_phase(self, actor: str) -> None:
        """S4-PHASE-1: fighters on one initiative number take each phase in turn; when the next is another of
        the player's own (no hand-over screen), a toast says whose phase it is now, so a second Space does
        not pass it unseen (issue 15)."""
        sc = self.scene
        try:
            info = sc.session.ctl.initiative()
        except Exception:  # noqa: BLE001 - words on screen must never stop the game
            return
        phase, count = info.get("phase"), info.get("count")
        if info.get("phases") and phase:
            on = f" (also on initiative {count})" if count is not None else ""
            sc.toast(f"Now {possessive(sc.name(actor), plural=False)} {phase} phase{on}.", "neutral")

    def result_menu(self, need: Any) -> ActionMenu:
        """The ruleset's menu after a roll (``need_choice``): the roll at a glance, the choices, the prompt."""
        sc = self.scene
        s = sc.session
        data = getattr(need, "data", {}) or {}
        actor = data.get("actor") or s.whose_turn()
        contest = data.get("contest")
        if contest is not None:
            sc.last_action.show([contest], actor, f"{sc.name(actor)}: roll made, result to choose")
        if self._noted_choice is not need:
            self._noted_choice = need
            sc.log.note(need.prompt)
        f = s.battle.get(actor)
        anchor = sc.board.token_screen_pos(actor) if f is not None else sc.board_rect.center
        edge = data.get("edge")
        title = f"{sc.name(actor)}: edge {edge}" if edge is not None else f"{sc.name(actor)}: choose"
        return ActionMenu(sc.app.gui, s, s.battle, actor, list(need.menu), target=data.get("target"),
                          anchor=(int(anchor[0]), int(anchor[1])), text=sc.text, pal=sc.pal,
                          screen_size=sc.size, title=title, result_mode=True, help=sc.help, request=need,
                          avoid=sc.mouse)  # no result under the pointer when it opens
