"""The initiative bar across the top: the round, the turn order, whose turn it is and why, phases.

Every fighter is a chip (its side's shape and colour, its initial, its name);
the one acting is raised, ringed and marked NOW; those who already acted this
round are dimmed and ticked; those out of the fight are struck through. The
right end says in words whose turn it is, and whether a person or the
computer plays it. Rulesets with phases (a phased countdown) show the
phases, the current one boxed.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.hud.widgets import side_icon, tick
from game.ui.palette import Palette
from game.ui.text import TextCache

__all__ = ["InitiativeBar"]


class InitiativeBar:
    def __init__(self, text: TextCache) -> None:
        self.text = text
        self._key: tuple | None = None
        self._surf: pygame.Surface | None = None
        self.chips: list[tuple[pygame.Rect, str]] = []
        self.height = 64

    def fighter_at(self, pos: tuple[int, int]) -> str | None:
        for r, fid in self.chips:
            if r.collidepoint(pos):
                return fid
        return None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, session: Any, pal: Palette,
             side_index: dict[str, int], colours: dict[str, tuple[int, int, int]], *, thinking: bool = False,
             animating: bool = False, battle: Any = None) -> None:
        """``battle``: the battle as shown (the animation's shadow); the session's by default."""
        b = battle if battle is not None else session.battle
        try:
            info = session.ctl.initiative()
        except Exception:  # noqa: BLE001 - a policy without describe: show the plain order
            info = {"order": list(b.order), "current": b.current, "round": b.round}
        order = list(info.get("order") or b.order or [f.id for f in b.fighters])
        if battle is not None and battle is not session.battle:
            info = dict(info, round=b.round, current=b.current, order=list(b.order) or order)
            order = list(info["order"])
        key = (rect.size, b.round, b.current, tuple(order), info.get("phase"), info.get("count"),
               tuple((f.id, tuple(f.conditions), f.posture) for f in b.fighters), thinking, pal.name, b.ended,
               tuple(sorted(session.seat.items())), animating)
        if key != self._key or self._surf is None:
            self._surf = self._build(rect, session, b, info, order, pal, side_index, colours, thinking, animating)
            self._key = key
        surface.blit(self._surf, rect.topleft)

    def _build(self, rect: pygame.Rect, session: Any, b: Any, info: dict[str, Any], order: list[str],
               pal: Palette, side_index: dict[str, int], colours: dict[str, tuple[int, int, int]], thinking: bool,
               animating: bool) -> pygame.Surface:
        t = self.text
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        surf.fill((14, 15, 20, 240))
        pygame.draw.line(surf, pal.panel_edge, (0, rect.h - 1), (rect.w, rect.h - 1))
        x = 12
        shown_round = b.round - 1 if (b.ended and b.current is None and b.round > 1) else b.round
        rt = t.render(f"ROUND {shown_round}", 20, pal.accent, bold=True)
        surf.blit(rt, (x, 8))
        sub = info.get("policy", "")
        phase = info.get("phase")
        count = info.get("count")
        line2 = []
        if count is not None:
            line2.append(f"number {count}")
        if phase:
            line2.append(f"phase: {phase}")
        elif sub:
            line2.append({"fixed": "fixed order", "per_round": "rolled each round"}.get(sub, str(sub)))
        if line2:
            surf.blit(t.render(" \u00b7 ".join(line2), 13, pal.dim), (x, 36))
        x += max(rt.get_width(), 120) + 18
        # phases (rulesets that have them)
        phases = info.get("phases") or []
        if phases:
            for ph in phases:
                img = t.render(ph, 12, pal.text if ph == phase else pal.dim, bold=ph == phase)
                r = img.get_rect(topleft=(x, 8)).inflate(8, 4)
                if ph == phase:
                    pygame.draw.rect(surf, pal.accent, r, width=2, border_radius=4)
                surf.blit(img, (x, 8))
                x += img.get_width() + 12
            x += 8
        # the order
        self.chips = []
        current = b.current
        cur_i = order.index(current) if current in order else -1
        right_w = min(460, rect.w // 3)
        room = rect.w - right_w - x - 10
        step = max(44, min(76, room // max(1, len(order))))
        for i, fid in enumerate(order):
            f = b.get(fid)
            if f is None:
                continue
            cx = x + step // 2
            cy = 26
            now = fid == current and not b.ended
            out = any(c in f.conditions for c in ("unconscious", "dead"))
            col = colours.get(f.side, (200, 200, 200))
            if out or (0 <= i < cur_i):
                col = tuple(int(c * 0.45 + 30) for c in col)
            r = 17 if now else 13
            if now:
                pygame.draw.polygon(surf, pal.accent, [(cx - 7, 1), (cx + 7, 1), (cx, 8)])
            side_icon(surf, (cx, cy + (2 if now else 0)), r, side_index.get(f.side, 0), col,
                      (f.label or "?")[:1].upper(), t, ring=pal.accent if now else None)
            if 0 <= i < cur_i and not out:
                tick(surf, (cx + r * 0.8, cy + r * 0.7), 5, pal.success)
            if out:
                pygame.draw.line(surf, (230, 230, 230), (cx - r - 2, cy + r), (cx + r + 2, cy - r), 3)
            name = t.render(f.label[:9], 12, pal.text if now else pal.dim, bold=now)
            surf.blit(name, name.get_rect(midtop=(cx, 47)))
            self.chips.append((pygame.Rect(rect.x + x, rect.y, step, rect.h), fid))
            x += step
        # whose turn, in words
        rx = rect.w - right_w
        pygame.draw.line(surf, pal.panel_edge, (rx - 8, 8), (rx - 8, rect.h - 8))
        if b.ended:
            who = session.side_name(b.winner) + " won" if b.winner else "A draw"
            surf.blit(t.render("Battle over", 20, pal.accent, bold=True), (rx, 6))
            surf.blit(t.render(who, 14, pal.text), (rx, 36))
            return surf
        f = b.get(current)
        if f is None:
            surf.blit(t.render("Between turns", 18, pal.dim, bold=True), (rx, 10))
            return surf
        seat = session.seat.get(f.side, "human")
        side_name = session.side_name(f.side)
        col = colours.get(f.side, pal.text)
        side_icon(surf, (rx + 14, 22), 12, side_index.get(f.side, 0), col, None, t)
        head = t.render(f"{f.label}'s turn", 20, pal.text, bold=True)
        surf.blit(head, (rx + 34, 8))
        if seat == "ai":
            why = f"{side_name} \u00b7 computer " + ("thinking\u2026" if thinking else "plays")
        else:
            players = len(session.human_sides())
            who = "your move" if players < 2 else "human player"
            why = f"{side_name} \u00b7 {who}"
        surf.blit(t.render(why, 14, col if seat == "human" else pal.dim, bold=seat == "human"), (rx + 34, 36))
        return surf
