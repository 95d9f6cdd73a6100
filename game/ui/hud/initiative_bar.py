"""The initiative bar across the top: the round, the turn order, whose turn it is and why, phases.

Every fighter is a chip (its side's shape and colour, its initial, its name);
the one acting is raised, ringed and marked NOW; those who already acted this
round are dimmed and ticked; those out of the fight are struck through. The
right end says in words whose turn it is, and whether a person or the
computer plays it. Rulesets with phases (a phased countdown) show the
phases, the current one boxed, those done ticked; then each fighter's
initiative number on its chip (the number being counted now lit), a fighter
holding for a lower number or someone else says so under its name, and the
surprised (who lose the round) stand apart at the end, struck with a "!".
A reaction roll (d20) is shown under the round: what the monsters feel.
A turn of side roll, movement by side and actions in order (G3-3's policy,
``side_rolls`` in its description) says under the round how each side rolled
and which moves first, then whose movement it is; its chips are the movement
order while the sides move and the action order (each fighter's key on its
chip) while they act.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.files.names import initial
from game.ui.hud.widgets import side_icon, tick
from game.ui.palette import Palette
from game.ui.text import TextCache, fit_text, wrap
from game.wording import possessive, verb

__all__ = ["InitiativeBar", "side_roll_lines", "round_in_play"]

MIN_STEP = 36  # the narrowest chip: its icon and a few letters of the name
MORE_W = 24  # the "+n" at an end of a timeline too long to show whole


def side_roll_lines(info: dict[str, Any], *, narrow: bool = False) -> tuple[str, str]:
    """A side-roll turn's two lines under the round (G3-3): the roll and the mover, then the phase's words.

    "Initiative: Red 5 v Blue 3 — Red moves first", then "Red chooses: move first or second",
    "Movement: Red" or "Actions by adjusted DX, highest first". ``narrow``: the first line is the roll
    alone and the second says the mover with the phase ("Movement: Blue, after Red").
    """
    names = info.get("side_names") or {}

    def name(side: Any) -> str:
        return str(names.get(side, side))

    rolls = info.get("side_rolls") or {}
    winner, mover, phase = info.get("winner"), info.get("moves_first"), info.get("phase")
    moving = info.get("moving_side")
    line = "Initiative: " + (" v ".join(f"{name(s)} {n}" for s, n in rolls.items()) if rolls else "no roll")
    if not narrow and mover:
        line += f" — {name(mover)} {verb(name(mover), 'moves', 'move')} first"  # "The Raiders move first"
    elif not narrow and winner and rolls:
        line += f" — {name(winner)} won"
    by = info.get("order_by")
    actions = f"Actions by {by}, highest first" if by else "Actions in order, highest first"
    if phase == "choose" and winner:
        chooses = verb(name(winner), "chooses", "choose")
        detail = f"{name(winner)} won and {chooses} who moves first" if narrow else \
            f"{name(winner)} {chooses}: move first or second"
    elif phase == "movement" and moving:
        detail = f"Movement: {name(moving)}"
        if narrow and mover:
            detail += ", moving first" if moving == mover else f", after {name(mover)}"
    elif phase == "action":
        detail = f"{name(mover)} moved first · {actions[0].lower()}{actions[1:]}" if narrow and mover else actions
    else:
        detail = ""
    return line, detail


def round_in_play(player: Any) -> int | None:
    """The round of the log entry whose events the event player is playing (or will play next), if any: a
    ``start_round`` entry carries the round its initiative rolls are for."""
    anims = [player.current] if player.current is not None else list(player.queue)[:1]
    entry = anims[0].data.get("entry") if anims else None
    value = entry.get("round") if isinstance(entry, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def action_in_play(player: Any) -> dict[str, Any] | None:
    """Whose action the event player is playing now and in which phase (``{"fighter", "phase"}``), if known:
    the header names it until its animation ends, not the turn the battle has moved on to. A new round's
    initiative rolls are nobody's turn (``{"fighter": None}``): under Xvfb round 2's rolls, played right after
    Finn's shield bash, read "Finn's turn \u2014 movement"."""
    a = player.current
    if a is None:
        return None
    entry = a.data.get("entry") or {}
    if entry.get("step") == "start_round":
        return {"fighter": None, "phase": None}
    shown = a.data.get("shown")
    if isinstance(shown, dict):
        return shown
    # another entry (a turn's start): its fighter, no phase (the battle's own has moved on)
    return {"fighter": entry["fighter"], "phase": None} if isinstance(entry.get("fighter"), str) else None


