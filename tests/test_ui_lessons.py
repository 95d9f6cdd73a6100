"""Guided lessons played as a learner would (issue 18): real pygame events posted to the real app, headless.

Main menu -> Learn -> a lesson -> the card's prompt -> the foe's token right-clicked, the action picked
from the menu -> the card says what it taught -> "Lesson complete" -> the next lesson; the tick in the
Learn menu and the progress file in the settings folder. Every shipped lesson is finished this way
(``test_every_lesson_by_posted_events``): each step's action is found in the menu the learner sees, never
submitted behind the screen. Seeded dice: a try that fails is tried again, as the card asks.
"""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.teaching.lessons import LESSONS_DIR, load_lessons  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from tests.ui_fixtures import fresh_ui_dirs  # noqa: E402, F401

SIZE = (1280, 800)
LESSONS, PROBLEMS = load_lessons(LESSONS_DIR)
MAX_TRIES = 25


def post_mouse(pos, button=1):
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def click(app, pos, button=1, steps=2):
    post_mouse(pos, button)
    for _ in range(steps):
        app.step()


def play_out(app, frames=900):
    """Step until nothing animates and the computer (the still foe) has passed back to the learner."""
    for _ in range(frames):
        app.step()
        bs = app.battle_scene
        if bs is None or app.scene is not bs:
            return
        if not bs.player.busy and (bs.actor is not None or bs.session.battle.ended):
            app.step()
            return
    raise AssertionError("the lesson's battle never came back to the learner")


def make_app():
    from game.ui.app import App

    return App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant"),
               session_kw={"sync_ai": True})


def matches(action, example: dict) -> bool:
    """The menu's action does what the step's example does; a result bought after the roll (edge's
    ``option``) is picked later, from the result menu."""
    return action.type == example["type"] and all(
        getattr(action, k, None) == v or (k == "option" and getattr(action, k, None) is None)
        for k, v in example.items() if k != "type")


def choose_result(app, step):
    """The result menu after a roll (edge): the step's result when the edge pays for it, else the first."""
    from game.ui import modes as M

    bs = app.battle_scene
    menu = bs.mode.menu
    allowed = [e for e in menu.entries if e.kind == "option" and e.option is not None and e.button.enabled]
    assert allowed, "a result menu with nothing to pick"
    want = step.example.get("option")
    entry = next((e for e in allowed if getattr(e.option.action, "option", None) == want), allowed[0])
    click(app, entry.rect.center)
    assert not isinstance(bs.mode, M.Choose)


def press(app, key, unicode="", steps=2):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0))
    for _ in range(steps):
        app.step()


def act_by_menu(app, lesson, step):
    """The step's action, found and picked in the action menu as a learner would: right-click the foe it
    is done to (or the learner, for an action without one), open its kind's group, pick the option (or its
    hex on the board, then confirm). When the action is not open now (another phase of a d20 round, a try
    already spent this round), Space passes, as the card says."""
    from game.hexgrid import Hex
    from game.ui import modes as M

    bs = app.battle_scene
    options = [o for o in bs.options() if o.reason is None and matches(o.action, step.example)]
    if not options:
        press(app, pygame.K_SPACE, unicode=" ")
        play_out(app)
        return
    want = options[0].action
    target = getattr(want, "target", None) or None
    who = target if target else lesson.learner
    click(app, bs.board.token_screen_pos(who), button=3)
    assert isinstance(bs.mode, M.Menu), f"{lesson.id}: right-clicking {who} opened no menu"
    group = bs.mode.menu.entry_for("group", group_kind=want.type)
    if group is not None:
        click(app, group.rect.center)
    if isinstance(bs.mode, M.Menu) and not isinstance(bs.mode, M.Choose):  # the group's variants
        entry = next((e for e in bs.mode.menu.entries if e.kind == "option" and e.option is not None
                      and e.option.action == want), None)
        assert entry is not None, f"{lesson.id}: {want} is not in the menu"
        click(app, entry.rect.center)
    if isinstance(bs.mode, M.PickHex):
        to = Hex(*want.to)
        click(app, bs.board.hex_screen_pos(to))
        assert isinstance(bs.mode, M.Confirm), f"{lesson.id}: the hex {to} was not offered"
        press(app, pygame.K_RETURN, unicode="\r")
    play_out(app)
    if isinstance(bs.mode, M.Choose):
        choose_result(app, step)
        play_out(app)


