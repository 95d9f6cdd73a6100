"""A client's copy of the server's battle, rebuilt entry by entry through the save's replay path.

The client never rolls: for each :class:`~game.net.protocol.Entry` it plays
the entry's intent through the trusted door (``TurnController.apply``, as
``game.files.saves.replay_log`` does) with a :class:`NetReplay` source that feeds
back the faces the server logged as scripted dice and checks every log entry
the step writes against the server's. Then it compares
:func:`~game.net.protocol.net_hash`; any difference (or an entry that does
not replay) makes :meth:`Mirror.add` return ``False``, and the client asks
for the whole battle (:class:`~game.net.protocol.Sync`) rather than play on.

The seed stays unknown until the battle ends; seeded faces still move the
battle's counter, one per die as ``SeededDice`` does, so the copy equals the
server's battle except for ``rng.seed``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.dice import ScriptedDice
from game.files.saves import state_hash
from game.flow.sources import LogReplay
from game.flow.turns import TurnController, TurnSettings, intent_from_dict
from game.net.protocol import Entry, net_hash
from game.rules.base import find_ruleset

if TYPE_CHECKING:
    from game.flow.steps import Step
    from game.model import Battle

__all__ = ["Mirror", "NetReplay"]


@dataclass
class _CountedDice(ScriptedDice):
    """The server's faces, moving the battle's counter as the seeded dice that rolled them did."""

    state: Any = None

    def roll(self, count: int, sides: int, purpose: str = "", rule: str = "") -> list[int]:
        out = super().roll(count, sides, purpose, rule)
        if self.state is not None:
            self.state.counter += len(out)
        return out


class NetReplay(LogReplay):
    """:class:`~game.flow.sources.LogReplay` without the seed: every step gets the logged faces."""

    name = "replay"

    def dice_for(self, step: Step, index: int, work: Battle) -> ScriptedDice:  # type: ignore[override]
        dice = super().dice_for(step, index, work)
        entry = self.expect
        if entry is None or entry.get("source") != "seeded":
            return dice  # type: ignore[return-value]
        return _CountedDice(list(entry.get("dice", [])), state=work.rng)


class Mirror:
    """The battle as the server's entries make it: ``ctl`` (read it, never play on it), ``count`` entries."""

    def __init__(self, initial: Battle, entries: list[Entry], *, round_limit: int | None = None) -> None:
        self.initial = initial.clone(with_log=False)
        self.ruleset = find_ruleset(initial.ruleset)
        self.log: list[dict[str, Any]] = list(entries[0].log) if entries else []
        self.settings = TurnSettings(round_limit=round_limit, undo_limit=0, autosave_dir=None)
        self.ctl = TurnController(self.initial.clone(), self.ruleset, source=NetReplay(self.log),
                                  settings=self.settings)
        self.count = 1 if entries else 0
        self.good = not entries or net_hash(self.ctl.battle) == entries[0].hash
        for e in entries[1:]:
            if not self.good:
                break
            self.add(e)

    @property
    def battle(self) -> Battle:
        return self.ctl.battle

    def add(self, entry: Entry) -> bool:
        """Play one entry; ``False`` if it is out of order, does not replay, or gives another hash."""
        if not self.good or entry.index != self.count or entry.intent is None:
            self.good = self.good and entry.index < self.count  # an entry held already is harmless
            return entry.index < self.count and self.good
        self.log.extend(entry.log)
        try:
            self.ctl.apply(intent_from_dict(self.ruleset, entry.intent))
        except Exception:  # noqa: BLE001 - whatever the replay raised, the copy is not the server's
            self.good = False
            return False
        self.count += 1
        self.good = net_hash(self.ctl.battle) == entry.hash
        return self.good

    def final_hash(self, seed: int) -> str:
        """``game.files.saves.state_hash`` of the battle with the seed the server told at the end."""
        b = self.ctl.battle.clone()
        b.rng.seed = seed
        return state_hash(b)
