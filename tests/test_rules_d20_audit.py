"""d20 defects an independent audit of seed 004 found (issue 14), each pinned with scripted dice: a scenario's
``surprised`` condition (S4-SURPRISE-5/6), trips onto other fighters (S4-TRIP-1, GX-3), defensive combat declared
after its cost was dodged (S4-PARRY-2/3, ruling D20-7), parting shots from stunned foes (S4-DEFMOVE-1, G4-16), a
natural 1 confirming a critical (S4-CRIT-2), holds on fallen defenders (S4-WRESTLE-3/6, ruling D20-30)."""

from __future__ import annotations

import json

from d20_helpers import RS, act, field, man, mod, rolls, rules_of, why

from game.dice import ScriptedDice
from game.files.situation import build_situation, parse_situation, play
from game.flow.turns import TurnController
from game.hexgrid import Hex
from game.model import Grapple
from game.rules.d20.attack import armour_class
from game.rules.d20.wrestling import Release, Trip
from game.rules.events import apply_event
from game.rules.initiative import surprise_event


def duel(a_kw=None, t_kw=None, *extra, **opts):
    a = man("a", "red", 5, 5, 0, **(a_kw or {"right": "longsword"}))
    t = man("t", "blue", 6, 5, 3, **(t_kw or {"stats": {"HP": 30}, "right": "longsword"}))
    return field(a, t, *extra, options=opts)


# -- S4-SURPRISE-5/6: the condition `surprised` has its full effect --------------------------------------------------

def test_S4_SURPRISE_5_a_surprised_condition_forbids_moving_and_attacking():
    """S4-SURPRISE-5: a fighter given the condition ``surprised`` can neither move nor attack in that round, in
    check and in the menu alike; waiting stays open; the next round it acts again and the condition is gone."""
    b = duel({"right": "spear", "conditions": ["surprised"]})
    for data in ({"actor": "a", "type": "move", "to": [4, 5]}, {"actor": "a", "type": "run", "to": [1, 5]},
                 {"actor": "a", "type": "attack", "target": "t", "item": "spear"},
                 {"actor": "a", "type": "brawl", "target": "t"}, {"actor": "a", "type": "wrestle", "target": "t"},
                 {"actor": "a", "type": "trip", "target": "t"},
                 {"actor": "a", "type": "fighting_withdrawal", "to": [4, 5]}):
        assert why(b, data).rule == "S4-SURPRISE-5", data
    menu = RS.legal_actions(b, "a")
    acting = [o for o in menu if o.action.type in ("move", "run", "attack", "brawl", "wrestle", "trip", "charge",
                                                   "shield_bash", "fighting_withdrawal")]
    assert acting and all(o.reason is not None and o.reason.rule == "S4-SURPRISE-5" for o in acting)
    assert [o.reason for o in menu if o.action.type == "do_nothing"] == [None]
    b.round += 1
    RS.start_turn(b, "a", ScriptedDice([]))
    assert "surprised" not in b.fighter("a").conditions
    act(b, {"actor": "a", "type": "attack", "target": "t", "item": "spear"}, [2])


def test_S4_SURPRISE_5_a_surprised_fighter_gets_no_slot_in_the_first_round():
    """S4-SURPRISE-5 through the turn controller: the scenario's surprised fighter rolls no initiative and has no
    turn in round 1, as if the encounter's surprise roll had caught it."""
    b = duel({"right": "longsword", "conditions": ["surprised"]})
    TurnController(b, RS, dice=[4])
    assert b.current == "t" and b.log[0]["events"][0]["actor"] == "t"
    assert b.order == ["t"] and "a" not in b.state["initiative"]["rolls"]


def test_S4_SURPRISE_5_clinch_resolve_refuses_the_surprised_fighters_attack():
    """S4-SURPRISE-5 in a situation file (SITUATION-FORMAT: a condition has its full effect): the surprised
    fighter's attack is illegal (exit 3), naming the rule."""
    stats = {"STR": 10, "DEX": 10, "CON": 10, "INT": 10, "WIS": 10, "CHA": 10, "level": 1}
    spec = {"ruleset": "d20", "map": None,
            "fighters": [{"id": "ann", "side": "red", "hex": [0, 0], "facing": 0, "stats": stats,
                          "hands": {"right": "longsword", "left": None}, "conditions": ["surprised"]},
                         {"id": "bob", "side": "blue", "hex": [1, 0], "facing": 3, "stats": stats}],
            "actions": [{"actor": "ann", "type": "attack", "target": "bob", "item": "longsword"}],
            "dice": [15, 4]}
    sit = build_situation(parse_situation(json.dumps(spec)))
    out = play(sit, ScriptedDice(list(sit.dice or [])))
    assert out.illegal_at == 0 and out.exit_status == 3
    assert out.events[-1]["type"] == "illegal" and out.events[-1]["rule"] == "S4-SURPRISE-5"


