"""The roll breakdown: one roll (or a contest of two) taken apart, line by line.

The teaching view. For a roll it shows what was rolled against and why:
the base (the stat or skill), every modifier with its sign, its reason and
the rule ID behind it, the target that makes, the dice as dice, their total,
and the verdict in words (success/failed, by how much, critical), then the
rules cited, each in a sentence. A contest shows both rolls side by side and
how the winner was decided. Open it by clicking a roll in the combat log;
Esc, a click outside or the close box shuts it.
"""

from __future__ import annotations

import re
from typing import Any

import pygame

from game.rules.action_words import base_words
from game.ui.describe import (
    aimed_label,
    auto_words,
    contest_verdict,
    dc_name,
    die_sides,
    is_range_roll,
    name_of,
    roll_sum,
    roll_verdict,
    ruleset_of,
    signed,
    table_rows,
    table_words,
)
from game.ui.die_table import draw_table, table_height
from game.ui.hud.widgets import cross, die_face, tick
from game.ui.palette import Palette
from game.ui.rules_help import RulesHelp
from game.ui.text import TextCache, wrap

__all__ = ["RollBreakdown"]

PAD = 18
#: a checklist or house-rule ID inside a sentence ("5d6 (S3-MA-6)", "ST 11 row (S3-UNARMED-4)", "G3-1")
RULE_ID = re.compile(r"\b(?:[SG][0-9X]-(?:[A-Z]+-)?\d+|ND6-\d+)\b")


#: the adds at the end of a damage expression ("2d6-1": -1)
ADDS = re.compile(r"([+\-\u2212])\s*(\d+)\s*$")


def _cite_in(text: Any, cited: list[str]) -> None:
    """Add the rule IDs written in ``text`` to ``cited`` (the rules listed under the breakdown)."""
    for rid in RULE_ID.findall(str(text)):
        if rid not in cited:
            cited.append(rid)


def base_line(battle: Any, r: dict[str, Any]) -> str:
    """The words beside a roll's base: where it comes from (``action_words.base_words``: "Parry = 3 + Wrestling
    15 / 2, rounded down", "Base: ST", "Pool: STR", "Added to the d20: attack bonus"), never a bare "base"."""
    rs = ruleset_of(battle)  # one lookup for the three answers (RollBreakdown's callers hand in the battle only)
    if "points" in r:
        return f"Pool: {r.get('stat') or base_words(rs, battle, r)}"
    if r.get("dc") is not None:
        if not r.get("base"):
            return "Added to the d20: nothing (only the modifiers below)"
        return f"Added to the d20: {base_words(rs, battle, r)}"
    said = base_words(rs, battle, r)
    return said if " = " in said else f"Base: {said}"


def damage_rows(ev: dict[str, Any], pal: Palette, cited: list[str]) -> list[tuple[str, Any]]:
    """A damage roll taken apart, as rows the breakdown paints: where the expression comes from (the table row,
    the weapon), the step along the damage progression, the dice, the multipliers, then armour and the injury;
    the rule IDs named go to ``cited``."""
    dr = ev.get("damage_roll") if isinstance(ev.get("damage_roll"), dict) else {}
    rows: list[tuple[str, Any]] = []
    said = [p.strip() for p in str(dr.get("from") or "").split(";") if p.strip()]
    steps = [p for p in said if " steps = " in p]  # "1d6-4 +3 steps = 1d6-1 (S3-DMG-1)": the progression
    if said:
        rows.append(("line", ("Damage from", "", None, pal.text, True)))
        rows.append(("note", "; ".join(p for p in said if p not in steps)))
    prog = dr.get("progression") or steps
    if prog:
        text = "; ".join(str(p) for p in prog) if isinstance(prog, list | tuple) else (
            ", ".join(f"{k} {v}" for k, v in prog.items()) if isinstance(prog, dict) else str(prog))
        rows.append(("line", ("Progression step", "", None, pal.text, True)))
        rows.append(("note", text))
    rows.append(("line", ("Rolled", str(dr.get("expr", "?")), None, pal.accent, True)))
    faces = [int(x) for x in dr.get("faces") or []]
    m = ADDS.search(str(dr.get("expr", "")))
    adds = (-1 if m.group(1) in "-\u2212" else 1) * int(m.group(2)) if m and faces else 0
    rows.append(("dice", {"dice": faces, "total": max(0, sum(faces) + adds), "adds": adds}))
    mults = list(dr.get("multipliers") or [])
    for m in mults:
        rows.append(("line", (str(m), "", None, pal.success, False)))
    rows.append(("rule", None))
    rows.append(("line", ("Hits (after the expression's adds and any multiplier)", str(ev.get("amount", "?")),
                          None, pal.text, True)))
    stop = ev.get("dr") or 0
    rows.append(("line", ("Stopped by armour", signed(-int(stop)) if stop else "0", None, pal.failure, False)))
    inj = ev.get("injury", ev.get("amount"))
    rows.append(("line", ("Injury: what comes off", str(inj), None, pal.damage, True)))
    if ev.get("rule") and ev["rule"] not in cited:
        cited.append(ev["rule"])
    for words in (dr.get("from"), prog, *mults):
        _cite_in(words, cited)
    return rows


