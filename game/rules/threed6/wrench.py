"""Neck snap / wrench limb (S2-WRENCH-1..7) for ``3d6-full``.

The attacker first grapples the neck or the limb with both hands
(S2-WRENCH-1). The victim gets its turn to break free (S2-WRENCH-2); if the
grip survives it, on the attacker's next turn (and each one after, -7) it rolls
a Quick Contest of ST-4 against the higher of the victim's ST and HT (-3). A
win does swing crushing damage by the attacker's ST (-4, G2-7) to the neck
(x1.5, -5) or the limb; only natural DR without Tough Skin and rigid armour
protect (-6, G2-8). A limb may be crippled (G2-5): a crippled arm drops what
its hand holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules import events as E
from game.rules.base import Reason
from game.rules.common import RollSpec, quick_contest
from game.rules.threed6 import stats as S
from game.rules.threed6.limbs import EXTREMITIES, LIMBS, crush, dr_vs_lock
from game.rules.threed6.strangle import resisting_spec

if TYPE_CHECKING:
    from game.model import Battle, Grapple
    from game.rules.events import Resolution

__all__ = ["WRENCH_LOCATIONS", "wrench_grip", "check_wrench", "wrench_specs", "resolve_wrench"]

WRENCH_LOCATIONS = ("neck", *LIMBS, *EXTREMITIES)


def wrench_grip(battle: Battle, actor: str, location: str | None, target: str | None = None) -> Grapple | None:
    for g in battle.grapples:
        if g.holder != actor or (target is not None and g.target != target):
            continue
        if location is None and g.location in WRENCH_LOCATIONS:
            return g
        if g.location == location:
            return g
    return None


def check_wrench(battle: Battle, rs: Any, actor: str, location: str | None, target: str | None = None) -> Reason | None:
    me = battle.fighter(actor)
    if location is not None and location not in WRENCH_LOCATIONS:
        return Reason(f"Only the neck or a limb can be wrenched, not the {location} (S2-WRENCH-1)", "S2-WRENCH-1")
    g = wrench_grip(battle, actor, location, target)
    if g is None:
        what = location or "neck or a limb"
        return Reason(f"{me.label} must first grapple the foe's {what} to wrench it (S2-WRENCH-1)", "S2-WRENCH-1")
    foe = battle.fighter(g.target)
    if g.hands < 2:
        return Reason(f"{me.label} must hold {foe.label}'s {g.location} with both hands to wrench it (S2-WRENCH-1)",
                      "S2-WRENCH-1")
    if not g.extra.get("victim_turns"):
        return Reason(f"{foe.label} first gets a turn to break free; {me.label} may wrench on {me.their} next turn "
                      "(S2-WRENCH-2, S2-WRENCH-3)", "S2-WRENCH-3")
    return None


def wrench_specs(battle: Battle, rs: Any, g: Grapple) -> tuple[RollSpec, RollSpec]:
    me = battle.fighter(g.holder)
    a = RollSpec(g.holder, f"wrench the {g.location}: ST", S.stat(me, "ST"), "S2-WRENCH-3")
    a.add(-4, "wrenching: ST-4", "S2-WRENCH-3")
    b = resisting_spec(rs, battle, g.target, "resist the wrench", "S2-WRENCH-3")
    return a, b


def resolve_wrench(res: Resolution, rs: Any, actor: str, location: str | None, target: str | None = None) -> None:
    battle = res.battle
    g = wrench_grip(battle, actor, location, target)
    assert g is not None
    a, b = wrench_specs(battle, rs, g)
    contest = res.note(quick_contest(res.dice, a, b, "S2-WRENCH-3"))
    foe = battle.fighter(g.target)
    if contest["winner"] != actor:
        text = "tie: nothing happens" if contest["winner"] is None else f"{foe.label} resists"
        res.note(E.message(f"wrench: {text}", actor=actor, rule="S2-WRENCH-3"))
        return
    me = battle.fighter(actor)
    n, adds = S.swing(S.stat(me, "ST"))
    faces = res.dice.roll(n, 6, f"wrench damage {S.dice_text((n, adds))}", "S2-WRENCH-4")
    amount = max(0, sum(faces) + adds)
    res.note({"type": "roll", "actor": actor, "rule": "S2-WRENCH-4", "damage": True,
              "label": f"wrench damage ({S.dice_text((n, adds))} crushing: swing for ST {S.stat(me, 'ST')}, "
                       "house rule G2-7)",
              "dice": faces, "total": amount, "base": sum(faces),
              "modifiers": [{"value": adds, "reason": "damage adds", "rule": "G2-7"}] if adds else []})
    dr, why = dr_vs_lock(foe)
    side = g.extra.get("limb", "right")
    crush(res, rs, actor, g.target, amount, location=g.location, side=None if g.location == "neck" else side,
          dr=dr, why_dr=why, rule="S2-WRENCH-4", dr_rule="S2-WRENCH-6", mult_rule="S2-WRENCH-5")
