"""Small things a new player found at 1280x800, each checked by driving the real App with posted events.

The crowded hex's callout opens only on the player's own hover over an idle board (never over an action menu,
nor by itself when a fighter walks into the hex under a resting pointer); the action menu names every on-map
row with one phrase; a roll pop-up's title keeps "(DX 14)" on one line; the end screen offers the battle
again with new dice, its buttons fitting at every window size and clear of the last-action card.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.hexgrid import hex_ring  # noqa: E402
from game.ui import modes as M  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

TAVERN = Path(__file__).resolve().parents[1] / "maps" / "tavern.toml"


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield


def _tavern(tmp_path, monkeypatch, size=(1280, 800)) -> App:
    """The tavern (3d6-full), a human seat to act, played out at once."""
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))
    app = App(TAVERN, size, clock=FixedClock(16), settings=Settings(animation_speed="instant", handover="never"),
              autosave=False)
    for _ in range(3):
        app.step()
    return app


def _hover(app: App, pos: tuple[float, float]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for _ in range(2):
        app.step()
    app.draw()


def _click(app: App, pos: tuple[float, float]) -> None:
    for et in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(et, pos=(int(pos[0]), int(pos[1])), button=1))
    for _ in range(2):
        app.step()
    app.draw()


def _crowd_hilde(app: App) -> None:
    b = app.battle_scene.board.battle
    h = b.get("hilde").hex
    b.get("nils").hex = h
    b.get("mags").hex = h


def _open_menu_on_a_foe(app: App) -> None:
    bs = app.battle_scene
    b = bs.session.battle
    me = b.get(bs.actor)
    foe = next(f for f in b.fighters if f.side != me.side and f.id not in ("hilde", "nils", "mags"))
    taken = {f.hex for f in b.fighters}
    foe.hex = next(x for x in hex_ring(me.hex, 2) if x not in taken and b.board.cell(x) is not None
                   and not b.board.cell(x).blocks_movement)  # two hexes off: a step, then a blow
    bs.option_cache.key = None  # the options again, for the new ground
    _click(app, bs.board.token_screen_pos(foe.id))
    assert isinstance(bs.mode, M.Menu), bs.mode


def test_no_callout_over_an_open_action_menu(tmp_path, monkeypatch) -> None:
    """S0-REQ-2 (the callout picks a target on an idle board): a click on a fighter's card in the callout opens
    the action menu, and the callout closes: it showed through the menu's rows; pointing at the crowded hex
    again with the menu open opens nothing."""
    app = _tavern(tmp_path, monkeypatch)
    try:
        bs = app.battle_scene
        _crowd_hilde(app)
        h = bs.board.battle.get("hilde").hex
        _hover(app, bs.board.hex_screen_pos(h))
        card = next(r for fid, r, _ in bs.board.callout.cards if fid == "mags")
        _click(app, card.center)
        assert isinstance(bs.mode, M.Menu), bs.mode
        assert bs.board.callout.rect is None and bs.board.callout.hex is None
        _hover(app, (bs.board.hex_screen_pos(h)[0] + 2, bs.board.hex_screen_pos(h)[1]))
        assert isinstance(bs.mode, M.Menu)
        assert bs.board.callout.rect is None
    finally:
        app.close()


def test_no_callout_opens_by_itself_during_a_play_out(tmp_path, monkeypatch) -> None:
    """S0-REQ-2: a fighter walking into the hex under a resting pointer during a play-out opens no callout,
    neither then nor when the play-out ends; the player's next pointer move opens it."""
    app = _tavern(tmp_path, monkeypatch)
    try:
        bs = app.battle_scene
        b = bs.board.battle
        h = b.get("hilde").hex
        _hover(app, bs.board.hex_screen_pos(h))
        assert bs.board.callout.rect is None  # Hilde alone: nothing to call out
        busy = {"on": True}
        monkeypatch.setattr(type(bs.player), "busy", property(lambda self: busy["on"]))
        b.get("nils").hex = h  # Nils walks in while the play-out runs
        app.draw()
        assert bs.board.callout.rect is None
        busy["on"] = False
        app.step()
        app.draw()
        assert bs.board.callout.rect is None  # idle again, but the pointer has not moved
        _hover(app, bs.board.hex_screen_pos(h))
        assert bs.board.callout.hex == h and bs.board.callout.rect is not None
    finally:
        app.close()


def test_on_map_rows_share_one_phrase(tmp_path, monkeypatch) -> None:
    """S0-REQ-3 (a grapple may come as part of a Move and Attack): every action-menu row chosen on the map ends in the same words, whether its weapon's name is
    long ("Move and Attack \u2014 broadsword") or short ("\u2014 kick")."""
    app = _tavern(tmp_path, monkeypatch)
    try:
        bs = app.battle_scene
        _open_menu_on_a_foe(app)
        rows = [e.button.text for e in bs.mode.menu.entries if e.kind == "group" and e.group and e.group.on_map]
        assert rows, [e.button.text for e in bs.mode.menu.entries]
        assert all(r.endswith("  (on map)") for r in rows), rows
        assert not any("pick on map" in r for r in rows), rows
    finally:
        app.close()


