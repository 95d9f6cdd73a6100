"""The autosave folder: one file per battle, the latest autosave of each of the last battles, ordered by what
the files hold (battle and time), never by a counter in their names or their mtimes.

Before: autosaves were ``autosave-NNNNNN.json`` numbered on from the highest name in the folder and the
five highest numbers kept. After ``autosave-999999.json`` (one planted file was enough) each new autosave
was ``autosave-000000.json``, deleted at once as the "oldest", silently, and Continue loaded the stale one;
and the five kept were the last five steps of one battle, so an older battle could no longer be resumed.
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_turns_double import TurnsDouble, make_battle

from game.files import saves
from game.files.saves import load_game, read_save, state_hash
from game.flow.turns import TurnController, TurnSettings

RS = TurnsDouble()
FUTURE = 4_102_444_800  # 2100-01-01: an mtime no autosave was written at


def play(ctl: TurnController, seed: int, turns: int) -> None:
    rng = random.Random(seed)
    for _ in range(turns):
        if ctl.is_over():
            return
        assert ctl.submit(rng.choice([o.action for o in ctl.legal_actions() if o.legal])).ok


def battle(folder: Path, seed: int, turns: int = 2, keep: int = 10) -> TurnController:
    """A battle autosaving into ``folder`` after ``turns`` random steps."""
    ctl = TurnController(make_battle(seed, size=4), RS, settings=TurnSettings(autosave_dir=folder,
                                                                              autosave_keep=keep))
    play(ctl, seed, turns)
    return ctl


def own_file(folder: Path, ctl: TurnController) -> Path:
    return folder / f"autosave-{ctl.battle_id}.json"


def restamp(path: Path, saved_at: str) -> None:
    """The same save said to be written at another time (its header is all the bookkeeping reads)."""
    raw = json.loads(path.read_bytes())
    raw["saved_at"] = saved_at
    path.write_text(json.dumps(raw))


def test_one_planted_autosave_999999_no_longer_wraps_the_numbering(tmp_path):
    """The issue's reproduction: a file named autosave-999999.json in the folder. The new battle's autosave
    is written, kept at every step, and is what Continue loads."""
    folder = tmp_path / "autosave"
    old = battle(folder, 1)
    os.replace(own_file(folder, old), folder / "autosave-999999.json")
    ctl = battle(folder, 2, turns=0)
    for step in range(6):
        play(ctl, 10 + step, 1)
        newest = saves.latest_autosave(folder)
        assert newest == own_file(folder, ctl), step
        assert read_save(newest).state_hash == state_hash(ctl.battle)
    assert (folder / "autosave-999999.json").is_file()  # the older battle is still there to resume
    assert state_hash(load_game(saves.latest_autosave(folder), ruleset=RS).battle) == state_hash(ctl.battle)


def test_the_worst_names_mtimes_and_files_neither_hide_nor_delete_the_newest_autosave(tmp_path):
    """Planted: a save named 999999, one named by a 30-digit number, one with a non-numeric name and an mtime
    in 2100, a save whose own stamp is in 2100, and files that are not saves (text, JSON of another kind,
    a folder) under autosave names. A new battle's autosave is the newest after every step; nothing that is
    not a save is touched; the planted saves of other battles stay (fewer than ten battles)."""
    folder = tmp_path / "autosave"
    planted: dict[str, Path] = {}
    for name, seed in (("autosave-999999.json", 3), (f"autosave-{'9' * 30}.json", 4), ("autosave-zzz.json", 5),
                       ("autosave-from-the-future.json", 6)):
        ctl = battle(folder, seed)
        planted[name] = folder / name
        os.replace(own_file(folder, ctl), planted[name])
    os.utime(planted["autosave-zzz.json"], (FUTURE, FUTURE))
    restamp(planted["autosave-from-the-future.json"], "2100-01-01T00:00:00+00:00")
    junk = {folder / "autosave-000000.json": "not a save", folder / "autosave-1000000.json": '{"format": "x"}',
            folder / "autosave-notes.txt": "hello", folder / "autosave-.json": ""}
    for path, text in junk.items():
        path.write_text(text)
        os.utime(path, (FUTURE, FUTURE))
    (folder / "autosave-dir.json").mkdir()

    ctl = battle(folder, 7, turns=0)
    for step in range(5):
        play(ctl, 20 + step, 1)
        assert saves.latest_autosave(folder) == own_file(folder, ctl), step
    assert read_save(own_file(folder, ctl)).state_hash == state_hash(ctl.battle)
    assert all(p.read_text() == text for p, text in junk.items()) and (folder / "autosave-dir.json").is_dir()
    assert all(p.is_file() for p in planted.values())
    order = saves.list_autosaves(folder)
    assert order[0] == planted["autosave-from-the-future.json"]  # a stamp still to come is not believed
    assert order[-1] == own_file(folder, ctl) and set(order) == {*planted.values(), own_file(folder, ctl)}


def test_each_battle_keeps_its_latest_autosave_for_the_last_ten_battles(tmp_path):
    """Twelve battles one after another: the folder holds one autosave for each of the last ten, each the
    battle as it was left; the two battles saved least recently lost theirs."""
    folder = tmp_path / "autosave"
    ctls = [battle(folder, seed, turns=6 + seed % 3) for seed in range(12)]
    files = saves.list_autosaves(folder)
    assert files == [own_file(folder, c) for c in ctls[2:]]
    for ctl, path in zip(ctls[2:], files, strict=True):
        assert read_save(path).state_hash == state_hash(ctl.battle) and read_save(path).battle_id == ctl.battle_id
    assert saves.latest_autosave(folder) == own_file(folder, ctls[-1])
    play(ctls[2], 99, 1)  # the oldest kept battle goes on: it is the newest now, and nothing else went
    assert saves.latest_autosave(folder) == own_file(folder, ctls[2]) and len(saves.list_autosaves(folder)) == 10


def test_the_order_is_the_time_the_saves_hold_not_their_mtimes(tmp_path):
    folder = tmp_path / "autosave"
    first, second = battle(folder, 1), battle(folder, 2)
    os.utime(own_file(folder, first), (FUTURE, FUTURE))
    os.utime(own_file(folder, second), (1_000_000, 1_000_000))
    assert saves.list_autosaves(folder) == [own_file(folder, first), own_file(folder, second)]
    restamp(own_file(folder, first), time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(time.time() + 5)))
    assert saves.latest_autosave(folder) == own_file(folder, first)


def test_continuing_an_autosave_goes_on_in_its_file_and_a_named_save_branches_apart(tmp_path):
    """Loading an autosave carries the battle on (its next autosave replaces that file); loading a named save
    is a branch from that point, autosaved apart, so the battle's own autosave is never overwritten."""
    folder = tmp_path / "autosave"
    ctl = battle(folder, 3, turns=4)
    named = saves.save_game(ctl, tmp_path / "before.json")
    play(ctl, 4, 2)
    latest = own_file(folder, ctl)
    left_at = read_save(latest).state_hash
    settings = TurnSettings(autosave_dir=folder)

    branch = load_game(named, ruleset=RS, settings=settings)
    play(branch, 5, 1)
    assert branch.battle_id not in ("", ctl.battle_id)
    assert read_save(latest).state_hash == left_at and len(saves.list_autosaves(folder)) == 2

    again = load_game(latest, ruleset=RS, settings=TurnSettings(autosave_dir=folder))
    assert again.battle_id == ctl.battle_id
    play(again, 6, 1)
    assert read_save(latest).state_hash == state_hash(again.battle) and len(saves.list_autosaves(folder)) == 2


