"""Where the battle screen's parts sit, worked out from the window size and the UI scale.

The initiative bar across the top, a column on the right (the fighter panel
over the combat log), the board in the rest. The right column grows with the
UI scale but never takes more than 42% of the width, so a small window keeps
a board to play on.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

__all__ = ["TOP", "BattleLayout", "battle_layout"]

#: the initiative bar's height at UI scale 1 (it grows with the scale up to 1.3)
TOP = 64


@dataclass(frozen=True)
class BattleLayout:
    """The three regions of the battle screen, in window pixels."""

    top: pygame.Rect
    right: pygame.Rect
    board: pygame.Rect


def battle_layout(size: tuple[int, int], ui_scale: float) -> BattleLayout:
    """The regions for a window of ``size`` at ``ui_scale``."""
    w, h = size
    right = int(min(max(300, 330 * ui_scale), w * 0.42))
    top = int(TOP * min(ui_scale, 1.3))
    return BattleLayout(top=pygame.Rect(0, 0, w, top), right=pygame.Rect(w - right, top, right, h - top),
                        board=pygame.Rect(0, top, w - right, h - top))
