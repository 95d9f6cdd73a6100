"""A fighter's hover names its side, once (playtest: the d20 trip lesson's foe, alone on a side named after
him, read "Bob (Bob)")."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

import game.rules  # noqa: F401  (registers every ruleset)
from game.rules.base import find_ruleset
from game.teaching.lessons import load_lesson

LESSON = Path(__file__).resolve().parents[1] / "maps" / "lessons" / "d20_3_trip.toml"


@pytest.mark.skipif(not LESSON.is_file(), reason="maps/lessons/d20_3_trip.toml is missing")
def test_a_side_named_as_its_fighter_is_not_said_twice():
    """UI (a screen fix, no rule): Bob's side is "Bob": his hover's title is "Bob"; Ann's names her side."""
    from game.ui.board_tooltip import fighter_lines

    b = load_lesson(LESSON).battle()
    session = SimpleNamespace(battle=b, ruleset=find_ruleset(b.ruleset), ctl=SimpleNamespace(initial=b))
    bob = next(f for f in b.fighters if f.label == "Bob")
    assert b.side(bob.side).name == "Bob"
    assert fighter_lines(session, bob.id, None, lambda: [])[0] == "Bob"
    ann = next(f for f in b.fighters if f.side != bob.side)
    assert fighter_lines(session, ann.id, None, lambda: [])[0] == f"{ann.label} ({b.side(ann.side).name})"
