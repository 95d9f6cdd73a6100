"""Grenades and molotovs (S3-GRENADE-1..24): thrown at a hex, scattering on a miss, going off on a fuse.

A grenade is aimed at an area, not at a figure (S3-GRENADE-2/3/23), so it has its own action
(:class:`ThrowGrenade`) rather than a path through :func:`combat.plan_attack`: one 3d6 roll under adjusted DX
with -1 per multihex, its own automatic results (S3-GRENADE-5), and on a miss a scatter whose direction is one
die (G3-25) and whose length is the margin of failure (S3-GRENADE-4). What it does where it lands is split by
kind: high explosive (S3-GRENADE-18/19), molotov and incendiary fire (S3-GRENADE-9..13, 20..22; the hits go
through :func:`game.rules.nd6.fire.fire_hits`, G3-15), smoke and tear gas (the clouds of :mod:`.smoke`).

A grenade whose fuse is ``next_movement`` waits in ``battle.state["grenades"]`` (a list of plain dicts, saved
and replayed with the battle) and goes off "at the end of the next movement phase" (S3-GRENADE-8):
:func:`movement_ended` is that moment's hook. Under a turn order with phases (play, and a situation's rounds
written down) the ruleset's ``end_phase`` calls it when the next round's movement phase is over, and a caller
that plays the phases itself may call ``Nd6Ruleset.movement_ended`` (calling it twice does no harm: a fuse goes
off once). ``clinch resolve`` without phases has no movement phase, so there it goes off when the next round
begins, before that round's first action (:func:`start_round`, SITUATION-FORMAT). A smoke or gas
grenade that has gone off lies on the floor, burning, and may be picked up and thrown back (S3-SMOKE-8):
``pick_up`` and ``throw_grenade`` again; its record in ``battle.state["grenades"]`` follows it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.hexgrid import Hex, hex_distance, hex_linedraw, hex_neighbor, hex_ring, hex_spiral
from game.rules import events as E
from game.rules.base import Action, Reason
from game.rules.common import RollSpec
from game.rules.nd6 import damage as D
from game.rules.nd6 import effects, fire, rolls, smoke
from game.rules.nd6.actions import Nd6Action, too_late_to_attack
from game.rules.nd6.combat import apply_hits
from game.rules.nd6.hazards import clear_line, gun_range, open_ground
from game.rules.nd6.initiative import POLICY
from game.rules.nd6.items import item
from game.rules.nd6.ranges import mh_distance
from game.rules.nd6.status import (
    armour,
    dx_base,
    edx_mods,
    foes,
    in_hth,
    is_down,
    pending_grenades,
    st_full,
)

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = [
    "ThrowGrenade", "PickUp", "ACTIONS", "GRENADE_AUTO", "FUSES", "CLOUD_KINDS", "max_range", "throw_spec",
    "scatter", "landing", "megahex", "mh_ring", "throw_odds", "detonate", "he_stops", "pending", "start_round",
    "start_turn", "options", "odds", "area_of", "landing_odds", "expected_hits", "MEAN_HITS", "movement_ended",
    "phased",
]

#: S3-GRENADE-5: 3-5 always land on the hex aimed at (no other effect), 16-17 always miss, 18 is dropped at
#: the thrower's feet
GRENADE_AUTO: dict[int, str] = {3: "hit", 4: "hit", 5: "hit", 16: "miss", 17: "miss", 18: "dropped"}

#: S3-GRENADE-8 with SITUATION-FORMAT: when a grenade (not a molotov) goes off
FUSES: tuple[str, ...] = ("end_of_turn", "next_movement")

#: S3-SMOKE-1: the grenades that make a cloud, and the board effect their cloud is
CLOUD_KINDS: dict[str, str] = {"smoke_grenade": "smoke", "tear_gas_grenade": "tear_gas"}

#: S3-GRENADE-9 (molotov: its hex / the six around it) and S3-GRENADE-21 (incendiary: its megahex / the ring
#: around the megahex): fire hits, added up and armoured once by fire.fire_hits (G3-15)
FIRE_HITS: dict[str, tuple[int, int]] = {"molotov": (4, 2), "incendiary_grenade": (8, 4)}

#: S3-GRENADE-18: high explosive dice in the megahex and in the ring around it
HE_DICE: tuple[str, str] = ("4d6", "2d6")

#: S3-GRENADE-11: the molotov's liquid burns 12 turns; S3-GRENADE-20: the incendiary "uses molotov rules"
BURN_TURNS = 12

#: S3-GRENADE-10: the soak save is 4d6 against adjusted DX
SOAK_DICE = 4


def name_of(item_id: str) -> str:
    return str(item(item_id).get("name", item_id))


def is_grenade(item_id: str | None) -> bool:
    return bool(item_id) and item(item_id).get("kind") == "grenade"


# -- the throw ---------------------------------------------------------------------------------------------------

def max_range(f: Fighter) -> int:
    """S3-GRENADE-6: 3 m per point of ST = 2.25 hexes per point, whole hexes (unwounded ST; ruling ND6-17)."""
    return math.floor(2.25 * st_full(f))


def throw_spec(battle: Battle, f: Fighter, to: Hex) -> RollSpec:
    """The throw's roll: 3d6 under adjusted DX (G3-18), -1 per multihex to the hex aimed at (S3-GRENADE-2),
    the thrown-weapon adjustments of G3-8 from the ground (S3-GRENADE-23)."""
    spec = RollSpec(actor=f.id, label=f"throw grenade at [{to.q}, {to.r}]: DX", base=dx_base(f),
                    rule="S3-GRENADE-2", dice=3)
    spec.modifiers.extend(edx_mods(battle, f))
    mh = mh_distance(f.hex, to)
    if mh:
        spec.add(-mh, f"{mh} MH to the hex aimed at", "S3-GRENADE-2")
    if is_down(f):
        spec.add(-4, "throwing from the ground", "G3-8")
    return spec


def scatter(battle: Battle, start: Hex, direction: int, hexes: int) -> Hex:
    """S3-GRENADE-4 with G3-25: ``hexes`` steps from ``start`` along axial ``direction``; a grenade that would
    leave the board or enter a wall stops in the last open hex before it (ruling ND6-17)."""
    h = start
    for _ in range(max(0, hexes)):
        nxt = hex_neighbor(h, direction)
        if not open_ground(battle, nxt):
            break
        h = nxt
    return h


def megahex(h: Hex) -> list[Hex]:
    """GX-1 / G3-16: "the MH it lands in" is the landing hex and its six neighbours."""
    return hex_spiral(h, 1)


def mh_ring(h: Hex) -> list[Hex]:
    """S3-GRENADE-18/21: the hexes adjacent to that megahex (the ring two hexes out)."""
    return hex_ring(h, 2)


def area_of(item_id: str, h: Hex) -> dict[str, list[Hex]]:
    """The hexes a grenade landing on ``h`` reaches, for the rules and the aiming UI: ``inner`` (full effect)
    and ``outer`` (the lesser one). A cloud starts in one hex (S3-SMOKE-1)."""
    if item_id == "molotov":
        return {"inner": [h], "outer": hex_ring(h, 1)}  # S3-GRENADE-9
    if item_id in CLOUD_KINDS:
        return {"inner": [h], "outer": []}
    return {"inner": megahex(h), "outer": mh_ring(h)}  # S3-GRENADE-18, S3-GRENADE-21


def _sight_blocked(battle: Battle, a: Hex, b: Hex) -> bool:
    """GX-5: a wall (``blocks_sight``) between the thrower and the hex aimed at stops the throw."""
    if not battle.board.cells:
        return False
    idx = battle.board.index()
    return any((c := idx.get(h)) is not None and c.blocks_sight for h in hex_linedraw(a, b)[1:-1])


def landing(battle: Battle, f: Fighter, to: Hex, roll: dict[str, Any], direction: int | None) -> Hex:
    """Where the grenade comes down after ``roll`` (S3-GRENADE-4/5): the hex aimed at on a success, the
    thrower's own hex on an 18, else ``direction`` (G3-25) times the margin of failure, at least one hex."""
    if roll.get("auto") == "dropped":
        return f.hex
    if roll["success"]:
        return to
    assert direction is not None
    return scatter(battle, to, direction, max(1, roll["total"] - roll["target"]))