def test_S4_SURPRISE_6_the_surprised_keep_their_dex_bonus_to_ac():
    """S4-SURPRISE-6: the surprised still defend themselves, no penalty to AC: an unarmoured surprised fighter
    keeps its DEX bonus (ruling D20-4 no longer takes it); S4-UNARMORED-3 still takes it against a foe it cannot
    see."""
    b = duel({"right": "longsword"}, {"stats": {"HP": 30, "DEX": 16}})
    apply_event(b, surprise_event("t", b.round))  # caught by the encounter's surprise roll
    assert armour_class(b, b.fighter("t"), b.fighter("a"))[0] == 11 + 2
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [11])
    assert rolls(ev)[0]["dc"] == 13 and rolls(ev)[0]["success"] is False
    b = field(man("a", "red", 2, 5, 0, right="shortbow"), man("t", "blue", 8, 5, 3, stats={"DEX": 16}))
    b.board.cell(Hex(5, 5)).blocks_sight = True
    assert armour_class(b, b.fighter("t"), b.fighter("a"))[0] == 11


# -- S4-TRIP-1 with GX-3 ---------------------------------------------------------------------------------------------

def test_S4_TRIP_1_never_into_an_occupied_hex_or_the_attackers_own():
    """S4-TRIP-1, GX-3: the trip throws its target up to 5' where the attacker wishes, but never into a hex
    another fighter stands in, the attacker's own included (only wrestling shares a hex)."""
    c = man("c", "red", 7, 5, 3)
    b = duel(None, None, c)
    assert why(b, {"actor": "a", "type": "trip", "target": "t", "to": [5, 5]}).rule == "GX-3"
    assert why(b, {"actor": "a", "type": "trip", "target": "t", "to": [7, 5]}).rule == "GX-3"
    act(b, {"actor": "a", "type": "trip", "target": "t", "to": [6, 6]}, [12])
    assert b.fighter("t").hex == Hex(6, 6) and b.fighter("t").posture == "prone"
    # the trusted path (resolve without check) keeps the rule too: the target falls where it stands
    b = duel(None, None, man("c", "red", 7, 5, 3))
    ev = Trip("a", target="t", to=(5, 5)).resolve(b, ScriptedDice([12]))
    assert b.fighter("t").hex == Hex(6, 5) and b.fighter("t").posture == "prone" and "GX-3" in rules_of(ev)


# -- S4-PARRY-2/3: the cost of defensive combat is real (ruling D20-7) -----------------------------------------------

def test_S4_PARRY_2_no_partial_defence_after_attacking_or_running():
    """S4-PARRY-2: partial defence is -4 to attack rolls *that round* and no more than the base move: a fighter
    that attacked without the -4, or ran, can no longer declare it; one that walked can."""
    b = duel()
    act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [2])
    assert why(b, {"actor": "a", "type": "defend", "mode": "partial"}).rule == "S4-PARRY-2"
    b = field(man("a", "red", 0, 5, 0, right="longsword"), man("t", "blue", 14, 5, 3))
    act(b, {"actor": "a", "type": "run", "to": [10, 5]})
    assert why(b, {"actor": "a", "type": "defend", "mode": "partial"}).rule == "S4-PARRY-2"
    b = field(man("a", "red", 0, 5, 0, right="longsword"), man("t", "blue", 14, 5, 3))
    act(b, {"actor": "a", "type": "move", "to": [6, 5]})
    act(b, {"actor": "a", "type": "defend", "mode": "partial"})


