"""The keyboard help: every key of the battle screen, from the key table the keys themselves answer from.

Rows come from :func:`game.ui.keys.help_rows` (``BINDINGS`` and the action
letters of :data:`game.ui.action_menu.SHORTCUTS`, only those of the ruleset
in play), so the screen cannot list a key that does something else. Opened
with F2 or ``?`` on the battle screen and from the pause menu; Esc, Enter,
F2, ``?`` or a click closes it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.keys import help_rows
from game.ui.menus.base import GuiScene
from game.ui.scene import Transition
from game.ui.text import wrap

__all__ = ["KeysHelp"]


class KeysHelp(GuiScene):
    def __init__(self, app: Any, battle_scene: Any = None) -> None:
        super().__init__(app, below=battle_scene)
        ruleset = getattr(getattr(battle_scene, "session", None), "ruleset", None)
        self.sections = help_rows(list(ruleset.actions) if ruleset is not None else None)
        self.panel = pygame.Rect(0, 0, 0, 0)
        #: where each row was drawn (keys, does, rect): tests check nothing runs off the panel
        self.drawn: list[tuple[str, str, pygame.Rect]] = []

    def build(self) -> None:
        w, h = self.size
        bw = min(1100, w - 40)
        x = (w - bw) // 2
        self.label(pygame.Rect(x, 14, bw - 170, 36), "Keys", "@menu_title")
        self.button(pygame.Rect(x + bw - 160, 16, 160, 34), "Close  (Esc)", "back", object_id="@center_button")
        self.panel = pygame.Rect(x - 10, 8, bw + 20, h - 16)

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_F2)
                                             or getattr(event, "unicode", "") == "?"):
            return Transition("pop")
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return Transition("pop")
        return super().handle(event)

    def on_button(self, name: str, widget: Any) -> Transition | None:
        return Transition("pop") if name == "back" else None

    def on_escape(self) -> Transition | None:
        return Transition("pop")

    def wants_frames(self) -> bool:
        return False

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Two columns of sections; each row the keys (bold) and what they do, wrapped to its column."""
        t = self.app.text
        p = self.panel
        pygame.draw.rect(surface, (20, 22, 28), p, border_radius=10)
        pygame.draw.rect(surface, (90, 96, 110), p, width=1, border_radius=10)
        w, h = surface.get_size()
        size = 15 if h >= 760 else 13
        line = t.font(size).get_linesize()
        pad = 2 if h >= 700 else 1  # a short window (1024x640) packs the rows a pixel closer: every row fits
        cols = 2
        gap = 24
        cw = (p.width - 40 - gap * (cols - 1)) // cols
        kw = min(190, cw * 2 // 5)
        top = p.y + 56
        bottom = p.bottom - 12
        col, x, y = 0, p.x + 20, top
        self.drawn = []
        for title, rows in self.sections:
            blocks = [(keys, wrap(t, does, size, cw - kw - 8)) for keys, does in rows]
            need = line + 6 + sum(len(b) for _k, b in blocks) * line
            if y + need > bottom and col < cols - 1:  # a section stays together in one column
                col, y = col + 1, top
                x = p.x + 20 + col * (cw + gap)
            head = t.render(title.upper(), size - 1, (170, 176, 190), bold=True)
            surface.blit(head, (x, y))
            y += line + 6
            for keys, lines in blocks:
                if y + line * len(lines) > bottom and col < cols - 1:
                    col, y = col + 1, top
                    x = p.x + 20 + col * (cw + gap)
                k = t.render(keys, size, (244, 226, 160), bold=True)
                surface.blit(k, (x, y))
                for i, text in enumerate(lines):
                    surface.blit(t.render(text, size, (226, 224, 216)), (x + kw, y + i * line))
                rect = pygame.Rect(x, y, max(k.get_width(), kw + max(t.font(size).size(s)[0] for s in lines)),
                                   line * len(lines))
                self.drawn.append((keys, " ".join(lines), rect))
                y += line * len(lines) + pad
            y += 4 + 4 * pad
