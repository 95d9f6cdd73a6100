"""nd6-tactical's TFT core on scripted dice: GAPS G3-1..G3-8, G3-12, G3-14, G3-16, G3-18, G3-19 and the seed
rules they touch (S3-UNARMED-9, S3-AUTO-16, S3-ENERGY-5, S3-MA-4), each in an actual action, then the phases of
G3-3 under the real turn controller.

Battles are built as ``clinch resolve`` builds them (``tests/nd6_helpers.py``); each test names the rule it
pins down and asserts the outcome (hits, ST, hands, postures, what is legal), not only that it ran.
"""

from __future__ import annotations

from typing import Any

import pytest
from nd6_helpers import RS, action, battle_of, legal_types, of_type, play, why

from game.flow.turns import TurnController
from game.hexgrid import Hex, arc_of, hex_distance
from game.rules.nd6.ranges import mh_distance, mh_of, range_penalty
from game.rules.nd6.reach import move_reach
from game.rules.nd6.status import edx, engaged_with, iq, mov


def man(fid: str, side: str, q: int, r: int = 0, *, facing: int = 0, st: int = 12, dx: int = 12,
        right: str | None = None, left: str | None = None, **kw: Any) -> dict[str, Any]:
    """One fighter in SITUATION-FORMAT's shape; ``right``/``left`` the hands (both for a two-handed weapon)."""
    d: dict[str, Any] = {"id": fid, "side": side, "hex": [q, r], "facing": facing,
                         "stats": {"ST": st, "DX": dx, **kw.pop("stats", {})}}
    if right or left:
        d["hands"] = {"right": right, "left": left}
    d.update(kw)
    return d


def duel(**b_kw: Any) -> Any:
    """ann at (0,0) facing east, bob next to her at (1,0) facing her (west) unless told otherwise."""
    a_kw = b_kw.pop("ann", {})
    b_kw.setdefault("facing", 3)
    return battle_of([man("ann", "red", 0, 0, **a_kw), man("bob", "blue", 1, 0, **b_kw)])


def hit(battle: Any, actor: str = "ann", target: str = "bob", faces: list[int] | None = None,
        **fields: Any) -> list[dict]:
    return play(battle, {"type": "attack", "actor": actor, "target": target, **fields}, faces)


def roll_of(events: list[dict]) -> dict:
    return of_type(events, "roll")[0]


def mods(events: list[dict]) -> dict[str, int]:
    """The attack roll's modifiers by rule."""
    return {m["rule"]: m["value"] for m in roll_of(events)["modifiers"]}


# -- G3-1: the automatic results of an actual attack ---------------------------------------------------------------

def test_g3_1_a_three_hits_for_triple_damage():
    """G3-1: 3 on 3d6 hits even at DX 6 and triples the rolled hits (broadsword 2d6: 2+3 = 5 -> 15)."""
    b = duel(ann={"dx": 6, "right": "broadsword", "left": "broadsword"}, st=20)
    ev = hit(b, faces=[1, 1, 1, 2, 3])
    assert roll_of(ev)["auto"] == "triple" and roll_of(ev)["success"]
    dmg = of_type(ev, "damage")[0]
    assert dmg["amount"] == 15 and dmg["injury"] == 15
    assert b.fighter("bob").hp == 5


def test_g3_1_a_four_hits_for_double_damage():
    b = duel(ann={"dx": 6, "right": "broadsword", "left": "broadsword"}, st=20)
    ev = hit(b, faces=[1, 1, 2, 6, 6])
    assert roll_of(ev)["auto"] == "double"
    assert of_type(ev, "damage")[0]["amount"] == 24 and b.fighter("bob").hp == -4
    assert "dead" in b.fighter("bob").conditions  # G3-7: below 0


def test_g3_1_a_five_always_hits_with_plain_damage():
    """G3-1: 5 hits whatever the target number (DX 4 here) and is not a multiplier."""
    b = duel(ann={"dx": 4, "right": "broadsword", "left": "broadsword"})
    ev = hit(b, faces=[1, 2, 2, 3, 4])
    r = roll_of(ev)
    assert r["target"] == 4 and r["total"] == 5 and r["success"] and r["auto"] == "hit"
    assert of_type(ev, "damage")[0]["amount"] == 7


def test_g3_1_a_sixteen_always_misses():
    b = duel(ann={"dx": 18, "right": "broadsword", "left": "broadsword"})
    ev = hit(b, faces=[6, 5, 5])
    assert roll_of(ev)["target"] == 18 and not roll_of(ev)["success"] and roll_of(ev)["auto"] == "miss"
    assert not of_type(ev, "damage") and b.fighter("ann").hands == {"right": "broadsword", "left": "broadsword"}


def test_g3_1_a_seventeen_drops_the_weapon_from_both_hands():
    """G3-1: 17 misses and the weapon falls at the attacker's feet; a two-handed one leaves both hands."""
    b = duel(ann={"right": "broadsword", "left": "broadsword"})
    ev = hit(b, faces=[6, 6, 5])
    assert roll_of(ev)["auto"] == "drop"
    assert [e["action"] for e in of_type(ev, "item")] == ["dropped"]
    assert b.fighter("ann").hands == {"right": None, "left": None}
    assert b.state["floor"] == [{"item": "broadsword", "hex": [0, 0]}]
    # nothing left to strike with: the next blow is bare-handed (S3-UNARMED-3's Damage column)
    b.round += 1
    assert "ST 12 row" in of_type(hit(b, faces=[3, 3, 3, 4]), "damage")[0]["damage_roll"]["from"]


