"""A neutral description of a fighter, a grip and an intent, for reading one ruleset's situation in another's.

The situation lab's side-by-side view and ``clinch compare`` (issue 18) put the
same moment under two rulesets. Each ruleset reads and writes its own terms
(3d6's ST/DX/HT and Wrestling, d20's STR/DEX/CON, edge's 1-6 pools, nd6's ST/DX
and Martial Arts level); rather than a table for every pair, each ruleset
says how its terms map to and from one common description (a hub):

- attributes on the 3d6 human scale (10 an average adult, each point about a
  tenth of the range): ``strength``, ``agility``, ``wits``, ``health``;
- ``grappling``: levels of close-combat training above agility (0 untrained);
- items by a common kind (``knife``, ``sword``, ``club``, ``axe``, ``mace``,
  ``spear``, ``staff``, ``pole_arm``, ``shield``, ``gun``...);
- grips by a common kind (``hold``, ``pin``, ``choke``, ``arm_lock``, ``subdue``);
- intents by a common verb (``grab``, ``break_free``, ``takedown``, ``pin``,
  ``throw``, ``attack``, ``move``, ``wait``...).

Every value a ruleset has to invent on the way (a stat the other ruleset has no
word for, an item with no counterpart) is written down as an *assumption*, a
sentence naming the fighter, the field and the value taken: nothing is assumed
silently. A ruleset gives its :class:`Translator` from the ``translation``
module of its own folder (``Ruleset.translation``); this module holds no
ruleset's facts.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

__all__ = ["CommonFighter", "CommonGrip", "CommonIntent", "Translator", "Notes", "scale_to", "scale_from",
           "AVERAGE"]

#: the hub's average adult attribute (3d6 scale)
AVERAGE = 10


class Notes(list[str]):
    """The assumptions made so far, each a sentence; ``add`` keeps each once."""

    def add(self, text: str) -> None:
        if text not in self:
            self.append(text)


@dataclass
class CommonFighter:
    """A fighter in the hub's terms. ``None`` for an attribute the source ruleset does not have."""

    id: str
    side: str
    hex: list[int]
    facing: int = 0
    posture: str = "standing"
    strength: float | None = None
    agility: float | None = None
    wits: float | None = None
    health: float | None = None
    grappling: int | None = None  # training levels above agility; None: the source has no such skill
    armour: int = 0
    hands: dict[str, str | None] = field(default_factory=dict)  # hand -> common kind (None empty)
    carried: list[str] = field(default_factory=list)  # common kinds carried, not in hand
    wounded: float | None = None  # share of health left (1.0 unwounded); None: unwounded
    conditions: list[str] = field(default_factory=list)
    name: str = ""
    size: int = 0
    arms: int = 2
    #: the source's own values, for a same-ruleset round trip and for naming what was dropped
    source: dict[str, Any] = field(default_factory=dict)


@dataclass
class CommonGrip:
    holder: str
    target: str
    kind: str = "hold"  # hold, pin, choke, arm_lock, subdue
    location: str = "torso"
    hands: int | None = None


@dataclass
class CommonIntent:
    actor: str
    verb: str  # grab, break_free, takedown, pin, throw, attack, move, wait, do_nothing, face, ready, release
    target: str | None = None
    item: str | None = None  # a common kind, or None for bare hands
    to: list[int] | None = None
    location: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # fields with the same meaning everywhere (facing...)


def scale_to(value: float, average: float, step: float) -> float:
    """A value on a ruleset's own scale (its ``average``, ``step`` of its points per hub point) on the hub's."""
    return AVERAGE + (value - average) / step


def scale_from(value: float, average: float, step: float, low: int, high: int) -> int:
    """A hub value on a ruleset's scale, rounded and held to the ruleset's ``low``..``high``."""
    return max(low, min(high, round(average + (value - AVERAGE) * step)))


