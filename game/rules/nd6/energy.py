"""Energy weapons (S3-ENERGY-1..8 read with G3-24 and G3-26; S3-SWORD-2, S3-SMOKE-6): batteries, split shots,
shielding.

Like :mod:`.shotgun`, this module adjusts a planned shot (:func:`adjust`) and says what a volley costs; the
roll, the range penalty (half a firearm's, S3-ENERGY-5: ``ranges.range_mod``) and the line of fire are the
firing rules' (``ranged``).

- A battery holds dice of energy (G3-24, S3-ENERGY-8's own draft note): the laser rifle's holds 48, eight
  full 6d6 shots (items ``battery``); what is left is the counter ``battery`` ({weapon: dice left}; a weapon
  not named has a fresh battery). Every shot spends its own dice, so 3 x 2d6 costs what 1 x 6d6 costs
  (S3-ENERGY-1, G3-24).
- A turn's full shot (the item's ``damage``: 6d6) may be split into ``shots`` shots of ``dice`` d6 each, at
  least 1d6 a shot and no more dice in all than the full shot (S3-ENERGY-3); firing fewer than the split
  allows is the firer's choice (S3-ENERGY-4). Left out, ``dice`` is the full shot, or what the battery still
  holds when that is less (ruling ND6-16), and ``shots`` is 1. Each shot rolls to hit on its own.
- A drained battery is swapped for a fresh one with the Ready action :class:`SwapBattery` (S3-ENERGY-2);
  spare batteries are not counted (ruling ND6-16: a battle is too short to run out of them).
- Smoke on the line of fire is R1 shielding against an energy shot: one die less damage (S3-ENERGY-6,
  S3-SMOKE-6, G3-26), once however many smoke hexes the shot crosses (R1 is one level of shielding);
  a 1d6 shot through smoke does nothing. Anti-laser smoke and ordinary smoke are the same board effect: the
  seed's two sentences say the same of both, and the smoke counted is what the line of fire counts for
  S3-SMOKE-5 (``ranged.line_of_fire``), so the -1 DX per hex and the shielding never disagree.
- The plasma sword is an energy weapon in every respect (S3-SWORD-2: items tag ``energy``), but it strikes
  the next hex, so no shot of it passes through smoke and shielding never applies to it; its battery is not
  counted (items.py: house).
- S3-ENERGY-7 (a laser head shot may blind) is a [GM] rule with no mechanism, and aimed shots are not
  implemented (G3-14, G3-26): **not implemented** (:data:`NOT_IMPLEMENTED`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.hexgrid import Hex
from game.rules import events as E
from game.rules.base import Reason
from game.rules.nd6 import damage as D
from game.rules.nd6.actions import Attack, Nd6Action
from game.rules.nd6.combat import attack_odds
from game.rules.nd6.items import has_tag, item
from game.rules.nd6.ranged import add_shot_hooks, line_of_fire, shot_of, shot_plan
from game.rules.nd6.status import foes, in_hth

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["is_energy", "is_energy_gun", "full_dice", "battery_size", "battery_left", "splits", "volley",
           "split_reason", "smoke_on_line", "shielding", "adjust", "spend", "SwapBattery", "ACTIONS",
           "NOT_IMPLEMENTED", "shot_reason", "adjust_shot", "after_shot", "options", "odds"]

#: [GM] and draft rules of this area that the game does not play, with why (tests read it)
NOT_IMPLEMENTED: dict[str, str] = {
    "S3-ENERGY-7": "a laser head shot may blind a target without goggles or a face mask: the seed gives no "
                   "mechanism and aimed shots are not implemented (G3-14, G3-26)",
    "S3-ENERGY-8": "belt-pack and backpack batteries are a draft; only the battery counted in dice is played "
                   "(G3-24)",
}


def is_energy(weapon: str | None) -> bool:
    """S3-ENERGY, S3-SWORD-2: an energy weapon (the laser rifle, the plasma sword)."""
    return has_tag(weapon, "energy")


def is_energy_gun(weapon: str | None) -> bool:
    """An energy weapon that shoots: the ones with a battery and a split shot (S3-ENERGY-1/3)."""
    return is_energy(weapon) and item(weapon).get("kind") == "missile"


def full_dice(weapon: str) -> int:
    """S3-ENERGY-3: the dice of a turn's full shot (the item's damage: 6 for the laser rifle)."""
    return D.parse(str(item(weapon).get("damage", "1d6"))).dice


def battery_size(weapon: str) -> int:
    """G3-24: a fresh battery's dice (items ``battery``: 48 for the laser rifle, S3-ENERGY-8)."""
    return int(item(weapon).get("battery", 0) or 0)


def battery_left(f: Fighter, weapon: str) -> int:
    """S3-ENERGY-1, G3-24: the dice left in the battery of ``f``'s ``weapon`` (a fresh one if never fired)."""
    held = f.counters.get("battery")
    if isinstance(held, dict) and weapon in held:
        return int(held[weapon])
    return battery_size(weapon)


