"""The New battle screen shows the chosen scenario: a picture of its board with its fighters, its title (never
the file's stem), its ruleset in the ruleset's own sentence, its sides and how to win; it follows the choices
and fits at 1024x640, 1280x800 and 1920x1080. Driven from the main menu by posted pygame events, headless."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402

from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ARENA = ROOT / "maps" / "arena.toml"
pytestmark = pytest.mark.skipif(not ARENA.is_file(), reason="maps/arena.toml is missing")
SIZES = [(1024, 640), (1280, 800), (1920, 1080)]


@pytest.fixture(autouse=True)
def _dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))


def click(app, pos):
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(3):
        app.step()


def open_new_battle(size):
    """The main menu, then its New battle button clicked; (app, menu)."""
    from game.ui.app import App
    from game.ui.menus.new_battle import NewBattleMenu

    app = App(None, size, clock=FixedClock(16), settings=Settings())
    for _ in range(2):
        app.step()
    btn = app.scene.button_named("new")
    click(app, btn.get_abs_rect().center)
    assert isinstance(app.scene, NewBattleMenu)
    return app, app.scene


@pytest.mark.parametrize("size", SIZES)
def test_the_card_shows_the_scenario_and_fits(size):
    import game.rules  # noqa: F401
    from game.rules.base import find_ruleset
    from game.ui.thumbnails import _BACK

    app, menu = open_new_battle(size)
    card, r = menu.card, menu.card_rect
    w = card.words
    assert w is not None and w.title == next(t for t, p in menu.titles.items() if p == menu.scenario)
    assert w.title != menu.scenario.stem and "_" not in w.title
    rs = find_ruleset(menu.ruleset)
    assert rs.presentation.briefing and w.ruleset == rs.presentation.briefing
    assert [s[0] for s in w.sides] == [s.name or s.id for s in menu.sides]
    assert all(s[3] for s in w.sides), "each side names its fighters"
    # every side's line whole, wrapped rather than cut (at 1024x640 "the computer (normal)" cut 'Finn' off)
    drawn = " ".join(card.side_lines)
    assert "\u2026" not in drawn and all(n in drawn for s in w.sides for n in s[3]), card.side_lines
    assert w.victory.startswith("Victory: be the last side")
    # it fits: inside the window, clear of every widget of the form, its words inside the card
    assert pygame.Rect(0, 0, *size).contains(r) and r.w >= 380
    assert all(not r.colliderect(e.get_abs_rect()) for e in menu.gui.get_root_container().elements)
    assert card.bottom <= r.bottom - 8 and r.contains(card.picture_rect)
    assert r.contains(card.frame) and card.frame.bottom >= card.bottom, "the frame as tall as its words"
    # the picture: the board's cells (not the thumbnail's bare background) and a fighter's side colour
    frame = app.screen.copy()
    pr = card.picture_rect
    colours = {tuple(frame.get_at((x, y))[:3]) for x in range(pr.x, pr.right, 3) for y in range(pr.y, pr.bottom, 3)}
    assert len(colours - {_BACK}) > 4
    assert any(s[1][:3] in colours for s in w.sides), "a fighter's dot in its side's colour"
    # the words: the title is drawn in the accent colour at the card's top
    top = {tuple(frame.get_at((x, y))[:3]) for x in range(r.x + 12, r.x + 200) for y in range(r.y + 12, r.y + 34)}
    assert tuple(menu.pal.accent) in top


def test_the_card_follows_the_scenario_ruleset_and_seats():
    import game.rules  # noqa: F401
    from game.rules.base import find_ruleset

    app, menu = open_new_battle((1280, 800))
    first = menu.card.words.title
    pic = menu.card.picture(menu.scenario, menu.card.battle(menu.scenario), menu.card.picture_rect.size)
    assert menu.card.picture(menu.scenario, menu.card.battle(menu.scenario), menu.card.picture_rect.size) is pic, \
        "a scenario's picture is drawn once and kept"
    other = next(t for t, p in menu.titles.items() if p is not None and p != menu.scenario)
    dd = next(d for d, k in menu.dropdowns.items() if k == "scenario")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=other, ui_element=dd))
    for _ in range(2):
        app.step()
    assert menu.card.words.title == other != first
    dd = next(d for d, k in menu.dropdowns.items() if k == "ruleset")
    another = next(o for o in sorted(game.rules.base.RULESETS) if o != menu.ruleset)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=another, ui_element=dd))
    for _ in range(2):
        app.step()
    assert menu.card.words.ruleset == find_ruleset(another).presentation.briefing
    side = menu.sides[0]
    dd = next(d for d, k in menu.dropdowns.items() if k == f"seat:{side.id}")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="computer", ui_element=dd))
    for _ in range(2):
        app.step()
    assert menu.card.words.sides[0][2] == "the computer (normal)"  # the settings' level: this side names none
    assert all(s[2].startswith("the computer") for s in menu.card.words.sides) or "you" in [
        s[2] for s in menu.card.words.sides]


def test_a_scenario_that_cannot_be_read_gives_a_grey_frame_and_its_sentence(tmp_path):
    from game.ui.menus.scenario_card import ScenarioCard
    from game.ui.palette import palette
    from game.ui.text import TextCache

    pygame.display.init()
    pygame.font.init()
    bad = tmp_path / "bad.toml"
    bad.write_text("name = 'Broken'\n[board\n", encoding="utf-8")
    card = ScenarioCard(TextCache())
    surf = pygame.Surface((500, 500))
    card.draw(surf, pygame.Rect(0, 0, 500, 500), bad, "Broken", None, {}, palette("standard"))
    assert card.words is None and isinstance(card.battle(bad), str) and card.bottom > card.picture_rect.bottom



def test_the_card_names_each_computer_sides_own_level_as_the_briefing_does(tmp_path):
    """A battle of the player's own whose second side plays at its own level (``level = "hard"``): with both
    sides given to the computer and the Computer level set to easy, the card says "the computer (easy)" and
    "the computer (hard)", and the briefing of the battle Start opens says the same words (the session
    plays each side at that level)."""
    from game.builder import user_scenarios_dir
    from game.ui.briefing import briefing_for

    text = ARENA.read_text(encoding="utf-8").replace('map = "arena.tmx"', 'map = "clinch:maps/arena.tmx"', 1)
    head, red, blue = text.split("[[sides]]", 2)
    text = "[[sides]]".join([head.replace("Sand Pit: three on three", "Own Levels"), red,
                             blue.replace('control = "ai"', 'control = "ai"\nlevel = "hard"', 1)])
    folder = user_scenarios_dir()
    folder.mkdir(parents=True)
    (folder / "own_levels.toml").write_text(text, encoding="utf-8")
    app, menu = open_new_battle((1280, 800))

    def pick(key, value):
        dd = next(d for d, k in menu.dropdowns.items() if k == key)
        pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=value, ui_element=dd))
        for _ in range(2):
            app.step()

    pick("scenario", "Own Levels")
    pick("seat:red", "computer")
    pick("ai_level", "easy")
    card = [(name, who) for name, _, who, _ in menu.card.words.sides]
    assert card == [("Red Company", "the computer (easy)"), ("Blue Brotherhood", "the computer (hard)")]
    click(app, menu.button_named("start").get_abs_rect().center)
    assert app.battle_scene is not None, menu.message
    session = app.battle_scene.session
    assert [(s.name, s.who) for s in briefing_for(session).sides] == card
    assert (session.level_of("red"), session.level_of("blue")) == ("easy", "hard")
