"""What the rest of the code needs to know about ``nd6-tactical``, as plain data.

Declared on :class:`game.rules.nd6.ruleset.Nd6Ruleset` (see ``game/rules/README.md``): the computer opponent,
the soak, the menus and the log read them from there, never by the ruleset's id.
"""

from __future__ import annotations

from typing import Any

__all__ = ["AI_HINTS", "STAT_BLOCKS", "MENU_KEYS", "MENU_ORDER", "MAP_ACTIONS", "UNARMED_WORDS", "CONDITIONS",
           "GRIP_DISTANCE", "TERRAIN", "WORN_KINDS", "BOARD_EFFECTS"]

#: brawlers share one hex (S3-HTH-7); nd6 keeps no grips, but a subdue is shown as one
GRIP_DISTANCE = 0

#: the computer opponent's weight overrides (``game.ai.weights.Weights`` fields): a subdued foe is as good as
#: out for two turns and hit automatically (S3-SUBDUE-3/5); stunned can do nothing (S3-STUN-2); lying down
#: is +4 to be hit (G3-5). Inside a brawl lying down is the brawl's posture, not a fall: no +4 to be hit nor -4
#: from the ground there (the brawl's own +4 goes both ways, S3-HTH-16), and breaking away stands one up (G3-9),
#: so ``in_hth`` gives back what ``prone`` takes (at 0, a brawler counted as one knocked down, and breaking away
#: looked like getting up for free). Defending and dodging are worth a
#: little less than nothing in themselves (G3-4): what they are worth is the blows they turn aside, which
#: the search plays where its budget allows, less the attack given up for them (a bonus here made the
#: computer defend every round instead of striking; at nothing, a search too short to see the later slot
#: drew lots between defending and holding still, and the soak's 2v2 brawls stalled, everyone defending).
#: What a brawl, a subdue or a knockdown is worth shows in the exchange after it (the foe's sword dropped,
#: S3-HTH-10; a subdued foe's lost turns): the look-ahead plays the reply to the best two such kinds too
#: (``lookahead_kinds``). A gunman keeps out of a melee foe's charge (half MOV 10, and the step to strike:
#: ``shoot_keep_melee``, G3-4) while it shoots.
AI_HINTS: dict[str, Any] = {
    "conditions": {"subdued": -1.4, "stunned": -1.1, "defending": -0.1, "dodging": -0.1, "in_hth": 1.4,
                   "cornered": -0.1},
    "distance": 0.25,
    # G3-3: a fighter moves in one slot and strikes in a later one, the others' slots between
    "later_slot": True,
    "lookahead_kinds": 2,
    "shoot_keep_melee": 6,
}

#: blocks the soak gives the arena's fighters when no scenario in ``maps/`` is made for nd6
STAT_BLOCKS: tuple[dict[str, Any], ...] = (
    {"stats": {"ST": 12, "DX": 12, "IQ": 10, "MA": 0}, "hands": {"right": "broadsword", "left": "broadsword"}},
    {"stats": {"ST": 11, "DX": 13, "IQ": 10, "MA": 2}, "hands": {"right": None, "left": None}},
    {"stats": {"ST": 13, "DX": 11, "IQ": 9, "MA": 0}, "hands": {"right": "club", "left": None},
     "items": ["knife"]},
    {"stats": {"ST": 10, "DX": 13, "IQ": 11, "MA": 0}, "hands": {"right": "knife", "left": None},
     "items": ["jacket"]},
    {"stats": {"ST": 12, "DX": 12, "IQ": 10, "MA": 0}, "hands": {"right": "staff", "left": "staff"}},
    {"stats": {"ST": 11, "DX": 12, "IQ": 10, "MA": 3}, "hands": {"right": None, "left": None}},
)

