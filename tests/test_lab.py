"""The situation lab's headless core (issue 18): load, edit, save, play one action, step, rewind, compare."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.files.situation import resolve_file
from game.hexgrid import Hex
from game.teaching.lab import LabError, LabSituation, from_scenario, normalise
from game.teaching.lab_trial import LabDice, name_differences, parse_faces, play_action

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "situations"
SITUATIONS = sorted(p for p in FIXTURES.glob("*.json") if not p.name.endswith(".expect.json"))


@pytest.mark.parametrize("path", SITUATIONS, ids=lambda p: p.stem)
def test_lab_round_trips_every_fixture(path: Path, tmp_path: Path) -> None:
    """Loaded and saved by the lab, a situation is the same file (after normalising) and plays the same."""
    lab = LabSituation.load(path)
    saved = lab.save(tmp_path / path.name)
    assert normalise(saved.read_bytes()) == normalise(path.read_bytes())
    assert resolve_file(saved, name="x") == resolve_file(path, name="x")


def test_round_trip_after_edit_and_undo_of_the_edit(tmp_path: Path) -> None:
    lab = LabSituation.load(FIXTURES / "break_free_full.json")
    lab.move("bob", Hex(1, 0))
    lab.move("bob", Hex(0, 0))
    assert normalise(lab.save(tmp_path / "x.json").read_bytes()) == \
        normalise((FIXTURES / "break_free_full.json").read_bytes())


def test_edits_change_the_field_and_the_battle() -> None:
    lab = LabSituation.load(FIXTURES / "nd6_hth_enter_belt.json")
    lab.set_in("ann", "stats", "DX", 14)
    lab.turn("ann")
    assert lab.next_posture("ann") == "kneeling"  # G3-8: no crouch in nd6
    assert lab.toggle("bob", "conditions", "stunned") is True
    lab.set_field("bob", "hp", 4)
    ann = lab.battle().fighter("ann")
    bob = lab.battle().fighter("bob")
    assert (ann.stats["DX"], ann.facing, ann.posture) == (14, 1, "kneeling")
    assert "stunned" in bob.conditions and bob.hp == 4
    assert lab.toggle("bob", "belt", "knife") is False  # it was on the belt: taken off
    assert "knife" not in lab.battle().fighter("bob").items


def test_a_bad_edit_is_one_sentence_and_changes_nothing() -> None:
    lab = LabSituation.load(FIXTURES / "break_free_full.json")
    before = json.dumps(lab.data)
    with pytest.raises(LabError, match=r"fighters\[0\]\.facing"):
        lab.set_field("ann", "facing", 7)
    with pytest.raises(LabError, match="conditions"):
        lab.toggle("ann", "conditions", "on_fire_whole")  # an nd6 word in a 3d6 set-up
    assert json.dumps(lab.data) == before


def test_fighters_and_grips_added_and_removed() -> None:
    lab = LabSituation.load(FIXTURES / "break_free_full.json")
    new = lab.add_fighter("blue", Hex(2, 0), like="bob")
    assert lab.battle().fighter(new).stats == lab.battle().fighter("bob").stats
    lab.add_grapple(new, "ann", location="arm", hands=1)
    assert [(g.holder, g.location) for g in lab.battle().grapples] == [("ann", "torso"), (new, "arm")]
    lab.remove_grapple(0)
    lab.remove_fighter(new)
    assert lab.battle().grapples == [] and new not in lab.ids()


def test_a_scenario_becomes_a_set_up_on_its_map(tmp_path: Path) -> None:
    lab = from_scenario(ROOT / "maps" / "tavern.toml")
    assert lab.battle().board.name == "The Broken Flagon"
    saved = lab.save(tmp_path / "tavern_moment.json")
    again = LabSituation.load(saved)  # the map path was rewritten for the new folder
    assert again.battle().board.name == "The Broken Flagon"


def test_s2_break_1_play_one_action_with_typed_dice_then_rewind_and_retry() -> None:
    """S2-BREAK-1: break free as a quick contest, typed dice; the set-up is untouched, the same dice repeat it."""
    lab = LabSituation.load(FIXTURES / "break_free_full.json")
    before = json.dumps(lab.data)
    action = {"actor": "bob", "type": "break_free"}
    trial = play_action(lab, action, [3, 4, 3, 4, 4, 4])
    assert trial.used == [3, 4, 3, 4, 4, 4]
    contest = trial.rolls[0]
    assert contest["winner"] == "ann"
    assert any("+5 grappling with two hands (S2-BREAK-2)" in line for s in trial.steps for line in s.lines)
    assert json.dumps(lab.data) == before  # rewind: nothing of the set-up changed
    again = play_action(lab, action, trial.used)
    assert again.events == trial.events
    other = play_action(lab, action, [1, 1, 1, 6, 6, 6])  # other dice: bob breaks free
    assert other.rolls[0]["winner"] == "bob" and other.after.grapples == []


def test_random_dice_are_recorded_and_replay_exactly() -> None:
    lab = LabSituation.load(FIXTURES / "break_free_full.json")
    trial = play_action(lab, {"actor": "bob", "type": "break_free"}, seed=5)
    assert len(trial.used) == 6
    assert play_action(lab, {"actor": "bob", "type": "break_free"}, trial.used).events == trial.events


def test_s3_hth_9_step_through_shows_each_change_on_the_board() -> None:
    """S3-HTH-9: ann goes into hand-to-hand; stepping, the board shows her in bob's hex only after the move."""
    lab = LabSituation.load(FIXTURES / "nd6_hth_enter_belt.json")
    trial = play_action(lab, {"actor": "ann", "type": "hth", "target": "bob"}, [4])
    moved = next(i for i, s in enumerate(trial.steps) if trial.events[s.event_index]["type"] == "move")
    assert trial.board_at(moved - 1).fighter("ann").hex == Hex(0, 0)
    assert trial.board_at(moved).fighter("ann").hex == Hex(1, 0)
    assert trial.board_at(-1).fighter("ann").hex == Hex(0, 0)
    assert "in_hth" in trial.board_at(len(trial.steps)).fighter("bob").conditions


