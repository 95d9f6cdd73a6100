"""The "what happened" review of a lost battle (issue 18): the rolls that decided it, each with its odds.

Headless first (``game.teaching.review``: scripted dice, so what decided the battle is known), then as a player
sees it: a hotseat duel lost by Red, played with posted events to the end screen, whose "What happened?"
opens the review's cards.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from game.rules.base import find_ruleset  # noqa: E402
from game.teaching.review import deciding_rolls, review_lines  # noqa: E402
from tests.ui_fixtures import fresh_ui_dirs  # noqa: E402, F401

ROOT = Path(__file__).resolve().parents[1]
GRAB = ROOT / "maps" / "lessons" / "3d6_1_grab.toml"


def _scripted_duel():
    """Ann misses a grab (S0-GRAB-1), Bob grabs her torso with both hands (S0-GRAB-1, S0-GRAB-9), Ann fails to
    break free (S0-BREAK-3), Bob takes her down (S0-TAKEDOWN-2, S0-TAKEDOWN-5); the dice for Bob's pin wait."""
    from game.teaching.lessons import load_lesson
    from game.ui.session import new_session

    battle = load_lesson(GRAB).battle()
    rs = find_ruleset(battle.ruleset)
    dice = [5, 5, 5] + [3, 3, 3] + [6, 6, 5, 3, 3, 3] + [3, 3, 3, 6, 6, 6] + [3, 3, 3, 6, 6, 5] + [1] * 30
    s = new_session(battle, dice=dice, seat={"red": "human", "blue": "human"}, autosave=False)
    for d in ({"actor": "ann", "type": "grapple", "target": "bob", "location": "arm", "hands": 1, "defense": "none"},
              {"actor": "bob", "type": "grapple", "target": "ann", "location": "torso", "hands": 2,
               "defense": "none"},
              {"actor": "ann", "type": "break_free"},
              {"actor": "bob", "type": "takedown", "target": "ann"}):
        assert s.whose_turn() == d["actor"]
        assert not s.submit(rs.action_from_dict(d)).rejected
    b = s.battle
    assert [(g.holder, g.target) for g in b.grapples] == [("bob", "ann")] and b.fighter("ann").posture == "prone"
    return s


def test_the_rolls_that_cost_the_loser_in_order_with_their_odds():
    """S0-GRAB-1, S0-TAKEDOWN-2: Bob's grab and takedown cost Red; Ann's own misses did nothing to her and are
    not among them. Each chance is the ruleset's exact odds on the battle as it stood before the action."""
    s = _scripted_duel()
    rs = s.ruleset
    found = deciding_rolls(s.ctl.initial, s.battle.log, rs, "red")
    assert [(d.number, d.actor) for d in found] == [(2, "bob"), (4, "bob")]
    grab, takedown = found
    assert grab.effects == ["Bob holds Ann (grapple, torso)"] and takedown.effects == ["Ann goes down"]
    assert grab.happened and takedown.happened
    from game.files.saves import Replay

    replay = Replay(s.ctl.initial, s.battle.log, rs)
    for d in found:
        before = replay.goto(d.number - 1)
        intent = replay.intents[d.number - 1]
        odds = rs.odds(before.clone(with_log=False), intent)
        assert d.hoped == rs.headline(odds) and abs(d.chance - odds[d.hoped]) < 1e-12
    assert 0 < takedown.chance < 0.5 and takedown.against_odds  # a long shot that came
    head, odds_words, did = review_lines(takedown)
    assert head.startswith("Round 2: ") and "(against the odds)" in odds_words and did == "Ann goes down."
    # from the winner's side nothing it suffered was decided by dice
    assert deciding_rolls(s.ctl.initial, s.battle.log, rs, "blue") == []
    assert len(deciding_rolls(s.ctl.initial, s.battle.log, rs, "red", count=1)) == 1


