"""A tiny test-double ruleset for the computer opponent, built on the base API only.

``DuelRuleset`` is not registered (the soak test walks every registered
ruleset): the AI tests build it directly. It has just enough close combat to
tell a good player from a bad one: step, turn, punch (worse from the front,
undefended from the rear), grapple (torso or neck), break free, takedown, pin,
strangle, stand up, wait. Odds are exact (3d6 convolution), so the tests can
check that the opponent reads them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.hexgrid import DIRECTIONS, Hex, arc_of, direction_between, hex_distance
from game.model import Battle, Board, Fighter, Grapple, RngState, Side
from game.rules import events as ev
from game.rules.base import Action, Option, Reason, Ruleset

# P(3d6 <= n)
_COUNTS = [0] * 19
for _a in range(1, 7):
    for _b in range(1, 7):
        for _c in range(1, 7):
            _COUNTS[_a + _b + _c] += 1


def p_under(target: int) -> float:
    target = max(4, min(16, target))  # 3-4 always succeed, 17-18 always fail
    return sum(_COUNTS[3:target + 1]) / 216


def _roll(dice, target: int) -> bool:  # noqa: ANN001
    total = sum(dice.roll(3, 6))
    return total <= 4 or (total <= 16 and total <= target)


def _hp(f: Fighter) -> int:
    return f.hp if f.hp is not None else f.stats.get("ST", 10)


def _near(a: Fighter, b: Fighter) -> bool:
    return hex_distance(a.hex, b.hex) <= 1


def _held(battle: Battle, fid: str) -> bool:
    return any(g.target == fid for g in battle.grapples)


def _pinned(battle: Battle, fid: str) -> bool:
    return any(g.target == fid and g.kind == "pin" for g in battle.grapples)


def _finish(res: ev.Resolution, target: Fighter, injury: int, actor: str) -> None:
    if injury <= 0:
        return
    res.emit(ev.damage(actor, target.id, injury, injury=injury))
    if _hp(target) <= 0 and not target.has("unconscious"):
        res.emit(ev.condition(target.id, add="unconscious", actor=actor))
        for g in list(res.battle.grapples):
            if g.holder == target.id:
                res.emit(ev.grapple_end(g.holder, g.target, why="holder down"))


@dataclass(frozen=True, slots=True)
class Move(Action):
    type: ClassVar[str] = "move"
    to: tuple[int, int] = (0, 0)

    def check(self, battle: Battle, rules=None) -> Reason | None:
        if _pinned(battle, self.actor):
            return Reason("pinned: only break free or wait")
        f = battle.fighter(self.actor)
        if _held(battle, f.id) or f.posture != "standing":
            return Reason("cannot move now")
        h = Hex(*self.to)
        if hex_distance(h, f.hex) != 1 or not battle.board.is_open(h) or battle.fighters_at(h):
            return Reason("not a free neighbouring hex")
        return None

    def resolve(self, battle, dice, rules=None):  # noqa: ANN001
        res = ev.Resolution(battle, dice)
        f = battle.fighter(self.actor)
        d = direction_between(f.hex, Hex(*self.to))
        for g in list(battle.grapples):  # let go first: no event may leave a grip across two hexes
            if g.holder == self.actor:
                res.emit(ev.grapple_end(g.holder, g.target, why="moved away"))
        res.emit(ev.move(self.actor, Hex(*self.to)))
        if d is not None:
            res.emit(ev.face(self.actor, d))
        return res.events


@dataclass(frozen=True, slots=True)
class Face(Action):
    type: ClassVar[str] = "face"
    facing: int = 0

    def check(self, battle, rules=None):  # noqa: ANN001
        if _pinned(battle, self.actor):
            return Reason("pinned: only break free or wait")
        return None if battle.fighter(self.actor).facing != self.facing else Reason("already facing")

    def resolve(self, battle, dice, rules=None):  # noqa: ANN001
        res = ev.Resolution(battle, dice)
        res.emit(ev.face(self.actor, self.facing))
        return res.events


@dataclass(frozen=True, slots=True)
class Punch(Action):
    type: ClassVar[str] = "attack"
    target: str = ""

    def check(self, battle, rules=None):  # noqa: ANN001
        if _pinned(battle, self.actor):
            return Reason("pinned: only break free or wait")
        a, t = battle.fighter(self.actor), battle.fighter(self.target)
        if not _near(a, t) or a.side == t.side or _pinned(battle, a.id):
            return Reason("cannot punch that")
        return None

    def target_number(self, battle: Battle) -> int:
        a, t = battle.fighter(self.actor), battle.fighter(self.target)
        arc = arc_of(t.hex, t.facing, a.hex)
        n = a.stats.get("DX", 10)
        if arc == "front" and t.posture == "standing":
            n -= 4  # the target defends
        if t.posture == "prone":
            n += 2
        return n

    def resolve(self, battle, dice, rules=None):  # noqa: ANN001
        res = ev.Resolution(battle, dice)
        t = battle.fighter(self.target)
        if _roll(dice, self.target_number(battle)):
            _finish(res, t, dice.roll(1, 6)[0] // 2, self.actor)
        return res.events


@dataclass(frozen=True, slots=True)
class Grab(Action):
    type: ClassVar[str] = "grapple"
    target: str = ""
    location: str = "torso"

    def check(self, battle, rules=None):  # noqa: ANN001
        if _pinned(battle, self.actor):
            return Reason("pinned: only break free or wait")
        a, t = battle.fighter(self.actor), battle.fighter(self.target)
        if not _near(a, t) or a.side == t.side or _held(battle, a.id):
            return Reason("cannot grapple that")
        if any(g.holder == a.id for g in battle.grapples):
            return Reason("hands busy")
        return None

    def resolve(self, battle, dice, rules=None):  # noqa: ANN001
        res = ev.Resolution(battle, dice)
        a = battle.fighter(self.actor)
        n = a.stats.get("DX", 10) - (3 if self.location == "neck" else 0)
        if _roll(dice, n):
            res.emit(ev.grapple_start(Grapple(holder=a.id, target=self.target, location=self.location, hands=2,
                                              since=battle.turn)))
        return res.events


@dataclass(frozen=True, slots=True)
class BreakFree(Action):
    type: ClassVar[str] = "break_free"

    def check(self, battle, rules=None):  # noqa: ANN001
        return None if _held(battle, self.actor) else Reason("not held")

    def resolve(self, battle, dice, rules=None):  # noqa: ANN001
        res = ev.Resolution(battle, dice)
        g = next(g for g in battle.grapples if g.target == self.actor)
        a = battle.fighter(self.actor)
        pen = 4 if g.kind == "pin" else 0
        if _roll(dice, a.stats.get("ST", 10) - pen):
            res.emit(ev.grapple_end(g.holder, g.target, why="broke free"))
        return res.events


@dataclass(frozen=True, slots=True)
class Takedown(Action):
    type: ClassVar[str] = "takedown"
    target: str = ""

    def check(self, battle, rules=None):  # noqa: ANN001
        if _pinned(battle, self.actor):
            return Reason("pinned: only break free or wait")
        ok = any(g.holder == self.actor and g.target == self.target for g in battle.grapples)
        if not ok or battle.fighter(self.target).posture == "prone":
            return Reason("no standing foe held")
        return None

    def resolve(self, battle, dice, rules=None):  # noqa: ANN001
        res = ev.Resolution(battle, dice)
        if _roll(dice, battle.fighter(self.actor).stats.get("ST", 10) - 1):
            res.emit(ev.posture(self.target, "prone", actor=self.actor))
        return res.events


@dataclass(frozen=True, slots=True)
class Pin(Action):
    type: ClassVar[str] = "pin"
    target: str = ""

    def check(self, battle, rules=None):  # noqa: ANN001
        if _pinned(battle, self.actor):
            return Reason("pinned: only break free or wait")
        g = next((g for g in battle.grapples if g.holder == self.actor and g.target == self.target), None)
        if g is None or g.kind == "pin" or battle.fighter(self.target).posture != "prone":
            return Reason("no prone foe held")
        return None

    def resolve(self, battle, dice, rules=None):  # noqa: ANN001
        res = ev.Resolution(battle, dice)
        if _roll(dice, battle.fighter(self.actor).stats.get("ST", 10)):
            res.emit(ev.grapple_change(self.actor, self.target, kind="pin"))
        return res.events


@dataclass(frozen=True, slots=True)
class Strangle(Action):
    type: ClassVar[str] = "strangle"
    target: str = ""

    def check(self, battle, rules=None):  # noqa: ANN001
        if _pinned(battle, self.actor):
            return Reason("pinned: only break free or wait")
        ok = any(g.holder == self.actor and g.target == self.target and g.location == "neck"
                 for g in battle.grapples)
        return None if ok else Reason("no grip on the neck")

    def resolve(self, battle, dice, rules=None):  # noqa: ANN001
        res = ev.Resolution(battle, dice)
        if _roll(dice, battle.fighter(self.actor).stats.get("ST", 10)):
            _finish(res, battle.fighter(self.target), dice.roll(1, 6)[0], self.actor)
        return res.events


@dataclass(frozen=True, slots=True)
class StandUp(Action):
    type: ClassVar[str] = "change_posture"
    posture: str = "standing"

    def check(self, battle, rules=None):  # noqa: ANN001
        if _pinned(battle, self.actor):
            return Reason("pinned: only break free or wait")
        f = battle.fighter(self.actor)
        return None if f.posture != "standing" and not _pinned(battle, f.id) else Reason("cannot stand")

    def resolve(self, battle, dice, rules=None):  # noqa: ANN001
        res = ev.Resolution(battle, dice)
        res.emit(ev.posture(self.actor, "standing"))
        return res.events


@dataclass(frozen=True, slots=True)
class Wait(Action):
    type: ClassVar[str] = "wait"

    def check(self, battle, rules=None):  # noqa: ANN001
        return None

    def resolve(self, battle, dice, rules=None):  # noqa: ANN001
        return []


class FixedOrder:
    """Initiative double: fighters in list order, everyone once a round (game.rules.initiative's protocol)."""

    name = "fixed-double"

    def start_round(self, battle: Battle, dice) -> list:  # noqa: ANN001
        battle.order = [f.id for f in battle.fighters]
        return []

    def first(self, battle: Battle) -> str | None:
        battle.state["i"] = 0
        return battle.order[0] if battle.order else None

    def next(self, battle: Battle) -> str | None:
        i = battle.state["i"] = battle.state.get("i", 0) + 1
        return battle.order[i] if i < len(battle.order) else None

    def describe(self, battle: Battle) -> dict:
        return {"policy": self.name, "order": list(battle.order)}

    def can_hold(self, battle, fighter_id, count=None, with_fighter=None):  # noqa: ANN001
        return Reason("no holding")


class DuelRuleset(Ruleset):
    id = "duel-double"
    name = "AI test double"
    actions = {c.type: c for c in (Move, Face, Punch, Grab, BreakFree, Takedown, Pin, Strangle, StandUp, Wait)}

    def legal_actions(self, battle: Battle, fighter_id: str) -> list[Option]:
        f = battle.fighter(fighter_id)
        out: list[Action] = [Wait(fighter_id)]
        for d in DIRECTIONS:
            h = f.hex + d
            out.append(Move(fighter_id, to=(h.q, h.r)))
        out.extend(Face(fighter_id, facing=i) for i in range(6))
        out.append(StandUp(fighter_id))
        out.append(BreakFree(fighter_id))
        for t in battle.fighters:
            if t.side == f.side or not self.can_fight(battle, t):
                continue
            out.append(Punch(fighter_id, target=t.id))
            out.append(Grab(fighter_id, target=t.id))
            out.append(Grab(fighter_id, target=t.id, location="neck"))
            out.append(Takedown(fighter_id, target=t.id))
            out.append(Pin(fighter_id, target=t.id))
            out.append(Strangle(fighter_id, target=t.id))
        return [Option(a, a.check(battle)) for a in out]

    def odds(self, battle: Battle, action: Action) -> dict[str, float]:
        a = battle.fighter(action.actor)
        if isinstance(action, Punch):
            p = p_under(action.target_number(battle))
        elif isinstance(action, Grab):
            p = p_under(a.stats.get("DX", 10) - (3 if action.location == "neck" else 0))
        elif isinstance(action, BreakFree):
            g = next(g for g in battle.grapples if g.target == action.actor)
            p = p_under(a.stats.get("ST", 10) - (4 if g.kind == "pin" else 0))
        elif isinstance(action, Takedown):
            p = p_under(a.stats.get("ST", 10) - 1)
        elif isinstance(action, Pin | Strangle):
            p = p_under(a.stats.get("ST", 10))
        else:
            return {"done": 1.0}
        return {"success": p, "failure": 1.0 - p}

    def initiative(self) -> FixedOrder:
        return FixedOrder()

    def can_act(self, battle: Battle, fighter: Fighter) -> bool:
        return self.can_fight(battle, fighter)


def duel_battle(per_side: int = 1, *, seed: int = 1, columns: int = 8, rows: int = 6, gap: int = 3) -> Battle:
    """Two lines of fighters facing each other ``gap`` hexes apart on an open field."""
    board = Board.open_field(columns, rows)
    fighters = []
    for i in range(per_side):
        fighters.append(Fighter(id=f"r{i}", side="red", hex=Hex(1 - i // 2, 1 + i), facing=0,
                                stats={"ST": 11, "DX": 11}))
        fighters.append(Fighter(id=f"b{i}", side="blue", hex=Hex(1 + gap - i // 2, 1 + i), facing=3,
                                stats={"ST": 11, "DX": 11}))
    return Battle(ruleset="duel-double", board=board, sides=[Side(id="red"), Side(id="blue")],
                  fighters=fighters, rng=RngState(seed=seed))


# -- the double itself behaves -------------------------------------------------------------


def test_double_odds_match_the_dice():
    assert abs(p_under(10) - 0.5) < 1e-9
    assert p_under(3) == p_under(4) > 0
    assert p_under(20) == p_under(16) < 1


def test_double_offers_legal_and_illegal_options():
    b = duel_battle()
    opts = DuelRuleset().legal_actions(b, "r0")
    assert any(o.legal and o.action.type == "move" for o in opts)
    assert any(not o.legal and o.action.type == "grapple" for o in opts)  # not adjacent yet
