"""Hostile input on the surfaces a hostile-input pass found open: names, silent accepts, slow refusals.

Each check is run three ways: named samples through the real ``clinch`` command under 200 MB (one line on
stderr, exit 2, under 2 s: ``tests.hostile``), and hypothesis over the new checks in process, as the older
hostile tests do (any text as a fighter's name or a save's title: the loader accepts exactly what
``game.files.names.name_problem`` accepts, and refuses the rest in one line naming the field).

- names: no NUL, control or bidi character, something visible, at most 200 (scenarios, situations, saves);
- accepted silently before: a fraction in a stat (``ST = 1.5``), a skill level of ``true``, a grip of
  ``"hands": null``, ``"ruleset": ""``, a map with no cells, ``--budget-ms nan``/``inf``/``1e308``;
- slow before: a 1,000,000-point polygon (4.45 s), a save log of 100,000 entries (6.25 s);
- a file name holding a newline split the one-line message in two.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.files.maps import load_scenario
from game.files.names import name_problem
from game.files.save_file import MAX_LOG
from game.files.saves import SaveError, read_header, read_save
from game.files.situation import SituationError, build_situation, parse_situation
from tests.hostile import assert_refused, run_clinch
from tests.test_replay_hostile import make_save

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"
FIXTURE = ROOT / "tests" / "fixtures" / "situations" / "grapple_takedown_lite.json"
ARENA = (MAPS / "arena.toml").read_text(encoding="utf-8")
ANY_TEXT = st.text(st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF), max_size=220)
#: names hypothesis is sure to try: each of the failures found
NAMED = ["\u200b", "\u200bAnn", "\u202eAnn", "\u2067Ann", "A\x00nn", "Ann\n", "", " ", "x" * 201, "Zoë"]


def _copy_maps(folder: Path) -> None:
    for p in MAPS.iterdir():
        if p.suffix in (".tmx", ".tsx", ".png") and not (folder / p.name).exists():
            shutil.copy(p, folder / p.name)


def scenario(folder: Path, text: str, name: str = "s.toml") -> Path:
    _copy_maps(folder)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _toml_string(s: str) -> str | None:
    """``s`` as a TOML basic string (control characters escaped), or None for a lone surrogate TOML cannot hold."""
    out = []
    for ch in s:
        if 0xD800 <= ord(ch) <= 0xDFFF:
            return None
        out.append(f"\\u{ord(ch):04x}" if ch in '"\\' or ord(ch) < 0x20 or ord(ch) == 0x7F else ch)
    return '"' + "".join(out) + '"'


@pytest.fixture(scope="module")
def sound(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return json.loads(make_save(tmp_path_factory.mktemp("sound"), "3d6-lite", "arena.toml", 1, 20).read_text())


def _save(folder: Path, doc: dict[str, Any], name: str = "s.json") -> Path:
    path = folder / name
    path.write_text(json.dumps(doc))
    return path


def _both(doc: dict[str, Any], change: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    for which in ("initial", "snapshot"):
        change(doc[which])
    return doc


def _situation(change: Any) -> dict[str, Any]:
    data = json.loads(FIXTURE.read_text())
    change(data)
    return data


# -- the real command ---------------------------------------------------------------------------------------

SCENARIO_CASES = [
    ("NUL in a name", ARENA.replace('name = "Ann"', 'name = "A\\u0000nn"'), r"fighters\[0\]\.name: holds a NUL"),
    ("RLO in a side's name", ARENA.replace('name = "Red Company"', 'name = "\\u202eRed"'),
     r"sides\[0\]\.name: holds a bidirectional control \(U\+202E\)"),
    ("an invisible id", ARENA.replace('id = "ann"', 'id = "\\u200b"'), r"fighters\[0\]\.id: has no visible character"),
    ("ST 1.5", ARENA.replace("ST = 12,", "ST = 1.5,"), r"fighters\[0\]\.stats\.ST: expected int, got float"),
    ("a skill of true", ARENA.replace("Broadsword = 14", "Broadsword = true"),
     r"fighters\[0\]\.skills\.Broadsword: expected int, got bool"),
    ("an empty ruleset", ARENA.replace('ruleset = "3d6-lite"', 'ruleset = ""'), r"ruleset: must not be empty"),
]


@pytest.mark.parametrize("case,text,says", SCENARIO_CASES, ids=[c[0] for c in SCENARIO_CASES])
def test_scenarios_through_the_real_commands(tmp_path, case, text, says):
    """A scenario's name, stat, skill or ruleset no rule or screen can use: simulate, screenshot and play
    each refuse it in one line naming the field (screenshot blames the scenario, not --out)."""
    path = scenario(tmp_path, text)
    for args in (("simulate", path, "--battles", "1"), ("screenshot", path, "--out", tmp_path / "o.png"),
                 ("play", path)):
        line = assert_refused(run_clinch(*args), names=path)
        assert re.search(says, line), (args[0], line)
        assert "--out" not in line


SITUATION_CASES = [
    ("ST 1.5", lambda d: d["fighters"][0]["stats"].__setitem__("ST", 1.5),
     "fighters[0].stats.ST: expected a whole number, got 1.5"),
    ("a skill level of true", lambda d: d["fighters"][0]["skills"].__setitem__("Wrestling", True),
     "fighters[0].skills.Wrestling: expected a skill level (a whole number), got true"),
    ("hands null", lambda d: d.__setitem__("grapples", [{"holder": "ann", "target": "bob", "hands": None}]),
     "grapples[0].hands: expected int, got null"),
    ("an empty ruleset", lambda d: d.__setitem__("ruleset", ""), "ruleset: must not be empty"),
    ("NUL in a name", lambda d: d["fighters"][0].__setitem__("name", "A\x00nn"), "fighters[0].name: holds a NUL"),
    ("RLI in a side", lambda d: d["fighters"][1].__setitem__("side", "\u2067blue"),
     "fighters[1].side: holds a bidirectional control (U+2067)"),
]


@pytest.mark.parametrize("case,change,says", SITUATION_CASES, ids=[c[0] for c in SITUATION_CASES])
def test_situations_through_the_real_command(tmp_path, case, change, says):
    path = tmp_path / "sit.json"
    path.write_text(json.dumps(_situation(change)))
    assert says in assert_refused(run_clinch("resolve", path), names=path)
    assert says in assert_refused(run_clinch("screenshot", path, "--out", tmp_path / "o.png"), names=path)


def test_nd6_skills_stay_booleans_and_3d6_speed_a_fraction(tmp_path):
    """SITUATION-FORMAT: nd6's skills are booleans (kept as 1/0); 3d6's Basic Speed may be 5.25 (G0-4)."""
    sit = build_situation(parse_situation(json.dumps(_situation(
        lambda d: d["fighters"][0]["stats"].__setitem__("Speed", 5.25)))))
    assert sit.battle.fighters[0].stats["Speed"] == 5.25
    nd6 = {"ruleset": "nd6-tactical", "fighters": [
        {"id": "ann", "side": "red", "hex": [0, 0], "stats": {"ST": 10, "DX": 11}, "skills": {"tough": True}},
        {"id": "bob", "side": "blue", "hex": [1, 0], "stats": {"ST": 10, "DX": 11}}]}
    assert build_situation(parse_situation(json.dumps(nd6))).battle.fighters[0].skills["tough"] == 1


SAVE_CASES = [
    ("NUL in the title", lambda d: d.__setitem__("title", "Before\x00the pin"), "title holds a NUL"),
    ("RLO in a fighter's name", lambda d: d.update(_both(d, lambda b: b["fighters"][0].__setitem__("name", "\u202eAnn"))),
     "initial.fighters[0].name holds a bidirectional control"),
    ("ZWSP for a side's name", lambda d: d.update(_both(d, lambda b: b["sides"][0].__setitem__("name", "\u200b"))),
     "initial.sides[0].name has no visible character"),
    ("ST 1.5", lambda d: d.update(_both(d, lambda b: b["fighters"][0]["stats"].__setitem__("ST", 1.5))),
     "initial.fighters[0].stats.ST is 1.5, not a whole number"),
    ("an empty ruleset", lambda d: d.__setitem__("ruleset", ""), "ruleset is empty"),
    ("a 10,000-character board", lambda d: d["initial"]["board"].__setitem__("name", "Pit " * 2500),
     "initial.board.name is 10,000 characters long; a name may have at most 200"),
    ("100,000 log entries", lambda d: d.__setitem__("log", [{}] * 100_000),
     f"its log holds 100,000 entries, more than the {MAX_LOG:,} a save may hold"),
]


@pytest.mark.parametrize("case,change,says", SAVE_CASES, ids=[c[0] for c in SAVE_CASES])
def test_saves_through_the_real_command(tmp_path, sound, case, change, says):
    doc = copy.deepcopy(sound)
    change(doc)
    path = _save(tmp_path, doc)
    assert says in assert_refused(run_clinch("check-save", path), names=path)


def test_a_million_point_polygon_is_refused_at_once(tmp_path):
    """Counted before pytmx parses a point (it took 4.45 s): the number of points and the cap in the sentence."""
    _copy_maps(tmp_path)
    text = (MAPS / "arena.tmx").read_text()
    zone = '<object id="1" name="red" type="start_zone" x="70.4" y="179.8" width="211.2" height="209.4"/>'
    assert zone in text
    points = " ".join(["1,1"] * 1_000_000)
    (tmp_path / "poly.tmx").write_text(text.replace(zone, f'<object id="1" name="red" type="start_zone" '
                                                          f'x="70.4" y="179.8"><polygon points="{points}"/></object>'))
    line = assert_refused(run_clinch("check-map", tmp_path / "poly.tmx"), names=tmp_path / "poly.tmx")
    assert "1,000,000 points" in line and "4,096" in line
    toml = scenario(tmp_path, ARENA.replace("arena.tmx", "poly.tmx"))
    assert "1,000,000 points" in assert_refused(run_clinch("simulate", toml, "--battles", "1"), names=toml)


def test_a_map_with_no_cells_is_refused(tmp_path):
    _copy_maps(tmp_path)
    text = (MAPS / "arena.tmx").read_text()
    empty = re.sub(r'(<data encoding="csv">)(.*?)(</data>)',
                   lambda m: m.group(1) + re.sub(r"\d+", "0", m.group(2)) + m.group(3), text, flags=re.S)
    assert empty != text
    (tmp_path / "empty.tmx").write_text(empty)
    assert "has no cells" in assert_refused(run_clinch("check-map", tmp_path / "empty.tmx"))
    toml = scenario(tmp_path, ARENA.replace("arena.tmx", "empty.tmx"))
    assert "map: " in assert_refused(run_clinch("simulate", toml, "--battles", "1"), names=toml)


@pytest.mark.parametrize("budget", ["nan", "inf", "1e308", "0"])
def test_simulate_refuses_a_budget_no_decision_can_have(budget):
    line = assert_refused(run_clinch("simulate", MAPS / "arena.toml", "--battles", "1", "--budget-ms", budget))
    assert "--budget-ms must be more than 0 and at most 60,000" in line


def test_a_file_name_with_a_newline_stays_on_one_line(tmp_path, sound):
    """The file name is escaped where the message is printed (``game.files.userfiles.one_line``): one line."""
    doc = copy.deepcopy(sound)
    doc["title"] = "A\x00"
    save = _save(tmp_path, doc, "two\nlines.json")
    assert "two\\nlines.json: title holds a NUL" in assert_refused(run_clinch("check-save", save))
    sit = tmp_path / "sit\nx.json"
    sit.write_text(json.dumps(_situation(lambda d: d.__setitem__("ruleset", ""))))
    assert "sit\\nx.json: ruleset" in assert_refused(run_clinch("resolve", sit))
    (tmp_path / "m\nx.tmx").write_text("not xml")
    assert "m\\nx.tmx" in assert_refused(run_clinch("check-map", tmp_path / "m\nx.tmx"))


# -- hypothesis over the new checks, in process -----------------------------------------------------------

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.one_of(st.sampled_from(NAMED), ANY_TEXT), field=st.sampled_from(["name", "id"]))
def test_any_fighter_name_in_a_scenario(tmp_path_factory, name, field):
    quoted = _toml_string(name)
    assume(quoted is not None)
    folder = tmp_path_factory.mktemp("scn")
    text = ARENA.replace(f'{field} = "{"Ann" if field == "name" else "ann"}"', f"{field} = {quoted}", 1)
    problem = name_problem(name, allow_empty=field == "name")
    try:
        battle = load_scenario(scenario(folder, text))
    except ValueError as exc:
        line = str(exc)
        assert "\n" not in line and "s.toml" in line
        assert problem is not None or field == "id", line  # a valid id may still clash with another
        if problem is not None:  # the schema says a length first, in its own words
            assert f"fighters[0].{field}: {problem}" in line or "must be at most 200 characters" in line, line
        return
    assert problem is None
    assert battle.fighters[0].name == (name or "Ann") if field == "name" else battle.fighters[0].id == name


@settings(max_examples=80, deadline=None)
@given(name=st.one_of(st.sampled_from(NAMED), ANY_TEXT), field=st.sampled_from(["name", "id", "side"]))
def test_any_fighter_name_in_a_situation(name, field):
    data = _situation(lambda d: d["fighters"][0].__setitem__(field, name))
    if field == "id":
        for action in data["actions"]:
            action["actor"] = name
    problem = name_problem(name, allow_empty=field == "name")
    try:
        build_situation(parse_situation(json.dumps(data), name="sit.json"), name="sit.json")
    except SituationError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("sit.json: ")
        if problem is not None:
            assert f"fighters[0].{field}: {problem}" in str(exc)
        return
    assert problem is None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.one_of(st.sampled_from(NAMED), ANY_TEXT),
       field=st.sampled_from(["title", "board", "fighter", "side"]))
def test_any_name_in_a_save(tmp_path_factory, sound, name, field):
    """read_save and read_header (the load screen's) refuse exactly the names name_problem refuses."""
    doc = copy.deepcopy(sound)
    if field == "title":
        doc["title"] = name
        where = "title"
    elif field == "board":
        doc["initial"]["board"]["name"] = name
        where = "initial.board.name"
    else:
        key = "fighters" if field == "fighter" else "sides"
        doc = _both(doc, lambda b: b[key][0].__setitem__("name", name))
        where = f"{key}[0].name"  # initial's, or the snapshot's where a header has no initial fighters
    path = _save(tmp_path_factory.mktemp("save"), doc)
    problem = name_problem(name, allow_empty=True)
    for read in (read_header, read_save):
        try:
            read(path)
        except SaveError as exc:
            assert problem is not None and f"{where} {problem}" in str(exc), str(exc)
            assert "\n" not in str(exc)
            continue
        assert problem is None


def test_a_maps_name_is_checked_and_a_stem_made_showable(tmp_path):
    """The board's name is shown by every screen and travels in saves: the map's name property is checked
    as any name; a file stem standing in for it is escaped (a save of a battle on it loads again)."""
    from game.tiled.reader import load_map

    _copy_maps(tmp_path)
    text = (MAPS / "arena.tmx").read_text()
    named = re.sub(r'<property name="name" value="[^"]*"', '<property name="name" value="&#x202E;Pit"', text)
    assert named != text
    (tmp_path / "bidi.tmx").write_text(named)
    line = assert_refused(run_clinch("check-map", tmp_path / "bidi.tmx"), names=tmp_path / "bidi.tmx")
    assert "name property holds a bidirectional control (U+202E)" in line
    unnamed = re.sub(r'<property name="name" value="[^"]*"/>', "", text)
    (tmp_path / "two\nlines.tmx").write_text(unnamed)
    board = load_map(tmp_path / "two\nlines.tmx")
    assert board.name == "two\\x0alines" and name_problem(board.name) is None


def test_simulate_refuses_an_empty_ruleset_instead_of_playing_the_scenarios():
    line = assert_refused(run_clinch("simulate", MAPS / "arena.toml", "--battles", "1", "--ruleset", ""))
    assert "--ruleset is empty" in line


VALUES = st.one_of(st.integers(-5, 30), st.floats(allow_nan=False, allow_infinity=False, min_value=-5, max_value=30),
                   st.booleans(), st.none())


@settings(max_examples=120, deadline=None)
@given(value=VALUES, where=st.sampled_from([("stats", "ST"), ("stats", "Speed"), ("skills", "Wrestling")]),
       ruleset=st.sampled_from(["3d6-lite", "nd6-tactical"]))
def test_any_stat_or_skill_value_in_a_situation(value, where, ruleset):
    """A stat is a whole number (a fraction only where the ruleset reads one: 3d6's Speed), a skill a level
    (or had-or-not where the ruleset says so: nd6); anything else refused in one line naming the field."""
    table, key = where
    data = _situation(lambda d: d["fighters"][0].setdefault(table, {}).__setitem__(key, value))
    data["ruleset"] = ruleset
    data["actions"] = []
    try:
        sit = build_situation(parse_situation(json.dumps(data), name="sit.json"), name="sit.json")
    except SituationError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("sit.json: ")
        return
    kept = getattr(sit.battle.fighters[0], table)[key] if key in getattr(sit.battle.fighters[0], table) else None
    if isinstance(value, bool):
        assert table == "skills" and ruleset == "nd6-tactical" and kept == int(value)
    elif isinstance(value, float):
        assert (table, key, ruleset) == ("stats", "Speed", "3d6-lite")
    else:
        assert value is not None and isinstance(value, int)


@settings(max_examples=40, deadline=None)
@given(hands=st.one_of(st.none(), st.integers(-2, 4), st.booleans(), st.floats(0, 3), st.just("two")),
       given_at_all=st.booleans())
def test_any_grip_hands_in_a_situation(hands, given_at_all):
    """A grip's hands: left out, the ruleset's default; given, a whole number of hands (null refused)."""
    grip = {"holder": "ann", "target": "bob", **({"hands": hands} if given_at_all else {})}
    data = _situation(lambda d: d.__setitem__("grapples", [grip]))
    data["actions"] = []
    try:
        sit = build_situation(parse_situation(json.dumps(data), name="sit.json"), name="sit.json")
    except SituationError as exc:
        assert str(exc).startswith("sit.json: grapples[0]") and "\n" not in str(exc)
        assert given_at_all, str(exc)
        return
    held = sit.battle.grapples[0].hands
    assert held == (hands if given_at_all else 1) and isinstance(held, int)
    assert not (given_at_all and isinstance(hands, bool))
