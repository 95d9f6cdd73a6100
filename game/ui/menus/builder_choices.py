"""What a pick in each of the builder panel's drop-downs changes (map, rules, side, seat, level, a terrain
word's kind, the roster entry, the picked fighter's pronoun, facing and posture, how the battle is won): kept
apart from :mod:`game.ui.menus.builder_menu` (the screen) so that the screen's class stays small.
"""

from __future__ import annotations

from typing import Any

import msgspec

from game.builder import WIN_CHOICES, roster
from game.builder.edit import edit_fighter, edit_side
from game.builder.setup import with_win
from game.ui.menus.builder_panel import CONTROLS, LEVELS, facing_choices

__all__ = ["choose"]


def choose(scene: Any, key: str, value: str) -> None:
    """The drop-down ``key``'s new value ``value`` as a change of the builder ``scene``'s set-up or selection."""
    if key == "map" and value in scene.maps:
        scene.change(msgspec.structs.replace(scene.setup, map=scene.maps[value].resolve().as_posix(),
                                            terrain_words={}), new_board=True)
    elif key == "ruleset" and value != scene.setup.ruleset:
        scene.archetypes = roster(value)
        scene.archetype = scene.archetypes[0].name if scene.archetypes else ""
        had = bool(scene.setup.fighters)
        scene.change(msgspec.structs.replace(scene.setup, ruleset=value, fighters=[]))
        if had:
            scene.say("The fighters were taken off: each ruleset has fighters of its own make.")
    elif key == "side":
        scene.side_id = next((s.id for s in scene.setup.sides if (s.name or s.id) == value), scene.side_id)
        scene.rebuild()
    elif key == "control":
        scene.change(edit_side(scene.setup, scene.side_id, control=CONTROLS.get(value, "human")))
    elif key == "level":
        scene.change(edit_side(scene.setup, scene.side_id, level=LEVELS.get(value, "")))
    elif key.startswith("word:"):  # a terrain word of the map's own: the kind the player says it is
        words = {k: v for k, v in scene.setup.terrain_words.items() if k != key[5:]}
        if value in ("blocking", "water", "cover", "rough", "open"):
            words[key[5:]] = value
        scene.change(msgspec.structs.replace(scene.setup, terrain_words=words))
    elif key == "pronoun" and scene.selected:
        scene.change(edit_fighter(scene.setup, scene.selected, pronoun=None if value == "they" else value))
    elif key == "archetype":
        scene.archetype = value
    elif key == "fighter":
        scene.selected = next((f.id for f in scene.setup.fighters if scene.fighter_title(f) == value), None)
        scene.refresh()
    elif key == "facing" and scene.selected:
        facing = facing_choices(scene.board.battle.board.top).get(value)
        scene.change(edit_fighter(scene.setup, scene.selected, facing=facing))
    elif key == "posture" and scene.selected:
        scene.change(edit_fighter(scene.setup, scene.selected, posture=value))
    elif key == "win":
        choice = next((k for k, v in WIN_CHOICES.items() if v == value), "default")
        scene.change(with_win(scene.setup, choice, scene.rounds()))
