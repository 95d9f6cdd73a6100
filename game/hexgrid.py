"""Hex math for the whole game, with Red Blob Games' names.

One canonical system (axial ``(q, r)``, cube ``s = -q - r``) serves every
algorithm; offset coordinates exist only at the Tiled file boundary
(``*_from_axial`` / ``*_to_axial``) and pixels only inside a :class:`Layout`.
Flat versus pointy top is data (an :class:`Orientation`), not ``if`` branches.

Direction and facing indices 0-5 follow the axial vectors
``(+1,0) (+1,-1) (0,-1) (-1,0) (-1,+1) (0,+1)`` (ARCHITECTURE.md, Coordinates).
On a pointy-top layout direction 0 is east and the indices turn
counter-clockwise on screen; on a flat-top layout direction 0 is south-east.

This module is headless: no pygame, no I/O.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, NamedTuple

import msgspec

__all__ = [
    "Hex", "FractionalHex", "DIRECTIONS", "hex_add", "hex_subtract", "hex_scale",
    "hex_direction", "hex_neighbor", "hex_neighbors", "hex_length", "hex_distance",
    "hex_round", "hex_lerp", "hex_linedraw", "hex_ring", "hex_spiral",
    "hex_rotate_left", "hex_rotate_right", "direction_between", "Arc", "arc_of",
    "arc_hexes", "turn_steps", "Orientation", "LAYOUT_POINTY", "LAYOUT_FLAT",
    "Layout", "hex_to_pixel", "pixel_to_hex", "hex_corner_offset", "polygon_corners",
    "StaggerAxis", "StaggerIndex", "offset_to_axial", "axial_to_offset",
    "oddr_to_axial", "axial_to_oddr", "evenr_to_axial", "axial_to_evenr",
    "oddq_to_axial", "axial_to_oddq", "evenq_to_axial", "axial_to_evenq",
]


class Hex(msgspec.Struct, frozen=True, array_like=True, order=True, gc=False):
    """An axial hex. Frozen and slotted: hashable, cheap, never equal to a tuple.

    A msgspec struct so that the model's JSON holds it as ``[q, r]``, the form
    SITUATION-FORMAT.md and the saves use.
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __iter__(self) -> Iterator[int]:
        yield self.q
        yield self.r

    def to_list(self) -> list[int]:
        return [self.q, self.r]

    @classmethod
    def of(cls, value: Hex | tuple[int, int] | list[int]) -> Hex:
        """Accept a Hex or a ``[q, r]`` pair (as JSON and TOML hold them)."""
        if isinstance(value, Hex):
            return value
        q, r = value
        return cls(int(q), int(r))


@dataclass(frozen=True, slots=True)
class FractionalHex:
    """An unrounded axial position (lerp results, pixel lookups)."""

    q: float
    r: float

    @property
    def s(self) -> float:
        return -self.q - self.r


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1),
)


def hex_add(a: Hex, b: Hex) -> Hex:
    return Hex(a.q + b.q, a.r + b.r)


def hex_subtract(a: Hex, b: Hex) -> Hex:
    return Hex(a.q - b.q, a.r - b.r)


def hex_scale(a: Hex, k: int) -> Hex:
    return Hex(a.q * k, a.r * k)


def hex_direction(direction: int) -> Hex:
    return DIRECTIONS[direction % 6]


def hex_neighbor(h: Hex, direction: int) -> Hex:
    d = DIRECTIONS[direction % 6]
    return Hex(h.q + d.q, h.r + d.r)


#: neighbours by hex, filled on demand (Hex is immutable; searches ask for the same hexes again and again)
_NEIGHBORS: dict[Hex, tuple[Hex, ...]] = {}


