"""What an edge scenario may say beyond the common fields: its house-rule switches and its fighters'
traits, each with the only type the edge rules can use (declared on ``EdgeRuleset``; ``game.files.scenarios``
checks them). No pygame.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from game.files.scenario_types import MAX_ARMS, Name
from game.rules.edge.stats import OPTIONS as _SWITCHES

__all__ = ["OPTIONS", "TRAIT_TYPES"]

#: the house-rule switches (``game.rules.edge.stats.OPTIONS``), each true or false, its text as description
OPTIONS: dict[str, Any] = {name: Annotated[bool, msgspec.Meta(description=text)] for name, text in _SWITCHES.items()}

#: traits the edge rules read (``fighter.traits``), each with its type
TRAIT_TYPES: dict[str, Any] = {
    "prehensile": Annotated[list[Name], msgspec.Meta(max_length=MAX_ARMS)],  # limbs that grip like hands (G1-10)
}
