"""The action menu's hover in words (issue 18): what a choice does and costs, its rolls, the whole's chance.

Reads :meth:`game.rules.base.Ruleset.action_words` (the ruleset's own words,
or the generic ones built from its odds) and turns it into the coloured lines
of the menu's info box; :mod:`game.ui.odds_chart` draws its charts. No
ruleset id here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ui.describe import ruleset_of
from game.wording import percent

if TYPE_CHECKING:
    from game.rules.action_words import ActionWords
    from game.ui.palette import Palette

__all__ = ["hover_words", "words_lines", "Line"]

Line = tuple[str, tuple[int, int, int], bool]


def hover_words(battle: Any, action: Any) -> ActionWords | None:
    """The ruleset's words for ``action`` now, or None when it has none (or cannot say: a hover never
    breaks the menu, the percentage and the rule stay)."""
    if battle is None or action is None:
        return None
    try:
        return ruleset_of(battle).action_words(battle, action)
    except Exception:  # noqa: BLE001 - a ruleset's words failing must not take the menu down with it
        return None


def words_lines(words: ActionWords | None, pal: Palette) -> list[Line]:
    """``Does:``, ``Costs:``, the notes, every roll in order with its chance, then the whole's chance
    when it is not simply the one roll's."""
    if words is None:
        return []
    out: list[Line] = []
    if words.does:
        out.append((f"Does: {words.does}", pal.text, False))
    if words.costs:
        out.append((f"Costs: {words.costs}", pal.text, False))
    for note in words.notes:
        out.append((note, pal.dim, False))
    rolls = list(words.rolls)
    if rolls:
        out.append(("Rolls, in order:" if len(rolls) > 1 else "The roll:", pal.dim, True))
        for i, (label, p) in enumerate(rolls, 1):
            out.append((f"{i}. {label}: {percent(p)}", pal.text, False))
    if words.whole is not None and (len(rolls) != 1 or abs(words.whole - rolls[0][1]) > 1e-9):
        tail = " (every roll above going your way)" if len(rolls) > 1 else ""
        out.append((f"The whole: {percent(words.whole)}{tail}", pal.accent, True))
    return out
