"""Every key of the battle screen, in one table: the keys answer from it and the help screen shows it.

:data:`BINDINGS` holds each binding once: how it reads (``Ctrl+Z``), what
it does, and, for the keys that give a command anywhere on the battle
screen, how to recognise the press (:meth:`Binding.matches`) and the
command it gives (``game.ui.battle_commands``). The input modes ask
:func:`command_for`; the keyboard help screen (``game.ui.menus.keys_help``)
and the README's key table (:func:`markdown_table`, compared by a test) list
the same rows. The action letters come from
:data:`game.ui.action_menu.SHORTCUTS`, the one table the action menu also
shows its letters from; camera keys from :data:`CAMERA_KEYS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.ui.action_menu import SHORTCUTS

__all__ = ["Binding", "BINDINGS", "CAMERA_KEYS", "command_for", "action_rows", "help_rows", "markdown_table"]


@dataclass(frozen=True)
class Binding:
    """One row of the key table. ``key``/``ctrl``/``shift``/``text`` recognise it (None: shown, not matched
    here - the mode or widget named in ``does`` reads it); ``command`` and ``arg`` are what it gives."""

    keys: str
    does: str
    group: str
    command: str | None = None
    arg: Any = None
    key: tuple[int, ...] = ()
    ctrl: bool = False
    shift: bool | None = None  # None: either
    text: str = ""  # a character typed (``?`` is Shift+/ or another key on other layouts)
    any_shift: tuple[int, ...] = ()  # keys that match with or without Shift (End beside Shift+Space)

    def matches(self, event: pygame.event.Event) -> bool:
        if self.command is None or event.type != pygame.KEYDOWN:
            return False
        mod = getattr(event, "mod", 0)
        if bool(mod & pygame.KMOD_CTRL) != self.ctrl:
            return False
        if event.key in self.any_shift:
            return True
        if self.shift is not None and bool(mod & pygame.KMOD_SHIFT) != self.shift:
            return False
        if self.text and (getattr(event, "unicode", "") or "") == self.text:
            return True
        return event.key in self.key


#: keys that move or zoom the camera (when no menu is open); the board view reads them itself
CAMERA_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_w, pygame.K_a, pygame.K_s,
               pygame.K_d, pygame.K_f, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_MINUS, pygame.K_KP_PLUS,
               pygame.K_KP_MINUS)

TURN, ANYTIME, CAMERA, MENUS = "Your turn", "Any time", "The map", "Menus and dialogs"

BINDINGS: tuple[Binding, ...] = (
    Binding("Space", "end the turn", TURN, "end_turn", key=(pygame.K_SPACE,), shift=False),
    Binding("End or Shift+Space", "end the fighter's round (later phases pass)", TURN,
            "end_round", key=(pygame.K_SPACE,), shift=True, any_shift=(pygame.K_END,)),
    Binding("Tab", "next of your fighters", TURN, "cycle", 1, key=(pygame.K_TAB,), shift=False),
    Binding("Shift+Tab", "previous of your fighters", TURN, "cycle", -1, key=(pygame.K_TAB,), shift=True),
    Binding("letters, Enter", "an action by its letter in brackets (listed below); Enter: menu at the pointer", TURN),
    Binding("Esc", "cancel (menu, selection), else the pause menu", ANYTIME, "pause", key=(pygame.K_ESCAPE,)),
    Binding("Ctrl+Z", "undo", ANYTIME, "undo", key=(pygame.K_z,), ctrl=True),
    Binding("Ctrl+Y", "redo", ANYTIME, "redo", key=(pygame.K_y,), ctrl=True),
    Binding("Ctrl+S", "save under a name", ANYTIME, "save", key=(pygame.K_s,), ctrl=True),
    Binding("Ctrl+L", "load", ANYTIME, "load", key=(pygame.K_l,), ctrl=True),
    Binding("Ctrl+M", "sound off / on", ANYTIME, "mute", key=(pygame.K_m,), ctrl=True),
    Binding("F1", "rules help (searchable, by rule ID)", ANYTIME, "help", key=(pygame.K_F1,)),
    Binding("F2 or ?", "the keyboard help (every key, as in this table)", ANYTIME, "keys", key=(pygame.K_F2,), text="?"),
    Binding("F3", "the briefing: sides, who plays them, how to win", ANYTIME, "briefing", key=(pygame.K_F3,)),
    Binding("F4", "the legend: arc colours and every badge on a token", ANYTIME, "legend", key=(pygame.K_F4,)),
    Binding("Ctrl+Q", "quit the game", ANYTIME),
    Binding("click or a key", "skip the animation; Space held: 4x speed", ANYTIME),
    Binding("F", "fit the map to the window", CAMERA),
    Binding("wheel, + / -", "zoom", CAMERA),
    Binding("drag, WASD, arrows", "pan", CAMERA),
    Binding("Enter or Y / Esc or N", "yes / no when asked to confirm", MENUS),
    Binding("letter, digit, arrows", "an open menu's entry: its key in brackets, or light it and Enter", MENUS),
    Binding("Backspace", "back to the menu's groups; in the dice dialog, take back a face", MENUS),
    Binding("1-9, Enter", "a die's face in the dice dialog; Enter gives the dice", MENUS),
)


def command_for(event: pygame.event.Event) -> tuple[str, Any] | None:
    """The command a key gives anywhere on the battle screen (``(name, arg)``), or None."""
    for b in BINDINGS:
        if b.group == ANYTIME and b.matches(event):
            return b.command, b.arg  # type: ignore[return-value]
    return None


def turn_command_for(event: pygame.event.Event) -> tuple[str, Any] | None:
    """The command a key gives during your turn (Space, Tab), or None."""
    for b in BINDINGS:
        if b.group == TURN and b.matches(event):
            return b.command, b.arg  # type: ignore[return-value]
    return None


def action_rows(action_types: list[str] | None = None) -> list[tuple[str, str]]:
    """``(letter, actions)`` for the action letters, alphabetically; only ``action_types`` (a ruleset's
    actions) when given. One letter may serve several actions (the rulesets' names for one move)."""
    by_key: dict[str, list[str]] = {}
    for kind, key in SHORTCUTS.items():
        if action_types is None or kind in action_types:
            name = kind.replace("_", " ")
            if name not in by_key.setdefault(key, []):
                by_key[key].append(name)
    return [(k, ", ".join(v)) for k, v in sorted(by_key.items())]


def help_rows(action_types: list[str] | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
    """The help screen's sections: each group's ``(keys, does)`` rows, the action letters last."""
    out: list[tuple[str, list[tuple[str, str]]]] = []
    for group in (TURN, ANYTIME, CAMERA, MENUS):
        out.append((group, [(b.keys, b.does) for b in BINDINGS if b.group == group]))
    out.append(("Action letters", action_rows(action_types)))
    return out


#: the README's one row for every ruleset's action letters: they come with each ruleset (its presentation's
#: ``menu_keys``), so a README listing them would change with every ruleset added
LETTERS_ROW = ("A-Z", "the ruleset's action letters: in brackets in its action menu, all listed on the keys "
                      "screen (F2)")


def markdown_table(*, letters: bool = True) -> str:
    """The key table, row for row what the help screen lists (a test compares them); ``letters=False`` (the
    README's) gives the action letters one row that says where they are, instead of every ruleset's."""
    lines = ["| key | does |", "|---|---|"]
    for group, rows in help_rows():
        if group == "Action letters" and not letters:
            rows = [LETTERS_ROW]
        for keys, does in rows:
            lines.append(f"| {keys} | {does} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown_table())
