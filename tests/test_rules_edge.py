"""The edge ruleset (seed 001, checklist S1): every rule with scripted d10 faces.

Unless a test says otherwise both fighters have every attribute at 3 (G1-12):
Strength pool 3, Reflex pool 3, Melee Attack pool floor(9 / 2.5) = 3, HP 11.
Ann stands at (0, 0), Bob at (1, 0). A face of 9 scores at modifier 0, a 1 never does.
"""

from __future__ import annotations

from edge_helpers import HIT, MISS, RS, act, battle, contest, fighter, grip, mods, of, refused

from game.hexgrid import Hex
from game.rules.edge import grapple as eg
from game.rules.edge import links

H, M = HIT, MISS


def in_grapple(**kw):
    ann = kw.pop("ann", {})
    bob = kw.pop("bob", {})
    g = kw.pop("g", grip())
    return battle(fighter("ann", "red", (0, 0), **ann), fighter("bob", "blue", (1, 0), **bob), grapples=(g,), **kw)


# -- entering and resolving a grapple --------------------------------------------------------------

def test_S1_GRAPPLE_1_a_grapple_starts_from_an_attack_with_zero_edge():
    """S1-GRAPPLE-1, G1-3: Melee Attack vs Reflex, edge 0 enters the grapple, with no grapple roll this turn."""
    b = battle()
    r = refused(b, "grapple_roll", actor="ann")
    assert r.rule == "S1-GRAPPLE-1"
    events = act(b, "enter_grapple", [H, M, M, H, M, M], actor="ann", target="bob")
    c = contest(events, "attack")
    assert c["edge"] == 0 and c["rule"] == "G1-3"
    assert [r["stat"] for r in c["rolls"]] == ["MA", "REF"] and [r["pool"] for r in c["rolls"]] == [3, 3]
    assert len(b.grapples) == 1 and b.grapples[0].holder == "ann" and b.grapples[0].extra["initiator"] == "ann"
    assert not of(events, "contest", kind="grapple")
    assert refused(b, "grapple_roll", actor="ann").rule == "G1-2"  # no grapple roll this turn


def test_G1_3_one_edge_enters_and_rolls_at_once():
    """G1-3 (S1-GRAPPLE-1): edge 1 on the attack enters the grapple and makes a grapple roll at once."""
    b = battle()
    events = act(b, "enter_grapple", [H, H, M, H, M, M, M, M, M, M, M, M], actor="ann", target="bob")
    assert contest(events, "attack")["edge"] == 1
    g = contest(events, "grapple")
    assert g["edge"] == 0
    assert [e["type"] for e in events].index("grapple_start") < events.index(g)
    assert of(events, "message", rule="S1-GRAPPLE-5")  # the engine says which result it took (none)


def test_G1_3_negative_edge_misses():
    b = battle()
    events = act(b, "enter_grapple", [M, M, M, H, M, M], actor="ann", target="bob")
    assert contest(events, "attack")["edge"] == -1 and not b.grapples


def test_S1_GRAPPLE_2_opposed_strength_pools_actor_first():
    """S1-GRAPPLE-2, G1-1, G1-2: both roll Strength; the roller first; edge = its points - the opponent's."""
    b = in_grapple(ann={"stats": {"STR": 5}}, bob={"stats": {"STR": 2}})
    events = act(b, "grapple_roll", [H, H, M, M, M, H, M], actor="ann", option="takedown")
    c = contest(events)
    ra, rb = c["rolls"]
    assert (ra["actor"], ra["pool"], ra["points"], ra["total"]) == ("ann", 5, 2, 2)
    assert (rb["actor"], rb["pool"], rb["points"]) == ("bob", 2, 1)
    assert c["edge"] == 1 and c["winner"] == "ann" and ra["dice"] == [H, H, M, M, M]


