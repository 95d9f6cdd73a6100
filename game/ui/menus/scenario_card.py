"""The New battle screen's picture of the chosen scenario: its board with its fighters, its title, its
ruleset in the ruleset's own sentence, its sides (who plays each, its fighters) and how it is won.

The board is the load screen's thumbnail (:func:`game.ui.thumbnails.board_thumbnail`: terrain colours and a
dot per fighter in its side's colour), drawn once per scenario and size and kept. The words are the
briefing's (:mod:`game.ui.briefing`: ``ruleset_sentence`` and ``victory_text``), so the card and the
briefing before the battle never disagree. A scenario that cannot be read gives a grey frame and its one
sentence; the card never stops the menu.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pygame

import game.rules  # noqa: F401  (registers the rulesets)
from game.files.maps import load_scenario
from game.rules.base import find_ruleset
from game.ui.briefing import _scenario_words, computer_plays, ruleset_sentence, victory_text
from game.ui.text import fit_text, wrap
from game.ui.thumbnails import board_thumbnail, placeholder
from game.ui.tokens import parse_colour

__all__ = ["ScenarioCard", "CardWords", "card_words"]

_BACK = (22, 24, 30)


@dataclass
class CardWords:
    """What the card says (plain data: the card draws it, tests read it)."""

    title: str
    description: str
    ruleset: str
    victory: str
    #: (side name, colour, who plays it, fighter names)
    sides: list[tuple[str, tuple[int, int, int], str, list[str]]] = field(default_factory=list)


def card_words(battle: Any, title: str, ruleset_id: str | None, seats: dict[str, str],
               ai_level: str = "normal") -> CardWords:
    """The card's words for ``battle`` played under ``ruleset_id`` (the menu's choice; the scenario's own if
    None) with ``seats`` (side id -> ``human`` or ``computer``): the same sentences as the briefing. A
    computer side plays at its own level (the scenario's ``level`` for it) or else at ``ai_level`` (the
    player's setting), as the session will (``Session.level_of``): "the computer (hard)"."""
    try:
        rs = find_ruleset(ruleset_id or battle.ruleset)
    except (KeyError, ValueError):
        rs = None
    _, desc = _scenario_words(battle)
    rule = ruleset_sentence(rs) if rs is not None else f"{ruleset_id}: not a ruleset this game knows."
    win = victory_text(SimpleNamespace(battle=battle, ruleset=rs, ctl=None)) if rs is not None else ""
    sides = []
    hotseat = sum(seats.get(s.id) != "computer" for s in battle.sides) >= 2
    for s in battle.sides:  # who plays it as the briefing words it (game.ui.briefing.who_plays)
        if seats.get(s.id) == "computer":
            who = computer_plays(getattr(s, "level", "") or ai_level)
        else:
            who = "a player at this screen" if hotseat else "you"
        names = [f.name or f.id for f in battle.fighters if f.side == s.id]
        sides.append((s.name or s.id, parse_colour(s.colour), who, names))
    return CardWords(title, desc, rule, win, sides)


class ScenarioCard:
    """Draws the chosen scenario's card; keeps each scenario's battle and each picture it drew."""

    def __init__(self, text: Any) -> None:
        self.text = text
        self._battles: dict[Any, Any] = {}
        self._pictures: dict[tuple[Any, tuple[int, int]], pygame.Surface] = {}
        #: the words last drawn and the picture's rectangle (tests read them)
        self.words: CardWords | None = None
        self.picture_rect = pygame.Rect(0, 0, 0, 0)
        self.bottom = 0
        #: the card's frame as last drawn (as tall as its words)
        self.frame = pygame.Rect(0, 0, 0, 0)
        #: the sides' lines as last drawn, each as the card shows it (tests read that nothing was cut)
        self.side_lines: list[str] = []

    def battle(self, path: Any) -> Any:
        """The scenario's battle as its file sets it up, or the sentence why it cannot be read (kept)."""
        if path not in self._battles:
            try:
                self._battles[path] = load_scenario(path)
            except (ValueError, OSError, KeyError, TypeError) as exc:
                self._battles[path] = str(exc).strip().splitlines()[0] if str(exc).strip() else "cannot be read"
        return self._battles[path]

    def picture(self, path: Any, battle: Any, size: tuple[int, int]) -> pygame.Surface:
        key = (path, size)
        pic = self._pictures.get(key)
        if pic is None:
            pic = board_thumbnail(battle.board, list(battle.sides), list(battle.fighters), size, self.text)
            self._pictures[key] = pic
        return pic

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, path: Any, title: str, ruleset_id: str | None,
             seats: dict[str, str], pal: Any, ai_level: str = "normal") -> None:
        """The card in ``rect``, as tall as its words (at most ``rect``): picture on top, then the words, each
        cut to the card's width; what does not fit is left off from the bottom (the sides and how to win come
        before the description)."""
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        if path is not None:
            self._content(layer, layer.get_rect(), path, title, ruleset_id, seats, pal, ai_level)
        used = rect.h if path is None else min(rect.h, self.bottom + 12)
        box = pygame.Rect(rect.x, rect.y, rect.w, used)
        pygame.draw.rect(surface, _BACK, box, border_radius=8)
        surface.blit(layer, rect.topleft, pygame.Rect(0, 0, rect.w, used))
        pygame.draw.rect(surface, pal.panel_edge, box, width=1, border_radius=8)
        self.picture_rect = self.picture_rect.move(rect.topleft)
        self.bottom += rect.y
        self.frame = box

    def _content(self, surface: pygame.Surface, rect: pygame.Rect, path: Any, title: str, ruleset_id: str | None,
                 seats: dict[str, str], pal: Any, ai_level: str) -> None:
        inner = rect.inflate(-24, -24)
        b = self.battle(path)
        t = self.text
        y = inner.y
        img = t.render(fit_text(t, title, 20, inner.w, True), 20, pal.accent, bold=True)
        surface.blit(img, (inner.x, y))
        y += img.get_height() + 8
        # a bigger board where it fits; on a short card (1024x640) room for a side line wrapped in two
        ph = int(min(inner.w * 0.55, rect.h * (0.45 if rect.h >= 600 else 0.32)))
        self.picture_rect = pygame.Rect(inner.x, y, inner.w, ph)
        if isinstance(b, str):
            surface.blit(placeholder(self.picture_rect.size, t, "cannot be read"), self.picture_rect)
            self.words = None
            y = self.picture_rect.bottom + 10
            for line in wrap(t, b, 14, inner.w)[:4]:
                y = self._line(surface, line, inner, y, pal.failure)
            self.bottom = y
            return
        surface.blit(self.picture(path, b, self.picture_rect.size), self.picture_rect)
        y = self.picture_rect.bottom + 10
        w = self.words = card_words(b, title, ruleset_id, seats, ai_level)
        end = inner.bottom
        self.side_lines = []
        y = self._para(surface, "Rules", w.ruleset, inner, y, end, pal)
        y = self._head(surface, "Sides", inner, y, end, pal)
        for name, colour, who, names in w.sides:
            if y + 18 > end:
                break
            pygame.draw.rect(surface, colour, (inner.x, y + 3, 12, 12), border_radius=2)
            line = f"{name} \u2013 {who}: {', '.join(names)}"  # "The Sailors \u2013 the computer (hard): ..."
            # wrapped, not cut: at 1024x640 a computer side's level pushed its last fighter's name off the card
            for part in wrap(t, line, 14, inner.w - 18):
                if y + 18 > end:
                    break
                self.side_lines.append(fit_text(t, part, 14, inner.w - 18))
                img = t.render(self.side_lines[-1], 14, pal.text)
                surface.blit(img, (inner.x + 18, y))
                y += img.get_height()
            y += 2
        win = w.victory.removeprefix("Victory: ")
        y = self._para(surface, "How to win", win[:1].upper() + win[1:], inner, y + 4, end, pal)
        if w.description:
            y = self._para(surface, "", w.description, inner, y + 2, end, pal, colour=pal.dim)
        self.bottom = y

    def _head(self, surface: pygame.Surface, word: str, inner: pygame.Rect, y: int, end: int, pal: Any) -> int:
        if not word or y + 18 > end:
            return y
        img = self.text.render(word, 14, pal.neutral, bold=True)
        surface.blit(img, (inner.x, y))
        return y + img.get_height() + 2

    def _para(self, surface: pygame.Surface, head: str, words: str, inner: pygame.Rect, y: int, end: int,
              pal: Any, colour: Any = None) -> int:
        y = self._head(surface, head, inner, y, end, pal)
        for line in wrap(self.text, words, 14, inner.w):
            if y + 18 > end:
                break
            y = self._line(surface, line, inner, y, colour or pal.text)
        return y + 4

    def _line(self, surface: pygame.Surface, line: str, inner: pygame.Rect, y: int, colour: Any) -> int:
        img = self.text.render(fit_text(self.text, line, 14, inner.w), 14, colour)
        surface.blit(img, (inner.x, y))
        return y + img.get_height() + 1
