"""A crowded hex's callout on the board: the words of every fighter sharing a hex, beside that hex.

Why: at the default zoom a hex is about 40 pixels across; with two to five
fighters in it there is room for their tokens and nothing else. Their names,
health bars and badges drawn round the tokens landed on the neighbouring hex
(a HELD badge over a barrel, or over another fighter, who then looked held).
So a crowded hex keeps only its tokens, and a plate beside it, placed where it
covers no token and no label already placed, lists its fighters one a line:
a swatch in the side's colour with the initial on the token, the name as
written, a health bar, the badges; then the grips among them in words
("Nils holds Hilde: neck, 2 hands"; nd6 names no body part,
``Presentation.grip_location_shown``), and a brawl's "BRAWL n" as its title. A
thin leader line ties the plate to its hex. Every rectangle drawn is recorded
in the token layer's ``boxes`` so a test can check that nothing overlaps.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.files.names import initial
from game.hexgrid import Hex
from game.ui.describe import name_of, ruleset_of
from game.ui.marks import badges_of

__all__ = ["draw_plates", "grip_sentence", "crowded_hexes"]

INK = (246, 242, 230)
PLATE_FILL = (14, 14, 18, 225)
PLATE_EDGE = (200, 196, 184)
LINE_SIZE = 12


def crowded_hexes(placements: list[Any]) -> dict[Hex, list[Any]]:
    """The token placements of each hex holding two or more fighters, in their drawing order."""
    out: dict[Hex, list[Any]] = {}
    for p in placements:
        if p.crowd > 1:
            out.setdefault(p.hex, []).append(p)
    return out


def grip_sentence(battle: Any, g: Any, ruleset: Any = None) -> str:
    """One grip in the ruleset's own words, holder first: "Nils holds Hilde: neck, 2 hands", "Mags has an
    arm lock on Hilde: arm, 1 hand"; the location only where the ruleset's grips hold a body part. ``ruleset``:
    the one the caller holds (the token layer's); looked up from the battle only for a caller that holds none."""
    rs = ruleset if ruleset is not None else ruleset_of(battle)
    verb = rs.presentation.grip_words.get(g.kind) if g.kind != "grapple" else None  # "now simply holds" is a log's change
    named = ""  # a plain hold by another name (d20's "hold") is just holding; another kind says its name after
    if not verb:  # the held one's: "Vesh holds Rook (subdue): 2 hands"
        verb, named = "holds", "" if g.kind in ("grapple", "hold") else f" ({str(g.kind).replace('_', ' ')})"
    parts = []
    if rs.presentation.grip_location_shown and g.location:
        parts.append(str(g.location).replace("_", " "))
    if g.hands:
        parts.append(f"{g.hands} hand{'s' if g.hands != 1 else ''}")
    tail = ": " + ", ".join(parts) if parts else ""
    return f"{name_of(battle, g.holder)} {verb} {name_of(battle, g.target)}{named}{tail}"


def _line(layer: Any, battle: Any, f: Any, colour: tuple[int, int, int], held: dict[str, int]
          ) -> tuple[int, int, list[tuple[str, Any]]]:
    """One fighter's line: (width, height, parts) with parts ("swatch"|"name"|"bar"|"badge", payload)."""
    text = layer.text
    name = text.render(f.name or f.id, LINE_SIZE, INK, bold=True)
    h = max(16, name.get_height() + 2)
    parts: list[tuple[str, Any]] = [("swatch", (colour, initial(f.name or f.id))), ("name", name)]
    w = 16 + 4 + name.get_width()
    if layer.health_of(f) is not None:
        parts.append(("bar", f))
        w += 6 + 30
    tag = layer.stat_tag(f)
    for letters, col, _ in ([(tag, (255, 222, 140), "")] if tag else []) + badges_of(battle, f, held, layer.ruleset):
        img = text.render(letters, 11, (12, 12, 16), bold=True)
        parts.append(("badge", (img, col)))
        w += 4 + img.get_width() + 8
    return w, h, parts


def draw_plates(surface: pygame.Surface, layer: Any, camera: Any, battle: Any, by_id: dict[str, Any],
                colours: dict[str, tuple[int, int, int]], brawl_ids: set[str]) -> set[str]:
    """Draw the plate of every crowded hex on screen (see the module docstring); returns the fighters whose
    words are on a plate (their names and badges are not drawn round their tokens)."""
    plated: set[str] = set()
    vw, vh = camera.viewport
    held: dict[str, int] = {}
    for g in getattr(battle, "grapples", []):
        held[g.target] = held.get(g.target, 0) + 1
    for h, group in crowded_hexes(layer.placements(battle)).items():
        cx, cy = camera.world_to_screen(*layer.geometry.center(h))
        hr = layer.geometry.hex_radius * camera.zoom
        if cx < -hr or cy < -hr or cx > vw + hr or cy > vh + hr:
            continue
        ids = [p.fighter_id for p in group]
        plated.update(ids)
        _plate(surface, layer, battle, h, (cx, cy, hr), [by_id[i] for i in ids], colours, held,
               any(i in brawl_ids for i in ids))
    return plated


def _plate(surface: pygame.Surface, layer: Any, battle: Any, h: Hex, where: tuple[float, float, float],
           members: list[Any], colours: dict[str, tuple[int, int, int]], held: dict[str, int], brawl: bool) -> None:
    """One hex's plate: placed where it covers nothing placed yet (else to its right), framed, its lines."""
    cx, cy, hr = where
    text = layer.text
    lines = [_line(layer, battle, f, colours.get(f.side, (192, 57, 43)), held) for f in members]
    ids = {f.id for f in members}
    grips = [g for g in getattr(battle, "grapples", []) if g.holder in ids and g.target in ids]
    words = [(text.render(grip_sentence(battle, g, layer.ruleset), 11, (12, 12, 16), bold=True),
              layer.grip_colours.get(g.kind, layer.grip_colours.get("other", (255, 255, 255)))) for g in grips]
    title = text.render(f"BRAWL {len(members)}", 11, (18, 18, 22), bold=True) if brawl else None
    pad = 4
    w = max([lw for lw, _, _ in lines] + [img.get_width() + 8 for img, _ in words]
            + ([title.get_width() + 8] if title else [])) + 2 * pad
    ht = sum(lh + 1 for _, lh, _ in lines) + sum(img.get_height() + 3 for img, _ in words) + 2 * pad
    ht += title.get_height() + 3 if title else 0
    side = hr * 0.92 + w / 2 + 6
    spots = [(cx + side, cy), (cx - side, cy), (cx, cy - hr - ht / 2 - 4), (cx, cy + hr + ht / 2 + 4),
             (cx + side, cy - ht / 2), (cx - side, cy - ht / 2), (cx + side, cy + ht / 2), (cx - side, cy + ht / 2),
             (cx + side + hr, cy), (cx - side - hr, cy)]
    b = layer.bounds or pygame.Rect(0, 0, *layer._view)  # not under the side panels drawn over the window
    spots = [(min(max(x, b.left + 2 + w / 2), b.right - 2 - w / 2), min(max(y, b.top + 2 + ht / 2), b.bottom - 2 - ht / 2))
             for x, y in spots]
    layout = layer.layout
    plate = pygame.Rect(0, 0, int(w), int(ht))
    plate.center = next(((int(x), int(y)) for x, y in spots
                         if layout.is_free(pygame.Rect(int(x - w / 2), int(y - ht / 2), int(w), int(ht)))),
                        (int(spots[0][0]), int(spots[0][1])))
    layer.boxes.append(("plate", f"{h.q},{h.r}", plate))
    end = (min(max(cx, plate.left), plate.right), min(max(cy, plate.top), plate.bottom))
    d = max(1.0, ((end[0] - cx) ** 2 + (end[1] - cy) ** 2) ** 0.5)
    start = (cx + (end[0] - cx) * hr * 0.8 / d, cy + (end[1] - cy) * hr * 0.8 / d)
    if d > hr * 0.8:  # the leader: from the hex's edge to the plate
        pygame.draw.line(surface, (12, 12, 16), start, end, 4)
        pygame.draw.line(surface, PLATE_EDGE, start, end, 2)
    bg = pygame.Surface(plate.size, pygame.SRCALPHA)
    pygame.draw.rect(bg, PLATE_FILL, bg.get_rect(), border_radius=6)
    surface.blit(bg, plate.topleft)
    pygame.draw.rect(surface, (240, 128, 60) if brawl else PLATE_EDGE, plate, width=1, border_radius=6)
    x0, y = plate.x + pad, plate.y + pad
    # the plate's parts are taken as labels (a name, a badge row, a grip's words) and the rest of it as taken
    # room, so the words placed after (move costs, floating numbers) go round all of it
    for strip in (pygame.Rect(plate.x, plate.y, plate.w, pad), pygame.Rect(plate.x, plate.bottom - pad, plate.w, pad),
                  pygame.Rect(plate.x, plate.y, pad, plate.h)):
        layout.claim(strip)
    if title is not None:
        box = pygame.Rect(x0, y, title.get_width() + 8, title.get_height() + 1)
        pygame.draw.rect(surface, (240, 128, 60), box, border_radius=4)
        surface.blit(title, (box.x + 4, box.y))
        _take(layout, f"brawl:{h.q},{h.r}", box, plate)
        y = box.bottom + 2
    for f, (_, lh, parts) in zip(members, lines, strict=True):
        _draw_line(surface, layer, f, parts, (x0, y, lh), plate.right)
        y += lh + 1
    for (img, col), g in zip(words, grips, strict=True):
        box = pygame.Rect(x0, y, img.get_width() + 8, img.get_height() + 1)
        pygame.draw.rect(surface, col, box, border_radius=4)
        surface.blit(img, (box.x + 4, box.y))
        _take(layout, f"grip:{g.holder}>{g.target}", box, plate)
        y = box.bottom + 2


def _take(layout: Any, what: str, box: pygame.Rect, plate: pygame.Rect) -> None:
    """``box`` taken as the label ``what``, and the rest of its line of the plate as taken room."""
    layout.labels.append((what, box))
    layout.claim(box)
    layout.claim(pygame.Rect(box.right, box.y, max(0, plate.right - box.right), box.h))


def _draw_line(surface: pygame.Surface, layer: Any, f: Any, parts: list[tuple[str, Any]],
               at: tuple[int, int, int], plate_right: int) -> None:
    """One fighter's line of a plate at ``at`` (x, y, line height), each drawn part recorded as the fighter's
    box and taken in the label layout (the name and the badge row as labels)."""
    x, y, lh = at
    mid = y + lh // 2
    layout = layer.layout
    badges: list[pygame.Rect] = []
    start = x
    for kind, payload in parts:
        if kind == "swatch":
            colour, letter = payload
            pygame.draw.circle(surface, (12, 12, 16), (x + 8, mid), 8)
            pygame.draw.circle(surface, colour, (x + 8, mid), 7)
            g = layer.text.render(letter, 10, (16, 16, 20) if sum(colour) > 400 else INK, bold=True)
            surface.blit(g, g.get_rect(center=(x + 8, mid + 1)))
            layout.claim(pygame.Rect(x, y, 20, lh))
            x += 20
        elif kind == "name":
            box = payload.get_rect(midleft=(x, mid))
            surface.blit(payload, box)
            layer.boxes.append(("name", f.id, box))
            layout.labels.append((f"name:{f.id}", box))
            layout.claim(box)
            x = box.right + 6
        elif kind == "bar":
            bottom = layer.health_bar(surface, x + 15, mid - 3, 18, f)
            layer.boxes.append(("bar", f.id, pygame.Rect(x, mid - 3, 30, int(bottom - mid + 3))))
            layout.claim(pygame.Rect(x - 2, y, 34, lh))
            x += 34
        else:
            img, col = payload
            box = pygame.Rect(x, mid - img.get_height() // 2 - 1, img.get_width() + 8, img.get_height() + 2)
            pygame.draw.rect(surface, col, box, border_radius=4)
            pygame.draw.rect(surface, (10, 10, 14), box, width=1, border_radius=4)
            surface.blit(img, (box.x + 4, box.y + 1))
            layer.boxes.append(("badge", f.id, box))
            badges.append(box)
            x = box.right + 4
    if badges:  # the row of badges, one label as over a lone token (tests read "badges:<id>")
        row = badges[0].unionall(badges[1:])
        layout.labels.append((f"badges:{f.id}", row))
        layout.claim(row)
    right = max(x, start)
    layout.claim(pygame.Rect(right, y, max(0, plate_right - right), lh))
