"""Shotguns (S3-SHOTGUN-1..14 read with G3-27): what a shell changes in a shot.

A shotgun's shot is an ordinary ranged shot (``ranged.py``) whose numbers depend on the shell fired, so
this module only *adjusts* a planned shot (:func:`adjust`) and the armour the shot meets
(:func:`armour_bonus`); the roll, the rounds and the line of fire stay with the firearms rules. The shell
is the attack's ``ammo`` (SITUATION-FORMAT), by default the load the seed gives the gun (items ``ammo``):
birdshot for the hunting shotgun, buckshot for the other two (S3-SHOTGUN-10..12), and slugs in any of
them (S3-SHOTGUN-13). The shooter is taken to carry all three kinds (ruling ND6-16).

What a shell sets (items.SHOT_DAMAGE / SHOT_ST / SHOT_RANGE hold the numbers):

- damage: birdshot 2d6, buckshot 4d6, slug 5d6 (S3-SHOTGUN-5), whatever the gun;
- the ST to fire: the gun's ST -2 with birdshot, +1 with slugs (S3-SHOTGUN-6, G3-27); with one hand on the
  gun, its one-handed ST (none given for the hunting shotgun: it cannot be fired one-handed, S3-SHOTGUN-10);
- the effective range: the gun's listed range is buckshot through a narrow choke; birdshot/wide 40 %, slugs
  200 %, the two mixed cases 70 % (S3-SHOTGUN-7, G3-27);
- the spread: birdshot and buckshot +1 DX under half the effective range, +2 from half of it on (also
  beyond it); slugs none (S3-SHOTGUN-2/3);
- half damage past the effective range, rounded down (S3-SHOTGUN-8, ruling ND6-16);
- Full Body Armor stops twice its hits against birdshot and buckshot, not slugs; vests and jackets gain
  nothing (S3-SHOTGUN-9).

Recoil (S3-SHOTGUN-4) has no number of its own in the seed: it *is* the ST difference above (light birdshot
-2 ST, heavy slugs +1 ST), and a shortfall costs -1 DX per point (S3-AUTO-4, G3-13).
S3-SHOTGUN-1's and S3-SHOTGUN-14's proposed rounds (rubber, grenade, stun; the reworked guns) are drafts:
not implemented.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.hexgrid import hex_distance
from game.rules.base import Reason
from game.rules.common import Mod
from game.rules.nd6 import damage as D
from game.rules.nd6.actions import Attack
from game.rules.nd6.combat import add_hook, attack_odds
from game.rules.nd6.items import SHOT_DAMAGE, SHOT_RANGE, SHOT_ST, has_tag, item
from game.rules.nd6.ranged import add_shot_hooks, rested, shot_of, shot_plan
from game.rules.nd6.status import foes, in_hth, st_full

if TYPE_CHECKING:
    from game.model import Battle, Fighter

__all__ = ["AMMO", "SHOTGUNS", "is_shotgun", "shell", "ammo_reason", "shot_damage", "st_needed", "one_handed",
           "effective_range", "spread_mod", "past_range", "armour_bonus", "adjust", "ST_RULE", "shot_reason",
           "adjust_shot", "options", "odds"]

#: S3-SHOTGUN-1: the three shells, in the order the seed lists them
AMMO: tuple[str, ...] = ("birdshot", "buckshot", "slug")
#: S3-SHOTGUN-10..12: the seed's three guns
SHOTGUNS: tuple[str, ...] = ("hunting_shotgun", "combat_shotgun", "sawed_off_shotgun")
#: the rule a shotgun's ST shortfall cites (S3-AUTO-4's -1 DX per point, with the shell's ST of S3-SHOTGUN-6)
ST_RULE = "S3-SHOTGUN-6"
#: the shells whose pellets spread (S3-SHOTGUN-2) and that Full Body Armor stops twice (S3-SHOTGUN-9)
SPREADING: frozenset[str] = frozenset({"birdshot", "buckshot"})


def is_shotgun(weapon: str | None) -> bool:
    """S3-SHOTGUN-10..12: the guns that fire shells (items tag ``shotgun``)."""
    return has_tag(weapon, "shotgun")


def shell(weapon: str | None, ammo: str | None) -> str | None:
    """The shell a shot fires: the attack's ``ammo``, else the gun's listed load (S3-SHOTGUN-10..13); None for
    any other weapon."""
    if not is_shotgun(weapon):
        return None
    return ammo or str(item(weapon).get("ammo", "buckshot"))


def ammo_reason(weapon: str | None, ammo: str | None) -> Reason | None:
    """Why ``ammo`` cannot be fired from ``weapon`` (S3-SHOTGUN-1, -13), or None."""
    if ammo is None:
        return None
    if ammo not in AMMO:
        return Reason(f"ammo must be one of {', '.join(AMMO)}, not {ammo!r}.", "S3-SHOTGUN-1", "bad_intent")
    if not is_shotgun(weapon):
        name = item(weapon).get("name", weapon) if weapon else "bare hands"
        return Reason(f"Only a shotgun fires {ammo}; {name} does not take shells.", "S3-SHOTGUN-1")
    return None


def shot_damage(ammo: str) -> D.Dmg:
    """S3-SHOTGUN-5: birdshot 2d6, buckshot 4d6, slug 5d6, from any of the guns."""
    return D.parse(SHOT_DAMAGE[ammo])


def one_handed(f: Fighter, weapon: str) -> bool:
    """Whether ``f`` holds the gun in one hand only (the other hand empty of it): S3-SHOTGUN-10..12's
    one-handed ST then applies."""
    return sum(1 for h in f.hands.values() if h == weapon) == 1


def st_needed(f: Fighter, weapon: str, ammo: str) -> int | None:
    """The ST to fire ``ammo`` from ``weapon`` as ``f`` holds it: the two-handed ST (``st``), or the
    one-handed one (``st_one_handed``) with one hand on it, then the shell's difference (S3-SHOTGUN-6, G3-27).
    None: the gun cannot be fired one-handed at all (the hunting shotgun's "xx", S3-SHOTGUN-10)."""
    data = item(weapon)
    if one_handed(f, weapon):
        if not data.get("st_one_handed"):
            return None
        base = int(data["st_one_handed"])
    else:
        base = int(data.get("st", 0) or 0)
    return base + SHOT_ST[ammo]


def effective_range(weapon: str, ammo: str) -> int:
    """S3-SHOTGUN-7 with G3-27: the effective range in hexes for this shell through this gun's choke,
    rounded down (the gun's ``range`` is buckshot through a narrow choke)."""
    listed = int(item(weapon).get("range", 0) or 0)
    choke = str(item(weapon).get("choke", "narrow"))
    return listed * SHOT_RANGE[(ammo, choke)] // 100


def spread_mod(weapon: str, ammo: str, hexes: int) -> Mod | None:
    """S3-SHOTGUN-2/3: birdshot and buckshot spread: +1 DX closer than half the effective range, +2 at half
    of it or more (beyond it too); a slug is a single bullet and gets nothing."""
    if ammo not in SPREADING:
        return None
    reach = effective_range(weapon, ammo)
    if 2 * hexes < reach:
        return Mod(1, f"{ammo} spread: under half its effective range of {reach} hexes", "S3-SHOTGUN-2")
    return Mod(2, f"{ammo} spread: half its effective range of {reach} hexes or more", "S3-SHOTGUN-2")


def past_range(weapon: str, ammo: str, hexes: int) -> bool:
    """S3-SHOTGUN-8: a target beyond the effective range takes half damage."""
    return hexes > effective_range(weapon, ammo)


def armour_bonus(t: Fighter, plan: Any) -> int:
    """S3-SHOTGUN-9: the extra hits a target's Full Body Armor stops against birdshot or buckshot (its own
    ``stops`` once more: twice in all). Vests, jackets and slugs: 0. Called by ``combat.apply_hits``."""
    if plan is None or plan.extra.get("ammo") not in SPREADING:
        return 0
    return sum(int(item(i).get("stops", 0)) for i in t.items if i == "full_body_armor")


def adjust(battle: Battle, plan: Any, f: Fighter, t: Fighter, ammo: str | None) -> Reason | None:
    """Make ``plan`` (a planned shot of ``f`` at ``t``) a shotgun's shot with this shell: damage, ST, spread and
    half damage past the effective range. A no-op for any other weapon; returns why the shot cannot be fired
    (a shell the gun cannot take, a gun that cannot be fired one-handed), else None.

    Called by the firing rules (``ranged``) after the plan is built, and by :func:`odds` callers through them.
    """
    weapon = plan.item
    why = ammo_reason(weapon, ammo)
    if why is not None or not is_shotgun(weapon):
        return why
    load = shell(weapon, ammo)
    assert load is not None
    name = item(weapon).get("name", weapon)
    hexes = hex_distance(f.hex, t.hex)
    plan.extra["ammo"] = load
    plan.damage = shot_damage(load)
    plan.damage_note = f"{name} firing {load}: {plan.damage} (S3-SHOTGUN-5)"
    need = st_needed(f, weapon, load)
    if need is None:
        return Reason(f"A {name} cannot be fired with one hand.", "S3-SHOTGUN-10")
    # S3-AUTO-4's shortfall, computed from the gun's listed ST, is replaced by the shell's, and so is the rest
    # that takes up to 2 off it (S3-AUTO-5); a shotgun fires single shots, so there is no recoil of rounds
    plan.spec.modifiers[:] = [m for m in plan.spec.modifiers if m.rule not in ("S3-AUTO-4", "S3-AUTO-5", ST_RULE)]
    have = st_full(f)
    if have < need:
        plan.spec.add(have - need, f"ST {have} below the {need} {load} from a {name} needs "
                      f"({'one-handed' if one_handed(f, weapon) else 'two-handed'})", ST_RULE)
        lof = plan.extra.get("line_of_fire")
        if lof is not None:
            if rested(battle, f, lof):
                plan.spec.add(min(2, need - have), "the gun is rested on something solid", "S3-AUTO-5")
    spread = spread_mod(weapon, load, hexes)
    if spread is not None:
        plan.spec.modifiers.append(spread)
    if past_range(weapon, load, hexes):
        plan.extra["divide"] = 2
        plan.extra["divide_why"] = (f"/2: beyond the {effective_range(weapon, load)}-hex effective range of {load}"
                                    " (S3-SHOTGUN-8)")
        plan.damage_note += f"; half damage beyond {effective_range(weapon, load)} hexes (S3-SHOTGUN-8)"
    return None


# -- the firing rules' hooks (registered with ranged.add_shot_hooks: shot_reason, adjust_shot) -------------------------

def shot_reason(battle: Battle, f: Fighter, t: Fighter, action: Any) -> Reason | None:
    """Why this shot cannot be fired for its shell: an unknown shell, shells in a gun that takes none
    (S3-SHOTGUN-1), a hunting shotgun held in one hand (S3-SHOTGUN-10)."""
    weapon = action.weapon(f)
    ammo = getattr(action, "ammo", None)
    why = ammo_reason(weapon, ammo)
    if why is not None or not is_shotgun(weapon):
        return why
    load = shell(weapon, ammo)
    assert load is not None and weapon is not None
    if st_needed(f, weapon, load) is None:
        return Reason(f"A {item(weapon).get('name', weapon)} cannot be fired with one hand.", "S3-SHOTGUN-10")
    return None


def adjust_shot(battle: Battle, plan: Any, f: Fighter, t: Fighter, action: Any) -> None:
    """Each shot of a shotgun takes its shell's numbers (:func:`adjust`)."""
    adjust(battle, plan, f, t, getattr(action, "ammo", None))



# -- the menu and its odds ----------------------------------------------------------------------------------------------

def options(battle: Battle, f: Fighter) -> list[Any]:
    """Menu candidates: at each foe, a slug from a shotgun in hand whose load is shot (S3-SHOTGUN-13; the
    plain attack fires the gun's own load)."""
    out: list[Any] = []
    if in_hth(f):
        return out
    for w in dict.fromkeys(h for h in f.hands.values() if h):
        if not is_shotgun(w) or shell(w, None) == "slug":
            continue
        out.extend(Attack(actor=f.id, target=o.id, item=w, ammo="slug") for o in foes(battle, f))
    return out


def odds(battle: Battle, action: Any) -> dict[str, float] | None:
    """A shotgun shot's chances with its shell's spread and ST (G3-1's ``hit``/``miss`` and automatic results);
    None when the action is not a shotgun's shot."""
    aimed = shot_of(battle, action, is_shotgun)
    if aimed is None or ammo_reason(aimed[2], action.ammo):
        return None
    f, t, weapon = aimed
    plan = shot_plan(battle, f, t, weapon, defense=action.defense)
    if adjust(battle, plan, f, t, action.ammo) is not None:
        return None
    return attack_odds(plan)


add_shot_hooks("shotgun", shot_reason=shot_reason, adjust_shot=adjust_shot)
add_hook("armour_bonus", armour_bonus)  # the attack asks it of every armour stop (S3-SHOTGUN-9)
