"""Words around names the player wrote (issue 15, "Words"): possessives, agreement, names as written.

No rule is implemented here; the contest wording cites S1-MENU-1 (the edge a contest carries).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.files.maps import load_scenario
from game.ui.describe import contest_line, contest_verdict
from game.wording import is_plural, possessive, verb, win_words

ROOT = Path(__file__).resolve().parent.parent
ARENA_EDGE = ROOT / "maps" / "arena_edge.toml"


@pytest.mark.parametrize(("name", "plural"), [
    ("The Sailors", True), ("Caravan Guards", True), ("Bandits", True), ("The Locals", True),
    ("Red", False), ("Red Company", False), ("Blue Brotherhood", False), ("Westmarch Levy", False),
    ("Marcus", False), ("The Boss", False), ("Iris", False), ("", False), ("7", False),
])
def test_plural_side_names_are_told_from_singular_ones(name: str, plural: bool) -> None:
    assert is_plural(name) is plural


def test_possessives_of_plural_and_singular_names() -> None:
    assert possessive("The Sailors") == "The Sailors'"
    assert possessive("Red") == "Red's"
    assert possessive("Red Company") == "Red Company's"
    assert possessive("Marcus") == "Marcus's"
    assert possessive("Lars", plural=False) == "Lars's"  # a fighter is one person, whatever the name
    assert "s's" not in possessive("Caravan Guards")


def test_the_winner_agrees_with_its_name_and_keeps_its_capitals() -> None:
    assert win_words("Caravan Guards") == "Caravan Guards win!"
    assert win_words("Red") == "Red wins!"
    assert win_words("The Sailors") == "The Sailors win!"
    assert win_words("McAllister Clan") == "McAllister Clan wins!"
    assert verb("Bandits", "is", "are") == "are"


def test_a_contest_winner_never_wins_with_a_negative_edge_nor_shouts() -> None:
    """S1-MENU-1: a contest's edge is the actor's points minus the defender's; the defender who wins by 1
    wins "with edge 1", not "WINS WITH EDGE -1", and its name stays as written."""
    b = load_scenario(ARENA_EDGE)
    defender = b.fighters[1]
    ev = {"type": "contest", "kind": "grapple", "edge": -1, "winner": defender.id,
          "rolls": [{"actor": b.fighters[0].id, "label": "grapple", "margin": -1, "success": False},
                    {"actor": defender.id, "label": "grapple", "margin": 1, "success": True}]}
    assert contest_verdict(b, ev) == f"{defender.label} wins with edge 1"
    assert "-1" not in contest_verdict(b, ev)
    assert defender.label in contest_line(b, ev)


def test_the_end_of_battle_message_agrees_with_a_plural_side() -> None:
    """The turn controller's end-of-battle sentence (shown on the end screen) for "Caravan Guards"."""
    from game.flow.turns import TurnController

    b = load_scenario(ROOT / "maps" / "arena_d20.toml")
    winner = b.sides[0]
    assert winner.name == "Caravan Guards"
    for f in b.fighters:
        if f.side != winner.id:
            f.conditions.append("dead")
    tc = TurnController(b)
    got = tc.flow.battle_over(b)
    assert got is not None and got[0] == winner.id
    assert got[1].startswith("Caravan Guards win:")


WORDING_FILES = [*sorted((ROOT / "game" / "ui").rglob("*.py")), ROOT / "game" / "flow" / "undo.py",
                 ROOT / "game" / "flow" / "steps.py"]


def test_no_screen_builds_a_possessive_or_a_verb_by_hand_around_a_side_name() -> None:
    """Sentences of the screens put ``'s`` or ``wins`` after a name only through game.wording."""
    bad = re.compile(r"side_name\([^)]*\)\}'s|side_name\([^)]*\)\} wins|\{f\.label\}'s turn")
    hits = [f"{p.relative_to(ROOT)}:{i}" for p in WORDING_FILES
            for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if bad.search(line)]
    assert hits == []


def test_no_engine_talk_in_player_facing_text() -> None:
    """ "the engine takes none, as a sensible player would" is how the code thinks, not what a player reads."""
    for p in [*(ROOT / "game" / "rules").rglob("*.py"), *(ROOT / "game" / "ui").rglob("*.py")]:
        text = p.read_text(encoding="utf-8")
        assert "as a sensible player would\"" not in text and "as a sensible player would'" not in text, p
        assert "the engine takes {" not in text, p


def test_a_3d6_attack_roll_reads_as_a_phrase_not_a_run_of_names() -> None:
    """G0-5: the attack roll's label says who is attacked with what: "attack Edda with the broadsword
    (Broadsword)", never "broadsword Edda: Broadsword" (shown after "Ann: " in the dice pop-up)."""
    from game.rules.base import rules_of as ruleset_for
    from game.rules.threed6.maneuvers import strike_spec

    b = load_scenario(ROOT / "maps" / "arena.toml")
    ann = b.fighter("ann")
    foe = next(f for f in b.fighters if f.side != ann.side)
    rs = ruleset_for(b)
    label = strike_spec(b, rs, ann, foe, "broadsword", "torso").label
    assert label == f"attack {foe.label} with the broadsword (Broadsword)"
    punch = strike_spec(b, rs, ann, foe, None, "torso").label
    assert punch.startswith(f"punch {foe.label} (") and ":" not in punch


def test_a_charts_shares_of_a_whole_add_up_to_100_percent() -> None:
    """Issue 18's odds charts: three equal outcomes read 34% + 33% + 33%, not 33% x 3 or 34% x 3 (each rounded
    alone, a chart showed 101%); "<1%" and ">99%" still stand for what may happen; bars that are not a whole
    (edge's "edge >= k" ladder) are each rounded alone."""
    from hypothesis import given
    from hypothesis import strategies as st

    from game.wording import percents

    assert percents([1 / 3, 1 / 3, 1 / 3]) == ["34%", "33%", "33%"]
    assert percents([0.686, 0.236, 0.078]) == ["69%", "23%", "8%"]  # each alone: 69 + 24 + 8 = 101
    assert percents([0.995, 0.005]) == [">99%", "<1%"]
    assert percents([0.9, 0.5, 0.2]) == ["90%", "50%", "20%"]  # not a whole

    @given(st.lists(st.integers(min_value=0, max_value=1000), min_size=1, max_size=8).filter(lambda xs: sum(xs) > 0))
    def whole(weights: list[int]) -> None:
        ps = [w / sum(weights) for w in weights]
        shown = percents(ps)
        nums = [int(s.strip("<>%")) if s[0] not in "<>" else (0 if s[0] == "<" else 100) for s in shown]
        exact = [int(s.rstrip("%")) for s in shown if s[0] not in "<>"]
        assert len(exact) < len(shown) or sum(exact) == 100
        assert all(abs(n - p * 100) < 1 for n, p in zip(nums, ps))

    whole()
