"""The legend (F4): what the arc shading and every badge over a token mean, drawn over the battle.

Issue 15: players met colours (front, side, rear) and lettered badges with no key. The panel shows each
arc's tint from the palette in use (the colour-blind palette's own) and every badge the board can carry,
drawn as on the tokens, with its meaning; the badges on the board now come first. One key opens it and
Esc, F4 or a click closes it (nothing else).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.describe import ruleset_of
from game.ui.marks import CONDITION_BADGES, badges_of, grip_sample
from game.ui.palette import Palette
from game.ui.text import TextCache
from game.ui.tokens import BRAWL_EDGE, STAT_TAG_INK

__all__ = ["legend_rows", "draw_legend", "BAND_ROWS", "GRIP_ROWS"]

#: the two tints of the lit hexes (``Ruleset.move_band``): the hover on a lit hex says the ruleset's own words
BAND_ROWS = (("walk", "lit hex: move there and still attack this round"),
             ("run", "striped amber hex: moving there gives up the attack (hover: why)"))

#: the grip links as the board draws them, holder -> held (``marks.draw_grips``); a crowded hex's grips are
#: also in words on its plate and in its callout (``crowd_plate``, ``crowd_callout``)
GRIP_ROWS = (("grapple", "grip: line holder -> held, arrowhead at the held; dots: the holder's hands"),
             ("pin", "pin: ticks across the line"),
             ("choke_hold", "choke: dashed line, a ring round the held"),
             ("arm_lock", "arm lock: a zigzag line"),
             ("other", "any other hold (a subdue...): a white line, its kind named on its tag"))

#: badges that are not a condition's (see :func:`game.ui.marks.badges_of`)
_EXTRA = [("SURP!", CONDITION_BADGES["surprised"][1], "surprised this round: loses it"),
          ("HELD", (255, 190, 60), "held by a grip (x2: by two)"),
          ("UP 10'", (140, 210, 255), "flying, feet up"), ("DOWN 10'", (80, 140, 220), "feet under water")]


def legend_rows(battle: Any) -> list[tuple[str, tuple[int, int, int], str]]:
    """Every badge as ``(letters, colour, meaning)``: those on the board now first, then the rest."""
    now: list[tuple[str, tuple[int, int, int], str]] = []
    for f in battle.fighters:
        for letters, col, meaning in badges_of(battle, f):
            if letters not in {x[0] for x in now}:
                now.append((letters, col, meaning))
    rs = ruleset_of(battle)  # the marks only some rulesets' boards carry (issue 16)
    rest = [(letters, col, rs.presentation.condition_name(cond))
            for cond, (letters, col) in {**CONDITION_BADGES, **rs.presentation.condition_badges}.items()]
    rest += _EXTRA
    if rs.presentation.brawl_condition:
        now.insert(0, ("BRAWL 3", BRAWL_EDGE, "a brawl, hand to hand; P: lying down"))
    if rs.presentation.token_stat:
        top = max(rs.presentation.stat_words.get(rs.presentation.token_stat, {}).items(), default=None)
        named = f" ({top[1][:1]}: {top[1]})" if top else ""
        now.insert(0, ("2", STAT_TAG_INK, f"corner tag: {rs.presentation.token_stat} level{named}"))
    seen = {x[0] for x in now}
    out = list(now)
    for row in rest:
        if row[0] not in seen:
            seen.add(row[0])
            out.append(row)
    return out


def draw_legend(surface: pygame.Surface, battle: Any, text: TextCache, pal: Palette) -> pygame.Rect:
    """The panel, centred on ``surface``; returns its rect (a click anywhere closes it)."""
    sw, sh = surface.get_size()
    rows = legend_rows(battle)
    size = 13
    px = text.px  # the panel's room grows with its text (issue 26: at 1920x1080 its foot sat on the last row)
    lh = text.font(size).get_linesize() + 6
    cols = 3 if sw >= 900 else 2
    col_w = min(px(300), (sw - 60) // cols)
    per_col = -(-len(rows) // cols)
    w = col_w * cols + 24
    top = 3 + len(BAND_ROWS) + len(GRIP_ROWS)  # the arcs' rows, the lit hexes' bands, the grips; then badges
    h = px(44) + top * lh + px(18) + per_col * lh + px(34)
    if h > sh - 16:  # a short window: fewer lines per column would not fit either, so shrink the spacing
        lh = max(text.font(size).get_linesize() + 1, (sh - 16 - px(44 + 18 + 34)) // (per_col + top))
        h = px(44) + top * lh + px(18) + per_col * lh + px(34)
    rect = pygame.Rect(0, 0, w, min(h, sh - 8))
    rect.center = (sw // 2, sh // 2)
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, pal.panel, panel.get_rect(), border_radius=10)
    pygame.draw.rect(panel, pal.panel_edge, panel.get_rect(), width=1, border_radius=10)
    panel.blit(text.render("Legend", 18, pal.accent, bold=True), (12, 10))
    y = px(44)
    for name, meaning in (("front", "it faces and defends best"), ("side", "flank"),
                          ("rear", "behind it: hardest to defend")):
        fill, outline = pal.arcs[name]
        sw_rect = pygame.Rect(12, y + 2, px(34), lh - 8)
        pygame.draw.rect(panel, fill[:3], sw_rect, border_radius=3)
        if outline is not None:
            pygame.draw.rect(panel, outline[:3], sw_rect, width=2, border_radius=3)
        panel.blit(text.render(f"{name} arc: {meaning}", size, pal.text), (px(54), y + 1))
        y += lh
    for band, meaning in BAND_ROWS:
        fill, outline = (pal.reach, pal.reach_edge) if band == "walk" else (pal.reach_run, pal.reach_run_edge)
        sw_rect = pygame.Rect(12, y + 2, px(34), lh - 8)
        pygame.draw.rect(panel, fill[:3], sw_rect, border_radius=3)
        pygame.draw.rect(panel, outline[:3], sw_rect, width=2, border_radius=3)
        if band == "run":  # the stripe the board draws across a run hex
            pygame.draw.line(panel, outline[:3], sw_rect.bottomleft, sw_rect.topright, 2)
        panel.blit(text.render(meaning, size, pal.text), (px(54), y + 1))
        y += lh
    for kind, meaning in GRIP_ROWS:
        col = pal.grips.get(kind, pal.grips.get("other", (255, 255, 255)))
        grip_sample(panel, kind, (14, y + lh // 2 - 2), (px(84), y + lh // 2 - 2), col,
                    hands=2 if kind == "grapple" else 1)
        panel.blit(text.render(meaning, size, pal.text), (px(96), y + 1))
        y += lh
    y += 8
    panel.blit(text.render("Badges over a token (hover one for its own)", size, pal.dim, bold=True), (12, y))
    y += lh
    ink = (12, 12, 16)
    for i, (letters, col, meaning) in enumerate(rows):
        cx = 12 + (i // per_col) * col_w
        cy = y + (i % per_col) * lh
        img = text.render(letters, 12, ink, bold=True)
        r = pygame.Rect(cx, cy, img.get_width() + 8, img.get_height() + 2)
        pygame.draw.rect(panel, col, r, border_radius=4)
        panel.blit(img, (r.x + 4, r.y + 1))
        words = text.render(meaning, size, pal.text)
        panel.blit(words, (r.right + 8, cy), area=pygame.Rect(0, 0, col_w - r.w - 16, words.get_height()))
    panel.blit(text.render("F4, Esc or a click closes this", 12, pal.dim), (12, rect.h - px(24)))
    surface.blit(panel, rect.topleft)
    return rect
