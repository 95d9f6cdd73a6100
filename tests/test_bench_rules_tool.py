"""tools/bench_rules.py runs on the real 3d6-lite and ends with the figures line (no speed asserted here)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import game.rules  # noqa: F401
from game.rules.base import RULESETS

ROOT = Path(__file__).resolve().parent.parent


def test_bench_quick_run_ends_with_the_figures_line():
    assert "3d6-lite" in RULESETS, "3d6-lite is not registered (a ruleset that fails to import must fail here)"
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "bench_rules.py"), "--quick"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert re.fullmatch(r"rules: contests_per_s=\d+ exchange_per_s=\d+ legal_odds_ms=\d+\.\d{3}", lines[-1])
    assert "note:" not in proc.stdout  # every exchange was whole: grapple, then takedown


def test_bench_quick_run_for_a_ruleset_without_grips():
    """nd6-tactical has no grapple verbs: only legal_actions + odds is measured, on a 4v4 melee side by side."""
    assert "nd6-tactical" in RULESETS
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "bench_rules.py"), "--quick", "--ruleset",
                           "nd6-tactical"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "no grapple verbs" in proc.stdout
    assert re.fullmatch(r"rules: contests_per_s=0 exchange_per_s=0 legal_odds_ms=\d+\.\d{3}", lines[-1])
