"""A map picked from outside the game's and the player's maps folders is copied into the player's maps folder
(with the tilesets and images it reads) when a battle on it is saved, so the battle keeps its map when the
original moves; a map that reads files outside its own folder, or would overwrite another map's tileset, is
left where it is, said in one sentence. Headless."""

from __future__ import annotations

import shutil
from pathlib import Path, PurePosixPath

import pytest

from game.builder.user_folder import copy_map_in, keep_map, needs_copy, user_maps, user_maps_dir
from game.tiled.map_files import map_files
from game.tiled.reader import load_map
from game.tiled.safe_xml import MapError

ROOT = Path(__file__).resolve().parent.parent
OUTDOOR = ROOT / "maps" / "outdoor.tmx"
#: a fixture whose tileset image lies one folder up ("../pointy_tiles.png")
CLASS_WORDS = ROOT / "tests" / "fixtures" / "maps" / "features" / "class_words.tmx"


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))


def _elsewhere(tmp_path: Path, name: str = "field.tmx") -> Path:
    """The shipped outdoor map and what it reads, copied into a folder of the player's (a download)."""
    mine = tmp_path / "downloads"
    mine.mkdir(exist_ok=True)
    for rel in map_files(OUTDOOR)[1:]:
        shutil.copy(OUTDOOR.parent / rel, mine / rel)
    shutil.copy(OUTDOOR, mine / name)
    return mine / name


def test_map_files_names_the_map_its_tilesets_and_their_images() -> None:
    files = map_files(OUTDOOR)
    assert files[0] == PurePosixPath("outdoor.tmx") and len(files) == len(set(files)) >= 3
    assert any(f.suffix == ".tsx" for f in files) and any(f.suffix == ".png" for f in files)
    assert all((OUTDOOR.parent / f).is_file() for f in files)


def test_a_file_outside_the_maps_folder_is_one_sentence() -> None:
    with pytest.raises(MapError, match=r"class_words\.tmx: '\.\./pointy_tiles\.png' lies outside the map's folder\.$"):
        map_files(CLASS_WORDS)


def test_a_map_from_elsewhere_is_copied_in_with_what_it_reads_and_plays_when_the_original_is_gone(
        tmp_path: Path) -> None:
    picked = _elsewhere(tmp_path)
    assert needs_copy(picked) and not needs_copy(OUTDOOR)
    copy = copy_map_in(picked)
    assert copy == user_maps_dir() / "field.tmx" and user_maps() == [copy] and not needs_copy(copy)
    shutil.rmtree(picked.parent)
    board = load_map(copy)
    assert board.cells == load_map(OUTDOOR).cells and board.tilesets  # terrain and pictures both kept


def test_copied_twice_is_one_copy_and_another_map_of_the_name_gets_its_own(tmp_path: Path) -> None:
    picked = _elsewhere(tmp_path)
    assert copy_map_in(picked) == copy_map_in(picked) == user_maps_dir() / "field.tmx"
    other = tmp_path / "other"
    other.mkdir()
    for rel in map_files(OUTDOOR)[1:]:
        shutil.copy(OUTDOOR.parent / rel, other / rel)
    (other / "field.tmx").write_bytes((ROOT / "maps" / "arena.tmx").read_bytes())
    second = copy_map_in(other / "field.tmx")
    assert second == user_maps_dir() / "field_2.tmx" and second.read_bytes() == (other / "field.tmx").read_bytes()
    assert load_map(user_maps_dir() / "field.tmx").cells == load_map(OUTDOOR).cells  # the first is untouched


def test_a_tileset_of_the_same_name_with_other_bytes_is_refused_and_nothing_written(tmp_path: Path) -> None:
    picked = _elsewhere(tmp_path)
    tsx = next(f for f in map_files(picked) if f.suffix == ".tsx")
    user_maps_dir().mkdir(parents=True)
    (user_maps_dir() / tsx).write_text("<tileset/>", encoding="utf-8")
    with pytest.raises(ValueError, match=rf"^field\.tmx: your maps folder already has another {tsx}, which"):
        copy_map_in(picked)
    assert sorted(p.name for p in user_maps_dir().iterdir()) == [tsx.name]


def test_keep_map_says_what_it_did() -> None:
    assert keep_map(OUTDOOR) == (OUTDOOR, "")  # the game's own: nothing to copy, nothing to say
    kept, words = keep_map(CLASS_WORDS)
    assert kept == CLASS_WORDS and not user_maps_dir().exists()
    assert words == ("class_words.tmx stays read from its folder 'features', so keep it there "
                     "('../pointy_tiles.png' lies outside the map's folder)")
