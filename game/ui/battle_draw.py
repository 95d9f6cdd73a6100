"""What the battle screen paints over and around the board, each a function of what it shows.

Floating numbers and words rising from tokens, the dice pop-ups of the
rolls being played (side by side for a contest), the toasts under the top
bar, the hint line at the board's foot, the banner of the action being
played, and the rings around fighters a mode asks the player to pick from.
None of these keeps state: the screen hands over what to draw each frame.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from game.hexgrid import DIRECTIONS, Hex
from game.ui.camera import Camera
from game.ui.describe import aimed_label, die_sides, name_of, need_words, roll_verdict, table_rows
from game.ui.die_table import draw_table, table_height
from game.ui.float_place import float_rect, owner_of
from game.ui.hud.widgets import cross, die_face, tick
from game.ui.label_layout import LabelLayout
from game.ui.marks import draw_badges, draw_grips
from game.ui.palette import Palette
from game.ui.popup_layout import MAX_TEXT_W, place_popup, text_width, title_lines, title_text, wrapped
from game.ui.rule_links import render_linked
from game.ui.text import TextCache, fit_text, wrap

__all__ = ["draw_board_words", "draw_floaters", "draw_popups", "draw_toasts", "draw_hint", "draw_banner", "draw_rings"]


def draw_board_words(surface: pygame.Surface, sc: Any, pos: dict[str, tuple[float, float]]) -> None:
    """The battle screen's words over the board, in the order they claim room in the tokens' label layout
    (issue 15: none covers another): the condition badges, the fighters' names around them, the lit hexes'
    move costs where free, the grip tags, then the floating captions. ``sc``: the battle screen."""
    board = sc.board
    layout = board.tokens.layout
    draw_badges(surface, board.camera, board.battle, pos, sc.app.text, board.geometry.hex_radius * 0.6, layout,
                extents=board.tokens.extents)
    sc.preview.draw_label(surface, layout)  # the route being aimed: before the names, which go round it
    board.tokens.draw_names(surface)
    sc.preview.overlay.draw_numbers(surface, board.camera, layout)
    if board.battle.grapples:
        draw_grips(surface, board.camera, board.battle, pos, sc.app.text, sc.pal.grips, sc.player.link_growth(),
                   board.geometry.hex_radius, centre_of=board.geometry.center, links=False, layout=layout)
    draw_floaters(surface, board.camera, sc.player.floaters, sc.app.text, layout, board.tokens.boxes,
                  sc.board_rect)


def draw_floaters(surface: pygame.Surface, camera: Camera, floaters: Iterable[Any], text: TextCache,
                  layout: LabelLayout | None = None, boxes: list[tuple[str, str, pygame.Rect]] | None = None,
                  view: pygame.Rect | None = None) -> None:
    """Damage numbers and short words rising from their fighter, fading in their last 30%. With a ``layout``
    (the frame's names, badges, grip words) and the tokens' drawn ``boxes`` each rises from its own fighter's
    token as drawn (in a crowded hex, its slot) where it covers no other fighter's words
    (:func:`game.ui.float_place.float_rect`; drawn smaller, or left out, when there is no such spot)."""
    tokens = {fid: r for kind, fid, r in boxes or () if kind == "token"}
    plates = [r for kind, _, r in boxes or () if kind == "plate"]
    for fl in floaters:
        k = fl.age / fl.life
        x, y = camera.world_to_screen(fl.x, fl.y)
        size = fl.size + (8 if fl.big else 0)
        img = text.render(fl.text, size, fl.colour, bold=True)
        if layout is not None:
            who = getattr(fl, "fighter", None)
            if who is None:  # a caption given only a point: the fighter whose token is drawn there
                who = next((fid for fid, r in tokens.items() if r.collidepoint(x, y)), None)
            anchor = tokens.get(who) if who is not None else None
            anchor = anchor or pygame.Rect(int(x) - 2, int(y) - 2, 4, 4)
            words = [r for what, r in layout.labels
                     if not (what.split(":", 1)[0] in ("name", "badges") and owner_of(what) == {who})]
            others = [r for fid, r in tokens.items() if fid != who] + plates
            spot = None
            for scale in (1.0, 0.7):  # with no room at its size, a smaller caption; with none at all, none
                if scale < 1:
                    size = max(11, int(size * scale))
                    img = text.render(fl.text, size, fl.colour, bold=True)
                spot = float_rect((img.get_width() + 2, img.get_height() + 2), anchor, k, words, others, view)
                if spot is not None:
                    break
            if spot is None:
                continue
            layout.place(f"caption:{who or ''}:{fl.text}", spot.size, [spot.center], force=True)
            x, y = spot.center
        else:
            y -= 20 + 50 * k
        sh = text.render(fl.text, size, (0, 0, 0), bold=True)
        alpha = 255 if k < 0.7 else int(255 * (1 - (k - 0.7) / 0.3))
        for im, off in ((sh, 2), (img, 0)):
            im = im.copy()
            im.set_alpha(alpha)
            surface.blit(im, im.get_rect(center=(x + off, y + off)))


def _popup(surface: pygame.Surface, box: pygame.Rect, pop: dict[str, Any], head: pygame.Surface,
           needs: pygame.Surface, text: TextCache, pal: Palette, why: pygame.Surface | None = None,
           sides: int = 6) -> None:
    """One roll's pop-up in ``box``: who and what, the dice, then (once settled) the total and verdict; a
    roll with more dice than usual says why under the dice (``why``); a table roll shows its table with the
    row that came up lit."""
    r = pop["roll"]
    d = text.px(30)  # the dice and the verdict's row grow with the text (issue 26), as draw_popups sized the box
    pygame.draw.rect(surface, (16, 18, 24), box, border_radius=8)
    edge = pal.accent
    if pop["settled"] and "success" in r:
        edge = pal.success if r.get("success") else pal.failure
    pygame.draw.rect(surface, edge, box, width=2, border_radius=8)
    surface.blit(head, (box.x + 10, box.y + 6))
    top = box.y + head.get_height() + 8  # the dice under the title, however many lines it wraps to
    dx = box.x + 10
    for f in pop["faces"]:
        die_face(surface, pygame.Rect(dx, top, d, d), int(f), text, sides=sides)  # pips on a d6 only
        dx += d + 6
    y = top + d + 2
    surface.blit(needs, (box.x + 10, y))
    y += needs.get_height()
    if why is not None:
        surface.blit(why, (box.x + 10, y))
        y += why.get_height()
    if pop["settled"]:
        tot = text.render(f"= {r.get('total')}", 20, pal.text, bold=True)
        surface.blit(tot, (dx + 4, top + 2))
        if "success" in r:
            ok = bool(r.get("success"))
            col = pal.success if ok else pal.failure
            (tick if ok else cross)(surface, (box.x + 18, box.bottom - text.px(17)), 7, col)
            v = text.render(roll_verdict(r).upper(), 15, col, bold=True)
            surface.blit(v, (box.x + 32, box.bottom - text.px(27)))
        if pop["contest"] and pop.get("winner") == r.get("actor") and pop["progress"] > 0.6:
            wi = text.render("WINS", 15, pal.accent, bold=True)
            surface.blit(wi, (box.right - wi.get_width() - 10, box.bottom - text.px(27)))
    rows = table_rows(r)
    if rows:  # the whole table, the row lit once the die has settled
        draw_table(surface, (box.x + 10, y + 4), box.w - 20, rows, r.get("row") if pop["settled"] else None,
                   text, pal, size=12)


#: the widest a table roll's pop-up grows (its rows wrap inside)
TABLE_POPUP_W = 420


def _lines_surface(text: TextCache, lines: list[str], size: int, colour: tuple[int, ...],
                   bold: bool = False) -> pygame.Surface:
    """Lines of text stacked in one transparent surface (a pop-up's wrapped title or need)."""
    imgs = [text.render(ln, size, colour, bold=bold) for ln in lines] or [text.render("", size, colour)]
    out = pygame.Surface((max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs)), pygame.SRCALPHA)
    y = 0
    for img in imgs:
        out.blit(img, (0, y))
        y += img.get_height()
    return out


def draw_popups(surface: pygame.Surface, camera: Camera, pops: list[dict[str, Any]],
                positions: dict[str, tuple[float, float]], battle: Any, text: TextCache, pal: Palette,
                within: pygame.Rect, layout: LabelLayout | None = None) -> list[tuple[str, pygame.Rect]]:
    """The dice pop-ups by their rollers (a contest's two side by side), kept ``within`` the board: each
    title and need wrapped, never cut (issue "9/10": "Bob: resist the strangle: ST (higher o..."), the box as
    wide as its dice or its words, on a spot over its roller that covers no other fighter's name and no other
    pop-up (:mod:`game.ui.popup_layout`). Returns (roller, box) of each, for tests."""
    names = [r for what, r in (layout.labels if layout is not None else []) if what.startswith("name:")]
    placed: list[tuple[str, pygame.Rect]] = []
    for i, pop in enumerate(pops):
        r = pop["roll"]
        actor = str(r.get("actor"))
        p = positions.get(actor)
        if p is None:
            continue
        x, y = camera.world_to_screen(*p)
        d = text.px(30)
        label = aimed_label(battle, r, str(r.get("label", "roll")))  # the figure it was rolled at
        room = text_width(len(pop["faces"]), within.w, d, text.scale)
        title, room = title_lines(text, title_text(name_of(battle, r.get("actor")), label), 13, room,
                                  min(text.px(MAX_TEXT_W), within.w - 40))
        head = _lines_surface(text, title, 13, pal.text, True)
        need = need_words(r)  # a roll with nothing to pass (an initiative die) has no need line: no empty row
        needs = _lines_surface(text, wrapped(text, need, 12, room, lines=2), 12, pal.dim) if need else \
            pygame.Surface((0, 0), pygame.SRCALPHA)
        reasons = r.get("dice_why") or []
        why = _lines_surface(text, wrapped(text, str(reasons[-1]), 12, room, lines=2), 12, pal.accent) \
            if reasons else None
        verdict_w = text.font(15, True).size(roll_verdict(r).upper())[0] + 42 if "success" in r else 0
        w = max(head.get_width(), len(pop["faces"]) * (d + 6) + 90, needs.get_width(), verdict_w,
                why.get_width() if why is not None else 0) + 20
        rows = table_rows(r)
        if rows:
            w = max(w, min(TABLE_POPUP_W, within.w - 40))
        verdict_h = text.px(32) if "success" in r else 10  # the verdict's row only for a roll that has one
        h = head.get_height() + 8 + d + 2 + needs.get_height() + verdict_h + (why.get_height() if why is not None else 0)
        if rows:
            h += table_height(rows, w - 20, text, 12) + 8 - (4 if "success" not in r else 0)
        own = layout_own(layout, actor)
        avoid = [n for n in names if n not in own] + [b for _, b in placed]
        box = place_popup((w, h), (x, y), within, avoid, side=(i * 2 - 1) if pop["contest"] else 0)
        _popup(surface, box, pop, head, needs, text, pal, why, sides=die_sides(r, battle))
        placed.append((actor, box))
    return placed


def layout_own(layout: LabelLayout | None, fid: str) -> list[pygame.Rect]:
    """The rectangles of ``fid``'s own name (a pop-up about them may cover it)."""
    return [r for what, r in (layout.labels if layout is not None else []) if what == f"name:{fid}"]


def draw_toasts(surface: pygame.Surface, toasts: Iterable[tuple[str, float, tuple[int, int, int]]],
                board_rect: pygame.Rect, text: TextCache,
                keep_clear: pygame.Rect | None = None) -> list[tuple[pygame.Rect, str]]:
    """Short messages stacked under the top of the board, each in its tone's colour, wrapped to the board
    (three lines at most; the log has the whole sentence). Returns where rule IDs were drawn: a refusal's
    rule is a link into the rules help (issue 18). ``keep_clear``: a lesson's card, drawn over the board
    after them: a toast it would cover moves beside it, or below it (under Xvfb at 1024x640 the card hid half
    of "Bob passes the movement phase.")."""
    links: list[tuple[pygame.Rect, str]] = []
    y = board_rect.y + 56
    room = max(120, board_rect.w - 60)
    for words, _left, col in toasts:
        if "\n" in words:  # the hotseat turn's banner (game.ui.handover.show_turn_banner)
            y = draw_turn_banner(surface, words.split("\n"), col, board_rect, y, text) + 6
            continue
        lines = wrap(text, words, 14, room, bold=True)
        if len(lines) > 3:
            lines = lines[:2] + [fit_text(text, " ".join(lines[2:]), 14, room, True)]
        drawn = [render_linked(text, fit_text(text, ln, 14, room, True), 14, col, True) for ln in lines]
        imgs = [img for img, _ in drawn]
        line_h = text.font(14, True).get_linesize()
        box = pygame.Rect(0, 0, max(i.get_width() for i in imgs), line_h * len(imgs))
        box.midtop = (board_rect.centerx, y)
        box.inflate_ip(20, 10)
        if keep_clear is not None and keep_clear.w and box.colliderect(keep_clear):
            box.left = keep_clear.right + 8
            if box.right > board_rect.right - 4:  # no room beside it: under it
                box.midtop = (board_rect.centerx, keep_clear.bottom + 6)
        s = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (12, 13, 18, 235), s.get_rect(), border_radius=8)
        surface.blit(s, box)
        pygame.draw.rect(surface, col, box, width=1, border_radius=8)
        for i, (img, found) in enumerate(drawn):
            at = img.get_rect(midtop=(box.centerx, box.y + 5 + i * line_h))
            surface.blit(img, at)
            links += [(r.move(at.topleft), rid) for r, rid in found]
        y = box.bottom + 6
    return links


