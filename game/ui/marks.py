"""Marks on the board beyond the tokens: reachable hexes with their cost, the path, grips, condition badges.

- :class:`ReachOverlay`: the hexes a move may end in, tinted, each with its cost
  in hexes (one cached surface per set of hexes and zoom).
- :func:`draw_path`: the route the token would walk, as dots and an arrowhead.
- :func:`draw_grips`: every grip as a link from holder to held. The kind
  changes the look, not only the colour: a plain grapple is a solid band, a
  pin a ladder of cross-bars with "PIN", a choke hold a dashed band with a
  ring around the held one's head, an arm lock a zigzag with "LOCK". Dots by
  the holder count the hands; the location is written at the held end.
- :func:`draw_badges`: conditions as small lettered badges over the token
  (letters, not only colours).
"""

from __future__ import annotations

import math
from typing import Any
from weakref import WeakKeyDictionary

import pygame

from game.hexgrid import Hex
from game.rules.initiative import is_surprised
from game.ui.camera import Camera
from game.ui.describe import ruleset_of
from game.ui.geometry import MapGeometry
from game.ui.icon_atlas import shared as shared_icons
from game.ui.label_layout import LabelLayout
from game.ui.looks import condition_icon
from game.ui.text import TextCache

__all__ = ["ReachOverlay", "draw_path", "draw_grips", "draw_badges", "CONDITION_BADGES", "badge_for",
           "draw_route_label", "route_label_at"]

#: condition -> (short letters, colour) - the letters carry the meaning, the colour helps. No badge reads
#: as a stat's abbreviation (ST, DX, IQ, HT, HP, FP, STR, DEX, CON, INT, WIS, CHA: issue 15, "ST means
#: Strength"); hovering a token lists its badges in words (:func:`badge_legend`). These are the common
#: conditions; a ruleset's own come first, from its ``condition_badges`` (in its folder).
CONDITION_BADGES: dict[str, tuple[str, tuple[int, int, int]]] = {
    "stunned": ("STUN", (250, 200, 60)),
    "unconscious": ("KO", (150, 150, 160)),
    "dead": ("X", (90, 90, 90)),
    "helpless": ("HL", (240, 120, 60)),
    "pinned": ("PIN", (235, 90, 200)),
    "surprised": ("!", (250, 250, 120)),
    "choking": ("CHOKE", (170, 120, 255)),
    "suffocating": ("SUF", (170, 120, 255)),
    "grappled": ("G", (255, 190, 60)),
    "prone": ("PR", (200, 200, 200)),
    "shock": ("SH", (255, 140, 120)),
    "bleeding": ("BL", (220, 40, 40)),
    "crippled": ("CR", (220, 120, 120)),
}


#: abbreviations of the rulesets' stats, which a badge must never read as
STAT_ABBREVIATIONS = frozenset({"ST", "DX", "IQ", "HT", "HP", "FP", "STR", "DEX", "CON", "INT", "WIS", "CHA",
                                "MV", "AC"})


#: the colour of a ruleset's own badges (``Presentation.badges``: a stance such as nd6's pole arm set, SET)
STANCE_INK = (120, 220, 160)


def badge_for(condition: str, ruleset: Any = None) -> tuple[str, tuple[int, int, int]]:
    """The badge of ``condition``: the ruleset's own, else the common one, else its letters."""
    hit = (ruleset.presentation.condition_badges.get(condition) if ruleset is not None else None) or CONDITION_BADGES.get(condition)
    if hit:
        return hit
    letters = condition[:3].upper()
    if letters in STAT_ABBREVIATIONS:  # a condition not in the table: its whole name, never a stat's letters
        letters = condition.replace("_", " ").upper()
    return (letters, (200, 200, 210))


