"""The G3-3 turn sequence as a policy (``SidesThenOrder``): side roll, the winner's choice, movement by side,
actions by a key (adjusted DX; a ready bayonet first, S3-BAYONET-6), ties by a roll-off.

A test double ruleset (not registered) plays it through the real turn controller: its key is
``(bayonet in hand, DX)`` the way nd6's is ``(ready bayonet, adjusted DX)``, and it offers the two
choice actions of the choose slot the way the nd6 ruleset does (the contract in ``choice_event``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from hypothesis import given, settings
from hypothesis import strategies as st
from test_turns_double import DoNothing, TurnsDouble, make_battle

from game.flow.turns import TurnController
from game.model import Side
from game.rules import events as ev
from game.rules.base import Action, Reason
from game.rules.initiative import SIDE_PHASES, SidesThenOrder


def key(battle, f) -> tuple[int, int]:
    """The double's action key: a bayonet in hand (S3-BAYONET-6), then DX."""
    return (1 if "rifle_bayonet" in f.hands.values() else 0, int(f.stats.get("DX", 10)))


def able(battle, fid) -> bool:
    return not battle.fighter(fid).has("unconscious")


POLICY = SidesThenOrder(key=key, can_act=able, can_move=able)


@dataclass(frozen=True, slots=True)
class MoveFirst(Action):
    """G3-3: the winner of the side roll has its side move first."""

    type: ClassVar[str] = "move_first"

    def check(self, battle, rules=None) -> Reason | None:
        return POLICY.can_choose(battle, self.actor)

    def resolve(self, battle, dice, rules=None):
        res = ev.Resolution(battle, dice)
        res.emit(POLICY.choice_event(battle, self.actor, first=True))
        return res.events


@dataclass(frozen=True, slots=True)
class MoveSecond(Action):
    """G3-3: the winner of the side roll lets the other side move first."""

    type: ClassVar[str] = "move_second"

    def check(self, battle, rules=None) -> Reason | None:
        return POLICY.can_choose(battle, self.actor)

    def resolve(self, battle, dice, rules=None):
        res = ev.Resolution(battle, dice)
        res.emit(POLICY.choice_event(battle, self.actor, first=False))
        return res.events


@dataclass(frozen=True, slots=True)
class Act(Action):
    """Whatever the fighter does in the current phase."""

    type: ClassVar[str] = "act"

    def check(self, battle, rules=None):
        return None

    def resolve(self, battle, dice, rules=None):
        return [ev.message(f"{self.actor} acts", actor=self.actor)]


class SidesDouble(TurnsDouble):
    """The turns double with the G3-3 order and the choose slot's two actions; records each end of a step."""

    actions = dict(TurnsDouble.actions, move_first=MoveFirst, move_second=MoveSecond, act=Act)

    def __init__(self, policy: SidesThenOrder = POLICY) -> None:
        super().__init__(policy)
        self.phase_ends: list[list] = []

    def end_phase(self, battle, step, dice):
        self.phase_ends.append(list(step))
        return []


def battle(dx=(12, 11, 10, 9), seed=1):
    """r0, b0, r1, b1 (red and blue alternate in ``battle.fighters``) with the given DX."""
    b = make_battle(seed, per_side=2)
    for f, d in zip(b.fighters, dx):
        f.stats = {"ST": 10, "DX": d, "HT": 10}
    return b


def cursor(c: TurnController) -> dict:
    return c.battle.state["initiative"]


def slots(c: TurnController, n: int) -> list[tuple[str, str]]:
    """Play ``n`` slots with Act: (phase, fighter) of each."""
    out = []
    for _ in range(n):
        out.append((cursor(c)["phase"], c.whose_turn()))
        assert c.submit(Act(c.whose_turn())).ok
    return out


# -- (1) the side roll --------------------------------------------------------------------------------------

