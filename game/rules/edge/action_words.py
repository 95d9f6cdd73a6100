"""edge's own hover words (issue 18): what its main actions do and cost, in our words, with IDs.

Filled over :func:`game.rules.action_words.generic_words`, whose edge chart
(the chance of each edge value) and foe's side come from this ruleset's odds:
``does``, ``costs`` and what each edge buys (S1-MENU-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.action_words import ActionWords, generic_words, target_name, with_words
from game.rules.edge.wording import EDGE_COSTS, LADDER_ACTIONS

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Action, Ruleset

__all__ = ["words", "DOES", "COSTS", "OPTION_WORDS"]

#: action type -> what it does ({foe}: the target's name)
DOES: dict[str, str] = {
    "attack": "Strike {foe}: your Melee Attack pool against their Reflex; 1 edge hits (G1-5).",
    "enter_grapple": "Close with {foe}: a melee attack; 0 edge enters the grapple, 1 edge enters and rolls at "
                     "once (G1-3, S1-GRAPPLE-1).",
    "grapple_roll": "Both roll Strength against each other (S1-GRAPPLE-2); your edge buys one result "
                    "(S1-GRAPPLE-5).",
    "release": "Let the grapple go: it is over (S1-ESCAPE-1).",
}

#: a grapple roll's result (its ``option``) -> what it does, for the result menu's hover
#: (``game.rules.action_words.option_words``); the edge each needs is on its row (S1-MENU-1)
OPTION_WORDS: dict[str, str] = {
    "escape": "Escape: the grapple ends; you are free, and so is your foe (S1-ESCAPE-1). Bought with edge 0: a "
              "grapple you hold ends too.",
    "regrip": "Regrip: +1 per die on your next grapple roll in this grapple, next round (edge.regrip, ruling "
              "E-16).",
    "takedown": "Takedown: you and your foe both go prone (S1-TAKEDOWN-1).",
    "drag": "Drag: you move one hex, then move your foe one hex; it ends next to you (S1-DRAG-2).",
    "pummel": "Pummel: a melee attack on your foe, less your weapon's reach (S1-PUMMEL-1).",
    "throw": "Throw: your foe lands prone in a hex next to you, of your choice (S1-THROW-2).",
    "wrest": "Wrest: take one item from your foe's hands (S1-WREST-1).",
    "pin": "Pin: your foe is at -1 on its grapple rolls, -1 more for each further pin (S1-PIN-1, S1-PIN-2); a "
           "standing foe needs edge 3 (S1-PIN-8).",
    "none": "No result: the roll buys nothing (S1-GRAPPLE-5).",
}

#: action type -> what it costs
COSTS: dict[str, str] = {
    "attack": "Your melee action this round.",
    "enter_grapple": "Your melee action this round; {foe} then rolls in the grapple too (S1-GRAPPLE-4).",
    "grapple_roll": "Your grapple roll this round; the foe rolls and picks after you (S1-GRAPPLE-4).",
}


def words(ruleset: Ruleset, battle: Battle, action: Action) -> ActionWords:
    """The hover of one edge action: the generic rolls and chart with this ruleset's words over them."""
    base = generic_words(ruleset, battle, action)
    fill = {"foe": target_name(battle, action)}
    does = DOES.get(action.type, base.does).format(**fill)
    costs = COSTS.get(action.type, base.costs).format(**fill)
    # what each edge buys (S1-MENU-1) is said once, by the menu's odds sentence (``wording.odds_words``);
    # an entry whose odds it does not explain gets it here
    ladder = base.chart_kind == "ladder" and action.type not in LADDER_ACTIONS and action.type != "attack"
    notes = (f"What each edge buys (S1-MENU-1): {EDGE_COSTS}.",) if ladder else ()
    return with_words(base, does=does, costs=costs, notes=notes)
