"""The last action's card at 1024x640, as a new player met it (posted events, headless).

The card sat at the bottom left and stayed into the next fighter's turn, hiding the acting fighter's token;
in hotseat it turned from red to green as the turn changed sides, and drew a green tick beside red "HIT".
The rolls here are scripted: a roll entry is put on the card as the screen puts one after an action.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

TAVERN = Path(__file__).resolve().parents[1] / "maps" / "tavern.toml"
SIZE = (1024, 640)


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield


def _app(tmp_path, monkeypatch, seat=None) -> App:
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))
    kw = {"seat": seat} if seat else {}
    app = App(TAVERN, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant", handover="never"),
              autosave=False, dice="seeded", **kw)
    for _ in range(3):
        app.step()
    return app


def _roll(actor: str, success: bool) -> dict:
    """A scripted to-hit roll (3 dice, 9 against 12), as the log records one."""
    return {"type": "roll", "actor": actor, "label": "to hit", "dice": [3, 3, 3], "total": 9, "target": 12,
            "success": success}


def _press_space(app: App) -> None:
    for et in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(et, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    for _ in range(60):
        app.step()
        if not app.battle_scene.player.busy:
            break


def test_the_card_keeps_clear_of_the_acting_fighters_token(tmp_path, monkeypatch) -> None:
    """UI-CARD (a screen fix, no rule): with the acting fighter's token panned under the card's corner, the
    card moves to the other bottom corner instead of hiding whoever acts."""
    app = _app(tmp_path, monkeypatch)
    bs = app.battle_scene
    fid = bs.session.whose_turn()
    bs.last_action.show([_roll(fid, True)], fid, "a swing")
    app.draw()
    card = bs.last_action.rect
    assert card.w > 0
    x, y = bs.board.token_screen_pos(fid)
    bs.board.camera.pan_screen(card.centerx - x, card.centery - y)  # the token under the card
    x, y = bs.board.token_screen_pos(fid)
    assert card.collidepoint(x, y), "the token could not be brought under the card"
    app.draw()
    assert not bs.last_action.rect.collidepoint(x, y), (bs.last_action.rect, (x, y))
    assert bs.last_action.rect.right > SIZE[0] // 2  # the other bottom corner


def test_hotseat_card_colour_follows_the_roller_and_the_mark_agrees(tmp_path, monkeypatch) -> None:
    """UI-CARD (a screen fix, no rule): in hotseat the card's colour is the roller's own outcome, the same
    before and after the turn passes to the other side; the tick is drawn in its line's colour."""
    from game.files.maps import load_scenario
    from game.ui.battle_scene import card_sides

    sides = {f.side for f in load_scenario(TAVERN).fighters}
    app = _app(tmp_path / "h", monkeypatch, seat={s: "human" for s in sides})
    bs = app.battle_scene
    fid = bs.session.whose_turn()
    bs.last_action.show([_roll(fid, True)], fid, "a swing")
    frame = app.draw()
    edge = tuple(frame.get_at((bs.last_action.rect.x + bs.last_action.rect.w // 2, bs.last_action.rect.bottom - 1)))[:3]
    side = bs.session.current_side()
    for _ in range(6):
        _press_space(app)
        if bs.session.current_side() != side:
            break
    assert bs.session.current_side() != side
    assert card_sides(bs) == set()
    frame = app.draw()
    after = tuple(frame.get_at((bs.last_action.rect.x + bs.last_action.rect.w // 2, bs.last_action.rect.bottom - 1)))[:3]
    assert edge == after == tuple(bs.pal.success)


def _hover(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(30):  # the tooltip waits a moment
        app.step()


def test_the_tooltip_keeps_off_the_card(tmp_path, monkeypatch) -> None:
    """UI-CARD (a screen fix, no rule): the tooltip of a fighter standing just over the last action's card
    is drawn clear of the card."""
    app = _app(tmp_path, monkeypatch)
    bs = app.battle_scene
    fid = bs.session.whose_turn()
    bs.last_action.show([_roll(fid, True)], fid, "a swing")
    app.draw()
    card = bs.last_action.rect
    other = min((f.id for f in bs.session.battle.fighters if f.id != fid),
                key=lambda o: bs.board.token_screen_pos(o)[0])  # the leftmost: the view pans far enough
    x, y = bs.board.token_screen_pos(other)
    bs.board.camera.pan_screen(card.x + 40 - x, card.y - 6 - y)  # a fighter just over the card
    app.draw()
    card = bs.last_action.rect
    x, y = bs.board.token_screen_pos(other)
    _hover(app, (int(x), int(y)))  # its tooltip would hang down onto the card
    bs.tooltip.rect = pygame.Rect(0, 0, 0, 0)
    app.draw()
    assert bs.tooltip.rect.w > 0, "no tooltip over the board"
    assert not bs.tooltip.rect.colliderect(bs.last_action.rect), (bs.tooltip.rect, bs.last_action.rect)
