#!/usr/bin/env python3
"""Network play at scale, on loopback: equivalence, faults, hostile clients, in one script with its counts.

Every figure of issue 29's "Measure" list that is too slow for the test suite:

- **Equivalence**: ``--battles K`` networked computer-v-computer battles per ruleset (the first scenario of
  each under ``maps/``) on a ``clinch serve --seed S --data DIR`` process, against ``clinch simulate``'s
  battles with the same seed and node budgets: the same winner, rounds and final state hash; hash
  mismatches between server and clients at any entry (a client's copy that lost step fetches the battle
  and says so: counted); every save the server wrote passes ``check_save`` (as ``clinch check-save``).
  Meanwhile **drops**: ``--drops N`` times a random seat's connection is cut (no close frame) at a random
  moment; each is counted back in sync when its reconnect's Welcome leaves its copy whole and as long as
  the server's, and the time from the drop to that Welcome is measured (the goal: within 2 s). And a
  **spectator** joins each battle at a random moment and must end on the same final hash. No message any
  client received before the battle's end may hold the seed (``seed_leaks``).
- **Kill -9**: ``--kills N`` battles whose server is killed with SIGKILL mid-battle and started again on
  the same folder and port: the same final hash as simulate's.
- **Hostile**: ``--hostile N`` forged, stale, malformed, oversized and out-of-turn messages (and take-back
  and seat requests that are not the sender's to make) at one match: each must earn an error reply, and the
  match must be as it was (its entries and hash, read by a spectator joining after).
- **Stalls**: ``--silent N`` connections that never finish the handshake and one player that never reads
  sit beside a match; its round trip median is measured with them (``stall_median_ms``) and without.

The last line is ``net_scale: key=value ...``; exit 1 if any count is not what it must be.

    python3 tools/net_scale.py                                   # small: 2 battles per ruleset, 10 drops ...
    python3 tools/net_scale.py --battles 200 --drops 100 --hostile 10000 --kills 5
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench_net import play_match, spawn_server  # noqa: E402
from net_soak import scenarios, simulated  # noqa: E402

from game.files.maps import load_scenario  # noqa: E402
from game.files.saves import SaveError, check_save  # noqa: E402
from game.flow.turns import side_ids  # noqa: E402
from game.net import protocol  # noqa: E402
from game.net.client import NetClient, Note, play_computer  # noqa: E402
from game.net.protocol import (  # noqa: E402
    GAME_VERSION,
    MAX_CLIENT_BYTES,
    PROTOCOL,
    Answer,
    GiveSeat,
    Hello,
    Intent,
    Sync,
    TakeBack,
    all_fingerprints,
    encode,
    net_hash,
)

#: what a client says when its copy's hash is not the server's (game.net.client: it then fetches the battle)
MISMATCH = ("does not give the server's battle", "final state differs", "does not replay", "lost step")


class Counts:
    """The figures, added to from many threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.n: dict[str, float] = {}
        self.times: dict[str, list[float]] = {}

    def add(self, key: str, k: float = 1) -> None:
        with self.lock:
            self.n[key] = self.n.get(key, 0) + k

    def time(self, key: str, seconds: float) -> None:
        with self.lock:
            self.times.setdefault(key, []).append(seconds)


class WatchedClient(NetClient):
    """A client that keeps the raw text of every message until the battle ends, to look for the seed."""

    def __init__(self, *a, **kw) -> None:  # noqa: ANN002, ANN003
        super().__init__(*a, **kw)
        self.frames: list[str] = []

    def _receive(self, data: bytes | str) -> bool:
        if self.ended is None:
            self.frames.append(data if isinstance(data, str) else data.decode("utf-8", "replace"))
        return super()._receive(data)

    def leaked(self) -> bool:
        """Whether a message before the end held the seed the end told."""
        if self.ended is None:
            return False
        seed = str(self.ended.seed)
        return any(seed in f for f in self.frames if '"t":"ended"' not in f)


