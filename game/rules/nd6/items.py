"""Weapons, armour and gear of ``nd6-tactical`` as plain data (seed 003; G3-6, G3-12, G3-24, G3-27).

The seed gives few item numbers: the rest is house data (G3-12), chosen once here so every rule module,
the computer and ``clinch items nd6-tactical`` read the same figures. Each item is a dict with these keys
(a key that does not apply is left out; read them with ``.get``):

- ``name`` (display) and ``kind``: ``melee``, ``thrown``, ``missile`` (firearms, energy weapons, the stun
  gun and the flame thrower: the computer keeps its distance with these), ``grenade``, ``armour``, ``gear``.
- ``hands`` (1 or 2, items held in the hand) and ``st``, the minimum ST to use it (0: none; S3-AUTO-4
  takes -1 DX per missing point). Shotguns add ``st_one_handed``, the seed's ST to fire with one hand.
- ``dx``: the DX adjustment while it is used (an unbalanced improvised weapon: -1, S3-IMPROV-10) or worn
  (armour, gas mask: G3-6, S3-SMOKE-9).
- ``damage``: a fixed expression (``"2d6+1"``) or a column of the unarmed table by ST (S3-UNARMED-3):
  ``"st:base"`` (the Damage column), ``"st:hth"``, ``"st:brass_hth"``, ``"st:club1"`` (one-handed club),
  ``"st:club2"`` (two-handed club, knife in HTH). For a missile weapon it is the damage of one shot.
- ``hth_damage``: the same kind of value, used inside hand-to-hand. Only items that have it may be used
  in HTH (knives, brass knuckles and pistols: S3-HTH-8, S3-IMPROV-9, S3-UNARMED-5/6); they also carry the
  tag ``hth_ok``.
- ``damage_type``: the kind of its hits when not crushing or cutting (the laser's are burning, S3-DMG-6).
- ``melee_damage``: the bayonet's thrust of ``rifle_bayonet`` (whose ``damage`` is its shot).
- ``tags``: ``improvised``, ``club``, ``knife``, ``rock`` (may be thrown as a rock for base damage,
  S3-IMPROV-5/7; ``range`` is then its throwing range), ``fragile`` (breaks on a hit, S3-IMPROV-10, into
  ``breaks_into`` when that is given), ``no_drop`` (S3-IMPROV-9), ``pole``, ``long`` (jabs 2 hexes,
  S3-POLE-3), ``bayonet``, ``cutting``, ``two_handed`` (exactly the items with ``hands`` 2), ``staff``,
  ``sword`` (the Sword skill, S3-SWORD-1), ``energy`` (S3-SWORD-2, S3-ENERGY), ``breaks_parry``
  (S3-SWORD-5/6), ``stun`` (S3-STUN), ``fire`` (+2 damage, S3-FIRE-2), ``firearm``, ``shotgun``,
  ``shield``, ``defend`` (may be used to defend, S3-STAFF-3), ``hth_ok``.
- Ranged data: ``range`` (effective range in hexes), ``rof`` (shots a turn, or ``"semi/burst/full"``
  for selective fire, S3-AUTO-3), ``rounds`` (magazine), ``battery`` (dice of energy, G3-24), and for
  shotguns ``ammo`` (what it is loaded with) and ``choke`` (``wide`` or ``narrow``, S3-SHOTGUN-10..12).
- Armour: ``stops`` (hits stopped per attack), ``dx`` and ``mov`` (the MOV it caps, G3-6).

Ranges are house figures in hexes for maps of tens of hexes: a pistol's 15 hexes is 5 MH, where G3-12's
range penalty reaches -2. Nothing here imports the rest of the game: it is data and two readers.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ITEMS", "SHOT_DAMAGE", "SHOT_ST", "SHOT_RANGE", "PISTOL_RANGE", "item", "has_tag"]

#: a pistol's effective range in hexes (house, G3-12); the stun gun shares it (SITUATION-FORMAT)
PISTOL_RANGE = 15

#: S3-SHOTGUN-5: damage of one shot by ammunition, whatever the gun
SHOT_DAMAGE: dict[str, str] = {"birdshot": "2d6", "buckshot": "4d6", "slug": "5d6"}
#: S3-SHOTGUN-6 read by G3-27: ST to fire, relative to the gun's listed ``st``
SHOT_ST: dict[str, int] = {"birdshot": -2, "buckshot": 0, "slug": 1}
#: S3-SHOTGUN-7 read by G3-27: effective range in percent of the gun's listed ``range`` (buckshot, narrow
#: choke), by ammunition and choke; slugs have no spread, so the choke does not matter for them
SHOT_RANGE: dict[tuple[str, str], int] = {
    ("buckshot", "narrow"): 100, ("birdshot", "wide"): 40, ("birdshot", "narrow"): 70,
    ("buckshot", "wide"): 70, ("slug", "narrow"): 200, ("slug", "wide"): 200,
}


def _melee(name: str, damage: str, *tags: str, hands: int = 1, st: int = 0, **kw: Any) -> dict[str, Any]:
    """One melee weapon; ``two_handed`` is added to the tags of every two-handed item, so the tag and
    ``hands`` never disagree."""
    out: dict[str, Any] = {"name": name, "kind": "melee", "hands": hands, "st": st, "damage": damage}
    out.update(kw)
    out["tags"] = sorted(set(tags) | ({"two_handed"} if hands == 2 else set()))
    return out


def _missile(name: str, damage: str, *tags: str, hands: int, st: int, range: int, rof: int | str,
             **kw: Any) -> dict[str, Any]:
    """One missile weapon: a firearm, an energy weapon, the stun gun or the flame thrower."""
    out: dict[str, Any] = {"name": name, "kind": "missile", "hands": hands, "st": st, "damage": damage,
                           "range": range, "rof": rof}
    out.update(kw)
    out["tags"] = sorted(set(tags) | ({"two_handed"} if hands == 2 else set()))
    return out


def _grenade(name: str, *tags: str, **kw: Any) -> dict[str, Any]:
    """A grenade or molotov: thrown at a hex, not at a figure (S3-GRENADE-2/23); its effects are rules
    of S3-GRENADE and S3-SMOKE (fixed hits, clouds), not item data, except the fragmentation dice."""
    out: dict[str, Any] = {"name": name, "kind": "grenade", "hands": 1, "st": 0}
    out.update(kw)
    if tags:
        out["tags"] = sorted(tags)
    return out


ITEMS: dict[str, dict[str, Any]] = {
    # -- improvised weapons (S3-IMPROV-1..10) and the unarmed table's columns (S3-UNARMED-3..8) --------
    # A knife outside HTH is not in the seed: ruling ND6-4 gives it base +2 ("st:brass_hth"), between a
    # punch (base) and a one-handed club (base +3). In HTH a knife is base +4 (S3-UNARMED-5).
    "knife": _melee("knife", "st:brass_hth", "knife", "cutting", "hth_ok", hth_damage="st:club2"),
    # S3-IMPROV-6: a broken bottle is of the knife class (same damage as a knife, ND6-4 outside HTH)
    "broken_bottle": _melee("broken bottle", "st:brass_hth", "knife", "cutting", "improvised", "hth_ok",
                            hth_damage="st:club2"),
    # S3-IMPROV-3/8, S3-UNARMED-7: one-handed club base +3, two-handed club base +4
    "club": _melee("club", "st:club1", "club", "improvised"),
    "club_2h": _melee("two-handed club", "st:club2", "club", "improvised", hands=2),
    # S3-IMPROV-10 (house values): a chair is an unbalanced two-handed club (-1 DX) that breaks on a hit,
    # leaving a leg in the hand, a one-handed club
    "chair": _melee("chair", "st:club2", "club", "improvised", "fragile", hands=2, dx=-1, breaks_into="club"),
    # S3-IMPROV-5/7, S3-UNARMED-8: a rock thrown does base damage; its range is house (S3-IMPROV-11 left
    # the range by ST a placeholder)
    "rock": {"name": "rock", "kind": "thrown", "hands": 1, "st": 0, "damage": "st:base", "range": 10,
             "tags": ["improvised", "rock"]},
    # S3-IMPROV-5/10 (house values): a bottle thrown is a rock (base damage); swung it is an unbalanced
    # one-handed club (-1 DX) that breaks on a hit into a broken bottle (S3-IMPROV-6)
    "bottle": _melee("bottle", "st:club1", "club", "improvised", "rock", "fragile", dx=-1, range=10,
                     breaks_into="broken_bottle"),
    # S3-IMPROV-9, G3-15: counts as a club (base +3) in regular combat, always one-handed, never thrown
    # nor knocked from the hand; in HTH base +2 (S3-UNARMED-6)
    "brass_knuckles": _melee("brass knuckles", "st:club1", "club", "no_drop", "hth_ok",
                             hth_damage="st:brass_hth"),
    # S3-FIRE-2: a lit torch is a flaming club: club damage, +2 for the fire tag
    "torch": _melee("torch", "st:club1", "club", "fire", "improvised"),
    # -- pole arms, the staff, bayonets (S3-POLE, S3-STAFF, S3-BAYONET) --------------------------------
    # S3-STAFF-1/2/3: ST 11, 1d6+2, may defend
    "staff": _melee("staff", "1d6+2", "staff", "defend", hands=2, st=11),
    # SITUATION-FORMAT house data: 2d6, long (jabs two hexes, S3-POLE-3); ST 11 is house
    "pole_arm": _melee("pole arm", "2d6", "pole", "long", hands=2, st=11),
    # S3-BAYONET-1/2: a rifle with a knife fitted; the thrust does knife damage (ND6-4 outside HTH, and a
    # bayonet is not an HTH weapon); the rifle's own data is house (3d6, ST 10, one shot a turn, 10 rounds)
    "rifle_bayonet": _missile("rifle with bayonet", "3d6", "bayonet", "firearm", hands=2, st=10, range=60,
                              rof=1, rounds=10, melee_damage="st:brass_hth"),
    # -- cutting weapons and swords (S3-SWEEP-1, S3-SWORD) ---------------------------------------------
    # SITUATION-FORMAT: broadsword and katana 2d6, fire axe 2d6+1, all two-handed cutting (they sweep,
    # S3-SWEEP-1); the ST minimums are house
    "broadsword": _melee("broadsword", "2d6", "cutting", "sword", hands=2, st=12),
    "katana": _melee("katana", "2d6", "cutting", "sword", hands=2, st=11),
    "fire_axe": _melee("fire axe", "2d6+1", "cutting", hands=2, st=12),
    # S3-SWORD-1..6: Sword skill; the plasma sword is an energy weapon and breaks any parrying weapon but
    # another plasma sword; the monofilament sword breaks every parrying weapon. One-handed and their ST
    # are house; the plasma sword's battery is not counted (house: a battle is too short to drain it)
    "plasma_sword": _melee("plasma sword", "3d6", "cutting", "sword", "energy", "breaks_parry", st=9),
    "mono_sword": _melee("monofilament sword", "2d6+2", "cutting", "sword", "breaks_parry", st=9),
    # -- stun weapons (S3-STUN-1..3) and the shield (S3-SLAM-1) -----------------------------------------
    # house: a stun baton does little damage; any hit that gets through armour calls for the stun roll
    "stun_baton": _melee("stun baton", "1d6-2", "stun"),
    # house: a riot shield held in one hand stops 1 hit per attack at no DX cost, and leads a shield
    # rush (S3-SLAM-1)
    "shield": {"name": "shield", "kind": "armour", "hands": 1, "stops": 1, "dx": 0, "tags": ["shield"]},
    # -- firearms (S3-AUTO, G3-12) ----------------------------------------------------------------------
    # SITUATION-FORMAT: pistol 2d6, ST 8; it fires inside HTH (S3-HTH-8). Rate and magazine are house.
    "pistol": _missile("pistol", "2d6", "firearm", "hth_ok", hands=1, st=8, range=PISTOL_RANGE, rof=2,
                       rounds=10, hth_damage="2d6"),
    # S3-AUTO-3, S3-AUTO-11: 4/2/13, magazine 25; 3d6 and ST 10 are SITUATION-FORMAT house data
    "assault_rifle": _missile("assault rifle", "3d6", "firearm", hands=2, st=10, range=60, rof="4/2/13",
                              rounds=25),
    # S3-SHOTGUN-10..12 (damage, rounds, shots a turn, ST two-handed / one-handed, choke, load); the listed
    # ranges (buckshot, narrow choke, G3-27) are house
    "hunting_shotgun": _missile("hunting shotgun", "2d6", "firearm", "shotgun", hands=2, st=10, range=30,
                                rof=2, rounds=5, ammo="birdshot", choke="wide"),
    "combat_shotgun": _missile("combat shotgun", "4d6", "firearm", "shotgun", hands=2, st=13, range=30,
                               rof=3, rounds=8, ammo="buckshot", choke="narrow", st_one_handed=23),
    "sawed_off_shotgun": _missile("sawed-off shotgun", "4d6", "firearm", "shotgun", hands=2, st=12,
                                  range=12, rof=2, rounds=2, ammo="buckshot", choke="wide", st_one_handed=22),
    # -- energy and stun guns (S3-ENERGY, S3-STUN) -------------------------------------------------------
    # S3-ENERGY-3, G3-24: up to 6d6 a shot, split into shots of 1d6 or more; battery of 48 dice
    # (SITUATION-FORMAT); one full shot a turn and ST 8 are house
    "laser_rifle": _missile("laser rifle", "6d6", "energy", hands=2, st=8, range=60, rof=1, battery=48,
                            damage_type="burning"),  # S3-DMG-6: damage of its own kind
    # SITUATION-FORMAT: 1d6-2, a ranged weapon with a pistol's range; shots are house
    "stun_gun": _missile("stun gun", "1d6-2", "stun", hands=1, st=0, range=PISTOL_RANGE, rof=1, rounds=6),
    # S3-FLAMER-2: a full load is 4 small bursts (a large one uses 2): ``rounds`` counts small bursts;
    # the fire's hits are S3-FLAMER rules. ST and range are house
    "flamethrower": {"name": "flame thrower", "kind": "missile", "hands": 2, "st": 12, "range": 10,
                     "rof": 1, "rounds": 4, "tags": ["fire", "two_handed"]},
    # S3-GRENADE-14: one-handed for size; house: three turns of foam
    "fire_extinguisher": {"name": "fire extinguisher", "kind": "gear", "hands": 1, "rounds": 3},
    # -- grenades (S3-GRENADE, S3-SMOKE) ----------------------------------------------------------------
    # S3-GRENADE-18: high explosive, 4d6 in the megahex where it lands (2d6 around it: a rule)
    "frag_grenade": _grenade("fragmentation grenade", damage="4d6"),
    "molotov": _grenade("molotov", "fire", "fragile"),
    "incendiary_grenade": _grenade("incendiary grenade", "fire"),
    "smoke_grenade": _grenade("smoke grenade"),
    "tear_gas_grenade": _grenade("tear gas grenade"),
    # -- worn (G3-6 house numbers; S3-SMOKE-9; S3-AUTO-6) -----------------------------------------------
    "armored_vest": {"name": "armored vest", "kind": "armour", "stops": 3, "dx": 0},
    "jacket": {"name": "armored jacket", "kind": "armour", "stops": 4, "dx": -1},
    "full_body_armor": {"name": "full body armor", "kind": "armour", "stops": 6, "dx": -2, "mov": 8},
    "gas_mask": {"name": "gas mask", "kind": "gear", "dx": -1},
    "bipod": {"name": "bipod", "kind": "gear"},
    "tripod": {"name": "tripod", "kind": "gear"},
}


def item(item_id: str | None) -> dict[str, Any]:
    """The item's data, or an empty dict for no item (bare hands) or an id this ruleset does not know,
    so callers read ``item(x).get("dx", 0)`` without a check first."""
    return ITEMS.get(item_id or "", {})


def has_tag(item_id: str | None, tag: str) -> bool:
    """Whether the item carries ``tag`` (False for bare hands and unknown ids)."""
    return tag in item(item_id).get("tags", ())