def test_S1_GRAPPLE_3_grapple_rolls_come_last_in_the_melee_phase():
    """S1-GRAPPLE-3, G1-4: phases movement, melee by reach (highest first), then the grapple rolls."""
    b = battle(fighter("ann", "red", (0, 0)), fighter("bob", "blue", (1, 0)),
               fighter("cat", "red", (3, 0), hands={"right": "spear", "left": "spear"}),
               fighter("dan", "blue", (4, 0), hands={"right": "dagger", "left": None}),
               fighter("eve", "red", (-3, 0), hands={"right": "longsword", "left": None}),
               fighter("fay", "blue", (-4, 0)), grapples=(grip(),))
    policy = RS.initiative()
    policy.start_round(b, None)
    seen = []
    fid = policy.first(b)
    while fid is not None:
        seen.append((b.state["initiative"]["phase"], fid))
        fid = policy.next(b)
    assert [p for p, _ in seen] == ["movement"] * 4 + ["melee"] * 4 + ["grapple"] * 2
    assert [f for p, f in seen if p == "melee"] == ["cat", "eve", "dan", "fay"]  # reach 3, 2, then 0 by side
    assert [f for p, f in seen if p == "grapple"] == ["ann", "bob"]


def test_S1_GRAPPLE_4_the_initiator_rolls_first():
    """S1-GRAPPLE-4: bob began this grapple (ann has since pinned him back), so bob rolls first."""
    b = in_grapple(g=grip("ann", "bob", "pin", initiator="bob"))
    policy = RS.initiative()
    policy.start_round(b, None)
    order = []
    fid = policy.first(b)
    while fid is not None:
        order.append(fid)
        fid = policy.next(b)
    assert order == ["bob", "ann"]


def test_S1_GRAPPLE_5_edge_picks_one_result_negative_edge_none():
    """S1-GRAPPLE-5, G1-2: negative edge buys nothing; an option the edge does not pay for is refused."""
    b = in_grapple()
    events = act(b, "grapple_roll", [M, M, M, H, M, M], actor="ann")
    assert contest(events)["edge"] == -1
    assert of(events, "message", rule="S1-GRAPPLE-5") and len(b.grapples) == 1
    b = in_grapple()
    events = act(b, "grapple_roll", [H, M, M, M, M, M], actor="ann", option="throw")
    assert contest(events)["edge"] == 1
    bad = of(events, "illegal")
    assert bad and "throw" in bad[0]["reason"] and bad[0]["rule"] == "S1-MENU-1"
    assert b.fighter("bob").posture == "standing"  # refused, not replaced


# -- hands ----------------------------------------------------------------------------------------

def test_S1_HAND_1_no_free_hand_is_minus_two_per_die():
    """S1-HAND-1, G1-1, G1-2: -2 per die (need 8+), on the roller and on the resisting side alike."""
    full = {"hands": {"right": "dagger", "left": "mace"}}
    b = in_grapple(ann=full, bob=full)
    events = act(b, "grapple_roll", [7, 8, 9, 8, 1, 1], actor="ann", option="escape")
    ra, rb = contest(events)["rolls"]
    assert mods(ra) == [(-2, "S1-HAND-1")] and ra["modifier"] == -2 and ra["need"] == 8
    assert ra["counted"] == [False, True, True] and ra["points"] == 2
    assert mods(rb) == [(-2, "S1-HAND-1")] and rb["points"] == 1


def test_S1_HAND_2_hooked_weapon_spares_the_penalty_the_turn_it_began():
    """S1-HAND-2: entering with a hooked tomahawk this turn: no -2; next turn the -2 applies."""
    b = battle(fighter("ann", "red", (0, 0), hands={"right": "tomahawk", "left": "dagger"}),
               fighter("bob", "blue", (1, 0)))
    events = act(b, "enter_grapple", [H, H, M, H, M, M, 7, M, M, M, M, M], actor="ann", target="bob",
                 weapon="tomahawk")
    ra = contest(events)["rolls"][0]
    assert mods(ra) == [(0, "S1-HAND-2")] and ra["modifier"] == 0 and ra["points"] == 1
    assert b.grapples[0].extra["hooked"] == "tomahawk"
    b.round += 1
    events = act(b, "grapple_roll", [7, M, M, M, M, M], actor="ann", option="escape")
    ra = contest(events)["rolls"][0]
    assert mods(ra) == [(-2, "S1-HAND-1")] and ra["points"] == 0


