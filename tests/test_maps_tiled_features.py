"""The Tiled features real hex maps use, each proved on a small map of the project's own.

``tests/fixtures/maps/features`` (made by ``make_features.py`` there; ``oracle/`` is tmxrasterizer's
rendering of each, Tiled 1.8.2): layer and group offsets, whole and fractional; class-typed custom
properties; a map's own terrain words; an animated tile; layer opacity over overlapping tiles; an
image-collection tileset; an infinite map. The real maps of ``../shared/tiled-real`` are loaded at the
end (skipped with the reason when that folder is missing; they are third-party data and stay there).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from game.cli import main as cli_main  # noqa: E402
from game.files.maps import MapError, load_map  # noqa: E402
from game.hexgrid import offset_to_axial  # noqa: E402
from game.tiled.terrain_words import KINDS, WORDS, kind_of, terrain_name  # noqa: E402
from game.ui.board_view import BoardView  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FEAT = ROOT / "tests" / "fixtures" / "maps" / "features"
REAL = ROOT.parent / "shared" / "tiled-real"
MAPS = ["offset_whole", "offset_fraction", "opacity", "animated", "class_words", "collection", "infinite"]


@pytest.fixture(scope="module", autouse=True)
def _display():
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    yield
    pygame.display.quit()


def _render(name: str) -> pygame.Surface:
    return BoardView(load_map(FEAT / f"{name}.tmx")).render_native()


def _far_pixels(a: pygame.Surface, b: pygame.Surface, tolerance: int = 2) -> int:
    """Pixels painted in either picture that differ by more than ``tolerance`` in a channel (alpha too)."""
    assert a.get_size() == b.get_size()
    far = 0
    for x in range(a.get_width()):
        for y in range(a.get_height()):
            pa, pb = a.get_at((x, y)), b.get_at((x, y))
            if (pa.a or pb.a) and max(abs(pa[i] - pb[i]) for i in range(4)) > tolerance:
                far += 1
    return far


@pytest.mark.parametrize("name", MAPS)
def test_each_feature_drawn_as_tiled_draws_it(name: str) -> None:
    """The board layer of each feature map is tmxrasterizer's picture of it: same size, every pixel."""
    oracle = pygame.image.load(str(FEAT / "oracle" / f"{name}.png"))
    assert _far_pixels(_render(name), oracle) == 0


def test_whole_layer_offsets_move_the_tiles_and_grow_the_picture() -> None:
    """A tile layer's offsetx=7 offsety=5 shifts its tiles (the hexes stay put) and the picture grows by it."""
    board = load_map(FEAT / "offset_whole.tmx")
    assert [layer.offset for layer in board.layers] == [(0.0, 0.0), (7.0, 5.0)]
    plain = BoardView(load_map(FEAT / "offset_whole.tmx"))
    plain.layers[1].offset = (0.0, 0.0)
    plain.margins = (0, 0, 0, 0)
    flat, shifted = plain.render_native(), _render("offset_whole")
    assert shifted.get_size() == (flat.get_width() + 7, flat.get_height() + 5)
    # tile (1, 0) of the top layer (a wall over stone): its left edge moved 7 pixels right, its centre with it
    assert flat.get_at((29, 16)) == (90, 60, 40, 255) and shifted.get_at((29, 16)) == (150, 150, 150, 255)
    assert shifted.get_at((42 + 7, 16 + 5)) == flat.get_at((42, 16))


def test_fractional_offsets_of_layers_groups_and_unused_layers_are_read() -> None:
    """Offsets as Tiled writes them after a drag (7.5, -36.6667) load: a tile layer's adds its group's,
    opacities multiply; the image layer's offset is ignored, the object layer's moves its spots."""
    board = load_map(FEAT / "offset_fraction.tmx")
    ground, top = board.layers
    assert ground.offset == (0.0, 0.0) and ground.opacity == 1.0
    assert top.offset == (21.5, 11.25) and top.opacity == pytest.approx(0.6)
    assert "well" in board.spots
    # Tiled grows its picture by the offsets rounded up: 4x3 tiles of 28x32 is 126x80, plus 22x12
    assert _render("offset_fraction").get_size() == (148, 92)


def test_a_bad_offset_is_named() -> None:
    text = (FEAT / "offset_whole.tmx").read_text().replace('offsetx="7"', 'offsetx="seven"')
    broken = FEAT / "_broken_offset.tmx"
    broken.write_text(text)
    try:
        with pytest.raises(MapError, match=r"_broken_offset\.tmx: layer 'top': offsetx='seven' is not a number\.$"):
            load_map(broken)
    finally:
        broken.unlink()


def test_class_properties_load_and_give_their_terrain_word() -> None:
    """Class-typed properties on the map, a tile and an object (Tiled 1.8+) load; a tile's Biome class
    property whose variant is Forest makes a cover hex, its own move_cost 3 winning over the kind's."""
    board = load_map(FEAT / "class_words.tmx")
    by_tile = {(c, r): board.cell(offset_to_axial(c, r, "y", "odd")) for c in range(4) for r in range(2)}
    forest = by_tile[(2, 0)]
    assert forest is not None and forest.terrain == "forest" and forest.cover == 1 and forest.move_cost == 3
    assert "red" in board.spots


