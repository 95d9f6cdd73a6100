"""Hostile scenarios (issue 13): every bad .toml is one sentence naming the file and the field path.

Named cases first (each an edit of a shipped scenario, written to a temporary
folder beside a copy of its map), then hypothesis mutations of the parsed
``maps/*.toml`` written back as TOML (random values such as nan, inf, huge,
negative or text; deleted and unknown fields; deep nesting) and random bytes:
the loader either builds a battle the rules accept (set up, every fighter's
legal actions listed, JSON round trip) or raises a ``ValueError`` whose one
line names the scenario. A sample goes through the real ``clinch simulate``,
``clinch screenshot`` and ``clinch play`` under 200 MB and 2 s.
"""

from __future__ import annotations

import copy
import json
import math
import os
import re
import shutil
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.files.maps import SHARED_OPTIONS, TRAIT_TYPES, ScenarioError, load_scenario
from game.model import Battle
from game.rules.base import RULESETS, find_ruleset
from tests.hostile import assert_refused, run_clinch

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"
SCENARIOS = sorted(MAPS.glob("*.toml"))
TEXT = {p.name: p.read_text(encoding="utf-8") for p in SCENARIOS}
#: every trait and option name a scenario may give a typed value: the shared ones and each ruleset's own
TRAIT_NAMES = sorted({*TRAIT_TYPES, *(n for cls in RULESETS.values() for n in cls.trait_types)})
OPTION_NAMES = sorted({*SHARED_OPTIONS, *(n for cls in RULESETS.values() for n in cls.options)})


def copy_maps(folder: Path) -> None:
    """The shipped maps, tileset and image, so a scenario written into ``folder`` finds its map."""
    folder.mkdir(parents=True, exist_ok=True)
    for p in MAPS.iterdir():
        if p.suffix in (".tmx", ".tsx", ".png") and not (folder / p.name).exists():
            shutil.copy(p, folder / p.name)


def scenario(folder: Path, text: str | bytes, name: str = "s.toml") -> Path:
    copy_maps(folder)
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def first_fighter(text: str, line: str) -> str:
    """Add ``line`` to the first [[fighters]] table."""
    return text.replace("[[fighters]]\n", f"[[fighters]]\n{line}\n", 1)


ARENA, EDGE, D20 = TEXT["arena.toml"], TEXT["arena_edge.toml"], TEXT["arena_d20.toml"]

