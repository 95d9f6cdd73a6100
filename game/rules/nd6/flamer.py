"""Flame throwers (seed 003 section 16.13; S3-FLAMER-1..12 with G3-28, G3-15): a stream of burning oil laid on
3 or 7 connected hexes the firer places, molotov fire from there on.

One action, :class:`Flame` (``flame``: ``target`` a fighter or ``to`` a hex, ``burst`` ``small`` or ``large``,
``hexes`` the placement on a hit, ``miss_hexes`` on a miss). The roll to hit is a missile weapon's
(S3-FLAMER-4: :func:`game.rules.nd6.ranged.shot_plan` at a figure, the same adjustments at a bare hex), and
decides which placement rule holds (S3-FLAMER-5/6). Everyone else under the fire rolls to be hit on its own
(S3-FLAMER-7); the fire does 4 hits in its hexes and 2 next to them (S3-FLAMER-8), the soak save is 4d6
(S3-FLAMER-9), and the hexes burn as a molotov's for 12 rounds (``burning_liquid`` board effects, which also
smoke: S3-GRENADE-11/17). Fire hits go through :func:`game.rules.nd6.fire.fire_hits` (armour once, by the
liquid's rule S3-GRENADE-13, G3-15).

The fuel (S3-FLAMER-2) is counted in small bursts, the item's ``rounds`` (4); a large burst takes two. The
counter ``fuel`` on the carrier holds what is left (absent: a full load).

Placing the fire on the map (for the UI): :func:`placement_reason` judges a whole placement,
:func:`next_hexes` lists the hexes that may be added to a partial one (click by click, each new hex next to
those placed, only where the rest still fits), :func:`default_placement` picks one when none is given.

A carrier hit from its rear hex may explode (S3-FLAMER-10/11, G3-28): :func:`after_hit`, called by
:func:`game.rules.nd6.combat.apply_hits`. A flame thrower may not be worn with a backpack (S3-FLAMER-12):
:func:`wear_reason`, asked by the ruleset's setup.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.hexgrid import Hex, arc_of, hex_distance, hex_neighbors
from game.rules import events as E
from game.rules.base import Reason
from game.rules.common import RollSpec
from game.rules.nd6 import effects, fire, ranged, rolls
from game.rules.nd6.actions import Nd6Action, mark, too_late_to_attack
from game.rules.nd6.combat import add_hook, check_target
from game.rules.nd6.hazards import open_ground
from game.rules.nd6.items import item
from game.rules.nd6.ranged import add_shot_hooks, line_of_fire
from game.rules.nd6.status import dx_base, edx_mods, foes, in_hth, is_down, is_out

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["FLAMER", "BURSTS", "FIRE_HITS", "BURN_TURNS", "SOAK_DICE", "EXPLODE_SOAK_DICE", "Flame", "ACTIONS",
           "fuel_left", "carries", "aim_of", "aim_spec", "shape_reason", "placement_reason", "next_hexes", "default_placement",
           "shot_reason", "after_hit", "wear_reason", "options", "odds", "start_turn"]

#: the item (SITUATION-FORMAT)
FLAMER = "flamethrower"
#: S3-FLAMER-2/3: a burst's fire hexes and the fuel it takes, in small bursts (4 small, 2 large, 2 small + 1 large)
BURSTS: dict[str, tuple[int, int]] = {"small": (3, 1), "large": (7, 2)}
#: S3-FLAMER-8: hits in a fire hex, hits in a hex next to one
FIRE_HITS: tuple[int, int] = (4, 2)
#: S3-FLAMER-9 ("all other effects as molotov fire"): the oil burns 12 rounds (S3-GRENADE-11)
BURN_TURNS = 12
#: S3-FLAMER-9: the soak save's dice; S3-FLAMER-11: an exploding tank's
SOAK_DICE = 4
EXPLODE_SOAK_DICE = 5
#: what the fire hits' armour rule reads (fire.LIQUID_SOURCES: S3-GRENADE-13 by G3-15)
SOURCE = "flamethrower"


# -- fuel and who carries one -------------------------------------------------------------------------------------

def fuel_left(f: Fighter) -> int:
    """S3-FLAMER-2: small bursts of fuel left (counter ``fuel``; absent, a full load: the item's ``rounds``)."""
    got = f.counters.get("fuel")
    if isinstance(got, int):
        return got
    return int(item(FLAMER).get("rounds", 4))


def carries(f: Fighter) -> bool:
    """The fighter has a flame thrower on it, in hand or slung (``items``)."""
    return FLAMER in f.hands.values() or FLAMER in f.items


# -- the aim ------------------------------------------------------------------------------------------------------

def aim_of(battle: Battle, action: Any) -> tuple[Hex | None, Fighter | None]:
    """The hex aimed at and the target figure, if a figure is aimed at (``target``), from a flame action."""
    if getattr(action, "target", None):
        t = battle.get(action.target)
        return (t.hex if t is not None else None), t
    to = getattr(action, "to", None)
    return (Hex(*to) if to is not None else None), None


def aim_spec(battle: Battle, f: Fighter, to: Hex, t: Fighter | None = None) -> RollSpec:
    """S3-FLAMER-4: the roll to hit with missile-weapon adjustments. At a figure it is the shot's plan
    (:func:`ranged.shot_plan`: eDX, facing, range G3-12, ST shortfall S3-AUTO-4, smoke S3-SMOKE-5, its
    defence); at a bare hex the same without a figure's facing or defence."""
    if t is not None:
        plan = ranged.shot_plan(battle, f, t, FLAMER)
        plan.spec.label = f"flame thrower at {t.label}: DX"
        plan.spec.rule = "S3-FLAMER-4"
        return plan.spec
    spec = RollSpec(actor=f.id, label=f"flame thrower at [{to.q}, {to.r}]: DX", base=dx_base(f), rule="S3-FLAMER-4",
                    dice=3)
    spec.modifiers.extend(edx_mods(battle, f))
    if is_down(f):
        spec.add(-4, "firing from the ground", "G3-8")
    far = ranged.range_mod(FLAMER, hex_distance(f.hex, to))
    if far is not None:
        spec.modifiers.append(far)
    lof = ranged.line_of_fire(battle, f, to)
    spec.modifiers.extend(ranged.st_mods(battle, f, FLAMER, 1, lof))
    smoke = ranged.smoke_mod(lof)
    if smoke is not None:
        spec.modifiers.append(smoke)
    return spec


# -- placing the fire (S3-FLAMER-3/5/6) ------------------------------------------------------------------------------

def _may_burn(battle: Battle, f: Fighter, aim: Hex, h: Hex, hit: bool) -> bool:
    """Whether ``h`` may hold fire at all: open, not the firer's own hex (ruling ND6-21), and on a miss not the
    hex aimed at (S3-FLAMER-6)."""
    return open_ground(battle, h) and h != f.hex and (hit or h != aim)


def _why_no_fire(battle: Battle, f: Fighter, aim: Hex, h: Hex) -> str:
    """Why ``h`` may hold no fire, the one reason that applies (under Xvfb a click on a wall said "cannot hold
    fire (off the map, a wall, the firer's hex or the hex aimed at after a miss)")."""
    if not open_ground(battle, h):
        cell = battle.board.cell(h) if h in battle.board else None
        what = f"a {str(cell.terrain).replace('_', ' ')} hex" if cell is not None else "off the map"
        return f"[{h.q}, {h.r}] is {what}: no fire can lie there (GX-5)."
    if h == f.hex:
        return f"[{h.q}, {h.r}] is the firer's own hex: no fire is laid there (ND6-21)."
    return f"After a miss no fire lies in [{aim.q}, {aim.r}], the hex aimed at (S3-FLAMER-6)."


def _connected(hexes: list[Hex]) -> bool:
    if not hexes:
        return False
    todo, seen = [hexes[0]], {hexes[0]}
    left = set(hexes)
    while todo:
        h = todo.pop()
        for n in hex_neighbors(h):
            if n in left and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(left)


def shape_reason(battle: Battle, f: Fighter, aim: Hex, burst: str, hexes: list[Hex], hit: bool) -> str | None:
    """Why ``hexes`` is not a legal placement of a ``burst`` aimed at ``aim`` after a hit (``hit``) or a miss, in
    one sentence; None when it is. S3-FLAMER-3: 3 or 7 hexes, no hex twice; S3-FLAMER-5: connected, on a hit
    touching the aim (one hex in it or next to it); S3-FLAMER-6: on a miss one hex next to the aim and none in
    it; GX-5: on the map, no wall; ruling ND6-21: never the firer's own hex."""
    need = BURSTS[burst][0]
    if len(hexes) != need:
        return f"A {burst} burst lays {need} hexes of fire, not {len(hexes)}."
    if len(set(hexes)) != len(hexes):
        return "A hex of fire is placed twice."
    for h in hexes:
        if not open_ground(battle, h):
            return f"[{h.q}, {h.r}] is off the map or a wall: no fire can lie there."
        if h == f.hex:
            return "The fire cannot be laid in the firer's own hex."
    if not _connected(hexes):
        return "The hexes of fire must be connected."
    if hit:
        if not any(hex_distance(h, aim) <= 1 for h in hexes):
            return f"After a hit the fire lands at [{aim.q}, {aim.r}]: one hex must be it or next to it."
        return None
    if aim in hexes:
        return f"After a miss no fire lies in [{aim.q}, {aim.r}], the hex aimed at."
    if not any(hex_distance(h, aim) == 1 for h in hexes):
        return f"After a miss one hex of fire must be next to [{aim.q}, {aim.r}], the hex aimed at."
    return None


def placement_reason(battle: Battle, f: Fighter, action: Any, hexes: list[Hex] | tuple[Any, ...],
                     hit: bool = True) -> str | None:
    """For the aiming UI: why ``hexes`` (all of the burst, or the first few placed) cannot be where the fire of
    ``action`` (a :class:`Flame`) lies after a hit (``hit``) or a miss; None when it can (a partial placement:
    when the rest still fits). The whole placement is :func:`shape_reason`'s."""
    aim, _ = aim_of(battle, action)
    burst = getattr(action, "burst", "small")
    if aim is None or burst not in BURSTS:
        return "The burst has no aim or no size."
    placed = [h if isinstance(h, Hex) else Hex(*h) for h in hexes]
    need = BURSTS[burst][0]
    if len(placed) >= need:
        return shape_reason(battle, f, aim, burst, placed, hit)
    if len(set(placed)) != len(placed):
        return "A hex of fire is placed twice."
    for h in placed:
        if not _may_burn(battle, f, aim, h, hit):
            return _why_no_fire(battle, f, aim, h)
    if placed and not _connected(placed):
        return "The hexes of fire must be connected."
    if placed and not _room(battle, f, aim, set(placed), hit, need):
        return f"No room left for all {need} hexes of fire from there."
    if placed and not _touches(battle, f, aim, placed, hit, need):
        return (f"The fire must reach [{aim.q}, {aim.r}]: one hex in it or next to it." if hit else
                f"One hex of fire must be next to [{aim.q}, {aim.r}].")
    return None


def _touches(battle: Battle, f: Fighter, aim: Hex, placed: list[Hex], hit: bool, need: int) -> bool:
    """Whether the partial placement touches the aim already or can still grow to touch it."""
    ring = {aim, *hex_neighbors(aim)} if hit else set(hex_neighbors(aim))
    if ring & set(placed):
        return True
    # the nearest touching hex must be reachable with the hexes left (a path through open hexes)
    left = need - len(placed)
    todo, seen = [(h, 0) for h in placed], set(placed)
    while todo:
        h, d = todo.pop(0)
        if h in ring:
            return True
        if d >= left:
            continue
        for n in hex_neighbors(h):
            if n not in seen and _may_burn(battle, f, aim, n, hit):
                seen.add(n)
                todo.append((n, d + 1))
    return False


def _room(battle: Battle, f: Fighter, aim: Hex, placed: set[Hex], hit: bool, need: int) -> bool:
    """Whether the open hexes connected to ``placed`` can still make ``need`` hexes in all."""
    todo, seen = list(placed), set(placed)
    while todo and len(seen) < need:
        h = todo.pop()
        for n in hex_neighbors(h):
            if n not in seen and _may_burn(battle, f, aim, n, hit):
                seen.add(n)
                todo.append(n)
    return len(seen) >= need


def next_hexes(battle: Battle, f: Fighter, aim: Hex, burst: str, placed: list[Hex], hit: bool) -> list[Hex]:
    """The hexes the firer may add to the ``placed`` ones (in the order picked), for the UI's click-by-click
    placement: the first touches the aim (S3-FLAMER-5: in it or next to it after a hit; S3-FLAMER-6: next to
    it after a miss), each later one is next to one already placed; only hexes after which the whole burst
    still fits are offered. Empty once the burst is placed. Any legal placement can be built this way."""
    need = BURSTS[burst][0]
    if len(placed) >= need:
        return []
    have = set(placed)
    if not placed:
        ring = [aim, *hex_neighbors(aim)] if hit else hex_neighbors(aim)
        cands = [h for h in ring if _may_burn(battle, f, aim, h, hit)]
    else:
        cands = sorted({n for h in placed for n in hex_neighbors(h)
                        if n not in have and _may_burn(battle, f, aim, n, hit)})
    return [h for h in cands if _room(battle, f, aim, have | {h}, hit, need)]


def _score(battle: Battle, f: Fighter, aim: Hex, h: Hex) -> tuple[float, int, int]:
    """How good a hex of fire is for its firer: foes in it, no friends in it or the firer next to it, close to
    the aim; ties broken by the hex, so the default is the same every time."""
    s = 0.0
    for o in battle.fighters:
        if o.hex != h or is_out(o):
            continue
        s += 10.0 if o.side != f.side else -100.0
    if hex_distance(h, f.hex) == 1:
        s -= 3.0  # S3-FLAMER-8: the firer next to its own fire takes 2 hits
    s -= hex_distance(h, aim)
    return (-s, h.q, h.r)


def default_placement(battle: Battle, f: Fighter, aim: Hex, burst: str, hit: bool) -> list[Hex]:
    """A sensible placement when the action names none: grown one hex at a time from the hex aimed at (after a
    hit) or its best neighbour (after a miss), each time the best of :func:`next_hexes` by foes caught, friends
    spared and closeness to the aim. Where walls leave no room for the whole burst, as many as fit (ND6-21)."""
    placed: list[Hex] = []
    need = BURSTS[burst][0]
    while len(placed) < need:
        cands = next_hexes(battle, f, aim, burst, placed, hit)
        if not cands and placed:
            # no room for the whole burst: the rest of the open hexes connected to it
            cands = sorted({n for h in placed for n in hex_neighbors(h)
                            if n not in placed and _may_burn(battle, f, aim, n, hit)})
        if not cands:
            break
        if not placed and hit and aim in cands:
            placed.append(aim)
            continue
        placed.append(min(cands, key=lambda h: _score(battle, f, aim, h)))
    return placed


# -- the action ---------------------------------------------------------------------------------------------------

def _hex(field: str, h: Any) -> tuple[int, int]:
    """One ``[q, r]`` of a file, or a ``ValueError`` naming the field (the situation loader's one sentence)."""
    if isinstance(h, Hex):
        return (h.q, h.r)
    if not (isinstance(h, (list, tuple)) and len(h) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in h)):
        raise ValueError(f"{field}: expected a hex [q, r], got {h!r}")
    return (int(h[0]), int(h[1]))


