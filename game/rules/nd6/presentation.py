"""What ``nd6-tactical`` shows: its briefing, menu letters, the ST health bar, Martial Arts on the token,
brawls, flames and wet rings, SET over a set pole arm, the wind in the corner and the log's words.

Kept apart from :class:`game.rules.nd6.ruleset.Nd6Ruleset` (its rules) so a reader of the rules never wades
through menu letters; the ruleset names this class in ``presentation_type``. The tables are in
``display.py`` and ``facts.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from game.rules.nd6 import display, facts
from game.rules.nd6.action_words import words
from game.rules.nd6.initiative import POLICY
from game.rules.nd6.smoke import wind
from game.rules.nd6.weapons import pole_is_set
from game.rules.nd6.wording import odds_words
from game.rules.presentation import Presentation

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.base import Action

__all__ = ["Nd6Presentation"]


class Nd6Presentation(Presentation):
    briefing: ClassVar[str] = ("nd6 tactical: roll 3d6 at or under your adjusted DX (4d6 against a fighter who "
                               "defends or dodges, 5d6 against a Master); sides move in turn, then everyone acts in "
                               "order of DX; hand-to-hand inside one hex, Martial Arts, guns, grenades and fire.")
    out_words: ClassVar[str] = "dead or unconscious fighters (ST 0 or below) no longer count (G3-7)"
    menu_keys: ClassVar[dict[str, str]] = facts.MENU_KEYS
    menu_order: ClassVar[tuple[str, ...]] = facts.MENU_ORDER
    map_actions: ClassVar[frozenset[str]] = facts.MAP_ACTIONS
    unarmed_words: ClassVar[dict[str, str]] = facts.UNARMED_WORDS
    health_stat: ClassVar[str] = display.HEALTH_STAT
    stat_words: ClassVar[dict[str, dict[int, str]]] = display.STAT_WORDS
    token_stat: ClassVar[str | None] = display.TOKEN_STAT
    brawl_condition: ClassVar[str | None] = display.BRAWL_CONDITION
    condition_names: ClassVar[dict[str, str]] = display.CONDITION_NAMES
    condition_badges: ClassVar[dict[str, tuple[str, tuple[int, int, int]]]] = display.CONDITION_BADGES
    condition_weights: ClassVar[dict[str, float]] = display.CONDITION_WEIGHTS
    burning_conditions: ClassVar[dict[str, float]] = display.BURNING
    wet_conditions: ClassVar[frozenset[str]] = frozenset({"soaked"})  # S3-GRENADE-10
    held_conditions: ClassVar[frozenset[str]] = frozenset({"subdued"})  # SUBD says it (S3-SUBDUE-3)
    grip_location_shown: ClassVar[bool] = False  # G3-6: no hit locations; a subdue holds the whole figure
    auto_words: ClassVar[dict[str, str]] = display.AUTO_WORDS
    table_rows: ClassVar[dict[str, tuple[tuple[str, str, str], ...]]] = display.TABLE_ROWS
    held_item: ClassVar[str | None] = display.HELD_ITEM

    def badges(self, battle: Battle, fighter: Fighter) -> list[tuple[str, str]]:
        """S3-POLE-2: SET over a pole arm set against a charge this round, until it strikes."""
        if pole_is_set(battle, fighter):
            return [("SET", "pole arm set against a charge: it strikes a charger from the front first, +2 DX, "
                            "double damage (S3-POLE-2)")]
        return []

    def board_note(self, battle: Battle) -> tuple[str, int | None] | None:
        """S3-SMOKE-3: the scenario's wind, which moves every smoke and gas cloud a hex a round its way."""
        d, strength = wind(battle)
        return None if d is None else (f"Wind: {strength}, clouds drift a hex a round (S3-SMOKE-3)", d)

    def action_words(self, battle: Battle, action: Action) -> Any:
        """The menu's hover in this ruleset's words (issue 18): ``nd6/action_words.py``."""
        return words(self.rules, battle, action)

    def odds_words(self, battle: Battle, action: Action, odds: dict[str, float], foe: str) -> str | None:
        """The menu's sentence under a percentage of nd6's own (``wording.odds_words``)."""
        return odds_words(battle, action, odds, foe)

    def event_words(self, battle: Battle, ev: dict[str, Any]) -> str | None:
        """G3-3: the winner's choice of who moves first, as the log says it."""
        return POLICY.choice_words(battle, ev)
