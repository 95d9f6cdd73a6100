"""The turn controller against the ``turns-double`` ruleset: the checked door, the log, hooks, effects, dice."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from typing import ClassVar

import pytest
from test_turns_double import Attack, DoNothing, Move, Rally, Taunt, TurnsDouble, make_battle

from game.dice import DiceRequest
from game.flow.turns import IllegalIntent, InitiativeError, PassTurn, Result, TurnController, TurnSettings
from game.rules.base import Action, Reason
from game.rules.initiative import Policy


def ctl_for(battle=None, **kw) -> TurnController:
    return TurnController(battle or make_battle(), TurnsDouble(), **kw)


def adjacent_battle():
    """r0 at (0,0) and b0 at (1,0): next to each other. Order: b0 (DX 12) before r0 (DX 10)."""
    b = make_battle(per_side=1, stats=[{"ST": 4, "DX": 10, "HT": 10}, {"ST": 4, "DX": 12, "HT": 10}])
    b.fighter("b0").hex = type(b.fighter("r0").hex)(1, 0)
    return b


# -- starting and asking ------------------------------------------------------------------------------

def test_construction_starts_the_battle_and_logs_the_initiative():
    c = ctl_for()
    assert c.last.ok
    assert c.battle.round == 1 and c.battle.current == c.battle.order[0]
    assert c.whose_turn() == c.battle.order[0]
    assert c.initial is not None and c.initial.current is None and not c.initial.log
    first = c.battle.log[0]
    assert first["step"] == "start_round" and first["events"][-1]["type"] == "initiative"


def test_seat_says_who_is_human_hotseat_and_solo_are_settings():
    b = adjacent_battle()
    solo = ctl_for(b.clone(), seat={"blue": "ai"})
    assert solo.whose_turn() == "b0" and solo.current_side() == "blue" and not solo.is_human_turn()
    hot = ctl_for(b.clone())
    assert hot.is_human_turn() and hot.seat == {"red": "human", "blue": "human"}


def test_legal_actions_is_the_rulesets_view_for_the_current_fighter():
    c = ctl_for(adjacent_battle())
    opts = c.legal_actions()
    assert opts and all(o.action.actor == "b0" for o in opts)
    assert any(o.legal and o.action == Attack("b0", "r0") for o in opts)


# -- the checked door: rejections are data --------------------------------------------------------------

def test_rejections_have_a_kind_a_sentence_and_a_rule():
    c = ctl_for(adjacent_battle())
    before = c.battle.clone()
    cases = {
        "not_your_turn": Attack("r0", "b0"),
        "unknown": Move("zed", (0, 1)),
        "illegal": Move("b0", (5, 5)),
        "bad_intent": "attack!",
    }
    for kind, intent in cases.items():
        r = c.submit(intent)
        assert r.status == "rejected" and isinstance(r.reason, Reason), kind
        assert r.reason.kind == kind, (kind, r.reason)
        assert r.reason.text.endswith("."), r.reason
    assert c.submit(Move("b0", (5, 5))).reason.rule == "T-MOVE"
    assert "Blue 0's turn, not Red 0's" in c.submit(Attack("r0", "b0")).reason.text
    assert c.battle == before  # nothing changed


@dataclass(frozen=True, slots=True)
class Dance(Action):
    type: ClassVar[str] = "dance"

    def check(self, battle, rules=None):
        return None


def test_an_action_of_another_ruleset_is_unknown():
    c = ctl_for(adjacent_battle())
    r = c.submit(Dance("b0"))
    assert r.rejected and r.reason.kind == "unknown" and "dance" in r.reason.text


def test_an_accepted_intent_is_logged_with_its_dice_and_events_and_the_turn_advances():
    c = ctl_for(adjacent_battle(), dice=[4, 2])
    r = c.submit(Attack("b0", "r0"))
    assert r.ok and r.intent == Attack("b0", "r0")
    entry = r.entries[0]
    assert entry["intent"] == {"actor": "b0", "type": "attack", "target": "r0"}
    assert entry["dice"] == [4, 2] and entry["source"] == "scripted"
    assert [e["type"] for e in entry["events"]] == ["roll", "damage"]
    assert c.battle.fighter("r0").hp == 2
    assert c.whose_turn() == "r0" and c.battle.turn == 1
    assert c.battle.log[-1] is entry


def test_the_battle_ends_when_a_side_cannot_fight_and_then_refuses_intents():
    c = ctl_for(adjacent_battle(), dice=[5, 3, 5, 3])
    c.submit(Attack("b0", "r0"))  # 3 damage: r0 at 1
    r = c.submit(DoNothing("r0"))
    r = c.submit(Attack("b0", "r0"))
    assert r.ended and r.winner == "blue" and c.is_over()
    assert c.battle.log[-1]["step"] == "battle_end"
    assert "Blue wins" in c.battle.log[-1]["events"][0]["text"]
    again = c.submit(DoNothing("r0"))
    assert again.reason.kind == "game_over" and "Blue won" in again.reason.text
    assert c.whose_turn() is None and c.legal_actions() == []


def test_round_limit_ends_in_a_draw():
    c = ctl_for(adjacent_battle(), settings=TurnSettings(round_limit=2))
    for _ in range(4):
        assert c.end_turn().ok
    assert c.is_over() and c.battle.winner is None
    assert "round limit (2)" in c.battle.log[-1]["events"][0]["text"]


def test_a_scenario_objective_ends_the_battle():
    def objective(b):
        return ("red", "Red holds the centre.") if b.fighter("r0").hex.q == 0 and b.fighter("r0").hex.r == 1 else None

    c = ctl_for(adjacent_battle(), settings=TurnSettings(objective=objective))
    c.end_turn()
    r = c.submit(Move("r0", (0, 1)))
    assert r.ended and r.winner == "red" and r.events[-1]["text"] == "Red holds the centre."


def test_end_turn_shortcut_uses_the_rulesets_do_nothing_or_the_controllers_pass():
    c = ctl_for(adjacent_battle())
    assert c.pass_intent() == DoNothing("b0")
    assert c.end_turn().ok and c.whose_turn() == "r0"

    class NoPass(TurnsDouble):
        actions = {k: v for k, v in TurnsDouble.actions.items() if k != "do_nothing"}

    c2 = TurnController(adjacent_battle(), NoPass())
    assert c2.pass_intent() == PassTurn("b0")
    r = c2.end_turn()
    assert r.ok and r.entries[0]["intent"] == {"actor": "b0", "type": "pass"}
    assert c2.submit(PassTurn("r0")).ok  # the controller's own pass is a known action there


def test_trusted_door_skips_checks_but_debug_rechecks():
    c = ctl_for(adjacent_battle())
    with pytest.raises(IllegalIntent) as exc:
        TurnController(adjacent_battle(), TurnsDouble(), debug=True).apply(Attack("r0", "b0"))
    assert exc.value.reason.kind == "not_your_turn"
    r = c.apply(Attack("b0", "r0"), faces=[1])  # miss, faces given for the intent only
    assert r.ok and r.entries[0]["dice"] == [1] and r.entries[0]["source"] == "scripted"


# -- hooks and turn-scoped effects -----------------------------------------------------------------------

def test_next_turn_effect_lasts_until_the_fighters_next_turn():
    c = ctl_for(adjacent_battle(), dice=[1])
    from test_turns_double import AllOutAttack

    c.submit(AllOutAttack("b0", "r0"))  # miss; b0 has no defence until its next turn
    assert any(e["kind"] == "no_defence" for e in c.battle.effects)
    c.submit(DoNothing("r0"))  # b0's turn starts: the effect ends, logged as a start_turn entry
    assert not c.battle.effects
    entry = c.battle.log[-1]
    assert entry["step"] == "start_turn" and entry["fighter"] == "b0"
    assert entry["events"] == [{"type": "effect_end", "actor": "b0", "fighter": "b0", "kind": "no_defence"}]


def test_end_of_turn_effect_ends_with_the_turn():
    c = ctl_for(adjacent_battle())
    r = c.submit(Taunt("b0"))
    assert [e["step"] for e in r.entries] == ["intent", "end_turn"]
    assert r.entries[1]["events"][0]["type"] == "effect_end" and not c.battle.effects


def test_turns_effect_counts_battle_turns_once_per_4_turns():
    c = ctl_for(adjacent_battle())
    c.submit(Rally("b0"))  # turn 0 -> the effect starts at 0, lasts 4 battle turns
    c.end_turn()  # r0, turn 1
    assert c.submit(Rally("b0")).reason.rule == "T-RALLY"  # turn 2: still once per 4 turns
    c.end_turn()
    c.end_turn()  # r0 ends turn 3 -> counter 4: expired
    assert not c.battle.effects
    assert c.submit(Rally("b0")).ok


def test_start_turn_hook_runs_and_a_fighter_who_drops_at_its_turn_start_loses_the_turn():
    from test_turns_double import Choke

    b = adjacent_battle()
    b.fighter("r0").hp = 1
    c = ctl_for(b)
    r = c.submit(Choke("b0", "r0"))
    # r0's turn starts: 1 HP lost -> unconscious -> the battle ends at once
    steps = [e["step"] for e in r.entries]
    assert steps[:2] == ["intent", "start_turn"] and r.ended and r.winner == "blue"


def test_end_turn_hook_rolls_dice_and_is_logged():
    b = adjacent_battle()
    b.fighter("b0").conditions.append("stunned")
    c = ctl_for(b, dice=[5])
    assert c.submit(Attack("b0", "r0")).reason.rule == "T-STUN"
    r = c.end_turn()
    end = [e for e in r.entries if e["step"] == "end_turn"][0]
    assert end["dice"] == [5] and end["fighter"] == "b0"
    assert not c.battle.fighter("b0").has("stunned")


def test_a_fighter_who_cannot_act_is_skipped():
    b = make_battle(per_side=2)
    b.fighter("r1").conditions.append("unconscious")
    c = ctl_for(b)
    seen = set()
    for _ in range(8):
        seen.add(c.whose_turn())
        c.end_turn()
    assert "r1" not in seen and seen == {"r0", "b0", "b1"}


# -- manual dice ----------------------------------------------------------------------------------------

def test_manual_dice_pause_with_a_request_and_continue_to_the_same_result():
    scripted = ctl_for(adjacent_battle(), dice=[5, 3])
    scripted.submit(Attack("b0", "r0"))

    c = ctl_for(adjacent_battle(), dice="manual")
    r = c.submit(Attack("b0", "r0"))
    assert r.need_dice and isinstance(r.request, DiceRequest)
    assert (r.request.count, r.request.sides, r.request.purpose) == (1, 6, "to hit")
    assert c.waiting_for_dice == r.request and not c.battle.log[1:]  # nothing committed yet
    assert c.submit(DoNothing("b0")).reason.kind == "waiting_for_dice"
    bad = c.give_dice([7])
    assert bad.rejected and bad.reason.kind == "bad_dice" and "1 to 6" in bad.reason.text
    r = c.give_dice([5])
    assert r.need_dice and r.request.sides == 3
    r = c.give_dice([3])
    assert r.ok and r.entries[0]["dice"] == [5, 3] and r.entries[0]["source"] == "manual"
    assert c.battle.log[1:] == [dict(e, source="manual") for e in scripted.battle.log[1:]]
    assert c.battle.fighter("r0").hp == 1


def test_manual_dice_for_a_hook_and_the_initiative_roll_off():
    b = make_battle(per_side=1)  # two fighters with equal Speed and DX: a roll-off
    b.fighter("b0").stats = dict(b.fighter("r0").stats)
    c = TurnController(b, TurnsDouble(), dice="manual")
    assert c.last.need_dice and "roll-off" in c.last.request.purpose and b.current is None
    r = c.give_dice([2])
    assert r.need_dice
    r = c.give_dice([6])
    assert r.ok and b.order == ["b0", "r0"] and c.whose_turn() == "b0"
    assert b.log[0]["dice"] == [2, 6] and b.log[0]["source"] == "manual"


def test_cancelling_a_manual_roll_drops_the_intent():
    c = ctl_for(adjacent_battle(), dice="manual")
    before = c.battle.clone()
    assert c.submit(Attack("b0", "r0")).need_dice
    assert c.cancel_dice()
    assert c.battle == before and c.waiting_for_dice is None
    assert c.submit(DoNothing("b0")).ok


# -- the guard against endless rounds -----------------------------------------------------------------

class RoundRobin(Policy):
    """A broken policy: never returns None, so the round never ends."""

    name = "round-robin"

    def start_round(self, battle, dice):
        battle.order = [f.id for f in battle.fighters]
        return []

    def next(self, battle):
        cur = battle.state.setdefault("initiative", {})
        cur["index"] = (cur.get("index", 0) + 1) % len(battle.order)
        return battle.order[cur["index"]]


class Forever(RoundRobin):
    """Also broken, and its cursor never repeats: only the turn limit can catch it."""

    name = "forever"

    def next(self, battle):
        cur = battle.state.setdefault("initiative", {})
        cur["index"] = cur.get("index", 0) + 1
        return battle.order[cur["index"] % len(battle.order)]


def test_cycle_guard_catches_a_policy_that_comes_back_to_the_same_place():
    c = TurnController(make_battle(per_side=1), TurnsDouble(RoundRobin()))
    c.end_turn()
    with pytest.raises(InitiativeError, match="never end"):
        c.end_turn()


def test_cycle_guard_catches_a_policy_whose_round_never_ends():
    c = TurnController(make_battle(per_side=1), TurnsDouble(Forever()),
                       settings=TurnSettings(max_turns_per_round=10))
    with pytest.raises(InitiativeError, match="never ends the round"):
        for _ in range(20):
            c.end_turn()


def test_cycle_guard_catches_a_policy_that_skips_forever():
    b = make_battle(per_side=1)
    for f in b.fighters:
        f.conditions.append("stunned")

    class AllCannotAct(TurnsDouble):
        def can_act(self, battle, fighter):
            return False

        def can_fight(self, battle, fighter):
            return True

    with pytest.raises(InitiativeError):
        TurnController(b, AllCannotAct(Forever()))
    with pytest.raises(InitiativeError, match="gave nobody a turn"):
        TurnController(make_battle(per_side=1), AllCannotAct())


# -- results and layering -------------------------------------------------------------------------------

def test_result_to_dict_is_plain_data():
    import json

    c = ctl_for(adjacent_battle(), dice="manual")
    r = c.submit(Attack("b0", "r0"))
    d = r.to_dict()
    json.dumps(d)
    assert d["status"] == "need_dice" and d["request"]["text"].startswith("Roll 1d6 for to hit")
    assert Result("ok").events == []


def test_turns_saves_and_initiative_never_import_pygame():
    code = ("import sys; sys.modules['pygame'] = None; sys.modules['pygame_gui'] = None; "
            "import game.flow.turns, game.files.saves, game.rules.initiative; print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def test_fork_plays_on_a_copy_for_look_ahead():
    c = ctl_for(adjacent_battle())
    before = c.battle.clone()
    f = c.fork()
    assert f.whose_turn() == "b0" and f.initial is None and f.settings.autosave_dir is None
    for _ in range(6):
        assert f.apply(f.pass_intent()).ok
    assert f.battle.round == 4 and [e["step"] for e in f.battle.log] == ["intent"] * 6
    assert c.battle == before
