"""game.teaching.lessons headless (issue 18): lesson files, their battles, the checks, the run, the progress file."""

from __future__ import annotations

import json

import pytest

from game.teaching.lessons import (
    CHECKS,
    LESSONS_DIR,
    LessonError,
    LessonRun,
    StillOpponent,
    check_met,
    load_lesson,
    load_lessons,
    load_progress,
    save_progress,
)


def _portable(src: str) -> str:
    """A lesson's text that may be written anywhere: its map named by an absolute path."""
    return src.replace('map = "../arena.tmx"', f'map = "{LESSONS_DIR.parent / "arena.tmx"}"')


def _session(lesson, dice, runs=None):
    """A headless session of the lesson; with ``runs`` (a list the test puts its LessonRun in) the foe plays
    each step's reply as the game's does, else it only waits."""
    from game.teaching.lessons import LessonFoe
    from game.ui.session import new_session

    factory = StillOpponent if runs is None else (lambda: LessonFoe(lambda: runs[0] if runs else None))
    return new_session(lesson.battle(), dice=dice, autosave=False, sync_ai=True, ai_factory=factory)


def test_a_lessons_grips_are_in_force_when_it_starts():
    """The break-free lesson starts held (S0-BREAK-1 needs a grip): Bob's one hand on Ann's arm."""
    les = load_lesson(LESSONS_DIR / "3d6_3_break_free.toml")
    b = les.battle()
    assert [(g.holder, g.target, g.location, g.hands, g.hand_names) for g in b.grapples] == \
        [("bob", "ann", "arm", 1, ["right"])]
    assert b.scenario == str(les.path) and les.ruleset == b.ruleset


def test_a_run_retries_then_advances_and_finishes():
    """S0-GRAB-1, S0-TAKEDOWN-2: a missed grab keeps step 1 and says the lesson's retry words; a made grab
    and a won takedown meet the steps, each step's 'done' said in turn; then Bob, down and held, tries to
    break free (S0-BREAK-3, the step's reply), and only then is the lesson complete."""
    les = load_lesson(LESSONS_DIR / "3d6_1_grab.toml")
    rs_dice = [6, 6, 5] + [3, 3, 3, 6, 6, 6] + [3, 3, 3, 6, 6, 6] + [1] * 20  # miss; grab, no dodge; takedown
    runs: list[LessonRun] = []
    s = _session(les, rs_dice, runs)
    run = LessonRun(les, s.battle)
    runs.append(run)
    assert run.step is les.steps[0]

    def act(step):
        assert s.whose_turn() == "ann"
        r = s.submit(les.example_action(step))
        assert not r.rejected
        said = run.observe(s.battle)
        while s.whose_turn() != "ann":
            s.poll_computer()  # the still foe passes
        return said

    assert act(les.steps[0]) == [les.steps[0].retry] and run.index == 0 and not s.battle.grapples
    wait = s.ruleset.action_from_dict({"actor": "ann", "type": "do_nothing"})
    assert not s.submit(wait).rejected
    assert run.observe(s.battle) == []  # passing is waiting for the moment, not a failed try
    while s.whose_turn() != "ann":
        s.poll_computer()
    assert act(les.steps[0]) == [les.steps[0].done] and run.index == 1
    assert act(les.steps[1]) == [les.steps[1].done] and run.seeing and not run.finished
    assert run.observe(s.battle) == [les.steps[1].shown, "Lesson complete: Grab."]  # Bob's turn came between
    assert [(e["intent"]["actor"], e["intent"]["type"]) for e in s.battle.log if e.get("intent")][-1] == \
        ("bob", "break_free")
    assert run.finished and run.step is None and s.battle.fighter("bob").posture == "prone"


def test_every_check_reads_the_battle():
    """Each check kind, true and false, on one small battle and its log."""
    les = load_lesson(LESSONS_DIR / "3d6_5_pin.toml")
    b = les.battle()
    b.log.append({"intent": {"actor": "ann", "type": "pin"}, "events": [
        {"type": "damage", "actor": "ann", "target": "bob", "injury": 2},
        {"type": "contest", "rolls": [{"type": "roll", "actor": "bob", "success": False}], "winner": "ann"}]})
    b.fighter("ann").hands["right"] = "knife"
    b.fighter("ann").counters["edge"] = 2
    yes = {"grip": {"holder": "ann", "kind": "grapple"}, "no_grip": {"holder": "bob"},
           "posture": {"fighter": "bob", "is": "prone"}, "tried": "pin", "event": {"type": "roll", "actor": "bob"},
           "hurt": "bob", "counter": {"fighter": "ann", "edge": 2}, "holds": {"fighter": "ann", "item": "knife"},
           "ended": False}
    no = {"ended": True, "grip": {"holder": "bob"}, "no_grip": {"holder": "ann"}, "posture": {"fighter": "ann", "is": "prone"},
          "tried": "takedown", "event": {"type": "roll", "actor": "ann"}, "hurt": "ann",
          "counter": {"fighter": "ann", "edge": 3}, "holds": {"fighter": "bob", "item": "knife"},
          "condition": {"fighter": "bob", "has": "stunned"}}
    assert set(yes) | set(no) == set(CHECKS)
    for name, want in yes.items():
        assert check_met({name: want}, b, 0, "ann"), name
    for name, want in no.items():
        assert not check_met({name: want}, b, 0, "ann"), name
    assert not check_met({"tried": "pin"}, b, len(b.log), "ann")  # only entries since the step began count


