"""A lesson on the battle screen (issue 18): the card with what to do now, and what the last try taught.

The battle screen plays a lesson like any battle; this panel rides on it
(``BattleScene.lesson``). Each frame, once the animation of the last action
has ended, it lets :class:`game.teaching.lessons.LessonRun` read the battle's new log
entries; the card then shows the next prompt, or why the last try did not
count. When the last step is met the lesson is marked done in the progress
file (the settings folder) and :class:`LessonDone` opens over the board.

:func:`start_lesson` builds the battle scene for a lesson: the foe of a
``foe = "still"`` lesson waits every turn, nothing is autosaved (a lesson
must not replace the battle "Continue" resumes), and no briefing is shown
(the card is the briefing).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ai import Opponent
from game.files.names import shown
from game.rules.base import find_ruleset
from game.teaching.lessons import PROGRESS_FILE, Lesson, LessonFoe, LessonRun, load_progress, save_progress
from game.ui import modes as M
from game.ui.battle_scene import BattleScene
from game.ui.menus.base import GuiScene
from game.ui.rule_links import LinkMap, render_linked
from game.ui.scene import Scene, Transition
from game.ui.session import SessionError, new_session
from game.ui.settings import config_dir
from game.ui.text import wrap

if TYPE_CHECKING:
    from game.ui.board_scene import BoardScene
    from game.ui.event_player import EventPlayer
    from game.ui.hud.combat_log import CombatLog
    from game.ui.palette import Palette
    from game.ui.text import TextCache

__all__ = ["LessonPanel", "LessonDone", "LessonScene", "start_lesson", "progress_path"]

CARD_W = 440
PAD = 12


class LessonScene(Protocol):
    """What a lesson's card reads of the battle screen (``game.ui.battle_scene.BattleScene`` is one): it changes
    nothing there, it rings fighters when drawing and asks for the "Lesson complete" screen by a request."""

    @property
    def session(self) -> Any: ...
    @property
    def actor(self) -> str | None: ...
    @property
    def mode(self) -> Any: ...
    @property
    def board(self) -> BoardScene: ...
    @property
    def board_rect(self) -> pygame.Rect: ...
    @property
    def player(self) -> EventPlayer: ...
    @property
    def log(self) -> CombatLog: ...
    @property
    def text(self) -> TextCache: ...
    @property
    def pal(self) -> Palette: ...
    @property
    def lesson(self) -> LessonPanel | None: ...

    def ring_fighters(self, surface: pygame.Surface, fids: list[str]) -> None: ...
    def request(self, t: Transition) -> None: ...


def short_name(name: str) -> str:
    """A ruleset's name as a column head (the lessons list's) or a card's: the part before its colon
    ("Edge (The Shard)")."""
    return name.split(":", 1)[0].strip() or name


def progress_path() -> Path:
    """Where finished lessons are kept: beside the settings."""
    return config_dir() / PROGRESS_FILE


def start_lesson(app: Any, lesson: Lesson, series: list[Lesson] | None = None) -> Scene:
    """The battle scene for ``lesson`` with its card on (``SessionError`` if it cannot start)."""
    battle = lesson.battle()
    dice = app.dice if app.dice is not None else ("manual" if app.settings.dice_source == "manual" else "seeded")
    kw = app.computer_kw()
    panel: list[LessonPanel] = []  # the card, made once the session is: the foe reads its run to reply
    computer = kw.pop("ai_factory", None)

    def foe() -> LessonFoe:
        fallback = None
        if lesson.foe == "computer":
            fallback = computer() if computer is not None else Opponent(
                kw.get("ai_level", "normal"), budget_ms=kw.get("ai_budget_ms"), nodes=kw.get("ai_nodes"),
                seed=battle.rng.seed)
        return LessonFoe(lambda: panel[0].run if panel else None, fallback)

    session = new_session(battle, dice=dice, autosave=False, ai_factory=foe, scenario=str(lesson.path), **kw)
    pygame.display.set_caption(shown(f"{app.title} - lesson: {lesson.title}"))  # never a NUL
    panel.append(LessonPanel(app, lesson, session.battle, series or [lesson]))
    return BattleScene(app, session, lesson=panel[0])


class LessonPanel:
    """The lesson's state on screen: the run, what was last said, and the card that shows them."""

    def __init__(self, app: Any, lesson: Lesson, battle: Any, series: list[Lesson]) -> None:
        self.app = app
        self.lesson = lesson
        self.run = LessonRun(lesson, battle)
        self.series = series
        self.feedback: list[tuple[str, str]] = []  # (text, tone) said after the last action
        self._seen = len(battle.log)
        self._said = 0  # how much of the run's words the card has shown
        self._was = (0, False)  # the run's step and whether its consequence was awaited, when the card last looked
        self.done_shown = False
        self.rect = pygame.Rect(0, 0, 0, 0)

        #: where the card's rule IDs were drawn: a click on one opens the rules help at it
        self.links = LinkMap()

    @property
    def step_number(self) -> int:
        return min(self.run.index + 1, len(self.lesson.steps))

    def next_lesson(self) -> Lesson | None:
        """The lesson after this one in its series (its ruleset's), if any."""
        same = [les for les in self.series if les.ruleset == self.lesson.ruleset]
        ids = [les.id for les in same]
        i = ids.index(self.lesson.id) if self.lesson.id in ids else -1
        return same[i + 1] if 0 <= i < len(same) - 1 else None

    def update(self, scene: LessonScene) -> None:
        """After each action has played out: check the step; at the end, keep the progress and say so."""
        battle = scene.session.battle
        if scene.player.busy or len(battle.log) == self._seen:
            return
        self._seen = len(battle.log)
        was, seeing = self._was
        self.run.observe(battle)
        # what the run said since the card last looked (the foe may have had it look first, to reply at once)
        said, self._said = self.run.said[self._said:], len(self.run.said)
        self._was = (self.run.index, self.run.seeing)
        if said:  # a step met (its consequence now played out) is good news, not a retry
            met = self.run.index > was or self.run.finished or (self.run.seeing and not seeing)
            self.feedback = [(s, "success" if met else "failure") for s in said]
        if self.run.finished and not self.done_shown:
            self.done_shown = True
            done = load_progress(progress_path())
            problem = save_progress(progress_path(), done | {self.lesson.id})
            if problem:
                scene.log.note(problem)
            scene.request(Transition("push", LessonDone(self.app, scene, self)))

    # -- drawing -----------------------------------------------------------------------------------------
    def lines(self, scene: LessonScene) -> list[tuple[str, int, tuple[int, int, int], bool]]:
        """The card's lines before wrapping: (text, size, colour, bold)."""
        pal = scene.pal
        les = self.lesson

        head = f"LESSON \u00b7 {short_name(find_ruleset(les.ruleset).name)} \u00b7 {les.title}"
        out = [(head, 13, pal.accent, True)]
        step = self.run.step
        if step is None:
            out.append((f"Lesson complete: {les.title}.", 18, pal.success, True))
        else:
            out.append((f"Step {self.step_number} of {len(les.steps)}", 12, (170, 170, 170), False))
            out.append((step.prompt, 18, (245, 240, 225), True))
            if self.run.seeing:
                out.append((self.watch_words(scene), 14, pal.accent, True))
            elif step.how:
                out.append((step.how, 14, (205, 205, 205), False))
        for text, tone in self.feedback:
            if step is None and text.startswith("Lesson complete"):
                continue  # said in the card's heading already
            out.append((text, 14, pal.success if tone == "success" else pal.failure, tone == "success"))
        if les.foe == "still":
            b = scene.session.battle
            me = b.get(les.learner)
            foes = [f.name or f.id for f in b.fighters if me is not None and f.side != me.side]
            if foes:
                answers = any(s.answered for s in les.steps)
                out.append((f"{' and '.join(foes)} only wait{'s' if len(foes) == 1 else ''} in this lesson "
                            + ("until you have done what it asks; then the answer comes, and the lesson shows "
                               "what follows." if answers else ": each of your tries is yours alone."),
                            12, (170, 170, 170), False))
        out.append(("Esc: pause menu (leave the lesson) \u00b7 F1: rules help", 12, (150, 150, 150), False))
        return out

    def watch_words(self, scene: LessonScene) -> str:
        """While the step's consequence is played out: who answers next, and how to get there (the turn, or a
        d20 round's phases, must pass to the foe)."""
        step = self.run.step
        who = scene.session.battle.get(step.reply.get("actor")) if step is not None and step.reply else None
        answers = f": {who.name or who.id} answers" if who is not None else " on the other side's turn"
        return f"Now watch what follows{answers}. Press Space to end your turn (or phase) until it comes."

    def place(self, scene: LessonScene, width: int, height: int) -> pygame.Rect:
        """The board's top-left corner, or its top-right when a fighter stands under that: the card must not
        hide the fighters it talks about (the foot of the board holds the hint and the last roll)."""
        br = scene.board_rect
        board = scene.board
        tokens = [board.camera.world_to_screen(p.x, p.y) for p in board.tokens.placements(board.battle)]
        reach = int(board.geometry.hex_radius * board.camera.zoom) + 4
        first = None
        for x in (br.x + PAD, br.right - PAD - width):
            rect = pygame.Rect(x, br.y + PAD, width, height)
            first = first or rect
            if not any(rect.inflate(2 * reach, 2 * reach).collidepoint(int(p[0]), int(p[1])) for p in tokens):
                return rect
        return first

    def ring_target(self, surface: pygame.Surface, scene: LessonScene) -> str | None:
        """While the learner picks, a ring on the fighter the step is done to (the learner, for an action on
        itself): where to click first. Returns that fighter's id (None: no ring now)."""
        step = self.run.step
        if step is None or scene.actor != self.lesson.learner or not isinstance(scene.mode, M.SelectHex
                                                                                  | M.SelectFighter):
            return None
        who = step.example.get("target") or self.lesson.learner
        if scene.session.battle.get(who) is None:
            return None
        scene.ring_fighters(surface, [who])
        return who

    def draw(self, surface: pygame.Surface, scene: LessonScene) -> None:
        """The card in the board's top-left corner, under the menus (they open over it)."""
        self.ring_target(surface, scene)
        br = scene.board_rect
        text = scene.text
        width = max(220, min(CARD_W, br.w // 2 - 2 * PAD))

        rows: list[pygame.Surface] = []
        gaps: list[int] = []
        links: list[list[tuple[pygame.Rect, str]]] = []
        for words, size, colour, bold in self.lines(scene):
            for i, ln in enumerate(wrap(text, words, size, width - 2 * PAD, bold=bold)):
                img, rects = render_linked(text, ln, size, colour, bold)
                rows.append(img)
                links.append(rects)
                gaps.append(6 if i == 0 and rows[:-1] else 0)
        h = sum(r.get_height() for r in rows) + sum(gaps) + 2 * PAD
        self.rect = self.place(scene, width, h)
        card = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        pygame.draw.rect(card, (12, 13, 18, 235), card.get_rect(), border_radius=10)
        surface.blit(card, self.rect)
        pygame.draw.rect(surface, scene.pal.accent, self.rect, width=2, border_radius=10)
        y = self.rect.y + PAD
        self.links.clear()
        for img, gap, rects in zip(rows, gaps, links, strict=True):
            y += gap
            surface.blit(img, (self.rect.x + PAD, y))
            self.links.add(rects, (self.rect.x + PAD, y))
            y += img.get_height()

    def rule_at(self, pos: tuple[int, int]) -> str | None:
        """The rule ID drawn on the card at ``pos`` (the battle screen opens the rules help at it)."""
        return self.links.at(pos) if self.rect.collidepoint(pos) else None


class LessonDone(GuiScene):
    """Over the board once a lesson is met: what it taught, then the next lesson, the list, or the board."""

    def __init__(self, app: Any, battle_scene: Any, panel: LessonPanel) -> None:
        super().__init__(app, below=battle_scene)
        self.battle_scene = battle_scene
        self.panel = panel

    def _rows(self, bw: int) -> list[tuple[pygame.Surface, int]]:
        """The box's lines, wrapped to its width and rendered: each with the gap above it."""
        t = self.app.text
        pal = self.pal
        taught = [t for s in self.panel.lesson.steps for t in (s.done, s.shown) if t]  # the consequence too
        lines = [(f"Lesson complete: {self.panel.lesson.title}", 30, pal.success, True),
                 (self.panel.lesson.teaches, 16, (235, 230, 215), False)]
        lines += [(f"\u2022 {d}", 15, (210, 210, 210), False) for d in taught]
        nxt = self.panel.next_lesson()
        lines.append((f"Next: {nxt.title} \u2014 {nxt.teaches}" if nxt else
                      "That was the last lesson of this ruleset.", 15, pal.accent, True))
        rows: list[tuple[pygame.Surface, int]] = []
        for words, size, colour, bold in lines:
            for i, ln in enumerate(wrap(t, words, size, bw - 40, bold=bold)):
                rows.append((t.render(ln, size, colour, bold=bold), 10 if i == 0 and rows else 0))
        return rows

    def layout(self, w: int, h: int) -> tuple[pygame.Rect, pygame.Rect]:
        """The box and the row of buttons just under it, centred together: the buttons sat at the window's
        foot, 300 px below the box at 1920x1080 and over the last result's card."""
        bw = min(760, w - 40)
        total = sum(img.get_height() + gap for img, gap in self._rows(bw))
        block = total + 40 + 16 + 48
        box = pygame.Rect((w - bw) // 2, max(20, (h - block) // 2), bw, total + 40)
        row = pygame.Rect(box.x, min(box.bottom + 16, h - 58), bw, 48)
        return box, row

    def build(self) -> None:
        w, h = self.size
        _, row = self.layout(w, h)
        bw, x, y = row.w, row.x, row.y
        nxt = self.panel.next_lesson()
        third = (bw - 24) // 3
        self.button(pygame.Rect(x, y, third, 48), "Stay on the board", "board", object_id="@big_button",
                    tooltip="Look at the board and the log; Esc then opens the pause menu.")
        self.button(pygame.Rect(x + third + 12, y, third, 48), "All lessons", "lessons", object_id="@big_button")
        self.button(pygame.Rect(x + 2 * (third + 12), y, third, 48),
                    f"Next: {nxt.title}" if nxt else "Main menu", "next" if nxt else "menu",
                    object_id="@primary_button", tooltip=nxt.teaches if nxt else None)

    def on_button(self, name: str, widget: Any) -> Transition | None:
        if name == "board":
            return Transition("pop")
        if name == "next":
            nxt = self.panel.next_lesson()
            if nxt is not None:
                try:
                    scene = start_lesson(self.app, nxt, self.panel.series)
                except (SessionError, OSError, ValueError) as exc:  # a file changed since Learn read it
                    self.say(str(exc), "failure")
                    return None
                self.battle_scene.session.close()
                return Transition("reset", scene)
        self.battle_scene.session.close()
        if name == "lessons":
            return Transition("reset", self.app.screens.learn_menu())
        return Transition("reset", self.app.screens.main_menu())

    def on_escape(self) -> Transition | None:
        return Transition("pop")

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n):
            return self.on_button("next" if self.panel.next_lesson() else "lessons", None)
        return None

    def wants_frames(self) -> bool:
        return False

    def draw_extra(self, surface: pygame.Surface) -> None:
        pal = self.pal
        w, h = surface.get_size()
        box, _ = self.layout(w, h)
        rows = self._rows(box.w)
        pygame.draw.rect(surface, (16, 18, 24), box, border_radius=12)
        pygame.draw.rect(surface, pal.success, box, width=2, border_radius=12)
        y = box.y + 20
        for img, gap in rows:
            y += gap
            surface.blit(img, (box.x + 20, y))
            y += img.get_height()
