"""Saves, autosaves, replays and the state hash — headless, JSON only (never pickle, never eval).

A save (format ``clinch-save``, :data:`SAVE_VERSION`) holds the battle as it
was before its first step (``initial``: self-contained, board included), the
scenario path and the seed for people reading it, the log of intents with
their dice and events, and a ``snapshot`` of the battle now (without board or
log) for fast loading. Loading re-plays the log from ``initial`` through a
:class:`~game.flow.turns.TurnController` and compares with the snapshot: any
difference makes the file "corrupt or foreign", refused with one sentence
(:class:`SaveError`), never half-loaded.

Files are written atomically (a temporary file in the same folder, flushed
and ``os.replace``\\ d over the old one) under :func:`data_dir`
(``platformdirs.user_data_dir("clinch")``, or ``$CLINCH_DATA_DIR``).

:class:`Replay` steps forward, back and to any point of a saved battle,
rebuilding states from ``initial`` + log with cached checkpoints.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import re
import secrets
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import msgspec
import platformdirs

from game.files.names import name_problem
from game.files.userfiles import UserFileError, decode_json, read_bytes
from game.flow.sources import LogReplay, ReplayDiverged
from game.flow.turns import TurnController, TurnSettings, intent_from_dict
from game.model import SCHEMA_VERSION, Battle, Board, Fighter, Side
from game.rules.base import Ruleset, UnknownRuleset, find_ruleset
from game.wording import DEFAULT_PRONOUN, pronoun_problem

if TYPE_CHECKING:
    from game.rules.base import Action

__all__ = [
    "SAVE_FORMAT", "SAVE_VERSION", "SaveFile", "SaveError", "data_dir", "saves_dir", "autosave_dir",
    "state_hash", "make_save", "encode_save", "write_atomic", "save_game", "read_save", "load_game",
    "replay_log", "check_save", "SaveHeader", "read_header", "autosave", "list_autosaves", "latest_autosave",
    "AutosaveFile", "autosave_files", "prune_autosaves", "new_battle_id", "saved_time", "clean_stale_temps",
    "Replay",
]

SAVE_FORMAT = "clinch-save"
SAVE_VERSION = 1
ENV_DATA_DIR = "CLINCH_DATA_DIR"


#: entries a save's log may hold: a battle of 40 rounds of six fighters logs about 300, and a 1,000-intent
#: save of about 3 MB about 1,150; 20,000 is far beyond any battle played, and a file claiming more is
#: refused before its log is decoded or replayed (100,000 entries took 6 s to refuse after a replay)
MAX_LOG = 20_000


class SaveError(ValueError):
    """A save that cannot be written or read: one sentence naming the file."""


class _LogLength(msgspec.Struct):
    """Only the log's entries, left undecoded: counting them costs a scan, not a decode."""

    log: list[msgspec.Raw] = []


class SaveFile(msgspec.Struct, kw_only=True):
    format: str
    version: int
    ruleset: str
    seed: int
    scenario: str | None = None
    #: the name the player typed when saving (the file name is that name made safe for the file system)
    title: str = ""
    saved_at: str = ""
    dice: str = "seeded"
    seat: dict[str, str] = {}
    #: which battle this is (16 hex digits, drawn at its first autosave; empty in saves from before): the
    #: autosave folder keeps the latest autosave of each battle
    battle_id: str = ""
    initial: Battle
    log: list[dict[str, Any]] = []
    snapshot: Battle
    state_hash: str


# -- places ------------------------------------------------------------------------------------------

def data_dir() -> Path:
    """Where Clinch keeps the player's files: ``$CLINCH_DATA_DIR`` or the platform's user data folder."""
    env = os.environ.get(ENV_DATA_DIR)
    return Path(env) if env else Path(platformdirs.user_data_dir("clinch"))


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_dir() -> Path:
    return data_dir() / "autosave"


# -- the state hash ------------------------------------------------------------------------------------

def state_hash(battle: Battle) -> str:
    """sha256 of the battle's canonical JSON (sorted keys) without its log: equal states, equal hashes."""
    shell = msgspec.structs.replace(battle, log=[])
    return hashlib.sha256(msgspec.json.encode(shell, order="sorted")).hexdigest()


# -- writing -------------------------------------------------------------------------------------------