def test_S1_HAND_3_drop_items_for_free_before_the_roll():
    """S1-HAND-3: dropping the dagger first frees a hand: no -2; the dagger lies in ann's hex."""
    b = in_grapple(ann={"hands": {"right": "dagger", "left": "mace"}})
    events = act(b, "grapple_roll", [6, M, M, M, M, M], actor="ann", option="escape", drop=["dagger"])
    drop = of(events, "item", action="dropped")[0]
    assert drop["rule"] == "S1-HAND-3" and events.index(drop) < events.index(contest(events))
    ra = contest(events)["rolls"][0]
    assert ra["modifier"] == 0 and ra["points"] == 1 and (0, "S1-HAND-3") in mods(ra)
    assert b.fighter("ann").hands == {"right": None, "left": "mace"}
    assert {"item": "dagger", "hex": [0, 0]} in b.state["floor"]


# -- the results ------------------------------------------------------------------------------------

def test_S1_ESCAPE_1_zero_edge_ends_the_grapple():
    """S1-ESCAPE-1: a tie (zero edge) pays for Escape: the grapple ends."""
    b = in_grapple()
    events = act(b, "grapple_roll", [H, M, M, H, M, M], actor="bob", option="escape")
    assert contest(events)["edge"] == 0
    assert of(events, "grapple_end", rule="S1-ESCAPE-1") and not b.grapples


def test_S1_TAKEDOWN_1_both_become_prone():
    """S1-TAKEDOWN-1: one edge; roller and opponent prone; bob cannot stand up again this turn (G1-7)."""
    b = in_grapple()
    events = act(b, "grapple_roll", [H, M, M, M, M, M], actor="ann", option="takedown")
    assert {e["target"] for e in of(events, "posture", rule="S1-TAKEDOWN-1")} == {"ann", "bob"}
    assert b.fighter("ann").posture == b.fighter("bob").posture == "prone"
    assert refused(b, "change_posture", actor="bob", posture="standing").rule in ("G1-7", "S1-PIN-5")


def test_S1_DRAG_1_a_prone_roller_cannot_drag():
    b = in_grapple(ann={"posture": "prone"})
    assert refused(b, "grapple_roll", actor="ann", option="drag").rule == "S1-DRAG-1"


def test_S1_DRAG_2_move_one_tile_then_the_foe_one_tile_adjacent():
    """S1-DRAG-2: ann steps to (-1, 0), bob is dragged into (0, 0); he must end adjacent to her."""
    b = in_grapple()
    assert refused(b, "grapple_roll", actor="ann", option="drag", to=[-1, 0]).rule == "S1-DRAG-2"
    assert refused(b, "grapple_roll", actor="ann", option="drag", to=[-2, 0]).rule == "S1-DRAG-2"
    events = act(b, "grapple_roll", [H, M, M, M, M, M], actor="ann", option="drag", to=[-1, 0], foe_to=[0, 0])
    assert [(e["target"], e["to"]) for e in of(events, "move")] == [("ann", [-1, 0]), ("bob", [0, 0])]
    assert b.fighter("ann").hex == Hex(-1, 0) and b.fighter("bob").hex == Hex(0, 0) and b.grapples


def test_S1_PUMMEL_1_and_2_reach_penalty_and_minus_two_to_defend():
    """S1-PUMMEL-1: minus the longsword's reach 2 to attack; S1-PUMMEL-2: -2 to bob's Reflex; then damage."""
    b = in_grapple(ann={"hands": {"right": "longsword", "left": None}})
    faces = [H, M, M, M, M, M,  8, 9, 7,  7, 7, 8,  5, 4, 9]
    events = act(b, "grapple_roll", faces, actor="ann", option="pummel", weapon="longsword")
    atk = contest(events, "attack")
    ra, rb = atk["rolls"]
    assert mods(ra) == [(-2, "S1-PUMMEL-1")] and ra["points"] == 2
    assert mods(rb) == [(-2, "S1-PUMMEL-2")] and rb["points"] == 1
    assert atk["edge"] == 1
    dmg = of(events, "damage")[0]
    assert dmg["amount"] == 2 and b.fighter("bob").hp == 9  # Strength 3 at +1 (longsword): 5 and 9 score


