"""The pause menu over the battle: resume, save, load, settings, rules help, quit to the main menu."""

from __future__ import annotations

from typing import Any

import pygame

from game.model import battle_title
from game.teaching.lab import LabError, from_battle
from game.ui.briefing import victory_text
from game.ui.lab.scene import LabScene
from game.ui.menus.base import GuiScene
from game.ui.menus.keys_help import KeysHelp
from game.ui.menus.load_menu import LoadMenu
from game.ui.menus.rules_help_view import RulesHelpView
from game.ui.menus.save_dialog import SaveDialog
from game.ui.menus.settings_menu import SettingsMenu
from game.ui.scene import Transition
from game.ui.text import wrap

__all__ = ["PauseMenu", "battle_seed", "seed_words"]


class PauseMenu(GuiScene):
    def __init__(self, app: Any, battle_scene: Any, open: str | None = None, rule: str | None = None) -> None:
        super().__init__(app, below=battle_scene)
        self.battle_scene = battle_scene
        self._open = open
        self._rule = rule  # the rule a clicked rule ID asked for: the help page opens at it (issue 18)
        # opened on a page (F1: rules help; Ctrl+L: load): closing that page goes back to the battle, not to
        # this menu (issue 15: one Esc after F1 closed the help and showed the pause menu)
        self._page_only = False

    def build(self) -> None:
        w, h = self.size
        bw = min(380, w - 40)
        x = (w - bw) // 2
        y = max(40, h // 2 - 240)
        self.label(pygame.Rect(x, y, bw, 40), "Paused", "@menu_title")
        y += 48
        # in a guided lesson, leaving goes back to the list of lessons (its Esc: the main menu)
        leave = ("lessons", "Leave the lesson: the lessons") if self._in_lesson() else ("menu", "Quit to main menu")
        for name, text in (("resume", "Resume  (Esc)"), ("save", "Save  (Ctrl+S)"), ("load", "Load\u2026"),
                           ("settings", "Settings"), ("help", "Rules help  (F1)"),
                           ("lab", "This moment in the situation lab\u2026"), leave,
                           ("quit", "Quit the game")):
            if name == "help":  # the rules and the keys side by side (F1, F2)
                half = (bw - 8) // 2
                self.button(pygame.Rect(x, y, half, 46), text, name, object_id="@big_button")
                self.button(pygame.Rect(x + bw - half, y, half, 46), "Keys  (F2)", "keys", object_id="@big_button")
            else:
                self.button(pygame.Rect(x, y, bw, 46), text, name, object_id="@big_button")
            y += 54
        self.victory_top = y + 4  # the battle's victory condition is written under the buttons (draw_extra)

    def _in_lesson(self) -> bool:
        return getattr(self.battle_scene, "lesson", None) is not None

    def update(self, dt_ms: int) -> None:
        if self._open:
            what, self._open = self._open, None
            t = self.on_button(what, None)
            if t is not None:
                self._page_only = t.kind == "push"
                self.request(t)

    def enter(self, size: tuple[int, int]) -> None:
        if self._page_only:  # the page it was opened for was closed: one key, one effect
            self._page_only = False
            self.request(Transition("pop"))
        super().enter(size)

    def on_button(self, name: str, widget: Any) -> Transition | None:
        if name == "resume":
            return Transition("pop")
        if name == "save":  # under a name the player types (a sensible one offered); "Saved as ..." said here

            return Transition("push", SaveDialog(self.app, self.battle_scene, report=self.say))
        if name == "load":
            return Transition("push", LoadMenu(self.app, below=self.battle_scene))
        if name == "settings":
            return Transition("push", SettingsMenu(self.app, below=self.battle_scene))
        if name == "help":
            rule, self._rule = self._rule, None
            return Transition("push", RulesHelpView(self.app, self.battle_scene, rule=rule))
        if name == "keys":
            return Transition("push", KeysHelp(self.app, self.battle_scene))
        if name == "lab":  # issue 18: the battle as it stands, to try a choice on; the battle is not changed

            try:
                battle = self.battle_scene.battle
                return Transition("push", LabScene(self.app, from_battle(battle), selected=battle.current))
            except LabError as exc:
                self.say(str(exc), "failure")
                return None
        if name == "menu":
            self.battle_scene.session.close()
            return Transition("reset", self.app.screens.main_menu())
        if name == "lessons":
            self.battle_scene.session.close()
            return Transition("reset", self.app.screens.learn_menu())
        if name == "quit":
            return Transition("quit")
        return None

    def on_escape(self) -> Transition | None:
        return Transition("pop")

    def draw_extra(self, surface: pygame.Surface) -> None:
        """The battle's title and how it is won (the briefing's words; F3 shows the whole briefing again), and its
        dice seed."""
        w, h = surface.get_size()
        width = min(760, w - 40)
        y = getattr(self, "victory_top", h - 80)
        title = battle_title(self.battle_scene.session.battle)
        text = f"{title} \u2014 {victory_text(self.battle_scene.session)} (F3: the briefing)"
        lines = wrap(self.app.text, text, 15, width - 24)
        dice = wrap(self.app.text, seed_words(self.battle_scene.session, self._in_lesson()), 15, width - 24)
        box = pygame.Rect(0, 0, width, 20 * (len(lines) + len(dice)) + 14)
        box.midtop = (w // 2, min(y, h - 4 - box.h))  # whole in the window (at 1024x640 the seed line was cut)
        y = box.y
        pygame.draw.rect(surface, (20, 22, 28), box, border_radius=8)  # readable over the dimmed board
        pygame.draw.rect(surface, (90, 96, 110), box, width=1, border_radius=8)
        y += 7
        for line, colour in [*((ln, (214, 212, 200)) for ln in lines), *((ln, (160, 164, 176)) for ln in dice)]:
            img = self.app.text.render(line, 15, colour)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += 20


def battle_seed(session: Any) -> int:
    """The seed this battle's dice come from (its initial state's: the generator's counter moves, the seed not)."""
    initial = getattr(session.ctl, "initial", None)
    return int((initial if initial is not None else session.battle).rng.seed)


def seed_words(session: Any, in_lesson: bool = False) -> str:
    """The pause menu's line on the dice: the seed, and how to roll the same dice again (not in a lesson,
    which keeps its own seed). A networked battle's copy holds no seed (the host's server keeps it until the
    end): its session says what is true there instead."""
    if getattr(session, "networked", False):
        return session.dice_words()
    seed = battle_seed(session)
    if in_lesson:
        return f"Dice seed {seed}."
    return f"Dice seed {seed} \u00b7 the same dice again: clinch play --seed {seed}"