def test_g3_1_an_eighteen_breaks_the_weapon():
    """G3-1: 18 misses and the weapon is lost, not dropped (nothing on the floor)."""
    b = duel(ann={"right": "club"})
    ev = hit(b, faces=[6, 6, 6])
    assert roll_of(ev)["auto"] == "break"
    assert [e["action"] for e in of_type(ev, "item")] == ["lost"]
    assert b.fighter("ann").hands["right"] is None and "floor" not in b.state


def test_s3_unarmed_9_a_bare_handed_fumble_hurts_the_attacker():
    """S3-UNARMED-9: 17 or 18 with bare hands: no item to lose, 1d6 to the attacker itself (armour no help)."""
    for faces, self_hit in (([6, 6, 5], 4), ([6, 6, 6], 6)):
        b = duel(ann={"worn": ["jacket"]})
        ev = hit(b, faces=faces + [self_hit])
        dmg = of_type(ev, "damage")
        assert len(dmg) == 1 and dmg[0]["target"] == "ann" and dmg[0]["rule"] == "S3-UNARMED-9"
        assert dmg[0]["injury"] == self_hit and b.fighter("ann").hp == 12 - self_hit
        assert b.fighter("bob").hp is None and not of_type(ev, "item")


# -- G3-4 / ND6-5: defend and dodge make the attacker roll 4d6 -----------------------------------------------------

def test_g3_4_a_declared_defence_makes_the_attack_4d6():
    """G3-4: bob defends with his club (a weapon to parry with, S3-MA-4); ann then rolls 4 dice: 4+4+3+2 = 13
    misses her DX 12 that 3d6 would have beaten with the same first three."""
    b = duel(right="club")
    play(b, {"type": "defend", "actor": "bob"})
    assert "defending" in b.fighter("bob").conditions
    ev = hit(b, faces=[4, 4, 3, 2])
    r = roll_of(ev)
    assert len(r["dice"]) == 4 and r["total"] == 13 and not r["success"]
    assert r["dice_why"] == ["bob defends: 4d6 (G3-4)"]


@pytest.mark.parametrize("faces, band, hit_", [
    ([1, 1, 1, 2], "hit", True),     # 5: automatic hit at 4d6 (G3-1), even at DX 4
    ([1, 1, 1, 1], "hit", True),     # 4: hit, but no double damage on 4d6
    ([6, 6, 6, 2], "miss", False),   # 20
    ([6, 6, 6, 4], "drop", False),   # 22
    ([6, 6, 6, 5], "drop", False),   # 23
    ([6, 6, 6, 6], "break", False),  # 24
])
def test_g3_1_the_4d6_bands_in_an_attack_on_a_dodger(faces, band, hit_):
    """G3-1 with G3-4: against a dodge (SITUATION-FORMAT ``defense``) the 4d6 bands decide; 4 is no double."""
    b = duel(ann={"dx": 4 if hit_ else 18, "right": "club"})
    ev = hit(b, faces=faces + ([3] if hit_ else []), defense="dodge")
    r = roll_of(ev)
    assert r["auto"] == band and r["success"] is hit_ and "multiplier" not in r
    if hit_:
        assert of_type(ev, "damage")[0]["damage_roll"]["multipliers"] == []
    elif band == "drop":
        assert b.fighter("ann").hands["right"] is None and b.state["floor"][0]["item"] == "club"
    elif band == "break":
        assert b.fighter("ann").hands["right"] is None and "floor" not in b.state


def test_nd6_5_bare_hands_defend_against_fists_only_and_anyone_may_dodge():
    """ND6-5 / S3-MA-4: anyone may declare a defence; bare-handed below Martial Arts 3 it holds against an
    unarmed blow only (the club still rolls 3d6); anyone may dodge."""
    b = duel(ann={"right": "club"})
    play(b, {"type": "defend", "actor": "bob"})
    assert len(roll_of(hit(b, faces=[3, 3, 3, 1]))["dice"]) == 3
    b = duel(ann={"right": "club"})
    play(b, {"type": "dodge", "actor": "bob"})
    assert len(roll_of(hit(b, faces=[3, 3, 3, 3, 1]))["dice"]) == 4


def test_g3_4_a_defence_lasts_until_the_defenders_first_turn_of_the_next_round():
    b = duel(right="club")
    play(b, {"type": "defend", "actor": "bob"})
    b.round += 1
    RS.start_turn(b, "bob", None)
    assert "defending" not in b.fighter("bob").conditions
    assert len(roll_of(hit(b, faces=[3, 3, 3, 1]))["dice"]) == 3


# -- G3-5: facing --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("facing, bonus", [(3, None), (2, None), (4, None), (1, 2), (5, 2), (0, 4)])
def test_g3_5_side_plus_two_rear_plus_four(facing, bonus):
    """G3-5: ann strikes from bob's west; bob facing west/north-west/south-west = front, the two others side,
    east = rear."""
    b = duel(facing=facing)
    assert arc_of(Hex(1, 0), facing, Hex(0, 0)) == {None: "front", 2: "side", 4: "rear"}[bonus]
    ev = hit(b, faces=[6, 5, 2] + ([1] if bonus else []))  # 13: misses DX 12 from the front, hits from side/rear
    assert mods(ev).get("G3-5") == bonus
    assert roll_of(ev)["target"] == 12 + (bonus or 0) and roll_of(ev)["success"] is bool(bonus)


