"""The computer opponent, headless (no pygame): reads ``legal_actions`` and ``odds``, submits intents.

- :class:`Opponent` — ``decide(battle, ruleset, fighter_id) -> Decision`` (or
  ``decide_async`` for a worker thread, with ``thinking`` and ``cancel``);
- :mod:`game.ai.evaluate` — what a position is worth, from generic state;
- :mod:`game.ai.weights` — weights, per-ruleset hints and the levels, as data;
- :mod:`game.ai.driver` — whole battles computer against computer;
- :mod:`game.ai.invariants` — the engine's invariants for the soak test.
"""

from game.ai.opponent import Choice, Decision, Opponent
from game.ai.weights import LEVELS, Level, Weights

__all__ = ["Opponent", "Decision", "Choice", "LEVELS", "Level", "Weights"]
