"""Parsing a Tiled file as a hostile one: element, attribute and depth caps, every number named when bad.

``MapError`` (one sentence on one line naming the file) and the ``MAX_*`` bounds of a map (each says why it
is where it is) live here, under everything else in :mod:`game.tiled`. No pygame.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from xml.etree import ElementTree

from game.files.userfiles import UserFileError, read_bytes

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
#: bytes of a tileset image file (read only for its header, but read through game.files.userfiles all the same)
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


def _parse_xml(path: Path, where: str, *, limit: int, max_elements: int = MAX_XML_ELEMENTS) -> ElementTree.Element:
    """Read and parse an XML file through :mod:`game.files.userfiles`, counting elements and depth as it goes.

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
                        "spacing", "tile", "tilecount", "tileheight", "tileid", "tilewidth"})
_FLOAT_ATTRS = frozenset({"height", "hexsidelength", "opacity", "pixelsize", "probability", "rotation", "width",
                          "offsetx", "offsety",
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
