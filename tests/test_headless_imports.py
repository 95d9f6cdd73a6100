"""Nothing headless imports pygame (DEVELOPERS.md, house rules; ARCHITECTURE.md, the layers).

Each module is imported in a fresh interpreter with ``sys.modules["pygame"] =
None`` (and the same for pygame_gui), so any ``import pygame`` on the way
fails. Packages are walked: every ruleset module under ``game.rules`` and
every module under ``game.ai`` is imported too. A module that does not exist
yet is skipped with the reason.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

HEADLESS = [
    "game.rules", "game.flow.turns", "game.ai", "game.model", "game.dice", "game.hexgrid", "game.files.maps", "game.files.saves",
    "game.files.situation", "game.commands.resolve", "game.commands.catalogue", "game.files.save_slots",
    # the turn controller's parts (issue 14): steps, their queue, dice sources, undo, autosave
    "game.flow.steps", "game.flow.step_queue", "game.flow.sources", "game.flow.undo", "game.flow.autosave",
    # the map and scenario readers behind game.files.maps (issue 14)
    "game.tiled", "game.files.scenarios",
    # guided lessons and the review of a lost battle (issue 18): data, checks and odds, no screen
    "game.teaching.lessons", "game.teaching.review",
    # the one check of a file's names and ids, and the escaping of any text shown (every loader uses them)
    "game.files.names", "game.files.userfiles",
]

PROBE = r"""
import importlib, json, pkgutil, sys, traceback
sys.modules["pygame"] = None
sys.modules["pygame_gui"] = None
results = {}

def probe(name):
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and (name == exc.name or name.startswith(exc.name + ".")) and exc.name.startswith("game"):
            return "missing", None
        return "error", traceback.format_exc()
    except BaseException:
        return "error", traceback.format_exc()
    return "ok", module

for name in sys.argv[1:]:
    status, module = probe(name)
    results[name] = {"status": status, "detail": module if status == "error" else None, "submodules": {}}
    if status == "ok" and hasattr(module, "__path__"):
        for info in pkgutil.walk_packages(module.__path__, name + "."):
            sub_status, sub = probe(info.name)
            results[name]["submodules"][info.name] = sub if sub_status == "error" else sub_status
leaked = sorted(m for m, v in sys.modules.items() if m.split(".")[0] in ("pygame", "pygame_gui") and v is not None)
print(json.dumps({"results": results, "leaked": leaked}))
"""


@pytest.fixture(scope="module")
def probe() -> dict:
    proc = subprocess.run([sys.executable, "-c", PROBE, *HEADLESS], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("name", HEADLESS)
def test_imports_without_pygame(probe, name):
    result = probe["results"][name]
    if result["status"] == "missing":
        pytest.skip(f"{name} does not exist yet")
    assert result["status"] == "ok", f"{name} failed to import without pygame:\n{result['detail']}"
    broken = {sub: detail for sub, detail in result["submodules"].items() if detail != "ok"}
    assert not broken, "\n".join(f"{sub}:\n{detail}" for sub, detail in broken.items())


def test_no_pygame_module_was_loaded(probe):
    assert probe["leaked"] == []


def test_the_probe_catches_a_pygame_import(tmp_path):
    """The guard itself works: a module that imports pygame fails under it."""
    (tmp_path / "uses_pygame.py").write_text("import pygame\n")
    code = PROBE.replace("results = {}", f"results = {{}}; sys.path.insert(0, {str(tmp_path)!r})")
    proc = subprocess.run([sys.executable, "-c", code, "uses_pygame"], capture_output=True, text=True, timeout=60)
    result = json.loads(proc.stdout.strip().splitlines()[-1])["results"]["uses_pygame"]
    assert result["status"] == "error" and "pygame" in result["detail"]
