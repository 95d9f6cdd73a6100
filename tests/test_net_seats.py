"""Seats over the network (loopback only): presence, a lost first Welcome, away seats given to the computer,
take-back requests.

- Presence: when a seat's player drops, the others are told (the window says "waiting for Blue
  (reconnecting…)"), and told again when they are back.
- A client whose connection drops before its Welcome (its token) arrived asks again with the nonce of its
  first hello and gets the same seat back; without the nonce the seat would be taken by a token nobody holds.
- After the wait the host (only the host, when the match has one) may give an away seat to the computer,
  which then plays it on the server; the old token no longer holds the seat.
- Undo is a take-back request the other side accepts or refuses; accepted, the server and every client go
  back to the entry before the asker's last action and the save still replays; after dice it is refused.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from net_helpers import ARENA, ServerThread, joined, pump, reply, wait_for

from game.files.maps import load_scenario
from game.files.saves import check_save
from game.net.client import NetClient
from game.net.match import Match, Refusal
from game.net.protocol import Intent, net_hash
from game.net.server import Server


def _mover(a: NetClient, b: NetClient) -> tuple[NetClient, NetClient]:
    """(the client whose side acts now, the other)."""
    m = a.mirror
    assert m is not None
    side = m.battle.fighter(m.ctl.whose_turn()).side
    return (a, b) if side == a.seat else (b, a)


def _pass(client: NetClient) -> None:
    m = client.mirror
    assert m is not None
    intent = m.ctl.pass_intent()
    assert intent is not None and client.submit(intent)


def _entries(srv: ServerThread) -> int:
    return srv.call(lambda: len(srv.match.entries))  # type: ignore[return-value]


def _caught_up(srv: ServerThread, n: int, *clients: NetClient) -> None:
    """The server holds ``n`` entries and so does every client."""
    wait_for(lambda: _entries(srv) == n, 10, f"the server to hold {n} entries")
    for c in clients:
        pump(c, lambda c=c: c.mirror is not None and c.mirror.count == n, 10, f"{c.seat} to hold {n} entries")


# -- presence -----------------------------------------------------------------------------------------

def test_the_others_are_told_when_a_player_drops_and_when_they_are_back(tmp_path: Path) -> None:
    srv = ServerThread(tmp_path)
    red, blue = joined(srv.port, srv.code, "red"), joined(srv.port, srv.code, "blue")
    pump(red, lambda: "blue" not in red.away and red.wait == 90.0, 5, "the first presence")
    ws, loop = blue._ws, blue._loop
    loop.call_soon_threadsafe(ws.transport.abort)  # the cable is pulled: no close frame
    notes = pump(red, lambda: "blue" in red.away, 10, "red to hear that blue dropped")
    assert any(n.kind == "presence" and n.side == "blue" for n in notes)
    pump(blue, lambda: blue.connected and blue.reconnects >= 1, 10, "blue to reconnect")
    notes = pump(red, lambda: "blue" not in red.away, 10, "red to hear that blue is back")
    assert any(n.kind == "presence" and n.side == "blue" for n in notes)
    for c in (red, blue):
        c.close()
    srv.kill()


# -- a lost first Welcome -------------------------------------------------------------------------------

class _LoseFirstWelcome(Server):
    """A fault: the first Welcome is never sent; the connection is cut after the seat was given."""

    lost = 0

    def _welcome(self, conn, welcome) -> None:  # noqa: ANN001
        if not self.lost:
            type(self).lost += 1
            conn.ws.transport.abort()
            return
        super()._welcome(conn, welcome)


@pytest.mark.parametrize("with_nonce", [True, False])
def test_a_lost_first_welcome_gets_the_same_seat_back_with_the_join_nonce(tmp_path: Path, with_nonce: bool) -> None:
    _LoseFirstWelcome.lost = 0
    srv = ServerThread(tmp_path, server_cls=_LoseFirstWelcome)
    client = NetClient("127.0.0.1", srv.port, srv.code, seat="red")
    if not with_nonce:
        client.nonce = ""  # as a protocol-1 client joined: nothing to ask for its seat with
    client.start()
    pump(client, lambda: client.mirror is not None or client.refused is not None, 15, "a welcome or a refusal")
    assert _LoseFirstWelcome.lost == 1
    seat = srv.call(lambda: srv.match.seats["red"].token)
    if with_nonce:
        assert client.refused is None and client.seat == "red" and client.token == seat
        assert client.reconnects >= 1
        # the seat is held by this client: it plays with it
        blue = joined(srv.port, srv.code, "blue")
        mover, _ = _mover(client, blue)
        before = _entries(srv)
        _pass(mover)
        wait_for(lambda: _entries(srv) == before + 1, 10, "the pass to be played")
        blue.close()
    else:
        assert client.refused is not None and "taken" in client.refused
    client.close()
    srv.kill()


def test_a_nonce_only_gets_back_the_seat_it_was_given() -> None:
    battle = load_scenario(ARENA)
    m = Match.create("ABCDEF", ARENA, battle, seed=5, folder=None)
    side, token = m.take_seat("red", "", 0.0, "nonce-one")
    assert m.take_seat("", "", 0.0, "nonce-one") == (side, token)
    other = m.take_seat("", "", 0.0, "nonce-two")
    assert other[0] == "blue" and other[1] != token
    with pytest.raises(Refusal, match="taken"):
        m.take_seat("red", "", 0.0, "nonce-three")


# -- an away seat given to the computer ---------------------------------------------------------------

def test_after_the_wait_the_host_gives_an_away_seat_to_the_computer(tmp_path: Path) -> None:
    srv = ServerThread(tmp_path, seat_wait=0.5, host="red")
    red, blue = joined(srv.port, srv.code, "red"), joined(srv.port, srv.code, "blue")
    old = blue.token
    blue.close()
    pump(red, lambda: "blue" in red.away, 10, "red to hear that blue left")
    note = reply(red, lambda: red.give_seat("blue"))
    assert "kept for its player" in note.text
    time.sleep(0.6)
    assert red.may_give("blue")
    red.give_seat("blue")
    pump(red, lambda: red.computer == ["blue"] and "blue" not in red.away, 10, "the computer to take blue")
    # the computer plays blue on the server; red passes its own turns
    for _ in range(40):
        wait_for(lambda: red.poll() is not None and (red.my_turn() or red.ended is not None), 60, "red's turn")
        if red.ended is not None:
            break
        k = red.mirror.count
        _pass(red)
        pump(red, lambda k=k: red.mirror.count > k, 60, "the pass")
    by_blue = srv.call(lambda: [e for e in srv.match.entries[1:]
                                if srv.match.battle.get(e.intent["actor"]).side == "blue"])
    assert by_blue, "the computer never played blue"
    back = NetClient("127.0.0.1", srv.port, srv.code, token=old).start()
    pump(back, lambda: back.refused is not None, 10, "the old token to be refused")
    assert "given to the computer" in back.refused
    red.close(), back.close()
    srv.kill()


def test_only_the_host_may_give_a_seat_away_and_never_before_the_wait() -> None:
    m = Match.create("ABCDEF", ARENA, load_scenario(ARENA), seed=5, folder=None, seat_wait=90)
    m.host = "red"
    m.take_seat("red", "", 0.0)
    m.take_seat("blue", "", 0.0)
    m.seats["blue"].dropped_at = 100.0
    with pytest.raises(Refusal, match="another 60 s"):
        m.give_to_computer("red", "blue", 130.0)
    with pytest.raises(Refusal, match="Only the host"):
        m.give_to_computer("blue", "red", 300.0)
    m.give_to_computer("red", "blue", 191.0)
    assert m.seats["blue"].computer and not m.seats["blue"].token


# -- take-back requests -----------------------------------------------------------------------------------

def test_a_take_back_the_other_side_accepts_rolls_everyone_back(tmp_path: Path) -> None:
    srv = ServerThread(tmp_path)
    red, blue = joined(srv.port, srv.code, "red"), joined(srv.port, srv.code, "blue")
    mover, other = _mover(red, blue)
    before = _entries(srv)
    hash_before = srv.call(lambda: srv.match.entries[-1].hash)
    _pass(mover)
    _caught_up(srv, before + 1, red, blue)
    assert mover.ask_take_back()
    pump(other, lambda: other.asked is not None, 10, "the request to reach the other side")
    assert other.asked == (mover.seat, before)
    pump(mover, lambda: mover.asked is not None, 10, "the asker to hear its request is open")
    note = reply(mover, lambda: mover.answer(True))  # the asker cannot answer its own request
    assert "Only the other players" in note.text
    assert other.answer(True)
    notes = pump(mover, lambda: mover.asked is None and mover.mirror.count == before, 10, "the take-back")
    assert any(n.kind == "takeback_done" and "took back" in n.text for n in notes)
    pump(other, lambda: other.mirror.count == before, 10, "the other side to go back too")
    assert _entries(srv) == before
    assert srv.call(lambda: srv.match.entries[-1].hash) == hash_before
    for c in (red, blue):
        assert c.mirror.good and c.mirror.count == before and net_hash(c.mirror.battle) == hash_before
    save, ctl = check_save(tmp_path / f"{srv.code}.json")  # the save on disk is the battle rolled back
    assert len(ctl.battle.log) == srv.call(lambda: len(srv.match.battle.log))
    # the battle goes on from there
    _pass(mover)
    wait_for(lambda: _entries(srv) == before + 1, 10, "the pass played again")
    red.close(), blue.close()
    srv.kill()


def test_a_refused_take_back_changes_nothing(tmp_path: Path) -> None:
    srv = ServerThread(tmp_path)
    red, blue = joined(srv.port, srv.code, "red"), joined(srv.port, srv.code, "blue")
    mover, other = _mover(red, blue)
    after = _entries(srv) + 1
    _pass(mover)
    _caught_up(srv, after, red, blue)
    mover.ask_take_back()
    pump(other, lambda: other.asked is not None, 10, "the request")
    pump(mover, lambda: mover.asked is not None, 10, "the asker to hear its request is open")
    other.answer(False)
    notes = pump(mover, lambda: mover.asked is None, 10, "the refusal")
    assert any(n.kind == "takeback_done" and "refused" in n.text for n in notes)
    assert _entries(srv) == after and mover.mirror.count == after
    red.close(), blue.close()
    srv.kill()


def test_a_take_back_after_dice_is_refused_with_a_sentence() -> None:
    """The server never rolls a die again: once dice were rolled in or after the asker's last action, no."""
    m = Match.create("ABCDEF", ARENA, load_scenario(ARENA), seed=9, folder=None)
    from game.ai.opponent import Opponent

    opp = Opponent("easy", budget_ms=None, nodes=30, seed=3, explain=False)
    for _ in range(200):
        fid = m.ctl.whose_turn()
        side = m.battle.get(fid).side
        action = opp.decide(m.battle, m.ruleset, fid).action
        entry = m.play(side, Intent(token="", index=len(m.entries), intent=action.to_dict()))
        if any(item.get("dice") for item in entry.log):
            break
    else:
        pytest.fail("no action rolled dice in 200 entries")
    count = len(m.entries)
    with pytest.raises(Refusal, match="Dice were rolled"):
        m.ask_take_back(side, count)
    with pytest.raises(Refusal, match="moved on"):
        m.ask_take_back(side, count - 1)
    assert len(m.entries) == count and m.takeback is None