def finish(app, lesson):
    """Follow the card until the lesson is done; returns the card's texts seen on the way."""
    from game.ui.lesson_panel import LessonDone

    bs = app.battle_scene
    panel = bs.lesson
    seen = []
    for _ in range(MAX_TRIES * 3 * len(lesson.steps)):
        if isinstance(app.scene, LessonDone):
            return seen
        step = panel.run.step
        assert step is not None
        seen.append([t for t, *_ in panel.lines(bs)])
        if panel.run.seeing:  # the step is met; the foe's answer comes on its turn (or phase): pass, as the card says
            press(app, pygame.K_SPACE, unicode=" ")
            play_out(app)
        else:
            act_by_menu(app, lesson, step)
        app.step()
    raise AssertionError(f"{lesson.id}: not finished after {MAX_TRIES} tries a step")


def test_lessons_ship_for_every_ruleset_family():
    """The series the issue names: 3d6 (grab .. arm lock), d20, edge and nd6, every file readable."""
    assert not PROBLEMS
    by = {}
    for les in LESSONS:
        by.setdefault(les.ruleset, []).append(les.id)
    assert len(by.get("3d6-full", [])) == 8
    assert len(by) >= 4, by


def test_first_3d6_lesson_from_the_main_menu(tmp_path):
    """A newcomer's path: Learn in the main menu, the first 3d6 lesson, its two prompts on the card,
    the grab and the takedown picked from the menu, the lesson complete, progress kept, a tick in Learn."""
    from game.ui.lesson_panel import LessonDone, progress_path
    from game.ui.menus.learn_menu import LearnMenu
    from game.ui.menus.main_menu import MainMenu

    app = make_app()
    try:
        app.step()
        assert isinstance(app.scene, MainMenu)
        click(app, app.scene.button_named("learn").rect.center)
        assert isinstance(app.scene, LearnMenu)
        first = next(les for les in LESSONS if les.id == "3d6-grab")
        button = app.scene.button_named("lesson:3d6-grab")
        assert button is not None and button.text == "1. Grab"
        click(app, button.rect.center)
        bs = app.battle_scene
        assert bs is not None and bs.lesson is not None and bs.lesson.lesson.id == "3d6-grab"
        assert bs.session.battle.ruleset == first.ruleset and bs.actor == "ann"
        frame = app.draw()
        card = bs.lesson.rect
        assert card.w > 200 and bs.board_rect.contains(card)
        assert frame.get_at((card.x + 1, card.centery))[:3] == bs.pal.accent  # the card's frame
        lines = [t for t, *_ in bs.lesson.lines(bs)]
        assert "Grab Bob's arm." in lines and any("Grapple" in t for t in lines)
        assert bs.lesson.ring_target(frame.copy(), bs) == "bob"  # where to click first: ringed in the accent
        frame = app.draw()
        bob = bs.board.token_screen_pos("bob")
        ring = int(bs.board.geometry.hex_radius * bs.board.camera.zoom * 0.62) + 4
        assert any(frame.get_at((int(bob[0]) + dx, int(bob[1])))[:3] == bs.pal.accent for dx in (ring - 1, ring, ring + 1))
        # the first step done, the card cites its rule as a link: a click opens the rules help at it
        act_by_menu(app, first, first.steps[0])
        while bs.lesson.run.index == 0:
            act_by_menu(app, first, first.steps[0])
        app.draw()
        assert bs.lesson.links.links, "the card's rule IDs are links"
        rect, rule = bs.lesson.links.links[0]
        assert rule == "S2-BREAK-1" and bs.lesson.rule_at(rect.center) == rule
        click(app, rect.center, steps=4)
        top = app.scenes.top
        assert type(top).__name__ == "RulesHelpView" and top.rule == rule
        press(app, pygame.K_ESCAPE, steps=4)
        assert app.scene is bs
        seen = finish(app, first)
        assert any("Now try to take him down." in lines for lines in seen) and seen[0][2] == "Now try to take him down."
        assert isinstance(app.scene, LessonDone)
        battle = bs.session.battle
        assert battle.fighter("bob").posture == "prone"
        # then the consequence (the step's reply): Bob, down and held, tried to break free (S0-BREAK-3); the grip
        # stays unless he won the contest
        last = battle.log[-1] if battle.log[-1].get("intent") else battle.log[-2]
        assert (last["intent"]["actor"], last["intent"]["type"]) == ("bob", "break_free")
        won = any(ev.get("type") == "contest" and ev.get("winner") == "bob" for ev in last["events"])
        assert [(g.holder, g.target, g.location) for g in battle.grapples][:1] == ([] if won else [("ann", "bob", "arm")])
        assert "3d6-grab" in json.loads(progress_path().read_text())["done"]
        app.draw()
        # the next lesson opens from here; Learn shows the tick
        nxt = app.scene.button_named("next")
        assert nxt is not None and "Hold on" in nxt.text
        click(app, nxt.rect.center)
        assert app.battle_scene.lesson.lesson.id == "3d6-hold"
        app.apply(LearnMenu(app).on_escape())
        click(app, app.scene.button_named("learn").rect.center)
        assert app.scene.button_named("lesson:3d6-grab").text == "1. Grab  \u00b7 done"
    finally:
        app.close()


