"""``clinch rulesets|actions|items|conditions``: text by default, ``--json`` for machines, exit 2 on one line."""

from __future__ import annotations

import json

import pytest
import resolve_double  # noqa: F401  (registers the test-double ruleset)

from game.cli import main
from game.rules.base import RULESETS


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rulesets_lists_every_registered_ruleset(capsys):
    code, out, err = run(capsys, "rulesets", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert [r["id"] for r in data] == sorted(RULESETS)
    double = next(r for r in data if r["id"] == "test-double")
    assert double == {"id": "test-double", "name": "Test double", "source_text": "none", "sections": []}
    code, text, _ = run(capsys, "rulesets")
    assert code == 0
    assert text.splitlines()[0].split() == ["id", "text", "sections", "name"]
    assert any(line.startswith("test-double ") and line.endswith("Test double") for line in text.splitlines())


def test_actions_come_from_the_dataclasses(capsys):
    code, out, _ = run(capsys, "actions", "test-double", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["ruleset"] == "test-double"
    by_type = {a["type"]: a for a in data["actions"]}
    assert sorted(by_type) == ["all_out", "break_free", "move", "pin", "roll", "shout", "wait"]
    assert by_type["roll"]["fields"] == [
        {"name": "actor", "type": "str", "required": True},
        {"name": "count", "type": "int", "default": 3, "required": False},
        {"name": "sides", "type": "int", "default": 6, "required": False},
    ]
    assert by_type["move"]["fields"][1] == {"name": "to", "type": "tuple[int, int]", "default": [0, 0],
                                            "required": False}
    assert by_type["roll"]["description"].startswith("Roll ``count`` dice")
    assert by_type["wait"]["description"] == ""  # the dataclass's generated signature is not shown
    code, text, _ = run(capsys, "actions", "test-double")
    assert code == 0
    assert "break_free  (Break free)" in text
    assert "    count: int = 3" in text
    assert "    actor: str (required)" in text


def test_items_and_conditions(capsys):
    code, out, _ = run(capsys, "items", "test-double", "--json")
    assert code == 0
    assert json.loads(out) == {"ruleset": "test-double", "items": [
        {"id": "knife", "name": "Knife", "kind": "weapon"}, {"id": "rope", "name": "Rope", "kind": "gear"}]}
    code, out, _ = run(capsys, "conditions", "test-double", "--json")
    assert json.loads(out)["conditions"][1] == {"name": "stunned", "description": "cannot act"}
    code, text, _ = run(capsys, "conditions", "test-double")
    assert "stunned    cannot act" in text
    code, text, _ = run(capsys, "items", "test-double")
    assert text.splitlines()[0] == "knife  Knife  (kind=weapon)"


@pytest.mark.parametrize("command", ["actions", "items", "conditions"])
def test_unknown_ruleset_is_exit_2_on_one_line(capsys, command):
    code, out, err = run(capsys, command, "nope")
    assert (code, out) == (2, "")
    assert err.startswith(f"clinch {command}: unknown ruleset 'nope' (known: ") and err.count("\n") == 1


@pytest.mark.parametrize("command", ["actions", "items", "conditions"])
def test_a_missing_ruleset_is_exit_2_on_one_line(capsys, command):
    code, out, err = run(capsys, command)
    assert (code, out) == (2, "")
    assert err.startswith(f"clinch {command}: which ruleset?") and err.count("\n") == 1


def test_bad_option_is_exit_2_on_one_line(capsys):
    code, out, err = run(capsys, "rulesets", "--yaml")
    assert (code, out) == (2, "")
    assert err.startswith("clinch rulesets: unrecognized arguments: --yaml") and err.count("\n") == 1


@pytest.mark.parametrize("ruleset", ["3d6-lite", "3d6-full"])
def test_the_3d6_rulesets_list_the_fixed_action_types(capsys, ruleset):
    """SITUATION-FORMAT.md fixes these type names for both 3d6 rulesets."""
    import game.rules  # noqa: F401  (registers every ruleset)

    assert ruleset in RULESETS, f"{ruleset} is not registered"
    code, out, _ = run(capsys, "actions", ruleset, "--json")
    assert code == 0
    types = {a["type"] for a in json.loads(out)["actions"]}
    fixed = {"move", "face", "change_posture", "attack", "ready", "release", "wait", "do_nothing",
             "all_out_attack", "move_and_attack", "grapple", "break_free", "takedown", "pin", "wrestle_weapon",
             "force_drop", "drag", "throw_away", "evaluate", "feint", "aim", "concentrate"}
    if ruleset == "3d6-full":
        fixed |= {"strangle", "choke_hold", "arm_lock", "arm_lock_damage", "wrench_limb"}
    assert fixed <= types, sorted(fixed - types)
    for command in ("items", "conditions"):
        code, out, _ = run(capsys, command, ruleset, "--json")
        assert code == 0 and json.loads(out)[command]
