"""What a 3d6 scenario may say beyond the common fields: its fighters' traits, each with the only type the
3d6 rules can use (declared on ``ThreeD6Lite``, inherited by ``3d6-full``; ``game.files.scenarios`` checks them).

A trait not listed is a switch (a boolean trait a fighter readies, S0-OPT-5) or a plain value. No pygame.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from game.files.scenario_types import MAX_DR, Flag

__all__ = ["TRAIT_TYPES"]

#: traits the 3d6 rules read (``fighter.traits``), each with its type
TRAIT_TYPES: dict[str, Any] = {
    "natural_dr": Annotated[int, msgspec.Meta(ge=0, le=MAX_DR)],
    "armor": Literal["rigid", "flexible"],
    "tough_skin": Flag,
    "constriction_attack": Flag,
}
