"""The map's walk and run bands: a lit hex that gives up the attack looks different (issue "a game a new player
scores 9/10": every lit hex looked the same, then "moved more than half its MV: no attack this round").

The ruleset answers through ``Ruleset.move_band`` (a fighter, its move, the route's cost -> the band); the board
draws the hexes of the run band in a second tint with a stripe, the legend (F4) names both and the hover on a
lit hex says the band's words. Each test compares the band of every lit hex with what the engine then allows:
the move played on a copy, a foe put next to the mover, the round played on (everyone else passing) until the
mover may act again, and its attacks on that foe listed - none when the band says "no attack after".
Rules behind the bands: nd6 half MOV (G3-4), d20 walk against run (S4-MOVE-6, S4-RUN-2), 3d6's Move maneuver,
the whole turn (G0-4); edge's moves limit nothing (G1-4: one phase's action plus movement), one tint.

Player tests: posted events on the real app, headless (SDL dummy drivers).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_fixtures import fresh_ui_dirs, press, seated_app  # noqa: E402,F401  (fresh_ui_dirs: autouse here)

from game.hexgrid import hex_distance, hex_neighbors  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"
pytestmark = pytest.mark.skipif(not (MAPS / "arena_d20.toml").is_file(), reason="the scenarios in maps/ are missing")


def make_app(name: str):
    from game.files.maps import load_scenario

    battle = load_scenario(MAPS / name)
    return seated_app(battle)


def hover(app, pos, steps=2):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for _ in range(steps):
        app.step()


def to_moving_fighter(app) -> None:
    """Space through the slots without a walk (nd6's choice of who moves first, G3-3) to the first lit reach."""
    sc = app.battle_scene
    for _ in range(12):
        if sc.reach:
            return
        press(app, pygame.K_SPACE, steps=3)
    raise AssertionError("no fighter with a lit reach")


def attacks_after(ctl0, mover: str, move) -> bool:
    """What the engine allows after ``move``: the move played on a copy, the nearest foe put next to the mover,
    the round played on (the others pass) until the mover may act again: does it have an attack on that foe?"""
    ctl = ctl0.fork()
    assert ctl.submit(move).ok
    b = ctl.battle
    f = b.fighter(mover)
    foe = min((o for o in b.fighters if o.side != f.side and ctl.ruleset.can_fight(b, o)),
              key=lambda o: (hex_distance(o.hex, f.hex), o.id))
    taken = {o.hex for o in b.fighters}
    foe.hex = next(n for n in hex_neighbors(f.hex) if n not in taken and (not b.board.cells or b.board.is_open(n)))
    start = b.round
    for _ in range(80):
        if b.round != start or b.ended:
            return False
        if ctl.whose_turn() == mover and any(o.legal and getattr(o.action, "target", None) == foe.id
                                             for o in ctl.legal_actions()):
            return True
        ctl.end_turn()
    raise AssertionError("the round never ended")


def check_bands(app) -> tuple[list, list]:
    """Every lit hex's band against the engine; returns the hexes of each band."""
    sc = app.battle_scene
    ctl, mover = sc.session.ctl, sc.actor
    bands = sc.option_cache.bands
    walk, run = [], []
    for h, move in sorted(sc.reach.items()):
        band = bands.get(h)
        free = band.attack_after if band is not None else True
        assert attacks_after(ctl, mover, move) == free, (h, move, band)
        (walk if free else run).append(h)
    return walk, run


def tint_shift(app, h) -> tuple[int, int, int]:
    """What the lit reach adds to the hex's centre: the frame in the reach mode less the frame without it."""
    from game.ui import modes as M

    sc = app.battle_scene
    pos = tuple(int(v) for v in sc.board.hex_screen_pos(h))
    lit = app.draw().get_at(pos)
    mode, sc.mode = sc.mode, M.SelectFighter()
    bare = app.draw().get_at(pos)
    sc.mode = mode
    return lit[0] - bare[0], lit[1] - bare[1], lit[2] - bare[2]


def _in_view(app, hexes):
    """The hexes drawn inside the board's rectangle with no token on them (their centre shows the tint)."""
    sc = app.battle_scene
    held = {f.hex for f in sc.battle.fighters}
    return [h for h in hexes if sc.board_rect.collidepoint(sc.board.hex_screen_pos(h)) and h not in held]


def _looks_and_words(app, walk, run) -> None:
    """The run band is amber and striped (red up more than blue), the walk band blue; the hover says the band."""
    sc = app.battle_scene
    w = _in_view(app, walk)[0]
    r = _in_view(app, run)[0]
    dw, dr = tint_shift(app, w), tint_shift(app, r)
    assert dw[2] > dw[0], dw  # the walk's tint: blue
    assert dr[0] > dr[2], dr  # the run's: amber
    hover(app, sc.board.hex_screen_pos(r))
    band = sc.option_cache.bands[r]
    assert "no attack" in band.words and "no attack" in sc.preview._label  # the band's words or the ruleset's note
    assert "no attack after" in sc.mode.hint(sc)


def test_G3_4_nd6_half_mov_band_matches_the_engine():
    """G3-4: past half MOV no attack this round: those hexes are the run band, and the engine agrees hex by hex."""
    app = make_app("cantina_nd6.toml")
    to_moving_fighter(app)
    walk, run = check_bands(app)
    assert walk and run
    _looks_and_words(app, walk, run)


def test_S4_RUN_2_d20_walk_and_run_bands_match_the_engine():
    """S4-MOVE-6 / S4-RUN-1 / S4-RUN-2: the run's hexes (double move) are lit too, in the run band; a walk keeps
    the attack of the fighter's later phase; the engine agrees hex by hex."""
    app = make_app("arena_d20.toml")
    to_moving_fighter(app)
    walk, run = check_bands(app)
    assert walk and run
    assert {app.battle_scene.reach[h].type for h in run} == {"run"}
    _looks_and_words(app, walk, run)
    from game.ui.board_tooltip import hex_lines  # the hex's own hover says the click runs there

    sc = app.battle_scene
    lines = hex_lines(sc.battle, run[0], moving=True, actor=sc.actor, reach=lambda: sc.reach, cost_of=sc.cost_of)
    assert any(ln.startswith("click: run here") for ln in lines), lines


def test_G0_4_3d6_move_is_the_whole_turn_every_hex_in_the_run_band():
    """G0-4: the Move maneuver is the turn: no lit hex leaves an attack after (Move and Attack is the menu's)."""
    app = make_app("arena.toml")
    to_moving_fighter(app)
    walk, run = check_bands(app)
    assert run and not walk


def test_G1_4_edge_moves_limit_nothing_one_tint():
    """G1-4: edge's fighter moves and still acts in its phase: no band, every lit hex the walk's tint."""
    app = make_app("arena_edge.toml")
    to_moving_fighter(app)
    assert app.battle_scene.option_cache.bands == {}
    walk, run = check_bands(app)
    assert walk and not run
