"""Damage for ``nd6-tactical``: expressions like ``2d6-1``, the +1 progression, rolling, exact odds, the ST table.

Why a progression: the seed adds bonuses to damage one step at a time, where six steps make one more die
(S3-DMG-1, S3-DMG-4). Every expression therefore has a *step* ``6 * dice + adds`` (1d6 is step 6, 1d6+3
and 2d6-3 are both step 9); adding a bonus moves along the steps and writes the result back with adds
between -3 and +3, taking the fewer dice at the +3/-3 cusp (S3-DMG-2). The ST table (S3-UNARMED-3) is
data in its own right: where the seed's progression-by-ST note disagrees with it, the table wins (G3-15).

Double and triple damage (G3-1) multiply the *rolled* hits, not the expression: :func:`roll` returns the
hits and the caller multiplies them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from game.rules.nd6.rolls import sum_counts

if TYPE_CHECKING:
    from game.dice import Dice

__all__ = [
    "Dmg", "parse", "roll", "distribution", "average", "COLUMNS", "COLUMN_STEPS", "unarmed_table", "MAX_DICE",
]

#: parse() refuses more dice than this (no weapon comes near; it keeps a typo from costing seconds of odds)
MAX_DICE = 60


@dataclass(frozen=True)
class Dmg:
    """A damage expression: ``dice`` d6 plus ``adds``; no dice means a fixed number of points.

    ``Dmg(2, -1)`` is "2d6-1", ``Dmg(0, 1)`` "1 point". Any adds are allowed (1d6+7 is a valid
    intermediate, S3-DMG-3); :meth:`plus` writes its result in the progression's own form.
    """

    dice: int
    adds: int = 0

    def __post_init__(self) -> None:
        if self.dice < 0:
            raise ValueError(f"damage cannot have {self.dice} dice")
        if self.dice == 0 and self.adds < 0:
            raise ValueError(f"damage of no dice cannot be {self.adds} points")

    def __str__(self) -> str:
        if self.dice == 0:
            return "1 point" if self.adds == 1 else f"{self.adds} points"
        if self.adds == 0:
            return f"{self.dice}d6"
        return f"{self.dice}d6{self.adds:+d}"

    @property
    def step(self) -> int:
        """The place on the progression (S3-DMG-1): ``6 * dice + adds``; 1d6 = 6, 2d6 = 12, 1 point = 1."""
        return 6 * self.dice + self.adds

    def plus(self, n: int) -> Dmg:
        """S3-DMG-1/3/4: ``n`` steps along the progression (``n`` may be negative or 0 to just normalise).

        The result has adds in -3..+3, and at the cusp the fewer dice with +3 (S3-DMG-2): 1d6+3 with +4
        is 1d6+7, carried over the cusp to 2d6+1 (S3-DMG-3); 1d6-3 with +4 is 1d6+1. Below 1d6-3 come
        "2 points (= 1d6-4)" and "1 point" (S3-DMG-4): step 2 stays 1d6-4 when this value has dice (so the
        ST table's 1d6-4 and S3-FIRE-4's limb fire keep their roll) and is "2 points" from fixed points
        (ruling ND6-2).
        Stepping below 1 point gives 0 points (ruling ND6-2: the progression has no step under 1 point,
        and damage never goes negative).
        """
        return _from_step(self.step + n, keep_dice=self.dice > 0)


def _from_step(v: int, keep_dice: bool = True) -> Dmg:
    """The progression's way of writing step ``v`` (S3-DMG-2, S3-DMG-4)."""
    if v <= 0:  # ND6-2: nothing below 1 point but no damage
        return Dmg(0, 0)
    if v == 1:
        return Dmg(0, 1)
    if v == 2:
        return Dmg(1, -4) if keep_dice else Dmg(0, 2)
    dice = max(1, (v + 2) // 6)  # adds in -3..+3, +3 preferred over the next die's -3 (S3-DMG-2)
    return Dmg(dice, v - 6 * dice)


_DICE_RE = re.compile(r"^(\d*)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?$", re.IGNORECASE)
_POINTS_RE = re.compile(r"^(\d+)(?:\s*(?:points?|pts?\.?))?$", re.IGNORECASE)


def parse(text: str) -> Dmg:
    """Read "2d6+1", "1d6-4", "3d6", "d6", "2" or "2 points" (a Unicode minus is accepted too).

    Raises ValueError with one sentence naming the text and what was wrong.
    """
    if not isinstance(text, str):
        raise ValueError(f"damage must be written as text like '2d6+1', not {text!r}")
    clean = text.strip().replace("\u2212", "-").replace("\u2013", "-")
    m = _DICE_RE.match(clean)
    if m:
        count, sides, sign, adds = m.groups()
        if sides != "6":
            raise ValueError(f"damage {text!r} rolls d{sides}: this ruleset's damage dice are all d6")
        dice = int(count) if count else 1
        if dice == 0:
            raise ValueError(f"damage {text!r} rolls no dice: write a fixed amount as a number, like '2'")
        if dice > MAX_DICE:
            raise ValueError(f"damage {text!r} rolls {dice} dice: at most {MAX_DICE} are allowed")
        value = int(adds) if adds else 0
        return Dmg(dice, -value if sign == "-" else value)
    m = _POINTS_RE.match(clean)
    if m:
        return Dmg(0, int(m.group(1)))
    raise ValueError(
        f"damage {text!r} is not a damage expression: write it like '2d6+1', '1d6-4', '3d6' or '2' (points)"
    )


def roll(dice: Dice, d: Dmg, label: str = "", rule: str = "") -> tuple[list[int], int]:
    """Roll ``d``: returns the faces and the hits, ``max(0, sum + adds)`` (damage is never negative)."""
    faces = dice.roll(d.dice, 6, label or f"damage {d}", rule) if d.dice else []
    return faces, max(0, sum(faces) + d.adds)


@lru_cache(maxsize=256)
def _distribution(d: Dmg) -> tuple[tuple[int, float], ...]:
    counts = sum_counts(d.dice)
    whole = 6 ** d.dice
    out: dict[int, int] = {}
    for total, n in enumerate(counts):
        if n:
            hits = max(0, total + d.adds)
            out[hits] = out.get(hits, 0) + n
    return tuple((hits, n / whole) for hits, n in sorted(out.items()))


def distribution(d: Dmg) -> dict[int, float]:
    """Exact chance of each number of hits ``d`` rolls, totals below 0 counted as 0 (a fresh dict)."""
    return dict(_distribution(d))


def average(d: Dmg) -> float:
    """Expected hits of ``d`` with the floor at 0 (what the AI and the odds panel compare)."""
    return sum(hits * p for hits, p in _distribution(d))


# -- unarmed damage by ST (S3-UNARMED-3) ---------------------------------------------------------------

#: S3-UNARMED-3's columns: ``base`` the "Damage" column (a punch or kick to the next hex, a thrown rock:
#: S3-UNARMED-8, S3-IMPROV-7); ``hth`` unarmed in hand-to-hand; ``brass_hth`` brass knuckles in HTH;
#: ``club1`` a one-handed club; ``club2`` a two-handed club, or a knife in HTH.
COLUMNS = ("base", "hth", "brass_hth", "club1", "club2")

#: steps over ``base`` each column stands for: S3-UNARMED-4 (HTH +1), -6 (brass knuckles +2),
#: -7 (one-handed club +3, two-handed club +4), -5 (knife in HTH +4). The table below agrees with them.
COLUMN_STEPS: dict[str, int] = {"base": 0, "hth": 1, "brass_hth": 2, "club1": 3, "club2": 4}

# S3-UNARMED-3: (highest ST of the row, the five columns in COLUMNS order). Kept as the table's own data
# rather than computed, so a test can check it against the progression (G3-15: the table wins).
_UNARMED: tuple[tuple[int, tuple[Dmg, ...]], ...] = (
    (8, (Dmg(1, -4), Dmg(1, -3), Dmg(1, -2), Dmg(1, -1), Dmg(1, 0))),
    (10, (Dmg(1, -3), Dmg(1, -2), Dmg(1, -1), Dmg(1, 0), Dmg(1, 1))),
    (12, (Dmg(1, -2), Dmg(1, -1), Dmg(1, 0), Dmg(1, 1), Dmg(1, 2))),
    (14, (Dmg(1, -1), Dmg(1, 0), Dmg(1, 1), Dmg(1, 2), Dmg(1, 3))),
    (16, (Dmg(1, 0), Dmg(1, 1), Dmg(1, 2), Dmg(1, 3), Dmg(2, -2))),
    (20, (Dmg(1, 1), Dmg(1, 2), Dmg(1, 3), Dmg(2, -2), Dmg(2, -1))),
    (24, (Dmg(1, 2), Dmg(1, 3), Dmg(2, -2), Dmg(2, -1), Dmg(2, 0))),
    (30, (Dmg(1, 3), Dmg(2, -2), Dmg(2, -1), Dmg(2, 0), Dmg(2, 1))),
)


def unarmed_table(st: int, column: str) -> Dmg:
    """S3-UNARMED-3: damage by ST (the unwounded ST, as the seed's table is by ST) in one column.

    The table stops at ST 30. Above it (ruling ND6-1: the seed is silent) the row keeps growing by one
    progression step (S3-DMG-1) for every 4 ST, or part of 4, beyond 30 — ST 31-34 one step over the
    25-30 row, 35-38 two — the same pace as the table's own top rows.
    """
    if column not in COLUMN_STEPS:
        raise ValueError(f"unarmed damage column {column!r} is not one of {', '.join(COLUMNS)}")
    col = COLUMNS.index(column)
    for top, row in _UNARMED:
        if st <= top:
            return row[col]
    extra = -(-(st - 30) // 4)  # ND6-1: one step per 4 ST (or part) beyond 30
    return _UNARMED[-1][1][col].plus(extra)
