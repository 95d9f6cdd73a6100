"""nd6-tactical item data (game/rules/nd6/items.py): every id the situation format names, damage values
that parse, the seed's and the format's fixed numbers (S3-IMPROV-*, S3-STAFF-1/2, S3-SHOTGUN-10..12, G3-6)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.rules.nd6 import items
from game.rules.nd6.items import ITEMS, has_tag, item

FORMAT = Path(__file__).resolve().parents[2] / "shared" / "docs" / "SITUATION-FORMAT.md"

#: the ids SITUATION-FORMAT.md's nd6-tactical section fixes (held and worn), copied so the test also runs
#: where ../shared is absent; test_format_list_matches checks the copy against the file when it is there
FORMAT_IDS = (
    "knife club club_2h rock bottle brass_knuckles torch staff pole_arm rifle_bayonet broadsword katana "
    "fire_axe plasma_sword mono_sword pistol assault_rifle hunting_shotgun combat_shotgun sawed_off_shotgun "
    "laser_rifle stun_gun frag_grenade molotov incendiary_grenade smoke_grenade tear_gas_grenade flamethrower "
    "fire_extinguisher armored_vest jacket full_body_armor gas_mask bipod tripod"
).split()
EXTRAS = ("broken_bottle", "chair", "stun_baton", "shield")

KINDS = {"melee", "thrown", "missile", "grenade", "armour", "gear"}
TAGS = {"improvised", "club", "knife", "rock", "fragile", "no_drop", "pole", "long", "bayonet", "cutting",
        "two_handed", "staff", "sword", "energy", "breaks_parry", "stun", "fire", "firearm", "shotgun",
        "shield", "defend", "hth_ok"}
KEYS = {"name", "kind", "damage_type", "hands", "st", "st_one_handed", "dx", "damage", "hth_damage", "melee_damage", "tags",
        "breaks_into", "range", "rof", "rounds", "battery", "ammo", "choke", "stops", "mov"}
ST_COLUMNS = {"st:base", "st:hth", "st:brass_hth", "st:club1", "st:club2"}
EXPRESSION = re.compile(r"^[1-9]\d*d6([+-][1-9]\d*)?$")


def _parses(value: str) -> bool:
    """A damage value is a column of the ST table or an Nd6±k expression; damage.parse, once it exists,
    must accept every expression too."""
    if value in ST_COLUMNS:
        return True
    try:
        from game.rules.nd6.damage import parse
    except ImportError:
        return bool(EXPRESSION.match(value))
    parse(value)
    return bool(EXPRESSION.match(value))


def test_format_list_matches():
    """The copied id list is the one in SITUATION-FORMAT.md's nd6-tactical section."""
    if not FORMAT.exists():
        pytest.skip("../shared/docs is not here")
    text = FORMAT.read_text(encoding="utf-8").split("## `nd6-tactical`", 1)[1]
    text = text.split("- Extra action fields", 1)[0]
    named = set(re.findall(r"`([a-z_0-9]+)`", text.split("Item ids", 1)[1]))
    assert set(FORMAT_IDS) <= named
    assert named - set(FORMAT_IDS) <= {"hands", "ready", "worn", "items", "attack", "item"}


def test_every_format_id_and_extra_present():
    for item_id in (*FORMAT_IDS, *EXTRAS):
        assert item_id in ITEMS, item_id
        assert ITEMS[item_id]["name"]


@pytest.mark.parametrize("item_id", sorted(ITEMS))
def test_item_shape(item_id):
    """Only the documented keys, kinds and tags; damage values parse; two_handed iff two hands."""
    it = ITEMS[item_id]
    assert set(it) <= KEYS, set(it) - KEYS
    assert it["kind"] in KINDS
    assert set(it.get("tags", ())) <= TAGS
    for key in ("damage", "hth_damage", "melee_damage"):
        if key in it:
            assert _parses(it[key]), (item_id, key, it[key])
    if it["kind"] in ("melee", "thrown", "missile", "grenade"):
        assert it["hands"] in (1, 2) and it["st"] >= 0
    assert ("two_handed" in it.get("tags", ())) == (it.get("hands") == 2)
    assert ("hth_damage" in it) == has_tag(item_id, "hth_ok")
    if "breaks_into" in it:
        assert it["breaks_into"] in ITEMS and has_tag(item_id, "fragile")
    if it["kind"] == "missile":
        assert it["range"] > 0 and it["rof"]


