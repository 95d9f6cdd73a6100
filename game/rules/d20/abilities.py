"""Abilities, classes, attack bonus, saving throws, hit points and armour class (GAPS.md G4-1 .. G4-5).

Numbers the seed relies on but does not give come from Basic Fantasy RPG as
``../shared/rules/GAPS.md`` proposes them; the explanations label them
"house rule" and cite the gap id.

A fighter's d20 data lives in plain fields (SITUATION-FORMAT.md): ``stats``
``STR DEX CON INT WIS CHA``, optional ``AB`` (overrides the table), ``AC``
(overrides the armour calculation), ``HP`` (maximum hit points), ``level``,
``class`` (an integer code, :data:`CLASS_CODES`; scenarios may also write
``traits.class = "fighter"``) and ``HD`` for monsters. Monster features are
*traits*: read with :func:`trait` from ``fighter.traits`` or, in situation
files that have no traits, from an integer in ``stats`` of the same name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.model import Fighter

__all__ = [
    "ability_bonus", "bonus", "CLASS_CODES", "CLASS_NAMES", "class_of", "level_of", "trait", "attack_bonus", "SAVES",
    "save_target", "hit_die", "hp_max", "current_hp", "size_of",
]

#: G4-1 score -> bonus
def ability_bonus(score: int) -> int:
    """G4-1: 3 -> -3; 4-5 -> -2; 6-8 -> -1; 9-12 -> 0; 13-15 -> +1; 16-17 -> +2; 18 -> +3.

    >>> [ability_bonus(s) for s in (3, 5, 8, 12, 13, 17, 18)]
    [-3, -2, -1, 0, 1, 2, 3]
    """
    if score <= 3:
        return -3
    if score <= 5:
        return -2
    if score <= 8:
        return -1
    if score <= 12:
        return 0
    if score <= 15:
        return 1
    if score <= 17:
        return 2
    return 3


def bonus(f: Fighter, ability: str) -> int:
    """The G4-1 bonus of one of the fighter's abilities (10 when it has none)."""
    return ability_bonus(int(f.stats.get(ability, 10)))


#: ``stats.class`` codes (stats are integers in every file format)
CLASS_CODES: dict[int, str] = {0: "normal man", 1: "fighter", 2: "cleric", 3: "magic-user", 4: "thief",
                               5: "monster"}
_CLASS_NAMES = {v: k for k, v in CLASS_CODES.items()}
#: the class names ``stats.class`` may hold instead of a code (SITUATION-FORMAT.md: ``"fighter"``...)
CLASS_NAMES: tuple[str, ...] = tuple(_CLASS_NAMES)


def trait(f: Fighter, name: str, default: Any = None) -> Any:
    """A monster/scenario feature: ``traits[name]``, else an integer ``stats[name]``, else ``default``."""
    if name in f.traits:
        return f.traits[name]
    if name in f.stats:
        return f.stats[name]
    return default


def class_of(f: Fighter) -> str:
    """fighter, cleric, magic-user, thief, normal man or monster (``HD`` without a class = monster)."""
    c = f.traits.get("class")
    if isinstance(c, str) and c.lower() in _CLASS_NAMES:
        return c.lower()
    if "class" in f.stats:
        c = f.stats["class"]
        if isinstance(c, str):  # a situation names the class (SITUATION-FORMAT.md)
            return c.lower() if c.lower() in _CLASS_NAMES else "fighter"
        return CLASS_CODES.get(int(c), "fighter")
    if "HD" in f.stats or "HD" in f.traits:
        return "monster"
    return "fighter"


def level_of(f: Fighter) -> int:
    """Level (monsters: hit dice); a normal man is level 0."""
    if class_of(f) == "monster":
        return int(trait(f, "HD", 1))
    if class_of(f) == "normal man":
        return 0
    return int(f.stats.get("level", 1))


#: G4-3 attack bonus by level 1..4
_AB = {"fighter": (1, 2, 2, 3), "cleric": (1, 1, 2, 2), "thief": (1, 1, 2, 2), "magic-user": (1, 1, 1, 2)}


def attack_bonus(f: Fighter) -> int:
    """G4-3: the class table (past level 4: +1 per two levels, ruling D20-2); monsters AB = HD; ``stats.AB`` wins."""
    if "AB" in f.stats:
        return int(f.stats["AB"])
    cls = class_of(f)
    lvl = level_of(f)
    if cls == "monster":
        return lvl
    if cls == "normal man" or lvl <= 0:
        return 0
    table = _AB[cls]
    if lvl <= 4:
        return table[lvl - 1]
    return table[3] + (lvl - 4) // 2


#: G4-4 save numbers: death ray/poison, wands, paralysis/petrify, dragon breath, spells
SAVES: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "fighter": ((12, 13, 14, 15, 17), (11, 12, 14, 15, 16)),
    "cleric": ((11, 12, 14, 16, 15), (10, 11, 13, 15, 14)),
    "magic-user": ((13, 14, 13, 16, 15), (13, 14, 13, 15, 14)),
    "thief": ((13, 14, 13, 16, 15), (12, 14, 12, 15, 14)),
}
SAVE_KINDS = ("death", "wands", "paralysis", "breath", "spells")


def save_target(f: Fighter, kind: str = "death") -> tuple[int, int, str]:
    """G4-4: (save number, modifier, reason). Monsters as a Fighter of their HD; a normal man as a level-1 Fighter -1."""
    cls = class_of(f)
    lvl = max(1, level_of(f))
    mod, why = 0, ""
    if cls == "monster":
        cls = "fighter"
    elif cls == "normal man":
        cls, lvl, mod, why = "fighter", 1, -1, "normal man: saves as a level-1 Fighter with -1 (house rule)"
    row = SAVES[cls][0 if lvl <= 2 else 1]
    return row[SAVE_KINDS.index(kind)], mod, why


#: G4-2 hit die by class
_HIT_DIE = {"fighter": 8, "cleric": 6, "thief": 4, "magic-user": 4, "monster": 8, "normal man": 4}


def hit_die(f: Fighter) -> int:
    return _HIT_DIE[class_of(f)]


def hp_max(f: Fighter) -> int:
    """G4-2 with ruling D20-3: ``stats.HP``, else per level/HD the die's average rounded up + CON bonus (min 1 a die)."""
    if "HP" in f.stats:
        return int(f.stats["HP"])
    die = hit_die(f)
    n = max(1, level_of(f))
    per = die // 2 + 1
    con = bonus(f, "CON") if class_of(f) != "monster" else 0
    return sum(max(1, per + con) for _ in range(n))


def current_hp(f: Fighter) -> int:
    return f.hp if f.hp is not None else hp_max(f)


def size_of(f: Fighter) -> int:
    """Size class: 0 man-sized, +1 Large (8'+) and more, -1 small (G4-17); ``size`` of the fighter."""
    return int(f.size)
