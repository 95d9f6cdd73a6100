"""Derived stats, the damage-by-ST table, postures and the items catalogue of the 3d6 rulesets.

All house rules from ``../shared/rules/GAPS.md`` (G0-4 .. G0-13): nothing
here is in seed 000 itself, so every modifier built from it says "house rule".

>>> thrust(12), swing(12)
((1, -1), (1, 2))
>>> dice_text((2, -1))
'2d-1'
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.model import Fighter

__all__ = [
    "GRAPPLING_SKILLS", "UNARMED_PARRY_SKILLS", "POSTURE_ATTACK", "POSTURE_DEFENSE", "LYING", "ITEMS",
    "NATURAL_ATTACKS", "hp_max", "fp_max", "will", "current_hp", "current_fp", "basic_speed", "basic_move",
    "basic_lift", "thrust", "swing", "dice_text", "damage_dice", "skill_level", "best_grappling",
    "encumbrance_level", "ENCUMBRANCE", "item_weight", "stat",
]

#: G0-15: the skills that grapple (S0-GRAB-1 names Brawling; GURPS adds Judo, Wrestling, Sumo).
GRAPPLING_SKILLS: tuple[str, ...] = ("Brawling", "Judo", "Wrestling", "Sumo Wrestling")
#: G0-5: bare-handed parries use one of these (or DX, ruling L-7).
UNARMED_PARRY_SKILLS: tuple[str, ...] = ("Brawling", "Judo", "Karate", "Wrestling", "Boxing")

#: G0-8: attack and defence modifiers by posture.
POSTURE_ATTACK = {"standing": 0, "crouching": -2, "kneeling": -2, "sitting": -2, "crawling": -4, "prone": -4}
POSTURE_DEFENSE = {"standing": 0, "crouching": 0, "kneeling": -2, "sitting": -2, "crawling": -3, "prone": -3}
#: "lying down" in the seed (S0-REQ-5, S0-PIN-1, "falls down") is the prone posture (G0-8).
LYING = frozenset({"prone"})


def stat(f: Fighter, name: str, default: int = 10) -> int:
    return int(f.stats.get(name, default))


def hp_max(f: Fighter) -> int:
    """G0-7: HP = ST unless given."""
    return int(f.stats.get("HP", f.stats.get("ST", 10)))


def fp_max(f: Fighter) -> int:
    """G0-7: FP = HT unless given."""
    return int(f.stats.get("FP", f.stats.get("HT", 10)))


def will(f: Fighter) -> int:
    return int(f.stats.get("Will", f.stats.get("IQ", 10)))


def current_hp(f: Fighter) -> int:
    return hp_max(f) if f.hp is None else f.hp


def current_fp(f: Fighter) -> int:
    return fp_max(f) if f.fp is None else f.fp


def basic_speed(f: Fighter) -> float:
    """G0-4: Basic Speed = (DX + HT) / 4 unless given."""
    if "Speed" in f.stats:
        return float(f.stats["Speed"])
    return (stat(f, "DX") + stat(f, "HT")) / 4.0


def basic_move(f: Fighter) -> int:
    """G0-4: Move = floor(Basic Speed) unless given."""
    return int(f.stats.get("Move", math.floor(basic_speed(f))))


def basic_lift(st: int) -> float:
    """G0-13: BL = ST x ST / 5 lb."""
    return st * st / 5.0


#: G0-13: (max load in multiples of BL, Move factor, Dodge penalty) per encumbrance level 0..4.
ENCUMBRANCE: tuple[tuple[float, float, int], ...] = (
    (1.0, 1.0, 0), (2.0, 0.8, -1), (3.0, 0.6, -2), (6.0, 0.4, -3), (10.0, 0.2, -4),
)


def encumbrance_level(st: int, load: float) -> int | None:
    """G0-13: the encumbrance level for ``load`` lb, or None if too heavy to move at all."""
    bl = basic_lift(st)
    for level, (mult, _factor, _dodge) in enumerate(ENCUMBRANCE):
        if load <= mult * bl:
            return level
    return None


# -- damage by ST (G0-6) ------------------------------------------------------
# (thrust, swing) as (dice, adds); beyond the table GURPS's progression.
_DAMAGE: dict[int, tuple[tuple[int, int], tuple[int, int]]] = {
    1: ((1, -6), (1, -5)), 2: ((1, -6), (1, -5)), 3: ((1, -5), (1, -4)), 4: ((1, -5), (1, -4)),
    5: ((1, -4), (1, -3)), 6: ((1, -4), (1, -3)), 7: ((1, -3), (1, -2)), 8: ((1, -3), (1, -2)),
    9: ((1, -2), (1, -1)), 10: ((1, -2), (1, 0)), 11: ((1, -1), (1, 1)), 12: ((1, -1), (1, 2)),
    13: ((1, 0), (2, -1)), 14: ((1, 0), (2, 0)), 15: ((1, 1), (2, 1)), 16: ((1, 1), (2, 2)),
    17: ((1, 2), (3, -1)), 18: ((1, 2), (3, 0)), 19: ((2, -1), (3, 1)), 20: ((2, -1), (3, 2)),
    21: ((2, 0), (4, -1)), 22: ((2, 0), (4, 0)), 23: ((2, 1), (4, 1)), 24: ((2, 1), (4, 2)),
    25: ((2, 2), (5, -1)), 26: ((2, 2), (5, 0)), 27: ((3, -1), (5, 1)), 28: ((3, -1), (5, 1)),
    29: ((3, 0), (5, 2)), 30: ((3, 0), (5, 2)),
}


def thrust(st: int) -> tuple[int, int]:
    return _DAMAGE[min(max(st, 1), 30)][0]


def swing(st: int) -> tuple[int, int]:
    return _DAMAGE[min(max(st, 1), 30)][1]


def dice_text(d: tuple[int, int]) -> str:
    n, adds = d
    return f"{n}d" + (f"{adds:+d}" if adds else "")


def damage_dice(st: int, base: str, adds: int) -> tuple[int, int]:
    """``base`` is ``thr`` or ``sw``; returns (dice, adds) with the weapon's adds."""
    n, a = thrust(st) if base == "thr" else swing(st)
    return n, a + adds


