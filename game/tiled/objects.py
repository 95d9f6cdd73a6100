"""Object layers: a named point is a spot (the nearest cell), a named shape a zone (the cells whose centres
lie inside it), found with bounded work (``MAX_ZONE_WORK``) however large or far off the shapes are. No pygame.
"""

from __future__ import annotations

import math
from xml.etree import ElementTree

from game.tiled.geometry import HexMetrics
from game.tiled.safe_xml import MAX_COORDINATE, MAX_OBJECT_POINTS, MAX_ZONE_WORK, MapError, _float_attr


def _object_shape(obj: ElementTree.Element, where: str) -> tuple[str, list[tuple[float, float]]]:
    """``("point", [p])`` or ``("area", polygon)`` in map pixels, rotation applied; every number finite."""
    x, y = _float_attr(obj, "x", where), _float_attr(obj, "y", where)
    w, h = _float_attr(obj, "width", where), _float_attr(obj, "height", where)
    if max(abs(x), abs(y), abs(w), abs(h)) > MAX_COORDINATE:
        raise MapError(f"{where} lies more than {MAX_COORDINATE:,} pixels off the map's corner.")
    if obj.find("point") is not None:
        return "point", [(x, y)]
    pts: list[tuple[float, float]]
    poly = obj.find("polygon")
    if poly is None:
        poly = obj.find("polyline")
    if poly is not None:
        raw = poly.get("points", "")
        if raw.count(",") > MAX_OBJECT_POINTS:  # counted before a million points are parsed (4.5 s to refuse)
            raise MapError(f"{where} has {raw.count(','):,} points; Clinch reads shapes of up to "
                           f"{MAX_OBJECT_POINTS:,}.")
        try:
            pts = [(x + float(a), y + float(b)) for a, b in (p.split(",") for p in raw.split())]
        except ValueError:
            raise MapError(f"{where} has broken points.") from None
        if not pts or not all(math.isfinite(v) for pt in pts for v in pt):
            raise MapError(f"{where} has broken points.")
    elif obj.find("ellipse") is not None:
        cx, cy = x + w / 2, y + h / 2
        pts = [(cx + w / 2 * math.cos(t * math.pi / 16), cy + h / 2 * math.sin(t * math.pi / 16)) for t in range(32)]
    elif obj.get("gid"):  # a tile object: its box sits above its anchor (bottom-left)
        pts = [(x, y - h), (x + w, y - h), (x + w, y), (x, y)]
    elif w == 0 and h == 0:
        return "point", [(x, y)]
    else:
        pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    rot = _float_attr(obj, "rotation", where)
    if rot:
        a = math.radians(rot)
        ca, sa = math.cos(a), math.sin(a)
        pts = [(x + (px - x) * ca - (py - y) * sa, y + (px - x) * sa + (py - y) * ca) for px, py in pts]
    if len(pts) > MAX_OBJECT_POINTS:
        raise MapError(f"{where} has {len(pts):,} points; Clinch reads shapes of up to {MAX_OBJECT_POINTS:,}.")
    if any(abs(v) > MAX_COORDINATE for pt in pts for v in pt):
        raise MapError(f"{where} lies more than {MAX_COORDINATE:,} pixels off the map's corner.")
    return "area", pts


def _inside(pt: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    x, y = pt
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _steps(m: HexMetrics) -> tuple[float, float, float, float]:
    """Pixels from one column (row) to the next, and how far a staggered column (row) is pushed."""
    if m.stagger_axis == "x":
        return m.column_width, m.tile_height, 0.0, m.row_height
    return m.tile_width, m.row_height, m.column_width, 0.0


def _window(m: HexMetrics, x0: float, y0: float, x1: float, y1: float, pad: int) -> tuple[range, range]:
    """The columns and rows (clamped to the map) whose tile centres may lie in the box, ``pad`` more each side."""
    cs, rs, _, _ = _steps(m)
    c0 = math.floor((x0 - m.tile_width) / cs) - pad
    c1 = math.ceil(x1 / cs) + pad
    r0 = math.floor((y0 - m.tile_height) / rs) - pad
    r1 = math.ceil(y1 / rs) + pad
    return (range(max(0, c0), min(m.columns - 1, c1) + 1), range(max(0, r0), min(m.rows - 1, r1) + 1))


def _nearest_cell(m: HexMetrics, pt: tuple[float, float], centres: dict[tuple[int, int], tuple[float, float]],
                  budget: list[int], where: str) -> tuple[int, int] | None:
    """The cell whose centre is nearest ``pt`` (y weighted by the tile's aspect), searched in a growing window.

    Exact: the window grows until no cell outside it could be nearer than
    the best inside. ``budget`` (cells looked at) is shared with the zones.
    """
    cs, rs, shift_x, shift_y = _steps(m)
    aspect = m.tile_width / max(1, m.tile_height)
    px = min(max(pt[0], -cs), m.columns * cs + cs)  # a point far off the map: search from its edge
    py = min(max(pt[1], -rs), m.rows * rs + rs)
    pad = 2
    while True:
        cols, rows = _window(m, px, py, px, py, pad)
        budget[0] -= len(cols) * len(rows)
        if budget[0] < 0:
            raise MapError(f"{where}: the map's objects need more than {MAX_ZONE_WORK:,} cell tests to place; "
                           "use fewer or smaller zones.")
        best, best_d = None, math.inf
        for r in rows:
            for c in cols:
                if (c, r) in centres:
                    cx, cy = centres[(c, r)]
                    dx, dy = cx - pt[0], (cy - pt[1]) * aspect
                    d = dx * dx + dy * dy
                    if d < best_d:
                        best, best_d = (c, r), d
        whole = len(cols) == m.columns and len(rows) == m.rows
        if whole:
            return best
        # No cell outside the window is nearer than the window's nearest edge line (tile half-size allowed).
        gaps = []
        if cols.start > 0:
            gaps.append(pt[0] - ((cols.start - 1) * cs + shift_x + m.tile_width / 2))
        if cols.stop < m.columns:
            gaps.append(cols.stop * cs + m.tile_width / 2 - pt[0])
        if rows.start > 0:
            gaps.append((pt[1] - ((rows.start - 1) * rs + shift_y + m.tile_height / 2)) * aspect)
        if rows.stop < m.rows:
            gaps.append((rows.stop * rs + m.tile_height / 2 - pt[1]) * aspect)
        bound = max(0.0, min(gaps))
        if best is not None and best_d <= bound * bound:
            return best
        pad *= 2


def _zone_cells(m: HexMetrics, pts: list[tuple[float, float]], centres: dict[tuple[int, int], tuple[float, float]],
                budget: list[int], where: str) -> list[tuple[int, int]]:
    """The hexes whose centres lie inside the polygon, in the map's order; only the polygon's box is searched."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    cols, rows = _window(m, min(xs), min(ys), max(xs), max(ys), 1)
    budget[0] -= len(cols) * len(rows) * len(pts)
    if budget[0] < 0:
        raise MapError(f"{where}: the map's objects need more than {MAX_ZONE_WORK:,} cell tests to place; "
                       "use fewer or smaller zones.")
    return [(c, r) for r in rows for c in cols if (c, r) in centres and _inside(centres[(c, r)], pts)]
