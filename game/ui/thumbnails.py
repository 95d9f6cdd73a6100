"""A small picture of a saved board for the load screen: terrain colours and a dot per fighter.

Rendered on demand from a save's header (its ``initial`` board and its
``snapshot`` fighters, see :func:`game.files.saves.read_header`), so no image file
sits beside the save to go missing, go stale or be swapped for something
hostile. Anything odd in the data gives :func:`placeholder` instead: a
thumbnail never stops the list.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.atlas import terrain_colour
from game.ui.geometry import MapGeometry
from game.ui.tokens import parse_colour

__all__ = ["board_thumbnail", "placeholder", "MAX_THUMB_CELLS"]

#: boards with more cells than this are drawn from a sample of them (a thumbnail costs a few ms at most)
MAX_THUMB_CELLS = 6000
_BACK = (24, 26, 32)


def placeholder(size: tuple[int, int], text: Any = None, note: str = "no picture") -> pygame.Surface:
    """A grey frame with a word in it, for a save whose board cannot be drawn."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((34, 36, 42))
    pygame.draw.rect(surf, (70, 72, 80), surf.get_rect(), width=1)
    if text is not None:
        img = text.render(note, 12, (130, 132, 140))
        surf.blit(img, img.get_rect(center=surf.get_rect().center))
    return surf


def board_thumbnail(board: Any, sides: list[Any], fighters: list[Any], size: tuple[int, int],
                    text: Any = None) -> pygame.Surface:
    """The board scaled to fit ``size``: each cell its terrain colour, each fighter its side's colour."""
    try:
        return _draw(board, sides, fighters, size)
    except (MemoryError, KeyboardInterrupt):
        raise
    except Exception:  # noqa: BLE001 - a save's odd board gives the placeholder, never a crash
        return placeholder(size, text)


def _draw(board: Any, sides: list[Any], fighters: list[Any], size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    geo = MapGeometry.of(board)
    pw, ph = geo.pixel_size
    if pw <= 0 or ph <= 0 or not board.cells:
        raise ValueError("no cells")
    scale = min((w - 4) / pw, (h - 4) / ph)
    ox = (w - pw * scale) / 2 + geo.tw * scale / 2
    oy = (h - ph * scale) / 2 + geo.th * scale / 2
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill(_BACK)
    outline = [(x * scale, y * scale) for x, y in geo.hex_outline()]

    def at(hx: Any) -> tuple[float, float]:
        col, row = geo.to_tile(hx)
        cx, cy = geo.tile_origin(col, row)
        return (ox + cx * scale, oy + cy * scale)

    cells = board.cells
    step = max(1, len(cells) // MAX_THUMB_CELLS)
    for cell in cells[::step]:
        x, y = at(cell.hex)
        colour = (60, 58, 56) if cell.blocks_movement else terrain_colour(cell.terrain)
        pygame.draw.polygon(surf, colour, [(x + dx, y + dy) for dx, dy in outline])
    colours = {s.id: parse_colour(s.colour) for s in sides}
    r = max(2, int(min(geo.tw, geo.th) * scale * 0.5))
    for f in fighters[:500]:
        x, y = at(f.hex)
        if not (-r <= x <= w + r and -r <= y <= h + r):
            continue
        col = colours.get(f.side, (220, 220, 220))
        down = f.posture in ("prone", "lying") or "dead" in f.conditions or "unconscious" in f.conditions
        pygame.draw.circle(surf, (240, 240, 236), (int(x), int(y)), r + 1)  # a light ring: never terrain
        pygame.draw.circle(surf, col, (int(x), int(y)), max(1, r - 1) if down else r)
    pygame.draw.rect(surf, (70, 72, 80), surf.get_rect(), width=1)
    return surf
