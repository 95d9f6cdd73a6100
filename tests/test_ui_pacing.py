"""Pacing: the computer's moves play at double speed with "fast computer turns" (on by default), the player's
own at the set speed; Space held fast-forwards any animation four times until it is let go. Driven as a player
drives the window: posted pygame events, headless, on the fixed animation clock."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402

from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings, load_settings, settings_from_dict  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ARENA = ROOT / "maps" / "arena.toml"
pytestmark = pytest.mark.skipif(not ARENA.is_file(), reason="maps/arena.toml is missing")
STEP = 16


@pytest.fixture(autouse=True)
def _dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))


def key(kind, k):
    pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode=" " if k == pygame.K_SPACE else "",
                                         scancode=0))


def computer_app(fast: bool = True):
    from game.ui.app import App

    st = Settings(animation_speed="normal", handover="never", fast_computer=fast)
    app = App(ARENA, (1280, 800), clock=FixedClock(STEP), settings=st, seat={"red": "computer", "blue": "computer"},
              dice="seeded", autosave=False, session_kw={"sync_ai": True, "ai_level": "easy"})
    return app


def first_animation(app):
    """Step until the computer's first action animates; the battle scene."""
    bs = app.battle_scene
    for _ in range(400):
        app.step()
        if bs.player.busy and bs.player.current is not None and bs.player.current.duration > 0:
            return bs
    raise AssertionError("the computer never acted")


def test_fast_computer_turns_is_a_setting_on_by_default():
    s, problem = settings_from_dict({"fast_computer": False})
    assert Settings().fast_computer is True and s.fast_computer is False and problem is None
    s, problem = settings_from_dict({"fast_computer": "yes"})
    assert s.fast_computer is True and "fast_computer must be true or false" in problem


def test_the_settings_screen_turns_fast_computer_turns_off_and_saves_it():
    from game.ui.app import App
    from game.ui.menus.settings_menu import SettingsMenu

    app = App(None, (1024, 640), clock=FixedClock(STEP), settings=Settings())
    menu = SettingsMenu(app)
    app.scenes.apply(__import__("game.ui.scene", fromlist=["Transition"]).Transition("push", menu), app.size)
    for _ in range(2):
        app.step()
    dd = next(d for d, k in menu.dropdowns.items() if k == "fast_computer")
    assert dd.selected_option[0] == "on"
    assert dd.relative_rect.bottom <= 640 and all(d.relative_rect.bottom <= 640 for d in menu.dropdowns)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="off", ui_element=dd))
    app.step()
    assert app.settings.fast_computer is False
    assert load_settings()[0].fast_computer is False


def test_a_computer_move_plays_at_double_speed_and_space_held_four_times():
    app = computer_app(fast=True)
    bs = first_animation(app)
    p = bs.player
    assert p.pace == 2.0
    a = p.current
    t0 = a.t
    app.step()
    if p.current is a:
        assert a.t - t0 == pytest.approx(2 * STEP / p.speed)
    key(pygame.KEYDOWN, pygame.K_SPACE)  # held
    app.step()
    assert p.hurry and p.busy, "Space held speeds the picture up; it does not skip it"
    a, t0 = p.current, p.current.t
    app.step()
    if p.current is a:
        assert a.t - t0 == pytest.approx(2 * 4 * STEP / p.speed)
    key(pygame.KEYUP, pygame.K_SPACE)
    app.step()
    assert not p.hurry


def test_without_the_setting_the_computer_plays_at_the_set_speed():
    app = computer_app(fast=False)
    bs = first_animation(app)
    assert bs.player.pace == 1.0


def test_the_players_own_move_plays_at_the_set_speed():
    from game.ui.battle_results import computer_pace

    app = computer_app(fast=True)
    bs = app.battle_scene
    fid = bs.session.battle.fighters[0]
    side = fid.side
    entries = [{"intent": {"actor": fid.id, "type": "move"}, "events": []}]
    assert computer_pace(bs, entries) == 2.0
    bs.session.ctl.seat[side] = "human"
    assert computer_pace(bs, entries) == 1.0