def test_an_illegal_choice_says_why() -> None:
    lab = LabSituation.load(FIXTURES / "break_free_full.json")
    trial = play_action(lab, {"actor": "ann", "type": "break_free"}, [])
    assert trial.illegal


def test_typed_dice_are_checked() -> None:
    assert parse_faces("3 4, 3") == [3, 4, 3]
    with pytest.raises(LabError, match="die 2"):
        parse_faces("3 x")
    with pytest.raises(Exception, match="d6 cannot show"):
        LabDice([9]).roll(1, 6)


def test_a_broken_file_is_refused_in_one_sentence(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"ruleset": "3d6-full", "fighters": [{"id": "a", "side": "r", "hex": [0, 0], "facing": 9}]}')
    with pytest.raises(LabError, match=r"bad\.json: fighters\[0\]\.facing"):
        LabSituation.load(bad)


def _fake_translate(monkeypatch):
    """A stand-in for game.teaching.translate (the explain helper's) while the real one may be missing: the set-up
    as it is under the other ruleset, one assumption named."""
    import sys
    import types

    fake = types.ModuleType("game.teaching.translate")

    def translate(spec, to):
        return {**spec, "ruleset": to}, [f"stats kept as written for {to}"]

    fake.translate = translate
    monkeypatch.setitem(sys.modules, "game.teaching.translate", fake)


def test_s2_break_1_compare_aligns_two_rulesets_and_names_the_differences(monkeypatch):
    """S2-BREAK-1: the same break free under 3d6 full and 3d6 lite, the same typed dice; each side's
    rolls, odds and assumptions kept, the differences named in sentences."""
    from game.teaching.lab_trial import compare

    _fake_translate(monkeypatch)
    lab = LabSituation.load(FIXTURES / "break_free_full.json")
    comp = compare(lab, {"actor": "bob", "type": "break_free"}, "3d6-lite", [3, 4, 3, 4, 4, 4])
    full, lite = comp.trials
    assert full.ruleset.id == "3d6-full" and lite.ruleset.id == "3d6-lite"
    assert full.used[:6] == lite.used[:6] == [3, 4, 3, 4, 4, 4]
    assert comp.assumptions[1] == ["stats kept as written for 3d6-lite"]
    assert comp.differences and all(isinstance(d, str) and d for d in comp.differences)
    same = name_differences(full, full, ("a", "b"))
    assert same == ["the same outcome under both"]


def test_a_missing_counterpart_is_one_sentence(monkeypatch):
    import sys
    import types

    from game.teaching.lab_trial import compare

    fake = types.ModuleType("game.teaching.translate")
    fake.translate = lambda spec, to: ({**spec, "ruleset": to, "actions": []}, [])
    monkeypatch.setitem(sys.modules, "game.teaching.translate", fake)
    lab = LabSituation.load(FIXTURES / "break_free_full.json")
    with pytest.raises(LabError, match="no counterpart"):
        compare(lab, {"actor": "bob", "type": "break_free"}, "d20")


