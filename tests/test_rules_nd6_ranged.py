"""nd6-tactical ranged fire (game/rules/nd6/ranged.py) with scripted dice: the line of fire (GX-5), range in MH
(G3-12, G3-16), rolls to miss figures in the way (G3-10), smoke (S3-SMOKE-5), shots a turn and magazines
(S3-AUTO-1/3), the ST shortfall and resting (S3-AUTO-4/5), reloading, jams and clearing them (S3-AUTO-24,
G3-11), dodging, a shot into a brawl (S3-HTH-20) and fire-and-stab (S3-BAYONET-4).

Every test plays the ``attack`` action as ``clinch resolve`` does (check, then resolve on scripted faces).
"""

from __future__ import annotations

from typing import Any

from game.hexgrid import Hex
from game.model.board import Board, Cell
from game.rules.nd6 import ranged
from game.rules.nd6.items import item
from tests.nd6_helpers import battle_of, legal_types, of_type, play, why


def F(fid: str, hexq: tuple[int, int], *, side: str = "red", facing: int = 0, st: int = 12, dx: int = 12,
      hold: str | None = None, **kw: Any) -> dict[str, Any]:
    """One fighter in SITUATION-FORMAT shape; a two-handed ``hold`` fills both hands."""
    f: dict[str, Any] = {"id": fid, "side": side, "hex": list(hexq), "facing": facing,
                         "stats": {"ST": st, "DX": dx, "IQ": 11}}
    if hold is not None:
        two = int(item(hold).get("hands", 1)) == 2
        f["hands"] = {"right": hold, "left": hold if two else None}
    f.update(kw)
    return f


def duel(gun: str = "pistol", dist: int = 6, *, shooter: dict[str, Any] | None = None, extra: list | None = None,
         effects: list | None = None):
    """ann at (0, 0) holding ``gun``; bob ``dist`` hexes east facing her (no side or rear bonus)."""
    ann = F("ann", (0, 0), hold=gun, **(shooter or {}))
    bob = F("bob", (dist, 0), side="blue", facing=3)
    return battle_of([ann, bob, *(extra or [])], effects=effects or ())


