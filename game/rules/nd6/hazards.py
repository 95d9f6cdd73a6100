"""What the map and a fighter's own state threaten it with, for the computer's evaluation (``Ruleset.ai_hazard``).

The search plays each action and scores the battle it leaves; hp and conditions show what a shot or a walk
through fire did, but not what comes next: a fire under a fighter burns it again at its next turn
(S3-FIRE-9/10, S3-GRENADE-12/22), a burning fighter keeps burning until it is put out (S3-FIRE-4), tear gas
costs DX without a mask (S3-SMOKE-4), and a gunman standing in a foe's clear line of fire will be shot at
(G3-10, GX-5) while one behind a wall or in smoke (S3-SMOKE-5) will not. These are worth something *now*,
so that standing in fire is worse than stepping out of it, a burning fighter puts itself out, and a
gunman takes cover and keeps its line on a foe. The values are in the evaluation's units (a whole hp bar
is 4), and a foe's hazards count for us as ours count against us.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.hexgrid import Hex, hex_distance, hex_linedraw
from game.rules.nd6.items import item

if TYPE_CHECKING:
    from game.model import Battle, Fighter

__all__ = ["GROUND", "BURNING", "hazard", "clear_line", "gun_range", "open_ground"]

#: effect kind -> what standing on it costs (about the expected fire hits of the next turn, S3-FIRE-9/10,
#: S3-FIRE-11 coals, S3-GRENADE-12/22; tear gas S3-SMOKE-4 without a gas mask)
GROUND: dict[str, float] = {"incendiary": 1.6, "burning_liquid": 1.4, "fire": 1.0, "coals": 0.6, "tear_gas": 0.6}
#: burning condition -> what it costs beyond the generic condition weight: 1d6-4, 1d6-2, 1d6 a turn (S3-FIRE-4)
#: for the few turns it burns on unless put out, against an ST 12 fighter (lying down to roll costs 1.4)
BURNING: dict[str, float] = {"on_fire_limb": 0.5, "on_fire_half": 1.8, "on_fire_whole": 3.5, "soaked": 0.3}
#: a foe with a gun and a clear line of fire to a fighter (careful levels only): what each costs it
EXPOSED = 0.25


def open_ground(battle: Battle, h: Hex) -> bool:
    """A hex fire may lie on or a grenade come to rest in: on the board and not a wall (GX-5); the world goes
    on beyond an unbounded or empty board. One test for the flame thrower and the grenade, so they agree."""
    board = battle.board
    if board.unbounded or not board.cells:
        return True
    return h in board and board.is_open(h)


def clear_line(battle: Battle, a: Hex, b: Hex) -> bool:
    """A line from ``a`` to ``b`` crosses no wall and no smoke (GX-5, S3-SMOKE-5; figures in the way
    aside). Walls never change, so the wall half is remembered on the board."""
    board = battle.board
    cache = board.__dict__.get("_nd6_lines")
    if cache is None or len(cache) > 20000:
        cache = board.__dict__["_nd6_lines"] = {}
    key = (a, b)
    line = cache.get(key)
    if line is None:
        hexes = hex_linedraw(a, b)
        idx = board.index()
        walled = bool(board.cells) and any(
            (c := idx.get(h)) is None or c.blocks_sight for h in hexes[1:-1])
        line = cache[key] = () if walled else tuple(hexes)
    if not line:
        return False
    for e in battle.state.get("board_effects") or ():
        if e.get("kind") == "smoke" and e.get("hex") and Hex(int(e["hex"][0]), int(e["hex"][1])) in line:
            return False
    return True


def gun_range(f: Fighter) -> int:
    """The longest range of a gun (a missile weapon) in ``f``'s hands; 0 without one."""
    best = 0
    for h in f.hands.values():
        it = item(h) if h else None
        if it and it.get("kind") == "missile":
            best = max(best, int(it.get("range", 0) or 0))
    return best


def hazard(battle: Battle, f: Fighter, *, careful: bool = True) -> float:
    """What ``f``'s ground, its burning and (``careful``) the foes' open lines of fire on it cost it now."""
    cost = 0.0
    here = [f.hex.q, f.hex.r]
    worst = 0.0
    for e in battle.state.get("board_effects") or ():
        if list(e.get("hex") or ()) == here:
            kind = e.get("kind", "")
            v = 0.0 if kind == "tear_gas" and "gas_mask" in f.items else GROUND.get(kind, 0.0)
            worst = max(worst, v)
    cost -= worst
    for c in f.conditions:
        b = BURNING.get(c)
        if b:
            cost -= b
    if careful:
        for e in battle.fighters:
            if e.side == f.side or "dead" in e.conditions or "unconscious" in e.conditions:
                continue
            reach = gun_range(e)
            if reach and 1 < hex_distance(e.hex, f.hex) <= reach and clear_line(battle, e.hex, f.hex):
                cost -= EXPOSED
    return cost
