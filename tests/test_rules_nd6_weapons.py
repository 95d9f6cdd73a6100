"""nd6-tactical special weapons (game/rules/nd6/weapons.py) with scripted dice: improvised weapons (S3-IMPROV-1..11),
pole arms (S3-POLE-1..7), bayonets (S3-BAYONET-1..6), sweeps (S3-SWEEP-1..3, G3-20), the staff (S3-STAFF-1..5),
swords (S3-SWORD-1..7, G3-11), stun weapons (S3-STUN-1..3, G3-23) and damage types (S3-DMG-6)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.dice import ScriptedDice
from game.hexgrid import DIRECTIONS, Hex, arc_of, hex_distance
from game.rules.nd6 import damage as D
from game.rules.nd6 import weapons as W
from game.rules.nd6.combat import plan_attack
from game.rules.nd6.initiative import action_key
from game.rules.nd6.items import ITEMS, has_tag, item
from tests.nd6_helpers import RS, battle_of, legal_types, of_type, play, why

RULINGS = Path(__file__).resolve().parent.parent / "game" / "rules" / "RULINGS.md"


def F(fid: str, hexq: tuple[int, int], *, side: str = "red", facing: int = 0, st: int = 12, dx: int = 12,
      hold: str | None = None, **kw: Any) -> dict[str, Any]:
    """One fighter in SITUATION-FORMAT shape; ``hold`` fills one hand, or both for a two-handed item."""
    f: dict[str, Any] = {"id": fid, "side": side, "hex": list(hexq), "facing": facing,
                         "stats": {"ST": st, "DX": dx, "IQ": 10, **kw.pop("stats", {})}}
    if hold is not None:
        two = int(item(hold).get("hands", 1)) == 2
        f["hands"] = {"right": hold, "left": hold if two else None}
    f.update(kw)
    return f


def duel(a_hold: str | None, b_hold: str | None = None, *, b_hex: tuple[int, int] = (1, 0), **b: Any):
    """ann at (0, 0) facing 0 (east) holding ``a_hold``; bob of the other side facing her."""
    return battle_of([F("ann", (0, 0), hold=a_hold), F("bob", b_hex, side="blue", facing=3, hold=b_hold, **b)])


def rolls_of(events: list[dict[str, Any]], actor: str | None = None) -> list[dict[str, Any]]:
    return [e for e in of_type(events, "roll") if actor is None or e["actor"] == actor]


def mods(roll: dict[str, Any]) -> dict[str, int]:
    return {m["rule"]: m["value"] for m in roll["modifiers"]}


# -- improvised weapons ------------------------------------------------------------------------------------------------

def test_s3_improv_1_2_3_5_6_classes():
    """S3-IMPROV-1, S3-IMPROV-2, S3-IMPROV-3, S3-IMPROV-5, S3-IMPROV-6: the three classes: clubs and knives are melee, rocks thrown; a bottle is a rock, a
    broken bottle a knife; all do damage by the user's ST (S3-IMPROV-2: columns of the ST table)."""
    assert {item("club")["kind"], item("club_2h")["kind"], item("knife")["kind"]} == {"melee"}
    assert item("rock")["kind"] == "thrown" and has_tag("rock", "rock")
    assert has_tag("bottle", "rock")  # S3-IMPROV-5
    assert has_tag("broken_bottle", "knife")  # S3-IMPROV-6
    assert has_tag("club", "club") and has_tag("chair", "club")  # S3-IMPROV-3
    for i in ("club", "club_2h", "rock", "knife", "bottle"):
        assert str(item(i)["damage"]).startswith("st:"), i
    weak, strong = duel("club"), duel("club")
    strong.fighter("ann").stats["ST"] = 16
    a1 = plan_attack(weak, weak.fighter("ann"), weak.fighter("bob"), "club").damage
    a2 = plan_attack(strong, strong.fighter("ann"), strong.fighter("bob"), "club").damage
    assert (str(a1), str(a2)) == (str(D.unarmed_table(12, "club1")), str(D.unarmed_table(16, "club1")))
    assert str(a1) != str(a2)


@pytest.mark.parametrize("st", [10, 12, 16])
def test_s3_improv_8_clubs_base_plus_three_and_four(st):
    """S3-IMPROV-8: a one-handed club does base +3, a two-handed club base +4 (S3-UNARMED-3 Damage column)."""
    b = duel("club")
    b.fighter("ann").stats["ST"] = st
    base = D.unarmed_table(st, "base")
    assert str(plan_attack(b, b.fighter("ann"), b.fighter("bob"), "club").damage) == str(base.plus(3))
    b2 = duel("club_2h")
    b2.fighter("ann").stats["ST"] = st
    assert str(plan_attack(b2, b2.fighter("ann"), b2.fighter("bob"), "club_2h").damage) == str(base.plus(4))


def test_s3_improv_7_rock_thrown_base_damage_leaves_hand():
    """S3-IMPROV-7, S3-UNARMED-8: a thrown rock does base damage for the thrower's ST and leaves the hand."""
    b = duel("rock", b_hex=(4, 0))
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [3, 3, 3, 6])
    dmg = of_type(ev, "damage")[0]
    assert dmg["damage_roll"]["expr"] == str(D.unarmed_table(12, "base"))
    assert dmg["amount"] == D.roll(ScriptedDice([6]), D.unarmed_table(12, "base"), "", "")[1]
    thrown = [e for e in of_type(ev, "item") if e["action"] == "thrown"]
    assert thrown and thrown[0]["to"] == [4, 0]
    assert b.fighter("ann").hands["right"] is None


