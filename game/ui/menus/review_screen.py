"""What happened (issue 18): after a lost battle, the three rolls that decided it, each with its odds.

Opened from the end screen. The rolls are found by :func:`game.teaching.review.deciding_rolls` (a re-play of the
battle's log, the ruleset's exact odds on the battle just before each action); each is drawn as a card:
the action in words, a bar of the chance it had with a mark where the dice fell on the right side of it
or not, what it did to the losing side, and the rules its rolls cite.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.teaching.review import deciding_rolls, review_lines
from game.ui.describe import intent_words
from game.ui.menus.base import GuiScene
from game.ui.menus.rules_help_view import RulesHelpView
from game.ui.rule_links import LinkMap, render_linked
from game.ui.scene import Transition
from game.ui.text import wrap
from game.wording import percent

__all__ = ["ReviewScreen", "lost_side"]

CARD_GAP = 14
BAR_W = 260


def lost_side(session: Any) -> str | None:
    """The human side that lost this ended battle (None: no human lost, a draw, or it has not ended)."""
    b = session.battle
    if not b.ended or b.winner is None:
        return None
    return next((s for s in session.human_sides() if s != b.winner), None)


class ReviewScreen(GuiScene):
    """The deciding rolls of a lost battle, over the dimmed board."""

    def __init__(self, app: Any, battle_scene: Any, loser: str) -> None:
        super().__init__(app, below=battle_scene)
        self.battle_scene = battle_scene
        self.loser = loser
        self.rolls: list[Any] = []
        self.problem: str | None = None

        #: where the cards' rule IDs were drawn: a click opens the rules help at that rule
        self.links = LinkMap()
        self.card_rects: list[pygame.Rect] = []
        self._find()

    def _find(self) -> None:
        ctl = self.battle_scene.session.ctl
        try:
            self.rolls = deciding_rolls(ctl.initial, ctl.battle.log, ctl.ruleset, self.loser,
                                        seat=dict(ctl.seat), words=intent_words)
        except Exception as exc:  # noqa: BLE001 - a review that cannot be made says so; the battle is untouched
            self.problem = f"The battle could not be gone through again ({type(exc).__name__}: {exc})."

    def wants_frames(self) -> bool:
        return False

    def build(self) -> None:
        w, h = self.size
        self.button(pygame.Rect((w - 240) // 2, h - 70, 240, 46), "Back  (Esc)", "back", object_id="@big_button")

    def on_button(self, name: str, widget: Any) -> Transition | None:
        return Transition("pop") if name == "back" else None

    def on_escape(self) -> Transition | None:
        return Transition("pop")

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            rule = self.links.at(event.pos)
            if rule is not None:  # a rule ID on a card: the rules help, opened at it

                return Transition("push", RulesHelpView(self.app, self.battle_scene, rule=rule))
        return None

    def card_lines(self, d: Any) -> list[tuple[str, int, tuple[int, int, int], bool]]:
        """One roll's card before wrapping: (text, size, colour, bold)."""
        head, odds, did = review_lines(d)
        pal = self.pal
        out = [(head, 17, (245, 240, 225), True), (odds, 15, pal.failure if d.against_odds else pal.neutral, False)]
        if did:
            out.append((did, 14, (210, 210, 210), False))
        if d.rules:
            out.append(("Rules: " + " \u00b7 ".join(d.rules), 12, (160, 160, 160), False))
        return out

    def draw_extra(self, surface: pygame.Surface) -> None:
        t = self.app.text
        pal = self.pal
        w, h = surface.get_size()
        bw = min(860, w - 40)
        x = (w - bw) // 2
        side = self.battle_scene.session.side_name(self.loser)
        title = t.render("What happened?", 34, pal.accent, bold=True)
        sub = (f"The rolls that lost the battle for {side}, each with the chance it had before the dice."
               if self.rolls else self.problem or "No single roll turned this battle: it was lost over many small ones.")
        subs = [t.render(ln, 15, (220, 220, 220)) for ln in wrap(t, sub, 15, bw)]
        # a band under the heading: over the top bar's names and phases it was hard to read (seen under Xvfb)
        band = pygame.Rect(x, 10, bw, 54 + sum(img.get_height() for img in subs) + 8)
        pygame.draw.rect(surface, (16, 18, 24), band, border_radius=10)
        surface.blit(title, title.get_rect(midtop=(w // 2, 18)))
        y = 64
        for img in subs:
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += img.get_height()
        y += 12
        self.card_rects = []
        self.links.clear()
        for d in self.rolls:
            y = self._card(surface, d, pygame.Rect(x, y, bw, 0)) + CARD_GAP
            if y > h - 90:
                break

    def _card(self, surface: pygame.Surface, d: Any, at: pygame.Rect) -> int:
        """One roll's card at ``at`` (its height grows to fit); returns its bottom."""
        t = self.app.text
        pal = self.pal

        rows = []
        for words, size, colour, bold in self.card_lines(d):
            for ln in wrap(t, words, size, at.w - 32 - BAR_W, bold=bold):
                rows.append(render_linked(t, ln, size, colour, bold))
        hgt = max(sum(r.get_height() for r, _ in rows), 54) + 24
        box = pygame.Rect(at.x, at.y, at.w, hgt)
        self.card_rects.append(box)
        pygame.draw.rect(surface, (16, 18, 24), box, border_radius=10)
        pygame.draw.rect(surface, pal.failure if d.against_odds else (90, 90, 100), box, width=2, border_radius=10)
        y = box.y + 12
        for img, rects in rows:
            surface.blit(img, (box.x + 14, y))
            self.links.add(rects, (box.x + 14, y))
            y += img.get_height()
        if d.chance is not None:
            self._bar(surface, d, pygame.Rect(box.right - BAR_W - 14, box.y + 16, BAR_W, 18))
        return box.bottom

    def _bar(self, surface: pygame.Surface, d: Any, r: pygame.Rect) -> None:
        """The chance as a bar: the hoped outcome's share filled; a tick on the side the dice fell."""
        t = self.app.text
        pal = self.pal
        pygame.draw.rect(surface, (40, 42, 50), r, border_radius=4)
        fill = r.copy()
        fill.w = max(2, int(r.w * max(0.0, min(1.0, d.chance))))
        pygame.draw.rect(surface, pal.success, fill, border_radius=4)
        pygame.draw.rect(surface, (200, 200, 200), r, width=1, border_radius=4)

        label = t.render(f"{(d.hoped or 'success').replace('_', ' ')} {percent(d.chance)}", 13, (235, 235, 235),
                         bold=True)
        surface.blit(label, (r.x, r.bottom + 4))
        if d.happened is not None:
            came = t.render("happened" if d.happened else "did not happen", 13,
                            pal.success if d.happened else pal.failure, bold=True)
            surface.blit(came, came.get_rect(topright=(r.right, r.bottom + 4)))
