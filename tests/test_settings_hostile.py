"""Issue 13, settings: a hostile settings.json never stops the game; it starts with defaults and says which file.

``load_settings`` reads through :mod:`game.files.userfiles`: bytes that are not
UTF-8, nesting too deep, NaN and infinity, numbers too large, wrong types,
a folder or a named pipe where the file should be each give the default
settings and one sentence naming the file. Saving into a folder that cannot
be written returns a sentence instead of raising. The window shows the
sentence on the main menu, once. Hypothesis feeds random bytes and random
JSON values as the file.
"""

from __future__ import annotations

import dataclasses
import errno
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.files import save_file
from game.ui.settings import Settings, _check, load_settings, save_settings, settings_path


def assert_valid(s: Settings) -> None:
    """Every field of ``s`` is one the settings screen could have saved."""
    for f in dataclasses.fields(Settings):
        value = getattr(s, f.name)
        assert _check(f.name, list(value) if f.name == "window_size" else value) == value, f.name


def assert_one_sentence(problem: str | None, path: Path) -> None:
    assert problem, "nothing was said"
    assert str(path) in problem, problem
    assert "\n" not in problem and "Traceback" not in problem
    assert len(problem) < 400, problem


@pytest.mark.parametrize(("content", "words"), [
    (b"\xff\xfe{\"palette\": 1}", "not UTF-8"),
    (b"[" * 5000 + b"]" * 5000, "nests"),
    (b'{"extra": ' + b'{"a": ' * 100 + b"1" + b"}" * 101, "nests deeper"),
    (b'{"ui_scale": NaN}', "not valid JSON"),
    (b'{"ui_scale": 1e400}', "too large"),
    (b'{"ai_budget_ms": 99999999999999999999999}', "too large"),
    (b'{"window_size": "big", "fullscreen": 1, "palette": ["x"], "ai_budget_ms": 2.5}', "window_size"),
    (b'"just a string"', "not a settings object"),
    (b"", "not valid JSON"),
    (b"\x00" * 64, "not valid JSON"),
])
def test_hostile_settings_give_defaults_and_one_sentence_naming_the_file(tmp_path, content, words):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    s, problem = load_settings(path)
    assert_valid(s)
    assert_one_sentence(problem, path)
    assert words in problem


def test_wrong_types_fall_back_field_by_field_and_many_bad_fields_are_counted(tmp_path):
    path = tmp_path / "settings.json"
    bad = {f"k{i}" * 30: i for i in range(50)}
    path.write_text(json.dumps({"palette": "colour-blind", "fullscreen": "yes", **bad}))
    s, problem = load_settings(path)
    assert s.palette == "colour-blind" and s.fullscreen is False
    assert_one_sentence(problem, path)
    assert "and 48 more" in problem


def test_a_folder_or_a_fifo_in_its_place_is_refused_without_hanging(tmp_path):
    folder = tmp_path / "a" / "settings.json"
    folder.mkdir(parents=True)
    s, problem = load_settings(folder)
    assert s == Settings()
    assert_one_sentence(problem, folder)
    assert "folder" in problem and problem.count("it was") == 1
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    s, problem = load_settings(fifo)
    assert s == Settings()
    assert_one_sentence(problem, fifo)
    assert "pipe" in problem


def test_a_missing_file_is_the_defaults_and_nothing_to_say(tmp_path):
    assert load_settings(tmp_path / "none.json") == (Settings(), None)
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    assert load_settings(blocker / "settings.json") == (Settings(), None)


def test_saving_into_a_folder_that_cannot_be_written_returns_a_sentence(tmp_path, monkeypatch):
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    problem = save_settings(Settings(), blocker / "sub" / "settings.json")
    assert problem and str(blocker / "sub" / "settings.json") in problem and "\n" not in problem
    path = tmp_path / "settings.json"
    assert save_settings(Settings(palette="colour-blind"), path) is None
    before = path.read_bytes()

    def refuse(*a: object, **k: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(save_file, "open", refuse, raising=False)
    problem = save_settings(Settings(), path)
    assert problem and "read-only file system" in problem
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []


# -- random files ---------------------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12)
FIELDS = st.sampled_from([f.name for f in dataclasses.fields(Settings)] + ["bogus"])
SETTINGS_LIKE = st.dictionaries(FIELDS, JSON, max_size=6)
HYP = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _load(tmp_path: Path, data: bytes) -> tuple[Settings, str | None, Path]:
    path = tmp_path / "settings.json"
    path.write_bytes(data)
    s, problem = load_settings(path)
    return s, problem, path


@HYP
@given(data=st.binary(max_size=300))
def test_random_bytes_never_raise(tmp_path, data):
    s, problem, path = _load(tmp_path, data)
    assert_valid(s)
    if problem is not None:
        assert_one_sentence(problem, path)


@HYP
@given(value=JSON | SETTINGS_LIKE)
def test_random_json_values_never_raise(tmp_path, value):
    s, problem, path = _load(tmp_path, json.dumps(value).encode())  # NaN and Infinity go in as JSON5 words
    assert_valid(s)
    if problem is not None:
        assert_one_sentence(problem, path)
    elif isinstance(value, dict):
        assert all(getattr(s, k) == (tuple(v) if k == "window_size" else v) for k, v in value.items())


# -- the window -----------------------------------------------------------------------------------------

def test_a_corrupt_settings_file_the_game_starts_with_defaults_and_says_which_file_once(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui.app import App
    from game.ui.clock import FixedClock
    from game.ui.menus.main_menu import MainMenu

    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b'{"palette": "colour-blind", \xff\xfe}')
    pygame.display.init()
    pygame.event.clear()
    app = App(None, (1280, 800), clock=FixedClock(16))
    try:
        app.step()
        assert isinstance(app.scene, MainMenu) and app.settings == Settings()
        text, _ = app.scene.message
        assert_one_sentence(text, path)
        assert "not UTF-8" in text and "default settings" in text
        shown = app.draw().subsurface(pygame.Rect(0, 700, 1280, 100)).copy()
        message, app.scene.message = app.scene.message, None
        plain = app.draw().subsurface(pygame.Rect(0, 700, 1280, 100)).copy()
        app.scene.message = message
        assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(plain, "RGB")  # it is on screen
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                             scancode=0))
        app.step()
        bs = app.battle_scene
        if bs is not None:  # the quick battle (needs maps/arena.toml): the sentence is not said again
            assert not any(str(path) in t for t, _, _ in bs.toasts)
    finally:
        app.close()