def test_S1_PUMMEL_3_a_pummel_cannot_start_another_grapple():
    """S1-PUMMEL-3: edge 0 on the Pummel attack would enter a grapple for an attack; not for a Pummel."""
    b = in_grapple()
    events = act(b, "grapple_roll", [H, M, M, M, M, M, H, M, M, H, M, M], actor="ann", option="pummel")
    assert contest(events, "attack")["edge"] == 0
    assert of(events, "message", rule="S1-PUMMEL-3")
    assert not of(events, "grapple_start") and not of(events, "damage") and len(b.grapples) == 1


def test_S1_THROW_1_only_a_standing_roller_throws():
    b = in_grapple(ann={"posture": "prone"})
    assert refused(b, "grapple_roll", actor="ann", option="throw").rule == "S1-THROW-1"


def test_S1_THROW_2_foe_placed_prone_in_an_adjacent_space():
    """S1-THROW-2: two edge; bob lands prone in (0, 1), next to ann; the grapple goes on."""
    b = in_grapple()
    assert refused(b, "grapple_roll", actor="ann", option="throw", foe_to=[2, 0]).rule == "S1-THROW-2"
    events = act(b, "grapple_roll", [H, H, M, M, M, M], actor="ann", option="throw", foe_to=[0, 1])
    assert of(events, "move", target="bob", rule="S1-THROW-2")
    bob = b.fighter("bob")
    assert bob.hex == Hex(0, 1) and bob.posture == "prone" and len(b.grapples) == 1


def test_S1_THROW_3_the_thrower_may_end_the_grapple():
    b = in_grapple()
    events = act(b, "grapple_roll", [H, H, M, M, M, M], actor="ann", option="throw", end=True)
    assert of(events, "grapple_end", rule="S1-THROW-3") and not b.grapples
    assert b.fighter("bob").posture == "prone"


def test_S1_WREST_1_and_2_take_an_item_into_a_free_hand():
    """S1-WREST-1: two edge takes the dagger from bob's hand; S1-WREST-2: ann has a free hand and keeps it."""
    b = in_grapple(bob={"hands": {"right": "dagger", "left": None}})
    events = act(b, "grapple_roll", [H, H, M, M, M, M], actor="ann", option="wrest")
    assert of(events, "item", action="taken", rule="S1-WREST-2")
    assert "dagger" in b.fighter("ann").hands.values() and "dagger" not in b.fighter("bob").hands.values()


def test_S1_WREST_3_without_a_free_hand_it_falls_next_to_the_roller():
    """S1-WREST-3 (and S1-HAND-1's -2 on ann): the dagger falls where ann chooses, (-1, 0)."""
    b = in_grapple(ann={"hands": {"right": "mace", "left": "rope"}}, bob={"hands": {"right": "dagger", "left": None}})
    events = act(b, "grapple_roll", [H, H, M, M, M, M], actor="ann", option="wrest", item="dagger", drop_to=[-1, 0])
    assert of(events, "item", action="dropped", rule="S1-WREST-3")
    assert {"item": "dagger", "hex": [-1, 0]} in b.state["floor"]
    assert "dagger" not in b.fighter("bob").hands.values()


def test_S1_WREST_1_from_the_body_only_if_the_GM_allows():
    """S1-WREST-1 [GM]: the option edge.wrest_from_body lets ann take the manacles bob carries."""
    b = in_grapple(bob={"items": ["manacles"]})
    assert refused(b, "grapple_roll", actor="ann", option="wrest", item="manacles").rule == "S1-WREST-1"
    b = in_grapple(bob={"items": ["manacles"]}, options={"edge.wrest_from_body": True})
    act(b, "grapple_roll", [H, H, M, M, M, M], actor="ann", option="wrest", item="manacles")
    assert "manacles" in b.fighter("ann").hands.values() and b.fighter("bob").items == []


