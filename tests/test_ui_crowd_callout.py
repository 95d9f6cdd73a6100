"""Close combat you can read at a glance: a crowded hex's tokens, its plate, and the callout over it.

The board's layout code hands back the rectangles it draws (``TokenLayer.boxes``: tokens, names, health bars,
badges, plates) and the label layout's labels; these tests check them with two to five fighters in one hex,
gripping and not, under every registered ruleset's own badges (nd6's brawl among them), at 1280x800 and the
default zoom. The player tests drive the real App with posted events under SDL's dummy driver.
"""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CLINCH_CONFIG_DIR", os.path.join(__import__("tempfile").gettempdir(), "clinch-test-config"))
os.environ.setdefault("CLINCH_DATA_DIR", os.path.join(__import__("tempfile").gettempdir(), "clinch-test-data"))

from concurrent.futures import Future  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.hexgrid import Hex  # noqa: E402
from game.model import Battle, Board, Fighter, Grapple, Side  # noqa: E402
from game.rules import RULESETS  # noqa: E402
from game.ui import modes as M  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.crowd_plate import grip_sentence  # noqa: E402
from game.ui.marks import CONDITION_BADGES  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

HERE = Hex(4, 3)
NAMES = ["Annabelle", "Bartholomew", "Cassandra", "Dane", "Evangeline"]


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield


class _Spectating:
    """A computer seat that never acts: the battle screen shows the board as a spectator sees it."""

    def decide_async(self, battle, ruleset, fighter_id):
        return Future()

    def cancel(self):
        pass

    def close(self):
        pass


def _crowd(rid: str, n: int, gripping: bool) -> Battle:
    """``n`` fighters in one hex under ruleset ``rid`` (each with two of its badges, the ruleset's brawl
    condition on all when it has one), two lone ones beside them, and grips among the crowd when
    ``gripping`` (every grip kind the board draws)."""
    rs = RULESETS[rid]()
    conds = [c for c in {**CONDITION_BADGES, **rs.condition_badges} if c not in ("dead", "unconscious")]
    people = []
    for i in range(n):
        cs = [conds[(2 * i) % len(conds)], conds[(2 * i + 1) % len(conds)]]
        if rs.brawl_condition:
            cs.append(rs.brawl_condition)
        people.append(Fighter(id=f"f{i}", name=NAMES[i], side="red" if i % 2 else "blue", hex=HERE,
                              conditions=cs, hp=10))
    people += [Fighter(id="lone1", name="Sten the Lancer", side="red", hex=Hex(5, 3), conditions=conds[:2], hp=10),
               Fighter(id="lone2", name="Gus the Barman", side="blue", hex=Hex(4, 4), hp=10)]
    battle = Battle(board=Board.open_field(10, 8, name="test field"), ruleset=rid,
                    sides=[Side(id="red", name="Reds", colour="#d02020"),
                           Side(id="blue", name="Blues", colour="#2050e0")], fighters=people)
    if gripping:
        kinds = ["grapple", "pin", "choke_hold", "arm_lock"]
        for i in range(1, n):
            battle.grapples.append(Grapple(holder=f"f{i}", target="f0", location="neck", hands=1 + i % 2,
                                           kind=kinds[(i - 1) % len(kinds)]))
    return battle


def _watched(battle: Battle, size=(1280, 800)) -> App:
    return App(battle, size, clock=FixedClock(), seat={"red": "ai", "blue": "ai"}, autosave=False,
               session_kw={"ai_factory": _Spectating})


def _circle_hits_rect(c: tuple[float, float], r: float, rect: pygame.Rect) -> bool:
    nx, ny = min(max(c[0], rect.left), rect.right), min(max(c[1], rect.top), rect.bottom)
    return math.hypot(c[0] - nx, c[1] - ny) < r - 0.5


CASES = [(rid, n, g) for rid in sorted(RULESETS) for n in (2, 3, 4, 5) for g in (False, True)]