# -- equivalence, drops, spectators ------------------------------------------------------------------

def _seat(port: int, code: str, side: str, seed: int, i: int, level: str, counts: Counts,
          clients: list[WatchedClient], got: list) -> None:
    c = WatchedClient("127.0.0.1", port, code, seat=side)
    clients.append(c)
    c.dropped_at = None  # type: ignore[attr-defined]

    def note(n: Note) -> None:
        if n.kind == "resync" and any(w in n.text for w in MISMATCH):
            counts.add("mismatches")  # this copy's hash differs from the server's: it fetches the whole battle
        back = n.kind == "welcome" or (n.kind == "resync" and "fetched again" in n.text)
        if back and getattr(c, "dropped_at", None) is not None:
            counts.time("resync_s", time.monotonic() - c.dropped_at)  # type: ignore[attr-defined]
            c.dropped_at = None  # type: ignore[attr-defined]
            m = c.mirror
            counts.add("drops_back" if m is not None and m.good else "drops_lost")

    c.start()
    try:
        got.append(play_computer(c, level=level, seed=seed, battle=i, timeout=900, on_note=note))
    except RuntimeError as exc:
        got.append(("error", str(exc)))


def _drop(c: WatchedClient, counts: Counts) -> None:
    loop, ws = c._loop, c._ws
    if loop is None or ws is None or c.ended is not None or getattr(c, "dropped_at", None) is not None:
        return
    c.dropped_at = time.monotonic()  # type: ignore[attr-defined]
    counts.add("drops")
    loop.call_soon_threadsafe(ws.transport.abort)


def equivalence(rid: str, scenario: str, k: int, seed: int, level: str, drops: int, counts: Counts,
                rng: random.Random) -> None:
    with tempfile.TemporaryDirectory(prefix="clinch-net-scale-") as tmp:
        want = simulated(scenario, k, seed, level, Path(tmp) / "sim")
        data = Path(tmp) / "data"
        proc, port, codes = spawn_server(scenario, k, ["--seed", str(seed), "--data", str(data)])
        sides = side_ids(load_scenario(ROOT / scenario))
        players: list[WatchedClient] = []
        results: list[list] = [[] for _ in codes]
        watchers: list[NetClient | None] = [None] * k
        try:
            threads = [threading.Thread(target=_seat, args=(port, code, s, seed, i, level, counts, players,
                                                            results[i]), daemon=True)
                       for i, code in enumerate(codes) for s in sides]
            for t in threads:
                t.start()
            # the faults: drops at random moments, a spectator joining each battle at a random moment
            joins = sorted((rng.uniform(0.2, 3.0), i) for i in range(k))
            start, left = time.monotonic(), drops
            while any(t.is_alive() for t in threads):
                now = time.monotonic() - start
                while joins and joins[0][0] <= now:
                    _, i = joins.pop(0)
                    watchers[i] = NetClient("127.0.0.1", port, codes[i], seat="watch").start()
                live = [c for c in players if c.ended is None and c.connected]
                if left and live and rng.random() < 0.2:
                    _drop(rng.choice(live), counts)
                    left -= 1
                for w in watchers:
                    if w is not None:
                        w.poll()
                time.sleep(0.05)
            for i, w in enumerate(watchers):
                if w is None:
                    continue
                end = time.monotonic() + 30
                while w.final_hash is None and time.monotonic() < end:
                    w.poll(0.05)
                counts.add("spectators")
                counts.add("spectators_same" if w.final_hash == want[i][2] else "spectators_different")
                w.close()
        finally:
            proc.terminate()
            proc.wait(15)
            for c in players:
                c.close()
        for i, (w, got) in enumerate(zip(want, results)):
            ended = next((c.ended for c in players if c.code == codes[i] and c.ended is not None), None)
            same = (len(got) == len(sides) and all(g == (w[2], w[0]) for g in got) and ended is not None
                    and ended.rounds == w[1])
            counts.add("battles")
            counts.add("same" if same else "different")
            if not same:
                print(f"  {rid} battle {i}: simulate {w}, network {got}", flush=True)
        counts.add("seed_leaks", sum(c.leaked() for c in players))
        for path in sorted(data.glob("*.json")):
            if path.name.endswith(".match.json"):
                continue
            try:
                check_save(path)
                counts.add("saves_checked")
            except (SaveError, ValueError) as exc:
                counts.add("bad_saves")
                print(f"  {path.name}: {exc}", flush=True)


