"""How a d20 situation reads in the common terms of ``game.rules.translation`` and back (issue 18).

d20's ability scores (3-18, average about 10) are read on the hub's scale as
they stand: STR strength, DEX agility, INT wits, CON health. WIS and CHA, the
level and the class have no counterpart elsewhere: written as an average
adult's 10 and a first-level fighter, named. d20 has no grappling skill, and a
hold puts the holder in its foe's hex (S4-WRESTLE-2).
"""

from __future__ import annotations

from typing import Any

from game.hexgrid import Hex
from game.model import Fighter
from game.rules.d20.abilities import hp_max
from game.rules.translation import AVERAGE, CommonFighter, Notes, Translator

__all__ = ["D20Translator", "translator"]

_ATTRS = (("STR", "strength"), ("DEX", "agility"), ("INT", "wits"), ("CON", "health"))


class D20Translator(Translator):
    read_stats = frozenset({"STR", "DEX", "INT", "CON", "HP"})
    item_kinds = {"dagger": "knife", "shortsword": "sword", "longsword": "sword", "two_handed_sword": "sword",
                  "hand_axe": "axe", "battle_axe": "axe", "mace": "mace", "warhammer": "mace",
                  "morningstar": "mace", "club": "club", "walking_staff": "staff", "quarterstaff": "staff",
                  "spear": "spear", "pole_arm": "pole_arm", "shield": "shield", "magic_dagger": "knife",
                  "magic_quarterstaff": "staff"}
    kind_items = {"knife": "dagger", "sword": "longsword", "axe": "hand_axe", "mace": "mace", "club": "club",
                  "staff": "quarterstaff", "spear": "spear", "pole_arm": "pole_arm", "shield": "shield"}
    near_items = {"brass_knuckles": "club"}
    grip_kinds = {"hold": "hold", "pin": "pin", "grapple": "hold"}
    common_grips = {"hold": "hold", "pin": "pin"}
    conditions = frozenset({"stunned", "unconscious", "dead", "helpless", "surprised", "paralyzed"})
    verbs = {"wrestle": "grab", "escape": "break_free", "trip": "takedown", "attack": "attack",
             "charge": "charge", "brawl": "attack"}
    actions = {"charge": ("charge", {}), "grab": ("wrestle", {}), "break_free": ("escape", {}), "takedown": ("trip", {}),
               "attack": ("attack", {}), "move": ("move", {}), "wait": ("wait", {}),
               "do_nothing": ("do_nothing", {}), "face": ("face", {}), "change_posture": ("change_posture", {}),
               "ready": ("ready", {}), "release": ("release", {})}
    near_actions = {"throw": ("trip", {}, "d20 has no throw; a trip is its nearest way to put a foe down"),
                    "pin": ("wrestle", {}, "d20 holds a foe by wrestling it; there is no separate pin roll")}
    reads_dr = False
    grip_in_hex = True

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self.label = ruleset.id

    def stats_to_common(self, f: dict[str, Any], c: CommonFighter, notes: Notes) -> None:
        stats = f.get("stats") or {}
        for own, common in _ATTRS:
            if isinstance(stats.get(own), int | float):
                setattr(c, common, float(stats[own]))

    def stats_from_common(self, c: CommonFighter, out: dict[str, Any], notes: Notes) -> None:
        stats: dict[str, Any] = {}
        for own, common in _ATTRS:
            value = getattr(c, common)
            if value is None:
                value = AVERAGE
                notes.add(f"{c.id}: {own} {AVERAGE} assumed (an average adult).")
            stats[own] = max(3, min(18, round(value)))
        stats.update({"WIS": AVERAGE, "CHA": AVERAGE, "level": 1, "class": "fighter"})
        notes.add(f"{c.id}: WIS {AVERAGE}, CHA {AVERAGE}, level 1, class fighter assumed (no counterpart).")
        if c.grappling:
            notes.add(f"{c.id}: {c.grappling} levels of close-combat training dropped: d20 wrestling has no skill.")
        out["stats"] = stats

    def full_health(self, f: dict[str, Any]) -> int | None:
        stats = {k: v for k, v in (f.get("stats") or {}).items()}
        try:
            return hp_max(Fighter(id=f["id"], side=f["side"], hex=Hex(*f["hex"]), stats=stats))
        except (KeyError, TypeError, ValueError):
            return None


    def fill_intent(self, i: Any, out: dict[str, Any], notes: Notes) -> dict[str, Any]:
        out = super().fill_intent(i, out, notes)
        if out["type"] == "attack" and not out.get("item"):
            me = next((f for f in (self.spec or {}).get("fighters") or [] if f["id"] == i.actor), {})
            weapon = next((v for v in (me.get("hands") or {}).values() if v), None)
            if weapon:
                out["item"] = weapon
                notes.add(f"{i.actor}: attacks with the {weapon} in hand (the source names no weapon).")
            else:
                out = {"actor": i.actor, "type": "brawl", "target": i.target, "kind": "punch"}
                notes.add(f"{i.actor}: a bare-handed attack is a punch (brawl) in d20 (S4-BRAWL-1).")
        return out


def translator(ruleset: Any) -> D20Translator:
    return D20Translator(ruleset)