@pytest.mark.parametrize(("rid", "n", "gripping"), CASES, ids=[f"{r}-{n}-{'grip' if g else 'free'}" for r, n, g in CASES])
def test_a_crowded_hex_stays_readable(rid: str, n: int, gripping: bool) -> None:
    """Two to five in one hex at 1280x800, default zoom: each token keeps 60% of a lone token's size (five:
    52%, what a hex holds) with its body inside its hex and clear of the others; every name, bar and badge of
    theirs is on the hex's plate, which covers no token; no two labels on the board overlap, and none covers
    another fighter's token."""
    battle = _crowd(rid, n, gripping)
    battle.ruleset = ""  # started under the default ruleset (edge never shares a hex, G1-8), drawn under rid's
    app = _watched(battle)
    try:
        bs = app.battle_scene
        bs.board.battle.ruleset = rid
        bs.board.tokens.ruleset = RULESETS[rid]()
        app.draw()
        layer, z = bs.board.tokens, bs.board.camera.zoom
        hr = bs.board.geometry.hex_radius * z
        lone = int(hr * 0.6)
        boxes = layer.boxes
        tokens = {fid: r for kind, fid, r in boxes if kind == "token"}
        crowd = [f"f{i}" for i in range(n)]
        assert set(crowd) <= set(tokens)
        cx, cy = bs.board.hex_screen_pos(HERE)
        circles = {fid: (r.center, r.w / 2) for fid, r in tokens.items()}
        for fid in crowd:
            (x, y), r = circles[fid]
            assert r >= (0.6 if n <= 4 else 0.52) * lone - 0.5, (fid, r, lone)
            for k in range(6):  # pointy-top hex: edge normals every 60 degrees from east
                a = math.radians(60 * k)
                assert (x - cx) * math.cos(a) + (y - cy) * math.sin(a) + r <= hr * math.sqrt(3) / 2 + 1.5, fid
        for i, a in enumerate(crowd):
            for b in crowd[i + 1:]:
                (pa, ra), (pb, rb) = circles[a], circles[b]
                assert math.hypot(pa[0] - pb[0], pa[1] - pb[1]) >= ra + rb - 1, (a, b)
        plates = [r for kind, _, r in boxes if kind == "plate"]
        assert len(plates) == 1
        plate = plates[0]
        for kind, fid, r in boxes:
            if fid in crowd and kind in ("name", "bar", "badge"):
                assert plate.contains(r), (kind, fid, r, plate)
        assert {fid for kind, fid, _ in boxes if kind == "name"} >= set(crowd) | {"lone1", "lone2"}
        for fid, (c, r) in circles.items():
            assert not _circle_hits_rect(c, r, plate), (fid, plate)
        labels = bs.board.tokens.layout.labels
        for i, (wa, ra) in enumerate(labels):
            for wb, rb in labels[i + 1:]:
                assert not ra.colliderect(rb), (wa, wb)
            owner = wa.partition(":")[2]
            for fid, (c, r) in circles.items():
                if fid != owner:
                    assert not _circle_hits_rect(c, r, ra), (wa, fid)
        if gripping:
            words = {w for w, _ in labels if w.startswith("grip:")}
            assert words == {f"grip:f{i}>f0" for i in range(1, n)}
    finally:
        app.close()


def _tavern(tmp_path, monkeypatch, holder_hex: bool = False) -> App:
    """The tavern (3d6-full) with Nils and Mags gripping Hilde in her hex; a human seat to act."""
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))
    tavern = Path(__file__).resolve().parents[1] / "maps" / "tavern.toml"
    app = App(tavern, (1280, 800), clock=FixedClock(16), settings=Settings(animation_speed="instant",
                                                                            handover="never"), autosave=False)
    for _ in range(3):
        app.step()
    b = app.battle_scene.board.battle
    h = b.get("hilde").hex
    b.get("nils").hex = h
    b.get("mags").hex = h
    b.grapples.append(Grapple(holder="nils", target="hilde", location="neck", hands=2))
    b.grapples.append(Grapple(holder="mags", target="hilde", location="arm", hands=1, kind="arm_lock"))
    return app