def draw_turn_banner(surface: pygame.Surface, lines: list[str], colour: tuple[int, int, int],
                     board_rect: pygame.Rect, top: int, text: TextCache) -> int:
    """The hotseat turn's banner at ``top``: the side's turn in its colour, then the recap, one line each (cut to
    the board's width; the combat log has the whole). Returns its bottom."""
    room = max(120, board_rect.w - 80)
    imgs = [text.render(fit_text(text, lines[0], 20, room, True), 20, colour, bold=True)]
    imgs += [text.render(fit_text(text, ln, 14, room, False), 14, (226, 226, 226)) for ln in lines[1:]]
    box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 28, sum(i.get_height() + 2 for i in imgs) + 14)
    box.midtop = (board_rect.centerx, top)
    s = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(s, (12, 13, 18, 235), s.get_rect(), border_radius=10)
    surface.blit(s, box)
    pygame.draw.rect(surface, colour, box, width=2, border_radius=10)
    y = box.y + 7
    for i, img in enumerate(imgs):
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)) if i == 0 else (box.x + 14, y))
        y += img.get_height() + 2
    return box.bottom


def draw_hint(surface: pygame.Surface, board_rect: pygame.Rect, hint: str, text: TextCache, pal: Palette) -> int:
    """The hint line across the board's foot, wrapped onto a second (or third) line when the board is narrow
    (issue 15: the hint bar cut off at 1024x640); returns its top (where the last roll's box sits on)."""
    key = (id(text), hint, board_rect.w, pal.text)
    made = _HINTS.get(key)
    if made is None:  # wrapping and the translucent strip are made once per hint and width, not every frame
        room = board_rect.w - 20
        lines = wrap(text, hint, 14, room)
        if len(lines) > 3:  # three lines before anything is cut (a long name's "Space: pass ..." ran off at 1024)
            lines = lines[:2] + [" ".join(lines[2:])]
        line_h = text.font(14).get_linesize()
        strip = pygame.Surface((board_rect.w, line_h * len(lines) + 10), pygame.SRCALPHA)
        strip.fill((10, 11, 14, 215))
        for i, ln in enumerate(lines):
            strip.blit(text.render(fit_text(text, ln, 14, room), 14, pal.text), (10, 5 + i * line_h))
        if len(_HINTS) > 64:
            _HINTS.clear()
        made = _HINTS[key] = strip
    box = made.get_rect(bottomleft=(board_rect.x, board_rect.bottom))
    surface.blit(made, box)
    return box.y