def test_s3_improv_5_bottle_thrown_is_a_rock_and_shatters():
    """S3-IMPROV-5/7: a bottle thrown at a foe not adjacent is a rock: base damage, no -1 for swinging it
    (S3-IMPROV-10); it shatters on the foe it hits (no broken bottle left in hand)."""
    b = duel("bottle", b_hex=(3, 0))
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [3, 3, 3, 4])
    roll = rolls_of(ev, "ann")[0]
    assert "S3-IMPROV-10" not in mods(roll)
    assert of_type(ev, "damage")[0]["damage_roll"]["expr"] == str(D.unarmed_table(12, "base"))
    assert b.fighter("ann").hands["right"] is None
    assert not any(e["action"] == "readied" for e in of_type(ev, "item"))


def test_s3_improv_5_bottle_thrown_misses_lands_on_the_floor():
    """S3-IMPROV-7: a thrown bottle that misses lands (intact) where it was thrown."""
    b = duel("bottle", b_hex=(3, 0))
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [5, 5, 5])
    assert [e["action"] for e in of_type(ev, "item")] == ["thrown"]
    assert {"item": "bottle", "hex": [3, 0]} in b.state["floor"]


def test_s3_improv_10_bottle_swung_unwieldy_and_breaks():
    """S3-IMPROV-10: a bottle swung is unwieldy (-1 DX) and breaks on the blow that lands, into a broken bottle
    (S3-IMPROV-6)."""
    b = duel("bottle")
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [3, 3, 3, 2])
    assert mods(rolls_of(ev, "ann")[0])["S3-IMPROV-10"] == -1
    assert b.fighter("ann").hands["right"] == "broken_bottle"


def test_s3_improv_10_chair_unwieldy_two_handed():
    """S3-IMPROV-10: the chair's -1 DX is in the roll's target; it breaks into a leg (a club)."""
    b = duel("chair")
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [3, 3, 3, 1])
    roll = rolls_of(ev, "ann")[0]
    assert roll["target"] == 11 and mods(roll)["S3-IMPROV-10"] == -1
    assert "chair" not in b.fighter("ann").hands.values()


def test_s3_improv_11_house_throwing_range_used():
    """S3-IMPROV-11 [DRAFT]: the seed leaves a rock's range by ST a placeholder; the house range is item data
    (10 hexes) and a throw beyond it is refused."""
    assert item("rock")["range"] == 10 and item("bottle")["range"] == 10
    b = duel("rock", b_hex=(11, 0))
    assert why(b, {"actor": "ann", "type": "attack", "target": "bob"}).rule == "S3-IMPROV-11"
    b = duel("rock", b_hex=(10, 0))
    assert "attack" in legal_types(b, "ann")


def test_s3_improv_4_empty_pistol_is_a_club():
    """S3-IMPROV-4: a pistol that cannot fire (no rounds left) strikes as a one-handed club (S3-IMPROV-8),
    only at a foe next to it; loaded, it shoots at range."""
    b = duel("pistol", b_hex=(3, 0))
    b.fighter("ann").counters["rounds"] = {"pistol": 0}
    assert why(b, {"actor": "ann", "type": "attack", "target": "bob"}).rule == "S3-IMPROV-4"
    b = duel("pistol")
    b.fighter("ann").counters["rounds"] = {"pistol": 0}
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [3, 3, 3, 2])
    assert of_type(ev, "damage")[0]["damage_roll"]["expr"] == str(D.unarmed_table(12, "club1"))
    loaded = duel("pistol", b_hex=(3, 0))
    assert W.can_fire(loaded.fighter("ann"), "pistol")
    assert RS.actions["attack"](actor="ann", target="bob").check(loaded) is None
    assert str(plan_attack(loaded, loaded.fighter("ann"), loaded.fighter("bob"), "pistol").damage) == "2d6"


def test_s3_improv_4_jammed_rifle_is_a_two_handed_club():
    """S3-IMPROV-4: a rifle that cannot fire (jammed) is swung by the stock: a two-handed club."""
    b = duel("assault_rifle")
    b.fighter("ann").counters["jammed"] = ["assault_rifle"]
    plan = plan_attack(b, b.fighter("ann"), b.fighter("bob"), "assault_rifle")
    assert str(plan.damage) == str(D.unarmed_table(12, "club2"))
    assert "S3-IMPROV-4" in plan.damage_note


def test_s3_improv_4_empty_pistol_not_in_a_brawl():
    """S3-IMPROV-4 with S3-HTH-8: inside a brawl a pistol that cannot fire is no weapon."""
    b = battle_of([F("ann", (0, 0), hold="pistol", conditions=["in_hth"]),
                   F("bob", (0, 0), side="blue", conditions=["in_hth"])])
    b.fighter("ann").counters["rounds"] = {"pistol": 0}
    assert why(b, {"actor": "ann", "type": "attack", "target": "bob"}).rule == "S3-IMPROV-4"


