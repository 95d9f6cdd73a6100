"""The battle builder, headless: a set-up written as a scenario reads back byte for byte, what it saves the
loader accepts, what it refuses is the loader's one sentence at the field, and a built battle plays."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.builder import (
    BuiltFighter,
    BuiltSide,
    Setup,
    check_setup,
    load_setup,
    roster,
    save_setup,
    setup_text,
    user_scenarios,
    user_scenarios_dir,
)
from game.builder.roster import fighter_from
from game.builder.setup import map_for, win_of, with_win
from game.files.maps import load_scenario
from game.files.userfiles import UserFileError
from game.tiled.reader import load_map

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
SHIPPED = sorted(MAPS.glob("*.toml"))
RULESETS = ("3d6-lite", "3d6-full", "edge", "d20", "nd6-tactical")
ARENA = MAPS / "arena.tmx"
OPEN = sorted((c.hex for c in load_map(ARENA).cells if load_map(ARENA).is_open(c.hex)), key=lambda h: (h.r, h.q))
#: a map with a terrain word the game's list does not know ("Corruption", played as open ground unless mapped)
WORDS_MAP = ROOT / "tests" / "fixtures" / "maps" / "features" / "class_words.tmx"
LEVELS = ("", "random", "easy", "normal", "hard")


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_scenario_goes_through_the_builder_and_loads_the_same(path: Path, tmp_path: Path) -> None:
    """Each shipped scenario, read into the builder and saved elsewhere, is the same battle; saved again from
    what was read back, the same bytes."""
    setup = load_setup(path)
    out = tmp_path / path.name
    setup = msgspec.structs.replace(setup, map=map_for(path.parent / setup.map, out))
    save_setup(setup, out)
    assert setup_text(load_setup(out)).encode("utf-8") == out.read_bytes()
    a, b = load_scenario(path), load_scenario(out)
    a.scenario = b.scenario = ""
    assert msgspec.json.encode(a) == msgspec.json.encode(b)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_ruleset_has_a_roster_whose_fighters_load(ruleset: str, tmp_path: Path) -> None:
    """Every archetype of a ruleset's roster, on a side of its own hex, is a fighter the loader accepts."""
    archetypes = roster(ruleset)
    assert archetypes
    fighters = [msgspec.structs.replace(fighter_from(a, f"f{i}", "red"), hex=[OPEN[i].q, OPEN[i].r])
                for i, a in enumerate(archetypes)]
    setup = Setup(map=ARENA.as_posix(), ruleset=ruleset, sides=[BuiltSide("red")], fighters=fighters)
    assert check_setup(setup, tmp_path / "r.toml") is None


def test_a_ruleset_without_a_roster_offers_none() -> None:
    assert roster("no-such-ruleset") == []


