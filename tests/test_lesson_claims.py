"""Every claim a lesson card makes about odds or effects is true of the engine: each shipped lesson is played
(seeded, as a learner following its examples would) and what its words claim is checked against the odds the
action menu shows at that step and the events the rules produced.

The claims a card may make, in a small vocabulary this test reads (anything else that talks of a chance being
lower, higher or the same must be written in it, or the test fails):

- ``the chance is the same as with one hand`` / ``... (a little|much) lower|higher than with two hands``: the
  menu's percentage (``action_words.whole_chance``) of the step's example against the same action with that many
  hands, at the position where the step is played;
- ``the hold is (much) stronger|weaker than with one hand``: the held fighter's chance to break free of the grip
  the step makes against the same grip with that many hands;
- ``+5 for your second hand (S0-BREAK-4)``, ``at -5 (S2-STRANGLE-4)``, ``is 2 lower (S3-HTH-14)``: a signed
  number (or "N lower/higher") and a rule ID in brackets, no comma between them, is a modifier with that value
  and rule on a roll the engine makes: in the lesson as played, or in any action either fighter may take at a
  step's start or end (each tried on a copy of the battle).

"Hold on" said "Hover it: the chance is a little lower, the hold much stronger": the seeds give a second hand no
penalty to hit (68% either way).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from game.dice import SeededDice
from game.flow.turns import TurnController
from game.rules.action_words import whole_chance
from game.rules.base import find_ruleset
from game.teaching.lessons import LESSONS_DIR, LessonFoe, LessonRun, _asks, _matches, load_lessons

LESSONS, _BAD = load_lessons(LESSONS_DIR)
HANDS = {"one": 1, "two": 2, "three": 3, "four": 4}
RULE = r"\(((?:[SG][0-9X]-(?:[A-Z]+-)?\d+)(?:[/,] ?[A-Z0-9-]+)*)\)"
#: a chance compared: the only forms a card may use
ODDS = re.compile(r"the chance is (?:(?:a little|much) )?(lower|higher) than with (one|two|three|four) hands?"
                  r"|the chance is (the same) as with (one|two|three|four) hands?")
HOLD = re.compile(r"the hold is (?:(?:a little|much) )?(stronger|weaker) than with (one|two|three|four) hands?")
#: any sentence that compares a chance (it must be one of ODDS)
COMPARES = re.compile(r"chance[^.;:]*\b(lower|higher|better|worse|same)\b", re.I)
SIGNED = re.compile(r"(?<![\w-])([+\-\u2212]\d+)([^,;.()]{0,40}?) " + RULE)
LOWER = re.compile(r"\b(\d+) (lower|higher) " + RULE)


@dataclass
class Played:
    """One step as played: the battle when the learner first acts at it, and every event until it was met."""

    index: int
    start: Any
    events: list[dict[str, Any]] = field(default_factory=list)


def _texts(lesson) -> list[tuple[int | None, str]]:
    out: list[tuple[int | None, str]] = [(None, lesson.teaches)]
    for i, s in enumerate(lesson.steps):
        out += [(i, t) for t in (s.prompt, s.how, s.done, s.retry, s.wrong, s.lost, s.shown) if t]
    return out


def play_lesson(lesson, tries: int = 25) -> tuple[list[Played], list[Any]]:
    """Play ``lesson`` as ``game.teaching.lessons.play_examples`` does; the steps as played and the battles at each step's
    start and end (for the probes)."""
    battle = lesson.battle()
    me = battle.fighter(lesson.learner).side
    ctl = TurnController(battle, battle.ruleset, dice="seeded")
    ctl.seat = {s: ("human" if s == me else "ai") for s in ctl.seat}
    run = LessonRun(lesson, battle)
    foe = LessonFoe(lambda: run)  # a met step's reply played, as in the game
    played: list[Played] = []
    moments = [battle.clone()]
    mark = len(battle.log)
    for _ in range(tries * 40 * len(lesson.steps)):
        if run.finished or battle.ended:
            break
        fid = ctl.whose_turn()
        if fid is None:
            break
        if fid != lesson.learner or run.seeing:
            action = getattr(foe.decide(battle, ctl.ruleset, fid), "action", None) if fid != lesson.learner else None
            if action is None or ctl.submit(action).rejected:
                ctl.end_turn()
            run.observe(battle)
            continue
        step = run.step
        offered = [o.action for o in ctl.legal_actions() if o.reason is None and _matches(o.action, step.example)]
        if not offered:
            ctl.end_turn()
            continue
        if not played or played[-1].index != run.index:
            played.append(Played(run.index, battle.clone()))
            mark = len(battle.log)
        ctl.submit(replace(offered[0], ask=True) if _asks(offered[0]) else offered[0])
        need = getattr(ctl, "waiting_for_choice", None)
        if need is not None:
            menu = [o for o in need.menu if o.reason is None]
            ctl.choose(next((o for o in menu if getattr(o.action, "option", None) == step.example.get("option")),
                            menu[0]).action)
        was = run.index
        run.observe(battle)
        played[-1].events = [e for en in battle.log[mark:] for e in en.get("events") or []]
        if run.index != was or run.finished or run.seeing:
            moments.append(battle.clone())  # right after the step was met (before the foe's reply)
    return played, moments  # a lesson that cannot be finished so is test_lessons.py's to report


def _rolls(events):
    for ev in events:
        if ev.get("type") == "roll":
            yield ev
        elif ev.get("type") == "contest":
            yield from ev.get("rolls") or []


def _modifiers(events) -> set[tuple[int, str]]:
    return {(int(m.get("value", 0)), str(m.get("rule", ""))) for r in _rolls(events) for m in r.get("modifiers") or []}


def probe(battle) -> set[tuple[int, str]]:
    """The modifiers of every roll of every action either fighter may take now, each tried on a copy; and the
    same with each grip in force held with one hand and with two (a card may say "with one hand it would be")."""
    seen = _probe(battle)
    for i, g in enumerate(battle.grapples):
        for hands in (1, 2):
            if hands != g.hands and len(g.hand_names) >= hands:
                b = battle.clone()
                b.grapples[i].hands, b.grapples[i].hand_names = hands, list(g.hand_names)[:hands]
                seen |= _probe(b)
    return seen


def _probe(battle) -> set[tuple[int, str]]:
    rs = find_ruleset(battle.ruleset)
    seen: set[tuple[int, str]] = set()
    for f in battle.fighters:
        try:
            options = rs.legal_actions(battle, f.id)
        except Exception:  # noqa: BLE001 - a fighter that cannot act now offers nothing to probe
            continue
        for o in options:
            if o.reason is not None:
                continue
            copy = battle.clone()
            try:
                seen |= _modifiers(o.action.resolve(copy, SeededDice(copy.rng)))
            except Exception:  # noqa: BLE001 - an action that needs a choice or a roll the probe cannot give
                continue
    return seen


def _ids(rules: str) -> set[str]:
    """"S3-KNOCK-2/3" -> S3-KNOCK-2 and S3-KNOCK-3; "S2-LOC-12, S2-DIFF-5" -> both."""
    out: set[str] = set()
    for part in re.split(r",\s*", rules):
        head, *more = part.split("/")
        out.add(head.strip())
        out |= {head.rsplit("-", 1)[0] + "-" + m.strip() for m in more}
    return out


def _cited(rs, rule: str) -> set[str]:
    return {rule, rs.rule_map.get(rule, rule)}


def _menu_chance(battle, example: dict[str, Any], learner: str, **change) -> float | None:
    rs = find_ruleset(battle.ruleset)
    want = {**example, **change}
    action = next((o.action for o in rs.legal_actions(battle, learner) if o.reason is None and _matches(o.action, want)),
                  None)
    assert action is not None, f"no action {want} on the menu"
    return whole_chance(rs, battle, action, rs.odds(battle, action))


def _break_free_chance(battle, holder: str, target: str, hands: int) -> float:
    rs = find_ruleset(battle.ruleset)
    b = battle.clone()
    g = next(g for g in b.grapples if g.holder == holder and g.target == target)
    g.hands = hands
    g.hand_names = list(g.hand_names)[:hands] if len(g.hand_names) >= hands else list(g.hand_names)
    action = next(o.action for o in rs.legal_actions(b, target) if o.reason is None and o.action.type == "break_free")
    return whole_chance(rs, b, action, rs.odds(b, action))


def _compare(a: float, b: float, word: str) -> bool:
    return {"lower": a < b - 1e-9, "weaker": a < b - 1e-9, "higher": a > b + 1e-9, "stronger": a > b + 1e-9,
            "the same": abs(a - b) < 1e-9}[word]


@pytest.fixture(scope="module")
def played_lessons() -> dict[str, tuple[Any, list[Played], list[Any]]]:
    random.seed(0)
    return {lesson.id: (lesson, *play_lesson(lesson)) for lesson in LESSONS}


def test_every_lesson_loads_and_is_played(played_lessons):
    assert LESSONS and not _BAD and len(played_lessons) == len(LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_a_cards_comparison_of_chances_is_the_menus(lesson, played_lessons):
    """S0-BREAK-4, S0-GRAB-1: a card that says a chance is lower, higher or the same says it in the vocabulary
    above, and the menu's percentages at that step say the same."""
    _, steps, _ = played_lessons[lesson.id]
    at = {p.index: p.start for p in steps}
    for index, text in _texts(lesson):
        for m in COMPARES.finditer(text):
            assert ODDS.search(text[max(0, m.start() - 5):]), f"{lesson.id}: {text!r} compares a chance outside " \
                                                              "the checked vocabulary"
        for m in ODDS.finditer(text):
            assert index is not None, f"{lesson.id}: a comparison must belong to a step"
            assert index in at, f"{lesson.id}: step {index + 1} was not reached by following the examples"
            step = lesson.steps[index]
            word = m.group(1) or m.group(3)
            hands = HANDS[m.group(2) or m.group(4)]
            mine = _menu_chance(at[index], step.example, lesson.learner)
            other = _menu_chance(at[index], step.example, lesson.learner, hands=hands)
            assert _compare(mine, other, word), f"{lesson.id}: {m.group(0)!r} but {mine:.3f} against {other:.3f}"
        for m in HOLD.finditer(text):
            step = lesson.steps[index]
            after = next(p for p in steps if p.index == index)
            b = _after(played_lessons[lesson.id], index)
            hands = int(step.example["hands"])
            target = step.example["target"]
            mine = _break_free_chance(b, lesson.learner, target, hands)
            other = _break_free_chance(b, lesson.learner, target, HANDS[m.group(2)])
            # a stronger hold is a smaller chance for the held fighter to break it
            assert _compare(other, mine, m.group(1)), f"{lesson.id}: {m.group(0)!r} but break free " \
                                                      f"{mine:.3f} against {other:.3f} ({after.index})"


