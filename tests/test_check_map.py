"""clinch check-map: the human summary, the exact --json schema, exit 2 for a bad map."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.files.maps import load_map, tile_center
from game.hexgrid import offset_to_axial

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT / "tests" / "fixtures" / "maps"
SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["check-map", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("axis,index", [("x", "odd"), ("x", "even"), ("y", "odd"), ("y", "even")])
def test_json_schema_is_exact(capsys: pytest.CaptureFixture[str], axis: str, index: str) -> None:
    code, out, err = run(capsys, str(FIX / f"hex_{axis}_{index}_zlib.tmx"), "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert list(data) == ["orientation", "top", "stagger_axis", "stagger_index", "columns", "rows",
                          "tile_size", "hex_side", "cells"]
    assert data["orientation"] == "hexagonal"
    assert data["top"] == ("flat" if axis == "x" else "pointy")
    assert (data["stagger_axis"], data["stagger_index"]) == (axis, index)
    assert (data["columns"], data["rows"]) == (6, 5)
    assert data["tile_size"] == ([32, 28] if axis == "x" else [28, 32])
    assert data["hex_side"] == 16 and type(data["hex_side"]) is int
    assert len(data["cells"]) == 30
    board = load_map(FIX / f"hex_{axis}_{index}_zlib.tmx")
    for cell in data["cells"]:
        assert list(cell) == ["tile", "hex", "center", "terrain"]
        col, row = cell["tile"]
        assert cell["hex"] == list(offset_to_axial(col, row, axis, index))
        assert all(type(v) is float for v in cell["center"])
        assert tuple(cell["center"]) == tile_center(board, col, row)
        assert isinstance(cell["terrain"], str)
    assert {c["terrain"] for c in data["cells"]} >= {"grass", "wall", "water", "open"}


@pytest.mark.skipif(not (SHARED / "tiled-examples").is_dir(), reason=f"{SHARED / 'tiled-examples'} is missing")
def test_json_centre_of_hq_cell(capsys: pytest.CaptureFixture[str]) -> None:
    """SOURCE.txt: "hq" sits at the pixel centre of cell (2,3): (64, 98) on hex_x_odd."""
    code, out, _ = run(capsys, str(SHARED / "tiled-examples" / "generated" / "hex_x_odd.tmx"), "--json")
    cell = next(c for c in json.loads(out)["cells"] if c["tile"] == [2, 3])
    assert code == 0 and cell["center"] == [64.0, 98.0] and cell["hex"] == [2, 2]


def test_human_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(ROOT / "maps" / "arena.tmx"))
    assert code == 0 and err == ""
    assert "The Sand Pit" in out and "pointy top" in out and "12x10 tiles" in out
    assert "zone 'red'" in out and "sand" in out


@pytest.mark.parametrize("name", ["orthogonal.tmx", "broken_xml.tmx", "truncated.tmx", "missing_tileset.tmx"])
def test_bad_map_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, err = run(capsys, str(FIX / "bad" / name), "--json")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("clinch check-map: ") and name in err


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys)[0] == 2
    code, _, err = run(capsys, "a.tmx", "b.tmx")
    assert code == 2 and err.count("\n") == 1
    code, _, err = run(capsys, "a.tmx", "--frobnicate")
    assert code == 2 and "--frobnicate" in err
    code, _, err = run(capsys, str(FIX / "nope.tmx"))
    assert code == 2 and "no such file" in err
