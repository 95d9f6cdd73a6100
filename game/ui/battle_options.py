"""What the fighter whose turn it is may do now, worked out once per state of the battle.

The battle screen asks for the options many times a frame (the menu, the lit
reach, the route, the tooltip, the key shortcuts); the ruleset's
``legal_actions`` (plus the field variants of :func:`~game.ui.intent_fields.expand`)
runs once per state, keyed on the log's length and whose turn it is. The
exact odds of each option are worked out lazily and kept for that state;
idle frames fill them in (:meth:`OptionCache.warm`) before a click needs them.
"""

from __future__ import annotations

import time
from typing import Any

from game.hexgrid import Hex, hex_distance
from game.ui.intent_fields import expand
from game.ui.path_preview import open_path, routes

__all__ = ["OptionCache"]


class OptionCache:
    """The acting fighter's options, its reach (hex -> move), the routes there and the odds, per state."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.key: tuple | None = None  # the state the cache was filled for
        self.pending = True  # the odds of the current options are not all known yet (filled on idle frames)
        self._opts: list[Any] = []
        self._reach: dict[Hex, Any] = {}
        self._costs: dict[Hex, int] = {}
        self._paths: dict[Hex, list[Hex]] = {}
        self._bands: dict[Hex, Any] | None = None
        self._odds: dict[int, Any] = {}

    def options(self) -> list[Any]:
        """The options (each an action and its reason, None when allowed); empty when no human acts."""
        s = self.session
        b = s.battle
        key = (id(s.ctl), len(b.log), b.current, b.turn, b.round, s.waiting_for_dice is None, b.ended)
        if key != self.key:
            self._opts = expand(s.options(), s.battle, s.ruleset, s.ctl) if s.is_human_turn() else []
            self.key = key
            self._reach = {}
            # a walk where there is one, else a run (d20's double move, S4-RUN-1): both lit, in their bands
            for kind in ("move", "run"):
                for o in self._opts:
                    a = o.action
                    if o.reason is None and a.type == kind and getattr(a, "to", None) is not None:
                        self._reach.setdefault(Hex(*a.to), a)
            self._costs, self._paths = routes(s.battle, s.ruleset, self._reach)
            self._bands = None
            self._odds = {}
        return self._opts

    def odds_of(self, action: Any) -> Any:
        """The action's odds, worked out once per state (idle frames fill this before a click needs it)."""
        k = id(action)
        if k not in self._odds:
            self._odds[k] = self.session.odds(action)
        return self._odds[k]

    def warm(self, budget_ms: float) -> None:
        """The odds of the allowed options not yet known, for at most ``budget_ms``; ``pending`` says if
        some are left."""
        t0 = time.perf_counter()
        self.pending = True
        for o in self.options():
            if o.reason is None and id(o.action) not in self._odds and o.action.type not in ("move",):
                self.odds_of(o.action)
                if (time.perf_counter() - t0) * 1000 > budget_ms:
                    return
        self.pending = False

    @property
    def reach(self) -> dict[Hex, Any]:
        """Hex -> the move action ending there, for every hex the ruleset lets the actor move to."""
        self.options()
        return self._reach

    @property
    def bands(self) -> dict[Hex, Any]:
        """Hex of the reach -> its :class:`~game.rules.base.MoveBand` (whether the attack is still open after
        moving there), from the ruleset's ``move_band``; empty when the ruleset's moves limit nothing."""
        self.options()
        if self._bands is None:
            s = self.session
            actor = s.battle.get(s.battle.current)
            self._bands = {}
            for h, move in self._reach.items():
                try:
                    band = s.ruleset.move_band(s.battle, actor, move, self._costs.get(h, 0))
                except Exception:  # noqa: BLE001 - a ruleset's band must never stop the game: one tint then
                    band = None
                if band is not None:
                    self._bands[h] = band
        return self._bands

    def move_refusal(self, h: Hex) -> str | None:
        """Why the actor may not move to ``h``, when the rules list that move and refuse it (a burning fighter
        in a panic must run 2+ hexes, S3-FIRE-7: the hex next door is not "out of reach"); None otherwise."""
        for o in self.options():
            a = o.action
            if o.reason is not None and a.type == "move" and getattr(a, "to", None) is not None \
                    and tuple(a.to) == (h.q, h.r):
                return str(o.reason)
        return None

    def cost_of(self, h: Hex) -> int:
        """Hexes walked to ``h``: its route's length in reach, the straight distance outside it."""
        self.options()
        if h in self._costs:
            return self._costs[h]
        a = self.session.battle.get(self.session.battle.current)
        return hex_distance(a.hex, h) if a is not None else 0

    def path_to(self, h: Hex) -> list[Hex]:
        """The route to ``h``: the reach's own, or a search over open ground for any other hex."""
        self.options()
        if h in self._paths:
            return self._paths[h]
        return open_path(self.session.battle, h)
