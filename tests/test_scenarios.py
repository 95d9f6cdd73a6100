"""Scenarios (.toml beside their maps): the shipped ones load, bad ones are refused naming file and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.files.maps import MapError, ScenarioError, load_scenario
from game.hexgrid import Hex
from game.model import Battle, battle_from_json, battle_to_json
from game.rules import find_ruleset

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"
FIX = ROOT / "tests" / "fixtures" / "maps"


@pytest.mark.parametrize("name,ruleset,count", [("arena", "3d6-lite", 6), ("tavern", "3d6-full", 8),
                                                ("outdoor", "3d6-lite", 12), ("arena_edge", "edge", 6),
                                                ("tavern_edge", "edge", 8)])
def test_shipped_scenarios_load(name: str, ruleset: str, count: int) -> None:
    battle = load_scenario(MAPS / f"{name}.toml")
    assert isinstance(battle, Battle)
    assert battle.ruleset == ruleset and len(battle.fighters) == count
    assert len(battle.sides) == 2 and {s.control for s in battle.sides} <= {"human", "ai"}
    assert battle.board.columns > 0 and battle.scenario == str(MAPS / f"{name}.toml")
    hexes = [f.hex for f in battle.fighters]
    assert len(set(hexes)) == len(hexes)  # one fighter per hex at the start
    for f in battle.fighters:
        assert battle.board.is_open(f.hex), f"{f.id} starts on {battle.board.cell(f.hex)}"
        assert 0 <= f.facing <= 5
        assert set(f.hands) == {"right", "left"}
        assert battle.side(f.side) is not None
        # every item a fighter holds is one its ruleset knows
        assert {i for i in f.hands.values() if i} <= set(find_ruleset(ruleset).items)
        if ruleset.startswith("3d6"):
            assert set(f.stats) == {"ST", "DX", "IQ", "HT"} and all(8 <= v <= 16 for v in f.stats.values())
            assert f.skills
        elif ruleset == "edge":
            assert set(f.stats) == {"STR", "REF", "PRE", "WIL"} and all(1 <= v <= 6 for v in f.stats.values())
    # the battle survives JSON
    assert battle_from_json(battle_to_json(battle)).fighters == battle.fighters


def test_arena_is_the_default_with_a_human_side() -> None:
    battle = load_scenario(MAPS / "arena.toml")
    assert [s.control for s in battle.sides] == ["human", "ai"]
    red = [f for f in battle.fighters if f.side == "red"]
    assert all(f.hex in battle.board.zones["red"] for f in red)


def test_spot_placement() -> None:
    battle = load_scenario(MAPS / "tavern.toml")
    assert battle.fighter("gus").hex == battle.board.spots["bar"]
    assert battle.fighter("kell").hex == battle.board.spots["front_door"]


BASE = '''map = "{map}"
ruleset = "3d6-lite"
seed = 3

[[sides]]
id = "red"
control = "human"

[[sides]]
id = "blue"
control = "ai"

[[fighters]]
id = "a"
side = "red"
zone = "red"
facing = 1
stats = {{ ST = 12, DX = 12, IQ = 10, HT = 12 }}
skills = {{ Wrestling = 13 }}
hands = {{ right = "knife", left = "" }}

[[fighters]]
id = "b"
side = "blue"
hex = [-2, 4]
'''


def write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def base(map_name: str = "hex_y_odd_csv.tmx") -> str:
    return BASE.format(map=(FIX / map_name).as_posix())


def test_minimal_scenario_on_a_fixture_map(tmp_path: Path) -> None:
    battle = load_scenario(write(tmp_path, base()))
    a, b = battle.fighters
    assert a.hex in battle.board.zones["red"] and a.facing == 1 and a.hands == {"right": "knife", "left": None}
    assert b.hex == Hex(-2, 4) and 0 <= b.facing <= 5  # no facing given: faces the middle
    assert battle.rng.seed == 3 and battle.sides[1].colour.startswith("#")
    assert a.name == "A"


def test_ruleset_defaults_to_the_map_property(tmp_path: Path) -> None:
    battle = load_scenario(write(tmp_path, base().replace('ruleset = "3d6-lite"\n', "")))
    assert battle.ruleset == "3d6-lite"  # the fixture map says so


BAD = [
    (lambda t: t.split("\n", 1)[1], r"s\.toml: map: is missing$"),
    (lambda t: t.replace('map = "', 'mapp = "'), r"s\.toml: unknown field 'mapp'$"),
    (lambda t: t.replace("facing = 1", "facing = 9"), r"s\.toml: fighters\[0\]\.facing: must be 0-5, got 9$"),
    (lambda t: t.replace("facing = 1", 'facing = "north"'), r"s\.toml: fighters\[0\]\.facing: expected int, got str"),
    (lambda t: t.replace('zone = "red"', 'zone = "green"'),
     r"s\.toml: fighters\[0\]\.zone: the map has no zone 'green' \(zones: blue, red\)$"),
    (lambda t: t.replace('zone = "red"', 'spot = "throne"'), r"s\.toml: fighters\[0\]\.spot: the map has no spot 'throne'"),
    (lambda t: t.replace("hex = [-2, 4]", "hex = [40, 4]"), r"s\.toml: fighters\[1\]\.hex: \[40, 4\] is outside the map$"),
    (lambda t: t.replace("hex = [-2, 4]", "hex = [2, 0]"), r"s\.toml: fighters\[1\]\.hex: \[2, 0\] is wall, which blocks"),
    (lambda t: t.replace("hex = [-2, 4]", "hex = [-2, 4, 1]"), r"s\.toml: fighters\[1\]\.hex: must be \[q, r\]"),
    (lambda t: t.replace('id = "blue"', 'id = "red"'), r"s\.toml: sides\[1\]\.id: two sides have the id 'red'$"),
    (lambda t: t.replace('id = "b"', 'id = "a"'), r"s\.toml: fighters\[1\]\.id: two fighters have the id 'a'$"),
    (lambda t: t.replace('side = "blue"', 'side = "green"'), r"s\.toml: fighters\[1\]\.side: unknown side 'green'"),
    (lambda t: t.replace('control = "ai"', 'control = "robot"'),
     r"s\.toml: sides\[1\]\.control: must be 'human' or 'ai', got 'robot'$"),
    (lambda t: t.replace('id = "a"\n', ""), r"s\.toml: fighters\[0\]\.id: is missing$"),
    (lambda t: t.replace("hex = [-2, 4]", 'hex = [-2, 4]\nzone = "red"'),
     r"s\.toml: fighters\[1\]: give exactly one of hex, zone or spot \(got hex, zone\)$"),
    (lambda t: t.replace("hex = [-2, 4]\n", ""), r"s\.toml: fighters\[1\]: give exactly one of hex, zone or spot$"),
    (lambda t: t.replace("seed = 3", "sede = 3"), r"s\.toml: unknown field 'sede'$"),
    (lambda t: t.replace("Wrestling = 13", "Wrestling = -1"), r"s\.toml: fighters\[0\]\.skills\.Wrestling: must not be"),
    (lambda t: t.replace('control = "human"', 'control = "human"\ncolour = "red"'),
     r"s\.toml: sides\[0\]\.colour: must be '#rrggbb', got 'red'$"),
    (lambda t: t.replace("[[fighters]]", "[[fighter]]"), r"s\.toml: unknown field"),
    (lambda t: t + "\n[[fighters]]\nid = 'c'\nside = 'red'\nposture = 'flying'\nzone = 'red'\n",
     r"s\.toml: fighters\[2\]\.posture: must be one of"),
    (lambda t: t + "this is = not toml =", r"s\.toml: is not valid TOML"),
]


@pytest.mark.parametrize("edit,pattern", BAD)
def test_bad_scenarios_name_file_and_field(tmp_path: Path, edit, pattern: str) -> None:  # type: ignore[no-untyped-def]
    path = write(tmp_path, edit(base()))
    with pytest.raises(ScenarioError, match=pattern) as info:
        load_scenario(path)
    assert "\n" not in str(info.value) and str(info.value).startswith(str(path))


def test_zone_too_small(tmp_path: Path) -> None:
    extra = "".join(f'\n[[fighters]]\nid = "x{i}"\nside = "red"\nzone = "blue"\n' for i in range(4))
    with pytest.raises(ScenarioError, match=r"fighters\[\d\]\.zone: zone 'blue' has no free open hex left$"):
        load_scenario(write(tmp_path, base() + extra))


def test_missing_map(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"s\.toml: map: no map at .*nowhere\.tmx$"):
        load_scenario(write(tmp_path, base("nowhere.tmx")))


def test_bad_map_is_a_map_error(tmp_path: Path) -> None:
    with pytest.raises(MapError, match=r"orthogonal\.tmx: is an orthogonal map"):
        load_scenario(write(tmp_path, base("bad/orthogonal.tmx")))


def test_missing_scenario_file(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"nope\.toml: no such file\.$"):
        load_scenario(tmp_path / "nope.toml")


def test_unknown_ruleset_checked_when_rulesets_are_registered(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import game.files.scenarios as scenarios

    monkeypatch.setattr(scenarios, "_known_rulesets", lambda: {"3d6-lite", "3d6-full"})
    with pytest.raises(ScenarioError, match=r"s\.toml: ruleset: unknown ruleset 'chess' \(known: 3d6-full, 3d6-lite\)$"):
        load_scenario(write(tmp_path, base().replace('"3d6-lite"', '"chess"')))
    assert load_scenario(write(tmp_path, base(), "ok.toml")).ruleset == "3d6-lite"