def throw_odds(battle: Battle, f: Fighter, to: Hex) -> dict[str, float]:
    """Exact chances of a throw at ``to`` (the aiming UI): ``hit``, ``dropped`` (in the thrower's hex), and
    ``scatter:n`` for a miss landing ``n`` hexes from the hex aimed at (before walls and board edges)."""
    target = throw_spec(battle, f, to).target
    counts = rolls.sum_counts(3)
    out: dict[str, float] = {"hit": 0.0}
    for total in range(3, 19):
        p = counts[total] / 216
        band = GRENADE_AUTO.get(total)
        if band == "dropped":
            out["dropped"] = out.get("dropped", 0.0) + p
        elif band == "hit" or (band is None and total <= target):
            out["hit"] += p
        else:
            key = f"scatter:{max(1, total - target)}"
            out[key] = out.get(key, 0.0) + p
    out["miss"] = 1.0 - out["hit"]
    return out


def landing_odds(battle: Battle, f: Fighter, to: Hex) -> dict[Hex, float]:
    """Exact chances of each hex the grenade may come down in (S3-GRENADE-4/5, G3-25): the hex aimed at, the
    thrower's own on an 18, and every scatter hex, walls and the board's edge counted (ruling ND6-17)."""
    odds = throw_odds(battle, f, to)
    out: dict[Hex, float] = {to: odds["hit"]}
    out[f.hex] = out.get(f.hex, 0.0) + odds.get("dropped", 0.0)
    for key, p in odds.items():
        if not key.startswith("scatter:"):
            continue
        n = int(key.split(":", 1)[1])
        for d in range(6):
            h = scatter(battle, to, d, n)
            out[h] = out.get(h, 0.0) + p / 6
    return out


