"""Attack rolls, armour class, damage, criticals, parries and the special attacks (S4-ATTACK .. S4-WATER).

One function makes every attack: :func:`strike`. It builds the modifiers
(each with its reason and rule), rolls d20 against the target's AC (the roll
event carries ``dc`` and ``dc_modifiers``), handles natural 1 and 20, the
critical confirmation, the defender's parry and blocking roll, damage, and the
special results (firing into melee, the mount hit instead of its rider).
Dice order: attack d20, [critical confirmation d20], [parry d20, block die],
damage dice, then rolls that follow from the damage (morale, saves).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.hexgrid import arc_of, hex_distance, hex_linedraw, hex_neighbors
from game.rules import events as E
from game.rules.common import Mod
from game.rules.d20.abilities import attack_bonus, bonus, class_of, current_hp, level_of, save_target, trait
from game.rules.d20.initiative import POLICY
from game.rules.d20.items import damage_dice, item, magic_bonus
from game.rules.d20.status import (
    armour_of,
    can_see,
    engaged_with,
    feet_per_hex,
    holders_of,
    is_held,
    is_helpless,
    is_large,
    is_mount,
    is_mounted,
    is_surprised,
    is_underwater,
    mark,
    mount_of,
    rider_of,
    shield_of,
    this_round,
)

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

Event = dict[str, Any]

__all__ = ["armour_class", "attack_mods", "strike", "Strike", "apply_damage", "d20_roll", "save_roll",
           "SOFT_COVER", "cover_level", "weapon_kind", "range_band", "is_unaware"]

#: terrain that only conceals (S4-COVER-1); any other cover is hard (S4-COVER-2)
SOFT_COVER = frozenset({"bush", "rough", "foliage", "fog", "tall_grass", "rug"})


def d20_roll(r: Resolution, actor: str, label: str, rule: str, base: int, mods: list[Mod], dc: int,
             dc_mods: list[Mod] | None = None, *, attack: bool = True, immune: bool = False) -> Event:
    """Roll d20 + base + modifiers against ``dc``; natural 1 misses and 20 hits an attack (S4-ATTACK-2/3)."""
    face = r.dice.roll(1, 20, label, rule)[0]
    total = face + base + sum(m.value for m in mods)
    success = total >= dc
    ev: Event = {"type": "roll", "actor": actor, "label": label, "rule": rule, "base": base,
                 "modifiers": [m.to_dict() for m in mods], "dc": dc, "dice": [face], "total": total}
    if dc_mods:
        ev["dc_modifiers"] = [m.to_dict() for m in dc_mods]
    if attack:
        if face == 1:
            success = False
            ev["critical"] = "failure"
            ev["natural"] = "a natural 1 always misses (S4-ATTACK-2)"
        elif face == 20:
            success = not immune
            ev["critical"] = "success"
            ev["natural"] = ("a natural 20 hits (S4-ATTACK-3)" if not immune
                             else "a natural 20, but this weapon cannot hurt the target (S4-ATTACK-3)")
        elif immune:
            success = False
    ev["success"] = success
    ev["margin"] = total - dc
    return r.note(ev)


def save_roll(r: Resolution, f: Fighter, label: str, rule: str, *, kind: str = "death",
              mods: list[Mod] | None = None) -> Event:
    """A saving throw (G4-4): d20 + modifiers >= the save number."""
    target, mod, why = save_target(f, kind)
    mods = list(mods or [])
    if mod:
        mods.append(Mod(mod, why, "G4-4"))
    ev = d20_roll(r, f.id, label, rule, 0, [m for m in mods if m.value], target, attack=False)
    ev["save"] = kind
    return ev


# -- armour class ---------------------------------------------------------------------------------------------

def is_unaware(battle: Battle, target: Fighter, attacker: Fighter | None) -> bool:
    """The attack comes as a surprise: the target is surprised, or cannot see the attacker (S4-PARRY-12, G4-15)."""
    if attacker is None:
        return False
    if is_surprised(battle, target):
        return True
    return not can_see(battle, target.hex, attacker.hex)


def cannot_place(battle: Battle, target: Fighter, attacker: Fighter | None) -> bool:
    """S4-UNARMORED-3: the target neither knows of the attacker nor roughly where it is: it cannot see it.
    Surprise alone is not it: the surprised still defend themselves at no penalty to AC (S4-SURPRISE-6)."""
    return attacker is not None and not can_see(battle, target.hex, attacker.hex)


def base_ac(battle: Battle, f: Fighter, attacker: Fighter | None = None) -> tuple[int, list[Mod]]:
    """(AC before situational modifiers, how it is made): armour or 11, DEX, shield, protective magic."""
    parts: list[Mod] = []
    shield = shield_of(f)
    sh = item(shield)
    bashed = this_round(battle, f, "bash") is not None
    if "AC" in f.stats:
        ac = int(f.stats["AC"])
        parts.append(Mod(ac, "AC as given", ""))
        if shield and bashed:
            loss = int(sh.get("ac", 1)) + int(sh.get("magic", 0))
            ac -= loss
            parts.append(Mod(-loss, "shield used to bash: no AC from it this round", "S4-BASH-4"))
        return ac, parts
    arm = armour_of(f)
    if arm is None:
        ac = 11
        parts.append(Mod(11, "no armour: base AC 11", "S4-UNARMORED-1"))
        dex = bonus(f, "DEX")
        if dex and not (dex > 0 and cannot_place(battle, f, attacker)):
            ac += dex
            parts.append(Mod(dex, "DEX bonus", "S4-UNARMORED-1"))
        elif dex > 0:
            parts.append(Mod(0, "DEX bonus lost: unarmoured against a foe it cannot see", "S4-UNARMORED-3"))
    else:
        ac = int(item(arm)["ac"])
        parts.append(Mod(ac, item(arm)["name"], "G4-5"))
        dex = bonus(f, "DEX")
        if dex:
            ac += dex
            parts.append(Mod(dex, "DEX bonus (house rule)", "G4-5"))
    if shield and not bashed:
        v = int(sh.get("ac", 1)) + int(sh.get("magic", 0))
        ac += v
        parts.append(Mod(v, sh["name"], "S4-UNARMORED-2" if arm is None else "G4-5"))
    elif shield:
        parts.append(Mod(0, "shield used to bash: no AC from it this round", "S4-BASH-4"))
    prot = sum(int(item(it).get("protection", 0)) for it in list(f.items) + [h for h in f.hands.values() if h])
    if prot:
        ac += prot
        parts.append(Mod(prot, "protective magic (ring, cloak)", "S4-UNARMORED-2"))
    return ac, parts


def armour_class(battle: Battle, target: Fighter, attacker: Fighter | None = None,
                 kind: str = "melee") -> tuple[int, list[Mod]]:
    """(effective AC, situational modifiers) of ``target`` against ``attacker``."""
    ac, _ = base_ac(battle, target, attacker)
    mods: list[Mod] = []
    if target.posture == "prone":
        mods.append(Mod(-4, "prone", "S4-PRONE-1"))
    charge = this_round(battle, target, "charge")
    if charge is not None:
        joust = attacker is not None and charge.get("joust") and charge.get("target") == attacker.id
        if not joust:
            mods.append(Mod(-2, "charged this round", "S4-CHARGE-7"))
    if is_held(battle, target.id) and attacker is not None and attacker.id not in holders_of(battle, target.id):
        mods.append(Mod(-4, "held by another (not cumulative)", "S4-HELD-2"))
    if "stunned" in target.conditions:
        mods.append(Mod(-2, "stunned", "S4-JOUST-5"))
    if attacker is not None and kind in ("melee", "brawl", "wrestle") and not is_mounted(battle, attacker) \
            and is_mounted(battle, target):
        mods.append(Mod(1, "mounted, against a foe on foot", "S4-MOUNT-4"))
    if attacker is not None and trait(target, "halfling", 0) and is_large(battle, attacker):
        mods.append(Mod(2, "halfling against a Large foe (house rule)", "S4-MOUNT-14"))
    if attacker is not None and kind in ("melee", "brawl", "wrestle"):
        dfn = this_round(battle, target, "defense")
        mode = dfn.get("mode") if dfn else None
        weapon = _two_handed_staff(target)
        if mode == "off_hand" and (dfn.get("against") in (None, attacker.id)):
            off = _off_hand_weapon(target)
            if off:
                mods.append(Mod(1, "defensive off-hand weapon against one attacker", "S4-TWOWEAPON-7"))
                if magic_bonus(off):
                    mods.append(Mod(magic_bonus(off), "the off-hand weapon's magic (its base bonus only)",
                                    "S4-TWOWEAPON-8"))
                if trait(target, "specialization", None) == off:
                    mods.append(Mod(1, "specialization with the off-hand weapon", "S4-TWOWEAPON-8"))
        elif mode == "staff" and weapon:
            mods.append(Mod(1, "staff used as a shield against every melee attacker", "S4-STAFF-3"))
            if magic_bonus(weapon):
                mods.append(Mod(magic_bonus(weapon), "the staff's magic (its base bonus only)", "S4-STAFF-4"))
        elif weapon and this_round(battle, target, "staff_two") is None:
            used = this_round(battle, target, "staff_parry")
            if used is None or used.get("against") == attacker.id:
                mods.append(Mod(1, "staff in both hands parries one melee attack", "S4-STAFF-2"))
                if magic_bonus(weapon):
                    mods.append(Mod(magic_bonus(weapon), "the staff's magic (its base bonus only)", "S4-STAFF-4"))
    return ac + sum(m.value for m in mods), mods


def _two_handed_staff(f: Fighter) -> str | None:
    held = [it for it in f.hands.values() if it]
    for it in held:
        if item(it).get("staff") and (item(it).get("hands") == 2 or held.count(it) == 2):
            return it
    return None


def _off_hand_weapon(f: Fighter) -> str | None:
    it = f.hands.get("left")
    return it if item(it).get("small") else None


# -- attack modifiers -------------------------------------------------------------------------------------------

def weapon_kind(weapon: str | None, thrown: bool = False) -> str:
    it = item(weapon)
    if it.get("kind") == "missile" or thrown:
        return "missile"
    return "melee"


def range_band(battle: Battle, a: Fighter, t: Fighter, weapon: str) -> tuple[int, str] | None:
    """(modifier, band) for a ranged attack at this distance (G4-6), None beyond long range."""
    feet = hex_distance(a.hex, t.hex) * feet_per_hex(battle)
    short, medium, long_ = item(weapon).get("range", [10, 20, 30])
    if feet <= short:
        return 1, "short range"
    if feet <= medium:
        return 0, "medium range"
    if feet <= long_:
        return -2, "long range"
    return None


def cover_level(battle: Battle, a: Fighter, t: Fighter) -> tuple[int, bool, str]:
    """(level 0-4, hard?, what) between attacker and target: terrain and fighters in between (S4-COVER-1..3)."""
    best, hard, what = 0, False, ""
    line = hex_linedraw(a.hex, t.hex)
    for h in line[1:]:
        c = battle.board.cell(h)
        if c is not None and c.cover:
            lvl = min(4, int(c.cover))
            is_hard = c.terrain not in SOFT_COVER
            if (lvl * (2 if is_hard else 1)) > (best * (2 if hard else 1)):
                best, hard, what = lvl, is_hard, c.terrain
    between = [f for f in battle.fighters if f.hex in line[1:-1] and f.id not in (a.id, t.id)
               and not is_mount(f) and "dead" not in f.conditions]
    if between:
        lvl = min(4, len(between))
        if lvl * 2 > best * (2 if hard else 1):
            best, hard, what = lvl, True, "fighters in the way"
    return best, hard, what


def is_sneak_attack(battle: Battle, a: Fighter, t: Fighter) -> bool:
    """G4-15: a Thief's Sneak Attack on a target unaware of it."""
    return class_of(a) == "thief" and is_unaware(battle, t, a)


