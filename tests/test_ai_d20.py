"""The computer opponent plays d20 sensibly (issue 7): charges, set spears, fighting withdrawals, holds.

Small scripted positions on an open field (no initiative state: every phase's actions are open), the hard
level with a node budget (deterministic), and whole battles on the three d20 scenarios.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from d20_helpers import RS, field, man

from game.ai.driver import play_battle
from game.ai.opponent import Opponent, mix
from game.ai.simulation import make_players
from game.model import Grapple

MAPS = Path(__file__).resolve().parent.parent / "maps"


def hard(b, fid, nodes=600, seed=0):
    return Opponent("hard", budget_ms=None, nodes=nodes, seed=seed).decide(b, RS, fid)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_charges_down_a_clear_lane_with_a_spear(seed):
    """S4-CHARGE-1..8: a spear, a foe 25' away over open ground: charge (+2, double damage), not a walk."""
    b = field(man("a", "red", 2, 5, 0, right="spear", items=["leather"]),
              man("b", "blue", 7, 5, 3, right="longsword", items=["leather"]))
    d = hard(b, "a", seed=seed)
    assert d.action is not None and d.action.type == "charge", d.explain()
    assert d.action.target == "b"


def test_no_charge_without_a_suitable_weapon_but_it_still_closes_in():
    """S4-CHARGE-4: a longsword cannot charge; the fighter walks up instead of standing still."""
    b = field(man("a", "red", 2, 5, 0, right="longsword", items=["leather"]),
              man("b", "blue", 9, 5, 3, right="longsword", items=["leather"]))
    d = hard(b, "a")
    assert d.action is not None and d.action.type in ("move", "run"), d.explain()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_sets_a_spear_against_a_foe_with_a_charge_lane(seed):
    """S4-SET-1: a spearman in chain (20', it cannot charge 45') faces a spearman on foot 50' away who can:
    it braces its spear (double damage on the charger first) rather than walk into the charge or idle."""
    b = field(man("s", "red", 3, 5, 0, right="spear", items=["chain"]),
              man("r", "blue", 13, 5, 3, right="spear"))
    d = hard(b, "s", seed=seed)
    assert d.action is not None and d.action.type == "set_vs_charge", d.explain()


def test_a_beaten_fighter_backs_away_in_a_fighting_withdrawal():
    """S4-DEFMOVE-3: at 1 HP between two fresh foes it backs off without turning its back (no parting shots
    at +2, S4-DEFMOVE-2), never by a plain move away."""
    b = field(man("a", "red", 5, 5, 3, right="longsword", items=["leather"], stats={"HP": 8}),
              man("b", "blue", 4, 5, 0, right="longsword", items=["chain"], stats={"HP": 30}),
              man("c", "blue", 4, 6, 0, right="longsword", items=["chain"], stats={"HP": 30}))
    b.fighter("a").hp = 1
    d = hard(b, "a")
    assert d.action is not None and d.action.type == "fighting_withdrawal", d.explain()


@pytest.mark.parametrize("seed", [0, 1])
def test_held_it_escapes_or_fights_back(seed):
    """S4-HELD-1 / S4-WRESTLE-4: held, it tries to escape or hits its holder; it never idles."""
    b = field(man("a", "red", 5, 5, 0, stats={"HP": 8}), man("t", "blue", 6, 5, 3, stats={"STR": 15}))
    b.grapples.append(Grapple(holder="t", target="a", kind="hold", hands=2))
    b.fighter("t").hex = b.fighter("a").hex
    d = hard(b, "a", seed=seed)
    assert d.action is not None, d.explain()
    assert d.action.type == "escape" or getattr(d.action, "target", None) == "t", d.explain()


def test_holding_a_foe_it_keeps_working_it():
    """S4-HOLD-1: the holder's unarmed blow is automatic: it uses the hold instead of letting go or idling."""
    b = field(man("a", "red", 6, 5, 0, stats={"STR": 15, "HP": 10}), man("t", "blue", 6, 5, 3, stats={"HP": 8}))
    b.grapples.append(Grapple(holder="a", target="t", kind="hold", hands=2))
    d = hard(b, "a")
    assert d.action is not None and d.action.type not in ("release", "do_nothing", "defend"), d.explain()


@pytest.mark.parametrize("scenario", ["arena_d20.toml", "tavern_d20.toml", "outdoor_d20.toml"])
def test_d20_scenario_battles_end_with_a_winner(scenario):
    """Whole battles computer against computer on each d20 scenario end with a winner inside its round limit
    (no error, no draw at the limit)."""
    from game.files.maps import load_scenario
    from game.rules.base import find_ruleset

    b0 = load_scenario(MAPS / scenario)
    rs = find_ruleset(b0.ruleset)
    limit = int(b0.options.get("round_limit", 30))
    levels = {s.id: "hard" for s in b0.sides}
    for i in range(2):
        b = b0.clone(with_log=False)
        b.rng.seed = mix(7, i, "battle")
        b.rng.counter = 0
        res = play_battle(b, rs, make_players(levels, seed=mix(7, i), nodes=160), round_limit=limit)
        assert res.error is None, res.error
        assert res.winner is not None and not res.stuck, (scenario, i, res.rounds, dict(res.chosen))
