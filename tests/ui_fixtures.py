"""Fixtures and event-posting helpers the headless UI tests share.

A test module takes ``fresh_ui_dirs`` by importing it (autouse there), or wraps :func:`ui_dirs` in a
fixture of its own that hands the test ``tmp_path``, and drives the real App with :func:`click`, :func:`press` and :func:`move`, which post
the events a player's mouse and keyboard would and step the app so they are handled.
"""

from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path

import pygame
import pytest

#: the repository, and the two-fighter arena most player tests start on (a test module skips without it)
ROOT = Path(__file__).resolve().parents[1]
ARENA = ROOT / "maps" / "arena.toml"
NEEDS_ARENA = pytest.mark.skipif(not ARENA.is_file(), reason="maps/arena.toml is missing")

#: the window size the player tests open (the smallest the layout promises to fit)
SIZE = (1280, 800)


@pytest.fixture(scope="module", autouse=True)
def small_display():
    """A 64x64 display for the importing module, autouse there (its board drawings need one set up first)."""
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield


def ui_dirs(tmp_path, monkeypatch):
    """The game's data and settings folders in ``tmp_path`` (never the player's), a display, no stray events."""
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))
    pygame.display.init()
    pygame.event.clear()
    yield tmp_path
    pygame.event.clear()


@pytest.fixture(autouse=True)
def fresh_ui_dirs(tmp_path, monkeypatch):
    """Every test of the importing module in its own data and settings folders (see :func:`ui_dirs`)."""
    yield from ui_dirs(tmp_path, monkeypatch)


def new_app(battle=None, size=SIZE, **kwargs):
    """The real App at ``size`` with a fixed clock and fast animations (the tests' usual start-up)."""
    from game.ui.app import App
    from game.ui.clock import FixedClock
    from game.ui.settings import Settings

    return App(battle, size, clock=FixedClock(16), settings=Settings(animation_speed="fast"), **kwargs)


def hotseat_on(battle, size=SIZE):
    """``battle`` in a fixed-size window, every side played here (hot seat), after its first frames."""
    from game.ui.app import App
    from game.ui.clock import FixedClock

    app = App(battle, size, clock=FixedClock(16), resizable=False, autosave=False,
              seat={s.id: "human" for s in battle.sides})
    for _ in range(3):
        app.step()
    return app


def seated_app(battle, seat="human", size=SIZE):
    """``battle`` with every side's seat ``seat``, instant animations, no hand-over screen, seeded dice and no
    autosave, after its first frames (the turn-flow tests' start-up)."""
    from game.ui.app import App
    from game.ui.clock import FixedClock
    from game.ui.settings import Settings

    app = App(battle, size, clock=FixedClock(16), settings=Settings(animation_speed="instant", handover="never"),
              seat={s.id: seat for s in battle.sides}, dice="seeded", autosave=False)
    for _ in range(3):
        app.step()
    return app


def open_pause(app):
    """Esc until the pause menu is up (the first Esc may put down a selected fighter first); the menu."""
    from game.ui.menus.pause_menu import PauseMenu

    for _ in range(3):
        if not isinstance(app.scene, PauseMenu):
            press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseMenu)
    return app.scene


def move(pos):
    """The mouse moves to ``pos`` (a hover)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                         buttons=(0, 0, 0)))


def click(app, pos, button=1, steps=2):
    """The mouse moves to ``pos`` and clicks ``button`` there; the app takes ``steps`` frames."""
    pos = (int(pos[0]), int(pos[1]))
    move(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    for _ in range(steps):
        app.step()


def press(app, key, unicode="", steps=2, mod=0):
    """A key is pressed and released (typing ``unicode``); the app takes ``steps`` frames."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
    for _ in range(steps):
        app.step()


class Spectating:
    """A computer seat that never acts: the battle screen shows the board as a spectator sees it."""

    def decide_async(self, battle, ruleset, fighter_id):
        return Future()

    def cancel(self):
        pass

    def close(self):
        pass


def open_lab(size=(1024, 640)):
    """The situation lab opened from the main menu by a click, as a player opens it (an ``App`` to close)."""
    from game.ui.app import App
    from game.ui.clock import FixedClock
    from game.ui.lab.scene import LabScene

    app = App(None, size, clock=FixedClock(16), autosave=False)
    app.step()
    click(app, app.scene.button_named("lab").rect.center)
    assert isinstance(app.scene, LabScene)
    return app
