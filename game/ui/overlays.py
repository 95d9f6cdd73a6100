"""Things drawn over the board: hex tints (hover, facing arcs), grapple links.

Every translucent hex is one cached surface per (tint, zoom); a frame blits it
at each hex, it never builds an alpha polygon.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.hexgrid import Hex, arc_hexes
from game.ui.camera import Camera
from game.ui.geometry import MapGeometry

__all__ = ["HexTints", "ArcOverlay", "ARC_TINTS", "HOVER_TINT", "draw_arcs", "draw_grapple_links"]

#: front / side / rear arc shading of the selected fighter (distinct in hue and in strength)
ARC_TINTS: dict[str, tuple[tuple[int, int, int, int], tuple[int, int, int, int] | None]] = {
    "front": ((70, 220, 110, 100), (150, 255, 170, 190)),
    "side": ((250, 200, 40, 100), (255, 225, 110, 190)),
    "rear": ((240, 50, 40, 120), (255, 120, 110, 210)),
}
HOVER_TINT = ((255, 255, 255, 46), (255, 255, 255, 230))
ARC_RADIUS = 3


class HexTints:
    """Cached translucent hexes: ``get(fill, outline)`` at the current zoom, anchored at their centre."""

    def __init__(self, geometry: MapGeometry, on_board: Any = None) -> None:
        self.geometry = geometry
        self.on_board = on_board or geometry.contains  # which hexes may be tinted
        self._cache: dict[tuple, tuple[pygame.Surface, tuple[float, float]]] = {}
        self._zoom: float | None = None

    def get(self, zoom: float, fill: tuple[int, int, int, int] | None,
            outline: tuple[int, int, int, int] | None, width: int = 2, inset: float = 0.0
            ) -> tuple[pygame.Surface, tuple[float, float]]:
        if zoom != self._zoom:
            self._cache.clear()
            self._zoom = zoom
        key = (fill, outline, width, inset)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        k = zoom * (1.0 - inset)
        pts = [(x * k, y * k) for x, y in self.geometry.hex_outline()]
        w = max(x for x, _ in pts) - min(x for x, _ in pts)
        h = max(y for _, y in pts) - min(y for _, y in pts)
        pad = width + 1
        surf = pygame.Surface((int(w) + 2 * pad, int(h) + 2 * pad), pygame.SRCALPHA)
        c = (surf.get_width() / 2, surf.get_height() / 2)
        local = [(c[0] + x, c[1] + y) for x, y in pts]
        if fill:
            pygame.draw.polygon(surf, fill, local)
        if outline:
            pygame.draw.polygon(surf, outline, local, width=width)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._cache[key] = (surf, c)
        return self._cache[key]

    def blit(self, surface: pygame.Surface, camera: Camera, hexes: list[Hex], fill: Any, outline: Any = None,
             width: int = 2, inset: float = 0.0) -> None:
        img, (ax, ay) = self.get(camera.zoom, fill, outline, width, inset)
        blits = []
        for h in hexes:
            if not self.on_board(h):
                continue
            x, y = camera.world_to_screen(*self.geometry.center(h))
            blits.append((img, (int(x - ax + 0.5), int(y - ay + 0.5))))
        surface.blits(blits, doreturn=False)


class ArcOverlay:
    """The selected fighter's shaded arcs as one cached surface per (hex, facing, zoom)."""

    def __init__(self, geometry: MapGeometry, on_board: Any = None) -> None:
        self.geometry = geometry
        self.on_board = on_board or geometry.contains
        self._key: tuple | None = None
        self._surface: pygame.Surface | None = None
        self._anchor = (0.0, 0.0)
        self.arcs: dict[str, list[Hex]] = {}
        self.tints = ARC_TINTS  # the palette may swap these

    def draw(self, surface: pygame.Surface, camera: Camera, position: Hex, facing: int,
             radius: int = ARC_RADIUS) -> dict[str, list[Hex]]:
        key = (position, facing % 6, radius, camera.zoom, id(self.tints))
        if key != self._key:
            self._build(position, facing, radius, camera.zoom)
            self._key = key
        cx, cy = camera.world_to_screen(*self.geometry.center(position))
        surface.blit(self._surface, (int(cx - self._anchor[0] + 0.5), int(cy - self._anchor[1] + 0.5)))
        return self.arcs

    def _build(self, position: Hex, facing: int, radius: int, zoom: float) -> None:
        g = self.geometry
        self.arcs = {k: [h for h in v if self.on_board(h)] for k, v in arc_hexes(position, facing, radius).items()}
        ox, oy = g.center(position)
        k = zoom * 0.92
        outline = [(x * k, y * k) for x, y in g.hex_outline()]
        reach = (radius + 1) * max(g.step) * zoom + 4
        size = int(2 * reach) + 2
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        for name in ("front", "side", "rear"):
            fill, edge = self.tints[name]
            for h in self.arcs[name]:
                hx, hy = g.center(h)
                px, py = c + (hx - ox) * zoom, c + (hy - oy) * zoom
                pts = [(px + x, py + y) for x, y in outline]
                pygame.draw.polygon(surf, fill, pts)
                if edge:
                    pygame.draw.polygon(surf, edge, pts, width=2)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._surface, self._anchor = surf, (c, c)


def draw_arcs(surface: pygame.Surface, camera: Camera, tints: HexTints, position: Hex, facing: int,
              radius: int = ARC_RADIUS) -> dict[str, list[Hex]]:
    """Shade the front, side and rear arcs hex by hex (uncached; :class:`ArcOverlay` is the fast way)."""
    arcs = arc_hexes(position, facing, radius)
    for name in ("front", "side", "rear"):
        fill, outline = ARC_TINTS[name]
        tints.blit(surface, camera, arcs[name], fill, outline, width=2, inset=0.08)
    return arcs


def draw_grapple_links(surface: pygame.Surface, camera: Camera, battle: Any,
                       positions: dict[str, tuple[float, float]]) -> None:
    """A line from each grip's holder to its target (thicker for two hands)."""
    for g in battle.grapples:
        a, b = positions.get(g.holder), positions.get(g.target)
        if a is None or b is None:
            continue
        pa, pb = camera.world_to_screen(*a), camera.world_to_screen(*b)
        w = max(2, int(3 * camera.zoom)) * (2 if g.hands >= 2 else 1)
        pygame.draw.line(surface, (20, 16, 12), pa, pb, w + 4)
        pygame.draw.line(surface, (255, 190, 60), pa, pb, w)
        pygame.draw.circle(surface, (255, 190, 60), pb, w + 2)
