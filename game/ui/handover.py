"""The hand-over screen (hotseat): hides the board until the next player clicks, and tells them what happened.

The recap is what the other sides did since this side last acted, in the
combat log's own words (:func:`game.ui.describe.event_line`), in the order
it happened, at most :data:`RECAP_LINES` lines: past that the moves fold
first, then rolls, grips and the rest, and a death, knock-out or fall never.
It reads the battle's log; it never changes the battle.

What hotseat play shows when control passes from one human side to another
is a setting (``Settings.handover``): by default (``banner``) nothing is
hidden, since nothing on this board is secret: a banner over the board names
the side whose turn it is, as written, and recaps what happened since its
last turn (:func:`show_turn_banner`; it goes with the side's first action).
The hand-over screen that hides the board until a click stays a choice: when
the ``side`` changes, or at ``every`` change of the human fighter to act; or
``never`` anything (:func:`handover_due`). A ruleset that alternates the
sides fighter by fighter (nd6 by DX) hid the board about eight times a round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ui.describe import event_line
from game.ui.hud.widgets import side_icon
from game.ui.keys import command_for
from game.ui.modes import Command
from game.ui.scene import Scene, Transition
from game.ui.text import wrap

if TYPE_CHECKING:
    from game.ui.board_scene import BoardScene
    from game.ui.palette import Palette
    from game.ui.toasts import Toasts

__all__ = ["HandoverScene", "recap_lines", "handover_due", "possessive", "RECAP_LINES", "show_turn_banner",
           "banner_words"]

#: at most this many lines of recap (the last one says how many more the combat log holds)
RECAP_LINES = 8
#: the banner's recap is shorter: it sits over the board (the combat log has the rest)
BANNER_LINES = 5
#: how long the banner stays (unless the side acts first), and a little longer for each line of recap
BANNER_MS, BANNER_LINE_MS = 4500, 700
#: event type -> rank in the recap (lower first): what hurts, what holds, what falls, what was rolled, where
_RANK = {"damage": 0, "condition": 1, "grapple_start": 2, "grapple_end": 2, "grapple_change": 2, "posture": 3,
         "contest": 4, "roll": 4, "move": 5, "item": 6, "message": 7, "effect_start": 8}
#: conditions and postures that take a fighter out of the fight or off their feet: never folded out of a recap
_FALLS = {"dead", "unconscious", "knocked_out", "dying", "incapacitated", "prone"}
#: log steps that are the round's bookkeeping, not anybody's deed (the initiative roll-off)
_NOT_DEEDS = {"start_round"}


def _rank(ev: dict[str, Any]) -> int:
    """How much an event's line matters in a folded recap (lower first); a death, a knock-out or a fall is -1,
    always kept."""
    if ev.get("type") == "condition" and ev.get("add") in _FALLS:
        return -1
    if ev.get("type") == "posture" and ev.get("posture") in _FALLS:
        return -1
    return _RANK.get(str(ev.get("type")), 9)


def possessive(name: str, plural: bool | None = None) -> str:
    """``The Sailors’`` and ``Red Company’s``: a side's name that ends in s takes the apostrophe alone;
    ``plural=False`` for one person ("Marcus’s last turn", never "Marcus’")."""
    alone = name.endswith(("s", "S")) if plural is None else plural
    return f"{name}\u2019" if alone else f"{name}\u2019s"


def handover_due(when: str, hotseat: bool, last_side: str | None, side: str | None, last_actor: str | None,
                 actor: str | None) -> bool:
    """Whether the hand-over screen hides the board before this human turn.

    ``when`` is the setting: ``every`` change of the human fighter to act, a change of ``side``, or ``never``.
    Nothing is hidden before the first human turn (nobody to hide it from) or outside hotseat play.
    """
    if not hotseat or when == "never" or last_side is None:
        return False
    if when == "every":
        return actor != last_actor or side != last_side
    return side != last_side  # "side", and the banner's "banner": only when control passes to another side


def recap_lines(battle: Any, side: str | None, limit: int = RECAP_LINES, *, fighter: str | None = None
                ) -> list[str]:
    """What the other sides did since ``side`` last acted, in the order it happened, at most ``limit`` lines.

    With ``fighter`` (the hand-over at every human turn), since that fighter last acted instead: its own
    side's moves in between are news to whoever plays it.

    Lines stay in the order things happened (a player read "Ivo attacks" above "Ivo moves" and the fight made
    no sense). Past the limit the least important lines fold first (a move before a roll before a grip before
    an injury), and a death, a knock-out or a fall is never folded: a banner once hid "Jory is dead" behind
    "… and 8 more".

    Everything after this side's last action is read (the other sides' actions, and what happened at the
    turns' starts, such as a stun shaken off); the round's initiative roll is left out. Lines the combat log
    would not show (bookkeeping) and repeats are dropped; past the limit, the last line counts the rest.
    """
    sides = {f.id: f.side for f in battle.fighters}
    log = battle.log
    start = 0
    for i in range(len(log) - 1, -1, -1):
        intent = log[i].get("intent") if isinstance(log[i], dict) else None
        if isinstance(intent, dict) and (intent.get("actor") == fighter if fighter is not None
                                         else sides.get(intent.get("actor")) == side):
            start = i + 1
            break
    kept: list[tuple[int, str]] = []  # (rank of its event, its line), in the order things happened
    seen: set[str] = set()
    for entry in log[start:]:
        if not isinstance(entry, dict) or entry.get("step") in _NOT_DEEDS:
            continue
        for ev in entry.get("events") or []:
            if not isinstance(ev, dict) or ev.get("type") == "initiative":
                continue
            try:
                line = event_line(battle, ev)
            except (KeyError, TypeError, ValueError, AttributeError):
                continue  # an event the words do not know: the combat log still has it
            if not line or line in seen:
                continue
            seen.add(line)
            kept.append((_rank(ev), line))
    if len(kept) <= limit:
        return [line for _, line in kept]
    # fold the least important lines first (the later among equals), never a fall out of the fight
    order = sorted(range(len(kept)), key=lambda i: (kept[i][0], i))
    room = max(limit - 1, sum(1 for r, _ in kept if r < 0))
    chosen = sorted(order[:room])
    lines = [kept[i][1] for i in chosen]
    lines.append(f"\u2026 and {len(kept) - len(chosen)} more in the combat log.")
    return lines


class TurnScene(Protocol):
    """What the turn's banner and the hand-over screen read of the battle screen, and ask of it (issue 27).

    The battle screen (``game.ui.battle_scene.BattleScene``) is one. Nothing here changes it: the banner is
    added to its toasts, and a key pressed on the hand-over screen is run as the battle screen's command."""

    @property
    def session(self) -> Any: ...
    @property
    def settings(self) -> Any: ...
    @property
    def board(self) -> BoardScene: ...
    @property
    def pal(self) -> Palette: ...
    @property
    def toasts(self) -> Toasts: ...

    def name(self, fid: str | None) -> str: ...
    def command(self, cmd: Command) -> Any: ...


