"""nd6-tactical energy weapons (game/rules/nd6/energy.py) with scripted dice: S3-ENERGY-1..8 read with G3-24 and
G3-26, S3-SMOKE-6 and S3-SWORD-2.

Shots are played as the firing rules play them (``ranged.fire`` with the action's ``dice`` and ``shots``, which
calls energy's hooks), on scripted faces.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.dice import ScriptedDice
from game.rules.events import Resolution
from game.rules.nd6 import energy as EN
from game.rules.nd6 import ranged
from game.rules.nd6.combat import plan_attack
from game.rules.nd6.items import ITEMS, item
from game.rules.nd6.ranges import range_penalty
from tests.nd6_helpers import RS, action, battle_of, of_type, play, why

RULINGS = Path(__file__).resolve().parent.parent / "game" / "rules" / "RULINGS.md"


def F(fid: str, hexq: tuple[int, int], *, side: str = "red", facing: int = 0, st: int = 12, dx: int = 12,
      hold: str | None = None, **kw: Any) -> dict[str, Any]:
    f: dict[str, Any] = {"id": fid, "side": side, "hex": list(hexq), "facing": facing,
                         "stats": {"ST": st, "DX": dx, "IQ": 10}}
    if hold is not None:
        two = int(item(hold).get("hands", 1)) == 2
        f["hands"] = {"right": hold, "left": hold if two else None}
    f.update(kw)
    return f


def laser_battle(dist: int = 3, *, effects: Any = (), bob_st: int = 30, **bob: Any):
    """ann at (0, 0) with a laser rifle; bob (ST 30: he takes every volley standing) ``dist`` hexes east."""
    return battle_of([F("ann", (0, 0), hold="laser_rifle"),
                      F("bob", (dist, 0), side="blue", facing=3, st=bob_st, **bob)], effects=effects)


def fire(b, faces: list[int], **fields: Any) -> list[dict[str, Any]]:
    """ann fires at bob through the firing rules (``ranged.fire``) on these faces; every face used."""
    act = action({"type": "attack", "actor": "ann", "target": "bob", **fields})
    dice = ScriptedDice(list(faces))
    r = Resolution(b, dice)
    ranged.fire(r, b.fighter("ann"), act)
    assert dice.position == len(faces), f"faces left over: {faces[dice.position:]}"
    return r.events


def reason(b, **fields: Any):
    act = action({"type": "attack", "actor": "ann", "target": "bob", **fields})
    f, t = b.fighter("ann"), b.fighter("bob")
    return EN.shot_reason(b, f, t, act)


# -- S3-ENERGY-1, -8, G3-24: the battery in dice ------------------------------------------------------------------------

def test_s3_energy_8_battery_in_dice():
    """S3-ENERGY-8 (G3-24): the laser rifle's battery holds 48 dice, eight full 6d6 shots; a fresh weapon starts
    full."""
    assert ITEMS["laser_rifle"]["battery"] == 48 and EN.full_dice("laser_rifle") == 6
    b = laser_battle()
    assert EN.battery_left(b.fighter("ann"), "laser_rifle") == 48


def test_s3_energy_1_each_shot_spends_its_dice():
    """S3-ENERGY-1 with G3-24: a full 6d6 shot takes 6 dice from the battery, hit or miss; a miss still spends."""
    b = laser_battle()
    ev = fire(b, [3, 3, 3, 1, 1, 1, 1, 1, 1])  # a 9 hits; 6 damage dice
    assert of_type(ev, "damage")[0]["amount"] == 6
    assert b.fighter("ann").counters["battery"] == {"laser_rifle": 42}
    fire(b, [6, 5, 5])  # 16: a miss
    assert EN.battery_left(b.fighter("ann"), "laser_rifle") == 36
    ev = fire(b, [6, 6, 5])  # 17: the rifle is dropped (G3-1), and the shot still spent its dice
    assert any(e["type"] == "item" and e["action"] == "dropped" for e in ev)
    assert EN.battery_left(b.fighter("ann"), "laser_rifle") == 30


def test_g3_24_split_costs_the_same():
    """G3-24: 3 x 2d6 costs as much as 1 x 6d6 (6 dice)."""
    b = laser_battle()
    fire(b, [3, 3, 3, 1, 1, 3, 3, 3, 1, 1, 3, 3, 3, 1, 1], dice=2, shots=3)
    assert EN.battery_left(b.fighter("ann"), "laser_rifle") == 42


# -- S3-ENERGY-3/4: split shots --------------------------------------------------------------------------------------------

def test_s3_energy_3_splits():
    """S3-ENERGY-3: a 6d6 full shot splits into 1 x 6d6, 2 x 3d6, 3 x 2d6 or 6 x 1d6; no shot under 1d6 and no
    more dice in all than the full shot."""
    assert EN.splits("laser_rifle") == [(6, 1), (3, 2), (2, 3), (1, 6)]
    b = laser_battle()
    for per, n in EN.splits("laser_rifle"):
        assert reason(b, dice=per, shots=n) is None
    assert reason(b, dice=4, shots=2).rule == "S3-ENERGY-3"  # 8 dice > 6
    assert reason(b, dice=7).rule == "S3-ENERGY-3"
    assert reason(b, dice=0).kind == "bad_intent"


def test_s3_energy_3_three_shots_of_two_dice():
    """S3-ENERGY-3: 3 x 2d6 rolls three times to hit and each hit is 2d6 (here hit, miss, hit: 2 + 7 hits)."""
    b = laser_battle()
    ev = fire(b, [3, 3, 3, 1, 1, 6, 5, 5, 3, 3, 3, 3, 4], dice=2, shots=3)
    assert len([e for e in of_type(ev, "roll") if e.get("actor") == "ann"]) == 3
    dmg = of_type(ev, "damage")
    assert [d["amount"] for d in dmg] == [2, 7] and all(len(d["damage_roll"]["faces"]) == 2 for d in dmg)
    assert b.fighter("bob").hp == 30 - 9


def test_s3_energy_4_fewer_shots_optional():
    """S3-ENERGY-4: firing at 2d6 a shot, one shot is enough: it costs only its own 2 dice."""
    b = laser_battle()
    assert reason(b, dice=2, shots=1) is None and reason(b, dice=2) is None
    ev = fire(b, [3, 3, 3, 2, 2], dice=2)
    assert [d["amount"] for d in of_type(ev, "damage")] == [4]
    assert EN.battery_left(b.fighter("ann"), "laser_rifle") == 46


def test_g3_24_battery_short_and_default_power():
    """G3-24: a battery holding 4 dice cannot give 3 x 2d6; left out, the shot is what the battery holds (4d6,
    ruling), and a drained battery fires nothing until swapped (S3-ENERGY-2)."""
    b = laser_battle()
    b.fighter("ann").counters["battery"] = {"laser_rifle": 4}
    assert reason(b, dice=2, shots=3).rule == "G3-24"
    ev = fire(b, [3, 3, 3, 1, 1, 1, 1])
    assert of_type(ev, "damage")[0]["damage_roll"]["faces"] == [1, 1, 1, 1]
    assert EN.battery_left(b.fighter("ann"), "laser_rifle") == 0
    assert reason(b).rule == "S3-ENERGY-2"


def test_s3_energy_3_dice_only_for_energy_weapons():
    """S3-ENERGY-3: ``dice`` is an energy weapon's power per shot; on a pistol it is refused."""
    b = battle_of([F("ann", (0, 0), hold="pistol"), F("bob", (3, 0), side="blue", facing=3)])
    act = action({"type": "attack", "actor": "ann", "target": "bob", "dice": 2})
    got = EN.shot_reason(b, b.fighter("ann"), b.fighter("bob"), act)
    assert got is not None and got.rule == "S3-ENERGY-3" and got.kind == "bad_intent"