def _hover(app: App, pos: tuple[float, float]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for _ in range(2):
        app.step()
    app.draw()


def test_hovering_a_crowded_hex_opens_its_callout_with_the_grips_in_words(tmp_path, monkeypatch) -> None:
    """S0-REQ-2 (a grappler shares its victim's hex): pointing at Hilde's hex, held by Nils and Mags, opens the
    callout beside it: the three at a lone token's size with name, hit points, posture and facing, and each
    grip in the ruleset's words, holder first; the callout stays open with the pointer inside it."""
    app = _tavern(tmp_path, monkeypatch)
    try:
        bs = app.battle_scene
        h = bs.board.battle.get("hilde").hex
        caches = [bs.text] + ([bs.board.text] if bs.board.text is not bs.text else [])
        for t in caches:
            t.drawn = []
        _hover(app, bs.board.hex_screen_pos(h))
        co = bs.board.callout
        assert co.hex == h and co.rect is not None
        assert [fid for fid, _, _ in co.cards] and {fid for fid, _, _ in co.cards} == {"hilde", "nils", "mags"}
        assert co.words == ["Nils holds Hilde: neck, 2 hands", "Mags has an arm lock on Hilde: arm, 1 hand"]
        drawn = {s for t in caches for s, *_ in t.drawn}
        assert {"Nils holds Hilde: neck, 2 hands", "Hilde", "HP 11/11", "standing"} <= drawn, sorted(drawn)
        assert any(s.startswith("faces ") for s in drawn)
        assert not co.rect.collidepoint(bs.board.hex_screen_pos(h))  # beside the hex, not over it
        _hover(app, co.cards[1][1].center)  # into the callout: it stays open
        assert bs.board.callout.hex == h
        _hover(app, (bs.board_rect.x + 5, bs.board_rect.bottom - 5))
        assert bs.board.callout.rect is None
    finally:
        app.close()


def test_clicking_a_fighter_in_the_callout_opens_the_action_menu_on_it(tmp_path, monkeypatch) -> None:
    """S0-REQ-2: the callout is the target picker: a click on Mags's card opens the acting fighter's action
    menu against Mags, as a click on her token would."""
    app = _tavern(tmp_path, monkeypatch)
    try:
        bs = app.battle_scene
        assert bs.actor is not None and bs.board.battle.get(bs.actor).side == "locals"
        h = bs.board.battle.get("hilde").hex
        _hover(app, bs.board.hex_screen_pos(h))
        card = next(r for fid, r, _ in bs.board.callout.cards if fid == "mags")
        for et in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(et, pos=card.center, button=1))
        for _ in range(2):
            app.step()
        assert isinstance(bs.mode, M.Menu), bs.mode
        assert bs.mode.menu.target == "mags"
    finally:
        app.close()


def test_nd6_grip_words_name_no_body_part() -> None:
    """G3-6 (a subdue holds the whole figure): under a ruleset whose grips hold no body part
    (``Ruleset.grip_location_shown`` False) the callout's words leave the location out."""
    rid = next(r for r, cls in RULESETS.items() if not cls.grip_location_shown)
    battle = _crowd(rid, 2, True)
    assert grip_sentence(battle, battle.grapples[0]).endswith("Annabelle: 2 hands")
    assert "neck" not in grip_sentence(battle, battle.grapples[0])


def test_the_legend_keys_every_grip_style(tmp_path, monkeypatch) -> None:
    """S0-PIN-1, S2-CHOKE, S2-ARMLOCK: F4's legend shows a plain grip, a pin, a choke and an arm lock each drawn
    as on the board (holder -> held), with its look in words, and the brawl's ringed hex under a ruleset with
    brawls."""
    from game.ui.legend import GRIP_ROWS

    app = _tavern(tmp_path, monkeypatch)
    try:
        bs = app.battle_scene
        caches = [bs.text] + ([bs.app.text] if bs.app.text is not bs.text else [])
        for t in caches:
            t.drawn = []
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F4, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_F4, mod=0, unicode="", scancode=0))
        for _ in range(2):
            app.step()
        assert bs.legend_open
        app.draw()
        drawn = {s for t in caches for s, *_ in t.drawn}
        assert {meaning for _, meaning in GRIP_ROWS} <= drawn
        assert {kind for kind, _ in GRIP_ROWS} == {"grapple", "pin", "choke_hold", "arm_lock"}
    finally:
        app.close()


def test_a_plate_by_the_boards_edge_stays_on_the_board() -> None:
    """S0-REQ-2 (grappler and victim share a hex): a crowded hex on the map's right edge has its plate inside the
    board's part of the window (not under the fighter panel), and still off every token."""
    battle = _crowd("3d6-full", 3, True)
    edge = Hex(9, 3)
    for f in battle.fighters[:3]:
        f.hex = edge
    app = _watched(battle)
    try:
        bs = app.battle_scene
        app.draw()
        plate = next(r for kind, _, r in bs.board.tokens.boxes if kind == "plate")
        assert bs.board_rect.contains(plate), (plate, bs.board_rect)
        for kind, fid, r in bs.board.tokens.boxes:
            if kind == "token":
                assert not _circle_hits_rect(r.center, r.w / 2, plate), fid
    finally:
        app.close()
