"""The d20 encounter through the turn controller: surprise, reaction, the phased countdown, simultaneous damage,
long reach, mounts' shared initiative; `clinch resolve` for d20; whole battles on the d20 scenarios end."""

from __future__ import annotations

import json
from pathlib import Path

from d20_helpers import RS, field, man, rolls

from game.cli import main
from game.files.maps import load_scenario
from game.flow.turns import TurnController

ROOT = Path(__file__).resolve().parent.parent


def test_S4_ROUND_1_rounds_of_ten_seconds_and_S4_ROUND_2_surprise_then_initiative():
    """S4-ROUND-1: combat rounds of 10 s; S4-ROUND-2: surprise first, then initiative for those not surprised."""
    b = field(man("a", "red", 2, 5), man("t", "blue", 8, 5, 3), options={"surprise": ["blue"]})
    assert b.options["round_seconds"] == 10 == RS.round_seconds
    c = TurnController(b, RS, dice=[2, 4])
    ev = b.log[0]["events"]
    assert ev[0]["label"].startswith("surprise") and ev[0]["dice"] == [2]
    assert set(b.state["initiative"]["rolls"]) == {"a"} and c.whose_turn() == "a"


def test_S4_SURPRISE_3_4_6_ambush_range_elves_and_full_ac():
    """S4-SURPRISE-3 ambushers: 1-4; S4-SURPRISE-4 the hard to surprise reduce their range by 1 (G4-19);
    S4-SURPRISE-6 the surprised keep their AC."""
    from game.rules.d20.attack import armour_class
    elf = man("e", "red", 2, 6, traits={"hard_to_surprise": 1})
    b = field(man("a", "red", 2, 5), elf, man("t", "blue", 8, 5, 3, right="longsword"),
              options={"surprise": ["red"], "ambushers": ["blue"]})
    ac = armour_class(b, b.fighter("a"), b.fighter("t"))[0]
    TurnController(b, RS, dice=[4, 3, 2])
    surprise = b.log[0]["events"][0]
    assert surprise["target"] == 4 and surprise["range_rule"] == "S4-SURPRISE-3"
    from game.rules.initiative import is_surprised
    assert is_surprised(b, "a") and not is_surprised(b, "e")
    assert any(e.get("rule") == "S4-SURPRISE-4" for e in b.log[0]["events"])
    assert armour_class(b, b.fighter("a"), b.fighter("t"))[0] == ac
    assert RS.action_from_dict({"actor": "a", "type": "move", "to": [3, 5]}).check(b).rule == "S4-SURPRISE-5"


def test_S4_REACT_1_reaction_roll_with_the_leaders_charisma():
    """S4-REACT-1 (G4-8): 2d6 + the leader's CHA bonus; 9+ and the monsters hold back until attacked."""
    b = field(man("a", "red", 2, 5, stats={"CHA": 16}, right="longsword"),
              man("o", "blue", 3, 5, 3, stats={"HD": 1, "natural": 6}),
              options={"reaction": {"side": "blue", "leader": "a"}})
    ctl = TurnController(b, RS, dice=[4, 3, 1, 1])
    roll = b.log[0]["events"][0]
    assert (roll["total"], roll["result"]) == (9, "no attack, may leave or talk") and b.state["d20_peace"] == "blue"
    assert ctl.initiative()["note"] == "reaction 9: no attack, may leave or talk"  # the initiative bar's line
    b.state.pop("initiative")  # asked outside the countdown, as `clinch resolve` does
    assert RS.action_from_dict({"actor": "o", "type": "attack", "target": "a"}).check(b).rule == "S4-REACT-1"


def test_S4_INIT_1_2_3_S4_PHASE_1_to_5_countdown_phases_and_simultaneous_damage():
    """S4-INIT-1 1d6 + DEX; S4-INIT-2 high first; S4-INIT-3 equal numbers together; S4-PHASE-1 movement,
    artillery, missiles (S4-PHASE-3), magic (S4-PHASE-4, wands only: G4-18), hand-to-hand (S4-PHASE-5); PHASE-2
    artillery slots for artillery weapons; GX-4: damage on a shared number lands after everyone acted."""
    a = man("a", "red", 5, 5, 0, right="longsword", stats={"HP": 4})
    t = man("t", "blue", 6, 5, 3, right="longsword", stats={"HP": 4})
    g = man("g", "blue", 1, 9, 0, right="cannon", items=["wand_of_paralysis"])
    b = field(a, t, g)
    c = TurnController(b, RS, dice=[3, 3, 1])
    assert b.state["initiative"]["rolls"] == {"a": 3, "t": 3, "g": 1}
    from game.rules.d20.initiative import acts_in
    assert acts_in(b, "g", "artillery") and acts_in(b, "g", "magic") and not acts_in(b, "a", "missiles")
    assert acts_in(b, "g", "missiles") is False
    assert c.whose_turn() == "a" and b.state["initiative"]["phase"] == "movement"
    c.submit(RS.action_from_dict({"actor": "a", "type": "do_nothing"}))
    c.submit(RS.action_from_dict({"actor": "t", "type": "do_nothing"}))
    assert b.state["initiative"]["phase"] == "hand-to-hand"


