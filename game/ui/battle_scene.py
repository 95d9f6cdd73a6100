"""The battle screen: the board, the HUD around it, the input modes, the event player.

The flow of one click (ARCHITECTURE.md): the current input mode (``modes``)
turns the click into an intent; :meth:`BattleScene.submit` hands it to the
session (the turn controller) after keeping a *shadow* copy of the battle as
it was; the controller's answer goes to the
:class:`~game.ui.battle_results.ResultDispatcher`, which writes the combat log
and has the :class:`~game.ui.event_player.EventPlayer` replay the entries on
the shadow while the board shows it; when the animation ends the board shows
the real battle again and :meth:`settle` picks the next mode (your move, the
computer's, dice to enter, a hand-over, the end of the battle).

This module holds the screen's state and wires its parts together; the
parts live in modules named for what they hold: ``battle_layout`` (where
things sit), ``battle_options`` (what the acting fighter may do, cached per
state), ``path_preview`` (routes and the lit reach), ``battle_menus``
(opening the action menu), ``battle_input`` (who gets each event),
``battle_results`` (results -> log, animation, next mode),
``battle_commands`` (undo, save, the dice dialog's answers...), and
``battle_draw``, ``last_action`` and ``board_tooltip`` (what is painted over
and around the board).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.hexgrid import Hex
from game.ui import modes as M
from game.ui.action_menu import warm_up
from game.ui.aim_view import AimView
from game.ui.battle_commands import cycle_fighters, run_command
from game.ui.battle_draw import (
    callout_may_open,
    draw_banner,
    draw_board_note,
    draw_board_words,
    draw_hint,
    draw_popups,
    draw_rings,
    draw_toasts,
)
from game.ui.battle_input import handle_event
from game.ui.battle_layout import battle_layout, log_rect, panel_room
from game.ui.battle_menus import SceneMenus
from game.ui.battle_options import OptionCache
from game.ui.battle_results import ResultDispatcher
from game.ui.board_scene import BoardScene
from game.ui.board_tooltip import Tooltip, fighter_lines, hex_lines
from game.ui.describe import name_of
from game.ui.dice_dialog import DiceDialog
from game.ui.event_player import EventPlayer
from game.ui.fx_anims import draw_fx
from game.ui.hud.combat_log import CombatLog
from game.ui.hud.fighter_panel import FighterPanel, hp_of
from game.ui.hud.initiative_bar import InitiativeBar, action_in_play, round_in_play
from game.ui.hud.rescale import rescale_hud
from game.ui.last_action import LastAction
from game.ui.legend import draw_legend
from game.ui.marks import draw_grips
from game.ui.net_session import leave_battle, take_arrivals
from game.ui.palette import palette
from game.ui.path_preview import PathPreview
from game.ui.roll_breakdown import RollBreakdown
from game.ui.rules_help import help_for
from game.ui.scene import Scene, Transition
from game.ui.text import TextCache, label_surface
from game.ui.toasts import TOAST_MS, Toasts
from game.ui.ui_scale import effective_scale
from game.ui.uncovered import uncovered

__all__ = ["BattleScene"]

#: the right column's colour, round and between the fighter panel and the combat log
COLUMN = (10, 11, 14)



class BattleScene(Scene):
    swallow_up = False  # the release of a click that skipped an animation must not act as well
    _suspended = False
    _computer_shadow: Any = None
    _shadow_key: Any = None

    def __init__(self, app: Any, session: Any, *, lesson: Any = None) -> None:
        self.lesson = lesson  # a guided lesson's card and checks (game.ui.lesson_panel); None in a battle
        self.app = app
        self.session = session
        self.settings = app.settings
        self.size = app.size
        self.text = TextCache(scale=effective_scale(self.settings.ui_scale, self.size))  # follows the window
        self.pal = palette(self.settings.palette)
        self.board = BoardScene(session.battle, self.size, app.text)
        self.board.show_hud = self.board.click_selects = False
        self.board.callout_allowed = lambda: callout_may_open(self)  # idle only: no menu, dialog or play-out
        self.board.underlay = self._underlay
        self.board.overlay = self._overlay
        self.board.grip_drawer = self._draw_grips
        self.board.tokens.names_later = True  # drawn by _overlay, after the badges
        self.bar = InitiativeBar(self.text)
        self.panel = FighterPanel(self.text)
        self.log = CombatLog(self.text)
        self.option_cache = OptionCache(session)
        self.preview = PathPreview(self.option_cache, self.board.geometry, app.text)
        self.preview.overlay.numbers_later = True  # the move costs too, after the names
        self.results = ResultDispatcher(self)
        self.last_action = LastAction()
        self.aim = AimView()  # what a shot, throw or flame burst being aimed would do (issue 17)
        self.tooltip = Tooltip()
        self.player = EventPlayer(self.settings.speed_factor)
        self.player.colour_for = lambda fid, tone: caption_colour(self, fid, tone)
        self.player.set_position_source(self._world_pos)
        self.player.listener = self._log_event
        self.player.sounds = getattr(app, "sound", None)  # steps, blows, grips, falls, dice (game.ui.sound)
        self._headed: set[int] = set()
        self.help = help_for(session.ruleset)
        self.breakdown: RollBreakdown | None = None
        self.legend_open = False  # F4: the legend of arcs and badges (game.ui.legend)
        self.dialog: DiceDialog | None = None
        self.mode: M.Mode = M.Watching()
        self.menus = SceneMenus(self)  # the action menus the modes open (game.ui.battle_menus)
        self.mouse = (0, 0)
        self.dragged = False
        self.toasts = Toasts(self.toast_moment)  # they leave with the moment they speak of (game.ui.toasts)
        self.toast_links: list[tuple[pygame.Rect, str]] = []  # where a refusal's rule IDs are drawn (issue 18)
        self.popup_boxes: list[tuple[str, pygame.Rect]] = []  # (roller, box) of each dice pop-up drawn (tests)
        self.menu_open_ms: float | None = None
        self.log.rebuild(session.battle.log, session.battle)
        warm_up(app.gui, self.text)
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

    @property
    def last_roll(self) -> dict[str, Any] | None:
        """The last roll or contest shown at the board's foot."""
        return self.last_action.roll

    @property
    def last_title(self) -> str:
        """What the last action that rolled was, in words."""
        return self.last_action.title

    def name(self, fid: str | None) -> str:
        return name_of(self.session.battle, fid)

    def _apply_palette(self) -> None:
        self.pal = palette(self.settings.palette)
        # the tokens' health bars: the fighter panel's reading, in this palette's colours (issue 15)
        self.board.use_palette(self.pal, self.session.battle, lambda f: hp_of(self.session, f))

    def apply_settings(self) -> None:
        """The settings changed (from the settings screen)."""
        self.settings = self.app.settings
        self.player.speed = self.settings.speed_factor
        rescale_hud(self, self.size)
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
        parts = battle_layout(size, self.text.scale)
        self.top_rect, self.right_rect, self.board_rect = parts.top, parts.right, parts.board
        self.board.view_rect = self.board_rect
        # the right column is filled opaquely over the board every frame; the bar across the top is not (the
        # map shows faintly through it)
        self.board.seen_rect = self.board_rect.union(self.top_rect)

    def enter(self, size: tuple[int, int]) -> None:
        if size != self.size:
            self.resize(size)
        if self._suspended:
            self._suspended = False
            if not self.player.busy and isinstance(self.mode, M.Menu | M.EnterDice):
                self.settle()  # its widgets were hidden: build them again

    def suspend(self) -> None:
        self._suspended = True
        self.close_mode_widgets()

    def resize(self, size: tuple[int, int]) -> None:
        self.board.resize(size)
        rescale_hud(self, size)  # issue 26: the HUD's text and boxes follow the window
        self.layout(size)

    def leave(self) -> None:
        leave_battle(self)  # a served match's connection and hosted server go with the screen

    def close_mode_widgets(self) -> None:
        """Kill the open action menu's and dice dialog's widgets (a mode change, a menu on top)."""
        if isinstance(self.mode, M.Menu):
            self.mode.menu.kill()
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None

    def open_dialog(self, dialog: DiceDialog) -> None:
        """The dice dialog asks for the faces (its widgets go with close_mode_widgets)."""
        self.dialog = dialog

    def close_dialog(self) -> None:
        """The dialog was answered: forget it (its widgets already went with the mode)."""
        self.dialog = None

    # -- options, reach, paths (battle_options, path_preview) -------------------------------------
    def options(self) -> list[Any]:
        return self.option_cache.options()

    def odds_of(self, action: Any) -> Any:
        return self.option_cache.odds_of(action)

    def warm_odds(self, budget_ms: float = 5.0) -> None:
        """On an idle frame: the odds of the allowed options not yet known, for at most ``budget_ms``."""
        if self.actor is None or not isinstance(self.mode, M.SelectHex | M.SelectFighter):
            self.option_cache.pending = False
            return
        self.option_cache.warm(budget_ms)

    @property
    def reach(self) -> dict[Hex, Any]:
        return self.option_cache.reach

    def cost_of(self, h: Hex) -> int:
        return self.option_cache.cost_of(h)

    def path_to(self, h: Hex) -> list[Hex]:
        return self.option_cache.path_to(h)

    def draw_reach(self, surface: pygame.Surface, costs: dict[Hex, Any]) -> None:
        self.preview.draw_reach(surface, self.board.camera, costs, self.pal)

    def draw_route(self, surface: pygame.Surface, fid: str, h: Hex) -> None:
        self.preview.draw_route(surface, self.board.camera, fid, h, self.pal)

    # -- menus, input (battle_menus, battle_input) -------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Transition | None:
        return handle_event(self, event)

    # -- playing (battle_results, battle_commands) ------------------------------------------------
    def submit(self, intent: Any) -> None:
        shadow = self.session.battle.clone(with_log=False)
        result = self.session.submit(intent)
        self.dispatch(result, shadow)

    def dispatch(self, result: Any, shadow: Any = None, decision: Any = None) -> None:
        """Log and animate a controller result, or show why it was refused."""
        self.results.dispatch(result, shadow, decision)

    def settle(self, first: bool = False) -> None:
        """After the animation: the next mode for the state the controller is in."""
        self.results.settle(first)

    def show_live(self) -> None:
        """The board shows the live battle again and the player keeps no shadow of an animation: the one place
        that says so (after an animation, an undo, a skip, a served battle replaced)."""
        self.board.show(self.session.battle)
        self.player.forget_shadow()

    def set_mode(self, mode: M.Mode) -> None:
        self.mode = mode

    def command(self, cmd: M.Command) -> Any:
        return run_command(self, cmd)

    def cycle(self, step: int) -> None:
        cycle_fighters(self, step)

    def toast(self, text: str, tone: str = "neutral") -> None:
        col = {"failure": self.pal.failure, "success": self.pal.success}.get(tone, self.pal.neutral)
        self.toasts.add(text, TOAST_MS, col)

    def toast_moment(self) -> tuple:
        """What a toast is about: the battle as it stands (log length, whose turn). An action, an undo or
        redo, or the next turn ends that moment and its toasts leave with it (issue 15)."""
        b = self.session.battle
        return (id(b), len(b.log), b.current, b.round)

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
            self.show_live()
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
        take_arrivals(self)  # a served match's entries and notes (game.ui.net_session)
        if not self.player.busy:
            self.warm_odds()
        if self.lesson is not None:
            self.lesson.update(self)  # after the last action played out: its step checked, the card updated
        self.toasts.tick(dt_ms)

    def wants_frames(self) -> bool:
        p = self.player
        return bool(p.busy or p.floaters or p.banner is not None or self.toasts or self.board._held
                    or self.board.effects.animating  # flames flicker, clouds turn (issue 17)
                    or self.option_cache.pending or self.session.thinking or self.session.computer_to_act())

    # -- drawing (battle_draw, last_action, board_tooltip) -----------------------------------------
    def _world_pos(self, fid: str) -> tuple[float, float] | None:
        for p in self.board.tokens.placements(self.board.battle):
            if p.fighter_id == fid:
                return self.board.token_override.get(fid, (p.x, p.y))
        return None

    def ring_fighters(self, surface: pygame.Surface, fids: list[str]) -> None:
        points = [p for p in map(self._world_pos, fids) if p is not None]
        draw_rings(surface, self.board.camera, points, self.board.geometry.hex_radius, self.pal)

    def _underlay(self, surface: pygame.Surface) -> None:
        if not self.player.busy:
            self.mode.draw(surface, self)
            self.aim.draw_under(surface, self)

    def _draw_grips(self, surface: pygame.Surface, positions: dict[str, tuple[float, float]]) -> None:
        """The grips' links, under the tokens (their tags go over them, after the names: :meth:`_overlay`)."""
        draw_grips(surface, self.board.camera, self.board.battle, positions, self.app.text, self.pal.grips,
                   self.player.link_growth(), self.board.geometry.hex_radius,
                   centre_of=self.board.geometry.center, tags=False)

    def _overlay(self, surface: pygame.Surface) -> None:
        pos = self.board.token_positions()
        g = self.board.geometry  # a shot's tracers, a grenade in flight, a blast's rings (issue 17)
        draw_fx(surface, self.board.camera, self.player.current, g.center, g.hex_radius)
        draw_board_words(surface, self, pos)  # badges, names, costs, grip tags, captions: none over another
        if not self.player.busy:
            self.aim.draw_over(surface, self)
        pops = self.player.popups()
        self.popup_boxes = draw_popups(surface, self.board.camera, pops, pos, self.session.battle, self.text,
                                       self.pal, self.board_rect, self.board.tokens.layout) if pops else []

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        pal = self.pal
        # arcs for a fighter being looked at; the acting one shows its reach instead
        self.board.show_arcs = not self.player.busy and self.board.selected != self.actor
        self.board.draw(surface)
        draw_board_note(surface, self)  # a standing fact of the battle: nd6's wind (S3-SMOKE-3)
        # hint line and last roll at the foot of the board
        self._draw_board_foot(surface)
        self.toast_links = draw_toasts(surface, self.toasts, self.board_rect, self.text,  # rule IDs: links
                                       self.lesson.rect if self.lesson is not None else None)
        if self.lesson is not None:
            self.lesson.draw(surface, self)
        self.bar.draw(surface, self.top_rect, self.session, pal, self.board.side_index, self.board.colours,
                      thinking=self.session.thinking, animating=self.player.busy, battle=self.board.battle,
                      playing_round=round_in_play(self.player), shown=action_in_play(self.player))
        # right column: fighter panel over the log
        r = self.right_rect
        # the panel and the log composed on the column's colour, then only the gaps between them filled: a fill
        # of the whole column under them cost about a bare full-screen blit at 1920x1080 (issue 26)
        flat = not surface.get_flags() & pygame.SRCALPHA
        if not flat:
            pygame.draw.rect(surface, COLUMN, r)
        shown = self.board.selected or self.session.whose_turn()
        used = self.panel.draw(surface, panel_room(r, self.text.scale), self.session, self.board.battle, shown, pal,
                               self.board.side_index, self.board.colours, backdrop=COLUMN if flat else None)
        logged = log_rect(r, used, self.text.scale)
        self.log.draw(surface, logged, pal, backdrop=COLUMN if flat else None)
        if flat:
            for gap in uncovered(r, [self.panel.rect, logged]):
                surface.fill(COLUMN, gap)
        if isinstance(self.mode, M.Menu):
            self.mode.menu.hover(self.mouse)

    def draw_over_gui(self, surface: pygame.Surface) -> None:
        if isinstance(self.mode, M.Menu):
            self.mode.menu.draw(surface)
            self.mode.menu.draw_info(surface, self.lesson.rect if self.lesson is not None else (self.last_action.rect or None))
        else:
            self._draw_tooltip(surface)
        if self.breakdown is not None:
            self.breakdown.draw(surface)
        if self.legend_open:
            draw_legend(surface, self.session.battle, self.text, self.pal)

    def _draw_board_foot(self, surface: pygame.Surface) -> None:
        br = self.board_rect
        hint = self.mode.hint(self) if not self.player.busy else "Playing out\u2026 click to skip, hold Space to speed up"
        foot = draw_hint(surface, br, hint, self.text, self.pal) if hint else br.bottom
        if self.last_action.roll is not None and not self.player.busy:
            self.last_action.rect = self.last_action.draw(surface, (br.x + 8, foot - 8), self.session.battle,
                                                          self.text, self.pal, self.mouse, br.w - 16,
                                                          card_sides(self), acting_token(self))
        else:
            self.last_action.rect = pygame.Rect(0, 0, 0, 0)
        self.board.tokens.layout.keep_clear([self.last_action.rect])  # plates, labels, callout: none onto it
        if self.player.banner is not None:
            draw_banner(surface, br, self.player.banner[0], self.text, self.pal,
                        self.lesson.rect if self.lesson is not None else None)

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        """Tokens and hexes under the mouse (and fighters on the initiative bar)."""
        pos = self.mouse
        if self.player.busy or self.breakdown is not None or self.last_action.rect.collidepoint(pos):
            return  # over the last action's card: the card is read there, no hex tooltip on it
        fid = None
        h = None
        if self.board_rect.collidepoint(pos):
            fid = self.board.fighter_at_screen(pos)
            h = self.board.hex_at_screen(pos)
        elif self.top_rect.collidepoint(pos):
            fid = self.bar.fighter_at(pos)
        if (fid is None and h is None) or (h is not None and h == self.board.callout.hex):
            return  # nothing there, or a crowded hex's open callout: it says all a tooltip would, and more
        if self.board_rect.collidepoint(pos) and self.mode.name in ("pick_hex", "confirm", "place_hexes") \
                and self.aim.preview(self):  # a throw or burst aimed: its tags and box speak, no tooltip over them
            return
        b = self.session.battle
        key = (fid, h, len(b.log), b.current, type(self.mode).__name__)
        self.tooltip.draw(surface, pos, key, lambda: self._make_tooltip(fid, h), self.last_action.rect)

    def _make_tooltip(self, fid: str | None, h: Hex | None) -> pygame.Surface | None:
        if fid is not None:
            lines = fighter_lines(self.session, fid, self.actor, self.options, M.space_words(self))
        elif h is not None:
            lines = hex_lines(self.session.battle, h, moving=isinstance(self.mode, M.SelectHex), actor=self.actor,
                              reach=lambda: self.reach, cost_of=self.cost_of,
                              refused=self.option_cache.move_refusal, path_to=self.path_to)
        else:
            lines = None
        if lines is None:
            return None
        return label_surface(self.text, lines, 13, title_colour=self.pal.accent)


