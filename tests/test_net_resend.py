"""The window's intent sent just before a drop (loopback only): sent again after the reconnect if the server did
not apply it, never played twice if it did.

The window's side of a served battle (``game.ui.net_session.NetSession``, headless: it imports no pygame)
submits a pass; a fault in the server either swallows that intent and cuts the connection (the server never
saw it), or plays it and cuts the connection before its entry is sent back. Either way the battle ends up
with the pass played exactly once and the window's copy in step with the server's.
"""

from __future__ import annotations

from pathlib import Path

from net_helpers import ServerThread, joined, wait_for

from game.net.server import Server
from game.ui.net_session import NetSession


class _SwallowFirstIntent(Server):
    """A fault: the first intent is dropped unread and its connection cut (no close frame)."""

    cut = 0

    async def _message(self, conn, data) -> None:  # noqa: ANN001
        if not type(self).cut and '"t":"intent"' in (data if isinstance(data, str) else data.decode()):
            type(self).cut += 1
            conn.ws.transport.abort()
            return
        await super()._message(conn, data)


class _CutAfterFirstSave(Server):
    """A fault: the first intent is played and saved, then its sender's connection is cut before the entry
    is sent to it."""

    cut = 0

    async def _save(self, m) -> None:  # noqa: ANN001
        await super()._save(m)
        if not type(self).cut:
            type(self).cut += 1
            for c in list(self.conns.get(m.code, ())):
                if c.side == self.victim:
                    c.ws.transport.abort()


def _play_pass_through_a_drop(srv: ServerThread) -> tuple[NetSession, object, int]:
    red, blue = joined(srv.port, srv.code, "red"), joined(srv.port, srv.code, "blue")
    m = red.mirror
    side = m.battle.fighter(m.ctl.whose_turn()).side
    mover, other = (red, blue) if side == "red" else (blue, red)
    srv.server.victim = mover.seat
    session = NetSession(mover)
    before = srv.call(lambda: len(srv.match.entries))
    result = session.end_turn()
    assert result.ok
    wait_for(lambda: session.arrivals() is not None and mover.reconnects >= 1 and mover.connected
             and mover.mirror.count == before + 1, 20, "the pass to come back after the reconnect")
    return session, other, before


def test_an_intent_the_server_never_saw_is_sent_again_after_the_reconnect(tmp_path: Path) -> None:
    _SwallowFirstIntent.cut = 0
    srv = ServerThread(tmp_path, server_cls=_SwallowFirstIntent)
    session, other, before = _play_pass_through_a_drop(srv)
    assert _SwallowFirstIntent.cut == 1
    wait_for(lambda: other.poll() is not None and other.mirror.count == before + 1, 10, "the other seat")
    m = srv.match
    assert srv.call(lambda: len(m.entries)) == before + 1
    assert srv.call(lambda: m.entries[-1].intent["type"]) == session.mirror.battle.log[-1]["intent"]["type"]
    assert session.mirror.good and session._sent_for is None
    session.close(), other.close()
    srv.kill()


def test_an_intent_the_server_played_is_not_sent_again(tmp_path: Path) -> None:
    _CutAfterFirstSave.cut = 0
    srv = ServerThread(tmp_path, server_cls=_CutAfterFirstSave)
    session, other, before = _play_pass_through_a_drop(srv)
    assert _CutAfterFirstSave.cut == 1
    session.arrivals()
    errors = [a.text for a in session.arrivals() if a.tone == "failure" and "entry" in a.text]
    assert errors == []  # a second copy would have been refused as stale
    assert srv.call(lambda: len(srv.match.entries)) == before + 1
    assert session.mirror.good and session._sent_for is None and session._pending is None
    session.close(), other.close()
    srv.kill()