def _order(events: list[dict]) -> list[str]:
    """attack roll, damage roll, damage: the kinds of events in the order they came."""
    out = []
    for e in events:
        if e["type"] == "roll" and "initiative" not in e["label"]:
            out.append("damage roll" if "damage" in e["label"] else "attack roll")
        elif e["type"] == "damage":
            out.append("damage")
    return out


def test_S4_PHASE_2_3_5_artillery_missiles_hand_to_hand_on_one_number():
    """On number 4: S4-PHASE-2 artillery (the hand cannon: target, attack roll, 2d6 damage) after movement;
    S4-PHASE-3 missiles (the bow: target, attack, 1d6) next; S4-PHASE-5 hand-to-hand last (target, attack,
    damage), the two swordsmen's blows landing together (GX-4). Each weapon only in its own phase."""
    s = man("s", "red", 5, 5, 0, right="longsword", stats={"HP": 30})
    bow = man("b", "red", 2, 9, 0, right="shortbow", stats={"HP": 30})
    t = man("t", "blue", 6, 5, 3, right="longsword", stats={"HP": 30})
    g = man("g", "blue", 9, 9, 3, right="cannon", stats={"HP": 30})
    b = field(s, bow, t, g)
    c = TurnController(b, RS, dice=[4, 4, 4, 4, 15, 3, 4, 12, 3, 12, 5, 12, 4, 1, 1, 1, 1])
    assert set(b.state["initiative"]["rolls"].values()) == {4}
    seen = []
    while b.state["initiative"]["phase"] == "movement":
        seen.append(c.whose_turn())
        c.end_turn()
    assert sorted(seen) == ["b", "g", "s", "t"]
    assert (c.whose_turn(), b.state["initiative"]["phase"], b.state["initiative"]["count"]) == ("g", "artillery", 4)

    def phase_rule(actor, target, weapon):
        reason = RS.action_from_dict({"actor": actor, "type": "attack", "target": target, "item": weapon}).check(b)
        return reason.rule if reason else None
    assert phase_rule("b", "g", "shortbow") == "S4-PHASE-1" and phase_rule("s", "t", "longsword") == "S4-PHASE-1"
    r = c.submit(RS.action_from_dict({"actor": "g", "type": "attack", "target": "b", "item": "cannon"}))
    roll = rolls(r.events)[0]
    assert _order(r.events) == ["attack roll", "damage roll", "damage"] and roll["rule"] == "S4-ATTACK-1"
    assert (roll["total"], roll["dc"], roll["success"]) == (17, 11, True) and b.fighter("b").hp == 23  # 2d6: 3 + 4
    assert (c.whose_turn(), b.state["initiative"]["phase"]) == ("b", "missiles")
    assert phase_rule("s", "t", "longsword") == "S4-PHASE-1"
    r = c.submit(RS.action_from_dict({"actor": "b", "type": "attack", "target": "g", "item": "shortbow"}))
    assert _order(r.events) == ["attack roll", "damage roll", "damage"] and b.fighter("g").hp == 27
    assert rolls(r.events)[0]["total"] == 14  # 12 + AB 1 + short range 1
    assert (c.whose_turn(), b.state["initiative"]["phase"]) == ("b", "hand-to-hand")
    c.end_turn()
    assert c.whose_turn() == "s"
    r1 = c.submit(RS.action_from_dict({"actor": "s", "type": "attack", "target": "t", "item": "longsword"}))
    assert _order(r1.events) == ["attack roll", "damage roll"] and b.fighter("t").hp == 30  # held back (GX-4)
    assert c.whose_turn() == "g"
    c.end_turn()
    r2 = c.submit(RS.action_from_dict({"actor": "t", "type": "attack", "target": "s", "item": "longsword"}))
    assert _order(r2.events) == ["attack roll", "damage roll", "damage", "damage"]
    assert (b.fighter("t").hp, b.fighter("s").hp) == (25, 26) and b.round == 2  # both landed; number 4 done


def test_gx_4_simultaneous_blows_both_land():
    """GX-4 / S4-INIT-3: two fighters on the same number both strike; neither loses its blow to the other's."""
    a = man("a", "red", 5, 5, 0, right="longsword", stats={"HP": 4})
    t = man("t", "blue", 6, 5, 3, right="longsword", stats={"HP": 4})
    b = field(a, t)
    c = TurnController(b, RS, dice=[3, 3, 15, 8, 15, 8])
    c.end_turn()
    c.end_turn()
    assert c.submit(RS.action_from_dict({"actor": "a", "type": "attack", "target": "t", "item": "longsword"})).ok
    assert "dead" not in b.fighter("t").conditions and b.state["d20_pending"]
    assert c.submit(RS.action_from_dict({"actor": "t", "type": "attack", "target": "a", "item": "longsword"})).ok
    assert "dead" in b.fighter("t").conditions and "dead" in b.fighter("a").conditions and b.ended


