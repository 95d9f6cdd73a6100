"""Mounts and riders (S4-MOUNT-*, S4-JOUST-*): morale of a hurt mount, a thrown rider, unhorsing.

A rider is a fighter with the ``mounted`` condition standing in the same hex
as a same-side fighter with the ``mount`` trait (GX-3: they share a hex).
They share the rider's initiative (S4-MOUNT-1, ``initiative.py``); moving the
rider moves the mount.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.hexgrid import hex_distance, hex_neighbors
from game.rules import events as E
from game.rules.common import Mod
from game.rules.d20.abilities import bonus, trait
from game.rules.d20.status import can_see, mark, rider_of, this_round

if TYPE_CHECKING:
    from game.model import Fighter
    from game.rules.events import Resolution

__all__ = ["mount_morale", "throw_rider", "unhorse", "regain_control"]


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
        from game.rules.d20.attack import save_roll

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
    from game.rules.d20.attack import apply_damage

    r.emit(E.condition(rider.id, remove="mounted", rule=rule))
    r.emit(E.posture(rider.id, "prone", rule=rule))
    mark(r, rider, "busy", why="thrown from the saddle")
    n = r.dice.roll(1, 6, "falling damage", rule)[0]
    r.note({"type": "roll", "actor": rider.id, "label": "falling damage (1d6)", "rule": rule, "base": 0,
            "modifiers": [], "dice": [n], "total": n})
    apply_damage(r, m, rider, n, dtype=dtype, rule=rule, why="thrown from the saddle", defer=False)


def unhorse(r: Resolution, attacker: Fighter, jouster: Fighter, m: Fighter, damage: int) -> None:
    """S4-JOUST-3..7: a jouster who is hit saves vs Death Ray + STR, -1 per full 5 damage, or is unhorsed;
    failed by 5+: stunned 1d3 rounds; by 10+: knocked out 2d4 rounds."""
    from game.rules.d20.attack import save_roll

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
