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
    conds = [c for c in {**CONDITION_BADGES, **rs.presentation.condition_badges} if c not in ("dead", "unconscious")]
    people = []
    for i in range(n):
        cs = [conds[(2 * i) % len(conds)], conds[(2 * i + 1) % len(conds)]]
        if rs.presentation.brawl_condition:
            cs.append(rs.presentation.brawl_condition)
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
    """Two to five in one hex at 1280x800, default zoom: each token keeps 60% of a lone token's size (five: 55%),
    with its body inside its hex and clear of the others; every name, bar and badge of theirs is on the hex's
    plate, which covers no token; no two labels on the board overlap, and none covers another fighter's token.

    Five at 60% cannot be: five equal discs inside a regular hexagon are at most 0.3334 of its radius across
    (the best packing, ``tokens.slot_offsets``), 55.6% of a lone token's 0.6; 60% would need 0.36."""
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
        lone = hr * 0.6  # a lone token's body radius, unrounded: the share is not flattered by whole pixels
        boxes = layer.boxes
        tokens = {fid: r for kind, fid, r in boxes if kind == "token"}
        crowd = [f"f{i}" for i in range(n)]
        assert set(crowd) <= set(tokens)
        cx, cy = bs.board.hex_screen_pos(HERE)
        circles = {fid: (r.center, r.w / 2) for fid, r in tokens.items()}
        for fid in crowd:
            (x, y), r = circles[fid]
            assert r >= (0.6 if n <= 4 else 0.55) * lone - 0.5, (fid, r, lone)
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


def _tavern(tmp_path, monkeypatch, holder_hex: bool = False, size: tuple[int, int] = (1280, 800),
            crowd: bool = True) -> App:
    """The tavern (3d6-full) with Nils and Mags gripping Hilde in her hex (``crowd``); a human seat to act."""
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))
    tavern = Path(__file__).resolve().parents[1] / "maps" / "tavern.toml"
    app = App(tavern, size, clock=FixedClock(16), settings=Settings(animation_speed="instant", handover="never"),
              autosave=False)
    for _ in range(3):
        app.step()
    if not crowd:
        return app
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
    (``Presentation.grip_location_shown`` False) the callout's words leave the location out."""
    rid = next(r for r, cls in RULESETS.items() if not cls.presentation_type.grip_location_shown)
    battle = _crowd(rid, 2, True)
    assert grip_sentence(battle, battle.grapples[0]).endswith("Annabelle: 2 hands")
    assert "neck" not in grip_sentence(battle, battle.grapples[0])
    subdue = Grapple(holder="f1", target="f0", hands=2, kind="subdue")  # a kind with no verb of its own: named after
    assert grip_sentence(battle, subdue) == "Bartholomew holds Annabelle (subdue): 2 hands"


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
        assert {kind for kind, _ in GRIP_ROWS} == {"grapple", "pin", "choke_hold", "arm_lock", "other"}
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


def _click(app: App, pos: tuple[float, float]) -> None:
    at = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    for et in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(et, pos=at, button=1))
    for _ in range(2):
        app.step()
    app.draw()


def _key(app: App, key: int, mod: int = 0) -> None:
    for et in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(et, key=key, mod=mod, unicode="", scancode=0))
    app.step()
    app.draw()


def test_clicking_a_crowded_hex_pins_its_callout_until_esc(tmp_path, monkeypatch) -> None:
    """S0-REQ-2 (grappler and victim share a hex): a click on Hilde's hex, held by Nils and Mags, pins the callout
    open as the target picker: it stays with its three cards while the pointer goes elsewhere on the board and
    the acting fighter is not moved or chosen by that click; Esc closes it."""
    app = _tavern(tmp_path, monkeypatch)
    try:
        bs = app.battle_scene
        h = bs.board.battle.get("hilde").hex
        before = (type(bs.mode), bs.board.battle.get(bs.actor).hex)
        _click(app, bs.board.hex_screen_pos(h))
        co = bs.board.callout
        assert co.pinned == h and co.hex == h, (co.pinned, co.hex)
        assert (type(bs.mode), bs.board.battle.get(bs.actor).hex) == before
        _hover(app, (bs.board_rect.x + 5, bs.board_rect.bottom - 5))
        assert co.hex == h and {fid for fid, _, _ in co.cards} == {"hilde", "nils", "mags"}
        _key(app, pygame.K_ESCAPE)
        assert co.pinned is None and co.rect is None
        assert type(bs.mode) is before[0]  # Esc closed the picker only
    finally:
        app.close()


def test_a_click_right_on_a_token_in_a_crowded_hex_still_means_that_fighter(tmp_path, monkeypatch) -> None:
    """S0-REQ-2: the picker opens on a click off the tokens; a click right on Mags's small token in the crowded hex
    opens the action menu against her at once, as it did before (the lessons' learners click the foe)."""
    app = _tavern(tmp_path, monkeypatch)
    try:
        bs = app.battle_scene
        _click(app, bs.board.token_screen_pos("mags"))
        assert bs.board.callout.pinned is None
        assert isinstance(bs.mode, M.Menu) and bs.mode.menu.target == "mags", bs.mode
    finally:
        app.close()


