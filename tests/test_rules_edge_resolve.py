"""``clinch resolve`` end to end with the edge ruleset (SITUATION-FORMAT.md: d10 faces, pools, edge, option)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from game.cli import main

SITUATIONS = Path(__file__).resolve().parent / "fixtures" / "situations"

pytestmark = pytest.mark.skipif(importlib.util.find_spec("game.commands.resolve") is None,
                                reason="clinch resolve (game/commands/resolve.py) is not built yet")


def resolve(capsys, path: Path) -> tuple[int, dict, str]:
    code = main(["resolve", str(path)])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else {}), err


def situation(tmp_path: Path, actions: list[dict], dice: list[int], **bob) -> Path:
    data = {
        "ruleset": "edge", "map": None,
        "fighters": [{"id": "ann", "side": "red", "hex": [0, 0]},
                     {"id": "bob", "side": "blue", "hex": [1, 0], **bob}],
        "grapples": [{"holder": "ann", "target": "bob", "hands": 0}],
        "actions": actions, "dice": dice,
    }
    path = tmp_path / "edge.json"
    path.write_text(json.dumps(data))
    return path


def test_S1_PIN_1_and_S1_ESCAPE_1_through_clinch_resolve(capsys):
    """S1-PIN-1, S1-PIN-2, S1-ESCAPE-1: pin a prone foe, who then escapes at -1 (fixture edge_pin_then_escape)."""
    code, out, err = resolve(capsys, SITUATIONS / "edge_pin_then_escape.json")
    assert (code, err) == (0, "")
    contests = [e for e in out["events"] if e["type"] == "contest"]
    assert [c["edge"] for c in contests] == [2, 1]
    assert contests[1]["rolls"][0]["modifier"] == -1 and contests[1]["rolls"][0]["need"] == 7
    assert out["state"]["grapples"] == [] and out["dice_left"] == []


def test_S1_HAND_2_and_S1_THROW_2_enter_and_throw_through_clinch_resolve(capsys):
    """G1-3, S1-HAND-2, S1-THROW-2: one edge on the tomahawk attack, grapple roll at once, bob thrown to (0, 1)."""
    code, out, err = resolve(capsys, SITUATIONS / "edge_enter_and_throw.json")
    assert (code, err) == (0, "")
    bob = next(f for f in out["state"]["fighters"] if f["id"] == "bob")
    assert bob["hex"] == [0, 1] and bob["posture"] == "prone"
    assert out["state"]["grapples"][0]["holder"] == "ann"


def test_S1_MENU_1_an_option_the_edge_does_not_pay_for_exits_3(capsys, tmp_path):
    """S1-MENU-1: throw asked with edge 1: the roll is shown, then an ``illegal`` event with the reason; exit 3."""
    path = situation(tmp_path, [{"actor": "ann", "type": "grapple_roll", "option": "throw"}], [9, 1, 1, 1, 1, 1])
    code, out, err = resolve(capsys, path)
    illegal = [e for e in out["events"] if e["type"] == "illegal"]
    assert illegal and "needs 2" in illegal[0]["reason"] and illegal[0]["rule"] == "S1-MENU-1"
    assert out["state"]["fighters"][1]["posture"] == "standing"  # refused, never replaced
    assert code == 3 and err == ""


def test_S1_PIN_3_four_edge_pins_at_minus_three_through_clinch_resolve(capsys, tmp_path):
    """S1-PIN-3: the state shows the pin level as the grapple kind (``pin-3``)."""
    path = situation(tmp_path, [{"actor": "ann", "type": "grapple_roll", "option": "pin"}],
                     [9, 9, 9, 9, 1, 1, 1, 1], posture="prone")
    path.write_text(path.read_text().replace('"hex": [0, 0]}', '"hex": [0, 0], "stats": {"STR": 4}}'))
    code, out, err = resolve(capsys, path)
    assert (code, err) == (0, "")
    assert out["state"]["grapples"][0]["kind"] == "pin-3"
    assert "pinned" in out["state"]["fighters"][1]["conditions"]


def test_bad_stat_name_is_a_file_error(capsys, tmp_path):
    """Stats use edge's keys (STR REF PRE WIL MOV MA HP) or their long names; anything else: exit 2."""
    path = situation(tmp_path, [], [])
    path.write_text(path.read_text().replace('"hex": [0, 0]}', '"hex": [0, 0], "stats": {"ST": 12}}'))
    code, out, err = resolve(capsys, path)
    assert code == 2 and "ST" in err and out == {}
