"""Four small things a new player noticed, each checked by driving the real App headless.

The end screen says "2 of 12" under "Rolls made" (a bare "2/12" did not say which number was which); the
timeline's long names take the room short names leave (at 1920x1080 "Gus th..." sat beside an empty-looking
"Ivo" chip as wide), and a name still cut at 1024x640 is whole in its chip's tooltip; the log gives one line,
not two, to a computer fighter passing a phase when doing nothing is its only choice; the header names whose
action plays until its animation ends, not the next turn's fighter.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_fixtures import ROOT, fresh_ui_dirs, small_display  # noqa: E402,F401

TAVERN = ROOT / "maps" / "tavern.toml"
TAVERN_D20 = ROOT / "maps" / "tavern_d20.toml"
TAVERN_EDGE = ROOT / "maps" / "tavern_edge.toml"


def _app(path, size, speed="instant", seat=None):
    """The map's battle at ``size``, after its first frames (no hand-over screen, no autosave)."""
    from game.ui.app import App
    from game.ui.clock import FixedClock
    from game.ui.settings import Settings

    if not path.is_file():
        pytest.skip(f"{path.name} is missing")
    kwargs = {"seat": seat} if seat else {}
    app = App(path, size, clock=FixedClock(16), settings=Settings(animation_speed=speed, handover="never"),
              autosave=False, **kwargs)
    for _ in range(3):
        app.step()
    return app


def test_end_screen_says_rolls_made_in_words() -> None:
    """The end screen's "Rolls made" column reads "2 of 12" (two rolls made of twelve), never "2/12"."""
    from game.ui.menus.end_screen import EndScreen
    from game.ui.scene import Transition

    app = _app(TAVERN, (1280, 800))
    try:
        bs = app.battle_scene
        app.apply(Transition("push", EndScreen(app, bs)))
        app.step()
        app.scene.summary = {"hilde": {"actions": 5, "rolls": 12, "made": 2, "kinds": {}}}
        app.text.drawn = []
        app.draw()
        drawn = [d[0] for d in app.text.drawn]
        assert "Rolls made" in drawn
        assert "2 of 12" in drawn, drawn
        assert "2/12" not in drawn
    finally:
        app.close()


def _chip_fits(app) -> list[tuple[str, str, int, bool]]:
    """The fit_text calls of the bar's fighter names on a fresh draw of the bar."""
    bs = app.battle_scene
    names = {f.label for f in bs.session.battle.fighters}
    bs.bar.text.fits = []
    bs.bar._key = None
    app.draw()
    fits = [f for f in bs.bar.text.fits if f[0] in names]
    bs.bar.text.fits = None
    return fits


@pytest.mark.parametrize("path", [TAVERN, TAVERN_D20, TAVERN_EDGE], ids=lambda p: p.stem)
def test_timeline_names_whole_at_1920(path) -> None:
    """At 1920x1080 every fighter's name on the timeline is whole: "Gus the Barman" takes the room the
    short names ("Ivo") leave, in a side-roll round too; the chips stay inside the timeline's part."""
    app = _app(path, (1920, 1080))
    try:
        fits = _chip_fits(app)
        assert fits and not [f for f in fits if f[3]], fits
        bar = app.battle_scene.bar
        chips = [r for r, _ in bar.chips]
        assert all(r.right <= bar.right_x for r in chips), (chips, bar.right_x)
        assert all(a.right <= b.left for a, b in zip(chips, chips[1:])), chips
    finally:
        app.close()


def test_a_cut_timeline_name_is_whole_in_its_tooltip(monkeypatch) -> None:
    """At 1024x640 "Gus the Barman" is cut on its narrow chip; hovering the chip shows the whole name."""
    from game.ui import battle_scene as scene_module

    app = _app(TAVERN_D20, (1024, 640))
    try:
        fits = _chip_fits(app)
        assert any(f[0] == "Gus the Barman" and f[3] for f in fits), fits
        bs = app.battle_scene
        shown: list[list[str]] = []
        real = scene_module.fighter_lines

        def spy(*args, **kwargs):
            lines = real(*args, **kwargs)
            shown.append(lines)
            return lines

        monkeypatch.setattr(scene_module, "fighter_lines", spy)
        chip = next(r for r, fid in bs.bar.chips if fid == "gus")
        for _ in range(40):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=chip.center, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            app.step()
            app.draw()
            if shown:
                break
        assert shown and shown[-1][0].startswith("Gus the Barman"), shown
    finally:
        app.close()


