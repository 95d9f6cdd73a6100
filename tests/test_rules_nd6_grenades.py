"""nd6-tactical grenades and molotovs (S3-GRENADE-1..24, G3-15, G3-25) with scripted dice.

Battles are built as ``clinch resolve`` builds them (``tests/nd6_helpers.battle_of``); each test plays one throw
on the faces of the dice in the order they are rolled: the throw's 3d6, the scatter direction (1d6) after a
miss, then what the grenade does (high explosive 4d6 and 2d6, the 4d6 soak saves).
"""

from __future__ import annotations

from typing import Any

import pytest
from nd6_helpers import battle_of, of_type

from game.dice import ScriptedDice
from game.hexgrid import Hex
from game.model.board import Board, Cell
from game.rules import events as E
from game.rules.nd6 import effects, fire, grenades
from game.rules.nd6.actions import Attack
from game.rules.nd6.grenades import PickUp, ThrowGrenade
from game.rules.nd6.items import item


def thrower(grenade: str = "frag_grenade", **kw: Any) -> dict[str, Any]:
    """ann at [0, 0], ST 10 DX 12, a grenade in her right hand."""
    out = {"id": "ann", "side": "red", "hex": [0, 0], "stats": {"ST": 10, "DX": 12},
           "hands": {"right": grenade, "left": None}}
    out.update(kw)
    return out


def foe(fid: str, hex_: list[int], **kw: Any) -> dict[str, Any]:
    out = {"id": fid, "side": "blue", "hex": hex_, "stats": {"ST": 12, "DX": 12}}
    out.update(kw)
    return out


def throw(battle, faces: list[int], *, to=(7, 0), item_id: str = "", fuse: str = "end_of_turn",
          actor: str = "ann") -> list[dict[str, Any]]:
    act = ThrowGrenade(actor=actor, item=item_id, to=to, fuse=fuse)
    reason = act.check(battle)
    assert reason is None, reason
    dice = ScriptedDice(list(faces))
    out = act.resolve(battle, dice)
    assert dice.position == len(faces), f"faces left over: {faces[dice.position:]}"
    return out


