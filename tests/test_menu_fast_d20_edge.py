"""The shared path searches of d20 and edge give what a search per option gave (G4-9/S4-MOVE-6, G1-4).

d20 ``movement.plan`` answers every destination from one cheapest-first search per start (remembered on the
board), and edge's ``reachable`` runs one breadth-first search per position; ``legal_actions`` and each
Move's check share them. On seeded random positions (walls, rough ground, fighters in the way, the dead,
turning distances, armour, holds, mounts; foes near and far) this checks against the searches as they were
(one per destination, kept below verbatim) that:

- every plan (walking, running, with and without a final facing) is the same path, facings, feet, facing
  changes and sidestep, and the same destinations are out of reach;
- every ``legal_actions`` option carries exactly the reason its own ``check`` gives with the old search, on
  a fresh copy of the battle whose board has no remembered search;
- edge's reachable hexes and paths are the same.
"""

from __future__ import annotations

import heapq
import math
import random
from collections import deque
from typing import Any

import msgspec
import pytest

import game.rules  # noqa: F401  (registers the rulesets)
from game.hexgrid import Hex, hex_distance, hex_neighbor, hex_neighbors, hex_spiral
from game.model import Battle, Board, Fighter, Grapple, Side
from game.rules.base import find_ruleset
from game.rules.d20 import movement as MV
from game.rules.edge import basic as EB
from game.rules.edge.grapple import _open
from game.rules.edge.stats import move_allowance

D20 = find_ruleset("d20")
EDGE = find_ruleset("edge")


# -- the searches as they were: one per destination ------------------------------------------------------------
def old_plan(battle: Battle, f: Fighter, to: Hex, *, budget: float, running: bool = False,
             facing: int | None = None, sidestep: bool = True, allow: frozenset[str] = frozenset()) -> Any:
    td = MV.turning_distance(f, running)
    start = (f.hex, f.facing, td, False)
    best: dict[tuple[Any, ...], float] = {start: 0.0}
    heap: list[Any] = [(0.0, 0, 0, start, None)]
    parent: dict[tuple[Any, ...], Any] = {start: (None, 0)}
    seq = 0
    while heap:
        cost, turns, _, state, _ = heapq.heappop(heap)
        if cost > best.get(state, math.inf):
            continue
        h, fc, since, side = state
        if h == to and (facing is None or fc == facing):
            path, facings = [], []
            s = state
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
            return MV.Plan(path, facings, cost, n_turns, any(st[3] for st in chain))
        nexts = []
        if since >= td or td == 0:
            for turn in (1, -1):
                nexts.append(((h, (fc + turn) % 6, 0 if td else since, side), 0.0, 1))
        ahead = hex_neighbor(h, fc)
        if not MV._blocked(battle, f, ahead, allow=allow) and (not battle.board.cells or ahead in battle.board):
            c = MV._cost(battle, ahead)
            nexts.append(((ahead, fc, min(td, since + int(c)), side), c, 0))
        if sidestep and not running and not side:
            for d in (1, 2, 4, 5):
                n = hex_neighbor(h, fc + d)
                if not MV._blocked(battle, f, n, allow=allow) and (not battle.board.cells or n in battle.board):
                    c = MV._cost(battle, n)
                    nexts.append(((n, fc, min(td, since + int(c)), True), c, 0))
        for ns, c, t in nexts:
            nc = cost + c
            if nc > budget + 1e-9:
                continue
            if nc < best.get(ns, math.inf):
                best[ns] = nc
                parent[ns] = (state, t)
                seq += 1
                heapq.heappush(heap, (nc, turns + t, seq, ns, state))
    return None


def old_reachable(battle: Battle, fighter: str) -> dict[Hex, list[Hex]]:
    me = battle.fighter(fighter)
    budget = move_allowance(me)
    foes = [battle.fighter(i).hex for i in EB.foes_of(battle, fighter)]
    taken = {f.hex for f in battle.fighters if f.id != fighter}
    paths: dict[Hex, list[Hex]] = {}
    queue: deque[tuple[Hex, list[Hex]]] = deque([(me.hex, [])])
    seen = {me.hex}
    while queue:
        h, path = queue.popleft()
        if len(path) >= budget:
            continue
        for n in hex_neighbors(h):
            if n in seen or n in taken or not _open(battle, n):
                continue
            seen.add(n)
            paths[n] = path + [n]
            if not any(hex_distance(n, foe) == 1 for foe in foes):
                queue.append((n, path + [n]))
    return paths


