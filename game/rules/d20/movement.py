"""Movement on hexes: rates in feet, encumbrance, facing and turning distance, running, sidesteps,
charges, fighting withdrawals, parting shots, swimming, fliers (S4-MOVE, S4-RUN, S4-FACE, S4-FLY, S4-SWIM,
S4-DEFMOVE, S4-PURSUIT-3).

Paths are found by a cheapest-first search over (hex, facing, feet since the
last facing change, sidestep used): a fighter walks forward into the hex it
faces; each facing change is one 60-degree turn (S4-FACE-2) and, for a creature
with a turning distance, needs that many feet travelled since the last one
(S4-FACE-1; running adds 10', S4-FACE-5); one sidestep to a side hex keeps the
facing, walking only (S4-FACE-6).
"""

from __future__ import annotations

import heapq
import math
import threading
from typing import TYPE_CHECKING

from game.hexgrid import DIRECTIONS, Hex, direction_between, hex_distance, hex_linedraw, hex_neighbors
from game.rules import events as E
from game.rules.common import Mod
from game.rules.d20.abilities import bonus, trait
from game.rules.d20.attack import makes_no_attacks, save_roll, strike
from game.rules.d20.items import item
from game.rules.d20.status import (
    altitude,
    armour_of,
    engaged_with,
    feet_per_hex,
    has_ready_weapon,
    is_helpless,
    is_mount,
    is_out,
    is_surprised,
    mark,
    mount_of,
    on_deep_water,
    rider_of,
    this_round,
)

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["walk_rate", "turning_distance", "plan", "Plan", "parting_shots", "carry_mount", "lightly_loaded",
           "is_straight", "doorway_check", "swim_rate", "stall_if_idle"]


def lightly_loaded(f: Fighter) -> bool:
    """G4-9 / S4-WATER-5: no metal armour and no heavy pack."""
    arm = armour_of(f)
    heavy = any(item(i).get("heavy") for i in f.items)
    return not heavy and not (arm and item(arm).get("metal"))


def walk_rate(battle: Battle, f: Fighter) -> int:
    """Feet per round at a walk (S4-MOVE-1: 40'; encumbrance G4-9, S4-MOVE-2); a rider uses its mount's rate."""
    m = mount_of(battle, f)
    if m is not None:
        return walk_rate(battle, m)
    if "MV" in f.stats or "MV" in f.traits:
        return int(trait(f, "MV", 40))
    arm = armour_of(f)
    heavy = any(item(i).get("heavy") for i in f.items)
    if arm is None:
        rate = 30 if heavy else 40
    elif not item(arm).get("metal"):
        rate = 20 if heavy else 30
    else:
        rate = 10 if heavy else 20
    return rate


def swim_rate(battle: Battle, f: Fighter, *, upward: bool = False) -> int:
    """S4-SWIM-2 / S4-WATER-6: half the unencumbered move; the full move swimming up."""
    base = int(trait(f, "MV", 40))
    return base if upward else base // 2


def turning_distance(f: Fighter, running: bool) -> int:
    """S4-FACE-1 (trait ``turning`` in feet), S4-FACE-5 (running: +10', and 5' becomes 10'), S4-FACE-4 (incorporeal)."""
    if trait(f, "flyer", "") == "incorporeal":
        return 0
    td = int(trait(f, "turning", 0))
    if running:
        td = 10 if td <= 5 else td + 10
    return td


class Plan:
    """A found path: hexes after the start, facing at each, the feet it costs and the facing changes made."""

    def __init__(self, path: list[Hex], facings: list[int], feet: float, turns: int, sidestep: bool) -> None:
        self.path = path
        self.facings = facings
        self.feet = feet
        self.turns = turns
        self.sidestep = sidestep

    @property
    def final_facing(self) -> int:
        return self.facings[-1]


def _blocked(battle: Battle, f: Fighter, h: Hex, *, allow: frozenset[str] = frozenset()) -> bool:
    if battle.board.cells and not battle.board.is_open(h):
        return True
    m = mount_of(battle, f)
    for o in battle.fighters:
        if o.hex == h and o.id != f.id and o.id not in allow and (m is None or o.id != m.id) \
                and "dead" not in o.conditions:
            return True
    return False


