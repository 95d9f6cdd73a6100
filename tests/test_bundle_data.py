"""The download build ships every file the game opens (issue: players without Python).

``game/files/data_files.py`` is the one list of data files: pyproject.toml's package data must say the same,
every file under ``maps/`` and ``assets/`` the game reads must match a glob of it, and every folder the
game's modules open must sit where the build puts it (under :func:`game.files.data_files.data_root`, which is
``sys._MEIPASS`` when frozen). Fast and headless: the build itself is ``tools/build_bundle.py``, run by
``.ci/run`` with ``CI_BUNDLE=1``, not here.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

from game.files import data_files
from game.files.data_files import PACKAGE_DATA, data_root

ROOT = Path(__file__).resolve().parents[1]
#: files in the data folders the game never opens (notes for people editing them)
NOT_SHIPPED = {"maps/lessons/README.md"}


def _shipped() -> set[str]:
    return {(Path(dest) / src.name).as_posix() for src, dest in data_files.data_files(ROOT)}


def test_pyproject_package_data_is_the_shared_list() -> None:
    """pyproject.toml's package data for ``game`` is game.files.data_files.PACKAGE_DATA, glob for glob."""
    with open(ROOT / "pyproject.toml", "rb") as fh:
        project = tomllib.load(fh)
    assert project["tool"]["setuptools"]["package-data"]["game"] == list(PACKAGE_DATA)


def test_build_extra_is_not_a_game_dependency() -> None:
    """PyInstaller is the optional ``build`` extra; a player installing the game never pulls it."""
    with open(ROOT / "pyproject.toml", "rb") as fh:
        project = tomllib.load(fh)["project"]
    assert any(d.lower().startswith("pyinstaller") for d in project["optional-dependencies"]["build"])
    assert not any(d.lower().startswith("pyinstaller") for d in project["dependencies"])


def test_every_file_in_the_data_folders_is_shipped() -> None:
    """Every map, tileset, tile picture, lesson, sound, theme and help file in the checkout is in the list."""
    on_disk = {p.relative_to(ROOT).as_posix() for folder in ("maps", "assets") for p in (ROOT / folder).rglob("*")
               if p.is_file() and "__pycache__" not in p.parts}
    missing = sorted(on_disk - _shipped() - NOT_SHIPPED)
    assert not missing, f"add a glob to game/files/data_files.py ROOT_DATA for {missing}"


def test_every_rules_help_file_is_shipped() -> None:
    """Each ruleset's own rules help (``rules_help*.json`` in its folder) is in the package data."""
    from game.rules import RULESETS

    shipped = _shipped()
    for ruleset in RULESETS.values():
        for path in ruleset.folder().glob("rules_help*.json"):
            assert path.relative_to(ROOT).as_posix() in shipped, path


def test_the_folders_the_game_opens_are_under_the_data_root() -> None:
    """The maps, lessons, rules help, sounds and theme the modules open are the shipped ones."""
    from game.ai import soak
    from game.teaching import lab, lessons
    from game.ui import app, gui, rules_help, sound

    shipped = _shipped()
    root = data_root()
    assert root == ROOT
    for folder in (app.MAPS_DIR, lab.MAPS, soak.MAPS, lessons.LESSONS_DIR, rules_help.HELP_DIR, sound.SOUNDS_DIR):
        files = [p for p in folder.iterdir() if p.is_file() and p.name != "README.md"]
        assert files, folder
        for path in files:
            assert path.relative_to(root).as_posix() in shipped, path
    assert gui.THEME_PATH.relative_to(root).as_posix() in shipped
    assert app.DEFAULT_SCENARIO.relative_to(root).as_posix() in shipped
    assert data_files.icon_path().relative_to(root).as_posix() in shipped


def test_frozen_root_is_meipass(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Frozen by PyInstaller (``sys.frozen``), the data root is the unpacked folder ``sys._MEIPASS``."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert data_files.is_frozen()
    assert data_root() == tmp_path
    assert data_files.icon_path() == tmp_path / "assets" / "icon.png"


def test_every_data_file_inside_the_package_is_shipped() -> None:
    """Every JSON or TOML file under ``game/`` (each ruleset's rules help and roster for the battle builder) is
    in the package data: the builder's rosters were left out of the download and the installed package."""
    game = ROOT / "game"
    on_disk = {p.relative_to(game).as_posix() for pattern in ("*.json", "*.toml") for p in game.rglob(pattern)}
    shipped = {p.relative_to(game).as_posix() for glob in PACKAGE_DATA for p in game.glob(glob)}
    assert not sorted(on_disk - shipped), "add a glob to game/files/data_files.py PACKAGE_DATA (and pyproject.toml)"
