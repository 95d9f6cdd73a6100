"""The board layer: the map's tiles, pre-rendered per zoom level into cached chunks.

The zoomed map is cut into ``CHUNK`` x ``CHUNK`` screen-pixel squares; a chunk
is drawn once (from the tileset images, in Tiled's paint order) the first
time it is on screen at the current zoom, then only blitted. A frame therefore
costs about one full-screen blit whatever the map's size; changing the zoom
drops the cache. ``render_native()`` draws the whole layer at zoom 1 the way
tmxrasterizer does, for comparisons with Tiled.
"""

from __future__ import annotations

from collections import OrderedDict
from math import ceil, floor
from typing import Any

import pygame

from game.hexgrid import Hex
from game.ui.atlas import FLIP_D, ROT_120, TileAtlas, decode_flags
from game.ui.camera import Camera
from game.ui.geometry import MapGeometry
from game.ui.uncovered import uncovered

__all__ = ["BoardView", "CHUNK", "VOID_COLOUR"]

CHUNK = 512
VOID_COLOUR = (24, 26, 30)
MAX_CHUNKS = 96  # about 100 MB of 512x512 chunks at most


class _Layer:
    __slots__ = ("name", "gids", "flags", "opacity", "offset")

    def __init__(self, name: str, gids: list[list[int]], flags: list[list[int]] | None, opacity: float,
                 offset: tuple[float, float] = (0.0, 0.0)) -> None:
        self.name = name
        self.gids = gids
        self.flags = flags or None
        self.opacity = opacity
        self.offset = offset  # Tiled's layer offset (its groups' added in): the tiles move, the hexes do not


