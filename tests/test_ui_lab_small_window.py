"""The situation lab at 1024x640 as a new player met it, driven with posted events (headless).

A foot note ("Loaded x.json.", an HP message) stayed up for minutes; drop-downs cut their chosen text
("Broadswo\u25be"); the "Leave the lab?" question had no plate behind its words.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tests.ui_fixtures import click, fresh_ui_dirs  # noqa: E402, F401


def test_a_foot_note_goes_after_a_battle_toasts_time(lab_app) -> None:
    """UI-LAB (a screen fix, no rule): the note "Loaded x.json." is gone after the battle's toast lifetime,
    not minutes (S2-BREAK-1's set-up, loaded through the file field)."""
    from game.ui.battle_scene import TOAST_MS
    from tests.test_ui_lab import FIXTURES, load

    sc = lab_app.scene
    load(lab_app, FIXTURES / "break_free_full.json")
    assert sc.message is not None and sc.message[0].startswith("Loaded")
    for _ in range(TOAST_MS // 16 + 10):
        lab_app.step()
    assert sc.message is None


def test_the_leave_question_sits_on_a_plate(lab_app) -> None:
    """UI-LAB (a screen fix, no rule): a set-up changed (HP -1), Esc asks "Leave the lab?" on a plate like
    the save dialog's, not straight over the dimmed lab."""
    from game.ui.lab.leave import LeaveLab

    sc = lab_app.scene
    click(lab_app, sc.button_named("hp-").rect.center)
    for et in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(et, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    lab_app.step()
    lab_app.step()
    assert isinstance(lab_app.scene, LeaveLab)
    frame = lab_app.draw()
    plate = lab_app.scene.panel
    assert tuple(frame.get_at((plate.x + 6, plate.centery))[:3]) == (24, 26, 32)


def test_the_drop_downs_show_their_whole_choice(lab_app) -> None:
    """UI-LAB (a screen fix, no rule): at 1024x640 the stat and skill, grip and item drop-downs read
    "Broadswo\u25be", "grappl\u25be", "1 hanc\u25be"; now each choice (the grip kinds, the hands, the first
    fighter's skills) fits the drop-down's face."""
    sc = lab_app.scene

    def fits(key: str, text: str) -> bool:
        dd = next(d for d, k in sc.dropdowns.items() if k == key)
        face = dd.menu_states["closed"].selected_option_button
        return face.font.size(text)[0] + 4 <= face.rect.w

    for key in ("stats", "skills", "kind", "hands", "location", "item"):
        dd = next(d for d, k in sc.dropdowns.items() if k == key)
        texts = [o[0] if isinstance(o, tuple) else o for o in dd.options_list]
        if key == "kind":
            texts = [t for t in texts if t in ("grapple", "pin")]
        elif key == "location":
            texts = [t for t in texts if t in ("torso", "neck", "head")]
        elif key == "skills":
            texts = texts[:1]
        assert all(fits(key, t) for t in texts), (key, [t for t in texts if not fits(key, t)])
