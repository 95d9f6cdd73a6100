"""Words that hold in every sentence: what the hover and the roll breakdown tell a learner is checked against
what the engine then does (not against a pinned string). Headless: the breakdown draws on a dummy display.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import re  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers_3d6 import duo, fighter, play, rolls  # noqa: E402
from helpers_full import battle as full_battle  # noqa: E402

from game.rules.base import rules_of as ruleset_for  # noqa: E402
from game.rules.threed6 import combat as C  # noqa: E402
from game.rules.threed6.full import ChokeHold  # noqa: E402
from game.ui.palette import palette  # noqa: E402
from game.ui.roll_breakdown import RollBreakdown  # noqa: E402
from game.ui.rules_help import help_for  # noqa: E402
from game.ui.text import TextCache  # noqa: E402

#: a sentence that takes defences away, and which ones (the small vocabulary of a "Costs:" line)
_NO_DEFENCE = re.compile(r"no defence|gives up every defence|no active defence")
_CANNOT = re.compile(r"cannot ((?:parry|dodge|block)(?:(?:,| or| and) (?:parry|dodge|block))*)")


def _claimed_lost(costs: str) -> set[str]:
    """The defences a hover's costs say the fighter gives up until its next turn."""
    if _NO_DEFENCE.search(costs):
        return {"dodge", "parry", "block"}
    m = _CANNOT.search(costs)
    return set(re.findall(r"parry|dodge|block", m.group(1))) if m else set()


@pytest.mark.parametrize("ruleset", ["3d6-lite", "3d6-full"])
@pytest.mark.parametrize("kind", ["attack", "all_out_attack", "move_and_attack"])
def test_G0_4_what_a_strike_costs_in_defences_is_what_the_engine_then_allows(ruleset, kind):
    """G0-4: the hover of Attack, All-Out Attack and Move and Attack says which defences the striker gives up
    until its next turn; after the strike (scripted dice: a miss), the foe's frontal attack finds exactly the
    others open. Move and Attack said "you cannot parry or block" while the engine (and G0-4: active defences
    allowed, only no retreat) let the fighter parry."""
    b = duo({"skills": {"Brawling": 14}}, same_hex=False, ruleset=ruleset)
    rs = ruleset_for(b)
    action = next(o.action for o in rs.legal_actions(b, "ann")
                  if o.reason is None and o.action.type == kind and getattr(o.action, "target", "") == "bob"
                  and getattr(o.action, "item", None) is None and getattr(o.action, "location", "torso") == "torso")
    costs = rs.presentation.action_words(b, action).costs
    play(b, action, [6, 6, 6], all_used=False)  # a miss: nothing else changes
    opts = C.defense_options(rs, b, b.fighter("ann"), C.AttackInfo("bob", "strike", None, "punch"))
    open_now = {o.kind for o in opts}
    lost = _claimed_lost(costs)
    assert open_now & lost == set(), f"{kind}: {costs!r} but the engine allows {sorted(open_now & lost)}"
    assert {"dodge", "parry"} - open_now <= lost, f"{kind}: {costs!r} but the engine allows only {open_now}"


def test_S2_CHOKE_4_the_choke_defence_breakdown_cites_the_rule_the_engine_applies():
    """S2-CHOKE-4 (G2-11): the victim's dodge against a choke from behind is allowed at -2; its breakdown cites
    S2-CHOKE-4 once (header and modifier) and not G0-5, whose words say a rear attack gets no active defence."""
    a = fighter("ann", "red", (0, 0), skills={"Judo": 14})
    b = full_battle(a, fighter("bob", "blue", (1, 0), facing=0))
    ev = play(b, ChokeHold("ann", target="bob"), [3, 3, 3, 1, 2, 2])
    d = rolls(ev)[1]
    assert d["actor"] == "bob" and d["rule"] == "S2-CHOKE-4"
    pygame.display.set_mode((1280, 800))
    bd = RollBreakdown(d, b, TextCache(), palette("dark"), help_for(ruleset_for(b)))
    bd.draw(pygame.Surface((1280, 800)))
    assert bd.rules_cited.count("S2-CHOKE-4") == 1 and "G0-5" not in bd.rules_cited
    help = help_for(ruleset_for(b))
    for rid in bd.rules_cited:  # no rule the breakdown cites says the roll could not be made
        e = help.lookup(rid)
        assert e is None or "no active defence" not in e.text, rid