def test_g3_5_a_figure_on_the_ground_is_hit_as_from_the_rear_from_any_side():
    """G3-5: prone bob facing ann still gives +4, once (not +4 rear and +4 prone)."""
    for facing in (3, 0):
        b = duel(facing=facing, posture="prone")
        ev = hit(b, faces=[6, 5, 4, 1])  # 15 <= 16
        assert mods(ev) == {"G3-5": 4} and roll_of(ev)["success"]


# -- G3-6: armour --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("worn, stops, dx, cap", [
    (["armored_vest"], 3, 0, 10), (["jacket"], 4, -1, 10), (["full_body_armor"], 6, -2, 8)])
def test_g3_6_armour_stops_hits_and_costs_dx_and_mov(worn, stops, dx, cap):
    """G3-6: each attack's hits less what the armour stops come off ST; its DX cost is on every roll its
    wearer makes; full body armour caps MOV at 8."""
    b = duel(worn=worn, ann={"right": "broadsword", "left": "broadsword"})
    bob = b.fighter("bob")
    assert edx(b, bob) == 12 + dx and mov(bob) == cap
    ev = hit(b, faces=[3, 3, 3, 6, 4])
    dmg = of_type(ev, "damage")[0]
    assert (dmg["amount"], dmg["dr"], dmg["injury"]) == (10, stops, 10 - stops)
    assert bob.hp == 12 - (10 - stops)
    b.round += 1
    back = hit(b, "bob", "ann", faces=[3, 3, 3, 1])
    assert mods(back).get("G3-6") == (dx or None)


def test_g3_6_full_body_armour_walks_eight_hexes_not_ten():
    b = battle_of([man("ann", "red", 0, 0, worn=["full_body_armor"]), man("bob", "blue", 0, 8)])
    reach = move_reach(b, b.fighter("ann"))
    assert Hex(8, 0) in reach and Hex(9, 0) not in reach
    assert why(b, {"type": "move", "actor": "ann", "to": [9, 0]}).rule == "G3-4"


def test_g3_6_armour_stops_too_little_to_matter_is_no_injury():
    """G3-6: 2 hits against a vest's 3: the blow lands, no ST is lost, no wound rule fires."""
    b = duel(worn=["armored_vest"])
    ev = hit(b, faces=[3, 3, 3, 4])  # bare hands ST 12: 1d6-2 = 2
    assert of_type(ev, "damage")[0]["injury"] == 0 and b.fighter("bob").hp is None


def test_g3_6_a_situations_dr_adds_to_armour():
    b = duel(worn=["jacket"], dr=2, ann={"right": "broadsword", "left": "broadsword"})
    dmg = of_type(hit(b, faces=[3, 3, 3, 6, 4]), "damage")[0]
    assert dmg["dr"] == 6 and dmg["injury"] == 4


# -- G3-7: wounds --------------------------------------------------------------------------------------------------

def test_g3_7_five_hits_cost_two_dx_on_the_next_action_only():
    """G3-7: bob takes 6 hits; his next action (round 2) is at -2 DX; the one after is not."""
    b = duel(ann={"right": "broadsword", "left": "broadsword"})
    hit(b, faces=[3, 3, 3, 3, 3])
    bob = b.fighter("bob")
    assert bob.hp == 6 and edx(b, bob) == 10
    b.round += 1
    assert mods(hit(b, "bob", "ann", faces=[3, 3, 3, 1])) == {"G3-7": -2}
    assert edx(b, bob) == 12
    b.round += 1
    assert mods(hit(b, "bob", "ann", faces=[3, 3, 3, 1])) == {}


def test_g3_7_four_hits_cost_nothing():
    b = duel(ann={"right": "broadsword", "left": "broadsword"})
    hit(b, faces=[3, 3, 3, 2, 2])
    b.round += 1
    assert b.fighter("bob").hp == 8 and mods(hit(b, "bob", "ann", faces=[3, 3, 3, 1])) == {}


def test_g3_7_hits_add_up_within_a_round_for_the_five_and_eight_rules():
    """G3-7 / S3-AUTO-16: 4 hits from ann then 4 from cat in the same round: bob has taken 8 this turn and
    falls, and his next action is at -2 (the 5+ rule counts the round's total too)."""
    b = battle_of([man("ann", "red", 0, 0, right="mono_sword", skills={"sword": 1}),
                   man("cat", "red", 2, -1, right="mono_sword", skills={"sword": 1}),
                   man("bob", "blue", 1, 0, facing=3, st=20)])
    first = hit(b, "ann", faces=[3, 3, 3, 1, 1])
    assert b.fighter("bob").posture == "standing" and not of_type(first, "posture")
    second = hit(b, "cat", faces=[3, 3, 3, 1, 1])
    assert [e["rule"] for e in of_type(second, "posture")] == ["S3-AUTO-16"]
    bob = b.fighter("bob")
    assert bob.posture == "prone" and bob.hp == 12 and edx(b, bob) == 10