def make_save(ctl: TurnController, *, scenario: str | None = None, title: str = "") -> SaveFile:
    """The save of a controller's battle as it stands (it needs the battle's initial state)."""
    if ctl.initial is None:
        raise SaveError("This battle cannot be saved: the controller was not given its initial state.")
    b = ctl.battle
    initial = ctl.initial.clone(with_log=False)
    snapshot = b.clone(with_log=False)
    snapshot.board = Battle().board  # the board never changes; it travels once, in ``initial``
    return SaveFile(format=SAVE_FORMAT, version=SAVE_VERSION, ruleset=b.ruleset, seed=initial.rng.seed,
                    scenario=scenario if scenario is not None else (b.scenario or initial.scenario), title=title,
                    saved_at=datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds"),
                    dice=ctl.dice_mode, seat=dict(ctl.seat), battle_id=getattr(ctl, "battle_id", ""),
                    initial=initial, log=list(b.log), snapshot=snapshot, state_hash=state_hash(b))


def encode_save(save: SaveFile) -> bytes:
    return msgspec.json.encode(save)


def write_atomic(path: Path | str, data: bytes) -> Path:
    """Write ``data`` to ``path`` so that a crash leaves either the old file or the new one, never half of one.

    The bytes go to ``.NAME.PID.tmp`` beside ``path``, are flushed to the disk
    and then ``os.replace``\\ d over it. When anything fails (a full disk
    mid-write, a read-only folder) the temporary file is removed, the old
    file is left as it was and the ``OSError`` is raised; a process killed
    mid-write leaves its temporary behind for :func:`clean_stale_temps`.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:  # never there, or the folder refuses even that: the first error is the one to tell
            pass
        raise
    return path


_TEMP = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.tmp$")
#: a temporary file older than this is left over, whoever wrote it (a write takes milliseconds)
STALE_TEMP_SECONDS = 60.0


def _pid_alive(pid: int) -> bool:
    """Whether a process with this id runs now (on Windows we cannot ask safely: assume it does)."""
    if os.name == "nt":
        return True  # os.kill(pid, 0) sends CTRL_C_EVENT there; the age test alone decides
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's live process
    except OSError:
        return True
    return True


def clean_stale_temps(folders: list[Path | str] | None = None, *, now: float | None = None,
                      max_age: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove the ``.NAME.PID.tmp`` files that interrupted writes left behind; returns those removed.

    Called when the game starts. ``folders`` defaults to :func:`saves_dir`
    and :func:`autosave_dir` (the app adds the settings folder). A temporary
    is removed when the process that wrote it is gone or it is older than
    ``max_age`` seconds; a live writer's fresh temporary is left alone. Never
    raises: a folder that is missing or cannot be read or changed is skipped.
    """
    if folders is None:
        folders = [saves_dir(), autosave_dir()]
    now = time.time() if now is None else now
    removed: list[Path] = []
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            m = _TEMP.match(entry.name)
            if m is None:
                continue
            try:
                if not entry.is_file(follow_symlinks=False):
                    continue
                old = now - entry.stat(follow_symlinks=False).st_mtime > max_age
                if old or not _pid_alive(int(m.group("pid"))):
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
            except (OSError, ValueError, OverflowError):
                continue
    return removed


def save_game(ctl: TurnController, path: Path | str | None = None, *, name: str = "save",
              scenario: str | None = None, title: str = "") -> Path:
    """Save atomically to ``path`` (default ``saves_dir()/NAME.json``); returns the path written.

    ``title`` is the name as the player typed it, kept in the file for the load screen."""
    target = Path(path) if path is not None else saves_dir() / f"{name}.json"
    try:
        return write_atomic(target, encode_save(make_save(ctl, scenario=scenario, title=title)))
    except OSError as exc:
        raise SaveError(f"{target}: could not be written ({exc.strerror or exc}).") from None


# -- reading -------------------------------------------------------------------------------------------

def _one_line(text: object, limit: int = 240) -> str:
    """An exception's text as a clause of one sentence: its first line, bounded, without a final period."""
    line = str(text).strip().splitlines()[0] if str(text).strip() else ""
    if len(line) > limit:
        line = line[:limit].rstrip() + "\u2026"
    return line.rstrip(".")


def _check_log_length(path: Path, data: bytes) -> None:
    """Refuse a log longer than :data:`MAX_LOG` before anything decodes or replays it."""
    try:
        entries = len(msgspec.json.decode(data, type=_LogLength).log)
    except (msgspec.DecodeError, RecursionError):  # not JSON, or no list: the full decode says what is wrong
        return
    if entries > MAX_LOG:
        raise SaveError(f"{path}: its log holds {entries:,} entries, more than the {MAX_LOG:,} a save may hold; "
                        "it was not loaded.")


