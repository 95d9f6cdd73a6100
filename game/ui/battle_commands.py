"""The battle screen's commands (keys, buttons, dialog answers that are not intents), one function each.

A mode returns ``Command(name, arg)`` for what is not an action of a fighter:
end the turn, undo and redo, save, the pause menu, skip the animation,
inspect or cycle fighters, the dice dialog's answers, a result chosen after a
roll. :func:`run_command` looks the name up in :data:`COMMANDS`; a command
returns a scene transition (the pause menu) or None.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.ui import modes as M
from game.ui.describe import intent_words
from game.ui.scene import Transition

if TYPE_CHECKING:
    from game.ui.battle_options import OptionCache
    from game.ui.battle_results import ResultDispatcher
    from game.ui.board_scene import BoardScene
    from game.ui.event_player import EventPlayer
    from game.ui.hud.combat_log import CombatLog
    from game.ui.last_action import LastAction
    from game.ui.toasts import Toasts

__all__ = ["COMMANDS", "CommandScene", "run_command", "cycle_fighters"]


class CommandScene(Protocol):
    """What a command reads of the battle screen, what it may change, and what it may ask of it.

    The battle screen (``game.ui.battle_scene.BattleScene``) is one. A command changes the battle only through
    the session (undo, redo, the dice given); of the screen it sets only the legend and the swallowed release
    (the attributes declared below); the board's selection and token overrides, the player's banner, the last
    human seat, the last-roll box and the dialog change through their owners' methods (``BoardScene.select``,
    ``ResultDispatcher.undone_to``, ``close_dialog``...); everything else it asks for by a call."""

    @property
    def app(self) -> Any: ...
    @property
    def session(self) -> Any: ...
    @property
    def actor(self) -> str | None: ...
    @property
    def mode(self) -> M.Mode: ...
    @property
    def board(self) -> BoardScene: ...
    @property
    def player(self) -> EventPlayer: ...
    @property
    def results(self) -> ResultDispatcher: ...
    @property
    def log(self) -> CombatLog: ...
    @property
    def last_action(self) -> LastAction: ...
    @property
    def option_cache(self) -> OptionCache: ...
    @property
    def toasts(self) -> Toasts: ...
    legend_open: bool
    swallow_up: bool

    def name(self, fid: str | None) -> str: ...
    def close_dialog(self) -> None: ...
    def options(self) -> list[Any]: ...
    def close_mode_widgets(self) -> None: ...
    def submit(self, intent: Any) -> None: ...
    def dispatch(self, result: Any, shadow: Any = None, decision: Any = None) -> None: ...
    def settle(self, first: bool = False) -> None: ...
    def show_live(self) -> None: ...
    def set_mode(self, mode: M.Mode) -> None: ...
    def cycle(self, step: int) -> None: ...
    def toast(self, text: str, tone: str = "neutral") -> None: ...


def _end_turn(sc: CommandScene, arg: Any) -> None:
    if sc.actor is None:
        return
    shadow = sc.session.battle.clone(with_log=False)
    if sc.session.ctl.initiative().get("phase") == "choose":
        # G3-3: passing the winner's choice makes the choice a pass stands for, the first the rules list (nd6:
        # "moves second"), so the log says who moves first; a bare pass read "Grub does nothing" (under Xvfb)
        first = next((o.action for o in sc.options() if o.legal), None)
        if first is not None:
            sc.dispatch(sc.session.submit(first), shadow)
            return
    sc.dispatch(sc.session.end_turn(), shadow)


def _end_round(sc: CommandScene, arg: Any) -> None:
    """End or Shift+Space: pass this turn and every later one of the fighter this round (``Session.end_round``);
    in the choice of who moves first (G3-3) it is Space's choice."""
    if sc.actor is None:
        return
    if sc.session.ctl.initiative().get("phase") == "choose":
        _end_turn(sc, arg)
        return
    shadow = sc.session.battle.clone(with_log=False)
    sc.dispatch(sc.session.end_round(), shadow)


