"""Issue 18, "what each choice does": the action menu's hover says what a choice does and costs, every roll in
order with its chance and the chance of the whole, draws the odds as a chart with the foe's side, and every
rule ID in it is a link that opens the rules help (F1) at that rule. Real pygame events, headless.

The words come from ``Presentation.action_words`` (``game/rules/action_words.py``'s generic default, filled per
ruleset in its own folder); the tests read them through the ruleset, never by its id.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_play import click, move  # noqa: E402
from ui_fixtures import fresh_ui_dirs, hotseat_on  # noqa: E402,F401  (fresh_ui_dirs: autouse here)

from game.files.situation import load_situation  # noqa: E402
from game.rules.action_words import chart_bars, dice_spread, foe_bars, generic_words  # noqa: E402
from game.rules.base import Ruleset  # noqa: E402
from game.ui import modes as M  # noqa: E402
from game.ui.action_menu import render_info  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.rule_links import find_rules  # noqa: E402

SITUATIONS = Path(__file__).resolve().parent / "fixtures" / "situations"
SIZE = (1280, 800)


def app_on(name: str, size=SIZE):
    sit = load_situation(SITUATIONS / name)
    b = sit.battle
    return hotseat_on(b, size)


def open_menu_on_foe(app):
    bs = app.battle_scene
    me = bs.session.battle.get(bs.session.whose_turn())
    foe = next(f for f in bs.session.battle.fighters if f.side != me.side)
    for _ in range(3):
        if isinstance(bs.mode, M.Menu):
            break
        click(app, bs.board.token_screen_pos(foe.id), steps=3)
    assert isinstance(bs.mode, M.Menu)
    return bs, foe


def hover_option(app, bs, group: str, index: int = 0):
    click(app, bs.mode.menu.entry_for("group", group_kind=group).rect.center, steps=3)
    menu = bs.mode.menu
    e = [e for e in menu.entries if e.kind == "option"][index]
    move(e.rect.center)
    for _ in range(2):
        app.step()
    assert menu.hovered is e
    return menu, e


def test_hover_says_costs_each_roll_in_order_and_the_whole_with_a_chart_and_the_foes_side():
    """A 3d6 grab's hover: what it costs, the roll to hit then the foe's defence, each with its chance, the
    whole (their product) and a chart of hit / defended / miss drawn under the words with the foe's side."""
    app = app_on("grapple_takedown_lite.json")
    bs, foe = open_menu_on_foe(app)
    menu, e = hover_option(app, bs, "grapple")
    app.draw()
    words = menu.box.words(menu.battle, e.option.action)
    assert words is not None and len(words.rolls) == 2
    (_, made), (_, beat) = words.rolls
    assert words.whole == pytest.approx(made * beat)
    text = "\n".join(s for s, _, _ in menu.info_lines(e))
    assert "Costs:" in text and "1. " in text and "2. " in text and "The whole:" in text
    assert foe.label in text  # the defence is the foe's, by name
    assert [label for label, _ in words.chart] == ["hit", "defended", "miss"]
    assert sum(p for _, p in words.chart) == pytest.approx(1.0)
    assert [p for _, p in words.foe] == [p for _, p in words.chart]  # the same odds, read from the other side
    words_only = render_info(menu, menu.info_lines(e))
    assert menu.box.rect is not None and menu.box.rect.h > words_only.get_height() + 40  # the chart below


def test_a_rule_id_in_the_hover_is_a_link_that_opens_f1_at_that_rule():
    """Clicking the rule ID under the hovered grab opens the rules help scrolled to that rule, lit; the box
    stays while the mouse crosses to it."""
    app = app_on("grapple_takedown_lite.json")
    bs, _ = open_menu_on_foe(app)
    menu, e = hover_option(app, bs, "grapple")
    app.draw()
    assert menu.box.links.links, "the rule line's ID is drawn as a link"
    rect, rule = menu.box.links.links[-1]
    assert rule == e.option.action.rule
    move(rect.center)
    app.step()
    assert menu.hovered is e  # over the box, the entry stays
    click(app, rect.center, steps=4)
    top = app.scenes.top
    assert type(top).__name__ == "RulesHelpView"
    assert top.rule == rule
    assert top.results[top.scroll].id == rule


