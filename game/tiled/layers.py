"""Tile layer data (every encoding and compression, bounded by the map's declared size) and terrain.

A tile's custom properties (``terrain``, ``move_cost``...) become a cell's terrain; pytmx, imported without
pygame, reads them from a copy of the tree without layer data. No pygame.
"""

from __future__ import annotations

import base64
import binascii
import logging
import struct
import sys
import zlib
from collections.abc import Iterator
from typing import Any
from xml.etree import ElementTree

from game.tiled.safe_xml import MAX_COORDINATE, MAX_TERRAIN_NUMBER, MapError, _float_attr, _int_attr

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
        # late: deliberate: the function guards sys.modules around the import
        import pytmx
    finally:
        quiet.disabled = was_disabled
        if blocked and sys.modules.get("pygame", 0) is None:
            del sys.modules["pygame"]
    return pytmx


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
            # late: optional dependency: zstandard
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


def _decode_data(data: ElementTree.Element, count: int, where: str, whole: str = "the map") -> list[int]:
    """Every raw gid (flags included) of a layer's <data>, checked to be exactly ``count`` long.

    The size is checked before anything is expanded (CSV split, base64 unpacked,
    a stream decompressed), so a layer costs memory for its ``count`` tiles only. ``whole`` is what
    declares ``count`` (the map, or an infinite map's chunk), for the messages.
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
            raise MapError(f"{where} holds {len(tiles)} tiles but {whole} needs {count}.")
        gids = [_int_attr(t, "gid", where, 0, 0, 0xFFFFFFFF) for t in tiles]
    elif encoding == "csv":
        if compression:
            raise MapError(f"{where} is CSV with compression {compression!r}, which Tiled never writes.")
        text = (data.text or "").strip()
        found = text.count(",") + 1 if text else 0
        if found != count:
            raise MapError(f"{where} holds {found} tiles but {whole} needs {count}.")
        try:
            gids = [int(v) for v in text.split(",")]
        except ValueError:
            raise MapError(f"{where} holds CSV data that is not a list of numbers.") from None
    elif encoding == "base64":
        text = (data.text or "").strip()
        if len(text) > 4 * count * 4 // 3 + 64 and not compression:
            raise MapError(f"{where} holds more tile data than the {count:,} tiles {whole} has.")
        try:
            raw = base64.b64decode(text, validate=False)
        except (binascii.Error, ValueError):
            raise MapError(f"{where} holds broken base64 data.") from None
        if compression:
            raw = _inflate(raw, compression, 4 * count, where)
        if len(raw) % 4:
            raise MapError(f"{where} holds {len(raw)} bytes of tile data, not a whole number of tiles.")
        if len(raw) != 4 * count:
            raise MapError(f"{where} holds {len(raw) // 4} tiles but {whole} needs {count}.")
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


def _tile_layers(node: ElementTree.Element, where: str, offset: tuple[float, float] = (0.0, 0.0),
                 opacity: float = 1.0, visible: bool = True
                 ) -> Iterator[tuple[ElementTree.Element, tuple[float, float], float, bool]]:
    """Tile layers in drawing order, each with what its group layers add, as Tiled draws it: the offsets
    summed (fractions too: Tiled writes them whenever a layer is dragged), the opacities multiplied, hidden
    if any group is hidden. Offsets of object and image layers matter to no tile and are not read here."""
    for child in node:
        if child.tag not in ("layer", "group"):
            continue
        label = f"{where}: {'layer' if child.tag == 'layer' else 'group layer'} {child.get('name', '')!r}"
        dx, dy = _float_attr(child, "offsetx", label), _float_attr(child, "offsety", label)
        if max(abs(dx), abs(dy)) > MAX_COORDINATE:
            raise MapError(f"{label} lies more than {MAX_COORDINATE:,} pixels off the map's corner.")
        alpha = _float_attr(child, "opacity", label, 1.0)
        if not 0.0 <= alpha <= 1.0:
            raise MapError(f"{label}: opacity={child.get('opacity')!r} is not between 0 and 1.")
        total = (offset[0] + dx, offset[1] + dy)
        shown_ = visible and child.get("visible", "1") != "0"
        if child.tag == "layer":
            yield child, total, opacity * alpha, shown_
        else:
            yield from _tile_layers(child, where, total, opacity * alpha, shown_)


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
