"""A screen made of pygame-gui widgets: built on entry, killed on exit, rebuilt on resize."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.files.maps import load_scenario
from game.files.userfiles import one_line
from game.ui.palette import palette
from game.ui.scene import Scene, Transition
from game.ui.text import wrap

__all__ = ["GuiScene"]


class GuiScene(Scene):
    """Subclasses fill :meth:`build` and answer button presses in :meth:`on_button` (returning a Transition)."""

    opaque = True
    title = ""

    def __init__(self, app: Any, below: Scene | None = None) -> None:
        self.app = app
        self.below = below  # drawn dimmed behind a non-opaque menu
        self.opaque = below is None
        self.widgets: list[Any] = []
        #: the menu's titles: over a dimmed battle each gets a plate, so the battle's top bar (under a title at
        #: 1024x640) does not read through it
        self.title_widgets: list[Any] = []
        self.buttons: dict[Any, str] = {}
        self.size = app.size
        self.message: tuple[str, tuple[int, int, int]] | None = None
        self._built_for: tuple[int, int] | None = None

    @property
    def gui(self) -> pygame_gui.UIManager:
        return self.app.gui

    @property
    def pal(self) -> Any:
        return palette(self.app.settings.palette)

    # -- widgets ----------------------------------------------------------------------------
    def add(self, widget: Any, name: str | None = None) -> Any:
        self.widgets.append(widget)
        if name is not None:
            self.buttons[widget] = name
        return widget

    def button(self, rect: pygame.Rect, text: str, name: str, *, object_id: str | None = None,
               tooltip: str | None = None, enabled: bool = True) -> Any:
        b = pygame_gui.elements.UIButton(rect, text, self.gui, object_id=object_id, tool_tip_text=tooltip)
        if not enabled:
            b.disable()
        return self.add(b, name)

    def label(self, rect: pygame.Rect, text: str, object_id: str | None = None) -> Any:
        widget = self.add(pygame_gui.elements.UILabel(rect, text, self.gui, object_id=object_id))
        if object_id == "@menu_title":
            self.title_widgets.append(widget)
        return widget

    def build(self) -> None:
        """Create the widgets for ``self.size``."""

    def wants_frames(self) -> bool:
        """Buttons, lists and fields over a still picture: hovering, clicking and typing are events, which wake
        the window at once; a calm menu sleeps between them as the battle screen does (the pause menu, the load
        screen, the settings drew 60 frames a second). A menu with something moving by itself says True."""
        return False

    def kill(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets = []
        self.title_widgets = []
        self.buttons = {}
        self._built_for = None

    def rebuild(self) -> None:
        self.kill()
        self.build()
        self._built_for = self.size

    def enter(self, size: tuple[int, int]) -> None:
        self.size = size
        if self._built_for != size:
            self.rebuild()
        if self.below is not None:
            self.below.enter(size)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        if self.below is not None:
            self.below.resize(size)
        self.rebuild()

    def leave(self) -> None:
        self.kill()

    def suspend(self) -> None:
        self.kill()

    def button_named(self, name: str) -> Any:
        for w, n in self.buttons.items():
            if n == name:
                return w
        return None

    # -- events -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            return self.on_button(self.buttons[event.ui_element], event.ui_element)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.close_drop_down():
                return None
            return self.on_escape()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            return Transition("quit")  # Ctrl+Q quits from every screen (seen under Xvfb: not from the end screen)
        return self.on_event(event)

    def close_drop_down(self) -> bool:
        """Esc closes the innermost thing first: an open drop-down list of this screen (True when there was one).

        Only then does it close a dialog or leave the screen (``on_escape``): Esc in the lab's open drop-down
        left the lab and lost its set-up.
        """
        for w in self.widgets:
            states = getattr(w, "menu_states", None)
            if isinstance(states, dict) and states.get("expanded") is not None \
                    and w.current_state is states["expanded"]:
                w.current_state.should_transition = True  # pygame-gui folds it on its next update
                return True
        return False

    def on_button(self, name: str, widget: Any) -> Transition | None:
        return None

    def on_escape(self) -> Transition | None:
        return None

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        return None

    def say(self, text: str, tone: str = "neutral") -> None:
        """Show one sentence at the foot of the screen, on one line (a file name's newline escaped)."""
        pal = self.pal
        self.message = (one_line(text), {"failure": pal.failure, "success": pal.success}.get(tone, pal.neutral))

    def load_chosen(self, scenario: Any) -> Any:
        """Load the scenario a menu has chosen, or say in one sentence why it cannot be (None).

        Both battle menus (new battle, network) fill their side lists from the chosen file; a broken
        file must leave a message on screen, never a traceback."""
        if scenario is None:
            return None
        try:
            return load_scenario(scenario)
        except (ValueError, OSError, KeyError, TypeError) as exc:
            self.say(f"{scenario.name}: {exc}", "failure")
            return None

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.below is not None:
            self.below.draw(surface)
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 170))
            surface.blit(shade, (0, 0))
            for title in self.title_widgets:  # a plate the title's width: the battle never reads through it
                pygame.draw.rect(surface, (14, 15, 20), title.get_abs_rect().inflate(12, -2), border_radius=8)
        else:
            self.background(surface)
        self.draw_extra(surface)
        if self.message:
            self.draw_message(surface)

    def draw_message(self, surface: pygame.Surface) -> None:
        """The message line at the foot; a sentence wider than the window goes on two lines (at 1024x640 the
        builder's refusal of a damaged draft, file, field and reason, ran off both edges)."""
        if self.message is None:
            return
        text, col = self.message
        text = text if len(text) < 240 else text[:239] + "\u2026"  # two lines' worth at 1024x640
        lines = wrap(self.app.text, text, 15, surface.get_width() - 64, bold=True)[:2]
        imgs = [self.app.text.render(line, 15, col, bold=True) for line in lines]
        box = pygame.Rect(0, 0, max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs))
        box.midbottom = (surface.get_width() // 2, surface.get_height() - 24)
        box = box.inflate(24, 12)
        pygame.draw.rect(surface, (14, 15, 20), box, border_radius=8)
        pygame.draw.rect(surface, col, box, width=1, border_radius=8)
        y = box.y + 6
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

    def background(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill((18, 20, 26))
        for i in range(0, h, 4):
            c = 18 + int(10 * i / max(1, h))
            pygame.draw.line(surface, (c, c + 2, c + 8), (0, i), (w, i), 4)

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Custom drawing under the widgets."""
