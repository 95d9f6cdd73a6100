"""game.files.maps: Tiled hex maps -> Board, geometry as Tiled draws it, every refusal.

Fixtures in tests/fixtures/maps are made by make_fixtures.py there; their
oracle/ PNGs are tmxrasterizer (Tiled 1.8.2) renderings. Tests reading
../shared skip when it is missing.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from game.files.maps import (
    FLIP_D,
    FLIP_H,
    ROT_120,
    MapError,
    draw_order,
    hex_center,
    load_map,
    map_pixel_size,
    tile_center,
    tile_draw_position,
    tile_source_rect,
    tile_transform,
    tileset_for_gid,
)
from game.hexgrid import Hex, axial_to_offset, offset_to_axial
from game.model import Board

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT / "tests" / "fixtures" / "maps"
SHARED = Path(__file__).resolve().parents[1].parent / "shared"
EXAMPLES = SHARED / "tiled-examples"
STAGGERS = [("x", "odd"), ("x", "even"), ("y", "odd"), ("y", "even")]
ENCODINGS = ["csv", "base64", "zlib", "gzip"]

needs_shared = pytest.mark.skipif(not EXAMPLES.is_dir(), reason=f"{EXAMPLES} is missing (shared Tiled examples)")


def _zstd_available() -> bool:
    try:
        import zstandard  # noqa: F401
    except ImportError:
        return False
    return True


# --- every stagger x every encoding, from our own fixtures -------------------------


@pytest.mark.parametrize("axis,index", STAGGERS)
@pytest.mark.parametrize("enc", ENCODINGS)
def test_fixture_loads_in_every_stagger_and_encoding(axis: str, index: str, enc: str) -> None:
    board = load_map(FIX / f"hex_{axis}_{index}_{enc}.tmx")
    reference = load_map(FIX / f"hex_{axis}_{index}_csv.tmx")
    assert (board.top, board.stagger_axis, board.stagger_index) == ("flat" if axis == "x" else "pointy", axis, index)
    assert (board.columns, board.rows, board.hex_side) == (6, 5, 16)
    assert isinstance(board.hex_side, int)
    assert board.tile_size == ((32, 28) if axis == "x" else (28, 32))
    assert board.name == f"fixture {axis}/{index}/{enc}"
    assert board.default_ruleset == "3d6-lite" and board.scale == "1 yard"
    assert [lay.gids for lay in board.layers] == [lay.gids for lay in reference.layers]
    assert [lay.flags for lay in board.layers] == [lay.flags for lay in reference.layers]
    assert board.cells == reference.cells
    assert len(board.cells) == 30
    for cell in board.cells:  # every hex sits where its tile is
        col, row = axial_to_offset(cell.hex, axis, index)
        assert offset_to_axial(col, row, axis, index) == cell.hex
        assert 0 <= col < 6 and 0 <= row < 5


@pytest.mark.parametrize("axis,index", STAGGERS)
def test_zstd_decoded_or_refused_with_a_sentence(axis: str, index: str) -> None:
    path = FIX / f"hex_{axis}_{index}_zstd.tmx"
    if _zstd_available():
        assert load_map(path).cells == load_map(FIX / f"hex_{axis}_{index}_csv.tmx").cells
    else:
        with pytest.raises(MapError, match=r"hex_.*_zstd\.tmx: layer 'ground' is compressed with zstd, "
                                            r"which needs the 'zstandard' package"):
            load_map(path)


def test_terrain_properties_and_layer_merge() -> None:
    board = load_map(FIX / "hex_y_odd_csv.tmx")
    at = {axial_to_offset(c.hex, "y", "odd"): c for c in board.cells}
    assert at[(0, 0)].terrain == "grass" and at[(0, 0)].move_cost == 1
    wall = at[(2, 0)]
    assert (wall.terrain, wall.blocks_movement, wall.blocks_sight) == ("wall", True, True)
    assert at[(1, 1)].terrain == "open"  # tile 8 has no properties: open ground
    hill = at[(0, 1)]
    assert (hill.terrain, hill.elevation, hill.move_cost) == ("hill", 1, 2)
    # the "things" layer: a wall laid on (2,1) keeps blocking, the top terrain name wins
    assert at[(2, 1)].terrain == "wall" and at[(2, 1)].blocks_movement
    tree_in_water = at[(1, 3)]  # a tree over water: its name, the dearer cost, its sight block
    assert (tree_in_water.terrain, tree_in_water.move_cost, tree_in_water.blocks_sight) == ("tree", 3, True)
    table_on_hill = at[(4, 3)]  # a table on a hill keeps the hill's elevation
    assert (table_on_hill.terrain, table_on_hill.elevation, table_on_hill.cover) == ("table", 1, 1)


def test_flags_are_split_off_the_gids() -> None:
    board = load_map(FIX / "hex_y_odd_csv.tmx")
    things = board.layers[1]
    assert things.name == "things"
    assert (things.gids[1][2], things.flags[1][2]) == (3, FLIP_H)
    assert (things.gids[3][4], things.flags[3][4]) == (5, ROT_120)
    assert (things.gids[3][1], things.flags[3][1]) == (6, 0)


def test_tile_transform_semantics() -> None:
    assert tile_transform(0).rotation == 0
    assert tile_transform(FLIP_D).rotation == 60
    assert tile_transform(ROT_120).rotation == 120
    assert tile_transform(FLIP_D | ROT_120).rotation == 180
    assert tile_transform(FLIP_H).flip_x and not tile_transform(FLIP_H).flip_y


def test_tileset_record() -> None:
    board = load_map(FIX / "hex_x_even_gzip.tmx")
    (ts,) = board.tilesets
    assert Path(ts.image).is_absolute() and Path(ts.image).is_file()
    assert (ts.firstgid, ts.tile_width, ts.tile_height, ts.columns, ts.tile_count) == (1, 32, 28, 4, 8)
    assert ts.offset == (0, 0) and all(isinstance(v, int) for v in ts.offset)
    assert tile_source_rect(ts, 6) == (32, 28, 32, 28)
    assert tileset_for_gid(board, 8) is ts and tileset_for_gid(board, 9) is None


@pytest.mark.parametrize("axis,index", STAGGERS)
def test_zones_and_spots(axis: str, index: str) -> None:
    board = load_map(FIX / f"hex_{axis}_{index}_base64.tmx")
    assert board.spots["well"] == offset_to_axial(1, 1, axis, index)  # the point sits on tile (1,1)'s centre
    assert offset_to_axial(3, 2, axis, index) in board.zones["red"]
    assert offset_to_axial(0, 4, axis, index) in board.zones["blue"]
    for hexes in board.zones.values():
        assert hexes and all(h in board for h in hexes)


# --- geometry: centres, map size and draw order against Tiled -------------------------


def test_tile_centres_by_formula() -> None:
    pointy = Board(stagger_axis="y", stagger_index="odd", tile_size=(28, 32), hex_side=16, columns=9, rows=7)
    assert tile_center(pointy, 0, 0) == (14.0, 16.0)
    assert tile_center(pointy, 0, 1) == (28.0, 40.0)  # odd rows shift right by half a tile
    flat = Board(top="flat", stagger_axis="x", stagger_index="even", tile_size=(32, 28), hex_side=16,
                 columns=9, rows=7)
    assert tile_center(flat, 0, 0) == (16.0, 28.0)  # even columns shift down
    assert tile_center(flat, 1, 0) == (40.0, 14.0)
    assert hex_center(flat, offset_to_axial(3, 2, "x", "even")) == tile_center(flat, 3, 2)
    assert map_pixel_size(pointy) == (266, 176) and map_pixel_size(flat) == (224, 210)


@needs_shared
@pytest.mark.parametrize("axis,index", STAGGERS)
def test_hq_point_sits_on_the_centre_of_cell_2_3(axis: str, index: str) -> None:
    """SOURCE.txt: the point object "hq" is at the pixel centre of cell (2,3)."""
    import xml.etree.ElementTree as ET

    path = EXAMPLES / "generated" / f"hex_{axis}_{index}.tmx"
    board = load_map(path)
    hq = next(o for o in ET.parse(path).getroot().iter("object") if o.get("name") == "hq")
    assert tile_center(board, 2, 3) == (float(hq.get("x")), float(hq.get("y")))
    assert board.spots["hq"] == offset_to_axial(2, 3, axis, index)


@needs_shared
@pytest.mark.parametrize("name", ["hexagonal-mini.tmx", "test_hexagonal_tile_60x60x30.tmx",
                                  *(f"generated/hex_{a}_{i}.tmx" for a, i in STAGGERS)])
def test_tiled_examples_load(name: str) -> None:
    board = load_map(EXAMPLES / name)
    assert board.cells and board.layers and board.tilesets
    assert all(isinstance(v, int) for v in (*board.tilesets[0].offset, board.hex_side))


@needs_shared
def test_generated_examples_terrain_aliases() -> None:
    """The scout's maps say cost/impassable; they count as move_cost/blocks_movement."""
    board = load_map(EXAMPLES / "generated" / "hex_y_odd.tmx")
    water = [c for c in board.cells if c.terrain == "water"]
    assert water and all(c.blocks_movement and c.move_cost == 4 for c in water)
    assert board.tilesets[0].offset == (0, 0)


