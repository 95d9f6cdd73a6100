"""Helpers of the network tests: a server in a thread on loopback, clients, waiting with a bound."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from pathlib import Path

from game.files.maps import load_scenario
from game.net.client import NetClient, Note
from game.net.server import Server

ROOT = Path(__file__).resolve().parent.parent
ARENA = str(ROOT / "maps" / "arena.toml")


class ServerThread:
    """A :class:`~game.net.server.Server` on 127.0.0.1 in its own thread and event loop."""

    def __init__(self, data: Path | None, *, seed: int | None = None, scenario: str | None = ARENA,
                 port: int = 0, seat_wait: float = 90.0, server_cls: type[Server] = Server, host: str = "") -> None:
        self.server = server_cls(host="127.0.0.1", port=port, data=data, seed=seed, seat_wait=seat_wait,
                             log=open("/dev/null", "w"))  # noqa: SIM115 - closed with the process
        self.problems = self.server.resume()
        if scenario is not None:
            self.server.add_match(scenario, load_scenario(scenario), host=host)
        self.loop = asyncio.new_event_loop()
        self.task: asyncio.Task | None = None
        self.thread = threading.Thread(target=self._main, daemon=True)
        self.thread.start()
        wait_for(lambda: self.server.port != 0 and self.server.ready is not None and self.server.ready.is_set(),
                 10, "the server to listen")

    def _main(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.task = self.loop.create_task(self.server.run())
        try:
            self.loop.run_until_complete(self.task)
        except asyncio.CancelledError:
            pass

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def code(self) -> str:
        return next(iter(self.server.matches))

    @property
    def match(self):  # noqa: ANN201
        return self.server.matches[self.code]

    def call(self, fn: Callable[[], object]) -> object:
        """Run ``fn`` on the server's loop (where the match lives) and return what it gave."""
        async def run() -> object:
            return fn()
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def kill(self) -> None:
        """Cancel the server's task, as a crash would stop it (its files stay as the last entry left them)."""
        if self.task is not None:
            self.loop.call_soon_threadsafe(self.task.cancel)
        self.thread.join(10)


def wait_for(cond: Callable[[], bool], seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


def joined(port: int, code: str, seat: str = "", **kw: object) -> NetClient:
    """A started client that has its Welcome (its mirror is built)."""
    client = NetClient("127.0.0.1", port, code, seat=seat, **kw).start()  # type: ignore[arg-type]
    pump(client, lambda: client.mirror is not None or client.refused is not None, 10, "a welcome")
    return client


def pump(client: NetClient, cond: Callable[[], bool], seconds: float, what: str) -> list[Note]:
    """Poll ``client`` until ``cond``; the notes seen on the way."""
    notes: list[Note] = []
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what} (notes: {[n.text for n in notes][-5:]})")
        notes.extend(client.poll(0.02))
    return notes


def reply(client: NetClient, send: Callable[[], object], seconds: float = 5) -> Note:
    """Send something and wait for the one error note it earns."""
    client.poll()
    assert send() is not False
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for note in client.poll(0.02):
            if note.kind == "error":
                return note
    raise AssertionError("timed out waiting for an error reply")
