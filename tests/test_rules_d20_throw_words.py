"""A thrown dagger as the d20 engine resolves it, and as the menu says it (playtest, a new player's d20 battle).

The hover read "Swing or shoot at Ann" for a dagger thrown, said nothing of the friend a near miss would hit,
and its percentage was a melee blow's (the menu reckoned a thrown dagger with the melee modifiers, so "careful"
read as likely as a plain throw into a melee while the engine took its -4).
"""

from __future__ import annotations

import re

from d20_helpers import RS, field, man

from game.dice import ScriptedDice
from game.rules.d20.action_words import words


def _throw_field():
    """Ann throws a dagger at Tor three hexes off; her friend Fay fights Tor hand to hand."""
    ann = man("a", "red", 5, 5, 0, stats={"DEX": 13}, right="dagger")
    tor = man("t", "blue", 8, 5, 3, stats={"HP": 30})
    fay = man("f", "red", 9, 5, 3, right="longsword")
    return field(ann, tor, fay)


def _engine_chance(b, data: dict) -> float:
    """The chance the engine's own attack roll hits, read off one resolved throw: its modifiers and AC, each
    face of the d20 tried (a natural 1 misses, a 20 hits, S4-ATTACK-2/3)."""
    action = RS.action_from_dict(data)
    assert action.check(b) is None
    events = action.resolve(b.clone(with_log=False), ScriptedDice([10] + [1] * 10))
    roll = next(e for e in events if e["type"] == "roll" and " attacks " in e["label"])
    plus = roll["total"] - roll["dice"][0]
    return sum(1 for face in range(1, 21) if face == 20 or (face != 1 and face + plus >= roll["dc"])) / 20


def test_s4_ranged_2_g4_6_a_thrown_dagger_s_odds_are_the_engine_s():
    """G4-6, S4-RANGED-2: the menu's chance of a thrown dagger is the engine's, plain and careful (-4 into the
    melee where a friend fights)."""
    b = _throw_field()
    for option in (None, "careful"):
        data = {"actor": "a", "type": "attack", "target": "t", "item": "dagger", "option": option}
        said = RS.odds(b, RS.action_from_dict(data))["hit"]
        assert abs(said - _engine_chance(b, data)) < 1e-9, (option, said)
    plain = RS.odds(b, RS.action_from_dict({"actor": "a", "type": "attack", "target": "t", "item": "dagger"}))
    careful = RS.odds(b, RS.action_from_dict({"actor": "a", "type": "attack", "target": "t", "item": "dagger",
                                              "option": "careful"}))
    assert abs(plain["hit"] - careful["hit"] - 0.2) < 1e-9


def test_s4_ranged_3_the_throw_says_it_is_thrown_and_warns_of_the_friend_it_could_hit():
    """S4-RANGED-3, G4-6: the hover says the dagger is thrown and leaves the hand, and that a miss by 1 to 3
    hits Fay; the engine, given a miss by 2, hits Fay as the words said. "careful" carries no such warning."""
    b = _throw_field()
    throw = RS.action_from_dict({"actor": "a", "type": "attack", "target": "t", "item": "dagger"})
    said = words(RS, b, throw)
    assert said.does.startswith("Throw your dagger at ") and "leaves your hand" in said.does
    warning = [n for n in said.notes if "S4-RANGED-3" in n]
    assert warning and b.fighter("f").label in warning[0] and "miss by 1 to 3" in warning[0]
    careful = RS.action_from_dict({"actor": "a", "type": "attack", "target": "t", "item": "dagger",
                                   "option": "careful"})
    assert not [n for n in words(RS, b, careful).notes if "S4-RANGED-3" in n]
    # the engine: the face that misses Tor by exactly 2 lands on Fay
    events = throw.resolve(b.clone(with_log=False), ScriptedDice([10] + [1] * 10))
    roll = next(e for e in events if e["type"] == "roll" and " attacks " in e["label"])
    face = roll["dc"] - (roll["total"] - roll["dice"][0]) - 2
    assert 1 < face < 20
    events = throw.resolve(b, ScriptedDice([face] + [1] * 10))
    hit_friend = [e for e in events if e.get("rule") == "S4-RANGED-3" and e["type"] == "message"]
    assert hit_friend and re.search(b.fighter("f").label, hit_friend[0]["text"])


def test_g4_6_a_dagger_within_reach_is_a_blow_not_a_throw():
    """G4-6: next to its foe the dagger strikes in melee: the hover says nothing of throwing or of friends."""
    b = _throw_field()
    b.fighter("a").hex = b.fighter("t").hex.__class__(7, 5)
    said = words(RS, b, RS.action_from_dict({"actor": "a", "type": "attack", "target": "t", "item": "dagger"}))
    assert "Throw" not in said.does and not [n for n in said.notes if "S4-RANGED-3" in n]


def test_s4_twoweapon_1_ruling_d20_33_no_two_weapon_blows_at_a_foe_out_of_reach():
    """S4-TWOWEAPON-1, S4-TWOWEAPON-6, ruling D20-33: a sword and a dagger held, the foe two hexes off: the dagger
    may be thrown, but "two weapon" and "off hand only" (melee blows) are refused with the rule's reason; next
    to the foe both are allowed."""
    b = _throw_field()
    ann = b.fighter("a")
    ann.hands.update({"right": "shortsword", "left": "dagger"})
    ann.stats["DEX"] = 16
    throw = {"actor": "a", "type": "attack", "target": "t", "item": "dagger"}
    assert RS.action_from_dict(throw).check(b) is None
    for option in ("two_weapon", "off_hand_only"):
        why = RS.action_from_dict(dict(throw, option=option)).check(b)
        assert why is not None and why.rule == "S4-TWOWEAPON-1", (option, why)
    ann.hex = ann.hex.__class__(7, 5)
    for option in ("two_weapon", "off_hand_only"):
        blow = {"actor": "a", "type": "attack", "target": "t", "item": "shortsword", "option": option}
        assert RS.action_from_dict(blow).check(b) is None, option
