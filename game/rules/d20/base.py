"""The d20 action base: shared legality (out, surprised, busy, phases, peace) and bookkeeping."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.rules import events as E
from game.rules.base import Action, Reason, Ruleset, no_fighter, rules_of
from game.rules.d20.attack import apply_damage, should_defer
from game.rules.d20.status import is_helpless, is_out, is_surprised, mark, phase_of, this_round

if TYPE_CHECKING:
    from game.dice import Dice
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["D20Action"]

@dataclass(frozen=True, slots=True)
class D20Action(Action):
    """Subclasses implement ``_check``/``_resolve``; where the countdown offers them (S4-PHASE-1) is the
    ruleset's phase data (``D20Ruleset.phases``), not theirs."""

    #: an attack (S4-MOVE-5, S4-ATTACK-4: nothing moves after it; S4-SURPRISE-5)
    attacks: ClassVar[bool] = False
    moves: ClassVar[bool] = False
    #: allowed to a fighter busy standing up / thrown (only the passes)
    passive: ClassVar[bool] = False

    def check(self, battle: Battle, rules: Ruleset | None = None) -> Reason | None:
        f = battle.get(self.actor)
        if f is None:
            return no_fighter(self.actor)
        if is_out(f):
            return Reason(f"{f.label} is out of the fight.", "G4-2")
        if is_helpless(battle, f) and not self.passive:
            return Reason(f"{f.label} is helpless and can do nothing.", "S4-HELPLESS-1")
        # S4-SURPRISE-5: whether the encounter's roll or a scenario's `surprised` condition says so
        if is_surprised(battle, f) and not self.passive:
            return Reason(f"{f.label} is surprised: {f.words.they} can neither move nor attack this round.", "S4-SURPRISE-5")
        phase = phase_of(battle)
        if phase is not None and not self.passive:
            # S4-PHASE-1: the ruleset's phase data says where this action type acts (D20Ruleset.phases)
            phases = rules_of(battle, rules).phases_of(self.type)
            if phases and phase not in phases:
                return Reason(f"{self.title or self.type} belongs to the {', '.join(phases)} phase, not {phase}.",
                              "S4-PHASE-1")
        busy = this_round(battle, f, "busy")
        if busy and not self.passive:
            return Reason(f"{f.label} can take no other action this round ({busy.get('why', 'busy')}).",
                          "S4-PRONE-2" if "stand" in busy.get("why", "") else "S4-MOUNT-18")
        if self.moves and this_round(battle, f, "attacked"):
            if this_round(battle, f, "moved"):
                return Reason(f"{f.label} has moved and attacked this round: no more moving until {f.their} next turn.",
                              "S4-MOVE-5")
            return Reason(f"{f.label} has attacked this round and stays put until {f.their} next turn.", "S4-ATTACK-4")
        if self.attacks:
            if this_round(battle, f, "attacked"):
                return Reason(f"{f.label} has already attacked this round.", "S4-MOVE-5")
            if this_round(battle, f, "aim"):
                return Reason(f"{f.label} is aiming this round and makes no attack.", "S4-AIM-1")
            dfn = this_round(battle, f, "defense")
            if dfn and dfn.get("mode") in ("total", "staff"):
                return Reason(f"{f.label} is in {'total defence' if dfn['mode'] == 'total' else 'staff defence'}: "
                              f"no attacks this round.", "S4-PARRY-3" if dfn["mode"] == "total" else "S4-STAFF-3")
        return self._check(battle, f)

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        return None

    def resolve(self, battle: Battle, dice: Dice, rules: Ruleset | None = None) -> list[dict]:
        r = E.Resolution(battle, dice, rules_of(battle, rules))
        f = battle.fighter(self.actor)
        self._resolve(r, f)
        flush_pending(r)
        if self.attacks and not this_round(battle, f, "attacked"):
            mark(r, f, "attacked")
        if self.type not in ("wait", "do_nothing", "defend", "face"):
            mark(r, f, "last", type=self.type)
        return r.events

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        raise NotImplementedError

    def text_title(self) -> str:
        return self.title or self.type


def flush_pending(r: Resolution) -> None:
    """GX-4: the last fighter of a simultaneous group has acted: the group's held-back damage lands now."""
    battle = r.battle
    pending = list(battle.state.get("d20_pending", []))
    if not pending or should_defer(battle, battle.current or ""):
        return
    r.emit(E.stat(pending[0]["target"], "battle.d20_pending", [], rule="GX-4"))
    for p in pending:
        a, t = battle.fighter(p["attacker"]), battle.fighter(p["target"])
        if "dead" in t.conditions:
            continue
        apply_damage(r, a, t, int(p["amount"]), dtype=p["dtype"], rule=p["rule"], why=p.get("why", ""), defer=False)
