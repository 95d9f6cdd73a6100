"""d20 wrestling (S4-WRESTLE, S4-HOLD, S4-TRIP, S4-ITEM, S4-HELD, S4-MULTI, S4-MONSTER) with G4-13's readings."""

from __future__ import annotations

from d20_helpers import RS, act, dcmod, field, man, mod, rolls, rules_of, why

from game.hexgrid import Hex
from game.model import Grapple


def pair(a_kw=None, t_kw=None, extra=(), **opts):
    a = man("a", "red", 5, 5, 0, **(a_kw or {}))
    t = man("t", "blue", 6, 5, 3, **(t_kw or {"stats": {"HP": 30}}))
    return field(a, t, *extra, options=opts)


def held(b, holder="a", target="t"):
    b.grapples.append(Grapple(holder=holder, target=target, kind="hold", hands=2))
    b.fighter(holder).hex = b.fighter(target).hex


def test_S4_WRESTLE_1_2_a_hit_holds_and_moves_in():
    """S4-WRESTLE-1 a melee attack roll against the normal AC (G4-13); -2 the attacker moves into the hex."""
    b = pair({"stats": {"STR": 13}})
    ev = act(b, {"actor": "a", "type": "wrestle", "target": "t"}, [9])
    r = rolls(ev)[0]
    assert (r["total"], r["dc"], r["success"]) == (11, 11, True)
    assert b.fighter("a").hex == Hex(6, 5) and b.grapples[0].kind == "hold"
    assert "S4-WRESTLE-2" in rules_of(ev)
    b = pair({"stats": {"STR": 13}})
    ev = act(b, {"actor": "a", "type": "wrestle", "target": "t"}, [8])  # 10 < 11: no hold, nobody moves
    assert not b.grapples and b.fighter("a").hex == Hex(5, 5)


def test_S4_WRESTLE_3_the_hold_lasts_until_let_go_or_escaped():
    """S4-WRESTLE-3: the hold survives rounds, a failed escape and the holder's own blows; it ends when the holder
    lets go, when the defender escapes, or when the holder goes down."""
    b = pair()
    act(b, {"actor": "a", "type": "wrestle", "target": "t"}, [12])
    for _ in range(2):
        b.round += 1
        ev = act(b, {"actor": "t", "type": "escape"}, [5])  # 5 < 12
        assert rolls(ev)[0]["success"] is False
        act(b, {"actor": "a", "type": "brawl", "target": "t"}, [1])
        assert [(g.holder, g.target) for g in b.grapples] == [("a", "t")]
    assert b.fighter("t").hp == 28
    b.round += 1
    ev = act(b, {"actor": "a", "type": "release", "target": "t"})
    assert not b.grapples and [e["rule"] for e in ev if e["type"] == "grapple_end"] == ["S4-WRESTLE-6"]
    c = man("c", "blue", 5, 6, 0, right="longsword")
    b = pair({"stats": {"HP": 3}}, extra=[c])
    held(b)
    b.round += 1
    ev = act(b, {"actor": "c", "type": "attack", "target": "a", "item": "longsword"}, [15, 5])
    assert "dead" in b.fighter("a").conditions and not b.grapples
    assert [e["rule"] for e in ev if e["type"] == "grapple_end"] == ["S4-WRESTLE-3"]


def test_S4_WRESTLE_7_hold_and_pin_are_one_state():
    """S4-WRESTLE-7: a grip recorded as a "pin" (SITUATION-FORMAT files may say so) is the hold: the defender
    cannot move, has -4 AC against others, and escapes with the same save vs Death Ray (12)."""
    from d20_helpers import RS
    assert RS.grapple_kinds == ("hold", "pin")
    c = man("c", "red", 7, 5, 3, right="longsword")
    b = pair(extra=[c])
    b.grapples.append(Grapple(holder="a", target="t", kind="pin", hands=2))
    b.fighter("a").hex = b.fighter("t").hex
    assert why(b, {"actor": "t", "type": "move", "to": [8, 4]}).rule == "S4-HELD-1"
    ev = act(b, {"actor": "c", "type": "attack", "target": "t", "item": "longsword"}, [6, 2])
    assert dcmod(rolls(ev)[0], "S4-HELD-2") == -4 and rolls(ev)[0]["dc"] == 7 and rolls(ev)[0]["success"]
    ev = act(b, {"actor": "t", "type": "escape"}, [12])
    r = rolls(ev)[0]
    assert (r["dc"], r["total"], r["success"]) == (12, 12, True) and not b.grapples


