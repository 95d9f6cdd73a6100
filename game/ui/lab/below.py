"""The lab as a screen over it sees it below: its ruleset, and a picture (no widgets of the lab's).

The rules help opened from the lab and the "Leave the lab?" question both stand
over the lab; each gets this stand-in as the screen below it.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.lab.scene import LabScene

__all__ = ["LabBelow"]


class LabBelow:
    """The lab as the rules help sees the screen below it: its ruleset, and a picture (no widgets of ours)."""

    def __init__(self, scene: LabScene) -> None:
        self.scene = scene
        self.session = SimpleNamespace(ruleset=scene.lab.ruleset)

    def draw(self, surface: pygame.Surface) -> None:
        self.scene.draw(surface)

    def enter(self, size: tuple[int, int]) -> None:
        self.scene.size = size

    def resize(self, size: tuple[int, int]) -> None:
        self.scene.size = size
        self.scene.board.resize(size)
        self.scene.board.view_rect = self.scene.map_rect
