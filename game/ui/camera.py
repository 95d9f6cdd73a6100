"""The camera: which part of the map the window shows, and how big.

World coordinates are map pixels (``game.ui.geometry``). The camera keeps the
world point at the screen's top-left (``x``, ``y``) and a ``zoom`` factor;
screen = (world * zoom) - scroll, where ``scroll`` is that top-left in zoomed
pixels rounded to whole pixels, so that the cached board chunks, the tokens
and the overlays all land on the same pixel grid.

No pygame here: plain arithmetic that tests can drive.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

__all__ = ["Camera", "ZOOM_STEP"]

ZOOM_STEP = 1.2  # one wheel notch


@dataclass
class Camera:
    viewport: tuple[int, int] = (1280, 800)
    x: float = 0.0
    y: float = 0.0
    zoom: float = 1.0
    min_zoom: float = 0.05
    max_zoom: float = 4.0
    #: the world rectangle (x0, y0, x1, y1) the camera may not wander away from
    bounds: tuple[float, float, float, float] | None = field(default=None)

    # --- conversions ----------------------------------------------------------------

    @property
    def scroll(self) -> tuple[int, int]:
        """The screen's top-left in zoomed pixels, whole pixels."""
        return (int(math.floor(self.x * self.zoom + 0.5)), int(math.floor(self.y * self.zoom + 0.5)))

    def world_to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        sx, sy = self.scroll
        return (wx * self.zoom - sx, wy * self.zoom - sy)

    def screen_to_world(self, sx: float, sy: float) -> tuple[float, float]:
        ox, oy = self.scroll
        return ((sx + ox) / self.zoom, (sy + oy) / self.zoom)

    def visible_world(self) -> tuple[float, float, float, float]:
        """The world rectangle (x0, y0, x1, y1) under the viewport."""
        x0, y0 = self.screen_to_world(0, 0)
        x1, y1 = self.screen_to_world(*self.viewport)
        return (x0, y0, x1, y1)

    # --- moves ------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Keep the world point at the viewport's centre where it was."""
        cx, cy = self.screen_to_world(self.viewport[0] / 2, self.viewport[1] / 2)
        self.viewport = (max(1, int(size[0])), max(1, int(size[1])))
        self.center_on(cx, cy)

    def center_on(self, wx: float, wy: float) -> None:
        self.x = wx - self.viewport[0] / 2 / self.zoom
        self.y = wy - self.viewport[1] / 2 / self.zoom
        self.clamp()

    def put_at_screen(self, wx: float, wy: float, sx: float, sy: float) -> None:
        """Move the view so the world point (wx, wy) is at the screen point (sx, sy) (a fighter brought to a
        panel's centre, not the window's)."""
        self.x, self.y = wx - sx / self.zoom, wy - sy / self.zoom
        self.clamp()

    def pan_screen(self, dx: float, dy: float) -> None:
        """Move the view by a screen distance (dragging right by 10 px shows what was 10 px to the left)."""
        self.x -= dx / self.zoom
        self.y -= dy / self.zoom
        self.clamp()

    def set_zoom(self, zoom: float, anchor: tuple[float, float] | None = None) -> None:
        """Zoom so that the world point under ``anchor`` (a screen point; default the centre) stays put."""
        if anchor is None:
            anchor = (self.viewport[0] / 2, self.viewport[1] / 2)
        wx, wy = self.screen_to_world(*anchor)
        self.zoom = min(self.max_zoom, max(self.min_zoom, zoom))
        self.x = wx - anchor[0] / self.zoom
        self.y = wy - anchor[1] / self.zoom
        self.clamp()

    def zoom_by(self, steps: float, anchor: tuple[float, float] | None = None) -> None:
        """Zoom in (steps > 0) or out by wheel notches, snapping to the notch grid ``ZOOM_STEP ** k``."""
        k = round(math.log(self.zoom, ZOOM_STEP) + steps)
        self.set_zoom(ZOOM_STEP ** k, anchor)

    def fit(self, rect: tuple[float, float, float, float], margin: float = 0.04) -> None:
        """Show the whole world rectangle, centred, with a small margin."""
        x0, y0, x1, y1 = rect
        w, h = max(1.0, x1 - x0), max(1.0, y1 - y0)
        vw, vh = self.viewport
        z = min(vw / w, vh / h) * (1.0 - 2 * margin)
        self.zoom = min(self.max_zoom, max(self.min_zoom, z))
        self.center_on((x0 + x1) / 2, (y0 + y1) / 2)

    def clamp(self) -> None:
        """Keep at least a third of the viewport on the map (no getting lost in the void)."""
        if self.bounds is None:
            return
        bx0, by0, bx1, by1 = self.bounds
        vw, vh = self.viewport[0] / self.zoom, self.viewport[1] / self.zoom
        keep_w, keep_h = min(vw / 3, bx1 - bx0), min(vh / 3, by1 - by0)
        self.x = min(max(self.x, bx0 + keep_w - vw), bx1 - keep_w)
        self.y = min(max(self.y, by0 + keep_h - vh), by1 - keep_h)
