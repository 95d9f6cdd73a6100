"""nd6-tactical rolls: automatic bands (G3-1, S3-MA-6), saves, opposed rolls (G3-2, S3-KNOCK-4), exact odds."""

from __future__ import annotations

import itertools

import pytest

from game.dice import ScriptedDice
from game.rules.nd6.rolls import (
    AUTO,
    OPPOSED_AUTO,
    RollSpec,
    attack_odds,
    attack_roll,
    auto_result,
    opposed,
    opposed_odds,
    save_odds,
    save_roll,
    sum_counts,
)


def faces(n: int, total: int) -> list[int]:
    """``n`` d6 faces summing to ``total`` (largest first), for scripting a given total."""
    assert n <= total <= 6 * n
    out = []
    left = total
    for i in range(n):
        rest = n - i - 1
        face = min(6, left - rest)
        out.append(face)
        left -= face
    return out


def attack(total: int, target: int, ndice: int = 3) -> dict:
    spec = RollSpec("ann", "attack: eDX", target, "G3-1", dice=ndice)
    dice = ScriptedDice(faces(ndice, total))
    ev = attack_roll(dice, spec)
    assert dice.left == []
    return ev


# -- G3-1 3d6 bands ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("total", "band", "success", "mult"), [
    (3, "triple", True, 3), (4, "double", True, 2), (5, "hit", True, None),
    (16, "miss", False, None), (17, "drop", False, None), (18, "break", False, None),
])
def test_g3_1_three_dice_bands(total, band, success, mult):
    """G3-1: 3 triple, 4 double, 5 hit, 16 miss, 17 drop, 18 break, whatever the target."""
    for target in (2, 10, 20):
        ev = attack(total, target)
        assert ev["auto"] == band
        assert ev["success"] is success
        assert ev["critical"] == ("success" if success else "failure")
        assert ev.get("multiplier") == mult
        assert ev["total"] == total and ev["target"] == target and ev["dice"] == faces(3, total)


def test_g3_1_three_dice_no_band_between():
    """G3-1: 6..15 compare with the target plainly and carry no auto/critical/multiplier."""
    for total in range(6, 16):
        ev = attack(total, 10)
        assert "auto" not in ev and "critical" not in ev and "multiplier" not in ev
        assert ev["success"] is (total <= 10)
        assert ev["margin"] == 10 - total


def test_g3_1_target_20_still_fails_on_16_to_18():
    """G3-1: a target of 20 on 3d6 still misses on 16, 17, 18 (and hits on 15)."""
    assert attack(15, 20)["success"] is True
    for total in (16, 17, 18):
        assert attack(total, 20)["success"] is False


def test_g3_1_target_2_still_hits_on_3_to_5():
    """G3-1: a target of 2 still hits on 3, 4, 5 and misses on 6."""
    for total in (3, 4, 5):
        assert attack(total, 2)["success"] is True
    assert attack(6, 2)["success"] is False
    assert attack(3, 2)["margin"] == -1  # the margin is still target - total


def test_g3_1_exact_target_hits():
    """G3-1: at or under the target: the target itself hits, one more misses."""
    assert attack(11, 11)["success"] is True
    assert attack(12, 11)["success"] is False


# -- G3-1 4d6 bands (defending / dodging target) --------------------------------------------------------

@pytest.mark.parametrize(("total", "band"), [
    (4, "hit"), (5, "hit"), (20, "miss"), (21, "miss"), (22, "drop"), (23, "drop"), (24, "break"),
])
def test_g3_1_four_dice_bands(total, band):
    """G3-1: on 4d6 4-5 hit, 20-21 miss, 22-23 drop, 24 break; no triple/double on 4d6."""
    for target in (3, 12, 30):
        ev = attack(total, target, 4)
        assert ev["auto"] == band
        assert ev["success"] is (band == "hit")
        assert "multiplier" not in ev


def test_g3_1_four_dice_boundaries():
    """G3-1: 6 and 19 on 4d6 are plain rolls (no band)."""
    for total in (6, 19):
        ev = attack(total, 12, 4)
        assert "auto" not in ev
    assert attack(6, 12, 4)["success"] is True
    assert attack(19, 12, 4)["success"] is False
    assert attack(19, 19, 4)["success"] is True


# -- S3-MA-6 5d6 bands ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("total", "band"), [
    (5, "hit"), (24, "miss"), (25, "miss"), (26, "miss"), (27, "drop"), (28, "drop"), (29, "break"),
    (30, "break"),
])
def test_s3_ma_6_five_dice_bands(total, band):
    """S3-MA-6: on 5d6 5 hits; 24-26 miss; 27-28 drop; 29-30 break."""
    for target in (4, 14, 40):
        ev = attack(total, target, 5)
        assert ev["auto"] == band
        assert ev["success"] is (band == "hit")


def test_s3_ma_6_five_dice_boundaries():
    """S3-MA-6: 6 and 23 on 5d6 compare with the target."""
    assert "auto" not in attack(6, 14, 5)
    assert attack(6, 5, 5)["success"] is False
    assert "auto" not in attack(23, 23, 5)
    assert attack(23, 23, 5)["success"] is True