_NAMES = st.text(st.characters(whitelist_categories=("Lu", "Ll", "Nd", "Zs"), max_codepoint=0x2FFF),
                 min_size=1, max_size=24).filter(lambda s: s.strip() == s and s.strip())


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    """A random set-up the loader accepts: a ruleset, 1-3 sides, 1-6 fighters from its roster on open hexes."""
    ruleset = draw(st.sampled_from(RULESETS))
    n_sides = draw(st.integers(1, 3))
    sides = [BuiltSide(id=f"side{i}", name=draw(_NAMES), colour=f"#{draw(st.integers(0, 0xFFFFFF)):06x}",
                       control=draw(st.sampled_from(["human", "ai"])), level=draw(st.sampled_from(LEVELS)))
             for i in range(n_sides)]
    archetypes = roster(ruleset)
    fighters = []
    words: dict[str, str] = {}
    map_path, open_hexes = ARENA, OPEN
    if draw(st.booleans()):  # a map with a word of its own, mapped to a kind (or left as open ground)
        map_path = WORDS_MAP
        kind = draw(st.sampled_from(["", "blocking", "water", "cover", "rough", "open"]))
        words = {"Corruption": kind} if kind else {}
        board = load_map(map_path, words)
        open_hexes = sorted((c.hex for c in board.cells if board.is_open(c.hex)), key=lambda h: (h.r, h.q))
    hexes = draw(st.lists(st.sampled_from(open_hexes), min_size=n_sides, max_size=min(6, len(open_hexes)),
                          unique=True))
    for i, h in enumerate(hexes):
        side = i if i < n_sides else draw(st.integers(0, n_sides - 1))  # every side fields someone
        f = fighter_from(draw(st.sampled_from(archetypes)), f"f{i}", f"side{side}", draw(_NAMES))
        fighters.append(msgspec.structs.replace(
            f, hex=[h.q, h.r], facing=draw(st.none() | st.integers(0, 5)),
            posture=draw(st.sampled_from(("standing", "prone"))), weight=draw(st.sampled_from([150.0, 90.5, 210.0])),
            pronoun=draw(st.sampled_from([None, "she", "he", "it"])), dr=draw(st.integers(0, 5)),
            hp=draw(st.none() | st.integers(1, 40))))
    setup = Setup(map=map_path.as_posix(), ruleset=ruleset, name=draw(_NAMES),
                  description=draw(st.text(max_size=80)), seed=draw(st.integers(0, 2**40)), sides=sides,
                  fighters=fighters, terrain_words=words)
    if draw(st.booleans()):
        setup = with_win(setup, "round_limit", draw(st.integers(1, 500)))
    return setup


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(setup=setups())
def test_random_setups_round_trip_byte_for_byte(setup: Setup, tmp_path: Path) -> None:
    """Any valid set-up is saved, loaded by the scenario loader, read back and written as the same bytes."""
    out = tmp_path / "built.toml"
    setup = msgspec.structs.replace(setup, map=map_for(setup.map, out))
    save_setup(setup, out)
    load_scenario(out)
    back = load_setup(out)
    assert back == setup
    assert setup_text(back).encode("utf-8") == out.read_bytes()
    assert win_of(back)[0] == win_of(setup)[0]


def _one_fighter(**changes: object) -> Setup:
    f = msgspec.structs.replace(BuiltFighter(id="ann", side="red", hex=[OPEN[0].q, OPEN[0].r],
                                             stats={"ST": 12, "DX": 12, "IQ": 10, "HT": 12}), **changes)
    return Setup(map=ARENA.as_posix(), ruleset="3d6-lite", sides=[BuiltSide("red")], fighters=[f])


@pytest.mark.parametrize(("changes", "field"), [
    ({"facing": 9}, "fighters[0].facing"),
    ({"posture": "flying"}, "fighters[0].posture"),
    ({"side": "blue"}, "fighters[0].side"),
    ({"hex": [999, 999]}, "fighters[0].hex"),
    ({"stats": {"ST": 0}}, "fighters[0].stats.ST"),
    ({"hands": {"right": "lightsaber"}}, "fighters[0].hands"),
])
def test_what_the_builder_refuses_it_says_at_the_field_in_one_sentence(changes: dict, field: str,
                                                                       tmp_path: Path) -> None:
    """A refused set-up is the loader's sentence naming the file and the field, and nothing is written."""
    out = tmp_path / "bad.toml"
    problem = check_setup(_one_fighter(**changes), out)
    assert problem is not None and field in problem and str(out) in problem and "\n" not in problem
    with pytest.raises(UserFileError):
        save_setup(_one_fighter(**changes), out)
    assert not out.exists()


def test_user_scenarios_are_listed_from_the_user_data_folder() -> None:
    """A saved battle lands in the user data folder's scenarios/ and is listed there."""
    target = user_scenarios_dir() / "my_battle.toml"
    save_setup(msgspec.structs.replace(_one_fighter(), map=map_for(ARENA, target)), target)
    assert target in user_scenarios()
    load_scenario(target)


