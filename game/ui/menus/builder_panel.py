"""The battle builder's side panel: its rows of pygame-gui widgets, laid out for the window's height
(1024x640 up to 1920x1080). Kept apart from :mod:`game.ui.menus.builder_menu` (what the rows do).

Two pages, so that every row is readable at 1024x640: "Battle" (map, its unknown terrain words, rules, the
sides with their seat, level and colour, how to win, the battle's name) and "Fighters" (the roster, the
picked fighter's every field the scenario format has). Play, Save and Back stay at the foot of both.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.builder import WIN_CHOICES
from game.builder.edit import PALETTE, fields_text, unknown_words
from game.builder.setup import win_of
from game.model import POSTURES
from game.tiled.terrain_words import KINDS
from game.ui.describe import FACING_WORDS

__all__ = ["CONTROLS", "LEVELS", "PAGES", "TO_THE_MIDDLE", "build_panel", "draw_palette", "facing_choices",
           "palette_rects"]

#: a side's seat as the panel says it -> as the scenario writes it
CONTROLS = {"human": "human", "computer": "ai"}
#: a computer side's level as the panel says it -> as the scenario writes it ("" = the player's setting)
LEVELS = {"the settings' level": "", "easy": "easy", "normal": "normal", "hard": "hard", "random": "random"}
#: the panel's pages (button name -> its words)
PAGES = {"battle": "Battle", "fighters": "Fighters"}
#: a fighter with no facing of its own faces the middle of the map (what the scenario loader does)
TO_THE_MIDDLE = "to the middle"
#: the compass round from north, the order the facing drop-down lists its directions in
_COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
NO_FIGHTER = "(pick a fighter)"
PRONOUNS_SHOWN = ["they", "she", "he", "it"]
#: at most this many unknown terrain words get a row each (a map with more names them in the message)
MAX_WORD_ROWS = 4


class _Rows:
    """Places rows of widgets down the panel: a label on the left, one or more widgets on the right."""

    def __init__(self, scene: Any, rect: pygame.Rect, row: int) -> None:
        self.scene, self.rect, self.row, self.y = scene, rect, row, rect.y
        self.label_w = 96

    def cells(self, label: str, parts: int = 1, widths: tuple[float, ...] | None = None) -> list[pygame.Rect]:
        s, r = self.scene, self.rect
        s.label(pygame.Rect(r.x, self.y, self.label_w, self.row), label)
        x0, w = r.x + self.label_w + 4, r.w - self.label_w - 4
        widths = widths or tuple(1 / parts for _ in range(parts))
        out, x = [], x0
        for f in widths:
            cw = int(w * f)
            out.append(pygame.Rect(x, self.y, cw - 4, self.row))
            x += cw
        self.y += self.row + 4
        return out


def _dropdown(scene: Any, key: str, options: list[str], current: str, rect: pygame.Rect) -> None:
    options = options or ["-"]
    dd = pygame_gui.elements.UIDropDownMenu(options, current if current in options else options[0], rect,
                                            scene.gui)
    scene.add(dd)
    scene.dropdowns[dd] = key


def _entry(scene: Any, key: str, text: str, rect: pygame.Rect) -> None:
    e = pygame_gui.elements.UITextEntryLine(rect, scene.gui)
    e.set_text(text)
    scene.add(e)
    scene.entries[e] = key
    scene.field_rects[key] = rect


def facing_choices(top: str) -> dict[str, int | None]:
    """The facing drop-down's words -> the scenario's ``facing`` (0-5, or None: to the middle): the compass
    words the board's selection box and the fighter panel say for the map's hex top (``FACING_WORDS``: a
    pointy-top map has east and west, a flat-top one north and south), listed clockwise from north: a bare
    direction number 0-5 meant nothing to a player."""
    words = FACING_WORDS.get(top, FACING_WORDS["pointy"])
    ordered = sorted(range(6), key=lambda d: _COMPASS.index(words[d]))
    return {TO_THE_MIDDLE: None, **{words[d]: d for d in ordered}}


def palette_rects(rect: pygame.Rect) -> list[pygame.Rect]:
    """Where the palette's swatches are drawn in the colour row ``rect`` (one square each, in order)."""
    side = min(rect.h, max(12, rect.w // len(PALETTE) - 4))
    return [pygame.Rect(rect.x + i * (side + 4), rect.y, side, rect.h) for i in range(len(PALETTE))]


def draw_palette(surface: pygame.Surface, rect: pygame.Rect, current: str) -> None:
    """The side's colour row: a swatch of each colour of the palette, the side's own ringed in white."""
    for colour, r in zip(PALETTE, palette_rects(rect)):
        pygame.draw.rect(surface, pygame.Color(colour), r, border_radius=4)
        if colour == current.lower():
            pygame.draw.rect(surface, (255, 255, 255), r.inflate(4, 4), width=3, border_radius=5)


def build_panel(scene: Any, rect: pygame.Rect) -> None:
    """Every row of the panel for the scene's page, set-up and selection."""
    row = 30 if rect.h < 760 else 34
    rows = _Rows(scene, rect, row)
    scene.field_rects = {}
    scene.label(pygame.Rect(rect.x, rows.y, rect.w, row + 4), "Build your own battle", "@menu_title")
    rows.y += row + 8
    half = (rect.w - 4) // 2
    for i, (name, words) in enumerate(PAGES.items()):
        b = scene.button(pygame.Rect(rect.x + i * (half + 4), rows.y, half, row), words, f"page_{name}",
                         object_id="@center_button")
        if scene.page == name:
            b.select()  # the page shown reads as chosen (the theme's gold); disabled, it looked greyed out
    rows.y += row + 8
    if scene.page == "fighters":
        _fighters_page(scene, rows)
    else:
        _battle_page(scene, rows)
    third = (rect.w - 8) // 3
    h = max(row + 6, 40)
    y = rect.bottom - h - 72  # the foot stays free for the message: two lines at most (a refused draft, at 1024x640)
    scene.button(pygame.Rect(rect.x, y, third, h), "Play", "play", object_id="@primary_button")
    scene.button(pygame.Rect(rect.x + third + 4, y, third, h), "Save", "save",
                 tooltip="Save the battle in your folder: it shows under 'Your battles' in New battle")
    scene.button(pygame.Rect(rect.x + 2 * third + 8, y, third, h), "Back", "back")


def _battle_page(scene: Any, rows: _Rows) -> None:
    """The map and its words, the rules, the sides, how to win and the name."""
    setup = scene.setup
    _dropdown(scene, "map", list(scene.maps), scene.map_title(), rows.cells("Map")[0])
    a, b = rows.cells("Map file", widths=(0.75, 0.25))
    _entry(scene, "map_path", scene.typed_map, a)
    scene.button(b, "Open", "open_map", tooltip="Open the Tiled .tmx map whose path is typed here (nothing typed: pick one)")

    words = unknown_words(scene.board.battle.board)
    for word in words[:MAX_WORD_ROWS]:  # the map's words the game does not know: the player says what each is
        shown = word if len(word) <= 12 else word[:11] + "\u2026"
        kind = setup.terrain_words.get(word, "")
        a = rows.cells(f"'{shown}' is")[0]
        _dropdown(scene, f"word:{word}", ["open (unknown)", *(k for k in KINDS if k != "open"), "open"],
                  kind or "open (unknown)", a)
        scene.field_rects[f"terrain_words.{word}"] = a
    _dropdown(scene, "ruleset", scene.rulesets, setup.ruleset or "", rows.cells("Rules")[0])
    side = scene.side()
    a, b = rows.cells("Side", 2)
    _dropdown(scene, "side", [s.name or s.id for s in setup.sides], side.name or side.id, a)
    _dropdown(scene, "control", list(CONTROLS), "computer" if side.control == "ai" else "human", b)
    level = next((k for k, v in LEVELS.items() if v == side.level), next(iter(LEVELS)))
    c = rows.cells("Level")[0]
    _dropdown(scene, "level", list(LEVELS), level, c)
    scene.field_rects["level"] = c
    a, b = rows.cells("Side name", widths=(0.65, 0.35))
    _entry(scene, "side_name", side.name, a)
    scene.button(b, "Add side", "add_side")
    scene.palette_rect = rows.cells("Colour")[0]
    scene.field_rects["colour"] = scene.palette_rect
    choice, limit = win_of(setup)
    a, b = rows.cells("To win", widths=(0.78, 0.22))  # the choice's words whole at 1024x640; rounds need 3 digits
    _dropdown(scene, "win", list(WIN_CHOICES.values()), WIN_CHOICES[choice], a)
    _entry(scene, "rounds", str(limit or 40), b)
    _entry(scene, "title", setup.name, rows.cells("Battle name")[0])
    scene.button(rows.cells("Set-up", widths=(0.5,))[0], "Start afresh", "afresh",
                 tooltip="A new set-up: this one is kept until then, even after Play, a quit or a crash")


def _fighters_page(scene: Any, rows: _Rows) -> None:
    """Which side adds, the roster, and the picked fighter's fields."""
    setup = scene.setup
    scene.palette_rect = None
    side = scene.side()
    a, b = rows.cells("Side", widths=(0.6, 0.4))
    _dropdown(scene, "side", [s.name or s.id for s in setup.sides], side.name or side.id, a)
    scene.button(b, "Add fighter", "add_fighter", enabled=bool(scene.archetypes),
                 tooltip="Add the roster's fighter below to this side, on a free hex of its start zone")
    _dropdown(scene, "archetype", scene.archetype_names(), scene.archetype, rows.cells("Roster")[0])
    _fighter_rows(scene, rows)


def _fighter_rows(scene: Any, rows: _Rows) -> None:
    """The picked fighter's rows: which one, its name and pronoun, stats, skills, HP/FP/DR, size, arms and
    weight, hands, belt, traits, facing and posture: every field a scenario's fighter has but its place (a
    click on the map)."""
    setup, f = scene.setup, scene.fighter()
    a, b = rows.cells("Fighter", widths=(0.65, 0.35))
    names = [scene.fighter_title(x) for x in setup.fighters]
    if f is None:  # nobody picked: the drop-down says so rather than showing the first as if picked
        names = [NO_FIGHTER if names else "(none yet)", *names]
    _dropdown(scene, "fighter", names, scene.fighter_title(f) if f else names[0], a)
    scene.button(b, "Remove", "remove_fighter", enabled=f is not None)
    if f is None:
        scene.label(pygame.Rect(rows.rect.x, rows.y, rows.rect.w, rows.row),
                    "Pick or add a fighter, then click a hex to move it.")
        return
    a, b = rows.cells("Name", widths=(0.65, 0.35))
    _entry(scene, "name", f.name, a)
    _dropdown(scene, "pronoun", PRONOUNS_SHOWN, f.pronoun or "they", b)
    scene.field_rects["pronoun"] = b
    _entry(scene, "stats", fields_text(f.stats), rows.cells("Stats")[0])
    _entry(scene, "skills", fields_text(f.skills), rows.cells("Skills")[0])
    a, b, c = rows.cells("HP FP DR", 3)
    _entry(scene, "hp", "" if f.hp is None else str(f.hp), a)
    _entry(scene, "fp", "" if f.fp is None else str(f.fp), b)
    _entry(scene, "dr", str(f.dr), c)
    a, b, c = rows.cells("Size arms lb", 3)  # Size Modifier, arms (hands beyond two need them), weight
    _entry(scene, "size", str(f.size), a)
    _entry(scene, "arms", str(f.arms), b)
    _entry(scene, "weight", str(int(f.weight)) if float(f.weight).is_integer() else repr(f.weight), c)
    _entry(scene, "hands", fields_text(f.hands), rows.cells("In hand")[0])
    _entry(scene, "items", ", ".join(f.items), rows.cells("On belt")[0])
    _entry(scene, "traits", fields_text({k: str(v).lower() if isinstance(v, bool) else v
                                         for k, v in f.traits.items()}), rows.cells("Traits")[0])
    a, b = rows.cells("Facing", 2)
    facings = facing_choices(scene.board.battle.board.top)
    now = next((w for w, d in facings.items() if f.facing is not None and d == f.facing % 6), TO_THE_MIDDLE)
    _dropdown(scene, "facing", list(facings), now, a)
    scene.field_rects["facing"] = a

    _dropdown(scene, "posture", list(POSTURES), f.posture, b)
    scene.field_rects["posture"] = b
