"""Load or replay a saved battle: named saves with a picture of the board, autosaves grouped apart, or a path.

Each save shows its name (as typed), the scenario, the ruleset, the round,
the date and a thumbnail of the board. The list reads each file's header
only (:func:`game.files.save_slots.list_saves`: no replay), so a folder of long
battles opens at once; the full check runs when the player loads one. The
autosaves sit under one heading, collapsed, newest first. A bad file is
listed greyed with its one sentence and never stops the screen; loading one
says that sentence and loads nothing.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.files.names import shown
from game.files.save_slots import SaveEntry, list_saves
from game.ui.menus.base import GuiScene
from game.ui.menus.replay_scene import ReplayScene
from game.ui.scene import Transition
from game.ui.session import SessionError, load_session
from game.ui.text import fit_text, wrap
from game.ui.thumbnails import board_thumbnail, placeholder

__all__ = ["LoadMenu", "THUMB_SIZE"]

THUMB_SIZE = (96, 64)
ROW_H = 76
HEAD_H = 34
#: the most characters of a name, a place or a sentence a row shows (its width holds about 90)
ROW_CHARS = 200
#: two clicks on one row closer than this load it
DOUBLE_CLICK_S = 0.45


class LoadMenu(GuiScene):
    def __init__(self, app: Any, *, replay: bool = False, below: Any = None) -> None:
        super().__init__(app, below)
        self.replay = replay
        self.named, self.autos = list_saves()
        self.show_autos = False
        self.chosen: Path | None = None
        self.scroll = 0  # pixels the list is scrolled down
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.path_entry: Any = None
        self.hover: int | None = None
        self._thumbs: dict[Path, pygame.Surface] = {}
        self._last_click: tuple[float, Path | None] = (0.0, None)

    # -- the rows ---------------------------------------------------------------------------
    def rows(self) -> list[tuple[str, SaveEntry | None]]:
        """What the list shows, top to bottom: ``("save", entry)``, ``("empty", None)``, ``("autos", None)``."""
        out: list[tuple[str, SaveEntry | None]] = [("save", e) for e in self.named] or [("empty", None)]
        if self.autos:
            out.append(("autos", None))
            if self.show_autos:
                out += [("save", e) for e in self.autos]
        return out

    @staticmethod
    def _height(kind: str) -> int:
        return ROW_H if kind == "save" else HEAD_H

    def row_rects(self) -> list[tuple[pygame.Rect, str, SaveEntry | None]]:
        """Each row's rectangle on screen (scrolled), with what it shows."""
        out = []
        y = self.list_rect.y - self.scroll
        for kind, entry in self.rows():
            hgt = self._height(kind)
            out.append((pygame.Rect(self.list_rect.x, y, self.list_rect.w, hgt - 4), kind, entry))
            y += hgt
        return out

    def content_height(self) -> int:
        return sum(self._height(kind) for kind, _ in self.rows())

    def entry_for(self, path: Path | None) -> SaveEntry | None:
        return next((e for e in (*self.named, *self.autos) if e.path == path), None)

    # -- building ---------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        bw = min(860, w - 40)
        x = (w - bw) // 2
        y = 24 if h < 700 else 44
        self.label(pygame.Rect(x, y, bw, 40), "Replay a battle" if self.replay else "Load a battle", "@menu_title")
        y += 46
        lh = max(ROW_H + HEAD_H, h - y - 160)
        self.list_rect = pygame.Rect(x, y, bw, lh)
        self.clamp_scroll()
        y += lh + 12
        self.label(pygame.Rect(x, y, 120, 36), "Or a file:")
        self.path_entry = self.add(pygame_gui.elements.UITextEntryLine(pygame.Rect(x + 120, y, bw - 120, 36),
                                                                       self.gui))
        y += 46
        verb = "Replay" if self.replay else "Load"
        self.button(pygame.Rect(x, y, bw // 2 - 8, 44), f"{verb}  (Enter)", "go", object_id="@primary_button")
        self.button(pygame.Rect(x + bw // 2 + 8, y, bw // 2 - 8, 44), "Back  (Esc)", "back",
                    object_id="@big_button")

    def clamp_scroll(self) -> None:
        self.scroll = max(0, min(self.scroll, self.content_height() - self.list_rect.h))

    def scroll_into_view(self, path: Path | None) -> None:
        for rect, _kind, entry in self.row_rects():
            if entry is not None and entry.path == path:
                if rect.top < self.list_rect.top:
                    self.scroll -= self.list_rect.top - rect.top
                elif rect.bottom > self.list_rect.bottom:
                    self.scroll += rect.bottom - self.list_rect.bottom + 4
        self.clamp_scroll()

    # -- input ------------------------------------------------------------------------------
    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEWHEEL:  # the list is the one thing here that scrolls
            self.scroll -= int(event.y) * ROW_H // 2
            self.clamp_scroll()
        elif event.type == pygame.MOUSEMOTION:
            self.hover = None
            if self.list_rect.collidepoint(event.pos):
                for i, (rect, _, _) in enumerate(self.row_rects()):
                    if rect.collidepoint(event.pos):
                        self.hover = i
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.list_rect.collidepoint(event.pos):
            return self.click(event.pos)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.go()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and not (
                self.path_entry is not None and self.path_entry.is_focused):
            self.step(-1 if event.key == pygame.K_UP else 1)
        return None

    def click(self, pos: tuple[int, int]) -> Transition | None:
        for rect, kind, entry in self.row_rects():
            if not rect.collidepoint(pos):
                continue
            if kind == "autos":
                self.show_autos = not self.show_autos
                self.clamp_scroll()
                return None
            if entry is None:
                return None
            now = time.monotonic()
            again = self._last_click[1] == entry.path and now - self._last_click[0] < DOUBLE_CLICK_S
            self._last_click = (now, entry.path)
            self.chosen = entry.path
            if self.path_entry is not None:
                self.path_entry.set_text("")
            if entry.problem:
                self.say(entry.problem, "failure")
            else:
                self.message = None
            return self.go() if again else None
        return None

    def step(self, by: int) -> None:
        """Up/Down: the previous or next save in the list (the autosaves open when reached)."""
        paths = [e.path for kind, e in self.rows() if kind == "save" and e is not None]
        if self.autos and not self.show_autos and by > 0 and self.chosen == (paths[-1] if paths else None):
            self.show_autos = True
            paths = [e.path for kind, e in self.rows() if kind == "save" and e is not None]
        if not paths:
            return
        i = paths.index(self.chosen) + by if self.chosen in paths else 0
        self.chosen = paths[max(0, min(i, len(paths) - 1))]
        self.scroll_into_view(self.chosen)

    def go(self, path: Path | str | None = None) -> Transition | None:
        typed = self.path_entry.get_text().strip() if self.path_entry is not None else ""
        target = Path(path) if path is not None else (Path(typed).expanduser() if typed else self.chosen)
        if target is None:
            self.say("Pick a save from the list or type a file's path.", "failure")
            return None
        listed = self.entry_for(target)
        if listed is not None and listed.problem:
            self.say(listed.problem, "failure")
            return None
        if self.replay:
            try:
                scene = ReplayScene.from_file(self.app, target)
            except Exception as exc:  # noqa: BLE001 - the file's fault: one sentence
                self.say(str(exc) if str(exc) else f"{target}: cannot be replayed.", "failure")
                return None
            return Transition("reset", scene)
        try:
            session = load_session(target, autosave=self.app.autosave,
                                   **self.app.computer_kw())
        except SessionError as exc:
            self.say(str(exc), "failure")
            return None
        return Transition("reset", self.app.battle_from(session))

    def on_button(self, name: str, widget: Any) -> Transition | None:
        if name == "go":
            return self.go()
        if name == "back":
            return Transition("pop")
        return None

    def on_escape(self) -> Transition | None:
        return Transition("pop")

    # -- drawing ----------------------------------------------------------------------------
    def thumbnail(self, entry: SaveEntry) -> pygame.Surface:
        pic = self._thumbs.get(entry.path)
        if pic is None:
            h = entry.header
            if h is None:
                pic = placeholder(THUMB_SIZE, self.app.text, "cannot read")
            else:
                sides = h.snapshot.sides or h.initial.sides
                pic = board_thumbnail(h.initial.board, sides, h.snapshot.fighters, THUMB_SIZE, self.app.text)
            self._thumbs[entry.path] = pic
        return pic

    def fit(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` as the screen can show it (escaped where it cannot: a file name that is not UTF-8, a NUL;
        at most :data:`ROW_CHARS` characters), cut with an ellipsis to fit ``width`` pixels. Cut by halves
        (:func:`fit_text`): one character at a time, a 10,000-character board name took seconds a frame."""
        return fit_text(self.app.text, shown(text, ROW_CHARS), size, width, bold)

    def draw_extra(self, surface: pygame.Surface) -> None:
        pal = self.pal
        t = self.app.text
        box = self.list_rect
        pygame.draw.rect(surface, (22, 24, 30), box, border_radius=6)
        pygame.draw.rect(surface, pal.panel_edge, box, width=1, border_radius=6)
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-2, -2))
        try:
            for i, (rect, kind, entry) in enumerate(self.row_rects()):
                if rect.bottom < box.top or rect.top > box.bottom:
                    continue
                row = rect.inflate(-8, 0)
                if kind == "empty":
                    img = t.render("No named saves yet: Ctrl+S in a battle saves one.", 16, pal.dim)
                    surface.blit(img, (row.x + 10, row.y + 8))
                elif kind == "autos":
                    mark = "\u2212" if self.show_autos else "+"  # the font has no triangles
                    words = "click to hide" if self.show_autos else "click to show"
                    img = t.render(f"{mark}  Autosaves ({len(self.autos)}, newest first) \u2014 {words}", 16,
                                   pal.text, bold=True)
                    pygame.draw.rect(surface, (30, 33, 40), row, border_radius=4)
                    surface.blit(img, (row.x + 10, row.centery - img.get_height() // 2))
                elif entry is not None:
                    self.draw_row(surface, row, entry, selected=entry.path == self.chosen, hover=i == self.hover)
        finally:
            surface.set_clip(clip)
        if self.content_height() > box.h:  # a scroll bar: where the view is in the whole list
            frac = box.h / self.content_height()
            bar_h = max(24, int(box.h * frac))
            top = box.y + int((box.h - bar_h) * self.scroll / max(1, self.content_height() - box.h))
            pygame.draw.rect(surface, pal.dim, pygame.Rect(box.right - 6, top, 4, bar_h), border_radius=2)

    def draw_row(self, surface: pygame.Surface, row: pygame.Rect, entry: SaveEntry, *, selected: bool,
                 hover: bool) -> None:
        pal = self.pal
        t = self.app.text
        back = (46, 52, 66) if selected else ((34, 37, 45) if hover else (28, 30, 37))
        pygame.draw.rect(surface, back, row, border_radius=4)
        if selected:
            pygame.draw.rect(surface, pal.accent, row, width=2, border_radius=4)
        surface.blit(self.thumbnail(entry), (row.x + 6, row.y + (row.h - THUMB_SIZE[1]) // 2))
        x = row.x + THUMB_SIZE[0] + 16
        width = row.right - x - 12
        bad = entry.problem is not None
        title = entry.title
        surface.blit(t.render(self.fit(title, 17, width, True), 17, pal.dim if bad else pal.text, bold=True),
                     (x, row.y + 6))
        if bad:  # the sentence names the file; the folder is the list's own, so its name alone
            problem = (entry.problem or "").replace(str(entry.path), entry.path.name)
            for k, line in enumerate(wrap(t, shown(problem, 2 * ROW_CHARS), 14, width)[:2]):
                surface.blit(t.render(self.fit(line, 14, width), 14, pal.dim), (x, row.y + 30 + 18 * k))
            return
        h = entry.header
        if h is None:
            return
        state = f"round {h.snapshot.round}" + (" \u00b7 over" if h.snapshot.ended else "")
        what = f"{entry.place} \u00b7 {entry.ruleset_name} \u00b7 {state}"
        surface.blit(t.render(self.fit(what, 15, width), 15, (214, 214, 214)), (x, row.y + 30))
        surface.blit(t.render(self.fit(f"saved {entry.when}", 14, width), 14, pal.dim), (x, row.y + 50))
