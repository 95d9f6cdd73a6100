"""Playing a friend over a network, from the window: posted events drive the real app headless.

The main menu's Network entry hosts the arena on 127.0.0.1 (port 0: a free
one) with the server inside the game; a headless computer player
(``game.net.client.play_computer``) joins the other seat; the player moves
through the window, the move goes to the server and comes back as an
entry, and the computer's reply is applied to the board. Also: a join that
cannot reach its server, a bad address and a refused code each say one
sentence in the window. Every wait is bounded.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import threading  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_fixtures import click, press  # noqa: E402

from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ARENA = ROOT / "maps" / "arena.toml"
pytestmark = pytest.mark.skipif(not ARENA.is_file(), reason="maps/arena.toml is missing")
SIZE = (1280, 800)


def type_into(app, widget, text):
    """Click a text field, empty it with Backspace, type ``text``."""
    click(app, widget.rect.center)
    for _ in range(len(widget.get_text()) + 1):
        press(app, pygame.K_BACKSPACE, steps=1)
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step()
    app.step()


def until(app, cond, seconds, what):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step()
        if cond():
            return
        time.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def app():
    from game.ui.app import App

    a = App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant", handover=False))
    yield a
    a.close()


def open_network(app, mode="host"):
    from game.ui.menus.network_menu import NetworkMenu

    click(app, app.scene.button_named("network").rect.center)
    assert isinstance(app.scene, NetworkMenu)
    if mode != "host":
        click(app, app.scene.button_named(f"mode:{mode}").rect.center)
    return app.scene


def test_host_a_match_play_a_move_and_see_the_computer_reply(app):
    from game.net.client import NetClient, play_computer
    from game.ui.battle_scene import BattleScene
    from game.ui.net_session import NetSession

    menu = open_network(app)
    type_into(app, menu.fields["port"], "0")
    mine = menu.side
    click(app, menu.button_named("go").rect.center)
    until(app, lambda: menu.welcomed, 10, "the server to welcome the host")
    assert menu.client.code in menu.shared and "127.0.0.1:" in menu.shared  # the code to tell, on screen
    click(app, menu.button_named("go").rect.center)  # To the battle
    until(app, lambda: isinstance(app.scene, BattleScene), 10, "the battle to open")
    bs = app.scene
    s = bs.session
    assert isinstance(s, NetSession) and s.my_side == mine
    assert s.hosted is not None and s.hosted.host == "127.0.0.1"  # this machine only unless asked
    assert s.client.code in s.shared and f"127.0.0.1:{s.hosted.port}" in s.shared

    other = NetClient("127.0.0.1", s.hosted.port, s.client.code, seat="").start()
    got: dict = {}

    def computer():
        try:
            got["end"] = play_computer(other, level="random", seed=7, timeout=60)
        except RuntimeError as exc:
            got["error"] = str(exc)

    threading.Thread(target=computer, daemon=True).start()
    try:
        until(app, lambda: s.is_human_turn() or s.battle.ended, 30, "this seat's turn")
        assert not s.battle.ended
        assert s.undo().rejected and "off in a networked battle" in s.undo().reason.text
        before, log_before = s.mirror.count, len(s.battle.log)
        actor = bs.actor
        start = s.battle.get(actor).hex
        reach = [h for h in bs.reach if h != start]
        if reach:  # a move: click the hex, as in a local battle
            click(app, bs.board.hex_screen_pos(reach[0]))
        else:
            press(app, pygame.K_SPACE, unicode=" ")
        until(app, lambda: s.mirror.count > before, 10, "the server's entry for the player's action")
        mine_entry = s.battle.log[-1] if s.mirror.count == before + 1 else None
        assert mine_entry is None or (mine_entry.get("intent") or {}).get("actor") == actor
        if reach:
            assert s.battle.get(actor).hex == reach[0], "the move came back from the server and was applied"
        # the computer's reply: an entry acted by a fighter of the other side, on this window's board (the
        # player passes any further turns of theirs with Space, through the window)
        def replied():
            for e in s.battle.log[log_before:]:
                f = s.battle.get((e.get("intent") or {}).get("actor") or "")
                if f is not None and f.side != mine:
                    return True
            if s.is_human_turn() and not bs.player.busy:
                press(app, pygame.K_SPACE, unicode=" ")
            return s.battle.ended

        until(app, replied, 30, "the computer's reply")
        until(app, lambda: bs.board.battle is s.battle, 10, "the animation to end")
        if not s.battle.ended and not s.is_human_turn():
            assert bs.mode.hint(bs).startswith("Waiting for ")
    finally:
        other.close()


def test_join_errors_are_one_sentence_in_the_window(app):
    menu = open_network(app, "join")
    type_into(app, menu.fields["address"], "no port here:x")
    type_into(app, menu.fields["code"], "ABCDEF")
    click(app, menu.button_named("go").rect.center)
    text = menu.message[0]
    assert text.startswith("Address") and "HOST:PORT" in text and "\n" not in text
    assert menu.client is None


def test_a_wrong_code_is_refused_in_one_sentence(app):
    from game.ui.net_session import HostedServer

    hosted = HostedServer(port=0)
    hosted.start()
    try:
        menu = open_network(app, "watch")
        type_into(app, menu.fields["address"], f"127.0.0.1:{hosted.port}")
        type_into(app, menu.fields["code"], "NOSUCH")
        click(app, menu.button_named("go").rect.center)
        until(app, lambda: menu.client is None, 10, "the refusal")
        assert "no match" in menu.message[0] and "NOSUCH" in menu.message[0]
    finally:
        hosted.stop()


class _FakeClient:
    """A NetClient's face over a real mirror of the arena: notes are handed in by the test."""

    def __init__(self, seat):
        from types import SimpleNamespace

        from game.files.maps import load_scenario
        from game.flow.turns import TurnController, TurnSettings

        self.seat, self.notes, self.sent = seat, [], []
        self.away, self.computer, self.asked, self.wait, self.host = {}, [], None, 90.0, ""
        b = load_scenario(ARENA)
        ctl = TurnController(b, b.ruleset, dice="seeded", settings=TurnSettings(autosave_dir=None))
        self.mirror = SimpleNamespace(ctl=ctl, battle=ctl.battle, ruleset=ctl.ruleset, count=1)

    def poll(self):
        notes, self.notes = self.notes, []
        return notes

    def my_turn(self):
        f = self.mirror.battle.get(self.mirror.ctl.whose_turn())
        return f is not None and f.side == self.seat

    def submit(self, action):
        self.sent.append(action)
        return True

    def close(self):
        pass


