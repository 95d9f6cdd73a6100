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
from nd6_helpers import RS  # noqa: E402
from ui_fixtures import fresh_ui_dirs  # noqa: E402,F401  (autouse here)

from game.commands._uiargs import load_battle_or_fail  # noqa: E402
from game.hexgrid import Hex  # noqa: E402
from game.rules.nd6 import autofire, grenades  # noqa: E402
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
    from nd6_helpers import thrown_in_compound

    b, shadow, a, events = thrown_in_compound("vasko", "right", "frag_grenade", (2, 9), "hale", (7, 8), (7, 9),
                                              [6, 5, 4, 2] + [3] * 40)
    p = _player_on(b)
    p.play([{"intent": a.to_dict(), "events": events}], shadow)
    kinds = [x.kind for x in p.queue]
    assert "flight" in kinds and "blast" in kinds and kinds.index("flight") < kinds.index("blast")
    assert kinds.index("blast") < kinds.index("damage")
    blast = next(x for x in p.queue if x.kind == "blast")
    assert len(blast.data["ev"]["area"]["inner"]) == 7 and len(blast.data["ev"]["area"]["outer"]) == 12


# -- aiming ------------------------------------------------------------------------------------------------------

def _open_ground():
    """The compound with Vasko (assault rifle) at [2, 10] facing east, Rook of his own side in the way at
    [5, 10], Dunn at [9, 10] down an open aisle with a smoke hex at [7, 10], Hale at [10, 8] behind crates."""
    b = compound()
    g = b.get
    g("vasko").hex, g("vasko").facing = Hex(2, 10), 0
    g("rook").hex, g("hale").hex, g("dunn").hex = Hex(5, 10), Hex(10, 8), Hex(9, 10)
    b.state["board_effects"] = [{"kind": "smoke", "hex": [7, 10], "turns_left": 5, "source": "g"}]
    return b


def test_aim_preview_shot_g3_10_g3_12_s3_smoke_5():
    """G3-10, G3-12, S3-SMOKE-5: the preview of a shot is the rules' own line of fire (figures to roll to miss,
    smoke hexes), range in MH with its penalty, each figure's chance of being struck, and the odds."""
    from game.rules.nd6 import ranged
    from game.rules.nd6.actions import Attack

    b = _open_ground()
    rs = RS
    a = Attack(actor="vasko", target="dunn")
    pv = rs.aim_preview(b, a)
    lof = ranged.line_of_fire(b, b.get("vasko"), Hex(9, 10))
    assert pv["kind"] == "shot" and pv["lines"][0]["figures"] == lof.figures
    assert pv["lines"][0]["smoke"] == lof.smoke and pv["lines"][0]["blocked"] == lof.blocked
    assert pv["range"]["hexes"] == 7 and pv["range"]["mh"] == 3 and pv["range"]["penalty"] == -1
    assert pv["odds"] == rs.odds(b, a)
    assert lof.figures == ["rook"] and lof.smoke == 1 and not lof.blocked
    for fid, p in pv["figures"]:
        assert fid in lof.figures and 0.0 < p < 1.0
    assert any("G3-12" in s for s in pv["lines_text"])


def test_aim_preview_full_auto_rounds_g3_21():
    """G3-21: a stream's preview carries the chance of every number of rounds hitting, from the odds'
    ``rounds:N``; they add up to one."""
    b = _open_ground()
    pv = RS.aim_preview(b, autofire.FullAuto(actor="vasko", target="dunn"))
    ks = [k for k, _ in pv["rounds"]]
    assert ks == list(range(len(ks))) and len(ks) > 3
    assert abs(sum(p for _, p in pv["rounds"]) - 1.0) < 1e-9


