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
"""

from __future__ import annotations

import base64
import binascii
import copy
import gzip
import logging
import math
import struct
import sys
import tomllib
import warnings
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
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


class MapError(ValueError):
    """A map that cannot be used; the message is one sentence naming the file."""


class ScenarioError(ValueError):
    """A scenario that cannot be used; the message names the file and the field."""


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


def _int_attr(node: ElementTree.Element, name: str, where: str, default: int | None = None) -> int:
    raw = node.get(name)
    if raw is None:
        if default is None:
            raise MapError(f"{where} has no {name!r} attribute.")
        return default
    try:
        value = float(raw)
    except ValueError:
        raise MapError(f"{where}: {name}={raw!r} is not a number.") from None
    if value != int(value):
        raise MapError(f"{where}: {name}={raw!r} is not a whole number.")
    return int(value)


def _zstd_decompress(data: bytes, where: str) -> bytes:
    try:
        import zstandard  # type: ignore[import-not-found]
    except ImportError:
        raise MapError(f"{where} is compressed with zstd, which needs the 'zstandard' package "
                       "(pip install zstandard) or re-saving the map with zlib compression.") from None
    try:
        return zstandard.ZstdDecompressor().decompressobj().decompress(data)
    except zstandard.ZstdError as exc:
        raise MapError(f"{where} holds corrupt zstd data ({exc}).") from None


def _decode_data(data: ElementTree.Element, count: int, where: str) -> list[int]:
    """Every raw gid (flags included) of a layer's <data>, checked to be exactly ``count`` long."""
    encoding = data.get("encoding")
    compression = data.get("compression")
    if data.find("chunk") is not None:
        raise MapError(f"{where} is stored in chunks (an infinite map), which Clinch cannot play.")
    if encoding is None:
        if compression:
            raise MapError(f"{where} has compression {compression!r} without an encoding.")
        gids = [_int_attr(t, "gid", where, 0) for t in data.findall("tile")]
    elif encoding == "csv":
        if compression:
            raise MapError(f"{where} is CSV with compression {compression!r}, which Tiled never writes.")
        text = (data.text or "").replace("\n", "").replace("\r", "").strip()
        try:
            gids = [int(v) for v in text.split(",")] if text else []
        except ValueError:
            raise MapError(f"{where} holds CSV data that is not a list of numbers.") from None
    elif encoding == "base64":
        try:
            raw = base64.b64decode((data.text or "").strip(), validate=False)
        except (binascii.Error, ValueError):
            raise MapError(f"{where} holds broken base64 data.") from None
        try:
            if compression == "zlib":
                raw = zlib.decompress(raw)
            elif compression == "gzip":
                raw = gzip.decompress(raw)
            elif compression == "zstd":
                raw = _zstd_decompress(raw, where)
            elif compression:
                raise MapError(f"{where} uses the unknown compression {compression!r}.")
        except (zlib.error, OSError, EOFError) as exc:
            raise MapError(f"{where} holds corrupt {compression} data ({exc}).") from None
        if len(raw) % 4:
            raise MapError(f"{where} holds {len(raw)} bytes of tile data, not a whole number of tiles.")
        gids = list(struct.unpack(f"<{len(raw) // 4}I", raw))
    else:
        raise MapError(f"{where} uses the unknown encoding {encoding!r}.")
    if len(gids) != count:
        raise MapError(f"{where} holds {len(gids)} tiles but the map needs {count}.")
    if any(g < 0 or g > 0xFFFFFFFF for g in gids):
        raise MapError(f"{where} holds a tile number out of range.")
    return gids


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
            if f != int(f):
                raise ValueError(value)
            return int(f)
        return str(value)
    except (TypeError, ValueError):
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


def _png_size(path: Path) -> tuple[int, int] | None:
    with open(path, "rb") as fh:
        head = fh.read(24)
    if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
        return struct.unpack(">II", head[16:24])
    return None


def _check_tilesets(root: ElementTree.Element, path: Path) -> None:
    """Refuse missing, unreadable or unusable tilesets before pytmx meets them."""
    for ts in root.findall("tileset"):
        source = ts.get("source")
        node, base, label = ts, path.parent, f"{path}: tileset {ts.get('name') or ts.get('firstgid')!r}"
        if source:
            tsx = path.parent / source
            label = f"{path}: tileset {source!r}"
            if not tsx.is_file():
                raise MapError(f"{label} is missing (looked for {tsx}).")
            if not source.lower().endswith(".tsx"):
                raise MapError(f"{label} is not a .tsx file.")
            try:
                node = ElementTree.parse(tsx).getroot()
            except (ElementTree.ParseError, OSError) as exc:
                raise MapError(f"{label} is unreadable ({exc}).") from None
            if node.tag != "tileset":
                raise MapError(f"{label} is not a Tiled tileset.")
            base = tsx.parent
        image = node.find("image")
        if image is None or not image.get("source"):
            raise MapError(f"{label} is an image collection without one tileset image, which Clinch cannot draw.")
        img = base / image.get("source", "")
        if not img.is_file():
            raise MapError(f"{label}: its image {image.get('source')!r} is missing (looked for {img}).")
        try:
            size = _png_size(img)
        except OSError as exc:
            raise MapError(f"{label}: its image {image.get('source')!r} is unreadable ({exc}).") from None
        if size is None and not (image.get("width") and image.get("height")):
            raise MapError(f"{label}: its image {image.get('source')!r} is not a PNG and has no size given.")


