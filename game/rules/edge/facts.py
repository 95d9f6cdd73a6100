"""What the rest of the code needs to know about the edge ruleset, as plain data.

Declared on :class:`game.rules.edge.ruleset.EdgeRuleset` (``ai_hints``,
``stat_blocks``, ``hoped``; see ``game/rules/README.md``): the
computer opponent, the soak and the UI read them from there, never by the
ruleset's id.
"""

from __future__ import annotations

from typing import Any

from game.rules.base import HOPED as BASE_HOPED

__all__ = ["AI_HINTS", "STAT_BLOCKS", "HOPED", "CONDITION_BADGES"]

#: the computer opponent's weight overrides (``game.ai.weights.Weights`` fields).
#: A grapple is one mutual link (the holder has only the upper hand); pins climb from "pin" (-1) to "pin-5",
#: which knocks the foe out or binds it (S1-PIN-2..7)
AI_HINTS: dict[str, Any] = {
    "grip_kind": {"grapple": 0.4, "pin": 2.0, "pin-1": 2.0, "pin-2": 3.0, "pin-3": 4.0, "pin-4": 5.0, "pin-5": 6.0},
    "being_held_extra": 0.0, "grip_hand": 0.0,
}

#: per-fighter blocks the soak gives the arena's fighters when no scenario in ``maps/`` is made for edge
STAT_BLOCKS: tuple[dict[str, Any], ...] = (
    {"stats": {"STR": 4, "REF": 3, "PRE": 3, "WIL": 3}, "hands": {"right": "mace", "left": None}},
    {"stats": {"STR": 3, "REF": 4, "PRE": 4, "WIL": 3}, "hands": {"right": "dagger", "left": None}},
    {"stats": {"STR": 5, "REF": 2, "PRE": 3, "WIL": 4}, "hands": {"right": None, "left": None}},
    {"stats": {"STR": 3, "REF": 3, "PRE": 4, "WIL": 3}, "hands": {"right": "tomahawk", "left": "dagger"}},
    {"stats": {"STR": 4, "REF": 4, "PRE": 2, "WIL": 3}, "hands": {"right": "longsword", "left": None}},
    {"stats": {"STR": 3, "REF": 3, "PRE": 3, "WIL": 4}, "hands": {"right": "rope", "left": None}},
)

#: the outcomes of edge's ``odds`` an action is taken for, best first (``Ruleset.headline``): a blow's
#: ``hit``, then any result beyond escape (``edge>=1``: a grapple roll, entering and rolling at once)
HOPED: tuple[str, ...] = (*BASE_HOPED, "edge>=1", "enter")

#: the action menu (issue 14: the UI's tables by action type live with the ruleset): each action's letter
MENU_KEYS: dict[str, str] = {'attack': 'X', 'release': 'R', 'change_posture': 'C', 'ready': 'Z', 'enter_grapple': 'G', 'grapple_roll': 'O'}
#: the order of the action menu's groups
MENU_ORDER: tuple[str, ...] = ('enter_grapple', 'grapple_roll', 'release', 'attack', 'move', 'change_posture', 'face', 'ready', 'wait', 'do_nothing', 'pass')
#: actions whose destination is picked on the map
MAP_ACTIONS: frozenset[str] = frozenset({'move'})
#: what a map action with no item strikes with, in its menu title
UNARMED_WORDS: dict[str, str] = {}

#: the badge of edge's own condition over a token (letters, colour): bound by an Escape-proof hold
CONDITION_BADGES: dict[str, tuple[str, tuple[int, int, int]]] = {"bound": ("BOUND", (235, 90, 200))}
