"""Hostile maps (issue 13): every bad .tmx/.tsx/tileset image is one sentence naming the file and the field.

Each hostile file is generated in a temporary folder from the shipped
``maps/arena.tmx`` (with ``terrain.tsx`` and ``terrain.png`` beside it): named
cases first, then hypothesis mutations (attribute values such as nan, inf,
huge, negative or text; deleted elements; deep nesting; random bytes), each of
which must load as a valid board or raise :class:`MapError` (a ``ValueError``)
whose one-line message names the map. A sample goes through the real
``clinch check-map`` under a 200 MB address-space cap (tests/hostile.py).
"""

from __future__ import annotations

import base64
import functools
import os
import re
import struct
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.files.maps import MAX_CELLS_A_SIDE, MapError, load_map
from game.model import Board
from tests.hostile import assert_refused, run_clinch, scratch_folder

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"
ARENA = (MAPS / "arena.tmx").read_text(encoding="utf-8")
TSX = (MAPS / "terrain.tsx").read_text(encoding="utf-8")
PNG = (MAPS / "terrain.png").read_bytes()
CSV = re.compile(r'<data encoding="csv">.*?</data>', re.S)


def make_dir(folder: Path, tmx: str = ARENA, tsx: str = TSX, png: bytes = PNG) -> Path:
    """A map folder like maps/: the .tmx, its tileset and its image, any of them hostile."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "m.tmx").write_text(tmx, encoding="utf-8")
    (folder / "terrain.tsx").write_text(tsx, encoding="utf-8")
    (folder / "terrain.png").write_bytes(png)
    return folder / "m.tmx"


def with_data(payload: str, encoding: str | None = "base64", compression: str | None = None,
              tmx: str = ARENA) -> str:
    attrs = (f' encoding="{encoding}"' if encoding else "") + (f' compression="{compression}"' if compression else "")
    return CSV.sub(lambda _m: f"<data{attrs}>{payload}</data>", tmx)


@functools.cache
def bomb(compression: str, megabytes: int = 300) -> str:
    """A layer whose 12x10 tiles (480 bytes) are 'stored' as ``megabytes`` MB of zeros (a 1000:1 bomb).

    Built without compressing 300 MB: after a full flush a deflate stream
    forgets its past, so the blocks for one MB of zeros can be repeated, and
    the checksum is worked out over the zeros in slices.
    """
    mb = b"\0" * (1 << 20)
    if compression == "zstd":
        zstandard = pytest.importorskip("zstandard")
        c = zstandard.ZstdCompressor(level=3).compressobj()
        packed = b"".join(c.compress(mb) for _ in range(megabytes)) + c.flush()
    else:
        c = zlib.compressobj(9, zlib.DEFLATED, -15)
        first = c.compress(mb) + c.flush(zlib.Z_FULL_FLUSH)
        again = c.compress(mb) + c.flush(zlib.Z_FULL_FLUSH)
        body = first + again * (megabytes - 1) + c.flush()
        if compression == "zlib":
            adler = 1
            for _ in range(megabytes):
                adler = zlib.adler32(mb, adler)
            packed = b"\x78\xda" + body + struct.pack(">I", adler)
        else:
            crc = 0
            for _ in range(megabytes):
                crc = zlib.crc32(mb, crc)
            size = (megabytes << 20) & 0xFFFFFFFF
            packed = b"\x1f\x8b\x08\x00\0\0\0\0\x02\xff" + body + struct.pack("<II", crc, size)
    return with_data(base64.b64encode(packed).decode(), compression=compression)


def png_header(width: int, height: int) -> bytes:
    """A PNG signature and IHDR claiming ``width`` x ``height``, and nothing else."""
    body = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + body + struct.pack(">I", zlib.crc32(b"IHDR" + body))


def nested(depth: int) -> str:
    return ARENA.replace(" <layer", " " + "<group>" * depth + "<layer", 1).replace(
        "</layer>", "</layer>" + "</group>" * depth, 1)


LAUGHS = ('<?xml version="1.0"?>\n<!DOCTYPE map [\n <!ENTITY a "aaaaaaaaaa">\n'
          + "".join(f' <!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">\n' for i in range(8))
          + ']>\n' + ARENA.split("\n", 1)[1].replace('value="The Sand Pit"', 'value="&i;"'))
XXE = ('<?xml version="1.0"?>\n<!DOCTYPE map [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
       + ARENA.split("\n", 1)[1].replace('value="The Sand Pit"', 'value="&x;"'))

#: (case, how to build the folder, the message expected after "<map path>: ")
CASES: list[tuple[str, Callable[[Path], Path], str]] = [
    ("nan width", lambda d: make_dir(d, ARENA.replace('width="12"', 'width="nan"', 1)),
     r"width='nan' is not a finite number\.$"),
    ("inf tile width", lambda d: make_dir(d, ARENA.replace('tilewidth="64"', 'tilewidth="inf"', 1)),
     r"tilewidth='inf' is not a finite number\.$"),
    ("huge map", lambda d: make_dir(d, ARENA.replace('width="12" height="10" tilewidth',
                                                     'width="3000" height="3000" tilewidth', 1)),
     rf"map is 3000x3000 cells; Clinch plays maps up to {MAX_CELLS_A_SIDE}x{MAX_CELLS_A_SIDE}\.$"),
    ("100000x100000", lambda d: make_dir(d, ARENA.replace('width="12" height="10"', 'width="100000" height="100000"')),
     r"map is 100000x100000 cells"),
    ("huge tiles", lambda d: make_dir(d, ARENA.replace('tilewidth="64"', 'tilewidth="999999999"', 1)),
     r"has tiles of 999999999x74 pixels"),
    ("text gid", lambda d: make_dir(d, with_data('<tile gid="abc"/>' * 120, encoding=None)),
     r"layer 'terrain': gid='abc' is not a number\.$"),
    ("nan gid", lambda d: make_dir(d, with_data('<tile gid="nan"/>' * 120, encoding=None)),
     r"gid='nan' is not a finite number\.$"),
    ("unknown XML encoding", lambda d: make_dir(d, ARENA.replace('encoding="UTF-8"', 'encoding="x-klingon"')),
     r"declares a text encoding Python does not know .*x-klingon"),
    ("nested groups", lambda d: make_dir(d, nested(5000)), r"nests elements deeper than 64 levels"),
    ("zlib bomb", lambda d: make_dir(d, bomb("zlib")), r"layer 'terrain' holds more tile data than the map's 120"),
    ("gzip bomb", lambda d: make_dir(d, bomb("gzip", 32)), r"layer 'terrain' holds more tile data than the map's 120"),
    ("zstd bomb", lambda d: make_dir(d, bomb("zstd", 32)), r"layer 'terrain' holds more tile data than the map's 120"),
    ("long CSV", lambda d: make_dir(d, with_data(",".join(["5"] * 1_000_000), encoding="csv")),
     r"layer 'terrain' holds 1000000 tiles but the map needs 120\.$"),
    ("image declared 1e9 wide", lambda d: make_dir(d, tsx=TSX.replace('width="384"', 'width="1000000000"')),
     r"<image> 'terrain\.png': width='1000000000' is out of range\.$"),
    ("PNG 1e9 wide", lambda d: make_dir(d, png=png_header(1_000_000_000, 10)),
     r"its image 'terrain\.png' is a PNG of 1000000000x10 pixels; Clinch draws tileset images up to"),
    ("not an image", lambda d: make_dir(d, png=b"<html>not a picture</html>"),
     r"its image 'terrain\.png' is not a PNG, JPEG, GIF or BMP image\.$"),
    ("truncated PNG", lambda d: make_dir(d, png=PNG[:5000]), r"its image 'terrain\.png' is not a usable PNG: it is cut"),
    ("damaged PNG", lambda d: make_dir(d, png=PNG[:3000] + bytes(b ^ 0x5A for b in PNG[3000:3100]) + PNG[3100:]),
     r"its image 'terrain\.png' is not a usable PNG: it has a damaged 'IDAT' chunk\.$"),
    ("negative columns", lambda d: make_dir(d, tsx=TSX.replace('columns="6"', 'columns="-3"')),
     r"tileset 'terrain\.tsx': columns='-3' is below 0\.$"),
    ("columns beyond the image", lambda d: make_dir(d, tsx=TSX.replace('columns="6"', 'columns="60"')),
     r"tileset 'terrain\.tsx': columns=60 but its 384-pixel-wide image holds 6\.$"),
    ("tilecount beyond the image", lambda d: make_dir(d, tsx=TSX.replace('tilecount="25"', 'tilecount="90000"')),
     r"tileset 'terrain\.tsx': tilecount=90000 but its 384x370 image holds 30 tiles\.$"),
    ("text opacity", lambda d: make_dir(d, ARENA.replace('name="terrain" width', 'name="terrain" opacity="lots" width')),
     r"layer 'terrain': opacity='lots' is not a number\.$"),
    ("nan object", lambda d: make_dir(d, ARENA.replace('x="448" y="312"', 'x="448" y="nan"')),
     r"<object> 'centre': y='nan' is not a finite number\.$"),
    ("far object", lambda d: make_dir(d, ARENA.replace('x="448" y="312"', 'x="1e300" y="312"')),
     r"<object> 'centre': x='1e300' is out of range\.$"),
    ("text group offset", lambda d: make_dir(d, ARENA.replace('name="start"', 'name="start" offsetx="abc"')),
     r"<objectgroup> 'start': offsetx='abc' is not a number\.$"),
    ("billion laughs", lambda d: make_dir(d, LAUGHS), r"is not well-formed XML|nests"),
    ("XXE", lambda d: make_dir(d, XXE), r"is not well-formed XML \((undefined|reference to external) entity"),
    ("path traversal", lambda d: make_dir(d, ARENA.replace('source="terrain.tsx"', 'source="../../../../etc/passwd"')),
     r"tileset '\.\./\.\./\.\./\.\./etc/passwd' is not a \.tsx file\.$"),
    ("tileset is a folder", lambda d: _tsx_folder(d), r"tileset 'terrain\.tsx' is unreadable \(a folder"),
    ("tileset is a pipe", lambda d: _tsx_fifo(d), r"tileset 'terrain\.tsx' is unreadable \(a named pipe"),
    ("map is a pipe", lambda d: _map_fifo(d), r"is a named pipe, not a file; it was not read\.$"),
    ("not a map", lambda d: make_dir(d, TSX), r"is not a Tiled map \(its root element is <tileset>\)\.$"),
    ("50,000 tile records", lambda d: make_dir(d, tsx=TSX.replace("</tileset>", "".join(
        f'<tile id="{i}"><properties><property name="cover" type="int" value="1"/></properties></tile>'
        for i in range(25, 50000)) + "</tileset>")),
     r"tileset 'terrain\.tsx' is unreadable \(has (more than 65,536 XML elements|about [\d,]+ XML attributes)"),
    ("600,000 attributes", lambda d: make_dir(d, ARENA.replace("<map ", "<map " + " ".join(
        f'a{i}=""' for i in range(600_000)) + " ", 1)), r"has about 600,0\d\d XML attributes; Clinch reads no more"),
    ("300,000 attributes on one tag", lambda d: make_dir(d, ARENA.replace("<map ", "<map " + " ".join(
        f'a{i}=""' for i in range(300_000)) + " ", 1)), r"<map> has 300,01\d attributes; no Tiled element has more"),
    ("tile id beyond tilecount", lambda d: make_dir(d, tsx=TSX.replace('<tile id="24"', '<tile id="2400"')),
     r"tileset 'terrain\.tsx': <tile>: id='2400' is above 24\.$"),
    ("100,000 properties", lambda d: make_dir(d, ARENA.replace("<properties>", "<properties>" + "".join(
        f'<property name="p{i}"/>' for i in range(100_000)), 1)),
     r"has more than 65,536 XML elements besides tiles; Clinch reads no more\.$"),
    ("20,000 properties", lambda d: make_dir(d, ARENA.replace("<properties>", "<properties>" + "".join(
        f'<property name="p{i}" value="v"/>' for i in range(20_000)), 1)),
     r"has 20,003 properties; Clinch reads maps of up to 16,384\.$"),
    ("5,000 objects", lambda d: make_dir(d, ARENA.replace("</objectgroup>", "".join(
        f'<object id="{i + 10}" name="p{i}" x="1e7" y="3"><point/></object>' for i in range(5000)) + "</objectgroup>")),
     r"has 5,006 objects; Clinch reads maps of up to 4,096\.$"),
    ("100 tilesets", lambda d: make_dir(d, ARENA.replace("<layer", "".join(
        f'<tileset firstgid="{1000 + 100 * i}" source="terrain.tsx"/>' for i in range(100)) + "<layer", 1)),
     r"has 101 tilesets; Clinch reads maps of up to 64\.$"),
    ("100 layers", lambda d: make_dir(d, ARENA.replace("</layer>", "</layer>" + "".join(
        f'<layer name="l{i}" width="12" height="10"><data encoding="csv">{",".join(["5"] * 120)}</data></layer>'
        for i in range(99)), 1)),
     r"has 100 tile layers; Clinch reads maps of up to 64\.$"),
    ("zones too costly", lambda d: make_dir(d, with_data(",".join(["5"] * 40000), encoding="csv", tmx=ARENA.replace(
        'width="12" height="10"', 'width="200" height="200"').replace("</objectgroup>", "".join(
            f'<object id="{i + 10}" name="z{i}" x="0" y="0" width="20000" height="20000"/>' for i in range(4))
        + "</objectgroup>"))),
     r"object 'z\d': the map's objects need more than 500,000 cell tests to place; use fewer or smaller zones\.$"),
]


def _tsx_folder(d: Path) -> Path:
    path = make_dir(d)
    (d / "terrain.tsx").unlink()
    (d / "terrain.tsx").mkdir()
    return path


def _map_fifo(d: Path) -> Path:
    path = make_dir(d)
    path.unlink()
    os.mkfifo(path)
    return path


def _tsx_fifo(d: Path) -> Path:
    path = make_dir(d)
    (d / "terrain.tsx").unlink()
    os.mkfifo(d / "terrain.tsx")
    return path


@pytest.mark.parametrize("case,build,pattern", CASES, ids=[c[0] for c in CASES])
def test_hostile_map_refused_in_one_sentence(tmp_path: Path, case: str, build: Callable[[Path], Path],
                                             pattern: str) -> None:
    """Issue 13: each hostile map is a MapError naming the map file and the attribute at fault."""
    path = build(tmp_path)
    with pytest.raises(MapError) as info:
        load_map(path)
    message = str(info.value)
    assert "\n" not in message and message.startswith(f"{path}: "), message
    assert re.search(pattern, message), message


@pytest.mark.parametrize("ext,kind", [("jpg", "JPEG"), ("bmp", "BMP")])
def test_other_image_formats_whole_or_cut_short(tmp_path: Path, ext: str, kind: str) -> None:
    """Issue 13: a JPEG or BMP tileset is read by its header; cut short, it is refused before the board view."""
    pygame = pytest.importorskip("pygame")
    image = tmp_path / f"t.{ext}"
    pygame.image.save(pygame.image.load(str(MAPS / "terrain.png")), str(image))
    path = make_dir(tmp_path, tsx=TSX.replace("terrain.png", image.name))
    assert load_map(path).tilesets[0].columns == 6
    image.write_bytes(image.read_bytes()[:20000])
    with pytest.raises(MapError, match=rf"its image 't\.{ext}' is not a usable {kind}: it is cut short"):
        load_map(path)


def test_gif_without_its_trailer(tmp_path: Path) -> None:
    path = make_dir(tmp_path, png=b"GIF89a" + struct.pack("<HH", 384, 370) + b"\0" * 20)
    with pytest.raises(MapError, match=r"its image 'terrain\.png' is not a usable GIF: it is cut short \(no trailer\)"):
        load_map(path)


def test_shipped_maps_still_load() -> None:
    for name in ("arena", "tavern", "outdoor"):
        assert load_map(MAPS / f"{name}.tmx").cells


def test_largest_map_loads(tmp_path: Path) -> None:
    """A 512x512 map is played, not refused (the cap is a cap, not a guess)."""
    n = MAX_CELLS_A_SIDE
    tmx = ARENA.replace('width="12" height="10"', f'width="{n}" height="{n}"')
    path = make_dir(tmp_path, with_data(",".join(["5"] * (n * n)), encoding="csv", tmx=tmx))
    board = load_map(path)
    assert board.columns == n and len(board.cells) == n * n


# --- the real command, under 200 MB and 2 s ------------------------------------------

CLI_SAMPLE = ["zlib bomb", "nan width", "huge map", "PNG 1e9 wide", "nested groups", "map is a pipe",
              "100,000 properties"]


@pytest.mark.parametrize("case", CLI_SAMPLE)
def test_check_map_refuses_under_the_memory_cap(tmp_path: Path, case: str) -> None:
    """Issue 13: ``clinch check-map`` exits 2 with one line naming the map, within 2 s and 200 MB.

    The zlib bomb expands to 200 MB of zeros: refusing it under the 200 MB cap
    shows that only the map's own 480 bytes were ever inflated.
    """
    build = next(c[1] for c in CASES if c[0] == case)
    path = build(tmp_path)
    assert_refused(run_clinch("check-map", path), names=path)


def test_screenshot_refuses_a_tileset_that_is_not_an_image(tmp_path: Path) -> None:
    """Issue 13: the map is refused before rendering (it used to pass check-map and crash the screenshot)."""
    path = make_dir(tmp_path, png=b"GIF89a")  # a GIF signature and no size
    (tmp_path / "s.toml").write_text((MAPS / "arena.toml").read_text().replace("arena.tmx", "m.tmx"))
    assert_refused(run_clinch("screenshot", tmp_path / "s.toml", "--out", tmp_path / "x.png"), names=path.name)
    assert not (tmp_path / "x.png").exists()


# --- hypothesis: mutations of the real arena ---------------------------------------------

HOSTILE_VALUES = st.one_of(
    st.sampled_from(["nan", "inf", "-inf", "1e309", "-1", "-3", "0", "99999999999", "4294967296", "", " ", "abc",
                     "1.5", "0x10", "1e6", "512", "513", "-0", "+7", "２", "true"]),
    st.integers(min_value=-2**40, max_value=2**40).map(str),
    st.text(max_size=8),
)


def _elements(root: ElementTree.Element) -> list[ElementTree.Element]:
    return list(root.iter())


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str, bytes]:
    """The arena, its tileset and its image with a few hostile changes."""
    files = {"tmx": ElementTree.fromstring(ARENA.encode()), "tsx": ElementTree.fromstring(TSX.encode())}
    raw_png = PNG
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["attr", "attr", "attr", "delete", "nest", "png"]))
        which = draw(st.sampled_from(["tmx", "tsx"]))
        elems = _elements(files[which])
        elem = elems[draw(st.integers(0, len(elems) - 1))]
        if kind == "attr":
            names = sorted(elem.attrib) + ["width", "height", "gid", "columns", "tilecount", "x", "y", "opacity"]
            elem.set(draw(st.sampled_from(names)), draw(HOSTILE_VALUES))
        elif kind == "delete" and len(elem):
            elem.remove(elem[draw(st.integers(0, len(elem) - 1))])
        elif kind == "nest":
            inner = ElementTree.SubElement(elem, "group")
            for _ in range(draw(st.integers(1, 120))):
                inner = ElementTree.SubElement(inner, "group")
        elif kind == "png":
            at = draw(st.integers(0, 200))
            raw_png = raw_png[:at] + draw(st.binary(min_size=1, max_size=16)) + raw_png[at + 16:]
    tmx = ElementTree.tostring(files["tmx"], encoding="unicode")
    tsx = ElementTree.tostring(files["tsx"], encoding="unicode")
    return tmx, tsx, raw_png


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    yield from scratch_folder("clinch-maps-")


def _loads_or_refuses(path: Path) -> None:
    """The whole promise for one file: a valid board, or one sentence naming the map; nothing else."""
    try:
        board = load_map(path)
    except MapError as exc:
        message = str(exc)
        assert "\n" not in message and message.startswith(str(path)), message
        return
    assert isinstance(board, Board)
    assert 1 <= board.columns <= MAX_CELLS_A_SIDE and 1 <= board.rows <= MAX_CELLS_A_SIDE
    for layer in board.layers:
        assert len(layer.gids) == board.rows and all(len(r) == board.columns for r in layer.gids)
    for ts in board.tilesets:
        assert ts.columns >= 1 and 1 <= ts.tile_count <= ts.columns * 16384


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutated())
def test_mutated_arena_loads_or_is_refused(scratch: Path, files: tuple[str, str, bytes]) -> None:
    """Issue 13: hypothesis mutations of arena.tmx/terrain.tsx/terrain.png never escape as another exception."""
    tmx, tsx, raw_png = files
    _loads_or_refuses(make_dir(scratch, tmx, tsx, raw_png))


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, len(ARENA.encode()) - 1), st.binary(min_size=1, max_size=64))
def test_random_bytes_in_the_map(scratch: Path, at: int, junk: bytes) -> None:
    """Issue 13: random bytes spliced into the .tmx: a board or one sentence, never a traceback."""
    raw = ARENA.encode()
    path = make_dir(scratch)
    path.write_bytes(raw[:at] + junk + raw[at + len(junk):])
    _loads_or_refuses(path)
