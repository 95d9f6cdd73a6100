"""A map's own terrain words (``Ocean``, ``SnowMountain``, ``Forest``) read as Clinch's terrain kinds. No pygame.

Clinch's own tilesets say what a tile is in its ``terrain``, ``move_cost``, ``blocks_movement``,
``blocks_sight``, ``cover`` and ``elevation`` properties. Maps made for other games say it in a word: the
tile's type (class in Tiled 1.9+), a ``type`` property, or the variant of a class-typed property such as
``Biome``. A tile without a ``terrain`` property gets the kind its word names, from the list below; the
tile's own numeric properties still win over the kind's. A word the list does not know is open ground,
and ``clinch check-map`` names it. The README's "Making maps" section prints this list.
"""

from __future__ import annotations

import re
from typing import Any

#: the game's terrain kinds: what a hex of each is to the rules
KINDS: dict[str, dict[str, Any]] = {
    "blocking": {"blocks_movement": True, "blocks_sight": True},
    "water": {"blocks_movement": True},
    "cover": {"move_cost": 2, "cover": 1, "blocks_sight": True},
    "rough": {"move_cost": 2},
    "open": {},
}

#: words (lower case, one word of a name split at capitals, spaces and underscores) and their kinds
WORDS: dict[str, str] = {
    **dict.fromkeys(("mountain", "mountains", "cliff", "cliffs", "wall", "walls", "rock", "rocks", "boulder",
                     "volcano", "peak", "building", "house", "tower", "pillar", "void", "chasm", "pit"),
                    "blocking"),
    **dict.fromkeys(("ocean", "sea", "water", "lake", "river", "deep", "lava"), "water"),
    **dict.fromkeys(("forest", "wood", "woods", "tree", "trees", "jungle", "bush", "bushes", "hedge",
                     "ruins", "ruin", "crater"), "cover"),
    **dict.fromkeys(("hill", "hills", "rough", "swamp", "marsh", "mud", "shallow", "shallows", "ford", "snow",
                     "rubble", "scree", "dune", "dunes"), "rough"),
    **dict.fromkeys(("grass", "grassland", "plain", "plains", "land", "field", "fields", "floor", "road",
                     "path", "bridge", "sand", "desert", "dirt", "ground", "meadow", "village", "town",
                     "open", "beach", "ice", "tundra", "steppe"), "open"),
}
#: when a name holds several known words (``SnowMountain``), the kind that hinders most wins
_ORDER = ("blocking", "water", "cover", "rough", "open")
_SPLIT = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
#: a tile's properties and attributes that may hold its word (``type`` is a <tile>'s class before Tiled 1.9)
WORD_KEYS = ("type", "class", "Type", "Class", "kind", "Kind", "biome", "Biome")


def kind_of(word: str) -> str | None:
    """The kind a terrain word names, or None when no part of it is in :data:`WORDS`."""
    found = {WORDS[w] for w in (p.lower() for p in _SPLIT.findall(word)) if w in WORDS}
    return next((k for k in _ORDER if k in found), None)


def terrain_name(word: str) -> str:
    """The word as a cell's terrain name: its parts in lower case joined by ``_`` (``SnowMountain`` ->
    ``snow_mountain``), as the shipped tilesets name theirs; the hover shows it with spaces."""
    parts = [p.lower() for p in _SPLIT.findall(word)]
    return "_".join(parts)[:40] or "open"


def word_of(props: dict[str, Any]) -> str | None:
    """The terrain word a tile's properties give when it has no ``terrain`` property, else None."""
    if "terrain" in props:
        return None
    for key in WORD_KEYS:
        value = props.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def word_terrain(word: str, kind: str | None = None) -> dict[str, Any]:
    """The terrain properties a word gives a tile: its name, and its kind's (open ground when unknown);
    ``kind`` is the kind a scenario maps the word to (its ``terrain_words``), over the list's."""
    return {"terrain": terrain_name(word), **KINDS[kind or kind_of(word) or "open"]}


def class_words(tileset: Any, firstgid: int) -> dict[int, str]:
    """Words in a tileset's class-typed tile properties (Tiled 1.8+), by gid: an enum's chosen value such as
    ``Biome`` -> ``ty`` -> ``:variant = "Water"``, the first string found inside a property named as in
    :data:`WORD_KEYS` (or ``terrain``). ``tileset`` is the ``<tileset>`` element, already checked."""
    out: dict[int, str] = {}
    for tile in tileset.findall("tile"):
        for prop in tile.findall("properties/property"):
            if prop.get("type") != "class" or prop.get("name") not in (*WORD_KEYS, "terrain", "Terrain"):
                continue
            value = next((p.get("value") for p in prop.iter("property")
                          if p.get("type") in (None, "string") and (p.get("value") or "").strip()), None)
            if value:
                out[firstgid + int(tile.get("id", "0"))] = value.strip()
                break
    return out
