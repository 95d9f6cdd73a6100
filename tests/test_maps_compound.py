"""The nd6 part-2 map, maps/compound.tmx ("Depot 9"), and its scenario maps/compound_nd6.toml (issue 17, Play).

The computer's ladder plays every battle from both sides, so the map must give neither side better
ground (a half turn about the yard's centre maps it onto itself), every fighter must be able to walk to
every other one, and the two crews must carry the same kit from mirror-image hexes.
"""

from __future__ import annotations

import sys
from collections import deque
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.files.maps import load_map
from game.files.scenarios import load_scenario
from game.hexgrid import Hex, hex_neighbors, offset_to_axial
from game.model.board import Board
from game.rules.nd6 import shotgun
from game.rules.nd6.items import item

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"
TERRAIN = ("terrain", "move_cost", "blocks_movement", "blocks_sight", "cover", "elevation")


@pytest.fixture(scope="module")
def board() -> Board:
    return load_map(MAPS / "compound.tmx")


@pytest.fixture(scope="module")
def battle():  # type: ignore[no-untyped-def]
    return load_scenario(MAPS / "compound_nd6.toml")


def half_turn(board: Board) -> tuple[int, int]:
    """The axial constants (Q, R) of the half turn h -> (Q - q, R - r) that takes the map's first
    offset cell to its last: with an even number of rows that is an exact symmetry of the grid."""
    first = offset_to_axial(0, 0, "y", "odd")
    last = offset_to_axial(board.columns - 1, board.rows - 1, "y", "odd")
    return first.q + last.q, first.r + last.r


def mirror(h: Hex, qr: tuple[int, int]) -> Hex:
    return Hex(qr[0] - h.q, qr[1] - h.r)


def reach(board: Board, start: Hex, passable) -> set[Hex]:  # type: ignore[no-untyped-def]
    """Every hex a walker gets to from ``start`` over hexes ``passable`` lets through."""
    seen, todo = {start}, deque([start])
    while todo:
        for n in hex_neighbors(todo.popleft()):
            if n not in seen and n in board and passable(n):
                seen.add(n)
                todo.append(n)
    return seen


# --- the map ------------------------------------------------------------------------------------------

def test_compound_loads_as_a_30_by_22_nd6_map_with_the_promised_terrain(board: Board) -> None:
    """About 30x22, nd6's by default, with walls, doors, crates, fuel drums, open ground (dirt and
    concrete, move cost 1), rough ground (rubble, move cost 2) and see-through fences."""
    assert (board.columns, board.rows) == (30, 22)
    assert len(board.cells) == 30 * 22
    assert board.default_ruleset == "nd6-tactical"
    by_terrain = {}
    for c in board.cells:
        by_terrain.setdefault(c.terrain, set()).add((c.move_cost, c.blocks_movement, c.blocks_sight))
    assert {"wall", "door", "crate", "fuel_drum", "dirt", "concrete", "rubble", "fence", "boxes"} <= set(by_terrain)
    assert by_terrain["wall"] == by_terrain["crate"] == by_terrain["fuel_drum"] == {(1, True, True)}
    assert by_terrain["dirt"] == by_terrain["concrete"] == by_terrain["door"] == {(1, False, False)}
    assert by_terrain["rubble"] == {(2, False, False)}
    assert by_terrain["fence"] == {(1, True, False)}  # stops feet, not bullets
    # the yard is mostly open ground: a gunfight, not a maze
    open_ground = sum(c.terrain in ("dirt", "concrete") for c in board.cells)
    assert open_ground > len(board.cells) // 2


def test_compound_is_symmetric_under_a_half_turn(board: Board) -> None:
    """Every cell has a twin turned half-way round the yard's centre with the same terrain and
    properties; the start zones are each other's twins, so are the gates and the doors."""
    qr = half_turn(board)
    for c in board.cells:
        twin = board.cell(mirror(c.hex, qr))
        assert twin is not None, c.hex
        assert [getattr(twin, k) for k in TERRAIN] == [getattr(c, k) for k in TERRAIN], (c.hex, twin.hex)
    assert {mirror(h, qr) for h in board.zones["red"]} == set(board.zones["blue"])
    assert board.spots["east_gate"] == mirror(board.spots["west_gate"], qr)
    assert board.spots["south_door"] == mirror(board.spots["north_door"], qr)


def test_compound_every_spawn_zone_and_spot_is_reachable(board: Board) -> None:
    """From any hex of the red start zone a walker reaches every open hex of both zones and every
    spot: nothing is walled off (doors are open ground)."""
    start = next(h for h in board.zones["red"] if board.is_open(h))
    walkable = reach(board, start, board.is_open)
    for zone in ("red", "blue"):
        hexes = [h for h in board.zones[zone] if board.is_open(h)]
        assert len(hexes) >= 5 and set(hexes) <= walkable, zone
    for name, h in board.spots.items():
        assert h in walkable, name
    # and the open ground is one piece: no pocket of floor that nobody can get to
    assert walkable == {c.hex for c in board.cells if board.is_open(c.hex)}


