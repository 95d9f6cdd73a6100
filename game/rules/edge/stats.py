"""Edge's attributes, derived pools, items and conditions (GAPS G1-5, G1-6, G1-9, G1-10, G1-12).

Stat keys (``Fighter.stats``; a situation may also use the long names, which
``setup`` turns into the keys):

=======  ==============  =====================================================
key      long name       used for
=======  ==============  =====================================================
``STR``  Strength        grapple rolls (S1-GRAPPLE-2), damage rolls (G1-5), HP
``REF``  Reflex          defending against melee attacks (G1-5); ``Agility``
                         and ``AGI`` are read as Reflex (G1-4)
``PRE``  Precision       the Melee Attack pool (G1-5)
``WIL``  Willpower       HP (G1-9)
``MOV``  Movement        tiles of normal movement per turn (house rule, default 4)
``MA``   Melee Attack    optional override of the derived pool
``HP``   Hit points      optional override of the derived maximum
=======  ==============  =====================================================

Attributes run 1-6 with the human average 3 (G1-12); a missing attribute is 3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.model import Battle, Fighter

__all__ = [
    "STATS", "ALIASES", "HUMAN_AVERAGE", "DEFAULT_MOVE", "SIZE_BASE_HP", "ITEMS", "CONDITIONS", "OPTIONS",
    "attr", "melee_attack_pool", "max_hp", "move_allowance", "item_info", "is_weapon", "is_restraint",
    "reach", "free_hands", "held_weapons", "normalise_stats", "option",
]

STATS: dict[str, str] = {
    "STR": "Strength: grapple rolls, damage rolls, HP",
    "REF": "Reflex: defence against melee attacks",
    "PRE": "Precision: part of the Melee Attack pool",
    "WIL": "Willpower: part of HP",
    "MOV": "tiles of normal movement per turn (house rule, default 4)",
    "MA": "Melee Attack pool (default floor((STR + REF + PRE) / 2.5), G1-5)",
    "HP": "maximum hit points (default STR + WIL + 5 + size, G1-9)",
}
ALIASES: dict[str, str] = {
    "Strength": "STR", "Reflex": "REF", "Agility": "REF", "AGI": "REF", "Precision": "PRE",
    "Willpower": "WIL", "Will": "WIL", "Movement": "MOV", "Melee Attack": "MA",
}
HUMAN_AVERAGE = 3
DEFAULT_MOVE = 4
SIZE_BASE_HP = 5  # G1-9: size base for a human at the seed's date

#: Items (G1-6 reach, G1-10 hooked). ``damage`` is the per-die modifier of the
#: damage roll (house values; G1-5 says weapon damage modes add per-die
#: modifiers but the seed-date list is not in the seed). ``hands`` 2 = two-handed.
ITEMS: dict[str, dict[str, Any]] = {
    "fist": {"name": "bare fist", "kind": "unarmed", "reach": 0, "hooked": False, "hands": 0, "damage": -1},
    "dagger": {"name": "dagger", "kind": "weapon", "reach": 0, "hooked": False, "hands": 1, "damage": 0},
    "mace": {"name": "mace", "kind": "weapon", "reach": 1, "hooked": False, "hands": 1, "damage": 1},
    "longsword": {"name": "longsword", "kind": "weapon", "reach": 2, "hooked": False, "hands": 1, "damage": 1},
    "spear": {"name": "spear", "kind": "weapon", "reach": 3, "hooked": False, "hands": 2, "damage": 0},
    "tomahawk": {"name": "tomahawk", "kind": "weapon", "reach": 1, "hooked": True, "hands": 1, "damage": 0},
    "hammer_axe": {"name": "hammer-axe", "kind": "weapon", "reach": 1, "hooked": True, "hands": 1, "damage": 1},
    "poleaxe": {"name": "poleaxe", "kind": "weapon", "reach": 3, "hooked": True, "hands": 2, "damage": 1},
    "rope": {"name": "rope", "kind": "restraint", "reach": 0, "hooked": False, "hands": 1, "damage": 0},
    "manacles": {"name": "manacles", "kind": "restraint", "reach": 0, "hooked": False, "hands": 1, "damage": 0},
}

CONDITIONS: dict[str, str] = {
    "prone": "lying down (G1-7): -2 to attacks and to Reflex, one tile of movement; "
             "kept as the posture (a situation may list it here too)",
    "pinned": "under a Pin in some grapple: -1 per pin on its grapple rolls, movement dominated (S1-PIN-2, S1-PIN-5)",
    "unconscious": "knocked out by a Pin at -5 (S1-PIN-7) for the rest of the battle (G1-9)",
    "bound": "bound in restraints by a Pin at -5 (S1-PIN-7): cannot act, move or defend (G1-9)",
    "dead": "at 0 HP or less (G1-9)",
}

#: Ruleset options (``battle.options``), all off by default: later upstream rules of the source.
OPTIONS: dict[str, str] = {
    "edge.regrip": "zero-edge result Regrip: +1 to your next grapple roll against that foe next turn "
                   "(upstream 2024-12-16)",
    "edge.two_handed_free_hand": "a two-handed weapon's wielder may free one hand to grapple; the weapon is "
                                 "unusable until held in both hands again (upstream 2025-01-20)",
    "edge.wrest_from_body": "Wrest may take an item carried on the foe's body, not only in its hands "
                            "(S1-WREST-1, the GM allows it)",
}


def option(battle: Battle, name: str) -> bool:
    return bool(battle.options.get(name, False))


def attr(f: Fighter, key: str) -> int:
    """An attribute, 3 (the human average, G1-12) when missing."""
    return int(f.stats.get(key, HUMAN_AVERAGE))


def melee_attack_pool(f: Fighter) -> int:
    """G1-5: floor((Strength + Reflex + Precision) / 2.5), or the fighter's ``MA``."""
    if "MA" in f.stats:
        return int(f.stats["MA"])
    return (attr(f, "STR") + attr(f, "REF") + attr(f, "PRE")) * 2 // 5