def test_S1_PIN_1_pin_a_prone_foe_with_two_edge():
    """S1-PIN-1: bob is prone, two edge pins him: -1 (kind ``pin``), condition pinned."""
    b = in_grapple(bob={"posture": "prone"})
    events = act(b, "grapple_roll", [H, H, M, M, M, M], actor="ann", option="pin")
    assert of(events, "grapple_change", rule="S1-PIN-1")
    g = b.grapples[0]
    assert g.kind == "pin" and links.pin_level(g, "bob") == 1 and b.fighter("bob").has("pinned")


def test_S1_PIN_2_pins_stack_and_weigh_on_the_pinned_rolls():
    """S1-PIN-2: a second pin makes -2; bob's own roll then carries -2 per die (need 8)."""
    b = in_grapple(bob={"posture": "prone"}, g=grip(kind="pin"))
    act(b, "grapple_roll", [H, H, M, M, M, M], actor="ann", option="pin")
    assert b.grapples[0].kind == "pin-2"
    events = act(b, "grapple_roll", [8, 7, M, M, M, M], actor="bob", option="escape")
    rb = contest(events)["rolls"][0]
    assert mods(rb) == [(-2, "S1-PIN-2")] and rb["points"] == 1
    assert not b.grapples and not b.fighter("bob").has("pinned")  # S1-PIN-4: the pin ends with the grapple


def test_S1_PIN_3_extra_edge_adds_to_the_pin():
    """S1-PIN-3: the seed's example: 4 edge against a prone foe pins at -3."""
    b = in_grapple(ann={"stats": {"STR": 5}}, bob={"posture": "prone"})
    events = act(b, "grapple_roll", [H, H, H, H, M, M, M, M], actor="ann", option="pin")
    assert contest(events)["edge"] == 4
    assert b.grapples[0].kind == "pin-3" and of(events, "message", rule="S1-PIN-3")


def test_S1_PIN_4_pinning_back_lifts_ones_own_pin():
    """S1-PIN-4: pinned at -2, bob rolls 2 edge against prone ann and pins her: his pin is gone, hers is -1."""
    b = in_grapple(ann={"posture": "prone"}, bob={"posture": "prone"}, g=grip(kind="pin-2"))
    events = act(b, "grapple_roll", [9, 8, M, M, M, M], actor="bob", option="pin")
    assert contest(events)["rolls"][0]["modifier"] == -2 and contest(events)["edge"] == 2
    g = b.grapples[0]
    assert (g.holder, g.target, g.kind) == ("bob", "ann", "pin") and g.extra["initiator"] == "ann"
    assert not b.fighter("bob").has("pinned") and b.fighter("ann").has("pinned")


def test_S1_PIN_5_a_pinned_fighter_does_not_move_itself():
    """S1-PIN-5, G1-8: pinned bob cannot stand up, drag, or move."""
    b = in_grapple(bob={"posture": "prone"}, g=grip(kind="pin"))
    assert refused(b, "change_posture", actor="bob", posture="standing").rule == "S1-PIN-5"
    b.fighter("bob").posture = "standing"
    assert refused(b, "grapple_roll", actor="bob", option="drag").rule == "S1-PIN-5"
    assert refused(b, "move", actor="bob", to=[2, 0]).rule == "G1-8"


def test_S1_PIN_6_at_minus_five_every_die_fails():
    """S1-PIN-6, G1-1: at -5 bob's resisting dice all fail, whatever they show; he cannot roll to act."""
    b = in_grapple(bob={"posture": "prone"}, g=grip(kind="pin-5"))
    events = act(b, "grapple_roll", [H, M, M, H, H, H], actor="ann", option="takedown")
    rb = contest(events)["rolls"][1]
    assert rb["modifier"] == -5 and rb["automatic"] == "failure" and rb["points"] == 0 and rb["need"] is None
    assert contest(events)["edge"] == 1
    assert refused(b, "grapple_roll", actor="bob").rule == "S1-PIN-6"


