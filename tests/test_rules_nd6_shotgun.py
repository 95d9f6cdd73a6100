"""nd6-tactical shotguns (game/rules/nd6/shotgun.py) with scripted dice: S3-SHOTGUN-1..14 read with G3-27.

Each shot is planned as the firing rules plan it (``combat.plan_attack``, then ``shotgun.adjust``) and played by
``combat.resolve_attack`` on scripted faces; the action path (``attack`` with ``ammo``) is tested where the firing
rules route it.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.dice import ScriptedDice
from game.rules.events import Resolution
from game.rules.nd6 import damage as D
from game.rules.nd6 import shotgun as S
from game.rules.nd6.combat import plan_attack, resolve_attack
from game.rules.nd6.items import ITEMS, SHOT_RANGE, item
from tests.nd6_helpers import RS, battle_of, of_type


def F(fid: str, hexq: tuple[int, int], *, side: str = "red", facing: int = 0, st: int = 13, dx: int = 12,
      hold: str | None = None, one_hand: bool = False, **kw: Any) -> dict[str, Any]:
    """One fighter in SITUATION-FORMAT shape; ``hold`` fills both hands for a two-handed gun unless ``one_hand``."""
    f: dict[str, Any] = {"id": fid, "side": side, "hex": list(hexq), "facing": facing,
                         "stats": {"ST": st, "DX": dx, "IQ": 10}}
    if hold is not None:
        two = int(item(hold).get("hands", 1)) == 2 and not one_hand
        f["hands"] = {"right": hold, "left": hold if two else None}
    f.update(kw)
    return f


def range_battle(gun: str, dist: int, *, st: int = 13, worn: list[str] | None = None, one_hand: bool = False):
    """ann at (0, 0) with ``gun``; bob ``dist`` hexes east, facing her (front arc: no side or rear bonus)."""
    bob = F("bob", (dist, 0), side="blue", facing=3)
    if worn:
        bob["worn"] = list(worn)
    return battle_of([F("ann", (0, 0), st=st, hold=gun, one_hand=one_hand), bob])


def planned(b, gun: str, ammo: str | None):
    a, t = b.fighter("ann"), b.fighter("bob")
    plan = plan_attack(b, a, t, gun)
    why = S.adjust(b, plan, a, t, ammo)
    return plan, why


def shoot(b, gun: str, ammo: str | None, faces: list[int]) -> list[dict[str, Any]]:
    plan, why = planned(b, gun, ammo)
    assert why is None, why
    dice = ScriptedDice(list(faces))
    r = Resolution(b, dice)
    resolve_attack(r, plan)
    assert dice.position == len(faces), f"faces left over: {faces[dice.position:]}"
    return r.events


def mods(plan) -> dict[str, int]:
    return {m.rule: m.value for m in plan.spec.modifiers}


# -- S3-SHOTGUN-1, -13: the shells and which guns take them ----------------------------------------------------------

def test_s3_shotgun_1_three_shells_only_in_shotguns():
    """S3-SHOTGUN-1: birdshot, buckshot and slugs; anything else is refused, and only a shotgun takes shells."""
    assert S.AMMO == ("birdshot", "buckshot", "slug")
    assert S.ammo_reason("combat_shotgun", "rubber") is not None
    assert S.ammo_reason("combat_shotgun", "rubber").kind == "bad_intent"
    why = S.ammo_reason("assault_rifle", "buckshot")
    assert why is not None and why.rule == "S3-SHOTGUN-1"
    assert S.ammo_reason("hunting_shotgun", "buckshot") is None


@pytest.mark.parametrize("gun", S.SHOTGUNS)
def test_s3_shotgun_13_slugs_in_any_shotgun(gun):
    """S3-SHOTGUN-13: slugs may be loaded in each of the three shotguns; a slug shot does 5d6 from any of them."""
    plan, why = planned(range_battle(gun, 3), gun, "slug")
    assert why is None and str(plan.damage) == "5d6" and plan.extra["ammo"] == "slug"


@pytest.mark.parametrize("gun,load", [("hunting_shotgun", "birdshot"), ("combat_shotgun", "buckshot"),
                                      ("sawed_off_shotgun", "buckshot")])
def test_s3_shotgun_10_11_12_default_load(gun, load):
    """S3-SHOTGUN-10..12: left out, ``ammo`` is the load the seed shows each gun with."""
    assert S.shell(gun, None) == load
    plan, _ = planned(range_battle(gun, 3), gun, None)
    assert plan.extra["ammo"] == load


# -- S3-SHOTGUN-5: damage by shell --------------------------------------------------------------------------------------

def test_s3_shotgun_5_damage_by_shell_rolled():
    """S3-SHOTGUN-5: birdshot 2d6, buckshot 4d6, slug 5d6 whatever the gun: the rolled faces are that many dice."""
    assert [str(S.shot_damage(a)) for a in S.AMMO] == ["2d6", "4d6", "5d6"]
    for ammo, faces, hits in (("birdshot", [3, 4], 7), ("buckshot", [1, 2, 3, 4], 10), ("slug", [2, 2, 2, 2, 2], 10)):
        b = range_battle("combat_shotgun", 3)
        ev = shoot(b, "combat_shotgun", ammo, [3, 3, 3, *faces])  # a 9 to hit, then the damage dice
        dmg = of_type(ev, "damage")[0]
        assert dmg["amount"] == hits and dmg["damage_roll"]["faces"] == faces and dmg["injury"] == hits
        assert b.fighter("bob").hp == 13 - hits


# -- S3-SHOTGUN-2/3: spread ------------------------------------------------------------------------------------------------

def test_s3_shotgun_2_spread_plus_one_then_two():
    """S3-SHOTGUN-2: buckshot from the combat shotgun (effective range 30 hexes): +1 DX at 14 hexes (under half),
    +2 at 15 (half) and still +2 at 40 (beyond it)."""
    assert S.effective_range("combat_shotgun", "buckshot") == 30
    for dist, bonus in ((1, 1), (14, 1), (15, 2), (29, 2), (40, 2)):
        plan, _ = planned(range_battle("combat_shotgun", dist), "combat_shotgun", "buckshot")
        assert mods(plan)["S3-SHOTGUN-2"] == bonus, dist


def test_s3_shotgun_2_spread_decides_a_roll():
    """S3-SHOTGUN-2: ann (DX 12) rolls 13 with birdshot at 2 hexes: the +1 spread makes it a hit (target 13)."""
    b = range_battle("hunting_shotgun", 2, st=12)
    ev = shoot(b, "hunting_shotgun", "birdshot", [6, 4, 3, 1, 1])
    roll = of_type(ev, "roll")[0]
    assert roll["target"] == 13 and roll["success"] is True
    assert {m["rule"]: m["value"] for m in roll["modifiers"]}["S3-SHOTGUN-2"] == 1
    assert of_type(ev, "damage")[0]["amount"] == 2


def test_s3_shotgun_3_slugs_no_spread():
    """S3-SHOTGUN-3: a slug acts as one bullet: no spread bonus at any range, so the same 13 misses."""
    for dist in (2, 20, 50):
        plan, _ = planned(range_battle("combat_shotgun", dist, st=14), "combat_shotgun", "slug")
        assert "S3-SHOTGUN-2" not in mods(plan)
    b = range_battle("combat_shotgun", 2, st=14)
    ev = shoot(b, "combat_shotgun", "slug", [6, 4, 3])
    assert of_type(ev, "roll")[0]["success"] is False and not of_type(ev, "damage")


# -- S3-SHOTGUN-4/6: recoil and ST by shell ---------------------------------------------------------------------------------

def test_s3_shotgun_6_st_by_shell():
    """S3-SHOTGUN-6 (G3-27): ST to fire = the gun's listed ST -2 with birdshot, +1 with slugs: the combat shotgun
    (ST 13) needs 11 / 13 / 14; an ST 12 firer takes -1 DX with buckshot, -2 with slugs, nothing with birdshot."""
    b = range_battle("combat_shotgun", 3, st=12)
    a = b.fighter("ann")
    assert [S.st_needed(a, "combat_shotgun", x) for x in S.AMMO] == [11, 13, 14]
    got = {x: mods(planned(b, "combat_shotgun", x)[0]).get("S3-SHOTGUN-6", 0) for x in S.AMMO}
    assert got == {"birdshot": 0, "buckshot": -1, "slug": -2}
    # the core's shortfall from the listed ST is replaced, not added to
    assert all("S3-AUTO-4" not in mods(planned(b, "combat_shotgun", x)[0]) for x in S.AMMO)


def test_s3_shotgun_6_shortfall_decides_a_roll():
    """S3-SHOTGUN-6: ST 12 with slugs from the combat shotgun is -2: a 11 misses (target 10), the same 11 with
    birdshot (ST 11 needed, +1 spread) hits."""
    b = range_battle("combat_shotgun", 3, st=12)
    ev = shoot(b, "combat_shotgun", "slug", [5, 4, 2])
    roll = of_type(ev, "roll")[0]
    assert roll["target"] == 10 and roll["success"] is False
    b = range_battle("combat_shotgun", 3, st=12)
    ev = shoot(b, "combat_shotgun", "birdshot", [5, 4, 2, 1, 1])
    assert of_type(ev, "roll")[0]["target"] == 13 and of_type(ev, "roll")[0]["success"] is True


def test_s3_shotgun_4_recoil_is_the_st_difference():
    """S3-SHOTGUN-4: birdshot kicks least, slugs most: at ST 11 the same gun costs 0 (birdshot), -2 (buckshot),
    -3 (slug) DX: the recoil is the shell's ST (G3-13's reading of recoil as ST shortfall)."""
    b = range_battle("combat_shotgun", 3, st=11)
    got = [mods(planned(b, "combat_shotgun", x)[0]).get("S3-SHOTGUN-6", 0) for x in S.AMMO]
    assert got == [0, -2, -3] and got == sorted(got, reverse=True)


def test_s3_shotgun_11_12_one_handed_st():
    """S3-SHOTGUN-11/12: with one hand on it the combat shotgun needs ST 23, the sawed-off 22; S3-SHOTGUN-10: the
    hunting shotgun has no one-handed ST ("xx") and cannot be fired so."""
    b = range_battle("sawed_off_shotgun", 3, st=20, one_hand=True)
    a = b.fighter("ann")
    assert S.one_handed(a, "sawed_off_shotgun") and S.st_needed(a, "sawed_off_shotgun", "buckshot") == 22
    assert mods(planned(b, "sawed_off_shotgun", "buckshot")[0])["S3-SHOTGUN-6"] == -2
    b = range_battle("combat_shotgun", 3, st=23, one_hand=True)
    assert "S3-SHOTGUN-6" not in mods(planned(b, "combat_shotgun", "buckshot")[0])
    assert S.st_needed(b.fighter("ann"), "combat_shotgun", "slug") == 24
    b = range_battle("hunting_shotgun", 3, st=18, one_hand=True)
    plan, why = planned(b, "hunting_shotgun", "birdshot")
    assert why is not None and why.rule == "S3-SHOTGUN-10"


# -- S3-SHOTGUN-7/8: effective range and half damage ---------------------------------------------------------------------

def test_s3_shotgun_7_effective_range_by_shell_and_choke():
    """S3-SHOTGUN-7 (G3-27): the listed range is buckshot/narrow; birdshot/wide 40 %, slug 200 %; the two open
    cases (birdshot/narrow, buckshot/wide) 70 %."""
    listed = item("combat_shotgun")["range"]
    assert S.effective_range("combat_shotgun", "buckshot") == listed  # narrow choke
    assert S.effective_range("combat_shotgun", "slug") == 2 * listed
    assert S.effective_range("combat_shotgun", "birdshot") == listed * 70 // 100  # birdshot, narrow
    assert S.effective_range("hunting_shotgun", "birdshot") == item("hunting_shotgun")["range"] * 40 // 100
    assert S.effective_range("sawed_off_shotgun", "buckshot") == item("sawed_off_shotgun")["range"] * 70 // 100
    assert SHOT_RANGE[("birdshot", "wide")] == 40 and SHOT_RANGE[("slug", "narrow")] == 200


def test_s3_shotgun_8_half_damage_past_effective_range():
    """S3-SHOTGUN-8: the hunting shotgun's birdshot reaches 12 hexes; at 13 a hit of 3+4 = 7 does 3 (rounded
    down); at 12 the full 7. The damage event says why."""
    assert S.effective_range("hunting_shotgun", "birdshot") == 12
    b = range_battle("hunting_shotgun", 13, st=12)
    ev = shoot(b, "hunting_shotgun", "birdshot", [2, 2, 2, 3, 4])
    dmg = of_type(ev, "damage")[0]
    assert dmg["amount"] == 3 and dmg["injury"] == 3
    assert any("S3-SHOTGUN-8" in m for m in dmg["damage_roll"]["multipliers"])
    b = range_battle("hunting_shotgun", 12, st=12)
    ev = shoot(b, "hunting_shotgun", "birdshot", [2, 2, 2, 3, 4])
    assert of_type(ev, "damage")[0]["amount"] == 7


def test_s3_shotgun_8_half_after_a_double():
    """S3-SHOTGUN-8 with G3-1: a 4 to hit doubles the hits, then the range halves them: 2 x 7 / 2 = 7."""
    b = range_battle("hunting_shotgun", 13, st=12)
    ev = shoot(b, "hunting_shotgun", "birdshot", [1, 1, 2, 3, 4])
    assert of_type(ev, "damage")[0]["amount"] == 7


# -- S3-SHOTGUN-9: Full Body Armor twice against shot ------------------------------------------------------------------------

def test_s3_shotgun_9_full_body_armor_twice_vs_shot():
    """S3-SHOTGUN-9: Full Body Armor (stops 6) stops 12 of a buckshot hit of 14, so 2 get through; against a slug
    of 14 it stops its usual 6 (8 through)."""
    b = range_battle("combat_shotgun", 3, st=14, worn=["full_body_armor"])
    ev = shoot(b, "combat_shotgun", "buckshot", [3, 3, 3, 2, 4, 4, 4])
    dmg = of_type(ev, "damage")[0]
    assert (dmg["amount"], dmg["dr"], dmg["injury"]) == (14, 12, 2)
    b = range_battle("combat_shotgun", 3, st=14, worn=["full_body_armor"])
    ev = shoot(b, "combat_shotgun", "slug", [3, 3, 3, 2, 3, 3, 3, 3])
    dmg = of_type(ev, "damage")[0]
    assert (dmg["amount"], dmg["dr"], dmg["injury"]) == (14, 6, 8)


@pytest.mark.parametrize("worn,stops", [("armored_vest", 3), ("jacket", 4)])
def test_s3_shotgun_9_vests_and_jackets_no_advantage(worn, stops):
    """S3-SHOTGUN-9: vests and jackets stop only their usual hits against buckshot."""
    b = range_battle("combat_shotgun", 3, st=14, worn=[worn])
    ev = shoot(b, "combat_shotgun", "buckshot", [3, 3, 3, 2, 4, 4, 4])
    dmg = of_type(ev, "damage")[0]
    assert dmg["dr"] == stops and dmg["injury"] == 14 - stops


# -- S3-SHOTGUN-10..12: the three guns' table ----------------------------------------------------------------------------------

def test_s3_shotgun_10_hunting_shotgun_data():
    """S3-SHOTGUN-10: pump action, birdshot, 2d6, wide choke, 5 rounds, 2 shots a turn, ST 10 two-handed, no
    one-handed ST."""
    d = ITEMS["hunting_shotgun"]
    assert (d["damage"], d["choke"], d["ammo"], d["rounds"], d["rof"], d["st"], d["hands"]) == \
        ("2d6", "wide", "birdshot", 5, 2, 10, 2)
    assert "st_one_handed" not in d


def test_s3_shotgun_11_combat_shotgun_data():
    """S3-SHOTGUN-11: semi-automatic, buckshot, 4d6, narrow, 8 rounds, 3 shots a turn, ST 23 / 13."""
    d = ITEMS["combat_shotgun"]
    assert (d["damage"], d["choke"], d["ammo"], d["rounds"], d["rof"], d["st_one_handed"], d["st"]) == \
        ("4d6", "narrow", "buckshot", 8, 3, 23, 13)


def test_s3_shotgun_12_sawed_off_data():
    """S3-SHOTGUN-12: double barrel, buckshot, 4d6, wide, 2 rounds, 2 shots a turn, ST 22 / 12."""
    d = ITEMS["sawed_off_shotgun"]
    assert (d["damage"], d["choke"], d["ammo"], d["rounds"], d["rof"], d["st_one_handed"], d["st"]) == \
        ("4d6", "wide", "buckshot", 2, 2, 22, 12)


def test_s3_shotgun_14_draft_not_played():
    """S3-SHOTGUN-14 (and S3-SHOTGUN-1's proposed rounds) are drafts: no other shells and no reworked guns exist;
    the module's docstring says so."""
    assert set(S.AMMO) == {"birdshot", "buckshot", "slug"}
    assert "S3-SHOTGUN-14" in (S.__doc__ or "") and "draft" in (S.__doc__ or "")
    assert [i for i, d in ITEMS.items() if "shotgun" in d.get("tags", ())] == list(S.SHOTGUNS)


def test_other_weapons_untouched():
    """A rifle's plan is left as it is by shotgun.adjust (no ammo, no spread)."""
    b = range_battle("assault_rifle", 3)
    plan, why = planned(b, "assault_rifle", None)
    assert why is None and "ammo" not in plan.extra and str(plan.damage) == str(D.parse("3d6"))


# -- the menu: the slug option and the odds of a shell ------------------------------------------------------------------

def test_s3_shotgun_13_menu_offers_slugs_with_their_odds():
    """S3-SHOTGUN-13 in the menu: a combat shotgun offers its buckshot (the plain attack) and a slug at each foe;
    the odds are the shell's: buckshot +1 spread (target 13 at 3 hexes), a slug none and -1 for ST 13 < 14
    (target 11)."""
    from game.rules.nd6.rolls import attack_odds

    b = range_battle("combat_shotgun", 3, st=13)
    opts = [o.action for o in RS.legal_actions(b, "ann") if o.legal and o.action.type == "attack"]
    assert any(getattr(a, "ammo", None) == "slug" and a.target == "bob" for a in opts)
    plain = next(a for a in opts if a.target == "bob" and getattr(a, "ammo", None) is None and a.item == "")
    slug = next(a for a in opts if getattr(a, "ammo", None) == "slug")
    assert RS.odds(b, plain)["hit"] == attack_odds(3, 13)["hit"]
    assert RS.odds(b, slug)["hit"] == attack_odds(3, 11)["hit"]
    assert RS.headline(RS.odds(b, slug)) == "hit"


def test_s3_shotgun_1_10_through_the_attack_action():
    """S3-SHOTGUN-1 and -10 through ``attack``: shells in a pistol are refused, as is a one-handed hunting shotgun;
    a slug from the combat shotgun is checked and played (5 dice of damage)."""
    from tests.nd6_helpers import play, why

    b = range_battle("pistol", 3)
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob", "ammo": "slug"}).rule == "S3-SHOTGUN-1"
    b = range_battle("hunting_shotgun", 3, st=18, one_hand=True)
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob"}).rule == "S3-SHOTGUN-10"
    b = range_battle("combat_shotgun", 3, st=14)
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob", "ammo": "slug"}, [3, 3, 3, 1, 1, 1, 1, 1])
    assert of_type(ev, "damage")[0]["damage_roll"]["expr"] == "5d6"


def test_s3_shotgun_2_spread_counts_against_a_bystander():
    """S3-SHOTGUN-2 with G3-10 (ruling ND6-18): avoiding a friend in the line of fire, the spread's +1 counts as -1,
    as S3-AUTO-12 turns the auto-fire bonus round: DX 12 - 1 = 11, so a 12 fails and the friend takes the buckshot."""
    from tests.nd6_helpers import play

    b = battle_of([F("ann", (0, 0), st=14, hold="combat_shotgun"), F("cid", (2, 0), facing=3, st=20),
                   F("bob", (4, 0), side="blue", facing=3)])
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob"}, [4, 4, 4, 1, 1, 1, 1])
    miss = next(e for e in of_type(ev, "roll") if e.get("table") == "miss")
    assert {m["rule"]: m["value"] for m in miss["modifiers"]}["S3-SHOTGUN-2"] == -1 and miss["target"] == 11
    dmg = of_type(ev, "damage")[0]
    assert dmg["target"] == "cid" and dmg["amount"] == 4
