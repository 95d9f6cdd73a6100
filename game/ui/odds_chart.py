"""Odds as pictures (issue 18): the hovered action's outcomes, its injury spread and the foe's side.

Draws an :class:`~game.rules.action_words.ActionWords` as small charts, one
under the other: the outcomes as horizontal bars (win / tie / lose, hit /
defended / miss, each edge value, rounds that hit), the spread of injury as
columns (one per value, the most likely lit), and the same odds as the foe
reads them. Only drawing here: the numbers are the ruleset's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.text import TextCache, fit_text
from game.wording import percents

if TYPE_CHECKING:
    from game.rules.action_words import ActionWords
    from game.ui.palette import Palette

__all__ = ["render_chart", "CHART_TITLES", "bar_colour", "likeliest_words"]

#: what each kind of chart is called above its bars
CHART_TITLES = {"contest": "The contest: win / tie / lose", "attack": "The attack: every outcome",
                "ladder": "Your edge (your points minus the foe's)", "rounds": "Rounds that hit",
                "outcomes": "Every outcome"}

_GOOD = ("win", "hit", "success", "escape", "takes hold", "enter", "triple damage", "double damage",
         "foe knocked down")
_BAD = ("lose", "miss", "failure", "repelled", "weapon dropped", "weapon broken", "hit by the defender",
        "below 0")

BAR_H = 14
LABEL_W = 150


def bar_colour(label: str, pal: Palette, kind: str = "outcomes", index: int = 0) -> tuple[int, int, int]:
    """Good outcomes in the success colour, bad ones in the failure colour, the rest neutral; edges and
    rounds grow brighter with the value."""
    if kind in ("ladder", "rounds"):
        if label in _BAD or label == "0" and kind == "rounds":
            return pal.failure
        return pal.success if index >= 2 else pal.neutral
    if label in _GOOD:
        return pal.success
    if label in _BAD:
        return pal.failure
    return pal.neutral


def _bars(t: TextCache, pal: Palette, surf: pygame.Surface, y: int, width: int,
          bars: tuple[tuple[str, float], ...], kind: str, whole: float | None = None) -> int:
    """Horizontal bars with their label and percentage; returns the next free y. The bar whose share is
    ``whole`` (the chance the menu shows) reads as the menu reads it; the others make up 100%."""
    track = width - LABEL_W - 56
    keep = next((i for i, (_, p) in enumerate(bars) if whole is not None and abs(p - whole) < 1e-9), None)
    shown = percents([p for _, p in bars], keep=keep)  # a whole's shares add up to 100%
    for i, (label, p) in enumerate(bars):
        surf.blit(t.render(fit_text(t, label, 12, LABEL_W - 6), 12, pal.text), (10, y))
        x0 = 10 + LABEL_W
        pygame.draw.rect(surf, (40, 44, 54), (x0, y + 2, track, BAR_H - 3), border_radius=3)
        w = int(round(track * max(0.0, min(1.0, p))))
        if w:
            pygame.draw.rect(surf, bar_colour(label, pal, kind, i), (x0, y + 2, w, BAR_H - 3), border_radius=3)
        surf.blit(t.render(shown[i], 12, pal.text, True), (x0 + track + 6, y))
        y += BAR_H + 3
    return y


def _columns(t: TextCache, pal: Palette, surf: pygame.Surface, y: int, width: int,
             spread: tuple[tuple[int, float], ...]) -> int:
    """The injury spread: one column per value, the value under it, the likeliest lit; returns next y."""
    if not spread:
        return y
    n = len(spread)
    col_w = max(6, min(22, (width - 24) // n))
    top = max(p for _, p in spread) or 1.0
    h = 44
    x = 12
    best = {v for v, p in spread if p >= top * (1 - 1e-6)}  # every value as likely as the likeliest is lit
    every = 1 if col_w >= 16 else (2 if col_w >= 9 else 4)
    for i, (v, p) in enumerate(spread):
        ch = int(round(h * p / top))
        colour = pal.damage if v in best else (170, 110, 100)
        pygame.draw.rect(surf, colour, (x, y + h - ch, col_w - 2, ch), border_top_left_radius=2,
                         border_top_right_radius=2)
        if i % every == 0 or (v in best and len(best) < 3):
            img = t.render(str(v), 10, pal.dim if v not in best else pal.text)
            surf.blit(img, img.get_rect(midtop=(x + (col_w - 2) // 2, y + h + 1)))
        x += col_w
    mean = sum(v * p for v, p in spread)
    surf.blit(t.render(f"{likeliest_words(spread)}, on average {mean:.1f}", 11, pal.dim), (12, y + h + 14))
    return y + h + 30


def likeliest_words(spread: tuple[tuple[int, float], ...]) -> str:
    """"most likely 4"; "most likely 3 or 4" for a tie; "each from 3 to 8 as likely" for a flat spread (a
    1d6+2 blow: the play-through's chart said "most likely 3" of six equal columns)."""
    top = max(p for _, p in spread)
    best = sorted(v for v, p in spread if p >= top * (1 - 1e-6))
    if len(best) == 1:
        return f"most likely {best[0]}"
    if len(best) == len(spread):
        return f"each from {best[0]} to {best[-1]} as likely"
    return "most likely " + ", ".join(str(v) for v in best[:-1]) + f" or {best[-1]}"


def render_chart(t: TextCache, pal: Palette, words: ActionWords, width: int, foe: str = "the foe"
                 ) -> pygame.Surface | None:
    """The charts of ``words`` in one surface ``width`` wide, or None when it has no odds to draw."""
    if not words.chart and not words.damage and not words.foe:
        return None
    blocks = 0
    est = 12
    if words.chart:
        est += 20 + len(words.chart) * (BAR_H + 3)
        blocks += 1
    if words.damage:
        est += 20 + 44 + 32
        blocks += 1
    if words.foe:
        est += 20 + len(words.foe) * (BAR_H + 3)
        blocks += 1
    surf = pygame.Surface((width, est + blocks * 2), pygame.SRCALPHA)
    y = 6
    if words.chart:
        surf.blit(t.render(CHART_TITLES.get(words.chart_kind, "Every outcome"), 12, pal.accent, True), (10, y))
        y = _bars(t, pal, surf, y + 18, width, words.chart, words.chart_kind, words.whole) + 2
    if words.damage:
        label = words.damage_label or "Injury if it hits"
        surf.blit(t.render(fit_text(t, label, 12, width - 20, True), 12, pal.accent, True), (10, y))
        y = _columns(t, pal, surf, y + 18, width, words.damage) + 2
    if words.foe:
        surf.blit(t.render(f"The same odds from {foe}'s side", 12, pal.accent, True), (10, y))
        y = _bars(t, pal, surf, y + 18, width, words.foe, "foe", words.whole) + 2
    out = pygame.Surface((width, min(surf.get_height(), y + 4)), pygame.SRCALPHA)
    pygame.draw.rect(out, (16, 18, 24, 240), out.get_rect(), border_radius=8)
    pygame.draw.rect(out, pal.panel_edge, out.get_rect(), width=1, border_radius=8)
    out.blit(surf, (0, 0))
    return out
