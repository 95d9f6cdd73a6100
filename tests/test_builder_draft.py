"""Issue 28, headless: the builder's draft (memory and ``builder/draft.json``) and a battle's title.

The draft is written atomically, read back as it was, and a draft that cannot be read (damaged, edited by
hand, hostile) is refused in one sentence naming the file and set aside, never half-read. A battle carries
its scenario's title ("Sand Duel", not its map's "The Sand Pit") into its saves and their list.
"""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from game.builder.draft import DRAFT_FORMAT, DraftKeeper, draft_path, made_key
from game.builder.edit import add_fighter, new_setup, start_battle
from game.builder.roster import roster

ROOT = Path(__file__).resolve().parents[1]
ARENA = ROOT / "maps" / "arena.tmx"


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def duel():
    """Two fighters of the first ruleset with a roster on the arena, titled "Sand Duel"."""
    from game.builder.edit import board_of

    setup = msgspec.structs.replace(new_setup(ARENA, "3d6-lite"), name="Sand Duel")
    board = board_of(setup)
    arch = roster("3d6-lite")[0]
    setup, _ = add_fighter(setup, arch, "red", board)
    setup, _ = add_fighter(setup, arch, "blue", board)
    return setup


def test_a_kept_set_up_is_written_atomically_and_a_new_run_reads_it_back() -> None:
    setup = duel()
    keeper = DraftKeeper()
    assert keeper.restore() == (None, None)  # nothing kept yet: the builder starts afresh
    assert keeper.keep(setup, Path("/x/Sand Duel.toml")) is None
    path = draft_path()
    assert path.is_file() and not path.with_name(path.name + ".tmp").exists()
    again, problem = DraftKeeper().restore()  # the game started again (or after a crash)
    assert problem is None and again.setup == setup and again.path == str(Path("/x/Sand Duel.toml"))


def test_an_unchanged_set_up_is_not_written_again_and_memory_outlasts_the_file() -> None:
    setup = duel()
    keeper = DraftKeeper()
    keeper.keep(setup, None)
    draft_path().unlink()
    keeper.keep(setup, None)  # the same set-up (the page tab takes the fields again): no write
    assert not draft_path().exists()
    assert keeper.restore()[0].setup == setup  # this run still has it in memory


def test_a_disk_that_refuses_the_draft_is_said_once_and_the_memory_keeps_it(data) -> None:
    data.parent.mkdir(parents=True, exist_ok=True)
    data.write_text("a file where the data folder should be")
    keeper = DraftKeeper()
    problem = keeper.keep(duel(), None)
    assert problem is not None and "\n" not in problem and "kept while the game runs" in problem
    assert keeper.restore()[0].setup == duel()


def _draft(**over):
    body = {"format": DRAFT_FORMAT, "version": 1, "setup": msgspec.to_builtins(duel()), "path": None}
    body.update(over)
    return body


def _with_setup(**over):
    setup = msgspec.to_builtins(duel())
    setup.update(over)
    return _draft(setup=setup)


HOSTILE = {
    "not json": b"{ this is not json",
    "truncated": json.dumps(_draft()).encode()[:-40],
    "not utf-8": b'{"format": "\xff\xfe"}',
    "a list": b"[1, 2, 3]",
    "unknown field": json.dumps(_draft(extra=1)).encode(),
    "wrong format": json.dumps(_draft(format="clinch-save")).encode(),
    "a later version": json.dumps(_draft(version=9)).encode(),
    "no sides": json.dumps(_with_setup(sides=[])).encode(),
    "a bidi name": json.dumps(_with_setup(name="Sand \u202eDuel")).encode(),
    "a NUL in a side's name": json.dumps(_with_setup(sides=[{"id": "red", "name": "R\u0000ed"}])).encode(),
    "two sides of one id": json.dumps(_with_setup(sides=[{"id": "red"}, {"id": "red"}])).encode(),
    "a colour that is not one": json.dumps(_with_setup(sides=[{"id": "red", "colour": "blood"}])).encode(),
    "a number for the map": json.dumps(_with_setup(map=12)).encode(),
    "a path that is no scenario": json.dumps(_draft(path="/etc/passwd")).encode(),
    "NaN": json.dumps(_with_setup(options={"turn_limit": float("nan")})).encode(),
    "64-bit overflow": json.dumps(_with_setup(seed=2**70)).encode(),
    "deep nesting": b'{"format": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    "too big": b'{"format": "' + b"x" * (2 << 20) + b'"}',
}


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_draft_that_cannot_be_read_is_refused_in_one_sentence_and_set_aside(kind) -> None:
    path = draft_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(HOSTILE[kind])
    draft, problem = DraftKeeper().restore()
    assert draft is None
    assert problem is not None and problem.startswith(str(path)) and "\n" not in problem, problem
    assert problem.endswith("a new set-up.") and "Traceback" not in problem
    assert not path.exists()
    (aside,) = path.parent.glob("draft-unreadable*.json")
    assert aside.read_bytes() == HOSTILE[kind]  # kept as it was, for whoever wants to look
    assert aside.name in problem


