"""Exact 3d6 probabilities (G0-1, G0-2, G0-3) against brute-force enumeration of the faces."""

import itertools
from fractions import Fraction

import pytest

from game import dice as D
from game.rules.common import RollSpec, quick_contest, regular_contest, roll_under

ALL = list(itertools.product(range(1, 7), repeat=3))


class _Fixed:
    """A dice source that returns given faces (for replaying every combination)."""

    def __init__(self, faces):
        self.faces = list(faces)
        self.used = []

    def roll(self, count, sides, purpose="", rule=""):
        out, self.faces = self.faces[:count], self.faces[count:]
        return out


def _roll(target, faces):
    return roll_under(_Fixed(faces), RollSpec("a", "test", target, "G0-1"))


@pytest.mark.parametrize("t", range(-2, 22))
def test_G0_1_success_and_criticals_match_enumeration(t):
    """G0-1: success chance and critical chances equal the count over all 216 faces."""
    events = [_roll(t, f) for f in ALL]
    assert D.success_chance(t) == pytest.approx(sum(e["success"] for e in events) / 216, abs=1e-12)
    cs, cf = D.critical_chances(t)
    assert cs == pytest.approx(sum(e.get("critical") == "success" for e in events) / 216, abs=1e-12)
    assert cf == pytest.approx(sum(e.get("critical") == "failure" for e in events) / 216, abs=1e-12)
    assert D.p_3d6_at_most(t) == pytest.approx(sum(sum(f) <= t for f in ALL) / 216, abs=1e-12)


def test_G0_1_known_values():
    """G0-1: 3-4 always succeed, 17-18 always fail; P(3d6 <= 10) = 1/2."""
    assert D.p_3d6_at_most(10) == 0.5
    assert D.success_chance(-5) == 4 / 216  # only 3 and 4
    assert D.success_chance(25) == 1 - 4 / 216  # 17 and 18 fail
    assert D.critical_chances(16) == (20 / 216, 1 / 216)  # 3-6 are critical; only 18 fumbles at 16
    assert sum(D.THREE_D6_COUNTS.values()) == 216


@pytest.mark.parametrize("ta,tb", [(10, 10), (12, 17), (5, 16), (7, 0)])
def test_G0_2_quick_contest_and_margin_of_victory_match_enumeration(ta, tb):
    """G0-2: win/tie/lose and the signed margin of victory over all 46,656 face pairs."""
    counts: dict[int, int] = {}
    for fa in ALL:
        for fb in ALL:
            c = quick_contest(_Fixed(fa + fb), RollSpec("a", "a", ta, "x"), RollSpec("b", "b", tb, "x"), "G0-2")
            mov = c["margin_of_victory"] if c["winner"] == "a" else -c["margin_of_victory"] if c["winner"] else 0
            counts[mov] = counts.get(mov, 0) + 1
    dist = D.margin_of_victory_distribution(ta, tb)
    assert {k: Fraction(v).limit_denominator(46656) for k, v in dist.items()} == \
        {k: Fraction(v, 46656) for k, v in counts.items() if v}
    win, tie, lose = D.quick_contest_odds(ta, tb)
    assert win == pytest.approx(sum(v for k, v in counts.items() if k > 0) / 46656, abs=1e-12)
    assert tie == pytest.approx(counts.get(0, 0) / 46656, abs=1e-12)
    assert lose == pytest.approx(sum(v for k, v in counts.items() if k < 0) / 46656, abs=1e-12)


@pytest.mark.parametrize("ta,tb,lower", [(10, 12, True), (17, 12, True), (17, 12, False)])
def test_G0_3_regular_contest_matches_enumeration(ta, tb, lower):
    """G0-3: one exchange; with the lower-to-14 flag both targets drop so the higher is 14."""
    n = {"a": 0, None: 0, "b": 0}
    for fa in ALL:
        for fb in ALL:
            c = regular_contest(_Fixed(fa + fb), RollSpec("a", "a", ta, "x"), RollSpec("b", "b", tb, "x"), "G0-3",
                                lower_to_14=lower)
            n[c["winner"]] += 1
    win, tie, lose = D.regular_contest_odds(ta, tb, lower)
    assert (win, tie, lose) == pytest.approx((n["a"] / 46656, n[None] / 46656, n["b"] / 46656), abs=1e-12)
