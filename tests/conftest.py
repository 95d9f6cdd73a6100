"""What every test process shares: its own player folders, so tests can run in parallel.

Why: the suite runs under pytest-xdist (``-n auto``, README.md); several test modules used to point
``CLINCH_CONFIG_DIR`` and ``CLINCH_DATA_DIR`` at one fixed folder under the system's temporary
folder (``clinch-test-config``), so two workers wrote the same settings file and saves at once, and
a test that unsets them fell back to the real user's folders. Set here, before any test module is
imported, each process (each xdist worker, or the one serial run) gets folders of its own; the
modules' ``os.environ.setdefault`` lines then keep them, and tests that need a clean folder still
monkeypatch their own ``tmp_path``.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest

_OWN = tempfile.mkdtemp(prefix=f"clinch-tests-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-")
atexit.register(shutil.rmtree, _OWN, True)

os.environ["CLINCH_CONFIG_DIR"] = os.path.join(_OWN, "config")
os.environ["CLINCH_DATA_DIR"] = os.path.join(_OWN, "data")
# platformdirs' fallback when a test unsets the two above: still this process's own folder
os.environ["XDG_CONFIG_HOME"] = os.path.join(_OWN, "xdg-config")
os.environ["XDG_DATA_HOME"] = os.path.join(_OWN, "xdg-data")
os.environ["XDG_STATE_HOME"] = os.path.join(_OWN, "xdg-state")
os.environ["XDG_CACHE_HOME"] = os.path.join(_OWN, "xdg-cache")


@pytest.fixture
def dirs(tmp_path, monkeypatch):
    """A UI test's data and settings folders in ``tmp_path``, handed to it (tests/ui_fixtures.py's ui_dirs;
    here so a module asks for it by name without importing a fixture it then shadows)."""
    from ui_fixtures import ui_dirs

    yield from ui_dirs(tmp_path, monkeypatch)


@pytest.fixture
def lab_app():
    """The situation lab opened by a click at 1024x640 (tests/ui_fixtures.py's open_lab), closed after the
    test; here for the same reason as ``dirs``."""
    import pygame
    from ui_fixtures import open_lab

    app = open_lab()
    yield app
    app.close()
    pygame.event.clear()
