"""Tile images: the tilesets a Board names, cut into tiles, flipped and rotated as Tiled does, scaled per zoom.

``game.files.maps`` reads only where the images are (headless); this module loads
them. A board with no tilesets (``Board.open_field``, situations without a
map) gets generated hex tiles, one per terrain, so it still draws.

A tile is placed by its *centre relative to the map tile's top-left*: Tiled
anchors a tile image at the bottom-left of its map tile, shifted by the
tileset's offset, and flips / rotates it about the image centre
(``CellRenderer::render``; on hexagonal maps the anti-diagonal flag means a
60 degree turn and bit 28 a 120 degree one, clockwise on screen).
"""

from __future__ import annotations

import colorsys
import math
from pathlib import Path
from typing import Any

import pygame

from game.ui.geometry import MapGeometry

__all__ = ["TileAtlas", "FLIP_H", "FLIP_V", "FLIP_D", "ROT_120", "decode_flags", "terrain_colour"]

FLIP_H, FLIP_V, FLIP_D, ROT_120 = 8, 4, 2, 1

#: colours for generated tiles (boards without a tileset), by terrain name
TERRAIN_COLOURS: dict[str, tuple[int, int, int]] = {
    "open": (118, 140, 82), "grass": (110, 146, 76), "floor": (150, 124, 92), "wood": (140, 104, 70),
    "road": (160, 144, 112), "dirt": (139, 115, 85), "sand": (206, 186, 132), "rough": (128, 116, 84),
    "tree": (52, 94, 52), "trees": (52, 94, 52), "forest": (46, 84, 46), "water": (58, 104, 156),
    "deep_water": (36, 70, 124), "wall": (90, 86, 82), "table": (120, 84, 52), "door": (150, 100, 50),
    "hill": (150, 140, 90), "rock": (110, 108, 104), "mud": (96, 80, 60),
}


def terrain_colour(name: str) -> tuple[int, int, int]:
    """A stable colour for a terrain name (known ones from the table, others hashed)."""
    if name in TERRAIN_COLOURS:
        return TERRAIN_COLOURS[name]
    h = (sum(ord(c) * (i + 1) for i, c in enumerate(name)) % 360) / 360.0
    r, g, b = colorsys.hls_to_rgb(h, 0.45, 0.35)
    return (int(r * 255), int(g * 255), int(b * 255))


def decode_flags(flags: int) -> int:
    """Tiled's flip bits as a nibble ``H V D R120``, whether given raw (bits 31..28) or already shifted."""
    if flags >= 16 or flags < 0:
        return (flags >> 28) & 0xF
    return flags & 0xF


def _surface_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def _convert_alpha(s: pygame.Surface) -> pygame.Surface:
    return s.convert_alpha() if _surface_ready() else s


