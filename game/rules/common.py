"""Mechanics shared by rulesets: modifiers, the 3d6 success roll, Quick and Regular Contests.

Written once, used by ``3d6-lite``, ``3d6-full`` and anything else that rolls
3d6 under a target (seed 003's NdX roll-under reuses :func:`roll_under`).
Each function returns the roll/contest *event* (SITUATION-FORMAT.md), which is
also the full explanation a player can open in the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

# The 3d6 success and critical rules (G0-1) live in game.dice, which computes the odds with
# them; this module rolls with the same functions (dice never imports the rules).
from game.dice import critical_3d6, is_success_3d6

if TYPE_CHECKING:
    from game.dice import Dice

Event = dict[str, Any]

__all__ = [
    "Mod", "RollSpec", "critical_3d6", "roll_under", "success_roll", "quick_contest", "regular_contest",
    "contest_targets", "HighSpec", "roll_high", "settle_high", "opposed_high",
]


@dataclass(frozen=True, slots=True)
class Mod:
    """One modifier with its reason and the rule behind it."""

    value: int
    reason: str
    rule: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "reason": self.reason, "rule": self.rule}


@dataclass(slots=True)
class RollSpec:
    """Everything needed to make (and explain) one roll-under roll."""

    actor: str
    label: str
    base: int
    rule: str
    modifiers: list[Mod] = field(default_factory=list)
    #: an upper limit on the effective target (e.g. Move and Attack: at most 9), with its reason
    cap: tuple[int, str, str] | None = None
    dice: int = 3

    def add(self, value: int, reason: str, rule: str = "") -> RollSpec:
        if value:
            self.modifiers.append(Mod(value, reason, rule))
        return self

    @property
    def target(self) -> int:
        t = self.base + sum(m.value for m in self.modifiers)
        if self.cap is not None and t > self.cap[0]:
            t = self.cap[0]
        return t


def roll_under(dice: Dice, spec: RollSpec, *, criticals: bool = True, sides: int = 6) -> Event:
    """Roll ``spec.dice`` d``sides`` against the effective target; returns the roll event."""
    target = spec.target
    faces = dice.roll(spec.dice, sides, spec.label, spec.rule)
    total = sum(faces)
    crit = critical_3d6(total, target) if criticals and spec.dice == 3 else None
    success = is_success_3d6(total, target, crit) if criticals and spec.dice == 3 else total <= target
    ev: Event = {
        "type": "roll", "actor": spec.actor, "label": spec.label, "rule": spec.rule, "base": spec.base,
        "modifiers": [m.to_dict() for m in spec.modifiers], "target": target, "dice": faces, "total": total,
        "success": success, "margin": target - total,
    }
    if spec.cap is not None and spec.base + sum(m.value for m in spec.modifiers) > spec.cap[0]:
        ev["cap"] = {"value": spec.cap[0], "reason": spec.cap[1], "rule": spec.cap[2]}
    if crit:
        ev["critical"] = crit
    return ev


success_roll = roll_under


def quick_contest(dice: Dice, a: RollSpec, b: RollSpec, rule: str) -> Event:
    """G0-2: both roll; a success beats a failure, else the better margin wins; equal = tie.

    The contest event carries ``margin_of_victory`` (difference of margins,
    0 on a tie) for rules that scale with it (strangle, arm lock).
    """
    ra = roll_under(dice, a)
    rb = roll_under(dice, b)
    winner: str | None
    if ra["success"] != rb["success"]:
        winner = a.actor if ra["success"] else b.actor
    elif ra["margin"] != rb["margin"]:
        winner = a.actor if ra["margin"] > rb["margin"] else b.actor
    else:
        winner = None
    mov = abs(ra["margin"] - rb["margin"]) if winner else 0
    return {"type": "contest", "kind": "quick", "rule": rule, "rolls": [ra, rb], "winner": winner,
            "margin_of_victory": mov}


def contest_targets(ta: int, tb: int, cap: int = 14) -> tuple[int, int, int]:
    """G0-3: if the higher target is above ``cap``, lower both by the same amount. Returns (a, b, shift)."""
    high = max(ta, tb)
    shift = high - cap if high > cap else 0
    return ta - shift, tb - shift, shift


def regular_contest(dice: Dice, a: RollSpec, b: RollSpec, rule: str, *, lower_to_14: bool = True) -> Event:
    """G0-3: one exchange. ``a`` (the actor) wins if it succeeds and ``b`` fails, loses if the reverse; else tie."""
    if lower_to_14:
        _, _, shift = contest_targets(a.target, b.target)
        if shift:
            a.add(-shift, "Regular Contest: both targets lowered so the higher is 14", "G0-3")
            b.add(-shift, "Regular Contest: both targets lowered so the higher is 14", "G0-3")
    ra = roll_under(dice, a)
    rb = roll_under(dice, b)
    if ra["success"] and not rb["success"]:
        winner: str | None = a.actor
    elif rb["success"] and not ra["success"]:
        winner = b.actor
    else:
        winner = None
    return {"type": "contest", "kind": "regular", "rule": rule, "rolls": [ra, rb], "winner": winner}


# -- roll-high opposed rolls ------------------------------------------------------------------------------
# Written once for every ruleset whose contests are "both roll, the higher score wins" (edge's d10 pools, a
# 2d6+ST shove): each had its own copy of the same few lines that turn two rolls into a contest event.


@dataclass(slots=True)
class HighSpec:
    """One roll-high roll: ``dice`` d``sides`` plus the modifiers; its score is the sum (``total``)."""

    actor: str
    label: str
    rule: str
    dice: int = 2
    sides: int = 6
    modifiers: list[Mod] = field(default_factory=list)

    def add(self, value: int, reason: str, rule: str = "") -> HighSpec:
        if value:
            self.modifiers.append(Mod(value, reason, rule))
        return self


def roll_high(dice: Dice, spec: HighSpec) -> Event:
    """Roll ``spec``: the roll event (SITUATION-FORMAT ``roll``) with ``total`` = the faces plus the modifiers;
    ``success`` and ``margin`` are filled by :func:`settle_high` once the other side has rolled."""
    faces = dice.roll(spec.dice, spec.sides, spec.label, spec.rule)
    mod = sum(m.value for m in spec.modifiers)
    return {"type": "roll", "actor": spec.actor, "label": spec.label, "rule": spec.rule, "sides": spec.sides,
            "modifiers": [m.to_dict() for m in spec.modifiers], "dice": faces, "total": sum(faces) + mod,
            "success": False, "margin": 0}


def settle_high(ra: Event, rb: Event, rule: str, *, kind: str = "opposed", score: str = "total",
                difference: str = "margin_of_victory") -> Event:
    """The contest of two roll-high rolls already made (the actor's ``ra`` first, as the dice were drawn): the
    higher ``score`` wins, a tie wins nobody (the status quo). Each roll's ``margin`` becomes its score minus
    the other's and ``success`` whether that is above 0; the contest carries the actor's lead under
    ``difference`` (edge calls it the ``edge``) and ``winner`` (None on a tie)."""
    lead = ra[score] - rb[score]
    ra["margin"], ra["success"] = lead, lead > 0
    rb["margin"], rb["success"] = -lead, lead < 0
    winner = ra["actor"] if lead > 0 else rb["actor"] if lead < 0 else None
    return {"type": "contest", "kind": kind, "rule": rule, "rolls": [ra, rb], difference: lead, "winner": winner}


def opposed_high(dice: Dice, a: HighSpec, b: HighSpec, rule: str, *, kind: str = "opposed") -> Event:
    """Both roll high, the actor ``a`` first; the higher total wins, a tie nobody (:func:`settle_high`)."""
    return settle_high(roll_high(dice, a), roll_high(dice, b), rule, kind=kind)