@pytest.mark.parametrize("lesson", LESSONS, ids=[les.id for les in LESSONS])
def test_every_lesson_by_posted_events(lesson):
    """Each lesson's steps met through the menus on screen; the lesson ends complete and counted."""
    from game.ui.lesson_panel import LessonDone, progress_path, start_lesson
    from game.ui.scene import Transition

    app = make_app()
    try:
        app.apply(Transition("reset", start_lesson(app, lesson, LESSONS)))
        app.step()
        finish(app, lesson)
        assert isinstance(app.scene, LessonDone)
        assert app.battle_scene.lesson.run.finished
        assert lesson.id in json.loads(progress_path().read_text())["done"]
    finally:
        app.close()


def test_a_missed_try_says_so_and_keeps_the_step(tmp_path):
    """A failed grab (scripted dice: a sure miss) leaves the card on step 1 with the lesson's retry words."""
    from game.ui.app import App
    from game.ui.lesson_panel import start_lesson
    from game.ui.scene import Transition

    lesson = next(les for les in LESSONS if les.id == "3d6-grab")
    app = App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant"),
              session_kw={"sync_ai": True}, dice=[6, 6, 6] * 20)
    try:
        app.apply(Transition("reset", start_lesson(app, lesson, LESSONS)))
        app.step()
        act_by_menu(app, lesson, lesson.steps[0])
        app.step()
        panel = app.battle_scene.lesson
        assert panel.run.index == 0 and not app.session.battle.grapples
        assert panel.feedback and panel.feedback[0] == (lesson.steps[0].retry, "failure")
        assert lesson.steps[0].retry in [t for t, *_ in panel.lines(app.battle_scene)]
    finally:
        app.close()


def test_a_bad_lesson_file_is_one_sentence(tmp_path):
    """A lesson file with a check the game does not know: the Learn menu leaves it out and names it."""
    from game.teaching.lessons import LessonError, load_lesson

    # the map named by its full path: a lesson's scenario is checked (its map found) before its learner
    src = (LESSONS_DIR / "3d6_1_grab.toml").read_text().replace('"../arena.tmx"', f'"{LESSONS_DIR.parent / "arena.tmx"}"')
    bad = tmp_path / "bad.toml"
    bad.write_text(src.replace('check = { posture', 'check = { stance'))
    with pytest.raises(LessonError, match=r"bad.toml: steps\[1\]\.check\.stance: not a check"):
        load_lesson(bad)
    missing = tmp_path / "nolearner.toml"
    missing.write_text(src.replace('learner = "ann"', 'learner = "zed"'))
    with pytest.raises(LessonError, match=r"lesson\.learner: no fighter 'zed'"):
        load_lesson(missing)


def test_a_grab_elsewhere_says_which_choice_the_step_asks_and_release_opens_by_a_click(tmp_path):
    """Seen under Xvfb: a learner who grabbed Bob's torso (and it held) was told "The grab did not hold". The
    card now names the choice made and the one asked for and says how to let go; a click on Release (a group
    whose shorter panel opens away from the pointer) opens it rather than closing the menu; then the arm. The
    grip figure the open menu shows keeps off the card."""
    from game.ui import modes as M
    from game.ui.app import App
    from game.ui.lesson_panel import start_lesson
    from game.ui.scene import Transition

    lesson = next(les for les in LESSONS if les.id == "3d6-grab")
    app = App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant"),
              session_kw={"sync_ai": True}, dice=[3, 3, 3, 6, 6, 6] * 10)
    try:
        app.apply(Transition("reset", start_lesson(app, lesson, LESSONS)))
        app.step()
        torso = dict(lesson.steps[0].example, location="torso", hands=2)
        act_by_menu(app, lesson, type(lesson.steps[0])(prompt="", check={}, example=torso))
        app.step()
        bs = app.battle_scene
        panel = bs.lesson
        assert [(g.location, g.hands) for g in bs.session.battle.grapples] == [("torso", 2)]
        said = [t for t, tone in panel.feedback if tone == "failure"]
        assert said == ["You chose the torso; this step asks for the arm. " + lesson.steps[0].wrong], said
        assert "Release" in said[0] and "did not hold" not in said[0]
        click(app, bs.board.token_screen_pos("bob"))
        assert isinstance(bs.mode, M.Menu)
        app.draw()  # the grip figure beside the menu keeps off the card that says what to do now
        assert bs.mode.menu.box.rect is not None and not bs.mode.menu.box.rect.colliderect(panel.rect)
        click(app, bs.mode.menu.entry_for("group", group_kind="release").rect.center)
        assert isinstance(bs.mode, M.Menu), "a click on Release closed the menu"
        rows = {e.button.text.split("  ", 1)[-1]: e for e in bs.mode.menu.entries if e.kind == "option"}
        assert set(rows) == {"all hands", "1 hand"}, rows  # beside "1 hand", "all hands" rather than "Release"
        click(app, rows["all hands"].rect.center)
        play_out(app)
        assert not bs.session.battle.grapples and bs.actor == "ann"  # free: the turn goes on
        act_by_menu(app, lesson, lesson.steps[0])
        app.step()
        assert panel.run.index == 1, panel.feedback
    finally:
        app.close()


