"""Playing the arena as a player would: real pygame events posted to the real app, headless.

From the main menu to a hotseat battle on ``maps/arena.toml`` with scripted
dice (so every outcome is known): select, move, the hand-over screen, grapple
(S0-GRAB-1, S0-GRAB-8), a failed break free (S0-BREAK-3), a takedown
(S0-TAKEDOWN-2, S0-TAKEDOWN-5), a pin (S0-PIN-3, S0-PIN-6), a roll breakdown,
undo, save, load (and a bad save refused in words), and a replay to the end.
Each step checks the battle and the pixels on screen.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402
from ui_fixtures import click, move  # noqa: E402,F401  (other UI tests import them from here too)

from game.hexgrid import Hex  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ARENA = ROOT / "maps" / "arena.toml"
pytestmark = pytest.mark.skipif(not ARENA.is_file(), reason="maps/arena.toml is missing")

W, L = [3, 3, 3], [6, 6, 6]  # a sure success and a sure failure on 3d6
# the initiative roll-off (Ann, Edda), Edda's grab and Cass's parry, Cass's break free and Edda's hold,
# Edda's takedown and Cass's resistance, Edda's pin and Cass's resistance
DICE = [1, 2] + W + L + L + W + W + L + W + L
SIZE = (1280, 800)


def press(app, key, mod=0, unicode="", steps=2):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
    for _ in range(steps):
        app.step()


def type_text(app, text):
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step()
    app.step()


def play_out(app, frames=600):
    """Step until the animation ends (and the next mode is set)."""
    for _ in range(frames):
        app.step()
        bs = app.battle_scene
        if bs is None or not bs.player.busy:
            app.step()
            return
    raise AssertionError("the animation never ended")


def dismiss_handover(app):
    from game.ui.handover import HandoverScene

    if isinstance(app.scene, HandoverScene):
        frame = app.draw()
        bs = app.battle_scene
        c = bs.board_rect.center
        r = bs.board_rect.inflate(-8, -8)  # the recap's words sit in the middle: the board's corners are hidden
        for corner in (r.topleft, r.bottomleft, (r.right - 1, r.top), (r.right - 1, r.bottom - 1)):
            assert frame.get_at(corner)[:3] == (12, 13, 17), "the hand-over screen hides the board"
        click(app, c)
        assert not isinstance(app.scene, HandoverScene)


def end_turns(app, n):
    for _ in range(n):
        dismiss_handover(app)
        press(app, pygame.K_SPACE, unicode=" ")
        play_out(app)
    dismiss_handover(app)


def pixels_near(frame, centre, radius, colour, tol=0):
    cx, cy = int(centre[0]), int(centre[1])
    hits = []
    for y in range(cy - radius, cy + radius):
        for x in range(cx - radius, cx + radius):
            if 0 <= x < frame.get_width() and 0 <= y < frame.get_height():
                c = frame.get_at((x, y))
                if all(abs(c[i] - colour[i]) <= tol for i in range(3)):
                    hits.append((x, y))
    return hits


def elongation(pts):
    """How much longer than wide a blob of pixels is (ratio of its principal axes' variances)."""
    n = len(pts)
    mx, my = sum(p[0] for p in pts) / n, sum(p[1] for p in pts) / n
    sxx = sum((p[0] - mx) ** 2 for p in pts) / n
    syy = sum((p[1] - my) ** 2 for p in pts) / n
    sxy = sum((p[0] - mx) * (p[1] - my) for p in pts) / n
    tr, det = sxx + syy, sxx * syy - sxy * sxy
    root = max(0.0, tr * tr / 4 - det) ** 0.5
    return (tr / 2 + root) / max(1e-9, tr / 2 - root)


def token_pixels(app, fid, colour):
    frame = app.draw()
    pos = app.board.token_screen_pos(fid)
    r = int(app.board.geometry.hex_radius * app.board.camera.zoom)
    return pixels_near(frame, pos, r, colour, tol=2)


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))
    pygame.display.init()
    pygame.event.clear()
    from game.ui.app import App

    a = App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="fast"), dice=list(DICE))
    yield a
    a.close()
    pygame.event.clear()


