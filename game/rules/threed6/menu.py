"""``legal_actions`` for the 3d6 rulesets: every action with its options, illegal ones with the reason.

Options that depend on a foe are listed in full (every location, hand count,
weapon) only for foes the fighter can reach this turn; for a foe out of reach
one option per action stands for the rest, carrying the reason. Move and drag
destinations come from one breadth-first search each, not one per hex.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.hexgrid import Hex, hex_distance, hex_neighbors
from game.rules.base import Option, Reason
from game.rules.reach import reachable, terrain_cost
from game.rules.threed6 import grappling as G
from game.rules.threed6 import maneuvers as M
from game.rules.threed6 import stats as S
from game.rules.threed6.status import grips_by, grips_on, is_grappled

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.base import Action
    from game.rules.threed6.lite import ThreeD6Lite

__all__ = ["legal_actions", "reachable_hexes", "Sweep"]


def reachable_hexes(battle: Battle, f: Fighter, steps: int, companions: frozenset[str] = frozenset()) -> list[Hex]:
    """Every hex a Move of ``steps`` can end in (the same search as ``maneuvers.find_path``).

    ``h in reachable_hexes(...)`` exactly when ``find_path(battle, f, h, steps, companions=...)`` finds a
    path: the menu relies on it to list moves without one search per destination. GX-5: each hex entered
    spends its move cost, blocking hexes are never entered (``game.rules.reach``).
    """
    if steps <= 0:
        return []
    occupied = M._occupied(battle, f, companions)
    terrain = terrain_cost(battle.board)

    def cost_of(n: Hex) -> int | None:
        return None if occupied.get(n) == "foe" else terrain(n)

    found = reachable(f.hex, steps, cost_of)
    return [h for h in found.cost if h not in occupied]


class Sweep:
    """What one ``legal_actions`` call works out once: the battle does not change while the menu is built.

    ``check(a)`` gives exactly ``a.check(battle, rs)``: the checks every maneuver shares
    (``maneuver_reason``) depend only on the maneuver played, whether it is
    physical, and whether it is Do Nothing or Break Free, so they are asked once
    per kind; the action's own checks run as they are.
    """

    __slots__ = ("battle", "rs", "actor", "gate", "memo")

    def __init__(self, rs: ThreeD6Lite, battle: Battle, actor: Fighter) -> None:
        self.battle = battle
        self.rs = rs  # the ruleset Maneuver.check asks
        self.actor = actor
        self.gate: dict[tuple, Reason | None] = {}
        # asked once per kind only while no variant overrides the family's own maneuver_reason (whose answer
        # depends on the kind alone); a variant's may read more
        self.memo = sum("maneuver_reason" in vars(c) for c in type(rs).__mro__) == 1

    def shared(self, a: M.Maneuver) -> Reason | None:
        """``rs.maneuver_reason(battle, actor, a)``, asked once per kind of maneuver."""
        if not self.memo:
            return self.rs.maneuver_reason(self.battle, self.actor, a)
        t = a.type
        key = (a.maneuver_name(), a.physical, t == "do_nothing", t == "break_free")
        gate = self.gate
        if key in gate:
            return gate[key]
        why = gate[key] = self.rs.maneuver_reason(self.battle, self.actor, a)
        return why

    def check(self, a: Action) -> Reason | None:
        if type(a).check is not M.Maneuver.check:
            return a.check(self.battle, self.rs)
        return self.shared(a) or a._check(self.battle, self.actor, self.rs)  # type: ignore[attr-defined]


def legal_actions(rs: ThreeD6Lite, battle: Battle, fighter_id: str) -> list[Option]:
    """Every option of the fighter, in the menu's order: staying and moving, stances, items, grips, foes."""
    menu = _Menu(rs, battle, battle.fighter(fighter_id))
    searched = menu.moves()
    menu.stances()
    menu.items()
    menu.grips()
    menu.foes(searched)
    return menu.out