#: the mean hits of each area, before armour (S3-GRENADE-9/18/21: 4d6 = 14, 2d6 = 7)
MEAN_HITS: dict[str, tuple[float, float]] = {"frag_grenade": (14.0, 7.0), "molotov": (4.0, 2.0),
                                             "incendiary_grenade": (8.0, 4.0)}


def expected_hits(battle: Battle, f: Fighter, item_id: str, to: Hex) -> dict[str, float]:
    """The hits each fighter may expect (before armour) from ``f`` throwing ``item_id`` at ``to``, over every
    landing (:func:`landing_odds`): what the computer weighs, friends against foes. Clouds do no hits: 0."""
    inner_hits, outer_hits = MEAN_HITS.get(item_id, (0.0, 0.0))
    out = {o.id: 0.0 for o in battle.fighters if "dead" not in o.conditions}
    if not inner_hits:
        return out
    for h, p in landing_odds(battle, f, to).items():
        area = area_of(item_id, h)
        inner, outer = set(area["inner"]), set(area["outer"])
        for o in battle.fighters:
            if o.id in out:
                out[o.id] += p * (inner_hits if o.hex in inner else outer_hits if o.hex in outer else 0.0)
    return out


@dataclass(frozen=True, slots=True)
class ThrowGrenade(Nd6Action):
    """Throw the grenade in hand at a hex (S3-GRENADE-2): no roll to miss figures on the way (S3-GRENADE-3).

    ``fuse`` is announced before the throw (S3-GRENADE-8): ``end_of_turn`` goes off when the thrower's turn
    ends, ``next_movement`` when the next round's movement phase ends (:func:`movement_ended`); a molotov burns at once
    (S3-GRENADE-7) and a picked-up smoke grenade is already burning, whatever the fuse says. In hand, out of
    any brawl, a hex in sight, not after moving more than half MOV (ruling ND6-17).
    """

    type: ClassVar[str] = "throw_grenade"
    title: ClassVar[str] = "Throw grenade"
    rule: ClassVar[str] = "S3-GRENADE-2"
    item: str = ""
    to: tuple[int, int] = (0, 0)
    fuse: str = "end_of_turn"

    def weapon(self, f: Fighter) -> str:
        if self.item:
            return self.item
        return next((h for h in f.hands.values() if is_grenade(h)), "")

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if self.fuse not in FUSES:
            return Reason(f"fuse must be end_of_turn or next_movement, not {self.fuse!r}.", "S3-GRENADE-8",
                          "bad_intent")
        g = self.weapon(f)
        if g and not item(g):
            return Reason(f"item: unknown item {g!r} (see 'clinch items')", "S3-GRENADE-1", "bad_intent")
        if not is_grenade(g):
            return Reason(f"{f.label} has no grenade in hand." if not g else f"A {name_of(g)} is not a grenade.",
                          "S3-GRENADE-1")
        if g not in f.hands.values():
            return Reason(f"{f.label} holds no {name_of(g)}: ready it first.", "G3-4")
        if in_hth(f):
            return Reason("Inside a brawl only a knife or a pistol can be used.", "S3-HTH-8")
        to = Hex(*self.to)
        if to not in battle.board:
            return Reason(f"[{to.q}, {to.r}] is not on the map.", "GX-5")
        far = hex_distance(f.hex, to)
        if far > max_range(f):
            return Reason(f"{f.label} throws a grenade at most {max_range(f)} hexes (2.25 x ST); that hex is "
                          f"{far} away.", "S3-GRENADE-6")
        if _sight_blocked(battle, f.hex, to):
            return Reason(f"{f.label} has no line of sight to that hex.", "GX-5")
        return too_late_to_attack(battle, f, "throw")

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        battle = r.battle
        g = self.weapon(f)
        to = Hex(*self.to)
        spec = throw_spec(battle, f, to)
        spec.label = f"throw {name_of(g)} at [{to.q}, {to.r}]: DX"
        roll = rolls.save_roll(r.dice, spec, GRENADE_AUTO)
        roll["to"] = [to.q, to.r]
        r.note(roll)
        direction = None
        if not roll["success"] and roll.get("auto") != "dropped":
            face = r.dice.roll(1, 6, "grenade scatter: direction", "G3-25")[0]
            direction = face - 1
            n = max(1, roll["total"] - roll["target"])
            r.note({"type": "roll", "actor": f.id, "label": "grenade scatter: direction (1d6)", "rule": "G3-25",
                    "table": "scatter", "base": 0, "modifiers": [], "dice": [face], "total": face,
                    "direction": direction, "hexes": n,
                    "effect": f"it lands {n} hex{'es' if n > 1 else ''} off, toward side {face} (S3-GRENADE-4)."})
        at = landing(battle, f, to, roll, direction)
        if roll.get("auto") == "dropped":
            text, rule = f"{f.label} drops the {name_of(g)} in {f.their} own hex.", "S3-GRENADE-5"
        elif not roll["success"]:
            text, rule = f"The {name_of(g)} misses and lands at [{at.q}, {at.r}].", "S3-GRENADE-4"
        else:
            text, rule = f"The {name_of(g)} lands on [{at.q}, {at.r}].", "S3-GRENADE-2"
        # the flight, for the map: from the thrower, aimed at ``to``, down at ``hex``
        r.note({"type": "message", "text": text, "actor": f.id, "rule": rule, "grenade": g, "flight": True,
                "from": [f.hex.q, f.hex.r], "to": [to.q, to.r], "hex": [at.q, at.r]})
        record = _held_record(battle, f, g)
        if g in CLOUD_KINDS:
            # S3-SMOKE-8: a smoke or gas grenade lies where it lands and may be picked up again
            r.emit(E.item(f.id, g, action="thrown", to=at, rule="S3-GRENADE-2"))
        else:
            r.emit(E.item(f.id, g, action="lost", rule="S3-GRENADE-2"))
        if record is not None:  # S3-SMOKE-8: already burning; its cloud goes on from where it lands
            _update(r, f.id, record, hex=[at.q, at.r], holder=None)
            smoke.landed(r, record)
            return
        rec = {"id": _new_id(battle, f), "item": g, "hex": [at.q, at.r], "thrower": f.id, "fuse": self.fuse,
               "thrown": battle.round}
        if g == "molotov" or self.fuse == "end_of_turn":
            # S3-GRENADE-7: a molotov at once; S3-GRENADE-8: the rest when this turn (the throw) ends
            detonate(r, rec)
        else:
            _save(r, f.id, [*pending(battle), rec])
            when = ("when the next round's movement phase ends" if phased(battle)
                    else "when the next round begins, before its first action")
            r.note(E.message(f"The {name_of(g)} will go off {when}.", actor=f.id, rule="S3-GRENADE-8"))