def test_g3_3_each_side_rolls_1d6_and_a_tie_is_rolled_again():
    """G3-3: red 3 v blue 3 ties, so both roll again: red 5 v blue 2, red wins and chooses."""
    c = TurnController(battle(), SidesDouble(), dice=[3, 3, 5, 2])
    rolls = [e for e in c.battle.log[0]["events"] if e["type"] == "roll"]
    assert [(r["label"], r["actor"], r["total"]) for r in rolls] == [
        ("initiative: Red", "r0", 3), ("initiative: Blue", "b0", 3),
        ("initiative: Red", "r0", 5), ("initiative: Blue", "b0", 2)]
    assert all(r["rule"] == "G3-3" for r in rolls)
    cur = cursor(c)
    assert cur["side_rolls"] == {"red": 5, "blue": 2} and cur["winner"] == "red" and cur["rerolls"] == 1
    assert c.scripted_left == []  # DX all differ: no roll-off
    assert c.whose_turn() == "r0" and cur["phase"] == "choose" and cur["chooser"] == "r0"


def test_g3_3_the_roll_is_made_by_the_sides_first_able_fighter():
    """G3-3: an unconscious fighter neither rolls for its side nor chooses; the next of its side does."""
    b = battle()
    b.fighter("b0").conditions.append("unconscious")
    c = TurnController(b, SidesDouble(), dice=[1, 6])
    rolls = [e for e in b.log[0]["events"] if e["type"] == "roll"]
    assert [r["actor"] for r in rolls] == ["r0", "b1"]
    assert cursor(c)["winner"] == "blue" and c.whose_turn() == "b1" and "b0" not in b.order


# -- (2) the winner's choice and the movement by side ------------------------------------------------------

def test_g3_3_winner_moves_first():
    """G3-3: red wins and chooses to move first: red's fighters move, then blue's, then all act by DX."""
    c = TurnController(battle(dx=(12, 11, 10, 9)), SidesDouble(), dice=[5, 2, 1, 6])
    r = c.submit(MoveFirst("r0"))
    assert r.ok and c.battle.state["sides_first"] == "red"
    stat = [e for e in r.events if e["type"] == "stat"][0]
    assert stat["field"] == "battle.sides_first" and stat["value"] == "red" and stat["rule"] == "G3-3"
    assert POLICY.choice_words(c.battle, stat) == "Red won the initiative and moves first."
    assert slots(c, 8) == [("movement", "r0"), ("movement", "r1"), ("movement", "b0"), ("movement", "b1"),
                           ("action", "r0"), ("action", "b0"), ("action", "r1"), ("action", "b1")]


def test_g3_3_winner_moves_second():
    """G3-3: blue wins and lets red move first."""
    c = TurnController(battle(), SidesDouble(), dice=[2, 5])
    assert c.whose_turn() == "b0"
    r = c.submit(MoveSecond("b0"))
    assert r.ok and c.battle.state["sides_first"] == "red"
    assert POLICY.choice_words(c.battle, r.events[0]) == "Blue won the initiative and lets Red move first."
    assert POLICY.choice_words(c.battle, ev.stat("b0", "hp", 3)) is None
    assert slots(c, 4) == [("movement", "r0"), ("movement", "r1"), ("movement", "b0"), ("movement", "b1")]
    assert c.initiative()["moves_first"] == "red"


def test_g3_3_no_choice_made_the_winner_moves_second():
    """G3-3 (a chooser who passes): the winner's side moves last, having seen the others move."""
    c = TurnController(battle(), SidesDouble(), dice=[6, 1])
    assert c.submit(DoNothing("r0")).ok
    assert "sides_first" not in c.battle.state
    assert slots(c, 4) == [("movement", "b0"), ("movement", "b1"), ("movement", "r0"), ("movement", "r1")]


def test_g3_3_only_the_chooser_in_its_slot_may_choose():
    c = TurnController(battle(), SidesDouble(), dice=[6, 1])
    assert c.submit(MoveFirst("b0")).reason.kind == "not_your_turn"
    assert c.submit(DoNothing("r0")).ok
    r = c.submit(MoveFirst(c.whose_turn()))
    assert r.rejected and r.reason.rule == "G3-3" and "winner" in r.reason.text