def _hexes(field: str, value: Any) -> tuple[tuple[int, int], ...] | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"{field}: expected a list of hexes [q, r], got {value!r}")
    return tuple(_hex(f"{field}[{i}]", h) for i, h in enumerate(value))


@dataclass(frozen=True, slots=True)
class Flame(Nd6Action):
    """Fire the flame thrower in hand (S3-FLAMER-1..9): a ``small`` (3 hexes) or ``large`` (7 hexes) burst at
    ``target`` (a fighter) or ``to`` (a hex). ``hexes`` is where the fire lies after a hit, ``miss_hexes`` after
    a miss; one placement fit for both may be given as ``hexes`` alone; left out, :func:`default_placement`
    picks (ruling ND6-21). The round's action, as an attack (G3-4)."""

    type: ClassVar[str] = "flame"
    title: ClassVar[str] = "Flame thrower"
    rule: ClassVar[str] = "S3-FLAMER-2"
    target: str | None = None
    to: tuple[int, int] | None = None
    burst: str = "small"
    hexes: tuple[tuple[int, int], ...] | None = None
    miss_hexes: tuple[tuple[int, int], ...] | None = None

    def __post_init__(self) -> None:
        # a situation file gives lists of [q, r]: kept as tuples so the action is hashable and round-trips
        object.__setattr__(self, "hexes", _hexes("hexes", self.hexes))
        object.__setattr__(self, "miss_hexes", _hexes("miss_hexes", self.miss_hexes))
        if self.to is not None:
            object.__setattr__(self, "to", _hex("to", self.to))

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if self.burst not in BURSTS:
            return Reason(f"burst must be small or large, not {self.burst!r}.", "S3-FLAMER-2", "bad_intent")
        if (self.target is None) == (self.to is None):
            return Reason("A flame burst is aimed at a target or at a hex (to), one of them.", "S3-FLAMER-5",
                          "bad_intent")
        if FLAMER not in f.hands.values():
            return Reason(f"{f.label} holds no flame thrower: ready it first.", "G3-4")
        units = BURSTS[self.burst][1]
        if fuel_left(f) < units:
            left = fuel_left(f)
            return Reason(f"{f.label}'s flame thrower has fuel for {left} small burst{'s' * (left != 1)}: a "
                          f"{self.burst} burst needs {units}.", "S3-FLAMER-2")
        if in_hth(f):
            return Reason("Inside a brawl only a knife or a pistol can be used.", "S3-HTH-8")
        aim, t = aim_of(battle, self)
        if self.target is not None:
            why = check_target(battle, f, t, self.target)
            if why is not None or t is None:
                return why
        assert aim is not None
        if aim not in battle.board:
            return Reason(f"[{aim.q}, {aim.r}] is not on the map.", "GX-5")
        reach = int(item(FLAMER).get("range", 10))
        if hex_distance(f.hex, aim) > reach:
            return Reason(f"A flame thrower reaches {reach} hexes; that hex is {hex_distance(f.hex, aim)} away.",
                          "S3-FLAMER-4")
        if aim == f.hex:
            return Reason("The flame thrower cannot be fired into its firer's own hex.", "S3-FLAMER-5")
        if line_of_fire(battle, f, aim).blocked:
            return Reason(f"{f.label} has no line of fire to [{aim.q}, {aim.r}].", "GX-5")
        late = too_late_to_attack(battle, f)
        if late is not None:
            return late
        if self.hexes is not None:
            placed = [Hex(*h) for h in self.hexes]
            why_hit = shape_reason(battle, f, aim, self.burst, placed, True)
            if why_hit is not None:
                return Reason(f"hexes: {why_hit}", "S3-FLAMER-5")
        if self.miss_hexes is not None:
            why_miss = shape_reason(battle, f, aim, self.burst, [Hex(*h) for h in self.miss_hexes], False)
            if why_miss is not None:
                return Reason(f"miss_hexes: {why_miss}", "S3-FLAMER-6")
        return None

    def placement(self, battle: Battle, f: Fighter, aim: Hex, hit: bool) -> list[Hex]:
        """The fire's hexes after a hit or a miss: as given, else ``hexes`` when it also fits a miss, else the
        default (ruling ND6-21)."""
        if hit and self.hexes is not None:
            return [Hex(*h) for h in self.hexes]
        if not hit:
            if self.miss_hexes is not None:
                return [Hex(*h) for h in self.miss_hexes]
            if self.hexes is not None:
                given = [Hex(*h) for h in self.hexes]
                if shape_reason(battle, f, aim, self.burst, given, False) is None:
                    return given
        return default_placement(battle, f, aim, self.burst, hit)

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        battle = r.battle
        aim, t = aim_of(battle, self)
        assert aim is not None
        size, units = BURSTS[self.burst]
        r.emit(E.stat(f.id, "counters.fuel", fuel_left(f) - units, rule="S3-FLAMER-2"))
        spec = aim_spec(battle, f, aim, t)
        roll = rolls.attack_roll(r.dice, spec)
        roll["shot"] = False  # burning oil, not a bullet: the map plays a jet, never a tracer
        if t is not None:
            roll["target_id"] = t.id
        r.note(roll)
        hit = bool(roll["success"])
        fire_hexes = self.placement(battle, f, aim, hit)
        left = fuel_left(battle.fighter(f.id))
        r.note({"type": "message", "actor": f.id, "rule": "S3-FLAMER-5" if hit else "S3-FLAMER-6",
                "text": (f"{f.label}'s {self.burst} burst {'hits' if hit else 'misses'}: fire on "
                         f"{len(fire_hexes)} hex{'es' * (len(fire_hexes) != 1)} "
                         f"({left} small burst{'s' * (left != 1)} of fuel left)."),
                "flame": True, "burst": self.burst, "hit": hit, "from": [f.hex.q, f.hex.r], "to": [aim.q, aim.r],
                "hexes": [[h.q, h.r] for h in fire_hexes]})
        if len(fire_hexes) < size:
            r.note(E.message(f"Walls leave room for only {len(fire_hexes)} hexes of fire.", actor=f.id,
                             rule="S3-FLAMER-3"))
        mark(r, f, "fired", item=FLAMER, mode=self.burst, targets=[t.id] if t is not None else [], rounds=units)
        burn(r, f, fire_hexes, target=t if hit else None, aimed=t)


