"""What the opponent answers: the :class:`Decision` for one fighter and each :class:`Choice` it weighed.

Kept apart from the search so that the controller, the UI's combat log and
``clinch simulate`` read a decision without importing how it was made.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.rules.base import Action

__all__ = ["Choice", "Decision"]


@dataclass(frozen=True)
class Choice:
    """One action the opponent weighed: its score (expected gain) and why."""

    action: Action
    score: float
    reason: str
    odds: dict[str, float] | None = None
    samples: int = 0
    #: the mean gain of each part of the evaluation (``evaluate.PARTS``) over the samples
    parts: dict[str, float] = field(default_factory=dict)
    #: the foe's answer the look-ahead expects (None: not looked ahead), and whether the mover strikes again
    #: before it (the turn order gives it the next slot too)
    reply: Action | None = None
    again: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action.to_dict(), "text": self.action.text(), "score": round(self.score, 3),
                "reason": self.reason, "samples": self.samples,
                "odds": {k: round(v, 4) for k, v in (self.odds or {}).items()},
                "parts": {k: round(v, 3) for k, v in self.parts.items()},
                "reply": self.reply.to_dict() if self.reply is not None else None, "again": self.again}


@dataclass(frozen=True)
class Decision:
    """What the opponent chose for ``fighter`` and the two or three alternatives it weighed.

    ``action`` is ``None`` only when the fighter had no legal action at all.
    ``alternatives`` are the next best, best first, each with its score and
    reason, for the combat log.
    """

    fighter: str
    action: Action | None
    score: float
    reason: str
    alternatives: tuple[Choice, ...] = ()
    level: str = "normal"
    nodes: int = 0
    elapsed_ms: float = 0.0
    complete: bool = True
    considered: int = 0
    errors: tuple[str, ...] = ()
    #: the chosen action as one of the weighed (its odds, the parts of its score, the reply expected)
    chosen: Choice | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "fighter": self.fighter, "action": self.action.to_dict() if self.action else None,
            "text": self.action.text() if self.action else None, "score": round(self.score, 3),
            "reason": self.reason, "chosen": self.chosen.to_dict() if self.chosen is not None else None,
            "alternatives": [c.to_dict() for c in self.alternatives],
            "level": self.level, "nodes": self.nodes, "elapsed_ms": round(self.elapsed_ms, 1),
            "complete": self.complete, "considered": self.considered, "errors": list(self.errors),
        }

    def explain(self) -> str:
        """One line for the combat log: the choice, then the alternatives weighed."""
        if self.action is None:
            return f"{self.fighter}: nothing to do"
        head = f"{self.action.text()} ({self.score:+.2f}: {self.reason})"
        if not self.alternatives:
            return head
        alts = "; ".join(f"{c.action.text()} {c.score:+.2f}" for c in self.alternatives)
        return f"{head} | also weighed: {alts}"
