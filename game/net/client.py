"""The client: a background thread talking to the server, polled by whoever plays (a window, the computer).

Interface (what a pygame loop needs; every call is non-blocking unless a timeout is given)::

    client = NetClient("127.0.0.1", 8765, "K7QM2X", seat="")   # seat: a side id, "" any, "watch"
                                       # expect=match_hash(ruleset, battle): refuse another scenario
    client.start()                     # the network thread: connects, says hello, reconnects with backoff
    for note in client.poll():         # each frame: applies what arrived to client.mirror, on YOUR thread
        note.kind                      # "welcome", "entry", "resync", "ended", "error", "refused", "dropped",
                                       # "presence", "takeback_asked", "takeback_done"
        note.text                      # one sentence for the player (errors, refusals, drops)
    client.mirror.battle               # the battle as the server's entries make it (read only)
    client.mirror.ctl.legal_actions()  # the options of the fighter whose turn it is
    client.my_turn()                   # whether the fighter to act is on this client's seat
    client.submit(action)              # an Action of the ruleset (or its dict); the server checks it
    client.ended, client.final_hash    # set once the battle is over and its final hash checked
    client.away, client.computer       # sides whose player is away (-> when it dropped), played by the computer
    client.ask_take_back()             # ask the others to let this seat take back its last action
    client.asked                       # an open take-back request: (side asking, index), or None
    client.answer(accept)              # accept or refuse it
    client.give_seat(side)             # the host gives an away seat (after the wait) to the computer
    client.close()

``NetClient(..., wake=fn)``: ``fn()`` is called on the network thread each
time something arrives, so a window can post itself an event instead of
polling every frame (it must do no more than that: it runs on another thread).

Only :meth:`NetClient.poll` changes :attr:`NetClient.mirror`, so a window
reads the battle without locks. The thread keeps the seat's token and, when
the connection drops, reconnects with growing delays (0.2 s doubling to 5 s)
for :attr:`NetClient.give_up` seconds, asking for the entries it missed.
Until it has a token its hellos carry a nonce of its own drawing: a
Welcome lost with the connection is asked for again with it, and the server
gives back the same seat (a plain second hello would find it taken).
Only loopback and the address given are ever contacted; no proxy is used.

:func:`play_computer` is ``clinch join --headless``: the computer player of
``game.ai`` (asked as ``clinch simulate`` asks it) on one seat.
"""

from __future__ import annotations

import asyncio
import queue
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.ai.opponent import Opponent
from game.ai.scratch import mix
from game.ai.simulation import DEFAULT_NODES
from game.net.mirror import Mirror
from game.net.protocol import (
    GAME_VERSION,
    MAX_SERVER_BYTES,
    PROTOCOL,
    Answer,
    Ended,
    Entry,
    Error,
    GiveSeat,
    Hello,
    Intent,
    Presence,
    ProtocolError,
    Refused,
    Snapshot,
    Sync,
    TakeBack,
    TakeBackAsked,
    TakeBackDone,
    Welcome,
    all_fingerprints,
    decode_server,
    encode,
    match_hash,
)
from game.rules.base import find_ruleset

if TYPE_CHECKING:
    from game.rules.base import Action

__all__ = ["NetClient", "Note", "play_computer", "GIVE_UP"]

#: seconds a client keeps trying to reconnect before it gives up
GIVE_UP = 120.0
#: seconds a client tries to reach a server it has never reached (a wrong address is said sooner)
FIRST_CONTACT = 10.0
#: seconds of silence after which the computer player sends its unanswered intent again
QUIET = 15.0


@dataclass(frozen=True)
class Note:
    """Something :meth:`NetClient.poll` did, for the screen: ``kind`` and one sentence."""

    kind: str
    text: str = ""
    entry: Entry | None = None
    #: the side a presence change, take-back request or answer is about
    side: str = ""