def test_g3_3_the_choice_holds_for_one_round_and_the_next_round_rolls_again():
    c = TurnController(battle(), SidesDouble(), dice=[5, 2, 1, 4])
    assert c.submit(MoveFirst("r0")).ok
    slots(c, 8)
    assert c.battle.round == 2 and "sides_first" not in c.battle.state
    cur = cursor(c)
    assert cur["side_rolls"] == {"red": 1, "blue": 4} and cur["winner"] == "blue" and c.whose_turn() == "b0"


def test_g3_3_choose_off_or_three_sides_have_no_choose_slot():
    """With ``choose=False`` (or more than two sides) nobody chooses: the winner moves last."""
    off = SidesThenOrder(key=key, choose=False)
    c = TurnController(battle(), SidesDouble(off), dice=[6, 1])
    assert cursor(c)["phase"] == "movement" and c.whose_turn() == "b0"
    b = make_battle(per_side=3)
    b.sides.append(Side(id="green", name="Green"))
    b.fighters[4].side = "green"
    for i, f in enumerate(b.fighters):
        f.stats = {"ST": 10, "DX": 10 + i, "HT": 10}
    c = TurnController(b, SidesDouble(), dice=[2, 6, 3])
    cur = cursor(c)
    assert cur["winner"] == "blue" and cur["chooser"] is None and cur["phase"] == "movement"
    assert c.initiative()["movement_sides"] == ["red", "green", "blue"]


# -- (3) actions by the key --------------------------------------------------------------------------------

def test_g3_3_equal_dx_are_settled_by_one_roll_off_among_the_tied_only():
    """G3-3: r0 and b0 both DX 12: one 1d6 each (2, 5), b0 first; the others need no roll."""
    c = TurnController(battle(dx=(12, 12, 10, 14)), SidesDouble(), dice=[4, 2, 2, 5])
    assert c.battle.order == ["b1", "b0", "r0", "r1"]
    offs = [e for e in c.battle.log[0]["events"] if e.get("label") == "initiative roll-off"]
    assert [(e["actor"], e["total"], e["rule"]) for e in offs] == [("r0", 2, "G3-3"), ("b0", 5, "G3-3")]
    assert cursor(c)["rolloff"] == {"r0": 2, "b0": 5} and c.scripted_left == []


def test_g3_3_a_roll_off_that_ties_again_falls_to_side_order():
    """G3-3: one roll-off only; equal faces leave side order (red first), then id."""
    c = TurnController(battle(dx=(12, 12, 10, 14)), SidesDouble(), dice=[4, 2, 3, 3])
    assert c.battle.order == ["b1", "r0", "b0", "r1"]


def test_s3_bayonet_6_a_ready_bayonet_acts_before_any_dx():
    """S3-BAYONET-6: r1 (DX 8) holds a rifle with a bayonet: it acts first, before b1's DX 14."""
    b = battle(dx=(12, 11, 8, 14))
    b.fighter("r1").hands["right"] = "rifle_bayonet"
    c = TurnController(b, SidesDouble(), dice=[5, 2, 5, 2])
    assert b.order == ["r1", "b1", "r0", "b0"]
    assert c.submit(DoNothing("r0")).ok
    assert [s for s in slots(c, 8) if s[0] == "action"] == [("action", f) for f in b.order]


def test_g3_3_the_action_order_is_made_again_each_round_from_the_key():
    b = battle(dx=(12, 11, 10, 9))
    c = TurnController(b, SidesDouble(), dice=[5, 2, 5, 2])
    assert b.order == ["r0", "b0", "r1", "b1"]
    b.fighter("b1").stats["DX"] = 15  # say, a wound on someone else or a drug: adjusted DX now
    assert c.submit(DoNothing("r0")).ok
    slots(c, 8)
    assert b.round == 2 and b.order == ["b1", "r0", "b0", "r1"]


