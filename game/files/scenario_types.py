"""Bounded msgspec types for what a scenario file gives a ruleset: the pieces its declared trait and option
tables (:attr:`game.rules.base.Ruleset.trait_types`, :attr:`~game.rules.base.Ruleset.options`) are built from.

The scenario loader (``game.files.scenarios``) checks every value of a scenario against these before a rule
reads it; the rulesets build their own fields from them (``game/rules/*/scenario_schema.py``). They live
outside ``game.rules`` so that reading a map or a scenario does not import every ruleset. Each bound
is far beyond what any ruleset's fighter uses (3d6 attributes run 1-20ish, d20 abilities 3-18, edge pools
1-6), yet small enough that no sum or product the rules make of them leaves a machine integer or turns a
loop over them into a hang. Plain data: no pygame.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

__all__ = [
    "MAX_SCORE", "MAX_DR", "MAX_ARMS", "MAX_ROUNDS", "MAX_SIDES", "MAX_ITEMS", "MAX_NAME",
    "Name", "Score", "Small", "Flag", "Rounds",
]

MAX_SCORE = 999  # a stat, skill, hit or fatigue points
MAX_DR = 100
MAX_ARMS = 8
MAX_SIDES = 16
MAX_ROUNDS = 10_000  # turn_limit / round_limit
MAX_ITEMS = 32
MAX_NAME = 200  # ids, names, item and trait names

#: an id, a name, an item or trait name
Name = Annotated[str, msgspec.Meta(max_length=MAX_NAME)]
#: a score that may be 0 (a skill, hit or fatigue points)
Score = Annotated[int, msgspec.Meta(ge=0, le=MAX_SCORE)]
#: a small count or code that may be 0
Small = Score
#: an on/off trait: true or false, or 1 or 0
Flag = bool | Annotated[int, msgspec.Meta(ge=0, le=1)]
#: a number of rounds or turns, 1 or more
Rounds = Annotated[int, msgspec.Meta(ge=1, le=MAX_ROUNDS)]

