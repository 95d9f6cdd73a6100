"""The keyboard help (issue 15): one key table (game.ui.keys) that the keys answer from, the help screen lists
and the README prints; and the README's ruleset count is true.

Player tests: posted key events on the real app, headless (SDL dummy drivers).
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
ARENA = ROOT / "maps" / "arena.toml"
README = ROOT / "README.md"
pytestmark = pytest.mark.skipif(not ARENA.is_file(), reason="maps/arena.toml is missing")




def make_app(scenario=ARENA, size=(1280, 800)):
    from game.ui.app import App

    return App(scenario, size, clock=FixedClock(16), settings=Settings(animation_speed="instant", handover=False),
               autosave=False)


def press(app, key, mod=0, unicode=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
    app.step()
    app.step()


def _readme_tables():
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("readme_tables", ROOT / "tools" / "readme_tables.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("readme_tables", mod)
    spec.loader.exec_module(mod)
    return mod


def test_the_readme_key_table_is_what_the_tool_writes():
    """The README's marked part (the key table) is tools/readme_tables.py's output from the key table."""
    tables = _readme_tables()
    text = README.read_text(encoding="utf-8")
    assert tables.rewrite(text) == text, "README.md differs from the key table: run python3 tools/readme_tables.py"


def test_a_new_rulesets_letters_leave_the_readme_as_it_is(monkeypatch):
    """A ruleset is its folder, its scenario and one import line: its menu letters (a letter for an action no
    shipped ruleset has) show on the F2 screen and never in the README's table, which
    names no count of rulesets either."""
    import game.ui.keys as keys

    tables = _readme_tables()
    before = tables.key_table()
    monkeypatch.setitem(keys.SHORTCUTS, "shove_out", "X")
    assert ("X", "attack, shove out") in keys.action_rows()  # the keys screen lists it
    assert tables.key_table() == before
    assert "shove out" not in tables.key_table() and "readme_tables:ruleset-count" not in README.read_text()


def test_readme_tables_names_a_missing_marker(tmp_path):
    tables = _readme_tables()
    bare = tmp_path / "README.md"
    bare.write_text("# A readme without markers\n", encoding="utf-8")
    assert tables.main(["--check", "--readme", str(bare)]) == 2
    with pytest.raises(ValueError, match="readme_tables:"):
        tables.rewrite(bare.read_text(encoding="utf-8"))


def test_every_command_in_the_key_table_is_one_the_battle_screen_runs():
    from game.ui.battle_commands import COMMANDS
    from game.ui.keys import BINDINGS

    for b in BINDINGS:
        if b.command is not None:
            assert b.command in COMMANDS, b


@pytest.mark.parametrize(("key", "unicode", "mod"), [(pygame.K_F2, "", 0), (pygame.K_SLASH, "?", pygame.KMOD_LSHIFT)])
def test_f2_or_question_mark_opens_the_keys_and_one_esc_closes_only_them(key, unicode, mod):
    from game.ui.battle_scene import BattleScene
    from game.ui.menus.keys_help import KeysHelp

    app = make_app()
    press(app, key, mod=mod, unicode=unicode)
    assert isinstance(app.scene, KeysHelp)
    frame = app.draw()
    assert frame.get_at(app.scene.panel.center)[:3] != (0, 0, 0)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, BattleScene), "one Esc closes the keys, and nothing else"
    app.close()


def test_the_pause_menu_opens_the_keys_too():
    from game.ui.menus.keys_help import KeysHelp
    from game.ui.menus.pause_menu import PauseMenu

    app = make_app()
    for _ in range(3):  # the first Esc lets go of the selected fighter, the next opens the pause menu
        if not isinstance(app.scene, PauseMenu):
            press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseMenu)
    button = app.scene.button_named("keys")
    r = button.rect
    for t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        kw = {"pos": r.center, "button": 1} if t != pygame.MOUSEMOTION else {"pos": r.center, "rel": (0, 0),
                                                                               "buttons": (0, 0, 0)}
        pygame.event.post(pygame.event.Event(t, **kw))
    for _ in range(3):
        app.step()
    assert isinstance(app.scene, KeysHelp)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, PauseMenu)
    app.close()


@pytest.mark.parametrize("scenario", ["arena.toml", "arena_d20.toml", "arena_edge.toml"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_keys_screen_lists_every_binding_and_the_rulesets_letters_inside_the_window(scenario, size):
    from game.ui.action_menu import SHORTCUTS
    from game.ui.keys import BINDINGS
    from game.ui.menus.keys_help import KeysHelp

    app = make_app(ROOT / "maps" / scenario, size)
    press(app, pygame.K_F2)
    scene = app.scene
    assert isinstance(scene, KeysHelp)
    app.draw()
    shown = {k for k, _d, _r in scene.drawn}
    assert {b.keys for b in BINDINGS} <= shown
    letters = {SHORTCUTS[t] for t in app.session.ruleset.actions if t in SHORTCUTS}
    assert letters <= shown
    for keys, _does, rect in scene.drawn:
        assert scene.panel.contains(rect), (keys, rect, scene.panel)
    for (_k1, _d1, r1), (_k2, _d2, r2) in zip(scene.drawn, scene.drawn[1:]):
        assert not r1.colliderect(r2), (r1, r2)
    app.close()


def test_ctrl_m_in_the_key_table_is_the_mute_key():
    from game.ui.keys import command_for

    ev = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=pygame.KMOD_LCTRL, unicode="\r", scancode=0)
    assert command_for(ev) == ("mute", None)
    plain = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=0)
    assert command_for(plain) is None  # M alone is move and attack


def test_f2_and_f3_answer_during_an_animation_which_waits_under_them():
    from game.ui import modes as M
    from game.ui.app import App
    from game.ui.battle_scene import BattleScene
    from game.ui.briefing import BriefingScene
    from game.ui.menus.keys_help import KeysHelp

    app = App(ARENA, (1024, 640), clock=FixedClock(16), settings=Settings(animation_speed="slow"),
              seat={"red": "ai", "blue": "ai"}, autosave=False, session_kw={"ai_level": "random", "sync_ai": True})
    for _ in range(400):
        app.step()
        if isinstance(app.battle_scene.mode, M.Animating):
            break
    assert isinstance(app.battle_scene.mode, M.Animating)
    for key, scene in ((pygame.K_F2, KeysHelp), (pygame.K_F3, BriefingScene)):
        press(app, key)
        assert isinstance(app.scene, scene)
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, BattleScene)
    app.close()