def _check_names(path: Path, title: str, battles: list[tuple[str, Any]]) -> None:
    """The title and every name and id a battle screen or the load screen shows
    (:func:`game.files.names.name_problem`): a save edited to carry a NUL or a bidi override in a fighter's name is
    refused here, not by the battle screen it would have opened."""
    named: list[tuple[str, Any, bool]] = [("title", title, True)]
    for at, b in battles:
        if getattr(b, "board", None) is not None:  # a header's snapshot has no board
            named.append((f"{at}.board.name", b.board.name, True))
        for i, side in enumerate(b.sides):
            named += [(f"{at}.sides[{i}].id", side.id, False), (f"{at}.sides[{i}].name", side.name, True)]
        for i, f in enumerate(getattr(b, "fighters", ())):
            bad = pronoun_problem(getattr(f, "pronoun", DEFAULT_PRONOUN))
            if bad is not None:  # a save edited by hand: the log would read "Ann sets xyz weapon"
                raise SaveError(f"{path}: {at}.fighters[{i}].pronoun {bad}; it was not loaded.")
            named += [(f"{at}.fighters[{i}].id", f.id, False), (f"{at}.fighters[{i}].side", f.side, False),
                      (f"{at}.fighters[{i}].name", f.name, True)]
    for field, text, may_be_empty in named:
        problem = name_problem(text, allow_empty=may_be_empty)
        if problem is not None:
            raise SaveError(f"{path}: {field} {problem}; it was not loaded.")


def _check_stats(path: Path, save: SaveFile) -> None:
    """A fraction only in a stat the ruleset reads as one (``Ruleset.fractional_stats``: 3d6's Speed)."""
    try:
        fractional = find_ruleset(save.ruleset).fractional_stats
    except (UnknownRuleset, KeyError, ValueError):
        return  # the replay refuses an unknown ruleset in its own sentence
    for at, b in (("initial", save.initial), ("snapshot", save.snapshot)):
        for i, f in enumerate(b.fighters):
            for key, v in f.stats.items():
                if isinstance(v, float) and key not in fractional:
                    raise SaveError(f"{path}: {at}.fighters[{i}].stats.{_one_line(key, 40)} is {v!r}, not a whole "
                                    "number; it was not loaded.")


def _decode(path: Path, data: bytes) -> SaveFile:
    _check_log_length(path, data)
    try:
        raw = decode_json(data, path)  # not UTF-8, too deep, NaN, numbers past 64 bits: one sentence each
    except UserFileError as exc:
        text = str(exc)
        detail = text[len(f"{path}: "):] if text.startswith(f"{path}: ") else text
        if detail.startswith(("is not valid JSON", "is not UTF-8")):  # Clinch writes UTF-8 JSON: it was damaged
            raise SaveError(f"{path}: not a complete JSON file (truncated or damaged: it "
                            f"{detail.split(';')[0].rstrip('.')}); it was not loaded.") from None
        raise SaveError(text) from None
    if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: not a Clinch save (it has no \"format\": \"{SAVE_FORMAT}\" field).")
    version = raw.get("version")
    if version != SAVE_VERSION:
        raise SaveError(f"{path}: save format version {_one_line(repr(version), 40)}, but this Clinch reads "
                        f"version {SAVE_VERSION}.")
    try:
        save = msgspec.convert(raw, SaveFile)
    except (msgspec.MsgspecError, ValueError, TypeError) as exc:
        raise SaveError(f"{path}: a field is wrong: {_one_line(exc)}.") from None
    for which in (save.initial, save.snapshot):
        if which.schema != SCHEMA_VERSION:
            raise SaveError(f"{path}: its battle uses model schema {which.schema}, but this Clinch reads "
                            f"{SCHEMA_VERSION}.")
    _check_fields(path, save)
    return save


def _check_fields(path: Path, save: SaveFile) -> None:
    """What the replay does not compare but a reader relies on: one sentence naming the field if it is off."""
    if save.seed != save.initial.rng.seed:
        raise SaveError(f"{path}: corrupt or foreign: seed says {save.seed} but initial.rng.seed is "
                        f"{save.initial.rng.seed}.")
    if save.initial.log or save.snapshot.log:
        which = "initial.log" if save.initial.log else "snapshot.log"
        raise SaveError(f"{path}: corrupt or foreign: {which} must be empty (the log travels once, in \"log\").")
    sides = {side.id for side in save.initial.sides} | {f.side for f in save.initial.fighters}
    for side, who in save.seat.items():
        if side not in sides:
            raise SaveError(f"{path}: seat names the side {_one_line(repr(side), 40)}, which its battle does not "
                            f"have.")
        if who not in ("human", "ai"):
            raise SaveError(f"{path}: seat.{side} is {_one_line(repr(who), 40)}; a seat is \"human\" or \"ai\".")
    if not save.ruleset:
        raise SaveError(f"{path}: ruleset is empty; a save names the rules its battle is played by.")
    _check_names(path, save.title, [("initial", save.initial), ("snapshot", save.snapshot)])
    _check_stats(path, save)
    if not _HASH.match(save.state_hash):
        raise SaveError(f"{path}: state_hash is not a sha256 (64 hex digits); it was not loaded.")
    _check_battle_id(path, save.battle_id)


