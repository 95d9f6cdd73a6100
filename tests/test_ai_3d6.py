"""The computer opponent under the real 3d6-full rules: it breaks a choke hold, goes to a choked friend's help,
and at bay defends with what it has.

The same behaviours are tested against the test-double ruleset in test_ai.py; these positions check that the
hard level finds them through the real engine (a break free from a choke hold wins about one time in ten, and
must still beat doing nothing). Positions start through the turn controller, so the turn order is real.
Sixteen seeds each: a search that samples dice makes a choice now and then that a person might argue with,
but never leaves a choked fighter doing nothing as a habit.
"""

from __future__ import annotations

from collections import Counter

import pytest
from helpers_full import battle, fighter, grip

from game.ai import Opponent
from game.flow.turns import TurnController, TurnSettings
from game.hexgrid import Hex, hex_distance
from game.rules.base import find_ruleset

RS = find_ruleset("3d6-full")
SEEDS = range(16)


def start(*fighters, grapples=()):
    b = battle(*fighters, grapples=grapples, turn=0, round=1)
    RS.setup(b)
    ctl = TurnController(b, RS, dice="seeded", seat={"red": "ai", "blue": "ai"},
                         settings=TurnSettings(autosave_dir=None))
    return b, ctl


def choked(*extra):
    """ann (red, DX 12: she acts first) has bob's choke hold on her neck; bob is as strong as she is."""
    return start(*extra, fighter("ann", "red", (0, 0), stats={"DX": 12}), fighter("bob", "blue", (0, 0), facing=3),
                 grapples=(grip("bob", "ann", "neck", 2, "choke_hold"),))


def test_breaks_free_from_a_choke_hold():
    """S2-CHOKE-1, S0-BREAK-1: choked, it tries to break free (a long shot, the best it has) or fights back."""
    chosen = Counter()
    for seed in SEEDS:
        b, ctl = choked()
        assert ctl.whose_turn() == "ann"
        d = Opponent("hard", budget_ms=None, nodes=500, seed=seed).decide(b, RS, "ann")
        chosen[d.action.type] += 1
        if d.action.type == "break_free":
            assert d.action.target == "bob" and 0 < d.chosen.odds["win"] < 0.25  # it knew the odds it took
    assert chosen["break_free"] >= 12, chosen
    assert chosen["do_nothing"] <= 1, chosen


def test_goes_to_the_help_of_a_choked_friend():
    """A friend three hexes away closes on the foe who chokes its side's fighter, striking as it arrives."""
    for seed in SEEDS:
        b, ctl = choked(fighter("cara", "red", (3, 0), facing=3, stats={"DX": 13}))
        assert ctl.whose_turn() == "cara"
        d = Opponent("hard", budget_ms=None, nodes=500, seed=seed).decide(b, RS, "cara")
        to = getattr(d.action, "to", None)
        assert to is not None and hex_distance(Hex(*to), b.fighter("bob").hex) <= 1, d.explain()
        assert getattr(d.action, "target", None) in ("bob", None), d.explain()


def test_a_long_shot_is_sampled_until_it_shows_itself():
    """Six samples of a one-in-ten chance all fail about half the time; the hard level samples such an
    action further (up to 32), so its score includes the rare success, and it outranks doing nothing."""
    b, _ = choked()
    d = Opponent("hard", budget_ms=None, nodes=500, seed=5).decide(b, RS, "ann")
    assert d.action.type == "break_free", d.explain()
    assert d.chosen.samples > 6
    assert all(c.score <= d.chosen.score for c in d.alternatives)


def judoka_at_bay():
    """ann (3 HP of 12, bare-handed, Judo 16: her parry far beats her dodge) faces bob's broadsword; bob acts
    next."""
    return start(fighter("ann", "red", (0, 0), facing=0, stats={"DX": 14}, skills={"Judo": 16}, hp=3),
                 fighter("bob", "blue", (1, 0), facing=3, stats={"ST": 13}, skills={"Broadsword": 15},
                         hands={"right": "broadsword", "left": None}))


def test_beaten_it_defends_with_what_it_has_or_strikes_never_idles():
    """G0-4 All-Out Defense: at bay, the hard level raises the defence it would really use (a parry, not a
    dodge it would never make), or strikes first; it never waits for the blow. The variants of a quiet action
    face the same expected reply, and a reply tied in two rolls is rolled more (the foe's blow is not taken
    for a feint or for doing nothing because both rolls missed)."""
    chosen = Counter()
    for seed in SEEDS:
        b, ctl = judoka_at_bay()
        assert ctl.whose_turn() == "ann"
        d = Opponent("hard", budget_ms=None, nodes=500, seed=seed).decide(b, RS, "ann")
        a = d.action
        chosen[a.type if a.type != "all_out_defense" else f"aod:{a.defense}"] += 1
    assert chosen["do_nothing"] + chosen["face"] + chosen["wait"] == 0, chosen
    assert chosen["aod:dodge"] + chosen["aod:block"] == 0, chosen
    assert chosen["aod:parry"] >= 3, chosen


@pytest.mark.parametrize("position", ["choked", "judoka"])
def test_the_log_never_shows_an_alternative_better_than_the_choice(position):
    """The hard level compares like with like (first looks, look-aheads, replies rolled eight times): no
    alternative it reports outscores what it chose."""
    for seed in range(8):
        if position == "choked":
            b, _ = choked(fighter("cara", "red", (3, 0), facing=3, stats={"DX": 13}))
            fid = "cara"
        else:
            b, _ = judoka_at_bay()
            fid = "ann"
        d = Opponent("hard", budget_ms=None, nodes=500, seed=seed).decide(b, RS, fid)
        assert all(c.score <= d.score + 1e-9 for c in d.alternatives), d.explain()



def test_a_foe_past_minus_hp_is_worth_hurting_until_it_is_out():
    """G0-7: a fighter below -1xHP who only waits never rolls to stay conscious and dies only at -5xHP or on a
    failed HT roll at each multiple, so it still fights. Each hp it loses down there is worth something to its foes
    (the hp share stopped at -1 made every blow at it worth nothing: under a short thinking budget the hard level
    stood beside a held foe at -4xHP doing nothing, and a battle against a side that only waited was drawn at the
    round limit, seen under Xvfb), and it stays worth less than the same foe out of the fight."""
    from game.ai.evaluate import Evaluator
    from game.ai.weights import weights_for

    def dealt(hp, out=False):
        b, _ = start(fighter("ann", "red", (0, 0)), fighter("bob", "blue", (1, 0), facing=3, posture="prone", hp=hp))
        if out:
            b.fighter("bob").conditions.append("unconscious")
        return Evaluator(b, RS, "red", weights_for(RS.id)).parts(b)["dealt"]

    values = [dealt(hp) for hp in (-5, -10, -20, -30, -40, -50, -60)]
    assert values == sorted(values) and len(set(values[1:])) == len(values) - 1, values
    assert dealt(-60, out=True) > values[-1]
