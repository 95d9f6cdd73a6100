"""Tiled hex maps (.tmx) -> :class:`Board`; scenarios (.toml) -> :class:`Battle`.

Headless: no pygame, no images. pytmx reads the map's structure, tilesets and
properties (without an image loader); the layer data and the object layers
are read from the XML here, because pytmx cannot decode zstd, folds Tiled's
hexagonal rotation bits into the tile id, and returns ``hexsidelength`` as a
float and tileset offsets as strings.

Geometry, exactly as Tiled 1.8's ``HexagonalRenderer`` lays a map out (checked
against tmxrasterizer renderings in the tests). With ``tw``/``th`` the map's
tile size rounded down to even numbers and ``s`` the hex side length:

* stagger axis ``y`` (pointy top): a tile's box starts at
  ``x = col * tw + (tw // 2 if row is staggered)``, ``y = row * ((th - s) // 2 + s)``;
* stagger axis ``x`` (flat top): ``x = col * ((tw - s) // 2 + s)``,
  ``y = row * th + (th // 2 if col is staggered)``;
* a row (column) is staggered when its index is odd for ``staggerindex="odd"``
  and even for ``"even"``; the centre of a tile is its box's origin plus
  ``(tw / 2, th / 2)`` (:func:`tile_center`);
* a tile image is drawn with its bottom-left corner at the bottom-left of the
  box, then moved by the tileset's ``tileoffset`` (:func:`tile_draw_position`);
* draw order (:func:`draw_order`): layers bottom to top; on a pointy map row
  by row, left to right; on a flat-top map row by row too, but within each row
  the *unshifted* columns first and the shifted ones (those pushed half a tile
  down) after them, so that the lower hexes overlap the upper ones as in Tiled;
* flip bits of a cell (:data:`FLIP_H`, :data:`FLIP_V`, :data:`FLIP_D`,
  :data:`ROT_120`) are kept apart in :attr:`TileLayer.flags`; on hex maps
  ``FLIP_D`` means "rotate 60 degrees clockwise" and ``ROT_120`` "rotate 120
  degrees clockwise" (:func:`tile_transform`).

A position where no layer has a tile is not part of the board.

Every file is read as a hostile one (issue 13): through :mod:`game.userfiles`
(no pipes, devices or folders; bounded sizes), parsed with element, attribute
and depth caps, every number checked before pytmx converts it, compressed
layers inflated no further than the map's declared size, tileset images known
by their header alone, and the map's size, layers, objects, tilesets and zone
searches bounded (the ``MAX_*`` constants below say why each bound is where it
is). Anything refused is one :class:`MapError` or :class:`ScenarioError`
sentence naming the file and the field.
"""

from __future__ import annotations

import base64
import binascii
import functools
import logging
import math
import re
import struct
import sys
import warnings
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, Optional, get_args, get_origin
from xml.etree import ElementTree

import msgspec

from game.hexgrid import (
    DIRECTIONS,
    FractionalHex,
    Hex,
    axial_to_offset,
    hex_distance,
    hex_round,
    offset_to_axial,
)
from game.model import POSTURES, Battle, Board, Cell, Fighter, RngState, Side, TileLayer, Tileset
from game.rules.scenario_types import (  # noqa: F401  (MAX_* re-exported: the scenario bounds)
    MAX_ARMS,
    MAX_DR,
    MAX_ITEMS,
    MAX_NAME,
    MAX_ROUNDS,
    MAX_SCORE,
    MAX_SIDES,
    Name,
    Rounds,
    Score,
)
from game.userfiles import UserFileError, load_toml, read_bytes

if TYPE_CHECKING:
    from game.rules.base import Ruleset

__all__ = [
    "MapError", "ScenarioError", "load_map", "load_scenario",
    "FLIP_H", "FLIP_V", "FLIP_D", "ROT_120", "TileTransform", "tile_transform",
    "HexMetrics", "metrics", "tile_origin", "tile_center", "hex_center", "map_pixel_size",
    "draw_order", "tile_source_rect", "tile_draw_position", "tileset_for_gid",
    "TERRAIN_PROPERTIES",
]

# --- Flip bits, as Tiled stores them in the top four bits of a gid -------------------

FLIP_H = 0x8  #: mirrored left-right
FLIP_V = 0x4  #: mirrored top-bottom
FLIP_D = 0x2  #: anti-diagonal flip; on hexagonal maps: rotated 60 degrees clockwise
ROT_120 = 0x1  #: hexagonal maps only: rotated 120 degrees clockwise
_GID_MASK = 0x0FFFFFFF


#: a message longer than this is cut (the file and the field come first; a hostile name may be megabytes)
MAX_MESSAGE = 600


def _one_line(message: str) -> str:
    """Control characters a hostile file put in a name or path, escaped, so the sentence stays on one line."""
    if len(message) > MAX_MESSAGE:
        message = message[:MAX_MESSAGE - 1] + "…"
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)


class MapError(ValueError):
    """A map that cannot be used; the message is one sentence (on one line) naming the file."""

    def __init__(self, message: str) -> None:
        super().__init__(_one_line(message))


class ScenarioError(ValueError):
    """A scenario that cannot be used; the message names the file and the field (on one line)."""

    def __init__(self, message: str) -> None:
        super().__init__(_one_line(message))


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


# --- Reading a .tmx -------------------------------------------------------------------

#: Clinch plays maps up to this many cells a side. A close-combat battle uses a few dozen hexes (the shipped
#: maps are at most 16x14); 512x512 is 262,144 cells, room for any skirmish map, while every per-cell
#: structure (cells, layers, the board view's draw lists, the AI's path searches) stays within tens of MB.
MAX_CELLS_A_SIDE = 512
#: tiles over all tile layers together: four full layers of the largest map (each gid a Python int)
MAX_LAYER_TILES = 4 * MAX_CELLS_A_SIDE * MAX_CELLS_A_SIDE
#: a tile side in pixels (Tiled's own hex maps use 14-256); the board view scales tiles, so more buys nothing
MAX_TILE_PIXELS = 1024
#: a tileset image side in pixels (SDL's usual texture limit) and its area (64 MB once decoded to RGBA)
MAX_IMAGE_SIDE = 16384
MAX_IMAGE_PIXELS = 4096 * 4096
#: bytes of a .tmx or .tsx file: a 512x512 map with four CSV layers of four-digit gids is about 5 MB,
#: with one XML-encoded layer about 4.5 MB
MAX_MAP_BYTES = 8 * 1024 * 1024
#: bytes of a tileset image file (read only for its header, but read through game.userfiles all the same)
MAX_IMAGE_BYTES = 64 * 1024 * 1024
#: XML elements in one file: one XML-encoded layer of the largest map (262,144 <tile>s) and room to spare;
#: each parsed element costs about 350 bytes, so a hostile file is stopped near 100 MB
MAX_XML_ELEMENTS = MAX_CELLS_A_SIDE * MAX_CELLS_A_SIDE + 16384
#: elements other than <tile> (layers, objects, properties...): a map has dozens, a big one thousands
MAX_XML_OTHER = 65_536
#: attributes of one element (Tiled's <map> has 14)
MAX_XML_ATTRIBUTES = 64
#: element nesting: a map is map/group.../layer/data/tile; Tiled users nest groups a few levels at most
MAX_XML_DEPTH = 64
#: object coordinates (pixels) beyond this are refused: the largest map is 524,288 pixels wide at most
MAX_COORDINATE = 100_000_000
#: corners of one polygon or polyline object
MAX_OBJECT_POINTS = 4096
#: largest absolute value of a numeric terrain property (move_cost, cover, elevation)
MAX_TERRAIN_NUMBER = 10_000
#: point-in-zone tests the map's objects may cost (half a second of Python on a busy machine): a
#: rectangular zone of 350x350 hexes fits (start zones hold a few dozen); beyond it the map is refused
MAX_ZONE_WORK = 500_000
#: tile layers, objects and tilesets in one map: Tiled maps use a handful of each (Clinch's own: one
#: layer, six objects, one tileset); each costs parsing in pytmx and drawing in the board view
MAX_LAYERS = 64
MAX_OBJECTS = 4096
MAX_TILESETS = 64
#: custom properties in a map (of the map, its layers and objects; a tile's are in its tileset): pytmx
#: keeps each in several Python objects, and 250,000 of them needed 260 MB
MAX_PROPERTIES = 16_384
#: <tile> records (properties, animations) in one tileset: pytmx turns each into Python objects
MAX_TILE_RECORDS = 4096
#: XML elements in a .tsx: room for MAX_TILE_RECORDS tiles with a dozen properties each
MAX_TSX_ELEMENTS = 65_536

TERRAIN_PROPERTIES = ("terrain", "move_cost", "blocks_movement", "blocks_sight", "cover", "elevation")
_ALIASES = {"cost": "move_cost", "impassable": "blocks_movement"}


