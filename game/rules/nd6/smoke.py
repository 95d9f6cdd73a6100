"""Smoke and tear gas clouds (S3-SMOKE-1..10): how a cloud grows, drifts and fades, and what it does.

A smoke or tear gas grenade that goes off (:mod:`.grenades`) lies burning in its hex for five rounds; its cloud
is board effects of kind ``smoke`` or ``tear_gas`` (``battle.state["board_effects"]``, :mod:`.effects`), each
carrying ``source``, the grenade's id in ``battle.state["grenades"]``. Counted in rounds, the round it goes off
being the cloud's first (SITUATION-FORMAT):

- round 1 the cloud is the grenade's hex; round 2 that hex and its neighbours (the megahex); rounds 3 to 5 it
  spreads into the hexes next to it (S3-SMOKE-1): growing means "add every open neighbour of the cloud", which
  from one hex gives exactly the megahex;
- the grenade burns out after round 5 and the cloud is gone two rounds later, at the start of round 8
  (S3-SMOKE-2): every hex of a cloud is laid with the turns the whole cloud has left, ``7 - (rounds since it
  went off)``, and :func:`effects.start_round` takes one off each round;
- a scenario's ``wind`` (a hex direction) with ``wind_strength`` ``slight`` (the default when a wind is given)
  moves every cloud one hex downwind each round before it grows; ``strong`` disperses it: the cloud never
  grows beyond the grenade's own hex and leaves no haze after it (S3-SMOKE-3, ruling ND6-17);
- tear gas: anyone without a gas mask who stands in the cloud when it forms or spreads, or walks through it,
  is ``tear_gassed`` (-4 DX until the battle ends, read by ``status.edx_mods``; S3-SMOKE-4, S3-SMOKE-9);
- smoke: a shot loses 1 DX per smoke hex on its line (S3-SMOKE-5, ``ranged.line_of_fire``) and an energy shot
  meets it as R1 shielding (S3-SMOKE-6, ``energy.shielding``); fires smoke in their own hex too
  (S3-GRENADE-17, S3-SMOKE-7: ``effects.SMOKY_KINDS``);
- a burning grenade in hand burns its holder 2 hits a turn; only a jacket and full body armour, which have
  gloves, stop them (S3-SMOKE-8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.hexgrid import Hex, hex_distance, hex_neighbor, hex_neighbors
from game.rules import events as E
from game.rules.nd6 import effects
from game.rules.nd6.combat import apply_hits
from game.rules.nd6.items import item
from game.rules.nd6.status import pending_grenades, this_round

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["CLOUD_KINDS", "BURN_ROUNDS", "FADE_ROUNDS", "LIFE", "GLOVED", "HELD_HITS", "cloud_round", "wind",
           "cloud_of", "smoke_hexes", "gas_hexes", "landed", "start_round", "on_walk", "gas", "held_burn",
           "glove_stops"]

#: S3-SMOKE-1: the grenades that make a cloud, and their board effect
CLOUD_KINDS: dict[str, str] = {"smoke_grenade": "smoke", "tear_gas_grenade": "tear_gas"}
#: S3-SMOKE-1: a grenade burns (and its cloud grows) five rounds
BURN_ROUNDS = 5
#: S3-SMOKE-2: the cloud is gone two rounds after the grenade burns out
FADE_ROUNDS = 2
#: the rounds a cloud hangs on the board, the round it goes off included
LIFE = BURN_ROUNDS + FADE_ROUNDS
#: S3-SMOKE-8: the armour that has gloves
GLOVED: tuple[str, ...] = ("jacket", "full_body_armor")
#: S3-SMOKE-8: hits a turn to the figure holding a burning smoke or gas grenade
HELD_HITS = 2


def cloud_round(battle: Battle, rec: dict[str, Any]) -> int:
    """Which round of its cloud this is for the grenade of ``rec`` (1: the round it went off)."""
    return battle.round - int(rec.get("since", battle.round)) + 1


def wind(battle: Battle) -> tuple[int | None, str]:
    """S3-SMOKE-3: the wind's direction (None: no wind) and strength, from the scenario's options."""
    d = battle.options.get("wind")
    strength = str(battle.options.get("wind_strength") or ("slight" if d is not None else "none"))
    if d is None or strength == "none":
        return None, "none"
    return int(d), strength


def _open(battle: Battle, h: Hex) -> bool:
    """Smoke fills open hexes of the board only: walls and the world beyond the edge stop it (GX-5)."""
    board = battle.board
    if board.unbounded or not board.cells:
        return True
    c = board.cell(h)
    return c is not None and not c.blocks_movement and not c.blocks_sight


def cloud_of(battle: Battle, source: str) -> list[dict[str, Any]]:
    """The board effects of one grenade's cloud."""
    return [e for e in effects.board_effects(battle) if e.get("source") == source
            and e["kind"] in CLOUD_KINDS.values()]


