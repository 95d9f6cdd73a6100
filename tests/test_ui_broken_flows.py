"""Flows a new player found broken, played with posted events (headless, ``SDL_VIDEODRIVER=dummy``).

The hand-over screen honours the keys that work on every screen (Ctrl+Q, Esc, F1...) and sleeps when
nothing moves; quitting ends the loop at once whatever is going on (the computer thinking, an animation,
a menu open); a launch with no display says so and exits; hotseat play shows a banner rather than hiding
the board unless the setting asks for the blackout; input during an animation only skips it; an undo takes
the undone action's captions with it; the lab saves what it shows and asks before its set-up is lost.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import subprocess  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_play import ARENA, DICE, SIZE, click, play_out, press  # noqa: E402
from ui_fixtures import fresh_ui_dirs, open_pause  # noqa: E402,F401  (fresh_ui_dirs: autouse here)

from game.hexgrid import Hex  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

pytestmark = pytest.mark.skipif(not ARENA.is_file(), reason="maps/arena.toml is missing")
ROOT_FIXTURES = ARENA.parents[1] / "tests" / "fixtures" / "situations"


def hotseat(handover="side", speed="instant", size=SIZE):
    from game.ui.app import App

    return App(ARENA, size, clock=FixedClock(16), settings=Settings(animation_speed=speed, handover=handover),
               seat={"red": "human", "blue": "human"}, dice=list(DICE), autosave=False)


def handed_over(app):
    """Cass walks; the hand-over screen comes up for Blue."""
    from game.ui.handover import HandoverScene

    app.step()
    bs = app.battle_scene
    click(app, bs.board.hex_screen_pos(Hex(6, 3)))
    play_out(app)
    assert isinstance(app.scene, HandoverScene)
    return app.scene


def ctrl_q():
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode="\x11",
                                         scancode=0))


def loop_ends(app, limit_s=1.0):
    """Run the app's own loop; assert it ends within ``limit_s``."""
    t0 = time.monotonic()
    app.run(max_frames=app.frames + 10_000)
    took = time.monotonic() - t0
    assert not app.running and took < limit_s, f"the loop ran {took:.2f} s after the quit"


# -- 1. the hand-over screen: the keys of every screen, and asleep when nothing moves ---------------

def test_ctrl_q_on_the_hand_over_screen_quits():
    app = hotseat()
    try:
        handed_over(app)
        ctrl_q()
        loop_ends(app)
    finally:
        app.close()


def test_esc_on_the_hand_over_screen_opens_the_pause_menu_over_it():
    from game.ui.handover import HandoverScene
    from game.ui.menus.keys_help import KeysHelp
    from game.ui.menus.pause_menu import PauseMenu

    app = hotseat()
    try:
        hand = handed_over(app)
        press(app, pygame.K_ESCAPE)
        menu = app.scene
        assert isinstance(menu, PauseMenu) and menu.below is hand  # the board stays hidden under the menu
        frame = app.draw()
        assert frame.get_at((3, 3))[:3] != (0, 0, 0)
        press(app, pygame.K_ESCAPE)  # Resume: back to the hand-over, not past it
        assert app.scene is hand
        press(app, pygame.K_F2)
        assert isinstance(app.scene, KeysHelp)
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, HandoverScene)
        press(app, pygame.K_m, mod=pygame.KMOD_LCTRL)
        assert app.settings.mute
    finally:
        app.close()


def test_the_hand_over_screen_sleeps_between_inputs():
    """A static screen asks for no frames: the loop waits for an event (``idle_ms``) instead of drawing 60 a
    second (measured under Xvfb: 40% of a core before, a few percent after)."""
    app = hotseat()
    try:
        hand = handed_over(app)
        assert not hand.wants_frames()
        app.idle_ms = 100
        app._last_input = 0.0  # calm: the last input was long ago
        t0 = time.monotonic()
        before = app.frames
        while time.monotonic() - t0 < 0.5:
            app.step()
        assert app.frames - before <= 8, "asleep: about one frame per idle_ms, not one per 16 ms"
    finally:
        app.close()