@pytest.mark.parametrize("path", [TAVERN_D20, ROOT / "maps" / "arena.toml"], ids=lambda p: p.stem)
def test_a_computer_pass_with_no_other_choice_is_one_log_line(path, monkeypatch) -> None:
    """The computer playing both sides: a fighter whose only choice is to do nothing gets the entry's own line
    ("Lars passes the missiles phase.", "Brom does nothing"), not "Computer, for Lars: do nothing (the only
    choice)." before it; a choice of doing nothing among others keeps its line (it says why)."""
    from game.ui import battle_results
    from game.ui.app import App
    from game.ui.clock import FixedClock
    from game.ui.settings import Settings

    if not path.is_file():
        pytest.skip(f"{path.name} is missing")
    skipped: list[str] = []
    real = battle_results.decision_needs_a_line

    def spy(decision):
        said = real(decision)
        if not said:
            skipped.append(decision.fighter)
        return said

    monkeypatch.setattr(battle_results, "decision_needs_a_line", spy)
    first = _app(path, (1280, 800))
    sides = [s.id for s in first.session.battle.sides]
    first.close()
    app = App(path, (1280, 800), clock=FixedClock(16), settings=Settings(animation_speed="instant", handover="never"),
              autosave=False, seat={side: "ai" for side in sides}, dice="seeded")
    try:
        for _ in range(400):
            app.step()
            if len(skipped) >= 2:
                break
        lines = [ln.text for ln in app.battle_scene.log.lines]
        assert skipped, "no computer fighter had doing nothing as its only choice"
        assert not [ln for ln in lines if "do nothing (the only choice)" in ln], lines
        for fid in skipped:  # its pass is in the log in the entry's own words
            name = app.session.battle.get(fid).label
            assert any(ln.startswith("R") and f"\u00b7 {name} " in ln and ("pass" in ln or "nothing" in ln)
                       for ln in lines), (name, lines)
    finally:
        app.close()


def test_the_header_names_the_action_playing_until_its_animation_ends(monkeypatch) -> None:
    """d20, the computer on both sides, animations at normal speed: while a fighter's action plays, the
    header names that fighter and the phase it acts in ("Kell's turn — hand-to-hand" over Kell's attack), not
    the turn the battle has already moved on to ("Kell's turn — movement"); a pass says its own phase."""
    import re

    from game.ui.app import App
    from game.ui.clock import FixedClock
    from game.ui.hud.initiative_bar import InitiativeBar, action_in_play
    from game.ui.settings import Settings
    from game.wording import possessive

    first = _app(TAVERN_D20, (1280, 800))
    sides = [s.id for s in first.session.battle.sides]
    first.close()
    heads: list[str] = []
    real = InitiativeBar._turn_words

    def spy(session, b, f, info, thinking):
        words = real(session, b, f, info, thinking)
        heads.append(words[0])
        return words

    monkeypatch.setattr(InitiativeBar, "_turn_words", staticmethod(spy))
    app = App(TAVERN_D20, (1280, 800), clock=FixedClock(16), settings=Settings(animation_speed="normal",
              handover="never"), autosave=False, seat={side: "ai" for side in sides}, dice="seeded")
    checked = {"movement": 0, "hand-to-hand": 0, "pass": 0, "new round": 0}
    try:
        bs = app.battle_scene
        b = bs.session.battle
        for _ in range(900):
            app.step()
            heads.clear()
            bs.bar._key = None  # drawn afresh: the words of this frame
            app.draw()
            a = bs.player.current
            intent = ((a.data.get("entry") or {}).get("intent") or {}) if a is not None else {}
            if a is not None and (a.data.get("entry") or {}).get("step") == "start_round":
                assert action_in_play(bs.player) == {"fighter": None, "phase": None}  # nobody's turn yet
                assert bs.bar.acting is None and not heads, heads  # "Between turns"
                checked["new round"] += 1
            if not intent.get("actor") or not heads:
                continue
            head = heads[-1]
            who = possessive(b.get(intent["actor"]).label, plural=False)
            assert head.startswith(f"{who} turn"), (head, intent)
            said = re.search(r"passes the (.+) phase", str((a.event or {}).get("text", "")))
            if said:
                assert head.endswith(f"\u2014 {said.group(1)}"), (head, a.event)
                checked["pass"] += 1
            elif intent.get("type") in ("move", "run"):
                assert head.endswith("\u2014 movement"), (head, intent)
                checked["movement"] += 1
            elif intent.get("type") in ("attack", "brawl", "wrestle", "trip"):
                assert head.endswith("\u2014 hand-to-hand"), (head, intent)
                checked["hand-to-hand"] += 1
            if all(checked.values()):
                break
        assert all(checked.values()), checked
    finally:
        app.close()
