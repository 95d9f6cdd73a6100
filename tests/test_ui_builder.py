"""The battle builder as a player uses it: real pygame events posted to the real app, headless.

Main menu -> New battle -> Build your own: a map and a ruleset picked, fighters added from the roster and
placed by clicking hexes, a stat typed, a round limit, Save (the file lands in the player's folder and New
battle lists it under "Your battles"), then Play starts the battle at once. A bad field is refused in one
sentence naming it, never a traceback.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402
from ui_fixtures import click, fresh_ui_dirs, new_app  # noqa: E402,F401  (fresh_ui_dirs: autouse here)

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1280, 800)


@pytest.fixture
def app():
    a = new_app()
    yield a
    a.close()


def pick(app, scene, key, text):
    """What pygame-gui posts when the player picks ``text`` in the drop-down ``key``."""
    dd = next(w for w, k in scene.dropdowns.items() if k == key)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=text, ui_element=dd,
                                         ui_object_id=""))
    app.step()


def type_into(app, scene, key, text):
    """Clear a field, type ``text`` and press Enter, as the player would."""
    entry = next(w for w, k in scene.entries.items() if k == key)
    click(app, entry.rect.center)
    entry.set_text("")
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.step()
    app.step()


def page(app, scene, name):
    """The panel's page ``name`` ("battle" or "fighters"), by its tab."""
    click(app, scene.button_named(f"page_{name}").rect.center)
    assert scene.page == name


def open_builder(app):
    from game.ui.menus.builder_menu import BuilderScene
    from game.ui.menus.main_menu import MainMenu
    from game.ui.menus.new_battle import NewBattleMenu

    app.step()
    assert isinstance(app.scene, MainMenu)
    click(app, app.scene.button_named("new").rect.center)
    assert isinstance(app.scene, NewBattleMenu)
    click(app, app.scene.button_named("build").rect.center)
    assert isinstance(app.scene, BuilderScene)
    return app.scene


def test_build_save_and_play_a_battle_by_posted_events(app) -> None:
    from game.builder import WIN_CHOICES, load_setup, user_scenarios
    from game.files.maps import load_scenario
    from game.ui.menus.new_battle import YOUR_BATTLES, NewBattleMenu

    b = open_builder(app)
    pick(app, b, "map", "tavern")
    assert b.setup.map.endswith("tavern.tmx")
    pick(app, b, "ruleset", "edge")
    assert b.setup.ruleset == "edge" and b.archetypes
    page(app, b, "fighters")
    for side in ("red", "blue"):
        pick(app, b, "side", side.title())
        click(app, b.button_named("add_fighter").rect.center)
    assert [f.side for f in b.setup.fighters] == ["red", "blue"]
    red, blue = b.setup.fighters
    # the picked (blue) fighter goes where the player clicks: next to the red one
    from game.hexgrid import DIRECTIONS, Hex

    board = b.board.battle.board
    target = next(Hex(red.hex[0] + d.q, red.hex[1] + d.r) for d in DIRECTIONS
                  if board.is_open(Hex(red.hex[0] + d.q, red.hex[1] + d.r)))
    click(app, b.board.hex_screen_pos(target))
    assert b.setup.fighters[1].hex == [target.q, target.r]
    first = next(iter(b.setup.fighters[1].stats))
    type_into(app, b, "stats", f"{first}=5")
    assert b.setup.fighters[1].stats == {first: 5}
    page(app, b, "battle")
    pick(app, b, "win", WIN_CHOICES["round_limit"])
    assert b.setup.options == {"turn_limit": 40}
    type_into(app, b, "title", "Tavern Test")
    click(app, b.button_named("save").rect.center)
    saved = user_scenarios()
    assert [p.name for p in saved] == ["Tavern Test.toml"], b.message
    load_scenario(saved[0])
    assert load_setup(saved[0]).fighters[1].stats == {first: 5}
    # New battle lists it under "Your battles"
    click(app, b.button_named("back").rect.center)
    menu = app.scene
    assert isinstance(menu, NewBattleMenu)
    titles = list(menu.titles)
    assert titles.index(YOUR_BATTLES) == titles.index("Tavern Test") - 1
    # and Play starts it at once
    click(app, menu.button_named("build").rect.center)
    b = app.scene
    pick(app, b, "ruleset", "edge")
    page(app, b, "fighters")
    click(app, b.button_named("add_fighter").rect.center)
    pick(app, b, "side", "Blue")
    click(app, b.button_named("add_fighter").rect.center)
    click(app, b.button_named("play").rect.center, steps=4)
    for _ in range(4):
        if app.battle_scene is not None:
            break
        app.step()
    if app.battle_scene is None:  # a briefing first: its own scene, the battle behind it
        from game.ui.briefing import BriefingScene

        assert isinstance(app.scene, BriefingScene)
    else:
        assert {f.side for f in app.battle_scene.session.battle.fighters} == {"red", "blue"}


