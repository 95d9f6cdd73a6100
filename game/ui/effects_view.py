"""Board effects on the map, animated: flames, hot coals, smoke and gas clouds, burning fighters (issue 17 Play).

What lies on the board is ``battle.state["board_effects"]`` (SITUATION-FORMAT, "Board effects": plain
``{"kind", "hex": [q, r], "turns_left"}`` dicts), the same list saves, replays, undo and ``clinch resolve``
keep; this layer only draws it. Each (kind, hex) has a shown strength that eases towards what the state says
(1 while it lies there, less in its last two turns, 0 once gone), so a cloud that spreads fades in at its new
hexes, one that drifts fades out behind and in ahead, and one running out thins away, all without the layer
knowing any rule. Burning fighters (conditions ``on_fire_limb``/``half``/``whole``) carry flames sized by how
much of them burns; a ``soaked`` one a wet sheen.

Drawing is cheap on purpose (issue 17: 30 burning hexes and 3 clouds at 1920x1080 within the frame goal): every
look is a handful of sprites rendered once per zoom (:data:`FRAMES` flame frames, one puff), a burning hex's glow
and flames are composed into one sprite, and clouds are drawn from per-chunk composites redrawn only when a hex
thickens, thins or slides, or every :data:`CLOUD_MS` as their puffs turn: a frame is one blit per burning hex
and one per cloud chunk (premultiplied alpha, so composing changes no colour).
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.hexgrid import DIRECTIONS, Hex
from game.ui.camera import Camera
from game.ui.describe import ruleset_of
from game.ui.geometry import MapGeometry

__all__ = ["EffectsLayer", "FLAME_KINDS", "CLOUD_KINDS", "FRAMES", "effect_words"]

#: kinds drawn as flames, with their colours (outer, middle, core): a plain fire, spilled burning fuel (oilier,
#: redder), incendiary material (white-hot)
FLAME_KINDS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]] = {
    "fire": ((200, 50, 20), (250, 140, 30), (255, 230, 120)),
    "burning_liquid": ((170, 30, 10), (240, 100, 20), (255, 200, 80)),
    "incendiary": ((230, 120, 40), (255, 210, 120), (255, 255, 235)),
}
#: kinds drawn as clouds, with their colour
CLOUD_KINDS: dict[str, tuple[int, int, int]] = {"smoke": (92, 94, 102), "tear_gas": (150, 190, 40)}
#: flame animation frames rendered per kind and zoom
FRAMES = 8
FRAME_MS = 90
#: levels of a cloud's thickness with a sprite each (a frame never sets a surface's alpha)
ALPHA_STEPS = 12
#: puffs drawn on each cloud hex
PUFFS = 3
#: how long a drifting cloud takes to slide one hex downwind
SLIDE_MS = 900
#: clouds are composed per chunk of CHUNK x CHUNK hexes (axial), each redrawn at most every CLOUD_MS while it
#: only turns (its puffs move a pixel or two in that time)
CHUNK = 4
CLOUD_MS = 150
#: the six axial steps
DIRS: tuple[tuple[int, int], ...] = tuple((d.q, d.r) for d in DIRECTIONS)
#: how fast a shown strength follows the state (per ms): about half a second from nothing to full
EASE = 1 / 450


def effect_words(e: dict[str, Any]) -> str:
    """One line for the hover text: ``burning liquid, 9 turns left``."""
    n = e.get("turns_left")
    tail = f", {n} turn{'s' if n != 1 else ''} left" if isinstance(n, int) else ""
    return f"{str(e.get('kind', '?')).replace('_', ' ')}{tail}"


def _clouds(effs: list[dict[str, Any]]) -> dict[tuple[str, str], set[tuple[int, int]]]:
    """The cloud effects grouped by (kind, source): each cloud's hexes."""
    out: dict[tuple[str, str], set[tuple[int, int]]] = {}
    for e in effs:
        h = e.get("hex") or ()
        if e.get("kind") in CLOUD_KINDS and len(h) == 2:
            out.setdefault((str(e["kind"]), str(e.get("source"))), set()).add((int(h[0]), int(h[1])))
    return out


def _strength(e: dict[str, Any]) -> float:
    """How thick an effect is drawn: full, then thinner in its last two turns (a cloud fading, S3-SMOKE-2)."""
    n = e.get("turns_left")
    if isinstance(n, int) and n <= 2:
        return 0.45 if n <= 1 else 0.7
    return 1.0


