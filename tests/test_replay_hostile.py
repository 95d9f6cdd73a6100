"""Tampered saves (issue 13): loading one either gives the battle the file says it holds, or one SaveError.

Every way a damaged or tampered save can fail — an intent of the wrong
type, a missing field, a step that does not match, a snapshot that
differs, a log entry that is not an object, dice out of range, entries
swapped, the file cut short — must come out of :func:`game.files.saves.load_game`
and :meth:`game.files.saves.Replay.from_save` as a :class:`~game.files.saves.SaveError`
whose message is one line naming the file; never ReplayDiverged, KeyError,
ValueError, TypeError or IndexError, and never a battle other than the one
saved. A hypothesis test mutates real saves of every ruleset at random JSON
paths (delete, replace, insert, change a number, swap, truncate) and checks
exactly that; the replay viewer's stepping (to the end, back to the start)
is checked on whatever loads.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.files.maps import load_scenario
from game.files.saves import Replay, SaveError, load_game, save_game, state_hash
from game.flow.turns import TurnController

MAPS = Path(__file__).resolve().parents[1] / "maps"
#: one small real save per ruleset: (ruleset, scenario, seed, intents)
SAMPLES = [("3d6-lite", "arena.toml", 1, 30), ("3d6-full", "tavern.toml", 2, 30), ("edge", "arena_edge.toml", 7, 30),
           ("d20", "arena_d20.toml", 4, 20)]


def make_save(folder: Path, ruleset: str, scenario: str, seed: int, intents: int) -> Path:
    """A real save: random legal actions on a shipped scenario, saved as the game saves."""
    b = load_scenario(MAPS / scenario)
    b.rng.seed = seed
    ctl = TurnController(b, ruleset)
    rng = random.Random(seed)
    for _ in range(intents):
        if ctl.is_over():
            break
        assert ctl.submit(rng.choice([o.action for o in ctl.legal_actions() if o.legal])).ok
    return save_game(ctl, folder / f"{ruleset}-{seed}.json")


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("saves")
    return {s[0]: json.loads(make_save(folder, *s).read_text()) for s in SAMPLES}


# -- the property -----------------------------------------------------------------------------------

def outcome(path: Path, recorded: Any) -> str:
    """``"loaded"`` (the battle the file says it holds) or ``"refused"`` (one SaveError line naming the file);
    anything else fails the test."""
    try:
        ctl = load_game(path)
    except SaveError as exc:
        _one_line_naming(exc, path)
        with pytest.raises(SaveError) as again:  # the replay viewer checks exactly as Load does
            Replay.from_save(path)
        _one_line_naming(again.value, path)
        return "refused"
    assert state_hash(ctl.battle) == recorded, "load_game returned a battle other than the one saved"
    replay = Replay.from_save(path)
    assert state_hash(replay.to_end()) == recorded
    replay.goto(0)
    replay.goto(len(replay) // 2)
    assert state_hash(replay.to_end()) == recorded
    return "loaded"


def _one_line_naming(exc: BaseException, path: Path) -> None:
    text = str(exc)
    assert "\n" not in text and text.strip(), repr(text)
    assert str(path) in text, text


def _paths(doc: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    stack = [(doc, at)]
    while stack:
        v, here = stack.pop()
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for k, child in items:
            out.append((*here, k))
            stack.append((child, (*here, k)))
    return out


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        doc = doc[k]
    return doc


SPECIAL = st.sampled_from([None, True, False, 0, 1, -1, 6, 7, 21, 2**31, 2**63 - 1, -2**63, 0.5, "", "x", "ann",
                           "intent", "seeded", "move", [], {}, [1, 2], {"type": "move"}, {"type": "pass"}])
values = SPECIAL | st.recursive(st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(max_size=6),
                                lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=5), c,
                                                                                   max_size=3), max_leaves=6)


@st.composite
def tampered(draw: Any, saves: dict[str, dict[str, Any]]) -> tuple[bytes, str]:
    """A real save with one to three random changes, as bytes, and what was done."""
    ruleset = draw(st.sampled_from(sorted(saves)))
    doc = json.loads(json.dumps(saves[ruleset]))
    done = [ruleset]
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["log", "log", "log", "initial", "snapshot", "any"]))
        paths = [p for p in _paths(doc) if p and (where == "any" or p[0] == where)] or [p for p in _paths(doc) if p]
        if not paths:
            break
        path = paths[draw(st.integers(0, len(paths) - 1))]
        parent, key = _at(doc, path[:-1]), path[-1]
        op = draw(st.sampled_from(["delete", "replace", "insert", "number", "swap"]))
        if op == "delete":
            del parent[key]
        elif op == "replace":
            parent[key] = draw(values)
        elif op == "insert":
            if isinstance(parent, list):
                parent.insert(key, draw(values | st.just(json.loads(json.dumps(parent[key])))))
            else:
                parent[draw(st.text(max_size=6))] = draw(values)
        elif op == "number":
            v = parent[key]
            if isinstance(v, int) and not isinstance(v, bool):
                parent[key] = v + draw(st.sampled_from([-1, 1, 2, -7, 100, 10**9]))
            else:
                parent[key] = draw(st.integers(-10, 10))
        elif isinstance(parent, list) and len(parent) > 1:
            j = draw(st.integers(0, len(parent) - 1))
            parent[key], parent[j] = parent[j], parent[key]
        done.append(f"{op} {'.'.join(map(str, path))}")
    data = json.dumps(doc).encode()
    if draw(st.integers(0, 9)) == 0:
        data = data[:draw(st.integers(0, len(data) - 1))]
        done.append("truncated")
    return data, "; ".join(done)


def test_tampered_saves_load_as_saved_or_are_refused_in_one_sentence(saves, tmp_path):
    """Issue 13: a hypothesis mutation of real saves of every ruleset; load_game and the replay viewer's
    Replay.from_save return the recorded battle or raise one SaveError line naming the file, nothing else."""
    seen: dict[str, int] = {"loaded": 0, "refused": 0}

    @settings(max_examples=90, deadline=None, suppress_health_check=list(HealthCheck))
    @given(tampered(saves))
    def check(case: tuple[bytes, str]) -> None:
        data, what = case
        path = tmp_path / "tampered.json"
        path.write_bytes(data)
        try:
            recorded = json.loads(data).get("state_hash")
        except (ValueError, AttributeError):
            recorded = None
        seen[outcome(path, recorded)] += 1

    check()
    assert seen["refused"] > seen["loaded"] / 4, seen  # the mutations mostly hit something that matters


# -- the named ways a save can be tampered with -----------------------------------------------------------

def _first(log: list[dict[str, Any]], key: str = "intent") -> int:
    return next(i for i, e in enumerate(log) if key in e)


def _roll(log: list[dict[str, Any]]) -> int:
    """The first entry that rolled dice (an intent's, or a hook's: initiative, a turn-start roll)."""
    return next(i for i, e in enumerate(log) if e.get("dice"))


CASES: dict[str, Any] = {
    "intent of a wrong type": lambda d: d["log"][_first(d["log"])].__setitem__("intent", ["move"]),
    "intent of an unknown action": lambda d: d["log"][_first(d["log"])]["intent"].__setitem__("type", "fly"),
    "intent without its actor": lambda d: d["log"][_first(d["log"])]["intent"].pop("actor"),
    "intent for a fighter not in the battle": lambda d: d["log"][_first(d["log"])]["intent"].__setitem__(
        "actor", "zed"),
    "entry without its step": lambda d: d["log"][_first(d["log"])].pop("step"),
    "entry without its intent": lambda d: d["log"][_first(d["log"])].pop("intent"),
    "entry that is not an object": lambda d: d["log"].__setitem__(_first(d["log"]), 7),
    "entry that is a list": lambda d: d["log"].__setitem__(_first(d["log"]), ["intent"]),
    "step that does not match": lambda d: d["log"][0].__setitem__("step", "end_round"),
    "events changed": lambda d: d["log"][_first(d["log"])].__setitem__("events", []),
    "events not a list": lambda d: d["log"][_first(d["log"])].__setitem__("events", {"type": "move"}),
    "dice out of range": lambda d: d["log"][_roll(d["log"])].update(source="scripted", dice=[99, 99, 99]),
    "dice of a wrong type": lambda d: d["log"][_roll(d["log"])].update(source="scripted", dice="666"),
    "dice source unknown": lambda d: d["log"][_roll(d["log"])].__setitem__("source", "loaded"),
    "entries swapped": lambda d: d["log"].insert(1, d["log"].pop(_first(d["log"]) + 3)),
    "entry repeated": lambda d: d["log"].insert(_first(d["log"]), d["log"][_first(d["log"])]),
    "log cut short": lambda d: d.__setitem__("log", d["log"][: len(d["log"]) // 2]),
    "snapshot differs": lambda d: d["snapshot"]["fighters"][0].__setitem__("hp", 1),
    "snapshot's round differs": lambda d: d["snapshot"].__setitem__("round", d["snapshot"]["round"] + 1),
    "state hash differs": lambda d: d.__setitem__("state_hash", "0" * 64),
    "state hash not a hash": lambda d: d.__setitem__("state_hash", "abc"),
    "initial battle changed": lambda d: d["initial"]["fighters"][0]["stats"].__setitem__("ST", 30),
    "initial battle without fighters": lambda d: d["initial"].__setitem__("fighters", []),
    "initial with a log": lambda d: d["initial"].__setitem__("log", d["log"][:1]),
    "seed differs": lambda d: d.__setitem__("seed", d["seed"] + 1),
    "seat of an unknown side": lambda d: d["seat"].__setitem__("martians", "ai"),
    "seat neither human nor ai": lambda d: d["seat"].__setitem__(next(iter(d["seat"])), "robot"),
    "ruleset of another battle": lambda d: d.__setitem__("ruleset", "edge" if d["ruleset"] != "edge" else "d20"),
    "version from the future": lambda d: d.__setitem__("version", 99),
    "not a save": lambda d: d.pop("format"),
    "a field of a wrong type": lambda d: d.__setitem__("log", {"0": d["log"][0]}),
    "a huge number": lambda d: d["log"][_first(d["log"])]["intent"].__setitem__("actor", 10**30),
    "a deep value": lambda d: d["log"][0].__setitem__("deep", json.loads("[" * 200 + "]" * 200)),
}


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("ruleset", [s[0] for s in SAMPLES])
def test_each_named_tampering_is_refused_in_one_sentence(saves, tmp_path, ruleset, name):
    """Issue 13: each way of tampering with a save named in the issue, on a save of every ruleset."""
    doc = json.loads(json.dumps(saves[ruleset]))
    CASES[name](doc)
    path = tmp_path / f"{name.replace(' ', '-')}.json"
    path.write_text(json.dumps(doc))
    assert outcome(path, doc.get("state_hash")) == "refused", name


def test_the_untampered_saves_load_and_replay(saves, tmp_path):
    """The samples themselves are sound, so every refusal above is the tampering's doing."""
    for ruleset, doc in saves.items():
        path = tmp_path / f"{ruleset}.json"
        path.write_text(json.dumps(doc))
        assert outcome(path, doc["state_hash"]) == "loaded", ruleset
