"""The download build's command line, without building (the build is ``CI_BUNDLE=1 .ci/run``).

Why: a one-file build or a data file left off the command line only shows on a player's machine; these
checks read the arguments ``tools/build_bundle.py`` hands PyInstaller instead.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from game.files.data_files import data_files

ROOT = Path(__file__).resolve().parents[1]


def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_bundle", ROOT / "tools" / "build_bundle.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_one_folder_never_one_file(tmp_path: Path) -> None:
    """The bundle is a folder (a one-file build unpacks to a temporary folder at every start)."""
    args = _build_module().pyinstaller_args(tmp_path / "dist", tmp_path / "build")
    assert "--onedir" in args and "--onefile" not in args and "-F" not in args
    assert args[args.index("--name") + 1] == "clinch"
    assert args[args.index("--specpath") + 1] == str(tmp_path / "build")  # the .spec stays out of the tree


def test_every_data_file_is_handed_to_pyinstaller(tmp_path: Path) -> None:
    """Each file of game/files/data_files.py goes in as --add-data, to the folder it has in the checkout."""
    args = _build_module().pyinstaller_args(tmp_path / "dist", tmp_path / "build")
    added = {args[i + 1] for i, a in enumerate(args) if a == "--add-data"}
    for src, dest in data_files(ROOT):
        assert f"{src}{os.pathsep}{dest}" in added, src
    assert any(a.endswith(f"{os.pathsep}maps/lessons") for a in added)
    assert "--collect-submodules" in args and "game" in args  # commands and rulesets are imported by name


def test_what_only_tests_and_the_build_use_is_left_out(tmp_path: Path) -> None:
    """numpy (tests only), tkinter, pytest, hypothesis and PyInstaller itself stay out of the bundle."""
    args = _build_module().pyinstaller_args(tmp_path / "dist", tmp_path / "build")
    excluded = {args[i + 1] for i, a in enumerate(args) if a == "--exclude-module"}
    assert {"numpy", "tkinter", "pytest", "hypothesis", "PyInstaller"} <= excluded
    assert not excluded & {"pygame", "pygame_gui", "pytmx", "msgspec", "platformdirs", "zstandard", "websockets"}


def test_archive_name_says_version_and_platform() -> None:
    """``clinch-0.1.0-linux-x86_64.tar.gz``: the archive's name says what it is and what it runs on."""
    tag = _build_module().platform_tag()
    assert re.fullmatch(r"(linux|windows|macos|[a-z0-9]+)-[a-z0-9_]+", tag), tag


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_smoke_script_parses() -> None:
    """tools/smoke_bundle.sh is valid bash (it runs only after a build)."""
    subprocess.run(["bash", "-n", str(ROOT / "tools" / "smoke_bundle.sh")], check=True)


def test_window_icon_missing_is_skipped(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A missing icon file never stops the window from opening (set_window_icon just returns)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui import app

    monkeypatch.setattr(app, "icon_path", lambda: tmp_path / "none.png")
    app.set_window_icon()
    assert "pygame" in sys.modules