def test_a_lost_battle_offers_what_happened_by_posted_events(tmp_path):
    """The scripted duel goes on on screen: Ann passes (Space), Bob pins her (key P, S0-PIN-3, S0-PIN-6) and
    the battle is Blue's. Red's end screen offers "What happened?"; the review draws a card per deciding
    roll (the grab, the takedown, the pin), the long shot framed in the failure colour; Esc goes back."""
    from game.ui import modes as M
    from game.ui.app import App
    from game.ui.clock import FixedClock
    from game.ui.menus.end_screen import EndScreen
    from game.ui.menus.review_screen import ReviewScreen, lost_side
    from game.ui.settings import Settings
    from tests.test_ui_lessons import click, press

    s = _scripted_duel()
    app = App(s, (1280, 800), clock=FixedClock(16), settings=Settings(animation_speed="instant",
                                                                        handover="never"))
    try:
        app.step()
        assert app.battle_scene.actor == "ann"
        press(app, pygame.K_SPACE, unicode=" ")
        assert app.battle_scene.actor == "bob"
        press(app, pygame.K_p, unicode="p")
        if isinstance(app.battle_scene.mode, M.Menu):
            press(app, pygame.K_1, unicode="1")
        for _ in range(30):
            app.step()
        assert s.battle.ended and s.battle.winner == "blue"
        assert isinstance(app.scene, EndScreen) and lost_side(s) == "red"
        button = app.scene.button_named("review")
        assert button is not None and button.text == "What happened?"
        click(app, button.rect.center)
        review = app.scene
        assert isinstance(review, ReviewScreen) and [d.number for d in review.rolls] == [2, 4, 6]
        assert review.rolls[2].effects == ["Bob's grip on Ann becomes a pin"]
        frame = app.draw()
        pygame.image.save(frame, str(tmp_path / "review.png"))
        assert len(review.card_rects) == 3
        card = review.card_rects[1]
        assert frame.get_at((card.x + card.w // 2, card.y + 1))[:3] == review.pal.failure  # against the odds
        words = [w for d in review.rolls for w, *_ in review.card_lines(d)]
        assert "Before the dice: win 5%, and it happened (against the odds)." in words
        # the heading has a band of its own over the top bar (seen under Xvfb: it sat on the names and phases)
        assert frame.get_at((review.card_rects[0].x + 4, 14))[:3] == (16, 18, 24)
        # each card's rule IDs are links into the rules help
        rect, rule = review.links.links[0]
        assert rule == "S2-GRAB-1"
        click(app, rect.center, steps=3)
        assert type(app.scene).__name__ == "RulesHelpView" and app.scene.rule == rule
        press(app, pygame.K_ESCAPE, steps=3)
        assert app.scene is review
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, EndScreen)
    finally:
        app.close()


def test_no_review_after_a_win():
    """The winner's end screen has no "What happened?" (the review is for the side that lost)."""
    from game.ui.menus.review_screen import lost_side

    s = _scripted_duel()
    s.battle.ended, s.battle.winner = True, "red"
    assert lost_side(s) == "blue"  # hotseat: Blue's player lost
    s.ctl.seat["blue"] = "ai"
    assert lost_side(s) is None


def test_every_ruleset_reviews_a_battle_played_by_the_computer():
    """A battle of each ruleset, both sides the computer at random (seeded), gone through for each side:
    at most three rolls, in the order they happened, each chance a probability the ruleset computed for the
    outcome its actor hoped for, each swing a cost to that side."""
    from game.ui.session import new_session

    for name in ("arena.toml", "arena_d20.toml", "arena_edge.toml", "cantina_nd6.toml"):
        s = new_session(ROOT / "maps" / name, seat={sd.id: "ai" for sd in _sides(name)}, dice="seeded",
                        autosave=False, sync_ai=True, ai_level="random")
        for _ in range(150):
            if s.battle.ended:
                break
            s.poll_computer()
        for side in {f.side for f in s.battle.fighters}:
            found = deciding_rolls(s.ctl.initial, s.battle.log, s.ruleset, side)
            assert len(found) <= 3 and [d.number for d in found] == sorted(d.number for d in found), name
            for d in found:
                assert d.swing > 0 and d.effects, (name, d)
                if d.chance is not None:
                    assert 0.0 <= d.chance <= 1.0 and d.hoped, (name, d)
                assert review_lines(d)[0].startswith(f"Round {d.round}: "), name


def _sides(name):
    from game.files.maps import load_scenario

    return load_scenario(ROOT / "maps" / name).sides