def injuries(events: list[dict[str, Any]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in of_type(events, "damage"):
        out[e["target"]] = out.get(e["target"], 0) + e["injury"]
    return out


def new_round(battle, faces: list[int] = ()) -> list[dict[str, Any]]:
    """The start of the next round as the turn controller and ``clinch resolve`` play it."""
    battle.round += 1
    r = E.Resolution(battle, ScriptedDice(list(faces)))
    effects.start_round(r)
    return r.events


# -- the throw -----------------------------------------------------------------------------------------------------

def test_s3_grenade_1_the_grenade_types_with_rules():
    """S3-GRENADE-1: of the seed's types, those given rules are items of kind grenade; concussion and stun are not."""
    for g in ("frag_grenade", "molotov", "incendiary_grenade", "smoke_grenade", "tear_gas_grenade"):
        assert item(g)["kind"] == "grenade"
        assert grenades.is_grenade(g)
    assert not item("concussion_grenade") and not item("stun_grenade")


def test_s3_grenade_2_minus_one_dx_per_megahex():
    """S3-GRENADE-2: aimed at a hex 7 hexes off (3 MH), DX 12 becomes 9: a 9 lands on it, a 10 misses."""
    b = battle_of([thrower(), foe("bob", [7, 0])])
    ev = throw(b, [3, 3, 3, 1, 1, 1, 1], to=(7, 0))
    roll = of_type(ev, "roll")[0]
    assert roll["target"] == 9 and roll["rule"] == "S3-GRENADE-2"
    assert {"value": -3, "reason": "3 MH to the hex aimed at", "rule": "S3-GRENADE-2"} in roll["modifiers"]
    assert roll["success"] and injuries(ev) == {"bob": 4}
    b = battle_of([thrower(), foe("bob", [7, 0])])
    ev = throw(b, [4, 3, 3, 1, 2, 2, 2, 2], to=(7, 0))  # 10 > 9: a miss by 1, 1 hex toward side 1 (east)
    assert not of_type(ev, "roll")[0]["success"]
    assert [e for e in ev if e.get("grenade")][0]["hex"] == [8, 0]
    assert injuries(ev) == {"bob": 8}  # still inside the megahex of [8, 0]


def test_s3_grenade_3_no_roll_to_miss_figures_on_the_way():
    """S3-GRENADE-3: a friend standing in the line of the throw is not rolled for: one throw roll, then the blast."""
    pal = {"id": "pal", "side": "red", "hex": [3, 0], "stats": {"ST": 10, "DX": 10}}
    b = battle_of([thrower(), pal, foe("bob", [7, 0])])
    ev = throw(b, [3, 3, 3, 2, 2, 2, 2], to=(7, 0))
    labels = [e["label"] for e in of_type(ev, "roll")]
    assert labels == ["throw fragmentation grenade at [7, 0]: DX", "high explosive: 4d6"]
    assert injuries(ev) == {"bob": 8}


def test_s3_grenade_4_g3_25_scatter_direction_and_margin():
    """S3-GRENADE-4, G3-25: the seed's example, needing 13 and rolling 15, lands 2 hexes off; the direction die's
    face f is axial direction f - 1 (face 4 -> direction 3, west), rolled right after the throw."""
    b = battle_of([thrower(stats={"ST": 10, "DX": 16}), foe("bob", [7, 0])])
    ev = throw(b, [5, 5, 5, 4, 1, 2], to=(7, 0))  # DX 16 - 3 = 13; 15 misses by 2
    roll, scat = of_type(ev, "roll")[:2]
    assert roll["target"] == 13 and roll["total"] == 15
    assert scat["rule"] == "G3-25" and scat["dice"] == [4] and scat["direction"] == 3 and scat["hexes"] == 2
    goes_off = [e for e in ev if e.get("grenade") == "frag_grenade"][0]
    assert goes_off["hex"] == [5, 0]
    assert injuries(ev) == {"bob": 3}  # two hexes from [5, 0]: the ring around the megahex, 2d6


def test_s3_grenade_4_scatter_stops_at_a_wall():
    """S3-GRENADE-4 (ruling ND6-17): a grenade scattering into a wall stops in the last open hex before it."""
    b = battle_of([thrower(stats={"ST": 10, "DX": 16})])
    cells = [Cell(hex=Hex(q, r)) for q in range(-2, 14) for r in range(-3, 4)]
    cells = [c if c.hex != Hex(9, 0) else Cell(hex=Hex(9, 0), blocks_movement=True, blocks_sight=True) for c in cells]
    b.board = Board(cells=cells, columns=16, rows=7)
    ev = throw(b, [6, 6, 5, 1], to=(7, 0))  # 17: an automatic miss; 17 - 13 = 4 hexes east, the wall at [9, 0]
    assert [e for e in ev if e.get("grenade")][0]["hex"] == [8, 0]


def test_s3_grenade_5_automatic_results():
    """S3-GRENADE-5: a 5 lands on the hex even at eDX 4; a 16 misses at eDX 20 (by at least 1 hex); an 18 drops
    the grenade in the thrower's own hex."""
    b = battle_of([thrower(stats={"ST": 10, "DX": 7}), foe("bob", [7, 0])])
    ev = throw(b, [1, 2, 2, 1, 1, 1, 1], to=(7, 0))
    roll = of_type(ev, "roll")[0]
    assert roll["target"] == 4 and roll["auto"] == "hit" and roll["success"]
    assert [e for e in ev if e.get("grenade")][0]["hex"] == [7, 0]
    b = battle_of([thrower(stats={"ST": 10, "DX": 23}), foe("bob", [7, 0])])
    ev = throw(b, [6, 5, 5, 1, 1, 1, 1, 1], to=(7, 0))
    roll, scat = of_type(ev, "roll")[:2]
    assert roll["target"] == 20 and roll["auto"] == "miss" and not roll["success"] and scat["hexes"] == 1
    assert [e for e in ev if e.get("grenade")][0]["hex"] == [8, 0]
    b = battle_of([thrower(), foe("bob", [7, 0])])
    ev = throw(b, [6, 6, 6, 1, 1, 1, 1], to=(7, 0))  # no scatter die: dropped at her feet, the blast on her
    assert of_type(ev, "roll")[0]["auto"] == "dropped"
    assert [e for e in ev if e.get("grenade")][0]["hex"] == [0, 0]
    assert injuries(ev) == {"ann": 4}


def test_s3_grenade_6_maximum_range():
    """S3-GRENADE-6: 2.25 x ST hexes: ST 10 reaches 22 hexes, not 23; no lighting is needed (no roll for it)."""
    b = battle_of([thrower(), foe("bob", [30, 0])])
    assert grenades.max_range(b.fighter("ann")) == 22
    assert ThrowGrenade(actor="ann", item="frag_grenade", to=(22, 0)).check(b) is None
    why = ThrowGrenade(actor="ann", item="frag_grenade", to=(23, 0)).check(b)
    assert why is not None and why.rule == "S3-GRENADE-6"
    ev = throw(b, [1, 1, 1], to=(22, 0))  # DX 12 - 8 MH = 4: only an automatic 3-5 lands it there
    roll = of_type(ev, "roll")[0]
    assert roll["target"] == 4 and roll["success"] and len(of_type(ev, "roll")) == 1


def test_s3_grenade_7_molotov_at_once_whatever_the_fuse():
    """S3-GRENADE-7: a molotov takes effect at once even when thrown with the next_movement fuse."""
    b = battle_of([thrower("molotov"), foe("bob", [7, 0], stats={"ST": 12, "DX": 14})])
    ev = throw(b, [3, 3, 3, 4, 4, 3, 3], to=(7, 0), fuse="next_movement")
    assert injuries(ev) == {"bob": 4}
    assert grenades.pending(b) == []


def test_s3_grenade_8_fuses():
    """S3-GRENADE-8: end_of_turn goes off as the throw ends; next_movement at the start of the next round."""
    b = battle_of([thrower(), foe("bob", [7, 0])])
    ev = throw(b, [3, 3, 3, 1, 1, 1, 1], to=(7, 0), fuse="end_of_turn")
    assert injuries(ev) == {"bob": 4}
    b = battle_of([thrower(), foe("bob", [7, 0])])
    ev = throw(b, [3, 3, 3], to=(7, 0), fuse="next_movement")
    assert injuries(ev) == {} and len(grenades.pending(b)) == 1
    ev = new_round(b, [2, 2, 2, 2])
    assert injuries(ev) == {"bob": 8}
    assert grenades.pending(b) == []
    why = ThrowGrenade(actor="ann", item="frag_grenade", to=(7, 0), fuse="later").check(b)
    assert why is not None


def test_s3_grenade_9_molotov_four_and_two_hits():
    """S3-GRENADE-9: a molotov does 4 hits in its hex and 2 in each hex next to it; one farther is untouched."""
    b = battle_of([thrower("molotov"), foe("bob", [7, 0], stats={"ST": 12, "DX": 14}), foe("cat", [8, 0]),
                   foe("dan", [9, 0])])
    ev = throw(b, [3, 3, 3, 3, 3, 3, 3], to=(7, 0))  # bob's soak save: 12 <= 14
    assert injuries(ev) == {"bob": 4, "cat": 2}


def test_s3_grenade_10_soak_save():
    """S3-GRENADE-10: 4d6 against adjusted DX in the molotov's hex; a failure leaves the figure soaked and on fire."""
    b = battle_of([thrower("molotov"), foe("bob", [7, 0], stats={"ST": 12, "DX": 14})])
    ev = throw(b, [3, 3, 3, 4, 4, 4, 3], to=(7, 0))  # 15 > 14
    save = of_type(ev, "roll")[-1]
    assert save["rule"] == "S3-GRENADE-10" and len(save["dice"]) == 4 and not save["success"]
    bob = b.fighter("bob")
    assert "soaked" in bob.conditions and fire.is_burning(bob)
    assert bob.counters["fire"]["left"] == 12


def test_s3_grenade_11_liquid_burns_twelve_turns():
    """S3-GRENADE-11: the liquid keeps burning in its hex for 12 turns (and on a soaked figure, S3-GRENADE-10)."""
    b = battle_of([thrower("molotov"), foe("bob", [9, 0])])
    throw(b, [3, 3, 3], to=(7, 0))
    fires = effects.effects_at(b, Hex(7, 0), "burning_liquid")
    assert len(fires) == 1 and fires[0]["turns_left"] == 12
    for _ in range(11):
        new_round(b)
    assert effects.effects_at(b, Hex(7, 0), "burning_liquid")
    new_round(b)
    assert not effects.effects_at(b, Hex(7, 0), "burning_liquid")


def test_s3_grenade_13_only_full_body_armour_against_the_liquid():
    """S3-GRENADE-13 (G3-15): a jacket does nothing against a molotov's hits; full body armour stops them."""
    b = battle_of([thrower("molotov"), foe("bob", [7, 0], stats={"ST": 12, "DX": 14}, worn=["jacket"]),
                   foe("cat", [8, 0], worn=["full_body_armor"])])
    ev = throw(b, [3, 3, 3, 3, 3, 3, 3], to=(7, 0))
    assert injuries(ev) == {"bob": 4, "cat": 0}
    assert {e["target"]: e["dr"] for e in of_type(ev, "damage")} == {"bob": 0, "cat": 2}


def test_s3_grenade_14_extinguisher_is_one_handed():
    """S3-GRENADE-14: a fire extinguisher counts as a one-handed weapon for size."""
    assert item("fire_extinguisher")["hands"] == 1


def test_s3_grenade_15_s3_grenade_16_fire_hits_added_before_armour():
    """S3-GRENADE-15, S3-GRENADE-16 (G3-15): running through two fire hexes (2 + 2) and stopping in a third (4)
    with armour that stops 5 gives 3 hits, not the seed's 6: added up first, armour taken off once."""
    b = battle_of([foe("bob", [0, 0], dr=5)])
    r = E.Resolution(b, ScriptedDice([]))
    injury = fire.fire_hits(r, b.fighter("bob"), [2, 2, 4], source="attack", rule="S3-GRENADE-15")
    assert injury == 3
    dmg = of_type(r.events, "damage")
    assert len(dmg) == 1 and dmg[0]["amount"] == 8 and dmg[0]["dr"] == 5


def test_s3_grenade_17_fires_smoke():
    """S3-GRENADE-17: the molotov's fire smokes in its hex (a shot through it loses 1 DX, S3-SMOKE-5)."""
    from game.rules.nd6 import smoke

    b = battle_of([thrower("molotov"), foe("bob", [9, 0])])
    throw(b, [3, 3, 3], to=(7, 0))
    assert effects.is_smoky(b, Hex(7, 0)) and Hex(7, 0) in smoke.smoke_hexes(b)
    assert not effects.is_smoky(b, Hex(8, 0))


def test_s3_grenade_18_high_explosive_megahex_and_ring():
    """S3-GRENADE-18: 4d6 to everyone in the megahex (GX-1: 7 hexes), 2d6 to the ring around it, nothing beyond."""
    b = battle_of([thrower(), foe("bob", [7, 0]), foe("cat", [8, -1]), foe("dan", [9, 0]), foe("eve", [10, 0])])
    ev = throw(b, [3, 3, 3, 1, 2, 3, 4, 5, 6], to=(7, 0))
    assert injuries(ev) == {"bob": 10, "cat": 10, "dan": 11}
    assert [e["label"] for e in of_type(ev, "roll")][1:] == ["high explosive: 4d6", "high explosive: 2d6"]


def test_s3_grenade_19_vests_and_jackets_at_half():
    """S3-GRENADE-19: an armoured vest stops 1 (half its 3), a jacket 2 (half its 4) of a high explosive's hits;
    full body armour its whole 6."""
    b = battle_of([thrower(), foe("bob", [7, 0], worn=["armored_vest"]), foe("cat", [8, -1], worn=["jacket"]),
                   foe("dan", [6, 0], worn=["full_body_armor"])])
    ev = throw(b, [3, 3, 3, 3, 3, 3, 3], to=(7, 0))
    assert {e["target"]: e["dr"] for e in of_type(ev, "damage")} == {"bob": 1, "cat": 2, "dan": 6}
    assert injuries(ev) == {"bob": 11, "cat": 10, "dan": 6}


def test_s3_grenade_20_incendiary_burns_the_megahex_unquenchably():
    """S3-GRENADE-20: an incendiary follows the molotov rules over its whole megahex: 7 burning hexes for 12
    turns, a soak save for each figure in them, and a soaked figure's fire cannot be put out."""
    b = battle_of([thrower("incendiary_grenade"), foe("bob", [7, 0], stats={"ST": 20, "DX": 12})])
    ev = throw(b, [3, 3, 3, 6, 6, 6, 6], to=(7, 0))
    burning = [e for e in effects.board_effects(b) if e["kind"] == "incendiary"]
    assert sorted(Hex(*e["hex"]) for e in burning) == sorted(grenades.megahex(Hex(7, 0)))
    assert all(e["turns_left"] == 12 for e in burning)
    assert of_type(ev, "roll")[-1]["rule"] == "S3-GRENADE-10"
    assert b.fighter("bob").counters["fire"]["unquenchable"] is True


def test_s3_grenade_21_incendiary_eight_and_four_hits():
    """S3-GRENADE-21: 8 hits to everyone in the megahex, 4 to the ring around it."""
    b = battle_of([thrower("incendiary_grenade"), foe("bob", [8, -1], stats={"ST": 20, "DX": 14}),
                   foe("cat", [9, 0], stats={"ST": 20, "DX": 12})])
    ev = throw(b, [3, 3, 3, 3, 3, 3, 3], to=(7, 0))
    assert injuries(ev) == {"bob": 8, "cat": 4}


def test_s3_grenade_23_not_a_thrown_weapon():
    """S3-GRENADE-23: a grenade takes the thrown adjustments (-1 per MH, from the ground -4) but is no thrown
    weapon: it is not the ready weapon of a plain attack and is thrown only at a hex."""
    from game.rules.nd6.status import ready_weapon

    b = battle_of([thrower(posture="prone"), foe("bob", [7, 0])])
    assert ready_weapon(b.fighter("ann")) is None
    ev = throw(b, [2, 1, 1, 1, 1, 1, 1], to=(7, 0))
    mods = of_type(ev, "roll")[0]["modifiers"]
    assert {m["rule"] for m in mods} == {"S3-GRENADE-2", "G3-8"}
    assert of_type(ev, "roll")[0]["target"] == 12 - 3 - 4
    b = battle_of([thrower(), foe("bob", [1, 0])])
    why = Attack(actor="ann", target="bob", item="frag_grenade").check(b)
    assert why is not None and why.rule == "S3-GRENADE-23"


def test_s3_grenade_24_molotov_fire_follows_the_liquid_rules():
    """S3-GRENADE-24 (G3-15): molotov fire is reconciled with the fire rules by its source: it is armoured as
    burning liquid (S3-GRENADE-13), not as a plain burning hex where modern armour counts (S3-FIRE-14)."""
    b = battle_of([foe("bob", [0, 0], worn=["jacket"])])
    bob = b.fighter("bob")
    assert fire.fire_stops(bob, "molotov") == (0, "S3-GRENADE-13")
    assert fire.fire_stops(bob, "fire")[0] == 4


# -- odds, picking up, pending ---------------------------------------------------------------------------------------

def test_s3_grenade_4_odds_of_each_scatter():
    """S3-GRENADE-4/5: the aiming odds: hit, each scatter distance, dropped; they add up to one."""
    b = battle_of([thrower(), foe("bob", [7, 0])])
    odds = grenades.throw_odds(b, b.fighter("ann"), Hex(7, 0))  # target 9
    assert odds["hit"] == pytest.approx(81 / 216)
    assert odds["dropped"] == pytest.approx(1 / 216)
    assert odds["scatter:1"] == pytest.approx(27 / 216)  # a 10
    assert sum(v for k, v in odds.items() if k != "miss") == pytest.approx(1.0)
    assert grenades.odds(b, ThrowGrenade(actor="ann", item="frag_grenade", to=(7, 0))) == odds


def test_s3_grenade_2_options_and_refusals():
    """S3-GRENADE-2: a throw needs the grenade in hand and is offered at each foe in range; not inside a brawl."""
    b = battle_of([thrower(), foe("bob", [7, 0]), foe("cat", [40, 0])])
    opts = grenades.options(b, b.fighter("ann"))
    assert [o.to for o in opts if isinstance(o, ThrowGrenade)] == [(7, 0)]
    b = battle_of([thrower(hands={"right": None, "left": None}, belt=["frag_grenade"]), foe("bob", [7, 0])])
    assert ThrowGrenade(actor="ann", item="frag_grenade", to=(7, 0)).check(b).rule == "G3-4"


def test_s3_smoke_10_a_live_grenade_is_not_picked_up():
    """S3-SMOKE-10 (draft, left open): a grenade waiting on its fuse lies nowhere to be picked up; only a burning
    smoke or gas grenade can be grabbed (S3-SMOKE-8)."""
    b = battle_of([thrower(), foe("bob", [7, 0])])
    throw(b, [3, 3, 3], to=(7, 0), fuse="next_movement")
    b.fighter("bob").hands = {"right": None, "left": None}
    assert PickUp(actor="bob", item="frag_grenade").check(b) is not None
    assert not [o for o in grenades.options(b, b.fighter("bob")) if isinstance(o, PickUp)]


# -- walking into the fire it leaves (the walk's hits are fire.on_walk's, S3-GRENADE-15) ------------------------------

def corridor(battle) -> None:
    """A one-hex-wide corridor along r = 0, so a walk east crosses every hex on the way."""
    battle.board = Board(cells=[Cell(hex=Hex(q, 0)) for q in range(-2, 12)], columns=14, rows=1)


def walker(**kw: Any) -> dict[str, Any]:
    out = {"id": "bob", "side": "blue", "hex": [0, 0], "stats": {"ST": 30, "DX": 12, "IQ": 12}}
    out.update(kw)
    return out


def test_s3_grenade_12_molotov_fire_through_two_stopping_four():
    """S3-GRENADE-12: in the molotov's burning hex, walking through costs 2 hits, stopping there 4 (each burning
    hex entered asks its 3d6 IQ check first, S3-FIRE-12)."""
    from nd6_helpers import play

    b = battle_of([walker()], effects=[{"kind": "burning_liquid", "hex": [1, 0], "turns_left": 10}])
    corridor(b)
    ev = play(b, {"actor": "bob", "type": "move", "to": [2, 0]}, [3, 3, 3])
    assert injuries(ev) == {"bob": 2} and of_type(ev, "damage")[0]["rule"] == "S3-GRENADE-12"
    b = battle_of([walker()], effects=[{"kind": "burning_liquid", "hex": [1, 0], "turns_left": 10}])
    corridor(b)
    ev = play(b, {"actor": "bob", "type": "move", "to": [1, 0]}, [3, 3, 3])
    assert injuries(ev) == {"bob": 4}


def test_s3_grenade_22_incendiary_fire_through_four_stopping_eight():
    """S3-GRENADE-22: an incendiary's fire hex costs 4 hits walking through it, 8 stopping in it; through one and
    into the next, 4 + 8 added before armour (S3-GRENADE-15)."""
    from nd6_helpers import play

    fires = [{"kind": "incendiary", "hex": [1, 0], "turns_left": 10}, {"kind": "incendiary", "hex": [2, 0],
                                                                           "turns_left": 10}]
    b = battle_of([walker()], effects=fires[:1])
    corridor(b)
    ev = play(b, {"actor": "bob", "type": "move", "to": [3, 0]}, [3, 3, 3])
    assert injuries(ev) == {"bob": 4} and of_type(ev, "damage")[0]["rule"] == "S3-GRENADE-22"
    b = battle_of([walker()], effects=fires)
    corridor(b)
    ev = play(b, {"actor": "bob", "type": "move", "to": [2, 0]}, [3, 3, 3, 3, 3, 3])
    dmg = of_type(ev, "damage")
    assert len(dmg) == 1 and dmg[0]["amount"] == 12 and dmg[0]["rule"] == "S3-GRENADE-15"


def test_s3_grenade_8_next_movement_fuse_under_the_turn_controller():
    """S3-GRENADE-8 under the turn controller (G3-3's phases): a grenade thrown in the action phase with the
    next_movement fuse goes off when the next round's movement phase ends, not at its start (ruling ND6-17;
    tests/test_rules_nd6_seed_sentences.py has the figure that walks out first); the throw is an action-phase
    option only."""
    from game.flow.turns import TurnController

    b = battle_of([thrower(stats={"ST": 10, "DX": 30}), foe("bob", [4, 0])])
    tc = TurnController(b, "nd6-tactical", dice="seeded", seat={"red": "human", "blue": "human"})
    thrown = False
    for _ in range(30):
        if b.round > 1 or tc.is_over():
            break
        act = ThrowGrenade(actor="ann", item="frag_grenade", to=(4, 0), fuse="next_movement")
        phase = (b.state.get("initiative") or {}).get("phase")
        if tc.whose_turn() == "ann" and not thrown:
            if phase == "action":
                res = tc.submit(act)
                assert res.ok, res
                thrown = True
                continue
            assert tc.check(act) is not None  # not in the movement phase (G3-3)
        tc.end_turn()
    assert thrown and b.round == 2
    steps = [e for e in b.log if e.get("round") == 2]
    first = steps[0]
    assert first["step"] == "start_round"
    assert not any(ev.get("grenade") == "frag_grenade" for ev in first["events"])
    assert len(grenades.pending(b)) == 1
    for _ in range(30):
        if not grenades.pending(b) or tc.is_over():
            break
        tc.end_turn()
    gone = [e for e in b.log if e.get("round") == 2 and any(ev.get("grenade") == "frag_grenade" for ev in e["events"])]
    assert gone and gone[0]["step"] == "end_phase" and grenades.pending(b) == []


def test_s3_grenade_4_landing_odds_and_expected_hits():
    """S3-GRENADE-4/5 (G3-25): the chance of each landing hex adds up to one (the thrower's own hex on an 18,
    six directions for each scatter distance); S3-GRENADE-18: the hits each figure may expect from a frag, the
    target's far more than the thrower's."""
    b = battle_of([thrower(), foe("bob", [7, 0])])
    ann = b.fighter("ann")
    land = grenades.landing_odds(b, ann, Hex(7, 0))
    assert sum(land.values()) == pytest.approx(1.0)
    assert land[Hex(7, 0)] == pytest.approx(81 / 216)
    assert land[Hex(8, 0)] == pytest.approx(27 / 216 / 6)  # a 10, direction 0
    exp = grenades.expected_hits(b, ann, "frag_grenade", Hex(7, 0))
    assert exp["bob"] > 7 and exp["ann"] < 0.5
    assert grenades.expected_hits(b, ann, "smoke_grenade", Hex(7, 0)) == {"ann": 0.0, "bob": 0.0}
