"""Input on the battle screen: who gets each event.

In order: an open roll breakdown takes everything, as does the legend (F4); the release of a click
that skipped an animation is swallowed; the HUD (the combat log's wheel and
clicks, a fighter chip on the initiative bar, a line of the last roll's box)
takes its own clicks; the board takes camera moves and hover (not under an
open menu or dialog); then the current mode turns the event into a new mode,
an intent to submit or a command (:func:`follow`). A crowded hex's callout
pinned as the target picker (:mod:`game.ui.crowd_picker`) takes its keys and
clicks before the HUD.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ui import crowd_picker
from game.ui import modes as M
from game.ui.keys import CAMERA_KEYS, command_for
from game.ui.scene import Transition

if TYPE_CHECKING:
    from game.ui.board_scene import BoardScene
    from game.ui.dice_dialog import DiceDialog
    from game.ui.event_player import EventPlayer
    from game.ui.hud.combat_log import CombatLog
    from game.ui.hud.initiative_bar import InitiativeBar
    from game.ui.last_action import LastAction
    from game.ui.roll_breakdown import RollBreakdown

__all__ = ["InputScene", "handle_event", "follow"]


class InputScene(Protocol):
    """What routing an event reads of the battle screen, what it may change, and what it may ask of it.

    The battle screen (``game.ui.battle_scene.BattleScene``) is one; this is the door, not the whole house:
    the HUD parts and the board are asked through their own methods (the board's press through
    ``forget_press``), and a mode's answer goes back through ``set_mode``/``submit``/``command``."""

    # read
    @property
    def board(self) -> BoardScene: ...
    @property
    def player(self) -> EventPlayer: ...
    @property
    def log(self) -> CombatLog: ...
    @property
    def bar(self) -> InitiativeBar: ...
    @property
    def last_action(self) -> LastAction: ...
    @property
    def lesson(self) -> Any: ...
    @property
    def mode(self) -> M.Mode: ...
    @property
    def toast_links(self) -> list[tuple[pygame.Rect, str]]: ...
    @property
    def board_rect(self) -> pygame.Rect: ...
    @property
    def right_rect(self) -> pygame.Rect: ...
    @property
    def top_rect(self) -> pygame.Rect: ...
    @property
    def dialog(self) -> DiceDialog | None: ...
    # changed here: the breakdown and the legend closed, the pointer, the swallowed release, a drag seen
    breakdown: RollBreakdown | None
    legend_open: bool
    swallow_up: bool
    mouse: tuple[int, int]
    dragged: bool

    def command(self, cmd: M.Command) -> Transition | None: ...
    def request(self, t: Transition) -> None: ...
    def open_breakdown(self, ev: dict[str, Any]) -> None: ...
    def set_mode(self, mode: M.Mode) -> None: ...
    def submit(self, intent: Any) -> Any: ...

#: keys that move or zoom the camera (when no menu is open): the key table's (game.ui.keys)
_CAMERA_KEYS = CAMERA_KEYS


def handle_event(sc: InputScene, event: pygame.event.Event) -> Transition | None:
    """One pygame event on the battle screen (see the module docstring for who gets it)."""
    et = event.type
    if sc.breakdown is not None:
        out = sc.breakdown.handle(event)
        if out == "close":
            sc.breakdown = None
        elif isinstance(out, str) and out.startswith("rule:"):  # a rule pill: F1 opens at it (issue 18)
            sc.breakdown = None
            return sc.command(M.Command("help", out[5:]))
        return None
    if sc.legend_open:  # the legend (F4) takes every key and click: F4, Esc or a click closes it, nothing else
        if (et == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F4)) or et == pygame.MOUSEBUTTONUP:
            sc.legend_open = False
            sc.swallow_up = False
        return None
    if hasattr(event, "pos") and et in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        sc.mouse = tuple(int(v) for v in event.pos)
    if et == pygame.MOUSEBUTTONUP and sc.swallow_up:
        sc.swallow_up = False
        sc.board.forget_press()
        return None
    taken, out = _animation_input(sc, event)
    if taken:
        return out
    taken, answer = crowd_picker.handle(sc, event)
    if taken:
        return follow(sc, answer)
    in_board = sc.board_rect.collidepoint(sc.mouse)
    menu_open = isinstance(sc.mode, M.Menu | M.EnterDice)
    over_widget = menu_open and (
        (isinstance(sc.mode, M.Menu) and sc.mode.menu.contains(sc.mouse))
        or (sc.dialog is not None and sc.dialog.panel is not None
            and sc.dialog.panel.rect.collidepoint(sc.mouse)))
    if _hud_event(sc, event, over_widget):
        return None
    if et == pygame.MOUSEBUTTONUP and event.button == 1 and not over_widget:  # a refusal's rule ID (issue 18)
        rule = next((rid for r, rid in sc.toast_links if r.collidepoint(event.pos)), None)
        if rule is not None:
            return sc.command(M.Command("help", rule))
    if et in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and not in_board and not sc.board.dragging:
        if et == pygame.MOUSEBUTTONUP:
            sc.board.forget_press()
        if not menu_open:
            return None
    # the board: camera and hover (the menu keeps the board still under it)
    sc.dragged = sc.board.dragging
    if not over_widget:
        if et in (pygame.MOUSEMOTION, pygame.MOUSEWHEEL, pygame.KEYUP, pygame.WINDOWFOCUSLOST):
            sc.board.handle(event)
        elif et in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in (1, 2):
            sc.board.handle(event)
        elif et == pygame.KEYDOWN and not (event.mod & pygame.KMOD_CTRL) and not isinstance(
                sc.mode, M.EnterDice) and event.key in _CAMERA_KEYS:
            if not isinstance(sc.mode, M.Menu):
                sc.board.handle(event)
                return None
        if et == pygame.KEYDOWN and event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            return Transition("quit")
    out = sc.mode.handle(event, sc)
    return follow(sc, out)