def test_progress_survives_a_damaged_file(tmp_path):
    path = tmp_path / "cfg" / "lessons.json"
    assert load_progress(path) == set()
    assert save_progress(path, {"b", "a"}) is None
    assert json.loads(path.read_text()) == {"done": ["a", "b"]}
    assert load_progress(path) == {"a", "b"}
    for bad in ("{", "[1, 2]", '{"done": "a"}', '{"done": [1, "x"]}'):
        path.write_text(bad)
        assert load_progress(path) == ({"x"} if "x" in bad else set())
    (tmp_path / "ro").mkdir()
    blocked = tmp_path / "ro" / "lessons.json"
    blocked.mkdir()  # a folder where the file should be: one sentence, no exception
    assert "lesson progress could not be saved" in save_progress(blocked, {"a"})


@pytest.mark.parametrize("change, message", [
    (("[lesson]", "[lessn]"), "lesson: expected a [lesson] table"),
    (('foe = "still"', 'foe = "angry"'), "lesson.foe: must be one of still, computer"),
    (('hex = [6, 4]', 'hex = [99, 99]'), "scenario.fighters[0].hex: [99, 99] is outside the map"),
    (('check = { posture', 'check = { stance'), r"steps[1].check.stance: not a check"),
    (('fighter = "bob", is', 'fighter = "zed", is'), "no fighter 'zed' in this lesson"),
    # a step's reply (the foe's answer that plays out the consequence) is typed and named as an example is
    (('reply = { actor = "bob", type = "break_free" }', 'reply = { type = "break_free" }'),
     "steps[1].reply.actor: is missing: the foe who answers"),
    (('reply = { actor = "bob", type = "break_free" }', 'reply = { actor = "ann", type = "break_free" }'),
     "steps[1].reply.actor: 'ann' is on the learner's side"),
    (('reply = { actor = "bob", type = "break_free" }', 'reply = { actor = "bob", type = "teleport" }'),
     "steps[1].reply.type: 'teleport' is not an action of 3d6-full"),
    (('reply = { actor = "bob", type = "break_free" }', 'reply = { actor = "bob", type = "break_free", x = {} }'),
     "steps[1].reply.x: expected text, a number or true/false, got a table"),
    (('reply = { actor = "bob", type = "break_free" }', 'reply = "bob"'), "steps[1].reply"),
    (('reply = { actor = "bob", type = "break_free" }', 'shows = { ended = "yes" }'), "steps[1].shows.ended"),
    (('reply = { actor = "bob", type = "break_free" }', 'shows = { stance = 1 }'),
     "steps[1].shows.stance: not a check"),
    (('reply = { actor = "bob", type = "break_free" }', 'moot = { ended = true }'),
     "steps[1].moot: goes with 'reply'"),
])
def test_a_bad_lesson_is_one_sentence_naming_file_and_field(tmp_path, change, message):
    src = _portable((LESSONS_DIR / "3d6_1_grab.toml").read_text())
    assert change[0] in src
    bad = tmp_path / "bad.toml"
    bad.write_text(src.replace(change[0], change[1]))
    with pytest.raises(LessonError) as err:
        load_lesson(bad)
    text = str(err.value)
    assert str(bad) in text and message in text and "\n" not in text


def test_a_folder_with_a_bad_file_keeps_the_good_ones(tmp_path):
    good = _portable((LESSONS_DIR / "3d6_1_grab.toml").read_text())
    (tmp_path / "a.toml").write_text(good)
    (tmp_path / "b.toml").write_text(good)  # the same id twice
    (tmp_path / "c.toml").write_text("not toml [")
    lessons, problems = load_lessons(tmp_path)
    assert [les.id for les in lessons] == ["3d6-grab"] and len(problems) == 2
    assert any("already used" in p for p in problems) and any("c.toml" in p for p in problems)


