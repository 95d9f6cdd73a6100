"""The situation lab screen (issue 18): the board on the left, the set-up and the play on the right.

Set up: pick a start (a scenario's map and fighters) or load a situation
file; click a fighter to select it, click an open hex to move it there; the
panel's buttons turn it, change its posture, HP/FP, stats, conditions, what
it holds, wears or carries, add a copy or remove it, grip another fighter
(``Grip…``, then click the one to hold; a grip the ruleset cannot have is
said under the grip row at once), and carry the whole set-up to
another ruleset. ``Save`` writes exactly the ``clinch resolve`` file.

Play: choose one of the selected fighter's actions (grouped by whom it is
done to and its kind, found by typing in Find: ``game.ui.lab.action_list``),
play it with random dice or the dice typed in the field (Play typed with
none typed asks for them), step through it one step at a time
(the board shows each state change), rewind (the set-up is untouched),
play again with the same dice, or compare it under another ruleset (the
split view: both resolutions aligned, the differences and the assumed
values named). Each rule ID in the step pane opens the rules help there.

The words come from ``game.teaching.explain`` (through ``game.teaching.lab_trial``), the
edits from ``game.teaching.lab``: this module only lays them out and routes clicks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.files.saves import data_dir
from game.files.situation import GRAPPLE_KINDS, GRAPPLE_LOCATIONS
from game.hexgrid import Hex
from game.rules.base import RULESETS
from game.teaching.lab import LabError, LabSituation, from_scenario, known_names
from game.teaching.lab_trial import Comparison, Trial, legal_choices, script
from game.ui.board_panel import BoardClick
from game.ui.board_scene import BoardScene
from game.ui.lab.action_list import build_action_rows, choices_of, on_find
from game.ui.lab.below import LabBelow
from game.ui.lab.commands import choose, grip_note_row, place_grip, press
from game.ui.lab.drawing import PANE_MIN, LabDrawing
from game.ui.lab.leave import LeaveLab, unsaved
from game.ui.lab.open_ground import display
from game.ui.lab.pages import hands_words
from game.ui.lab.starts import MAPS, OPEN_GROUND, default_start, start_of
from game.ui.menus.base import GuiScene
from game.ui.menus.builder_menu import builder_from_lab
from game.ui.menus.rules_help_view import RulesHelpView
from game.ui.scene import Transition

__all__ = ["LabScene", "default_start", "lab_folder", "start_of", "OPEN_GROUND"]

#: side colours in order of first appearance (the board's own fallback order)
SIDE_COLOURS = ((192, 57, 43), (41, 128, 185), (39, 174, 96), (142, 68, 173), (230, 126, 34))
ROW = 34

GAP = 6


def lab_folder() -> Path:
    """Where the lab saves by default: ``situations`` in the game's data folder."""
    return data_dir() / "situations"


