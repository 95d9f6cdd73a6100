"""Issue 18: each ruleset fills its main actions' hover words from its own folder (``*/action_words.py``),
over the generic rolls, chart and foe's side built from its odds. Read through ``Presentation.action_words`` on
the situations in ``tests/fixtures/situations`` (the same files ``clinch resolve`` runs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.files.situation import load_situation
from game.rules.action_words import ActionWords

SITUATIONS = Path(__file__).resolve().parent / "fixtures" / "situations"


def options(name: str):
    sit = load_situation(SITUATIONS / name)
    b = sit.battle
    actor = sit.actions[0].actor
    return sit.ruleset, b, [o.action for o in sit.ruleset.legal_actions(b, actor) if o.reason is None]


def first(actions, kind, **fields):
    return next(a for a in actions if a.type == kind and all(getattr(a, k, None) == v for k, v in fields.items()))


@pytest.mark.parametrize("path", sorted(p for p in SITUATIONS.glob("*.json") if not p.name.endswith(".expect.json")),
                         ids=lambda p: p.stem)
def test_every_allowed_action_of_every_situation_has_words(path):
    """Every allowed action says something: a cost at least; a contest's, an attack's or an edge's chart
    shares add up to 1; the chance of the whole is between 0 and 1."""
    rs, b, acts = options(path.name)
    for a in acts[:40]:
        w = rs.presentation.action_words(b, a)
        assert isinstance(w, ActionWords) and w.costs, a
        if w.chart and w.chart_kind in ("contest", "attack", "ladder"):  # (other outcomes may overlap)
            assert sum(p for _, p in w.chart) == pytest.approx(1.0, abs=1e-6), (a, w.chart)
        if w.whole is not None:
            assert 0.0 <= w.whole <= 1.0 + 1e-9


def test_s0_break_4_a_3d6_grab_says_what_it_opens_and_what_a_second_hand_buys():
    """S0-BREAK-4, S0-HOLD-5, S0-LOC-5: the grab's hover names the two-hand +5 and what the location opens;
    an all-out grab costs every defence (G0-4)."""
    rs, b, acts = options("grapple_takedown_lite.json")
    one = rs.presentation.action_words(b, first(acts, "grapple", location="torso", hands=1))
    two = rs.presentation.action_words(b, first(acts, "grapple", location="torso", hands=2))
    head = rs.presentation.action_words(b, first(acts, "grapple", location="head", hands=1))
    allout = rs.presentation.action_words(b, first(acts, "grapple", maneuver="all_out_attack"))
    assert any("+5" in n and "S0-BREAK-4" in n for n in one.notes)
    assert any("Two hands" in n for n in two.notes)
    assert any("takedown" in n and "S0-HOLD-5" in n for n in one.notes)
    assert any("strangle" in n for n in head.notes)
    assert "no defence" in allout.costs


def test_g0_7_at_0_hp_the_ht_roll_comes_first_and_counts_in_the_whole():
    """G0-7: a fighter at 0 HP rolls HT before acting; the hover lists that roll first and the whole is the
    product of every roll."""
    rs, b, acts = options("grapple_takedown_lite.json")
    a = first(acts, "grapple", location="torso", hands=1)
    before = rs.presentation.action_words(b, a)
    b.fighter(a.actor).hp = 0
    after = rs.presentation.action_words(b, a)
    assert after.rolls[0][0].startswith("HT to stay conscious") and len(after.rolls) == len(before.rolls) + 1
    assert after.whole == pytest.approx(after.rolls[0][1] * before.whole)
    assert "G0-7" in after.rules


def test_3d6_full_cites_its_own_rule_ids():
    """The detailed rules read the lighter rules' IDs through their rule_map (S0 -> S2)."""
    rs, b, acts = options("break_free_full.json")
    w = rs.presentation.action_words(b, first(acts, "grapple"))
    text = " ".join((w.does, w.costs, *w.notes))
    assert "S2-" in text and "S0-BREAK-4" not in text