def fresh(battle: Battle) -> Battle:
    """A copy on a copy of the board: no remembered search."""
    b = battle.clone(with_log=False)
    b.board = msgspec.structs.replace(battle.board)
    assert "_d20_reach" not in b.board.__dict__ and "_edge_reach" not in b.board.__dict__
    return b


def as_tuple(p: Any) -> Any:
    return None if p is None else (p.path, p.facings, p.feet, p.turns, p.sidestep)


# -- d20 ----------------------------------------------------------------------------------------------------
D20_BASE = {"STR": 10, "DEX": 10, "CON": 10, "INT": 10, "WIS": 10, "CHA": 10, "level": 1, "class": 1}
CENTER = Hex(8, 6)


def d20_position(seed: int) -> Battle:
    rnd = random.Random(seed)
    board = Board.open_field(18, 14)
    near = hex_spiral(CENTER, 1)
    for c in board.cells:
        if c.hex in near:
            continue
        roll = rnd.random()
        if roll < 0.10:
            c.blocks_movement = True
        elif roll < 0.22:
            c.move_cost = 2
    open_hexes = [c.hex for c in board.cells if not c.blocks_movement]
    fighters = []
    for i in range(rnd.randint(2, 6)):
        hx = CENTER if i == 0 else rnd.choice([h for h in open_hexes if hex_distance(h, CENTER) <= 9])
        fighters.append(Fighter(
            id=f"f{i}", side="red" if i % 2 == 0 else "blue", hex=hx, facing=rnd.randint(0, 5),
            stats=dict(D20_BASE), hands={"right": rnd.choice([None, "longsword", "spear"]), "left": None},
            items=rnd.choice([[], [], ["chain"], ["leather", "heavy_pack"]]),
            traits=rnd.choice([{}, {}, {"turning": 5}, {"turning": 10}, {"turning": 20}]),
            conditions=rnd.choice([[], [], [], ["dead"]]) if i else []))
    if rnd.random() < 0.3:  # a rider on its horse
        hx = rnd.choice([h for h in open_hexes if hex_distance(h, CENTER) <= 6 and h not in {f.hex for f in fighters}])
        fighters.append(Fighter(id="r", side="red", hex=hx, facing=rnd.randint(0, 5), stats=dict(D20_BASE),
                                hands={"right": "lance", "left": None}, conditions=["mounted"],
                                traits={"mounted_on": "h"}))
        fighters.append(Fighter(id="h", side="red", hex=hx, facing=fighters[-1].facing,
                                stats=dict(D20_BASE, MV=60, INT=2), traits={"mount": 1, "trained": 1},
                                items=["saddle"]))
    sides = [Side(id=s, name=s) for s in ("red", "blue")]
    b = Battle(ruleset="d20", board=board, sides=sides, fighters=fighters)
    adjacent = [f for f in fighters[1:] if f.side == "blue" and hex_distance(f.hex, CENTER) <= 1
                and "dead" not in f.conditions]
    if adjacent and rnd.random() < 0.5:  # f0 held by a foe (S4-HELD-3: allowed to drag it if strong)
        b.grapples.append(Grapple(holder=adjacent[0].id, target="f0", location="torso", hands=2, kind="grapple"))
        fighters[0].stats["STR"] = rnd.choice([10, 18])
    D20.setup(b)
    return b


@pytest.mark.parametrize("seed", range(10))
def test_d20_plans_from_one_search_equal_one_search_per_destination(seed):
    """S4-MOVE-6, S4-FACE-1/2/5/6, S4-RUN-1, S4-HELD-3: the same path to every hex, walking and running."""
    b = d20_position(seed)
    rnd = random.Random(seed)
    for f in [f for f in b.fighters if "dead" not in f.conditions][:3]:
        allow = frozenset(g.holder for g in b.grapples if g.target == f.id)
        walk = MV.walk_rate(b, f)
        for budget, running in ((walk, False), (2 * walk, True), (5, False)):
            area = hex_spiral(f.hex, 10 if running else 6)
            for to in [f.hex, *area[1:7], *rnd.sample(area, 14)]:
                facing = None if rnd.random() < 0.6 else rnd.randint(0, 5)
                new = MV.plan(b, f, to, budget=budget, running=running, facing=facing, allow=allow)
                old = old_plan(b, f, to, budget=budget, running=running, facing=facing, allow=allow)
                assert as_tuple(new) == as_tuple(old), (seed, f.id, to, budget, running, facing)


