"""The player's own scenarios and maps: ``scenarios/`` and ``maps/`` in the user data folder
(:func:`game.files.saves.data_dir`, platformdirs or ``$CLINCH_DATA_DIR``), listed under "Your battles" in New
battle. Listing never reads a file (a bad one is refused when it is chosen, in one sentence). No pygame.
"""

from __future__ import annotations

from pathlib import Path

from game.files.saves import data_dir

__all__ = ["MAX_LISTED", "user_maps", "user_maps_dir", "user_scenarios", "user_scenarios_dir"]

#: at most this many files of each kind are listed (a folder of thousands must not stall the menu)
MAX_LISTED = 200


def user_scenarios_dir() -> Path:
    """Where the builder saves the player's scenarios."""
    return data_dir() / "scenarios"


def user_maps_dir() -> Path:
    """Where the player keeps Tiled maps of their own (the builder offers them beside the shipped ones)."""
    return data_dir() / "maps"


def _listed(folder: Path, suffix: str) -> list[Path]:
    try:
        found = [p for p in folder.iterdir() if p.suffix.lower() == suffix and p.is_file()]
    except OSError:  # no folder yet, or one that cannot be read: nothing of the player's to list
        return []
    return sorted(found, key=lambda p: p.name.lower())[:MAX_LISTED]


def user_scenarios() -> list[Path]:
    """The player's scenario files, by name."""
    return _listed(user_scenarios_dir(), ".toml")


def user_maps() -> list[Path]:
    """The player's .tmx maps, by name."""
    return _listed(user_maps_dir(), ".tmx")
