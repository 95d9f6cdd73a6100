"""Rules help: the current ruleset's rules in our own short words, searchable, by checklist ID."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.ui.menus.base import GuiScene
from game.ui.rules_help import help_for
from game.ui.scene import Transition
from game.ui.text import wrap

__all__ = ["RulesHelpView"]


class RulesHelpView(GuiScene):
    def __init__(self, app: Any, battle_scene: Any, query: str = "", rule: str | None = None,
                 ruleset: Any = None) -> None:
        super().__init__(app, below=battle_scene)
        # ``ruleset``: a scene with no session (a replay) names the ruleset its rule links point into
        self.ruleset = ruleset if ruleset is not None else battle_scene.session.ruleset
        self.help = help_for(self.ruleset)
        self.query = query
        self.results = self.help.search(query)
        self.scroll = 0
        self.shown = 0  # entries drawn at the last frame (for paging and the "a-b of n" line)
        self.entry: Any = None
        self.area = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.id_width = 0  # the widest ID pill, so long IDs (S4-TWOWEAPON-8) never run into the text
        # opened from a rule link (issue 18): scrolled to that rule, its pill lit
        self.rule = self.help.lookup(rule).id if rule and self.help.lookup(rule) else rule
        if self.rule:
            at = next((i for i, e in enumerate(self.results) if e.id == self.rule), None)
            if at is None and self.help.lookup(self.rule) is not None:
                self.results = [self.help.lookup(self.rule), *self.results]
                at = 0
            self.scroll = at or 0

    def build(self) -> None:
        w, h = self.size
        bw = min(900, w - 40)
        x = (w - bw) // 2
        self.label(pygame.Rect(x, 20, bw, 36), f"Rules help \u2014 {self.ruleset.name or self.ruleset.id}",
                   "@menu_title")
        self.label(pygame.Rect(x, 62, 90, 34), "Search:")
        self.entry = self.add(pygame_gui.elements.UITextEntryLine(pygame.Rect(x + 90, 62, bw - 250, 34), self.gui))
        self.entry.set_text(self.query)
        self.entry.focus()
        self.button(pygame.Rect(x + bw - 150, 62, 150, 34), "Close  (Esc)", "back", object_id="@center_button")
        self.area = pygame.Rect(x, 108, bw, h - 128)
        self.panel = pygame.Rect(x - 14, 12, bw + 28, h - 18)  # hides the dimmed battle behind the title

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.set_query(self.entry.get_text())
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-int(event.y) * 3)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            page = max(1, self.shown - 1)
            self.scroll_by(page if event.key == pygame.K_PAGEDOWN else -page)
        return None

    def scroll_by(self, n: int) -> None:
        self.scroll = max(0, min(self.scroll + n, len(self.results) - 1))

    def set_query(self, q: str) -> None:
        self.query = q
        self.results = self.help.search(q)
        self.scroll = 0

    def on_button(self, name: str, widget: Any) -> Transition | None:
        return Transition("pop") if name == "back" else None

    def on_escape(self) -> Transition | None:
        return Transition("pop")

    def draw_extra(self, surface: pygame.Surface) -> None:
        r = self.area
        t = self.app.text
        pygame.draw.rect(surface, (26, 28, 36), self.panel, border_radius=10)
        pygame.draw.rect(surface, (16, 18, 24), r, border_radius=8)
        pygame.draw.rect(surface, (90, 96, 110), r, width=1, border_radius=8)
        if not self.help.entries:
            msg = ("This ruleset has no in-game rule summaries yet. Its rule IDs still show in every roll's "
                   "breakdown and in the reasons of greyed-out actions.")
            for i, ln in enumerate(wrap(t, msg, 15, r.w - 30)):
                surface.blit(t.render(ln, 15, (220, 220, 220)), (r.x + 15, r.y + 15 + i * 22))
            return
        if not self.id_width:
            self.id_width = max(t.render(e.id, 12, bold=True).get_width() for e in self.help.entries) + 8
        col = r.x + 20 + self.id_width + 14
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-6, -6))
        y = r.y + 12
        area = None
        self.shown = 0
        for e in self.results[self.scroll:]:
            lines = wrap(t, e.text, 14, r.right - col - 16)
            if y + 20 * len(lines) + (24 if e.area != area else 0) > r.bottom - 26 and self.shown:
                break
            self.shown += 1
            if e.area != area:
                area = e.area
                surface.blit(t.render(area, 15, (255, 216, 74), bold=True), (r.x + 14, y))
                y += 24
            idimg = t.render(e.id, 12, (16, 16, 20), bold=True)
            pill = idimg.get_rect(topleft=(r.x + 20, y + 2)).inflate(8, 2)
            pill.topleft = (r.x + 20, y + 1)
            if e.id == self.rule:  # the rule a link opened the help at
                pygame.draw.rect(surface, (60, 70, 96), pygame.Rect(r.x + 8, y - 2, r.w - 16, 20 * len(lines) + 6),
                                 border_radius=5)
            pygame.draw.rect(surface, (220, 200, 120) if e.id != self.rule else (120, 190, 255), pill,
                             border_radius=5)
            surface.blit(idimg, idimg.get_rect(center=pill.center))
            for ln in lines:
                surface.blit(t.render(ln, 14, (236, 232, 220)), (col, y))
                y += 20
            y += 6
        surface.set_clip(clip)
        n = len(self.results)
        if not n:
            msg = f"No rule matches \u201c{self.query.strip()}\u201d: try fewer or shorter words, or a rule ID."
            surface.blit(t.render(msg, 15, (220, 220, 220)), (r.x + 15, r.y + 15))
        span = f"{self.scroll + 1}\u2013{self.scroll + self.shown}"
        shown = (f"rules {span} of {n}" if n == len(self.help.entries) else
                 f"{span} of {n} matching, {len(self.help.entries)} rules in all" if n else "")
        head = t.render(shown, 12, (160, 160, 160))
        surface.blit(head, (r.right - head.get_width() - 12, r.y + 8))
        if self.scroll or self.scroll + self.shown < n:
            hint = t.render("mouse wheel or PgUp / PgDn for more", 12, (160, 160, 160))
            surface.blit(hint, (r.right - hint.get_width() - 12, r.bottom - 20))
