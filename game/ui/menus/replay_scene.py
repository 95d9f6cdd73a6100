"""Replay: a saved battle again, action by action, with the same animation and log.

Right or Space: next action (animated); Left: back one; Home / End: start /
end; P: play on by itself; Esc: main menu. The timeline along the bottom
(:mod:`game.ui.menus.replay_timeline`) does the same with the mouse: a click or
a drag on its bar jumps to that action, a mark per round; play/pause and the
speed (0.5x to 4x) beside it. The log shows what has happened up
to the current action; rolls open their breakdown as in a battle.

A save is checked exactly as Load checks it before it is shown
(:meth:`game.files.saves.Replay.from_save`: the whole log re-played, compared
with the snapshot and the hash), so a save that diverges is refused in the
menu with one sentence. Stepping never raises: should a step fail all the
same, the replay stays where it was, stops playing and says why on screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.files import saves
from game.files.saves import SaveError
from game.hexgrid import Hex
from game.ui.battle_layout import battle_layout, log_rect, panel_room
from game.ui.board_scene import BoardScene
from game.ui.event_player import EventPlayer
from game.ui.hud.combat_log import CombatLog
from game.ui.hud.fighter_panel import FighterPanel
from game.ui.hud.initiative_bar import InitiativeBar
from game.ui.hud.rescale import rescale_hud
from game.ui.marks import draw_badges, draw_grips
from game.ui.menus.replay_timeline import ReplayTimeline, rounds_of
from game.ui.menus.rules_help_view import RulesHelpView
from game.ui.palette import palette
from game.ui.roll_breakdown import RollBreakdown
from game.ui.rules_help import help_for
from game.ui.scene import Scene, Transition
from game.ui.text import TextCache
from game.ui.ui_scale import effective_scale

__all__ = ["ReplayScene"]


class _View:
    """What the HUD asks a session, answered from a replay."""

    #: the HUD labels the seats without "your move" or "thinking": in a replay nobody moves
    replaying = True

    def __init__(self, replay: Any) -> None:
        self.replay = replay
        # the seats as saved (issue 15: a computer-against-computer battle read "(human) · your move")
        saved = getattr(replay, "seat", None) or {}
        self.seat = {s.id: saved.get(s.id, s.control) for s in replay.initial.sides}
        self.ruleset = replay.ruleset

    @property
    def battle(self) -> Any:
        return self.replay.battle

    @property
    def ctl(self) -> Any:
        return self.replay.ctl

    def side_name(self, sid: str | None) -> str:
        s = self.battle.side(sid) if sid else None
        return (s.name or s.id) if s is not None else (sid or "")

    def human_sides(self) -> list[str]:
        return []

    def whose_turn(self) -> str | None:
        return self.battle.current


class ReplayScene(Scene):
    def __init__(self, app: Any, replay: Any) -> None:
        self.app = app
        self.replay = replay
        self.view = _View(replay)
        self.size = app.size
        self.text = TextCache(scale=effective_scale(app.settings.ui_scale, self.size))  # as the battle's HUD
        self.pal = palette(app.settings.palette)
        self.board = BoardScene(replay.battle, self.size, app.text)
        self.board.show_hud = False
        self.board.click_selects = True
        self.board.grip_drawer = lambda s, pos: draw_grips(s, self.board.camera, self.board.battle, pos, app.text,
                                                           self.pal.grips, self.player.link_growth(),
                                                           self.board.geometry.hex_radius,
                                                           centre_of=self.board.geometry.center)
        self.board.overlay = lambda s: draw_badges(s, self.board.camera, self.board.battle,
                                                   self.board.token_positions(), app.text,
                                                   self.board.geometry.hex_radius * 0.6, self.board.tokens.layout,
                                                   extents=self.board.tokens.extents)
        self.board.tokens.grip_colours = self.pal.grips  # the grip words on a crowded hex's plate
        self.player = EventPlayer(app.settings.speed_factor or 0.5)
        self.player.set_position_source(lambda fid: self.board.token_positions().get(fid))
        self._headed: set[int] = set()
        self.player.listener = self._log_event
        self.bar = InitiativeBar(self.text)
        self.panel = FighterPanel(self.text)
        self.log = CombatLog(self.text)
        self.help = help_for(replay.ruleset)
        self.breakdown: RollBreakdown | None = None
        self.auto = False
        self._auto_wait = 0.0
        #: why the last step failed (shown in the footer), or None
        self.problem: str | None = None
        self.timeline = ReplayTimeline(self.text)
        self.rounds = rounds_of(replay)  # the round of each action: the timeline's marks
        self.layout(self.size)
        self.board.initial_view()
        self._relog()

    @classmethod
    def from_file(cls, app: Any, path: Path | str) -> ReplayScene:
        """The replay of a save checked as Load checks it; :class:`~game.files.saves.SaveError` (one sentence naming
        the file) for a save that does not replay to the battle it holds, or one that cannot be shown."""
        replay = saves.Replay.from_save(path)
        try:
            return cls(app, replay)
        except (MemoryError, KeyboardInterrupt):
            raise
        except Exception as exc:  # noqa: BLE001 - a checked save the screen cannot show: still the file's fault
            text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise saves.SaveError(f"{path}: cannot be shown ({text}).") from None

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        h = size[1]
        parts = battle_layout(size, self.text.scale)  # the battle screen's regions (issue 26: they follow the window)
        self.top_rect, self.right_rect, self.board_rect = parts.top, parts.right, parts.board
        top, board_w = parts.top.h, parts.board.w
        foot = self.text.render("Ag", 14, (0, 0, 0), bold=True).get_height() + 10  # the footer line below it
        strip = self.text.px(46)
        self.timeline.layout(pygame.Rect(0, h - foot - strip, board_w, strip))
        # the map is fitted above the timeline and the footer: no fighter starts hidden under them
        self.board.view_rect = pygame.Rect(0, top, board_w, max(80, self.timeline.rect.y - top))

    def resize(self, size: tuple[int, int]) -> None:
        self.board.resize(size)
        if rescale_hud(self, size):
            self.timeline.text = self.text
        self.layout(size)

    def enter(self, size: tuple[int, int]) -> None:
        if size != self.size:
            self.resize(size)

    def _log_event(self, entry: dict, ev: dict) -> None:
        if id(entry) not in self._headed:
            self._headed.add(id(entry))
            self.log.add_head(entry, self.replay.battle)
        self.log.add_event(entry, ev, self.replay.battle)

    def _relog(self) -> None:
        r = self.replay
        hi = r.starts[r.position] if r.position < len(r.starts) else len(r.log)
        self.log.rebuild(r.log[:hi], r.battle)

    # -- stepping ---------------------------------------------------------------------------
    def _failed(self, exc: Exception) -> None:
        """A step that did not replay: stop playing, show the last good position and say why."""
        self.auto = False
        self.player.finish()
        self.player.forget_shadow()
        self.board.show(self.replay.battle)
        text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        self.problem = text if isinstance(exc, SaveError) and text else (
            f"This replay cannot go on ({type(exc).__name__}{': ' + text if text else ''}).")
        self._relog()

    def forward(self) -> bool:
        r = self.replay
        if r.position >= len(r):
            return False
        self.player.finish()
        shadow = r.battle.clone(with_log=False)
        try:
            r.forward()
        except (MemoryError, KeyboardInterrupt):
            raise
        except Exception as exc:  # noqa: BLE001 - never a crash while stepping (issue 13)
            self._failed(exc)
            return False
        self.problem = None
        entries = r.entries_at(r.position)
        for e in entries:
            if not e.get("events"):
                self.log.add_entry(e, r.battle)
        self.board.show(shadow)
        self.player.forget_shadow()
        self.player.set_pace(self.timeline.speed)  # the timeline's speed, over the animation setting
        self.player.play(entries, shadow)
        if not self.player.busy:
            self.board.show(r.battle)
        return True

    def goto(self, k: int) -> None:
        self.player.finish()
        self.player.forget_shadow()
        try:
            self.replay.goto(k)
        except (MemoryError, KeyboardInterrupt):
            raise
        except Exception as exc:  # noqa: BLE001 - never a crash while stepping (issue 13)
            self._failed(exc)
            return
        self.problem = None
        self.board.show(self.replay.battle)
        self._relog()

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if self.breakdown is not None:
            out = self.breakdown.handle(event)
            if out == "close":
                self.breakdown = None
            elif isinstance(out, str) and out.startswith("rule:"):  # a rule pill: the rules help at it (issue 18)

                self.breakdown = None
                return Transition("push", RulesHelpView(self.app, self, rule=out[5:], ruleset=self.replay.ruleset))
            return None
        if self._timeline_event(event):
            return None
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_RIGHT, pygame.K_SPACE):
                self.forward()
            elif k == pygame.K_LEFT:
                self.goto(max(0, self.replay.position - 1))
            elif k == pygame.K_HOME:
                self.goto(0)
            elif k == pygame.K_END:
                self.goto(len(self.replay))
            elif k == pygame.K_p:
                self.auto = not self.auto
            elif k == pygame.K_ESCAPE:
                return Transition("reset", self.app.screens.main_menu())
            elif k == pygame.K_f:
                self.board.fit()
            return None
        if event.type == pygame.MOUSEWHEEL and self.right_rect.collidepoint(pygame.mouse.get_pos()):
            self.log.wheel(int(event.y))
            return None
        if event.type == pygame.MOUSEMOTION:
            self.log.hover(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.right_rect.collidepoint(event.pos):
            ev = self.log.click(event.pos)
            if ev is not None:
                self.breakdown = RollBreakdown(ev, self.replay.battle, self.text, self.pal, self.help)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.player.busy:
            self.player.finish()
            return None
        self.board.handle(event)
        return None

    def _timeline_event(self, event: pygame.event.Event) -> bool:
        """A click or drag on the timeline: jump, play/pause or a speed; True when the event was the timeline's."""
        got = self.timeline.handle(event, len(self.replay))
        if got is None:
            return False
        what, value = got
        if what == "goto" and value != self.replay.position:
            self.goto(value)  # replays the battle up to that action (checkpoints keep a drag quick)
        elif what == "play":
            self.auto = not self.auto
            self._auto_wait = 0.0
        elif what == "speed":
            self.player.pace = value
        return True

    def update(self, dt_ms: int) -> None:
        self.board.update(dt_ms)
        was = self.player.busy
        self.player.update(dt_ms)
        self.board.token_override = self.player.token_override(
            lambda qr: self.board.geometry.center(Hex(*qr)))
        if was and not self.player.busy:
            self.board.show(self.replay.battle)
        if self.auto and not self.player.busy:
            self._auto_wait += dt_ms
            if self._auto_wait > 400 / self.timeline.speed:
                self._auto_wait = 0
                if not self.forward():
                    self.auto = False

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        self.board.draw(surface)
        self.bar.draw(surface, self.top_rect, self.view, self.pal, self.board.side_index, self.board.colours)
        r = self.right_rect
        pygame.draw.rect(surface, (10, 11, 14), r)
        used = self.panel.draw(surface, panel_room(r, self.text.scale), self.view, self.board.battle,
                               self.board.selected or self.replay.battle.current, self.pal, self.board.side_index,
                               self.board.colours)
        self.log.draw(surface, log_rect(r, used, self.text.scale), self.pal)
        self.timeline.draw(surface, self.replay.position, self.rounds, self.auto, self.pal)
        t = self.text
        br = self.board_rect
        playing = " \u00b7 playing" if self.auto else ""
        line = (f"REPLAY \u2014 action {self.replay.position} of {len(self.replay)}{playing}   \u00b7   "
                "Right/Space: next   Left: back   Home/End   P: play   Esc: menu")
        img = t.render(self.problem or line, 14, self.pal.failure if self.problem else self.pal.accent, bold=True)
        box = pygame.Rect(br.x, br.bottom - img.get_height() - 10, br.w, img.get_height() + 10)
        s = pygame.Surface(box.size, pygame.SRCALPHA)
        s.fill((10, 11, 14, 215))
        surface.blit(s, box)
        surface.blit(img, (box.x + 10, box.y + 5))

    def draw_over_gui(self, surface: pygame.Surface) -> None:
        if self.breakdown is not None:
            self.breakdown.draw(surface)
