"""Where the board's words go so that none covers another: names, grip tags, floating captions.

A frame's labels are placed one after another, most important first (the
fighters' names, then the grip tags, then the captions that rise and fade);
each takes the first of its candidate spots that overlaps nothing placed
before it, and a label with no free spot is left out (its words are in the
hover tooltip or the log). Tokens claim their own discs first, so no label
hides a fighter. Some rooms stay clear frame after frame (the last action's
card, drawn over the board after it): :meth:`keep_clear` names them, and no
label, crowded hex's plate or callout goes there. No pygame drawing here:
rectangles in, rectangles out.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

__all__ = ["LabelLayout"]


class LabelLayout:
    """The rectangles taken on screen this frame; :meth:`place` finds a free one for the next label."""

    def __init__(self) -> None:
        self.taken: list[pygame.Rect] = []
        self.labels: list[tuple[str, pygame.Rect]] = []  # (what, where) of each label placed: tests read it
        #: rooms taken from every frame on, until set again (:meth:`keep_clear`)
        self.kept: list[pygame.Rect] = []

    def reset(self) -> None:
        """A new frame: nothing is taken but the rooms kept clear."""
        self.taken[:] = [pygame.Rect(r) for r in self.kept]
        self.labels.clear()

    def keep_clear(self, rects: Iterable[pygame.Rect]) -> None:
        """From the next frame on, ``rects`` (the empty ones left out) are taken before anything is placed:
        something drawn over the board after its words (the last action's card) has its room kept for it."""
        self.kept = [pygame.Rect(r) for r in rects if r.w > 0 and r.h > 0]

    def claim(self, rect: pygame.Rect) -> None:
        """Take ``rect`` whatever is there (a token's disc)."""
        self.taken.append(pygame.Rect(rect))

    def is_free(self, rect: pygame.Rect) -> bool:
        return rect.collidelist(self.taken) < 0

    def place(self, what: str, size: tuple[int, int], centres: Iterable[tuple[float, float]],
              force: bool = False) -> pygame.Rect | None:
        """The first of ``centres`` where a ``size`` box overlaps nothing taken, now taken by ``what``; with
        ``force`` the first centre when none is free (a label that must show); else None."""
        first = None
        for cx, cy in centres:
            r = pygame.Rect(0, 0, *size)
            r.center = (int(cx), int(cy))
            if first is None:
                first = r
            if self.is_free(r):
                self._take(what, r)
                return r
        if force and first is not None:
            self._take(what, first)
            return first
        return None

    def _take(self, what: str, r: pygame.Rect) -> None:
        self.taken.append(r)
        self.labels.append((what, r))