def test_s3_auto_16_eight_hits_over_two_rounds_do_not_fell():
    b = battle_of([man("ann", "red", 0, 0, right="mono_sword", skills={"sword": 1}),
                   man("bob", "blue", 1, 0, facing=3, st=20)])
    hit(b, faces=[3, 3, 3, 1, 1])
    b.round += 1
    ev = hit(b, faces=[3, 3, 3, 1, 1])
    assert not of_type(ev, "posture") and b.fighter("bob").posture == "standing" and b.fighter("bob").hp == 12


def test_s3_auto_16_eight_hits_in_one_blow_fell_and_wound():
    b = duel(st=20, ann={"right": "broadsword", "left": "broadsword"})
    ev = hit(b, faces=[3, 3, 3, 4, 4])
    assert b.fighter("bob").posture == "prone" and b.fighter("bob").hp == 12
    assert any(e.get("rule") == "S3-AUTO-16" for e in of_type(ev, "message"))


def test_g3_7_st_three_or_less_costs_three_dx():
    b = duel(hp=3)
    bob = b.fighter("bob")
    assert edx(b, bob) == 9
    assert mods(hit(b, "bob", "ann", faces=[3, 3, 3, 1])) == {"G3-7": -3}
    b2 = duel(hp=4)
    assert edx(b2, b2.fighter("bob")) == 12


def test_g3_7_st_zero_is_unconscious_and_below_zero_dead():
    for hp, face, cond in ((7, 6, "unconscious"), (4, 1, None), (6, 6, "dead")):
        b = duel(hp=hp, ann={"right": "club"})  # club: ST 12 row, 1d6+1 (a 6 -> 7 hits, a 1 -> 2)
        ev = hit(b, faces=[3, 3, 3, face])
        bob = b.fighter("bob")
        if cond is None:
            assert bob.hp == 2 and bob.conditions == [] and RS.can_act(b, bob)
            continue
        assert bob.hp == hp - 7 and bob.conditions == [cond] and bob.posture == "prone"
        assert [e["add"] for e in of_type(ev, "condition")] == [cond]
        assert not RS.can_act(b, bob) and legal_types(b, "bob") == set()
        assert why(b, {"type": "attack", "actor": "ann", "target": "bob"}).rule == "G3-7"


def test_g3_7_a_situation_may_start_a_fighter_out():
    b = battle_of([man("ann", "red", 0, 0, hp=0), man("bob", "blue", 1, 0, hp=-2)])
    assert b.fighter("ann").conditions == ["unconscious"] and b.fighter("bob").conditions == ["dead"]
    assert not any(RS.can_act(b, f) or RS.can_fight(b, f) for f in b.fighters)


# -- G3-8: down, standing up, crawling ------------------------------------------------------------------------------

def test_g3_8_standing_up_takes_the_round():
    """G3-8: ann gets up; she cannot also strike this round; next round she can."""
    b = duel(ann={"posture": "prone"})
    ev = play(b, {"type": "change_posture", "actor": "ann", "posture": "standing"})
    assert of_type(ev, "posture")[0]["posture"] == "standing" and b.fighter("ann").posture == "standing"
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob"}).rule == "G3-8"
    b.round += 1
    assert hit(b, faces=[3, 3, 3, 1])


def test_g3_8_a_prone_figure_crawls_one_hex():
    b = battle_of([man("ann", "red", 0, 0, posture="prone"), man("bob", "blue", 6, 0)])
    reach = move_reach(b, b.fighter("ann"))
    assert set(reach.cost) == {Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1)}
    assert why(b, {"type": "move", "actor": "ann", "to": [2, 0]}).rule == "G3-4"
    play(b, {"type": "move", "actor": "ann", "to": [1, 0]})
    assert b.fighter("ann").hex == Hex(1, 0) and b.fighter("ann").posture == "prone"


def test_g3_8_from_the_ground_only_bare_hands_knife_or_pistol_at_minus_four():
    b = duel(ann={"posture": "prone", "right": "broadsword", "left": "broadsword"})
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob"}).rule == "G3-8"
    ev = hit(b, item=None, faces=[6, 4, 1])  # 11 > 12 - 4
    assert mods(ev) == {"G3-8": -4} and roll_of(ev)["target"] == 8 and not roll_of(ev)["success"]
    b = duel(ann={"posture": "prone", "right": "knife"})
    ev = hit(b, faces=[2, 2, 3, 3])
    assert mods(ev) == {"G3-8": -4} and roll_of(ev)["success"]


def test_g3_8_a_prone_figure_may_not_charge_or_disengage():
    b = duel(ann={"posture": "prone"})
    assert why(b, {"type": "disengage", "actor": "ann", "to": [-1, 0]}).rule == "G3-8"
    b = battle_of([man("ann", "red", 0, 0, posture="prone"), man("bob", "blue", 3, 0, facing=3)])
    assert why(b, {"type": "charge", "actor": "ann", "target": "bob", "path": [[1, 0], [2, 0]]}).rule == "G3-4"


# -- G3-4: movement, engagement, charge ----------------------------------------------------------------------------

def front_hexes(b: Any, fid: str) -> set[Hex]:
    f = b.fighter(fid)
    return {h for h in (Hex(f.hex.q + d.q, f.hex.r + d.r) for d in
                        (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1)))
            if arc_of(f.hex, f.facing, h) == "front"}


