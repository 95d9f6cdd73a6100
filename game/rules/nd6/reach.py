"""Where a fighter may walk this turn (G3-4, G3-8, GX-3, GX-5): one cheapest-path search for menu and check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.hexgrid import Hex, hex_distance
from game.rules.nd6.effects import FIRE_KINDS
from game.rules.nd6.status import engaged_with, foes, holds_front, is_down, is_out, mov
from game.rules.reach import Reach, reachable, terrain_cost

if TYPE_CHECKING:
    from game.model import Battle, Fighter

__all__ = ["move_reach"]


def move_reach(battle: Battle, f: Fighter, *, budget: int | None = None, ignore_engagement: bool = False) -> Reach:
    """Every hex ``f`` may move to now, with the path there.

    Up to MOV hexes, each costing its terrain (GX-5); never into an occupied hex (GX-3: only HTH shares one);
    a fighter stops when it comes next to a standing foe's front hexes (G3-4: it is engaged); an engaged
    fighter only shifts one hex and stays next to its foe (G3-4); a fighter on the ground crawls one (G3-8).
    """
    terrain = terrain_cost(battle.board)
    taken = {o.hex for o in battle.fighters if o.id != f.id and not is_out(o)}
    standing = [o for o in foes(battle, f) if not is_down(o) and "in_hth" not in o.conditions]

    def cost(h: Hex) -> int | None:
        return None if h in taken else terrain(h)

    def goes_on(h: Hex) -> bool:
        return not any(hex_distance(o.hex, h) == 1 and holds_front(o, h) for o in standing)  # S3-MA-5 too

    limit = mov(f) if budget is None else budget
    may_step = None
    if is_down(f):
        limit = min(limit, 1)
    elif not ignore_engagement:
        engaged = engaged_with(battle, f)
        if engaged:
            limit = min(limit, 1)

            def may_step(a: Hex, b: Hex, engaged: list = engaged) -> bool:
                return all(hex_distance(o.hex, b) == 1 for o in engaged)
    fire = _burning(battle)
    if not fire:
        return reachable(f.hex, limit, cost, goes_on, may_step=may_step)

    # S3-FIRE-8/9, GX-5 (ruling ND6-22): of the cheapest ways to a hex, the walker takes one through the fewest burning hexes
    # (a move names only where it ends): each burning hex costs a sliver more, never a whole hex, so the
    # hexes reached and what they cost stay as they were
    def singed(h: Hex) -> float | None:
        c = cost(h)
        return None if c is None else c + _SLIVER if h in fire else c

    r = reachable(f.hex, limit + 0.5, singed, goes_on, may_step=may_step)
    return Reach(r.start, {h: int(c) for h, c in r.cost.items()}, r.prev)


#: what a burning hex adds to a step for choosing among equally cheap paths (MOV x this stays under 0.5)
_SLIVER = 1 / 64


def _burning(battle: Battle) -> set[Hex]:
    return {Hex(int(e["hex"][0]), int(e["hex"][1])) for e in battle.state.get("board_effects") or ()
            if e.get("kind") in FIRE_KINDS and e.get("hex")}