# -- the controller --------------------------------------------------------------------------------------

def test_g3_3_slots_through_the_controller_with_the_end_of_each_step():
    """G3-3: choose, red's movement, blue's movement, actions; the ruleset's end_phase sees each step end."""
    rs = SidesDouble()
    b = battle()
    b.fighter("r1").conditions.append("unconscious")  # out: no slot anywhere
    c = TurnController(b, rs, dice=[5, 2, 3, 4])
    assert c.submit(MoveFirst("r0")).ok
    got = slots(c, 5)
    assert got == [("movement", "r0"), ("movement", "b0"), ("movement", "b1"),
                   ("action", "r0"), ("action", "b0")]
    assert cursor(c)["phase"] == "action" and c.whose_turn() == "b1"
    assert c.submit(Act("b1")).ok and b.round == 2
    assert rs.phase_ends == [["choose"], ["movement", "red"], ["movement", "blue"], ["action"]]


def test_g3_3_a_fighter_who_drops_during_movement_loses_its_action():
    c = TurnController(battle(), SidesDouble(), dice=[5, 2, 1, 2])
    c.submit(MoveFirst("r0"))
    slots(c, 3)  # r0, r1, b0 move
    c.battle.fighter("b0").conditions.append("unconscious")
    rest = slots(c, 4)
    assert rest == [("movement", "b1"), ("action", "r0"), ("action", "r1"), ("action", "b1")]


# -- describe() and the bar -----------------------------------------------------------------------------

def test_g3_3_describe_says_the_roll_the_mover_the_phase_and_the_order():
    c = TurnController(battle(dx=(12, 12, 10, 14)), SidesDouble(), dice=[4, 2, 2, 5])
    info = c.initiative()
    assert info["policy"] == "sides" and info["phases"] == list(SIDE_PHASES) == ["choose", "movement", "action"]
    assert info["side_rolls"] == {"red": 4, "blue": 2} and info["winner"] == "red"
    assert info["phase"] == "choose" and info["moves_first"] is None and info["chooser"] == "r0"
    assert info["side_names"] == {"red": "Red", "blue": "Blue"}
    assert info["dx_order"] == [{"fighter": "b1", "key": [0, 14], "roll_off": None},
                                {"fighter": "b0", "key": [0, 12], "roll_off": 5},
                                {"fighter": "r0", "key": [0, 12], "roll_off": 2},
                                {"fighter": "r1", "key": [0, 10], "roll_off": None}]
    assert info["order"] == ["b1", "b0", "r0", "r1"]
    c.submit(MoveSecond("r0"))
    info = c.initiative()
    assert info["moves_first"] == "blue" and info["phase"] == "movement" and info["moving_side"] == "blue"
    assert info["movement_sides"] == ["blue", "red"] and info["current"] == "b0"


def test_g3_3_a_round_saves_and_replays_exactly(tmp_path):
    """G3-3: the side roll, the choice and the roll-off are in the log; the replay gives the same battle."""
    from game.files.saves import load_game, save_game, state_hash

    rs = SidesDouble()
    c = TurnController(battle(dx=(12, 12, 10, 10), seed=7), rs)
    chooser = c.whose_turn()
    assert cursor(c)["phase"] == "choose"
    assert c.submit(MoveFirst(chooser)).ok
    for _ in range(10):  # the rest of round 1 and into round 2
        c.submit(Act(c.whose_turn()) if cursor(c)["phase"] != "choose" else MoveSecond(c.whose_turn()))
    assert c.battle.round == 2
    loaded = load_game(save_game(c, tmp_path / "sides.json"), ruleset=SidesDouble())
    assert state_hash(loaded.battle) == state_hash(c.battle)
    assert loaded.battle.state["initiative"] == c.battle.state["initiative"]
    assert loaded.initiative() == c.initiative()


# -- nd6's configuration (game/rules/nd6/initiative.py) on the registered ruleset --------------------------

