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
    # the key comes up again, as a real one does (pygame-gui takes a second Enter in the field only after it)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
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


def test_a_map_picked_from_elsewhere_is_copied_into_your_maps_when_the_battle_is_saved(app, tmp_path) -> None:
    """A .tmx opened from a download folder: the message line says where it is read from and that Save copies
    it; Save puts it (with its tileset and image) in the player's maps folder and the scenario names the copy,
    so with the download deleted the battle still reopens (Edit) and plays."""
    import shutil

    from game.builder import user_maps, user_maps_dir, user_scenarios
    from game.files.maps import load_scenario
    from game.tiled.map_files import map_files
    from game.ui.menus.builder_menu import BuilderScene

    outdoor = ROOT / "maps" / "outdoor.tmx"
    mine = tmp_path / "downloads"
    mine.mkdir()
    for rel in map_files(outdoor)[1:]:
        shutil.copy(outdoor.parent / rel, mine / rel)
    shutil.copy(outdoor, mine / "field.tmx")
    b = open_builder(app)
    type_into(app, b, "map_path", str(mine / "field.tmx"))
    click(app, b.button_named("open_map").rect.center)
    assert b.message[0] == "field.tmx is read from its folder 'downloads': Save copies it into your maps folder."
    page(app, b, "fighters")
    click(app, b.button_named("add_fighter").rect.center)
    pick(app, b, "side", "Blue")
    click(app, b.button_named("add_fighter").rect.center)
    click(app, b.button_named("save").rect.center)
    assert b.message[0] == "Saved as My battle.toml; field.tmx is in your maps folder now.", b.message
    (path,) = user_scenarios()
    assert user_maps() == [user_maps_dir() / "field.tmx"] and b'map = "../maps/field.tmx"' in path.read_bytes()
    assert b.map_title() == "yours: field"  # the Map drop-down names it as one of the player's maps now
    shutil.rmtree(mine)
    again = BuilderScene.reopen(app, path)
    assert Path(again.setup.map) == (user_maps_dir() / "field.tmx").resolve()
    assert {f.side for f in load_scenario(path).fighters} == {"red", "blue"}


def test_a_map_that_reads_files_outside_its_folder_stays_where_it_is_and_says_so(app) -> None:
    """class_words.tmx reads '../pointy_tiles.png': Save leaves it where it is (nothing copied) and says to keep
    it there, and why."""
    from game.builder import user_maps, user_scenarios

    b = open_builder(app)
    type_into(app, b, "map_path", str(ROOT / "tests" / "fixtures" / "maps" / "features" / "class_words.tmx"))
    click(app, b.button_named("open_map").rect.center)
    page(app, b, "fighters")
    click(app, b.button_named("add_fighter").rect.center)
    pick(app, b, "side", "Blue")
    click(app, b.button_named("add_fighter").rect.center)
    click(app, b.button_named("save").rect.center)
    assert b.message[0] == ("Saved as My battle.toml; class_words.tmx stays read from its folder 'features', so "
                            "keep it there ('../pointy_tiles.png' lies outside the map's folder).")
    assert len(user_scenarios()) == 1 and user_maps() == []


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
    assert "a hex: move it there" in HINT
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