def splits(weapon: str) -> list[tuple[int, int]]:
    """S3-ENERGY-3: the even ways to split a full shot, as (dice a shot, shots): 6d6 -> 1 x 6d6, 2 x 3d6,
    3 x 2d6, 6 x 1d6, full shot first."""
    n = full_dice(weapon)
    return [(d, n // d) for d in range(n, 0, -1) if n % d == 0]


def volley(f: Fighter, weapon: str, dice: int | None, shots: int | None) -> tuple[int, int]:
    """The (dice a shot, shots) an attack fires: left out, the full shot or what the battery holds (ruling
    ND6-16), one shot (S3-ENERGY-4: more are never required)."""
    per = dice if dice is not None else min(full_dice(weapon), battery_left(f, weapon))
    return per, shots if shots is not None else 1


def split_reason(f: Fighter, weapon: str | None, dice: int | None, shots: int | None) -> Reason | None:
    """Why this split cannot be fired (S3-ENERGY-1/3/4, G3-24), or None. ``dice`` on any other weapon is
    refused: only an energy weapon sets its power per shot."""
    if not is_energy_gun(weapon):
        if dice is not None:
            name = item(weapon).get("name", weapon) if weapon else "bare hands"
            return Reason(f"Only an energy weapon sets its dice per shot; {name} does not.", "S3-ENERGY-3",
                          "bad_intent")
        return None
    assert weapon is not None
    full = full_dice(weapon)
    per, n = volley(f, weapon, dice, shots)
    name = item(weapon).get("name", weapon)
    if per < 1 or n < 1:
        if battery_left(f, weapon) < 1 and dice is None:
            return Reason(f"{f.label}'s {name} battery is drained: swap it with a Ready action.", "S3-ENERGY-2")
        return Reason("An energy shot is at least 1d6, and at least one shot is fired.", "S3-ENERGY-3",
                      "bad_intent" if (dice is not None and dice < 1) or (shots is not None and shots < 1) else
                      "illegal")
    if per * n > full:
        return Reason(f"A {name}'s full shot is {full}d6 a turn: {n} x {per}d6 is more.", "S3-ENERGY-3")
    left = battery_left(f, weapon)
    if per * n > left:
        return Reason(f"{f.label}'s {name} battery holds {left} dice: not enough for {n} x {per}d6 "
                      "(swap it with a Ready action).", "G3-24")
    return None


def smoke_on_line(battle: Battle, f: Fighter, to: Hex) -> int:
    """Smoke hexes a shot of ``f`` at ``to`` starts in, crosses or ends in (S3-SMOKE-5's count, from
    ``ranged.line_of_fire``)."""
    return line_of_fire(battle, f, to).smoke


def shielding(battle: Battle, f: Fighter, t: Fighter, weapon: str | None, *, smoke: int | None = None) -> int:
    """S3-ENERGY-6, S3-SMOKE-6 with G3-26: the dice of damage an energy shot loses to shielding, 1 when smoke
    lies on its line (R1, once), else 0. A plasma sword's blow passes through no smoke (S3-SWORD-2): 0.
    ``smoke`` is the line of fire's smoke count when the caller has it (``ranged.line_of_fire``)."""
    if not is_energy_gun(weapon) or (in_hth(f) and f.hex == t.hex):
        return 0
    count = smoke_on_line(battle, f, t.hex) if smoke is None else smoke
    return 1 if count > 0 else 0


def adjust(battle: Battle, plan: Any, f: Fighter, t: Fighter, dice: int | None, *, smoke: int | None = None) -> None:
    """Make ``plan`` (one shot of ``f`` at ``t``) an energy shot of ``dice`` d6 (S3-ENERGY-3), less a die for
    smoke's shielding (S3-ENERGY-6, G3-26). A no-op for any other weapon and for the plasma sword."""
    weapon = plan.item
    if not is_energy_gun(weapon):
        return
    per, _ = volley(f, weapon, dice, None)
    name = item(weapon).get("name", weapon)
    plan.extra["energy_dice"] = per
    plan.damage = D.Dmg(per, 0)
    plan.damage_note = f"{name}, a {per}d6 shot (S3-ENERGY-3)"
    lost = shielding(battle, f, t, weapon, smoke=smoke)
    if lost:
        plan.damage = D.Dmg(max(0, per - lost), 0)
        plan.extra["shielded"] = lost
        plan.damage_note += (f"; smoke on the line of fire is R1 shielding: -1 die = "
                             f"{plan.damage if plan.damage.dice else 'no damage'} (S3-ENERGY-6, G3-26)")


def spend(r: Resolution, f: Fighter, weapon: str, dice: int) -> None:
    """G3-24: a shot spends its dice from the battery (the counter ``battery``)."""
    if not is_energy_gun(weapon) or dice <= 0:
        return
    held = f.counters.get("battery")
    now = dict(held) if isinstance(held, dict) else {}
    now[weapon] = max(0, battery_left(f, weapon) - dice)
    r.emit(E.stat(f.id, "counters.battery", now, rule="G3-24"))
    if now[weapon] == 0:
        r.note(E.message(f"{f.label}'s {item(weapon).get('name', weapon)} battery is drained.", actor=f.id,
                         rule="S3-ENERGY-2"))


@dataclass(frozen=True, slots=True)
class SwapBattery(Nd6Action):
    """Swap the battery of the energy weapon in hand for a fresh one: a Ready action (S3-ENERGY-2)."""

    type: ClassVar[str] = "swap_battery"
    title: ClassVar[str] = "Swap battery"
    rule: ClassVar[str] = "S3-ENERGY-2"
    item: str = ""

    def weapon(self, f: Fighter) -> str | None:
        if self.item:
            return self.item
        return next((h for h in f.hands.values() if is_energy_gun(h)), None)

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        w = self.weapon(f)
        if w is None or not is_energy_gun(w) or w not in f.hands.values():
            return Reason(f"{f.label} holds no energy weapon with a battery to swap.", "S3-ENERGY-2")
        if battery_left(f, w) >= battery_size(w):
            return Reason(f"{f.label}'s {item(w).get('name', w)} battery is fresh.", "S3-ENERGY-2")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        w = self.weapon(f)
        assert w is not None
        held = f.counters.get("battery")
        now = {k: v for k, v in (held.items() if isinstance(held, dict) else ()) if k != w}
        r.emit(E.stat(f.id, "counters.battery", now or None, rule="S3-ENERGY-2"))
        r.note(E.message(f"{f.label} swaps the {item(w).get('name', w)}'s battery for a fresh one "
                         f"({battery_size(w)} dice).", actor=f.id, rule="S3-ENERGY-2"))


ACTIONS: tuple[type[Nd6Action], ...] = (SwapBattery,)


# -- the firing rules' hooks (registered with ranged.add_shot_hooks: shot_reason, adjust_shot, after_shot) -------------

def shot_reason(battle: Battle, f: Fighter, t: Fighter, action: Any) -> Reason | None:
    """The split of this attack (``dice`` a shot, ``shots``) against the full shot and the battery (S3-ENERGY-3,
    G3-24); ``dice`` on any other weapon is refused."""
    return split_reason(f, action.weapon(f), getattr(action, "dice", None), getattr(action, "shots", None))


def adjust_shot(battle: Battle, plan: Any, f: Fighter, t: Fighter, action: Any) -> None:
    """Each shot of an energy weapon is ``dice`` d6, less a die through smoke (:func:`adjust`)."""
    lof = plan.extra.get("line_of_fire")
    adjust(battle, plan, f, t, getattr(action, "dice", None), smoke=None if lof is None else lof.smoke)


def after_shot(r: Resolution, f: Fighter, t: Fighter, action: Any, out: dict[str, Any]) -> None:
    """G3-24: the shot just fired spends its dice from the battery, hit or miss (dropped on a fumble too)."""
    weapon = action.weapon(f)
    if not is_energy_gun(weapon):  # a fumble (G3-1) may have just dropped it: the shot was still fired
        weapon = next((e["item"] for e in reversed(r.events) if e.get("type") == "item" and e.get("actor") == f.id
                       and e.get("action") in ("dropped", "lost") and is_energy_gun(e.get("item"))), None)
    if weapon is not None and is_energy_gun(weapon):
        per, _ = volley(f, weapon, getattr(action, "dice", None), None)
        spend(r, f, weapon, per)



# -- the menu and its odds ----------------------------------------------------------------------------------------------

def _guns(f: Fighter) -> list[str]:
    return [w for w in dict.fromkeys(h for h in f.hands.values() if h) if is_energy_gun(w)]


def options(battle: Battle, f: Fighter) -> list[Any]:
    """Menu candidates: swapping a battery that is not fresh (S3-ENERGY-2), and at each foe the split shots of
    the energy weapon in hand (S3-ENERGY-3: 2 x 3d6, 3 x 2d6, 6 x 1d6; the full shot is the plain attack)."""
    out: list[Any] = []
    for w in _guns(f):
        if battery_left(f, w) < battery_size(w):
            out.append(SwapBattery(actor=f.id, item=w))
        if in_hth(f):
            continue
        for o in foes(battle, f):
            for per, n in splits(w)[1:]:
                out.append(Attack(actor=f.id, target=o.id, item=w, dice=per, shots=n))
    return out


def odds(battle: Battle, action: Any) -> dict[str, float] | None:
    """An energy shot's chances: one shot's ``hit``/``miss`` with its automatic results (G3-1); for a volley of
    several, ``hit`` is at least one shot hitting, ``miss`` none, ``each`` one shot's chance (the shots roll
    alike, S3-ENERGY-3). None when the action is not a shot of an energy weapon."""
    aimed = shot_of(battle, action, is_energy_gun)
    if aimed is None:
        return None
    f, t, weapon = aimed
    plan = shot_plan(battle, f, t, weapon, defense=action.defense)
    adjust_shot(battle, plan, f, t, action)
    one = attack_odds(plan)
    _, n = volley(f, weapon, action.dice, action.shots)
    if n <= 1:
        return one
    p = one["hit"]
    return {"hit": 1.0 - (1.0 - p) ** n, "miss": (1.0 - p) ** n, "each": p}


add_shot_hooks("energy", shot_reason=shot_reason, adjust_shot=adjust_shot, after_shot=after_shot)