# -- what is pending ---------------------------------------------------------------------------------------------

#: what is pending (``status.pending_grenades``, which ``smoke`` reads too)
pending = pending_grenades


def _save(r: Resolution, actor: str, records: list[dict[str, Any]]) -> None:
    if records != pending(r.battle):
        r.emit(E.stat(actor, "battle.grenades", records))


def _update(r: Resolution, actor: str, record: dict[str, Any], **changes: Any) -> None:
    out = []
    for g in pending(r.battle):
        out.append({**g, **changes} if g["id"] == record["id"] else g)
    record.update(changes)
    _save(r, actor, out)


def _new_id(battle: Battle, f: Fighter) -> str:
    """A name for the grenade, unique among those pending: its thrower, the round and the turn."""
    used = {g["id"] for g in pending(battle)}
    base = f"{f.id}@{battle.round}.{battle.turn}"
    n, out = 1, base
    while out in used:
        n += 1
        out = f"{base}.{n}"
    return out


def _held_record(battle: Battle, f: Fighter, g: str) -> dict[str, Any] | None:
    return next((x for x in pending(battle) if x.get("holder") == f.id and x["item"] == g), None)


# -- going off ---------------------------------------------------------------------------------------------------

def _in(battle: Battle, hexes: list[Hex]) -> list[Fighter]:
    """Everyone standing in these hexes who can still be hurt (the dead are left alone), in battle order."""
    where = set(hexes)
    return [f for f in battle.fighters if f.hex in where and "dead" not in f.conditions]


