"""nd6-tactical flame throwers (S3-FLAMER-1..12, G3-28, G3-15) with scripted dice.

Battles are built as ``clinch resolve`` builds them (``tests/nd6_helpers.battle_of``). A burst's dice, in the
order rolled: the burst's 3d6 to hit, then one 3d6 for each other figure under the fire (battle order,
S3-FLAMER-7), then (no dice for the fixed hits) the 4d6 soak saves of those hit in the fire (S3-FLAMER-9).
"""

from __future__ import annotations

from typing import Any

import pytest
from nd6_helpers import battle_of, of_type, play, why

from game.hexgrid import Hex
from game.model.board import Board, Cell
from game.rules.nd6 import fire, flamer
from game.rules.nd6.effects import board_effects, effects_at
from game.rules.nd6.items import ITEMS

FT = {"right": "flamethrower", "left": "flamethrower"}


def firer(**kw: Any) -> dict[str, Any]:
    """ann at [0, 0] facing +q, ST 12 DX 12, a flame thrower in both hands."""
    out = {"id": "ann", "side": "red", "hex": [0, 0], "facing": 0, "stats": {"ST": 12, "DX": 12}, "hands": dict(FT)}
    out.update(kw)
    return out


def foe(fid: str, hex_: list[int], **kw: Any) -> dict[str, Any]:
    out = {"id": fid, "side": "blue", "hex": hex_, "facing": 3, "stats": {"ST": 12, "DX": 12}}
    out.update(kw)
    return out


def flame(**kw: Any) -> dict[str, Any]:
    return {"actor": "ann", "type": "flame", **kw}


