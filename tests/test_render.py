"""The board layer against Tiled's own renderings, and real pixels of a rendered frame.

Tiled renderings: ``../shared/tiled-examples`` (skipped with the reason when
missing) and the project's own ``tests/fixtures/maps/oracle`` (tmxrasterizer
output for the fixture maps).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("CLINCH_CONFIG_DIR", os.path.join(__import__("tempfile").gettempdir(), "clinch-test-config"))
os.environ.setdefault("CLINCH_DATA_DIR", os.path.join(__import__("tempfile").gettempdir(), "clinch-test-data"))

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_fixtures import Spectating, small_display  # noqa: E402,F401  (small_display: autouse here)

from game.files.maps import draw_order, load_map, map_pixel_size, tile_center  # noqa: E402
from game.hexgrid import Hex  # noqa: E402
from game.model import Battle, Board, Fighter, Side  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board_view import BoardView  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.geometry import MapGeometry  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT / "tests" / "fixtures" / "maps"
EXAMPLES = ROOT.parent / "shared" / "tiled-examples"
needs_examples = pytest.mark.skipif(not EXAMPLES.is_dir(), reason=f"{EXAMPLES} is missing (shared Tiled examples)")
VARIANTS = [(a, i) for a in "xy" for i in ("odd", "even")]


def _flat(s: pygame.Surface) -> pygame.Surface:
    """Onto an opaque magenta: transparent pixels compare equal whatever their colour channels."""
    out = pygame.Surface(s.get_size())
    out.fill((255, 0, 255))
    out.blit(s, (0, 0))
    return out


def mismatch(mine: pygame.Surface, ref: pygame.Surface, tol: int = 8, blur: int = 0) -> float:
    """Share of the reference's painted pixels where mine differs by more than ``tol`` in a channel."""
    assert mine.get_size() == ref.get_size()
    painted = pygame.mask.from_surface(ref, 0).count()
    a, b = _flat(mine), _flat(ref)
    if blur:
        a, b = pygame.transform.box_blur(a, blur), pygame.transform.box_blur(b, blur)
    same = pygame.transform.threshold(None, a, None, (tol, tol, tol, 255), None, 0, b)
    return (a.get_width() * a.get_height() - same) / max(1, painted)


# --- the board layer against Tiled -------------------------------------------------------


@needs_examples
@pytest.mark.parametrize(("axis", "index"), VARIANTS)
def test_board_layer_matches_tmxrasterizer_on_generated_maps(axis, index):
    board = load_map(EXAMPLES / "generated" / f"hex_{axis}_{index}.tmx")
    mine = BoardView(board).render_native()
    ref = pygame.image.load(str(EXAMPLES / "generated" / f"hex_{axis}_{index}.tmxrasterizer-1.8.2.png"))
    assert mismatch(mine, ref) == 0.0


@needs_examples
def test_board_layer_matches_tiled_example_with_overhanging_offset_tiles():
    """hexagonal-mini: 18x18 tiles on a 14x12 grid with a tileoffset; they overlap as in Tiled."""
    board = load_map(EXAMPLES / "hexagonal-mini.tmx")
    mine = BoardView(board).render_native()
    ref = pygame.image.load(str(EXAMPLES / "oracle" / "hexagonal-mini.tmxrasterizer-1.8.2.png"))
    assert mismatch(mine, ref) == 0.0


@needs_examples
def test_hex_rotation_flags_match_tiled():
    """test_hexagonal_tile_60x60x30 turns one tile by 60/120/180 degrees and mirrors it.

    Tiled rotates with smoothing, pygame's rotozoom differs on edge pixels, so
    the images are compared after a 1-pixel blur; ignoring the rotation flags
    would leave far more than that wrong.
    """
    board = load_map(EXAMPLES / "test_hexagonal_tile_60x60x30.tmx")
    ref = pygame.image.load(str(EXAMPLES / "oracle" / "test_hexagonal_tile_60x60x30.tmxrasterizer-1.8.2.png"))
    mine = BoardView(board).render_native()
    good = mismatch(mine, ref, tol=24, blur=1)
    assert good < 0.05
    for layer in board.layers:  # the same map, rotation bits dropped (mirrors kept)
        layer.flags = [[f & 0b1100 for f in row] for row in layer.flags]
    unrotated = BoardView(board).render_native()
    assert mismatch(unrotated, ref, tol=24, blur=1) > 3 * good


@pytest.mark.parametrize(("axis", "index"), VARIANTS)
def test_board_layer_matches_fixture_oracles(axis, index):
    """The project's own fixture maps against their tmxrasterizer renderings (no ../shared needed).

    Each has a mirrored tile and a 120-degree one in a second layer; only the
    rotated tile's edge pixels may differ (rotozoom versus Qt's rotation).
    """
    board = load_map(FIX / f"hex_{axis}_{index}_csv.tmx")
    mine = BoardView(board).render_native()
    ref = pygame.image.load(str(FIX / "oracle" / f"hex_{axis}_{index}_csv.png"))
    assert mismatch(mine, ref) < 0.01
    assert mismatch(mine, ref, tol=24, blur=1) < 0.005


