"""Where Tiled puts each tile of a hexagonal map, in map pixels.

This is the arithmetic of Tiled's ``HexagonalRenderer`` (integer tile size
rounded down to even, side offsets, column width, row height), so the board
view lands every tile on the pixel Tiled itself draws it on. World
coordinates everywhere in ``game.ui`` are these map pixels: origin at the
map's top-left, x right, y down.

:class:`MapGeometry` also builds the regular :class:`game.hexgrid.Layout`
whose centres coincide with Tiled's tile centres (an anisotropic size), so
``hex_to_pixel`` / ``pixel_to_hex`` serve drawing and picking, and gives the
exact hex outline of a tile for highlights.

No pygame here: pure arithmetic, testable anywhere.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from game.hexgrid import (
    DIRECTIONS,
    LAYOUT_FLAT,
    LAYOUT_POINTY,
    Hex,
    Layout,
    axial_to_offset,
    hex_to_pixel,
    offset_to_axial,
    pixel_to_hex,
)

__all__ = ["MapGeometry"]


@dataclass(frozen=True)
class MapGeometry:
    """Tiled's pixel layout of one hexagonal map (see ``HexagonalRenderer::RenderParams``)."""

    columns: int
    rows: int
    tile_width: int
    tile_height: int
    hex_side: int
    stagger_axis: str = "y"  # "y" = pointy top, "x" = flat top
    stagger_index: str = "odd"

    @classmethod
    def of(cls, board: Any) -> MapGeometry:
        """The geometry of a :class:`game.model.Board` (any object with its fields)."""
        tw, th = board.tile_size
        return cls(
            columns=int(board.columns), rows=int(board.rows), tile_width=int(tw), tile_height=int(th),
            hex_side=int(board.hex_side), stagger_axis=str(board.stagger_axis),
            stagger_index=str(board.stagger_index),
        )

    # --- Tiled's render parameters ------------------------------------------------

    @property
    def stagger_x(self) -> bool:
        return self.stagger_axis == "x"

    @property
    def is_pointy(self) -> bool:
        return not self.stagger_x

    @property
    def tw(self) -> int:
        return self.tile_width & ~1

    @property
    def th(self) -> int:
        return self.tile_height & ~1

    @property
    def side_x(self) -> int:
        return self.hex_side if self.stagger_x else 0

    @property
    def side_y(self) -> int:
        return 0 if self.stagger_x else self.hex_side

    @property
    def side_offset_x(self) -> int:
        return (self.tw - self.side_x) // 2

    @property
    def side_offset_y(self) -> int:
        return (self.th - self.side_y) // 2

    @property
    def column_width(self) -> int:
        return self.side_offset_x + self.side_x

    @property
    def row_height(self) -> int:
        return self.side_offset_y + self.side_y

    def is_staggered(self, index: int) -> bool:
        """Whether column (flat) or row (pointy) ``index`` is the shifted one."""
        return bool((index & 1) ^ (self.stagger_index == "even"))

    @property
    def pixel_size(self) -> tuple[int, int]:
        """The map's size in pixels, as ``HexagonalRenderer::mapSize`` (and tmxrasterizer's PNG)."""
        if self.stagger_x:
            w = self.columns * self.column_width + self.side_offset_x
            h = self.rows * (self.th + self.side_y)
            if self.columns > 1:
                h += self.row_height
        else:
            w = self.columns * (self.tw + self.side_x)
            h = self.rows * self.row_height + self.side_offset_y
            if self.rows > 1:
                w += self.column_width
        return (w, h)

    @property
    def step(self) -> tuple[int, int]:
        """Pixel distance between same-parity neighbours along columns and rows."""
        if self.stagger_x:
            return (self.column_width, self.th + self.side_y)
        return (self.tw + self.side_x, self.row_height)

    # --- tiles ------------------------------------------------------------------------

    def tile_origin(self, col: int, row: int) -> tuple[int, int]:
        """Top-left pixel of tile ``(col, row)`` (``tileToScreenCoords``)."""
        stagger_x, col_step_y, row_h, col_w, row_step_x, even = self._offset_params
        if stagger_x:
            y = row * col_step_y
            if (col & 1) ^ even:
                y += row_h
            return (col * col_w, y)
        x = col * row_step_x
        if (row & 1) ^ even:
            x += col_w
        return (x, row * row_h)

    def tile_center(self, col: int, row: int) -> tuple[float, float]:
        x, y = self.tile_origin(col, row)
        return (x + self.tw / 2.0, y + self.th / 2.0)

    def tile_order(self, cols: range | None = None, rows: range | None = None) -> Iterator[tuple[int, int]]:
        """Tiles in Tiled's paint order: row by row; on flat-top maps each row's
        unshifted columns before its shifted ones (they overlap the row below)."""
        cols = range(self.columns) if cols is None else cols
        rows = range(self.rows) if rows is None else rows
        if not self.stagger_x:
            for row in rows:
                for col in cols:
                    yield col, row
            return
        unshifted = [c for c in cols if not self.is_staggered(c)]
        shifted = [c for c in cols if self.is_staggered(c)]
        for row in rows:
            for col in unshifted:
                yield col, row
            for col in shifted:
                yield col, row

    def tiles_near(self, x0: float, y0: float, x1: float, y1: float, margin: int = 2) -> tuple[range, range]:
        """Column and row ranges whose tiles may touch the map-pixel rectangle (with ``margin`` tiles spare)."""
        cw, rh = self.step
        c0 = max(0, math.floor(x0 / cw) - margin)
        c1 = min(self.columns, math.ceil(x1 / cw) + margin + 1)
        r0 = max(0, math.floor(y0 / rh) - margin)
        r1 = min(self.rows, math.ceil(y1 / rh) + margin + 1)
        return range(c0, max(c0, c1)), range(r0, max(r0, r1))

    # --- hexes --------------------------------------------------------------------

    def to_hex(self, col: int, row: int) -> Hex:
        return offset_to_axial(col, row, self.stagger_axis, self.stagger_index)  # type: ignore[arg-type]

    def to_tile(self, h: Hex) -> tuple[int, int]:
        return axial_to_offset(h, self.stagger_axis, self.stagger_index)  # type: ignore[arg-type]

    def contains(self, h: Hex) -> bool:
        col, row = self.to_tile(h)
        return 0 <= col < self.columns and 0 <= row < self.rows

    @cached_property
    def layout(self) -> Layout:
        """A hexgrid ``Layout`` whose hex centres are exactly Tiled's tile centres."""
        origin = self.tile_center(0, 0)  # axial (0,0) is offset (0,0) in all four variants
        if self.stagger_x:
            size = (self.column_width / 1.5, (self.th + self.side_y) / math.sqrt(3.0))
            return Layout(LAYOUT_FLAT, size, origin)
        size = ((self.tw + self.side_x) / math.sqrt(3.0), self.row_height / 1.5)
        return Layout(LAYOUT_POINTY, size, origin)

    def center(self, h: Hex) -> tuple[float, float]:
        return hex_to_pixel(self.layout, h)

    def hex_at(self, x: float, y: float) -> Hex:
        return pixel_to_hex(self.layout, (x, y))

    @cached_property
    def _offset_params(self) -> tuple[bool, int, int, int, int, int]:
        return (self.stagger_x, self.th + self.side_y, self.row_height, self.column_width,
                self.tw + self.side_x, self.stagger_index == "even")

    def direction_vector(self, direction: int) -> tuple[float, float]:
        """Unit vector on screen (y down) from a hex towards its neighbour in ``direction``."""
        d = DIRECTIONS[direction % 6]
        lay = self.layout
        x0, y0 = hex_to_pixel(lay, Hex(0, 0))
        x1, y1 = hex_to_pixel(lay, d)
        dx, dy = x1 - x0, y1 - y0
        n = math.hypot(dx, dy) or 1.0
        return (dx / n, dy / n)

    def hex_outline(self) -> list[tuple[float, float]]:
        """The six corners of a tile's hexagon, relative to its centre (Tiled's own hex shape)."""
        tw, th = self.tw, self.th
        if self.stagger_x:
            sox, s = self.side_offset_x, self.side_x
            pts = [(0, th / 2), (sox, 0), (sox + s, 0), (tw, th / 2), (sox + s, th), (sox, th)]
        else:
            soy, s = self.side_offset_y, self.side_y
            pts = [(tw / 2, 0), (tw, soy), (tw, soy + s), (tw / 2, th), (0, soy + s), (0, soy)]
        return [(x - tw / 2, y - th / 2) for x, y in pts]

    @property
    def hex_radius(self) -> float:
        """A token-sizing radius: half the smaller tile dimension."""
        return min(self.tw, self.th) / 2.0
