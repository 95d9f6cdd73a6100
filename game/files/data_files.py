"""The game's own files (maps, lessons, tilesets, sounds, theme, rules help, icon): one list, one root.

Why one list: ``pyproject.toml``'s package data, the download build (``tools/build_bundle.py``) and the
test that checks them (``tests/test_bundle_data.py``) all read :data:`PACKAGE_DATA` and
:data:`ROOT_DATA` from here, so a new kind of file is added once and the bundle cannot quietly ship
without it.

Why a root: ``assets/`` and ``maps/`` sit beside the ``game`` package, not inside it. From a checkout or
an editable install that is the folder above ``game/``; in the frozen one-folder build PyInstaller unpacks
everything under ``sys._MEIPASS`` and gives each module a ``__file__`` under it, so the same
``Path(__file__).parents[...]`` the game's modules use land on the files the build put there.
:func:`data_root` says where that is, for code that asks rather than counts parents.

Nothing here imports pygame: the headless commands and the build script read it.
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["PACKAGE_DATA", "ROOT_DATA", "data_files", "data_root", "icon_path", "is_frozen"]

#: files inside the ``game`` package besides code, as globs relative to ``game/``; pyproject.toml's
#: ``[tool.setuptools.package-data] game`` must say the same (tests/test_bundle_data.py checks it)
PACKAGE_DATA: tuple[str, ...] = ("py.typed", "rules/*/rules_help*.json", "rules/*/roster.toml")

#: files beside the package the game opens, as globs relative to :func:`data_root`: the scenarios and
#: their Tiled maps, tilesets and tile pictures, the lessons, the sounds, the pygame-gui theme, the
#: general rules help, the window icon, and the game-icons.net pictures with their credits (tools/vendor_icons.py)
ROOT_DATA: tuple[str, ...] = (
    "maps/*.toml",
    "maps/*.tmx",
    "maps/*.tsx",
    "maps/*.png",
    "maps/lessons/*.toml",
    "assets/theme.json",
    "assets/icon.png",
    "assets/rules_help/*.json",
    "assets/sounds/*.wav",
    "assets/icons/*",
)


def is_frozen() -> bool:
    """True when running from the PyInstaller build (it sets ``sys.frozen``)."""
    return bool(getattr(sys, "frozen", False))


def data_root() -> Path:
    """The folder holding ``maps/``, ``assets/`` and ``game/``: ``sys._MEIPASS`` when frozen (the
    bundle's ``_internal`` folder), else the folder above this package (the checkout)."""
    if is_frozen():
        return Path(getattr(sys, "_MEIPASS", Path(sys.executable).resolve().parent))
    return Path(__file__).resolve().parents[2]


def icon_path() -> Path:
    """The window and desktop icon (drawn by ``tools/make_icon.py``)."""
    return data_root() / "assets" / "icon.png"


def data_files(root: Path | None = None) -> list[tuple[Path, str]]:
    """Every data file as (source path, destination folder relative to the bundle root), sorted: what
    the build hands PyInstaller, laid out as the checkout lays it out."""
    base = Path(root) if root is not None else data_root()
    found: dict[Path, str] = {}
    for pattern in PACKAGE_DATA:
        for path in (base / "game").glob(pattern):
            if path.is_file():
                found[path] = path.parent.relative_to(base).as_posix()
    for pattern in ROOT_DATA:
        for path in base.glob(pattern):
            if path.is_file():
                found[path] = path.parent.relative_to(base).as_posix()
    return sorted(found.items())