# -- S3-ENERGY-2: swapping the battery ----------------------------------------------------------------------------------------

def test_s3_energy_2_swap_battery_is_a_ready_action():
    """S3-ENERGY-2: a drained battery is swapped for a fresh one (48 dice) as the turn's action; a fresh one
    needs no swap."""
    b = laser_battle()
    assert why(b, {"type": "swap_battery", "actor": "ann"}).rule == "S3-ENERGY-2"
    b.fighter("ann").counters["battery"] = {"laser_rifle": 0}
    ev = play(b, {"type": "swap_battery", "actor": "ann"})
    assert any(e.get("rule") == "S3-ENERGY-2" for e in ev)
    assert EN.battery_left(b.fighter("ann"), "laser_rifle") == 48
    assert EN.SwapBattery.is_action  # the round's one action, as readying is (G3-4)


# -- S3-ENERGY-5: half the range penalty ----------------------------------------------------------------------------------------

def test_s3_energy_5_half_range_penalty():
    """S3-ENERGY-5: at 10 MH (30 hexes) a firearm takes -4, the laser -2."""
    assert range_penalty(10) == -4 and range_penalty(10, energy=True) == -2
    b = laser_battle(30)
    plan = ranged.shot_plan(b, b.fighter("ann"), b.fighter("bob"), "laser_rifle")
    assert {m.rule: m.value for m in plan.spec.modifiers}["S3-ENERGY-5"] == -2
    ev = fire(b, [4, 4, 3])  # 11 against DX 12 - 2 = 10: a miss (a firearm's -4 would make it 8)
    assert of_type(ev, "roll")[0]["target"] == 10 and not of_type(ev, "damage")