def test_S4_INIT_5_6_wait_for_a_lower_number_or_a_fighter():
    """S4-INIT-5 act later; S4-INIT-6 with a named fighter."""
    b = field(man("a", "red", 2, 5), man("t", "blue", 8, 5, 3), man("u", "blue", 9, 7, 3))
    c = TurnController(b, RS, dice=[6, 4, 2])
    assert c.submit(RS.action_from_dict({"actor": "a", "type": "wait", "fighter": "u"})).ok
    seen = []
    for _ in range(4):
        seen.append(c.whose_turn())
        c.end_turn()
    assert seen == ["t", "t", "a", "u"]


def test_S4_INIT_4_one_roll_for_a_group_of_identical_monsters():
    """S4-INIT-4 [GM]: option group_initiative: one roll per group."""
    b = field(man("a", "red", 2, 5), man("o1", "blue", 8, 5, 3, traits={"group": "orcs"}, stats={"HD": 1}),
              man("o2", "blue", 8, 7, 3, traits={"group": "orcs"}, stats={"HD": 1}),
              options={"group_initiative": True})
    TurnController(b, RS, dice=[3, 5])
    assert b.state["initiative"]["rolls"] == {"a": 3, "o1": 5, "o2": 5}


def test_S4_MOUNT_1_2_rider_and_mount_share_initiative_exotic_acts_last():
    """S4-MOUNT-1 the mount uses the rider's roll; S4-MOUNT-2 [GM] a zombie steed (acts_last) moves last."""
    r = man("r", "red", 2, 5, conditions=["mounted"])
    h = man("h", "red", 2, 5, stats={"HD": 2, "INT": 2}, traits={"mount": 1})
    b = field(r, h, man("t", "blue", 8, 5, 3))
    TurnController(b, RS, dice=[5, 2])
    rolls = b.state["initiative"]["rolls"]
    assert rolls["r"] == rolls["h"] == 5
    h.traits["acts_last"] = 1
    b2 = field(man("r", "red", 2, 5, conditions=["mounted"]), h, man("t", "blue", 8, 5, 3))
    TurnController(b2, RS, dice=[5, 2])
    assert b2.state["initiative"]["rolls"]["h"] == -9


def test_S4_INIT_7_long_reach_strikes_a_closing_foe_on_its_number():
    """S4-INIT-7: a spear whose number is lower strikes the opponent closing on it, on the opponent's number."""
    b = field(man("a", "red", 2, 5, right="longsword", stats={"HP": 30}),
              man("t", "blue", 8, 5, 3, right="spear"))
    c = TurnController(b, RS, dice=[6, 2, 15, 4])
    r = c.submit(RS.action_from_dict({"actor": "a", "type": "move", "to": [7, 5]}))
    assert r.ok and any(e.get("rule") == "S4-INIT-7" for e in r.events)
    assert b.fighter("a").hp == 26 and b.fighter("t").counters["attacked"]["reach"]


def test_d20_resolve_fixture(capsys, tmp_path):
    """`clinch resolve` for d20 (SITUATION-FORMAT.md): a wrestling hold and an escape with scripted dice
    (S4-WRESTLE-1, S4-WRESTLE-4), roll events with dc and total."""
    path = ROOT / "tests" / "fixtures" / "situations" / "d20_wrestle_escape.json"
    code = main(["resolve", str(path)])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["ruleset"] == "d20"
    hold, esc = [e for e in out["events"] if e["type"] == "roll"]
    assert (hold["dc"], hold["total"], hold["success"]) == (12, 14, True)
    assert (esc["dc"], esc["total"], esc["success"]) == (12, 13, True) and out["state"]["grapples"] == []
    assert out["dice_left"] == []


def test_d20_scenarios_play_to_an_end():
    """Every d20 scenario loads and a seeded battle of the computer against itself ends (soak-style)."""
    from game.ai.driver import play_battle
    from game.ai.opponent import Opponent
    for name in ("arena_d20", "tavern_d20"):
        b = load_scenario(ROOT / "maps" / f"{name}.toml")
        RS.setup(b)
        players = {s.id: Opponent("easy", budget_ms=None, nodes=20, seed=1) for s in b.sides}
        res = play_battle(b, RS, players, check=True, round_limit=30)
        assert res.error is None and not res.breaks and b.ended


def test_GX_4_the_log_says_when_held_back_damage_lands():
    """GX-4: the stat event that empties the held-back damage reads as a line of the log, in d20's own words
    (Presentation.event_words; the generic words stay silent on stat events)."""
    from game.rules import events as E
    from game.ui.describe import event_line

    b = field(man("a", "red", 2, 5), man("t", "blue", 3, 5, 3))
    line = event_line(b, E.stat("t", "battle.d20_pending", [], rule="GX-4"))
    assert line is not None and "held-back damage lands now (GX-4)" in line
    assert event_line(b, E.stat("t", "battle.d20_pending", [{"target": "t"}], rule="GX-4")) is None