def rolls_of(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return of_type(events, "roll")


def mods(roll: dict[str, Any]) -> dict[str, int]:
    return {m["rule"]: m["value"] for m in roll["modifiers"]}


# -- range ------------------------------------------------------------------------------------------------------------

def test_g3_12_range_penalty_by_multihex():
    """G3-12 (G3-16): nothing to 2 MH, then -1 per 2 MH begun: -1 at 3-4 MH, -2 at 5-6, -4 at 9-10."""
    assert ranged.range_mod("pistol", 6) is None
    assert ranged.range_mod("pistol", 7).value == -1
    assert ranged.range_mod("pistol", 15).value == -2
    assert ranged.range_mod("assault_rifle", 30).value == -4
    assert ranged.range_mod("knife", 30) is None
    assert ranged.mh_distance(Hex(0, 0), Hex(7, 0)) == 3


def test_g3_12_shot_rolls_with_range_penalty():
    """G3-12: a pistol shot at 15 hexes (5 MH) rolls at DX 12 - 2; a hit does the pistol's 2d6 and spends a round."""
    b = duel("pistol", 15)
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob"}, [3, 3, 4, 2, 3])
    roll = rolls_of(ev)[0]
    assert roll["target"] == 10 and mods(roll)["G3-12"] == -2 and roll["success"]
    dmg = of_type(ev, "damage")[0]
    assert dmg["amount"] == 5 and dmg["target"] == "bob"
    assert b.fighter("ann").counters["rounds"]["pistol"] == 9


# -- the line of fire ---------------------------------------------------------------------------------------------------

def test_gx_5_wall_blocks_the_line_of_fire():
    """GX-5: a ``blocks_sight`` cell between shooter and target: no shot."""
    b = duel("pistol", 4)
    cells = [Cell(hex=Hex(q, r)) for q in range(-2, 8) for r in range(-2, 3)]
    cells = [Cell(hex=c.hex, blocks_sight=True, blocks_movement=True) if c.hex == Hex(2, 0) else c for c in cells]
    b.board = Board(name="t", cells=cells)
    lof = ranged.line_of_fire(b, b.fighter("ann"), Hex(4, 0))
    assert lof.blocked and lof.hexes[0] == Hex(0, 0) and lof.hexes[-1] == Hex(4, 0)
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob"}).rule == "GX-5"


def test_g3_10_figure_in_the_way_missed_then_target_rolled():
    """G3-10: a figure standing between is rolled to miss first (3d6 vs the same adjusted DX, its own range);
    missed, the shot goes on to the target."""
    carl = F("carl", (3, 0), side="red")
    b = duel("pistol", 6, extra=[carl])
    assert ranged.line_of_fire(b, b.fighter("ann"), Hex(6, 0)).figures == ["carl"]
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob"}, [2, 3, 4, 5, 5, 6])
    miss, hit = rolls_of(ev)
    assert miss["rule"] == "G3-10" and miss["target_id"] == "carl" and miss["success"] and not miss["hit"]
    assert hit["total"] == 16 and not hit["success"]
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob"}, [2, 3, 4, 3, 3, 3, 2, 2])
    assert [d["target"] for d in of_type(ev, "damage")] == ["bob"]


def test_g3_10_failed_roll_to_miss_strikes_the_figure():
    """G3-10: failing the roll to miss, the figure in the way is struck (the shot's damage) and the target is not."""
    carl = F("carl", (3, 0), side="red")
    b = duel("pistol", 6, extra=[carl])
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob"}, [6, 6, 5, 4, 3])
    miss = rolls_of(ev)[0]
    assert miss["hit"] and miss["total"] == 17
    assert len(rolls_of(ev)) == 1
    dmg = of_type(ev, "damage")
    assert [d["target"] for d in dmg] == ["carl"] and dmg[0]["amount"] == 7


def test_nd6_15_prone_figure_not_in_the_way():
    """Ruling ND6-19 (G3-10): a figure lying on the ground is not in the line of fire."""
    carl = F("carl", (3, 0), side="red", posture="prone")
    b = duel("pistol", 6, extra=[carl])
    assert ranged.line_of_fire(b, b.fighter("ann"), Hex(6, 0)).figures == []


def test_s3_smoke_5_smoke_hexes_on_the_line():
    """S3-SMOKE-5: -1 DX per smoke hex the shot starts in, crosses or ends in."""
    smoke = [{"kind": "smoke", "hex": [q, 0], "turns_left": 3} for q in (0, 2, 4)]
    b = duel("pistol", 4, effects=smoke)
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob"}, [3, 3, 3, 1, 1])
    roll = rolls_of(ev)[0]
    assert mods(roll)["S3-SMOKE-5"] == -3 and roll["target"] == 9


# -- shots a turn, magazines, reloading, jams ---------------------------------------------------------------------------

def test_s3_auto_1_semi_shots_each_their_own_roll():
    """S3-AUTO-1, S3-AUTO-3: a pistol (2 shots a turn) fires two single shots, a roll each, a round each."""
    b = duel("pistol", 3)
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob", "mode": "semi", "shots": 2},
              [3, 3, 3, 1, 1, 6, 6, 4])
    assert len(rolls_of(ev)) == 2 and len(of_type(ev, "damage")) == 1
    assert b.fighter("ann").counters["rounds"]["pistol"] == 8


def test_s3_auto_3_no_more_shots_than_the_rate():
    """S3-AUTO-3: three shots from a pistol firing two a turn are refused; a single shot is one shot."""
    b = duel("pistol", 3)
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob", "mode": "semi", "shots": 3}).rule == "S3-AUTO-3"
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob", "mode": "full_auto"}).rule == "S3-AUTO-3"


def test_g3_12_magazine_runs_dry_and_reload_is_a_ready_action():
    """G3-12: a magazine holds ``rounds``; two shots with one left are refused; reloading (G3-4's Ready action)
    fills it again."""
    b = duel("pistol", 3)
    b.fighter("ann").counters["rounds"] = {"pistol": 1}
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob", "mode": "semi", "shots": 2}).rule == "G3-12"
    assert "reload" in legal_types(b, "ann")
    play(b, {"type": "reload", "actor": "ann"})
    assert ranged.rounds_left(b.fighter("ann"), "pistol") == 10
    assert why(b, {"type": "reload", "actor": "ann"}).rule == "G3-4"


