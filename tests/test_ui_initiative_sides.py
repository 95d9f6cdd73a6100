"""The initiative bar for a G3-3 turn (side roll, movement by side, actions by adjusted DX), headless.

The bar is drawn for a battle played by the real turn controller under the test double of
``tests/test_initiative_sides.py`` (not registered, so a stand-in session carries it): the words under
the round say how the sides rolled and who moves first (G3-3), then whose movement it is; the chips are
the movement order while the sides move and the action order, the one acting raised, while they act.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
from test_initiative_sides import Act, MoveFirst, MoveSecond, SidesDouble, battle  # noqa: E402
from ui_fixtures import fresh_ui_dirs  # noqa: E402,F401  (autouse here)

from game.flow.turns import TurnController  # noqa: E402
from game.ui.hud.initiative_bar import InitiativeBar, side_roll_lines  # noqa: E402
from game.ui.palette import palette  # noqa: E402
from game.ui.text import TextCache  # noqa: E402

COLOURS = {"red": (200, 60, 60), "blue": (60, 100, 220)}


class Session:
    """What the bar reads from the UI's session: the controller, the battle, the seats, side names."""

    def __init__(self, ctl: TurnController) -> None:
        self.ctl = ctl
        self.battle = ctl.battle
        self.seat = {"red": "human", "blue": "human"}

    def side_name(self, side: str) -> str:
        s = self.battle.side(side)
        return s.name if s else side

    def human_sides(self) -> list[str]:
        return ["red", "blue"]


def draw(ctl: TurnController, width: int = 1280) -> tuple[InitiativeBar, list[str]]:
    """The bar drawn once; the strings it rendered."""
    pygame.display.set_mode((width, 200))
    text = TextCache()
    text.drawn = []
    bar = InitiativeBar(text)
    surf = pygame.Surface((width, 200))
    bar.draw(surf, pygame.Rect(0, 0, width, 64), Session(ctl), palette("dark"), {"red": 0, "blue": 1}, COLOURS)
    return bar, [d[0] for d in text.drawn]


def test_g3_3_bar_says_the_side_roll_and_the_winner_choosing():
    """G3-3: "Initiative: Red 5 v Blue 2 — Red won", and that Red chooses; the chooser's chip is raised."""
    ctl = TurnController(battle(), SidesDouble(), dice=[5, 2])
    bar, drawn = draw(ctl)
    assert "Initiative: Red 5 v Blue 2 \u2014 Red won" in drawn
    assert "Red chooses: move first or second" in drawn
    assert {"choose", "movement", "action"} <= set(drawn)  # the phases, the current one boxed
    assert [fid for _, fid in bar.chips] == ["r0", "b0", "r1", "b1"]


def test_g3_3_bar_says_who_moves_first_and_whose_movement_it_is():
    """G3-3: after Red lets Blue move first: "— Blue moves first", "Movement: Blue", chips in movement order."""
    ctl = TurnController(battle(), SidesDouble(), dice=[5, 2])
    assert ctl.submit(MoveSecond("r0")).ok
    bar, drawn = draw(ctl)
    line, detail = side_roll_lines(ctl.initiative())
    assert line == "Initiative: Red 5 v Blue 2 \u2014 Blue moves first" and detail == "Movement: Blue"
    assert line in drawn and detail in drawn
    assert [fid for _, fid in bar.chips] == ["b0", "b1", "r0", "r1"]


def test_g3_3_bar_shows_the_action_order_with_the_one_acting():
    """G3-3: in the action phase the chips are the DX order (each chip its DX), the words say the order's key."""
    ctl = TurnController(battle(dx=(12, 11, 10, 14)), SidesDouble(), dice=[5, 2])
    assert ctl.submit(MoveFirst("r0")).ok
    for _ in range(5):  # four movement slots and b1's action
        assert ctl.submit(Act(ctl.whose_turn())).ok
    assert ctl.initiative()["phase"] == "action" and ctl.whose_turn() == "r0"
    bar, drawn = draw(ctl)
    assert "Initiative: Red 5 v Blue 2 \u2014 Red moves first" in drawn
    assert "Actions in order, highest first" in drawn
    assert [fid for _, fid in bar.chips] == ["b1", "r0", "b0", "r1"]
    assert {"14", "12", "11", "10"} <= set(drawn)  # each fighter's key on its chip
    assert "Red 0's turn \u2014 action" in drawn  # the right end: the one acting now


def test_g3_3_bar_at_1024_keeps_its_words_whole_with_long_side_names():
    """G3-3 at 1024 px (issue 15): the mover moves to the second line rather than being cut; no phase boxes
    (the right end names the phase) so the chips keep their room."""
    b = battle()
    b.sides[0].name, b.sides[1].name = "The Kestrel's Crew", "The Dock Gang"
    ctl = TurnController(b, SidesDouble(), dice=[5, 2])
    assert ctl.submit(MoveSecond("r0")).ok
    pygame.display.set_mode((1024, 200))
    text = TextCache()
    text.drawn, text.fits = [], []
    bar = InitiativeBar(text)
    session = Session(ctl)
    session.side_name = lambda side: b.side(side).name
    bar.draw(pygame.Surface((1024, 64)), pygame.Rect(0, 0, 1024, 64), session, palette("dark"),
             {"red": 0, "blue": 1}, COLOURS)
    drawn = [d[0] for d in text.drawn]
    assert "Initiative: The Kestrel's Crew 5 v The Dock Gang 2" in drawn
    assert "Movement: The Dock Gang, moving first" in drawn
    assert not [f for f in text.fits if f[3] and f[0].startswith(("Initiative", "Movement"))]
    assert "choose" not in drawn and len(bar.chips) == 4
    assert max(r.right for r, _ in bar.chips) <= bar.right_x


def test_g3_3_bar_follows_the_battle_as_shown_while_the_live_one_runs_ahead():
    """G3-3: while an animation shows the choose slot, the live battle may be moving already: the bar reads the
    shown battle, so it says the winner is choosing and ticks nobody."""
    ctl = TurnController(battle(), SidesDouble(), dice=[5, 2])
    shown = ctl.battle.clone()
    assert ctl.submit(MoveSecond("r0")).ok and ctl.submit(Act("b0")).ok  # live: blue moving, b0 done
    pygame.display.set_mode((1280, 200))
    text = TextCache()
    text.drawn = []
    bar = InitiativeBar(text)
    bar.draw(pygame.Surface((1280, 64)), pygame.Rect(0, 0, 1280, 64), Session(ctl), palette("dark"),
             {"red": 0, "blue": 1}, COLOURS, battle=shown)
    drawn = [d[0] for d in text.drawn]
    assert "Red chooses: move first or second" in drawn and not any(d.startswith("Movement") for d in drawn)
    assert "Initiative: Red 5 v Blue 2 \u2014 Red won" in drawn
