"""The board screen: the map, the fighters, the camera and the first mouse/keyboard verbs.

Drag with the left or middle button (or arrows / WASD) to pan, wheel to zoom
around the cursor, ``F`` to fit the map, ``+`` / ``-`` to zoom, click a token
to select it (its front, side and rear arcs are shaded), right click or Esc
to clear the selection. Hovering a hex highlights it and shows what is there.

The scene never changes the battle: later issues turn clicks into intents
for the turn controller.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.hexgrid import Hex
from game.ui.board_tooltip import terrain_features, terrain_name, terrain_words
from game.ui.board_view import VOID_COLOUR, BoardView
from game.ui.camera import Camera
from game.ui.crowd_callout import CrowdCallout
from game.ui.describe import FACING_WORDS, ruleset_of
from game.ui.effects_view import EffectsLayer
from game.ui.marks import arc_legend
from game.ui.overlays import HOVER_TINT, ArcOverlay, HexTints, draw_grapple_links
from game.ui.region_view import RegionLayer
from game.ui.scene import Scene, Transition
from game.ui.text import TextCache, label_surface
from game.ui.tokens import TokenLayer, parse_colour

__all__ = ["BoardScene", "PAN_KEYS", "FACING_NAMES"]

DRAG_THRESHOLD = 5  # pixels before a press becomes a drag
PAN_SPEED = 900.0  # screen pixels per second for keys
PAN_KEYS = {
    pygame.K_LEFT: (-1, 0), pygame.K_a: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_d: (1, 0),
    pygame.K_UP: (0, -1), pygame.K_w: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_s: (0, 1),
}
FACING_NAMES = FACING_WORDS  # direction -> compass word, by the map's hex top (game.ui.describe)
FACING_NAMES_POINTY = FACING_WORDS["pointy"]
HELP = "drag / WASD: pan   wheel: zoom   F: fit   click: select   Esc: clear"


class BoardScene(Scene):
    """Shows a battle's board and fighters; hover, select, pan and zoom."""

    def __init__(self, battle: Any, size: tuple[int, int] = (1280, 800), text: TextCache | None = None) -> None:
        self.battle = battle
        self.view = BoardView(battle.board)
        self.geometry = self.view.geometry
        self.camera = Camera(viewport=size, bounds=self.view.world_bounds)
        self.text = text or TextCache()
        self.tokens = TokenLayer(self.geometry, self.text)
        self.tokens.ruleset = ruleset_of(battle)  # its facts: brawls and the stat tag (issue 16)
        self.tints = HexTints(self.geometry, self.on_board)
        self.arcs = ArcOverlay(self.geometry, self.on_board)
        self.effects = EffectsLayer(self.geometry)  # board effects and burning fighters (issue 17)
        self.regions = RegionLayer(self.geometry, self.tints)  # a ruleset's ring or zone (Presentation.board_regions)
        self.hovered: Hex | None = None
        #: the callout of the crowded hex under the pointer (issue: close combat you can read at a glance)
        self.callout = CrowdCallout()
        #: whether the callout may open now (the battle screen's: idle, no menu, dialog or pop-up); None: always
        self.callout_allowed: Callable[[], bool] | None = None
        #: set by the player's own pointer move, cleared while the callout may not open: a fighter walking
        #: into the hex under a resting pointer (the computer's play-out) opens nothing by itself
        self._callout_armed = True
        self.selected: str | None = None
        self.mouse: tuple[int, int] = (size[0] // 2, size[1] // 2)
        self._press: tuple[int, tuple[int, int]] | None = None  # (button, pos) while a button is held
        self._dragging = False
        self._held: set[int] = set()
        self._info_key: tuple | None = None
        self._info: pygame.Surface | None = None
        self.set_help(HELP)
        self._sel_key: tuple | None = None
        self._sel_box: pygame.Surface | None = None
        # hooks the battle screen sets (defaults keep this scene a plain board viewer)
        self.view_rect: pygame.Rect | None = None  # the part of the window the map is fitted into
        #: where the board can be seen when its owner paints every pixel outside it opaquely after the board,
        #: each frame (the battle screen's side column): the board draws inside it only (at 1920x1080 a
        #: quarter less blitting); None: the whole window
        self.seen_rect: pygame.Rect | None = None
        self.show_hud = True
        self.show_arcs = True
        self.click_selects = True
        self.underlay = None  # f(surface) after the map, before grips and tokens (reach, paths)
        self.overlay = None  # f(surface) after the tokens (badges, pop-ups)
        self.grip_drawer = None  # f(surface, positions) instead of the plain links
        self.token_override: dict[str, tuple[float, float]] = {}
        self.dimmed: frozenset[str] = frozenset()
        self.arc_tints = None
        self.side_colours: dict[str, tuple[int, int, int]] | None = None
        self.initial_view()

    # --- set-up -----------------------------------------------------------------------

    def _title(self) -> str:
        b = self.battle.board
        return f"{b.name}  ({b.columns}x{b.rows}, {b.top} top)  -  {self.battle.ruleset}"

    @property
    def side_index(self) -> dict[str, int]:
        ids = [s.id for s in self.battle.sides]
        for f in self.battle.fighters:
            if f.side not in ids:
                ids.append(f.side)
        return {sid: i for i, sid in enumerate(ids)}

    @property
    def colours(self) -> dict[str, tuple[int, int, int]]:
        if self.side_colours is not None:
            return self.side_colours
        out = {s.id: parse_colour(s.colour) for s in self.battle.sides}
        palette = [(192, 57, 43), (41, 128, 185), (39, 174, 96), (142, 68, 173), (230, 126, 34)]
        for sid, i in self.side_index.items():
            out.setdefault(sid, palette[i % len(palette)])
        return out

    def initial_view(self) -> None:
        """Fit the map; on a map too big to read at that zoom, fit the fighters instead (not below half size)."""
        self.fit()
        if self.camera.zoom < 0.4 and self.battle.fighters:
            pts = [self.geometry.center(f.hex) for f in self.battle.fighters]
            pad = 3 * self.geometry.hex_radius
            self._fit_rect((min(x for x, _ in pts) - pad, min(y for _, y in pts) - pad,
                            max(x for x, _ in pts) + pad, max(y for _, y in pts) + pad))
            if not (0.5 <= self.camera.zoom <= 1.5):
                self.camera.set_zoom(min(1.5, max(0.5, self.camera.zoom)), self._rect_centre())

    def _rect_centre(self) -> tuple[float, float]:
        r = self.view_rect
        if r is None:
            return (self.camera.viewport[0] / 2, self.camera.viewport[1] / 2)
        return (r.centerx, r.centery)

    def _fit_rect(self, world: tuple[float, float, float, float], margin: float = 0.04) -> None:
        """Fit a world rectangle into ``view_rect`` (the whole window when it is None)."""
        r = self.view_rect
        if r is None:
            self.camera.fit(world, margin)
            return
        x0, y0, x1, y1 = world
        w, h = max(1.0, x1 - x0), max(1.0, y1 - y0)
        z = min(r.w / w, r.h / h) * (1.0 - 2 * margin)
        cam = self.camera
        cam.zoom = min(cam.max_zoom, max(cam.min_zoom, z))
        cam.x = (x0 + x1) / 2 - r.centerx / cam.zoom
        cam.y = (y0 + y1) / 2 - r.centery / cam.zoom

    def fit(self) -> None:
        self._fit_rect(self.view.world_bounds)
        if self.camera.zoom > 2.0:  # a tiny map: do not blow tiles up past twice their size
            self.camera.set_zoom(2.0, self._rect_centre())

    def enter(self, size: tuple[int, int]) -> None:
        if size != self.camera.viewport:
            self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        self.camera.resize(size)

    # --- questions tests and later screens ask ---------------------------------------------

    def on_board(self, h: Hex) -> bool:
        """Whether a hex is part of the map (a cell; a hole in the tile layers is not)."""
        board = self.battle.board
        return h in board if board.cells else self.geometry.contains(h)

    def hex_at_screen(self, pos: tuple[float, float]) -> Hex | None:
        """The map hex under a screen point, or None off the map; over a crowded hex's open callout, that hex
        (the callout stands for it: the pointer moving into it keeps it open)."""
        if self.callout.contains(pos):
            return self.callout.hex
        h = self.geometry.hex_at(*self.camera.screen_to_world(*pos))
        return h if self.on_board(h) else None

    def fighter_at_screen(self, pos: tuple[float, float]) -> str | None:
        """The fighter whose token is under a screen point (or the first one in the hex there); over a crowded
        hex's callout, the fighter whose card is there (choosing in the callout is choosing the token)."""
        if self.callout.contains(pos):
            return self.callout.fighter_at(pos)
        wx, wy = self.camera.screen_to_world(*pos)
        fid = self.tokens.pick(self.battle, wx, wy)
        if fid is None:
            h = self.hex_at_screen(pos)
            if h is not None:
                here = self.battle.fighters_at(h)
                if len(here) == 1:
                    fid = here[0].id
        return fid

    def token_screen_pos(self, fighter_id: str) -> tuple[float, float]:
        """Where a fighter's token centre is on screen now."""
        for p in self.tokens.placements(self.battle):
            if p.fighter_id == fighter_id:
                return self.camera.world_to_screen(p.x, p.y)
        raise KeyError(fighter_id)

    def hex_screen_pos(self, h: Hex) -> tuple[float, float]:
        return self.camera.world_to_screen(*self.geometry.center(h))

    # --- input ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Transition | None:
        et = event.type
        if et == pygame.MOUSEMOTION:
            pos = tuple(int(v) for v in event.pos)
            if self._press is not None:
                bx, by = self._press[1]
                if self._dragging or abs(pos[0] - bx) + abs(pos[1] - by) >= DRAG_THRESHOLD:
                    if not self._dragging:
                        self.camera.pan_screen(pos[0] - bx, pos[1] - by)
                    else:
                        self.camera.pan_screen(pos[0] - self.mouse[0], pos[1] - self.mouse[1])
                    self._dragging = True
            self.mouse = pos
            self.hovered = self.hex_at_screen(pos)
            self._callout_armed = True
        elif et == pygame.MOUSEBUTTONDOWN:
            pos = tuple(int(v) for v in event.pos)
            self.mouse = pos
            if event.button in (1, 2):
                self._press = (event.button, pos)
                self._dragging = False
            elif event.button == 3 and self.click_selects:
                self.selected = None
        elif et == pygame.MOUSEBUTTONUP:
            pos = tuple(int(v) for v in event.pos)
            self.mouse = pos
            if self._press is not None and event.button == self._press[0]:
                if event.button == 1 and not self._dragging:
                    self.click(pos)
                self._press = None
                self._dragging = False
        elif et == pygame.MOUSEWHEEL:
            anchor = getattr(event, "pos", None) or self.mouse
            steps = getattr(event, "precise_y", None) or event.y
            if steps:
                self.camera.zoom_by(1 if steps > 0 else -1, anchor)
                self.hovered = self.hex_at_screen(self.mouse)
        elif et == pygame.KEYDOWN:
            if event.key in PAN_KEYS:
                self._held.add(event.key)
            elif event.key == pygame.K_f:
                self.fit()
            elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.camera.zoom_by(1)
            elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.camera.zoom_by(-1)
            elif event.key == pygame.K_ESCAPE and self.click_selects:
                self.selected = None
            elif event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
                return Transition("quit")
        elif et == pygame.KEYUP:
            self._held.discard(event.key)
        elif et == pygame.WINDOWFOCUSLOST:
            self._held.clear()
            self._press = None
        return None

    def set_help(self, hint: str) -> None:
        """The board's title and, under it, what a click does here (the builder says it picks or moves)."""
        self._help = label_surface(self.text, [self._title(), hint], 15, title_colour=(255, 222, 140))

    @property
    def dragging(self) -> bool:
        """Whether the held button is panning the board (a drag, not a click)."""
        return self._dragging

    def forget_press(self) -> None:
        """The held press is no click on the board and no drag (the screen took its release, or a lesson
        card's rule under it): its release does nothing here."""
        self._press = None
        self._dragging = False

    def show(self, battle: Any) -> None:
        """Draw ``battle`` from now on: the live one, or the shadow an animation plays on (issue 27: the
        screens hand the board its battle; none sets the field)."""
        self.battle = battle

    def use_palette(self, pal: Any, battle: Any, health: Callable[[Any], Any]) -> None:
        """Colour the sides (the scenario's own colours when ``pal`` allows), the arcs, and the tokens' health
        bars (``health(fighter)``) and grip words in ``pal``: a palette chosen in the settings."""
        cols = {}
        for sid in list(self.side_index):
            i = self.side_index[sid]
            side = battle.side(sid)
            if pal.use_scenario_colours and side is not None:
                cols[sid] = parse_colour(side.colour, pal.sides[i % len(pal.sides)])
            else:
                cols[sid] = pal.sides[i % len(pal.sides)]
        self.side_colours = cols
        self.arc_tints = pal.arcs
        self.tokens.health = health
        self.tokens.use_palette(pal)

    def select(self, fighter_id: str | None) -> None:
        """Ring ``fighter_id`` as the selected fighter (None: nobody)."""
        self.selected = fighter_id

    def clear_token_override(self) -> None:
        """Tokens back at their hexes: the animation that slid them is over or skipped."""
        self.token_override = {}

    def click(self, pos: tuple[int, int]) -> None:
        """A left click that was not a drag: select the fighter there, or clear the selection."""
        if self.click_selects:
            self.selected = self.fighter_at_screen(pos)

    def update(self, dt_ms: int) -> None:
        self.effects.update(dt_ms)
        if self._held:
            dx = sum(PAN_KEYS[k][0] for k in self._held)
            dy = sum(PAN_KEYS[k][1] for k in self._held)
            step = PAN_SPEED * dt_ms / 1000.0
            # keys move the view, so the map slides the other way
            self.camera.pan_screen(-dx * step, -dy * step)
            self.hovered = self.hex_at_screen(self.mouse)

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.camera.viewport:
            self.resize(surface.get_size())
        cam = self.camera
        outer_clip = surface.get_clip()
        if self.seen_rect is not None:
            surface.set_clip(self.seen_rect.clip(outer_clip))
        if not self.view.covers(cam):
            for strip in self.view.void_rects(cam, surface.get_clip()):
                surface.fill(VOID_COLOUR, strip)
        self.view.draw(surface, cam)
        self.effects.draw_ground(surface, cam, self.battle, self.token_positions)
        self.regions.draw(surface, cam, ruleset_of(self.battle).presentation.board_regions(self.battle))
        sel = self.battle.get(self.selected) if self.show_arcs else None
        if sel is not None:
            if self.arc_tints is not None:
                self.arcs.tints = self.arc_tints
            self.arcs.draw(surface, cam, sel.hex, sel.facing)
        if self.hovered is not None:
            fill, outline = HOVER_TINT
            self.tints.blit(surface, cam, [self.hovered], fill, outline, width=2, inset=0.03)
        if self.underlay is not None:
            self.underlay(surface)
        if self.battle.grapples:
            pos = self.token_positions()
            if self.grip_drawer is not None:
                self.grip_drawer(surface, pos)
            else:
                draw_grapple_links(surface, cam, self.battle, pos)
        self.tokens.bounds = self.view_rect  # a crowded hex's plate stays in the board's part of the window
        self.tokens.draw(surface, cam, self.battle, selected=self.selected, side_index=self.side_index,
                         colours=self.colours, override=self.token_override, dimmed=self.dimmed)
        self.effects.draw_air(surface, cam, self.battle, self.token_positions)
        if self.overlay is not None:
            self.overlay(surface)
        if self._callout_armed and (self.callout_allowed is None or self.callout_allowed()):
            self.callout.draw(surface, self, self.hovered)  # over the board's words: a crowded hex up close
        else:  # a menu, a dialog, a pop-up or a play-out: the callout would cover it (seen at 1280x800)
            self.callout.close()
            self._callout_armed = False
        surface.set_clip(outer_clip)
        if self.show_hud:
            self._draw_hud(surface)

    def token_positions(self) -> dict[str, tuple[float, float]]:
        """Every token's world position now (walking and lunging ones where they are in the animation)."""
        pos = {p.fighter_id: (p.x, p.y) for p in self.tokens.placements(self.battle)}
        pos.update(self.token_override)
        return pos

    def _draw_hud(self, surface: pygame.Surface) -> None:
        vw, vh = surface.get_size()
        surface.blit(self._help, (10, 10))
        info = self._info_box()
        if info is not None:
            surface.blit(info, (10, vh - info.get_height() - 10))
        sel = self._selection_box()
        if sel is not None:
            surface.blit(sel, (vw - sel.get_width() - 10, 10))

    def _info_box(self) -> pygame.Surface | None:
        h = self.hovered
        if h is None:
            return None
        here = self.battle.fighters_at(h)
        key = (h, tuple((f.id, f.facing, f.posture) for f in here))
        if key != self._info_key:
            col, row = self.geometry.to_tile(h)
            cell = self.battle.board.cell(h)
            lines = [f"hex ({h.q}, {h.r})   tile [{col}, {row}]"]
            if cell is not None:
                extra = terrain_words(cell, terrain_features(self.battle))  # GX-5: only what the rules use
                lines.append(terrain_name(cell) + (" - " + ", ".join(extra) if extra else ""))
            sides = {s.id: s.name or s.id for s in self.battle.sides}
            for f in here:
                lines.append(f"{f.name or f.id} ({sides.get(f.side, f.side)}), {f.posture}")
            self._info_key, self._info = key, label_surface(self.text, lines, 16, title_colour=(255, 222, 140))
        return self._info

    def _selection_box(self) -> pygame.Surface | None:
        f = self.battle.get(self.selected)
        if f is None:
            return None
        key = (f.id, f.hex, f.facing, f.posture, f.hp, tuple(f.conditions))
        if key != self._sel_key:
            side = self.battle.side(f.side)
            names = FACING_NAMES.get(self.battle.board.top, FACING_NAMES_POINTY)
            lines = [f"{f.name or f.id}", f"side: {side.name if side and side.name else f.side}",
                     f"facing {names[f.facing % 6]}, {f.posture}", f"hex ({f.hex.q}, {f.hex.r})"]
            if f.conditions:
                rs = ruleset_of(self.battle)
                lines.append(", ".join(rs.presentation.condition_name(c) for c in f.conditions))
            # the arc shading in words from the colours drawn (the colour-blind palette has no green)
            lines.append(arc_legend(self.arc_tints or self.arcs.tints))
            self._sel_key = key
            self._sel_box = label_surface(self.text, lines, 16, title_colour=self.colours.get(f.side))
        return self._sel_box
