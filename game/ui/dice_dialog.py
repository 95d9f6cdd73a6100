"""The manual dice dialog: the controller asked for physical dice; the player enters the faces.

Driven by the controller's :class:`~game.dice.DiceRequest` (``count`` dice of
``sides`` for ``purpose``, with its rule). Six-sided dice are entered by
clicking a face per die (or typing the digits); bigger dice by typing the
number. "Use these dice" gives the faces; "Computer rolls" switches the dice
source back to the computer; "Cancel" drops the action (only an action can
be cancelled, not a hook the rules run by themselves).

``handle(event)`` returns ``("faces", [..])``, ``("computer", None)``,
``("cancel", None)`` or ``None``.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

__all__ = ["DiceDialog"]


class DiceDialog:
    def __init__(self, manager: pygame_gui.UIManager, request: Any, screen_size: tuple[int, int], *,
                 can_cancel: bool = True, problem: str | None = None) -> None:
        self.manager = manager
        self.request = request
        self.count = int(request.count)
        self.sides = int(request.sides)
        self.faces: list[int | None] = [None] * self.count
        self.face_buttons: list[list[Any]] = []
        self.entries: list[Any] = []
        w = 560 if self.sides <= 6 else 420
        h = 150 + self.count * 48 + (24 if problem else 0)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (screen_size[0] // 2, screen_size[1] // 2)
        self.panel = pygame_gui.elements.UIPanel(rect, starting_height=8, manager=manager)
        title = request.describe() if hasattr(request, "describe") else f"Roll {self.count}d{self.sides}"
        pygame_gui.elements.UILabel(pygame.Rect(12, 8, w - 24, 28), "Your dice", manager, container=self.panel,
                                    object_id="@menu_title")
        pygame_gui.elements.UILabel(pygame.Rect(12, 36, w - 24, 24), title, manager, container=self.panel)
        y = 70
        if problem:
            pygame_gui.elements.UILabel(pygame.Rect(12, y - 6, w - 24, 22), problem, manager, container=self.panel)
            y += 24
        for i in range(self.count):
            pygame_gui.elements.UILabel(pygame.Rect(12, y + 6, 70, 28), f"Die {i + 1}", manager,
                                        container=self.panel)
            if self.sides <= 6:
                row = []
                for f in range(1, self.sides + 1):
                    b = pygame_gui.elements.UIButton(pygame.Rect(90 + (f - 1) * 62, y, 56, 40), str(f), manager,
                                                     container=self.panel, object_id="@center_button")
                    row.append(b)
                self.face_buttons.append(row)
            else:
                e = pygame_gui.elements.UITextEntryLine(pygame.Rect(90, y + 2, 120, 36), manager,
                                                        container=self.panel)
                e.set_allowed_characters("numbers")
                self.entries.append(e)
            y += 48
        bw = (w - 48) // 3
        self.ok = pygame_gui.elements.UIButton(pygame.Rect(12, h - 58, bw, 42), "Use these dice", manager,
                                               container=self.panel, object_id="@primary_button")
        self.ok.disable()
        self.computer = pygame_gui.elements.UIButton(pygame.Rect(24 + bw, h - 58, bw, 42), "Computer rolls",
                                                     manager, container=self.panel, object_id="@center_button")
        self.cancel = pygame_gui.elements.UIButton(pygame.Rect(36 + 2 * bw, h - 58, bw, 42), "Cancel action",
                                                   manager, container=self.panel, object_id="@center_button")
        if not can_cancel:
            self.cancel.disable()

    def _set(self, i: int, face: int) -> None:
        self.faces[i] = face
        if self.face_buttons:
            for f, b in enumerate(self.face_buttons[i], start=1):
                if f == face:
                    b.select()
                else:
                    b.unselect()
        self._refresh()

    def _refresh(self) -> None:
        if all(f is not None for f in self.faces):
            self.ok.enable()
        else:
            self.ok.disable()

    def ready(self) -> list[int] | None:
        return [int(f) for f in self.faces] if all(f is not None for f in self.faces) else None

    def handle(self, event: pygame.event.Event) -> tuple[str, Any] | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            for i, row in enumerate(self.face_buttons):
                for f, b in enumerate(row, start=1):
                    if b is el:
                        self._set(i, f)
                        return None
            if el is self.ok and self.ready():
                return self.close(("faces", self.ready()))
            if el is self.computer:
                return self.close(("computer", None))
            if el is self.cancel:
                return self.close(("cancel", None))
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and self.entries:
            for i, e in enumerate(self.entries):
                if e is event.ui_element:
                    try:
                        v = int(e.get_text())
                    except ValueError:
                        v = None
                    self.faces[i] = v if v is not None and 1 <= v <= self.sides else None
                    self._refresh()
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.ready():
                return self.close(("faces", self.ready()))
            if self.face_buttons:
                ch = getattr(event, "unicode", "")
                if ch.isdigit() and 1 <= int(ch) <= self.sides:
                    i = next((k for k, f in enumerate(self.faces) if f is None), None)
                    if i is not None:
                        self._set(i, int(ch))
                elif event.key == pygame.K_BACKSPACE:
                    i = max((k for k, f in enumerate(self.faces) if f is not None), default=None)
                    if i is not None:
                        self.faces[i] = None
                        for b in self.face_buttons[i]:
                            b.unselect()
                        self._refresh()
        return None

    def close(self, out: tuple[str, Any]) -> tuple[str, Any]:
        self.kill()
        return out

    def kill(self) -> None:
        if self.panel is not None:
            self.panel.kill()
            self.panel = None