def test_generic_words_read_a_contest_an_edge_ladder_and_rounds_that_hit():
    """The default built from odds alone: a contest's win / tie / lose and its foe's side reversed; an edge
    ladder as the chance of each edge value (they add up to 1); rounds that hit with the long tail cut."""
    contest = {"win": 0.3, "tie": 0.1, "lose": 0.6}
    assert chart_bars(contest) == (("win", 0.3), ("tie", 0.1), ("lose", 0.6))
    assert foe_bars(contest, "Bob") == (("Bob loses", 0.3), ("Bob ties", 0.1), ("Bob wins", 0.6))
    ladder = {"edge>=0": 0.75, "edge>=1": 0.5, "edge>=2": 0.25, "edge>=3": 0.05}
    bars = chart_bars(ladder)
    assert [label for label, _ in bars] == ["below 0", "0", "1", "2", "3+"]
    assert sum(p for _, p in bars) == pytest.approx(1.0)
    assert bars[0][1] == pytest.approx(0.25) and bars[2][1] == pytest.approx(0.25)
    rounds = {"rounds:0": 0.5, "rounds:1": 0.3, "rounds:2": 0.2, "rounds:3": 0.0, "rounds:4": 0.0}
    assert chart_bars(rounds) == (("0", 0.5), ("1", 0.3), ("2", 0.2))

    class Plain(Ruleset):
        def odds(self, battle, action):
            return dict(contest)

    class A:
        type = "shove"
        title = "Shove"
        rule = "S0-FREE-1"
        free = False
        target = None

    w = generic_words(Plain(), None, A())
    assert w.whole == 0.3 and w.rolls == (("you win the contest with the foe", 0.3),)
    assert w.costs == "Takes your turn." and w.rules == ("S0-FREE-1",)


def test_dice_spread_counts_every_face():
    """The damage chart's spread: 2d6-1 floored at 0 has 11 values, 6 the likeliest at 1/6."""
    spread = dict(dice_spread(2, 6, -1))
    assert min(spread) == 1 and max(spread) == 11 and spread[6] == pytest.approx(1 / 6)
    assert sum(spread.values()) == pytest.approx(1.0)
    assert dict(dice_spread(1, 6, -3))[0] == pytest.approx(3 / 6)  # 1, 2 and 3 all floor to 0


def test_rule_ids_are_found_in_any_sentence():
    text = "S3-HTH-16: +4 inside (G3-2, GX-5, ND6-20; S4-STAFF-6a). 2d6-1 damage, HT-3."
    assert [r for _, _, r in find_rules(text)] == ["S3-HTH-16", "G3-2", "GX-5", "ND6-20", "S4-STAFF-6a"]


def test_the_hover_fits_on_the_smallest_window():
    """At 1024x640 the box with its chart stays on the screen."""
    app = app_on("grapple_takedown_lite.json", size=(1024, 640))
    bs, _ = open_menu_on_foe(app)
    menu, _ = hover_option(app, bs, "grapple")
    frame = app.draw()
    r = menu.box.rect
    assert r is not None and frame.get_rect().contains(r), (r, frame.get_size())
    if os.environ.get("HOVER_SHOT"):  # a look at it by eye: HOVER_SHOT=/tmp/x.png
        pygame.image.save(frame, os.environ["HOVER_SHOT"])


def test_the_grip_diagram_shows_each_grip_in_force_and_what_the_held_fighter_cannot_do():
    """With the menu open and nothing hovered, the box draws a body figure per grip in force (the gripped
    part lit in the grip colour) and lists what the held fighter can and cannot do, from the ruleset's own
    refusals, each rule ID a link (S2-VICTIM-1: a grappled fighter may not walk away)."""
    from game.ui.grip_diagram import grip_facts

    app = app_on("break_free_full.json")
    bs, _ = open_menu_on_foe(app)
    move((5, SIZE[1] - 60))
    for _ in range(2):
        app.step()
    menu = bs.mode.menu
    assert menu.hovered is None
    frame = app.draw()
    battle = bs.session.battle
    (grip,) = battle.grapples
    facts = grip_facts(battle, grip)
    assert facts.location == "torso" and facts.hands == 2
    assert "Break free" in facts.can
    assert any(rule == "S2-VICTIM-1" for _, _, rule in facts.cannot)
    assert "S2-VICTIM-1" in [rid for _, rid in menu.box.links.links]
    box = menu.box.rect
    hot = bs.pal.grips["grapple"]
    lit = sum(1 for x in range(box.x, box.x + 60) for y in range(box.y, box.bottom)
              if tuple(frame.get_at((x, y)))[:3] == hot)
    assert lit > 100, "the gripped torso is drawn in the grip colour"