class LabScene(LabDrawing, GuiScene):
    """The lab: a :class:`~game.teaching.lab.LabSituation` shown and edited, one :class:`~game.teaching.lab_trial.Trial` played."""

    title = "Situation lab"

    def __init__(self, app: Any, lab: LabSituation | None = None, *, selected: str | None = None) -> None:
        super().__init__(app)
        self.lab = lab if lab is not None else from_scenario(default_start())
        self.selected: str | None = selected if selected in self.lab.ids() else (self.lab.ids() or [None])[0]
        self.trial: Trial | None = None
        self.step = 0
        self.comparison: Comparison | None = None
        self.compare_scroll = 0  # pixels of the split view scrolled past
        self.grip_mode = False
        self.effect_mode = False  # the next click on the board lays (or lifts) the picked effect
        self.seed = 1
        self.dropdowns: dict[Any, str] = {}
        self.picked: dict[str, str] = {}  # drop-down key -> the option shown
        self.choices: dict[str, dict[str, Any]] = {}
        self.rule_links: list[tuple[pygame.Rect, str]] = []
        self.file_entry: Any = None
        self.dice_entry: Any = None
        self.find_entry: Any = None  # the action list's Find field (game.ui.lab.action_list)
        self.board_click = BoardClick()
        self.shift = Hex(0, 0)
        self.board = self._new_board()
        self.saved_text = self.lab.text()  # the set-up as opened: leaving with another asks first (lab.leave)

    # -- the board ---------------------------------------------------------------------------------

    def _new_board(self) -> BoardScene:
        b = BoardScene(self.shown_battle(), self.size, self.app.text)
        b.click_selects = False
        b.view_rect = self.board_rect()
        b.selected = self.selected
        # a situation's sides carry no colours: each side its own, in order of first appearance
        b.side_colours = {sid: SIDE_COLOURS[i % len(SIDE_COLOURS)] for sid, i in b.side_index.items()}
        b.underlay = self._mark_step
        b.fit()
        return b

    @property
    def map_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(0, 0, w - self.panel_width, h)

    def card_shown(self) -> bool:
        """Whether the step is read in a card over the board (a window too short for the panel's pane)."""
        return self.trial is not None and self.size[1] - getattr(self, "pane_top", 0) - 8 < PANE_MIN

    def board_rect(self) -> pygame.Rect:
        """The part of the map area the board is fitted into: above the step card when there is one."""
        r = self.map_rect
        return pygame.Rect(r.x, r.y, r.w, r.h - self.card_height() - 30) if self.card_shown() else r

    @property
    def panel_width(self) -> int:
        return max(380, min(620, int(self.size[0] * 0.4)))

    def shown_battle(self) -> Any:
        """The set-up (or the trial at its step) as drawn; ``self.shift`` maps the file's hexes to the drawn."""
        battle = self.trial.board_at(self.step) if self.trial is not None else self.lab.battle()
        ends = [f.hex for b in (self.trial.before, self.trial.after) for f in b.fighters] if self.trial else []
        shown, self.shift = display(battle, ends)
        return shown

    def screen_of(self, h: Hex) -> tuple[float, float]:
        """Where the file's hex ``h`` is drawn on screen."""
        return self.board.hex_screen_pos(Hex(h.q + self.shift.q, h.r + self.shift.r))

    def refresh(self, *, rebuild: bool = True, new_board: bool = False) -> None:
        """After a change: the board shows the set-up (or the trial at its step), the panel its choices."""
        if self.selected not in self.lab.ids():
            self.selected = (self.lab.ids() or [None])[0]
        shift = self.shift
        shown = self.shown_battle()
        old = self.board.battle.board
        if new_board or shift != self.shift or (old.name, old.columns, old.rows) != (
                shown.board.name, shown.board.columns, shown.board.rows):
            self.board = self._new_board()  # another map, or open ground grown or shifted: drawn afresh
        else:
            self.board.show(shown)
            self.board.select(self.selected)
        if self.board.view_rect != self.board_rect():
            self.board.view_rect = self.board_rect()
            self.board.fit()
        if rebuild:
            self.rebuild()

    # -- widgets -----------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.board.resize(size)
        self.board.view_rect = self.board_rect()
        self.board.fit()

    def build(self) -> None:
        self.dropdowns = {}
        x, w = self.map_rect.right + 10, self.panel_width - 20
        y = self._build_file_rows(x, 8, w)
        y = self._build_fighter_rows(x, y, w)
        y = self._build_play_rows(x, y, w)
        self.pane_top = y + GAP

    def _dropdown(self, key: str, options: list[str], rect: pygame.Rect) -> Any:
        options = options or ["-"]
        current = self.picked.get(key)
        current = current if current in options else options[0]
        self.picked[key] = current
        dd = pygame_gui.elements.UIDropDownMenu(options, current, rect, self.gui, expansion_height_limit=360)
        self.add(dd)
        self.dropdowns[dd] = key
        return dd

    def _buttons(self, x: int, y: int, w: int, names: list[tuple[str, str, str]], centre: bool = False) -> int:
        """A row of equal buttons (text, name, tooltip) across ``w``; returns the next row's y. ``centre``: the
        words centred, for short buttons ("+1", "Let go"), whose words the theme's left padding pushed past
        their right edge at 1024x640."""
        bw = (w - GAP * (len(names) - 1)) // len(names)
        for i, (text, name, tip) in enumerate(names):
            self.button(pygame.Rect(x + i * (bw + GAP), y, bw, ROW - 4), text, name, tooltip=tip,
                        object_id="@center_button" if centre else None)
        return y + ROW

    def _build_file_rows(self, x: int, y: int, w: int) -> int:
        path = self.lab.path or (lab_folder() / "lab.json")
        self.file_entry = self.add(pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, w - 218, ROW - 4),
                                                                       self.gui))
        self.file_entry.set_text(str(path))
        self._buttons(x + w - 212, y, 212, [("Load", "load", "Open this situation file."),
                                             ("Save", "save", "Write the set-up as a clinch resolve situation file."),
                                             ("Undo", "undo", "Take back the last change to the set-up (Ctrl+Z).")])
        y += ROW
        starts = [OPEN_GROUND, *sorted(p.stem for p in MAPS.glob("*.toml"))]
        self.picked.setdefault("start", start_of(self.lab))
        self._dropdown("start", starts, pygame.Rect(x, y, w // 2 - 2 * (56 + GAP), ROW - 4))
        self._buttons(x + w // 2 - 2 * (56 + GAP) + GAP, y, 2 * 56 + GAP,
                      [("New", "new", "Start again from this scenario's map and fighters."),
                       ("Map", "map", "Put this set-up on that scenario's map (or on open ground).")])

        self.picked["ruleset"] = self.lab.ruleset.id
        self._dropdown("ruleset", sorted(RULESETS), pygame.Rect(x + w // 2, y, w // 2, ROW - 4))
        return y + ROW + GAP

    def _build_fighter_rows(self, x: int, y: int, w: int) -> int:
        self.label(pygame.Rect(x, y, w, 24), self._fighter_title())
        y += 26
        y = self._buttons(x, y, w, [("Turn", "turn", "Face the next side."), ("Posture", "posture", "Next posture."),
                                    ("Side", "side", "Change sides (the last choice starts a new side)."),
                                    ("Copy", "add", "A copy of this fighter on the next open hex."),
                                    ("Remove", "remove", "Take this fighter off (and its grips).")])
        y = self._buttons(x, y, w, [("HP -1", "hp-", "One hit less."), ("HP +1", "hp+", "One hit more."),
                                    ("FP -1", "fp-", "One fatigue point less."), ("FP +1", "fp+", "One more.")])
        y = self._number_rows(x, y, w)
        effects = list(self.lab.ruleset.board_effects)
        right = w - w // 3 - GAP
        if effects:  # a ruleset with fires and clouds on the board: the row shares with placing one
            right = (w - 2 * (w // 3) - 3 * GAP) // 2
            self._dropdown("effect", effects, pygame.Rect(x + w // 3 + right + 2 * GAP, y, w // 3, ROW - 4))
            self._buttons(x + 2 * (w // 3) + right + 3 * GAP, y, w - 2 * (w // 3) - right - 3 * GAP,
                          [("Place\u2026", "effect", "Then click a hex: lay it there (3 rounds), or take it away.")])
        self._dropdown("cond", list(self.lab.ruleset.conditions), pygame.Rect(x, y, w // 3, ROW - 4))
        self._buttons(x + w // 3 + GAP, y, right, [("On/off", "cond", "Give the fighter this condition, or clear it.")])
        y += ROW
        items = ["(empty hand)", *sorted(self.lab.ruleset.items)]
        self._dropdown("item", items, pygame.Rect(x, y, w // 3, ROW - 4))
        y = self._buttons(x + w // 3 + GAP, y, w - w // 3 - GAP,
                          [("Right", "hand:right", "Put it in the right hand."),
                           ("Left", "hand:left", "Put it in the left hand."),
                           ("Belt", "carry", "Wear it, or carry it on the belt; again takes it off.")])
        return self._grip_row(x, y, w) + GAP

    def _grip_row(self, x: int, y: int, w: int) -> int:
        """Where, what kind, how many hands; then ``Grip…`` and a click on the one held, or ``Let go``."""
        rs = self.lab.ruleset
        tail = 2 * 55 + GAP  # the two short buttons, a place's short name; the kind and the hands share the
        loc = 72  # rest (at 1024x640 each a fifth read "grappl…", "1 hanc…")
        wide = (w - tail - 3 * GAP - loc) // 2
        self._dropdown("location", list(rs.grapple_locations or GRAPPLE_LOCATIONS), pygame.Rect(x, y, loc, ROW - 4))
        kinds = list(dict.fromkeys([*GRAPPLE_KINDS, *rs.grapple_kinds]))
        self._dropdown("kind", kinds, pygame.Rect(x + loc + GAP, y, wide, ROW - 4))
        hands = [hands_words(n) for n in (rs.grip_hands_default, *range(0, 3))]
        self._dropdown("hands", list(dict.fromkeys(hands)), pygame.Rect(x + loc + wide + 2 * GAP, y, wide, ROW - 4))
        left = loc + 2 * wide + 3 * GAP
        return grip_note_row(self, x, self._buttons(x + left, y, w - left,
                             [("Grip\u2026", "grip", "Then click the fighter to hold."),
                              ("Let go", "ungrip", "Remove the grips this fighter holds.")], centre=True), w)

    def _number_rows(self, x: int, y: int, w: int) -> int:
        """Stats and skills: a drop-down of the names (the fighter's, then the ruleset's known ones) and -1/+1."""
        known = known_names(self.lab.ruleset.id)
        # a stat's name is short ("ST 12"), a skill's long ("Broadsword 14", which read "Broadswo…" in half
        # the row at 1024x640): the skills get the wider part
        part = {"stats": (x, (w - GAP) * 2 // 5), "skills": (x + (w - GAP) * 2 // 5 + GAP, w - (w - GAP) * 2 // 5 - GAP)}
        for group in ("stats", "skills"):
            have = self._spec().get(group, {}) if self.selected else {}
            names = list(dict.fromkeys([*have, *known[group]]))
            shown = [f"{k} {have[k]}" if k in have else f"{k} -" for k in names]
            left, span = part[group]
            pair = 2 * 36  # -1 and +1, their words centred (left-aligned, the "1" of "+1" was cut at 1024x640)
            self._dropdown(group, shown, pygame.Rect(left, y, span - pair, ROW - 4))
            self._buttons(left + span - pair + GAP, y, pair - GAP,
                          [("-1", f"{group}-", f"Lower it ({group} at 0 are taken off)."), ("+1", f"{group}+", "Raise it.")],
                          centre=True)
        return y + ROW

    def _build_play_rows(self, x: int, y: int, w: int) -> int:
        self.choices = self._choices()
        y = build_action_rows(self, x, y, w)  # Find, then the drop-down grouped by fighter and kind
        self.label(pygame.Rect(x, y, 50, ROW - 4), "Dice")
        self.dice_entry = self.add(pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x + 52, y, w - 52, ROW - 4), self.gui, placeholder_text="faces to use first, e.g. 3 4 3"))
        if self.picked.get("dice"):
            self.dice_entry.set_text(self.picked["dice"])
        y += ROW
        y = self._buttons(x, y, w, [("Play", "play", "Play it with random dice (the file's actions: with the file's dice)."),
                                    ("Play typed", "typed", "Play it with the faces typed above (random after)."),
                                    ("Same dice", "same", "Play it again with the faces that fell."),
                                    ("Rewind", "rewind", "Back to the set-up.")])
        y = self._buttons(x, y, w, [("< Step", "prev", "The step before."), ("Step >", "next", "Next."),
                                    ("Last", "last", "The end of the action."),
                                    ("As battle", "as_battle", "Play this set-up as a battle: open it in the battle "
                                                               "builder, to play at once or save.")])

        others = [r for r in sorted(RULESETS) if r != self.lab.ruleset.id]
        self._dropdown("other", others, pygame.Rect(x, y, w // 2, ROW - 4))
        self.button(pygame.Rect(x + w // 2 + GAP, y, w - w // 2 - GAP, ROW - 4), "Compare", "compare",
                    tooltip="The same action under the other ruleset, aligned, the differences named.")
        return y + ROW

    def _spec(self) -> dict[str, Any]:
        if self.selected is None:
            return {}
        try:
            return self.lab.fighter(self.lab.data, self.selected)
        except LabError:
            return {}

    def _fighter_title(self) -> str:
        f = self._spec()
        if not f:
            return "No fighter: click an open hex to put one there."
        grip = "  \u2014 click the fighter to grip" if self.grip_mode else "  \u2014 click a hex to move it"
        if self.effect_mode:
            grip = f"  \u2014 click a hex for the {self.picked.get('effect', 'effect')}"
        return f"{f.get('name') or f['id']} ({f['side']}), {f.get('posture', 'standing')}{grip}"

    def _choices(self) -> dict[str, dict[str, Any]]:
        if self.selected is None:
            return {}
        out: dict[str, dict[str, Any]] = {}
        try:
            found = legal_choices(self.lab, self.selected)
        except (ValueError, KeyError, NotImplementedError) as exc:
            self.say(f"No actions for this fighter: {exc}", "failure")
            return {}
        whole = script(self.lab)
        if whole is not None:  # what the file itself plays, first: clinch resolve's run, step by step
            n = len(whole["actions"])
            rounds = sorted({a["round"] for a in whole["actions"] if isinstance(a, dict) and type(a.get("round")) is int})
            over = f", rounds {rounds[0]}-{rounds[-1]}" if len(rounds) > 1 else (f", round {rounds[0]}" if rounds else "")
            out[f"The file's {n} action{'s' if n != 1 else ''} in order{over}" + (
                ", with its dice" if self.lab.data.get("dice") else "")] = whole

        label = next(iter(out), "")
        return choices_of(self, found, out.get(label), label)

    # -- events ------------------------------------------------------------------------------------

    def on_button(self, name: str, widget: Any) -> Transition | None:
        if name == "as_battle":  # "Play this as a battle": the set-up opened in the battle builder

            return builder_from_lab(self)
        press(self, name)
        return None

    def choose(self, key: str, value: str) -> None:
        choose(self, key, value)

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.dropdowns:
            self.choose(self.dropdowns[event.ui_element], event.text)
            return None
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.dice_entry:
            self.picked["dice"] = self.dice_entry.get_text()
            return None
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.find_entry:
            on_find(self)
            return None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return self._mouse(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_f and not self._typing():
            self.board.fit()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL \
                and not self._typing():
            self.on_button("undo", None)
        steps = {pygame.K_RIGHT: "next", pygame.K_LEFT: "prev", pygame.K_END: "last"}
        if event.type == pygame.KEYDOWN and event.key in steps and self.trial is not None and not self._typing():
            self.on_button(steps[event.key], None)
        return None

    def _typing(self) -> bool:
        return any(e is not None and e.is_focused for e in (self.file_entry, self.dice_entry, self.find_entry))

    def _mouse(self, event: pygame.event.Event) -> None:
        pos = getattr(event, "pos", None) or pygame.mouse.get_pos()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._click_pane(pos):
            return None
        if not self.map_rect.collidepoint(pos) and event.type != pygame.MOUSEBUTTONUP:
            return None
        if self.comparison is not None:
            if event.type == pygame.MOUSEWHEEL:  # the split view scrolls
                self.compare_scroll = max(0, getattr(self, "compare_scroll", 0) - 48 * int(event.y))
            return None
        self.board.handle(event)
        self.board_click.handle(event, pos, self.map_rect, self.click_board)
        return None

    def _click_pane(self, pos: tuple[int, int]) -> bool:
        """A rule ID in the step pane or the split view: the rules help, opened at that rule."""
        for rect, rule in self.rule_links:
            if rect.collidepoint(pos):
                self.request(Transition("push", RulesHelpView(self.app, LabBelow(self), rule=rule)))
                return True
        return False

    def click_board(self, pos: tuple[int, int]) -> None:
        """Select the fighter clicked, grip it (after ``Grip…``), or move the selected one to the hex."""
        who = self.board.fighter_at_screen(pos)
        if self.trial is not None:
            self.say("Rewind first: the board shows the action played.", "failure")
            return
        if self.effect_mode:
            h = self.board.hex_at_screen(pos)
            if h is not None:
                self.effect_mode = False
                at = Hex(h.q - self.shift.q, h.r - self.shift.r)
                self._edit(lambda: self.lab.toggle_effect(self.picked.get("effect", ""), at))
            return
        if who is not None and self.grip_mode and self.selected and who != self.selected:
            place_grip(self, who)
            return
        if who is not None:
            self.selected = who
            self.grip_mode = False
            self.refresh()
            return
        h = self.board.hex_at_screen(pos)
        if h is None:
            return
        to = Hex(h.q - self.shift.q, h.r - self.shift.r)
        if self.selected is not None:
            self._edit(lambda: self.lab.move(self.selected, to))
            return
        made: list[str] = []  # nobody on the board yet: a fighter of the ruleset's own make where clicked
        if self._edit(lambda: made.append(self.lab.add_fighter("red", to))):
            self.selected = made[0]
            self.refresh()

    def _edit(self, change: Any, *, new_board: bool = False) -> bool:
        """Run one edit of the set-up; a refusal is said in one sentence and changes nothing."""
        try:
            change()
        except LabError as exc:
            self.say(str(exc), "failure")
            return False
        self.trial = None
        self.comparison = None
        self.refresh(new_board=new_board)
        return True

    def on_escape(self) -> Transition | None:
        if self.comparison is not None:
            self.comparison = None
            return None
        if unsaved(self):  # a set-up built here is not lost to one key: asked first (Save / Leave / Stay)
            return Transition("push", LeaveLab(self.app, self, save=lambda: press(self, "save")))
        return Transition("pop")
