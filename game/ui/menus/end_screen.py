"""The end of the battle: who won, after how many rounds, and what each fighter did; the battle again with new
dice, or with the same dice (for teaching: the same moves meet the same rolls)."""

from __future__ import annotations

from typing import Any

import pygame

from game.files.names import initial
from game.model import battle_title
from game.ui.describe import name_of
from game.ui.hud.fighter_panel import hp_of
from game.ui.hud.widgets import side_icon
from game.ui.menus.base import GuiScene
from game.ui.menus.replay_scene import ReplayScene
from game.ui.scene import Transition
from game.ui.session import SessionError
from game.wording import win_words

__all__ = ["EndScreen", "battle_summary"]

#: the end screen's buttons: height, gap between them, room between a label and its button's edges
BUTTON_H = 48
GAP = 12
BUTTON_PAD = 18


def rolls_made_words(made: int, rolls: int) -> str:
    """The "Rolls made" cell in words a player reads at once ("2 of 12"): a bare "2/12" read as a score or
    a date to a new player, who could not tell which number was the rolls made."""
    return f"{made} of {rolls}"


def battle_summary(battle: Any) -> dict[str, dict[str, Any]]:
    """Per fighter: actions taken, rolls made and won, injury dealt and taken, grips taken, falls caused."""
    out: dict[str, dict[str, Any]] = {f.id: {"actions": 0, "rolls": 0, "made": 0, "dealt": 0, "taken": 0,
                                             "grips": 0, "downs": 0, "kinds": {}} for f in battle.fighters}
    for entry in battle.log:
        intent = entry.get("intent") or {}
        actor = intent.get("actor")
        if actor in out:
            out[actor]["actions"] += 1
            k = intent.get("type", "")
            out[actor]["kinds"][k] = out[actor]["kinds"].get(k, 0) + 1
        for ev in entry.get("events", []):
            t = ev.get("type")
            rolls = [ev] if t == "roll" else (ev.get("rolls") or [] if t == "contest" else [])
            for r in rolls:
                a = r.get("actor")
                if a in out and "success" in r:
                    out[a]["rolls"] += 1
                    out[a]["made"] += 1 if r.get("success") else 0
            if t == "damage":
                inj = int(ev.get("injury", 0) or 0)
                if ev.get("actor") in out:
                    out[ev["actor"]]["dealt"] += inj
                if ev.get("target") in out:
                    out[ev["target"]]["taken"] += inj
            elif t == "grapple_start":
                h = (ev.get("grapple") or {}).get("holder")
                if h in out:
                    out[h]["grips"] += 1
            elif t == "posture" and ev.get("posture") == "prone" and ev.get("actor") != ev.get("target"):
                if ev.get("actor") in out:
                    out[ev["actor"]]["downs"] += 1
    return out


def _kind_words(ruleset: Any, kind: str) -> str:
    """An action type as the menus title it, in lower case ("choose who moves first", "hand-to-hand"); the
    type's own words when it has no title (under Xvfb the end screen read "move order x3", "hth x1")."""
    cls = ruleset.actions.get(kind)
    title = cls.title if cls is not None else ""
    return (title or kind.replace("_", " ")).lower()


