"""The actions every ruleset has, as edge plays them: move, face, posture, attack, ready, release, wait.

- Movement (G1-4, G1-7, G1-8): up to ``MOV`` tiles (house default 4; prone 1),
  never into or through an occupied hex (edge never shares a hex), stopping
  on becoming adjacent to a foe; a grappled fighter does not move by normal
  movement. Standing up uses the movement, and is impossible in the turn an
  enemy knocked one prone (G1-7) or while pinned (S1-PIN-5).
- ``attack``: Melee Attack vs Reflex against an adjacent foe (G1-5); a
  grappled fighter's melee action is its grapple roll (G1-8). Reach does not
  extend melee: it orders the melee phase (G1-4) and penalises Pummel (G1-6).
- ``release``: an edge grapple ends by Escape (S1-ESCAPE-1); letting go
  freely is only possible of a foe who cannot resist (unconscious, bound,
  pinned at -5).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.hexgrid import Hex, hex_neighbors
from game.rules import events as ev
from game.rules.base import Reason
from game.rules.basic_actions import ChangePostureVerb, DoNothingVerb, FaceVerb, MoveVerb, ReadyVerb, WaitVerb
from game.rules.edge import combat, links
from game.rules.edge.action import EdgeAction
from game.rules.edge.checks import actor_reason, find_link, melee_reason
from game.rules.edge.stats import free_hands, item_info, move_allowance
from game.rules.reach import reachable as cheapest_reach
from game.rules.reach import terrain_cost

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["reachable", "reachable_path", "melee_reason", "Move", "Face", "ChangePosture", "Attack", "Ready", "Release", "Wait",
           "DoNothing", "POSTURES"]

POSTURES = ("standing", "prone")


def foes_of(battle: Battle, fighter: str) -> list[str]:
    me = battle.fighter(fighter)
    return [f.id for f in battle.fighters if f.side != me.side and not f.has("dead")]


def reachable(battle: Battle, fighter: str) -> dict[Hex, list[Hex]]:
    """Hexes normal movement can reach this turn, each with its path (G1-4: stop when adjacent to a foe)."""
    return {h: list(path) for h, path in _reach_map(battle, fighter).items()}


def reachable_path(battle: Battle, fighter: str, to: Hex) -> list[Hex] | None:
    """The path normal movement walks to ``to`` (the cheapest, GX-5), or None if it cannot get there."""
    path = _reach_map(battle, fighter).get(to)
    return list(path) if path is not None else None


#: searches kept per board (the board is shared by a battle's copies and does not change during it)
_KEEP = 64
_LOCK = threading.Lock()


def _reach_map(battle: Battle, fighter: str) -> dict[Hex, list[Hex]]:
    """:func:`reachable`, shared (do not change it): one cheapest-path search (GX-5) per position, remembered
    on the board by everything it reads (the start, the allowance, the foes' and the other fighters' hexes), so that
    ``legal_actions``, each Move's check and its resolution do not search again."""
    me = battle.fighter(fighter)
    budget = move_allowance(me)
    foes = frozenset(battle.fighter(i).hex for i in foes_of(battle, fighter))
    taken = frozenset(f.hex for f in battle.fighters if f.id != fighter)
    key = (me.hex, budget, foes, taken)
    board = battle.board
    memo = board.__dict__.get("_edge_reach")
    if memo is None:
        memo = board.__dict__.setdefault("_edge_reach", {})
    paths = memo.get(key)
    if paths is not None:
        return paths
    near_foe = {n for foe in foes for n in hex_neighbors(foe)}  # hex_distance(n, foe) == 1
    terrain = terrain_cost(board)

    def cost_of(n: Hex) -> int | None:
        # GX-5: a hex costs its move cost, a blocking one is never entered; edge never shares a hex (G1-4)
        return None if n in taken else terrain(n)

    found = cheapest_reach(me.hex, budget, cost_of, lambda n: n not in near_foe)  # G1-4: stop next to a foe
    paths = {h: found.path(h) or [h] for h in found.cost}
    with _LOCK:  # the UI and the computer's thread may share a board
        while len(memo) >= _KEEP:
            memo.pop(next(iter(memo)), None)
        memo[key] = paths
    return paths