def test_s3_improv_9_brass_knuckles_never_dropped():
    """S3-IMPROV-9: brass knuckles cannot be knocked from the hand: a fumbled roll (17, drop) keeps them."""
    b = duel("brass_knuckles")
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [6, 6, 5])
    assert not of_type(ev, "item")
    assert b.fighter("ann").hands["right"] == "brass_knuckles"
    assert any(e.get("rule") == "S3-IMPROV-9" for e in of_type(ev, "message"))


def test_s3_improv_9_brass_knuckles_in_hth():
    """S3-IMPROV-9: brass knuckles work inside a brawl (base +2 there, S3-UNARMED-6)."""
    b = battle_of([F("ann", (0, 0), hold="brass_knuckles", conditions=["in_hth"]),
                   F("bob", (0, 0), side="blue", conditions=["in_hth"])])
    plan = plan_attack(b, b.fighter("ann"), b.fighter("bob"), "brass_knuckles")
    assert RS.actions["attack"](actor="ann", target="bob").check(b) is None
    assert plan.hth and str(plan.damage) == str(D.unarmed_table(12, "brass_hth"))


# -- pole arms ---------------------------------------------------------------------------------------------------------

def charge(path: list[tuple[int, int]], target: str = "bob") -> dict[str, Any]:
    return {"actor": "ann", "type": "charge", "target": target, "path": [list(h) for h in path]}


def test_s3_pole_1_straight_charge_doubles():
    """S3-POLE-1: a pole-arm charge whose last three hexes run straight does double damage."""
    b = duel("pole_arm", b_hex=(4, 0))
    ev = play(b, charge([(1, 0), (2, 0), (3, 0)]), [3, 3, 3, 3, 4])
    dmg = of_type(ev, "damage")[0]
    assert dmg["amount"] == 14
    assert any("S3-POLE-1" in m for m in dmg["damage_roll"]["multipliers"])


def test_s3_pole_1_bent_charge_single():
    """S3-POLE-1: a turn in the last three hexes (steps east, east, north-east) gives no doubling."""
    b = duel("pole_arm", b_hex=(4, 0))
    ev = play(b, charge([(0, 1), (1, 1), (2, 1), (3, 0)]), [3, 3, 3, 3, 4])
    assert of_type(ev, "damage")[0]["amount"] == 7


def test_s3_pole_2_set_weapon_strikes_first():
    """S3-POLE-2: a pole arm set against a charge strikes the charger first, +2 DX and double damage; the charge
    then goes on."""
    b = duel("club", "pole_arm", b_hex=(4, 0))
    play(b, {"actor": "bob", "type": "set_vs_charge"})
    ev = play(b, charge([(1, 0), (2, 0), (3, 0)]), [3, 3, 3, 1, 1, 3, 3, 3, 2])
    rs = rolls_of(ev)
    assert [r["actor"] for r in rs] == ["bob", "ann"]
    assert mods(rs[0])["S3-POLE-2"] == 2 and rs[0]["target"] == 14
    first = of_type(ev, "damage")[0]
    assert first["actor"] == "bob" and first["amount"] == 4


def test_s3_pole_2_set_weapon_fells_charger():
    """S3-POLE-2: a charger the set weapon fells makes no attack (SITUATION-FORMAT: the set weapon rolls first)."""
    b = battle_of([F("ann", (0, 0), hold="club", st=8), F("bob", (4, 0), side="blue", facing=3, hold="pole_arm")])
    play(b, {"actor": "bob", "type": "set_vs_charge"})
    ev = play(b, charge([(1, 0), (2, 0), (3, 0)]), [3, 3, 3, 5, 5])
    assert [r["actor"] for r in rolls_of(ev)] == ["bob"]
    assert "dead" in b.fighter("ann").conditions


def test_s3_pole_2_set_needs_a_pole_arm_and_the_front():
    """S3-POLE-2: only a pole arm can be set; a charge from behind the setter meets no set weapon."""
    b = duel("club", "club", b_hex=(4, 0))
    assert why(b, {"actor": "bob", "type": "set_vs_charge"}).rule == "S3-POLE-2"
    b = battle_of([F("ann", (0, 0), hold="club"), F("bob", (4, 0), side="blue", facing=0, hold="pole_arm")])
    play(b, {"actor": "bob", "type": "set_vs_charge"})
    ev = play(b, charge([(1, 0), (2, 0), (3, 0)]), [3, 3, 3, 2])
    assert [r["actor"] for r in rolls_of(ev)] == ["ann"]


def test_s3_pole_3_4_jab_geometry():
    """S3-POLE-3/4: a long pole jabs a foe two hexes straight beyond a front hex; straight ahead only over an
    empty hex; never two hexes to the side."""
    b = duel("pole_arm", b_hex=(2, 0))
    assert "jab" in legal_types(b, "ann")
    b = battle_of([F("ann", (0, 0), hold="pole_arm"), F("bob", (2, 0), side="blue", facing=3),
                   F("cal", (1, 0), side="red")])
    assert why(b, {"actor": "ann", "type": "jab", "target": "bob"}).rule == "S3-POLE-4"
    b = battle_of([F("ann", (0, 0), hold="pole_arm"), F("bob", (2, -2), side="blue", facing=3),
                   F("cal", (1, -1), side="red")])
    assert RS.actions["jab"](actor="ann", target="bob").check(b) is None
    for far in ((3, 0), (1, 1), (-2, 0), (1, -2)):
        b = duel("pole_arm", b_hex=far)
        assert why(b, {"actor": "ann", "type": "jab", "target": "bob"}).rule == "S3-POLE-3", far
    b = duel("club", b_hex=(2, 0))
    assert why(b, {"actor": "ann", "type": "jab", "target": "bob"}).rule == "S3-POLE-3"


