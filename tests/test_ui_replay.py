"""The replay viewer, headless, driven by posted events (issue 13).

A tampered save opened from the main menu's Replay screen is refused there
in one sentence naming the file (it is checked exactly as Load checks it),
and the player stays in that menu; a sound save of a long battle (over
1,000 intents) is stepped through to the end and back; a step that fails
all the same (a replay built from a log nobody checked) stops the replay
with a message on screen instead of a crash.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.files import saves  # noqa: E402
from tests.test_replay_hostile import CASES, make_save  # noqa: E402
from tests.test_ui_play import click, press, type_text  # noqa: E402
from tests.ui_fixtures import fresh_ui_dirs, new_app  # noqa: E402,F401  (fresh_ui_dirs: autouse here)

SIZE = (1280, 800)


@pytest.fixture
def app():
    a = new_app(autosave=False)
    yield a
    a.close()


@pytest.fixture(scope="module")
def sound(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_save(tmp_path_factory.mktemp("ui-replay"), "3d6-lite", "arena.toml", 1, 30)


def open_in_replay(app, path: Path) -> None:
    """Main menu -> Replay... -> type the path -> Enter."""
    from game.ui.menus.load_menu import LoadMenu

    click(app, app.scene.button_named("replay").rect.center)
    menu = app.scene
    assert isinstance(menu, LoadMenu) and menu.replay
    click(app, menu.path_entry.rect.center)
    type_text(app, str(path))
    press(app, pygame.K_RETURN, unicode="\r")


@pytest.mark.parametrize("name", ["snapshot differs", "entry that is not an object", "dice out of range",
                                  "intent of an unknown action"])
def test_a_tampered_save_is_refused_in_the_replay_menu(app, sound, tmp_path, name):
    """Issue 13: the viewer checks a save as Load does; a tampered one is one sentence and the player stays in
    the menu (it used to crash with ReplayDiverged/KeyError/ValueError, or show another battle)."""
    from game.ui.menus.load_menu import LoadMenu

    doc = json.loads(sound.read_text())
    CASES[name](doc)
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(doc))
    open_in_replay(app, path)
    menu = app.scene
    assert isinstance(menu, LoadMenu), type(menu)
    assert menu.message is not None
    text = menu.message[0]
    assert "tampered.json" in text and "\n" not in text, text
    app.draw()  # the message is drawn, nothing raises


def test_a_long_sound_save_steps_to_the_end_and_back(app, tmp_path):
    """A 1,000-intent battle in the viewer: forward (animated), End, back one, Home, and every 50th position
    both ways, each matching the state hashes the battle had when it was played."""
    from game.ui.menus.replay_scene import ReplayScene
    from tests.test_saves_long import play_long

    hashes: dict[int, str] = {}

    def remember(ctl, n):
        if n % 50 == 0:
            hashes[n] = saves.state_hash(ctl.battle)

    ctl = play_long("3d6-lite", 3, 1000, on_intent=remember)
    path = saves.save_game(ctl, tmp_path / "long.json")
    want = saves.state_hash(ctl.battle)
    open_in_replay(app, path)
    rp = app.scene
    assert isinstance(rp, ReplayScene), getattr(rp, "message", None)
    assert len(rp.replay) == 1000
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert rp.replay.position == 2
    press(app, pygame.K_END)
    assert rp.replay.position == 1000 and saves.state_hash(rp.replay.battle) == want
    press(app, pygame.K_LEFT)
    assert rp.replay.position == 999
    press(app, pygame.K_HOME)
    assert rp.replay.position == 0
    for k in list(range(50, 1001, 50)) + list(range(1000, 0, -50)):
        rp.goto(k)
        assert rp.problem is None
        assert saves.state_hash(rp.replay.battle) == hashes[k], k
    app.draw()


def test_a_step_that_fails_stops_the_replay_with_a_message(app, sound):
    """Never a crash while stepping: a replay of a log nobody checked (the viewer only builds those from a live
    battle) stops at its last good position and says why in the footer."""
    from game.ui.menus.replay_scene import ReplayScene
    from game.ui.scene import Transition

    save = saves.read_save(sound)
    log = json.loads(json.dumps(save.log))
    starts = [i for i, e in enumerate(log) if "intent" in e]
    log[starts[5]]["intent"]["type"] = "fly"
    scene = ReplayScene(app, saves.Replay(save.initial, log, save.ruleset))
    app.scenes.apply(Transition("push", scene), app.size)
    press(app, pygame.K_END)
    assert scene.problem is not None and "action 6" in scene.problem, scene.problem
    assert scene.replay.position == 5 and not scene.auto
    app.draw()
    press(app, pygame.K_p)  # play on: it stops again at once, with the same message
    for _ in range(40):
        app.step()
    assert scene.replay.position == 5 and scene.problem is not None and not scene.auto
    press(app, pygame.K_HOME)
    assert scene.replay.position == 0 and scene.problem is None