def test_g3_4_a_walk_stops_on_entering_a_foes_front():
    """G3-4: every path the move search gives ends at the first hex in bob's front; none passes through one."""
    b = battle_of([man("ann", "red", 0, 0), man("bob", "blue", 4, 0, facing=3)])
    front = front_hexes(b, "bob")
    reach = move_reach(b, b.fighter("ann"))
    assert front <= set(reach.cost)
    for h in reach.cost:
        inner = (reach.path(h) or [h])[:-1]
        assert not front & set(inner), (h, reach.path(h))
    # one step into the front, then on: refused, the walk stops there
    play(b, {"type": "move", "actor": "ann", "to": [3, 0]})
    assert engaged_with(b, b.fighter("ann")) == [b.fighter("bob")]


def test_g3_4_side_and_rear_hexes_do_not_engage():
    b = battle_of([man("ann", "red", 5, -1), man("bob", "blue", 4, 0, facing=3)])  # ann on bob's side
    assert arc_of(Hex(4, 0), 3, Hex(5, -1)) == "side" and engaged_with(b, b.fighter("ann")) == []
    assert len(move_reach(b, b.fighter("ann")).cost) > 6


def test_g3_4_a_foe_on_the_ground_engages_nobody():
    b = battle_of([man("ann", "red", 0, 0), man("bob", "blue", 1, 0, facing=3, posture="prone")])
    assert engaged_with(b, b.fighter("ann")) == []


def test_g3_4_an_engaged_figure_shifts_one_hex_staying_next_to_the_foe():
    b = duel()
    assert engaged_with(b, b.fighter("ann")) == [b.fighter("bob")]
    reach = move_reach(b, b.fighter("ann"))
    assert set(reach.cost) == {Hex(0, 1), Hex(1, -1)}
    assert all(hex_distance(h, Hex(1, 0)) == 1 for h in reach.cost)
    assert why(b, {"type": "move", "actor": "ann", "to": [-1, 0]}).rule == "G3-4"
    play(b, {"type": "move", "actor": "ann", "to": [1, -1]})
    assert b.fighter("ann").hex == Hex(1, -1)


def test_g3_4_disengage_steps_one_hex_away_as_the_whole_action():
    b = duel()
    assert "disengage" in legal_types(b, "ann")
    assert why(b, {"type": "disengage", "actor": "ann", "to": [-2, 0]}).rule == "G3-4"
    ev = play(b, {"type": "disengage", "actor": "ann", "to": [-1, 0]})
    assert of_type(ev, "move")[0]["to"] == [-1, 0] and engaged_with(b, b.fighter("ann")) == []


def test_g3_4_a_move_of_more_than_half_mov_leaves_no_attack_this_round():
    """G3-4: six hexes of ten then an attack in the same round: refused; five hexes then an attack: fine."""
    b = battle_of([man("ann", "red", 0, 0), man("bob", "blue", 7, 0)])
    play(b, {"type": "move", "actor": "ann", "to": [6, 0]})
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob"}).rule == "G3-4"
    b = battle_of([man("ann", "red", 0, 0), man("bob", "blue", 6, 0)])
    play(b, {"type": "move", "actor": "ann", "to": [5, 0]})
    assert action({"type": "attack", "actor": "ann", "target": "bob"}).check(b) is None


def test_g3_4_g3_14_charge_moves_up_to_half_mov_then_strikes():
    """G3-4 / G3-14: a charge of 4 hexes then the blow, in one action (no phases in a situation)."""
    b = battle_of([man("ann", "red", 0, 0, right="club"), man("bob", "blue", 5, 0, facing=3)])
    ev = play(b, {"type": "charge", "actor": "ann", "target": "bob", "path": [[1, 0], [2, 0], [3, 0], [4, 0]]},
              [3, 3, 3, 4])
    assert b.fighter("ann").hex == Hex(4, 0) and roll_of(ev)["label"] == "charge: DX"
    assert of_type(ev, "damage")[0]["injury"] == 5 and b.fighter("bob").hp == 7


def test_g3_4_a_charge_is_at_most_half_mov_and_must_end_next_to_the_target():
    b = battle_of([man("ann", "red", 0, 0), man("bob", "blue", 7, 0, facing=3)])
    path6 = [[i, 0] for i in range(1, 7)]
    assert why(b, {"type": "charge", "actor": "ann", "target": "bob", "path": path6}).rule == "G3-4"
    assert "half" in why(b, {"type": "charge", "actor": "ann", "target": "bob", "path": path6}).text
    assert "next to" in why(b, {"type": "charge", "actor": "ann", "target": "bob",
                                "path": [[1, 0], [2, 0]]}).text
    assert why(b, {"type": "charge", "actor": "ann", "target": "bob", "path": [[2, 0]]}).rule == "G3-4"


def test_g3_4_an_engaged_figure_may_not_charge():
    b = battle_of([man("ann", "red", 0, 0), man("bob", "blue", 1, 0, facing=3), man("cat", "blue", -3, 0)])
    assert "engaged" in why(b, {"type": "charge", "actor": "ann", "target": "cat",
                                "path": [[-1, 0], [-2, 0]]}).text


def test_g3_4_ready_takes_an_item_from_the_belt():
    """G3-4 ready (S3-HTH-11's belt): the knife goes from the belt into the free hand."""
    b = duel(ann={"belt": ["knife"]})
    assert "knife" in b.fighter("ann").items
    play(b, {"type": "ready", "actor": "ann", "item": "knife"})
    ann = b.fighter("ann")
    assert ann.hands["right"] == "knife" and "knife" not in ann.items


