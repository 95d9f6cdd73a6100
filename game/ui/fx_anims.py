"""Animations of what flies across the map (issue 17 Play): shots and tracers, a grenade's flight and scatter, an
explosion's rings. They are extra steps in the :class:`~game.ui.event_player.EventPlayer`'s queue, put before
the event they show, carrying that event in ``data["ev"]`` (they apply nothing: the event itself does).

Read from the events as the rules write them, never from a ruleset's id:

- a ``roll`` naming a ``target_id`` that stands more than one hex from the roller is a shot: a muzzle flash and
  a tracer (a roll ``table: "miss"`` is the roll to miss a figure in the way, G3-10: its tracer goes to that
  figure); with ``rounds`` (automatic fire, S3-AUTO-10) one tracer per round, at most :data:`MAX_TRACERS`, the
  ``hits`` of them striking the target and the rest flying past (S3-AUTO-15); a roll the rules mark ``shot:
  false`` (a flame thrower's aim, a figure under its fire, its tank hit from behind) plays no tracer;
- a ``message`` with ``flight`` (a throw: ``from``, ``to``, ``hex``) is a grenade arcing to the hex aimed at and,
  when it came down elsewhere, bouncing on to it (S3-GRENADE-4/5);
- a ``message`` with ``area`` (``inner``/``outer`` hexes: a grenade going off) is a flash and rings over the
  inner hexes, then fainter ones over the outer (S3-GRENADE-9/18/21); a one-hex area with no outer ring (a
  smoke or gas grenade starting its cloud) a small grey puff; one with ``explosion`` and ``hexes`` (a flame
  thrower's tank going up, S3-FLAMER-11) a blast over those hexes;
- a ``message`` with ``flame``, ``from``, ``to`` and ``hexes`` (a flame thrower's burst, S3-FLAMER-5/6) is a jet
  of burning oil from the firer to the aim, then its hexes flaring.
"""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytweening

from game.hexgrid import Hex, hex_distance
from game.ui.camera import Camera

__all__ = ["FX_KINDS", "FX_DURATIONS", "MAX_TRACERS", "fx_step", "fx_begin", "draw_fx"]

#: base durations in ms at speed 1.0
FX_DURATIONS = {"shot": 280, "burst": 620, "flight": 760, "blast": 820, "jet": 760}
FX_KINDS = frozenset(FX_DURATIONS)
#: tracers drawn for one stream at most (a 20-round stream is still readable)
MAX_TRACERS = 12


def fx_step(ev: dict[str, Any]) -> tuple[str, float, dict[str, Any]] | None:
    """The animation step to put before ``ev`` (kind, duration, data), or None."""
    t = ev.get("type")
    if t == "roll" and ev.get("target_id") and ev.get("actor") and ev.get("target_id") != ev.get("actor") \
            and ev.get("shot", True):  # ``shot: false``: a flame thrower's roll, its jet the picture, no bullet
        kind = "burst" if int(ev.get("rounds") or 0) > 1 else "shot"
        return kind, FX_DURATIONS[kind], {"ev": ev}
    if t == "message" and ev.get("flight") and ev.get("from") and ev.get("hex"):
        return "flight", FX_DURATIONS["flight"], {"ev": ev}
    if t == "message" and ev.get("hex") and (isinstance(ev.get("area"), dict)
                                            or (ev.get("explosion") and ev.get("hexes"))):
        return "blast", FX_DURATIONS["blast"], {"ev": ev}
    if t == "message" and ev.get("flame") and ev.get("from") and ev.get("to") and ev.get("hexes") is not None:
        return "jet", FX_DURATIONS["jet"], {"ev": ev}
    return None


def fx_begin(a: Any, shadow: Any) -> None:
    """As the step starts (the shadow battle as it stands then): a roll at a foe next to the roller is no shot,
    so its step takes no time; a shot keeps the hexes it flies between."""
    if a.kind not in ("shot", "burst"):
        return
    ev = a.data["ev"]
    f = shadow.get(ev.get("actor")) if shadow is not None else None
    t = shadow.get(ev.get("target_id")) if shadow is not None else None
    if f is None or t is None or hex_distance(f.hex, t.hex) <= 1:
        a.duration = 0.0
        return
    a.data["from"], a.data["to"] = (f.hex.q, f.hex.r), (t.hex.q, t.hex.r)


