"""The battle screen: the board, the HUD around it, the input modes, the event player.

The flow of one click (ARCHITECTURE.md): the current input mode (``modes``)
turns the click into an intent; :meth:`BattleScene.submit` hands it to the
session (the turn controller) after keeping a *shadow* copy of the battle as
it was; the controller's log entries go to the combat log and to the
:class:`~game.ui.event_player.EventPlayer`, which replays them on the shadow
while the board shows it; when the animation ends the board shows the real
battle again and :meth:`settle` picks the next mode (your move, the
computer's, dice to enter, a hand-over, the end of the battle).

Layout: the initiative bar across the top, the fighter panel and the combat
log in a column on the right, the board in the rest with the hint line at
its foot and the last roll's verdict above it.
"""

from __future__ import annotations

import time
from collections import deque
from typing import Any

import pygame

from game.hexgrid import Hex, hex_distance, hex_neighbors
from game.ui import modes as M
from game.ui.action_menu import SHORTCUTS, ActionMenu, warm_up
from game.ui.board_scene import BoardScene
from game.ui.describe import (
    contest_verdict,
    decision_words,
    intent_words,
    is_range_roll,
    name_of,
    need_words,
    roll_sum,
    roll_verdict,
)
from game.ui.dice_dialog import DiceDialog
from game.ui.event_player import EventPlayer
from game.ui.hud.combat_log import CombatLog, LogLine
from game.ui.hud.fighter_panel import FighterPanel, hp_of
from game.ui.hud.initiative_bar import InitiativeBar
from game.ui.hud.widgets import cross, die_face, tick
from game.ui.intent_fields import expand
from game.ui.marks import ReachOverlay, draw_badges, draw_grips, draw_path
from game.ui.palette import palette
from game.ui.roll_breakdown import RollBreakdown
from game.ui.rules_help import help_for
from game.ui.scene import Scene, Transition
from game.ui.text import TextCache, label_surface
from game.ui.tokens import parse_colour

__all__ = ["BattleScene"]

TOP = 64
TOAST_MS = 3800


