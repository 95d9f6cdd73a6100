"""Playing the d20 ruleset (seed 004) as a player would: posted pygame events to the real app, headless.

- the ambush in the sand pit (``maps/arena_d20.toml``): the initiative bar shows each fighter's number
  (S4-INIT-1), the phases of the number with the current one boxed (S4-PHASE-1) and the surprised apart
  (S4-SURPRISE-1..3); the tokens of the surprised carry a badge;
- a charge (S4-CHARGE-1) whose end hex is picked on the map, then confirmed;
- the tavern (``maps/tavern_d20.toml``): a wrestling hold (S4-WRESTLE-1) taken through the menu, the
  HELD badge and the grip's link, then the held one's escape (S4-WRESTLE-4) through its key;
- the breakdown of a d20 roll shows the AC it had to reach and every modifier (roll over).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_fixtures import click, move, press  # noqa: E402

from game.hexgrid import Hex  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ARENA = ROOT / "maps" / "arena_d20.toml"
TAVERN = ROOT / "maps" / "tavern_d20.toml"
pytestmark = pytest.mark.skipif(not (ARENA.is_file() and TAVERN.is_file()), reason="the d20 scenarios are missing")
SIZE = (1600, 900)


@pytest.fixture(autouse=True)
def _dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))


def play_out(app, frames=900):
    for _ in range(frames):
        app.step()
        if not app.battle_scene.player.busy:
            app.step()
            return
    raise AssertionError("the animation never ended")


def make_app(battle_or_path, seats):
    from game.ui.app import App

    app = App(battle_or_path, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="fast", handover=False),
              seat=seats, dice="seeded", autosave=False)
    for _ in range(3):
        app.step()
    return app


def colour_near(frame, rect, colour, tol=12):
    """How many pixels inside ``rect`` are within ``tol`` of ``colour``."""
    r = rect.clip(frame.get_rect())
    n = 0
    for x in range(r.x, r.right, 2):
        for y in range(r.y, r.bottom, 2):
            c = frame.get_at((x, y))
            if all(abs(c[i] - colour[i]) <= tol for i in range(3)):
                n += 1
    return n


def end_until(app, fid, phase, limit=40):
    """Space (end the turn) until ``fid`` acts in ``phase``."""
    bs = app.battle_scene
    for _ in range(limit):
        s = bs.session
        if s.whose_turn() == fid and s.ctl.initiative().get("phase") == phase:
            return
        press(app, pygame.K_SPACE, " ")
        play_out(app)
    raise AssertionError(f"{fid} never got its {phase} phase")


def test_initiative_bar_numbers_phases_and_the_surprised():
    """S4-INIT-1, S4-PHASE-1, S4-SURPRISE-1, S4-SURPRISE-3: the bar as the ambush begins."""
    app = make_app(str(ARENA), {"red": "human", "blue": "human"})
    bs = app.battle_scene
    info = bs.session.ctl.initiative()
    assert info["phase"] == "movement" and info["count"] is not None
    assert set(info["surprised"]) == {"ann", "brom", "cass"}  # ambushed, and the dice caught them
    frame = app.draw()
    bar = bs.top_rect
    # every fighter has a chip: those in the order and the surprised, apart at the end
    chips = [fid for _, fid in bs.bar.chips]
    assert chips[:len(info["order"])] == info["order"]
    assert set(chips[len(info["order"]):]) == {"ann", "brom", "cass"}
    # the current phase is boxed in the accent colour; the counted number's badge too
    assert colour_near(frame, bar, bs.pal.accent) > 40
    # the surprised chips carry the yellow "!" and the word SURPRISED above them
    r = next(rc for rc, fid in bs.bar.chips if fid == "ann")
    assert colour_near(frame, r, (250, 250, 120)) > 5
    # the token of a surprised fighter carries its badge (yellow) above it
    x, y = bs.board.token_screen_pos("ann")
    assert colour_near(frame, pygame.Rect(int(x) - 40, int(y) - 60, 80, 40), (250, 250, 120)) > 5
    # the log says "surprised" for the side's roll in words, not "failed by 3"
    surprise = next(ln for ln in bs.log.lines if ln.kind == "roll" and "surprise" in ln.text)
    assert "surprised" in surprise.text.split(":")[-1] or "surprised" in surprise.text
    assert "failed by" not in surprise.text
    app.close()


def _charge_battle():
    from game.files.maps import load_scenario

    b = load_scenario(ARENA)
    b.fighters = [f for f in b.fighters if f.id in ("ann", "dane")]
    b.options.pop("surprise", None)
    b.options.pop("ambushers", None)
    b.fighter("ann").hex = Hex(3, 4)
    return b


def test_charge_with_a_hex_picked_on_the_map():
    """S4-CHARGE-1: Dane charges Ann with his spear, ending in the hex the player picks."""
    from game.ui import modes as M

    app = make_app(_charge_battle(), {"red": "human", "blue": "human"})
    bs = app.battle_scene
    battle = bs.session.battle
    end_until(app, "dane", "movement")
    click(app, bs.board.token_screen_pos("ann"))
    assert isinstance(bs.mode, M.Menu)
    charge = bs.mode.menu.entry_for("group", group_kind="charge")
    assert charge is not None and charge.button.enabled and "(on map)" in charge.button.text
    click(app, charge.rect.center)
    assert isinstance(bs.mode, M.PickHex)
    assert Hex(4, 4) in bs.mode.by_hex and Hex(3, 3) not in bs.mode.by_hex  # the blocked line is not offered
    click(app, bs.board.hex_screen_pos(Hex(4, 4)))
    assert isinstance(bs.mode, M.Confirm)
    click(app, bs.board.hex_screen_pos(Hex(4, 4)))
    charge_entry = next(e for e in reversed(battle.log) if (e.get("intent") or {}).get("type") == "charge")
    assert charge_entry["intent"]["to"] in ([4, 4], (4, 4))
    assert battle.fighter("dane").hex == Hex(4, 4)
    play_out(app)
    # the charge's attack roll reads as a d20 roll against Ann's AC; it comes with the charge, or at Dane's
    # hand-to-hand slot when someone else acts on his number in between (ruling D20-6, S4-PHASE-1)
    after = battle.log[next(i for i, e in enumerate(battle.log) if e is charge_entry):]
    rolls = [ev for e in after for ev in e.get("events", []) if ev.get("type") == "roll"
             and ev.get("dc") is not None and ev.get("rule") == "S4-CHARGE-6"]
    assert rolls, "a charge rolls to hit"
    line = next(ln for ln in bs.log.lines if ln.kind == "roll" and ln.event is rolls[0])
    assert "d20:" in line.text and "vs AC" in line.text
    app.close()


def _tavern_pair():
    from game.files.maps import load_scenario

    b = load_scenario(TAVERN)
    b.fighters = [f for f in b.fighters if f.id in ("hilde", "jory")]
    b.fighter("jory").hex = Hex(5, 5)
    b.fighter("jory").facing = 3
    return b


def test_wrestle_hold_then_escape_and_the_breakdown():
    """S4-WRESTLE-1 (a hold on a hit, into the defender's hex), S4-WRESTLE-4 (escape by a save)."""
    from game.ui import modes as M

    app = make_app(_tavern_pair(), {"locals": "human", "sailors": "human"})
    bs = app.battle_scene
    battle = bs.session.battle
    for _ in range(12):  # wrestle each round until the hold takes (seeded dice)
        end_until(app, "hilde", "hand-to-hand")
        click(app, bs.board.token_screen_pos("jory"))
        assert isinstance(bs.mode, M.Menu)
        w = bs.mode.menu.entry_for("group", group_kind="wrestle")
        assert w is not None and w.button.enabled and "%" in w.button.text
        press(app, pygame.K_g, "g")  # its key in the open menu
        if isinstance(bs.mode, M.Menu):  # a submenu: the first way
            press(app, pygame.K_1, "1")
        play_out(app)
        if battle.grapples:
            break
    assert [(g.holder, g.target) for g in battle.grapples] == [("hilde", "jory")]
    assert battle.fighter("hilde").hex == battle.fighter("jory").hex  # the holder moved into the hex
    # the two share a hex and the player points at it: the hex's callout says the hold in words, and Jory's
    # HELD badge is on the hex's plate (game.ui.crowd_plate, crowd_callout); the callout opens on the player's
    # own pointer move, not by itself after the play-out
    move(bs.board.hex_screen_pos(battle.fighter("jory").hex))
    app.step()
    frame = app.draw()
    from game.ui.marks import badges_of

    assert bs.board.callout.hex == battle.fighter("jory").hex
    assert bs.board.callout.words == ["Hilde holds Jory: torso, 2 hands"]
    assert any(letters == "HELD" for letters, _, _ in badges_of(battle, battle.fighter("jory")))
    assert any(kind == "badge" and fid == "jory" for kind, fid, _ in bs.board.tokens.boxes)

    # the last roll's breakdown: a roll-over against an AC with its modifiers
    roll = next(ln.event for ln in reversed(bs.log.lines) if ln.kind == "roll" and ln.event.get("dc") is not None)
    bs.open_breakdown(roll)
    frame = app.draw()
    assert bs.breakdown is not None and bs.breakdown.event["dc"] == roll["dc"]
    assert colour_near(frame, bs.breakdown.rect, bs.pal.accent) > 50
    from game.ui.describe import need_words, roll_sum

    assert f"vs AC {roll['dc']}" in roll_sum(roll) and "d20" in need_words(roll)
    press(app, pygame.K_ESCAPE)
    assert bs.breakdown is None

    # Jory escapes with his key (B) on his own action; a failed save keeps him held
    for _ in range(12):
        end_until(app, "jory", "hand-to-hand")
        press(app, pygame.K_b, "b")
        if isinstance(bs.mode, M.Menu):
            press(app, pygame.K_1, "1")
        play_out(app)
        saves = [ev for e in battle.log[-3:] for ev in e.get("events", []) if ev.get("save") == "death"]
        assert saves, "escaping is a save vs Death Ray"
        if not battle.grapples:
            break
    assert not battle.grapples
    app.close()