def test_every_menu_screen_sleeps_when_calm():
    """The pause menu, the settings, the load screen, the save dialog and the others ask for no frames when nothing
    moves: measured on Xvfb at 1280x800, the pause menu took 37% of a core before (106 frames in 3 s), 11% after."""
    from game.ui.menus.base import GuiScene
    from game.ui.menus.pause_menu import PauseMenu
    from game.ui.menus.settings_menu import SettingsMenu

    app = hotseat()
    try:
        app.step()
        open_pause(app)
        assert isinstance(app.scene, PauseMenu) and not app.scene.wants_frames()
        click(app, app.scene.button_named("settings").rect.center)
        assert isinstance(app.scene, SettingsMenu) and not app.scene.wants_frames()
        app.idle_ms = 100
        app._last_input = 0.0  # calm
        t0, before = time.monotonic(), app.frames
        while time.monotonic() - t0 < 0.5:
            app.step()
        assert app.frames - before <= 8, "asleep between inputs, not 60 frames a second"
        assert GuiScene.wants_frames(app.scene) is False
    finally:
        app.close()


# -- 2. quitting always ends the process ------------------------------------------------------------

def test_quit_while_the_computer_thinks_ends_the_loop_at_once():
    """Two computer sides with two seconds to think each: Ctrl+Q (then the window's close button) ends the loop
    at once, and the worker thread stops rather than thinking on."""
    from game.ui.app import App

    for post in (ctrl_q, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT))):
        app = App(ARENA, SIZE, clock=FixedClock(16),
                  settings=Settings(animation_speed="normal", handover="never", ai_budget_ms=2000),
                  seat={"red": "ai", "blue": "ai"}, autosave=False)
        for _ in range(600):
            app.step()
            if app.battle_scene.session.thinking:
                break
        assert app.battle_scene.session.thinking
        post()
        loop_ends(app)
        t0 = time.monotonic()
        while any(t.name.startswith("clinch-ai") and t.is_alive() for t in threading.enumerate()):
            assert time.monotonic() - t0 < 1.0, "the computer's worker thought on after the quit"
            time.sleep(0.02)


def test_quit_during_an_animation_and_with_a_menu_open_ends_the_loop():
    from game.ui import modes as M

    app = hotseat(speed="slow")
    try:
        app.step()
        bs = app.battle_scene
        click(app, bs.board.hex_screen_pos(Hex(6, 3)))
        assert bs.player.busy
        ctrl_q()
        loop_ends(app)
    finally:
        app.close()
    app = hotseat()
    try:
        app.step()
        bs = app.battle_scene
        click(app, bs.board.token_screen_pos("edda"))
        assert isinstance(bs.mode, M.Menu)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=bs.mode.menu.panel.rect.center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        ctrl_q()  # the mouse over the open menu: Ctrl+Q was not heard there
        loop_ends(app)
    finally:
        app.close()