def test_only_knives_brass_knuckles_and_pistols_work_in_hth():
    """S3-HTH-8, S3-IMPROV-9, S3-UNARMED-5/6: knife base +4, brass knuckles base +2, a pistol fires."""
    in_hth = {i for i, it in ITEMS.items() if "hth_damage" in it}
    assert in_hth == {"knife", "broken_bottle", "brass_knuckles", "pistol"}
    assert item("knife")["hth_damage"] == "st:club2"
    assert item("broken_bottle")["hth_damage"] == "st:club2"
    assert item("brass_knuckles")["hth_damage"] == "st:brass_hth"
    assert item("pistol")["hth_damage"] == "2d6"


def test_s3_improv_improvised_classes():
    """S3-IMPROV-6/7/8/9/10, S3-UNARMED-7/8: club +3, two-handed club +4, rock and bottle thrown for base
    damage, brass knuckles a one-handed club that is never dropped, bottle and chair unbalanced and
    fragile; a knife outside HTH is ruling ND6-4 (base +2)."""
    assert item("club")["damage"] == "st:club1" and item("club")["hands"] == 1
    assert item("club_2h")["damage"] == "st:club2" and item("club_2h")["hands"] == 2
    assert item("rock")["kind"] == "thrown" and item("rock")["damage"] == "st:base"
    assert has_tag("bottle", "rock") and item("bottle")["range"] > 0
    bottle = item("bottle")
    assert (bottle["damage"], bottle["dx"], bottle["hands"]) == ("st:club1", -1, 1)
    assert has_tag("bottle", "fragile") and bottle["breaks_into"] == "broken_bottle"
    assert has_tag("broken_bottle", "knife") and has_tag("broken_bottle", "improvised")
    chair = item("chair")
    assert (chair["damage"], chair["hands"], chair["dx"]) == ("st:club2", 2, -1)
    assert has_tag("chair", "improvised") and has_tag("chair", "fragile")
    brass = item("brass_knuckles")
    assert (brass["damage"], brass["hands"]) == ("st:club1", 1)
    assert has_tag("brass_knuckles", "no_drop") and has_tag("brass_knuckles", "club")
    assert item("knife")["damage"] == "st:brass_hth"
    assert item("torch")["damage"] == "st:club1" and has_tag("torch", "fire")  # S3-FIRE-2


def test_s3_staff_1_2_staff():
    """S3-STAFF-1/2/3: ST 11, 1d6+2, may defend."""
    staff = item("staff")
    assert (staff["st"], staff["damage"]) == (11, "1d6+2")
    assert has_tag("staff", "staff") and has_tag("staff", "defend")


def test_s3_shotgun_10_11_12_shotguns():
    """S3-SHOTGUN-10..12 with G3-27: damage, magazine, shots a turn, ST, choke and load."""
    hunting, combat, sawed = item("hunting_shotgun"), item("combat_shotgun"), item("sawed_off_shotgun")
    assert (hunting["damage"], hunting["rounds"], hunting["rof"], hunting["st"]) == ("2d6", 5, 2, 10)
    assert (hunting["ammo"], hunting["choke"]) == ("birdshot", "wide")
    assert "st_one_handed" not in hunting
    assert (combat["damage"], combat["rounds"], combat["rof"], combat["st"]) == ("4d6", 8, 3, 13)
    assert (combat["ammo"], combat["choke"], combat["st_one_handed"]) == ("buckshot", "narrow", 23)
    assert (sawed["damage"], sawed["rounds"], sawed["rof"], sawed["st"]) == ("4d6", 2, 2, 12)
    assert (sawed["ammo"], sawed["choke"], sawed["st_one_handed"]) == ("buckshot", "wide", 22)
    for gun in ("hunting_shotgun", "combat_shotgun", "sawed_off_shotgun"):
        assert has_tag(gun, "shotgun") and has_tag(gun, "firearm")
        assert item(gun)["damage"] == items.SHOT_DAMAGE[item(gun)["ammo"]]  # S3-SHOTGUN-5
    assert items.SHOT_DAMAGE == {"birdshot": "2d6", "buckshot": "4d6", "slug": "5d6"}
    assert items.SHOT_ST == {"birdshot": -2, "buckshot": 0, "slug": 1}  # S3-SHOTGUN-6, G3-27
    assert items.SHOT_RANGE[("birdshot", "wide")] == 40 and items.SHOT_RANGE[("slug", "narrow")] == 200