# -- G3-18, G3-19: effective attributes and IQ ----------------------------------------------------------------------

def test_g3_18_adjusted_dx_sums_every_adjustment_in_force():
    """G3-18: DX 13, a jacket (-1), ST 3 (-3), 5+ hits last turn (-2) -> 7, and the attack roll starts there."""
    b = duel(ann={"dx": 13, "worn": ["jacket"], "hp": 3})
    ann = b.fighter("ann")
    ann.counters["hurt"] = {"pending": True, "round": 0}
    assert edx(b, ann) == 7
    ev = hit(b, faces=[3, 2, 2, 1])
    assert roll_of(ev)["target"] == 7 and roll_of(ev)["success"]
    assert sorted((m["rule"], m["value"]) for m in roll_of(ev)["modifiers"]) == [
        ("G3-6", -1), ("G3-7", -3), ("G3-7", -2)]


def test_g3_18_a_gas_mask_costs_one_dx():
    b = duel(ann={"worn": ["gas_mask"]})
    assert edx(b, b.fighter("ann")) == 11


def test_g3_19_iq_accepts_int_and_str_dex_aliases():
    """G3-19 (SITUATION-FORMAT): ``INT`` is IQ, ``STR`` ST, ``DEX`` DX; setup renames them."""
    b = battle_of([{"id": "ann", "side": "red", "hex": [0, 0], "stats": {"STR": 9, "DEX": 14, "INT": 13}},
                   man("bob", "blue", 1, 0, facing=3)])
    ann = b.fighter("ann")
    assert ann.stats == {"ST": 9, "DX": 14, "IQ": 13} and iq(ann) == 13 and edx(b, ann) == 14
    assert roll_of(hit(b, faces=[6, 6, 2, 1]))["target"] == 14


# -- G3-12 / G3-16 / S3-ENERGY-5: range in multihexes ---------------------------------------------------------------

def test_g3_16_multihex_distance_is_hexes_over_three_rounded_up():
    assert [mh_of(n) for n in (0, 1, 3, 4, 6, 7, 30)] == [0, 1, 1, 2, 2, 3, 10]
    assert mh_distance(Hex(0, 0), Hex(7, 0)) == 3


def test_g3_12_range_penalty_table_and_s3_energy_5_half():
    """G3-12: 0 to 2 MH, -1 at 3-4, -2 at 5-6, -4 at 9-10 (S3-AUTO-11's 10 MH -> -4, S3-AUTO-12's 5 MH -> -2);
    S3-ENERGY-5: energy weapons half."""
    assert [range_penalty(m) for m in (1, 2, 3, 4, 5, 6, 9, 10)] == [0, 0, -1, -1, -2, -2, -4, -4]
    assert [range_penalty(m, energy=True) for m in (3, 5, 9, 10)] == [0, -1, -2, -2]


def test_g3_12_a_pistol_shot_at_five_mh():
    b = battle_of([man("ann", "red", 0, 0, right="pistol"), man("bob", "blue", 13, 0, facing=3)])
    ev = hit(b, faces=[4, 3, 3, 3, 3])  # 10 = 12 - 2: hits
    assert mods(ev) == {"G3-12": -2} and roll_of(ev)["success"]
    assert of_type(ev, "damage")[0]["amount"] == 6


def test_s3_energy_5_a_laser_takes_half_the_range_penalty():
    b = battle_of([man("ann", "red", 0, 0, right="laser_rifle", left="laser_rifle"),
                   man("bob", "blue", 28, 0, facing=3)])
    ev = hit(b, faces=[6, 6, 6])
    assert mods(ev) == {"S3-ENERGY-5": -2}


def test_g3_12_no_range_penalty_next_to_the_target_or_for_melee():
    b = duel(ann={"right": "pistol"})
    assert mods(hit(b, faces=[6, 5, 4])) == {}


# -- G3-3 under the real turn controller ----------------------------------------------------------------------------

def controller(faces: list[int], **bob: Any) -> tuple[Any, TurnController]:
    """ann (DX 13, club) and bob (DX 11) five hexes apart; the side roll is faces[0] for red, faces[1] for blue."""
    bob.setdefault("facing", 3)
    bob.setdefault("dx", 11)
    b = battle_of([man("ann", "red", 0, 0, dx=13, right="club"), man("bob", "blue", 5, 0, **bob)])
    return b, TurnController(b, RS, dice=list(faces))


def phase(b: Any) -> str:
    return b.state["initiative"]["phase"]


def offered(c: TurnController) -> set[str]:
    return {o.action.type for o in c.legal_actions() if o.legal}


def test_g3_3_the_choose_slot_offers_exactly_the_two_choices():
    b, c = controller([6, 2])
    assert phase(b) == "choose" and c.whose_turn() == "ann"
    legal = [o.action for o in c.legal_actions() if o.legal]
    assert sorted((a.type, getattr(a, "first", None)) for a in legal) == [
        ("move_order", False), ("move_order", True)]
    assert action({"type": "move_order", "actor": "ann", "first": True}).to_dict() == {
        "actor": "ann", "type": "move_order", "first": True}
    # a move_order out of the choose slot (a situation) is refused with G3-3
    b2 = duel()
    assert why(b2, {"type": "move_order", "actor": "ann"}).rule == "G3-3"


