"""``clinch check-save FILE`` (issue 13): one line and exit 0 for a sound save, one sentence and exit 2 otherwise.

In process through ``game.cli.main`` for the messages, and as the real
command (``tests/hostile.py``: a child process under a memory cap and a
timeout) for what a user can hand it: a folder, a named pipe, a device, a
huge file, bytes that are not UTF-8, JSON nested beyond any save, and a set
of tampered saves.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.cli import main
from game.files.saves import autosave, load_game
from tests.hostile import assert_refused, run_clinch
from tests.test_replay_hostile import CASES, make_save


@pytest.fixture(scope="module")
def sound(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_save(tmp_path_factory.mktemp("sound"), "3d6-lite", "arena.toml", 1, 30)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["check-save", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_sound_save_is_one_line_and_exit_0(capsys, sound):
    """The line names the file, the ruleset, the intents, the round and the start of the hash."""
    code, out, err = run(capsys, str(sound))
    raw = json.loads(sound.read_text())
    intents = sum(1 for e in raw["log"] if "intent" in e)
    assert code == 0 and err == ""
    assert out == (f"{sound}: sound: 3d6-lite, {intents} intents, round {raw['snapshot']['round']}, "
                   f"hash {raw['state_hash'][:12]}\n")


def test_an_autosave_is_checked_too(capsys, sound, tmp_path):
    """Continue's autosaves are saves like any other: check-save reads them."""
    ctl = load_game(sound)
    path = autosave(ctl, tmp_path)[-1]
    code, out, _ = run(capsys, str(path))
    assert code == 0 and out.startswith(f"{path}: sound: 3d6-lite, ")


@pytest.mark.parametrize("args,says", [
    ([], "give exactly one save file"),
    (["a.json", "b.json"], "give exactly one save file"),
    (["--fast", "a.json"], "unknown option '--fast'"),
])
def test_bad_arguments(capsys, args, says):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert says in err and len(err.strip().splitlines()) == 1


def test_help(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and out.startswith("usage: clinch check-save FILE")


def test_a_tampered_save_is_refused_in_process(capsys, sound, tmp_path):
    raw = json.loads(sound.read_text())
    raw["snapshot"]["round"] += 1
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(raw))
    code, out, err = run(capsys, str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"clinch check-save: {path}: corrupt or foreign: ") and len(err.splitlines()) == 1


# -- the real command on hostile files ----------------------------------------------------------------------

def test_the_real_command_says_sound(sound):
    run_ = run_clinch("check-save", sound)
    assert run_.code == 0, run_.stderr
    assert run_.stderr == "" and run_.stdout.startswith(f"{sound}: sound: 3d6-lite, ")


def _hostile(tmp: Path, kind: str) -> Path:
    if kind == "folder":
        (tmp / "folder.json").mkdir()
        return tmp / "folder.json"
    if kind == "pipe":
        os.mkfifo(tmp / "pipe.json")
        return tmp / "pipe.json"
    if kind == "device":
        return Path("/dev/zero")
    if kind == "missing":
        return tmp / "missing.json"
    path = tmp / f"{kind}.json"
    if kind == "huge":
        with open(path, "wb") as fh:
            fh.truncate(65 * 1024 * 1024)  # sparse: costs no disk, refused by its size before it is read
    elif kind == "latin1":
        path.write_bytes('{"format": "clinch-save", "name": "Bj\u00f6rn"}'.encode("latin-1"))
    elif kind == "deep":
        path.write_text('{"format": "clinch-save", "version": 1, "log": [' + "[" * 100_000 + "]" * 100_000 + "]}")
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "not-json":
        path.write_text("format = 'clinch-save'\n")
    elif kind == "a-list":
        path.write_text("[1, 2, 3]")
    return path


@pytest.mark.parametrize("kind", ["folder", "pipe", "device", "missing", "huge", "latin1", "deep", "empty",
                                  "not-json", "a-list"])
def test_hostile_files_are_refused_by_the_real_command(tmp_path, kind):
    """One line naming the file, exit 2, nothing on stdout, no traceback, under 2 s and 200 MB."""
    if kind == "pipe" and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    path = _hostile(tmp_path, kind)
    assert_refused(run_clinch("check-save", path), names=path)


@pytest.mark.parametrize("name", ["entry that is not an object", "dice out of range", "entries swapped",
                                  "snapshot differs", "intent of a wrong type", "a deep value"])
def test_tampered_saves_are_refused_by_the_real_command(sound, tmp_path, name):
    """A subset of the named tamperings of tests/test_replay_hostile.py, through the real command."""
    doc = json.loads(sound.read_text())
    CASES[name](doc)
    path = tmp_path / f"{name.replace(' ', '-')}.json"
    path.write_text(json.dumps(doc))
    line = assert_refused(run_clinch("check-save", path), names=path)
    assert line.startswith("clinch check-save: ")


def test_truncated_saves_are_refused_by_the_real_command(sound, tmp_path):
    data = sound.read_bytes()
    for cut in (1, len(data) - 2):
        path = tmp_path / f"cut-{cut}.json"
        path.write_bytes(data[:cut])
        assert "not a complete JSON file" in assert_refused(run_clinch("check-save", path), names=path)
