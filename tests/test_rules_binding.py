"""Issue 27 (binding): an action is handed the ruleset it plays by (``check(battle, rules)``,
``resolve(battle, dice, rules)``, ``Resolution.rules``) instead of finding it again by id, and the nd6 modules
reach the ones above them through hooks those fill in as they load, not through imports inside functions."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from helpers_3d6 import duo

from game.dice import ScriptedDice
from game.hexgrid import Hex
from game.model import Battle, Fighter
from game.rules import find_ruleset
from game.rules.base import Reason
from game.rules.nd6 import combat, effects
from game.rules.threed6.lite import ThreeD6Lite
from game.rules.threed6.maneuvers import Attack, DoNothing

ROOT = Path(__file__).resolve().parent.parent


class _Handed(ThreeD6Lite):
    """An unregistered variant: only a caller that hands it in can make an action ask it."""

    seen: list = []

    def maneuver_reason(self, battle, actor, action):  # noqa: ANN001, ANN201
        return Reason("the handed ruleset refuses", "G0-4")

    def after_action(self, r, actor, action):  # noqa: ANN001, ANN201
        self.seen.append(r.rules)


def test_G0_4_a_maneuver_asks_the_ruleset_it_is_handed_not_the_registry():
    """G0-4's shared maneuver checks come from the ruleset handed to ``check``; without one, the battle's own."""
    b = duo()
    act = Attack("ann", target="bob")
    handed = act.check(b, _Handed())
    assert handed is not None and handed.text == "the handed ruleset refuses"
    assert act.check(b) != handed  # the registry's 3d6-lite has no such refusal


def test_G0_4_resolve_carries_the_handed_ruleset_in_its_resolution():
    """The Resolution an action plays through carries the handed ruleset (``r.rules``): the rules read it there."""
    b = duo()
    rs = _Handed()
    _Handed.seen = []
    DoNothing("ann").resolve(b, ScriptedDice([]), rs)
    assert _Handed.seen == [rs]


@pytest.mark.parametrize("ruleset_id", ["3d6-lite", "3d6-full", "d20", "nd6-tactical"])
def test_an_intent_naming_a_missing_fighter_gets_one_sentence(ruleset_id: str):
    """Every family refuses an actor the battle lacks with ``base.no_fighter``'s sentence (kind ``unknown``)."""
    rs = find_ruleset(ruleset_id)
    b = Battle(ruleset=ruleset_id, fighters=[Fighter(id="ann", side="red", hex=Hex(0, 0))])
    cls = rs.actions.get("do_nothing") or rs.actions["wait"]
    why = cls(actor="zed").check(b, rs)
    assert why is not None and (why.text, why.kind) == ("There is no fighter 'zed'.", "unknown")


def test_every_nd6_attack_moment_is_ruled_on_by_a_module():
    """combat's hooks (weapons, hth, fire, shotgun, flamer, ranged, autofire) are all filled once the rules load."""
    owners = {name: combat.hook(name).__module__ for name in combat.HOOK_NAMES}
    assert all(callable(combat.hook(name)) for name in combat.HOOK_NAMES)
    assert owners["after_fire_hit"] == "game.rules.nd6.fire" and owners["shoot"] == "game.rules.nd6.ranged"
    assert owners["bursts"] == "game.rules.nd6.autofire" and owners["adjust_plan"] == "game.rules.nd6.weapons"


def test_S3_FIRE_11_board_effect_owners_act_fires_first_then_grenades_then_clouds():
    """The rounds' upkeep runs fire (S3-FIRE-11's burn-down), grenades, then smoke, whatever order they loaded in."""
    assert [o.start_round.__module__ for o in effects._OWNERS] == [
        "game.rules.nd6.fire", "game.rules.nd6.grenades", "game.rules.nd6.smoke"]


def test_no_rules_module_finds_its_ruleset_again_by_id():
    """Inside game/rules only ``base`` reads the registry (``find_ruleset``, ``rules_of``): the rest are handed it."""
    offenders = []
    for path in sorted((ROOT / "game" / "rules").rglob("*.py")):
        if path.name == "base.py" and path.parent.name == "rules":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name in ("find_ruleset", "ruleset_for", "rules_of") and "rules_of(battle, rules)" not in ast.unparse(node):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, ast.Subscript) and getattr(node.value, "id", None) == "RULESETS":
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders, offenders