# -- S3-ENERGY-6, S3-SMOKE-6, G3-26: smoke as R1 shielding ----------------------------------------------------------------------

def test_s3_energy_6_smoke_takes_a_die():
    """S3-ENERGY-6, S3-SMOKE-6 (G3-26): a smoke hex on the line makes a 6d6 shot 5d6 (once, however many smoke
    hexes: R1); the same shot in clear air rolls 6 dice."""
    smoke = [{"kind": "smoke", "hex": [1, 0], "turns_left": 3}, {"kind": "smoke", "hex": [2, 0], "turns_left": 3}]
    b = laser_battle(4, effects=smoke)
    ev = fire(b, [1, 1, 3, 2, 2, 2, 2, 2])  # 5 always hits, through -2 DX of smoke (S3-SMOKE-5)
    dmg = of_type(ev, "damage")[0]
    assert dmg["damage_roll"]["faces"] == [2, 2, 2, 2, 2] and dmg["amount"] == 10
    assert "S3-ENERGY-6" in dmg["damage_roll"]["from"]
    assert EN.battery_left(b.fighter("ann"), "laser_rifle") == 42  # the battery still pays 6 dice


def test_s3_smoke_6_one_die_shot_through_smoke_does_nothing():
    """S3-SMOKE-6 (G3-26): a 1d6 shot through smoke loses its one die: no damage, no die rolled."""
    b = laser_battle(4, effects=[{"kind": "smoke", "hex": [2, 0], "turns_left": 3}])
    ev = fire(b, [1, 1, 3], dice=1)
    assert of_type(ev, "damage")[0]["amount"] == 0


def test_s3_energy_6_no_shielding_for_firearms():
    """S3-ENERGY-6: smoke shields only against energy weapons: a pistol's 2d6 through it is still 2d6."""
    b = battle_of([F("ann", (0, 0), hold="pistol"), F("bob", (4, 0), side="blue", facing=3, st=30)],
                  effects=[{"kind": "smoke", "hex": [2, 0], "turns_left": 3}])
    plan = ranged.shot_plan(b, b.fighter("ann"), b.fighter("bob"), "pistol")
    EN.adjust(b, plan, b.fighter("ann"), b.fighter("bob"), None)
    assert str(plan.damage) == "2d6"