def test_terrain_words_map_to_the_game_kinds() -> None:
    """A tile's type (Ocean), type property (SnowMountain) or class variant is read by the word list; a
    terrain property wins over a type; an unknown word is open ground and named."""
    board = load_map(FEAT / "class_words.tmx")
    assert board.terrain_words == {"Ocean": "water", "SnowMountain": "blocking", "Forest": "cover",
                                   "Corruption": ""}
    cells = {(c, r): board.cell(offset_to_axial(c, r, "y", "odd")) for c in range(4) for r in range(2)}
    ocean, mountain, corruption, floor = cells[(0, 0)], cells[(1, 0)], cells[(3, 0)], cells[(0, 1)]
    assert ocean.terrain == "ocean" and ocean.blocks_movement and not ocean.blocks_sight
    assert mountain.terrain == "snow_mountain" and mountain.blocks_movement and mountain.blocks_sight
    assert corruption.terrain == "corruption" and not corruption.blocks_movement and corruption.move_cost == 1
    assert floor.terrain == "floor" and not floor.blocks_movement  # type="Mountain" but terrain="floor"
    assert kind_of("SnowForest") == "cover" and kind_of("DeepWater") == "water" and kind_of("Zzz") is None
    assert terrain_name("SnowMountain") == "snow_mountain"
    assert set(KINDS) == {"blocking", "water", "cover", "rough", "open"}


def test_check_map_lists_the_terrain_words(capsys: pytest.CaptureFixture[str]) -> None:
    """``clinch check-map`` names each word, the kind it was read as, and the unknown ones."""
    assert cli_main(["check-map", str(FEAT / "class_words.tmx")]) == 0
    out = capsys.readouterr().out
    assert "terrain words (tiles without a terrain property):" in out
    assert "'Ocean' -> water (blocks movement)" in out
    assert "'SnowMountain' -> blocking (blocks movement, blocks sight)" in out
    assert "'Forest' -> cover (move cost 2, cover 1, blocks sight)" in out
    assert "'Corruption' -> unknown word, played as open ground" in out


def test_animated_tile_drawn_with_its_first_frame() -> None:
    """Tile 0 animates through tiles 5 and 6: the layer draws gid 6 (firstgid 1 + 5) where tile 0 lies,
    and the cell keeps tile 0's terrain."""
    board = load_map(FEAT / "animated.tmx")
    assert board.layers[0].gids == [[6, 2, 6], [3, 6, 4]]
    assert board.cell(offset_to_axial(0, 0, "y", "odd")).terrain == "grass"  # type: ignore[union-attr]


def test_bad_animation_frame_is_named(tmp_path: Path) -> None:
    text = (FEAT / "animated.tmx").read_text().replace('tileid="5"', 'tileid="50"')
    (tmp_path / "a.tmx").write_text(text.replace("../pointy_tiles.png", str(FEAT.parent / "pointy_tiles.png")))
    with pytest.raises(MapError, match=r"a\.tmx: tileset 'anim': tile 0: its animation: tileid='50' is above 7\.$"):
        load_map(tmp_path / "a.tmx")


def test_semi_transparent_layers_compose_as_tiled_does() -> None:
    """Where a 0.7-opaque water tile lies over a 0.5-opaque grass tile, the pixel is Porter-Duff 'over'
    (alpha 0.85, colour weighted by each one's share), not pygame's blend that ignores the lower alpha."""
    pic = _render("opacity")
    px = pic.get_at((14, 16))  # the centre of tile (0, 0)
    grass, water = (70, 140, 60), (40, 90, 200)
    alpha = 0.7 + 0.5 * 0.3
    want = [(w * 0.7 + g * 0.5 * 0.3) / alpha for g, w in zip(grass, water)]
    assert abs(px.a - 255 * alpha) <= 2
    assert all(abs(px[i] - want[i]) <= 2 for i in range(3)), (tuple(px), want)


def test_image_collection_tiles_drawn_each_at_its_own_size() -> None:
    """An image-collection tileset (one image a tile, ids 0, 1, 4) draws; the 28x40 tile stands on its
    map tile's bottom and reaches 8 pixels above it (its yellow chimney), as Tiled anchors it."""
    board = load_map(FEAT / "collection.tmx")
    (ts,) = board.tilesets
    assert sorted(ts.images) == [0, 1, 4] and ts.tile_count == 5
    view = BoardView(board)
    assert view.overhang[1] == 8
    house = board.cell(offset_to_axial(2, 0, "y", "odd"))
    assert house is not None and house.terrain == "house" and house.blocks_movement


def test_missing_collection_image_is_named(tmp_path: Path) -> None:
    for name in ("collection.tmx", "collection.tsx", "collection_0.png", "collection_2.png"):
        (tmp_path / name).write_bytes((FEAT / name).read_bytes())
    with pytest.raises(MapError, match=r"collection\.tmx: tileset 'collection\.tsx': tile 1: its image "
                                       r"'collection_1\.png' is missing \(looked for .*\)\.$"):
        load_map(tmp_path / "collection.tmx")


