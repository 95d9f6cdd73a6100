"""Initiative policies: the 3d6 Basic Speed order (G0-4), a per-round roll, and the S4 phased countdown.

The S4 part is a policy test double built from the ``PhasedCountdown``
preset the way the ``d20`` ruleset will use it: 1d6 + DEX bonus each round,
a countdown, phases within a number, holds, simultaneous numbers and
surprise. Each test cites the checklist IDs it exercises.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from test_turns_double import DoNothing, TurnsDouble, make_battle

from game.flow.turns import TurnController
from game.rules import events as ev
from game.rules.base import Action, Reason
from game.rules.initiative import (
    PHASES,
    PerRoundRoll,
    PhasedCountdown,
    basic_speed,
    basic_speed_order,
    hold_event,
    is_surprised,
    roll_1d6_plus,
    surprise_event,
)


def stats(dx: int, ht: int, st: int = 10) -> dict[str, int]:
    return {"ST": st, "DX": dx, "HT": ht}


def battle_with(*fighter_stats: dict[str, int], seed: int = 1):
    b = make_battle(seed, per_side=(len(fighter_stats) + 1) // 2, stats=list(fighter_stats), size=8)
    del b.fighters[len(fighter_stats):]
    return b


# -- 3d6: Basic Speed, ties by DX, then a roll-off made once (G0-4) -----------------------------------------

def test_basic_speed_is_dx_plus_ht_over_4_unless_given():
    b = battle_with(stats(11, 12), {"DX": 10, "HT": 10, "Speed": 7})
    assert basic_speed(b.fighters[0]) == 5.75 and basic_speed(b.fighters[1]) == 7


def test_g0_4_order_by_basic_speed_then_dx_without_any_roll():
    # r0 speed 5.5 DX 12, b0 speed 5.5 DX 10, r1 speed 6 DX 10, b1 speed 5 DX 12
    b = battle_with(stats(12, 10), stats(10, 12), stats(10, 14), stats(12, 8))
    c = TurnController(b, TurnsDouble(), dice=[])  # no faces: no roll may happen
    assert b.order == ["r1", "r0", "b0", "b1"]
    assert b.log[0]["dice"] == [] and b.log[0]["events"][-1]["order"] == b.order
    assert c.whose_turn() == "r1"


def test_g0_4_full_ties_roll_off_once_and_the_order_stays_fixed():
    # three fighters tied on speed and DX; one faster
    b = battle_with(stats(11, 11), stats(11, 11), stats(11, 11), stats(13, 13))
    c = TurnController(b, TurnsDouble(), dice=[2, 5, 2, 4, 1])  # r0 2, b0 5, r1 2 -> r0/r1 re-roll 4, 1
    assert b.order == ["b1", "b0", "r0", "r1"]
    assert b.log[0]["dice"] == [2, 5, 2, 4, 1]
    rolls = [e for e in b.log[0]["events"] if e["type"] == "roll"]
    assert [r["actor"] for r in rolls] == ["r0", "b0", "r1", "r0", "r1"] and rolls[0]["rule"] == "G0-4"
    seen = []
    for _ in range(8):  # two whole rounds: same order, no more dice
        seen.append(c.whose_turn())
        c.end_turn()
    assert seen == b.order * 2 and c.battle.round == 3
    assert c.scripted_left == [] and all(e["step"] != "start_round" for e in b.log[1:])


def test_g0_4_roll_off_with_seeded_dice_is_reproducible():
    orders = set()
    for _ in range(3):
        b = battle_with(stats(11, 11), stats(11, 11), stats(11, 11), stats(11, 11), seed=42)
        TurnController(b, TurnsDouble())
        orders.add(tuple(b.order))
    assert len(orders) == 1
    varied = set()
    for seed in range(12):
        b = battle_with(stats(11, 11), stats(11, 11), stats(11, 11), stats(11, 11), seed=seed)
        TurnController(b, TurnsDouble())
        varied.add(tuple(b.order))
    assert len(varied) > 3  # the seed decides the roll-off


def test_g0_4_speed_ties_broken_by_dx_even_with_lower_ht():
    b = battle_with(stats(10, 12), stats(12, 10))  # both 5.5; b0 has DX 12
    TurnController(b, TurnsDouble(), dice=[])
    assert b.order == ["b0", "r0"]


# -- a roll each round --------------------------------------------------------------------------------------

def test_per_round_roll_orders_by_the_roll_each_round_ties_by_side_then_id():
    policy = PerRoundRoll(roll_1d6_plus(lambda f: f.stats.get("DX", 10) - 10), rule="T-INIT")
    b = battle_with(stats(10, 10), stats(11, 10), stats(10, 10))  # r0 +0, b0 +1, r1 +0
    c = TurnController(b, TurnsDouble(policy), dice=[3, 2, 4, 6, 6, 5])
    assert b.order == ["r1", "r0", "b0"]  # 4, 3, 3 (b0: 2+1): tie -> red (first side) before blue
    for _ in range(3):
        c.end_turn()
    assert b.round == 2 and b.state["initiative"]["rolls"] == {"r0": 6, "b0": 7, "r1": 5}
    assert b.order == ["b0", "r0", "r1"]


# -- S4: the phased countdown, as the d20 ruleset will use it ----------------------------------------------

def dex_bonus(f) -> int:
    """G4-1: ability bonus from a score."""
    s = f.stats.get("DEX", 10)
    return -3 if s <= 3 else -2 if s <= 5 else -1 if s <= 8 else 0 if s <= 12 else 1 if s <= 15 else 2 if s <= 17 else 3


def s4_surprise(battle, dice, res):
    """S4-SURPRISE-1/2: each side that could be caught unaware rolls 1d6; surprised on 1-2 (S4-SURPRISE-5)."""
    for side in battle.options.get("may_be_surprised", []):
        face = dice.roll(1, 6, f"surprise for {side}", "S4-SURPRISE-1")[0]
        res.note({"type": "roll", "actor": side, "label": "surprise", "rule": "S4-SURPRISE-1", "base": 0,
                  "modifiers": [], "dice": [face], "total": face, "success": face > 2, "margin": face - 3})
        if face <= 2:  # S4-SURPRISE-2
            for f in battle.fighters:
                if f.side == side:
                    res.emit(surprise_event(f.id, battle.round))


def acts_in(battle, fid, phase) -> bool:
    """Slots a d20 fighter would have: movement and hand-to-hand; archers also the missile phase."""
    f = battle.fighter(fid)
    return phase in ("movement", "hand-to-hand") or (phase == "missiles" and "bow" in f.items)


S4_POLICY = PhasedCountdown(roll_1d6_plus(dex_bonus), acts_in=acts_in, surprise=s4_surprise)


@dataclass(frozen=True, slots=True)
class Hold(Action):
    """S4-INIT-5/6: act on a lower number, or with a named fighter."""

    type: ClassVar[str] = "hold"
    count: int | None = None
    with_fighter: str | None = None

    def check(self, battle, rules=None):
        return S4_POLICY.can_hold(battle, self.actor, self.count, self.with_fighter)

    def resolve(self, battle, dice, rules=None):
        res = ev.Resolution(battle, dice)
        res.emit(hold_event(self.actor, battle.round, count=self.count, with_fighter=self.with_fighter))
        return res.events


@dataclass(frozen=True, slots=True)
class PhaseAct(Action):
    """Whatever the fighter does in the current phase (the d20 ruleset offers per-phase actions)."""

    type: ClassVar[str] = "act"

    def check(self, battle, rules=None):
        return None

    def resolve(self, battle, dice, rules=None):
        phase = battle.state["initiative"]["phase"]
        return [ev.message(f"{self.actor} acts in the {phase} phase", actor=self.actor, rule="S4-PHASE-1")]


class S4Double(TurnsDouble):
    """A d20-shaped test double: phased countdown, holds, simultaneous groups, surprise."""

    actions = dict(TurnsDouble.actions, hold=Hold, act=PhaseAct)

    def __init__(self):
        super().__init__(S4_POLICY)
        self.phase_ends: list[list] = []

    def end_phase(self, battle, step, dice):
        """GX-4: where deferred damage of simultaneous actions would land; here it is only recorded."""
        self.phase_ends.append(list(step))
        return [ev.message(f"number {step[0]}, {step[1]} phase resolved", rule="GX-4")]


def s4_battle(dexes, *, items=None, surprised_sides=()):
    b = make_battle(per_side=(len(dexes) + 1) // 2, size=8)
    del b.fighters[len(dexes):]
    for f, dex in zip(b.fighters, dexes):
        f.stats = {"STR": 10, "DEX": dex, "CON": 10, "ST": 10}
    for fid, its in (items or {}).items():
        b.fighter(fid).items = list(its)
    b.options["may_be_surprised"] = list(surprised_sides)
    b.ruleset = "s4-double"
    return b


def slots_of(c: TurnController, n: int) -> list[tuple[str, int, str]]:
    out = []
    for _ in range(n):
        cur = c.battle.state["initiative"]
        out.append((c.whose_turn(), cur["count"], cur["phase"]))
        assert c.submit(PhaseAct(c.whose_turn())).ok
    return out


def test_s4_init_1_2_phase_1_countdown_with_phases_inside_each_number():
    """S4-INIT-1 (1d6 + DEX bonus), S4-INIT-2 (high to low), S4-PHASE-1 (movement ... hand-to-hand)."""
    b = s4_battle([16, 10, 7], items={"b0": ["bow"]})  # r0 +2, b0 +0, r1 -1
    c = TurnController(b, S4Double(), dice=[3, 4, 6, 1, 1, 1])
    rolls = b.state["initiative"]["rolls"]
    assert rolls == {"r0": 5, "b0": 4, "r1": 5}
    init = [e for e in b.log[0]["events"] if e["type"] == "roll"]
    assert init[0]["modifiers"] == [{"value": 2, "reason": "DEX bonus", "rule": "S4-INIT-1"}]
    got = slots_of(c, 7)
    assert got == [
        ("r0", 5, "movement"), ("r1", 5, "movement"),  # S4-INIT-3: equal numbers, each phase for all
        ("r0", 5, "hand-to-hand"), ("r1", 5, "hand-to-hand"),
        ("b0", 4, "movement"), ("b0", 4, "missiles"), ("b0", 4, "hand-to-hand"),  # the archer's missile slot
    ]
    assert b.round == 2  # None ended the round; the next round rolled again
    assert b.state["initiative"]["phase"] == "movement"  # visible for the initiative bar
    bar = c.initiative()
    assert bar["phase"] == "movement" and bar["phases"] == list(PHASES) and len(bar["rows"]) == 3


def test_s4_init_3_gx_4_end_phase_hook_runs_when_each_simultaneous_group_ends():
    """S4-INIT-3 + GX-4: equal numbers act together; the ruleset settles each (number, phase) group."""
    rs = S4Double()
    b = s4_battle([10, 10, 10])
    c = TurnController(b, rs, dice=[3, 3, 2, 6, 6, 6])
    slots_of(c, 6)
    assert rs.phase_ends == [[3, "movement"], [3, "hand-to-hand"], [2, "movement"], [2, "hand-to-hand"]]
    assert [e["step"] for e in b.log if e["step"] == "end_phase"] == ["end_phase"] * 4


def test_s4_init_5_hold_to_a_lower_number():
    """S4-INIT-5: r0 (6) holds to 2 and then acts after b0 (4), on 2, in every phase there."""
    b = s4_battle([10, 10])
    c = TurnController(b, S4Double(), dice=[6, 4, 1, 1])
    assert c.whose_turn() == "r0"
    r = c.submit(Hold("r0", count=2))
    assert r.ok and r.entries[0]["events"][0]["rule"] == "S4-INIT-5"
    got = slots_of(c, 4)
    assert got == [("b0", 4, "movement"), ("b0", 4, "hand-to-hand"), ("r0", 2, "movement"),
                   ("r0", 2, "hand-to-hand")]
    assert b.round == 2 and not any(e["kind"] == "hold" for e in b.effects)  # holds end with the round


def test_s4_init_5_holding_is_refused_upward_or_after_acting():
    b = s4_battle([10, 10])
    c = TurnController(b, S4Double(), dice=[6, 4])
    r = c.submit(Hold("r0", count=6))
    assert r.rejected and r.reason.rule == "S4-INIT-5" and "lower number" in r.reason.text
    c.submit(PhaseAct("r0"))  # acted in the movement phase
    r = c.submit(Hold("r0", count=1))
    assert r.rejected and "before it has acted" in r.reason.text


def test_s4_init_6_wait_for_a_named_fighter_acts_on_its_number_simultaneously():
    """S4-INIT-6: r0 (6) waits for r1 (2): both act on 2, phase by phase; b0 (4) goes between."""
    b = s4_battle([10, 10, 10])
    c = TurnController(b, S4Double(), dice=[6, 4, 2, 1, 1, 1])
    assert c.submit(Hold("r0", with_fighter="r1")).ok
    got = slots_of(c, 6)
    assert got == [("b0", 4, "movement"), ("b0", 4, "hand-to-hand"),
                   ("r0", 2, "movement"), ("r1", 2, "movement"),
                   ("r0", 2, "hand-to-hand"), ("r1", 2, "hand-to-hand")]


def test_s4_init_6_cannot_wait_for_someone_who_already_acted():
    b = s4_battle([10, 10, 10])
    c = TurnController(b, S4Double(), dice=[6, 4, 2])
    slots_of(c, 2)  # r0 done on 6
    r = c.submit(Hold("b0", with_fighter="r0"))
    assert r.rejected and r.reason.rule == "S4-INIT-6" and "already had their number" in r.reason.text


def test_s4_round_2_surprise_5_surprised_side_loses_round_one_but_not_round_two():
    """S4-SURPRISE-1/2/5 and S4-ROUND-2: the surprised side rolls no initiative and gets no turn in round 1."""
    b = s4_battle([10, 10, 10, 10], surprised_sides=["blue"])
    c = TurnController(b, S4Double(), dice=[2, 5, 3,  4, 4, 4, 4])  # blue's surprise die: 2 -> surprised
    assert is_surprised(b, "b0") and is_surprised(b, "b1")
    assert set(b.state["initiative"]["rolls"]) == {"r0", "r1"}  # only those not surprised roll
    assert c.initiative()["surprised"] == ["b0", "b1"]
    got = slots_of(c, 4)
    assert {g[0] for g in got} == {"r0", "r1"}
    assert b.round == 2 and not is_surprised(b, "b0")
    assert set(b.state["initiative"]["rolls"]) == {"r0", "b0", "r1", "b1"}  # no second surprise check
    ended = [e for e in b.log if e["step"] == "end_round"][0]["events"]
    assert {(e["fighter"], e["kind"]) for e in ended} == {("b0", "surprised"), ("b1", "surprised")}


def test_s4_everybody_surprised_round_is_empty_not_an_endless_loop():
    b = s4_battle([10, 10], surprised_sides=["red", "blue"])
    c = TurnController(b, S4Double(), dice=[1, 1, 3, 5])
    assert b.round == 2 and c.whose_turn() == "b0"


def test_s4_phased_battle_saves_and_replays(tmp_path):
    from game.files.saves import load_game, save_game, state_hash

    rs = S4Double()
    b = s4_battle([12, 14, 8, 10], items={"r1": ["bow"]}, surprised_sides=["red"])
    c = TurnController(b, rs)
    assert c.submit(Hold(c.whose_turn(), count=0)).ok
    for _ in range(20):
        c.submit(PhaseAct(c.whose_turn()))
    loaded = load_game(save_game(c, tmp_path / "s4.json"), ruleset=S4Double())
    assert state_hash(loaded.battle) == state_hash(c.battle)


def test_a_policy_without_holds_says_so():
    b = battle_with(stats(10, 10), stats(10, 10))
    r = basic_speed_order().can_hold(b, "r0", count=1)
    assert isinstance(r, Reason) and "no holding" in r.text


def test_pass_is_do_nothing_in_every_policy():
    b = s4_battle([10, 10])
    c = TurnController(b, S4Double(), dice=[6, 4])
    assert c.pass_intent() == DoNothing("r0")


@dataclass(frozen=True, slots=True)
class Finish(Action):
    """Knocks out every foe at once: the battle ends in the middle of a (number, phase) group."""

    type: ClassVar[str] = "finish"

    def check(self, battle, rules=None):
        return None

    def resolve(self, battle, dice, rules=None):
        me = battle.fighter(self.actor)
        res = ev.Resolution(battle, dice)
        for f in [f for f in battle.fighters if f.side != me.side]:
            res.emit(ev.condition(f.id, add="unconscious", actor=self.actor, rule="T-DOWN"))
        return res.events


def test_gx_4_end_phase_still_runs_when_the_battle_ends_inside_a_group():
    """GX-4: damage held back for the end of a number must land even if the last act ends the battle."""
    rs = S4Double()
    rs.actions = dict(rs.actions, finish=Finish)
    b = s4_battle([10, 10])
    c = TurnController(b, rs, dice=[3, 3, 6, 6])
    first = c.whose_turn()
    assert c.submit(PhaseAct(first)).ok
    r = c.submit(Finish(c.whose_turn()))
    assert r.ok and c.is_over()
    steps = [e["step"] for e in b.log]
    assert "end_phase" in steps and steps.index("end_phase") < steps.index("battle_end")
