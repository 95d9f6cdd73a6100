"""What the search's helpers may see of a search, and what they may change: a narrow door into :class:`Search`.

The look-ahead (``game.ai.lookahead``), the replies (``game.ai.replies``), the
later slots (``game.ai.slots``) and the sampling passes (``game.ai.sampling``)
each work for one :class:`~game.ai.search.Search`. They are handed it as a
:class:`SearchView`: the position and the weights to read, the three calls that
play, sample and count a node, and the only two things a helper may change (the
list of errors it met and the replies' caches). ``Search`` is one; nothing else
of it (its choice, its pool, its decision) is theirs to touch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.ai.candidates import Candidate
    from game.ai.evaluate import Evaluator
    from game.ai.replies import Replies
    from game.ai.weights import Level, Weights
    from game.model import Battle
    from game.rules.base import Action, Ruleset

__all__ = ["SearchView"]


class SearchView(Protocol):
    """The members of a search its helpers use (see the module docstring)."""

    # what they read
    level: Level
    ruleset: Ruleset
    fid: str
    side: str
    root: Battle
    weights: Weights
    ev: Evaluator
    base: float
    nodes: int
    node_budget: int | None
    deadline: float | None
    groups: dict[tuple[str, str], list[Candidate]]
    # what they may change: a sentence for each error rules code raised, the replies' caches
    errors: list[str]
    replies: Replies

    def spend(self) -> None:
        """Count a node; raises ``OutOfBudget`` when the budget or the deadline is spent."""

    def play(self, state: Battle, action: Action, sample: int | str | tuple[str, int]) -> tuple[Battle, bool]:
        """``action`` played on a copy of ``state`` with the sample's dice: (the copy, whether it rolled)."""

    def sample(self, c: Candidate, s: int) -> None:
        """Play candidate ``c``'s sample ``s`` and keep its value."""

    def odds_of(self, c: Candidate) -> dict[str, float] | None:
        """The ruleset's exact odds of ``c``'s action, when it gives them."""