# -- kill -9 ------------------------------------------------------------------------------------------

def killed(scenario: str, seed: int, level: str, counts: Counts, rng: random.Random) -> None:
    with tempfile.TemporaryDirectory(prefix="clinch-net-kill-") as tmp:
        want = simulated(scenario, 1, seed, level, Path(tmp) / "sim")[0]
        data = Path(tmp) / "data"
        proc, port, codes = spawn_server(scenario, 1, ["--seed", str(seed), "--data", str(data)])
        sides = side_ids(load_scenario(ROOT / scenario))
        got: list = []
        players: list[WatchedClient] = []
        threads = [threading.Thread(target=_seat, args=(port, codes[0], s, seed, 0, level, counts, players, got),
                                    daemon=True) for s in sides]
        for t in threads:
            t.start()
        watcher = NetClient("127.0.0.1", port, codes[0], seat="watch").start()
        at = rng.randint(3, 25)
        end = time.monotonic() + 120
        while time.monotonic() < end and (watcher.mirror is None or watcher.mirror.count < at) \
                and watcher.ended is None:
            watcher.poll(0.02)
        watcher.close()
        proc.send_signal(signal.SIGKILL)
        proc.wait(15)
        env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
        again = subprocess.Popen([sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", str(port),
                                  "--data", str(data)], cwd=ROOT, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True, env=env)
        try:
            for t in threads:
                t.join(900)
        finally:
            again.terminate()
            again.wait(15)
            for c in players:
                c.close()
        counts.add("kills")
        same = len(got) == len(sides) and all(g == (want[2], want[0]) for g in got)
        counts.add("kills_same" if same else "kills_different")
        if not same:
            print(f"  kill -9 at entry {at}: simulate {want}, network {got}", flush=True)


# -- hostile messages -----------------------------------------------------------------------------------