def _hash(q: int, r: int, salt: int = 0) -> float:
    """A fixed pseudo-random number in [0, 1) per hex (never ``random``: the picture is the same every run)."""
    v = (q * 73856093) ^ (r * 19349663) ^ (salt * 83492791)
    return (v & 0xFFFF) / 65536.0


class EffectsLayer:
    """Draws ``battle.state["board_effects"]`` and burning fighters; ``update(dt)`` moves the animation."""

    def __init__(self, geometry: MapGeometry) -> None:
        self.geometry = geometry
        self.t = 0.0
        #: (kind, q, r) -> [shown strength 0..1, target strength]
        self.shown: dict[tuple[str, int, int], list[float]] = {}
        self._sprites: dict[tuple[Any, ...], pygame.Surface] = {}
        #: a ground effect's look -> its one composed sprite and top-left from the hex centre (:meth:`_on_hex`)
        self._hex_sprites: dict[tuple[Any, ...], tuple[pygame.Surface, float, float]] = {}
        self._zoom: float | None = None
        self._seen: Any = None
        self._quick: Any = None
        #: the clouds last seen, (kind, source) -> their hexes, and the hexes sliding in from upwind:
        #: (kind, q, r) -> (world dx, dy it starts off by, when it started)
        self._clouds: dict[tuple[str, str], set[tuple[int, int]]] = {}
        self.slide: dict[tuple[str, int, int], tuple[float, float, float]] = {}
        #: per hex: its world centre and the fixed phases of its puffs (computed once)
        self._consts: dict[tuple[int, int], tuple[float, float, tuple[tuple[float, float], ...]]] = {}
        #: cloud composites per (kind, chunk q, chunk r): (what they were drawn from, surface, top-left)
        self._chunks: dict[tuple[str, int, int], tuple[Any, pygame.Surface, tuple[float, float]]] = {}
        #: whether a fighter burned (or was soaked) in the last frame drawn
        self.burning = False

    # -- state ------------------------------------------------------------------------------
    def sync(self, battle: Any) -> None:
        """Aim every (kind, hex) at what the battle's board effects say now (cheap when nothing changed)."""
        effs = (getattr(battle, "state", None) or {}).get("board_effects") or []
        quick = (id(battle), id(effs), len(effs))  # an event replaces the whole list (effects.set_effects)
        if quick == self._quick:
            return
        self._quick = quick
        key = (id(battle), len(effs), tuple((e.get("kind"), tuple(e.get("hex") or ()), e.get("turns_left"))
                                            for e in effs))
        if key == self._seen:
            return
        first = self._seen is None  # a board just opened shows its effects at once, not easing in
        self._seen = key
        want: dict[tuple[str, int, int], float] = {}
        for e in effs:
            h = e.get("hex") or ()
            if len(h) != 2:
                continue
            k = (str(e.get("kind")), int(h[0]), int(h[1]))
            want[k] = max(want.get(k, 0.0), _strength(e))
        clouds = _clouds(effs)
        drift = {} if first else self._drifts(self._clouds, clouds)
        self._clouds = clouds
        for k, v in self.shown.items():
            v[1] = want.pop(k, 0.0)
        for k, target in want.items():
            self.shown[k] = [target if first else 0.0, target]
        for (kind, q, r), (dq, dr) in drift.items():  # a drifted cloud slides in from where it was
            v = self.shown.get((kind, q, r))
            if v is not None:
                v[0] = max(v[0], min(v[1], 0.85))
                fx, fy = self.geometry.center(Hex(q - dq, r - dr))
                tx, ty = self.geometry.center(Hex(q, r))
                self.slide[(kind, q, r)] = (fx - tx, fy - ty, self.t)

    def _drifts(self, old: dict[tuple[str, str], set[tuple[int, int]]],
                new: dict[tuple[str, str], set[tuple[int, int]]]) -> dict[tuple[str, int, int], tuple[int, int]]:
        """Clouds that moved as a whole (a wind, S3-SMOKE-3): each new hex that came from one hex upwind, with
        that step. A cloud that only grew (its old hexes still in it) did not move."""
        out: dict[tuple[str, int, int], tuple[int, int]] = {}
        for key, was in old.items():
            now = new.get(key)
            if not now or not was:
                continue
            stay = len(was & now)
            best, step = stay, None
            for dq, dr in DIRS:
                moved = len({(q + dq, r + dr) for q, r in was} & now)
                if moved > best:
                    best, step = moved, (dq, dr)
            if step is None or best < 0.6 * len(was):
                continue
            for q, r in was:
                h = (q + step[0], r + step[1])
                if h in now:
                    out[(key[0], *h)] = step
        return out

    def update(self, dt_ms: float) -> None:
        self.t += dt_ms
        if self.slide:
            self.slide = {k: v for k, v in self.slide.items() if self.t - v[2] < SLIDE_MS}
        step = dt_ms * EASE
        gone = []
        for k, v in self.shown.items():
            if v[0] < v[1]:
                v[0] = min(v[1], v[0] + step)
            elif v[0] > v[1]:
                v[0] = max(v[1], v[0] - step)
            if v[0] <= 0.0 and v[1] <= 0.0:
                gone.append(k)
        for k in gone:
            del self.shown[k]

    @property
    def animating(self) -> bool:
        """Whether anything is on the board to animate (the screen keeps drawing frames while so)."""
        return bool(self.shown) or self.burning

    def settled(self) -> None:
        """Jump every strength to its target (a screenshot, a test, a loaded game)."""
        for v in self.shown.values():
            v[0] = v[1]
        self.shown = {k: v for k, v in self.shown.items() if v[1] > 0}

    # -- sprites ----------------------------------------------------------------------------
    def _cache(self, zoom: float) -> None:
        if zoom != self._zoom:
            self._sprites.clear()
            self._hex_sprites.clear()
            self._zoom = zoom

    def _flame(self, kind: str, zoom: float, frame: int, scale: float = 1.0) -> pygame.Surface:
        key = ("flame", kind, frame, round(scale, 2))
        s = self._sprites.get(key)
        if s is None:
            s = self._sprites[key] = _render_flames(FLAME_KINDS.get(kind, FLAME_KINDS["fire"]),
                                                    self.geometry.hex_radius * zoom * scale, frame)
        return s

    def _coals(self, zoom: float, frame: int) -> pygame.Surface:
        key = ("coals", frame)
        s = self._sprites.get(key)
        if s is None:
            s = self._sprites[key] = _render_coals(self.geometry.hex_radius * zoom, frame)
        return s

    def _on_hex(self, look: tuple[Any, ...], zoom: float) -> tuple[pygame.Surface, float, float]:
        """One hex's ground effect as one sprite (its glow and its flames or coals composed once, colours
        premultiplied) and its top-left from the hex's centre: a burning hex costs one blit a frame.
        ``look``: ("coals", frame), (flame kind, frame, scale) or ("other",)."""
        got = self._hex_sprites.get(look)
        if got is not None:
            return got
        kind = look[0]
        if kind == "coals":
            glow, img = self._glow(zoom, (150, 30, 10, 70)), self._coals(zoom, look[1])
        elif kind in FLAME_KINDS:
            glow = self._glow(zoom, (255, 110, 20, 80) if kind != "incendiary" else (255, 220, 150, 90))
            img = self._flame(kind, zoom, look[1], look[2])
        else:
            glow, img = self._glow(zoom, (200, 200, 220, 60)), None
        parts = [(glow.premul_alpha(), -glow.get_width() / 2, -glow.get_height() / 2)]
        if img is not None:
            dy = -img.get_height() * (0.5 if kind == "coals" else 0.72)  # coals lie on the hex, flames rise
            parts.append((img.premul_alpha(), -img.get_width() / 2, dy))
        lx, ly = min(x for _, x, _ in parts), min(y for _, _, y in parts)
        w = int(max(x + p.get_width() for p, x, _ in parts) - lx) + 1
        h = int(max(y + p.get_height() for p, _, y in parts) - ly) + 1
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        out.blits([(p, (x - lx, y - ly), None, pygame.BLEND_PREMULTIPLIED) for p, x, y in parts], doreturn=False)
        got = self._hex_sprites[look] = (out, lx, ly)
        return got

    def _puff(self, kind: str, zoom: float) -> pygame.Surface:
        key = ("puff", kind)
        s = self._sprites.get(key)
        if s is None:
            s = self._sprites[key] = _render_puff(CLOUD_KINDS.get(kind, (160, 160, 160)),
                                                  self.geometry.hex_radius * zoom * 0.95)
        return s

    def _glow(self, zoom: float, colour: tuple[int, int, int, int]) -> pygame.Surface:
        key = ("glow", colour)
        s = self._sprites.get(key)
        if s is None:
            k = zoom * 0.96
            pts = [(x * k, y * k) for x, y in self.geometry.hex_outline()]
            w = int(max(x for x, _ in pts) - min(x for x, _ in pts)) + 4
            h = int(max(y for _, y in pts) - min(y for _, y in pts)) + 4
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.polygon(s, colour, [(w / 2 + x, h / 2 + y) for x, y in pts])
            self._sprites[key] = s
        return s

    # -- drawing ----------------------------------------------------------------------------
    def _visible(self, camera: Camera) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = camera.visible_world()
        m = self.geometry.hex_radius * 3
        return (x0 - m, y0 - m, x1 + m, y1 + m)

    def draw_ground(self, surface: pygame.Surface, camera: Camera, battle: Any, positions: Any = None) -> None:
        """Flames and coals on their hexes, then the flames of burning fighters (behind their tokens, so the
        token stays readable and the fire licks round it), all under the tokens; ``positions``: the tokens'
        world positions or a function giving them (asked only when someone burns)."""
        self.sync(battle)
        if positions is not None:
            self._draw_burning(surface, camera, battle, positions)
        if not self.shown:
            return
        z = camera.zoom
        self._cache(z)
        x0, y0, x1, y1 = self._visible(camera)
        frame_now = int(self.t // FRAME_MS)
        ox, oy = camera.world_to_screen(0.0, 0.0)
        blits = []
        for (kind, q, r), (a, _) in self.shown.items():
            if kind in CLOUD_KINDS or a <= 0.02:
                continue
            wx, wy, _ = self._hex_consts(q, r)
            if not (x0 <= wx <= x1 and y0 <= wy <= y1):
                continue
            sx, sy = ox + wx * z, oy + wy * z
            if kind == "coals":
                img, dx, dy = self._on_hex(("coals", (frame_now // 3 + int(_hash(q, r) * 8)) % FRAMES), z)
            elif kind in FLAME_KINDS:
                img, dx, dy = self._on_hex((kind, (frame_now + int(_hash(q, r) * FRAMES)) % FRAMES,
                                            round(0.55 + 0.45 * round(a * 8) / 8, 3)), z)
            else:
                img, dx, dy = self._on_hex(("other",), z)
            blits.append((img, (sx + dx, sy + dy), None, pygame.BLEND_PREMULTIPLIED))
        surface.blits(blits, doreturn=False)

    def draw_air(self, surface: pygame.Surface, camera: Camera, battle: Any, positions: Any) -> None:
        """Clouds over the board and tokens (thin enough to see who stands in them); a soaked fighter's wet
        ring. ``positions`` as for :meth:`draw_ground`."""
        self.sync(battle)
        z = camera.zoom
        self._cache(z)
        if self.shown:
            self._draw_clouds(surface, camera)
        self._draw_soaked(surface, camera, battle, positions)

    def _faded(self, key: tuple[Any, ...], make: Any, alpha: float) -> pygame.Surface:
        """The sprite ``make()`` with its alpha multiplied by ``alpha`` (0..1), baked once per one of
        :data:`ALPHA_STEPS` levels: a frame blits ready sprites, never sets a surface's alpha."""
        level = max(1, min(ALPHA_STEPS, round(alpha * ALPHA_STEPS)))
        k = ("faded", *key, level)
        s = self._sprites.get(k)
        if s is None:
            s = make().copy()
            s.fill((255, 255, 255, int(255 * level / ALPHA_STEPS)), special_flags=pygame.BLEND_RGBA_MULT)
            self._sprites[k] = s
        return s

    def _hex_consts(self, q: int, r: int) -> tuple[float, float, tuple[tuple[float, float], ...]]:
        c = self._consts.get((q, r))
        if c is None:
            wx, wy = self.geometry.center(Hex(q, r))
            c = self._consts[(q, r)] = (wx, wy, tuple((_hash(q, r, i) * math.tau, 0.6 + 0.4 * _hash(q, r, i + 7))
                                                      for i in range(PUFFS)))
        return c

    def _draw_clouds(self, surface: pygame.Surface, camera: Camera) -> None:
        """Every cloud hex as a base and :data:`PUFFS` turning puffs, drawn from per-chunk composites
        (:meth:`_chunk`): a frame blits one ready surface per chunk of :data:`CHUNK` x :data:`CHUNK` hexes
        (issue 17: clouds cost ~0.6 ms a frame as four blits per hex)."""
        z = camera.zoom
        x0, y0, x1, y1 = self._visible(camera)
        chunks: dict[tuple[str, int, int], list[tuple[int, int, float]]] = {}
        for (kind, q, r), (a, _) in self.shown.items():
            if kind in CLOUD_KINDS and a > 0.02:
                chunks.setdefault((kind, q // CHUNK, r // CHUNK), []).append((q, r, a))
        ox, oy = camera.world_to_screen(0.0, 0.0)
        blits = []
        for key, hexes in chunks.items():
            img, (lx, ly) = self._chunk(key, hexes, z)
            if lx / z > x1 or ly / z > y1 or (lx + img.get_width()) / z < x0 or (ly + img.get_height()) / z < y0:
                continue
            blits.append((img, (ox + lx, oy + ly), None, pygame.BLEND_PREMULTIPLIED))
        if blits:
            surface.blits(blits, doreturn=False)
        if len(self._chunks) > 4 * len(chunks) + 16:  # chunks a cloud left
            self._chunks = {k: v for k, v in self._chunks.items() if k in chunks}

    def _chunk(self, key: tuple[str, int, int], hexes: list[tuple[int, int, float]],
               z: float) -> tuple[pygame.Surface, tuple[float, float]]:
        """The composite of one chunk's cloud hexes (premultiplied alpha) and its top-left in zoomed world
        pixels. Redrawn when a hex's thickness level or slide changes, and every :data:`CLOUD_MS` as its puffs
        turn, chunks at staggered moments so no one frame redraws them all."""
        kind = key[0]
        stagger = _hash(key[1], key[2], 3) * CLOUD_MS
        bucket = int((self.t + stagger) // CLOUD_MS)
        shape = []
        for q, r, a in sorted(hexes):
            moving = self.slide.get((kind, q, r))
            left = 0.0
            if moving is not None:
                k = min(1.0, (self.t - moving[2]) / SLIDE_MS)
                left = round(1.0 - k * (2 - k), 2)  # ease out
            shape.append((q, r, max(1, min(ALPHA_STEPS, round(a * ALPHA_STEPS))), left))
        sig = (z, bucket, tuple(shape))
        old = self._chunks.get(key)
        if old is not None and old[0] == sig:
            return old[1], old[2]
        rad = self.geometry.hex_radius * z
        t = (bucket * CLOUD_MS - stagger) / 1000.0
        col = CLOUD_KINDS[kind]
        parts: list[tuple[pygame.Surface, float, float]] = []
        for q, r, level, left in shape:
            a = level / ALPHA_STEPS
            wx, wy, puffs = self._hex_consts(q, r)
            sx, sy = wx * z, wy * z
            if left:
                moving = self.slide[(kind, q, r)]
                sx, sy = sx + moving[0] * z * left, sy + moving[1] * z * left
            base = self._premul(("base", kind), lambda col=col: self._glow(z, (*col, 95)), a)
            parts.append((base, sx - base.get_width() / 2, sy - base.get_height() / 2))
            for i, (ph0, far) in enumerate(puffs):  # puffs turning slowly, each on its own circle
                ang = ph0 + t * (0.35 + 0.15 * i) * (1 if i % 2 else -1)
                d = rad * (0.18 + 0.22 * a) * far
                puff = self._premul(("puff", kind), lambda kind=kind: self._puff(kind, z),
                                    0.62 * a * (0.8 + 0.2 * math.sin(t * 0.9 + ph0)))
                w, h = puff.get_size()
                parts.append((puff, sx + math.cos(ang) * d - w / 2, sy + math.sin(ang) * d * 0.8 - h / 2))
        lx = min(x for _, x, _ in parts)
        ly = min(y for _, _, y in parts)
        w = int(max(x + s.get_width() for s, x, _ in parts) - lx) + 2
        h = int(max(y + s.get_height() for s, _, y in parts) - ly) + 2
        img = pygame.Surface((w, h), pygame.SRCALPHA)  # all zero: transparent in premultiplied terms too
        img.blits([(s, (x - lx, y - ly), None, pygame.BLEND_PREMULTIPLIED) for s, x, y in parts], doreturn=False)
        self._chunks[key] = (sig, img, (lx, ly))
        return img, (lx, ly)

    def _premul(self, key: tuple[Any, ...], make: Any, alpha: float) -> pygame.Surface:
        """:meth:`_faded`'s sprite with its colours premultiplied by its alpha (for the chunk composites)."""
        level = max(1, min(ALPHA_STEPS, round(alpha * ALPHA_STEPS)))
        k = ("premul", *key, level)
        s = self._sprites.get(k)
        if s is None:
            s = self._sprites[k] = self._faded(key, make, alpha).premul_alpha()
        return s

    def _draw_burning(self, surface: pygame.Surface, camera: Camera, battle: Any, positions: Any) -> None:
        z = camera.zoom
        frame_now = int(self.t // FRAME_MS)
        self._cache(z)
        burning = ruleset_of(battle).presentation.burning_conditions  # condition -> flame size (nd6's on fire, S3-FIRE-3)
        marked = [f for f in getattr(battle, "fighters", ()) if burning.keys() & set(f.conditions)] if burning else []
        self.burning = bool(marked)
        if marked and callable(positions):
            positions = positions()
        for f in marked:
            size = max(burning[c] for c in set(f.conditions) & burning.keys())
            p = positions.get(f.id)
            if p is None:
                continue
            sx, sy = camera.world_to_screen(*p)
            img = self._flame("fire", z, (frame_now + len(f.id)) % FRAMES, 0.9 + 0.6 * size)
            surface.blit(img, (sx - img.get_width() / 2, sy - img.get_height() * 0.72))

    def _draw_soaked(self, surface: pygame.Surface, camera: Camera, battle: Any, positions: Any) -> None:
        """A wet blue ring round a fighter soaked in burning liquid (S3-GRENADE-10)."""
        soaked = ruleset_of(battle).presentation.wet_conditions
        wet = [f for f in getattr(battle, "fighters", ()) if soaked & set(f.conditions)] if soaked else []
        if not wet:
            return
        if callable(positions):
            positions = positions()
        rad = self.geometry.hex_radius * camera.zoom * 0.62
        for f in wet:
            p = positions.get(f.id)
            if p is not None:
                pygame.draw.circle(surface, (110, 160, 230), camera.world_to_screen(*p), rad + 3, width=2)


# -- the sprites, drawn once per zoom ------------------------------------------------------------

def _render_flames(cols: tuple[tuple[int, int, int], ...], rad: float, frame: int) -> pygame.Surface:
    """Five tongues of flame in three colours; ``frame`` sets each tongue's height and sway."""
    rad = max(4.0, rad)
    w, h = int(rad * 1.8) + 2, int(rad * 1.9) + 2
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    base_y = h * 0.78
    ph = frame / FRAMES * math.tau
    for i, off in enumerate((-0.55, -0.28, 0.0, 0.28, 0.55)):
        tall = rad * (0.75 + 0.35 * math.sin(ph + i * 1.7)) * (1.15 - abs(off) * 0.6)
        sway = rad * 0.1 * math.sin(ph * 2 + i)
        cx = w / 2 + off * rad
        for j, (col, k) in enumerate(zip(cols, (1.0, 0.7, 0.42), strict=True)):
            half = rad * 0.2 * k + 1
            top = (cx + sway * (1 + j * 0.3), base_y - tall * k)
            pts = [(cx - half, base_y), (cx - half * 0.6, base_y - tall * k * 0.45), top,
                   (cx + half * 0.6, base_y - tall * k * 0.45), (cx + half, base_y),
                   (cx, base_y + half * 0.8)]
            pygame.draw.polygon(s, (*col, 235 - j * 15), pts)
    return s


def _render_coals(rad: float, frame: int) -> pygame.Surface:
    """Hot coals: dark lumps with embers that pulse with ``frame``; no flame (S3-FIRE-11's coals look apart)."""
    rad = max(4.0, rad)
    w = h = int(rad * 1.6) + 2
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    ph = frame / FRAMES * math.tau
    for i in range(9):
        a = i * 2.39996
        d = rad * 0.55 * math.sqrt((i + 0.5) / 9)
        x, y = w / 2 + math.cos(a) * d, h / 2 + math.sin(a) * d * 0.8
        r = max(2, int(rad * 0.14))
        pygame.draw.circle(s, (45, 25, 20), (x, y), r + 1)
        glow = 0.5 + 0.5 * math.sin(ph + i * 1.3)
        pygame.draw.circle(s, (150 + int(100 * glow), 40 + int(50 * glow), 10), (x, y), max(1, r - 1))
    return s


def _render_puff(col: tuple[int, int, int], rad: float) -> pygame.Surface:
    """A soft round puff: rings of growing opacity towards its middle, lighter at the top (lit from above)."""
    rad = max(4.0, rad)
    size = int(rad * 2) + 2
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    steps = 7
    for i in range(steps):
        k = 1 - i / steps
        lift = i * 9
        c = tuple(min(255, v + lift) for v in col)
        pygame.draw.circle(s, (*c, 50 + 25 * i), (size / 2, size / 2 - rad * 0.06 * i), max(1, rad * k))
    return s
