"""nd6-tactical damage: the progression (S3-DMG-1..5), parsing, rolling, odds, the unarmed ST table (S3-UNARMED-3..8)."""

from __future__ import annotations

import itertools

import pytest

from game.dice import DiceError, ScriptedDice
from game.rules.nd6.damage import (
    COLUMN_STEPS,
    COLUMNS,
    Dmg,
    average,
    distribution,
    parse,
    roll,
    unarmed_table,
)

# S3-UNARMED-3, as printed in the checklist: ST rows x (Damage, HTH, brass knuckles, 1-h club, 2-h club/knife)
TABLE = {
    (0, 8): ("1d6-4", "1d6-3", "1d6-2", "1d6-1", "1d6"),
    (9, 10): ("1d6-3", "1d6-2", "1d6-1", "1d6", "1d6+1"),
    (11, 12): ("1d6-2", "1d6-1", "1d6", "1d6+1", "1d6+2"),
    (13, 14): ("1d6-1", "1d6", "1d6+1", "1d6+2", "1d6+3"),
    (15, 16): ("1d6", "1d6+1", "1d6+2", "1d6+3", "2d6-2"),
    (17, 20): ("1d6+1", "1d6+2", "1d6+3", "2d6-2", "2d6-1"),
    (21, 24): ("1d6+2", "1d6+3", "2d6-2", "2d6-1", "2d6"),
    (25, 30): ("1d6+3", "2d6-2", "2d6-1", "2d6", "2d6+1"),
}


# -- S3-UNARMED-3..8 ---------------------------------------------------------------------------------------

def test_s3_unarmed_3_every_row_and_column():
    """S3-UNARMED-3: every ST of every row gives the printed damage in every column."""
    assert COLUMNS == ("base", "hth", "brass_hth", "club1", "club2")
    for (low, high), row in TABLE.items():
        for st in range(low, high + 1):
            for column, text in zip(COLUMNS, row, strict=True):
                assert str(unarmed_table(st, column)) == text, (st, column)


def test_s3_unarmed_3_weak_fighters_use_the_first_row():
    """S3-UNARMED-3: the first row is "8 or less": ST 1 and even 0 punch for 1d6-4."""
    assert unarmed_table(1, "base") == Dmg(1, -4)
    assert unarmed_table(-3, "club2") == Dmg(1, 0)


@pytest.mark.parametrize(("column", "k", "rule"), [
    ("hth", 1, "S3-UNARMED-4"), ("club2", 4, "S3-UNARMED-5"), ("brass_hth", 2, "S3-UNARMED-6"),
    ("club1", 3, "S3-UNARMED-7"), ("club2", 4, "S3-UNARMED-7"),
])
def test_s3_unarmed_4_to_7_columns_are_base_plus_k(column, k, rule):
    """S3-UNARMED-4..7: HTH +1, knife in HTH +4, brass knuckles +2, clubs +3/+4 over base; each table row
    equals base.plus(k), so the table and the progression (S3-DMG-1) agree (G3-15)."""
    assert COLUMN_STEPS[column] == k
    for st in range(0, 41):
        assert unarmed_table(st, column) == unarmed_table(st, "base").plus(k), (rule, st)


def test_s3_unarmed_8_rock_is_base_damage():
    """S3-UNARMED-8 / S3-IMPROV-7: a thrown rock does the "Damage" column for the thrower's ST."""
    assert unarmed_table(12, "base") == parse("1d6-2")
    assert unarmed_table(25, "base") == parse("1d6+3")


def test_s3_dmg_5_g3_15_table_wins():
    """S3-DMG-5 / G3-15: ST 10 punches for 1d6-3 (the table), NOT the progression-by-ST's 2d6-2;
    ST 14 for 1d6-1, not 2d6+2."""
    assert unarmed_table(10, "base") == Dmg(1, -3)
    assert unarmed_table(10, "base") != Dmg(2, -2)
    assert Dmg(0, 10).plus(0) == Dmg(2, -2)  # what S3-DMG-5's reading would give
    assert unarmed_table(14, "base") == Dmg(1, -1)