#: narrower than this, a side-roll turn's bar leaves out the phase boxes (the right end names the phase)
SIDES_PHASES_MIN_W = 1280


def _sides_order(info: dict[str, Any], b: Any, order: list[str]) -> list[str]:
    """The chips of a side-roll turn: the movement order while the sides move, else the action order."""
    sides = info.get("movement_sides") or []
    if info.get("phase") == "movement" and sides:
        return [f.id for s in sides for f in b.fighters if f.side == s]
    return order


class InitiativeBar:
    def __init__(self, text: TextCache) -> None:
        self.text = text
        self._key: tuple | None = None
        self._surf: pygame.Surface | None = None
        self.chips: list[tuple[pygame.Rect, str]] = []
        self.hidden = (0, 0)  # fighters of the order out of view before and after the window shown
        self.right_x = 0
        self.height = 64
        self.playing_round: int | None = None  # see draw
        self.acting: str | None = None  # whose action plays now (see draw), else the battle's current

    def fighter_at(self, pos: tuple[int, int]) -> str | None:
        for r, fid in self.chips:
            if r.collidepoint(pos):
                return fid
        return None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, session: Any, pal: Palette,
             side_index: dict[str, int], colours: dict[str, tuple[int, int, int]], *, thinking: bool = False,
             animating: bool = False, battle: Any = None, playing_round: int | None = None,
             shown: dict[str, Any] | None = None) -> None:
        """``battle``: the battle as shown (the animation's shadow); the session's by default. ``playing_round``:
        the round of the log entry playing now (:func:`round_in_play`); ``shown``: whose action plays now and
        in which phase (:func:`action_in_play`)."""
        b = battle if battle is not None else session.battle
        self.playing_round = playing_round
        try:
            info = session.ctl.initiative()
        except Exception:  # noqa: BLE001 - a policy without describe: show the plain order
            info = {"order": list(b.order), "current": b.current, "round": b.round}
        order = list(info.get("order") or b.order or [f.id for f in b.fighters])
        if battle is not None and battle is not session.battle and "side_rolls" in info:
            # a side-roll turn's words and chips follow its phase: read them from the battle as shown, or
            # the mover and the ticks run ahead of the animation (G3-3)
            try:
                info = dict(session.ctl.policy.describe(b))
            except Exception:  # noqa: BLE001 - the bar must never stop the game
                info = dict(info, round=b.round, current=b.current, order=list(b.order) or order)
            order = list(info.get("order") or order)
        elif battle is not None and battle is not session.battle:
            info = dict(info, round=b.round, current=b.current, order=list(b.order) or order)
            order = list(info["order"])
        self.acting = b.current
        if shown is not None and shown.get("fighter") is None and not b.ended:
            self.acting = None  # "Between turns" while a new round's initiative is rolled
        elif shown and b.get(shown.get("fighter")) is not None and not b.ended:
            self.acting = shown["fighter"]
            info = dict(info, current=self.acting, phase=shown.get("phase"))
        rows = info.get("rows") or []
        key = (rect.size, self.acting, b.round, b.current, tuple(order), info.get("phase"), info.get("count"),
               tuple((r.get("fighter"), r.get("number"), r.get("holding")) for r in rows),
               tuple(info.get("surprised") or ()), str(info.get("note")),
               str(info.get("side_rolls")), info.get("moves_first"), info.get("moving_side"),
               tuple((f.id, tuple(f.conditions), f.posture) for f in b.fighters), thinking, pal.name, b.ended,
               tuple(sorted(session.seat.items())), animating, playing_round)
        if key != self._key or self._surf is None:
            self._surf = self._build(rect, session, b, info, order, pal, side_index, colours, thinking, animating)
            self._key = key
        surface.blit(self._surf, rect.topleft)

    def _shown_round(self, b: Any) -> int:
        """The round the header names: the one whose events play now when that is later than the shown battle's
        (the next round's initiative dice roll while the board still shows the last: QA saw "ROUND 1" over
        round 2's d20 rolls; a round's end is no event, so the animation's shadow keeps the old number); after
        the last round of a battle, that round."""
        if self.playing_round is not None and self.playing_round > b.round:
            return self.playing_round
        return b.round - 1 if (b.ended and b.current is None and b.round > 1) else b.round

    def _number(self, surf: pygame.Surface, topleft: tuple[int, int], row: dict[str, Any], count: Any,
                pal: Palette) -> None:
        """The initiative number on a chip: lit when it is the number being counted now."""
        n = row.get("number")
        now = count is not None and n == count
        img = self.text.render(str(n), 12, (16, 16, 20) if now else pal.text, bold=True)
        r = img.get_rect(topleft=topleft).inflate(self.text.px(8), self.text.px(2))
        r.topleft = topleft
        pygame.draw.rect(surf, pal.accent if now else (60, 64, 78), r, border_radius=4)
        pygame.draw.rect(surf, (0, 0, 0), r, width=1, border_radius=4)
        surf.blit(img, img.get_rect(center=r.center))

    def _build(self, rect: pygame.Rect, session: Any, b: Any, info: dict[str, Any], order: list[str],
               pal: Palette, side_index: dict[str, int], colours: dict[str, tuple[int, int, int]], thinking: bool,
               animating: bool) -> pygame.Surface:
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        surf.fill((14, 15, 20, 240))
        pygame.draw.line(surf, pal.panel_edge, (0, rect.h - 1), (rect.w, rect.h - 1))
        if "side_rolls" in info:
            order = _sides_order(info, b, order)
            x = self._draw_side_rolls(surf, rect, b, info, pal)
        else:
            x = self._draw_round(surf, b, info, pal)
        if (info.get("phases") or []) and not ("side_rolls" in info and rect.w < SIDES_PHASES_MIN_W):
            x = self._draw_phases(surf, rect, x, info, pal)
        right_w = self._right_width(rect, session, b, info, thinking)
        self.right_x = rect.right - right_w  # where the right end starts on screen (tests check the chips)
        self._draw_order(surf, rect, x, right_w, b, info, order, pal, side_index, colours)
        self._draw_whose_turn(surf, rect.w - right_w, rect, session, b, info, pal, side_index, colours, thinking)
        return surf

    def _draw_round(self, surf: pygame.Surface, b: Any, info: dict[str, Any], pal: Palette) -> int:
        """The round number, the count or the kind of order under it, a reaction roll; returns the x after."""
        t = self.text
        px = t.px  # every offset grows with the text (issue 26)
        x = px(12)
        shown_round = self._shown_round(b)
        rt = t.render(f"ROUND {shown_round}", 20, pal.accent, bold=True)
        surf.blit(rt, (x, px(8)))
        sub = info.get("policy", "")
        phase = info.get("phase")
        count = info.get("count")
        line2 = []
        phases = info.get("phases") or []
        if count is not None and phases:
            # in words (issue 15: "counting down: number 7" said nothing to a new player)
            line2.append(f"initiative {count} acts now")
        elif count is not None:
            line2.append(f"number {count}")
        if phase and not phases:
            line2.append(f"phase: {phase}")
        elif sub and not phases:
            line2.append({"fixed": "fixed order", "per_round": "rolled each round"}.get(sub, str(sub)))
        if line2:
            surf.blit(t.render(" \u00b7 ".join(line2), 13, pal.text if phases else pal.dim, bold=bool(phases)),
                      (x, px(34)))
        note = info.get("note")  # the policy's own line (d20: the reaction roll)
        if note:
            surf.blit(t.render(str(note), 11, pal.neutral), (x, px(50)))
        elif count is not None and phases:
            surf.blit(t.render("highest first, then lower", 11, pal.dim), (x, px(50)))
        return x + max(rt.get_width(), px(160 if phases else 120)) + px(18)

    def _draw_side_rolls(self, surf: pygame.Surface, rect: pygame.Rect, b: Any, info: dict[str, Any],
                         pal: Palette) -> int:
        """A side-roll turn (G3-3): the round, how the sides rolled and who moves first, the phase's words.

        The words keep whole: when the long form does not fit its room the mover moves to the second line
        (issue 15: nothing but a chip's name is ever cut at 1024 px)."""
        t = self.text
        px = t.px  # every offset grows with the text (issue 26)
        x = px(12)
        shown_round = self._shown_round(b)
        rt = t.render(f"ROUND {shown_round}", 20, pal.accent, bold=True)
        surf.blit(rt, (x, px(8)))
        room = rect.w // 3 if rect.w >= SIDES_PHASES_MIN_W else int(rect.w * 0.4)

        def need(lines: tuple[str, str]) -> int:
            return max(t.font(13, True).size(lines[0])[0], t.font(12, False).size(lines[1])[0])

        line, detail = side_roll_lines(info)
        if need((line, detail)) > room:
            line, detail = side_roll_lines(info, narrow=True)
        width = min(max(rt.get_width(), need((line, detail)), px(160)), room)
        surf.blit(t.render(fit_text(t, line, 13, width, True), 13, pal.text, bold=True), (x, px(30)))
        if detail:  # smaller before it is cut ("... actions by adjusted DX (a ready bayonet fir..." at 1024 px)
            ds = next((k for k in (12, 11, 10) if t.font(k).size(detail)[0] <= width), 10)
            surf.blit(t.render(fit_text(t, detail, ds, width), ds, pal.neutral), (x, px(47)))
        return x + width + px(18)

    def _draw_phases(self, surf: pygame.Surface, rect: pygame.Rect, x: int, info: dict[str, Any],
                     pal: Palette) -> int:
        """Rulesets that have phases: the one now boxed, those done ticked; returns the x after."""
        t = self.text
        px = t.px  # every offset grows with the text (issue 26)
        phases = info.get("phases") or []
        phase = info.get("phase")
        count = info.get("count")
        cur_i = phases.index(phase) if phase in phases else -1
        top = px(6)
        surf.blit(t.render(f"INITIATIVE {count}: ITS PHASES, IN ORDER" if count is not None else "PHASES", 10,
                           pal.dim, bold=True), (x, top))
        at_x = x
        for i, ph in enumerate(phases):
            now = ph == phase
            col = pal.text if now else pal.dim
            img = t.render(ph, 13 if now else 12, col, bold=now)
            r = img.get_rect(topleft=(at_x, top + px(16))).inflate(px(10), px(6))
            if now:
                pygame.draw.rect(surf, tuple(c // 4 for c in pal.accent), r, border_radius=4)
                pygame.draw.rect(surf, pal.accent, r, width=2, border_radius=4)
                pygame.draw.polygon(surf, pal.accent, [(r.centerx - px(5), r.bottom + px(2)), (r.centerx + px(5), r.bottom + px(2)),
                                                       (r.centerx, r.bottom + px(8))])
            surf.blit(img, (at_x, top + px(16)))
            if 0 <= i < cur_i:
                tick(surf, (at_x + img.get_width() - px(2), top + px(40)), px(4), pal.success)
            at_x += img.get_width() + px(14)
        x = at_x + px(10)
        pygame.draw.line(surf, pal.panel_edge, (x - px(8), px(8)), (x - px(8), rect.h - px(8)))
        return x

    def _draw_order(self, surf: pygame.Surface, rect: pygame.Rect, x: int, right_w: int, b: Any,
                    info: dict[str, Any], order: list[str], pal: Palette, side_index: dict[str, int],
                    colours: dict[str, tuple[int, int, int]]) -> None:
        """A chip per fighter in the turn order, then the surprised apart; fills ``self.chips``."""
        self.chips = []
        px = self.text.px
        current = self.acting
        count = info.get("count")
        rows = {r.get("fighter"): r for r in info.get("rows") or []}
        sides = "side_rolls" in info
        if sides and info.get("phase") == "action":  # each fighter's key (the last of it: the stat) on its chip
            rows = {r.get("fighter"): {"fighter": r.get("fighter"), "number": (r.get("key") or [None])[-1]}
                    for r in info.get("dx_order") or []}
        if rows and not sides:  # a countdown: chips in the order of the numbers as they stand now (a held one moves down)
            num = {fid: (r.get("number") if isinstance(r.get("number"), int) else -99) for fid, r in rows.items()}
            order = sorted(order, key=lambda fid: -num.get(fid, -99))
        cur_i = order.index(current) if current in order else -1
        if sides and info.get("phase") == "choose":
            cur_i = -1  # the winner's choice comes before anyone's movement: nobody has had a slot yet
        surprised = [fid for fid in info.get("surprised") or [] if fid not in order and b.get(fid) is not None]
        room = rect.w - right_w - x - px(10) - (px(16) if surprised else 0)
        # issue 15: 8+ fighters shrink their chips (names cut to fit, whole on hover); past MIN_STEP the
        # timeline shows a window around the one acting and counts the rest at its ends
        # a chip is as wide as its longest name needs (up to 160 px) where the bar has room for all of them:
        # at 1920 px "Gus the Barman" read "Gus the B..." in a 76 px chip with half the bar empty
        names = [b.get(fid) for fid in order + surprised]
        need = max([self.text.font(12, True).size(f.label)[0] + px(8) for f in names if f is not None] + [px(76)])
        step = min(min(need, px(160)), room // max(1, len(order) + len(surprised)))
        first, last = 0, len(order)
        if step < px(MIN_STEP):
            step = px(MIN_STEP)
            visible = max(1, (room - 2 * px(MORE_W)) // step - len(surprised))
            if visible < len(order):
                first = max(0, min(max(cur_i, 0) - visible // 2, len(order) - visible))
                last = first + visible
            else:
                surprised = surprised[: max(0, (room - 2 * px(MORE_W)) // step - len(order))]
        self.hidden = (first, len(order) - last)
        widths = {fid: step for fid in order}
        if first == 0 and last == len(order):
            widths = self._chip_widths(b, order, room - step * len(surprised), step)
        if first:
            x = self._more(surf, x, first, pal, left=True)
        for i, fid in enumerate(order):
            f = b.get(fid)
            if f is None or not first <= i < last:
                continue
            done = 0 <= i < cur_i
            w = widths[fid]
            self._chip(surf, x + w // 2, f, fid == current and not b.ended, done, rows.get(fid), count, pal,
                       side_index, colours, w)
            self.chips.append((pygame.Rect(rect.x + x, rect.y, w, rect.h), fid))
            x += w
        if last < len(order):
            x = self._more(surf, x, len(order) - last, pal, left=False)
        if surprised:
            self._draw_surprised(surf, rect, x, step, b, surprised, pal, side_index, colours)

    def _chip_widths(self, b: Any, order: list[str], room: int, step: int) -> dict[str, int]:
        """Each chip's width when the whole order shows: a long name takes the room short names leave
        (seen at 1920x1080 in a side-roll round: "Gus th..." in a 78 px chip beside "Ivo" in another as
        wide); the others stay as even as they can. Equal ``step`` widths when the names cannot all fit."""
        px = self.text.px
        font = self.text.font(12, True)
        need = {fid: min(px(160), font.size(f.label)[0] + px(8)) if (f := b.get(fid)) is not None else step
                for fid in order}
        level = step
        while level > px(MIN_STEP) and sum(max(n, level) for n in need.values()) > room:
            level -= 1
        widths = {fid: max(n, level) for fid, n in need.items()}
        return widths if sum(widths.values()) <= room else {fid: step for fid in order}

    def _more(self, surf: pygame.Surface, x: int, n: int, pal: Palette, *, left: bool) -> int:
        """``+n`` at one end of a timeline too long to show whole (the rest come into view as turns pass)."""
        img = self.text.render(f"\u2039{n}" if left else f"{n}\u203a", 13, pal.dim, bold=True)
        more_w = self.text.px(MORE_W)
        surf.blit(img, img.get_rect(center=(x + more_w // 2, self.text.px(26))))
        return x + more_w

    def _chip(self, surf: pygame.Surface, cx: int, f: Any, now: bool, done: bool, row: dict[str, Any] | None,
              count: Any, pal: Palette, side_index: dict[str, int],
              colours: dict[str, tuple[int, int, int]], step: int = 76) -> None:
        """One fighter's chip centred at ``cx``: raised and ringed when acting, dimmed and ticked when done,
        struck through when out; its initiative number on it (countdowns)."""
        t = self.text
        px = t.px
        cy = px(26)
        out = any(c in f.conditions for c in ("unconscious", "dead"))
        col = colours.get(f.side, (200, 200, 200))
        holding = bool((row or {}).get("holding"))
        if out or (done and not holding):
            col = tuple(int(c * 0.45 + 30) for c in col)
        r = px(17 if now else 13)
        if now:
            pygame.draw.polygon(surf, pal.accent, [(cx - px(7), px(1)), (cx + px(7), px(1)), (cx, px(8))])
        side_icon(surf, (cx, cy + (px(2) if now else 0)), r, side_index.get(f.side, 0), col,
                  initial(f.label), t, ring=pal.accent if now else None)
        if done and not out and not holding:
            tick(surf, (cx + r * 0.8, cy + r * 0.7), px(5), pal.success)
        if out:
            pygame.draw.line(surf, (230, 230, 230), (cx - r - px(2), cy + r), (cx + r + px(2), cy - r), px(3))
        label = f.label
        if row is not None and row.get("holding"):
            label = f"{f.label} waits"
        # names never run together: each is cut to its chip's width (the whole name is in the chip's tooltip),
        # after trying a size or two smaller (at 1280x800 the acting "Marlo" read "Mar...", in bold)
        size = next((k for k in (12, 11, 10) if t.font(k, now).size(label)[0] <= step - px(6)), 12)
        name = t.render(fit_text(t, label, size, step - px(6), bold=now), size, pal.text if now else pal.dim, bold=now)
        surf.blit(name, name.get_rect(midtop=(cx, px(47))))
        # the out have no initiative: a ruleset may sort them last as -99, a number the player must not see
        if row is not None and row.get("number") is not None and not out:
            self._number(surf, (cx - r - px(2), px(4)), row, count, pal)

    def _draw_surprised(self, surf: pygame.Surface, rect: pygame.Rect, x: int, step: int, b: Any,
                        surprised: list[str], pal: Palette, side_index: dict[str, int],
                        colours: dict[str, tuple[int, int, int]]) -> None:
        """The surprised lose the round: apart after the order, struck, marked "!"."""
        t = self.text
        px = t.px
        x += px(8)
        pygame.draw.line(surf, pal.panel_edge, (x - px(6), px(8)), (x - px(6), rect.h - px(8)))
        head = t.render("SURPRISED", 10, pal.failure, bold=True)
        surf.blit(head, (x, px(1)))
        for fid in surprised:
            f = b.get(fid)
            cx, cy = x + step // 2, px(28)
            col = tuple(int(c * 0.4 + 30) for c in colours.get(f.side, (200, 200, 200)))
            side_icon(surf, (cx, cy), px(12), side_index.get(f.side, 0), col, initial(f.label), t)
            bang = t.render("!", 14, (20, 20, 20), bold=True)
            br = bang.get_rect(center=(cx + px(12), cy - px(9))).inflate(px(8), 0)
            pygame.draw.ellipse(surf, (250, 250, 120), br)
            surf.blit(bang, bang.get_rect(center=br.center))
            name = t.render(fit_text(t, f.label, 12, step - px(6)), 12, pal.dim)
            surf.blit(name, name.get_rect(midtop=(cx, px(47))))
            self.chips.append((pygame.Rect(rect.x + x, rect.y, step, rect.h), fid))
            x += step

    def _draw_whose_turn(self, surf: pygame.Surface, rx: int, rect: pygame.Rect, session: Any, b: Any,
                         info: dict[str, Any], pal: Palette, side_index: dict[str, int],
                         colours: dict[str, tuple[int, int, int]], thinking: bool) -> None:
        """The right end, from ``rx``: whose turn it is in words, and whether a person or the computer plays."""
        t = self.text
        px = t.px
        pygame.draw.line(surf, pal.panel_edge, (rx - px(8), px(8)), (rx - px(8), rect.h - px(8)))
        if b.ended:
            who = session.side_name(b.winner) + " won" if b.winner else "A draw"
            surf.blit(t.render("Battle over", 20, pal.accent, bold=True), (rx, px(6)))
            surf.blit(t.render(who, 14, pal.text), (rx, px(36)))
            return
        f = b.get(self.acting)
        if f is None:
            surf.blit(t.render("Between turns", 18, pal.dim, bold=True), (rx, px(10)))
            return
        seat = session.seat.get(f.side, "human")
        col = colours.get(f.side, pal.text)
        side_icon(surf, (rx + px(14), px(22)), px(12), side_index.get(f.side, 0), col, None, t)
        room = rect.w - rx - px(34) - px(8)  # the header and its second line stay inside the bar (issue 15)
        words, why = self._turn_words(session, b, f, info, thinking)
        # smaller before anything is cut, then two lines (seen: "Bartholomew 'Bones' McAllister's t...")
        hs = next((k for k in (20, 16, 14, 13) if t.font(k, True).size(words)[0] <= room), 0)
        lines = [words] if hs else wrap(t, words, 12, room, True)
        lines = lines[:1] + [" ".join(lines[1:])] if len(lines) > 1 else lines
        hs = hs or 12
        for i, line in enumerate(lines):
            head = t.render(fit_text(t, line, hs, room, True), hs, pal.text, bold=True)
            surf.blit(head, (rx + px(34), px(8) if len(lines) == 1 else px(3) + px(15) * i))
        ws = next((k for k in (14, 13, 12) if t.font(k, seat == "human").size(why)[0] <= room), 12)
        surf.blit(t.render(fit_text(t, why, ws, room, seat == "human"), ws, col if seat == "human" else pal.dim,
                           bold=seat == "human"), (rx + px(34), px(36) if len(lines) == 1 else px(38)))

    @staticmethod
    def _turn_words(session: Any, b: Any, f: Any, info: dict[str, Any], thinking: bool) -> tuple[str, str]:
        """The right end's two lines for ``f`` acting: "Ann's turn — movement", "Red Company · your move"."""
        seat = session.seat.get(f.side, "human")
        side_name = session.side_name(f.side)
        ph = info.get("phase") if info.get("phases") else None
        words = f"{possessive(f.label, plural=False)} turn" + (f" \u2014 {ph}" if ph else "")
        if getattr(session, "replaying", False):  # a replay: the seat as saved, nobody moves now
            why = f"{side_name} \u00b7 " + ("played by the computer" if seat == "ai" else "played by a human")
        elif seat == "ai":
            why = f"{side_name} \u00b7 computer " + ("thinking\u2026" if thinking else "plays")
        elif seat == "remote":  # a served match: the side is played from another window
            why = f"{side_name} \u00b7 the other player's move"
        else:
            players = len(session.human_sides())
            why = f"{side_name} \u00b7 " + ("your move" if players < 2 else "human player")
        return words, why

    def _right_width(self, rect: pygame.Rect, session: Any, b: Any, info: dict[str, Any], thinking: bool) -> int:
        """The right end's width: what its words need (at most a third of the bar, 460 px), so that a narrow
        window leaves the rest to the timeline (issue 15: 8+ fighters at 1024 px)."""
        most = min(self.text.px(460), rect.w // 3)
        f = b.get(self.acting)
        if b.ended or f is None:
            return most
        words, why = self._turn_words(session, b, f, info, thinking)
        t = self.text
        need = max(t.font(20, True).size(words)[0], t.font(14, True).size(why)[0]) + t.px(34 + 8 + 8)
        return max(min(most, t.px(200)), min(most, need))