def test_check_lesson_plays_every_shipped_lesson(capsys):
    """``clinch check-lesson``: every lesson in maps/lessons is finished by its examples under 3 seeds."""
    from game.cli import main

    paths = sorted(str(p) for p in LESSONS_DIR.glob("*.toml"))
    assert main(["check-lesson", *paths, "--seeds", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("met under 3 of 3 seeds") == sum(len(les.steps) for les in load_lessons()[0])


def test_check_lesson_says_when_a_step_sticks_or_a_file_is_bad(tmp_path, capsys):
    """A check the example can never meet (Bob prone after a grab of the arm alone): exit 3, the step named;
    a bad file: one sentence on stderr, exit 2."""
    from game.cli import main

    src = _portable((LESSONS_DIR / "3d6_1_grab.toml").read_text())
    stuck = tmp_path / "stuck.toml"
    stuck.write_text(src.replace('check = { grip = { holder = "ann", target = "bob", location = "arm" } }',
                                 'check = { posture = { fighter = "ann", is = "prone" } }'))
    assert main(["check-lesson", str(stuck), "--seeds", "1", "--tries", "3"]) == 3
    out = capsys.readouterr().out
    assert "step 1 \u201cGrab Bob's arm.\u201d: met under 0 of 1 seeds; stuck: not met in 3 tries" in out
    bad = tmp_path / "bad.toml"
    bad.write_text(src.replace('foe = "still"', 'foe = 3'))
    assert main(["check-lesson", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"clinch check-lesson: {bad}: lesson.foe: must be one of still, computer, got 3" and "\n" not in err
    assert main(["check-lesson", str(bad), "--tries", "0"]) == 2


def test_a_step_whose_grip_is_lost_goes_back_to_the_grab():
    """S2-TAKEDOWN-6: a takedown contest lost turns it around (the taker falls, the grip ends); the grab
    lesson's takedown step needs the grip, so the run goes back to step 1 with the lesson's words for it."""
    les = load_lesson(LESSONS_DIR / "3d6_1_grab.toml")
    s = _session(les, [3, 3, 3, 6, 6, 6] + [6, 6, 5, 3, 3, 3] + [1] * 20)
    run = LessonRun(les, s.battle)
    assert not s.submit(les.example_action(les.steps[0])).rejected
    assert run.observe(s.battle) == [les.steps[0].done] and run.index == 1
    while s.whose_turn() != "ann":
        s.poll_computer()
    assert not s.submit(les.example_action(les.steps[1])).rejected
    assert s.battle.fighter("ann").posture == "prone" and not s.battle.grapples
    assert run.observe(s.battle) == [les.steps[1].lost] and run.index == 0 and run.step is les.steps[0]
    assert "S2-TAKEDOWN-6" in les.steps[1].lost


def test_needs_without_a_step_to_go_back_to_is_refused(tmp_path):
    src = _portable((LESSONS_DIR / "3d6_1_grab.toml").read_text()).replace("back_to = 1", "back_to = 2")
    bad = tmp_path / "bad.toml"
    bad.write_text(src)
    with pytest.raises(LessonError, match=r"steps\[1\]\.back_to: the step to go back to .* 1 to 1, got 2"):
        load_lesson(bad)


def test_the_foe_replies_once_the_step_is_met_even_before_the_card_looks():
    """S0-BREAK-3 (the Hold lesson's reply): in the window the card reads the log once the learner's action has
    been drawn, and the foe's turn may come first (a d20 foe's movement phase passed, and the charge never came
    that round). The foe asks the battle itself: with Ann's two-handed grip in force, Bob's break free is due
    before observe() has run; with no grip, it is not."""
    from game.model import Grapple
    from game.rules.base import find_ruleset
    from game.teaching.lessons import LessonFoe

    les = load_lesson(LESSONS_DIR / "3d6_2_hold.toml")
    b = les.battle()
    run = LessonRun(les, b)
    rs = find_ruleset(b.ruleset)
    foe = LessonFoe(lambda: run)
    assert run.reply_due("bob", b) is None and getattr(foe.decide(b, rs, "bob"), "action", None) is None
    b.grapples.append(Grapple(holder="ann", target="bob", location="torso", hands=2, kind="grapple",
                              hand_names=["right", "left"]))
    assert not run.seeing and run.reply_due("bob") is None  # the card has not looked yet
    assert run.reply_due("bob", b) == {"actor": "bob", "type": "break_free"}
    decision = foe.decide(b, rs, "bob")
    assert decision.action.type == "break_free" and decision.fighter == "bob"