def test_a_rule_pill_in_a_roll_breakdown_opens_f1_at_that_rule():
    """Every rule the breakdown cites is a link: clicking its pill closes the breakdown and opens the rules
    help scrolled to that rule."""
    from game.files.situation import play

    sit = load_situation(SITUATIONS / "grapple_takedown_lite.json")
    events = play(sit, sit.make_dice()).events
    roll = next(ev for ev in events if ev.get("type") == "roll" and ev.get("rule"))
    app = app_on("grapple_takedown_lite.json")
    bs = app.battle_scene
    bs.open_breakdown(roll)
    app.draw()
    assert bs.breakdown is not None and bs.breakdown.links
    rect, rule = bs.breakdown.links[0]
    assert rule in bs.breakdown.rules_cited
    click(app, rect.center, steps=4)
    top = app.scenes.top
    assert type(top).__name__ == "RulesHelpView" and top.rule == bs.help.lookup(rule).id
    assert bs.breakdown is None


def test_a_rule_id_in_the_combat_log_is_a_link():
    """A log line citing a rule draws the ID as a link and a click on it opens F1 at the rule."""
    from game.ui.hud.combat_log import CombatLog, LogLine
    from game.ui.palette import palette
    from game.ui.text import TextCache

    log = CombatLog(TextCache())
    log.lines.append(LogLine("Bob is held: -4 DX while the hold lasts (S0-HOLD-1).", "note"))
    surface = pygame.Surface((320, 200))
    log.draw(surface, pygame.Rect(10, 10, 300, 180), palette("standard"))
    (rect, rule), = log._links
    assert rule == "S0-HOLD-1" and log.rule_at(rect.center) == "S0-HOLD-1"
    assert log.rule_at((rect.x - 40, rect.y - 40)) is None


def test_a_refusals_rule_id_is_a_link_into_the_rules_help():
    """A refusal shown as a toast names its rule; that ID is drawn as a link and a click opens F1 at it."""
    app = app_on("break_free_full.json")
    bs = app.battle_scene
    bs.toast("bob is grappled by ann and may not take a Move maneuver (S2-VICTIM-1)", "failure")
    app.draw()
    assert [rid for _, rid in bs.toast_links] == ["S2-VICTIM-1"]
    click(app, bs.toast_links[0][0].center, steps=4)
    top = app.scenes.top
    assert type(top).__name__ == "RulesHelpView" and top.rule == "S2-VICTIM-1"


def test_a_rule_pill_in_a_replays_breakdown_opens_the_rules_help_of_that_replays_ruleset(tmp_path):
    """In the replay viewer too, a breakdown's rule pill opens the rules help at the rule, in the replay's
    ruleset (the viewer has no live session)."""
    from test_replay_hostile import make_save

    from game.files import saves
    from game.ui.app import App
    from game.ui.menus.replay_scene import ReplayScene
    from game.ui.scene import Transition

    save = saves.read_save(make_save(tmp_path, "3d6-lite", "arena.toml", 1, 6))
    app = App(None, SIZE, clock=FixedClock(16), autosave=False)
    scene = ReplayScene(app, saves.Replay(save.initial, save.log, save.ruleset))
    app.scenes.apply(Transition("push", scene), app.size)
    scene.goto(len(scene.replay))
    roll = next(ev for entry in save.log for ev in entry.get("events", []) if ev.get("type") == "roll"
                and ev.get("rule"))
    from game.ui.roll_breakdown import RollBreakdown

    scene.breakdown = RollBreakdown(roll, scene.replay.battle, scene.text, scene.pal, scene.help)
    app.draw()
    rect, rule = scene.breakdown.links[0]
    click(app, rect.center, steps=4)
    top = app.scenes.top
    assert type(top).__name__ == "RulesHelpView" and top.ruleset.id == save.ruleset and top.rule