def _pytmx() -> Any:
    """Import pytmx without letting it pull in pygame (it does when pygame is installed).

    pytmx only uses pygame for type hints and its optional image loader; the
    import would cost time and print pygame's banner onto our stdout.
    """
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    blocked = "pygame" not in sys.modules
    if blocked:
        sys.modules["pygame"] = None  # type: ignore[assignment]
    quiet = logging.getLogger("pytmx.util_pygame")
    was_disabled, quiet.disabled = quiet.disabled, True  # it logs "cannot import pygame" to stderr
    try:
        import pytmx
    finally:
        quiet.disabled = was_disabled
        if blocked and sys.modules.get("pygame", 0) is None:
            del sys.modules["pygame"]
    return pytmx


def _clip(raw: str) -> str:
    """An attribute's text quoted for a message, cut to 40 characters (a hostile one may be megabytes)."""
    return repr(raw if len(raw) <= 40 else raw[:39] + "…")


def _number(raw: str, name: str, where: str) -> float:
    """An attribute's text as a finite number, or a sentence naming the attribute (``nan``/``inf`` refused)."""
    try:
        value = float(raw)
    except ValueError:
        raise MapError(f"{where}: {name}={_clip(raw)} is not a number.") from None
    if not math.isfinite(value):
        raise MapError(f"{where}: {name}={_clip(raw)} is not a finite number.")
    return value


def _int_attr(node: ElementTree.Element, name: str, where: str, default: int | None = None,
              low: int | None = None, high: int | None = None) -> int:
    """A whole-number attribute, checked against ``low``/``high`` when given (before anything uses it)."""
    raw = node.get(name)
    if raw is None:
        if default is None:
            raise MapError(f"{where} has no {name!r} attribute.")
        return default
    value = _number(raw, name, where)
    if value != int(value):
        raise MapError(f"{where}: {name}={_clip(raw)} is not a whole number.")
    if low is not None and value < low:
        raise MapError(f"{where}: {name}={_clip(raw)} is below {low}.")
    if high is not None and value > high:
        raise MapError(f"{where}: {name}={_clip(raw)} is above {high:,}.")
    return int(value)


def _float_attr(node: ElementTree.Element, name: str, where: str, default: float = 0.0) -> float:
    raw = node.get(name)
    return default if raw is None or raw == "" else _number(raw, name, where)


def _inflate(raw: bytes, compression: str, limit: int, where: str) -> bytes:
    """Decompress at most ``limit`` bytes; refuse a stream that holds more (a zip bomb costs ``limit``, no more).

    ``limit`` is what the layer's declared size needs (4 bytes a tile), so
    however far a hostile stream would expand, no more than that is ever
    held in memory.
    """
    if compression in ("zlib", "gzip"):
        try:
            d = zlib.decompressobj(wbits=15 if compression == "zlib" else 31)
            out = d.decompress(raw, limit + 1)
        except zlib.error as exc:
            raise MapError(f"{where} holds corrupt {compression} data ({exc}).") from None
        more = len(out) > limit or bool(d.unconsumed_tail)
        if not more and not d.eof:
            raise MapError(f"{where} holds corrupt {compression} data (the stream is cut short).")
    elif compression == "zstd":
        try:
            import zstandard  # type: ignore[import-not-found]
        except ImportError:
            raise MapError(f"{where} is compressed with zstd, which needs the 'zstandard' package "
                           "(pip install zstandard) or re-saving the map with zlib compression.") from None
        try:
            with zstandard.ZstdDecompressor().stream_reader(raw, read_across_frames=True) as reader:
                out = reader.read(limit + 1)
        except zstandard.ZstdError as exc:
            raise MapError(f"{where} holds corrupt zstd data ({exc}).") from None
        more = len(out) > limit
    else:
        raise MapError(f"{where} uses the unknown compression {compression!r}.")
    if more:
        raise MapError(f"{where} holds more tile data than the map's {limit // 4:,} tiles; it was not unpacked.")
    return out


def _decode_data(data: ElementTree.Element, count: int, where: str) -> list[int]:
    """Every raw gid (flags included) of a layer's <data>, checked to be exactly ``count`` long.

    The size is checked before anything is expanded (CSV split, base64 unpacked,
    a stream decompressed), so a layer costs memory for its ``count`` tiles only.
    """
    encoding = data.get("encoding")
    compression = data.get("compression")
    if data.find("chunk") is not None:
        raise MapError(f"{where} is stored in chunks (an infinite map), which Clinch cannot play.")
    if encoding is None:
        if compression:
            raise MapError(f"{where} has compression {compression!r} without an encoding.")
        tiles = data.findall("tile")
        if len(tiles) != count:
            raise MapError(f"{where} holds {len(tiles)} tiles but the map needs {count}.")
        gids = [_int_attr(t, "gid", where, 0, 0, 0xFFFFFFFF) for t in tiles]
    elif encoding == "csv":
        if compression:
            raise MapError(f"{where} is CSV with compression {compression!r}, which Tiled never writes.")
        text = (data.text or "").strip()
        found = text.count(",") + 1 if text else 0
        if found != count:
            raise MapError(f"{where} holds {found} tiles but the map needs {count}.")
        try:
            gids = [int(v) for v in text.split(",")]
        except ValueError:
            raise MapError(f"{where} holds CSV data that is not a list of numbers.") from None
    elif encoding == "base64":
        text = (data.text or "").strip()
        if len(text) > 4 * count * 4 // 3 + 64 and not compression:
            raise MapError(f"{where} holds more tile data than the map's {count:,} tiles.")
        try:
            raw = base64.b64decode(text, validate=False)
        except (binascii.Error, ValueError):
            raise MapError(f"{where} holds broken base64 data.") from None
        if compression:
            raw = _inflate(raw, compression, 4 * count, where)
        if len(raw) % 4:
            raise MapError(f"{where} holds {len(raw)} bytes of tile data, not a whole number of tiles.")
        if len(raw) != 4 * count:
            raise MapError(f"{where} holds {len(raw) // 4} tiles but the map needs {count}.")
        gids = list(struct.unpack(f"<{count}I", raw))
    else:
        raise MapError(f"{where} uses the unknown encoding {encoding!r}.")
    if any(g < 0 or g > 0xFFFFFFFF for g in gids):
        raise MapError(f"{where} holds a tile number out of range.")
    return gids


def _without_layers(node: ElementTree.Element) -> ElementTree.Element:
    """A copy of the tree without its tile layers (the depth is bounded by :data:`MAX_XML_DEPTH`)."""
    out = ElementTree.Element(node.tag, dict(node.attrib))
    out.text, out.tail = node.text, node.tail
    out.extend(_without_layers(child) for child in node if child.tag != "layer")
    return out


def _walk_layers(node: ElementTree.Element) -> Iterator[ElementTree.Element]:
    """Tile layers and object groups in document (= drawing) order, through group layers."""
    for child in node:
        if child.tag in ("layer", "objectgroup"):
            yield child
        elif child.tag == "group":
            yield from _walk_layers(child)


def _coerce(value: Any, kind: type, name: str, where: str) -> Any:
    try:
        if kind is bool:
            if isinstance(value, str):
                if value.lower() in ("true", "1", "yes"):
                    return True
                if value.lower() in ("false", "0", "no", ""):
                    return False
                raise ValueError(value)
            return bool(value)
        if kind is int:
            f = float(value)
            if f != int(f) or abs(f) > MAX_TERRAIN_NUMBER:
                raise ValueError(value)
            return int(f)
        return str(value)
    except (TypeError, ValueError, OverflowError):
        raise MapError(f"{where}: property {name!r} should be {kind.__name__}, got {value!r}.") from None


def _terrain_of(props: dict[str, Any], where: str) -> dict[str, Any]:
    """The terrain properties a tile sets (aliases ``cost``/``impassable`` accepted)."""
    out: dict[str, Any] = {}
    for key, value in props.items():
        name = _ALIASES.get(key, key)
        if name not in TERRAIN_PROPERTIES or (key in _ALIASES and name in props):
            continue
        kind = {"terrain": str, "blocks_movement": bool, "blocks_sight": bool}.get(name, int)
        out[name] = _coerce(value, kind, key, where)
    if "move_cost" in out and out["move_cost"] < 1:
        raise MapError(f"{where}: move_cost must be at least 1, got {out['move_cost']}.")
    return out


def _merge(cell: dict[str, Any], tile: dict[str, Any]) -> None:
    """Lay a higher tile's terrain over what lies below it.

    The top-most named terrain wins; costs, cover and elevation take the
    larger value; anything that blocks movement or sight keeps blocking.
    """
    if "terrain" in tile:
        cell["terrain"] = tile["terrain"]
    for k in ("move_cost", "cover", "elevation"):
        if k in tile:
            cell[k] = max(cell[k], tile[k]) if k in cell else tile[k]
    for k in ("blocks_movement", "blocks_sight"):
        if k in tile:
            cell[k] = cell.get(k, False) or tile[k]