def test_S1_PIN_7_further_pins_knock_out_or_bind():
    """S1-PIN-7: at -5 a further Pin binds bob with the rope in ann's hand, or knocks him out."""
    b = in_grapple(ann={"hands": {"right": None, "left": "rope"}}, bob={"posture": "prone"}, g=grip(kind="pin-5"))
    events = act(b, "grapple_roll", [H, H, M, M, M, M], actor="ann", option="pin", finish="bind")
    assert of(events, "condition", add="bound", rule="S1-PIN-7") and b.fighter("bob").has("bound")
    assert "rope" not in b.fighter("ann").hands.values()
    b = in_grapple(bob={"posture": "prone"}, g=grip(kind="pin-5"))
    assert refused(b, "grapple_roll", actor="ann", option="pin", finish="bind").rule == "S1-PIN-7"
    act(b, "grapple_roll", [H, H, M, M, M, M], actor="ann", option="pin", finish="knock_out")
    assert b.fighter("bob").has("unconscious")
    b = in_grapple(bob={"posture": "prone"}, g=grip(kind="pin-4"))
    assert refused(b, "grapple_roll", actor="ann", option="pin", finish="knock_out").rule == "S1-PIN-7"


def test_S1_PIN_8_a_standing_foe_needs_three_edge():
    """S1-PIN-8: two edge does not pay for pinning a standing foe (refused, exit 3); three does."""
    b = in_grapple()
    events = act(b, "grapple_roll", [H, H, M, M, M, M], actor="ann", option="pin")
    assert "needs 3" in of(events, "illegal")[0]["reason"] and b.grapples[0].kind == "grapple"
    b = in_grapple()
    events = act(b, "grapple_roll", [H, H, H, M, M, M], actor="ann", option="pin")
    assert of(events, "grapple_change", rule="S1-PIN-8") and b.grapples[0].kind == "pin"


def test_S1_MENU_1_results_by_minimum_edge_lower_ones_allowed():
    """S1-MENU-1: the menu by edge; at edge 1 throw, wrest and pin are not paid for; at 3 escape still is."""
    b = in_grapple(bob={"hands": {"right": "dagger", "left": None}})
    menu = {o.action.option: o for o in RS.result_menu(b, "ann", "bob", 1)}
    assert [r for r, o in menu.items() if o.legal] == ["escape", "takedown", "drag", "pummel"]  # no "none": E-2
    assert menu["throw"].reason.rule == "S1-MENU-1" and "needs 2" in menu["throw"].reason.text
    assert "needs 3" in menu["pin"].reason.text  # bob is standing
    menu = {o.action.option: o for o in RS.result_menu(b, "ann", "bob", 3)}
    assert all(o.legal for o in menu.values())
    events = act(b, "grapple_roll", [H, H, H, M, M, M], actor="ann", option="escape")
    assert not b.grapples and contest(events)["edge"] == 3


def test_S1_MENU_2_one_result_per_roll():
    """S1-MENU-2: four edge, takedown chosen: only the takedown happens, and no second roll this turn (G1-2)."""
    b = in_grapple(ann={"stats": {"STR": 5}})
    events = act(b, "grapple_roll", [H, H, H, H, M, M, M, M], actor="ann", option="takedown")
    assert contest(events)["edge"] == 4
    assert b.grapples[0].kind == "grapple" and not of(events, "grapple_change") and not of(events, "move")
    assert refused(b, "grapple_roll", actor="ann").rule == "G1-2"


# -- the engine's choice and the UI's result menu ------------------------------------------------------

def test_S1_GRAPPLE_5_no_option_the_engine_takes_the_best_and_says_so():
    """S1-GRAPPLE-5: with no option, two edge against prone bob: the engine pins, and a message says so."""
    b = in_grapple(bob={"posture": "prone"})
    events = act(b, "grapple_roll", [H, H, M, M, M, M], actor="ann")
    msg = of(events, "message", rule="S1-GRAPPLE-5")[0]
    assert "takes pin" in msg["text"] and b.grapples[0].kind == "pin"
    b = in_grapple(bob={"hands": {"right": "mace", "left": None}})
    act(b, "grapple_roll", [H, H, M, M, M, M], actor="ann")
    assert "mace" in b.fighter("ann").hands.values()  # wrests the weapon from a dangerous foe
    b = in_grapple()
    act(b, "grapple_roll", [H, M, M, H, M, M], actor="bob")
    assert not b.grapples  # bob did not want this grapple: edge 0, he escapes