def test_infinite_map_played_on_the_box_of_its_chunks() -> None:
    """Chunks at (-16, -16), (0, -16) and (0, 0), one layer csv and one base64+zlib: the board is the
    32x32 box they make, the tile at (0, 0) of the map is at (16, 16) of the board."""
    board = load_map(FEAT / "infinite.tmx")
    assert (board.columns, board.rows, board.stagger_index) == (32, 32, "odd")
    assert len(board.cells) == 11
    assert board.cell(offset_to_axial(16, 16, "y", "odd")) is not None  # chunk (0, 0)'s first tile
    assert board.cell(offset_to_axial(14, 14, "y", "odd")) is not None  # (-2, -2)
    assert board.layers[1].gids[18][19] == 6  # the zlib layer's one tile, at (3, 2)
    # objects are in the map's pixels: the point on tile (0, 0) is the board's hex (16, 16); the rectangle
    # (-28, -40)-(0, -20) holds the centre (-14, -32) of tile (-1, -2), the board's (15, 14)
    assert board.spots["home"] == offset_to_axial(16, 16, "y", "odd")
    assert board.zones["camp"] == [offset_to_axial(15, 14, "y", "odd")]


def test_infinite_map_cut_to_the_blocks_holding_tiles(tmp_path: Path) -> None:
    """A chunk off Tiled's 16-tile grid (y=-19) whose tiles all lie in the block above 0: the board is cut
    to the 16x16 blocks holding tiles, as tmxrasterizer's picture is, so the corner stays even."""
    text = (FEAT / "infinite.tmx").read_text().replace('chunk x="-16" y="-16"', 'chunk x="-16" y="-19"')
    (tmp_path / "i.tmx").write_text(text.replace("../pointy_tiles.tsx", str(FEAT.parent / "pointy_tiles.tsx")))
    board = load_map(tmp_path / "i.tmx")
    assert (board.columns, board.rows, board.stagger_index) == (32, 32, "odd")


def _manifest(name: str) -> list[tuple[str, str]]:
    rows = []
    for line in (REAL / name).read_text().splitlines():
        parts = line.partition("#")[0].split()
        if parts:
            rows.append((parts[0], next((p[7:] for p in parts[1:] if p.startswith("expect=")), "load")))
    return rows


@pytest.mark.skipif(not REAL.is_dir(), reason=f"{REAL} is missing")
@pytest.mark.parametrize("manifest", ["maps.txt", "derived.txt"])
def test_real_tiled_maps_load_or_are_refused_as_expected(manifest: str) -> None:
    """Every real hex map a board can use loads (and its board draws); the two whose images are not in
    their repositories are refused with that sentence."""
    for rel, expect in _manifest(manifest):
        if expect == "load":
            board = load_map(REAL / rel)
            assert BoardView(board).render_native().get_width() > 0, rel
        else:
            with pytest.raises(MapError) as info:
                load_map(REAL / rel)
            assert re.search(expect.removeprefix("refuse:"), str(info.value)), (rel, str(info.value))


def test_readme_lists_the_word_list_the_loader_uses() -> None:
    """The README's table for map makers says what the loader does: every word with its kind and effect."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Making maps"):text.index("## Commands")]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 3 and cells[0] in KINDS:
            words = re.sub(r"(\w+)\((e?s)\)", r"\1, \1\2", cells[2])
            rows[cells[0]] = ({w.strip() for w in words.split(",")}, cells[1])
    assert set(rows) == set(KINDS)
    for kind, (words, effect) in rows.items():
        assert words == {w for w, k in WORDS.items() if k == kind}, kind
        for key, value in KINDS[kind].items():
            assert key.replace("_", " ") in effect and (isinstance(value, bool) or str(value) in effect), kind


@pytest.mark.parametrize("name", ["offset_fraction", "collection", "infinite"])
def test_the_battle_board_draws_what_the_native_picture_shows(name: str) -> None:
    """The cached chunks the battle screen blits hold the same tiles, offsets and collection images as
    the native picture (whose corner is the layers' offset margins up and left of the map's)."""
    from game.ui.board_view import VOID_COLOUR
    from game.ui.camera import Camera

    view = BoardView(load_map(FEAT / f"{name}.tmx"))
    native = view.render_native((*VOID_COLOUR, 255))
    ml, mt = view.margins[0], view.margins[1]
    cam = Camera(viewport=native.get_size(), x=-ml, y=-mt)
    screen = pygame.Surface(native.get_size())
    view.draw(screen, cam)
    for y in range(0, native.get_height(), 2):
        for x in range(0, native.get_width(), 2):
            n, s = native.get_at((x, y)), screen.get_at((x, y))
            assert max(abs(a - b) for a, b in zip(n[:3], s[:3])) <= 1, (x, y, tuple(n), tuple(s))
