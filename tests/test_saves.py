"""Saves, loading by replay, autosave, replay stepping, undo/redo and the state hash (turns-double ruleset)."""

from __future__ import annotations

import json
import os
import random

import pytest
from test_turns_double import Attack, DoNothing, Move, TurnsDouble, make_battle

from game.files import saves
from game.files.saves import Replay, SaveError, load_game, read_save, save_game, state_hash
from game.flow.turns import TurnController, TurnSettings

RS = TurnsDouble()


def random_play(ctl: TurnController, rng: random.Random, turns: int) -> list[str]:
    """Random legal intents, attacks preferred half the time; returns the state hash after each."""
    hashes = [state_hash(ctl.battle)]
    for _ in range(turns):
        if ctl.is_over():
            break
        legal = [o.action for o in ctl.legal_actions() if o.legal]
        attacks = [a for a in legal if a.type in ("attack", "all_out_attack", "choke")]
        intent = rng.choice(attacks) if attacks and rng.random() < 0.7 else rng.choice(legal)
        r = ctl.submit(intent)
        assert r.ok, r
        hashes.append(state_hash(ctl.battle))
    return hashes


def played(seed: int = 7, turns: int = 30, **kw) -> tuple[TurnController, list[str]]:
    ctl = TurnController(make_battle(seed, size=4), RS, **kw)
    return ctl, random_play(ctl, random.Random(seed), turns)


# -- places ---------------------------------------------------------------------------------------------

def test_data_dir_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    assert saves.data_dir() == tmp_path / "data"
    ctl, _ = played(turns=3)
    path = save_game(ctl, name="slot1")
    assert path == tmp_path / "data" / "saves" / "slot1.json" and path.exists()
    monkeypatch.delenv("CLINCH_DATA_DIR")
    assert saves.data_dir().name == "clinch"


# -- round trip -----------------------------------------------------------------------------------------

def test_save_is_versioned_self_contained_json(tmp_path):
    ctl, _ = played(turns=10)
    path = save_game(ctl, tmp_path / "a.json")
    raw = json.loads(path.read_bytes())
    assert raw["format"] == "clinch-save" and raw["version"] == saves.SAVE_VERSION
    assert raw["ruleset"] == "turns-double" and raw["seed"] == 7
    assert raw["initial"]["board"]["cells"] and raw["initial"]["current"] is None
    assert raw["snapshot"]["board"]["cells"] == [] and raw["snapshot"]["log"] == []
    assert raw["log"] == json.loads(json.dumps(ctl.battle.log))
    assert raw["state_hash"] == state_hash(ctl.battle)


def test_load_replays_to_the_same_state_and_plays_on_identically(tmp_path):
    ctl, _ = played(turns=12)
    path = save_game(ctl, tmp_path / "a.json")
    loaded = load_game(path, ruleset=RS)
    assert state_hash(loaded.battle) == state_hash(ctl.battle)
    assert loaded.battle.log == ctl.battle.log and loaded.whose_turn() == ctl.whose_turn()
    rest_a = random_play(ctl, random.Random(99), 10)
    rest_b = random_play(loaded, random.Random(99), 10)
    assert rest_a == rest_b


def test_200_seeded_random_battles_save_load_and_replay_to_identical_hashes(tmp_path):
    """Golden-replay property: seed + intents + dice -> the same state, through a file, twice."""
    ended = 0
    for seed in range(200):
        ctl = TurnController(make_battle(seed, per_side=1 + seed % 3, size=4), RS,
                             dice="manual" if seed % 10 == 9 else "seeded")
        rng = random.Random(seed)
        if ctl.dice_mode == "manual":  # a few battles with every face typed in
            r = ctl.last
            for _ in range(25):
                while r.need_dice:
                    r = ctl.give_dice([rng.randint(1, r.request.sides) for _ in range(r.request.count)])
                if ctl.is_over():
                    break
                r = ctl.submit(rng.choice([o.action for o in ctl.legal_actions() if o.legal]))
        else:
            random_play(ctl, rng, 25)
        ended += ctl.is_over()
        path = save_game(ctl, tmp_path / f"b{seed}.json")
        loaded = load_game(path, ruleset=RS)
        assert state_hash(loaded.battle) == state_hash(ctl.battle), seed
        rep = Replay.from_save(path, ruleset=RS)
        assert state_hash(rep.to_end()) == state_hash(ctl.battle), seed
    assert ended >= 20  # some battles do finish, so the end of battle is covered too


