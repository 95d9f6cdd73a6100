"""Fighters as tokens: where each one sits on screen, what it looks like, and which one a click hits.

A token tells its side twice, by colour and by a shape that needs no colour
vision (circle, square, triangle, diamond, pentagon by side order), carries
the fighter's initial, a facing pointer, and its posture: lying tokens are a
long ellipse along the facing line, kneeling / crouching / sitting ones are
smaller with a letter badge. Up to five fighters in one hex stand side by side,
smaller, each with its own click target; their names, bars and badges go on the
hex's plate beside it (:mod:`game.ui.crowd_plate`). Token images are cached by look and
size; a frame only blits them.

Under every token a health bar (issue 15): its length is the share of hit
points left, with quarter ticks, so it reads without colour; its colour
(the palette's success / neutral / failure, which the colour-blind palette
makes blue / yellow / orange) only repeats that.

Issue 16, from the ruleset's facts (never its id): fighters sharing a hex with
the ruleset's ``brawl_condition`` are one brawl, drawn as one hex: the hex
tinted and ringed, "BRAWL n" on its plate, the members side by side grouped by
side; a ``token_stat`` above 0 (nd6's Martial Arts level) is a small dark tag
at the token's upper left, its value or the first letter of its name ("M",
Master).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from game.files.names import initial
from game.hexgrid import Hex
from game.rules.base import Ruleset
from game.ui.camera import Camera
from game.ui.crowd_plate import draw_plates
from game.ui.geometry import MapGeometry
from game.ui.icon_atlas import shared as shared_icons
from game.ui.label_layout import LabelLayout
from game.ui.looks import Look, look_of
from game.ui.palette import STANDARD
from game.ui.text import TextCache
from game.ui.token_faces import (
    FIGURE_INK,
    ICON_MIN_R,
    ITEM_MIN_R,
    SMALL_FIGURE_R,
    draw_figure,
    draw_item,
    face_fill,
    item_spot,
)

__all__ = [
    "SHAPES", "TokenPlacement", "TokenLayer", "parse_colour", "slot_offsets", "side_shape",
    "LYING_POSTURES", "POSTURE_BADGES", "health_colour", "brawls", "stat_badge", "token_extent", "pointer_points",
]

SHAPES = ("circle", "square", "triangle", "diamond", "pentagon")
LYING_POSTURES = ("prone", "crawling")
POSTURE_BADGES = {"kneeling": "K", "crouching": "C", "sitting": "S", "down_in_brawl": "P"}
#: a brawler lying down is drawn upright and small with a "P" badge: in a brawl of several, long lying
#: bodies side by side would cover each other (issue 16: brawlers go down together, S3-HTH-10)
DOWN_IN_BRAWL = "down_in_brawl"
#: below this token radius (pixels) a brawler has no P badge: it would cover the letter that says who it is
BRAWL_BADGE_MIN_R = 10
OUTLINE = (18, 18, 22)
SELECT_RING = (255, 216, 74)
POINTER_FILL = (250, 246, 232)
TOKEN_RADIUS = 0.6  # of the hex radius, for a fighter alone in its hex


def parse_colour(value: str | tuple[int, ...] | None, default: tuple[int, int, int] = (192, 57, 43)
                 ) -> tuple[int, int, int]:
    """``"#c0392b"``, ``"red"`` or an RGB tuple to an RGB tuple (bad input gives ``default``)."""
    if value is None:
        return default
    if isinstance(value, tuple | list):
        return (int(value[0]), int(value[1]), int(value[2]))
    try:
        c = pygame.Color(value)
    except (ValueError, TypeError):
        return default
    return (c.r, c.g, c.b)


#: (more than half, a quarter to a half, under a quarter) of the hit points left: the default palette's colours
HEALTH_COLOURS = ((92, 200, 110), (220, 200, 120), (235, 87, 74))
HEALTH_TRACK = (28, 28, 34)


def health_colour(frac: float, colours: tuple[tuple[int, int, int], ...] = HEALTH_COLOURS) -> tuple[int, int, int]:
    """The bar's colour for ``frac`` of the hit points left (the length is the cue; this repeats it)."""
    return colours[0] if frac > 0.5 else colours[1] if frac > 0.25 else colours[2]


BRAWL_FILL = (214, 84, 40, 70)
BRAWL_EDGE = (240, 128, 60)
STAT_TAG_FILL = (20, 20, 24)
STAT_TAG_INK = (255, 222, 140)


def brawls(battle: Any, condition: str | None) -> dict[Hex, list[Any]]:
    """Hexes holding a brawl: two or more fighters there carrying ``condition`` (nd6's ``in_hth``)."""
    if not condition:
        return {}
    out: dict[Hex, list[Any]] = {}
    for f in battle.fighters:
        if condition in f.conditions:
            out.setdefault(f.hex, []).append(f)
    return {h: group for h, group in out.items() if len(group) >= 2}


