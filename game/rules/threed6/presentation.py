"""What ``3d6-lite`` and ``3d6-full`` show: their briefings, menu letters and the log's verbs for grips.

Kept apart from :class:`game.rules.threed6.lite.ThreeD6Lite` and :class:`game.rules.threed6.full.ThreeD6Full`
(their rules) so a reader of the rules never wades through menu letters; each names its class here in
``presentation_type``. The tables are in ``facts.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from game.rules.presentation import Presentation
from game.rules.threed6 import facts
from game.rules.threed6.action_words import words

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Action

__all__ = ["LitePresentation", "FullPresentation"]


class LitePresentation(Presentation):
    briefing: ClassVar[str] = ("3d6 lite grappling: roll 3d6 at or under your skill; grabs, takedowns, pins and "
                               "strangles are settled by contests of skill against skill.")
    out_words: ClassVar[str] = "dead, unconscious or pinned fighters no longer count (G0-21)"
    grip_words: ClassVar[dict[str, str]] = facts.GRIP_WORDS
    menu_keys: ClassVar[dict[str, str]] = facts.MENU_KEYS
    menu_order: ClassVar[tuple[str, ...]] = facts.MENU_ORDER
    map_actions: ClassVar[frozenset[str]] = facts.MAP_ACTIONS
    unarmed_words: ClassVar[dict[str, str]] = facts.UNARMED_WORDS

    def action_words(self, battle: Battle, action: Action) -> Any:
        """The menu's hover in this ruleset's words (issue 18): ``threed6/action_words.py``."""
        return words(self.rules, battle, action)


class FullPresentation(LitePresentation):
    briefing: ClassVar[str] = ("3d6 full grappling: the lite rules with hit locations, arm locks, chokes and "
                               "strangles, every roll 3d6 at or under your skill.")
