"""The parts of a rectangle that other rectangles leave uncovered.

A frame paints a background only where nothing opaque will be drawn over it
(the board's void around its map chunks, the right column's gaps between its
panels): filling a whole region first and then blitting over most of it costs
each of those pixels twice, and at 1920x1080 a full-window fill costs as much
as a full-window blit (issue 26's frame budget).
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

__all__ = ["uncovered"]


def uncovered(area: pygame.Rect, covers: Iterable[pygame.Rect]) -> list[pygame.Rect]:
    """Disjoint rectangles that together are exactly the pixels of ``area`` outside every one of ``covers``.

    Cut in horizontal bands at the covers' top and bottom edges; within a band, the gaps between the covers
    that span it. Covers may overlap each other or stick out of ``area``.

    >>> uncovered(pygame.Rect(0, 0, 10, 10), [pygame.Rect(0, 0, 10, 4)])
    [Rect(0, 4, 10, 6)]
    """
    area = pygame.Rect(area)
    inside = [c for c in (pygame.Rect(r).clip(area) for r in covers) if c.w > 0 and c.h > 0]
    edges = sorted({area.top, area.bottom, *(c.top for c in inside), *(c.bottom for c in inside)})
    out: list[pygame.Rect] = []
    for y0, y1 in zip(edges, edges[1:]):
        x = area.left
        for left, right in sorted((c.left, c.right) for c in inside if c.top <= y0 and c.bottom >= y1):
            if left > x:
                out.append(pygame.Rect(x, y0, left - x, y1 - y0))
            x = max(x, right)
        if x < area.right:
            out.append(pygame.Rect(x, y0, area.right - x, y1 - y0))
    return out
