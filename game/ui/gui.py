"""pygame-gui set-up: one themed ``UIManager`` per screen (theme in ``assets/theme.json``)."""

from __future__ import annotations

from pathlib import Path

import pygame_gui

__all__ = ["make_manager", "THEME_PATH"]

THEME_PATH = Path(__file__).resolve().parents[2] / "assets" / "theme.json"


def make_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    """A UI manager with Clinch's theme (pygame-gui's own look if the theme file is missing)."""
    theme = str(THEME_PATH) if THEME_PATH.is_file() else None
    try:
        return pygame_gui.UIManager(size, theme, enable_live_theme_updates=False)
    except Exception:  # noqa: BLE001 - a broken theme file must not stop the game
        return pygame_gui.UIManager(size, enable_live_theme_updates=False)