def test_s3_pole_6_jab_no_damage_bonus():
    """S3-POLE-6: a jab never gets a damage bonus: a roll of 3 (triple damage otherwise) does the rolled damage."""
    b = duel("pole_arm", b_hex=(2, 0))
    ev = play(b, {"actor": "ann", "type": "jab", "target": "bob"}, [1, 1, 1, 2, 3])
    assert rolls_of(ev)[0]["auto"] == "triple"
    dmg = of_type(ev, "damage")[0]
    assert dmg["amount"] == 5 and dmg["damage_roll"]["multipliers"] == []


def test_s3_pole_5_no_jab_with_a_charge():
    """S3-POLE-5: a pole weapon's charge attack cannot be a jab (a fighter that charged this round may not jab)."""
    b = duel("pole_arm", b_hex=(2, 0))
    b.fighter("ann").counters["charge"] = {"round": b.round, "target": "bob", "path": []}
    assert why(b, {"actor": "ann", "type": "jab", "target": "bob"}).rule == "S3-POLE-5"


@pytest.mark.parametrize("facing", range(6))
def test_s3_pole_7_jab_geometry_table(facing):
    """S3-POLE-7 [DRAFT] (the seed's diagram is a placeholder): the jab table, turned to every facing, is the
    three hexes two steps out along the front directions, all in the front arc, and only the one straight ahead
    needs its middle hex empty."""
    zone = W.jab_hexes(Hex(0, 0), facing)
    dirs = [(facing + k) % 6 for k in (0, 1, -1)]
    assert set(zone) == {Hex(2 * DIRECTIONS[d].q, 2 * DIRECTIONS[d].r) for d in dirs}
    for h, mid in zone.items():
        assert hex_distance(Hex(0, 0), h) == 2 and arc_of(Hex(0, 0), facing, h) == "front"
        ahead = h == Hex(2 * DIRECTIONS[facing].q, 2 * DIRECTIONS[facing].r)
        assert (mid == DIRECTIONS[facing]) if ahead else mid is None
    assert [g[0] for g in W.JAB_GEOMETRY] == ["ahead", "ahead-left", "ahead-right"]


# -- bayonets ----------------------------------------------------------------------------------------------------------

def test_s3_bayonet_1_fitting_takes_a_turn():
    """S3-BAYONET-1: a knife on the belt is fitted to the rifle in hand as the turn's action: the rifle becomes
    the rifle with bayonet and the knife is used up; no knife, no bayonet."""
    b = battle_of([F("ann", (0, 0), hold="assault_rifle", belt=["knife"]),
                   F("bob", (5, 0), side="blue", facing=3)])
    assert "fit_bayonet" in legal_types(b, "ann")
    ev = play(b, {"actor": "ann", "type": "fit_bayonet"})
    assert all(e.get("rule") == "S3-BAYONET-1" for e in of_type(ev, "stat"))
    assert b.fighter("ann").hands == {"right": "rifle_bayonet", "left": "rifle_bayonet"}
    assert "knife" not in b.fighter("ann").items
    b = battle_of([F("ann", (0, 0), hold="assault_rifle"), F("bob", (5, 0), side="blue")])
    assert why(b, {"actor": "ann", "type": "fit_bayonet"}).rule == "S3-BAYONET-1"
    b = battle_of([F("ann", (0, 0), hold="pistol", belt=["knife"]), F("bob", (5, 0), side="blue")])
    assert why(b, {"actor": "ann", "type": "fit_bayonet"}).rule == "S3-BAYONET-1"


def test_s3_bayonet_2_knife_damage():
    """S3-BAYONET-2: the bayonet thrust does a knife's damage (outside a brawl: ND6-4)."""
    b = duel("rifle_bayonet")
    k = duel("knife")
    bay = plan_attack(b, b.fighter("ann"), b.fighter("bob"), "rifle_bayonet").damage
    knife = plan_attack(k, k.fighter("ann"), k.fighter("bob"), "knife").damage
    assert str(bay) == str(knife) == str(D.unarmed_table(12, "brass_hth"))


def test_s3_bayonet_3_doubled_after_three_hexes_and_multiplies():
    """S3-BAYONET-3: after moving 3+ hexes the bayonet's damage doubles, multiplying with others (a roll of 4:
    double damage, so x4 in all)."""
    b = duel("rifle_bayonet", b_hex=(4, 0))
    ev = play(b, charge([(1, 0), (2, 0), (3, 0)]), [1, 1, 2, 5])
    dmg = of_type(ev, "damage")[0]
    assert dmg["amount"] == D.roll(ScriptedDice([5]), D.unarmed_table(12, "brass_hth"), "", "")[1] * 4
    assert any("S3-BAYONET-3" in m for m in dmg["damage_roll"]["multipliers"])
    b = duel("rifle_bayonet", b_hex=(3, 0))
    ev = play(b, charge([(1, 0), (2, 0)]), [3, 3, 3, 5])
    assert of_type(ev, "damage")[0]["damage_roll"]["multipliers"] == []