def max_hp(f: Fighter) -> int:
    """G1-9: Strength + Willpower + 5 (human size base) + size, or the fighter's ``HP``."""
    if "HP" in f.stats:
        return int(f.stats["HP"])
    return attr(f, "STR") + attr(f, "WIL") + SIZE_BASE_HP + f.size


def move_allowance(f: Fighter) -> int:
    """Tiles of normal movement: ``MOV`` (house default 4); prone: 1 (G1-7)."""
    if f.posture == "prone":
        return 1
    return int(f.stats.get("MOV", DEFAULT_MOVE))


def item_info(item: str | None) -> dict[str, Any]:
    return ITEMS.get(item or "fist", ITEMS["fist"])


def is_weapon(item: str | None) -> bool:
    return item_info(item)["kind"] in ("weapon", "unarmed")


def is_restraint(item: str | None) -> bool:
    return item is not None and ITEMS.get(item, {}).get("kind") == "restraint"


def reach(item: str | None) -> int:
    """G1-6: the weapon's Reach keyword; unarmed 0."""
    return int(item_info(item)["reach"])


def free_hands(f: Fighter, *, dropped: tuple[str, ...] = ()) -> list[str]:
    """G1-10: hands holding nothing (after dropping ``dropped``), plus prehensile limbs listed in traits."""
    gone = list(dropped)
    out = []
    for hand, held in f.hands.items():
        if hand in f.crippled:
            continue
        if held is not None and held in gone:
            gone.remove(held)
            # a two-handed weapon dropped frees both hands
            if item_info(held)["hands"] == 2:
                gone.append(held)
            held = None
        if held is None:
            out.append(hand)
    out.extend(str(x) for x in f.traits.get("prehensile", []))
    return out


def held_weapons(f: Fighter) -> list[str]:
    """The weapons in the fighter's hands (each once), not counting one loosened to free a hand."""
    loose = f.counters.get("edge.loose")
    out: list[str] = []
    for held in f.hands.values():
        if held and held not in out and is_weapon(held) and held != loose:
            out.append(held)
    return out


def normalise_stats(f: Fighter, where: str) -> None:
    """Long names -> keys; unknown names are an error naming the field."""
    out: dict[str, int] = {}
    for key, value in f.stats.items():
        k = ALIASES.get(key, key)
        if k not in STATS:
            known = " ".join(STATS)
            raise ValueError(f"{where}.stats.{key}: edge has no stat {key!r} (its stats: {known})")
        out[k] = value
    f.stats = out