def test_unarmed_above_st_30_ruling():
    """ND6-1 (S3-UNARMED-3 stops at 30): one more step per 4 ST, or part of 4, beyond 30."""
    assert unarmed_table(30, "base") == Dmg(1, 3)
    assert unarmed_table(31, "base") == Dmg(2, -2)
    assert unarmed_table(34, "base") == Dmg(2, -2)
    assert unarmed_table(35, "base") == Dmg(2, -1)
    assert unarmed_table(31, "club2") == Dmg(2, 2)
    assert unarmed_table(54, "base") == Dmg(2, 3)
    assert unarmed_table(55, "base") == Dmg(3, -2)


def test_unarmed_bad_column():
    """S3-UNARMED-3: an unknown column is one clear sentence listing the columns."""
    with pytest.raises(ValueError, match="not one of base, hth, brass_hth, club1, club2"):
        unarmed_table(10, "sword")


# -- S3-DMG-1..4 progression -------------------------------------------------------------------------------

def test_s3_dmg_1_steps_one_at_a_time():
    """S3-DMG-1: +1 at a time from 1 point: 1 point, 2 points, 1d6-3 .. 1d6+3, 2d6-2 .. 2d6+1 (six per die)."""
    seq = [Dmg(0, 1)]
    for _ in range(12):
        seq.append(seq[-1].plus(1))
    assert [str(d) for d in seq] == [
        "1 point", "2 points", "1d6-3", "1d6-2", "1d6-1", "1d6", "1d6+1", "1d6+2", "1d6+3",
        "2d6-2", "2d6-1", "2d6", "2d6+1",
    ]


def test_s3_dmg_1_two_points_is_1d6_minus_4():
    """S3-DMG-1: "2 points (= 1d6-4)": the same step; stepping down from dice keeps the roll (1d6-4, ND6-2)."""
    assert Dmg(0, 2).step == Dmg(1, -4).step == 2
    assert Dmg(1, -3).plus(-1) == Dmg(1, -4)
    assert Dmg(1, -4).plus(1) == Dmg(1, -3)
    assert Dmg(0, 1).plus(1) == Dmg(0, 2)


def test_s3_dmg_2_cusp_prefers_fewer_dice():
    """S3-DMG-2: at the +3/-3 cusp the fewer dice with +3: 1d6+2 +1 is 1d6+3 (not 2d6-3), 2d6+2 +1 is 2d6+3."""
    assert Dmg(1, 2).plus(1) == Dmg(1, 3)
    assert Dmg(2, 2).plus(1) == Dmg(2, 3)
    assert Dmg(2, -3).plus(0) == Dmg(1, 3)
    assert Dmg(3, -3).plus(0) == Dmg(2, 3)
    assert Dmg(1, 3).plus(1) == Dmg(2, -2)


def test_s3_dmg_3_worked_examples():
    """S3-DMG-3: 1d6+3 with +4 is 1d6+7, carried over the cusp to 2d6+1; 1d6-3 with +4 is 1d6+1."""
    assert Dmg(1, 3).plus(4) == Dmg(2, 1)
    assert Dmg(1, 7).plus(0) == Dmg(2, 1)
    assert Dmg(1, -3).plus(4) == Dmg(1, 1)


def test_s3_dmg_4_progression_table():
    """S3-DMG-4: the table, rows +1..+6 from each of 0, 1, 2, 3 dice."""
    table = {
        Dmg(0, 0): ["1 point", "2 points", "1d6-3", "1d6-2", "1d6-1", "1d6"],
        Dmg(1, 0): ["1d6+1", "1d6+2", "1d6+3", "2d6-2", "2d6-1", "2d6"],
        Dmg(2, 0): ["2d6+1", "2d6+2", "2d6+3", "3d6-2", "3d6-1", "3d6"],
        Dmg(3, 0): ["3d6+1", "3d6+2", "3d6+3", "4d6-2", "4d6-1", "4d6"],
    }
    for start, row in table.items():
        assert [str(start.plus(k)) for k in range(1, 7)] == row


def test_s3_dmg_1_plus_is_additive_and_negative_steps():
    """S3-DMG-1: n steps at once = n single steps; minus steps walk back; below 1 point is 0 (ND6-2)."""
    for d in (Dmg(1, -4), Dmg(1, 0), Dmg(2, 3), Dmg(3, -2)):
        for n in range(-3, 8):
            one = d
            for _ in range(abs(n)):
                one = one.plus(1 if n > 0 else -1)
            assert d.plus(n).step == one.step == max(0, d.step + n)
    assert Dmg(2, 0).plus(-3) == Dmg(1, 3)
    assert Dmg(1, -3).plus(-2) == Dmg(0, 1)
    assert Dmg(1, -3).plus(-5) == Dmg(0, 0)


