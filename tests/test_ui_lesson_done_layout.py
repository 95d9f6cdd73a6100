"""The "Lesson complete" box keeps its buttons just under it at every window size.

A new player at 1920x1080 found the three buttons about 300 px below the box, on top of the last result's card
(they sat at the window's foot whatever the box's height). Played by posted events: the d20 lesson "Set against
a charge" (S4-SET-1) followed as its card says until the overlay opens, then the rectangles are measured.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from tests.test_ui_lessons import LESSONS, finish  # noqa: E402
from tests.ui_fixtures import fresh_ui_dirs  # noqa: E402, F401


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_lesson_complete_buttons_sit_just_under_the_box(size):
    """S4-SET-1 lesson at each size: the buttons are inside the window, below the box and at most 40 px under
    it, side by side within its width."""
    from game.ui.app import App
    from game.ui.lesson_panel import LessonDone, start_lesson
    from game.ui.scene import Transition

    lesson = next(les for les in LESSONS if les.id == "d20-set")
    app = App(None, size, clock=FixedClock(16), settings=Settings(animation_speed="instant"),
              session_kw={"sync_ai": True})
    try:
        app.apply(Transition("reset", start_lesson(app, lesson, LESSONS)))
        app.step()
        finish(app, lesson)
        done = app.scene
        assert isinstance(done, LessonDone)
        app.draw()
        box, _ = done.layout(*size)
        rects = [w.rect for w in done.buttons]  # Stay on the board, All lessons, Next (or Main menu)
        assert len(rects) == 3, done.buttons
        for r in rects:
            assert pygame.Rect(0, 0, *size).contains(r), (size, r)
            assert box.bottom <= r.top <= box.bottom + 40, (size, box, r)
            assert box.left <= r.left and r.right <= box.right, (size, box, r)
    finally:
        app.close()
