"""Words the player reads, from real play: names as written, pronouns and verbs that agree, no internal ids.

Battles of every scenario are played computer against computer (seeded, a bounded number of turns); every
log line of every event (what the combat log and the toasts show) and every reason an action is refused
(what a greyed menu entry and its toast say) is scanned for:

- a fighter's or a side's name lower-cased ("dane waits") or a fighter's id in place of its name;
- "0 hands" (a grip with no hands counted says nothing of hands);
- a snake_case word (``all_out_attack``, ``tavern_edge``) or a ``(seed 001)``: ids the player never wrote;
- a pronoun that is not the fighter's: the scenario's ``pronoun`` ("she", "he", "it"), "they" by default,
  so "Tove sets its weapon" is wrong and "Tove sets their weapon" right.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import game.rules  # noqa: F401  (registers every ruleset)
from game.ai.driver import play_battle
from game.ai.simulation import make_players
from game.files.scenarios import load_scenario
from game.rules.base import find_ruleset
from game.ui.describe import decision_words, event_line
from game.wording import Pronoun, pronoun_problem, verb

MAPS = Path(__file__).resolve().parent.parent / "maps"
SCENARIOS = sorted(MAPS.glob("*.toml"))
#: turns of each battle: enough for grips, shots, charges and the first falls, short enough for the suite
TURNS = 160
_SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
_ZERO_HANDS = re.compile(r"\b0 hands?\b")
_SEED = re.compile(r"\(seed \d+\)")
_POSSESSIVES = ("its", "his", "her", "their")


def _play(path: Path, turns: int = TURNS) -> tuple[object, list[str]]:
    """A battle of ``path`` played by the computer for ``turns`` turns; every line the player could read."""
    battle = load_scenario(path)
    ruleset = find_ruleset(battle.ruleset)
    players = make_players({s.id: "random" for s in battle.sides}, seed=3)
    said: list[str] = []
    for side, inner in list(players.items()):
        players[side] = _Telling(inner, said)

    def step(b, action, events) -> None:
        for ev in events:
            line = event_line(b, ev)
            if line:
                said.append(str(line))
        if b.ended:
            return
        for fighter in b.fighters:  # what a greyed menu entry and its toast would say
            if b.turn % 7 == 0:
                said.extend(o.reason.text for o in ruleset.legal_actions(b, fighter.id) if o.reason is not None)
                break

    result = play_battle(battle, ruleset, players, round_limit=30, max_turns=turns, on_step=step)
    assert result.error is None, f"{path.name}: {result.error}"
    return battle, said


class _Telling:
    """A computer player whose every decision is also said as the combat log says it ("Computer, for Ann: ...")."""

    def __init__(self, inner, said: list[str]) -> None:
        self.inner, self.said = inner, said

    def decide(self, battle, ruleset, fighter_id, **kw):
        decision = self.inner.decide(battle, ruleset, fighter_id, **kw)
        self.said.append(decision_words(battle, decision))
        return decision


def _problems(battle, lines: list[str]) -> list[str]:
    """What is wrong with ``lines`` for this battle's fighters and sides (one string each)."""
    out = []
    names = [(f.label, f) for f in battle.fighters] + [(s.name, None) for s in battle.sides if s.name]
    for line in lines:
        if _ZERO_HANDS.search(line):
            out.append(f"'0 hands': {line}")
        if _SEED.search(line):
            out.append(f"a seed id: {line}")
        snake = [w for w in _SNAKE.findall(line) if not w.isdigit()]
        if snake:
            out.append(f"snake_case {snake}: {line}")
        for own in re.findall(r"\(the ([^()]*)'s own number\)", line):  # a roll's base named by its label
            if any(n in own for n, _ in names):
                out.append(f"a sentence as a roll's base: {line}")
        for name, fighter in names:
            low = name.lower()
            if low != name and re.search(rf"(?<![\w']){re.escape(low)}(?![\w'])", line):
                out.append(f"{name!r} lower-cased: {line}")
            if fighter is None:
                continue
            if fighter.id != low and fighter.id not in name and re.search(rf"\b{re.escape(fighter.id)}\b", line):
                out.append(f"the id {fighter.id!r} for {name!r}: {line}")
            mine = Pronoun(fighter.pronoun).their
            for m in re.finditer(rf"{re.escape(name)} (?:\w+ ){{1,2}}({'|'.join(_POSSESSIVES)})\b", line):
                if m.group(1) != mine:
                    out.append(f"{name!r} is {fighter.pronoun!r} but reads {m.group(1)!r}: {line}")
    return out


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_line_of_play_names_fighters_as_written_and_agrees(path: Path) -> None:
    """Every log line and refusal of a seeded battle: names as written, the fighter's pronoun, no ids."""
    battle, lines = _play(path)
    assert lines
    problems = _problems(battle, lines)
    assert not problems, f"{path.name}: {len(problems)} lines, first: " + " | ".join(dict.fromkeys(problems[:6]))


def test_the_checker_catches_what_it_looks_for() -> None:
    """The scan itself: a lower-cased name, 0 hands, a snake_case id, a seed and 'its' for a 'they'."""
    battle = load_scenario(MAPS / "tavern_edge.toml")
    gus = battle.fighters[0]
    bad = [f"{gus.label.lower()} waits", f"{gus.label} grips Ivo with 0 hands", "tavern_edge",
           "Brawl (seed 001)", f"{gus.label} sets its mace"]
    assert all(any(b in p for p in _problems(battle, [b])) for b in bad)
    assert not _problems(battle, [f"{gus.label} sets their mace", f"{gus.label} waits"])