@dataclass(frozen=True, slots=True)
class Move(MoveVerb, EdgeAction):
    """Normal movement, edge's own: never into an occupied hex, stopping next to a foe, never while in a
    grapple (G1-4, G1-8)."""

    title: ClassVar[str] = "Move"
    rule: ClassVar[str] = "G1-4"

    to: tuple[int, int]

    def _check(self, battle: Battle, actor: Fighter) -> Reason | None:
        reason = actor_reason(battle, self.actor)
        if reason:
            return reason
        if links.is_in_grapple(battle, self.actor):
            return Reason("grapplers do not move by normal movement (only Drag, Throw and Escape move them)", "G1-8")
        if links.used(battle, self.actor, "moved"):
            return Reason(f"{actor.label} already used {actor.their} movement this turn", "G1-4")
        to = Hex(*self.to)
        if to not in _reach_map(battle, self.actor):
            n = move_allowance(battle.fighter(self.actor))
            return Reason(f"[{to.q}, {to.r}] cannot be reached: {n} tile{'s' if n > 1 else ''}, free hexes only, "
                          "each costing its move cost (GX-5), stopping next to a foe", "G1-4")
        return None

    def _resolve(self, res: Resolution, actor: Fighter) -> None:
        battle = res.battle
        to = Hex(*self.to)
        path = list(_reach_map(battle, self.actor)[to])
        res.emit(ev.move(self.actor, to, path=path, rule="G1-4"))
        links.mark_used(res, self.actor, "moved")


@dataclass(frozen=True, slots=True)
class Face(FaceVerb, EdgeAction):
    """Turn to any side, as often as wanted: G1-4 sets no turning limit (unlike L-4, S4-FACE-1..3)."""

    title: ClassVar[str] = "Turn"

    facing: int

    def _check(self, battle: Battle, actor: Fighter) -> Reason | None:
        if not isinstance(self.facing, int) or not 0 <= self.facing <= 5:
            return Reason(f"facing is 0-5, not {self.facing!r}", kind="bad_intent")
        return actor_reason(battle, self.actor)

    def _resolve(self, res: Resolution, actor: Fighter) -> None:
        res.emit(ev.face(self.actor, self.facing))


@dataclass(frozen=True, slots=True)
class ChangePosture(ChangePostureVerb, EdgeAction):
    """Stand up or lie down: edge's two postures, standing up using the movement (G1-7)."""

    title: ClassVar[str] = "Stand up / lie down"
    rule: ClassVar[str] = "G1-7"

    posture: str

    def _check(self, battle: Battle, actor: Fighter) -> Reason | None:
        reason = actor_reason(battle, self.actor)
        if reason:
            return reason
        if self.posture not in POSTURES:
            return Reason(f"edge has the postures standing and prone, not {self.posture!r}", "G1-7")
        f = battle.fighter(self.actor)
        if f.posture == self.posture:
            return Reason(f"{f.label} is already {self.posture}", "G1-7")
        if self.posture == "standing":
            if links.pinned_anywhere(battle, self.actor):
                return Reason("a pinned fighter's movement is dominated: it cannot stand up", "S1-PIN-5")
            if links.knocked_prone(battle, self.actor):
                return Reason("knocked prone by an enemy this turn: it cannot stand up until next turn", "G1-7")
            if links.used(battle, self.actor, "moved"):
                return Reason("standing up uses the movement, already used this turn", "G1-7")
        return None

    def _resolve(self, res: Resolution, actor: Fighter) -> None:
        res.emit(ev.posture(self.actor, self.posture, rule="G1-7"))
        if self.posture == "standing":
            links.mark_used(res, self.actor, "moved")


