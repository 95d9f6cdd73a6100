"""The board regions a ruleset declares (``Presentation.board_regions``: a ring, a scoring zone), drawn under
the tokens.

Why here and not in a ruleset: the rules say which hexes mean something (``game.rules.presentation.BoardRegion``,
plain data); how a zone is tinted or a ring's edge is stroked is the board's business, the same for every
ruleset. A ``zone`` tints its hexes; a ``ring`` strokes only the region's outer edge (the hexes stay clear, so
the terrain under a sumo ring still reads).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.hexgrid import Hex, hex_neighbors
from game.rules.presentation import BoardRegion
from game.ui.overlays import HexTints

if TYPE_CHECKING:
    from game.ui.camera import Camera
    from game.ui.geometry import MapGeometry

__all__ = ["RegionLayer", "edge_segments"]

#: how strongly a zone tints its hexes (0..255): enough to see, little enough that the terrain still reads
ZONE_ALPHA = 46
#: a ring's stroke, in pixels at zoom 1, and the dark edge drawn under it
RING_WIDTH = 3
RING_SHADOW = (24, 20, 16)


def edge_segments(geometry: MapGeometry, hexes: set[Hex]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The region's outer edge in world coordinates: for each of its hexes, the side it shares with a hex outside
    it (the two corners nearest the midpoint between the two centres)."""
    outline = geometry.hex_outline()
    out = []
    for h in sorted(hexes, key=lambda x: (x.q, x.r)):
        cx, cy = geometry.center(h)
        corners = [(cx + x, cy + y) for x, y in outline]
        for n in hex_neighbors(h):
            if n in hexes:
                continue
            nx, ny = geometry.center(n)
            mx, my = (cx + nx) / 2, (cy + ny) / 2
            a, b = sorted(corners, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)[:2]
            out.append((a, b))
    return out


class RegionLayer:
    """Draws the regions of one battle's presentation; the edges are worked out once per set of regions."""

    def __init__(self, geometry: MapGeometry, tints: HexTints) -> None:
        self.geometry = geometry
        self.tints = tints
        self._edges: dict[BoardRegion, list[tuple[tuple[float, float], tuple[float, float]]]] = {}

    def draw(self, surface: pygame.Surface, camera: Camera, regions: list[BoardRegion]) -> None:
        for region in regions:
            hexes = [Hex(q, r) for q, r in region.hexes]
            if region.style == "zone":
                self.tints.blit(surface, camera, hexes, (*region.colour, ZONE_ALPHA), None)
                continue
            edges = self._edges.get(region)
            if edges is None:
                if len(self._edges) > 32:  # regions that change each round (a shrinking ring) do not pile up
                    self._edges.clear()
                edges = self._edges[region] = edge_segments(self.geometry, set(hexes))
            width = max(2, round(RING_WIDTH * camera.zoom))
            lines = [(camera.world_to_screen(*a), camera.world_to_screen(*b)) for a, b in edges]
            for a, b in lines:  # a dark edge under the colour: a ring of sand colour still reads on sand
                pygame.draw.line(surface, RING_SHADOW, a, b, width + 2)
            for a, b in lines:
                pygame.draw.line(surface, region.colour, a, b, width)
