"""The driver's table on top of the real turn controller (``game.flow.turns.TurnController``).

Both seats are the computer's, there is no autosave and no undo, and the
round limit ends the battle as a draw, which the driver counts as stuck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.flow.turns import TurnController, TurnSettings

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Action, Ruleset

__all__ = ["ControllerTable"]


class ControllerTable:
    def __init__(self, battle: Battle, ruleset: Ruleset, round_limit: int) -> None:
        self.battle = battle
        self.round_limit = round_limit
        ruleset.setup(battle)
        seat = {s.id: "ai" for s in battle.sides}
        for f in battle.fighters:
            seat.setdefault(f.side, "ai")
        settings = TurnSettings(round_limit=round_limit, undo_limit=0, autosave_dir=None)
        self.ctl = TurnController(battle, ruleset, dice="seeded", seat=seat, settings=settings)
        self.first_events = self.ctl.last.events

    @property
    def stuck(self) -> bool:
        b = self.battle
        return b.ended and b.winner is None and b.round > self.round_limit

    def actor(self) -> str | None:
        if self.battle.ended:
            return None
        fid = self.ctl.whose_turn()
        if fid is None:
            raise RuntimeError("the turn controller waits for nobody although the battle is not over")
        return fid

    def options(self, fid: str) -> list[Action]:
        return [o.action for o in self.ctl.legal_actions() if o.reason is None]

    def refuses(self, action: Action) -> bool:
        """Whether the checked door refuses ``action`` now (asked without playing it)."""
        return self.ctl.check(action) is not None

    def submit(self, action: Action) -> tuple[bool, str, list[dict[str, Any]], list[dict[str, Any]]]:
        """(accepted, why not, the intent's own events, every event of the step incl. hooks)."""
        result = self.ctl.submit(action)
        if not result.ok:
            why = str(result.reason) if result.reason else result.status
            return False, why, [], []
        own = [e for e in result.entries if e.get("step") == "intent"]
        return True, "", list(own[0].get("events", [])) if own else [], result.events
