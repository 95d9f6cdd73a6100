"""The controller with the real ``3d6-lite`` ruleset on the default scenario (maps/arena.toml).

A whole arena battle is played through ``submit`` with scripted intents (a
fixed first round, then a simple deterministic script: attack a foe still
able to fight, else step towards the nearest one), then saved, loaded and
replayed. Properties are asserted rather than golden numbers, because the
3d6 rules are still being filled in by their own issue.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.files.saves import Replay, load_game, save_game, state_hash
from game.flow.turns import TurnController, TurnSettings
from game.hexgrid import Hex, hex_distance
from game.rules.initiative import basic_speed

ARENA = Path(__file__).resolve().parent.parent / "maps" / "arena.toml"

maps = pytest.importorskip("game.files.maps")


def arena(seed: int = 1):
    b = maps.load_scenario(ARENA)
    b.rng.seed = seed
    return b


def scripted_intent(ctl: TurnController):
    """Attack a foe still able to fight; else step towards the nearest such foe; else pass."""
    b, rs = ctl.battle, ctl.ruleset
    me = b.fighter(ctl.whose_turn())
    foes = [f for f in b.fighters if f.side != me.side and rs.can_fight(b, f)]
    legal = [o.action for o in ctl.legal_actions() if o.legal]
    ids = {f.id for f in foes}
    attacks = [a for a in legal if a.type == "attack" and getattr(a, "target", None) in ids]
    if attacks:
        return attacks[0]
    moves = [a for a in legal if a.type == "move"]
    if moves and foes:
        return min(moves, key=lambda a: (min(hex_distance(Hex(*a.to), f.hex) for f in foes), a.to))
    return ctl.pass_intent()


def play_out(ctl: TurnController, limit: int = 600) -> list:
    played = []
    while not ctl.is_over() and len(played) < limit:
        intent = scripted_intent(ctl)
        r = ctl.submit(intent)
        assert r.ok, r.reason
        played.append(intent)
    return played


def test_arena_turn_order_is_basic_speed_then_dx_then_one_roll_off():
    """G0-4 on the arena's six: cass/ann/edda/finn 6.25 (DX 14, 13, 13, 12), dane/brom 6 (DX 12, 11)."""
    b = arena()
    speeds = {f.id: basic_speed(f) for f in b.fighters}
    assert speeds == {"ann": 6.25, "brom": 6.0, "cass": 6.25, "dane": 6.0, "edda": 6.25, "finn": 6.25}
    TurnController(b, "3d6-lite", dice=[2, 5])  # only ann and edda roll off: ann 2, edda 5
    assert b.order == ["cass", "edda", "ann", "finn", "dane", "brom"]
    assert b.log[0]["dice"] == [2, 5]
    ctl2 = TurnController(arena(), "3d6-lite", dice=[6, 1])
    assert ctl2.battle.order == ["cass", "ann", "edda", "finn", "dane", "brom"]


def test_a_whole_arena_battle_through_the_controller_then_saved_loaded_and_replayed(tmp_path):
    b = arena(seed=3)
    ctl = TurnController(b, "3d6-lite", seat={"red": "human", "blue": "human"})
    order = list(b.order)
    # the first round, one by one: out-of-turn intents refused, then each fighter's own, in Basic Speed order
    first_round = []
    for fid in order:
        assert ctl.whose_turn() == fid
        wrong = next(f for f in order if f != fid)
        r = ctl.submit(ctl.pass_intent().__class__(actor=wrong))
        assert r.rejected and r.reason.kind == "not_your_turn"
        intent = scripted_intent(ctl)
        assert intent.type in ("move", "attack")
        first_round.append(intent)
        assert ctl.submit(intent).ok
    assert b.round == 2
    played = first_round + play_out(ctl)
    assert ctl.is_over() and b.winner in ("red", "blue"), b.log[-1]
    loser = "blue" if b.winner == "red" else "red"
    assert not any(ctl.ruleset.can_fight(b, f) for f in b.fighters if f.side == loser)  # G0-21
    # every round followed the fixed order (fighters who could not act are skipped)
    by_round: dict[int, list[str]] = {}
    for e in b.log:
        if e["step"] == "intent":
            by_round.setdefault(e["round"], []).append(e["intent"]["actor"])
    for rnd, actors in by_round.items():
        assert actors == [f for f in order if f in actors], rnd
    # the turn counter counts finished turns; the winning blow ends the battle inside its turn
    assert sum(len(a) for a in by_round.values()) == len(played) == b.turn + 1
    # the battle is its log
    path = save_game(ctl, tmp_path / "arena.json")
    loaded = load_game(path)
    assert state_hash(loaded.battle) == state_hash(b) and loaded.is_over()
    rep = Replay.from_save(path)
    assert len(rep) == len(played)
    assert state_hash(rep.to_end()) == state_hash(b)
    mid = len(played) // 2
    again = TurnController(arena(seed=3), "3d6-lite")
    for intent in played[:mid]:
        assert again.submit(intent).ok
    assert state_hash(rep.goto(mid)) == state_hash(again.battle)


