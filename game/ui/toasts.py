"""The battle screen's toasts: short messages over the board that speak of one moment of the battle.

A toast is ``(text, ms left, colour)``; at most four stand at once. Each speaks
of the battle as it stood when it was shown (the scene's ``toast_moment``: log
length, whose turn, round): an action, an undo or the next turn ends that moment
and its toasts leave with it (issue 15). Kept here, not in the scene's fields, so
the handover's turn banner (``game.ui.handover``) adds one through :meth:`add`
instead of writing the scene's private moment. Nothing here draws
(``game.ui.battle_draw.draw_toasts`` does).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable

__all__ = ["TOAST_MS", "Toasts"]

Toast = tuple[str, float, tuple[int, int, int]]
#: how long a toast stands (ms); the lab's note at its foot stands as long
TOAST_MS = 3800


class Toasts(deque[Toast]):
    """The toasts standing now, oldest first (a deque of at most four, read as one by the drawing and tests)."""

    def __init__(self, moment: Callable[[], Hashable]) -> None:
        super().__init__(maxlen=4)
        self._moment = moment
        self._shown_at: Hashable = ()  # the moment the toasts standing speak of

    def add(self, text: str, ms: float, colour: tuple[int, int, int], *, first: bool = False) -> None:
        """Show ``text`` for ``ms``; toasts of an earlier moment go. ``first``: drawn first (the turn banner)."""
        if self._moment() != self._shown_at:
            self.clear()
        self._shown_at = self._moment()
        (self.appendleft if first else self.append)((text, ms, colour))

    def tick(self, dt_ms: float) -> None:
        """``dt_ms`` passed: a toast whose time is up goes, and all go once their moment is past."""
        if not self:
            return
        if self._moment() != self._shown_at:
            self.clear()
            return
        kept = [(t, left - dt_ms, c) for t, left, c in self if left - dt_ms > 0]
        self.clear()
        self.extend(kept)