#: (case, scenario text, the message expected after "<scenario path>: ")
CASES: list[tuple[str, str | bytes, str]] = [
    ("turn_limit text", ARENA.replace("turn_limit = 40", 'turn_limit = "forty"'),
     r"options\.turn_limit: expected int, got str\.?$"),
    ("turn_limit nan", ARENA.replace("turn_limit = 40", "turn_limit = nan"), r"options\.turn_limit is nan, not a finite"),
    ("turn_limit -5", ARENA.replace("turn_limit = 40", "turn_limit = -5"),
     r"options\.turn_limit: must be 1 or more, got -5$"),
    ("turn_limit 0", ARENA.replace("turn_limit = 40", "turn_limit = 0"), r"options\.turn_limit: must be 1 or more, got 0$"),
    ("turn_limit huge", ARENA.replace("turn_limit = 40", "turn_limit = 99999999999999999999"),
     r"options\.turn_limit is a number too large for any field\.$"),
    ("turn_limit 1e9", ARENA.replace("turn_limit = 40", "turn_limit = 1000000000"),
     r"options\.turn_limit: must be 10000 or less, got 1000000000$"),
    ("unknown option", ARENA.replace("turn_limit = 40", "turn_limit = 40\nturn_limt = 3"),
     r"options\.turn_limt: unknown option \(options: .*turn_limit"),
    ("edge option not a switch", EDGE.replace("[options]\n", '[options]\n"edge.regrip" = "yes"\n'),
     r"options\.edge\.regrip: expected bool, got str"),
    ("surprise names no side", D20.replace('surprise = ["red"]', 'surprise = ["green"]'),
     r"options\.surprise\[0\]: unknown side 'green' \(sides: blue, red\)$"),
    ("ST -5", ARENA.replace("ST = 12", "ST = -5", 1), r"fighters\[0\]\.stats\.ST: must be 1 or more, got -5$"),
    ("ST 0", ARENA.replace("ST = 12", "ST = 0", 1), r"fighters\[0\]\.stats\.ST: must be 1 or more, got 0$"),
    ("ST 5000", ARENA.replace("ST = 12", "ST = 5000", 1), r"fighters\[0\]\.stats\.ST: must be 999 or less, got 5000$"),
    ("ST text", ARENA.replace("ST = 12", 'ST = "strong"', 1), r"fighters\[0\]\.stats\.ST: expected int, got str"),
    ("ST float", ARENA.replace("ST = 12", "ST = 12.5", 1), r"fighters\[0\]\.stats\.ST: expected int, got float"),
    ("skill -1", ARENA.replace("Broadsword = 14", "Broadsword = -1"),
     r"fighters\[0\]\.skills\.Broadsword: must not be negative, got -1$"),
    ("unknown item in hand", ARENA.replace('"broadsword"', '"lightsaber"'),
     r"fighters\[0\]\.hands\.right: unknown item 'lightsaber' \(see 'clinch items 3d6-lite'\)$"),
    ("unknown item carried", first_fighter(ARENA, 'items = ["knife", "bfg"]'),
     r"fighters\[0\]\.items\[1\]: unknown item 'bfg' \(see 'clinch items 3d6-lite'\)$"),
    ("more hands than arms", ARENA.replace('left = "shield" }', 'left = "shield", tail = "knife" }', 1),
     r"fighters\[0\]\.hands: 3 hands \(right, left, tail\) for 2 arms$"),
    ("one arm, two hands", first_fighter(ARENA, "arms = 1"), r"fighters\[0\]\.hands: 2 hands \(right, left\) for 1 arm$"),
    ("hand holds a number", ARENA.replace('right = "broadsword"', "right = 7"),
     r"fighters\[0\]\.hands\.right: expected str, got int"),
    ("size 500", first_fighter(ARENA, "size = 500"), r"fighters\[0\]\.size: must be 20 or less, got 500$"),
    ("weight 1e9", first_fighter(ARENA, "weight = 1e9"), r"fighters\[0\]\.weight: must be 100000 or less"),
    ("weight -1", first_fighter(ARENA, "weight = -1"), r"fighters\[0\]\.weight: must be more than 0, got -1$"),
    ("hp -3", first_fighter(ARENA, "hp = -3"), r"fighters\[0\]\.hp: must not be negative, got -3$"),
    ("prehensile = 5", first_fighter(EDGE, "traits = { prehensile = 5 }"),
     r"fighters\[0\]\.traits\.prehensile: expected array, got int"),
    ("trait table", first_fighter(ARENA, "traits = { claws = { sharp = true } }"),
     r"fighters\[0\]\.traits\.claws: expected bool \| int \| str, got object"),
    ("maneuver 0", first_fighter(D20, "traits = { maneuver = 0 }"),
     r"fighters\[0\]\.traits\.maneuver: must be 1 or more, got 0$"),
    ("armor kind", first_fighter(TEXT["tavern.toml"], 'traits = { armor = "paper" }'),
     r"fighters\[0\]\.traits\.armor: must be one of 'rigid', 'flexible', got 'paper'$"),
    ("mount names nobody", first_fighter(D20, 'traits = { mounted_on = "pegasus" }'),
     r"fighters\[0\]\.traits\.mounted_on: names no other fighter of the scenario, got 'pegasus'$"),
    ("unregistered ruleset", ARENA.replace('ruleset = "3d6-lite"', 'ruleset = "chess"'),
     r"ruleset: unknown ruleset 'chess' \(known: .*3d6-lite"),
    ("unregistered ruleset from the map", ARENA.replace('ruleset = "3d6-lite"\n', "").replace(
        'map = "arena.tmx"', 'map = "chess.tmx"'), r"ruleset \(from chess\.tmx\): unknown ruleset 'chess'"),
    ("not UTF-8", ARENA.replace("Sand Pit", "Sand Pit \xe9").encode("latin-1"), r"is not UTF-8 text \(byte \d+ is 0xe9\)"),
    ("deep nesting", ARENA + "\n[options.x]\ny = " + "[" * 200 + "]" * 200 + "\n", r"nests deeper than 64 levels"),
    ("not TOML", ARENA + "\nthis is = not toml =\n", r"is not valid TOML"),
    ("2 MB", ARENA + "\n#" + "x" * 2_000_000 + "\n", r"is 1\.9 MB, larger than the 1\.0 MB such a file may be\.$"),
    ("edge stat unknown", EDGE.replace("STR = 4", "STR = 4, zone = 1", 1),
     r"fighters\[0\]\.stats\.zone: edge has no stat 'zone'"),
    ("too many fighters", ARENA + "".join(f'\n[[fighters]]\nid = "x{i}"\nside = "red"\nzone = "red"\n'
                                          for i in range(100)), r"fighters: must be at most 100 entries long, got 106$"),
    ("huge name", ARENA.replace('name = "Ann"', 'name = "' + "A" * 5000 + '"'),
     r"fighters\[0\]\.name: must be at most 200 characters long, got 5000$"),
]