def nd6_battle(dx=(12, 11, 8, 14)):
    from game.rules.base import find_ruleset

    b = make_battle(per_side=2)
    b.ruleset = "nd6-tactical"
    for f, d in zip(b.fighters, dx):
        f.stats = {"ST": 12, "DX": d, "IQ": 10, "MOV": 10, "MA": 0}
    return b, find_ruleset("nd6-tactical")


def test_s3_bayonet_6_nd6_a_ready_bayonet_first_then_adjusted_dx():
    """S3-BAYONET-6 + G3-3 in nd6: r1's rifle with bayonet in hand goes first (DX 8); b1's full body armour
    (-2 DX, G3-6) puts its DX 14 at 12, level with r0, so they roll off (b1 3, r0 5); b0's bayonet on its
    belt is not ready and counts for nothing."""
    b, rs = nd6_battle()
    b.fighter("r1").hands = {"right": "rifle_bayonet", "left": None}
    b.fighter("b1").items = ["full_body_armor"]
    b.fighter("b0").traits = {"belt": ["rifle_bayonet"]}
    c = TurnController(b, rs, dice=[5, 2, 5, 3])
    assert b.order == ["r1", "r0", "b1", "b0"]
    assert [r["key"] for r in c.initiative()["dx_order"]] == [[1, 8], [0, 12], [0, 12], [0, 11]]
    assert c.initiative()["order_by"] and c.initiative()["policy"] == "sides"


def test_g3_3_nd6_choose_slot_offers_move_first_or_second():
    """G3-3 in nd6: the winner's fighter is offered the two choices; choosing to move first moves its side first."""
    b, rs = nd6_battle(dx=(12, 11, 10, 9))
    c = TurnController(b, rs, dice=[2, 6])
    assert c.whose_turn() == "b0" and c.initiative()["phase"] == "choose"
    legal = [o.action for o in rs.legal_actions(b, "b0") if o.legal]
    firsts = [a for a in legal if a.type == "move_order"]
    assert sorted(a.first for a in firsts) == [False, True]
    assert c.submit(next(a for a in firsts if a.first)).ok
    info = c.initiative()
    assert b.state["sides_first"] == "blue" and info["moves_first"] == "blue" and info["phase"] == "movement"
    assert c.whose_turn() == "b0" and info["movement_sides"] == ["blue", "red"]


# -- the shape of any round ------------------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(dx=st.lists(st.integers(8, 14), min_size=4, max_size=4), seed=st.integers(0, 10_000),
       bayonet=st.sampled_from([None, "r0", "b0", "r1", "b1"]), first=st.booleans())
def test_g3_3_any_round_is_choose_then_each_side_moving_whole_then_actions_by_key(dx, seed, bayonet, first):
    """G3-3 / S3-BAYONET-6 for any DX, dice and bayonet: one choose slot, each side's movement in one run,
    every fighter one movement and one action slot, actions in non-increasing key order."""
    b = battle(dx=tuple(dx), seed=seed)
    if bayonet:
        b.fighter(bayonet).hands["right"] = "rifle_bayonet"
    c = TurnController(b, SidesDouble())
    chooser = c.whose_turn()
    assert cursor(c)["phase"] == "choose" and b.fighter(chooser).side == cursor(c)["winner"]
    assert c.submit((MoveFirst if first else MoveSecond)(chooser)).ok
    got = slots(c, 8)
    assert b.round == 2
    moving = [b.fighter(f).side for p, f in got if p == "movement"]
    assert [p for p, _ in got] == ["movement"] * 4 + ["action"] * 4
    winner_first = moving[0] == b.fighter(chooser).side
    assert winner_first == first and moving in (["red", "red", "blue", "blue"], ["blue", "blue", "red", "red"])
    acted = [f for p, f in got if p == "action"]
    assert sorted(acted) == sorted(f.id for f in b.fighters)
    keys = [key(b, b.fighter(f)) for f in acted]
    assert keys == sorted(keys, reverse=True)
    assert bayonet is None or acted[0] == bayonet
