"""Arm lock (S2-ARMLOCK-1..18) for ``3d6-full``: a Judo/Wrestling technique.

Sequence:

1. The locker, both hands empty, parries a melee attack barehanded with Judo
   or Wrestling (S2-ARMLOCK-2). The ruleset's ``on_parry`` hook records that
   as a turn-scoped effect ``armlock_chance`` on the locker, lasting to the
   end of its next turn (S2-ARMLOCK-3).
   Offensive use (S2-ARMLOCK-18): a grapple made with Judo or Wrestling
   whose victim has had a turn without breaking free gives the same chance.
2. Capture (``arm_lock``): an attack; the locker steps into the foe's hex
   and rolls Judo or Wrestling (S2-ARMLOCK-4); the foe defends in any way
   (S2-ARMLOCK-5); if the defence fails the arm is locked (S2-ARMLOCK-6): a
   grip of kind ``arm_lock`` on that arm with both hands.
3. Break free: the locker has +4 (S2-ARMLOCK-7), and each failed attempt gives
   the victim a cumulative -1 (S2-ARMLOCK-8, kept in the grip's
   ``extra["failed_escapes"]``).
4. Damage (``arm_lock_damage``): on the locker's later turns (S2-ARMLOCK-9),
   once per turn, a passive Quick Contest (not an attack, S2-ARMLOCK-16) of
   the best of Judo, Wrestling and ST against the higher of ST and HT
   (S2-ARMLOCK-10); the margin of victory is crushing damage to the arm
   (-11) through natural/rigid DR only (-12); crippling drops what the hand
   holds (-13); a crippled arm takes no more damage (-14); every win inflicts
   shock and stun as if the margin were injury (-15, G2-6).
5. Meanwhile the locker may strike in close combat and the victim defends
   at -4 (S2-ARMLOCK-17).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.hexgrid import hex_distance
from game.rules import events as E
from game.rules.base import Reason
from game.rules.common import RollSpec, quick_contest
from game.rules.threed6 import combat
from game.rules.threed6 import stats as S
from game.rules.threed6.limbs import crush, dr_vs_lock, is_crippled
from game.rules.threed6.status import hands_in_grips
from game.rules.threed6.strangle import resisting_spec

if TYPE_CHECKING:
    from game.model import Battle, Fighter, Grapple
    from game.rules.events import Resolution

__all__ = [
    "LOCK_SKILLS", "CHANCE", "lock_skill", "record_parry", "lock_chance", "check_capture", "lock_grip",
    "check_damage", "damage_specs", "resolve_damage", "break_free_mods", "after_break_free",
]

LOCK_SKILLS = ("Judo", "Wrestling")
#: the turn-scoped effect that records a qualifying parry
CHANCE = "armlock_chance"


def lock_skill(f: Fighter) -> tuple[int, str] | None:
    """S2-ARMLOCK-1 (G2-15): the better of Judo and Wrestling, or None if the fighter knows neither."""
    best: tuple[int, str] | None = None
    for s in LOCK_SKILLS:
        if s in f.skills and (best is None or int(f.skills[s]) > best[0]):
            best = (int(f.skills[s]), s)
    return best


def record_parry(res: Resolution, defender: str, attacker: str, *, skill: str, barehanded: bool,
                 attack_hand: str | None) -> None:
    """Called when ``defender`` parried ``attacker``'s melee attack: S2-ARMLOCK-2/3 open a chance to lock."""
    f = res.battle.fighter(defender)
    if not barehanded or skill not in LOCK_SKILLS or any(h is not None for h in f.hands.values()):
        return
    if any(e["fighter"] == defender and e["kind"] == CHANCE for e in res.battle.effects):
        res.emit(E.effect_end(defender, CHANCE, rule="S2-ARMLOCK-3"))
    res.emit(E.effect_start(defender, CHANCE, until="end_of_turn",
                            data={"attacker": attacker, "limb": attack_hand or "right", "skill": skill},
                            rule="S2-ARMLOCK-2"))