class BoardView:
    """Draws a :class:`game.model.Board` through a :class:`Camera`.

    ``geometry`` answers where hexes are (world pixels); ``draw(surface, camera)``
    blits the visible chunks; ``world_bounds`` is the rectangle worth looking at.
    """

    def __init__(self, board: Any) -> None:
        self.board = board
        self.geometry = MapGeometry.of(board)
        self.atlas = TileAtlas(board, self.geometry)
        self.layers = self._layers(board)
        rotated = any(
            decode_flags(f) & (FLIP_D | ROT_120)
            for layer in self.layers if layer.flags for row in layer.flags for f in row if f
        )
        self.overhang = self.atlas.overhang(rotated)
        self.margins = self._offset_margins()
        w, h = self.geometry.pixel_size
        left, top, right, bottom = self.overhang
        ml, mt, mr, mb = self.margins
        self.world_bounds: tuple[float, float, float, float] = (-left - ml, -top - mt, w + right + mr, h + bottom + mb)
        self._chunks: OrderedDict[tuple[int, int], pygame.Surface] = OrderedDict()
        self._zoom: float | None = None
        self.chunks_drawn = 0  # how many chunks were rendered (benchmarks and tests read it)

    def _layers(self, board: Any) -> list[_Layer]:
        if board.tilesets and board.layers:
            return [_Layer(layer.name, layer.gids, layer.flags, float(layer.opacity),
                           (float(layer.offset[0]), float(layer.offset[1])))
                    for layer in board.layers if layer.visible]
        g = self.geometry
        gids = [[0] * g.columns for _ in range(g.rows)]
        for cell in board.cells:
            col, row = g.to_tile(cell.hex)
            if 0 <= col < g.columns and 0 <= row < g.rows:
                gids[row][col] = self.atlas.terrain_gids.get(cell.terrain, 1)
        return [_Layer("terrain", gids, None, 1.0)]

    def _offset_margins(self) -> tuple[int, int, int, int]:
        """How far the layers' offsets push tiles past the map, (left, top, right, bottom) whole pixels:
        Tiled's ``Map::computeLayerOffsetMargins``, by which tmxrasterizer grows its picture."""
        left = top = right = bottom = 0
        for layer in self.layers:
            dx, dy = layer.offset
            left, top = max(left, ceil(-dx)), max(top, ceil(-dy))
            right, bottom = max(right, ceil(dx)), max(bottom, ceil(dy))
        return (left, top, right, bottom)

    # --- the cache ------------------------------------------------------------------

    def invalidate(self) -> None:
        self._chunks.clear()

    def _tiles_into(self, target: pygame.Surface, zoom: float, x0: float, y0: float,
                    x1: float, y1: float, shift: tuple[float, float], premultiplied: bool = False) -> None:
        """Blit every tile touching world rect (x0, y0)-(x1, y1) at ``zoom``, minus ``shift`` (zoomed px).

        ``premultiplied`` composes as Tiled does on a transparent picture (Porter-Duff over on premultiplied
        colour): pygame's ordinary blend onto a half-transparent pixel ignores that pixel's own alpha, so
        semi-transparent tiles overlapping on hex edges came out wrong. The caller un-premultiplies."""
        g = self.geometry
        left, top, right, bottom = self.overhang
        sx, sy = g.step
        margin = 2 + int(max(left, right) // max(1, sx)) + int(max(top, bottom) // max(1, sy))
        origin = g.tile_origin
        orders: dict[tuple[float, float], list[tuple[int, int]]] = {}
        premul: dict[int, pygame.Surface] = {}
        flags_blend = pygame.BLEND_PREMULTIPLIED if premultiplied else 0
        for layer in self.layers:
            gids, flags, op = layer.gids, layer.flags, layer.opacity
            lx, ly = layer.offset
            order = orders.get(layer.offset)
            if order is None:
                cols, rows = g.tiles_near(x0 - lx, y0 - ly, x1 - lx, y1 - ly, margin=margin)
                order = orders[layer.offset] = list(g.tile_order(cols, rows))
            dx, dy = shift[0] - lx * zoom, shift[1] - ly * zoom
            blits = []
            for col, row in order:
                gid = gids[row][col]
                if not gid:
                    continue
                f = flags[row][col] if flags else 0
                hit = self.atlas.scaled(gid, f, zoom, op)
                if hit is None:
                    continue
                image, (cx, cy) = hit
                if premultiplied:
                    image = premul.get(id(image)) or premul.setdefault(id(image), image.premul_alpha())
                tx, ty = origin(col, row)
                w, h = image.get_size()
                px = floor((tx + cx) * zoom - w / 2.0 - dx + 0.5)
                py = floor((ty + cy) * zoom - h / 2.0 - dy + 0.5)
                blits.append((image, (px, py), None, flags_blend))
            target.blits(blits, doreturn=False)

    def _chunk(self, i: int, j: int, zoom: float) -> pygame.Surface:
        key = (i, j)
        surf = self._chunks.get(key)
        if surf is not None:
            self._chunks.move_to_end(key)
            return surf
        surf = pygame.Surface((CHUNK, CHUNK))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert()
        surf.fill(VOID_COLOUR)
        x0, y0 = i * CHUNK / zoom, j * CHUNK / zoom
        self._tiles_into(surf, zoom, x0, y0, x0 + CHUNK / zoom, y0 + CHUNK / zoom, (i * CHUNK, j * CHUNK))
        self._chunks[key] = surf
        self.chunks_drawn += 1
        while len(self._chunks) > MAX_CHUNKS:
            self._chunks.popitem(last=False)
        return surf

    def visible_chunks(self, camera: Camera) -> list[tuple[int, int]]:
        z = camera.zoom
        ox, oy = camera.scroll
        vw, vh = camera.viewport
        bx0, by0, bx1, by1 = self.world_bounds
        i0 = max(ox, int(bx0 * z) - 1) // CHUNK
        j0 = max(oy, int(by0 * z) - 1) // CHUNK
        i1 = min(ox + vw, int(bx1 * z) + 1) // CHUNK
        j1 = min(oy + vh, int(by1 * z) + 1) // CHUNK
        return [(i, j) for j in range(j0, j1 + 1) for i in range(i0, i1 + 1)]

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Blit the board as the camera sees it (the caller fills the background first)."""
        z = camera.zoom
        if z != self._zoom:
            self._chunks.clear()
            self._zoom = z
        ox, oy = camera.scroll
        blits = [(self._chunk(i, j, z), (i * CHUNK - ox, j * CHUNK - oy)) for i, j in self.visible_chunks(camera)]
        surface.blits(blits, doreturn=False)

    def void_rects(self, camera: Camera, area: pygame.Rect) -> list[pygame.Rect]:
        """The parts of screen rectangle ``area`` no chunk covers (at most four strips): only these need the
        background fill. The visible chunks make one rectangle and every chunk is opaque (filled with
        :data:`VOID_COLOUR` before its tiles), so filling the whole window first painted most pixels twice: a
        full-screen fill costs as much as a full-screen blit (issue 26's frame budget)."""
        cells = self.visible_chunks(camera)
        if not cells:
            return uncovered(area, [])
        ox, oy = camera.scroll
        (i0, j0), (i1, j1) = cells[0], cells[-1]
        board = pygame.Rect(i0 * CHUNK - ox, j0 * CHUNK - oy, (i1 - i0 + 1) * CHUNK, (j1 - j0 + 1) * CHUNK)
        return uncovered(area, [board])

    def covers(self, camera: Camera) -> bool:
        """Whether the board's chunks cover the whole viewport (then no background fill is needed)."""
        x0, y0, x1, y1 = camera.visible_world()
        bx0, by0, bx1, by1 = self.world_bounds
        return x0 >= bx0 and y0 >= by0 and x1 <= bx1 and y1 <= by1

    # --- for tests and tools -----------------------------------------------------------

    def render_native(self, background: tuple[int, int, int, int] = (0, 0, 0, 0)) -> pygame.Surface:
        """The whole tile layer at zoom 1 on a map-sized surface, as tmxrasterizer draws it: grown by the
        layers' offsets (:meth:`_offset_margins`) and composed on premultiplied colour, as Qt does."""
        w, h = self.geometry.pixel_size
        ml, mt, mr, mb = self.margins
        surf = pygame.Surface((w + ml + mr, h + mt + mb), pygame.SRCALPHA)
        surf.fill(background)
        surf = surf.premul_alpha()
        self._tiles_into(surf, 1.0, -self.overhang[0] - ml, -self.overhang[1] - mt, w + self.overhang[2] + mr,
                         h + self.overhang[3] + mb, (-ml, -mt), premultiplied=True)
        return _unpremultiplied(surf)

    def center(self, h: Hex) -> tuple[float, float]:
        return self.geometry.center(h)


def _unpremultiplied(surf: pygame.Surface) -> pygame.Surface:
    """A premultiplied RGBA surface back to ordinary (straight) alpha, as Qt does when it saves a picture;
    only the half-transparent pixels change."""
    size = surf.get_size()
    data = bytearray(pygame.image.tobytes(surf, "RGBA"))
    for at in range(3, len(data), 4):
        a = data[at]
        if 0 < a < 255:
            for c in range(at - 3, at):
                data[c] = min(255, (data[c] * 255 + a // 2) // a)
    return pygame.image.frombytes(bytes(data), size, "RGBA")