def _undo(sc: CommandScene, arg: Any) -> None:
    s = sc.session
    if getattr(s, "networked", False):  # a served battle: a take-back the other players answer (net_session)
        sc.toast(s.ask_take_back(), "neutral")
        return
    sc.player.finish()
    sc.close_mode_widgets()
    res = s.undo()
    if res.rejected:
        sc.toast(f"Cannot undo: {res.reason.text}", "failure")
        sc.settle()
        return
    sc.show_live()
    forget_shown(sc)
    sc.log.rebuild(s.battle.log, s.battle)
    sc.log.note("(took back the last action)")
    sc.toast("Undone.", "neutral")
    sc.results.undone_to(s.current_side(), s.whose_turn())
    sc.settle()


def forget_shown(sc: CommandScene) -> None:
    """After an undo: nothing of the undone action stays on screen. Its captions over the tokens and its
    banner go, its toasts go (the battle's moment changed), and the last-roll box shows the last roll still in
    the log, or nothing (an undone grab's "grabs torso" and its roll stayed up)."""
    sc.player.floaters.clear()
    sc.player.clear_banner()
    sc.toasts.clear()
    box = sc.last_action
    box.clear()
    b = sc.session.battle
    for entry in reversed(b.log):
        intent = entry.get("intent") if isinstance(entry, dict) else None
        rolls = [ev for ev in entry.get("events", []) if ev.get("type") in ("roll", "contest")] if intent else []
        if rolls:
            box.show(rolls, intent.get("actor"), intent_words(b, intent))
            return


def _redo(sc: CommandScene, arg: Any) -> None:
    s = sc.session
    res = s.redo()
    if not res.rejected:
        sc.log.rebuild(s.battle.log, s.battle)
        sc.toast("Redone.", "neutral")
        sc.settle()


def _save(sc: CommandScene, arg: Any) -> Transition:
    """Ctrl+S: save under a name (offered: the board and the round), asking before replacing one."""
    # late: start-up time: game.ui.menus.save_dialog is not loaded for the menu's first frame
    from game.ui.menus.save_dialog import SaveDialog

    sc.close_mode_widgets()
    sc.player.finish()
    return Transition("push", SaveDialog(sc.app, sc))


def _pause_menu(name: str | None) -> Callable[[CommandScene, Any], Transition]:
    """The pause menu, opened on ``name``'s page (load, help) or on its front."""

    def run(sc: CommandScene, arg: Any) -> Transition:
        # late: start-up time: game.ui.menus.pause_menu is not loaded for the menu's first frame
        from game.ui.menus.pause_menu import PauseMenu

        sc.close_mode_widgets()
        sc.player.finish()
        if name == "help" and isinstance(arg, str) and arg:  # a rule link: the help opens at that rule
            return Transition("push", PauseMenu(sc.app, sc, open=name, rule=arg))
        return Transition("push", PauseMenu(sc.app, sc, open=name))

    return run


def _mute(sc: CommandScene, arg: Any) -> None:
    """Ctrl+M: sound off or on (saved with the settings)."""
    on = sc.app.toggle_mute()
    sc.toast("Sound on." if on else "Sound off (Ctrl+M turns it back on).", "neutral")


def _keys(sc: CommandScene, arg: Any) -> Transition:
    """F2 or ?: every key of the battle screen (game.ui.keys)."""
    # late: start-up time: game.ui.menus.keys_help is not loaded for the menu's first frame
    from game.ui.menus.keys_help import KeysHelp

    sc.close_mode_widgets()
    return Transition("push", KeysHelp(sc.app, sc))


def _briefing(sc: CommandScene, arg: Any) -> Transition:
    """F3: the briefing again - sides, who plays them, the victory condition, the ruleset."""
    # late: start-up time: game.ui.briefing is not loaded for the menu's first frame
    from game.ui.briefing import BriefingScene

    sc.close_mode_widgets()
    return Transition("push", BriefingScene(sc.app, sc, again=True))


def _legend(sc: CommandScene, arg: Any) -> None:
    """F4: the legend of the arc colours and the badges (game.ui.legend); F4 again, Esc or a click closes it."""
    sc.legend_open = not sc.legend_open


def _finish(sc: CommandScene, arg: Any) -> None:
    """Skip the animation to the end (``arg`` "key" when a key skipped it, else a click did)."""
    sc.swallow_up = arg != "key"  # the release of the click that skipped must not act as well
    sc.player.finish()
    sc.board.clear_token_override()
    if sc.board.battle is not sc.session.battle or isinstance(sc.mode, M.Animating):
        sc.show_live()
        sc.settle()