def stat_badge(ruleset: Ruleset, f: Any) -> str | None:
    """The token's stat tag: the ruleset's ``token_stat`` value when above 0, a named value by its first
    letter (Martial Arts 5, "Master": "M"); None without one."""
    stat = ruleset.presentation.token_stat
    if not stat:
        return None
    v = (getattr(f, "stats", None) or {}).get(stat)
    if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
        return None
    named = ruleset.presentation.stat_words.get(stat, {}).get(v)
    return named[:1].upper() if named else str(v)


def side_shape(index: int) -> str:
    return SHAPES[index % len(SHAPES)]


def slot_offsets(n: int, pointy: bool = True) -> list[tuple[float, float, float]]:
    """Where ``n`` fighters sharing a hex stand: (dx, dy, scale), offsets in hex radii; on a flat-top map
    (``pointy`` False) the same places turned a quarter round, as its hexes are.

    Each token's body stays inside its (pointy-top) hex and clear of the others; two to four keep 60% of a lone
    token's size or more (a body of 0.36 hex radii), five as much as a hexagon holds: the best packing of five
    equal discs in it (one at the top, two at the sides, two low; found by optimisation) allows 0.3334 hex
    radii, 55.6% of a lone token, so five get 55% (the two rows and a middle used before gave 52%). Their words
    go on the hex's plate (:mod:`game.ui.crowd_plate`), not round these small tokens."""
    if not pointy:
        return [(-dy, dx, scale) for dx, dy, scale in slot_offsets(n)]
    if n <= 1:
        return [(0.0, 0.0, 1.0)]
    if n == 2:
        return [(-0.42, 0.0, 0.66), (0.42, 0.0, 0.66)]
    if n == 3:
        return [(-0.38, -0.26, 0.6), (0.38, -0.26, 0.6), (0.0, 0.38, 0.6)]
    if n == 4:
        return [(-0.37, -0.37, 0.6), (0.37, -0.37, 0.6), (-0.37, 0.37, 0.6), (0.37, 0.37, 0.6)]
    if n == 5:
        return [(0.0, -0.615, 0.55), (-0.533, -0.214, 0.55), (0.533, -0.214, 0.55), (-0.333, 0.423, 0.55),
                (0.333, 0.423, 0.55)]
    out = []
    for i in range(n):  # more than five: a ring, smaller still (rare; rules cap at five)
        a = 2 * math.pi * i / n - math.pi / 2
        out.append((0.5 * math.cos(a), 0.5 * math.sin(a), 0.36))
    return out