def test_s4_wrestle_1_d20_wrestle_and_a_punch_with_its_damage_spread():
    """S4-WRESTLE-1: the d20 wrestle says it is a melee attack roll and what the foe may do next; S4-BRAWL-1:
    a punch's 1d3 subduing damage drawn as three equal columns."""
    rs, b, acts = options("d20_wrestle_escape.json")
    w = rs.presentation.action_words(b, first(acts, "wrestle"))
    assert "S4-WRESTLE-1" in w.does and "S4-WRESTLE-4" in w.costs
    punch = rs.presentation.action_words(b, first(acts, "brawl"))
    assert [v for v, _ in punch.damage] == [1, 2, 3] and punch.damage[0][1] == pytest.approx(1 / 3)


def test_s1_menu_1_an_edge_roll_charts_each_edge_and_says_what_it_buys():
    rs, b, acts = options("edge_pin_then_escape.json")
    w = rs.presentation.action_words(b, first(acts, "grapple_roll"))
    assert w.chart_kind == "ladder" and [label for label, _ in w.chart][:2] == ["below 0", "0"]
    assert w.foe == (("bob wins the roll", w.chart[0][1]), ("bob loses it", pytest.approx(1 - w.chart[0][1])))
    assert "S1-GRAPPLE-2" in w.does and "S1-GRAPPLE-5" in w.does  # the edge buys a result


def test_g3_1_an_nd6_blow_shows_its_damage_spread_and_s3_hth_9_entry_odds_add_up():
    """G3-1: an nd6 attack's hover carries the spread of its damage expression; S3-HTH-9: trying HTH charts
    enter / repelled / the defender's free hit, adding up to 1."""
    rs, b, acts = options("nd6_hth_riposte.json")
    w = rs.presentation.action_words(b, first(acts, "attack"))
    assert w.damage and sum(p for _, p in w.damage) == pytest.approx(1.0)
    hth = rs.presentation.action_words(b, first(acts, "hth"))
    assert [label for label, _ in hth.chart] == ["enter", "repelled", "hit by the defender"]
    assert "S3-HTH-6" in hth.costs


def test_g0_6_a_3d6_strike_charts_its_damage_and_a_strong_all_out_attack_adds_two():
    """G0-6: a strike's hover draws the spread of its damage dice before DR; the strong all-out attack's
    +2 moves the whole spread up by two (before the floor at 0)."""
    rs, b, acts = options("grapple_takedown_lite.json")
    plain = rs.presentation.action_words(b, first(acts, "all_out_attack", option="determined"))
    strong = rs.presentation.action_words(b, first(acts, "all_out_attack", option="strong"))
    assert plain.damage and sum(p for _, p in plain.damage) == pytest.approx(1.0)
    assert max(v for v, _ in strong.damage) == max(v for v, _ in plain.damage) + 2
    assert "G0-6" in strong.damage_label


def test_s2_break_2_break_free_names_the_holders_two_hand_bonus():
    """S2-BREAK-2 (S0-BREAK-4 in the lighter rules): breaking free of a two-handed grip, the hover says the
    holder gets +5, and what winning gives (S2-BREAK-8)."""
    rs, b, acts = options("break_free_full.json")
    w = rs.presentation.action_words(b, first(acts, "break_free"))
    assert any("+5" in n and "S2-BREAK-2" in n for n in w.notes)
    assert any("S2-BREAK-8" in n for n in w.notes)
    assert [label for label, _ in w.chart] == ["win", "tie", "lose"]


def test_s3_slam_3_a_slam_is_two_rolls_and_the_whole_is_their_product():
    """S3-SLAM-2, S3-SLAM-3: hit first, then the foe rolls under its ST; the hover lists both in order and the
    chance of the whole (the foe knocked down) is their product; the chart splits down / up / miss."""
    rs, b, acts = options("nd6_hth_riposte.json")
    w = rs.presentation.action_words(b, first(acts, "slam"))
    (_, hit), (_, fails) = w.rolls
    assert w.whole == pytest.approx(hit * fails)
    assert [label for label, _ in w.chart] == ["foe knocked down", "hit, foe stays up", "miss"]
    assert sum(p for _, p in w.chart) == pytest.approx(1.0)
