"""What the rest of the code needs to know about the d20 ruleset, as plain data.

Declared on :class:`game.rules.d20.ruleset.D20Ruleset` (``ai_hints``,
``stat_blocks``, ``attack_rules``; see ``game/rules/README.md``): the computer
opponent, the soak and the log's words read them from there, never by the
ruleset's id.
"""

from __future__ import annotations

from typing import Any

__all__ = ["AI_HINTS", "STAT_BLOCKS", "ATTACK_RULES", "CONDITION_BADGES", "CONDITION_WEIGHTS"]

#: the computer opponent's weight overrides (``game.ai.weights.Weights`` fields).
#: A hold is one state (a "pin" is the same hold, S4-WRESTLE-7) worth an automatic blow a round (S4-HOLD-1)
#: and -4 AC against the others (S4-HELD-2); a rider on its horse is the strongest piece on the field
#: (unhorsing it is control); stunned is -2 AC and -2 to hit (S4-JOUST-5)
AI_HINTS: dict[str, Any] = {
    "grip_kind": {"hold": 1.6, "pin": 1.6}, "grip_hand": 0.0,
    "conditions": {"mounted": 0.6, "exhausted": -0.3, "maimed": -0.6, "silenced": -0.05, "bolting": -0.8,
                   "frightened": -0.4, "underwater": -0.2, "stunned": -1.0},
    "distance": 0.2,
}

#: per-fighter blocks the soak gives the arena's fighters when no scenario in ``maps/`` is made for d20
STAT_BLOCKS: tuple[dict[str, Any], ...] = (
    {"stats": {"STR": 15, "DEX": 12, "CON": 14, "INT": 10, "WIS": 10, "CHA": 10, "level": 2},
     "hands": {"right": "longsword", "left": "shield"}},
    {"stats": {"STR": 16, "DEX": 10, "CON": 15, "INT": 9, "WIS": 10, "CHA": 9, "level": 2},
     "hands": {"right": None, "left": None}},
    {"stats": {"STR": 12, "DEX": 16, "CON": 12, "INT": 12, "WIS": 11, "CHA": 10, "level": 2},
     "hands": {"right": "dagger", "left": None}},
    {"stats": {"STR": 14, "DEX": 13, "CON": 13, "INT": 10, "WIS": 10, "CHA": 10, "level": 2},
     "hands": {"right": "mace", "left": None}},
    {"stats": {"STR": 13, "DEX": 14, "CON": 12, "INT": 11, "WIS": 12, "CHA": 10, "level": 2},
     "hands": {"right": "club", "left": None}},
    {"stats": {"STR": 17, "DEX": 9, "CON": 16, "INT": 8, "WIS": 9, "CHA": 8, "level": 2},
     "hands": {"right": "spear", "left": None}},
)

#: rule IDs of d20 attack rolls (to-hit, the wrestling grab, charges, brawling): their ``dc`` is an AC
ATTACK_RULES: tuple[str, ...] = ("S4-ATTACK", "S4-WRESTLE-1", "S4-CHARGE", "S4-BRAWL")

#: the action menu (issue 14: the UI's tables by action type live with the ruleset): each action's letter
MENU_KEYS: dict[str, str] = {'attack': 'X', 'release': 'R', 'change_posture': 'C', 'ready': 'Z', 'wrestle': 'G', 'escape': 'B', 'trip': 'T', 'charge': 'H', 'brawl': 'K', 'silence': 'L', 'defend': 'Q', 'move_opponent': 'J'}
#: the order of the action menu's groups
MENU_ORDER: tuple[str, ...] = ('release', 'attack', 'move', 'change_posture', 'face', 'ready', 'wait', 'do_nothing', 'pass', 'charge', 'wrestle', 'escape', 'silence', 'move_opponent', 'acquire_item', 'brawl', 'shield_bash', 'aimed_shot', 'set_vs_charge', 'defend', 'run', 'fighting_withdrawal', 'evade', 'use_item')
#: actions whose destination is picked on the map
MAP_ACTIONS: frozenset[str] = frozenset({'fighting_withdrawal', 'move_opponent', 'run', 'move', 'charge'})
#: what a map action with no item strikes with, in its menu title
UNARMED_WORDS: dict[str, str] = {'charge': 'weapon in hand'}

#: the badges of d20's own conditions over a token (letters, colour)
CONDITION_BADGES: dict[str, tuple[str, tuple[int, int, int]]] = {
    "mounted": ("RIDE", (200, 170, 120)),
    "bolting": ("BOLT", (255, 150, 60)),
    "silenced": ("MUTE", (150, 180, 255)),
    "exhausted": ("EXH", (190, 160, 220)),
    "knocked_out": ("KO", (150, 150, 160)),
    "paralyzed": ("PAR", (200, 140, 255)),
    "subdual": ("SUB", (200, 200, 140)),
    "maimed": ("MAIM", (220, 90, 90)),
    "fled": ("FLED", (150, 150, 160)),
    "evaded": ("GONE", (150, 150, 160)),
    "underwater": ("WET", (80, 170, 230)),
    "bound": ("BOUND", (235, 90, 200)),
    "frightened": ("FEAR", (250, 200, 60)),
}

#: what d20's own conditions cost their side in the review of a lost battle (game.teaching.review)
CONDITION_WEIGHTS: dict[str, float] = {"knocked_out": 8.0, "paralyzed": 6.0, "bound": 4.0, "maimed": 3.0,
                                       "frightened": 2.0, "fled": 2.0, "silenced": 1.0, "exhausted": 1.0}
