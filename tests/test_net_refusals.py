"""The server refuses what is not a player's to send, in one sentence, and changes nothing (loopback only).

Forged tokens, stale indices, intents out of turn or for the other side's
fighters, malformed, oversized and random messages: each earns an error reply
and leaves the match's entries and hash as they were. The handshake refuses
another protocol, another game version, other rules, an unknown match.
"""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_helpers import ServerThread, joined, pump, reply

from game.net.client import NetClient
from game.net.protocol import (
    GAME_VERSION,
    MAX_CLIENT_BYTES,
    PROTOCOL,
    Hello,
    Intent,
    ProtocolError,
    Sync,
    all_fingerprints,
    decode_client,
    encode,
)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    """One server, one match, both seats taken (red and blue), nothing played yet."""
    srv = ServerThread(tmp_path_factory.mktemp("net-refusals"))
    red = joined(srv.port, srv.code, "red")
    blue = joined(srv.port, srv.code, "blue")
    yield srv, red, blue
    red.close()
    blue.close()
    srv.kill()


def _state(srv: ServerThread) -> tuple[int, str, int]:
    m = srv.match
    return srv.call(lambda: (len(m.entries), m.entries[-1].hash, len(m.battle.log)))  # type: ignore[return-value]


def _turn(red: NetClient, blue: NetClient) -> tuple[NetClient, NetClient]:
    """(the client whose side acts now, the other one)."""
    m = red.mirror
    assert m is not None
    side = m.battle.fighter(m.ctl.whose_turn()).side
    return (red, blue) if side == red.seat else (blue, red)


def _pass(client: NetClient, actor: str | None = None) -> dict:
    m = client.mirror
    assert m is not None
    intent = m.ctl.pass_intent()
    assert intent is not None
    d = intent.to_dict()
    if actor is not None:
        d["actor"] = actor
    return d


def test_forged_token_is_refused_and_changes_nothing(table) -> None:  # noqa: ANN001
    srv, red, blue = table
    mover, _ = _turn(red, blue)
    before = _state(srv)
    forged = encode(Intent(token="forged-" + mover.token[7:], index=before[0], intent=_pass(mover)))
    note = reply(mover, lambda: mover.send_raw(forged.decode()))
    assert "token" in note.text
    assert _state(srv) == before


def test_stale_index_is_refused_and_changes_nothing(table) -> None:  # noqa: ANN001
    srv, red, blue = table
    mover, _ = _turn(red, blue)
    before = _state(srv)
    stale = encode(Intent(token=mover.token, index=before[0] + 3, intent=_pass(mover)))
    note = reply(mover, lambda: mover.send_raw(stale.decode()))
    assert f"the battle is at entry {before[0]}" in note.text
    assert _state(srv) == before


def test_out_of_turn_intent_is_refused_and_changes_nothing(table) -> None:  # noqa: ANN001
    srv, red, blue = table
    mover, waiter = _turn(red, blue)
    m = waiter.mirror
    mine = next(f.id for f in m.battle.fighters if f.side == waiter.seat)
    before = _state(srv)
    note = reply(waiter, lambda: waiter.submit(_pass(mover, actor=mine)))
    assert "turn" in note.text
    assert _state(srv) == before


def test_foreign_fighter_is_refused_and_changes_nothing(table) -> None:  # noqa: ANN001
    srv, red, blue = table
    mover, waiter = _turn(red, blue)
    before = _state(srv)
    note = reply(waiter, lambda: waiter.submit(_pass(mover)))
    assert "not on your side" in note.text
    assert _state(srv) == before


@pytest.mark.parametrize("data", [
    b"{not json", b'{"t":"intent"}', b'{"t":"launch","token":"x"}', b"[]", b'{"t":"sync","token":"x","extra":1}',
    b'{"t":"intent","token":"x","index":-1,"intent":{}}', b"\xff\xfe\x00",
])
def test_malformed_messages_get_one_sentence(table, data: bytes) -> None:  # noqa: ANN001
    srv, red, blue = table
    before = _state(srv)
    note = reply(red, lambda: red.send_raw(data))
    assert note.text.endswith(".") and "\n" not in note.text
    assert _state(srv) == before


def test_oversized_message_is_refused_and_changes_nothing(table) -> None:  # noqa: ANN001
    srv, red, blue = table
    before = _state(srv)
    big = encode(Sync(token=red.token)).replace(b'"token"', b'"pad":"' + b"x" * MAX_CLIENT_BYTES + b'","token"')
    note = reply(red, lambda: red.send_raw(big))
    assert "more than the" in note.text
    assert _state(srv) == before