@dataclass(frozen=True, slots=True)
class Attack(EdgeAction):
    """A melee attack: Melee Attack pool vs Reflex pool; edge >= 1 deals damage, >= 3 ignores armour (G1-5)."""

    type: ClassVar[str] = "attack"
    title: ClassVar[str] = "Attack"
    rule: ClassVar[str] = "G1-5"

    target: str
    item: str | None = None
    location: str = "torso"  # edge has no hit locations; kept for the common format
    defense: str | None = None

    def _check(self, battle: Battle, actor: Fighter) -> Reason | None:
        return melee_reason(battle, self.actor, self.target, self.item, self.defense)

    def _resolve(self, res: Resolution, actor: Fighter) -> None:
        weapon = None if self.item == "fist" else self.item
        contest = res.note(combat.attack_contest(res, self.actor, self.target, weapon, defense=self.defense))
        links.mark_used(res, self.actor, "acted")
        if contest["edge"] >= combat.HIT_EDGE:
            combat.deal_damage(res, self.actor, self.target, weapon, contest["edge"])
        else:
            res.note(ev.message(f"{actor.label} misses {links.name(res.battle, self.target)} (edge {contest['edge']})", actor=self.actor,
                                rule="G1-5"))


@dataclass(frozen=True, slots=True)
class Ready(ReadyVerb, EdgeAction):
    """Take an item carried into the hands (two-handed: both; also re-grips a loosened two-handed weapon).
    Edge's own: it uses the turn's action (G1-4) and needs the hands the item takes (G1-10)."""

    title: ClassVar[str] = "Ready"

    item: str

    def _check(self, battle: Battle, actor: Fighter) -> Reason | None:
        reason = actor_reason(battle, self.actor)
        if reason:
            return reason
        f = battle.fighter(self.actor)
        if links.used(battle, self.actor, "acted"):
            return Reason(f"{f.label} already acted this turn (one phase plus movement)", "G1-4")
        need = max(1, int(item_info(self.item)["hands"]))
        if f.counters.get("edge.loose") == self.item and self.item in f.hands.values():
            need = 1
        elif self.item not in f.items:
            return Reason(f"{f.label} carries no {self.item}", "G1-10")
        if len(free_hands(f)) < need:
            return Reason(f"the {self.item} needs {need} free hand{'s' if need > 1 else ''}", "G1-10")
        return None

    def _resolve(self, res: Resolution, actor: Fighter) -> None:
        battle = res.battle
        f = battle.fighter(self.actor)
        links.mark_used(res, self.actor, "acted")
        hands = free_hands(f)
        if f.counters.get("edge.loose") == self.item and self.item in f.hands.values():
            res.emit(ev.stat(self.actor, "hands", {**f.hands, hands[0]: self.item}, rule="edge.two_handed_free_hand"))
            res.emit(ev.stat(self.actor, "counters.edge.loose", None, rule="edge.two_handed_free_hand"))
            return
        res.emit(ev.item(self.actor, self.item, action="readied", hand=hands[0]))
        if int(item_info(self.item)["hands"]) == 2:
            res.emit(ev.stat(self.actor, "hands", {**battle.fighter(self.actor).hands, hands[1]: self.item}))


@dataclass(frozen=True, slots=True)
class Release(EdgeAction):
    type: ClassVar[str] = "release"
    title: ClassVar[str] = "Let go"
    rule: ClassVar[str] = "S1-ESCAPE-1"

    target: str | None = None

    def _check(self, battle: Battle, actor: Fighter) -> Reason | None:
        reason = actor_reason(battle, self.actor)
        if reason:
            return reason
        g, reason = find_link(battle, self.actor, self.target)
        if reason or g is None:
            return reason
        foe = links.other(g, self.actor)
        if combat.cannot_resist(battle, foe) or links.pin_level(g, foe) >= links.PIN_MAX:
            return None
        return Reason("an edge grapple ends by Escape (a grapple roll with edge 0 or more); only a foe who "
                      "cannot resist may simply be let go", "S1-ESCAPE-1")

    def _resolve(self, res: Resolution, actor: Fighter) -> None:
        battle = res.battle
        g, _ = find_link(battle, self.actor, self.target)
        assert g is not None
        links.end_link(res, g, actor=self.actor, why="let go", rule="S1-ESCAPE-1")


@dataclass(frozen=True, slots=True)
class Wait(WaitVerb, EdgeAction):
    """The turn passes."""

    message: ClassVar[str] = "{label} waits"


@dataclass(frozen=True, slots=True)
class DoNothing(DoNothingVerb, EdgeAction):
    """The turn passes."""

    message: ClassVar[str] = "{label} does nothing"