_HASH = re.compile(r"^[0-9a-f]{64}\Z")
#: a battle's id: 16 lower-case hex digits (it names the battle's autosave file), or empty in older saves
_BATTLE_ID = re.compile(r"^(?:[0-9a-f]{16})?\Z")


def _check_battle_id(path: Path, battle_id: str) -> None:
    """A battle id names a file (``autosave-ID.json``): anything but 16 hex digits is refused in one sentence."""
    if not _BATTLE_ID.match(battle_id):
        raise SaveError(f"{path}: battle_id is {_one_line(repr(battle_id), 40)}; a battle id is 16 hex digits "
                        f"(or empty); it was not loaded.")


def read_save(path: Path | str) -> SaveFile:
    """Read and validate a save's structure (no replay): :class:`SaveError` on anything wrong.

    Read through :mod:`game.files.userfiles`: a folder, a pipe, a device, a file
    over :data:`~game.files.userfiles.MAX_BYTES`, text that is not UTF-8, nesting
    deeper than any save has, each refused in one sentence.
    """
    path = Path(path)
    try:
        data = read_bytes(path)
    except UserFileError as exc:
        raise SaveError(str(exc)) from None
    return _decode(path, data)


class _InitialHeader(msgspec.Struct, kw_only=True):
    """What a list of saves needs of ``initial``: the board (for the thumbnail) and the sides."""

    ruleset: str = ""
    board: Board = msgspec.field(default_factory=Board)
    sides: list[Side] = []


class _SnapshotHeader(msgspec.Struct, kw_only=True):
    """What a list of saves needs of ``snapshot``: the round, the outcome, where the fighters stand."""

    round: int = 1
    turn: int = 0
    ended: bool = False
    winner: str | None = None
    sides: list[Side] = []
    fighters: list[Fighter] = []


class SaveHeader(msgspec.Struct, kw_only=True):
    """The fields of a save a load screen shows, decoded without its log (msgspec skips it unread)."""

    format: str = ""
    version: int = 0
    ruleset: str = ""
    scenario: str | None = None
    title: str = ""
    saved_at: str = ""
    seat: dict[str, str] = {}
    battle_id: str = ""
    initial: _InitialHeader = msgspec.field(default_factory=_InitialHeader)
    snapshot: _SnapshotHeader = msgspec.field(default_factory=_SnapshotHeader)


def read_header(path: Path | str) -> SaveHeader:
    """A save's header for a list of saves: cheap (no log decoded, no replay), :class:`SaveError` when off.

    Listing many saves must not replay each one; the full check
    (:func:`check_save`) runs when the player loads. A file that passes here
    may still be refused then.
    """
    path = Path(path)
    try:
        data = read_bytes(path)
    except UserFileError as exc:
        raise SaveError(str(exc)) from None
    try:
        head = msgspec.json.decode(data, type=SaveHeader)
    except msgspec.ValidationError as exc:  # before DecodeError, its base class
        raise SaveError(f"{path}: a field is wrong: {_one_line(exc, 160)}.") from None
    except msgspec.DecodeError as exc:
        raise SaveError(f"{path}: not a complete JSON file (truncated or damaged: {_one_line(exc, 120)}); "
                        f"it was not loaded.") from None
    except RecursionError:
        raise SaveError(f"{path}: nests deeper than any save does; it was not loaded.") from None
    if head.format != SAVE_FORMAT:
        raise SaveError(f"{path}: not a Clinch save (it has no \"format\": \"{SAVE_FORMAT}\" field).")
    if head.version != SAVE_VERSION:
        raise SaveError(f"{path}: save format version {head.version}, but this Clinch reads version "
                        f"{SAVE_VERSION}.")
    _check_battle_id(path, head.battle_id)
    _check_names(path, head.title, [("initial", head.initial), ("snapshot", head.snapshot)])
    return head


