"""A die table drawn whole, with the row the dice came up on lit.

Some rolls are read off a table rather than against a target (nd6's HTH defender table, S3-HTH-9: a 1d6
that decides whether a brawl begins). The event names the table (``table``) and the row (``row``); the
ruleset gives the table's rows (``Presentation.table_rows``, read through :func:`game.ui.describe.table_rows`).
Showing every row, not only the one that came up, tells the player what else could have happened. The lit
row is told three ways: a bright box, an arrow and bold type.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.palette import Palette
from game.ui.text import TextCache, wrap

__all__ = ["table_height", "draw_table"]

GAP = 2


def _layout(rows: tuple[tuple[str, str, str], ...], width: int, text: TextCache, size: int
            ) -> tuple[int, list[list[str]]]:
    """The width of the row-name column and each row's wrapped words."""
    key_w = max((text.font(size, True).size(shown)[0] for _, shown, _ in rows), default=0) + 26
    # measured in bold: the lit row is written bold and must fit as well
    lines = [wrap(text, what, size, max(40, width - key_w - 8), bold=True) or [""] for _, _, what in rows]
    return key_w, lines


def table_height(rows: tuple[tuple[str, str, str], ...], width: int, text: TextCache, size: int = 12,
                 max_lines: int = 2) -> int:
    """How tall :func:`draw_table` draws these rows ``width`` wide."""
    if not rows:
        return 0
    _, lines = _layout(rows, width, text, size)
    lh = text.font(size).get_linesize()
    return sum(min(max_lines, len(ls)) * lh + 4 + GAP for ls in lines) - GAP


def draw_table(surface: pygame.Surface, at: tuple[int, int], width: int, rows: tuple[tuple[str, str, str], ...],
               lit: Any, text: TextCache, pal: Palette, size: int = 12, max_lines: int = 2) -> int:
    """Draw ``rows`` from ``at``, ``width`` wide, the row whose key is ``lit`` lit; returns the height."""
    if not rows:
        return 0
    key_w, lines = _layout(rows, width, text, size)
    lh = text.font(size).get_linesize()
    x, y = at
    for (key, shown, _), ls in zip(rows, lines):
        ls = ls[:max_lines]
        h = len(ls) * lh + 4
        box = pygame.Rect(x, y, width, h)
        on = key == lit
        if on:
            pygame.draw.rect(surface, tuple(c // 3 for c in pal.accent), box, border_radius=4)
            pygame.draw.rect(surface, pal.accent, box, width=2, border_radius=4)
            tip = (x + 4, box.centery)
            pygame.draw.polygon(surface, pal.accent, [(tip[0] + 8, tip[1]), (tip[0], tip[1] - 5),
                                                      (tip[0], tip[1] + 5)])
        else:
            pygame.draw.rect(surface, (34, 36, 44), box, border_radius=4)
        col = pal.accent if on else pal.dim
        surface.blit(text.render(shown, size, col if on else pal.text, bold=True), (x + 16, y + 2))
        for i, ln in enumerate(ls):
            surface.blit(text.render(ln, size, pal.text if on else col, bold=on), (x + key_w, y + 2 + i * lh))
        y += h + GAP
    return y - GAP - at[1]