class NetClient:
    """See the module docstring."""

    def __init__(self, host: str, port: int, code: str, *, seat: str = "", token: str = "",
                 give_up: float = GIVE_UP, wake: Callable[[], None] | None = None, expect: str = "") -> None:
        self.uri = f"ws://{host if ':' not in host else f'[{host}]'}:{int(port)}/"
        self.code = code
        self.wanted = seat
        self.token = token
        self.give_up = give_up
        self.expect = expect  # the match hash of the scenario the player chose, if they chose one
        self.seat: str | None = None
        self.mirror: Mirror | None = None
        self.ended: Ended | None = None
        self.final_hash: str | None = None
        self.refused: str | None = None
        self.connected = False
        self.reconnects = 0
        #: a secret of this join, sent while it has no token (a lost Welcome is asked for again with it)
        self.nonce = secrets.token_urlsafe(24)
        #: sides whose player is away -> the monotonic time their connection dropped (from Presence)
        self.away: dict[str, float] = {}
        self.wait = 0.0  # how long the server keeps an away seat
        self.computer: list[str] = []
        self.host = ""
        #: an open take-back request: (side asking, the entry index it goes back to)
        self.asked: tuple[str, int] | None = None
        self._inbox: queue.Queue[Any] = queue.Queue()
        self._have = 0
        self._closing = False
        self._ws: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._syncing = False
        self._welcomed = False  # the server answered once (set on the network thread)
        #: called on the network thread whenever something arrives (a window posts an event to wake itself)
        self.wake = wake

    # -- the caller's side -----------------------------------------------------------------------
    def start(self) -> NetClient:
        self._thread = threading.Thread(target=self._thread_main, name=f"clinch-net-{self.code}", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._closing = True
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None:
            try:
                asyncio.run_coroutine_threadsafe(ws.close(), loop)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(timeout=5)

    def my_turn(self) -> bool:
        m = self.mirror
        if m is None or not m.good or self.ended is not None or not self.seat:
            return False
        f = m.battle.get(m.ctl.whose_turn())
        return f is not None and f.side == self.seat

    def submit(self, action: Action | dict[str, Any]) -> bool:
        """Send one intent for entry ``mirror.count``; ``False`` when not connected (decide again later)."""
        if self.mirror is None or not self.token:
            return False
        intent = action if isinstance(action, dict) else action.to_dict()
        return self._send(encode(Intent(token=self.token, index=self.mirror.count, intent=intent)))

    def ask_take_back(self) -> bool:
        """Ask the other players to let this seat take back its last action (they answer; the server says)."""
        if self.mirror is None or not self.token:
            return False
        return self._send(encode(TakeBack(token=self.token, index=self.mirror.count)))

    def answer(self, accept: bool) -> bool:
        """Accept or refuse the open take-back request (:attr:`asked`)."""
        if self.asked is None or not self.token:
            return False
        return self._send(encode(Answer(token=self.token, index=self.asked[1], accept=accept)))

    def give_seat(self, side: str) -> bool:
        """Give ``side``'s seat, away longer than the wait, to the computer (the host's to do)."""
        return bool(self.token) and self._send(encode(GiveSeat(token=self.token, side=side)))

    def may_give(self, side: str) -> bool:
        """Whether this seat may now give ``side``'s seat to the computer (it is away past the wait)."""
        dropped = self.away.get(side)
        return (dropped is not None and bool(self.seat) and self.host in ("", self.seat)
                and time.monotonic() - dropped > self.wait)

    def send_raw(self, data: bytes | str) -> bool:
        """Send bytes as they are, in a binary frame (tests of the server's refusals)."""
        return self._send(data if isinstance(data, bytes) else data.encode(), binary=True)

    def poll(self, timeout: float = 0.0) -> list[Note]:
        """Apply every message that arrived (waiting up to ``timeout`` for the first); what happened."""
        notes: list[Note] = []
        try:
            item = self._inbox.get(timeout=timeout) if timeout > 0 else self._inbox.get_nowait()
        except queue.Empty:
            return notes
        while True:
            notes.extend(self._take(item))
            try:
                item = self._inbox.get_nowait()
            except queue.Empty:
                return notes

    def _take(self, msg: Any) -> list[Note]:
        if isinstance(msg, Note):
            return [msg]
        if isinstance(msg, Welcome):
            return self._welcome(msg)
        if isinstance(msg, Entry):
            if self.mirror is None or self.mirror.add(msg):
                return [Note("entry", entry=msg)] + self._check_end()
            return self._resync(f"entry {msg.index} does not give the server's battle here")
        if isinstance(msg, Snapshot):
            self._syncing = False
            self.mirror = Mirror(msg.initial, msg.entries)
            if not self.mirror.good:
                return [Note("error", "The battle the server sent cannot be rebuilt here.")]
            return [Note("resync", "The battle was fetched again from the server.")] + self._check_end()
        if isinstance(msg, Ended):
            self.ended = msg
            return self._check_end()
        if isinstance(msg, Error):
            if self.mirror is not None and msg.entries > self.mirror.count:  # everything sent before is read
                # asked again even if a Sync seems on its way: were it lost, each refusal would only bring
                # another decision on the same stale copy, and another refusal, until the player gave up
                self._syncing = False
                return [Note("error", msg.text)] + self._resync("the server holds entries this copy lacks")
            return [Note("error", msg.text)]
        if isinstance(msg, Refused):
            self.refused = msg.text
            return [Note("refused", msg.text)]
        if isinstance(msg, Presence):
            return self._presence(msg)
        if isinstance(msg, TakeBackAsked):
            self.asked = (msg.side, msg.index)
            return [Note("takeback_asked", side=msg.side)]
        if isinstance(msg, TakeBackDone):
            self.asked = None
            return [Note("takeback_done", msg.text, side=msg.side)]
        return []

    def _presence(self, msg: Presence) -> list[Note]:
        now = time.monotonic()
        before = set(self.away)
        self.away = {side: self.away.get(side, now - secs) for side, secs in msg.away.items()}
        self.wait, self.computer, self.host = msg.wait, list(msg.computer), msg.host
        if self.wake is not None:  # an idle window draws no frames: wake it when a seat's wait runs out
            for dropped in self.away.values():
                timer = threading.Timer(max(0.0, dropped + self.wait - now) + 0.1, self.wake)
                timer.daemon = True
                timer.start()
        return [Note("presence", side=side) for side in sorted(before ^ set(self.away))]

    def _welcome(self, msg: Welcome) -> list[Note]:
        self.seat, self.token = msg.seat, msg.token
        self._syncing = False  # a Sync sent on a connection that then dropped was never answered

        if match_hash(find_ruleset(msg.ruleset), msg.initial) != msg.match_hash:
            self.refused = "The battle the server sent is not the one its hash names; the client left."
            self._closing = True
            return [Note("refused", self.refused)]
        if self.mirror is None or msg.first == 0:
            self.mirror = Mirror(msg.initial, msg.entries)
            if not self.mirror.good:
                return self._resync("the battle sent does not replay here")
        else:
            for e in msg.entries:
                if not self.mirror.add(e):
                    return self._resync(f"entry {e.index} does not give the server's battle here")
            if self.mirror.count != msg.first + len(msg.entries):  # the server holds fewer entries than we do
                return self._resync("the server's battle is not where this copy is")
        if not self.mirror.good:
            # a copy that lost step before the connection dropped (its Sync went with the old connection, or
            # could not be sent at all): nothing new may come to trigger a fetch, so fetch now
            return self._resync("this copy had lost step with the server's battle")
        return [Note("welcome", f"Seat {msg.seat or 'spectator'} in match {msg.code}.")] + self._check_end()

    def _check_end(self) -> list[Note]:
        if self.ended is None or self.mirror is None or self.final_hash is not None:
            return []
        if self.mirror.count and self.mirror.good and self.mirror.battle.ended:
            mine = self.mirror.final_hash(self.ended.seed)
            if mine == self.ended.state_hash:
                self.final_hash = mine
                return [Note("ended", f"The battle is over: {self.ended.winner or 'a draw'}.")]
            return self._resync("the final state differs from the server's")
        return []

    def _resync(self, why: str) -> list[Note]:
        if not self._syncing and self.token:
            self._syncing = self._send(encode(Sync(token=self.token)))
        return [Note("resync", f"Fetching the whole battle again: {why}.")]

    def _send(self, data: bytes, *, binary: bool = False) -> bool:
        if not self.connected:  # read first: a connection read before it is seen lost would take the message away
            return False
        loop, ws = self._loop, self._ws
        if loop is None or ws is None:
            return False
        try:
            asyncio.run_coroutine_threadsafe(ws.send(data if binary else data.decode("utf-8")), loop)
        except (RuntimeError, UnicodeDecodeError):
            return False
        return True

    # -- the network thread -----------------------------------------------------------------------
    def _thread_main(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._run())
        finally:
            loop.close()

    async def _run(self) -> None:
        delay, lost_at = 0.2, None
        rules = all_fingerprints()
        while not self._closing:
            try:
                async with connect(self.uri, max_size=MAX_SERVER_BYTES, proxy=None, compression=None,
                                   open_timeout=5, close_timeout=2) as ws:
                    await ws.send(encode(Hello(protocol=PROTOCOL, game=GAME_VERSION, code=self.code, rules=rules,
                                               seat=self.wanted, token=self.token, have=self._have,
                                               match=self.expect, nonce="" if self.token else self.nonce)
                                         ).decode())
                    self._ws = ws
                    async for data in ws:
                        if self._receive(data):
                            delay, lost_at = 0.2, None
                        if self._closing:
                            return
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError):
                pass
            finally:
                self.connected = False
                self._ws = None
            if self._closing or self.refused is not None or self.ended is not None:
                return
            lost_at = lost_at or time.monotonic()
            # a server never reached is given less time than one that dropped mid-battle
            limit = self.give_up if self._welcomed else min(self.give_up, FIRST_CONTACT)
            if time.monotonic() - lost_at > limit:
                where = self.uri.removeprefix("ws://").rstrip("/")
                self._put(Refused(text=f"The server at {where} could not be reached for {limit:g} s; gave up."))
                return
            self._put(Note("dropped", "The connection to the server dropped; reconnecting."))
            self.reconnects += 1
            await asyncio.sleep(delay)
            delay = min(delay * 2, 5.0)

    def _put(self, item: Any) -> None:
        self._inbox.put(item)
        if self.wake is not None:
            self.wake()

    def _receive(self, data: bytes | str) -> bool:
        """One message from the server, decoded here and applied on the caller's thread; True if welcome."""
        try:
            msg = decode_server(data)
        except ProtocolError as exc:
            self._put(Note("error", f"The server sent a message this client cannot read: {exc}"))
            return False
        if isinstance(msg, Welcome):
            self.token = msg.token
            self._welcomed = True
            self._have = msg.first + len(msg.entries)
            self.connected = True
        elif isinstance(msg, Entry):
            self._have = max(self._have, msg.index + 1)
        elif isinstance(msg, Snapshot):
            self._have = len(msg.entries)
        elif isinstance(msg, Refused):
            self.refused = msg.text
            self._closing = True
        elif isinstance(msg, Ended):
            self.ended = msg
        self._put(msg)
        return isinstance(msg, Welcome)


