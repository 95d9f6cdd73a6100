"""Hand-to-hand combat in one hex (S3-HTH, G3-9): entering, joining, fighting inside, leaving.

Filled in by the HTH work; the lead's combat module calls :func:`after_miss` and :func:`after_out`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.base import Action
    from game.rules.events import Resolution

__all__ = ["ACTIONS", "options", "odds", "after_miss", "after_out", "start_turn", "struck_member"]

#: the HTH actions, added to the ruleset's table
ACTIONS: tuple[type[Action], ...] = ()


def options(battle: Battle, f: Fighter) -> list[Action]:
    """Candidate HTH actions of ``f`` now (legal or not: the ruleset checks each)."""
    return []


def odds(battle: Battle, action: Action) -> dict[str, float] | None:
    return None


def after_miss(r: Resolution, plan: Any) -> None:
    """S3-HTH-18/19: a miss at a brawler must avoid the others in the brawl."""


def after_out(r: Resolution, f: Fighter) -> None:
    """A fighter out of the fight leaves any brawl it was in (G3-9)."""


def start_turn(r: Resolution, f: Fighter) -> None:
    """What a brawler's turn begins with."""


def struck_member(r: Resolution, plan: Any, target: Fighter) -> Fighter:
    """S3-HTH-20: which brawler a shot or a throw from outside strikes (filled in by the HTH work)."""
    return target
