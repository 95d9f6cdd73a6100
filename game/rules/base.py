"""The rules engine's skeleton: reasons, actions (= intents), rulesets and their registry.

An action is a small frozen dataclass holding ids, never live objects: it is
the intent a player, the AI, a replay or a test submits. ``check(battle)``
returns a :class:`Reason` (a sentence a player understands, the rule ID and a
kind) or ``None``; ``resolve(battle, dice)`` returns the events and mutates the
battle only by applying them (``game.rules.events.apply_event``), so that the
same events on the same state always give the same result.

A ruleset registers its id, actions, conditions, items, initiative policy and
damage model; variants subclass each other (``3d6-full`` extends
``3d6-lite``) and are found with :func:`find_ruleset`.

:class:`Ruleset` is the whole contract between the engine and a ruleset:
every hook the turn controller, the situation reader, the computer opponent,
the soak and the UI call is declared there with a default and a docstring,
and every per-ruleset fact they read (the AI's hints, the invariants' geometry,
the soak's stat blocks, the words for its own terms) is a declared member a
ruleset overrides from its own folder. Nothing outside ``game/rules/`` probes a
ruleset with ``hasattr``/``getattr`` or names a ruleset id;
``game/rules/README.md`` walks through adding one.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from game.rules.events import Resolution
from game.rules.hoped import HOPED, first_hoped
from game.rules.presentation import Presentation

if TYPE_CHECKING:
    from game.dice import Dice
    from game.hexgrid import Hex
    from game.model import Battle, Fighter, Grapple

Event = dict[str, Any]

__all__ = [
    "Event", "Reason", "Action", "Option", "ChoiceNeeded", "Ruleset", "RULESETS", "register", "find_ruleset",
    "UnknownRuleset", "HOPED", "MoveBand", "Outcome", "DEFAULT_RULESET", "rules_of", "no_fighter", "Phase",
]



@dataclass(frozen=True, slots=True)
class Reason:
    """Why something may not be done: data, never an exception.

    ``kind`` is one of ``illegal`` (the rules forbid it), ``not_offered`` (the rules
    forbid it and a menu need not list it: a variant that makes no sense with what is
    in hand, such as a staff's blows on a club; still exit 3 in ``clinch resolve``),
    ``not_your_turn``, ``game_over``, ``unknown`` (no such action or fighter),
    ``bad_intent`` (malformed: exit 2).
    """

    text: str
    rule: str = ""
    kind: str = "illegal"
    #: what would open the action, in the player's words ("take Bob down first"), when the rules know a way:
    #: the menu's hover says it under the refusal (a grappler whose every grappling move is greyed must learn
    #: what unlocks them); never part of the situation's ``illegal`` event (the text and rule are)
    opens: str = ""

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})" if self.rule and self.rule not in self.text else self.text

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "reason": self.text, "rule": self.rule}


def _plain(value: Any) -> Any:
    """A field's value as JSON reads it back: tuples, nested ones too, as lists. A flame burst's ``hexes``
    (``((q, r), ...)``) once gave ``[(q, r), ...]``, which never equals the ``[[q, r], ...]`` of a saved log, so a
    battle with a burst placed by hand could not be loaded (its replay found no dice for the burst)."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def no_fighter(fighter_id: str | None) -> Reason:
    """The refusal of an intent naming a fighter the battle does not have (its actor or its target): one
    sentence for every ruleset, so a player and ``clinch resolve`` read the same words whichever plays."""
    return Reason(f"There is no fighter {fighter_id!r}.", kind="unknown")


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action/intent. Subclasses set ``type`` and add their fields.

    Field values are JSON-ready (str, int, None, lists of int for hexes) so
    that ``to_dict``/``from_dict`` round-trip exactly and logs stay plain data.

    One verb pair in every ruleset: the engine calls the public
    ``check(battle)`` and ``resolve(battle, dice)``; an action implements the
    hooks ``_check(battle, actor)`` (its own legality, ``actor`` the acting
    :class:`~game.model.Fighter`) and ``_resolve(r, actor)`` (its play through
    the :class:`~game.rules.events.Resolution` ``r``). Each ruleset family
    overrides ``check``/``resolve`` once in its base class with what all its
    actions share (``D20Action``: out, surprised, busy, phase; 3d6
    ``Maneuver``: the maneuver checks, the 0-HP roll, the clean-up after;
    ``EdgeAction``: the phase of edge's turn order); an action overrides
    them only to step round its family's shared checks (d20's second staff
    blow, S4-STAFF-6). ``game.rules.basic_actions`` holds what the rulesets'
    common verbs (move, face, change posture, ready, wait, do nothing) share.
    """

    type: ClassVar[str] = ""
    #: short description for menus ("Grapple", "Break free")
    title: ClassVar[str] = ""
    #: the rule that defines this maneuver, cited by menus and reasons
    rule: ClassVar[str] = ""
    #: a free action (release a grip, drop an item, face once: S0-FREE-1) keeps its actor's turn open; the
    #: turn controller and ``clinch resolve`` read it
    free: ClassVar[bool] = False

    actor: str

    def check(self, battle: Battle, rules: Ruleset | None = None) -> Reason | None:
        """``None`` if legal now, else the reason it is not. Never raises for a legal-looking intent.

        ``rules`` is the ruleset the battle plays, handed in by whoever holds it (the turn flow, the
        situation reader, the lab, the AI) so that no action looks its ruleset up again; a caller that holds
        none (a test, a script) leaves it out and :func:`rules_of` finds it once here.

        The plumbing: find the actor, then the action's own :meth:`_check`. A
        family base class (``D20Action``, ``Maneuver``, ``EdgeAction``) puts
        the checks all its actions share between the two.
        """
        actor = battle.get(self.actor)
        if actor is None:
            return no_fighter(self.actor)
        return self._check(battle, actor)

    def _check(self, battle: Battle, actor: Fighter) -> Reason | None:
        """The action's own checks, after those its family shares; ``actor`` is the acting fighter."""
        return None

    def resolve(self, battle: Battle, dice: Dice, rules: Ruleset | None = None) -> list[Event]:
        """Play the action; may assume ``check`` passed (the trusted door). ``rules`` as for :meth:`check`.

        The plumbing: one :class:`~game.rules.events.Resolution` (which carries the ruleset as ``r.rules``),
        the action's :meth:`_resolve`, its events (a family adds what follows every action).
        """
        r = Resolution(battle, dice, rules_of(battle, rules))
        self._resolve(r, battle.fighter(self.actor))
        return r.events

    def _resolve(self, r: Resolution, actor: Fighter) -> None:
        """Play the action through ``r`` (``r.emit`` applies an event, ``r.note`` records one)."""
        raise NotImplementedError

    # -- plain data ---------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"actor": self.actor, "type": self.type}
        for f in dataclasses.fields(self):
            if f.name == "actor":
                continue
            value = getattr(self, f.name)
            if value != f.default or f.default is dataclasses.MISSING:
                out[f.name] = _plain(value)
        return out

    def text(self) -> str:
        """Short text form for logs and tests: ``ann grapple target=bob location=neck``."""
        parts = [self.actor, self.type]
        for f in dataclasses.fields(self):
            if f.name == "actor":
                continue
            value = getattr(self, f.name)
            if value is None or (f.default is not dataclasses.MISSING and value == f.default):
                continue
            if isinstance(value, tuple):
                value = ",".join(str(v) for v in value)
            parts.append(f"{f.name}={value}")
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class Option:
    """One entry of ``legal_actions``: an action and, if it is not allowed now, why."""

    action: Action
    reason: Reason | None = None

    @property
    def legal(self) -> bool:
        return self.reason is None


class ChoiceNeeded(Exception):  # noqa: N818 - a request, like game.dice.DiceNeeded
    """Raised by ``resolve`` when the ruleset needs the player to choose before it can go on.

    The generic form of "the winner picks a result after the roll" (edge's
    ``ResultNeeded``). A ruleset raises it only from an intent that asked for
    it (an ``ask=True`` field: the AI, replays and ``clinch resolve`` never
    ask) and *before it applies anything*, once the dice that decide the menu
    are rolled. ``prompt`` is one sentence for the player; ``menu`` the
    choices, each an :class:`Option` whose ``action`` is the whole intent to
    play (the asking intent with the choice filled in and without ``ask``),
    with a reason on those that may not be chosen; ``data`` is free-form
    (edge: the edge and the contest event).

    The turn controller catches it (``Result(status="need_choice")``),
    remembers the dice faces the roll used and plays the intent picked with
    ``TurnController.choose`` on exactly those faces.
    """

    def __init__(self, prompt: str, menu: list[Option], data: dict[str, Any] | None = None) -> None:
        super().__init__(prompt)
        self.prompt = prompt
        self.menu = list(menu)
        self.data = dict(data or {})

    def describe(self) -> str:
        return self.prompt


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of a round, as the ruleset declares it (:attr:`Ruleset.phases`, like boardgame.io's ``phases``).

    ``name`` is what the turn order's cursor says ("movement"); ``ends`` names the ruleset's method that does
    what the rules do when the phase ends, called with the battle and the dice and returning the events it applied
    ("": nothing). The turn order says which phase a step of its cursor ended (``Policy.phase_ended``);
    :meth:`Ruleset.end_phase` runs that phase's ``ends``. ``actions`` names the action types (``Action.type``)
    the phase offers, so this declaration is the one place that says which action may act when: an action's
    phase gate asks :meth:`Ruleset.phases_of`, and a type no phase names (waiting, defending) is open all round.
    """

    name: str
    ends: str = ""
    actions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MoveBand:
    """What a move to one hex leaves its fighter free to do, for the map's lit hexes (walk and run bands, as a
    hex map's movement overlay shows them): :meth:`Ruleset.move_band` answers it from the rules.

    ``key`` names the band (``"walk"``: the action is still open after the move; ``"run"``: moving this far
    gives it up); ``attack_after``: whether the fighter may still attack this round after moving there;
    ``words``: the few words the legend and the hover show ("run: no attack after"); ``rule``: the rule ID.
    """

    key: str
    attack_after: bool
    words: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class Outcome:
    """Whether a battle is over and which side won (:meth:`Ruleset.outcome`, asked after every step), a record
    rather than a bare ``(over, winner)`` pair, so a reader sees which is which. ``winner`` is None while the battle
    goes on, and in a battle that is over when nobody is left (a draw)."""

    over: bool
    winner: str | None = None


class UnknownRuleset(KeyError):
    pass


RULESETS: dict[str, type[Ruleset]] = {}

#: the ruleset a battle naming none plays (``Battle.ruleset == ""``: the model names no ruleset id)
DEFAULT_RULESET = "3d6-lite"


def register(cls: type[Ruleset]) -> type[Ruleset]:
    """Class decorator: make a ruleset findable by its id."""
    if not cls.id:
        raise ValueError(f"{cls.__name__} has no id")
    RULESETS[cls.id] = cls
    return cls


def find_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset instance for an id; raises :class:`UnknownRuleset` with the known ids.

    An empty id is the registry's default (:data:`DEFAULT_RULESET`): a battle built without naming a ruleset
    (``Battle()``, whose model names none) plays it. The registry is full once anything under ``game.rules``
    is imported (the package imports every ruleset first), so this imports nothing: it is for the entry
    points (the command line, the loaders, the controller); an action is handed its ruleset instead.
    """
    try:
        cls = RULESETS[ruleset_id or DEFAULT_RULESET]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {known})") from None
    return cls()


def rules_of(battle: Battle, rules: Ruleset | None = None) -> Ruleset:
    """``rules`` if the caller handed one, else the ruleset ``battle`` names, one instance per class (a ruleset
    holds no battle state). The one place an action's ruleset is found when its caller held none (a test
    calling ``action.check(battle)``); the engine's callers hand it in."""
    if rules is not None:
        return rules
    cls = RULESETS.get(battle.ruleset or DEFAULT_RULESET)
    if cls is None:
        return find_ruleset(battle.ruleset)  # raises UnknownRuleset naming the known ids
    rs = _INSTANCES.get(cls)
    if rs is None:
        rs = _INSTANCES[cls] = cls()
    return rs


_INSTANCES: dict[type[Ruleset], Ruleset] = {}


class Ruleset:
    """A set of rules. Subclass, set the class attributes, decorate with :func:`register`."""

    @classmethod
    def folder(cls) -> Path:
        """The ruleset's own folder: what it brings besides code (its rules help, ``rules_help*.json``) lives
        there, so a ruleset is one folder."""
        return Path(inspect.getfile(cls)).resolve().parent

    @classmethod
    def roster_path(cls) -> Path | None:
        """The ruleset's ready-made fighters for the battle builder (``roster.toml`` in its own folder, so a
        ruleset stays one folder), or None: a ruleset with no roster offers none."""
        path = cls.folder() / "roster.toml"
        return path if path.is_file() else None

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    #: the rule text this ruleset implements, by its id in ``../shared/rules/seeds/`` ("000", "002", ...): named
    #: so that it never reads as the dice seed (``Battle.seed``)
    source_text: ClassVar[str] = ""
    #: checklist section(s) this ruleset implements, e.g. ("S0",)
    sections: ClassVar[tuple[str, ...]] = ()
    #: action type -> action class
    actions: ClassVar[dict[str, type[Action]]] = {}
    #: condition name -> one-line description
    conditions: ClassVar[dict[str, str]] = {}
    #: item id -> description dict (name, kind, damage, ...)
    items: ClassVar[dict[str, dict[str, Any]]] = {}
    #: words an action's ``item`` may hold besides the ids of ``items``: attacks with the body that the
    #: ruleset's actions document there (3d6's ``kick``, G0-6), so the situation reader accepts them
    item_words: ClassVar[tuple[str, ...]] = ()
    #: grip kinds beyond ``game.files.situation.GRAPPLE_KINDS`` a situation file may name (edge's ``pin-3``,
    #: d20's ``hold``): the situation reader accepts exactly these plus the common ones
    grapple_kinds: ClassVar[tuple[str, ...]] = ()
    #: grip locations beyond ``game.files.situation.GRAPPLE_LOCATIONS`` (and the item ids, always accepted)
    grapple_locations: ClassVar[tuple[str, ...]] = ()
    #: hands a grip uses when a situation's ``grapples[]`` entry does not say (edge grips use none, E-5)
    grip_hands_default: ClassVar[int] = 1
    #: item kinds (``items[id]["kind"]``) a fighter wears rather than carries, for a ruleset whose rules tell
    #: the two apart (armour read from what is worn, ``ready`` taking from the belt). Non-empty: a situation's
    #: ``fighters[].worn`` takes items of these kinds that need no hand, ``belt`` the rest, both land in
    #: ``Fighter.items`` and the output writes them back split the same way. Empty: ``worn`` is refused
    #: (what a fighter has goes in ``items`` or ``belt``)
    worn_kinds: ClassVar[frozenset[str]] = frozenset()
    #: kinds of effect lying on a hex (fire, smoke...) a situation's top-level ``effects`` may name; read
    #: and written as ``battle.state["board_effects"]`` (``{"kind", "hex": [q, r], "turns_left"}`` dicts).
    #: Empty: the ruleset has none, a situation giving any is refused and the output has no ``effects``
    board_effects: ClassVar[tuple[str, ...]] = ()
    #: stats whose value is a name, not a number, with the names allowed (lower case); a situation may
    #: write them in any case (d20's ``class``: ``fighter``, ``magic-user``...)
    named_stats: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: stats that may hold a fraction (3d6's Basic Speed, 5.25); a situation's or a save's fraction in any
    #: other stat (``ST: 1.5``) is refused, since every rule reads it as a whole number
    fractional_stats: ClassVar[frozenset[str]] = frozenset()
    #: whether a skill is had or not (nd6's ``tough``, ``sword``: a situation writes ``true``/``false``, kept
    #: as 1/0) rather than a level; where it is a level, a situation's ``true`` is refused
    skills_are_flags: ClassVar[bool] = False
    #: the ruleset's own scenario options (``[options]`` of a scenario, read from ``battle.options``): option
    #: name -> the msgspec type its value must have (``bool`` for a switch; a description goes in
    #: ``Annotated[bool, msgspec.Meta(description=...)]``). A scenario may give these, the options every
    #: ruleset reads (``turn_limit``, ``round_limit``: ``game.files.scenarios.SHARED_OPTIONS``) and, since it may be
    #: played under another ruleset, those another registered ruleset declares (checked as it types them);
    #: any other is refused
    options: ClassVar[dict[str, Any]] = {}
    #: those of :attr:`options` whose value names sides of the scenario (a list of side ids, a side id, or a
    #: table whose ``side`` is one): the scenario loader refuses a side the scenario does not have
    side_options: ClassVar[tuple[str, ...]] = ()
    #: trait name -> the msgspec type this ruleset's rules read ``fighter.traits[name]`` as (built from
    #: ``game.files.scenario_types``), merged over the traits every ruleset reads
    #: (``game.files.scenarios.TRAIT_TYPES``); a trait listed nowhere is a switch or a plain value (a bool, a bounded
    #: integer or a short text)
    trait_types: ClassVar[dict[str, Any]] = {}
    #: traits whose value is the id of another fighter of the scenario (d20's ``mounted_on``)
    fighter_traits: ClassVar[tuple[str, ...]] = ()
    #: stats that are codes or counts and may be 0 in a scenario (d20's class code, level, hit dice); every
    #: other stat is an attribute, 1 or more, since the rules divide by what they derive from it
    zero_stats: ClassVar[frozenset[str]] = frozenset()
    #: a variant's renumbering of its parent's rule IDs (3d6-full: S0 ID -> S2 ID); the rules help follows it
    #: both ways, so an S0 ID cited by shared code finds the variant's text
    rule_map: ClassVar[dict[str, str]] = {}

    # -- facts the rest of the code reads (plain data, kept in the ruleset's own folder) ---------------
    #: the computer opponent's ``game.ai.weights.Weights`` field overrides (a dict field merges key by key):
    #: what this ruleset's own grip kinds and conditions are worth. Empty: the generic weights
    ai_hints: ClassVar[dict[str, Any]] = {}
    #: the greatest hex distance between a holder and its target (0: they share a hex); the soak's
    #: invariant check reports a grip stretched further
    grip_distance: ClassVar[int] = 1
    #: a pinned fighter lies down (3d6); the invariant check reports a pin on a standing target
    pin_lying: ClassVar[bool] = False
    #: per-fighter ``{"stats", "skills", "hands", "items"}`` blocks the soak gives the arena's fighters when
    #: no scenario in ``maps/`` is made for this ruleset (its stats differ from the arena's)
    stat_blocks: ClassVar[tuple[dict[str, Any], ...]] = ()
    #: outcome names of :meth:`odds` an action is taken for, best first (read by :meth:`headline`)
    hoped: ClassVar[tuple[str, ...]] = HOPED
    #: the phases of a round in order, as data (:class:`Phase`): the turn order runs them by name and
    #: :meth:`end_phase` does what each declares when it ends; empty for a round without phases
    phases: ClassVar[tuple[Phase, ...]] = ()
    #: the map cell properties (``game.model.Cell`` fields: ``move_cost``, ``blocks_movement``,
    #: ``blocks_sight``, ``cover``, ``elevation``) this ruleset's rules act on (GX-5). The hover text names
    #: only these, so a map never promises an effect the rules in play ignore. Every ruleset charges move
    #: costs and stops at blocking hexes (``game.rules.reach``); one with ranged attacks or a cover rule adds
    #: what it reads
    terrain_features: ClassVar[frozenset[str]] = frozenset({"move_cost", "blocks_movement"})

    # -- what the board, the menus and the log show: the ruleset's presentation, apart from its rules ----------
    #: the class of this ruleset's presentation (``presentation.py`` in its folder): its briefing, menu letters,
    #: badges, health word, log words... (``game.rules.presentation.Presentation`` declares them all)
    presentation_type: ClassVar[type[Presentation]] = Presentation

    @cached_property
    def presentation(self) -> Presentation:
        """This ruleset's presentation, bound to it (a hover's words read its odds): what the UI, the log's
        words and the teaching tools read, so the rules class holds only the engine's hooks and the AI's hints."""
        return self.presentation_type(self)

    def action_from_dict(self, data: dict[str, Any]) -> Action:
        """Build an intent from plain data; raises ``ValueError`` naming the bad field."""
        if not isinstance(data, dict):
            raise ValueError("an action must be an object")
        kind = data.get("type")
        cls = self.actions.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise ValueError(f"type: unknown action type {kind!r} for ruleset {self.id}")
        names = {f.name: f for f in dataclasses.fields(cls)}
        kwargs = {}
        for key, value in data.items():
            if key == "type":
                continue
            if key not in names:
                raise ValueError(f"{key}: action {kind!r} has no field {key!r}")
            kwargs[key] = tuple(value) if isinstance(value, list) else value
        missing = [n for n, f in names.items() if f.default is dataclasses.MISSING and n not in kwargs
                   and f.default_factory is dataclasses.MISSING]
        if missing:
            raise ValueError(f"{missing[0]}: action {kind!r} needs field {missing[0]!r}")
        return cls(**kwargs)

    # -- hooks every ruleset provides ---------------------------------------
    def setup(self, battle: Battle) -> None:
        """Fill derived values (HP, FP, ...) a scenario or situation left out."""

    def legal_actions(self, battle: Battle, fighter_id: str) -> list[Option]:
        """Every action this fighter could take now, with a reason on those it may not."""
        raise NotImplementedError

    def odds(self, battle: Battle, action: Action) -> dict[str, float]:
        """Exact chance of each outcome of ``action`` (outcome names are the ruleset's)."""
        raise NotImplementedError

    def initiative(self) -> Any:
        """The turn-order policy (``game.flow.turns`` defines the protocol)."""
        raise NotImplementedError

    def start_turn(self, battle: Battle, fighter_id: str, dice: Dice) -> list[Event]:
        """Called by the turn controller when a fighter's turn begins, after expired effects are removed.

        For rules that tick per turn: FP lost while suffocating (S2-STRANGLE-10),
        the HT roll to stay conscious at 0 HP (G0-7), surprise. Must apply its
        events to the battle (use ``events.Resolution``) and return them.
        """
        return []

    def end_turn(self, battle: Battle, fighter_id: str, dice: Dice) -> list[Event]:
        """Called when a fighter's turn ends (e.g. the HT roll to recover from stun, G0-7)."""
        return []

    def start_round(self, battle: Battle, dice: Dice) -> list[Event]:
        """Called when a new round begins, before the turn order's own start of round (its initiative rolls).

        For what lives on the board rather than on a fighter and counts rounds: fires burning down, clouds
        growing and fading, a fuse counted in rounds. Not called for the
        battle's first round (the board is as the scenario or situation laid it); ``clinch resolve`` calls
        it when a fighter who has had its turn acts again. Must apply its events to the battle (use
        ``events.Resolution``) and return them.
        """
        return []

    def grip_in_force(self, battle: Battle, grip: Grapple) -> None:
        """Mark a grip a situation lists as taken before it starts (SITUATION-FORMAT.md, "Turns inside a
        situation"): its victim has had a turn with it on, so moves that need a later turn are open at once.

        The default dates the grip one turn back; a ruleset that counts the victim's turns otherwise
        (3d6-full's ``victim_turns``) marks it too.
        """
        grip.since = battle.turn - 1

    def conditions_in_force(self, res: Resolution) -> None:
        """Give the conditions a situation lists their full effect before its first action, "as if the battle had
        set" them (SITUATION-FORMAT.md): what play does when a fighter goes out happens here, with its events.

        A grip is something its holder keeps up, and a fighter out of the fight keeps up nothing, so the default
        ends every grip held by a dead or unconscious fighter. A ruleset that does more in play when a fighter
        goes out (falls, drops what it holds, leaves a brawl) overrides this with that same code.
        """
        for g in [g for g in res.battle.grapples
                  if {"dead", "unconscious"} & set(res.battle.fighter(g.holder).conditions)]:
            res.emit({"type": "grapple_end", "actor": g.holder, "holder": g.holder, "target": g.target,
                      "why": f"{res.battle.fighter(g.holder).label} is out of the fight"})

    def max_hp(self, fighter: Fighter) -> float | None:
        """The fighter's full hit points as this ruleset counts them (``Fighter.hp`` unhurt): the health bar's
        maximum in the token and the fighter panel, which must not guess it from a stat another ruleset derives
        it from. The default: the fighter's ``HP`` stat, else None (the UI then shows the highest seen)."""
        value = fighter.stats.get("HP")
        return float(value) if isinstance(value, int | float) else None

    def can_act(self, battle: Battle, fighter: Fighter) -> bool:
        """Whether this fighter gets a turn at all (the controller skips those who cannot)."""
        return self.can_fight(battle, fighter)

    def can_fight(self, battle: Battle, fighter: Fighter) -> bool:
        """Whether a fighter still counts for its side (end of battle, G0-21)."""
        return not ({"dead", "unconscious"} & set(fighter.conditions))

    def outcome(self, battle: Battle) -> Outcome:
        """Whether the battle is over and who won (an :class:`Outcome`), asked by the turn controller after every
        step.

        The default is the last side standing: over when at most one side still
        has a fighter :meth:`can_fight` says counts (``None``: nobody is left,
        a draw). A ruleset whose battles end otherwise overrides it.
        """
        able = {f.side for f in battle.fighters if self.can_fight(battle, f)}
        if len(able) <= 1:
            return Outcome(True, next(iter(able), None))
        return Outcome(False)

    def end_phase(self, battle: Battle, step: Any, dice: Dice) -> list[Event]:
        """Called when a phased turn order leaves a step (``battle.state["initiative"]["step"]``) and before
        the battle ends on one: the turn order says which of :attr:`phases` that step ended, and that phase's
        ``ends`` runs (d20: simultaneous damage lands, GX-4; nd6: the movement phase's fuses, S3-GRENADE-8).
        Applies its events and returns them; nothing when no declared phase ended or it declares nothing."""
        if not self.phases:
            return []
        policy = self.initiative()
        name = policy.phase_ended(battle, step) if policy is not None else None
        phase = next((p for p in self.phases if p.name == name), None)
        if phase is None or not phase.ends:
            return []
        return list(getattr(self, phase.ends)(battle, dice))

    def phases_of(self, action_type: str) -> tuple[str, ...]:
        """The names of the declared :attr:`phases`, in the round's order, in which an action of ``action_type``
        may act: those whose ``actions`` name it, or every phase when none does (open all round); empty when
        the ruleset declares no phases (one turn each: no phase gate). Read by the actions' phase gate, so the
        phase data is the one place that says it (no action lists its own phases)."""
        named = tuple(p.name for p in self.phases if action_type in p.actions)
        return named or tuple(p.name for p in self.phases)

    def move_path(self, battle: Battle, action: Action) -> list[Hex] | None:
        """The hexes a legal move ``action`` walks through, destination last, for the UI's path preview.

        ``None`` (the default): the UI searches a shortest path over the hexes
        the legal moves reach. A ruleset whose moves follow another path
        (costs per hex, forced turns) returns it.
        """
        return None

    def move_band(self, battle: Battle, fighter: Fighter, move: Action, cost: int) -> MoveBand | None:
        """Which band a legal map move ``move`` of ``fighter`` falls in, ``cost`` being the hexes of movement its
        route spends (GX-5): whether the fighter may still attack after it this round, for the map's two tints.

        ``None`` (the default): the ruleset's moves never limit what follows (edge: "a character acts in one
        phase plus movement", G1-4), and every lit hex looks the same. A ruleset where moving far gives up the
        attack (half MOV, a run, a Move maneuver that is the whole turn) answers from its own counting.
        """
        return None

    def aim_preview(self, battle: Battle, action: Action) -> dict[str, Any] | None:
        """What the map shows while the player aims ``action`` (a shot, a grenade, a flame burst) before
        committing to it: plain JSON-ready data the UI draws, never a rule of its own.

        ``None`` (the default): nothing to show beyond the menu's odds. A dict may hold ``lines`` (each
        ``{"to": [q, r], "hexes": [[q, r]...], "blocked": bool, "figures": [ids to roll to miss],
        "smoke": int}``), ``range`` (``{"hexes", "mh", "penalty", "rule", "words"}``), ``odds`` (the
        action's own), ``rounds`` (``[[k, p]...]``: the chance ``k`` rounds hit), ``area`` (``{"inner":
        [...], "outer": [...]}`` hexes the effect reaches), ``landing`` (``[[q, r, p]...]``: where a throw
        may come down), ``outcomes`` (``[[words, p]...]``), ``lines_text`` (sentences for the aim box) and
        ``place`` (``{"count", "placed", "open": [[q, r]...], "refused": {"q,r": sentence}}``: hexes the
        player places one by one, each click checked by the rules).
        """
        return None

    def ai_hazard(self, battle: Battle, fighter: Fighter, *, careful: bool = True) -> float:
        """What the ground and the fighter's own state threaten it with that the computer's evaluation cannot
        see in hp and conditions alone (a hex that burns it at its next turn, a foe's clear line of fire),
        in the evaluation's units (a whole hp bar is 4); 0 or less. ``careful``: the level reads danger (the
        easy level does not). The default: nothing (a ruleset whose map never changes)."""
        return 0.0

    def ai_arms(self, battle: Battle, fighter: Fighter) -> float:
        """What the fighter's hands are worth to its side now, which the computer's evaluation cannot see in hp
        and conditions alone: the harm its best blow can do where it stands (a weapon it holds, the one a
        brawl made it drop, bare hands inside one), in the evaluation's units (a whole hp bar is 4); 0 or
        more. The default: nothing (a ruleset whose fighters never lose or change what they strike with)."""
        return 0.0

    def headline(self, odds: dict[str, float] | None) -> str | None:
        """The outcome of ``odds`` an action is taken for: the chance the action menu shows and the long
        shot the computer judges (``None``: ``odds`` names none of them, e.g. a sure ``done``).

        The default takes the first of :attr:`hoped` that ``odds`` has; a
        ruleset whose outcomes have other names sets :attr:`hoped` or
        overrides this, and must return a key of ``odds`` or ``None``.
        """
        return first_hoped(odds, self.hoped)

    def translation(self) -> Any:
        """How this ruleset's situation terms map to the common ones and back
        (``game.rules.translation.Translator``), for ``clinch compare`` and the lab's side-by-side view
        (issue 18). The default finds ``TRANSLATOR`` in the ``translation`` module of the ruleset's own
        folder (given this ruleset, for a folder holding variants); ``None``: the ruleset has none."""
        package = type(self).__module__.rsplit(".", 1)[0]
        try:
            module = importlib.import_module(f"{package}.translation")
        except ModuleNotFoundError:
            return None
        make = getattr(module, "translator", None)
        return make(self) if make is not None else None

    def iter_action_types(self) -> Iterator[tuple[str, type[Action]]]:
        return iter(sorted(self.actions.items()))
