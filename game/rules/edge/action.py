"""The base of every edge action: the plumbing ``check``/``resolve`` share, written once.

Every edge action belongs to a phase of edge's turn order (G1-4:
``order.phase_reason``), so the phase is checked here before the action's
own ``_check``; ``resolve`` opens the :class:`~game.rules.events.Resolution`
the action's ``_resolve`` plays through. The hook names and signatures are
those of :class:`game.rules.base.Action`, the same in every ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules.base import Action, Reason, Ruleset, rules_of
from game.rules.edge.checks import actor_reason
from game.rules.edge.order import phase_reason
from game.rules.events import Resolution

if TYPE_CHECKING:
    from game.dice import Dice
    from game.model import Battle
    from game.rules.events import Event

__all__ = ["EdgeAction"]


@dataclass(frozen=True, slots=True)
class EdgeAction(Action):
    """Base of edge's actions: the phase check (G1-4), then the action's ``_check``; one Resolution."""

    def check(self, battle: Battle, rules: Ruleset | None = None) -> Reason | None:
        # G1-4: an action outside its phase of the turn order waits for it
        if (phase := phase_reason(battle, self.type, rules_of(battle, rules))) is not None:
            return phase
        actor = battle.get(self.actor)
        if actor is None:
            return actor_reason(battle, self.actor)  # "no fighter ...", kind unknown
        return self._check(battle, actor)

    def resolve(self, battle: Battle, dice: Dice, rules: Ruleset | None = None) -> list[Event]:
        res = Resolution(battle, dice, rules_of(battle, rules))
        self._resolve(res, battle.fighter(self.actor))
        return res.events
