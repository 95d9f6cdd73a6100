"""The player's own scenarios and maps: ``scenarios/`` and ``maps/`` in the user data folder
(:func:`game.files.saves.data_dir`, platformdirs or ``$CLINCH_DATA_DIR``), listed under "Your battles" in New
battle. Listing never reads a file (a bad one is refused when it is chosen, in one sentence). A map picked
from anywhere else is copied in with the files it reads (:func:`copy_map_in`) when a battle on it is saved,
so the battle keeps its map when the original is moved or deleted. No pygame.
"""

from __future__ import annotations

import os
from pathlib import Path

from game.files.saves import data_dir
from game.files.scenarios import GAME_MAPS_DIR
from game.files.userfiles import read_bytes
from game.tiled.map_files import map_files
from game.tiled.safe_xml import MAX_IMAGE_BYTES

__all__ = ["MAX_LISTED", "copy_map_in", "needs_copy", "user_maps", "user_maps_dir", "user_scenarios",
           "user_scenarios_dir"]

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


def needs_copy(tmx: str | Path) -> bool:
    """True for a map outside the game's maps folder and the player's: a saved battle would read it from
    wherever the player happened to pick it (a download, a Tiled project) and lose it when it moves."""
    here = Path(tmx).resolve()
    return not any(here.is_relative_to(d.resolve()) for d in (GAME_MAPS_DIR, user_maps_dir()))


def copy_map_in(tmx: str | Path) -> Path:
    """The map copied into the player's maps folder with every tileset and image it reads, at the same paths
    beside it; the copy's path. A map already there (the same bytes under its name) is not copied twice; one
    of the same name but other bytes is copied as ``name_2.tmx``. ``ValueError`` in one sentence, and nothing
    written, when the map names a file outside its own folder or one the folder already has with other
    bytes (another map's tileset of the same name)."""
    tmx = Path(tmx)
    names = map_files(tmx)
    folder = user_maps_dir()
    data = {rel: read_bytes(tmx.parent / rel, limit=MAX_IMAGE_BYTES) for rel in names}
    own, *rest = names
    target, k = folder / own.name, 2
    while target.exists() and read_bytes(target, limit=MAX_IMAGE_BYTES) != data[own]:
        target, k = folder / f"{tmx.stem}_{k}{tmx.suffix}", k + 1
    for rel in rest:
        there = folder / rel
        if there.exists() and read_bytes(there, limit=MAX_IMAGE_BYTES) != data[rel]:
            raise ValueError(f"{tmx.name}: your maps folder already has another {rel.as_posix()}, which this "
                             "map's would replace.")
    for rel, where in [(own, target), *((r, folder / r) for r in rest)]:
        where.parent.mkdir(parents=True, exist_ok=True)
        if not where.exists():
            tmp = where.with_name(where.name + ".tmp")
            tmp.write_bytes(data[rel])
            os.replace(tmp, where)
    return target


def keep_map(map_path: str | Path) -> tuple[Path, str]:
    """Where a battle being saved should read its map from, and a few words for the player: a map from
    elsewhere (:func:`needs_copy`) is copied into their maps folder (``"field.tmx is in your maps folder
    now"``); one that cannot be (it reads a file outside its folder...) stays where it is, and the words say
    why and that it must stay there. A map of the game's or the player's own stays as it is, with no words."""
    here = Path(map_path)
    if not needs_copy(here):
        return here, ""
    try:
        return copy_map_in(here), f"{here.name} is in your maps folder now"
    except (ValueError, OSError) as exc:
        why = str(exc).replace(str(here), here.name).removeprefix(f"{here.name}: ").rstrip(".")
        return here, f"{here.name} stays read from its folder '{here.parent.name}', so keep it there ({why})"
