"""The hotseat hand-over screen never shows Python's None to a player.

Seen under Xvfb at 1024x640 (tavern_d20, handover "side"): the Sailors' first hand-over read
"Since None's last turn:" above the recap; with no one fighter to name it is "your last turn".
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_play import ARENA, DICE, SIZE, click, play_out  # noqa: E402

from game.hexgrid import Hex  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

pytestmark = pytest.mark.skipif(not ARENA.is_file(), reason="maps/arena.toml is missing")


def test_the_side_hand_over_says_your_last_turn_never_none(dirs) -> None:
    """Handover "side": no fighter is named, so the recap's heading reads "Since your last turn:"."""
    from game.ui.app import App
    from game.ui.handover import HandoverScene

    app = App(ARENA, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant", handover="side"),
              seat={"red": "human", "blue": "human"}, dice=list(DICE), autosave=False)
    try:
        app.step()
        bs = app.battle_scene
        click(app, bs.board.hex_screen_pos(Hex(6, 3)))
        play_out(app)
        hand = app.scene
        assert isinstance(hand, HandoverScene) and hand.recap
        written: list[str] = []
        render = app.text.render

        def spy(text, *a, **kw):
            written.append(str(text))
            return render(text, *a, **kw)

        app.text.render = spy
        hand.paint(pygame.Surface(SIZE))
        assert "Since your last turn:" in written, written
        assert not [w for w in written if "None" in w], written
    finally:
        app.close()
