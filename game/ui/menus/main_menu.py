"""The main menu: Quick battle (one click, or Enter, into the arena), new battle, continue, load, replay,
settings, quit, and Credits in the corner. The arena board lies dimmed behind it."""

from __future__ import annotations

from typing import Any

import pygame

from game.files import saves
from game.files.save_slots import SaveEntry, default_title
from game.ui.board_scene import BoardScene
from game.ui.menus.base import GuiScene
from game.ui.scene import Transition
from game.ui.session import SessionError, load_session
from game.ui.shipped_scenarios import DEFAULT_SCENARIO, load_battle
from game.ui.text import wrap

__all__ = ["MainMenu", "continue_tip"]


def continue_tip(latest: Any) -> str:
    """What Continue carries on: the newest autosave of whichever battle, named as the load screen names it."""
    if latest is None:
        return "No autosave yet."

    try:
        head = saves.read_header(latest)
    except saves.SaveError:
        return "Carry on from the latest autosave."
    entry = SaveEntry(path=latest, autosave=True, mtime=0.0, header=head)
    return f"Carry on from the latest autosave: {default_title(entry.place, head.snapshot.round)}."


class MainMenu(GuiScene):
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self._backdrop: Any = None
        self._backdrop_failed = False
        if app.settings_problem:  # a settings file we ignored: said here, once (the battle screen won't repeat it)
            self.say(app.settings_problem, "failure")
            app.settings_problem = None

    def wants_frames(self) -> bool:
        return False  # buttons over a still picture: hovering and clicking are events

    def build(self) -> None:
        w, h = self.size
        bw = min(460, w - 40)
        x = (w - bw) // 2
        y = max(150, h // 2 - 210)
        self.label(pygame.Rect(0, y - 140, w, 70), "CLINCH", "@big_title")
        self.label(pygame.Rect(0, y - 72, w, 26), "tactical close combat \u2014 grapple, take down, pin, and see "
                   "every roll explained", "@subtitle")
        latest = saves.latest_autosave()
        self.button(pygame.Rect(x, y, bw, 56), "Quick battle: Sand Pit  (Enter)", "quick",
                    object_id="@primary_button",
                    tooltip="Three on three in the arena, 3d6 lite rules: you lead Red, the computer leads Blue.")
        y += 70
        entries = (
            ("new", "New battle\u2026", "Choose the scenario, the rules and who plays each side.", True),
            ("learn", "Learn\u2026", "Guided lessons: each teaches one rule of one ruleset, step by step.", True),
            ("lab", "Situation lab\u2026", "Set up any moment, play one action, step through it, compare rulesets.",
             True),
            ("network", "Network\u2026", "Host a match for a friend on another machine, join one, or watch one.",
             True),
            ("continue", "Continue", continue_tip(latest), latest is not None),
            ("load", "Load\u2026", "Open a saved battle.", True),
            ("replay", "Replay\u2026", "Watch a saved battle again, step by step.", True),
            ("settings", "Settings", "Window, UI scale, animation speed, dice, colours, hand-over screen.", True),
            ("quit", "Quit", None, True),
        )
        pitch = max(40, min(52, (h - 40 - y) // len(entries)))  # every entry above the key hints at 640 high
        for name, text, tip, enabled in entries:
            self.button(pygame.Rect(x, y, bw, pitch - 8), text, name, object_id="@big_button", tooltip=tip,
                        enabled=enabled)
            y += pitch
        # a small corner button: the list above already fills a 640-high window
        self.button(pygame.Rect(w - 118, h - 62, 106, 30), "Credits", "credits",
                    tooltip="Whose icons the game draws, and their licence.")

    def quick(self) -> Transition | None:
        try:
            scene = self.app.battle_from(DEFAULT_SCENARIO)
        except (SessionError, OSError, ValueError) as exc:
            self.say(str(exc), "failure")
            return None
        return Transition("reset", scene)

    def on_button(self, name: str, widget: Any) -> Transition | None:
        if name == "quick":
            return self.quick()
        if name == "learn":
            # late: start-up time: game.ui.menus.learn_menu is not loaded for the menu's first frame
            from game.ui.menus.learn_menu import LearnMenu

            return Transition("push", LearnMenu(self.app))
        if name == "new":
            # late: start-up time: game.ui.menus.new_battle is not loaded for the menu's first frame
            from game.ui.menus.new_battle import NewBattleMenu

            return Transition("push", NewBattleMenu(self.app))
        if name == "continue":
            path = saves.latest_autosave()
            if path is None:
                self.say("There is no autosave yet.", "failure")
                return None
            try:
                session = load_session(path, autosave=self.app.autosave,
                                       **self.app.computer_kw())
            except SessionError as exc:
                self.say(str(exc), "failure")
                return None
            return Transition("reset", self.app.battle_from(session))
        if name in ("load", "replay"):
            # late: start-up time: game.ui.menus.load_menu is not loaded for the menu's first frame
            from game.ui.menus.load_menu import LoadMenu

            return Transition("push", LoadMenu(self.app, replay=name == "replay"))
        if name == "lab":
            return self.lab()
        if name == "network":
            # late: start-up time: game.ui.menus.network_menu is not loaded for the menu's first frame
            from game.ui.menus.network_menu import NetworkMenu

            return Transition("push", NetworkMenu(self.app))
        if name == "settings":
            # late: start-up time: game.ui.menus.settings_menu is not loaded for the menu's first frame
            from game.ui.menus.settings_menu import SettingsMenu

            return Transition("push", SettingsMenu(self.app))
        if name == "credits":
            # late: start-up time: game.ui.menus.credits_screen is not loaded for the menu's first frame
            from game.ui.menus.credits_screen import CreditsScreen

            return Transition("push", CreditsScreen(self.app))
        if name == "quit":
            return Transition("quit")
        return None

    def lab(self) -> Transition | None:
        """The situation lab (issue 18), on the arena's fighters; a set-up that will not build is said here."""
        # late: start-up time: game.teaching.lab is not loaded for the menu's first frame
        from game.teaching.lab import LabError

        # late: start-up time: game.ui.lab.scene is not loaded for the menu's first frame
        from game.ui.lab.scene import LabScene

        try:
            return Transition("push", LabScene(self.app))
        except LabError as exc:
            self.say(str(exc), "failure")
            return None

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.quick()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            return Transition("quit")
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The menu, then its message wrapped over as many lines as it needs above the key hints.

        A message here can be a long sentence naming a file (a settings file
        we ignored, a save that would not load): one line would run off a
        small window or over the hints.
        """
        message, self.message = self.message, None
        try:
            super().draw(surface)
        finally:
            self.message = message
        if message:
            self._draw_message(surface, *message)

    def _draw_message(self, surface: pygame.Surface, text: str, colour: tuple[int, int, int]) -> None:
        w, h = surface.get_size()
        lines = wrap(self.app.text, text, 15, max(200, min(1100, w - 64)), bold=True)[:4]
        images = [self.app.text.render(line, 15, colour, bold=True) for line in lines]
        lh = max(img.get_height() for img in images) + 2
        box = pygame.Rect(0, 0, max(img.get_width() for img in images) + 24, lh * len(images) + 12)
        box.midbottom = (w // 2, h - 30)  # above the key hints drawn at the bottom edge
        pygame.draw.rect(surface, (14, 15, 20), box, border_radius=8)
        pygame.draw.rect(surface, colour, box, width=1, border_radius=8)
        for i, img in enumerate(images):
            surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + 6 + i * lh)))

    def background(self, surface: pygame.Surface) -> None:
        if self._backdrop is None and not self._backdrop_failed:
            try:
                b = BoardScene(load_battle(DEFAULT_SCENARIO), surface.get_size(), self.app.text)
                b.show_hud = False
                self._backdrop = b
            except Exception:  # noqa: BLE001 - no backdrop is fine
                self._backdrop_failed = True
        if self._backdrop is not None:
            if self._backdrop.camera.viewport != surface.get_size():
                self._backdrop.resize(surface.get_size())
                self._backdrop.fit()
            self._backdrop.draw(surface)
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((8, 9, 12, 200))
            surface.blit(shade, (0, 0))
        else:
            super().background(surface)
        hint = self.app.text.render("Enter: quick battle \u00b7 Esc in a battle: pause menu \u00b7 F1: rules help",
                                    13, (170, 170, 170))
        surface.blit(hint, hint.get_rect(midbottom=(surface.get_width() // 2, surface.get_height() - 8)))