def replay_log(initial: Battle, log: list[dict[str, Any]], ruleset: Ruleset | str | None = None, *,
               upto: int | None = None, **controller_kw: Any) -> TurnController:
    """A controller that has re-played ``log`` (its first ``upto`` intents) from ``initial``.

    Raises :class:`~game.flow.turns.ReplayDiverged` when the replay does not give
    the logged entries, ``ValueError`` when an entry's intent is not one of
    the ruleset's actions (a trusted door: :func:`check_save` is the checked
    one, for files).
    """
    source = LogReplay(log)
    ctl = TurnController(initial.clone(), ruleset, source=source,
                         settings=controller_kw.pop("settings", None) or TurnSettings(), **controller_kw)
    _drive(ctl, log, upto)
    return ctl


def _drive(ctl: TurnController, log: list[dict[str, Any]], upto: int | None) -> None:
    done = 0
    while len(ctl.battle.log) < len(log) and (upto is None or done < upto):
        i = len(ctl.battle.log)
        entry = log[i]
        if ctl.waiting_for_dice is not None:
            raise ReplayDiverged(i, "the replay waits for dice the log does not have")
        if not isinstance(entry, dict):
            raise ReplayDiverged(i, "the entry is not an object")
        if "intent" not in entry:
            raise ReplayDiverged(i, f"the log has a {_one_line(repr(entry.get('step')), 40)} step where an action "
                                    f"was expected")
        if not isinstance(entry["intent"], dict):
            raise ReplayDiverged(i, "its intent is not an object")
        intent = intent_from_dict(ctl.ruleset, entry["intent"])
        ctl.apply(intent)
        done += 1


def check_save(path: Path | str, *, ruleset: Ruleset | None = None, seat: dict[str, str] | None = None,
               settings: TurnSettings | None = None) -> tuple[SaveFile, TurnController]:
    """Read a save, re-play its whole log from ``initial`` and compare with its snapshot and hash.

    Returns the save and the controller at the end of the replay. Every way
    a damaged or tampered file can fail (an intent of the wrong type, a
    missing field, a step that does not match, dice out of range, a snapshot
    that differs...) is a :class:`SaveError` with one sentence naming the
    file: the replay runs rules code on data from outside, so anything it
    raises is the file's fault, reported with the log entry it reached.
    """
    path = Path(path)
    save = read_save(path)
    try:
        rs = ruleset if ruleset is not None else find_ruleset(save.ruleset)
    except UnknownRuleset:
        raise SaveError(f"{path}: uses the ruleset {_one_line(repr(save.ruleset), 60)}, which this Clinch does "
                        f"not have.") from None
    if ruleset is None and (save.initial.ruleset != save.ruleset or save.snapshot.ruleset != save.ruleset):
        raise SaveError(f"{path}: corrupt or foreign: ruleset says {_one_line(repr(save.ruleset), 40)} but its "
                        f"battles are {_one_line(repr(save.initial.ruleset), 40)} and "
                        f"{_one_line(repr(save.snapshot.ruleset), 40)}.")
    ctl: TurnController | None = None
    try:
        ctl = TurnController(save.initial.clone(), rs, source=LogReplay(save.log), seat=seat or save.seat,
                             settings=settings or TurnSettings())
        _drive(ctl, save.log, None)
    except ReplayDiverged as exc:
        raise SaveError(f"{path}: corrupt or foreign: replaying its log from the start does not give the logged "
                        f"battle ({_one_line(exc)}).") from None
    except (SaveError, MemoryError, KeyboardInterrupt):
        raise
    except Exception as exc:  # noqa: BLE001 - rules code ran on the file's data: whatever it raised is the file's fault
        where = f"log entry {len(ctl.battle.log)}" if ctl is not None else "its initial battle"
        raise SaveError(f"{path}: corrupt or foreign: its log cannot be replayed ({where}: "
                        f"{type(exc).__name__}: {_one_line(exc) or 'no detail'}).") from None
    snap = save.snapshot
    snap.board = save.initial.board
    snap.log = list(save.log)
    try:
        same = state_hash(ctl.battle) == state_hash(snap) == save.state_hash
    except (msgspec.MsgspecError, OverflowError, TypeError, ValueError) as exc:
        raise SaveError(f"{path}: corrupt or foreign: its snapshot cannot be compared ({_one_line(exc)}).") from None
    if not same:
        raise SaveError(f"{path}: corrupt or foreign: replaying its log does not give the battle it says it "
                        f"holds (state hash mismatch).")
    return save, ctl