def test_s3_bayonet_4_shot_and_stab_same_target():
    """S3-BAYONET-4: after a shot this turn, the bayonet may strike only the foe that was shot."""
    b = battle_of([F("ann", (0, 0), hold="rifle_bayonet"), F("bob", (1, 0), side="blue", facing=3),
                   F("cal", (5, 0), side="blue", facing=3)])
    b.fighter("ann").counters["shot"] = {"round": b.round, "target": "cal"}
    assert why(b, {"actor": "ann", "type": "attack", "target": "bob"}).rule == "S3-BAYONET-4"
    b.fighter("ann").counters["shot"] = {"round": b.round, "target": "bob"}
    assert RS.actions["attack"](actor="ann", target="bob").check(b) is None


def test_s3_bayonet_5_adjacent_only():
    """S3-BAYONET-5: the bayonet reaches adjacent hexes only: at range the rifle shoots (its shot's damage), and
    a rifle that cannot fire has nothing for a foe two hexes off."""
    b = duel("rifle_bayonet", b_hex=(3, 0))
    assert str(plan_attack(b, b.fighter("ann"), b.fighter("bob"), "rifle_bayonet").damage) == "3d6"
    b = duel("rifle_bayonet", b_hex=(2, 0))
    b.fighter("ann").counters["rounds"] = {"rifle_bayonet": 0}
    assert why(b, {"actor": "ann", "type": "attack", "target": "bob"}).rule == "S3-BAYONET-5"


def test_s3_bayonet_6_strikes_first_whatever_dx():
    """S3-BAYONET-6: the action order's key puts a ready bayonet before any DX (initiative policy, ND6-3)."""
    b = battle_of([F("ann", (0, 0), hold="rifle_bayonet", dx=8), F("bob", (1, 0), side="blue", dx=16)])
    assert action_key(b, b.fighter("ann")) > action_key(b, b.fighter("bob"))


# -- sweeps ------------------------------------------------------------------------------------------------------------

def ring(weapon: str, ma: int = 0) -> Any:
    """ann with ``weapon`` at (0, 0) facing east, a foe in each of her six neighbouring hexes."""
    fs = [F("ann", (0, 0), hold=weapon, stats={"MA": ma})]
    for i, d in enumerate(DIRECTIONS):
        fs.append(F(f"f{i}", (d.q, d.r), side="blue", facing=(i + 3) % 6))
    return battle_of(fs)


def test_s3_sweep_1_two_handed_cutting_only():
    """S3-SWEEP-1: broadsword, katana, fire axe sweep; a club or a staff cannot."""
    for w in ("broadsword", "katana", "fire_axe"):
        assert "sweep" in legal_types(ring(w), "ann"), w
    for w in ("club", "staff", "knife"):
        assert why(ring(w), {"actor": "ann", "type": "sweep"}).rule == "S3-SWEEP-1", w


def test_s3_sweep_2_3_front_hexes_one_roll_each_at_minus_four():
    """S3-SWEEP-2/3, G3-20: one roll per foe in the three front hexes, each at -4 DX."""
    b = ring("broadsword")
    ev = play(b, {"actor": "ann", "type": "sweep"}, [6, 6, 3] * 3)
    rs = rolls_of(ev, "ann")
    assert sorted(r["target_id"] for r in rs) == ["f0", "f1", "f5"]
    assert all(mods(r)["S3-SWEEP-3"] == -4 and r["target"] == 8 for r in rs)


def test_s3_sweep_2_martial_arts_four_five_hexes():
    """S3-SWEEP-2 (S3-MA-5): at Martial Arts 4 the threat zone adds the side hexes: five foes, never the rear."""
    b = ring("katana", ma=4)
    assert sorted(o.id for o in W.sweep_zone(b, b.fighter("ann"))) == ["f0", "f1", "f2", "f4", "f5"]
    ev = play(b, {"actor": "ann", "type": "sweep"}, [2, 2, 2, 3, 3] + [6, 6, 3] * 4)
    assert len(rolls_of(ev, "ann")) == 5 and len(of_type(ev, "damage")) == 1


def test_s3_sweep_odds_at_least_one():
    """G3-20: the sweep's headline is the chance to hit at least one foe."""
    b = ring("broadsword")
    o = RS.odds(b, RS.actions["sweep"](actor="ann"))
    assert o["hit"] == pytest.approx(1 - (1 - 56 / 216) ** 3)


# -- the staff ---------------------------------------------------------------------------------------------------------

def test_s3_staff_1_needs_st_11():
    """S3-STAFF-1: below ST 11 the staff cannot strike (nor trip, nor disarm)."""
    b = battle_of([F("ann", (0, 0), hold="staff", st=10), F("bob", (1, 0), side="blue", facing=3, hold="club")])
    for t in ("attack", "staff_trip", "staff_disarm"):
        assert why(b, {"actor": "ann", "type": t, "target": "bob"}).rule == "S3-STAFF-1", t
    b = battle_of([F("ann", (0, 0), hold="staff", st=11), F("bob", (1, 0), side="blue", facing=3)])
    assert "attack" in legal_types(b, "ann")


def test_s3_staff_2_damage_1d6_plus_2():
    """S3-STAFF-2: a staff blow does 1d6+2."""
    b = duel("staff")
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [3, 3, 3, 4])
    assert of_type(ev, "damage")[0]["amount"] == 6


