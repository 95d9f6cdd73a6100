"""Weapons, armour and gear of the d20 ruleset (G4-5, G4-6; S4-CHARGE-4, S4-SET-1, S4-WATER-2..4).

Each item is a dict: ``kind`` (``melee``, ``missile``, ``thrown``, ``armour``,
``shield``, ``gear``), ``damage`` (dice count, sides), ``hands`` (1 or 2),
``light`` (a small weapon: DEX to hit, S4-ATTACK-1), ``charge`` (suited to a
charge, S4-CHARGE-4), ``set`` (may be set against a charge, S4-SET-1),
``reach`` (long reach, S4-INIT-7; G4-11), ``swung`` / ``thrust`` (under water,
S4-WATER-3/4), ``no_subdue`` (points or edges on every side, S4-SUBDUE-2),
``range`` (short/medium/long in feet), ``metal`` (armour that stops
brawlers, S4-BRAWL-3), ``ac`` (armour base or shield bonus), ``magic`` (the base
magic bonus) and ``magic_vs`` (higher bonuses against some foes: ``{"undead": 3}``
for a "+1, +3 vs undead" weapon, matched against the foe's traits).
"""

from __future__ import annotations

from typing import Any

__all__ = ["ITEMS", "item", "is_weapon", "is_missile", "damage_dice", "magic_bonus"]


def _w(name: str, n: int, d: int, **kw: Any) -> dict[str, Any]:
    out = {"name": name, "kind": "melee", "damage": [n, d], "hands": 1, "swung": True}
    out.update(kw)
    return out


ITEMS: dict[str, dict[str, Any]] = {
    "dagger": _w("dagger", 1, 4, light=True, small=True, thrown=True, swung=False, thrust=True,
                 range=[10, 20, 30]),
    "shortsword": _w("shortsword", 1, 6, light=True),
    "longsword": _w("longsword", 1, 8),
    "two_handed_sword": _w("two-handed sword", 1, 10, hands=2),
    "hand_axe": _w("hand axe", 1, 6, light=True, small=True, thrown=True, range=[10, 20, 30]),
    "battle_axe": _w("battle axe", 1, 8, hands=2),
    "mace": _w("mace", 1, 8, blunt=True),
    "warhammer": _w("warhammer", 1, 6, blunt=True),
    "morningstar": _w("morningstar", 1, 8, blunt=True, no_subdue=True),
    "club": _w("club", 1, 4, blunt=True),
    "walking_staff": _w("walking staff", 1, 4, blunt=True, staff=True),
    "quarterstaff": _w("quarterstaff", 1, 6, hands=2, blunt=True, staff=True),
    "spear": _w("spear", 1, 6, charge=True, set=True, reach=True, swung=False, thrust=True, thrown=True,
                range=[10, 20, 30], two_handed_damage=[1, 8]),
    "pole_arm": _w("pole arm", 1, 10, hands=2, charge=True, set=True, reach=True, swung=False, thrust=True),
    "lance": _w("lance", 1, 8, charge=True, set=True, reach=True, swung=False, thrust=True, lance=True,
                no_subdue=True),
    "blunt_lance": _w("blunted lance", 1, 8, charge=True, reach=True, swung=False, thrust=True, lance=True,
                      blunted=True),
    "shortbow": {"name": "shortbow", "kind": "missile", "damage": [1, 6], "hands": 2, "range": [50, 100, 150],
                 "bow": True},
    "longbow": {"name": "longbow", "kind": "missile", "damage": [1, 8], "hands": 2, "range": [70, 140, 210],
                "bow": True},
    "light_crossbow": {"name": "light crossbow", "kind": "missile", "damage": [1, 6], "hands": 2,
                       "range": [60, 120, 180], "thrust": True},
    "heavy_crossbow": {"name": "heavy crossbow", "kind": "missile", "damage": [1, 8], "hands": 2,
                       "range": [80, 160, 240], "thrust": True},
    "sling": {"name": "sling", "kind": "missile", "damage": [1, 3], "hands": 1, "range": [30, 60, 90]},
    "cannon": {"name": "hand cannon", "kind": "missile", "artillery": True, "damage": [2, 6], "hands": 2,
               "range": [50, 100, 150]},
    "magic_dagger": _w("dagger +1", 1, 4, light=True, small=True, thrown=True, swung=False, thrust=True,
                       range=[10, 20, 30], magic=1),
    "dagger_vs_undead": _w("dagger +1, +3 vs undead", 1, 4, light=True, small=True, thrown=True, swung=False,
                           thrust=True, range=[10, 20, 30], magic=1, magic_vs={"undead": 3}),
    "magic_quarterstaff": _w("quarterstaff +1, +2 vs undead", 1, 6, hands=2, blunt=True, staff=True, magic=1,
                             magic_vs={"undead": 2}),
    "shield": {"name": "shield", "kind": "shield", "ac": 1, "hands": 1, "damage": [1, 4]},
    "magic_shield": {"name": "shield +1", "kind": "shield", "ac": 1, "magic": 1, "hands": 1, "damage": [1, 4]},
    "leather": {"name": "leather armour", "kind": "armour", "ac": 13, "metal": False},
    "chain": {"name": "chain mail", "kind": "armour", "ac": 15, "metal": True},
    "plate": {"name": "plate mail", "kind": "armour", "ac": 17, "metal": True},
    "saddle": {"name": "saddle with stirrups", "kind": "gear"},
    "heavy_pack": {"name": "heavy pack", "kind": "gear", "heavy": True},
    "ring": {"name": "ring of protection +1", "kind": "gear", "protection": 1},
    "healing_ring": {"name": "ring of healing", "kind": "gear", "simple_magic": True},
    "calming_charm": {"name": "calming charm", "kind": "gear", "simple_magic": True, "calm": True},
    "wand_of_paralysis": {"name": "wand of paralysis", "kind": "gear", "wand": True},
}


def item(item_id: str | None) -> dict[str, Any]:
    return ITEMS.get(item_id or "", {})


def is_weapon(item_id: str | None) -> bool:
    return item(item_id).get("kind") in ("melee", "missile")


def is_missile(item_id: str | None) -> bool:
    return item(item_id).get("kind") == "missile"


def damage_dice(item_id: str | None, two_handed: bool = False) -> tuple[int, int]:
    it = item(item_id)
    if two_handed and "two_handed_damage" in it:
        n, d = it["two_handed_damage"]
        return int(n), int(d)
    n, d = it.get("damage", [1, 2])
    return int(n), int(d)


def magic_bonus(item_id: str | None, target=None) -> int:
    """The item's magic bonus; against a foe with a trait named in ``magic_vs`` the higher one. Without a target
    (a defensive off-hand weapon or staff, S4-TWOWEAPON-8 / S4-STAFF-4) only the base bonus counts."""
    it = item(item_id)
    base = int(it.get("magic", 0))
    if target is None:
        return base
    best = base
    for name, value in dict(it.get("magic_vs", {})).items():
        if target.traits.get(name) or target.stats.get(name):
            best = max(best, int(value))
    return best