#: (text cache, hint, board width, colour) -> the hint strip, drawn once
_HINTS: dict[tuple[Any, ...], pygame.Surface] = {}


def draw_banner(surface: pygame.Surface, board_rect: pygame.Rect, words: str, text: TextCache,
                pal: Palette, keep_clear: pygame.Rect | None = None) -> None:
    """The action being played, in a box at the top of the board: set smaller, then on two lines, before
    anything is cut (a long name's action ran past a 1024 px board). ``keep_clear``: a lesson's card at the
    board's top, drawn after it: the banner goes beside it, or under it (at 1024x640 the card hid half of
    "Ann passes the movement phase.")."""
    board_rect = _beside(board_rect, keep_clear)
    room = board_rect.w - 44
    size = next((k for k in (18, 16, 14) if text.font(k, True).size(words)[0] <= room), 14)
    lines = wrapped(text, words, size, room, True, lines=2)
    img = _lines_surface(text, lines, size, pal.text, True)
    box = img.get_rect(midtop=(board_rect.centerx, board_rect.y + 12)).inflate(24, 12)
    pygame.draw.rect(surface, (16, 18, 24), box, border_radius=8)
    pygame.draw.rect(surface, pal.accent, box, width=2, border_radius=8)
    surface.blit(img, img.get_rect(center=box.center))