def hex_neighbors(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours of ``h`` in direction order, as a shared tuple: one function for every caller (path
    searches ask for the same hexes again and again, so the tuple is cached; never mutate it)."""
    n = _NEIGHBORS.get(h)
    if n is None:
        if len(_NEIGHBORS) > 200_000:
            _NEIGHBORS.clear()
        q, r = h.q, h.r
        n = _NEIGHBORS[h] = tuple([Hex(q + d.q, r + d.r) for d in DIRECTIONS])
    return n


def hex_length(h: Hex) -> int:
    return (abs(h.q) + abs(h.r) + abs(h.q + h.r)) // 2


def hex_distance(a: Hex, b: Hex) -> int:
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_round(h: FractionalHex) -> Hex:
    """Cube rounding: round all three, then fix the one that moved most."""
    q, r, s = round(h.q), round(h.r), round(h.s)
    dq, dr, ds = abs(q - h.q), abs(r - h.r), abs(s - h.s)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def hex_lerp(a: Hex | FractionalHex, b: Hex | FractionalHex, t: float) -> FractionalHex:
    return FractionalHex(a.q * (1 - t) + b.q * t, a.r * (1 - t) + b.r * t)


def hex_linedraw(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the line from a to b, both included (distance + 1 of them).

    The endpoints are nudged by a tiny epsilon so that a line running exactly
    along hex edges always picks the same side.
    """
    n = hex_distance(a, b)
    if n == 0:
        return [a]
    a_nudge = FractionalHex(a.q + 1e-6, a.r + 1e-6)
    b_nudge = FractionalHex(b.q + 1e-6, b.r + 1e-6)
    step = 1.0 / n
    return [hex_round(hex_lerp(a_nudge, b_nudge, step * i)) for i in range(n + 1)]


def hex_ring(center: Hex, radius: int) -> list[Hex]:
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, not {radius}")
    if radius == 0:
        return [center]
    results = []
    h = hex_add(center, hex_scale(hex_direction(4), radius))
    for i in range(6):
        for _ in range(radius):
            results.append(h)
            h = hex_neighbor(h, i)
    return results


def hex_spiral(center: Hex, radius: int) -> list[Hex]:
    results = [center]
    for k in range(1, radius + 1):
        results.extend(hex_ring(center, k))
    return results


def hex_rotate_left(h: Hex) -> Hex:
    """Rotate 60 degrees about the origin, towards the next direction index."""
    return Hex(-h.s, -h.q)


def hex_rotate_right(h: Hex) -> Hex:
    return Hex(-h.r, -h.s)


def direction_between(a: Hex, b: Hex) -> int | None:
    """Index of the direction from a to an adjacent b, or None if not adjacent."""
    d = b - a
    try:
        return DIRECTIONS.index(d)
    except ValueError:
        return None


# --- Facing arcs (GX-2: 3 front hexes, 2 side, 1 rear at range 1) ---------------

Arc = Literal["front", "side", "rear", "same"]


def arc_of(position: Hex, facing: int, other: Hex) -> Arc:
    """Which arc of a fighter at ``position`` facing ``facing`` holds ``other``.

    At range 1 the front arc is the faced hex and its two neighbours, the side
    arc the two rear-flank hexes and the rear arc the hex behind (GX-2). At
    longer range each range-1 hex stands for the 60-degree wedge centred on
    it (front 180 degrees, side 2 x 60, rear 60); a hex exactly on a wedge
    border goes to the more forward arc, so the arcs partition every ring.
    """
    if other == position:
        return "same"
    d = other - position
    # Angle of d in the axial-direction basis: direction i sits at angle 60*i.
    x = d.q + d.r / 2.0
    y = -d.r * math.sqrt(3) / 2.0
    ang = math.degrees(math.atan2(y, x))
    rel = (ang - 60.0 * (facing % 6)) % 360.0
    if rel > 180.0:
        rel = 360.0 - rel
    # rel: 0 = dead ahead, 180 = dead behind.
    eps = 1e-9
    if rel <= 90.0 + eps:
        return "front"
    if rel <= 150.0 + eps:
        return "side"
    return "rear"


def arc_hexes(position: Hex, facing: int, radius: int = 1) -> dict[str, list[Hex]]:
    """Every hex within ``radius`` (centre excluded) grouped by arc."""
    out: dict[str, list[Hex]] = {"front": [], "side": [], "rear": []}
    for k in range(1, radius + 1):
        for h in hex_ring(position, k):
            out[arc_of(position, facing, h)].append(h)
    return out


def turn_steps(facing_from: int, facing_to: int) -> int:
    """Number of 60-degree turns between two facings (0-3)."""
    d = (facing_to - facing_from) % 6
    return min(d, 6 - d)


# --- Pixel layouts --------------------------------------------------------------


class Orientation(NamedTuple):
    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float


_S3 = math.sqrt(3.0)
LAYOUT_POINTY = Orientation(_S3, _S3 / 2.0, 0.0, 3.0 / 2.0, _S3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0, 0.5)
LAYOUT_FLAT = Orientation(3.0 / 2.0, 0.0, _S3 / 2.0, _S3, 2.0 / 3.0, 0.0, -1.0 / 3.0, _S3 / 3.0, 0.0)


@dataclass(frozen=True, slots=True)
class Layout:
    """Orientation, hex size (x and y radius in pixels) and origin (pixel centre of hex 0,0).

    Tiled's hex tiles are not regular hexagons in general (tile width, height
    and side length are independent), so size is two numbers and Tiled maps
    use :func:`game.files.maps` helpers for their exact centres; the regular layout
    here is what the view uses for picking and drawing.
    """

    orientation: Orientation
    size: tuple[float, float]
    origin: tuple[float, float]

    @property
    def is_pointy(self) -> bool:
        return self.orientation is LAYOUT_POINTY or self.orientation == LAYOUT_POINTY


def hex_to_pixel(layout: Layout, h: Hex | FractionalHex) -> tuple[float, float]:
    m = layout.orientation
    x = (m.f0 * h.q + m.f1 * h.r) * layout.size[0]
    y = (m.f2 * h.q + m.f3 * h.r) * layout.size[1]
    return (x + layout.origin[0], y + layout.origin[1])


def pixel_to_hex_fractional(layout: Layout, p: tuple[float, float]) -> FractionalHex:
    m = layout.orientation
    px = (p[0] - layout.origin[0]) / layout.size[0]
    py = (p[1] - layout.origin[1]) / layout.size[1]
    return FractionalHex(m.b0 * px + m.b1 * py, m.b2 * px + m.b3 * py)


def pixel_to_hex(layout: Layout, p: tuple[float, float]) -> Hex:
    return hex_round(pixel_to_hex_fractional(layout, p))


def hex_corner_offset(layout: Layout, corner: int) -> tuple[float, float]:
    angle = 2.0 * math.pi * (layout.orientation.start_angle + corner) / 6.0
    return (layout.size[0] * math.cos(angle), layout.size[1] * math.sin(angle))


def polygon_corners(layout: Layout, h: Hex) -> list[tuple[float, float]]:
    cx, cy = hex_to_pixel(layout, h)
    return [(cx + dx, cy + dy) for dx, dy in (hex_corner_offset(layout, i) for i in range(6))]


# --- Tiled's staggered offsets --------------------------------------------------

StaggerAxis = Literal["x", "y"]
StaggerIndex = Literal["odd", "even"]


def oddr_to_axial(col: int, row: int) -> Hex:
    return Hex(col - (row - (row & 1)) // 2, row)


def axial_to_oddr(h: Hex) -> tuple[int, int]:
    return (h.q + (h.r - (h.r & 1)) // 2, h.r)


def evenr_to_axial(col: int, row: int) -> Hex:
    return Hex(col - (row + (row & 1)) // 2, row)


def axial_to_evenr(h: Hex) -> tuple[int, int]:
    return (h.q + (h.r + (h.r & 1)) // 2, h.r)


def oddq_to_axial(col: int, row: int) -> Hex:
    return Hex(col, row - (col - (col & 1)) // 2)


def axial_to_oddq(h: Hex) -> tuple[int, int]:
    return (h.q, h.r + (h.q - (h.q & 1)) // 2)


def evenq_to_axial(col: int, row: int) -> Hex:
    return Hex(col, row - (col + (col & 1)) // 2)


def axial_to_evenq(h: Hex) -> tuple[int, int]:
    return (h.q, h.r + (h.q + (h.q & 1)) // 2)


_TO_AXIAL = {
    ("y", "odd"): oddr_to_axial, ("y", "even"): evenr_to_axial,
    ("x", "odd"): oddq_to_axial, ("x", "even"): evenq_to_axial,
}
_FROM_AXIAL = {
    ("y", "odd"): axial_to_oddr, ("y", "even"): axial_to_evenr,
    ("x", "odd"): axial_to_oddq, ("x", "even"): axial_to_evenq,
}


def offset_to_axial(col: int, row: int, stagger_axis: StaggerAxis, stagger_index: StaggerIndex) -> Hex:
    """Tiled ``(col, row)`` to axial. Axis ``y`` = pointy top (odd-r / even-r), ``x`` = flat top (odd-q / even-q)."""
    try:
        return _TO_AXIAL[(stagger_axis, stagger_index)](col, row)
    except KeyError:
        raise ValueError(f"unknown stagger {stagger_axis!r}/{stagger_index!r}") from None


def axial_to_offset(h: Hex, stagger_axis: StaggerAxis, stagger_index: StaggerIndex) -> tuple[int, int]:
    try:
        return _FROM_AXIAL[(stagger_axis, stagger_index)](h)
    except KeyError:
        raise ValueError(f"unknown stagger {stagger_axis!r}/{stagger_index!r}") from None
