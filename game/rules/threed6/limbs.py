"""Kinds of DR (G2-8) and crippled limbs (G2-5), for the arm lock and the wrench of ``3d6-full``.

DR as the situation gives it (``Fighter.dr``) is the fighter's whole DR and
protects "normally" (S2-STRANGLE-7). ``traits`` may say what it is made of
(ruling F-4 in RULINGS.md, after G2-8):

- ``natural_dr``: how much of ``dr`` is natural (default 0);
- ``tough_skin``: that natural DR has the Tough Skin limitation;
- ``armor``: ``rigid`` (default) or ``flexible`` for the rest.

Against an arm lock or a wrench only natural DR without Tough Skin and rigid
armour count (S2-ARMLOCK-12, S2-WRENCH-6).

Crippled limbs are kept in ``Fighter.crippled`` by the names ``combat.apply_injury``
uses: an arm or a hand by its hand's name (``right``, ``left``:
``Fighter.free_hands`` already skips them), a leg or a foot as ``right_leg``.

:func:`crush` is the damage step shared by strangle, choke, arm lock and
wrench: DR, the neck's x1.5, crippling with the excess lost, then the
consequences of the injury through ``combat.apply_injury``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules import events as E
from game.rules.threed6 import combat
from game.rules.threed6 import stats as S

if TYPE_CHECKING:
    from game.model import Fighter
    from game.rules.events import Resolution

__all__ = ["LIMBS", "EXTREMITIES", "NECK_MULTIPLIER", "natural_dr", "dr_normal", "dr_vs_lock", "cripple_threshold",
           "limb_key", "is_crippled", "crush"]

#: S2-STRANGLE-8 / S2-WRENCH-5: the neck's wounding modifier for crushing damage (G0-6).
NECK_MULTIPLIER = 1.5

LIMBS = ("arm", "leg")
EXTREMITIES = ("hand", "foot")


def natural_dr(f: Fighter) -> int:
    return max(0, min(int(f.traits.get("natural_dr", 0)), f.dr))


def dr_normal(f: Fighter) -> int:
    """DR that "protects normally" (S2-STRANGLE-7): all of it."""
    return f.dr


def dr_vs_lock(f: Fighter) -> tuple[int, str]:
    """S2-ARMLOCK-12 / S2-WRENCH-6 (G2-8): natural DR unless Tough Skin, plus rigid armour; and why."""
    nat = natural_dr(f)
    armour = f.dr - nat
    parts = []
    total = 0
    if nat:
        if f.traits.get("tough_skin"):
            parts.append(f"natural DR {nat} with Tough Skin does not count")
        else:
            total += nat
            parts.append(f"natural DR {nat} counts")
    if armour:
        if f.traits.get("armor", "rigid") == "flexible":
            parts.append(f"flexible armour DR {armour} does not count")
        else:
            total += armour
            parts.append(f"rigid armour DR {armour} counts")
    return total, "; ".join(parts) or "no DR"


def cripple_threshold(hp: int, location: str) -> int | None:
    """G2-5 (house rule): the injury that cripples a limb: more than HP/2 (arm, leg) or HP/3 (hand, foot)."""
    if location in LIMBS:
        return hp // 2 + 1
    if location in EXTREMITIES:
        return hp // 3 + 1
    return None


def limb_key(location: str, side: str) -> str:
    """The name a crippled limb has in ``Fighter.crippled`` (an arm is its hand's name)."""
    return side if location in ("arm", "hand") else f"{side}_leg"


def is_crippled(f: Fighter, location: str, side: str) -> bool:
    return limb_key(location, side) in f.crippled


def crush(res: Resolution, rs: Any, actor: str, target: str, amount: int, *, location: str, dr: int,
          rule: str, dr_rule: str, mult_rule: str = "S2-STRANGLE-8", why_dr: str = "", side: str | None = None,
          shock_as: int | None = None) -> int:
    """Crushing ``amount`` to ``location`` through ``dr``: emits the damage and what the injury does.

    Returns the damage that got through DR (S2-STRANGLE-9 cares about that).
    ``side`` names the limb for arm/leg/hand/foot (crippling, G2-5: the
    injury is capped at what cripples it and a crippled arm drops what its hand
    holds). ``shock_as`` replaces the injury for shock and the major-wound
    check (S2-ARMLOCK-15, G2-6).
    """
    foe = res.battle.fighter(target)
    hp_before = S.current_hp(foe)
    penetrating = max(0, amount - dr)
    mult = NECK_MULTIPLIER if location == "neck" else 1.0
    injury = int(penetrating * mult)
    extra: dict[str, Any] = {"penetrating": penetrating, "dr_rule": dr_rule, "wounding": mult}
    if mult != 1.0:
        extra["multiplier"] = {"value": mult, "reason": "injury to the neck x1.5", "rule": mult_rule}
    if why_dr:
        extra["dr_reason"] = why_dr
    crippled = False
    threshold = cripple_threshold(S.hp_max(foe), location) if side else None
    if side:
        extra["limb"] = side
    if threshold is not None and injury >= threshold:
        if injury > threshold:
            extra["lost"] = {"value": injury - threshold,
                             "reason": "house rule: injury past what cripples the limb is lost", "rule": "G2-5"}
        injury = threshold
        crippled = True
    res.emit(E.damage(actor, target, amount, dtype="crushing", location=location, dr=dr, injury=injury, rule=rule,
                      **extra))
    shock = injury if shock_as is None else shock_as
    if shock > 0:
        combat.apply_injury(res, rs, foe, shock, location=location, hp_before=hp_before)
    if crippled and side and not foe.has("dead"):
        key = limb_key(location, side)
        if key not in foe.crippled:
            res.emit(E.stat(target, "crippled", [*foe.crippled, key], actor=actor, rule="G2-5"))
            res.emit(E.message(f"{foe.label}'s {side} {location} is crippled (house rule: injury over "
                               f"{'HP/2' if location in LIMBS else 'HP/3'})", actor=actor, rule="G2-5"))
        if location in ("arm", "hand") and foe.hands.get(side) is not None:
            res.emit(E.item(target, foe.hands[side], action="dropped", hand=side, rule="S2-ARMLOCK-13"))
    return penetrating