def draw_fx(surface: pygame.Surface, camera: Camera, a: Any, centre_of: Any, hex_radius: float) -> None:
    """Draw the current step ``a`` (if it is one of ours); ``centre_of(Hex) -> (wx, wy)``."""
    if a is None or a.kind not in FX_KINDS or a.duration <= 0:
        return
    z = camera.zoom
    if a.kind in ("shot", "burst"):
        if "from" not in a.data:
            return
        p0 = camera.world_to_screen(*centre_of(Hex(*a.data["from"])))
        p1 = camera.world_to_screen(*centre_of(Hex(*a.data["to"])))
        _tracers(surface, a, p0, p1, z)
    elif a.kind == "flight":
        _flight(surface, camera, a, centre_of, hex_radius * z)
    elif a.kind == "jet":
        _jet(surface, camera, a, centre_of, hex_radius * z)
    else:
        _blast(surface, camera, a, centre_of, hex_radius * z)


def _tracers(surface: pygame.Surface, a: Any, p0: tuple[float, float], p1: tuple[float, float], z: float) -> None:
    """A muzzle flash at the shooter and tracers along the line; a stream's rounds one after another, those
    that miss going on past the target."""
    ev = a.data["ev"]
    rounds = max(1, min(MAX_TRACERS, int(ev.get("rounds") or 1)))
    hits = int(ev.get("hits") if ev.get("hits") is not None else (1 if ev.get("success") else 0))
    if ev.get("table") == "miss":
        hits = 1 if ev.get("hit") else 0
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    dist = math.hypot(dx, dy) or 1.0
    ux, uy = dx / dist, dy / dist
    p = a.progress
    if p < 0.85:  # the flash flickers while rounds leave the barrel
        r = max(4, int(9 * z)) * (0.7 + 0.3 * math.sin(p * 60))
        fx, fy = p0[0] + ux * 14 * z, p0[1] + uy * 14 * z
        pygame.draw.circle(surface, (255, 220, 120), (fx, fy), r)
        pygame.draw.circle(surface, (255, 255, 230), (fx, fy), max(2, r * 0.5))
    for i in range(rounds):
        start = i / rounds * 0.55 if rounds > 1 else 0.0
        span = 0.45 if rounds > 1 else 1.0
        k = (p - start) / span
        if not 0.0 <= k <= 1.0:
            continue
        strikes = i < hits
        reach = dist if strikes else dist + 120 * z  # a round that misses flies on past
        off = 0.0 if strikes else (7 * z if i % 2 else -7 * z)  # and a little to one side
        head = reach * pytweening.easeInQuad(k)
        tail = max(0.0, head - 46 * z)
        hx, hy = p0[0] + ux * head - uy * off, p0[1] + uy * head + ux * off
        tx, ty = p0[0] + ux * tail - uy * off, p0[1] + uy * tail + ux * off
        pygame.draw.line(surface, (120, 60, 10), (tx, ty), (hx, hy), max(3, int(4 * z)))
        pygame.draw.line(surface, (255, 236, 150), (tx, ty), (hx, hy), max(1, int(2 * z)))
        if strikes and k > 0.92:
            pygame.draw.circle(surface, (255, 250, 210), (p1[0], p1[1]), max(3, int(7 * z)))


def _flight(surface: pygame.Surface, camera: Camera, a: Any, centre_of: Any, rad: float) -> None:
    """The grenade arcs to the hex aimed at (first 70%), then rolls on to where it came down."""
    ev = a.data["ev"]
    src = camera.world_to_screen(*centre_of(Hex(*ev["from"])))
    aim = camera.world_to_screen(*centre_of(Hex(*(ev.get("to") or ev["hex"]))))
    end = camera.world_to_screen(*centre_of(Hex(*ev["hex"])))
    p = a.progress
    moved = end != aim
    split = 0.7 if moved else 1.0
    # where it was aimed, and where it came down: two rings the eye can compare
    pygame.draw.circle(surface, (255, 230, 120), aim, rad * 0.55, width=2)
    if p < split:
        k = p / split
        x = src[0] + (aim[0] - src[0]) * k
        y = src[1] + (aim[1] - src[1]) * k - math.sin(k * math.pi) * max(30.0, math.dist(src, aim) * 0.35)
        shadow = (src[0] + (aim[0] - src[0]) * k, src[1] + (aim[1] - src[1]) * k)
        pygame.draw.ellipse(surface, (0, 0, 0), pygame.Rect(shadow[0] - 6, shadow[1] - 3, 12, 6))
    else:
        k = pytweening.easeOutQuad((p - split) / (1 - split))
        x = aim[0] + (end[0] - aim[0]) * k
        y = aim[1] + (end[1] - aim[1]) * k - abs(math.sin(k * math.pi * 2)) * 10
        pygame.draw.circle(surface, (255, 120, 80), end, rad * 0.55, width=2)
    r = max(4, int(rad * 0.18))
    pygame.draw.circle(surface, (20, 24, 18), (x, y), r + 2)
    pygame.draw.circle(surface, (110, 130, 80), (x, y), r)