def test_waiting_words_reconnecting_and_undo_off():
    """The hint names the side being waited for as written; a dropped connection says reconnecting; our own
    intent sent is awaited; undo and redo are refused in one sentence."""
    from game.net.client import Note
    from game.ui.net_session import NetSession

    c = _FakeClient("")  # a spectator
    s = NetSession(c)
    side = s.current_side()
    name = s.side_name(side)
    assert s.waiting_words() == f"You are watching \u00b7 Waiting for {name}\u2026"
    c.notes = [Note("dropped", "The connection to the server dropped; reconnecting.")]
    said = s.arrivals()
    assert said[0].tone == "failure" and "reconnecting" in said[0].text
    assert s.waiting_words() == "Connection to the server lost (reconnecting\u2026)"
    c.notes = [Note("welcome", "Seat  in match X.")]
    s.arrivals()
    assert "reconnecting" not in s.waiting_words()
    # the server says the side to act lost its connection (Presence): everyone waits, saying so
    c.away = {side: time.monotonic()}
    c.notes = [Note("presence", side=side)]
    said = s.arrivals()
    assert said[0].text == f"{name} lost the connection; waiting for them (reconnecting\u2026)."
    assert s.waiting_words() == f"Waiting for {name} (reconnecting\u2026)"
    c.away = {}
    c.notes = [Note("presence", side=side)]
    assert s.arrivals()[0].text == f"{name} is back."
    assert "reconnecting" not in s.waiting_words()
    c.seat = side  # now this seat's turn
    s2 = NetSession(c)
    assert s2.is_human_turn() and s2.waiting_words() == ""
    assert s2.pass_idle() == (None, [])  # a fighter who can move is not passed for the player
    fid = s2.whose_turn()
    assert s2.end_round().ok and c.sent  # the pass goes to the server ...
    assert (fid, s2.battle.round) in s2.resting  # ... and the fighter's later turns this round will pass too
    assert not s2.is_human_turn() and s2.waiting_words() == "Sent to the server\u2026"  # ... and is awaited
    for r in (s2.undo(), s2.redo()):
        assert r.rejected and r.reason.text.endswith("played it for both players.")
    # manual physical dice stay off: the server rolls every die
    assert s2.set_dice_source("manual") is None and s2.waiting_for_dice is None
    r = s2.give_dice([3, 3, 3])
    assert r.rejected and r.reason.text.startswith("Entering dice is off in a networked battle")