def test_a_launch_with_no_display_says_why_and_exits():
    """No display to open a window on: SDL fell back to drawing off screen and the game ran on unseen (25 s in
    the report); now one sentence and exit status 2, at once."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["XDG_RUNTIME_DIR"] = env.get("XDG_RUNTIME_DIR", "/tmp")
    t0 = time.monotonic()
    out = subprocess.run([sys.executable, "-m", "game", "play"], env=env, capture_output=True, text=True,
                         timeout=30)
    assert time.monotonic() - t0 < 10
    assert out.returncode == 2, (out.returncode, out.stderr)
    said = [ln for ln in out.stderr.splitlines() if ln.startswith("clinch")]
    assert len(said) == 1 and "window" in said[0] and "DISPLAY" in said[0], out.stderr
    assert "Traceback" not in out.stderr and out.stdout == ""


# -- 6. input during an animation only skips it -------------------------------------------------------

def key(app, k, kind=pygame.KEYDOWN, steps=1):
    pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))
    for _ in range(steps):
        app.step()


def walked(speed="normal"):
    """Cass walks next to Edda at ``speed``; the walk is still playing."""
    app = hotseat(handover="never", speed=speed)
    app.step()
    bs = app.battle_scene
    click(app, bs.board.hex_screen_pos(Hex(6, 3)))
    assert bs.player.busy
    return app, bs


def test_esc_during_an_animation_only_skips_it_and_a_click_after_moves_nobody_unseen():
    """Esc skips Cass's walk; held, its repeats do nothing; Esc again deselects Edda, and a click on a hex she
    could reach then lights her hexes instead of walking her there unseen (the bar counter report); the next
    click on the lit hex moves her."""
    from game.ui import modes as M

    app, bs = walked()
    try:
        key(app, pygame.K_ESCAPE)
        assert not bs.player.busy and bs.session.battle.fighter("cass").hex == Hex(6, 3)
        assert isinstance(bs.mode, M.SelectHex) and bs.mode.fighter_id == "edda", "the skip did nothing else"
        key(app, pygame.K_ESCAPE, steps=2)  # the key still held: a repeat
        assert isinstance(bs.mode, M.SelectHex), "a held key's repeats are not new presses"
        key(app, pygame.K_ESCAPE, pygame.KEYUP)
        key(app, pygame.K_ESCAPE)  # a new press: deselect
        assert isinstance(bs.mode, M.SelectFighter)
        edda = bs.session.battle.fighter("edda")
        here = edda.hex
        spot = next(h for h in sorted(bs.reach, key=lambda h: (h.q, h.r)) if h != here
                    and bs.session.battle.fighters_at(h) == [])
        click(app, bs.board.hex_screen_pos(spot))
        assert edda.hex == here and isinstance(bs.mode, M.SelectHex), "shown first, not walked"
        lit = app.draw().get_at(tuple(int(v) for v in bs.board.hex_screen_pos(spot)))
        click(app, bs.board.hex_screen_pos(spot))
        play_out(app)
        assert bs.session.battle.fighter("edda").hex == spot
        assert lit[:3] != (0, 0, 0)
    finally:
        app.close()


def test_a_click_during_an_animation_skips_it_and_does_nothing_else():
    """A click on Edda while Cass walks: the walk ends, and no action menu opens on Edda (the press skipped, its
    release is swallowed); a key other than Esc, Space or Enter skips too (F1 opened nothing)."""
    from game.ui import modes as M
    from game.ui.menus.pause_menu import PauseMenu

    app, bs = walked()
    try:
        click(app, bs.board.token_screen_pos("edda"))
        assert not bs.player.busy and isinstance(bs.mode, M.SelectHex) and app.scene is bs
        assert bs.session.battle.fighter("cass").hex == Hex(6, 3)
    finally:
        app.close()
    app, bs = walked()
    try:
        key(app, pygame.K_F1)
        assert not bs.player.busy and app.scene is bs and not isinstance(app.scene, PauseMenu)
    finally:
        app.close()


# -- 7. an undo takes the undone action's words off the screen -----------------------------------------

def test_undo_clears_the_captions_and_the_roll_of_the_undone_turns():
    """Cass walks up to Edda; the computer's Edda answers (a grab or a blow, rolled: S0-GRAB-1 or an attack),
    leaving a caption rising over a token and its roll in the last-roll box. Ctrl+Z takes Cass's walk back, and
    Edda's answer with it: its caption, banner, toasts and roll go too."""
    from game.ui.app import App

    app = App(ARENA, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="normal", handover="never"),
              seat={"red": "human", "blue": "ai"}, dice=[1, 2] + [3, 3, 3, 6, 6, 6] * 20, autosave=False,
              session_kw={"sync_ai": True, "ai_nodes": 200, "ai_budget_ms": None})  # no clock: the same answer
    try:
        app.step()
        bs = app.battle_scene
        assert bs.session.whose_turn() == "cass"
        click(app, bs.board.hex_screen_pos(Hex(6, 3)))
        for _ in range(2000):
            app.step()
            if bs.player.floaters and bs.session.is_human_turn():
                break
        press(app, pygame.K_ESCAPE)  # skip the rest of Edda's answer: its caption is still rising
        assert not bs.player.busy and bs.session.is_human_turn()
        assert bs.player.floaters and bs.last_action.roll is not None, "Edda's answer left words on the board"
        press(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
        assert bs.session.battle.fighter("cass").hex != Hex(6, 3), bs.toasts
        assert bs.player.floaters == [] and bs.player.banner is None
        assert bs.last_action.roll is None, "no roll is left in the log: the box is gone"
        assert [t[0] for t in bs.toasts] == ["Undone."]
    finally:
        app.close()


# -- 3. hotseat: a banner when the human side changes, the blackout only when asked for --------------

def test_hotseat_shows_a_banner_over_the_board_by_default():
    """Cass walks; Blue's turn is a banner over the board ("Blue Brotherhood’s turn", the side's name as
    written, in its colour, and the walk recapped), not a black screen. Edda's first action takes it away."""
    from game.ui.app import App
    from game.ui.handover import HandoverScene

    assert Settings().handover == "banner"
    app = App(ARENA, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant"),
              seat={"red": "human", "blue": "human"}, dice=list(DICE), autosave=False)
    try:
        app.step()
        bs = app.battle_scene
        click(app, bs.board.hex_screen_pos(Hex(6, 3)))
        play_out(app)
        assert app.scene is bs and not isinstance(app.scene, HandoverScene), "the board is not hidden"
        words, _left, colour = bs.toasts[0]
        assert words.split("\n") == ["Blue Brotherhood\u2019s turn: Edda acts", "Cass moves 6 hexes to (6, 3)"]
        assert colour == bs.board.colours["blue"]
        frame = app.draw()
        r = bs.board_rect.inflate(-8, -8)
        assert any(frame.get_at(c)[:3] != (12, 13, 17) for c in (r.topleft, r.bottomleft, r.bottomright))
        band = [frame.get_at((x, y))[:3] for x in range(r.x, r.right, 2) for y in range(r.y + 50, r.y + 90)]
        assert sum(c == colour for c in band) > 40, "the side's name is written in its colour over the board"
        assert bs.session.whose_turn() == "edda" and bs.actor == "edda", "Blue plays at once"
        press(app, pygame.K_SPACE, unicode=" ")  # Edda passes: her side's first action ends the banner
        play_out(app)
        assert all("Blue Brotherhood\u2019s turn" not in t[0] for t in bs.toasts)
    finally:
        app.close()


def test_the_nd6_hotseat_round_hides_the_board_never_by_default():
    """nd6 alternates the sides fighter by fighter (G3-3, by adjusted DX): a round of passes in hotseat brings up
    no hand-over screen at all by default (eight black screens a round before); a banner each time the human
    side changes, none between two fighters of one side."""
    from game.ui.app import App
    from game.ui.handover import HandoverScene

    root = ARENA.parent
    scen = next((p for p in sorted(root.glob("*nd6*.toml"))), None)
    if scen is None:
        pytest.skip("no nd6 scenario")
    from game.files.maps import load_scenario

    sides = [s.id for s in load_scenario(scen).sides]
    app = App(scen, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant"),
              seat={s: "human" for s in sides}, autosave=False)
    try:
        app.step()
        bs = app.battle_scene
        banners, last = 0, None
        start = bs.session.battle.round
        for _ in range(40):
            if bs.session.battle.round > start + 1 or bs.session.battle.ended:
                break
            assert not isinstance(app.scene, HandoverScene)
            if app.scene is not bs or bs.actor is None:
                app.step()
                continue
            side = bs.session.current_side()
            has = any(t[0].startswith(bs.session.side_name(side)) and "\n" in t[0] for t in bs.toasts)
            if last is not None and side != last:
                assert has, "a banner when the human side changes"
                banners += 1
            elif last is not None:
                assert not has
            last = side
            press(app, pygame.K_SPACE, unicode=" ")
            play_out(app)
        assert banners >= 2
    finally:
        app.close()


# -- 4. the lab saves what it shows -------------------------------------------------------------------

def lab_app(lab=None, selected=None):
    from game.ui.app import App
    from game.ui.lab.scene import LabScene
    from game.ui.scene import Transition

    app = App(None, SIZE, clock=FixedClock(16), autosave=False)
    app.step()
    app.apply(Transition("push", LabScene(app, lab, selected=selected)))
    app.step()
    return app


def lab_pick(app, key, text):
    import pygame_gui

    dd = next(w for w, k in app.scene.dropdowns.items() if k == key)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=text, ui_element=dd,
                                         ui_object_id=""))
    app.step()


