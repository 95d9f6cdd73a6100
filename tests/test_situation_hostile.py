"""Hostile situation files (issue 13): ``clinch resolve`` answers exit 0, 3, or one sentence and exit 2 — nothing else.

Two halves: hypothesis mutates every fixture in tests/fixtures/situations
(wrong types, words outside the contract, negative, huge and non-finite
numbers, missing and extra fields, deep nesting) and feeds it to the
in-process ``resolve_file``; then a sample of hostile files goes through the
real command under tests/hostile.py's limits (one line on stderr naming the
file, exit 2, under 2 s and 200 MB, no traceback).
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hostile import assert_refused, run_clinch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.rules  # noqa: F401  (registers the shipped rulesets)
from game.files.situation import HEX_LIMIT, SituationError, resolve_file
from game.rules.base import RULESETS as _REGISTRY

ROOT = Path(__file__).resolve().parent.parent
SITUATIONS = ROOT / "tests" / "fixtures" / "situations"
FIXTURES = sorted(p for p in SITUATIONS.glob("*.json") if not p.name.endswith(".expect.json"))
TEXTS = {p.name: json.loads(p.read_text()) for p in FIXTURES}

#: words a mutation may put anywhere: the contract's own (in the wrong place) and words outside it
WORDS = ["tail", "flying", "neck", "torso", "knife", "stunned", "pin", "grapple", "hold", "ann", "bob", "zed", "",
         "fighter", "standing", "prone", "escape", "break_free", "none", "dodge"]
VALUES = st.one_of(
    st.sampled_from(WORDS),
    st.integers(min_value=-2**70, max_value=2**70),
    st.sampled_from([-1, 0, 1, 5, 7, 2**62, HEX_LIMIT, HEX_LIMIT + 1, 10**6 + 1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.none(), st.booleans(), st.just([]), st.just({}),
    st.lists(st.integers(min_value=-2**40, max_value=2**40), max_size=3),
    st.dictionaries(st.sampled_from(["ST", "right", "zzz", "class"]), st.integers(-5, 20), max_size=2),
)


def _paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*at, i))
    return out


def _get(value: Any, at: tuple[Any, ...]) -> Any:
    for k in at:
        value = value[k]
    return value


@st.composite
def mutated_situations(draw: st.DrawFn) -> tuple[str, Any]:
    """A fixture with one to four mutations: replace a value, delete a field, add one, nest it deeply."""
    name = draw(st.sampled_from(sorted(TEXTS)))
    data = copy.deepcopy(TEXTS[name])
    for _ in range(draw(st.integers(1, 4))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        at = draw(st.sampled_from(paths))
        parent, key = _get(data, at[:-1]), at[-1]
        op = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add", "nest", "copy"]))
        if op == "replace":
            parent[key] = draw(VALUES)
        elif op == "delete":
            del parent[key]
        elif op == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["zzz", "hands", "location", "hp", "to", "target", "kind", "posture"]))] = \
                draw(VALUES)
        elif op == "nest":
            v = parent[key]
            for _ in range(draw(st.sampled_from([2, 65, 300]))):
                v = [v]
            parent[key] = v
        elif op == "copy":
            parent[key] = copy.deepcopy(_get(data, draw(st.sampled_from(paths))))
    return name, data


def _outcome(path: Path) -> int:
    """0 or 3 from a played situation, 2 from a refused one (one sentence naming the file); nothing else."""
    try:
        output, status = resolve_file(path)
    except SituationError as exc:
        text = str(exc)
        assert "\n" not in text and text.startswith(f"{path}: "), text
        return 2
    assert status in (0, 3)
    json.dumps(output)  # the output is plain JSON
    if status == 3:
        assert output["events"][-1]["type"] == "illegal"
    return status


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=mutated_situations())
def test_mutated_fixtures_play_or_are_refused_in_one_sentence(tmp_path_factory, case):
    name, data = case
    path = tmp_path_factory.mktemp("fuzz") / name
    path.write_text(json.dumps(data))  # NaN and Infinity go in as JSON's invalid literals
    _outcome(path)


@settings(max_examples=60, deadline=None)
@given(raw=st.binary(max_size=200), name=st.sampled_from(sorted(TEXTS)))
def test_random_bytes_spliced_into_a_fixture_are_refused_in_one_sentence(tmp_path_factory, raw, name):
    text = (SITUATIONS / name).read_bytes()
    cut = len(raw) % max(1, len(text))
    path = tmp_path_factory.mktemp("bytes") / "sit.json"
    path.write_bytes(text[:cut] + raw + text[cut:])
    _outcome(path)


#: the words an action field may hold: the contract's, in and out of place
ACTION_WORDS = ["torso", "neck", "head", "skull", "face", "groin", "arm", "leg", "hand", "foot", "none", "dodge", "parry",
                "block", "reflex", "escape", "takedown", "drag", "pummel", "throw", "wrest", "pin", "standing", "prone",
                "kneeling", "punch", "kick", "partial", "total", "left", "right", "determined", "strong"]
RULESETS = sorted(rid for rid, cls in _REGISTRY.items() if cls.__module__.startswith("game.rules."))


@st.composite
def random_battles(draw: st.DrawFn) -> dict[str, Any]:
    """Three fighters close together, maybe a grip, and one to five actions of the ruleset's own types with
    fields drawn from the contract's words: the rules' own code is what this reaches."""
    import dataclasses

    from game.rules.base import find_ruleset

    rs_id = draw(st.sampled_from(RULESETS))
    rs = find_ruleset(rs_id)
    ids = ["ann", "bob", "cat"]
    small = st.integers(-3, 3)
    fighters = []
    for fid, side in zip(ids, ["red", "blue", "blue"]):
        if rs_id.startswith("3d6"):
            stats: dict[str, Any] = {"ST": draw(st.integers(0, 20)), "DX": draw(st.integers(5, 15)), "HT": draw(
                st.integers(0, 14))}
        elif rs_id == "d20":
            stats = {"STR": draw(st.integers(3, 18)), "class": draw(st.sampled_from(["fighter", "thief", "normal man"])),
                     "level": draw(st.integers(0, 5))}
        else:
            stats = {}
        fighters.append({"id": fid, "side": side, "hex": [draw(small), draw(small)], "facing": draw(st.integers(0, 5)),
                         "posture": draw(st.sampled_from(["standing", "standing", "prone"])), "stats": stats,
                         "hp": draw(st.sampled_from([None, None, 3, 0, -2])),
                         "conditions": draw(st.lists(st.sampled_from(sorted(rs.conditions) or ["none"]), max_size=1))
                         if rs.conditions else []})
    actions = []
    for _ in range(draw(st.integers(1, 5))):
        kind, cls = draw(st.sampled_from(sorted(rs.actions.items())))
        act: dict[str, Any] = {"actor": draw(st.sampled_from(ids)), "type": kind}
        for f in dataclasses.fields(cls):
            if f.name == "actor" or not draw(st.booleans()):
                continue
            if f.name == "target":
                act[f.name] = draw(st.sampled_from(ids))
            elif f.name in ("to", "foe_to"):
                act[f.name] = [draw(small), draw(small)]
            elif f.name in ("hands", "facing"):
                act[f.name] = draw(st.integers(0, 5))
            elif f.name == "item":
                act[f.name] = draw(st.sampled_from([None, *sorted(rs.items)]))
            else:
                act[f.name] = draw(st.sampled_from([*ACTION_WORDS, None, True, 1]))
        actions.append(act)
    data: dict[str, Any] = {"ruleset": rs_id, "fighters": fighters, "actions": actions}
    if draw(st.booleans()):
        grip = {"holder": "ann", "target": "bob", "kind": {"d20": "hold"}.get(rs_id, draw(
            st.sampled_from(["grapple", "pin", "choke_hold", "arm_lock"])))}
        if rs_id != "edge":
            grip["location"] = draw(st.sampled_from(["torso", "neck", "arm", "leg"]))
        data["grapples"] = [grip]
    return data


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=random_battles())
def test_random_actions_of_every_ruleset_play_or_are_refused(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("acts") / "sit.json"
    path.write_text(json.dumps(data))
    _outcome(path)


# -- the real command, under the limits ------------------------------------------------------------------

def _base() -> dict[str, Any]:
    return copy.deepcopy(TEXTS["break_free_full.json"])


def _with(change) -> dict[str, Any]:
    data = _base()
    change(data)
    return data


HOSTILE: list[tuple[str, Any, str]] = [
    ("not UTF-8", b'{"ruleset": "3d6-full", "fighters": [{"id": "\xff\xfe"}]}', "not UTF-8"),
    ("deep nesting", b"[" * 100_000 + b"]" * 100_000, "nest"),
    ("NaN", json.dumps(_with(lambda d: d["fighters"][0]["stats"].__setitem__("ST", float("nan")))).encode(), "NaN"),
    ("1e400", json.dumps(_base()).replace('"ST": 12', '"ST": 1e400').encode(), "fighters[0].stats.ST"),
    ("2**70", json.dumps(_with(lambda d: d["fighters"][0]["stats"].__setitem__("ST", 2**70))).encode(),
     "fighters[0].stats.ST"),
    ("negative ST", _with(lambda d: d["fighters"][0]["stats"].__setitem__("ST", -3)), "fighters[0].stats.ST"),
    ("negative skill", _with(lambda d: d["fighters"][0]["skills"].__setitem__("Wrestling", -1)),
     "fighters[0].skills.Wrestling"),
    ("grip hands 5", _with(lambda d: d["grapples"][0].__setitem__("hands", 5)), "grapples[0].hands"),
    ("action hands 5", _with(lambda d: d.__setitem__("actions", [
        {"actor": "bob", "type": "grapple", "target": "ann", "hands": 5}])), "actions[0].hands"),
    ("location tail", _with(lambda d: d["grapples"][0].__setitem__("location", "tail")), "grapples[0].location"),
    ("posture flying", _with(lambda d: d["fighters"][1].__setitem__("posture", "flying")), "fighters[1].posture"),
    ("unknown item", _with(lambda d: d["fighters"][1].__setitem__("hands", {"right": "bazooka", "left": None})),
     "fighters[1].hands.right"),
    ("hex beyond any board", _with(lambda d: d["fighters"][1].__setitem__("hex", [HEX_LIMIT + 1, 0])),
     "fighters[1].hex"),
    ("a million arms", _with(lambda d: d["fighters"][1].__setitem__("arms", 10**6)), "fighters[1].arms"),
    ("501 fighters", _with(lambda d: d["fighters"].extend(
        {"id": f"x{i}", "side": "blue", "hex": [i, 1]} for i in range(499))), "fighters: 501 fighters"),
    ("2001 actions", _with(lambda d: d.__setitem__("actions", [{"actor": "bob", "type": "do_nothing"}] * 2001)),
     "actions: 2001 actions"),
]


#: the ones run through the real command (each costs a fresh interpreter); the rest are checked in-process
REAL = ("not UTF-8", "deep nesting", "NaN", "1e400", "negative ST", "action hands 5", "location tail", "posture flying",
        "unknown item", "hex beyond any board")


@pytest.mark.parametrize(("data", "field"), [(d, f) for n, d, f in HOSTILE if n in REAL],
                         ids=[n for n, _, _ in HOSTILE if n in REAL])
def test_the_real_command_refuses_hostile_files(tmp_path, data, field):
    path = tmp_path / "sit.json"
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    line = assert_refused(run_clinch("resolve", path), names=path)
    assert field in line, line


@pytest.mark.parametrize(("data", "field"), [(d, f) for _, d, f in HOSTILE], ids=[n for n, _, _ in HOSTILE])
def test_hostile_files_are_refused_in_process(tmp_path, data, field):
    path = tmp_path / "sit.json"
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    with pytest.raises(SituationError) as caught:
        resolve_file(path)
    assert field in str(caught.value) and "\n" not in str(caught.value)


def test_a_named_pipe_is_refused_unread(tmp_path):
    fifo = tmp_path / "sit.json"
    os.mkfifo(fifo)
    line = assert_refused(run_clinch("resolve", fifo), names=fifo)
    assert "named pipe" in line


@pytest.mark.parametrize("device", ["/dev/zero"])
def test_a_device_is_refused_unread(device):
    if not Path(device).exists():
        pytest.skip(f"{device} is not on this system")
    assert "device" in assert_refused(run_clinch("resolve", device), names=device)


def test_a_folder_is_refused(tmp_path):
    assert "folder" in assert_refused(run_clinch("resolve", tmp_path), names=tmp_path)


def test_a_map_that_is_a_pipe_is_refused_unread(tmp_path):
    os.mkfifo(tmp_path / "board.tmx")
    path = tmp_path / "sit.json"
    path.write_text(json.dumps(_with(lambda d: d.__setitem__("map", "board.tmx"))))
    assert "map" in assert_refused(run_clinch("resolve", path), names=path)


def test_fighters_a_billion_hexes_apart_through_the_real_command(tmp_path):
    """``map: null`` builds nothing: exit 0 well under 2 s and 200 MB."""
    data = _base()
    data["fighters"][0]["hex"] = [HEX_LIMIT, HEX_LIMIT]
    data["fighters"][1]["hex"] = [-HEX_LIMIT, 0]
    data["grapples"] = []
    data["actions"] = [{"actor": "ann", "type": "move", "to": [HEX_LIMIT - 1, HEX_LIMIT]},
                       {"actor": "bob", "type": "do_nothing"}]
    data["dice"] = []
    path = tmp_path / "far.json"
    path.write_text(json.dumps(data))
    run = run_clinch("resolve", path)
    assert (run.code, run.stderr) == (0, ""), run.stderr[-500:]
    assert run.seconds < 2.0
    assert json.loads(run.stdout)["state"]["fighters"][0]["hex"] == [HEX_LIMIT - 1, HEX_LIMIT]


def test_a_byte_order_mark_is_fine(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + (SITUATIONS / "break_free_full.json").read_bytes())
    assert _outcome(path) == 0


@pytest.mark.parametrize("field, bad", [("miss_hexes", [[0], [3, 1]]), ("hexes", [[1, "x"]]), ("hexes", 7),
                                        ("to", [4])])
def test_a_flame_burst_with_a_malformed_hex_is_refused_naming_the_field(tmp_path, field, bad):
    """S3-FLAMER-5/6: a burst's hexes are ``[q, r]`` each; anything else is one sentence naming the field, exit 2
    (hypothesis found ``miss_hexes: [[0], ...]`` raising IndexError inside the action)."""
    data = json.loads((SITUATIONS / "nd6_flamer_bad_placement.json").read_text())
    data["actions"] = [{"actor": "ann", "type": "flame", "burst": "small", "target": "bob", field: bad}]
    if field == "to":
        del data["actions"][0]["target"]
    path = tmp_path / "flame.json"
    path.write_text(json.dumps(data))
    line = assert_refused(run_clinch("resolve", path), names=path)
    assert f"actions[0].{field}" in line, line
