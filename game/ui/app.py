"""The application: a window, a clock, a stack of scenes, the loop.

``App(scenario, size, clock=...)`` loads a scenario (a path to a ``.toml``, or
a ready :class:`game.model.Battle`) and shows it in a :class:`BoardScene`.
Everything a test needs is public: ``handle(event)``, ``update(dt)``,
``draw(surface)``, ``step()`` (one frame of the loop: queued events, update,
draw, flip) and ``run(max_frames)``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.ui.board_scene import BoardScene
from game.ui.clock import Clock, RealClock
from game.ui.scene import Scene, SceneStack, Transition
from game.ui.text import TextCache

__all__ = ["App", "DEFAULT_SIZE", "DEFAULT_SCENARIO", "load_battle"]

DEFAULT_SIZE = (1280, 800)
DEFAULT_SCENARIO = Path(__file__).resolve().parents[2] / "maps" / "arena.toml"
FPS = 60


def load_battle(scenario: str | Path | Any) -> Any:
    """A Battle from a scenario path (through ``game.maps.load_scenario``) or as given."""
    if isinstance(scenario, str | Path):
        from game.maps import load_scenario  # headless loader; imported late so tests can run without maps

        return load_scenario(scenario)
    return scenario


class App:
    """The game window. Drive it with real events (``run``) or by hand (``handle`` / ``step``)."""

    def __init__(self, scenario: str | Path | Any | None = None, size: tuple[int, int] = DEFAULT_SIZE,
                 clock: Clock | None = None, *, resizable: bool = True, title: str = "Clinch") -> None:
        if not pygame.display.get_init():
            pygame.display.init()
        if not pygame.font.get_init():
            pygame.font.init()
        self.size = (int(size[0]), int(size[1]))
        flags = pygame.RESIZABLE if resizable else 0
        self.screen = pygame.display.set_mode(self.size, flags)
        self.battle = load_battle(DEFAULT_SCENARIO if scenario is None else scenario)
        pygame.display.set_caption(f"{title} - {self.battle.board.name}")
        self.clock: Clock = clock or RealClock()
        self.text = TextCache()
        self.scenes = SceneStack()
        self.board = BoardScene(self.battle, self.size, self.text)
        self.scenes.apply(Transition("push", self.board), self.size)
        self.running = True
        self.frames = 0

    @property
    def scene(self) -> Scene | None:
        return self.scenes.top

    # --- the loop's parts ----------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (getattr(event, "w", None) or self.screen.get_width(),
                    getattr(event, "h", None) or self.screen.get_height())
            self.resize(size)
            return
        top = self.scenes.top
        if top is None:
            return
        t = top.handle(event)
        if t is not None and not self.scenes.apply(t, self.size):
            self.running = False

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(200, int(size[0])), max(150, int(size[1])))
        if size == self.size:
            return
        self.size = size
        surf = pygame.display.get_surface()
        if surf is None or surf.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        else:
            self.screen = surf
        for s in self.scenes.scenes:
            s.resize(size)

    def update(self, dt_ms: int) -> None:
        top = self.scenes.top
        if top is not None:
            top.update(dt_ms)

    def draw(self, surface: pygame.Surface | None = None) -> pygame.Surface:
        surface = self.screen if surface is None else surface
        top = self.scenes.top
        if top is not None:
            top.draw(surface)
        return surface

    def pump(self) -> None:
        """Handle every queued event."""
        for event in pygame.event.get():
            self.handle(event)

    def step(self, framerate: float = FPS) -> None:
        """One frame: events, update by the clock's step, draw, flip."""
        self.pump()
        if not self.running:
            return
        dt = self.clock.tick(framerate)
        self.update(dt)
        self.draw()
        pygame.display.flip()
        self.frames += 1

    def run(self, max_frames: int | None = None) -> int:
        while self.running and (max_frames is None or self.frames < max_frames):
            self.step()
        return 0

    def save_screenshot(self, path: str | Path) -> None:
        pygame.image.save(self.draw(), str(path))
