"""The fighter panel: everything about the selected fighter at a glance.

Name and side (shape and colour), who plays it, posture and facing, HP and
FP bars with their numbers, the stats and skills, what each hand holds (and
which hands are busy in a grip), the grips it holds and suffers, its
conditions with what they mean, and its turn-scoped effects.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.files.names import initial
from game.ui.describe import FACING_WORDS, name_of, stat_text
from game.ui.hud.widgets import bar, side_icon
from game.ui.marks import arc_legend, badge_for
from game.ui.palette import Palette
from game.ui.text import TextCache, fit_text, wrap

__all__ = ["FighterPanel", "hp_of", "fp_of", "FACING_WORDS"]



def _initial_fighter(session: Any, fid: str) -> Any:
    init = getattr(session.ctl, "initial", None)
    return init.get(fid) if init is not None else None


def hp_of(session: Any, f: Any) -> tuple[float, float] | None:
    """(current, maximum) hit points, or None if the ruleset has none. The maximum is what the fighter started
    the battle with, else what its ruleset counts as full (``Ruleset.max_hp``: 3d6 derives it from ST, edge from
    Strength and Willpower), never a guess from one ruleset's stats."""
    first = _initial_fighter(session, f.id)
    mx = None
    if first is not None and first.hp is not None:
        mx = first.hp
    else:
        mx = session.ruleset.max_hp(f)
    if mx is None:
        return None if f.hp is None else (f.hp, max(f.hp, 1))
    return (mx if f.hp is None else f.hp, mx)


def fp_of(session: Any, f: Any) -> tuple[float, float] | None:
    first = _initial_fighter(session, f.id)
    mx = None
    if first is not None and first.fp is not None:
        mx = first.fp
    elif "FP" in f.stats:
        mx = f.stats["FP"]
    elif "HT" in f.stats:
        mx = f.stats["HT"]
    if mx is None:
        return None if f.fp is None else (f.fp, max(f.fp, 1))
    return (mx if f.fp is None else f.fp, mx)