def test_a_battle_saved_while_waiting_for_manual_dice_loads_waiting_for_the_same_dice(tmp_path):
    ctl = adjacent(dice="manual")
    assert ctl.submit(Attack("b0", "r0")).need_dice
    ctl.give_dice([6])
    ctl.give_dice([1])  # hit with a 6 for 1 damage: r0 is stunned
    r = ctl.submit(DoNothing("r0"))  # its end-of-turn recovery roll pauses for a die
    assert r.need_dice and "stun" in r.request.purpose
    path = save_game(ctl, tmp_path / "paused.json")
    loaded = load_game(path, ruleset=RS)
    assert loaded.waiting_for_dice == r.request
    assert state_hash(loaded.battle) == state_hash(ctl.battle)
    assert loaded.give_dice([5]).ok and ctl.give_dice([5]).ok
    assert state_hash(loaded.battle) == state_hash(ctl.battle)


def test_switching_dice_source_mid_battle_still_replays(tmp_path):
    ctl, _ = played(turns=6)
    ctl.set_dice("manual")
    rng = random.Random(3)
    for _ in range(6):
        r = ctl.submit(rng.choice([o.action for o in ctl.legal_actions() if o.legal]))
        while r.need_dice:
            r = ctl.give_dice([rng.randint(1, r.request.sides)])
        if ctl.is_over():
            break
    ctl.set_dice("seeded")
    random_play(ctl, rng, 6)
    loaded = load_game(save_game(ctl, tmp_path / "mixed.json"), ruleset=RS)
    assert state_hash(loaded.battle) == state_hash(ctl.battle)


# -- bad files --------------------------------------------------------------------------------------------

@pytest.fixture
def good_save(tmp_path):
    ctl, _ = played(turns=14)
    return ctl, save_game(ctl, tmp_path / "good.json")


def _refused(path) -> str:
    with pytest.raises(SaveError) as exc:
        load_game(path, ruleset=RS)
    text = str(exc.value)
    assert text.startswith(str(path)) and text.count("\n") == 0
    return text