def test_hello_twice_is_refused(table) -> None:  # noqa: ANN001
    srv, red, blue = table
    again = encode(Hello(protocol=PROTOCOL, game=GAME_VERSION, code=srv.code, token=red.token))
    note = reply(red, lambda: red.send_raw(again.decode()))
    assert "token" in note.text or "hello" in note.text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.binary(max_size=300),
                 st.dictionaries(st.sampled_from(["t", "token", "index", "intent", "code", "have"]),
                                 st.one_of(st.integers(), st.text(max_size=20), st.none(),
                                           st.sampled_from(["intent", "sync", "hello"])), max_size=5)))
def test_random_messages_change_nothing(table, data) -> None:  # noqa: ANN001
    """Whatever bytes arrive, the server answers and the match is as it was (the token of a seat is never guessed)."""
    srv, red, blue = table
    raw = data if isinstance(data, bytes) else encode_dict(data)
    before = _state(srv)
    note = reply(red, lambda: red.send_raw(raw))
    assert note.text
    assert _state(srv) == before


def encode_dict(d: dict) -> bytes:
    import json

    return json.dumps(d).encode()


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000))
def test_decoding_random_bytes_raises_only_protocol_errors(data: bytes) -> None:
    try:
        decode_client(data)
    except ProtocolError as exc:
        assert str(exc).endswith(".")


def _hello(port: int, hello: Hello) -> str:
    async def go() -> str:
        from websockets.asyncio.client import connect

        async with connect(f"ws://127.0.0.1:{port}/", proxy=None) as ws:
            await ws.send(encode(hello).decode())
            return await asyncio.wait_for(ws.recv(), 5)
    return asyncio.run(go())


@pytest.mark.parametrize("change, words", [
    ({"protocol": PROTOCOL + 1}, "protocol"),
    ({"game": "0.0.0-other"}, "version"),
    ({"rules": {}}, "rules differ"),
    ({"code": "ZZZZZZ"}, "no match"),
    ({"seat": "purple"}, "no side"),
    ({"token": "not-a-token"}, "token"),
    ({"match": "0" * 64}, "another scenario"),
])
def test_handshake_mismatch_is_refused_in_one_sentence(table, change: dict, words: str) -> None:  # noqa: ANN001
    srv, _, _ = table
    fields = {"protocol": PROTOCOL, "game": GAME_VERSION, "code": srv.code, "rules": all_fingerprints(),
              "seat": "watch"}
    fields.update(change)
    answer = _hello(srv.port, Hello(**fields))
    assert answer.startswith('{"t":"refused"') and words in answer


def test_taken_seat_is_refused_and_a_spectator_cannot_act(table) -> None:  # noqa: ANN001
    srv, red, _ = table
    third = NetClient("127.0.0.1", srv.port, srv.code, seat="red").start()
    pump(third, lambda: third.refused is not None, 10, "a refusal")
    assert "taken" in third.refused
    third.close()
    watcher = joined(srv.port, srv.code, "watch")
    assert watcher.seat == ""
    before = _state(srv)
    note = reply(watcher, lambda: watcher.submit(_pass(red)))
    assert "spectator" in note.text
    assert _state(srv) == before
    watcher.close()


def test_a_message_over_the_wire_limit_closes_the_connection_and_changes_nothing(table) -> None:  # noqa: ANN001
    """Past the websocket's own limit the server closes (code 1009) instead of reading on; the client
    reconnects with its token and holds the same seat."""
    from game.net.server import WIRE_LIMIT

    srv, red, blue = table
    before = _state(srv)
    seat, reconnects = red.seat, red.reconnects
    assert red.send_raw(b"x" * (WIRE_LIMIT + 10))
    pump(red, lambda: red.reconnects > reconnects and red.connected, 20, "a reconnection")
    assert red.seat == seat and _state(srv) == before


def test_a_client_expecting_this_scenario_is_admitted(table) -> None:  # noqa: ANN001
    from game.net.protocol import match_hash

    srv, _, _ = table
    m = srv.match
    watcher = joined(srv.port, srv.code, "watch", expect=match_hash(m.ruleset, m.ctl.initial))
    assert watcher.refused is None and watcher.seat == ""
    watcher.close()


def test_a_server_that_cannot_be_reached_is_said_in_one_sentence() -> None:
    import socket

    with socket.socket() as s:  # a port nothing listens on: bound, never listening
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        client = NetClient("127.0.0.1", port, "ABCDEF", give_up=0.5).start()
        pump(client, lambda: client.refused is not None, 20, "giving up")
    assert client.refused == f"The server at 127.0.0.1:{port} could not be reached for 0.5 s; gave up."
    client.close()
