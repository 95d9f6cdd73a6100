"""The action menu's hover in words (issue 18): what a choice does and costs, its rolls, the whole's chance.

Reads :meth:`game.rules.presentation.Presentation.action_words` (the ruleset's own words,
or the generic ones built from its odds) and turns it into the coloured lines
of the menu's info box; :mod:`game.ui.odds_chart` draws its charts. No
ruleset id here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rules.action_words import target_name
from game.ui.describe import name_of, ruleset_of
from game.ui.grip_diagram import grips_of, render_grips
from game.ui.odds_chart import render_chart
from game.ui.rule_links import LinkMap, render_linked
from game.wording import percent

if TYPE_CHECKING:
    from game.rules.action_words import ActionWords
    from game.ui.palette import Palette

__all__ = ["hover_words", "words_lines", "Line"]

Line = tuple[str, tuple[int, int, int], bool]

#: :meth:`HoverBox.action_of` for a hovered entry with no action to chart (not "nothing hovered")
QUIET: Any = object()


def hover_words(battle: Any, action: Any) -> ActionWords | None:
    """The ruleset's words for ``action`` now, or None when it has none (or cannot say: a hover never
    breaks the menu, the percentage and the rule stay)."""
    if battle is None or action is None:
        return None
    try:
        return ruleset_of(battle).presentation.action_words(battle, action)
    except Exception:  # noqa: BLE001 - a ruleset's words failing must not take the menu down with it
        return None


def words_lines(words: ActionWords | None, pal: Palette) -> list[Line]:
    """``Does:``, ``Costs:``, the notes, every roll in order with its chance, then the whole's chance
    when it is not simply the one roll's."""
    if words is None:
        return []
    out: list[Line] = []
    if words.does:
        out.append((f"Does: {words.does}", pal.text, False))
    if words.costs:
        out.append((f"Costs: {words.costs}", pal.text, False))
    for note in words.notes:
        out.append((note, pal.dim, False))
    rolls = list(words.rolls)
    if rolls:
        out.append(("Rolls, in order:" if len(rolls) > 1 else "The roll:", pal.dim, True))
        for i, (label, p) in enumerate(rolls, 1):
            out.append((f"{i}. {label}: {percent(p)}", pal.text, False))
    if words.whole is not None and (len(rolls) != 1 or abs(words.whole - rolls[0][1]) > 1e-9):
        tail = " (every roll above going your way)" if len(rolls) > 1 else ""
        out.append((f"The whole: {percent(words.whole)}{tail}", pal.accent, True))
    return out


class HoverBox:
    """The menu's info box as issue 18 grew it, kept out of :class:`~game.ui.action_menu.ActionMenu`: the
    ruleset's words per action (worked out once per menu), the odds charts under the words, where the box
    was drawn (the mouse may rest on it: the hovered entry stays) and its rule links (a click opens F1)."""

    def __init__(self, text: Any, pal: Palette, fighters: tuple[str | None, ...] = ()) -> None:
        self.text = text
        self.pal = pal
        self.fighters = fighters  # the actor and the target: their grips are drawn while nothing is hovered
        self.links = LinkMap()
        self.rect: Any = None  # pygame.Rect of the box as last drawn, or None
        self._links: list[tuple[Any, str]] = []  # rule links of the words, relative to the box
        self._cache: dict[Any, ActionWords | None] = {}

    def words(self, battle: Any, action: Any) -> ActionWords | None:
        if action is None or action is QUIET:
            return None
        if action not in self._cache:
            self._cache[action] = hover_words(battle, action)
        return self._cache[action]

    def covers(self, pos: tuple[int, int]) -> bool:
        return self.rect is not None and self.rect.collidepoint(pos)

    @staticmethod
    def action_of(menu: Any, e: Any) -> Any:
        """The action the box speaks of: the hovered option, or a group's best allowed one (a group picked
        on the map: its first hex's). None: nothing is hovered (the grips in force are drawn instead);
        :data:`QUIET`: an entry with nothing more to say (a result after a roll, Back, a greyed one)."""

        if e is None:
            return None
        if menu.result_mode:
            return QUIET
        if e.kind == "option" and e.option is not None:
            return e.option.action
        g = e.group
        if e.kind == "group" and g is not None and g.legal:
            return max(g.legal, key=lambda o: g.chance_of(o) or 0).action
        return QUIET

    def draw_rows(self, surf: Any, rows: list[Line], lh: int) -> None:
        """The words, their rule IDs drawn as links (remembered relative to the box)."""
        self._links = []
        for i, (s, col, bold) in enumerate(rows):
            img, links = render_linked(self.text, s, 13, col, bold)
            surf.blit(img, (10, 8 + i * lh))
            self._links.extend((r.move(10, 8 + i * lh), rid) for r, rid in links)

    def with_chart(self, info: Any, battle: Any, action: Any, width: int) -> Any:
        """The words box with the odds charts of ``action`` under it."""
        words = self.words(battle, action) if action is not None and action is not QUIET else None
        tid = getattr(action, "target", None)  # else a sweep's first target, whose odds the chart shows (nd6)
        foe = name_of(battle, tid) if isinstance(tid, str) and tid else (
            target_name(battle, action) if action is not None and action is not QUIET else "the foe")
        chart, links = (render_chart(self.text, self.pal, words, width, foe=foe) if words else None), []
        if action is None and battle is not None:  # nothing hovered: the grips in force, as figures
            chart, links = render_grips(self.text, self.pal, battle, grips_of(battle, self.fighters), width)
        if chart is None or info is None:
            if info is None:
                self._links = list(links)
            return info if chart is None else chart
        out = pygame.Surface((width, info.get_height() + 4 + chart.get_height()), pygame.SRCALPHA)
        out.blit(info, (0, 0))
        out.blit(chart, (0, info.get_height() + 4))
        self._links += [(r.move(0, info.get_height() + 4), rid) for r, rid in links]
        return out

    def blit(self, surface: Any, img: Any, x: int, y: int) -> None:
        """Draw the box at (x, y), kept on the screen; remember where, with its links."""
        self.links.clear()
        self.rect = None
        if img is None:
            return
        x = max(4, min(x, surface.get_width() - img.get_width() - 4))  # a small window: never off it
        surface.blit(img, (x, y))
        self.rect = pygame.Rect((x, y), img.get_size())
        self.links.add(self._links, (x, y))