def test_dmg_str_and_validation():
    """Dmg's text: "2d6-1", "1d6", "1 point", "2 points"; no negative dice or negative points."""
    assert str(Dmg(2, -1)) == "2d6-1"
    assert str(Dmg(1, 0)) == "1d6"
    assert str(Dmg(3, 2)) == "3d6+2"
    assert str(Dmg(0, 1)) == "1 point"
    assert str(Dmg(0, 2)) == "2 points"
    with pytest.raises(ValueError):
        Dmg(-1, 0)
    with pytest.raises(ValueError):
        Dmg(0, -2)


# -- parse -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "dmg"), [
    ("2d6+1", Dmg(2, 1)), ("1d6-4", Dmg(1, -4)), ("3d6", Dmg(3, 0)), ("2", Dmg(0, 2)), ("d6", Dmg(1, 0)),
    ("1 point", Dmg(0, 1)), ("2 points", Dmg(0, 2)), (" 2D6 + 2 ", Dmg(2, 2)), ("1d6\u22122", Dmg(1, -2)),
])
def test_parse_accepts(text, dmg):
    """parse reads the item-data forms; str() gives them back (round trip)."""
    assert parse(text) == dmg
    assert parse(str(dmg)) == dmg


@pytest.mark.parametrize(("text", "why"), [
    ("", "not a damage expression"), ("sword", "not a damage expression"), ("2d6+", "not a damage expression"),
    ("1.5", "not a damage expression"), ("-2", "not a damage expression"), ("2d8", "d8"),
    ("0d6", "no dice"), ("1000d6", "at most"), (3, "as text"),
])
def test_parse_rejects_with_one_sentence(text, why):
    """parse: junk is a ValueError naming the text and what was wrong."""
    with pytest.raises(ValueError, match=why) as err:
        parse(text)
    assert "\n" not in str(err.value)


# -- roll and distribution ---------------------------------------------------------------------------------

def test_roll_scripted_and_floor():
    """roll: the faces and max(0, sum + adds); 1d6-4 on a 2 does 0, not -2."""
    assert roll(ScriptedDice([5, 3]), Dmg(2, -1)) == ([5, 3], 7)
    assert roll(ScriptedDice([2]), Dmg(1, -4)) == ([2], 0)
    assert roll(ScriptedDice([6]), Dmg(1, -4)) == ([6], 2)
    dice = ScriptedDice([])
    assert roll(dice, Dmg(0, 2)) == ([], 2)  # fixed points roll nothing
    assert dice.used == []
    with pytest.raises(DiceError, match="damage 3d6"):
        roll(ScriptedDice([1, 2]), Dmg(3, 0))


@pytest.mark.parametrize("d", [Dmg(0, 1), Dmg(1, -4), Dmg(1, -2), Dmg(1, 0), Dmg(2, -1), Dmg(3, 2), Dmg(4, -3)])
def test_distribution_exact_sums_to_one_floored(d):
    """distribution: exact (brute force), sums to 1, nothing below 0; average agrees."""
    dist = distribution(d)
    assert sum(dist.values()) == pytest.approx(1.0)
    assert min(dist) >= 0
    expect: dict[int, int] = {}
    for fs in itertools.product(range(1, 7), repeat=d.dice):
        hits = max(0, sum(fs) + d.adds)
        expect[hits] = expect.get(hits, 0) + 1
    assert dist == pytest.approx({k: v / 6 ** d.dice for k, v in expect.items()})
    assert average(d) == pytest.approx(sum(k * p for k, p in dist.items()))


def test_distribution_floor_piles_up_at_zero():
    """1d6-4: four faces of six do nothing; the floor puts them all at 0."""
    dist = distribution(Dmg(1, -4))
    assert dist == pytest.approx({0: 4 / 6, 1: 1 / 6, 2: 1 / 6})
    dist[0] = 5  # a fresh dict: the cache is untouched
    assert distribution(Dmg(1, -4))[0] == pytest.approx(4 / 6)