def _inspect(sc: CommandScene, arg: Any) -> None:
    sc.board.select(arg)


def _unreachable(sc: CommandScene, arg: Any) -> None:
    h = arg
    why = sc.option_cache.move_refusal(h)  # a move the rules refuse: their reason (S3-FIRE-7's panic run)
    if why:
        sc.toast(f"Not to ({h.q}, {h.r}): {why}", "failure")
        return
    sc.toast(f"{sc.name(sc.actor)} cannot reach ({h.q}, {h.r}) this turn: the lit hexes are in reach.", "neutral")


def cycle_fighters(sc: CommandScene, step: int) -> None:
    """Select the next (``step`` 1) or previous (-1) fighter of the side playing (or the first human
    side) still in the fight, and centre the camera on it."""
    s = sc.session
    side = s.current_side() if s.is_human_turn() else None
    if side is None:
        hs = s.human_sides()
        side = hs[0] if hs else None
    mine = [f.id for f in s.battle.fighters if f.side == side
            and not ({"dead", "unconscious"} & set(f.conditions))]
    if not mine:
        return
    cur = sc.board.selected
    i = mine.index(cur) if cur in mine else -1
    nxt = mine[(i + step) % len(mine)]
    sc.board.select(nxt)
    if nxt == sc.actor:
        sc.set_mode(M.SelectHex(nxt))
    elif isinstance(sc.mode, M.SelectHex):
        sc.set_mode(M.SelectFighter())
    try:
        sc.board.camera.center_on(*sc.board.geometry.center(s.battle.fighter(nxt).hex))
    except KeyError:
        pass


def _cycle(sc: CommandScene, arg: Any) -> None:
    sc.cycle(arg)


def _give_dice(sc: CommandScene, arg: Any) -> None:
    s = sc.session
    sc.close_dialog()
    shadow = s.battle.clone(with_log=False)
    res = s.give_dice(arg)
    if res.rejected:
        sc.toast(res.reason.text, "failure")
        sc.settle()
    else:
        sc.dispatch(res, shadow)


def _cancel_dice(sc: CommandScene, arg: Any) -> None:
    sc.close_dialog()
    if not sc.session.cancel_dice():
        sc.toast("This roll is the rules' own (not an action): it cannot be cancelled.", "failure")
    sc.settle()


def _dice_by_computer(sc: CommandScene, arg: Any) -> None:
    """The player stops rolling by hand: the computer's dice from now on, the paused roll included."""
    s = sc.session
    sc.close_dialog()
    sc.app.change_setting("dice_source", "computer")
    shadow = s.battle.clone(with_log=False)
    res = s.set_dice_source("computer")
    paused = s.ctl.waiting_for_dice is not None
    if res is not None and not paused and not res.rejected:
        sc.dispatch(res, shadow)
    elif paused:
        # an action was paused: play it again with computer dice
        intent = s.ctl.paused_intent
        s.cancel_dice()
        if intent is not None:
            sc.submit(intent)
            return
        sc.settle()
    else:
        sc.settle()


def _choose(sc: CommandScene, arg: Any) -> None:
    shadow = sc.session.battle.clone(with_log=False)
    sc.dispatch(sc.session.choose(arg), shadow)


#: command name -> what it does
COMMANDS: dict[str, Callable[[CommandScene, Any], Transition | None]] = {
    "end_turn": _end_turn,
    "end_round": _end_round,
    "undo": _undo,
    "redo": _redo,
    "save": _save,
    "pause": _pause_menu(None),
    "load": _pause_menu("load"),
    "help": _pause_menu("help"),
    "mute": _mute,
    "keys": _keys,
    "briefing": _briefing,
    "legend": _legend,
    "finish": _finish,
    "inspect": _inspect,
    "unreachable": _unreachable,
    "cycle": _cycle,
    "give_dice": _give_dice,
    "cancel_dice": _cancel_dice,
    "dice_by_computer": _dice_by_computer,
    "choose": _choose,
}


def run_command(scene: CommandScene, cmd: M.Command) -> Transition | None:
    """Do ``cmd`` on the battle screen; an unknown name does nothing."""
    run = COMMANDS.get(cmd.name)
    return run(scene, cmd.arg) if run is not None else None