def test_aim_preview_grenade_s3_grenade_4_5_18():
    """S3-GRENADE-4/5/18, G3-25: a throw's preview has the megahex and the ring round it, every landing hex with
    its chance (adding up to one) and each outcome; any hex in range may be aimed at."""
    b = _open_ground()
    b.get("vasko").hands["right"] = "frag_grenade"
    pv = RS.aim_preview(b, grenades.ThrowGrenade(actor="vasko", item="frag_grenade", to=(8, 8)))
    assert len(pv["area"]["inner"]) == 7 and len(pv["area"]["outer"]) == 12 and pv["any_hex"]
    assert abs(sum(p for _, _, p in pv["landing"]) - 1.0) < 1e-9
    assert pv["landing"][0][:2] == [8, 8]
    assert any("S3-GRENADE-5" in s for s in pv["lines_text"])


def _app(b, size=(1280, 800)):
    app = App(b, size, clock=FixedClock(), resizable=False, autosave=False)
    app.step()
    return app, app.battle_scene


def test_aiming_a_stream_draws_line_figures_and_box():
    """The map shows a stream being aimed (the intent waiting for its yes): the line, the figure in the way
    ringed, the aim box with the rounds' bars; nothing is aimed once the mode moves on."""
    from game.ui import modes as M

    b = _open_ground()
    app, sc = _app(b)
    a = autofire.FullAuto(actor="vasko", target="dunn")
    sc.set_mode(M.Confirm(a, "Full auto?", M.SelectFighter()))
    before = app.draw().copy()
    app.step()
    pv = sc.aim.preview(sc)
    assert pv is not None and pv["rounds"] and sc.aim._box is not None
    sc.set_mode(M.SelectFighter())
    assert sc.aim.preview(sc) is None
    _ = before


def test_menu_hover_aims_its_option():
    """Hovering a shot in the action menu aims it (the map shows its line); a group of one option too."""
    from game.rules.base import Option
    from game.ui import modes as M
    from game.ui.action_menu import ActionMenu

    b = _open_ground()
    app, sc = _app(b)
    opts = [Option(autofire.Burst(actor="vasko", target="dunn"), None),
            Option(autofire.FullAuto(actor="vasko", target="dunn"), None)]
    menu = ActionMenu(app.gui, sc.session, b, "vasko", opts, target="dunn", anchor=(300, 300), text=sc.text,
                      pal=sc.pal, screen_size=sc.size)
    sc.set_mode(M.Menu(menu, M.SelectFighter()))
    e = next(x for x in menu.entries if x.kind == "group" and x.group.kind == "burst")
    menu.hover(e.rect.center)
    from game.ui.aim_view import aimed_action

    assert aimed_action(sc) == opts[0].action
    assert sc.aim.preview(sc)["lines"][0]["target"] == "dunn"


def test_grenade_aimed_at_any_hex_in_range_s3_grenade_2():
    """S3-GRENADE-2: a throw picked on the map may go at any hex the rules accept, not only a foe's: hovering an
    empty hex aims there, a click asks for the yes with that hex."""
    from game.ui import modes as M
    from game.ui.aim_view import aimed_action

    b = _open_ground()
    v = b.get("vasko")
    v.hands["right"] = "frag_grenade"
    app, sc = _app(b)
    opts = [o for o in RS.legal_actions(b, "vasko") if o.action.type == "throw_grenade"] or None
    from game.rules.base import Option

    first = grenades.ThrowGrenade(actor="vasko", item="frag_grenade", to=(9, 10))
    opts = opts or [Option(first, None), Option(dataclasses_replace(first, to=(10, 8)), None)]
    sc.session.battle.state["initiative"]["phase"] = "action"  # G3-3: a throw belongs to the action phase
    sc.set_mode(M.PickHex(opts, M.SelectFighter()))
    h = next(Hex(*x) for x in ((2, 11), (3, 7), (0, 11), (4, 7))
             if dataclasses_replace(first, to=x).check(sc.session.battle) is None)
    sc.board.hovered = h
    aimed = aimed_action(sc)
    assert aimed is not None and tuple(aimed.to) == (h.q, h.r)
    pos = tuple(int(v) for v in sc.board.hex_screen_pos(h))
    sc.board.mouse = pos
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.step()
    assert isinstance(sc.mode, M.Confirm) and tuple(sc.mode.intent.to) == (h.q, h.r)


def dataclasses_replace(a, **kw):
    import dataclasses

    return dataclasses.replace(a, **kw)


