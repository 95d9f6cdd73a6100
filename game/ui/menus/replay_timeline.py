"""The replay's timeline: a bar along the bottom with a mark per round and a handle at the current action.

Click or drag on the bar to jump to that action (the scene replays the battle up to it through
:meth:`game.files.saves.Replay.goto`, as Home, End and Left do); play/pause and the speed buttons (0.5x to 4x) sit at
its left. Drawn with pygame, not pygame-gui, like the rest of the replay screen; :meth:`handle` answers what
the player asked for and the scene does it, so this part knows nothing of replays beyond the rounds it is
given.
"""

from __future__ import annotations

from typing import Any

import pygame

__all__ = ["ReplayTimeline", "SPEEDS", "rounds_of"]

#: the speeds offered, as the buttons read them: how much faster than the set animation speed a replay plays
SPEEDS = (0.5, 1.0, 2.0, 4.0)
_PAD = 6


def rounds_of(replay: Any) -> list[int | None]:
    """The round of each action of ``replay`` (its log entry's ``round``), None where an entry does not say."""
    out: list[int | None] = []
    for i in replay.starts:
        r = replay.log[i].get("round") if isinstance(replay.log[i], dict) else None
        out.append(r if isinstance(r, int) and not isinstance(r, bool) else None)
    return out


def _speed_word(s: float) -> str:
    return f"{s:g}x"


class ReplayTimeline:
    """Where the play button, the speed buttons and the bar are, how they look, and what a click on them means."""

    def __init__(self, text: Any) -> None:
        self.text = text
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.play_rect = pygame.Rect(0, 0, 0, 0)
        self.speed_rects: list[tuple[float, pygame.Rect]] = []
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.speed = 1.0
        self.dragging = False

    def layout(self, rect: pygame.Rect) -> None:
        """Lay the timeline out in ``rect`` (a strip along the board's foot, about 44 px high)."""
        self.rect = pygame.Rect(rect)
        h = rect.h - 2 * _PAD
        x = rect.x + _PAD
        self.play_rect = pygame.Rect(x, rect.y + _PAD, h + 18, h)
        x = self.play_rect.right + 10
        self.speed_rects = []
        for s in SPEEDS:
            r = pygame.Rect(x, rect.y + _PAD, self.text.px(44), h)  # its word grows with the text's scale
            self.speed_rects.append((s, r))
            x = r.right + 4
        x += 14
        self.bar = pygame.Rect(x, rect.y + rect.h // 2 - 5, max(40, rect.right - x - 16), 10)

    # -- geometry ---------------------------------------------------------------------------
    def x_of(self, k: int, n: int) -> int:
        """The bar's x for position ``k`` of ``n`` (0: before the first action, n: after the last)."""
        return self.bar.x + (round(self.bar.w * k / n) if n > 0 else 0)

    def index_at(self, x: int, n: int) -> int:
        """The position nearest to ``x`` on the bar, kept within 0..n."""
        if n <= 0 or self.bar.w <= 0:
            return 0
        return max(0, min(n, round((x - self.bar.x) * n / self.bar.w)))

    def _grab(self) -> pygame.Rect:
        return self.bar.inflate(16, 26)  # the handle and round marks stand above and below the bar itself

    # -- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, n: int) -> tuple[str, Any] | None:
        """What ``event`` asks of the replay: ``("goto", k)``, ``("speed", s)``, ``("play", None)``, ``("held",
        None)`` for a press the timeline took without a change; None when it is not the timeline's."""
        et = event.type
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.play_rect.collidepoint(event.pos):
                return ("play", None)
            for s, r in self.speed_rects:
                if r.collidepoint(event.pos):
                    self.speed = s
                    return ("speed", s)
            if self._grab().collidepoint(event.pos):
                self.dragging = True
                return ("goto", self.index_at(event.pos[0], n))
            return ("held", None) if self.rect.collidepoint(event.pos) else None
        if et == pygame.MOUSEMOTION and self.dragging:
            return ("goto", self.index_at(event.pos[0], n))
        if et == pygame.MOUSEBUTTONUP and event.button == 1 and (self.dragging or self.rect.collidepoint(event.pos)):
            self.dragging = False
            return ("held", None)
        return None

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, position: int, rounds: list[int | None], playing: bool, pal: Any) -> None:
        """The strip: play/pause, the speeds (the current one lit), the bar, a mark and number per round, and
        the handle at ``position``."""
        back = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        back.fill((10, 11, 14, 225))
        surface.blit(back, self.rect)
        t = self.text
        self._button(surface, self.play_rect, "Pause" if playing else "Play", playing, pal)
        for s, r in self.speed_rects:
            self._button(surface, r, _speed_word(s), s == self.speed, pal)
        n = len(rounds)
        pygame.draw.rect(surface, (48, 50, 58), self.bar, border_radius=4)
        done = pygame.Rect(self.bar.x, self.bar.y, self.x_of(position, n) - self.bar.x, self.bar.h)
        if done.w > 0:
            pygame.draw.rect(surface, pal.accent, done, border_radius=4)
        last_label = -10_000
        for k, rnd in enumerate(rounds):
            if rnd is None or (k > 0 and rounds[k - 1] == rnd):
                continue
            x = self.x_of(k, n)
            pygame.draw.line(surface, (200, 202, 210), (x, self.bar.y - 6), (x, self.bar.bottom + 5), 1)
            img = t.render(str(rnd), 11, (170, 172, 180))
            if x - last_label >= img.get_width() + 6:  # a number where there is room; every round keeps its mark
                surface.blit(img, (x + 2, self.bar.y - 6 - img.get_height() + 2))
                last_label = x
        hx = self.x_of(position, n)
        handle = pygame.Rect(0, 0, 10, self.bar.h + 14)
        handle.center = (hx, self.bar.centery)
        pygame.draw.rect(surface, (240, 240, 236), handle, border_radius=3)
        pygame.draw.rect(surface, (20, 20, 24), handle, width=1, border_radius=3)
        word = f"Round {rounds[min(position, n - 1)]}" if n and rounds[min(position, n - 1)] is not None else ""
        if word:
            img = t.render(word, 11, (200, 202, 210))
            surface.blit(img, (min(hx + 8, self.bar.right - img.get_width()), self.bar.bottom + 3))

    def _button(self, surface: pygame.Surface, r: pygame.Rect, word: str, lit: bool, pal: Any) -> None:
        pygame.draw.rect(surface, pal.accent if lit else (44, 46, 54), r, border_radius=5)
        pygame.draw.rect(surface, (90, 92, 100), r, width=1, border_radius=5)
        img = self.text.render(word, 13, (16, 16, 20) if lit else (225, 225, 230), bold=True)
        surface.blit(img, img.get_rect(center=r.center))
