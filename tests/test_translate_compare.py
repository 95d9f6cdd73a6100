"""``game.teaching.translate`` and ``clinch compare`` (issue 18): one moment under several rulesets, every assumption named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.files.situation import build_situation, parse_situation
from game.rules.base import RULESETS
from game.teaching.compare import compare_spec, differences
from game.teaching.translate import TranslationError, translate

FIXTURES = Path(__file__).parent / "fixtures" / "situations"
SITUATIONS = sorted(p for p in FIXTURES.glob("*.json") if not p.name.endswith(".expect.json"))


def _load(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def _ids() -> list[str]:
    import game.rules  # noqa: F401  (registers every ruleset)

    # the shipped rulesets: other test modules register doubles of their own (a ruleset with no translation);
    # a translation is optional (game/rules/README.md): a ruleset without one is left out of compare
    return sorted(rid for rid, cls in RULESETS.items()
                  if cls.__module__.startswith("game.rules.") and cls().translation() is not None)


@pytest.mark.parametrize("path", SITUATIONS, ids=lambda p: p.stem)
def test_every_fixture_translates_into_every_ruleset(path: Path) -> None:
    """The translation builds as a valid situation in every ruleset (the situation reader's own checks)."""
    spec = _load(path.name)
    for rid in _ids():
        out, notes = translate(spec, rid)
        assert out["ruleset"] == rid
        build_situation(parse_situation(json.dumps(out)))  # raises SituationError if it were not valid
        if rid == spec["ruleset"]:
            assert out == spec and notes == []
        else:
            assert "dice" not in out
            assert all(isinstance(n, str) and n.endswith(".") for n in notes)


@pytest.mark.parametrize("path", SITUATIONS, ids=lambda p: p.stem)
def test_compare_runs_on_every_fixture(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = _load(path.name)
    other = next(r for r in _ids() if r != spec["ruleset"])
    assert main(["compare", str(path), "--rulesets", f"{spec['ruleset']},{other}", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    first, second = data["rulesets"]
    assert first["ruleset"] == spec["ruleset"] and first["assumptions"] == []
    assert second["ruleset"] == other
    for col in (first, second):
        assert all(0 <= v <= 1 for v in (col["odds"] or {}).values())  # exact chances, one per outcome
        assert col["events"] or col["error"] or col["exit"] is not None


def test_3d6_to_d20_names_each_assumed_value() -> None:
    """d20 has no Wrestling, WIS, CHA, level or class: each is named; a hold shares a hex (S4-WRESTLE-2)."""
    out, notes = translate(_load("break_free_full.json"), "d20")
    ann = out["fighters"][0]
    assert ann["stats"]["STR"] == 12 and ann["stats"]["DEX"] == 11 and ann["stats"]["CON"] == 11
    assert any("WIS 10, CHA 10, level 1, class fighter" in n and n.startswith("ann") for n in notes)
    assert any("close-combat training dropped" in n for n in notes)
    assert out["actions"] == [{"actor": "bob", "type": "escape", "target": "ann"}]
    assert out["grapples"][0]["kind"] == "hold"


def test_3d6_grip_becomes_an_nd6_brawl() -> None:
    """S3-HTH-1: a 3d6 grip is a brawl in nd6 (one hex, both in_hth); Wrestling above DX is a Martial Arts level."""
    out, notes = translate(_load("break_free_full.json"), "nd6-tactical")
    ann, bob = out["fighters"]
    assert ann["hex"] == bob["hex"] and "in_hth" in ann["conditions"] and "in_hth" in bob["conditions"]
    assert out["grapples"] == []
    assert ann["stats"]["MA"] == 2 and any("Martial Arts level 2" in n for n in notes)
    assert out["actions"][0]["type"] == "leave_hth" and out["actions"][0]["to"] != ann["hex"]
    assert any("becomes a brawl" in n for n in notes)


def test_nd6_brawl_reads_back_as_a_grip_and_edge_splits_a_hex() -> None:
    """G1-8: edge never shares a hex, so the second fighter steps aside (named); the brawl is a hold."""
    spec = _load("nd6_ma_subdue.json")
    out, notes = translate(spec, "edge")
    hexes = [tuple(f["hex"]) for f in out["fighters"]]
    assert len(set(hexes)) == len(hexes)
    assert any("share a hex" in n for n in notes)


def test_edge_scale_and_same_ruleset_copy() -> None:
    """G1-12: edge's 1-6 attributes (3 average) map to the 10-average scale two points a step, and back."""
    spec = _load("edge_enter_and_throw.json")
    to3d6, _ = translate(spec, "3d6-full")
    assert to3d6["fighters"][0]["stats"]["ST"] == 12  # STR 4 -> 10 + (4 - 3) * 2
    back, notes = translate(to3d6, "edge")
    assert back["fighters"][0]["stats"]["STR"] == 4
    assert any("Precision" in n for n in notes)
    same, none = translate(spec, "edge")
    assert same == spec and none == [] and same is not spec


def test_unknown_ruleset_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(TranslationError):
        translate(_load("d20_wrestle_escape.json"), "chess")
    assert main(["compare", str(FIXTURES / "d20_wrestle_escape.json"), "--rulesets", "d20,chess"]) == 2
    err = capsys.readouterr()
    assert err.out == "" and len(err.err.strip().splitlines()) == 1 and "chess" in err.err
    assert main(["compare", str(FIXTURES / "d20_wrestle_escape.json")]) == 2


def test_compare_names_the_differences(capsys: pytest.CaptureFixture[str]) -> None:
    """A break free under 3d6 (a quick contest, S2-BREAK-1) and d20 (a save, S4-WRESTLE-4): both differ by name."""
    cols = compare_spec(_load("break_free_full.json"), ["3d6-full", "d20"])
    assert cols[0].rolls[0].startswith("bob break free: ST: needs 10 or less, rolled 10")
    assert cols[0].odds is not None and cols[1].odds is not None
    diffs = differences(cols)
    assert any(d.startswith("The number of rolls differs: 3d6-full 2; d20 1") for d in diffs)
    assert any("3d6 rolled under a target" in d and "a die plus bonuses" in d for d in diffs)
    assert main(["compare", str(FIXTURES / "break_free_full.json"), "--rulesets", "3d6-full,d20"]) == 0
    out = capsys.readouterr().out
    assert "Differences:" in out and "assumed" in out and "WIS 10" in out


def test_weapon_in_hand_and_bare_hands_carry_over() -> None:
    """nd6's attack with the weapon in hand (item left out) strikes with its counterpart; a bare-handed attack
    is a punch in d20 (S4-BRAWL-1); a 3d6 grapple uses only the hands that are free (S2-REQ-2). Each named."""
    spec = _load("nd6_core_double_falls.json")
    out, _ = translate(spec, "3d6-full")
    assert out["actions"][0]["item"] == "broadsword"
    out, _ = translate(spec, "d20")
    assert out["actions"][0]["item"] == "longsword"
    spec = _load("nd6_weapon_stun.json")
    out, notes = translate(spec, "d20")
    assert out["actions"][0]["type"] == "brawl" and any("S4-BRAWL-1" in n for n in notes)
    out, notes = translate(_load("nd6_hth_riposte.json"), "3d6-full")
    assert out["actions"][0]["type"] == "grapple" and out["actions"][0]["hands"] == 1
    assert any("the only one free" in n for n in notes)
    assert any("location torso (the source names none)" in n for n in notes)


def test_charge_translates_with_its_end_hex() -> None:
    """An nd6 charge's path ends where d20's charge stops; 3d6 plays it as a move and attack with its weapon
    skill at DX (named), since nd6 rolls plain DX; back in nd6 the path is the straight line walked."""
    spec = _load("nd6_core_charge.json")
    d20, _ = translate(spec, "d20")
    assert d20["actions"][0] == {"actor": "ann", "type": "charge", "target": "bob", "to": [4, 0], "item": "club"}
    full, notes = translate(spec, "3d6-full")
    assert full["actions"][0]["type"] == "move_and_attack" and full["actions"][0]["to"] == [4, 0]
    assert full["fighters"][0]["skills"] == {"Broadsword": 12}
    assert any("Broadsword skill 12 (equal to DX)" in n for n in notes)
    back, _ = translate(d20, "nd6-tactical")
    assert back["actions"][0]["path"] == [[1, 0], [2, 0], [3, 0], [4, 0]]


def test_variants_of_one_family_keep_their_terms() -> None:
    """3d6-full to 3d6-lite: the same stats and skills (no hub), only what lite lacks is changed, named."""
    spec = _load("break_free_full.json")
    spec["fighters"][0]["skills"]["Broadsword"] = 14
    spec["grapples"][0]["kind"] = "choke_hold"
    spec["actions"] = [{"actor": "ann", "type": "choke_hold", "target": "bob"}]
    out, notes = translate(spec, "3d6-lite")
    assert out["fighters"] == spec["fighters"]
    assert out["grapples"][0]["kind"] == "grapple" and out["actions"] == []
    assert any("choke hold becomes a plain grapple" in n for n in notes)
    assert any("actions[0] (choke_hold) has no counterpart" in n for n in notes)
