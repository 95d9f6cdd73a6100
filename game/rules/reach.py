"""Where a fighter can walk on a budget: one cheapest-path search every ruleset shares (GX-5).

GX-5: entering a hex spends that hex's ``move_cost`` hexes of movement and a
hex that ``blocks_movement`` is never entered. The menus' reach and the
checks of a move ask the same search, so a lit hex is exactly a hex a move is
accepted to. Each ruleset says, through two small functions, what it adds on
top (fighters in the way, stopping next to a foe):

- ``cost_of(h)``: the movement spent entering ``h``, or ``None`` where it may
  not go (:func:`terrain_cost` gives the terrain's part);
- ``goes_on(h)``: whether movement may continue out of ``h`` once there (edge
  stops next to a foe, G1-4; 3d6 may pass allies but not foes).

Ties between equally cheap paths go to the one found first in direction
order, so on ground where every hex costs 1 the paths are exactly those of a
breadth-first search (the searches this replaces): replays of such battles do
not change. Headless: no pygame.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.hexgrid import Hex, hex_neighbors

if TYPE_CHECKING:
    from game.model import Board

__all__ = ["Reach", "reachable", "terrain_cost", "path_cost"]


def terrain_cost(board: Board) -> Callable[[Hex], int | None]:
    """The terrain's part of entering a hex (GX-5): its ``move_cost``, ``None`` if it blocks movement or is off
    the map. A board without cells is open ground costing 1 everywhere."""
    if not board.cells:
        return lambda h: 1
    idx = board.index()

    def cost(h: Hex) -> int | None:
        c = idx.get(h)
        if c is None or c.blocks_movement:
            return None
        return c.move_cost

    return cost


def path_cost(board: Board, path: list[Hex]) -> int:
    """The hexes of movement a walk along ``path`` (start excluded) spends (GX-5): the sum of its move costs."""
    cost = terrain_cost(board)
    return sum(cost(h) or 1 for h in path)


class Reach:
    """What one search found: for each hex reached, the cheapest cost and the hex it was entered from."""

    __slots__ = ("start", "cost", "prev")

    def __init__(self, start: Hex, cost: dict[Hex, float], prev: dict[Hex, Hex]) -> None:
        self.start = start
        #: hex -> movement spent to enter it by the cheapest path (the start is not in it)
        self.cost = cost
        #: hex -> the hex before it on that path
        self.prev = prev

    def __contains__(self, h: Hex) -> bool:
        return h in self.cost

    def path(self, to: Hex) -> list[Hex] | None:
        """The cheapest path to ``to`` without the start (``[]`` for the start itself), or None."""
        if to == self.start:
            return []
        if to not in self.cost:
            return None
        out = [to]
        prev = self.prev
        start = self.start
        while (p := prev[out[-1]]) != start:
            out.append(p)
        out.reverse()
        return out


def reachable(start: Hex, budget: float, cost_of: Callable[[Hex], float | None],
              goes_on: Callable[[Hex], bool] | None = None, *, goal: Hex | None = None,
              may_step: Callable[[Hex, Hex], bool] | None = None) -> Reach:
    """Every hex enterable from ``start`` for at most ``budget`` of movement (Dijkstra, GX-5).

    ``cost_of(h)`` is the movement spent entering ``h`` (``None``: never; hexes, or feet if the budget is in
    feet, at least 1 hex's worth each), ``goes_on(h)`` whether one may walk on out of ``h`` (default:
    always), ``may_step(h, n)`` whether the step from ``h`` into ``n`` is allowed (d20's fighting withdrawal
    never steps closer to a foe). With ``goal`` the search stops once the goal's cheapest cost is known (a
    check of one move needs no more).
    """
    cost: dict[Hex, float] = {}
    prev: dict[Hex, Hex] = {}
    if budget <= 0:
        return Reach(start, cost, prev)
    best: dict[Hex, float] = {start: 0}
    heap: list[tuple[float, int, Hex]] = [(0, 0, start)]
    seq = 0
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        d, _, h = pop(heap)
        if d > best[h]:
            continue
        if h != start:
            cost[h] = d
            if h == goal:
                break
            if goes_on is not None and not goes_on(h):
                continue
        for n in hex_neighbors(h):
            c = cost_of(n)
            if c is None or (may_step is not None and not may_step(h, n)):
                continue
            nd = d + c
            if nd > budget or nd >= best.get(n, budget + 1):
                continue
            best[n] = nd
            prev[n] = h
            seq += 1
            push(heap, (nd, seq, n))
    return Reach(start, cost, prev)