def test_S4_PARRY_3_no_total_defence_after_attacking_or_moving_more_than_five_feet():
    """S4-PARRY-3: total defence means no attack and at most 5' *that round*: not after an attack, not after a
    10' walk; after a single 5' step it may still be declared."""
    b = duel()
    act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [2])
    assert why(b, {"actor": "a", "type": "defend", "mode": "total"}).rule == "S4-PARRY-3"
    b = field(man("a", "red", 0, 5, 0, right="longsword"), man("t", "blue", 14, 5, 3))
    act(b, {"actor": "a", "type": "move", "to": [2, 5]})
    assert why(b, {"actor": "a", "type": "defend", "mode": "total"}).rule == "S4-PARRY-3"
    b = field(man("a", "red", 0, 5, 0, right="longsword"), man("t", "blue", 14, 5, 3))
    act(b, {"actor": "a", "type": "move", "to": [1, 5]})
    act(b, {"actor": "a", "type": "defend", "mode": "total"})


def test_S4_PARRY_2_3_free_attacks_pay_the_cost_too():
    """S4-PARRY-2: the -4 holds for every attack roll of the round, a parting shot's too; S4-PARRY-3: a foe in
    total defence makes no attack that round, so it takes no parting shot."""
    b = duel()
    act(b, {"actor": "t", "type": "defend", "mode": "partial"})
    ev = act(b, {"actor": "a", "type": "move", "to": [2, 5]}, [15, 3])
    shot = rolls(ev, "parting")[0]
    assert mod(shot, "S4-PARRY-2") == -4 and mod(shot, "S4-DEFMOVE-1") == 2 and shot["total"] == 15 + 1 + 2 - 4
    b = duel()
    act(b, {"actor": "t", "type": "defend", "mode": "total"})
    ev = act(b, {"actor": "a", "type": "move", "to": [2, 5]})
    assert not rolls(ev, "parting") and b.fighter("a").hex == Hex(2, 5)


# -- S4-DEFMOVE-1 with G4-16 -----------------------------------------------------------------------------------------

def test_S4_DEFMOVE_1_a_stunned_foe_still_gets_its_parting_shot():
    """S4-DEFMOVE-1: any adjacent foe with a ready weapon gets a parting shot; G4-16: a stunned one still acts,
    at -2 to hit (and -2 AC)."""
    b = duel({"stats": {"HP": 30}}, {"stats": {"HP": 30}, "right": "longsword", "conditions": ["stunned"]})
    ev = act(b, {"actor": "a", "type": "move", "to": [2, 5]}, [15, 3])
    shot = rolls(ev, "parting")[0]
    assert mod(shot, "S4-DEFMOVE-1") == 2 and mod(shot, "S4-JOUST-5") == -2 and shot["total"] == 15 + 1 + 2 - 2
    assert b.fighter("a").hp == 27


# -- S4-CRIT-2 -------------------------------------------------------------------------------------------------------

def test_S4_CRIT_2_a_natural_one_never_confirms_a_critical():
    """S4-CRIT-2 with S4-ATTACK-2: the confirmation roll must be a hit, and a natural 1 always fails, even when
    1 + the bonuses would reach the AC (here 1 + 1 + 3 = 5 against AC 5)."""
    b = duel({"right": "longsword", "stats": {"STR": 18}}, {"stats": {"HP": 30, "AC": 5}})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [20, 1, 4])
    conf = rolls(ev, "confirmation")[0]
    assert conf["total"] == 5 and conf["dc"] == 5 and conf["success"] is False
    assert [e for e in ev if e["type"] == "damage"][0]["amount"] == 4 + 3  # a plain hit: 1d8 + STR
    b = duel({"right": "longsword", "stats": {"STR": 18}}, {"stats": {"HP": 30, "AC": 5}})
    ev = act(b, {"actor": "a", "type": "attack", "target": "t", "item": "longsword"}, [20, 2, 4])
    assert rolls(ev, "confirmation")[0]["success"] is True
    assert [e for e in ev if e["type"] == "damage"][0]["amount"] == 8 + 4 + 3


# -- S4-WRESTLE-3/6, ruling D20-30 -----------------------------------------------------------------------------------