# -- items (G0-5, G0-6; numbers from GURPS 4e's weapon tables) ------------------
# reach: the distances it strikes at (0 = close combat, "C"). skill: the skill it
# uses, default: the DX default when the fighter lacks it. parry: the weapon's
# parry modifier, None = cannot parry. db: a shield's Defense Bonus.
ITEMS: dict[str, dict[str, Any]] = {
    "broadsword": {"name": "broadsword", "kind": "weapon", "skill": "Broadsword", "default": -5,
                   "damage": ("sw", 1, "cutting"), "reach": (1,), "hands": 1, "parry": 0, "weight": 3.0},
    "shortsword": {"name": "shortsword", "kind": "weapon", "skill": "Shortsword", "default": -5,
                   "damage": ("sw", 0, "cutting"), "reach": (1,), "hands": 1, "parry": 0, "weight": 2.0},
    "knife": {"name": "large knife", "kind": "weapon", "skill": "Knife", "default": -4,
              "damage": ("thr", 0, "impaling"), "reach": (0, 1), "hands": 1, "parry": -1, "weight": 1.0},
    "spear": {"name": "spear", "kind": "weapon", "skill": "Spear", "default": -5,
              "damage": ("thr", 2, "impaling"), "reach": (1,), "hands": 1, "parry": 0, "weight": 4.0},
    "club": {"name": "light club", "kind": "weapon", "skill": "Broadsword", "default": -5,
             "damage": ("sw", 1, "crushing"), "reach": (1,), "hands": 1, "parry": 0, "weight": 3.0},
    "axe": {"name": "axe", "kind": "weapon", "skill": "Axe/Mace", "default": -5,
            "damage": ("sw", 2, "cutting"), "reach": (1,), "hands": 1, "parry": 0, "weight": 4.0},
    "mace": {"name": "mace", "kind": "weapon", "skill": "Axe/Mace", "default": -5,
             "damage": ("sw", 3, "crushing"), "reach": (1,), "hands": 1, "parry": 0, "weight": 5.0},
    "staff": {"name": "quarterstaff", "kind": "weapon", "skill": "Staff", "default": -5,
              "damage": ("sw", 2, "crushing"), "reach": (1, 2), "hands": 2, "parry": 2, "weight": 4.0},
    "shield": {"name": "medium shield", "kind": "shield", "skill": "Shield", "default": -4,
               "db": 2, "hands": 1, "weight": 15.0},
}

#: Attacks with the body (G0-6, G0-12): punch thr-1, kick thr at -2, bite thr-1; reach C and 1
#: (the bite only in close combat, G0-12). ``skills`` are tried in order with DX as the default.
NATURAL_ATTACKS: dict[str, dict[str, Any]] = {
    "punch": {"name": "punch", "damage": ("thr", -1, "crushing"), "reach": (0, 1), "to_hit": 0,
              "skills": ("Brawling", "Boxing", "Karate")},
    "kick": {"name": "kick", "damage": ("thr", 0, "crushing"), "reach": (0, 1), "to_hit": -2,
             "skills": ("Brawling", "Karate")},
    "bite": {"name": "bite", "damage": ("thr", -1, "crushing"), "reach": (0,), "to_hit": 0,
             "skills": ("Brawling",)},
}


def item_weight(item_id: str | None) -> float:
    if item_id is None:
        return 0.0
    return float(ITEMS.get(item_id, {}).get("weight", 1.0))


def skill_level(f: Fighter, skill: str, default: int | None = None) -> tuple[int, str]:
    """(level, name) of a skill, or its DX default (``DX-n``) when the fighter lacks it."""
    if skill in f.skills:
        return int(f.skills[skill]), skill
    dx = stat(f, "DX")
    if default is None:
        return dx, "DX"
    return dx + default, f"DX{default:+d}"


def best_grappling(f: Fighter, *, with_dx: bool = True) -> tuple[int, str]:
    """G0-15: the best of DX, Brawling, Judo, Wrestling and Sumo Wrestling (with its name)."""
    best = (stat(f, "DX"), "DX") if with_dx else (-99, "")
    for s in GRAPPLING_SKILLS:
        if s in f.skills and int(f.skills[s]) > best[0]:
            best = (int(f.skills[s]), s)
    return best
