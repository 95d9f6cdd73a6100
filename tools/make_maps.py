"""Write Clinch's maps as real Tiled files (re-runnable).

    python3 tools/make_tilesets.py && python3 tools/make_maps.py

maps/arena.tmx (12x10, CSV), maps/tavern.tmx (20x16, base64+zlib) and
maps/outdoor.tmx (40x30, base64+zlib) on maps/terrain.tsx; maps/cantina.tmx
(20x14), maps/cargo_bay.tmx (24x18) and maps/compound.tmx (30x22), nd6-tactical's, on
maps/scifi.tsx. All:
pointy-top hexes (staggeraxis y, staggerindex odd, 64x74 tiles, side 37), one
tileset, a "terrain" tile layer, and a "start" object layer holding a rectangle per side's start
zone ("red", "blue") and named points (spots). Map properties: name,
ruleset, scale. Layouts are fixed by a seed, so re-running gives the same
files. Check them with ``clinch check-map`` and tmxrasterizer.
"""

from __future__ import annotations

import base64
import math
import random
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from make_tilesets import GID, SCIFI_GID, SIDE, TH, TW  # noqa: E402

from game.files.maps import HexMetrics  # noqa: E402
from game.hexgrid import hex_distance, offset_to_axial  # noqa: E402

MAPS = ROOT / "maps"
Grid = list[list[str]]