def _rolls_for(r: Resolution, f: Fighter, o: Fighter) -> bool:
    """S3-FLAMER-7: a figure under the fire other than the one aimed at rolls to be hit on its own: the same
    missile adjustments, toward it."""
    spec = aim_spec(r.battle, f, o.hex, o)
    spec.label = f"flame thrower, {o.label} under the fire: DX"
    spec.rule = "S3-FLAMER-7"
    roll = rolls.attack_roll(r.dice, spec)
    roll["target_id"] = o.id
    roll["shot"] = False
    r.note(roll)
    return bool(roll["success"])


def burn(r: Resolution, f: Fighter, fire_hexes: list[Hex], *, target: Fighter | None, aimed: Fighter | None) -> None:
    """The oil lands (S3-FLAMER-7..9): each figure in a fire hex is hit by the roll made for it (the target's
    own, ``target`` when it hit; anyone else's roll of its own) and takes 4 hits, or 2 when missed; a figure
    next to a fire hex takes 2; then the 4d6 soak save for those hit in the fire, and the hexes burn 12 rounds
    (ruling ND6-21)."""
    battle = r.battle
    area = set(fire_hexes)
    near = {n for h in fire_hexes for n in hex_neighbors(h)} - area
    struck: list[Fighter] = []
    hits: dict[str, int] = {}
    for o in battle.fighters:
        if "dead" in o.conditions:
            continue
        if o.hex in area:
            # the figure aimed at: the burst's own roll; anyone else: a roll of its own (S3-FLAMER-7)
            ok = (target is not None) if aimed is not None and o.id == aimed.id else _rolls_for(r, f, o)
            hits[o.id] = FIRE_HITS[0] if ok else FIRE_HITS[1]
            if ok:
                struck.append(o)
        elif o.hex in near:
            hits[o.id] = FIRE_HITS[1]
    for o in battle.fighters:
        if o.id in hits:  # S3-FLAMER-8, armour once by the liquid's rule (S3-GRENADE-13/15, G3-15)
            fire.fire_hits(r, o, hits[o.id], source=SOURCE, rule="S3-FLAMER-8", by=f)
    for o in struck:
        o = battle.fighter(o.id)
        if "dead" in o.conditions or "soaked" in o.conditions:
            continue
        soak(r, o, SOAK_DICE, "S3-FLAMER-9")
    laid = [{"kind": "burning_liquid", "hex": [h.q, h.r], "turns_left": BURN_TURNS, "source": SOURCE}
            for h in fire_hexes]
    kept = [e for e in effects.board_effects(battle)
            if not (e["kind"] == "burning_liquid" and Hex(*e["hex"]) in area)]
    effects.set_effects(r, [*kept, *laid], actor=f.id, rule="S3-FLAMER-9")