def clinch(*args):
    return subprocess.run([sys.executable, "-m", "game", *map(str, args)], capture_output=True, text=True,
                          timeout=120)


def bare_break_free(tmp_path):
    """tests/fixtures' break-free set-up (Ann holds Bob, 3d6-full) without its actions and dice."""
    import json

    data = json.loads((ROOT_FIXTURES / "break_free_full.json").read_text())
    data.pop("actions", None)
    data.pop("dice", None)
    data.pop("map", None)
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(data))
    return bare


def lab_break_free_picked(tmp_path):
    """The lab on :func:`bare_break_free`, Bob selected and his (allowed) break free picked in the drop-down;
    the app and the picked label."""
    from game.teaching.lab import LabSituation

    app = lab_app(LabSituation.load(bare_break_free(tmp_path)), selected="bob")
    sc = app.scene
    label = next(k for k, a in sc.choices.items() if a.get("type") == "break_free" and "not allowed" not in k)
    lab_pick(app, "action", label)
    return app, label


def test_the_lab_saves_the_action_and_the_typed_dice_it_shows(tmp_path):
    """S2-BREAK-1: a set-up with no action; in the lab Bob's break free is chosen, faces typed, played, saved:
    the file holds that action and the faces that fell, `clinch explain` steps through it (exit 0, Bob named)
    and `clinch compare` finds its counterpart under another ruleset (it said "the first action has no
    counterpart here")."""
    import json

    from game.ui.lab.commands import press as lab_press

    app, _label = lab_break_free_picked(tmp_path)
    try:
        sc = app.scene
        sc.dice_entry.set_text("3 4 3 4 4 4")
        lab_press(sc, "typed")
        assert sc.trial is not None and sc.trial.used == [3, 4, 3, 4, 4, 4]
        out = tmp_path / "saved.json"
        sc.file_entry.set_text(str(out))
        lab_press(sc, "save")
        assert sc.message[0].startswith("Saved saved.json with 1 action and 6 dice"), sc.message
        data = json.loads(out.read_text())
        assert data["actions"] == [sc.trial.action] and data["dice"] == [3, 4, 3, 4, 4, 4]
        run = clinch("explain", out)
        assert run.returncode == 0 and "bob: break free ann" in run.stdout and "S2-BREAK-1" in run.stdout, run
        run = clinch("compare", out, "--rulesets", "3d6-full,edge")
        assert run.returncode == 0 and "the first action has no counterpart here" not in run.stdout, run
    finally:
        app.close()