def smoke_hexes(battle: Battle) -> set[Hex]:
    """Every hex smoke hangs on (S3-SMOKE-5): smoke clouds and fires (S3-GRENADE-17, S3-SMOKE-7)."""
    return {Hex(*e["hex"]) for e in effects.board_effects(battle) if e["kind"] in effects.SMOKY_KINDS}


def gas_hexes(battle: Battle) -> set[Hex]:
    """Every hex of a tear gas cloud (S3-SMOKE-4)."""
    return {Hex(*e["hex"]) for e in effects.board_effects(battle) if e["kind"] == "tear_gas"}


def _turns_left(battle: Battle, rec: dict[str, Any]) -> int:
    """S3-SMOKE-2: the rounds the cloud still hangs, this one included (a strong wind leaves no haze)."""
    _, strength = wind(battle)
    life = BURN_ROUNDS if strength == "strong" else LIFE
    return max(1, life - (cloud_round(battle, rec) - 1))


def landed(r: Resolution, rec: dict[str, Any]) -> None:
    """A smoke or gas grenade came to rest burning at ``rec["hex"]``: its cloud covers that hex (S3-SMOKE-1),
    and tear gas catches whoever stands there (S3-SMOKE-4)."""
    battle = r.battle
    h = Hex(*rec["hex"])
    kind = CLOUD_KINDS[rec["item"]]
    if not any(e["hex"] == [h.q, h.r] for e in cloud_of(battle, rec["id"])):
        effects.add_effect(r, kind, h, _turns_left(battle, rec), actor=rec.get("thrower"), rule="S3-SMOKE-1",
                           source=rec["id"])
    _gas_all(r)


def start_round(r: Resolution) -> None:
    """A new round for every cloud (S3-SMOKE-1..3): burnt-out grenades leave the board, clouds drift with a
    slight wind, burning grenades lying on the floor spread their cloud one hex further; then tear gas
    catches everyone standing in it (S3-SMOKE-4)."""
    battle = r.battle
    _let_fall(r)
    records = pending_grenades(battle)
    burning = [g for g in records if "since" in g]
    if not burning and not any(e["kind"] in CLOUD_KINDS.values() for e in effects.board_effects(battle)):
        return
    _drift(r)
    kept = []
    for rec in records:
        if "since" not in rec:
            kept.append(rec)
            continue
        k = cloud_round(battle, rec)
        if k > BURN_ROUNDS:
            _burnt_out(r, rec)
            continue
        kept.append(rec)
        if 2 <= k and rec.get("hex") is not None:
            _grow(r, rec)
    if len(kept) != len(records):
        r.emit(E.stat(_actor(battle, None), "battle.grenades", kept, rule="S3-SMOKE-2"))
    _gas_all(r)


def _let_fall(r: Resolution) -> None:
    """A burning grenade whose holder no longer has it in hand (dropped, knocked out of it) lies in the holder's
    hex from now on: it smokes there and burns no hand (S3-SMOKE-8)."""
    battle = r.battle
    records = pending_grenades(battle)
    out = []
    for g in records:
        holder = battle.get(g.get("holder") or "")
        if g.get("holder") and (holder is None or g["item"] not in holder.hands.values()):
            g = {**g, "holder": None, "hex": _where_fallen(battle, g, holder, out + records)}
        out.append(g)
    if out != records:
        r.emit(E.stat(_actor(battle, None), "battle.grenades", out, rule="S3-SMOKE-8"))


def _where_fallen(battle: Battle, g: dict[str, Any], holder: Fighter | None,
                  records: list[dict[str, Any]]) -> list[int] | None:
    """The floor's copy of the grenade ``g`` let fall: one of its kind no other record lies on, nearest the
    holder; None when it is on no floor (lost)."""
    claimed = {tuple(x["hex"]) for x in records if x is not g and x.get("hex") is not None and x["item"] == g["item"]}
    spots = [Hex(*x["hex"]) for x in battle.state.get("floor") or () if x.get("item") == g["item"]
             and tuple(x["hex"]) not in claimed]
    if not spots:
        return None
    near = holder.hex if holder is not None else spots[0]
    best = min(spots, key=lambda h: (hex_distance(h, near), h.q, h.r))
    return [best.q, best.r]


def _actor(battle: Battle, rec: dict[str, Any] | None) -> str:
    if rec is not None and battle.get(rec.get("thrower", "")) is not None:
        return str(rec["thrower"])
    return battle.fighters[0].id


def _grow(r: Resolution, rec: dict[str, Any]) -> None:
    """S3-SMOKE-1: the cloud takes in every open neighbour of its hexes (round 2: the megahex); under a strong
    wind it never spreads (S3-SMOKE-3)."""
    battle = r.battle
    _, strength = wind(battle)
    if strength == "strong":
        return
    cloud = cloud_of(battle, rec["id"])
    kind = CLOUD_KINDS[rec["item"]]
    have = {Hex(*e["hex"]) for e in cloud}
    home = Hex(*rec["hex"])
    new = set() if home in have else {home}  # the grenade goes on smoking where it lies
    for h in sorted(have):
        for n in hex_neighbors(h):
            if n not in have and _open(battle, n):
                new.add(n)
    if not new:
        return
    left = _turns_left(battle, rec)
    added = [{"kind": kind, "hex": [h.q, h.r], "turns_left": left, "source": rec["id"]} for h in sorted(new)]
    effects.set_effects(r, [*effects.board_effects(battle), *added], actor=_actor(battle, rec), rule="S3-SMOKE-1")


