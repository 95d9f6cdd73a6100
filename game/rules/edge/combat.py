"""Melee in edge: the attack contest, damage, prone and HP (GAPS G1-3, G1-5, G1-6, G1-7, G1-9).

- A melee attack rolls the attacker's Melee Attack pool against the target's
  Reflex pool (G1-5). Edge >= 1 deals damage, edge >= 3 ignores armour; an
  attack made to enter a grapple does so at edge >= 0 (G1-3).
- Damage is an unopposed Strength roll: each point is 1 HP lost; armour
  (``Fighter.dr``: 2 light, 3 heavy) is a per-die penalty, and the weapon's
  ``damage`` a per-die modifier (G1-5).
- Prone: -2 to attack, -2 to Reflex (G1-7). Pummel: minus the weapon's reach
  to attack (S1-PUMMEL-1, G1-6), -2 to the defender's Reflex (S1-PUMMEL-2).
- At 0 HP or less a fighter is dead (G1-9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import events as ev
from game.rules.edge import links
from game.rules.edge.pool import PoolSpec, opposed, roll_pool
from game.rules.edge.stats import attr, item_info, max_hp, melee_attack_pool, reach

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.events import Event, Resolution

__all__ = [
    "HIT_EDGE", "IGNORE_ARMOUR_EDGE", "attack_spec", "defence_spec", "attack_contest", "deal_damage",
    "cannot_resist", "weapon_name",
]

HIT_EDGE = 1
IGNORE_ARMOUR_EDGE = 3


def weapon_name(item: str | None) -> str:
    return str(item_info(item)["name"])


def cannot_resist(battle: Battle, fighter: str) -> str | None:
    """Why this fighter rolls no dice to resist (unconscious, bound: G1-9), or ``None``."""
    f = battle.fighter(fighter)
    for cond in ("dead", "unconscious", "bound"):
        if f.has(cond):
            return cond
    return None


def attack_spec(battle: Battle, attacker: str, weapon: str | None, *, pummel: bool = False,
                purpose: str = "melee attack") -> PoolSpec:
    f = battle.fighter(attacker)
    spec = PoolSpec(attacker, f"{purpose} with {weapon_name(weapon)}: Melee Attack", melee_attack_pool(f),
                    "G1-5", stat="MA")
    if f.posture == "prone":
        spec.add(-2, "attacking while prone", "G1-7")
    if pummel:
        spec.add(-reach(weapon), f"Pummel: minus the reach of the {weapon_name(weapon)}", "S1-PUMMEL-1",
                 note=True)
    return spec


def defence_spec(battle: Battle, target: str, *, pummel: bool = False, defense: str | None = None) -> PoolSpec:
    f = battle.fighter(target)
    why = cannot_resist(battle, target)
    if defense == "none" or why:
        label = "no defence" + (f" ({why})" if why else " (defense: none)")
        return PoolSpec(target, label, 0, "G1-9" if why else "G1-5", stat="REF")
    spec = PoolSpec(target, "defend: Reflex", attr(f, "REF"), "G1-5", stat="REF")
    if f.posture == "prone":
        spec.add(-2, "defending while prone", "G1-7")
    if pummel:
        spec.add(-2, "defending against a Pummel", "S1-PUMMEL-2")
    return spec


def attack_contest(res: Resolution, attacker: str, target: str, weapon: str | None, *, pummel: bool = False,
                   defense: str | None = None, purpose: str = "melee attack", rule: str = "G1-5") -> Event:
    """Roll the attack contest (attacker first) and return its event, not yet recorded."""
    a = attack_spec(res.battle, attacker, weapon, pummel=pummel, purpose=purpose)
    d = defence_spec(res.battle, target, pummel=pummel, defense=defense)
    return opposed(res.dice, a, d, rule, kind="attack")


def deal_damage(res: Resolution, attacker: str, target: str, weapon: str | None, edge: int,
                rule: str = "G1-5") -> int:
    """The damage roll of a hit (edge >= 1): emits the roll, the damage and death; returns HP lost."""
    battle = res.battle
    a = battle.fighter(attacker)
    t = battle.fighter(target)
    spec = PoolSpec(attacker, f"damage with {weapon_name(weapon)}: Strength", attr(a, "STR"), rule, stat="STR")
    spec.add(int(item_info(weapon)["damage"]), f"{weapon_name(weapon)} damage (house value)", "G1-5")
    armour = t.dr
    if armour:
        if edge >= IGNORE_ARMOUR_EDGE:
            spec.add(0, f"armour {armour} ignored: edge {edge} >= {IGNORE_ARMOUR_EDGE}", "G1-5", note=True)
        else:
            spec.add(-armour, "target's armour", "G1-5")
    roll = res.note(roll_pool(res.dice, spec))
    points = roll["points"]
    hp_before = t.hp if t.hp is not None else max_hp(t)
    res.emit(ev.damage(attacker, target, points, dtype="melee", dr=0 if edge >= IGNORE_ARMOUR_EDGE else armour,
                       injury=points, rule=rule, weapon=weapon or "fist"))
    if t.hp is None:  # a fighter set up outside the ruleset: count from the derived maximum
        res.emit(ev.stat(target, "hp", hp_before - points, actor=attacker, rule="G1-9"))
    if points and battle.fighter(target).hp is not None and battle.fighter(target).hp <= 0 and not t.has("dead"):
        res.emit(ev.condition(target, add="dead", actor=attacker, rule="G1-9"))
        links.end_broken_links(res, attacker)
    return points