#: the action menu's letter of each action type (W A S D F stay for the camera)
MENU_KEYS: dict[str, str] = {
    "attack": "X", "charge": "H", "defend": "Q", "dodge": "O", "ready": "Z", "change_posture": "C",
    "disengage": "E", "hth": "G", "leave_hth": "B", "knockdown": "K", "throw": "T", "subdue": "U",
    "disarm": "Y", "slam": "L", "jab": "J", "sweep": "V", "staff_trip": "I", "staff_disarm": "N",
    "set_vs_charge": "P", "release": "R", "move_order": "M",
}
#: the order of the action menu's groups (putting out a fire first: it is offered only around one, S3-FIRE-5)
MENU_ORDER: tuple[str, ...] = (
    "move_order", "stop_drop_roll", "extinguish", "attack", "flame", "charge", "hth", "knockdown", "throw", "slam", "subdue", "disarm", "release",
    "leave_hth", "jab", "sweep", "staff_trip", "staff_disarm", "set_vs_charge", "defend", "dodge", "move",
    "disengage", "face", "change_posture", "ready", "throw_grenade", "pick_up", "wait", "do_nothing", "pass",
)
#: actions whose destination hex is picked on the map
MAP_ACTIONS: frozenset[str] = frozenset({"move", "disengage", "leave_hth", "throw", "throw_grenade"})
#: what a map action with no item strikes with, in its menu title
UNARMED_WORDS: dict[str, str] = {}

#: the cell properties the nd6 rules act on (GX-5): move costs and walls, and walls block a line of fire
TERRAIN: frozenset[str] = frozenset({"move_cost", "blocks_movement", "blocks_sight"})

#: condition -> one line (fighter panel, ``clinch conditions nd6-tactical``)
CONDITIONS: dict[str, str] = {
    "in_hth": "in hand-to-hand in this hex: +4 DX against the others in it (S3-HTH-16)",
    "subdued": "held helpless: no moving, no acting; every attack on it hits (S3-SUBDUE-3/5)",
    "stunned": "dropped its weapons and lies stunned: no actions for two turns (S3-STUN-2)",
    "cornered": "back to a wall or otherwise unable to move away: open to hand-to-hand (S3-HTH-1)",
    "defending": "defending this round: attackers roll 4d6 (G3-4; 5d6 at Martial Arts 4, S3-MA-6); bare hands "
                 "hold against a weapon only at Martial Arts 3 (S3-MA-4)",
    "dodging": "dodging this round: attackers roll 4d6 (G3-4; 5d6 against a Master, S3-MA-8)",
    "on_fire_limb": "one limb burning: 1d6-4 a turn (S3-FIRE-4)",
    "on_fire_half": "half the body burning: 1d6-2 a turn (S3-FIRE-4)",
    "on_fire_whole": "the whole body burning: 1d6 a turn (S3-FIRE-4)",
    "soaked": "soaked in burning liquid (S3-GRENADE-10)",
    "tear_gassed": "breathed tear gas: -4 DX until the battle ends (S3-SMOKE-4)",
    "wants_hth": "willing to fight hand-to-hand: open to it from anyone (S3-HTH-5)",
    "unconscious": "ST down to 0: out of the fight (G3-7)",
    "dead": "ST below 0 (G3-7)",
}

#: item kinds worn, not carried (a situation's ``worn``): armour stops hits and costs DX from the body (G3-6);
#: an armour or gear item that needs a hand (the shield, the fire extinguisher) is carried instead
WORN_KINDS: frozenset[str] = frozenset({"armour", "gear"})

#: what may lie burning or hanging on a hex (a situation's ``effects``, ``battle.state["board_effects"]``):
#: burning liquid of a molotov or flame thrower (S3-GRENADE-11/12), an incendiary grenade's fire
#: (S3-GRENADE-20/22), any other fire (S3-FIRE-8..10) and the coals it burns down to (S3-FIRE-11), smoke
#: (S3-SMOKE-1/5) and tear gas (S3-SMOKE-4)
BOARD_EFFECTS: tuple[str, ...] = ("burning_liquid", "incendiary", "fire", "coals", "smoke", "tear_gas")
