"""Learn (issue 18): the guided lessons, one column per ruleset, each lesson ticked once finished.

The lessons are the data files in ``maps/lessons/`` (``game.teaching.lessons``); the
ticks come from the progress file in the settings folder. A lesson file that
cannot be read is listed greyed under the columns with its reason (the file,
the field at fault and what is wrong) and cannot be opened; the rest still
open. (Lessons are read from ``maps/lessons/`` only: the
game reads none from the user's data folder.)
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame

from game.rules.base import find_ruleset
from game.teaching.lessons import LESSONS_DIR, Lesson, load_lessons, load_progress
from game.ui.lesson_panel import progress_path, short_name, start_lesson
from game.ui.menus.base import GuiScene
from game.ui.scene import Transition
from game.ui.session import SessionError
from game.ui.text import fit_text

__all__ = ["LearnMenu", "left_out"]

ROW = 40
COLUMN_GAP = 16
#: a greyed row naming a lesson file that could not be read; the columns make room for this many of them, and
#: at most ``LEFT_OUT_MOST`` are listed (as room allows) before "and N more"
LEFT_OUT_ROW = 30
LEFT_OUT_SHOWN = 3
LEFT_OUT_MOST = 8


def left_out(problems: list[str], folder: Path) -> list[tuple[str, str]]:
    """Each refused lesson file as (its file name, what is wrong with it): the reason is the sentence after the
    file's path (``steps[0].check.posture.is: 'levitating' is not a posture of 3d6-full``)."""
    out = []
    files = sorted(folder.glob("*.toml"))
    for problem in problems:
        path = next((p for p in files if problem.startswith(f"{p}: ")), None)
        out.append((path.name, problem[len(f"{path}: "):]) if path is not None else ("a lesson file", problem))
    return out


class LearnMenu(GuiScene):
    """The lessons by ruleset; a click starts one on the battle screen with its card of prompts."""

    def __init__(self, app: Any, folder: Any = None) -> None:
        super().__init__(app)
        self.folder = Path(folder if folder is not None else LESSONS_DIR)
        self.lessons, problems = load_lessons(self.folder)
        #: the lesson files that could not be read: (file name, reason), listed greyed
        self.refused = left_out(problems, self.folder)
        self.done = load_progress(progress_path())
        if problems:  # each is named with its reason in a greyed row; the foot says why they are there
            n = len(problems)
            self.say(f"{n} lesson file{' was' if n == 1 else 's were'} left out: each is listed greyed with "
                     f"what is wrong in it.", "failure")
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
        longest = max(1, max((len(g) for g in groups.values()), default=1))
        reserve = 26 + LEFT_OUT_ROW * min(len(self.refused), LEFT_OUT_SHOWN) if self.refused else 0
        row = max(30, min(ROW, (h - top - 150 - reserve) // longest))
        for c, (rid, lessons) in enumerate(groups.items()):
            x = x0 + c * (col_w + COLUMN_GAP)
            # a column's head in the menus' heading style, over its buttons' text (QA at 1920x1080: plain
            # 15 px labels that read as one more row, beside the titles and headings of the other menus)
            self.label(pygame.Rect(x, top, col_w, 26), short_name(find_ruleset(rid).name), "@menu_title")
            for i, les in enumerate(lessons):
                done = "  \u00b7 done" if les.id in self.done else ""  # the theme's font has no tick mark
                self.button(pygame.Rect(x, top + 32 + i * row, col_w, row - 6), f"{i + 1}. {les.title}{done}",
                            f"lesson:{les.id}", tooltip=les.teaches or None)
        if self.refused:
            self.build_left_out(top + 32 + longest * row + 8, h - 104)
        self.button(pygame.Rect((w - 240) // 2, h - 96, 240, 44), "Back  (Esc)", "back", object_id="@big_button")

    def build_left_out(self, y: int, bottom: int) -> None:
        """The lesson files that could not be read, greyed under the columns: each file and what is wrong in it
        (the choices a name could have had left out when the row is too short for them), as many as fit above
        ``bottom``, then the names of the rest. ``clinch check-lesson FILE`` says each whole sentence."""
        w = self.size[0]
        bw = min(900, w - 40)
        x = (w - bw) // 2
        self.label(pygame.Rect(x, y, bw, 24), "Left out: these lesson files could not be read")
        y += 26
        fit = max(1, min(LEFT_OUT_MOST, (bottom - y) // LEFT_OUT_ROW))
        shown = self.refused if len(self.refused) <= fit else self.refused[:fit - 1]
        for i, (name, reason) in enumerate(shown):
            self.button(pygame.Rect(x, y + i * LEFT_OUT_ROW, bw, LEFT_OUT_ROW - 4), self.row_text(name, reason, bw),
                        f"left_out:{i}", enabled=False)
        rest = self.refused[len(shown):]
        if rest:
            text = f"and {len(rest)} more left out: {', '.join(name for name, _ in rest)}"
            self.button(pygame.Rect(x, y + len(shown) * LEFT_OUT_ROW, bw, LEFT_OUT_ROW - 4),
                        fit_text(self.app.text, text, 14, bw - 24), "left_out:more", enabled=False)

    def row_text(self, name: str, reason: str, width: int) -> str:
        """A left-out file's row: "file.toml: field: problem", without the list of choices if that is too long."""
        text = f"{name}: {reason}"
        if fit_text(self.app.text, text, 14, width - 24) != text:
            text = re.sub(r" \(one of [^)]*\)$", "", text)
        return fit_text(self.app.text, text, 14, width - 24)

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
        try:
            scene = start_lesson(self.app, lesson, self.lessons)
        except (SessionError, OSError, ValueError) as exc:
            self.say(str(exc), "failure")
            return None
        return Transition("reset", scene)

    def on_escape(self) -> Transition | None:
        return Transition("reset", self.app.screens.main_menu())
