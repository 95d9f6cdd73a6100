"""``load_map``: a hexagonal Tiled map read into a :class:`~game.model.Board`, or one :class:`MapError`.

The steps, each in its own function: the map's header (orientation, size), its layer data, its tilesets
(checked, then their properties read by pytmx), the cells (layers merged bottom to top) and the object
layers (spots and zones). No pygame.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from game.files.names import MAX_NAME, name_problem, shown
from game.hexgrid import Hex, offset_to_axial
from game.model import Board, Cell, TileLayer, Tileset
from game.tiled.geometry import _GID_MASK, HexMetrics
from game.tiled.layers import (
    _decode_data,
    _merge,
    _pytmx,
    _terrain_of,
    _tile_layers,
    _walk_layers,
    _without_layers,
)
from game.tiled.objects import _nearest_cell, _object_shape, _steps, _zone_cells
from game.tiled.safe_xml import (
    MAX_CELLS_A_SIDE,
    MAX_COORDINATE,
    MAX_LAYER_TILES,
    MAX_LAYERS,
    MAX_MAP_BYTES,
    MAX_OBJECT_POINTS,
    MAX_OBJECTS,
    MAX_PROPERTIES,
    MAX_TILE_PIXELS,
    MAX_TILESETS,
    MAX_ZONE_WORK,
    MapError,
    _check_attributes,
    _float_attr,
    _int_attr,
    _parse_xml,
)
from game.tiled.terrain_words import class_words, kind_of, word_of, word_terrain
from game.tiled.tilesets import _check_tilesets, _tileset_node


def load_map(path: str | Path, words: Mapping[str, str] | None = None) -> Board:
    """Read a hexagonal Tiled map into a :class:`Board`, or raise :class:`MapError`. ``words`` maps terrain
    words of the map's own to the game's kinds (a scenario's ``terrain_words``: a word the list does not know
    would be open ground), each kind a key of :data:`game.tiled.terrain_words.KINDS`."""
    words = dict(words or {})
    path = Path(path)
    if not path.exists() and not path.is_symlink():
        raise MapError(f"{path}: no such file.")
    root = _parse_xml(path, str(path), limit=MAX_MAP_BYTES)
    h = _read_header(root, path)
    raw_layers = _read_layers(root, path, h)
    if root.get("infinite") == "1":
        h, raw_layers = _crop(h, raw_layers)
    _check_attributes(root, str(path))
    tilesets, masked_layers, tm, terrain_by_gid, first_frames = _read_tilesets(root, path, raw_layers, h, words)
    layers = [TileLayer(name=raw.node.get("name", ""), gids=_rows([first_frames.get(g, g) for g in masked], h.columns),
                        flags=_rows([g >> 28 for g in raw.gids], h.columns),
                        visible=raw.visible, opacity=raw.opacity, offset=raw.offset)
              for raw, masked in zip(raw_layers, masked_layers)]
    cells = _cells(masked_layers, terrain_by_gid, h)
    if not cells:  # every tile empty: nothing to stand on, and a scenario's zones would each be empty
        raise MapError(f"{path}: has no cells (every tile of its layers is empty); a board needs at least one hex.")
    zones, spots = _read_objects(root, path, h, cells)

    props = dict(tm.properties)
    name = _board_name(props.get("name"), path)
    ruleset = props.get("ruleset")
    scale = props.get("scale")
    return Board(
        name=name, path=str(path.resolve()), top="flat" if h.stagger_axis == "x" else "pointy",
        stagger_axis=h.stagger_axis, stagger_index=h.stagger_index, columns=h.columns, rows=h.rows,
        tile_size=(h.tile_width, h.tile_height), hex_side=h.side,
        default_ruleset=str(ruleset) if ruleset else None, scale=str(scale) if scale is not None else None,
        cells=list(cells.values()), zones=zones, spots=spots,
        properties={k: v for k, v in props.items()
                    if isinstance(v, str | bool) or (isinstance(v, int | float) and math.isfinite(v) and abs(v) < 2**53)},
        tilesets=tilesets, layers=layers,
        terrain_words={t["word"]: words.get(t["word"]) or kind_of(t["word"]) or ""
                       for t in terrain_by_gid.values() if "word" in t},
    )


def _board_name(given: object, path: Path) -> str:
    """The board's name as every screen and save shows it: the map's ``name`` property, checked as any name
    (:func:`game.files.names.name_problem`), else the file's stem made showable (a stem holding a newline or a
    byte that is not UTF-8 is escaped, so a save of a battle on it can be loaded again)."""
    if given:
        problem = name_problem(str(given))
        if problem is not None:
            raise MapError(f"{path}: its name property {problem}.")
        return str(given)
    stem = shown(path.stem, MAX_NAME)
    return (stem if len(stem) <= MAX_NAME else stem[:MAX_NAME - 1] + "\u2026") or "map"


def _rows(flat: list[int], columns: int) -> list[list[int]]:
    """A layer's flat list of tiles cut into rows of ``columns``."""
    return [flat[row * columns:(row + 1) * columns] for row in range(len(flat) // columns)]


@dataclass(frozen=True, slots=True)
class _Header:
    """The map's layout as its ``<map>`` element declares it, checked: stagger, size in cells, tile size."""

    stagger_axis: str
    stagger_index: str
    columns: int
    rows: int
    tile_width: int  # as declared (HexMetrics rounds it down to even)
    tile_height: int
    side: int
    #: an infinite map's top-left tile (the corner of its chunks' bounding box); (0, 0) for a finite map
    origin: tuple[int, int] = (0, 0)

    def metrics(self) -> HexMetrics:
        return HexMetrics(self.stagger_axis, self.stagger_index, self.tile_width & ~1, self.tile_height & ~1,
                          self.side, self.columns, self.rows)


def _read_header(root: ElementTree.Element, path: Path) -> _Header:
    """A hexagonal, finite map of a size Clinch plays, with no more layers, objects, tilesets or properties
    than it reads (``MAX_*``)."""
    if root.tag != "map":
        raise MapError(f"{path}: is not a Tiled map (its root element is <{root.tag}>).")
    orientation = root.get("orientation", "orthogonal")
    if orientation != "hexagonal":
        raise MapError(f"{path}: is an {orientation} map, but Clinch plays only hexagonal maps."
                       if orientation[:1] in "aeiou" else
                       f"{path}: is a {orientation} map, but Clinch plays only hexagonal maps.")
    axis, index = root.get("staggeraxis", "y"), root.get("staggerindex", "odd")
    if axis not in ("x", "y"):
        raise MapError(f"{path}: staggeraxis must be 'x' or 'y', not {axis!r}.")
    if index not in ("odd", "even"):
        raise MapError(f"{path}: staggerindex must be 'odd' or 'even', not {index!r}.")
    where = str(path)
    origin = (0, 0)
    if root.get("infinite") == "1":
        origin, (columns, rows) = _chunk_bounds(root, path)
    else:
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
    for tag in ("polygon", "polyline"):  # counted before pytmx parses every point (1,000,000 took 4.5 s)
        for shape in root.iter(tag):
            points = shape.get("points", "").count(",")
            if points > MAX_OBJECT_POINTS:
                raise MapError(f"{path}: a {tag} has {points:,} points; Clinch reads shapes of up to "
                               f"{MAX_OBJECT_POINTS:,}.")
    return _Header(axis, index, columns, rows, tw, th, side, origin)


def _chunk_bounds(root: ElementTree.Element, path: Path) -> tuple[tuple[int, int], tuple[int, int]]:
    """An infinite map's play area: the bounding box of its layers' chunks, as ``((x, y), (columns, rows))``,
    widened to Tiled's own 16x16 chunks as tmxrasterizer's picture is (Tiled writes its chunks on that
    grid). The corner is therefore an even tile, so staggering by the box's tiles is Tiled's, which
    staggers by the absolute tile position."""
    x0 = y0 = MAX_COORDINATE
    x1 = y1 = -MAX_COORDINATE
    for chunk in root.iter("chunk"):
        where = f"{path}: a chunk"
        x, y = (_int_attr(chunk, k, where, None, -MAX_COORDINATE, MAX_COORDINATE) for k in ("x", "y"))
        w, h = (_int_attr(chunk, k, where, None, 1, MAX_CELLS_A_SIDE) for k in ("width", "height"))
        x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x + w), max(y1, y + h)
    if x1 < x0:
        raise MapError(f"{path}: is an infinite map with no chunks; a board needs at least one hex.")
    x0, y0, x1, y1 = x0 // 16 * 16, y0 // 16 * 16, -(-x1 // 16) * 16, -(-y1 // 16) * 16
    return (x0, y0), (x1 - x0, y1 - y0)


def _read_layers(root: ElementTree.Element, path: Path, h: _Header) -> list[_RawLayer]:
    """1. Layer data, read here (all encodings, all flag bits, an infinite map's chunks), never more than
    MAX_LAYER_TILES in all: each tile layer with its raw gids and how it is drawn (through its groups).
    Tile objects' gids are checked too."""
    columns, rows = h.columns, h.rows
    raw_layers: list[_RawLayer] = []
    infinite = root.get("infinite") == "1"
    for node, offset, opacity, visible in _tile_layers(root, str(path)):
        lwhere = f"{path}: layer {node.get('name', '')!r}"
        if not infinite and (_int_attr(node, "width", lwhere, columns) != columns
                             or _int_attr(node, "height", lwhere, rows) != rows):
            raise MapError(f"{lwhere} is not the size of the map.")
        if (len(raw_layers) + 1) * columns * rows > MAX_LAYER_TILES:
            raise MapError(f"{lwhere} is one layer too many: Clinch reads at most {MAX_LAYER_TILES:,} tiles "
                           f"over all layers ({MAX_LAYER_TILES // (columns * rows)} layers of {columns}x{rows}).")
        data = node.find("data")
        if data is None:
            raise MapError(f"{lwhere} has no <data>.")
        gids = _chunked_data(data, h, lwhere) if infinite else _decode_data(data, columns * rows, lwhere)
        raw_layers.append(_RawLayer(node, gids, opacity, visible, offset))
    for obj in root.iter("object"):
        if obj.get("gid") is not None:
            _int_attr(obj, "gid", f"{path}: object {obj.get('name') or obj.get('id')!r}", 0, 0, 0xFFFFFFFF)
    return raw_layers


@dataclass(frozen=True, slots=True)
class _RawLayer:
    """A tile layer as read: its element, raw gids (flag bits included) and how Tiled draws it."""

    node: ElementTree.Element
    gids: list[int]
    opacity: float
    visible: bool
    offset: tuple[float, float]


def _crop(h: _Header, raw_layers: list[_RawLayer]) -> tuple[_Header, list[_RawLayer]]:
    """An infinite map cut to the 16x16 blocks that hold a tile (Tiled keeps no empty chunk, and
    tmxrasterizer's picture covers those blocks only); the corner stays on the 16-tile grid."""
    used = [i for raw in raw_layers for i, g in enumerate(raw.gids) if g]
    if not used:
        return h, raw_layers
    cols = {i % h.columns for i in used}
    rows = {i // h.columns for i in used}
    c0, r0 = min(cols) // 16 * 16, min(rows) // 16 * 16
    c1, r1 = min(h.columns, -(-(max(cols) + 1) // 16) * 16), min(h.rows, -(-(max(rows) + 1) // 16) * 16)
    if (c0, r0, c1, r1) == (0, 0, h.columns, h.rows):
        return h, raw_layers
    cut = [_RawLayer(raw.node, [g for r in range(r0, r1) for g in raw.gids[r * h.columns + c0:r * h.columns + c1]],
                     raw.opacity, raw.visible, raw.offset) for raw in raw_layers]
    return replace(h, columns=c1 - c0, rows=r1 - r0, origin=(h.origin[0] + c0, h.origin[1] + r0)), cut


def _chunked_data(data: ElementTree.Element, h: _Header, where: str) -> list[int]:
    """An infinite map's layer: its chunks (each in the layer's encoding) laid into the chunks' bounding box."""
    gids = [0] * (h.columns * h.rows)
    x0, y0 = h.origin
    for chunk in data.findall("chunk"):
        x, y, w, hh = (int(chunk.get(k, "0")) for k in ("x", "y", "width", "height"))  # checked by _chunk_bounds
        body = ElementTree.Element("data", dict(data.attrib))
        body.text = chunk.text
        body.extend(chunk.findall("tile"))
        part = _decode_data(body, w * hh, f"{where}: chunk ({x}, {y})", f"its {w}x{hh} size")
        for row in range(hh):
            at = (y - y0 + row) * h.columns + (x - x0)
            gids[at:at + w] = part[row * w:(row + 1) * w]
    return gids


def _read_tilesets(root: ElementTree.Element, path: Path, raw_layers: list[_RawLayer], h: _Header,
                   words: dict[str, str] | None = None) -> tuple[list[Tileset], list[list[int]], Any, dict[int, dict[str, Any]], dict[int, int]]:
    """2. Tilesets: checked here for clear sentences (and every number bounded), then pytmx reads the
    properties from a copy of the tree whose layer data is clean CSV without flag bits. Returns the
    tilesets, each layer's gids without flags, pytmx's map (for the map's properties), each used gid's
    terrain and, for each animated tile, the gid of its first frame (what Tiled draws of it in a still)."""
    facts = _check_tilesets(root, path)
    tilesets = [Tileset(firstgid=gid, image=str(f.image), tile_width=f.tile_width, tile_height=f.tile_height,
                        columns=f.columns, tile_count=f.tile_count, spacing=f.spacing, margin=f.margin,
                        offset=f.offset, images={k: str(v) for k, v in f.images.items()})
                for gid, f in sorted(facts.items())]
    first_frames = {gid + local: gid + frame for gid, f in facts.items() for local, frame in f.first_frames.items()}
    masked_layers = [[g & _GID_MASK for g in raw.gids] for raw in raw_layers]
    used: set[int] = set()
    for raw, masked in zip(raw_layers, masked_layers):
        distinct = set(masked) - {0}
        bad = [g for g in distinct if not any(t.firstgid <= g < t.firstgid + t.tile_count for t in tilesets)]
        if bad:
            at = min(masked.index(g) for g in bad)
            raise MapError(f"{path}: layer {raw.node.get('name', '')!r}: tile ({at % h.columns}, {at // h.columns}) "
                           f"has gid {masked[at]}, which belongs to no tileset.")
        used |= distinct
    tm, by_class = _pytmx_map(root, path, used, h)
    props_by_gid: dict[int, dict[str, Any]] = {}
    for pgid, props in tm.tile_properties.items():
        tgid = tm.tiledgidmap.get(pgid)
        if tgid is not None:
            props_by_gid[tgid] = props
    terrain_by_gid = {gid: _tile_terrain(props_by_gid.get(gid, {}), by_class.get(gid), f"{path}: tile gid {gid}",
                                         words or {})
                      for gid in sorted(used)}
    return tilesets, masked_layers, tm, terrain_by_gid, first_frames


def _tile_terrain(props: dict[str, Any], class_word: str | None, where: str,
                  words: dict[str, str] | None = None) -> dict[str, Any]:
    """A tile's terrain: its own properties (``terrain``, ``move_cost``...), over what its terrain word gives
    when it has no ``terrain`` property (``type="Ocean"``, a Biome class property: see
    :mod:`game.tiled.terrain_words`); the word itself is kept in ``"word"`` for ``clinch check-map``."""
    word = word_of(props) or (class_word if "terrain" not in props else None)
    if word is None:
        return _terrain_of(props, where)
    return {**word_terrain(word, (words or {}).get(word)), **_terrain_of(props, where), "word": word}


def _pytmx_map(root: ElementTree.Element, path: Path, used: set[int], h: _Header) -> tuple[Any, dict[int, str]]:
    """pytmx's reading of the map's and tilesets' properties, from a copy of the tree without its layers:
    one small layer listing each gid in use once is all it needs to map its own gids to Tiled's.

    In the copy, external tilesets are the .tsx trees already read and checked here (pytmx opens no file),
    an infinite map is a finite one, and what pytmx cannot read but Clinch does not use is left out: layer
    offsets (pytmx wants whole numbers; the offsets of tile layers were read above) and class-typed custom
    properties (Tiled 1.8+; pytmx fails on them without a word of where), whose terrain words are
    returned beside pytmx's map, by gid."""
    clean = _without_layers(root)
    clean.set("infinite", "0")
    clean.set("width", str(h.columns))
    clean.set("height", str(h.rows))
    by_class: dict[int, str] = {}
    for ts in clean.findall("tileset"):
        if ts.get("source"):
            node, _base, _label, firstgid = _tileset_node(ts, path)
            inline = _without_layers(node)
            inline.set("firstgid", str(firstgid))
            clean.insert(list(clean).index(ts), inline)
            clean.remove(ts)
            ts = inline
        by_class.update(class_words(ts, int(ts.get("firstgid", "1"))))
    _drop_unread(clean)
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
    return tm, by_class


def _drop_unread(node: ElementTree.Element) -> None:
    """Remove from pytmx's copy what it cannot read and Clinch does not use (see :func:`_pytmx_map`)."""
    for key in ("offsetx", "offsety"):
        node.attrib.pop(key, None)
    for child in list(node):
        if child.tag == "property" and child.get("type") == "class":
            node.remove(child)
        else:
            _drop_unread(child)


def _cells(masked_layers: list[list[int]], terrain_by_gid: dict[int, dict[str, Any]],
           h: _Header) -> dict[tuple[int, int], Cell]:
    """3. Cells: merge the layers bottom to top (once per distinct stack of tiles); a position where no
    layer has a tile is not part of the board."""
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
        col, row = i % h.columns, i // h.columns
        cells[(col, row)] = Cell(hex=offset_to_axial(col, row, h.stagger_axis, h.stagger_index), **attrs)  # type: ignore[arg-type]
    return cells


def _read_objects(root: ElementTree.Element, path: Path, h: _Header,
                  cells: dict[tuple[int, int], Cell]) -> tuple[dict[str, list[Hex]], dict[str, Hex]]:
    """4. Object layers: named points are spots, named shapes are zones (their hexes in the map's order)."""
    m = h.metrics()
    step = _steps(m)[:2]  # pixels a column and a row
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
        dx, dy = dx - h.origin[0] * step[0], dy - h.origin[1] * step[1]  # an infinite map's box corner
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
            for hx in (cells[pos].hex for pos in _zone_cells(m, pts, centres, budget, owhere)):
                if hx not in seen:
                    seen.add(hx)
                    zone.append(hx)
    return zones, spots
