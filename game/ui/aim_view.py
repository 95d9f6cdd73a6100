"""Aiming on the map (issue 17 Play): what a shot, a throw or a flame burst would do, shown before it is chosen.

The action being aimed is the one the player is looking at: the action menu's hovered entry, the hex under the
mouse while a throw is picked on the map, the intent waiting for its yes, or the flame burst whose hexes are being
placed (:class:`PlaceHexes`). Its picture is the ruleset's :meth:`~game.rules.base.Ruleset.aim_preview` (plain
data: lines of fire, range, figures in the way, rounds that hit, an area, landings, hexes to place), asked once
per action and battle state; this module only draws it:

- under the tokens: the hexes of the line of fire (red when blocked), the area a grenade reaches (the inner hexes
  stronger than the outer ring), every hex it may land in shaded by its chance, placed and placeable flame hexes;
- over them: the line itself, a ring and a percentage on each figure that must be rolled to miss, the range in
  MH with its penalty at the target, the chance of each likely landing hex, and a box at the board's foot with
  the ruleset's sentences and, for automatic fire, the chance of each number of rounds hitting as bars.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.hexgrid import Hex
from game.rules.base import Option
from game.ui import modes as M
from game.ui.aiming import any_hex, free_aim, preview_of, refusal
from game.ui.text import fit_text, wrap

if TYPE_CHECKING:
    from game.ui.board_scene import BoardScene
    from game.ui.palette import Palette

__all__ = ["AimScene", "AimView", "PlaceHexes", "aimed_action", "aim_mode", "free_aim", "any_hex", "refusal"]


class AimScene(Protocol):
    """What aiming reads of the battle screen (``game.ui.battle_scene.BattleScene`` is one); it changes
    nothing there: it draws, answers with a mode, and says a refusal by a toast."""

    @property
    def app(self) -> Any: ...
    @property
    def session(self) -> Any: ...
    @property
    def mode(self) -> M.Mode: ...
    @property
    def board(self) -> BoardScene: ...
    @property
    def board_rect(self) -> pygame.Rect: ...
    @property
    def pal(self) -> Palette: ...
    @property
    def aim(self) -> AimView: ...
    @property
    def dragged(self) -> bool: ...

    def toast(self, text: str, tone: str = "neutral") -> None: ...

LINE_TINT = ((255, 240, 170, 46), (255, 240, 170, 150))
BLOCKED_TINT = ((240, 60, 50, 60), (255, 90, 80, 190))
INNER_TINT = ((255, 110, 30, 96), (255, 150, 60, 220))
OUTER_TINT = ((255, 190, 80, 52), (255, 210, 120, 150))
PLACED_TINT = ((255, 90, 20, 120), (255, 200, 80, 240))
OPEN_TINT = ((90, 230, 120, 40), (120, 255, 150, 200))
MISS_TINT = ((150, 70, 255, 70), (200, 160, 255, 230))  # where a flame burst's fire lies on a miss
BOX_W = 380


def aimed_action(scene: AimScene) -> Any:
    """The action the player is aiming now, or None (see the module docstring)."""
    mode = scene.mode
    if isinstance(mode, PlaceHexes):
        return mode.current()
    if isinstance(mode, M.Confirm):
        return mode.intent
    if isinstance(mode, M.PickHex):
        h = scene.board.hovered
        if h in mode.by_hex:
            return mode.by_hex[h]
        return free_aim(scene, next(iter(mode.by_hex.values()), None), h)
    if isinstance(mode, M.Menu):
        menu = mode.menu
        e = menu.hovered
        if e is None:
            return None
        if e.option is not None and e.kind in ("option", "fold"):
            return e.option.action  # a greyed one too: its blocked line shows why
        g = e.group
        if e.kind != "group" or g is None or g.on_map:
            return None
        told = getattr(menu, "hover_action", None)  # the action the hover box speaks of, when the menu says
        found = told(e) if callable(told) else None
        if found is not None:
            return found
        if len(g.legal) == 1:
            return g.legal[0].action
        if not g.legal and g.illegal:
            return g.illegal[0].action
    return None


def aim_mode(scene: AimScene, action: Any, back: M.Mode, at: Hex | None = None) -> M.Mode | None:
    """The mode a picked action needs before it is submitted: its hexes to place (a flame burst), the hex of a
    throw picked from the fighter's own menu, or None (a throw picked from the menu of the hex ``at`` it goes to:
    that hex is chosen already)."""
    pv = preview_of(scene, action)
    if pv and pv.get("place") and not (getattr(action, "hexes", None)):
        return PlaceHexes(action, back)
    to = getattr(action, "to", None)
    if pv and pv.get("any_hex") and not (at is not None and to is not None and Hex(*to) == at):
        # a throw picked from the fighter's own menu: the hex is still the player's to choose

        return M.PickHex([Option(action)], back)
    return None


class PlaceHexes(M.Mode):
    """Place an action's hexes one by one (a flame burst's 3 or 7, S3-FLAMER-5/6): a click on a lit hex adds it,
    a click elsewhere says why the rules refuse it, Backspace or a right click takes the last back, Esc leaves.
    With the hit's hexes placed, a preview that asks for the miss's too (``place.miss``) has them placed the same
    way (S3-FLAMER-6), or Enter leaves them to the rules (ruling ND6-21); then the burst waits for its yes."""

    name = "place_hexes"

    def __init__(self, action: Any, back: M.Mode) -> None:
        self.action = action
        self.back = back
        self.placed: list[tuple[int, int]] = []
        self.miss: list[tuple[int, int]] | None = None  # None: still placing the hit's hexes

    def current(self) -> Any:
        if self.miss is not None:
            return dataclasses.replace(self.action, hexes=tuple(self.placed),
                                       miss_hexes=tuple(self.miss) if self.miss else None)
        return dataclasses.replace(self.action, hexes=tuple(self.placed)) if self.placed else self.action

    def _confirm(self) -> M.Mode:
        done = self.current()
        words = f"fire these {len(self.placed)} hexes"
        if self.miss:
            words += f" on a hit, those {len(self.miss)} on a miss"
        elif self.miss is not None:
            words += " on a hit, the rules' hexes on a miss"
        return M.Confirm(done, f"{done.title}: {words}?", self)

    def handle(self, event: pygame.event.Event, scene: AimScene) -> Any:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not scene.dragged:
            h = scene.board.hex_at_screen(event.pos)
            pv = scene.aim.preview(scene) or {}
            place = pv.get("place") or {}
            if h is None:
                return None
            key = [h.q, h.r]
            if key in (place.get("open") or []):
                into = self.placed if self.miss is None else self.miss
                into.append((h.q, h.r))
                if len(into) >= int(place.get("count", 0)):
                    if self.miss is None:
                        nxt = (preview_of(scene, self.current()) or {}).get("place") or {}
                        if nxt.get("miss") and nxt.get("open"):  # now the miss's hexes (S3-FLAMER-6)
                            self.miss = []
                            scene.toast("Now place the fire for a miss, or Enter: leave it to the rules.",
                                        "neutral")
                            return None
                    return self._confirm()
                return None
            why = (place.get("refused") or {}).get(f"{h.q},{h.r}")
            scene.toast(why or "That hex cannot take the fire.", "failure")
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.miss is not None:
            self.miss = []  # the miss's hexes left to the rules (ruling ND6-21)
            return self._confirm()
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 3) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE):
            if self.miss:
                self.miss.pop()
                return None
            if self.miss is not None:  # back to the hit's hexes
                self.miss = None
                self.placed.pop()
                return None
            if self.placed:
                self.placed.pop()
                return None
            return self.back
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.back
        return self.common(event, scene)

    def hint(self, scene: AimScene) -> str:
        pv = scene.aim.preview(scene) or {}
        n = int((pv.get("place") or {}).get("count", 0)) - len(self.miss if self.miss is not None else self.placed)
        more = f"{n} more lit hex{'es' if n != 1 else ''}"
        if self.miss is not None:
            return (f"On a miss the fire lies: click {more} \u00b7 Enter: leave it to the rules \u00b7 "
                    "Backspace: take the last back \u00b7 Esc: cancel")
        return (f"Place the fire: click {more} \u00b7 "
                "Backspace: take the last back \u00b7 Esc: cancel")


class AimView:
    """Asks for and draws the preview of the aimed action; one ask per action and battle state."""

    def __init__(self) -> None:
        self._key: Any = None
        self._preview: dict[str, Any] | None = None
        self._box: pygame.Surface | None = None
        self.box_rect = pygame.Rect(0, 0, 0, 0)  # where the aim box was drawn last

    def preview(self, scene: AimScene) -> dict[str, Any] | None:
        action = aimed_action(scene)
        if action is None:
            return None
        b = scene.session.battle
        key = (repr(action), len(b.log), b.current, b.round, id(b))
        if key != self._key:
            self._key, self._preview, self._box = key, preview_of(scene, action), None
        return self._preview

    # -- under the tokens ------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface, scene: AimScene) -> None:
        pv = self.preview(scene)
        if not pv:
            return
        tints, cam = scene.board.tints, scene.board.camera
        for line in pv.get("lines") or ():
            hexes = [Hex(*h) for h in line["hexes"][1:]]
            fill, edge = BLOCKED_TINT if line.get("blocked") else LINE_TINT
            tints.blit(surface, cam, hexes, fill, edge, width=1, inset=0.1)
        area = pv.get("area") or {}
        if area:
            for h, p in ((Hex(q, r), p) for q, r, p in pv.get("landing") or ()):
                a = max(18, min(150, int(400 * p)))
                tints.blit(surface, cam, [h], (120, 170, 255, a), None)
            tints.blit(surface, cam, [Hex(*h) for h in area.get("outer") or ()], *OUTER_TINT, width=1, inset=0.06)
            tints.blit(surface, cam, [Hex(*h) for h in area.get("inner") or ()], *INNER_TINT, width=2, inset=0.04)
        place = pv.get("place") or {}
        if place:
            # the hit's hexes stay lit while the miss's are placed and asked for (under Xvfb they vanished, and
            # the yes asked to "fire these 3 hexes" with none of them on the map); drawn first, so the hexes a
            # miss may still take show over them (a large burst's seven fill the megahex the miss's are in)
            hit = (place.get("hit_hexes") or ()) if place.get("miss") else (place.get("placed") or ())
            tints.blit(surface, cam, [Hex(*h) for h in hit], *PLACED_TINT, width=2)
            if scene.mode.name != "confirm":  # waiting for the yes: nothing more to click
                tints.blit(surface, cam, [Hex(*h) for h in place.get("open") or ()], *OPEN_TINT, width=2, inset=0.1)
            if place.get("miss"):
                tints.blit(surface, cam, [Hex(*h) for h in place.get("placed") or ()], *MISS_TINT, width=2,
                           inset=0.14)

    # -- over the tokens -------------------------------------------------------------------
    def draw_over(self, surface: pygame.Surface, scene: AimScene) -> None:
        pv = self.preview(scene)
        if not pv:
            return
        cam, geo, text, pal = scene.board.camera, scene.board.geometry, scene.app.text, scene.pal
        pos = scene.board.token_positions()
        for line in pv.get("lines") or ():
            a = cam.world_to_screen(*geo.center(Hex(*line["hexes"][0])))
            b = cam.world_to_screen(*geo.center(Hex(*line["to"])))
            col = pal.failure if line.get("blocked") else (255, 240, 170)
            pygame.draw.line(surface, (0, 0, 0), a, b, 5)
            pygame.draw.line(surface, col, a, b, 2)
            if line.get("blocked_at"):  # the wall that stops it: a red cross on its hex
                x, y = cam.world_to_screen(*geo.center(Hex(*line["blocked_at"])))
                k = geo.hex_radius * cam.zoom * 0.4
                for d in (1, -1):
                    pygame.draw.line(surface, (0, 0, 0), (x - k, y - d * k), (x + k, y + d * k), 7)
                    pygame.draw.line(surface, pal.failure, (x - k, y - d * k), (x + k, y + d * k), 4)
        r = geo.hex_radius * cam.zoom * 0.66
        for fid, p in pv.get("figures") or ():
            w = pos.get(fid)
            if w is None:
                continue
            x, y = cam.world_to_screen(*w)
            pygame.draw.circle(surface, (0, 0, 0), (x, y), r + 4, width=5)
            pygame.draw.circle(surface, (255, 150, 60), (x, y), r + 3, width=3)
            _tag(surface, text, f"in the way: {p:.0%} struck", (x, y - r - 12), (255, 170, 90))
        rng = pv.get("range")
        lines = pv.get("lines") or ()
        if rng and lines:
            x, y = cam.world_to_screen(*geo.center(Hex(*lines[0]["to"])))
            pen = int(rng.get("penalty") or 0)
            _tag(surface, text, f"{rng['hexes']} hexes = {rng['mh']} MH" + (f", {pen} DX" if pen else ""),
                 (x, y + r + 14), pal.neutral)
        for q, rr, p in (pv.get("landing") or ())[:8]:
            if p >= 0.02:
                x, y = cam.world_to_screen(*geo.center(Hex(q, rr)))
                _tag(surface, text, f"{p:.0%}", (x, y), (200, 220, 255))
        if not isinstance(scene.mode, M.Menu):  # an open menu's hover box already says the odds in words
            self._draw_box(surface, scene, pv)

    def _draw_box(self, surface: pygame.Surface, scene: AimScene, pv: dict[str, Any]) -> None:
        if self._box is None:
            self._box = _render_box(scene.app.text, scene.pal, pv)
        br = scene.board_rect
        busy = []  # the open menu and its hover box: the aim box goes to a corner clear of them
        menu = getattr(scene.mode, "menu", None)
        if menu is not None and getattr(menu, "panel", None) is not None:
            r = menu.panel.rect
            info = getattr(menu, "info_rect", None)
            busy = [r, info if info is not None else pygame.Rect(r.x, r.bottom, r.w, 220)]
        last = getattr(getattr(scene, "last_action", None), "rect", None)
        if last is not None and last.w and last.h:  # the last action's card at the board's foot (seen under Xvfb:
            busy.append(last)  # it covered the box's chance to hit while a flame burst was placed)
        corners = [{"bottomright": (br.right - 8, br.bottom - 44)}, {"bottomleft": (br.x + 8, br.bottom - 44)},
                   {"topleft": (br.x + 8, br.y + 8)}, {"topright": (br.right - 8, br.y + 8)}]
        box = self._box.get_rect(**corners[0])
        for c in corners:
            cand = self._box.get_rect(**c)
            if not any(cand.colliderect(b) for b in busy):
                box = cand
                break
        box.clamp_ip(br)
        surface.blit(self._box, box)
        self.box_rect = box


def _tag(surface: pygame.Surface, text: Any, words: str, centre: tuple[float, float], col: Any) -> None:
    img = text.render(words, 13, col, bold=True)
    sh = text.render(words, 13, (0, 0, 0), bold=True)
    rect = img.get_rect(center=(int(centre[0]), int(centre[1])))
    bg = rect.inflate(8, 4)
    s = pygame.Surface(bg.size, pygame.SRCALPHA)
    s.fill((10, 12, 16, 190))
    surface.blit(s, bg)
    surface.blit(sh, rect.move(1, 1))
    surface.blit(img, rect)


def _render_box(text: Any, pal: Any, pv: dict[str, Any]) -> pygame.Surface:
    """The aim box: the ruleset's sentences, then the rounds-that-hit bars (automatic fire) or the outcomes."""
    rows: list[tuple[str, Any, bool]] = [("Aiming", pal.accent, True)]
    for s in pv.get("lines_text") or ():
        for ln in wrap(text, str(s), 13, BOX_W - 20):
            rows.append((ln, pal.text, False))
    lh = text.font(13).get_linesize()
    dist = pv.get("rounds") or []
    chart_h = 74 if dist else 0
    surf = pygame.Surface((BOX_W, len(rows) * lh + 16 + chart_h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (16, 18, 24, 235), surf.get_rect(), border_radius=8)
    pygame.draw.rect(surf, pal.panel_edge, surf.get_rect(), width=1, border_radius=8)
    for i, (s, col, bold) in enumerate(rows):
        surf.blit(text.render(fit_text(text, s, 13, BOX_W - 20, bold), 13, col, bold), (10, 8 + i * lh))
    if dist:
        _bars(surf, text, pal, dist, pygame.Rect(10, 8 + len(rows) * lh + 4, BOX_W - 20, chart_h - 8))
    return surf


def _bars(surf: pygame.Surface, text: Any, pal: Any, dist: list[list[float]], rect: pygame.Rect) -> None:
    """One bar per number of rounds hitting (G3-21), its height the chance, the number under it."""
    n = len(dist)
    top = max(p for _, p in dist) or 1.0
    w = max(4, rect.w // max(1, n) - 2)
    foot = rect.bottom - 14
    for i, (k, p) in enumerate(dist):
        x = rect.x + i * (w + 2)
        h = int((foot - rect.y - 2) * p / top)
        pygame.draw.rect(surf, pal.failure if int(k) == 0 else pal.success, pygame.Rect(x, foot - h, w, h))
        if n <= 16 or i % 2 == 0:
            lab = text.render(str(int(k)), 10, pal.dim)
            surf.blit(lab, lab.get_rect(midtop=(x + w // 2, foot + 1)))