def test_S4_WRESTLE_4_5_escape_save_with_better_of_str_dex_then_step_out():
    """S4-WRESTLE-4: save vs Death Ray (12 for a level-1 Fighter) + the better of STR/DEX bonus; S4-WRESTLE-5: the
    freed defender steps next to the holder."""
    b = pair(None, {"stats": {"HP": 30, "STR": 8, "DEX": 16}})
    held(b)
    ev = act(b, {"actor": "t", "type": "escape", "to": [7, 5]}, [10])
    r = rolls(ev)[0]
    assert (r["dc"], mod(r, "S4-WRESTLE-4"), r["total"], r["success"]) == (12, 2, 12, True)
    assert not b.grapples and b.fighter("t").hex == Hex(7, 5)


def test_S4_WRESTLE_6_release_at_will_and_S4_HOLD_5_holder_limits():
    """S4-WRESTLE-6 release; S4-HOLD-5: while holding, no weapon, no second hold, no breaking another's hold."""
    c = man("c", "blue", 7, 5, 3)
    b = pair({"right": "dagger"}, extra=[c])
    held(b)
    assert why(b, {"actor": "a", "type": "attack", "target": "t", "item": "dagger"}).rule == "S4-HOLD-5"
    assert why(b, {"actor": "a", "type": "wrestle", "target": "c"}).rule == "S4-HOLD-5"
    b.grapples.append(Grapple(holder="c", target="a", kind="hold"))
    assert why(b, {"actor": "a", "type": "escape"}).rule == "S4-HOLD-5"
    act(b, {"actor": "a", "type": "release", "target": "t"})
    assert not any(g.holder == "a" for g in b.grapples)


def test_S4_HOLD_1_automatic_unarmed_damage():
    """S4-HOLD-1: the holder's fist lands automatically: 1d3 subduing, once per round (G4-13)."""
    b = pair()
    held(b)
    ev = act(b, {"actor": "a", "type": "brawl", "target": "t"}, [2])
    assert not [e for e in ev if e.get("dc")] and b.fighter("t").hp == 28
    assert why(b, {"actor": "a", "type": "brawl", "target": "t"}).rule == "S4-MOVE-5"


def test_S4_HOLD_2_3_4_silence_rings_and_gm_allowances():
    """S4-HOLD-2 silence: no command words; S4-HOLD-3 simple magic items (a ring) while holding."""
    b = pair({"items": ["healing_ring"], "stats": {"HP": 10}}, {"stats": {"HP": 30}, "items": ["wand_of_paralysis"]})
    held(b)
    act(b, {"actor": "a", "type": "silence", "target": "t"})
    assert "silenced" in b.fighter("t").conditions
    b.fighter("a").hp = 5
    ev = act(b, {"actor": "a", "type": "use_item", "item": "healing_ring"}, [3])
    assert b.fighter("a").hp == 8 and "S4-HOLD-3" in rules_of(ev)
    b.grapples.clear()
    assert why(b, {"actor": "t", "type": "use_item", "item": "wand_of_paralysis", "target": "a"}).rule == "S4-HOLD-2"


