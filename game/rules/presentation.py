"""What a ruleset shows: its words, badges, menu letters and board marks, apart from its rules.

Why a separate class: :class:`game.rules.base.Ruleset` is what the engine, the situation reader and the
computer opponent call; the UI, the log's words and the teaching tools also need each ruleset's menu
letters, badges, flames, health word and briefing. Kept on the rules class they buried its hooks among
~30 members a rules reader never needs (python-chess keeps drawing out of ``Board`` in ``chess/svg.py`` the
same way). Each ruleset folder has a ``presentation.py`` with a subclass of :class:`Presentation`, which its
``Ruleset`` names in ``presentation_type``; ``ruleset.presentation`` is the instance bound to that ruleset
(a presentation that words an action reads the ruleset's odds through ``self.rules``).

Every member is declared here with a default and a docstring, so the UI reads them plainly (never
``hasattr``) and a ruleset overrides only what differs. Nothing here imports pygame: colours are RGB
tuples and regions plain hexes; ``game/ui`` draws them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.rules.action_words import generic_words

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.action_words import ActionWords
    from game.rules.base import Action, Event, Ruleset

__all__ = ["Presentation", "BoardRegion"]


@dataclass(frozen=True, slots=True)
class BoardRegion:
    """A part of the board a ruleset's rules give a meaning to (a ring to push a foe out of, a zone that
    counts for scoring), drawn by the board view under the tokens: plain data, no pygame.

    ``hexes``: the region's hexes as ``(q, r)`` pairs; ``style``: ``"zone"`` (the hexes tinted) or
    ``"ring"`` (only the region's edge drawn, the hexes left clear); ``colour``: RGB; ``label``: the few
    words the legend and the hover show for it; ``rule``: the rule ID that gives the region its meaning.
    """

    hexes: tuple[tuple[int, int], ...]
    label: str
    style: str = "zone"
    colour: tuple[int, int, int] = (240, 196, 64)
    rule: str = ""

    def __post_init__(self) -> None:
        if self.style not in ("zone", "ring"):
            raise ValueError(f"style: {self.style!r} is neither 'zone' nor 'ring'")


class Presentation:
    """A ruleset's presentation: subclass in the ruleset's own ``presentation.py``, set what differs.

    Built by :attr:`game.rules.base.Ruleset.presentation` with the ruleset it shows (``self.rules``).
    """

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules

    # -- the briefing and the victory line --------------------------------------------------------------
    #: the ruleset in one sentence, for the briefing before a battle ("" : its ``name``)
    briefing: ClassVar[str] = ""
    #: who no longer counts for a side when the last side standing is decided (its ``can_fight``), in words for
    #: the victory condition: "be the last side with anyone still able to fight; <these words>"
    out_words: ClassVar[str] = "dead or unconscious fighters no longer count"

    # -- the action menu ----------------------------------------------------------------------------------
    #: the menu letter of each action type (``"grapple": "G"``); the UI merges every ruleset's into its key
    #: table, in seed order, so a new ruleset brings its own letters (W A S D F stay for the camera)
    menu_keys: ClassVar[dict[str, str]] = {}
    #: the order of the action menu's groups by action type; a type not listed comes last
    menu_order: ClassVar[tuple[str, ...]] = ()
    #: action types whose destination hex is picked on the map (move, charge...)
    map_actions: ClassVar[frozenset[str]] = frozenset({"move"})
    #: what a map action with no item strikes with, in its menu title (``"move_and_attack": "punch"``)
    unarmed_words: ClassVar[dict[str, str]] = {}
    #: the value of an action's ``item`` that means "the weapon in hand" (nd6: ``""``, where None is bare
    #: hands); the menu then names the item held. None: an empty ``item`` reads as bare hands
    held_item: ClassVar[str | None] = None

    # -- the token, the panels and the health bar --------------------------------------------------------
    #: the word on a fighter's health bar: what ``Fighter.hp`` counts (nd6: "ST", hits come off Strength)
    health_stat: ClassVar[str] = "HP"
    #: stat -> {value: name} where a number reads as a name (nd6: Martial Arts 5 is "Master")
    stat_words: ClassVar[dict[str, dict[int, str]]] = {}
    #: a stat shown as a small badge on the token when above 0 (nd6: the Martial Arts level), or None
    token_stat: ClassVar[str | None] = None
    #: the condition that makes fighters sharing a hex one brawl, drawn as one group with a marker (nd6:
    #: ``in_hth``), or None
    brawl_condition: ClassVar[str | None] = None
    #: whether a grip's ``location`` means something (a body part held); False where the rules have no hit
    #: locations (nd6, G3-6: a subdue holds the whole figure), so the board's grip tag and the panel leave it out
    grip_location_shown: ClassVar[bool] = True
    #: a condition id -> the few words a player reads for it where the id would not do ("on fire (whole
    #: body)" for nd6's ``on_fire_whole``); the rest read as their id with spaces (see :meth:`condition_name`)
    condition_names: ClassVar[dict[str, str]] = {}
    #: a condition id -> (short letters, colour) of the badge over the token, for the ruleset's own conditions
    #: (the common ones - stunned, pinned, dead... - have theirs in the UI); no letters a stat's abbreviation
    condition_badges: ClassVar[dict[str, tuple[str, tuple[int, int, int]]]] = {}
    #: conditions that set a fighter alight -> the flames' size over its token (0..1: a limb, half, whole)
    burning_conditions: ClassVar[dict[str, float]] = {}
    #: conditions drawn as a wet ring round the token (soaked in burning liquid)
    wet_conditions: ClassVar[frozenset[str]] = frozenset()
    #: conditions whose badge already says the fighter is held (no HELD badge beside it), besides the common
    #: ``grappled`` and ``pinned``
    held_conditions: ClassVar[frozenset[str]] = frozenset()
    #: a condition of the ruleset's own -> how much it costs its side, for the review of a lost battle's deciding
    #: rolls (``game.teaching.review``: injury counts its points, a grip 2, death 12); not named: costs nothing
    condition_weights: ClassVar[dict[str, float]] = {}

    # -- the log, the dice pop-up and the roll breakdown -----------------------------------------------
    #: grip kind -> the verb a log line uses when a grip becomes that kind ("pins", "has a choke hold on")
    grip_words: ClassVar[dict[str, str]] = {"pin": "pins", "grapple": "now simply holds"}
    #: rule-ID prefixes of this ruleset's attack rolls: a roll-over roll citing one is read against an AC
    attack_rules: ClassVar[tuple[str, ...]] = ()
    #: the die a roll event that does not name its own is drawn as (pips only on a d6; edge: d10)
    die_sides: ClassVar[int] = 6
    #: a roll event's ``auto`` (an automatic result that overrules the target) -> words for the pop-up and
    #: the log ("automatic hit, triple damage")
    auto_words: ClassVar[dict[str, str]] = {}
    #: die tables a roll event names in ``table``: table -> ((row as the event names it, the row as a player
    #: reads it, what it does), ...) in order; the pop-up and the breakdown draw the whole table with the
    #: event's ``row`` lit
    table_rows: ClassVar[dict[str, tuple[tuple[str, str, str], ...]]] = {}

    def condition_name(self, condition: str) -> str:
        """A condition in a player's words, for the log, the panels, tooltips and the end screen: the ruleset's
        ``condition_names``, "in hand-to-hand" for its ``brawl_condition`` (S3-HTH-7), else the id with spaces."""
        named = self.condition_names.get(condition)
        if named:
            return named
        if condition == self.brawl_condition:
            return "in hand-to-hand"
        return condition.replace("_", " ")

    def badges(self, battle: Battle, fighter: Fighter) -> list[tuple[str, str]]:
        """Marks over a fighter's token that are not conditions, as ``(letters, meaning)``: a stance the rules
        keep in the fighter's counters (nd6: a pole arm set against a charge, S3-POLE-2). The default: none."""
        return []

    def board_note(self, battle: Battle) -> tuple[str, int | None] | None:
        """A standing fact of the battle the board shows in a corner, with a hex direction for an arrow or None
        (nd6: the scenario's wind, which moves every cloud, S3-SMOKE-3). The default: nothing."""
        return None

    def board_regions(self, battle: Battle) -> list[BoardRegion]:
        """Parts of the board the rules give a meaning to, which the board view draws under the tokens (a ring
        a shove pushes a foe out of, a zone that scores): :class:`BoardRegion` records. The default: none, so a
        ruleset whose board is only terrain draws nothing extra."""
        return []

    def odds_words(self, battle: Battle, action: Action, odds: dict[str, float], foe: str) -> str | None:
        """What the menu's percentage means, for actions whose odds the generic sentences do not explain
        (edge's opposed Strength pools); ``foe`` is the target's name. ``None`` (the default): the
        generic sentence for the ruleset's ``headline`` outcome."""
        return None

    def action_words(self, battle: Battle, action: Action) -> ActionWords | None:
        """What ``action`` does and costs in plain words, every roll it entails in order with its chance,
        the chance of the whole, its outcomes as a chart and the same odds from the foe's side: the action
        menu's hover (issue 18). The default (``game.rules.action_words.generic_words``) reads only the
        ruleset's ``odds``; a ruleset fills its main actions with its own words from its own folder. ``None``:
        nothing to say."""
        return generic_words(self.rules, battle, action)

    def event_words(self, battle: Battle, ev: Event) -> str | None:
        """The combat log's line for an event of this ruleset's own that the generic words leave silent
        (a ``stat`` event that means something to a player: d20's held-back damage landing, GX-4).
        ``None`` (the default): the generic words, which say nothing of ``stat`` events."""
        return None


def declared_members() -> tuple[str, ...]:
    """The names :class:`Presentation` declares (its ClassVars and methods), for the contract test and the
    count a reader of the rules no longer wades through."""
    return tuple(sorted(n for n in vars(Presentation) if not n.startswith("_") and n != "rules"))