class _Menu:
    """One ``legal_actions`` call: the options so far, and the checks (a :class:`Sweep`) they share."""

    def __init__(self, rs: ThreeD6Lite, battle: Battle, actor: Fighter) -> None:
        self.rs = rs
        self.battle = battle
        self.actor = actor
        self.fid = actor.id
        self.out: list[Option] = []
        self.sweep = Sweep(rs, battle, actor)
        self.check = self.sweep.check

    def add(self, a: Action) -> None:
        self.out.append(new_option(a, self.check(a)))

    def shared(self, probe: Action, variants: list[Action]) -> None:
        """The variants, all with the probe's verdict (they differ only in what never changes legality)."""
        why = self.check(probe)
        self.out.extend([new_option(v, why) for v in variants])

    def moves(self) -> tuple[int, list[Hex]] | None:
        """Do Nothing and every Move; returns the Move search when the Move and Attack reach can reuse it."""
        rs, battle, actor, fid, out = self.rs, self.battle, self.actor, self.fid, self.out
        searched: tuple[int, list[Hex]] | None = None
        self.add(M.DoNothing(fid))
        # Move: one search; the shared checks once for every destination.
        holders = [g.holder for g in grips_on(battle, fid) if g.location in G.BODY_LOCATIONS]
        move_probe = M.Move(fid, to=(actor.hex.q, actor.hex.r))
        no_move = rs.maneuver_reason(battle, actor, move_probe)
        if no_move is None:
            why = move_probe._check(battle, actor, rs)
            if why is not None and why.rule != "G0-4":  # held, or cannot move in this posture
                no_move = why
        if no_move is not None:
            nb = next(iter(hex_neighbors(actor.hex)))
            out.append(Option(M.Move(fid, to=(nb.q, nb.r)), no_move))
        else:
            steps = rs.move_allowance(battle, actor, carrying=holders)
            moves = reachable_hexes(battle, actor, steps, frozenset(holders))
            if not holders:
                searched = (steps, moves)  # the same search as the Move and Attack reach below
            out.extend([new_option(_new_move(fid, (h.q, h.r)), None) for h in moves])
        return searched

    def stances(self) -> None:
        """Facing, posture, All-Out Defense, Wait, Concentrate, Aim."""
        actor, fid, add = self.actor, self.fid, self.add
        for facing in range(6):
            if facing != actor.facing:
                add(M.Face(fid, facing=facing))
        for p in M.POSTURE_CHANGES.get(actor.posture, ()):
            add(M.ChangePosture(fid, posture=p))
        for d in ("dodge", "parry", "block"):
            add(M.AllOutDefense(fid, defense=d))
        add(M.Wait(fid))
        add(M.Concentrate(fid))
        add(M.Aim(fid))

    def items(self) -> None:
        """Ready what one carries, what lies in one's hex, a trait; throw away what one holds."""
        actor, fid, add = self.actor, self.fid, self.add
        for it in actor.items:
            add(M.Ready(fid, item=it))
        for e in self.battle.state.get("floor", []):
            if Hex.of(e["hex"]) == actor.hex and e["item"] not in actor.items:
                add(M.Ready(fid, item=e["item"]))
        for name, value in actor.traits.items():
            if isinstance(value, bool):
                add(M.Ready(fid, item=name))
        for held in actor.hands.values():
            if held is not None:
                add(M.ThrowAway(fid, item=held))

    def grips(self) -> None:
        """Being held (Break Free) and holding (release, the moves after a grapple, drags)."""
        rs, battle, actor, fid, out, add = self.rs, self.battle, self.actor, self.fid, self.out, self.add
        # A variant's own classes for these (3d6-full: break free, takedown); its own strangle replaces lite's.
        BreakFree = _variant(rs, G.BreakFree)  # noqa: N806
        Takedown = _variant(rs, G.Takedown)  # noqa: N806
        lite_strangle = rs.actions.get("strangle", G.Strangle) is G.Strangle
        held_by = grips_on(battle, fid)
        if held_by:
            for g in held_by:
                add(BreakFree(fid, target=g.holder))
        else:
            add(BreakFree(fid))
        mine = grips_by(battle, fid)
        for g in mine:
            add(G.Release(fid, target=g.target))
            if g.hands > 1:
                add(G.Release(fid, target=g.target, hands=1))
            for man in G.AFTER_MANEUVERS:
                add(Takedown(fid, target=g.target, maneuver=man))
                add(G.Pin(fid, target=g.target, maneuver=man))
                add(G.WrestleWeapon(fid, target=g.target, maneuver=man))
                add(G.ForceDrop(fid, target=g.target, maneuver=man))
                if lite_strangle:
                    add(G.Strangle(fid, target=g.target, maneuver=man))
            drag_probe = G.Drag(fid, to=(actor.hex.q, actor.hex.r), target=g.target)
            why = rs.maneuver_reason(battle, actor, drag_probe) or _drag_shared_reason(battle, rs, actor, drag_probe)
            if why is not None:
                nb = next(iter(hex_neighbors(actor.hex)))
                out.append(Option(G.Drag(fid, to=(nb.q, nb.r), target=g.target), why))
            else:
                victim = battle.fighter(g.target)
                steps = rs.move_allowance(battle, actor, load=rs.drag_load(victim))
                for h in reachable_hexes(battle, actor, steps, frozenset({victim.id})):
                    out.append(Option(G.Drag(fid, to=(h.q, h.r), target=g.target)))
                # S0-FREE-3: "move or step normally": the Attack's step, with the foe along, then the attack
                for h in hex_neighbors(actor.hex):
                    step = G.Drag(fid, to=(h.q, h.r), target=g.target, maneuver="step")
                    if self.check(step) is None:
                        out.append(Option(step))
        if not mine:
            for cls in (Takedown, G.Pin, G.WrestleWeapon, G.ForceDrop, G.Strangle, G.Release):
                if cls is not G.Strangle or lite_strangle:
                    add(cls(fid))
            add(G.Drag(fid, to=(actor.hex.q, actor.hex.r)))

    def foes(self, searched: tuple[int, list[Hex]] | None) -> None:
        """For every living foe: evaluate, feint, strikes, bites, Move and Attack, grapples."""
        rs, battle, actor, fid = self.rs, self.battle, self.actor, self.fid
        foes = [o for o in battle.fighters if o.id != fid and "dead" not in o.conditions and o.side != actor.side]
        weapons: list[str | None] = [None, "kick"]
        weapons += [it for it in actor.hands.values() if it in S.ITEMS and S.ITEMS[it]["kind"] == "weapon"]
        grab_hands = range(1, max(1, len(rs.usable_free_hands(battle, actor))) + 1)
        move = rs.move_allowance(battle, actor)
        grappled = is_grappled(battle, fid)
        if grappled:
            reach: set[Hex] = set()
        elif searched is not None and searched[0] == move:
            reach = set(searched[1])
        else:
            reach = set(reachable_hexes(battle, actor, move))
        for foe in foes:
            self.foe(foe, weapons, grab_hands, move, grappled, reach)

    def foe(self, foe: Fighter, weapons: list[str | None], grab_hands: range, move: int, grappled: bool,
            reach: set[Hex]) -> None:
        """The options against one foe (``reach``: the hexes a Move and Attack may end in)."""
        rs, actor, fid, add, shared = self.rs, self.actor, self.fid, self.add, self.shared
        tid = foe.id
        dist = hex_distance(actor.hex, foe.hex)
        add(M.Evaluate(fid, target=tid))
        add(M.Feint(fid, target=tid))
        if dist > max(move, 2):
            # Out of reach this turn: one option per action and weapon, each with its own reason (issue 15:
            # a sword's Attack is out of reach, not "no hand free to punch").
            for w in weapons:
                add(M.Attack(fid, target=tid, item=w))
                add(M.MoveAndAttack(fid, to=None, target=tid, item=w))
            add(G.Grab(fid, target=tid))
            return
        for w in weapons:
            # The location never changes legality (all listed locations exist): one check per weapon.
            shared(M.Attack(fid, target=tid, item=w),
                   [M.Attack(fid, target=tid, item=w, location=loc) for loc in M.STRIKE_LOCATIONS])
            shared(M.AllOutAttack(fid, target=tid, item=w),
                   [M.AllOutAttack(fid, target=tid, item=w, option=o) for o in ("determined", "strong")])
        if dist == 0:
            add(M.Bite(fid, target=tid))
        elif not grappled:
            self.move_and_attack(foe, weapons, reach)
        # Grapples: the hand counts listed are the free hands and the locations are the foe's own,
        # so one check per maneuver stands for every location and hand count.
        locations = list(rs.grab_penalties) + [it for it in foe.hands.values() if it is not None]
        for man in ("attack", "all_out_attack"):
            shared(G.Grab(fid, target=tid, maneuver=man),
                   [G.Grab(fid, target=tid, location=loc, hands=n, maneuver=man)
                    for loc in locations for n in grab_hands])
        if dist > 1:
            # As above: the location never changes the verdict (one path search for them all).
            shared(G.Grab(fid, target=tid, location=locations[0], maneuver="move_and_attack"),
                   [G.Grab(fid, target=tid, location=loc, maneuver="move_and_attack") for loc in locations])

    def move_and_attack(self, foe: Fighter, weapons: list[str | None], reach: set[Hex]) -> None:
        """Move and Attack to each reachable hex next to the foe: one check stands for them all."""
        fid, tid, sweep = self.fid, foe.id, self.sweep
        # A destination in ``reach`` has a path (reachable_hexes), so Move and Attack needs no search of its own
        # when its checks are the menu's ruleset's.
        trusted = type(sweep.rs) is type(self.rs)
        dests = [h for h in hex_neighbors(foe.hex) if h in reach]
        for w in weapons:
            # G0-4: Move and Attack with every weapon the fighter could Attack with, not only the punch.
            if not dests:  # no hex beside the foe within Move (GX-5 costs): greyed, with the reason
                self.add(M.MoveAndAttack(fid, to=None, target=tid, item=w))
                continue
            probe = M.MoveAndAttack(fid, to=(dests[0].q, dests[0].r), target=tid, item=w)
            why = (sweep.shared(probe) or probe.own_reason(self.battle, sweep.rs, self.actor, reachable=True)) \
                if trusted else self.check(probe)
            self.out.extend([new_option(M.MoveAndAttack(fid, to=(h.q, h.r), target=tid, item=w), why)
                             for h in dests])


