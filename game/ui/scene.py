"""Scenes: one screen of the game at a time (the board now; menus, HUD screens later).

A scene gets every event, an ``update(dt_ms)`` per frame and draws itself.
``handle`` returns ``None`` to stay, or a :class:`Transition` to push, replace
or pop scenes, so input modes can hand over to one another without reaching
into the app.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pygame

__all__ = ["Scene", "Transition", "SceneStack"]


class Scene:
    """Base scene: override what you need.

    A scene that wants to change scenes outside ``handle`` (when an animation
    ends, say) calls :meth:`request`; the app takes it after ``update``.
    ``opaque = False`` scenes (menus over the battle) draw the scene below first.
    """

    _next: Transition | None = None
    opaque = True

    def request(self, t: Transition) -> None:
        self._next = t

    def take_transition(self) -> Transition | None:
        t, self._next = self._next, None
        return t

    def leave(self) -> None:  # noqa: B027 - optional hook
        """Called when the scene is removed from the stack (kill its widgets)."""

    def suspend(self) -> None:  # noqa: B027 - optional hook
        """Another scene was pushed over this one (hide its widgets; ``enter`` comes when it is back on top)."""

    def draw_over_gui(self, surface: pygame.Surface) -> None:  # noqa: B027 - optional hook
        """Drawn after the pygame-gui widgets (tooltips, pop-overs)."""

    def enter(self, size: tuple[int, int]) -> None:  # noqa: B027 - optional hook
        """Called when the scene becomes the top one."""

    def resize(self, size: tuple[int, int]) -> None:  # noqa: B027 - optional hook
        """The window changed size."""

    def draw_over(self, scene: Scene) -> None:
        """Draw (dimmed) over ``scene`` rather than the one this screen was opened over: a menu opened from the
        hand-over screen must not show the board that screen hides."""
        self.below = scene

    def handle(self, event: pygame.event.Event) -> Transition | None:
        return None

    def update(self, dt_ms: int) -> None:  # noqa: B027 - optional hook
        """Advance animations and held keys by ``dt_ms``."""

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def wants_frames(self) -> bool:
        """Whether something on this screen moves by itself now (an animation, a timer, a result the screen
        polls for). While it does, the app draws at full rate; otherwise, a moment after the last input, it
        sleeps until the next event (drawing a few times a second). A scene that cannot tell says True."""
        return True


@dataclass(frozen=True)
class Transition:
    kind: Literal["push", "replace", "pop", "quit", "reset"]
    scene: Scene | None = None


class SceneStack:
    """The scenes in play; the top one gets input and draws (over nothing, so it draws fully)."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def apply(self, t: Transition, size: tuple[int, int]) -> bool:
        """Apply a transition; False when the game should end."""
        if t.kind == "quit":
            return False
        if t.kind == "pop":
            if self.scenes:
                self.scenes.pop().leave()
        elif t.kind == "replace" and self.scenes:
            self.scenes[-1].leave()
            self.scenes[-1] = t.scene  # type: ignore[assignment]
        elif t.kind == "reset":
            while self.scenes:
                self.scenes.pop().leave()
            if t.scene is not None:
                self.scenes.append(t.scene)
        elif t.scene is not None:
            if self.scenes:
                self.scenes[-1].suspend()
            self.scenes.append(t.scene)
        if self.top is not None:
            self.top.enter(size)
        return bool(self.scenes)
