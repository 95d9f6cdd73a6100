"""Board regions a ruleset declares (``Presentation.board_regions``) are drawn by the board view.

Why: a ruleset whose rules give hexes a meaning (a sumo ring to push a foe out of, a zone that scores) says
which hexes in its presentation, as plain data; the board draws every ruleset's the same way, so a new ruleset
needs no UI code for it. A zone tints its hexes; a ring strokes only its outer edge. Rule IDs: none (this is the
presentation contract; a ruleset that declares a region cites its rule in ``BoardRegion.rule``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from game.files.maps import load_scenario  # noqa: E402
from game.hexgrid import Hex, hex_neighbors  # noqa: E402
from game.rules.presentation import BoardRegion  # noqa: E402
from game.ui.board_scene import BoardScene  # noqa: E402
from game.ui.describe import ruleset_of  # noqa: E402
from game.ui.region_view import edge_segments  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
RING = (250, 20, 200)
ZONE = (20, 250, 60)


def test_a_ring_is_its_outer_edge_only() -> None:
    """One hex has six sides outside; a hex and its six neighbours have 18 (the inner sides are not drawn)."""
    battle = load_scenario(ROOT / "maps" / "arena.toml")
    geometry = BoardScene(battle, size=(800, 600)).geometry
    centre = Hex(4, 4)
    assert len(edge_segments(geometry, {centre})) == 6
    assert len(edge_segments(geometry, {centre, *hex_neighbors(centre)})) == 18


def test_a_region_needs_a_known_style() -> None:
    with pytest.raises(ValueError, match="style"):
        BoardRegion(hexes=((0, 0),), label="ring", style="circle")


def test_the_board_draws_the_regions_the_presentation_declares(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.init()
    battle = load_scenario(ROOT / "maps" / "arena.toml")
    scene = BoardScene(battle, size=(800, 600))
    scene.show_hud = False
    ring_hex = next(h for h in (Hex(q, r) for q in range(2, 8) for r in range(2, 8))
                    if scene.on_board(h) and not any(f.hex == h or f.hex in hex_neighbors(h) for f in battle.fighters))
    zone_hex = next(h for h in (Hex(q, r) for q in range(8, 2, -1) for r in range(8, 2, -1))
                    if scene.on_board(h) and h != ring_hex and h not in hex_neighbors(ring_hex)
                    and not any(f.hex == h for f in battle.fighters))
    regions = [BoardRegion(hexes=((ring_hex.q, ring_hex.r),), label="ring", style="ring", colour=RING, rule="T-1"),
               BoardRegion(hexes=((zone_hex.q, zone_hex.r),), label="zone", style="zone", colour=ZONE, rule="T-2")]

    def shot(found: list[BoardRegion]) -> pygame.Surface:
        monkeypatch.setattr(type(ruleset_of(battle).presentation), "board_regions", lambda self, b: found)
        surface = pygame.Surface((800, 600))
        scene.draw(surface)
        return surface

    before, after = shot([]), shot(regions)
    cam = scene.camera
    a, b = edge_segments(scene.geometry, {ring_hex})[0]
    mid = cam.world_to_screen((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert tuple(after.get_at((round(mid[0]), round(mid[1]))))[:3] == RING
    assert tuple(before.get_at((round(mid[0]), round(mid[1]))))[:3] != RING
    cx, cy = cam.world_to_screen(*scene.geometry.center(ring_hex))
    assert after.get_at((round(cx), round(cy))) == before.get_at((round(cx), round(cy)))  # a ring leaves it clear
    zx, zy = cam.world_to_screen(*scene.geometry.center(zone_hex))
    tinted, plain = after.get_at((round(zx), round(zy))), before.get_at((round(zx), round(zy)))
    assert tinted != plain and tinted.g >= plain.g  # the zone's green over the ground