def test_S4_HOLD_4_what_else_the_gm_allows_a_holder():
    """S4-HOLD-4 [GM] (ruling D20-24): the scenario option holder_actions lists the extras: "shield_bash" (bash
    the one held with a strapped shield: 1d4 subdual, S4-BASH-1) and "kick" (kick another foe within 5' at -2,
    S4-BRAWL-2, as the holder's attack, keeping the hold). Without them both are refused (S4-HOLD-5); no option
    lets a holder use a weapon."""
    c = man("c", "blue", 6, 4, 0, stats={"HP": 30})
    b = pair({"left": "shield", "right": "dagger"}, extra=[c])
    held(b)
    assert why(b, {"actor": "a", "type": "shield_bash", "target": "t"}).rule == "S4-HOLD-5"
    assert why(b, {"actor": "a", "type": "brawl", "target": "c", "kind": "kick"}).rule == "S4-HOLD-5"
    b = pair({"left": "shield", "right": "dagger"}, extra=[c], holder_actions=["shield_bash", "kick", "weapon"])
    held(b)
    assert why(b, {"actor": "a", "type": "attack", "target": "t", "item": "dagger"}).rule == "S4-HOLD-5"
    assert why(b, {"actor": "a", "type": "shield_bash", "target": "c"}).rule == "S4-HOLD-5"  # only the one held
    assert why(b, {"actor": "a", "type": "brawl", "target": "c", "kind": "punch"}).rule == "S4-HOLD-5"
    ev = act(b, {"actor": "a", "type": "shield_bash", "target": "t"}, [10, 3])
    r = rolls(ev)[0]
    assert (r["dc"], r["total"], r["success"]) == (11, 11, True) and "S4-HOLD-4" in rules_of(ev)
    assert b.fighter("t").hp == 27 and b.fighter("t").counters["subdual"] == 3 and b.grapples
    b.round += 1
    ev = act(b, {"actor": "a", "type": "brawl", "target": "c", "kind": "kick"}, [15, 4])
    r = rolls(ev)[0]
    assert mod(r, "S4-BRAWL-2") == -2 and (r["dc"], r["total"], r["success"]) == (11, 14, True)
    assert b.fighter("c").hp == 26 and "S4-HOLD-4" in rules_of(ev)
    assert [(g.holder, g.target) for g in b.grapples] == [("a", "t")]
    assert why(b, {"actor": "a", "type": "brawl", "target": "t"}).rule == "S4-MOVE-5"  # the kick was its attack


def test_S4_HOLD_6_move_the_opponent_at_half_speed():
    """S4-HOLD-6: with an attack roll the holder moves up to half speed (20') bringing the defender, if strong enough
    (STR at least equal, G4-13)."""
    b = pair({"stats": {"STR": 12}}, {"stats": {"HP": 30, "STR": 12}})
    held(b)
    assert why(b, {"actor": "a", "type": "move_opponent", "to": [11, 5]}).rule == "S4-HOLD-6"
    act(b, {"actor": "a", "type": "move_opponent", "to": [9, 5]}, [15])
    assert b.fighter("a").hex == b.fighter("t").hex == Hex(9, 5)
    b = pair({"stats": {"STR": 9}}, {"stats": {"HP": 30, "STR": 12}})
    held(b)
    assert why(b, {"actor": "a", "type": "move_opponent", "to": [8, 5]}).rule == "G4-13"


def test_S4_TRIP_1_prone_one_hex_away():
    """S4-TRIP-1: a melee attack roll; on a hit the target falls prone up to 5' away where the attacker chooses."""
    b = pair()
    ev = act(b, {"actor": "a", "type": "trip", "target": "t", "to": [7, 5]}, [12])
    r = rolls(ev)[0]
    assert (r["rule"], r["dc"], r["total"], r["success"]) == ("S4-TRIP-1", 11, 13, True)
    t = b.fighter("t")
    assert t.posture == "prone" and t.hex == Hex(7, 5) and "S4-TRIP-2" in rules_of(ev)
    assert why(b, {"actor": "t", "type": "trip", "target": "a", "to": [5, 5]}).rule == "S4-MOVE-7"  # 10' away now
    b = pair()
    act(b, {"actor": "a", "type": "trip", "target": "t", "to": [7, 5]}, [9])  # 10 < 11: stays up, stays put
    assert b.fighter("t").posture == "standing" and b.fighter("t").hex == Hex(6, 5)


