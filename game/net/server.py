"""The authoritative server: many matches, one asyncio websockets server (``clinch serve``).

A connection's first message is a :class:`~game.net.protocol.Hello`. The
server refuses it in one sentence (a :class:`~game.net.protocol.Refused`,
then it closes; the server prints it too) when the protocol or game version
differs, when the client's rules for the match's ruleset are not the
server's, when the client expects another ruleset and scenario (the hash of
both), when the match does not exist or the seat is taken; otherwise it answers a
:class:`~game.net.protocol.Welcome` with the seat, its secret token and the
entries the client does not hold. After that every message must carry the
token: an :class:`~game.net.protocol.Intent` is checked and played by
:meth:`game.net.match.Match.play` and its entry sent to every connection of
the match; a :class:`~game.net.protocol.Sync` is answered with the whole
battle. A malformed, oversized, stale, out-of-turn or foreign message gets an
:class:`~game.net.protocol.Error` with one sentence and changes nothing.

Presence: whenever a seat's player connects or drops, every connection of the
match gets a :class:`~game.net.protocol.Presence` (who is away, for how long,
the wait), so the others can say "waiting for Blue (reconnecting…)"; once a
seat has been away longer than the wait the host may give it to the computer
(:class:`~game.net.protocol.GiveSeat`). The computer's thinking runs on a
worker thread, never on the event loop, and its intent is played like a
client's.

Take-backs: a :class:`~game.net.protocol.TakeBack` opens a request the other
seats answer (:class:`~game.net.protocol.Answer`); accepted by all, the match
goes back to the entry before the asker's last action (only while no die was
rolled since) and every connection gets the battle again as a
:class:`~game.net.protocol.Snapshot`. A new entry closes an open request.

Each connection has its own outgoing queue and writer task, so a client
receives its Welcome first and every entry after it, in order, once.

Loopback by default: :data:`DEFAULT_HOST`.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.ai.opponent import Opponent
from game.ai.scratch import mix
from game.ai.simulation import DEFAULT_NODES
from game.files.saves import state_hash
from game.net.match import SEAT_WAIT, Match, Refusal, Seat, new_code
from game.net.protocol import (
    GAME_VERSION,
    MAX_CLIENT_BYTES,
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
    blank_seed,
    decode_client,
    encode,
    rules_fingerprint,
)

if TYPE_CHECKING:
    from game.model import Battle

__all__ = ["Server", "DEFAULT_HOST", "HELLO_TIMEOUT"]

DEFAULT_HOST = "127.0.0.1"
#: seconds a new connection has to say Hello
HELLO_TIMEOUT = 10.0
#: the websocket's own frame limit: far above any client message, so that our own limit answers in words
WIRE_LIMIT = 16 * MAX_CLIENT_BYTES
#: threads writing matches' saves at once, a pool of their own (the computer's thinking uses asyncio's): a save
#: waits on its fsync, 13-25 ms on the test machine's disk. Measured with 100 matches, players thinking 500 ms,
#: every entry saved: 4-6 writers gave a round trip median of 23-31 ms, 32 writers 62-64 ms (contending)
WRITERS = 6


@dataclass(eq=False)
class _Conn:
    ws: ServerConnection
    queue: asyncio.Queue[bytes | None] = field(default_factory=asyncio.Queue)
    match: Match | None = None
    side: str = ""
    token: str = ""

    def put(self, data: bytes) -> None:
        self.queue.put_nowait(data)


class Server:
    """Holds the matches; :meth:`run` serves until :meth:`stop` (or the task is cancelled).

    ``data``: the folder each match's save and seats are written to (``None``: kept in memory only).
    ``seed``: tests only: match *i* gets the dice seed ``clinch simulate --seed SEED`` gives battle *i*.
    """

    def __init__(self, *, host: str = DEFAULT_HOST, port: int = 0, data: Path | None = None,
                 seed: int | None = None, seat_wait: float = SEAT_WAIT, log: Any = None) -> None:
        self.host = host
        self.port = port
        self.data = data
        self.seed = seed
        self.seat_wait = seat_wait
        self.matches: dict[str, Match] = {}
        self.conns: dict[str, set[_Conn]] = {}
        self._stop: asyncio.Event | None = None
        self._log = log if log is not None else sys.stderr
        self._locks: dict[str, asyncio.Lock] = {}
        self._thinking: dict[str, asyncio.Task[None]] = {}
        self._writers: ThreadPoolExecutor | None = None
        self.ready: asyncio.Event | None = None
        #: the computer's level when a seat is given to it
        self.ai_level = "normal"

    # -- matches ----------------------------------------------------------------------------------
    def add_match(self, scenario: str, battle: Battle, *, host: str = "") -> Match:
        """A new match of ``battle`` (loaded from ``scenario``), its dice seeded from the OS (or ``--seed``).
        ``host``: the side of the player hosting it (the one who may give an away seat to the computer)."""
        if self.seed is None:
            seed = secrets.randbits(62)
        else:
            seed = mix(self.seed, len(self.matches), "battle")  # as `clinch simulate --seed` seeds battle i
        code = new_code()
        while code in self.matches:
            code = new_code()
        m = Match.create(code, scenario, battle, seed=seed, folder=self.data, seat_wait=self.seat_wait)
        if host in m.seats:
            m.host = host
            m.save_meta()
        self.matches[code] = m
        return m

    def resume(self) -> list[str]:
        """Every match in the data folder, re-played from its save; one sentence per file that is not sound."""
        problems: list[str] = []
        if self.data is None or not self.data.is_dir():
            return problems
        for meta in sorted(self.data.glob("*.match.json")):
            try:
                m = Match.restore(meta, seat_wait=self.seat_wait)
            except (ValueError, OSError) as exc:
                problems.append(" ".join(str(exc).split())[:300])
                continue
            self.matches[m.code] = m
        return problems

    # -- serving ------------------------------------------------------------------------------------
    async def run(self) -> None:
        """Serve until :meth:`stop`; ``self.port`` is the port bound (``0`` asks for a free one)."""
        self._stop = asyncio.Event()
        self.ready = self.ready or asyncio.Event()
        async with serve(self._handle, self.host, self.port, max_size=WIRE_LIMIT, compression=None) as server:
            sock = next(iter(server.sockets))
            self.port = sock.getsockname()[1]
            self.ready.set()
            for m in list(self.matches.values()):  # a resumed match whose turn is the computer's goes on
                self._computer_turn(m)
            try:
                await self._stop.wait()
            finally:
                if self._writers is not None:
                    self._writers.shutdown(wait=True)  # every save begun is finished

    def stop(self) -> None:
        if self._stop is not None:
            self._stop.set()

    async def _handle(self, ws: ServerConnection) -> None:
        conn = _Conn(ws)
        writer = asyncio.create_task(self._write(conn))
        try:
            if await self._hello(conn):
                async for data in ws:
                    await self._message(conn, data)
        except ConnectionClosed:
            pass
        finally:
            self._left(conn)
            conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)
            writer.cancel()

    async def _write(self, conn: _Conn) -> None:
        while True:
            data = await conn.queue.get()
            if data is None:
                return
            try:
                await conn.ws.send(data.decode("utf-8"))
            except ConnectionClosed:
                return

    async def _hello(self, conn: _Conn) -> bool:
        try:
            data = await asyncio.wait_for(conn.ws.recv(), HELLO_TIMEOUT)
        except TimeoutError:
            conn.put(encode(Refused(text="No hello came within the time allowed.")))
            return False
        try:
            msg = decode_client(data)
            if not isinstance(msg, Hello):
                raise ProtocolError("The first message must be a hello.")
            m, side, token = self._admit(msg)
        except (ProtocolError, Refusal) as exc:
            conn.put(encode(Refused(text=str(exc))))
            print(f"refused a client: {exc}", file=self._log, flush=True)
            await asyncio.sleep(0)  # the writer sends the refusal before the handler closes
            return False
        conn.match, conn.side, conn.token = m, side, token
        self.conns.setdefault(m.code, set()).add(conn)
        if side:
            m.seats[side].connected = True
            m.seats[side].dropped_at = None
        first = min(msg.have, len(m.entries))
        self._welcome(conn, Welcome(protocol=PROTOCOL, game=GAME_VERSION, code=m.code, seat=side, token=token,
                                    ruleset=m.ruleset.id, scenario=m.scenario, match_hash=m.hash(),
                                    sides=list(m.seats), initial=blank_seed(m.ctl.initial or m.battle),
                                    first=first, entries=m.entries[first:]))
        if m.over:
            conn.put(self._ended(m))
        self._presence(m)
        if m.takeback is not None:
            conn.put(encode(TakeBackAsked(side=m.takeback[0], index=m.takeback[1])))
        return True

    def _welcome(self, conn: _Conn, welcome: Welcome) -> None:
        """Queue the Welcome (a test's fault drops the connection here, the token never sent)."""
        conn.put(encode(welcome))

    def _admit(self, msg: Hello) -> tuple[Match, str, str]:
        if msg.protocol != PROTOCOL:
            raise Refusal(f"This server speaks protocol {PROTOCOL}, the client {msg.protocol}; update the older one.")
        if msg.game != GAME_VERSION:
            raise Refusal(f"This server runs Clinch {GAME_VERSION}, the client {msg.game}; both must run the same "
                          f"version.")
        m = self.matches.get(msg.code.upper())
        if m is None:
            raise Refusal(f"This server has no match {msg.code!r}.")
        theirs = msg.rules.get(m.ruleset.id)
        if theirs != rules_fingerprint(m.ruleset):
            raise Refusal(f"The client's {m.ruleset.id} rules differ from the server's; both must run the same "
                          f"Clinch.")
        if msg.match and msg.match != m.hash():
            raise Refusal(f"Match {m.code} plays another scenario or other rules than the client expects.")
        side, token = m.take_seat(msg.seat, msg.token, time.monotonic(), msg.nonce)
        return m, side, token

    def _left(self, conn: _Conn) -> None:
        m = conn.match
        if m is None:
            return
        self.conns.get(m.code, set()).discard(conn)
        if conn.side and not any(c.side == conn.side for c in self.conns.get(m.code, ())):
            m.seats[conn.side].connected = False
            m.seats[conn.side].dropped_at = time.monotonic()
            self._presence(m)

    def _presence(self, m: Match) -> None:
        """Tell every connection of ``m`` who is away (a seat's player connected or dropped)."""
        self._broadcast(m, encode(Presence(away=m.away(time.monotonic()), wait=m.seat_wait, host=m.host,
                                           computer=[s.side for s in m.seats.values() if s.computer])))

    async def _message(self, conn: _Conn, data: bytes | str) -> None:
        m = conn.match
        assert m is not None
        try:
            msg = decode_client(data)
            token = getattr(msg, "token", "")
            if not token or not secrets.compare_digest(token, conn.token):
                raise Refusal("That message's token is not this connection's.")
            if isinstance(msg, Hello):
                raise Refusal("This connection said hello already.")
            if isinstance(msg, Sync):
                conn.put(self._snapshot(m))
                return
            if isinstance(msg, TakeBack | Answer | GiveSeat):
                await self._request(m, conn.side, msg)
                return
            entry = self._play(m, conn.side, msg)
            await self._save(m)
        except (ProtocolError, Refusal) as exc:
            now = conn.match or m
            conn.put(encode(Error(text=str(exc), entries=len(now.entries))))
            return
        self._applied(m, entry)

    def _applied(self, m: Match, entry: Entry) -> None:
        """Tell everyone of a new entry (it closes an open take-back request); the computer's turn next?"""
        if m.takeback is not None:
            side, k, _ = m.takeback
            m.takeback = None
            self._broadcast(m, encode(TakeBackDone(side=side, index=k, accepted=False,
                                                   text="The battle moved on; the take-back request was dropped.")))
        self._broadcast(m, encode(entry))
        if m.over:
            self._broadcast(m, self._ended(m))
            print(f"match {m.code} over: {m.battle.winner or 'a draw'}", file=self._log, flush=True)
        self._computer_turn(m)

    @staticmethod
    def _snapshot(m: Match) -> bytes:
        return encode(Snapshot(initial=blank_seed(m.ctl.initial or m.battle), entries=m.entries))

    async def _request(self, m: Match, side: str, msg: TakeBack | Answer | GiveSeat) -> None:
        """A take-back request, its answer, or an away seat given to the computer; :class:`Refusal`."""
        if isinstance(msg, GiveSeat):
            m.give_to_computer(side, msg.side, time.monotonic())
            self._presence(m)
            if m.takeback is not None and not m.answering() - m.takeback[2]:
                await self._settle_take_back(m, True)
            self._computer_turn(m)
            return
        if isinstance(msg, TakeBack):
            k = m.ask_take_back(side, msg.index)
            self._broadcast(m, encode(TakeBackAsked(side=side, index=k)))
            if not m.answering():  # only the computer at the other seats: it lets a player take a move back
                await self._settle_take_back(m, True)
            return
        settled = m.answer_take_back(side, msg.index, msg.accept)
        if settled is not None:
            await self._settle_take_back(m, settled)

    async def _settle_take_back(self, m: Match, accept: bool) -> None:
        assert m.takeback is not None
        asker, k, _ = m.takeback
        name = _side_name(m, asker)
        if not accept:
            m.takeback = None
            self._broadcast(m, encode(TakeBackDone(side=asker, index=k, accepted=False,
                                                   text=f"{name}'s take-back was refused.")))
            return
        m.roll_back(k)
        await self._save(m)
        self._broadcast(m, encode(TakeBackDone(side=asker, index=k, accepted=True,
                                               text=f"{name} took back their last action.")))
        self._broadcast(m, self._snapshot(m))
        self._computer_turn(m)

    def _computer_turn(self, m: Match) -> None:
        """If the fighter to act sits at a seat given to the computer, let it think on a worker thread."""
        if m.over or m.code in self._thinking:
            return
        f = m.battle.get(m.ctl.whose_turn() or "")
        if f is None or not m.seats.get(f.side, Seat("")).computer:
            return
        task = asyncio.get_running_loop().create_task(self._think(m, f.side))
        self._thinking[m.code] = task
        task.add_done_callback(lambda t, code=m.code: self._thinking.pop(code) if self._thinking.get(code) is t
                               else None)

    async def _think(self, m: Match, side: str) -> None:
        at, battle = len(m.entries), m.battle.clone(with_log=False)
        opp = Opponent(self.ai_level, budget_ms=None, nodes=DEFAULT_NODES.get(self.ai_level, 200),
                       seed=secrets.randbits(62), explain=False)
        try:
            decision = await asyncio.to_thread(opp.decide, battle, m.ruleset, m.ctl.whose_turn() or "")
        except Exception as exc:  # noqa: BLE001 - the search failed: said on the console, the seat waits
            print(f"match {m.code}: the computer could not decide for {side} ({type(exc).__name__}: {exc})",
                  file=self._log, flush=True)
            return
        m = self.matches.get(m.code, m)  # a failed save may have put a fresh match in its place
        if decision.action is None or len(m.entries) != at or m.over:
            return
        try:
            entry = self._play(m, side, Intent(token="", index=at, intent=decision.action.to_dict()))
            await self._save(m)
        except Refusal as exc:
            print(f"match {m.code}: the computer's action for {side} was refused ({exc})", file=self._log, flush=True)
            return
        self._thinking.pop(m.code, None)  # the next turn may be the computer's again
        self._applied(m, entry)

    async def _save(self, m: Match) -> None:
        """Write the match's files on a worker thread (other matches play on meanwhile), one write at a time
        per match and in order; a write that fails takes the match back to its last save and refuses."""
        files = m.files()  # taken now, on the loop (the battle cannot change under it); encoded on the worker
        if not files:
            return
        lock = self._locks.setdefault(m.code, asyncio.Lock())
        async with lock:
            try:
                if self._writers is None:
                    self._writers = ThreadPoolExecutor(WRITERS, thread_name_prefix="clinch-save")
                await asyncio.get_running_loop().run_in_executor(self._writers, m.write, files)
            except OSError as exc:
                fresh = self._reload(m)
                if len(fresh.entries) < len(m.entries):  # the battle's file was not written: the action is undone
                    raise Refusal(f"The server could not save the battle ({exc.strerror or exc}); the action was "
                                  f"not played.") from None
                print(f"match {m.code}: the seats' file could not be written ({exc.strerror or exc})",
                      file=self._log, flush=True)

    def _play(self, m: Match, side: str, msg: Intent) -> Entry:
        try:
            return m.play(side, msg)
        except Refusal:
            raise
        except Exception as exc:  # noqa: BLE001 - the rules failed half-way: go back to the last save
            self._reload(m)
            raise Refusal(f"The server could not play that action ({type(exc).__name__}); nothing changed.") \
                from None

    def _reload(self, m: Match) -> Match:
        """Put ``m`` back as its files on disk hold it (its seats as they are now)."""
        if m.folder is None:
            return m
        self.matches[m.code] = fresh = Match.restore(m.folder / f"{m.code}.match.json", seat_wait=self.seat_wait)
        fresh.seats = m.seats
        for c in self.conns.get(m.code, ()):
            c.match = fresh
        return fresh

    def _broadcast(self, m: Match, data: bytes) -> None:
        for c in list(self.conns.get(m.code, ())):
            c.put(data)

    @staticmethod
    def _ended(m: Match) -> bytes:
        b = m.battle
        limit = int(b.options.get("round_limit") or b.round)
        return encode(Ended(seed=b.rng.seed, winner=b.winner, rounds=min(b.round, limit), state_hash=state_hash(b)))


def _side_name(m: Match, side: str) -> str:
    s = m.battle.side(side)
    return (s.name or s.id) if s is not None else side
