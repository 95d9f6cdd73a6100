"""Responsiveness of the battle screen, headless at 1920x1080 with the full HUD.

The arena (3d6-lite), both sides human, dice scripted so the same things
happen every run, animations at normal speed, a fixed 16 ms clock.

- ``click_ms``: the frame that takes a click (events + update + draw + flip),
  the worst of: selecting a fighter, choosing a hex to move to, clicking a
  foe (which opens the action menu). The click is answered in that frame.
- ``menu_ms``: opening the action menu (its options' exact odds are worked out on idle frames
  before the click; a click that comes first works out the missing ones)
  (median of opening it on each foe in reach, after the first warm-up).
- ``anim_frame_median_ms`` / ``anim_frame_p95_ms``: every frame while a move,
  a grapple (lunge, two dice pop-ups, captions, the grip growing) and a
  takedown play out.

    python3 tools/bench_ui.py [--rounds 3] [--clock cpu]

The last line is ``ui: click_ms=X menu_ms=Y anim_frame_median_ms=Z anim_frame_p95_ms=W``.
"""

from __future__ import annotations

import os
import tempfile
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
_TMP = tempfile.mkdtemp(prefix="clinch-bench-")
os.environ["CLINCH_DATA_DIR"] = os.path.join(_TMP, "data")
os.environ["CLINCH_CONFIG_DIR"] = os.path.join(_TMP, "config")

import argparse  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.hexgrid import Hex  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

SIZE = (1920, 1080)
W, L = [3, 3, 3], [6, 6, 6]


#: ``--clock cpu`` times frames by this process's CPU time (steadier on a busy machine than the wall clock)
CLOCK = time.perf_counter


def timed_step(app: App) -> float:
    t = CLOCK()
    app.step()
    return (CLOCK() - t) * 1000


def post_click(pos: tuple[float, float], button: int = 1) -> None:
    p = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button))


def press(key: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0))


def animate(app: App, frames: list[float]) -> None:
    bs = app.battle_scene
    for _ in range(2000):
        frames.append(timed_step(app))
        if not bs.player.busy:
            break
    # hand-overs are off; one more frame settles the next mode
    app.step()


def run(rounds: int) -> tuple[float, float, list[float]]:
    dice = [1, 2] + (W + L) * 200
    app = App("maps/arena.toml" if (ROOT / "maps" / "arena.toml").is_file() else None, SIZE,
              clock=FixedClock(16), settings=Settings(animation_speed="normal", handover=False),
              seat={"red": "human", "blue": "human"}, dice=dice, autosave=False)
    bs = app.battle_scene
    for _ in range(3):
        app.step()
    clicks: list[float] = []
    menus: list[float] = []
    frames: list[float] = []
    for _ in range(rounds):
        # whoever acts: select it (a click), then open the menu on every foe in reach (clicks), then move
        actor = bs.session.whose_turn()
        post_click(bs.board.token_screen_pos(actor))
        clicks.append(timed_step(app))
        me = bs.session.battle.fighter(actor)
        foes = [f.id for f in bs.session.battle.fighters if f.side != me.side]
        for fid in foes:
            post_click(bs.board.token_screen_pos(fid))
            clicks.append(timed_step(app))
            if bs.menu_open_ms is not None:
                menus.append(bs.menu_open_ms)
            press(pygame.K_ESCAPE)
            app.step()
        reach = sorted(bs.reach, key=lambda h: -bs.cost_of(h))
        if reach:
            post_click(bs.board.hex_screen_pos(reach[len(reach) // 3]))
            clicks.append(timed_step(app))
            animate(app, frames)
        else:
            press(pygame.K_SPACE, " ")
            app.step()
            animate(app, frames)
    # a grapple and a takedown: Cass walks up to Edda; Edda grabs her; later Edda takes her down
    app2 = App("maps/arena.toml", SIZE, clock=FixedClock(16),
               settings=Settings(animation_speed="normal", handover=False),
               seat={"red": "human", "blue": "human"}, dice=[1, 2] + W + L + L + W + W + L, autosave=False)
    bs2 = app2.battle_scene
    app2.step()
    post_click(bs2.board.hex_screen_pos(Hex(6, 3)))
    clicks.append(timed_step(app2))
    animate(app2, frames)
    post_click(bs2.board.token_screen_pos("cass"))
    clicks.append(timed_step(app2))
    menus.append(bs2.menu_open_ms or 0.0)
    press(pygame.K_g, "g")
    app2.step()
    press(pygame.K_1, "1")
    app2.step()
    animate(app2, frames)
    for _ in range(4):
        press(pygame.K_SPACE, " ")
        app2.step()
        animate(app2, frames)
    press(pygame.K_b, "b")
    app2.step()
    press(pygame.K_1, "1")
    app2.step()
    animate(app2, frames)
    press(pygame.K_t, "t")
    app2.step()
    press(pygame.K_1, "1")
    app2.step()
    animate(app2, frames)
    app.close()
    app2.close()
    print(f"{len(clicks)} click frames: median {statistics.median(clicks):.2f} ms, worst {max(clicks):.2f} ms "
          f"(menu opens: median {statistics.median(menus):.2f} ms, worst {max(menus):.2f} ms)")
    return max(clicks), statistics.median(menus[1:] or menus), frames


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="turns of select / menus / move to measure")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="time frames by the wall clock (default) or by this process's CPU time")
    args = parser.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    pygame.display.init()
    os.chdir(ROOT)
    click, menu, frames = run(args.rounds)
    frames.sort()
    med = statistics.median(frames)
    p95 = frames[int(0.95 * (len(frames) - 1))]
    print(f"{len(frames)} animation frames at {SIZE[0]}x{SIZE[1]}; worst {frames[-1]:.2f} ms")
    print(f"ui: click_ms={click:.2f} menu_ms={menu:.2f} anim_frame_median_ms={med:.2f} anim_frame_p95_ms={p95:.2f}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
