"""Settings: window size and fullscreen, UI scale, animation speed, fast computer turns, sound, dice source,
palette, hand-over screen, computer level. Saved at once to the user config folder; a battle underneath takes them at once."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.ui.menus.base import GuiScene
from game.ui.scene import Transition
from game.ui.settings import AI_BUDGETS, AI_LEVELS, ANIMATION_SPEEDS, DICE_SOURCES, HANDOVER_WHEN, PALETTES
from game.ui.ui_scale import window_factor

__all__ = ["SettingsMenu", "WINDOW_SIZES", "UI_SCALES", "VOLUMES", "sound_text", "scale_label"]

WINDOW_SIZES = ["1280x800", "1366x768", "1600x900", "1920x1080", "2560x1440"]
UI_SCALES = ["0.75", "1.0", "1.25", "1.5", "2.0"]
#: the volumes offered (percent); "off" mutes and keeps the volume for when sound comes back (Ctrl+M)
VOLUMES = (10, 20, 30, 40, 50, 60, 70, 80, 90, 100)
SOUND_OFF = "off"


def sound_text(volume: int, mute: bool) -> str:
    """How the sound setting reads in its dropdown: ``off`` when muted, else the volume (``80%``)."""
    return SOUND_OFF if mute or volume <= 0 else f"{volume}%"


def sound_levels(volume: int) -> list[str]:
    """The volumes offered, with the current one when a hand-edited file set another (``35%``)."""
    levels = list(VOLUMES) if volume in VOLUMES or volume <= 0 else sorted({*VOLUMES, volume})
    return [f"{v}%" for v in levels]


#: the hand-over setting as the menu words it
HANDOVER_TEXT = {"banner": "a banner, the board in view", "every": "hide the board, every turn",
                 "side": "hide the board, side changes", "never": "nothing"}


def scale_label(size: tuple[int, int]) -> str:
    """The UI-scale row's name, with what this window's size multiplies the setting by when that is not 1
    (issue 26: the battle screen grows with the window on its own; the setting is on top of that)."""
    factor = window_factor(size)
    return "UI scale" if factor == 1 else f"UI scale (x{factor:g} for the window)"


def _secs(ms: int) -> str:
    """``0.2 s`` for 200 ms: how the thinking time reads in the menu."""
    return f"{ms / 1000:g} s"


class SettingsMenu(GuiScene):
    def __init__(self, app: Any, below: Any = None) -> None:
        super().__init__(app, below)
        self.dropdowns: dict[Any, str] = {}

    def rows(self) -> list[tuple[str, str, list[str], str]]:
        s = self.app.settings
        size = f"{s.window_size[0]}x{s.window_size[1]}"
        sizes = WINDOW_SIZES if size in WINDOW_SIZES else [size, *WINDOW_SIZES]
        scale = f"{s.ui_scale:g}" if f"{s.ui_scale:g}" in UI_SCALES else "1.0"
        if scale == "1":
            scale = "1.0"
        return [
            ("window_size", "Window size", sizes, size),
            ("fullscreen", "Fullscreen", ["off", "on"], "on" if s.fullscreen else "off"),
            ("ui_scale", scale_label(self.size), UI_SCALES, "1.0" if s.ui_scale == 1 else scale),
            ("animation_speed", "Animation speed", list(ANIMATION_SPEEDS), s.animation_speed),
            ("fast_computer", "Fast computer turns", ["off", "on"], "on" if s.fast_computer else "off"),
            ("sound", "Sound (Ctrl+M mutes)", [SOUND_OFF, *sound_levels(s.volume)], sound_text(s.volume, s.mute)),
            ("dice_source", "Dice", list(DICE_SOURCES), s.dice_source),
            ("palette", "Colours", list(PALETTES), s.palette),
            ("handover", "Hotseat: next player", [HANDOVER_TEXT[k] for k in HANDOVER_WHEN],
             HANDOVER_TEXT.get(s.handover, HANDOVER_TEXT["banner"])),
            ("ai_level", "Computer level", list(AI_LEVELS), s.ai_level),
            ("ai_budget_ms", "Computer thinking time", [_secs(b) for b in AI_BUDGETS], _secs(s.ai_budget_ms)),
        ]

    def build(self) -> None:
        self.dropdowns = {}
        w, h = self.size
        bw = min(620, w - 40)
        x = (w - bw) // 2
        roomy = h >= 700  # ten rows and their notes fit a 640-pixel-high window only a little closer together
        step = 42 if roomy else 37
        y = 50 if roomy else 20
        self.label(pygame.Rect(x, y, bw, 40), "Settings", "@menu_title")
        y += 50 if roomy else 44
        # each note fits the width under its dropdown at the narrowest window (a longer one was cut off)
        notes = {"dice_source": "manual: you roll real dice and enter the faces",
                 "palette": "colour-blind: Okabe-Ito; shapes and words stay",
                 "animation_speed": "instant: no animation; a click always skips",
                 "fast_computer": "on: the computer's moves play at double speed",
                 "ai_level": "easy slips now and then; hard looks at your reply",
                 "ai_budget_ms": "per decision; the window keeps drawing meanwhile",
                 "handover": "shown when the human side changes"}
        for key, label, options, current in self.rows():
            self.label(pygame.Rect(x, y, 250, step - 6), label)
            dd = pygame_gui.elements.UIDropDownMenu(options, current if current in options else options[0],
                                                    pygame.Rect(x + 260, y, bw - 260, step - 6), self.gui)
            self.add(dd)
            self.dropdowns[dd] = key
            y += step
            if key in notes:
                self.label(pygame.Rect(x + 260, y - (8 if roomy else 6), bw - 260, 20), notes[key])
                y += 14
        y += 12
        self.button(pygame.Rect(x, y, bw, 48), "Done  (Esc)", "back", object_id="@primary_button")

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.dropdowns:
            self.set(self.dropdowns[event.ui_element], event.text)
        return None

    def set(self, key: str, value: str) -> None:
        """Change one setting (by its menu text), save, and apply it."""
        s = self.app.settings
        if key == "window_size":
            w, h = (int(v) for v in value.split("x"))
            s.window_size = (w, h)
            self.app.set_display((w, h), s.fullscreen)
        elif key == "fullscreen":
            s.fullscreen = value == "on"
            self.app.set_display(tuple(s.window_size), s.fullscreen)
        elif key == "ui_scale":
            s.ui_scale = float(value)
        elif key == "handover":
            s.handover = next((k for k, v in HANDOVER_TEXT.items() if v == value), s.handover)
        elif key == "sound":
            s.mute = value == SOUND_OFF
            if not s.mute:
                s.volume = int(value.rstrip("%"))
            self.app.apply_sound()
        elif key == "fast_computer":
            s.fast_computer = value == "on"
        elif key == "ai_budget_ms":
            s.ai_budget_ms = next((b for b in AI_BUDGETS if _secs(b) == value), s.ai_budget_ms)
        else:
            setattr(s, key, value)
        problem = self.app.store_settings()
        if problem:
            self.say(problem, "failure")
        else:
            self.say("Saved.", "success")
        bs = self.app.battle_scene
        if bs is not None:
            bs.apply_settings()

    def on_button(self, name: str, widget: Any) -> Transition | None:
        if name == "back":
            return Transition("pop")
        return None

    def on_escape(self) -> Transition | None:
        return Transition("pop")