def _contrast(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    r, g, b = colour
    return (16, 16, 20) if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (250, 248, 240)


def pointer_points(cx: float, cy: float, ux: float, uy: float, r: float) -> list[tuple[float, float]]:
    """The facing pointer of a token at (``cx``, ``cy``) of radius ``r`` facing the unit vector (ux, uy): an
    arrowhead from the body's edge, slim enough to read its way at a slant (a near-equilateral one facing
    south-east read as pointing west under Xvfb: its far side stood upright)."""
    px, py = -uy, ux
    base, half, tip = r * 0.9, r * 0.27, r * 1.7
    return [(cx + ux * tip, cy + uy * tip), (cx + ux * base + px * half, cy + uy * base + py * half),
            (cx + ux * base - px * half, cy + uy * base - py * half)]


@lru_cache(maxsize=2048)  # asked for every token every frame; six facings, a few sizes and postures
def token_extent(direction: tuple[float, float], r: float, posture: str, tag: bool = False, item: bool = False
                 ) -> tuple[float, float]:
    """How far above (negative) and below its centre a token of radius ``r`` facing ``direction`` draws: its
    body, its facing pointer or a lying body's length, its stat tag. The health bar goes under it and the
    condition badges over it, so neither hides which way the fighter faces (seen under Xvfb in the cantina:
    a fighter facing south-east had its pointer under its health bar, one facing north-west under DODGE)."""
    ux, uy = direction
    if posture in LYING_POSTURES:
        half = math.hypot(1.5 * r * uy, 0.62 * r * ux)
        up, down = -half, half
    else:
        ys = [y for _, y in pointer_points(0.0, 0.0, ux, uy, r)]
        up, down = min(-r, min(ys) - 1), max(r, max(ys) + 1)
    if tag:  # the stat tag at the upper left (its box about 0.45 r high above its centre at -0.78 r)
        up = min(up, -0.78 * r - 0.75 * max(8, r * 0.62) - 2)
    if item and posture not in LYING_POSTURES:  # the item disc at the lower left
        _, low, disc = item_spot(0.0, int(r))
        down = max(down, low + disc + 1)
    return up, down


def _shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    if shape == "square":
        s = r * 0.86
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        return [(cx + r * 1.12 * math.cos(a), cy + r * 1.12 * math.sin(a) + r * 0.16)
                for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]
    if shape == "diamond":
        return [(cx, cy - r * 1.12), (cx + r * 1.02, cy), (cx, cy + r * 1.12), (cx - r * 1.02, cy)]
    if shape == "pentagon":
        return [(cx + r * 1.05 * math.cos(-math.pi / 2 + 2 * math.pi * i / 5),
                 cy + r * 1.05 * math.sin(-math.pi / 2 + 2 * math.pi * i / 5)) for i in range(5)]
    return None  # circle


def _paint_figure(icons: Any, surf: pygame.Surface, shape: str, colour: tuple[int, int, int], figure: str, c: float,
                  r: int, edge: int) -> bool:
    """The role's figure inside the side-coloured rim (issue 26); False when its icon cannot be drawn."""
    # a small token (seen at 1024x640: the figure a blot inside a rim) has no dark plate: its figure fills the
    # whole body in the letter's ink; a larger one a dark plate inside a ring of the side colour
    small = r < SMALL_FIGURE_R
    rim = 0 if small else max(2, r // 6)
    lift = r * 0.16 if shape == "triangle" else 0.0  # a triangle's room is low in it
    inner_r = r - edge - rim if shape == "circle" else r - edge * 1.5 - rim
    plate = surf.copy()
    if not small:
        pts = _shape_points(shape, c, c, inner_r)
        if pts is None:
            pygame.draw.circle(plate, face_fill(colour), (c, c), inner_r)
        else:
            pygame.draw.polygon(plate, face_fill(colour), pts)
    scale = {"circle": 1.0, "square": 0.95, "diamond": 0.72, "pentagon": 0.85, "triangle": 0.6}.get(shape, 0.8)
    ink = _contrast(colour) if small else FIGURE_INK
    if not draw_figure(plate, icons, figure, (c, c + lift), inner_r, scale, ink):
        return False
    surf.blit(plate, (0, 0))
    return True


def _look(cache: dict[str, tuple[tuple, Look]], ruleset: Any, f: Any) -> Look:
    """``look_of`` kept per fighter while what decides it stays (the hands, riding, a mount, the skills): a frame
    reads it instead of matching every held item's words again (40 fighters cost a fifth of a millisecond)."""
    key = (id(ruleset), tuple((getattr(f, "hands", None) or {}).items()), "mounted" in f.conditions,
           bool((getattr(f, "traits", None) or {}).get("mount")), tuple(getattr(f, "skills", None) or ()))
    hit = cache.get(f.id)
    if hit is None or hit[0] != key:
        hit = cache[f.id] = (key, look_of(ruleset, f))
    return hit[1]


def _rider_pairs(group: list[Any]) -> dict[str, str]:
    """Riders and their mounts in one hex: rider id -> mount id (a rider is ``mounted``, a mount has the
    ``mount`` trait; same side)."""
    mounts = [f for f in group if (getattr(f, "traits", None) or {}).get("mount")
              and not {"dead", "unconscious"} & set(f.conditions)]
    out: dict[str, str] = {}
    for f in group:
        if "mounted" not in f.conditions:
            continue
        m = next((m for m in mounts if m.side == f.side and m.id not in out.values() and m.id != f.id), None)
        if m is not None:
            out[f.id] = m.id
    return out


@dataclass(frozen=True)
class TokenPlacement:
    """One fighter's token in world pixels: centre, radius, and its slot in a shared hex."""

    fighter_id: str
    hex: Hex
    x: float
    y: float
    radius: float
    slot: int
    crowd: int


class TokenLayer:
    """Places, draws and picks fighter tokens for one battle on one map geometry."""

    def __init__(self, geometry: MapGeometry, text: TextCache) -> None:
        self.geometry = geometry
        self.text = text
        self._images: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}
        self._labels: dict[tuple[str, int], pygame.Surface] = {}
        self._bars: dict[tuple, pygame.Surface] = {}  # health bars by (width, height, filled, colour)
        self._zoom: float | None = None
        self._placement_key: tuple | None = None
        self._placements: list[TokenPlacement] = []
        #: (current, maximum) hit points of a fighter, or None; the battle screen hands the fighter panel's
        #: own reading (the maximum from the battle's start); without it the largest value seen is the maximum
        self.health: Callable[[Any], tuple[float, float] | None] | None = None
        #: the palette's (success, neutral, failure) colours for the bars
        self.health_colours: tuple[tuple[int, int, int], ...] = HEALTH_COLOURS
        self._seen_hp: dict[str, float] = {}
        #: this frame's taken rectangles (tokens, then names): grip tags and captions drawn after avoid them
        self.layout = LabelLayout()
        #: the names wait for :meth:`draw_names` (the battle screen draws the badges first)
        self.names_later = False
        self._named: tuple[list[Any], str | None, int] = ([], None, 11)
        #: the battle's ruleset, for its facts (brawls, the stat tag); the board screen sets it
        self.ruleset: Ruleset = Ruleset()
        #: this frame's drawn tokens: screen y of the top (badges go above it) and of the bar's bottom, and
        #: whether the token shares its hex; and each bar's offset below its token's centre
        self.extents: dict[str, tuple[float, float, bool]] = {}
        self._bar_off: dict[str, float] = {}
        #: this frame's drawn boxes, ``(kind, fighter id, screen rect)``: "token" (the body), "name", "bar",
        #: "badge" and "plate" (a crowded hex's, :mod:`game.ui.crowd_plate`); tests check none overlaps
        self.boxes: list[tuple[str, str, pygame.Rect]] = []
        #: the fighters whose words are on a plate this frame; grip kind -> colour (the battle's palette)
        self.plated: set[str] = set()
        #: the part of the window the board shows in (None: all of it); a plate is kept inside it
        self.bounds: pygame.Rect | None = None
        self.grip_colours: dict[str, tuple[int, int, int]] = dict(STANDARD.grips)
        #: the role figures and held items drawn on the tokens (issue 26); a missing one draws the letter
        self.icons = shared_icons()
        self._looks: dict[str, tuple[tuple, Look]] = {}  # fighter id -> (what decided it, its look): _look

    # --- where ------------------------------------------------------------------------

    def placements(self, battle: Any) -> list[TokenPlacement]:
        """Every fighter's token position (recomputed only when someone moved)."""
        brawl = self.ruleset.presentation.brawl_condition
        key = tuple((f.id, f.hex.q, f.hex.r, "mounted" in f.conditions, bool(brawl) and brawl in f.conditions)
                    for f in battle.fighters)
        if key == self._placement_key:
            return self._placements
        by_hex: dict[Hex, list[Any]] = {}
        for f in battle.fighters:
            by_hex.setdefault(f.hex, []).append(f)
        out = []
        hr = self.geometry.hex_radius
        riders: set[str] = set()
        for h, group in by_hex.items():
            cx, cy = self.geometry.center(h)
            pairs = _rider_pairs(group)
            if pairs:  # a rider sits on its mount: the mount big and low, the rider small and up on its back
                rest = [f for f in group if f.id not in pairs and f.id not in pairs.values()]
                slots = slot_offsets(len(rest) + len(pairs), self.geometry.is_pointy)
                for i, (rid, mid) in enumerate(pairs.items()):
                    dx, dy, scale = slots[i]
                    scale = min(1.0, scale * 1.25) if len(slots) > 1 else 1.0
                    out.append(TokenPlacement(mid, h, cx + dx * hr, cy + (dy + 0.12) * hr,
                                              TOKEN_RADIUS * hr * scale, i, len(group)))
                    out.append(TokenPlacement(rid, h, cx + dx * hr, cy + (dy - 0.22) * hr,
                                              TOKEN_RADIUS * hr * scale * 0.62, i, len(group)))
                    riders.add(rid)
                for j, f in enumerate(rest):
                    dx, dy, scale = slots[len(pairs) + j]
                    out.append(TokenPlacement(f.id, h, cx + dx * hr, cy + dy * hr, TOKEN_RADIUS * hr * scale,
                                              len(pairs) + j, len(group)))
                continue
            slots = slot_offsets(len(group), self.geometry.is_pointy)
            if brawl and sum(1 for f in group if brawl in f.conditions) >= 2:
                # a brawl: the members side by side, each side's together (then by id, steadily)
                order = {s.id: i for i, s in enumerate(getattr(battle, "sides", []) or [])}
                group = sorted(group, key=lambda f: (order.get(f.side, len(order)), f.id))
            for i, f in enumerate(group):
                dx, dy, scale = slots[i]
                out.append(TokenPlacement(f.id, h, cx + dx * hr, cy + dy * hr, TOKEN_RADIUS * hr * scale, i, len(group)))
        out.sort(key=lambda p: (p.fighter_id in riders, p.y, p.x))  # riders drawn over their mounts
        self._placement_key, self._placements = key, out
        return out

    def pick(self, battle: Any, wx: float, wy: float) -> str | None:
        """The fighter whose token is under world point (wx, wy); the nearest wins, tokens get a little slack."""
        best, best_d = None, float("inf")
        for p in self.placements(battle):
            d = math.hypot(wx - p.x, wy - p.y)
            if d <= p.radius * 1.15 and d < best_d:
                best, best_d = p.fighter_id, d
        return best

    # --- looks ------------------------------------------------------------------------

    def image(self, *, shape: str, colour: tuple[int, int, int], letter: str, facing: int, posture: str,
              radius_px: int, selected: bool = False, tag: str | None = None, figure: str | None = None,
              items: tuple[str, ...] = ()) -> tuple[pygame.Surface, tuple[int, int]]:
        """A token image and the pixel in it that goes on the token's centre (``tag``: the stat tag; ``figure``:
        the role's icon, drawn instead of ``letter`` when it can be; ``items``: the icons of what is in hand,
        the main one drawn on the token)."""
        key = (shape, colour, letter, facing % 6, posture, radius_px, selected, tag, figure, items[:1])
        hit = self._images.get(key)
        if hit is None:
            hit = self._images[key] = self._make(*key)
        return hit

    def _body(self, shape: str, colour: tuple[int, int, int], letter: str, r: int, selected: bool,
              figure: str | None = None) -> pygame.Surface:
        pad = max(2, r // 4)
        size = 2 * (r + pad)
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        edge = max(2, r // 9)
        pts = _shape_points(shape, c, c, r)
        if selected:
            if pts is None:
                pygame.draw.circle(surf, SELECT_RING, (c, c), r + pad - 1)
            else:
                grown = _shape_points(shape, c, c, r + pad * 0.9)
                pygame.draw.polygon(surf, SELECT_RING, grown)
        if pts is None:
            pygame.draw.circle(surf, OUTLINE, (c, c), r)
            pygame.draw.circle(surf, colour, (c, c), r - edge)
            hl = tuple(min(255, int(v * 1.25) + 20) for v in colour)
            pygame.draw.circle(surf, hl, (c, c), r - edge, width=max(1, edge // 2),
                               draw_top_left=True, draw_top_right=False)
        else:
            pygame.draw.polygon(surf, OUTLINE, pts)
            inner = _shape_points(shape, c, c, r - edge * 1.5)
            pygame.draw.polygon(surf, colour, inner)
        if figure and r >= ICON_MIN_R and _paint_figure(self.icons, surf, shape, colour, figure, c, r, edge):
            return surf
        size_txt = max(8, int(r * (1.25 if shape in ("circle", "square") else 1.0)))
        glyph = self.text.render(letter, size_txt, _contrast(colour), bold=True)
        dy = r * 0.18 if shape == "triangle" else 0
        surf.blit(glyph, glyph.get_rect(center=(c, c + dy + 1)))
        return surf

    def _make(self, shape: str, colour: tuple[int, int, int], letter: str, facing: int, posture: str,
              r: int, selected: bool, tag: str | None = None, figure: str | None = None,
              items: tuple[str, ...] = ()) -> tuple[pygame.Surface, tuple[int, int]]:
        dx, dy = self.geometry.direction_vector(facing)
        angle = math.degrees(math.atan2(-dy, dx))  # pygame rotates counter-clockwise, y up
        lying = posture in LYING_POSTURES
        badge = POSTURE_BADGES.get(posture)
        if posture == DOWN_IN_BRAWL and r < BRAWL_BADGE_MIN_R:
            # seen under Xvfb at 1280x800: on a brawler this small the P badge hid its letter; every brawler is
            # down anyway (S3-HTH-10), which the BRAWL tag, the tooltip and the panel say
            badge = None
        body_r = int(r * 0.84) if badge else r
        body = self._body(shape, colour, letter, max(4, body_r), selected, figure)
        if lying:
            # lying flat: a long ellipse along the facing line, head towards the facing
            w, h = body.get_size()
            flat = pygame.Surface((int(w * 1.5), int(h * 0.62)), pygame.SRCALPHA)
            fr = flat.get_rect()
            if selected:
                pygame.draw.ellipse(flat, SELECT_RING, fr)
            pad = max(2, r // 4) if selected else 0
            pygame.draw.ellipse(flat, OUTLINE, fr.inflate(-pad, -pad))
            pygame.draw.ellipse(flat, colour, fr.inflate(-pad - max(4, r // 4), -pad - max(4, r // 4)))
            glyph = self.icons.get(figure, max(8, int(r * 1.1)), _contrast(colour)) if figure else None
            if glyph is None:
                glyph = self.text.render(letter, max(8, int(r * 0.95)), _contrast(colour), bold=True)
            glyph = pygame.transform.rotate(glyph, -90)  # read along the body
            flat.blit(glyph, glyph.get_rect(center=(fr.centerx - r * 0.2, fr.centery)))
            # a head at the facing end
            pygame.draw.circle(flat, OUTLINE, (fr.right - fr.h * 0.5, fr.centery), fr.h * 0.36)
            pygame.draw.circle(flat, POINTER_FILL, (fr.right - fr.h * 0.5, fr.centery), fr.h * 0.36 - 2)
            body = pygame.transform.rotate(flat, angle)
        size = int(2 * r * 1.7) + 4
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        surf.blit(body, body.get_rect(center=(c, c)))
        if items and not lying and body_r >= ITEM_MIN_R:  # the item in hand, under the facing pointer
            draw_item(surf, self.icons, items[0], item_spot(c, body_r), OUTLINE)
        if not lying:  # facing pointer: an arrowhead just outside the body
            pts = pointer_points(c, c, dx, dy, r)
            pygame.draw.polygon(surf, POINTER_FILL, pts)
            pygame.draw.polygon(surf, OUTLINE, pts, width=max(1, r // 12))
        if badge:
            br = max(5, int(r * 0.42))
            bx, by = c + r * 0.72, c + r * 0.72
            pygame.draw.circle(surf, OUTLINE, (bx, by), br)
            pygame.draw.circle(surf, (240, 214, 120), (bx, by), br - max(1, br // 5))
            g = self.text.render(badge, max(7, int(br * 1.5)), OUTLINE, bold=True)
            surf.blit(g, g.get_rect(center=(bx, by + 1)))
        if tag:  # the stat tag (nd6: the Martial Arts level, "M" for a Master) at the upper left, like a belt
            g = self.text.render(tag, max(8, int(r * 0.62)), STAT_TAG_INK, bold=True)
            box = g.get_rect().inflate(4, 0)
            box.center = (int(c - r * 0.78), int(c - r * 0.78))
            pygame.draw.rect(surf, STAT_TAG_INK, box.inflate(2, 2), border_radius=3)
            pygame.draw.rect(surf, STAT_TAG_FILL, box, border_radius=3)
            surf.blit(g, g.get_rect(center=box.center))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        return surf, (int(c), int(c))

    def _dimmed(self, img: pygame.Surface) -> pygame.Surface:
        key = ("dim", id(img))
        hit = self._images.get(key)
        if hit is None:
            d = img.copy()
            d.fill((110, 110, 110, 150), special_flags=pygame.BLEND_RGBA_MULT)
            hit = self._images[key] = (d, (0, 0))
        return hit[0]

    def use_palette(self, pal: Any) -> None:
        """The health bars and the plates' grip words in ``pal``'s colours (the colour-blind one's own)."""
        self.health_colours = (pal.success, pal.neutral, pal.failure)
        self.grip_colours = dict(pal.grips)

    def stat_tag(self, f: Any) -> str | None:
        return stat_badge(self.ruleset, f)

    def label(self, name: str, size: int) -> pygame.Surface:
        key = (name, size)
        s = self._labels.get(key)
        if s is None:
            txt = self.text.render(name, size, (246, 242, 230), bold=True)
            w, h = txt.get_width() + 8, txt.get_height() + 2
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(s, (12, 12, 16, 185), s.get_rect(), border_radius=h // 2)
            s.blit(txt, (4, 1))
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                s = s.convert_alpha()
            self._labels[key] = s
        return s

    def health_of(self, f: Any) -> tuple[float, float] | None:
        """``(current, maximum)`` hit points of ``f`` for its bar, or None when the ruleset keeps none."""
        if self.health is not None:
            return self.health(f)
        mx = self.ruleset.max_hp(f)  # the ruleset's full hit points (3d6: ST unless HP is given, G0-7)
        hp = f.hp if f.hp is not None else mx
        if hp is None:
            return None
        seen = max(self._seen_hp.get(f.id, 0), hp, mx if isinstance(mx, int | float) else 0)
        self._seen_hp[f.id] = seen
        return (hp, seen)

    def health_bar(self, surface: pygame.Surface, centre_x: float, top: float, r: int, f: Any) -> float:
        """Draw ``f``'s bar centred on ``centre_x`` from ``top``; returns its bottom (``top`` if none)."""
        hp = self.health_of(f)
        if hp is None or hp[1] <= 0:
            return top
        frac = max(0.0, min(1.0, hp[0] / hp[1]))
        w = max(14, int(r * 1.7))
        h = max(4, min(8, r // 4))
        box = pygame.Rect(int(centre_x - w / 2), int(top), w, h)
        filled = max(1, int(round(w * frac))) if frac > 0 else 0
        colour = health_colour(frac, self.health_colours) if frac > 0 else None
        key = (w, h, filled, colour, surface.get_flags() & pygame.SRCALPHA)
        bar = self._bars.get(key)
        if bar is None:  # drawn once per look (seven draw calls), then one blit a frame: issue 26's frame budget
            bar = pygame.Surface((w + 2, h + 2), 0, surface)
            bar.fill(OUTLINE)  # the outline: the whole picture, the box inset by one pixel
            inner = pygame.Rect(1, 1, w, h)
            pygame.draw.rect(bar, HEALTH_TRACK, inner)
            if colour is not None:
                pygame.draw.rect(bar, colour, pygame.Rect(1, 1, filled, h))
            for q in (0.25, 0.5, 0.75):  # quarter ticks: the length reads without colour
                x = 1 + int(w * q)
                pygame.draw.line(bar, OUTLINE, (x, 1), (x, h))
            self._bars[key] = bar
        surface.blit(bar, (box.x - 1, box.y - 1))
        return box.bottom + 1

    # --- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, camera: Camera, battle: Any, *, selected: str | None = None,
             side_index: dict[str, int] | None = None, colours: dict[str, tuple[int, int, int]] | None = None,
             override: dict[str, tuple[float, float]] | None = None, dimmed: frozenset[str] = frozenset()
             ) -> None:
        """Blit every token; ``override`` puts some at other world points (walking, lunging)."""
        z = camera.zoom
        if z != self._zoom:
            self._images.clear()
            self._labels.clear()
            self._bars.clear()
            self._zoom = z
        side_index = side_index or {}
        colours = colours or {}
        by_id = {f.id: f for f in battle.fighters}
        vw, vh = camera.viewport
        self._view = (vw, vh)  # names are kept inside it (:meth:`_place_names`)
        blits = []
        bars: list[tuple[float, float, int, Any]] = []
        named: list[tuple[Any, TokenPlacement, float, float, int]] = []
        name_size = int(min(20, max(11, self.geometry.hex_radius * z * 0.42)))
        show_names = self.geometry.hex_radius * z >= 14
        self.layout.reset()
        self.extents.clear()
        self.boxes.clear()
        _draw_brawls(surface, camera, self.geometry, battle, self.ruleset.presentation.brawl_condition)
        in_brawls = {f.id for group in brawls(battle, self.ruleset.presentation.brawl_condition).values() for f in group}
        for p in self.placements(battle):
            f = by_id[p.fighter_id]
            wx, wy = override.get(f.id, (p.x, p.y)) if override else (p.x, p.y)
            sx, sy = camera.world_to_screen(wx, wy)
            r = max(4, int(p.radius * z + (0.5 if p.crowd > 1 else 0)))  # a crowded one rounded: 60% kept
            if sx < -3 * r or sy < -3 * r or sx > vw + 3 * r or sy > vh + 3 * r:
                continue
            posture = DOWN_IN_BRAWL if f.id in in_brawls and f.posture in LYING_POSTURES else f.posture
            tag = stat_badge(self.ruleset, f) if r >= 9 and p.crowd == 1 else None  # crowded: on the plate
            look = _look(self._looks, self.ruleset, f)
            img, (ax, ay) = self.image(
                shape=side_shape(side_index.get(f.side, 0)), colour=colours.get(f.side, (192, 57, 43)),
                letter=initial(f.name or f.id), facing=f.facing, radius_px=r, selected=(f.id == selected),
                posture=posture, tag=tag, figure=look.icon, items=look.items)
            if f.id in dimmed:
                img = self._dimmed(img)
            blits.append((img, (int(sx) - ax, int(sy) - ay)))
            has_item = bool(look.items) and (int(r * 0.84) if posture in POSTURE_BADGES else r) >= ITEM_MIN_R
            up, down = token_extent(self.geometry.direction_vector(f.facing), r, posture, bool(tag), has_item)
            bar = self._bar_off[f.id] = max(r * 1.08, down + 1) if p.crowd == 1 else r * 1.08  # under the pointer
            self.extents[f.id] = (sy + up, sy + bar + max(4, min(8, r // 4)) + 1, p.crowd > 1)
            self.boxes.append(("token", f.id, pygame.Rect(int(sx - r), int(sy - r), 2 * r, 2 * r)))
            if p.crowd == 1:  # a crowded token's bar is on its hex's plate
                bars.append((sx, sy + bar, r, f))
            # the token and its health bar are taken before any word is placed: no label hides a fighter
            low = int(r + bar) + max(4, min(8, r // 4)) if p.crowd == 1 else 2 * r
            self.layout.claim(pygame.Rect(int(sx - r), int(sy - r), 2 * r, low))
            if show_names:
                named.append((f, p, sx, sy, r))
        surface.blits(blits, doreturn=False)
        for sx, top, r, f in bars:  # every token, crowded or not (issue 15: a health bar on every token)
            self.health_bar(surface, sx, top, r, f)
        # after the tokens have claimed their places: a crowded hex's words on its plate, covering none
        self.plated = draw_plates(surface, self, camera, battle, by_id, colours, in_brawls)
        self._named = (named, selected, name_size)
        if not self.names_later:
            self.draw_names(surface)

    def draw_names(self, surface: pygame.Surface) -> None:
        """Place and draw the names of the tokens last drawn, avoiding everything the layout holds by now
        (the battle screen calls this after the condition badges have claimed their places)."""
        named, selected, name_size = self._named
        self._named = ([], None, name_size)
        self._leaders: list[tuple[tuple[float, float], tuple[float, float]]] = []
        labels = self._place_names(named, selected, name_size)
        for a, b in self._leaders:
            pygame.draw.line(surface, (12, 12, 16), a, b, 3)
            pygame.draw.line(surface, (236, 232, 220), a, b, 1)
        surface.blits(labels, doreturn=False)

    def _hex_centre_screen(self, p: TokenPlacement, sx: float, sy: float) -> tuple[float, float]:
        """The screen centre of ``p``'s hex (``p``'s own offset taken back from where it is drawn)."""
        wx, wy = self.geometry.center(p.hex)
        return sx - (p.x - wx) * self._zoom, sy - (p.y - wy) * self._zoom

    def _place_names(self, named: list[tuple[Any, TokenPlacement, float, float, int]], selected: str | None,
                     name_size: int) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """Every fighter's name where it covers no token and no other name (issue 15: crowded hexes keep
        their names): below the token, else above, beside it on its outer side, or a line lower; the
        selected fighter's first and always shown, then lone fighters', then those sharing a hex (a
        size smaller). A name with no free spot is left out; hovering its token names it."""
        order = sorted(named, key=lambda e: (e[0].id != selected, e[1].crowd > 1, e[3], e[2]))
        out = []
        for f, p, sx, sy, r in order:
            if f.id in self.plated:  # its name is on its hex's plate
                continue
            size = name_size if p.crowd == 1 else max(10, name_size - 2)
            lab = self.label(f.name or f.id, size)
            w, h = lab.get_size()
            below = sy + self._bar_off.get(f.id, r * 1.08) + max(4, min(8, r // 4)) + 3 + h / 2
            above = sy - r * 1.15 - h / 2
            side = r + 4 + w / 2
            if p.crowd > 1:  # sharing a hex: the name goes out of the hex on its token's side, like a callout
                cx, cy = self._hex_centre_screen(p, sx, sy)
                ox = 1 if sx >= cx else -1
                oy = 1 if sy > cy + 1 else -1 if sy < cy - 1 else 0
                vert = [below, above] if oy >= 0 else [above, below]
                spots = [(sx + ox * side, sy), (sx + ox * side, sy + oy * (h + 2))]
                spots += [(sx + ox * shift * w, y) for y in vert for shift in (0, 0.3, 0.5, -0.3, -0.5)]
                spots += [(sx + ox * side, sy + oy * 2 * (h + 2)), (sx - ox * side, sy)]
            else:
                spots = [(sx, below), (sx, above), (sx + side, sy), (sx - side, sy), (sx, below + h + 2),
                         (sx, above - h - 2)]
            vw = getattr(self, "_view", (0, 0))[0]
            if vw > w + 4:  # a name by the board's edge is moved along to show whole (seen: "us the Barman ...")
                spots = [(min(max(x, 2 + w / 2), vw - 2 - w / 2), y) for x, y in spots]
            rect = self.layout.place(f"name:{f.id}", (w, h), spots, force=(f.id == selected))
            if rect is None and p.crowd > 1:  # last resort: a line further out, away from the crowd
                rect = self.layout.place(f"name:{f.id}", (w, h), [(x + (x - sx) * 0.6, y + (h + 2) * k)
                                                                  for x, y in spots[:2] for k in (1, -1, 2, -2)])
            if rect is not None:
                out.append((lab, rect.topleft))
                self.boxes.append(("name", f.id, rect))
                if p.crowd > 1 and math.hypot(rect.centerx - sx, rect.centery - sy) > r + w / 2 + 8:
                    # a name set apart from its crowded token: a thin leader line ties it to the token
                    end = (min(max(sx, rect.left), rect.right), min(max(sy, rect.top), rect.bottom))
                    d = math.hypot(end[0] - sx, end[1] - sy) or 1.0
                    edge = (sx + (end[0] - sx) * (r + 1) / d, sy + (end[1] - sy) * (r + 1) / d)
                    self._leaders.append((end, edge))
        return out


def _draw_brawls(surface: pygame.Surface, camera: Camera, geometry: MapGeometry, battle: Any,
                 condition: str | None) -> None:
    """Each brawl's hex tinted and ringed, under its tokens (issue 16: one hex, one fight; its "BRAWL n" is
    the title of the hex's plate)."""
    groups = brawls(battle, condition)
    if not groups:
        return
    z = camera.zoom
    outline = geometry.hex_outline()
    for h in groups:
        cx, cy = camera.world_to_screen(*geometry.center(h))
        pts = [(cx + x * z * 0.96, cy + y * z * 0.96) for x, y in outline]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = pygame.Rect(int(min(xs)) - 2, int(min(ys)) - 2, int(max(xs) - min(xs)) + 5,
                          int(max(ys) - min(ys)) + 5)
        tint = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(tint, BRAWL_FILL, [(x - box.x, y - box.y) for x, y in pts])
        surface.blit(tint, box)
        w = max(2, int(3 * min(1.5, z)))
        pygame.draw.polygon(surface, OUTLINE, pts, width=w + 2)
        pygame.draw.polygon(surface, BRAWL_EDGE, pts, width=w)
