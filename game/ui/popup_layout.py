"""Where a dice pop-up goes on the board and how wide it is: over its roller, clear of everyone else's name.

A roll's pop-up is about one fighter. Seen under Xvfb: a pop-up drawn straight above its roller covered the
name of the fighter standing there, its title was cut ("Bob: resist the strangle: ST (higher o…") and a
one-die roll had a box as wide as its cut title, mostly empty. So:

- the title wraps onto at most :data:`TITLE_LINES` lines no wider than :func:`text_width` (the dice's row, or
  :data:`MIN_TEXT_W` for a few dice), and a label that already starts with the roller's name ("Ann attacks
  Bob with club") is not prefixed with it again;
- the box is as wide as its widest line or its dice, never wider;
- :func:`place_popup` tries above the roller, then below, right and left (a contest's second pop-up on the
  other side), and takes the first spot that covers no other fighter's name and no other pop-up, inside
  the board; when none is free, the spot covering least of them.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.ui.text import TextCache, fit_text, wrap

__all__ = ["TITLE_LINES", "MIN_TEXT_W", "MAX_TEXT_W", "text_width", "title_text", "wrapped", "title_lines",
           "place_popup"]

#: a pop-up's title is at most this many lines (the combat log and the breakdown have the whole)
TITLE_LINES = 3
#: the narrowest a pop-up's text is wrapped to (a one-die roll's box is about this wide)
MIN_TEXT_W = 200
#: the widest, on a board with room (a smaller board wraps to its own width less a margin)
MAX_TEXT_W = 320
#: the gap between a token's centre and a pop-up's near edge (clear of the token and its health bar)
GAP = 36


def text_width(dice: int, within_w: int, die: int = 30, scale: float = 1.0) -> int:
    """How wide a pop-up's text may run: its dice's row (and the total beside it), at least
    :data:`MIN_TEXT_W`, at most :data:`MAX_TEXT_W` and the board's width less a margin; both limits grow with
    the text's ``scale`` (issue 26: at 1920x1080 a title in larger letters was cut in a box of the old width)."""
    row = dice * (die + 6) + 90
    return max(80, min(max(int(MIN_TEXT_W * scale), row), int(MAX_TEXT_W * scale), within_w - 40))


def title_text(name: str, label: str) -> str:
    """The pop-up's title: "Ann: hold on: ST", or the label alone when it already names the roller first
    ("Ann attacks Bob with club", a d20 attack's own label)."""
    label = label.strip() or "roll"
    if name and label.startswith(name):
        return label
    return f"{name}: {label}" if name else label


def wrapped(text: TextCache, words: str, size: int, width: int, bold: bool = False,
            lines: int = TITLE_LINES) -> list[str]:
    """``words`` wrapped to ``width``, at most ``lines`` lines: the last one keeps the rest, its end cut with
    an ellipsis only when the words truly run past ``lines`` lines (the log has them whole)."""
    out = wrap(text, words, size, width, bold)
    if len(out) > lines:
        out = out[:lines - 1] + [fit_text(text, " ".join(out[lines - 1:]), size, width, bold)]
    return out


def title_lines(text: TextCache, words: str, size: int, width: int, widest: int) -> tuple[list[str], int]:
    """A title wrapped to ``width``, widened step by step up to ``widest`` while it needs more than
    :data:`TITLE_LINES` lines (a d20 attack's label names both fighters and the weapon): the lines and the
    width they were wrapped to."""
    widest = max(width, widest)
    while True:
        lines = wrap(text, words, size, width, True)
        if len(lines) <= TITLE_LINES or width >= widest:
            return wrapped(text, words, size, width, True), width
        width = min(widest, width + 40)


def _overlap(r: pygame.Rect, others: Iterable[pygame.Rect]) -> int:
    return sum(r.clip(o).w * r.clip(o).h for o in others)


def place_popup(size: tuple[int, int], at: tuple[float, float], within: pygame.Rect,
                avoid: list[pygame.Rect], side: int = 0) -> pygame.Rect:
    """Where a pop-up of ``size`` about the token at ``at`` (screen) goes: above it, below it, right or left
    of it (``side`` -1/+1 shifts a contest's pop-up to its own side of the roller first), inside ``within``,
    on the first spot overlapping none of ``avoid`` (other fighters' names, pop-ups placed already); else the
    spot overlapping least of them."""
    w, h = size
    x, y = int(at[0]), int(at[1])
    shift = side * (w // 2 + 6)
    spots = []
    # over the roller, then under it, each slid along while the roller stays within its width; then beside it
    slides = [shift] + [shift + k * w // 6 for k in (1, -1, 2, -2)] if not side else [shift, shift + side * w // 4]
    for ends in ("midbottom", "midtop"):
        for dx in slides:
            r = pygame.Rect(0, 0, w, h)
            setattr(r, ends, (x + dx, y - GAP if ends == "midbottom" else y + GAP))
            spots.append(r.clamp(within))
    for ends in (("midright", "midleft") if side < 0 else ("midleft", "midright")):
        for dy in (0, -h // 3, h // 3):
            r = pygame.Rect(0, 0, w, h)
            setattr(r, ends, (x + (GAP if ends == "midleft" else -GAP), y + dy))
            spots.append(r.clamp(within))
    for r in spots:
        if _overlap(r, avoid) == 0:
            return r
    return min(spots, key=lambda r: (_overlap(r, avoid), spots.index(r)))