def test_s3_sword_2_plasma_sword_energy_but_no_shielding():
    """S3-SWORD-2: the plasma sword is an energy weapon in every respect; it strikes the next hex, so no shot
    passes through smoke and its 3d6 blow keeps its dice even in a smoke hex (ruling)."""
    assert EN.is_energy("plasma_sword") and not EN.is_energy_gun("plasma_sword")
    b = battle_of([F("ann", (0, 0), hold="plasma_sword", skills={"sword": True}),
                   F("bob", (1, 0), side="blue", facing=3)],
                  effects=[{"kind": "smoke", "hex": [0, 0], "turns_left": 3}, {"kind": "smoke", "hex": [1, 0],
                                                                                "turns_left": 3}])
    a, t = b.fighter("ann"), b.fighter("bob")
    assert EN.shielding(b, a, t, "plasma_sword") == 0
    plan = plan_attack(b, a, t, "plasma_sword")
    EN.adjust(b, plan, a, t, None)
    assert str(plan.damage) == "3d6"


# -- S3-ENERGY-7: documented as not implemented -----------------------------------------------------------------------------------

def test_s3_energy_7_blindness_documented_not_implemented():
    """S3-ENERGY-7 [GM]: a laser head shot may blind; no mechanism is given and aimed shots are not played: the
    module and the rulings say it is not implemented, and no condition 'blind' exists."""
    assert "S3-ENERGY-7" in EN.NOT_IMPLEMENTED
    assert "S3-ENERGY-7" in (EN.__doc__ or "") and "not implemented" in (EN.__doc__ or "")
    assert "S3-ENERGY-7" in RULINGS.read_text(encoding="utf-8")
    assert not any("blind" in c for c in RS.conditions)


# -- the menu: split shots, the battery swap, and their odds ---------------------------------------------------------------

def test_s3_energy_3_menu_offers_splits_with_volley_odds():
    """S3-ENERGY-3 in the menu: the laser offers its full shot and 2 x 3d6, 3 x 2d6, 6 x 1d6 at each foe; a volley's
    ``hit`` is at least one shot hitting (``each`` one shot's chance); S3-ENERGY-2: a used battery offers a swap."""
    from game.rules.nd6.rolls import attack_odds

    b = laser_battle(3)
    opts = [o.action for o in RS.legal_actions(b, "ann") if o.action.type == "attack" and o.action.target == "bob"]
    assert {(a.dice, a.shots) for a in opts if a.dice} == {(3, 2), (2, 3), (1, 6)}
    three = next(a for a in opts if a.dice == 2)
    p = attack_odds(3, 12)["hit"]
    got = RS.odds(b, three)
    assert abs(got["hit"] - (1 - (1 - p) ** 3)) < 1e-12 and got["each"] == p
    assert RS.odds(b, next(a for a in opts if not a.dice and a.item == ""))["hit"] == p
    assert "swap_battery" not in {o.action.type for o in RS.legal_actions(b, "ann") if o.legal}
    b.fighter("ann").counters["battery"] = {"laser_rifle": 40}
    assert "swap_battery" in {o.action.type for o in RS.legal_actions(b, "ann") if o.legal}


# -- through the attack action (check, then the firing rules) ----------------------------------------------------------------

def test_s3_energy_3_split_through_the_attack_action():
    """S3-ENERGY-3 through ``attack``: 2 x 3d6 is checked and played as two shots; 4 x 2d6 is refused."""
    b = laser_battle()
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob", "dice": 2, "shots": 4}).rule == "S3-ENERGY-3"
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob", "dice": 3, "shots": 2},
              [3, 3, 3, 1, 2, 3, 3, 3, 3, 4, 4, 4])
    assert [d["amount"] for d in of_type(ev, "damage")] == [6, 12]
    assert EN.battery_left(b.fighter("ann"), "laser_rifle") == 42


def test_g3_1_dropped_laser_fires_no_more():
    """G3-1 with S3-ENERGY-3: a volley stops when a shot's 17 drops the rifle; only the shots fired spend dice."""
    b = laser_battle()
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob", "dice": 2, "shots": 3}, [6, 6, 5])
    assert len(of_type(ev, "roll")) == 1 and any(e["type"] == "item" and e["action"] == "dropped" for e in ev)
    assert EN.battery_left(b.fighter("ann"), "laser_rifle") == 46