def caption_colour(sc: BattleScene, fid: str, tone: str) -> tuple[int, int, int] | None:
    """A caption over a token in the colour of what it means for the player (issue 15): a blow, a grip
    or a condition on one of the player's fighters is bad news (the palette's failure colour), on a foe
    good news (its success colour; the colour-blind palette's own). None (the tone's colour) when it
    is nobody's news: no human side, or every side human and none of them acting (hotseat)."""
    if tone not in ("damage", "failure", "grip"):
        return None
    humans = player_sides(sc)
    f = sc.session.battle.get(fid)
    if not humans or f is None:
        return None
    return sc.pal.failure if f.side in humans else sc.pal.success


def acting_token(sc: BattleScene) -> pygame.Rect | None:
    """The acting fighter's token on screen (with a margin), which the last action's card keeps clear
    of: at 1024x640 the card at the bottom left hid Jory, then Lars, as each came to act."""
    fid = sc.session.whose_turn()
    if fid is None:
        return None
    try:
        x, y = sc.board.token_screen_pos(fid)
    except KeyError:
        return None
    r = int(28 * sc.board.camera.zoom) + 6
    return pygame.Rect(int(x) - r, int(y) - r, 2 * r, 2 * r)


def card_sides(sc: BattleScene) -> set[str]:
    """The sides the last action's card colours for: the one human side in solo; with two human sides
    (hotseat) none, so each roll is coloured by its own verdict for whoever rolled (the card named the
    roller and turned from red to green as the turn changed sides, with nothing new to say)."""
    humans = set(sc.session.human_sides())
    return humans if len(humans) == 1 else set()


def player_sides(sc: BattleScene) -> set[str]:
    """The sides whose news is the player's: the human sides (solo: the one), in hotseat the human side
    whose turn it is (empty between turns and when only the computer plays)."""
    s = sc.session
    humans = set(s.human_sides())
    if len(humans) > 1:
        side = s.current_side()
        humans = {side} if side in humans else set()
    return humans
