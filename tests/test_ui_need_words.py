"""The dice pop-up's "what the die must do" for a d20 roll against a number (playtest: "d20 +2 vs DC 16: needs
16+" was read as a 16 on the die, where a 14 does it)."""

from __future__ import annotations

from game.ui.describe import need_words


def test_s4_attack_1_a_d20_roll_says_the_face_it_needs():
    """S4-ATTACK-1: d20 + AB + modifiers >= AC: the pop-up names the face that reaches it."""
    ev = {"type": "roll", "dice": [4], "base": 1, "modifiers": [{"value": 1, "reason": "STR"}], "dc": 16,
          "total": 6, "success": False, "label": "Finn bashes Ann"}
    said = need_words(ev)
    assert said == "d20 +2 vs DC 16: 14+ on the die", said
    assert 14 + 2 >= ev["dc"] > 13 + 2  # the words are the engine's sum: 14 reaches 16, 13 does not


def test_a_d20_roll_out_of_the_die_s_reach_says_the_total():
    """A target no face (or every face) reaches: the total it needs, no face claimed."""
    assert need_words({"dice": [9], "base": 0, "modifiers": [], "dc": 25}) == "d20 vs DC 25: a total of 25+"
    assert need_words({"dice": [9], "base": 12, "modifiers": [], "dc": 10}) == "d20 +12 vs DC 10: a total of 10+"