def test_S4_ITEM_1_2_take_an_item_or_be_reversed():
    """S4-ITEM-1: an extra attack roll takes the item; S4-ITEM-2: a miss lets the defender reverse the hold."""
    b = pair(None, {"stats": {"HP": 30}, "right": "dagger"})
    held(b)
    act(b, {"actor": "a", "type": "acquire_item", "item": "dagger"}, [14])
    assert b.fighter("a").hands["right"] == "dagger" and b.fighter("t").hands["right"] is None
    b = pair(None, {"stats": {"HP": 30}, "right": "dagger"})
    held(b)
    ev = act(b, {"actor": "a", "type": "acquire_item", "item": "dagger"}, [3, 15])
    assert rolls(ev)[1]["rule"] == "S4-ITEM-2"
    assert [(g.holder, g.target) for g in b.grapples] == [("t", "a")]


def test_S4_ITEM_3_or_escape_instead():
    """S4-ITEM-3: the defender may escape instead of reversing (automatic, G4-13)."""
    b = pair(None, {"stats": {"HP": 30}, "right": "dagger"})
    held(b)
    act(b, {"actor": "a", "type": "acquire_item", "item": "dagger", "reaction": "escape"}, [3])
    assert not b.grapples and b.fighter("t").hex != b.fighter("a").hex


def test_S4_HELD_1_2_4_5_the_held_defender():
    """S4-HELD-1 cannot move (not helpless); -2 -4 AC against others only; S4-HELD-4 rings still work; S4-HELD-5 no spells/wands."""
    c = man("c", "red", 7, 5, 3, right="longsword")
    b = pair(None, {"stats": {"HP": 30}, "items": ["healing_ring", "wand_of_paralysis"]}, extra=[c])
    held(b)
    assert why(b, {"actor": "t", "type": "move", "to": [8, 4]}).rule == "S4-HELD-1"
    ev = act(b, {"actor": "c", "type": "attack", "target": "t", "item": "longsword"}, [2])
    assert dcmod(rolls(ev)[0], "S4-HELD-2") == -4
    ev = act(b, {"actor": "a", "type": "trip", "target": "t"}, [2])
    assert dcmod(rolls(ev)[0], "S4-HELD-2") is None
    b.fighter("t").hp = 20
    act(b, {"actor": "t", "type": "use_item", "item": "healing_ring"}, [4])
    assert b.fighter("t").hp == 24
    assert why(b, {"actor": "t", "type": "use_item", "item": "wand_of_paralysis", "target": "a"}).rule == "S4-HELD-5"


def test_S4_HELD_3_a_much_stronger_defender_drags_its_holder():
    """S4-HELD-3: STR 4+ higher (G4-13): it moves at half speed, dragging the holder."""
    b = pair({"stats": {"STR": 10}}, {"stats": {"HP": 30, "STR": 15}})
    held(b)
    act(b, {"actor": "t", "type": "move", "to": [8, 5]})
    assert b.fighter("a").hex == b.fighter("t").hex == Hex(8, 5)


def test_S4_MULTI_1_4_several_wrestlers():
    """S4-MULTI-1 four on one man-sized foe (a larger fifth would count double); -4 the -4 AC does not grow."""
    t = man("t", "blue", 6, 5, 3, stats={"HP": 40})
    ws = [man(f"w{i}", "red", 6 + dq, 5 + dr, 0) for i, (dq, dr) in enumerate([(1, 0), (0, 1), (-1, 1), (-1, 0),
                                                                            (0, -1)])]
    ws[4].size = 1  # a big wrestler counts double
    b = field(t, *ws)
    for w in ws[:3]:
        held(b, w.id, "t")
    assert why(b, {"actor": "w4", "type": "wrestle", "target": "t"}).rule == "S4-MULTI-1"
    ws[4].size = -1
    act(b, {"actor": "w4", "type": "wrestle", "target": "t"}, [2])
    ev = act(b, {"actor": "w3", "type": "wrestle", "target": "t"}, [15])
    assert "S4-MULTI-4" in rules_of(ev)
    c = man("c", "red", 5, 6, 0, right="longsword")
    b.fighters.append(c)
    ev = act(b, {"actor": "c", "type": "attack", "target": "t", "item": "longsword"}, [2])
    assert [m["value"] for m in rolls(ev)[0]["dc_modifiers"] if m["rule"] == "S4-HELD-2"] == [-4]


