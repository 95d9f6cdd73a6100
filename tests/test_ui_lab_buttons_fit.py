"""The situation lab's buttons show their whole word at every window size (headless).

Seen under Xvfb at 1024x640: the stat and skill "+1" read "+" with its 1 cut by the button's edge, and "Let go"
lost its last letter. A pygame-gui button draws its text from the theme's left padding and clips it inside its
border and shadow, so a word fits when the padding plus its width stays inside that (centred words: their width).
Widening the buttons instead cut the drop-downs beside them ("ST 12", "torso"): the short ones centre their words.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_fixtures import fresh_ui_dirs, open_lab  # noqa: E402, F401


def _cut(button) -> bool:
    """Whether ``button``'s text runs past the inside of its frame (border and shadow on each side)."""
    border = button.border_width
    edge = max(border.values()) if isinstance(border, dict) else int(border or 0)
    inside = button.rect.w - 2 * (edge + int(button.shadow_width or 0))
    pad = 0 if button.text_horiz_alignment == "center" else button.text_horiz_alignment_padding
    return pad + button.font.size(button.text)[0] > inside


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_every_lab_button_shows_its_whole_word(size) -> None:
    """UI-LAB (a screen fix, no rule): "+1", "-1", "Grip…" and "Let go" are not cut at any window size."""
    app = open_lab(size)
    try:
        sc = app.scene
        cut = [(name, w.text, w.rect.w) for w, name in sc.buttons.items() if _cut(w)]
        assert not cut, cut
        assert {"stats+", "skills+", "grip", "ungrip"} <= set(sc.buttons.values())
    finally:
        app.close()
        pygame.event.clear()