def _after(entry, index: int):
    """The battle right after step ``index`` was met."""
    _, steps, moments = entry
    return moments[1 + [p.index for p in steps].index(index)] if len(moments) > 1 else moments[0]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_a_modifier_a_card_names_is_one_the_engine_applies(lesson, played_lessons):
    """Every "+N ... (RULE)" and "N lower (RULE)" a card names is a modifier of that value under that rule on a
    roll the engine made in the lesson, or would make for an action either fighter may take at a step's start
    or end (S0-LOC-4's +3 to a takedown from the leg, S0-BREAK-4's +5 for a second hand, S2-STRANGLE-4's -5)."""
    _, steps, moments = played_lessons[lesson.id]
    rs = find_ruleset(lesson.ruleset)
    claims = []
    for _, text in _texts(lesson):
        for m in SIGNED.finditer(text):
            per = "per level" in m.group(2)  # "+1 per level": a multiple of it
            claims.append((int(m.group(1).replace("\u2212", "-")), m.group(3), m.group(0), per))
        for m in LOWER.finditer(text):
            claims.append((int(m.group(1)) * (-1 if m.group(2) == "lower" else 1), m.group(3), m.group(0), False))
    if not claims:
        return
    seen = set().union(*(_modifiers(p.events) for p in steps))
    seen |= set().union(*(probe(b) for b in moments)) | set().union(*(probe(p.start) for p in steps))
    for value, rules, words, per in claims:
        ids = _ids(rules)
        ok = any((v, c) in seen for rid in ids for c in _cited(rs, rid)
                 for v in ([value * k for k in range(1, 6)] if per else [value]))
        assert ok, f"{lesson.id}: {words!r} names a modifier no roll of the engine carries ({sorted(seen)})"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_a_consequence_the_dice_decide_is_not_told_as_done(lesson):
    """S4-SET-1: "Set against a charge" plays on the lesson's dice, so Ann's set spear may miss (a natural 1 was
    seen), yet its last card said "a hit of the set spear does double damage" as though it had hit. A step whose
    consequence is seen on a roll says the dice decide ("if", "whether"), and every card that names double
    damage names it on a hit only."""
    for step in lesson.steps:
        event = (step.shows or {}).get("event") or {}
        if event.get("type") == "roll" and step.shown:
            assert re.search(r"\b(if|whether)\b", step.shown), f"{lesson.id}: {step.shown!r} tells a roll as done"
        for text in (step.done, step.shown):
            for m in re.finditer(r"[^.;]*double damage[^.;]*", text or ""):
                assert re.search(r"\b(if|whether|on a hit|that hits)\b", m.group(0)), \
                    f"{lesson.id}: {m.group(0).strip()!r} names double damage as certain"
