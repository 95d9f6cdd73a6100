"""The briefing before battle (issue 15): sides, who plays them, the victory condition, the ruleset in one sentence;
shown when a battle starts from the main menu, New battle or ``clinch play``, not when a save is loaded; the
victory condition reachable any time (F3, the pause menu).

Player tests: posted events on the real app (``App(briefing=True)``, as the ``clinch`` command builds it),
headless (SDL dummy drivers).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_fixtures import fresh_ui_dirs  # noqa: E402,F401  (autouse here)

from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"
ARENA = MAPS / "arena.toml"
pytestmark = pytest.mark.skipif(not ARENA.is_file(), reason="maps/arena.toml is missing")




def make_app(scenario=None, size=(1280, 800), **kw):
    from game.ui.app import App

    return App(scenario, size, clock=FixedClock(16), settings=Settings(animation_speed="fast"), briefing=True,
               **kw)


def press(app, key, mod=0, unicode="", steps=2):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
    for _ in range(steps):
        app.step()


def click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(3):
        app.step()


def test_quick_battle_opens_on_the_briefing_and_enter_starts_it():
    from game.ui.battle_scene import BattleScene
    from game.ui.briefing import BriefingScene

    app = make_app()
    press(app, pygame.K_RETURN)  # the main menu's Quick battle
    assert isinstance(app.scene, BriefingScene)
    br = app.scene.brief
    assert br.title == "Sand Pit: three on three"
    assert [(s.name, s.who) for s in br.sides] == [("Red Company", "you"), ("Blue Brotherhood", "the computer (normal)")]
    assert {"Ann", "Brom"} <= set(br.sides[0].fighters)
    assert "3d6" in br.ruleset
    assert "last side" in br.victory and "pinned" in br.victory and "round 40" in br.victory
    frame = app.draw()
    panel = app.scene.panel
    assert frame.get_rect().contains(panel)
    assert app.battle_scene is not None  # the battle is there, under its briefing
    log_before = len(app.battle.log)
    for _ in range(30):
        app.step()
    assert len(app.battle.log) == log_before, "nothing happens in the battle while the briefing is up"
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, BattleScene)
    app.close()


def test_a_click_dismisses_the_briefing_of_clinch_play():
    from game.ui.battle_scene import BattleScene
    from game.ui.briefing import BriefingScene

    app = make_app(MAPS / "tavern_d20.toml", (1024, 640))
    assert isinstance(app.scene, BriefingScene)
    assert "round 30" in app.scene.brief.victory and "helpless" in app.scene.brief.victory
    assert "d20" in app.scene.brief.ruleset
    app.draw()
    assert pygame.Rect(0, 0, 1024, 640).contains(app.scene.panel)
    click(app, (512, 320))
    assert isinstance(app.scene, BattleScene)
    app.close()


def test_new_battle_starts_behind_a_briefing_that_names_the_seats():
    from game.ui.briefing import BriefingScene
    from game.ui.menus.new_battle import NewBattleMenu

    app = make_app()
    from game.ui.scene import Transition

    menu = NewBattleMenu(app)
    app.apply(Transition("push", menu))
    menu.scenario = ARENA
    menu.seats = {"red": "human", "blue": "human"}
    app.apply(menu.start())
    assert isinstance(app.scene, BriefingScene)
    assert [s.who for s in app.scene.brief.sides] == ["a player at this screen"] * 2
    app.close()


def test_a_loaded_save_has_no_briefing(tmp_path):
    from game.ui.battle_scene import BattleScene
    from game.ui.scene import Transition
    from game.ui.session import load_session, new_session

    session = new_session(ARENA, autosave=False)
    path = session.save(tmp_path / "s.json")
    session.close()
    app = make_app()
    app.apply(Transition("reset", app.battle_from(load_session(path, autosave=False))))
    assert isinstance(app.scene, BattleScene)
    app.close()


def test_f3_shows_the_briefing_again_and_esc_closes_only_it():
    from game.ui.battle_scene import BattleScene
    from game.ui.briefing import BriefingScene

    app = make_app(ARENA)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, BattleScene)
    press(app, pygame.K_F3)
    assert isinstance(app.scene, BriefingScene) and app.scene.again
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, BattleScene)
    app.close()


def test_the_pause_menu_says_how_to_win():
    from game.ui.briefing import victory_text
    from game.ui.menus.pause_menu import PauseMenu

    app = make_app(ARENA, (1024, 640))
    press(app, pygame.K_RETURN)
    for _ in range(3):
        if not isinstance(app.scene, PauseMenu):
            press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseMenu)
    drawn = []
    real = app.text.render

    def spy(text, *a, **k):
        drawn.append(text)
        return real(text, *a, **k)

    app.text.render = spy
    app.draw()
    app.text.render = real
    said = " ".join(drawn)
    assert victory_text(app.session).split(";")[0] in said
    assert all(w.rect.bottom <= 640 for w in app.scene.widgets)
    app.close()


@pytest.mark.parametrize("scenario", sorted(p.name for p in MAPS.glob("*.toml")))
def test_every_scenarios_victory_line_is_what_ends_its_battle(scenario):
    """The round limit named is the one the controller applies (turn_steps.battle_over), or none is named."""
    from game.ui.briefing import round_limit, victory_text
    from game.ui.session import new_session

    session = new_session(MAPS / scenario, autosave=False)
    b = session.battle
    limits = [int(x) for x in (b.options.get("round_limit"), b.options.get("turn_limit")) if x]
    assert round_limit(session) == (min(limits) if limits else None)
    text = victory_text(session)
    assert ("draw" in text) == bool(limits)
    session.close()
