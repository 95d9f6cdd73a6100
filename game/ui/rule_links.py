"""Rule IDs as links into the rules help (issue 18): wherever a rule ID is drawn, a click opens F1 at it.

:data:`RULE_ID` finds the checklist IDs (``S3-HTH-16``, ``G3-2``, ``GX-5``,
``ND6-20``) in any sentence. :func:`render_linked` draws a line with its IDs
lit and underlined and says where each one landed, so a panel keeps a
:class:`LinkMap` of screen rectangles and answers a click with the rule.
The battle scene turns that answer into the ``help`` command with the rule as
its argument; :class:`~game.ui.menus.rules_help_view.RulesHelpView` opens
scrolled to the rule, lit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame

from game.ui.text import TextCache

__all__ = ["RULE_ID", "find_rules", "render_linked", "LinkMap", "LINK_COLOUR"]

#: a checklist rule ID: section rules (S3-HTH-16, S0-FREE-1, S4-STAFF-6a), gaps (G3-2, GX-5), our rulings (ND6-4)
RULE_ID = re.compile(r"\b(?:S\d+-[A-Z][A-Z0-9]*-\d+[a-z]?|G[0-9X]+-\d+|ND\d+-\d+)\b")

#: the colour a rule ID is drawn in when it is a link
LINK_COLOUR = (120, 190, 255)


def find_rules(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, id)`` of every rule ID in ``text``, in order."""
    out = []
    for m in RULE_ID.finditer(str(text)):
        out.append((m.start(), m.end(), m.group(0)))
    return out


def render_linked(t: TextCache, s: str, size: int, colour: tuple[int, ...], bold: bool = False,
                  link: tuple[int, ...] = LINK_COLOUR) -> tuple[pygame.Surface, list[tuple[pygame.Rect, str]]]:
    """One line of text with its rule IDs in ``link`` colour and underlined; returns the surface and the
    rectangle (relative to it) of each ID."""
    spans = find_rules(s)
    if not spans:
        return t.render(s, size, colour, bold), []
    parts: list[tuple[str, tuple[int, ...], str | None]] = []
    at = 0
    for a, b, rid in spans:
        if a > at:
            parts.append((s[at:a], colour, None))
        parts.append((s[a:b], link, rid))
        at = b
    if at < len(s):
        parts.append((s[at:], colour, None))
    imgs = [(t.render(p, size, c, bold), rid) for p, c, rid in parts]
    w = sum(i.get_width() for i, _ in imgs)
    h = max(i.get_height() for i, _ in imgs)
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    x = 0
    rects: list[tuple[pygame.Rect, str]] = []
    for img, rid in imgs:
        surf.blit(img, (x, 0))
        if rid is not None:
            r = pygame.Rect(x, 0, img.get_width(), h)
            pygame.draw.line(surf, link, (r.x, r.bottom - 2), (r.right - 1, r.bottom - 2), 1)
            rects.append((r, rid))
        x += img.get_width()
    return surf, rects


@dataclass
class LinkMap:
    """Where rule links were drawn on the screen this frame: ``add`` them as drawn, ``at(pos)`` on a click."""

    links: list[tuple[pygame.Rect, str]] = field(default_factory=list)

    def clear(self) -> None:
        self.links.clear()

    def add(self, rects: list[tuple[pygame.Rect, str]], offset: tuple[int, int] = (0, 0)) -> None:
        ox, oy = offset
        for r, rid in rects:
            self.links.append((r.move(ox, oy), rid))

    def at(self, pos: tuple[int, int]) -> str | None:
        for r, rid in self.links:
            if r.inflate(4, 4).collidepoint(pos):
                return rid
        return None
