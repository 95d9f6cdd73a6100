"""A toast stays out from under a lesson's card (seen under Xvfb at 1024x640: the d20 trip lesson's card, drawn
over the board after the toasts, hid half of "Bob passes the movement phase."). Headless."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

MARK = (1, 2, 3)


@pytest.mark.parametrize("card", [pygame.Rect(10, 76, 324, 262), pygame.Rect(10, 76, 600, 120)])
def test_a_toast_is_drawn_beside_or_below_the_lesson_card(card) -> None:
    """UI (a screen fix, no rule): nothing of the toast lands where the card will be drawn, beside it when
    there is room, else below it; without a card it sits centred under the board's top as before."""
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    from game.ui.battle_draw import draw_toasts
    from game.ui.text import TextCache

    board = pygame.Rect(0, 64, 694, 526)  # the board at 1024x640
    toast = [("Bob passes the movement phase.", 1000.0, (240, 200, 90))]
    surface = pygame.Surface((1024, 640))
    surface.fill(MARK)
    draw_toasts(surface, toast, board, TextCache(), card)
    under = [(x, y) for x in range(card.left, card.right, 3) for y in range(card.top, card.bottom, 3)
             if tuple(surface.get_at((x, y)))[:3] != MARK]
    assert not under, under[:5]
    drawn = [(x, y) for x in range(board.left, board.right, 4) for y in range(board.top, board.bottom, 4)
             if tuple(surface.get_at((x, y)))[:3] != MARK]
    assert drawn  # the toast is on the board still
    plain = pygame.Surface((1024, 640))
    plain.fill(MARK)
    draw_toasts(plain, toast, board, TextCache())
    xs = [x for x in range(board.left, board.right) if tuple(plain.get_at((x, board.y + 60)))[:3] != MARK]
    assert abs((min(xs) + max(xs)) / 2 - board.centerx) <= 2


@pytest.mark.parametrize("card", [pygame.Rect(12, 76, 323, 262), pygame.Rect(12, 76, 560, 120)])
def test_the_action_banner_is_drawn_beside_or_below_the_lesson_card(card) -> None:
    """UI (a screen fix, no rule): the banner of the action being played ("Ann passes the movement phase.")
    is not drawn where the lesson's card goes (under Xvfb at 1024x640 the card hid half of it)."""
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    from game.ui.battle_draw import draw_banner
    from game.ui.palette import STANDARD
    from game.ui.text import TextCache

    board = pygame.Rect(0, 64, 694, 576)
    surface = pygame.Surface((1024, 640))
    surface.fill(MARK)
    draw_banner(surface, board, "Ann passes the movement phase.", TextCache(), STANDARD, card)
    under = [(x, y) for x in range(card.left, card.right, 3) for y in range(card.top, card.bottom, 3)
             if tuple(surface.get_at((x, y)))[:3] != MARK]
    assert not under, under[:5]
    assert any(tuple(surface.get_at((x, y)))[:3] != MARK
               for x in range(board.left, board.right, 4) for y in range(board.top, board.bottom, 4))