def soak(r: Resolution, t: Fighter, ndice: int, rule: str) -> bool:
    """The save against being soaked with burning oil: ``ndice`` d6 against adjusted DX (S3-FLAMER-9: 4d6;
    S3-FLAMER-11: 5d6; G3-18). Failing, the figure is soaked and on fire all over (S3-GRENADE-10/11)."""
    spec = RollSpec(actor=t.id, label=f"avoid the burning oil: {ndice}d6 vs DX", base=dx_base(t), rule=rule,
                    dice=ndice)
    spec.modifiers.extend(edx_mods(r.battle, t))
    roll = rolls.save_roll(r.dice, spec)
    r.note(roll)
    if roll["success"]:
        return False
    fire.ignite(r, t, "on_fire_whole", soaked=True, source="burning_liquid", rule=rule)
    r.note(E.message(f"{t.label} is soaked with burning oil and on fire.", actor=t.id, rule=rule))
    return True


# -- the tank exploding (S3-FLAMER-10/11, G3-28) ----------------------------------------------------------------------

def after_hit(r: Resolution, a: Fighter, t: Fighter, hits: int) -> None:
    """After a blow or a shot that hit ``t`` for ``hits`` (before armour): a flame-thrower carrier hit from its
    rear hex (the rear arc at range; G3-28: any hit, aimed shots not being played) rolls 3d6; at or under the
    hits, the fuel ignites (S3-FLAMER-10): molotov fire centred on the carrier, 4 hits in its hex and 2 around,
    the soak save 5d6 vs eDX for those in its hex, its hex burning 12 rounds (S3-FLAMER-11). An empty tank
    cannot ignite, and an ignited one is empty (ruling ND6-21)."""
    if hits <= 0 or a.id == t.id or not carries(t) or fuel_left(t) <= 0:
        return
    if arc_of(t.hex, t.facing, a.hex) != "rear":
        return
    faces = r.dice.roll(3, 6, "does the flame thrower's fuel ignite? 3d6 at or under the hits", "S3-FLAMER-10")
    total = sum(faces)
    went = total <= hits
    r.note({"type": "roll", "actor": a.id, "label": "the flame thrower hit from behind: 3d6 vs hits",
            "rule": "S3-FLAMER-10", "base": hits, "modifiers": [], "dice": list(faces), "total": total,
            "target": hits, "success": went, "margin": hits - total, "target_id": t.id, "shot": False,
            "effect": ("its fuel ignites." if went else "the fuel holds.")})
    if not went:
        return
    r.emit(E.stat(t.id, "counters.fuel", 0, rule="S3-FLAMER-11"))
    r.note({"type": "message", "actor": t.id, "rule": "S3-FLAMER-11", "flame": True, "explosion": True,
            "hex": [t.hex.q, t.hex.r], "hexes": [[t.hex.q, t.hex.r]],
            "text": f"{t.label}'s flame thrower blows up."})
    explode(r, a, t)