def test_side_level_colour_and_every_fighter_field_edited_in_the_window_are_saved(app) -> None:
    """A side's seat, level and colour (a palette click), and a fighter's pronoun, HP/FP/DR, traits, belt,
    facing and posture, each set by posted events, land in the saved scenario as the loader reads it."""
    from game.builder import load_setup, user_scenarios
    from game.builder.edit import PALETTE
    from game.files.maps import load_scenario
    from game.ui.menus.builder_panel import palette_rects

    b = open_builder(app)
    pick(app, b, "ruleset", "3d6-lite")
    pick(app, b, "side", "Blue")
    pick(app, b, "control", "computer")
    pick(app, b, "level", "hard")
    click(app, palette_rects(b.palette_rect)[6].center)
    assert b.setup.sides[1].colour == PALETTE[6] and b.setup.sides[1].level == "hard"
    page(app, b, "fighters")
    for side in ("Red", "Blue"):
        pick(app, b, "side", side)
        click(app, b.button_named("add_fighter").rect.center)
    pick(app, b, "pronoun", "she")
    type_into(app, b, "hp", "15")
    type_into(app, b, "dr", "2")
    type_into(app, b, "traits", "berserk=true, grudge=3")
    type_into(app, b, "size", "1")
    type_into(app, b, "weight", "212.5")
    type_into(app, b, "items", "knife")
    from game.ui.describe import FACING_WORDS

    pick(app, b, "facing", FACING_WORDS[b.board.battle.board.top][4])  # the word the board says for direction 4
    pick(app, b, "posture", "kneeling")
    blue = b.setup.fighters[1]
    assert (blue.pronoun, blue.hp, blue.dr, blue.traits, blue.items, blue.facing, blue.posture) == (
        "she", 15, 2, {"berserk": True, "grudge": 3}, ["knife"], 4, "kneeling"), b.message
    assert (blue.size, blue.arms, blue.weight) == (1, 2, 212.5)
    page(app, b, "battle")
    type_into(app, b, "title", "Every Field")
    click(app, b.button_named("save").rect.center)
    saved = user_scenarios()
    assert [p.name for p in saved] == ["Every Field.toml"], b.message
    battle = load_scenario(saved[0])
    assert (battle.sides[1].level, battle.sides[1].colour, battle.sides[1].control) == ("hard", PALETTE[6], "ai")
    f = battle.fighters[1]
    assert (f.pronoun, f.hp, f.dr, f.traits["grudge"], f.facing, f.posture) == ("she", 15, 2, 3, 4, "kneeling")
    assert load_setup(saved[0]).fighters[1] == blue


def _dropdown(scene, key):
    return next(w for w, k in scene.dropdowns.items() if k == key)


@pytest.mark.parametrize(("tmx", "words"), [
    ("maps/arena.tmx", ["north-east", "east", "south-east", "south-west", "west", "north-west"]),
    ("tests/fixtures/maps/hex_x_odd_csv.tmx", ["north", "north-east", "south-east", "south", "south-west",
                                               "north-west"]),
])
def test_facing_is_picked_as_the_compass_word_the_board_says(app, tmx, words) -> None:
    """A fighter's facing is offered as directions round the compass for the map's hex top (a pointy-top
    map has east and west, a flat-top one north and south), never as 0-5: each word picked is the scenario's
    direction whose word the board's selection box and the fighter panel say (``facing_word``), and "to the
    middle" leaves it to the loader."""
    from game.ui.describe import facing_word

    b = open_builder(app)
    type_into(app, b, "map_path", str(ROOT / tmx))
    click(app, b.button_named("open_map").rect.center)
    assert b.setup.map.endswith(Path(tmx).name), b.message
    page(app, b, "fighters")
    click(app, b.button_named("add_fighter").rect.center)
    assert _dropdown(b, "facing").options_list == [(w, w) for w in ["to the middle", *words]]
    for word in words:
        pick(app, b, "facing", word)
        f = b.setup.fighters[0]
        assert facing_word(b.board.battle, f.facing) == word, word
        assert b.board.battle.fighters[0].facing == f.facing  # the board turned the fighter so
        assert _dropdown(b, "facing").selected_option == (word, word)  # the panel rebuilt shows it
    pick(app, b, "facing", "to the middle")
    assert b.setup.fighters[0].facing is None and _dropdown(b, "facing").selected_option[0] == "to the middle"


def test_the_page_shown_reads_as_chosen_and_not_greyed_out(app) -> None:
    """The tab of the page shown is selected (the theme's gold), still enabled: a greyed-out tab read as one
    that cannot be used. The other tab is plain, and a press on either works."""
    import json

    from game.ui.gui import THEME_PATH

    gold = pygame.Color(json.loads(THEME_PATH.read_text(encoding="utf-8"))["defaults"]["colours"]["selected_bg"])
    b = open_builder(app)
    for shown, other in (("battle", "fighters"), ("fighters", "battle"), ("battle", "fighters")):
        if b.page != shown:
            page(app, b, shown)
        app.step()
        tab, rest = b.button_named(f"page_{shown}"), b.button_named(f"page_{other}")
        assert tab.is_selected and tab.is_enabled and not rest.is_selected and rest.is_enabled
        # drawn in the selected colour (a pixel inside its border, left of its centred word)
        x, y = tab.rect.x + 4, tab.rect.centery
        assert app.screen.get_at((x, y))[:3] == gold[:3]
        assert app.screen.get_at((rest.rect.x + 4, rest.rect.centery))[:3] != gold[:3]