def test_s3_staff_3_defends():
    """S3-STAFF-3: a staff alone lets its wielder defend against a weapon; bare hands without Martial Arts 3
    defend only against unarmed blows (S3-MA-4, ruling ND6-5)."""
    from game.rules.nd6.combat import can_defend_against

    b = duel("staff")
    assert RS.actions["defend"](actor="ann").check(b) is None
    assert can_defend_against(b.fighter("ann"), "club")
    assert not can_defend_against(b.fighter("bob"), "staff") and can_defend_against(b.fighter("bob"), None)


def test_s3_staff_4_disarm():
    """S3-STAFF-4: -4 DX; on a hit the defender rolls 3d6 vs DX and drops its weapon on a failure. No damage."""
    b = duel("staff", "club")
    ev = play(b, {"actor": "ann", "type": "staff_disarm", "target": "bob"}, [2, 2, 2, 6, 6, 6])
    atk, save = rolls_of(ev)
    assert mods(atk)["S3-STAFF-4"] == -4 and atk["target"] == 8
    assert save["actor"] == "bob" and save["target"] == 12 and not save["success"]
    assert b.fighter("bob").hands["right"] is None and not of_type(ev, "damage")
    b = duel("staff", "club")
    play(b, {"actor": "ann", "type": "staff_disarm", "target": "bob"}, [2, 2, 2, 4, 4, 4])
    assert b.fighter("bob").hands["right"] == "club"
    b = duel("staff")
    assert why(b, {"actor": "ann", "type": "staff_disarm", "target": "bob"}).rule == "S3-STAFF-4"


def test_s3_staff_4_miss_no_save():
    """S3-STAFF-4: a miss (9 against 8) calls for no save."""
    b = duel("staff", "club")
    ev = play(b, {"actor": "ann", "type": "staff_disarm", "target": "bob"}, [3, 3, 3])
    assert len(rolls_of(ev)) == 1 and b.fighter("bob").hands["right"] == "club"


def test_s3_staff_5_trip():
    """S3-STAFF-5: -4 DX; on a hit the defender rolls 3d6 vs ST and falls on a failure. No damage."""
    b = duel("staff")
    ev = play(b, {"actor": "ann", "type": "staff_trip", "target": "bob"}, [2, 2, 2, 6, 6, 5])
    assert rolls_of(ev)[1]["label"].endswith("ST") and b.fighter("bob").posture == "prone"
    assert not of_type(ev, "damage")
    b = duel("staff")
    play(b, {"actor": "ann", "type": "staff_trip", "target": "bob"}, [2, 2, 2, 3, 3, 3])
    assert b.fighter("bob").posture == "standing"


def test_s3_staff_odds_down_and_disarmed():
    """S3-STAFF-4/5: the odds name the effect: hit x failed save."""
    b = duel("staff", "club")
    trip = RS.odds(b, RS.actions["staff_trip"](actor="ann", target="bob"))
    disarm = RS.odds(b, RS.actions["staff_disarm"](actor="ann", target="bob"))
    fail12 = 1 - 160 / 216
    assert trip["hit"] == pytest.approx(56 / 216)
    assert trip["down"] == pytest.approx(trip["hit"] * fail12)
    assert disarm["disarmed"] == pytest.approx(disarm["hit"] * fail12)


# -- swords ------------------------------------------------------------------------------------------------------------

def test_s3_sword_1_skill_and_fencing():
    """S3-SWORD-1, G3-11: a monofilament or plasma sword requires the Sword skill (without it the attack is
    refused, ruling ND6-12, tests/test_rules_nd6_seed_sentences.py); with it there is no penalty, and Fencing
    gives +1 with any sword."""
    b = duel("mono_sword")
    assert why(b, {"actor": "ann", "type": "attack", "target": "bob"}).rule == "S3-SWORD-1"
    b.fighter("ann").skills.update(sword=1)
    spec = plan_attack(b, b.fighter("ann"), b.fighter("bob"), "mono_sword").spec
    assert {m.rule: m.value for m in spec.modifiers} == {}
    b.fighter("ann").skills.update(sword=1, fencing=1)
    spec = plan_attack(b, b.fighter("ann"), b.fighter("bob"), "mono_sword").spec
    assert {m.rule: m.value for m in spec.modifiers} == {"G3-11": 1}


def test_s3_sword_2_3_energy_or_not():
    """S3-SWORD-2, S3-SWORD-3: the plasma sword is an energy weapon; the monofilament sword is not (though
    powered)."""
    assert has_tag("plasma_sword", "energy") and not has_tag("mono_sword", "energy")
    assert has_tag("plasma_sword", "breaks_parry") and has_tag("mono_sword", "breaks_parry")


def test_s3_sword_4_adjacent_only():
    """S3-SWORD-4: swords strike adjacent hexes only."""
    b = duel("plasma_sword", b_hex=(2, 0))
    b.fighter("ann").skills.update(sword=1)
    assert why(b, {"actor": "ann", "type": "attack", "target": "bob"}).rule == "G3-4"