def _chess_map(folder: Path) -> None:
    (folder / "chess.tmx").write_text((MAPS / "arena.tmx").read_text().replace('value="3d6-lite"', 'value="chess"'))


@pytest.mark.parametrize("case,text,pattern", CASES, ids=[c[0] for c in CASES])
def test_hostile_scenario_refused_in_one_sentence(tmp_path: Path, case: str, text: str | bytes, pattern: str) -> None:
    """Issue 13: each hostile scenario is a ScenarioError naming the scenario file and the field path."""
    path = scenario(tmp_path, text)
    _chess_map(tmp_path)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    message = str(info.value)
    assert "\n" not in message and message.startswith(f"{path}: "), message
    assert re.search(pattern, message), message


def test_scenario_that_is_a_pipe_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "s.toml")
    with pytest.raises(ScenarioError, match=r"s\.toml: is a named pipe, not a file; it was not read\.$"):
        load_scenario(tmp_path / "s.toml")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.name for p in SCENARIOS])
def test_shipped_scenarios_pass_the_stricter_check(path: Path) -> None:
    _accepted(load_scenario(path))


# --- the real commands, under 200 MB and 2 s --------------------------------------------

CLI_SAMPLE = ["turn_limit text", "prehensile = 5", "unregistered ruleset", "deep nesting"]


@pytest.mark.parametrize("case", CLI_SAMPLE)
def test_simulate_refuses(tmp_path: Path, case: str) -> None:
    """Issue 13: ``clinch simulate SCN --battles 1`` exits 2 with one line naming the scenario (``prehensile = 5``
    used to give a TypeError in 2 of 10 battles and exit 0)."""
    path = scenario(tmp_path, next(c[1] for c in CASES if c[0] == case))
    assert_refused(run_clinch("simulate", path, "--battles", "1"), names=path)


@pytest.mark.parametrize("case", ["unregistered ruleset from the map", "ST -5"])
def test_screenshot_refuses(tmp_path: Path, case: str) -> None:
    """Issue 13: an unregistered ruleset is refused by ``screenshot`` as by ``simulate``, before rendering."""
    path = scenario(tmp_path, next(c[1] for c in CASES if c[0] == case))
    _chess_map(tmp_path)
    out = tmp_path / "shot.png"
    assert_refused(run_clinch("screenshot", path, "--out", out), names=path)
    assert not out.exists()


