"""The scenarios shipped in ``maps/``, as the menus list and start them.

Kept below every screen: the app opens the default one, New battle and the
network menu list them by title, the builder lists the shipped maps and the
main menu draws the default board behind itself. (They lived in the app and in
New battle, which the other screens then imported from inside functions: loops.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.files.maps import load_scenario  # the map reader, loaded when a battle is
from game.files.names import name_problem, shown
from game.files.userfiles import UserFileError, load_toml

__all__ = ["MAPS_DIR", "DEFAULT_SCENARIO", "load_battle", "scenario_files", "scenario_titles"]

MAPS_DIR = Path(__file__).resolve().parents[2] / "maps"
DEFAULT_SCENARIO = MAPS_DIR / "arena.toml"


def load_battle(scenario: str | Path | Any) -> Any:
    """A Battle from a scenario path (through ``game.files.maps.load_scenario``) or as given."""
    if isinstance(scenario, str | Path):
        return load_scenario(scenario)
    return scenario


def scenario_files() -> list[Any]:
    """The shipped scenario files, by name."""
    return sorted(MAPS_DIR.glob("*.toml"))


def scenario_titles(paths: list[Any]) -> dict[str, Any]:
    """Each scenario by the name its file gives (what the briefing calls it: "Brawl at the Broken Flagon"),
    never its file's stem ("tavern_edge"); a file that gives none, or cannot be read, by its stem in words
    ("tavern edge"); two of one name told apart by a number. Title -> path, in the files' order."""
    out: dict[str, Any] = {}
    for p in paths:
        try:
            name = load_toml(p).get("name")
        except (UserFileError, OSError, ValueError):
            name = None
        if not isinstance(name, str) or name_problem(name) is not None:
            name = shown(p.stem.replace("_", " "))
        title, k = name, 2
        while title in out:
            title, k = f"{name} ({k})", k + 1
        out[title] = p
    return out