def test_S1_MENU_1_ask_raises_the_result_menu_before_changing_anything():
    """S1-MENU-1: ``ask`` (the UI) stops after the roll with the menu; resubmitting with the faces replays it."""
    import pytest

    from game.dice import ScriptedDice

    b = in_grapple()
    before = b.clone()
    action = RS.action_from_dict({"type": "grapple_roll", "actor": "ann", "ask": True})
    with pytest.raises(eg.ResultNeeded) as info:
        action.resolve(b, ScriptedDice([H, H, M, M, M, M]))
    need = info.value
    assert need.edge == 2 and [o.action.option for o in need.menu if o.legal] == \
        ["escape", "takedown", "drag", "pummel", "throw"]
    assert b == before
    chosen = next(o.action for o in need.menu if o.action.option == "throw")
    chosen.resolve(b, ScriptedDice([H, H, M, M, M, M]))
    assert b.fighter("bob").posture == "prone"


# -- conventional rules (GAPS G1) ---------------------------------------------------------------------

def test_G1_5_attack_damage_armour_and_three_edge():
    """G1-5: edge >= 1 hits; damage = Strength points, armour a per-die penalty, ignored at 3 edge."""
    b = battle(fighter("ann", "red", (0, 0)), fighter("bob", "blue", (1, 0), dr=2))
    events = act(b, "attack", [H, M, M, M, M, M, 9, 9, 8], actor="ann", target="bob")
    dmg = of(events, "roll", stat="STR")[0]
    assert mods(dmg) == [(-1, "G1-5"), (-2, "G1-5")] and dmg["need"] == 9 and dmg["points"] == 2  # fist, armour
    assert b.fighter("bob").hp == 11 - 2
    b = battle(fighter("ann", "red", (0, 0)), fighter("bob", "blue", (1, 0), dr=3))
    events = act(b, "attack", [H, H, H, M, M, M, 7, 7, 1], actor="ann", target="bob")
    dmg = of(events, "roll", stat="STR")[0]
    assert (0, "G1-5") in mods(dmg) and dmg["points"] == 2 and of(events, "damage")[0]["dr"] == 0


def test_G1_7_prone_attacker_and_defender():
    """G1-7: -2 to attack while prone, -2 to Reflex while prone."""
    b = battle(fighter("ann", "red", (0, 0), posture="prone"), fighter("bob", "blue", (1, 0), posture="prone"))
    events = act(b, "attack", [M, M, M, M, M, M], actor="ann", target="bob")
    ra, rb = contest(events, "attack")["rolls"]
    assert mods(ra) == [(-2, "G1-7")] and mods(rb) == [(-2, "G1-7")]


def test_G1_9_hp_and_death_end_the_grapple():
    """G1-9: HP = Strength + Willpower + 5; at 0 HP dead, and the grapple with the dead ends."""
    b = in_grapple(ann={"hands": {"right": "mace", "left": None}}, bob={"hp": 1})
    assert battle().fighter("ann").hp == 11
    act(b, "grapple_roll", [H, M, M, M, M, M, H, H, M, M, M, M, H, M, M], actor="ann", option="pummel",
        weapon="mace")
    assert b.fighter("bob").has("dead") and not b.grapples


def test_G1_8_grapplers_stay_adjacent_and_do_not_move():
    """G1-8: never a shared hex, never a grapple at a distance; grapplers do not move by normal movement."""
    import pytest

    with pytest.raises(ValueError, match="adjacent"):
        battle(fighter("ann", "red", (0, 0)), fighter("bob", "blue", (2, 0)), grapples=(grip(),))
    with pytest.raises(ValueError, match="share a hex"):
        battle(fighter("ann", "red", (0, 0)), fighter("bob", "blue", (0, 0)))
    b = in_grapple()
    assert refused(b, "move", actor="ann", to=[-1, 0]).rule == "G1-8"
    assert refused(b, "attack", actor="ann", target="bob").rule == "G1-8"


