"""A small made-up ruleset (``turns-double``) to drive the turn controller before the real ones land.

Not registered (so ``clinch rulesets`` never lists it): tests pass the
instance to ``TurnController`` and the save functions. Its rules are made up
(no checklist ID) except where a docstring cites one: hit on 1d6 >= 4, damage
1d3, a 6 stuns, a stunned fighter can only do nothing and rolls 1d6 at the
end of its turn to recover (4+), all-out attack: +1 to hit and no defence
(hit on 2+) until its next turn (``next_turn`` effect), rally: heal 1, once
per 4 turns (``turns`` effect), choke: the target loses 1 HP at the start of
each of its turns for 3 turns (a ``turns`` effect read by ``start_turn``),
taunt: the taunter is hit more easily until the end of its own turn
(``end_of_turn``). Turn order: Basic Speed (G0-4 preset).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.hexgrid import Hex, hex_distance, hex_neighbors
from game.model import Battle, Board, Fighter, RngState, Side
from game.rules import events as ev
from game.rules.base import Action, Option, Reason, Ruleset
from game.rules.initiative import basic_speed_order

ID = "turns-double"


def _stunned(battle: Battle, actor: str) -> Reason | None:
    if battle.fighter(actor).has("stunned"):
        return Reason(f"{battle.fighter(actor).label} is stunned and can only do nothing.", "T-STUN")
    return None


def _foe(battle: Battle, actor: str, target: str) -> Reason | None:
    me, them = battle.get(actor), battle.get(target)
    if them is None:
        return Reason(f"There is no fighter {target!r}.", "", "unknown")
    if them.side == me.side:
        return Reason(f"{them.label} is on your side.", "T-ATTACK")
    if hp(them) <= 0 or them.has("unconscious"):
        return Reason(f"{them.label} is already down.", "T-ATTACK")
    if hex_distance(me.hex, them.hex) != 1:
        return Reason(f"{them.label} is not next to {me.label}.", "T-ATTACK")
    return None


def hp(f: Fighter) -> int:
    return f.hp if f.hp is not None else f.stats.get("ST", 10)


@dataclass(frozen=True, slots=True)
class Move(Action):
    type: ClassVar[str] = "move"
    title: ClassVar[str] = "Move"
    to: tuple[int, int] = (0, 0)

    def check(self, battle, rules=None):
        if r := _stunned(battle, self.actor):
            return r
        me, dest = battle.fighter(self.actor), Hex(*self.to)
        if hex_distance(me.hex, dest) != 1:
            return Reason("A move goes to a neighbouring hex.", "T-MOVE")
        if not battle.board.is_open(dest):
            return Reason("That hex is not open ground.", "T-MOVE")
        if battle.fighters_at(dest):
            return Reason("That hex is taken.", "T-MOVE")
        return None

    def resolve(self, battle, dice, rules=None):
        res = ev.Resolution(battle, dice)
        res.emit(ev.move(self.actor, Hex(*self.to), rule="T-MOVE"))
        return res.events


def _attack(res: ev.Resolution, actor: str, target: str, bonus: int) -> None:
    b = res.battle
    need = 2 if (ev.has_effect(b, target, "no_defence") or ev.has_effect(b, target, "taunting")) else 4
    face = res.dice.roll(1, 6, "to hit", "T-ATTACK")[0]
    total = face + bonus
    res.note({"type": "roll", "actor": actor, "label": "to hit", "rule": "T-ATTACK", "base": 0,
              "modifiers": [{"value": bonus, "reason": "all-out", "rule": "T-AOA"}] if bonus else [],
              "dc": need, "dice": [face], "total": total, "success": total >= need, "margin": total - need})
    if total < need:
        return
    dmg = res.dice.roll(1, 3, "damage", "T-DAMAGE")[0]
    them = b.fighter(target)
    res.emit(ev.damage(actor, target, dmg, injury=dmg, rule="T-DAMAGE"))
    if hp(them) <= 0 and not them.has("unconscious"):
        res.emit(ev.condition(target, add="unconscious", actor=actor, rule="T-DOWN"))
    elif face == 6 and not them.has("stunned"):
        res.emit(ev.condition(target, add="stunned", actor=actor, rule="T-STUN"))


@dataclass(frozen=True, slots=True)
class Attack(Action):
    type: ClassVar[str] = "attack"
    title: ClassVar[str] = "Attack"
    target: str = ""

    def check(self, battle, rules=None):
        return _stunned(battle, self.actor) or _foe(battle, self.actor, self.target)

    def resolve(self, battle, dice, rules=None):
        res = ev.Resolution(battle, dice)
        _attack(res, self.actor, self.target, 0)
        return res.events


@dataclass(frozen=True, slots=True)
class AllOutAttack(Action):
    type: ClassVar[str] = "all_out_attack"
    title: ClassVar[str] = "All-out attack"
    target: str = ""

    def check(self, battle, rules=None):
        return _stunned(battle, self.actor) or _foe(battle, self.actor, self.target)

    def resolve(self, battle, dice, rules=None):
        res = ev.Resolution(battle, dice)
        _attack(res, self.actor, self.target, 1)
        res.emit(ev.effect_start(self.actor, "no_defence", until="next_turn", rule="T-AOA"))
        return res.events


@dataclass(frozen=True, slots=True)
class Rally(Action):
    type: ClassVar[str] = "rally"
    title: ClassVar[str] = "Rally"

    def check(self, battle, rules=None):
        if r := _stunned(battle, self.actor):
            return r
        if ev.has_effect(battle, self.actor, "rallied"):
            return Reason("Rally works once per 4 turns.", "T-RALLY")
        return None

    def resolve(self, battle, dice, rules=None):
        res = ev.Resolution(battle, dice)
        me = battle.fighter(self.actor)
        res.emit(ev.stat(self.actor, "hp", hp(me) + 1, rule="T-RALLY"))
        res.emit(ev.effect_start(self.actor, "rallied", until="turns", turns=4, rule="T-RALLY"))
        return res.events


@dataclass(frozen=True, slots=True)
class Choke(Action):
    type: ClassVar[str] = "choke"
    title: ClassVar[str] = "Choke"
    target: str = ""

    def check(self, battle, rules=None):
        return _stunned(battle, self.actor) or _foe(battle, self.actor, self.target)

    def resolve(self, battle, dice, rules=None):
        res = ev.Resolution(battle, dice)
        if not ev.has_effect(battle, self.target, "choked"):
            res.emit(ev.effect_start(self.target, "choked", until="turns", turns=3, actor=self.actor,
                                     rule="T-CHOKE"))
        return res.events


@dataclass(frozen=True, slots=True)
class Taunt(Action):
    type: ClassVar[str] = "taunt"
    title: ClassVar[str] = "Taunt"

    def check(self, battle, rules=None):
        return _stunned(battle, self.actor)

    def resolve(self, battle, dice, rules=None):
        res = ev.Resolution(battle, dice)
        res.emit(ev.effect_start(self.actor, "taunting", until="end_of_turn", rule="T-TAUNT"))
        return res.events


@dataclass(frozen=True, slots=True)
class DoNothing(Action):
    type: ClassVar[str] = "do_nothing"
    title: ClassVar[str] = "Do nothing"

    def check(self, battle, rules=None):
        return None

    def resolve(self, battle, dice, rules=None):
        return []


class TurnsDouble(Ruleset):
    id = ID
    name = "Turns double"
    actions = {c.type: c for c in (Move, Attack, AllOutAttack, Rally, Choke, Taunt, DoNothing)}
    conditions = {"stunned": "can only do nothing", "unconscious": "out of the fight"}

    def __init__(self, policy=None) -> None:
        self._policy = policy

    def initiative(self):
        return self._policy if self._policy is not None else basic_speed_order()

    def candidates(self, battle: Battle, fid: str) -> list[Action]:
        me = battle.fighter(fid)
        out: list[Action] = [Move(fid, (h.q, h.r)) for h in hex_neighbors(me.hex)]
        for f in battle.fighters:
            if f.side != me.side:
                out += [Attack(fid, f.id), AllOutAttack(fid, f.id), Choke(fid, f.id)]
        out += [Rally(fid), Taunt(fid), DoNothing(fid)]
        return out

    def legal_actions(self, battle, fighter_id):
        return [Option(a, a.check(battle)) for a in self.candidates(battle, fighter_id)]

    def can_fight(self, battle, fighter):
        return hp(fighter) > 0 and not fighter.has("unconscious")

    def start_turn(self, battle, fighter_id, dice):
        res = ev.Resolution(battle, dice)
        if ev.has_effect(battle, fighter_id, "choked"):
            f = battle.fighter(fighter_id)
            res.emit(ev.stat(fighter_id, "hp", hp(f) - 1, rule="T-CHOKE"))
            if hp(f) <= 0 and not f.has("unconscious"):
                res.emit(ev.condition(fighter_id, add="unconscious", rule="T-DOWN"))
        return res.events

    def end_turn(self, battle, fighter_id, dice):
        res = ev.Resolution(battle, dice)
        f = battle.get(fighter_id)
        if f is not None and f.has("stunned") and self.can_fight(battle, f):
            face = dice.roll(1, 6, f"{f.label} shaking off the stun", "T-STUN")[0]
            res.note({"type": "roll", "actor": fighter_id, "label": "recover from stun", "rule": "T-STUN",
                      "base": 0, "modifiers": [], "dc": 4, "dice": [face], "total": face, "success": face >= 4,
                      "margin": face - 4})
            if face >= 4:
                res.emit(ev.condition(fighter_id, remove="stunned", rule="T-STUN"))
        return res.events


def make_battle(seed: int = 1, *, per_side: int = 2, stats: list[dict[str, int]] | None = None,
                size: int = 7) -> Battle:
    """Red on the left column, blue on the right, on an open field."""
    board = Board.open_field(size, size)
    fighters = []
    for i in range(per_side * 2):
        side = "red" if i % 2 == 0 else "blue"
        row = i // 2
        h = board.cells[row * size + (0 if side == "red" else size - 1)].hex
        st = (stats[i] if stats and i < len(stats) else {"ST": 4, "DX": 10 + i % 3, "HT": 10})
        fighters.append(Fighter(id=f"{side[0]}{row}", name=f"{side.title()} {row}", side=side, hex=h, stats=dict(st)))
    return Battle(ruleset=ID, board=board, fighters=fighters, rng=RngState(seed=seed),
                  sides=[Side(id="red", name="Red"), Side(id="blue", name="Blue", colour="#2980b9")])


# -- sanity of the double itself ---------------------------------------------------------------------

def test_double_offers_moves_attacks_and_a_pass():
    b = make_battle()
    rs = TurnsDouble()
    opts = rs.legal_actions(b, "r0")
    kinds = {o.action.type for o in opts if o.legal}
    assert {"move", "rally", "taunt", "do_nothing"} <= kinds
    assert all(not o.legal for o in opts if o.action.type == "attack")  # nobody adjacent yet


def test_double_actions_round_trip_through_dicts():
    rs = TurnsDouble()
    for a in rs.candidates(make_battle(), "r0"):
        assert rs.action_from_dict(a.to_dict()) == a
