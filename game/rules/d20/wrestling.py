"""Wrestling (S4-WRESTLE, S4-HOLD, S4-TRIP, S4-ITEM, S4-HELD, S4-MULTI, S4-MONSTER) with G4-13's readings.

A hold is a grip of kind ``hold`` (``pin`` is the same state, S4-WRESTLE-7);
holder and held share the held fighter's hex (S4-WRESTLE-2, GX-3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.hexgrid import Hex, hex_distance, hex_neighbors
from game.model import Grapple
from game.rules import events as E
from game.rules.base import Reason, no_fighter
from game.rules.common import Mod
from game.rules.d20 import movement as MV
from game.rules.d20.abilities import bonus, trait
from game.rules.d20.attack import apply_damage, roll_damage, save_roll, strike
from game.rules.d20.base import D20Action
from game.rules.d20.items import item
from game.rules.d20.status import altitude, holders_of, is_held, is_holding, is_out, mark, this_round

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["Wrestle", "Escape", "MoveOpponent", "Trip", "AcquireItem", "Silence", "Release", "wrestler_weight",
           "touch_attack", "HOLD_KINDS"]

HOLD_KINDS = ("hold", "pin")


def wrestler_weight(holder: Fighter, target: Fighter) -> float:
    """S4-MULTI-2: a wrestler smaller than the one wrestled counts half, a larger one double."""
    if holder.size < target.size:
        return 0.5
    if holder.size > target.size:
        return 2.0
    return 1.0


def wrestle_limit(target: Fighter) -> float:
    """S4-MULTI-1: four against one of normal size; four more per size class above (ruling D20-8)."""
    return 4.0 + 4.0 * max(0, target.size)


def _humanoid_reason(battle: Battle, f: Fighter, t: Fighter) -> Reason | None:
    """S4-MONSTER-1: non-humanoids wrestle only where the GM allows it (option ``wrestle_monsters``)."""
    for x in (f, t):
        if not trait(x, "humanoid", 1) and not battle.options.get("wrestle_monsters"):
            return Reason(f"The GM does not allow wrestling with {x.label}, which is not humanoid.", "S4-MONSTER-1")
    return None


def _limbs_mod(f: Fighter, rule: str = "S4-MONSTER-2") -> list[Mod]:
    extra = max(0, int(f.arms) - 2)
    return [Mod(extra, f"{extra} extra grasping limbs", rule)] if extra else []


def ran_reason(battle: Battle, f: Fighter) -> Reason | None:
    """S4-RUN-2 "a running character normally cannot attack, unless charging": a wrestling attack and a trip are
    melee attack rolls (S4-WRESTLE-1; a trip by G4-13), so a run this round forbids them as it forbids a blow."""
    moved = this_round(battle, f, "moved")
    if moved and moved.get("ran") and not this_round(battle, f, "charge"):
        return Reason(f"{f.label} ran this round and cannot attack (only a charge attacks after running).", "S4-RUN-2")
    return None


def touch_attack(r: Resolution, wrestler: Fighter, creature: Fighter) -> None:
    """S4-MONSTER-4: wrestling a creature with touch attacks means one such attack on the wrestler every round."""
    sides = int(trait(creature, "touch", 0))
    if not sides:
        return
    r.note(E.message(f"{wrestler.label} wrestles {creature.label}: {creature.their} touch strikes automatically.",
                     actor=creature.id, rule="S4-MONSTER-4"))
    amount, _ = roll_damage(r, creature, None, label=f"{creature.label}'s touch (1d{sides})", rule="S4-MONSTER-4",
                            dice=(1, sides), mods=[])
    apply_damage(r, creature, wrestler, max(1, amount), rule="S4-MONSTER-4", defer=False)
    mark(r, wrestler, "touched")


@dataclass(frozen=True, slots=True)
class Wrestle(D20Action):
    """A melee attack roll against the normal AC; a hit is a hold and the attacker moves into the defender's hex
    (S4-WRESTLE-1/2, G4-13)."""

    type: ClassVar[str] = "wrestle"
    title: ClassVar[str] = "Wrestle"
    rule: ClassVar[str] = "S4-WRESTLE-1"
    attacks: ClassVar[bool] = True
    target: str = ""

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        t = battle.get(self.target)
        if t is None:
            return no_fighter(self.target)
        if is_out(t) or t.id == f.id:
            return Reason(f"{t.label} cannot be wrestled.", self.rule)
        if hex_distance(f.hex, t.hex) > 1 or abs(altitude(f) - altitude(t)) > 5:
            return Reason(f"{t.label} is not within 5'.", "S4-MOVE-7")
        if is_holding(battle, f.id):
            return Reason(f"{f.label} is already holding someone and cannot pin a second.", "S4-HOLD-5")
        if is_held(battle, f.id):
            return Reason(f"{f.label} is held: escape first.", "S4-HELD-1")
        why = ran_reason(battle, f) or _humanoid_reason(battle, f, t)
        if why:
            return why
        if any(g.holder == f.id and g.target == t.id for g in battle.grapples):
            return Reason("Already holding it.", "S4-WRESTLE-3")
        load = sum(wrestler_weight(battle.fighter(h), t) for h in holders_of(battle, t.id))
        if load + wrestler_weight(f, t) > wrestle_limit(t):
            return Reason(f"At most four wrestlers of its size on {t.label} (smaller count half, larger double).",
                          "S4-MULTI-1")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        battle = r.battle
        t = battle.fighter(self.target)
        res = strike(r, f, t, None, kind="wrestle", rule=self.rule, extra=_limbs_mod(f), no_damage=True,
                     label=f"{f.label} tries to grab {t.label}")
        if not res.hit:
            return
        if f.hex != t.hex:
            r.emit(E.move(f.id, t.hex, rule="S4-WRESTLE-2"))
        r.emit(E.grapple_start(Grapple(holder=f.id, target=t.id, location="torso", hands=2, kind="hold",
                                       since=battle.turn), rule="S4-WRESTLE-1"))
        if len(holders_of(battle, t.id)) > 1:
            r.note(E.message(f"{t.label} is held by several: the -4 AC does not grow.", rule="S4-MULTI-4"))
        inner = [g for g in battle.grapples if g.holder == t.id]
        for g in inner:
            r.note(E.message(f"{f.label} holds {t.label}, who holds {battle.fighter(g.target).label}: "
                             f"{battle.fighter(g.target).label} gets +4 on {battle.fighter(g.target).their} escape rolls.", rule="S4-MULTI-5"))
        if trait(t, "touch", 0):
            touch_attack(r, f, t)


def escape_mods(battle: Battle, f: Fighter, holder: Fighter) -> list[Mod]:
    """S4-WRESTLE-4 the better of STR and DEX bonus; S4-MULTI-5 +4 if the holder is held; S4-MONSTER-2 limbs."""
    s, d = bonus(f, "STR"), bonus(f, "DEX")
    best, which = (s, "STR") if s >= d else (d, "DEX")
    mods = [Mod(best, f"the better of STR and DEX bonus ({which})", "S4-WRESTLE-4")] if best else []
    if is_held(battle, holder.id):
        mods.append(Mod(4, f"someone holds {holder.label}", "S4-MULTI-5"))
    mods += _limbs_mod(f)
    return mods


@dataclass(frozen=True, slots=True)
class Escape(D20Action):
    """A save vs Death Ray on the held fighter's action; success frees it from one holder (S4-MULTI-3) and it steps
    into a hex next to that holder (S4-WRESTLE-4/5)."""

    type: ClassVar[str] = "escape"
    title: ClassVar[str] = "Escape"
    rule: ClassVar[str] = "S4-WRESTLE-4"
    target: str | None = None
    to: tuple[int, int] | None = None

    def holder(self, battle: Battle, f: Fighter) -> Fighter | None:
        hs = holders_of(battle, f.id)
        if self.target is not None:
            return battle.get(self.target) if self.target in hs else None
        return battle.fighter(hs[0]) if hs else None

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if not is_held(battle, f.id):
            return Reason(f"{f.label} is not held.", self.rule)
        if is_holding(battle, f.id):
            return Reason(f"{f.label} is holding an opponent and cannot break another's hold.", "S4-HOLD-5")
        if self.holder(battle, f) is None:
            return Reason(f"{self.target} does not hold {f.label}.", self.rule)
        if this_round(battle, f, "escape_try"):
            return Reason(f"{f.label} has tried to escape this round.", self.rule)
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        battle = r.battle
        h = self.holder(battle, f)
        assert h is not None
        mark(r, f, "escape_try")
        sv = save_roll(r, f, f"escape {h.label}'s hold: save vs Death Ray", self.rule, mods=escape_mods(battle, f, h))
        if sv["success"]:
            free(r, f, h, self.to)


def free(r: Resolution, f: Fighter, h: Fighter, to: tuple[int, int] | None, rule: str = "S4-WRESTLE-5") -> None:
    battle = r.battle
    r.emit(E.grapple_end(h.id, f.id, why="escaped", rule="S4-MULTI-3" if len(holders_of(battle, f.id)) > 1
                         else "S4-WRESTLE-4"))
    if is_held(battle, f.id):
        r.note(E.message(f"{f.label} is free of {h.label}, still held by another.", rule="S4-MULTI-3"))
        return
    spots = [n for n in hex_neighbors(h.hex) if not MV._blocked(battle, f, n)
             and (not battle.board.cells or n in battle.board)]
    dest = Hex.of(to) if to is not None and Hex.of(to) in spots else (spots[0] if spots else None)
    if dest is not None:
        r.emit(E.move(f.id, dest, rule=rule))


@dataclass(frozen=True, slots=True)
class MoveOpponent(D20Action):
    """With an attack roll, the holder moves up to half speed bringing the held fighter, if strong enough to carry
    or drag it (S4-HOLD-6, G4-13); a Large flier may carry it up (``climb``, S4-MONSTER-3)."""

    type: ClassVar[str] = "move_opponent"
    title: ClassVar[str] = "Move the opponent"
    rule: ClassVar[str] = "S4-HOLD-6"
    to: tuple[int, int] | None = None
    target: str | None = None
    climb: int = 0

    def held(self, battle: Battle, f: Fighter) -> Fighter | None:
        ts = [g.target for g in battle.grapples if g.holder == f.id]
        if self.target is not None:
            return battle.get(self.target) if self.target in ts else None
        return battle.fighter(ts[0]) if ts else None

    def _path(self, battle: Battle, f: Fighter, t: Fighter) -> list[Hex] | None:
        to = Hex.of(self.to)
        budget = MV.walk_rate(battle, f) / 2
        allow = frozenset({t.id} | set(holders_of(battle, t.id)))
        p = MV.plan(battle, f, to, budget=budget, allow=allow)
        return p.path if p is not None and p.path else None

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        t = self.held(battle, f)
        if t is None:
            return Reason(f"{f.label} holds nobody.", self.rule)
        if self.to is None:
            return Reason("Say where to (to).", self.rule, "bad_intent")
        if this_round(battle, f, "moved"):
            return Reason(f"{f.label} has moved this round.", "S4-MOVE-5")
        strong = f.stats.get("STR", 10) >= t.stats.get("STR", 10) or f.size > t.size
        if not strong:
            return Reason(f"{f.label} is not strong enough to drag {t.label} (STR at least equal or larger).",
                          "G4-13")
        if self.climb:
            if not (trait(f, "flyer", "") and f.size >= 1):
                return Reason("Only a Large flier carries off its opponent.", "S4-MONSTER-3")
            if self.climb > 10 * max(1, int(MV.walk_rate(battle, f) // 2 // int(trait(f, "maneuver", 10)))):
                return Reason("A winged flier climbs 10' per maneuver distance flown.", "S4-FLY-2")
        if Hex.of(self.to) != f.hex and self._path(battle, f, t) is None:
            return Reason(f"Half speed is {int(MV.walk_rate(battle, f) // 2)}': too far.", self.rule)
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        battle = r.battle
        t = self.held(battle, f)
        assert t is not None
        res = strike(r, f, t, None, kind="wrestle", rule=self.rule, no_damage=True, extra=_limbs_mod(f),
                     label=f"{f.label} tries to drag {t.label}")
        mark(r, f, "moved", feet=0)
        if not res.hit:
            return
        path = self._path(battle, f, t) if Hex.of(self.to) != f.hex else []
        if path:
            r.emit(E.move(f.id, path[-1], path=path, rule=self.rule))
            r.emit(E.move(f.id, path[-1], who=t.id, rule=self.rule))
            for other in holders_of(battle, t.id):
                if other != f.id:
                    r.emit(E.move(f.id, path[-1], who=other, rule=self.rule))
        if self.climb:
            alt = altitude(f) + self.climb
            r.emit(E.stat(f.id, "counters.altitude", alt, rule="S4-MONSTER-3"))
            r.emit(E.stat(t.id, "counters.altitude", alt, rule="S4-MONSTER-3"))
            r.note(E.message(f"{f.label} carries {t.label} off into the air ({alt}').", actor=f.id,
                             rule="S4-MONSTER-3"))


def _someone_in(battle: Battle, t: Fighter, h: Hex) -> str | None:
    """The label of a fighter other than ``t`` standing in hex ``h`` (the attacker included; the dead do not
    count, as for movement), or None (S4-TRIP-1 with GX-3)."""
    for o in battle.fighters:
        if o.hex == h and o.id != t.id and "dead" not in o.conditions:
            return o.label
    return None


@dataclass(frozen=True, slots=True)
class Trip(D20Action):
    """A melee attack roll by a fighter next to or holding the target; a hit throws it prone up to one hex away in
    the direction the attacker picks (S4-TRIP-1, G4-13)."""

    type: ClassVar[str] = "trip"
    title: ClassVar[str] = "Trip"
    rule: ClassVar[str] = "S4-TRIP-1"
    attacks: ClassVar[bool] = True
    target: str = ""
    to: tuple[int, int] | None = None

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        t = battle.get(self.target)
        if t is None:
            return no_fighter(self.target)
        if is_out(t) or t.id == f.id or hex_distance(f.hex, t.hex) > 1:
            return Reason(f"{t.label} is not within 5'.", "S4-MOVE-7")
        if t.posture == "prone":
            return Reason(f"{t.label} is already down.", self.rule)
        why = ran_reason(battle, f)
        if why:
            return why
        if self.to is not None:
            to = Hex.of(self.to)
            if hex_distance(to, t.hex) > 1:
                return Reason("The trip throws the target at most 5' (one hex).", self.rule)
            if to != t.hex and _someone_in(battle, t, to):
                # GX-3: only wrestling puts fighters in one hex; a trip never drops its target onto another
                return Reason(f"{_someone_in(battle, t, to)} is in that hex: the trip cannot throw {t.label} "
                              f"there.", "GX-3")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        battle = r.battle
        t = battle.fighter(self.target)
        res = strike(r, f, t, None, kind="melee", rule=self.rule, no_damage=True, extra=_limbs_mod(f),
                     label=f"{f.label} tries to trip {t.label}")
        if not res.hit:
            return
        if self.to is not None and Hex.of(self.to) != t.hex and not is_held(battle, t.id) \
                and not is_holding(battle, t.id):  # a wrestler falls where it is, in its grip (GX-3)
            to = Hex.of(self.to)
            c = battle.board.cell(to)
            if _someone_in(battle, t, to):  # GX-3: never onto another fighter (checked; kept for the trusted path)
                r.note(E.message(f"{_someone_in(battle, t, to)} is in the way: {t.label} falls where it stands.",
                                 rule="GX-3"))
            elif battle.board.cells and (c is None or c.blocks_movement):
                r.note(E.message(f"{t.label} is thrown against the {c.terrain if c else 'edge'} and falls where it "
                                 f"stands.", rule="S4-TRIP-1"))
            else:
                r.emit(E.move(f.id, to, who=t.id, rule="S4-TRIP-1"))
        r.emit(E.posture(t.id, "prone", actor=f.id, rule="S4-TRIP-1"))
        r.note(E.message(f"{t.label} is down: getting up takes a full round.", rule="S4-TRIP-2"))


@dataclass(frozen=True, slots=True)
class AcquireItem(D20Action):
    """The holder tries to take an item the held fighter holds: an attack roll (S4-ITEM-1). On a miss the defender
    at once rolls to reverse the hold (S4-ITEM-2) or, if ``reaction`` is ``escape``, slips free (S4-ITEM-3)."""

    type: ClassVar[str] = "acquire_item"
    title: ClassVar[str] = "Take an item"
    rule: ClassVar[str] = "S4-ITEM-1"
    attacks: ClassVar[bool] = True
    item: str = ""
    target: str | None = None
    reaction: str | None = None

    def held(self, battle: Battle, f: Fighter) -> Fighter | None:
        for g in battle.grapples:
            if g.holder == f.id and (self.target is None or g.target == self.target):
                t = battle.fighter(g.target)
                if self.item in t.hands.values():
                    return t
        return None

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if not is_holding(battle, f.id):
            return Reason(f"{f.label} must hold {f.their} opponent first.", self.rule)
        if self.held(battle, f) is None:
            return Reason(f"The one {f.label} holds has no {self.item} in hand.", self.rule)
        if self.reaction not in (None, "reverse", "escape"):
            return Reason("reaction is reverse or escape", "S4-ITEM-3", "bad_intent")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        battle = r.battle
        t = self.held(battle, f)
        assert t is not None
        res = strike(r, f, t, None, kind="wrestle", rule=self.rule, no_damage=True, extra=_limbs_mod(f),
                     label=f"{f.label} grabs for {t.label}'s {item(self.item).get('name', self.item)}")
        if res.hit:
            hand = next(h for h, x in t.hands.items() if x == self.item)
            free_hand = next((h for h, x in f.hands.items() if x is None), None)
            r.emit(E.item(f.id, self.item, action="taken", hand=free_hand, owner=t.id, rule=self.rule))
            _ = hand
            return
        reaction = self.reaction or ("escape" if len(holders_of(battle, t.id)) > 1 else "reverse")
        if reaction == "escape":
            r.note(E.message(f"{t.label} uses the failed grab to slip free (automatic, G4-13).", actor=t.id,
                             rule="S4-ITEM-3"))
            free(r, t, f, None, rule="S4-ITEM-3")
            return
        rev = strike(r, t, f, None, kind="wrestle", rule="S4-ITEM-2", no_damage=True, extra=_limbs_mod(t),
                     free=True, label=f"{t.label} tries to reverse the hold")
        if rev.hit:
            r.emit(E.grapple_end(f.id, t.id, why="reversed", rule="S4-ITEM-2"))
            r.emit(E.grapple_start(Grapple(holder=t.id, target=f.id, location="torso", hands=2, kind="hold",
                                           since=battle.turn), rule="S4-ITEM-2"))


@dataclass(frozen=True, slots=True)
class Silence(D20Action):
    """The holder keeps the held fighter from speaking (S4-HOLD-2): no command words, no spells."""

    type: ClassVar[str] = "silence"
    title: ClassVar[str] = "Silence"
    rule: ClassVar[str] = "S4-HOLD-2"
    target: str | None = None

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        ts = [g.target for g in battle.grapples if g.holder == f.id]
        if not ts or (self.target is not None and self.target not in ts):
            return Reason(f"{f.label} must hold someone to silence it.", self.rule)
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        t = self.target or next(g.target for g in r.battle.grapples if g.holder == f.id)
        r.emit(E.condition(t, add="silenced", actor=f.id, rule=self.rule))


@dataclass(frozen=True, slots=True)
class Release(D20Action):
    """Let go whenever it wishes (S4-WRESTLE-6): a free action, so letting go of a foe (or of one who fell in
    the hold, which lasts until released, S4-WRESTLE-3) costs the holder nothing of its turn."""

    type: ClassVar[str] = "release"
    title: ClassVar[str] = "Release"
    rule: ClassVar[str] = "S4-WRESTLE-6"
    passive: ClassVar[bool] = True
    free: ClassVar[bool] = True
    target: str | None = None

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        ts = [g.target for g in battle.grapples if g.holder == f.id]
        if not ts or (self.target is not None and self.target not in ts):
            return Reason(f"{f.label} holds nobody to release.", self.rule)
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        t = self.target or next(g.target for g in r.battle.grapples if g.holder == f.id)
        r.emit(E.grapple_end(f.id, t, why="released", rule=self.rule))
        tf = r.battle.fighter(t)
        if "silenced" in tf.conditions and not is_held(r.battle, t):
            r.emit(E.condition(t, remove="silenced", rule="S4-HOLD-2"))
