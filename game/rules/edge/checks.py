"""The checks edge's basic actions and its grapple share: can this fighter act, does it wield
that weapon, which grapple does an action mean, may it strike in melee (G1-5, G1-6, G1-9, G1-11).

They live apart from ``basic`` (move, attack...) and ``grapple`` (entering a grapple, the grapple
roll) because both need them: with them here neither of those two modules imports the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.hexgrid import hex_distance
from game.rules.base import Reason
from game.rules.edge import links
from game.rules.edge.stats import held_weapons, item_info

if TYPE_CHECKING:
    from game.model import Battle, Grapple

__all__ = ["actor_reason", "wields", "find_link", "melee_reason"]


def actor_reason(battle: Battle, actor: str) -> Reason | None:
    """Why ``actor`` cannot act at all (missing, dead, unconscious, bound: G1-9), or None."""
    f = battle.get(actor)
    if f is None:
        return Reason(f"no fighter {actor!r}", kind="unknown")
    for cond in ("dead", "unconscious", "bound"):
        if f.has(cond):
            return Reason(f"{f.label} is {cond} and cannot act", "G1-9")
    return None


def wields(hands: dict[str, str | None], weapon: str) -> bool:
    """Whether ``hands`` hold ``weapon`` as it must be held: a two-handed one in both (G1-6)."""
    if item_info(weapon)["hands"] == 2:
        return sum(1 for h in hands.values() if h == weapon) >= 2
    return weapon in hands.values()


def find_link(battle: Battle, actor: str, target: str | None) -> tuple[Grapple | None, Reason | None]:
    """The grapple an action of ``actor`` means: the one with ``target``, or its only one (G1-11)."""
    mine = links.links_of(battle, actor)
    if target is not None:
        g = links.link(battle, actor, target)
        if g is None:
            return None, Reason(f"{links.name(battle, actor)} is not in a grapple with {links.name(battle, target)}", "S1-GRAPPLE-1")
        return g, None
    if not mine:
        return None, Reason(f"{links.name(battle, actor)} is not in a grapple", "S1-GRAPPLE-1")
    if len(mine) > 1:
        names = ", ".join(links.name(battle, links.other(g, actor)) for g in mine)
        return None, Reason(f"{links.name(battle, actor)} is in several grapples: name the target ({names})", "G1-11", "bad_intent")
    return mine[0], None


def melee_reason(battle: Battle, actor: str, target: str, weapon: str | None, defense: str | None) -> Reason | None:
    """Why ``actor`` may not strike ``target`` in melee now (an attack or entering a grapple: G1-4..G1-9)."""
    reason = actor_reason(battle, actor)
    if reason:
        return reason
    t = battle.get(target)
    if t is None:
        return Reason(f"no fighter {target!r}", kind="unknown")
    if target == actor:
        return Reason("a fighter cannot attack itself", "G1-5")
    if t.has("dead"):
        return Reason(f"{t.label} is dead", "G1-9")
    if links.used(battle, actor, "acted"):
        return Reason(f"{links.name(battle, actor)} already acted this turn (one phase plus movement)", "G1-4")
    if links.is_in_grapple(battle, actor):
        return Reason("while in a grapple your melee action is your grapple roll (Pummel to strike)", "G1-8")
    if hex_distance(battle.fighter(actor).hex, t.hex) != 1:
        return Reason(f"{t.label} is not adjacent: melee needs an adjacent foe", "G1-5")
    if weapon not in (None, "fist"):
        me = battle.fighter(actor)
        if weapon not in held_weapons(me):
            return Reason(f"{me.label} holds no usable {weapon}", "G1-6")
        if not wields(me.hands, weapon):
            return Reason(f"the {weapon} needs both hands", "G1-6")
    if defense not in (None, "reflex", "none"):
        return Reason(f"defense is reflex or none in edge, not {defense!r}", "G1-5", "bad_intent")
    return None
