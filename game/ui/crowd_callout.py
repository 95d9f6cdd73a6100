"""The callout of a crowded hex under the pointer: its fighters at full size, who grips whom, a target picker.

Why: with two to five fighters in one hex their tokens are small and their
grips are links a few pixels long; nobody can tell who holds whom. Pointing
at such a hex opens this panel beside it: every fighter there drawn as a
lone token is (its side's shape and colour, its facing pointer, its
posture), with its name as written, its hit points, its posture and facing
in words; every grip among them is an arrow from the holder's card to the
held one's, in the grip's colour and style (a choke dashed, a pin doubled,
an arm lock dotted), and listed under the cards in the ruleset's own words
(:func:`game.ui.crowd_plate.grip_sentence`). The panel stands for the hex:
the pointer may move into it and it stays open, and a click on a fighter's
card is a click on that fighter's token (:meth:`BoardScene.fighter_at_screen`).
A click on the hex pins it open as the target picker (:mod:`game.ui.crowd_picker`
holds that input): it then stays on that hex wherever the pointer goes, and one
card at a time may carry the keyboard's focus, ringed.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.files.names import initial
from game.hexgrid import Hex
from game.ui.crowd_plate import grip_sentence
from game.ui.describe import facing_word
from game.ui.marks import badges_of
from game.ui.tokens import side_shape

__all__ = ["CrowdCallout"]

FILL = (16, 16, 22, 240)
EDGE = (236, 214, 150)
INK = (246, 242, 230)
DIM = (190, 186, 176)


class CrowdCallout:
    """The open callout (its hex, its screen rect, each fighter's card) as last drawn."""

    def __init__(self) -> None:
        self.hex: Hex | None = None
        self.rect: pygame.Rect | None = None
        #: (fighter id, card rect, token centre) of each card, as last drawn
        self.cards: list[tuple[str, pygame.Rect, tuple[int, int]]] = []
        #: the grip sentences as last drawn (tests read them)
        self.words: list[str] = []
        #: the hex it is pinned to as the target picker (a click on that hex), or None: it follows the pointer
        self.pinned: Hex | None = None
        #: the card the keyboard's focus is on while pinned (an index into ``cards``), or None
        self.focus: int | None = None

    def contains(self, pos: tuple[float, float]) -> bool:
        return self.rect is not None and self.rect.collidepoint(pos)

    def fighter_at(self, pos: tuple[float, float]) -> str | None:
        """The fighter whose card is under ``pos`` (None on the panel's title or grip lines)."""
        return next((fid for fid, r, _ in self.cards if r.collidepoint(pos)), None)

    def close(self) -> None:
        self.hex, self.rect, self.cards, self.words = None, None, [], []
        self.pinned, self.focus = None, None

    def pin(self, h: Hex) -> None:
        """Keep the callout open on ``h`` (drawn there from the next frame on) until it is closed."""
        self.pinned, self.focus = h, None

    def move_focus(self, step: int) -> None:
        """The keyboard's focus to the next (``step`` 1) or previous (-1) card, round the ends; the first
        press puts it on the first (or last) card."""
        if not self.cards:
            return
        if self.focus is None:
            self.focus = 0 if step > 0 else len(self.cards) - 1
        else:
            self.focus = (self.focus + step) % len(self.cards)

    def focused(self) -> tuple[str, pygame.Rect] | None:
        """The focused card's fighter and rect as last drawn, or None."""
        if self.focus is None or not 0 <= self.focus < len(self.cards):
            return None
        fid, rect, _ = self.cards[self.focus]
        return fid, rect

    def draw(self, surface: pygame.Surface, board: Any, hovered: Hex | None) -> None:
        """Open it on its pinned hex, else on ``hovered``, when two or more fighters share that hex (else close
        it) and draw it."""
        if self.pinned is not None:
            hovered = self.pinned
        here = board.battle.fighters_at(hovered) if hovered is not None else []
        if len(here) < 2:
            self.close()
            return
        self.hex = hovered
        layer, text, battle = board.tokens, board.text, board.battle
        order = {p.fighter_id: i for i, p in enumerate(layer.placements(battle))}
        here = sorted(here, key=lambda f: order.get(f.id, 0))
        r = max(16, int(round(layer.geometry.hex_radius * board.camera.zoom * 0.6)))
        cards = [self._card_lines(board, f) for f in here]
        card_w = max(max(t.get_width() for lines in cards for t in lines) + 12, int(r * 3.6))
        lines_h = max(sum(t.get_height() for t in lines) for lines in cards)
        ids = {f.id for f in here}
        grips = [g for g in battle.grapples if g.holder in ids and g.target in ids]
        arrows_h = 10 + 8 * len(grips)
        self.words = [grip_sentence(battle, g, layer.ruleset) for g in grips]
        word_imgs = [text.render(s, 13, (12, 12, 16), bold=True) for s in self.words]
        brawl = layer.ruleset.presentation.brawl_condition
        what = "a brawl of" if brawl and sum(1 for f in here if brawl in f.conditions) >= 2 else "in this hex:"
        how = "click one, or Tab and Enter \u00b7 Esc" if self.pinned is not None else "click one to choose it"
        title = text.render(f"{what} {len(here)} fighters \u00b7 {how}", 13, EDGE, bold=True)
        card_h = arrows_h + int(r * 3.6) + lines_h + 6
        w = max(len(here) * (card_w + 6) + 6, title.get_width() + 16,
                max((i.get_width() + 20 for i in word_imgs), default=0))
        h = 8 + title.get_height() + 4 + card_h + sum(i.get_height() + 5 for i in word_imgs) + 8
        self.rect = self._place(board, board.view_rect or surface.get_rect(), (w, h))
        panel = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, FILL, panel.get_rect(), border_radius=10)
        surface.blit(panel, self.rect.topleft)
        pygame.draw.rect(surface, EDGE, self.rect, width=2, border_radius=10)
        surface.blit(title, (self.rect.x + 8, self.rect.y + 8))
        top = self.rect.y + 8 + title.get_height() + 4
        self.cards = []
        for i, (f, lines) in enumerate(zip(here, cards, strict=True)):
            card = pygame.Rect(self.rect.x + 6 + i * (card_w + 6), top, card_w, card_h)
            centre = (card.centerx, card.y + arrows_h + int(r * 1.8))
            self._draw_card(surface, board, f, card, centre, r, lines)
            if i == self.focus:  # the keyboard's choice: a ring round the whole card
                pygame.draw.rect(surface, (10, 10, 14), card.inflate(6, 6), width=5, border_radius=10)
                pygame.draw.rect(surface, (255, 236, 120), card.inflate(6, 6), width=3, border_radius=10)
            self.cards.append((f.id, card, centre))
        at = {fid: c for fid, _, c in self.cards}
        for k, g in enumerate(grips):
            self._arrow(surface, board, g, at[g.holder], at[g.target], top + 6 + 8 * k, r)
        y = top + card_h + 2
        for img, g in zip(word_imgs, grips, strict=True):
            col = layer.grip_colours.get(g.kind, layer.grip_colours.get("other", (255, 255, 255)))
            box = pygame.Rect(self.rect.x + 8, y, img.get_width() + 10, img.get_height() + 2)
            pygame.draw.rect(surface, col, box, border_radius=5)
            surface.blit(img, (box.x + 5, box.y + 1))
            y = box.bottom + 3

    def _place(self, board: Any, view: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
        """Beside the hex (right, else left, else below or above), inside the board's part of the window
        (not under the side panels), never over the hex itself, and off the rooms the board's words keep clear
        (the last action's card, drawn over the board after the callout): a spot beside the hex slides up
        above the card, and the first spot clear of it is taken."""
        cx, cy = board.hex_screen_pos(self.hex)
        hr = board.geometry.hex_radius * board.camera.zoom
        w, h = size
        kept = board.tokens.layout.kept
        spots: list[pygame.Rect] = []
        for x in (cx + hr + 8, cx - hr - 8 - w):
            if view.left <= x and x + w <= view.right:
                rect = pygame.Rect(int(x), int(min(max(view.top + 2, cy - h / 2), view.bottom - h - 2)), w, h)
                spots.append(rect)
                for room in kept:
                    if rect.colliderect(room) and room.top - 2 - h >= view.top:
                        spots.append(rect.move(0, room.top - 2 - rect.bottom))
        below = pygame.Rect(0, 0, w, h)
        below.midtop = (int(min(max(view.left + w / 2 + 2, cx), view.right - w / 2 - 2)), int(cy + hr + 8))
        above = below.copy()
        above.midbottom = (below.centerx, int(cy - hr - 8))
        spots += [below, above] if below.bottom <= view.bottom else [above]
        clear = [r for r in spots if r.collidelist(kept) < 0]
        return (clear or spots)[0]

    def _card_lines(self, board: Any, f: Any) -> list[pygame.Surface]:
        """The words under a fighter's card: name, hit points, posture, facing, badges."""
        text, battle = board.text, board.battle
        out = [text.render(f.name or f.id, 14, INK, bold=True)]
        hp = board.tokens.health_of(f)
        if hp is not None:
            out.append(text.render(f"HP {hp[0]:g}/{hp[1]:g}", 12, INK))
        out.append(text.render(str(f.posture).replace("_", " "), 12, DIM))
        out.append(text.render(f"faces {facing_word(battle, f.facing)}", 12, DIM))
        badges = " ".join(letters for letters, _, _ in badges_of(battle, f, ruleset=board.tokens.ruleset))
        if badges:
            out.append(text.render(badges, 12, (255, 200, 90), bold=True))
        return out

    def _draw_card(self, surface: pygame.Surface, board: Any, f: Any, card: pygame.Rect,
                   centre: tuple[int, int], r: int, lines: list[pygame.Surface]) -> None:
        """One fighter's card: its token at a lone token's size, its words under it."""
        layer = board.tokens
        pygame.draw.rect(surface, (40, 40, 48), card, border_radius=8)
        if f.id == board.selected:
            pygame.draw.rect(surface, EDGE, card, width=2, border_radius=8)
        img, (ax, ay) = layer.image(
            shape=side_shape(board.side_index.get(f.side, 0)), colour=board.colours.get(f.side, (192, 57, 43)),
            letter=initial(f.name or f.id), facing=f.facing, radius_px=r, selected=False, posture=f.posture)
        surface.blit(img, (centre[0] - ax, centre[1] - ay))
        y = centre[1] + int(r * 1.8)
        for t in lines:
            surface.blit(t, t.get_rect(midtop=(card.centerx, y)))
            y += t.get_height()

    def _arrow(self, surface: pygame.Surface, board: Any, g: Any, a: tuple[int, int], b: tuple[int, int],
               y: int, r: int) -> None:
        """Holder -> held over the cards: up from the holder, across, down onto the held one's token, in the
        grip's colour; a choke dashed, a pin doubled, an arm lock dotted, a plain grip solid."""
        col = board.tokens.grip_colours.get(g.kind, board.tokens.grip_colours.get("other", (255, 255, 255)))
        down = b[1] - int(r * 1.75)
        pts = [(a[0] - 4, a[1] - int(r * 1.75)), (a[0] - 4, y), (b[0] + 4, y), (b[0] + 4, down)]
        for p0, p1 in zip(pts, pts[1:], strict=False):
            _styled(surface, g.kind, col, p0, p1)
        tip = (b[0] + 4, down + 8)
        pygame.draw.polygon(surface, col, [tip, (tip[0] - 6, tip[1] - 10), (tip[0] + 6, tip[1] - 10)])
        pygame.draw.polygon(surface, (10, 10, 14), [tip, (tip[0] - 6, tip[1] - 10), (tip[0] + 6, tip[1] - 10)], 1)


def _styled(surface: pygame.Surface, kind: str, col: tuple[int, int, int], a: tuple[float, float],
            b: tuple[float, float]) -> None:
    """One straight piece of a grip's arrow in that grip kind's style."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    if kind in ("choke_hold", "arm_lock"):
        dash, gap = (7, 5) if kind == "choke_hold" else (2, 4)
        s = 0.0
        while s < length:
            e = min(length, s + dash)
            pygame.draw.line(surface, col, (a[0] + ux * s, a[1] + uy * s), (a[0] + ux * e, a[1] + uy * e), 3)
            s = e + gap
    elif kind == "pin":
        px, py = -uy * 2, ux * 2
        for o in (1, -1):
            pygame.draw.line(surface, col, (a[0] + px * o, a[1] + py * o), (b[0] + px * o, b[1] + py * o), 2)
    else:
        pygame.draw.line(surface, col, a, b, 3)