def badges_of(battle: Any, f: Any, held: dict[str, int] | None = None, ruleset: Any = None
              ) -> list[tuple[str, tuple[int, int, int], str]]:
    """The badges over ``f``'s token, left to right: ``(letters, colour, meaning in words)``. The one list
    :func:`draw_badges` draws and :func:`badge_legend` explains. ``ruleset``: the one the caller holds (the
    token layer's, the session's); looked up from the battle only for a caller that holds none."""
    if held is None:
        held = {}
        for g in getattr(battle, "grapples", []):
            held[g.target] = held.get(g.target, 0) + 1
    out: list[tuple[str, tuple[int, int, int], str]] = []
    if _surprised(battle, f.id) and "surprised" not in f.conditions:
        out.append(("SURP!", CONDITION_BADGES["surprised"][1], "surprised this round"))
    rs = ruleset if ruleset is not None else ruleset_of(battle)
    brawl = rs.presentation.brawl_condition
    for c in f.conditions:
        if c == brawl and _in_brawl(battle, f, c):
            continue  # the brawl's hex and its tag say it once for all its members (issue 16)
        letters, col = badge_for(c, rs)
        out.append((letters, col, rs.presentation.condition_name(c)))
    for letters, meaning in rs.presentation.badges(battle, f):  # a stance kept in counters (nd6: SET)
        out.append((letters, STANCE_INK, meaning))
    said = {"grappled", "pinned"} | rs.presentation.held_conditions  # a badge that says it already (SUBD)
    if f.id in held and not said & set(f.conditions):
        n = held[f.id]
        out.append(("HELD" + (f" x{n}" if n > 1 else ""), (255, 190, 60),
                    f"held by {n} grip{'s' if n > 1 else ''}"))
    alt = _altitude(f)
    if alt:
        arrow = "UP " if alt > 0 else "DOWN "  # words: the UI font has no arrow glyphs (they drew as boxes)
        out.append((f"{arrow}{abs(alt)}'", (140, 210, 255) if alt > 0 else (80, 140, 220),
                    f"flying {alt}' up" if alt > 0 else f"{-alt}' under water"))
    return out


def badge_legend(battle: Any, f: Any) -> list[str]:
    """One line per badge on ``f``'s token: ``"STUN: stunned"`` (the tooltip over a token)."""
    return [f"{letters}: {meaning}" for letters, _, meaning in badges_of(battle, f)]


def arc_legend(arcs: dict[str, Any]) -> str:
    """The arc shading in words, from the palette's own colours (the colour-blind palette has no green)."""
    return "arcs: " + ", ".join(f"{colour_word(arcs[a][0])} {a}" for a in ("front", "side", "rear") if a in arcs)


def colour_word(rgb: Any) -> str:
    """The nearest plain colour name of ``rgb`` (for a legend that matches what is drawn)."""
    names = {"green": (70, 220, 110), "yellow": (250, 220, 50), "red": (240, 50, 40), "blue": (0, 114, 178),
             "orange": (213, 94, 0), "purple": (170, 90, 200), "white": (240, 240, 240), "grey": (140, 140, 140)}
    r, g, b = rgb[:3]
    return min(names, key=lambda n: (names[n][0] - r) ** 2 + (names[n][1] - g) ** 2 + (names[n][2] - b) ** 2)


