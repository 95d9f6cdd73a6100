"""Draw the game's icon, ``assets/icon.png`` (256x256): a hex with two tokens locked together.

Why a script: the picture is ours and can be remade or changed by anyone with pygame, with no drawing
program; the window (``pygame.display.set_icon``), the desktop entry and the download build use the file.

    python3 tools/make_icon.py            # writes assets/icon.png
    python3 tools/make_icon.py --out x.png
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SIZE = 256


def hex_points(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """The corners of a pointy-top hex, as the board draws its cells."""
    return [(cx + radius * math.cos(math.radians(60 * i - 30)), cy + radius * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


def draw_icon(size: int = SIZE) -> pygame.Surface:
    """The icon on a transparent ground: a stone hex, a red and a blue token overlapping, a grip bar."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.polygon(surf, (58, 62, 70), hex_points(c, c, size * 0.48))
    pygame.draw.polygon(surf, (120, 128, 140), hex_points(c, c, size * 0.48), max(2, size // 40))
    pygame.draw.polygon(surf, (84, 90, 100), hex_points(c, c, size * 0.40))
    r = int(size * 0.19)
    left, right = (int(c - size * 0.12), int(c)), (int(c + size * 0.12), int(c))
    pygame.draw.circle(surf, (200, 60, 50), left, r)
    pygame.draw.circle(surf, (245, 235, 220), left, r, max(2, size // 64))
    pygame.draw.circle(surf, (60, 110, 210), right, r)
    pygame.draw.circle(surf, (245, 235, 220), right, r, max(2, size // 64))
    bar = pygame.Rect(0, 0, int(size * 0.36), max(4, size // 18))
    bar.center = (int(c), int(c))
    pygame.draw.rect(surf, (250, 200, 60), bar, border_radius=bar.height // 2)
    return surf


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw the game's icon.")
    parser.add_argument("--out", default=str(ROOT / "assets" / "icon.png"))
    parser.add_argument("--size", type=int, default=SIZE)
    args = parser.parse_args(argv)
    pygame.display.init()
    try:
        pygame.image.save(draw_icon(args.size), args.out)
    finally:
        pygame.display.quit()
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
