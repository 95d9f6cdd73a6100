"""nd6-tactical's board effects and aiming on screen (issue 17, Play), headless: flames, coals and clouds drawn
from ``battle.state["board_effects"]`` and easing as the state changes, burning fighters, the shot / grenade /
explosion animations, and the aim previews the ruleset hands the map (``Ruleset.aim_preview``).

The UI reads effect kinds and conditions as data; the rules' facts come from ``aim_preview``, never an id.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
from ui_fixtures import fresh_ui_dirs  # noqa: E402,F401  (autouse here)

from game.commands._uiargs import load_battle_or_fail  # noqa: E402
from game.hexgrid import Hex  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.camera import Camera  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.effects_view import EffectsLayer  # noqa: E402
from game.ui.geometry import MapGeometry  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def compound():
    return load_battle_or_fail(ROOT / "maps" / "compound_nd6.toml")


def _layer(battle):
    geo = MapGeometry.of(battle.board)
    layer = EffectsLayer(geo)
    cam = Camera(viewport=(800, 600), bounds=(0, 0, *geo.pixel_size))
    return layer, cam, geo


def _pixels(surface: pygame.Surface, cam: Camera, geo: MapGeometry, h: Hex) -> list[tuple[int, int, int]]:
    x, y = cam.world_to_screen(*geo.center(h))
    return [tuple(surface.get_at((int(x) + dx, int(y) + dy)))[:3] for dx in (-6, 0, 6) for dy in (-6, 0, 6)]


def test_flames_and_coals_are_drawn_apart_and_ease_in_s3_fire_11():
    """S3-FIRE-11: a fire and the hot coals it leaves look different; an effect laid after the board opened
    fades in rather than popping, and one taken away fades out and is forgotten."""
    b = compound()
    layer, cam, geo = _layer(b)
    cam.x, cam.y = geo.center(Hex(4, 9))[0] - 400, geo.center(Hex(4, 9))[1] - 300
    b.state["board_effects"] = []
    blank = pygame.Surface((800, 600))
    layer.draw_ground(blank, cam, b)  # first look: nothing
    b.state["board_effects"] = [{"kind": "fire", "hex": [4, 9], "turns_left": 5},
                                {"kind": "coals", "hex": [6, 9], "turns_left": 3}]
    s0 = pygame.Surface((800, 600))
    layer.draw_ground(s0, cam, b)
    assert layer.shown[("fire", 4, 9)][0] == 0.0  # laid now: eases in
    layer.update(1000)
    s1 = pygame.Surface((800, 600))
    layer.draw_ground(s1, cam, b)
    fire_px, coal_px = _pixels(s1, cam, geo, Hex(4, 9)), _pixels(s1, cam, geo, Hex(6, 9))
    assert any(p != (0, 0, 0) for p in fire_px) and any(p != (0, 0, 0) for p in coal_px)
    assert fire_px != coal_px
    assert max(p[0] for p in fire_px) > 200  # bright flames; coals stay darker
    b.state["board_effects"] = [{"kind": "coals", "hex": [6, 9], "turns_left": 3}]
    layer.draw_ground(s1, cam, b)
    layer.update(2000)
    assert ("fire", 4, 9) not in layer.shown and layer.shown[("coals", 6, 9)][0] == 1.0


def test_cloud_grows_drifts_and_thins_s3_smoke_1_2_3():
    """S3-SMOKE-1/2/3: a cloud's new hexes fade in, hexes it drifted out of fade out, and in its last two turns
    (``turns_left`` 2, 1) it is drawn thinner."""
    b = compound()
    layer, _, _ = _layer(b)
    b.state["board_effects"] = [{"kind": "smoke", "hex": [8, 10], "turns_left": 7, "source": "g"}]
    layer.sync(b)
    b.state["board_effects"] = [{"kind": "smoke", "hex": list(h), "turns_left": 6, "source": "g"}
                                for h in ((8, 10), (9, 10), (7, 10))]
    layer.sync(b)
    layer.update(200)
    assert 0 < layer.shown[("smoke", 9, 10)][0] < 1.0 and layer.shown[("smoke", 8, 10)][0] == 1.0
    layer.update(2000)
    b.state["board_effects"] = [{"kind": "smoke", "hex": list(h), "turns_left": 1, "source": "g"}
                                for h in ((9, 10), (10, 10))]  # drifted east, nearly gone
    layer.sync(b)
    layer.update(300)
    assert layer.shown[("smoke", 7, 10)][1] == 0.0 and layer.shown[("smoke", 10, 10)][1] < 0.5
    layer.update(3000)
    assert ("smoke", 7, 10) not in layer.shown and layer.shown[("smoke", 9, 10)][0] < 0.5


def test_burning_fighter_and_effects_keep_the_screen_drawing():
    """S3-FIRE-4: a burning fighter carries flames over its token; the battle screen asks for frames while
    anything burns or smokes (the flames flicker), and the board shows the effects at every window size."""
    b = compound()
    f = b.get("vasko")
    f.conditions.append("on_fire_whole")
    b.state["board_effects"] = [{"kind": "burning_liquid", "hex": [4, 9], "turns_left": 9},
                                {"kind": "tear_gas", "hex": [12, 8], "turns_left": 3, "source": "g"}]
    for size in ((1024, 640), (1280, 800), (1920, 1080)):
        app = App(b, size, clock=FixedClock(), resizable=False, autosave=False)
        app.step()
        sc = app.battle_scene
        assert sc.board.effects.animating and sc.wants_frames()
        assert sc.board.effects.burning
