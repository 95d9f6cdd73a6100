"""Issue 28 in the window, headless by posted events: the builder keeps the player's set-up.

Build "Sand Duel", Play without Save: the battle is titled "Sand Duel" (briefing, window, pause menu, end
screen, the save name offered); back in the builder (pause menu -> main menu -> New battle -> Build your
own, the end screen's "Back to the builder", or the game started again after a crash) the set-up is as it
was, with "Start afresh" to drop it. A hostile draft file is refused in one sentence and set aside.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_builder import open_builder, page, pick, type_into  # noqa: E402
from ui_fixtures import click, fresh_ui_dirs, new_app, open_pause  # noqa: E402,F401  (fresh_ui_dirs: autouse)

SIZE = (1280, 800)


def build_sand_duel(app):
    """The arena, 3d6-lite, a fighter a side, titled "Sand Duel" (the map is "The Sand Pit")."""
    b = open_builder(app)
    pick(app, b, "map", "arena")
    pick(app, b, "ruleset", "3d6-lite")
    type_into(app, b, "title", "Sand Duel")
    page(app, b, "fighters")
    for side in ("Red", "Blue"):
        pick(app, b, "side", side)
        click(app, b.button_named("add_fighter").rect.center)
    assert len(b.setup.fighters) == 2 and b.setup.name == "Sand Duel", b.message
    return b


def play(app, b):
    click(app, b.button_named("play").rect.center, steps=4)
    for _ in range(6):
        if app.battle_scene is not None:
            break
        app.step()
    assert app.battle_scene is not None, b.message
    return app.battle_scene


@pytest.fixture
def app():
    a = new_app(autosave=False)
    yield a
    a.close()


def test_play_without_save_then_back_through_the_pause_menu_finds_the_set_up_as_it_was(app) -> None:
    from game.builder.draft import draft_path
    from game.model import battle_title
    from game.ui.menus.builder_menu import BuilderScene

    b = build_sand_duel(app)
    built = b.setup
    battle = play(app, b)
    assert draft_path().is_file()  # written, so a crash now loses nothing
    assert battle_title(battle.session.battle) == "Sand Duel"
    assert "Sand Duel" in pygame.display.get_caption()[0]
    pause = open_pause(app)
    click(app, pause.button_named("menu").rect.center)
    b = open_builder(app)
    assert isinstance(b, BuilderScene) and b.setup == built
    assert "as you left it" in b.message[0]
    assert b.button_named("afresh") is not None  # the visible way out


def test_a_crash_loses_nothing_the_next_run_opens_the_draft(app) -> None:
    b = build_sand_duel(app)
    page(app, b, "battle")
    pick(app, b, "win", "Last standing, draw after")
    built = b.setup
    # no Play, no Save, no Back: the game is gone (a crash); the next run reads the draft file
    later = new_app(autosave=False)
    try:
        b2 = open_builder(later)
        assert b2.setup == built and b2.setup.options == {"turn_limit": 40}
    finally:
        later.close()


def test_start_afresh_asks_once_for_unsaved_fighters_then_starts_a_new_set_up(app) -> None:
    from game.builder.draft import DraftKeeper

    b = build_sand_duel(app)
    page(app, b, "battle")
    click(app, b.button_named("afresh").rect.center)
    assert len(b.setup.fighters) == 2 and "again" in b.message[0]  # asked, nothing dropped yet
    click(app, b.button_named("afresh").rect.center)
    assert b.setup.fighters == [] and b.setup.name == "My battle" and b.path is None
    assert DraftKeeper().restore()[0].setup == b.setup  # the file holds the new one


@pytest.mark.parametrize("hostile", [b"\x00\xff not json", b'{"format": "clinch-builder-draft", "version": 1, '
                                     b'"setup": {"map": "a.tmx", "sides": [{"id": "red", "name": "\\u202e"}]}}'])
def test_a_hostile_draft_is_refused_in_one_sentence_and_set_aside(app, hostile) -> None:
    from game.builder.draft import draft_path

    path = draft_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(hostile)
    b = open_builder(app)
    text, colour = b.message
    assert text.startswith("draft.json: ") and text.endswith("set aside as draft-unreadable.json: a new set-up.")
    assert "\n" not in text
    assert b.setup.fighters == [] and b.setup.name == "My battle"
    assert list(path.parent.glob("draft-unreadable*.json"))
    for _ in range(3):
        app.step()  # draws without trouble


def test_the_end_screen_of_a_built_battle_goes_back_to_the_builder_with_the_set_up(app) -> None:
    from game.ui.menus.builder_menu import BuilderScene
    from game.ui.menus.end_screen import EndScreen
    from game.ui.scene import Transition

    b = build_sand_duel(app)
    built = b.setup
    battle = play(app, b)
    app.scenes.apply(Transition("push", EndScreen(app, battle)), app.size)
    app.step()
    end = app.scene
    assert end.button_named("builder") is not None and end.button_named("new") is not None
    # Play again: the same battle with new dice is still the builder's
    click(app, end.button_named("new").rect.center, steps=3)
    again = app.battle_scene
    assert again is not None and again is not battle
    app.scenes.apply(Transition("push", EndScreen(app, again)), app.size)
    app.step()
    click(app, app.scene.button_named("builder").rect.center)
    assert isinstance(app.scene, BuilderScene) and app.scene.setup == built
    # the builder is the only screen now: Back goes to the main menu (seen under Xvfb: popped, the game closed)
    from game.ui.menus.main_menu import MainMenu

    click(app, app.scene.button_named("back").rect.center)
    assert isinstance(app.scene, MainMenu) and app.running


def test_a_shipped_battles_end_screen_offers_no_way_to_the_builder(app) -> None:
    from game.ui.app import DEFAULT_SCENARIO
    from game.ui.menus.end_screen import EndScreen
    from game.ui.scene import Transition

    scene = app.battle_from(DEFAULT_SCENARIO)
    app.scenes.apply(Transition("reset", scene), app.size)
    app.step()
    app.scenes.apply(Transition("push", EndScreen(app, app.battle_scene)), app.size)
    app.step()
    assert app.scene.button_named("builder") is None and app.scene.button_named("new") is not None


def test_the_briefing_pause_menu_end_screen_and_save_name_say_the_typed_title() -> None:
    from game.ui.app import App
    from game.ui.briefing import BriefingScene, briefing_for
    from game.ui.clock import FixedClock
    from game.ui.menus.end_screen import EndScreen
    from game.ui.menus.save_dialog import SaveDialog
    from game.ui.scene import Transition
    from game.ui.settings import Settings

    a = App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="fast"), autosave=False,
            briefing=True)
    try:
        b = build_sand_duel(a)
        click(a, b.button_named("play").rect.center, steps=3)
        assert isinstance(a.scene, BriefingScene)
        session = a.scene.battle_scene.session
        assert briefing_for(session).title == "Sand Duel"  # not the map's "The Sand Pit"
        drawn = []
        real = a.text.render
        a.text.render = lambda text, *k, **kw: drawn.append(text) or real(text, *k, **kw)
        bs = a.scene.battle_scene
        a.scenes.apply(Transition("reset", bs), a.size)
        pause = open_pause(a)
        a.step()
        assert any(t.startswith("Sand Duel \u2014 ") for t in drawn), drawn[-10:]
        a.scenes.apply(Transition("push", SaveDialog(a, bs, report=pause.say)), a.size)
        a.step()
        assert a.scene.entry.get_text() == "Sand Duel, round 1"
        drawn.clear()
        a.scenes.apply(Transition("reset", bs), a.size)
        a.scenes.apply(Transition("push", EndScreen(a, bs)), a.size)
        a.step()
        assert any(t.startswith("Sand Duel: after ") for t in drawn), drawn[-10:]
    finally:
        a.close()


def test_a_built_battle_played_to_its_end_offers_the_builder_beside_play_again() -> None:
    """Two computer sides, a round limit: the battle ends by itself, its end screen comes up with "Back to the
    builder" beside "Play again", and that button opens the builder on the set-up as it was at Play."""
    from game.builder import WIN_CHOICES
    from game.ui.app import App
    from game.ui.clock import FixedClock
    from game.ui.menus.builder_menu import BuilderScene
    from game.ui.menus.end_screen import EndScreen
    from game.ui.settings import Settings

    a = App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant"), autosave=False,
            session_kw={"sync_ai": True, "ai_budget_ms": None, "ai_nodes": 60})
    try:
        b = build_sand_duel(a)
        page(a, b, "battle")
        for side in ("Red", "Blue"):
            pick(a, b, "side", side)
            pick(a, b, "control", "computer")
        pick(a, b, "win", WIN_CHOICES["round_limit"])
        type_into(a, b, "rounds", "4")
        built = b.setup
        play(a, b)
        for _ in range(3000):
            if isinstance(a.scene, EndScreen):
                break
            a.step()
        end = a.scene
        assert isinstance(end, EndScreen)
        assert end.button_named("new") is not None and end.button_named("builder") is not None
        click(a, end.button_named("builder").rect.center)
        assert isinstance(a.scene, BuilderScene) and a.scene.setup == built
    finally:
        a.close()