def _object_shape(obj: ElementTree.Element, where: str) -> tuple[str, list[tuple[float, float]]]:
    """``("point", [p])`` or ``("area", polygon)`` in map pixels, rotation applied."""
    x, y = float(obj.get("x", 0)), float(obj.get("y", 0))
    w, h = float(obj.get("width", 0)), float(obj.get("height", 0))
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
    elif obj.find("ellipse") is not None:
        cx, cy = x + w / 2, y + h / 2
        pts = [(cx + w / 2 * math.cos(t * math.pi / 16), cy + h / 2 * math.sin(t * math.pi / 16)) for t in range(32)]
    elif obj.get("gid"):  # a tile object: its box sits above its anchor (bottom-left)
        pts = [(x, y - h), (x + w, y - h), (x + w, y), (x, y)]
    elif w == 0 and h == 0:
        return "point", [(x, y)]
    else:
        pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    rot = float(obj.get("rotation", 0) or 0)
    if rot:
        a = math.radians(rot)
        ca, sa = math.cos(a), math.sin(a)
        pts = [(x + (px - x) * ca - (py - y) * sa, y + (px - x) * sa + (py - y) * ca) for px, py in pts]
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


def _nearest_cell(m: HexMetrics, pt: tuple[float, float], cells: dict[tuple[int, int], Cell]) -> tuple[int, int] | None:
    best, best_d = None, math.inf
    for pos in cells:
        cx, cy = m.center(*pos)
        d = (cx - pt[0]) ** 2 + ((cy - pt[1]) * m.tile_width / max(1, m.tile_height)) ** 2
        if d < best_d:
            best, best_d = pos, d
    return best