def _beside(board_rect: pygame.Rect, card: pygame.Rect | None) -> pygame.Rect:
    """The part of the board a banner centres in: all of it, or right of a card at its top when that leaves
    room for a line of words (240 px), else the board below the card."""
    if card is None or not card.w or card.top > board_rect.y + 60 or card.left > board_rect.centerx:
        return board_rect
    right = pygame.Rect(card.right + 8, board_rect.y, board_rect.right - card.right - 8, board_rect.h)
    if right.w >= 240:
        return right
    return pygame.Rect(board_rect.x, card.bottom - 6, board_rect.w, max(0, board_rect.bottom - card.bottom + 6))


def draw_rings(surface: pygame.Surface, camera: Camera, points: Iterable[tuple[float, float]], hex_radius: float,
               pal: Palette) -> None:
    """A ring around each token at the world ``points`` (fighters a mode asks the player to pick from)."""
    r = hex_radius * camera.zoom * 0.62
    for p in points:
        x, y = camera.world_to_screen(*p)
        pygame.draw.circle(surface, (0, 0, 0), (x, y), r + 5, width=5)
        pygame.draw.circle(surface, pal.accent, (x, y), r + 4, width=3)


def draw_board_note(surface: pygame.Surface, scene: Any) -> pygame.Rect | None:
    """The ruleset's standing note (``Presentation.board_note``: nd6's wind, S3-SMOKE-3) in the battle scene's board's
    top-left corner, with an arrow the way its hex direction points on this map (under Xvfb a cloud drifted over
    three fighters with nothing on the board saying a wind blew). Returns the box, or None with no note."""
    note = scene.session.ruleset.presentation.board_note(scene.session.battle)
    if note is None:
        return None

    board_rect, centre_of, text, pal = scene.board_rect, scene.board.geometry.center, scene.text, scene.pal

    words, d = note
    img = text.render(fit_text(text, words, 12, max(80, board_rect.w // 2 - 40)), 12, pal.text)
    arrow = 22 if d is not None else 0
    box = pygame.Rect(board_rect.x + 8, board_rect.y + 8, img.get_width() + arrow + 16, max(24, img.get_height() + 8))
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (12, 13, 18, 215), panel.get_rect(), border_radius=6)
    surface.blit(panel, box)
    pygame.draw.rect(surface, pal.dim, box, width=1, border_radius=6)
    if d is not None:
        (x0, y0), (x1, y1) = centre_of(Hex(0, 0)), centre_of(DIRECTIONS[d % 6])
        length = max(1e-6, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        cx, cy = box.x + 8 + arrow / 2, box.centery
        tip, tail = (cx + ux * 8, cy + uy * 8), (cx - ux * 8, cy - uy * 8)
        pygame.draw.line(surface, pal.accent, tail, tip, 2)
        left = (tip[0] - ux * 6 - uy * 4, tip[1] - uy * 6 + ux * 4)
        right = (tip[0] - ux * 6 + uy * 4, tip[1] - uy * 6 - ux * 4)
        pygame.draw.polygon(surface, pal.accent, [tip, left, right])
    surface.blit(img, (box.x + 8 + arrow, box.centery - img.get_height() // 2))
    return box


#: the modes in which a menu or a dialog of the battle screen is open over the board
_MENU_MODES = frozenset({"menu", "choose", "enter_dice", "animating"})


def callout_may_open(sc: Any) -> bool:
    """Whether a crowded hex's callout may open under the pointer: only while the player looks at an idle
    board; an action menu, the dice dialog, a roll's breakdown, the legend, a dice pop-up or a play-out would
    be covered by it (seen at 1280x800: the callout over the action menu, and opening by itself when a
    fighter walked into a foe's hex during the computer's play-out)."""
    return not (sc.player.busy or sc.mode.name in _MENU_MODES or sc.dialog is not None
                or sc.breakdown is not None or sc.legend_open or sc.player.popups())
