"""Automatic fire (S3-AUTO): bursts and full-auto streams, rounds that hit, sweeps across several targets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.base import Reason

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution


def auto_reason(battle: Battle, f: Fighter, targets: list[str], action: Any) -> Reason | None:
    return None


def bursts(r: Resolution, f: Fighter, targets: list[str], weapon: str, *, n: int = 1,
           defense: str | None = None) -> None:
    return None


def stream(r: Resolution, f: Fighter, targets: list[str], weapon: str, *, rounds: int | None = None,
           defense: str | None = None) -> None:
    return None