def test_auto_result_lookup_and_bad_dice():
    """G3-1 / S3-MA-6: auto_result reads the table; 2 or 6 dice are not an attack roll."""
    assert auto_result(3, 3) == "triple"
    assert auto_result(4, 24) == "break"
    assert auto_result(5, 26) == "miss"
    assert auto_result(3, 10) is None
    with pytest.raises(ValueError, match="3, 4 or 5 dice"):
        auto_result(6, 6)
    with pytest.raises(ValueError, match="3, 4 or 5 dice"):
        attack_roll(ScriptedDice([1, 1]), RollSpec("a", "x", 10, "G3-1", dice=2))


def test_g3_1_modifiers_and_event_shape():
    """G3-1: the target is base plus modifiers; the event lists them for the log."""
    spec = RollSpec("ann", "attack: eDX", 12, "G3-1").add(-2, "wounded", "G3-18")
    ev = attack_roll(ScriptedDice([4, 4, 3]), spec)
    assert ev["type"] == "roll" and ev["actor"] == "ann" and ev["rule"] == "G3-1"
    assert ev["base"] == 12 and ev["target"] == 10 and ev["total"] == 11
    assert ev["modifiers"] == [{"value": -2, "reason": "wounded", "rule": "G3-18"}]
    assert ev["success"] is False and ev["margin"] == -1


# -- saves --------------------------------------------------------------------------------------------

def test_g3_1_save_has_no_automatic_results():
    """G3-1: "4d6 vs eST" has no bands: 4 fails against a target of 3; 24 succeeds against 24."""
    ev = save_roll(ScriptedDice([1, 1, 1, 1]), RollSpec("bob", "save: eST", 3, "G3-1", dice=4))
    assert ev["success"] is False and "auto" not in ev and "critical" not in ev
    ev = save_roll(ScriptedDice([6, 6, 6, 6]), RollSpec("bob", "save: eST", 24, "G3-1", dice=4))
    assert ev["success"] is True and "auto" not in ev
    ev = save_roll(ScriptedDice([6, 6, 6]), RollSpec("bob", "save: eST", 20, "G3-1"))
    assert ev["success"] is True  # 18 on 3d6 is no automatic failure on a save


def test_s3_knock_4_save_with_given_bands():
    """S3-KNOCK-4: a rule may pass its own automatic numbers to a save."""
    ev = save_roll(ScriptedDice([6, 5, 5]), RollSpec("bob", "ST", 20, "S3-KNOCK-4"), OPPOSED_AUTO)
    assert ev["success"] is False and ev["auto"] == "failure" and ev["critical"] == "failure"


# -- G3-2 opposed rolls ---------------------------------------------------------------------------------

def contest(ta: int, tb: int, xa: int, xb: int) -> dict:
    a = RollSpec("ann", "knock down: eST", ta, "G3-2")
    b = RollSpec("bob", "stand: eST", tb, "G3-2")
    dice = ScriptedDice(faces(3, xa) + faces(3, xb))
    ev = opposed(dice, a, b, "S3-KNOCK-2")
    assert dice.left == []
    assert ev["type"] == "contest" and ev["kind"] == "opposed" and ev["rule"] == "S3-KNOCK-2"
    assert [r["actor"] for r in ev["rolls"]] == ["ann", "bob"]
    return ev


def test_g3_2_success_beats_failure():
    """G3-2: the actor wins by succeeding while the other fails; loses the other way round."""
    assert contest(12, 12, 10, 14)["winner"] == "ann"
    assert contest(12, 12, 14, 10)["winner"] == "bob"


def test_g3_2_both_succeed_bigger_margin_wins():
    """G3-2: both succeed: the actor wins only with the larger margin."""
    ev = contest(12, 10, 8, 9)  # margins 4 vs 1
    assert ev["winner"] == "ann" and ev["margin_of_victory"] == 3
    assert contest(12, 10, 11, 6)["winner"] == "bob"  # margins 1 vs 4


def test_g3_2_equal_margins_keep_status_quo():
    """G3-2: equal margins: the actor does not win; the defender's success holds the status quo."""
    ev = contest(12, 10, 9, 7)  # margins 3 and 3
    assert ev["winner"] == "bob" and ev["margin_of_victory"] == 0


def test_g3_2_both_fail_no_winner():
    """G3-2: both fail: nobody wins, the status quo stays."""
    ev = contest(8, 8, 12, 13)
    assert ev["winner"] is None and ev["margin_of_victory"] == 0


