"""Undo and redo for the turn controller: checkpoints of the battle, and when taking one back is allowed.

boardgame.io's lesson: undo is a stack of snapshots. Only actions of human
seats make a checkpoint (the battle before the action, without its log, the
log's length, the side and a label, the dice source's position); the
computer's replies after one are taken back with it. Redo puts back exactly
what undo removed (same dice, same events). The controller (``game.flow.turns``)
decides when to mark and restores the battle; this module keeps the stacks
and the reasons a player may not take an action back. Nothing here imports
pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.flow.sources import brief
from game.model import Battle
from game.rules.base import Reason
from game.wording import possessive

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["Checkpoint", "UndoHistory", "assign_battle"]

_FIELDS = tuple(f for f in Battle.__struct_fields__ if f != "log")


def assign_battle(dst: Battle, src: Battle) -> None:
    """Make ``dst`` equal ``src`` (except its log) in place, so the UI's reference stays valid."""
    for name in _FIELDS:
        setattr(dst, name, getattr(src, name))


@dataclass
class Checkpoint:
    """The battle before an action of a human seat (without its log), to go back to."""

    battle: Battle  # without its log
    log_len: int
    side: str | None
    label: str
    source_state: Any = None
    removed: list[dict[str, Any]] = field(default_factory=list)  # for redo: the entries it brings back


class UndoHistory:
    """The undo and redo stacks of one controller."""

    def __init__(self) -> None:
        self.undo: list[Checkpoint] = []
        self.redo: list[Checkpoint] = []

    def mark(self, battle: Battle, side: str, label: str, source_state: Any, limit: int) -> None:
        """A checkpoint before an action of a human seat; the oldest go when there are more than ``limit``."""
        self.undo.append(Checkpoint(battle.clone(with_log=False), len(battle.log), side, label, source_state))
        del self.undo[:-limit]

    def forget_unplayed(self, battle: Battle) -> None:
        """Drop the checkpoint made for an intent that never happened (its dice dialog was closed)."""
        if self.undo and self.undo[-1].log_len == len(battle.log):
            self.undo.pop()

    def refusal(self, battle: Battle, *, rolled: bool, allow_after_dice: bool, turn_side: str | None,
                side_name: Callable[[str], str]) -> Reason | None:
        """Why the last checkpoint may not be taken back now (kind ``undo``), or ``None``.

        ``rolled``: a choice is open or the dice asked for after one are
        pending (the roll counts); ``turn_side``: the human side whose turn it
        is, if any (in hotseat only the player whose action it was can take it
        back).
        """
        if not self.undo:
            return Reason("There is nothing to take back.", "", "undo")
        if rolled and not allow_after_dice:
            return Reason("The dice are rolled: choose a result (undo after dice is off in the settings).", "",
                          "undo")
        cp = self.undo[-1]
        if turn_side is not None and cp.side != turn_side:
            return Reason(f"It is {possessive(side_name(turn_side))} turn; only the player whose action it was "
                          f"can take it back.", "", "undo")
        if not allow_after_dice:
            rolled_entries = [e for e in battle.log[cp.log_len:] if e.get("dice")]
            if rolled_entries:
                return Reason(f"Dice were rolled since {cp.label} ({brief(rolled_entries[0])}); undo after dice "
                              f"is off in the settings.", "", "undo")
        return None

    def take_back(self, battle: Battle, source_state: Any, *, paused: bool) -> tuple[Checkpoint, Checkpoint | None]:
        """Pop the last checkpoint; unless only a paused action is taken back, cut the log and keep a redo.

        Returns the checkpoint to restore and the redo checkpoint (``None``
        when nothing was logged since, so there is nothing to redo).
        """
        cp = self.undo.pop()
        if paused and cp.log_len == len(battle.log):
            return cp, None
        redo = Checkpoint(battle.clone(with_log=False), len(battle.log), cp.side, cp.label, source_state,
                          list(battle.log[cp.log_len:]))
        del battle.log[cp.log_len:]
        self.redo.append(redo)
        return cp, redo

    def bring_back(self, battle: Battle, source_state: Any) -> Checkpoint:
        """Pop the last redo checkpoint, marking the battle as it is now for undo."""
        cp = self.redo.pop()
        self.undo.append(Checkpoint(battle.clone(with_log=False), len(battle.log), cp.side, cp.label, source_state))
        return cp
