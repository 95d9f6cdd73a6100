"""Where the battle screen's parts sit, worked out from the window size and the effective UI scale.

The initiative bar across the top, a column on the right (the fighter panel
over the combat log), the board in the rest. ``scale`` is the effective scale
(:func:`game.ui.ui_scale.effective_scale`: the player's setting times the
window's factor), so at 1920x1080 the bar and the column grow with their text
(issue 26). The right column never takes more than 42% of the width, so a small
window keeps a board to play on; the fighter panel never takes the log's last
rows (:func:`panel_room`), so a fighter with many conditions cannot push the log
out of the window.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

__all__ = ["TOP", "GAP", "LOG_MIN", "BattleLayout", "battle_layout", "panel_room", "log_rect"]

#: the initiative bar's height at scale 1 (it grows with the scale)
TOP = 64
#: the right column's margin around and between the fighter panel and the log, at scale 1
GAP = 6
#: the least height the combat log keeps under the fighter panel at scale 1 (its title and four rows)
LOG_MIN = 110


@dataclass(frozen=True)
class BattleLayout:
    """The three regions of the battle screen, in window pixels."""

    top: pygame.Rect
    right: pygame.Rect
    board: pygame.Rect


def battle_layout(size: tuple[int, int], scale: float) -> BattleLayout:
    """The regions for a window of ``size`` at the effective ``scale``."""
    w, h = size
    right = int(min(max(300, 330 * scale), w * 0.42))
    top = min(int(round(TOP * scale)), h // 4)  # a huge scale in a small window still leaves a board
    return BattleLayout(top=pygame.Rect(0, 0, w, top), right=pygame.Rect(w - right, top, right, h - top),
                        board=pygame.Rect(0, top, w - right, h - top))


def panel_room(right: pygame.Rect, scale: float) -> pygame.Rect:
    """Where the fighter panel may draw: the column's top, less its margins and the log's least height."""
    gap = int(round(GAP * scale))
    return pygame.Rect(right.x + gap, right.y + gap, right.w - 2 * gap,
                       max(0, right.h - 3 * gap - int(round(LOG_MIN * scale))))


def log_rect(right: pygame.Rect, panel_used: int, scale: float) -> pygame.Rect:
    """The combat log's box: under the ``panel_used`` pixels of the fighter panel, to the column's foot."""
    gap = int(round(GAP * scale))
    y = right.y + gap + panel_used + gap
    return pygame.Rect(right.x + gap, y, right.w - 2 * gap, max(0, right.bottom - gap - y))