def test_g3_3_s3_stun_2_a_stunned_chooser_still_makes_its_sides_choice():
    """G3-3 with S3-STUN-2 and S3-SUBDUE-3: the choice of who moves first is the side's, not an action, so a
    chooser stunned (or subdued) since the roll still makes it; before, it could take neither choice and the round
    stopped (the soak's 'no legal action at all' on cargo_bay and compound)."""
    for cond in ("stunned", "subdued"):
        b, c = controller([6, 2])
        b.fighter("ann").conditions.append(cond)
        assert phase(b) == "choose" and c.whose_turn() == "ann"
        legal = sorted(getattr(o.action, "first", None) for o in c.legal_actions() if o.legal)
        assert legal == [False, True], cond
        assert c.submit(action({"type": "move_order", "actor": "ann", "first": False})).ok
        assert phase(b) == "movement" and c.whose_turn() == "bob"


def test_g3_3_the_computer_plays_the_choose_slot():
    from game.ai.opponent import Opponent

    b, c = controller([2, 6])
    assert c.whose_turn() == "bob" and phase(b) == "choose"
    decision = Opponent("easy", budget_ms=None, nodes=40, seed=3).decide(b, RS, "bob", options=c.legal_actions())
    assert decision.action.type == "move_order"
    assert c.submit(decision.action).ok and phase(b) == "movement"


def test_g3_3_movement_by_side_then_actions_by_adjusted_dx_and_what_each_phase_offers():
    """G3-3: blue wins and moves first: bob's movement, ann's movement, then actions by DX (ann 13, bob 11).
    Movement offers no attack; the action phase no move or charge."""
    b, c = controller([1, 4])
    assert c.submit(action({"type": "move_order", "actor": "bob", "first": True})).ok
    assert (phase(b), c.whose_turn()) == ("movement", "bob")
    moving = offered(c)
    assert {"move", "charge"} <= moving and "attack" not in moving and "disengage" not in moving
    assert c.submit(action({"type": "move", "actor": "bob", "to": [3, 0]})).ok
    assert (phase(b), c.whose_turn()) == ("movement", "ann")
    assert "attack" not in offered(c) and "move_order" not in offered(c)
    assert c.submit(action({"type": "move", "actor": "ann", "to": [2, 0]})).ok
    assert (phase(b), c.whose_turn()) == ("action", "ann")
    acting = offered(c)
    assert "attack" in acting and not {"move", "charge", "move_order"} & acting
    r = c.submit(action({"type": "move", "actor": "ann", "to": [1, 0]}))
    assert not r.ok and r.reason.rule == "G3-3"


def test_g3_3_a_charge_declared_in_movement_strikes_in_the_action_phase():
    """G3-3 / G3-4: ann charges in the movement phase (no roll then); her blow comes in her action slot."""
    b, c = controller([6, 2, 3, 3, 3, 4])
    assert c.submit(action({"type": "move_order", "actor": "ann", "first": True})).ok
    charge = next(o.action for o in c.legal_actions() if o.legal and o.action.type == "charge")
    res = c.submit(charge)
    assert res.ok and b.fighter("ann").hex == Hex(4, 0)
    assert not [e for entry in res.entries for e in entry["events"] if e["type"] == "roll"]
    assert c.submit(action({"type": "do_nothing", "actor": "bob"})).ok
    assert (phase(b), c.whose_turn()) == ("action", "ann")
    res = c.submit(action({"type": "attack", "actor": "ann", "target": "bob"}))
    events = [e for entry in res.entries for e in entry["events"]]
    assert res.ok and [e["label"] for e in events if e["type"] == "roll"] == ["charge: DX"]
    assert b.fighter("bob").hp == 12 - 5  # club 1d6+1 on a 4


def test_g3_4_defending_in_the_movement_phase_is_the_rounds_action():
    """G3-4: ann defends when her side moves; in the action phase she may not strike as well."""
    b, c = controller([6, 2], hex=[1, 0])
    assert c.submit(action({"type": "move_order", "actor": "ann", "first": True})).ok
    assert c.submit(action({"type": "defend", "actor": "ann"})).ok
    assert c.submit(action({"type": "do_nothing", "actor": "bob"})).ok
    assert (phase(b), c.whose_turn()) == ("action", "ann")
    assert "attack" not in offered(c)
    assert not c.submit(action({"type": "attack", "actor": "ann", "target": "bob"})).ok


def test_g3_8_standing_up_in_the_movement_phase_leaves_no_attack():
    b, c = controller([6, 2], hex=[1, 0])
    b.fighter("ann").posture = "prone"
    assert c.submit(action({"type": "move_order", "actor": "ann", "first": True})).ok
    assert c.submit(action({"type": "change_posture", "actor": "ann", "posture": "standing"})).ok
    assert c.submit(action({"type": "do_nothing", "actor": "bob"})).ok
    assert (phase(b), c.whose_turn()) == ("action", "ann")
    assert offered(c) == {"wait", "do_nothing"}  # no attack, no defence, no ready: the round went on getting up


