"""``clinch resolve``'s nd6 fields (SITUATION-FORMAT.md, section ``nd6-tactical``), read generically.

``fighters[].worn`` and ``belt``, boolean ``skills`` and the top-level
``effects`` are read by ``game/files/situation.py`` from ruleset facts
(``Ruleset.worn_kinds``, ``Ruleset.board_effects``), never from an id: each is
accepted, lands where the rules read it, comes back in the output in the
input's shape, and is refused with one sentence naming the file and the field
when wrong. Rulesets without those facts keep the output they had.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hostile import assert_refused, run_clinch

import game.rules  # noqa: F401  (registers the shipped rulesets)
from game.cli import main
from game.dice import ScriptedDice
from game.files.situation import (
    ACTION_NUMBER_LIMIT,
    HEX_LIMIT,
    build_situation,
    parse_situation,
    play,
    state_of,
)
from game.rules.base import find_ruleset
from game.rules.nd6.status import armour

ROOT = Path(__file__).resolve().parent.parent
SITUATIONS = ROOT / "tests" / "fixtures" / "situations"
ND6 = "nd6-tactical"


def nd6_situation(**extra: Any) -> dict[str, Any]:
    """Two nd6 fighters three hexes apart: ann armoured with a belt, bob bare; ``extra`` goes top level."""
    data: dict[str, Any] = {
        "ruleset": ND6,
        "fighters": [
            {"id": "ann", "side": "red", "hex": [0, 0], "stats": {"ST": 12, "DX": 12, "IQ": 10},
             "skills": {"tough": True, "sword": False}, "hands": {"right": "broadsword", "left": None},
             "worn": ["jacket", "gas_mask"], "belt": ["knife", "fire_extinguisher"]},
            {"id": "bob", "side": "blue", "hex": [3, 0], "facing": 3, "stats": {"ST": 11, "DX": 11, "IQ": 10}},
        ],
        "actions": [],
    }
    data.update(extra)
    return data


def resolve(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: dict[str, Any],
            name: str = "sit.json") -> tuple[int, dict[str, Any] | None, str, Path]:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    code = main(["resolve", str(path)])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out else None), err, path


def refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: dict[str, Any]) -> str:
    """Exit 2, nothing on stdout, one line on stderr naming the file: that line, without the command's prefix."""
    code, out, err, path = resolve(tmp_path, capsys, data)
    assert (code, out) == (2, None), err
    assert err.count("\n") == 1 and "Traceback" not in err
    prefix = f"clinch resolve: {path}: "
    assert err.startswith(prefix), err
    return err[len(prefix):].rstrip("\n")


# -- worn and belt --------------------------------------------------------------------------------------------------

def test_worn_and_belt_land_in_items_where_the_rules_read_them():
    """G3-6: the worn jacket stops 4 hits at -1 DX, S3-SMOKE-9: the gas mask -1 more, read from ``Fighter.items``."""
    sit = build_situation(parse_situation(json.dumps(nd6_situation())))
    ann = sit.battle.fighter("ann")
    assert ann.items == ["jacket", "gas_mask", "knife", "fire_extinguisher"]
    assert armour(ann)["stops"] == 4 and armour(ann)["dx"] == -2
    assert armour(sit.battle.fighter("bob"))["stops"] == 0


def test_worn_and_belt_written_back_split_by_kind(tmp_path, capsys):
    code, out, err, _ = resolve(tmp_path, capsys, nd6_situation())
    assert (code, err) == (0, "")
    ann, bob = out["state"]["fighters"]
    assert (ann["worn"], ann["belt"]) == (["jacket", "gas_mask"], ["knife", "fire_extinguisher"])
    assert (bob["worn"], bob["belt"]) == ([], [])
    assert "items" not in ann and "items" not in bob


def test_output_state_reads_back_unchanged(tmp_path, capsys):
    """The output's fighters and effects, fed back as input, give the same state (worn, belt, 1/0 skills)."""
    data = nd6_situation(effects=[{"kind": "fire", "hex": [1, 0], "turns_left": 3}])
    first = resolve(tmp_path, capsys, data)[1]["state"]
    again = dict(data, fighters=first["fighters"], effects=first["effects"])
    code, out, err, _ = resolve(tmp_path, capsys, again, "again.json")
    assert (code, err) == (0, "")
    assert out["state"] == first


def test_s3_hth_11_ready_takes_from_the_belt(tmp_path, capsys):
    """S3-HTH-11 / G3-4: ``ready`` takes the belt's knife into the free hand; the output's belt no longer has it."""
    data = nd6_situation(actions=[{"actor": "ann", "type": "ready", "item": "knife"}])
    code, out, err, _ = resolve(tmp_path, capsys, data)
    assert (code, err) == (0, "")
    ann = out["state"]["fighters"][0]
    assert ann["hands"] == {"right": "broadsword", "left": "knife"}
    assert (ann["worn"], ann["belt"]) == (["jacket", "gas_mask"], ["fire_extinguisher"])