def lock_chance(battle: Battle, actor: str, target: str) -> dict[str, Any] | None:
    """How ``actor`` may try to lock ``target``'s arm now: after a parry (S2-ARMLOCK-2/3) or from a
    Judo/Wrestling grapple the foe failed to escape (S2-ARMLOCK-18). Returns ``{"via", "limb"}`` or None."""
    for e in battle.effects:
        if e["fighter"] == actor and e["kind"] == CHANCE and e.get("data", {}).get("attacker") == target:
            return {"via": "parry", "limb": e["data"].get("limb", "right")}
    for g in battle.grapples:
        if (g.holder == actor and g.target == target and g.kind == "grapple"
                and _grappled_with_lock_skill(battle, g) and g.extra.get("victim_turns")):
            foe = battle.fighter(target)
            limb = g.extra.get("limb") if g.location in ("arm", "hand") else None
            if limb is None:
                limb = next((h for h, it in foe.hands.items() if it is not None), "right")
            return {"via": "grapple", "limb": limb}
    return None


def _grappled_with_lock_skill(battle: Battle, g: Grapple) -> bool:
    """S2-ARMLOCK-18: the grapple was rolled with Judo or Wrestling (the grab uses the best of DX and the
    grappling skills, G0-15, so it did if one of those two was the best; a grip may also say so itself)."""
    if g.extra.get("skill") in LOCK_SKILLS:
        return True
    return S.best_grappling(battle.fighter(g.holder))[1] in LOCK_SKILLS


def lock_grip(battle: Battle, actor: str, target: str | None = None) -> Grapple | None:
    for g in battle.grapples:
        if g.holder == actor and g.kind == "arm_lock" and (target is None or g.target == target):
            return g
    return None


def check_capture(battle: Battle, actor: str, target: str | None) -> Reason | None:
    me = battle.fighter(actor)
    if lock_skill(me) is None:
        return Reason(f"{me.label} knows neither Judo nor Wrestling, which an arm lock needs (S2-ARMLOCK-1)",
                      "S2-ARMLOCK-1")
    if target is None:
        return Reason("Name the fighter whose arm to lock (S2-ARMLOCK-3)", "S2-ARMLOCK-3", kind="bad_intent")
    foe = battle.fighter(target)
    chance = lock_chance(battle, actor, target)
    if chance is None:
        return Reason(f"{me.label} may lock {foe.label}'s arm only on {me.their} first turn after parrying "
                      f"{foe.label}'s attack barehanded with Judo or Wrestling (S2-ARMLOCK-2), or after "
                      f"{foe.label} failed to escape {me.their} Judo/Wrestling grapple (S2-ARMLOCK-18)", "S2-ARMLOCK-2")
    if chance["via"] == "parry":
        busy = [h for h, it in me.hands.items() if it is not None]
        if busy or hands_in_grips(battle, actor) or len(me.free_hands()) < 2:
            return Reason(f"{me.label} needs both hands empty to lock an arm (S2-ARMLOCK-2)", "S2-ARMLOCK-2")
        if hex_distance(me.hex, foe.hex) > 1:
            return Reason(f"{foe.label} is no longer within one yard of {me.label} (S2-ARMLOCK-3)", "S2-ARMLOCK-3")
    if lock_grip(battle, actor, target) is not None:
        return Reason(f"{me.label} already has {foe.label}'s arm locked", "S2-ARMLOCK-6")
    return None


def capture_spec(battle: Battle, actor: str) -> RollSpec:
    me = battle.fighter(actor)
    level, name = lock_skill(me) or (S.stat(me, "DX"), "DX")
    return RollSpec(actor, f"arm lock: {name}", level, "S2-ARMLOCK-4")