def test_S4_MULTI_2_smaller_wrestlers_count_half_larger_double():
    """S4-MULTI-2 (ruling D20-8): against a man-sized foe three man-sized holders (3) leave room for two small
    ones (0.5 each, 4 in all) but not a third small one, nor one larger (2)."""
    from game.rules.d20.wrestling import wrestle_limit, wrestler_weight
    t = man("t", "blue", 6, 5, 3, stats={"HP": 40})
    spots = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
    ws = [man(f"w{i}", "red", 6 + dq, 5 + dr, 0) for i, (dq, dr) in enumerate(spots)]
    for w in ws[3:]:
        w.size = -1
    big = man("big", "red", 6, 5, 0)
    big.size = 1
    assert [wrestler_weight(w, t) for w in (ws[0], ws[3], big)] == [1.0, 0.5, 2.0] and wrestle_limit(t) == 4
    b = field(t, *ws)
    for w in ws[:3]:
        held(b, w.id, "t")
    act(b, {"actor": "w3", "type": "wrestle", "target": "t"}, [15])
    act(b, {"actor": "w4", "type": "wrestle", "target": "t"}, [15])
    assert len(b.grapples) == 5
    assert why(b, {"actor": "w5", "type": "wrestle", "target": "t"}).rule == "S4-MULTI-1"
    b = field(man("t", "blue", 6, 5, 3, stats={"HP": 40}),
              *[man(f"w{i}", "red", 6 + dq, 5 + dr, 0) for i, (dq, dr) in enumerate(spots[:4])])
    for i in range(3):
        held(b, f"w{i}", "t")
    b.fighter("w3").size = 1
    assert why(b, {"actor": "w3", "type": "wrestle", "target": "t"}).rule == "S4-MULTI-1"
    b.fighter("w3").size = 0
    act(b, {"actor": "w3", "type": "wrestle", "target": "t"}, [15])
    assert len(b.grapples) == 4


def test_S4_MULTI_3_each_escape_sheds_one_holder():
    """S4-MULTI-3: held by three, each successful escape (one a round) frees the defender of one holder; it steps
    out (S4-WRESTLE-5) only when the last one is shed."""
    t = man("t", "blue", 6, 5, 3, stats={"HP": 40})
    ws = [man(f"w{i}", "red", 6 + dq, 5 + dr, 0) for i, (dq, dr) in enumerate([(1, 0), (0, 1), (-1, 1)])]
    b = field(t, *ws)
    for w in ws:
        held(b, w.id, "t")
    for n, holder in enumerate(("w0", "w1")):
        ev = act(b, {"actor": "t", "type": "escape", "target": holder}, [18])
        assert rolls(ev)[0]["success"] and [e["rule"] for e in ev if e["type"] == "grapple_end"] == ["S4-MULTI-3"]
        assert [g.holder for g in b.grapples] == ["w0", "w1", "w2"][n + 1:] and b.fighter("t").hex == Hex(6, 5)
        assert why(b, {"actor": "t", "type": "escape", "target": "w2"}).rule == "S4-WRESTLE-4"  # once a round
        b.round += 1
    ev = act(b, {"actor": "t", "type": "escape", "to": [7, 4]}, [18])
    assert not b.grapples and b.fighter("t").hex == Hex(7, 4)
    assert [e["rule"] for e in ev if e["type"] == "grapple_end"] == ["S4-WRESTLE-4"]


