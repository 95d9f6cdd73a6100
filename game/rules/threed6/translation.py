"""How a 3d6 situation reads in the common terms of ``game.rules.translation`` and back (issue 18).

3d6's attributes are the hub's own scale (10 an average adult), so ST, DX, IQ
and HT pass through unchanged; close-combat training is the best of Judo and
Wrestling above DX. Both variants share this folder: ``3d6-full``'s choke hold
and arm lock exist only where the variant has their actions.
"""

from __future__ import annotations

from typing import Any

from game.rules.translation import AVERAGE, CommonFighter, Notes, Translator

__all__ = ["ThreeD6Translator", "translator"]

_ATTRS = (("ST", "strength"), ("DX", "agility"), ("IQ", "wits"), ("HT", "health"))
_SKILLS = ("Wrestling", "Judo")


class ThreeD6Translator(Translator):
    read_stats = frozenset({"ST", "DX", "IQ", "HT", "HP"})
    read_skills = frozenset({"Wrestling", "Judo"})
    item_kinds = {"broadsword": "sword", "shortsword": "sword", "knife": "knife", "spear": "spear",
                  "club": "club", "axe": "axe", "mace": "mace", "staff": "staff", "shield": "shield"}
    kind_items = {"sword": "broadsword", "knife": "knife", "spear": "spear", "club": "club", "axe": "axe",
                  "mace": "mace", "staff": "staff", "shield": "shield"}
    near_items = {"pole_arm": "spear", "brass_knuckles": "club"}
    conditions = frozenset({"stunned", "unconscious", "dead", "helpless", "surprised", "suffocating"})
    verbs = {"grapple": "grab", "break_free": "break_free", "takedown": "takedown", "pin": "pin",
             "attack": "attack", "all_out_attack": "attack", "move_and_attack": "charge",
             "choke_hold": "choke", "arm_lock": "arm_lock"}
    actions = {"grab": ("grapple", {"location": "torso", "hands": 2}), "break_free": ("break_free", {}),
               "takedown": ("takedown", {}), "pin": ("pin", {}), "attack": ("attack", {}),
               "move": ("move", {}), "wait": ("wait", {}), "do_nothing": ("do_nothing", {}),
               "face": ("face", {}), "change_posture": ("change_posture", {}), "ready": ("ready", {}),
               "release": ("release", {})}
    near_actions = {"charge": ("move_and_attack", {}, "3d6 has no charge: a move and attack is its nearest"),
                    "throw": ("takedown", {}, "3d6 brings a held foe down with a takedown, not a throw"),
                    "subdue": ("pin", {}, "a pin is 3d6's nearest to holding a foe helpless")}

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self.label = ruleset.id
        self.grip_kinds = {"grapple": "hold", "pin": "pin", "choke_hold": "choke", "arm_lock": "arm_lock"}
        self.common_grips = {"hold": "grapple", "pin": "pin"}
        if "choke_hold" in ruleset.actions:
            self.common_grips.update({"choke": "choke_hold", "arm_lock": "arm_lock"})
            self.actions = {**self.actions, "choke": ("choke_hold", {}), "arm_lock": ("arm_lock", {})}

    def stats_to_common(self, f: dict[str, Any], c: CommonFighter, notes: Notes) -> None:
        stats = f.get("stats") or {}
        for own, common in _ATTRS:
            if isinstance(stats.get(own), int | float):
                setattr(c, common, float(stats[own]))
        skills = f.get("skills") or {}
        best = max((int(skills[s]) for s in _SKILLS if isinstance(skills.get(s), int)), default=None)
        if best is not None:
            c.grappling = max(0, best - int(stats.get("DX", AVERAGE)))

    def stats_from_common(self, c: CommonFighter, out: dict[str, Any], notes: Notes) -> None:
        stats: dict[str, Any] = {}
        for own, common in _ATTRS:
            value = getattr(c, common)
            if value is None:
                value = c.strength if own == "HT" and c.strength is not None else AVERAGE
                why = "equal to ST" if own == "HT" and c.strength is not None else "an average adult"
                notes.add(f"{c.id}: {own} {round(value)} assumed ({why}).")
            stats[own] = round(value)
        out["stats"] = stats
        skills: dict[str, int] = {}
        for kind in [k for k in c.hands.values() if k] + list(c.carried):
            item = self.kind_items.get(kind) or self.near_items.get(kind)
            skill = self.ruleset.items.get(item, {}).get("skill") if item else None
            if skill and skill not in skills and kind != "shield":
                skills[skill] = stats["DX"]
                notes.add(f"{c.id}: {skill} skill {stats['DX']} (equal to DX) assumed for the {item}: untrained, "
                          f"3d6 would roll DX-5.")
        if skills:
            out["skills"] = skills
        if c.grappling:
            out["skills"] = {**skills, "Wrestling": stats["DX"] + c.grappling}
            notes.add(f"{c.id}: Wrestling {stats['DX'] + c.grappling}: DX plus {c.grappling} levels of "
                      f"close-combat training.")

    def full_health(self, f: dict[str, Any]) -> int | None:
        stats = f.get("stats") or {}
        value = stats.get("HP", stats.get("ST", AVERAGE))
        return int(value) if isinstance(value, int | float) else None


    def fill_intent(self, i: Any, out: dict[str, Any], notes: Notes) -> dict[str, Any]:
        out = super().fill_intent(i, out, notes)
        if out["type"] == "grapple":
            me = next((f for f in (self.spec or {}).get("fighters") or [] if f["id"] == i.actor), {})
            free = sum(1 for v in (me.get("hands") or {}).values() if v is None)
            if free < out.get("hands", 1):
                out["hands"] = max(1, free)
                notes.add(f"{i.actor}: grapples with {out['hands']} hand, the only one free (S2-REQ-2).")
        return out


def translator(ruleset: Any) -> ThreeD6Translator:
    return ThreeD6Translator(ruleset)
