"""How good a position is for one side, from generic battle state only.

The value is a sum of five parts, kept apart so that a decision can say why
it chose what it chose:

- ``dealt``: injury on foes (hp lost, put out of the fight);
- ``taken``: the same on friends (negative);
- ``control``: grips held and suffered (pin > choke > arm lock > grapple,
  neck grips worth more), postures (a prone foe), conditions (stunned...);
- ``danger``: foes in a fighter's rear or side hexes, being flanked, friends
  standing by a foe who holds one of ours (helping a friend who is strangled);
- ``position``: closing in on a chosen foe by path distance and facing it, or
  backing off when a fighter is beaten and its side is losing.

Nothing here knows a ruleset: it reads ``Fighter`` and ``Grapple`` fields and
asks the ruleset only ``can_fight``, ``ai_hazard`` (what a fire or a line of fire
threatens, for a ruleset whose map changes) and ``ai_arms`` (what a fighter's hands
are worth, for a ruleset where a brawl or a disarm changes what one strikes with).
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.hexgrid import DIRECTIONS, Hex, arc_of, hex_distance
from game.rules.base import Ruleset

if TYPE_CHECKING:
    from game.ai.weights import Weights
    from game.model import Battle, Board, Fighter

__all__ = ["Evaluator", "PARTS", "path_distance"]

PARTS = ("dealt", "taken", "control", "danger", "position")
_DIR = {(d.q, d.r): i for i, d in enumerate(DIRECTIONS)}
_FAR = 40  # path distances are searched this far; beyond it, straight-line distance


def _max_of(f: Fighter, value: int | None, stat_names: tuple[str, ...]) -> float:
    best: float = 0
    for name in stat_names:
        v = f.stats.get(name)
        if isinstance(v, int | float) and not isinstance(v, bool) and v > 0:
            best = v
            break
    if value is not None and value > best:
        best = value
    return float(best or 10)


def path_distance(board: Board, a: Hex, b: Hex) -> int:
    """Steps from ``a`` to ``b`` around hexes that block movement (cached on the shared board)."""
    if a == b:
        return 0
    cells = board.index()
    if not cells:
        return hex_distance(a, b)
    cache = board.__dict__.get("_ai_paths")
    if cache is None or cache.get("_n") != len(cells):
        cache = board.__dict__["_ai_paths"] = {"_n": len(cells)}
    dist = cache.get(b)
    if dist is None:
        dist = cache[b] = _bfs(cells, b)
    d = dist.get(a)
    if d is None:
        return hex_distance(a, b) + (0 if hex_distance(a, b) > _FAR else 6)
    return d


def _bfs(cells: dict, start: Hex) -> dict[Hex, int]:
    out = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        d = out[h] + 1
        if d > _FAR:
            continue
        for step in DIRECTIONS:
            n = Hex(h.q + step.q, h.r + step.r)
            if n in out:
                continue
            c = cells.get(n)
            if c is None or c.blocks_movement:
                continue
            out[n] = d
            todo.append(n)
    return out


class _Graph:
    """The open hexes of a board as numbered nodes with their open neighbours: built once per board (the
    board never changes during a battle) so that each path search walks integer lists, not hex maps."""

    __slots__ = ("n", "hexes", "number", "adj")

    def __init__(self, cells: dict) -> None:
        self.n = len(cells)
        self.hexes = [h for h, c in cells.items() if not c.blocks_movement]
        self.number = {h: i for i, h in enumerate(self.hexes)}
        number = self.number
        self.adj = [[number[n] for step in DIRECTIONS if (n := Hex(h.q + step.q, h.r + step.r)) in number]
                    for h in self.hexes]


def _graph(board: Board, cells: dict) -> _Graph:
    g = board.__dict__.get("_ai_graph")
    if g is None or g.n != len(cells):
        g = board.__dict__["_ai_graph"] = _Graph(cells)
    return g


def _dijkstra(graph: _Graph, start: Hex, crowd: set[Hex], crowd_cost: int = 6) -> dict[Hex, int]:
    """Steps from ``start`` to every open hex within ``_FAR``, a hex in ``crowd`` costing ``crowd_cost``.
    (Shortest distances are unique, so the order in which equal ones are settled does not matter.)"""
    number, hexes, adj = graph.number, graph.hexes, graph.adj
    cost = [1] * len(hexes)
    for h in crowd:
        i = number.get(h)
        if i is not None:
            cost[i] = crowd_cost
    inf = 1 << 30
    best = [inf] * len(hexes)
    s = number.get(start)
    if s is not None:
        best[s] = 0
        todo = [(0, s)]
    else:  # a start off the open map (a flier over a wall): its open neighbours are one step away
        todo = []
        for step in DIRECTIONS:
            j = number.get(Hex(start.q + step.q, start.r + step.r))
            if j is not None and cost[j] < best[j]:
                best[j] = cost[j]
                todo.append((cost[j], j))
        heapq.heapify(todo)
    pop, push = heapq.heappop, heapq.heappush
    while todo:
        d, i = pop(todo)
        if d > best[i] or d > _FAR:
            continue
        for j in adj[i]:
            nd = d + cost[j]
            if nd < best[j]:
                best[j] = nd
                push(todo, (nd, j))
    out = {hexes[i]: d for i, d in enumerate(best) if d != inf}
    out[start] = 0
    return out


#: how much lower than -1 the hp share goes, at -5xHP: small enough that a fighter still fighting there is
#: worth less to its foes than one out of the fight (``Weights.out``), which the search must keep preferring
BELOW_ZERO = 0.2


def _hp_share(x: float) -> float:
    """A fighter's hp as a share of its full bar, for the ``hp`` weight: 1 .. -1 as it is, then on down to
    ``-1 - BELOW_ZERO`` at -5xHP. A fighter past -1xHP who still fights (3d6's G0-7: one who only waits never
    rolls to stay conscious, and dies only at -5xHP or on a failed HT roll at each multiple) is still worth
    hurting: with the share stopped at -1 every blow at it was worth nothing, and the computer waited beside it
    to the round limit."""
    if x >= -1.0:
        return min(1.0, x)
    return -1.0 + max(x + 1.0, -4.0) * (BELOW_ZERO / 4.0)


class Evaluator:
    """Scores battles for ``side``. Build one per decision (it remembers full hp/fp at the root)."""

    def __init__(self, root: Battle, ruleset: Ruleset, side: str, weights: Weights, *,
                 mover: str | None = None) -> None:
        self.ruleset = ruleset
        # path distances step around fighters standing in the way (as they stand at the root; the
        # fighter who is deciding does not block itself)
        self.board = root.board
        self.crowd = {f.hex for f in root.fighters if f.id != mover}
        self.crowd_key = frozenset(self.crowd)
        self._dist: dict[Hex, dict[Hex, int]] = {}
        self.side = side
        self.w = weights
        self.hp_max = {f.id: _max_of(f, f.hp, ("HP", "ST")) for f in root.fighters}
        self.fp_max = {f.id: _max_of(f, f.fp, ("FP", "HT")) for f in root.fighters}
        #: friend id -> the foe it goes for, chosen once at the root so that moves compare fairly
        self.targets: dict[str, str] = {}
        #: friends that back off (beaten, on a losing side)
        self.retreating: set[str] = set()
        #: friends holding a missile weapon (the ruleset's item table says ``kind = "missile"``): they keep
        #: their distance and shoot rather than close in
        items = ruleset.items
        armed = {f.id for f in root.fighters if any(
            isinstance(items.get(h), dict) and items[h].get("kind") == "missile" for h in f.hands.values() if h)}
        self.shooters = {f.id for f in root.fighters if f.side == side and f.id in armed}
        #: foes without a missile weapon at the root (a shooter keeps out of their reach, ``shoot_keep_melee``)
        self.melee_foes = {f.id for f in root.fighters if f.side != side and f.id not in armed}
        #: the ruleset's ``ai_hazard`` when it has one (fires, clouds, lines of fire): read per fighter
        self.hazard = ruleset.ai_hazard if type(ruleset).ai_hazard is not Ruleset.ai_hazard else None
        #: ... and its ``ai_arms`` (what a fighter's hands are worth: a weapon a brawl or a disarm takes away)
        self.arms = ruleset.ai_arms if type(ruleset).ai_arms is not Ruleset.ai_arms else None
        #: the root's parts (choosing the targets gives the same parts a later call gives: the chosen foe
        #: is the one the later call reads)
        self.root_parts = self.parts(root, choose=True)

    def dist(self, a: Hex, b: Hex) -> int:
        """Steps from ``a`` to ``b`` around walls, counting a hex another fighter stands on as six."""
        m = self._dist.get(b)  # asked first: almost every call finds its map here
        if m is None:
            if a == b:
                return 0
            cells = self.board.index()
            if not cells:
                return hex_distance(a, b)
            # shared through the board (clones share it) by target and crowd: consecutive decisions
            # and the battles of a simulation mostly ask the same questions
            cache = self.board.__dict__.get("_ai_dijkstra")
            if cache is None or len(cache) > 4096:
                cache = self.board.__dict__["_ai_dijkstra"] = {}
            key = (b, self.crowd_key)
            m = cache.get(key)
            if m is None:
                m = cache[key] = _dijkstra(_graph(self.board, cells), b, self.crowd)
            self._dist[b] = m
        d = m.get(a)  # the map holds b itself at 0
        return d if d is not None else hex_distance(a, b) + 6

    def approach(self, battle: Battle, fighter_id: str, h: Hex) -> float:
        """How well standing on ``h`` serves ``fighter_id``'s plan (lower is better): the path
        distance to its chosen foe, or minus that distance when it backs off. For ordering moves."""
        return self.approach_from(battle, fighter_id)(h)

    def approach_from(self, battle: Battle, fighter_id: str) -> Callable[[Hex], float]:
        """``approach`` for many hexes of one battle: the chosen foe is looked up once."""
        target = battle.get(self.targets.get(fighter_id))
        sign = -1 if fighter_id in self.retreating else 1
        dist = self.dist
        if sign > 0 and target is not None and fighter_id in self.shooters and self.w.shoot_keep_melee:
            return self._stand_off(battle, fighter_id, target.hex)
        if target is None:
            foes = [f.hex for f in battle.fighters if f.side != self.side]
            return lambda h: sign * min((dist(h, x) for x in foes), default=0)
        there = target.hex
        return lambda h: sign * dist(h, there)

    def _stand_off(self, battle: Battle, fighter_id: str, there: Hex) -> Callable[[Hex], float]:
        """``approach`` for a shooter that keeps out of melee reach (``Weights.shoot_keep_melee``): the hexes
        nearest its foe as for anyone, but those within a melee foe's reach after all the others (a step back
        from a club-man closing in, a step into cover out of its charge, are then among the moves weighed)."""
        keep = self.w.shoot_keep_melee
        melee = [f.hex for f in battle.fighters if f.id in self.melee_foes and self.ruleset.can_fight(battle, f)]
        dist = self.dist
        if not melee:
            return lambda h: dist(h, there)
        return lambda h: dist(h, there) + _FAR * max(0, keep + 1 - min(hex_distance(h, x) for x in melee))

    def value(self, battle: Battle) -> float:
        return sum(self.parts(battle).values())

    def parts(self, battle: Battle, *, choose: bool = False) -> dict[str, float]:
        """``battle``'s value for our side in its five parts (``PARTS``), so a decision can say why.

        ``choose`` (at the root only): pick each friend's foe and who backs off, so that later calls read the
        same foe. Each part has its own helper; the arithmetic is done in a fixed order (the same battle always
        scores the same, to the bit), so a helper adds its terms in the order the loops meet them."""
        dealt, taken, able, hpf, suffered = self._injury(battle)
        by_id = {f.id: f for f in able}
        control, held_friends = self._control(battle, able, by_id, suffered)
        danger = self._danger(able, held_friends) if self.w.danger and len(able) > 1 else 0.0
        position = self._position(battle, able, by_id, hpf, held_friends, choose)
        return {"dealt": dealt, "taken": taken, "control": control, "danger": danger, "position": position}

    def _injury(self, battle: Battle) -> tuple[float, float, list[Fighter], dict[str, float], dict[str, float]]:
        """``dealt`` and ``taken`` (hp and fp lost, put out of the fight, on borrowed time), and what the
        other parts need of each fighter who still fights: the list of them, their hp fraction, and what
        their posture and conditions cost them (grips are added to it by ``_control``)."""
        w = self.w
        side = self.side
        dealt = taken = 0.0
        able: list[Fighter] = []
        hpf: dict[str, float] = {}
        #: what posture, conditions and grips cost each fighter who still fights (capped at ``held_cap``)
        suffered: dict[str, float] = {}
        can_fight = self.ruleset.can_fight
        w_hp, w_fp, w_out, w_spent = w.hp, w.fp, w.out, w.spent
        hp_max, fp_max = self.hp_max, self.fp_max
        posture_of, cond_of, cond_default = w.posture.get, w.conditions.get, w.condition_default
        hazard, arms = self.hazard, self.arms
        for f in battle.fighters:
            friend = f.side == side
            if not can_fight(battle, f):
                if friend:
                    taken -= w_out + w_hp
                else:
                    dealt += w_out + w_hp
                continue
            able.append(f)
            hmax = hp_max.get(f.id) or 10.0
            frac = 1.0 if f.hp is None else _hp_share(f.hp / hmax)
            hpf[f.id] = frac
            v = w_hp * frac
            if f.fp is not None:
                fmax = fp_max.get(f.id) or 10.0
                v += w_fp * max(-1.0, min(1.0, f.fp / fmax))
            else:
                v += w_fp
            c = posture_of(f.posture, -0.5)
            for cond in f.conditions:
                c += cond_of(cond, cond_default)
            if f.hp is not None and f.hp <= 0:  # standing on borrowed time (Weights.spent)
                v -= w_spent
            if hazard is not None:
                v += hazard(battle, f, careful=w.danger)
            if arms is not None:
                v += arms(battle, f)
            if friend:
                taken += v - w_hp - w_fp
            else:
                dealt -= v - w_hp - w_fp
            suffered[f.id] = -c
        return dealt, taken, able, hpf, suffered

    def _control(self, battle: Battle, able: list[Fighter], by_id: dict[str, Fighter],
                 suffered: dict[str, float]) -> tuple[float, list[tuple[Fighter, Fighter]]]:
        """``control``: grips held and suffered (worth something only while both ends still fight) on top of
        ``suffered``, each fighter's total capped; and the (foe holder, friend held) pairs ``_danger`` and
        ``_position`` read."""
        w = self.w
        side = self.side
        control = 0.0
        held_friends: list[tuple[Fighter, Fighter]] = []  # (foe holder, friend target)
        for g in battle.grapples:
            h = by_id.get(g.holder)
            t = by_id.get(g.target)
            if h is None or t is None:
                continue
            val = w.grip_kind.get(g.kind, w.grip_default) + w.grip_location.get(g.location, 0.0)
            if h.side == side:
                control -= w.grip_hand * g.hands
            suffered[t.id] += val + (w.being_held_extra if t.side == side else 0.0)
            if t.side == side and h.side != side:
                held_friends.append((h, t))
        cap = w.held_cap
        for f in able:
            x = suffered[f.id]
            if x > cap:
                x = cap
            if f.side == side:
                control -= x
            else:
                control += x
        return control, held_friends

    def _danger(self, able: list[Fighter], held_friends: list[tuple[Fighter, Fighter]]) -> float:
        """``danger``: foes in a fighter's rear or side hexes (both ways round each adjacent pair), being
        flanked (more than one foe adjacent or in the hex), and friends standing by a foe who holds one of
        ours (help for a friend who is strangled)."""
        w = self.w
        side = self.side
        danger = 0.0
        rear, side_arc = w.rear, w.side_arc
        near: dict[str, int] = {}
        n = len(able)
        for i in range(n):
            v = able[i]
            vq, vr, vs = v.hex.q, v.hex.r, v.side
            for j in range(i + 1, n):
                a = able[j]
                if a.side == vs:
                    continue
                dq, dr = a.hex.q - vq, a.hex.r - vr
                k = _DIR.get((dq, dr))
                if k is None:
                    if dq or dr:
                        continue
                    near[v.id] = near.get(v.id, 0) + 1  # sharing a hex: close, but no arc
                    near[a.id] = near.get(a.id, 0) + 1
                    continue
                near[v.id] = near.get(v.id, 0) + 1
                near[a.id] = near.get(a.id, 0) + 1
                # a stands in v's arc ...
                rel = (k - v.facing) % 6
                x = rear if rel == 3 else side_arc if rel in (2, 4) else 0.0
                if x:
                    danger += x if a.side == side else -x
                # ... and v in a's
                rel = (k + 3 - a.facing) % 6
                x = rear if rel == 3 else side_arc if rel in (2, 4) else 0.0
                if x:
                    danger += x if vs == side else -x
        flanked = w.flanked
        for v in able:
            k = near.get(v.id, 0)
            if k >= 2:
                x = flanked * (k - 1)
                danger += -x if v.side == side else x
        for holder, target in held_friends:
            hq, hr = holder.hex.q, holder.hex.r
            helpers = 0
            for f in able:
                if f.side == side and f is not target:
                    dq, dr = f.hex.q - hq, f.hex.r - hr
                    if (abs(dq) + abs(dr) + abs(dq + dr)) <= 2:
                        helpers += 1
            danger += w.support * min(helpers, 2)
        return danger

    def _position(self, battle: Battle, able: list[Fighter], by_id: dict[str, Fighter], hpf: dict[str, float],
                  held_friends: list[tuple[Fighter, Fighter]], choose: bool) -> float:
        """``position``: each friend closes on a chosen foe and faces it, keeps a shooter's distance, or backs
        off when beaten on a losing side. ``choose``: remember each friend's foe and who backs off."""
        w = self.w
        side = self.side
        position = 0.0
        foes = [f for f in able if f.side != side]
        friends = [f for f in able if f.side == side]
        if not (foes and friends):
            return position
        losing = len(friends) < len(foes)
        holds_friend = {h.id for h, _ in held_friends}
        controlled = {g.target for g in battle.grapples if g.holder in by_id and by_id[g.holder].side == side}
        dist, targets = self.dist, self.targets
        for f in friends:
            best_foe = by_id.get(targets.get(f.id, ""))
            if best_foe is not None and best_foe.side != side:
                best_d = dist(f.hex, best_foe.hex)
            else:
                best_key = 1e9
                best_d = 0
                for e in foes:
                    d = dist(f.hex, e.hex)
                    key = d + 1.5 * hpf.get(e.id, 1.0)
                    if e.id in holds_friend:
                        key -= 1.5
                    if e.id in controlled or e.posture == "prone":
                        key -= 0.7
                    if key < best_key:
                        best_key, best_d, best_foe = key, d, e
                if choose and best_foe is not None:
                    self.targets[f.id] = best_foe.id
            if losing and hpf.get(f.id, 1.0) < w.retreat_hp and not any(g.target == f.id for g in battle.grapples):
                position += w.distance * min(best_d, 6)
                if choose:
                    self.retreating.add(f.id)
                continue
            if f.id in self.shooters:
                near_d = min(hex_distance(f.hex, e.hex) for e in foes)
                position -= w.distance * max(0, best_d - w.shoot_range)
                close = w.shoot_keep + 1 - near_d
                if w.shoot_keep_melee > w.shoot_keep:
                    melee_d = min((hex_distance(f.hex, e.hex) for e in foes if e.id in self.melee_foes), default=_FAR)
                    close = max(close, w.shoot_keep_melee + 1 - melee_d)
                position -= w.shoot_close * max(0, close)
            else:
                position -= w.distance * max(0, best_d - 1)
            if best_foe is not None and best_foe.hex != f.hex:
                if arc_of(f.hex, f.facing, best_foe.hex) == "front":
                    position += w.facing
        return position