def test_s2_break_1_compare_with_the_real_translation():
    """S2-BREAK-1 against the d20 escape: the set-up translated (game.teaching.translate), each assumption kept,
    the differences named (the targets, the grip words, the chances)."""
    pytest.importorskip("game.teaching.translate")
    from game.teaching.lab_trial import compare

    lab = LabSituation.load(FIXTURES / "break_free_full.json")
    comp = compare(lab, {"actor": "bob", "type": "break_free"}, "d20", [3, 4, 3, 4, 4, 4])
    assert [t.ruleset.id for t in comp.trials] == ["3d6-full", "d20"]
    assert comp.assumptions[1], "a translation to d20 assumes the stats it has no counterpart for"
    assert comp.differences != ["the same outcome under both"]
    assert not any("dice" in a for a in comp.assumptions[1])  # the lab's own typed dice, not the file's


def test_clinch_play_lab_refuses_a_bad_file_in_one_sentence(tmp_path, capsys):
    """``clinch play --lab FILE`` checks the file before any window opens: one line, exit status 2."""
    from game.cli import main

    bad = tmp_path / "bad.json"
    bad.write_text('{"ruleset": "d20", "fighters": [{"id": "a", "side": "r", "hex": [0, 0], "facing": 8}]}')
    assert main(["play", "--lab", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "fighters[0].facing: expected 0-5, got 8" in err
    assert main(["play", "maps/arena.toml", "--lab", str(bad)]) == 2


def test_undo_goes_back_one_edit_at_a_time():
    lab = LabSituation.load(FIXTURES / "nd6_hth_enter_belt.json")
    first = normalise(lab.text())
    lab.next_posture("ann")  # one edit, even when the ruleset's postures make it skip one (G3-8)
    lab.turn("ann")
    assert lab.undo() and lab.fighter(lab.data, "ann")["facing"] == 0
    assert lab.undo() and normalise(lab.text()) == first
    assert not lab.undo()


@pytest.mark.parametrize("path", SITUATIONS, ids=lambda p: p.stem)
def test_the_files_own_actions_play_as_clinch_resolve_plays_them(path: Path) -> None:
    """The lab's "file's actions" play gives exactly clinch resolve's events, with clinch explain's steps."""
    from game.teaching.lab_trial import script

    lab = LabSituation.load(path)
    out, status = resolve_file(path)
    trial = play_action(lab, script(lab))
    assert trial.events == out["events"]
    assert (trial.illegal is None) == (status == 0)
    assert any(s.kind == "action" for s in trial.steps)


@pytest.mark.parametrize("what", ["folder", "missing", "not json", "huge number"])
def test_hostile_files_are_one_sentence(tmp_path: Path, what: str) -> None:
    """What the lab is asked to open is read as clinch resolve reads it: a folder, a missing file, broken
    JSON, a number no field can hold; each refused in one sentence naming the file, nothing half loaded."""
    path = tmp_path / "x.json"
    if what == "folder":
        path.mkdir()
    elif what == "not json":
        path.write_text('{"ruleset": "d20", "fighters": [')
    elif what == "huge number":
        path.write_text('{"ruleset": "d20", "fighters": [{"id": "a", "side": "r", "hex": [1e400, 0]}]}')
    with pytest.raises(LabError) as caught:
        LabSituation.load(path)
    text = str(caught.value)
    assert str(path) in text and "\n" not in text and "Traceback" not in text


def test_saving_where_it_cannot_be_written_is_one_sentence(tmp_path: Path) -> None:
    lab = LabSituation.load(FIXTURES / "break_free_full.json")
    (tmp_path / "taken").mkdir()
    with pytest.raises(LabError, match="cannot be written"):
        lab.save(tmp_path / "taken")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]  # no temporary file left behind


def test_a_battle_as_it_stands_becomes_a_set_up():
    """A battle mid-fight (a fighter moved, hurt, a grip on) is the same moment in the lab, saved as a
    situation clinch resolve builds."""
    from game.files.maps import load_scenario
    from game.model import Grapple
    from game.teaching.lab import from_battle

    battle = load_scenario(ROOT / "maps" / "tavern.toml")
    a, b = battle.fighters[0], battle.fighters[1]
    a.hp = 5
    battle.grapples.append(Grapple(holder=a.id, target=b.id, location="arm", hands=1, kind="grapple",
                                   hand_names=["left"]))
    lab = from_battle(battle)
    got = lab.battle()
    assert got.board.name == battle.board.name and got.fighter(a.id).hp == 5
    assert [(g.holder, g.target, g.location) for g in got.grapples] == [(a.id, b.id, "arm")]
    assert len(battle.grapples) == 1  # the battle itself is not changed
