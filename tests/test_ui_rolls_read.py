"""Rolls as a new player reads them (issue "a game a new player scores 9/10", part 2), by posted events, headless.

- S1-GRAPPLE-5, S1-MENU-1: edge's result menu opens with no result under the pointer (a newcomer's next click
  bought "Escape (edge 0)" and ended the grapple just won).
- G1-1: a pool roll reads "1 success: [8] 1 6 3" (each scoring die marked), never a sum "rolled 1 (8+1+6+3)",
  and its d10s are drawn as numerals, never pips.
- S3-HTH-9, S3-HTH-14: nd6's reaction die shows the die and the modifier: "rolled 4 \u2212 2 = 2", not "rolled 2".
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
from test_ui_play import click, dismiss_handover, move, play_out, press  # noqa: E402
from ui_fixtures import fresh_ui_dirs  # noqa: E402,F401  (autouse here)

from game.commands._uiargs import load_battle_or_fail  # noqa: E402
from game.hexgrid import Hex, hex_neighbor  # noqa: E402
from game.ui import modes as M  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
H, L = 9, 1  # a d10 that scores, one that does not
# Brom's attack to enter (4 dice) and Edda's Reflex (4): 1 point each, edge 0 (G1-3: enters, no roll);
# Edda's grapple roll (STR 4: 8, 7, 1, 6 with 6+ scoring: 3 points... see below) against Brom's Strength (5)
DICE = [H, L, L, L, H, L, L, L] + [H, H, L, L] + [L] * 5 + [H] * 40


def _edge_app():
    from game.ui.app import App

    b = load_battle_or_fail(ROOT / "maps" / "arena_edge.toml")
    b.fighters = [f for f in b.fighters if f.id in ("brom", "edda")]
    b.fighter("brom").hex = Hex(3, 3)
    b.fighter("edda").hex = Hex(4, 3)
    app = App(b, (1280, 800), clock=FixedClock(16), settings=Settings(animation_speed="fast"),
              seat={"red": "human", "blue": "human"}, dice=list(DICE))
    app.step()
    return app, app.battle_scene


def _to_phase(app, s, phase: str, who: str) -> None:
    battle = s.battle
    for _ in range(8):
        dismiss_handover(app)
        if battle.state["initiative"]["phase"] == phase and s.whose_turn() == who:
            return
        press(app, pygame.K_SPACE, unicode=" ")
        play_out(app)
    dismiss_handover(app)
    assert (battle.state["initiative"]["phase"], s.whose_turn()) == (phase, who)


def _into_the_grapple_roll(app, bs):
    """Brom enters a grapple on Edda (melee phase), then Edda's grapple phase: her menu on Brom is open."""
    s = bs.session
    _to_phase(app, s, "melee", "brom")
    click(app, bs.board.token_screen_pos("edda"))
    enter = bs.mode.menu.entry_for("group", group_kind="enter_grapple")
    click(app, enter.rect.center)
    if isinstance(bs.mode, M.Menu):
        click(app, next(e for e in bs.mode.menu.entries if e.kind == "option").rect.center)
    play_out(app)
    _to_phase(app, s, "grapple", "edda")


def test_s1_menu_1_the_result_menu_opens_with_no_result_under_the_pointer():
    """S1-MENU-1, S1-GRAPPLE-5: Edda rolls from the keyboard with the pointer resting where the result menu's
    first row (Escape) used to open; the menu opens elsewhere, nothing is lit, and a click where the pointer
    rests buys nothing."""
    app, bs = _edge_app()
    s = bs.session
    _into_the_grapple_roll(app, bs)
    tp = bs.board.token_screen_pos("brom")
    move(tp)
    app.step()
    press(app, pygame.K_RETURN)  # the menu of the foe at the pointer
    assert isinstance(bs.mode, M.Menu), bs.mode
    ep = bs.board.token_screen_pos("edda")
    rest = (int(ep[0]) + 120, int(ep[1]) + 48)  # where the first result row (Escape) opened before
    move(rest)
    app.step()
    e = bs.mode.menu.entry_for("group", group_kind="grapple_roll")
    live = [x for x in bs.mode.menu.entries if x.button.enabled]
    for _ in range(len(live)):  # light the grapple roll with the arrows, then Enter rolls
        if bs.mode.menu.hovered is e:
            break
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert isinstance(bs.mode, M.Choose), bs.mode
    need = s.ctl.waiting_for_choice
    menu = bs.mode.menu
    assert bs.mouse == rest
    assert not any(x.rect.collidepoint(rest) for x in menu.entries), [x.button.text for x in menu.entries]
    app.step()
    assert menu.hovered is None
    click(app, rest)  # a click where the pointer rests buys nothing
    assert isinstance(bs.mode, M.Choose) and s.ctl.waiting_for_choice is need


