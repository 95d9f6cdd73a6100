"""What the rest of the code needs to know about the 3d6 rulesets, as plain data.

Declared on :class:`game.rules.threed6.lite.ThreeD6Lite` (and so inherited by
3d6-full; see ``game/rules/README.md``): the soak's invariant check and the
log's words read them from there, never by the ruleset's id. The computer
opponent's generic weights were made for 3d6, so it has no hints here.
"""

from __future__ import annotations

__all__ = ["GRIP_DISTANCE", "PIN_LYING", "GRIP_WORDS"]

#: a grappler and its victim share one hex (S0-REQ-2)
GRIP_DISTANCE = 0
#: a pinned fighter lies on the ground (S0-PIN-1)
PIN_LYING = True
#: the log's verbs for 3d6 grip kinds (3d6-full's choke hold and arm lock, S2-CHOKE, S2-ARMLOCK)
GRIP_WORDS: dict[str, str] = {"pin": "pins", "choke_hold": "has a choke hold on", "arm_lock": "has an arm lock on",
                              "grapple": "now simply holds"}

#: the action menu (issue 14: the UI's tables by action type live with the ruleset): each action's letter
MENU_KEYS: dict[str, str] = {'grapple': 'G', 'attack': 'X', 'all_out_attack': 'V', 'break_free': 'B', 'takedown': 'T', 'pin': 'P', 'release': 'R', 'drag': 'J', 'strangle': 'H', 'choke_hold': 'K', 'arm_lock': 'L', 'wrestle_weapon': 'Y', 'force_drop': 'U', 'evaluate': 'E', 'feint': 'N', 'change_posture': 'C', 'move_and_attack': 'M', 'bite': 'I', 'ready': 'Z', 'all_out_defense': 'Q'}
#: the order of the action menu's groups
MENU_ORDER: tuple[str, ...] = ('grapple', 'break_free', 'takedown', 'pin', 'strangle', 'choke_hold', 'arm_lock', 'arm_lock_damage', 'wrench_limb', 'wrestle_weapon', 'force_drop', 'drag', 'release', 'attack', 'all_out_attack', 'move_and_attack', 'bite', 'feint', 'evaluate', 'move', 'change_posture', 'face', 'ready', 'throw_away', 'all_out_defense', 'aim', 'concentrate', 'wait', 'do_nothing', 'pass')
#: actions whose destination is picked on the map
MAP_ACTIONS: frozenset[str] = frozenset({'drag', 'move', 'move_and_attack'})
#: what a map action with no item strikes with, in its menu title
UNARMED_WORDS: dict[str, str] = {'move_and_attack': 'punch'}
