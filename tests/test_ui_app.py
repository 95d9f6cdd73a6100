"""The window driven by posted events: picking, crowded hexes, camera keys and mouse, fit, screenshot."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("CLINCH_CONFIG_DIR", os.path.join(__import__("tempfile").gettempdir(), "clinch-test-config"))
os.environ.setdefault("CLINCH_DATA_DIR", os.path.join(__import__("tempfile").gettempdir(), "clinch-test-data"))

import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from ui_fixtures import Spectating  # noqa: E402

from game.hexgrid import Hex  # noqa: E402
from game.model import Battle, Board, Fighter, Grapple, Side  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.camera import Camera  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def battle_with(fighters: list[Fighter], cols: int = 12, rows: int = 10) -> Battle:
    return Battle(
        board=Board.open_field(cols, rows, name="test field"),
        sides=[Side(id="red", name="Reds", colour="#c0392b"), Side(id="blue", name="Blues", colour="#2e86de")],
        fighters=fighters,
    )


def post_click(pos, button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def spectator_app(battle, size=(1024, 720)):
    """The battle with both seats 'computer' that never act: clicks inspect fighters (Watching mode)."""
    return App(battle, size, clock=FixedClock(16), seat={"red": "ai", "blue": "ai"}, autosave=False,
               session_kw={"ai_factory": Spectating})


@pytest.fixture
def app():
    pygame.display.init()
    pygame.event.clear()
    fighters = [
        Fighter(id="ann", name="Ann", side="red", hex=Hex(3, 2), facing=0),
        Fighter(id="bob", name="Bob", side="blue", hex=Hex(6, 4), facing=3, posture="prone"),
    ]
    fighters += [Fighter(id=f"m{i}", name=n, side="red" if i % 2 else "blue", hex=Hex(2, 6), facing=i)
                 for i, n in enumerate(["Cid", "Dee", "Eli", "Fox", "Gil"])]
    a = spectator_app(battle_with(fighters))
    yield a
    pygame.event.clear()


# --- camera arithmetic ---------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.floats(-5000, 5000), st.floats(-5000, 5000), st.floats(0.05, 4.0),
       st.floats(-3000, 3000), st.floats(-3000, 3000))
def test_world_screen_world_round_trips(wx, wy, zoom, cx, cy):
    cam = Camera(viewport=(1280, 800), x=cx, y=cy, zoom=zoom)
    sx, sy = cam.world_to_screen(wx, wy)
    bx, by = cam.screen_to_world(sx, sy)
    assert bx == pytest.approx(wx, abs=1e-6) and by == pytest.approx(wy, abs=1e-6)


@settings(max_examples=200, deadline=None)
@given(st.floats(0, 1280), st.floats(0, 800), st.integers(-6, 6), st.floats(0.1, 3.0))
def test_wheel_zoom_keeps_the_point_under_the_cursor(mx, my, steps, zoom):
    cam = Camera(viewport=(1280, 800), x=100.0, y=50.0, zoom=zoom)
    before = cam.screen_to_world(mx, my)
    cam.zoom_by(steps, (mx, my))
    after = cam.screen_to_world(mx, my)
    # the whole-pixel scroll may move the point by up to half a screen pixel
    assert after[0] == pytest.approx(before[0], abs=0.6 / cam.zoom)
    assert after[1] == pytest.approx(before[1], abs=0.6 / cam.zoom)


def test_fit_shows_the_whole_rectangle_centred():
    cam = Camera(viewport=(1280, 800))
    cam.fit((0, 0, 5000, 3000))
    x0, y0, x1, y1 = cam.visible_world()
    assert x0 <= 0 and y0 <= 0 and x1 >= 5000 and y1 >= 3000
    assert (x0 + x1) / 2 == pytest.approx(2500, abs=2) and (y0 + y1) / 2 == pytest.approx(1500, abs=2)


# --- picking ----------------------------------------------------------------------------------


def test_clicking_a_hex_centre_selects_the_fighter_there(app):
    scene = app.board
    post_click(tuple(int(v) for v in scene.hex_screen_pos(Hex(3, 2))))
    app.step()
    assert scene.selected == "ann"
    post_click(tuple(int(v) for v in scene.hex_screen_pos(Hex(8, 8))))  # an empty hex clears it
    app.step()
    assert scene.selected is None


def test_each_of_five_fighters_in_one_hex_is_clickable(app):
    scene = app.board
    ids = [f"m{i}" for i in range(5)]
    positions = [scene.token_screen_pos(fid) for fid in ids]
    assert len({(int(x), int(y)) for x, y in positions}) == 5  # side by side, not stacked
    for fid, (x, y) in zip(ids, positions):
        post_click((int(x), int(y)))
        app.step()
        assert scene.selected == fid
        assert scene.hex_at_screen((x, y)) == Hex(2, 6)  # every token stays inside its hex


def test_right_click_clears_the_selection_and_escape_pauses(app):
    """While watching, a right click clears the selection; Esc opens the pause menu (it used to clear)."""
    scene = app.board
    scene.selected = "ann"
    post_click(tuple(int(v) for v in scene.hex_screen_pos(Hex(8, 8))), button=3)
    app.step()
    assert scene.selected is None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.step()
    from game.ui.menus.pause_menu import PauseMenu

    assert isinstance(app.scene, PauseMenu)


def test_hover_tracks_the_hex_under_the_mouse(app):
    scene = app.board
    pos = tuple(int(v) for v in scene.hex_screen_pos(Hex(5, 5)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert scene.hovered == Hex(5, 5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert scene.hovered is None  # off the map


# --- camera by mouse and keys --------------------------------------------------------------------


def test_dragging_pans_and_does_not_select(app):
    scene = app.board
    start = tuple(int(v) for v in scene.hex_screen_pos(Hex(3, 2)))
    world = scene.camera.screen_to_world(*start)
    end = (start[0] + 120, start[1] + 40)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 60, start[1] + 20), rel=(60, 20),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(60, 20), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step()
    assert scene.selected is None
    # the map point that was under the press is now under the release
    assert scene.camera.world_to_screen(*world) == pytest.approx(end, abs=1.0)


def test_middle_drag_pans_too(app):
    scene = app.board
    x0 = scene.camera.x
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 300), button=2))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 300), rel=(-100, 0), buttons=(0, 1, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(400, 300), button=2))
    app.step()
    assert scene.camera.x == pytest.approx(x0 + 100 / scene.camera.zoom)


@pytest.mark.parametrize(("key", "axis", "sign"), [
    (pygame.K_RIGHT, "x", 1), (pygame.K_d, "x", 1), (pygame.K_LEFT, "x", -1), (pygame.K_a, "x", -1),
    (pygame.K_DOWN, "y", 1), (pygame.K_s, "y", 1), (pygame.K_UP, "y", -1), (pygame.K_w, "y", -1),
])
def test_arrow_and_wasd_keys_pan_while_held(app, key, axis, sign):
    cam = app.board.camera
    cam.set_zoom(2.5)  # zoomed in, so there is room to pan every way
    cam.center_on(*app.board.geometry.center(Hex(4, 5)))
    before = getattr(cam, axis)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
    for _ in range(5):
        app.step()
    moved = getattr(cam, axis) - before
    assert moved * sign > 0
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
    app.step()
    still = getattr(cam, axis)
    app.step()
    assert getattr(cam, axis) == still


def test_wheel_zooms_around_the_cursor(app):
    scene = app.board
    pos = (300, 200)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    z0 = scene.camera.zoom
    world = scene.camera.screen_to_world(*pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                         precise_y=1.0))
    app.step()
    assert scene.camera.zoom > z0
    assert scene.camera.world_to_screen(*world) == pytest.approx(pos, abs=1.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                         precise_y=-1.0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                         precise_y=-1.0))
    app.step()
    assert scene.camera.zoom < z0


def test_f_fits_the_map(app):
    scene = app.board
    scene.camera.set_zoom(3.5, (0, 0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0))
    app.step()
    # the map is fitted into the board area: the window less the initiative bar and the right-hand column
    r = scene.view_rect
    x0, y0 = scene.camera.screen_to_world(r.left, r.top)
    x1, y1 = scene.camera.screen_to_world(r.right, r.bottom)
    bx0, by0, bx1, by1 = scene.view.world_bounds
    assert x0 <= bx0 and y0 <= by0 and x1 >= bx1 and y1 >= by1
    # and it is a fit, not a zoom-out to nothing: the map fills one dimension
    assert (bx1 - bx0) / (x1 - x0) > 0.85 or (by1 - by0) / (y1 - y0) > 0.85


def test_a_window_resize_keeps_the_view_sane(app):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
    app.step()
    assert app.board.camera.viewport == (640, 480)
    assert app.screen.get_size() == (640, 480)


def test_quit_event_ends_the_loop(app):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run(max_frames=100) == 0
    assert app.frames < 100


def test_a_big_map_costs_only_the_visible_chunks():
    battle = battle_with([Fighter(id="ann", name="Ann", side="red", hex=Hex(50, 50))], cols=200, rows=200)
    a = spectator_app(battle)
    a.draw()
    first = a.board.view.chunks_drawn
    assert 0 < first <= 12
    a.draw()
    assert a.board.view.chunks_drawn == first  # nothing redrawn when nothing moved


def test_grapple_links_and_postures_draw(app):
    app.battle.grapples.append(Grapple(holder="ann", target="bob"))
    app.battle.fighter("ann").posture = "kneeling"
    app.draw()  # does not raise; links and badges are drawn


# --- the commands ---------------------------------------------------------------------------------


def run_clinch(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=120)


def test_screenshot_of_a_bad_scenario_is_one_sentence_and_exit_2(tmp_path):
    missing = run_clinch("screenshot", str(tmp_path / "nope.toml"), "--out", str(tmp_path / "x.png"))
    assert missing.returncode == 2
    assert missing.stderr.count("\n") == 1 and "nope.toml" in missing.stderr
    bad = tmp_path / "bad.toml"
    bad.write_text("this is = = not toml\n")
    out = run_clinch("screenshot", str(bad), "--out", str(tmp_path / "x.png"))
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "bad.toml" in out.stderr
    assert "Traceback" not in out.stderr
    size = run_clinch("screenshot", str(bad), "--out", str(tmp_path / "x.png"), "--size", "huge")
    assert size.returncode == 2 and "--size" in size.stderr


@pytest.mark.skipif(not (ROOT / "maps" / "arena.toml").is_file(), reason="maps/arena.toml is not there yet")
def test_screenshot_writes_a_png_of_the_arena(tmp_path):
    out = tmp_path / "shot.png"
    done = run_clinch("screenshot", str(ROOT / "maps" / "arena.toml"), "--out", str(out), "--size", "640x400")
    assert done.returncode == 0, done.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (640, 400)


def test_a_calm_battle_sleeps_between_frames_and_wakes_on_input():
    """Idle, the window waits for input instead of drawing 60 frames a second; a click is taken at once."""
    import time

    a = App(ROOT / "maps" / "arena.toml", (1280, 800), clock=FixedClock(), autosave=False, idle_ms=200)
    scene = a.battle_scene
    for _ in range(30):  # settle: the odds of the options get worked out on idle frames
        a.step()
    assert not scene.wants_frames()
    a._last_input = time.monotonic() - 10  # nobody has touched it for a while
    assert a.calm()
    t0 = time.perf_counter()
    a.step()
    assert time.perf_counter() - t0 >= 0.15  # it waited for an event (up to idle_ms)
    a._last_input = time.monotonic() - 10
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0))
    t0 = time.perf_counter()
    a.step()
    assert time.perf_counter() - t0 < 0.15  # an event wakes it at once ...
    assert not a.calm()  # ... and the next frames come at full rate again


def test_a_moving_screen_is_never_calm():
    import time

    a = App(ROOT / "maps" / "arena.toml", (1280, 800), clock=FixedClock(), autosave=False, idle_ms=200)
    scene = a.battle_scene
    a._last_input = time.monotonic() - 10
    scene.toast("something happened", "info")
    assert scene.wants_frames() and not a.calm()  # a toast fades by the clock
    scene.toasts.clear()
    scene.board._held.add(pygame.K_RIGHT)
    assert not a.calm()  # a held pan key moves the view every frame
    scene.board._held.clear()
    a.idle_ms = 0
    t0 = time.perf_counter()
    a.step()
    assert time.perf_counter() - t0 < 0.15  # without idle_ms (tests, benchmarks) a frame never waits
