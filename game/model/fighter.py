"""A fighter: who it is, where it stands, what it holds, how hurt it is."""

from __future__ import annotations

from typing import Any

import msgspec

from game.hexgrid import Hex
from game.wording import DEFAULT_PRONOUN, Pronoun

POSTURES = ("standing", "crouching", "kneeling", "sitting", "crawling", "prone")


class Fighter(msgspec.Struct, kw_only=True):
    """One combatant.

    ``stats`` and ``skills`` use the ruleset's own names (3d6: ST DX IQ HT;
    d20: STR DEX CON ...; edge: pools). ``hp``/``fp`` of ``None`` mean "full"
    so a situation file can leave them out; rules read them through the
    ruleset's derived-stat helpers. ``counters`` is the ruleset's bookkeeping
    for this fighter (e.g. the turn of the last break-free attempt while
    pinned) kept as plain data so saves and replays carry it.
    """

    id: str
    side: str
    hex: Hex
    name: str = ""
    facing: int = 0
    posture: str = "standing"
    stats: dict[str, int | float | str] = {}  # d20 keeps "class" here; 3d6 may hold Basic Speed 5.25
    skills: dict[str, int] = {}
    size: int = 0
    arms: int = 2
    hands: dict[str, str | None] = msgspec.field(default_factory=lambda: {"right": None, "left": None})
    items: list[str] = []
    hp: int | None = None
    fp: int | None = None
    dr: int = 0
    conditions: list[str] = []
    traits: dict[str, Any] = {}
    crippled: list[str] = []
    weight: float = 150.0
    counters: dict[str, Any] = {}
    pronoun: str = DEFAULT_PRONOUN  # "they", "she", "he" or "it" (game.wording.PRONOUNS): the scenario's word

    @property
    def label(self) -> str:
        return self.name or self.id

    @property
    def their(self) -> str:
        """The possessive the player reads after the name ("Ann sets her weapon"); "their" by default."""
        return Pronoun(self.pronoun).their

    @property
    def words(self) -> Pronoun:
        """Every word a sentence needs for this fighter after naming them (they/them/their, and verbs)."""
        return Pronoun(self.pronoun)

    def has(self, condition: str) -> bool:
        return condition in self.conditions

    def free_hands(self) -> list[str]:
        return [h for h, item in self.hands.items() if item is None and h not in self.crippled]
