"""nd6-tactical board effects (game/rules/nd6/effects.py): the list on ``battle.state``, changed by events,
ticked at each new round (``Ruleset.start_round``) by ``clinch resolve`` and the turn controller."""

from __future__ import annotations

import json

from nd6_helpers import RULESET, battle_of, of_type

from game.dice import ScriptedDice
from game.files.situation import build_situation, parse_situation, play
from game.hexgrid import Hex
from game.rules.base import Ruleset
from game.rules.events import Resolution
from game.rules.nd6 import effects

A = {"id": "a", "side": "red", "hex": [0, 0], "stats": {"ST": 12, "DX": 12, "IQ": 10}}
B = {"id": "b", "side": "blue", "hex": [5, 0], "stats": {"ST": 12, "DX": 12, "IQ": 10}}


def test_add_remove_and_read_effects_through_events():
    battle = battle_of([A, B])
    r = Resolution(battle, ScriptedDice([]))
    effects.add_effect(r, "smoke", Hex(2, 0), 3, source="smoke_grenade")
    effects.add_effect(r, "fire", (3, 0), 2)
    assert [e["type"] for e in r.events] == ["stat", "stat"]
    assert r.events[-1]["field"] == "battle.board_effects"
    assert [e["kind"] for e in effects.effects_at(battle, Hex(2, 0))] == ["smoke"]
    assert effects.effects_at(battle, Hex(2, 0))[0]["source"] == "smoke_grenade"
    assert effects.burning_at(battle, Hex(3, 0))["kind"] == "fire"
    assert effects.burning_at(battle, Hex(2, 0)) is None
    gone = effects.remove_effect(r, "smoke", Hex(2, 0))
    assert [e["kind"] for e in gone] == ["smoke"]
    assert [e["kind"] for e in effects.board_effects(battle)] == ["fire"]


def test_s3_grenade_17_fires_smoke_in_their_hex():
    """S3-GRENADE-17, S3-SMOKE-7: a fire's hex counts as smoke for a shot through it; tear gas does not."""
    battle = battle_of([A, B], effects=[{"kind": k, "hex": [i + 1, 0], "turns_left": 3}
                                        for i, k in enumerate(("burning_liquid", "incendiary", "fire", "tear_gas"))])
    assert [effects.is_smoky(battle, Hex(q, 0)) for q in (1, 2, 3, 4, 5)] == [True, True, True, False, False]


def _situation(actions, effs, dice=()):
    data = {"ruleset": RULESET, "fighters": [A, B], "effects": effs, "actions": actions, "dice": list(dice)}
    return build_situation(parse_situation(json.dumps(data), name="t"), name="t")


def test_effects_tick_once_per_new_round_in_resolve():
    """A new round (a fighter acting again) takes one turn off every effect; one left with none goes."""
    effs = [{"kind": "smoke", "hex": [2, 0], "turns_left": 2}, {"kind": "tear_gas", "hex": [3, 0], "turns_left": 1}]
    sit = _situation([{"type": "wait", "actor": "a"}, {"type": "wait", "actor": "b"},
                      {"type": "wait", "actor": "a"}], effs)
    out = play(sit, ScriptedDice([]))
    assert sit.battle.round == 2
    left = effects.board_effects(sit.battle)
    assert [(e["kind"], e["turns_left"], e["age"]) for e in left] == [("smoke", 1, 1)]
    assert of_type(out.events, "stat")[0]["field"] == "battle.board_effects"


def test_s3_fire_11_a_fire_burns_down_to_coals():
    """S3-FIRE-11 (ruling ND6-20): a plain fire that runs out lies as hot coals for a few rounds."""
    sit = _situation([{"type": "wait", "actor": "a"}, {"type": "wait", "actor": "a"}],
                     [{"kind": "fire", "hex": [2, 0], "turns_left": 1}])
    play(sit, ScriptedDice([]))
    assert [(e["kind"], e["hex"]) for e in effects.board_effects(sit.battle)] == [("coals", [2, 0])]


def test_no_effects_no_events():
    sit = _situation([{"type": "wait", "actor": "a"}, {"type": "wait", "actor": "a"}], [])
    out = play(sit, ScriptedDice([]))
    assert not [e for e in out.events if e.get("field") == "battle.board_effects"]


def test_turn_controller_calls_start_round_from_the_second_round():
    """The round hook runs at every new round but the battle's first, before the turn order's own."""
    from test_turns_double import TurnsDouble, make_battle

    from game.flow.turns import TurnController

    calls: list[tuple[int, int]] = []  # (round, log entries so far)

    class Probe(TurnsDouble):
        def start_round(self, battle, dice):
            calls.append((battle.round, len(battle.log)))
            return []

    assert Ruleset.start_round(TurnsDouble(), make_battle(), ScriptedDice([])) == []  # the default: nothing
    tc = TurnController(make_battle(), Probe())
    assert calls == []
    for _ in range(40):
        if tc.battle.round >= 3 or tc.is_over():
            break
        tc.end_turn()
    assert [c[0] for c in calls] == [2, 3]