@pytest.mark.parametrize("seed", range(10))
def test_d20_legal_actions_reasons_equal_each_check_with_the_old_search(seed, monkeypatch):
    """S4-MOVE-6, S4-RUN-1, S4-CHARGE-3, S4-DEFMOVE-3: one listing, every reason as its own check gives it."""
    b = d20_position(seed)
    listed = {f.id: D20.legal_actions(b, f.id) for f in b.fighters}
    again = {f.id: [(o.action, o.reason) for o in D20.legal_actions(b, f.id)] for f in b.fighters}
    assert again == {k: [(o.action, o.reason) for o in v] for k, v in listed.items()}  # remembered search
    monkeypatch.setattr(MV, "plan", old_plan)
    assert any(o.action.type == "move" and o.legal for o in listed["f0"]) or b.grapples
    for options in listed.values():
        for o in options:
            assert o.reason == o.action.check(fresh(b)), (seed, o.action.text())


# -- edge ---------------------------------------------------------------------------------------------------
EDGE_STATS = [{"STR": 4, "REF": 3, "PRE": 3, "WIL": 3}, {"STR": 3, "REF": 4, "PRE": 4, "WIL": 3, "MOV": 5},
              {"STR": 5, "REF": 2, "PRE": 3, "WIL": 4, "MOV": 3}]


def edge_position(seed: int) -> Battle:
    rnd = random.Random(seed)
    board = Board.open_field(14, 12)
    centre = Hex(5, 5)
    for c in board.cells:
        if hex_distance(c.hex, centre) > 1 and rnd.random() < 0.12:
            c.blocks_movement = True
    open_hexes = [c.hex for c in board.cells if not c.blocks_movement]
    fighters: list[Fighter] = []
    used: set[Hex] = set()
    for i in range(rnd.randint(2, 6)):
        hx = centre if i == 0 else rnd.choice([h for h in open_hexes if h not in used
                                                and hex_distance(h, centre) <= 6])
        used.add(hx)
        fighters.append(Fighter(id=f"e{i}", side="red" if i % 2 == 0 else "blue", hex=hx, facing=rnd.randint(0, 5),
                                stats=dict(rnd.choice(EDGE_STATS)), posture=rnd.choice(["standing"] * 4 + ["prone"]),
                                hands={"right": rnd.choice([None, "mace", "dagger"]), "left": None},
                                conditions=rnd.choice([[], [], [], ["dead"]]) if i else []))
    b = Battle(ruleset="edge", board=board, sides=[Side(id="red", name="red"), Side(id="blue", name="blue")],
               fighters=fighters)
    EDGE.setup(b)
    return b


@pytest.mark.parametrize("seed", range(12))
def test_edge_reachable_and_legal_actions_equal_the_old_search(seed, monkeypatch):
    """G1-4 (free hexes, stop next to a foe), G1-7 (prone: one tile): same hexes and paths, same reasons."""
    b = edge_position(seed)
    listed = {}
    moves = [EB.Move(actor=f.id, to=(h.q, h.r)) for f in b.fighters for h in hex_spiral(f.hex, 6)]
    for f in b.fighters:
        assert EB.reachable(b, f.id) == old_reachable(b, f.id), (seed, f.id)
        listed[f.id] = EDGE.legal_actions(b, f.id)
    checked = [m.check(b) for m in moves]  # listed or not, reachable or not
    monkeypatch.setattr(EB, "_reach_map", old_reachable)
    monkeypatch.setattr(EB, "reachable", old_reachable)
    for fid, options in listed.items():
        assert options == EDGE.legal_actions(fresh(b), fid), (seed, fid)
        for o in options:
            assert o.reason == o.action.check(fresh(b)), (seed, o.action.text())
    assert checked == [m.check(fresh(b)) for m in moves]
    assert any(r is None for r in checked) and any(r is not None and r.rule == "G1-4" for r in checked)
