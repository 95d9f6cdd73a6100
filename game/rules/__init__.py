"""The rules engine: one folder per ruleset, shared mechanics in ``common``.

Importing this package registers every ruleset (``base.RULESETS``, read by ``base.find_ruleset``):
adding one is its folder plus one import line below (``README.md`` here walks
through it). A ruleset whose import fails makes this import fail: nothing
switches itself off. Nothing here imports pygame.
"""

from game.rules.base import (
    DEFAULT_RULESET,
    RULESETS,
    Action,
    Event,
    Option,
    Reason,
    Ruleset,
    find_ruleset,
    register,
)

__all__ = ["DEFAULT_RULESET", "RULESETS", "Action", "Event", "Option", "Reason", "Ruleset", "find_ruleset", "register"]
import game.rules.d20  # noqa: E402,F401  (registers "d20")
import game.rules.edge  # noqa: E402,F401  (registers "edge")
import game.rules.nd6  # noqa: E402,F401  (registers "nd6-tactical")
import game.rules.threed6  # noqa: E402,F401  (registers "3d6-lite"; 3d6-full registers from threed6.full)