def _cost(battle: Battle, h: Hex) -> float:
    c = battle.board.cell(h)
    return (c.move_cost if c is not None else 1) * feet_per_hex(battle)


State = tuple[Hex, int, int, bool]  # hex, facing, feet since the last facing change (capped), sidestep used

#: searches kept per board (each a few thousand states); the board is shared by a battle's copies
_KEEP = 24
_LOCK = threading.Lock()


class _Reach:
    """Every state one search from a start finds within a budget: the parents, and for each hex (and each hex
    and facing) the first state the cheapest-first order reaches there, with its cost."""

    __slots__ = ("parent", "by_hex", "by_facing")

    def __init__(self, parent: dict[State, tuple[State | None, int]],
                 by_hex: dict[Hex, tuple[State, float]], by_facing: dict[tuple[Hex, int], tuple[State, float]]):
        self.parent = parent
        self.by_hex = by_hex
        self.by_facing = by_facing


def _search(battle: Battle, f: Fighter, taken: frozenset[Hex], *, budget: float, running: bool,
            sidestep: bool) -> _Reach:
    """Cheapest-first search over (hex, facing, feet since the last turn, sidestep used), run until every state
    within ``budget`` is found.

    The heap order is (cost, facing changes, push order), as the search for one destination always was; that
    search stopped at the first state popped on its destination, and everything before that moment happens
    the same way here, so the first state popped on each hex (each hex and facing) and its parents are
    exactly the path that search returned (a popped state's cost and parent never change afterwards).
    """
    board = battle.board
    idx = board.index() if board.cells else None
    fph = feet_per_hex(battle)
    step: dict[Hex, float | None] = {}  # the feet to enter a hex (_cost), None where _blocked or off the map

    td = turning_distance(f, running)
    limit = budget + 1e-9
    start: State = (f.hex, f.facing, td, False)
    best: dict[State, float] = {start: 0.0}
    heap: list[tuple[float, int, int, State]] = [(0.0, 0, 0, start)]
    parent: dict[State, tuple[State | None, int]] = {start: (None, 0)}
    by_hex: dict[Hex, tuple[State, float]] = {}
    by_facing: dict[tuple[Hex, int], tuple[State, float]] = {}
    can_side = sidestep and not running
    seq = 0
    push, pop = heapq.heappush, heapq.heappop
    inf = math.inf
    while heap:
        cost, turns, _, state = pop(heap)
        if cost > best[state]:
            continue
        h, fc, since, side = state
        if h not in by_hex:
            by_hex[h] = (state, cost)
        if (h, fc) not in by_facing:
            by_facing[(h, fc)] = (state, cost)
        # the next states in a fixed order (it decides ties): turn left, turn right, ahead, the sidesteps
        if (since >= td or td == 0) and cost <= limit:  # a facing change costs nothing (cost + 0.0 == cost)
            keep = 0 if td else since
            t1 = turns + 1
            for ns in ((h, (fc + 1) % 6, keep, side), (h, (fc - 1) % 6, keep, side)):
                if cost < best.get(ns, inf):
                    best[ns] = cost
                    parent[ns] = (state, 1)
                    seq += 1
                    push(heap, (cost, t1, seq, ns))
        nb = hex_neighbors(h)
        for d in (0, 1, 2, 4, 5) if can_side and not side else (0,):  # ahead, then one sidestep (S4-FACE-6)
            n = nb[(fc + d) % 6]
            try:
                c = step[n]
            except KeyError:
                if n in taken:
                    c = None
                elif idx is None:
                    c = 1 * fph
                else:
                    cell = idx.get(n)
                    c = None if cell is None or cell.blocks_movement else cell.move_cost * fph
                step[n] = c
            if c is None:
                continue
            nc = cost + c
            if nc > limit:
                continue
            ns = (n, fc, min(td, since + int(c)), side or d != 0)
            if nc < best.get(ns, inf):
                best[ns] = nc
                parent[ns] = (state, 0)
                seq += 1
                push(heap, (nc, turns, seq, ns))
    return _Reach(parent, by_hex, by_facing)


