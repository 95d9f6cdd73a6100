"""Cached text: a frame never renders a font, it blits surfaces made once; no string makes drawing raise.

Every font the UI measures or draws with comes from :meth:`TextCache.font`, a :class:`SafeFont`: a name
from a hostile file (a zero-width space alone, a NUL, a bidirectional override, a file name that is not
UTF-8, 10,000 characters) is drawn as :func:`game.files.names.shown` makes it (escaped, cut), and anything
pygame still refuses draws as nothing instead of closing the game.
"""

from __future__ import annotations

import pygame

from game.files.names import shown
from game.ui.palette import FONT_BOLD, FONT_REGULAR

__all__ = ["TextCache", "SafeFont", "drawable", "label_surface", "wrap", "fit_text"]

_AUTO = "auto"
#: the longest line drawn in one piece (wider than any screen at the smallest size; a longer one is cut)
MAX_DRAWN = 1000
#: the longest text :func:`wrap` splits into lines (a rules-help page is about 2,000 characters)
MAX_WRAPPED = 20_000


def drawable(text: object, limit: int = MAX_DRAWN) -> str:
    """What the fonts draw of ``text``: :func:`game.files.names.shown` (escaped where it cannot be shown, cut)."""
    return shown(text, limit)


class SafeFont(pygame.font.Font):
    """A pygame font whose ``size`` and ``render`` take any string: escaped and cut by :func:`drawable`; a
    string that still draws nothing (zero width) or that pygame refuses draws as an empty surface."""

    def size(self, text: object) -> tuple[int, int]:  # type: ignore[override]
        try:
            return super().size(drawable(text))
        except (pygame.error, ValueError, UnicodeError):
            return (0, self.get_linesize())

    def render(self, text: object, antialias: bool | int, color: object,  # type: ignore[override]
               bgcolor: object = None, wraplength: int = 0) -> pygame.Surface:
        shown_text = drawable(text)
        args = (antialias, color) if bgcolor is None else (antialias, color, bgcolor)
        try:  # zero width ("Text has zero width") is a pygame.error: drawn as nothing
            return super().render(shown_text, *args, wraplength=wraplength)  # type: ignore[arg-type]
        except (pygame.error, ValueError, UnicodeError):
            return super().render("", *args)  # type: ignore[arg-type]


class TextCache:
    """Fonts by size and rendered strings by (text, size, colour, bold)."""

    def __init__(self, font_path: str | None = _AUTO, limit: int = 2048, scale: float = 1.0) -> None:
        if not pygame.font.get_init():
            pygame.font.init()

        self.bold_path = FONT_BOLD if font_path == _AUTO else None
        self.font_path = FONT_REGULAR if font_path == _AUTO else font_path
        self.limit = limit
        self.scale = scale  # the effective UI scale (game.ui.ui_scale): every size is multiplied by it
        self._fonts: dict[tuple[int, bool], SafeFont] = {}
        self._text: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}
        #: test mode: when a list, every string rendered is appended as (text, size, bold, pixel width)
        self.drawn: list[tuple[str, int, bool, int]] | None = None
        #: test mode: when a list, every :func:`fit_text` call appends (text, shown, width, cut)
        self.fits: list[tuple[str, str, int, bool]] | None = None

    def px(self, n: float) -> int:
        """``n`` pixels at scale 1, at this cache's scale: the gaps, rows and boxes drawn around text grow
        with it (issue 26: letters 1.35 times larger in a box of the old size overlapped its next row)."""
        return int(round(n * self.scale))

    def font(self, size: int, bold: bool = False) -> SafeFont:
        key = (max(6, int(round(size * self.scale))), bold)
        f = self._fonts.get(key)
        if f is None:
            if bold and self.bold_path:
                f = SafeFont(self.bold_path, key[0])
            else:
                f = SafeFont(self.font_path, key[0])
                f.bold = bold
            self._fonts[key] = f
        return f

    def render(self, text: str, size: int, colour: tuple[int, ...] = (240, 236, 224), bold: bool = False
               ) -> pygame.Surface:
        key = (text, int(size), tuple(colour), bold)
        s = self._text.get(key)
        if s is None:
            if len(self._text) >= self.limit:
                self._text.clear()
            s = self.font(size, bold).render(text, True, colour)
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                s = s.convert_alpha()
            self._text[key] = s
        if self.drawn is not None:
            self.drawn.append((text, int(size), bold, s.get_width()))
        return s


def label_surface(text_cache: TextCache, lines: list[str], size: int, *, padding: int = 6,
                  background: tuple[int, int, int, int] = (16, 18, 22, 210),
                  colour: tuple[int, int, int] = (236, 232, 220), title_colour: tuple[int, int, int] | None = None,
                  border: tuple[int, int, int] | None = (90, 96, 104)) -> pygame.Surface:
    """A boxed block of text lines (first line optionally in ``title_colour``), made once and blitted after."""
    rendered = [
        text_cache.render(line, size, title_colour if (i == 0 and title_colour) else colour, bold=(i == 0))
        for i, line in enumerate(lines)
    ]
    w = max((r.get_width() for r in rendered), default=0) + 2 * padding
    line_h = text_cache.font(size).get_linesize()
    h = line_h * len(rendered) + 2 * padding
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, background, surf.get_rect(), border_radius=6)
    if border:
        pygame.draw.rect(surf, border, surf.get_rect(), width=1, border_radius=6)
    for i, r in enumerate(rendered):
        surf.blit(r, (padding, padding + i * line_h))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    return surf


def fit_text(cache: TextCache, text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` as it is if it fits ``width`` pixels at ``size``, else cut with an ellipsis so it does.

    The one place a string is shortened for lack of room (a name on a crowded timeline chip, a long
    toast): the caller shows the whole of it elsewhere (a tooltip, the log). A test mode
    (:attr:`TextCache.fits`) records each call and whether it had to cut.
    """
    text = drawable(text)
    font = cache.font(size, bold)
    cut = font.size(text)[0] > width
    shown = text
    if cut:
        lo, hi = 0, len(text)
        while lo < hi:  # the longest prefix that fits with its ellipsis
            mid = (lo + hi + 1) // 2
            if font.size(text[:mid].rstrip() + "\u2026")[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        shown = text[:lo].rstrip() + "\u2026" if lo else ""
    if cache.fits is not None:
        cache.fits.append((text, shown, width, cut))
    return shown


#: a bracketed group this short is never split over two lines ("(DX 14)", "(one step)")
KEEP_BRACKETED = 16


def _kept_together(words: list[str]) -> list[str]:
    """``words`` with each short bracketed group joined into one unit: a roll's title read "Cass: parry
    bare-handed (DX" and "14)" on the next line (seen at 1280x800); a long aside still wraps inside."""
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w.startswith("(") and ")" not in w:
            end = next((j for j in range(i + 1, len(words)) if ")" in words[j]), None)
            if end is not None and len(" ".join(words[i:end + 1])) <= KEEP_BRACKETED:
                out.append(" ".join(words[i:end + 1]))
                i = end + 1
                continue
        out.append(w)
        i += 1
    return out


def wrap(cache: TextCache, text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels at ``size``, at spaces, keeping a short bracketed
    group on one line."""
    font = cache.font(size, bold)
    out: list[str] = []
    for para in str(text)[:MAX_WRAPPED].split("\n"):
        para = shown(para, MAX_WRAPPED)
        words = _kept_together(para.split(" "))
        line = ""
        for w in words:
            trial = w if not line else f"{line} {w}"
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = w
        out.append(line)
    return out