def test_compound_warehouse_walls_hold_without_their_doors(board: Board) -> None:
    """The warehouse's bulkheads leave no gap a hex path slips through: with its doors shut, the
    floor inside cannot be reached from the yard (so its doors are the only ways in, and a wall's
    zig-zag on the hex grid has no leak)."""
    inside = board.spots["drum_store"]
    doors = {c.hex for c in board.cells if c.terrain == "door"}
    shut = reach(board, inside, lambda h: board.is_open(h) and h not in doors)
    assert board.spots["west_gate"] not in shut and board.spots["east_gate"] not in shut
    assert 30 <= len(shut) <= 64  # the warehouse floor only (8x8 less its crates and drums)


def test_compound_fuel_drums_carry_the_flammable_tile_property() -> None:
    """The fuel-drum tile says ``flammable = true`` in maps/scifi.tsx (a Tiled custom property; the
    board keeps the terrain name ``fuel_drum``); no other tile claims it."""
    root = ElementTree.parse(MAPS / "scifi.tsx").getroot()
    flammable = {t.get("type") for t in root.iter("tile")
                 for p in t.iter("property") if p.get("name") == "flammable" and p.get("value") == "true"}
    assert flammable == {"fuel_drum"}
    assert int(root.get("tilecount")) == len(root.findall("tile")) == 18


def test_compound_regenerates_byte_identical() -> None:
    """tools/make_maps.py writes exactly the committed maps/compound.tmx (the layout is code)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_maps
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert make_maps.compound().tmx() == (MAPS / "compound.tmx").read_text()


# --- the scenario -------------------------------------------------------------------------------------

def test_compound_scenario_two_named_sides_human_against_computer(battle) -> None:  # type: ignore[no-untyped-def]
    assert battle.ruleset == "nd6-tactical"
    assert sorted(s.control for s in battle.sides) == ["ai", "human"]
    assert all(s.name for s in battle.sides)
    assert 0 <= battle.options["wind"] <= 5 and battle.options["wind_strength"] == "slight"
    counts = {s.id: sum(f.side == s.id for f in battle.fighters) for s in battle.sides}
    assert set(counts.values()) == {5}


def test_compound_scenario_carries_the_part_two_arsenal(battle) -> None:  # type: ignore[no-untyped-def]
    """Rifles, a shotgun, lasers, pistols, a flame thrower, knives, frag and smoke grenades and
    molotovs on the belts, and every kind of body armour; every item is nd6's, of a kind that fits
    where it is carried, and every wielder has its ST."""
    held, worn, belt = set(), set(), set()
    for f in battle.fighters:
        in_hand = [h for h in f.hands.values() if h]
        for it in in_hand:
            assert item(it)["kind"] in ("melee", "missile", "thrown"), (f.id, it)
            assert f.stats["ST"] >= item(it).get("st", 0), (f.id, it)
            if item(it).get("hands") == 2:
                assert set(in_hand) == {it}, (f.id, in_hand)
            if shotgun.is_shotgun(it):  # S3-SHOTGUN-10..12: the ST as the gun is held (one hand on it: ST 23)
                assert f.stats["ST"] >= shotgun.st_needed(f, it, item(it)["ammo"]), (f.id, f.hands)
        for it in f.items:
            assert item(it)["kind"] in ("armour", "gear"), (f.id, it)
        for it in f.traits.get("belt", []):
            assert item(it)["kind"] in ("grenade", "melee", "missile"), (f.id, it)
        held |= set(in_hand)
        worn |= set(f.items)
        belt |= set(f.traits.get("belt", []))
    assert {"assault_rifle", "combat_shotgun", "laser_rifle", "pistol", "flamethrower"} <= held
    assert {"jacket", "armored_vest", "full_body_armor"} <= worn
    assert {"frag_grenade", "smoke_grenade", "molotov", "knife"} <= belt


def test_compound_scenario_crews_are_mirror_images(battle, board: Board) -> None:  # type: ignore[no-untyped-def]
    """Fighter i of one side and fighter i of the other have the same stats, skills, hands, armour
    and belt, stand on twin hexes (the map's half turn) and face opposite ways."""
    qr = half_turn(board)
    first, second = ([f for f in battle.fighters if f.side == s.id] for s in battle.sides)
    for a, b in zip(first, second, strict=True):
        assert (a.stats, a.skills, a.hands, a.items, a.traits) == (b.stats, b.skills, b.hands, b.items, b.traits)
        assert b.hex == mirror(a.hex, qr), (a.id, b.id)
        assert (a.facing + 3) % 6 == b.facing
        assert board.is_open(a.hex) and board.is_open(b.hex)
