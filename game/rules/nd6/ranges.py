"""Distances in multihexes and the firearms' range penalty (G3-16, G3-12, S3-ENERGY-5).

Seed 003 counts ranges in multihexes (MH) of 3 hexes; kept apart so the attack roll, the odds in the menu and
the computer opponent read one penalty, and so the grenade and auto-fire rules can count MH the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.hexgrid import hex_distance
from game.rules.common import Mod
from game.rules.nd6.items import has_tag, item

if TYPE_CHECKING:
    from game.hexgrid import Hex

__all__ = ["mh_distance", "mh_of", "range_penalty", "range_mod"]


def mh_of(hexes: int) -> int:
    """G3-16 (GX-1): a distance in hexes as multihexes, any part of a multihex counting as one."""
    return -(-max(0, hexes) // 3)


def mh_distance(a: Hex, b: Hex) -> int:
    """G3-16: multihexes between two hexes (ceil of hexes / 3)."""
    return mh_of(hex_distance(a, b))


def range_penalty(mh: int, *, energy: bool = False) -> int:
    """G3-12: nothing up to 2 MH, then -1 for every 2 MH begun (-1 at 3-4, -2 at 5-6, -4 at 9-10, S3-AUTO-11);
    energy weapons take half, rounded toward nothing (S3-ENERGY-5; ruling ND6-14)."""
    if mh <= 2:
        return 0
    penalty = (mh - 1) // 2
    if energy:
        penalty //= 2
    return -penalty


def range_mod(weapon: str | None, a: Hex, b: Hex) -> Mod | None:
    """The range modifier of a shot with ``weapon`` from ``a`` at ``b``, or None (no penalty, or not a gun)."""
    if weapon is None or item(weapon).get("kind") != "missile":
        return None
    mh = mh_distance(a, b)
    energy = has_tag(weapon, "energy")
    value = range_penalty(mh, energy=energy)
    if not value:
        return None
    if energy:
        return Mod(value, f"range {mh} MH, energy weapon: half", "S3-ENERGY-5")
    return Mod(value, f"range {mh} MH", "G3-12")