def attack_mods(battle: Battle, a: Fighter, t: Fighter, weapon: str | None, kind: str, *,
                option: str | None = None, free: bool = False) -> list[Mod]:
    """Every adjustment to an attack roll, with reasons and rule IDs (S4-ATTACK-1 and the situational rules)."""
    mods: list[Mod] = []
    it = item(weapon)
    if kind == "missile" or (it.get("light") and kind == "melee"):
        v = bonus(a, "DEX")
        if v:
            mods.append(Mod(v, "DEX bonus (missile or light weapon)", "S4-ATTACK-1"))
    else:
        v = bonus(a, "STR")
        if v:
            mods.append(Mod(v, "STR bonus (melee or thrown)", "S4-ATTACK-1"))
    if magic_bonus(weapon, t):
        mods.append(Mod(magic_bonus(weapon, t), "magic weapon", "G4-6"))
    if trait(a, "specialization", None) == weapon and weapon:
        mods.append(Mod(1, "weapon specialization (house rule)", "G4-15"))
    sneak = is_sneak_attack(battle, a, t) and kind != "missile"
    if sneak:
        mods.append(Mod(4, "Sneak Attack on an unaware target (house rule)", "G4-15"))
    elif kind in ("melee", "brawl", "wrestle") and arc_of(t.hex, t.facing, a.hex) == "rear" and a.hex != t.hex:
        mods.append(Mod(2, "from behind", "S4-REAR-1"))
    if kind == "missile":
        band = range_band(battle, a, t, weapon) if weapon else None
        if band and band[0]:
            mods.append(Mod(band[0], band[1], "G4-6"))
        aim = this_round_prev(battle, a, "aim")
        if aim:
            mods.append(Mod(4, "aimed last round", "S4-AIM-2"))
        if option == "careful" and in_melee(battle, a, t):
            mods.append(Mod(-4, "firing into melee, taking care not to hit a friend", "S4-RANGED-2"))
        elif option == "careful" and any(f.side == a.side for f in engaged_with(battle, t)):
            mods.append(Mod(0, "a Large target fought by man-sized foes: no care needed", "S4-RANGED-4"))
        last = t.counters.get("last")
        if isinstance(last, dict) and last.get("type") in ("run", "charge") and last.get("round", 0) >= battle.round - 1:
            mods.append(Mod(-2, "the target ran", "S4-RANGED-5"))
        m = mount_of(battle, a)
        moved = this_round(battle, a, "moved")
        if m is not None and moved and moved.get("feet", 0) > 30:
            mods.append(Mod(-4, "shooting from a mount that moved more than 30'", "S4-MOUNT-10"))
    lvl, hard, what = cover_level(battle, a, t)
    if lvl:
        v = lvl * (2 if hard else 1)
        mods.append(Mod(-v, f"{'hard cover' if hard else 'concealment'}: {what}",
                        "S4-COVER-2" if hard else "S4-COVER-1"))
    if kind == "melee" and is_mounted(battle, a) and not is_mount(a) and not is_mounted(battle, t):
        mods.append(Mod(1, "mounted, against a foe on foot", "S4-MOUNT-3"))
    if not is_mount(a):
        m = mount_of(battle, a)
        if m is not None and not mount_trained(m) and kind in ("melee", "missile"):
            mods.append(Mod(-2, "riding a mount not trained for combat", "S4-MOUNT-11"))
    if option == "subdue":
        mods.append(Mod(-4, "striking with the flat to subdue", "S4-SUBDUE-1"))
    if option == "kick":
        mods.append(Mod(-2, "kick", "S4-BRAWL-2"))
    dfn = this_round(battle, a, "defense")
    if dfn and dfn.get("mode") == "partial":  # every attack roll that round, free ones too (S4-PARRY-2)
        mods.append(Mod(-4, "partial defence", "S4-PARRY-2"))
    if "stunned" in a.conditions:
        mods.append(Mod(-2, "stunned", "S4-JOUST-5"))
    if "maimed" in a.conditions:
        mods.append(Mod(-2, "lingering injury (house rule)", "S4-CRIT-5"))
    if is_underwater(battle, a) and not trait(a, "aquatic", 0):
        mods.append(Mod(-2, "a surface dweller fighting under water", "S4-WATER-1"))
    if option in ("two_weapon", "staff_two", "staff_second"):
        pen = max(0, 2 - max(0, bonus(a, "DEX")))
        if pen:
            mods.append(Mod(-pen, "two-weapon fighting: primary hand -2, less DEX bonus", "S4-TWOWEAPON-1"))
    if option == "off_hand_only":
        pen = max(0, 3 - max(0, bonus(a, "DEX")))
        if pen:
            mods.append(Mod(-pen, "off-hand attack alone: -3, less DEX bonus", "S4-TWOWEAPON-6"))
    if trait(a, "grasping", 0) and kind == "wrestle":
        extra = max(0, int(a.arms) - 2)
        if extra:
            mods.append(Mod(extra, f"{extra} extra grasping limbs", "S4-MONSTER-2"))
    return mods