def test_a_click_on_an_open_list_over_the_palette_picks_from_the_list_not_a_colour(app) -> None:
    """Seen under Xvfb at 1280x800: the Level list, open, lies over the Colour row; clicking its "hard" painted
    the side in the swatch under it and lost the level. Now the list takes the click."""
    from game.ui.menus.builder_panel import palette_rects

    b = open_builder(app)
    pick(app, b, "side", "Blue")
    before = b.side().colour
    click(app, _dropdown(b, "level").rect.center)
    options = _dropdown(b, "level").current_state.options_selection_list.item_list
    hard = next(o["button_element"] for o in options if o["text"] == "hard").rect
    assert any(hard.colliderect(r) for r in palette_rects(b.palette_rect)), "the case seen: 'hard' over a swatch"
    click(app, hard.center, steps=6)  # the list's choice arrives a few frames after the click
    assert (b.side().level, b.side().colour) == ("hard", before)


def test_the_boards_title_follows_the_rules_picked(app) -> None:
    """The board's title names the ruleset ("The Sand Pit (12x10, pointy top) - edge"): after Rules is changed
    it reads as a fresh board's does (it kept the first ruleset's name)."""
    b = open_builder(app)
    pick(app, b, "map", "arena")
    app.step()
    first = app.screen.subsurface(pygame.Rect(0, 0, 400, 30)).copy()
    pick(app, b, "ruleset", "edge")
    app.step()
    changed = app.screen.subsurface(pygame.Rect(0, 0, 400, 30)).copy()
    pick(app, b, "map", "arena")  # the map picked again: a new board, its title made afresh
    app.step()
    fresh = app.screen.subsurface(pygame.Rect(0, 0, 400, 30)).copy()
    same = pygame.image.tobytes(changed, "RGB") == pygame.image.tobytes(fresh, "RGB")
    assert same and pygame.image.tobytes(first, "RGB") != pygame.image.tobytes(changed, "RGB")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_every_drop_downs_words_are_whole_at_each_window_size(size) -> None:
    """Seen under Xvfb at 1024x640: 'To win' read 'Last standing, or a draw' with 'after' cut off. Every
    drop-down's chosen words (the longest win choice and facing word picked) fit inside it on both pages."""
    from game.builder import WIN_CHOICES

    a = new_app(size=size)
    try:
        b = open_builder(a)
        pick(a, b, "win", WIN_CHOICES["round_limit"])
        page(a, b, "fighters")
        click(a, b.button_named("add_fighter").rect.center)
        pick(a, b, "facing", "north-west")
        for name in ("fighters", "battle"):
            if b.page != name:
                page(a, b, name)
            for dd, key in b.dropdowns.items():
                shown = dd.current_state.selected_option_button
                text = dd.selected_option[0]
                assert shown.font.size(text)[0] <= shown.rect.w - 16, (size, key, text)
    finally:
        a.close()


def test_a_value_the_loader_refuses_is_refused_at_its_field(app) -> None:
    """DR -1 or an unknown item on the belt: the loader's sentence naming the field, that field ringed in red,
    and the set-up keeps the last good value."""
    b = open_builder(app)
    page(app, b, "fighters")
    click(app, b.button_named("add_fighter").rect.center)
    type_into(app, b, "dr", "-1")
    assert "fighters[0].dr: must not be negative, got -1" in b.message[0] and b.bad_field == "dr"
    assert b.setup.fighters[0].dr == 0
    type_into(app, b, "items", "lightsaber")
    assert "fighters[0].items[0]" in b.message[0] and b.bad_field == "items" and b.setup.fighters[0].items == []
    app.step()  # the ring is drawn without a fault
    type_into(app, b, "weight", "0")
    assert "fighters[0].weight: must be more than 0" in b.message[0] and b.bad_field == "weight"
    type_into(app, b, "weight", "heavy")
    assert "Weight: must be a number of pounds, got 'heavy'" in b.message[0]
    assert b.setup.fighters[0].weight == 150.0
    type_into(app, b, "weight", "150")
    type_into(app, b, "dr", "3")
    assert b.setup.fighters[0].dr == 3 and b.bad_field is None


