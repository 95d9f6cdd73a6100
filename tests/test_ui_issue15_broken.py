"""Issue 15, "Broken": each finding played as a player would, with posted pygame events (headless).

- 3d6: Move and Attack with the sword in hand, picked in the menu and on the map (G0-4); a punch the
  full hands cannot throw says so, not "no hand free of the grapple" (S0-HAND-1);
- d20: every hex a walk reaches lights up with its true cost, the path label's and the tooltip's alike
  (S4-MOVE-6, S4-FACE-2, GX-5);
- one key, one effect: Esc closes the overlay on top (rules help, breakdown, menu...) and nothing else;
- a replay labels the seats as they were saved, with no "your move".
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_fixtures import click, press  # noqa: E402

from game.hexgrid import Hex, hex_distance  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ARENA = ROOT / "maps" / "arena.toml"
ARENA_D20 = ROOT / "maps" / "arena_d20.toml"
pytestmark = pytest.mark.skipif(not (ARENA.is_file() and ARENA_D20.is_file()), reason="the arena scenarios are missing")
SIZE = (1280, 800)


@pytest.fixture(autouse=True)
def _dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))


def make_app(battle, seats, size=SIZE):
    from game.ui.app import App

    app = App(battle, size, clock=FixedClock(16), settings=Settings(animation_speed="fast", handover=False),
              seat=seats, dice="seeded", autosave=False)
    for _ in range(3):
        app.step()
    return app


def end_until(app, fid, limit=20):
    """Space (end the turn) until it is ``fid``'s."""
    bs = app.battle_scene
    for _ in range(limit):
        if bs.session.whose_turn() == fid:
            return
        press(app, pygame.K_SPACE, " ")
        for _ in range(200):
            app.step()
            if not bs.player.busy:
                break
    raise AssertionError(f"it never was {fid}'s turn")


def _ann_and_dane():
    from game.files.maps import load_scenario

    b = load_scenario(ARENA)
    b.fighters = [f for f in b.fighters if f.id in ("ann", "dane")]
    b.fighter("ann").hex = Hex(4, 4)  # Dane at (7, 4): three hexes, within Ann's Move
    return b


def test_3d6_move_and_attack_with_the_sword_picked_in_the_menu_and_on_the_map():
    """G0-4 Move and Attack with the weapon in hand (issue 15: only the punch was offered, greyed with
    "no hand free of the grapple"); S0-HAND-1: the punch says her hands are full."""
    from game.ui import modes as M

    app = make_app(_ann_and_dane(), {"red": "human", "blue": "human"})
    bs = app.battle_scene
    battle = bs.session.battle
    end_until(app, "ann")
    click(app, bs.board.token_screen_pos("dane"))
    assert isinstance(bs.mode, M.Menu)
    menu = bs.mode.menu
    groups = {e.group.title: e for e in menu.entries if e.kind == "group" and e.group.kind == "move_and_attack"}
    sword = groups.get("Move and Attack \u2014 broadsword")
    assert sword is not None and sword.button.enabled and "on map" in sword.button.text, list(groups)
    punch = groups["Move and Attack \u2014 punch"]
    assert not punch.button.enabled
    why = punch.group.illegal[0].reason.text
    assert "hands are full" in why and "grapple" not in why
    # the Attack on a foe out of a sword's reach says so for the sword
    attack = next(e for e in menu.entries if e.kind == "group" and e.group.kind == "attack")
    reasons = {o.action.item: o.reason.text for o in attack.group.illegal}
    assert "out of reach of a broadsword" in reasons["broadsword"]
    click(app, sword.rect.center)
    assert isinstance(bs.mode, M.PickHex)
    to = Hex(6, 4)
    assert to in bs.mode.by_hex and bs.mode.by_hex[to].item == "broadsword"
    click(app, bs.board.hex_screen_pos(to))
    assert isinstance(bs.mode, M.Confirm)
    click(app, bs.board.hex_screen_pos(to))
    intent = next(e["intent"] for e in reversed(battle.log) if (e.get("intent") or {}).get("type") == "move_and_attack")
    assert intent["item"] == "broadsword" and battle.fighter("ann").hex == to
    app.close()


def _d20_pair():
    from game.files.maps import load_scenario

    b = load_scenario(ARENA_D20)
    b.fighters = [f for f in b.fighters if f.id in ("ann", "dane")]
    b.options.pop("surprise", None)
    b.options.pop("ambushers", None)
    return b


