"""The battle builder, headless: a set-up (map, ruleset, sides, fighters, how to win) a player makes in the
window, written as a scenario ``.toml`` that ``clinch play`` and ``clinch simulate`` read and read back
byte for byte; each ruleset's ready-made roster; the user's own scenarios and maps folders. No pygame.
"""

from game.builder.roster import Archetype, roster
from game.builder.setup import (
    WIN_CHOICES,
    BuiltFighter,
    BuiltSide,
    Setup,
    check_setup,
    load_setup,
    save_setup,
    setup_from_data,
    setup_text,
)
from game.builder.user_folder import user_maps, user_maps_dir, user_scenarios, user_scenarios_dir

__all__ = [
    "WIN_CHOICES", "Archetype", "BuiltFighter", "BuiltSide", "Setup", "check_setup", "load_setup", "roster",
    "save_setup", "setup_from_data", "setup_text", "user_maps", "user_maps_dir", "user_scenarios",
    "user_scenarios_dir",
]