def test_nd6_hand_to_hand_is_worded_in_the_log_not_hth():
    """Seen under Xvfb in the nd6 Hand-to-hand lesson: the log's heading and the last roll's box read
    "Ann: hth Bob" (the action's short name). They now say "Ann goes hand-to-hand with Bob" (S3-HTH-7)."""
    from game.ui.lesson_panel import start_lesson
    from game.ui.scene import Transition

    lesson = next(les for les in LESSONS if les.id.startswith("nd6") and les.order == 1)
    app = make_app()
    try:
        app.apply(Transition("reset", start_lesson(app, lesson, LESSONS)))
        app.step()
        bs = app.battle_scene
        titles = []  # every title the last roll's box took: the lesson goes on to Bob's answer after it
        show = bs.last_action.show
        bs.last_action.show = lambda rolls, actor, title: (titles.append(title), show(rolls, actor, title))[1]
        finish(app, lesson)
        texts = [ln.text for ln in bs.log.lines]
        assert any("Ann goes hand-to-hand with Bob" in t for t in texts), texts
        assert not any("hth Bob" in t for t in texts)
        assert "Ann goes hand-to-hand with Bob" in titles and not any("hth" in t for t in titles), titles
    finally:
        app.close()


def test_an_edge_result_is_always_chosen_and_worded_in_the_log():
    """S1-GRAPPLE-5 ("select one of the following results", ruling E-2): the result menu after the edge Pools
    lesson's immediate grapple roll has no "No result (decline)" row any more: its first allowed row is Escape,
    and the log words the result taken, "Ann: enter grapple Bob (escape)", never "(none)" nor "(no result)"."""
    from game.ui.lesson_panel import start_lesson
    from game.ui.scene import Transition

    lesson = next(les for les in LESSONS if les.ruleset == "edge" and les.order == 1)
    app = make_app()
    try:
        app.apply(Transition("reset", start_lesson(app, lesson, LESSONS)))
        app.step()
        finish(app, lesson)  # the result menu's first allowed row: Escape (then Ann enters again)
        texts = [ln.text for ln in app.battle_scene.log.lines]
        assert any(t.endswith("Ann: enter grapple Bob (escape)") for t in texts), texts
        assert not any("(none)" in t or "(no result)" in t for t in texts)
    finally:
        app.close()


def test_leaving_a_lesson_from_the_pause_menu_goes_back_to_the_lessons():
    """Under Xvfb the pause menu of a lesson offered only "Quit to main menu", and the learner clicked Learn again
    to pick the next one; in a lesson it reads "Leave the lesson: the lessons" and opens the list (a battle keeps
    "Quit to main menu")."""
    from game.ui.lesson_panel import start_lesson
    from game.ui.menus.learn_menu import LearnMenu
    from game.ui.menus.pause_menu import PauseMenu
    from game.ui.scene import Transition

    lesson = next(les for les in LESSONS if les.id == "3d6-grab")
    app = make_app()
    try:
        app.apply(Transition("reset", start_lesson(app, lesson, LESSONS)))
        app.step()
        for _ in range(3):  # the first Esc lets go of the selected fighter, the next pauses
            if isinstance(app.scene, PauseMenu):
                break
            press(app, pygame.K_ESCAPE, steps=4)
        assert isinstance(app.scene, PauseMenu)
        assert app.scene.button_named("menu") is None
        leave = app.scene.button_named("lessons")
        assert leave is not None and leave.text == "Leave the lesson: the lessons"
        click(app, leave.rect.center, steps=4)
        assert isinstance(app.scene, LearnMenu) and app.scene.button_named("lesson:3d6-grab") is not None
    finally:
        app.close()
