"""Where a floating number or caption ("-14", "HELD") goes: by its own fighter's drawn token, over nobody's words.

Why: a caption used to start 20 pixels over the point its fighter stood on
and, when that spot was taken, climb in whole lines until it found room;
"-14" ended up 130 pixels above its victim, over another fighter's name, and
in a crowded hex it rose from the middle of five small tokens, so nobody
could tell whose number it was. Now it is anchored to its fighter's token as
drawn this frame (``TokenLayer.boxes``: in a crowded hex, that fighter's slot
in the hex), and it takes the first spot round that token (above, beside,
below, then a step further out) where the whole way it rises stays clear of
every other fighter's name, badge row, grip words and caption; a spot that
also misses the other tokens is preferred. With no such spot it is drawn
smaller, and with none at all it is left out: the number is in the log and
the roll's pop-up, and it never hides a name.

Rectangles in, a rectangle out: no drawing here.
"""

from __future__ import annotations

import pygame

__all__ = ["RISE", "owner_of", "float_rect"]

#: how far a caption rises over its life, in screen pixels
RISE = 26


def owner_of(label: str) -> set[str]:
    """The fighters a label of the layout belongs to: ``name:ann`` and ``badges:ann`` -> {"ann"}; a grip's
    ``grip:nils>hilde`` -> both; a caption's ``caption:ann:-3`` -> {"ann"}; anything else (a move cost, a
    brawl's title) -> nobody's."""
    kind, _, rest = label.partition(":")
    if kind in ("name", "badges"):
        return {rest}
    if kind == "grip":
        return set(rest.split(">"))
    if kind == "caption":
        return {rest.partition(":")[0]}
    return set()


def _spots(anchor: pygame.Rect, w: int, h: int) -> list[tuple[float, float]]:
    """Centres round ``anchor`` at the start of the rise, nearest first: right above it, then slid along or a
    half line higher, beside it, below it (the rise then ends just under it)."""
    cx, cy = anchor.center
    above = anchor.top - 2 - h / 2
    side = anchor.w / 2 + 4 + w / 2
    out: list[tuple[float, tuple[float, float]]] = []
    for up in range(4):
        for k in range(-4, 5):
            dx, dy = k * w / 4, up * h / 2
            out.append((abs(dx) + dy, (cx + dx, above - dy)))
    for up in range(3):
        for sign in (1, -1):
            out.append((side - w / 2 + up * h / 2 + 4, (cx + sign * side, cy - up * h / 2)))
    for k in range(-2, 3):
        out.append((anchor.h + h + abs(k) * w / 4, (cx + k * w / 4, anchor.bottom + 2 + h / 2 + RISE)))
    return [c for _, c in sorted(out, key=lambda e: e[0])]


def float_rect(size: tuple[int, int], anchor: pygame.Rect, rise: float, words: list[pygame.Rect],
               tokens: list[pygame.Rect], view: pygame.Rect | None = None) -> pygame.Rect | None:
    """The caption's box this frame, ``rise`` (0..1) of the way up, or None when no spot round ``anchor``
    (its fighter's token) keeps its whole rise clear of ``words`` (the other fighters' labels); spots also
    clear of ``tokens`` (the other fighters' tokens) and inside ``view`` come first."""
    w, h = size
    box = pygame.Rect(0, 0, w, h)
    swept = pygame.Rect(0, 0, w, h + RISE)
    found: list[tuple[int, pygame.Rect]] = []
    for x, y in _spots(anchor, w, h):
        box.center = (int(x), int(y))
        swept.bottomleft = box.bottomleft
        if swept.collidelist(words) >= 0:
            continue
        rank = (swept.collidelist(tokens) >= 0) + 2 * (view is not None and not view.contains(swept))
        found.append((rank, box.move(0, -int(round(RISE * rise)))))
        if rank == 0:
            break
    if not found:
        return None
    return min(found, key=lambda e: e[0])[1]
