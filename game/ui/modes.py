"""Input modes: a small state machine in the tcod manner (STYLE.md).

Each mode gets the events while it is current and answers with one of:

- ``None`` - stay;
- another :class:`Mode` - the next mode;
- :class:`Submit` - an intent for the turn controller;
- :class:`Command` - something for the battle scene to do (end the turn,
  undo, open the pause menu, finish the animation, give dice...).

Modes read the battle and the options (through the scene) and never change
the battle. The modes:

=================  ==============================================================
``SelectFighter``  nothing chosen: click your fighter, or a foe for the menu
``SelectHex``      your acting fighter chosen: reachable hexes lit with their cost,
                   hover shows the path, click a hex to move, a foe for the menu
``Menu``           the action menu is open (pygame-gui)
``PickHex``        an action whose variants differ by hex (drag, move and attack):
                   click the hex
``SelectTarget``   a shortcut key with no foe under the mouse: click whom
``Confirm``        say yes (Enter / click) or no (Esc) to one intent
``EnterDice``      the controller asks for physical dice (the dialog)
``Choose``         the ruleset asks for a result after its roll (result menu)
``Animating``      events are playing: a click finishes them
``Watching``       the computer's turn
=================  ==============================================================
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.hexgrid import Hex
from game.ui.action_menu import SHORTCUTS
from game.ui.aiming import any_hex, free_aim, refusal
from game.ui.keys import command_for, turn_command_for
from game.wording import possessive

if TYPE_CHECKING:
    from game.rules.base import Action, Option

__all__ = ["Mode", "Submit", "Command", "SelectFighter", "SelectHex", "Menu", "PickHex", "SelectTarget",
           "Confirm", "EnterDice", "Choose", "Animating", "Watching", "KEY_KINDS"]

#: key letter -> action types it opens
KEY_KINDS: dict[str, list[str]] = {}
for _kind, _key in SHORTCUTS.items():
    KEY_KINDS.setdefault(_key, []).append(_kind)


@dataclass(frozen=True)
class Submit:
    intent: Action


@dataclass(frozen=True)
class Command:
    name: str
    arg: Any = None


def _ctrl(event: pygame.event.Event) -> bool:
    return bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)


class Mode:
    """Base mode: the keys every mode shares (undo, save, fit, pause)."""

    name = "mode"
    shows_reach = False

    def handle(self, event: pygame.event.Event, scene: Any) -> Any:
        return self.common(event, scene)

    def common(self, event: pygame.event.Event, scene: Any) -> Any:
        """The keys of :data:`game.ui.keys.BINDINGS` that work any time (undo, save, pause, help, mute...)."""
        found = command_for(event)
        return Command(*found) if found is not None else None

    def hint(self, scene: Any) -> str:
        return ""

    def draw(self, surface: pygame.Surface, scene: Any) -> None:
        """Marks of this mode over the board (highlights, paths)."""


def space_words(scene: Any) -> str:
    """What Space does now, for the hint bar: ends the turn, or in a ruleset with phases passes this phase
    only (S4-PHASE-1; issue 15: "Space: end turn" while it passed one phase of several)."""
    try:
        info = scene.session.ctl.initiative()
    except Exception:  # noqa: BLE001 - a hint must never stop the game
        info = {}
    phase = info.get("phase") if info.get("phases") else None
    if not phase:
        return "Space: end turn"
    # named: fighters on one number take each phase in turn, and the next may be another of yours
    who = scene.name(scene.actor) if getattr(scene, "actor", None) else ""
    # a fighter is one person whatever the name ends in: "Hildegard Wolfensberger-Oakes's", never "Oakes'"
    text = f"Space: pass {possessive(who, plural=False)} {phase} phase" if who else f"Space: pass the {phase} phase"
    if phase == "choose":  # G3-3: no choice leaves the winner moving last (seen under Xvfb: "Grub waits" said nothing)
        text += " (the other side then moves first)"
    else:  # the key that passes every later phase of the round too (game.flow.idle, the keys table)
        text += " \u00b7 End: end this fighter's round"
    return text


def _hex_menu(scene: Any, h: Hex | None, pos: tuple[int, int]) -> Any:
    """The menu of what may be aimed at the empty hex ``h`` (a throw, a flame burst), or None: the scene's
    (``game.ui.battle_menus`` builds menus on these modes, so the modes reach it through the scene)."""
    return scene.menus.at_hex(h, pos)


def _left_click(event: pygame.event.Event) -> bool:
    return event.type == pygame.MOUSEBUTTONUP and event.button == 1


def _right_click(event: pygame.event.Event) -> bool:
    return event.type == pygame.MOUSEBUTTONUP and event.button == 3


class _Turn(Mode):
    """Shared by the two modes of a human turn: keys for actions, Tab, Space."""

    def turn_keys(self, event: pygame.event.Event, scene: Any) -> Any:
        if event.type != pygame.KEYDOWN or _ctrl(event):
            return None
        found = turn_command_for(event)  # Space, Tab, Shift+Tab (game.ui.keys)
        if found is not None:
            return Command(*found)
        ch = (getattr(event, "unicode", "") or "").upper()
        if not ch and pygame.K_a <= event.key <= pygame.K_z:
            ch = chr(event.key).upper()
        kinds = KEY_KINDS.get(ch)
        if kinds and scene.actor is not None:
            return scene.menus.shortcut(kinds, scene.mouse)
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and scene.actor is not None:
            return scene.menus.at_pointer(scene.mouse)  # every action from the keyboard: arrows and Enter in it
        return None


class SelectFighter(_Turn):
    name = "select_fighter"

    def handle(self, event, scene):
        if _left_click(event) and not scene.dragged:
            fid = scene.board.fighter_at_screen(event.pos)
            actor = scene.actor
            h = scene.board.hex_at_screen(event.pos)
            if fid is None and actor is not None and (aimed := _hex_menu(scene, h, event.pos)) is not None:
                return aimed  # a throw or a flame burst at this hex (and the walk there, when it is lit)
            if fid is None and actor is not None and h in scene.reach:
                # the acting fighter is chosen and its lit hexes shown; the next click moves. A move is never
                # made on a hex that was not lit: after Esc (nothing chosen), a click walked a fighter onto the
                # bar counter with no route or cost shown
                return SelectHex(actor)
            if fid is None:
                return Command("inspect", None)
            if fid == actor:
                return SelectHex(fid)
            f = scene.battle.get(fid)
            a = scene.battle.get(actor)
            if a is not None and f is not None and f.side != a.side:
                return scene.menus.open(target=fid, anchor=event.pos)
            return Command("inspect", fid)
        if _right_click(event) and scene.actor is not None:
            fid = scene.board.fighter_at_screen(event.pos)
            a = scene.battle.get(scene.actor)
            f = scene.battle.get(fid)
            tgt = fid if (f is not None and a is not None and f.side != a.side) else None
            return scene.menus.open(target=tgt, anchor=event.pos)
        return self.turn_keys(event, scene) or self.common(event, scene)

    def hint(self, scene):
        if scene.actor is None:
            return ""
        return (f"Click {scene.name(scene.actor)} to move, a foe for actions, right-click for the menu \u00b7 "
                f"{space_words(scene)} \u00b7 Tab: your fighters")


class SelectHex(_Turn):
    """The acting fighter is selected: its reachable hexes are lit with their cost."""

    name = "select_hex"
    shows_reach = True

    def __init__(self, fighter_id: str) -> None:
        self.fighter_id = fighter_id

    def handle(self, event, scene):
        if _left_click(event) and not scene.dragged:
            fid = scene.board.fighter_at_screen(event.pos)
            h = scene.board.hex_at_screen(event.pos)
            a = scene.battle.get(self.fighter_id)
            f = scene.battle.get(fid)
            if h is not None and h in scene.reach and f is not None and f.side != (a.side if a else None) \
                    and not scene.session.ruleset.can_fight(scene.battle, f):
                return Submit(scene.reach[h])  # a lit hex where a foe lies out of the fight: the click walks there
            if f is not None and a is not None and f.side != a.side:
                return scene.menus.open(target=fid, anchor=event.pos)
            if f is None and (aimed := _hex_menu(scene, h, event.pos)) is not None:
                return aimed  # a throw or a flame burst at this hex (and the walk there, when it is lit)
            if h is not None and h in scene.reach:
                return Submit(scene.reach[h])
            if fid == self.fighter_id:
                return None
            if f is not None:
                return Command("inspect", fid)
            if h is not None:  # a miss keeps the acting fighter chosen, and says why nothing happened
                return Command("unreachable", h)
            return None
        if _right_click(event):
            fid = scene.board.fighter_at_screen(event.pos)
            a = scene.battle.get(self.fighter_id)
            f = scene.battle.get(fid)
            tgt = fid if (f is not None and a is not None and f.side != a.side) else None
            return scene.menus.open(target=tgt, anchor=event.pos)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not _ctrl(event):
            return SelectFighter()
        return self.turn_keys(event, scene) or self.common(event, scene)

    def hint(self, scene):
        # no lit hex in a phase without movement (G3-3's choose slot, its action phase): no word of moving
        move = "Click a lit hex to move there (the number is its cost in hexes) \u00b7 c" if scene.reach else "C"
        if scene.reach and any(not b.attack_after for b in scene.option_cache.bands.values()):
            move = "Click a lit hex to move there (striped amber: no attack after) \u00b7 c"  # Ruleset.move_band
        return (f"{move}lick a foe for actions \u00b7 right-click: menu \u00b7 {space_words(scene)}"
                " \u00b7 Esc: deselect")

    def draw(self, surface, scene):
        scene.draw_reach(surface, scene.reach)
        h = scene.board.hovered
        if h is not None and h in scene.reach:
            scene.draw_route(surface, self.fighter_id, h)


class Menu(Mode):
    """The action menu is open; it gets the events first."""

    name = "menu"

    def __init__(self, menu: Any, back: Mode, aim: Callable[..., Mode | None] | None = None) -> None:
        self.menu = menu
        self.back = back
        #: the mode a picked action needs first (its hexes to place: ``game.ui.aim_view.aim_mode``), handed in
        #: by whoever opens the menu (aim_view's modes build on these)
        self.aim = aim

    def handle(self, event, scene):
        # where the click landed before the menu answered it: a group opened by it may be a shorter panel
        # placed elsewhere, and the pointer now outside that is not a click outside the menu
        inside = _left_click(event) and self.menu.contains(event.pos)
        out = self.menu.handle(event)
        if out is None:
            if _left_click(event) and not inside:
                self.menu.kill()
                return self.back
            return None
        kind, payload = out
        if kind == "close":
            self.menu.kill()
            return self.back
        if kind == "pick":
            self.menu.kill()
            if self.menu.result_mode:
                return Command("choose", payload)
            # a flame burst's hexes first; a throw picked at a hex (the menu's) goes there, else its hex is picked
            aimed = self.aim(scene, payload, self.back, at=getattr(self.menu, "at", None)) if self.aim else None
            return aimed or Submit(payload)
        if kind == "map":
            self.menu.kill()
            return PickHex(payload, self.back)
        if kind == "rule":  # a rule ID in the hover box: F1 opens at it, the menu stays (issue 18)
            return Command("help", payload)
        return None

    def hint(self, scene):
        if self.menu.result_mode:
            return "Choose a result for the roll \u00b7 number keys pick"
        return "Pick an action \u00b7 the letter in brackets is its key \u00b7 Esc closes the menu"


class PickHex(Mode):
    """Variants that differ by hex (drag, move and attack): the player clicks the hex."""

    name = "pick_hex"

    def __init__(self, options: list[Option], back: Mode) -> None:
        self.by_hex: dict[Hex, Action] = {}
        for o in options:
            to = getattr(o.action, "to", None)
            if to is not None:
                self.by_hex.setdefault(Hex(*to), o.action)
        self.back = back
        first = options[0].action if options else None
        self.title = first.title if first is not None else "Action"
        item = getattr(first, "item", None) if getattr(first, "target", None) else None
        if item:  # one group per weapon (Move and Attack): the hint and the question name it
            self.title += f" with the {str(item).replace('_', ' ')}"

    def handle(self, event, scene):
        if _left_click(event) and not scene.dragged:
            h = scene.board.hex_at_screen(event.pos)
            if h in self.by_hex:
                a = self.by_hex[h]
                return Confirm(a, f"{self.title} to ({h.q}, {h.r})?", self, at=h)
            # a throw may go at any hex the rules accept (issue 17)
            first = next(iter(self.by_hex.values()), None)
            a = free_aim(scene, first, h)
            if a is not None:
                return Confirm(a, f"{self.title} to ({h.q}, {h.r})?", self, at=h)
            why = refusal(scene, first, h)  # a hex behind a wall or too far: the rules' sentence, not silence
            if why:
                scene.toast(why, "failure")
            return None
        if _right_click(event) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            return self.back
        return self.common(event, scene)

    def hint(self, scene):
        if getattr(self, "_free", None) is None:  # asked once: may any hex in reach be aimed at (a throw)?
            self._free = any_hex(scene, next(iter(self.by_hex.values()), None))
        where = "a lit hex or any other in reach" if self._free else "one of the lit hexes"
        h = scene.board.hovered
        if self._free and h is not None and h not in self.by_hex:  # the hex under the mouse refused: say why now
            why = refusal(scene, next(iter(self.by_hex.values()), None), h)
            if why:
                return f"{self.title}: not at ({h.q}, {h.r}): {why} \u00b7 Esc to go back"
        return f"{self.title}: click {where} \u00b7 Esc to go back"

    def draw(self, surface, scene):
        costs = {h: scene.cost_of(h) for h in self.by_hex}
        scene.draw_reach(surface, costs)
        h = scene.board.hovered
        if h in self.by_hex and scene.actor is not None and not _aimed(scene):  # a throw walks no route
            scene.draw_route(surface, scene.actor, h)


class SelectTarget(Mode):
    """A shortcut key when it is not clear whom it is for: click the foe."""

    name = "select_target"

    def __init__(self, kinds: list[str], targets: list[str], back: Mode) -> None:
        self.kinds = kinds
        self.targets = targets
        self.back = back

    def handle(self, event, scene):
        if _left_click(event) and not scene.dragged:
            fid = scene.board.fighter_at_screen(event.pos)
            if fid in self.targets:
                return scene.menus.open(target=fid, anchor=event.pos, open_group=self.kinds[0])
            return None
        if _right_click(event) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            return self.back
        return self.common(event, scene)

    def hint(self, scene):
        what = self.kinds[0].replace("_", " ")
        return f"{what.capitalize()}: click the foe (ringed) \u00b7 Esc to go back"

    def draw(self, surface, scene):
        scene.ring_fighters(surface, self.targets)


def _aimed(scene: Any) -> bool:
    """Whether the map shows an aim preview now (a throw at a hex: no walking route is drawn to it)."""
    aim = getattr(scene, "aim", None)
    return aim is not None and bool(aim.preview(scene))


class Confirm(Mode):
    """Yes or no to one intent: Enter or a click confirms, Esc or a right click goes back."""

    name = "confirm"

    def __init__(self, intent: Action, text: str, back: Mode, at: Hex | None = None) -> None:
        self.intent = intent
        self.text = text
        self.back = back
        self.at = at

    def handle(self, event, scene):
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
            return Submit(self.intent)
        if _left_click(event) and not scene.dragged:
            h = scene.board.hex_at_screen(event.pos)
            if self.at is None or h == self.at:
                return Submit(self.intent)
            return self.back
        if _right_click(event) or (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_n)):
            return self.back
        return None

    def hint(self, scene):
        return f"{self.text}  Enter or click it again: yes \u00b7 Esc: no"

    def draw(self, surface, scene):
        if self.at is not None and not _aimed(scene):  # a throw is aimed, not walked: no route, no cost
            scene.draw_reach(surface, {self.at: scene.cost_of(self.at)})
            if scene.actor is not None:
                scene.draw_route(surface, scene.actor, self.at)


class EnterDice(Mode):
    """The controller waits for physical dice: the dialog asks for the faces."""

    name = "enter_dice"

    def __init__(self, dialog: Any) -> None:
        self.dialog = dialog

    def handle(self, event, scene):
        out = self.dialog.handle(event)
        if out is None:
            if event.type == pygame.KEYDOWN and _ctrl(event):
                return self.common(event, scene)
            return None
        kind, payload = out
        if kind == "faces":
            return Command("give_dice", payload)
        if kind == "cancel":
            return Command("cancel_dice")
        if kind == "computer":
            return Command("dice_by_computer")
        return None

    def hint(self, scene):
        return "Roll your dice and enter the faces \u00b7 or let the computer roll"


class Choose(Menu):
    """The ruleset asks the player to choose a result after its roll."""

    name = "choose"

    def handle(self, event, scene):
        out = self.menu.handle(event)
        if out is None:
            return None
        kind, payload = out
        if kind == "pick":
            self.menu.kill()
            return Command("choose", payload)
        return None  # a result must be chosen


class Animating(Mode):
    """Events are playing: a click (or Esc, or Space) finishes them at once."""

    name = "animating"

    def handle(self, event, scene):
        found = command_for(event)
        if found is not None and found[0] in ("mute", "keys", "briefing"):  # sound off now; the keys or the
            return Command(*found)  # briefing over the animation, which waits under them
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return Command("finish", "click")
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN):
            return Command("finish", "key")
        return None

    def hint(self, scene):
        return "Playing out\u2026 click to skip, hold Space to speed up"


class Watching(Mode):
    """The computer's turn (or nobody's): the player watches; Esc pauses."""

    name = "watching"

    def handle(self, event, scene):
        if _left_click(event) and not scene.dragged:
            fid = scene.board.fighter_at_screen(event.pos)
            return Command("inspect", fid)
        if _right_click(event):
            return Command("inspect", None)
        return self.common(event, scene)

    def hint(self, scene):
        if scene.session.battle.ended:
            return "The battle is over \u00b7 Esc: menu"
        if scene.session.thinking:
            return "The computer is thinking\u2026"
        return getattr(scene.session, "waiting_words", str)()  # a served match: "Waiting for Blue\u2026"
