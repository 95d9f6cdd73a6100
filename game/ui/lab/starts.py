"""Where a lab set-up starts: the shipped scenarios' maps, or open ground.

The lab's map drop-down lists these starts, and its commands (Map, New, Load)
read them; kept below both so neither imports the other for them.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from game.teaching.lab import LabSituation

__all__ = ["MAPS", "OPEN_GROUND", "start_of", "default_start"]

MAPS = Path(__file__).resolve().parents[3] / "maps"
#: the first start in the list: no map at all (``"map": null``)
OPEN_GROUND = "(open ground)"


def start_of(lab: LabSituation) -> str:
    """The scenario whose map the set-up stands on, for the map drop-down to show it: open ground for
    ``"map": null`` (every situation ``clinch resolve`` takes without a map), else a scenario on that map (one of
    the set-up's ruleset first), else the arena."""
    where = lab.data.get("map")
    if not where:
        return OPEN_GROUND
    here = (lab.base_dir / str(where)).resolve()
    found = []
    for toml in sorted(MAPS.glob("*.toml")):
        try:
            data = tomllib.loads(toml.read_text(encoding="utf-8"))
            if (MAPS / str(data["map"])).resolve() == here:
                found.append((data.get("ruleset") != lab.data.get("ruleset"), toml.stem))
        except (OSError, ValueError, KeyError):
            continue
    return min(found)[1] if found else "arena"


def default_start() -> Path:
    """The scenario a fresh lab opens on (the arena)."""
    return MAPS / "arena.toml"