def this_round_prev(battle: Battle, f: Fighter, key: str) -> dict[str, Any] | None:
    rec = f.counters.get(key)
    if isinstance(rec, dict) and rec.get("round") == battle.round - 1:
        return rec
    return None


def in_melee(battle: Battle, shooter: Fighter, t: Fighter) -> list[Fighter]:
    """Friends of the shooter in melee with the target (S4-RANGED-2/3), unless S4-RANGED-4 excuses it."""
    friends = [f for f in engaged_with(battle, t) if f.side == shooter.side and f.id != shooter.id]
    if friends and t.size >= 1 and all(f.size <= 0 for f in engaged_with(battle, t)):
        return []  # S4-RANGED-4: a Large target whose melee foes are all man-sized or smaller
    return friends


def mount_trained(m: Fighter) -> bool:
    """S4-MOUNT-11/12: trained for combat, or near-human INT (7+) or better; magical fear undoes it (S4-MOUNT-21)."""
    if "frightened" in m.conditions:
        return False
    return bool(trait(m, "trained", 0)) or int(m.stats.get("INT", 2)) >= 7


# -- the attack -------------------------------------------------------------------------------------------------

@dataclass
class Strike:
    """What one attack did (for callers that chain: two-weapon, parting shots, wrestling)."""

    roll: Event | None = None
    hit: bool = False
    critical: bool = False
    damage: int = 0
    parried: bool = False
    target: str = ""
    events: list[Event] = field(default_factory=list)


