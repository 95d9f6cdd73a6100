"""Save under a name (Ctrl+S, or the pause menu's Save): a name is offered, saving over one asks first.

The name is kept as typed (the save's ``title``); the file is that name made
safe for the file system (:func:`game.files.save_slots.slot_file_name`), so
``../x`` or ``con`` can never write outside the saves folder or trip Windows.
No file-system path is shown to the player: "Saved as “The Sand Pit, round 7”."
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.files.save_slots import MAX_TITLE, default_title, slot_path
from game.files.saves import SaveError, read_header
from game.model import battle_title
from game.ui.menus.base import GuiScene
from game.ui.scene import Transition

__all__ = ["SaveDialog"]


def _title_of(path: Path, typed: str) -> str:
    """The name an existing save was given (as typed then), else the name typed now."""
    try:
        return read_header(path).title or typed
    except (SaveError, OSError):
        return typed


class SaveDialog(GuiScene):
    """A name field (pre-filled), Save and Cancel; a second Save confirms replacing an existing save."""

    def __init__(self, app: Any, battle_scene: Any, *, report: Callable[[str, str], None] | None = None) -> None:
        super().__init__(app, below=battle_scene)
        self.battle_scene = battle_scene
        self.report = report  # where "Saved as ..." is said once this dialog closes (the battle's toast by default)
        b = battle_scene.session.battle
        self.typed = default_title(battle_title(b), b.round)
        self.entry: Any = None
        #: the file a second Save replaces (set when the first Save found it there)
        self.confirm_for: Path | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.size
        bw = min(560, w - 40)
        x = (w - bw) // 2
        y = max(40, h // 2 - 130)
        self.panel = pygame.Rect(x - 20, y - 14, bw + 40, 248)
        self.label(pygame.Rect(x, y, bw, 40), "Save the battle", "@menu_title")
        y += 50
        self.label(pygame.Rect(x, y, bw, 24), "Name (Enter saves, Esc cancels):")
        y += 28
        self.entry = self.add(pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, bw, 40), self.gui))
        self.entry.set_text_length_limit(MAX_TITLE)
        self.entry.set_text(self.typed)
        self.entry.focus()
        self.gui.set_focus_set(self.entry)
        y += 56
        verb = "Replace it  (Enter)" if self.confirm_for is not None else "Save  (Enter)"
        self.button(pygame.Rect(x, y, bw // 2 - 8, 48), verb, "save", object_id="@primary_button")
        self.button(pygame.Rect(x + bw // 2 + 8, y, bw // 2 - 8, 48), "Cancel  (Esc)", "cancel",
                    object_id="@big_button")

    def draw_extra(self, surface: pygame.Surface) -> None:
        """A panel under the widgets, so the dialog reads apart from the dimmed board."""
        pygame.draw.rect(surface, (24, 26, 32), self.panel, border_radius=8)
        pygame.draw.rect(surface, self.pal.panel_edge, self.panel, width=1, border_radius=8)

    def name(self) -> str:
        text = self.entry.get_text() if self.entry is not None else self.typed
        return " ".join(text.split())

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.typed = self.entry.get_text()
            if self.confirm_for is not None:  # another name: the question was about the old one
                self.confirm_for = None
                self.message = None
                self.rebuild()
        elif (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and (self.entry is None or not self.entry.is_focused)):
            return self.save()
        return None

    def save(self) -> Transition | None:
        """Save under the typed name; an existing save of that name is replaced only on the second Save."""
        title = self.name()
        if not title:
            self.say("Type a name for the save.", "failure")
            return None
        path = slot_path(title)
        if path.exists() and self.confirm_for != path:
            self.confirm_for = path
            self.typed = self.entry.get_text()
            self.rebuild()
            self.say(f"A save named \u201c{_title_of(path, title)}\u201d exists: Save again to replace it, or "
                     f"change the name.", "failure")
            return None
        try:
            self.battle_scene.session.save(path, title=title)
        except Exception as exc:  # noqa: BLE001 - the save's own sentence, never a traceback
            self.say(str(exc), "failure")
            return None
        said = f"Saved as \u201c{title}\u201d."
        if self.report is not None:
            self.report(said, "success")
        else:
            self.battle_scene.toast(said, "success")
        return Transition("pop")

    def on_button(self, name: str, widget: Any) -> Transition | None:
        if name == "save":
            return self.save()
        if name == "cancel":
            return Transition("pop")
        return None

    def on_escape(self) -> Transition | None:
        return Transition("pop")
