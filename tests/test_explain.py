"""``game.teaching.explain`` and ``clinch explain`` (issue 18): a situation stepped through in words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.teaching.explain import explain_play, explain_situation, render_text

FIXTURES = Path(__file__).parent / "fixtures" / "situations"
SITUATIONS = sorted(p for p in FIXTURES.glob("*.json") if not p.name.endswith(".expect.json"))


def _load(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", SITUATIONS, ids=lambda p: p.stem)
def test_explain_runs_on_every_fixture(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every situation explains with the exit status ``clinch resolve`` gives it, one heading per action."""
    expect = json.loads(path.with_name(path.stem + ".expect.json").read_text(encoding="utf-8"))
    code = main(["explain", str(path)])
    out = capsys.readouterr().out
    assert code == expect.get("exit", 0)
    n_actions = len(_load(path.name).get("actions") or [])
    assert out.count("== Action ") >= (1 if n_actions else 0)
    played = explain_play(path)
    rolls = [s for s in played.steps if s.kind == "roll"]
    n_roll_events = sum(1 if e["type"] == "roll" else len(e.get("rolls") or [])
                        for e in played.events if e["type"] in ("roll", "contest"))
    assert len(rolls) == n_roll_events  # every roll explained, none invented
    for s in played.steps:
        assert 0 <= s.event_index <= len(played.events)


def test_break_free_roll_built_modifier_by_modifier() -> None:
    """S2-BREAK-1/2: the holder's roll starts from ST 12, adds +5 for two hands with its rule, target 17."""
    steps = explain_situation(FIXTURES / "break_free_full.json")
    assert [s.kind for s in steps[:4]] == ["action", "roll", "roll", "contest"]
    assert "Chances before the dice" in " ".join(steps[0].lines)
    hold = steps[2]
    assert hold.lines[:3] == ["Start from 12 (ST)", "+5 grappling with two hands (S2-BREAK-2)",
                              "Target 17: roll 17 or less on 3d6 to succeed"]
    assert "Dice: 4 + 4 + 4 = 12" in hold.lines and "Compare: 12 <= 17" in hold.lines
    assert hold.lines[-1] == "Result: success by 5"
    assert hold.rules == ["S2-BREAK-1", "S2-BREAK-2"]
    assert steps[3].lines[-1] == "ann wins"
    assert steps[1].part == 0 and steps[2].part == 1 and steps[1].event_index == 0


def test_state_changes_read_off_the_board() -> None:
    """S3-KNOCK-6: the throw's move and fall are each a step naming the hex and posture before and after."""
    steps = explain_situation(FIXTURES / "nd6_ma_throw.json")
    lines = [line for s in steps if s.kind == "change" for line in s.lines]
    assert "bob: hex (1, 0) -> (1, 1)" in lines
    assert "bob: posture standing -> prone" in lines
    first = next(s for s in steps if s.kind == "roll")
    assert "+3 Martial Arts 3: +1 per level (S3-KNOCK-2)" in first.lines


def test_damage_and_table_roll_explained() -> None:
    """S3-HTH-9/13/14: the reaction roll names its table row, the modifier with its rule, the hit's ST loss."""
    steps = explain_situation(FIXTURES / "nd6_hth_riposte.json")
    roll = next(s for s in steps if s.kind == "roll")
    assert "S3-HTH-9" in roll.rules and "S3-HTH-14" in roll.rules
    assert any(line.startswith("Result: row 7 or more") for line in roll.lines)
    hurt = [line for s in steps for line in s.lines if "ST full ->" in line]
    assert hurt == ["ann: ST full -> 8"]


def test_markdown_and_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--markdown gives headings and lists; an illegal action is a 'Refused' step and exit status 3."""
    spec = _load("break_free_full.json")
    spec["actions"] = [{"actor": "ann", "type": "strangle"}]  # a torso grip does not strangle (S2-STRANGLE)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    code = main(["explain", str(path), "--markdown"])
    out = capsys.readouterr().out
    assert code == 3
    assert out.startswith("# ") and "## Action 1" in out and "Refused" in out
    text = render_text(explain_situation(FIXTURES / "break_free_full.json"), markdown=True)
    assert "- +5 grappling with two hands (S2-BREAK-2)" in text and "`S2-BREAK-2`" in text


def test_bad_file_is_one_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"ruleset": "d20", "fighters": [{"id": "a", "side": "x", "hex": [0, 0], "facing": 9}]}',
                    encoding="utf-8")
    assert main(["explain", str(path)]) == 2
    err = capsys.readouterr()
    assert err.out == "" and len(err.err.strip().splitlines()) == 1 and "facing" in err.err


def test_compare_reads_a_d20_roll_as_a_number_to_reach(capsys: pytest.CaptureFixture[str]) -> None:
    """S4-WRESTLE-1 (G4-13: against the normal AC): the d20 column said "total 14 vs 12 (11)", leaving a
    student to guess which side of 12 wins and what 11 was. It now says "needs 12 or more, rolled 14 (the die
    11)"; a 3d6 roll keeps "needs N or less"."""
    from game.teaching.compare import roll_summary

    played = explain_play(FIXTURES / "d20_wrestle_escape.json")
    roll = next(ev for ev in played.events if ev.get("type") == "roll" and ev.get("dc") is not None)
    said = roll_summary(roll)
    assert f"needs {roll['dc']} or more, rolled {roll['total']} (the die {roll['dice'][0]})" in said, said
    assert main(["compare", str(FIXTURES / "d20_wrestle_escape.json"), "--rulesets", "d20,3d6-full"]) == 0
    out = capsys.readouterr().out
    assert " vs 12 " not in out and "needs 12 or more, rolled" in out


def test_odds_put_each_spread_after_the_outcomes() -> None:
    """S3-AUTO-10 (rounds that hit), S3-HTH-9..13 (the table's row), S3-GRENADE-4 (scatter), G1-3 (the edge
    ladder): "Chances before the dice" read "rounds:0 74% · ... · hit 26% · miss 74%", one list a student
    added up past 100%. The outcomes come first; each spread follows on its own, its impossible values left out."""
    from game.teaching.explain import odds_words

    odds = {"rounds:0": 0.74, "rounds:1": 0.2, "rounds:2": 0.06, "rounds:3": 0.0, "hit": 0.26, "miss": 0.74}
    assert odds_words(odds) == "hit 26% \u00b7 miss 74%; rounds that hit: 0 74% \u00b7 1 20% \u00b7 2 6%"
    edge = {"edge>=0": 0.77, "edge>=1": 0.5, "enter": 0.77}
    assert odds_words(edge) == "enter 77%; edge at least: 0 77% \u00b7 1 50%"
    text = render_text(explain_situation(FIXTURES / "nd6_hth_enter_belt.json"))
    assert "enter 67% \u00b7 repelled 33% \u00b7 auto hit 0%; by the table's row: <=2 33%" in text
    assert "row:<=2" not in text


def test_a_hand_to_hand_is_headed_in_words() -> None:
    """S3-HTH-7: the heading of nd6's hand-to-hand read "ann: hth bob" (the action's short name)."""
    text = render_text(explain_situation(FIXTURES / "nd6_hth_enter_belt.json"))
    assert "== Action 1: ann: hand-to-hand with bob ==" in text and ": hth bob" not in text