def test_the_lab_saves_the_shown_action_before_it_is_played(tmp_path):
    """Nothing played yet: Save writes the action the drop-down shows and the faces typed in the field."""
    import json

    from game.ui.lab.commands import press as lab_press

    app, label = lab_break_free_picked(tmp_path)
    try:
        sc = app.scene
        sc.dice_entry.set_text("6 6 6")
        out = tmp_path / "shown.json"
        sc.file_entry.set_text(str(out))
        lab_press(sc, "save")
        data = json.loads(out.read_text())
        assert data["actions"] == [sc.choices[label]] and data["dice"] == [6, 6, 6]
    finally:
        app.close()


def test_clinch_explain_on_a_file_with_no_action_says_so(tmp_path):
    bare = bare_break_free(tmp_path)
    run = clinch("explain", bare)
    assert run.returncode == 2 and run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "bare.json" in lines[0] and "actions" in lines[0] and "no action" in lines[0]


# -- 5. Esc closes the innermost thing; the lab asks before its set-up is lost -------------------------

def expand(app, key):
    dd = next(w for w, k in app.scene.dropdowns.items() if k == key)
    dd.current_state.finish()
    dd.current_state = dd.menu_states["expanded"]
    dd.current_state.start()
    app.step()
    return dd


def lab_from_menu():
    from game.ui.app import App
    from game.ui.lab.scene import LabScene
    from game.ui.menus.main_menu import MainMenu

    app = App(None, SIZE, clock=FixedClock(16), autosave=False)
    app.step()
    assert isinstance(app.scene, MainMenu)
    click(app, app.scene.button_named("lab").rect.center)
    assert isinstance(app.scene, LabScene)
    return app


