"""What ``d20`` shows: its briefing, menu letters, badges and the log's words for its own events.

Kept apart from :class:`game.rules.d20.ruleset.D20Ruleset` (its rules) so a reader of the rules never wades
through menu letters; the ruleset names this class in ``presentation_type``. The tables are in ``facts.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from game.rules.d20 import facts
from game.rules.d20.action_words import words
from game.rules.presentation import Presentation

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Action

__all__ = ["D20Presentation"]


class D20Presentation(Presentation):
    briefing: ClassVar[str] = ("d20 encounter and combat: each round counts down through phases, attacks roll a "
                               "d20 against armour class, wrestling is opposed rolls.")
    out_words: ClassVar[str] = ("dead, unconscious, fled or helpless (knocked out, paralysed, bound) fighters, "
                                "and mounts, no longer count")
    attack_rules: ClassVar[tuple[str, ...]] = facts.ATTACK_RULES
    menu_keys: ClassVar[dict[str, str]] = facts.MENU_KEYS
    menu_order: ClassVar[tuple[str, ...]] = facts.MENU_ORDER
    map_actions: ClassVar[frozenset[str]] = facts.MAP_ACTIONS
    unarmed_words: ClassVar[dict[str, str]] = facts.UNARMED_WORDS
    condition_badges: ClassVar[dict[str, tuple[str, tuple[int, int, int]]]] = facts.CONDITION_BADGES
    condition_weights: ClassVar[dict[str, float]] = facts.CONDITION_WEIGHTS

    def event_words(self, battle: Battle, ev: dict[str, Any]) -> str | None:
        """GX-4: the held-back damage of a shared initiative number lands when its last fighter has acted."""
        if ev.get("field") == "battle.d20_pending" and ev.get("value") == [] and ev.get("rule") == "GX-4":
            return "Everyone on this number has acted: the held-back damage lands now (GX-4)."
        return None

    def action_words(self, battle: Battle, action: Action) -> Any:
        """The menu's hover in this ruleset's words (issue 18): ``d20/action_words.py``."""
        return words(self.rules, battle, action)