def test_your_battle_reopens_in_the_builder_saves_the_same_bytes_and_saves_a_change(app) -> None:
    """Your battles -> Edit in builder: saved unchanged, the same bytes; a changed level, saved into the same
    file."""
    from game.builder import user_scenarios
    from game.ui.menus.builder_menu import BuilderScene
    from game.ui.menus.new_battle import NewBattleMenu

    b = open_builder(app)
    page(app, b, "fighters")
    click(app, b.button_named("add_fighter").rect.center)
    pick(app, b, "side", "Blue")
    click(app, b.button_named("add_fighter").rect.center)
    page(app, b, "battle")
    type_into(app, b, "title", "Again")
    click(app, b.button_named("save").rect.center)
    (path,) = user_scenarios()
    first = path.read_bytes()
    assert b'map = "clinch:maps/' in first
    click(app, b.button_named("back").rect.center)
    menu = app.scene
    assert isinstance(menu, NewBattleMenu)
    assert not menu.button_named("edit").is_enabled  # a shipped scenario is not yours to edit
    pick(app, menu, "scenario", "Again")
    click(app, menu.button_named("edit").rect.center)
    again = app.scene
    assert isinstance(again, BuilderScene) and again.path == path
    click(app, again.button_named("save").rect.center)
    assert path.read_bytes() == first, again.message
    pick(app, again, "side", "Blue")
    pick(app, again, "level", "easy")
    click(app, again.button_named("save").rect.center)
    assert user_scenarios() == [path] and b'level = "easy"' in path.read_bytes()


def test_a_maps_unknown_terrain_word_is_shown_and_mapped_to_a_kind(app) -> None:
    """A .tmx with a word the game does not know: the Battle page asks what it is; the kind picked is saved in
    the scenario's terrain_words and the board plays it so."""
    from game.builder import user_scenarios
    from game.files.maps import load_scenario
    from game.hexgrid import offset_to_axial

    b = open_builder(app)
    type_into(app, b, "map_path", str(ROOT / "tests" / "fixtures" / "maps" / "features" / "class_words.tmx"))
    click(app, b.button_named("open_map").rect.center)
    assert b.setup.map.endswith("class_words.tmx"), b.message
    assert "word:Corruption" in b.dropdowns.values()
    pick(app, b, "word:Corruption", "water")
    assert b.setup.terrain_words == {"Corruption": "water"}
    corrupt = offset_to_axial(3, 0, "y", "odd")
    assert not b.board.battle.board.is_open(corrupt)
    pick(app, b, "ruleset", "3d6-lite")
    page(app, b, "fighters")
    click(app, b.button_named("add_fighter").rect.center)
    pick(app, b, "side", "Blue")
    click(app, b.button_named("add_fighter").rect.center)
    click(app, b.button_named("save").rect.center)
    (path,) = user_scenarios()
    assert "[terrain_words]" in path.read_text(encoding="utf-8"), b.message
    assert not load_scenario(path).board.is_open(corrupt)


def test_a_built_battle_is_played_to_the_end() -> None:
    """The player builds a battle (two computer sides of their own levels, a round limit), presses Play, and
    the battle runs to its end in the window."""
    from game.ui.app import App
    from game.ui.clock import FixedClock
    from game.ui.settings import Settings

    a = App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant"),
            session_kw={"sync_ai": True, "ai_budget_ms": None, "ai_nodes": 60})
    try:
        b = open_builder(a)
        pick(a, b, "ruleset", "3d6-lite")
        for side in ("Red", "Blue"):
            pick(a, b, "side", side)
            pick(a, b, "control", "computer")
            pick(a, b, "level", "random" if side == "Red" else "easy")
        from game.builder import WIN_CHOICES

        pick(a, b, "win", WIN_CHOICES["round_limit"])
        type_into(a, b, "rounds", "6")
        page(a, b, "fighters")
        for side in ("Red", "Blue"):
            pick(a, b, "side", side)
            click(a, b.button_named("add_fighter").rect.center)
        click(a, b.button_named("play").rect.center, steps=4)
        assert a.battle_scene is not None, b.message
        session = a.battle_scene.session
        assert session.level_of("red") == "random" and session.level_of("blue") == "easy"
        for _ in range(3000):
            if session.battle.ended:
                break
            a.step()
        assert session.battle.ended and session.battle.round <= 7
    finally:
        a.close()
