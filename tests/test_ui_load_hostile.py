"""The load screen facing hostile saves, played with posted events: it lists them and never closes the game.

A hostile-input pass found that a save whose FILE NAME is not UTF-8, or whose title holds a NUL, closed
the game at the click on Load... (exit 1), and that a 10,000-character board name made every frame of the
screen take 1.2-3.2 s (each row's text was cut one character at a time). Every row is now drawn from text
escaped and cut (``game.files.names.shown``, ``fit_text``), and a save with a name no screen can show is listed
greyed with its one sentence (``game.files.saves.read_header`` checks names as the loaders do).
"""

from __future__ import annotations

import json
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_play import ARENA, DICE, SIZE, click, press  # noqa: E402

from game.files import saves  # noqa: E402
from game.files.save_slots import list_saves  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

pytestmark = pytest.mark.skipif(not ARENA.is_file(), reason="maps/arena.toml is missing")


@pytest.fixture(scope="module")
def good_save(tmp_path_factory) -> dict:
    from game.ui.session import new_session

    s = new_session(ARENA, seat={"red": "human", "blue": "human"}, dice=list(DICE), autosave=False)
    s.end_turn()
    return json.loads(s.save(tmp_path_factory.mktemp("good") / "good.json", title="").read_text())


def _write(name: str | bytes, doc: dict) -> None:
    folder = saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    data = json.dumps(doc).encode()
    if isinstance(name, bytes):
        with open(os.path.join(os.fsencode(folder), name), "wb") as fh:
            fh.write(data)
    else:
        (folder / name).write_bytes(data)


def hostile_folder(good: dict) -> None:
    """A save under a file name that is not UTF-8, one with a NUL in its title, one with a bidi override
    in a fighter's name, one with a 10,000-character board name and one with a 200-character one."""
    _write(b"\xff\xfe battle.json", good)
    doc = json.loads(json.dumps(good))
    doc["title"] = "Before\x00the pin"
    _write("nul title.json", doc)
    doc = json.loads(json.dumps(good))
    doc["snapshot"]["fighters"][0]["name"] = "\u202eAnn"
    _write("bidi.json", doc)
    doc = json.loads(json.dumps(good))
    doc["initial"]["board"]["name"] = "Pit " * 2500
    _write("long board.json", doc)
    doc = json.loads(json.dumps(good))
    doc["initial"]["board"]["name"] = "W" * 200
    _write("wide board.json", doc)


def test_hostile_saves_are_listed_with_their_sentence(dirs, good_save):
    """read_header refuses a title or a name no screen can show (game.files.names.name_problem), in one sentence."""
    hostile_folder(good_save)
    named, _ = list_saves()
    by_name = {e.path.name: e for e in named}
    assert by_name["\udcff\udcfe battle.json"].problem is None
    assert "title holds a NUL" in by_name["nul title.json"].problem
    assert "snapshot.fighters[0].name holds a bidirectional control" in by_name["bidi.json"].problem
    assert "initial.board.name is 10,000 characters long" in by_name["long board.json"].problem
    assert by_name["wide board.json"].problem is None
    assert all("\n" not in (e.problem or "") for e in named)


def test_the_load_screen_lists_hostile_saves_quickly_and_loads_a_non_utf8_one(dirs, good_save):
    """Click Load..., draw, step through every row with the arrows, click each one; the non-UTF-8 file
    name is shown escaped (\\xff\\xfe) and its save loads on Enter; no frame takes over a quarter second."""
    from game.ui.app import App
    from game.ui.menus.load_menu import LoadMenu

    hostile_folder(good_save)
    app = App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant"), autosave=False)
    try:
        app.step()
        click(app, app.scene.button_named("load").rect.center)
        menu = app.scene
        assert isinstance(menu, LoadMenu) and len(menu.named) == 5
        app.text.drawn = []
        slowest = 0.0
        for _ in range(len(menu.named)):
            press(app, pygame.K_DOWN)
            t0 = time.perf_counter()
            app.draw()
            slowest = max(slowest, time.perf_counter() - t0)
        assert slowest < 0.25, f"a frame of the load screen took {slowest:.2f} s"
        drawn = [text for text, *_ in app.text.drawn]
        assert any("\\xff\\xfe battle" in text for text in drawn), "the file name is shown escaped"
        assert not any("\x00" in text or "\u202e" in text for text in drawn)
        assert all(len(text) <= 400 for text in drawn)
        for rect, _kind, entry in menu.row_rects():
            if entry is not None and entry.problem is not None:
                click(app, rect.center)
                assert app.scene is menu and menu.message is not None
                app.draw()
        odd = next(e for e in menu.named if e.path.name.startswith("\udcff"))
        menu.chosen = odd.path
        press(app, pygame.K_RETURN, unicode="\r")
        assert app.battle_scene is not None, menu.message
        app.draw()
    finally:
        app.close()


def test_a_row_cut_to_fit_takes_no_time_however_long_its_text(dirs):
    """The load screen's fit: a 10,000-character text is escaped, cut and fitted in a few milliseconds."""
    from game.ui.app import App

    app = App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant"), autosave=False)
    try:
        app.step()
        click(app, app.scene.button_named("load").rect.center)
        t0 = time.perf_counter()
        shown = app.scene.fit("Pit \x00" * 2500, 15, 500)
        assert time.perf_counter() - t0 < 0.1
        assert shown.endswith("\u2026") and "\x00" not in shown and app.text.font(15).size(shown)[0] <= 500
    finally:
        app.close()


@pytest.mark.parametrize("typed", ["a\x00b.json", "\udcff.json", "two\nlines.json", "x" * 5000])
def test_a_hostile_path_typed_in_the_box_is_one_message(dirs, typed):
    """A path given to "Or a file:" that no file can have (a NUL) or that names nothing: one message."""
    from game.ui.app import App

    app = App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant"), autosave=False)
    try:
        app.step()
        click(app, app.scene.button_named("load").rect.center)
        menu = app.scene
        assert menu.go(typed) is None and app.battle_scene is None  # as typed in the box (go reads it so)
        assert menu.message is not None and "\n" not in menu.message[0]
        app.draw()
    finally:
        app.close()