def injuries(events: list[dict[str, Any]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in of_type(events, "damage"):
        out[e["target"]] = out.get(e["target"], 0) + e["amount"]
    return out


HIT, MISS = [3, 3, 3], [6, 6, 4]  # 9 and 16 (16 always misses, G3-1)
SAVE, FAIL = [1, 1, 1, 1], [6, 6, 6, 6]


# -- fuel (S3-FLAMER-2) ----------------------------------------------------------------------------------------------

def test_s3_flamer_2_four_small_bursts_then_empty():
    """S3-FLAMER-2: a full load is 4 small bursts; the fifth is refused and says how much fuel is left."""
    b = battle_of([firer(), foe("bob", [4, 0])])
    for n in range(4):
        b.round += 1
        play(b, flame(target="bob", burst="small", miss_hexes=[[3, 0], [3, 1], [2, 1]]), MISS)
        assert flamer.fuel_left(b.fighter("ann")) == 3 - n
    b.round += 1
    reason = why(b, flame(target="bob"))
    assert reason.rule == "S3-FLAMER-2" and "fuel for 0 small bursts" in reason.text


def test_s3_flamer_2_two_large_or_two_small_and_one_large():
    """S3-FLAMER-2: a large burst takes two small ones' fuel: 2 large empty it; 2 small + 1 large too; a large
    burst with one small burst left is refused."""
    b = battle_of([firer(), foe("bob", [4, 0])])
    play(b, flame(target="bob", burst="large"), MISS)
    play(b, flame(target="bob", burst="large"), MISS)
    assert flamer.fuel_left(b.fighter("ann")) == 0
    b = battle_of([firer(), foe("bob", [4, 0])])
    play(b, flame(target="bob"), MISS)
    play(b, flame(target="bob"), MISS)
    play(b, flame(target="bob", burst="large"), MISS)
    assert flamer.fuel_left(b.fighter("ann")) == 0
    b = battle_of([firer(), foe("bob", [4, 0])])
    for _ in range(3):
        play(b, flame(target="bob"), MISS)
    reason = why(b, flame(target="bob", burst="large"))
    assert reason.rule == "S3-FLAMER-2" and "needs 2" in reason.text


def test_s3_flamer_2_a_flame_thrower_is_not_fired_with_attack():
    """S3-FLAMER-2: the flame thrower fires in bursts (the flame action), not as an attack's shot."""
    b = battle_of([firer(), foe("bob", [4, 0])])
    reason = why(b, {"actor": "ann", "type": "attack", "target": "bob", "item": "flamethrower"})
    assert reason.rule == "S3-FLAMER-2" and "flame action" in reason.text


# -- the fire laid (S3-FLAMER-1, 3) ---------------------------------------------------------------------------------

def test_s3_flamer_3_small_lays_three_hexes_large_seven():
    """S3-FLAMER-3: a small burst lays 3 hexes of burning oil, a large one 7 (the default placement on a hit:
    the target's hex and its neighbours)."""
    b = battle_of([firer(), foe("bob", [5, 0])])
    play(b, flame(target="bob", burst="small"), [*HIT, *SAVE])
    assert len(board_effects(b)) == 3
    b = battle_of([firer(), foe("bob", [5, 0])])
    play(b, flame(target="bob", burst="large"), [*HIT, *SAVE])
    hexes = {Hex(*e["hex"]) for e in board_effects(b)}
    assert len(hexes) == 7 and Hex(5, 0) in hexes
    reason = why(b, flame(target="bob", burst="large", hexes=[[5, 0], [6, 0], [7, 0]]))
    assert reason.rule == "S3-FLAMER-5" and "7 hexes" in reason.text


def test_s3_flamer_1_the_oil_burns_as_a_molotov():
    """S3-FLAMER-1 (with S3-FLAMER-9's "all other effects"): the fire hexes hold burning liquid for 12 rounds
    (S3-GRENADE-11), which smokes (S3-GRENADE-17) and meets only full body armour (S3-GRENADE-13)."""
    b = battle_of([firer(), foe("bob", [5, 0], worn=["jacket"]), foe("cy", [5, 1], worn=["full_body_armor"])])
    ev = play(b, flame(target="bob", hexes=[[5, 0], [5, 1], [6, 0]]), [*HIT, *HIT, *SAVE, *SAVE])
    for h in ([5, 0], [5, 1], [6, 0]):
        (e,) = effects_at(b, Hex(*h))
        assert e["kind"] == "burning_liquid" and e["turns_left"] == 12
    dmg = {e["target"]: e for e in of_type(ev, "damage")}
    assert dmg["bob"]["dr"] == 0 and dmg["bob"]["injury"] == 4      # a jacket does not stop it
    assert dmg["cy"]["dr"] == 4 and dmg["cy"]["injury"] == 0        # full body armour does
    assert fire.fire_stops(b.fighter("bob"), flamer.SOURCE)[1] == "S3-GRENADE-13"


# -- the roll (S3-FLAMER-4) ------------------------------------------------------------------------------------------

def test_s3_flamer_4_missile_adjustments():
    """S3-FLAMER-4: range (9 hexes = 3 MH: -1, G3-12) and the ST shortfall (ST 10 of 12: -2, S3-AUTO-4): DX 12
    needs 9; a 10 misses."""
    b = battle_of([firer(stats={"ST": 10, "DX": 12}), foe("bob", [9, 0])])
    odds = flamer.odds(b, flamer.Flame(actor="ann", target="bob"))
    assert odds is not None and 0.37 < odds["hit"] < 0.38  # 3d6 <= 9 is 37.5 %
    ev = play(b, flame(target="bob"), [4, 3, 3])
    roll = of_type(ev, "roll")[0]
    assert roll["target"] == 9 and not roll["success"] and roll["rule"] == "S3-FLAMER-4"
    assert {m["rule"] for m in roll["modifiers"]} == {"G3-12", "S3-AUTO-4"}


# -- placing the fire (S3-FLAMER-5, 6) -------------------------------------------------------------------------------

def test_s3_flamer_5_hit_places_one_hex_in_the_targets_hex():
    """S3-FLAMER-5: after a hit the firer's connected hexes lie as placed, one in the target's hex: 4 hits."""
    b = battle_of([firer(), foe("bob", [4, 0])])
    ev = play(b, flame(target="bob", hexes=[[4, 0], [4, -1], [5, -1]]), [*HIT, *FAIL])
    msg = next(e for e in ev if e.get("flame"))
    assert msg["hit"] and msg["hexes"] == [[4, 0], [4, -1], [5, -1]]
    assert injuries(ev) == {"bob": 4}


def test_s3_flamer_5_placement_must_be_connected_open_and_at_the_target():
    """S3-FLAMER-5: the hexes are connected, on the map, no wall, not the firer's own, and touch the target."""
    board = Board(name="t", cells=[Cell(hex=Hex(q, r), blocks_movement=(q, r) == (5, 0), blocks_sight=(q, r) == (5, 0))
                                   for q in range(-1, 8) for r in range(-3, 4)])
    b = battle_of([firer(), foe("bob", [4, 0])])
    b.board = board
    cases = {
        "connected": [[4, 0], [4, 1], [6, 0]],
        "wall": [[4, 0], [5, 0], [5, -1]],
        "next to it": [[2, 0], [2, 1], [1, 1]],
        "firer's own": [[1, 0], [0, 0], [0, 1]],
        "off the map": [[4, 0], [4, 1], [4, 4]],
    }
    for words, hexes in cases.items():
        reason = why(b, flame(target="bob", hexes=hexes))
        assert words in reason.text and reason.rule == "S3-FLAMER-5", (words, reason)
    assert flamer.shape_reason(b, b.fighter("ann"), Hex(4, 0), "small", [Hex(3, 0), Hex(3, 1), Hex(2, 1)], True) \
        is None  # next to the target is enough: "could be placed" in its hex


def test_s3_flamer_6_miss_places_next_to_the_target_never_in_it():
    """S3-FLAMER-6: after a miss the fire lies as ``miss_hexes`` places it (one next to the target, none in
    it): the target, next to the fire, takes 2 hits and no soak save."""
    b = battle_of([firer(), foe("bob", [4, 0])])
    ev = play(b, flame(target="bob", hexes=[[4, 0], [5, 0], [6, 0]], miss_hexes=[[3, 0], [2, 1], [3, 1]]), MISS)
    msg = next(e for e in ev if e.get("flame"))
    assert not msg["hit"] and msg["hexes"] == [[3, 0], [2, 1], [3, 1]]
    assert injuries(ev) == {"bob": 2}
    assert not effects_at(b, Hex(4, 0))


def test_s3_flamer_6_miss_placement_checked_and_default():
    """S3-FLAMER-6: a miss placement in the target's hex or away from it is refused; with only ``hexes`` (in
    the target's hex) a miss lays the default placement instead: next to the target, not in it."""
    b = battle_of([firer(), foe("bob", [4, 0])])
    r1 = why(b, flame(target="bob", miss_hexes=[[4, 0], [3, 0], [3, 1]]))
    r2 = why(b, flame(target="bob", miss_hexes=[[2, 0], [2, 1], [1, 1]]))
    assert r1.rule == r2.rule == "S3-FLAMER-6"
    assert "no fire lies" in r1.text and "next to" in r2.text
    ev = play(b, flame(target="bob", hexes=[[4, 0], [5, 0], [6, 0]]), MISS)
    hexes = [Hex(*h) for h in next(e for e in ev if e.get("flame"))["hexes"]]
    assert Hex(4, 0) not in hexes and any(flamer.hex_distance(h, Hex(4, 0)) == 1 for h in hexes)
    assert flamer.shape_reason(b, b.fighter("ann"), Hex(4, 0), "small", hexes, False) is None


def test_s3_flamer_5_next_hexes_guides_the_placement():
    """S3-FLAMER-5/6: the UI's next_hexes offers, after a hit, the target's hex and its neighbours first, then
    only hexes next to those placed; after a miss never the target's hex; placement_reason agrees."""
    b = battle_of([firer(), foe("bob", [4, 0])])
    f, aim = b.fighter("ann"), Hex(4, 0)
    first = flamer.next_hexes(b, f, aim, "small", [], True)
    assert set(first) == {aim, *flamer.hex_neighbors(aim)}
    second = flamer.next_hexes(b, f, aim, "small", [aim], True)
    assert set(second) == set(flamer.hex_neighbors(aim))
    assert aim not in flamer.next_hexes(b, f, aim, "small", [Hex(3, 0)], False)
    act = flamer.Flame(actor="ann", target="bob")
    assert flamer.placement_reason(b, f, act, [Hex(4, 0), Hex(5, 0)]) is None
    assert "connected" in flamer.placement_reason(b, f, act, [Hex(4, 0), Hex(6, 0)])


# -- figures under the fire (S3-FLAMER-7, 8, 9) -------------------------------------------------------------------------

def test_s3_flamer_7_each_figure_under_the_fire_rolls_separately():
    """S3-FLAMER-7 (ruling ND6-21): bob (aimed at, hit) takes 4; cal in another fire hex rolls his own, misses
    (16) and takes only the 2 of a hex next to the fire, with no soak save; dee's own roll hits: 4 and a save."""
    b = battle_of([firer(), foe("bob", [4, 0]), foe("cal", [5, 0]), foe("dee", [6, 0])])
    ev = play(b, flame(target="bob", hexes=[[4, 0], [5, 0], [6, 0]]), [*HIT, 6, 6, 4, *HIT, *SAVE, *FAIL])
    rolls = of_type(ev, "roll")
    assert [r.get("target_id") for r in rolls[:3]] == ["bob", "cal", "dee"]
    assert rolls[1]["rule"] == "S3-FLAMER-7" and not rolls[1]["success"]
    assert injuries(ev) == {"bob": 4, "cal": 2, "dee": 4}
    saves = [r for r in rolls if r["rule"] == "S3-FLAMER-9"]
    assert [s["actor"] for s in saves] == ["bob", "dee"]
    assert "soaked" in b.fighter("dee").conditions and "soaked" not in b.fighter("cal").conditions


def test_s3_flamer_8_four_in_the_fire_two_next_to_it():
    """S3-FLAMER-8: 4 hits in a fire hex, 2 in a hex next to one (a friend of the firer too); none farther."""
    b = battle_of([firer(), foe("bob", [4, 0]), foe("cal", [4, 2]),
                   {"id": "max", "side": "red", "hex": [3, 0], "stats": {"ST": 12, "DX": 12}},
                   foe("far", [8, -3])])
    ev = play(b, flame(target="bob", hexes=[[4, 0], [5, 0], [4, 1]]), [*HIT, *SAVE])
    assert injuries(ev) == {"bob": 4, "cal": 2, "max": 2}
    assert all(e["rule"] == "S3-FLAMER-8" for e in of_type(ev, "damage"))


def test_s3_flamer_9_four_dice_against_dx_or_soaked():
    """S3-FLAMER-9: the soak save is 4d6 against DX: 12 or under stays dry, 13 is soaked and on fire."""
    b = battle_of([firer(), foe("bob", [4, 0])])
    ev = play(b, flame(target="bob"), [*HIT, 3, 3, 3, 3])
    save = [r for r in of_type(ev, "roll") if r["rule"] == "S3-FLAMER-9"][0]
    assert len(save["dice"]) == 4 and save["success"] and "soaked" not in b.fighter("bob").conditions
    b = battle_of([firer(), foe("bob", [4, 0])])
    play(b, flame(target="bob"), [*HIT, 4, 3, 3, 3])
    assert {"soaked", "on_fire_whole"} <= set(b.fighter("bob").conditions)


def test_s3_flamer_5_aimed_at_a_hex():
    """S3-FLAMER-5/7: aimed at a bare hex (``to``), the burst's roll places the fire; a figure under it rolls
    its own to be hit."""
    b = battle_of([firer(), foe("bob", [5, 0])])
    ev = play(b, flame(to=[4, 0], hexes=[[4, 0], [5, 0], [6, 0]]), [*HIT, *HIT, *SAVE])
    rolls = of_type(ev, "roll")
    assert rolls[0]["rule"] == "S3-FLAMER-4" and rolls[1]["rule"] == "S3-FLAMER-7"
    assert injuries(ev) == {"bob": 4}


# -- the tank (S3-FLAMER-10, 11, G3-28) ------------------------------------------------------------------------------

def carrier(**kw: Any) -> dict[str, Any]:
    """bob at [0, 0] facing +q with a flame thrower in hand: his rear hex is [-1, 0]."""
    out = {"id": "bob", "side": "blue", "hex": [0, 0], "facing": 0, "stats": {"ST": 12, "DX": 12}, "hands": dict(FT)}
    out.update(kw)
    return out


def swordsman(hex_: list[int]) -> dict[str, Any]:
    return {"id": "zed", "side": "red", "hex": hex_, "facing": 0, "stats": {"ST": 12, "DX": 12},
            "hands": {"right": "broadsword", "left": "broadsword"}}


def test_s3_flamer_10_hit_from_the_rear_hex_may_ignite():
    """S3-FLAMER-10 (G3-28): a blow from the carrier's rear hex that does 7 hits: 3d6 = 7 ignites the fuel, then
    the molotov's effects (S3-FLAMER-11); 3d6 = 8 holds."""
    b = battle_of([carrier(), swordsman([-1, 0])])
    ev = play(b, {"actor": "zed", "type": "attack", "target": "bob"}, [3, 3, 3, 3, 4, 2, 2, 3, *[1] * 5])
    tank = next(r for r in of_type(ev, "roll") if r["rule"] == "S3-FLAMER-10")
    assert tank["total"] == 7 and tank["target"] == 7 and tank["success"]
    assert any(e.get("explosion") for e in ev)
    b = battle_of([carrier(), swordsman([-1, 0])])
    ev = play(b, {"actor": "zed", "type": "attack", "target": "bob"}, [3, 3, 3, 3, 4, 2, 3, 3])
    tank = next(r for r in of_type(ev, "roll") if r["rule"] == "S3-FLAMER-10")
    assert not tank["success"] and not board_effects(b)


def test_s3_flamer_10_only_from_the_rear():
    """S3-FLAMER-10: a hit from the front (or side) never rolls for the tank."""
    b = battle_of([carrier(), swordsman([1, 0])])
    ev = play(b, {"actor": "zed", "type": "attack", "target": "bob"}, [3, 3, 3, 6, 6])
    assert not [r for r in of_type(ev, "roll") if r["rule"] == "S3-FLAMER-10"]


def test_s3_flamer_11_the_exploding_tank():
    """S3-FLAMER-11: the ignited tank is a molotov on the carrier's hex: 4 hits there (the jacket that stopped
    the 3-hit blow does not stop burning oil), 2 next to it, a 5d6 save against eDX (jacket -1: DX 12 -> 11, so
    12 soaks), burning oil in its hex for 12 rounds, the tank empty."""
    b = battle_of([carrier(worn=["jacket"]), swordsman([-1, 0])])
    ev = play(b, {"actor": "zed", "type": "attack", "target": "bob"}, [3, 3, 3, 1, 2, 1, 1, 1, 3, 3, 2, 2, 2])
    fire_dmg = [e for e in of_type(ev, "damage") if e["rule"] == "S3-FLAMER-11"]
    assert {e["target"]: e["amount"] for e in fire_dmg} == {"bob": 4, "zed": 2}
    save = next(r for r in of_type(ev, "roll") if r["rule"] == "S3-FLAMER-11")
    assert len(save["dice"]) == 5 and save["target"] == 11 and not save["success"]
    assert "soaked" in b.fighter("bob").conditions
    (e,) = effects_at(b, Hex(0, 0))
    assert e["kind"] == "burning_liquid" and e["turns_left"] == 12
    assert flamer.fuel_left(b.fighter("bob")) == 0


# -- what it may not be worn with (S3-FLAMER-12) ----------------------------------------------------------------------

def test_s3_flamer_12_no_backpack_with_a_flame_thrower(monkeypatch: pytest.MonkeyPatch):
    """S3-FLAMER-12: no item list has a backpack, battery pack or energy shield; one tagged so (a house item)
    worn with a flame thrower is refused when the situation is set up, naming the rule."""
    monkeypatch.setitem(ITEMS, "backpack_battery", {"name": "backpack battery", "kind": "gear", "tags": ["backpack"]})
    with pytest.raises(ValueError, match="S3-FLAMER-12"):
        battle_of([firer(worn=["backpack_battery"]), foe("bob", [4, 0])])
    battle_of([firer(hands={"right": None, "left": None}, worn=["backpack_battery"]), foe("bob", [4, 0])])
