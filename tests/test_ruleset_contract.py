"""The contract between the engine and a ruleset (``game.rules.base.Ruleset``), checked for every registered one.

A ruleset is one folder under ``game/rules/`` plus one import line in
``game/rules/__init__.py`` (``game/rules/README.md``). These tests hold each
shipped ruleset to what the rest of the code calls without probing: every
action type round-trips through its dict form, ``legal_actions`` and ``odds``
work on the soak's sample battle, ``headline`` names an outcome ``odds``
returns, every hook answers with its declared shape, and the computer
opponent and the soak find the ruleset's facts (hints, invariant geometry,
stat blocks or a scenario). Rule IDs cited: the checks are about the
contract, not a rule; where a hook implements one its test names it
(G0-21 the end of a battle, GX-4 a phase's held-back damage).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

import game.rules  # noqa: F401  (registers every ruleset: one that fails to import fails here, never skips)
from game.ai.invariants import check_invariants
from game.ai.opponent import Opponent
from game.ai.soak import _scenario_for, run_soak, soak_battle, soak_template
from game.ai.weights import Weights, weights_for
from game.dice import SeededDice
from game.flow.turns import TurnController
from game.hexgrid import hex_neighbor
from game.model import Battle
from game.rules.base import HOPED, RULESETS, Action, Option, Outcome, Ruleset, find_ruleset

ROOT = Path(__file__).resolve().parent.parent

#: the rulesets the game ships (test doubles other modules register implement only what their tests need)
SHIPPED = sorted(rid for rid, cls in RULESETS.items() if cls.__module__.startswith("game.rules."))

#: the ids the issue names; a missing one must fail, not skip
EXPECTED = {"3d6-lite", "3d6-full", "edge", "d20"}

#: odds looked at per action type and fighter (a 3d6-full menu has hundreds of grapple variants)
ODDS_PER_TYPE = 6


def test_every_expected_ruleset_is_registered() -> None:
    """A ruleset whose import fails must fail loudly here, not switch itself off."""
    assert EXPECTED <= set(SHIPPED), f"missing: {sorted(EXPECTED - set(SHIPPED))}"


@pytest.fixture(scope="module", params=SHIPPED)
def sample(request: pytest.FixtureRequest) -> tuple[Ruleset, TurnController]:
    """The soak's template battle for the ruleset, set up, with its first turn begun."""
    rs = find_ruleset(request.param)
    battle = soak_template(rs.id)
    assert battle.ruleset == rs.id
    ctl = TurnController(battle, rs, dice="seeded")
    assert ctl.battle.current is not None, "the first turn did not begin"
    return rs, ctl


def _required(cls: type[Action], battle: Battle, actor: str) -> dict[str, Any]:
    """Plain values for an action's fields that have no default (most have one)."""
    foe = next((f.id for f in battle.fighters if f.id != actor), actor)
    plain: dict[str, Any] = {"actor": actor, "target": foe, "to": [0, 0], "facing": 1, "posture": "prone",
                             "item": "dagger", "location": "torso"}
    out: dict[str, Any] = {"type": cls.type, "actor": actor}
    for f in dataclasses.fields(cls):
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            assert f.name in plain, f"{cls.__name__}.{f.name}: the contract test has no plain value for it"
            out[f.name] = plain[f.name]
    return out


def _round_trip(rs: Ruleset, action: Action) -> None:
    data = action.to_dict()
    assert data["type"] == action.type and data["actor"] == action.actor
    again = rs.action_from_dict(data)
    assert again == action, (data, again)
    assert type(again) is type(action)
    assert again.to_dict() == data


def test_every_action_type_round_trips_through_its_dict_form(sample: tuple[Ruleset, TurnController]) -> None:
    """Each registered type from plain data and back (defaults left out), and every option of the menu."""
    rs, ctl = sample
    battle = ctl.battle
    assert rs.actions, f"{rs.id} declares no actions"
    for kind, cls in rs.iter_action_types():
        assert cls.type == kind, f"{cls.__name__}.type is {cls.type!r}, registered as {kind!r}"
        assert cls.title and isinstance(cls.rule, str), f"{rs.id}: {kind} needs a title and a rule"
        action = rs.action_from_dict(_required(cls, battle, battle.current))
        _round_trip(rs, action)
    for f in battle.fighters:
        for o in rs.legal_actions(battle, f.id):
            _round_trip(rs, o.action)


