"""The special weapons: improvised weapons, pole arms, bayonets, sweeps, the staff, swords and stun weapons.

Filled in by the weapons work; combat calls :func:`stun_save`, the charge calls :func:`before_charge` and :func:`charge_effects`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.base import Action
    from game.rules.events import Resolution

__all__ = ["ACTIONS", "options", "odds", "start_turn", "stun_save", "before_charge", "charge_effects"]

#: the weapon actions, added to the ruleset's table
ACTIONS: tuple[type[Action], ...] = ()


def options(battle: Battle, f: Fighter) -> list[Action]:
    """Candidate weapon actions of ``f`` now (legal or not: the ruleset checks each)."""
    return []


def odds(battle: Battle, action: Action) -> dict[str, float] | None:
    return None


def start_turn(r: Resolution, f: Fighter) -> None:
    """What a stunned fighter's turn begins with."""


def stun_save(r: Resolution, a: Fighter, t: Fighter) -> None:
    """S3-STUN-1..3: a stun weapon that injured makes the target save or drop and fall for two turns."""


def before_charge(r: Resolution, charger: Fighter, target: Fighter) -> bool:
    """S3-POLE-2: a weapon set against the charge strikes first; False if the charge is stopped."""
    return True


def charge_effects(battle: Battle, plan: Any, charger: Fighter, path: list[Any]) -> None:
    """S3-POLE-1, S3-BAYONET-3: what a charge adds to the charger's attack plan."""
