"""Issue 26: the battle HUD scales with the window (its text up to a limit, as UI scale does by hand), and
1024x640 still fits.

Player tests: the real App under SDL's dummy video driver, on the shipped d20 tavern (six fighters, phases).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from itertools import combinations  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_fixtures import ROOT, fresh_ui_dirs, small_display  # noqa: E402,F401  (autouse here)

from game.ui.app import App  # noqa: E402
from game.ui.battle_layout import LOG_MIN, battle_layout  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.hud.combat_log import SIZE as LOG_SIZE  # noqa: E402
from game.ui.hud.initiative_bar import round_in_play  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.ui_scale import effective_scale, window_factor  # noqa: E402

TAVERN = ROOT / "maps" / "tavern_d20.toml"
ARENA_D20 = ROOT / "maps" / "arena_d20.toml"
SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
LONG_NAME = "Bartholomew 'Bones' McAllister of the Broken Flagon"
pytestmark = pytest.mark.skipif(not TAVERN.is_file() or not ARENA_D20.is_file(), reason="the d20 maps are missing")


def _tavern(size: tuple[int, int], *, hotseat: bool = False, **settings) -> App:
    """The tavern at ``size``; ``hotseat``: every side played here, so nothing moves unless the test does it."""
    seat = {}
    if hotseat:
        from game.files.maps import load_scenario

        seat = {side.id: "human" for side in load_scenario(TAVERN).sides}
    app = App(TAVERN, size, clock=FixedClock(16), autosave=False, seat=seat,
              settings=Settings(animation_speed="instant", handover="never", **settings))
    for _ in range(3):
        app.step()
    return app


def _burdened(app: App) -> str:
    """The first fighter, renamed to the longest name the scenarios use (and longer) and given every condition
    the ruleset describes (at least eight): the tallest fighter panel there can be. Returns its id."""
    b = app.battle_scene.session.battle
    f = b.fighters[0]
    f.name = LONG_NAME
    conditions = list(app.battle_scene.session.ruleset.conditions)
    assert len(conditions) >= 8, conditions
    f.conditions = conditions
    app.battle_scene.board.selected = f.id
    return f.id


def test_the_window_factor_is_one_up_to_1280x800_then_follows_the_window_up_to_one_and_a_half() -> None:
    assert [window_factor(s) for s in SIZES] == [1.0, 1.0, 1.35]
    assert window_factor((3840, 2160)) == 1.5  # a 4K screen: more board, not ever bigger letters
    assert window_factor((2560, 800)) == 1.0  # wide but short: no height for taller text
    assert effective_scale(1.5, (1920, 1080)) == pytest.approx(2.025)  # the player's setting multiplies it
    assert effective_scale(0.75, (1024, 640)) == 0.75


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_hud_regions_fit_the_window_and_overlap_neither_each_other_nor_the_board(size) -> None:
    """At each supported size, with a long-named fighter carrying every condition selected: the turn bar, the
    fighter panel and the combat log lie inside the window and apart, none over the board's view; the log keeps
    its least height under the panel; no string drawn is wider than the window."""
    app = _tavern(size)
    try:
        bs = app.battle_scene
        _burdened(app)
        bs.text.drawn, bs.text.fits = [], []
        app.draw()
        window = pygame.Rect((0, 0), size)
        top, panel, log, board = bs.top_rect, bs.panel.rect, bs.log.rect, bs.board_rect
        for name, r in (("bar", top), ("panel", panel), ("log", log), ("board", board)):
            assert r.w > 0 and r.h > 0 and window.contains(r), (name, r, size)
        for (n1, r1), (n2, r2) in combinations((("bar", top), ("panel", panel), ("log", log), ("board", board)), 2):
            assert not r1.colliderect(r2), (n1, r1, n2, r2)
        assert bs.board.view_rect == board
        assert bs.right_rect.contains(panel) and bs.right_rect.contains(log)
        assert log.h >= bs.text.px(LOG_MIN), (log, size)  # the panel never pushes the log out (1024x640)
        assert panel.h > bs.text.px(300)  # the panel is there in full height, not a stub
        wide = [(s, w) for s, _size, _bold, w in bs.text.drawn if w > size[0]]
        assert wide == []
    finally:
        app.close()


def test_at_1920x1080_the_log_text_the_column_and_the_bar_are_larger_than_at_1280x800() -> None:
    """The issue: at 1920x1080 the panel, the log and the turn bar use the space, their text with them."""
    measured = {}
    for size in ((1280, 800), (1920, 1080)):
        app = _tavern(size)
        try:
            bs = app.battle_scene
            app.draw()
            roll = next(ln.event for ln in reversed(bs.log.lines) if ln.kind in ("roll", "contest"))
            row = bs.log.row_rect(roll)  # where the log drew that line: its height is the text's
            assert row is not None, "the log shows its last roll"
            drawn = bs.text.render("Ag", LOG_SIZE).get_height()
            measured[size] = (row.h, bs.right_rect.w, bs.top_rect.h, bs.text.scale, drawn)
        finally:
            app.close()
    small, big = measured[(1280, 800)], measured[(1920, 1080)]
    assert small[3] == 1.0 and big[3] == 1.35
    assert big[0] > small[0] and big[4] > small[4], measured  # the log's rows and their letters
    assert big[1] > small[1] and big[2] > small[2], measured  # the right column and the turn bar


def test_a_resize_mid_battle_keeps_the_battle_and_lays_the_hud_out_again() -> None:
    """A window dragged from 1280x800 to 1920x1080 and down to 1024x640 in the middle of a battle: the same
    session, log, turn and log lines (and the log's scroll); the HUD rebuilt at each size's scale and laid out
    for it, the board's view with it."""
    app = _tavern((1280, 800), hotseat=True)
    try:
        bs = app.battle_scene
        session, battle = bs.session, bs.session.battle
        assert battle.log, "the battle has begun (initiative rolled)"
        log_len, current, where = len(battle.log), battle.current, {f.id: f.hex for f in battle.fighters}
        lines = list(bs.log.lines)
        bs.log.scroll = 1
        for size, scale in (((1920, 1080), 1.35), ((1024, 640), 1.0)):
            app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
            app.step()
            assert app.battle_scene is bs and bs.session is session and session.battle is battle
            assert (len(battle.log), battle.current) == (log_len, current)
            assert {f.id: f.hex for f in battle.fighters} == where
            assert bs.log.lines == lines and bs.log.scroll == 1
            assert bs.text.scale == scale and bs.log.text is bs.text and bs.panel.text is bs.text
            expected = battle_layout(size, scale)
            assert (bs.top_rect, bs.right_rect, bs.board_rect) == (expected.top, expected.right, expected.board)
            assert bs.board.view_rect == bs.board_rect
            assert pygame.Rect((0, 0), size).contains(bs.log.rect)
    finally:
        app.close()


def test_the_ui_scale_setting_multiplies_the_windows_factor() -> None:
    """UI scale 1.25 picked in the settings at 1920x1080: the HUD draws at 1.25 x 1.35."""
    app = _tavern((1920, 1080), ui_scale=1.25)
    try:
        assert app.battle_scene.text.scale == pytest.approx(1.25 * 1.35, abs=1e-3)
        app.settings.ui_scale = 1.0
        app.battle_scene.apply_settings()
        assert app.battle_scene.text.scale == 1.35
    finally:
        app.close()


def test_the_header_names_the_round_its_initiative_dice_are_rolled_for() -> None:
    """QA: the bar said "ROUND 1" while round 2's d20 initiative dice (S4-INIT-2) rolled on the board. The end of
    a round is no event, so the animation's shadow battle still counts round 1 while the next round's rolls
    play: the header names the round of the entry playing."""
    app = App(ARENA_D20, (1280, 800), clock=FixedClock(16), autosave=False,
              settings=Settings(animation_speed="normal", handover="never", fast_computer=False),
              seat={"red": "ai", "blue": "ai"},
              session_kw={"sync_ai": True, "ai_nodes": 60, "ai_budget_ms": None})
    try:
        bs = app.battle_scene
        for _ in range(4000):
            bs.text.drawn = []
            app.step()
            playing = round_in_play(bs.player)
            if playing is not None and playing > bs.board.battle.round:
                break
        else:
            pytest.fail("round 2's initiative never played")
        heads = [s for s, *_ in bs.text.drawn if s.startswith("ROUND ")]
        assert heads == [f"ROUND {playing}"], (heads, playing, bs.board.battle.round)
    finally:
        app.close()


@pytest.mark.parametrize(("size", "label"), [((1280, 800), "UI scale"), ((1920, 1080), "UI scale (x1.35 for the window)")])
def test_the_settings_say_what_the_window_multiplies_the_ui_scale_by(size, label) -> None:
    """The settings' UI-scale row, opened from the main menu: at 1920x1080 it says the window adds x1.35."""
    from ui_fixtures import click

    app = App(None, size, clock=FixedClock(16), autosave=False)
    try:
        app.step()
        click(app, app.scene.button_named("settings").rect.center)
        texts = [getattr(w, "text", None) for w in app.scene.widgets]
        assert label in texts, texts
    finally:
        app.close()


def test_at_1920x1080_nothing_the_battle_screen_draws_larger_is_cut_or_wider_than_the_window() -> None:
    """The tavern at 1920x1080, its text 1.35 times larger: every fighter's panel, a toast, the action menu, a
    roll's breakdown, the legend, the pause menu, the rules help and the end screen. No string drawn through the
    text caches is wider than the window, and none drawn into a box had to be cut (at 1.35 the boxes grow with
    their text)."""
    from ui_fixtures import click, press

    from game.ui.menus.end_screen import EndScreen
    from game.ui.scene import Transition

    size = (1920, 1080)
    app = _tavern(size)
    try:
        bs = app.battle_scene
        assert bs.text.scale == 1.35
        for t in (app.text, bs.text):
            t.drawn, t.fits = [], []
        b = bs.session.battle
        for f in b.fighters:
            bs.board.selected = f.id
            app.draw()
        bs.board.selected = None
        bs.toast("Gus the Barman cannot reach Hilde this turn: the table is in the way, go around it (S4-MOVE-6).")
        app.draw()
        actor = b.get(bs.session.whose_turn())
        foe = next((f for f in b.fighters if actor is not None and f.side != actor.side), None)
        if foe is not None:
            click(app, bs.board.token_screen_pos(foe.id), button=3)
            app.draw()
            press(app, pygame.K_ESCAPE)
        ev = next(e for entry in reversed(b.log) for e in entry.get("events", []) if e.get("type") in ("roll", "contest"))
        bs.open_breakdown(ev)
        app.draw()
        bs.breakdown = None
        for key in (pygame.K_F4, pygame.K_F4, pygame.K_ESCAPE, pygame.K_ESCAPE, pygame.K_F1, pygame.K_ESCAPE):
            press(app, key)  # the legend on and off, the pause menu, the rules help
            app.draw()
        app.scenes.apply(Transition("push", EndScreen(app, bs)), app.size)
        app.draw()
        texts = (app.text, bs.text)
        wide = sorted({(s, w) for t in texts for s, _size, _bold, w in t.drawn if w > size[0]})
        names = {f.label for f in b.fighters}  # a chip's name may be shortened (whole in its tooltip)
        cut = sorted({(s, shown) for t in texts for s, shown, _w, was_cut in t.fits if was_cut and s not in names})
        assert wide == [] and cut == [], (wide, cut)
    finally:
        app.close()


def test_the_replay_screen_lays_its_hud_out_as_the_battle_screen_and_follows_a_resize(tmp_path) -> None:
    """A replay at 1920x1080 draws its HUD at 1.35 in the battle screen's regions, its timeline strip under the
    board; dragged down to 1024x640 it lays out again at 1 and stays at the action it showed."""
    from game.files import saves
    from game.ui.menus.replay_scene import ReplayScene
    from game.ui.scene import Transition
    from tests.test_replay_hostile import make_save

    save = saves.read_save(make_save(tmp_path, "3d6-lite", "arena.toml", 1, 12))
    app = App(None, (1920, 1080), clock=FixedClock(16), autosave=False)
    try:
        scene = ReplayScene(app, saves.Replay(save.initial, save.log, save.ruleset))
        app.scenes.apply(Transition("push", scene), app.size)
        for _ in range(3):
            app.step()
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0))
        app.step()
        position = scene.replay.position
        assert position > 0
        for size, scale in (((1920, 1080), 1.35), ((1024, 640), 1.0)):
            if size != app.size:
                app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
                app.step()
            app.draw()
            expected = battle_layout(size, scale)
            assert scene.text.scale == scale and scene.timeline.text is scene.text
            assert (scene.top_rect, scene.right_rect, scene.board_rect) == (expected.top, expected.right, expected.board)
            window = pygame.Rect((0, 0), size)
            panel, log, strip = scene.panel.rect, scene.log.rect, scene.timeline.rect
            assert all(window.contains(r) for r in (panel, log, strip)), (panel, log, strip)
            assert not panel.colliderect(log) and scene.right_rect.contains(log)
            assert scene.board_rect.contains(strip) and scene.board.view_rect.bottom <= strip.y
            assert scene.replay.position == position
    finally:
        app.close()
