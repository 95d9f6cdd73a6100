"""Tiled's hexagonal layout, flip bits and draw order (``game.files.maps``' module docstring gives the formulas).

Pure arithmetic over a :class:`~game.model.Board`'s numbers, exactly as Tiled 1.8's ``HexagonalRenderer``
lays a map out, for the board view, ``check-map`` and the reader's object placement. No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.hexgrid import Hex, axial_to_offset
from game.model import Board, Tileset

# --- Flip bits, as Tiled stores them in the top four bits of a gid -------------------

FLIP_H = 0x8  #: mirrored left-right
FLIP_V = 0x4  #: mirrored top-bottom
FLIP_D = 0x2  #: anti-diagonal flip; on hexagonal maps: rotated 60 degrees clockwise
ROT_120 = 0x1  #: hexagonal maps only: rotated 120 degrees clockwise
_GID_MASK = 0x0FFFFFFF


@dataclass(frozen=True, slots=True)
class TileTransform:
    """How to draw a flagged tile: mirror first (about the image centre), then rotate clockwise."""

    rotation: int  # degrees clockwise on screen: 0, 60, 120, 180, 90 (orthogonal D flag only)
    flip_x: bool
    flip_y: bool


def tile_transform(flags: int, *, hexagonal: bool = True) -> TileTransform:
    """Turn a cell's flag bits into a mirror-then-rotate transform, as Tiled draws it.

    >>> tile_transform(FLIP_D | ROT_120)
    TileTransform(rotation=180, flip_x=False, flip_y=False)
    """
    fx, fy = bool(flags & FLIP_H), bool(flags & FLIP_V)
    if hexagonal:
        rot = (60 if flags & FLIP_D else 0) + (120 if flags & ROT_120 else 0)
        return TileTransform(rot, fx, fy)
    if flags & FLIP_D:  # orthogonal meaning: transpose = rotate 90 + mirror
        return TileTransform(90, fy, not fx)
    return TileTransform(0, fx, fy)


# --- Geometry ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HexMetrics:
    """Tiled's hexagonal layout numbers for one map (see the module docstring)."""

    stagger_axis: str
    stagger_index: str
    tile_width: int  # rounded down to even, as Tiled does
    tile_height: int
    side: int
    columns: int
    rows: int

    @property
    def side_offset_x(self) -> int:
        return (self.tile_width - (self.side if self.stagger_axis == "x" else 0)) // 2

    @property
    def side_offset_y(self) -> int:
        return (self.tile_height - (self.side if self.stagger_axis == "y" else 0)) // 2

    @property
    def column_width(self) -> int:
        return self.side_offset_x + (self.side if self.stagger_axis == "x" else 0)

    @property
    def row_height(self) -> int:
        return self.side_offset_y + (self.side if self.stagger_axis == "y" else 0)

    def is_staggered(self, index: int) -> bool:
        """Whether this column (axis x) or row (axis y) is pushed half a tile along."""
        return bool((index & 1) ^ (self.stagger_index == "even"))

    def origin(self, col: int, row: int) -> tuple[int, int]:
        if self.stagger_axis == "x":
            y = row * self.tile_height + (self.row_height if self.is_staggered(col) else 0)
            return col * self.column_width, y
        x = col * self.tile_width + (self.column_width if self.is_staggered(row) else 0)
        return x, row * self.row_height

    def center(self, col: int, row: int) -> tuple[float, float]:
        x, y = self.origin(col, row)
        return x + self.tile_width / 2.0, y + self.tile_height / 2.0

    def pixel_size(self) -> tuple[int, int]:
        if self.stagger_axis == "x":
            w = self.columns * self.column_width + self.side_offset_x
            h = self.rows * self.tile_height + (self.row_height if self.columns > 1 else 0)
        else:
            w = self.columns * self.tile_width + (self.column_width if self.rows > 1 else 0)
            h = self.rows * self.row_height + self.side_offset_y
        return w, h


def metrics(board: Board) -> HexMetrics:
    tw, th = board.tile_size
    return HexMetrics(board.stagger_axis, board.stagger_index, int(tw) & ~1, int(th) & ~1,
                      int(board.hex_side), board.columns, board.rows)


def tile_origin(board: Board, col: int, row: int) -> tuple[int, int]:
    """Top-left of the tile's grid box in map pixels."""
    return metrics(board).origin(col, row)


def tile_center(board: Board, col: int, row: int) -> tuple[float, float]:
    """Exact pixel centre of tile ``(col, row)`` as Tiled draws it (map pixels, origin top-left)."""
    return metrics(board).center(col, row)


def hex_center(board: Board, h: Hex) -> tuple[float, float]:
    col, row = axial_to_offset(h, board.stagger_axis, board.stagger_index)  # type: ignore[arg-type]
    return metrics(board).center(col, row)


def map_pixel_size(board: Board) -> tuple[int, int]:
    """The map's size in pixels as Tiled (and tmxrasterizer) gives it."""
    return metrics(board).pixel_size()


def draw_order(board: Board) -> list[tuple[int, int]]:
    """Tile positions ``(col, row)`` in the order Tiled paints them within one layer.

    Pointy (axis y): row-major. Flat (axis x): for each row, the unshifted
    columns left to right, then the shifted ones left to right.
    """
    m = metrics(board)
    if m.stagger_axis == "y":
        return [(c, r) for r in range(m.rows) for c in range(m.columns)]
    first = [c for c in range(m.columns) if not m.is_staggered(c)]
    second = [c for c in range(m.columns) if m.is_staggered(c)]
    return [(c, r) for r in range(m.rows) for c in first + second]


def tileset_for_gid(board: Board, gid: int) -> Tileset | None:
    found = None
    for ts in board.tilesets:
        if ts.firstgid <= gid < ts.firstgid + ts.tile_count:
            found = ts
    return found


def tile_source_rect(tileset: Tileset, gid: int) -> tuple[int, int, int, int]:
    """The ``(x, y, w, h)`` of a gid's picture inside its tileset image."""
    i = gid - tileset.firstgid
    col, row = i % tileset.columns, i // tileset.columns
    x = tileset.margin + col * (tileset.tile_width + tileset.spacing)
    y = tileset.margin + row * (tileset.tile_height + tileset.spacing)
    return x, y, tileset.tile_width, tileset.tile_height


def tile_draw_position(board: Board, tileset: Tileset, col: int, row: int) -> tuple[int, int]:
    """Where the top-left of the tile image goes: bottom-left aligned to the grid box, plus tileoffset."""
    m = metrics(board)
    x, y = m.origin(col, row)
    return x + tileset.offset[0], y + m.tile_height - tileset.tile_height + tileset.offset[1]
