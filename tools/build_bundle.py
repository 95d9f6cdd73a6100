"""Build the download: a one-folder PyInstaller bundle of Clinch, and its archive.

    python3 -m pip install -e '.[build]'
    python3 tools/build_bundle.py            # dist/clinch/ and dist/clinch-VERSION-OS-ARCH.tar.gz (.zip off Linux)

Why one folder, never one file: a one-file build unpacks itself into a temporary folder at every start
(slow, and antivirus programs quarantine it; a killed run leaves the copy behind), so players get a folder
with ``clinch`` (``clinch.exe``) in it. The same script runs on Windows and macOS and builds for the
system it runs on (PyInstaller does not cross-build).

The data files come from ``game/files/data_files.py`` (the list pyproject.toml's package data shares), laid out
as in the checkout, under the bundle's ``_internal`` folder (``sys._MEIPASS``); pygame-gui's own fonts and
themes are collected by its own PyInstaller hook. What only the tests or the build use is left out.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import shutil
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game import __version__  # noqa: E402
from game.files.data_files import data_files  # noqa: E402

NAME = "clinch"
#: modules the game never imports at run time (tests, linters, the build, optional extras of pygame)
EXCLUDES = ("numpy", "tkinter", "_tkinter", "pytest", "_pytest", "hypothesis", "ruff", "PyInstaller",
            "setuptools", "pkg_resources", "pip", "IPython", "matplotlib", "PIL", "lib2to3", "pydoc_data",
            "test", "unittest", "doctest", "xmlrpc", "pygame.tests", "pygame.examples", "pygame.docs",
            # optional back ends pulled in by the import scan: zstandard's cffi copy (the C one is used),
            # the YAML loaders of msgspec and i18n (pygame-gui's translations are JSON), cryptography
            "cffi", "_cffi_backend", "pycparser", "zstandard._cffi", "zstandard.backend_cffi", "yaml",
            "cryptography")
#: pygame-gui's fonts for its Japanese, Chinese and Korean interface languages (37 MB of the bundle's 87):
#: the game runs pygame-gui in English (its default language) and draws its own text with NotoSans, so
#: they are never opened; pygame-gui's own PyInstaller hook (pygame_gui#166, #214) collects them with its
#: theme, other fonts and translations, and the build removes them after
PYGAME_GUI_UNUSED = ("NotoSansJP-*", "NotoSansSC-*", "NotoSansKR-*")
#: our desktop entry; Exec and Icon are filled in by the bundle's install-desktop-entry.sh
DESKTOP = """[Desktop Entry]
Type=Application
Name=Clinch
GenericName=Tactical close-combat game
Comment=Hex-map tactical close combat under five tabletop rulesets, with every roll explained
Exec=clinch
Icon=clinch
Terminal=false
Categories=Game;StrategyGame;
Keywords=hex;tactics;grappling;tabletop;
"""
INSTALL_DESKTOP = """#!/bin/sh
# Add Clinch to the desktop's application menu (for this user): the entry points at this folder.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
icons="${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor/256x256/apps"
mkdir -p "$apps" "$icons"
cp "$here/clinch.png" "$icons/clinch.png"
sed -e "s|^Exec=.*|Exec=\\"$here/clinch\\"|" -e "s|^Icon=.*|Icon=$icons/clinch.png|" \\
    "$here/clinch.desktop" > "$apps/clinch.desktop"
echo "Clinch added to the application menu ($apps/clinch.desktop)."
"""


def platform_tag() -> str:
    """``linux-x86_64``, ``windows-x86_64``, ``macos-arm64``: the archive's name says what it runs on."""
    system = {"Darwin": "macos", "Windows": "windows"}.get(platform.system(), platform.system().lower())
    machine = platform.machine().lower()
    machine = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    return f"{system}-{machine}"


def pyinstaller_args(dist: Path, work: Path) -> list[str]:
    """The PyInstaller command line: one folder, the data list, every game module (the commands and
    rulesets are imported by name, which the import scan cannot see)."""
    sep = os.pathsep
    args = [str(ROOT / "game" / "__main__.py"), "--name", NAME, "--onedir", "--noconfirm", "--clean",
            "--log-level", "WARN", "--distpath", str(dist), "--workpath", str(work / "pyinstaller"),
            "--specpath", str(work), "--paths", str(ROOT),
            "--collect-submodules", "game"]
    if platform.system() != "Windows":
        args.append("--strip")  # the shared libraries' symbol tables: megabytes no player needs
    for src, dest in data_files(ROOT):
        args += ["--add-data", f"{src}{sep}{dest}"]
    for name in EXCLUDES:
        args += ["--exclude-module", name]
    if platform.system() in ("Windows", "Darwin") and importlib.util.find_spec("PIL") is not None:
        # the .exe's and the .app's icon: PyInstaller converts the PNG with Pillow (without it, no icon)
        args += ["--icon", str(ROOT / "assets" / "icon.png")]
    return args


def prune(folder: Path) -> None:
    """Remove what the hooks collected and the game never opens (:data:`PYGAME_GUI_UNUSED`); fails
    loudly if pygame-gui's English fonts went missing, since the window cannot open without them."""
    fonts = folder / "_internal" / "pygame_gui" / "data"
    if not (fonts / "NotoSans-Regular.ttf").is_file():
        raise SystemExit(f"build_bundle: {fonts}/NotoSans-Regular.ttf is missing: pygame-gui's data was not collected")
    for pattern in PYGAME_GUI_UNUSED:
        for path in fonts.glob(pattern):
            path.unlink()


def add_desktop_files(folder: Path) -> None:
    """The Linux desktop entry, its icon and the script that installs them for the user."""
    (folder / "clinch.desktop").write_text(DESKTOP, encoding="utf-8")
    shutil.copyfile(ROOT / "assets" / "icon.png", folder / "clinch.png")
    script = folder / "install-desktop-entry.sh"
    script.write_text(INSTALL_DESKTOP, encoding="utf-8")
    script.chmod(0o755)


def archive(folder: Path, dist: Path) -> Path:
    """Pack the folder: .tar.gz on Linux (keeps the executable bit), .zip elsewhere."""
    stem = f"{NAME}-{__version__}-{platform_tag()}"
    if platform.system() == "Linux":
        out = dist / f"{stem}.tar.gz"
        with tarfile.open(out, "w:gz", compresslevel=9) as tar:
            tar.add(folder, arcname=NAME)
        return out
    out = dist / f"{stem}.zip"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted(folder.rglob("*")):
            zf.write(path, Path(NAME) / path.relative_to(folder))
    return out


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the one-folder download of Clinch with PyInstaller.")
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="where dist/clinch/ and the archive go")
    parser.add_argument("--work", default=str(ROOT / "build"), help="PyInstaller's work folder and .spec")
    parser.add_argument("--no-archive", action="store_true", help="build the folder only")
    args = parser.parse_args(argv)
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        print("build_bundle: PyInstaller is not installed; run: python3 -m pip install -e '.[build]'",
              file=sys.stderr)
        return 2
    dist, work = Path(args.dist).resolve(), Path(args.work).resolve()
    start = time.monotonic()
    pyinstaller.run(pyinstaller_args(dist, work))
    folder = dist / NAME
    prune(folder)
    add_desktop_files(folder)
    built = time.monotonic() - start
    print(f"build_bundle: {folder} in {built:.0f} s, {folder_size(folder) / 1e6:.1f} MB unpacked")
    if not args.no_archive:
        out = archive(folder, dist)
        print(f"build_bundle: {out} {out.stat().st_size / 1e6:.1f} MB packed "
              f"({time.monotonic() - start:.0f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
