"""Tilesets checked before pytmx meets them: their .tsx, their image (known by its header alone, its body
walked for damage without decoding it) and every number the board view would loop over. No pygame.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

from game.files.userfiles import UserFileError, read_bytes
from game.tiled.geometry import _GID_MASK
from game.tiled.safe_xml import (
    MAX_IMAGE_BYTES,
    MAX_IMAGE_PIXELS,
    MAX_IMAGE_SIDE,
    MAX_MAP_BYTES,
    MAX_TILE_PIXELS,
    MAX_TILE_RECORDS,
    MAX_TSX_ELEMENTS,
    MapError,
    _after_path,
    _check_attributes,
    _int_attr,
    _parse_xml,
)


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
    #: an image collection's images by local tile id (empty for a tileset cut from one image)
    images: dict[int, Path]
    #: each animated tile's first frame, by local tile id (what Tiled draws of it in a still picture)
    first_frames: dict[int, int]


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
        node, base, label, firstgid = _tileset_node(ts, path)
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
        tiles = node.findall("tile")
        if len(tiles) > MAX_TILE_RECORDS:
            raise MapError(f"{label} describes {len(tiles):,} tiles; Clinch reads tilesets of up to "
                           f"{MAX_TILE_RECORDS:,} tiles with properties.")
        if firstgid in facts:
            raise MapError(f"{label}: two tilesets start at firstgid {firstgid}.")
        image = node.find("image")
        if image is None or not image.get("source"):
            facts[firstgid] = _collection(node, base, label, tiles, tw, th, offset)
            continue
        img, iw, ih = _tileset_image(image, base, label)
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
        for tile in tiles:  # Tiled numbers a tileset's tiles 0 to tilecount - 1
            _int_attr(tile, "id", f"{label}: <tile>", None, 0, (tilecount or holds) - 1)
        facts[firstgid] = _TilesetFacts(image=img.resolve(), tile_width=tw, tile_height=th, columns=cols,
                                        tile_count=tilecount or holds, spacing=spacing, margin=margin, offset=offset,
                                        images={}, first_frames=_first_frames(tiles, (tilecount or holds), label))
    return facts


def _collection(node: ElementTree.Element, base: Path, label: str, tiles: list[ElementTree.Element],
                tw: int, th: int, offset: tuple[int, int]) -> _TilesetFacts:
    """An image-collection tileset (one image per tile), each image found and checked as a tileset image;
    its gids run from firstgid to firstgid + the highest tile id, as Tiled counts them."""
    images: dict[int, Path] = {}
    pixels: dict[Path, int] = {}  # each distinct image once: the board view loads each once
    checked: dict[str, Path] = {}  # and each is read and checked once, however many tiles name it
    for tile in tiles:
        local = _int_attr(tile, "id", f"{label}: <tile>", None, 0, MAX_TILE_RECORDS * 16)
        image = tile.find("image")
        if image is not None and image.get("source", "") in checked:
            images[local] = checked[image.get("source", "")]
        elif image is not None:
            img, iw, ih = _tileset_image(image, base, f"{label}: tile {local}")
            images[local] = checked[image.get("source", "")] = img.resolve()
            pixels[images[local]] = iw * ih
            if sum(pixels.values()) > MAX_IMAGE_PIXELS:
                raise MapError(f"{label}: its tile images hold more than {MAX_IMAGE_PIXELS:,} pixels in all; "
                               "Clinch draws image collections up to that.")
    if not images:
        raise MapError(f"{label} has neither an image nor tiles with images, so it has nothing to draw.")
    count = max(int(t.get("id", "0")) for t in tiles) + 1
    first = next(iter(images.values()))
    return _TilesetFacts(image=first, tile_width=tw, tile_height=th, columns=0, tile_count=count, spacing=0,
                         margin=0, offset=offset, images=images, first_frames=_first_frames(tiles, count, label))


def _first_frames(tiles: list[ElementTree.Element], count: int, label: str) -> dict[int, int]:
    """Each animated tile's first frame by local id (tiles whose animation has no frame are left as they are)."""
    out: dict[int, int] = {}
    for tile in tiles:
        frame = tile.find("animation/frame")
        if frame is not None:
            local = int(tile.get("id", "0"))  # checked by the caller
            out[local] = _int_attr(frame, "tileid", f"{label}: tile {local}: its animation", None, 0, count - 1)
    return out


def _tileset_node(ts: ElementTree.Element, path: Path) -> tuple[ElementTree.Element, Path, str, int]:
    """The element that describes a map's ``<tileset>`` (itself, or its .tsx file parsed with the .tsx caps),
    the folder its image is relative to, its label for messages and its firstgid."""
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
    return node, base, label, firstgid


def _tileset_image(image: ElementTree.Element, base: Path, label: str) -> tuple[Path, int, int]:
    """A tileset's image (or one tile's, in an image collection), found, read through :mod:`game.files.userfiles`
    and known by its header: its path and real size in pixels (bounded), refused when cut short or damaged."""
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
    return img, iw, ih