def test_the_pause_menu_never_shows_a_seed_before_a_served_battle_ends():
    """The pause menu's dice line in a networked battle: the copy's seed (0: the server keeps the real one) is
    never shown and no `clinch play --seed` offered before the end; the match code and who rolls are; once the
    server has told its seed (Ended), that seed is shown."""
    from types import SimpleNamespace

    from game.ui.menus.pause_menu import seed_words
    from game.ui.net_session import NetSession

    c = _FakeClient("")
    c.code, c.ended = "K7QM2X", None
    s = NetSession(c)
    s.battle.rng.seed = 0  # what a client's copy holds before the end
    words = seed_words(s)
    assert words == "Match K7QM2X \u00b7 dice rolled by the host's server (its seed is told when the battle ends)"
    assert "seed 0" not in words and "--seed" not in words
    c.ended = SimpleNamespace(seed=918273, winner="red", rounds=3, state_hash="x")
    words = seed_words(s)
    assert words.startswith("Match K7QM2X \u00b7 dice seed 918273, told by the server at the end")
    assert words.endswith("clinch play --seed 918273") and "seed 0" not in words


def test_a_port_taken_is_said_in_one_sentence(app):
    """Hosting on a port another server holds: one sentence on the Network screen, nothing left running."""
    from game.ui.net_session import HostedServer

    other = HostedServer(port=0).start()
    try:
        menu = open_network(app)
        type_into(app, menu.fields["port"], str(other.port))
        click(app, menu.button_named("go").rect.center)
        text = menu.message[0]
        assert text.startswith(f"Cannot listen on 127.0.0.1:{other.port} (") and text.endswith("another port.")
        assert menu.client is None and menu.hosted is None
    finally:
        other.stop()


def test_a_served_battle_replays_once_over():
    """The end screen's replay of a served battle: the copy's start has no seed until the server tells it at
    the end; with it the replay plays every step to the battle as it ended. Before the end: one sentence."""
    from game.files import saves
    from game.files.maps import load_scenario
    from game.net.client import NetClient, play_computer
    from game.ui.menus.pause_menu import seed_words
    from game.ui.net_session import HostedServer, NetSession

    d20 = ROOT / "maps" / "arena_d20.toml"
    hosted = HostedServer(port=0)
    code = hosted.add_match(str(d20), load_scenario(d20))
    hosted.start()
    a = NetClient("127.0.0.1", hosted.port, code).start()
    b = NetClient("127.0.0.1", hosted.port, code).start()
    try:
        threading.Thread(target=lambda: play_computer(b, level="random", seed=3, timeout=60), daemon=True).start()
        end = time.monotonic() + 10
        while a.mirror is None and time.monotonic() < end:
            a.poll(0.1)
        with pytest.raises(saves.SaveError, match="once it is over"):  # a cannot end without a's own moves
            NetSession(a).replay()
        secret = str(hosted.server.matches[code].battle.rng.seed)
        before = seed_words(NetSession(a))  # the pause menu's dice line: the server's seed is not told yet
        assert secret not in before and "--seed" not in before and code in before
        play_computer(a, level="random", seed=3, timeout=60)
        s = NetSession(a)
        assert f"dice seed {secret}, told by the server at the end" in seed_words(s)  # now it may be shown
        r = s.replay()
        r.to_end()
        assert saves.state_hash(r.battle) == a.final_hash
    finally:
        a.close()
        b.close()
        hosted.stop()