def check_damage(battle: Battle, actor: str, target: str | None) -> Reason | None:
    me = battle.fighter(actor)
    g = lock_grip(battle, actor, target)
    if g is None:
        return Reason(f"{me.label} has no arm locked (S2-ARMLOCK-9)", "S2-ARMLOCK-9")
    if g.extra.get("made_on_turn") == battle.turn:
        return Reason(f"{me.label} may work the lock from {me.their} next turn on (S2-ARMLOCK-9)", "S2-ARMLOCK-9")
    if g.extra.get("damage_turn") == battle.turn:
        return Reason(f"{me.label} has already rolled the arm lock this turn (S2-ARMLOCK-9)", "S2-ARMLOCK-9")
    return None


def damage_specs(battle: Battle, rs: Any, g: Grapple) -> tuple[RollSpec, RollSpec]:
    me = battle.fighter(g.holder)
    best = (S.stat(me, "ST"), "ST")
    for s in LOCK_SKILLS:
        if s in me.skills and int(me.skills[s]) > best[0]:
            best = (int(me.skills[s]), s)
    a = RollSpec(g.holder, f"work the arm lock: {best[1]} (best of Judo, Wrestling, ST)", best[0], "S2-ARMLOCK-10")
    b = resisting_spec(rs, battle, g.target, "resist the arm lock", "S2-ARMLOCK-10")
    return a, b


def resolve_damage(res: Resolution, rs: Any, actor: str, target: str | None) -> None:
    battle = res.battle
    g = lock_grip(battle, actor, target)
    assert g is not None
    res.emit(E.grapple_change(g.holder, g.target, extra={**g.extra, "damage_turn": battle.turn},
                              rule="S2-ARMLOCK-16"))
    a, b = damage_specs(battle, rs, g)
    contest = res.note(quick_contest(res.dice, a, b, "S2-ARMLOCK-10"))
    foe = battle.fighter(g.target)
    if contest["winner"] != actor:
        text = "tie: nothing happens" if contest["winner"] is None else f"{foe.label} resists"
        res.note(E.message(f"arm lock: {text}", actor=actor, rule="S2-ARMLOCK-10"))
        return
    mov = contest["margin_of_victory"]
    side = g.extra.get("limb", "right")
    if is_crippled(foe, "arm", side):
        res.note(E.message(f"{foe.label}'s {side} arm is already crippled and takes no more damage; the win "
                           "still causes shock and stun", actor=actor, rule="S2-ARMLOCK-14"))
        # S2-ARMLOCK-15 (G2-6): the margin of victory counts as injury for shock and the major-wound check.
        combat.apply_injury(res, rs, foe, mov, location="arm")
    else:
        dr, why = dr_vs_lock(foe)
        crush(res, rs, actor, g.target, mov, location="arm", side=side, dr=dr, why_dr=why, rule="S2-ARMLOCK-11",
              dr_rule="S2-ARMLOCK-12", mult_rule="S2-ARMLOCK-11", shock_as=mov)


def break_free_mods(battle: Battle, g: Grapple) -> tuple[list[tuple[int, str, str]], list[tuple[int, str, str]]]:
    """(holder mods, victim mods) for breaking an arm lock: +4 to the locker (S2-ARMLOCK-7, replacing the
    two-hand +5: ruling F-6), -1 per failed attempt to the victim (S2-ARMLOCK-8)."""
    holder = [(4, "arm lock", "S2-ARMLOCK-7")]
    fails = int(g.extra.get("failed_escapes", 0))
    victim = [(-fails, f"{fails} failed attempt(s) to break the arm lock", "S2-ARMLOCK-8")] if fails else []
    return holder, victim


def after_break_free(res: Resolution, g: Grapple, lost: bool) -> None:
    """S2-ARMLOCK-8: "If he loses, he has a cumulative -1": only a lost attempt adds -1 to the victim's later
    attempts; a tied contest is no loss (nobody wins a tied Quick Contest, G0-2), so it adds nothing."""
    if not lost or g.kind != "arm_lock":
        return
    if any(x is g for x in res.battle.grapples):
        fails = int(g.extra.get("failed_escapes", 0)) + 1
        res.emit(E.grapple_change(g.holder, g.target, extra={**g.extra, "failed_escapes": fails},
                                  rule="S2-ARMLOCK-8"))
