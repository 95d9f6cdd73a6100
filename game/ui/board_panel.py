"""The board-and-side-panel layout shared by the scenario builder and the situation lab.

Both scenes show a board on the left and a panel of controls on the right, and both treat a
mouse press and release close together on the board as a click (a longer drag pans the view).
Kept here once so the two scenes draw and click alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

#: how far (in pixels, across plus down) the mouse may move between press and release and still click
CLICK_SLOP = 5


def draw_board_and_panel(surface: pygame.Surface, board: Any, map_rect: pygame.Rect, panel_width: int) -> pygame.Rect:
    """Draw the board clipped to ``map_rect`` and the dark panel right of it; return the panel's rect."""
    surface.set_clip(map_rect)
    board.draw(surface)
    surface.set_clip(None)
    panel = pygame.Rect(map_rect.right, 0, panel_width, surface.get_height())
    pygame.draw.rect(surface, (22, 24, 31), panel)
    pygame.draw.line(surface, (70, 74, 90), panel.topleft, panel.bottomleft, 2)
    return panel


class BoardClick:
    """A left press remembered until its release: released near the same spot on the board, it is a click.

    Each scene owns one and hands it its events, the board's rect and what a click does, so the press's
    state lives here and not in the scene's fields."""

    def __init__(self) -> None:
        self.pressed_at: tuple[int, int] | None = None

    def handle(self, event: pygame.event.Event, pos: tuple[int, int], map_rect: pygame.Rect,
               click_board: Callable[[tuple[int, int]], Any]) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed_at = (int(pos[0]), int(pos[1]))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed_at is not None:
            near = abs(pos[0] - self.pressed_at[0]) + abs(pos[1] - self.pressed_at[1]) < CLICK_SLOP
            self.pressed_at = None
            if near and map_rect.collidepoint(pos):
                click_board(pos)
