"""Bad lesson files in the Learn menu, as a player meets them: listed greyed with their reason, never a crash.

The lessons folder is swapped for one holding two good lessons and bad ones (a check of the wrong type, a
posture and an action the ruleset lacks, a file that is not TOML); the player opens Learn from the main menu
with posted events, sees each bad file greyed with the file and the field at fault, clicks one (nothing
happens), and still opens a good lesson. Headless (SDL dummy driver).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from tests.test_lessons_hostile import edited, shipped, write  # noqa: E402
from tests.test_ui_lessons import click, make_app  # noqa: E402
from tests.ui_fixtures import fresh_ui_dirs  # noqa: E402, F401

#: (file, what is in it, what its greyed row must say)
BAD = [
    ("a_tried.toml", edited("3d6_1_grab", "steps.0.check", {"tried": 5}),
     "a_tried.toml: steps[0].check.tried: expected an action type or a list of them, got 5"),
    ("b_posture.toml", edited("3d6_1_grab", "steps.1.check.posture.is", "levitating"),
     "b_posture.toml: steps[1].check.posture.is: 'levitating' is not a posture of 3d6-full"),
    ("c_teleport.toml", edited("d20_1_wrestle", "steps.0.example.type", "teleport"),
     "c_teleport.toml: steps[0].example.type: 'teleport' is not an action of d20"),
    ("d_grip.toml", edited("3d6_5_pin", "grapples.0.holder", ["ann"]),
     "d_grip.toml: grapples[0].holder: expected str, got array"),
    ("e_broken.toml", "[lesson\nid = ", "e_broken.toml: is not valid TOML"),
]


@pytest.fixture
def lessons_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A lessons folder of two good lessons and the bad files above, read by the Learn menu."""
    import game.ui.menus.learn_menu as learn_menu

    folder = tmp_path / "lessons"
    folder.mkdir()
    write(folder, shipped("3d6_1_grab"), "3d6_1_grab.toml")
    write(folder, shipped("edge_1_pools"), "edge_1_pools.toml")
    for name, data, _ in BAD:
        write(folder, data, name)
    monkeypatch.setattr(learn_menu, "LESSONS_DIR", folder)
    return folder


def _open_learn(app):
    from game.ui.menus.learn_menu import LearnMenu
    from game.ui.menus.main_menu import MainMenu

    app.step()
    assert isinstance(app.scene, MainMenu)
    click(app, app.scene.button_named("learn").rect.center)
    assert isinstance(app.scene, LearnMenu)
    app.draw()
    return app.scene


def test_learn_lists_bad_lessons_greyed_with_their_reason(lessons_folder: Path) -> None:
    """Each bad file is a greyed row naming the file, the field and what is wrong (a long list of the choices
    there were left out for room); a click on it does nothing; the good lessons still open. Before, the menu
    raised on most of these files."""
    app = make_app()
    try:
        menu = _open_learn(app)
        assert [les.id for les in menu.lessons] == ["3d6-grab", "edge-pools"]
        rows = [menu.button_named(f"left_out:{i}") for i in range(len(BAD))]
        assert all(r is not None and not r.is_enabled for r in rows) and menu.button_named("left_out:more") is None
        for row, (_, _, says) in zip(rows, BAD, strict=True):
            assert row.text.startswith(says), row.text  # a long list of choices left out, else cut for room
        back = menu.button_named("back").rect
        assert not any(r.rect.colliderect(back) for r in rows)
        assert menu.message is not None
        assert menu.message[0] == "5 lesson files were left out: each is listed greyed with what is wrong in it."
        click(app, rows[0].rect.center, steps=3)  # a greyed row: nothing opens, nothing raises
        assert app.scene is menu
        app.draw()
        click(app, menu.button_named("lesson:edge-pools").rect.center, steps=3)
        bs = app.battle_scene
        assert bs is not None and bs.lesson is not None and bs.lesson.lesson.id == "edge-pools"
    finally:
        app.close()


def test_learn_with_bad_lessons_fits_a_small_window(lessons_folder: Path) -> None:
    """At 1024x640, under a column of eight lessons, the greyed rows still sit between the columns and the Back
    button; the files there is no room for are named on the last row."""
    from game.teaching.lessons import LESSONS_DIR
    from game.ui.app import App
    from game.ui.clock import FixedClock
    from game.ui.settings import Settings

    for path in LESSONS_DIR.glob("3d6_*.toml"):
        write(lessons_folder, shipped(path.stem), path.name)

    app = App(None, (1024, 640), clock=FixedClock(16), settings=Settings(animation_speed="instant"),
              session_kw={"sync_ai": True})
    try:
        menu = _open_learn(app)
        rows = [b for b, name in menu.buttons.items() if name.startswith("left_out:")]
        lessons = [b for b, name in menu.buttons.items() if name.startswith("lesson:")]
        back = menu.button_named("back").rect
        assert rows and all(not r.rect.colliderect(back) and r.rect.bottom <= back.top for r in rows)
        assert all(r.rect.top > les.rect.bottom for r in rows for les in lessons)
        more = menu.button_named("left_out:more")
        assert more is not None and not more.is_enabled and len(rows) < len(BAD) + 1
        shown = len(rows) - 1
        assert more.text == f"and {len(BAD) - shown} more left out: " + ", ".join(n for n, _, _ in BAD[shown:])
    finally:
        app.close()
