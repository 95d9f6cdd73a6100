"""Leaving manual dice while the controller waits for some: what the battle screen reads to carry on.

The screen asks the controller's public ``waiting_for_dice`` / ``paused_intent``
(never its private step queue): a paused intent is played again with the
computer's dice, a paused hook (the initiative roll-off) goes on with them.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_turns_double import Attack, TurnsDouble, make_battle  # noqa: E402

from game.flow.turns import TurnController  # noqa: E402

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.toml"


def test_paused_intent_is_the_intent_waiting_for_its_dice_and_none_otherwise():
    """An intent paused for manual dice is named; a hook's roll (the roll-off) and no pause give None."""
    b = make_battle(per_side=1, stats=[{"ST": 4, "DX": 10, "HT": 10}, {"ST": 4, "DX": 12, "HT": 10}])
    b.fighter("b0").hex = type(b.fighter("r0").hex)(1, 0)
    c = TurnController(b, TurnsDouble(), dice="manual")
    assert c.waiting_for_dice is None and c.paused_intent is None
    hit = Attack("b0", "r0")
    assert c.submit(hit).need_dice
    assert c.paused_intent == hit and c.can_cancel_dice
    assert c.cancel_dice() and c.paused_intent is None

    tie = make_battle(per_side=1)  # equal Speed and DX: the initiative roll-off asks for dice
    tie.fighter("b0").stats = dict(tie.fighter("r0").stats)
    c = TurnController(tie, TurnsDouble(), dice="manual")
    assert c.waiting_for_dice is not None and c.paused_intent is None and not c.can_cancel_dice


@pytest.mark.skipif(not ARENA.is_file(), reason="maps/arena.toml is missing")
def test_dice_by_computer_during_the_roll_off_goes_on_with_the_computers_dice(tmp_path, monkeypatch):
    """The dice dialog's 'computer rolls' during a hook: the roll-off is made and a fighter may act."""
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))
    from game.ui import modes as M
    from game.ui.app import App
    from game.ui.clock import FixedClock
    from game.ui.settings import Settings

    pygame.display.init()
    pygame.event.clear()
    a = App(ARENA, (1280, 800), clock=FixedClock(16), settings=Settings(animation_speed="instant", handover=False),
            seat={"red": "human", "blue": "human"}, dice="manual", autosave=False)
    try:
        a.step()
        bs = a.battle_scene
        assert isinstance(bs.mode, M.EnterDice) and bs.session.ctl.paused_intent is None
        bs.command(M.Command("dice_by_computer"))
        for _ in range(3):
            a.step()
        assert bs.session.waiting_for_dice is None and a.settings.dice_source == "computer"
        assert bs.session.whose_turn() is not None and isinstance(bs.mode, M.SelectHex)
    finally:
        a.close()