def _options(rs: Ruleset, battle: Battle) -> list[Option]:
    out: list[Option] = []
    for f in battle.fighters:
        opts = rs.legal_actions(battle, f.id)
        assert isinstance(opts, list) and all(isinstance(o, Option) for o in opts)
        assert all(o.action.actor == f.id for o in opts)
        assert all(o.action.type in rs.actions for o in opts), "an option of an unregistered type"
        out += opts
    return out


def _some_legal(rs: Ruleset, battle: Battle) -> list[Option]:
    seen: dict[tuple[str, str], int] = {}
    out = []
    for o in rs.legal_actions(battle, battle.current):
        key = (o.action.actor, o.action.type)
        if o.reason is None and seen.get(key, 0) < ODDS_PER_TYPE:
            seen[key] = seen.get(key, 0) + 1
            out.append(o)
    return out


def _face_to_face(battle: Battle, *, copy: bool = True) -> Battle:
    """A foe of the fighter whose turn it is put in the hex in front of it (attacks to try), on a copy."""
    b = battle.clone(with_log=False) if copy else battle
    me = b.fighter(b.current)
    foe = next(f for f in b.fighters if f.side != me.side)
    taken = {f.hex for f in b.fighters if f.id != foe.id}
    for turn in range(6):
        d = (me.facing + turn) % 6
        h = hex_neighbor(me.hex, d)
        if h not in taken and b.board.is_open(h):
            me.facing, foe.hex, foe.facing = d, h, (d + 3) % 6
            return b
    raise AssertionError(f"{me.id} has no open hex around it")


def _checked_odds(rs: Ruleset, battle: Battle) -> int:
    """Odds of some of the current fighter's legal options, checked; how many are uncertain."""
    uncertain = 0
    for o in _some_legal(rs, battle):
        odds = rs.odds(battle, o.action)
        assert isinstance(odds, dict), o.action
        for k, p in odds.items():
            assert isinstance(k, str) and 0.0 <= p <= 1.0 + 1e-9, (o.action.text(), k, p)
        if len(odds) > 1:
            uncertain += 1
    return uncertain


def _in_the_fight(rs: Ruleset, ctl: TurnController) -> Battle:
    """The sample battle, face to face, played on by the cheap computer player (a phased order begins
    with movement) until the fighter whose turn it is may do something uncertain."""
    work = ctl.fork()  # the public door to a copy that goes on from this very turn
    _face_to_face(work.battle, copy=False)
    opp = Opponent("easy", budget_ms=None, nodes=4, seed=1)
    for _ in range(60):
        b = work.battle
        assert not b.ended, f"{rs.id}: the battle ended before anyone could try anything uncertain"
        if _checked_odds(rs, b):
            return b
        work.submit(opp.decide(b, rs, b.current).action)
    raise AssertionError(f"{rs.id}: 60 turns face to face and no uncertain legal action (no attack?)")


def test_legal_actions_and_odds_work_on_the_sample_battle(sample: tuple[Ruleset, TurnController]) -> None:
    """Every fighter gets a menu; the fighter whose turn it is has legal options; face to face with a foe,
    some have odds that are chances, and uncertain."""
    rs, ctl = sample
    opts = _options(rs, ctl.battle)
    assert opts, f"{rs.id}: nobody may do anything"
    assert _some_legal(rs, ctl.battle), f"{rs.id}: {ctl.battle.current} has no legal option at the start"
    _checked_odds(rs, ctl.battle)
    _in_the_fight(rs, ctl)