class ReachOverlay:
    """Reachable hexes tinted, each with its cost; cached per (hexes, costs, zoom, colours)."""

    def __init__(self, geometry: MapGeometry, text: TextCache) -> None:
        self.geometry = geometry
        self.text = text
        self._key: tuple | None = None
        self._surf: pygame.Surface | None = None
        self._origin = (0.0, 0.0)
        self._src: dict[Hex, int] | None = None  # the dict drawn last (held, so its id is not reused)
        self._look: tuple | None = None
        #: the numbers wait for :meth:`draw_numbers` (the battle screen draws them after the names, where no
        #: name, badge or token is: issue 15); else they are part of the cached tint
        self.numbers_later = False
        self._numbers: list[tuple[float, float, str]] = []  # (world x, world y, cost) of each number
        self._shown = False  # the tint was drawn this frame: its numbers are due
        self._labels: dict[tuple[str, int], pygame.Surface] = {}  # (cost, font size) -> number with shadow

    def draw(self, surface: pygame.Surface, camera: Camera, costs: dict[Hex, int],
             fill: tuple[int, int, int, int], edge: tuple[int, int, int, int],
             run: frozenset[Hex] = frozenset(), run_look: tuple[Any, Any] | None = None) -> None:
        """``run``: the hexes of the reach that give up the attack (``Ruleset.move_band``), drawn in the second
        tint ``run_look`` (fill, edge) with a stripe across, so the band reads without its colour too."""
        if not costs:
            return
        look = (camera.zoom, fill, edge, run, run_look)
        if costs is not self._src or look != self._look:
            # a dict passed again is taken as unchanged (BattleScene.draw_reach hands over its own cached one)
            key = (tuple(sorted((h.q, h.r, c) for h, c in costs.items())), camera.zoom, fill, edge, run, run_look)
            if key != self._key:
                self._build(costs, camera.zoom, fill, edge, run, run_look)
                self._key = key
            self._src, self._look = costs, look
        ox, oy = camera.world_to_screen(*self._origin)
        surface.blit(self._surf, (int(ox + 0.5), int(oy + 0.5)))
        self._shown = True

    def draw_numbers(self, surface: pygame.Surface, camera: Camera, layout: LabelLayout | None = None) -> None:
        """The costs of the tint drawn this frame, each where ``layout`` has nothing (a number a name or
        token would cover is left out: hovering the hex tells its cost); nothing if no tint was drawn."""
        if not self._shown:
            return
        self._shown = False
        r = self.geometry.hex_radius * camera.zoom
        if r < 14:
            return
        size = max(9, int(r * 0.36))
        view = surface.get_rect()
        for wx, wy, c in self._numbers:
            x, y = camera.world_to_screen(wx, wy)
            if not view.collidepoint(x, y):  # off screen: no layout claim, no blit (most of a large reach)
                continue
            label = self._label(c, size)
            box = label.get_rect(center=(x, y)).inflate(2, 0)
            if layout is not None:
                if not layout.is_free(box):
                    continue
                layout.claim(box)
            surface.blit(label, label.get_rect(center=(x, y)))

    def _label(self, c: str, size: int) -> pygame.Surface:
        """A cost number with its drop shadow as one surface (one blit a number a frame, not two)."""
        key = (c, size)
        cached = self._labels.get(key)
        if cached is None:
            t = self.text.render(c, size, (255, 255, 255), bold=True)
            sh = self.text.render(c, size, (0, 0, 0), bold=True)
            cached = pygame.Surface((t.get_width() + 1, t.get_height() + 1), pygame.SRCALPHA)
            cached.blit(sh, (1, 1))
            cached.blit(t, (0, 0))
            self._labels[key] = cached
        return cached

    def _build(self, costs: dict[Hex, int], zoom: float, fill: Any, edge: Any, run: frozenset[Hex] = frozenset(),
               run_look: tuple[Any, Any] | None = None) -> None:
        g = self.geometry
        centres = {h: g.center(h) for h in costs}
        outline = [(x * zoom * 0.94, y * zoom * 0.94) for x, y in g.hex_outline()]
        r = g.hex_radius * zoom
        x0 = min(x for x, _ in centres.values()) - g.hex_radius * 1.2
        y0 = min(y for _, y in centres.values()) - g.hex_radius * 1.2
        x1 = max(x for x, _ in centres.values()) + g.hex_radius * 1.2
        y1 = max(y for _, y in centres.values()) + g.hex_radius * 1.2
        w, h = int((x1 - x0) * zoom) + 2, int((y1 - y0) * zoom) + 2
        surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        size = max(9, int(r * 0.36))
        self._numbers = [(centres[hx][0] + g.hex_radius * 0.42, centres[hx][1] - g.hex_radius * 0.62, str(c))
                         for hx, c in costs.items()]
        for hx, c in costs.items():
            cx, cy = centres[hx]
            px, py = (cx - x0) * zoom, (cy - y0) * zoom
            pts = [(px + x, py + y) for x, y in outline]
            ran = hx in run and run_look is not None
            f_col, e_col = run_look if ran else (fill, edge)  # type: ignore[misc]
            pygame.draw.polygon(surf, f_col, pts)
            pygame.draw.polygon(surf, e_col, pts, width=max(1, int(zoom * 1.5)))
            if ran:  # the run band's two stripes: a second cue beside the colour (sand is amber too)
                d, w = r * 0.5, max(2, int(zoom * 3))
                for off in (-r * 0.22, r * 0.22):
                    a, b = (px - d, py + d * 0.6 + off), (px + d, py - d * 0.6 + off)
                    pygame.draw.line(surf, (20, 16, 10, 150), (a[0], a[1] + 1), (b[0], b[1] + 1), w)
                    pygame.draw.line(surf, e_col, a, b, w)
            if r >= 14 and not self.numbers_later:
                t = self.text.render(str(c), size, (255, 255, 255), bold=True)
                sh = self.text.render(str(c), size, (0, 0, 0), bold=True)
                bx, by = px + r * 0.42, py - r * 0.62
                surf.blit(sh, sh.get_rect(center=(bx + 1, by + 1)))
                surf.blit(t, t.get_rect(center=(bx, by)))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._surf, self._origin = surf, (x0, y0)