def test_bad_saves_are_refused_with_one_sentence_and_the_previous_save_survives(good_save, tmp_path):
    ctl, good = good_save
    data = good.read_bytes()
    raw = json.loads(data)

    truncated = tmp_path / "truncated.json"
    truncated.write_bytes(data[: len(data) // 2])
    assert "not a complete JSON file" in _refused(truncated)

    flipped = tmp_path / "flipped.json"  # damaged bytes: no longer JSON
    flipped.write_bytes(data[:100] + b"\x00\xff{{" + data[104:])
    assert "not a complete JSON file" in _refused(flipped)

    corrupt = tmp_path / "corrupt.json"  # still JSON, but a die face was changed
    bad = json.loads(data)
    entry = next(e for e in bad["log"] if e["dice"] and e["step"] == "intent")
    entry["dice"][0] = 7 - entry["dice"][0]
    corrupt.write_text(json.dumps(bad))
    assert "corrupt or foreign" in _refused(corrupt)

    tampered = tmp_path / "tampered.json"  # snapshot edited by hand: the replay disagrees
    bad = json.loads(data)
    bad["snapshot"]["fighters"][0]["hp"] = 99
    tampered.write_text(json.dumps(bad))
    assert "state hash mismatch" in _refused(tampered)

    version = tmp_path / "version.json"
    version.write_text(json.dumps(dict(raw, version=99)))
    assert "save format version 99" in _refused(version)

    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps({"ruleset": "3d6-full", "fighters": [], "actions": []}))
    assert "not a Clinch save" in _refused(foreign)

    wrong_field = tmp_path / "field.json"
    wrong_field.write_text(json.dumps(dict(raw, seed="seven")))
    assert "$.seed" in _refused(wrong_field)

    alien_log = tmp_path / "alien.json"
    bad = json.loads(data)
    bad["log"][1]["intent"] = {"actor": "r0", "type": "fly"}
    alien_log.write_text(json.dumps(bad))
    assert "corrupt or foreign" in _refused(alien_log)

    missing = tmp_path / "nope.json"
    assert "could not be read" in _refused(missing)

    # the good save is untouched and still loads; the refused files were not deleted either
    assert good.read_bytes() == data
    assert state_hash(load_game(good, ruleset=RS).battle) == state_hash(ctl.battle)
    assert truncated.exists() and foreign.exists()


def test_unknown_ruleset_is_named(good_save, tmp_path):
    _, good = good_save
    raw = json.loads(good.read_bytes())
    path = tmp_path / "other.json"
    path.write_text(json.dumps(dict(raw, ruleset="chess")))
    with pytest.raises(SaveError, match="ruleset 'chess'"):
        load_game(path)


def test_atomic_write_a_crash_mid_write_leaves_the_old_save(good_save, monkeypatch):
    ctl, good = good_save
    before = good.read_bytes()
    random_play(ctl, random.Random(5), 3)

    real_fsync = os.fsync

    def crash(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(SaveError, match="could not be written"):
        save_game(ctl, good)
    assert good.read_bytes() == before
    assert sorted(p.name for p in good.parent.iterdir()) == ["good.json"]  # no temporary left behind

    monkeypatch.setattr(os, "fsync", real_fsync)

    def die(src, dst):
        raise KeyboardInterrupt  # killed between writing the temporary and renaming it

    monkeypatch.setattr(os, "replace", die)
    with pytest.raises(KeyboardInterrupt):
        save_game(ctl, good)
    assert good.read_bytes() == before
    monkeypatch.undo()
    save_game(ctl, good)
    assert read_save(good).state_hash == state_hash(ctl.battle)


# -- autosave ---------------------------------------------------------------------------------------------

def test_autosave_is_one_file_per_battle_replaced_at_each_step(tmp_path):
    """A battle's autosave is one file named by its id, replaced whole at every step (tests/test_autosaves.py
    has the battles kept and their order)."""
    folder = tmp_path / "auto"
    ctl = TurnController(make_battle(3, size=4), RS, settings=TurnSettings(autosave_dir=folder, autosave_keep=3))
    hashes = random_play(ctl, random.Random(3), 8)
    files = saves.list_autosaves(folder)
    assert files == ctl.autosaves == [folder / f"autosave-{ctl.battle_id}.json"]
    assert saves.latest_autosave(folder) == files[-1]
    assert read_save(files[-1]).state_hash == hashes[-1] and read_save(files[-1]).battle_id == ctl.battle_id
    assert state_hash(load_game(files[-1], ruleset=RS).battle) == hashes[-1]


# -- replay -------------------------------------------------------------------------------------------------

def test_replay_steps_forward_back_and_jumps_to_any_point(tmp_path):
    ctl, hashes = played(seed=11, turns=40)
    path = save_game(ctl, tmp_path / "r.json")
    rep = Replay.from_save(path, ruleset=RS, every=8)
    assert len(rep) == len(hashes) - 1
    assert state_hash(rep.battle) == hashes[0]
    for k in range(1, 6):
        assert state_hash(rep.forward()) == hashes[k]
    assert state_hash(rep.back()) == hashes[4]
    for k in (len(rep), 0, 17, 3, 33, 9, len(rep) - 1):
        assert state_hash(rep.goto(k)) == hashes[k], k
    assert rep.position == len(rep) - 1
    entries = rep.entries_at(1)
    assert entries[0]["step"] == "intent" and entries[0]["intent"] == ctl.battle.log[rep.starts[0]]["intent"]
    assert [i.to_dict() for i in rep.intents] == [ctl.battle.log[i]["intent"] for i in rep.starts]
    with pytest.raises(IndexError):
        rep.goto(len(rep) + 1)


def test_replay_from_a_live_controller():
    ctl, hashes = played(seed=4, turns=10)
    rep = Replay.from_controller(ctl)
    assert state_hash(rep.to_end()) == hashes[-1] and state_hash(rep.to_start()) == hashes[0]


# -- undo / redo ----------------------------------------------------------------------------------------------

def adjacent(**kw) -> TurnController:
    b = make_battle(per_side=1, stats=[{"ST": 6, "DX": 10, "HT": 10}, {"ST": 6, "DX": 12, "HT": 10}])
    b.fighter("b0").hex = type(b.fighter("b0").hex)(1, 0)
    return TurnController(b, RS, **kw)


def test_undo_without_dice_is_free_and_redo_comes_back_to_the_same_state():
    hot = adjacent()  # hotseat: blue (b0) acts first, then red
    hot.submit(Move("b0", (2, 0)))
    assert hot.can_undo().kind == "undo" and "Blue" not in hot.can_undo().text  # red may not undo blue's move
    assert "Red's turn" in hot.can_undo().text

    solo = adjacent(seat={"blue": "ai"})
    solo.submit(Move("b0", (2, 0)))  # the computer's move
    h1 = state_hash(solo.battle)
    log1 = list(solo.battle.log)
    solo.submit(Move("r0", (0, 1)))  # mine
    solo.submit(Move("b0", (1, 0)))  # the computer's reply
    h3 = state_hash(solo.battle)
    assert solo.can_undo() is None
    r = solo.undo()  # takes back my move and the reply, no dice rolled: free
    assert r.ok and [e["intent"]["actor"] for e in r.undone] == ["r0", "b0"]
    assert state_hash(solo.battle) == h1 and solo.battle.log == log1 and solo.whose_turn() == "r0"
    assert solo.undo().rejected  # the computer's first move is not mine to take back
    assert solo.redo().ok and state_hash(solo.battle) == h3
    assert solo.undo().ok and state_hash(solo.battle) == h1


def test_undo_after_dice_needs_the_setting_and_redo_restores_exactly():
    ctl = adjacent(seat={"blue": "ai"})
    ctl.submit(Move("b0", (2, 0)))
    ctl.submit(Move("r0", (1, 0)))
    ctl.submit(Attack("b0", "r0"))  # the computer rolls dice
    assert ctl.can_undo().kind == "undo" and "Dice were rolled" in ctl.can_undo().text
    assert ctl.undo().rejected

    ctl = adjacent(seat={"blue": "ai"}, settings=TurnSettings(allow_undo_after_dice=True))
    ctl.submit(Move("b0", (2, 0)))
    before = (state_hash(ctl.battle), list(ctl.battle.log))
    ctl.submit(Move("r0", (1, 0)))
    ctl.submit(Attack("b0", "r0"))
    after = (state_hash(ctl.battle), list(ctl.battle.log))
    assert ctl.undo().ok
    assert (state_hash(ctl.battle), ctl.battle.log) == before
    assert ctl.redo().ok
    assert (state_hash(ctl.battle), ctl.battle.log) == after
    assert ctl.undo().ok and ctl.redo().ok and state_hash(ctl.battle) == after[0]
    ctl.undo()
    ctl.submit(DoNothing("r0"))  # a new action clears the redo stack
    assert not ctl.can_redo() and ctl.redo().rejected


def test_undo_many_steps_then_redo_all_gives_identical_states_and_a_save_that_loads(tmp_path):
    ctl = TurnController(make_battle(2, size=4), RS, seat={"blue": "ai"},
                         settings=TurnSettings(allow_undo_after_dice=True))
    hashes = random_play(ctl, random.Random(2), 20)
    final = state_hash(ctl.battle)
    undone = 0
    while ctl.can_undo() is None:
        assert ctl.undo().ok
        undone += 1
        assert state_hash(ctl.battle) in hashes
    assert undone >= 5
    while ctl.can_redo():
        assert ctl.redo().ok
    assert state_hash(ctl.battle) == final
    for _ in range(3):
        ctl.undo()
    loaded = load_game(save_game(ctl, tmp_path / "u.json"), ruleset=RS)
    assert state_hash(loaded.battle) == state_hash(ctl.battle)


def test_undo_clears_a_pending_manual_roll():
    ctl = adjacent(dice="manual", seat={"blue": "ai"})
    ctl.submit(Move("b0", (2, 0)))
    h = state_hash(ctl.battle)
    ctl.submit(Move("r0", (1, 0)))
    assert ctl.submit(Attack("b0", "r0")).need_dice
    assert ctl.undo().ok and ctl.waiting_for_dice is None and state_hash(ctl.battle) == h


def test_state_hash_ignores_the_log_but_sees_everything_else():
    ctl, _ = played(turns=4)
    b = ctl.battle.clone()
    assert state_hash(b) == state_hash(ctl.battle)
    b.log.append({"step": "note"})
    assert state_hash(b) == state_hash(ctl.battle)
    b.rng.counter += 1
    assert state_hash(b) != state_hash(ctl.battle)
