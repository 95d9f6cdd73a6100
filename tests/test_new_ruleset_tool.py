"""tools/new_ruleset.py writes a starter ruleset that imports, registers and passes the ruleset contract.

Why: "a ruleset is one folder" must hold for a newcomer's first folder too: the starter brings its actions,
its rule IDs (``rule_ids.txt``), their rules help and stat blocks for the soak, and the contract checks of
tests/test_ruleset_contract.py pass on it with nothing outside the folder changed. The starter is written
into a temporary folder and registered in this process only; the registry is put back afterwards, so
other tests (in this worker too) never see it.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import test_ruleset_contract as contract

import game.rules  # noqa: F401  (registers every shipped ruleset first)
from game.ai.soak import run_soak, soak_template
from game.flow.turns import TurnController
from game.rules.base import RULESETS, find_ruleset
from game.rules.rule_ids import rule_ids

ROOT = Path(__file__).resolve().parents[1]
NAME = "starter_probe"


def _tool():
    spec = importlib.util.spec_from_file_location("new_ruleset", ROOT / "tools" / "new_ruleset.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """The starter written to a temporary folder, imported (which registers it); undone afterwards."""
    base = tmp_path_factory.mktemp("starter")
    folder, scenario = _tool().write_starter(NAME, base / "pkgs", base / "maps")
    before = dict(RULESETS)
    sys.path.insert(0, str(base / "pkgs"))
    try:
        importlib.import_module(NAME)
        yield folder, scenario
    finally:
        sys.path.remove(str(base / "pkgs"))
        RULESETS.clear()
        RULESETS.update(before)
        for mod in [m for m in sys.modules if m == NAME or m.startswith(NAME + ".")]:
            del sys.modules[mod]


@pytest.fixture(scope="module")
def sample(starter: tuple[Path, Path]):
    rs = find_ruleset(NAME)
    ctl = TurnController(soak_template(NAME), rs, dice="seeded")
    assert ctl.battle.current is not None
    return rs, ctl


def test_the_starter_registers_from_its_own_folder(starter: tuple[Path, Path]) -> None:
    folder, _ = starter
    rs = find_ruleset(NAME)
    assert rs.folder() == folder.resolve()
    assert rule_ids(rs) == {"S9": ["S9-ROLL-1", "S9-ATTACK-1", "S9-GRAPPLE-1", "S9-MOVE-1"]}
    # its presentation (briefing, menu letters) is in the same folder, apart from its rules
    assert (folder / "presentation.py").is_file()
    assert type(rs.presentation).__module__ == f"{NAME}.presentation" and rs.presentation.briefing
    assert rs.roster_path() == (folder / "roster.toml").resolve()  # the builder's ready-made fighters


@pytest.mark.parametrize("check", [
    contract.test_every_action_type_round_trips_through_its_dict_form,
    contract.test_legal_actions_and_odds_work_on_the_sample_battle,
    contract.test_headline_names_an_outcome_odds_returns,
    contract.test_the_hooks_answer_with_their_declared_shapes,
    contract.test_the_last_side_standing_ends_the_battle,
    contract.test_the_ai_finds_the_rulesets_hints,
    contract.test_the_action_menu_finds_the_rulesets_letters_order_and_map_actions,
    contract.test_the_invariants_and_the_soak_find_the_rulesets_facts,
    contract.test_every_presentation_answers_with_its_declared_shapes,
], ids=lambda f: f.__name__.removeprefix("test_"))
def test_the_starter_passes_the_ruleset_contract(sample, check) -> None:
    check(sample)


def test_a_starter_soak_battle_plays_through(starter: tuple[Path, Path]) -> None:
    report = run_soak(NAME, 1, seed=3, level="easy", nodes=4, midpoint_every=0)
    assert report.battles == 1 and report.clean, report.messages


def test_the_starter_rules_help_covers_its_rule_ids(starter: tuple[Path, Path]) -> None:
    from game.ui.rules_help import help_for

    rs = find_ruleset(NAME)
    helps = help_for(rs)
    for rid in rule_ids(rs)["S9"]:
        assert helps.lookup(rid) is not None, rid


def test_the_starter_scenario_loads(starter: tuple[Path, Path], tmp_path: Path) -> None:
    from game.files.maps import load_scenario

    _, scenario = starter
    here = tmp_path / scenario.name  # beside a copy of the arena map, as it is in maps/
    here.write_text(scenario.read_text(encoding="utf-8"), encoding="utf-8")
    for name in ("arena.tmx", "terrain.tsx", "terrain.png"):
        (tmp_path / name).write_bytes((ROOT / "maps" / name).read_bytes())
    battle = load_scenario(here)
    assert battle.ruleset == NAME and len(battle.fighters) == 4


def test_the_tool_refuses_a_bad_name_or_an_existing_folder(tmp_path: Path, capsys) -> None:
    tool = _tool()
    assert tool.main(["Bad-Name", "--rules", str(tmp_path), "--maps", str(tmp_path)]) == 2
    assert "lower-case identifier" in capsys.readouterr().err
    (tmp_path / "taken").mkdir()
    assert tool.main(["taken", "--rules", str(tmp_path), "--maps", str(tmp_path)]) == 2
    assert "already exists" in capsys.readouterr().err


def test_a_ruleset_without_a_translation_is_refused_by_compare_in_one_sentence(starter: tuple[Path, Path]) -> None:
    """translation.py is optional: the starter has none, and translating into it says so instead of failing."""
    from game.teaching.translate import TranslationError, translate

    assert find_ruleset(NAME).translation() is None
    spec = {"ruleset": "3d6-lite", "fighters": [{"id": "a", "side": "r", "hex": [0, 0]}]}
    with pytest.raises(TranslationError, match="has no translation"):
        translate(spec, NAME)
