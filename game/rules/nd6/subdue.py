"""The subdue grips (G3-17, S3-SUBDUE): which grips are subdues, ending one, and the check after every action
that ends those whose holder or victim can no longer keep them.

Here, below the Martial Arts actions (``martial``, which makes subdues) and the brawl (``hth``, whose leaving
ends them) and the nd6 action base (``actions``, which settles them after every action), so that each of them
imports this at load and none reaches for another inside a function.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import events as E
from game.rules.nd6.status import in_hth, is_out

if TYPE_CHECKING:
    from game.model import Battle, Fighter, Grapple
    from game.rules.events import Resolution

__all__ = ["subdue_grips", "same_brawl", "end_subdue", "end_subdues", "settle"]


def subdue_grips(battle: Battle) -> list[Grapple]:
    return [g for g in battle.grapples if g.kind == "subdue"]


def same_brawl(a: Fighter, t: Fighter) -> bool:
    return in_hth(a) and in_hth(t) and a.hex == t.hex


def end_subdue(r: Resolution, holder: str, target: str, why: str, rule: str) -> None:
    """End one subdue: the grip goes; the victim is free unless someone else still subdues it."""
    r.emit(E.grapple_end(holder, target, why=why, rule=rule))
    t = r.battle.get(target)
    if t is None:
        return
    if not any(g.target == target for g in subdue_grips(r.battle)):
        if "subdued" in t.conditions:
            r.emit(E.condition(t.id, remove="subdued", rule=rule))
        if "subdued" in t.counters:
            r.emit(E.stat(t.id, "counters.subdued", None))


def end_subdues(r: Resolution, f: Fighter, why: str, rule: str = "G3-17") -> None:
    """Every subdue ``f`` holds ends (G3-17: it was knocked down, subdued, or is out)."""
    for g in [g for g in subdue_grips(r.battle) if g.holder == f.id]:
        t = r.battle.get(g.target)
        r.note(E.message(f"{f.label} {why} and lets go of {t.label if t else g.target}.", actor=f.id, rule=rule))
        end_subdue(r, g.holder, g.target, why, rule)


def settle(r: Resolution) -> None:
    """G3-17: a subdue ends when its holder has left the brawl, is subdued itself, is stunned (S3-STUN-2 knocks it
    down) or is out (or its victim is)."""
    battle = r.battle
    for g in subdue_grips(battle):
        h, t = battle.get(g.holder), battle.get(g.target)
        why = ""
        if h is None or t is None or is_out(h):
            why = "is out of the fight"
        elif is_out(t):
            why = "holds a foe that is out of the fight"
        elif not same_brawl(h, t):
            why = "is no longer in the brawl"
        elif "subdued" in h.conditions:
            why = "is subdued itself"
        elif "stunned" in h.conditions:
            why = "is stunned and knocked down"  # S3-STUN-2's knockdown is G3-17's "knocked down"
        if why:
            if h is not None:
                r.note(E.message(f"{h.label} {why}: {h.their} subdue ends.", actor=h.id, rule="G3-17"))
            end_subdue(r, g.holder, g.target, why, "G3-17")