def test_items_still_accepted_and_split_for_nd6(tmp_path, capsys):
    data = nd6_situation()
    data["fighters"][1]["items"] = ["armored_vest", "club"]
    out = resolve(tmp_path, capsys, data)[1]
    bob = out["state"]["fighters"][1]
    assert (bob["worn"], bob["belt"]) == (["armored_vest"], ["club"])


@pytest.mark.parametrize(("field", "value", "sentence"), [
    ("worn", ["jacket", "cape"], "fighters[0].worn[1]: unknown item 'cape' (see 'clinch items nd6-tactical')"),
    ("belt", ["laser_sword"], "fighters[0].belt[0]: unknown item 'laser_sword' (see 'clinch items nd6-tactical')"),
    ("worn", ["knife"], "fighters[0].worn[0]: 'knife' is carried, not worn (kind melee); put it in belt or hands"),
    ("worn", ["fire_extinguisher"],
     "fighters[0].worn[0]: 'fire_extinguisher' is carried, not worn (kind gear); put it in belt or hands"),
    ("belt", ["jacket"], "fighters[0].belt[0]: 'jacket' is worn, not carried (kind armour); put it in worn"),
    ("worn", "jacket", "fighters[0].worn: expected array, got str"),
    ("belt", [3], "fighters[0].belt[0]: expected str, got int"),
])
def test_bad_worn_or_belt_refused_in_one_sentence(tmp_path, capsys, field, value, sentence):
    data = nd6_situation()
    data["fighters"][0][field] = value
    assert refused(tmp_path, capsys, data) == sentence


def test_worn_refused_where_the_ruleset_wears_nothing(tmp_path, capsys):
    data = json.loads((SITUATIONS / "grapple_takedown_lite.json").read_text())
    data["fighters"][0]["worn"] = ["knife"]
    assert refused(tmp_path, capsys, data) == \
        "fighters[0].worn: ruleset 3d6-lite has no worn items; list what the fighter has in items or belt"


def test_belt_for_a_ruleset_without_worn_kinds_is_items_written_back_as_belt(tmp_path, capsys):
    data = json.loads((SITUATIONS / "grapple_takedown_lite.json").read_text())
    item_id = next(iter(find_ruleset(data["ruleset"]).items))
    data["fighters"][0]["belt"] = [item_id]
    code, out, err, _ = resolve(tmp_path, capsys, data)
    assert err == ""
    f0 = out["state"]["fighters"][0]
    assert f0["belt"] == [item_id] and "items" not in f0 and "worn" not in f0


# -- skills as booleans ---------------------------------------------------------------------------------------------

def test_boolean_skills_kept_as_one_and_zero(tmp_path, capsys):
    data = nd6_situation()
    data["fighters"][1]["skills"] = {"very_tough": True, "fencing": 0, "clear_jam": 1}
    sit = build_situation(parse_situation(json.dumps(data)))
    assert sit.battle.fighter("ann").skills == {"tough": 1, "sword": 0}
    assert sit.battle.fighter("bob").skills == {"very_tough": 1, "fencing": 0, "clear_jam": 1}
    out = resolve(tmp_path, capsys, data)[1]
    assert [f["skills"] for f in out["state"]["fighters"]] == [{"tough": 1, "sword": 0},
                                                                {"very_tough": 1, "fencing": 0, "clear_jam": 1}]
    assert all(type(v) is int for f in out["state"]["fighters"] for v in f["skills"].values())


@pytest.mark.parametrize(("value", "sentence"), [
    ("yes", "fighters[0].skills.tough: expected int or bool, got str"),
    (None, "fighters[0].skills.tough: expected int or bool, got null"),
    (-1, "fighters[0].skills.tough: expected 0 to 10000, got -1"),
])
def test_bad_skill_value_refused(tmp_path, capsys, value, sentence):
    data = nd6_situation()
    data["fighters"][0]["skills"]["tough"] = value
    assert refused(tmp_path, capsys, data) == sentence


# -- board effects --------------------------------------------------------------------------------------------------

def test_effects_stored_in_battle_state_and_written_back(tmp_path, capsys):
    effects = [{"kind": k, "hex": [i, -i], "turns_left": i} for i, k in enumerate(find_ruleset(ND6).board_effects)]
    data = nd6_situation(effects=effects)
    sit = build_situation(parse_situation(json.dumps(data)))
    assert sit.battle.state["board_effects"] == effects
    out = resolve(tmp_path, capsys, data)[1]
    assert out["state"]["effects"] == effects
    assert list(out["state"]) == ["fighters", "grapples", "effects", "round"]


def test_effects_follow_the_battle_state(tmp_path):
    """``state.effects`` is what the rules keep in ``battle.state["board_effects"]`` when the actions are done."""
    data = nd6_situation(effects=[{"kind": "smoke", "hex": [1, 0], "turns_left": 2}],
                         actions=[{"actor": "ann", "type": "wait"}])
    sit = build_situation(parse_situation(json.dumps(data)))
    play(sit, ScriptedDice([]))
    sit.battle.state["board_effects"][0]["turns_left"] = 1  # as a rule counting the cloud down would
    sit.battle.state["board_effects"].append({"kind": "coals", "hex": [2, 0], "turns_left": 5})
    assert state_of(sit.battle)["effects"] == [{"kind": "smoke", "hex": [1, 0], "turns_left": 1},
                                               {"kind": "coals", "hex": [2, 0], "turns_left": 5}]