def test_d20_every_hex_a_walk_reaches_is_lit_with_its_true_cost():
    """S4-MOVE-6, S4-FACE-2, GX-5 (issue 15: only the adjacent hexes and a few on lines to foes lit up; a hex
    two away read "out of reach this turn"): every hex the move's own check allows is in the reach, with the
    cost of the planned path, the same in the path label and the tooltip."""
    from game.ui import board_tooltip

    app = make_app(_d20_pair(), {"red": "human", "blue": "human"})
    bs = app.battle_scene
    battle = bs.session.battle
    end_until(app, "ann")
    ann = battle.fighter("ann")
    reach = bs.reach
    rs = bs.session.ruleset
    move_cls = type(next(a for a in reach.values() if a.type == "move"))
    board_hexes = [c.hex for c in battle.board.cells]
    allowed = {h for h in board_hexes if h != ann.hex and hex_distance(ann.hex, h) <= 8
               and move_cls(ann.id, to=(h.q, h.r)).check(battle) is None}
    walks = {h for h, a in reach.items() if a.type == "move"}
    assert allowed and walks == allowed
    # beyond the walk, the run's hexes (S4-RUN-1) are lit in the run band (tests/test_ui_move_bands.py)
    assert all(a.type == "run" and a.check(battle) is None for h, a in reach.items() if h not in walks)
    assert any(hex_distance(ann.hex, h) == 2 for h in reach) and len(reach) > 12
    for h in reach:
        path = rs.move_path(battle, reach[h])
        assert bs.cost_of(h) == len(path) or bs.cost_of(h) >= len(path)  # terrain may cost more than a hex each
        plan_feet = reach[h]._plan(battle, ann).feet
        assert bs.cost_of(h) * 5 == plan_feet, (h, bs.cost_of(h), plan_feet)
        lines = board_tooltip.hex_lines(battle, h, moving=True, actor=ann.id, reach=lambda: reach,
                                        cost_of=bs.cost_of)
        assert not any("out of reach" in ln for ln in lines)
    # lit on screen: the overlay drawn holds every hex of the reach, each with its cost
    app.draw()
    assert bs.preview._costs == {h: bs.cost_of(h) for h in reach}
    app.close()


def test_one_esc_closes_only_the_overlay_on_top():
    """Issue 15: one key, one effect. Esc after F1 closes the rules help and is back on the battle (it used to
    show the pause menu); Esc on a roll breakdown, the action menu and the load page (Ctrl+L) closes each
    alone; Esc on the battle opens the pause menu and Esc again resumes."""
    from game.ui import modes as M
    from game.ui.menus.load_menu import LoadMenu
    from game.ui.menus.pause_menu import PauseMenu
    from game.ui.menus.rules_help_view import RulesHelpView

    app = make_app(_ann_and_dane(), {"red": "human", "blue": "human"})
    bs = app.battle_scene
    end_until(app, "ann")
    press(app, pygame.K_F1)
    assert isinstance(app.scene, RulesHelpView)
    press(app, pygame.K_ESCAPE)
    assert app.scene is bs, type(app.scene).__name__
    frame = app.draw()
    assert frame.get_size() == SIZE and app.scene is bs  # and it stays on the battle
    # Ctrl+L opens the load page: Esc is back on the battle too
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=pygame.KMOD_LCTRL, unicode="",
                                         scancode=0))
    app.step()
    app.step()
    assert isinstance(app.scene, LoadMenu)
    press(app, pygame.K_ESCAPE)
    assert app.scene is bs, type(app.scene).__name__
    # the action menu
    click(app, bs.board.token_screen_pos("dane"))
    assert isinstance(bs.mode, M.Menu)
    press(app, pygame.K_ESCAPE)
    assert app.scene is bs and not isinstance(bs.mode, M.Menu)
    # a roll breakdown
    ev = {"type": "roll", "actor": "ann", "dice": [3, 4, 5], "total": 12, "target": 14, "success": True,
          "margin": 2, "rule": "G0-5", "label": "broadsword Dane: Broadsword", "mods": []}
    bs.open_breakdown(ev)
    app.step()
    assert bs.breakdown is not None
    press(app, pygame.K_ESCAPE)
    assert bs.breakdown is None and app.scene is bs
    # the pause menu itself: Esc deselects the acting fighter (one effect), then opens it; Esc resumes
    if isinstance(bs.mode, M.SelectHex):
        press(app, pygame.K_ESCAPE)
        assert app.scene is bs and isinstance(bs.mode, M.SelectFighter)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseMenu)
    press(app, pygame.K_ESCAPE)
    assert app.scene is bs
    app.close()


def test_a_replay_of_a_computer_battle_labels_the_seats_as_saved(tmp_path, monkeypatch):
    """Issue 15: a replay of a computer-against-computer battle read "(human) · your move"; the seats are now
    those of the save (``seat``), and nobody is told it is their move in a replay."""
    import random

    from game.files import saves
    from game.files.maps import load_scenario
    from game.flow.turns import TurnController
    from game.ui.app import App
    from game.ui.menus.replay_scene import ReplayScene
    from game.ui.scene import Transition
    from game.ui.text import TextCache

    b = load_scenario(ARENA)
    ctl = TurnController(b, "3d6-lite", seat={"red": "ai", "blue": "ai"})
    rng = random.Random(5)
    for _ in range(4):
        assert ctl.submit(rng.choice([o.action for o in ctl.legal_actions() if o.legal])).ok
    path = saves.save_game(ctl, tmp_path / "ai-vs-ai.json")
    replay = saves.Replay.from_save(path)
    assert replay.seat == {"red": "ai", "blue": "ai"} and replay.ctl is replay._ctl
    said: list[str] = []
    real = TextCache.render

    def spy(self, s, *a, **k):
        said.append(str(s))
        return real(self, s, *a, **k)

    monkeypatch.setattr(TextCache, "render", spy)
    app = App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="fast"), autosave=False)
    app.step()
    app.scenes.apply(Transition("push", ReplayScene(app, replay)), app.size)
    press(app, pygame.K_RIGHT)
    for _ in range(60):
        app.step()
    app.draw()
    text = " | ".join(said)  # everything drawn since the replay opened (the HUD caches its surfaces)
    assert "your move" not in text and "(human)" not in text, text
    assert "played by the computer" in text, text
    app.close()