def test_s3_sword_5_parrying_weapon_broken():
    """S3-SWORD-5: a katana that defends against a monofilament sword is broken as a weapon: it can no longer
    strike, but still defends."""
    b = duel("mono_sword", "katana", conditions=["defending"])
    b.fighter("ann").skills.update(sword=1)
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [4, 4, 4, 4])
    assert b.fighter("bob").counters["broken_weapons"] == ["katana"]
    assert any(e.get("rule") == "S3-SWORD-5" for e in of_type(ev, "stat"))
    assert why(b, {"actor": "bob", "type": "attack", "target": "ann"}).rule == "S3-SWORD-5"
    assert b.fighter("bob").hands["right"] == "katana"
    assert RS.actions["defend"](actor="bob").check(b) is None


def test_s3_sword_5_no_defence_nothing_broken():
    """S3-SWORD-5: a weapon that did not defend is not broken."""
    b = duel("mono_sword", "katana")
    b.fighter("ann").skills.update(sword=1)
    play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [6, 6, 3])
    assert "broken_weapons" not in b.fighter("bob").counters


def test_s3_sword_6_plasma_versus_plasma():
    """S3-SWORD-6: a plasma sword breaks a parrying katana, but not another plasma sword."""
    b = duel("plasma_sword", "plasma_sword", conditions=["defending"], skills={"sword": 1})
    b.fighter("ann").skills.update(sword=1)
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [4, 4, 4, 4])
    assert "broken_weapons" not in b.fighter("bob").counters
    assert any(e.get("rule") == "S3-SWORD-6" for e in of_type(ev, "message"))
    b = duel("plasma_sword", "katana", conditions=["defending"])
    b.fighter("ann").skills.update(sword=1)
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [4, 4, 4, 4])
    assert b.fighter("bob").counters["broken_weapons"] == ["katana"]
    assert any(e.get("rule") == "S3-SWORD-6" for e in of_type(ev, "stat"))


def test_s3_sword_7_vibroblades_not_an_item():
    """S3-SWORD-7 [DRAFT]: vibroblades are an open question in the seed: no item, and a ruling says so."""
    assert not any("vibro" in i for i in ITEMS)
    assert "S3-SWORD-7" in RULINGS.read_text(encoding="utf-8")


# -- stun weapons ------------------------------------------------------------------------------------------------------

def test_s3_stun_1_2_failed_roll():
    """S3-STUN-1/2: a stun weapon's injury calls for 4d6 vs eST (ST after the blow); failing, the target drops
    its weapons, falls, and is stunned."""
    b = duel("stun_baton", "club")
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [3, 3, 3, 6, 6, 6, 6, 6])
    save = rolls_of(ev, "bob")[0]
    assert save["rule"] == "S3-STUN-1" and len(save["dice"]) == 4 and save["target"] == 8
    bob = b.fighter("bob")
    assert bob.hands["right"] is None and bob.posture == "prone" and "stunned" in bob.conditions


def test_s3_stun_1_saved():
    """S3-STUN-1: a made roll leaves the target standing and armed."""
    b = duel("stun_baton", "club")
    play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [3, 3, 3, 6, 1, 1, 1, 1])
    assert "stunned" not in b.fighter("bob").conditions and b.fighter("bob").hands["right"] == "club"


def test_g3_23_stun_only_after_armour():
    """G3-23: "at least one point of damage" is after armour: a blow the jacket stops calls for no roll."""
    b = duel("stun_baton", worn=["jacket"])
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [3, 3, 3, 6])
    assert of_type(ev, "damage")[0]["injury"] == 0 and not rolls_of(ev, "bob")


@pytest.mark.parametrize(("skills", "n"), [({"tough": 1}, 3), ({"very_tough": 1}, 2), ({"tough": 1, "very_tough": 1}, 2)])
def test_s3_stun_3_tough_rolls_fewer_dice(skills, n):
    """S3-STUN-3: Tough rolls 3d6, Very Tough 2d6."""
    b = duel("stun_baton", skills=skills)
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [3, 3, 3, 6] + [1] * n)
    assert len(rolls_of(ev, "bob")[0]["dice"]) == n


def test_s3_stun_2_two_turns_then_recovers():
    """S3-STUN-2: the stunned fighter can do nothing for its next two turns (one a round), then recovers."""
    b = duel("stun_baton", "brass_knuckles")
    play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [3, 3, 3, 6, 6, 6, 6, 6])
    bob = b.fighter("bob")
    assert bob.hands["right"] == "brass_knuckles"  # S3-IMPROV-9: never knocked from the hand
    assert why(b, {"actor": "bob", "type": "attack", "target": "ann"}).rule == "S3-STUN-2"
    for k in range(2):
        RS.start_turn(b, "bob", ScriptedDice([]))
        RS.start_turn(b, "bob", ScriptedDice([]))  # a second slot in the same round counts nothing
        assert "stunned" in bob.conditions, k
        assert "wait" in legal_types(b, "bob") and "attack" not in legal_types(b, "bob")
        b.round += 1
    ev = RS.start_turn(b, "bob", ScriptedDice([]))
    assert "stunned" not in bob.conditions
    assert any(e.get("remove") == "stunned" and e.get("rule") == "S3-STUN-2" for e in ev)


# -- damage types ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("weapon", "kind"), [(None, "crushing"), ("club", "crushing"), ("knife", "cutting"),
                                              ("katana", "cutting"), ("staff", "crushing")])