@needs_shared
def test_pytmx_pitfalls_handled() -> None:
    mini = load_map(EXAMPLES / "hexagonal-mini.tmx")
    assert mini.tilesets[0].offset == (0, 1) and mini.hex_side == 6
    rot = load_map(EXAMPLES / "test_hexagonal_tile_60x60x30.tmx")
    first = rot.layers[0]
    assert first.gids[0][:7] == [1] * 7  # the 60/120-degree bits do not leak into the gid
    assert first.flags[0][:7] == [0, FLIP_D, ROT_120, 0xC, 0xC | FLIP_D, 0xC | ROT_120, 0]


# --- pixel comparison with Tiled's own renderings ---------------------------------------


def _render(board: Board, order: list[tuple[int, int]] | None = None):  # type: ignore[no-untyped-def]
    """A minimal renderer that follows the facts game.files.maps documents (what the UI must do)."""
    pygame = pytest.importorskip("pygame")
    w, h = map_pixel_size(board)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    images: dict[str, object] = {}
    rotated: list[tuple[int, int, int, int]] = []
    for layer in board.layers:
        for col, row in order or draw_order(board):
            gid = layer.gids[row][col]
            if not gid:
                continue
            ts = tileset_for_gid(board, gid)
            assert ts is not None
            if ts.image not in images:
                images[ts.image] = pygame.image.load(ts.image)
            tile = images[ts.image].subsurface(tile_source_rect(ts, gid)).copy()  # type: ignore[attr-defined]
            t = tile_transform(layer.flags[row][col])
            tile = pygame.transform.flip(tile, t.flip_x, t.flip_y)
            x, y = tile_draw_position(board, ts, col, row)
            if t.rotation:
                cx, cy = x + ts.tile_width / 2, y + ts.tile_height / 2
                tile = pygame.transform.rotate(tile, -t.rotation)
                x, y = round(cx - tile.get_width() / 2), round(cy - tile.get_height() / 2)
                rotated.append((x, y, tile.get_width(), tile.get_height()))
            out.blit(tile, (x, y))
    return out, rotated


