"""The combat log: what happened, in words, newest at the bottom; click a roll to see why.

Each action starts with a bold line (round, who, what); its events follow,
indented. Rolls and contests carry a die mark, say "success by 2" or
"failed by 3" in words (with a tick or a cross, and colour as a third cue)
and are clickable: :meth:`CombatLog.click` returns the roll event for the
breakdown. The wheel scrolls; the log follows the newest line unless the
player scrolled up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.ui.describe import event_line, intent_words
from game.ui.hud.widgets import cross, tick
from game.ui.palette import Palette
from game.ui.rule_links import render_linked
from game.ui.text import TextCache, wrap

__all__ = ["CombatLog", "LogLine"]

SIZE = 13
#: the kinds of line a click opens in the breakdown (a damage line when its event carries its roll)
CLICKABLE = ("roll", "contest", "damage")
_KEY = (255, 0, 254)  # colour key of the cached picture: only the panel's rounded corners stay this colour


@dataclass
class LogLine:
    text: str
    kind: str = "event"  # head | event | roll | contest | damage | ai | note | held (GX-4 damage held back)
    event: dict[str, Any] | None = None
    ok: bool | None = None


class CombatLog:
    def __init__(self, text: TextCache) -> None:
        self.text = text
        self.lines: list[LogLine] = []
        self.scroll = 0  # rows up from the bottom
        self.hover_row: int | None = None
        self._rows: list[tuple[int, str, bool]] = []  # (line index, text, first row of its line)
        self._rows_key: tuple | None = None
        self._rect = pygame.Rect(0, 0, 0, 0)
        self._visible: list[tuple[pygame.Rect, int]] = []
        self._gen = 0  # bumped whenever the lines change (the cached picture is stale)
        self._pic: pygame.Surface | None = None
        self._pic_key: tuple | None = None
        self._pic_visible: list[tuple[pygame.Rect, int]] = []
        self._links: list[tuple[pygame.Rect, str]] = []  # rule IDs drawn, on the screen (issue 18)
        self._pic_links: list[tuple[pygame.Rect, str]] = []

    # -- content ----------------------------------------------------------------------------
    def to_bottom(self) -> None:
        """Scroll back to the newest line (a new action came in)."""
        self.scroll = 0

    def take_over(self, old: CombatLog) -> None:
        """Keep ``old``'s lines and scroll: this log replaces it at another scale."""
        self.lines, self.scroll = old.lines, old.scroll

    def add(self, line: LogLine) -> None:
        self.lines.append(line)
        if len(self.lines) > 4000:
            del self.lines[:1000]
        self._rows_key = None
        self._gen += 1

    def note(self, text: str) -> None:
        self.add(LogLine(text, "note"))

    def add_entry(self, entry: dict[str, Any], battle: Any) -> None:
        self.add_head(entry, battle)
        for ev in entry.get("events", []):
            self.add_event(entry, ev, battle)

    def add_head(self, entry: dict[str, Any], battle: Any) -> None:
        """The bold line of an action (nothing for the rules' own steps)."""
        intent = entry.get("intent")
        if intent:
            self.add(LogLine(f"R{entry.get('round', '?')} \u00b7 {_said(entry, battle)}", "head"))

    def add_event(self, entry: dict[str, Any], ev: dict[str, Any], battle: Any) -> None:
        """One event's line, as it plays."""
        intent = entry.get("intent")
        said = _said(entry, battle)
        text = event_line(battle, ev)
        if not text or text == said:
            return
        t = ev.get("type")
        if t == "roll":
            self.add(LogLine(text, "roll", ev, bool(ev.get("success")) if "success" in ev else None))
        elif t == "contest":
            w = ev.get("winner")
            ok = None if w is None else (w == (intent or {}).get("actor"))
            self.add(LogLine(text, "contest", ev, ok))
        elif t == "damage" and isinstance(ev.get("damage_roll"), dict):
            self.add(LogLine(text, "damage", ev))  # the damage roll opens its breakdown (expression, faces)
        elif ev.get("rule") == "GX-4":
            self.add(LogLine(text, "held", ev))  # simultaneous damage held back, then landing: stands out
        else:
            self.add(LogLine(text, "event", ev))

    def rebuild(self, log: list[dict[str, Any]], battle: Any) -> None:
        self.lines = []
        for entry in log:
            self.add_entry(entry, battle)
        self.scroll = 0
        self._rows_key = None
        self._gen += 1

    def clickable(self) -> list[LogLine]:
        return [ln for ln in self.lines if ln.kind in CLICKABLE]

    # -- input ------------------------------------------------------------------------------
    def wheel(self, steps: int) -> None:
        self.scroll = max(0, min(max(0, len(self._rows) - 3), self.scroll + steps * 3))

    def hover(self, pos: tuple[int, int]) -> None:
        self.hover_row = None
        for r, i in self._visible:
            if r.collidepoint(pos):
                self.hover_row = i
                return

    def line_at(self, pos: tuple[int, int]) -> LogLine | None:
        for r, i in self._visible:
            if r.collidepoint(pos):
                return self.lines[i]
        return None

    def rule_at(self, pos: tuple[int, int]) -> str | None:
        """The rule ID drawn under ``pos``, if any (a click on it opens the rules help at it, issue 18)."""
        return next((rid for r, rid in self._links if r.inflate(4, 4).collidepoint(pos)), None)

    def click(self, pos: tuple[int, int]) -> dict[str, Any] | None:
        """The roll, contest or rolled damage event under ``pos`` (for the breakdown), if any."""
        ln = self.line_at(pos)
        if ln is not None and ln.kind in CLICKABLE:
            return ln.event
        return None

    @property
    def rect(self) -> pygame.Rect:
        """Where the log was last drawn, in window pixels (tests hold it inside its column)."""
        return self._rect.copy()

    def row_rect(self, event: dict[str, Any]) -> pygame.Rect | None:
        """Where the line of this event is drawn now (tests click it)."""
        for r, i in self._visible:
            if self.lines[i].event is event:
                return r
        return None

    # -- drawing ----------------------------------------------------------------------------
    def _layout(self, width: int) -> None:
        key = (width, len(self.lines), id(self.lines[-1]) if self.lines else None)
        if key == self._rows_key:
            return
        rows = []
        px = self.text.px
        for i, ln in enumerate(self.lines):
            indent = 0 if ln.kind in ("head", "note", "ai") else px(22)
            bold = ln.kind == "head"
            for j, s in enumerate(wrap(self.text, _shown(ln), SIZE, width - indent - px(14), bold)):
                rows.append((i, s, j == 0))
        self._rows = rows
        self._rows_key = key

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, pal: Palette,
             backdrop: tuple[int, int, int] | None = None) -> None:
        """The log in ``rect``; painted once into a cached picture, redrawn when content, scroll or hover change.

        ``backdrop``: the colour under the log (its rounded corners show it): the picture is then painted on it
        and blitted opaque, so the caller need not fill under it (issue 26's frame budget: the fill and a
        colour-keyed blit each cost about half a bare full-screen blit at 1920x1080)."""
        self._rect = rect
        if surface.get_flags() & pygame.SRCALPHA or rect.w <= 0 or rect.h <= 0:
            self._paint(surface, rect, pal)
            return
        lines = self.lines
        key = (rect.w, rect.h, self._gen, id(lines), len(lines), id(lines[-1]) if lines else None,
               self.scroll, self.hover_row, surface.get_bitsize(), surface.get_masks(),
               (pal.panel, pal.panel_edge, pal.accent, pal.dim, pal.text, pal.neutral, pal.success, pal.failure),
               backdrop)
        if key != self._pic_key or self._pic is None:
            pic = pygame.Surface(rect.size, 0, surface)
            pic.fill(backdrop or _KEY)
            self._paint(pic, pygame.Rect(0, 0, rect.w, rect.h), pal)
            if backdrop is None:
                pic.set_colorkey(_KEY)
            self._pic, self._pic_key, self._pic_visible, self._pic_links = pic, key, self._visible, self._links
        surface.blit(self._pic, rect.topleft)
        self._visible = [(r.move(rect.x, rect.y), i) for r, i in self._pic_visible]
        self._links = [(r.move(rect.x, rect.y), rid) for r, rid in self._pic_links]

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect, pal: Palette) -> None:
        pygame.draw.rect(surface, pal.panel[:3], rect, border_radius=8)
        pygame.draw.rect(surface, pal.panel_edge, rect, width=1, border_radius=8)
        t = self.text
        px = t.px  # the gaps grow with the text (issue 26)
        title = t.render("Combat log", 14, pal.accent, bold=True)
        surface.blit(title, (rect.x + px(10), rect.y + px(6)))
        hint = t.render("click a roll for its breakdown", 11, pal.dim)
        if title.get_width() + hint.get_width() + px(30) <= rect.w:  # a narrow log keeps its title whole
            surface.blit(hint, (rect.right - hint.get_width() - px(10), rect.y + px(9)))
        inner = rect.inflate(-px(12), -px(34))
        inner.y = rect.y + px(28)
        self._layout(inner.w)
        lh = t.font(SIZE).get_linesize() + 1
        n = max(1, inner.h // lh)
        end = len(self._rows) - self.scroll
        start = max(0, end - n)
        self._visible, self._links = [], []
        clip = surface.get_clip()
        surface.set_clip(inner)
        y = inner.y
        for i, s, first in self._rows[start:end]:
            ln = self.lines[i]
            indent = 0 if ln.kind in ("head", "note", "ai") else px(22)
            r = pygame.Rect(inner.x, y, inner.w, lh)
            clickable = ln.kind in CLICKABLE
            if clickable and self.hover_row == i:
                pygame.draw.rect(surface, (60, 64, 80), r, border_radius=4)
            col = pal.text
            if ln.kind == "head":
                col = pal.accent
            elif ln.kind in ("note", "ai"):
                col = pal.dim
            elif ln.kind == "held":
                col = pal.neutral
            elif clickable:
                col = pal.success if ln.ok else (pal.failure if ln.ok is False else pal.text)
            if clickable and first:
                # the die and its tick or cross end before the indented text (at 1920x1080 the tick sat on
                # the line's first letter)
                d = pygame.Rect(inner.x + px(1), y + px(2), lh - px(6), lh - px(6))
                pygame.draw.rect(surface, (240, 236, 224), d, border_radius=px(3))
                pygame.draw.circle(surface, (20, 20, 24), d.center, px(2))
                if ln.ok is True:
                    tick(surface, (d.right + px(2), d.bottom - px(2)), px(4), pal.success)
                elif ln.ok is False:
                    cross(surface, (d.right + px(2), d.bottom - px(2)), px(4), pal.failure)
            img, found = render_linked(t, s, SIZE, col, ln.kind == "head")  # rule IDs: links to F1 (issue 18)
            surface.blit(img, (inner.x + indent, y))
            self._links += [(r.move(inner.x + indent, y), rid) for r, rid in found]
            self._visible.append((r, i))
            y += lh
        surface.set_clip(clip)
        if self.scroll:
            more = t.render(f"{self.scroll} more lines below (wheel down)", 11, pal.neutral)
            surface.blit(more, (rect.right - more.get_width() - px(10), rect.bottom - px(16)))


def _shown(ln: LogLine) -> str:
    """A line as drawn: a change of state ends with the rule behind it, a link to the rules help (issue 18;
    under Xvfb a 3d6 battle's log showed no rule ID to click). Rolls keep theirs in the breakdown."""
    rule = (ln.event or {}).get("rule") if ln.kind in ("event", "held") else None
    if isinstance(rule, str) and rule and rule not in ln.text:
        return f"{ln.text} ({rule})"
    return ln.text


def _said(entry: dict[str, Any], battle: Any) -> str:
    """The bold line of an action: the intent in words; a pass is its own log line (d20: "Ann passes the
    movement phase.", S4-PHASE-1), written once, not "does nothing" and then that line (issue 15)."""
    intent = entry.get("intent")
    if not intent:
        return ""
    if intent.get("type") in ("do_nothing", "pass"):
        for ev in entry.get("events", []):
            if ev.get("type") == "message" and ev.get("actor") == intent.get("actor"):
                return event_line(battle, ev) or intent_words(battle, intent)
    return intent_words(battle, intent)