def test_s3_dmg_6_damage_types(weapon, kind):
    """S3-DMG-6: a punch is bludgeoning (crushing); any other blow does its weapon's type."""
    b = duel(weapon)
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob", "item": weapon},
              [3, 3, 3] + [3] * D.parse(str(plan_attack(b, b.fighter("ann"), b.fighter("bob"), weapon).damage)).dice)
    assert of_type(ev, "damage")[0]["damage_type"] == kind


# -- the menu and the odds ---------------------------------------------------------------------------------------------

def test_weapon_options_offered():
    """S3-POLE-2/3, S3-STAFF-4/5: the menu offers the weapon actions that fit the weapon in hand."""
    b = battle_of([F("ann", (0, 0), hold="pole_arm"), F("bob", (2, 0), side="blue", facing=3)])
    assert {"jab", "set_vs_charge"} <= legal_types(b, "ann")
    b = duel("staff", "club")
    assert {"staff_trip", "staff_disarm"} <= legal_types(b, "ann")
    jab = RS.odds(battle_of([F("ann", (0, 0), hold="pole_arm"), F("bob", (2, 0), side="blue", facing=3)]),
                  RS.actions["jab"](actor="ann", target="bob"))
    assert jab["hit"] == pytest.approx(160 / 216)


def phase(b: Any, name: str) -> None:
    """Put the battle in one phase of G3-3's round, as the turn controller does."""
    b.state["initiative"] = {"phase": name}


def test_s3_pole_2_under_the_round_phases():
    """S3-POLE-2 with G3-3: the pole arm set in the movement phase is the setter's action; the charge declared in
    the movement phase strikes in the action phase, and the set weapon still strikes first."""
    b = duel("club", "pole_arm", b_hex=(4, 0))
    phase(b, "movement")
    play(b, {"actor": "bob", "type": "set_vs_charge"})
    ev = play(b, charge([(1, 0), (2, 0), (3, 0)]))
    assert not rolls_of(ev)
    phase(b, "action")
    assert "attack" not in legal_types(b, "bob")
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [3, 3, 3, 1, 1, 3, 3, 3, 2])
    assert [r["actor"] for r in rolls_of(ev)] == ["bob", "ann"]


def test_s3_staff_1_no_charge_below_st_11():
    """S3-STAFF-1: a charge with a staff needs ST 11 too."""
    b = battle_of([F("ann", (0, 0), hold="staff", st=10), F("bob", (4, 0), side="blue", facing=3)])
    assert why(b, charge([(1, 0), (2, 0), (3, 0)])).rule == "S3-STAFF-1"


def test_s3_sweep_stops_when_the_weapon_is_dropped():
    """S3-SWEEP-3 (ruling ND6-13): a fumble (17: drop) on the first foe ends the sweep."""
    b = ring("broadsword")
    ev = play(b, {"actor": "ann", "type": "sweep"}, [6, 6, 5])
    assert len(rolls_of(ev, "ann")) == 1 and b.fighter("ann").hands == {"right": None, "left": None}


def test_s3_stun_1_stun_gun_at_range():
    """S3-STUN-1: the stun gun (a ranged stun weapon, pistol range) calls for the same roll after an injury."""
    b = duel("stun_gun", "club", b_hex=(5, 0))
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [3, 3, 3, 6, 1, 1, 1, 1])
    assert [r["rule"] for r in rolls_of(ev, "bob")] == ["S3-STUN-1"]
    assert "stunned" not in b.fighter("bob").conditions


def test_s3_bayonet_4_a_shot_marks_its_target():
    """S3-BAYONET-4: a shot from the rifle marks its target for the round; the bayonet may then strike only it."""
    b = battle_of([F("ann", (0, 0), hold="rifle_bayonet"), F("bob", (1, 0), side="blue", facing=3),
                   F("cal", (0, 5), side="blue", facing=2)])  # off bob's hex: no roll to miss him (G3-10)
    play(b, {"actor": "ann", "type": "attack", "target": "cal"}, [6, 6, 4])
    assert b.fighter("ann").counters["shot"] == {"round": b.round, "target": "cal"}
    assert why(b, {"actor": "ann", "type": "attack", "target": "bob"}).rule == "S3-BAYONET-4"
    b.fighter("ann").counters.pop("shot")
    play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [6, 6, 4])
    assert "shot" not in b.fighter("ann").counters  # a thrust is no shot


def test_s3_pole_2_a_set_pole_arm_wears_a_badge_until_it_strikes():
    """S3-POLE-2: a pole arm set against a charge carries SET over its token (Presentation.badges; under Xvfb nothing on
    the board showed which pole arm waited for a charger), until its blow is spent on the charger."""
    from game.rules import find_ruleset

    b = duel("club", "pole_arm", b_hex=(4, 0))
    rs = find_ruleset("nd6-tactical")
    assert rs.presentation.badges(b, b.fighter("bob")) == []
    play(b, {"actor": "bob", "type": "set_vs_charge"})
    assert [x[0] for x in rs.presentation.badges(b, b.fighter("bob"))] == ["SET"]
    assert rs.presentation.badges(b, b.fighter("ann")) == []
    play(b, charge([(1, 0), (2, 0), (3, 0)]), [3, 3, 3, 1, 1, 3, 3, 3, 2])
    assert rs.presentation.badges(b, b.fighter("bob")) == []
