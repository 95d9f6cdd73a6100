"""The d10 pool of edge (G1-1, S1-GRAPPLE-5): exact distributions checked against brute-force enumeration."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from game.dice import ScriptedDice
from game.rules.edge.pool import (
    PoolSpec,
    clamp,
    die_counts,
    edge_distribution,
    edge_odds,
    need,
    odds_text,
    opposed,
    p_point,
    points_distribution,
    roll_pool,
)


def brute_points(pool: int, mod: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    total = 10 ** pool
    for faces in product(range(1, 11), repeat=pool):
        k = sum(1 for f in faces if die_counts(f, mod))
        out[k] = out.get(k, Fraction(0)) + Fraction(1, total)
    return out


@pytest.mark.parametrize("mod", range(-7, 8))
def test_G1_1_one_die_counts_on_face_plus_modifier_six_or_more(mod):
    """G1-1: 6+ after the per-die modifier; -5 fails outright, +5 always counts; clamped beyond."""
    counted = [f for f in range(1, 11) if die_counts(f, mod)]
    m = clamp(mod)
    assert Fraction(len(counted), 10) == p_point(mod)
    if m <= -5:
        assert counted == [] and need(mod) is None
    elif m >= 5:
        assert counted == list(range(1, 11)) and need(mod) == 1
    else:
        assert counted == list(range(6 - m, 11)) and need(mod) == 6 - m


@pytest.mark.parametrize("pool", range(0, 5))
@pytest.mark.parametrize("mod", [-5, -3, -2, -1, 0, 1, 2, 4, 5])
def test_G1_1_points_distribution_is_exact(pool, mod):
    got = {k: p for k, p in points_distribution(pool, mod).items() if p}
    assert got == brute_points(pool, mod)
    assert sum(points_distribution(pool, mod).values()) == 1


@pytest.mark.parametrize(("a", "ma", "b", "mb"), [
    (3, 0, 3, 0), (4, 0, 3, 0), (3, -2, 3, 0), (2, 1, 3, -1), (4, -1, 2, -5), (1, 5, 3, 2), (0, 0, 2, 0),
])
def test_S1_GRAPPLE_5_edge_distribution_matches_enumeration(a, ma, b, mb):
    """S1-GRAPPLE-5, G1-2: edge = my points - opponent's points, enumerated over every pair of rolls."""
    brute: dict[int, Fraction] = {}
    pa, pb = brute_points(a, ma), brute_points(b, mb)
    for x, px in pa.items():
        for y, py in pb.items():
            brute[x - y] = brute.get(x - y, Fraction(0)) + px * py
    assert edge_distribution(a, ma, b, mb) == dict(sorted(brute.items()))
    odds = edge_odds(a, ma, b, mb)
    for k, p in odds.items():
        assert p == sum((q for e, q in brute.items() if e >= k), Fraction(0))


def test_S1_MENU_1_odds_text_for_the_action_menu():
    """S1-MENU-1: the menu shows what each row costs: ``edge >= 1: 34%, >= 2: 11%, >= 3: 2%`` for 3 vs 3."""
    assert odds_text(edge_odds(3, 0, 3, 0, ks=(1, 2, 3))) == "edge >= 1: 34%, >= 2: 11%, >= 3: 2%"
    assert odds_text({1: 0.54, 2: 0.31, 3: 0.14}) == "edge >= 1: 54%, >= 2: 31%, >= 3: 14%"


def test_G1_1_roll_event_carries_pool_modifier_faces_points():
    spec = PoolSpec("ann", "grapple roll: Strength", 4, "S1-GRAPPLE-2", stat="STR")
    spec.add(-2, "no free hand", "S1-HAND-1").add(-4, "pinned", "S1-PIN-2")
    ev = roll_pool(ScriptedDice([10, 10, 1, 5]), spec)
    assert ev["pool"] == 4 and ev["modifier"] == -5 and ev["modifier_raw"] == -6
    assert ev["dice"] == [10, 10, 1, 5] and ev["points"] == ev["total"] == 0 and ev["automatic"] == "failure"
    assert [m["rule"] for m in ev["modifiers"]] == ["S1-HAND-1", "S1-PIN-2"]


def test_S1_GRAPPLE_2_opposed_contest_carries_edge():
    a = PoolSpec("ann", "grapple roll", 3, "S1-GRAPPLE-2")
    b = PoolSpec("bob", "resist", 2, "S1-GRAPPLE-2")
    c = opposed(ScriptedDice([6, 7, 5, 9, 2]), a, b, "S1-GRAPPLE-2")
    assert c["edge"] == 1 and c["winner"] == "ann" and [r["points"] for r in c["rolls"]] == [2, 1]
    c = opposed(ScriptedDice([6, 1, 1, 9, 2]), a, b, "S1-GRAPPLE-2")
    assert c["edge"] == 0 and c["winner"] is None
