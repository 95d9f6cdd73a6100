"""How the lab screen draws itself: the board, the panel's reading pane, the step card, the split view.

A mixin of :class:`game.ui.lab.scene.LabScene` (kept apart so each class stays short): it reads the
scene's ``lab``, ``trial``, ``step``, ``comparison``, ``board`` and layout, and fills ``rule_links``
(where each rule ID was drawn: a click there opens the rules help at that rule).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.board_panel import draw_board_and_panel
from game.ui.describe import intent_words
from game.ui.hud.widgets import die_face
from game.ui.lab.pages import Line, compare_columns, fighter_lines, script_lines, step_lines, trial_heading
from game.ui.text import wrap
from game.ui.toasts import TOAST_MS

__all__ = ["LabDrawing", "TONES", "PANE_MIN"]

TONES = {"title": (255, 222, 140), "text": (232, 228, 216), "rule": (120, 190, 255), "good": (120, 220, 130),
         "bad": (240, 120, 110), "dim": (170, 170, 176)}
#: the split view is drawn on a sheet this tall, then shown a window's height at a time
SHEET_HEIGHT = 2400
#: the least height the step pane needs; below it the step is shown in a card over the board
PANE_MIN = 230


class LabDrawing:
    """The lab's drawing (see the module)."""

    app: Any
    lab: Any
    trial: Any
    step: int
    comparison: Any
    board: Any
    selected: str | None
    rule_links: list[tuple[pygame.Rect, str]]
    map_rect: pygame.Rect
    panel_width: int

    def step_fighters(self) -> list[str]:
        """Who the step being read is about: the event's actor and target (a contest: both rollers)."""
        if self.trial is None or not self.trial.steps:
            return []
        step = self.trial.steps[max(0, min(self.step, len(self.trial.steps) - 1))]
        if not 0 <= step.event_index < len(self.trial.events):
            return []
        ev = self.trial.events[step.event_index]
        who = [ev.get("actor"), ev.get("target"), ev.get("target_id"), *(r.get("actor") for r in ev.get("rolls", []))]
        return [w for w in dict.fromkeys(who) if isinstance(w, str)]

    def _mark_step(self, surface: pygame.Surface) -> None:
        """The hexes of the fighters the step is about, ringed in gold under the tokens."""
        battle = self.board.battle
        hexes = [battle.fighter(w).hex for w in self.step_fighters() if battle.get(w) is not None]
        if hexes:
            self.board.tints.blit(surface, self.board.camera, hexes, (255, 210, 90, 60), (255, 210, 90, 255),
                                  width=3, inset=0.04)


    def card_height(self) -> int:
        """How tall the step card over the board is: over two fifths of the window, at least PANE_MIN."""
        return max(PANE_MIN, int(self.map_rect.h * 0.42))

    #: how long the note at the foot ("Loaded x.json.", an HP message) has left: the battle's toast lifetime,
    #: not minutes (it stayed up until the next note)
    message_left: int = 0

    def say(self, text: str, tone: str = "neutral") -> None:
        """A note at the foot, for as long as the battle shows a toast."""
        super().say(text, tone)  # type: ignore[misc]  # GuiScene's, next in the lab scene's order
        self.message_left = TOAST_MS

    def update(self, dt_ms: int) -> None:
        """Age the foot note; gone when its time is up."""
        super().update(dt_ms)  # type: ignore[misc]
        if getattr(self, "message", None) is not None:
            self.message_left -= dt_ms
            if self.message_left <= 0:
                self.message = None

    def wants_frames(self) -> bool:
        return getattr(self, "message", None) is not None  # a foot note ageing away is drawn frame by frame

    def draw_extra(self, surface: pygame.Surface) -> None:
        panel = draw_board_and_panel(surface, self.board, self.map_rect, self.panel_width)
        self.rule_links = []
        top = getattr(self, "pane_top", 400)
        foot = 44 if getattr(self, "message", None) else 8  # room for a message drawn at the foot
        pane = pygame.Rect(panel.x + 10, top, panel.w - 20, panel.bottom - top - foot)
        if self.card_shown():
            # a short window: the step reads in a card over the foot of the board instead
            m = self.map_rect
            tall = self.card_height()
            pane = pygame.Rect(m.x + 16, m.bottom - tall - 20, m.w - 32, tall)
            card = pygame.Surface(pane.inflate(16, 12).size, pygame.SRCALPHA)
            card.fill((14, 15, 20, 228))
            surface.blit(card, pane.inflate(16, 12))
        lines = self.pane_lines()
        if self.step_roll() is not None:  # the dice land between the heading and the step's reading
            head = 1 + len(script_lines(self.trial.before, self.trial.action.get("actions"))) + \
                len(trial_heading(self.trial))
            y = self.draw_lines(surface, pane, lines[:head])
            y = self._draw_dice(surface, pygame.Rect(pane.x, y + 4, pane.w, pane.bottom - y - 4))
            self.draw_lines(surface, pygame.Rect(pane.x, y, pane.w, pane.bottom - y), lines[head:])
        else:
            self.draw_lines(surface, pane, lines)
        if self.comparison is not None:
            self._draw_comparison(surface)

    def step_roll(self) -> dict[str, Any] | None:
        """The single roll the step being read shows (a contest's roll by the step's ``part``), or None."""
        if self.trial is None or not self.trial.steps:
            return None
        step = self.trial.steps[max(0, min(self.step, len(self.trial.steps) - 1))]
        if step.kind != "roll" or not 0 <= step.event_index < len(self.trial.events):
            return None
        ev = self.trial.events[step.event_index]
        if ev.get("type") == "contest":
            rolls = ev.get("rolls", [])
            return rolls[step.part] if step.part is not None and step.part < len(rolls) else None
        return ev if ev.get("type") == "roll" else None

    def _draw_dice(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        """The faces of the step's roll as dice (pips on a d6, the number on a bigger die), ringed green
        when the roll was made, red when missed; returns the y below them."""
        roll = self.step_roll()
        faces = [f for f in (roll or {}).get("dice", []) if isinstance(f, int)]
        size = min(34, box.h)
        if not faces or size < 20:
            return box.y
        sides = 6 if "dc" not in roll and max(faces) <= 6 else 20  # type: ignore[operator]
        made = roll.get("success")  # type: ignore[union-attr]
        edge = TONES["good"] if made else TONES["bad"] if made is False else (24, 24, 28)
        for i, face in enumerate(faces[: max(1, box.w // (size + 8))]):
            die_face(surface, pygame.Rect(box.x + i * (size + 8), box.y, size, size), face, self.app.text,
                     edge=edge, sides=sides)
        return box.y + size + 8

    def pane_lines(self) -> list[Line]:
        if self.trial is None:
            assumed: list[Line] = [(f"Assumed when carried over to {self.lab.ruleset.id}:", "title")] + [
                (a, "dim") for a in self.lab.assumptions] if self.lab.assumptions else []
            return fighter_lines(self.lab.battle(), self.selected, self.lab.ruleset) + assumed + [
                    ("Set up the moment, then choose an action and play it.", "dim"),
                    ("Click a fighter to select it; click an open hex to move it there.", "dim"),
                    ("Typed dice are used first, in the order the rules roll them; random after.", "dim"),
                    ("Keys: Left and Right arrows step, End: the last step, Ctrl+Z: undo, F: fit the map, Esc: back.",
                     "dim")]
        acts = self.trial.action.get("actions")
        said = f"The file's {len(acts)} action(s) in order" if acts is not None else \
            intent_words(self.trial.before, self.trial.action, detail=True)
        return [(said, "title"), *script_lines(self.trial.before, acts), *trial_heading(self.trial),
                *step_lines(self.trial, self.step)]

    def draw_lines(self, surface: pygame.Surface, box: pygame.Rect, lines: list[Line], size: int = 15) -> int:
        """Wrapped lines in ``box``; rule lines become links. Returns the y below the last line drawn."""
        y = box.y
        for text, tone in lines:
            for part in wrap(self.app.text, text, size, box.w, bold=tone == "title") or [""]:
                if y + size + 4 > box.bottom:
                    return y
                img = self.app.text.render(part, size, TONES.get(tone, TONES["text"]), bold=tone == "title")
                surface.blit(img, (box.x, y))
                if tone == "rule":
                    self._link_words(surface, part, box.x, y, size)
                y += img.get_height() + 2
        return y

    def _link_words(self, surface: pygame.Surface, text: str, x: int, y: int, size: int) -> None:
        """Underline each rule ID of a rule line and remember where it is (a click opens the help there)."""
        offset = len(text) - len(text.lstrip())
        for word in text.strip().split(", "):
            before = self.app.text.render(text[:offset], size).get_width()
            wide = self.app.text.render(word, size).get_width()
            rect = pygame.Rect(x + before, y, wide, size + 3)
            pygame.draw.line(surface, TONES["rule"], rect.bottomleft, rect.bottomright, 1)
            self.rule_links.append((rect, word))
            offset += len(word) + 2

    def _draw_comparison(self, surface: pygame.Surface) -> None:
        """The split view over the board: drawn whole on a tall sheet, shown from ``compare_scroll`` down
        (the wheel scrolls it); its rule IDs stay links where they show."""
        comp = self.comparison
        assert comp is not None
        area = self.map_rect.inflate(-20, -20)
        pygame.draw.rect(surface, (16, 17, 22), area, border_radius=8)
        pygame.draw.rect(surface, (90, 96, 120), area, width=1, border_radius=8)
        links, self.rule_links = self.rule_links, []
        sheet = pygame.Surface((area.w, SHEET_HEIGHT), pygame.SRCALPHA)
        tall = self._compare_sheet(sheet, comp)
        most = max(0, tall - area.h + 10)
        self.compare_scroll = max(0, min(getattr(self, "compare_scroll", 0), most))
        top = self.compare_scroll
        surface.blit(sheet, (area.x, area.y + 6), area=pygame.Rect(0, top, area.w, area.h - 12))
        shown = pygame.Rect(area.x, area.y + 6, area.w, area.h - 12)
        for rect, rule in self.rule_links:
            moved = rect.move(area.x, area.y + 6 - top)
            if shown.contains(moved):
                links.append((moved, rule))
        self.rule_links = links
        if most:
            hint = self.app.text.render(f"wheel: scroll ({100 * top // most}%)", 13, TONES["dim"])
            surface.blit(hint, hint.get_rect(bottomright=(area.right - 10, area.bottom - 6)))

    def _compare_sheet(self, sheet: pygame.Surface, comp: Any) -> int:
        """Both columns step by step on shared lines, then the differences and assumptions; returns the
        height used."""
        names = tuple(t.ruleset.name or t.ruleset.id for t in comp.trials)
        left, right, below = compare_columns(comp, names)  # type: ignore[arg-type]
        w = sheet.get_width()
        half = (w - 30) // 2
        y = 4
        for i in range(max(len(left), len(right))):  # the n-th step of each side starts on the same line
            ends = [y]
            for col, x in ((left, 10), (right, 20 + half)):
                if i < len(col):
                    ends.append(self.draw_lines(sheet, pygame.Rect(x, y, half, SHEET_HEIGHT - y), col[i], 14))
            y = max(ends) + 4
        pygame.draw.line(sheet, (70, 74, 90), (15 + half, 4), (15 + half, y), 1)
        pygame.draw.line(sheet, (70, 74, 90), (10, y + 5), (w - 10, y + 5), 1)
        rest = pygame.Rect(10, y + 10, w - 20, SHEET_HEIGHT - y - 10)
        return self.draw_lines(sheet, rest, below + [("Esc: close the split view", "dim")], 14) + 6
