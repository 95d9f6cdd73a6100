"""A served battle's own bar over the board: "Take back", and what the other players ask of this seat.

A networked battle has two things a local one does not: undo is a request the
other players answer, and a player who dropped keeps their seat for a while,
after which the host may give it to the computer. The bar shows, at the top
of the board, the question this seat is asked now
(:meth:`game.ui.net_session.NetSession.question`: a take-back to let through
or refuse, an away seat to give to the computer) with its two buttons, or else
a "Take back" button while this seat has an action it may ask to take back.
It is rebuilt only when what it shows changes; a click becomes the session's
call and, when there is one, a sentence for a toast. The bar reads its
buttons' ``check_pressed`` each frame (the screen's update runs before the
GUI's next one clears it), so the battle screen's input needs no hook for it.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

__all__ = ["NetBar", "sync_net_bar", "kill_net_bar"]

TAKE_BACK = "Take back my last action"


class NetBar:
    """The bar's widgets for one state: ``(sentence, yes, no, about)`` or the lone take-back button."""

    def __init__(self, manager: pygame_gui.UIManager, board: pygame.Rect, state: tuple[str, ...]) -> None:
        self.state = state
        self.widgets: list[Any] = []
        self.yes = self.no = self.take_back = None
        if state == (TAKE_BACK,):
            rect = pygame.Rect(0, 0, 230, 34)
            rect.midtop = (board.centerx, board.top + 6)
            self.take_back = pygame_gui.elements.UIButton(rect, TAKE_BACK, manager, object_id="@center_button")
            self.widgets.append(self.take_back)
            return
        text, yes, no, _about = state
        w = min(board.width - 16, 620)
        rect = pygame.Rect(0, 0, w, 84)
        rect.midtop = (board.centerx, board.top + 6)
        panel = pygame_gui.elements.UIPanel(rect, starting_height=6, manager=manager)
        self.widgets.append(panel)
        pygame_gui.elements.UILabel(pygame.Rect(10, 4, w - 20, 30), text, manager, container=panel)
        bw = (w - 36) // 2
        self.yes = pygame_gui.elements.UIButton(pygame.Rect(10, 38, bw, 36), yes, manager, container=panel,
                                                object_id="@primary_button")
        self.no = pygame_gui.elements.UIButton(pygame.Rect(22 + bw, 38, bw, 36), no, manager, container=panel,
                                               object_id="@center_button")

    def alive(self) -> bool:
        return all(w.alive() for w in self.widgets)

    def kill(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets = []

    def pressed(self) -> str | None:
        """``"yes"``, ``"no"`` or ``"take_back"``: the button pressed since the last frame, if any."""
        for name, button in (("yes", self.yes), ("no", self.no), ("take_back", self.take_back)):
            if button is not None and button.check_pressed():
                return name
        return None


def _state(session: Any) -> tuple[str, ...]:
    q = session.question()
    if q is not None:
        return tuple(q)
    return (TAKE_BACK,) if session.can_take_back() else ()


def sync_net_bar(scene: Any) -> None:
    """Each frame of a served battle: the bar shows what the session says now (a local battle has none)."""
    session = scene.session
    if not getattr(session, "networked", False):
        return
    bar: NetBar | None = getattr(scene, "net_bar", None)
    if bar is not None and bar.alive() and _clicked(scene, bar):
        return
    state = _state(session)
    if bar is not None and bar.state == state and bar.alive():
        return
    if bar is not None:
        bar.kill()
    scene.net_bar = NetBar(scene.app.gui, scene.board_rect, state) if state else None


def _clicked(scene: Any, bar: NetBar) -> bool:
    """A click on one of the bar's buttons: the session's answer or request, its sentence toasted."""
    which = bar.pressed()
    if which is None:
        return False
    session = scene.session
    if which == "take_back":
        words = session.ask_take_back()
    else:
        words = session.answer(bar.state[3], which == "yes")
    if words:
        scene.toast(words, "neutral")
    kill_net_bar(scene)  # the next frame shows what is true after the click
    return True


def kill_net_bar(scene: Any) -> None:
    bar: NetBar | None = getattr(scene, "net_bar", None)
    if bar is not None:
        bar.kill()
    scene.net_bar = None
