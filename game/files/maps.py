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

Every file is read as a hostile one (issue 13): through :mod:`game.files.userfiles`
(no pipes, devices or folders; bounded sizes), parsed with element, attribute
and depth caps, every number checked before pytmx converts it, compressed
layers inflated no further than the map's declared size, tileset images known
by their header alone, and the map's size, layers, objects, tilesets and zone
searches bounded (the ``MAX_*`` constants below say why each bound is where it
is). Anything refused is one :class:`MapError` or :class:`ScenarioError`
sentence naming the file and the field.

This module is the public face; the work is done in :mod:`game.tiled` (``geometry``: the layout above;
``safe_xml``: capped parsing, ``MapError`` and the bounds; ``layers``, ``tilesets``, ``objects``; ``reader``:
:func:`load_map`) and :mod:`game.files.scenarios` (:func:`load_scenario`, the scenario schema).
"""


from __future__ import annotations

from game.files.scenario_types import MAX_ARMS, MAX_DR, MAX_ITEMS, MAX_NAME, MAX_ROUNDS, MAX_SCORE, MAX_SIDES
from game.files.scenarios import (
    MAX_FIGHTERS,
    MAX_SCENARIO_BYTES,
    MAX_TEXT,
    MAX_WEIGHT,
    SHARED_OPTIONS,
    TRAIT_TYPES,
    ScenarioError,
    load_scenario,
)
from game.tiled.geometry import (
    FLIP_D,
    FLIP_H,
    FLIP_V,
    ROT_120,
    HexMetrics,
    TileTransform,
    draw_order,
    hex_center,
    map_pixel_size,
    metrics,
    tile_center,
    tile_draw_position,
    tile_origin,
    tile_source_rect,
    tile_transform,
    tileset_for_gid,
)
from game.tiled.layers import TERRAIN_PROPERTIES
from game.tiled.reader import load_map
from game.tiled.safe_xml import (
    MAX_CELLS_A_SIDE,
    MAX_COORDINATE,
    MAX_IMAGE_BYTES,
    MAX_IMAGE_PIXELS,
    MAX_IMAGE_SIDE,
    MAX_LAYER_TILES,
    MAX_LAYERS,
    MAX_MAP_BYTES,
    MAX_MESSAGE,
    MAX_OBJECT_POINTS,
    MAX_OBJECTS,
    MAX_PROPERTIES,
    MAX_TERRAIN_NUMBER,
    MAX_TILE_PIXELS,
    MAX_TILE_RECORDS,
    MAX_TILESETS,
    MAX_TSX_ELEMENTS,
    MAX_XML_ATTRIBUTES,
    MAX_XML_DEPTH,
    MAX_XML_ELEMENTS,
    MAX_XML_OTHER,
    MAX_ZONE_WORK,
    MapError,
)

__all__ = [
    "MapError", "ScenarioError", "load_map", "load_scenario",
    "FLIP_H", "FLIP_V", "FLIP_D", "ROT_120", "TileTransform", "tile_transform",
    "HexMetrics", "metrics", "tile_origin", "tile_center", "hex_center", "map_pixel_size",
    "draw_order", "tile_source_rect", "tile_draw_position", "tileset_for_gid",
    "TERRAIN_PROPERTIES", "TRAIT_TYPES", "SHARED_OPTIONS",
    # the bounds of a map and of a scenario, each documented where it is defined
    "MAX_ARMS", "MAX_CELLS_A_SIDE", "MAX_COORDINATE", "MAX_DR", "MAX_FIGHTERS", "MAX_IMAGE_BYTES",
    "MAX_IMAGE_PIXELS", "MAX_IMAGE_SIDE", "MAX_ITEMS", "MAX_LAYER_TILES", "MAX_LAYERS", "MAX_MAP_BYTES",
    "MAX_MESSAGE", "MAX_NAME", "MAX_OBJECT_POINTS", "MAX_OBJECTS", "MAX_PROPERTIES", "MAX_ROUNDS",
    "MAX_SCENARIO_BYTES", "MAX_SCORE", "MAX_SIDES", "MAX_TERRAIN_NUMBER", "MAX_TEXT", "MAX_TILE_PIXELS",
    "MAX_TILE_RECORDS", "MAX_TILESETS", "MAX_TSX_ELEMENTS", "MAX_WEIGHT", "MAX_XML_ATTRIBUTES",
    "MAX_XML_DEPTH", "MAX_XML_ELEMENTS", "MAX_XML_OTHER", "MAX_ZONE_WORK",
]
