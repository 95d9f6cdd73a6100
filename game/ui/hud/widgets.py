"""Small drawing pieces the HUD shares: panels, bars, side icons, dice faces, tick and cross marks."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.ui.text import TextCache
from game.ui.tokens import SHAPES

__all__ = ["panel", "bar", "side_icon", "die_face", "tick", "cross", "blit_lines", "shape_points"]


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, ...], edge: tuple[int, int, int] | None,
          radius: int = 8, width: int = 1) -> None:
    if len(fill) == 4 and fill[3] < 255:
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(s, fill, s.get_rect(), border_radius=radius)
        surface.blit(s, rect.topleft)
    else:
        pygame.draw.rect(surface, fill[:3], rect, border_radius=radius)
    if edge:
        pygame.draw.rect(surface, edge, rect, width=width, border_radius=radius)


def bar(surface: pygame.Surface, rect: pygame.Rect, value: float, maximum: float, colour: tuple[int, int, int],
        text: TextCache, label: str, size: int = 13) -> None:
    """A filled bar with ``label value/maximum`` written on it (the number is the cue, not the colour)."""
    pygame.draw.rect(surface, (40, 40, 46), rect, border_radius=4)
    frac = 0.0 if maximum <= 0 else max(0.0, min(1.0, value / maximum))
    if frac > 0:
        fill = rect.copy()
        fill.w = max(2, int(rect.w * frac))
        pygame.draw.rect(surface, colour, fill, border_radius=4)
    pygame.draw.rect(surface, (12, 12, 14), rect, width=1, border_radius=4)
    t = text.render(f"{label} {value:g} / {maximum:g}", size, (255, 255, 255), bold=True)
    sh = text.render(f"{label} {value:g} / {maximum:g}", size, (0, 0, 0), bold=True)
    r = t.get_rect(midleft=(rect.x + 6, rect.centery))
    surface.blit(sh, r.move(1, 1))
    surface.blit(t, r)


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    if shape == "square":
        s = r * 0.86
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        return [(cx + r * 1.12 * math.cos(a), cy + r * 1.12 * math.sin(a) + r * 0.16)
                for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]
    if shape == "diamond":
        return [(cx, cy - r * 1.12), (cx + r * 1.02, cy), (cx, cy + r * 1.12), (cx - r * 1.02, cy)]
    if shape == "pentagon":
        return [(cx + r * 1.05 * math.cos(-math.pi / 2 + 2 * math.pi * i / 5),
                 cy + r * 1.05 * math.sin(-math.pi / 2 + 2 * math.pi * i / 5)) for i in range(5)]
    return None


def side_icon(surface: pygame.Surface, centre: tuple[float, float], r: float, side_index: int,
              colour: tuple[int, int, int], letter: str | None = None, text: TextCache | None = None,
              ring: tuple[int, int, int] | None = None) -> None:
    """The side's token shape (circle, square, triangle...) in its colour, with an optional initial."""
    shape = SHAPES[side_index % len(SHAPES)]
    cx, cy = centre
    if ring:
        pts = shape_points(shape, cx, cy, r + 4)
        if pts is None:
            pygame.draw.circle(surface, ring, (cx, cy), r + 4)
        else:
            pygame.draw.polygon(surface, ring, pts)
    pts = shape_points(shape, cx, cy, r)
    if pts is None:
        pygame.draw.circle(surface, (14, 14, 18), (cx, cy), r)
        pygame.draw.circle(surface, colour, (cx, cy), r - 2)
    else:
        pygame.draw.polygon(surface, (14, 14, 18), pts)
        inner = shape_points(shape, cx, cy, r - 2.5)
        pygame.draw.polygon(surface, colour, inner)
    if letter and text is not None:
        lum = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
        g = text.render(letter, max(8, int(r * 1.1)), (16, 16, 20) if lum > 150 else (250, 248, 240), bold=True)
        surface.blit(g, g.get_rect(center=(cx, cy + (r * 0.15 if shape == "triangle" else 0) + 1)))


_PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
         4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
         6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die_face(surface: pygame.Surface, rect: pygame.Rect, value: int, text: TextCache,
             body: tuple[int, int, int] = (246, 242, 230), pip: tuple[int, int, int] = (24, 24, 28),
             edge: tuple[int, int, int] = (24, 24, 28), sides: int = 6) -> None:
    """A die showing ``value``: pips for a d6, the number for anything else."""
    pygame.draw.rect(surface, body, rect, border_radius=max(3, rect.w // 6))
    pygame.draw.rect(surface, edge, rect, width=2, border_radius=max(3, rect.w // 6))
    if sides == 6 and value in _PIPS:
        s = rect.w * 0.26
        pr = max(2, rect.w // 10)
        for dx, dy in _PIPS[value]:
            pygame.draw.circle(surface, pip, (rect.centerx + dx * s, rect.centery + dy * s), pr)
    else:
        t = text.render(str(value), int(rect.h * 0.55), pip, bold=True)
        surface.blit(t, t.get_rect(center=rect.center))


def tick(surface: pygame.Surface, centre: tuple[float, float], r: float, colour: tuple[int, int, int]) -> None:
    cx, cy = centre
    pts = [(cx - r * 0.8, cy), (cx - r * 0.2, cy + r * 0.6), (cx + r * 0.9, cy - r * 0.7)]
    pygame.draw.lines(surface, (0, 0, 0), False, pts, max(3, int(r * 0.45)) + 2)
    pygame.draw.lines(surface, colour, False, pts, max(3, int(r * 0.45)))


def cross(surface: pygame.Surface, centre: tuple[float, float], r: float, colour: tuple[int, int, int]) -> None:
    cx, cy = centre
    w = max(3, int(r * 0.45))
    for a, b in (((cx - r * 0.7, cy - r * 0.7), (cx + r * 0.7, cy + r * 0.7)),
                 ((cx - r * 0.7, cy + r * 0.7), (cx + r * 0.7, cy - r * 0.7))):
        pygame.draw.line(surface, (0, 0, 0), a, b, w + 2)
        pygame.draw.line(surface, colour, a, b, w)


def blit_lines(surface: pygame.Surface, text: TextCache, lines: list[tuple[str, int, Any, bool]], x: int, y: int,
               gap: int = 2) -> int:
    """Blit (text, size, colour, bold) lines from (x, y) down; returns the y after the last."""
    for s, size, colour, bold in lines:
        img = text.render(s, size, colour, bold)
        surface.blit(img, (x, y))
        y += img.get_height() + gap
    return y