def test_S4_WRESTLE_3_a_hold_on_a_fallen_defender_lasts_until_released():
    """S4-WRESTLE-3: the hold is maintained until the holder lets go or the defender gets out, so a defender
    killed in the hold, or knocked out by its holder's blow (S4-SUBDUE-3), stays held; S4-WRESTLE-6: the holder
    lets go whenever it wishes, a free action that leaves it its turn."""
    c = man("c", "red", 5, 6, 0, right="longsword")
    b = duel({"stats": {"HP": 30}}, {"stats": {"HP": 3}}, c)
    b.grapples.append(Grapple(holder="a", target="t", kind="hold", hands=2))
    b.fighter("a").hex = b.fighter("t").hex
    ev = act(b, {"actor": "c", "type": "attack", "target": "t", "item": "longsword"}, [15, 5])
    assert "dead" in b.fighter("t").conditions and [(g.holder, g.target) for g in b.grapples] == [("a", "t")]
    assert not [e for e in ev if e["type"] == "grapple_end"]
    assert Release.free is True
    ev = act(b, {"actor": "a", "type": "release", "target": "t"})
    assert not b.grapples and [e["rule"] for e in ev if e["type"] == "grapple_end"] == ["S4-WRESTLE-6"]
    b = duel({"stats": {"HP": 30}}, {"stats": {"HP": 1}})
    b.grapples.append(Grapple(holder="a", target="t", kind="hold", hands=2))
    b.fighter("a").hex = b.fighter("t").hex
    act(b, {"actor": "a", "type": "brawl", "target": "t"}, [1])
    assert "unconscious" in b.fighter("t").conditions and b.grapples
    b.round += 1
    ev = act(b, {"actor": "a", "type": "brawl", "target": "t"}, [2])  # S4-HOLD-1, S4-SUBDUE-4: now it kills
    assert "dead" in b.fighter("t").conditions and "S4-SUBDUE-4" in rules_of(ev)


# -- ruling D20-6 with S4-PHASE-1: the charge's attack is a hand-to-hand attack --------------------------------------

def test_S4_PHASE_1_a_charges_attack_comes_in_the_hand_to_hand_phase():
    """S4-PHASE-1, S4-CHARGE-1/6/8, ruling D20-6: the charge runs in the movement phase; its attack (+2, double
    damage) is a hand-to-hand attack, so an archer on the same number shoots first, in the missiles phase (at a
    target who ran, S4-RANGED-5, with -2 AC, S4-CHARGE-7), and the charge's blow comes at the charger's
    hand-to-hand slot."""
    a = man("a", "red", 2, 5, 0, right="spear", stats={"HP": 30})
    t = man("t", "blue", 7, 5, 3, right="longsword", stats={"HP": 30})
    x = man("x", "blue", 6, 9, 2, right="shortbow", stats={"HP": 30})
    b = field(a, t, x)
    c = TurnController(b, RS, dice=[4, 1, 4, 10, 3, 12, 4])
    assert b.state["initiative"]["rolls"] == {"a": 4, "t": 1, "x": 4} and c.whose_turn() == "a"
    r = c.submit(RS.action_from_dict({"actor": "a", "type": "charge", "target": "t", "to": [6, 5]}))
    assert b.fighter("a").hex == Hex(6, 5) and not rolls(r.events) and "S4-PHASE-1" in rules_of(r.events)
    assert c.whose_turn() == "x" and b.state["initiative"]["phase"] == "movement"
    c.end_turn()
    assert (c.whose_turn(), b.state["initiative"]["phase"]) == ("a", "missiles")  # a spear may be thrown
    assert why(b, {"actor": "a", "type": "attack", "target": "x", "item": "spear"}).rule == "S4-MOVE-5"
    c.end_turn()
    assert (c.whose_turn(), b.state["initiative"]["phase"]) == ("x", "missiles")
    r = c.submit(RS.action_from_dict({"actor": "x", "type": "attack", "target": "a", "item": "shortbow"}))
    shot = rolls(r.events)[0]
    assert mod(shot, "S4-RANGED-5") == -2 and shot["dc"] == 9 and shot["success"] and b.fighter("a").hp == 27
    assert (c.whose_turn(), b.state["initiative"]["phase"]) == ("a", "hand-to-hand")
    blow = [e for e in rolls(b.log[-1]["events"]) if e["label"].startswith("a attacks")]
    assert blow and mod(blow[0], "S4-CHARGE-6") == 2 and blow[0]["total"] == 12 + 1 + 2
    c.end_turn()
    c.end_turn()
    assert b.fighter("t").hp == 30 - 2 * 4  # double damage (S4-CHARGE-8), landed with the number (GX-4)
