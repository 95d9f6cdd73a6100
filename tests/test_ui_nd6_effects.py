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


def _player_on(battle):
    from game.ui.event_player import EventPlayer

    p = EventPlayer(1.0)
    geo = MapGeometry.of(battle.board)
    p.set_position_source(lambda fid: geo.center(battle.get(fid).hex) if battle.get(fid) else None)
    return p


def test_automatic_fire_plays_tracers_before_its_roll_s3_auto_10():
    """S3-AUTO-10/15: a stream's roll (``rounds``, ``hits``) at a figure 7 hexes off is shown as a burst of tracers
    before its dice; the same roll at a foe next door is no shot and takes no time; drawing it touches pixels."""
    b = compound()
    b.get("vasko").hex, b.get("hale").hex, b.get("dunn").hex = Hex(2, 9), Hex(9, 9), Hex(3, 9)
    far = {"type": "roll", "actor": "vasko", "target_id": "hale", "rule": "S3-AUTO-10", "dice": [3, 3, 2],
           "total": 8, "target": 9, "success": True, "margin": 1, "rounds": 13, "hits": 2, "modifiers": []}
    near = {**far, "target_id": "dunn", "rounds": None, "hits": None}
    p = _player_on(b)
    p.play([{"intent": {"type": "full_auto", "actor": "vasko", "target": "hale"}, "events": [far, near]}],
           b.clone(with_log=False))
    kinds = [a.kind for a in p.queue]
    assert kinds.index("burst") < kinds.index("roll")
    geo = MapGeometry.of(b.board)
    cam = Camera(viewport=(1000, 700), bounds=(0, 0, *geo.pixel_size))
    cam.x, cam.y = geo.center(Hex(5, 9))[0] - 500, geo.center(Hex(5, 9))[1] - 350
    drawn = False
    durations = []
    for _ in range(200):
        p.update(16)
        a = p.current
        if a is not None and a.kind in ("burst", "shot"):
            durations.append((a.kind, a.data["ev"]["target_id"], a.duration))
            if a.kind == "burst" and 0.3 < a.progress < 0.6 and not drawn:
                from game.ui.fx_anims import draw_fx

                s = pygame.Surface((1000, 700))
                draw_fx(s, cam, a, geo.center, geo.hex_radius)
                assert pygame.mask.from_threshold(s, (255, 236, 150), (40, 40, 60, 255)).count() > 10
                drawn = True
        if not p.busy:
            break
    assert drawn
    assert ("burst", "hale", 620) in durations or any(k == "burst" and d > 0 for k, _, d in durations)
    assert all(d == 0 for k, t, d in durations if t == "dunn")  # next door: no tracer


def test_grenade_flight_then_blast_s3_grenade_4_18():
    """S3-GRENADE-4/18: a real throw that scatters is played as its flight (aimed hex, then where it came down)
    and then the blast's rings over the megahex and the ring around it, before the damage."""
    from game.dice import ScriptedDice
    from game.rules.nd6 import grenades

    b = compound()
    v = b.get("vasko")
    v.hex, v.hands["right"] = Hex(2, 9), "frag_grenade"
    b.get("hale").hex = Hex(7, 8)
    shadow = b.clone(with_log=False)
    a = grenades.ThrowGrenade(actor="vasko", item="frag_grenade", to=(7, 9))
    events = a.resolve(b, ScriptedDice([6, 5, 4, 2] + [3] * 40))
    p = _player_on(b)
    p.play([{"intent": a.to_dict(), "events": events}], shadow)
    kinds = [x.kind for x in p.queue]
    assert "flight" in kinds and "blast" in kinds and kinds.index("flight") < kinds.index("blast")
    assert kinds.index("blast") < kinds.index("damage")
    blast = next(x for x in p.queue if x.kind == "blast")
    assert len(blast.data["ev"]["area"]["inner"]) == 7 and len(blast.data["ev"]["area"]["outer"]) == 12
