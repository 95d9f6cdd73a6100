"""The outcomes an action is taken for (hit, win, success...): the default of ``Ruleset.headline``.

Its own small module, below both ``base`` (whose ``Ruleset.hoped`` defaults to it) and ``action_words`` (which
names a headline chance when it holds no ruleset), so that neither imports the other inside a function.
"""

from __future__ import annotations

__all__ = ["HOPED", "first_hoped"]

#: outcome names of ``odds`` an action is taken for, best first: the default of :meth:`Ruleset.headline`
HOPED: tuple[str, ...] = ("win", "hit", "success", "escape", "takes_hold")


def first_hoped(odds: dict[str, float] | None, hoped: tuple[str, ...] = HOPED) -> str | None:
    """The first of ``hoped`` that ``odds`` has (``None``: none of them, e.g. a sure ``done``, or no odds)."""
    if not odds:
        return None
    return next((k for k in hoped if k in odds), None)