def test_G1_11_several_grapplers_each_link_its_own_pin():
    """G1-11: ann holds bob and cat; she names whom she rolls against; each link keeps its own pin."""
    b = battle(fighter("ann", "red", (0, 0)), fighter("bob", "blue", (1, 0), posture="prone"),
               fighter("cat", "blue", (0, 1)), grapples=(grip("ann", "bob"), grip("ann", "cat")))
    assert refused(b, "grapple_roll", actor="ann").kind == "bad_intent"
    act(b, "grapple_roll", [H, H, M, M, M, M], actor="ann", target="bob", option="pin")
    assert links.link(b, "ann", "bob").kind == "pin" and links.link(b, "ann", "cat").kind == "grapple"


def test_G1_4_movement_stops_next_to_a_foe():
    """G1-4: normal movement stops on becoming adjacent to a foe (so it cannot go round bob to (2, 0))."""
    b = battle(fighter("ann", "red", (-1, 0)), fighter("bob", "blue", (1, 0)))
    assert refused(b, "move", actor="ann", to=[2, 0]).rule == "G1-4"
    act(b, "move", actor="ann", to=[0, 0])
    assert refused(b, "move", actor="ann", to=[-1, 0]).rule == "G1-4"  # movement used


def test_option_regrip_zero_edge_plus_one_next_turn():
    """Upstream Regrip (option edge.regrip, off by default): zero edge, +1 on ann's next roll next turn."""
    b = in_grapple()
    assert refused(b, "grapple_roll", actor="ann", option="regrip").rule == "edge.regrip"
    b = in_grapple(options={"edge.regrip": True})
    act(b, "grapple_roll", [H, M, M, H, M, M], actor="ann", option="regrip")
    b.round += 1
    events = act(b, "grapple_roll", [5, M, M, M, M, M], actor="ann", option="drag")
    assert mods(contest(events)["rolls"][0]) == [(1, "edge.regrip")] and contest(events)["edge"] == 1
    assert "ann" not in b.grapples[0].extra.get("regrip", {})


def test_option_two_handed_free_hand():
    """Upstream option edge.two_handed_free_hand: loosen the spear to have a free hand; it cannot strike."""
    spear = {"hands": {"right": "spear", "left": "spear"}}
    b = in_grapple(ann=spear)
    assert refused(b, "grapple_roll", actor="ann", free_hand=True).rule == "edge.two_handed_free_hand"
    b = in_grapple(ann=spear, options={"edge.two_handed_free_hand": True})
    events = act(b, "grapple_roll", [6, M, M, M, M, M], actor="ann", option="drag", free_hand=True)
    assert contest(events)["rolls"][0]["modifier"] == 0
    assert list(b.fighter("ann").hands.values()).count("spear") == 1
    b.round += 1
    assert refused(b, "grapple_roll", actor="ann", option="pummel", weapon="spear").rule == "S1-PUMMEL-1"


def test_odds_for_the_menu_match_the_pool_distribution():
    """S1-MENU-1 odds: the action menu shows P(edge >= k) exactly."""
    from fractions import Fraction

    from game.rules.edge.pool import edge_odds

    b = in_grapple(ann={"stats": {"STR": 4}})
    action = RS.action_from_dict({"type": "grapple_roll", "actor": "ann", "option": "throw"})
    odds = RS.odds(b, action)
    exact = edge_odds(4, 0, 3, 0)
    assert odds["edge>=2"] == float(exact[2]) and odds["option"] == float(exact[2])
    assert RS.odds_text(b, action).startswith("edge >= 1: ")
    assert exact[0] == Fraction(1) - edge_odds(3, 0, 4, 0, ks=(1,))[1]


def test_legal_actions_list_every_action_with_reasons():
    b = in_grapple(bob={"posture": "prone"})
    opts = RS.legal_actions(b, "ann")
    types = {o.action.type for o in opts}
    assert {"grapple_roll", "face", "wait", "do_nothing", "release", "attack"} <= types
    throw = next(o for o in opts if o.action.type == "grapple_roll" and o.action.option == "throw")
    assert throw.legal
    assert all(o.reason is None or o.reason.text for o in opts)
