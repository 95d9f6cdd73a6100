"""The replay's timeline: a bar with a mark per round and a handle at the current action; a click or a drag on
it jumps there (the battle replayed up to it), play/pause and the speeds beside it. Driven by posted pygame
events, headless, at 1024x640, 1280x800 and 1920x1080."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_fixtures import fresh_ui_dirs  # noqa: E402,F401  (autouse here)

from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ARENA = ROOT / "maps" / "arena.toml"
pytestmark = pytest.mark.skipif(not ARENA.is_file(), reason="maps/arena.toml is missing")


def mouse(kind, pos, **kw):
    pos = (int(pos[0]), int(pos[1]))
    if kind == pygame.MOUSEMOTION:
        pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=kw.get("buttons", (0, 0, 0))))
    else:
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))


def click(app, pos):
    mouse(pygame.MOUSEMOTION, pos)
    mouse(pygame.MOUSEBUTTONDOWN, pos)
    mouse(pygame.MOUSEBUTTONUP, pos)
    app.step()
    app.step()


def replay_app(size):
    """A computer-against-computer arena played a few rounds at the instant speed, then its replay on screen."""
    from game.ui.app import App
    from game.ui.menus.replay_scene import ReplayScene
    from game.ui.scene import Transition

    st = Settings(animation_speed="instant", handover="never")
    app = App(ARENA, size, clock=FixedClock(16), settings=st, seat={"red": "computer", "blue": "computer"},
              dice="seeded", autosave=False, session_kw={"sync_ai": True, "ai_level": "easy"})
    for _ in range(60):
        app.step()
    replay = app.battle_scene.session.replay()
    scene = ReplayScene(app, replay)
    app.scenes.apply(Transition("push", scene), app.size)
    app.step()
    return app, scene


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_timeline_marks_each_round_and_fits(size):
    app, sc = replay_app(size)
    tl, n = sc.timeline, len(sc.replay)
    assert n >= 4 and len({r for r in sc.rounds if r is not None}) >= 2
    w, h = size
    assert sc.board_rect.contains(tl.rect) and tl.bar.w >= 200, "the bar fits under the board at every size"
    assert all(sc.board_rect.contains(r) for _, r in tl.speed_rects) and tl.bar.x > tl.speed_rects[-1][1].right
    frame = app.screen.copy()
    starts = [k for k, r in enumerate(sc.rounds) if r is not None and (k == 0 or sc.rounds[k - 1] != r)]
    hx = tl.x_of(sc.replay.position, n)
    for k in starts:  # a light mark above the bar where each round begins (the handle hides the one it is on)
        x = tl.x_of(k, n)
        if abs(x - hx) <= 6:
            continue
        assert frame.get_at((x, tl.bar.y - 4))[:3] == (200, 202, 210), f"round mark at action {k}"


def test_a_click_on_the_bar_jumps_and_a_drag_follows():
    app, sc = replay_app((1280, 800))
    tl, n = sc.timeline, len(sc.replay)
    k = n // 2
    click(app, (tl.x_of(k, n), tl.bar.centery))
    assert sc.replay.position == k
    assert sc.board.battle is sc.replay.battle and len(sc.replay.battle.log) == sc.replay.starts[k]
    mouse(pygame.MOUSEBUTTONDOWN, (tl.x_of(k, n), tl.bar.centery))
    app.step()
    mouse(pygame.MOUSEMOTION, (tl.x_of(n // 4, n), tl.bar.centery), buttons=(1, 0, 0))
    app.step()
    assert sc.replay.position == n // 4, "a drag replays up to where the handle is"
    mouse(pygame.MOUSEMOTION, (tl.bar.right + 50, tl.bar.centery), buttons=(1, 0, 0))
    mouse(pygame.MOUSEBUTTONUP, (tl.bar.right + 50, tl.bar.centery))
    app.step()
    assert sc.replay.position == n and not tl.dragging
    frame = app.screen.copy()
    assert frame.get_at((tl.x_of(n, n) - 1, tl.bar.centery))[:3] == (240, 240, 236), "the handle at the end"


def test_play_pause_and_the_speed_buttons():
    app, sc = replay_app((1280, 800))
    tl = sc.timeline
    click(app, (tl.x_of(0, len(sc.replay)), tl.bar.centery))
    assert sc.replay.position == 0
    two = next(r for s, r in tl.speed_rects if s == 2.0)
    click(app, two.center)
    assert tl.speed == 2.0 and sc.player.pace == 2.0
    frame = app.screen.copy()
    assert frame.get_at((two.x + 3, two.centery))[:3] == tuple(sc.pal.accent)[:3], "the chosen speed is lit"
    click(app, tl.play_rect.center)
    assert sc.auto
    for _ in range(60):
        app.step()
    assert sc.replay.position >= 2, "playing steps on by itself"
    click(app, tl.play_rect.center)
    at = sc.replay.position
    for _ in range(60):
        app.step()
    assert not sc.auto and sc.replay.position == at, "paused"
