"""What an nd6 scenario may say beyond the common fields, each with the only type the nd6 rules can use.

Declared on ``Nd6Ruleset`` (``game.files.scenarios`` checks them as strictly as its own fields).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from game.files.scenario_types import MAX_ITEMS, Name

__all__ = ["OPTIONS", "SIDE_OPTIONS", "TRAIT_TYPES", "FIGHTER_TRAITS", "ZERO_STATS"]

#: the nd6 rules' scenario switches (``battle.options``)
OPTIONS: dict[str, Any] = {
    # G3-3: the winner of the side roll chooses who moves first; off, it always moves second
    "choose_order": bool,
    # part 2 (S3-SMOKE-3): the way the wind blows, a hex direction 0-5 (game.hexgrid: 0 east, counter-
    # clockwise), and how hard: a slight wind makes a cloud drift, a strong one disperses it
    "wind": Annotated[int, msgspec.Meta(ge=0, le=5)],
    "wind_strength": Literal["none", "slight", "strong"],
}
SIDE_OPTIONS: tuple[str, ...] = ()

#: traits the nd6 rules read: the belt (S3-HTH-11: items carried, readied later) is moved into ``items``
TRAIT_TYPES: dict[str, Any] = {
    "belt": Annotated[list[Name], msgspec.Meta(max_length=MAX_ITEMS)],
}
FIGHTER_TRAITS: tuple[str, ...] = ()
#: Martial Arts level 0 is no training (SITUATION-FORMAT ``MA``)
ZERO_STATS: frozenset[str] = frozenset({"MA"})