def test_g1_1_a_pool_reads_as_successes_and_its_d10s_as_numerals(monkeypatch):
    """G1-1, S1-GRAPPLE-5: after Edda's grapple roll, the last roll's box and the log read each pool as its
    successes with the scoring dice marked ("2 successes: [9] [9] 1 1"), no sum of faces; the pop-up and
    the breakdown draw the d10s as numerals (die_face asked for 10 sides, never pips)."""
    import game.ui.battle_draw as BD
    import game.ui.roll_breakdown as RB

    sides: list[int] = []
    real = BD.die_face

    def spy(surface, rect, value, text, *a, **kw):
        sides.append(kw.get("sides", 6))
        return real(surface, rect, value, text, *a, **kw)

    monkeypatch.setattr(BD, "die_face", spy)
    monkeypatch.setattr(RB, "die_face", spy)
    app, bs = _edge_app()
    bs.app.settings.animation_speed = "normal"
    _into_the_grapple_roll(app, bs)
    click(app, bs.board.token_screen_pos("brom"))
    e = bs.mode.menu.entry_for("group", group_kind="grapple_roll")
    sides.clear()
    click(app, e.rect.center)
    for _ in range(30):  # the dice pop-ups as the roll plays
        app.draw()
        app.step()
    assert isinstance(bs.mode, M.Choose), bs.mode
    contest = bs.last_roll
    assert contest is not None and contest.get("type") == "contest"
    line = bs.last_action._line(bs.session.battle, contest)[0]
    assert "Edda 2 successes: [9] [9] 1 1" in line and "Brom 0 successes: 1 1 1 1 1" in line, line
    assert "+" not in line.split("\u2014", 1)[1], line  # no sum of faces
    logged = " ".join(ln.text for ln in bs.log.lines[-6:])
    assert "9+9" not in logged and "rolled 2 (" not in logged, logged
    bs.open_breakdown(contest)
    app.draw()
    assert sides and set(sides) == {10}, sides
    rows = [v for r in contest["rolls"] for _, v in bs.breakdown._roll_rows(r, [], True) if isinstance(v, str)]
    said = " ".join(rows)
    assert "None" not in said and "2 successes: margin +2." in said, said  # a pool rolls against no number


def test_s3_hth_9_the_reaction_die_shows_the_die_and_the_modifier():
    """S3-HTH-9, S3-HTH-14: Rook comes at Grub from behind (-2 on Grub's reaction table) and tries hand-to-hand
    by its letter; the last roll's box and the log say "rolled 4 \u2212 2 = 2", the die and the modifier that
    made the total."""
    from game.ui.app import App

    b = load_battle_or_fail(ROOT / "maps" / "cantina_nd6.toml")
    for side in b.sides:
        side.control = "human"
    app = App(b, (1280, 800), clock=FixedClock(16), settings=Settings(animation_speed="instant"),
              resizable=False, autosave=False)
    app.step()
    bs = app.battle_scene
    bs.session.ctl.set_dice([4] * 30)  # from here: every die a 4
    battle = bs.session.battle
    me = battle.get(bs.actor)
    foe = next(f for f in battle.fighters if f.side != me.side)
    # the foe turned away: the attacker at its back (S3-HTH-14's "from behind")
    foe.hex = hex_neighbor(me.hex, me.facing)
    foe.facing = me.facing
    ini = battle.state.get("initiative") or {}
    if "phase" in ini:
        ini["phase"] = "action"
    bs.option_cache.key = None
    hth = [o for o in bs.options() if o.action.type == "hth" and o.reason is None]
    assert hth, [(o.action.type, o.reason) for o in bs.options() if o.action.type == "hth"]
    move(bs.board.token_screen_pos(foe.id))
    app.step()
    press(app, pygame.K_g, unicode="g")
    if isinstance(bs.mode, M.Menu):
        press(app, pygame.K_1, unicode="1")
    play_out(app)
    rolls = [r for r in (bs.last_action.rolls or []) if "reaction" in str(r.get("label", ""))]
    assert rolls, bs.last_action.rolls
    line = bs.last_action._line(battle, rolls[-1])[0]
    assert "rolled 4 \u2212 2 = 2" in line, line
    assert any("rolled 4 \u2212 2 = 2" in ln.text for ln in bs.log.lines), [ln.text for ln in bs.log.lines[-5:]]


def test_s1_menu_1_the_edge_lesson_cards_say_which_result_to_buy():
    """S1-MENU-1, S1-ESCAPE-1: every edge lesson step that makes a grapple roll says which result to buy, and that
    Escape, all that edge 0 buys, ends the grapple the learner holds (a newcomer picked it and lost the grapple
    just won: the card said "pick any")."""
    from game.teaching.lessons import load_lesson

    steps = []
    for path in sorted((ROOT / "maps" / "lessons").glob("*.toml")):
        lesson = load_lesson(path)
        steps += [s for s in lesson.steps if "choose Grapple roll" in s.how]  # a roll that buys a result
    assert steps
    for s in steps:
        assert "pick any" not in s.how
        assert "Takedown" in s.how and "Escape" in s.how and "ends the grapple" in s.how, s.how