def detonate(r: Resolution, rec: dict[str, Any]) -> None:
    """The grenade of ``rec`` goes off where it lies (S3-GRENADE-7/8): its kind decides what that does."""
    battle = r.battle
    g = rec["item"]
    at = Hex(*rec["hex"])
    actor = rec["thrower"] if battle.get(rec["thrower"]) is not None else battle.fighters[0].id
    r.note({"type": "message", "text": f"The {name_of(g)} goes off at [{at.q}, {at.r}].", "actor": actor,
            "rule": "S3-GRENADE-8", "grenade": g, "hex": [at.q, at.r],
            "area": {k: [[h.q, h.r] for h in v] for k, v in area_of(g, at).items()}})
    if g in CLOUD_KINDS:
        rec = {**rec, "since": battle.round, "holder": None}
        _save(r, actor, [*[x for x in pending(battle) if x["id"] != rec["id"]], rec])
        smoke.landed(r, rec)
        return
    _save(r, actor, [x for x in pending(battle) if x["id"] != rec["id"]])
    if g in FIRE_HITS:
        _fire(r, actor, g, at)
    else:
        _explode(r, actor, at)


def he_stops(f: Fighter) -> int:
    """S3-GRENADE-19: armoured vests and jackets stop only half their hits (rounded down, ruling ND6-17)
    against high explosive; other armour, a shield in hand and a situation's ``dr`` stop in full."""
    stops = armour(f)["stops"]
    for i in f.items:
        if i in ("armored_vest", "jacket"):
            full = int(item(i).get("stops", 0))
            stops -= full - full // 2
    return stops