def explode(r: Resolution, a: Fighter, t: Fighter) -> None:
    """S3-FLAMER-11: the molotov's effects where the carrier stands (S3-GRENADE-9..11), with a 5d6 soak save."""
    battle = r.battle
    at = t.hex
    inner = [o for o in battle.fighters if o.hex == at and "dead" not in o.conditions]
    outer = [o for o in battle.fighters if hex_distance(o.hex, at) == 1 and "dead" not in o.conditions]
    for o in inner:
        fire.fire_hits(r, o, FIRE_HITS[0], source=SOURCE, rule="S3-FLAMER-11", by=a)
    for o in outer:
        fire.fire_hits(r, o, FIRE_HITS[1], source=SOURCE, rule="S3-FLAMER-11", by=a)
    for o in inner:
        o = battle.fighter(o.id)
        if "dead" in o.conditions or "soaked" in o.conditions:
            continue
        soak(r, o, EXPLODE_SOAK_DICE, "S3-FLAMER-11")
    kept = [e for e in effects.board_effects(battle) if not (e["kind"] == "burning_liquid" and Hex(*e["hex"]) == at)]
    effects.set_effects(r, [*kept, {"kind": "burning_liquid", "hex": [at.q, at.r], "turns_left": BURN_TURNS,
                                    "source": SOURCE}], actor=a.id, rule="S3-FLAMER-11")


