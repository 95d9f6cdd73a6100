"""The ``d20`` ruleset (seed 004, checklist S4): importing this package registers it."""

from game.rules.d20.ruleset import D20Ruleset

__all__ = ["D20Ruleset"]