def test_S4_MULTI_5_holding_the_holder_gives_plus_four():
    """S4-MULTI-5: a third party holds the holder: the original defender gets +4 on escapes."""
    c = man("c", "blue", 7, 5, 3)
    b = pair(extra=[c])
    held(b)
    ev = act(b, {"actor": "c", "type": "wrestle", "target": "a"}, [15])
    assert "S4-MULTI-5" in rules_of(ev)
    ev = act(b, {"actor": "t", "type": "escape"}, [8])
    assert mod(rolls(ev)[0], "S4-MULTI-5") == 4 and rolls(ev)[0]["success"]


def test_S4_MONSTER_1_2_3_4_wrestling_monsters():
    """S4-MONSTER-1 [GM] non-humanoids only if allowed; -2 +1 per extra grasping limb; -3 a Large flier carries its
    opponent off; -4 touch attacks hurt the wrestler every round."""
    b = pair(None, {"stats": {"HP": 30, "HD": 2, "humanoid": 0}})
    assert why(b, {"actor": "a", "type": "wrestle", "target": "t"}).rule == "S4-MONSTER-1"
    ape = man("a", "red", 5, 5, 0, arms=4, stats={"HD": 2, "STR": 16})
    b = field(ape, man("t", "blue", 6, 5, 3, stats={"HP": 30}))
    ev = act(b, {"actor": "a", "type": "wrestle", "target": "t"}, [5])
    assert mod(rolls(ev)[0], "S4-MONSTER-2") == 2
    roc = man("a", "red", 5, 5, 0, stats={"HD": 6, "STR": 18, "MV": 60}, traits={"flyer": "winged"})
    roc.size = 1
    b = field(roc, man("t", "blue", 6, 5, 3, stats={"HP": 30}))
    held(b)
    ev = act(b, {"actor": "a", "type": "move_opponent", "to": [8, 5], "climb": 10}, [15])
    assert b.fighter("t").counters["altitude"] == 10 and "S4-MONSTER-3" in rules_of(ev)
    wight = man("t", "blue", 6, 5, 3, stats={"HP": 30, "HD": 3, "touch": 6})
    b = field(man("a", "red", 5, 5, 0, stats={"HP": 20}), wight)
    ev = act(b, {"actor": "a", "type": "wrestle", "target": "t"}, [15, 4])
    assert b.fighter("a").hp == 16 and "S4-MONSTER-4" in rules_of(ev)


def test_s4_held_3_a_drag_moves_the_holder_in_the_same_step():
    """S4-HELD-3: a held fighter strong enough to move drags its holder along; the holder comes in the same
    move event (``carried``), so no state between events shows the grip split across hexes."""
    from game.ai.invariants import check_invariants
    from game.model import Grapple
    from game.rules.events import apply_event

    b = field(man("a", "red", 2, 5, 0, stats={"STR": 18}), man("e", "blue", 2, 5, 3, stats={"STR": 8}))
    b.grapples.append(Grapple(holder="e", target="a", kind="hold", location="body", hands=0))
    b.current = "a"
    before = b.clone(with_log=False)
    events = act(b, {"type": "move", "actor": "a", "to": [0, 5]}, [])
    moves = [e for e in events if e["type"] == "move"]
    assert len(moves) == 1 and moves[0]["carried"] == ["e"] and moves[0]["rule"] == "S4-HELD-3"
    for ev in events:
        apply_event(before, ev)
        assert check_invariants(before, RS) == []
    assert b.fighter("a").hex == b.fighter("e").hex == Hex(0, 5)


def test_s4_held_1_no_fighting_withdrawal_while_held():
    """S4-HELD-1, S4-DEFMOVE-3, ruling D20-29: a held fighter cannot back away from its holder, even one strong
    enough to drag it (the soak once saw one walk two hexes from its holder this way)."""
    from game.model import Grapple

    b = field(man("a", "red", 2, 5, 0, stats={"STR": 18}), man("e", "blue", 2, 5, 3, stats={"STR": 8}))
    b.grapples.append(Grapple(holder="e", target="a", kind="hold", location="body", hands=0))
    b.current = "a"
    r = why(b, {"type": "fighting_withdrawal", "actor": "a", "to": [0, 5]})
    assert r is not None and r.rule == "S4-HELD-1" and "cannot back away" in r.text