def test_a_click_elsewhere_closes_the_pinned_callout_and_does_nothing_more(tmp_path, monkeypatch) -> None:
    """S0-REQ-2: with the picker pinned, a click on another part of the board closes it and moves nobody."""
    app = _tavern(tmp_path, monkeypatch)
    try:
        bs = app.battle_scene
        h = bs.board.battle.get("hilde").hex
        _click(app, bs.board.hex_screen_pos(h))
        assert bs.board.callout.pinned == h
        where = {f.id: f.hex for f in bs.board.battle.fighters}
        _click(app, (bs.board_rect.x + 5, bs.board_rect.bottom - 5))
        assert bs.board.callout.pinned is None and bs.board.callout.rect is None
        assert {f.id: f.hex for f in bs.board.battle.fighters} == where
    finally:
        app.close()


def test_the_pinned_callout_picks_a_target_from_the_keyboard(tmp_path, monkeypatch) -> None:
    """S0-REQ-2: in the pinned picker Tab (and the arrows) move a ring over the cards and Enter chooses the ringed
    fighter as a click on its card would: the action menu opens against Mags."""
    app = _tavern(tmp_path, monkeypatch)
    try:
        bs = app.battle_scene
        h = bs.board.battle.get("hilde").hex
        _click(app, bs.board.hex_screen_pos(h))
        co = bs.board.callout
        order = [fid for fid, _, _ in co.cards]
        _key(app, pygame.K_TAB)
        assert co.focused() is not None and co.focused()[0] == order[0]
        _key(app, pygame.K_LEFT)
        assert co.focused()[0] == order[-1]  # round the ends
        _key(app, pygame.K_RIGHT)
        for _ in range(order.index("mags")):
            _key(app, pygame.K_TAB)
        assert co.focused()[0] == "mags"
        _key(app, pygame.K_RETURN)
        assert isinstance(bs.mode, M.Menu), bs.mode
        assert bs.mode.menu.target == "mags"
        assert co.pinned is None  # the menu is open: the picker has done its work
    finally:
        app.close()


@pytest.mark.parametrize("n", (2, 3, 5))
def test_a_floating_number_in_a_crowded_hex_rises_from_its_own_token_off_other_names(n: int) -> None:
    """S0-REQ-2 (fighters sharing a hex): a damage number ("-14") over each fighter of a crowded hex in turn, at
    the start and near the end of its rise, sits by that fighter's own token and covers no other fighter's name,
    badges or grip words (they are on the hex's plate) and no other caption; all at once, none covers another."""
    from game.ui.event_player import Floater

    battle = _crowd("3d6-full", n, True)
    app = _watched(battle)
    try:
        bs = app.battle_scene
        crowd = [f"f{i}" for i in range(n)]
        for who in crowd + [None]:
            for age in (0.0, 0.95):
                bs.player.floaters[:] = [
                    Floater("-14", *bs.board.token_positions()[fid], (255, 80, 80), big=True, life=1.0, age=age,
                            fighter=fid) for fid in (crowd if who is None else [who])]
                app.draw()
                layout, boxes = bs.board.tokens.layout, bs.board.tokens.boxes
                tokens = {fid: r for kind, fid, r in boxes if kind == "token"}
                caps = [(what, r) for what, r in layout.labels if what.startswith("caption:")]
                assert len(caps) == len(bs.player.floaters), layout.labels
                for what, cap in caps:
                    owner = what.split(":")[1]
                    for other, r in layout.labels:
                        if other == what or (other.split(":")[0] in ("name", "badges") and
                                             other.split(":", 1)[1] == owner):
                            continue
                        assert not cap.colliderect(r), (what, other, cap, r)
                    t = tokens[owner]
                    gap = math.hypot(cap.centerx - t.centerx, cap.centery - t.centery)
                    assert gap <= t.w / 2 + 1.5 * cap.h + 30, (what, cap, t)
    finally:
        app.close()