def test_s3_auto_24_break_result_jams_and_g3_11_clear_jam():
    """S3-AUTO-24: an 18 on a shot jams the gun (it stays in hand); G3-11: clearing it is a Ready action, 3d6 vs
    IQ, and needs the skill."""
    b = duel("pistol", 3)
    play(b, {"type": "attack", "actor": "ann", "target": "bob"}, [6, 6, 6])
    ann = b.fighter("ann")
    assert ann.counters["jammed"] == ["pistol"] and ann.hands["right"] == "pistol"
    assert why(b, {"type": "clear_jam", "actor": "ann"}).rule == "G3-11"
    ann.skills["clear_jam"] = 1
    ev = play(b, {"type": "clear_jam", "actor": "ann"}, [6, 5, 4])
    assert not rolls_of(ev)[0]["success"] and ann.counters["jammed"] == ["pistol"]
    ev = play(b, {"type": "clear_jam", "actor": "ann"}, [4, 4, 3])
    assert rolls_of(ev)[0]["target"] == 11 and not ann.counters.get("jammed")


def test_s3_auto_4_st_shortfall_and_s3_auto_5_resting():
    """S3-AUTO-4: -1 DX per point of ST below the gun's; S3-AUTO-5: resting it (kneeling, ruling ND6-19) takes 2
    off the shortfall."""
    b = duel("assault_rifle", 3, shooter={"stats": {"ST": 7, "DX": 12, "IQ": 10}})
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob"}, [6, 6, 5])
    assert mods(rolls_of(ev)[0])["S3-AUTO-4"] == -3
    b = duel("assault_rifle", 3, shooter={"stats": {"ST": 7, "DX": 12, "IQ": 10}, "posture": "kneeling"})
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob"}, [6, 6, 5])
    m = mods(rolls_of(ev)[0])
    assert m["S3-AUTO-4"] == -3 and m["S3-AUTO-5"] == 2


def test_g3_4_dodging_a_shot_rolls_4d6():
    """G3-4: a target dodging a missile makes the shooter roll 4d6."""
    b = duel("pistol", 3)
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob", "defense": "dodge"}, [6, 6, 5, 4])
    assert len(rolls_of(ev)[0]["dice"]) == 4 and not rolls_of(ev)[0]["success"]


def test_s3_hth_20_shot_into_a_brawl_strikes_a_random_member():
    """S3-HTH-20: a shot that hits a brawl strikes one of its figures, picked with 1dN."""
    bob = F("bob", (4, 0), side="blue", facing=3, conditions=["in_hth"])
    carl = F("carl", (4, 0), side="red", conditions=["in_hth"])
    b = battle_of([F("ann", (0, 0), hold="pistol"), bob, carl])
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob"}, [2, 2, 2, 2, 3, 3])
    pick = [e for e in rolls_of(ev) if e["rule"] == "S3-HTH-20"]
    assert pick and pick[0]["target_id"] == "carl"
    assert of_type(ev, "damage")[0]["target"] == "carl"


def test_s3_bayonet_4_fire_and_stab_the_same_foe():
    """S3-BAYONET-4: after a shot at an adjacent foe the bayonet may still thrust at it, though the round's action
    is spent; at another foe it may not."""
    bob = F("bob", (1, 0), side="blue", facing=3)
    dan = F("dan", (0, 1), side="blue", facing=3)
    b = battle_of([F("ann", (0, 0), hold="rifle_bayonet"), bob, dan])
    b.state["initiative"] = {"phase": "action"}
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob", "mode": "single"}, [6, 6, 4])
    assert rolls_of(ev)[0]["rule"] in ("G3-1", "S3-AUTO-10") and not of_type(ev, "damage")
    assert b.fighter("ann").counters["shot"]["target"] == "bob"
    assert why(b, {"type": "attack", "actor": "ann", "target": "dan"}).rule in ("G3-3", "S3-BAYONET-4")
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob"}, [2, 2, 2, 3])
    assert of_type(ev, "damage") and "bayonet" in of_type(ev, "damage")[0]["damage_roll"]["from"]
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob"}).rule == "G3-3"


def test_s3_smoke_5_g3_12_menu_odds_of_a_shot_count_smoke_and_range():
    """G3-12, S3-SMOKE-5: the menu's odds of a shot read the same plan as the roll (range and smoke included)."""
    from game.rules.nd6 import rolls
    from tests.nd6_helpers import RS, action

    smoke = [{"kind": "smoke", "hex": [2, 0], "turns_left": 3}]
    b = duel("pistol", 9, effects=smoke)
    odds = RS.odds(b, action({"type": "attack", "actor": "ann", "target": "bob"}))
    assert abs(odds["hit"] - rolls.attack_odds(3, 12 - 1 - 1)["hit"]) < 1e-12


