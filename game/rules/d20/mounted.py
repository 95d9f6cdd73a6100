"""Mounts and riders (S4-MOUNT-*, S4-JOUST-*): unhorsing, regaining control (and, from attack.py,
the morale of a hurt mount and a thrown rider).

A rider is a fighter with the ``mounted`` condition standing in the same hex
as a same-side fighter with the ``mount`` trait (GX-3: they share a hex).
They share the rider's initiative (S4-MOUNT-1, ``initiative.py``); moving the
rider moves the mount.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import events as E
from game.rules.common import Mod
from game.rules.d20.abilities import bonus

# A hurt mount's morale check and a thrown rider (S4-MOUNT-17/18) live in attack.py with the
# damage that sets them off: damage -> morale -> thrown rider -> falling damage is one recursion,
# and keeping it in one module is what keeps attack and mounted from importing each other.
from game.rules.d20.attack import mount_morale, save_roll, throw_rider
from game.rules.d20.status import can_see, this_round

if TYPE_CHECKING:
    from game.model import Fighter
    from game.rules.events import Resolution

__all__ = ["mount_morale", "throw_rider", "unhorse", "regain_control"]


def unhorse(r: Resolution, attacker: Fighter, jouster: Fighter, m: Fighter, damage: int) -> None:
    """S4-JOUST-3..7: a jouster who is hit saves vs Death Ray + STR, -1 per full 5 damage, or is unhorsed;
    failed by 5+: stunned 1d3 rounds; by 10+: knocked out 2d4 rounds."""
    mods = []
    if bonus(jouster, "STR"):
        mods.append(Mod(bonus(jouster, "STR"), "STR bonus", "S4-JOUST-3"))
    if damage // 5:
        mods.append(Mod(-(damage // 5), f"{damage} damage: -1 per full 5", "S4-JOUST-4"))
    sv = save_roll(r, jouster, "keep the saddle: save vs Death Ray", "S4-JOUST-3", mods=mods)
    if sv["success"]:
        return
    throw_rider(r, jouster, m, rule="S4-JOUST-3")
    by = -sv["margin"]
    if by >= 10:
        n = sum(r.dice.roll(2, 4, "rounds knocked out", "S4-JOUST-6"))
        r.emit(E.condition(jouster.id, add="knocked_out", rule="S4-JOUST-6"))
        r.emit(E.stat(jouster.id, "counters.out_until", r.battle.round + n, rule="S4-JOUST-6"))
        r.note(E.message(f"{jouster.label} failed by {by}: knocked out for {n} rounds.", rule="S4-JOUST-6"))
    elif by >= 5:
        n = r.dice.roll(1, 3, "rounds stunned", "S4-JOUST-5")[0]
        r.emit(E.condition(jouster.id, add="stunned", rule="S4-JOUST-5"))
        r.emit(E.stat(jouster.id, "counters.stunned_until", r.battle.round + n, rule="S4-JOUST-5"))
        r.note(E.message(f"{jouster.label} failed by {by}: stunned for {n} rounds (-2 AC, -2 AB).",
                         rule="S4-JOUST-5"))


def regain_control(r: Resolution, m: Fighter) -> None:
    """S4-MOUNT-19: counting starts once the mount cannot see its attacker; then 1d4 rounds."""
    battle = r.battle
    ctl = m.counters.get("control")
    if "bolting" not in m.conditions or not isinstance(ctl, dict):
        return
    attacker = battle.get(ctl.get("attacker"))
    seen = attacker is not None and "dead" not in attacker.conditions and can_see(battle, m.hex, attacker.hex)
    if seen:
        if ctl.get("unseen_since") is not None:
            r.emit(E.stat(m.id, "counters.control", dict(ctl, unseen_since=None)))
        return
    if ctl.get("unseen_since") is None:
        r.emit(E.stat(m.id, "counters.control", dict(ctl, unseen_since=battle.round)))
        return
    if battle.round - int(ctl["unseen_since"]) >= int(ctl["rounds"]):
        r.emit(E.condition(m.id, remove="bolting", rule="S4-MOUNT-19"))
        r.emit(E.stat(m.id, "counters.control", None))
        r.note(E.message(f"{m.label} is back under control.", actor=m.id, rule="S4-MOUNT-19"))


_ = this_round