#: keys that are only held with others (Ctrl+Z): pressing one alone skips nothing
_MODIFIERS = (pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LALT, pygame.K_RALT,
              pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_NUMLOCK, pygame.K_MODE)
#: what a key may still do while events play, besides skipping them: over the animation, which waits under it
_WHILE_PLAYING = ("mute", "keys", "briefing")


def _animation_input(sc: InputScene, event: pygame.event.Event) -> tuple[bool, Transition | None]:
    """While events play, a click or a key only skips them to the end; ``(taken, transition)``. Space held
    plays them four times as fast until it is let go (:attr:`EventPlayer.hurry`) instead.

    Nothing else is done with it: not by the HUD, not by the mode that comes next (a player pressed Esc to skip,
    then clicked, and a fighter walked onto the bar counter). The press's release is swallowed
    (``swallow_up``), and a held key's repeats do nothing until it is let go (:attr:`EventPlayer.skip_key`).
    The camera keys and the wheel still move the view, and Ctrl+Q quits (the app).
    """
    et = event.type
    p = sc.player
    if et == pygame.KEYUP:
        key = getattr(event, "key", None)
        if p.release(key, space=key == pygame.K_SPACE):  # Space let go: back to the set speed
            return False, None
    if et == pygame.KEYDOWN and event.key == pygame.K_SPACE and p.busy:
        p.hold(pygame.K_SPACE, hurry=True)  # Space held fast-forwards (x4) instead of skipping
        return True, None
    if et == pygame.KEYDOWN and p.skip_key is not None and event.key == p.skip_key:
        return True, None  # the key that skipped is still held: its repeats are not new presses
    if not p.busy:
        return False, None
    if et == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
        return True, sc.command(M.Command("finish", "click"))
    if et == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):  # a press made before the events began
        sc.board.forget_press()
        return True, None
    if et == pygame.KEYDOWN and event.key not in _MODIFIERS:
        if event.key in _CAMERA_KEYS and not (event.mod & pygame.KMOD_CTRL):
            return False, None
        found = command_for(event)
        if found is not None and found[0] in _WHILE_PLAYING:
            return True, sc.command(M.Command(*found))
        p.hold(event.key, hurry=False)
        return True, sc.command(M.Command("finish", "key"))
    return False, None


def _hud_event(sc: InputScene, event: pygame.event.Event, over_widget: bool) -> bool:
    """The right column, the top bar and the last roll's box; True when the event was theirs."""
    et = event.type
    if et == pygame.MOUSEMOTION:
        sc.log.hover(sc.mouse)
    if et == pygame.MOUSEWHEEL and sc.right_rect.collidepoint(sc.mouse):
        sc.log.wheel(int(getattr(event, "y", 0)))
        return True
    if et == pygame.MOUSEBUTTONUP and event.button == 1 and not over_widget:
        if sc.right_rect.collidepoint(event.pos):
            if (rule := sc.log.rule_at(event.pos)) is not None:  # a rule ID in the log: F1 at it (issue 18)
                t = sc.command(M.Command("help", rule))
                if t is not None:
                    sc.request(t)
                return True
            ev = sc.log.click(event.pos)
            if ev is not None:
                sc.open_breakdown(ev)
            return True
        if sc.top_rect.collidepoint(event.pos):
            fid = sc.bar.fighter_at(event.pos)
            if fid is not None:
                sc.board.select(fid)
            return True
        rule = sc.lesson.rule_at(event.pos) if sc.lesson is not None else None
        if rule is not None:  # a rule ID on a lesson's card: the rules help opens at it (issue 18)
            sc.board.forget_press()  # the press went to the board: it is not a click there
            t = sc.command(M.Command("help", rule))
            if t is not None:
                sc.request(t)
            return True
        hit = sc.last_action.roll_at(event.pos)
        if hit is not None and not isinstance(sc.mode, M.Animating | M.Menu):
            sc.open_breakdown(hit)
            return True
    return False


def follow(sc: InputScene, out: Any) -> Transition | None:
    """What a mode answered: the next mode, an intent to submit, or a command to run."""
    if out is None:
        return None
    if isinstance(out, M.Mode):
        sc.set_mode(out)
    elif isinstance(out, M.Submit):
        sc.submit(out.intent)
    elif isinstance(out, M.Command):
        return sc.command(out)
    return None
