"""A crowded hex's callout pinned open as the target picker: a click on the hex opens it, keys choose in it.

Why: the tokens of two to five fighters in one hex are small and close together,
so a click on the hex meant the one token that happened to be nearest the
pointer (or nobody, between them), and a player who wanted the grappler behind
it hit the held one (issue 26: "the same callout is the target picker when you
click the hex"). A click on a crowded hex off its tokens' bodies now pins its
callout (:class:`game.ui.crowd_callout.CrowdCallout`) open; it stays until Esc
or a click anywhere else. A click right on a token still means that fighter,
as it always did (a learner grabbing the foe in its hex clicks the foe). A click on a fighter's card
in it is a click on that fighter's token (the battle screen's mode reads it
through :meth:`BoardScene.fighter_at_screen`), and so is Enter on the card the
arrows or Tab put the focus on: the same mode answers the same click, so the
picker never decides by itself what choosing a fighter means.

A crowded hex the acting fighter may walk onto (lit, :attr:`BattleScene.reach`)
keeps its click for the move; its callout still opens under the pointer.
The battle screen's input (:func:`game.ui.battle_input.handle_event`) asks
:func:`handle` before the HUD, the board and the mode.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ui.battle_draw import callout_may_open

if TYPE_CHECKING:
    from game.ui.board_scene import BoardScene
    from game.ui.event_player import EventPlayer

__all__ = ["PickerScene", "handle"]


class PickerScene(Protocol):
    """What the picker reads of the battle screen (the board, where it lies, the mode, and what may cover a
    callout: the player's play-out, the dice dialog, a roll's breakdown, the legend) and the one field it may
    change: ``dragged``, cleared when a chosen card stands for a click (the mode answers that click)."""

    @property
    def board(self) -> BoardScene: ...
    @property
    def board_rect(self) -> pygame.Rect: ...
    @property
    def mode(self) -> Any: ...
    @property
    def player(self) -> EventPlayer: ...
    @property
    def dialog(self) -> Any: ...
    @property
    def breakdown(self) -> Any: ...
    @property
    def legend_open(self) -> bool: ...
    dragged: bool

_NEXT = (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_d, pygame.K_s)
_BACK = (pygame.K_LEFT, pygame.K_UP, pygame.K_a, pygame.K_w)
_CHOOSE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def handle(sc: PickerScene, event: pygame.event.Event) -> tuple[bool, Any]:
    """``(taken, answer)`` for one event on the battle screen ``sc``: taken, nobody else sees it; ``answer``
    is what the current mode answered a chosen card's click (a mode, an intent or a command), or None."""
    co = sc.board.callout
    if event.type == pygame.KEYDOWN and co.pinned is not None:
        return _key(sc, co, event)
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not sc.board.dragging:
        return _click(sc, co, tuple(int(v) for v in event.pos))
    return False, None


def _key(sc: PickerScene, co: Any, event: pygame.event.Event) -> tuple[bool, Any]:
    """Esc closes the pinned callout; arrows and Tab move the focus over its cards; Enter or Space chooses the
    focused card as a click on it would. Other keys (Ctrl ones among them) go on as usual."""
    key, mod = event.key, getattr(event, "mod", 0)
    if mod & pygame.KMOD_CTRL:
        return False, None
    if key == pygame.K_ESCAPE:
        co.close()
        return True, None
    if key == pygame.K_TAB:
        co.move_focus(-1 if mod & pygame.KMOD_SHIFT else 1)
        return True, None
    if key in _NEXT or key in _BACK:
        co.move_focus(1 if key in _NEXT else -1)
        return True, None
    if key in _CHOOSE:
        found = co.focused()
        if found is None:  # nothing focused yet: the first press puts the focus on the first card
            co.move_focus(1)
            return True, None
        return True, _choose(sc, found[1].center)
    return False, None


def _click(sc: PickerScene, co: Any, pos: tuple[int, int]) -> tuple[bool, Any]:
    """A left click (not a drag's release): on a pinned callout's card, or on a token's body, it goes on to the
    mode; on the panel elsewhere or on the pinned hex off the tokens it does nothing; anywhere else on the
    board it closes the callout and does nothing more (off the board it closes it and goes on). On a crowded
    hex the callout may open over, off its tokens' bodies, it pins that hex's callout."""
    board = sc.board
    wx, wy = board.camera.screen_to_world(*pos)
    h = board.geometry.hex_at(wx, wy)  # the map's hex, not the callout's
    if co.pinned is not None:
        if co.contains(pos):
            return co.fighter_at(pos) is None, None
        if not sc.board_rect.collidepoint(pos):
            co.close()
            return False, None
        if h == co.pinned and _on_token(board, h, wx, wy):
            return False, None
        if h != co.pinned:
            co.close()
        return _swallowed(board), None
    if not sc.board_rect.collidepoint(pos) or co.contains(pos) or not callout_may_open(sc):
        return False, None
    if not board.on_board(h) or len(board.battle.fighters_at(h)) < 2 or h in getattr(sc, "reach", {}):
        return False, None
    if _on_token(board, h, wx, wy):
        return False, None
    co.pin(h)
    return _swallowed(board), None


def _on_token(board: Any, h: Any, wx: float, wy: float) -> bool:
    """Whether world point (wx, wy) is on the body of a token standing in hex ``h``."""
    return any(p.hex == h and math.hypot(wx - p.x, wy - p.y) <= p.radius
               for p in board.tokens.placements(board.battle))


def _swallowed(board: Any) -> bool:
    """The click taken here: the press the board remembers is forgotten (it would otherwise become a drag)."""
    board.forget_press()
    return True


def _choose(sc: PickerScene, at: tuple[int, int]) -> Any:
    """What the current mode answers a click at ``at`` (a card's centre): the keyboard's choice is a click."""
    click = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)
    sc.dragged = False
    return sc.mode.handle(click, sc)
