"""Load or replay a saved battle: the saves and autosaves, newest first, or a path typed in.

A bad file is never a traceback: its one sentence is shown here and nothing is loaded.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.ui.menus.base import GuiScene
from game.ui.scene import Transition

__all__ = ["LoadMenu", "save_files"]


def _mtime(path: Path) -> float:
    """When a file was written; 0 for one that vanished meanwhile (an autosave rotated away)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def save_files() -> list[Path]:
    """The saves and autosaves, newest first; a folder that is missing or cannot be read adds none."""
    from game import saves

    found: list[Path] = []
    for folder in (saves.saves_dir(), saves.autosave_dir()):
        try:
            found += [p for p in folder.glob("*.json") if p.is_file()]
        except OSError:
            continue
    return sorted(found, key=_mtime, reverse=True)


class LoadMenu(GuiScene):
    def __init__(self, app: Any, *, replay: bool = False, below: Any = None) -> None:
        super().__init__(app, below)
        self.replay = replay
        self.files = save_files()[:60]
        self.labels: dict[str, Path] = {}
        self.chosen: Path | None = None
        self.list: Any = None
        self.path_entry: Any = None

    def build(self) -> None:
        w, h = self.size
        bw = min(760, w - 40)
        x = (w - bw) // 2
        y = 50
        self.label(pygame.Rect(x, y, bw, 40), "Replay a battle" if self.replay else "Load a battle", "@menu_title")
        y += 46
        self.labels = {}
        items = []
        for p in self.files:
            when = datetime.datetime.fromtimestamp(_mtime(p)).strftime("%Y-%m-%d %H:%M")
            text = f"{when}   {p.parent.name}/{p.name}"
            self.labels[text] = p
            items.append(text)
        lh = max(120, h - y - 200)
        self.list = self.add(pygame_gui.elements.UISelectionList(pygame.Rect(x, y, bw, lh), items or [],
                                                                 self.gui))
        if not items:
            self.label(pygame.Rect(x + 10, y + 10, bw - 20, 30), "No saves yet: Ctrl+S in a battle saves one.")
        y += lh + 10
        self.label(pygame.Rect(x, y, 120, 36), "Or a file:")
        self.path_entry = self.add(pygame_gui.elements.UITextEntryLine(pygame.Rect(x + 120, y, bw - 120, 36),
                                                                       self.gui))
        y += 50
        verb = "Replay" if self.replay else "Load"
        self.button(pygame.Rect(x, y, bw // 2 - 8, 48), f"{verb}  (Enter)", "go", object_id="@primary_button")
        self.button(pygame.Rect(x + bw // 2 + 8, y, bw // 2 - 8, 48), "Back  (Esc)", "back",
                    object_id="@big_button")

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            self.chosen = self.labels.get(event.text)
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.chosen = self.labels.get(event.text)
            return self.go()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.go()
        return None

    def go(self, path: Path | str | None = None) -> Transition | None:
        from game.ui.session import SessionError, load_session

        typed = self.path_entry.get_text().strip() if self.path_entry is not None else ""
        target = Path(path) if path is not None else (Path(typed).expanduser() if typed else self.chosen)
        if target is None:
            self.say("Pick a save from the list or type a file's path.", "failure")
            return None
        if self.replay:
            from game.ui.menus.replay_scene import ReplayScene

            try:
                scene = ReplayScene.from_file(self.app, target)
            except Exception as exc:  # noqa: BLE001 - the file's fault: one sentence
                self.say(str(exc) if str(exc) else f"{target}: cannot be replayed.", "failure")
                return None
            return Transition("reset", scene)
        try:
            session = load_session(target, autosave=self.app.autosave,
                                   **self.app.computer_kw())
        except SessionError as exc:
            self.say(str(exc), "failure")
            return None
        return Transition("reset", self.app.battle_from(session))

    def on_button(self, name: str, widget: Any) -> Transition | None:
        if name == "go":
            return self.go()
        if name == "back":
            return Transition("pop")
        return None

    def on_escape(self) -> Transition | None:
        return Transition("pop")