def test_g3_10_roll_to_miss_says_what_came_of_it():
    """G3-10: the roll to miss (``table`` "miss", no rows) says whom it was for and what came of it (``effect``)."""
    carl = F("carl", (3, 0), side="red")
    b = duel("pistol", 6, extra=[carl])
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob"}, [2, 3, 4, 6, 6, 4])
    miss = rolls_of(ev)[0]
    assert miss["table"] == "miss" and "carl" in miss["effect"] and miss["label"].startswith("roll to miss")


def test_s3_bayonet_4_fire_and_stab_as_one_action():
    """S3-BAYONET-4: ``fire_and_stab`` shoots the adjacent foe, then thrusts the bayonet at it, as the round's one
    action (the turn controller's phases allow it whole); the shot does the rifle's 3d6, the thrust knife damage."""
    bob = F("bob", (1, 0), side="blue", facing=3, st=20)
    b = battle_of([F("ann", (0, 0), hold="rifle_bayonet"), bob])
    b.state["initiative"] = {"phase": "action"}
    ev = play(b, {"type": "fire_and_stab", "actor": "ann", "target": "bob"}, [3, 3, 4, 1, 1, 1, 3, 3, 4, 2])
    shot, thrust = of_type(ev, "damage")
    assert shot["amount"] == 3 and "a shot" in shot["damage_roll"]["from"]
    assert "bayonet" in thrust["damage_roll"]["from"]
    assert b.fighter("ann").counters["rounds"]["rifle_bayonet"] == 9
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob"}).rule == "G3-3"
    far = battle_of([F("ann", (0, 0), hold="rifle_bayonet"), F("bob", (3, 0), side="blue", facing=3)])
    assert why(far, {"type": "fire_and_stab", "actor": "ann", "target": "bob"}).rule == "S3-BAYONET-4"


def test_s3_bayonet_4_fire_and_stab_odds_are_the_shots():
    """S3-BAYONET-4: the menu's odds of fire-and-stab are its shot's (point blank, no range penalty)."""
    from game.rules.nd6 import rolls
    from tests.nd6_helpers import RS, action

    b = battle_of([F("ann", (0, 0), hold="rifle_bayonet"), F("bob", (1, 0), side="blue", facing=3)])
    odds = RS.odds(b, action({"type": "fire_and_stab", "actor": "ann", "target": "bob"}))
    assert abs(odds["hit"] - rolls.attack_odds(3, 12)["hit"]) < 1e-12


def test_s3_auto_3_zero_shots_is_refused():
    """S3-AUTO-3: ``shots`` counts the shots fired; 0 is no shot at all and is refused, not read as one."""
    b = duel("pistol", 3)
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob", "mode": "semi", "shots": 0}).rule == "S3-AUTO-3"


def test_gx_5_s3_auto_5_line_of_fire_on_the_compound_map():
    """GX-5 on a Tiled map: the compound's walls (``blocks_sight``) stop a shot; S3-AUTO-5 (ruling ND6-19): a
    crate right in front of the firer (stops walking, not sight) rests the gun."""
    from pathlib import Path

    tmx = str(Path(__file__).resolve().parent.parent / "maps" / "compound.tmx")
    ann = F("ann", (0, 7), hold="assault_rifle", stats={"ST": 8, "DX": 12, "IQ": 10})
    b = battle_of([ann, F("bob", (10, 7), side="blue", facing=3), F("cy", (4, 7), side="blue", facing=3)], map=tmx)
    assert ranged.line_of_fire(b, b.fighter("ann"), Hex(10, 7)).blocked
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob"}).rule == "GX-5"
    assert not ranged.line_of_fire(b, b.fighter("ann"), Hex(4, 7)).blocked
    rested = battle_of([F("ann", (8, 4), hold="assault_rifle", stats={"ST": 8, "DX": 12, "IQ": 10}),
                        F("bob", (20, 4), side="blue", facing=3)], map=tmx)
    lof = ranged.line_of_fire(rested, rested.fighter("ann"), Hex(20, 4))
    assert not lof.blocked and ranged.rested(rested, rested.fighter("ann"), lof)
    ev = play(rested, {"type": "attack", "actor": "ann", "target": "bob"}, [6, 6, 5])
    assert mods(rolls_of(ev)[0])["S3-AUTO-5"] == 2
