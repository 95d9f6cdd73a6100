"""The network package and its commands never import pygame (a headless server needs no display)."""

from __future__ import annotations

import subprocess
import sys

from net_helpers import ROOT

MODULES = ["game.net", "game.net.protocol", "game.net.match", "game.net.mirror", "game.net.server",
           "game.net.client", "game.commands.serve", "game.commands.join"]


def test_network_modules_import_without_pygame() -> None:
    code = ("import sys; sys.modules['pygame'] = None; sys.modules['pygame_gui'] = None\n"
            "import importlib\n"
            f"for name in {MODULES!r}: importlib.import_module(name)\n"
            "assert not any(m.startswith('game.ui') for m in sys.modules)\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
