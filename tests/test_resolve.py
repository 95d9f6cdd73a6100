"""``clinch resolve`` against the base API, with the ``test-double`` ruleset (tests/resolve_double.py).

The contract is ../shared/docs/SITUATION-FORMAT.md: output object, exit
statuses 0 / 2 / 3, one line on stderr naming the file and the field.
End-to-end tests with the real 3d6 rulesets are in test_resolve_rulesets.py.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
import resolve_double  # noqa: F401  (registers the test-double ruleset)

from game.cli import main
from game.files.situation import SituationSpec, load_situation, parse_situation, play

ROOT = Path(__file__).resolve().parent.parent
FIGHTER_KEYS = ["id", "side", "hex", "facing", "posture", "stats", "skills", "size", "arms", "hands", "hp", "fp",
                "dr", "conditions"]

EXAMPLE = {
    "ruleset": "test-double",
    "map": None,
    "fighters": [
        {"id": "ann", "side": "red", "hex": [0, 0], "facing": 0, "posture": "standing",
         "stats": {"ST": 12, "DX": 11, "IQ": 10, "HT": 11}, "skills": {"Wrestling": 13}, "size": 0, "arms": 2,
         "hands": {"right": None, "left": None}, "hp": None, "fp": None, "dr": 0, "conditions": []},
        {"id": "bob", "side": "blue", "hex": [0, 0], "facing": 3, "posture": "standing",
         "stats": {"ST": 10, "DX": 12, "IQ": 10, "HT": 10}, "skills": {}, "size": 0, "arms": 2,
         "hands": {"right": None, "left": "knife"}, "hp": None, "fp": None, "dr": 0, "conditions": []},
    ],
    "grapples": [{"holder": "ann", "target": "bob", "location": "torso", "hands": 2, "kind": "grapple"}],
    "actions": [{"actor": "bob", "type": "break_free"}],
    "dice": [3, 4, 3, 6, 6, 5, 2],
}


def situation(**changes):
    data = copy.deepcopy(EXAMPLE)
    data.update(changes)
    return data


def write(tmp_path: Path, data, name: str = "sit.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def run(capsys, path: Path, *extra: str) -> tuple[int, str, str]:
    code = main(["resolve", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


# -- exit 0 -------------------------------------------------------------------------

def test_example_plays_in_process(tmp_path, capsys):
    code, out, err = run(capsys, write(tmp_path, EXAMPLE))
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert list(result) == ["ruleset", "events", "state", "dice_left"]
    assert result["ruleset"] == "test-double"
    contest, end = result["events"]
    assert contest["type"] == "contest" and contest["kind"] == "quick"
    bob, ann = contest["rolls"]
    assert (bob["actor"], bob["dice"], bob["total"], bob["target"], bob["margin"]) == ("bob", [3, 4, 3], 10, 10, 0)
    assert (ann["actor"], ann["dice"], ann["target"]) == ("ann", [6, 6, 5], 17)
    assert ann["modifiers"] == [{"value": 5, "reason": "grappling with two hands", "rule": "T-BREAK"}]
    assert contest["winner"] == "bob"
    assert end == {"type": "grapple_end", "actor": "ann", "holder": "ann", "target": "bob", "why": "broke free",
                   "rule": "T-BREAK"}
    assert result["state"]["grapples"] == []
    assert result["dice_left"] == [2]


def test_output_is_the_same_in_a_subprocess(tmp_path, capsys):
    path = write(tmp_path, EXAMPLE)
    _, expected, _ = run(capsys, path)
    code = ("import sys; sys.path.insert(0, 'tests'); import resolve_double; from game.cli import main; "
            "sys.exit(main(sys.argv[1:]))")
    proc = subprocess.run([sys.executable, "-c", code, "resolve", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout == expected


def test_state_has_the_input_shape_and_reads_back(tmp_path, capsys):
    _, out, _ = run(capsys, write(tmp_path, situation(actions=[{"actor": "ann", "type": "wait"}])))
    state = json.loads(out)["state"]
    for f in state["fighters"]:
        assert list(f) == FIGHTER_KEYS
    assert state["fighters"][1]["hands"] == {"right": None, "left": "knife"}
    assert state["grapples"] == EXAMPLE["grapples"]
    # the state is a valid input again
    again = situation(fighters=state["fighters"], grapples=state["grapples"], actions=[], dice=[])
    code, out2, err = run(capsys, write(tmp_path, again, "again.json"))
    assert (code, err) == (0, "")
    assert json.loads(out2)["state"] == state


def test_optional_fighter_fields_may_be_left_out(tmp_path, capsys):
    data = situation(fighters=[{"id": "ann", "side": "red", "hex": [0, 0]}, {"id": "bob", "side": "blue",
                                                                             "hex": [1, 0], "arms": 4}],
                     grapples=[], actions=[], dice=None)
    code, out, _ = run(capsys, write(tmp_path, data))
    assert code == 0
    ann, bob = json.loads(out)["state"]["fighters"]
    assert (ann["facing"], ann["posture"], ann["arms"], ann["size"], ann["dr"]) == (0, "standing", 2, 0, 0)
    assert ann["hands"] == {"right": None, "left": None}
    assert list(bob["hands"]) == ["right", "left", "hand3", "hand4"]


def test_without_dice_the_seed_rolls_and_is_deterministic(tmp_path, capsys):
    path = write(tmp_path, situation(dice=None, actions=[{"actor": "ann", "type": "roll", "count": 10}]))
    code, first, _ = run(capsys, path, "--seed", "7")
    assert code == 0
    _, second, _ = run(capsys, path, "--seed", "7")
    assert first == second
    assert json.loads(first)["dice_left"] == []
    outputs = {run(capsys, path, "--seed", str(seed))[1] for seed in range(5)}
    assert len(outputs) > 1  # different seeds roll differently
    _, default, _ = run(capsys, path)
    _, zero, _ = run(capsys, path, "--seed", "0")
    assert default == zero


def test_dice_in_the_file_win_over_the_seed(tmp_path, capsys):
    path = write(tmp_path, EXAMPLE)
    assert run(capsys, path, "--seed", "3")[1] == run(capsys, path)[1]


def test_dice_left_is_what_was_not_rolled(tmp_path, capsys):
    data = situation(actions=[{"actor": "ann", "type": "roll", "count": 2, "sides": 20}], dice=[20, 1, 5, 6])
    code, out, _ = run(capsys, write(tmp_path, data))
    assert code == 0
    result = json.loads(out)
    assert result["events"][0]["text"] == "rolled [20, 1]"
    assert result["dice_left"] == [5, 6]


def test_actions_play_in_order_and_change_the_state(tmp_path, capsys):
    data = situation(grapples=[], dice=[], actions=[{"actor": "ann", "type": "move", "to": [2, 1]},
                                                    {"actor": "bob", "type": "move", "to": [-3, -2]}])
    code, out, _ = run(capsys, write(tmp_path, data))
    assert code == 0
    result = json.loads(out)
    assert [e["type"] for e in result["events"]] == ["move", "move"]
    assert [f["hex"] for f in result["state"]["fighters"]] == [[2, 1], [-3, -2]]


def test_turn_scoped_effects_expire_as_the_turn_controller_expires_them(tmp_path, capsys):
    data = situation(grapples=[], dice=[], actions=[{"actor": "ann", "type": "all_out"},
                                                    {"actor": "bob", "type": "wait"},
                                                    {"actor": "ann", "type": "wait"}])
    code, out, _ = run(capsys, write(tmp_path, data))
    assert code == 0
    kinds = [(e["type"], e.get("effect", {}).get("kind") or e.get("kind") or e.get("text")) for e in
             json.loads(out)["events"]]
    assert kinds == [("effect_start", "all_out"), ("effect_start", "winded"),
                     ("effect_end", "winded"),  # end of ann's turn
                     ("message", "bob waits"),
                     ("effect_end", "all_out"),  # start of ann's next turn
                     ("message", "ann waits")]


def test_a_free_action_does_not_end_the_turn(tmp_path):
    data = situation(grapples=[], dice=[], actions=[{"actor": "ann", "type": "shout"},
                                                    {"actor": "ann", "type": "wait"},
                                                    {"actor": "bob", "type": "shout"}])
    sit = load_situation(write(tmp_path, data))
    outcome = play(sit, sit.make_dice())
    assert outcome.exit_status == 0
    assert sit.battle.turn == 1  # ann's turn (shout + wait); bob's free shout leaves his turn open
    assert sit.battle.current == "bob"


def test_open_field_holds_every_fighter_with_room_to_spare(tmp_path):
    """``map: null`` is unbounded open ground: every hex is on it and open, and no cell is built."""
    from game.hexgrid import Hex, hex_spiral

    board = load_situation(write(tmp_path, EXAMPLE)).battle.board
    assert board.unbounded and board.cells == []
    for h in [Hex(0, 0), Hex(-4, -3), Hex(9, 2), Hex(10**9, -10**9)]:
        for near in hex_spiral(h, 3):
            assert near in board and board.is_open(near)


def test_the_battle_is_set_up_by_the_ruleset(tmp_path):
    sit = load_situation(write(tmp_path, EXAMPLE))
    assert [f.hp for f in sit.battle.fighters] == [12, 10]  # TestDouble.setup fills HP from ST
    assert sit.battle.ruleset == "test-double"
    assert [s.id for s in sit.battle.sides] == ["red", "blue"]
    (grip,) = sit.battle.grapples
    assert grip.hand_names == ["right", "left"]
    bob_grip = load_situation(write(tmp_path, situation(
        grapples=[{"holder": "bob", "target": "ann", "hands": 1}]), "b.json")).battle.grapples[0]
    assert bob_grip.hand_names == ["right"]  # bob's left hand holds the knife


def test_parse_situation_mirrors_the_schema():
    spec = parse_situation(json.dumps(EXAMPLE).encode(), name="x.json")
    assert isinstance(spec, SituationSpec)
    assert spec.fighters[1].hands == {"right": None, "left": "knife"}
    assert spec.grapples[0].hands == 2
    assert msgspec.to_builtins(spec.fighters[0])["hex"] == [0, 0]


# -- exit 3 -------------------------------------------------------------------------

def test_an_illegal_action_stops_the_play_with_exit_3(tmp_path, capsys):
    data = situation(actions=[{"actor": "ann", "type": "wait"},
                              {"actor": "ann", "type": "pin", "target": "bob"},
                              {"actor": "bob", "type": "wait"}])
    code, out, err = run(capsys, write(tmp_path, data))
    assert (code, err) == (3, "")
    result = json.loads(out)
    waited, refused = result["events"]
    assert waited == {"type": "message", "text": "ann waits", "actor": "ann"}
    assert refused["type"] == "illegal"
    assert refused["reason"] == "bob must be lying down to be pinned"
    assert refused["rule"] == "T-PIN"
    assert refused["actor"] == "ann"
    assert refused["action"] == {"actor": "ann", "type": "pin", "target": "bob"}
    assert result["state"]["grapples"][0]["kind"] == "grapple"  # nothing after the illegal action
    assert result["dice_left"] == EXAMPLE["dice"]


# -- exit 2 -------------------------------------------------------------------------

BAD = [
    ("bad JSON", '{"ruleset": "test-double",', "sit.json: not valid JSON: Expecting property name enclosed in "
     "double quotes at line 1, column 27"),
    ("not an object", "[1, 2]", "sit.json: expected object, got array"),
    ("unknown ruleset", situation(ruleset="nope"), "sit.json: ruleset: unknown ruleset 'nope' (known: "),
    ("missing ruleset", {k: v for k, v in EXAMPLE.items() if k != "ruleset"}, "sit.json: ruleset: required field "
     "missing"),
    ("missing fighter id", situation(fighters=[{k: v for k, v in EXAMPLE["fighters"][0].items() if k != "id"},
                                               EXAMPLE["fighters"][1]]),
     "sit.json: fighters[0].id: required field missing"),
    ("facing 9", situation(fighters=[EXAMPLE["fighters"][0], {**EXAMPLE["fighters"][1], "facing": 9}]),
     "sit.json: fighters[1].facing: expected 0-5, got 9"),
    ("facing a string", situation(fighters=[{**EXAMPLE["fighters"][0], "facing": "north"}, EXAMPLE["fighters"][1]]),
     "sit.json: fighters[0].facing: expected int, got str"),
    ("bad posture", situation(fighters=[{**EXAMPLE["fighters"][0], "posture": "flying"}, EXAMPLE["fighters"][1]]),
     "sit.json: fighters[0].posture: expected one of standing, "),
    ("bad stat", situation(fighters=[{**EXAMPLE["fighters"][0], "stats": {"ST": "strong"}}, EXAMPLE["fighters"][1]]),
     "sit.json: fighters[0].stats.ST: expected int, got str"),
    ("bad hex", situation(fighters=[{**EXAMPLE["fighters"][0], "hex": [0, 0, 0]}, EXAMPLE["fighters"][1]]),
     "sit.json: fighters[0].hex: expected [q, r], got 3 numbers"),
    ("unknown fighter field", situation(fighters=[{**EXAMPLE["fighters"][0], "wings": 2}, EXAMPLE["fighters"][1]]),
     "sit.json: fighters[0].wings: unknown field"),
    ("duplicate id", situation(fighters=[EXAMPLE["fighters"][0], {**EXAMPLE["fighters"][1], "id": "ann"}]),
     "sit.json: fighters[1].id: duplicate id 'ann' (also fighters[0])"),
    ("unknown item", situation(fighters=[{**EXAMPLE["fighters"][0], "hands": {"right": "bazooka", "left": None}},
                                         EXAMPLE["fighters"][1]]),
     "sit.json: fighters[0].hands.right: unknown item 'bazooka' (see 'clinch items test-double')"),
    ("unknown condition", situation(fighters=[{**EXAMPLE["fighters"][0], "conditions": ["sleepy"]},
                                              EXAMPLE["fighters"][1]]),
     "sit.json: fighters[0].conditions[0]: unknown condition 'sleepy' (see 'clinch conditions test-double')"),
    ("grapple names an unknown fighter", situation(grapples=[{"holder": "ann", "target": "zed"}]),
     "sit.json: grapples[0].target: no fighter 'zed' (fighters: ann, bob)"),
    ("grapple holds itself", situation(grapples=[{"holder": "ann", "target": "ann"}]),
     "sit.json: grapples[0].target: ann cannot grapple itself"),
    ("too many hands", situation(grapples=[{"holder": "ann", "target": "bob", "hands": 3}]),
     "sit.json: grapples[0].hands: ann has 2 arms but its grips would use 3 hands"),
    ("bad grip kind", situation(grapples=[{"holder": "ann", "target": "bob", "kind": "hug"}]),
     "sit.json: grapples[0].kind: expected one of "),
    ("bad grip location", situation(grapples=[{"holder": "ann", "target": "bob", "location": "tail"}]),
     "sit.json: grapples[0].location: expected a body part "),
    ("die face 7", situation(dice=[3, 4, 7, 6, 6, 5]),
     "sit.json: dice[2]: die face 7 at position 2 does not fit a d6 (rolled for break free: ST) while playing "
     "actions[0] (break_free)"),
    ("die face 0", situation(dice=[0]), "sit.json: dice[0]: a die face is 1 or more, got 0"),
    ("dice ran out", situation(dice=[3, 4, 3, 6]),
     "sit.json: dice: 4 faces are not enough: the dice ran out: 3d6 for hold on: ST needs more faces than were "
     "given while playing actions[0] (break_free)"),
    ("unknown action type", situation(actions=[{"actor": "bob", "type": "fly"}]),
     "sit.json: actions[0].type: unknown action type 'fly' for ruleset test-double"),
    ("unknown action field", situation(actions=[{"actor": "bob", "type": "wait", "how": "patiently"}]),
     "sit.json: actions[0].how: action 'wait' has no field 'how'"),
    ("action field of the wrong type", situation(actions=[{"actor": "bob", "type": "roll", "count": "three"}]),
     "sit.json: actions[0].count: expected int, got str"),
    ("action without actor", situation(actions=[{"type": "wait"}]), "sit.json: actions[0].actor: required field "
     "missing"),
    ("unknown actor", situation(actions=[{"actor": "zed", "type": "wait"}]),
     "sit.json: actions[0].actor: no fighter 'zed' (fighters: ann, bob)"),
    ("unknown target", situation(actions=[{"actor": "ann", "type": "pin", "target": "zed"}]),
     "sit.json: actions[0].target: no fighter 'zed' (fighters: ann, bob)"),
    ("malformed intent", situation(actions=[{"actor": "ann", "type": "move", "to": [1, 2, 3]}]),
     "sit.json: actions[0]"),
]


@pytest.mark.parametrize(("data", "message"), [(d, m) for _, d, m in BAD], ids=[n for n, _, _ in BAD])
def test_an_invalid_file_gives_one_line_and_exit_2(tmp_path, capsys, monkeypatch, data, message):
    write(tmp_path, data)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, Path("sit.json"))
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n")
    line = err.rstrip("\n")
    assert line.startswith("clinch resolve: " + message), line
    assert "Traceback" not in err


def test_a_missing_file_is_exit_2(tmp_path, capsys):
    code, out, err = run(capsys, tmp_path / "nope.json")
    assert (code, out) == (2, "")
    assert err.startswith("clinch resolve: ") and "nope.json: cannot read the file" in err


def test_bad_arguments_are_exit_2_on_one_line(capsys):
    assert main(["resolve"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "SITUATION.json" in err
    assert main(["resolve", "x.json", "--seed", "many"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_help_is_exit_0(capsys):
    assert main(["resolve", "--help"]) == 0
    assert "--seed" in capsys.readouterr().out


def test_a_map_that_cannot_load_is_exit_2(tmp_path, capsys, monkeypatch):
    pytest.importorskip("game.files.maps", reason="game.files.maps is not written yet")
    write(tmp_path, situation(map="missing.tmx"))
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, Path("sit.json"))
    assert (code, out) == (2, "")
    assert err.startswith("clinch resolve: sit.json: map: ") and err.count("\n") == 1


def test_errors_name_the_file_as_given(tmp_path, capsys, monkeypatch):
    sub = tmp_path / "cases"
    sub.mkdir()
    write(sub, situation(ruleset="nope"), "odd name.json")
    monkeypatch.chdir(tmp_path)
    assert main(["resolve", "cases/odd name.json"]) == 2
    assert capsys.readouterr().err.startswith("clinch resolve: cases/odd name.json: ruleset: ")


ARENA = ROOT / "maps" / "arena.tmx"


def _needs_arena():
    pytest.importorskip("game.files.maps", reason="game.files.maps is not written yet")
    if not ARENA.is_file():
        pytest.skip("maps/arena.tmx is not there yet")


def test_a_map_path_is_read_relative_to_the_situation_file(tmp_path, capsys, monkeypatch):
    _needs_arena()
    (tmp_path / "maps").symlink_to(ROOT / "maps", target_is_directory=True)
    (tmp_path / "cases").mkdir()
    data = situation(map="../maps/arena.tmx",
                     fighters=[{**EXAMPLE["fighters"][0], "hex": [2, 2]}, {**EXAMPLE["fighters"][1], "hex": [2, 2]}])
    path = write(tmp_path / "cases", data)
    monkeypatch.chdir(ROOT)
    board = load_situation(path).battle.board
    assert board.columns == 12 and len(board.cells) == 120
    code, out, _ = run(capsys, path)
    assert code == 0 and json.loads(out)["state"]["grapples"] == []


def test_fighters_must_stand_on_the_map(tmp_path, capsys, monkeypatch):
    _needs_arena()
    outside = situation(map=str(ARENA), fighters=[{**EXAMPLE["fighters"][0], "hex": [2, 2]},
                                                  {**EXAMPLE["fighters"][1], "hex": [40, 2]}])
    write(tmp_path, outside)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, Path("sit.json"))
    assert (code, out) == (2, "")
    assert err == f"clinch resolve: sit.json: fighters[1].hex: [40, 2] is outside the map {ARENA}\n"
    wall = situation(map=str(ARENA), fighters=[{**EXAMPLE["fighters"][0], "hex": [0, 0]},
                                               {**EXAMPLE["fighters"][1], "hex": [2, 2]}])
    write(tmp_path, wall)
    code, out, err = run(capsys, Path("sit.json"))
    assert code == 2 and err.startswith("clinch resolve: sit.json: fighters[0].hex: [0, 0] cannot be stood on (")
