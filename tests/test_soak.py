"""Soak: 200 seeded computer-vs-computer battles per registered ruleset, played to the end.

Every step is checked (``game.ai.invariants``, after every event of every
step): grips between fighters who exist and stand where the ruleset says
(same hex in 3d6, adjacent in edge), no more hands holding than arms, a
pinned 3d6 fighter lying down, integer hp/fp, sane facing and posture; each
intent the computer submitted was among ``legal_actions``, and the
controller refuses an option ``legal_actions`` marks illegal. Each battle must
end within 200 rounds and nothing may raise. Every battle is saved and loaded
back (replayed from its start, state hashes compared) when it ends and at a
step picked from its seed: no save may fail.

Slices of 20 battles (every ruleset's, each battle seeded by its index, so
slicing changes nothing) run in parallel processes, two at a time (CI has
two cores), taken in turn so that both cores stay busy to the end.
``CLINCH_SOAK_BATTLES`` changes the count per ruleset (``tools/soak.py``
runs 10,000).
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from game.ai.soak import SoakReport, run_soak
from game.rules.base import RULESETS

BATTLES = int(os.environ.get("CLINCH_SOAK_BATTLES", "200"))


def _registered() -> list[str]:
    import game.rules  # noqa: F401  (registers every ruleset)

    # Only the rulesets the game ships: test doubles registered by other test
    # modules in the same session implement just what their own tests need.
    return sorted(rid for rid, cls in RULESETS.items() if cls.__module__.startswith("game.rules."))


SLICE = 20


def _soak(work: tuple[str, int, int]) -> SoakReport:
    ruleset_id, first, count = work
    return run_soak(ruleset_id, count, seed=2024, first=first)


@pytest.fixture(scope="module")
def reports() -> dict[str, SoakReport]:
    ids = _registered()
    work = [(rid, first, min(SLICE, BATTLES - first)) for first in range(0, BATTLES, SLICE) for rid in ids]
    workers = max(1, min(2, os.cpu_count() or 1, len(work)))
    if workers == 1:
        parts = [_soak(w) for w in work]
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            parts = list(pool.map(_soak, work))
    totals = {rid: SoakReport(rid) for rid in ids}
    for (rid, _, _), part in zip(work, parts):
        totals[rid].merge(part, keep=10_000)
    return totals


@pytest.mark.parametrize("ruleset_id", _registered())
def test_soak(reports, ruleset_id):
    r = reports[ruleset_id]
    detail = "\n".join(r.messages)
    assert r.battles == BATTLES
    assert r.crashes == 0, f"{r.line()}\n{detail}"
    assert r.stuck == 0, f"{r.line()}\n{detail}"
    assert r.breaks == 0, f"{r.line()}\n{detail}"
    assert r.save_failures == 0, f"{r.line()}\n{detail}"
    assert r.reloads >= BATTLES, r.line()  # every battle at its end, most at a step in the middle too


def test_soak_battles_vary(reports):
    """The soak rotates through pairings and sizes: not one battle played 200 times."""
    from game.ai.soak import soak_battle, soak_template

    rid = next(iter(reports))
    t = soak_template(rid)
    seen = {tuple(f.id for f in soak_battle(t, i).fighters) for i in range(20)}
    assert len(seen) >= 6
    assert any(len(k) == 4 for k in seen) and any(len(k) == 2 for k in seen)


def test_report_merges_slices_and_counts_draws():
    """Slices add up, draws included (a battle that ended at the scenario's round limit is no fault, but it is
    reported), and only the first messages are kept."""
    a = SoakReport("edge", battles=3, crashes=0, stuck=0, breaks=0, draws=2, rounds=[40, 40, 12],
                   messages=["m1", "m2"], seconds=1.0, reloads=6)
    b = SoakReport("edge", battles=2, crashes=1, stuck=1, breaks=3, draws=1, rounds=[41, 7], messages=["m3"],
                   seconds=0.5, reloads=3, save_failures=1)
    tot = SoakReport("edge")
    tot.merge(a, keep=2)
    tot.merge(b, keep=2)
    assert (tot.battles, tot.crashes, tot.stuck, tot.breaks, tot.draws) == (5, 1, 1, 3, 3)
    assert (tot.reloads, tot.save_failures) == (9, 1)
    assert tot.rounds == [40, 40, 12, 41, 7] and tot.messages == ["m1", "m2"] and tot.seconds == 1.5
    assert "draws 3" in tot.line() and "save failures 1 of 9" in tot.line() and not tot.clean
    assert not SoakReport("edge", battles=1, save_failures=1).clean


def _figures(r: SoakReport) -> dict:
    d = dict(vars(r))
    d.pop("seconds")
    return d


def test_slices_give_what_one_run_gives():
    """Battle i's seeds depend on the run's seed and i only: two slices merged in order equal one run
    (what tools/soak.py --jobs and this module's parallel slices rely on)."""
    rid = "d20" if "d20" in _registered() else _registered()[0]
    whole = run_soak(rid, 5, seed=7)
    parts = SoakReport(rid)
    parts.merge(run_soak(rid, 3, seed=7))
    parts.merge(run_soak(rid, 2, seed=7, first=3))
    assert _figures(parts) == _figures(whole)
    assert whole.reloads >= 5


def test_soak_catches_a_logged_event_changed_after_it_was_logged(monkeypatch):
    """A save whose log no longer says what happened (an event changed after it was logged: replaying
    gives other events) is a save failure, reported with the battle's index, its seed and the reason."""
    import copy

    import game.files.saves

    real = game.files.saves.make_save

    def tampered(ctl, **kw):  # noqa: ANN001, ANN202
        save = real(ctl, **kw)
        save.log = copy.deepcopy(save.log)
        for entry in save.log:
            for ev in entry.get("events", []):
                if ev.get("type") == "initiative" and len(ev.get("order", [])) > 1:
                    ev["order"].reverse()
                    return save
        return save

    monkeypatch.setattr(game.files.saves, "make_save", tampered)
    rid = "d20" if "d20" in _registered() else _registered()[0]
    r = run_soak(rid, 2, seed=5)
    assert r.save_failures == r.reloads >= 2 and not r.clean
    msgs = [m for m in r.messages if "corrupt or foreign" in m]
    assert msgs and msgs[0].startswith("battle 0 (seed 5,"), r.messages
    assert "battle 1 (seed 5," in " ".join(msgs) and "does not give the logged battle" in msgs[0]


def test_tools_soak_jobs_match_one_process(capsys):
    """tools/soak.py gives the same table in two processes as in one (apart from the times)."""
    import re
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    try:
        import soak as tool
    finally:
        sys.path.pop(0)
    rid = "d20" if "d20" in _registered() else _registered()[0]
    outs = []
    for jobs in ("1", "2"):
        assert tool.main(["--ruleset", rid, "--battles", "6", "--seed", "3", "--jobs", jobs]) == 0
        out = capsys.readouterr().out
        outs.append(re.sub(r"[\d.]+ s\b", "T s", out))
    assert outs[0] == outs[1] and "save failures 0 of" in outs[0]


def test_the_soak_plays_every_scenario_of_a_ruleset():
    """A ruleset with several scenarios is soaked on each in turn (nd6-tactical's guns, grenades, smoke and fire
    are only in its compound; S3-GRENADE, S3-FIRE, S3-SMOKE, S3-FLAMER), each template rotating its own pairings."""
    from game.ai.soak import _scenarios_for, soak_templates

    for rid in _registered():
        paths = _scenarios_for(rid)
        templates = soak_templates(rid)
        assert len(templates) == max(1, len(paths))
    nd6 = [p.stem for p in _scenarios_for("nd6-tactical")]
    assert {"cantina_nd6", "cargo_bay_nd6", "compound_nd6"} <= set(nd6)
    r = run_soak("nd6-tactical", 3, seed=5, midpoint_every=0)
    assert (r.battles, r.crashes, r.stuck, r.breaks, r.save_failures) == (3, 0, 0, 0, 0), r.messages


def test_the_soak_counts_map_effects_and_plays_one_scenario_alone():
    """``scenario=`` soaks one scenario's battles alone (the compound, where nd6-tactical's molotovs, grenades and
    flame throwers are: S3-GRENADE, S3-FIRE, S3-SMOKE, S3-FLAMER), and the report counts the battles in which each
    kind of board effect lay on the map, so "10,000 battles with burning maps and clouds" can be read off it."""
    r = run_soak("nd6-tactical", 4, seed=0, scenario="compound_nd6", midpoint_every=0)
    assert (r.battles, r.crashes, r.stuck, r.breaks) == (4, 0, 0, 0), r.messages
    # seed 0's four battles: a molotov's burning liquid in one, a smoke grenade's cloud in another
    assert r.with_effects == 2 and r.effects == {"burning_liquid": 1, "smoke": 1}
    assert r.line().endswith("; map effects in 2 battles (burning liquid 1, smoke 1)"), r.line()
    whole = SoakReport("nd6-tactical")
    whole.merge(r)
    whole.merge(r)
    assert (whole.with_effects, whole.effects) == (4, {"burning_liquid": 2, "smoke": 2})
    with pytest.raises(ValueError, match=r"compound_nd6\.toml is not a scenario of d20"):
        run_soak("d20", 1, scenario="compound_nd6")