def _drift(r: Resolution) -> None:
    """S3-SMOKE-3: with a slight wind every cloud moves one hex downwind; what drifts into a wall or off the
    board is gone; a strong wind blows each cloud back onto its grenade (it only ever fills that hex)."""
    battle = r.battle
    d, strength = wind(battle)
    if d is None:
        return
    old = effects.board_effects(battle)
    out: list[dict[str, Any]] = []
    seen: set[tuple[str, str, int, int]] = set()
    for e in old:
        if e["kind"] not in CLOUD_KINDS.values():
            out.append(e)
            continue
        h = Hex(*e["hex"])
        if strength == "slight":
            h = hex_neighbor(h, d)
            if not _open(battle, h):
                continue
        key = (e["kind"], str(e.get("source")), h.q, h.r)
        if key in seen:
            continue
        seen.add(key)
        out.append({**e, "hex": [h.q, h.r]})
    if strength == "strong":
        burning = {g["id"]: g for g in pending_grenades(battle)}
        out = [e for e in out if e["kind"] not in CLOUD_KINDS.values()
               or (e.get("source") in burning and burning[e["source"]].get("hex") == e["hex"])]
    if out != old:
        effects.set_effects(r, out, rule="S3-SMOKE-3")


def _burnt_out(r: Resolution, rec: dict[str, Any]) -> None:
    """S3-SMOKE-2: the grenade has burned five rounds: a spent can, taken off the floor (ruling ND6-17)."""
    battle = r.battle
    if rec.get("hex") is not None:
        floor = list(battle.state.get("floor") or [])
        for i, x in enumerate(floor):
            if x.get("item") == rec["item"] and list(x.get("hex", ())) == list(rec["hex"]):
                del floor[i]
                r.emit(E.stat(_actor(battle, rec), "battle.floor", floor, rule="S3-SMOKE-2"))
                break
    r.note(E.message(f"The {item(rec['item']).get('name', rec['item'])} has burned out.", actor=_actor(battle, rec),
                     rule="S3-SMOKE-2"))


def gas(r: Resolution, f: Fighter) -> bool:
    """S3-SMOKE-4, S3-SMOKE-9: ``f`` breathes tear gas unless it wears a gas mask; -4 DX until the battle ends.
    Returns whether it was gassed now."""
    if "tear_gassed" in f.conditions or "dead" in f.conditions:
        return False
    if "gas_mask" in f.items:
        r.note(E.message(f"{f.label}'s gas mask keeps the tear gas out.", actor=f.id, rule="S3-SMOKE-9"))
        return False
    r.emit(E.condition(f.id, add="tear_gassed", rule="S3-SMOKE-4"))
    r.note(E.message(f"{f.label} breathes tear gas: -4 DX until the battle ends.", actor=f.id, rule="S3-SMOKE-4"))
    return True


def _gas_all(r: Resolution) -> None:
    """S3-SMOKE-4: everyone standing in tear gas now."""
    where = gas_hexes(r.battle)
    if not where:
        return
    for f in r.battle.fighters:
        if f.hex in where and "tear_gassed" not in f.conditions:
            gas(r, f)


def on_walk(r: Resolution, f: Fighter, path: list[Hex]) -> None:
    """S3-SMOKE-4: a walk through (or into) tear gas (called by ``effects.on_walk``)."""
    where = gas_hexes(r.battle)
    if where and any(h in where for h in path):
        gas(r, f)


def glove_stops(f: Fighter) -> int:
    """S3-SMOKE-8: hits stopped from a burning grenade in hand: a jacket's and full body armour's only."""
    return sum(int(item(i).get("stops", 0)) for i in f.items if i in GLOVED)


def held_burn(r: Resolution, f: Fighter) -> None:
    """S3-SMOKE-8: 2 hits for each turn ``f`` holds a burning smoke or gas grenade (once a round: the movement
    and action slots of G3-3 are one turn)."""
    if not any(g.get("holder") == f.id and "since" in g and g["item"] in f.hands.values()
               for g in pending_grenades(r.battle)):
        return
    if this_round(f, "grenade_burn", r.battle):
        return
    r.emit(E.stat(f.id, "counters.grenade_burn", {"round": r.battle.round}))
    r.note(E.message(f"{f.label} holds a burning grenade: {HELD_HITS} hits, only gloved armour stops them.",
                     actor=f.id, rule="S3-SMOKE-8"))
    apply_hits(r, f, f, HELD_HITS, rule="S3-SMOKE-8", dtype="fire", stops=glove_stops(f))


effects.add_owner(effects.EffectOwner(rank=2, start_round=start_round, on_walk=on_walk))  # the clouds act last