def test_a_long_refusal_is_drawn_whole_on_two_lines_at_1024x640() -> None:
    """Seen under Xvfb: the refusal of a draft with a bidi control in a side's name (file, field, reason, where
    it was set aside) ran off both edges of a 1024x640 window; it goes on two lines, each inside the window."""
    from game.builder.draft import draft_path

    a = new_app(size=(1024, 640), autosave=False)
    try:
        path = draft_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b'{"format": "clinch-builder-draft", "version": 1, '
                         b'"setup": {"map": "a.tmx", "sides": [{"id": "red", "name": "\\u202e"}]}}')
        b = open_builder(a)
        text, colour = b.message
        drawn = []
        real = a.text.render
        a.text.render = lambda t, size, col, *k, **kw: (drawn.append(t) if col == colour else None) or real(
            t, size, col, *k, **kw)
        a.step()
        lines = [t for t in drawn if t in text]
        assert len(lines) == 2 and " ".join(lines) == text
        assert all(real(t, 15, colour, bold=True).get_width() <= 1024 - 48 for t in lines)
        box_top = 640 - 24 - sum(real(t, 15, colour, bold=True).get_height() for t in lines) - 6
        assert b.button_named("play").rect.bottom <= box_top  # Play stays clear of the two lines
    finally:
        a.close()
