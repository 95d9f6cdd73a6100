"""A new player's report: in 3d6 the held foe kneels every turn and the grappler is stuck (no takedown of a
kneeling foe, S0-TAKEDOWN-1; no pin unless he lies down, S0-PIN-1), and the greyed rows only said "not
allowed". The hover of a greyed grappling move now also says what would open it, and that sentence is the
engine's own: ``Reason.opens`` of the refusal ``check()`` gives. Real pygame events, headless, at 1280x800
(each kind its own greyed row) and 1024x640 (the greyed kinds folded into one "not allowed now" row)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_play import click, move  # noqa: E402
from ui_fixtures import fresh_ui_dirs, hotseat_on  # noqa: E402,F401  (fresh_ui_dirs: autouse here)

from game.teaching.lessons import LESSONS_DIR, load_lesson  # noqa: E402
from game.ui import modes as M  # noqa: E402


def _app(posture: str, size):
    """Ann holds Bob's torso with both hands (the pin lesson's battle), Bob ``posture``; Ann to act."""
    b = load_lesson(LESSONS_DIR / "3d6_5_pin.toml").battle()
    b.fighter("bob").posture = posture
    return hotseat_on(b, size)


def _menu_on_bob(app):
    bs = app.battle_scene
    for _ in range(3):
        if isinstance(bs.mode, M.Menu):
            break
        click(app, bs.board.token_screen_pos("bob"), steps=3)
    assert isinstance(bs.mode, M.Menu)
    return bs, bs.mode.menu


def _hover(app, menu, e) -> list[str]:
    move(e.rect.center)
    for _ in range(2):
        app.step()
    assert menu.hovered is e
    app.draw()
    return [s for s, _, _ in menu.info_lines(e)]


def _greyed_entry(menu, kind: str):
    """The greyed row that stands for ``kind``: its own group row, or the folded "not allowed now" row."""
    e = menu.entry_for("group", group_kind=kind)
    if e is not None:
        assert not e.button.enabled, f"{kind} is not greyed"
        return e, e.group.illegal
    fold = next(e for e in menu.entries if e.kind == "not_now" and any(o.action.type == kind for o in e.folded))
    return fold, [o for o in fold.folded if o.action.type == kind]


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)], ids=["1280x800", "1024x640"])
def test_a_kneeling_foes_greyed_pin_and_takedown_say_what_opens_them(size):
    """S0-PIN-1, S0-TAKEDOWN-1: Bob kneels in Ann's two-handed torso hold. The hover of greyed Pin and
    Takedown says the refusal and, in the accent colour, what would open each ("Pin: needs Bob lying down;
    kneeling, they cannot be taken down either ... it opens once they lie down, or stand up"; the
    scenario gives Bob no pronoun, so "they"), word for word the
    refusal the engine's check() gives for that very action."""
    app = _app("kneeling", size)
    try:
        bs, menu = _menu_on_bob(app)
        battle = bs.session.battle
        for kind in ("pin", "takedown"):
            e, options = _greyed_entry(menu, kind)
            assert options, kind
            reason = options[0].action.check(battle)  # the engine's own refusal for this action
            assert reason is not None and reason == options[0].reason
            assert reason.opens, f"{kind}: the engine says nothing of what would open it"
            lines = _hover(app, menu, e)
            text = "\n".join(lines)
            assert reason.text in text and reason.rule in text, (kind, lines)
            assert f"{options[0].action.title}: {reason.opens}" in lines, (kind, lines)
        pin = next(o for o in _greyed_entry(menu, "pin")[1]).action.check(battle)
        assert pin.rule.endswith("PIN-1") and "kneeling" in pin.opens and "lie down, or stand up" in pin.opens
        assert "TAKEDOWN-1" in pin.opens  # a kneeling foe cannot be taken down either
        takedown = _greyed_entry(menu, "takedown")[1][0].action.check(battle)
        assert takedown.rule.endswith("TAKEDOWN-1") and "opens once Bob stands up" in takedown.opens
    finally:
        app.close()


def test_a_standing_foes_greyed_pin_says_take_him_down_first():
    """S0-PIN-1: with Bob standing, the greyed Pin's hover says to take him down first (the takedown is open),
    as the engine's refusal says; the refusal's text and rule stay what clinch resolve writes."""
    app = _app("standing", (1280, 800))
    try:
        bs, menu = _menu_on_bob(app)
        battle = bs.session.battle
        e, options = _greyed_entry(menu, "pin")
        reason = options[0].action.check(battle)
        assert reason.text == "Bob must be lying down to be pinned" and reason.rule.endswith("PIN-1")
        assert reason.opens.startswith("needs Bob lying down: take them down first")
        assert f"Pin: {reason.opens}" in _hover(app, menu, e)
        takedown = menu.entry_for("group", group_kind="takedown")
        assert takedown is not None and takedown.button.enabled  # what the hover points to is open
    finally:
        app.close()


def test_a_lying_foes_greyed_takedown_points_to_the_pin():
    """S0-TAKEDOWN-1, S0-PIN-2: Bob already lies down: the greyed Takedown says a pin holds him there."""
    app = _app("prone", (1280, 800))
    try:
        bs, menu = _menu_on_bob(app)
        e, options = _greyed_entry(menu, "takedown")
        reason = options[0].action.check(bs.session.battle)
        assert "down already: a pin holds them there" in reason.opens
        assert f"Takedown: {reason.opens}" in _hover(app, menu, e)
        assert pygame.display.get_surface() is not None
    finally:
        app.close()
