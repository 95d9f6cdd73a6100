"""Build your own battle: a map (shipped, the player's, or a .tmx path typed), a ruleset, sides, fighters from
the ruleset's roster (edited, placed by clicking hexes), how to win; Play starts it at once, Save writes the
scenario into the player's folder (``game.builder``), where New battle lists it under "Your battles".

Everything the panel does is a :mod:`game.builder.edit` change of a headless :class:`~game.builder.Setup`;
the board shows the battle exactly as the scenario loader would start it, and what the loader would refuse
is said in its one sentence naming the field. Every set-up the builder holds is kept (the app's
:class:`~game.builder.draft.DraftKeeper`: memory and a draft file): the builder opens on the last one, with
"Start afresh" beside it, so a battle played without Save is never lost (issue 28).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pygame
import pygame_gui

import game.rules  # noqa: F401  (registers the rulesets)
from game.builder import (
    BuiltSide,
    Setup,
    roster,
    save_setup,
    user_maps,
    user_maps_dir,
    user_scenarios_dir,
)
from game.builder.draft import DraftKeeper, draft_path
from game.builder.edit import (
    PALETTE,
    add_fighter,
    add_side,
    board_of,
    edit_side,
    move_fighter,
    new_setup,
    preview_battle,
    remove_fighter,
    setup_from_battle,
    start_battle,
)
from game.builder.fields import field_named, typed_change
from game.builder.setup import load_setup, map_for, map_in_full
from game.builder.user_folder import keep_map, needs_copy
from game.files.save_slots import slot_file_name
from game.files.userfiles import UserFileError
from game.hexgrid import Hex
from game.model import Battle, Board, Side
from game.rules.base import RULESETS
from game.tiled.reader import load_map
from game.ui.board_panel import BoardClick, draw_board_and_panel
from game.ui.board_scene import BoardScene
from game.ui.menus.base import GuiScene
from game.ui.menus.builder_choices import choose
from game.ui.menus.builder_panel import (
    build_panel,
    draw_palette,
    palette_rects,
)
from game.ui.scene import Transition
from game.ui.session import SessionError
from game.ui.shipped_scenarios import MAPS_DIR

__all__ = ["BuilderScene"]

#: the board's hint, short enough for the board's width at 1024x640 (the longer one was cut there)
HINT = "drag / WASD: pan   wheel: zoom   F: fit   click a fighter: pick it, a hex: move it there"

_ERRORS = (ValueError, OSError, KeyError, TypeError)


def _map_choices() -> dict[str, Path]:
    """Every shipped map and the player's own (their maps/ folder), by file name."""
    out = {p.stem.replace("_", " "): p for p in sorted(MAPS_DIR.glob("*.tmx"))}
    for p in user_maps():
        out[f"yours: {p.stem}"] = p
    return out