def _parse_xml(path: Path, where: str, *, limit: int, max_elements: int = MAX_XML_ELEMENTS) -> ElementTree.Element:
    """Read and parse an XML file through :mod:`game.userfiles`, counting elements and depth as it goes.

    The parser is fed in slices and stopped as soon as the tree grows past
    ``max_elements`` (:data:`MAX_XML_OTHER` of them other than ``<tile>``, which
    an XML-encoded layer has one per cell) or nests past :data:`MAX_XML_DEPTH`, so a hostile
    file costs at most that much memory, and nothing later (copying the tree,
    walking group layers, pytmx) can run out of stack. Expat itself refuses
    entity expansion bombs and never fetches external entities (XXE).
    """
    try:
        data = read_bytes(path, limit=limit)
    except UserFileError as exc:
        raise MapError(str(exc) if where == str(path) else f"{where}: {_after_path(exc, path)}") from None
    # expat builds an element's attributes all at once, so they are counted in the bytes first
    # (a tag with a million attributes ran out of memory before the element could be counted)
    attributes = data.count(b'="') + data.count(b"='")
    if attributes > max_elements + MAX_XML_OTHER:
        raise MapError(f"{where}: has about {attributes:,} XML attributes; Clinch reads no more than "
                       f"{max_elements + MAX_XML_OTHER:,}.")
    parser = ElementTree.XMLPullParser(events=("start", "end"))
    root: ElementTree.Element | None = None
    depth = count = tiles = 0
    try:
        for at in range(0, len(data) or 1, 1 << 16):
            parser.feed(data[at:at + (1 << 16)])
            for event, elem in parser.read_events():
                if event == "end":
                    depth -= 1
                    continue
                depth += 1
                count += 1
                tiles += elem.tag == "tile"
                if root is None:
                    root = elem
                if len(elem.attrib) > MAX_XML_ATTRIBUTES:
                    raise MapError(f"{where}: <{elem.tag}> has {len(elem.attrib):,} attributes; no Tiled element "
                                   f"has more than {MAX_XML_ATTRIBUTES}.")
                if depth > MAX_XML_DEPTH:
                    raise MapError(f"{where}: nests elements deeper than {MAX_XML_DEPTH} levels "
                                   f"(at <{elem.tag}>); no Tiled file needs that.")
                if count > max_elements:
                    raise MapError(f"{where}: has more than {max_elements:,} XML elements; Clinch reads no more"
                                   + (" (save its layers as CSV or base64, not XML)." if elem.tag == "tile"
                                      and max_elements == MAX_XML_ELEMENTS else "."))
                if count - tiles > MAX_XML_OTHER:
                    raise MapError(f"{where}: has more than {MAX_XML_OTHER:,} XML elements besides tiles; "
                                   "Clinch reads no more.")
        parser.close()
    except MapError:
        raise
    except ElementTree.ParseError as exc:
        raise MapError(f"{where}: is not well-formed XML ({exc}).") from None
    except LookupError as exc:  # <?xml encoding="x-klingon"?>
        raise MapError(f"{where}: declares a text encoding Python does not know ({exc}); save it as UTF-8.") from None
    except ValueError as exc:  # expat refusing an encoding it cannot use
        raise MapError(f"{where}: cannot be read as XML ({exc}).") from None
    if root is None:
        raise MapError(f"{where}: is not well-formed XML (no root element).")
    return root


#: attributes pytmx converts with int() / float(): checked here first, so a bad one is named, not a pytmx error
_INT_ATTRS = frozenset({"columns", "duration", "firstgid", "gid", "id", "margin", "nextlayerid", "nextobjectid",
                        "offsetx", "offsety", "spacing", "tile", "tilecount", "tileheight", "tileid", "tilewidth"})
_FLOAT_ATTRS = frozenset({"height", "hexsidelength", "opacity", "pixelsize", "probability", "rotation", "width",
                          "x", "y", "parallaxx", "parallaxy"})
_WHOLE = re.compile(r"[+-]?[0-9]+")


def _check_attributes(root: ElementTree.Element, where: str) -> None:
    """Every number pytmx would convert, and every typed custom property, checked in one pass.

    pytmx turns them with bare ``int()``/``float()`` and raises plain
    exceptions that name nothing; here each is named (``<object> 'red': x='nan'
    is not a finite number``). Integers must fit 32 bits (a gid is unsigned).
    """
    for elem in root.iter():
        label = None
        for key, raw in elem.attrib.items():
            kind = "int" if key in _INT_ATTRS else "float" if key in _FLOAT_ATTRS else None
            if elem.tag == "property" and key == "value":
                kind = {"int": "int", "float": "float", "object": "int"}.get(elem.get("type", ""))
            if kind is None:
                continue
            name = elem.get("name") or elem.get("source") or elem.get("id") or ""
            label = label or f"{where}: <{elem.tag}> {name!r}".replace(" ''", "")
            if kind == "int":
                if not _WHOLE.fullmatch(raw.strip()):
                    raise MapError(f"{label}: {key}={_clip(raw)} is not a whole number.")
                if len(raw) > 12 or not -2**31 <= int(raw) < 2**32:  # (int() refuses 4,300 digits and more)
                    raise MapError(f"{label}: {key}={_clip(raw)} is out of range.")
            elif abs(_number(raw, key, label)) > MAX_COORDINATE:
                raise MapError(f"{label}: {key}={_clip(raw)} is out of range.")


def _after_path(exc: Exception, path: Path) -> str:
    """A userfiles sentence without its leading ``path: `` (to put it after a map's label)."""
    text = str(exc)
    return text[len(str(path)) + 2:] if text.startswith(f"{path}: ") else text


def _image_size(data: bytes) -> tuple[str, int, int] | None:
    """``(format, width, height)`` from an image file's header, without decoding it; None if not one we draw.

    PNG, JPEG, GIF and BMP: what pygame's image loader reads on every platform.
    """
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR" and len(data) >= 24:
        w, h = struct.unpack(">II", data[16:24])
        return "PNG", w, h
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        w, h = struct.unpack("<HH", data[6:10])
        return "GIF", w, h
    if data[:2] == b"BM" and len(data) >= 26:
        if struct.unpack("<I", data[14:18])[0] == 12 and len(data) >= 22:
            w, h = struct.unpack("<HH", data[18:22])
        else:
            w, h = struct.unpack("<ii", data[18:26])
        return "BMP", w, abs(h)
    if data[:2] == b"\xff\xd8":
        at = 2
        while at + 4 <= len(data):
            if data[at] != 0xFF:
                return None
            marker = data[at + 1]
            if marker == 0xFF:  # fill byte
                at += 1
                continue
            if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
                at += 2
                continue
            (length,) = struct.unpack(">H", data[at + 2:at + 4])
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):  # a start-of-frame segment
                if at + 9 > len(data):
                    return None
                h, w = struct.unpack(">HH", data[at + 5:at + 9])
                return "JPEG", w, h
            if length < 2:
                return None
            at += 2 + length
    return None


def _png_problem(data: bytes) -> str | None:
    """What is wrong with a PNG's body (a chunk cut short, a bad checksum, broken pixel data), or None.

    Walks the chunks, checks each CRC and inflates the pixel data in slices
    that are thrown away, so a truncated or corrupt tileset is refused by
    ``check-map`` instead of failing when the board view loads it; memory
    stays at one slice, whatever the image claims.
    """
    at, inflate, inflated, ended = 8, zlib.decompressobj(), 0, False
    width, height = struct.unpack(">II", data[16:24])
    bound = 2 * height * (1 + 8 * width) + 1024  # 64-bit pixels, filter bytes, interlacing: more is not a PNG
    while at + 12 <= len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        if len(body) < length or at + 12 + length > len(data):
            return "is cut short"
        if zlib.crc32(kind + body) != struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0]:
            return f"has a damaged {kind.decode('latin-1')!r} chunk"
        if kind == b"IDAT":
            try:
                chunk = inflate.decompress(body, 1 << 16)
                while chunk:
                    inflated += len(chunk)
                    if inflated > bound:
                        return "holds more pixel data than its size"
                    chunk = inflate.decompress(inflate.unconsumed_tail, 1 << 16) if inflate.unconsumed_tail else b""
            except zlib.error:
                return "holds broken pixel data"
        if kind == b"IEND":
            ended = True
            break
        at += 12 + length
    if not ended:
        return "is cut short"
    if not inflate.eof:
        return "holds broken pixel data (cut short)"
    return None