class MapSpec:
    def __init__(self, name: str, title: str, cols: int, rows: int, ruleset: str, encoding: str,
                 tileset: str = "terrain", scale: str = "1 yard per hex") -> None:
        self.name, self.title, self.cols, self.rows = name, title, cols, rows
        self.ruleset, self.encoding = ruleset, encoding
        self.tileset, self.scale = tileset, scale  # the one tileset the map is drawn on (firstgid 1)
        self.gids = {"terrain": GID, "scifi": SCIFI_GID}[tileset]
        self.grid: Grid = [[next(iter(self.gids))] * cols for _ in range(rows)]
        self.zones: dict[str, tuple[int, int, int, int]] = {}  # name -> col0, row0, col1, row1 (inclusive)
        self.spots: dict[str, tuple[int, int]] = {}
        self.m = HexMetrics("y", "odd", TW, TH, SIDE, cols, rows)

    def fill(self, tile: str | Callable[[int, int], str], where: Callable[[int, int], bool] = lambda c, r: True) -> None:
        for r in range(self.rows):
            for c in range(self.cols):
                if where(c, r):
                    self.grid[r][c] = tile(c, r) if callable(tile) else tile

    def dist(self, a: tuple[int, int], b: tuple[int, int]) -> int:
        return hex_distance(offset_to_axial(*a, "y", "odd"), offset_to_axial(*b, "y", "odd"))

    def data(self) -> str:
        gids = [self.gids[t] for row in self.grid for t in row]
        if self.encoding == "csv":
            lines = [",".join(str(g) for g in gids[r * self.cols:(r + 1) * self.cols]) for r in range(self.rows)]
            return '<data encoding="csv">\n' + ",\n".join(lines) + "\n</data>"
        raw = zlib.compress(struct.pack(f"<{len(gids)}I", *gids), 9)
        return f'<data encoding="base64" compression="zlib">\n   {base64.b64encode(raw).decode()}\n  </data>'

    def objects(self) -> list[str]:
        out, oid = [], 1
        for zone, (c0, r0, c1, r1) in self.zones.items():
            centres = [self.m.center(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]
            x0, y0 = min(x for x, _ in centres) - TW * 0.4, min(y for _, y in centres) - TH * 0.3
            x1, y1 = max(x for x, _ in centres) + TW * 0.4, max(y for _, y in centres) + TH * 0.3
            out.append(f'  <object id="{oid}" name="{zone}" type="start_zone" x="{x0:g}" y="{y0:g}" '
                       f'width="{x1 - x0:g}" height="{y1 - y0:g}"/>')
            oid += 1
        for spot, (c, r) in self.spots.items():
            x, y = self.m.center(c, r)
            out.append(f'  <object id="{oid}" name="{spot}" type="spot" x="{x:g}" y="{y:g}">\n   <point/>\n  </object>')
            oid += 1
        return out

    def tmx(self) -> str:
        objs = self.objects()
        return f'''<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" width="{self.cols}" height="{self.rows}" tilewidth="{TW}" tileheight="{TH}" infinite="0" hexsidelength="{SIDE}" staggeraxis="y" staggerindex="odd" nextlayerid="3" nextobjectid="{len(objs) + 1}">
 <properties>
  <property name="name" value="{self.title}"/>
  <property name="ruleset" value="{self.ruleset}"/>
  <property name="scale" value="{self.scale}"/>
 </properties>
 <tileset firstgid="1" source="{self.tileset}.tsx"/>
 <layer id="1" name="terrain" width="{self.cols}" height="{self.rows}">
  {self.data()}
 </layer>
 <objectgroup id="2" name="start">
{chr(10).join(objs)}
 </objectgroup>
</map>
'''

    def write(self) -> Path:
        path = MAPS / f"{self.name}.tmx"
        path.write_text(self.tmx())
        return path


def arena() -> MapSpec:
    m = MapSpec("arena", "The Sand Pit", 12, 10, "3d6-lite", "csv")
    rnd = random.Random("arena")
    m.fill(lambda c, r: "sand_raked" if rnd.random() < 0.3 else "sand")
    m.fill("wall", lambda c, r: c in (0, m.cols - 1) or r in (0, m.rows - 1))
    for c, r in ((0, 4), (0, 5), (11, 4), (11, 5)):
        m.grid[r][c] = "door"
    for c, r in ((4, 3), (7, 6)):
        m.grid[r][c] = "pillar"
    m.grid[2][9] = "barrel"
    m.grid[7][2] = "barrel"
    m.zones = {"red": (1, 3, 3, 6), "blue": (8, 3, 10, 6)}
    m.spots = {"centre": (6, 5), "west_gate": (1, 5), "east_gate": (10, 4), "pillar_north": (5, 3)}
    return m


def tavern() -> MapSpec:
    m = MapSpec("tavern", "The Broken Flagon", 20, 16, "3d6-full", "zlib")
    rnd = random.Random("tavern")
    m.fill("wood_floor")
    m.fill("wall", lambda c, r: c in (0, m.cols - 1) or r in (0, m.rows - 1))
    # the kitchen: east of an inner wall, stone floor, hearth
    m.fill("stone_floor", lambda c, r: 14 < c < m.cols - 1 and 0 < r < 9)
    m.fill("wall", lambda c, r: c == 14 and 0 < r < 10 or 14 <= c < m.cols - 1 and r == 9)
    m.grid[5][14] = "door"
    m.grid[3][17] = "hearth"
    m.grid[6][16] = "table"
    m.grid[1][18] = "barrel"
    m.grid[2][18] = "barrel"
    # the bar along the north wall
    for c in range(3, 11):
        m.grid[3][c] = "counter"
    for c in (2, 5, 8, 11):
        m.grid[1][c] = "barrel"
    # front doors (south), a back door (west), a cellar door (kitchen, north)
    m.grid[15][8] = m.grid[15][9] = "door"
    m.grid[7][0] = "door"
    m.grid[0][16] = "door"
    # tables and a rug
    for c, r in ((3, 6), (4, 6), (8, 7), (12, 6), (3, 10), (7, 11), (11, 10), (12, 10), (16, 12)):
        m.grid[r][c] = "table"
    for c, r in ((7, 9), (8, 9), (8, 10), (9, 9)):
        m.grid[r][c] = "rug"
    # a side room south-east with a second hearth
    m.fill("wall", lambda c, r: c == 14 and 11 < r < m.rows - 1 and r != 13)
    m.grid[14][17] = "hearth"
    m.grid[13][14] = "door"
    for _ in range(3):
        c, r = rnd.randint(2, 12), rnd.randint(12, 14)
        if m.grid[r][c] == "wood_floor":
            m.grid[r][c] = "barrel"
    m.zones = {"red": (2, 4, 11, 5), "blue": (3, 12, 12, 14)}
    m.spots = {"bar": (6, 4), "front_door": (8, 14), "kitchen": (16, 5), "hearth_side": (16, 13), "back_door": (1, 7)}
    return m


def outdoor() -> MapSpec:
    m = MapSpec("outdoor", "Miller's Ford", 40, 30, "3d6-lite", "zlib")
    rnd = random.Random("outdoor")
    m.fill(lambda c, r: rnd.choices(["grass", "grass_flowers", "grass_dark"], [6, 1, 3])[0])
    # a river from north to south, meandering; a ford of shallow water in the middle
    for r in range(m.rows):
        centre = 21 + 3 * math.sin(r / 4.5) + (r > 20) * (r - 20) * 0.3
        for c in range(m.cols):
            d = abs(c - centre)
            if d < 1.2:
                m.grid[r][c] = "shallow_water" if 13 <= r <= 16 else "deep_water"
            elif d < 2.2:
                m.grid[r][c] = "shallow_water"
            elif d < 3.0 and rnd.random() < 0.45:
                m.grid[r][c] = "mud"
    # a dirt road west to east through the ford
    for c in range(m.cols):
        if m.grid[14][c] not in ("shallow_water", "deep_water"):
            m.grid[14][c] = "dirt"
    # the hill (north-east): slopes around a crown
    crown = (31, 6)
    for r in range(m.rows):
        for c in range(m.cols):
            d = m.dist((c, r), crown)
            if d <= 1:
                m.grid[r][c] = "hilltop"
            elif d <= 4 and m.grid[r][c] not in ("shallow_water", "deep_water", "dirt"):
                m.grid[r][c] = "hill"
    # woods (south-west and north-west), bushes at their edges
    for centre, radius in (((8, 22), 4), ((6, 5), 3), ((14, 26), 2)):
        for r in range(m.rows):
            for c in range(m.cols):
                d = m.dist((c, r), centre)
                if m.grid[r][c] in ("grass", "grass_flowers", "grass_dark"):
                    if d <= radius and rnd.random() < 0.7:
                        m.grid[r][c] = "tree"
                    elif d == radius + 1 and rnd.random() < 0.35:
                        m.grid[r][c] = "bush"
    # rough, rocky ground (south-east), boulders
    for r in range(m.rows):
        for c in range(m.cols):
            if m.dist((c, r), (31, 23)) <= 4 and m.grid[r][c].startswith("grass") and rnd.random() < 0.8:
                m.grid[r][c] = "rough"
    for c, r in ((30, 22), (33, 24), (29, 25), (12, 10)):
        m.grid[r][c] = "boulder"
    m.grid[21][8] = "tree"  # the old oak
    m.zones = {"red": (2, 10, 5, 17), "blue": (35, 11, 38, 18)}
    m.spots = {"old_oak": (9, 20), "ford": (21, 14), "hilltop": crown, "rocks": (31, 23)}
    for name, (c, r) in m.spots.items():  # spots stand on open ground (the oak's spot is beside it)
        if name != "hilltop" and m.grid[r][c] in ("tree", "boulder", "deep_water"):
            m.grid[r][c] = "grass"
    for c0, r0, c1, r1 in m.zones.values():  # the start zones are clear
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                if m.grid[r][c] in ("tree", "boulder", "bush"):
                    m.grid[r][c] = "grass"
    return m


def cantina() -> MapSpec:
    """A spaceport bar for the nd6 brawl: a long bar with a way behind it at both ends, metal tables,
    hatches front and back, and a walled-off booth in the north-east corner that has one way out: a
    fighter backed into it cannot move away (S3-HTH-1)."""
    m = MapSpec("cantina", "The Blue Nebula", 20, 14, "nd6-tactical", "zlib", tileset="scifi",
                scale="1.33 m per hex")
    m.fill("cantina_floor")
    m.fill("bulkhead", lambda c, r: c in (0, m.cols - 1) or r in (0, m.rows - 1))
    # the bar along the north wall, open at both ends; the stock behind it
    for c in range(3, 12):
        m.grid[3][c] = "bar_counter"
    for c in (3, 7, 11):
        m.grid[1][c] = "boxes"
    m.grid[2][0] = "hatch"  # to the kitchen
    # the back booth: a bulkhead on its west side, open only to the south
    m.fill("bulkhead", lambda c, r: c == 14 and 0 < r < 4)
    m.grid[2][17] = "metal_table"
    # tables on the floor, a support column, the front and back hatches
    for c, r in ((4, 6), (9, 6), (14, 7), (3, 9), (8, 9), (12, 9), (16, 10), (17, 5)):
        m.grid[r][c] = "metal_table"
    m.grid[7][6] = "support"
    m.grid[m.rows - 1][9] = m.grid[m.rows - 1][10] = "hatch"
    m.grid[8][m.cols - 1] = "hatch"
    m.zones = {"red": (3, 4, 10, 5), "blue": (5, 11, 13, 12)}
    m.spots = {"bar": (7, 2), "back_corner": (18, 1), "front_door": (9, 12), "back_door": (18, 8)}
    return m


def cargo_bay() -> MapSpec:
    """A freighter's cargo bay for the nd6 close-quarters fight: a service corridor each side behind a
    bulkhead with two hatches, stacked crates making aisles (a pole arm's long reach, S3-POLE-3, and
    swords' sweeps, S3-SWEEP-1, count in three-hex lanes), loose cases for cover and the lift in the
    middle. Symmetric under a half turn, since the computer's ladder plays both sides."""
    m = MapSpec("cargo_bay", "Cargo Bay 3", 24, 18, "nd6-tactical", "zlib", tileset="scifi",
                scale="1.33 m per hex")
    m.fill("deck")
    m.fill("bulkhead", lambda c, r: c in (0, m.cols - 1) or r in (0, m.rows - 1))
    m.fill("grate", lambda c, r: c in (2, m.cols - 3) and 0 < r < m.rows - 1)
    m.fill("bulkhead", lambda c, r: c in (4, m.cols - 5) and 0 < r < m.rows - 1)

    def twice(c: int, r: int, tile: str) -> None:
        """The tile and its twin turned half-way round the bay's centre: with an even number of rows
        that is an exact symmetry of the hex grid, so neither side's start has better ground."""
        m.grid[r][c] = m.grid[m.rows - 1 - r][m.cols - 1 - c] = tile

    for r in (4, 13):
        twice(4, r, "hatch")
    # crate stacks leaving lanes two or three hexes wide
    for c, r in ((7, 2), (8, 2), (7, 3), (8, 3), (11, 4), (12, 4), (10, 6), (10, 7), (7, 9), (7, 10),
                 (6, 10), (14, 2), (15, 2), (15, 3)):
        twice(c, r, "crate")
    for c, r in ((6, 7), (9, 11), (13, 6), (17, 4)):
        twice(c, r, "boxes")
    # the lift in the middle, marked out; the controls on the north and south walls
    for c, r in ((11, 8), (12, 8)):
        twice(c, r, "hazard")
    twice(11, 1, "console")
    twice(6, 5, "support")
    m.zones = {"red": (1, 6, 3, 11), "blue": (m.cols - 4, 6, m.cols - 2, 11)}
    m.spots = {"lift": (11, 9), "west_hatch": (5, 4), "east_hatch": (m.cols - 6, 13), "controls": (11, 2)}
    return m


def compound() -> MapSpec:
    """Depot 9, the nd6 part-2 gunfight (30x22): a walled yard of packed dirt around a concrete
    warehouse. Each side comes in through its own gate (west and east); long open lanes north and
    south of the warehouse give the rifles and the laser their range, crates and fuel-drum stacks break
    them up, chain-link fences stop feet but not bullets, rubble slows a rush, and inside the warehouse
    crate aisles make a shotgun and flame-thrower fight. The drums are ``flammable`` (a tile property).
    Symmetric under a half turn like the cargo bay, for the computer's mirrored battles."""
    m = MapSpec("compound", "Depot 9", 30, 22, "nd6-tactical", "zlib", tileset="scifi", scale="1.33 m per hex")
    m.fill("packed_dirt")
    m.fill("bulkhead", lambda c, r: c in (0, m.cols - 1) or r in (0, m.rows - 1))

    def twice(c: int, r: int, tile: str) -> None:
        """The tile and its twin turned half-way round the yard's centre (an exact symmetry of the grid
        with an even number of rows, see cargo_bay)."""
        m.grid[r][c] = m.grid[m.rows - 1 - r][m.cols - 1 - c] = tile

    # the gates in the outer wall, each side's way in (its start zone lies behind them)
    for r in range(8, 14):
        twice(0, r, "hatch")
    # concrete aprons before the gates and round the warehouse
    for c in range(1, 5):
        for r in range(7, 15):
            twice(c, r, "concrete")
    for c in range(9, 21):
        for r in range(5, 17):
            twice(c, r, "concrete")
    # the warehouse: a bulkhead box with double doors on every side
    for c in range(10, 20):
        for r in range(6, 16):
            if c in (10, 19) or r in (6, 15):
                twice(c, r, "bulkhead")
    for r in (10, 11):
        twice(10, r, "hatch")
    for c in (14, 15):
        twice(c, 6, "hatch")
    # inside: crate aisles and a drum store beside the doors
    for c, r in ((12, 8), (13, 8), (12, 9), (16, 8), (17, 8), (14, 10), (12, 12), (13, 13)):
        twice(c, r, "crate")
    twice(17, 10, "fuel_drum")
    twice(11, 13, "boxes")
    # the yard: crates and drums to hide behind in the long lanes north and south of the warehouse,
    # a fence between each lane and the warehouse apron (open at the doors), rubble in the far corners
    for c, r in ((6, 2), (6, 3), (12, 2), (13, 2), (21, 3), (7, 9), (7, 12), (24, 7)):
        twice(c, r, "crate")
    for c, r in ((9, 2), (16, 2), (25, 4), (4, 17)):
        twice(c, r, "fuel_drum")
    for c, r in ((18, 2), (3, 3), (5, 6), (8, 6)):
        twice(c, r, "boxes")
    for c in (11, 12, 13, 16, 17, 18):
        twice(c, 4, "fence")
    for c, r in ((23, 1), (24, 1), (24, 2), (25, 2), (26, 2), (25, 1)):
        twice(c, r, "rubble")
    m.zones = {"red": (1, 8, 3, 13), "blue": (m.cols - 4, 8, m.cols - 2, 13)}
    m.spots = {"warehouse": (14, 11), "west_gate": (2, 10), "east_gate": (m.cols - 3, 11),
               "north_door": (14, 5), "south_door": (15, 16), "drum_store": (17, 11)}
    return m


def main() -> None:
    for make in (arena, tavern, outdoor, cantina, cargo_bay, compound):
        print("wrote", make().write())


if __name__ == "__main__":
    main()
