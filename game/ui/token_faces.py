"""The picture inside a token: the fighter's role as a figure, and the item in hand on a small disc.

Why apart from :mod:`game.ui.tokens`: that module places tokens and draws their shapes, bars and names; this
one only paints what says *who* a fighter is (issue 26: a figure by role instead of a letter, the item in
hand on the token, the side's colour on the rim). The icons come from :mod:`game.ui.icon_atlas`; when one is
missing or broken the caller keeps today's letter, so a token never goes blank.
"""

from __future__ import annotations

import pygame

from game.ui.icon_atlas import IconAtlas

__all__ = ["FIGURE_INK", "ITEM_DISC", "ITEM_INK", "ICON_MIN_R", "ITEM_MIN_R", "SMALL_FIGURE_R", "face_fill", "draw_figure",
           "draw_item", "item_spot"]

#: the figure's ink: light on the darkened side colour, readable whatever the side's colour
FIGURE_INK = (250, 246, 232)
#: the item disc: parchment with dark ink, so it reads as a thing held, apart from the figure
ITEM_DISC = (236, 228, 206)
ITEM_INK = (26, 24, 30)
#: below this body radius (pixels) the figure is a blot: the letter reads better
ICON_MIN_R = 7
#: below this radius the item disc would cover the figure
ITEM_MIN_R = 10
#: below this radius the figure fills the whole body (no dark plate and rim, which left it a blot)
SMALL_FIGURE_R = 11


def face_fill(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """The inside of a token with a figure: the side's colour darkened (the rim keeps it bright)."""
    return (int(colour[0] * 0.3 + 12), int(colour[1] * 0.3 + 12), int(colour[2] * 0.3 + 16))


def draw_figure(surf: pygame.Surface, icons: IconAtlas, icon: str, centre: tuple[float, float], inner: float,
                scale: float = 1.0, ink: tuple[int, int, int] = FIGURE_INK) -> bool:
    """The role's figure centred on ``centre``, filling a disc of radius ``inner``, in ``ink``; False when it
    cannot be drawn (the caller then draws the letter)."""
    size = max(6, int(2 * inner * 0.92 * scale))
    img = icons.get(icon, size, ink)
    if img is None:
        return False
    surf.blit(img, img.get_rect(center=(int(centre[0]), int(centre[1]))))
    return True


def item_spot(c: float, r: int) -> tuple[float, float, int]:
    """Where the item disc of a token of radius ``r`` centred at ``c`` goes: (x, y, disc radius), at the lower
    left (the posture badge has the lower right, the stat tag the upper left)."""
    # seen under Xvfb at 0.42 r: a rifle, a shotgun and a pistol all read as one dash; its foot stays about where
    # the body's is (1.12 r), so the health bar under the token does not move down
    br = max(5, int(r * 0.46))
    return c - r * 0.74, c + r * 0.66, br


def draw_item(surf: pygame.Surface, icons: IconAtlas, icon: str, at: tuple[float, float, int],
              outline: tuple[int, int, int]) -> bool:
    """The item in hand on a small disc at ``at`` (:func:`item_spot`); False when its icon is missing."""
    x, y, br = at
    img = icons.get(icon, max(6, int(br * 1.6)), ITEM_INK)
    if img is None:
        return False
    pygame.draw.circle(surf, outline, (x, y), br)
    pygame.draw.circle(surf, ITEM_DISC, (x, y), br - max(1, br // 5))
    surf.blit(img, img.get_rect(center=(int(x), int(y))))
    return True