def load_game(path: Path | str, *, ruleset: Ruleset | None = None, dice: str | list[int] | None = None,
              seat: dict[str, str] | None = None, settings: TurnSettings | None = None) -> TurnController:
    """Load a save: validate, re-play its log, compare with its snapshot, and return a live controller.

    ``dice``/``seat`` default to what the save recorded. Anything wrong is a
    :class:`SaveError` with one sentence; nothing is half-loaded.
    """
    path = Path(path)
    # no autosave while the log replays: each replayed step would write one and rotate the oldest away,
    # the very file being loaded among them when it is an autosave (it vanished mid-load)
    folder = settings.autosave_dir if settings is not None else None
    if settings is not None:
        settings.autosave_dir = None
    try:
        save, ctl = check_save(path, ruleset=ruleset, seat=seat, settings=settings)
    finally:
        if settings is not None:
            settings.autosave_dir = folder
    ctl.initial = save.initial
    # an autosave goes on as its own battle (its next autosave replaces it); any other save is a branch from
    # that point, autosaved apart, so the battle's own latest autosave is not overwritten by it
    ctl.battle_id = save.battle_id if folder is not None and _same_folder(path.parent, folder) else ""
    try:
        ctl.set_dice(dice if dice is not None else (save.dice if save.dice in ("seeded", "manual") else "seeded"))
        if ctl.waiting_for_dice is not None:
            ctl.resume()
    except (SaveError, MemoryError, KeyboardInterrupt):
        raise
    except Exception as exc:  # noqa: BLE001 - the file's battle, resumed: still the file's fault
        raise SaveError(f"{path}: corrupt or foreign: its battle cannot go on from where it was saved "
                        f"({type(exc).__name__}: {_one_line(exc) or 'no detail'}).") from None
    ctl.autosave_now()
    return ctl


# -- autosave ------------------------------------------------------------------------------------------

#: the files the autosave folder's bookkeeping looks at: ``autosave-ID.json`` (ID: the battle's id) and the
#: ``autosave-NNNNNN.json`` of earlier versions; what they hold, not their names, orders them
_AUTO = re.compile(r"^autosave-[^\\/]{1,200}\.json\Z")
#: a save stamped later than now by more than this was not written then (a wrong clock, a planted file)
CLOCK_SLACK_S = 60.0


def new_battle_id() -> str:
    """A new battle's id: 16 hex digits from the operating system (it names the battle's autosave file)."""
    return secrets.token_hex(8)


def _same_folder(a: Path | str, b: Path | str) -> bool:
    try:
        return os.path.realpath(a) == os.path.realpath(b)
    except (OSError, ValueError):
        return False


def saved_time(saved_at: str, now: float | None = None) -> float:
    """When a save says it was written (seconds since 1970, UTC); 0.0 (the oldest) when it does not say or
    says a time still to come, which no file written on this machine can."""
    try:
        stamp = datetime.datetime.fromisoformat(saved_at)
        if stamp.tzinfo is None:
            stamp = stamp.replace(tzinfo=datetime.UTC)
        when = stamp.timestamp()
    except (TypeError, ValueError, OverflowError, OSError):
        return 0.0
    now = time.time() if now is None else now
    return when if when <= now + CLOCK_SLACK_S else 0.0


class AutosaveFile(NamedTuple):
    """An autosave as the folder's bookkeeping sees it: read from its header, never from its name or mtime."""

    path: Path
    #: the battle it belongs to: its ``battle_id``, or ``file:NAME`` for an autosave written before battles had ids
    battle: str
    #: when it was saved, by its own ``saved_at`` (:func:`saved_time`)
    saved: float
    #: turns played by then: orders two autosaves stamped alike
    turn: int
    #: the round it was in
    round: int = 1

    @property
    def order(self) -> tuple[float, int, str]:
        return (self.saved, self.turn, self.path.name)

    @property
    def begun(self) -> bool:
        """Whether anyone has finished a turn in it: a battle opened and left at once is not one to keep
        before a battle played."""
        return self.turn > 0 or self.round > 1


def autosave_files(folder: Path | str, *, now: float | None = None) -> list[AutosaveFile]:
    """The autosaves in ``folder``, oldest first, by the time and battle they hold.

    A counter in the name wrapped (``autosave-999999.json`` was followed by
    ``autosave-000000.json``, deleted at once as the "oldest") and an mtime
    can be set to anything, so neither orders anything here. A file that does
    not read as a save is no autosave: it is left where it is, never counted
    and never deleted. Each file is read by its header only
    (:func:`read_header`); a folder missing or unreadable holds none.
    """
    try:
        entries = [e for e in os.scandir(folder) if _AUTO.match(e.name)]
    except OSError:
        return []
    out: list[AutosaveFile] = []
    for entry in entries:
        try:
            if not entry.is_file():
                continue
            head = read_header(entry.path)
        except (MemoryError, KeyboardInterrupt):
            raise
        except Exception:  # noqa: BLE001, S112 - not a save (or vanished): not an autosave either
            continue
        out.append(AutosaveFile(Path(entry.path), head.battle_id or f"file:{entry.name}",
                                saved_time(head.saved_at, now), head.snapshot.turn, head.snapshot.round))
    out.sort(key=lambda a: a.order)
    return out