def test_a_roll_title_keeps_its_bracketed_target_on_one_line() -> None:
    """S0-GRAB-1 (a roll against DX, the number the player reads): a dice pop-up's title, wrapped as the board
    wraps it (bold, size 13, every width a pop-up takes), breaks at spaces but never inside "(DX 14)"; a long
    aside in brackets still wraps."""
    from game.ui.popup_layout import MAX_TEXT_W, title_lines
    from game.ui.text import TextCache, wrap

    cache = TextCache()
    title = "Cass: parry bare-handed (DX 14)"
    for width in range(80, MAX_TEXT_W + 1, 5):
        lines, _ = title_lines(cache, title, 13, width, width)
        assert "(DX 14)" in lines[-1] or any("(DX 14)" in line for line in lines), (width, lines)
        assert not any(line.endswith("(DX") or line.startswith("14)") for line in lines), (width, lines)
    long = "Ann: resist (a very long aside that runs on and on past any pop-up) ST 12"
    assert len(wrap(cache, long, 13, 120, True)) > 3


def _ended(tmp_path, monkeypatch, size) -> App:
    """The tavern at ``size`` with its last action's card showing a roll, under the end screen; a lost battle
    (its review offered too: six buttons, the most the end screen has)."""
    from game.ui.menus import review_screen
    from game.ui.menus.end_screen import EndScreen
    from game.ui.scene import Transition

    app = _tavern(tmp_path, monkeypatch, size)
    bs = app.battle_scene
    roll = {"type": "roll", "actor": "hilde", "label": "parry bare-handed", "stat": "DX", "target": 14,
            "dice": [3, 4, 2], "total": 9, "success": True, "margin": 5}
    bs.last_action.show([roll], "hilde", "Hilde parries")
    app.draw()
    assert bs.last_action.rect.w > 0  # the card shows on the board
    monkeypatch.setattr(review_screen, "lost_side", lambda session: "locals")
    app.apply(Transition("push", EndScreen(app, bs)))
    app.step()
    app.draw()
    return app


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_end_screen_buttons_fit_clear_of_the_last_action_card(tmp_path, monkeypatch, size) -> None:
    """The end screen's six buttons, "Play again"
    among them, lie inside the window at every size, none over another, each label with room to both edges
    of its button; the last action's card is not drawn under them (it is back on "Look at the board")."""
    app = _ended(tmp_path, monkeypatch, size)
    try:
        es = app.scene
        named = {n: es.button_named(n) for n in ("board", "replay", "review", "new", "again", "menu")}
        assert all(named.values()), named
        assert named["new"].text == "Play again" and named["again"].text == "Same dice again"
        window = pygame.Rect(0, 0, *size)
        rects = [b.rect for b in named.values()]
        for b in named.values():
            assert window.contains(b.rect), (b.text, b.rect, size)
            assert b.font.size(b.text)[0] + 2 * 8 <= b.rect.w, (b.text, b.rect.w, size)
        assert not any(a.colliderect(c) for i, a in enumerate(rects) for c in rects[i + 1:]), rects
        card = app.battle_scene.last_action.rect
        assert not any(card.colliderect(r) for r in rects), (card, rects)
        _click(app, named["board"].rect.center)
        assert app.scene is app.battle_scene and app.battle_scene.last_action.rect.w > 0
    finally:
        app.close()


def test_play_again_starts_the_same_battle_with_new_dice(tmp_path, monkeypatch) -> None:
    """"Play again" on the end screen starts the battle from its start with the same seats and a
    new seed, drawn as a quick battle draws one; "Same dice again" keeps the old seed."""
    import game.dice
    from game.ui.battle_scene import BattleScene

    app = _ended(tmp_path, monkeypatch, (1280, 800))
    try:
        old = app.session
        seed = old.ctl.initial.rng.seed
        monkeypatch.setattr(game.dice, "fresh_seed", lambda: seed + 4242)
        _click(app, app.scene.button_named("new").rect.center)
        for _ in range(3):  # past the briefing, if the app shows one
            if not isinstance(app.scene, BattleScene):
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                     scancode=0))
                app.step()
        assert isinstance(app.scene, BattleScene), app.scene
        assert app.session is not old and app.session.seat == old.seat
        assert app.session.ctl.initial.rng.seed == seed + 4242
        assert {f.id for f in app.battle.fighters} == {f.id for f in old.battle.fighters}
    finally:
        app.close()


@pytest.mark.parametrize("posture", ["prone", "standing"])
def test_a_fallen_fighters_name_sits_against_its_token(tmp_path, monkeypatch, posture) -> None:
    """S0-TAKEDOWN-5 (a takedown leaves the foe lying down): a fallen, dead fighter's name is placed against
    its token as drawn (its lying body's length counted), facing any way, on the board and under the end
    screen; never a hex away from it."""
    from game.ui.menus.end_screen import EndScreen
    from game.ui.scene import Transition

    app = _tavern(tmp_path, monkeypatch)
    try:
        bs = app.battle_scene
        gus = bs.session.battle.get("gus")
        gus.posture = posture
        gus.conditions.append("dead")
        for facing in range(6):
            gus.facing = facing
            app.step()
            app.draw()
            boxes = bs.board.tokens.boxes
            token = next(r for k, i, r in boxes if k == "token" and i == "gus")
            name = next(r for k, i, r in boxes if k == "name" and i == "gus")
            top, bottom, _ = bs.board.tokens.extents["gus"]
            drawn = pygame.Rect(token.x - token.w // 4, int(top), token.w * 3 // 2, int(bottom - top))
            assert name.inflate(8, 8).colliderect(drawn), (facing, name, drawn)
        app.apply(Transition("push", EndScreen(app, bs)))
        app.step()
        app.draw()
        assert next(r for k, i, r in bs.board.tokens.boxes if k == "name" and i == "gus") == name
    finally:
        app.close()