def test_esc_in_an_open_lab_drop_down_closes_the_list_only():
    from game.ui.lab.scene import LabScene

    app = lab_from_menu()
    try:
        lab = app.scene
        dd = expand(app, "action")
        assert dd.current_state is dd.menu_states["expanded"]
        press(app, pygame.K_ESCAPE)
        assert app.scene is lab and isinstance(app.scene, LabScene), "Esc left the lab"
        assert dd.current_state is dd.menu_states["closed"]
    finally:
        app.close()


def test_leaving_the_lab_with_a_set_up_not_saved_asks_first(tmp_path):
    """Ann turned (an edit): Esc asks "Leave the lab? The set-up is not saved."; Stay (Esc) keeps the lab and the
    edit; Save writes the file and leaves; Leave leaves without writing. A lab with nothing changed leaves at once."""
    from game.ui.lab.commands import press as lab_press
    from game.ui.lab.leave import QUESTION, WHY, LeaveLab
    from game.ui.lab.scene import LabScene
    from game.ui.menus.main_menu import MainMenu

    app = lab_from_menu()
    try:
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, MainMenu), "nothing to lose: no question"
        click(app, app.scene.button_named("lab").rect.center)
        lab = app.scene
        lab_press(lab, "turn")
        facing = lab.lab.fighter(lab.lab.data, lab.selected)["facing"]
        press(app, pygame.K_ESCAPE)
        ask = app.scene
        assert isinstance(ask, LeaveLab)
        assert [w.text for w in ask.widgets if hasattr(w, "text") and w.text in (QUESTION, WHY)] == [QUESTION, WHY]
        frame = app.draw()
        assert frame.get_at((3, 3))[:3] != (0, 0, 0)
        press(app, pygame.K_ESCAPE)  # Stay
        assert app.scene is lab and lab.lab.fighter(lab.lab.data, lab.selected)["facing"] == facing
        out = tmp_path / "kept.json"
        lab.file_entry.set_text(str(out))
        press(app, pygame.K_ESCAPE)
        click(app, app.scene.button_named("save").rect.center)
        assert out.is_file() and isinstance(app.scene, MainMenu), "saved, then left"

        click(app, app.scene.button_named("lab").rect.center)
        lab = app.scene
        assert isinstance(lab, LabScene)
        lab_press(lab, "turn")
        press(app, pygame.K_ESCAPE)
        click(app, app.scene.button_named("leave").rect.center)
        assert isinstance(app.scene, MainMenu)
    finally:
        app.close()