def _explode(r: Resolution, actor: str, at: Hex) -> None:
    """S3-GRENADE-18: 4d6 to everyone in the megahex, 2d6 to everyone in the ring around it; one roll for
    each area (ruling ND6-17); S3-GRENADE-19 for vests and jackets."""
    battle = r.battle
    a = battle.fighter(actor)
    for hexes, expr, rule in ((megahex(at), HE_DICE[0], "S3-GRENADE-18"), (mh_ring(at), HE_DICE[1], "S3-GRENADE-18")):
        hit = _in(battle, hexes)
        if not hit:
            continue
        d = D.parse(expr)
        faces, hits = D.roll(r.dice, d, f"high explosive: {expr}", rule)
        r.note({"type": "roll", "actor": actor, "label": f"high explosive: {expr}", "rule": rule, "base": 0,
                "modifiers": [], "dice": faces, "total": hits, "damage": True})
        for t in hit:
            if "dead" in t.conditions:
                continue
            apply_hits(r, a, t, hits, faces=faces, rule=rule, dtype="crushing", stops=he_stops(t))


def _fire(r: Resolution, actor: str, g: str, at: Hex) -> None:
    """S3-GRENADE-9/10/11 (molotov) and 20/21 (incendiary): fire hits to the inner and outer hexes, the soak
    save in the inner hexes, and burning liquid left on the inner hexes for 12 turns."""
    battle = r.battle
    inner_hits, outer_hits = FIRE_HITS[g]
    area = area_of(g, at)
    source = "molotov" if g == "molotov" else "incendiary"
    rule_hits = "S3-GRENADE-9" if g == "molotov" else "S3-GRENADE-21"
    inner = _in(battle, area["inner"])
    for t in inner:
        fire.fire_hits(r, t, inner_hits, source=source, rule=rule_hits)
    for t in _in(battle, area["outer"]):
        fire.fire_hits(r, t, outer_hits, source=source, rule=rule_hits)
    for t in inner:
        if "dead" in t.conditions or "soaked" in t.conditions:
            continue
        soak_save(r, t, source)
    kind = "burning_liquid" if g == "molotov" else "incendiary"
    rule_burn = "S3-GRENADE-11" if g == "molotov" else "S3-GRENADE-20"
    laid = [{"kind": kind, "hex": [h.q, h.r], "turns_left": BURN_TURNS, "source": source}
            for h in area["inner"] if open_ground(battle, h)]
    effects.set_effects(r, [*effects.board_effects(battle), *laid], actor=actor, rule=rule_burn)


def soak_save(r: Resolution, t: Fighter, source: str) -> bool:
    """S3-GRENADE-10: 4d6 against adjusted DX; a failure leaves the figure soaked in burning liquid and on
    fire over its whole body, burning 12 turns (S3-GRENADE-11) until put out; incendiary material cannot be
    put out (S3-GRENADE-20). The fire rules burn it from there (S3-GRENADE-13, :mod:`.fire`). Returns whether
    it was soaked."""
    spec = RollSpec(actor=t.id, label="avoid the burning liquid: 4d6 vs DX", base=dx_base(t), rule="S3-GRENADE-10",
                    dice=SOAK_DICE)
    spec.modifiers.extend(edx_mods(r.battle, t))
    roll = rolls.save_roll(r.dice, spec)
    r.note(roll)
    if roll["success"]:
        return False
    liquid = "incendiary" if source == "incendiary" else "burning_liquid"
    fire.ignite(r, t, "on_fire_whole", soaked=True, source=liquid, rule="S3-GRENADE-10")
    if liquid == "incendiary":  # S3-GRENADE-20: it cannot be put out
        c = dict(r.battle.fighter(t.id).counters.get("fire") or {})
        r.emit(E.stat(t.id, "counters.fire", {**c, "unquenchable": True}, rule="S3-GRENADE-20"))
    r.note(E.message(f"{t.label} is soaked with burning liquid and on fire.", actor=t.id, rule="S3-GRENADE-10"))
    return True


# -- rounds and turns --------------------------------------------------------------------------------------------