def test_headline_names_an_outcome_odds_returns(sample: tuple[Ruleset, TurnController]) -> None:
    """``headline`` (the menu's percentage, the AI's long shot) is a key of the odds, for every uncertain one."""
    rs, ctl = sample
    battle = _in_the_fight(rs, ctl)
    assert rs.headline(None) is None and rs.headline({}) is None
    assert rs.headline({"done": 1.0}) is None
    for o in _some_legal(rs, battle):
        odds = rs.odds(battle, o.action)
        key = rs.headline(odds)
        if len(odds) > 1:
            assert key is not None, f"{rs.id}: no headline among {sorted(odds)} ({o.action.text()})"
        if key is not None:
            assert key in odds, (key, sorted(odds))
    assert set(HOPED) <= set(Ruleset.hoped)


def test_the_hooks_answer_with_their_declared_shapes(sample: tuple[Ruleset, TurnController]) -> None:
    """outcome (G0-21: not over at the start), end_phase (GX-4: nothing held back yet), move_path,
    odds_words, the words and the situation vocabulary: plain calls, no ``hasattr``."""
    rs, ctl = sample
    battle = _face_to_face(ctl.battle)
    assert rs.outcome(battle) == Outcome(False, None)
    assert rs.end_phase(battle, None, SeededDice(battle.rng)) == []
    for o in _some_legal(rs, battle):
        path = rs.move_path(battle, o.action)
        assert path is None or (isinstance(path, list) and path), path
        odds = rs.odds(battle, o.action)
        words = rs.presentation.odds_words(battle, o.action, odds, "the foe") if odds else None
        assert words is None or (isinstance(words, str) and words.endswith(".")), words
    assert all(isinstance(k, str) for k in rs.grapple_kinds + rs.grapple_locations)
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in rs.rule_map.items())
    assert all(isinstance(k, str) and isinstance(v, str) and v for k, v in rs.presentation.grip_words.items())
    assert all(isinstance(p, str) and p for p in rs.presentation.attack_rules)
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in rs.conditions.items())
    # condition_names words only conditions the ruleset has, and every condition reads as words, never an id
    assert set(rs.presentation.condition_names) <= set(rs.conditions) | {rs.presentation.brawl_condition}, set(rs.presentation.condition_names)
    for cond in rs.conditions:
        assert rs.presentation.condition_name(cond) and "_" not in rs.presentation.condition_name(cond), cond
    assert rs.initiative() is not None


def test_the_last_side_standing_ends_the_battle(sample: tuple[Ruleset, TurnController]) -> None:
    """G0-21 and the default outcome: once every fighter of all but one side is dead, that side has won."""
    rs, ctl = sample
    battle = ctl.battle.clone(with_log=False)
    winner = battle.fighters[0].side
    for f in battle.fighters:
        if f.side != winner and "dead" not in f.conditions:
            f.conditions.append("dead")
    assert rs.outcome(battle) == Outcome(True, winner)


def test_the_ai_finds_the_rulesets_hints(sample: tuple[Ruleset, TurnController]) -> None:
    """``ai_hints`` only name ``Weights`` fields, and ``weights_for`` merges them (dicts key by key)."""
    rs, _ = sample
    base = Weights()
    w = weights_for(rs)
    assert weights_for(rs.id) == w
    for key, value in rs.ai_hints.items():
        assert hasattr(base, key), f"{rs.id}: ai_hints names {key!r}, which Weights does not have"
        got = getattr(w, key)
        if isinstance(value, dict):
            assert got == {**getattr(base, key), **value}
        else:
            assert got == value


def test_the_action_menu_finds_the_rulesets_letters_order_and_map_actions(
        sample: tuple[Ruleset, TurnController]) -> None:
    """The menu's tables by action type live with the ruleset (``menu_keys``, ``menu_order``, ``map_actions``,
    ``unarmed_words``) and name only its own actions; the UI's key table holds every letter it declares."""
    from game.ui.action_menu import MAP_TYPES, SHORTCUTS

    rs, _ = sample
    # a family of variants may share one table (3d6-lite's names 3d6-full's strangle too): only real types
    types = {t for rid in SHIPPED for t in find_ruleset(rid).actions}
    assert set(rs.presentation.menu_keys) <= types, f"{rs.id}: letters for actions no ruleset has"
    assert all(len(k) == 1 and k.isupper() and k not in "WASDF" for k in rs.presentation.menu_keys.values()), rs.presentation.menu_keys
    assert set(rs.presentation.map_actions) <= types and set(rs.presentation.unarmed_words) <= rs.presentation.map_actions, rs.id
    assert set(rs.presentation.menu_order) - {"pass"} <= types, f"{rs.id}: menu_order names actions no ruleset has"
    assert any(t in rs.presentation.menu_keys for t in rs.actions), f"{rs.id}: no action of its own has a menu letter"
    assert all(k in SHORTCUTS for k in rs.presentation.menu_keys)
    assert rs.presentation.map_actions <= MAP_TYPES