class Translator:
    """How one ruleset's situation terms map to the hub and back. A ruleset's folder subclasses it.

    The defaults pass through what every ruleset shares (hex, facing, posture, size, arms, ``dr``) and
    translate items, grips, conditions and verbs through the class tables; a subclass sets the tables and
    writes :meth:`stats_to_common` / :meth:`stats_from_common` for its attributes and skills.
    """

    #: the ruleset's display name for sentences (its ``name``)
    label: ClassVar[str] = ""
    #: item id -> common kind
    item_kinds: ClassVar[dict[str, str]] = {}
    #: common kind -> the item id written for it (the first counterpart)
    kind_items: ClassVar[dict[str, str]] = {}
    #: common kind -> the nearest item where the ruleset has no counterpart (named as an assumption)
    near_items: ClassVar[dict[str, str]] = {}
    #: grip kind -> common grip kind, and common -> own
    grip_kinds: ClassVar[dict[str, str]] = {"grapple": "hold", "pin": "pin"}
    common_grips: ClassVar[dict[str, str]] = {"hold": "grapple", "pin": "pin"}
    #: conditions with the same meaning in the hub (others are dropped, named)
    conditions: ClassVar[frozenset[str]] = frozenset({"stunned", "unconscious", "dead"})
    #: action type -> common verb
    verbs: ClassVar[dict[str, str]] = {}
    #: common verb -> action type (and fixed fields)
    actions: ClassVar[dict[str, tuple[str, dict[str, Any]]]] = {}
    #: common verb -> (action type, fixed fields, why it is only the nearest), named as an assumption
    near_actions: ClassVar[dict[str, tuple[str, dict[str, Any], str]]] = {}
    #: the stats and skills :meth:`stats_to_common` reads; any other a fighter has is named as left behind
    read_stats: ClassVar[frozenset[str]] = frozenset()
    read_skills: ClassVar[frozenset[str]] = frozenset()
    #: whether the ruleset reads a situation's ``dr``
    reads_dr: ClassVar[bool] = True
    #: grips share a hex (the holder stands in the target's hex)
    grip_in_hex: ClassVar[bool] = False
    #: fighters not gripping each other may share a hex (False: the later one steps to a free hex beside)
    shares_hex: ClassVar[bool] = True
    #: the postures the ruleset has (None: all of ``game.model.POSTURES``); another reads as standing
    postures: ClassVar[tuple[str, ...] | None] = None

    # -- attributes (a subclass fills these) -------------------------------------------------------------
    def stats_to_common(self, f: dict[str, Any], c: CommonFighter, notes: Notes) -> None:
        """Read ``f["stats"]``/``f["skills"]`` into ``c``'s attributes and grappling."""

    def stats_from_common(self, c: CommonFighter, out: dict[str, Any], notes: Notes) -> None:
        """Write ``out["stats"]``/``out["skills"]`` from ``c``, naming every value assumed in ``notes``."""

    def full_health(self, f: dict[str, Any]) -> int | None:
        """The fighter's unwounded health in the ruleset's own units (for ``hp`` as a share), if known."""
        return None

    # -- fighters ----------------------------------------------------------------------------------------
    def fighter_to_common(self, f: dict[str, Any], notes: Notes) -> CommonFighter:
        c = CommonFighter(id=f["id"], side=f["side"], hex=list(f["hex"]), facing=int(f.get("facing", 0)),
                          posture=str(f.get("posture", "standing")), armour=int(f.get("dr", 0) or 0),
                          name=str(f.get("name", "")), size=int(f.get("size", 0)), arms=int(f.get("arms", 2)),
                          source=dict(f))
        self.stats_to_common(f, c, notes)
        left = [f"{k} {v}" for k, v in (f.get("stats") or {}).items() if k not in self.read_stats]
        left += [f"{k} {v}" for k, v in (f.get("skills") or {}).items() if k not in self.read_skills and v]
        if f.get("fp") is not None:
            left.append(f"FP {f['fp']}")
        if left:
            notes.add(f"{f['id']}: {', '.join(left)} not carried over (no common counterpart).")
        hands = f.get("hands")
        if hands is None:
            hands = {"right": None, "left": None}
        for hand, item in hands.items():
            c.hands[hand] = self._kind(f["id"], item, notes) if item else None
        for key in ("worn", "belt", "items"):
            for item in f.get(key) or []:
                k = self._kind(f["id"], item, notes)
                if k:
                    c.carried.append(k)
        hp = f.get("hp")
        if hp is not None:
            full = self.full_health(f)
            c.wounded = max(0.0, float(hp) / full) if full else None
            if not full:
                notes.add(f"{f['id']}: hp {hp} read as unwounded ({self.label} gives no full value to share).")
        for cond in f.get("conditions") or []:
            c.conditions.append(cond)
        return c

    def _kind(self, fid: str, item: str, notes: Notes) -> str | None:
        kind = self.item_kinds.get(item)
        if kind is None:
            notes.add(f"{fid}: {item} has no common kind in {self.label}: dropped.")
        return kind

    def fighter_from_common(self, c: CommonFighter, notes: Notes) -> dict[str, Any]:
        posture = c.posture
        if self.postures is not None and posture not in self.postures:
            posture = "prone" if posture in ("crawling",) and "prone" in self.postures else "standing"
            notes.add(f"{c.id}: posture {c.posture} becomes {posture}: {self.label} has "
                      f"{', '.join(self.postures)} only.")
        out: dict[str, Any] = {"id": c.id, "side": c.side, "hex": list(c.hex), "facing": c.facing,
                               "posture": posture, "size": c.size, "arms": c.arms}
        if c.name:
            out["name"] = c.name
        self.stats_from_common(c, out, notes)
        hands: dict[str, str | None] = {}
        for hand, kind in c.hands.items():
            hands[hand] = self._item(c.id, f"{hand} hand", kind, notes) if kind else None
        out["hands"] = hands
        carried = [i for i in (self._item(c.id, "carried", k, notes) for k in c.carried) if i]
        if carried:
            out["belt"] = carried
        if c.armour:
            if self.reads_dr:
                out["dr"] = c.armour
            else:
                notes.add(f"{c.id}: armour {c.armour} dropped: {self.label} does not read a situation's dr.")
        if c.wounded is not None:
            full = self.full_health(out)
            if full:
                out["hp"] = max(0, round(full * c.wounded))
                notes.add(f"{c.id}: hp {out['hp']}: the same share of full health ({round(c.wounded * 100)}%) "
                          f"as in the source.")
            else:
                notes.add(f"{c.id}: wounds dropped: {self.label} has no full health to take a share of.")
        conds = []
        for cond in c.conditions:
            if cond in self.conditions:
                conds.append(cond)
            else:
                notes.add(f"{c.id}: condition {cond} has no counterpart in {self.label}: dropped.")
        out["conditions"] = conds
        return out

    def _item(self, fid: str, where: str, kind: str, notes: Notes) -> str | None:
        item = self.kind_items.get(kind)
        if item is None and kind in self.near_items:
            item = self.near_items[kind]
            notes.add(f"{fid}: {where}: no {kind} in {self.label}: {item} taken as the nearest.")
        if item is None:
            notes.add(f"{fid}: {where}: no {kind} in {self.label}: left empty.")
        return item

    # -- grips ---------------------------------------------------------------------------------------------
    def grip_to_common(self, g: dict[str, Any], notes: Notes) -> CommonGrip:
        kind = str(g.get("kind", "grapple"))
        common = self.grip_kinds.get(kind)
        if common is None:
            common = "hold"
            notes.add(f"grip {g['holder']} on {g['target']}: {kind} read as a plain hold.")
        return CommonGrip(holder=g["holder"], target=g["target"], kind=common,
                          location=str(g.get("location", "torso")), hands=g.get("hands"))

    def grip_from_common(self, g: CommonGrip, notes: Notes) -> dict[str, Any] | None:
        kind = self.common_grips.get(g.kind)
        if kind is None:
            kind = self.common_grips.get("hold")
            if kind is None:
                notes.add(f"grip {g.holder} on {g.target}: {self.label} has no grip of this kind: dropped.")
                return None
            notes.add(f"grip {g.holder} on {g.target}: a {g.kind.replace('_', ' ')} becomes a plain {kind} in "
                      f"{self.label}.")
        out: dict[str, Any] = {"holder": g.holder, "target": g.target, "location": g.location, "kind": kind}
        if g.hands is not None and (g.hands or not self.ruleset.grip_hands_default):
            out["hands"] = g.hands
        return out

    # -- intents -------------------------------------------------------------------------------------------
    def intent_to_common(self, a: dict[str, Any], notes: Notes) -> CommonIntent | None:
        t = str(a.get("type", ""))
        verb = self.verbs.get(t, t)
        intent = CommonIntent(actor=a["actor"], verb=verb, target=a.get("target"), to=a.get("to"),
                              location=a.get("location"))
        if a.get("path") and intent.to is None:  # a charge given as the hexes walked: where it ends
            intent.to = list(a["path"][-1])
        item = a.get("item", self._default(t, "item"))
        held = self.ruleset.presentation.held_item
        if held is not None and item == held:  # "the weapon in hand": the kind of what the actor holds
            me = next((f for f in (self.spec or {}).get("fighters") or [] if f["id"] == a["actor"]), None)
            in_hand = [v for v in ((me or {}).get("hands") or {}).values() if v]
            item = in_hand[0] if in_hand else None
        if item:
            intent.item = self.item_kinds.get(item)
            if intent.item is None:
                notes.add(f"{a['actor']}: {item} has no common kind: the attack is read as bare-handed.")
        for key in ("facing", "posture", "defense"):
            if key in a:
                intent.extra[key] = a[key]
        if t == "grapple_roll" or "option" in a:
            opt = a.get("option")
            if isinstance(opt, str) and opt in ("escape", "takedown", "pin", "throw"):
                intent.verb = {"escape": "break_free"}.get(opt, opt)
        return intent

    def intent_from_common(self, i: CommonIntent, notes: Notes) -> dict[str, Any] | None:
        found = self.actions.get(i.verb)
        if found is None and i.verb in self.near_actions:
            kind, fixed, why = self.near_actions[i.verb]
            found = (kind, fixed)
            notes.add(f"{i.actor}: '{i.verb.replace('_', ' ')}' is played as {kind} in {self.label}: {why}.")
        if found is None:
            notes.add(f"{i.actor}: {self.label} has no action for '{i.verb.replace('_', ' ')}'.")
            return None
        kind, fixed = found
        out: dict[str, Any] = {"actor": i.actor, "type": kind, **fixed}
        out = self.fill_intent(i, out, notes)
        chosen = [f"{k} {v}" for k, v in fixed.items() if k != "option" and out.get(k) == v
                  and getattr(i, k, None) is None]
        if chosen:
            notes.add(f"{i.actor}: {kind} with {', '.join(chosen)} (the source names none).")
        return out

    def fill_intent(self, i: CommonIntent, out: dict[str, Any], notes: Notes) -> dict[str, Any]:
        """The fields the action type reads, from the common intent (a subclass adds its own)."""
        fields = self.action_fields(out["type"])
        if "target" in fields and i.target:
            out["target"] = i.target
        if "to" in fields and i.to is not None:
            out["to"] = list(i.to)
        if "location" in fields and i.location:
            out["location"] = i.location
        if "item" in fields:
            if i.item:
                item = self.kind_items.get(i.item)
                if item is None:
                    notes.add(f"{i.actor}: no {i.item} in {self.label}: the attack is made bare-handed.")
                out["item"] = item
        for key, value in i.extra.items():
            if key in fields:
                out[key] = value
        return out

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset
        #: the translated situation so far (fighters placed), set by ``game.teaching.translate`` before the intents
        self.spec: dict[str, Any] | None = None
        #: each action type's field names (what :meth:`fill_intent` may write)
        self.action_field_names = {t: frozenset(f.name for f in dataclasses.fields(cls))
                                   for t, cls in ruleset.actions.items()}

    def _default(self, kind: str, name: str) -> Any:
        """The default of an action type's field (None where it has none or no such field)."""
        cls = self.ruleset.actions.get(kind)
        for f in dataclasses.fields(cls) if cls is not None else ():
            if f.name == name and f.default is not dataclasses.MISSING:
                return f.default
        return None

    def action_fields(self, kind: str) -> frozenset[str]:
        return self.action_field_names.get(kind, frozenset())

    def _separate(self, spec: dict[str, Any], grips: list[CommonGrip], notes: Notes) -> None:
        """Give each fighter its own hex unless a grip joins it to the one there (named per move)."""
        joined = {frozenset((g.holder, g.target)) for g in grips}
        taken: dict[tuple[int, int], list[str]] = {}
        for f in spec["fighters"]:
            taken.setdefault(tuple(f["hex"]), []).append(f["id"])
        for f in spec["fighters"]:
            here = taken[tuple(f["hex"])]
            others = [o for o in here if o != f["id"]]
            if not others or all(frozenset((f["id"], o)) in joined for o in others) or here[0] == f["id"]:
                continue
            q, r = f["hex"]
            for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1), (2, 0), (-2, 0)):
                spot = (q + dq, r + dr)
                if spot not in taken:
                    here.remove(f["id"])
                    taken[spot] = [f["id"]]
                    notes.add(f"{f['id']}: moved from {[q, r]} to {list(spot)}: {self.label} does not let "
                              f"{', '.join(others)} and {f['id']} share a hex here.")
                    f["hex"] = list(spot)
                    break

    # -- the whole situation -----------------------------------------------------------------------------
    def grips_from_state(self, spec: dict[str, Any], notes: Notes) -> list[CommonGrip]:
        """Grips the ruleset keeps as something other than ``grapples[]`` (nd6's brawl), read as common."""
        return []

    def finish(self, spec: dict[str, Any], grips: list[CommonGrip], notes: Notes) -> None:
        """Last touches on the translated situation ``spec``: where grips share a hex, the holder stands in
        its target's hex (named)."""
        by_id = {f["id"]: f for f in spec["fighters"]}
        if not self.shares_hex:
            self._separate(spec, grips if self.grip_in_hex else [], notes)
        if not self.grip_in_hex:
            return
        for g in grips:
            h, t = by_id.get(g.holder), by_id.get(g.target)
            if h and t and h["hex"] != t["hex"]:
                notes.add(f"{g.holder}: moved into {g.target}'s hex {t['hex']}: a grip in {self.label} shares "
                          f"a hex.")
                h["hex"] = list(t["hex"])
