"""Learn (issue 18): the guided lessons, one column per ruleset, each lesson ticked once finished.

The lessons are the data files in ``maps/lessons/`` (``game.lessons``); the
ticks come from the progress file in the settings folder. A lesson file that
cannot be read is left out and named in one sentence at the foot; the rest
still open.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.lessons import LESSONS_DIR, Lesson, load_lessons, load_progress
from game.ui.menus.base import GuiScene
from game.ui.scene import Transition

__all__ = ["LearnMenu"]

ROW = 40
COLUMN_GAP = 16


def short_name(name: str) -> str:
    """A ruleset's name as a column head: the part before its colon ("Edge (The Shard)")."""
    return name.split(":", 1)[0].strip() or name


class LearnMenu(GuiScene):
    """The lessons by ruleset; a click starts one on the battle screen with its card of prompts."""

    def __init__(self, app: Any, folder: Any = LESSONS_DIR) -> None:
        super().__init__(app)
        self.lessons, problems = load_lessons(folder)
        from game.ui.lesson_panel import progress_path

        self.done = load_progress(progress_path())
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            self.say(f"A lesson was left out: {problems[0]}{more}", "failure")
        elif not self.lessons:
            self.say("No lessons were found in the lessons folder.", "failure")

    def wants_frames(self) -> bool:
        return False

    def series(self) -> dict[str, list[Lesson]]:
        """The lessons grouped by ruleset, each group in its order."""
        out: dict[str, list[Lesson]] = {}
        for les in self.lessons:
            out.setdefault(les.ruleset, []).append(les)
        return out

    def build(self) -> None:
        from game.rules.base import find_ruleset

        w, h = self.size
        groups = self.series()
        self.label(pygame.Rect(0, 14, w, 70), "Learn the rules", "@big_title")
        done = sum(1 for les in self.lessons if les.id in self.done)
        self.label(pygame.Rect(0, 82, w, 24), f"Guided lessons: each teaches one rule, one step at a time. "
                   f"{done} of {len(self.lessons)} done." + (" New here? Start with the first one." if not done else ""),
                   "@subtitle")
        n = max(1, len(groups))
        col_w = max(150, min(300, (w - 40 - COLUMN_GAP * (n - 1)) // n))
        x0 = (w - (col_w * n + COLUMN_GAP * (n - 1))) // 2
        top = 124
        row = max(30, min(ROW, (h - top - 150) // max(1, max((len(g) for g in groups.values()), default=1))))
        for c, (rid, lessons) in enumerate(groups.items()):
            x = x0 + c * (col_w + COLUMN_GAP)
            self.label(pygame.Rect(x, top, col_w, 26), short_name(find_ruleset(rid).name))
            for i, les in enumerate(lessons):
                done = "  \u00b7 done" if les.id in self.done else ""  # the theme's font has no tick mark
                self.button(pygame.Rect(x, top + 32 + i * row, col_w, row - 6), f"{i + 1}. {les.title}{done}",
                            f"lesson:{les.id}", tooltip=les.teaches or None)
        self.button(pygame.Rect((w - 240) // 2, h - 96, 240, 44), "Back  (Esc)", "back", object_id="@big_button")

    def lesson(self, lesson_id: str) -> Lesson | None:
        return next((les for les in self.lessons if les.id == lesson_id), None)

    def on_button(self, name: str, widget: Any) -> Transition | None:
        if name == "back":
            return self.on_escape()
        if name.startswith("lesson:"):
            les = self.lesson(name.split(":", 1)[1])
            if les is None:
                return None
            return self.open(les)
        return None

    def open(self, lesson: Lesson) -> Transition | None:
        """Start ``lesson`` on the battle screen; a lesson that cannot start is said here in one sentence."""
        from game.ui.lesson_panel import start_lesson
        from game.ui.session import SessionError

        try:
            scene = start_lesson(self.app, lesson, self.lessons)
        except (SessionError, OSError, ValueError) as exc:
            self.say(str(exc), "failure")
            return None
        return Transition("reset", scene)

    def on_escape(self) -> Transition | None:
        from game.ui.menus.main_menu import MainMenu

        return Transition("reset", MainMenu(self.app))