@pytest.mark.parametrize("ruleset_id", ["3d6-lite", "3d6-full", "d20", "edge", "nd6-tactical"])
def test_a_rounds_phases_are_the_rulesets_data_and_its_turn_order_runs_them(ruleset_id: str):
    """S4-PHASE-1, G3-3: the phases a ruleset declares are the ones its turn order's cursor steps through, in
    order, and each phase's ``ends`` is one of the ruleset's methods (what happens when the phase ends)."""
    rs = find_ruleset(ruleset_id)
    policy = rs.initiative()
    ran = tuple(getattr(policy, "phases", ()) or ())
    assert tuple(p.name for p in rs.phases) == ran
    assert all(callable(getattr(rs, p.ends)) for p in rs.phases if p.ends)


def test_S3_GRENADE_8_only_the_end_of_the_last_sides_movement_ends_the_movement_phase():
    """G3-3: one side's movement step ending while another side still moves ends no phase; leaving the movement
    phase for the actions ends it (its fuses go off, S3-GRENADE-8)."""
    rs = find_ruleset("nd6-tactical")
    policy = rs.initiative()
    b = Battle(ruleset="nd6-tactical", state={"initiative": {"policy": policy.name, "phase": "movement"}})
    assert policy.phase_ended(b, ["movement", "red"]) is None
    b.state["initiative"]["phase"] = "action"
    assert policy.phase_ended(b, ["movement", "blue"]) == "movement"
    assert [p.ends for p in rs.phases if p.name == "movement"] == ["movement_ended"]


def test_S4_PHASE_1_the_phase_gate_reads_the_phase_data_of_the_ruleset_it_is_handed():
    """S4-PHASE-1: which phases an action acts in is the ruleset's ``Phase(..., actions=...)`` data, nowhere else:
    the registered d20 refuses a brawl in the movement phase, naming the phase its data gives; a variant whose
    movement phase also offers the brawl, handed to ``check``, lets it through."""
    from d20_helpers import RS, field, man

    from game.rules.base import Phase
    from game.rules.d20.ruleset import D20Ruleset

    class _BrawlAnywhere(D20Ruleset):
        phases = tuple(Phase(p.name, p.ends, p.actions + ("brawl",) if p.name == "movement" else p.actions)
                       for p in D20Ruleset.phases)

    b = field(man("a", "red", 5, 5, 0), man("t", "blue", 6, 5, 3))
    b.state["initiative"] = {"phase": "movement"}
    brawl = RS.action_from_dict({"actor": "a", "type": "brawl", "target": "t"})
    why = brawl.check(b, RS)
    assert why is not None and (why.text, why.rule) == ("Brawl belongs to the hand-to-hand phase, not movement.",
                                                        "S4-PHASE-1")
    assert RS.phases_of("brawl") == ("hand-to-hand",)
    assert _BrawlAnywhere().phases_of("brawl") == ("movement", "hand-to-hand")
    assert brawl.check(b, _BrawlAnywhere()) is None


@pytest.mark.parametrize(("ruleset_id", "action_type", "phases"), [
    ("nd6-tactical", "move_order", ("choose",)), ("nd6-tactical", "charge", ("movement",)),
    ("nd6-tactical", "dodge", ("movement", "action")), ("edge", "release", ("grapple", "misc")),
    ("edge", "face", ("ranged", "movement", "melee", "grapple", "magic", "misc")), ("3d6-lite", "attack", ()),
])
def test_G3_3_G1_4_an_action_types_phases_come_from_its_rulesets_phase_data(ruleset_id, action_type, phases):
    """G3-3, G1-4: nd6 and edge say in their ``Phase`` data which phase offers which action (a type named by no
    phase, like edge's face, is open all round); 3d6 declares no phases, so nothing waits for one."""
    assert find_ruleset(ruleset_id).phases_of(action_type) == phases