class BattleScene(Scene):
    def __init__(self, app: Any, session: Any) -> None:
        self.app = app
        self.session = session
        self.settings = app.settings
        self.size = app.size
        self.text = TextCache(scale=self.settings.ui_scale)
        self.pal = palette(self.settings.palette)
        self.board = BoardScene(session.battle, self.size, app.text)
        self.board.show_hud = False
        self.board.click_selects = False
        self.board.underlay = self._underlay
        self.board.overlay = self._overlay
        self.board.grip_drawer = self._draw_grips
        self.bar = InitiativeBar(self.text)
        self.panel = FighterPanel(self.text)
        self.log = CombatLog(self.text)
        self.reach_overlay = ReachOverlay(self.board.geometry, app.text)
        self.player = EventPlayer(self.settings.speed_factor)
        self.player.set_position_source(self._world_pos)
        self.player.listener = self._log_event
        self._headed: set[int] = set()
        self.help = help_for(session.ruleset)
        self.breakdown: RollBreakdown | None = None
        self.dialog: DiceDialog | None = None
        self.mode: M.Mode = M.Watching()
        self.mouse = (0, 0)
        self.dragged = False
        self.toasts: deque[tuple[str, float, tuple[int, int, int]]] = deque(maxlen=4)
        self.last_roll: dict[str, Any] | None = None
        self.last_rolls: list[dict[str, Any]] = []
        self.last_title = ""
        self.last_actor: str | None = None
        self.last_roll_rect = pygame.Rect(0, 0, 0, 0)
        self.last_roll_rows: list[tuple[pygame.Rect, dict[str, Any]]] = []
        self._opts_key: tuple | None = None
        self._opts: list[Any] = []
        self._reach: dict[Hex, Any] = {}
        self._costs: dict[Hex, int] = {}
        self._paths: dict[Hex, list[Hex]] = {}
        self._last_human_side: str | None = None
        self._ended_shown = False
        self._noted_choice: Any = None
        self._tooltip_key: Any = None
        self._tooltip: pygame.Surface | None = None
        self.menu_open_ms: float | None = None
        self.log.rebuild(session.battle.log, session.battle)
        warm_up(app.gui, self.text)
        self._odds: dict[int, Any] = {}
        self._apply_palette()
        self.layout(self.size)
        self.board.initial_view()
        if app.settings_problem:
            self.toast(app.settings_problem, "failure")
            app.settings_problem = None
        self.settle(first=True)

    # -- the parts ------------------------------------------------------------------------------
    @property
    def battle(self) -> Any:
        """The battle as the screen shows it (the shadow while animating)."""
        return self.board.battle

    @property
    def actor(self) -> str | None:
        """The fighter a human may act with now, if any."""
        s = self.session
        if s.is_human_turn() and not self.player.busy and s.waiting_for_dice is None:
            return s.whose_turn()
        return None

    def name(self, fid: str | None) -> str:
        return name_of(self.session.battle, fid)

    def _apply_palette(self) -> None:
        self.pal = palette(self.settings.palette)
        b = self.session.battle
        ids = list(self.board.side_index)
        cols = {}
        for sid in ids:
            i = self.board.side_index[sid]
            side = b.side(sid)
            if self.pal.use_scenario_colours and side is not None:
                cols[sid] = parse_colour(side.colour, self.pal.sides[i % len(self.pal.sides)])
            else:
                cols[sid] = self.pal.sides[i % len(self.pal.sides)]
        self.board.side_colours = cols
        self.board.arc_tints = self.pal.arcs

    def apply_settings(self) -> None:
        """The settings changed (from the settings screen)."""
        self.settings = self.app.settings
        self.player.speed = self.settings.speed_factor
        if abs(self.text.scale - self.settings.ui_scale) > 1e-6:
            self.text = TextCache(scale=self.settings.ui_scale)
            self.bar = InitiativeBar(self.text)
            self.panel = FighterPanel(self.text)
            old = self.log
            self.log = CombatLog(self.text)
            self.log.lines = old.lines
        self._apply_palette()
        self.session.set_ai(self.settings.ai_level, self.settings.ai_budget_ms)
        res = self.session.set_dice_source(self.settings.dice_source)
        if res is not None:
            self.dispatch(res)
        self.layout(self.size)
        self.settle()

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        s = self.settings.ui_scale
        right = int(min(max(300, 330 * s), w * 0.42))
        top = int(TOP * min(s, 1.3))
        self.top_rect = pygame.Rect(0, 0, w, top)
        self.right_rect = pygame.Rect(w - right, top, right, h - top)
        self.board_rect = pygame.Rect(0, top, w - right, h - top)
        self.board.view_rect = self.board_rect

    def enter(self, size: tuple[int, int]) -> None:
        if size != self.size:
            self.resize(size)
        if self._suspended:
            self._suspended = False
            if not self.player.busy and isinstance(self.mode, M.Menu | M.EnterDice):
                self.settle()  # its widgets were hidden: build them again

    def suspend(self) -> None:
        self._suspended = True
        self._close_mode_widgets()

    def resize(self, size: tuple[int, int]) -> None:
        self.board.resize(size)
        self.layout(size)

    def leave(self) -> None:
        self._close_widgets()

    def _close_widgets(self) -> None:
        if isinstance(self.mode, M.Menu):
            self.mode.menu.kill()
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None

    # -- options, reach, paths --------------------------------------------------------------------
    def options(self) -> list[Any]:
        s = self.session
        b = s.battle
        key = (id(s.ctl), len(b.log), b.current, b.turn, b.round, s.waiting_for_dice is None, b.ended)
        if key != self._opts_key:
            self._opts = expand(s.options(), s.battle, s.ruleset, s.ctl) if s.is_human_turn() else []
            self._opts_key = key
            self._reach = {}
            for o in self._opts:
                a = o.action
                if o.reason is None and a.type == "move" and getattr(a, "to", None) is not None:
                    self._reach[Hex(*a.to)] = a
            self._costs, self._paths = self._route_all(set(self._reach))
            self._odds = {}
        return self._opts

    def odds_of(self, action: Any) -> Any:
        """The action's odds, worked out once per state (idle frames fill this before a click needs it)."""
        k = id(action)
        if k not in self._odds:
            self._odds[k] = self.session.odds(action)
        return self._odds[k]

    def warm_odds(self, budget_ms: float = 5.0) -> None:
        """On an idle frame: the odds of the allowed options not yet known, for at most ``budget_ms``."""
        if self.actor is None or not isinstance(self.mode, M.SelectHex | M.SelectFighter):
            self._warm_pending = False
            return
        t0 = time.perf_counter()
        self._warm_pending = True
        for o in self.options():
            if o.reason is None and id(o.action) not in self._odds and o.action.type not in ("move",):
                self.odds_of(o.action)
                if (time.perf_counter() - t0) * 1000 > budget_ms:
                    return
        self._warm_pending = False

    @property
    def reach(self) -> dict[Hex, Any]:
        self.options()
        return self._reach

    def _route_all(self, goals: set[Hex]) -> tuple[dict[Hex, int], dict[Hex, list[Hex]]]:
        """Paths to every destination the ruleset allows, through those hexes and allies' (no new legality)."""
        b = self.session.battle
        actor = b.get(b.current)
        if actor is None or not goals:
            return {}, {}
        ruleset = self.session.ruleset
        passable = set(goals) | {f.hex for f in b.fighters if f.side == actor.side and f.id != actor.id}
        prev: dict[Hex, Hex | None] = {actor.hex: None}
        queue = deque([actor.hex])
        while queue:
            h = queue.popleft()
            for n in hex_neighbors(h):
                if n in prev or n not in passable:
                    continue
                prev[n] = h
                queue.append(n)
        costs, paths = {}, {}
        for g in goals:
            try:
                given = ruleset.move_path(b, self._reach[g])  # None (the default): the search below
            except Exception:  # noqa: BLE001 - a ruleset's preview must never stop the game: search instead
                given = None
            if given is not None:
                p = list(given)
                costs[g], paths[g] = len(p), p
                continue
            if g in prev:
                p = [g]
                while prev[p[-1]] is not None and prev[p[-1]] != actor.hex:
                    p.append(prev[p[-1]])  # type: ignore[arg-type]
                p.reverse()
                costs[g], paths[g] = len(p), p
            else:
                costs[g], paths[g] = hex_distance(actor.hex, g), [g]
        return costs, paths

    def cost_of(self, h: Hex) -> int:
        self.options()
        if h in self._costs:
            return self._costs[h]
        a = self.session.battle.get(self.session.battle.current)
        return hex_distance(a.hex, h) if a is not None else 0

    def path_to(self, h: Hex) -> list[Hex]:
        self.options()
        if h in self._paths:
            return self._paths[h]
        b = self.session.battle
        a = b.get(b.current)
        if a is None:
            return [h]
        # a destination outside the move set (drag, move and attack): a straight search over open hexes
        prev: dict[Hex, Hex | None] = {a.hex: None}
        queue = deque([a.hex])
        while queue and h not in prev:
            x = queue.popleft()
            for n in hex_neighbors(x):
                if n not in prev and (not b.board.cells or b.board.is_open(n)) and hex_distance(n, h) < 30:
                    prev[n] = x
                    queue.append(n)
        if h not in prev:
            return [h]
        p = [h]
        while prev[p[-1]] is not None and prev[p[-1]] != a.hex:
            p.append(prev[p[-1]])  # type: ignore[arg-type]
        p.reverse()
        return p

    # -- menus and shortcuts ----------------------------------------------------------------------
    def open_menu(self, target: str | None, anchor: tuple[int, int], open_group: str | None = None) -> M.Mode:
        actor = self.actor
        if actor is None:
            return self.mode
        t0 = time.perf_counter()
        opts = self.options()
        if target is not None:
            chosen = [o for o in opts if getattr(o.action, "target", None) == target]
        else:
            chosen = [o for o in opts if getattr(o.action, "target", None) is None]
        if not chosen:
            self.toast(f"{self.name(actor)} has nothing to do to {self.name(target)} now." if target
                       else "Nothing to do here.", "neutral")
            return self.mode
        back = self.mode if not isinstance(self.mode, M.Menu | M.PickHex | M.Confirm | M.SelectTarget) \
            else M.SelectHex(actor)
        menu = ActionMenu(self.app.gui, self.session, self.session.battle, actor, chosen, target=target,
                          anchor=anchor, text=self.text, pal=self.pal, screen_size=self.size,
                          open_group=open_group, help=self.help, odds=self.odds_of)
        self.menu_open_ms = (time.perf_counter() - t0) * 1000
        return M.Menu(menu, back)

    def shortcut(self, kinds: list[str], pos: tuple[int, int]) -> Any:
        """A key for an action kind: the foe under the mouse, the only foe it fits, or pick one."""
        opts = [o for o in self.options() if o.action.type in kinds]
        if not opts:
            self.toast(f"{self.name(self.actor)} cannot {kinds[0].replace('_', ' ')} now.", "neutral")
            return None
        legal = [o for o in opts if o.reason is None]
        if not legal:
            r = opts[0].reason
            self.toast(f"{kinds[0].replace('_', ' ').capitalize()}: {r.text}" + (f" ({r.rule})" if r.rule else ""),
                       "failure")
            return None
        under = self.board.fighter_at_screen(pos) if self.board_rect.collidepoint(pos) else None
        targets = sorted({getattr(o.action, "target", None) for o in legal} - {None})
        kind = legal[0].action.type
        if under in targets:
            return self.open_menu(target=under, anchor=pos, open_group=kind)
        if not targets:
            return self.open_menu(target=None, anchor=pos, open_group=kind)
        if len(targets) == 1:
            tp = self.board.token_screen_pos(targets[0])
            return self.open_menu(target=targets[0], anchor=(int(tp[0]), int(tp[1])), open_group=kind)
        return M.SelectTarget([kind], targets, self.mode)

    # -- playing ----------------------------------------------------------------------------------
    def submit(self, intent: Any) -> None:
        shadow = self.session.battle.clone(with_log=False)
        result = self.session.submit(intent)
        self.dispatch(result, shadow)

    def dispatch(self, result: Any, shadow: Any = None, decision: Any = None) -> None:
        """Log and animate a controller result, or show why it was refused."""
        if result is None:
            return
        if result.rejected:
            r = result.reason
            self.toast(f"Not allowed: {r.text}" + (f" ({r.rule})" if getattr(r, "rule", "") else ""), "failure")
            self.log.note(f"Refused: {r.text}")
            self.settle()
            return
        if decision is not None and getattr(decision, "action", None) is not None:
            self.log.add(LogLine(decision_words(self.session.battle, decision), "ai"))
        if self.session.ai_problem:
            self.toast(self.session.ai_problem, "failure")
            self.session.ai_problem = None
        entries = list(result.entries)
        for e in entries:
            if not e.get("events"):
                self.log.add_entry(e, self.session.battle)  # nothing to play: log it now
            rolls = [ev for ev in e.get("events", []) if ev.get("type") in ("roll", "contest")]
            if "intent" in e and rolls:
                self.last_rolls = rolls
                self.last_roll = rolls[-1]
                self.last_actor = e["intent"].get("actor")
                self.last_title = intent_words(self.session.battle, e["intent"])
        self.log.scroll = 0
        if entries:
            if shadow is None:
                shadow = self.session.battle.clone(with_log=False)
                # no snapshot from before: animate on the final state (captions and dice still play)
            if not self.player.busy:
                self.board.battle = shadow
            self.player.play(entries, self.board.battle)
            self.set_mode(M.Animating())
        if not self.player.busy:
            self.board.battle = self.session.battle
            self.player.shadow = None
            self.settle()

    def settle(self, first: bool = False) -> None:
        """After the animation: the next mode for the state the controller is in."""
        s = self.session
        b = s.battle
        self._close_mode_widgets()
        if b.ended:
            self.set_mode(M.Watching())
            if not self._ended_shown:
                self._ended_shown = True
                from game.ui.menus.end_screen import EndScreen

                self.request(Transition("push", EndScreen(self.app, self)))
            return
        req = s.waiting_for_dice
        if req is not None:
            self.dialog = DiceDialog(self.app.gui, req, self.size, can_cancel=s.ctl.can_cancel_dice)
            self.set_mode(M.EnterDice(self.dialog))
            return
        choice = getattr(s.ctl, "waiting_for_choice", None)
        if choice is not None:
            self.set_mode(M.Choose(self._result_menu(choice), M.Watching()))
            return
        if s.is_human_turn():
            side = s.current_side()
            if (self.settings.handover and s.is_hotseat() and self._last_human_side is not None
                    and side != self._last_human_side):
                from game.ui.handover import HandoverScene

                self.request(Transition("push", HandoverScene(self.app, self, side)))
            self._last_human_side = side
            actor = s.whose_turn()
            self.board.selected = actor
            self.set_mode(M.SelectHex(actor))
        else:
            self.set_mode(M.Watching())

    def _result_menu(self, need: Any) -> ActionMenu:
        """The ruleset's menu after a roll (``need_choice``): the roll at a glance, the choices, the prompt."""
        s = self.session
        data = getattr(need, "data", {}) or {}
        actor = data.get("actor") or s.whose_turn()
        contest = data.get("contest")
        if contest is not None:
            self.last_rolls = [contest]
            self.last_roll = contest
            self.last_actor = actor
            self.last_title = f"{self.name(actor)}: roll made, result to choose"
        if self._noted_choice is not need:
            self._noted_choice = need
            self.log.note(need.prompt)
        f = s.battle.get(actor)
        anchor = self.board.token_screen_pos(actor) if f is not None else self.board_rect.center
        edge = data.get("edge")
        title = f"{self.name(actor)}: edge {edge}" if edge is not None else f"{self.name(actor)}: choose"
        return ActionMenu(self.app.gui, s, s.battle, actor, list(need.menu), target=data.get("target"),
                          anchor=(int(anchor[0]), int(anchor[1])), text=self.text, pal=self.pal,
                          screen_size=self.size, title=title, result_mode=True, help=self.help, request=need)

    def _close_mode_widgets(self) -> None:
        if isinstance(self.mode, M.Menu):
            self.mode.menu.kill()
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None

    def set_mode(self, mode: M.Mode) -> None:
        self.mode = mode

    def command(self, cmd: M.Command) -> Any:
        s = self.session
        n = cmd.name
        if n == "end_turn":
            if self.actor is None:
                return None
            shadow = s.battle.clone(with_log=False)
            self.dispatch(s.end_turn(), shadow)
        elif n == "undo":
            self.player.finish()
            self._close_mode_widgets()
            res = s.undo()
            if res.rejected:
                self.toast(f"Cannot undo: {res.reason.text}", "failure")
                self.settle()
            else:
                self.board.battle = s.battle
                self.player.shadow = None
                self.log.rebuild(s.battle.log, s.battle)
                self.log.note("(took back the last action)")
                self.toast("Undone.", "neutral")
                self._last_human_side = s.current_side()
                self.settle()
        elif n == "redo":
            res = s.redo()
            if not res.rejected:
                self.log.rebuild(s.battle.log, s.battle)
                self.toast("Redone.", "neutral")
                self.settle()
        elif n == "save":
            self.quicksave()
        elif n in ("pause", "load", "help"):
            from game.ui.menus.pause_menu import PauseMenu

            self._close_mode_widgets()
            self.player.finish()
            return Transition("push", PauseMenu(self.app, self, open=n if n != "pause" else None))
        elif n == "finish":
            self._swallow_up = True  # the release of the click that skipped must not act as well
            self.player.finish()
            self.board.token_override = {}
            if self.board.battle is not s.battle or isinstance(self.mode, M.Animating):
                self.board.battle = s.battle
                self.player.shadow = None
                self.settle()
        elif n == "inspect":
            self.board.selected = cmd.arg
        elif n == "unreachable":
            h = cmd.arg
            self.toast(f"{self.name(self.actor)} cannot reach ({h.q}, {h.r}) this turn: the lit hexes are in "
                       f"reach.", "neutral")
        elif n == "cycle":
            self.cycle(cmd.arg)
        elif n == "give_dice":
            self.dialog = None
            shadow = s.battle.clone(with_log=False)
            res = s.give_dice(cmd.arg)
            if res.rejected:
                self.toast(res.reason.text, "failure")
                self.settle()
            else:
                self.dispatch(res, shadow)
        elif n == "cancel_dice":
            self.dialog = None
            if not s.cancel_dice():
                self.toast("This roll is the rules' own (not an action): it cannot be cancelled.", "failure")
            self.settle()
        elif n == "dice_by_computer":
            self.dialog = None
            self.app.settings.dice_source = "computer"
            self.app.store_settings()
            shadow = s.battle.clone(with_log=False)
            res = s.set_dice_source("computer")
            paused = s.ctl.waiting_for_dice is not None
            if res is not None and not paused and not res.rejected:
                self.dispatch(res, shadow)
            elif paused:
                # an action was paused: play it again with computer dice
                intent = s.ctl.paused_intent
                s.cancel_dice()
                if intent is not None:
                    self.submit(intent)
                    return None
                self.settle()
            else:
                self.settle()
        elif n == "choose":
            shadow = s.battle.clone(with_log=False)
            self.dispatch(s.choose(cmd.arg), shadow)
        return None

    def cycle(self, step: int) -> None:
        s = self.session
        side = s.current_side() if s.is_human_turn() else None
        if side is None:
            hs = s.human_sides()
            side = hs[0] if hs else None
        mine = [f.id for f in s.battle.fighters if f.side == side
                and not ({"dead", "unconscious"} & set(f.conditions))]
        if not mine:
            return
        cur = self.board.selected
        i = mine.index(cur) if cur in mine else -1
        nxt = mine[(i + step) % len(mine)]
        self.board.selected = nxt
        if nxt == self.actor:
            self.set_mode(M.SelectHex(nxt))
        elif isinstance(self.mode, M.SelectHex):
            self.set_mode(M.SelectFighter())
        try:
            self.board.camera.center_on(*self.board.geometry.center(s.battle.fighter(nxt).hex))
        except KeyError:
            pass

    def quicksave(self) -> None:
        try:
            path = self.session.save(name="quicksave")
        except Exception as exc:  # noqa: BLE001 - the save's sentence, never a traceback
            self.toast(str(exc), "failure")
            return
        self.toast(f"Saved to {path}", "success")

    def toast(self, text: str, tone: str = "neutral") -> None:
        col = {"failure": self.pal.failure, "success": self.pal.success}.get(tone, self.pal.neutral)
        self.toasts.append((text, TOAST_MS, col))

    # -- events ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Transition | None:
        et = event.type
        if self.breakdown is not None:
            if self.breakdown.handle(event) == "close":
                self.breakdown = None
            return None
        if hasattr(event, "pos") and et in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = tuple(int(v) for v in event.pos)
        if et == pygame.MOUSEBUTTONUP and self._swallow_up:
            self._swallow_up = False
            self.board._press = None
            self.board._dragging = False
            return None
        in_board = self.board_rect.collidepoint(self.mouse)
        menu_open = isinstance(self.mode, M.Menu | M.EnterDice)
        over_widget = menu_open and (
            (isinstance(self.mode, M.Menu) and self.mode.menu.contains(self.mouse))
            or (self.dialog is not None and self.dialog.panel is not None
                and self.dialog.panel.rect.collidepoint(self.mouse)))
        # the right column and the top bar
        if et == pygame.MOUSEMOTION:
            self.log.hover(self.mouse)
        if et == pygame.MOUSEWHEEL and self.right_rect.collidepoint(self.mouse):
            self.log.wheel(int(getattr(event, "y", 0)))
            return None
        if et == pygame.MOUSEBUTTONUP and event.button == 1 and not over_widget:
            if self.right_rect.collidepoint(event.pos):
                ev = self.log.click(event.pos)
                if ev is not None:
                    self.open_breakdown(ev)
                return None
            if self.top_rect.collidepoint(event.pos):
                fid = self.bar.fighter_at(event.pos)
                if fid is not None:
                    self.board.selected = fid
                return None
            if self.last_roll is not None and self.last_roll_rect.collidepoint(event.pos) \
                    and not isinstance(self.mode, M.Animating | M.Menu):
                hit = next((r for row, r in self.last_roll_rows if row.collidepoint(event.pos)), self.last_roll)
                self.open_breakdown(hit)
                return None
        if et in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and not in_board and not self.board._dragging:
            if et == pygame.MOUSEBUTTONUP:
                self.board._press = None
            if not menu_open:
                return None
        # the board: camera and hover (the menu keeps the board still under it)
        self.dragged = bool(self.board._dragging)
        if not over_widget:
            if et in (pygame.MOUSEMOTION, pygame.MOUSEWHEEL, pygame.KEYUP, pygame.WINDOWFOCUSLOST):
                self.board.handle(event)
            elif et in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in (1, 2):
                self.board.handle(event)
            elif et == pygame.KEYDOWN and not (event.mod & pygame.KMOD_CTRL) and not isinstance(
                    self.mode, M.EnterDice) and event.key in (
                    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_w, pygame.K_a, pygame.K_s,
                    pygame.K_d, pygame.K_f, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_MINUS, pygame.K_KP_PLUS,
                    pygame.K_KP_MINUS):
                if not isinstance(self.mode, M.Menu):
                    self.board.handle(event)
                    return None
            if et == pygame.KEYDOWN and event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
                return Transition("quit")
        out = self.mode.handle(event, self)
        return self._follow(out)

    def _follow(self, out: Any) -> Transition | None:
        if out is None:
            return None
        if isinstance(out, M.Mode):
            self.set_mode(out)
        elif isinstance(out, M.Submit):
            self.submit(out.intent)
        elif isinstance(out, M.Command):
            return self.command(out)
        return None

    def _log_event(self, entry: dict[str, Any], ev: dict[str, Any]) -> None:
        """The combat log follows the picture: each line appears as its event plays."""
        if id(entry) not in self._headed:
            self._headed.add(id(entry))
            if len(self._headed) > 512:
                self._headed = {id(entry)}
            self.log.add_head(entry, self.session.battle)
        self.log.add_event(entry, ev, self.session.battle)

    def open_breakdown(self, ev: dict[str, Any]) -> None:
        self.breakdown = RollBreakdown(ev, self.session.battle, self.text, self.pal, self.help)

    # -- time -----------------------------------------------------------------------------------
    def update(self, dt_ms: int) -> None:
        self.board.update(dt_ms)
        self.player.update(dt_ms)
        self.board.token_override = self.player.token_override(
            lambda qr: self.board.geometry.center(Hex(*qr)))
        if not self.player.busy and (self.board.battle is not self.session.battle
                                     or isinstance(self.mode, M.Animating)):
            self.board.battle = self.session.battle
            self.player.shadow = None
            self.settle()
        if not self.player.busy and isinstance(self.mode, M.Watching) and self.session.computer_to_act():
            key = (len(self.session.battle.log), self.session.battle.current)
            if key != self._shadow_key:
                self._computer_shadow = self.session.battle.clone(with_log=False)
                self._shadow_key = key
            got = self.session.poll_computer()
            if got is not None:
                result, decision = got
                self._shadow_key = None
                self.dispatch(result, self._computer_shadow, decision)
        if not self.player.busy:
            self.warm_odds()
        if self.toasts:
            kept = deque(((t, left - dt_ms, c) for t, left, c in self.toasts if left - dt_ms > 0), maxlen=4)
            self.toasts = kept

    def wants_frames(self) -> bool:
        p = self.player
        return bool(p.busy or p.floaters or p.banner is not None or self.toasts or self.board._held
                    or self._warm_pending or self.session.thinking or self.session.computer_to_act())

    _computer_shadow: Any = None
    _warm_pending = True  # the odds of the current options are not all known yet (worked out on idle frames)
    _swallow_up = False
    _suspended = False
    _shadow_key: Any = None

    # -- drawing --------------------------------------------------------------------------------
    def _world_pos(self, fid: str) -> tuple[float, float] | None:
        for p in self.board.tokens.placements(self.board.battle):
            if p.fighter_id == fid:
                return self.board.token_override.get(fid, (p.x, p.y))
        return None

    _reach_src: Any = None
    _reach_key: Any = None
    _reach_c: dict[Hex, int] = {}  # noqa: RUF012 - replaced, never mutated

    def draw_reach(self, surface: pygame.Surface, costs: dict[Hex, Any]) -> None:
        self.options()
        b = self.session.battle
        a = b.get(b.current)
        key = (self._opts_key, a.hex if a is not None else None, len(costs))
        if costs is not self._reach_src or key != self._reach_key:
            # the held reference keeps ``id(costs)`` from being reused; a fresh dict each frame just recomputes
            self._reach_c = {h: (v if isinstance(v, int) else self.cost_of(h)) for h, v in costs.items()}
            self._reach_src, self._reach_key = costs, key
        c = self._reach_c
        self.reach_overlay.draw(surface, self.board.camera, c, self.pal.reach, self.pal.reach_edge)

    def draw_route(self, surface: pygame.Surface, fid: str, h: Hex) -> None:
        f = self.session.battle.get(fid)
        if f is None:
            return
        path = self.path_to(h)
        cost = len(path)
        draw_path(surface, self.board.camera, self.board.geometry, f.hex, path, self.pal.path,
                  f"{cost} hex{'es' if cost != 1 else ''}", self.app.text)

    def ring_fighters(self, surface: pygame.Surface, fids: list[str]) -> None:
        cam = self.board.camera
        r = self.board.geometry.hex_radius * cam.zoom * 0.62
        for fid in fids:
            p = self._world_pos(fid)
            if p is None:
                continue
            x, y = cam.world_to_screen(*p)
            pygame.draw.circle(surface, (0, 0, 0), (x, y), r + 5, width=5)
            pygame.draw.circle(surface, self.pal.accent, (x, y), r + 4, width=3)

    def _underlay(self, surface: pygame.Surface) -> None:
        if not self.player.busy:
            self.mode.draw(surface, self)

    def _draw_grips(self, surface: pygame.Surface, positions: dict[str, tuple[float, float]]) -> None:
        draw_grips(surface, self.board.camera, self.board.battle, positions, self.app.text, self.pal.grips,
                   self.player.link_growth(), self.board.geometry.hex_radius,
                   centre_of=self.board.geometry.center)

    def _overlay(self, surface: pygame.Surface) -> None:
        pos = self.board.token_positions()
        draw_badges(surface, self.board.camera, self.board.battle, pos, self.app.text,
                    self.board.geometry.hex_radius * 0.6)
        self._draw_floaters(surface)
        self._draw_popups(surface, pos)

    def _draw_floaters(self, surface: pygame.Surface) -> None:
        cam = self.board.camera
        for fl in self.player.floaters:
            k = fl.age / fl.life
            x, y = cam.world_to_screen(fl.x, fl.y)
            y -= 20 + 50 * k
            size = fl.size + (8 if fl.big else 0)
            img = self.app.text.render(fl.text, size, fl.colour, bold=True)
            sh = self.app.text.render(fl.text, size, (0, 0, 0), bold=True)
            alpha = 255 if k < 0.7 else int(255 * (1 - (k - 0.7) / 0.3))
            for im, off in ((sh, 2), (img, 0)):
                im = im.copy()
                im.set_alpha(alpha)
                surface.blit(im, im.get_rect(center=(x + off, y + off)))

    def _draw_popups(self, surface: pygame.Surface, pos: dict[str, tuple[float, float]]) -> None:
        pops = self.player.popups()
        if not pops:
            return
        cam = self.board.camera
        t = self.text
        for i, pop in enumerate(pops):
            r = pop["roll"]
            p = pos.get(r.get("actor"))
            if p is None:
                continue
            x, y = cam.world_to_screen(*p)
            dice = pop["faces"]
            d = 30
            label = str(r.get("label", "roll"))
            if len(label) > 34:
                label = label[:33] + "\u2026"
            head = t.render(f"{self.name(r.get('actor'))}: {label}", 13, self.pal.text, bold=True)
            need = need_words(r)
            needs = t.render(need, 12, self.pal.dim)
            w = max(head.get_width(), len(dice) * (d + 6) + 90, needs.get_width()) + 20
            h = 24 + d + 16 + 34
            box = pygame.Rect(0, 0, w, h)
            box.midbottom = (int(x) + (i * 2 - 1) * (w // 2 + 6) * (1 if pop["contest"] else 0), int(y) - 36)
            box.clamp_ip(self.board_rect)
            pygame.draw.rect(surface, (16, 18, 24), box, border_radius=8)
            edge = self.pal.accent
            if pop["settled"] and "success" in r:
                edge = self.pal.success if r.get("success") else self.pal.failure
            pygame.draw.rect(surface, edge, box, width=2, border_radius=8)
            surface.blit(head, (box.x + 10, box.y + 6))
            dx = box.x + 10
            for f in dice:
                die_face(surface, pygame.Rect(dx, box.y + 26, d, d), int(f), t)
                dx += d + 6
            if pop["settled"]:
                tot = t.render(f"= {r.get('total')}", 20, self.pal.text, bold=True)
                surface.blit(tot, (dx + 4, box.y + 28))
                if "success" in r:
                    ok = bool(r.get("success"))
                    col = self.pal.success if ok else self.pal.failure
                    (tick if ok else cross)(surface, (box.x + 18, box.bottom - 17), 7, col)
                    v = t.render(roll_verdict(r).upper(), 15, col, bold=True)
                    surface.blit(v, (box.x + 32, box.bottom - 27))
                if pop["contest"] and pop.get("winner") == r.get("actor") and pop["progress"] > 0.6:
                    wi = t.render("WINS", 15, self.pal.accent, bold=True)
                    surface.blit(wi, (box.right - wi.get_width() - 10, box.bottom - 27))
            surface.blit(needs, (box.x + 10, box.y + 26 + d + 2))

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        pal = self.pal
        # arcs for a fighter being looked at; the acting one shows its reach instead
        self.board.show_arcs = not self.player.busy and self.board.selected != self.actor
        self.board.draw(surface)
        # hint line and last roll at the foot of the board
        self._draw_board_foot(surface)
        self._draw_toasts(surface)
        # top bar
        self.bar.draw(surface, self.top_rect, self.session, pal, self.board.side_index, self.board.colours,
                      thinking=self.session.thinking, animating=self.player.busy, battle=self.board.battle)
        # right column: fighter panel over the log
        r = self.right_rect
        pygame.draw.rect(surface, (10, 11, 14), r)
        shown = self.board.selected or self.session.whose_turn()
        used = self.panel.draw(surface, pygame.Rect(r.x + 6, r.y + 6, r.w - 12, r.h), self.session,
                               self.board.battle, shown, pal, self.board.side_index, self.board.colours)
        log_rect = pygame.Rect(r.x + 6, r.y + used + 12, r.w - 12, max(80, r.h - used - 18))
        self.log.draw(surface, log_rect, pal)
        if isinstance(self.mode, M.Menu):
            self.mode.menu.hover(self.mouse)

    def draw_over_gui(self, surface: pygame.Surface) -> None:
        if isinstance(self.mode, M.Menu):
            self.mode.menu.draw(surface)
            self.mode.menu.draw_info(surface)
        else:
            self._draw_tooltip(surface)
        if self.breakdown is not None:
            self.breakdown.draw(surface)

    def _draw_board_foot(self, surface: pygame.Surface) -> None:
        br = self.board_rect
        t = self.text
        hint = self.mode.hint(self) if not self.player.busy else "Playing out\u2026 click to skip"
        if hint:
            img = t.render(hint, 14, self.pal.text)
            box = pygame.Rect(br.x, br.bottom - img.get_height() - 10, br.w, img.get_height() + 10)
            s = pygame.Surface(box.size, pygame.SRCALPHA)
            s.fill((10, 11, 14, 215))
            surface.blit(s, box)
            surface.blit(img, (box.x + 10, box.y + 5))
            foot = box.y
        else:
            foot = br.bottom
        rr = self.last_roll
        if rr is not None and not self.player.busy:
            self.last_roll_rect = self._draw_last_roll(surface, rr, (br.x + 8, foot - 8))
        else:
            self.last_roll_rect = pygame.Rect(0, 0, 0, 0)
        banner = self.player.banner
        if banner is not None:
            img = t.render(banner[0], 18, self.pal.text, bold=True)
            box = img.get_rect(midtop=(br.centerx, br.y + 12)).inflate(24, 12)
            pygame.draw.rect(surface, (16, 18, 24), box, border_radius=8)
            pygame.draw.rect(surface, self.pal.accent, box, width=2, border_radius=8)
            surface.blit(img, img.get_rect(center=box.center))

    def _draw_last_roll(self, surface: pygame.Surface, ev: dict[str, Any], bottomleft: tuple[int, int]
                        ) -> pygame.Rect:
        """The last action's rolls at a glance: what was tried, each roll's verdict in words; click for why."""
        t = self.text
        rolls = self.last_rolls or [ev]
        lines: list[tuple[pygame.Surface, bool | None, dict[str, Any]]] = []
        for r in rolls[-3:]:
            if r.get("type") == "contest":
                w = r.get("winner")
                sub = r.get("rolls") or []
                verdict = contest_verdict(self.session.battle, r)
                ok = None if w is None else (w == self.last_actor)
                detail = "; ".join(f"{self.name(x.get('actor'))} {roll_verdict(x)}" for x in sub)
                text = f"{str(r.get('kind', '')).capitalize()} contest: {verdict.upper()} \u2014 {detail}"
            else:
                ok = r.get("success")
                tgt = r.get("target")
                label = str(r.get("label", "roll"))
                label = label if len(label) < 34 else label[:33] + "\u2026"
                if r.get("dc") is not None or is_range_roll(r) or "points" in r:
                    how = roll_sum(r)  # d20: the whole sum against the AC or save; pools: what counted
                else:
                    how = f"rolled {r.get('total')}" + (f" against {tgt}" if tgt is not None else "")
                who = self.name(r.get("actor"))
                head = label if label.startswith(who) else f"{who}, {label}"
                text = f"{head}: {roll_verdict(r).upper()} ({how})"
            col = self.pal.success if ok else (self.pal.failure if ok is False else self.pal.neutral)
            lines.append((t.render(text, 13, col, bold=True), ok, r))
        head = t.render(self.last_title or "Last action", 13, self.pal.text, bold=True)
        foot = t.render("click a line for its breakdown", 11, self.pal.dim)
        w = max([head.get_width(), foot.get_width()] + [img.get_width() + 24 for img, _, _ in lines]) + 20
        lh = lines[0][0].get_height() + 2 if lines else 18
        h = head.get_height() + len(lines) * lh + foot.get_height() + 16
        w = min(w, self.board_rect.w - 16)
        box = pygame.Rect(bottomleft[0], bottomleft[1] - h, w, h)
        s = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (14, 16, 22, 228), s.get_rect(), border_radius=8)
        surface.blit(s, box)
        main_ok = lines[-1][1] if lines else None
        edge = self.pal.success if main_ok else (self.pal.failure if main_ok is False else self.pal.neutral)
        pygame.draw.rect(surface, edge, box, width=2, border_radius=8)
        surface.blit(head, (box.x + 10, box.y + 6))
        y = box.y + 8 + head.get_height()
        self.last_roll_rows = []
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-4, -4))
        for img, ok, r in lines:
            row = pygame.Rect(box.x + 4, y, box.w - 8, lh)
            if row.collidepoint(self.mouse):
                pygame.draw.rect(surface, (50, 54, 68), row, border_radius=4)
            if ok is not None:
                (tick if ok else cross)(surface, (box.x + 17, y + lh // 2), 6, self.pal.success if ok
                                        else self.pal.failure)
            surface.blit(img, (box.x + 30, y))
            self.last_roll_rows.append((row, r))
            y += lh
        surface.set_clip(clip)
        surface.blit(foot, (box.x + 10, y + 2))
        return box

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        y = self.board_rect.y + 56
        for text, _left, col in self.toasts:
            img = self.text.render(text if len(text) < 120 else text[:119] + "\u2026", 14, col, bold=True)
            box = img.get_rect(midtop=(self.board_rect.centerx, y)).inflate(20, 10)
            s = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(s, (12, 13, 18, 235), s.get_rect(), border_radius=8)
            surface.blit(s, box)
            pygame.draw.rect(surface, col, box, width=1, border_radius=8)
            surface.blit(img, img.get_rect(center=box.center))
            y = box.bottom + 6

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        """Tokens and hexes under the mouse (and fighters on the initiative bar)."""
        if self.player.busy or self.breakdown is not None:
            return
        pos = self.mouse
        fid = None
        h = None
        if self.board_rect.collidepoint(pos):
            fid = self.board.fighter_at_screen(pos)
            h = self.board.hex_at_screen(pos)
        elif self.top_rect.collidepoint(pos):
            fid = self.bar.fighter_at(pos)
        if fid is None and h is None:
            return
        b = self.session.battle
        key = (fid, h, len(b.log), b.current, type(self.mode).__name__)
        if key != self._tooltip_key:
            self._tooltip = self._make_tooltip(fid, h)
            self._tooltip_key = key
        if self._tooltip is None:
            return
        tip = self._tooltip
        x, y = pos[0] + 18, pos[1] + 18
        if x + tip.get_width() > surface.get_width() - 4:
            x = pos[0] - tip.get_width() - 12
        if y + tip.get_height() > surface.get_height() - 4:
            y = pos[1] - tip.get_height() - 12
        surface.blit(tip, (x, y))

    def _make_tooltip(self, fid: str | None, h: Hex | None) -> pygame.Surface | None:
        b = self.session.battle
        lines: list[str] = []
        title = None
        if fid is not None:
            f = b.get(fid)
            if f is None:
                return None
            side = b.side(f.side)
            title = f"{f.label} ({side.name if side and side.name else f.side})"
            hp = hp_of(self.session, f)
            bits = [f.posture]
            if hp:
                bits.append(f"HP {hp[0]:g}/{hp[1]:g}")
            if f.conditions:
                bits.append(", ".join(f.conditions))
            lines.append(" \u00b7 ".join(bits))
            held = [f"{x.hands}h {x.location}" for x in b.grapples if x.target == f.id]
            holds = [f"{self.name(x.target)} ({x.location})" for x in b.grapples if x.holder == f.id]
            if holds:
                lines.append("holds " + ", ".join(holds))
            if held:
                lines.append("held: " + ", ".join(held))
            a = self.actor
            if a is not None and f.side != b.fighter(a).side:
                keys = sorted({SHORTCUTS[o.action.type] for o in self.options()
                               if o.reason is None and getattr(o.action, "target", None) == fid
                               and o.action.type in SHORTCUTS})
                lines.append("click: actions" + (f" \u00b7 keys {' '.join(keys)}" if keys else ""))
            elif fid == a:
                lines.append("acting now \u00b7 right-click: menu \u00b7 Space: end turn")
        elif h is not None:
            cell = b.board.cell(h)
            title = f"hex ({h.q}, {h.r})"
            if cell is not None:
                extra = [cell.terrain]
                if cell.move_cost != 1:
                    extra.append(f"move cost {cell.move_cost}")
                if cell.blocks_movement:
                    extra.append("impassable")
                if cell.cover:
                    extra.append(f"cover {cell.cover}")
                lines.append(", ".join(extra))
            if isinstance(self.mode, M.SelectHex) and h in self.reach:
                c = self.cost_of(h)
                lines.append(f"click: move here ({c} hex{'es' if c != 1 else ''})")
            elif isinstance(self.mode, M.SelectHex) and self.actor is not None:
                lines.append("out of reach this turn")
        if title is None:
            return None
        return label_surface(self.text, [title, *lines], 13, title_colour=self.pal.accent)
