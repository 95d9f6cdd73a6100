"""The last action at a glance, at the foot of the board: what was tried and each roll's verdict in words.

Up to three rolls (or contests) of the last action that rolled, each a line
ticked or crossed in the colour of its verdict, under a title naming the
action; a click on a line opens that roll's breakdown (the screen asks
:meth:`LastAction.roll_at`). A result the ruleset lets the player choose
after a roll shows that roll here while the choice is open.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.describe import (
    aimed_label,
    contest_verdict,
    is_range_roll,
    made_total,
    name_of,
    pool_words,
    roll_sum,
    roll_verdict,
)
from game.ui.hud.widgets import cross, tick
from game.ui.palette import Palette
from game.ui.text import TextCache, fit_text, wrap

__all__ = ["LastAction"]


class LastAction:
    """The last action's rolls, and where they were drawn (for clicks)."""

    def __init__(self) -> None:
        self.roll: dict[str, Any] | None = None  # the last roll or contest, None before any
        self.rolls: list[dict[str, Any]] = []
        self.title = ""
        self.actor: str | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)  # the box as drawn last (empty when hidden)
        self.rows: list[tuple[pygame.Rect, dict[str, Any]]] = []
        #: set while a screen over the battle (the end screen) has its buttons where the card would be
        self.hidden = False

    def clear(self) -> None:
        """No last action (an undo took back the one shown and the log holds no roll before it)."""
        self.roll, self.rolls, self.title, self.actor = None, [], "", None

    def show(self, rolls: list[dict[str, Any]], actor: str | None, title: str) -> None:
        """The rolls of a new action (at least one) by ``actor``, under ``title``."""
        self.rolls = rolls
        self.roll = rolls[-1]
        self.actor = actor
        self.title = title

    def roll_at(self, pos: tuple[int, int]) -> dict[str, Any] | None:
        """The roll of the line at ``pos`` (the last roll if between lines); None outside the box."""
        if self.roll is None or not self.rect.collidepoint(pos):
            return None
        return next((r for row, r in self.rows if row.collidepoint(pos)), self.roll)

    def _line(self, battle: Any, r: dict[str, Any]) -> tuple[str, bool | None]:
        """One roll or contest in words, and whether it went the actor's way (None: neither)."""
        if r.get("type") == "contest":
            w = r.get("winner")
            sub = r.get("rolls") or []
            verdict = contest_verdict(battle, r)
            ok = None if w is None else (w == self.actor)
            # a pool's dice as a player counts them ("Edda 2 successes: [8] [7] 1"), never a sum
            detail = "; ".join(f"{name_of(battle, x.get('actor'))} {pool_words(x) if 'counted' in x else roll_verdict(x)}"
                               for x in sub)
            return f"{str(r.get('kind', '')).capitalize()} contest: {verdict} \u2014 {detail}", ok
        ok = r.get("success")
        tgt = r.get("target")
        label = aimed_label(battle, r, str(r.get("label", "roll")))  # the figure it was rolled at
        if r.get("dc") is not None or is_range_roll(r) or "points" in r:
            how = roll_sum(r, battle)  # d20: the whole sum against the AC or save; pools: what counted
        else:
            how = f"rolled {r.get('total')}" + (f" against {tgt}" if tgt is not None else "")
            if tgt is None:  # a table roll's die and modifiers: "rolled 2 \u2212 3 = \u22121", not a bare -1
                how = made_total(r) or how
        who = name_of(battle, r.get("actor"))
        head = label if label.startswith(who) else f"{who}, {label}"
        verdict = roll_verdict(r).upper()
        # a roll with nothing to pass (damage, a scatter's direction) has no verdict: "... (1d6): rolled 6"
        return (f"{head}: {verdict} ({how})" if verdict else f"{head}: {how}"), ok

    def _good(self, battle: Any, r: dict[str, Any], ok: bool | None, mine: set[str] | None) -> bool | None:
        """Whether the roll went the player's way (issue 15: a foe's hit is bad news, whatever its dice):
        ``ok`` when the roller is on one of the player's sides ``mine``, the opposite for a foe's; ``ok``
        itself when there is no player (``mine`` None or empty)."""
        if ok is None or not mine:
            return ok
        who = battle.get(self.actor if r.get("type") == "contest" else r.get("actor"))
        if who is None:
            return ok
        return ok if who.side in mine else not ok

    def draw(self, surface: pygame.Surface, bottomleft: tuple[int, int], battle: Any, text: TextCache,
             pal: Palette, mouse: tuple[int, int], max_w: int, mine: set[str] | None = None,
             avoid: pygame.Rect | None = None) -> pygame.Rect:
        """The box with its bottom-left corner at ``bottomleft``, at most ``max_w`` wide; returns it. Lines
        and edge are coloured by what each roll means for the player's sides ``mine`` (good: the palette's
        success colour), the tick or cross (the roll's own verdict) in its line's colour so mark and words
        agree. A box over ``avoid`` (the acting fighter's token) moves to the other bottom corner, so the
        card of the last action never hides whoever acts next. Hidden: nothing (an empty box)."""
        if self.hidden:
            self.rows = []
            return pygame.Rect(0, 0, 0, 0)
        t = text
        rolls = self.rolls or [self.roll]
        lines: list[tuple[list[pygame.Surface], bool | None, dict[str, Any]]] = []
        goods: list[bool | None] = []
        cols: list[tuple[int, int, int]] = []  # each line's colour, for its mark too
        room = max(120, max_w - 20 - 30)  # a line wraps inside the box (seen: "...+ 1 (DEX bonus (mis" ran out)
        for r in rolls[-3:]:
            words, ok = self._line(battle, r)
            good = self._good(battle, r, ok, mine)
            goods.append(good)
            col = pal.success if good else (pal.failure if good is False else pal.neutral)
            cols.append(col)
            said = wrap(t, words, 13, room, True)
            if len(said) > 3:  # three lines at most: the breakdown a click opens has it whole
                said = said[:2] + [fit_text(t, " ".join(said[2:]), 13, room, True)]
            lines.append(([t.render(ln, 13, col, bold=True) for ln in said], ok, r))
        heads = [t.render(ln, 13, pal.text, bold=True) for ln in wrap(t, self.title or "Last action", 13, room + 20, True)]
        head = pygame.Surface((max(i.get_width() for i in heads), sum(i.get_height() for i in heads)), pygame.SRCALPHA)
        for k, img in enumerate(heads):
            head.blit(img, (0, k * img.get_height()))
        foot = t.render("click a line for its breakdown", 11, pal.dim)
        w = max([head.get_width(), foot.get_width()] + [im.get_width() + 24 for imgs, _, _ in lines for im in imgs]) + 20
        lh = lines[0][0][0].get_height() + 2 if lines else 18
        h = head.get_height() + sum(len(imgs) for imgs, _, _ in lines) * lh + foot.get_height() + 16
        w = min(w, max_w)
        box = pygame.Rect(bottomleft[0], bottomleft[1] - h, w, h)
        if avoid is not None and box.colliderect(avoid):
            box.right = bottomleft[0] + max_w
        s = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (14, 16, 22, 228), s.get_rect(), border_radius=8)
        surface.blit(s, box)
        main_ok = goods[-1] if goods else None
        edge = pal.success if main_ok else (pal.failure if main_ok is False else pal.neutral)
        pygame.draw.rect(surface, edge, box, width=2, border_radius=8)
        surface.blit(head, (box.x + 10, box.y + 6))
        y = box.y + 8 + head.get_height()
        self.rows = []
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-4, -4))
        for imgs, ok, r in lines:
            row = pygame.Rect(box.x + 4, y, box.w - 8, lh * len(imgs))
            if row.collidepoint(mouse):
                pygame.draw.rect(surface, (50, 54, 68), row, border_radius=4)
            if ok is not None:  # the mark in its words' colour: never a green tick beside red "HIT"
                (tick if ok else cross)(surface, (box.x + 17, y + lh // 2), 6, cols[len(self.rows)])
            for k, img in enumerate(imgs):
                surface.blit(img, (box.x + 30, y + k * lh))
            self.rows.append((row, r))
            y += lh * len(imgs)
        surface.set_clip(clip)
        surface.blit(foot, (box.x + 10, y + 2))
        return box