def _ending_problem(kind: str, data: bytes, width: int, height: int) -> str | None:
    """A JPEG, GIF or BMP cut short (what the file's own framing can tell without decoding it), or None."""
    if kind == "JPEG" and not data.rstrip(b"\0").endswith(b"\xff\xd9"):
        return "is cut short (no end-of-image marker)"
    if kind == "GIF" and not data.rstrip(b"\0").endswith(b"\x3b"):
        return "is cut short (no trailer)"
    if kind == "BMP" and len(data) >= 30:
        offset = struct.unpack("<I", data[10:14])[0]
        bits = struct.unpack("<H", data[28:30])[0]
        compressed = len(data) >= 34 and struct.unpack("<I", data[30:34])[0] not in (0, 3)
        if not compressed and len(data) < offset + ((width * bits + 31) // 32) * 4 * height:
            return "is cut short"
    return None


@dataclass(frozen=True, slots=True)
class _TilesetFacts:
    """A tileset as checked here, before pytmx sees it: the real image, its size and the tile grid in it."""

    image: Path
    tile_width: int
    tile_height: int
    columns: int
    tile_count: int
    spacing: int
    margin: int
    offset: tuple[int, int]


def _check_tilesets(root: ElementTree.Element, path: Path) -> dict[int, _TilesetFacts]:
    """Refuse missing, unreadable or unusable tilesets before pytmx meets them; the facts by firstgid.

    Every number pytmx or the board view would loop over (image and tile
    sizes, columns, tile count) is bounded here, against the image's real
    size read from its header: a declared width of 1,000,000,000 pixels, a
    negative ``columns`` or a ``tilecount`` beyond what the image holds is
    refused with the attribute named.
    """
    facts: dict[int, _TilesetFacts] = {}
    for ts in root.findall("tileset"):
        source = ts.get("source")
        node, base, label = ts, path.parent, f"{path}: tileset {ts.get('name') or ts.get('firstgid')!r}"
        firstgid = _int_attr(ts, "firstgid", label, None, 1, _GID_MASK)
        if source:
            tsx = path.parent / source
            label = f"{path}: tileset {source!r}"
            if not source.lower().endswith(".tsx"):
                raise MapError(f"{label} is not a .tsx file.")
            if not tsx.exists():
                raise MapError(f"{label} is missing (looked for {tsx}).")
            try:
                node = _parse_xml(tsx, label, limit=MAX_MAP_BYTES, max_elements=MAX_TSX_ELEMENTS)
            except MapError as exc:
                text = str(exc)
                raise MapError(f"{label} is unreadable ({text[len(label) + 2:].removeprefix('is ').rstrip('.')})."
                               if text.startswith(label + ": ") else text) from None
            if node.tag != "tileset":
                raise MapError(f"{label} is not a Tiled tileset.")
            _check_attributes(node, label)
            base = tsx.parent
        tw = _int_attr(node, "tilewidth", label, None, 1, MAX_TILE_PIXELS)
        th = _int_attr(node, "tileheight", label, None, 1, MAX_TILE_PIXELS)
        spacing = _int_attr(node, "spacing", label, 0, 0, MAX_IMAGE_SIDE)
        margin = _int_attr(node, "margin", label, 0, 0, MAX_IMAGE_SIDE)
        columns = _int_attr(node, "columns", label, 0, 0, MAX_IMAGE_SIDE)
        tilecount = _int_attr(node, "tilecount", label, 0, 0, MAX_IMAGE_PIXELS)
        off = node.find("tileoffset")
        offset = (0, 0) if off is None else (
            _int_attr(off, "x", f"{label}: tileoffset", 0, -MAX_IMAGE_SIDE, MAX_IMAGE_SIDE),
            _int_attr(off, "y", f"{label}: tileoffset", 0, -MAX_IMAGE_SIDE, MAX_IMAGE_SIDE))
        image = node.find("image")
        if image is None or not image.get("source"):
            raise MapError(f"{label} is an image collection without one tileset image, which Clinch cannot draw.")
        shown = image.get("source", "")
        ilabel = f"{label}: its image {shown!r}"
        for attr in ("width", "height"):  # Tiled's own record of the size; the file's header decides below
            _int_attr(image, attr, ilabel, 0, 0, MAX_IMAGE_SIDE)
        img = base / shown
        if not img.exists():
            raise MapError(f"{ilabel} is missing (looked for {img}).")
        try:
            data = read_bytes(img, limit=MAX_IMAGE_BYTES)
        except UserFileError as exc:
            raise MapError(f"{ilabel}: {_after_path(exc, img)}") from None
        found = _image_size(data)
        if found is None:
            raise MapError(f"{ilabel} is not a PNG, JPEG, GIF or BMP image.")
        kind, iw, ih = found
        if not (1 <= iw <= MAX_IMAGE_SIDE and 1 <= ih <= MAX_IMAGE_SIDE and iw * ih <= MAX_IMAGE_PIXELS):
            raise MapError(f"{ilabel} is a {kind} of {iw}x{ih} pixels; Clinch draws tileset images up to "
                           f"{MAX_IMAGE_SIDE} pixels a side and {MAX_IMAGE_PIXELS:,} pixels in all.")
        problem = _png_problem(data) if kind == "PNG" else _ending_problem(kind, data, iw, ih)
        if problem:
            raise MapError(f"{ilabel} is not a usable {kind}: it {problem}.")
        fit_cols = (iw - 2 * margin + spacing) // (tw + spacing)
        fit_rows = (ih - 2 * margin + spacing) // (th + spacing)
        if fit_cols < 1 or fit_rows < 1:
            raise MapError(f"{label} has tiles of {tw}x{th} (margin {margin}) in an image of {iw}x{ih}.")
        if columns > fit_cols:
            raise MapError(f"{label}: columns={columns} but its {iw}-pixel-wide image holds {fit_cols}.")
        cols = columns or fit_cols
        holds = cols * fit_rows
        if tilecount > holds:
            raise MapError(f"{label}: tilecount={tilecount} but its {iw}x{ih} image holds {holds} tiles.")
        if firstgid in facts:
            raise MapError(f"{label}: two tilesets start at firstgid {firstgid}.")
        tiles = node.findall("tile")
        if len(tiles) > MAX_TILE_RECORDS:
            raise MapError(f"{label} describes {len(tiles):,} tiles; Clinch reads tilesets of up to "
                           f"{MAX_TILE_RECORDS:,} tiles with properties.")
        for tile in tiles:  # Tiled numbers a tileset's tiles 0 to tilecount - 1
            _int_attr(tile, "id", f"{label}: <tile>", None, 0, (tilecount or holds) - 1)
        facts[firstgid] = _TilesetFacts(image=img.resolve(), tile_width=tw, tile_height=th, columns=cols,
                                        tile_count=tilecount or holds, spacing=spacing, margin=margin, offset=offset)
    return facts


def _object_shape(obj: ElementTree.Element, where: str) -> tuple[str, list[tuple[float, float]]]:
    """``("point", [p])`` or ``("area", polygon)`` in map pixels, rotation applied; every number finite."""
    x, y = _float_attr(obj, "x", where), _float_attr(obj, "y", where)
    w, h = _float_attr(obj, "width", where), _float_attr(obj, "height", where)
    if max(abs(x), abs(y), abs(w), abs(h)) > MAX_COORDINATE:
        raise MapError(f"{where} lies more than {MAX_COORDINATE:,} pixels off the map's corner.")
    if obj.find("point") is not None:
        return "point", [(x, y)]
    pts: list[tuple[float, float]]
    poly = obj.find("polygon")
    if poly is None:
        poly = obj.find("polyline")
    if poly is not None:
        try:
            pts = [(x + float(a), y + float(b)) for a, b in (p.split(",") for p in poly.get("points", "").split())]
        except ValueError:
            raise MapError(f"{where} has broken points.") from None
        if not pts or not all(math.isfinite(v) for pt in pts for v in pt):
            raise MapError(f"{where} has broken points.")
    elif obj.find("ellipse") is not None:
        cx, cy = x + w / 2, y + h / 2
        pts = [(cx + w / 2 * math.cos(t * math.pi / 16), cy + h / 2 * math.sin(t * math.pi / 16)) for t in range(32)]
    elif obj.get("gid"):  # a tile object: its box sits above its anchor (bottom-left)
        pts = [(x, y - h), (x + w, y - h), (x + w, y), (x, y)]
    elif w == 0 and h == 0:
        return "point", [(x, y)]
    else:
        pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    rot = _float_attr(obj, "rotation", where)
    if rot:
        a = math.radians(rot)
        ca, sa = math.cos(a), math.sin(a)
        pts = [(x + (px - x) * ca - (py - y) * sa, y + (px - x) * sa + (py - y) * ca) for px, py in pts]
    if len(pts) > MAX_OBJECT_POINTS:
        raise MapError(f"{where} has {len(pts):,} points; Clinch reads shapes of up to {MAX_OBJECT_POINTS}.")
    if any(abs(v) > MAX_COORDINATE for pt in pts for v in pt):
        raise MapError(f"{where} lies more than {MAX_COORDINATE:,} pixels off the map's corner.")
    return "area", pts


def _inside(pt: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    x, y = pt
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _steps(m: HexMetrics) -> tuple[float, float, float, float]:
    """Pixels from one column (row) to the next, and how far a staggered column (row) is pushed."""
    if m.stagger_axis == "x":
        return m.column_width, m.tile_height, 0.0, m.row_height
    return m.tile_width, m.row_height, m.column_width, 0.0


def _window(m: HexMetrics, x0: float, y0: float, x1: float, y1: float, pad: int) -> tuple[range, range]:
    """The columns and rows (clamped to the map) whose tile centres may lie in the box, ``pad`` more each side."""
    cs, rs, _, _ = _steps(m)
    c0 = math.floor((x0 - m.tile_width) / cs) - pad
    c1 = math.ceil(x1 / cs) + pad
    r0 = math.floor((y0 - m.tile_height) / rs) - pad
    r1 = math.ceil(y1 / rs) + pad
    return (range(max(0, c0), min(m.columns - 1, c1) + 1), range(max(0, r0), min(m.rows - 1, r1) + 1))


def _nearest_cell(m: HexMetrics, pt: tuple[float, float], centres: dict[tuple[int, int], tuple[float, float]],
                  budget: list[int], where: str) -> tuple[int, int] | None:
    """The cell whose centre is nearest ``pt`` (y weighted by the tile's aspect), searched in a growing window.

    Exact: the window grows until no cell outside it could be nearer than
    the best inside. ``budget`` (cells looked at) is shared with the zones.
    """
    cs, rs, shift_x, shift_y = _steps(m)
    aspect = m.tile_width / max(1, m.tile_height)
    px = min(max(pt[0], -cs), m.columns * cs + cs)  # a point far off the map: search from its edge
    py = min(max(pt[1], -rs), m.rows * rs + rs)
    pad = 2
    while True:
        cols, rows = _window(m, px, py, px, py, pad)
        budget[0] -= len(cols) * len(rows)
        if budget[0] < 0:
            raise MapError(f"{where}: the map's objects need more than {MAX_ZONE_WORK:,} cell tests to place; "
                           "use fewer or smaller zones.")
        best, best_d = None, math.inf
        for r in rows:
            for c in cols:
                if (c, r) in centres:
                    cx, cy = centres[(c, r)]
                    dx, dy = cx - pt[0], (cy - pt[1]) * aspect
                    d = dx * dx + dy * dy
                    if d < best_d:
                        best, best_d = (c, r), d
        whole = len(cols) == m.columns and len(rows) == m.rows
        if whole:
            return best
        # No cell outside the window is nearer than the window's nearest edge line (tile half-size allowed).
        gaps = []
        if cols.start > 0:
            gaps.append(pt[0] - ((cols.start - 1) * cs + shift_x + m.tile_width / 2))
        if cols.stop < m.columns:
            gaps.append(cols.stop * cs + m.tile_width / 2 - pt[0])
        if rows.start > 0:
            gaps.append((pt[1] - ((rows.start - 1) * rs + shift_y + m.tile_height / 2)) * aspect)
        if rows.stop < m.rows:
            gaps.append((rows.stop * rs + m.tile_height / 2 - pt[1]) * aspect)
        bound = max(0.0, min(gaps))
        if best is not None and best_d <= bound * bound:
            return best
        pad *= 2


def _zone_cells(m: HexMetrics, pts: list[tuple[float, float]], centres: dict[tuple[int, int], tuple[float, float]],
                budget: list[int], where: str) -> list[tuple[int, int]]:
    """The hexes whose centres lie inside the polygon, in the map's order; only the polygon's box is searched."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    cols, rows = _window(m, min(xs), min(ys), max(xs), max(ys), 1)
    budget[0] -= len(cols) * len(rows) * len(pts)
    if budget[0] < 0:
        raise MapError(f"{where}: the map's objects need more than {MAX_ZONE_WORK:,} cell tests to place; "
                       "use fewer or smaller zones.")
    return [(c, r) for r in rows for c in cols if (c, r) in centres and _inside(centres[(c, r)], pts)]


def load_map(path: str | Path) -> Board:
    """Read a hexagonal Tiled map into a :class:`Board`, or raise :class:`MapError`."""
    path = Path(path)
    if not path.exists() and not path.is_symlink():
        raise MapError(f"{path}: no such file.")
    root = _parse_xml(path, str(path), limit=MAX_MAP_BYTES)
    if root.tag != "map":
        raise MapError(f"{path}: is not a Tiled map (its root element is <{root.tag}>).")
    orientation = root.get("orientation", "orthogonal")
    if orientation != "hexagonal":
        raise MapError(f"{path}: is an {orientation} map, but Clinch plays only hexagonal maps."
                       if orientation[:1] in "aeiou" else
                       f"{path}: is a {orientation} map, but Clinch plays only hexagonal maps.")
    if root.get("infinite") == "1":
        raise MapError(f"{path}: is an infinite map, which Clinch cannot play; give it a fixed size in Tiled.")
    axis, index = root.get("staggeraxis", "y"), root.get("staggerindex", "odd")
    if axis not in ("x", "y"):
        raise MapError(f"{path}: staggeraxis must be 'x' or 'y', not {axis!r}.")
    if index not in ("odd", "even"):
        raise MapError(f"{path}: staggerindex must be 'odd' or 'even', not {index!r}.")
    where = str(path)
    columns, rows = _int_attr(root, "width", where), _int_attr(root, "height", where)
    if columns > MAX_CELLS_A_SIDE or rows > MAX_CELLS_A_SIDE:
        raise MapError(f"{path}: map is {columns}x{rows} cells; Clinch plays maps up to "
                       f"{MAX_CELLS_A_SIDE}x{MAX_CELLS_A_SIDE}.")
    tw, th = _int_attr(root, "tilewidth", where), _int_attr(root, "tileheight", where)
    if max(tw, th) > MAX_TILE_PIXELS:
        raise MapError(f"{path}: has tiles of {tw}x{th} pixels; Clinch draws tiles up to "
                       f"{MAX_TILE_PIXELS}x{MAX_TILE_PIXELS}.")
    side = _int_attr(root, "hexsidelength", where, 0)
    if columns < 1 or rows < 1 or tw < 2 or th < 2 or side < 0:
        raise MapError(f"{path}: has an impossible size ({columns}x{rows} tiles of {tw}x{th}, side {side}).")
    if side >= (tw if axis == "x" else th):
        raise MapError(f"{path}: hexsidelength {side} is not shorter than the tile.")

    for tag, most, what in (("layer", MAX_LAYERS, "tile layers"), ("object", MAX_OBJECTS, "objects"),
                            ("tileset", MAX_TILESETS, "tilesets"), ("property", MAX_PROPERTIES, "properties")):
        found = sum(1 for _ in root.iter(tag))
        if found > most:
            raise MapError(f"{path}: has {found:,} {what}; Clinch reads maps of up to {most:,}.")

    # 1. Layer data, read here (all encodings, all flag bits), never more than MAX_LAYER_TILES in all.
    raw_layers: list[tuple[ElementTree.Element, list[int]]] = []
    opacities: list[float] = []
    for node in _walk_layers(root):
        if node.tag != "layer":
            continue
        lwhere = f"{path}: layer {node.get('name', '')!r}"
        if _int_attr(node, "width", lwhere, columns) != columns or _int_attr(node, "height", lwhere, rows) != rows:
            raise MapError(f"{lwhere} is not the size of the map.")
        if (len(raw_layers) + 1) * columns * rows > MAX_LAYER_TILES:
            raise MapError(f"{lwhere} is one layer too many: Clinch reads at most {MAX_LAYER_TILES:,} tiles "
                           f"over all layers ({MAX_LAYER_TILES // (columns * rows)} layers of {columns}x{rows}).")
        opacity = _float_attr(node, "opacity", lwhere, 1.0)
        if not 0.0 <= opacity <= 1.0:
            raise MapError(f"{lwhere}: opacity={node.get('opacity')!r} is not between 0 and 1.")
        data = node.find("data")
        if data is None:
            raise MapError(f"{lwhere} has no <data>.")
        raw_layers.append((node, _decode_data(data, columns * rows, lwhere)))
        opacities.append(opacity)
    for obj in root.iter("object"):
        if obj.get("gid") is not None:
            _int_attr(obj, "gid", f"{path}: object {obj.get('name') or obj.get('id')!r}", 0, 0, 0xFFFFFFFF)

    _check_attributes(root, where)

    # 2. Tilesets: check them ourselves for clear sentences (and every number bounded), then let
    #    pytmx read the properties from a copy of the tree whose layer data is clean CSV without flag bits.
    facts = _check_tilesets(root, path)
    tilesets = [Tileset(firstgid=gid, image=str(f.image), tile_width=f.tile_width, tile_height=f.tile_height,
                        columns=f.columns, tile_count=f.tile_count, spacing=f.spacing, margin=f.margin,
                        offset=f.offset)
                for gid, f in sorted(facts.items())]
    masked_layers = [[g & _GID_MASK for g in gids] for _node, gids in raw_layers]
    used: set[int] = set()
    for (node, _gids), masked in zip(raw_layers, masked_layers):
        distinct = set(masked) - {0}
        bad = [g for g in distinct if not any(t.firstgid <= g < t.firstgid + t.tile_count for t in tilesets)]
        if bad:
            at = min(masked.index(g) for g in bad)
            raise MapError(f"{path}: layer {node.get('name', '')!r}: tile ({at % columns}, {at // columns}) has gid "
                           f"{masked[at]}, which belongs to no tileset.")
        used |= distinct
    # pytmx reads the tilesets' properties from a copy of the tree without its layers: one small layer
    # listing each gid in use once is all it needs to map its own gids to Tiled's.
    clean = _without_layers(root)
    if used:
        extra = ElementTree.SubElement(clean, "layer", {"name": "clinch gids", "width": str(len(used)), "height": "1"})
        ElementTree.SubElement(extra, "data", {"encoding": "csv"}).text = ",".join(map(str, sorted(used)))
    for obj in clean.iter("object"):
        if obj.get("gid"):
            obj.set("gid", str(int(obj.get("gid", "0")) & _GID_MASK))
    pytmx = _pytmx()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tm = pytmx.TiledMap(allow_duplicate_names=True)
            tm.filename = str(path)
            tm.parse_xml(clean)
    except Exception as exc:  # pytmx raises bare Exceptions; nothing of it may escape as a traceback
        raise MapError(f"{path}: pytmx cannot read it ({str(exc).rstrip('.') or type(exc).__name__}).") from None

    props_by_gid: dict[int, dict[str, Any]] = {}
    for pgid, props in tm.tile_properties.items():
        tgid = tm.tiledgidmap.get(pgid)
        if tgid is not None:
            props_by_gid[tgid] = props
    terrain_by_gid = {gid: _terrain_of(props_by_gid.get(gid, {}), f"{path}: tile gid {gid}") for gid in sorted(used)}

    # 3. Cells: merge the layers bottom to top (once per distinct stack of tiles).
    layers: list[TileLayer] = []
    for (node, gids), masked, opacity in zip(raw_layers, masked_layers, opacities):
        grid = [masked[row * columns:(row + 1) * columns] for row in range(rows)]
        flags = [[g >> 28 for g in gids[row * columns:(row + 1) * columns]] for row in range(rows)]
        layers.append(TileLayer(name=node.get("name", ""), gids=grid, flags=flags,
                                visible=node.get("visible", "1") != "0", opacity=opacity))
    by_stack: dict[tuple[int, ...], dict[str, Any]] = {}
    cells: dict[tuple[int, int], Cell] = {}
    for i, stack in enumerate(zip(*masked_layers)):
        key = tuple(g for g in stack if g)
        if not key:
            continue
        attrs = by_stack.get(key)
        if attrs is None:
            attrs = by_stack[key] = {}
            for gid in key:
                _merge(attrs, terrain_by_gid[gid])
        col, row = i % columns, i // columns
        cells[(col, row)] = Cell(hex=offset_to_axial(col, row, axis, index), **attrs)  # type: ignore[arg-type]

    # 4. Object layers: points are spots, shapes are zones.
    m = HexMetrics(axis, index, tw & ~1, th & ~1, side, columns, rows)
    zones: dict[str, list[Hex]] = {}
    spots: dict[str, Hex] = {}
    budget = [MAX_ZONE_WORK]
    in_zone: dict[str, set[Hex]] = {}
    named = any(obj.get("name") for obj in root.iter("object"))
    centres = {pos: m.center(*pos) for pos in cells} if named else {}
    for group in (n for n in _walk_layers(root) if n.tag == "objectgroup"):
        gwhere = f"{path}: object layer {group.get('name', '')!r}"
        dx, dy = _float_attr(group, "offsetx", gwhere), _float_attr(group, "offsety", gwhere)
        if max(abs(dx), abs(dy)) > MAX_COORDINATE:
            raise MapError(f"{gwhere} lies more than {MAX_COORDINATE:,} pixels off the map's corner.")
        for obj in group.findall("object"):
            name = obj.get("name") or ""
            if not name:
                continue
            owhere = f"{path}: object {name!r}"
            kind, pts = _object_shape(obj, owhere)
            pts = [(px + dx, py + dy) for px, py in pts]
            if kind == "point":
                pos = _nearest_cell(m, pts[0], centres, budget, owhere)
                if pos is not None:
                    spots[name] = cells[pos].hex
                continue
            zone, seen = zones.setdefault(name, []), in_zone.setdefault(name, set())
            for h in (cells[pos].hex for pos in _zone_cells(m, pts, centres, budget, owhere)):
                if h not in seen:
                    seen.add(h)
                    zone.append(h)

    props = dict(tm.properties)
    name = str(props.get("name") or path.stem)
    ruleset = props.get("ruleset")
    scale = props.get("scale")
    return Board(
        name=name, path=str(path.resolve()), top="flat" if axis == "x" else "pointy",
        stagger_axis=axis, stagger_index=index, columns=columns, rows=rows,
        tile_size=(tw, th), hex_side=side,
        default_ruleset=str(ruleset) if ruleset else None, scale=str(scale) if scale is not None else None,
        cells=list(cells.values()), zones=zones, spots=spots,
        properties={k: v for k, v in props.items()
                    if isinstance(v, str | bool) or (isinstance(v, int | float) and math.isfinite(v) and abs(v) < 2**53)},
        tilesets=tilesets, layers=layers,
    )


# --- Scenarios ----------------------------------------------------------------------


#: Bounds of a scenario's numbers. Each is far beyond what any ruleset's fighter uses (3d6 attributes
#: run 1-20ish, d20 abilities 3-18, edge pools 1-6), yet small enough that no sum or product the
#: rules make of them leaves a machine integer or turns a loop over them into a hang.
#: (The bounds a ruleset's own fields use too live in ``game.rules.scenario_types``.)
MAX_WEIGHT = 100_000.0  # pounds: a dragon
MAX_FIGHTERS = 100
MAX_TEXT = 4000  # a description
#: bytes of a scenario file: the shipped ones are about 3 KB, 100 fighters fit in 100 KB; tomllib is pure
#: Python, so a larger file would cost seconds and hundreds of MB before any check could refuse it
MAX_SCENARIO_BYTES = 1024 * 1024

_Name = Name
_Score = Score
#: an attribute (ST, DX, STR, a pool...): 1 or more, since the rules divide by what they derive from it
#: (3d6 hit points are ST: a 0 made the computer's evaluation divide by zero)
_Attribute = Annotated[int, msgspec.Meta(ge=1, le=MAX_SCORE)]
#: stats that are codes or counts and may be 0: a class code (0 is a normal man), a level, hit dice,
#: a move of 0 (an immobile creature), an altitude of 0 (on the ground)
ZERO_STATS = frozenset({"class", "level", "HD", "MV", "altitude"})

#: Traits every ruleset reads (none today), each with the only type the rules can use; a ruleset declares
#: its own in ``Ruleset.trait_types`` (its folder's ``scenario_schema.py``), merged over these. A trait listed
#: nowhere is a ruleset's on/off switch (3d6 readies a boolean trait, S0-OPT-5) or a plain value some rule
#: reads with a default: a bool, a bounded integer or a short text, never a table.
TRAIT_TYPES: dict[str, Any] = {}
_OTHER_TRAIT = bool | Annotated[int, msgspec.Meta(ge=-MAX_SCORE, le=MAX_SCORE)] | _Name

#: The options every ruleset reads from ``battle.options`` (the turn controller's limits); a ruleset declares
#: its own in ``Ruleset.options``, and a scenario may give only these and those.
SHARED_OPTIONS: dict[str, Any] = {"turn_limit": Rounds, "round_limit": Rounds}


def _declared(ruleset: type[Ruleset], member: str) -> dict[str, Any]:
    """A table every ruleset declares (``options``, ``trait_types``), merged over the registry with
    ``ruleset``'s own entries winning. A scenario may be played under another ruleset than its own
    (``clinch play --ruleset``), so what any registered ruleset reads is checked as that ruleset types it."""
    from game.rules.base import RULESETS

    merged: dict[str, Any] = {}
    for cls in [*RULESETS.values(), ruleset]:
        merged.update(getattr(cls, member))
    return merged


def _named_in(ruleset: type[Ruleset], member: str) -> tuple[str, ...]:
    """The names a tuple member (``side_options``, ``fighter_traits``) lists, over every registered ruleset."""
    from game.rules.base import RULESETS

    return tuple(dict.fromkeys(n for cls in [ruleset, *RULESETS.values()] for n in getattr(cls, member)))


@functools.lru_cache(maxsize=32)
def _options_spec(ruleset: type[Ruleset]) -> type[msgspec.Struct]:
    """One struct for a scenario's ``[options]`` under ``ruleset``: the shared options and the rulesets' own
    (:func:`_declared`), every field optional (option names may hold dots, ``edge.regrip``: fields renamed)."""
    table = {**SHARED_OPTIONS, **_declared(ruleset, "options")}
    fields = [(f"f{i}", Optional[kind], None) for i, kind in enumerate(table.values())]  # noqa: UP045
    return msgspec.defstruct("ScenarioOptions", fields, forbid_unknown_fields=True, omit_defaults=True,
                             rename={f"f{i}": name for i, name in enumerate(table)})


class _SideSpec(msgspec.Struct, forbid_unknown_fields=True):
    id: _Name
    name: _Name = ""
    colour: _Name = ""
    control: _Name = "human"


class _FighterSpec(msgspec.Struct, forbid_unknown_fields=True):
    id: _Name
    side: _Name
    name: _Name = ""
    hex: list[Annotated[int, msgspec.Meta(ge=-4 * MAX_CELLS_A_SIDE, le=4 * MAX_CELLS_A_SIDE)]] | None = None
    zone: _Name | None = None
    spot: _Name | None = None
    facing: int | None = None
    posture: _Name = "standing"
    stats: dict[str, Any] = {}  # each value checked on its own so that the message names the key
    skills: dict[str, Any] = {}
    size: Annotated[int, msgspec.Meta(ge=-10, le=20)] = 0  # a Size Modifier, bounded as situations bound it
    arms: Annotated[int, msgspec.Meta(ge=0, le=MAX_ARMS)] = 2
    hands: dict[str, Any] = {}
    items: Annotated[list[_Name], msgspec.Meta(max_length=MAX_ITEMS)] = []
    hp: _Score | None = None
    fp: _Score | None = None
    dr: Annotated[int, msgspec.Meta(ge=0, le=MAX_DR)] = 0
    weight: Annotated[float, msgspec.Meta(gt=0, le=MAX_WEIGHT)] = 150.0
    traits: dict[str, Any] = {}


class _ScenarioSpec(msgspec.Struct, forbid_unknown_fields=True):
    map: Annotated[str, msgspec.Meta(max_length=1024)]
    ruleset: _Name | None = None
    name: _Name = ""
    description: Annotated[str, msgspec.Meta(max_length=MAX_TEXT)] = ""
    seed: int = 0
    sides: Annotated[list[_SideSpec], msgspec.Meta(max_length=MAX_SIDES)] = []
    fighters: Annotated[list[_FighterSpec], msgspec.Meta(max_length=MAX_FIGHTERS)] = []
    options: dict[str, Any] = {}


_CONSTRAINT = re.compile(r"^Expected `(?P<type>[^`]*)`(?P<length> of length)? (?P<op>>=|>|<=|<) (?P<bound>-?[0-9.]+)$")
_TYPE_WORDS = {"int": "a whole number", "float": "a number", "str": "text", "bool": "true or false",
               "array": "a list", "object": "a table"}


def _value_at(data: Any, field: str) -> Any:
    """The raw value a field path (``fighters[2].stats.ST``) names in parsed TOML, or None."""
    for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", field):
        if index:
            data = data[int(index)] if isinstance(data, list) and int(index) < len(data) else None
        else:
            data = data.get(name) if isinstance(data, dict) else None
    return data


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return repr(value[:40] + "…" if len(value) > 40 else value)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, float) and value == int(value):
        return str(int(value))
    return str(value)


def _problem(msg: str, value: Any) -> str:
    """msgspec's "Expected `int` >= 0" with the value, in our words: "must not be negative, got -5"."""
    m = _CONSTRAINT.match(msg)
    if m is None:
        return msg
    op, bound = m["op"], m["bound"].removesuffix(".0")
    if m["length"]:
        n = len(value) if isinstance(value, str | list | dict) else "?"
        unit = "characters" if m["type"] == "str" else "entries"
        return f"must be at most {bound} {unit} long, got {n}" if op == "<=" else f"must not be empty, got {n}"
    got = _shown(value)
    if op == ">=" and bound == "0":
        return f"must not be negative, got {got}"
    return {">=": f"must be {bound} or more", ">": f"must be more than {bound}",
            "<=": f"must be {bound} or less", "<": f"must be less than {bound}"}[op] + f", got {got}"


_DEFAULT_COLOURS = ["#c0392b", "#2e6fd8", "#27ae60", "#d4a017", "#8e44ad", "#16a085"]


def _field_path(msg: str) -> tuple[str, str]:
    """Split msgspec's "Expected `int`, got `str` - at `$.fighters[2].facing`" into field and problem."""
    problem, _, at = msg.partition(" - at `")
    field = at.rstrip("`").removeprefix("$").lstrip(".") if at else ""
    problem = problem.replace(" | null", "").replace("`", "'" if "field" in problem else "")
    return field, problem[:1].lower() + problem[1:]


def _face_towards(board: Board, h: Hex) -> int:
    """The facing (0-5) from ``h`` that looks most nearly at the board's middle."""
    if not board.cells:
        return 0
    cq = sum(c.hex.q for c in board.cells) / len(board.cells)
    cr = sum(c.hex.r for c in board.cells) / len(board.cells)
    dq, dr = cq - h.q, cr - h.r
    if abs(dq) < 1e-9 and abs(dr) < 1e-9:
        return 0
    return max(range(6), key=lambda i: _dot(DIRECTIONS[i], dq, dr))


def _dot(d: Hex, dq: float, dr: float) -> float:
    # cartesian dot product in the pointy axial basis (the same angles for both layouts)
    ax, ay = d.q + d.r / 2.0, d.r * math.sqrt(3) / 2.0
    bx, by = dq + dr / 2.0, dr * math.sqrt(3) / 2.0
    return ax * bx + ay * by


def _zone_order(zone: list[Hex]) -> list[Hex]:
    """A zone's hexes nearest its middle first (ties in the map's order), so a team starts together."""
    if not zone:
        return []
    mid = hex_round(FractionalHex(sum(h.q for h in zone) / len(zone), sum(h.r for h in zone) / len(zone)))
    return sorted(zone, key=lambda h: hex_distance(h, mid))


def _known_rulesets() -> set[str]:
    """The registered ruleset ids (importing the rules registers them); a scenario must name one of these."""
    import game.rules  # noqa: F401  (registers the rulesets that exist)
    from game.rules.base import RULESETS

    return set(RULESETS)


def _ruleset_class(ruleset: str) -> type[Ruleset]:
    """The registered class of a ruleset id :func:`_known_rulesets` names: its declared tables (items,
    options, traits) are what a scenario under it may use."""
    from game.rules.base import RULESETS

    return RULESETS[ruleset]


def load_scenario(path: str | Path) -> Battle:
    """Read a scenario .toml (and its map) into a :class:`Battle`, or raise :class:`ScenarioError`.

    The file is read through :func:`game.userfiles.load_toml` (not UTF-8, too
    deep, NaN, infinity and 64-bit overflow refused), its shape and every
    number's range checked by the msgspec schema above (``_ScenarioSpec``),
    then what only the map and the ruleset can say: hexes, zones and spots,
    items, hands, traits, options. Map problems come out as :class:`MapError`;
    both are ``ValueError`` and name the file and the field.
    """
    path = Path(path)
    if not path.exists() and not path.is_symlink():
        raise ScenarioError(f"{path}: no such file.")
    try:
        data = load_toml(path, limit=MAX_SCENARIO_BYTES)
    except UserFileError as exc:
        raise ScenarioError(str(exc)) from None

    def fail(field: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{path}: {field}: {problem}" if field else f"{path}: {problem}")

    def convert(value: Any, kind: Any, field: str) -> Any:
        try:
            return msgspec.convert(value, kind)
        except msgspec.ValidationError as exc:
            at, problem = _field_path(str(exc))
            where = f"{field}.{at}" if field and at else field or at
            got = _value_at(value, at) if at else value  # the value at fault, found in what was converted
            if problem.startswith("object missing required field"):
                missing = problem.split(" ")[-1].strip("'")
                raise fail(f"{where}.{missing}" if where else missing, "is missing") from None
            if problem.startswith("object contains unknown field"):
                raise fail(where, problem.replace("object contains unknown field", "unknown field")) from None
            if problem.startswith("invalid enum value") and get_origin(kind) is Literal:
                choices = ", ".join(repr(c) for c in get_args(kind))
                raise fail(where, f"must be one of {choices}, got {_shown(got)}") from None
            m = _CONSTRAINT.match(str(exc).partition(" - at `")[0])
            if m:
                raise fail(where, _problem(m.group(0), got)) from None
            raise fail(where, problem) from None

    spec = convert(data, _ScenarioSpec, "")

    map_path = path.parent / spec.map
    if not map_path.exists():
        raise fail("map", f"no map at {map_path}")
    if not spec.map.lower().endswith(".tmx"):
        raise fail("map", f"must be a Tiled .tmx file, got {spec.map!r}")
    try:
        board = load_map(map_path)
    except MapError as exc:  # still a MapError, but said from the scenario: "s.toml: map: m.tmx: ..."
        raise MapError(f"{path}: map: {exc}") from None
    ruleset = spec.ruleset or board.default_ruleset
    if not ruleset:
        raise fail("ruleset", "is missing and the map has no default ruleset")
    known = _known_rulesets()
    if ruleset not in known:
        where = "ruleset" if spec.ruleset else f"ruleset (from {map_path.name})"
        raise fail(where, f"unknown ruleset {ruleset!r} (known: {', '.join(sorted(known))})")
    rules = _ruleset_class(ruleset)
    items = dict(rules.items)
    options = _check_options(spec.options, rules, convert, fail)

    if not spec.sides:
        raise fail("sides", "at least one side is needed")
    sides: list[Side] = []
    for i, s in enumerate(spec.sides):
        if not s.id:
            raise fail(f"sides[{i}].id", "must not be empty")
        if any(o.id == s.id for o in sides):
            raise fail(f"sides[{i}].id", f"two sides have the id {s.id!r}")
        if s.control not in ("human", "ai"):
            raise fail(f"sides[{i}].control", f"must be 'human' or 'ai', got {s.control!r}")
        colour = s.colour or _DEFAULT_COLOURS[i % len(_DEFAULT_COLOURS)]
        if not (len(colour) == 7 and colour[0] == "#" and all(ch in "0123456789abcdefABCDEF" for ch in colour[1:])):
            raise fail(f"sides[{i}].colour", f"must be '#rrggbb', got {colour!r}")
        sides.append(Side(id=s.id, name=s.name or s.id.title(), colour=colour, control=s.control))

    if not spec.fighters:
        raise fail("fighters", "at least one fighter is needed")
    side_ids = {s.id for s in sides}
    _check_option_sides(options, _named_in(rules, "side_options"), side_ids, fail)
    taken: set[Hex] = set()
    fighters: list[Fighter] = []
    pending: list[tuple[int, _FighterSpec]] = []
    seen: set[str] = set()
    # First pass: check every field and place fighters with a fixed hex or spot.
    placed: dict[int, Hex] = {}
    hands_by_fighter: list[dict[str, str | None]] = []
    for i, f in enumerate(spec.fighters):
        at = f"fighters[{i}]"
        if not f.id:
            raise fail(f"{at}.id", "must not be empty")
        if f.id in seen:
            raise fail(f"{at}.id", f"two fighters have the id {f.id!r}")
        seen.add(f.id)
        if f.side not in side_ids:
            raise fail(f"{at}.side", f"unknown side {f.side!r} (sides: {', '.join(sorted(side_ids))})")
        if f.facing is not None and not 0 <= f.facing <= 5:
            raise fail(f"{at}.facing", f"must be 0-5, got {f.facing}")
        if f.posture not in POSTURES:
            raise fail(f"{at}.posture", f"must be one of {', '.join(POSTURES)}, got {f.posture!r}")
        for table in ("stats", "skills"):
            values = getattr(f, table)
            if len(values) > 64:
                raise fail(f"{at}.{table}", f"must hold at most 64 entries, got {len(values)}")
            for key, v in values.items():
                convert(v, _Score if table == "skills" or key in ZERO_STATS else _Attribute, f"{at}.{table}.{key}")
        hands = _check_hands(f, at, items, ruleset, convert, fail)
        for j, item in enumerate(f.items):
            if items and item not in items:
                raise fail(f"{at}.items[{j}]", f"unknown item {item!r} (see 'clinch items {ruleset}')")
        _check_traits(f, at, spec.fighters, rules, convert, fail)
        hands_by_fighter.append(hands)
        given = [k for k in ("hex", "zone", "spot") if getattr(f, k) is not None]
        if len(given) != 1:
            raise fail(at, "give exactly one of hex, zone or spot" + (f" (got {', '.join(given)})" if given else ""))
        if f.hex is not None:
            if len(f.hex) != 2:
                raise fail(f"{at}.hex", f"must be [q, r], got {f.hex}")
            h = Hex(f.hex[0], f.hex[1])
            if h not in board:
                raise fail(f"{at}.hex", f"{h.to_list()} is outside the map")
            if not board.is_open(h):
                raise fail(f"{at}.hex", f"{h.to_list()} is {board.cell(h).terrain}, which blocks movement")  # type: ignore[union-attr]
            placed[i] = h
        elif f.spot is not None:
            if f.spot not in board.spots:
                raise fail(f"{at}.spot", f"the map has no spot {f.spot!r}"
                           + (f" (spots: {', '.join(sorted(board.spots))})" if board.spots else ""))
            h = board.spots[f.spot]
            if not board.is_open(h):
                raise fail(f"{at}.spot", f"spot {f.spot!r} is on a hex that blocks movement")
            placed[i] = h
        else:
            if f.zone not in board.zones:
                raise fail(f"{at}.zone", f"the map has no zone {f.zone!r}"
                           + (f" (zones: {', '.join(sorted(board.zones))})" if board.zones else ""))
            pending.append((i, f))
    taken.update(placed.values())
    # Second pass: fill zones from their middle outwards, one fighter per free open hex.
    for i, f in pending:
        assert f.zone is not None
        free = [h for h in _zone_order(board.zones[f.zone]) if board.is_open(h) and h not in taken]
        if not free:
            raise fail(f"fighters[{i}].zone", f"zone {f.zone!r} has no free open hex left")
        placed[i] = free[0]
        taken.add(free[0])

    for i, f in enumerate(spec.fighters):
        h = placed[i]
        hands = hands_by_fighter[i]
        fighters.append(Fighter(
            id=f.id, side=f.side, hex=h, name=f.name or f.id.title(),
            facing=f.facing if f.facing is not None else _face_towards(board, h),
            posture=f.posture, stats=dict(f.stats), skills=dict(f.skills), size=f.size, arms=f.arms,
            hands=hands, items=list(f.items), hp=f.hp, fp=f.fp, dr=f.dr, traits=dict(f.traits),
            weight=f.weight,
        ))

    battle = Battle(
        ruleset=ruleset, board=board, sides=sides, fighters=fighters,
        rng=RngState(seed=spec.seed), options=options, scenario=str(path),
    )
    _check_setup(battle, fail)
    return battle


def _check_setup(battle: Battle, fail: Any) -> None:
    """Let the ruleset set up a copy: what only it knows (edge's stat names, its two postures...) is said here.

    A ruleset's ``setup`` raises ``ValueError`` naming the field
    (``fighters[1].stats.zone: edge has no stat 'zone'``), as for situations;
    the battle handed back stays as the file made it.
    """
    from game.rules.base import find_ruleset

    try:
        find_ruleset(battle.ruleset).setup(battle.clone(with_log=False))
    except (ValueError, KeyError) as exc:
        text = str(exc.args[0] if exc.args else exc).strip().rstrip(".") or type(exc).__name__
        raise fail("", text) from None


def _check_hands(f: _FighterSpec, at: str, items: dict[str, Any], ruleset: str, convert: Any,
                 fail: Any) -> dict[str, str | None]:
    """The fighter's hands (right and left by default), each empty or holding an item of the ruleset.

    No more hands than arms: a hand the file adds to the default two counts.
    """
    hands: dict[str, str | None] = {"right": None, "left": None} if f.arms >= 2 else {}
    for hand, item in f.hands.items():
        item = convert(item, _Name, f"{at}.hands.{hand}")
        if item and items and item not in items:
            raise fail(f"{at}.hands.{hand}", f"unknown item {item!r} (see 'clinch items {ruleset}')")
        if len(hand) > MAX_NAME:
            raise fail(f"{at}.hands", f"a hand's name is longer than {MAX_NAME} characters")
        hands[hand] = item or None
    if len(hands) > f.arms:
        raise fail(f"{at}.hands", f"{len(hands)} hands ({', '.join(hands)}) for {f.arms} arm{'' if f.arms == 1 else 's'}")
    return hands


def _check_traits(f: _FighterSpec, at: str, fighters: list[_FighterSpec], rules: type[Ruleset], convert: Any,
                  fail: Any) -> None:
    """Each trait of the type the rules read it as (:data:`TRAIT_TYPES` and the rulesets'
    ``trait_types``, :func:`_declared`); a trait naming a fighter (``fighter_traits``: a mount) must name
    another one."""
    if len(f.traits) > 64:
        raise fail(f"{at}.traits", f"must hold at most 64 entries, got {len(f.traits)}")
    types = {**TRAIT_TYPES, **_declared(rules, "trait_types")}
    names_fighter = _named_in(rules, "fighter_traits")
    for name, value in f.traits.items():
        value = convert(value, types.get(name, _OTHER_TRAIT), f"{at}.traits.{name}")
        if name in names_fighter and (value == f.id or not any(o.id == value for o in fighters)):
            raise fail(f"{at}.traits.{name}", f"names no other fighter of the scenario, got {value!r}")


def _check_option_sides(options: dict[str, Any], side_options: tuple[str, ...], side_ids: set[str],
                        fail: Any) -> None:
    """The sides the ruleset's options name (``Ruleset.side_options``: d20's surprise, ambushers, reaction)
    are the scenario's: a list's entries, a text, or a table's ``side``."""
    named: list[tuple[str, Any]] = []
    for key in side_options:
        value = options.get(key)
        if isinstance(value, list):
            named += [(f"options.{key}[{i}]", v) for i, v in enumerate(value)]
        elif isinstance(value, dict) and "side" in value:
            named.append((f"options.{key}.side", value["side"]))
        elif isinstance(value, str):
            named.append((f"options.{key}", value))
    for field, side in named:
        if side not in side_ids:
            raise fail(field, f"unknown side {side!r} (sides: {', '.join(sorted(side_ids))})")


def _check_options(given: dict[str, Any], rules: type[Ruleset], convert: Any, fail: Any) -> dict[str, Any]:
    """The options every ruleset reads (:data:`SHARED_OPTIONS`) and the ruleset's own (``Ruleset.options``),
    each of its declared type; any other is refused, naming those there are."""
    spec = _options_spec(rules)
    names = spec.__struct_encode_fields__
    for key in given:
        if key not in names:
            raise fail(f"options.{key}", f"unknown option (options: {', '.join(sorted(names))})")
    checked = msgspec.to_builtins(convert(given, spec, "options"))
    return {k: checked.get(k, v) for k, v in given.items()}