def _parry_limit(battle: Battle, t: Fighter, mode: str) -> tuple[int | None, int]:
    """(parries allowed this round or None for every attack, cumulative penalty a parry after the first)."""
    if mode == "total":
        return None, 1
    if class_of(t) == "fighter":
        return max(1, level_of(t)), 2
    return 1, 2


def can_parry(battle: Battle, t: Fighter, a: Fighter, kind: str, *, free: bool, surprise: bool) -> tuple[bool, str, str]:
    """(may parry, why not, rule)."""
    dfn = this_round(battle, t, "defense")
    if not dfn or dfn.get("mode") not in ("partial", "total"):
        return False, "not in defensive combat", "S4-PARRY-1"
    if surprise or is_unaware(battle, t, a):
        return False, "a surprise attack cannot be parried", "S4-PARRY-12"
    if free and not dfn.get("before", True):
        return False, "a free attack is parried only by a fighter already defending", "S4-PARRY-13"
    if kind == "missile" and not (class_of(t) == "fighter" and shield_of(t)):
        return False, "ranged attacks cannot be parried", "S4-PARRY-14"
    if not (shield_of(t) or any(item(h).get("kind") == "melee" for h in t.hands.values() if h)):
        return False, "nothing to parry with", "S4-PARRY-4"
    limit, _ = _parry_limit(battle, t, dfn["mode"])
    used = int(dfn.get("parries", 0))
    if limit is not None and used >= limit:
        return False, f"no parries left this round ({used} used)", "S4-PARRY-10"
    return True, "", ""


def _parry(r: Resolution, t: Fighter, a: Fighter, kind: str, attack_total: int) -> tuple[bool, int]:
    """S4-PARRY-4..11: the parry roll, then (on success) the blocking roll. Returns (parried, block)."""
    battle = r.battle
    dfn = dict(this_round(battle, t, "defense") or {})
    mode = dfn.get("mode", "partial")
    shield = shield_of(t)
    mods: list[Mod] = []
    ab = attack_bonus(t)
    if shield:
        mods.append(Mod(2, "parrying with a shield: basic melee AB + 2", "S4-PARRY-5"))
    else:
        weapon = next((h for h in t.hands.values() if item(h).get("kind") == "melee"), None)
        if trait(t, "specialization", None) == weapon and weapon:
            mods.append(Mod(1, "specialization", "S4-PARRY-4"))
    if mode == "total":
        mods.append(Mod(4, "total defence", "S4-PARRY-6"))
    used = int(dfn.get("parries", 0))
    _, step = _parry_limit(battle, t, mode)
    if used:
        mods.append(Mod(-step * used, f"parry number {used + 1} this round",
                        "S4-PARRY-11" if mode == "total" else "S4-PARRY-10"))
    if kind == "missile":
        mods.append(Mod(-8, "a Fighter with a shield parrying a missile", "S4-PARRY-14"))
    dfn["parries"] = used + 1
    r.emit(E.stat(t.id, "counters.defense", dfn))
    face = r.dice.roll(1, 20, f"{t.label}'s parry", "S4-PARRY-4")[0]
    total = face + ab + sum(m.value for m in mods)
    ok = total > attack_total
    r.note({"type": "roll", "actor": t.id, "label": "parry", "rule": "S4-PARRY-4", "base": ab,
            "modifiers": [m.to_dict() for m in mods], "dc": attack_total + 1, "dice": [face], "total": total,
            "success": ok, "margin": total - attack_total - 1,
            "note": "the parry must beat the attack roll's total; a tie fails (S4-PARRY-7)"})
    if not ok:
        return False, 0
    sides = 8 if shield else 4
    bmods: list[Mod] = []
    sb = bonus(t, "STR")
    if sb:
        bmods.append(Mod(sb, "STR bonus", "S4-PARRY-8"))
    if shield and item(shield).get("magic"):
        bmods.append(Mod(int(item(shield)["magic"]), "magic shield", "S4-PARRY-8"))
    if class_of(t) in ("fighter", "cleric"):
        bmods.append(Mod(level_of(t), "Fighter or Cleric level", "S4-PARRY-8"))
    bf = r.dice.roll(1, sides, f"{t.label}'s blocking roll", "S4-PARRY-8")[0]
    block = bf + sum(m.value for m in bmods)
    r.note({"type": "roll", "actor": t.id, "label": f"blocking roll (d{sides})", "rule": "S4-PARRY-8", "base": 0,
            "modifiers": [m.to_dict() for m in bmods], "dice": [bf], "total": block})
    return True, block


