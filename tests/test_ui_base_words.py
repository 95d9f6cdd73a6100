"""A roll's base says where it comes from ("Parry = 3 + Wrestling 15 / 2, rounded down", "Base: ST", "Added to
the d20: attack bonus"), never a bare "base" (a breakdown read "10  Base: base"): every roll of every ruleset met
in the fixtures' situations and in seeded play of the scenarios, in the roll breakdown, the one-line sum and the
explanation; and a 3d6 defence's formula adds up to the base the engine rolled against (G0-5).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import math  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
from functools import lru_cache  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_menu_whole import MAPS, SCENARIOS, _next  # noqa: E402

from game.files.scenarios import load_scenario  # noqa: E402
from game.files.situation import load_situation, play  # noqa: E402
from game.flow.turns import TurnController  # noqa: E402
from game.rules.threed6 import stats as S3  # noqa: E402
from game.teaching.explain import explain_events  # noqa: E402
from game.ui.describe import roll_sum, ruleset_of  # noqa: E402
from game.ui.palette import palette  # noqa: E402
from game.ui.roll_breakdown import RollBreakdown, base_line  # noqa: E402
from game.ui.text import TextCache  # noqa: E402

SITUATIONS = Path(__file__).resolve().parent / "fixtures" / "situations"
BARE = re.compile(r"^(?:Base|Pool|Added to the d20): *(?:base)?$|\bbase\)|Base \(", re.I)


def _rolls(events):
    for ev in events:
        if ev.get("type") == "roll":
            yield ev
        elif ev.get("type") == "contest":
            yield from (r for r in ev.get("rolls") or [] if isinstance(r, dict))


@lru_cache(maxsize=1)
def every_roll() -> tuple[tuple[object, dict], ...]:
    """(battle, roll event) for the rolls of every fixture situation and of seeded play in every scenario."""
    out = []
    for path in sorted(SITUATIONS.glob("*.json")):
        if path.name.endswith(".expect.json"):
            continue
        sit = load_situation(path)
        events = play(sit, sit.make_dice()).events
        out += [(sit.battle, r) for r in _rolls(events)]
    for name in SCENARIOS:
        b = load_scenario(MAPS / name)
        ctl = TurnController(b, seat={s.id: "human" for s in b.sides})
        rng = random.Random(3)
        for _ in range(120):
            if ctl.is_over() or ctl.whose_turn() is None:
                break
            if ctl.submit(_next(ctl, ctl.legal_actions(), rng)).status != "ok":
                break
        out += [(ctl.battle, r) for en in ctl.battle.log for r in _rolls(en.get("events") or [])]
    return tuple(out)


def test_every_rulesets_rolls_meet_a_base():
    """The sample holds rolls of every ruleset, roll-under, roll-over and pools alike."""
    seen = {getattr(b, "ruleset", "") for b, _ in every_roll()}
    assert {"3d6-lite", "3d6-full", "d20", "edge", "nd6-tactical"} <= seen
    kinds = {"dc" if r.get("dc") is not None else "points" if "points" in r else "under" for _, r in every_roll()}
    assert kinds == {"dc", "points", "under"}


def test_no_breakdown_base_reads_as_a_bare_base():
    """Every roll: the breakdown's base line, the one-line sum and the explanation name the base's source."""
    for battle, r in every_roll():
        line = base_line(battle, r)
        assert not BARE.search(line) and line.split(":", 1)[-1].strip(), (r.get("label"), line)
        if r.get("dc") is not None and r.get("base"):
            assert "(base)" not in roll_sum(r, battle), roll_sum(r, battle)
    for battle, r in every_roll()[::7]:
        words = [ln for st in explain_events(battle, [r], ruleset_of(battle)) for ln in st.lines]
        assert not any(re.fullmatch(r"Start from -?\d+", w) or w.endswith("base bonus") for w in words), words


def test_the_drawn_breakdown_never_says_base_base():
    """The breakdown as drawn, for one roll of each label met: no "Base: base", no "Base (added to the d20)"."""
    pygame.display.init()
    pygame.display.set_mode((1280, 800))
    done: set[tuple[str, str]] = set()
    for battle, r in every_roll():
        key = (getattr(battle, "ruleset", ""), re.sub(r"\d+|[A-Z][a-z]+", "", str(r.get("label"))))
        if key in done:
            continue
        done.add(key)
        text = TextCache()
        text.drawn = []
        RollBreakdown(r, battle, text, palette("dark")).draw(pygame.Surface((1280, 800)))
        drawn = [d[0] for d in text.drawn]
        assert not any(w.strip() in ("Base: base", "Base (added to the d20)", "Base: base\u2026") for w in drawn), drawn


@pytest.mark.parametrize("kind", ["parry", "block", "dodge"])
def test_G0_5_a_defences_formula_adds_up_to_the_base_rolled(kind):
    """G0-5: where the breakdown says a 3d6 parry or block is 3 + half the skill and a dodge 3 + Basic Speed
    (halved below 1/3 HP, G0-7), the numbers it names make the base the engine rolled against."""
    met = 0
    for battle, r in every_roll():
        line = base_line(battle, r)
        if not line.lower().startswith(kind):
            continue
        met += 1
        base = int(r["base"])
        if kind == "dodge":
            bs = float(re.search(r"Basic Speed ([\d.]+)", line).group(1))
            assert bs == S3.basic_speed(battle.fighter(r["actor"]))
            full = math.floor(bs) + 3
            assert base == (-(-full // 2) if "/ 2" in line else full), (line, base)
        else:
            level = int(re.search(r"(-?\d+) / 2", line).group(1))
            assert base == 3 + level // 2, (line, base)
    if kind != "block":
        assert met, f"no {kind} met"