def load_map(path: str | Path) -> Board:
    """Read a hexagonal Tiled map into a :class:`Board`, or raise :class:`MapError`."""
    path = Path(path)
    try:
        text = path.read_bytes()
    except FileNotFoundError:
        raise MapError(f"{path}: no such file.") from None
    except OSError as exc:
        raise MapError(f"{path}: cannot be read ({exc.strerror or exc}).") from None
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        raise MapError(f"{path}: is not well-formed XML ({exc}).") from None
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
    tw, th = _int_attr(root, "tilewidth", where), _int_attr(root, "tileheight", where)
    side = _int_attr(root, "hexsidelength", where, 0)
    if columns < 1 or rows < 1 or tw < 2 or th < 2 or side < 0:
        raise MapError(f"{path}: has an impossible size ({columns}x{rows} tiles of {tw}x{th}, side {side}).")
    if side >= (tw if axis == "x" else th):
        raise MapError(f"{path}: hexsidelength {side} is not shorter than the tile.")

    # 1. Layer data, read here (all encodings, all flag bits).
    raw_layers: list[tuple[ElementTree.Element, list[int]]] = []
    for node in _walk_layers(root):
        if node.tag != "layer":
            continue
        lwhere = f"{path}: layer {node.get('name', '')!r}"
        if _int_attr(node, "width", lwhere, columns) != columns or _int_attr(node, "height", lwhere, rows) != rows:
            raise MapError(f"{lwhere} is not the size of the map.")
        data = node.find("data")
        if data is None:
            raise MapError(f"{lwhere} has no <data>.")
        raw_layers.append((node, _decode_data(data, columns * rows, lwhere)))

    # 2. Tilesets: check them ourselves for clear sentences, then let pytmx read the rest
    #    from a copy of the tree whose layer data is clean CSV without flag bits.
    _check_tilesets(root, path)
    clean = copy.deepcopy(root)
    clean_layers = [n for n in _walk_layers(clean) if n.tag == "layer"]
    for (_node, gids), cnode in zip(raw_layers, clean_layers):
        cdata = cnode.find("data")
        assert cdata is not None
        cdata.clear()
        cdata.set("encoding", "csv")
        cdata.text = ",".join(str(g & _GID_MASK) for g in gids)
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

    tilesets: list[Tileset] = []
    for ts in sorted(tm.tilesets, key=lambda t: int(t.firstgid)):
        tsw, tsh = int(ts.tilewidth), int(ts.tileheight)
        spacing, margin = int(ts.spacing or 0), int(ts.margin or 0)
        image = (path.parent / ts.source).resolve()
        iw, ih = int(ts.width or 0), int(ts.height or 0)
        if not (iw and ih):
            iw, ih = _png_size(image) or (0, 0)
        if tsw < 1 or tsh < 1 or iw < tsw or ih < tsh:
            raise MapError(f"{path}: tileset {ts.name!r} has tiles of {tsw}x{tsh} in an image of {iw}x{ih}.")
        cols = int(ts.columns or 0) or (iw - 2 * margin + spacing) // (tsw + spacing)
        count = int(ts.tilecount or 0) or cols * ((ih - 2 * margin + spacing) // (tsh + spacing))
        try:
            offset = (int(float(ts.offset[0])), int(float(ts.offset[1])))
        except (TypeError, ValueError):
            raise MapError(f"{path}: tileset {ts.name!r} has a tileoffset that is not a number.") from None
        tilesets.append(Tileset(firstgid=int(ts.firstgid), image=str(image), tile_width=tsw, tile_height=tsh,
                                columns=cols, tile_count=count, spacing=spacing, margin=margin, offset=offset))

    props_by_gid: dict[int, dict[str, Any]] = {}
    for pgid, props in tm.tile_properties.items():
        tgid = tm.tiledgidmap.get(pgid)
        if tgid is not None:
            props_by_gid[tgid] = props
    terrain_by_gid: dict[int, dict[str, Any]] = {}

    # 3. Cells: merge the layers bottom to top.
    layers: list[TileLayer] = []
    merged: dict[tuple[int, int], dict[str, Any]] = {}
    for node, gids in raw_layers:
        lwhere = f"{path}: layer {node.get('name', '')!r}"
        grid, flags = [], []
        for row in range(rows):
            grow, frow = [], []
            for col in range(columns):
                raw = gids[row * columns + col]
                gid = raw & _GID_MASK
                grow.append(gid)
                frow.append(raw >> 28)
                if not gid:
                    continue
                if gid not in terrain_by_gid:
                    if not any(t.firstgid <= gid < t.firstgid + t.tile_count for t in tilesets):
                        raise MapError(f"{lwhere}: tile ({col}, {row}) has gid {gid}, which belongs to no tileset.")
                    terrain_by_gid[gid] = _terrain_of(props_by_gid.get(gid, {}), f"{path}: tile gid {gid}")
                _merge(merged.setdefault((col, row), {}), terrain_by_gid[gid])
            grid.append(grow)
            flags.append(frow)
        layers.append(TileLayer(name=node.get("name", ""), gids=grid, flags=flags,
                                visible=node.get("visible", "1") != "0",
                                opacity=float(node.get("opacity", 1.0))))

    cells: dict[tuple[int, int], Cell] = {}
    for row in range(rows):
        for col in range(columns):
            attrs = merged.get((col, row))
            if attrs is None:
                continue
            cells[(col, row)] = Cell(hex=offset_to_axial(col, row, axis, index), **attrs)  # type: ignore[arg-type]

    # 4. Object layers: points are spots, shapes are zones.
    m = HexMetrics(axis, index, tw & ~1, th & ~1, side, columns, rows)
    zones: dict[str, list[Hex]] = {}
    spots: dict[str, Hex] = {}
    for group in (n for n in _walk_layers(root) if n.tag == "objectgroup"):
        dx, dy = float(group.get("offsetx", 0)), float(group.get("offsety", 0))
        for obj in group.findall("object"):
            name = obj.get("name") or ""
            if not name:
                continue
            owhere = f"{path}: object {name!r}"
            try:
                kind, pts = _object_shape(obj, owhere)
            except ValueError:
                raise MapError(f"{owhere} has a coordinate that is not a number.") from None
            pts = [(px + dx, py + dy) for px, py in pts]
            if kind == "point":
                pos = _nearest_cell(m, pts[0], cells)
                if pos is not None:
                    spots[name] = cells[pos].hex
                continue
            inside = [c.hex for pos, c in cells.items() if _inside(m.center(*pos), pts)]
            zone = zones.setdefault(name, [])
            zone.extend(h for h in inside if h not in zone)

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
        properties={k: v for k, v in props.items() if isinstance(v, str | int | float | bool)},
        tilesets=tilesets, layers=layers,
    )


# --- Scenarios ----------------------------------------------------------------------


