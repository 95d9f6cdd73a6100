"""Fixtures the headless UI tests share; a test module takes one by importing it (autouse there)."""

from __future__ import annotations

import pygame
import pytest


@pytest.fixture(autouse=True)
def fresh_ui_dirs(tmp_path, monkeypatch):
    """The game's data and settings folders in ``tmp_path`` (never the player's), a display, no stray events."""
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))
    pygame.display.init()
    pygame.event.clear()
    yield
    pygame.event.clear()