def test_flame_hexes_placed_one_by_one_s3_flamer_5(monkeypatch):
    """S3-FLAMER-5/6: a burst whose preview asks for hexes to place is placed on the map click by click: a lit
    hex is added, a refused one says the rules' reason, the last asks for the yes with all of them."""
    from dataclasses import dataclass
    from typing import ClassVar

    from game.ui import modes as M
    from game.ui.aim_view import PlaceHexes, aim_mode

    @dataclass(frozen=True)
    class Burn:
        type: ClassVar[str] = "flame"
        title: ClassVar[str] = "Flame"
        actor: str = "vasko"
        hexes: tuple = ()

    def preview(battle, action):
        placed = [list(h) for h in action.hexes]
        ring = [[6, 9], [6, 10], [7, 9]]
        return {"kind": "flame", "place": {"count": 2, "placed": placed,
                                           "open": [h for h in ring if h not in placed],
                                           "refused": {"3,9": "Too far from the first fire hex."}}}

    b = _open_ground()
    app, sc = _app(b)
    monkeypatch.setattr(type(sc.session.ruleset), "aim_preview", lambda self, battle, action: preview(battle, action))
    mode = aim_mode(sc, Burn(), M.SelectFighter())
    assert isinstance(mode, PlaceHexes)
    sc.set_mode(mode)

    def click(h):
        pos = tuple(int(v) for v in sc.board.hex_screen_pos(Hex(*h)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
        app.step()

    click((6, 9))
    assert sc.mode is mode and mode.placed == [(6, 9)]
    click((3, 9))
    assert mode.placed == [(6, 9)] and any("Too far" in t for t, *_ in sc.toasts)
    click((7, 9))
    assert isinstance(sc.mode, M.Confirm) and sc.mode.intent.hexes == ((6, 9), (7, 9))


def test_flame_burst_placed_under_the_flamer_rules_s3_flamer_5():
    """S3-FLAMER-3/5: with the real flame thrower rules, a small burst at Dunn is placed in three clicks: the
    first must touch the aim (a hex far from it is refused with the rules' sentence), each next one touch those
    placed; the third asks for the yes with the three hexes, a placement the action's own check accepts."""
    from game.rules.nd6 import flamer
    from game.ui import modes as M
    from game.ui.aim_view import PlaceHexes, aim_mode

    b = _open_ground()
    t = b.get("torch")
    t.hex, t.facing = Hex(2, 11), 0
    b.get("dunn").hex = Hex(5, 11)
    app, sc = _app(b)
    act = flamer.Flame(actor="torch", target="dunn", burst="small")
    mode = aim_mode(sc, act, M.SelectFighter())
    assert isinstance(mode, PlaceHexes)
    sc.set_mode(mode)

    def click(h):
        pos = tuple(int(v) for v in sc.board.hex_screen_pos(Hex(*h)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
        app.step()

    click((3, 12))  # not next to Dunn's hex
    assert mode.placed == [] and any("S3-FLAMER-5" in w or "next to" in w for w, *_ in sc.toasts)
    click((5, 11))
    click((6, 11))
    assert mode.placed == [(5, 11), (6, 11)]
    click((6, 10))
    assert sc.mode is mode and mode.miss == []  # now the miss's hexes (S3-FLAMER-6); Enter leaves them to the rules
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.step()
    assert isinstance(sc.mode, M.Confirm) and sc.mode.intent.hexes == ((5, 11), (6, 11), (6, 10))
    assert flamer.shape_reason(b, t, Hex(5, 11), "small", [Hex(*h) for h in sc.mode.intent.hexes], True) is None


def test_blocked_line_names_the_wall_gx_5():
    """GX-5: a shot whose line crosses a ``blocks_sight`` cell is shown blocked at the first such hex, and its
    aim box gives no chance to hit (the attack is not allowed)."""
    from game.rules.nd6 import ranged
    from game.rules.nd6.actions import Attack

    b = _open_ground()
    pv = RS.aim_preview(b, Attack(actor="vasko", target="hale"))
    line = pv["lines"][0]
    assert line["blocked"] == ranged.line_of_fire(b, b.get("vasko"), Hex(10, 8)).blocked is True
    cell = b.board.cell(Hex(*line["blocked_at"]))
    assert cell is not None and cell.blocks_sight and line["blocked_at"] in line["hexes"][1:-1]
    assert not any(s.startswith("Chance to hit") for s in pv["lines_text"])


def test_hex_hover_names_what_lies_there():
    """The hover text over a hex says what lies on it and for how long (S3-GRENADE-11: burning liquid)."""
    from game.ui.board_tooltip import hex_lines

    b = compound()
    b.state["board_effects"] = [{"kind": "burning_liquid", "hex": [4, 9], "turns_left": 9}]
    lines = hex_lines(b, Hex(4, 9), moving=False, actor=None, reach=dict, cost_of=lambda h: 1)
    assert "burning liquid, 9 turns left" in lines


def test_flame_burst_plays_a_jet_s3_flamer_5():
    """S3-FLAMER-5/8: a real flame burst is played as a jet from the firer to its aim (the rules' message with
    ``flame``, ``from``, ``to``, ``hexes``), before the fire hits land."""
    from game.dice import ScriptedDice
    from game.rules.nd6 import flamer

    b = compound()
    b.get("torch").hex, b.get("dunn").hex = Hex(2, 10), Hex(6, 10)
    shadow = b.clone(with_log=False)
    a = flamer.Flame(actor="torch", target="dunn", burst="small", hexes=((6, 10), (7, 10), (7, 9)))
    events = a.resolve(b, ScriptedDice([3, 3, 3] + [4] * 60))
    p = _player_on(b)
    p.play([{"intent": a.to_dict(), "events": events}], shadow)
    kinds = [x.kind for x in p.queue]
    assert "jet" in kinds and kinds.index("jet") < kinds.index("damage")
    jet = next(x for x in p.queue if x.kind == "jet")
    assert jet.data["ev"]["hexes"] == [[6, 10], [7, 10], [7, 9]]


def test_cloud_drifting_slides_downwind_s3_smoke_3():
    """S3-SMOKE-3: a cloud moved one hex downwind as a whole is drawn sliding there from where it was (each new
    hex starting one step upwind), not fading out and in; a cloud that only grew does not slide."""
    b = compound()
    layer, _, _ = _layer(b)
    cloud = [(8, 10), (9, 10), (8, 11)]
    b.state["board_effects"] = [{"kind": "smoke", "hex": list(h), "turns_left": 5, "source": "g"} for h in cloud]
    layer.sync(b)
    b.state["board_effects"] = [{"kind": "smoke", "hex": [q - 1, r + 1], "turns_left": 4, "source": "g"}
                                for q, r in cloud]  # wind toward direction 4 (-1, +1)
    layer.sync(b)
    assert set(layer.slide) == {("smoke", q - 1, r + 1) for q, r in cloud}
    assert layer.shown[("smoke", 7, 11)][0] > 0.5  # already thick: it slides, it does not fade in
    layer._draw_clouds(pygame.Surface((800, 600)), Camera(viewport=(800, 600), bounds=(0, 0, 4000, 4000)))
    layer.update(1000)
    assert not layer.slide
    b.state["board_effects"] = [{"kind": "smoke", "hex": list(h), "turns_left": 3, "source": "g"}
                                for h in [(7, 11), (8, 10), (7, 12), (6, 11), (6, 12), (8, 11)]]
    layer.sync(b)
    assert not layer.slide


def test_screenshot_of_a_situation_after_its_actions(tmp_path):
    """``clinch screenshot SITUATION.json`` shows the board after the situation's actions: the molotov's
    burning liquid (S3-GRENADE-11) is drawn where it landed; a bad file is one sentence and exit status 2."""
    import subprocess
    import sys

    out = tmp_path / "shot.png"
    fx = ROOT / "tests" / "fixtures" / "situations" / "nd6_grenades_molotov.json"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "CLINCH_DATA_DIR": str(tmp_path / "d"),
           "CLINCH_CONFIG_DIR": str(tmp_path / "c")}
    got = subprocess.run([sys.executable, "-m", "game", "screenshot", str(fx), "--out", str(out), "--size",
                          "1024x640"], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert got.returncode == 0, got.stderr
    img = pygame.image.load(str(out))
    hot = pygame.mask.from_threshold(img, (250, 140, 30), (40, 60, 40, 255)).count()
    assert hot > 30  # flames on the board
    bad = subprocess.run([sys.executable, "-m", "game", "screenshot", str(tmp_path / "none.json"), "--out",
                          str(out)], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert bad.returncode == 2 and "none.json" in bad.stderr and "Traceback" not in bad.stderr


def test_a_throw_picked_from_the_menu_is_aimed_on_the_map_s3_grenade_2():
    """S3-GRENADE-2: a single throw picked in the menu (at the one foe in reach) is not thrown at once: the map
    pick opens with that hex lit, and any other hex in reach may be chosen instead."""
    from game.ui import modes as M
    from game.ui.aim_view import aim_mode

    b = _open_ground()
    b.get("vasko").hands["right"] = "frag_grenade"
    app, sc = _app(b)
    throw = grenades.ThrowGrenade(actor="vasko", item="frag_grenade", to=(9, 10))
    mode = aim_mode(sc, throw, M.SelectFighter())
    assert isinstance(mode, M.PickHex) and list(mode.by_hex.values()) == [throw]
    assert aim_mode(sc, autofire.Burst(actor="vasko", target="dunn"), M.SelectFighter()) is None


def test_flame_burst_miss_hexes_placed_too_s3_flamer_6():
    """S3-FLAMER-5/6: after the three hexes for a hit, the player places the three for a miss the same way: a hex
    on the aim itself is refused with the rules' sentence (after a miss the fire goes next to it, never on it),
    the third asks for the yes, and the submitted burst carries both ``hexes`` and ``miss_hexes``, a miss
    placement the rules accept. Enter instead leaves the miss to the rules (ruling ND6-21: ``miss_hexes`` None)."""
    from game.rules.nd6 import flamer
    from game.ui import modes as M
    from game.ui.aim_view import PlaceHexes, aim_mode

    b = _open_ground()
    t = b.get("torch")
    t.hex, t.facing = Hex(2, 11), 0
    b.get("dunn").hex = Hex(5, 11)
    app, sc = _app(b)
    act = flamer.Flame(actor="torch", target="dunn", burst="small")
    mode = aim_mode(sc, act, M.SelectFighter())
    assert isinstance(mode, PlaceHexes)
    sc.set_mode(mode)

    def click(h):
        pos = tuple(int(v) for v in sc.board.hex_screen_pos(Hex(*h)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
        app.step()

    def key(k):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0))
        app.step()

    for h in ((5, 11), (6, 11), (6, 10)):
        click(h)
    assert sc.mode is mode and mode.miss == [] and mode.placed == [(5, 11), (6, 11), (6, 10)]
    assert "miss" in mode.hint(sc)
    sc.toasts.clear()
    click((5, 11))  # the aim's own hex: refused on a miss (S3-FLAMER-6)
    assert mode.miss == [] and any("[5, 11]" in w for w, *_ in sc.toasts)
    for h in ((4, 11), (4, 10), (3, 11)):
        click(h)
    assert isinstance(sc.mode, M.Confirm)
    done = sc.mode.intent
    assert done.hexes == ((5, 11), (6, 11), (6, 10)) and done.miss_hexes == ((4, 11), (4, 10), (3, 11))
    assert flamer.shape_reason(b, t, Hex(5, 11), "small", [Hex(*h) for h in done.miss_hexes], False) is None
    # back to the miss stage and leave the miss to the rules instead
    sc.set_mode(mode)
    key(pygame.K_BACKSPACE)
    assert mode.miss == [(4, 11), (4, 10)]
    mode.miss = []
    key(pygame.K_RETURN)
    assert isinstance(sc.mode, M.Confirm) and sc.mode.intent.miss_hexes is None
    assert sc.mode.intent.hexes == ((5, 11), (6, 11), (6, 10))
