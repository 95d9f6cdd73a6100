"""The grip figure's lists are the engine's: what a held fighter "can" is every kind of action its ruleset's
``legal_actions`` allows it now, all of them drawn; what it "cannot" is what that grip takes away (refused now,
allowed by the same rules once the grip is gone), with the ruleset's own reason and rule ID. Every ruleset, at a
grip reached by seeded legal play in its scenarios. A held Finn made an All-Out Attack the round the figure left
it out (the list was cut at eight).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers_3d6 import duo, grip  # noqa: E402
from test_ui_menu_whole import MAPS, _next  # noqa: E402

from game.files.scenarios import load_scenario  # noqa: E402
from game.flow.turns import TurnController  # noqa: E402
from game.ui.describe import ruleset_of  # noqa: E402
from game.ui.grip_diagram import _without, grip_facts, render_grips  # noqa: E402
from game.ui.palette import palette  # noqa: E402
from game.ui.text import TextCache  # noqa: E402

#: each ruleset's scenarios, tried in turn until seeded play reaches a grip
BY_RULESET = {
    "3d6-lite": ["arena.toml", "outdoor.toml"], "3d6-full": ["tavern.toml"], "d20": ["tavern_d20.toml"],
    "edge": ["tavern_edge.toml", "arena_edge.toml"], "nd6-tactical": ["cantina_nd6.toml", "cargo_bay_nd6.toml"],
}


def _a_grip(names: list[str]):
    for name in names:
        b = load_scenario(MAPS / name)
        ctl = TurnController(b, seat={s.id: "human" for s in b.sides})
        rng = random.Random(2)
        for _ in range(300):
            if ctl.battle.grapples:
                return ctl.battle
            if ctl.is_over() or ctl.whose_turn() is None or ctl.submit(_next(ctl, ctl.legal_actions(), rng)).status != "ok":
                break
    return None


def check_lists(battle) -> None:
    """The figure's can / cannot lists against the ruleset's legal actions, and every "can" drawn."""
    rs = ruleset_of(battle)
    for g in battle.grapples:
        facts = grip_facts(battle, g)
        options = rs.legal_actions(battle, g.target)
        allowed = list(dict.fromkeys(o.action.title or o.action.type for o in options if o.reason is None))
        assert facts.can == allowed, (g, facts.can, allowed)
        free = {o.action.title for o in rs.legal_actions(_without(battle, g), g.target) if o.reason is None}
        for title, reason, rule in facts.cannot:
            refused = [o for o in options if o.action.title == title and o.reason is not None]
            assert refused and title in free and title not in allowed, (title, reason)
            assert (reason, rule) == (refused[0].reason.text, refused[0].reason.rule)
        text = TextCache()
        text.drawn = []
        render_grips(text, palette("dark"), battle, [g], 420)
        drawn = " ".join(d[0] for d in text.drawn)
        for title in allowed:
            assert title in drawn, (title, drawn)


@pytest.mark.parametrize("ruleset", sorted(BY_RULESET))
def test_a_held_fighters_lists_are_its_rulesets_legal_actions(ruleset):
    """Every ruleset: at the first grip seeded play reaches, the held fighter's "can" is every allowed action of
    its ``legal_actions`` (all drawn) and each "cannot" is refused now and allowed once the grip is gone."""
    pygame.display.init()
    battle = _a_grip(BY_RULESET[ruleset])
    assert battle is not None and battle.ruleset == ruleset
    check_lists(battle)


def test_S0_HOLD_1_a_held_fighter_is_shown_every_attack_it_may_make():
    """S0-HOLD-1, S0-VICTIM-1: a 3d6 fighter held by the torso may still attack, all-out too, and bite; the
    figure says so (it stopped at eight titles, before All-Out Attack), and says it may not walk away."""
    pygame.display.init()
    b = duo({"skills": {"Wrestling": 13}}, grapples=(grip(),))
    check_lists(b)
    facts = grip_facts(b, b.grapples[0])
    assert {"Attack", "All-Out Attack", "Bite", "Break free"} <= set(facts.can)
    assert any(rule == "S0-VICTIM-1" for _, _, rule in facts.cannot)