def roll_damage(r: Resolution, a: Fighter, weapon: str | None, *, label: str, rule: str, dice: tuple[int, int],
                mods: list[Mod], maximum: bool = False) -> tuple[int, list[int]]:
    n, d = dice
    faces = [d] * n if maximum else r.dice.roll(n, d, label, rule)
    total = sum(faces) + sum(m.value for m in mods)
    r.note({"type": "roll", "actor": a.id, "label": label, "rule": rule, "base": 0,
            "modifiers": [m.to_dict() for m in mods], "dice": faces, "total": total,
            **({"maximum": True} if maximum else {})})
    return total, faces


def damage_mods(battle: Battle, a: Fighter, weapon: str | None, kind: str) -> list[Mod]:
    mods: list[Mod] = []
    it = item(weapon)
    if kind in ("melee", "thrown") or (kind == "missile" and it.get("thrown")):
        v = bonus(a, "STR")
        if v:
            mods.append(Mod(v, "STR bonus to damage", "G4-6"))
    if it.get("magic"):
        mods.append(Mod(int(it["magic"]), "magic weapon", "G4-6"))
    if trait(a, "specialization", None) == weapon and weapon:
        mods.append(Mod(1, "weapon specialization (house rule)", "G4-15"))
    return mods


def strike(r: Resolution, a: Fighter, t: Fighter, weapon: str | None, *, kind: str = "melee",
           label: str = "", rule: str = "S4-ATTACK-1", extra: list[Mod] | None = None, option: str | None = None,
           defense: str | None = None, free: bool = False, double: str | None = None,
           dice: tuple[int, int] | None = None, dmg_mods: list[Mod] | None = None, dtype: str | None = None,
           subdue: bool = False, no_damage: bool = False, redirect: bool = True) -> Strike:
    """Make one attack and apply its result. ``double``: the reason for double damage (charge, set weapon).

    The steps are helpers in dice order (the module docstring's): the attack roll, the critical
    confirmation, the parry and blocking roll, then the damage; each helper rolls only its own dice."""
    battle = r.battle
    out = Strike(target=t.id)
    it = item(weapon)
    surprise = is_unaware(battle, t, a)
    label = label or (f"{a.label} attacks {t.label}" + (f" with the {it['name']}" if it else ""))
    # S4-HELPLESS-2/3: melee on the helpless hits automatically for twice the maximum
    if kind in ("melee", "brawl") and is_helpless(battle, t) and not no_damage:
        return _strike_helpless(r, a, t, weapon, kind, out, dice=dice, dmg_mods=dmg_mods, dtype=dtype,
                                subdue=subdue)
    ab = attack_bonus(a)
    mods = attack_mods(battle, a, t, weapon, kind, option=option, free=free) + list(extra or [])
    dc, dc_mods = armour_class(battle, t, a, kind)
    immune = bool(trait(t, "needs_magic", 0)) and not it.get("magic") and kind != "wrestle"
    roll = d20_roll(r, a.id, label, rule, ab, mods, dc, dc_mods, immune=immune)
    _mark_parried_attacker(r, a, t, dc_mods)
    out.roll = roll
    hit = roll["success"]
    # S4-CRIT-1..4: a natural 20 threatens; confirm unless only a 20 could hit
    crit = False
    if roll["dice"][0] == 20 and hit and kind not in ("wrestle",) and not no_damage:
        crit = _confirm_critical(r, a, ab, mods, dc)
    out.critical = crit
    if not hit:
        if redirect:
            _missed(r, a, t, weapon, kind, roll, option, mods, dc)
        return out
    out.hit = True
    if no_damage:
        return out
    block = _block_roll(r, a, t, kind, roll["total"], defense=defense, free=free, surprise=surprise)
    amount, notes = _damage_amount(r, a, t, weapon, kind, crit=crit, option=option, double=double, dice=dice,
                                   dmg_mods=dmg_mods, subdue=subdue)
    if block is not None and _blocked(r, t, amount, block):
        out.parried = True
        return out
    if crit and option == "lingering":
        r.emit(E.condition(t.id, add="maimed", actor=a.id, rule="S4-CRIT-5"))
        notes.append("a lingering injury instead of the extra damage (S4-CRIT-5)")
    out.damage = amount
    kind_d = dtype or ("subdual" if (subdue or option == "subdue" or it.get("blunted")) else "normal")
    apply_damage(r, a, t, amount, dtype=kind_d, rule=rule, why="; ".join(notes))
    return out


def _strike_helpless(r: Resolution, a: Fighter, t: Fighter, weapon: str | None, kind: str, out: Strike, *,
                     dice: tuple[int, int] | None, dmg_mods: list[Mod] | None, dtype: str | None,
                     subdue: bool) -> Strike:
    """S4-HELPLESS-2..4: a melee blow on the helpless rolls no attack: it lands for twice the maximum damage
    (a thief's backstab doubles that again). Its own path because it skips every roll but the damage's."""
    battle = r.battle
    it = item(weapon)
    r.note(E.message(f"{t.label} is helpless: the blow lands automatically for twice the maximum damage.",
                     actor=a.id, rule="S4-HELPLESS-2"))
    n, d = dice or damage_dice(weapon)
    mods = list(dmg_mods if dmg_mods is not None else damage_mods(battle, a, weapon, kind))
    total, _ = roll_damage(r, a, weapon, label="damage (maximum)", rule="S4-HELPLESS-3", dice=(n, d), mods=mods,
                           maximum=True)
    amount = 2 * max(1, total)
    why = "twice the maximum against the helpless"
    if class_of(a) == "thief" and kind == "melee":
        amount *= 2
        why = "a backstab: twice the maximum backstab damage against the helpless"
        r.note(E.message(f"{a.label} backstabs: double {a.their} maximum backstab damage.", actor=a.id,
                         rule="S4-HELPLESS-4"))
    out.hit, out.damage = True, amount
    apply_damage(r, a, t, amount, dtype=dtype or ("subdual" if subdue else it.get("dtype", "normal")),
                 rule="S4-HELPLESS-3", why=why)
    return out