class TileAtlas:
    """Native tile images by gid, and their transformed / scaled variants, cached.

    ``tile(gid, flags)`` returns ``(surface, (cx, cy))``: the image as Tiled draws
    it and where its centre goes relative to the top-left of the map tile.
    """

    def __init__(self, board: Any, geometry: MapGeometry | None = None) -> None:
        self.board = board
        self.geometry = geometry or MapGeometry.of(board)
        self._tiles: dict[int, tuple[pygame.Surface, tuple[int, int]]] = {}  # gid -> (image, offset)
        self._sizes: dict[int, tuple[int, int]] = {}
        self._native: dict[tuple[int, int, float], tuple[pygame.Surface, tuple[float, float]]] = {}
        self._scaled: dict[tuple[int, int, float], tuple[pygame.Surface, tuple[float, float]]] = {}
        self._zoom: float | None = None
        self.rotated = False  # set when any hex rotation is in use (tiles grow past their box)
        self.terrain_gids: dict[str, int] = {}
        if board.tilesets:
            self._load_tilesets(board)
        else:
            self._make_terrain_tiles(board)

    # --- loading ------------------------------------------------------------------

    def _image_path(self, image: str) -> Path:
        p = Path(image)
        if not p.is_absolute() and self.board.path:
            p = Path(self.board.path).resolve().parent / p
        return p

    def _load(self, image: str, loaded: dict[Path, pygame.Surface]) -> pygame.Surface:
        """A tileset's image, each file loaded once (an image collection may name one image for many tiles)."""
        path = self._image_path(image)
        if path not in loaded:
            try:
                loaded[path] = _convert_alpha(pygame.image.load(str(path)))
            except (pygame.error, FileNotFoundError, OSError) as exc:
                raise ValueError(f"{self.board.path or self.board.name}: cannot load tileset image {path}: {exc}"
                                 ) from None
        return loaded[path]

    def _load_tilesets(self, board: Any) -> None:
        loaded: dict[Path, pygame.Surface] = {}
        for ts in board.tilesets:
            offset = (int(ts.offset[0]), int(ts.offset[1]))
            if ts.images:  # an image collection: each tile its own image, drawn at its own size
                for local, image in ts.images.items():
                    surf = self._load(image, loaded)
                    self._tiles[ts.firstgid + int(local)] = (surf, offset)
                    self._sizes[ts.firstgid + int(local)] = surf.get_size()
                continue
            sheet = self._load(ts.image, loaded)
            tw, th = int(ts.tile_width), int(ts.tile_height)
            cols = int(ts.columns) or max(1, (sheet.get_width() - 2 * ts.margin + ts.spacing) // (tw + ts.spacing))
            count = int(ts.tile_count) or cols * max(
                1, (sheet.get_height() - 2 * ts.margin + ts.spacing) // (th + ts.spacing))
            for local in range(count):
                sx = ts.margin + (local % cols) * (tw + ts.spacing)
                sy = ts.margin + (local // cols) * (th + ts.spacing)
                rect = pygame.Rect(sx, sy, tw, th).clip(sheet.get_rect())
                if rect.w <= 0 or rect.h <= 0:
                    continue
                self._tiles[ts.firstgid + local] = (sheet.subsurface(rect), offset)
                self._sizes[ts.firstgid + local] = (tw, th)

    def _make_terrain_tiles(self, board: Any) -> None:
        """One generated hex tile per terrain: a shaded fill, a darker rim and a light top edge."""
        g = self.geometry
        names = sorted({c.terrain for c in board.cells}) or ["open"]
        outline = [(x + g.tw / 2, y + g.th / 2) for x, y in g.hex_outline()]
        for i, name in enumerate(names, start=1):
            surf = pygame.Surface((g.tw, g.th), pygame.SRCALPHA)
            base = terrain_colour(name)
            pygame.draw.polygon(surf, base, outline)
            inner = [(g.tw / 2 + (x - g.tw / 2) * 0.78, g.th / 2 + (y - g.th / 2) * 0.78) for x, y in outline]
            lighter = tuple(min(255, int(c * 1.08) + 6) for c in base)
            pygame.draw.polygon(surf, lighter, inner)
            rim = tuple(int(c * 0.62) for c in base)
            pygame.draw.polygon(surf, rim, outline, width=max(1, g.tw // 32))
            self._tiles[i] = (_convert_alpha(surf), (0, 0))
            self._sizes[i] = (g.tw, g.th)
            self.terrain_gids[name] = i

    # --- lookup -------------------------------------------------------------------

    def has(self, gid: int) -> bool:
        return gid in self._tiles

    def tile(self, gid: int, flags: int = 0, opacity: float = 1.0) -> tuple[pygame.Surface, tuple[float, float]] | None:
        """The native image for ``gid`` with Tiled's flags applied, and its centre offset."""
        key = (gid, flags, opacity)
        hit = self._native.get(key)
        if hit is not None:
            return hit
        entry = self._tiles.get(gid)
        if entry is None:
            return None
        image, (ox, oy) = entry
        iw, ih = image.get_size()
        bits = decode_flags(flags)
        if bits & (FLIP_H | FLIP_V):
            image = pygame.transform.flip(image, bool(bits & FLIP_H), bool(bits & FLIP_V))
        angle = (60 if bits & FLIP_D else 0) + (120 if bits & ROT_120 else 0)
        nudge = 0.0
        if angle == 180:
            image = pygame.transform.flip(image, True, True)
        elif angle:
            self.rotated = True
            image = pygame.transform.rotozoom(image, -angle, 1.0)
            nudge = -1.0  # rotozoom's output sits one pixel right of Qt's rotation about the centre
        if opacity < 1.0:
            image = image.copy()
            image.fill((255, 255, 255, max(0, int(round(255 * opacity)))), special_flags=pygame.BLEND_RGBA_MULT)
        th = self.geometry.th
        centre = (ox + iw / 2.0 + nudge, th + oy - ih / 2.0)
        self._native[key] = (image, centre)
        return self._native[key]

    def scaled(self, gid: int, flags: int, zoom: float, opacity: float = 1.0
               ) -> tuple[pygame.Surface, tuple[float, float]] | None:
        """The tile scaled to ``zoom`` (the scaled cache holds one zoom at a time)."""
        if zoom != self._zoom:
            self._scaled.clear()
            self._zoom = zoom
        key = (gid, flags, opacity)
        hit = self._scaled.get(key)
        if hit is not None:
            return hit
        native = self.tile(gid, flags, opacity)
        if native is None:
            return None
        image, centre = native
        if zoom != 1.0:
            w, h = image.get_size()
            size = (max(1, int(round(w * zoom))), max(1, int(round(h * zoom))))
            image = pygame.transform.smoothscale(image, size) if zoom < 1.0 else pygame.transform.scale(image, size)
        self._scaled[key] = (image, centre)
        return self._scaled[key]

    def overhang(self, rotated: bool = False) -> tuple[int, int, int, int]:
        """How far tile images reach past their map tile: (left, top, right, bottom) pixels."""
        g = self.geometry
        left = top = right = bottom = 0
        for gid, (_image, (ox, oy)) in self._tiles.items():
            iw, ih = self._sizes[gid]
            left = max(left, -ox)
            right = max(right, ox + iw - g.tw)
            top = max(top, ih - g.th - oy)
            bottom = max(bottom, oy)
        if rotated or self.rotated:
            grow = int(math.ceil(max(max(self._sizes.values(), default=(0, 0))) * 0.25))
            left, top, right, bottom = left + grow, top + grow, right + grow, bottom + grow
        return (left, top, right, bottom)
