"""``clinch serve`` and ``clinch join`` as a player runs them (real processes, loopback only, ``--port 0``).

Two ``clinch join --headless`` computer players end with the same
``final HASH WINNER`` line as the save ``clinch simulate --save-dir`` writes
for the same seed and levels; a server process killed (SIGKILL) mid-battle
and started again on its ``--data`` folder ends the battle with the same
hash; SIGTERM stops a server cleanly; bad arguments are one sentence, exit 2.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from net_helpers import ROOT

SCENARIO = "maps/arena.toml"  # as the players type it: the battle records the path, so both runs name it alike
CLINCH = [sys.executable, "-m", "game"]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    for key in ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        env.pop(key, None)
    return env


def _serve(*args: str) -> tuple[subprocess.Popen, int, list[str]]:
    """A ``clinch serve`` process: (process, port, match codes), read from its first lines."""
    proc = subprocess.Popen([*CLINCH, "serve", "--port", "0", *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=_env())
    first = proc.stdout.readline().strip()
    assert first.startswith("listening on 127.0.0.1:"), (first, proc.stderr.read() if proc.poll() else "")
    port = int(first.rsplit(":", 1)[1])
    codes = []
    n = sum(1 for a in args if a == "--match") or None
    while n is None or len(codes) < n:
        if n is None:  # resumed matches: read what came within a moment
            break
        line = proc.stdout.readline().strip()
        assert line.startswith("match "), line
        codes.append(line.split()[1])
    return proc, port, codes


def _join(port: int, code: str, seat: str, seed: int) -> subprocess.Popen:
    return subprocess.Popen([*CLINCH, "join", f"127.0.0.1:{port}", code, "--seat", seat, "--ai", "easy",
                             "--headless", "--seed", str(seed), "--timeout", "150"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())


def _final(proc: subprocess.Popen) -> tuple[str, str]:
    out, err = proc.communicate(timeout=160)
    assert proc.returncode == 0, err
    word, hash_, winner = out.strip().splitlines()[-1].split()
    assert word == "final"
    return hash_, winner


def _simulated(seed: int, tmp: Path) -> tuple[str, str]:
    subprocess.run([*CLINCH, "simulate", SCENARIO, "--battles", "1", "--seed", str(seed), "--level", "easy",
                    "--jobs", "1", "--save-dir", str(tmp), "--json"], cwd=ROOT, check=True, capture_output=True,
                   timeout=120)
    save = json.loads(next(tmp.glob("*.json")).read_text())
    return save["state_hash"], save["snapshot"]["winner"] or "draw"


def _stop(proc: subprocess.Popen) -> int:
    proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise


def test_two_headless_joins_print_what_simulate_saves(tmp_path: Path) -> None:
    want = _simulated(21, tmp_path / "sim")
    server, port, (code,) = _serve("--match", SCENARIO, "--seed", "21", "--data", str(tmp_path / "data"))
    try:
        red, blue = _join(port, code, "red", 21), _join(port, code, "blue", 21)
        assert _final(red) == want and _final(blue) == want
        check = subprocess.run([*CLINCH, "check-save", str(tmp_path / "data" / f"{code}.json")], cwd=ROOT,
                               capture_output=True, text=True, timeout=60)
        assert check.returncode == 0 and ": sound:" in check.stdout
    finally:
        assert _stop(server) == 0


def test_a_killed_server_process_restarted_on_its_data_ends_the_same(tmp_path: Path) -> None:
    want = _simulated(22, tmp_path / "sim")
    data = tmp_path / "data"
    server, port, (code,) = _serve("--match", SCENARIO, "--seed", "22", "--data", str(data))
    red, blue = _join(port, code, "red", 22), _join(port, code, "blue", 22)
    save = data / f"{code}.json"
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            if len(json.loads(save.read_text())["log"]) >= 8:
                break
        except (OSError, ValueError):
            pass
        time.sleep(0.02)
    server.kill()  # SIGKILL: no goodbye, the files as the last entry left them
    server.wait(10)
    assert not json.loads(save.read_text())["snapshot"]["ended"], "the battle ended before the server was killed"
    again = subprocess.Popen([*CLINCH, "serve", "--port", str(port), "--data", str(data)], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())
    try:
        assert again.stdout.readline().strip() == f"listening on 127.0.0.1:{port}"
        assert again.stdout.readline().strip() == f"match {code} {SCENARIO}"
        assert _final(red) == want and _final(blue) == want
    finally:
        assert _stop(again) == 0


@pytest.mark.parametrize("args, words", [
    (["serve", "--port", "70000"], "--port must be between 0 and 65535"),
    (["serve", "--match", "no/such.toml", "--port", "0"], "no/such.toml"),
    (["serve", "--seat-wait", "nan"], "--seat-wait"),
    (["serve", "--frobnicate"], "unrecognized arguments"),
    (["join", "localhost", "ABCDEF", "--headless"], "is not HOST:PORT"),
    (["join", "127.0.0.1:1", "ABCDEF", "--seat", "watch", "--headless"], "needs a side"),  # no --headless: the window
    (["join", "127.0.0.1:1", "ABCDEF", "--headless", "--ai", "godlike"], "unknown level"),
])
def test_bad_arguments_are_one_sentence_and_exit_2(args: list[str], words: str) -> None:
    run = subprocess.run([*CLINCH, *args], cwd=ROOT, capture_output=True, text=True, timeout=60, env=_env())
    assert run.returncode == 2, run.stderr
    assert words in run.stderr and len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr


def test_join_to_a_missing_match_is_refused_in_one_sentence(tmp_path: Path) -> None:
    server, port, _ = _serve()
    try:
        run = subprocess.run([*CLINCH, "join", f"127.0.0.1:{port}", "QQQQQQ", "--headless"], cwd=ROOT,
                             capture_output=True, text=True, timeout=60, env=_env())
        assert run.returncode == 2 and "no match 'QQQQQQ'" in run.stderr
        assert len(run.stderr.strip().splitlines()) == 1
    finally:
        assert _stop(server) == 0
    said = server.stderr.read()  # the server says the same sentence on its side
    assert "refused a client: This server has no match 'QQQQQQ'." in said and "Traceback" not in said
