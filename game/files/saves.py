"""Loading and replaying saves: a save's log re-played through the turn controller — headless, JSON only.

Loading re-plays the log from ``initial`` through a
:class:`~game.flow.turns.TurnController` and compares with the snapshot: any
difference makes the file "corrupt or foreign", refused with one sentence
(:class:`SaveError`), never half-loaded. :class:`Replay` steps forward, back and
to any point of a saved battle, rebuilding states from ``initial`` + log with
cached checkpoints.

The file itself (its record, writing, reading without a replay, the header, the
autosave folder) is :mod:`game.files.save_file`, below the controller; its names
are re-exported here, so a caller that saves and loads imports one module.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from game.files.save_file import (
    SAVE_FORMAT,
    SAVE_VERSION,
    AutosaveFile,
    SaveError,
    SaveFile,
    SaveHeader,
    autosave,
    autosave_dir,
    autosave_files,
    clean_stale_temps,
    data_dir,
    encode_save,
    latest_autosave,
    list_autosaves,
    make_save,
    new_battle_id,
    one_line,
    prune_autosaves,
    read_header,
    read_save,
    same_folder,
    save_game,
    saved_time,
    saves_dir,
    state_hash,
    write_atomic,
)
from game.flow.sources import LogReplay, ReplayDiverged
from game.flow.turns import TurnController, TurnSettings, intent_from_dict
from game.model import Battle
from game.rules.base import Ruleset, UnknownRuleset, find_ruleset

if TYPE_CHECKING:
    from game.rules.base import Action

__all__ = [
    "SAVE_FORMAT", "SAVE_VERSION", "SaveFile", "SaveError", "data_dir", "saves_dir", "autosave_dir",
    "state_hash", "make_save", "encode_save", "write_atomic", "save_game", "read_save", "load_game",
    "replay_log", "check_save", "SaveHeader", "read_header", "autosave", "list_autosaves", "latest_autosave",
    "AutosaveFile", "autosave_files", "prune_autosaves", "new_battle_id", "saved_time", "clean_stale_temps",
    "Replay",
]


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
            raise ReplayDiverged(i, f"the log has a {one_line(repr(entry.get('step')), 40)} step where an action "
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
        raise SaveError(f"{path}: uses the ruleset {one_line(repr(save.ruleset), 60)}, which this Clinch does "
                        f"not have.") from None
    if ruleset is None and (save.initial.ruleset != save.ruleset or save.snapshot.ruleset != save.ruleset):
        raise SaveError(f"{path}: corrupt or foreign: ruleset says {one_line(repr(save.ruleset), 40)} but its "
                        f"battles are {one_line(repr(save.initial.ruleset), 40)} and "
                        f"{one_line(repr(save.snapshot.ruleset), 40)}.")
    ctl: TurnController | None = None
    try:
        ctl = TurnController(save.initial.clone(), rs, source=LogReplay(save.log), seat=seat or save.seat,
                             settings=settings or TurnSettings())
        _drive(ctl, save.log, None)
    except ReplayDiverged as exc:
        raise SaveError(f"{path}: corrupt or foreign: replaying its log from the start does not give the logged "
                        f"battle ({one_line(exc)}).") from None
    except (SaveError, MemoryError, KeyboardInterrupt):
        raise
    except Exception as exc:  # noqa: BLE001 - rules code ran on the file's data: whatever it raised is the file's fault
        where = f"log entry {len(ctl.battle.log)}" if ctl is not None else "its initial battle"
        raise SaveError(f"{path}: corrupt or foreign: its log cannot be replayed ({where}: "
                        f"{type(exc).__name__}: {one_line(exc) or 'no detail'}).") from None
    snap = save.snapshot
    snap.board = save.initial.board
    snap.log = list(save.log)
    try:
        same = state_hash(ctl.battle) == state_hash(snap) == save.state_hash
    except (msgspec.MsgspecError, OverflowError, TypeError, ValueError) as exc:
        raise SaveError(f"{path}: corrupt or foreign: its snapshot cannot be compared ({one_line(exc)}).") from None
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
    ctl.battle_id = save.battle_id if folder is not None and same_folder(path.parent, folder) else ""
    try:
        ctl.set_dice(dice if dice is not None else (save.dice if save.dice in ("seeded", "manual") else "seeded"))
        if ctl.waiting_for_dice is not None:
            ctl.resume()
    except (SaveError, MemoryError, KeyboardInterrupt):
        raise
    except Exception as exc:  # noqa: BLE001 - the file's battle, resumed: still the file's fault
        raise SaveError(f"{path}: corrupt or foreign: its battle cannot go on from where it was saved "
                        f"({type(exc).__name__}: {one_line(exc) or 'no detail'}).") from None
    ctl.autosave_now()
    return ctl


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
            replay._ends_at(ctl)
            return replay
        except (MemoryError, KeyboardInterrupt):
            raise
        except Exception as exc:  # noqa: BLE001 - checked above; anything here is still the file's fault
            raise SaveError(f"{path}: corrupt or foreign: it cannot be replayed ({type(exc).__name__}: "
                            f"{one_line(exc) or 'no detail'}).") from None

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

    def _ends_at(self, ctl: TurnController) -> None:
        """The check ended where the replay ends: End is a jump, not a second replay of the whole log."""
        self._cache[len(self)] = (ctl.battle.clone(with_log=False), len(ctl.battle.log))

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
                            f"({type(exc).__name__}: {one_line(exc) or 'no detail'}).") from None
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
