"""Every character the game's own words use has a glyph in the font the window draws with.

Seen under Xvfb after a d20 battle: the log's "held-back damage lands now" line began with an empty box
(U+25B6 is not in Noto Sans), and so did "Held back" (U+23F8). Headless: the font is the one the UI loads.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

GAME = Path(__file__).resolve().parents[1] / "game"


def _characters() -> dict[str, set[str]]:
    """Non-ASCII characters in the game's source (written out or as \\uXXXX escapes), with their files."""
    found: dict[str, set[str]] = {}
    for path in GAME.rglob("*.py"):
        src = path.read_text(encoding="utf-8")
        chars = [chr(int(m.group(1), 16)) for m in re.finditer(r"\\u([0-9a-fA-F]{4})", src)]
        chars += [ch for ch in src if ord(ch) > 127]
        for ch in chars:
            found.setdefault(ch, set()).add(path.relative_to(GAME.parent).as_posix())
    return found


def test_every_character_in_the_games_words_has_a_glyph():
    from game.ui.text import TextCache

    pygame.font.init()
    text = TextCache()
    missing = {}
    for bold in (False, True):
        font = text.font(13, bold)
        box = font.metrics("\U000f0000")[0]  # a private-use character: the font's empty box
        for ch, files in _characters().items():
            if ch.isprintable() and not ch.isspace() and font.metrics(ch)[0] == box:
                missing[f"U+{ord(ch):04X}"] = sorted(files)
    assert not missing, missing
