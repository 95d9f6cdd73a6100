"""nd6-tactical smoke and tear gas clouds (S3-SMOKE-1..10) with scripted dice.

A cloud is counted in rounds, the round its grenade goes off being the first (SITUATION-FORMAT); each test
throws the grenade (3d6, the scatter die after a miss), then plays the start of the following rounds as the
turn controller and ``clinch resolve`` do (``effects.start_round``).
"""

from __future__ import annotations

from typing import Any

from nd6_helpers import battle_of, of_type

from game.dice import ScriptedDice
from game.hexgrid import Hex, hex_distance, hex_neighbor
from game.rules import events as E
from game.rules.nd6 import effects, grenades, smoke
from game.rules.nd6.grenades import PickUp, ThrowGrenade
from game.rules.nd6.status import armour, edx, edx_mods


def thrower(grenade: str = "smoke_grenade", **kw: Any) -> dict[str, Any]:
    out = {"id": "ann", "side": "red", "hex": [0, 0], "stats": {"ST": 10, "DX": 12},
           "hands": {"right": grenade, "left": None}}
    out.update(kw)
    return out


def foe(fid: str, hex_: list[int], **kw: Any) -> dict[str, Any]:
    out = {"id": fid, "side": "blue", "hex": hex_, "stats": {"ST": 12, "DX": 12},
           "hands": {"right": None, "left": None}}
    out.update(kw)
    return out


def play(battle, act, faces: list[int] = ()) -> list[dict[str, Any]]:
    reason = act.check(battle)
    assert reason is None, reason
    dice = ScriptedDice(list(faces))
    out = act.resolve(battle, dice)
    assert dice.position == len(dice.faces)
    return out


def throw(battle, to=(7, 0), faces=(3, 3, 3), item_id: str = "", actor: str = "ann", fuse: str = "end_of_turn"):
    return play(battle, ThrowGrenade(actor=actor, item=item_id, to=to, fuse=fuse), list(faces))


def new_round(battle, faces: list[int] = ()) -> list[dict[str, Any]]:
    battle.round += 1
    r = E.Resolution(battle, ScriptedDice(list(faces)))
    effects.start_round(r)
    return r.events


def cloud(battle, kind: str = "smoke") -> set[Hex]:
    return {Hex(*e["hex"]) for e in effects.board_effects(battle) if e["kind"] == kind}


def test_s3_smoke_1_one_hex_then_the_megahex_then_growing_five_rounds():
    """S3-SMOKE-1: 1 hex the round it goes off, the megahex the next, then one ring more each round until the
    grenade has burned 5 rounds; no growth after."""
    b = battle_of([thrower(), foe("bob", [30, 0])])
    throw(b)
    assert cloud(b) == {Hex(7, 0)}
    sizes = []
    for _ in range(5):
        new_round(b)
        sizes.append(len(cloud(b)))
    assert sizes == [7, 19, 37, 61, 61]
    assert cloud(b) == {h for h in cloud(b) if hex_distance(h, Hex(7, 0)) <= 4}


def test_s3_smoke_2_gone_two_rounds_after_it_burns_out():
    """S3-SMOKE-2: the grenade burns rounds 1-5; the cloud still hangs in rounds 6 and 7 and is gone in round 8."""
    b = battle_of([thrower(), foe("bob", [30, 0])])
    throw(b)
    for _ in range(6):  # rounds 2..7
        new_round(b)
    assert len(cloud(b)) == 61
    assert grenades.pending(b) == []  # burned out after round 5: a spent can, off the floor
    assert not [x for x in b.state.get("floor", []) if x["item"] == "smoke_grenade"]
    new_round(b)
    assert cloud(b) == set()


def test_s3_smoke_3_a_slight_wind_drifts_a_strong_one_disperses():
    """S3-SMOKE-3: with a slight wind toward direction 0 the cloud moves one hex east each round before it
    grows; a strong wind keeps it to the grenade's own hex, gone when the grenade burns out."""
    b = battle_of([thrower(), foe("bob", [30, 0])])
    b.options["wind"] = 0
    b.options["wind_strength"] = "slight"
    throw(b)
    new_round(b)  # the one hex drifts to [8, 0], then grows around it (and the grenade still smokes at [7, 0])
    assert cloud(b) == set(grenades.megahex(Hex(8, 0))) | {Hex(7, 0)}
    b = battle_of([thrower(), foe("bob", [30, 0])])
    b.options["wind"] = 0
    b.options["wind_strength"] = "strong"
    throw(b)
    for _ in range(4):
        new_round(b)
        assert cloud(b) == {Hex(7, 0)}
    new_round(b)
    assert cloud(b) == set()


