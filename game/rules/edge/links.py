"""Grapple links in edge: who is in which grapple, pins, adjacency (S1-PIN-2..4, G1-8, G1-11).

A grapple in edge is one mutual link between two fighters in adjacent hexes
(this ruleset never shares a hex, G1-8). It is a :class:`game.model.Grapple`:

- ``holder`` is the fighter with the upper hand: the one who began the
  grapple (S1-GRAPPLE-1), or whoever pinned the other last (S1-PIN-4);
- ``kind`` is ``grapple`` (no pin), ``pin`` (the target at -1) or
  ``pin-2`` .. ``pin-5`` (S1-PIN-2/3): only one side can be pinned at a time,
  because pinning back lifts one's own pin (S1-PIN-4);
- ``extra``: ``initiator`` (who began it; rolls first, S1-GRAPPLE-4; default
  the holder), ``round`` (the round it began, for S1-HAND-2), ``hooked`` (the
  hooked weapon it began with), ``regrip`` (fighter -> round of its +1,
  upstream Regrip option).
- ``hands`` is 0: an edge grapple commits no hand; S1-HAND-1 only asks
  whether a hand is free.

A fighter may be in several links (G1-11); each has its own pin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.hexgrid import hex_distance
from game.rules import events as ev

if TYPE_CHECKING:
    from game.model import Battle, Grapple
    from game.rules.events import Resolution

__all__ = [
    "PIN_MAX", "links_of", "link", "other", "initiator", "pin_level", "pin_kind", "is_in_grapple",
    "adjacent", "end_link", "end_broken_links", "set_pin", "pinned_anywhere", "knocked_prone",
    "mark_knocked_prone", "used", "mark_used",
]

PIN_MAX = 5
GRAPPLE_KINDS = ("pin", "pin-1", "pin-2", "pin-3", "pin-4", "pin-5")



def name(battle: Battle, fid: str) -> str:
    """A fighter's name as the scenario writes it, for a line the player reads (an id only for one not
    in the battle): the log read "gus waits" and "kell misses gus" for Gus the Barman and Kell."""
    f = battle.get(fid)
    return f.label if f is not None else fid


def their(battle: Battle, fid: str) -> str:
    """The fighter's possessive ("their" unless the scenario gives a pronoun): "Ann already used her movement"."""
    f = battle.get(fid)
    return f.their if f is not None else "their"

def links_of(battle: Battle, fighter: str) -> list[Grapple]:
    """Every grapple the fighter is in, as holder or target, oldest first (G1-11)."""
    return [g for g in battle.grapples if fighter in (g.holder, g.target)]


def link(battle: Battle, a: str, b: str) -> Grapple | None:
    for g in battle.grapples:
        if {g.holder, g.target} == {a, b}:
            return g
    return None


def other(g: Grapple, fighter: str) -> str:
    return g.target if g.holder == fighter else g.holder


def initiator(g: Grapple) -> str:
    return str(g.extra.get("initiator", g.holder))


def is_in_grapple(battle: Battle, fighter: str) -> bool:
    return any(fighter in (g.holder, g.target) for g in battle.grapples)


def pin_level(g: Grapple, fighter: str) -> int:
    """The pin penalty this link puts on ``fighter``'s grapple rolls (S1-PIN-2): 0..5."""
    if g.target != fighter or not g.kind.startswith("pin"):
        return 0
    if g.kind == "pin":
        return 1
    try:
        return max(0, min(PIN_MAX, int(g.kind.split("-", 1)[1])))
    except (IndexError, ValueError):
        return 1


def pin_kind(level: int) -> str:
    if level <= 0:
        return "grapple"
    return "pin" if level == 1 else f"pin-{min(level, PIN_MAX)}"


def pinned_anywhere(battle: Battle, fighter: str, *, besides: Grapple | None = None) -> bool:
    return any(pin_level(g, fighter) for g in battle.grapples if g is not besides)


def adjacent(battle: Battle, a: str, b: str) -> bool:
    return hex_distance(battle.fighter(a).hex, battle.fighter(b).hex) == 1


def _change(g: Grapple, rule: str, **changes: Any) -> dict[str, Any]:
    """A grapple_change event that may also swap holder and target (the events helper cannot)."""
    out: dict[str, Any] = {"type": "grapple_change", "actor": changes.pop("actor", g.holder), "holder": g.holder,
                           "target": g.target, "changes": changes}
    if rule:
        out["rule"] = rule
    return out


def set_pin(res: Resolution, g: Grapple, pinner: str, level: int, rule: str) -> None:
    """Put the link's pin on ``pinner``'s opponent at ``level`` (lifting any pin on the pinner, S1-PIN-4)."""
    victim = other(g, pinner)
    was_pinned = pin_level(g, pinner) > 0
    changes: dict[str, Any] = {"kind": pin_kind(level), "actor": pinner}
    if g.holder != pinner:
        changes.update(holder=pinner, target=victim)
    res.emit(_change(g, rule, **changes))
    battle = res.battle
    if level > 0 and not battle.fighter(victim).has("pinned"):
        res.emit(ev.condition(victim, add="pinned", actor=pinner, rule=rule))
    if was_pinned and not pinned_anywhere(battle, pinner) and battle.fighter(pinner).has("pinned"):
        res.emit(ev.condition(pinner, remove="pinned", actor=pinner, rule="S1-PIN-4"))


def end_link(res: Resolution, g: Grapple, *, actor: str, why: str, rule: str) -> None:
    """End a grapple; its pin ends with it (S1-PIN-4) and ``pinned`` goes if no other pin holds."""
    res.emit({"type": "grapple_end", "actor": actor, "holder": g.holder, "target": g.target, "why": why,
              "rule": rule})
    for fid in (g.holder, g.target):
        f = res.battle.get(fid)
        if f is not None and f.has("pinned") and not pinned_anywhere(res.battle, fid):
            res.emit(ev.condition(fid, remove="pinned", actor=actor, rule="S1-PIN-4"))


def end_broken_links(res: Resolution, actor: str) -> None:
    """G1-8: a grapple whose fighters are no longer adjacent, or with a dead fighter, ends."""
    for g in list(res.battle.grapples):
        if not adjacent(res.battle, g.holder, g.target):
            end_link(res, g, actor=actor, why="the grapplers are no longer adjacent", rule="G1-8")
        elif res.battle.fighter(g.holder).has("dead") or res.battle.fighter(g.target).has("dead"):
            end_link(res, g, actor=actor, why="a grappler is dead", rule="G1-9")


# -- per-round bookkeeping (plain data in Fighter.counters) --------------------

def used(battle: Battle, fighter: str, what: str) -> bool:
    """Whether the fighter already used ``what`` (``moved``, ``acted``, ``rolled``) this round."""
    return battle.fighter(fighter).counters.get(f"edge.{what}") == battle.round


def mark_used(res: Resolution, fighter: str, what: str) -> None:
    res.emit(ev.stat(fighter, f"counters.edge.{what}", res.battle.round))


def knocked_prone(battle: Battle, fighter: str) -> bool:
    """G1-7: knocked prone by an enemy this round (it cannot stand up again this round)."""
    return battle.fighter(fighter).counters.get("edge.knocked_prone") == battle.round


def mark_knocked_prone(res: Resolution, fighter: str, actor: str, rule: str) -> None:
    res.emit(ev.stat(fighter, "counters.edge.knocked_prone", res.battle.round, actor=actor, rule=rule))