def test_simulate_plays_twenty_battles_of_a_built_scenario(tmp_path: Path) -> None:
    """``clinch simulate`` reads a built scenario and plays 20 battles of it to the end."""
    archetypes = roster("3d6-lite")
    sides = [BuiltSide("red", "Red", "#c0392b", "ai", "easy"), BuiltSide("blue", "Blue", "#2e6fd8", "ai", "random")]
    fighters = [msgspec.structs.replace(fighter_from(archetypes[i], f"f{i}", sides[i % 2].id, f"Fighter {i}"),
                                        hex=[OPEN[i * 7].q, OPEN[i * 7].r]) for i in range(4)]
    setup = with_win(Setup(map=ARENA.as_posix(), ruleset="3d6-lite", name="Built", sides=sides,
                           fighters=fighters, seed=3), "round_limit", 30)
    out = tmp_path / "built.toml"
    save_setup(setup, out)
    run = subprocess.run([sys.executable, "-m", "game", "simulate", str(out), "--battles", "20", "--json",
                          "--no-timing", "--progress", "never"],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["battles"] == 20
    assert report["levels"] == {"red": "easy", "blue": "random"}  # each side's own level, no --level given


def test_the_builder_imports_without_pygame() -> None:
    """The builder is below the UI: it imports with pygame made unimportable."""
    code = "import sys; sys.modules['pygame'] = None; import game.builder, game.builder.roster"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert run.returncode == 0, run.stderr


def test_a_side_with_no_fighters_is_refused_at_the_side(tmp_path: Path) -> None:
    """The loader lets a side stand empty; the builder says so at the side (its battle would be over at once)."""
    setup = msgspec.structs.replace(_one_fighter(), sides=[BuiltSide("red"), BuiltSide("blue", "Blue")])
    problem = check_setup(setup, tmp_path / "s.toml")
    assert problem is not None and "sides[1]: Blue has no fighters" in problem


def test_a_sides_level_is_checked_at_the_field_and_kept_on_the_side(tmp_path: Path) -> None:
    """``level`` of a side is one of the computer's levels (``clinch simulate --level``'s), said at the field
    otherwise; the battle's side carries it; a side without one encodes as before (save hashes unchanged)."""
    from game.ai.weights import LEVELS as AI_LEVELS
    from game.files.scenarios import SIDE_LEVELS

    assert set(SIDE_LEVELS) == set(AI_LEVELS)
    out = tmp_path / "s.toml"
    bad = msgspec.structs.replace(_one_fighter(), sides=[BuiltSide("red", level="fiendish")])
    problem = check_setup(bad, out)
    assert problem is not None and "sides[0].level: must be one of random, easy, normal, hard" in problem
    good = msgspec.structs.replace(_one_fighter(), sides=[BuiltSide("red", control="ai", level="hard")])
    save_setup(good, out)
    assert 'level = "hard"' in out.read_text(encoding="utf-8")
    assert load_scenario(out).sides[0].level == "hard"
    plain = msgspec.structs.replace(_one_fighter(), sides=[BuiltSide("red")])
    save_setup(plain, out)
    assert b"level" not in msgspec.json.encode(load_scenario(out).sides[0])


def test_a_terrain_word_mapped_by_the_scenario_is_played_as_that_kind(tmp_path: Path) -> None:
    """The map's unknown word "Corruption" is open ground, unless the scenario's ``terrain_words`` says what
    it is; a kind or a word the map does not have is refused at the field."""
    from game.builder.edit import unknown_words
    from game.hexgrid import offset_to_axial

    corrupt = offset_to_axial(3, 0, "y", "odd")
    assert unknown_words(load_map(WORDS_MAP)) == ["Corruption"]
    out = tmp_path / "w.toml"
    f = BuiltFighter(id="ann", side="red", hex=[2, 0], stats={"ST": 12, "DX": 12, "IQ": 10, "HT": 12})
    setup = Setup(map=map_for(WORDS_MAP, out), ruleset="3d6-lite", sides=[BuiltSide("red")], fighters=[f])
    save_setup(setup, out)
    assert load_scenario(out).board.is_open(corrupt)
    save_setup(msgspec.structs.replace(setup, terrain_words={"Corruption": "water"}), out)
    assert "\n[terrain_words]\nCorruption = \"water\"\n" in out.read_text(encoding="utf-8")
    board = load_scenario(out).board
    assert not board.is_open(corrupt) and board.terrain_words["Corruption"] == "water"
    for words, field in (({"Corruption": "lava"}, "terrain_words.Corruption: must be one of blocking"),
                         ({"Goo": "water"}, "terrain_words.Goo: the map has no terrain word 'Goo'")):
        problem = check_setup(msgspec.structs.replace(setup, terrain_words=words), out)
        assert problem is not None and field in problem and "\n" not in problem


def test_a_shipped_map_is_named_from_the_games_maps_folder_never_by_an_absolute_path(tmp_path: Path) -> None:
    """A scenario in the player's folder on a shipped map says ``clinch:maps/arena.tmx`` (it loads from any
    checkout or bundle); a map elsewhere is named relative to the scenario's folder."""
    from game.files.scenarios import GAME_MAPS_DIR

    target = user_scenarios_dir() / "mine.toml"
    assert map_for(ARENA, target) == "clinch:maps/arena.tmx"
    save_setup(msgspec.structs.replace(_one_fighter(), map=map_for(ARENA, target)), target)
    text = target.read_text(encoding="utf-8")
    assert 'map = "clinch:maps/arena.tmx"' in text and str(ROOT) not in text
    assert Path(load_scenario(target).board.path) == (GAME_MAPS_DIR / "arena.tmx").resolve()
    own = tmp_path / "maps" / "mine.tmx"
    assert map_for(own, tmp_path / "scenarios" / "s.toml") == "../maps/mine.tmx"


def test_a_saved_battle_reopened_and_saved_unchanged_is_the_same_bytes(tmp_path: Path) -> None:
    """Reopening a builder file holds its map as a full path; writing it back names the map as before."""
    from game.builder.setup import map_in_full

    target = user_scenarios_dir() / "again.toml"
    setup = msgspec.structs.replace(_one_fighter(), map=map_for(ARENA, target),
                                    sides=[BuiltSide("red", "Red", "#27ae60", "ai", "easy")])
    save_setup(setup, target)
    first = target.read_bytes()
    held = map_in_full(load_setup(target), target)
    assert Path(held.map).is_absolute()
    save_setup(msgspec.structs.replace(held, map=map_for(held.map, target)), target)
    assert target.read_bytes() == first


def test_the_window_thinks_for_each_side_at_its_own_level(tmp_path: Path) -> None:
    """A session asks a computer of the side's own level (``Side.level``) for that side's fighters, and one of
    the player's setting for a side without one."""
    from game.flow.turns import TurnController
    from game.rules.base import find_ruleset
    from game.ui.session import Session

    archetypes = roster("3d6-lite")
    sides = [BuiltSide("red", control="ai", level="hard"), BuiltSide("blue", control="ai")]
    fighters = [msgspec.structs.replace(fighter_from(archetypes[i], f"f{i}", s.id), hex=[OPEN[i * 5].q, OPEN[i * 5].r])
                for i, s in enumerate(sides)]
    out = tmp_path / "levels.toml"
    save_setup(Setup(map=map_for(ARENA, out), ruleset="3d6-lite", sides=sides, fighters=fighters), out)
    battle = load_scenario(out)
    session = Session(TurnController(battle, find_ruleset(battle.ruleset)), ai_level="easy")
    try:
        assert session.level_of("red") == "hard" and session.level_of("blue") == "easy"
        assert session._opponent_obj("f0").level.name == "hard"
        assert session._opponent_obj("f1").level.name == "easy"
    finally:
        session.close()


def test_the_scenario_format_page_names_every_field_the_loader_reads() -> None:
    """docs/scenarios.md names each top-level, side and fighter field of the loader's schema."""
    from game.files.scenarios import _FighterSpec, _ScenarioSpec, _SideSpec

    page = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    for spec in (_ScenarioSpec, _SideSpec, _FighterSpec):
        for field in spec.__struct_fields__:
            assert f"`{field}" in page or f"[{field}]" in page, field
    assert "clinch:maps/" in page and "[docs/scenarios.md](docs/scenarios.md)" in (ROOT / "README.md").read_text()