def test_s3_smoke_4_tear_gas_standing_in_and_walking_through():
    """S3-SMOKE-4: a figure without a gas mask standing where the cloud forms, or caught as it spreads, or walking
    through it, has -4 DX until the battle ends."""
    b = battle_of([thrower("tear_gas_grenade"), foe("bob", [7, 0]), foe("cat", [8, 0]), foe("dan", [7, 3])])
    ev = throw(b)
    assert "tear_gassed" in b.fighter("bob").conditions
    assert "tear_gassed" not in b.fighter("cat").conditions
    new_round(b)
    assert "tear_gassed" in b.fighter("cat").conditions
    assert any(e.get("add") == "tear_gassed" for e in of_type(ev, "condition"))
    dan = b.fighter("dan")
    r = E.Resolution(b, ScriptedDice([]))
    smoke.on_walk(r, dan, [Hex(7, 2), Hex(7, 1), Hex(6, 1)])  # [7, 1] is in the megahex
    assert "tear_gassed" in dan.conditions
    assert edx(b, dan) == 12 - 4 and any(m.rule == "S3-SMOKE-4" for m in edx_mods(b, dan))
    for _ in range(8):
        new_round(b)
    assert cloud(b, "tear_gas") == set() and "tear_gassed" in dan.conditions  # until the battle ends


def test_s3_smoke_5_minus_one_dx_per_smoke_hex_of_a_shot():
    """S3-SMOKE-5: a shot loses 1 DX for each smoke hex it starts in, crosses or ends in."""
    from game.rules.nd6 import ranged

    b = battle_of([{"id": "ann", "side": "red", "hex": [0, 0], "stats": {"ST": 10, "DX": 12},
                    "hands": {"right": "smoke_grenade", "left": "pistol"}}, foe("bob", [9, 0])])
    throw(b, to=(5, 0))
    new_round(b)  # the megahex around [5, 0]: [4, 0], [5, 0], [6, 0] lie on the line
    lof = ranged.line_of_fire(b, b.fighter("ann"), Hex(9, 0))
    assert lof.smoke == 3
    mod = ranged.smoke_mod(lof)
    assert mod is not None and mod.value == -3 and mod.rule == "S3-SMOKE-5"


def test_s3_smoke_6_smoke_shields_an_energy_shot():
    """S3-SMOKE-6: an energy weapon firing through smoke meets it as R1 shielding (one die less, G3-26)."""
    from game.rules.nd6 import energy

    b = battle_of([thrower(), foe("bob", [9, 0])])
    throw(b, to=(5, 0))
    ann, bob = b.fighter("ann"), b.fighter("bob")
    assert energy.shielding(b, ann, bob, "laser_rifle") == 1
    b2 = battle_of([thrower(), foe("bob", [9, 0])])
    assert energy.shielding(b2, b2.fighter("ann"), b2.fighter("bob"), "laser_rifle") == 0


def test_s3_smoke_7_molotov_and_incendiary_fires_smoke():
    """S3-SMOKE-7: molotov fires and incendiary grenades produce smoke (and a flame thrower's burning liquid)."""
    b = battle_of([thrower("incendiary_grenade"), foe("bob", [30, 0])])
    throw(b)
    assert set(grenades.megahex(Hex(7, 0))) <= smoke.smoke_hexes(b)
    b = battle_of([foe("bob", [30, 0])], effects=[{"kind": "burning_liquid", "hex": [2, 2], "turns_left": 5}])
    assert Hex(2, 2) in smoke.smoke_hexes(b)


def test_s3_smoke_8_picked_up_and_thrown_back_burning_the_hand():
    """S3-SMOKE-8: a burning smoke grenade may be picked up and thrown back; its holder takes 2 hits each turn it
    holds it, stopped only by a jacket or full body armour (an armoured vest has no gloves)."""
    b = battle_of([thrower(), foe("bob", [7, 0], worn=["armored_vest"]),
                   foe("cat", [7, 0], worn=["jacket"], hex=[20, 0])])
    throw(b)
    bob = b.fighter("bob")
    ev = play(b, PickUp(actor="bob", item="smoke_grenade"))
    assert bob.hands["right"] == "smoke_grenade"
    dmg = of_type(ev, "damage")
    assert len(dmg) == 1 and dmg[0]["amount"] == 2 and dmg[0]["dr"] == 0 and dmg[0]["injury"] == 2
    assert not [x for x in b.state.get("floor", []) if x["item"] == "smoke_grenade"]
    new_round(b)
    r = E.Resolution(b, ScriptedDice([]))
    grenades.start_turn(r, bob)  # the next turn it still holds it: 2 more
    grenades.start_turn(r, bob)  # once a round
    assert [e["injury"] for e in of_type(r.events, "damage")] == [2]
    ev = throw(b, to=(0, 1), faces=[3, 3, 3], actor="bob")
    assert bob.hands["right"] is None
    assert Hex(0, 1) in cloud(b)  # it smokes where it lands now
    assert [x["hex"] for x in b.state["floor"] if x["item"] == "smoke_grenade"] == [[0, 1]]
    assert smoke.glove_stops(b.fighter("cat")) == 4 and smoke.glove_stops(bob) == 0