def _blast(surface: pygame.Surface, camera: Camera, a: Any, centre_of: Any, rad: float) -> None:
    """A flash at the centre, a ring racing over the inner hexes, then a fainter one over the outer."""
    ev = a.data["ev"]
    area = ev.get("area") or {"inner": ev.get("hexes") or [ev["hex"]], "outer": []}
    inner = [Hex(*h) for h in area.get("inner") or [ev["hex"]]]
    outer = [Hex(*h) for h in area.get("outer") or []]
    c = camera.world_to_screen(*centre_of(Hex(*ev["hex"])))
    p = a.progress
    small = len(inner) <= 1 and not outer and not ev.get("explosion")
    far = max([math.dist(c, camera.world_to_screen(*centre_of(h))) for h in inner + outer] or [0.0]) + rad
    if small:  # a cloud starting: a soft grey puff
        pygame.draw.circle(surface, (170, 170, 175), c, rad * (0.3 + 0.7 * pytweening.easeOutQuad(p)), width=3)
        return
    if p < 0.3:
        k = p / 0.3
        pygame.draw.circle(surface, (255, 250, 220), c, rad * (0.4 + 0.9 * k))
        pygame.draw.circle(surface, (255, 170, 60), c, rad * (0.4 + 0.9 * k), width=max(2, int(rad * 0.15)))
    inner_far = max([math.dist(c, camera.world_to_screen(*centre_of(h))) for h in inner] or [0.0]) + rad
    k = pytweening.easeOutCubic(min(1.0, p / 0.6))
    if p < 0.7:  # the inner hexes lit by the blast, fading
        glow = pygame.Surface((int(inner_far * 2) + 2, int(inner_far * 2) + 2), pygame.SRCALPHA)
        pygame.draw.circle(glow, (255, 150, 50, int(150 * (1 - p / 0.7))), (inner_far + 1, inner_far + 1),
                           max(2.0, inner_far * k))
        surface.blit(glow, (c[0] - inner_far - 1, c[1] - inner_far - 1))
    w = max(2, int(rad * 0.22 * (1 - k) + 2))
    pygame.draw.circle(surface, (255, 140, 40), c, max(2.0, inner_far * k), width=w)
    if outer and p > 0.25:
        k2 = pytweening.easeOutCubic(min(1.0, (p - 0.25) / 0.75))
        pygame.draw.circle(surface, (255, 200, 120), c, max(2.0, far * k2), width=max(1, int(w * 0.6)))


def _jet(surface: pygame.Surface, camera: Camera, a: Any, centre_of: Any, rad: float) -> None:
    """A flame thrower's burst: blobs of burning oil racing from the firer to the aim and widening (first 60%),
    then every hex of the fire flaring up."""
    ev = a.data["ev"]
    src = camera.world_to_screen(*centre_of(Hex(*ev["from"])))
    dst = camera.world_to_screen(*centre_of(Hex(*ev["to"])))
    p = a.progress
    reach = min(1.0, p / 0.6)
    n = 14
    for i in range(n):
        k = i / (n - 1) * reach
        wob = math.sin(a.t / 40.0 + i * 1.9) * rad * 0.12 * k
        x = src[0] + (dst[0] - src[0]) * k + wob
        y = src[1] + (dst[1] - src[1]) * k - wob
        r = max(2.0, rad * (0.12 + 0.38 * k))
        col = (255, int(230 - 150 * k), int(120 - 110 * k))
        pygame.draw.circle(surface, (140, 30, 10), (x, y), r + 2)
        pygame.draw.circle(surface, col, (x, y), r)
    if p > 0.5:
        glow = (p - 0.5) / 0.5
        for h in ev.get("hexes") or ():
            c = camera.world_to_screen(*centre_of(Hex(*h)))
            pygame.draw.circle(surface, (255, 150, 40), c, rad * (0.3 + 0.5 * glow), width=max(2, int(rad * 0.2)))