def test_watch_a_match_mid_battle_from_the_window(app):
    """Watch: the window joins a match two computers are playing, sees the battle so far, then their moves as
    they come; it never acts, and its hint says it is watching."""
    from game.files.maps import load_scenario
    from game.net.client import NetClient, play_computer
    from game.ui.battle_scene import BattleScene
    from game.ui.net_session import HostedServer

    hosted = HostedServer(port=0)
    code = hosted.add_match(str(ARENA), load_scenario(ARENA))
    hosted.start()
    players = [NetClient("127.0.0.1", hosted.port, code).start() for _ in range(2)]
    try:
        for i, c in enumerate(players):
            threading.Thread(target=lambda c=c, i=i: play_computer(c, level="random", seed=i, timeout=60),
                             daemon=True).start()
        end = time.monotonic() + 10
        while (players[0].mirror is None or players[0].mirror.count < 3) and time.monotonic() < end:
            time.sleep(0.05)
        menu = open_network(app, "watch")
        type_into(app, menu.fields["address"], f"127.0.0.1:{hosted.port}")
        type_into(app, menu.fields["code"], code)
        click(app, menu.button_named("go").rect.center)
        until(app, lambda: isinstance(app.scene, BattleScene), 10, "the battle to open")
        bs = app.scene
        s = bs.session
        assert s.my_side == "" and s.mirror.count >= 3  # mid-battle: the entries so far
        first = s.mirror.count
        until(app, lambda: s.mirror.count > first + 2 or s.battle.ended, 30, "more moves to arrive")
        assert not s.is_human_turn() and s.options() == []
        until(app, lambda: s.battle.ended or (not bs.player.busy and bs.mode.hint(bs).startswith(
            "You are watching \u00b7 Waiting for ")), 20, "the spectator's hint")
    finally:
        for c in players:
            c.close()
        hosted.stop()


def test_the_network_wake_up_is_no_pygame_gui_event(app):
    """The event the network thread posts to wake the window is ``pygame.USEREVENT``, which neither
    ``custom_type()`` nor pygame_gui hands out: a type from ``custom_type()`` taken after pygame had been quit
    and started again was pygame_gui's UI_BUTTON_PRESSED, and the menu read the wake-up as a button press
    (AttributeError: no ``ui_element``) in a whole-suite run."""
    import pygame_gui

    from game.ui.menus import network_menu

    gui = {v for k, v in vars(pygame_gui).items() if k.startswith("UI_") and isinstance(v, int)}
    assert network_menu.WAKE == pygame.USEREVENT and network_menu.WAKE not in gui
    menu = open_network(app)
    network_menu._post()
    app.step()  # the menu takes the wake-up like any other event, without raising
    assert app.scene is menu


def test_take_back_through_the_window_and_answering_the_other_side(app):
    """The window's "Take back my last action" asks the other side, which accepts: the board goes back. Then
    the other side asks, and the window's "Let them" puts its action back too (no dice in either: moves and
    passes)."""
    from game.net.client import NetClient
    from game.ui.battle_scene import BattleScene

    menu = open_network(app)
    type_into(app, menu.fields["port"], "0")
    click(app, menu.button_named("go").rect.center)
    until(app, lambda: menu.welcomed, 10, "the server to welcome the host")
    click(app, menu.button_named("go").rect.center)
    until(app, lambda: isinstance(app.scene, BattleScene), 10, "the battle to open")
    bs = app.scene
    s = bs.session
    other = NetClient("127.0.0.1", s.hosted.port, s.client.code, seat="").start()
    try:
        until(app, lambda: other.poll() is not None and other.mirror is not None, 10, "the other seat")

        def others_pass():
            other.poll()
            if other.my_turn() and other.mirror.count == s.mirror.count:
                other.submit(other.mirror.ctl.pass_intent())
            return s.is_human_turn() and not bs.player.busy

        until(app, others_pass, 30, "the window's turn")
        actor = bs.actor
        start = s.battle.get(actor).hex
        before = s.mirror.count
        reach = [h for h in bs.reach if h != start]
        assert reach, "the arena's first fighter can move"
        click(app, bs.board.hex_screen_pos(reach[0]))
        until(app, lambda: s.mirror.count == before + 1 and bs.net_bar is not None, 10, "the move and the bar")
        assert bs.net_bar.state == ("Take back my last action",)
        click(app, bs.net_bar.take_back.rect.center)
        until(app, lambda: other.poll() is not None and other.asked is not None, 10, "the request to arrive")
        assert other.asked == (s.my_side, before)
        other.answer(True)
        until(app, lambda: s.mirror.count == before and bs.board.battle is s.battle, 10, "the take-back")
        assert s.battle.get(actor).hex == start
        assert not any((e.get("intent") or {}).get("type") == "move" for e in s.battle.log[-1:])
        # now the other side acts and asks; the window is asked and lets them
        def window_passes():  # the window passes its fighters' turns until the other side's comes
            other.poll()
            if s.is_human_turn() and not bs.player.busy:
                press(app, pygame.K_SPACE, unicode=" ")
            return other.my_turn()

        until(app, window_passes, 20, "the other side's turn")
        k = other.mirror.count
        other.submit(other.mirror.ctl.pass_intent())
        until(app, lambda: s.mirror.count == k + 1 and other.poll() is not None and other.mirror.count == k + 1, 10,
              "the other side's pass")
        other.ask_take_back()
        until(app, lambda: bs.net_bar is not None and bs.net_bar.yes is not None, 10, "the question")
        name = s.side_name(other.seat)
        assert bs.net_bar.state[0] == f"{name} asks to take back their last action."
        click(app, bs.net_bar.yes.rect.center)
        until(app, lambda: s.mirror.count == k and other.poll() is not None and other.mirror.count == k, 10,
              "the other side's take-back")
    finally:
        other.close()