def test_s3_ma_5_a_level_4_fighter_engages_from_its_side_hexes_and_stops_walks_there():
    """G3-4 with S3-MA-5: bob (Martial Arts 4) treats his side hexes as front: ann there is engaged, and a
    walk past him stops on entering one (before, only the move search forgot it)."""
    b = battle_of([man("ann", "red", 5, -1), man("bob", "blue", 4, 0, facing=3, stats={"MA": 4})])
    assert engaged_with(b, b.fighter("ann")) == [b.fighter("bob")]
    b = battle_of([man("ann", "red", 6, -3), man("bob", "blue", 4, 0, facing=3, stats={"MA": 4})])
    reach = move_reach(b, b.fighter("ann"))
    sides = {Hex(5, -1), Hex(4, 1)}
    assert all(arc_of(Hex(4, 0), 3, h) == "side" for h in sides) and sides <= set(reach.cost)
    for h in reach.cost:
        assert not sides & set((reach.path(h) or [h])[:-1]), (h, reach.path(h))


# -- G3-2: the opposed roll in an actual action (a Martial Arts knockdown) ------------------------------------------

@pytest.mark.parametrize("a_faces, b_faces, winner, down", [
    ([3, 3, 3], [4, 4, 4], "ann", True),    # both succeed, ann by 5 against 0: the larger margin wins
    ([6, 4, 4], [6, 6, 1], "ann", True),    # ann succeeds (14 of 14), bob fails (13 of 12)
    ([4, 4, 4], [3, 3, 4], "bob", False),   # equal margins (2 and 2): the status quo holds
    ([6, 6, 2], [2, 2, 2], "bob", False),   # ann fails: nothing, whatever bob rolls
    ([6, 6, 3], [6, 6, 2], None, False),    # both fail: nobody wins, nothing happens
])
def test_g3_2_opposed_roll_in_a_knockdown(a_faces, b_faces, winner, down):
    """G3-2 (S3-KNOCK-2): ann (Martial Arts 2, eST 12 + 2 = 14) against bob's eST 12, one 3d6 each."""
    b = duel(ann={"stats": {"MA": 2}})
    ev = play(b, {"type": "knockdown", "actor": "ann", "target": "bob"}, a_faces + b_faces)
    contest = of_type(ev, "contest")[0]
    assert [r["target"] for r in contest["rolls"]] == [14, 12]
    assert contest["winner"] == winner and (b.fighter("bob").posture == "prone") is down


def test_g3_2_s3_knock_4_the_automatic_ends_hold_for_both_rollers():
    """G3-2 / S3-KNOCK-4: ann's 16 fails though her target is 18; bob's 5 succeeds though his is 3."""
    b = duel(ann={"st": 16, "stats": {"MA": 2}}, st=3)
    ev = play(b, {"type": "knockdown", "actor": "ann", "target": "bob"}, [6, 6, 4, 1, 1, 3])
    ra, rb = of_type(ev, "contest")[0]["rolls"]
    assert (ra["target"], ra["total"], ra["success"]) == (18, 16, False)
    assert (rb["target"], rb["total"], rb["success"]) == (3, 5, True)
    assert of_type(ev, "contest")[0]["winner"] == "bob" and b.fighter("bob").posture == "standing"


def test_nd6_5_an_attack_naming_defend_needs_a_target_that_can_parry():
    """ND6-5 / S3-MA-4: ``defense: defend`` on the attack is the target's defence; bare-handed bob (no Martial
    Arts 3) has none against ann's club; with a club he has, and the roll is 4d6."""
    b = duel(ann={"right": "club"})
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob", "defense": "defend"}).rule == "S3-MA-4"
    b = duel(right="club")
    assert len(roll_of(hit(b, faces=[3, 3, 3, 3, 2], defense="defend"))["dice"]) == 4
    b = duel(stats={"MA": 3})
    assert len(roll_of(hit(b, faces=[6, 6, 6, 1], defense="defend"))["dice"]) == 4


def test_g3_1_s3_auto_24_an_eighteen_jams_a_firearm_instead_of_breaking_it():
    """G3-1 / S3-AUTO-24: a pistol shot on 18 jams: the pistol stays in hand, marked jammed, and cannot fire
    (it is only a club now, S3-IMPROV-4); a 17 still drops it."""
    b = battle_of([man("ann", "red", 0, 0, right="pistol"), man("bob", "blue", 3, 0, facing=3)])
    ev = hit(b, faces=[6, 6, 6])
    assert roll_of(ev)["auto"] == "break" and not of_type(ev, "item")
    ann = b.fighter("ann")
    assert ann.hands["right"] == "pistol" and ann.counters["jammed"] == ["pistol"]
    b.round += 1
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob"}).rule == "S3-IMPROV-4"
    b = battle_of([man("ann", "red", 0, 0, right="pistol"), man("bob", "blue", 3, 0, facing=3)])
    hit(b, faces=[6, 6, 5])
    assert b.fighter("ann").hands["right"] is None and b.state["floor"][0]["item"] == "pistol"


def test_s3_unarmed_10_martial_arts_improve_bare_hands_and_add_options():
    """S3-UNARMED-10 (pointer to S3-MA, S3-KNOCK): ann (Martial Arts 2) punches for 1d6, not bob's 1d6-2, and
    has a knockdown to choose besides attacking; bob, untrained, has not."""
    b = duel(ann={"stats": {"MA": 2}})
    assert "knockdown" in legal_types(b, "ann") and "knockdown" not in legal_types(b, "bob")
    assert of_type(hit(b, faces=[3, 3, 3, 3]), "damage")[0]["damage_roll"]["expr"] == "1d6"
    b.round += 1
    assert of_type(hit(b, "bob", "ann", faces=[3, 3, 3, 3]), "damage")[0]["damage_roll"]["expr"] == "1d6-2"
