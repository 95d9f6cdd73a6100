"""The 3d6 rulesets (GURPS 4e family): ``3d6-lite`` here, ``3d6-full`` in ``full.py``.

Modules: ``stats`` (derived stats, damage table, items), ``status`` (who holds
whom), ``combat`` (attack, defence, damage, injury), ``maneuvers`` (actions that
are not grappling moves), ``grappling`` (S0 actions), ``menu`` (legal actions),
``odds`` (exact chances), ``lite`` (the registered ruleset and its hooks).
"""

from game.rules.threed6.full import ThreeD6Full  # noqa: E402  (registers "3d6-full")
from game.rules.threed6.lite import ThreeD6Lite

__all__ = ["ThreeD6Lite", "ThreeD6Full"]
