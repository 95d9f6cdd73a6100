"""How an nd6-tactical situation reads in the common terms of ``game.rules.translation`` and back (issue 18).

nd6's ST, DX and IQ sit on the hub's scale (10 an average adult) and pass
through; hits come off ST itself (G3-6), so there is no separate health and
wounds are a share of ST. Close-combat training is the Martial Arts level
(S3-MA-1, 0-4, 5 Master). A grip elsewhere is a brawl here: both fighters in
one hex and ``in_hth`` (S3-HTH-1); a subdue is nd6's one grip kind.
"""

from __future__ import annotations

from typing import Any

from game.hexgrid import Hex, hex_linedraw
from game.rules.translation import AVERAGE, CommonFighter, CommonGrip, Notes, Translator

__all__ = ["Nd6Translator", "translator"]

_ATTRS = (("ST", "strength", "STR"), ("DX", "agility", "DEX"), ("IQ", "wits", "INT"))
_MASTER = 5


class Nd6Translator(Translator):
    read_stats = frozenset({"ST", "DX", "IQ", "STR", "DEX", "INT", "MA"})
    item_kinds = {"knife": "knife", "broken_bottle": "knife", "club": "club", "club_2h": "club", "chair": "club",
                  "bottle": "club", "brass_knuckles": "brass_knuckles", "torch": "club", "staff": "staff",
                  "pole_arm": "pole_arm", "broadsword": "sword", "katana": "sword", "mono_sword": "sword",
                  "plasma_sword": "sword", "fire_axe": "axe", "shield": "shield", "pistol": "gun",
                  "assault_rifle": "gun", "rifle_bayonet": "gun", "hunting_shotgun": "gun",
                  "combat_shotgun": "gun", "sawed_off_shotgun": "gun", "laser_rifle": "gun",
                  "frag_grenade": "grenade", "rock": "rock"}
    kind_items = {"knife": "knife", "club": "club", "staff": "staff", "pole_arm": "pole_arm", "sword": "broadsword",
                  "axe": "fire_axe", "shield": "shield", "gun": "pistol", "grenade": "frag_grenade",
                  "brass_knuckles": "brass_knuckles", "rock": "rock"}
    near_items = {"mace": "club", "spear": "pole_arm"}
    grip_kinds = {"subdue": "subdue", "grapple": "hold", "pin": "pin"}
    common_grips = {"subdue": "subdue", "pin": "subdue"}
    conditions = frozenset({"stunned", "unconscious", "dead", "subdued", "in_hth", "cornered"})
    verbs = {"hth": "grab", "leave_hth": "break_free", "knockdown": "takedown", "subdue": "pin",
             "throw": "throw", "attack": "attack", "slam": "takedown",
             "charge": "charge"}
    actions = {"charge": ("charge", {}), "grab": ("hth", {}), "break_free": ("leave_hth", {}), "takedown": ("knockdown", {}),
               "pin": ("subdue", {}), "throw": ("throw", {}), "attack": ("attack", {}), "move": ("move", {}),
               "wait": ("wait", {}), "do_nothing": ("do_nothing", {}), "face": ("face", {}),
               "change_posture": ("change_posture", {}), "ready": ("ready", {}), "release": ("release", {})}
    grip_in_hex = True
    shares_hex = False  # only a brawl shares a hex (GX-3); the grips made brawls in :meth:`finish` do

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self.label = ruleset.id

    def stats_to_common(self, f: dict[str, Any], c: CommonFighter, notes: Notes) -> None:
        stats = f.get("stats") or {}
        for own, common, alias in _ATTRS:
            value = stats.get(own, stats.get(alias))
            if isinstance(value, int | float):
                setattr(c, common, float(value))
        ma = stats.get("MA")
        if isinstance(ma, int):
            c.grappling = ma

    def stats_from_common(self, c: CommonFighter, out: dict[str, Any], notes: Notes) -> None:
        stats: dict[str, Any] = {}
        for own, common, _alias in _ATTRS:
            value = getattr(c, common)
            if value is None:
                value = AVERAGE
                notes.add(f"{c.id}: {own} {AVERAGE} assumed (an average adult).")
            stats[own] = max(1, round(value))
        if c.grappling:
            stats["MA"] = max(0, min(_MASTER, c.grappling))
            notes.add(f"{c.id}: Martial Arts level {stats['MA']} from {c.grappling} levels of close-combat "
                      f"training (one level each, S3-MA-1).")
        if c.health is not None and round(c.health) != round(c.strength or AVERAGE):
            notes.add(f"{c.id}: health {round(c.health)} dropped: nd6 takes hits off ST (G3-6).")
        out["stats"] = stats

    def full_health(self, f: dict[str, Any]) -> int | None:
        stats = f.get("stats") or {}
        value = stats.get("ST", stats.get("STR", AVERAGE))
        return int(value) if isinstance(value, int | float) else None

    def grips_from_state(self, spec: dict[str, Any], notes: Notes) -> list[CommonGrip]:
        """Two foes sharing a hex in a brawl (``in_hth``) hold each other: read as a common hold, the first
        listed holding."""
        out: list[CommonGrip] = []
        brawling = [f for f in spec.get("fighters") or [] if "in_hth" in (f.get("conditions") or [])]
        held = {(g.get("holder"), g.get("target")) for g in spec.get("grapples") or []}
        for i, a in enumerate(brawling):
            for b in brawling[i + 1:]:
                if list(a["hex"]) == list(b["hex"]) and a["side"] != b["side"] and (a["id"], b["id"]) not in held \
                        and (b["id"], a["id"]) not in held:
                    out.append(CommonGrip(holder=a["id"], target=b["id"], kind="hold"))
                    notes.add(f"{a['id']} and {b['id']}: the brawl (in_hth, S3-HTH-1) read as {a['id']} holding "
                              f"{b['id']}.")
        return out

    def finish(self, spec: dict[str, Any], grips: list[CommonGrip], notes: Notes) -> None:
        """A hold, pin, choke or arm lock is a brawl here: both in one hex, both ``in_hth`` (S3-HTH-1)."""
        super().finish(spec, grips, notes)
        by_id = {f["id"]: f for f in spec["fighters"]}
        for g in grips:
            for fid in (g.holder, g.target):
                f = by_id.get(fid)
                if f is not None and "in_hth" not in f.setdefault("conditions", []):
                    f["conditions"].append("in_hth")
            if g.kind not in self.common_grips:
                notes.add(f"grip {g.holder} on {g.target}: a {g.kind.replace('_', ' ')} becomes a brawl in "
                          f"{self.label} (both in_hth, S3-HTH-1).")

    def grip_from_common(self, g: CommonGrip, notes: Notes) -> dict[str, Any] | None:
        kind = self.common_grips.get(g.kind)
        if kind is None:
            return None  # a brawl, made in :meth:`finish`
        if g.kind != kind:
            notes.add(f"grip {g.holder} on {g.target}: a {g.kind} becomes a subdue in {self.label}.")
        return {"holder": g.holder, "target": g.target, "location": g.location, "kind": kind,
                **({"hands": g.hands} if g.hands is not None else {})}

    def fill_intent(self, i: Any, out: dict[str, Any], notes: Notes) -> dict[str, Any]:
        out = super().fill_intent(i, out, notes)
        if out["type"] == "throw" and "to" not in out:
            out["to"] = self._beyond(i.actor, i.target)
            notes.add(f"{i.actor}: the throw lands {i.target} in {out['to']}, the hex beyond it (none given).")
        if out["type"] == "charge" and i.to is not None:
            out["path"] = self._line(i.actor, i.to)
            notes.add(f"{i.actor}: the charge walks the straight line to {list(i.to)} (nd6 charges along a path).")
        if out["type"] == "leave_hth" and "to" not in out:
            out["to"] = self._free_beside(i.actor)
            notes.add(f"{i.actor}: breaks away into {out['to']}, the first empty hex beside it (G3-9; none given).")
        if out["type"] == "attack" and "item" in self.action_fields("attack") and "item" not in out:
            out["item"] = None
        return out


    def _line(self, actor: str, to: list[int]) -> list[list[int]]:
        """The hexes from ``actor``'s hex to ``to`` in a straight line, its own hex left out."""
        me = next((f for f in (self.spec or {}).get("fighters") or [] if f["id"] == actor), None)
        start = Hex(*me["hex"]) if me else Hex(0, 0)
        return [[h.q, h.r] for h in hex_linedraw(start, Hex(*to))[1:]]

    def _free_beside(self, actor: str) -> list[int]:
        """The first neighbour of ``actor``'s hex no fighter stands in."""
        fighters = (self.spec or {}).get("fighters") or []
        taken = {tuple(f["hex"]) for f in fighters}
        me = next((f for f in fighters if f["id"] == actor), None)
        q, r = me["hex"] if me else (0, 0)
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            if (q + dq, r + dr) not in taken:
                return [q + dq, r + dr]
        return [q + 2, r]

    def _beyond(self, actor: str, target: str | None) -> list[int]:
        """The hex on the far side of ``target`` from ``actor`` (the next one east when they share a hex)."""
        by_id = {f["id"]: f for f in (self.spec or {}).get("fighters") or []}
        a, t = by_id.get(actor), by_id.get(target or "")
        if a is None or t is None:
            return [1, 0]
        dq, dr = t["hex"][0] - a["hex"][0], t["hex"][1] - a["hex"][1]
        if (dq, dr) not in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            dq, dr = 1, 0
        return [t["hex"][0] + dq, t["hex"][1] + dr]


def translator(ruleset: Any) -> Nd6Translator:
    return Nd6Translator(ruleset)
