"""Contests and grips in words: an edge tie is not "nothing changes"; a grip with no hands counted says none."""

from __future__ import annotations

from pathlib import Path

from game.files.maps import load_scenario
from game.ui.describe import contest_line, contest_verdict, event_line

ARENA = Path(__file__).resolve().parent.parent / "maps" / "arena_edge.toml"


def test_an_edge_tie_still_allows_what_needs_no_edge():
    """S1-MENU-1, G1-3: at edge 0 an escape or entering a grapple still happens, so the tie says so."""
    b = load_scenario(ARENA)
    tie = {"type": "contest", "kind": "attack", "rule": "G1-3", "edge": 0, "winner": None}
    assert contest_verdict(b, tie) == "a tie at edge 0: only what needs no edge"
    assert "nothing changes" not in contest_line(b, tie)
    won = {"type": "contest", "kind": "grapple", "edge": 2, "winner": "ann"}
    assert contest_verdict(b, won) == f"{b.fighter('ann').label} wins with edge 2"


def test_a_3d6_tie_changes_nothing():
    """G0-2: a Quick Contest with equal margins has no winner, and nothing happens."""
    b = load_scenario(ARENA)
    assert contest_verdict(b, {"type": "contest", "kind": "quick", "winner": None}) == "a tie: nothing changes"


def test_a_grip_without_counted_hands_does_not_say_zero_hands():
    """E-5 (ruling): an edge grapple is one mutual link with no hands counted."""
    b = load_scenario(ARENA)
    ev = {"type": "grapple_start", "grapple": {"holder": "edda", "target": "ann", "hands": 0}}
    line = event_line(b, ev)
    assert line is not None and "hand" not in line
    ev["grapple"]["hands"] = 2
    assert event_line(b, ev).endswith("with 2 hands")


def test_a_break_free_contest_names_the_roller_in_the_title_form():
    """S0-BREAK-3: the log read "Ann break free: ST made it by 2"; it reads as the pop-up's title,
    "Ann: break free: ST, made it by 2" (scripted margins, no dice thrown)."""
    b = load_scenario(ARENA)
    ann, edda = b.fighter("ann").label, b.fighter("edda").label
    ev = {"type": "contest", "kind": "quick", "winner": "ann", "rule": "S0-BREAK-3",
          "rolls": [{"actor": "ann", "label": "break free: ST", "total": 9, "target": 11, "margin": 2,
                     "success": True},
                    {"actor": "edda", "label": "hold on: ST", "total": 12, "target": 11, "margin": -1,
                     "success": False}]}
    line = contest_line(b, ev)
    assert f"{ann}: break free: ST, made it by 2" in line and f"{edda}: hold on: ST, missed by 1" in line, line
    assert f"{ann} break free" not in line, line
