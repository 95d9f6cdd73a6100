"""Strangle (S2-STRANGLE-1..10) for ``3d6-full``, plus the crushing-damage step it shares with the choke hold.

A strangle is one of the moves after a grapple (S2-AFTER-1): on a later turn,
with an Attack or All-Out Attack, the holder of a neck grip (or, if bigger, of
a torso grip: S2-STRANGLE-5) rolls a Quick Contest of its ST against the
higher of the victim's ST and HT (S2-STRANGLE-3). The margin of victory is
crushing damage (S2-STRANGLE-6), DR protects normally (-7), injury to the neck
is x1.5 (-8) and, if anything got through DR, the victim starts to suffocate
(-9, -10; see :mod:`suffocation`). A choker uses the same roll with ST+3
(S2-CHOKE-9).

``rs`` is the ruleset (``ThreeD6Full``): these functions read stats and apply
wounds through it, so the same code serves every 3d6 ruleset that offers it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules import events as E
from game.rules.base import Reason
from game.rules.common import RollSpec, quick_contest
from game.rules.threed6 import combat, suffocation
from game.rules.threed6 import stats as S
from game.rules.threed6.limbs import crush, dr_normal, natural_dr

if TYPE_CHECKING:
    from game.model import Battle, Grapple
    from game.rules.events import Resolution

__all__ = ["strangle_grip", "check_strangle", "strangle_specs", "resolve_strangle", "resisting_spec", "blunt_trauma"]

def strangle_grip(battle: Battle, actor: str, target: str | None) -> Grapple | None:
    """The actor's grip that could strangle: on the neck first, else on the torso (S2-STRANGLE-5)."""
    grips = [g for g in battle.grapples if g.holder == actor and (target is None or g.target == target)]
    for g in grips:
        if g.location == "neck":
            return g
    for g in grips:
        if g.location == "torso":
            return g
    return grips[0] if grips else None


def check_strangle(battle: Battle, rs: Any, actor: str, target: str | None) -> Reason | None:
    me = battle.fighter(actor)
    g = strangle_grip(battle, actor, target)
    if g is None:
        who = battle.fighter(target).label if target else "a foe"
        return Reason(f"{me.label} must first grapple {who} by the neck to strangle (S2-STRANGLE-1)",
                      "S2-STRANGLE-1")
    foe = battle.fighter(g.target)
    if g.location == "torso":
        if me.size <= foe.size:
            return Reason(f"{me.label} must hold {foe.label}'s neck to strangle; squeezing the torso needs a "
                          f"Size Modifier above {foe.label}'s (S2-STRANGLE-5)", "S2-STRANGLE-5")
    elif g.location != "neck":
        return Reason(f"{me.label} holds {foe.label}'s {g.location}, not the neck (S2-STRANGLE-1)", "S2-STRANGLE-1")
    if g.extra.get("made_on_turn") == battle.turn:
        if g.kind == "choke_hold":
            return Reason(f"{me.label} can choke {foe.label} for damage from {me.their} next turn on (S2-CHOKE-9)",
                          "S2-CHOKE-9")
        return Reason(f"{me.label} can strangle only on a turn after the grapple (S2-AFTER-1)", "S2-AFTER-1")
    return None


def resisting_spec(rs: Any, battle: Battle, victim: str, label: str, rule: str) -> RollSpec:
    """The victim's side of strangle, arm-lock and wrench contests: the higher of ST and HT."""
    v = battle.fighter(victim)
    st, ht = S.stat(v, "ST"), S.stat(v, "HT")
    which = "ST" if st >= ht else "HT"
    return RollSpec(victim, f"{label}: {which} (higher of ST {st} and HT {ht})", max(st, ht), rule)


def strangle_specs(battle: Battle, rs: Any, g: Grapple) -> tuple[RollSpec, RollSpec]:
    """The two sides of the strangle contest with every modifier (S2-STRANGLE-3/4/5, S2-CHOKE-9)."""
    me = battle.fighter(g.holder)
    foe = battle.fighter(g.target)
    a = RollSpec(g.holder, "strangle: ST", S.stat(me, "ST"), "S2-STRANGLE-3")
    if g.kind == "choke_hold":
        a.add(3, "choke hold: ST counts as 3 higher for the crushing damage", "S2-CHOKE-9")
    if g.hands == 1:
        a.add(-5, "strangling with only one hand", "S2-STRANGLE-4")
    elif g.hands > 2:
        a.add(2 * (g.hands - 2), f"{g.hands - 2} hand(s) past the first two", "S2-STRANGLE-4")
    if g.location == "torso" and not me.traits.get("constriction_attack"):
        a.add(-5, "squeezing the torso without Constriction Attack", "S2-STRANGLE-5")
    if me.has("stunned"):
        a.add(-4, "stunned (house rule, as for holding on)", "G0-7")
    b = resisting_spec(rs, battle, foe.id, "resist the strangle", "S2-STRANGLE-3")
    return a, b


def resolve_strangle(res: Resolution, rs: Any, actor: str, target: str | None) -> None:
    battle = res.battle
    g = strangle_grip(battle, actor, target)
    assert g is not None
    a, b = strangle_specs(battle, rs, g)
    contest = res.note(quick_contest(res.dice, a, b, "S2-STRANGLE-3"))
    if contest["winner"] != g.holder:
        foe = battle.fighter(g.target).label
        text = "tie: nothing happens" if contest["winner"] is None else f"{foe} resists"
        res.note(E.message(f"strangle: {text}", actor=actor, rule="S2-STRANGLE-3"))
        return
    foe = battle.fighter(g.target)
    location = "neck" if g.location == "neck" else "torso"
    amount = contest["margin_of_victory"]
    penetrating = crush(res, rs, actor, g.target, amount, location=location,
                        dr=dr_normal(foe), rule="S2-STRANGLE-6", dr_rule="S2-STRANGLE-7")
    if penetrating == 0:
        penetrating = blunt_trauma(res, rs, actor, g.target, amount, location=location)
    if penetrating > 0 and not foe.has("dead"):
        suffocation.start_suffocating(res, g.target, actor, rule="S2-STRANGLE-9")


#: ruling F-5 (house rule, GURPS 4e): flexible armour that stops a crushing blow whole lets 1 HP through per 5
BLUNT_TRAUMA_PER = 5


def blunt_trauma(res: Resolution, rs: Any, actor: str, target: str, amount: int, *, location: str) -> int:
    """S2-STRANGLE-9 "even blunt trauma" (ruling F-5): when flexible armour stops the whole of the strangle's
    crushing damage, 1 HP of blunt trauma per full 5 points gets through as injury (no x1.5), and so starts the
    suffocation. Rigid armour and natural DR give none (G2-8). Returns the blunt trauma (0: none)."""
    foe = res.battle.fighter(target)
    armour = foe.dr - natural_dr(foe)
    trauma = amount // BLUNT_TRAUMA_PER
    if armour <= 0 or foe.traits.get("armor", "rigid") != "flexible" or trauma <= 0:
        return 0
    hp_before = S.current_hp(foe)
    res.emit(E.damage(actor, target, trauma, dtype="crushing", location=location, dr=0, injury=trauma,
                      rule="S2-STRANGLE-9", blunt_trauma={"value": trauma, "reason": f"ruling F-5: flexible armour "
                      f"stopped {amount} crushing, 1 HP of blunt trauma per full {BLUNT_TRAUMA_PER}",
                      "rule": "S2-STRANGLE-9"}))
    combat.apply_injury(res, rs, foe, trauma, location=location, hp_before=hp_before)
    return trauma
