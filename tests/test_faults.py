"""Issue 13, faults: a read-only or full data folder never stops the game, never loses a move or a save.

The failing file system is simulated by replacing ``open``/``os.replace``
inside :mod:`game.files.saves` with versions that raise ``OSError`` (ENOSPC after
half the bytes, EROFS at once); running as root ignores ``chmod``, so a
folder that really cannot be made is one whose path runs through a regular
file (``/tmp/x/afile/sub``). The unit tests cover :func:`game.files.saves.write_atomic`,
:func:`game.files.saves.autosave`, :func:`game.files.saves.clean_stale_temps` and the
turn controller (``save_problem``); the headless UI tests drive the real app
with posted pygame events; one test runs the real ``clinch play`` command.
"""

from __future__ import annotations

import errno
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_turns_double import TurnsDouble, make_battle

from game.files import save_file, saves
from game.files.saves import SaveError, load_game, read_save, save_game, state_hash, write_atomic
from game.flow.turns import TurnController, TurnSettings

RS = TurnsDouble()


# -- a failing file system -------------------------------------------------------------------------------

class _HalfWriter:
    """A file that takes half of what it is given and then finds the disk full."""

    def __init__(self, path: Path | str) -> None:
        self._fh = open(path, "wb")  # noqa: SIM115 - closed in close()/__exit__

    def write(self, data: bytes) -> int:
        self._fh.write(data[: len(data) // 2])
        self._fh.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self) -> None:
        self._fh.flush()

    def fileno(self) -> int:
        return self._fh.fileno()

    def close(self) -> None:
        self._fh.close()

    def __enter__(self) -> _HalfWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on every write under game.files.save_file fills the disk half-way (ENOSPC mid-write)."""
    monkeypatch.setattr(save_file, "open", lambda path, mode="r", *a, **k: _HalfWriter(path), raising=False)


def read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on game.files.save_file can neither create files nor rename nor remove them (EROFS)."""
    def refuse(*a: object, **k: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(save_file, "open", refuse, raising=False)
    monkeypatch.setattr(save_file.os, "replace", refuse)
    monkeypatch.setattr(Path, "unlink", refuse)


def unmakeable(tmp_path: Path) -> Path:
    """A folder that cannot be created, even by root: its parent is a regular file."""
    blocker = tmp_path / "afile"
    blocker.write_text("not a folder")
    return blocker / "sub"


def play(ctl: TurnController, seed: int, turns: int) -> list:
    """Random legal intents (the same ones for the same seed and state); returns them."""
    rng = random.Random(seed)
    done = []
    for _ in range(turns):
        if ctl.is_over():
            break
        legal = [o.action for o in ctl.legal_actions() if o.legal]
        intent = rng.choice(legal)
        result = ctl.submit(intent)
        assert result.ok, result
        done.append(intent)
    return done


def temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp")) if folder.is_dir() else []


# -- write_atomic ---------------------------------------------------------------------------------------

def test_a_full_disk_mid_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "saves" / "slot.json"
    write_atomic(target, b'{"old": true}')
    disk_full(monkeypatch)
    with pytest.raises(OSError) as got:
        write_atomic(target, b'{"new": true, "padding": "' + b"x" * 10_000 + b'"}')
    assert got.value.errno == errno.ENOSPC
    assert target.read_bytes() == b'{"old": true}'
    assert temps(target.parent) == []


def test_a_read_only_folder_leaves_the_old_file_and_raises_the_first_error(tmp_path, monkeypatch):
    target = tmp_path / "slot.json"
    write_atomic(target, b"old")
    read_only(monkeypatch)  # even removing the temporary fails: the EROFS of open is what is told
    with pytest.raises(OSError) as got:
        write_atomic(target, b"new")
    assert got.value.errno == errno.EROFS
    monkeypatch.undo()
    assert target.read_bytes() == b"old" and temps(tmp_path) == []


def test_a_failed_rename_removes_the_temporary(tmp_path, monkeypatch):
    target = tmp_path / "slot.json"
    write_atomic(target, b"old")

    def full(src: object, dst: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(save_file.os, "replace", full)
    with pytest.raises(OSError):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old" and temps(tmp_path) == []


def test_save_game_on_a_full_disk_is_one_sentence_and_the_previous_save_survives(tmp_path, monkeypatch):
    ctl = TurnController(make_battle(4, size=4), RS)
    play(ctl, 4, 5)
    good = save_game(ctl, tmp_path / "good.json")
    before = good.read_bytes()
    play(ctl, 5, 3)
    disk_full(monkeypatch)
    with pytest.raises(SaveError) as got:
        save_game(ctl, good)
    msg = str(got.value)
    assert str(good) in msg and "no space left" in msg.lower() and "\n" not in msg
    assert good.read_bytes() == before and temps(tmp_path) == []


# -- autosave and the controller ------------------------------------------------------------------------

def test_an_unwritable_autosave_folder_never_stops_the_controller(tmp_path):
    folder = unmakeable(tmp_path) / "autosave"
    ctl = TurnController(make_battle(6, size=4), RS, settings=TurnSettings(autosave_dir=folder))
    assert ctl.save_problem is not None
    assert ctl.save_problem.startswith("Saving is off: ") and str(folder) in ctl.save_problem
    assert "not a directory" in ctl.save_problem and "\n" not in ctl.save_problem
    ref = TurnController(make_battle(6, size=4), RS)
    intents = play(ctl, 6, 12)
    for intent in intents:
        assert ref.submit(intent).ok
    assert len(intents) == 12 and state_hash(ctl.battle) == state_hash(ref.battle)
    assert ctl.save_problem is not None and ctl.autosaves == []
    assert ctl.end_turn() is not None and ctl.undo() is not None  # every path that autosaves


def test_the_disk_fills_mid_battle_the_move_stands_and_saving_resumes_when_it_can(tmp_path, monkeypatch):
    folder = tmp_path / "autosave"
    ctl = TurnController(make_battle(8, size=4), RS, settings=TurnSettings(autosave_dir=folder, autosave_keep=3))
    ref = TurnController(make_battle(8, size=4), RS)
    for intent in play(ctl, 8, 4):
        ref.submit(intent)
    kept = saves.list_autosaves(folder)
    kept_bytes = [p.read_bytes() for p in kept]
    assert ctl.save_problem is None and len(kept) == 1  # the battle's one autosave, replaced at each step

    disk_full(monkeypatch)
    logged = len(ctl.battle.log)
    legal = [o.action for o in ctl.legal_actions() if o.legal]
    result = ctl.submit(legal[0])  # the autosave after this step fails half-way
    assert result.ok and len(ctl.battle.log) > logged
    assert ref.submit(legal[0]).ok and state_hash(ctl.battle) == state_hash(ref.battle)  # the move stands
    assert ctl.save_problem is not None and "no space left on device" in ctl.save_problem
    assert saves.list_autosaves(folder) == kept and [p.read_bytes() for p in kept] == kept_bytes
    assert temps(folder) == []
    for intent in play(ctl, 9, 3):  # the battle goes on
        ref.submit(intent)
    assert state_hash(ctl.battle) == state_hash(ref.battle)

    monkeypatch.undo()
    play(ctl, 10, 1)
    assert ctl.save_problem is None
    latest = saves.latest_autosave(folder)
    assert latest is not None and read_save(latest).state_hash == state_hash(ctl.battle)


def test_old_autosaves_that_cannot_be_removed_do_not_fail_the_autosave(tmp_path, monkeypatch):
    folder = tmp_path / "autosave"
    for seed in (2, 3):  # two battles, each with its autosave
        play(TurnController(make_battle(seed, size=4), RS,
                            settings=TurnSettings(autosave_dir=folder, autosave_keep=2)), seed, 3)

    def busy(self: Path, missing_ok: bool = False) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(Path, "unlink", busy)
    ctl = TurnController(make_battle(4, size=4), RS, settings=TurnSettings(autosave_dir=folder, autosave_keep=2))
    play(ctl, 4, 2)  # a third battle: the first battle's autosave is due to go, and cannot
    assert ctl.save_problem is None and len(saves.list_autosaves(folder)) == 3


def test_loading_a_good_save_when_its_autosave_cannot_be_written_still_loads(tmp_path):
    ctl = TurnController(make_battle(5, size=4), RS)
    play(ctl, 5, 6)
    path = save_game(ctl, tmp_path / "good.json")
    loaded = load_game(path, ruleset=RS, settings=TurnSettings(autosave_dir=unmakeable(tmp_path) / "autosave"))
    assert state_hash(loaded.battle) == state_hash(ctl.battle)
    assert loaded.save_problem is not None and loaded.save_problem.startswith("Saving is off")
    play(loaded, 6, 2)


def test_an_unreadable_autosave_folder_lists_no_autosaves(tmp_path):
    assert saves.list_autosaves(unmakeable(tmp_path)) == []
    assert saves.latest_autosave(tmp_path / "missing") is None


# -- leftover temporaries --------------------------------------------------------------------------------

def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_leftover_temporaries_are_cleaned_at_start_but_a_live_writers_fresh_one_is_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    saves_dir, auto_dir, config = saves.saves_dir(), saves.autosave_dir(), tmp_path / "config"
    for d in (saves_dir, auto_dir, config):
        d.mkdir(parents=True)
    dead, live = _dead_pid(), os.getpid()
    gone = [saves_dir / f".slot.json.{dead}.tmp", auto_dir / f".autosave-000003.json.{dead}.tmp",
            config / f".settings.json.{dead}.tmp", auto_dir / f".autosave-000004.json.{live}.tmp"]
    kept = [auto_dir / f".autosave-000005.json.{live}.tmp", saves_dir / "slot.json", saves_dir / "notes.tmp",
            saves_dir / ".slot.json.tmp"]
    for p in gone + kept:
        p.write_bytes(b"{half")
    old = time.time() - 120
    os.utime(gone[-1], (old, old))  # a live pid, but older than a minute: recycled, left over
    (saves_dir / f".dir.json.{dead}.tmp").mkdir()  # not a file: left alone
    removed = saves.clean_stale_temps([saves_dir, auto_dir, config, tmp_path / "missing", unmakeable(tmp_path)])
    assert sorted(removed) == sorted(gone)
    assert all(p.exists() for p in kept) and not any(p.exists() for p in gone)
    assert saves.clean_stale_temps() == []  # the default folders: nothing left


def test_cleaning_never_raises_when_the_folder_refuses(tmp_path, monkeypatch):
    (tmp_path / f".a.json.{_dead_pid()}.tmp").write_bytes(b"x")

    def refuse(path: object, *a: object, **k: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(save_file.os, "unlink", refuse)
    assert saves.clean_stale_temps([tmp_path]) == []


# -- the window (headless, real events) ------------------------------------------------------------------

def _window(monkeypatch: pytest.MonkeyPatch, data: Path, config: Path):
    monkeypatch.setenv("CLINCH_DATA_DIR", str(data))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(config))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from test_ui_play import DICE, SIZE

    from game.ui.app import App
    from game.ui.clock import FixedClock
    from game.ui.settings import Settings

    pygame.display.init()
    pygame.event.clear()
    return App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="fast"), dice=list(DICE))


def _said(bs, words: str) -> tuple[int, int]:
    """How many toasts and how many combat-log lines hold ``words``."""
    return (sum(words in t for t, _, _ in bs.toasts), sum(words in ln.text for ln in bs.log.lines))


def _move_cass_then_space(app) -> None:
    """Cass walks next to Edda (a move), Edda passes (Space): the battle goes on in the window."""
    import pygame
    from test_ui_play import click, dismiss_handover, play_out, press

    from game.hexgrid import Hex

    bs = app.battle_scene
    battle = bs.session.battle
    assert bs.session.whose_turn() == "cass"
    click(app, bs.board.hex_screen_pos(Hex(6, 3)))
    assert battle.fighter("cass").hex == Hex(6, 3)
    play_out(app)
    dismiss_handover(app)
    assert bs.session.whose_turn() == "edda"
    press(app, pygame.K_SPACE, unicode=" ")
    play_out(app)
    dismiss_handover(app)
    assert bs.session.whose_turn() not in ("cass", "edda") and not battle.ended


def test_the_window_starts_with_an_unwritable_data_folder_says_so_once_and_plays_on(tmp_path, monkeypatch):
    from test_ui_play import start_hotseat_arena

    data = unmakeable(tmp_path)
    app = _window(monkeypatch, data, tmp_path / "config")
    try:
        bs = start_hotseat_arena(app)
        app.step()
        toasts, lines = _said(bs, "Saving is off")
        assert (toasts, lines) == (1, 1), bs.toasts
        toast = next(t for t, _, _ in bs.toasts if "Saving is off" in t)
        line = next(ln.text for ln in bs.log.lines if "Saving is off" in ln.text)
        assert line == f"Saving is off: {data / 'autosave'} cannot be written (not a directory)."
        # issue 15: no file-system path in a toast (the log line above has it)
        assert toast == "Saving is off: the save folder cannot be written (not a directory)."
        _move_cass_then_space(app)
        assert _said(bs, "Saving is off")[1] == 1  # once, though every step failed to autosave
        assert bs.session.save_problem is not None and bs.session.battle.log
    finally:
        app.close()


def test_the_disk_fills_mid_battle_in_the_window_the_move_stands_and_the_player_is_told(tmp_path, monkeypatch):
    import pygame
    from test_ui_play import click, dismiss_handover, play_out, press, start_hotseat_arena

    from game.hexgrid import Hex

    app = _window(monkeypatch, tmp_path / "data", tmp_path / "config")
    try:
        bs = start_hotseat_arena(app)
        auto = saves.autosave_dir()
        before = saves.list_autosaves(auto)
        assert before and bs.session.save_problem is None
        disk_full(monkeypatch)
        battle = bs.session.battle
        click(app, bs.board.hex_screen_pos(Hex(6, 3)))  # Cass moves; its autosave finds the disk full
        assert battle.fighter("cass").hex == Hex(6, 3)
        assert _said(bs, "no space left on device") == (1, 1)
        play_out(app)
        dismiss_handover(app)
        assert bs.session.whose_turn() == "edda" and battle.fighter("cass").hex == Hex(6, 3)
        press(app, pygame.K_SPACE, unicode=" ")  # the next Space: the loop used to die here
        play_out(app)
        dismiss_handover(app)
        assert bs.session.whose_turn() not in ("cass", "edda")
        assert _said(bs, "no space left on device")[1] == 1
        assert saves.list_autosaves(auto) == before and temps(auto) == []
        monkeypatch.setattr(save_file, "open", open, raising=False)  # space again
        press(app, pygame.K_SPACE, unicode=" ")
        assert _said(bs, "Autosaving works again")[1] == 1 and bs.session.save_problem is None
        assert read_save(saves.latest_autosave()).state_hash == state_hash(battle)
    finally:
        app.close()


def test_clinch_play_never_dies_on_an_unwritable_data_folder(tmp_path):
    """The real command on a read-only data folder keeps its window open (killed by the timeout)."""
    from hostile import run_clinch

    arena = Path(__file__).resolve().parents[1] / "maps" / "arena.toml"
    for args in ((), (arena,)):
        run = run_clinch("play", *args, timeout=4, memory_mb=1024,
                         env={"CLINCH_DATA_DIR": str(unmakeable(tmp_path)), "CLINCH_CONFIG_DIR": str(tmp_path)})
        assert run.code is None, f"exit {run.code}: {run.stderr[-800:]}"
        assert "Traceback" not in run.stderr


def test_the_window_cleans_leftover_temporaries_as_it_opens(tmp_path, monkeypatch):
    dead = _dead_pid()
    data, config = tmp_path / "data", tmp_path / "config"
    left = [data / "saves" / f".slot.json.{dead}.tmp", data / "autosave" / f".autosave-000001.json.{dead}.tmp",
            config / f".settings.json.{dead}.tmp"]
    for p in left:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(b"{half")
    app = _window(monkeypatch, data, config)
    try:
        assert not any(p.exists() for p in left)
    finally:
        app.close()