@pytest.mark.parametrize(("axis", "index"), VARIANTS)
def test_view_geometry_agrees_with_the_map_loader(axis, index):
    board = load_map(FIX / f"hex_{axis}_{index}_csv.tmx")
    g = MapGeometry.of(board)
    assert g.pixel_size == map_pixel_size(board)
    assert list(g.tile_order()) == draw_order(board)
    for cell in board.cells:
        col, row = g.to_tile(cell.hex)
        assert g.center(cell.hex) == pytest.approx(tile_center(board, col, row))
        assert g.hex_at(*tile_center(board, col, row)) == cell.hex


def test_zoomed_chunks_show_the_same_board():
    """At zoom 1 the cached chunks are the native rendering, pixel for pixel (within one step of a channel:
    the native picture is composed on premultiplied colour, as Tiled does, and rounds half-transparent
    edges over opaque tiles a step apart from the chunks' ordinary blend)."""
    board = load_map(FIX / "hex_x_odd_csv.tmx")
    view = BoardView(board)
    native = view.render_native()
    from game.ui.camera import Camera

    cam = Camera(viewport=native.get_size())
    screen = pygame.Surface(native.get_size())
    screen.fill((255, 0, 255))
    view.draw(screen, cam)
    w, h = native.get_size()
    for y in range(0, h, 3):
        for x in range(0, w, 3):
            n = native.get_at((x, y))
            if n.a == 255:
                assert max(abs(a - b) for a, b in zip(screen.get_at((x, y))[:3], n[:3])) <= 1, (x, y)


# --- a real frame: tokens on the board ------------------------------------------------------


def small_battle(fighters: list[Fighter]) -> Battle:
    return Battle(
        board=Board.open_field(10, 8, name="test field"),
        sides=[Side(id="red", name="Reds", colour="#d02020"), Side(id="blue", name="Blues", colour="#2050e0")],
        fighters=fighters,
    )


def watched(battle: Battle, size=(800, 600)) -> App:
    """The battle screen with no one to move (no reach tints, no automatic selection): plain board pixels."""
    return App(battle, size, clock=FixedClock(), seat={"red": "ai", "blue": "ai"}, autosave=False,
               session_kw={"ai_factory": Spectating})


def test_token_side_colour_at_its_hex_centre_and_not_on_an_empty_hex():
    battle = small_battle([
        Fighter(id="ann", name="Ann", side="red", hex=Hex(3, 2), facing=0),
        Fighter(id="bob", name="Bob", side="blue", hex=Hex(5, 4), facing=3),
    ])
    app = watched(battle)
    frame = app.draw()
    scene = app.board
    r = scene.geometry.hex_radius * scene.camera.zoom * 0.6  # the token's radius
    sides = ((0xD0, 0x20, 0x20), (0x20, 0x50, 0xE0))
    for fid, colour in zip(("ann", "bob"), sides):
        cx, cy = scene.hex_screen_pos(battle.fighter(fid).hex)
        # the side colour is the token's rim around its role figure: a share of the token's disc, and the
        # other side's colour nowhere on it
        disc = [frame.get_at((x, y))[:3] for x in range(int(cx - r), int(cx + r) + 1)
                for y in range(int(cy - r), int(cy + r) + 1) if (x - cx) ** 2 + (y - cy) ** 2 <= r * r]
        assert disc.count(colour) >= 0.08 * len(disc), (fid, disc.count(colour), len(disc))
        assert not [c for c in disc if c in sides and c != colour], fid
    ex, ey = scene.hex_screen_pos(Hex(1, 5))
    empty = frame.get_at((int(ex), int(ey)))[:3]
    assert empty not in ((0xD0, 0x20, 0x20), (0x20, 0x50, 0xE0))


def test_shapes_tell_sides_apart_without_colour():
    """Two sides with the same colour still get different token shapes (circle vs square)."""
    battle = small_battle([
        Fighter(id="ann", name="Ann", side="red", hex=Hex(3, 2)),
        Fighter(id="bob", name="Bob", side="blue", hex=Hex(5, 2)),
    ])
    battle.sides[1].colour = battle.sides[0].colour
    app = watched(battle, (1280, 900))  # tokens big enough that the outline is thin next to the body
    frame = app.draw()
    scene = app.board
    r = scene.geometry.hex_radius * scene.camera.zoom * 0.6  # token radius
    corners = []
    for fid in ("ann", "bob"):
        cx, cy = scene.token_screen_pos(fid)
        # just inside the bounding box's upper right corner (the item disc sits at the lower left): a
        # square's body is there, a circle's is not
        corners.append(frame.get_at((int(cx + r * 0.72), int(cy - r * 0.72)))[:3])
    assert corners[0] != (0xD0, 0x20, 0x20)
    assert corners[1] == (0xD0, 0x20, 0x20)


def test_selection_shades_front_side_and_rear_arcs_differently():
    battle = small_battle([Fighter(id="ann", name="Ann", side="red", hex=Hex(4, 3), facing=0)])
    app = watched(battle)
    scene = app.board
    before = app.draw().copy()
    scene.selected = "ann"
    after = app.draw()
    got = {}
    for name, h in (("front", Hex(6, 3)), ("side", Hex(2, 5)), ("rear", Hex(2, 3))):
        x, y = scene.hex_screen_pos(h)
        got[name] = after.get_at((int(x), int(y)))[:3]
        assert got[name] != before.get_at((int(x), int(y)))[:3], name
    assert len(set(got.values())) == 3
    far = scene.hex_screen_pos(Hex(8, 3))  # beyond the shading radius
    assert after.get_at((int(far[0]), int(far[1]))) == before.get_at((int(far[0]), int(far[1])))
