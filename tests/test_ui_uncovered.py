"""game.ui.uncovered: the background is painted exactly where nothing opaque goes (issue 26's frame budget)."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.uncovered import uncovered

rects = st.builds(pygame.Rect, st.integers(-5, 25), st.integers(-5, 25), st.integers(0, 20), st.integers(0, 20))


def _pixels(rs: list[pygame.Rect]) -> list[tuple[int, int]]:
    return [(x, y) for r in rs for x in range(r.left, r.right) for y in range(r.top, r.bottom)]


@settings(max_examples=200, deadline=None)
@given(area=rects, covers=st.lists(rects, max_size=4))
def test_the_parts_are_the_area_less_the_covers_each_pixel_once(area: pygame.Rect, covers: list[pygame.Rect]) -> None:
    parts = uncovered(area, covers)
    got = _pixels(parts)
    assert len(got) == len(set(got))  # disjoint: no pixel filled twice
    want = {p for p in _pixels([area]) if not any(c.collidepoint(p) for c in covers)}
    assert set(got) == want


def test_a_column_with_two_stacked_panels_leaves_the_margins_and_the_gap() -> None:
    column = pygame.Rect(100, 50, 40, 100)
    panel, log = pygame.Rect(104, 54, 32, 30), pygame.Rect(104, 88, 32, 58)
    parts = uncovered(column, [panel, log])
    assert sum(r.w * r.h for r in parts) == 40 * 100 - 32 * 30 - 32 * 58
    assert pygame.Rect(104, 84, 32, 4) in parts or any(r.contains(pygame.Rect(104, 84, 32, 4)) for r in parts)


def test_nothing_covered_is_the_whole_area_and_all_covered_is_nothing() -> None:
    area = pygame.Rect(3, 4, 10, 6)
    assert uncovered(area, []) == [area]
    assert uncovered(area, [pygame.Rect(0, 0, 20, 20)]) == []