def _link_at(links: list[tuple[pygame.Rect, str]], pos: tuple[int, int]) -> str | None:
    """The rule whose link is under ``pos`` (issue 18), or None."""
    return next((rid for r, rid in links if r.inflate(4, 4).collidepoint(pos)), None)


class RollBreakdown:
    def __init__(self, event: dict[str, Any], battle: Any, text: TextCache, pal: Palette,
                 help: RulesHelp | None = None) -> None:
        self.event = event
        self.battle = battle
        self.text = text
        self.pal = pal
        self.help = help
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.close_rect = pygame.Rect(0, 0, 0, 0)
        self._surf: pygame.Surface | None = None
        self._size: tuple[int, int] | None = None
        self.rules_cited: list[str] = []
        #: issue 18: each cited rule's pill is a link (click: F1 at the rule); on the screen, as last drawn
        self.links: list[tuple[pygame.Rect, str]] = []
        self._pills: list[tuple[pygame.Rect, str]] = []

    # -- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> str | None:
        """'close' when the player closes it; None otherwise (the breakdown eats every input)."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE):
            return "close"
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and (rid := _link_at(self.links, event.pos)):
            return f"rule:{rid}"  # a rule pill: the scene opens F1 at it
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            if self.close_rect.collidepoint(event.pos) or not self.rect.collidepoint(event.pos):
                return "close"
        return None

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._surf is None or self._size != size:
            self._surf = self._build(min(820, size[0] - 60), size[1] - 60)
            self._size = size
        shade = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        self.rect = self._surf.get_rect(center=(size[0] // 2, size[1] // 2))
        surface.blit(self._surf, self.rect)
        self.close_rect = pygame.Rect(self.rect.right - 40, self.rect.y + 10, 30, 30)
        self.links = [(r.move(self.rect.topleft), rid) for r, rid in self._pills]

    def _build(self, width: int, max_h: int) -> pygame.Surface:
        ev = self.event
        t = self.text
        pal = self.pal
        parts: list[tuple[pygame.Surface, int]] = []  # (block, x offset)
        cited: list[str] = []
        if ev.get("type") == "contest":
            rolls = list(ev.get("rolls") or [])[:2]
            col_w = (width - 3 * PAD) // 2
            cols = [self._roll_block(r, col_w, cited, small=True) for r in rolls]
            h = max((c.get_height() for c in cols), default=0)
            both = pygame.Surface((width - 2 * PAD, h), pygame.SRCALPHA)
            for i, c in enumerate(cols):
                both.blit(c, (i * (col_w + PAD), 0))
            if len(cols) == 2:
                pygame.draw.line(both, pal.panel_edge, (col_w + PAD // 2, 4), (col_w + PAD // 2, h - 4))
            title = self._title(f"{str(ev.get('kind', '')).capitalize()} contest", ev.get("rule"), width, cited)
            parts.append((title, PAD))
            parts.append((both, PAD))
            parts.append((self._contest_verdict(ev, rolls, width - 2 * PAD), PAD))
        elif ev.get("type") == "damage":
            who, whom = name_of(self.battle, ev.get("actor")), name_of(self.battle, ev.get("target"))
            parts.append((self._title(f"{who}: damage to {whom}", ev.get("rule"), width, cited), PAD))
            parts.append((self._damage_block(ev, width - 2 * PAD, cited), PAD))
        else:
            who = name_of(self.battle, ev.get("actor"))
            label = aimed_label(self.battle, ev, str(ev.get("label", "roll")))  # the figure it was rolled at
            parts.append((self._title(label if label.startswith(who) else f"{who}: {label}", ev.get("rule"), width,
                                      cited), PAD))
            parts.append((self._roll_block(ev, width - 2 * PAD, cited, small=False, title=False), PAD))
        rules = self._rules(cited, width - 2 * PAD)
        parts.append((rules, PAD))
        self.rules_cited = cited
        h = PAD + sum(p.get_height() + 10 for p, _ in parts) + PAD - 10
        h = min(h, max_h)
        surf = pygame.Surface((width, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (22, 24, 32, 250), surf.get_rect(), border_radius=12)
        pygame.draw.rect(surf, pal.accent, surf.get_rect(), width=2, border_radius=12)
        y = PAD
        pills, self._pills = self._pills, []  # placed below once the rules block lands
        for p, x in parts:
            if p is rules:  # where the rule pills land: the links (if cut short, those still on it)
                self._pills = [(r.move(x, y), rid) for r, rid in pills if y + r.bottom <= h - 8]
            if y + p.get_height() > h - 8:
                surf.blit(p, (x, y), area=pygame.Rect(0, 0, p.get_width(), max(0, h - 8 - y)))
                break
            surf.blit(p, (x, y))
            y += p.get_height() + 10
        # close box
        cr = pygame.Rect(width - 40, 10, 30, 30)
        pygame.draw.rect(surf, (60, 60, 70), cr, border_radius=6)
        cross(surf, cr.center, 8, (240, 240, 240))
        hint = t.render("Esc or click outside to close", 11, pal.dim)
        surf.blit(hint, (width - hint.get_width() - 50, 18))
        return surf

    def _title(self, title: str, rule: str | None, width: int, cited: list[str]) -> pygame.Surface:
        t = self.text
        lines = wrap(t, title, 22, width - 2 * PAD - 230, bold=True)
        sub = f"rule {rule}" if rule else ""
        if rule and rule not in cited:
            cited.append(rule)
        h = len(lines) * t.font(22, True).get_linesize() + (22 if sub else 0)
        s = pygame.Surface((width - 2 * PAD, h), pygame.SRCALPHA)
        y = 0
        for ln in lines:
            img = t.render(ln, 22, self.pal.text, bold=True)
            s.blit(img, (0, y))
            y += t.font(22, True).get_linesize()
        if sub:
            s.blit(t.render(sub, 14, self.pal.accent, bold=True), (0, y + 2))
        return s

    def _roll_block(self, r: dict[str, Any], width: int, cited: list[str], *, small: bool,
                    title: bool = True) -> pygame.Surface:
        """One roll taken apart (rows from :meth:`_roll_rows`), ``width`` wide; rules it cites go to ``cited``."""
        t = self.text
        rows = self._roll_rows(r, cited, title)
        size = 14 if small else 16
        lh = t.font(size).get_linesize()
        heights = {"title": t.font(size + 1, True).get_linesize() * 2, "line": lh + 4, "note": 0, "rule": 8,
                   "dice": 58 if not small else 46, "verdict": 40}
        total = 0
        note_lines: dict[int, list[str]] = {}
        for i, (k, v) in enumerate(rows):
            if k == "note":
                note_lines[i] = wrap(t, v, 12, width)
                total += len(note_lines[i]) * t.font(12).get_linesize() + 2
            elif k == "table":
                total += table_height(table_rows(v), width, t, 13, max_lines=3) + 6
            elif k == "title":
                note_lines[i] = wrap(t, v, size + 1, width, bold=True)
                total += len(note_lines[i]) * t.font(size + 1, True).get_linesize() + 4
            else:
                total += heights[k]
        s = pygame.Surface((width, total), pygame.SRCALPHA)
        y = 0
        for i, (k, v) in enumerate(rows):
            if k == "title":
                for ln in note_lines[i]:
                    s.blit(t.render(ln, size + 1, self.pal.text, bold=True), (0, y))
                    y += t.font(size + 1, True).get_linesize()
                y += 4
            elif k == "note":
                for ln in note_lines[i]:
                    s.blit(t.render(ln, 12, self.pal.dim), (62, y))
                    y += t.font(12).get_linesize()
                y += 2
            elif k == "table":
                y += draw_table(s, (0, y + 2), width, table_rows(v), v.get("row"), t, self.pal, 13, max_lines=3) + 6
            else:
                if k == "line":
                    self._paint_line(s, y, v, width, size)
                elif k == "rule":
                    pygame.draw.line(s, self.pal.panel_edge, (0, y + 4), (width, y + 4), 2)
                elif k == "dice":
                    self._paint_dice(s, y, v, small)
                elif k == "verdict":
                    self._paint_verdict(s, y, v, width)
                y += heights[k]
        return s

    def _roll_rows(self, r: dict[str, Any], cited: list[str], title: bool) -> list[tuple[str, Any]]:
        """The roll as rows (kind, payload): its title, base, modifiers, target, dice, verdict and notes."""
        pal = self.pal
        rows: list[tuple[str, Any]] = []
        if title:
            rows.append(("title", f"{name_of(self.battle, r.get('actor'))}: {r.get('label', 'roll')}"))
        roll_under = "target" in r and isinstance(r.get("target"), int | float) and not is_range_roll(r)
        over = r.get("dc") is not None
        rows.append(("line", (base_line(self.battle, r), str(r.get("base", "?")), None, pal.text, True)))
        mods = list(r.get("modifiers") or [])
        for m in mods:
            rule = m.get("rule") or ""
            if rule and rule not in cited:
                cited.append(rule)
            rows.append(("line", (str(m.get("reason", "")), signed(m.get("value", 0)), rule,
                                  pal.success if m.get("value", 0) > 0 else pal.failure, False)))
        if not mods:
            rows.append(("note", "no modifiers"))
        rows.append(("rule", None))
        rows.extend(self._target_rows(r, cited, roll_under, over))
        rows.append(("dice", r))
        for why in r.get("dice_why") or []:  # more dice than usual: who defends or dodges, a Master (S3-MA-6..8)
            rows.append(("note", str(why)))
            _cite_in(why, cited)
        if over or "points" in r:
            rows.append(("note", roll_sum(r, self.battle)))
        if r.get("natural"):
            rows.append(("note", str(r["natural"]).capitalize() + "."))
        if "success" in r:
            rows.append(("verdict", r))
            if not is_range_roll(r):
                rows.append(("note", margin_words_over(r) if over
                             else margin_words(r, roll_under)))
        if table_rows(r):  # a table roll: the whole table, the row that came up lit
            rows.append(("note", f"Read off the table: {table_words(r)}."))
            rows.append(("table", r))
        if auto_words(r):
            rows.append(("note", f"{auto_words(r).capitalize()}: this total decides whatever the target "
                                 f"({r.get('rule') or 'the ruleset'})."))
        elif r.get("critical") and not r.get("natural"):
            rows.append(("note", "Critical: 3 and 4 always succeed, 17 and 18 always fail (G0-1)."
                         if roll_under else "A critical roll."))
        return rows

    def _target_rows(self, r: dict[str, Any], cited: list[str], roll_under: bool,
                     over: bool) -> list[tuple[str, Any]]:
        """What the roll had to make: a target to roll under, a number to reach (with its own modifiers),
        or the low faces that go wrong (a range roll)."""
        pal = self.pal
        rows: list[tuple[str, Any]] = []
        if roll_under:
            rows.append(("line", ("Target", str(r.get("target")), None, pal.accent, True)))
            rows.append(("note", f"roll {r.get('target')} or less on the dice to succeed"))
        elif over:
            what = {"AC": "Armour class to hit (AC)", "save": f"Saving throw ({r.get('save', '')})".replace(" ()", ""),
                    "to beat": "To beat"}.get(dc_name(r), "Needed (DC)")
            rows.append(("line", (what, str(r.get("dc")), None, pal.accent, True)))
            for m in r.get("dc_modifiers") or []:
                rule = m.get("rule") or ""
                if rule and rule not in cited:
                    cited.append(rule)
                rows.append(("line", ("  " + str(m.get("reason", "")), signed(m.get("value", 0)), rule, pal.dim,
                                      False)))
            rows.append(("note", f"roll over: d20 + {r.get('base', 0)} + modifiers must reach {r.get('dc')} "
                                 f"(a higher total is better)"))
        elif is_range_roll(r):
            rows.append(("line", ("Caught out on", f"1-{r.get('target')}", None, pal.accent, True)))
            rows.append(("note", f"a {r.get('target')} or less on the die is bad; anything higher is safe"))
        return rows

    def _damage_block(self, ev: dict[str, Any], width: int, cited: list[str]) -> pygame.Surface:
        """A damage roll taken apart (:func:`damage_rows`) on one surface."""
        return self._rows_surface(damage_rows(ev, self.pal, cited), width)

    def _rows_surface(self, rows: list[tuple[str, Any]], width: int) -> pygame.Surface:
        """Lines, notes, rules and dice rows (the kinds :meth:`_roll_block` paints) on one surface."""
        t = self.text
        size = 16
        lh = t.font(size).get_linesize()
        wrapped = {i: wrap(t, v, 12, width - 62) for i, (k, v) in enumerate(rows) if k == "note"}
        heights = {"line": lh + 4, "rule": 8, "dice": 58}
        total = sum(len(wrapped[i]) * t.font(12).get_linesize() + 2 if k == "note" else heights[k]
                    for i, (k, _) in enumerate(rows))
        s = pygame.Surface((width, total), pygame.SRCALPHA)
        y = 0
        for i, (k, v) in enumerate(rows):
            if k == "note":
                for ln in wrapped[i]:
                    s.blit(t.render(ln, 12, self.pal.dim), (62, y))
                    y += t.font(12).get_linesize()
                y += 2
                continue
            if k == "line":
                self._paint_line(s, y, v, width, size)
            elif k == "rule":
                pygame.draw.line(s, self.pal.panel_edge, (0, y + 4), (width, y + 4), 2)
            elif k == "dice":
                self._paint_dice(s, y, v, False)
            y += heights[k]
        return s

    def _paint_line(self, s: pygame.Surface, y: int, v: tuple[str, str, str | None, Any, bool], width: int,
                    size: int) -> None:
        """A value, its label (shortened to fit) and the rule ID behind it, in a tag at the right."""
        t = self.text
        label, value, rule, col, bold = v
        vimg = t.render(value, size + 2, col, bold=True)
        s.blit(vimg, (0, y + 1))
        x = 62
        rimg = None
        if rule:
            rimg = t.render(rule, 11, (16, 16, 20), bold=True)
        room = width - x - (rimg.get_width() + 16 if rimg else 0)
        lab = label
        while t.font(size, bold).size(lab)[0] > room and len(lab) > 4:
            lab = lab[:-2]
        if lab != label:
            lab = lab[:-1] + "\u2026"
        s.blit(t.render(lab, size, self.pal.text, bold), (x, y + 2))
        if rimg is not None:
            rr = rimg.get_rect(topright=(width - 4, y + 4)).inflate(8, 2)
            pygame.draw.rect(s, self.pal.neutral, rr, border_radius=5)
            s.blit(rimg, rimg.get_rect(center=rr.center))

    def _paint_dice(self, s: pygame.Surface, y: int, v: dict[str, Any], small: bool) -> None:
        """The dice as dice, then what they make (for a roll over: plus base and modifiers) and the total."""
        t = self.text
        d = 40 if not small else 32
        x = 0
        sides = die_sides(v, self.battle)  # pips on a d6 only: a d10 or a d20 shows its numeral
        for face in v.get("dice") or []:
            die_face(s, pygame.Rect(x, y + 6, d, d), int(face), t, sides=sides)
            x += d + 8
        add = f"{signed(v['adds'])} " if v.get("adds") else ""  # a damage roll's adds (never below 0)
        if v.get("dc") is not None:  # roll over: the die plus base and modifiers make the total
            n = int(v.get("base") or 0) + sum(int(m.get("value", 0)) for m in v.get("modifiers") or [])
            add = f"{signed(n)} " if n else ""
        tot = t.render(f"{add}= {v.get('total')}", d - 6, self.pal.text, bold=True)
        s.blit(tot, (x + 4, y + 6 + (d - tot.get_height()) // 2))

    def _paint_verdict(self, s: pygame.Surface, y: int, v: dict[str, Any], width: int) -> None:
        """The verdict in a box of its colour, ticked or crossed."""
        ok = bool(v.get("success"))
        col = self.pal.success if ok else self.pal.failure
        box = pygame.Rect(0, y + 2, width, 32)
        pygame.draw.rect(s, tuple(c // 4 for c in col), box, border_radius=6)
        pygame.draw.rect(s, col, box, width=2, border_radius=6)
        (tick if ok else cross)(s, (box.x + 20, box.centery), 9, col)
        s.blit(self.text.render(roll_verdict(v).upper(), 18, col, bold=True), (box.x + 40, box.y + 4))

    def _contest_verdict(self, ev: dict[str, Any], rolls: list[dict[str, Any]], width: int) -> pygame.Surface:
        t = self.text
        pal = self.pal
        winner = ev.get("winner")
        kind = ev.get("kind", "")
        if kind == "quick":
            how = ("Quick Contest: if only one succeeds, it wins; if both succeed the bigger margin wins; "
                   "if both fail the smaller failure wins; equal margins tie (G0-2).")
        elif kind == "regular":
            how = ("Regular Contest: the one acting wins if it succeeds and the other fails, loses the other "
                   "way round; anything else changes nothing this turn (G0-3).")
        else:
            how = "The engine compared the two rolls."
        margins = "; ".join(f"{name_of(self.battle, r.get('actor'))} margin {signed(int(r.get('margin', 0)))}"
                            for r in rolls if r.get("margin") is not None)
        won = contest_verdict(self.battle, ev)
        won = won[0].upper() + won[1:]
        lines = wrap(t, how, 12, width)
        h = 36 + len(lines) * t.font(12).get_linesize() + 20
        s = pygame.Surface((width, h), pygame.SRCALPHA)
        col = pal.accent if winner else pal.neutral
        box = pygame.Rect(0, 0, width, 32)
        pygame.draw.rect(s, tuple(c // 4 for c in col), box, border_radius=6)
        pygame.draw.rect(s, col, box, width=2, border_radius=6)
        s.blit(t.render(won, 18, col, bold=True), (12, 4))  # names as written, never upper-cased
        if margins:
            mi = t.render(margins, 12, pal.text)
            s.blit(mi, (width - mi.get_width() - 10, 9))
        y = 38
        for ln in lines:
            s.blit(t.render(ln, 12, pal.dim), (0, y))
            y += t.font(12).get_linesize()
        return s

    def _rules(self, cited: list[str], width: int) -> pygame.Surface:
        t = self.text
        pal = self.pal
        rows: list[tuple[str, list[str]]] = []
        for rid in cited:
            e = self.help.lookup(rid) if self.help else None
            rows.append((rid, wrap(t, e.text if e else "(no in-game summary for this rule yet: see Rules help)",
                                   12, width - 110)))
        lh = t.font(12).get_linesize()
        h = 24 + sum(len(ls) * lh + 6 for _, ls in rows)
        s = pygame.Surface((width, h), pygame.SRCALPHA)
        s.blit(t.render("Rules behind this roll", 14, pal.accent, bold=True), (0, 0))
        y = 24
        self._pills = []
        for rid, ls in rows:
            img = t.render(rid, 11, (16, 16, 20), bold=True)
            rr = img.get_rect(topleft=(0, y)).inflate(8, 2)
            rr.topleft = (0, y)
            self._pills.append((rr.copy(), rid))
            pygame.draw.rect(s, (120, 190, 255), rr, border_radius=5)  # a link's colour: click opens F1 at it
            s.blit(img, img.get_rect(center=rr.center))
            for ln in ls:
                s.blit(t.render(ln, 12, pal.text), (110, y))
                y += lh
            y += 6
        return s


def margin_words(r: dict[str, Any], roll_under: bool) -> str:
    """The margin in words, roll-under or against a number (an automatic result may go against it)."""
    m = r.get("margin")
    if m is None:
        return ""
    if roll_under:
        tgt, tot = r.get("target"), r.get("total")
        # an automatic result can go against the margin (nd6: 16 fails even under 18, S3-KNOCK-4): say so
        if r.get("success"):
            if int(m) < 0:
                return f"{tot} against {tgt}: {abs(int(m))} too high, yet it succeeds all the same."
            return f"{tot} against {tgt}: {abs(int(m))} to spare (the margin of success)."
        if int(m) >= 0:
            return f"{tot} against {tgt}: within the target ({int(m)} to spare), yet it fails all the same."
        return f"{tot} against {tgt}: {abs(int(m))} too high (the margin of failure)."
    if r.get("dc") is None and "counted" in r:  # a pool has nothing to roll against: it counts successes (G1-1)
        n = int(r.get("points", r.get("total")) or 0)
        return f"{n} success{'es' if n != 1 else ''}: margin {signed(int(m))}."
    return f"{r.get('total')} against {r.get('dc')}: margin {signed(int(m))}."

def margin_words_over(r: dict[str, Any]) -> str:
    """A roll-over total against what it needed (the AC or DC)."""
    tot, dc = r.get("total"), r.get("dc")
    if not isinstance(tot, int | float) or not isinstance(dc, int | float):
        return ""
    d = int(tot - dc)
    return (f"{tot} against {dc_name(r)} {dc}: " + (f"{d} over what was needed." if d > 0 else
            "exactly what was needed." if d == 0 else f"{-d} short."))