def _differences(a, b, skip=()) -> int:  # type: ignore[no-untyped-def]
    assert a.get_size() == b.get_size()
    diff = 0
    for x in range(a.get_width()):
        for y in range(a.get_height()):
            if any(rx <= x < rx + rw and ry <= y < ry + rh for rx, ry, rw, rh in skip):
                continue
            pa, pb = a.get_at((x, y)), b.get_at((x, y))
            if (pa.a or pb.a) and tuple(pa) != tuple(pb):
                diff += 1
    return diff


@pytest.fixture(scope="module")
def pygame_mod():  # type: ignore[no-untyped-def]
    if sys.modules.get("pygame", 0) is None:
        pytest.skip("pygame is blocked in this process")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    return pytest.importorskip("pygame")


@pytest.mark.parametrize("axis,index", STAGGERS)
def test_fixture_renders_pixel_exact_like_tmxrasterizer(pygame_mod, axis: str, index: str) -> None:  # type: ignore[no-untyped-def]
    board = load_map(FIX / f"hex_{axis}_{index}_csv.tmx")
    oracle = pygame_mod.image.load(FIX / "oracle" / f"hex_{axis}_{index}_csv.png")
    mine, rotated = _render(board)
    assert mine.get_size() == oracle.get_size() == map_pixel_size(board)
    assert len(rotated) == 1
    # pixel-exact except inside the one tile turned 120 degrees (resampling differs)
    assert _differences(mine, oracle, skip=rotated) == 0
    # and at every centre the colour is the tile's own
    for cell in board.cells:
        col, row = axial_to_offset(cell.hex, axis, index)
        x, y = tile_center(board, col, row)
        assert mine.get_at((int(x), int(y))) == oracle.get_at((int(x), int(y)))


