"""Playing edge at the screen: the result menu after a grapple roll (S1-MENU-1), real pygame events, headless.

Hotseat on ``maps/arena_edge.toml`` cut down to Brom and Edda side by side,
scripted d10s: Brom enters a grapple (G1-3, edge 0: no roll yet), Edda makes
her grapple roll (S1-GRAPPLE-2) from the action menu, which shows the edge
odds before the roll; after the roll the result menu shows the edge, each
result with what it costs, the greyed ones with their reason (S1-MENU-1,
S1-WREST-1); she picks Throw (S1-THROW-2) and the battle shows it.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_play import click, dismiss_handover, move, play_out, press  # noqa: E402

from game.hexgrid import Hex  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ARENA_EDGE = ROOT / "maps" / "arena_edge.toml"
pytestmark = pytest.mark.skipif(not ARENA_EDGE.is_file(), reason="maps/arena_edge.toml is missing")

H, M = 9, 1
# Brom's attack to enter (MA 4 dice) and Edda's Reflex (4): 1 point each, edge 0 (G1-3: enters, no roll);
# Edda's grapple roll (STR 4) against Brom's Strength (5): 2 points to 0, edge 2.
DICE = [H, M, M, M, H, M, M, M] + [H, H, M, M] + [M] * 5 + [H] * 40
SIZE = (1280, 800)


def two_grapplers():
    from game.files.maps import load_scenario

    b = load_scenario(ARENA_EDGE)
    b.fighters = [f for f in b.fighters if f.id in ("brom", "edda")]
    b.fighter("brom").hex = Hex(3, 3)
    b.fighter("edda").hex = Hex(4, 3)
    return b


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))
    pygame.display.init()
    pygame.event.clear()
    from game.ui.app import App

    a = App(two_grapplers(), SIZE, clock=FixedClock(16), settings=Settings(animation_speed="fast"),
            seat={"red": "human", "blue": "human"}, dice=list(DICE))
    yield a
    a.close()
    pygame.event.clear()


def test_S1_MENU_1_the_result_menu_after_a_grapple_roll(app):
    """S1-MENU-1, S1-GRAPPLE-2, S1-THROW-2: roll from the menu, then choose the result the edge pays for."""
    from game.ui import modes as UM

    app.step()
    bs = app.battle_scene
    s = bs.session
    battle = s.battle
    assert hasattr(s.ctl, "choose") and s.is_hotseat()

    # the movement phase: both pass; then Brom (melee phase) attacks Edda to enter a grapple
    for _ in range(6):
        dismiss_handover(app)
        if battle.state["initiative"]["phase"] == "melee" and s.whose_turn() == "brom":
            break
        press(app, pygame.K_SPACE, unicode=" ")
        play_out(app)
    dismiss_handover(app)
    assert (battle.state["initiative"]["phase"], s.whose_turn()) == ("melee", "brom")
    click(app, bs.board.token_screen_pos("edda"))
    assert isinstance(bs.mode, UM.Menu)
    enter = bs.mode.menu.entry_for("group", group_kind="enter_grapple")
    assert enter is not None and enter.button.enabled
    click(app, enter.rect.center)
    if isinstance(bs.mode, UM.Menu):  # variants: the first allowed one
        opt = next(e for e in bs.mode.menu.entries if e.kind == "option")
        click(app, opt.rect.center)
    assert [(g.holder, g.target) for g in battle.grapples] == [("brom", "edda")]
    assert s.ctl.waiting_for_choice is None  # edge 0: no grapple roll, nothing to choose
    play_out(app)

    # the grapple step: Edda's turn (after the hand-over); her roll's menu shows the edge odds before rolling
    for _ in range(4):
        dismiss_handover(app)
        if s.whose_turn() == "edda" and battle.state["initiative"]["phase"] == "grapple":
            break
        press(app, pygame.K_SPACE, unicode=" ")
        play_out(app)
    dismiss_handover(app)
    assert (battle.state["initiative"]["phase"], s.whose_turn()) == ("grapple", "edda")
    click(app, bs.board.token_screen_pos("brom"))
    assert isinstance(bs.mode, UM.Menu)
    group = bs.mode.menu.entry_for("group", group_kind="grapple_roll")
    assert group is not None and group.button.enabled and "25%" in group.button.text  # edge >= 1
    move(group.rect.center)
    app.step()
    info = " ".join(t for t, _, _ in bs.mode.menu.info_lines(bs.mode.menu.hovered))
    assert "Edge >= 1: 25%, >= 2: 9%, >= 3: 2%" in info and "2 throw" in info, info
    log_len = len(battle.log)
    click(app, group.rect.center)  # one way to roll (the result comes after): picked at once

    # after the roll: the result menu, with the edge, the costs and the reasons; nothing applied yet
    assert isinstance(bs.mode, UM.Choose), bs.mode
    need = s.ctl.waiting_for_choice
    assert need is not None and need.edge == 2 and len(battle.log) == log_len
    menu = bs.mode.menu
    assert menu.result_mode and "edge 2" in menu.title
    rows = {e.option.action.option: e for e in menu.entries if e.option is not None}
    assert rows["throw"].button.enabled and "(edge 2)" in rows["throw"].button.text
    assert rows["takedown"].button.enabled and "(edge 1)" in rows["takedown"].button.text
    assert not rows["pin"].button.enabled and "(needs edge 3)" in rows["pin"].button.text
    assert not rows["wrest"].button.enabled and "nothing to Wrest" in rows["wrest"].button.text
    assert "Edda 2 pts vs Brom 0" in menu.panel.subtitle
    assert bs.last_roll is not None and bs.last_roll.get("edge") == 2  # the roll at a glance
    frame = app.draw()
    assert frame.get_at(rows["throw"].rect.center) != frame.get_at(rows["pin"].rect.center)
    # a greyed row does nothing; Esc does not skip the choice
    click(app, rows["pin"].rect.center)
    press(app, pygame.K_ESCAPE)
    assert isinstance(bs.mode, UM.Choose) and s.ctl.waiting_for_choice is need
    faces = s.ctl.choice_faces
    assert faces == [H, H, M, M] + [M] * 5

    # pick Throw: Brom lands prone, on the faces shown; the log and the last roll say what was picked
    click(app, bs.mode.menu.entries[[e.option.action.option for e in bs.mode.menu.entries].index("throw")]
          .rect.center)
    play_out(app)
    assert s.ctl.waiting_for_choice is None
    assert battle.fighter("brom").posture == "prone"
    entry = next(e for e in reversed(battle.log) if e.get("intent", {}).get("type") == "grapple_roll")
    assert entry["intent"] == {"actor": "edda", "type": "grapple_roll", "target": "brom", "option": "throw"}
    assert entry["dice"] == faces
    assert "throw" in bs.last_title.lower()
    assert any("throw" in ln.text.lower() for ln in bs.log.lines[-8:])
