"""How big the UI draws: the player's UI-scale setting times what the window's size allows (issue 26).

At 1920x1080 the HUD kept its 1280x800 size, its log in small text, unless the
player found "UI scale" in the settings. The window now adds its own factor:
its size against 1280x800 (the smaller of the two ratios, so a wide but short
window does not grow text it has no height for), never below 1 (1024x640 keeps
the sizes that were made to fit it) and at most :data:`MOST` (past that a big
screen shows more board, not bigger letters). The player's setting multiplies it.
"""

from __future__ import annotations

__all__ = ["BASE_SIZE", "MOST", "STEP", "window_factor", "effective_scale"]

#: the window the HUD's sizes were drawn for (scale 1)
BASE_SIZE = (1280, 800)
#: the most the window's size alone enlarges the UI
MOST = 1.5
#: the factor moves in steps this big: dragging a window's edge rebuilds the HUD's fonts at a few sizes, not
#: at every pixel
STEP = 0.05


def window_factor(size: tuple[int, int]) -> float:
    """What the window's size multiplies the UI by: 1 up to 1280x800, then with the window, up to :data:`MOST`.

    >>> window_factor((1024, 640)), window_factor((1280, 800)), window_factor((1920, 1080))
    (1.0, 1.0, 1.35)
    >>> window_factor((3840, 2160))
    1.5
    """
    w, h = size
    ratio = min(w / BASE_SIZE[0], h / BASE_SIZE[1])
    stepped = int(ratio / STEP + 1e-9) * STEP  # down to a step: never bigger than the window allows
    return round(max(1.0, min(MOST, stepped)), 2)


def effective_scale(ui_scale: float, size: tuple[int, int]) -> float:
    """The scale the HUD draws at: the player's ``ui_scale`` setting times :func:`window_factor`."""
    return round(ui_scale * window_factor(size), 3)