def phased(battle: Battle) -> bool:
    """Whether G3-3's turn order (movement, then actions) runs the round: in play, and in a situation's rounds
    written down; not in ``clinch resolve``'s one-turn-per-action rounds, which have no movement phase."""
    cur = battle.state.get("initiative")
    return isinstance(cur, dict) and cur.get("policy") == POLICY.name


def movement_ended(r: Resolution) -> None:
    """S3-GRENADE-8: "at the end of the next movement phase": the grenades thrown with a ``next_movement`` fuse
    in an earlier round go off now, in the order they were thrown, once the figures have moved. The hook of the
    movement phase's end (``Nd6Ruleset.end_phase``, ``Nd6Ruleset.movement_ended``); a grenade goes off once, so
    a second call in the same round does nothing."""
    for rec in pending(r.battle):
        if rec.get("fuse") == "next_movement" and not rec.get("burning") and "since" not in rec \
                and rec.get("thrown", 0) < r.battle.round:
            detonate(r, rec)


def start_round(r: Resolution) -> None:
    """A new round (SITUATION-FORMAT): without phases (``clinch resolve`` playing each action as a turn) there is
    no movement phase to wait for, so the ``next_movement`` fuses go off now, before the round's first action.
    Under G3-3's phases they wait for :func:`movement_ended` (ruling ND6-17)."""
    if not phased(r.battle):
        movement_ended(r)


def start_turn(r: Resolution, f: Fighter) -> None:
    """S3-SMOKE-8: a burning smoke or gas grenade in hand burns its holder 2 hits each turn it is held."""
    smoke.held_burn(r, f)


# -- picking one up ----------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PickUp(Nd6Action):
    """Pick an item up from the floor of one's own hex into a free hand (the round's action; S3-SMOKE-8 for
    a burning smoke or gas grenade, which burns the hand that holds it; ruling ND6-17)."""

    type: ClassVar[str] = "pick_up"
    title: ClassVar[str] = "Pick up"
    rule: ClassVar[str] = "S3-SMOKE-8"
    item: str = ""

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        here = [x for x in battle.state.get("floor") or () if x.get("item") == self.item
                and Hex(*x["hex"]) == f.hex]
        if not here:
            return Reason(f"There is no {name_of(self.item)} on the floor of {f.label}'s hex.", "S3-SMOKE-8")
        live = [g for g in pending(battle) if g["item"] == self.item and g.get("hex") == [f.hex.q, f.hex.r]
                and "since" not in g]
        if live and len(live) >= len(here):
            return Reason(f"The {name_of(self.item)} is about to go off: there is no grabbing it (left open).",
                          "S3-SMOKE-10")
        need = int(item(self.item).get("hands", 1))
        if len(f.free_hands()) < need:
            return Reason(f"{f.label} needs {need} free hand{'s' if need > 1 else ''}.", "G3-4")
        if in_hth(f):
            return Reason(f"{f.label} is in hand-to-hand.", "S3-HTH-8")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        floor = list(r.battle.state.get("floor") or [])
        i = next(i for i, x in enumerate(floor) if x.get("item") == self.item and Hex(*x["hex"]) == f.hex)
        del floor[i]
        r.emit(E.stat(f.id, "battle.floor", floor, rule="S3-SMOKE-8"))
        r.emit(E.item(f.id, self.item, action="taken", hand=f.free_hands()[0], rule="S3-SMOKE-8"))
        rec = next((x for x in pending(r.battle) if x["item"] == self.item and x.get("hex") == [f.hex.q, f.hex.r]
                    and x.get("holder") is None and "since" in x), None)
        if rec is not None:
            _update(r, f.id, rec, holder=f.id, hex=None)
            smoke.held_burn(r, f)


ACTIONS: tuple[type[Action], ...] = (ThrowGrenade, PickUp)


def _throwable(battle: Battle, f: Fighter, to: Hex) -> bool:
    """Whether ``to`` is on the map, in range and in sight (S3-GRENADE-6, GX-5): the cheap part of the check."""
    return (to != f.hex and to in battle.board and hex_distance(f.hex, to) <= max_range(f)
            and not _sight_blocked(battle, f.hex, to))