def test_a_battle_id_that_is_not_sixteen_hex_digits_is_refused_in_one_sentence(tmp_path):
    """The id names the battle's autosave file: a save edited to carry a path there is not loaded."""
    ctl = battle(tmp_path / "autosave", 1)
    path = own_file(tmp_path / "autosave", ctl)
    raw = json.loads(path.read_bytes())
    raw["battle_id"] = "../../escape"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw))
    for read in (saves.read_header, saves.read_save):
        try:
            read(bad)
        except saves.SaveError as exc:
            text = str(exc)
        else:
            raise AssertionError("a battle_id of '../../escape' was accepted")
        assert text.startswith(f"{bad}: battle_id is ") and "16 hex digits" in text and "\n" not in text


def test_battles_opened_and_left_at_once_go_before_battles_played(tmp_path):
    """Ten battles played, then three opened and left before anyone finished a turn: of the three only the
    newest stays (the battle being played counts as one of the ten), nine of the battles played keep theirs
    (the oldest went), and Continue loads the newest."""
    folder = tmp_path / "autosave"
    played = [battle(folder, seed, turns=6) for seed in range(10)]
    assert all(read_save(own_file(folder, c)).snapshot.turn > 0 for c in played)
    looked = [battle(folder, 50 + k, turns=0) for k in range(3)]
    files = saves.list_autosaves(folder)
    assert files == [own_file(folder, c) for c in (*played[1:], looked[-1])]
    assert saves.latest_autosave(folder) == own_file(folder, looked[-1])


_JSON = st.recursive(st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
                     | st.floats(allow_nan=False) | st.text(max_size=12),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                 max_size=4), max_leaves=12)
_FIELDS = ["battle_id", "saved_at", "format", "version", "snapshot", "snapshot.turn", "snapshot.round", "initial",
           "title"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_damaged_autosave_in_the_folder_never_stops_the_next_one(tmp_path_factory, data):
    """Hypothesis: an older battle's autosave with fields replaced by any JSON value (or random bytes), under
    any autosave name: a new battle still autosaves, its file is the newest, and the damaged file is never
    deleted (fewer than ten battles)."""
    folder = tmp_path_factory.mktemp("auto")
    old = battle(folder, 1)
    doc = json.loads(own_file(folder, old).read_bytes())
    own_file(folder, old).unlink()
    name = data.draw(st.sampled_from(["autosave-999999.json", "autosave-000000.json", f"autosave-{'9' * 40}.json",
                                      "autosave-x.json", f"autosave-{old.battle_id}.json"]))
    if data.draw(st.booleans()):
        blob = data.draw(st.binary(max_size=200))
    else:
        for _ in range(data.draw(st.integers(1, 3))):
            field = data.draw(st.sampled_from(_FIELDS))
            *path, last = field.split(".")
            node = doc
            for part in path:
                node = node.get(part) if isinstance(node, dict) else None
            if isinstance(node, dict):
                node[last] = data.draw(_JSON)
        blob = json.dumps(doc).encode()
    (folder / name).write_bytes(blob)
    ctl = battle(folder, 2)
    assert ctl.save_problem is None
    assert saves.latest_autosave(folder) == own_file(folder, ctl)
    assert (folder / name).read_bytes() == blob