def test_a_folder_where_the_draft_should_be_is_refused_too() -> None:
    draft_path().mkdir(parents=True)
    draft, problem = DraftKeeper().restore()
    assert draft is None and problem is not None and "\n" not in problem


def test_the_battle_carries_the_typed_title_not_the_maps_name() -> None:
    """A built battle is titled as typed; a battle with no title of its own is named by its map."""
    from game.files.maps import load_scenario
    from game.model import battle_title

    battle = start_battle(duel(), Path("/nowhere/Sand Duel.toml"))
    assert battle.board.name == "The Sand Pit" and battle.title == "Sand Duel"
    assert battle_title(battle) == "Sand Duel"
    assert battle_title(msgspec.structs.replace(battle, title=msgspec.UNSET)) == "The Sand Pit"
    assert load_scenario(ROOT / "maps" / "arena.toml").title == "Sand Pit: three on three"


def test_an_untitled_battle_encodes_as_before() -> None:
    """UNSET: a battle without a title has no "title" key, so its state hash is what it was."""
    from game.model import battle_to_json

    battle = start_battle(msgspec.structs.replace(duel(), name=""), Path("/nowhere/x.toml"))
    assert b'"title"' not in battle_to_json(battle)


def test_a_saved_built_battle_is_listed_by_its_title(tmp_path) -> None:
    from game.files.save_slots import SaveEntry
    from game.files.saves import read_header, save_game
    from game.flow.turns import TurnController

    battle = start_battle(duel(), Path("/nowhere/Sand Duel.toml"))
    ctl = TurnController(battle, battle.ruleset, seat={"red": "human", "blue": "human"})
    path = save_game(ctl, tmp_path / "a.json")
    entry = SaveEntry(path=path, autosave=True, mtime=0.0, header=read_header(path))
    assert entry.place == "Sand Duel" and entry.title == "Autosave \u2014 Sand Duel, round 1"


def test_a_save_whose_title_is_hostile_is_refused_in_one_sentence(tmp_path) -> None:
    from game.files.saves import SaveError, load_game, save_game
    from game.flow.turns import TurnController

    battle = start_battle(duel(), Path("/nowhere/Sand Duel.toml"))
    ctl = TurnController(battle, battle.ruleset, seat={"red": "human", "blue": "human"})
    path = save_game(ctl, tmp_path / "a.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["initial"]["title"] = "Sand \u202eDuel"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match=r"initial\.title holds") as err:
        load_game(path)
    assert "\n" not in str(err.value)


def test_made_key_is_the_builders_part_of_a_battle() -> None:
    """The battle as played (after the ruleset's start-up) is still the one the builder made; another
    set-up's is not."""
    from game.flow.turns import TurnController

    battle = start_battle(duel(), Path("/nowhere/Sand Duel.toml"))
    ctl = TurnController(battle.clone(), battle.ruleset, seat={"red": "human", "blue": "human"})
    assert made_key(ctl.initial) == made_key(battle)
    other = start_battle(msgspec.structs.replace(duel(), name="Other"), Path("/nowhere/o.toml"))
    assert made_key(other) != made_key(battle)