def test_the_scenario_descriptions_name_no_seed_or_file() -> None:
    """A scenario's name and description are read on the briefing: no ``(seed 001)``, no file stem."""
    for path in SCENARIOS:
        battle = load_scenario(path)
        text = f"{getattr(battle, 'name', '')} " + re.sub(r"\s+", " ", _description(path))
        assert not _SEED.search(text), path.name
        assert path.stem not in text, path.name
        assert not _SNAKE.search(text), path.name


def _description(path: Path) -> str:
    import tomllib

    return str(tomllib.loads(path.read_text(encoding="utf-8")).get("description", ""))


def test_a_fighters_pronoun_is_read_from_the_scenario_and_kept(tmp_path: Path) -> None:
    """``pronoun = "she"`` on a fighter: the log says "her"; a bad pronoun is one sentence naming the field."""
    from game.files.scenarios import ScenarioError

    src = (MAPS / "tavern_d20.toml").read_text(encoding="utf-8")
    first = src.index("[[fighters]]")
    body = src[:first] + src[first:].replace("[[fighters]]\n", "[[fighters]]\npronoun = \"she\"\n", 1)
    (tmp_path / "tavern.tmx").write_bytes((MAPS / "tavern.tmx").read_bytes())
    for extra in MAPS.glob("*.tsx"):
        (tmp_path / extra.name).write_bytes(extra.read_bytes())
    for extra in MAPS.glob("*.png"):
        (tmp_path / extra.name).write_bytes(extra.read_bytes())
    path = tmp_path / "s.toml"
    path.write_text(body, encoding="utf-8")
    battle = load_scenario(path)
    assert battle.fighters[0].pronoun == "she"
    assert battle.fighters[1].pronoun == "they"
    assert battle.fighters[0].their == "her"
    path.write_text(body.replace('pronoun = "she"', 'pronoun = "She"'), encoding="utf-8")
    with pytest.raises(ScenarioError) as exc:
        load_scenario(path)
    msg = str(exc.value)
    assert "fighters[0].pronoun" in msg and "s.toml" in msg and "\n" not in msg


def test_pronoun_words_and_side_agreement() -> None:
    """The one place for the words after a name: 'they set their weapon', 'she sets her weapon'."""
    they, she = Pronoun("they"), Pronoun("she")
    assert f"{they.they} {they.verb('sets', 'set')} {they.their} weapon" == "they set their weapon"
    assert f"{she.they} {she.verb('sets', 'set')} {she.their} weapon" == "she sets her weapon"
    assert Pronoun(None).their == "their" and Pronoun("it").their == "its"
    assert pronoun_problem("she") is None and pronoun_problem("xe") is not None
    assert verb("The Raiders", "moves", "move") == "move" and verb("Depot Guard", "moves", "move") == "moves"


def test_the_initiative_choice_agrees_with_the_side() -> None:
    """G3-3: "The Raiders won the initiative and let ... move first" (not "lets") for a plural side."""
    from game.rules.nd6.initiative import POLICY

    battle = load_scenario(MAPS / "compound_nd6.toml")
    plural = next(s for s in battle.sides if s.name == "The Raiders")
    other = next(s for s in battle.sides if s is not plural)
    chooser = next(f for f in battle.fighters if f.side == plural.id)
    ev = POLICY.choice_event(battle, chooser.id, False)
    line = POLICY.choice_words(battle, ev)
    assert line == f"The Raiders won the initiative and let {other.name} move first.", line
    ev = POLICY.choice_event(battle, chooser.id, True)
    assert POLICY.choice_words(battle, ev) == "The Raiders won the initiative and move first."


def test_the_computers_choice_of_order_agrees_with_the_side() -> None:
    """G3-3 in the combat log's computer line: "Vasko chooses: The Raiders move first" (not "moves")."""
    from game.ui.describe import intent_words

    battle = load_scenario(MAPS / "compound_nd6.toml")
    raider = next(f for f in battle.fighters if battle.side(f.side).name == "The Raiders")
    guard = next(f for f in battle.fighters if battle.side(f.side).name == "Depot Guard")
    said = intent_words(battle, {"actor": raider.id, "type": "move_order", "first": True})
    assert said == f"{raider.label} chooses: The Raiders move first", said
    said = intent_words(battle, {"actor": guard.id, "type": "move_order", "first": False})
    assert said == f"{guard.label} chooses: Depot Guard moves second", said


def test_a_fighters_pronoun_is_kept_in_a_save_and_checked_on_load(tmp_path: Path) -> None:
    """The scenario's pronoun travels in the save (the log read after loading says "her" as before); a save
    edited to hold a pronoun that is not one of they/she/he/it is refused in one sentence naming the field."""
    import json

    from game.files.saves import SaveError, load_game, read_save, save_game
    from game.flow.turns import TurnController

    battle = load_scenario(MAPS / "tavern_d20.toml")
    battle.fighters[0].pronoun = "she"
    ctl = TurnController(battle, find_ruleset(battle.ruleset))
    path = save_game(ctl, tmp_path / "s.json")
    assert read_save(path).initial.fighters[0].pronoun == "she"
    assert load_game(path).battle.fighters[0].their == "her"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["initial"]["fighters"][0]["pronoun"] = "xe"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as exc:
        read_save(path)
    assert "initial.fighters[0].pronoun" in str(exc.value) and "\n" not in str(exc.value)
