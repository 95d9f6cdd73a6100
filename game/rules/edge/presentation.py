"""What ``edge`` shows: its briefing, menu letters, badges, its d10s and the menu's words for its edges.

Kept apart from :class:`game.rules.edge.ruleset.EdgeRuleset` (its rules) so a reader of the rules never wades
through menu letters; the ruleset names this class in ``presentation_type``. The tables are in ``facts.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from game.rules.edge import facts, wording
from game.rules.edge.action_words import words
from game.rules.edge.pool import SIDES
from game.rules.presentation import Presentation

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Action

__all__ = ["EdgePresentation"]


class EdgePresentation(Presentation):
    briefing: ClassVar[str] = ("Edge: both sides roll pools of d10s against Strength, and the winner spends the "
                               "edges won on results (grips, throws, pins).")
    out_words: ClassVar[str] = "dead, unconscious or bound fighters no longer count"
    condition_badges: ClassVar[dict[str, tuple[str, tuple[int, int, int]]]] = facts.CONDITION_BADGES
    condition_weights: ClassVar[dict[str, float]] = {"bound": 4.0}
    menu_keys: ClassVar[dict[str, str]] = facts.MENU_KEYS
    menu_order: ClassVar[tuple[str, ...]] = facts.MENU_ORDER
    map_actions: ClassVar[frozenset[str]] = facts.MAP_ACTIONS
    unarmed_words: ClassVar[dict[str, str]] = facts.UNARMED_WORDS
    #: G1-1: every die is a d10; the UI draws a die's numeral, not pips, when a roll event does not say its die
    die_sides: ClassVar[int] = SIDES

    def action_words(self, battle: Battle, action: Action) -> Any:
        """The menu's hover in this ruleset's words (issue 18): ``edge/action_words.py``."""
        return words(self.rules, battle, action)

    def odds_words(self, battle: Battle, action: Action, odds: dict[str, float], foe: str) -> str | None:
        """S1-MENU-1: what each edge buys, under the menu's percentage (``wording.odds_words``)."""
        return wording.odds_words(action, odds, foe)
