"""The percentage on an action menu entry is the chance of the whole action, the number its hover calls "the whole"
(and the one its chart and its sentence give): one computation for both (``action_words.whole_chance``).

Seen in play: a 3d6-full arm lock read 50% in the menu and "The whole: 37%" in the hover, an HT roll to stay
conscious coming first (G0-7); an nd6 attack read 62% in the menu and 63% in its chart. The test opens the real
menu (drawn rows, no window) at a sample of positions of every scenario of every ruleset, and reads the words a
player reads.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random  # noqa: E402
import re  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers_full import duo, grip  # noqa: E402

from game import dice as D  # noqa: E402
from game.files.scenarios import load_scenario  # noqa: E402
from game.flow.turns import TurnController  # noqa: E402
from game.hexgrid import Hex, hex_distance  # noqa: E402
from game.rules.base import rules_of as ruleset_for  # noqa: E402
from game.ui.action_menu import ActionMenu  # noqa: E402
from game.ui.describe import main_chance  # noqa: E402
from game.ui.intent_fields import expand  # noqa: E402
from game.ui.odds_chart import render_chart  # noqa: E402
from game.ui.palette import palette  # noqa: E402
from game.ui.text import TextCache  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"
SCENARIOS = sorted(p.name for p in MAPS.glob("*.toml"))
PCT = re.compile(r"(<1%|>99%|\d+%)")
#: actions that bring no roll against a foe: the sample looks at positions with something else on the menu
_QUIET = ("move", "do_nothing", "pass", "wait", "face", "change_posture", "move_order", "defend", "dodge")


def _menu(battle, ruleset, actor, options, text):
    return ActionMenu(None, None, battle, actor, options, target=None, anchor=(300, 300), text=text,
                      pal=palette("dark"), screen_size=(1280, 800), odds=lambda a: ruleset.odds(battle, a))


def _hover_whole(lines: list[str]) -> str | None:
    """The whole's percentage as the hover prints it: its "The whole:" line, else its one roll's."""
    whole = next((ln for ln in lines if ln.startswith("The whole: ")), None)
    if whole is not None:
        return PCT.search(whole).group(1)
    rolls = [ln for ln in lines if re.match(r"\d+\. ", ln)]
    return PCT.findall(rolls[0])[-1] if len(rolls) == 1 else None


def _chart_words(text: TextCache, menu: ActionMenu, action) -> list[str]:
    words = menu.box.words(menu.battle, action)
    if words is None or not words.chart:
        return []
    text.drawn = []
    render_chart(text, menu.pal, words, 360)
    return [d[0] for d in text.drawn]


def check_menu(battle, ruleset, actor, options) -> int:
    """Every entry of every group of the menu: its percentage is the hover's whole, its sentence's and its
    chart's bar of that outcome; returns how many entries were compared."""
    text = TextCache()
    menu = _menu(battle, ruleset, actor, options, text)
    seen = 0
    for g in [g for g in menu.groups if g.legal and not g.on_map]:
        menu._show_group(g)
        for e in [e for e in menu.entries if e.kind == "option"]:
            row = PCT.findall(e.button.text)
            lines = [s for s, _, _ in menu.info_lines(e)]
            hover = _hover_whole(lines)
            where = f"{ruleset.id} {e.option.action}: row {e.button.text!r}, hover {lines}"
            if not row:
                assert hover is None, where
                continue
            seen += 1
            shown = row[-1]
            if hover is not None:
                assert hover == shown, where
            sentence = lines[1]  # the odds sentence under the title
            assert PCT.search(sentence).group(1) == shown, where
            words = menu.box.words(battle, e.option.action)
            if words is not None and words.chart and words.whole is not None and any(
                    abs(p - words.whole) < 1e-9 for _, p in words.chart):
                assert shown in _chart_words(text, menu, e.option.action), where
    return seen


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_menus_percentage_is_the_hovers_whole_at_sampled_positions(name):
    """Every ruleset's scenarios, a seeded sample of positions along a random legal game: each menu entry's
    percentage equals its hover's "the whole", its sentence's and its chart's."""
    pygame.display.init()
    b = load_scenario(MAPS / name)
    ctl = TurnController(b, seat={s.id: "human" for s in b.sides})
    rs = ctl.ruleset
    rng = random.Random(5)
    compared, looked = 0, 0
    for _ in range(200):
        if ctl.is_over() or ctl.whose_turn() is None or looked >= 6:
            break
        opts = ctl.legal_actions()
        if any(o.reason is None and o.action.type not in _QUIET for o in opts) and rng.random() < 0.5:
            n = check_menu(ctl.battle, rs, ctl.whose_turn(), expand(opts, ctl.battle, rs, ctl))
            compared, looked = compared + n, looked + bool(n)
        r = ctl.submit(_next(ctl, opts, rng))
        if r.status != "ok":
            break
    assert compared > 0


def _next(ctl, opts, rng):
    """A seeded random legal intent that brings the fight on: a strike when there is one, else the walk that
    ends nearest a foe."""
    legal = [o.action for o in opts if o.reason is None]
    strikes = [a for a in legal if a.type not in _QUIET]
    if strikes and rng.random() < 0.8:
        return rng.choice(strikes)
    me = ctl.battle.get(ctl.whose_turn())
    foes = [f.hex for f in ctl.battle.fighters if f.side != me.side]
    walks = [a for a in legal if a.type == "move" and getattr(a, "to", None) is not None]
    if walks and rng.random() < 0.3:
        return rng.choice(walks)
    if walks and foes:
        return min(walks, key=lambda a: (min(hex_distance(Hex(*a.to), h) for h in foes), rng.random()))
    return rng.choice(legal)


def test_G0_7_an_ht_roll_first_counts_in_the_menus_percentage():
    """G0-7 (ruling L-12): at 0 HP or less a fighter rolls HT before its maneuver; every menu percentage of a
    fighter at -3 HP holding a foe's arm (3d6-full, the arm lock's case) is the chance of the whole, HT roll
    included, as the hover's "the whole" says, and that roll is listed first among the hover's rolls."""
    pygame.display.init()
    b = duo({"hp": -3, "skills": {"Judo": 14}}, grapples=(grip(location="arm", hands=1),))
    rs = ruleset_for(b)
    options = expand(rs.legal_actions(b, "ann"), b, rs)
    assert check_menu(b, rs, "ann", options) > 0
    menu = _menu(b, rs, "ann", options, TextCache())
    ht = D.success_chance(11)  # HT 11, -3 HP: no multiple of HP below zero yet
    rolled = [(g, o) for g in menu.groups for o in g.legal if main_chance(g.odds.get(id(o)), rs)[1] is not None]
    assert rolled
    for g, o in rolled:
        words = menu.box.words(b, o.action)
        assert words.rolls[0] == ("HT to stay conscious at 0 HP or less (G0-7)", pytest.approx(ht))
        assert g.chance_of(o) == pytest.approx(main_chance(g.odds.get(id(o)), rs)[1] * ht) == words.whole
