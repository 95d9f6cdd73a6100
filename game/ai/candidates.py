"""The actions a search weighs (:class:`Candidate`) and the small facts every stage reads about them.

A decision makes dozens of candidates (every destination hex is one) and
resolves a dozen; the stages of the search (first look, sampling, long shots,
look-ahead, refinement) each add to the same candidate, so its fields say
which stage filled them.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.hexgrid import Hex

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Action, Ruleset

__all__ = ["Candidate", "OutOfBudget", "hex_field", "shifted", "compared", "best_chance", "strata", "weighed"]


class OutOfBudget(Exception):
    """The search's node or time budget is spent, or it was cancelled: every stage stops where it is and the
    decision is made from what has been seen."""


@dataclass(slots=True)
class Candidate:
    """One legal action under consideration. A decision makes dozens (every destination hex is one) and
    resolves a dozen, so what only a resolved candidate needs (``parts``) is made on its first sample."""

    action: Action
    order: int
    #: the action's destination hex, if it has one (worked out once: every stage sorts moves apart)
    to: Hex | None = None
    odds: dict[str, float] | None = None
    odds_known: bool = False
    exact: bool = False
    values: list[float] = field(default_factory=list)
    parts: dict[str, float] | None = None  # summed gain per evaluation part over the samples
    states: list[Battle] = field(default_factory=list)
    #: what the foe's likely reply changes in this action's value (None: not looked ahead)
    reply: float | None = None
    reply_note: str = ""
    #: the foe's answer the look-ahead expects after this action (None: no look-ahead, or no answer)
    reply_action: Action | None = None
    #: the turn order lets the mover strike again before that answer (a phased round)
    again: bool = False
    #: per outcome searched for a reply: (the outcome, the foe's reply and its dice key, or None where it
    #: strikes again first or nobody answers, and the change the reply made)
    replies: list[tuple[Battle, Action | None, str, float]] = field(default_factory=list)
    #: its reply was rolled ``Level.reply_refine`` times (once any is, only those are compared)
    refined: bool = False
    failed: str = ""

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else -math.inf

    @property
    def score(self) -> float:
        return self.mean + self.reply if self.reply is not None else self.mean


def strata(c: Candidate, n: int) -> list[float]:
    """The weight of each of ``c``'s first ``n`` sampled outcomes (those searched for a reply) in its reply's
    change: the share of all its samples whose value lies nearest that outcome's (ties shared). Two outcomes
    searched stand for the rest: a brawl that begins on four faces of the die in six and is fended off on two
    must not count the two alike because its antithetic pair drew one of each."""
    n = min(n, len(c.values))
    if n <= 1:
        return [1.0] * max(n, 1)
    heads = c.values[:n]
    weights = [0.0] * n
    for v in c.values:
        gaps = [abs(v - h) for h in heads]
        low = min(gaps)
        near = [i for i, g in enumerate(gaps) if g <= low + 1e-9]
        for i in near:
            weights[i] += 1.0 / len(near)
    total = sum(weights)
    return [w / total for w in weights]


def weighed(c: Candidate, deltas: list[float]) -> float:
    """The reply's change over the outcomes searched, each standing for the samples nearest it (:func:`strata`)."""
    return sum(w * d for w, d in zip(strata(c, len(deltas)), deltas))


#: action class -> whether it has a ``to`` field at all (most do not: a menu's hundred options are asked)
_HAS_TO: dict[type, bool] = {}


def best_chance(ruleset: Ruleset, odds: dict[str, float] | None) -> float | None:
    """The chance of the outcome an action is taken for (what a long shot is a shot at): the ruleset's
    ``headline`` of the engine's odds (None: they name none)."""
    key = ruleset.headline(odds)
    return float(odds[key]) if key is not None and odds else None


def hex_field(action: Action, name: str = "to") -> Hex | None:
    """The hex in ``action``'s field ``name`` (a ``Hex``, or a pair of ints as an intent holds it), or None.
    Actions are any ruleset's intents: this reads their fields without knowing their classes."""
    if name == "to":
        cls = action.__class__
        has = _HAS_TO.get(cls)
        if has is None:
            has = _HAS_TO[cls] = hasattr(cls, "to") or "to" in getattr(cls, "__dataclass_fields__", {}) \
                or not hasattr(cls, "__dataclass_fields__")
        if not has:
            return None
    value = getattr(action, name, None)
    if value.__class__ in _PAIR and len(value) == 2:
        q, r = value
        if isinstance(q, int) and isinstance(r, int):
            return Hex(q, r)
    elif isinstance(value, tuple | list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return Hex(value[0], value[1])
    return None


_PAIR = (tuple, list)


def compared(scored: list[Candidate]) -> list[Candidate]:
    """The candidates whose scores compare fairly: those whose reply was refined, else those looked ahead,
    else all (each stage replaces the one before it only for the actions it finished)."""
    refined = [c for c in scored if c.refined]
    if refined:
        return refined
    looked = [c for c in scored if c.reply is not None]
    return looked or scored


def shifted(action: Action, by: tuple[int, int]) -> Action:
    """``action`` with its ``to`` hex moved by ``by`` (the same action if it has none or cannot be copied)."""
    to = getattr(action, "to", None)
    h = hex_field(action)
    if h is None:
        return action
    moved = (h.q + by[0], h.r + by[1])
    try:
        return dataclasses.replace(action, to=list(moved) if isinstance(to, list) else moved)  # type: ignore[type-var]
    except (TypeError, ValueError):
        return action
