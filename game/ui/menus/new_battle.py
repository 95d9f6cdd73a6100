"""New battle: the scenario, the ruleset, and for each side a human or the computer."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

import game.rules  # noqa: F401  (registers the rulesets)
from game.builder import user_scenarios
from game.files.userfiles import UserFileError
from game.rules.base import RULESETS
from game.ui.menus.base import GuiScene
from game.ui.menus.builder_menu import BuilderScene
from game.ui.menus.scenario_card import ScenarioCard
from game.ui.scene import Transition
from game.ui.session import SessionError
from game.ui.shipped_scenarios import DEFAULT_SCENARIO, scenario_files, scenario_titles

__all__ = ["YOUR_BATTLES", "NewBattleMenu", "scenario_files", "scenario_titles", "your_battles"]

SEATS = ("human", "computer")
#: the heading the player's own scenarios (the builder's, in their data folder) are listed under
YOUR_BATTLES = "\u2014 Your battles \u2014"


def your_battles(taken: dict[str, Any]) -> dict[str, Any]:
    """The player's own scenarios (``game.builder.user_scenarios``) under the heading :data:`YOUR_BATTLES`
    (which picks nothing), each named as :func:`scenario_titles` names it, kept apart from ``taken``."""
    found = user_scenarios()
    if not found:
        return {}
    out: dict[str, Any] = {YOUR_BATTLES: None}
    for title, path in scenario_titles(found).items():
        while title in taken:
            title = f"{title} (yours)"
        out[title] = path
    return out


def card_columns(w: int, h: int) -> tuple[int, int, pygame.Rect]:
    """The form's x and width and the scenario card's rectangle: side by side from 1000 px wide (the form
    narrower, the card in the rest), the card under a centred form on a narrower window."""
    if w >= 1000:
        bw = min(620, int(w * 0.52))
        x = max(20, (w - bw - min(760, w - bw - 60)) // 2 - 10)
        cx = x + bw + 24
        return x, bw, pygame.Rect(cx, 60, min(760, w - cx - 20), min(h - 120, 680))
    bw = min(620, w - 40)
    return (w - bw) // 2, bw, pygame.Rect(0, 0, 0, 0)


class NewBattleMenu(GuiScene):
    def __init__(self, app: Any) -> None:
        super().__init__(app)

        #: the chosen scenario's picture, title, rules, sides and how to win (``card_rect`` set by build)
        self.card = ScenarioCard(app.text)
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.scenarios = scenario_files()
        self.titles = scenario_titles(self.scenarios)  # the drop-down names scenarios as players read them
        self.titles.update(your_battles(self.titles))
        self.scenario = DEFAULT_SCENARIO if DEFAULT_SCENARIO in self.scenarios else (
            self.scenarios[0] if self.scenarios else None)
        self.ruleset: str | None = None
        self.seats: dict[str, str] = {}
        self.sides: list[Any] = []
        self.info = ""
        self.dropdowns: dict[Any, str] = {}
        self._load_sides()

    def _load_sides(self) -> None:
        self.sides = []
        b = self.load_chosen(self.scenario)
        if b is None:
            return
        self.sides = list(b.sides)
        self.seats = {s.id: ("computer" if s.control == "ai" else "human") for s in b.sides}
        self.ruleset = b.ruleset
        self.info = f"{b.board.name}: {len(b.fighters)} fighters, {len(b.sides)} sides"

    def build(self) -> None:
        self.dropdowns = {}
        shipped = {t: p for t, p in self.titles.items() if p in self.scenarios}
        self.titles = {**shipped, **your_battles(shipped)}  # a battle just saved in the builder is listed
        w, h = self.size
        x, bw, self.card_rect = card_columns(w, h)
        y = 60
        self.label(pygame.Rect(x, y, bw, 40), "New battle", "@menu_title")
        y += 50
        names = list(self.titles) or ["(no scenarios)"]
        now = next((t for t, p in self.titles.items() if p == self.scenario), names[0])
        self._row(x, y, bw, "Scenario", names, now, "scenario")
        y += 48
        self.label(pygame.Rect(x + 180, y - 8, bw - 180, 22), self.info)
        y += 24
        ids = sorted(RULESETS)
        cur = self.ruleset if self.ruleset in ids else (ids[0] if ids else "")
        self._row(x, y, bw, "Rules", ids or ["-"], cur, "ruleset")
        y += 56
        for s in self.sides:
            self._row(x, y, bw, f"{s.name or s.id}", list(SEATS), self.seats.get(s.id, "human"), f"seat:{s.id}")
            y += 48
        self._row(x, y, bw, "Computer level", ["random", "easy", "normal", "hard"], self.app.settings.ai_level,
                  "ai_level")
        y += 52
        self.button(pygame.Rect(x, y, bw // 2 - 4, 40), "Build your own\u2026", "build",
                    tooltip="Choose a map, a ruleset, sides and fighters; play it or save it under Your battles")
        mine = self.scenario is not None and self.scenario not in self.scenarios
        self.button(pygame.Rect(x + bw // 2 + 4, y, bw // 2 - 4, 40), "Edit in builder\u2026", "edit",
                    tooltip="Open this battle of yours in the builder, change it and save it again", enabled=mine)
        y += 52
        self.button(pygame.Rect(x, y, bw // 2 - 8, 50), "Start battle  (Enter)", "start",
                    object_id="@primary_button")
        self.button(pygame.Rect(x + bw // 2 + 8, y, bw // 2 - 8, 50), "Back  (Esc)", "back",
                    object_id="@big_button")

    def draw_extra(self, surface: pygame.Surface) -> None:
        """The scenario card beside the form: it follows the scenario, ruleset and seats chosen."""
        if self.card_rect.w <= 0 or self.card_rect.h <= 0:
            return
        title = next((t for t, p in self.titles.items() if p == self.scenario), "")
        self.card.draw(surface, self.card_rect, self.scenario, title, self.ruleset, self.seats, self.pal,
                       self.app.settings.ai_level)

    def _row(self, x: int, y: int, bw: int, label: str, options: list[str], current: str, key: str) -> None:
        self.label(pygame.Rect(x, y, 170, 38), label)
        dd = pygame_gui.elements.UIDropDownMenu(options, current if current in options else options[0],
                                                pygame.Rect(x + 180, y, bw - 180, 38), self.gui)
        self.add(dd)
        self.dropdowns[dd] = key

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.dropdowns:
            key = self.dropdowns[event.ui_element]
            self.choose(key, event.text)
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.start()
        return None

    def choose(self, key: str, value: str) -> None:
        if key == "scenario":
            hit = self.titles.get(value)
            if hit is not None and hit != self.scenario:
                self.scenario = hit
                self._load_sides()
                self.rebuild()
        elif key == "ruleset":
            self.ruleset = value
        elif key.startswith("seat:"):
            self.seats[key[5:]] = value
        elif key == "ai_level":
            self.app.settings.ai_level = value
            self.app.store_settings()

    def start(self) -> Transition | None:
        if self.scenario is None:
            self.say("There is no scenario to start.", "failure")
            return None
        seat = {sid: ("ai" if v == "computer" else "human") for sid, v in self.seats.items()}
        try:
            scene = self.app.battle_from(self.scenario, seat=seat, ruleset=self.ruleset)
        except (SessionError, ValueError, OSError, KeyError, TypeError) as exc:
            self.say(str(exc), "failure")
            return None
        return Transition("reset", scene)

    def on_button(self, name: str, widget: Any) -> Transition | None:
        if name == "start":
            return self.start()
        if name == "back":
            return Transition("pop")
        if name == "build":
            return Transition("push", BuilderScene(self.app))
        if name == "edit" and self.scenario is not None:
            return self.edit()
        return None

    def edit(self) -> Transition | None:
        """The chosen battle of the player's own in the builder (a file it cannot read: one sentence)."""
        try:
            return Transition("push", BuilderScene.reopen(self.app, self.scenario))
        except (UserFileError, ValueError, OSError) as exc:
            self.say(str(exc), "failure")
            return None

    def on_escape(self) -> Transition | None:
        return Transition("pop")