def _roll(actor: str) -> dict:
    """A scripted to-hit roll, as the log records one: what the last action's card shows."""
    return {"type": "roll", "actor": actor, "label": "to hit", "dice": [3, 3, 3], "total": 9, "target": 12,
            "success": True}


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)], ids=["1024x640", "1280x800"])
def test_the_crowded_hexs_plate_and_callout_keep_off_the_last_action_card(tmp_path, monkeypatch, size) -> None:
    """UI-CARD (a screen fix, no rule; QA at 1024x640): with Hilde's crowded hex just over the last action's card,
    the hex's plate and its callout are drawn clear of the card, which is drawn over the board after them."""
    app = _tavern(tmp_path, monkeypatch, size=size)
    try:
        bs = app.battle_scene
        fid = bs.session.whose_turn()
        bs.last_action.show([_roll(fid)], fid, "a swing")
        app.draw()
        card = bs.last_action.rect
        x, y = bs.board.hex_screen_pos(bs.board.battle.get("hilde").hex)
        bs.board.camera.pan_screen(card.x + 70 - x, card.y - 10 - y)  # the hex on the card's top edge
        app.draw()
        app.draw()
        card = bs.last_action.rect
        assert card.w > 0
        plate = next(r for kind, _, r in bs.board.tokens.boxes if kind == "plate")
        assert not plate.colliderect(card), (plate, card)
        _hover(app, bs.board.hex_screen_pos(bs.board.battle.get("hilde").hex))
        assert bs.board.callout.rect is not None
        assert not bs.board.callout.rect.colliderect(bs.last_action.rect), (bs.board.callout.rect, card)
    finally:
        app.close()


def test_the_route_label_keeps_off_the_last_action_card(tmp_path, monkeypatch) -> None:
    """UI-CARD (a screen fix, no rule; QA at 1024x640): the label of the route to a lit hex just over the last
    action's card ("3 hexes ...") goes above the card instead of under it."""
    app = _tavern(tmp_path, monkeypatch, size=(1024, 640), crowd=False)
    try:
        bs = app.battle_scene
        actor = bs.actor
        bs.last_action.show([_roll(actor)], actor, "a swing")
        _click(app, bs.board.token_screen_pos(actor))
        assert isinstance(bs.mode, M.SelectHex), bs.mode
        card = bs.last_action.rect
        goal = max(bs.reach, key=lambda h: len(bs.path_to(h) or []))  # far off: a route with its label
        x, y = bs.board.hex_screen_pos(goal)
        hr = bs.board.geometry.hex_radius * bs.board.camera.zoom
        # the goal's hex on the card's top edge: its label (0.7 of a hex over its centre) would be on the card
        bs.board.camera.pan_screen(card.centerx - x, card.y + 0.7 * hr + 4 - y)
        app.draw()
        card = bs.last_action.rect
        x, y = bs.board.hex_screen_pos(goal)
        _hover(app, (x, y))
        assert bs.board.hovered == goal
        routes = [r for what, r in bs.board.tokens.layout.labels if what == "route"]
        assert routes, bs.board.tokens.layout.labels
        assert not routes[0].colliderect(bs.last_action.rect), (routes[0], bs.last_action.rect)
    finally:
        app.close()


GRIP_KINDS = ("grapple", "hold", "pin", "choke_hold", "arm_lock", "subdue")


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_every_grip_kind_draws_on_the_board_as_an_arrow_with_its_words(rid: str) -> None:
    """S0-PIN-1, S2-CHOKE, S2-ARMLOCK, S4-WRESTLE-7, G3-6: a grip of each kind the rulesets make (3d6's grips,
    pins, chokes and arm locks, d20's holds and pins, edge's grapples, nd6's subdues) between fighters in
    neighbouring hexes is drawn under every ruleset as a link in its kind's colour from holder to held with an
    arrowhead, and a tag in words: the body part where the ruleset's grips hold one, the kind when it is not
    a plain grip; never an empty tag."""
    for kind in GRIP_KINDS:
        battle = _crowd(rid, 2, False)
        battle.fighters[1].hex = Hex(2, 3)
        battle.grapples.append(Grapple(holder="f1", target="f0", location="neck", hands=1, kind=kind))
        battle.ruleset = ""
        app = _watched(battle)
        try:
            bs = app.battle_scene
            bs.board.battle.ruleset = rid
            bs.board.tokens.ruleset = RULESETS[rid]()
            for t in {id(bs.text): bs.text, id(bs.app.text): bs.app.text}.values():
                t.drawn = []
            frame = app.draw()
            tags = [r for what, r in bs.board.tokens.layout.labels if what == "grip:f1>f0"]
            assert len(tags) == 1, (kind, bs.board.tokens.layout.labels)
            drawn = {s for t in (bs.text, bs.app.text) for s, *_ in t.drawn}
            words = [s for s in drawn if ("NECK" in s.upper() or kind.split("_")[0].upper() in s)]
            assert words, (kind, sorted(drawn))
            col = bs.pal.grips.get(kind, bs.pal.grips["other"])
            a, b = bs.board.token_screen_pos("f1"), bs.board.token_screen_pos("f0")
            mid = [(a[0] + (b[0] - a[0]) * k / 20, a[1] + (b[1] - a[1]) * k / 20) for k in range(7, 14)]
            seen = {tuple(frame.get_at((int(x + dx), int(y + dy))))[:3] for x, y in mid
                    for dx in range(-6, 7, 2) for dy in range(-6, 7, 2)}
            assert tuple(col) in seen, (kind, col)
        finally:
            app.close()