def list_autosaves(folder: Path | str) -> list[Path]:
    """Autosaves in a folder, oldest first by what they hold (:func:`autosave_files`)."""
    return [a.path for a in autosave_files(folder)]


def latest_autosave(folder: Path | str | None = None) -> Path | None:
    """The autosave Continue loads: the one saved last, of whichever battle."""
    files = list_autosaves(folder if folder is not None else autosave_dir())
    return files[-1] if files else None


def prune_autosaves(folder: Path | str, *, keep: int = 10, current: Path | None = None) -> list[Path]:
    """Remove the autosaves of all but the ``keep`` battles saved most recently; returns those removed.

    The latest autosave of each kept battle stays, and so does ``current``
    (the one just written) whatever the clock says; an autosave that cannot be
    removed stays too. Files that are not saves are never touched. Battles
    nobody has finished a turn in (opened to look, then left) go before any
    battle played, so looking at a few scenarios never pushes out a battle
    that can be resumed.
    """
    files = autosave_files(folder)
    latest: dict[str, AutosaveFile] = {}
    for a in files:  # oldest first: each battle ends on its newest
        latest[a.battle] = a
    mine = next((a.battle for a in files if a.path == current), None)  # the battle being played counts first
    ranked = sorted((a for a in latest.values() if a.battle != mine), key=lambda a: (a.begun, a.order),
                    reverse=True)
    kept = {a.battle for a in ranked[:max(0, keep - (mine is not None))]} | {mine}
    removed: list[Path] = []
    for a in files:
        if a.battle in kept or a.path == current:
            continue
        try:
            a.path.unlink()
        except OSError:
            continue
        removed.append(a.path)
    return removed


def autosave(ctl: TurnController, folder: Path | str, *, keep: int = 10) -> list[Path]:
    """Write this battle's autosave, ``autosave-ID.json``; returns ``[path]`` (the controller keeps it).

    Each battle has one autosave file, replaced at every step through
    :func:`write_atomic` (the new one is whole before the old one goes). The
    first autosave of a battle draws its id (:func:`new_battle_id`, kept in
    every save of it) and removes the autosaves of all but the ``keep``
    battles saved most recently (:func:`prune_autosaves`). A folder that
    cannot be written raises :class:`SaveError` with the sentence a player
    reads ("Saving is off: FOLDER cannot be written (reason)."); the
    autosaves already there are left as they were.
    """
    folder = Path(folder)
    if not _BATTLE_ID.match(ctl.battle_id) or not ctl.battle_id:
        ctl.battle_id = new_battle_id()
    path = folder / f"autosave-{ctl.battle_id}.json"
    first = not path.exists()
    try:
        write_atomic(path, encode_save(make_save(ctl)))
    except OSError as exc:
        why = (exc.strerror or str(exc) or type(exc).__name__).lower()
        raise SaveError(f"Saving is off: {folder} cannot be written ({why}).") from None
    if first:
        prune_autosaves(folder, keep=keep, current=path)
    return [path]


# -- replay --------------------------------------------------------------------------------------------