def test_house_data_fixed_by_situation_format():
    """G3-12 and SITUATION-FORMAT's house numbers, S3-AUTO-3/11, S3-ENERGY-3, S3-SWORD, S3-POLE-3."""
    rifle = item("assault_rifle")
    assert (rifle["damage"], rifle["st"], rifle["rof"], rifle["rounds"]) == ("3d6", 10, "4/2/13", 25)
    assert (item("pistol")["damage"], item("pistol")["st"]) == ("2d6", 8)
    laser = item("laser_rifle")
    assert (laser["damage"], laser["battery"]) == ("6d6", 48) and has_tag("laser_rifle", "energy")
    stun = item("stun_gun")
    assert (stun["damage"], stun["kind"], stun["range"]) == ("1d6-2", "missile", item("pistol")["range"])
    assert has_tag("stun_gun", "stun") and has_tag("stun_baton", "stun")
    assert item("pole_arm")["damage"] == "2d6" and has_tag("pole_arm", "long") and has_tag("pole_arm", "pole")
    for sweeper, dmg in (("fire_axe", "2d6+1"), ("broadsword", "2d6"), ("katana", "2d6")):
        assert item(sweeper)["damage"] == dmg and item(sweeper)["hands"] == 2  # S3-SWEEP-1
        assert has_tag(sweeper, "cutting")
    assert item("plasma_sword")["damage"] == "3d6" and has_tag("plasma_sword", "energy")  # S3-SWORD-2
    assert item("mono_sword")["damage"] == "2d6+2" and not has_tag("mono_sword", "energy")  # S3-SWORD-3
    assert has_tag("plasma_sword", "breaks_parry") and has_tag("mono_sword", "breaks_parry")  # S3-SWORD-5/6
    assert has_tag("plasma_sword", "sword") and has_tag("mono_sword", "sword")  # S3-SWORD-1


def test_s3_bayonet_2_knife_damage():
    """S3-BAYONET-2: the bayonet thrusts for knife damage; the rifle fires as a rifle (house)."""
    rb = item("rifle_bayonet")
    assert rb["melee_damage"] == item("knife")["damage"]
    assert (rb["damage"], rb["st"], rb["rof"], rb["rounds"], rb["hands"]) == ("3d6", 10, 1, 10, 2)
    assert has_tag("rifle_bayonet", "bayonet") and has_tag("rifle_bayonet", "firearm")


def test_g3_6_armour():
    """G3-6 house armour, the shield (house), S3-SMOKE-9 gas mask."""
    assert {k: item("armored_vest")[k] for k in ("stops", "dx")} == {"stops": 3, "dx": 0}
    assert {k: item("jacket")[k] for k in ("stops", "dx")} == {"stops": 4, "dx": -1}
    assert {k: item("full_body_armor")[k] for k in ("stops", "dx", "mov")} == {"stops": 6, "dx": -2, "mov": 8}
    shield = item("shield")
    assert (shield["stops"], shield["dx"], shield["hands"]) == (1, 0, 1) and has_tag("shield", "shield")
    assert item("gas_mask")["dx"] == -1
    assert item("bipod")["kind"] == item("tripod")["kind"] == "gear"


def test_item_and_has_tag_readers():
    assert item(None) == {} and item("lightsaber") == {}
    assert not has_tag(None, "knife") and not has_tag("lightsaber", "knife")
    assert has_tag("knife", "knife") and not has_tag("club", "knife")


# -- the nd6 scenarios (maps/*_nd6.toml) use the items as their data says -----------------------------

MAPS = Path(__file__).resolve().parents[1] / "maps"
ND6_SCENARIOS = ("cantina_nd6.toml", "cargo_bay_nd6.toml")


@pytest.mark.parametrize("name", ND6_SCENARIOS)
def test_nd6_scenario_items_fit_their_holders(name):
    """Each nd6 scenario loads, four against four, a human side against the computer; every held, worn
    and belt item is an nd6 item of the right kind (belt: knife or pistol, S3-HTH-11; worn: armour or
    gear); a two-handed weapon leaves the other hand empty; every wielder has the item's ST
    (S3-STAFF-1 for the staff); and the sides are built alike (the same stat totals)."""
    from game.files.scenarios import load_scenario

    battle = load_scenario(MAPS / name)
    assert battle.ruleset == "nd6-tactical"
    assert sorted(s.control for s in battle.sides) == ["ai", "human"]
    totals: dict[str, dict[str, int]] = {}
    for f in battle.fighters:
        held = [h for h in f.hands.values() if h]
        for it in held:
            assert item(it)["kind"] in ("melee", "thrown", "missile", "armour"), (f.id, it)
            assert f.stats["ST"] >= item(it).get("st", 0), (f.id, it)
            if item(it).get("hands") == 2:
                assert len(held) == 1, (f.id, held)
        for it in f.items:
            assert item(it)["kind"] in ("armour", "gear"), (f.id, it)
        for it in f.traits.get("belt", []):
            assert has_tag(it, "knife") or it == "pistol", (f.id, it)
        side = totals.setdefault(f.side, {})
        for stat in ("ST", "DX", "IQ", "MA"):
            side[stat] = side.get(stat, 0) + int(f.stats.get(stat, 0))
        side["fighters"] = side.get("fighters", 0) + 1
    first, second = totals.values()
    assert first == second and first["fighters"] == 4
