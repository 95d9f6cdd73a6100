"""Every shipped scenario under its own ruleset: random legal battles replay from their log exactly.

This catches a ruleset that changes the battle outside its events, rolls
dice the controller does not see, or depends on anything but battle + faces.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from game.files.saves import Replay, load_game, save_game, state_hash
from game.flow.turns import TurnController
from game.rules.base import UnknownRuleset, find_ruleset

MAPS = Path(__file__).resolve().parent.parent / "maps"
SCENARIOS = sorted(MAPS.glob("*.toml"))

maps = pytest.importorskip("game.files.maps")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_random_battles_on_each_scenario_replay_exactly(path, tmp_path):
    ruleset = tomllib.loads(path.read_text()).get("ruleset", "3d6-lite")
    try:
        find_ruleset(ruleset)
    except UnknownRuleset:
        pytest.fail(f"{path.name}: the ruleset {ruleset!r} is not registered")
    for seed in range(3):
        b = maps.load_scenario(path)
        b.rng.seed = seed
        ctl = TurnController(b, ruleset)
        rng = random.Random(seed)
        for _ in range(60):
            if ctl.is_over():
                break
            r = ctl.submit(rng.choice([o.action for o in ctl.legal_actions() if o.legal]))
            assert r.ok, r.reason
        saved = save_game(ctl, tmp_path / f"{path.stem}-{seed}.json")
        assert state_hash(load_game(saved).battle) == state_hash(b), (ruleset, seed)
        assert state_hash(Replay.from_save(saved).to_end()) == state_hash(b)