def draw_path(surface: pygame.Surface, camera: Camera, geometry: MapGeometry, start: Hex, path: list[Hex],
              colour: tuple[int, int, int], label: str | None = None, text: TextCache | None = None) -> None:
    """Dots along the route and an arrowhead at its end (with an optional label there)."""
    if not path:
        return
    pts = [camera.world_to_screen(*geometry.center(h)) for h in [start, *path]]
    z = camera.zoom
    w = max(2, int(4 * z))
    for a, b in zip(pts, pts[1:]):
        pygame.draw.line(surface, (0, 0, 0), a, b, w + 4)
        pygame.draw.line(surface, colour, a, b, w)
    for p in pts[1:-1]:
        pygame.draw.circle(surface, (0, 0, 0), p, w + 3)
        pygame.draw.circle(surface, colour, p, w + 1)
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    ang = math.atan2(by - ay, bx - ax)
    s = max(8, 12 * z)
    tip = (bx, by)
    left = (bx - s * math.cos(ang - 0.5), by - s * math.sin(ang - 0.5))
    right = (bx - s * math.cos(ang + 0.5), by - s * math.sin(ang + 0.5))
    pygame.draw.polygon(surface, (0, 0, 0), [tip, left, right], width=0)
    pygame.draw.polygon(surface, colour, [tip, left, right], width=max(1, w // 2))
    if label and text is not None:
        draw_route_label(surface, text, label, route_label_at(camera, geometry, path), colour)


def route_label_at(camera: Camera, geometry: MapGeometry, path: list[Hex]) -> tuple[float, float]:
    """Where a route's label sits: its bottom centre, over the hex the route ends in."""
    bx, by = camera.world_to_screen(*geometry.center(path[-1]))
    return bx, by - geometry.hex_radius * camera.zoom * 0.7


def draw_route_label(surface: pygame.Surface, text: TextCache, label: str, midbottom: tuple[float, float],
                     colour: tuple[int, int, int], layout: LabelLayout | None = None) -> pygame.Rect:
    """A route's label ("5 hexes, costs 6"), boxed; with ``layout`` it claims its box first, so the names
    placed after go round it (seen under Xvfb: a name lay over "no attack this round")."""
    t = text.render(label, 15, (255, 255, 255), bold=True)
    box = t.get_rect(midbottom=(int(midbottom[0]), int(midbottom[1])))
    bg = box.inflate(10, 4)
    if layout is not None:
        for room in layout.kept:  # not under the last action's card, drawn over the board after: above it
            if bg.colliderect(room):
                bg.bottom = room.top - 2
                box.center = bg.center
        layout.claim(bg)
        layout.labels.append(("route", bg))
    pygame.draw.rect(surface, (10, 10, 14), bg, border_radius=6)
    pygame.draw.rect(surface, colour, bg, width=1, border_radius=6)
    surface.blit(t, box)
    return bg


def _dashes(surface: pygame.Surface, colour: Any, a: tuple[float, float], b: tuple[float, float], w: int,
            dash: float) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = max(1, int(math.hypot(dx, dy) / dash))
    for i in range(0, n, 2):
        p0 = (a[0] + dx * i / n, a[1] + dy * i / n)
        p1 = (a[0] + dx * min(n, i + 1) / n, a[1] + dy * min(n, i + 1) / n)
        pygame.draw.line(surface, colour, p0, p1, w)


def draw_grips(surface: pygame.Surface, camera: Camera, battle: Any, positions: dict[str, tuple[float, float]],
               text: TextCache, colours: dict[str, tuple[int, int, int]],
               growth: dict[tuple[str, str], float] | None = None, hex_radius: float = 37.0,
               centre_of: Any = None, *, links: bool = True, tags: bool = True,
               layout: LabelLayout | None = None) -> None:
    """Every grip of ``battle`` as a link (see the module docstring); ``growth`` draws new ones partly.

    ``centre_of(hex) -> (wx, wy)``: where a hex's centre is, so that the tag of a grip inside one hex sits
    above that hex instead of on the two small tokens. ``links`` / ``tags``: draw the links (under the
    tokens), the tags (over them, after the names); with a ``layout`` a tag takes a spot no name or other
    tag covers, or is left out (the fighter panel lists the grip in words).
    """
    z = camera.zoom
    growth = growth or {}
    pair_count: dict[frozenset, int] = {}
    for g in battle.grapples:
        a, b = positions.get(g.holder), positions.get(g.target)
        if a is None or b is None:
            continue
        pa, pb = camera.world_to_screen(*a), camera.world_to_screen(*b)
        if math.hypot(pb[0] - pa[0], pb[1] - pa[1]) < 4:  # same spot: show from a little above
            pb = (pb[0] + hex_radius * z * 0.3, pb[1] - hex_radius * z * 0.3)
        fa, fb = battle.get(g.holder), battle.get(g.target)
        same_hex = centre_of is not None and fa is not None and fb is not None and fa.hex == fb.hex
        key = frozenset((g.holder, g.target))
        k = pair_count.get(key, 0)
        pair_count[key] = k + 1
        if k:  # a second link between the same two (mutual grips): bend it aside
            nx, ny = -(pb[1] - pa[1]), pb[0] - pa[0]
            d = math.hypot(nx, ny) or 1
            off = 7 * z * k
            pa = (pa[0] + nx / d * off, pa[1] + ny / d * off)
            pb = (pb[0] + nx / d * off, pb[1] + ny / d * off)
        frac = growth.get((g.holder, g.target), 1.0)
        pb = (pa[0] + (pb[0] - pa[0]) * frac, pa[1] + (pb[1] - pa[1]) * frac)
        kind = g.kind if g.kind in colours else "other"
        col = colours.get(kind, (255, 255, 255))
        if links:
            _grip_link(surface, g, pa, pb, col, z, frac, hex_radius)
        if not tags or frac < 1:
            continue
        dx, dy = pb[0] - pa[0], pb[1] - pa[1]
        length = math.hypot(dx, dy)
        if length > 8:  # issue 15: holder -> held, an arrowhead over the tokens, pointing at the held
            size = min(max(6.0, 7 * z) + 2, length * 0.3)
            _arrowhead(surface, (pa[0] + dx * 0.62, pa[1] + dy * 0.62), (dx / length, dy / length), size, col)
        if z * hex_radius < 16 or same_hex:  # a grip inside one hex is in words on the hex's plate (crowd_plate)
            continue
        centre = camera.world_to_screen(*centre_of(fa.hex)) if same_hex else None
        _grip_tag(surface, g, pa, pb, col, z, text, centre, hex_radius, k, layout,
                  ruleset_of(battle).presentation.grip_location_shown)


def _grip_link(surface: pygame.Surface, g: Any, pa: tuple[float, float], pb: tuple[float, float],
               col: tuple[int, int, int], z: float, frac: float, hex_radius: float) -> None:
    """The link from holder (``pa``) to held (``pb``) in the grip's style, and the holder's hands as dots."""
    w = max(3, int(4 * z)) + (2 if g.hands >= 2 else 0)
    dx, dy = pb[0] - pa[0], pb[1] - pa[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    px, py = -uy, ux
    if g.kind == "choke_hold":
        pygame.draw.line(surface, (10, 10, 14), pa, pb, w + 4)
        _dashes(surface, col, pa, pb, w, 7 * max(0.7, z))
        if frac >= 1:
            pygame.draw.circle(surface, (10, 10, 14), pb, hex_radius * z * 0.42 + 3, width=w + 2)
            pygame.draw.circle(surface, col, pb, hex_radius * z * 0.42 + 2, width=w)
    elif g.kind == "arm_lock":
        n = max(3, int(length / (8 * max(0.6, z))))
        pts = [(pa[0] + dx * i / n + px * (5 * z if i % 2 else -5 * z) * (0 < i < n),
                pa[1] + dy * i / n + py * (5 * z if i % 2 else -5 * z) * (0 < i < n)) for i in range(n + 1)]
        pygame.draw.lines(surface, (10, 10, 14), False, pts, w + 4)
        pygame.draw.lines(surface, col, False, pts, w)
    else:
        pygame.draw.line(surface, (10, 10, 14), pa, pb, w + 4)
        pygame.draw.line(surface, col, pa, pb, w)
        if g.kind == "pin":
            n = max(2, int(length / (9 * max(0.6, z))))
            for i in range(1, n):
                cx, cy = pa[0] + dx * i / n, pa[1] + dy * i / n
                s = 6 * max(0.7, z)
                pygame.draw.line(surface, (10, 10, 14), (cx - px * s, cy - py * s), (cx + px * s, cy + py * s), 5)
                pygame.draw.line(surface, col, (cx - px * s, cy - py * s), (cx + px * s, cy + py * s), 3)
    # hands: dots by the holder
    for i in range(max(1, g.hands)):
        off = (i - (g.hands - 1) / 2) * 9 * max(0.7, z)
        hx, hy = pa[0] + ux * 14 * z + px * off, pa[1] + uy * 14 * z + py * off
        pygame.draw.circle(surface, (10, 10, 14), (hx, hy), 5 * max(0.7, z) + 1)
        pygame.draw.circle(surface, (250, 240, 220), (hx, hy), 5 * max(0.7, z))


def grip_sample(surface: pygame.Surface, kind: str, a: tuple[float, float], b: tuple[float, float],
                col: tuple[int, int, int], hands: int = 1) -> None:
    """A grip of ``kind`` drawn from ``a`` (holder) to ``b`` (held) as the board draws it, small: the legend's
    key to the grip styles (a pin ticked, a choke dashed with a ring, an arm lock zigzag)."""
    g = type("SampleGrip", (), {"kind": kind, "hands": hands})()
    _grip_link(surface, g, a, b, col, 0.6, 1.0, 14.0)
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    u = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
    _arrowhead(surface, (a[0] + (b[0] - a[0]) * 0.8, a[1] + (b[1] - a[1]) * 0.8), u, 5, col)


def _arrowhead(surface: pygame.Surface, tip: tuple[float, float], u: tuple[float, float], size: float,
               col: tuple[int, int, int]) -> None:
    """A filled arrowhead with its point at ``tip``, pointing along the unit vector ``u``."""
    ux, uy = u
    px, py = -uy, ux
    pts = [tip, (tip[0] - ux * size * 1.5 + px * size, tip[1] - uy * size * 1.5 + py * size),
           (tip[0] - ux * size * 1.5 - px * size, tip[1] - uy * size * 1.5 - py * size)]
    pygame.draw.polygon(surface, col, pts)
    pygame.draw.polygon(surface, (10, 10, 14), pts, width=2)


def _grip_tag(surface: pygame.Surface, g: Any, pa: tuple[float, float], pb: tuple[float, float],
              col: tuple[int, int, int], z: float, text: TextCache, centre: tuple[float, float] | None,
              hex_radius: float, k: int, layout: LabelLayout | None = None, shown: bool = True) -> None:
    """At the held end: the location (``shown``: the ruleset's grips hold a body part) and (for special grips)
    the kind, in words. ``centre``: the screen
    centre of the hex both stand in (None when apart); the tag then sits above that hex (the ``k``-th link
    between the same two a line higher), ticked to the pair."""
    dx, dy = pb[0] - pa[0], pb[1] - pa[1]
    length = math.hypot(dx, dy) or 1.0
    px, py = -dy / length, dx / length
    where = str(g.location).replace("_", " ") if shown else ""
    tag = where
    if g.kind != "grapple" or not where:  # a grip whose ruleset names no body part says its kind: never empty
        kind = str(g.kind).replace('_', ' ').replace('choke hold', 'choke').replace('arm lock', 'lock').upper()
        tag = f"{kind} \u00b7 {where}" if where else kind
    t = text.render(tag, 13, (16, 16, 20), bold=True)
    tw, th = t.get_width() + 8, t.get_height() + 2
    if centre is not None:
        # both in one hex: the tag sits above the hex, with a tick down to the pair
        hx, hy = centre
        top = hy - hex_radius * z * 0.98 - 8 - 18 * k
        spots = [(hx, top - 20 * i) for i in range(4)] + [(hx + s * (tw / 2 + hex_radius * z * 0.9), hy - 10)
                                                          for s in (1, -1)]
    else:
        mx, my = pa[0] + dx * 0.62, pa[1] + dy * 0.62
        spots = [(mx + px * o * z, my + py * o * z) for o in (12, -12, 26, -26, 40, -40)]
    if layout is None:
        bg = pygame.Rect(0, 0, tw, th)
        bg.center = (int(spots[0][0]), int(spots[0][1]))
    else:  # issue 15: a tag covers no name and no other tag; with no free spot it is left out
        bg = layout.place(f"grip:{g.holder}>{g.target}", (tw, th), spots)
        if bg is None:
            return
    box = t.get_rect(center=bg.center)
    if centre is not None:
        mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
        pygame.draw.line(surface, (10, 10, 14), (bg.centerx, bg.bottom), mid, 4)
        pygame.draw.line(surface, col, (bg.centerx, bg.bottom), mid, 2)
    pygame.draw.rect(surface, col, bg, border_radius=5)
    pygame.draw.rect(surface, (10, 10, 14), bg, width=1, border_radius=5)
    surface.blit(t, box)


def _in_brawl(battle: Any, f: Any, condition: str) -> bool:
    """Whether another fighter in ``f``'s hex carries the brawl condition too (a brawl drawn as one)."""
    return any(o.id != f.id and o.hex == f.hex and condition in o.conditions for o in battle.fighters)


def _altitude(f: Any) -> int:
    try:
        return int((f.counters or {}).get("altitude", 0) or 0)
    except (TypeError, ValueError, AttributeError):
        return 0


def _surprised(battle: Any, fid: str) -> bool:
    try:
        return bool(is_surprised(battle, fid))
    except Exception:  # noqa: BLE001 - a battle without effects: nobody is surprised
        return False


def draw_badges(surface: pygame.Surface, camera: Camera, battle: Any, positions: dict[str, tuple[float, float]],
                text: TextCache, radius: float, layout: LabelLayout | None = None,
                extents: dict[str, tuple[float, float, bool]] | None = None) -> None:
    """Condition badges in a row above each token (letters on colour, outlined); each claims its place in
    ``layout`` so the names placed after go elsewhere (issue 15).

    ``extents``: each token as last drawn (``TokenLayer.extents``: its top with the facing pointer and stat
    tag, its health bar's bottom, whether it shares its hex): the row sits just above the token, so no badge
    hides which way a fighter faces; a row that would cover a row already drawn (two fighters side by side,
    both dodging) moves aside or up; a crowded hex's lower member (a brawl's) whose row would cover the
    members above it has it under its bar instead (seen under Xvfb: DODGE hid both other brawlers).

    Besides the conditions: SURPRISED (this round), HELD (and by how many), the altitude of a flier
    (``counters.altitude`` feet, an up arrow) or the depth of a swimmer (a down arrow)."""
    z = camera.zoom
    size = max(10, int(min(15, radius * z * 0.34)))
    held: dict[str, int] = {}
    for g in getattr(battle, "grapples", []):
        held[g.target] = held.get(g.target, 0) + 1
    rows: list[pygame.Rect] = []
    rs = ruleset_of(battle)  # once a frame, not once per fighter and badge (its callers hand in the battle only)
    for f in battle.fighters:
        badges = badges_of(battle, f, held, rs)
        if not badges:
            continue
        p = positions.get(f.id)
        if p is None:
            continue
        sx, sy = camera.world_to_screen(*p)
        ink = (12, 12, 16)
        said = {badge_for(c, rs)[0]: c for c in f.conditions}  # letters -> condition
        imgs = [(_badge_face(text, letters, size, ink, said), col) for letters, col, _ in badges]
        total = sum(i.get_width() + 8 for i, _ in imgs) + 2 * (len(imgs) - 1)
        h = max(i.get_height() for i, _ in imgs) + 2
        top, bottom, crowded = (extents or {}).get(f.id, (sy - radius * z * 0.95 - size + h, sy, False))
        if crowded:  # a fighter sharing a hex has its badges on the hex's plate (game.ui.crowd_plate)
            continue
        row = _clear_row(pygame.Rect(int(sx - total / 2), int(top - h), int(total), h), rows)
        if crowded and layout is not None and not layout.is_free(row):
            out = radius * z / 0.6 * 0.9  # ``radius`` is a lone token's, 0.6 of the hex's: out of the hex beside it
            spots = [(sx - total / 2, bottom + 1), (sx - out - total, sy - h / 2), (sx + out, sy - h / 2),
                     (row.x, row.y - h - 1), (row.x, row.y - 2 * h - 2)]  # or over the BRAWL tag, not on it
            row = next((r for r in (_clear_row(pygame.Rect(int(x), int(y), int(total), h), rows) for x, y in spots)
                        if layout.is_free(r)), row)
        rows.append(row)
        if layout is not None:
            layout.labels.append((f"badges:{f.id}", row))  # where each row went (tests read it)
        x, y = row.x, row.y
        for img, col in imgs:
            r = pygame.Rect(int(x), int(y), img.get_width() + 8, img.get_height() + 2)
            if layout is not None:
                layout.claim(r)
            pygame.draw.rect(surface, col, r, border_radius=4)
            pygame.draw.rect(surface, (10, 10, 14), r, width=1, border_radius=4)
            surface.blit(img, (r.x + 4, r.y + 1))
            x += r.w + 2


#: badge faces per text cache: a face is its letters as that cache renders them (its fonts, its scale), so a
#: cache of another scale (the window's, issue 26) or a new window never reuses another's pictures
_FACES: WeakKeyDictionary[TextCache, dict[tuple[str, int, tuple[int, int, int], str | None], pygame.Surface]] = (
    WeakKeyDictionary())


def _badge_face(text: TextCache, letters: str, size: int, ink: tuple[int, int, int],
                conditions: dict[str, str]) -> pygame.Surface:
    """A badge's ink: the condition's icon (issue 26, :data:`game.ui.looks.CONDITION_ICONS`) before its letters,
    which stay (they carry the meaning the legend explains); the letters alone when it has no icon."""
    cond = conditions.get(letters) or ("surprised" if letters == "SURP!" else
                                       "grappled" if letters.startswith("HELD") else None)
    key = (letters, size, ink, cond)
    faces = _FACES.setdefault(text, {})
    hit = faces.get(key)
    if hit is None:
        img = text.render(letters, size, ink, bold=True)
        icon = shared_icons().get(condition_icon(cond) if cond else None, max(8, img.get_height() - 2), ink)
        if icon is None:
            hit = img
        else:
            hit = pygame.Surface((icon.get_width() + 2 + img.get_width(), img.get_height()), pygame.SRCALPHA)
            hit.blit(icon, (0, (img.get_height() - icon.get_height()) // 2))
            hit.blit(img, (icon.get_width() + 2, 0))
        faces[key] = hit
    return hit


def _clear_row(row: pygame.Rect, rows: list[pygame.Rect]) -> pygame.Rect:
    """``row`` moved as little as it takes to cover none of ``rows`` (aside by up to half its width, else up a
    line or two); where it is if nothing clears."""
    w, h = row.w, row.h
    for dx, dy in ((0, 0), (w // 4, 0), (-w // 4, 0), (w // 2, 0), (-w // 2, 0), (0, -h - 1), (0, -2 * h - 2)):
        moved = row.move(dx, dy)
        if moved.collidelist(rows) < 0:
            return moved
    return row