def test_a_seat_given_to_the_computer_stays_its_after_the_server_restarts(tmp_path: Path) -> None:
    """The seats' file says which seats the computer plays: a server started again on the folder goes on
    playing them (a seat nobody ever took may be given at once)."""
    srv = ServerThread(tmp_path, seat_wait=90)
    port, code = srv.port, srv.code
    red = joined(port, code, "red")
    red.give_seat("blue")
    pump(red, lambda: red.computer == ["blue"], 10, "the computer to take blue")
    wait_for(lambda: red.poll() is not None and red.my_turn(), 60, "red's turn")
    srv.kill()
    again = ServerThread(tmp_path, scenario=None, port=port)
    assert again.problems == [] and again.call(lambda: again.match.seats["blue"].computer) is True
    pump(red, lambda: red.connected and red.computer == ["blue"], 20, "red to reconnect")
    start = again.call(lambda: len(again.match.entries))
    for _ in range(20):
        wait_for(lambda: red.poll() is not None and (red.my_turn() or red.ended is not None), 60, "red's turn")
        if red.ended is not None:
            break
        k = red.mirror.count
        _pass(red)
        pump(red, lambda k=k: red.mirror.count > k, 60, "the pass")
    m = again.match
    by_blue = again.call(lambda: [e for e in m.entries[start:] if m.battle.get(e.intent["actor"]).side == "blue"])
    assert by_blue, "the restarted server never played blue"
    red.close()
    again.kill()