def test_arena_solo_undo_and_redo_with_the_real_rules():
    ctl = TurnController(arena(seed=5), "3d6-lite", seat={"blue": "ai"},
                         settings=TurnSettings(allow_undo_after_dice=True))
    hashes = []
    for _ in range(30):
        if ctl.is_over():
            break
        if ctl.is_human_turn():
            hashes.append(state_hash(ctl.battle))
        assert ctl.submit(scripted_intent(ctl)).ok
    final = state_hash(ctl.battle)
    undone = 0
    while ctl.can_undo() is None:
        ctl.undo()
        undone += 1
        assert state_hash(ctl.battle) == hashes[-undone]
    assert undone == len(hashes)
    while ctl.can_redo():
        ctl.redo()
    assert state_hash(ctl.battle) == final


def test_arena_manual_dice_give_the_same_battle_as_scripted_faces(tmp_path):
    rng = random.Random(8)
    manual = TurnController(arena(), "3d6-lite", dice="manual")
    faces: list[int] = []
    intents = []
    r = manual.last
    for _ in range(25):
        while r.need_dice:
            got = [rng.randint(1, r.request.sides) for _ in range(r.request.count)]
            faces += got
            r = manual.give_dice(got)
        if manual.is_over():
            break
        intent = scripted_intent(manual)
        intents.append(intent)
        r = manual.submit(intent)
    while r.need_dice:
        got = [rng.randint(1, r.request.sides) for _ in range(r.request.count)]
        faces += got
        r = manual.give_dice(got)
    scripted = TurnController(arena(), "3d6-lite", dice=faces)
    for intent in intents:
        assert scripted.submit(intent).ok
    assert state_hash(scripted.battle) == state_hash(manual.battle)
    assert scripted.scripted_left == []
    loaded = load_game(save_game(manual, tmp_path / "manual.json"))
    assert state_hash(loaded.battle) == state_hash(manual.battle)


def test_free_action_keeps_the_turn_open():
    """L-4 / S0-FREE-1: a free action (turning to face) leaves the same fighter to act; the next maneuver ends the turn."""
    ctl = TurnController(arena(), "3d6-lite")
    me = ctl.whose_turn()
    fighter = ctl.battle.fighter(me)
    face = next(o.action for o in ctl.legal_actions() if o.legal and o.action.type == "face"
                and o.action.facing != fighter.facing)
    result = ctl.submit(face)
    assert result.ok and ctl.whose_turn() == me
    again = next((o for o in ctl.legal_actions() if o.action.type == "face"), None)
    assert again is None or not again.legal  # once per turn (ruling L-4)
    result = ctl.submit(next(o.action for o in ctl.legal_actions() if o.legal and o.action.type == "do_nothing"))
    assert result.ok and ctl.whose_turn() != me


def test_scenario_turn_limit_holds_under_a_larger_controller_limit():
    """G0-21 end of battle: the scenario's turn_limit ends it even when the controller's own limit is larger."""
    b = arena()
    b.options["turn_limit"] = 1
    ctl = TurnController(b, "3d6-lite", settings=TurnSettings(round_limit=200))
    for _ in range(50):
        if ctl.is_over():
            break
        assert ctl.submit(ctl.pass_intent()).ok
    assert ctl.is_over() and b.winner is None and b.round == 2
