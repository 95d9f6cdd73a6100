"""`clinch simulate`: whole battles computer against computer, text and JSON reports, one-sentence errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_ai_double import DuelRuleset

import game.rules  # noqa: F401  (registers every ruleset: a scenario's ruleset that is missing fails)
from game.ai.simulation import Summary, run_battles, wilson
from game.cli import main as cli
from game.rules.base import RULESETS

ROOT = Path(__file__).resolve().parent.parent
FIXTURE_MAP = ROOT / "tests" / "fixtures" / "maps" / "hex_y_odd_csv.tmx"
ARENA = ROOT / "maps" / "arena.toml"


@pytest.fixture
def duel(monkeypatch, tmp_path):
    """A two-on-two scenario under the test-double ruleset, on a fixture map."""
    monkeypatch.setitem(RULESETS, "duel-double", DuelRuleset)
    path = tmp_path / "duel.toml"
    hexes = {("red", 0): "[0, 0]", ("red", 1): "[0, 1]", ("blue", 0): "[4, 0]", ("blue", 1): "[3, 1]"}
    fighters = "\n".join(
        f'[[fighters]]\nid = "{side[0]}{i}"\nside = "{side}"\nhex = {hexes[side, i]}\nstats = {{ ST = 11, DX = 11 }}\n'
        for side in ("red", "blue") for i in range(2))
    path.write_text(f'map = "{FIXTURE_MAP.as_posix()}"\nruleset = "duel-double"\n'
                    '[[sides]]\nid = "red"\n[[sides]]\nid = "blue"\n' + fighters, encoding="utf-8")
    return path


def run(capsys, *args):
    code = cli(["simulate", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_report_has_the_promised_fields(duel, capsys):
    code, out, err = run(capsys, duel, "--battles", 6, "--seed", 3, "--levels", "hard,easy", "--nodes", 80, "--rounds", 40, "--json")
    assert code == 0, err
    assert err == ""  # no progress bar when stderr is not a terminal: CI logs stay clean
    data = json.loads(out)
    for key in ("battles", "wins", "draws", "mean_rounds", "stuck", "errors", "win_rate", "actions"):
        assert key in data
    assert data["battles"] == 6 and data["errors"] == 0
    assert sum(data["wins"].values()) + data["draws"] == 6
    assert set(data["wins"]) == {"red", "blue"}
    lo, hi = data["win_rate"]["red"]["low"], data["win_rate"]["red"]["high"]
    assert 0 <= lo <= data["win_rate"]["red"]["rate"] <= hi <= 1
    assert all(v["succeeded"] <= v["chosen"] for v in data["actions"].values())
    assert data["levels"] == {"red": "hard", "blue": "easy"}


def test_same_seed_same_bytes(duel, capsys):
    """The same seed and arguments print the same bytes with --no-timing; with timing, the same once the
    ``timing`` key (every wall-clock figure, and only those) is taken out."""
    args = (duel, "--battles", 3, "--seed", 9, "--rounds", 30, "--json", "--jobs", 1)
    a = run(capsys, *args, "--no-timing")[1]
    b = run(capsys, *args, "--no-timing")[1]
    assert a == b and "timing" not in json.loads(a)
    assert "seconds" not in a and "battles_per_s" not in a and "_ms" not in a
    c, d = json.loads(run(capsys, *args)[1]), json.loads(run(capsys, *args)[1])
    for x in (c, d):
        timing = x.pop("timing")
        assert set(timing) >= {"seconds", "battles_per_s", "jobs"} and timing["jobs"] == 1
    assert json.dumps(c, indent=2) + "\n" == a and c == d


def test_jobs_give_the_same_bytes_as_one_process(duel, capsys):
    """Battles spread over two processes, merged in battle order: byte for byte what one process gives
    (each battle's seeds depend only on the run's seed and its index)."""
    args = (duel, "--battles", 5, "--seed", 4, "--rounds", 30, "--levels", "hard,easy", "--mirror", "--nodes", 40,
            "--json", "--no-timing")
    code1, one, err1 = run(capsys, *args, "--jobs", 1)
    code2, two, err2 = run(capsys, *args, "--jobs", 2)
    assert code1 == code2 == 0, err1 + err2
    assert one == two


def test_save_dir_writes_every_battle_loadable(duel, capsys, tmp_path):
    """--save-dir writes one save a battle, named by the run's seed and the battle's index; each loads
    (replayed from its start) into the battle it holds, also battles cut off at the round limit."""
    from game.files.saves import load_game, read_save, state_hash

    folder = tmp_path / "runs" / "saves"
    for rounds in (30, 2):
        code, out, err = run(capsys, duel, "--battles", 3, "--seed", 5, "--rounds", rounds, "--jobs", 2,
                             "--save-dir", folder, "--json", "--no-timing")
        assert code == 0, err
        data = json.loads(out)
        assert data["saved"] == 3
        names = sorted(p.name for p in folder.iterdir())
        assert names == [f"duel-seed5-battle{i:05d}.json" for i in range(3)]
        for path in sorted(folder.iterdir()):
            save = read_save(path)
            ctl = load_game(path)
            assert state_hash(ctl.battle) == save.state_hash
            assert ctl.battle.ended and save.seed == save.initial.rng.seed
            assert save.scenario == str(duel)
        if rounds == 2:
            assert data["stuck"] == 3


def test_save_dir_does_not_change_the_results(duel, capsys, tmp_path):
    args = (duel, "--battles", 2, "--seed", 8, "--rounds", 20, "--json", "--no-timing", "--jobs", 1)
    plain = json.loads(run(capsys, *args)[1])
    saved = json.loads(run(capsys, *args, "--save-dir", tmp_path / "s")[1])
    assert saved.pop("saved") == 2 and saved == plain


def test_saves_pass_check_save(duel, capsys, tmp_path):
    """Each save is one that ``clinch check-save`` finds sound (skipped until that command exists)."""
    from game.cli import COMMANDS

    if "check-save" not in COMMANDS:
        pytest.skip("clinch check-save is not built yet")
    folder = tmp_path / "saves"
    assert run(capsys, duel, "--battles", 2, "--seed", 6, "--rounds", 20, "--jobs", 1, "--save-dir", folder)[0] == 0
    for path in sorted(folder.iterdir()):
        code = cli(["check-save", str(path)])
        out, err = capsys.readouterr()
        assert code == 0, err
        assert "sound" in out


def test_text_report(duel, capsys):
    code, out, _ = run(capsys, duel, "--battles", 4, "--red", "hard", "--blue", "random", "--mirror", "--nodes", 80)
    assert code == 0
    assert "95% [" in out and "rounds: mean" in out and "level hard" in out
    assert "chosen" in out and "succeeded" in out


def test_progress_bar_when_asked(duel, capsys):
    code, _, err = run(capsys, duel, "--battles", 2, "--progress", "always", "--level", "random")
    assert code == 0 and "\r[" in err and "2/2" in err


@pytest.mark.parametrize("args, words", [
    (["no/such/file.toml", "--battles", "1"], "no such file"),
    (["{duel}", "--battles", "0"], "--battles"),
    (["{duel}", "--levels", "hard"], "2 sides"),
    (["{duel}", "--level", "genius"], "unknown level"),
    (["{duel}", "--green", "hard"], "--red, --blue"),
    (["{duel}", "--ruleset", "chess"], "unknown ruleset"),
    (["{duel}", "--jobs", "0"], "--jobs"),
    (["{duel}", "--save-dir", "{duel}"], "not a folder"),
])
def test_bad_input_is_one_sentence_and_exit_2(duel, capsys, args, words):
    args = [str(duel) if a == "{duel}" else a for a in args]
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err, err


def test_a_scenario_the_ruleset_cannot_set_up(capsys):
    code, out, err = run(capsys, ARENA, "--battles", 1, "--ruleset", "edge")  # 3d6 stats under edge
    assert code == 2 and out == "" and err.count("\n") == 1 and "edge" in err


def test_bad_scenario_file(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('map = "nowhere.tmx"\n', encoding="utf-8")
    code, out, err = run(capsys, bad, "--battles", 1)
    assert code == 2 and out == "" and "map" in err and err.count("\n") == 1


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((0.5 - lo) - (hi - 0.5)) < 1e-9
    lo, hi = wilson(100, 100)
    assert abs(hi - 1.0) < 1e-9 and 0.96 < lo < 0.97


def test_summary_counts_errors_and_stuck_battles():
    from game.ai.driver import BattleResult

    s = Summary(sides=["red", "blue"], levels={"red": "easy", "blue": "easy"})
    s.add(BattleResult(winner="red", rounds=5), {"red": "easy", "blue": "easy"})
    s.add(BattleResult(stuck=True, rounds=200), {"red": "easy", "blue": "easy"})
    s.add(BattleResult(error="boom", rounds=3), {"red": "easy", "blue": "easy"})
    d = s.to_dict()
    assert (d["battles"], d["wins"]["red"], d["draws"], d["stuck"], d["errors"]) == (3, 1, 1, 1, 1)


def test_round_limit_marks_battles_stuck(duel):
    from game.files.maps import load_scenario

    battle = load_scenario(duel)
    s = run_battles(battle, DuelRuleset(), {"red": "random", "blue": "random"}, 2, round_limit=2)
    assert s.stuck == 2 and s.errors == 0 and s.rounds == [2, 2]


def test_arena_smoke(capsys):
    code, out, _ = run(capsys, ARENA, "--battles", 2, "--level", "easy", "--json", "--check")
    data = json.loads(out)
    assert code == 0 and data["errors"] == 0 and data["battles"] == 2