def _reach(battle: Battle, f: Fighter, *, budget: float, running: bool, sidestep: bool,
           allow: frozenset[str]) -> _Reach:
    """:func:`_search`, remembered on the board by everything the search reads (cells do not change during a
    battle): the fighters in the way, the start, the turning distance, the budget. ``legal_actions`` asks for
    many destinations from one position and the AI then plays some of them: one search serves them all."""
    m = mount_of(battle, f)
    taken = frozenset(o.hex for o in battle.fighters if o.id != f.id and o.id not in allow
                      and (m is None or o.id != m.id) and "dead" not in o.conditions)
    key = (feet_per_hex(battle), taken, f.hex, f.facing, turning_distance(f, running), budget,
           sidestep and not running, running)
    board = battle.board
    memo = board.__dict__.get("_d20_reach")
    if memo is None:
        memo = board.__dict__.setdefault("_d20_reach", {})
    found = memo.get(key)
    if found is None:
        found = _search(battle, f, taken, budget=budget, running=running, sidestep=sidestep)
        with _LOCK:
            while len(memo) >= _KEEP:
                memo.pop(next(iter(memo)), None)
            memo[key] = found
    return found


def plan(battle: Battle, f: Fighter, to: Hex, *, budget: float, running: bool = False, facing: int | None = None,
         sidestep: bool = True, allow: frozenset[str] = frozenset()) -> Plan | None:
    """The cheapest legal path to ``to`` within ``budget`` feet, ending with ``facing`` if given."""
    reach = _reach(battle, f, budget=budget, running=running, sidestep=sidestep, allow=allow)
    hit = reach.by_hex.get(to) if facing is None else reach.by_facing.get((to, facing))
    if hit is None:
        return None
    state, cost = hit
    parent = reach.parent
    path, facings = [], []
    s: State | None = state
    n_turns = 0
    chain = []
    while s is not None:
        chain.append(s)
        s, t = parent[s]
        n_turns += t
    chain.reverse()
    last = f.hex
    for st in chain[1:]:
        if st[0] != last:
            path.append(st[0])
            facings.append(st[1])
            last = st[0]
        elif path:
            facings[-1] = st[1]
    if not path:
        facings = [chain[-1][1]]
    return Plan(path, facings, cost, n_turns, any(st[3] for st in chain))


def is_straight(start: Hex, path: list[Hex]) -> bool:
    """S4-CHARGE-3: the charge runs along the straight hex line from where it starts to where it ends."""
    if not path:
        return False
    line = hex_linedraw(start, path[-1])[1:]
    return line == path


def companion(battle: Battle, f: Fighter) -> Fighter | None:
    """The mount under a rider, or the rider on a mount (ask before moving either)."""
    return mount_of(battle, f) if not is_mount(f) else rider_of(battle, f)


def carry_mount(r: Resolution, f: Fighter, to: Hex, rule: str, other: Fighter | None = None) -> None:
    """A rider's mount moves with it (and a mount's rider with the mount); pass ``other`` from before the move."""
    if other is not None:
        r.emit(E.move(f.id, to, who=other.id, rule=rule))