def test_a_bad_field_is_one_sentence_naming_it(app) -> None:
    b = open_builder(app)
    page(app, b, "fighters")
    click(app, b.button_named("add_fighter").rect.center)
    type_into(app, b, "stats", "ST=twelve")
    assert b.message is not None and "Stats" in b.message[0] and "whole number" in b.message[0]
    type_into(app, b, "hands", "right=lightsaber")
    text = b.message[0]
    assert "fighters[0].hands" in text and "\n" not in text and "Traceback" not in text
    click(app, b.button_named("save").rect.center)
    from game.builder import user_scenarios

    assert user_scenarios() == []


def test_the_lab_set_up_plays_as_a_battle_through_the_builder(app) -> None:
    """The lab's "As battle" button opens its set-up (the arena's fighters where they stand) in the builder,
    and Play starts it."""
    from game.ui.lab.scene import LabScene
    from game.ui.menus.builder_menu import BuilderScene

    app.step()
    click(app, app.scene.button_named("lab").rect.center)
    lab = app.scene
    assert isinstance(lab, LabScene)
    ids = [f.id for f in lab.lab.battle().fighters]
    click(app, lab.button_named("as_battle").rect.center)
    b = app.scene
    assert isinstance(b, BuilderScene)
    assert [f.id for f in b.setup.fighters] == ids and b.setup.map.endswith(".tmx")
    assert [s.control for s in b.setup.sides][1:] == ["ai"] * (len(b.setup.sides) - 1)
    click(app, b.button_named("play").rect.center, steps=4)
    assert not isinstance(app.scene, BuilderScene), b.message


def test_one_side_alone_shows_on_the_board_but_does_not_start(app) -> None:
    """While a side is still empty its foes stand on the board; Play says which side has no fighters."""
    from game.ui.menus.builder_menu import BuilderScene

    b = open_builder(app)
    page(app, b, "fighters")
    click(app, b.button_named("add_fighter").rect.center)
    assert len(b.board.battle.fighters) == 1 and b.message is None
    click(app, b.button_named("play").rect.center)
    assert isinstance(app.scene, BuilderScene) and "has no fighters" in b.message[0]


def test_a_map_file_is_typed_or_picked_and_a_bad_one_refused(app, tmp_path) -> None:
    """Open with a path typed reads that .tmx (its board drawn); a file that is not a map is one sentence;
    Open with nothing typed shows a file dialog, and the path picked there is opened."""
    import shutil

    b = open_builder(app)
    mine = tmp_path / "mine"
    mine.mkdir()
    shutil.copy(ROOT / "maps" / "outdoor.tmx", mine / "field.tmx")
    for extra in (ROOT / "maps").glob("*.ts*"):
        shutil.copy(extra, mine / extra.name)
    for extra in (ROOT / "maps").glob("*.png"):
        shutil.copy(extra, mine / extra.name)
    type_into(app, b, "map_path", str(tmp_path / "nothing.txt"))
    click(app, b.button_named("open_map").rect.center)
    assert "not a Tiled .tmx file" in b.message[0]
    type_into(app, b, "map_path", str(mine / "field.tmx"))
    click(app, b.button_named("open_map").rect.center)
    assert b.setup.map.endswith("field.tmx"), b.message
    type_into(app, b, "map_path", "")
    click(app, b.button_named("open_map").rect.center)
    assert b.dialog is not None
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(ROOT / "maps" / "arena.tmx"),
                                         ui_element=b.dialog, ui_object_id=""))
    app.step()
    assert b.dialog is None and b.setup.map.endswith("arena.tmx")


def test_a_broken_file_in_your_battles_is_listed_and_refused_in_one_sentence(app) -> None:
    """A file in the player's scenarios folder that is not a scenario is still listed (by its name in
    words); picking it says why in one sentence, and New battle stays."""
    from game.builder import user_scenarios_dir
    from game.ui.menus.main_menu import MainMenu
    from game.ui.menus.new_battle import NewBattleMenu

    user_scenarios_dir().mkdir(parents=True)
    (user_scenarios_dir() / "half_written.toml").write_bytes(b"name = [\x00")
    app.step()
    assert isinstance(app.scene, MainMenu)
    click(app, app.scene.button_named("new").rect.center)
    menu = app.scene
    assert isinstance(menu, NewBattleMenu) and "half written" in menu.titles
    pick(app, menu, "scenario", "half written")
    assert menu.message is not None and "half_written.toml" in menu.message[0]
    assert isinstance(app.scene, NewBattleMenu)


def test_f_fits_and_a_pan_key_pans_the_builders_board_but_not_while_typing(app) -> None:
    """The board's hint names its keys; they work on the builder's board, and not while a field has the keys."""
    from game.ui.menus.builder_menu import HINT

    b = open_builder(app)
    assert "click a hex: move the picked one" in HINT
    before = b.board.hex_screen_pos(b.board.battle.board.cells[0].hex)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0))
    for _ in range(5):
        app.step()
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_d, mod=0, unicode="d", scancode=0))
    app.step()
    assert b.board.hex_screen_pos(b.board.battle.board.cells[0].hex) != before
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f", scancode=0))
    app.step()
    assert b.board.hex_screen_pos(b.board.battle.board.cells[0].hex) == before
