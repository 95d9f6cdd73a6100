"""Plain questions about the battle the d20 modules share: who is out, mounted, held, engaged, seen.

Per-round bookkeeping lives in ``fighter.counters`` as ``{"round": n, ...}``
records written through ``stat`` events (:func:`mark`), so saves and replays
carry it and it goes stale by itself when the round changes.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from game.hexgrid import Hex, hex_distance, hex_linedraw, hex_neighbors
from game.rules import events as E
from game.rules.d20.abilities import trait
from game.rules.d20.items import item
from game.rules.initiative import is_surprised as caught

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = [
    "OUT", "is_out", "this_round", "mark", "feet_per_hex", "phase_of", "armour_of", "shield_of", "weapon_in_hand",
    "is_mount", "mount_of", "rider_of", "is_mounted", "holders_of", "held_by", "is_held", "is_holding", "foes",
    "engaged_with", "has_ready_weapon", "can_see", "altitude", "is_helpless", "is_underwater", "on_deep_water",
    "pending_turn", "is_large", "is_surprised",
]

#: conditions that take a fighter out of the fight
OUT = frozenset({"dead", "unconscious", "fled", "evaded"})
#: conditions that make a fighter helpless (S4-HELPLESS-1)
HELPLESS = frozenset({"unconscious", "paralyzed", "bound", "helpless", "knocked_out"})


def is_out(f: Fighter) -> bool:
    return bool(OUT & set(f.conditions))


def this_round(battle: Battle, f: Fighter, key: str) -> dict[str, Any] | None:
    """The fighter's ``counters[key]`` record if it was written this round."""
    rec = f.counters.get(key)
    if isinstance(rec, dict) and rec.get("round") == battle.round:
        return rec
    return None


def mark(r: Resolution, f: Fighter, key: str, **data: Any) -> None:
    """Record ``counters[key] = {"round": this round, **data}`` through an event."""
    r.emit(E.stat(f.id, f"counters.{key}", {"round": r.battle.round, **data}))


_SCALE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ft|feet|foot|'|yd|yard|yards|m|metre|metres|meter|meters)\b", re.I)


def feet_per_hex(battle: Battle) -> float:
    """S4-MOVE-3, GX-1, G4-11: 5 ft a hex unless the scenario (``feet_per_hex``) or the map's ``scale`` says."""
    if "feet_per_hex" in battle.options:
        return float(battle.options["feet_per_hex"])
    m = _SCALE.match(battle.board.scale or "")
    if m:
        n, unit = float(m.group(1)), m.group(2).lower()
        if unit.startswith(("y",)):
            return n * 3
        if unit.startswith("m"):
            return round(n * 3.28, 2)
        return n
    return 5.0


def phase_of(battle: Battle) -> str | None:
    """The initiative phase now playing (None outside the turn controller, e.g. ``clinch resolve``)."""
    cur = battle.state.get("initiative")
    return cur.get("phase") if isinstance(cur, dict) else None


def armour_of(f: Fighter) -> str | None:
    for it in f.items:
        if item(it).get("kind") == "armour":
            return it
    return None


def shield_of(f: Fighter) -> str | None:
    for _hand, it in f.hands.items():
        if item(it).get("kind") == "shield":
            return it
    return None


def weapon_in_hand(f: Fighter, item_id: str | None = None) -> str | None:
    """The named weapon if the fighter holds it, else its first weapon in hand (or None)."""
    held = [it for it in f.hands.values() if it]
    if item_id is not None:
        return item_id if item_id in held else None
    for it in held:
        if item(it).get("kind") in ("melee", "missile"):
            return it
    return None


def is_mount(f: Fighter) -> bool:
    return bool(trait(f, "mount", 0))


def mount_of(battle: Battle, rider: Fighter) -> Fighter | None:
    """The mount under a rider: a same-side mount in the rider's hex (the rider has ``mounted``)."""
    if "mounted" not in rider.conditions:
        return None
    for f in battle.fighters:
        if f.id != rider.id and f.hex == rider.hex and f.side == rider.side and is_mount(f) and not is_out(f):
            return f
    return None


