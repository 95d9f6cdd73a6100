"""``clinch resolve`` end to end with the real 3d6 rulesets and the golden situations of tests/fixtures/situations.

Each ``NAME.json`` there has a ``NAME.expect.json``: the exit status, and the
parts of the output that must hold. Expected events must appear in order (other
events may come between them); an expected object matches when each of its
keys matches (extra keys in the output are fine); lists match element by
element. Checklist IDs are cited where a situation pins a rule down.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import game.rules  # noqa: F401  (registers the real rulesets)
from game.cli import main
from game.rules.base import RULESETS

ROOT = Path(__file__).resolve().parent.parent
SITUATIONS = ROOT / "tests" / "fixtures" / "situations"
FIXTURES = sorted(p for p in SITUATIONS.glob("*.json") if not p.name.endswith(".expect.json"))
FIGHTER_KEYS = ["id", "side", "hex", "facing", "posture", "stats", "skills", "size", "arms", "hands", "hp", "fp",
                "dr", "conditions"]


def needs(ruleset: str) -> None:
    assert ruleset in RULESETS, f"the {ruleset} ruleset is not registered"


def matches(expected: Any, actual: Any) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return (isinstance(actual, list) and len(expected) == len(actual)
                and all(matches(e, a) for e, a in zip(expected, actual)))
    return expected == actual


def events_in_order(expected: list[dict[str, Any]], actual: list[dict[str, Any]]) -> str | None:
    """None if every expected event matches a later actual event, in order; else what was not found."""
    i = 0
    for want in expected:
        while i < len(actual) and not matches(want, actual[i]):
            i += 1
        if i == len(actual):
            return json.dumps(want)
        i += 1
    return None


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_golden_situation(capsys, path):
    situation = json.loads(path.read_text())
    needs(situation["ruleset"])
    expect_path = path.with_name(path.stem + ".expect.json")
    assert expect_path.is_file(), f"{path.name} has no {expect_path.name}"
    expect = json.loads(expect_path.read_text())
    code, out, err = run(capsys, "resolve", str(path))
    assert (code, err) == (expect["exit"], "")
    result = json.loads(out)
    assert list(result) == ["ruleset", "events", "state", "dice_left"]
    missing = events_in_order(expect.get("events", []), result["events"])
    assert missing is None, f"no event matching {missing} in order in:\n" + "\n".join(
        json.dumps(e) for e in result["events"])
    if "state" in expect:
        assert matches(expect["state"], result["state"]), json.dumps(result["state"])
    if "dice_left" in expect:
        assert result["dice_left"] == expect["dice_left"]
    for f in result["state"]["fighters"]:
        assert list(f)[:len(FIGHTER_KEYS)] == FIGHTER_KEYS
    if code == 3:
        assert result["events"][-1]["type"] == "illegal"
        assert sum(e["type"] == "illegal" for e in result["events"]) == 1


def test_format_example_via_python_m_game(tmp_path):
    """The SITUATION-FORMAT.md example's structure (break free, scripted dice) through ``python3 -m game``.

    S2-BREAK-1: break free is a Quick Contest of ST; S2-BREAK-2: +5 to the holder for two hands.
    """
    needs("3d6-full")
    path = SITUATIONS / "break_free_full.json"
    proc = subprocess.run([sys.executable, "-m", "game", "resolve", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert (proc.returncode, proc.stderr) == (0, "")
    result = json.loads(proc.stdout)
    assert result["ruleset"] == "3d6-full"
    contest = next(e for e in result["events"] if e["type"] == "contest")
    bob, ann = contest["rolls"]
    assert (bob["actor"], bob["base"], bob["target"], bob["dice"], bob["total"], bob["margin"]) == \
        ("bob", 10, 10, [3, 4, 3], 10, 0)
    assert (ann["actor"], ann["base"], ann["target"], ann["dice"], ann["total"], ann["margin"]) == \
        ("ann", 12, 17, [4, 4, 4], 12, 5)
    assert any(m["value"] == 5 for m in ann["modifiers"])
    assert contest["winner"] == "ann"
    assert result["state"]["grapples"] == [
        {"holder": "ann", "target": "bob", "location": "torso", "hands": 2, "kind": "grapple"}]
    assert result["dice_left"] == [6]


@pytest.mark.parametrize("ruleset", ["3d6-lite", "3d6-full"])
def test_seeded_runs_repeat_and_state_reads_back(tmp_path, capsys, ruleset):
    needs(ruleset)
    data = json.loads((SITUATIONS / "break_free_full.json").read_text())
    data["ruleset"] = ruleset
    del data["dice"]
    data["actions"] = [{"actor": "bob", "type": "break_free"}, {"actor": "ann", "type": "do_nothing"},
                       {"actor": "bob", "type": "do_nothing"}]
    path = tmp_path / "sit.json"
    path.write_text(json.dumps(data))
    code, first, _ = run(capsys, "resolve", str(path), "--seed", "11")
    assert code == 0
    assert run(capsys, "resolve", str(path), "--seed", "11")[1] == first
    result = json.loads(first)
    assert result["dice_left"] == []
    again = dict(data, fighters=result["state"]["fighters"], grapples=result["state"]["grapples"], actions=[])
    path.write_text(json.dumps(again))
    code, out, err = run(capsys, "resolve", str(path))
    assert (code, err) == (0, "")
    state = json.loads(out)["state"]
    # fighters and grips read back; `round` says which round the last action was in (no action: round 1)
    assert {k: state[k] for k in ("fighters", "grapples")} == {k: result["state"][k] for k in ("fighters", "grapples")}
    assert (state["round"], result["state"]["round"]) == (1, 2)


def test_lite_has_no_choke_hold(tmp_path, capsys):
    """`choke_hold` is a 3d6-full action only (SITUATION-FORMAT.md, action types): exit 2 for 3d6-lite."""
    needs("3d6-lite")
    data = json.loads((SITUATIONS / "break_free_full.json").read_text())
    data["ruleset"] = "3d6-lite"
    data["actions"] = [{"actor": "ann", "type": "choke_hold", "target": "bob"}]
    path = tmp_path / "sit.json"
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "resolve", str(path))
    assert (code, out) == (2, "")
    assert err == f"clinch resolve: {path}: actions[0].type: unknown action type 'choke_hold' for ruleset 3d6-lite\n"


def test_every_fixture_has_expectations():
    for path in FIXTURES:
        assert path.with_name(path.stem + ".expect.json").is_file(), path.name
