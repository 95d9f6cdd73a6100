"""The ``edge`` ruleset (seed 001): see :mod:`game.rules.edge.ruleset`. Importing this registers it."""

from game.rules.edge.ruleset import EdgeRuleset

__all__ = ["EdgeRuleset"]