def _mark_parried_attacker(r: Resolution, a: Fighter, t: Fighter, dc_mods: list[Mod]) -> None:
    """S4-TWOWEAPON-7, S4-STAFF-2: an off-hand weapon or a staff parries one attacker a round; the first whose
    roll it counted against is the one, recorded so that later attackers' AC leaves it out."""
    battle = r.battle
    for m in dc_mods:
        if m.rule == "S4-TWOWEAPON-7" and (this_round(battle, t, "defense") or {}).get("against") is None:
            r.emit(E.stat(t.id, "counters.defense", dict(this_round(battle, t, "defense") or {}, against=a.id)))
        if m.rule == "S4-STAFF-2" and this_round(battle, t, "staff_parry") is None:
            mark(r, t, "staff_parry", against=a.id)


def _confirm_critical(r: Resolution, a: Fighter, ab: int, mods: list[Mod], dc: int) -> bool:
    """S4-CRIT-1..4: whether a natural 20 that hit is a critical: the confirmation roll, unless only a natural
    20 could hit (then none is rolled)."""
    if 19 + ab + sum(m.value for m in mods) < dc:
        r.note(E.message("Only a natural 20 could hit: no critical.", actor=a.id, rule="S4-CRIT-4"))
        return False
    cf = r.dice.roll(1, 20, "critical confirmation", "S4-CRIT-1")[0]
    ctotal = cf + ab + sum(m.value for m in mods)
    # S4-CRIT-2 (G4-20): the second roll must be a normal hit, and a natural 1 is always a failure
    # (S4-ATTACK-2), whatever the total
    crit = cf != 1 and ctotal >= dc
    conf: Event = {"type": "roll", "actor": a.id, "label": "critical confirmation", "rule": "S4-CRIT-2",
                   "base": ab, "modifiers": [m.to_dict() for m in mods], "dc": dc, "dice": [cf],
                   "total": ctotal, "success": crit, "margin": ctotal - dc}
    if cf == 1:
        conf["critical"] = "failure"
        conf["natural"] = "a natural 1 always fails (S4-ATTACK-2): no critical"
    r.note(conf)
    return crit


def _block_roll(r: Resolution, a: Fighter, t: Fighter, kind: str, attack_total: int, *, defense: str | None,
                free: bool, surprise: bool) -> int | None:
    """S4-PARRY: a defending target's parry of a hit, rolled before the damage: its blocking roll, or None
    (no parry wanted or allowed, or the parry failed). Says why a defending target cannot parry."""
    want = defense if defense is not None else "parry"
    if want != "parry":
        return None
    battle = r.battle
    ok, why, why_rule = can_parry(battle, t, a, kind, free=free, surprise=surprise)
    if ok:
        parried, blk = _parry(r, t, a, kind, attack_total)
        return blk if parried else None
    if this_round(battle, t, "defense"):
        r.note(E.message(f"{t.label} cannot parry: {why}.", actor=t.id, rule=why_rule))
    return None


