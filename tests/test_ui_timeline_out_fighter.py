"""The turn timeline shows no initiative number on a fighter out of the fight.

Seen under Xvfb at 1024x640 in a d20 hotseat battle: a knocked-out sailor's chip read "-99", the sort key a
ruleset gives a fighter with no initiative, which means nothing to a player.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CLINCH_CONFIG_DIR", os.path.join(__import__("tempfile").gettempdir(), "clinch-test-config"))
os.environ.setdefault("CLINCH_DATA_DIR", os.path.join(__import__("tempfile").gettempdir(), "clinch-test-data"))


import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_fixtures import Spectating, small_display  # noqa: E402,F401  (small_display: autouse here)

from game.hexgrid import Hex  # noqa: E402
from game.model import Battle, Board, Fighter, Side  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.palette import palette  # noqa: E402


@pytest.mark.parametrize("conditions, shown", [((), True), (("unconscious",), False), (("dead",), False)])
def test_an_out_fighters_chip_shows_no_initiative_number(conditions: tuple[str, ...], shown: bool) -> None:
    """A chip's number is drawn for a fighter in the fight, never for the unconscious or dead."""
    a = Fighter(id="a", name="Kell", side="red", hex=Hex(1, 1), stats={"ST": 10, "HT": 10})
    b = Fighter(id="b", name="Hilde", side="blue", hex=Hex(3, 1), stats={"ST": 10, "HT": 10})
    a.conditions = list(conditions)
    battle = Battle(board=Board.open_field(6, 4, name="test field"),
                    sides=[Side(id="red", name="Reds", colour="#d02020"),
                           Side(id="blue", name="Blues", colour="#2050e0")], fighters=[a, b])
    app = App(battle, (1024, 640), clock=FixedClock(), seat={"red": "ai", "blue": "ai"}, autosave=False,
              session_kw={"ai_factory": Spectating})
    try:
        bar = app.battle_scene.bar
        drawn: list[object] = []
        bar._number = lambda surf, topleft, row, count, pal: drawn.append(row.get("number"))
        surf = pygame.Surface((200, 64), pygame.SRCALPHA)
        bar._chip(surf, 60, a, False, False, {"fighter": "a", "number": 7 if shown else -99}, 7,
                  palette("standard"), {"red": 0, "blue": 1}, {})
        assert drawn == ([7] if shown else []), drawn
    finally:
        app.close()