def _open_throw(battle: Battle, f: Fighter, g: str, foes: list[Fighter]) -> ThrowGrenade | None:
    """A throw with ``g`` at a hex no foe stands in, for a turn when no foe's hex may be thrown at (all behind
    walls or out of range): any hex in range and sight is a legal aim (S3-GRENADE-2), and the menu needs one
    throw to open the map pick on. The farthest such hex towards the nearest foe, else a free neighbour."""
    line: list[Hex] = []
    if foes:
        near = min(foes, key=lambda o: hex_distance(f.hex, o.hex))
        line = list(reversed(hex_linedraw(f.hex, near.hex)[1:-1]))
    taken = {o.hex for o in battle.fighters}
    for h in (*line, *(hex_neighbor(f.hex, (f.facing + d) % 6) for d in (0, 1, 5, 2, 4, 3))):
        if h not in taken and _throwable(battle, f, h):
            return ThrowGrenade(actor=f.id, item=g, to=(h.q, h.r))
    return None


def _screen_throw(battle: Battle, f: Fighter, g: str, foes: list[Fighter]) -> ThrowGrenade | None:
    """A smoke screen (issue 17, "uses smoke"; S3-SMOKE-1/5): for a smoke grenade, a throw at the free hex next
    to the thrower that the most clear lines from foe guns to it cross, so one cloud (its grenade's hex at once,
    the megahex next round) cuts them all; None when no foe gun has a clear line on the thrower."""
    if CLOUD_KINDS.get(g) != "smoke":
        return None
    taken = {o.hex for o in battle.fighters}
    count: dict[Hex, int] = {}
    for o in foes:
        reach = gun_range(o)
        if not reach or not 1 < hex_distance(o.hex, f.hex) <= reach or not clear_line(battle, o.hex, f.hex):
            continue
        h = hex_linedraw(f.hex, o.hex)[1]
        if h not in taken and _throwable(battle, f, h):
            count[h] = count.get(h, 0) + 1
    if not count:
        return None
    best = max(sorted(count), key=lambda h: count[h])
    return ThrowGrenade(actor=f.id, item=g, to=(best.q, best.r))


def options(battle: Battle, f: Fighter) -> list[Action]:
    """A throw at each foe's hex in range with each grenade in hand (the AI and the menu; any other hex is a
    map pick); when no foe's hex is in range and sight, one throw at an open hex instead, so a smoke screen or a
    grenade over a wall's corner can still be aimed on the map; a smoke grenade's screen next to the thrower
    across the foe guns' lines (:func:`_screen_throw`); and picking up what lies in one's hex."""
    out: list[Action] = []
    them = foes(battle, f)
    for g in dict.fromkeys(h for h in f.hands.values() if is_grenade(h)):
        throws = [ThrowGrenade(actor=f.id, item=g, to=(o.hex.q, o.hex.r)) for o in them
                  if hex_distance(f.hex, o.hex) <= max_range(f)]
        out.extend(throws)
        if not any(_throwable(battle, f, Hex(*a.to)) for a in throws):
            extra = _open_throw(battle, f, g, them)
            if extra is not None:
                out.append(extra)
        screen = _screen_throw(battle, f, g, them)
        if screen is not None:
            out.append(screen)
    for x in battle.state.get("floor") or ():
        if Hex(*x["hex"]) == f.hex:
            out.append(PickUp(actor=f.id, item=x["item"]))
    return list(dict.fromkeys(out))


def odds(battle: Battle, action: Action) -> dict[str, float] | None:
    """The throw's exact chances (:func:`throw_odds`); None for the actions of other modules."""
    if isinstance(action, ThrowGrenade):
        f = battle.get(action.actor)
        if f is None:
            return {}
        return throw_odds(battle, f, Hex(*action.to))
    if isinstance(action, PickUp):
        return {"success": 1.0}
    return None


effects.add_owner(effects.EffectOwner(rank=1, start_round=start_round))  # after the fires, before the clouds