@pytest.mark.parametrize("axis", ["x"])
@pytest.mark.parametrize("index", ["odd", "even"])
def test_flat_top_draw_order_matters(pygame_mod, axis: str, index: str) -> None:  # type: ignore[no-untyped-def]
    """Row-major order paints flat-top maps wrong; draw_order() paints them as Tiled does."""
    board = load_map(FIX / f"hex_{axis}_{index}_csv.tmx")
    oracle = pygame_mod.image.load(FIX / "oracle" / f"hex_{axis}_{index}_csv.png")
    naive, rotated = _render(board, [(c, r) for r in range(board.rows) for c in range(board.columns)])
    assert _differences(naive, oracle, skip=rotated) > 0
    order = draw_order(board)
    assert sorted(order) == sorted((c, r) for c in range(6) for r in range(5))
    unshifted = [0, 2, 4] if index == "odd" else [1, 3, 5]
    assert [c for c, r in order if r == 0][:3] == unshifted


@needs_shared
@pytest.mark.parametrize("axis,index", STAGGERS)
def test_generated_examples_render_pixel_exact(pygame_mod, axis: str, index: str) -> None:  # type: ignore[no-untyped-def]
    board = load_map(EXAMPLES / "generated" / f"hex_{axis}_{index}.tmx")
    oracle = pygame_mod.image.load(EXAMPLES / "generated" / f"hex_{axis}_{index}.tmxrasterizer-1.8.2.png")
    mine, _ = _render(board)
    assert _differences(mine, oracle) == 0


@needs_shared
def test_hexagonal_mini_renders_pixel_exact(pygame_mod) -> None:  # type: ignore[no-untyped-def]
    """Tiles taller than the grid, with a tileoffset: bottom-left alignment plus offset."""
    board = load_map(EXAMPLES / "hexagonal-mini.tmx")
    oracle = pygame_mod.image.load(EXAMPLES / "oracle" / "hexagonal-mini.tmxrasterizer-1.8.2.png")
    mine, _ = _render(board)
    assert _differences(mine, oracle) == 0


@needs_shared
def test_hex_rotation_flags_render_like_tiled(pygame_mod) -> None:  # type: ignore[no-untyped-def]
    """The 60/120-degree bits: same picture as Tiled up to resampling (oracle made with smoothing)."""
    board = load_map(EXAMPLES / "test_hexagonal_tile_60x60x30.tmx")
    oracle = pygame_mod.image.load(EXAMPLES / "oracle" / "test_hexagonal_tile_60x60x30.tmxrasterizer-1.8.2.png")
    mine, _ = _render(board)

    def far(a, b) -> int:  # type: ignore[no-untyped-def]
        n = 0
        for x in range(0, 330):
            for y in range(0, 240):
                pa, pb = a.get_at((x, y)), b.get_at((x, y))
                if max(abs(pa[i] - pb[i]) for i in range(4)) > 96:
                    n += 1
        return n

    good = far(mine, oracle)
    # the same layer with the rotations turned the other way is clearly worse
    for layer in board.layers:
        layer.flags = [[f ^ (FLIP_D | ROT_120) if f & (FLIP_D | ROT_120) in (FLIP_D, ROT_120) else f
                        for f in row] for row in layer.flags]
    wrong, _ = _render(board)
    assert good < 0.03 * 330 * 240 < far(wrong, oracle)


# --- refusals: one sentence naming the file and the problem -----------------------------