class _SideSpec(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    name: str = ""
    colour: str = ""
    control: str = "human"


class _FighterSpec(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    side: str
    name: str = ""
    hex: list[int] | None = None
    zone: str | None = None
    spot: str | None = None
    facing: int | None = None
    posture: str = "standing"
    stats: dict[str, int] = {}
    skills: dict[str, int] = {}
    size: int = 0
    arms: int = 2
    hands: dict[str, str] = {}
    items: list[str] = []
    hp: int | None = None
    fp: int | None = None
    dr: int = 0
    weight: float = 150.0
    traits: dict[str, Any] = {}


class _ScenarioSpec(msgspec.Struct, forbid_unknown_fields=True):
    map: str
    ruleset: str | None = None
    name: str = ""
    description: str = ""
    seed: int = 0
    sides: list[_SideSpec] = []
    fighters: list[_FighterSpec] = []
    options: dict[str, Any] = {}


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


#: The ruleset ids of ARCHITECTURE.md; the scenario check starts once one of them is registered.
_PLANNED_RULESETS = frozenset({"3d6-lite", "3d6-full", "edge", "nd6-tactical", "d20"})


def _known_rulesets() -> set[str]:
    """The registered ruleset ids, or an empty set (= don't check) while no real ruleset exists yet.

    Test doubles register themselves too, so a registry holding only doubles
    says nothing about which real ids exist.
    """
    try:
        import game.rules  # noqa: F401  (registers the rulesets that exist)
        from game.rules.base import RULESETS
    except Exception:  # the rules package may be half-built while others work on it
        return set()
    known = set(RULESETS)
    return known if known & _PLANNED_RULESETS else set()


def load_scenario(path: str | Path) -> Battle:
    """Read a scenario .toml (and its map) into a :class:`Battle`, or raise :class:`ScenarioError`.

    Map problems come out as :class:`MapError`; both are ``ValueError``.
    """
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScenarioError(f"{path}: no such file.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path}: cannot be read ({exc}).") from None
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{path}: is not valid TOML ({exc}).") from None

    def fail(field: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{path}: {field}: {problem}" if field else f"{path}: {problem}")

    try:
        spec = msgspec.convert(data, _ScenarioSpec)
    except msgspec.ValidationError as exc:
        field, problem = _field_path(str(exc))
        if problem.startswith("object missing required field"):
            missing = problem.split(" ")[-1].strip("'")
            raise fail(f"{field}.{missing}" if field else missing, "is missing") from None
        if problem.startswith("object contains unknown field"):
            raise fail(field, problem.replace("object contains unknown field", "unknown field")) from None
        raise fail(field, problem) from None

    map_path = path.parent / spec.map
    if not map_path.is_file():
        raise fail("map", f"no map at {map_path}")
    board = load_map(map_path)
    ruleset = spec.ruleset or board.default_ruleset
    if not ruleset:
        raise fail("ruleset", "is missing and the map has no default ruleset")
    known = _known_rulesets()
    # An id the architecture plans but nobody has registered yet passes here;
    # find_ruleset() says so when the battle starts.
    if known and ruleset not in known and ruleset not in _PLANNED_RULESETS:
        raise fail("ruleset", f"unknown ruleset {ruleset!r} (known: {', '.join(sorted(known))})")

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
    taken: set[Hex] = set()
    fighters: list[Fighter] = []
    pending: list[tuple[int, _FighterSpec]] = []
    seen: set[str] = set()
    # First pass: check every field and place fighters with a fixed hex or spot.
    placed: dict[int, Hex] = {}
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
        if f.dr < 0:
            raise fail(f"{at}.dr", f"must not be negative, got {f.dr}")
        if f.arms < 0:
            raise fail(f"{at}.arms", f"must not be negative, got {f.arms}")
        for key in ("hp", "fp"):
            v = getattr(f, key)
            if v is not None and v < 0:
                raise fail(f"{at}.{key}", f"must not be negative, got {v}")
        for stat, v in f.stats.items():
            if v < 0:
                raise fail(f"{at}.stats.{stat}", f"must not be negative, got {v}")
        for skill, v in f.skills.items():
            if v < 0:
                raise fail(f"{at}.skills.{skill}", f"must not be negative, got {v}")
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
        hands: dict[str, str | None] = {"right": None, "left": None} if f.arms >= 2 else {}
        for hand, item in f.hands.items():
            hands[hand] = item or None
        fighters.append(Fighter(
            id=f.id, side=f.side, hex=h, name=f.name or f.id.title(),
            facing=f.facing if f.facing is not None else _face_towards(board, h),
            posture=f.posture, stats=dict(f.stats), skills=dict(f.skills), size=f.size, arms=f.arms,
            hands=hands, items=list(f.items), hp=f.hp, fp=f.fp, dr=f.dr, traits=dict(f.traits),
            weight=f.weight,
        ))

    return Battle(
        ruleset=ruleset, board=board, sides=sides, fighters=fighters,
        rng=RngState(seed=spec.seed), options=dict(spec.options), scenario=str(path),
    )
