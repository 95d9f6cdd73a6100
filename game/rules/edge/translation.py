"""How an edge situation reads in the common terms of ``game.rules.translation`` and back (issue 18).

Edge's attributes run 1-6 with the human average 3 (G1-12); on the hub's scale
(10 average) each edge point is two hub points. STR is strength, REF agility,
WIL wits; PRE (the Melee Attack pool's other half) has no counterpart and is
read from agility, named. Edge has no health attribute and no grappling skill.
A grip is one mutual link with no hands counted (E-5); its pins are pin kinds.
"""

from __future__ import annotations

from typing import Any

from game.rules.edge.stats import ALIASES
from game.rules.translation import AVERAGE, CommonFighter, Notes, Translator, scale_from, scale_to

__all__ = ["EdgeTranslator", "translator"]

_AVERAGE, _STEP = 3, 0.5  # edge's human average, edge points per hub point


class EdgeTranslator(Translator):
    read_stats = frozenset({"STR", "REF", "WIL", "AGI", "Strength", "Reflex", "Agility", "Willpower", "Will", "HP"})
    item_kinds = {"dagger": "knife", "mace": "mace", "longsword": "sword", "spear": "spear", "tomahawk": "axe",
                  "hammer_axe": "axe", "poleaxe": "pole_arm", "rope": "rope", "manacles": "manacles"}
    kind_items = {"knife": "dagger", "mace": "mace", "sword": "longsword", "spear": "spear", "axe": "tomahawk",
                  "pole_arm": "poleaxe", "rope": "rope", "manacles": "manacles"}
    near_items = {"club": "mace", "staff": "spear", "brass_knuckles": "mace"}
    grip_kinds = {"grapple": "hold", "pin": "pin", **{f"pin-{n}": "pin" for n in range(1, 6)}}
    common_grips = {"hold": "grapple", "pin": "pin"}
    conditions = frozenset({"unconscious", "dead", "prone", "pinned", "bound"})
    verbs = {"enter_grapple": "grab", "attack": "attack"}
    actions = {"grab": ("enter_grapple", {}), "break_free": ("grapple_roll", {"option": "escape"}),
               "takedown": ("grapple_roll", {"option": "takedown"}), "pin": ("grapple_roll", {"option": "pin"}),
               "throw": ("grapple_roll", {"option": "throw"}), "attack": ("attack", {}), "move": ("move", {}),
               "wait": ("wait", {}), "do_nothing": ("do_nothing", {}), "face": ("face", {}),
               "change_posture": ("change_posture", {}), "ready": ("ready", {}), "release": ("release", {})}
    near_actions = {"subdue": ("grapple_roll", {"option": "pin"}, "edge holds a foe helpless with a pin")}
    reads_dr = False
    shares_hex = False
    postures = ("standing", "prone")  # G1-7

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self.label = ruleset.id

    def stats_to_common(self, f: dict[str, Any], c: CommonFighter, notes: Notes) -> None:
        stats = {ALIASES.get(k, k): v for k, v in (f.get("stats") or {}).items()}
        for own, common in (("STR", "strength"), ("REF", "agility"), ("WIL", "wits")):
            value = stats.get(own)
            if isinstance(value, int | float):
                setattr(c, common, scale_to(float(value), _AVERAGE, _STEP))

    def stats_from_common(self, c: CommonFighter, out: dict[str, Any], notes: Notes) -> None:
        stats: dict[str, Any] = {}
        read: list[str] = []
        for own, common in (("STR", "strength"), ("REF", "agility"), ("PRE", "agility"), ("WIL", "wits")):
            value = getattr(c, common)
            if value is None:
                stats[own] = _AVERAGE
                read.append(f"{own} {_AVERAGE} (assumed average)")
                continue
            stats[own] = scale_from(value, _AVERAGE, _STEP, 1, 6)
            read.append(f"{own} {stats[own]} from {common} {round(value)}")
        notes.add(f"{c.id}: {', '.join(read)} (edge's 1-6 scale, 3 the average adult, one point per two on the "
                  f"10-average scale; Precision, which has no counterpart, read from agility).")
        if c.health is not None and round(c.health) != AVERAGE:
            notes.add(f"{c.id}: health {round(c.health)} dropped: edge has no health attribute.")
        if c.grappling:
            notes.add(f"{c.id}: {c.grappling} levels of close-combat training dropped: edge has no such skill.")
        out["stats"] = stats

    def full_health(self, f: dict[str, Any]) -> int | None:
        stats = {ALIASES.get(k, k): v for k, v in (f.get("stats") or {}).items()}
        if isinstance(stats.get("HP"), int):
            return int(stats["HP"])
        return int(stats.get("STR", _AVERAGE)) + int(stats.get("WIL", _AVERAGE)) + 5 + int(f.get("size", 0))

    def grip_from_common(self, g: Any, notes: Notes) -> dict[str, Any] | None:
        out = super().grip_from_common(g, notes)
        if out is not None:
            out["hands"] = 0  # one mutual link, no hands counted (E-5)
        return out


def translator(ruleset: Any) -> EdgeTranslator:
    return EdgeTranslator(ruleset)