def test_s3_smoke_9_gas_mask_protects_at_minus_one_dx():
    """S3-SMOKE-9: a gas mask keeps tear gas out but costs 1 DX."""
    b = battle_of([thrower("tear_gas_grenade"), foe("bob", [7, 0], worn=["gas_mask"])])
    ev = throw(b)
    bob = b.fighter("bob")
    assert "tear_gassed" not in bob.conditions
    assert any(e.get("rule") == "S3-SMOKE-9" for e in ev)
    assert armour(bob)["dx"] == -1 and edx(b, bob) == 11


def test_s3_smoke_1_cloud_stays_out_of_walls():
    """S3-SMOKE-1 (ruling ND6-17): a cloud spreads into open hexes of the map only."""
    from game.model.board import Board, Cell

    b = battle_of([thrower(), foe("bob", [30, 0])])
    cells = [Cell(hex=Hex(q, r), blocks_movement=(q == 8), blocks_sight=(q == 8))
             for q in range(-2, 14) for r in range(-4, 5)]
    b.board = Board(cells=cells, columns=16, rows=9)
    throw(b)
    new_round(b)
    assert Hex(8, 0) not in cloud(b) and Hex(8, -1) not in cloud(b) and Hex(6, 0) in cloud(b)
    assert hex_neighbor(Hex(7, 0), 0) == Hex(8, 0)


def test_s3_smoke_10_a_smoke_grenade_on_its_fuse_cannot_be_grabbed():
    """S3-SMOKE-10 (left open): a smoke grenade thrown with the next_movement fuse lies in its hex but cannot be
    picked up before it goes off; once burning it can (S3-SMOKE-8)."""
    b = battle_of([thrower(), foe("bob", [7, 0])])
    throw(b, fuse="next_movement")
    why = PickUp(actor="bob", item="smoke_grenade").check(b)
    assert why is not None and why.rule == "S3-SMOKE-10"
    new_round(b)
    assert cloud(b) == {Hex(7, 0)}
    assert PickUp(actor="bob", item="smoke_grenade").check(b) is None


def test_s3_smoke_8_a_dropped_burning_grenade_burns_no_hand():
    """S3-SMOKE-8: a holder that lets the burning grenade fall takes no more hits; it smokes where it fell."""
    b = battle_of([thrower(), foe("bob", [7, 0])])
    throw(b)
    bob = b.fighter("bob")
    play(b, PickUp(actor="bob", item="smoke_grenade"))
    r = E.Resolution(b, ScriptedDice([]))
    r.emit(E.item("bob", "smoke_grenade", action="dropped"))
    r.emit(E.move("bob", Hex(7, 3)))  # drops it and walks off (as a test, no rules asked)
    new_round(b)
    r = E.Resolution(b, ScriptedDice([]))
    grenades.start_turn(r, bob)
    assert of_type(r.events, "damage") == []
    assert grenades.pending(b)[0]["hex"] == [7, 0] and grenades.pending(b)[0]["holder"] is None
    assert Hex(7, 0) in cloud(b)


def test_s3_smoke_4_a_move_through_tear_gas():
    """S3-SMOKE-4: a fighter walking through a tear gas cloud (a plain move) breathes it; one with a gas mask
    walking the same way does not (S3-SMOKE-9)."""
    from nd6_helpers import play as play_dict

    from game.model.board import Board, Cell

    gas = [{"kind": "tear_gas", "hex": [2, 0], "turns_left": 3}]
    for worn, gassed in (([], True), (["gas_mask"], False)):
        b = battle_of([foe("bob", [0, 0], worn=worn)], effects=gas)
        b.board = Board(cells=[Cell(hex=Hex(q, 0)) for q in range(-2, 8)], columns=10, rows=1)
        play_dict(b, {"actor": "bob", "type": "move", "to": [4, 0]})
        assert b.fighter("bob").hex == Hex(4, 0)
        assert ("tear_gassed" in b.fighter("bob").conditions) is gassed
