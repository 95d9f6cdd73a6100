"""The battle: board, sides, fighters, grips, the clock, the RNG state and the log.

A battle is its seed plus its intents (ARCHITECTURE.md, "A battle is its
log"): ``rng`` holds the seeded generator's whole state so that rules stay
pure functions of the battle, and ``log`` holds every ``(intent, dice,
events)`` entry the turn controller accepted.
"""

from __future__ import annotations

from typing import Any

import msgspec

from game.model.board import Board
from game.model.fighter import Fighter
from game.model.grapple import Grapple

SCHEMA_VERSION = 1


class Side(msgspec.Struct, kw_only=True):
    id: str
    name: str = ""
    colour: str = "#c0392b"
    control: str = "human"  # "human" or "ai"
    #: the computer's level for this side (a scenario's ``level``: easy, normal, hard, random); unset: the
    #: player's setting in the window, ``normal`` in ``clinch simulate``. UNSET, not "", so that a side without
    #: one encodes as before: every save's state hash and every network match hash stay what they were
    level: str | msgspec.UnsetType = msgspec.UNSET


class RngState(msgspec.Struct, kw_only=True):
    """A counter-based generator: face n of the battle is a pure function of (seed, n)."""

    seed: int = 0
    counter: int = 0


class Battle(msgspec.Struct, kw_only=True, dict=True):
    schema: int = SCHEMA_VERSION
    #: the ruleset's id; empty means the registry's default (``game.rules.DEFAULT_RULESET``), so the model
    #: names no ruleset of its own. Saves always write the field
    ruleset: str = ""
    board: Board = msgspec.field(default_factory=Board)
    sides: list[Side] = []
    fighters: list[Fighter] = []
    grapples: list[Grapple] = []
    round: int = 1
    turn: int = 0  # turns taken in the whole battle; "once per 10 turns" counts these
    current: str | None = None  # id of the fighter whose turn it is
    order: list[str] = []  # this round's order, as the initiative policy set it
    rng: RngState = msgspec.field(default_factory=RngState)
    effects: list[dict[str, Any]] = []  # turn-scoped effects, ticked by the controller
    options: dict[str, Any] = {}  # ruleset and scenario options
    state: dict[str, Any] = {}  # ruleset-specific battle-wide data (plain data only)
    scenario: str | None = None
    #: the battle's title as its scenario names it (``name``: "Sand Duel"), shown wherever the game names the
    #: battle (briefing, window, pause menu, end screen, saves): a built battle played unsaved has no file
    #: to read it from. UNSET, not "", so that a battle without one encodes as before
    title: str | msgspec.UnsetType = msgspec.UNSET
    ended: bool = False
    winner: str | None = None
    log: list[dict[str, Any]] = []

    def fighter(self, fighter_id: str) -> Fighter:
        for f in self.fighters:
            if f.id == fighter_id:
                return f
        raise KeyError(fighter_id)

    def get(self, fighter_id: str | None) -> Fighter | None:
        if fighter_id is None:
            return None
        for f in self.fighters:
            if f.id == fighter_id:
                return f
        return None

    def side(self, side_id: str) -> Side | None:
        for s in self.sides:
            if s.id == side_id:
                return s
        return None

    def fighters_at(self, h: Any) -> list[Fighter]:
        return [f for f in self.fighters if f.hex == h]

    def grips_on(self, fighter_id: str) -> list[Grapple]:
        return [g for g in self.grapples if g.target == fighter_id]

    def grips_by(self, fighter_id: str) -> list[Grapple]:
        return [g for g in self.grapples if g.holder == fighter_id]

    def clone(self, *, with_log: bool = True) -> Battle:
        """A deep copy for look-ahead and snapshots.

        The board is shared, not copied: nothing changes it during a battle,
        and copying a 200x200 map for every look-ahead node would dominate
        the AI's time. ``with_log=False`` drops the log for the same reason.
        Free-form data (``state``, ``effects``, counters) comes back in JSON's
        shape, as from a save: a tuple stored there reads back as a list.
        """
        board = self.board
        shell = msgspec.structs.replace(self, board=_EMPTY_BOARD, log=self.log if with_log else [])
        try:
            # a typed msgpack round trip: the AI clones a battle per look-ahead node, and this is the
            # cheapest deep copy msgspec has (about 30% under to_builtins + convert)
            copy = _CLONE_DECODER.decode(_CLONE_ENCODER.encode(shell))
        except (OverflowError, TypeError, msgspec.MsgspecError):
            # what msgpack cannot carry (an int past 64 bits in a ruleset's state) goes the slow way
            copy = msgspec.convert(msgspec.to_builtins(shell), Battle)
        copy.board = board
        return copy


_EMPTY_BOARD = Board()
_CLONE_ENCODER = msgspec.msgpack.Encoder()
_CLONE_DECODER = msgspec.msgpack.Decoder(Battle)


def battle_to_json(battle: Battle) -> bytes:
    return msgspec.json.encode(battle)


def battle_from_json(data: bytes | str) -> Battle:
    """Decode and validate; raises ``msgspec.ValidationError`` naming the field on bad data."""
    return msgspec.json.decode(data, type=Battle)


def battle_title(battle: Battle) -> str:
    """The battle's name as a player knows it: its scenario's title, else its map's name (a save from before
    titles, a lab's battle), else "Battle"."""
    title = battle.title if isinstance(battle.title, str) else ""
    if title.strip():
        return title
    name = battle.board.name
    return name if name and name != "open field" else "Battle"