def rider_of(battle: Battle, mount: Fighter) -> Fighter | None:
    if not is_mount(mount):
        return None
    for f in battle.fighters:
        if f.id != mount.id and f.hex == mount.hex and "mounted" in f.conditions and f.side == mount.side:
            return f
    return None


def is_mounted(battle: Battle, f: Fighter) -> bool:
    return mount_of(battle, f) is not None or (is_mount(f) and rider_of(battle, f) is not None)


def holders_of(battle: Battle, fid: str) -> list[str]:
    return [g.holder for g in battle.grapples if g.target == fid]


def held_by(battle: Battle, fid: str) -> list[str]:
    return [g.target for g in battle.grapples if g.holder == fid]


def is_held(battle: Battle, fid: str) -> bool:
    return any(g.target == fid for g in battle.grapples)


def is_holding(battle: Battle, fid: str) -> bool:
    return any(g.holder == fid for g in battle.grapples)


def foes(battle: Battle, f: Fighter) -> list[Fighter]:
    return [o for o in battle.fighters if o.side != f.side and not is_out(o)]


def altitude(f: Fighter) -> int:
    """Feet above (positive) or below (negative, depth) the battle's 0 level (S4-FLY-1)."""
    return int(f.counters.get("altitude", trait(f, "altitude", 0)) or 0)


def engaged_with(battle: Battle, f: Fighter) -> list[Fighter]:
    """S4-MOVE-7, GX-1: foes within 5' (adjacent or in the same hex, at the same height)."""
    out = []
    for o in foes(battle, f):
        if hex_distance(o.hex, f.hex) <= 1 and abs(altitude(o) - altitude(f)) <= 5:
            out.append(o)
    return out


def has_ready_weapon(f: Fighter) -> bool:
    """A ready melee weapon, or natural attacks (monsters, ``natural`` trait) for parting shots."""
    if any(item(it).get("kind") == "melee" for it in f.hands.values() if it):
        return True
    return bool(trait(f, "natural", 0))


def can_see(battle: Battle, a: Hex, b: Hex) -> bool:
    """Line of sight: no hex strictly between them blocks sight (S4-CHARGE-5, S4-PURSUIT-5)."""
    board = battle.board
    if not board.cells:
        return True
    for h in hex_linedraw(a, b)[1:-1]:
        c = board.cell(h)
        if c is not None and c.blocks_sight:
            return False
    return True


def is_surprised(battle: Battle, f: Fighter) -> bool:
    """Surprised this round (S4-SURPRISE-5): the encounter's roll caught it (the countdown's effect for the round),
    or it carries the condition ``surprised`` a scenario or a situation gave it. SITUATION-FORMAT gives a condition
    its full effect, so the condition alone must stop it; it lasts the round it was given in
    (``counters.surprised_round``, written by ``setup``; none recorded: this round)."""
    if caught(battle, f.id):
        return True
    if "surprised" not in f.conditions:
        return False
    since = f.counters.get("surprised_round")
    return since is None or int(since) == battle.round


def is_helpless(battle: Battle, f: Fighter) -> bool:
    """S4-HELPLESS-1: knocked out, paralysed, bound, pinned by the scenario's ``helpless``; a hold is not it."""
    return bool(HELPLESS & set(f.conditions))


def on_deep_water(battle: Battle, f: Fighter) -> bool:
    c = battle.board.cell(f.hex)
    return c is not None and c.terrain == "deep_water"


def is_underwater(battle: Battle, f: Fighter) -> bool:
    return "underwater" in f.conditions or altitude(f) < 0


def pending_turn(battle: Battle) -> int:
    return battle.turn


def is_large(battle: Battle, f: Fighter) -> bool:
    """Large (8'+) by size; a rider and mount count as Large for small humanoids (S4-MOUNT-14)."""
    return f.size >= 1 or is_mounted(battle, f)


def off_map_neighbour(battle: Battle, f: Fighter) -> bool:
    """The fighter stands at the map's edge (a neighbour hex is off the map)."""
    if not battle.board.cells:
        return False
    return any(n not in battle.board for n in hex_neighbors(f.hex))