def start_hotseat_arena(app):
    from game.ui.menus.main_menu import MainMenu
    from game.ui.menus.new_battle import NewBattleMenu

    app.step()
    assert isinstance(app.scene, MainMenu)
    frame = app.draw()
    quick = app.scene.button_named("quick")
    assert frame.get_at((quick.rect.x + 6, quick.rect.centery))[:3] == (0x6B, 0x58, 0x20)  # the gold button
    click(app, app.scene.button_named("new").rect.center)
    assert isinstance(app.scene, NewBattleMenu)
    menu = app.scene
    assert menu.scenario == ARENA and set(menu.seats) == {"red", "blue"}
    blue = next(w for w, k in menu.dropdowns.items() if k == "seat:blue")
    # what pygame-gui posts when the player picks "human" in Blue's drop-down
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="human", ui_element=blue,
                                         ui_object_id=""))
    app.step()
    assert menu.seats == {"red": "human", "blue": "human"}
    click(app, menu.button_named("start").rect.center)
    bs = app.battle_scene
    assert bs is not None and bs.session.is_hotseat()
    return bs


def test_a_hotseat_battle_from_the_main_menu(app, tmp_path):
    from game.ui import modes as M
    from game.ui.menus.load_menu import LoadMenu
    from game.ui.menus.pause_menu import PauseMenu
    from game.ui.menus.replay_scene import ReplayScene

    bs = start_hotseat_arena(app)
    battle = bs.session.battle
    red = bs.board.colours["red"]
    blue = bs.board.colours["blue"]

    # Cass acts first: selected, her reachable hexes lit (compare with nothing selected)
    assert bs.session.whose_turn() == "cass" and isinstance(bs.mode, M.SelectHex)
    target = Hex(6, 3)
    assert target in bs.reach and bs.cost_of(target) == 6
    spot = bs.board.hex_screen_pos(Hex(3, 4))
    lit = app.draw().get_at((int(spot[0]), int(spot[1])))
    press(app, pygame.K_ESCAPE)
    assert isinstance(bs.mode, M.SelectFighter)
    plain = app.draw().get_at((int(spot[0]), int(spot[1])))
    assert lit != plain
    click(app, bs.board.token_screen_pos("cass"))
    assert isinstance(bs.mode, M.SelectHex)

    # move next to Edda: the token walks (a frame mid-way shows it between), then stands there
    click(app, bs.board.hex_screen_pos(target))
    assert battle.fighter("cass").hex == target  # the controller moved her at once
    assert bs.player.busy and bs.board.battle is not battle  # the screen shows the walk
    for _ in range(20):
        app.step()
    assert bs.board.battle.fighter("cass").hex == Hex(1, 3)  # still walking on the shadow
    play_out(app)
    assert bs.board.battle is battle

    # Edda's turn: a human on the other side, so the board hides until Blue's player clicks
    dismiss_handover(app)
    assert len(token_pixels(app, "cass", red)) > 30
    assert bs.session.whose_turn() == "edda"
    assert elongation(token_pixels(app, "cass", red)) < 1.6  # standing: round
    click(app, bs.board.token_screen_pos("cass"))
    assert isinstance(bs.mode, M.Menu)
    assert bs.menu_open_ms is not None and bs.menu_open_ms < 200
    menu = bs.mode.menu
    grapple = menu.entry_for("group", group_kind="grapple")
    assert grapple is not None and "best" in grapple.button.text and "%" in grapple.button.text
    click(app, grapple.rect.center)
    torso = next(e for e in bs.mode.menu.entries if e.kind == "option"
                 and e.option.action.location == "torso" and e.option.action.hands == 1)
    assert torso.button.text.endswith("%")
    move(torso.rect.center)
    app.step()
    assert "chance the grip takes hold" in " ".join(s for s, _, _ in bs.mode.menu.info_lines(bs.mode.menu.hovered))
    click(app, torso.rect.center)
    assert [(g.holder, g.target, g.kind) for g in battle.grapples] == [("edda", "cass", "grapple")]
    play_out(app)
    dismiss_handover(app)
    frame = app.draw()
    pygame.image.save(frame, "/tmp/grip.png")
    assert pixels_near(frame, bs.board.token_screen_pos("cass"), 90, bs.pal.grips["grapple"]), "the grip's link"
    assert bs.last_roll is not None and bs.last_roll["actor"] == "cass" and not bs.last_roll["success"]

    # Ann, Finn, Dane, Brom pass (Space), with hand-overs between the sides
    end_turns(app, 4)
    assert bs.session.whose_turn() == "cass" and battle.round == 2

    # Cass tries to break free (key B): the contest is lost, she stays held
    press(app, pygame.K_b, unicode="b")
    if isinstance(bs.mode, M.Menu):
        press(app, pygame.K_1, unicode="1")
    play_out(app)
    assert battle.grapples and battle.grapples[0].holder == "edda"
    contest = next(ln for ln in reversed(bs.log.lines) if ln.kind == "contest")
    assert contest.event["winner"] == "edda" and contest.event["rule"].startswith("S0-BREAK")

    # its breakdown: open from the log, see the accent frame and the rule ids, close with Esc
    dismiss_handover(app)
    app.draw()
    rect = bs.log.row_rect(contest.event)
    assert rect is not None
    click(app, rect.center)
    assert bs.breakdown is not None and bs.breakdown.event is contest.event
    frame = app.draw()
    br = bs.breakdown.rect
    assert frame.get_at((br.x + 1, br.centery))[:3] == bs.pal.accent
    assert any(r.startswith("S0-BREAK") for r in bs.breakdown.rules_cited)
    press(app, pygame.K_ESCAPE)
    assert bs.breakdown is None

    # Edda takes Cass down (key T): Cass lies in Edda's hex
    assert bs.session.whose_turn() == "edda"
    press(app, pygame.K_t, unicode="t")  # its one takedown: done at once, as T does in the open menu
    if isinstance(bs.mode, M.Menu):
        press(app, pygame.K_1, unicode="1")
    play_out(app)
    dismiss_handover(app)
    cass = battle.fighter("cass")
    assert cass.posture == "prone" and cass.hex == battle.fighter("edda").hex
    assert elongation(token_pixels(app, "cass", red)) > 2.0, "a prone token lies along its facing"

    end_turns(app, 5)  # Ann, Finn, Dane, Brom, Cass
    assert bs.session.whose_turn() == "edda" and battle.round == 3

    # the pin (key P): a Regular Contest of ST, won; the link now looks like a pin
    press(app, pygame.K_p, unicode="p")
    if isinstance(bs.mode, M.Menu):
        press(app, pygame.K_1, unicode="1")
    play_out(app)
    assert battle.grapples[0].kind == "pin"
    dismiss_handover(app)
    frame = app.draw()
    pygame.image.save(frame, "/tmp/pin.png")
    assert pixels_near(frame, bs.board.token_screen_pos("cass"), 90, bs.pal.grips["pin"]), "the pin's look"
    assert not bs.session.ctl.scripted_left

    # undo: Ann passes; Finn moves; on Dane's turn (the same side) Ctrl+Z takes Finn's move back
    end_turns(app, 1)
    assert bs.session.whose_turn() == "finn"
    finn_at = battle.fighter("finn").hex
    dest = next(h for h in sorted(bs.reach) if bs.cost_of(h) == 1)
    click(app, bs.board.hex_screen_pos(dest))
    play_out(app)
    assert battle.fighter("finn").hex == dest and bs.session.whose_turn() == "dane"
    dismiss_handover(app)
    press(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert battle.fighter("finn").hex == finn_at and bs.session.whose_turn() == "finn"
    assert len(token_pixels(app, "finn", blue)) > 30

    # save (Ctrl+S asks a name, one is offered: Enter takes it), then load it back through the pause menu's
    # Load screen
    from game.files import saves
    from game.files.save_slots import slot_path
    from game.model import battle_title
    from game.ui.menus.save_dialog import SaveDialog

    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert isinstance(app.scene, SaveDialog)
    offered = app.scene.entry.get_text()
    assert offered == f"{battle_title(battle)}, round {battle.round}"  # the scenario's title, issue 28
    press(app, pygame.K_RETURN, unicode="\r")
    assert app.scene is bs and bs.toasts[-1][0] == f"Saved as \u201c{offered}\u201d."
    saved = slot_path(offered)  # the name made safe for the file system (the title has a colon)
    assert saved.is_file()
    want = saves.state_hash(battle)
    press(app, pygame.K_ESCAPE)  # Esc first cancels (the selected fighter), then pauses
    assert isinstance(bs.mode, M.SelectFighter)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseMenu)
    click(app, app.scene.button_named("load").rect.center)
    assert isinstance(app.scene, LoadMenu)
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "clinch-save", "version": 1, "ruleset": "3d6-lite"')
    load = app.scene
    click(app, load.path_entry.rect.center)
    type_text(app, str(bad))
    press(app, pygame.K_RETURN, unicode="\r")
    assert app.scene is load and load.message is not None and "broken.json" in load.message[0]
    load.path_entry.set_text("")
    click(app, load.path_entry.rect.center)
    type_text(app, str(saved))
    press(app, pygame.K_RETURN, unicode="\r")
    loaded = app.battle_scene
    assert loaded is not bs and saves.state_hash(loaded.session.battle) == want
    assert loaded.session.battle.grapples[0].kind == "pin"
    assert len(token_pixels(app, "finn", blue)) > 30

    # replay it to the end from the main menu
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseMenu)
    click(app, app.scene.button_named("menu").rect.center)
    click(app, app.scene.button_named("replay").rect.center)
    replay_menu = app.scene
    click(app, replay_menu.path_entry.rect.center)
    type_text(app, str(saved))
    press(app, pygame.K_RETURN, unicode="\r")
    assert isinstance(app.scene, ReplayScene)
    rp = app.scene
    press(app, pygame.K_RIGHT)  # one action, animated
    assert rp.replay.position == 1
    press(app, pygame.K_END)
    assert rp.replay.position == len(rp.replay)
    assert saves.state_hash(rp.replay.battle) == want
    frame = app.draw()
    foot = rp.board_rect.bottom - 12
    assert any(frame.get_at((x, foot))[:3] == bs.pal.accent for x in range(rp.board_rect.x, rp.board_rect.x + 300))


