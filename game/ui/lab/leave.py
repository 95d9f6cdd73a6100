"""Leaving the lab with a set-up not saved asks first: "Leave the lab? The set-up is not saved." Save / Leave /
Stay. Esc in the lab closes the innermost thing (an open drop-down, the split view, then this question); a set-up
a player built is never lost to one key press.

"Not saved" is the set-up's file text (:meth:`game.teaching.lab.LabSituation.text`) against the text it had when the lab
opened it, loaded it, started it anew or last saved it (``LabScene.saved_text``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui.lab.below import LabBelow
from game.ui.menus.base import GuiScene
from game.ui.scene import Transition

__all__ = ["LeaveLab", "unsaved", "mark_saved"]

QUESTION = "Leave the lab?"
WHY = "The set-up is not saved."


def unsaved(scene: Any) -> bool:
    """Whether the lab's set-up differs from the one last opened, started or saved."""
    return scene.lab.text() != getattr(scene, "saved_text", None)


def mark_saved(scene: Any) -> None:
    """The set-up as it stands is safe (just opened, started anew, loaded or saved)."""
    scene.saved_text = scene.lab.text()


class LeaveLab(GuiScene):
    """The question over the lab. Save writes the file and leaves (or stays, saying why it could not be written);
    Leave leaves; Stay (or Esc) goes back to the set-up."""

    def __init__(self, app: Any, lab_scene: Any, save: Callable[[], Any]) -> None:
        """``save``: the lab's own Save (the file its field names, what the lab shows), handed in by the lab."""
        super().__init__(app, below=LabBelow(lab_scene))  # the lab as a picture under us (its widgets stay down)
        self.lab_scene = lab_scene
        self.save = save

    def build(self) -> None:
        w, h = self.size
        bw = min(480, w - 40)
        x, y = (w - bw) // 2, max(20, h // 2 - 100)
        #: the plate under the question, its words and its buttons, as the save dialog has one (the words
        #: read straight over the dimmed lab without it)
        self.panel = pygame.Rect(x - 16, y - 10, bw + 32, 86 + 46 + 26)
        self.label(pygame.Rect(x, y, bw, 40), QUESTION, "@menu_title")
        self.label(pygame.Rect(x, y + 44, bw, 28), WHY)
        third = (bw - 16) // 3
        for i, (text, name) in enumerate((("Save  (S)", "save"), ("Leave  (L)", "leave"), ("Stay  (Esc)", "stay"))):
            self.button(pygame.Rect(x + i * (third + 8), y + 86, third, 46), text, name,
                        object_id="@primary_button" if name == "save" else "@big_button")

    def draw_extra(self, surface: pygame.Surface) -> None:
        panel = getattr(self, "panel", None)
        if panel is not None:
            pygame.draw.rect(surface, (24, 26, 32), panel, border_radius=8)
            pygame.draw.rect(surface, self.pal.panel_edge, panel, width=1, border_radius=8)

    def wants_frames(self) -> bool:
        return False  # a question over a still picture: the window sleeps until the answer

    def on_button(self, name: str, widget: Any) -> Transition | None:
        lab = self.lab_scene
        if name == "save":
            self.save()
            if unsaved(lab):
                return Transition("pop")  # not written: back to the lab, which says why in its message line
            lab.request(Transition("pop"))
            return Transition("pop")
        if name == "leave":
            lab.request(Transition("pop"))  # the lab leaves once it is on top again
            return Transition("pop")
        if name == "stay":
            return Transition("pop")
        return None

    def on_escape(self) -> Transition | None:
        return Transition("pop")  # Esc closes the innermost thing: this question, and the lab stays

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN:
            name = {pygame.K_s: "save", pygame.K_l: "leave"}.get(event.key)
            if name is not None and not event.mod & pygame.KMOD_CTRL:
                return self.on_button(name, None)
        return None