class EndScreen(GuiScene):
    def __init__(self, app: Any, battle_scene: Any) -> None:
        super().__init__(app, below=battle_scene)
        self.battle_scene = battle_scene
        self.summary = battle_summary(battle_scene.session.battle)
        sound = getattr(app, "sound", None)
        if sound is not None:
            sound.play("end")  # the end of the battle (silent without an audio device)

    def build(self) -> None:
        # late: tests patch it: the function must see the replacement at call time
        from game.ui.menus.review_screen import lost_side

        # a lost battle also offers its review: the rolls that decided it, with their odds (issue 18)
        names = [("board", "Look at the board"), ("replay", "Replay this battle")]
        if lost_side(self.battle_scene.session) is not None:
            names.append(("review", "What happened?"))
        if self.can_play_again():
            names += [("new", "Play again"), ("again", "Same dice again")]
        if self.built_here():
            names.append(("builder", "Back to the builder"))
        names.append(("menu", "Main menu"))
        tips = {"new": "This battle from its start, with the same sides and seats and new dice.",
                "again": "This battle from its start, with the same dice: the same moves meet the same rolls.",
                "builder": "The builder with this battle's set-up as it was when you pressed Play."}
        rects = self.button_rects([t for _, t in names])
        self.buttons_top = min(r.y for r in rects)  # the summary's box ends above them
        for (name, text), rect in zip(names, rects, strict=True):
            self.button(rect, text, name, object_id="@primary_button" if name == "menu" else "@big_button",
                        tooltip=tips.get(name))

    def button_rects(self, labels: list[str]) -> list[pygame.Rect]:
        """One row of buttons at the foot of the screen, each wide enough for its label with room either
        side; two rows when one is too narrow (six buttons at 1024x640 cut "Same dice again")."""
        w, h = self.size
        font = self.app.text.font(20, True)  # the buttons' largest theme font (assets/theme.json)
        need = max(font.size(t)[0] for t in labels) + 2 * BUTTON_PAD
        avail = w - 24
        rows = [labels] if need * len(labels) + GAP * (len(labels) - 1) <= avail else \
            [labels[:(len(labels) + 1) // 2], labels[(len(labels) + 1) // 2:]]
        most = max(len(r) for r in rows)
        part = min(max(need, 170), (avail - GAP * (most - 1)) // most)
        out = []
        y = h - 24 - BUTTON_H * len(rows) - GAP * (len(rows) - 1)
        for row in rows:
            x = (w - part * len(row) - GAP * (len(row) - 1)) // 2
            out += [pygame.Rect(x + i * (part + GAP), y, part, BUTTON_H) for i in range(len(row))]
            y += BUTTON_H + GAP
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """The battle under the summary, without its last-action card (the buttons stand where it was)."""
        card = self.battle_scene.last_action
        card.hidden = True
        try:
            super().draw(surface)
        finally:
            card.hidden = False

    def can_play_again(self) -> bool:
        """A battle that knows its start can be played again; a lesson starts again from its own list; a served
        match's seed is the server's and its other sides are other players: host a new match instead."""
        return (getattr(self.battle_scene, "lesson", None) is None
                and not getattr(self.battle_scene.session, "networked", False)
                and getattr(self.battle_scene.session.ctl, "initial", None) is not None)

    def built_here(self) -> bool:
        """The battle started as the one last played from the builder (the app's draft keeper says, from the
        battle's initial state: Play again keeps it so)."""
        keeper = getattr(self.app, "builder_draft", None)
        initial = getattr(self.battle_scene.session.ctl, "initial", None)
        return keeper is not None and initial is not None and self.can_play_again() and keeper.made(initial)

    def same_dice_again(self, fresh: bool = False) -> Transition | None:
        """The battle from its initial state with its own seed, the same seats and rules: its first rolls
        (initiative, the computer's first) come again, and the same moves meet the same dice; ``fresh``:
        a new seed as a quick battle draws one (``game.dice.fresh_seed``), the same battle with new luck."""
        # late: tests patch it: the function must see the replacement at call time
        from game.dice import fresh_seed

        session = self.battle_scene.session
        initial = session.ctl.initial
        try:
            scene = self.app.battle_from(initial.clone(with_log=False), seat=dict(session.seat),
                                         seed=fresh_seed() if fresh else initial.rng.seed)
        except (SessionError, ValueError, KeyError, TypeError) as exc:
            self.say(str(exc), "failure")
            return None
        session.close()
        return Transition("reset", scene)

    def on_button(self, name: str, widget: Any) -> Transition | None:
        if name == "board":
            return Transition("pop")
        if name == "review":
            # late: tests patch it: the function must see the replacement at call time
            from game.ui.menus.review_screen import ReviewScreen, lost_side

            loser = lost_side(self.battle_scene.session)
            return Transition("push", ReviewScreen(self.app, self.battle_scene, loser)) if loser else None
        if name in ("again", "new"):
            return self.same_dice_again(fresh=name == "new")
        if name == "menu":
            self.battle_scene.session.close()
            return Transition("reset", self.app.screens.main_menu())
        if name == "builder":  # the set-up as it was at Play (issue 28)
            self.battle_scene.session.close()
            return Transition("reset", self.app.screens.builder())
        if name == "replay":
            try:
                scene = ReplayScene(self.app, self.battle_scene.session.replay())
            except Exception as exc:  # noqa: BLE001
                self.say(str(exc), "failure")
                return None
            return Transition("reset", scene)
        return None

    def on_escape(self) -> Transition | None:
        return Transition("pop")

    def draw_extra(self, surface: pygame.Surface) -> None:
        bs = self.battle_scene
        s = bs.session
        b = s.battle
        t = self.app.text
        w, h = surface.get_size()
        bw = min(1000, w - 40)
        x = (w - bw) // 2
        y = 40
        rows = sum(46 if self.summary.get(f.id, {}).get("kinds") else 26 for f in b.fighters)
        box = pygame.Rect(x - 20, y - 16, bw + 40, min(getattr(self, "buttons_top", h - 80) - 40, 180 + rows))
        pygame.draw.rect(surface, (16, 18, 24), box, border_radius=12)
        pygame.draw.rect(surface, (255, 216, 74), box, width=2, border_radius=12)
        winner = b.winner
        head = win_words(s.side_name(winner)) if winner else "A draw"
        col = bs.board.colours.get(winner, (255, 216, 74)) if winner else (255, 216, 74)
        img = t.render(head, 44, col, bold=True)
        surface.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += 60
        why = next((e.get("text") for entry in reversed(b.log) for e in entry.get("events", [])
                    if e.get("type") == "message"), "")
        rounds = max(1, b.round - (1 if b.current is None else 0))
        sub = t.render(f"{battle_title(b)}: after {rounds} round{'s' if rounds != 1 else ''}, {b.turn} turns. "
                       f"{why or ''}", 16,
                       (220, 220, 220))
        surface.blit(sub, sub.get_rect(midtop=(w // 2, y)))
        y += 40
        cols = [("Fighter", 0), ("Actions", 230), ("Rolls made", 310), ("Injury dealt", 410), ("Taken", 510),
                ("Grips", 580), ("Downs", 640), ("Now", 710)]
        for label, dx in cols:
            surface.blit(t.render(label, 13, (255, 216, 74), bold=True), (x + dx, y))
        y += 24
        for f in b.fighters:
            st = self.summary.get(f.id, {})
            side_icon(surface, (x + 12, y + 10), 10, bs.board.side_index.get(f.side, 0),
                      bs.board.colours.get(f.side, (200, 200, 200)), initial(f.label), t)
            hp = hp_of(s, f)
            # words, not ids: "in hand-to-hand" (S3-HTH-7), "on fire (whole body)"
            now = ", ".join(s.ruleset.presentation.condition_name(c) for c in f.conditions) or f.posture
            if hp:  # named as the ruleset counts it (seen under Xvfb: nd6's end screen said "HP" for ST, G3-7)
                now += f", {s.ruleset.presentation.health_stat} {hp[0]:g}/{hp[1]:g}"
            vals = [f.label, str(st.get("actions", 0)), rolls_made_words(st.get('made', 0), st.get('rolls', 0)),
                    str(st.get("dealt", 0)), str(st.get("taken", 0)), str(st.get("grips", 0)),
                    str(st.get("downs", 0)), now]
            for (label, dx), v in zip(cols, vals):
                surface.blit(t.render(v, 14, (236, 232, 220), bold=label == "Fighter"),
                             (x + dx + (28 if label == "Fighter" else 0), y))
            y += 22
            kinds = st.get("kinds", {})
            if kinds:
                did = ", ".join(f"{_kind_words(s.ruleset, k)} \u00d7{n}" for k, n in sorted(kinds.items(),
                                                                                        key=lambda kv: -kv[1])[:6])
                surface.blit(t.render(did, 12, (160, 160, 160)), (x + 28, y))
                y += 20
            y += 4
        _ = name_of
