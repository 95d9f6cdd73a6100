"""Laws of the hex geometry (game/hexgrid.py), as properties and a few fixed vectors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.hexgrid import (
    DIRECTIONS,
    LAYOUT_FLAT,
    LAYOUT_POINTY,
    FractionalHex,
    Hex,
    Layout,
    arc_hexes,
    arc_of,
    axial_to_offset,
    direction_between,
    hex_distance,
    hex_linedraw,
    hex_neighbor,
    hex_neighbors,
    hex_ring,
    hex_rotate_left,
    hex_rotate_right,
    hex_round,
    hex_spiral,
    hex_to_pixel,
    offset_to_axial,
    pixel_to_hex,
    polygon_corners,
    turn_steps,
)

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
facings = st.integers(min_value=0, max_value=5)
staggers = st.sampled_from([("x", "odd"), ("x", "even"), ("y", "odd"), ("y", "even")])
layouts = st.builds(
    Layout,
    st.sampled_from([LAYOUT_POINTY, LAYOUT_FLAT]),
    st.tuples(st.floats(4, 80), st.floats(4, 80)),
    st.tuples(st.floats(-500, 500), st.floats(-500, 500)),
)


def test_directions_follow_the_architecture_page():
    assert [tuple(d) for d in DIRECTIONS] == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


@given(hexes)
def test_cube_coordinates_sum_to_zero(h):
    assert h.q + h.r + h.s == 0


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert hex_distance(a, a) == 0
    assert hex_distance(a, b) == hex_distance(b, a)
    assert (hex_distance(a, b) == 0) == (a == b)
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)


@given(hexes)
def test_neighbours_are_at_distance_one_and_direction_between_finds_them(h):
    for i, n in enumerate(hex_neighbors(h)):
        assert hex_distance(h, n) == 1
        assert direction_between(h, n) == i
        assert hex_neighbor(h, i) == n


@given(hexes, hexes)
def test_line_has_distance_plus_one_contiguous_hexes(a, b):
    line = hex_linedraw(a, b)
    assert len(line) == hex_distance(a, b) + 1
    assert line[0] == a and line[-1] == b
    assert all(hex_distance(p, q) == 1 for p, q in zip(line, line[1:]))


@given(hexes, st.integers(0, 8))
def test_ring_and_spiral_sizes(c, radius):
    ring = hex_ring(c, radius)
    assert len(ring) == (6 * radius if radius else 1)
    assert all(hex_distance(c, h) == radius for h in ring)
    spiral = hex_spiral(c, radius)
    assert len(spiral) == len(set(spiral)) == 1 + 3 * radius * (radius + 1)


def test_ring_rejects_negative_radius():
    with pytest.raises(ValueError):
        hex_ring(Hex(0, 0), -1)


@given(hexes)
def test_rotation_six_times_is_identity_and_left_undoes_right(h):
    r = h
    for _ in range(6):
        r = hex_rotate_left(r)
    assert r == h
    assert hex_rotate_right(hex_rotate_left(h)) == h
    assert hex_rotate_left(DIRECTIONS[0]) == DIRECTIONS[1]


@given(hexes, staggers)
def test_offset_conversion_round_trips(h, stagger):
    col, row = axial_to_offset(h, *stagger)
    assert offset_to_axial(col, row, *stagger) == h


def test_offset_neighbours_match_red_blob_tables():
    # odd-r: odd rows are shoved right; axial (+1,0) is east on a pointy map.
    assert offset_to_axial(1, 1, "y", "odd") == Hex(1, 1)
    assert offset_to_axial(0, 1, "y", "even") == Hex(-1, 1)
    assert offset_to_axial(1, 0, "x", "odd") == Hex(1, 0)
    assert offset_to_axial(1, 1, "x", "even") == Hex(1, 0)
    with pytest.raises(ValueError):
        offset_to_axial(0, 0, "z", "odd")  # type: ignore[arg-type]


@given(hexes, layouts)
def test_pixel_round_trip(h, layout):
    assert pixel_to_hex(layout, hex_to_pixel(layout, h)) == h


@given(hexes, layouts)
def test_corners_round_to_neighbourhood(h, layout):
    corners = polygon_corners(layout, h)
    assert len(corners) == 6
    cx, cy = hex_to_pixel(layout, h)
    # a point a little inside each corner still picks the hex
    for x, y in corners:
        assert pixel_to_hex(layout, (cx + (x - cx) * 0.9, cy + (y - cy) * 0.9)) == h


def test_pointy_east_flat_south_east():
    pointy = Layout(LAYOUT_POINTY, (10, 10), (0, 0))
    flat = Layout(LAYOUT_FLAT, (10, 10), (0, 0))
    x, y = hex_to_pixel(pointy, Hex(1, 0))
    assert x > 0 and abs(y) < 1e-9
    x, y = hex_to_pixel(flat, Hex(1, 0))
    assert x > 0 and y > 0


def test_hex_round_picks_nearest():
    assert hex_round(FractionalHex(0.1, 0.1)) == Hex(0, 0)
    assert hex_round(FractionalHex(0.9, 0.0)) == Hex(1, 0)


def test_arcs_at_range_one_are_three_front_two_side_one_rear():
    """GX-2: the faced hex and its two neighbours are front, the rear-flank pair side, the one behind rear."""
    arcs = arc_hexes(Hex(0, 0), 0, 1)
    assert sorted(arcs["front"]) == sorted([Hex(1, 0), Hex(1, -1), Hex(0, 1)])
    assert sorted(arcs["side"]) == sorted([Hex(0, -1), Hex(-1, 1)])
    assert arcs["rear"] == [Hex(-1, 0)]
    assert arc_of(Hex(0, 0), 0, Hex(0, 0)) == "same"


@given(hexes, facings, st.integers(1, 6))
def test_arcs_partition_every_ring(center, facing, radius):
    for k in range(1, radius + 1):
        ring = hex_ring(center, k)
        arcs = {h: arc_of(center, facing, h) for h in ring}
        assert set(arcs.values()) <= {"front", "side", "rear"}
        assert sum(1 for a in arcs.values() if a == "rear") >= 1
        counts = {a: sum(1 for v in arcs.values() if v == a) for a in ("front", "side", "rear")}
        # wedges: front 180 degrees, side 2 x 60, rear 60 -> front is the largest, rear the smallest
        assert counts["front"] > counts["side"] >= counts["rear"]


@given(hexes, facings)
def test_arcs_rotate_with_facing(center, facing):
    for i in range(6):
        n = hex_neighbor(center, (facing + i) % 6)
        expected = {0: "front", 1: "front", 5: "front", 2: "side", 4: "side", 3: "rear"}[i]
        assert arc_of(center, facing, n) == expected


def test_turn_steps():
    assert turn_steps(0, 0) == 0
    assert turn_steps(0, 3) == 3
    assert turn_steps(5, 0) == 1
    assert turn_steps(1, 4) == 3
