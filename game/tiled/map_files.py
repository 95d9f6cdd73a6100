"""Every file a Tiled map reads: the .tmx, the external tilesets (.tsx) it names and every image the two name
(a tileset's sheet, an image collection's tiles, an image layer's picture), each by its path from the map's
folder. What the builder needs to copy a map into the player's maps folder so a saved battle keeps it when
the original moves. Parsed as hostile as :func:`game.tiled.reader.load_map` does (:mod:`game.tiled.safe_xml`).
No pygame.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from xml.etree import ElementTree

from game.tiled.safe_xml import MAX_MAP_BYTES, MAX_TSX_ELEMENTS, MapError, _parse_xml

__all__ = ["map_files"]


def _named(root: ElementTree.Element, tag: str) -> list[str]:
    return [node.get("source", "") for node in root.iter(tag) if node.get("source")]


def _inside(source: str, folder: PurePosixPath, where: str) -> PurePosixPath:
    """``folder/source`` as a path inside the map's folder; a path out of it (``../tiles.png``, ``/abs``,
    ``C:/x``) is one sentence: a copy of the map could not keep that file beside it."""
    text = source.replace("\\", "/")
    parts: list[str] = []
    for part in () if re.match(r"^(/|[A-Za-z]:)", text) else (folder / text).parts:
        if part != "..":
            parts.append(part)
        elif parts:
            parts.pop()
        else:
            break
    else:
        if parts:
            return PurePosixPath(*parts)
    raise MapError(f"{where}: {source!r} lies outside the map's folder.")


def map_files(tmx: str | Path) -> list[PurePosixPath]:
    """The map's own file name first, then each .tsx and image it reads, as paths relative to its folder
    (once each, in the order named); :class:`MapError` in one sentence when the map cannot be parsed or
    names a file outside its folder."""
    tmx = Path(tmx)
    root = _parse_xml(tmx, str(tmx), limit=MAX_MAP_BYTES)
    out = [PurePosixPath(tmx.name)]
    here = PurePosixPath()
    out.extend(_inside(source, here, str(tmx)) for source in _named(root, "image"))
    for source in _named(root, "tileset"):
        tsx = _inside(source, here, str(tmx))
        out.append(tsx)
        node = _parse_xml(tmx.parent / tsx, f"{tmx}: tileset {source!r}", limit=MAX_MAP_BYTES,
                          max_elements=MAX_TSX_ELEMENTS)
        out.extend(_inside(img, tsx.parent, str(tmx.parent / tsx)) for img in _named(node, "image"))
    return list(dict.fromkeys(out))