def play_computer(client: NetClient, *, level: str = "normal", seed: int | None = None, battle: int = 0,
                  timeout: float = 600.0, on_note: Any = None, quiet: float = QUIET) -> tuple[str, str | None]:
    """Play ``client``'s seat with the computer until the battle ends: (final state hash, winner or None).

    ``seed`` (tests only): the run seed of ``clinch simulate --seed``; the player is seeded as simulate seeds
    battle ``battle``'s, so the two give the same battle. Raises ``RuntimeError`` with one sentence when the
    server refuses the client or the battle does not end in ``timeout`` seconds.

    An intent whose entry has not come after ``quiet`` seconds of silence is sent again: if it was lost the
    server plays it now; if it was played, the server refuses the stale index and says how many entries it
    holds, and the client fetches the battle. Without it a lost intent or entry would leave both seats
    waiting for each other until ``timeout``.
    """
    players: dict[str, Opponent] = {}
    sent_for: int | None = None
    deadline = heard = time.monotonic()
    deadline += timeout
    while client.final_hash is None:
        if client.refused is not None:
            raise RuntimeError(client.refused)
        if time.monotonic() > deadline:
            raise RuntimeError(f"The battle did not end within {timeout:.0f} s.")
        for note in client.poll(0.05):
            heard = time.monotonic()
            if on_note is not None:
                on_note(note)
            if note.kind in ("welcome", "error", "resync"):
                sent_for = None  # decide again: the intent may not have arrived, or was refused
        if sent_for is not None and time.monotonic() - heard > quiet:
            sent_for, heard = None, time.monotonic()  # no answer to our intent: send it again
        m = client.mirror
        if m is None or not client.my_turn() or sent_for == m.count:
            continue
        side = client.seat or ""
        if side not in players:
            players[side] = Opponent(level, budget_ms=None, nodes=DEFAULT_NODES.get(level, 200),
                                     seed=mix(mix(seed or 0, battle), side), explain=False)
        if seed is not None:
            m.battle.rng.seed = mix(seed, battle, "battle")  # what the server's seed is under --seed
        action = players[side].decide(m.battle, m.ruleset, m.ctl.whose_turn() or "").action
        if action is not None and client.submit(action):
            sent_for = m.count
    assert client.ended is not None
    return client.final_hash, client.ended.winner