def hostile(scenario: str, n: int, counts: Counts, rng: random.Random) -> None:
    proc, port, codes = spawn_server(scenario, 1)
    code = codes[0]
    try:
        sides = side_ids(load_scenario(ROOT / scenario))
        seats = [NetClient("127.0.0.1", port, code, seat=s).start() for s in sides]
        _until(lambda: all(c.poll() is not None and c.mirror is not None for c in seats), 10)
        before = _look(port, code)
        m = seats[0].mirror
        mover = next(c for c in seats if c.my_turn())
        waiter = next(c for c in seats if c is not mover)
        pass_ = m.ctl.pass_intent().to_dict()
        mine = next(f.id for f in m.battle.fighters if f.side == waiter.seat)
        count = m.count

        def forged() -> bytes:
            return encode(Intent(token="x" + mover.token[1:], index=count, intent=pass_))

        kinds = {
            "forged": forged,
            "stale": lambda: encode(Intent(token=mover.token, index=count + rng.randint(1, 50), intent=pass_)),
            "old": lambda: encode(Intent(token=mover.token, index=max(0, count - 1), intent=pass_)),
            "out_of_turn": lambda: encode(Intent(token=waiter.token, index=count, intent=dict(pass_, actor=mine))),
            "foreign": lambda: encode(Intent(token=waiter.token, index=count, intent=pass_)),
            "malformed": lambda: rng.choice([b"{not json", b'{"t":"intent"}', b"[]", b'{"t":"x","token":"y"}',
                                             bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 64)))]),
            "oversized": lambda: b'{"t":"sync","pad":"' + b"x" * (MAX_CLIENT_BYTES + rng.randint(1, 4096)) + b'"}',
            "hello_again": lambda: encode(Hello(protocol=PROTOCOL, game=GAME_VERSION, code=code, token=mover.token)),
            "unknown_action": lambda: encode(Intent(token=mover.token, index=count,
                                                    intent={"type": "fly", "actor": pass_["actor"]})),
            "forged_sync": lambda: encode(Sync(token="nobody")),
            "takeback_none": lambda: encode(TakeBack(token=waiter.token, index=count)),
            "answer_none": lambda: encode(Answer(token=waiter.token, index=count, accept=True)),
            "giveseat_here": lambda: encode(GiveSeat(token=waiter.token, side=mover.seat or "")),
        }
        names = sorted(kinds)
        sender = seats[0]
        errors = 0
        for k in range(n):
            kind = names[k % len(names)]
            data = kinds[kind]()
            who = mover if kind in ("stale", "old", "unknown_action", "hello_again") else (
                waiter if kind in ("out_of_turn", "foreign", "takeback_none", "answer_none", "giveseat_here")
                else sender)
            who.send_raw(data)
            counts.add("hostile")
            if k % 200 == 199:  # read the replies now and then (each refused message earns one)
                errors += _errors(seats, 0.05)
        left = n - errors
        errors += _errors(seats, 30.0, until=lambda e: e >= left)
        counts.add("refused", errors)
        after = _look(port, code)
        counts.add("hostile_changed", int(after != before))
        if after != before:
            print(f"  hostile: the match changed: {before} -> {after}", flush=True)
        for c in seats:
            c.close()
    finally:
        proc.terminate()
        proc.wait(15)


def _errors(clients: list[NetClient], seconds: float, until=None) -> int:  # noqa: ANN001
    """Error replies the clients read within ``seconds`` (or until ``until(count)``)."""
    got, end = 0, time.monotonic() + seconds
    while time.monotonic() < end and not (until is not None and until(got)):
        for c in clients:
            got += sum(1 for note in c.poll(0.01) if note.kind == "error")
    return got


def _look(port: int, code: str) -> tuple[int, str]:
    """(entries, the last entry's hash) as a spectator joining now sees the match."""
    w = NetClient("127.0.0.1", port, code, seat="watch").start()
    try:
        _until(lambda: w.poll(0.02) is not None and w.mirror is not None, 10)
        return w.mirror.count, net_hash(w.mirror.battle)
    finally:
        w.close()


def _until(cond, seconds: float) -> None:  # noqa: ANN001
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise SystemExit("net_scale: timed out waiting for the server")
        time.sleep(0.01)


# -- slow and silent clients ------------------------------------------------------------------------

def stalls(scenario: str, silent: int, counts: Counts) -> None:
    proc, port, codes = spawn_server(scenario, 2)
    socks: list[socket.socket] = []
    try:
        times: list[float] = []
        errors: list[str] = []
        play_match(port, codes[0], 30, "random", times, errors)
        counts.n["alone_median_ms"] = round(statistics.median(times), 2) if times else -1
        for _ in range(silent):  # connected, never a handshake
            s = socket.create_connection(("127.0.0.1", port))
            socks.append(s)
        socks.append(_deaf_watcher(port, codes[1]))  # said hello, then never reads a byte
        times2: list[float] = []
        play_match(port, codes[1], 30, "random", times2, errors)
        counts.n["stall_median_ms"] = round(statistics.median(times2), 2) if times2 else -1
        counts.add("stall_errors", len(errors))
    finally:
        for s in socks:
            s.close()
        proc.terminate()
        proc.wait(15)