def parting_shots(r: Resolution, f: Fighter, path: Hex | list[Hex]) -> bool:
    """S4-DEFMOVE-1/2, G4-12: leaving foes it is engaged with by a normal move (any hex of the path beyond 5' of
    the foe, not only the first step: a runner may have to circle before it can turn away), the mover gives each
    one with a ready weapon a free attack at +2, one attack mode only. Returns False if the mover is stopped."""
    battle = r.battle
    steps = [path] if isinstance(path, Hex) else list(path)
    for o in engaged_with(battle, f):
        if all(hex_distance(o.hex, h) <= 1 for h in steps) or not has_ready_weapon(o):
            continue
        if battle.state.get("reactions") is False:  # SITUATION-FORMAT: the action says ``reactions: false``
            r.note(E.message(f"{f.label} turns {f.their} back on {o.label}, who lets {f.words.them} go: no parting shot.", actor=o.id,
                             rule="S4-DEFMOVE-1"))
            continue
        # a stunned foe still acts, at -2 (G4-16): it gets its shot; one who cannot attack at all does not: the
        # helpless (S4-HELPLESS-1), the surprised (S4-SURPRISE-5), one in total or staff defence (S4-PARRY-3,
        # S4-STAFF-3), a holder, who may use no weapon (S4-HOLD-5)
        if is_helpless(battle, o) or is_surprised(battle, o) or makes_no_attacks(battle, o) \
                or any(g.holder == o.id for g in battle.grapples):
            continue
        weapon = next((h for h in o.hands.values() if item(h).get("kind") == "melee"), None)
        note = "one attack of its routine" if int(trait(o, "attacks", 1)) > 1 else "a free attack"
        r.note(E.message(f"{f.label} turns {f.their} back on {o.label}: a parting shot at +2 ({note}).", actor=o.id,
                         rule="S4-DEFMOVE-2" if int(trait(o, "attacks", 1)) > 1 else "S4-DEFMOVE-1"))
        dice = None if weapon else (1, int(trait(o, "natural", 4)) or 4)
        strike(r, o, f, weapon, kind="melee", label=f"{o.label}'s parting shot at {f.label}", rule="S4-DEFMOVE-1",
               extra=[Mod(2, "parting shot", "S4-DEFMOVE-1")], free=True, dice=dice)
        if "dead" in f.conditions or "unconscious" in f.conditions:
            return False
    return True


def doorway_check(r: Resolution, f: Fighter, h: Hex) -> bool:
    """S4-PURSUIT-3 (scenario option ``doorway_saves``): running through a doorway, save vs Death Ray + DEX or fall
    there. Returns True if the fighter fell."""
    battle = r.battle
    c = battle.board.cell(h)
    if not battle.options.get("doorway_saves") or c is None or c.terrain != "door":
        return False
    mods = [Mod(bonus(f, "DEX"), "DEX bonus", "S4-PURSUIT-3")] if bonus(f, "DEX") else []
    sv = save_roll(r, f, "through the doorway at a run: save vs Death Ray", "S4-PURSUIT-3", mods=mods)
    if sv["success"]:
        return False
    r.emit(E.posture(f.id, "prone", rule="S4-PURSUIT-3"))
    mark(r, f, "fell_running")
    r.note(E.message(f"{f.label} falls in the doorway and moves no further this round; next round it may stand "
                     f"and still make a full move.", actor=f.id, rule="S4-PURSUIT-3"))
    return True


def direction_to(a: Hex, b: Hex) -> int:
    d = direction_between(a, b)
    if d is not None:
        return d
    best, bd = 0, math.inf
    for i, v in enumerate(DIRECTIONS):
        dist = hex_distance(Hex(a.q + v.q, a.r + v.r), b)
        if dist < bd:
            best, bd = i, dist
    return best


_ = (this_round, altitude, on_deep_water)


def stall_if_idle(r: Resolution, f: Fighter) -> None:
    """S4-FLY-4: "if the creature does not move horizontally by at least one-third its normal speed, it will
    stall": a winged flier aloft that made no move at all last round (a short move stalls it as it ends, in
    ``Move.go``) stalls now, at its first slot of this round, and must dive at the maximum rate this round
    (ruling D20-27). Called once a round by the ruleset's ``start_turn``; the battle's first round has no
    round before it."""
    battle = r.battle
    if battle.round <= 1 or trait(f, "flyer", "") != "winged" or altitude(f) <= 0 or is_out(f):
        return
    if f.counters.get("stall") == battle.round:
        return  # already stalled by last round's short flight
    moved = f.counters.get("moved")
    if isinstance(moved, dict) and moved.get("round") == battle.round - 1:
        return  # it flew last round: Move.go judged that flight
    r.emit(E.stat(f.id, "counters.stall", battle.round, rule="S4-FLY-4"))
    r.note(E.message(f"{f.label} did not fly last round, less than a third of {f.their} speed: {f.words.they} {f.words.verb('stalls', 'stall')} and must dive "
                     "at the maximum rate this round.", actor=f.id, rule="S4-FLY-4"))