class BuilderScene(GuiScene):
    """The builder: the board on the left (terrain, start zones, the fighters), the panel on the right."""

    title = "Build your own"

    def __init__(self, app: Any, setup: Setup | None = None, path: Path | None = None, *,
                 alone: bool = False) -> None:
        """The set-up the player left (the app's draft: memory, else the draft file), a given one (the lab's),
        or the scenario file at ``path`` reopened (:meth:`reopen`): saving writes that file again. Nothing
        kept: a new set-up. ``alone``: the only screen (the end screen's way back), so Back goes to the main
        menu (popped, it left no screen and the game closed)."""
        super().__init__(app)
        self.alone = alone
        #: where every set-up held here is kept (the app's, so that it outlives this screen)
        self.drafts: DraftKeeper = getattr(app, "builder_draft", None) or DraftKeeper()
        self.keep_problem: str | None = None  # why the draft file could not be written (said once)
        self.afresh_armed = False  # "Start afresh" asks once more before an unsaved set-up with fighters goes
        restored, problem = (None, None) if setup is not None or path is not None else self.drafts.restore()
        if restored is not None:
            setup, path = restored.setup, (Path(restored.path) if restored.path else None)
        #: the file a reopened battle came from (Save writes it again); None: a new one, named by its title
        self.path = path
        self.page = "battle"  # the panel's page (``builder_panel.PAGES``)
        self.field_rects: dict[str, pygame.Rect] = {}  # each field's place, to mark the one the loader refuses
        self.palette_rect: pygame.Rect | None = None
        self.bad_field: str | None = None

        self.rulesets = sorted(RULESETS)
        self.maps = _map_choices()
        first = next(iter(self.maps.values()), Path("arena.tmx"))
        self._setup = setup if setup is not None else new_setup(first, self.rulesets[0] if self.rulesets else "")
        if setup is not None and path is None and restored is None:
            self.drafts.keep(self._setup, None)  # the lab's set-up exists nowhere else: kept at once
        self.typed_map = ""
        self.side_id = self.setup.sides[0].id if self.setup.sides else ""
        self.selected: str | None = None
        self.dropdowns: dict[Any, str] = {}
        self.entries: dict[Any, str] = {}
        self.archetypes = roster(self.setup.ruleset or "")
        self.archetype = self.archetypes[0].name if self.archetypes else ""
        self.board_click = BoardClick()
        self.dialog: Any = None  # the file dialog "Open" shows when no path is typed
        self.board = self._new_board()
        if problem is not None:  # the file's name, not its folder's path: whole at 1024x640 (seen under Xvfb)
            self.say(problem.replace(str(draft_path()), draft_path().name), "failure")
        elif restored is not None and self.message is None:
            self.say("Your set-up as you left it ('Start afresh' on the Battle page for a new one).")

    # -- the set-up, kept as it changes -----------------------------------------------------------
    @property
    def setup(self) -> Setup:
        return self._setup

    @setup.setter
    def setup(self, setup: Setup) -> None:
        """Every change is kept at once (memory, and the draft file when it differs from the last written)."""
        self._setup = setup
        self.keep()

    def keep(self) -> None:
        problem = self.drafts.keep(self._setup, self.path)
        if problem is not None and problem != self.keep_problem:
            self.keep_problem = problem
            self.say(problem, "failure")

    def start_afresh(self) -> None:
        """A new set-up (the first map and rules); an unsaved one with fighters goes only at a second press."""
        if self.path is None and self.setup.fighters and not self.afresh_armed:
            self.afresh_armed = True
            self.say("This set-up is not saved: press 'Start afresh' again to drop it, or Save it first.",
                     "failure")
            return
        self.afresh_armed = False
        self.drafts.forget()
        self.path, self.selected, self.page = None, None, "battle"
        first = next(iter(self.maps.values()), Path("arena.tmx"))
        self.archetypes = roster(self.rulesets[0] if self.rulesets else "")
        self.archetype = self.archetypes[0].name if self.archetypes else ""
        self.change(new_setup(first, self.rulesets[0] if self.rulesets else ""), new_board=True)
        self.side_id = self.setup.sides[0].id
        self.rebuild()
        self.say("A new set-up.")

    # -- what the panel shows ----------------------------------------------------------------------
    @property
    def panel_width(self) -> int:
        return max(400, min(620, int(self.size[0] * 0.4)))

    @property
    def map_rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.size[0] - self.panel_width, self.size[1])

    def map_title(self) -> str:
        here = Path(self.setup.map).resolve()
        return next((t for t, p in self.maps.items() if p.resolve() == here), here.name)

    def side(self) -> BuiltSide:
        return next((s for s in self.setup.sides if s.id == self.side_id), self.setup.sides[0])

    def fighter(self) -> Any:
        return next((f for f in self.setup.fighters if f.id == self.selected), None)

    def fighter_title(self, f: Any) -> str:
        side = next((s.name or s.id for s in self.setup.sides if s.id == f.side), f.side)
        return f"{f.name or f.id} ({side})"

    def archetype_names(self) -> list[str]:
        return [a.name for a in self.archetypes] or ["(this ruleset has no roster)"]

    def preview_path(self) -> Path:
        """Where the scenario would be saved (the loader's messages name it): a reopened battle's own file."""
        if self.path is not None:
            return self.path
        return user_scenarios_dir() / f"{slot_file_name(self.setup.name or 'My battle')}.toml"

    @classmethod
    def reopen(cls, app: Any, path: Path) -> BuilderScene:
        """A saved battle in the builder, to change and save again (``ValueError``/``OSError`` in one sentence
        when it cannot be read)."""
        return cls(app, map_in_full(load_setup(path), path), path=Path(path))

    def field_of(self, problem: str) -> str | None:
        """The panel's field a loader sentence names (:func:`game.builder.fields.field_named`)."""
        return field_named(problem, self.preview_path(), self.setup, self.selected, self.side_id)

    # -- the board ---------------------------------------------------------------------------------
    def _new_board(self) -> BoardScene:
        b = BoardScene(shown_battle(self), self.size, self.app.text)
        b.click_selects = False
        b.view_rect = self.map_rect
        b.selected = self.selected
        b.underlay = self._draw_zones
        # the board's own hint says what a click does here: it picks a fighter or moves the picked one
        b.set_help(HINT)
        b.fit()
        return b

    def _draw_zones(self, surface: pygame.Surface) -> None:
        draw_zones(surface, self.board, self.setup.sides)

    def refresh(self, *, new_board: bool = False) -> None:
        """After a change: the board and the panel show the set-up."""
        self.message = None
        self.bad_field = None
        if self.selected not in {f.id for f in self.setup.fighters}:
            self.selected = None
        if new_board:
            self.board = self._new_board()
        else:
            self.board.show(shown_battle(self))
            self.board.select(self.selected)
            self.board.set_help(HINT)  # its title names the ruleset (it still said the first one after a change)
        self.rebuild()

    # -- widgets -----------------------------------------------------------------------------------
    def build(self) -> None:
        self.dropdowns, self.entries = {}, {}
        m = self.map_rect
        build_panel(self, pygame.Rect(m.right + 12, 8, self.panel_width - 24, self.size[1] - 16))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.board.resize(size)
        self.board.view_rect = self.map_rect
        self.board.fit()

    def update(self, dt_ms: int) -> None:
        self.board.update(dt_ms)  # a held pan key moves the view

    def wants_frames(self) -> bool:
        return bool(getattr(self.board, "_held", None))  # frames only while a pan key is held

    def draw_extra(self, surface: pygame.Surface) -> None:
        draw_board_and_panel(surface, self.board, self.map_rect, self.panel_width)
        if self.palette_rect is not None:
            draw_palette(surface, self.palette_rect, self.side().colour)
        if self.bad_field in self.field_rects:  # the field the loader refuses, ringed in red
            pygame.draw.rect(surface, (230, 70, 60), self.field_rects[self.bad_field].inflate(6, 6), width=2,
                             border_radius=4)

    def pick_colour(self, pos: tuple[int, int]) -> bool:
        """A click on the palette: the shown side takes that colour. False when the click was elsewhere, or
        on an open drop-down's list over the palette (the Level list's "hard" lies on it: that click painted
        the side red and lost the level picked)."""
        if self.palette_rect is None or any(d.current_state is d.menu_states.get("expanded") for d in self.dropdowns):
            return False
        hit = next((c for c, r in zip(PALETTE, palette_rects(self.palette_rect)) if r.collidepoint(pos)), None)
        if hit is not None:
            self.change(edit_side(self.setup, self.side_id, colour=hit))
        return hit is not None

    # -- events ------------------------------------------------------------------------------------
    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.dropdowns:
            self.choose(self.dropdowns[event.ui_element], event.text)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in self.entries:
            self.typed(self.entries[event.ui_element], event.ui_element.get_text())
        elif event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self.dialog = None
            self.open_map(str(event.text))
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
        elif self.dialog is not None:
            return None  # the file dialog has the mouse: no click reaches the board under it
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.pick_colour(event.pos):
            return None
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            self._mouse(event)
        elif event.type in (pygame.KEYDOWN, pygame.KEYUP) and not any(e.is_focused for e in self.entries):
            self.board.handle(event)  # pan and fit keys, as the hint says (never while a field is typed in)
        return None

    def _mouse(self, event: pygame.event.Event) -> None:
        pos = getattr(event, "pos", None) or pygame.mouse.get_pos()
        if not self.map_rect.collidepoint(pos) and event.type != pygame.MOUSEBUTTONUP:
            return
        self.board.handle(event)
        self.board_click.handle(event, pos, self.map_rect, self.click_board)

    def click_board(self, pos: tuple[int, int]) -> None:
        """A fighter clicked is picked; a hex clicked takes the picked fighter there."""
        who = self.board.fighter_at_screen(pos)
        if who is not None:
            self.selected = who
            self.refresh()
            return
        h = self.board.hex_at_screen(pos)
        if h is not None and self.selected is not None:
            self.change(move_fighter(self.setup, self.selected, Hex(h.q, h.r)))

    def change(self, setup: Setup, *, new_board: bool = False) -> None:
        self.setup = setup
        self.refresh(new_board=new_board)

    def choose(self, key: str, value: str) -> None:
        """A drop-down's new value (:func:`game.ui.menus.builder_choices.choose`)."""
        choose(self, key, value)

    def rounds(self) -> int:
        """The round limit typed (40 while the field holds no whole number)."""
        text = next((e.get_text() for e, k in self.entries.items() if k == "rounds"), "40")
        return int(text) if text.strip().isdigit() else 40

    def typed(self, key: str, text: str) -> bool:
        """A field's text (Enter, or Play and Save, take it); False, with the reason said, when it is refused:
        text that is not the field's shape, or a value the scenario loader refuses at this very field (its
        one sentence; the set-up keeps the field's last good value)."""
        try:
            setup = self._typed(key, text)
        except ValueError as exc:
            self.say(f"{key.replace('_', ' ').capitalize()}: {exc}.", "failure")
            self.bad_field = key
            return False
        problem = self._loader_problem(setup)
        if problem is not None and self.field_of(problem) == key:
            self.say(problem.replace(str(self.preview_path()), self.preview_path().name), "failure")
            self.bad_field = key
            return False
        self.setup = setup
        if key not in ("map_path",):
            self.refresh(new_board=False)
        return True

    def _typed(self, key: str, text: str) -> Setup:
        if key == "map_path":
            self.typed_map = text.strip()
            return self.setup
        return typed_change(self.setup, key, text, self.selected, self.side_id, self.rounds())

    def _loader_problem(self, setup: Setup) -> str | None:
        """The loader's sentence refusing ``setup`` (an empty side is not its business), or None."""
        try:
            preview_battle(setup, self.preview_path())
        except _ERRORS as exc:
            return str(exc)
        return None

    def take_fields(self) -> bool:
        """Every field's text into the set-up (what was typed without Enter counts too)."""
        for entry, key in list(self.entries.items()):
            try:
                self.setup = self._typed(key, entry.get_text())
            except ValueError as exc:
                self.say(f"{key.replace('_', ' ').capitalize()}: {exc}.", "failure")
                return False
        return True

    def on_button(self, name: str, widget: Any) -> Transition | None:
        if name == "afresh":
            self.start_afresh()
            return None
        self.afresh_armed = False
        if name == "back":
            return self.on_escape()
        if name == "play":
            return self.play()
        if name == "save":
            self.save()
        elif name == "add_side":
            self.take_fields()
            self.change(add_side(self.setup, "ai"))
            self.side_id = self.setup.sides[-1].id
            self.rebuild()
        elif name == "add_fighter":
            self.add_from_roster()
        elif name == "remove_fighter" and self.selected:
            self.change(remove_fighter(self.setup, self.selected))
        elif name == "open_map":
            self.open_map()
        elif name.startswith("page_"):
            if self.take_fields():
                self.page = name[5:]
                self.refresh()
        return None

    def add_from_roster(self) -> None:
        arch = next((a for a in self.archetypes if a.name == self.archetype), None)
        if arch is None:
            self.say("This ruleset has no ready-made fighters.", "failure")
            return
        self.take_fields()
        setup, fid = add_fighter(self.setup, arch, self.side_id, self.board.battle.board)
        self.selected = fid
        self.change(setup)

    def open_map(self, picked: str | None = None) -> None:
        """The .tmx whose path is typed (or picked), read first (a map that cannot be used is said in one
        sentence); with nothing typed, the file dialog."""
        text = picked if picked is not None else next(
            (e.get_text() for e, k in self.entries.items() if k == "map_path"), "").strip()
        if not text:
            self.dialog = map_dialog(self.gui, self.size)
            return
        self.typed_map = text
        try:
            path = readable_map(text)
        except _ERRORS as exc:
            self.say(str(exc), "failure")
            return
        self.maps[f"file: {path.name}"] = path
        self.change(msgspec.structs.replace(self.setup, map=path.resolve().as_posix(), terrain_words={}),
                    new_board=True)
        if needs_copy(path) and self.message is None:  # where it is read from, and what Save does about it
            self.say(f"{path.name} is read from its folder '{path.parent.name}': Save copies it into your maps folder.")

    def play(self) -> Transition | None:
        """The battle at once, as the loader starts it from the saved text (no scenario is written; the set-up
        is kept as the draft, so the builder, the end screen's "Back to the builder", has it as it was)."""
        if not self.take_fields():
            return None
        self.keep()
        try:
            battle = start_battle(self.setup, self.preview_path())
            self.drafts.played(battle)
            scene = self.app.battle_from(battle)
        except (SessionError, *_ERRORS) as exc:
            self.say(str(exc).replace(str(self.preview_path()), self.preview_path().name), "failure")
            return None
        return Transition("reset", scene)

    def save(self) -> Path | None:
        """The scenario into the player's folder; its path, or None with the reason said."""
        if not self.take_fields():
            return None
        target = self.preview_path()
        kept, note = keep_map(self.setup.map)  # a map picked from elsewhere: into the player's maps folder
        setup = msgspec.structs.replace(self.setup, map=map_for(kept, target))
        try:
            save_setup(setup, target)
        except (UserFileError, *_ERRORS) as exc:
            self.say(str(exc).replace(str(target), target.name), "failure")
            return None
        self.path = target  # saved again, it is this file again
        self.maps.update(_map_choices())  # a map just copied in is one of "yours"
        self.change(msgspec.structs.replace(self.setup, map=kept.resolve().as_posix()))
        self.say(f"Saved as {target.name}" + (f"; {note}." if note else ": New battle lists it under 'Your battles'."),
                 "success")
        return target

    def on_escape(self) -> Transition | None:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
            return None
        return Transition("reset", self.app.screens.main_menu()) if self.alone else Transition("pop")

    def leave(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        super().leave()


def shown_battle(scene: Any) -> Any:
    """The battle the builder ``scene`` shows: as the loader would start it; while it cannot start, the map alone
    and why not (said, and the field it is about ringed)."""
    try:
        return preview_battle(scene.setup, scene.preview_path())
    except _ERRORS as exc:
        if scene.setup.fighters:
            scene.say(str(exc).replace(str(scene.preview_path()), scene.preview_path().name), "failure")
            scene.bad_field = scene.field_of(str(exc))
    try:
        board = board_of(scene.setup)
    except _ERRORS as exc:
        scene.say(str(exc), "failure")

        board = Board.open_field(8, 8)
    sides = [Side(id=s.id, name=s.name or s.id, colour=s.colour or "#888888", control=s.control)
             for s in scene.setup.sides]
    return Battle(ruleset=scene.setup.ruleset or "", board=board, sides=sides, fighters=[])


def map_dialog(gui: pygame_gui.UIManager, size: tuple[int, int]) -> Any:
    """A file dialog for a .tmx (opened in the player's maps folder when it exists)."""
    w, h = size
    start = user_maps_dir() if user_maps_dir().is_dir() else Path.home()
    return pygame_gui.windows.UIFileDialog(
        pygame.Rect(w // 2 - min(520, w - 40) // 2, 40, min(520, w - 40), min(480, h - 80)), gui,
        window_title="Open a Tiled map (.tmx)", initial_file_path=str(start), allowed_suffixes={".tmx"},
        allow_existing_files_only=True)


def readable_map(text: str) -> Path:
    """The .tmx a typed path names, read once to be sure it is a map the game can use; ``ValueError``
    (``MapError``) in one sentence otherwise."""
    path = Path(text).expanduser()
    if path.suffix.lower() != ".tmx":
        raise ValueError(f"Map file: {text} is not a Tiled .tmx file.")
    load_map(path)
    return path


def draw_zones(surface: pygame.Surface, board: BoardScene, sides: list[BuiltSide]) -> None:
    """The map's start zones, each tinted in the colour of the side it starts (else grey)."""
    colours = {s.id: s.colour for s in sides}
    for i, (zone, hexes) in enumerate(sorted(board.battle.board.zones.items())):
        code = colours.get(zone) or (sides[i].colour if i < len(sides) else "#888888")
        try:
            r, g, b = (int(code[k:k + 2], 16) for k in (1, 3, 5))
        except ValueError:
            r, g, b = 136, 136, 136
        board.tints.blit(surface, board.camera, list(hexes), (r, g, b, 55), (r, g, b, 200), width=2, inset=0.08)


def builder_from_lab(lab_scene: Any) -> Transition | None:
    """The lab's set-up as a builder set-up ("Play this as a battle"): its map, ruleset, sides and fighters
    where they stand, opened in the builder to play at once or save. Open ground has no map file a scenario
    could name: said in one sentence, and the lab stays."""
    try:
        battle = lab_scene.lab.battle()
    except _ERRORS as exc:
        lab_scene.say(str(exc), "failure")
        return None
    where = getattr(battle.board, "path", None)
    if not where or not Path(where).suffix.lower() == ".tmx":
        lab_scene.say("Open ground has no map file: put the set-up on a scenario's map (Map) to play it as a "
                      "battle.", "failure")
        return None
    setup = setup_from_battle(battle, where, name="From the lab")
    return Transition("push", BuilderScene(lab_scene.app, setup))