def test_the_host_is_asked_to_give_an_away_seat_to_the_computer_after_the_wait():
    """Once a seat's player has been away longer than the wait, the host's bar asks; "Keep waiting" stops
    asking about that drop, "Computer plays them" sends the server the request."""
    from game.net.client import NetClient
    from game.ui.net_session import NetSession

    c = _FakeClient("red")
    c.host, c.wait = "red", 90.0
    c.away = {"blue": time.monotonic() - 30}
    c.may_give = lambda side: NetClient.may_give(c, side)
    c.gave = []
    c.give_seat = lambda side: c.gave.append(side) or True
    s = NetSession(c)
    assert s.question() is None  # 30 s away: still waiting for them
    c.away = {"blue": time.monotonic() - 100}
    name = s.side_name("blue")
    assert s.question() == (f"{name} has been away over 90 s.", "Computer plays them", "Keep waiting", "give:blue")
    assert s.answer("give:blue", False) == f"Waiting for {name}."
    assert s.question() is None
    c.away = {"blue": time.monotonic() - 95}  # dropped again: asked again
    assert s.question() is not None and s.answer("give:blue", True) == "" and c.gave == ["blue"]
    c.host = "blue"  # a match hosted by the other side: this seat is not asked
    assert s.question() is None


def test_host_offers_the_players_own_battles_and_serves_one(dirs, app):
    """Issue 29: Host offers "a scenario or your own battle". A battle of the player's own (the builder's
    folder) is listed under New battle's "Your battles" heading; picking the heading picks nothing; picking the
    battle reads its sides; hosting it serves that file, and the battle screen opens on it."""
    import pygame_gui

    from game.builder import user_scenarios_dir
    from game.ui.battle_scene import BattleScene
    from game.ui.menus.new_battle import YOUR_BATTLES
    from game.ui.net_session import NetSession

    mine = user_scenarios_dir() / "Crimson Pit.toml"
    mine.parent.mkdir(parents=True)
    text = ARENA.read_text().replace('map = "arena.tmx"', f"map = {str(ARENA.with_name('arena.tmx'))!r}")
    text = text.replace('name = "Sand Pit: three on three"', 'name = "Crimson Pit"')
    mine.write_text(text.replace('name = "Red Company"', 'name = "Crimson Band"'))

    def pick(text):
        dd = next(w for w, k in menu.dropdowns.items() if k == "scenario")
        pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=text, ui_element=dd,
                                             ui_object_id=""))
        app.step()

    menu = open_network(app)
    titles = list(menu.titles)
    assert titles.index(YOUR_BATTLES) == titles.index("Crimson Pit") - 1 and menu.titles["Crimson Pit"] == mine
    shipped = menu.scenario
    pick(YOUR_BATTLES)
    assert menu.scenario == shipped and menu.message is None
    pick("Crimson Pit")
    assert menu.scenario == mine and ("red", "Crimson Band") in menu.sides
    type_into(app, menu.fields["port"], "0")
    click(app, menu.button_named("go").rect.center)
    until(app, lambda: menu.welcomed, 10, "the server to welcome the host")
    served = menu.hosted.server.matches[menu.code]
    assert served.scenario == str(mine) and served.battle.side("red").name == "Crimson Band"
    click(app, menu.button_named("go").rect.center)  # To the battle
    until(app, lambda: isinstance(app.scene, BattleScene), 10, "the battle to open")
    s = app.scene.session
    assert isinstance(s, NetSession) and s.scenario == str(mine) and s.side_name("red") == "Crimson Band"
