"""CI's small run of ``tools/net_scale.py`` (loopback only): one battle of one ruleset against simulate, with
cut connections, a late spectator, a server killed -9 and restarted, hostile messages and silent clients.

The full counts (200 battles per ruleset, 100 drops, 10,000 hostile messages) are the script's to run on a
quiet machine; here every kind of check runs once, and every count must come out as it must.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_net_scale_small_run_finds_every_count_as_it_must_be() -> None:
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "net_scale.py"), "--battles", "1", "--drops", "3",
                           "--hostile", "200", "--kills", "1", "--silent", "3", "--only", "3d6-lite"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600, env=env, check=False)
    last = proc.stdout.strip().splitlines()[-1]
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    figures = dict(part.split("=", 1) for part in last.removeprefix("net_scale: ").split())
    assert figures["battles"] == figures["same"] == "1" and figures["mismatches"] == "0"
    assert figures["saves_checked"] == "1" and figures["bad_saves"] == "0"
    assert figures["drops"] == figures["drops_back"] and float(figures["resync_max_s"]) <= 2
    assert figures["spectators"] == figures["spectators_same"] == "1"
    assert figures["kills"] == figures["kills_same"] == "1"
    assert figures["hostile"] == figures["refused"] == "200" and figures["hostile_changed"] == "0"
    assert figures["seed_leaks"] == "0"
