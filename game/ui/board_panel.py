"""The board-and-side-panel layout shared by the scenario builder and the situation lab.

Both scenes show a board on the left and a panel of controls on the right, and both treat a
mouse press and release close together on the board as a click (a longer drag pans the view).
Kept here once so the two scenes draw and click alike.
"""

from __future__ import annotations

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


def press_then_click(scene: Any, event: pygame.event.Event, pos: tuple[int, int]) -> None:
    """Remember a left press; on its release near the same spot on the board, call ``scene.click_board``.

    ``scene`` holds ``_press`` (the press's position or None), ``map_rect`` and ``click_board``."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        scene._press = tuple(pos)
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and scene._press is not None:
        near = abs(pos[0] - scene._press[0]) + abs(pos[1] - scene._press[1]) < CLICK_SLOP
        scene._press = None
        if near and scene.map_rect.collidepoint(pos):
            scene.click_board(pos)
