"""Breath under water (S4-SWIM-1, S4-SWIM-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import events as E
from game.rules.common import Mod
from game.rules.d20.abilities import bonus
from game.rules.d20.attack import end_holds_of, save_roll
from game.rules.d20.movement import swim_rate
from game.rules.d20.status import altitude

if TYPE_CHECKING:
    from game.model import Fighter
    from game.rules.events import Resolution

__all__ = ["breath_rounds", "tick_breath"]


def breath_rounds(f: Fighter) -> int:
    """S4-SWIM-1: CON / 2 rounds, rounded up."""
    return -(-int(f.stats.get("CON", 10)) // 2)


def tick_breath(r: Resolution, f: Fighter) -> None:
    """Once a round under water: one breath fewer; out of breath, death unless within one round of the surface,
    where a save vs Death Ray + CON brings it up alive (S4-SWIM-3)."""
    if altitude(f) >= 0:
        if f.counters.get("breath") is not None:
            r.emit(E.stat(f.id, "counters.breath", None, rule="S4-SWIM-1"))
        return
    left = f.counters.get("breath")
    left = breath_rounds(f) if left is None else int(left)
    left -= 1
    r.emit(E.stat(f.id, "counters.breath", left, rule="S4-SWIM-1"))
    if left > 0:
        return
    up = swim_rate(r.battle, f, upward=True)
    if -altitude(f) <= up:
        mods = [Mod(bonus(f, "CON"), "CON bonus", "S4-SWIM-3")] if bonus(f, "CON") else []
        sv = save_roll(r, f, "out of breath near the surface: save vs Death Ray", "S4-SWIM-3", mods=mods)
        if sv["success"]:
            r.emit(E.stat(f.id, "counters.altitude", 0, rule="S4-SWIM-3"))
            r.emit(E.stat(f.id, "counters.breath", None, rule="S4-SWIM-3"))
            r.note(E.message(f"{f.label} floats to the surface and comes to at once.", actor=f.id, rule="S4-SWIM-3"))
            return
    r.emit(E.condition(f.id, add="dead", rule="S4-SWIM-3"))
    r.note(E.message(f"{f.label} runs out of breath under water and drowns.", actor=f.id, rule="S4-SWIM-3"))
    end_holds_of(r, f)