def test_play_refuses_an_unregistered_ruleset(tmp_path: Path) -> None:
    """Issue 13: ``clinch play`` refuses it before opening a window."""
    path = scenario(tmp_path, next(c[1] for c in CASES if c[0] == "unregistered ruleset"))
    assert_refused(run_clinch("play", path, env={"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}), names=path)


# --- hypothesis: mutations of the shipped scenarios -----------------------------------------

def toml_value(v: Any) -> str:
    """One TOML value on one line (inline tables and arrays), quoting every string and key as JSON does."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return "{ " + ", ".join(f"{json.dumps(str(k))} = {toml_value(x)}" for k, x in v.items()) + " }"


def toml_dumps(data: dict[str, Any]) -> str:
    return "".join(f"{json.dumps(str(k))} = {toml_value(v)}\n" for k, v in data.items())


HOSTILE = st.one_of(
    st.sampled_from([math.nan, math.inf, -math.inf, -5, -1, 0, 1, 6, 999, 1000, 2**63 - 1, -2**63, 1.5, 1e300, True,
                     False, "", "text", "red", "blue", "knife", "shield", "ai", "#zzzzzz", "standing", "x" * 3000,
                     [], {}, [1, 2], [0, 0], [-99, 99], {"a": 1}, ["tail"], {"x": {"y": {"z": []}}}]),
    st.integers(min_value=-2**70, max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.lists(st.integers(-20, 20), max_size=3),
).map(copy.deepcopy)  # the sampled lists and tables are shared: a mutation must not change the strategy


def _paths(v: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(v, dict):
        for k, x in v.items():
            out.extend(_paths(x, (*at, k)))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            out.extend(_paths(x, (*at, i)))
    return out


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A shipped scenario, parsed, changed in one to three places, written back as TOML."""
    name = draw(st.sampled_from(sorted(TEXT)))
    data = tomllib.loads(TEXT[name])
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        path = draw(st.sampled_from(paths))
        parent = _parent(data, path)
        kind = draw(st.sampled_from(["set", "set", "set", "delete", "add", "nest", "trait", "option"]))
        if kind == "trait" and data.get("fighters"):
            fighters = [f for f in data["fighters"] if isinstance(f, dict)]
            if fighters:
                f = draw(st.sampled_from(fighters))
                traits = f["traits"] if isinstance(f.get("traits"), dict) else {}
                traits[draw(st.sampled_from([*TRAIT_NAMES, "claws", "class"]))] = draw(HOSTILE)
                f["traits"] = traits
        elif kind == "option":
            options = data["options"] if isinstance(data.get("options"), dict) else {}
            options[draw(st.sampled_from([*OPTION_NAMES, "bogus"]))] = draw(HOSTILE)
            data["options"] = options
        elif kind == "set":
            parent[path[-1]] = draw(HOSTILE)
        elif kind == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif kind == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["zone", "spot", "hex", "bogus", "items", "traits", "arms", "hp"]))] = \
                draw(HOSTILE)
        elif kind == "nest":
            value: Any = parent[path[-1]]
            for _ in range(draw(st.integers(1, 80))):
                value = [value]
            parent[path[-1]] = value
    return toml_dumps(data)


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="clinch-scenarios-"))
    copy_maps(folder)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _accepted(battle: Battle) -> None:
    """A battle the loader let through is one the rules can play: set up, every fighter's menu, JSON."""
    ruleset = find_ruleset(battle.ruleset)
    assert len({f.hex for f in battle.fighters if f.hex}) >= 1
    for f in battle.fighters:
        assert f.hex in battle.board and battle.board.is_open(f.hex)
        assert len(f.hands) <= f.arms
        assert all(item in ruleset.items for item in [*f.items, *(h for h in f.hands.values() if h)]) or not ruleset.items
    ruleset.setup(battle)
    for f in battle.fighters:
        ruleset.legal_actions(battle, f.id)
    assert msgspec.json.decode(msgspec.json.encode(battle), type=Battle).fighters


def _loads_or_refuses(path: Path) -> None:
    try:
        battle = load_scenario(path)
    except ValueError as exc:  # ScenarioError, or MapError for the map it names
        message = str(exc)
        assert "\n" not in message and message.startswith(str(path)), message
        return
    _accepted(battle)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutated())
def test_mutated_scenarios_load_or_are_refused(scratch: Path, text: str) -> None:
    """Issue 13: a mutated scenario is a playable battle or one sentence naming it; never another exception."""
    _loads_or_refuses(scenario(scratch, text))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(sorted(TEXT)), st.data())
def test_random_bytes_in_a_scenario(scratch: Path, name: str, data: st.DataObject) -> None:
    """Issue 13: random bytes spliced into a shipped scenario: a battle or one sentence, never a traceback."""
    raw = TEXT[name].encode()
    at = data.draw(st.integers(0, len(raw) - 1))
    junk = data.draw(st.binary(min_size=1, max_size=32))
    _loads_or_refuses(scenario(scratch, raw[:at] + junk + raw[at + len(junk):]))


def test_toml_writer_round_trips() -> None:
    """The mutation test's TOML writer gives back what it was handed."""
    for text in TEXT.values():
        data = tomllib.loads(text)
        assert tomllib.loads(toml_dumps(data)) == data

