"""New battle: the scenario, the ruleset, and for each side a human or the computer."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.ui.menus.base import GuiScene
from game.ui.scene import Transition

__all__ = ["NewBattleMenu", "scenario_files", "scenario_titles"]

SEATS = ("human", "computer")


def scenario_files() -> list[Any]:
    from game.ui.app import MAPS_DIR

    return sorted(MAPS_DIR.glob("*.toml"))


def scenario_titles(paths: list[Any]) -> dict[str, Any]:
    """Each scenario by the name its file gives (what the briefing calls it: "Brawl at the Broken Flagon"),
    never its file's stem ("tavern_edge"); a file that gives none, or cannot be read, by its stem in words
    ("tavern edge"); two of one name told apart by a number. Title -> path, in the files' order."""
    from game.names import name_problem, shown
    from game.userfiles import UserFileError, load_toml

    out: dict[str, Any] = {}
    for p in paths:
        try:
            name = load_toml(p).get("name")
        except (UserFileError, OSError, ValueError):
            name = None
        if not isinstance(name, str) or name_problem(name) is not None:
            name = shown(p.stem.replace("_", " "))
        title, k = name, 2
        while title in out:
            title, k = f"{name} ({k})", k + 1
        out[title] = p
    return out


class NewBattleMenu(GuiScene):
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.scenarios = scenario_files()
        self.titles = scenario_titles(self.scenarios)  # the drop-down names scenarios as players read them
        from game.ui.app import DEFAULT_SCENARIO

        self.scenario = DEFAULT_SCENARIO if DEFAULT_SCENARIO in self.scenarios else (
            self.scenarios[0] if self.scenarios else None)
        self.ruleset: str | None = None
        self.seats: dict[str, str] = {}
        self.sides: list[Any] = []
        self.info = ""
        self.dropdowns: dict[Any, str] = {}
        self._load_sides()

    def _load_sides(self) -> None:
        from game.maps import load_scenario

        self.sides = []
        if self.scenario is None:
            return
        try:
            b = load_scenario(self.scenario)
        except (ValueError, OSError, KeyError, TypeError) as exc:
            self.say(f"{self.scenario.name}: {exc}", "failure")
            return
        self.sides = list(b.sides)
        self.seats = {s.id: ("computer" if s.control == "ai" else "human") for s in b.sides}
        self.ruleset = b.ruleset
        self.info = f"{b.board.name}: {len(b.fighters)} fighters, {len(b.sides)} sides"

    def build(self) -> None:
        import game.rules  # noqa: F401  (registers the rulesets)
        from game.rules.base import RULESETS

        self.dropdowns = {}
        w, h = self.size
        bw = min(620, w - 40)
        x = (w - bw) // 2
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
        y += 60
        self.button(pygame.Rect(x, y, bw // 2 - 8, 50), "Start battle  (Enter)", "start",
                    object_id="@primary_button")
        self.button(pygame.Rect(x + bw // 2 + 8, y, bw // 2 - 8, 50), "Back  (Esc)", "back",
                    object_id="@big_button")

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
        from game.ui.session import SessionError

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
        return None

    def on_escape(self) -> Transition | None:
        return Transition("pop")
