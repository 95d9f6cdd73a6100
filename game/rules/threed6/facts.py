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