def _damage_amount(r: Resolution, a: Fighter, t: Fighter, weapon: str | None, kind: str, *, crit: bool,
                   option: str | None, double: str | None, dice: tuple[int, int] | None,
                   dmg_mods: list[Mod] | None, subdue: bool) -> tuple[int, list[str]]:
    """A hit's damage (rolled; a critical's per S4-CRIT-3) and what multiplied or halved it, in order: double
    damage, a sneak attack, the flat of the blade, a swung weapon under water. The notes explain the total."""
    battle = r.battle
    it = item(weapon)
    n, d = dice or damage_dice(weapon, two_handed=sum(1 for h in a.hands.values() if h == weapon) == 2)
    mods_d = list(dmg_mods if dmg_mods is not None else damage_mods(battle, a, weapon, kind))
    if crit and option != "lingering":
        total_d, _ = roll_damage(r, a, weapon, label="critical damage", rule="S4-CRIT-3", dice=(n, d), mods=mods_d)
        amount = n * d + total_d
        r.note(E.message(f"Critical hit: the die's maximum ({n * d}) plus a damage roll ({total_d}).", actor=a.id,
                         rule="S4-CRIT-3"))
    else:
        amount, _ = roll_damage(r, a, weapon, label="damage", rule="S4-ATTACK-1", dice=(n, d), mods=mods_d)
    amount = max(1, amount)
    notes = []
    if double:
        amount *= 2
        notes.append(double)
    if is_sneak_attack(battle, a, t) and kind == "melee":
        amount *= 2
        notes.append("Sneak Attack: double damage (house rule, G4-15)")
    if subdue or option == "subdue":
        amount = amount // 2 if option == "subdue" else amount
        amount = max(1, amount)
        if option == "subdue":
            notes.append("the flat of the blade: half damage (S4-SUBDUE-1)")
    if is_underwater(battle, a) and it.get("swung") and not it.get("thrust"):
        amount = -(-amount // 2)
        notes.append("a swung weapon under water: half damage, rounded up (S4-WATER-3)")
    return amount, notes


def _blocked(r: Resolution, t: Fighter, amount: int, block: int) -> bool:
    """S4-PARRY-9: whether the blocking roll absorbs the whole of ``amount`` (else it goes through in full)."""
    if amount > block:
        r.note(E.message(f"The damage ({amount}) beats the blocking roll ({block}): it goes through in full.",
                         actor=t.id, rule="S4-PARRY-9"))
        return False
    r.note(E.message(f"The blocking roll ({block}) absorbs the damage ({amount}).", actor=t.id,
                     rule="S4-PARRY-9"))
    return True


def _missed(r: Resolution, a: Fighter, t: Fighter, weapon: str | None, kind: str, roll: Event,
            option: str | None, mods: list[Mod], dc: int) -> None:
    """A miss that lands elsewhere: on a friend in melee with the target (S4-RANGED-3), on the mount (S4-MOUNT-16)."""
    battle = r.battle
    margin = roll["margin"]
    face = roll["dice"][0]
    if kind == "missile" and option != "careful" and -4 < margin < 0 and face != 1:
        friends = in_melee(battle, a, t)
        if not friends and any(f.side == a.side for f in engaged_with(battle, t)):
            r.note(E.message(f"{t.label} is Large and {t.their} melee foes are man-sized or smaller: the miss hits no "
                             f"friend.", actor=a.id, rule="S4-RANGED-4"))
        if friends:
            pick = friends[0]
            if len(friends) > 1:
                k = r.dice.roll(1, len(friends), "which friend the stray shot hits", "S4-RANGED-3")[0]
                pick = friends[k - 1]
            r.note(E.message(f"The shot misses {t.label} by {-margin} and hits {pick.label}, who is in melee with {t.words.them}.",
                             actor=a.id, rule="S4-RANGED-3"))
            n, d = damage_dice(weapon)
            amount, _ = roll_damage(r, a, weapon, label="damage to the friend", rule="S4-RANGED-3", dice=(n, d),
                                    mods=damage_mods(battle, a, weapon, kind))
            apply_damage(r, a, pick, max(1, amount), dtype="normal", rule="S4-RANGED-3")
            return
    m = mount_of(battle, t)
    if m is not None and margin in (-1, -2) and face != 1:
        mdc, _ = armour_class(battle, m, a, kind)
        if roll["total"] >= mdc:
            r.note(E.message(f"The blow misses {t.label} by {-margin} but beats {m.label}'s AC {mdc}: "
                             f"it hits the mount.", actor=a.id, rule="S4-MOUNT-16"))
            n, d = damage_dice(weapon)
            amount, _ = roll_damage(r, a, weapon, label="damage to the mount", rule="S4-MOUNT-16", dice=(n, d),
                                    mods=damage_mods(battle, a, weapon, kind))
            apply_damage(r, a, m, max(1, amount), dtype="normal", rule="S4-MOUNT-16")


# -- damage -----------------------------------------------------------------------------------------------------

def should_defer(battle: Battle, actor_id: str) -> bool:
    """GX-4: someone else still acts on this number and phase, so damage waits for ``end_phase``."""
    if battle.options.get("simultaneous_damage", True) is False:
        return False
    cur = battle.state.get("initiative")
    if not isinstance(cur, dict) or not cur.get("phase") or cur.get("policy") != "phased":
        return False
    count, phase = cur.get("count"), cur.get("phase")
    slot = cur.get("slot") or [None]
    for neg, i, _rank, fid in POLICY._slots(battle):
        if -neg == count and POLICY.phases[i] == phase and fid != slot[0]:
            return True
    return False


def apply_damage(r: Resolution, a: Fighter, t: Fighter, amount: int, *, dtype: str = "normal", rule: str = "",
                 why: str = "", defer: bool | None = None) -> None:
    """Hit points, subdual knock-outs (S4-SUBDUE-3/4), death at 0 (G4-2), a hurt mount's morale (S4-MOUNT-17)."""
    battle = r.battle
    if defer is None:
        defer = should_defer(battle, a.id)
    if defer:
        pending = list(battle.state.get("d20_pending", []))
        pending.append({"attacker": a.id, "target": t.id, "amount": amount, "dtype": dtype, "rule": rule,
                        "why": why})
        r.emit(E.stat(t.id, "battle.d20_pending", pending, actor=a.id, rule="GX-4"))
        r.note(E.message(f"{amount} damage to {t.label} lands when everyone on this number has acted "
                         f"(simultaneous, GX-4).", actor=a.id, rule="GX-4"))
        return
    hp = current_hp(t)
    was_ko = "unconscious" in t.conditions
    sub_before = int(t.counters.get("subdual", 0))
    extra: dict[str, Any] = {}
    if why:
        extra["why"] = why
    if dtype == "subdual" and was_ko and t.counters.get("ko_subdued"):
        extra["note"] = "subduing damage on a knocked-out fighter counts as killing damage (S4-SUBDUE-4)"
    r.emit(E.damage(a.id, t.id, amount, dtype=dtype, location="body", dr=0, injury=amount, rule=rule or None,
                    **extra))
    if t.hp is None:  # apply_event reads stats HP; keep it exact
        r.emit(E.stat(t.id, "hp", hp - amount))
    if dtype == "subdual" and not was_ko:
        r.emit(E.stat(t.id, "counters.subdual", sub_before + amount))
    new = hp - amount
    if new <= 0 and "dead" not in t.conditions:
        if was_ko:
            r.emit(E.condition(t.id, remove="unconscious", rule="S4-SUBDUE-4"))
            r.emit(E.condition(t.id, add="dead", actor=a.id, rule="S4-SUBDUE-4" if dtype == "subdual" else "G4-2"))
        elif sub_before + (amount if dtype == "subdual" else 0) > 0:
            r.emit(E.condition(t.id, add="unconscious", actor=a.id, rule="S4-SUBDUE-3"))
            r.emit(E.stat(t.id, "counters.ko_subdued", {"round": battle.round}, rule="S4-SUBDUE-3"))
            r.note(E.message(f"{t.label} is knocked out, not killed; {t.words.they} would wake with 1 HP in 1d4 turns (after "
                             f"this battle, G4-10), or be woken by someone after 2d10 rounds.", actor=t.id,
                             rule="S4-SUBDUE-5"))
        else:
            r.emit(E.condition(t.id, add="dead", actor=a.id, rule="G4-2"))
        if t.posture != "prone":
            r.emit(E.posture(t.id, "prone", rule="G4-2"))
        end_holds_of(r, t)
        return
    if is_mount(t) and amount > 0 and not mount_trained(t):
        mount_morale(r, t, a)


# -- a hurt mount (S4-MOUNT-17/18): here, not in mounted.py, because it deals damage in turn ----

def mount_morale(r: Resolution, m: Fighter, attacker: Fighter) -> None:
    """S4-MOUNT-17 (G4-7): an untrained (or magically frightened, S4-MOUNT-21) mount that is hurt checks morale
    on 2d6 against its morale score; above it, it bolts at once, away from the attacker (regardless of initiative),
    and its rider must keep its seat (S4-MOUNT-18)."""
    battle = r.battle
    if "bolting" in m.conditions or "dead" in m.conditions:
        return
    morale = int(trait(m, "morale", 7))
    faces = r.dice.roll(2, 6, f"{m.label}'s morale", "S4-MOUNT-17")
    total = sum(faces)
    ok = total <= morale
    r.note({"type": "roll", "actor": m.id, "label": "morale (2d6, at most the morale score holds)",
            "rule": "S4-MOUNT-17", "base": 0, "modifiers": [], "target": morale, "dice": faces, "total": total,
            "success": ok, "margin": morale - total})
    if ok:
        return
    r.emit(E.condition(m.id, add="bolting", actor=attacker.id, rule="S4-MOUNT-17"))
    rider = rider_of(battle, m)
    # it flees one hex directly away from the attacker at once (the bolt's first bound)
    options = [h for h in hex_neighbors(m.hex) if battle.board.is_open(h) or not battle.board.cells]
    options = [h for h in options if not any(f.hex == h for f in battle.fighters)]
    if options:
        far = max(options, key=lambda h: (hex_distance(h, attacker.hex), -h.q, -h.r))
        r.emit(E.move(m.id, far, rule="S4-MOUNT-17"))
        if rider is not None:
            r.emit(E.move(m.id, far, who=rider.id, rule="S4-MOUNT-17"))
    mark(r, m, "bolted", attacker=attacker.id)
    if rider is not None:
        mods = [Mod(bonus(rider, "DEX"), "DEX bonus", "S4-MOUNT-18")] if bonus(rider, "DEX") else []
        sv = save_roll(r, rider, "stay in the saddle: save vs Death Ray", "S4-MOUNT-18", mods=mods)
        if not sv["success"]:
            throw_rider(r, rider, m, rule="S4-MOUNT-18")
        else:
            n = r.dice.roll(1, 4, "rounds to regain control", "S4-MOUNT-19")[0]
            r.emit(E.stat(m.id, "counters.control", {"rounds": n, "attacker": attacker.id, "unseen_since": None},
                          rule="S4-MOUNT-19"))
            r.note(E.message(f"{rider.label} keeps the saddle; the mount comes back under control {n} round(s) after "
                             f"it can no longer see {attacker.label}.", actor=rider.id, rule="S4-MOUNT-19"))


def throw_rider(r: Resolution, rider: Fighter, m: Fighter, *, rule: str, dtype: str = "normal") -> None:
    """S4-MOUNT-18 / S4-JOUST-3: thrown or unhorsed: 1d6 falling damage, prone, no further action this round."""
    r.emit(E.condition(rider.id, remove="mounted", rule=rule))
    r.emit(E.posture(rider.id, "prone", rule=rule))
    mark(r, rider, "busy", why="thrown from the saddle")
    n = r.dice.roll(1, 6, "falling damage", rule)[0]
    r.note({"type": "roll", "actor": rider.id, "label": "falling damage (1d6)", "rule": rule, "base": 0,
            "modifiers": [], "dice": [n], "total": n})
    apply_damage(r, m, rider, n, dtype=dtype, rule=rule, why="thrown from the saddle", defer=False)


def end_holds_of(r: Resolution, f: Fighter) -> None:
    """The holds ``f`` keeps end when it goes down: nobody maintains them any more (ruling D20-30). A hold on
    ``f`` does not: the seed keeps it until the holder lets go or the defender gets out (S4-WRESTLE-3), and the
    holder lets go whenever it wishes, at no cost (S4-WRESTLE-6: ``release`` is free)."""
    for g in [g for g in r.battle.grapples if g.holder == f.id]:
        r.emit(E.grapple_end(g.holder, g.target, why="the holder is down", rule="S4-WRESTLE-3"))


def is_metal_armoured(f: Fighter) -> bool:
    arm = armour_of(f)
    return bool(arm and item(arm).get("metal"))


def not_armoured_in_metal(f: Fighter) -> bool:
    return not is_metal_armoured(f)


def unarmed_dice(kind: str) -> tuple[int, int]:
    return (1, 4) if kind == "kick" else (1, 3)


def feet_between(battle: Battle, a: Fighter, b: Fighter) -> float:
    return hex_distance(a.hex, b.hex) * feet_per_hex(battle)


def current_defense(battle: Battle, f: Fighter) -> str | None:
    d = this_round(battle, f, "defense")
    return d.get("mode") if d else None


def makes_no_attacks(battle: Battle, f: Fighter) -> bool:
    """In total defence (S4-PARRY-3) or using its staff as a shield (S4-STAFF-3): no attack of its own this round,
    free ones (parting shots, a long weapon's reach, a set spear) included."""
    return current_defense(battle, f) in ("total", "staff")


def hp_of(f: Fighter) -> int:
    return current_hp(f)


__all__ += ["end_holds_of", "mount_trained", "in_melee", "is_metal_armoured", "unarmed_dice", "feet_between",
            "current_defense", "makes_no_attacks", "roll_damage", "damage_mods", "can_parry", "should_defer", "mark",
            "hp_of", "mount_morale", "throw_rider"]
