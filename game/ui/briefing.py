"""The briefing before a battle: the sides and who plays them, how to win, the ruleset in one sentence.

Shown over the battle when one starts from the main menu, the New battle
screen or ``clinch play`` (``App(briefing=True)``, which the command sets;
tests that build an ``App`` themselves skip it), never when a save is
loaded or continued. A click, Enter, Space or Esc starts the battle; the
computer does not move while it is up. F3 (the key table, ``game.ui.keys``)
shows it again at any time, and the pause menu carries its victory line.

The victory condition is stated from what ends the battle
(``game.flow.steps``): the ruleset's ``outcome`` (the last side with a
fighter its ``can_fight`` counts; the words for who no longer counts are the
ruleset's ``out_words``, and its one sentence its ``briefing``: each
ruleset says them in its own folder) and the scenario's round or turn
limit, after which the battle is a draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game.files.userfiles import load_toml
from game.model import battle_title
from game.ui.hud.widgets import side_icon
from game.ui.scene import Scene, Transition
from game.ui.text import wrap

__all__ = ["Briefing", "SideLine", "BriefingScene", "briefing_for", "victory_text"]


@dataclass
class SideLine:
    id: str
    name: str
    colour: tuple[int, int, int]
    index: int
    who: str
    fighters: list[str] = field(default_factory=list)


@dataclass
class Briefing:
    title: str
    description: str
    ruleset: str
    victory: str
    sides: list[SideLine] = field(default_factory=list)


def round_limit(session: Any) -> int | None:
    """The round after which the battle ends in a draw (the scenario's or the controller's, the smaller)."""
    b = session.battle
    ctl_settings = getattr(session.ctl, "settings", None)
    limits = []
    for x in (getattr(ctl_settings, "round_limit", None), b.options.get("round_limit"), b.options.get("turn_limit")):
        try:
            if x:
                limits.append(int(x))
        except (TypeError, ValueError):
            continue
    return min(limits) if limits else None


def victory_text(session: Any) -> str:
    """How this battle is won, truthfully: the ruleset's last side standing, and the round limit if any."""
    text = f"Victory: be the last side with anyone still able to fight; {session.ruleset.presentation.out_words}."
    limit = round_limit(session)
    if limit:
        text += f" If no side has won by the end of round {limit}, the battle is a draw."
    return text


def ruleset_sentence(ruleset: Any) -> str:
    return ruleset.presentation.briefing or f"{ruleset.name or ruleset.id}."


def _scenario_words(battle: Any) -> tuple[str, str]:
    """The battle's title (:func:`game.model.battle_title`: a built battle played unsaved has no file to read
    it from) and the description from its scenario file (nothing if it cannot be read)."""
    name, desc = battle_title(battle), ""
    own = isinstance(getattr(battle, "title", None), str)
    path = getattr(battle, "scenario", None)
    if path and str(path).endswith(".toml"):
        try:
            data = load_toml(Path(path), limit=1 << 20)
            name = name if own else str(data.get("name") or name)  # a save from before titles: its file's
            desc = str(data.get("description") or "")
        except (OSError, ValueError, AttributeError, TypeError):
            pass
    return name, desc


def computer_plays(level: str) -> str:
    """``the computer (hard)``: a computer side and its level, as the briefing and New battle's card say it."""
    return f"the computer ({level})"


def who_plays(session: Any, side_id: str) -> str:
    """``you``, ``a player at this screen`` (hotseat) or ``the computer (normal)``."""
    if session.seat.get(side_id, "human") == "ai":
        level = session.level_of(side_id) if hasattr(session, "level_of") else session.ai_level
        return computer_plays(level)
    return "a player at this screen" if session.is_hotseat() else "you"


def briefing_for(session: Any, colours: dict[str, tuple[int, int, int]] | None = None,
                 side_index: dict[str, int] | None = None) -> Briefing:
    """What the briefing says for this session (plain data; the scene draws it, tests read it)."""
    b = session.battle
    title, desc = _scenario_words(b)
    ids = [s.id for s in b.sides] or sorted({f.side for f in b.fighters})
    sides = []
    for i, sid in enumerate(ids):
        fighters = [f.name or f.id for f in b.fighters if f.side == sid]
        sides.append(SideLine(sid, session.side_name(sid), (colours or {}).get(sid, (220, 220, 220)),
                              (side_index or {}).get(sid, i), who_plays(session, sid), fighters))
    return Briefing(title, desc, ruleset_sentence(session.ruleset), victory_text(session), sides)


