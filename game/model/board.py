"""The board: hexes with terrain, start zones and named spots, plus what the UI needs to draw tiles.

Filled by ``game.files.maps`` from a Tiled file, or made open and flat for a
situation with no map. Cells are a list on disk and a dict in memory.

An *unbounded* board (``Board.unbounded_field()``, a situation's ``"map":
null``) has no cells at all and is open ground everywhere: every hex is on
it and open, so fighters may stand a billion hexes apart and a run or charge
may go as far as its rules allow, at no cost in memory. The rules already
read a board without cells that way (``not board.cells or board.is_open(h)``).
"""

from __future__ import annotations

from typing import Any

import msgspec

from game.hexgrid import Hex, offset_to_axial


class Cell(msgspec.Struct, kw_only=True):
    hex: Hex
    terrain: str = "open"
    move_cost: int = 1
    blocks_movement: bool = False
    blocks_sight: bool = False
    cover: int = 0
    elevation: int = 0


class Tileset(msgspec.Struct, kw_only=True):
    """Where a tileset's image is and how it is cut; the UI loads the image itself."""

    firstgid: int
    image: str
    tile_width: int
    tile_height: int
    columns: int
    tile_count: int
    spacing: int = 0
    margin: int = 0
    offset: tuple[int, int] = (0, 0)
    #: an image-collection tileset (one image per tile): each tile's own image by its local id, else empty
    images: dict[int, str] = {}


class TileLayer(msgspec.Struct, kw_only=True):
    """One Tiled tile layer: ``gids[row][col]`` with Tiled's flip bits already split off into ``flags``."""

    name: str
    gids: list[list[int]]
    flags: list[list[int]] = []
    visible: bool = True
    opacity: float = 1.0
    #: the layer's pixel offset, its groups' added in (Tiled shifts the tiles, not the hexes)
    offset: tuple[float, float] = (0.0, 0.0)


class Board(msgspec.Struct, kw_only=True, dict=True):
    name: str = "open field"
    path: str | None = None
    top: str = "pointy"  # "pointy" (stagger axis y) or "flat" (stagger axis x)
    stagger_axis: str = "y"
    stagger_index: str = "odd"
    columns: int = 0
    rows: int = 0
    tile_size: tuple[int, int] = (64, 74)
    hex_side: int = 37
    default_ruleset: str | None = None
    scale: str | None = None
    cells: list[Cell] = []
    zones: dict[str, list[Hex]] = {}
    spots: dict[str, Hex] = {}
    properties: dict[str, Any] = {}
    tilesets: list[Tileset] = []
    layers: list[TileLayer] = []
    #: the map's own terrain words (tiles without a ``terrain`` property) and the kind each was read as
    #: (``game.tiled.terrain_words``; "" for a word Clinch does not know, played as open ground)
    terrain_words: dict[str, str] = {}
    #: open ground everywhere, no cells (see the module docstring)
    unbounded: bool = False

    def __post_init__(self) -> None:
        # Build the index with the board (once per map): cells do not change during a battle, so lookups are a
        # plain dict access (no size check per call; rules searches make about a million of them per soak).
        self.__dict__["_index"] = {c.hex: c for c in self.cells}

    def index(self) -> dict[Hex, Cell]:
        """Cells by hex, built with the board (``dict=True`` gives the struct a place for it); a copy made
        without ``__post_init__`` (``copy.copy``) builds it on first use."""
        try:
            return self.__dict__["_index"]
        except KeyError:
            idx = self.__dict__["_index"] = {c.hex: c for c in self.cells}
            return idx

    def cell(self, h: Hex) -> Cell | None:
        return self.index().get(h)

    def __contains__(self, h: Hex) -> bool:
        return self.unbounded or h in self.index()

    def is_open(self, h: Hex) -> bool:
        c = self.index().get(h)
        if c is None:
            return self.unbounded
        return not c.blocks_movement

    @classmethod
    def open_field(cls, columns: int, rows: int, *, name: str = "open field") -> Board:
        """A flat field of open ground, odd-r pointy top (situations with ``map: null``)."""
        cells = [Cell(hex=offset_to_axial(c, r, "y", "odd")) for r in range(rows) for c in range(columns)]
        return cls(name=name, columns=columns, rows=rows, cells=cells)

    @classmethod
    def unbounded_field(cls, *, name: str = "open field") -> Board:
        """Open, flat ground without edges and without cells: it costs nothing however far apart fighters stand."""
        return cls(name=name, unbounded=True)