def test_the_invariants_and_the_soak_find_the_rulesets_facts(sample: tuple[Ruleset, TurnController]) -> None:
    """The grip geometry the invariant check reads, and a template the soak can draw fighters from: a
    scenario made for the ruleset, else its stat blocks."""
    rs, ctl = sample
    assert isinstance(rs.grip_distance, int) and rs.grip_distance >= 0
    assert isinstance(rs.pin_lying, bool)
    assert check_invariants(ctl.battle, rs) == []
    assert check_invariants(ctl.battle) == []  # the battle's own ruleset by default
    assert _scenario_for(rs.id) is not None or rs.stat_blocks, \
        f"{rs.id}: neither a scenario in maps/ nor stat_blocks for the soak"
    for block in rs.stat_blocks:
        assert set(block) <= {"stats", "skills", "hands", "items"} and block["stats"]
    b = soak_battle(soak_template(rs.id), 0, seed=1)
    assert len({f.side for f in b.fighters}) >= 2
    rs.setup(b)


def test_the_arena_takes_the_rulesets_stat_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a scenario of its own a ruleset's soak fighters get its ``stat_blocks`` on the arena."""
    import game.ai.soak as soak

    for rid in SHIPPED:
        rs = find_ruleset(rid)
        if not rs.stat_blocks:
            continue
        monkeypatch.setattr(soak, "_scenario_for", lambda _rid: None)
        b = soak_template(rid)
        assert b.ruleset == rid
        for i, f in enumerate(b.fighters):
            assert f.stats == rs.stat_blocks[i % len(rs.stat_blocks)]["stats"]
        monkeypatch.undo()


@pytest.mark.parametrize("ruleset_id", SHIPPED)
def test_one_soak_battle_plays_through(ruleset_id: str) -> None:
    """The soak finds everything it needs from the ruleset alone (one cheap battle, every step checked)."""
    report = run_soak(ruleset_id, 1, seed=3, level="easy", nodes=4, midpoint_every=0)
    assert report.battles == 1 and report.clean, report.messages


def test_the_rules_and_the_presentation_are_apart() -> None:
    """A reader of ``Ruleset`` sees the engine's hooks and the AI's hints only: every member
    ``game.rules.presentation.Presentation`` declares (menu letters, badges, words...) is absent from the rules
    class and from every shipped ruleset class, and each ruleset's presentation is a ``Presentation`` subclass
    from its own folder, bound to that ruleset."""
    from game.rules.presentation import Presentation, declared_members

    shown = set(declared_members())
    assert len(shown) >= 25, sorted(shown)
    assert not shown & set(vars(Ruleset)), sorted(shown & set(vars(Ruleset)))
    for rid in SHIPPED:
        rs = find_ruleset(rid)
        cls = type(rs)
        for klass in cls.__mro__:
            if klass.__module__.startswith("game.rules.") and klass is not Ruleset:
                assert not shown & set(vars(klass)), f"{klass.__name__}: {sorted(shown & set(vars(klass)))}"
        assert issubclass(cls.presentation_type, Presentation)
        assert cls.presentation_type.__module__.rsplit(".", 1)[0] == cls.__module__.rsplit(".", 1)[0], rid
        assert rs.presentation.rules is rs and rs.presentation is rs.presentation  # one, bound to its ruleset


