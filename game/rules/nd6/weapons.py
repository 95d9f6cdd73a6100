"""The special weapons: improvised weapons, pole arms, bayonets, sweeps, the staff, swords and stun weapons.

Filled in by the weapons work; combat calls :func:`stun_save`, the charge calls :func:`before_charge` and :func:`charge_effects`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.base import Action, Reason
    from game.rules.events import Resolution

__all__ = ["ACTIONS", "options", "odds", "start_turn", "stun_save", "before_charge", "charge_effects", "adjust_plan",
           "after_roll", "reach_reason", "thrown", "weapon_reason"]

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


def adjust_plan(battle: Battle, plan: Any, attacker: Fighter, target: Fighter, weapon: str | None) -> None:
    """The weapon's own use in a planned attack (filled in by the weapons work)."""


def after_roll(r: Resolution, plan: Any, roll: dict[str, Any]) -> None:
    """What follows an attack roll, hit or miss (filled in by the weapons work)."""


def reach_reason(battle: Battle, f: Fighter, t: Fighter, weapon: str | None) -> Reason | None:
    """Why this weapon cannot strike ``t`` now, or None (filled in by the weapons work)."""
    return None


def thrown(battle: Battle, f: Fighter, t: Fighter, weapon: str | None) -> bool:
    """Whether this attack throws the object at ``t`` (filled in by the weapons work)."""
    return False


def weapon_reason(battle: Battle, f: Fighter, weapon: str | None) -> Reason | None:
    """Why ``f`` may not strike with ``weapon`` at all, or None (filled in by the weapons work)."""
    return None
