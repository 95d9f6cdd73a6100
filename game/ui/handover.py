"""The hand-over screen (hotseat): hides the board until the next player clicks."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.hud.widgets import side_icon
from game.ui.scene import Scene, Transition

__all__ = ["HandoverScene"]


class HandoverScene(Scene):
    def __init__(self, app: Any, battle_scene: Any, side: str | None) -> None:
        self.app = app
        self.battle_scene = battle_scene
        self.side = side

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)):
            return Transition("pop")
        return None

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        bs = self.battle_scene
        surface.fill((12, 13, 17))
        t = self.app.text
        name = bs.session.side_name(self.side)
        col = bs.board.colours.get(self.side, (220, 220, 220))
        side_icon(surface, (w // 2, h // 2 - 110), 40, bs.board.side_index.get(self.side, 0), col, None, t)
        for text, size, colour, dy in (
            (f"{name}'s turn", 44, col, -40),
            (f"Pass the mouse to {name}'s player: {bs.name(bs.session.whose_turn())} acts next.", 22,
             (230, 230, 230), 20),
            ("The board stays hidden until you click (or press Enter).", 16, (160, 160, 160), 60),
        ):
            img = t.render(text, size, colour, bold=size > 30)
            surface.blit(img, img.get_rect(center=(w // 2, h // 2 + dy)))
