"""``clinch check-map FILE.tmx [--json]``: load a Tiled map and say what Clinch sees in it.

With ``--json`` the output is exactly one object: orientation, top, stagger
axis and index, size in tiles, tile size, hex side and every cell with its
tile position, axial hex, pixel centre (as Tiled draws that tile) and terrain.
A map Clinch refuses ends with one sentence on stderr and exit status 2.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter

from game.cli import CommandError
from game.files.maps import MapError, load_map, map_pixel_size, tile_center
from game.files.names import shown
from game.hexgrid import axial_to_offset
from game.tiled.terrain_words import KINDS

USAGE = "usage: clinch check-map FILE.tmx [--json]"


def main(argv: list[str]) -> int:
    args = list(argv)
    if "-h" in args or "--help" in args:
        print(USAGE)
        return 0
    as_json = "--json" in args
    files = [a for a in args if a != "--json"]
    unknown = [a for a in files if a.startswith("-")]
    if unknown:
        raise CommandError(f"unknown option {unknown[0]!r}; {USAGE}.")
    if len(files) != 1:
        raise CommandError(f"give exactly one map file; {USAGE}.")
    try:
        board = load_map(files[0])
    except MapError as exc:
        raise CommandError(str(exc)) from None

    cells = []
    for cell in board.cells:
        col, row = axial_to_offset(cell.hex, board.stagger_axis, board.stagger_index)  # type: ignore[arg-type]
        x, y = tile_center(board, col, row)
        cells.append({"tile": [col, row], "hex": [cell.hex.q, cell.hex.r], "center": [float(x), float(y)],
                      "terrain": cell.terrain})
    cells.sort(key=lambda c: (c["tile"][1], c["tile"][0]))
    if as_json:
        return _emit(json.dumps({
            "orientation": "hexagonal",
            "top": board.top,
            "stagger_axis": board.stagger_axis,
            "stagger_index": board.stagger_index,
            "columns": board.columns,
            "rows": board.rows,
            "tile_size": [board.tile_size[0], board.tile_size[1]],
            "hex_side": board.hex_side,
            "cells": cells,
        }))

    w, h = map_pixel_size(board)
    lines = [
        f"{files[0]}: {board.name!r}",
        f"  hexagonal, {board.top} top (stagger {board.stagger_axis}/{board.stagger_index}), "
        f"{board.columns}x{board.rows} tiles of {board.tile_size[0]}x{board.tile_size[1]}, "
        f"hex side {board.hex_side}, {w}x{h} pixels",
        f"  default ruleset: {board.default_ruleset or '(none)'}" + (f", scale: {board.scale}" if board.scale else ""),
        f"  {len(board.cells)} cells, {sum(c.blocks_movement for c in board.cells)} impassable",
    ]
    for terrain, n in sorted(Counter(c.terrain for c in board.cells).items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"    {terrain:<14} {n}")
    lines.extend(_word_lines(board.terrain_words))
    lines.append(f"  layers: {', '.join(layer.name for layer in board.layers) or '(none)'}")
    lines.append(f"  tilesets: {', '.join(ts.image.rsplit('/', 1)[-1] for ts in board.tilesets) or '(none)'}")
    for name, hexes in sorted(board.zones.items()):
        lines.append(f"  zone {name!r}: {len(hexes)} hexes")
    for name, hx in sorted(board.spots.items()):
        lines.append(f"  spot {name!r}: hex [{hx.q}, {hx.r}]")
    return _emit("\n".join(lines))


def _word_lines(words: dict[str, str]) -> list[str]:
    """The map's own terrain words and the kind each was read as (``game.tiled.terrain_words``), unknown
    ones named: a map maker sees at once which hexes Clinch plays as open ground for want of a word."""
    if not words:
        return []
    lines = ["  terrain words (tiles without a terrain property):"]
    for word, kind in sorted(words.items(), key=lambda kv: kv[0].lower()):
        effect = ", ".join(f"{k.replace('_', ' ')} {v}" if not isinstance(v, bool) else k.replace("_", " ")
                           for k, v in KINDS[kind or "open"].items()) or "no effect"
        lines.append(f"    '{shown(word, 40)}' -> {kind} ({effect})" if kind else
                     f"    '{shown(word, 40)}' -> unknown word, played as open ground")
    return lines


def _emit(text: str) -> int:
    """Print the report; a reader that leaves early (``clinch check-map m.tmx | head``) is no error."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the exit flush says nothing
    return 0
