"""Clocks the app loop can be given: the real one, or a fixed step for tests and benchmarks."""

from __future__ import annotations

from typing import Protocol

import pygame

__all__ = ["Clock", "RealClock", "FixedClock"]


class Clock(Protocol):
    def tick(self, framerate: float = 0) -> int:
        """Wait for the next frame (if framerate) and return the milliseconds since the last tick."""
        ...


class RealClock:
    """``pygame.time.Clock`` behind the :class:`Clock` protocol."""

    def __init__(self) -> None:
        self._clock = pygame.time.Clock()

    def tick(self, framerate: float = 0) -> int:
        return self._clock.tick(framerate)


class FixedClock:
    """Every tick lasts ``step_ms``, instantly: tests step time exactly."""

    def __init__(self, step_ms: int = 16) -> None:
        self.step_ms = step_ms
        self.now_ms = 0
        self.ticks = 0

    def tick(self, framerate: float = 0) -> int:
        self.ticks += 1
        self.now_ms += self.step_ms
        return self.step_ms