# -- what may not be worn with it (S3-FLAMER-12) ---------------------------------------------------------------------

def wear_reason(f: Fighter) -> str | None:
    """S3-FLAMER-12: no energy shield, backpack or backpack battery with a flame thrower. No such item is in the
    list (ruling ND6-21): any item tagged ``backpack`` or ``energy_shield`` counts, should one be added."""
    if not carries(f):
        return None
    for i in [*f.items, *f.hands.values()]:
        tags = item(i).get("tags", ()) if i else ()
        if "backpack" in tags or "energy_shield" in tags:
            return f"a flame thrower cannot be worn with a {item(i).get('name', i)} (S3-FLAMER-12)"
    return None


# -- hooks: ranged's shot, the menu, the odds --------------------------------------------------------------------------

def shot_reason(battle: Battle, f: Fighter, t: Fighter, action: Any) -> Reason | None:
    """A flame thrower fires only with the ``flame`` action (its bursts and placement), never as an ``attack``."""
    if action.weapon(f) == FLAMER:
        return Reason("A flame thrower fires with the flame action (a small or large burst).", "S3-FLAMER-2")
    return None


ACTIONS: tuple[type, ...] = (Flame,)


def options(battle: Battle, f: Fighter) -> list[Any]:
    """A small and a large burst at each foe in reach with a flame thrower in hand (any other hex is a map
    pick; the placement is the default's, :func:`next_hexes` lets the player place it)."""
    if FLAMER not in f.hands.values() or in_hth(f):
        return []
    reach = int(item(FLAMER).get("range", 10))
    out: list[Any] = []
    for o in foes(battle, f):
        if hex_distance(f.hex, o.hex) <= reach:
            for burst in BURSTS:
                out.append(Flame(actor=f.id, target=o.id, burst=burst))
    return out


def odds(battle: Battle, action: Any) -> dict[str, float] | None:
    """The burst's chance to hit what it is aimed at (S3-FLAMER-4): ``hit`` and ``miss``; None if not ours."""
    if not isinstance(action, Flame):
        return None
    f = battle.get(action.actor)
    aim, t = aim_of(battle, action) if f is not None else (None, None)
    if f is None or aim is None:
        return {}
    spec = aim_spec(battle, f, aim, t)
    p = rolls.attack_odds(spec.dice, spec.target)["hit"]  # automatic hits included (G3-1)
    return {"hit": p, "miss": 1.0 - p}


def start_turn(r: Resolution, f: Fighter) -> None:
    """Nothing carries over between turns for a flame thrower."""
    return None


add_shot_hooks("flamer", shot_reason=shot_reason)
add_hook("after_hit", after_hit)  # the attack asks it after every hit (S3-FLAMER-10/11, G3-28)
