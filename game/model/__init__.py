"""The battle model: plain data with JSON round-trip, no pygame, no rules.

Everything here is a msgspec struct so that saves, situations and snapshots
encode and validate with one library; rules live in ``game.rules`` and act on
these records only through events.
"""

from game.model.battle import (
    SCHEMA_VERSION,
    Battle,
    RngState,
    Side,
    battle_from_json,
    battle_title,
    battle_to_json,
)
from game.model.board import Board, Cell, TileLayer, Tileset
from game.model.fighter import POSTURES, Fighter
from game.model.grapple import Grapple

__all__ = [
    "SCHEMA_VERSION", "Battle", "RngState", "Side", "battle_from_json", "battle_title", "battle_to_json",
    "Board", "Cell", "TileLayer", "Tileset", "Fighter", "POSTURES", "Grapple",
]