def test_nd6_without_effects_writes_an_empty_list(tmp_path, capsys):
    out = resolve(tmp_path, capsys, nd6_situation())[1]
    assert out["state"]["effects"] == []


@pytest.mark.parametrize(("effects", "sentence"), [
    ([{"kind": "lava", "hex": [0, 0], "turns_left": 1}],
     "effects[0].kind: expected one of burning_liquid, incendiary, fire, coals, smoke, tear_gas, got 'lava'"),
    ([{"kind": "fire", "hex": [0, HEX_LIMIT + 1], "turns_left": 1}],
     f"effects[0].hex: [0, {HEX_LIMIT + 1}] is beyond any board (|q| and |r| are at most {HEX_LIMIT})"),
    ([{"kind": "fire", "hex": [0, 0, 0], "turns_left": 1}], "effects[0].hex: expected [q, r], got 3 numbers"),
    ([{"kind": "fire", "hex": "a1", "turns_left": 1}], "effects[0].hex: expected array, got str"),
    ([{"kind": "fire", "hex": [0, 0], "turns_left": -1}], "effects[0].turns_left: expected 0 to 1000000, got -1"),
    ([{"kind": "fire", "hex": [0, 0], "turns_left": ACTION_NUMBER_LIMIT + 1}],
     f"effects[0].turns_left: expected 0 to {ACTION_NUMBER_LIMIT}, got {ACTION_NUMBER_LIMIT + 1}"),
    ([{"kind": "fire", "hex": [0, 0], "turns_left": 2.5}], "effects[0].turns_left: expected int, got float"),
    ([{"kind": "fire", "hex": [0, 0]}], "effects[0].turns_left: required field missing"),
    ([{"kind": "fire", "hex": [0, 0], "turns_left": 1, "heat": 3}], "effects[0].heat: unknown field"),
    ({"kind": "fire"}, "effects: expected array, got object"),
])
def test_bad_effects_refused_in_one_sentence(tmp_path, capsys, effects, sentence):
    assert refused(tmp_path, capsys, nd6_situation(effects=effects)) == sentence


def test_effect_outside_the_map_refused(tmp_path, capsys):
    data = nd6_situation(map=str(ROOT / "maps" / "cantina.tmx"),
                         effects=[{"kind": "smoke", "hex": [500, 500], "turns_left": 1}])
    data["fighters"][0]["hex"], data["fighters"][1]["hex"] = [2, 2], [4, 2]
    sentence = refused(tmp_path, capsys, data)
    assert sentence.startswith("effects[0].hex: [500, 500] is outside the map "), sentence


def test_effects_refused_where_the_ruleset_has_none(tmp_path, capsys):
    data = json.loads((SITUATIONS / "grapple_takedown_lite.json").read_text())
    data["effects"] = [{"kind": "fire", "hex": [0, 0], "turns_left": 1}]
    assert refused(tmp_path, capsys, data) == "effects: ruleset 3d6-lite has no board effects; leave effects out"


def test_bad_effects_through_the_real_command(tmp_path):
    """The whole promise (issue 13) on the real command: one line naming the file, exit 2, no traceback."""
    path = tmp_path / "hot.json"
    path.write_text(json.dumps(nd6_situation(effects=[{"kind": "napalm", "hex": [0, 0], "turns_left": 1}])))
    line = assert_refused(run_clinch("resolve", path), names=path)
    assert "effects[0].kind" in line


# -- other rulesets unchanged ---------------------------------------------------------------------------------------

def _declares_none(p) -> bool:
    """Fixtures of rulesets with neither board effects nor worn kinds (the others' shape is tested above)."""
    rs = find_ruleset(json.loads(p.read_text())["ruleset"])
    return not rs.board_effects and not rs.worn_kinds


@pytest.mark.parametrize("fixture", sorted(p.name for p in SITUATIONS.glob("*.json")
                                           if not p.name.endswith(".expect.json") and _declares_none(p)))
def test_other_rulesets_state_keeps_its_shape(tmp_path, capsys, fixture):
    """No ``effects``, no ``worn``/``belt`` where the ruleset declares neither and the input used neither."""
    data = json.loads((SITUATIONS / fixture).read_text())
    ruleset = find_ruleset(data["ruleset"])
    assert not ruleset.board_effects and not ruleset.worn_kinds
    data = copy.deepcopy(data)
    item_id = next(iter(ruleset.items), None)
    if item_id is not None:
        data["fighters"][0]["items"] = [item_id]
    code, out, err, _ = resolve(tmp_path, capsys, data)
    assert err == ""
    assert list(out["state"]) == ["fighters", "grapples", "round"]
    for f in out["state"]["fighters"]:
        assert not {"worn", "belt", "effects"} & set(f)
    if item_id is not None:
        assert out["state"]["fighters"][0]["items"] == [item_id]
