"""The lab's fighter lines name fighters as written and never say "0 hands" or "hand(s)"."""

from __future__ import annotations

from game.hexgrid import Hex
from game.model import Battle, Board, Fighter, Grapple
from game.rules.base import find_ruleset
from game.ui.handover import possessive
from game.ui.lab.pages import fighter_lines, hands_number, hands_words


def _battle(hands: int) -> Battle:
    ann = Fighter(id="ann", name="Ann Bonny", side="red", hex=Hex(0, 0))
    bob = Fighter(id="bob", name="Bob", side="blue", hex=Hex(1, 0))
    b = Battle(board=Board.unbounded_field(), fighters=[ann, bob], ruleset="3d6-lite")
    b.grapples.append(Grapple(holder="ann", target="bob", location="torso", kind="grapple", hands=hands))
    return b


def test_grip_lines_name_fighters_and_count_hands_in_words():
    for hands, words in ((0, "no hands"), (1, "1 hand"), (2, "2 hands")):
        grip = [t for t, _ in fighter_lines(_battle(hands), "ann", find_ruleset("3d6-lite")) if t.startswith("Grip:")]
        assert grip == [f"Grip: Ann Bonny holds Bob by the torso (grapple, {words})"]
        assert hands_number(hands_words(hands)) == hands


def test_one_person_takes_a_possessive_s():
    assert possessive("Marcus", plural=False) == "Marcus\u2019s"
    assert possessive("The Sailors") == "The Sailors\u2019"
