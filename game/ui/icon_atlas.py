"""The game's icons (``assets/icons/*.svg``) rendered to surfaces: by name, pixel size and colour, cached.

Why a cache keyed by size: an SVG is drawn once per size the board's zoom needs (the tokens pre-render
theirs when the zoom changes, as the tile atlas scales its tiles), after which a token, a menu row or a
badge only blits. Icons are one colour (``currentColor``): each is rendered white, then multiplied by the
colour asked for, so one file serves every ink.

A missing or broken file is never a crash: :meth:`IconAtlas.get` answers None, says so in one log line the
first time, and the caller draws what it drew before icons (a letter, words alone).
"""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pygame

from game.files.data_files import data_root

__all__ = ["ICON_DIR", "IconAtlas", "shared"]

ICON_DIR = data_root() / "assets" / "icons"
log = logging.getLogger(__name__)


class IconAtlas:
    """Icons of one folder as surfaces: ``get(name, size, colour)``; failures logged once, answered None."""

    def __init__(self, folder: Path = ICON_DIR) -> None:
        self.folder = Path(folder)
        self._svg: dict[str, bytes | None] = {}
        self._white: dict[tuple[str, int], pygame.Surface | None] = {}
        self._inked: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface | None] = {}
        #: names that failed, with the reason (tests and the log read it)
        self.failed: dict[str, str] = {}

    def _source(self, name: str) -> bytes | None:
        if name not in self._svg:
            path = self.folder / f"{name}.svg"
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                self._fail(name, f"cannot read {path}: {exc}")
                self._svg[name] = None
            else:  # one colour: drawn white here, inked by multiplying (see the module docstring)
                self._svg[name] = text.replace("currentColor", "#ffffff").encode("utf-8")
        return self._svg[name]

    def _fail(self, name: str, why: str) -> None:
        if name not in self.failed:
            self.failed[name] = why
            log.warning("icon %s: %s; drawing without it", name, why)

    def white(self, name: str, size: int) -> pygame.Surface | None:
        """Icon ``name`` rendered white in a ``size`` x ``size`` box, or None when it cannot be."""
        key = (name, size)
        if key not in self._white:
            src = self._source(name)
            surf = None
            if src is not None and size > 0:
                try:
                    surf = _load_svg(src, size)
                except (pygame.error, ValueError, OSError) as exc:
                    self._fail(name, f"cannot draw {self.folder / (name + '.svg')}: {exc}")
                else:
                    if surf.get_bounding_rect().w == 0:  # parsed to nothing: a broken file draws nothing
                        self._fail(name, f"{self.folder / (name + '.svg')} draws nothing")
                        surf = None
            self._white[key] = surf
        return self._white[key]

    def get(self, name: str | None, size: int, colour: tuple[int, int, int]) -> pygame.Surface | None:
        """Icon ``name`` in ``colour`` at ``size`` pixels square (cached), or None (missing, broken, no name)."""
        if not name:
            return None
        key = (name, size, tuple(colour))  # type: ignore[arg-type]
        if key not in self._inked:
            white = self.white(name, size)
            if white is None:
                self._inked[key] = None
            else:
                inked = white.copy()
                inked.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
                if pygame.display.get_init() and pygame.display.get_surface() is not None:
                    inked = inked.convert_alpha()
                self._inked[key] = inked
        return self._inked[key]

    def prerender(self, names: set[str] | list[str], sizes: set[int] | list[int],
                  colour: tuple[int, int, int]) -> None:
        """Render ``names`` at every size of ``sizes`` now (a zoom change), so the frames after only blit."""
        for size in sizes:
            for name in names:
                self.get(name, size, colour)

    def forget_sizes(self) -> None:
        """Drop the rendered sizes (a new zoom needs others); the files stay read."""
        self._white.clear()
        self._inked.clear()


def _load_svg(src: bytes, size: int) -> pygame.Surface:
    """The SVG ``src`` rendered into ``size`` x ``size`` (``load_sized_svg`` where pygame-ce has it)."""
    loader = getattr(pygame.image, "load_sized_svg", None)
    if loader is not None:
        surf = loader(io.BytesIO(src), (size, size))
    else:  # an older pygame: its own size, then scaled
        surf = pygame.transform.smoothscale(pygame.image.load(io.BytesIO(src), "icon.svg"), (size, size))
    if surf.get_size() != (size, size):  # a non-square view box: centred in the square
        box = pygame.Surface((size, size), pygame.SRCALPHA)
        box.blit(surf, surf.get_rect(center=(size // 2, size // 2)))
        surf = box
    return surf


_SHARED: IconAtlas | None = None


def shared() -> IconAtlas:
    """The window's one icon atlas (each file read once for the tokens, the menu and the badges)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = IconAtlas()
    return _SHARED
