"""A grip in force: who holds whom, where, with how many hands, of what kind."""

from __future__ import annotations

from typing import Any

import msgspec


class Grapple(msgspec.Struct, kw_only=True):
    """One link between a holder and a target (G0-19: each grip is separate).

    ``location`` is a body part (torso, neck, head, arm, leg, ...) or an item
    id for a grabbed weapon; ``kind`` is ``grapple``, ``pin``, ``choke_hold``,
    ``arm_lock`` or a ruleset's own. ``hand_names`` says which of the holder's
    hands are committed, so the UI can show them and rules can free one.
    ``since`` is the battle turn counter when the grip began.
    """

    holder: str
    target: str
    location: str = "torso"
    hands: int = 1
    kind: str = "grapple"
    hand_names: list[str] = []
    since: int = 0
    extra: dict[str, Any] = {}