def test_a_d20_wrestle_hover_names_no_defence_roll_nobody_makes():
    """Seen under Xvfb in the d20 Wrestle lesson: the hover said "your roll succeeds and Bob's best defence
    fails", but a d20 attack meets an AC and nobody rolls to defend (S4-WRESTLE-1). The sentence now says the
    grip takes hold when your roll succeeds; a 3d6 grab still names the foe's defence."""
    from game.teaching.lessons import LESSONS_DIR, load_lesson
    from game.ui.app import App
    from game.ui.lesson_panel import start_lesson
    from game.ui.scene import Transition
    from game.ui.settings import Settings

    app = app_on("grapple_takedown_lite.json")
    bs, foe = open_menu_on_foe(app)
    menu, e = hover_option(app, bs, "grapple")
    assert f"and {foe.name or foe.id}'s best defence fails" in " ".join(s for s, _, _ in menu.info_lines(e))
    app.close()

    app = App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant"),
              session_kw={"sync_ai": True})
    try:
        app.apply(Transition("reset", start_lesson(app, load_lesson(LESSONS_DIR / "d20_1_wrestle.toml"))))
        app.step()
        bs = app.battle_scene
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
        for _ in range(4):
            app.step()
        bs, foe = open_menu_on_foe(app)
        group = bs.mode.menu.entry_for("group", group_kind="wrestle")
        move(group.rect.center)
        for _ in range(2):
            app.step()
        text = " ".join(s for s, _, _ in bs.mode.menu.info_lines(group))
        assert "the chance the grip takes hold: your roll succeeds." in text, text
        assert "defence" not in text.split("Outcomes")[0]
    finally:
        app.close()


def grabbed_in_the_first_lesson(size):
    """The first 3d6 lesson (Learn, "Grab") at ``size`` with its grab made by the menu (a sure hit, a failed
    dodge): the app and its battle scene."""
    from test_ui_lessons import act_by_menu

    from game.teaching.lessons import LESSONS_DIR, load_lesson
    from game.ui.app import App
    from game.ui.lesson_panel import start_lesson
    from game.ui.scene import Transition
    from game.ui.settings import Settings

    app = App(None, size, clock=FixedClock(16), settings=Settings(animation_speed="instant"),
              session_kw={"sync_ai": True}, dice=[3, 3, 3, 6, 6, 6] * 10)
    lesson = load_lesson(LESSONS_DIR / "3d6_1_grab.toml")
    app.apply(Transition("reset", start_lesson(app, lesson)))
    app.step()
    act_by_menu(app, lesson, lesson.steps[0])
    return app, app.battle_scene


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_a_long_menu_folds_what_is_not_allowed_and_stays_on_the_window(size):
    """Seen under Xvfb: Ann holding Bob's arm (3d6 full) had 27 rows; at 1280x800 Close ran off the window,
    at 1024x640 Attack and Evaluate did too. Now every row is on the window, the kinds not allowed now fold
    into one row whose hover names each with its reason, and Close closes by a click."""
    app, bs = grabbed_in_the_first_lesson(size)
    try:
        assert bs.session.battle.grapples and bs.actor == "ann"
        bs, foe = open_menu_on_foe(app)
        menu = bs.mode.menu
        screen = pygame.Rect((0, 0), size)
        assert screen.contains(menu.panel.rect), (menu.panel.rect, size)
        kinds = {e.group.kind for e in menu.entries if e.kind == "group"}
        assert {"takedown", "attack", "evaluate", "release"} <= kinds
        folded = next(e for e in menu.entries if e.kind == "not_now")
        assert "not allowed now" in folded.button.text
        move(folded.rect.center)
        for _ in range(2):
            app.step()
        text = "\n".join(s for s, _, _ in menu.info_lines(menu.hovered))
        assert menu.hovered is folded and text.startswith("Not allowed now:") and "all-out" in text
        assert not any(f"({r}) ({r})" in text for _, _, r in find_rules(text)), text  # a rule cited once
        app.draw()
        assert menu.box.rect is not None and screen.contains(menu.box.rect)
        close = next(e for e in menu.entries if e.kind == "back")
        click(app, close.rect.center, steps=3)
        assert not isinstance(bs.mode, M.Menu)
    finally:
        app.close()


def test_a_change_in_the_log_names_its_rule_and_a_click_opens_the_rules_help_there():
    """Seen under Xvfb: a 3d6 battle's log showed no rule ID at all, so there was none to click. A change of
    state now ends with the rule behind it ("Ann grips Bob's arm with 1 hand (S2-HOLD-1)"), drawn as a link:
    a click in the real log opens the rules help at that rule."""
    app, bs = grabbed_in_the_first_lesson(SIZE)
    try:
        app.draw()
        rule = next(ev["rule"] for e in bs.session.battle.log for ev in e.get("events", [])
                    if ev.get("type") == "grapple_start")
        rect = next(r for r, rid in bs.log._links if rid == rule)
        assert bs.right_rect.contains(rect)
        click(app, rect.center, steps=4)
        top = app.scenes.top
        assert type(top).__name__ == "RulesHelpView" and top.rule == rule
    finally:
        app.close()
