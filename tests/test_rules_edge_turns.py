"""The edge ruleset under the turn controller: G1-4's phases, S1-GRAPPLE-3's grapple step, seeded battles."""

from __future__ import annotations

import random

from edge_helpers import battle, fighter, grip

from game.flow.turns import TurnController
from game.model import Side


def arena():
    b = battle(fighter("ann", "red", (0, 0), hands={"right": "tomahawk", "left": None}, items=["rope"]),
               fighter("bob", "blue", (3, 0), hands={"right": "mace", "left": None}),
               fighter("cat", "red", (0, 2)), fighter("dan", "blue", (3, 2), hands={"right": "spear", "left": "spear"}))
    b.sides = [Side(id="red"), Side(id="blue")]
    return b


def test_G1_4_a_seeded_battle_runs_through_the_phases():
    """G1-4, S1-GRAPPLE-3: the controller plays edge's phases; every submitted legal option is accepted."""
    rng = random.Random(7)
    tc = TurnController(arena(), "edge", dice="seeded")
    seen: list[str] = []
    for _ in range(250):
        if tc.battle.ended:
            break
        phase = tc.battle.state["initiative"]["phase"]
        if not seen or seen[-1] != phase:
            seen.append(phase)
        opts = [o for o in tc.legal_actions() if o.legal]
        assert all(o.action.type in ("face", "wait", "do_nothing") or tc.ruleset.phase_reason(tc.battle, o.action.type)
                   is None for o in opts)
        strong = [o for o in opts if o.action.type in ("enter_grapple", "grapple_roll", "attack")]
        moves = [o for o in opts if o.action.type == "move"]
        pick = rng.choice(strong or moves or [o for o in opts if o.action.type == "do_nothing"])
        result = tc.submit(pick.action)
        assert result.ok, (pick.action, result.reason)
    assert {"movement", "melee", "grapple"} <= set(seen)
    order = ["ranged", "movement", "melee", "grapple", "magic", "misc"]
    first_round = seen[: seen.index("movement", 1)] if seen.count("movement") > 1 else seen
    assert first_round == sorted(first_round, key=order.index)


def test_G1_4_out_of_phase_actions_are_refused():
    """G1-4: in the movement phase an attack is refused with the phase as the reason."""
    b = arena()
    tc = TurnController(b, "edge", dice="seeded")
    assert tc.battle.state["initiative"]["phase"] == "movement"
    fid = tc.whose_turn()
    attack = tc.ruleset.action_from_dict({"type": "attack", "actor": fid, "target": "bob"})
    result = tc.submit(attack)
    assert result.rejected and result.reason.rule == "G1-4"


def test_S1_GRAPPLE_4_grapple_step_initiator_first_under_the_controller():
    """S1-GRAPPLE-4: with the grapple begun by bob, bob's grapple-step turn comes before ann's."""
    b = battle(fighter("ann", "red", (0, 0)), fighter("bob", "blue", (1, 0)), grapples=(grip("bob", "ann"),))
    b.sides = [Side(id="red"), Side(id="blue")]
    tc = TurnController(b, "edge", dice="seeded")
    assert (tc.battle.state["initiative"]["phase"], tc.whose_turn()) == ("grapple", "bob")
    tc.end_turn()
    assert (tc.battle.state["initiative"]["phase"], tc.whose_turn()) == ("grapple", "ann")