class BriefingScene(Scene):
    """The briefing over the (dimmed) battle. First time: it stands in the battle's place on the scene stack and
    gives it back when dismissed; ``again`` (F3): pushed over it and popped."""

    def __init__(self, app: Any, battle_scene: Any, again: bool = False) -> None:
        self.app = app
        self.below = battle_scene
        self.battle_scene = battle_scene
        self.again = again
        self.size = app.size
        self.brief = briefing_for(battle_scene.session, battle_scene.board.colours, battle_scene.board.side_index)

    def dismiss(self) -> Transition:
        return Transition("pop") if self.again else Transition("replace", self.battle_scene)

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.dismiss()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                                                          pygame.K_ESCAPE, pygame.K_F3):
            return self.dismiss()
        return None

    def enter(self, size: tuple[int, int]) -> None:
        if size != self.size:
            self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.battle_scene.resize(size)

    def wants_frames(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.battle_scene.draw(surface)
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 190))
        surface.blit(shade, (0, 0))
        self.draw_panel(surface)

    def draw_panel(self, surface: pygame.Surface) -> pygame.Rect:
        """The briefing's box, centred; returns it (tests check it fits the window)."""
        w, h = surface.get_size()
        t = self.app.text
        br = self.brief
        pw = min(860, w - 40)
        inner = pw - 48
        small = 16 if h >= 700 else 15
        rows: list[tuple[str, Any]] = [("title", br.title)]
        rows += [("desc", line) for line in (wrap(t, br.description, small, inner) if br.description else [])]
        rows += [("gap", 8)]
        rows += [("head", "Rules")] + [("text", line) for line in wrap(t, br.ruleset, small, inner)]
        rows += [("gap", 8), ("head", "Sides")]
        for s in br.sides:
            rows.append(("side", s))
            rows += [("fighters", line) for line in wrap(t, ", ".join(s.fighters), small - 1, inner - 34)]
        rows += [("gap", 8), ("head", "How to win")] + [("text", line) for line in wrap(t, br.victory, small, inner)]
        rows += [("gap", 12), ("prompt", "Click or press Enter to " + ("go back to the battle." if self.again
                                                                     else "begin."))]
        heights = {"title": 40, "desc": small + 6, "head": 28, "text": small + 6, "side": 30,
                   "fighters": small + 4, "prompt": 26}
        ph = 36 + sum(v if k == "gap" else heights[k] for k, v in rows)
        panel = pygame.Rect((w - pw) // 2, max(10, (h - ph) // 2), pw, ph)
        pygame.draw.rect(surface, (22, 24, 31), panel, border_radius=12)
        pygame.draw.rect(surface, (96, 104, 120), panel, width=1, border_radius=12)
        x, y = panel.x + 24, panel.y + 18
        for kind, value in rows:
            if kind == "gap":
                y += value
                continue
            if kind == "title":
                img = t.render(value, 30, (244, 236, 214), bold=True)
            elif kind == "head":
                img = t.render(value.upper(), 14, (170, 176, 190), bold=True)
            elif kind == "side":
                side_icon(surface, (x + 12, y + 13), 11, value.index, value.colour, None, t)
                img = t.render(f"{value.name} \u2014 played by {value.who}", small + 2, value.colour, bold=True)
                surface.blit(img, (x + 34, y + 2))
                y += heights[kind]
                continue
            elif kind == "fighters":
                img = t.render(value, small - 1, (200, 200, 205))
                surface.blit(img, (x + 34, y))
                y += heights[kind]
                continue
            elif kind == "prompt":
                img = t.render(value, small, (150, 200, 150), bold=True)
                surface.blit(img, img.get_rect(midtop=(panel.centerx, y)))
                y += heights[kind]
                continue
            else:
                img = t.render(value, small, (226, 224, 216))
            surface.blit(img, (x, y))
            y += heights[kind]
        self.panel = panel
        return panel
