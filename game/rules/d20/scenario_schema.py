"""What a d20 scenario may say beyond the common fields: its encounter options and its fighters' traits,
each with the only type the d20 rules can use (declared on ``D20Ruleset``; ``game.files.scenarios`` checks them).

Plain data, no pygame: adding or changing a d20 option or trait is an edit here and in the rule that reads it.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from game.files.scenario_types import MAX_ITEMS, MAX_ROUNDS, MAX_SCORE, MAX_SIDES, Flag, Name, Small

__all__ = ["Reaction", "OPTIONS", "SIDE_OPTIONS", "TRAIT_TYPES", "FIGHTER_TRAITS", "ZERO_STATS"]


class Reaction(msgspec.Struct, forbid_unknown_fields=True):
    """``options.reaction``: the monsters' side, the party leader and the roll's adjustment (S4-REACT-1, G4-8)."""

    side: Name
    leader: Name = ""
    adjust: Annotated[int, msgspec.Meta(ge=-20, le=20)] = 0


_SideNames = Annotated[list[Name], msgspec.Meta(max_length=MAX_SIDES)]

#: the encounter options of seed 004 and the house switches the d20 rules read from ``battle.options``
OPTIONS: dict[str, Any] = {
    "feet_per_hex": Annotated[float, msgspec.Meta(gt=0, le=1000)],
    "round_seconds": Annotated[int, msgspec.Meta(ge=1, le=3600)],
    "water_depth": Annotated[int, msgspec.Meta(ge=0, le=MAX_ROUNDS)],
    "surprise": bool | _SideNames,
    "ambushers": _SideNames,
    "holder_actions": Annotated[list[Name], msgspec.Meta(max_length=MAX_ITEMS)],
    "reaction": Reaction,
    "group_initiative": bool,
    "simultaneous_damage": bool,
    "doorway_saves": bool,
    "wrestle_monsters": bool,
    "reach_attacks": bool,
}

#: options whose value names sides of the scenario (a list of side ids, or a table's ``side``)
SIDE_OPTIONS: tuple[str, ...] = ("surprise", "ambushers", "reaction")

#: traits the d20 rules read (``fighter.traits``, ``game.rules.d20.abilities.trait``), each with its type
TRAIT_TYPES: dict[str, Any] = {
    "mounted_on": Name,  # the id of this rider's mount
    "altitude": Annotated[int, msgspec.Meta(ge=-MAX_ROUNDS, le=MAX_ROUNDS)],
    "MV": Small, "HD": Annotated[int, msgspec.Meta(ge=0, le=100)],
    "class": Name | Small,
    "natural": Annotated[int, msgspec.Meta(ge=0, le=100)],
    "flyer": Name, "specialization": Name, "group": Name | Small,
    "maneuver": Annotated[int, msgspec.Meta(ge=1, le=MAX_SCORE)],  # feet per turn: the rules divide by it
    "touch": Annotated[int, msgspec.Meta(ge=0, le=100)], "morale": Annotated[int, msgspec.Meta(ge=0, le=20)],
    "turning": Small, "attacks": Annotated[int, msgspec.Meta(ge=1, le=20)],
    **{flag: Flag for flag in (
        "aquatic", "hard_to_surprise", "humanoid", "acts_last", "halfling", "grasping", "trained", "needs_magic",
        "no_brawl", "charge_attack", "shield_specialist", "mount")},
}

#: traits whose value is the id of another fighter of the scenario (a rider's mount)
FIGHTER_TRAITS: tuple[str, ...] = ("mounted_on",)

#: stats that are codes or counts and may be 0: a class code (0 is a normal man), a level, hit dice,
#: a move of 0 (an immobile creature), an altitude of 0 (on the ground)
ZERO_STATS: frozenset[str] = frozenset({"class", "level", "HD", "MV", "altitude"})