def test_quick_battle_is_one_key_from_the_main_menu(app):
    """Enter on the main menu starts the arena, Red yours and Blue the computer's (as the scenario says)."""
    app.step()
    press(app, pygame.K_RETURN, unicode="\r")
    bs = app.battle_scene
    assert bs is not None
    assert bs.session.battle.board.name and bs.session.seat == {"red": "human", "blue": "ai"}


def test_a_click_finishes_the_animation_and_instant_speed_plays_nothing(app):
    bs = start_hotseat_arena(app)
    click(app, bs.board.hex_screen_pos(Hex(6, 3)))
    assert bs.player.busy
    click(app, bs.board.hex_screen_pos(Hex(2, 6)))  # any click skips to the end
    assert not bs.player.busy and bs.board.battle is bs.session.battle
    dismiss_handover(app)
    bs.settings.animation_speed = "instant"
    bs.apply_settings()
    press(app, pygame.K_SPACE, unicode=" ")
    assert not bs.player.busy and bs.session.whose_turn() == "ann"


def test_a_refused_action_is_said_in_words(app):
    bs = start_hotseat_arena(app)
    press(app, pygame.K_p, unicode="p")  # Cass holds nobody: no pin
    assert bs.toasts and ("pin" in bs.toasts[-1][0].lower())
    assert bs.session.whose_turn() == "cass"


def test_manual_dice_ask_for_the_faces(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))
    from game.ui import modes as M
    from game.ui.app import App

    pygame.display.init()
    pygame.event.clear()
    a = App(ARENA, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant", handover=False),
            seat={"red": "human", "blue": "human"}, dice="manual", autosave=False)
    a.step()
    bs = a.battle_scene
    assert isinstance(bs.mode, M.EnterDice)  # the initiative roll-off asks first
    req = bs.session.waiting_for_dice
    for _ in range(req.count):
        press(a, pygame.K_4, unicode="4", steps=1)
    press(a, pygame.K_RETURN, unicode="\r")
    assert bs.session.waiting_for_dice is not None or bs.session.whose_turn() is not None
    a.close()