def banner_words(battle_scene: TurnScene, side: str | None) -> list[str]:
    """The banner's lines: ``Blue Brotherhood’s turn: Edda acts`` (the side's name as written), then what
    happened since that side's last turn, at most :data:`BANNER_LINES` lines."""
    bs = battle_scene
    title = f"{possessive(bs.session.side_name(side))} turn: {bs.name(bs.session.whose_turn())} acts"
    return [title, *recap_lines(bs.session.battle, side, BANNER_LINES)]


def show_turn_banner(battle_scene: TurnScene, side: str | None) -> None:
    """Put the turn's banner over the board, in the side's colour: the first of the screen's toasts, drawn as a
    banner (``game.ui.battle_draw.draw_toasts``); like them it goes when its moment does (the side's first
    action, an undo) or after a few seconds."""
    bs = battle_scene
    lines = banner_words(bs, side)
    colour = bs.board.colours.get(side, bs.pal.neutral)
    bs.toasts.add("\n".join(lines), BANNER_MS + BANNER_LINE_MS * (len(lines) - 1), colour, first=True)


class HandoverScene(Scene):
    def __init__(self, app: Any, battle_scene: TurnScene, side: str | None) -> None:
        self.app = app
        self.battle_scene = battle_scene
        self.side = side
        # at every human turn, the news is what happened since this fighter last acted (its side's included)
        every = getattr(getattr(battle_scene, "settings", None), "handover", "side") == "every"
        self.fighter = battle_scene.session.whose_turn() if every else None
        self.recap = recap_lines(battle_scene.session.battle, side, fighter=self.fighter)

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)):
            return Transition("pop")
        found = command_for(event)  # the keys that work any time on the battle screen work here too
        return self.command(*found) if found is not None else None

    def command(self, name: str, arg: Any) -> Transition | None:
        """A key of the battle screen's "any time" table (Esc: the pause menu, F1, F2, Ctrl+S, Ctrl+M...).

        What opens a screen opens it over this one (the board stays hidden under the pause menu, and closing it
        comes back here); undo, redo and the legend act on the board, so the board is shown first.
        """
        bs = self.battle_scene
        if name in ("undo", "redo", "legend"):
            bs.command(Command(name, arg))
            return Transition("pop")
        t = bs.command(Command(name, arg))
        if t is not None and t.scene is not None and getattr(t.scene, "below", None) is bs:
            t.scene.draw_over(self)  # drawn under the menu: this screen, not the board it hides
        return t

    def wants_frames(self) -> bool:
        """Nothing moves here: the window sleeps until the next input, as the battle screen does when calm
        (drawn at 60 frames a second it cost a player's laptop 40% of a core)."""
        return False

    _painted: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface) -> None:
        """The screen is painted once per window size and copied after: nothing on it changes while it waits
        (each frame's wrapping and rendering of the recap cost a core a tenth of its time at 10 frames a second)."""
        if self._painted is None or self._painted.get_size() != surface.get_size():
            self._painted = pygame.Surface(surface.get_size())
            self.paint(self._painted)
        surface.blit(self._painted, (0, 0))

    def paint(self, surface: pygame.Surface) -> None:
        """Draw the hand-over screen: the side's icon and turn, who acts, the recap, how to go on."""
        w, h = surface.get_size()
        bs = self.battle_scene
        surface.fill((12, 13, 17))
        t = self.app.text
        name = bs.session.side_name(self.side)
        col = bs.board.colours.get(self.side, (220, 220, 220))
        width = min(760, w - 60)
        body: list[tuple[str, int, tuple[int, int, int], bool]] = []
        # one person's last turn; with no fighter (a side yet to act) "your last turn", never "None's last turn"
        since = f"{possessive(bs.name(self.fighter), plural=False)} last turn" if self.fighter else "your last turn"
        if self.recap:
            body.append((f"Since {since}:", 18, (200, 200, 200), True))
            for line in self.recap:
                for part in wrap(t, line, 16, width - 20)[:2]:
                    body.append((part, 16, (226, 226, 226), False))
        else:
            body.append((f"Nothing has happened since {since}.", 16, (170, 170, 170), False))
        line_h = 22
        block = 80 + 56 + 34 + 16 + len(body) * line_h + 16 + 24
        y = max(10, (h - block) // 2)
        side_icon(surface, (w // 2, y + 40), 36, bs.board.side_index.get(self.side, 0), col, None, t)
        y += 88
        for text, size, colour in (
            (f"{possessive(name)} turn", 40, col),
            (f"Pass the mouse to {possessive(name)} player: {bs.name(bs.session.whose_turn())} acts next.", 20,
             (230, 230, 230)),
        ):
            img = t.render(text, size, colour, bold=size > 30)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += img.get_height() + 8
        y += 12
        x = (w - width) // 2
        for text, size, colour, bold in body:
            img = t.render(text, size, colour, bold=bold)
            if not self.recap:  # the one line "nothing has happened" sits centred, as the lines above
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            else:
                surface.blit(img, (x + (0 if bold else 12), y))
            y += line_h
        y += 12
        img = t.render("The board stays hidden until you click (or press Enter).", 15, (150, 150, 150))
        surface.blit(img, img.get_rect(midtop=(w // 2, min(y, h - 24))))