BAD = [
    ("orthogonal.tmx", r"orthogonal\.tmx: is an orthogonal map, but Clinch plays only hexagonal maps\.$"),
    ("isometric.tmx", r"isometric\.tmx: is an isometric map, but Clinch plays only hexagonal maps\.$"),
    ("missing_tileset.tmx", r"missing_tileset\.tmx: tileset 'nowhere\.tsx' is missing \(looked for .*\)\.$"),
    ("missing_image.tmx", r"missing_image\.tmx: tileset 'no_image\.tsx': its image 'gone\.png' is missing"),
    ("broken_tileset.tmx", r"broken_tileset\.tmx: tileset 'broken_tileset\.tsx' is unreadable"),
    ("broken_xml.tmx", r"broken_xml\.tmx: is not well-formed XML \(.*line \d+"),
    ("bad_encoding.tmx", r"bad_encoding\.tmx: layer 'ground' uses the unknown encoding 'base32'\.$"),
    ("bad_compression.tmx", r"bad_compression\.tmx: layer 'ground' uses the unknown compression 'lzma'\.$"),
    ("truncated.tmx", r"truncated\.tmx: layer 'ground' holds corrupt zlib data"),
    ("short_data.tmx", r"short_data\.tmx: layer 'ground' holds 27 tiles but the map needs 30\.$"),
    ("short_csv.tmx", r"short_csv\.tmx: layer 'ground' holds 28 tiles but the map needs 30\.$"),
    ("bad_gid.tmx", r"bad_gid\.tmx: layer 'ground': tile \(0, 0\) has gid 99, which belongs to no tileset\.$"),
    ("infinite.tmx", r"infinite\.tmx: is an infinite map"),
    ("not_a_map.tmx", r"not_a_map\.tmx: is not a Tiled map \(its root element is <tileset>\)\.$"),
    ("bad_property.tmx", r"bad_property\.tmx: tile gid 4: property 'move_cost' should be int, got 'lots'\.$"),
]


@pytest.mark.parametrize("name,pattern", BAD)
def test_bad_maps_refused_with_one_sentence(name: str, pattern: str) -> None:
    with pytest.raises(MapError, match=pattern) as info:
        load_map(FIX / "bad" / name)
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(FIX / "bad" / name))
    assert isinstance(info.value, ValueError)


def test_missing_file_refused() -> None:
    with pytest.raises(MapError, match=r"nowhere\.tmx: no such file\.$"):
        load_map(FIX / "nowhere.tmx")


def test_staggered_isometric_refused(tmp_path: Path) -> None:
    text = (FIX / "bad" / "orthogonal.tmx").read_text().replace('orientation="orthogonal"', 'orientation="staggered"')
    (tmp_path / "s.tmx").write_text(text.replace("../pointy_tiles.tsx", str(FIX / "pointy_tiles.tsx")))
    with pytest.raises(MapError, match=r"s\.tmx: is a staggered map, but Clinch plays only hexagonal maps\.$"):
        load_map(tmp_path / "s.tmx")


# --- the maps we ship ---------------------------------------------------------------------

SHIPPED = {"arena.tmx": (12, 10), "tavern.tmx": (20, 16), "outdoor.tmx": (40, 30)}


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_maps_load(name: str) -> None:
    board = load_map(ROOT / "maps" / name)
    assert (board.columns, board.rows) == SHIPPED[name]
    assert len(board.cells) == board.columns * board.rows
    assert board.name and board.default_ruleset in ("3d6-lite", "3d6-full")
    assert len(board.zones) >= 2 and all(len(z) >= 3 for z in board.zones.values())
    assert board.spots
    for hexes in board.zones.values():
        assert sum(board.is_open(h) for h in hexes) >= 3
    terrains = {c.terrain for c in board.cells}
    wanted = {"arena.tmx": {"sand"}, "tavern.tmx": {"wall", "table", "door", "wood_floor"},
              "outdoor.tmx": {"tree", "water", "rough", "hill", "grass"}}[name]
    assert wanted <= terrains


def test_headless_import_without_pygame() -> None:
    """game.files.maps and pytmx work with pygame blocked (house rule)."""
    import subprocess

    code = ("import sys; sys.modules['pygame'] = None\n"
            "from game.files.maps import load_map\n"
            f"b = load_map({str(FIX / 'hex_y_odd_zlib.tmx')!r}); assert len(b.cells) == 30\n"
            "print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "ok\n" and out.stderr == ""


def test_loading_does_not_import_pygame() -> None:
    import subprocess

    code = ("import sys\nfrom game.files.maps import load_map\n"
            f"load_map({str(FIX / 'hex_x_odd_gzip.tmx')!r})\n"
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.stdout == "False\n" and out.stderr == ""


def test_board_hex_lookup_matches_cells() -> None:
    board = load_map(FIX / "hex_y_even_zlib.tmx")
    assert Hex(0, 0) in board
    assert board.cell(offset_to_axial(2, 0, "y", "even")).terrain == "wall"  # type: ignore[union-attr]
