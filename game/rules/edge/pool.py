"""The d10 pool of The Shard (G1-1), its opposed roll and its exact odds.

A pool is a number of d10s (the attribute). Every die gets the same per-die
modifier, the sum of the situation's modifiers clamped to -5..+5; a die whose
face plus that modifier is 6 or more is one *point*. At -5 the roll fails
outright (no die counts), at +5 every die counts -- which is exactly what
``face + modifier >= 6`` gives at the ends of the clamp, so a die counts with
probability ``(5 + modifier) / 10``.

Two pools rolled against each other give ``edge = actor's points -
opponent's points`` (S1-GRAPPLE-5, GAPS G1-1/G1-2): a tie is zero edge, a
loss is negative edge.

>>> float(p_point(0)), float(p_point(-2)), float(p_point(5))
(0.5, 0.3, 1.0)
>>> dist = edge_distribution(3, 0, 3, 0)
>>> odds_text(edge_odds(3, 0, 3, 0, ks=(1, 2, 3)))
'edge >= 1: 34%, >= 2: 11%, >= 3: 2%'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

from game.rules.common import Mod, settle_high

if TYPE_CHECKING:
    from game.dice import Dice

Event = dict[str, Any]

__all__ = [
    "SIDES", "THRESHOLD", "MIN_MOD", "MAX_MOD", "clamp", "die_counts", "need", "p_point",
    "points_distribution", "edge_distribution", "p_at_least", "edge_odds", "odds_text",
    "PoolSpec", "roll_pool", "opposed",
]

SIDES = 10
THRESHOLD = 6
MIN_MOD, MAX_MOD = -5, 5


def clamp(modifier: int) -> int:
    """The per-die modifier actually used: the sum clamped to -5..+5 (G1-1)."""
    return max(MIN_MOD, min(MAX_MOD, modifier))


def die_counts(face: int, modifier: int) -> bool:
    """Whether one die is a point: face + clamped modifier >= 6; -5 fails outright, +5 always counts."""
    m = clamp(modifier)
    if m <= MIN_MOD:
        return False
    if m >= MAX_MOD:
        return True
    return face + m >= THRESHOLD


def need(modifier: int) -> int | None:
    """The lowest face that scores a point (1 = every die, ``None`` = none can)."""
    m = clamp(modifier)
    if m <= MIN_MOD:
        return None
    return max(1, THRESHOLD - m)


def p_point(modifier: int) -> Fraction:
    """Exact chance that one die is a point: (5 + m) / 10 for the clamped modifier m."""
    return Fraction(5 + clamp(modifier), SIDES)


def points_distribution(pool: int, modifier: int) -> dict[int, Fraction]:
    """Exact distribution of points for ``pool`` d10s at a per-die ``modifier`` (binomial)."""
    if pool < 0:
        raise ValueError(f"a pool has 0 or more dice, got {pool}")
    p = p_point(modifier)
    q = 1 - p
    return {k: comb(pool, k) * p**k * q**(pool - k) for k in range(pool + 1)}


def edge_distribution(pool: int, modifier: int, opp_pool: int, opp_modifier: int) -> dict[int, Fraction]:
    """Exact distribution of edge = my points - opponent's points for two independent pools."""
    mine = points_distribution(pool, modifier)
    theirs = points_distribution(opp_pool, opp_modifier)
    out: dict[int, Fraction] = {}
    for a, pa in mine.items():
        if not pa:
            continue
        for b, pb in theirs.items():
            if pb:
                out[a - b] = out.get(a - b, Fraction(0)) + pa * pb
    return dict(sorted(out.items()))


def p_at_least(dist: dict[int, Fraction], k: int) -> Fraction:
    """P(value >= k) in a distribution."""
    return sum((p for v, p in dist.items() if v >= k), Fraction(0))


def edge_odds(pool: int, modifier: int, opp_pool: int, opp_modifier: int,
              ks: tuple[int, ...] = (0, 1, 2, 3)) -> dict[int, Fraction]:
    """P(edge >= k) for each k: what each row of the result menu (S1-MENU-1) will cost."""
    dist = edge_distribution(pool, modifier, opp_pool, opp_modifier)
    return {k: p_at_least(dist, k) for k in ks}


def odds_text(odds: dict[int, Fraction | float]) -> str:
    """``edge >= 1: 54%, >= 2: 31%, >= 3: 14%`` for the action menu."""
    parts = []
    for i, (k, p) in enumerate(sorted(odds.items())):
        pct = round(float(p) * 100)
        parts.append(f"{'edge ' if i == 0 else ''}>= {k}: {pct}%")
    return ", ".join(parts)


@dataclass(slots=True)
class PoolSpec:
    """Everything needed to roll and explain one pool: who, what for, how many dice, which modifiers."""

    actor: str
    label: str
    pool: int
    rule: str
    stat: str = ""
    modifiers: list[Mod] = field(default_factory=list)

    def add(self, value: int, reason: str, rule: str = "", *, note: bool = False) -> PoolSpec:
        """Add a per-die modifier; ``note=True`` records a 0 too (an exception that cancelled a penalty)."""
        if value or note:
            self.modifiers.append(Mod(value, reason, rule))
        return self

    @property
    def raw_modifier(self) -> int:
        return sum(m.value for m in self.modifiers)

    @property
    def modifier(self) -> int:
        return clamp(self.raw_modifier)

    def distribution(self) -> dict[int, Fraction]:
        return points_distribution(self.pool, self.modifier)


def roll_pool(dice: Dice, spec: PoolSpec) -> Event:
    """Roll the pool; returns the roll event (SITUATION-FORMAT.md ``roll``, with the pool fields).

    ``base`` and ``pool`` are the number of dice, ``modifier`` the clamped
    per-die modifier (``modifier_raw`` when clamping changed it), ``need``
    the lowest face that scores, ``counted`` which dice scored, ``points``
    (= ``total``) how many did. Unopposed, ``success`` is at least one point
    and ``margin`` the points; :func:`opposed` rewrites both as the edge.
    """
    faces = dice.roll(spec.pool, SIDES, spec.label, spec.rule) if spec.pool > 0 else []
    m = spec.modifier
    counted = [die_counts(f, m) for f in faces]
    points = sum(counted)
    ev: Event = {
        "type": "roll", "actor": spec.actor, "label": spec.label, "rule": spec.rule,
        "base": spec.pool, "pool": spec.pool, "stat": spec.stat,
        "modifiers": [md.to_dict() for md in spec.modifiers], "modifier": m, "need": need(m),
        "dice": faces, "counted": counted, "points": points, "total": points,
        "success": points >= 1, "margin": points,
    }
    if m != spec.raw_modifier:
        ev["modifier_raw"] = spec.raw_modifier
    if m <= MIN_MOD:
        ev["automatic"] = "failure"
    elif m >= MAX_MOD:
        ev["automatic"] = "success"
    return ev


def opposed(dice: Dice, actor: PoolSpec, opponent: PoolSpec, rule: str, *, kind: str = "opposed") -> Event:
    """Both pools roll, the actor's first (SITUATION-FORMAT dice order); the contest carries ``edge``.

    Each roll's ``margin`` becomes its own points minus the other's and
    ``success`` whether that is above 0; ``winner`` is whoever has more
    points (``None`` on a tie, which is zero edge).
    """
    return settle_high(roll_pool(dice, actor), roll_pool(dice, opponent), rule, kind=kind, score="points",
                       difference="edge")
