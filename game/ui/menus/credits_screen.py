"""The Credits screen: whose pictures the game draws, under which licence, from the credits file.

Why from the file: ``assets/icons/credits.json`` is written by ``tools/vendor_icons.py`` together with the
icons, so the screen names exactly the authors of the icons shipped (CC BY 3.0 asks that each be credited);
nothing here lists a name by hand. Opened from the main menu; the wheel, the arrow keys, Page Up / Page Down
and Home / End scroll it; Esc, Enter or Close goes back. A missing or unreadable credits file is said in
one sentence on the screen.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from game.ui.icon_atlas import ICON_DIR
from game.ui.menus.base import GuiScene
from game.ui.scene import Transition
from game.ui.text import wrap

__all__ = ["CREDITS_FILE", "CreditsScreen", "credit_lines"]

CREDITS_FILE = ICON_DIR / "credits.json"


def credit_lines(path: Path = CREDITS_FILE) -> list[tuple[str, str]]:
    """The screen's lines as ``(style, text)``, style ``"head"``, ``"text"`` or ``"dim"``, from the credits file;
    one ``("error", sentence)`` line when the file cannot be read."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        lic, icons = data["license"], data["icons"]
        authors = [str(a) for a in data["authors"]]
        rows = [(str(i["file"]), str(i["name"]), str(i["author"])) for i in icons]
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
        return [("error", f"{path}: the credits cannot be read ({exc.__class__.__name__}: {exc}).")]
    out = [("head", "Icons"),
           ("text", f"The fighters' figures, the items in their hands, the action and condition icons are from "
                    f"{data.get('collection', 'Game Icons')} ({data.get('site', 'https://game-icons.net')}), "
                    f"licensed {lic['title']} ({lic['url']}), {data.get('changes', '')}."),
           ("head", "Authors"),
           ("text", ", ".join(authors) + f" (the collection: {data['collection_author']['url']}).")]
    out.append(("head", f"Each icon ({len(rows)})"))
    out += [("dim", f"{file}: '{name}' by {author}") for file, name, author in rows]
    return out


class CreditsScreen(GuiScene):
    """The credits, scrolled in a panel (see the module docstring)."""

    def __init__(self, app: Any, path: Path = CREDITS_FILE) -> None:
        super().__init__(app)
        self.lines = credit_lines(path)
        self.scroll = 0
        self.panel = pygame.Rect(0, 0, 0, 0)
        #: this frame's drawn lines (text, rect) and the most the text can scroll: tests read them
        self.drawn: list[tuple[str, pygame.Rect]] = []
        self.max_scroll = 0

    def build(self) -> None:
        w, h = self.size
        bw = min(1000, w - 40)
        x = (w - bw) // 2
        self.label(pygame.Rect(x, 14, bw - 170, 36), "Credits", "@menu_title")
        self.button(pygame.Rect(x + bw - 160, 16, 160, 34), "Close  (Esc)", "back", object_id="@center_button")
        self.panel = pygame.Rect(x - 10, 60, bw + 20, h - 70)

    def wants_frames(self) -> bool:
        return False

    def on_button(self, name: str, widget: Any) -> Transition | None:
        return Transition("pop") if name == "back" else None

    def on_escape(self) -> Transition | None:
        return Transition("pop")

    def handle(self, event: pygame.event.Event) -> Transition | None:
        page = max(40, self.panel.h - 60)
        steps = {pygame.K_DOWN: 40, pygame.K_UP: -40, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
                 pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return Transition("pop")
        if event.type == pygame.KEYDOWN and event.key in steps:
            self.scroll_by(steps[event.key])
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 48)
            return None
        return super().handle(event)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def draw_extra(self, surface: pygame.Surface) -> None:
        """The lines wrapped to the panel, from ``scroll`` down; those outside the panel are left out."""
        t = self.app.text
        p = self.panel
        pygame.draw.rect(surface, (20, 22, 28), p, border_radius=10)
        pygame.draw.rect(surface, (90, 96, 110), p, width=1, border_radius=10)
        size = 15 if surface.get_height() >= 760 else 14
        styles = {"head": (size + 2, (244, 226, 160), True), "text": (size, (226, 224, 216), False),
                  "dim": (size - 1, (190, 190, 196), False), "error": (size, (235, 110, 96), True)}
        inner = p.inflate(-40, -24)
        y = inner.y - self.scroll
        self.drawn = []
        clip = surface.get_clip()
        surface.set_clip(inner)
        for style, text in self.lines:
            fsize, colour, bold = styles[style]
            line = t.font(fsize, bold).get_linesize()
            if style == "head" and y > inner.y - self.scroll:
                y += line // 2
            for part in wrap(t, text, fsize, inner.w, bold=bold):
                if inner.y <= y and y + line <= inner.bottom:  # whole lines only: none cut at the edge
                    img = t.render(part, fsize, colour, bold=bold)
                    surface.blit(img, (inner.x, y))
                    self.drawn.append((part, pygame.Rect(inner.x, y, img.get_width(), img.get_height())))
                y += line
        surface.set_clip(clip)
        self.max_scroll = max(0, y + self.scroll - inner.bottom)
        if self.max_scroll:
            hint = t.render("wheel, arrows, Page Up / Page Down: scroll", 12, (150, 150, 156))
            surface.blit(hint, hint.get_rect(bottomright=(p.right - 12, p.bottom - 4)))
