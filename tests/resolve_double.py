"""A tiny ruleset for testing ``clinch resolve`` and the catalogue against the base API only.

Registered as ``test-double`` on import. Its rules are made up (no checklist
ID): break free is a Quick Contest of ST against the holder's ST (+5 with two
hands), pin needs the target lying down, move goes to any open hex.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.hexgrid import Hex
from game.rules import events as ev
from game.rules.base import Action, Option, Reason, Ruleset, register
from game.rules.common import RollSpec, quick_contest

ID = "test-double"


@dataclass(frozen=True, slots=True)
class BreakFree(Action):
    type: ClassVar[str] = "break_free"
    title: ClassVar[str] = "Break free"
    target: str | None = None

    def _grip(self, battle):
        grips = [g for g in battle.grips_on(self.actor) if self.target in (None, g.holder)]
        return grips[0] if grips else None

    def check(self, battle, rules=None):
        if self._grip(battle) is None:
            return Reason(f"{self.actor} is not held")
        return None

    def resolve(self, battle, dice, rules=None):
        res = ev.Resolution(battle, dice)
        g = self._grip(battle)
        me, holder = battle.fighter(self.actor), battle.fighter(g.holder)
        a = RollSpec(me.id, "break free: ST", me.stats.get("ST", 10), "T-BREAK")
        b = RollSpec(holder.id, "hold on: ST", holder.stats.get("ST", 10), "T-BREAK")
        if g.hands >= 2:
            b.add(5, "grappling with two hands", "T-BREAK")
        contest = res.note(quick_contest(dice, a, b, "T-BREAK"))
        if contest["winner"] == me.id:
            res.emit(ev.grapple_end(holder.id, me.id, why="broke free", rule="T-BREAK"))
        return res.events


@dataclass(frozen=True, slots=True)
class Pin(Action):
    type: ClassVar[str] = "pin"
    title: ClassVar[str] = "Pin"
    target: str | None = None

    def check(self, battle, rules=None):
        grips = battle.grips_by(self.actor)
        if not grips:
            return Reason(f"{self.actor} holds nobody")
        foe = battle.fighter(self.target or grips[0].target)
        if foe.posture not in ("prone", "sitting"):
            return Reason(f"{foe.id} must be lying down to be pinned", "T-PIN")
        return None

    def resolve(self, battle, dice, rules=None):
        res = ev.Resolution(battle, dice)
        g = battle.grips_by(self.actor)[0]
        res.emit(ev.grapple_change(self.actor, g.target, kind="pin", rule="T-PIN"))
        return res.events


@dataclass(frozen=True, slots=True)
class Move(Action):
    type: ClassVar[str] = "move"
    title: ClassVar[str] = "Move"
    to: tuple[int, int] = (0, 0)

    def check(self, battle, rules=None):
        if len(self.to) != 2:
            return Reason("to must be [q, r]", kind="bad_intent")
        if not battle.board.is_open(Hex(*self.to)):
            return Reason(f"{list(self.to)} is not open ground")
        return None

    def resolve(self, battle, dice, rules=None):
        res = ev.Resolution(battle, dice)
        res.emit(ev.move(self.actor, Hex(*self.to)))
        return res.events


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll ``count`` dice of ``sides`` (to test the dice sources)."""

    type: ClassVar[str] = "roll"
    title: ClassVar[str] = "Roll"
    count: int = 3
    sides: int = 6

    def check(self, battle, rules=None):
        return None

    def resolve(self, battle, dice, rules=None):
        faces = dice.roll(self.count, self.sides, "a test roll")
        return [ev.message(f"rolled {faces}", actor=self.actor)]


@dataclass(frozen=True, slots=True)
class Wait(Action):
    type: ClassVar[str] = "wait"
    title: ClassVar[str] = "Wait"

    def check(self, battle, rules=None):
        return None

    def resolve(self, battle, dice, rules=None):
        return [ev.message(f"{self.actor} waits", actor=self.actor)]


@dataclass(frozen=True, slots=True)
class AllOut(Action):
    """No defence until the actor's next turn (a turn-scoped effect)."""

    type: ClassVar[str] = "all_out"
    title: ClassVar[str] = "All out"

    def check(self, battle, rules=None):
        return None

    def resolve(self, battle, dice, rules=None):
        res = ev.Resolution(battle, dice)
        res.emit(ev.effect_start(self.actor, "all_out", until="next_turn"))
        res.emit(ev.effect_start(self.actor, "winded", until="end_of_turn"))
        return res.events


@dataclass(frozen=True, slots=True)
class Shout(Action):
    """A free action: the actor's turn goes on."""

    type: ClassVar[str] = "shout"
    title: ClassVar[str] = "Shout"
    free: ClassVar[bool] = True

    def check(self, battle, rules=None):
        return None

    def resolve(self, battle, dice, rules=None):
        return [ev.message(f"{self.actor} shouts", actor=self.actor)]


@register
class TestDouble(Ruleset):
    id: ClassVar[str] = ID
    name: ClassVar[str] = "Test double"
    source_text: ClassVar[str] = "none"
    sections: ClassVar[tuple[str, ...]] = ()
    actions: ClassVar = {c.type: c for c in (BreakFree, Pin, Move, Roll, Wait, AllOut, Shout)}
    conditions: ClassVar = {"stunned": "cannot act", "prone_ish": "a made-up condition"}
    items: ClassVar = {"knife": {"name": "Knife", "kind": "weapon"}, "rope": {"name": "Rope", "kind": "gear"}}

    def setup(self, battle):
        for f in battle.fighters:
            if f.hp is None:
                f.hp = f.stats.get("HP", f.stats.get("ST", 10))

    def legal_actions(self, battle, fighter_id):
        out = []
        for cls in (BreakFree, Pin, Wait):
            act = cls(actor=fighter_id)
            out.append(Option(act, act.check(battle)))
        return out

    def odds(self, battle, action):
        return {"done": 1.0}