def test_every_presentation_answers_with_its_declared_shapes(sample: tuple[Ruleset, TurnController]) -> None:
    """The presentation's hooks on the sample battle: badges and regions plain data, a board note a sentence."""
    from game.rules.presentation import BoardRegion

    rs, ctl = sample
    look, battle = rs.presentation, ctl.battle
    for f in battle.fighters:
        assert all(isinstance(a, str) and a and isinstance(b, str) for a, b in look.badges(battle, f))
    note = look.board_note(battle)
    assert note is None or (isinstance(note[0], str) and note[0]), note
    assert all(isinstance(r, BoardRegion) and r.hexes for r in look.board_regions(battle))
    assert isinstance(look.health_stat, str) and look.health_stat and isinstance(look.die_sides, int)


_PROBE = re.compile(r"(?:getattr|hasattr)\((?:self\.|session\.|s\.)?(?:ruleset|rs)\b")


def test_nothing_outside_the_rules_probes_a_ruleset() -> None:
    """Every hook is declared on ``Ruleset``: the engine calls it plainly (no hasattr/getattr on a ruleset)."""
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("game/rules/"):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _PROBE.search(line):
                found.append(f"{rel}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


def test_the_ai_and_the_ui_name_no_ruleset() -> None:
    """The computer opponent, the UI and the turn controller read a ruleset's facts from it, never by its
    id (only a die's name, "d20", may appear in the words for a roll, and an event's ``edge`` field)."""
    ids = re.compile(r"\"(?:" + "|".join(re.escape(r) for r in sorted(EXPECTED | {"nd6-tactical"})) + r")\"")
    found = []
    paths = [*sorted((ROOT / "game" / "ai").rglob("*.py")), *sorted((ROOT / "game" / "ui").rglob("*.py")),
             ROOT / "game" / "flow" / "turns.py"]
    for path in paths:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if ids.search(line.replace('.get("edge")', "")) and 'head = "d20" if' not in line:
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


def test_a_rulesets_help_lives_in_its_folder_and_the_shared_help_names_none() -> None:
    """A ruleset is one folder: its rules help (``rules_help*.json``) is found in ``Ruleset.folder()``, and the
    help every ruleset shares (``assets/rules_help``, GX) names no ruleset. Every shipped ruleset has help of its
    own there, and each shows the shared GX rules (its own text for an ID it words itself)."""
    import json

    from game.ui.rules_help import HELP_DIR, help_files, help_for

    for path in sorted(HELP_DIR.glob("*.json")):
        assert "rulesets" not in json.loads(path.read_text(encoding="utf-8")), path.name
    for rid, cls in sorted(RULESETS.items()):
        if not cls.__module__.startswith("game.rules."):
            continue
        rs = cls()
        own = [p for p in help_files(rs) if p.parent == rs.folder()]
        assert own and all(p.is_relative_to(ROOT / "game" / "rules") for p in own), rid
        help = help_for(rs)
        assert help.lookup("GX-1") is not None, rid
        assert len({e.id for e in help.entries}) == len(help.entries), f"{rid}: an ID shown twice"
    nd6 = help_for(find_ruleset("nd6-tactical")).lookup("GX-1")
    assert nd6 is not None and "4/3 m" in nd6.text  # its own words win over the shared text


def test_every_ruleset_says_itself_in_the_briefing() -> None:
    """The briefing's sentence and the victory line's words for who no longer counts come from the ruleset
    (``briefing``, ``out_words``), not from a file keyed by its id outside its folder: nd6-tactical had no entry
    there and was briefed with its bare name. G3-7: in nd6 ST 0 is out (unconscious), below it dead."""
    from game.ui.briefing import ruleset_sentence

    for rid in SHIPPED:
        rs = find_ruleset(rid)
        assert rs.presentation.briefing and rs.presentation.briefing != rs.name and ruleset_sentence(rs) == rs.presentation.briefing, rid
        assert "no longer count" in rs.presentation.out_words, rid
    assert "G3-7" in find_ruleset("nd6-tactical").presentation.out_words
    assert not (ROOT / "assets" / "briefing.json").exists()


def test_a_rulesets_own_conditions_have_their_badges_in_its_folder() -> None:
    """Every condition a shipped ruleset declares has a badge of its own or a common one: the UI's table holds
    only the common conditions (d20's RIDE and nd6's SUBD were in it; d20's and edge's ``bound`` had none and
    read "BOU"). The legend lists the ruleset's badges and the common ones, not every ruleset's."""
    from game.files.maps import load_scenario
    from game.ui.legend import legend_rows
    from game.ui.marks import CONDITION_BADGES, badge_for

    for rid in SHIPPED:
        rs = find_ruleset(rid)
        for cond in rs.conditions:
            assert cond in rs.presentation.condition_badges or cond in CONDITION_BADGES, f"{rid}: {cond} has no badge"
        assert not set(rs.presentation.condition_badges) & set(CONDITION_BADGES), rid  # its own, not the common ones again
    d20, edge, nd6 = (find_ruleset(r) for r in ("d20", "edge", "nd6-tactical"))
    assert badge_for("bound", d20)[0] == badge_for("bound", edge)[0] == "BOUND"
    assert badge_for("subdued", nd6)[0] == "SUBD" and badge_for("subdued")[0] != "SUBD"
    rows = {letters for letters, _, _ in legend_rows(load_scenario(ROOT / "maps" / "cantina_nd6.toml"))}
    assert "SUBD" in rows and "RIDE" not in rows


def test_what_the_board_and_the_review_know_of_a_rulesets_conditions_comes_from_it() -> None:
    """nd6's burning (flames over the token, S3-FIRE-3), soaked (a wet ring, S3-GRENADE-10), subdued (SUBD says
    "held", S3-SUBDUE-3) and what each costs in the review of a lost battle were named in the UI and in
    game/teaching/review.py; they are the ruleset's (``burning_conditions``, ``wet_conditions``, ``held_conditions``,
    ``condition_weights``), so the UI and the review name no ruleset's conditions."""
    from game.files.maps import load_scenario
    from game.teaching.review import harm

    nd6, d20 = find_ruleset("nd6-tactical"), find_ruleset("d20")
    assert nd6.presentation.burning_conditions["on_fire_whole"] == 1.0 and "soaked" in nd6.presentation.wet_conditions
    assert "subdued" in nd6.presentation.held_conditions and not d20.presentation.burning_conditions
    b = load_scenario(ROOT / "maps" / "cantina_nd6.toml")
    f = b.fighters[0]
    side, weight, said = harm(b, {"type": "condition", "target": f.id, "add": "subdued"})
    assert (side, weight) == (f.side, 4.0) and "subdued" in said
    b.ruleset = "3d6-lite"  # a condition another ruleset does not have costs nothing there
    assert harm(b, {"type": "condition", "target": f.id, "add": "subdued"})[1] == 0.0
    for path in ("game/ui/marks.py", "game/ui/effects_view.py", "game/teaching/review.py"):
        text = (ROOT / path).read_text(encoding="utf-8")
        assert not re.search(r'"(on_fire_\w+|subdued|soaked|tear_gassed|knocked_out|mounted_\w+)"', text), path


@pytest.mark.parametrize("ruleset_id", SHIPPED)
def test_a_rulesets_phases_are_declared_once_with_the_actions_each_offers(ruleset_id: str) -> None:
    """Issue 27: the ruleset's ``phases`` (``Phase`` data: a round's phases and the action types each offers) is
    the one place that says which action acts when. Every shipped ruleset declares it in its own classes (3d6:
    none, explicitly); phase names are unique; a phase names only the ruleset's action types; and no action
    class keeps a list of phases of its own that could drift from it."""
    rs = find_ruleset(ruleset_id)
    assert any("phases" in vars(cls) for cls in type(rs).__mro__ if cls is not Ruleset), \
        f"{rs.id} inherits Ruleset's phases instead of declaring its own (none: phases = ())"
    names = [p.name for p in rs.phases]
    assert len(names) == len(set(names)), f"{rs.id}: a phase declared twice: {names}"
    types = dict(rs.iter_action_types())
    for p in rs.phases:
        assert set(p.actions) <= set(types), f"{rs.id}: phase {p.name} offers unknown actions"
    for t, cls in types.items():
        assert not any("phases" in vars(c) for c in cls.__mro__), f"{rs.id}: action {t} lists its own phases"
        assert set(rs.phases_of(t)) <= set(names)