def test_s3_knock_4_auto_bands_for_both():
    """S3-KNOCK-4: 3-5 always succeed, 16-18 always fail, for actor and defender alike."""
    # the actor's 5 succeeds against a target of 2; the defender's 16 fails against 20
    ev = contest(2, 20, 5, 16)
    assert ev["rolls"][0]["success"] is True and ev["rolls"][0]["auto"] == "success"
    assert ev["rolls"][1]["success"] is False and ev["rolls"][1]["auto"] == "failure"
    assert ev["winner"] == "ann"
    # the defender's 3 succeeds against 1; the actor's 18 fails against 25
    ev = contest(25, 1, 18, 3)
    assert ev["winner"] == "bob"
    # both automatic successes: margins compare (2-4 = -2 vs 20-5 = 15)
    assert contest(2, 20, 4, 5)["winner"] == "bob"
    # both automatic failures
    assert contest(20, 20, 17, 16)["winner"] is None
    # 6 and 15 are ordinary
    assert contest(5, 15, 6, 15)["winner"] == "bob"


# -- exact odds --------------------------------------------------------------------------------------------

def brute(ndice: int):
    return itertools.product(range(1, 7), repeat=ndice)


@pytest.mark.parametrize("ndice", [0, 1, 2, 3, 4, 5])
def test_sum_counts_match_enumeration(ndice):
    """sum_counts: ways to roll each total, checked against enumeration."""
    counts = sum_counts(ndice)
    assert len(counts) == 6 * ndice + 1
    assert sum(counts) == 6 ** ndice
    expect = [0] * (6 * ndice + 1)
    for fs in brute(ndice):
        expect[sum(fs)] += 1
    assert list(counts) == expect


@pytest.mark.parametrize("ndice", [3, 4, 5])
def test_g3_1_attack_odds_match_enumeration(ndice):
    """G3-1 / S3-MA-6: attack_odds equal brute-force counts over every face combination; hit + miss = 1."""
    for target in range(0, 6 * ndice + 3, 3 if ndice == 5 else 1):
        odds = attack_odds(ndice, target)
        assert odds["hit"] + odds["miss"] == pytest.approx(1.0)
        counts = dict.fromkeys(odds, 0)
        for fs in brute(ndice):
            total = sum(fs)
            band = AUTO[ndice].get(total)
            ok = band in ("triple", "double", "hit") if band else total <= target
            counts["hit" if ok else "miss"] += 1
            if band in ("triple", "double", "drop", "break"):
                counts[band] += 1
        assert odds == pytest.approx({k: v / 6 ** ndice for k, v in counts.items()})


def test_g3_1_attack_odds_edges():
    """G3-1: even a target of 20 misses 10/216 of the time (16-18); a target of 2 hits 10/216 (3-5)."""
    assert attack_odds(3, 20)["miss"] == pytest.approx(10 / 216)
    assert attack_odds(3, 2)["hit"] == pytest.approx(10 / 216)
    assert attack_odds(3, 2)["triple"] == pytest.approx(1 / 216)
    assert attack_odds(3, 2)["double"] == pytest.approx(3 / 216)
    assert attack_odds(3, 2)["break"] == pytest.approx(1 / 216)
    odds = attack_odds(3, 10)
    odds["hit"] = 99  # a fresh dict: the cache is untouched
    assert attack_odds(3, 10)["hit"] < 1


def test_save_odds_match_enumeration():
    """G3-1: a save is plain total <= target (no bands)."""
    for ndice in (3, 4):
        for target in range(-1, 6 * ndice + 2):
            expect = sum(1 for fs in brute(ndice) if sum(fs) <= target) / 6 ** ndice
            assert save_odds(ndice, target) == pytest.approx(expect)


def test_g3_2_opposed_odds_match_enumeration():
    """G3-2 / S3-KNOCK-4: opposed_odds match a brute-force of both 3d6 rolls; they sum to 1."""
    outcomes = [sum(fs) for fs in brute(3)]
    for ta, tb in [(12, 10), (10, 10), (2, 20), (20, 2), (8, 14), (25, 1)]:
        odds = opposed_odds(ta, tb)
        assert sum(odds.values()) == pytest.approx(1.0)
        n = {"win": 0, "lose": 0, "tie": 0}
        for xa in outcomes:
            oka = OPPOSED_AUTO.get(xa, "success" if xa <= ta else "failure") == "success"
            for xb in outcomes:
                okb = OPPOSED_AUTO.get(xb, "success" if xb <= tb else "failure") == "success"
                if oka and (not okb or ta - xa > tb - xb):
                    n["win"] += 1
                elif okb:
                    n["lose"] += 1
                else:
                    n["tie"] += 1
        assert odds == pytest.approx({k: v / 216 ** 2 for k, v in n.items()})


def test_g3_2_opposed_odds_agree_with_rolls():
    """G3-2: for every pair of totals, the rolled contest's winner is what the odds count."""
    ta, tb = 11, 9
    win = lose = tie = 0
    counts = sum_counts(3)
    for xa in range(3, 19):
        for xb in range(3, 19):
            w = contest(ta, tb, xa, xb)["winner"]
            n = counts[xa] * counts[xb]
            if w == "ann":
                win += n
            elif w == "bob":
                lose += n
            else:
                tie += n
    assert opposed_odds(ta, tb) == pytest.approx({"win": win / 46656, "lose": lose / 46656, "tie": tie / 46656})