class FighterPanel:
    def __init__(self, text: TextCache) -> None:
        self.text = text
        self._key: tuple | None = None
        self._surf: pygame.Surface | None = None
        self._flat: tuple[tuple, pygame.Surface] | None = None  # (what it was composed for, the panel on a backdrop)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, session: Any, battle: Any, fid: str | None,
             pal: Palette, side_index: dict[str, int], colours: dict[str, tuple[int, int, int]],
             backdrop: tuple[int, int, int] | None = None) -> int:
        """Draw the panel at the top of ``rect``, never taller than it (the log below keeps its rows); returns
        the height used. ``backdrop``: the colour under the panel; the half-transparent panel is then composed
        on it once and blitted opaque, so the caller need not fill under it (issue 26's frame budget)."""
        f = battle.get(fid) if fid else None
        if f is None:
            key: tuple = (rect.w, rect.h, None, pal.name, battle.current)
        else:
            key = (rect.w, rect.h, f.id, f.hex, f.facing, f.posture, f.hp, f.fp, tuple(f.conditions),
                   tuple(sorted((k, v or "") for k, v in f.hands.items())),
                   tuple((g.holder, g.target, g.location, g.hands, g.kind) for g in battle.grapples
                         if f.id in (g.holder, g.target)),
                   tuple(str(e) for e in battle.effects if e.get("fighter") == f.id), pal.name, battle.current,
                   tuple(f.crippled))
        if key != self._key or self._surf is None:
            self._surf = self._build(rect.w, rect.h, session, battle, f, pal, side_index, colours)
            self._key = key
        pic = self._surf
        if backdrop is not None and not surface.get_flags() & pygame.SRCALPHA:
            on = (id(pic), backdrop, surface.get_bitsize(), surface.get_masks())
            if self._flat is None or self._flat[0] != on:
                flat = pygame.Surface(pic.get_size(), 0, surface)
                flat.fill(backdrop)
                flat.blit(pic, (0, 0))  # the same blend the window's pixels of that colour would get
                self._flat = (on, flat)
            pic = self._flat[1]
        surface.blit(pic, rect.topleft)
        self.rect = pygame.Rect(rect.topleft, self._surf.get_size())  # where it was drawn (tests)
        return self._surf.get_height()

    def _build(self, w: int, most: int, session: Any, battle: Any, f: Any, pal: Palette,
               side_index: dict[str, int], colours: dict[str, tuple[int, int, int]]) -> pygame.Surface:
        t = self.text
        px = t.px  # every gap and box grows with the text (issue 26)
        pad = px(12)
        if f is None:
            surf = pygame.Surface((w, px(74)), pygame.SRCALPHA)
            pygame.draw.rect(surf, pal.panel, surf.get_rect(), border_radius=8)
            pygame.draw.rect(surf, pal.panel_edge, surf.get_rect(), width=1, border_radius=8)
            surf.blit(t.render("No fighter selected", 16, pal.dim, bold=True), (pad, px(12)))
            surf.blit(t.render("Click a token, or Tab for yours.", 13, pal.dim), (pad, px(40)))
            return surf
        inner = w - 2 * pad
        rows = self._fitted(self._rows(session, battle, f, pal, inner), most - 2 * pad + 2, inner, pal)
        heights = [self._height(kind, payload, inner) for kind, payload in rows]
        h = pad + sum(hh + 2 for hh in heights) + pad - 2
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, pal.panel, surf.get_rect(), border_radius=8)
        pygame.draw.rect(surf, pal.panel_edge, surf.get_rect(), width=1, border_radius=8)
        y = pad
        for (kind, payload), hh in zip(rows, heights):
            if kind == "head":
                self._head(surf, (pad, y), session, battle, f, pal, side_index, colours)
            elif kind == "bar":
                label, (cur, mx), col = payload
                bar(surf, pygame.Rect(pad, y, inner, px(18)), cur, mx, col, t, label)
            elif kind == "text":
                s, size, col, bold = payload
                surf.blit(t.render(fit_text(t, s, size, inner, bold), size, col, bold), (pad, y))
            elif kind == "cond":
                self._condition(surf, (pad, y), payload, pal, inner, session.ruleset)
            y += hh + 2
        return surf

    def _rows(self, session: Any, battle: Any, f: Any, pal: Palette, inner: int) -> list[tuple[str, Any]]:
        """What the panel shows, top to bottom, as (kind, payload): laid out by :meth:`_build`."""
        t = self.text
        rows: list[tuple[str, Any]] = [("head", f.label)]
        facing = FACING_WORDS.get(battle.board.top, FACING_WORDS["pointy"])[f.facing % 6]
        # every line is wrapped to the panel (issue 15: no text cut off at 1024x640)
        rows += self._lines(f"{f.posture}, facing {facing}, at ({f.hex.q}, {f.hex.r})", 13, pal.text, False, inner)
        if f.id != battle.current:  # its arcs are shaded on the board: say which colour is which (issue 15)
            rows += self._lines(arc_legend(pal.arcs), 13, pal.dim, False, inner)
        hp = hp_of(session, f)
        fp = fp_of(session, f)
        ruleset = session.ruleset
        if hp:  # the bar names what hp counts: nd6's hits come off ST itself (G3-7)
            rows.append(("bar", (ruleset.presentation.health_stat, hp, pal.hp)))
        if fp:
            rows.append(("bar", ("FP", fp, pal.fp)))
        # a stat never parts from its value; a value the ruleset names is written by name (MA Master)
        stats = "  ".join(f"{k}\u00a0{stat_text(ruleset, k, v)}" for k, v in f.stats.items())
        if stats:
            rows += self._lines(stats, 14, pal.text, True, inner)
        if f.skills:
            sk = ", ".join(f"{k} {v}" for k, v in f.skills.items())
            for line in wrap(t, "Skills: " + sk, 12, inner):
                rows.append(("text", (line, 12, pal.dim, False)))
        rows.append(("gap", t.px(4)))
        busy: dict[str, str] = {}
        for g in battle.grapples:
            if g.holder == f.id:
                for h in g.hand_names:
                    busy[h] = name_of(battle, g.target)
        for hand, item in f.hands.items():
            what = str(item).replace("_", " ") if item else "empty"
            if hand in busy:  # the item in words too (under Xvfb: "gripping Grub (and brass_knuckles)")
                what = f"gripping {busy[hand]}" + (f" (and {what})" if item else "")
            if hand in f.crippled:
                what += " \u2014 crippled"
            rows += self._lines(f"{hand.capitalize()} hand: {what}", 13, pal.text, False, inner)
        if f.items:  # armour is worn, the rest carried (nd6: a belt knife is drawn in a brawl, S3-HTH-11)
            data = ruleset.items
            worn = [i for i in f.items if data.get(i, {}).get("kind") == "armour"]
            carried = [i for i in f.items if i not in worn]
            for head, ids in (("Wearing", worn), ("Carrying", carried)):
                if ids:
                    names = ", ".join(str(data.get(i, {}).get("name") or i).replace("_", " ") for i in ids)
                    rows += self._lines(f"{head}: {names}", 12, pal.dim, False, inner)
        rows.extend(self._grip_rows(battle, ruleset, f, pal, inner))
        if f.conditions:
            rows.append(("gap", t.px(4)))
            descr = session.ruleset.conditions
            for c in f.conditions:  # words, not the id ("in hand-to-hand", S3-HTH-7)
                rows.append(("cond", (c, str(descr.get(c, "")), session.ruleset.presentation.condition_name(c))))
        effects = [e for e in battle.effects if e.get("fighter") == f.id]
        for e in effects:
            s = f"{str(e.get('kind', '')).replace('_', ' ')} (until {str(e.get('until', '')).replace('_', ' ')})"
            rows += self._lines(s, 12, pal.neutral, False, inner)
        return rows

    def _lines(self, s: str, size: int, col: tuple[int, int, int], bold: bool, inner: int
               ) -> list[tuple[str, Any]]:
        """``s`` as text rows wrapped to ``inner`` pixels."""
        return [("text", (line, size, col, bold)) for line in wrap(self.text, s, size, inner, bold)]

    def _grip_rows(self, battle: Any, ruleset: Any, f: Any, pal: Palette, inner: int) -> list[tuple[str, Any]]:
        """The grips ``f`` holds (in the grip's colour) and suffers (in the failure colour), in the words of the
        session's ``ruleset`` (handed in: the panel holds it, no lookup by the battle's id)."""
        t = self.text
        rows: list[tuple[str, Any]] = []
        holds = [g for g in battle.grapples if g.holder == f.id]
        held = [g for g in battle.grapples if g.target == f.id]
        if holds or held:
            rows.append(("gap", t.px(4)))
        shown = ruleset.presentation.grip_location_shown  # nd6 (G3-6): no body part held, no location

        def grip_words(g: Any, words: str) -> str:
            """``words`` the other fighter's name (``Holds Bob``, ``Held by Ann``), then where and how."""
            kind = "" if g.kind == "grapple" else f" \u2014 {g.kind.replace('_', ' ').upper()}"
            where = g.location if shown else ""
            # a grip with no hands counted (edge: one mutual link, E-5) says nothing of hands, never "0 hands"
            hands = f"{g.hands} hand{'s' if g.hands != 1 else ''}" if g.hands else ""
            said = ", ".join(x for x in (where, hands) if x)
            return f"{words}{': ' + said if said else ''}{kind}"

        for g in holds:
            for line in wrap(t, grip_words(g, f"Holds {name_of(battle, g.target)}"), 13, inner):
                rows.append(("text", (line, 13, pal.grips.get(g.kind, pal.grips["other"]), True)))
        for g in held:
            for line in wrap(t, grip_words(g, f"Held by {name_of(battle, g.holder)}"), 13, inner):
                rows.append(("text", (line, 13, pal.failure, True)))
        return rows

    def _fitted(self, rows: list[tuple[str, Any]], room: int, inner: int, pal: Palette) -> list[tuple[str, Any]]:
        """``rows`` in at most ``room`` pixels: first each condition without its explanation (the rules help
        and the token's tooltip have it), then the rows that still do not fit left for one line saying how
        many are left out. A fighter with many conditions at 1024x640 pushed the log out of the window."""
        def total(rs: list[tuple[str, Any]]) -> int:
            return sum(self._height(k, p, inner) + 2 for k, p in rs)

        if total(rows) <= room:
            return rows
        rows = [(k, (p[0], "", *p[2:]) if k == "cond" else p) for k, p in rows]
        if total(rows) <= room:
            return rows
        size = 12
        line_h = self._height("text", ("", size, None, False), inner) + 2
        kept = list(rows)
        while len(kept) > 1 and total(kept) + line_h > room:
            kept.pop()
        more = sum(1 for k, _ in rows[len(kept):] if k != "gap")
        words = f"\u2026 {more} more line{'s' if more != 1 else ''}, no room for them in this window"
        return kept + [("text", (fit_text(self.text, words, size, inner), size, pal.neutral, False))]

    def _height(self, kind: str, payload: Any, inner: int) -> int:
        """The height of one row (without the 2 px between rows)."""
        t = self.text
        px = t.px
        if kind == "head":
            return px(46) + (self._name_lines(payload, inner - px(40))[1] - 1) * px(18) if payload else px(46)
        if kind == "bar":
            return px(22)
        if kind == "gap":
            return payload
        if kind == "cond":
            lines = wrap(t, payload[1], 11, inner - px(60)) if payload[1] else []
            return px(20) + px(14) * min(2, len(lines))
        return t.font(payload[1], payload[3]).get_linesize()

    def _head(self, surf: pygame.Surface, at: tuple[int, int], session: Any, battle: Any, f: Any, pal: Palette,
              side_index: dict[str, int], colours: dict[str, tuple[int, int, int]]) -> None:
        """The fighter's shape and initial, its name, its side and who plays it (ACTING NOW when it does)."""
        t = self.text
        px = t.px
        pad, y = at
        side = battle.side(f.side)
        seat = session.seat.get(f.side, "human")
        col = colours.get(f.side, pal.text)
        side_icon(surf, (pad + px(16), y + px(18)), px(15), side_index.get(f.side, 0), col, initial(f.label), t)
        room = surf.get_width() - pad - px(40) - pad
        size, lines = self._name_lines(f.label, room)
        for i, line in enumerate(wrap(t, f.label, size, room, True) if lines > 1 else [f.label]):
            surf.blit(t.render(fit_text(t, line, size, room, True), size, pal.text, bold=True),
                      (pad + px(40), y + px(18) * i))
        y += px(18) * (lines - 1)
        who = {"ai": "computer", "remote": "other player"}.get(seat, "human")  # remote: a served match
        current = "  \u00b7  ACTING NOW" if battle.current == f.id else ""
        side_words = f"{(side.name or side.id) if side else f.side} ({who})"
        if current and t.font(12, True).size(side_words + current)[0] > room:
            current = " \u00b7 NOW"  # a narrow panel: the side's name keeps its room
        surf.blit(t.render(fit_text(t, side_words + current, 12, room, bool(current)), 12,
                           col if battle.current != f.id else pal.accent, bold=bool(current)),
                  (pad + px(40), y + px(27)))

    def _name_lines(self, name: str, room: int) -> tuple[int, int]:
        """The size the panel's head sets ``name`` in and on how many lines: smaller before it wraps, and
        wrapped onto a second line (the panel grows) before anything is cut (seen under Xvfb:
        "Sergeant Petrov is mis...", "Bartholomew 'Bones'...")."""
        font = self.text.font
        for size in (20, 17, 15):
            if font(size, True).size(name)[0] <= room:
                return size, 1
        return 15, min(2, len(wrap(self.text, name, 15, room, True)))

    def _condition(self, surf: pygame.Surface, at: tuple[int, int], payload: tuple[str, ...], pal: Palette,
                   inner: int, ruleset: Any = None) -> None:
        """A condition's badge, its name and (up to two lines of) what it means."""
        t = self.text
        px = t.px
        pad, y = at
        name, text, *shown = payload
        letters, col = badge_for(name, ruleset)
        name = shown[0] if shown else name
        img = t.render(letters, 11, (12, 12, 16), bold=True)
        r = pygame.Rect(pad, y + px(1), max(px(30), img.get_width() + px(8)), px(17))
        pygame.draw.rect(surf, col, r, border_radius=4)
        surf.blit(img, img.get_rect(center=r.center))
        x = max(pad + px(38), r.right + px(8))  # a long badge ("CHOKE") pushes the name along, never under it
        surf.blit(t.render(fit_text(t, name, 13, inner - (x - pad), True), 13, pal.text, bold=True), (x, y))
        lines = wrap(t, text, 11, inner - px(60)) if text else []
        if len(lines) > 2:  # two lines at most: the rest is cut with an ellipsis (the rules help has it whole)
            lines = [lines[0], fit_text(t, " ".join(lines[1:]), 11, inner - px(60))]
        for i, line in enumerate(lines):
            surf.blit(t.render(line, 11, pal.dim), (pad + px(38), y + px(18) + px(14) * i))
