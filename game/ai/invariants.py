"""The engine's invariants, checked by the soak test after every step of a battle.

Generic checks read only the model; the few that depend on a ruleset's
geometry (do a holder and its target share a hex, or stand side by side?)
and on what a pin means (3d6: the pinned fighter lies down) read the facts
the ruleset declares (``Ruleset.grip_distance``, ``Ruleset.pin_lying``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.hexgrid import hex_distance
from game.model import POSTURES
from game.rules import find_ruleset

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Ruleset

__all__ = ["check_invariants", "LYING"]

LYING = frozenset({"prone", "lying", "supine"})


def check_invariants(battle: Battle, ruleset: Ruleset | None = None) -> list[str]:
    """Every broken invariant as a sentence (empty when all hold); ``ruleset``: the battle's by default."""
    if ruleset is None:
        ruleset = find_ruleset(battle.ruleset)
    grip_distance, pin_lying = ruleset.grip_distance, ruleset.pin_lying
    out: list[str] = []
    ids = [f.id for f in battle.fighters]
    if len(set(ids)) != len(ids):
        out.append("two fighters share an id")
    by_id = {f.id: f for f in battle.fighters}
    board = battle.board
    for f in battle.fighters:
        for name in ("hp", "fp"):
            v = getattr(f, name)
            if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
                out.append(f"{f.id}.{name} is {v!r}, not an int")
        if not isinstance(f.facing, int) or not 0 <= f.facing <= 5:
            out.append(f"{f.id}.facing is {f.facing!r}, not 0-5")
        if f.posture not in POSTURES:
            out.append(f"{f.id}.posture is {f.posture!r}")
        if len(set(f.conditions)) != len(f.conditions):
            out.append(f"{f.id} has a condition twice: {f.conditions}")
        if board.cells and not board.is_open(f.hex):
            out.append(f"{f.id} stands on {f.hex.to_list()}, which is off the map or blocked")
    hands_used: dict[str, int] = {}
    pairs = set()
    for g in battle.grapples:
        h, t = by_id.get(g.holder), by_id.get(g.target)
        if h is None or t is None:
            out.append(f"a grip {g.holder}->{g.target} names a fighter who does not exist")
            continue
        if g.holder == g.target:
            out.append(f"{g.holder} grips itself")
        if (g.holder, g.target) in pairs:
            out.append(f"two grips {g.holder}->{g.target}")
        pairs.add((g.holder, g.target))
        d = hex_distance(h.hex, t.hex)
        if d > grip_distance:
            where = "share a hex" if grip_distance == 0 else "stand side by side"
            out.append(f"{g.holder} holds {g.target} from {d} hexes away (they should {where})")
        if not isinstance(g.hands, int) or g.hands < 0:
            out.append(f"the grip {g.holder}->{g.target} uses {g.hands!r} hands")
        else:
            hands_used[g.holder] = hands_used.get(g.holder, 0) + g.hands
        if g.kind == "pin" and pin_lying and t.posture not in LYING:
            out.append(f"{g.target} is pinned by {g.holder} but is {t.posture}")
    for fid, n in hands_used.items():
        f = by_id[fid]
        if n > max(f.arms, 0):
            out.append(f"{fid} holds with {n} hands but has {f.arms} arms")
    return out