class Replay:
    """Step forward, back and to any point of a saved battle.

    Position ``k`` (0..``len(replay)``) is the battle after the first ``k``
    actions and everything the controller did after them (hooks, the next
    round's initiative...), i.e. as the next player saw it. States are
    rebuilt from ``initial`` + log; a checkpoint is cached every
    ``every`` positions so jumping back is cheap. ``battle`` is a fresh
    object at each move: treat it as read-only.
    """

    def __init__(self, initial: Battle, log: list[dict[str, Any]], ruleset: Ruleset | str | None = None, *,
                 every: int = 16, seat: dict[str, str] | None = None) -> None:
        self.initial = initial.clone(with_log=False)
        #: who played each side, as saved ("human" or "ai"): a replay labels the seats, nobody moves in it
        self.seat: dict[str, str] = dict(seat or {})
        self.log = list(log)
        self.ruleset = find_ruleset(ruleset or initial.ruleset) if not isinstance(ruleset, Ruleset) else ruleset
        self.every = max(1, every)
        self.starts = [i for i, e in enumerate(self.log) if "intent" in e]
        self._cache: dict[int, tuple[Battle, int]] = {}
        self._ctl = self._controller_at(0)
        self.position = 0

    @classmethod
    def from_save(cls, path: Path | str, *, ruleset: Ruleset | None = None, every: int = 16) -> Replay:
        """The replay of a save checked exactly as :func:`load_game` checks it (its whole log re-played and
        compared with its snapshot and hash): a save that diverges is a :class:`SaveError`, never a battle
        other than the one saved."""
        save, ctl = check_save(path, ruleset=ruleset)
        try:
            replay = cls(save.initial, save.log, ruleset or save.ruleset, every=every, seat=save.seat)
            # the check ended where the replay ends: End is a jump, not a second replay of the whole log
            replay._cache[len(replay)] = (ctl.battle.clone(with_log=False), len(ctl.battle.log))
            return replay
        except (MemoryError, KeyboardInterrupt):
            raise
        except Exception as exc:  # noqa: BLE001 - checked above; anything here is still the file's fault
            raise SaveError(f"{path}: corrupt or foreign: it cannot be replayed ({type(exc).__name__}: "
                            f"{_one_line(exc) or 'no detail'}).") from None

    @classmethod
    def from_controller(cls, ctl: TurnController, *, every: int = 16) -> Replay:
        if ctl.initial is None:
            raise SaveError("This battle cannot be replayed: the controller was not given its initial state.")
        return cls(ctl.initial, ctl.battle.log, ctl.ruleset, every=every, seat=dict(ctl.seat))

    def __len__(self) -> int:
        return len(self.starts)

    @property
    def battle(self) -> Battle:
        return self._ctl.battle

    @property
    def ctl(self) -> TurnController:
        """The controller at the current position (read-only: the HUD asks it for the initiative order)."""
        return self._ctl

    @property
    def intents(self) -> list[Action]:
        return [intent_from_dict(self.ruleset, self.log[i]["intent"]) for i in self.starts]

    def entries_at(self, k: int) -> list[dict[str, Any]]:
        """The log entries that moving from position ``k - 1`` to ``k`` produced (for animation)."""
        if not 0 <= k <= len(self):
            raise IndexError(k)
        if k == 0:
            return self.log[:self.starts[0]] if self.starts else list(self.log)
        lo = self.starts[k - 1]
        hi = self.starts[k] if k < len(self.starts) else len(self.log)
        return self.log[lo:hi]

    def _controller_at(self, k: int) -> TurnController:
        base = max((c for c in self._cache if c <= k), default=None)
        if base is None:
            ctl = TurnController(self.initial.clone(), self.ruleset, source=LogReplay(self.log))
            done = 0
        else:
            snap, log_len = self._cache[base]
            b = snap.clone(with_log=False)
            b.log = self.log[:log_len]
            ctl = TurnController(b, self.ruleset, source=LogReplay(self.log), start=False)
            done = base
        self._remember(done, ctl)
        while done < k:
            _drive(ctl, self.log, 1)
            done += 1
            self._remember(done, ctl)
        return ctl

    def _remember(self, k: int, ctl: TurnController) -> None:
        if k % self.every == 0 and k not in self._cache:
            self._cache[k] = (ctl.battle.clone(with_log=False), len(ctl.battle.log))

    def goto(self, k: int) -> Battle:
        """The battle at position ``k``; ``IndexError`` outside 0..len. A log that stops replaying on the
        way (only a save not checked by :meth:`from_save` can) is a :class:`SaveError`, and the replay stays
        where it was."""
        if not 0 <= k <= len(self):
            raise IndexError(f"position {k} is outside 0..{len(self)}")
        try:
            if k < self.position or max((c for c in self._cache if c <= k), default=0) > self.position:
                self._ctl = self._controller_at(k)
            else:
                while self.position < k:
                    _drive(self._ctl, self.log, 1)
                    self.position += 1
                    self._remember(self.position, self._ctl)
        except (MemoryError, KeyboardInterrupt):
            raise
        except Exception as exc:  # noqa: BLE001 - a log that does not replay is the log's fault
            if k > self.position:  # a step half done: back to the last position reached (it replayed before)
                try:
                    self._ctl = self._controller_at(self.position)
                except Exception:  # noqa: BLE001, S110 - keep the half-done state rather than raise a second error
                    pass
            raise SaveError(f"This replay stops at action {self.position + 1}: its log does not replay "
                            f"({type(exc).__name__}: {_one_line(exc) or 'no detail'}).") from None
        self.position = k
        return self.battle

    def forward(self) -> Battle:
        return self.goto(min(self.position + 1, len(self)))

    def back(self) -> Battle:
        return self.goto(max(self.position - 1, 0))

    def to_start(self) -> Battle:
        return self.goto(0)

    def to_end(self) -> Battle:
        return self.goto(len(self))
