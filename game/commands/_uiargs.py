"""Argument helpers shared by ``clinch play`` and ``clinch screenshot`` (no pygame here)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from game.cli import CommandError

__all__ = ["parse_size", "check_scenario_path", "load_battle_or_fail", "quiet_pygame"]


def quiet_pygame() -> None:
    """No support banner on stdout (set before pygame is imported)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise CommandError(f"--size must look like 1920x1080, not {text!r}.") from None
    if not (64 <= w <= 16384 and 64 <= h <= 16384):
        raise CommandError(f"--size {text} is out of range (64 to 16384 pixels a side).")
    return (w, h)


def check_scenario_path(path: str) -> Path:
    p = Path(path)
    if p.suffix.lower() != ".toml":
        raise CommandError(f"{path}: a scenario is a .toml file.")
    if not p.is_file():
        raise CommandError(f"{path}: no such scenario file.")
    return p


def load_battle_or_fail(path: Path) -> Any:
    """The scenario's Battle, or a one-sentence CommandError naming what is wrong."""
    try:
        # late: optional dependency: game.files.maps
        from game.files.maps import load_scenario
    except ImportError as exc:
        raise CommandError(f"cannot load scenarios yet ({exc}).") from None
    try:
        return load_scenario(path)
    except CommandError:
        raise
    except (ValueError, OSError, KeyError, TypeError) as exc:
        msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if str(path) not in msg and path.name not in msg:
            msg = f"{path}: {msg}"
        raise CommandError(msg.rstrip(".") + ".") from None