def _fast_new(cls: type, names: tuple[str, ...]):  # noqa: ANN202
    """``cls(*values)`` for a frozen slotted dataclass whose fields are exactly ``names``, without the frozen
    ``__init__`` (one ``object.__setattr__`` per field): three times faster, and the menu makes hundreds.
    Falls back to the class itself if its fields ever differ or it gains a ``__post_init__``."""
    fields = tuple(f.name for f in dataclasses.fields(cls))
    if fields != names or hasattr(cls, "__post_init__") or not all(hasattr(cls, n) for n in names):
        return cls
    new = object.__new__
    first, second = (getattr(cls, n).__set__ for n in names)

    def make(a, b):  # noqa: ANN001, ANN202
        o = new(cls)
        first(o, a)
        second(o, b)
        return o

    return make


#: Option(action, reason) and Move(actor, to=...), built fast (the menu lists ~80 moves and ~250 options)
new_option = _fast_new(Option, ("action", "reason"))
_new_move = _fast_new(M.Move, ("actor", "to"))


def _variant(rs: ThreeD6Lite, base: type[M.Maneuver]) -> type[M.Maneuver]:
    """The ruleset's class for ``base.type`` if it extends ``base`` (same fields, plus some with defaults)."""
    cls = rs.actions.get(base.type)
    return cls if cls is not None and issubclass(cls, base) else base


def _drag_shared_reason(battle: Battle, rs: ThreeD6Lite, actor: Fighter, probe: G.Drag) -> Reason | None:
    why = probe._check(battle, actor, rs)
    if why is None or why.rule == rs.cite("S0-FREE-3"):
        return None
    return why
