"""Martial Arts options, knockdowns, throws, slams, subduing and disarming (S3-MA, S3-KNOCK, S3-SLAM, S3-SUBDUE, S3-DISARM).

Filled in by the Martial Arts work.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.base import Action
    from game.rules.events import Resolution

__all__ = ["ACTIONS", "options", "odds", "start_turn"]

#: the martial actions, added to the ruleset's table
ACTIONS: tuple[type[Action], ...] = ()


def options(battle: Battle, f: Fighter) -> list[Action]:
    """Candidate martial actions of ``f`` now (legal or not: the ruleset checks each)."""
    return []


def odds(battle: Battle, action: Action) -> dict[str, float] | None:
    return None


def start_turn(r: Resolution, f: Fighter) -> None:
    """What a subdued fighter's turn begins with."""
