"""Draw Clinch's terrain tileset: maps/terrain.png and maps/terrain.tsx (re-runnable).

    python3 tools/make_tilesets.py

Pointy-top hex tiles 64x74 (hex side 37, the maps' grid), each with a
texture, a bevelled edge and a clear silhouette for what stands on it, so
the terrain reads at a glance. Every tile carries the properties game.files.maps
reads (terrain, move_cost, blocks_movement, blocks_sight, cover, elevation).
The drawing is seeded: the same script gives the same PNG.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"
TW, TH, SIDE = 64, 74, 37
COLUMNS = 6
NAME = "terrain"

Colour = tuple[int, int, int]
HEX = [(TW / 2, 0), (TW, (TH - SIDE) // 2), (TW, (TH - SIDE) // 2 + SIDE), (TW / 2, TH - 1),
       (0, (TH - SIDE) // 2 + SIDE), (0, (TH - SIDE) // 2)]


def shade(c: Colour, k: float) -> Colour:
    """Lighter (k > 1) or darker (k < 1)."""
    if k >= 1:
        return tuple(min(255, int(v + (255 - v) * (k - 1))) for v in c)  # type: ignore[return-value]
    return tuple(max(0, int(v * k)) for v in c)  # type: ignore[return-value]


def jitter(c: Colour, rnd: random.Random, amount: int) -> Colour:
    d = rnd.randint(-amount, amount)
    return tuple(max(0, min(255, v + d + rnd.randint(-amount // 3, amount // 3))) for v in c)  # type: ignore[return-value]


# --- textures (drawn on the full 64x74 square; the hex mask cuts them) -----------------


def noise(s: pygame.Surface, base: Colour, rnd: random.Random, amount: int = 10, blotches: int = 14) -> None:
    s.fill(base)
    for _ in range(blotches):  # soft patches so the ground is not flat
        r = rnd.randint(6, 16)
        c = jitter(base, rnd, amount)
        pygame.draw.circle(s, c, (rnd.randint(0, TW), rnd.randint(0, TH)), r)
    for y in range(TH):
        for x in range(TW):
            if rnd.random() < 0.35:
                s.set_at((x, y), jitter(s.get_at((x, y))[:3], rnd, amount // 2 + 2))


def grass(s: pygame.Surface, rnd: random.Random, base: Colour = (92, 150, 64), flowers: bool = False) -> None:
    noise(s, base, rnd, 12)
    for _ in range(110):
        x, y = rnd.randint(0, TW), rnd.randint(2, TH)
        c = shade(base, rnd.choice([0.7, 0.8, 1.15, 1.25]))
        pygame.draw.line(s, c, (x, y), (x + rnd.randint(-2, 2), y - rnd.randint(2, 5)))
    if flowers:
        for _ in range(9):
            x, y = rnd.randint(8, TW - 8), rnd.randint(12, TH - 12)
            c = rnd.choice([(240, 230, 120), (245, 245, 245), (220, 140, 200)])
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                s.set_at((x + dx, y + dy), c)
            s.set_at((x, y), (250, 200, 60))


def dirt(s: pygame.Surface, rnd: random.Random, base: Colour = (139, 108, 72)) -> None:
    noise(s, base, rnd, 14)
    for _ in range(26):
        x, y = rnd.randint(0, TW), rnd.randint(0, TH)
        pygame.draw.circle(s, shade(base, rnd.choice([0.75, 1.2])), (x, y), 1)


def sand(s: pygame.Surface, rnd: random.Random, raked: bool = False) -> None:
    base = (214, 188, 136)
    noise(s, base, rnd, 8, 8)
    if raked:
        for y in range(4, TH, 7):
            pts = [(x, y + 2 * math.sin(x / 9 + y)) for x in range(0, TW + 1, 4)]
            pygame.draw.lines(s, shade(base, 0.85), False, pts)
            pygame.draw.lines(s, shade(base, 1.15), False, [(x, py + 1) for x, py in pts])
    for _ in range(40):
        s.set_at((rnd.randrange(TW), rnd.randrange(TH)), shade(base, rnd.choice([0.7, 1.3])))


def stone_floor(s: pygame.Surface, rnd: random.Random) -> None:
    base = (146, 144, 140)
    s.fill(shade(base, 0.55))  # the mortar
    y = -6
    row = 0
    while y < TH:
        h = rnd.randint(14, 18)
        x = -rnd.randint(0, 14) - (8 if row % 2 else 0)
        while x < TW:
            w = rnd.randint(16, 24)
            c = jitter(base, rnd, 14)
            rect = pygame.Rect(x + 1, y + 1, w - 2, h - 2)
            pygame.draw.rect(s, c, rect, border_radius=3)
            pygame.draw.line(s, shade(c, 1.2), rect.topleft, (rect.right - 2, rect.top))
            pygame.draw.line(s, shade(c, 0.8), (rect.left + 2, rect.bottom - 1), (rect.right - 1, rect.bottom - 1))
            for _ in range(6):
                s.set_at((rnd.randint(rect.left, rect.right), rnd.randint(rect.top, rect.bottom)), shade(c, 0.85))
            x += w
        y += h
        row += 1


def wood_floor(s: pygame.Surface, rnd: random.Random, base: Colour = (150, 104, 62)) -> None:
    s.fill(shade(base, 0.5))
    x = -rnd.randint(0, 6)
    while x < TW:
        w = 11
        c = jitter(base, rnd, 12)
        pygame.draw.rect(s, c, (x + 1, 0, w - 1, TH))
        for _ in range(4):  # grain
            gx = x + rnd.randint(2, w - 2)
            pygame.draw.line(s, shade(c, 0.85), (gx, rnd.randint(0, TH)), (gx, rnd.randint(0, TH)))
        joint = rnd.randint(10, TH - 10)
        pygame.draw.line(s, shade(base, 0.5), (x + 1, joint), (x + w - 1, joint))
        s.set_at((x + 3, joint - 3), shade(base, 0.4))
        x += w


def water(s: pygame.Surface, rnd: random.Random, deep: bool) -> None:
    base = (38, 84, 160) if deep else (70, 140, 196)
    noise(s, base, rnd, 8, 10)
    for _ in range(9 if deep else 12):
        x, y = rnd.randint(4, TW - 16), rnd.randint(6, TH - 6)
        pygame.draw.arc(s, shade(base, 1.45), (x, y, 14, 6), math.pi * 0.15, math.pi * 0.85, 1)
    if deep:
        pygame.draw.circle(s, shade(base, 0.8), (TW // 2, TH // 2), 18)
        pygame.draw.circle(s, shade(base, 0.7), (TW // 2, TH // 2), 10)
    else:
        for _ in range(5):  # pebbles showing through
            pygame.draw.circle(s, (120, 150, 160), (rnd.randint(6, TW - 6), rnd.randint(8, TH - 8)), 2)


def rough(s: pygame.Surface, rnd: random.Random) -> None:
    dirt(s, rnd, (128, 110, 84))
    for _ in range(13):
        x, y, r = rnd.randint(6, TW - 6), rnd.randint(10, TH - 10), rnd.randint(2, 5)
        c = jitter((132, 128, 120), rnd, 16)
        pygame.draw.circle(s, shade(c, 0.5), (x + 1, y + 1), r)
        pygame.draw.circle(s, c, (x, y), r)
        pygame.draw.circle(s, shade(c, 1.3), (x - r // 3, y - r // 3), max(1, r // 3))
    for _ in range(8):
        x, y = rnd.randint(0, TW), rnd.randint(0, TH)
        pygame.draw.line(s, (96, 130, 60), (x, y), (x + 1, y - 4))


def hill(s: pygame.Surface, rnd: random.Random, top: bool) -> None:
    base = (150, 160, 86) if top else (124, 146, 74)
    grass(s, rnd, base)
    # contour rings: the hill reads as raised ground
    for i, r in enumerate((30, 22, 14) if top else (34, 26)):
        rect = pygame.Rect(0, 0, r * 2, int(r * 1.6))
        rect.center = (TW // 2, TH // 2 + 2)
        pygame.draw.ellipse(s, shade(base, 0.72), rect.move(0, 2), 2)
        pygame.draw.ellipse(s, shade(base, 1.25 + 0.05 * i), rect, 1)
    if top:
        pygame.draw.circle(s, shade(base, 1.3), (TW // 2, TH // 2 + 2), 5)


def mud(s: pygame.Surface, rnd: random.Random) -> None:
    base = (96, 74, 50)
    noise(s, base, rnd, 10, 16)
    for _ in range(7):
        rect = pygame.Rect(rnd.randint(0, TW - 20), rnd.randint(4, TH - 12), rnd.randint(10, 22), rnd.randint(5, 9))
        pygame.draw.ellipse(s, (84, 90, 86), rect)
        pygame.draw.arc(s, (150, 160, 160), rect.inflate(-4, -2), 0.3, 1.6, 1)


# --- things standing on the ground ----------------------------------------------------


def shadow(s: pygame.Surface, rect: pygame.Rect, alpha: int = 90, radius: int = 6) -> None:
    sh = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(sh, (0, 0, 0, alpha), rect.move(3, 4), border_radius=radius)
    s.blit(sh, (0, 0))


def wall(s: pygame.Surface, rnd: random.Random) -> None:
    base = (96, 84, 78)
    s.fill((30, 26, 24))
    y, row = 0, 0
    while y < TH:
        x = -(9 if row % 2 else 0)
        while x < TW:
            c = jitter(base, rnd, 12)
            rect = pygame.Rect(x + 1, y + 1, 17, 9)
            pygame.draw.rect(s, c, rect)
            pygame.draw.line(s, shade(c, 1.35), rect.topleft, rect.topright)
            pygame.draw.line(s, shade(c, 0.6), rect.bottomleft, rect.bottomright)
            x += 18
        y += 10
        row += 1
    # a cap so the wall reads as a solid raised block
    cap = pygame.Surface((TW, TH), pygame.SRCALPHA)
    inner = [(TW / 2, 8), (TW - 7, 22), (TW - 7, 51), (TW / 2, TH - 9), (7, 51), (7, 22)]
    pygame.draw.polygon(cap, (20, 16, 14, 150), HEX, 6)
    pygame.draw.polygon(cap, (255, 240, 220, 60), inner, 2)
    s.blit(cap, (0, 0))


def table(s: pygame.Surface, rnd: random.Random) -> None:
    wood_floor(s, rnd)
    top = pygame.Rect(9, 17, 46, 40)
    shadow(s, top, 110, 8)
    wood = (176, 126, 74)
    pygame.draw.rect(s, shade(wood, 0.6), top, border_radius=8)
    pygame.draw.rect(s, wood, top.inflate(-4, -4), border_radius=7)
    for gx in (18, 27, 36, 45):
        pygame.draw.line(s, shade(wood, 0.82), (gx, top.top + 4), (gx, top.bottom - 5))
    pygame.draw.line(s, shade(wood, 1.3), (top.left + 6, top.top + 3), (top.right - 7, top.top + 3))
    # a mug and a plate
    pygame.draw.circle(s, (225, 225, 215), (23, 31), 6)
    pygame.draw.circle(s, (190, 190, 180), (23, 31), 4, 1)
    pygame.draw.circle(s, (110, 80, 50), (41, 43), 4)
    pygame.draw.circle(s, (240, 220, 160), (41, 43), 2)


def door(s: pygame.Surface, rnd: random.Random) -> None:
    stone_floor(s, rnd)
    # door frame (jambs) top and bottom, open door leaf swung aside
    frame = (84, 70, 60)
    pygame.draw.rect(s, frame, (0, 0, TW, 14))
    pygame.draw.rect(s, frame, (0, TH - 14, TW, 14))
    leaf = pygame.Rect(6, 14, 10, TH - 28)
    shadow(s, leaf, 90, 2)
    pygame.draw.rect(s, (150, 98, 52), leaf)
    pygame.draw.rect(s, (100, 64, 34), leaf, 1)
    for y in (leaf.top + 8, leaf.bottom - 10):
        pygame.draw.line(s, (60, 60, 64), (leaf.left, y), (leaf.right, y), 2)
    pygame.draw.circle(s, (220, 190, 90), (leaf.right - 3, leaf.centery), 2)
    # threshold arrows: a way through
    for y in (30, 44):
        pygame.draw.polygon(s, (235, 225, 200), [(30, y), (38, y), (34, y - 5)])


def tree(s: pygame.Surface, rnd: random.Random) -> None:
    grass(s, rnd, (82, 134, 58))
    sh = pygame.Surface((TW, TH), pygame.SRCALPHA)
    pygame.draw.circle(sh, (0, 0, 0, 90), (TW // 2 + 5, TH // 2 + 6), 25)
    s.blit(sh, (0, 0))
    pygame.draw.circle(s, (88, 60, 36), (TW // 2, TH // 2 + 4), 5)
    leaf = (38, 104, 46)
    for _ in range(11):  # the canopy's dark rim
        a, d = rnd.uniform(0, math.tau), rnd.uniform(6, 14)
        pygame.draw.circle(s, (18, 58, 26), (int(TW / 2 + d * math.cos(a)), int(TH / 2 - 2 + d * math.sin(a))), 14)
    for _ in range(11):  # a lumpy canopy
        a, d = rnd.uniform(0, math.tau), rnd.uniform(6, 14)
        pygame.draw.circle(s, jitter(leaf, rnd, 10), (int(TW / 2 + d * math.cos(a)), int(TH / 2 - 2 + d * math.sin(a))),
                           rnd.randint(10, 13))
    for _ in range(16):
        a, d = rnd.uniform(0, math.tau), rnd.uniform(0, 16)
        pygame.draw.circle(s, shade(leaf, 1.35), (int(TW / 2 - 4 + d * math.cos(a)), int(TH / 2 - 6 + d * math.sin(a))),
                           rnd.randint(2, 4))


def bush(s: pygame.Surface, rnd: random.Random) -> None:
    grass(s, rnd)
    leaf = (58, 120, 52)
    for _ in range(6):
        x, y = TW // 2 + rnd.randint(-12, 12), TH // 2 + rnd.randint(-10, 10)
        pygame.draw.circle(s, shade(leaf, 0.6), (x + 2, y + 3), 9)
        pygame.draw.circle(s, jitter(leaf, rnd, 14), (x, y), 9)
        pygame.draw.circle(s, shade(leaf, 1.3), (x - 3, y - 3), 3)
    for _ in range(5):
        pygame.draw.circle(s, (200, 40, 50), (TW // 2 + rnd.randint(-14, 14), TH // 2 + rnd.randint(-12, 12)), 2)


def boulder(s: pygame.Surface, rnd: random.Random) -> None:
    rough(s, rnd)
    pts = [(TW / 2 + 22 * math.cos(a) + rnd.randint(-3, 3), TH / 2 + 20 * math.sin(a) + rnd.randint(-3, 3))
           for a in (i * math.tau / 9 for i in range(9))]
    pygame.draw.polygon(s, (70, 66, 62), [(x + 4, y + 5) for x, y in pts])
    pygame.draw.polygon(s, (138, 134, 128), pts)
    pygame.draw.polygon(s, (168, 164, 158), [(x * 0.6 + TW * 0.17, y * 0.6 + TH * 0.15) for x, y in pts])
    pygame.draw.lines(s, (92, 88, 84), False, [(24, 30), (32, 38), (30, 46)], 2)


def counter(s: pygame.Surface, rnd: random.Random) -> None:
    wood_floor(s, rnd)
    bar = pygame.Rect(0, 22, TW, 30)
    shadow(s, bar, 110, 2)
    pygame.draw.rect(s, (104, 62, 36), bar)
    pygame.draw.rect(s, (134, 84, 48), bar.inflate(0, -8))
    pygame.draw.line(s, (180, 130, 80), (0, bar.top + 4), (TW, bar.top + 4))
    for x in (12, 30, 48):  # tankards
        pygame.draw.circle(s, (200, 200, 190), (x, bar.centery), 5)
        pygame.draw.circle(s, (236, 210, 140), (x, bar.centery), 3)


def barrel(s: pygame.Surface, rnd: random.Random) -> None:
    wood_floor(s, rnd)
    c = (TW // 2, TH // 2)
    sh = pygame.Surface((TW, TH), pygame.SRCALPHA)
    pygame.draw.circle(sh, (0, 0, 0, 100), (c[0] + 3, c[1] + 4), 19)
    s.blit(sh, (0, 0))
    pygame.draw.circle(s, (122, 80, 42), c, 19)
    pygame.draw.circle(s, (70, 70, 74), c, 19, 3)
    pygame.draw.circle(s, (70, 70, 74), c, 12, 2)
    pygame.draw.circle(s, (150, 104, 60), c, 10)
    pygame.draw.line(s, (96, 62, 32), (c[0] - 8, c[1]), (c[0] + 8, c[1]))


def hearth(s: pygame.Surface, rnd: random.Random) -> None:
    stone_floor(s, rnd)
    ring = [(TW / 2 + 22 * math.cos(a), TH / 2 + 22 * math.sin(a)) for a in (i * math.tau / 12 for i in range(12))]
    for x, y in ring:
        pygame.draw.circle(s, (88, 84, 80), (int(x) + 1, int(y) + 2), 6)
        pygame.draw.circle(s, jitter((128, 122, 116), rnd, 10), (int(x), int(y)), 6)
    pygame.draw.circle(s, (40, 30, 26), (TW // 2, TH // 2), 16)
    for r, col in ((13, (200, 60, 20)), (9, (240, 130, 30)), (5, (255, 220, 90))):
        pygame.draw.circle(s, col, (TW // 2 + rnd.randint(-1, 1), TH // 2 + rnd.randint(-1, 1)), r)


def rug(s: pygame.Surface, rnd: random.Random) -> None:
    wood_floor(s, rnd)
    r = pygame.Rect(6, 14, TW - 12, TH - 28)
    pygame.draw.rect(s, (140, 40, 44), r, border_radius=4)
    pygame.draw.rect(s, (214, 170, 80), r.inflate(-6, -6), 2, border_radius=3)
    pygame.draw.polygon(s, (214, 170, 80), [(TW / 2, r.top + 9), (r.right - 11, TH / 2), (TW / 2, r.bottom - 9),
                                            (r.left + 11, TH / 2)], 2)
    for x in range(r.left + 2, r.right - 1, 3):  # fringe
        pygame.draw.line(s, (230, 210, 170), (x, r.top - 3), (x, r.top))
        pygame.draw.line(s, (230, 210, 170), (x, r.bottom), (x, r.bottom + 2))


def pillar(s: pygame.Surface, rnd: random.Random) -> None:
    sand(s, rnd)
    c = (TW // 2, TH // 2)
    sh = pygame.Surface((TW, TH), pygame.SRCALPHA)
    pygame.draw.circle(sh, (0, 0, 0, 100), (c[0] + 4, c[1] + 5), 18)
    s.blit(sh, (0, 0))
    pygame.draw.circle(s, (190, 182, 168), c, 18)
    pygame.draw.circle(s, (150, 142, 130), c, 18, 3)
    for i in range(8):  # fluting
        a = i * math.tau / 8
        pygame.draw.line(s, (166, 158, 146), c, (c[0] + 13 * math.cos(a), c[1] + 13 * math.sin(a)))
    pygame.draw.circle(s, (214, 206, 192), (c[0] - 5, c[1] - 5), 5)


# --- the tileset ---------------------------------------------------------------------

P = dict  # properties of one tile
#: one tile: its name (the tile's type in the .tsx), its painter and its properties
Tile = tuple[str, Callable[[pygame.Surface, random.Random], None], dict[str, object]]
TILES: list[Tile] = [
    ("grass", grass, P(terrain="grass", move_cost=1)),
    ("grass_flowers", lambda s, r: grass(s, r, flowers=True), P(terrain="grass", move_cost=1)),
    ("grass_dark", lambda s, r: grass(s, r, (74, 128, 56)), P(terrain="grass", move_cost=1)),
    ("dirt", dirt, P(terrain="dirt", move_cost=1)),
    ("sand", sand, P(terrain="sand", move_cost=1)),
    ("sand_raked", lambda s, r: sand(s, r, raked=True), P(terrain="sand", move_cost=1)),
    ("stone_floor", stone_floor, P(terrain="stone_floor", move_cost=1)),
    ("wood_floor", wood_floor, P(terrain="wood_floor", move_cost=1)),
    ("wall", wall, P(terrain="wall", move_cost=1, blocks_movement=True, blocks_sight=True)),
    ("table", table, P(terrain="table", move_cost=2, cover=1)),
    ("door", door, P(terrain="door", move_cost=1)),
    ("tree", tree, P(terrain="tree", move_cost=2, blocks_sight=True, cover=2)),
    ("shallow_water", lambda s, r: water(s, r, False), P(terrain="water", move_cost=3)),
    ("deep_water", lambda s, r: water(s, r, True), P(terrain="deep_water", move_cost=1, blocks_movement=True)),
    ("rough", rough, P(terrain="rough", move_cost=2)),
    ("hill", lambda s, r: hill(s, r, False), P(terrain="hill", move_cost=2, elevation=1)),
    ("hilltop", lambda s, r: hill(s, r, True), P(terrain="hill", move_cost=1, elevation=2)),
    ("mud", mud, P(terrain="mud", move_cost=3)),
    ("bush", bush, P(terrain="bush", move_cost=2, cover=1)),
    ("boulder", boulder, P(terrain="boulder", move_cost=1, blocks_movement=True, cover=2)),
    ("counter", counter, P(terrain="counter", move_cost=3, cover=2)),
    ("barrel", barrel, P(terrain="barrel", move_cost=2, cover=1)),
    ("hearth", hearth, P(terrain="hearth", move_cost=1, blocks_movement=True)),
    ("rug", rug, P(terrain="rug", move_cost=1)),
    ("pillar", pillar, P(terrain="pillar", move_cost=1, blocks_movement=True, blocks_sight=True, cover=2)),
]

#: tile name -> gid in a map whose terrain tileset has firstgid 1
GID = {name: i + 1 for i, (name, _, _) in enumerate(TILES)}


def bevel(s: pygame.Surface) -> None:
    """A light top-left edge, a dark bottom-right edge and a thin outline: each hex reads as a tile."""
    over = pygame.Surface((TW, TH), pygame.SRCALPHA)
    edges = list(zip(HEX, HEX[1:] + HEX[:1]))
    for i, (a, b) in enumerate(edges):
        light = i in (5, 0)  # the two upper-left facing edges... and the top-right one is half-lit
        colour = (255, 255, 255, 70) if light else (255, 255, 255, 30) if i == 1 else (0, 0, 0, 70)
        # draw inside the hex: pull the edge 1.5 px towards the centre
        ca = (a[0] + (TW / 2 - a[0]) * 0.05, a[1] + (TH / 2 - a[1]) * 0.05)
        cb = (b[0] + (TW / 2 - b[0]) * 0.05, b[1] + (TH / 2 - b[1]) * 0.05)
        pygame.draw.line(over, colour, ca, cb, 3)
    pygame.draw.polygon(over, (0, 0, 0, 80), HEX, 1)
    s.blit(over, (0, 0))


def draw_tile(index: int, tiles: list[Tile] | None = None) -> pygame.Surface:
    name, painter, _ = (TILES if tiles is None else tiles)[index]
    rnd = random.Random(f"clinch-{name}")
    square = pygame.Surface((TW, TH), pygame.SRCALPHA)
    square.fill((0, 0, 0, 255))
    painter(square, rnd)
    bevel(square)
    mask = pygame.Surface((TW, TH), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), HEX)
    square.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return square


#: the properties every tile states, in this order (game.tiled reads them; others are the tile's own extras)
TERRAIN_KEYS = ("terrain", "move_cost", "blocks_movement", "blocks_sight", "cover", "elevation")


def tsx_text(image: str, width: int, height: int, name: str = NAME, tiles: list[Tile] | None = None) -> str:
    tiles = TILES if tiles is None else tiles
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="{name}" tilewidth="{TW}" tileheight="{TH}" '
        f'tilecount="{len(tiles)}" columns="{COLUMNS}">',
        f' <image source="{image}" width="{width}" height="{height}"/>',
    ]
    for i, (tile, _, props) in enumerate(tiles):
        lines.append(f' <tile id="{i}" type="{tile}">')
        lines.append("  <properties>")
        for key in TERRAIN_KEYS:
            value = props.get(key, {"terrain": "open", "move_cost": 1, "cover": 0, "elevation": 0}.get(key, False))
            if isinstance(value, bool):
                lines.append(f'   <property name="{key}" type="bool" value="{str(value).lower()}"/>')
            elif isinstance(value, int):
                lines.append(f'   <property name="{key}" type="int" value="{value}"/>')
            else:
                lines.append(f'   <property name="{key}" value="{value}"/>')
        for key, value in props.items():  # a tile's own extras (``flammable``), after the terrain six
            if key not in TERRAIN_KEYS:
                lines.append(f'   <property name="{key}" type="bool" value="{str(bool(value)).lower()}"/>')
        lines.append("  </properties>")
        lines.append(" </tile>")
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


# --- the sci-fi tileset (maps/scifi.png, maps/scifi.tsx) --------------------------------
# Ship decks and a spaceport bar for the nd6 scenarios: a tileset of its own, so the terrain
# tileset above (and every map drawn on it) stays byte for byte what it was. Terrain names
# reuse the ones the game already words (wall, door, counter, table, pillar) where they mean
# the same thing; the properties follow their terrain-tileset twins.

STEEL = (92, 100, 112)


def deck(s: pygame.Surface, rnd: random.Random, base: Colour = STEEL) -> None:
    """Riveted deck plates, two by two, with worn scuffs."""
    s.fill(shade(base, 0.45))  # the seams
    for px, py in ((0, 0), (TW // 2, 0), (0, TH // 2), (TW // 2, TH // 2)):
        c = jitter(base, rnd, 8)
        rect = pygame.Rect(px + 1, py + 1, TW // 2 - 2, TH // 2 - 2)
        pygame.draw.rect(s, c, rect)
        pygame.draw.line(s, shade(c, 1.25), rect.topleft, rect.topright)
        pygame.draw.line(s, shade(c, 0.75), rect.bottomleft, rect.bottomright)
        for rx, ry in ((rect.left + 3, rect.top + 3), (rect.right - 4, rect.top + 3),
                       (rect.left + 3, rect.bottom - 4), (rect.right - 4, rect.bottom - 4)):
            pygame.draw.circle(s, shade(c, 1.35), (rx, ry), 1)
    for _ in range(30):
        x, y = rnd.randrange(TW), rnd.randrange(TH)
        pygame.draw.line(s, shade(base, rnd.choice([0.85, 1.15])), (x, y), (x + rnd.randint(1, 4), y))


def grate(s: pygame.Surface, rnd: random.Random) -> None:
    """A floor grating over a dark void with a pipe below."""
    s.fill((26, 28, 32))
    pygame.draw.line(s, (70, 84, 60), (0, TH * 0.6), (TW, TH * 0.35), 6)  # a pipe seen through the bars
    for x in range(2, TW, 6):
        pygame.draw.line(s, jitter((120, 128, 138), rnd, 6), (x, 0), (x, TH), 2)
    for y in range(4, TH, 12):
        pygame.draw.line(s, (84, 90, 100), (0, y), (TW, y), 2)


def hazard(s: pygame.Surface, rnd: random.Random) -> None:
    """Deck plates with a yellow and black warning band across them."""
    deck(s, rnd)
    band = pygame.Surface((TW, 22), pygame.SRCALPHA)
    band.fill((230, 186, 40))
    for x in range(-22, TW + 22, 11):
        pygame.draw.polygon(band, (30, 28, 26), [(x, 22), (x + 6, 22), (x + 18, 0), (x + 12, 0)])
    s.blit(band, (0, TH // 2 - 11))


def cantina_floor(s: pygame.Surface, rnd: random.Random) -> None:
    """Dark glossy tiles catching the neon: the bar's floor."""
    base = (54, 46, 70)
    s.fill(shade(base, 0.6))
    for y in range(0, TH, 12):
        for x in range(-(y // 12 % 2) * 6, TW, 12):
            c = jitter(base, rnd, 6)
            pygame.draw.rect(s, c, (x + 1, y + 1, 10, 10))
            s.set_at((x + 2, y + 2), shade(c, 1.5))
    for _ in range(3):  # neon glints
        s.set_at((rnd.randrange(TW), rnd.randrange(TH)), rnd.choice([(60, 200, 220), (255, 80, 200)]))


def bulkhead(s: pygame.Surface, rnd: random.Random) -> None:
    """A steel bulkhead: panels, rivets and a dark cap so it reads as a raised block (as ``wall``)."""
    s.fill((34, 36, 42))
    for y in range(0, TH, 18):
        c = jitter((66, 72, 84), rnd, 8)
        rect = pygame.Rect(2, y + 1, TW - 4, 16)
        pygame.draw.rect(s, c, rect)
        pygame.draw.line(s, shade(c, 1.3), rect.topleft, rect.topright)
        pygame.draw.line(s, shade(c, 0.6), rect.bottomleft, rect.bottomright)
        for x in range(6, TW - 4, 10):
            pygame.draw.circle(s, shade(c, 0.7), (x, y + 9), 1)
    cap = pygame.Surface((TW, TH), pygame.SRCALPHA)
    inner = [(TW / 2, 8), (TW - 7, 22), (TW - 7, 51), (TW / 2, TH - 9), (7, 51), (7, 22)]
    pygame.draw.polygon(cap, (8, 10, 14, 190), HEX, 7)
    pygame.draw.polygon(cap, (200, 230, 255, 70), inner, 2)
    s.blit(cap, (0, 0))


def hatch(s: pygame.Surface, rnd: random.Random) -> None:
    """An open sliding hatch: frame top and bottom, leaves drawn back, chevrons pointing through."""
    deck(s, rnd)
    frame = (60, 64, 74)
    pygame.draw.rect(s, frame, (0, 0, TW, 14))
    pygame.draw.rect(s, frame, (0, TH - 14, TW, 14))
    for x in (2, TW - 10):
        leaf = pygame.Rect(x, 14, 8, TH - 28)
        pygame.draw.rect(s, (128, 136, 150), leaf)
        pygame.draw.rect(s, (70, 74, 84), leaf, 1)
    pygame.draw.rect(s, (80, 220, 120), (TW // 2 - 5, 4, 10, 4))  # the open light
    for y in (32, 46):
        pygame.draw.polygon(s, (230, 186, 40), [(26, y), (32, y - 6), (38, y), (35, y), (32, y - 3), (29, y)])


def bar_counter(s: pygame.Surface, rnd: random.Random) -> None:
    """A steel bar counter with a neon edge and glasses on it (as ``counter``)."""
    cantina_floor(s, rnd)
    bar = pygame.Rect(0, 22, TW, 30)
    shadow(s, bar, 120, 2)
    pygame.draw.rect(s, (70, 74, 86), bar)
    pygame.draw.rect(s, (116, 122, 138), bar.inflate(0, -8))
    pygame.draw.line(s, (255, 80, 200), (0, bar.bottom - 2), (TW, bar.bottom - 2), 2)
    pygame.draw.line(s, (190, 200, 215), (0, bar.top + 4), (TW, bar.top + 4))
    for x, colour in ((12, (120, 230, 255)), (31, (255, 170, 60)), (49, (160, 255, 140))):
        pygame.draw.circle(s, (210, 220, 230), (x, bar.centery), 5)
        pygame.draw.circle(s, colour, (x, bar.centery), 3)


def metal_table(s: pygame.Surface, rnd: random.Random) -> None:
    """A round steel table with a glowing top and two drinks (as ``table``)."""
    cantina_floor(s, rnd)
    c = (TW // 2, TH // 2)
    sh = pygame.Surface((TW, TH), pygame.SRCALPHA)
    pygame.draw.circle(sh, (0, 0, 0, 110), (c[0] + 3, c[1] + 4), 22)
    s.blit(sh, (0, 0))
    pygame.draw.circle(s, (80, 86, 98), c, 22)
    pygame.draw.circle(s, (132, 140, 156), c, 19)
    pygame.draw.circle(s, (90, 200, 230), c, 19, 1)
    pygame.draw.circle(s, (220, 230, 240), (c[0] - 7, c[1] - 4), 4)
    pygame.draw.circle(s, (255, 120, 90), (c[0] - 7, c[1] - 4), 2)
    pygame.draw.circle(s, (220, 230, 240), (c[0] + 8, c[1] + 6), 4)
    pygame.draw.circle(s, (160, 255, 140), (c[0] + 8, c[1] + 6), 2)


def crate(s: pygame.Surface, rnd: random.Random) -> None:
    """A tall stack of cargo: a braced crate filling the hex; nothing passes or sees through it."""
    deck(s, rnd)
    box = pygame.Rect(8, 12, 48, 50)
    shadow(s, box, 130, 3)
    wood = jitter((168, 120, 60), rnd, 10)
    pygame.draw.rect(s, shade(wood, 0.6), box)
    pygame.draw.rect(s, wood, box.inflate(-6, -6))
    pygame.draw.line(s, shade(wood, 0.6), (box.left + 3, box.top + 3), (box.right - 4, box.bottom - 4), 4)
    pygame.draw.line(s, shade(wood, 0.6), (box.right - 4, box.top + 3), (box.left + 3, box.bottom - 4), 4)
    pygame.draw.rect(s, (40, 40, 44), box, 2)
    pygame.draw.rect(s, (230, 186, 40), (box.left + 4, box.top + 4, 12, 5))  # a cargo label


def boxes(s: pygame.Surface, rnd: random.Random) -> None:
    """Small loose crates and cases one can clamber over, slowly, and crouch behind."""
    deck(s, rnd)
    for x, y, w, h in ((10, 16, 20, 18), (34, 22, 20, 16), (18, 40, 24, 18)):
        rect = pygame.Rect(x, y, w, h)
        shadow(s, rect, 100, 2)
        c = jitter(rnd.choice([(150, 110, 60), (80, 110, 140), (120, 124, 130)]), rnd, 8)
        pygame.draw.rect(s, shade(c, 0.6), rect)
        pygame.draw.rect(s, c, rect.inflate(-4, -4))
        pygame.draw.line(s, shade(c, 1.3), (rect.left + 2, rect.top + 2), (rect.right - 3, rect.top + 2))


def console(s: pygame.Surface, rnd: random.Random) -> None:
    """A control console with a glowing screen: solid cover, not a way through."""
    deck(s, rnd)
    body = pygame.Rect(10, 18, 44, 36)
    shadow(s, body, 120, 5)
    pygame.draw.rect(s, (52, 56, 66), body, border_radius=5)
    pygame.draw.rect(s, (20, 60, 70), body.inflate(-10, -16).move(0, -4), border_radius=2)
    for i in range(3):
        pygame.draw.line(s, (90, 230, 240), (body.left + 8, body.top + 8 + 4 * i),
                         (body.left + 14 + rnd.randint(4, 20), body.top + 8 + 4 * i))
    for i, col in enumerate(((230, 70, 60), (80, 220, 120), (230, 186, 40))):
        pygame.draw.circle(s, col, (body.left + 12 + 10 * i, body.bottom - 7), 2)


def support(s: pygame.Surface, rnd: random.Random) -> None:
    """A round structural column with pipes (as ``pillar``)."""
    deck(s, rnd)
    c = (TW // 2, TH // 2)
    sh = pygame.Surface((TW, TH), pygame.SRCALPHA)
    pygame.draw.circle(sh, (0, 0, 0, 110), (c[0] + 4, c[1] + 5), 18)
    s.blit(sh, (0, 0))
    pygame.draw.circle(s, (120, 128, 142), c, 18)
    pygame.draw.circle(s, (64, 68, 78), c, 18, 3)
    pygame.draw.circle(s, (230, 186, 40), c, 12, 3)
    pygame.draw.circle(s, (170, 178, 190), (c[0] - 5, c[1] - 5), 5)


# The compound (maps/compound.tmx, nd6 part 2): a depot yard around a warehouse. Appended after the
# ship tiles so their gids, and the cantina and cargo bay drawn with them, stay what they were.

CONCRETE = (150, 148, 140)
YARD = (140, 118, 84)


def concrete(s: pygame.Surface, rnd: random.Random) -> None:
    """Poured concrete slabs: pale grey, expansion joints, a hairline crack and an oil stain."""
    noise(s, CONCRETE, rnd, amount=8, blotches=10)
    for y in (TH // 3, 2 * TH // 3):
        pygame.draw.line(s, shade(CONCRETE, 0.7), (0, y), (TW, y), 1)
    pygame.draw.line(s, shade(CONCRETE, 0.7), (TW // 2, 0), (TW // 2, TH), 1)
    x, y = rnd.randint(8, 24), rnd.randint(8, 20)
    for _ in range(5):  # a crack wandering down the slab
        nx, ny = x + rnd.randint(-4, 8), y + rnd.randint(4, 10)
        pygame.draw.line(s, shade(CONCRETE, 0.55), (x, y), (nx, ny))
        x, y = nx, ny
    stain = pygame.Surface((TW, TH), pygame.SRCALPHA)
    pygame.draw.ellipse(stain, (30, 28, 26, 60), (rnd.randint(26, 40), rnd.randint(38, 50), 16, 10))
    s.blit(stain, (0, 0))


def packed_dirt(s: pygame.Surface, rnd: random.Random) -> None:
    """The yard's packed earth with a pair of tyre tracks across it."""
    dirt(s, rnd, YARD)
    for dy in (-9, 9):
        y = TH // 2 + dy
        for x in range(0, TW, 4):
            pygame.draw.line(s, shade(YARD, 0.8), (x, y - 2), (x + 2, y + 2), 1)


def rubble(s: pygame.Surface, rnd: random.Random) -> None:
    """Broken concrete and twisted rebar on dirt: slow going (move cost 2), no real cover."""
    dirt(s, rnd, YARD)
    for _ in range(9):
        cx, cy, r = rnd.randint(8, TW - 8), rnd.randint(12, TH - 12), rnd.randint(4, 8)
        pts = [(cx + r * math.cos(a) * rnd.uniform(0.6, 1.2), cy + r * math.sin(a) * rnd.uniform(0.6, 1.2))
               for a in (i * math.tau / 5 + rnd.random() for i in range(5))]
        c = jitter(CONCRETE, rnd, 14)
        pygame.draw.polygon(s, shade(c, 0.6), [(x + 1, y + 2) for x, y in pts])
        pygame.draw.polygon(s, c, pts)
    for _ in range(2):
        x, y = rnd.randint(10, TW - 20), rnd.randint(16, TH - 16)
        pygame.draw.lines(s, (120, 70, 46), False, [(x, y), (x + 6, y - 4), (x + 14, y + 2)], 2)


def fuel_drum(s: pygame.Surface, rnd: random.Random) -> None:
    """Three fuel drums seen from above, red with a yellow flame mark: blocks movement and sight and
    would burn (the tile's ``flammable`` property)."""
    concrete(s, rnd)
    for cx, cy in ((21, 26), (43, 26), (32, 47)):
        sh = pygame.Surface((TW, TH), pygame.SRCALPHA)
        pygame.draw.circle(sh, (0, 0, 0, 110), (cx + 3, cy + 4), 12)
        s.blit(sh, (0, 0))
        red = jitter((176, 44, 34), rnd, 8)
        pygame.draw.circle(s, shade(red, 0.6), (cx, cy), 12)
        pygame.draw.circle(s, red, (cx, cy), 10)
        pygame.draw.circle(s, shade(red, 0.7), (cx, cy), 7, 1)  # the rolling hoop
        pygame.draw.circle(s, (60, 60, 64), (cx + 4, cy - 4), 2)  # the bung
        pygame.draw.polygon(s, (240, 196, 40), [(cx - 3, cy + 3), (cx, cy - 4), (cx + 3, cy + 3)])


def fence(s: pygame.Surface, rnd: random.Random) -> None:
    """A chain-link fence on the yard's dirt: nobody climbs it in a fight, everybody sees and shoots
    through it (blocks movement, not sight)."""
    packed_dirt(s, rnd)
    mesh = pygame.Surface((TW, TH), pygame.SRCALPHA)
    top, bottom = TH // 2 - 10, TH // 2 + 10
    for x in range(-20, TW + 20, 6):
        pygame.draw.line(mesh, (200, 206, 212, 170), (x, top), (x + 20, bottom))
        pygame.draw.line(mesh, (200, 206, 212, 170), (x + 20, top), (x, bottom))
    pygame.draw.line(mesh, (220, 226, 232, 230), (0, top), (TW, top), 2)
    pygame.draw.line(mesh, (220, 226, 232, 230), (0, bottom), (TW, bottom), 2)
    s.blit(mesh, (0, 0))
    for x in (6, TW // 2, TW - 7):
        pygame.draw.circle(s, (60, 64, 70), (x, TH // 2), 4)
        pygame.draw.circle(s, (170, 176, 184), (x - 1, TH // 2 - 1), 2)


SCIFI_NAME = "scifi"
SCIFI_TILES: list[Tile] = [
    ("deck", deck, P(terrain="deck", move_cost=1)),
    ("deck_dark", lambda s, r: deck(s, r, (70, 76, 88)), P(terrain="deck", move_cost=1)),
    ("grate", grate, P(terrain="grating", move_cost=1)),
    ("hazard", hazard, P(terrain="deck", move_cost=1)),
    ("cantina_floor", cantina_floor, P(terrain="floor", move_cost=1)),
    ("bulkhead", bulkhead, P(terrain="wall", move_cost=1, blocks_movement=True, blocks_sight=True)),
    ("hatch", hatch, P(terrain="door", move_cost=1)),
    ("bar_counter", bar_counter, P(terrain="counter", move_cost=3, cover=2)),
    ("metal_table", metal_table, P(terrain="table", move_cost=2, cover=1)),
    ("crate", crate, P(terrain="crate", move_cost=1, blocks_movement=True, blocks_sight=True, cover=2)),
    ("boxes", boxes, P(terrain="boxes", move_cost=3, cover=1)),
    ("console", console, P(terrain="console", move_cost=1, blocks_movement=True, cover=2)),
    ("support", support, P(terrain="pillar", move_cost=1, blocks_movement=True, blocks_sight=True, cover=2)),
    # the compound's tiles (appended: the ones above keep their gids)
    ("concrete", concrete, P(terrain="concrete", move_cost=1)),
    ("packed_dirt", packed_dirt, P(terrain="dirt", move_cost=1)),
    ("rubble", rubble, P(terrain="rubble", move_cost=2)),
    ("fuel_drum", fuel_drum, P(terrain="fuel_drum", move_cost=1, blocks_movement=True, blocks_sight=True, cover=2,
                                flammable=True)),
    ("fence", fence, P(terrain="fence", move_cost=1, blocks_movement=True)),
]

#: tile name -> gid in a map whose sci-fi tileset has firstgid 1
SCIFI_GID = {name: i + 1 for i, (name, _, _) in enumerate(SCIFI_TILES)}


def write_scifi() -> None:
    """maps/scifi.png and maps/scifi.tsx, drawn as the terrain tileset is (bevel, hex mask, seeded)."""
    rows = math.ceil(len(SCIFI_TILES) / COLUMNS)
    sheet = pygame.Surface((TW * COLUMNS, TH * rows), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for i in range(len(SCIFI_TILES)):
        sheet.blit(draw_tile(i, SCIFI_TILES), ((i % COLUMNS) * TW, (i // COLUMNS) * TH))
    pygame.image.save(sheet, MAPS / f"{SCIFI_NAME}.png")
    (MAPS / f"{SCIFI_NAME}.tsx").write_text(tsx_text(f"{SCIFI_NAME}.png", sheet.get_width(), sheet.get_height(),
                                                     SCIFI_NAME, SCIFI_TILES))
    print(f"wrote {MAPS / f'{SCIFI_NAME}.png'} ({len(SCIFI_TILES)} tiles) and {MAPS / f'{SCIFI_NAME}.tsx'}")


def main() -> None:
    MAPS.mkdir(exist_ok=True)
    rows = math.ceil(len(TILES) / COLUMNS)
    sheet = pygame.Surface((TW * COLUMNS, TH * rows), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for i in range(len(TILES)):
        sheet.blit(draw_tile(i), ((i % COLUMNS) * TW, (i // COLUMNS) * TH))
    pygame.image.save(sheet, MAPS / f"{NAME}.png")
    (MAPS / f"{NAME}.tsx").write_text(tsx_text(f"{NAME}.png", sheet.get_width(), sheet.get_height()))
    print(f"wrote {MAPS / f'{NAME}.png'} ({len(TILES)} tiles) and {MAPS / f'{NAME}.tsx'}")
    write_scifi()


if __name__ == "__main__":
    main()