def _deaf_watcher(port: int, code: str) -> socket.socket:
    """A raw socket that opens a websocket, says hello as a spectator, and never reads what it is sent (its
    receive buffer small, so that the server's sends to it soon block)."""
    import base64

    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16))
    s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              b"Sec-WebSocket-Key: " + key + b"\r\nSec-WebSocket-Version: 13\r\n\r\n")
    payload = encode(Hello(protocol=PROTOCOL, game=GAME_VERSION, code=code, rules=all_fingerprints(),
                           seat="watch"))
    mask = os.urandom(4)
    head = bytes([0x81]) + (bytes([0x80 | len(payload)]) if len(payload) < 126
                            else bytes([0x80 | 126]) + len(payload).to_bytes(2, "big"))
    s.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    return s


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--battles", type=int, default=2, help="networked battles per ruleset (default 2)")
    ap.add_argument("--drops", type=int, default=10, help="connections cut at random moments (default 10)")
    ap.add_argument("--kills", type=int, default=1, help="battles whose server is killed -9 (default 1)")
    ap.add_argument("--hostile", type=int, default=1000, help="hostile messages (default 1000)")
    ap.add_argument("--silent", type=int, default=20, help="silent connections beside a match (default 20)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="easy")
    ap.add_argument("--only", default="", help="comma-separated rulesets (default all)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    counts = Counts()
    t0 = time.perf_counter()
    todo = {rid: sc for rid, sc in scenarios().items() if not args.only or rid in args.only.split(",")}
    per = -(-args.drops // max(1, len(todo)))
    for rid, scenario in todo.items():
        # the rules' fingerprints again from the files as they are now (a checkout edited during a long run
        # would refuse every client as one of other rules, as it must; this keeps that to edits mid-ruleset)
        protocol._folder_digest.cache_clear()
        equivalence(rid, scenario, args.battles, args.seed, args.level, per, counts, rng)
        print(f"{rid}: {counts.n.get('same', 0):.0f}/{counts.n.get('battles', 0):.0f} the same so far "
              f"({time.perf_counter() - t0:.0f} s)", flush=True)
    first = next(iter(todo.values()))
    for k in range(args.kills):
        killed(first, args.seed + 1000 + k, args.level, counts, rng)
    if args.hostile:
        hostile(first, args.hostile, counts, rng)
    stalls("maps/arena.toml", args.silent, counts)  # bench_net's two seats: red and blue
    resync = counts.times.get("resync_s", [])
    n = counts.n
    figures = {
        "battles": n.get("battles", 0), "same": n.get("same", 0), "different": n.get("different", 0),
        "mismatches": n.get("mismatches", 0), "saves_checked": n.get("saves_checked", 0),
        "bad_saves": n.get("bad_saves", 0), "drops": n.get("drops", 0), "drops_back": n.get("drops_back", 0),
        "resync_max_s": round(max(resync), 2) if resync else 0, "resync_median_s":
        round(statistics.median(resync), 2) if resync else 0, "spectators": n.get("spectators", 0),
        "spectators_same": n.get("spectators_same", 0), "kills": n.get("kills", 0),
        "kills_same": n.get("kills_same", 0), "hostile": n.get("hostile", 0), "refused": n.get("refused", 0),
        "hostile_changed": n.get("hostile_changed", 0), "seed_leaks": n.get("seed_leaks", 0),
        "alone_median_ms": n.get("alone_median_ms", -1), "stall_median_ms": n.get("stall_median_ms", -1),
        "seconds": round(time.perf_counter() - t0),
    }
    print("net_scale: " + " ".join(f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}"
                                   for k, v in figures.items()))
    bad = (figures["different"] or figures["mismatches"] or figures["bad_saves"] or figures["resync_max_s"] > 2
           or figures["drops_back"] != figures["drops"] or figures["spectators_same"] != figures["spectators"]
           or figures["kills_same"] != figures["kills"] or figures["refused"] != figures["hostile"]
           or figures["hostile_changed"] or figures["seed_leaks"] or n.get("stall_errors", 0)
           or figures["stall_median_ms"] < 0)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
