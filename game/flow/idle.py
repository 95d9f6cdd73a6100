"""Slots with nothing in them: a fighter that can only pass passes by itself, and a fighter whose player ended
its round passes the rest of it.

A phased turn order gives a fighter one turn per phase it takes part in (d20: movement, missiles, hand-to-hand
on its number, S4-PHASE-1; nd6: movement then action, G3-3; edge's phases, G1-4). While the armies are apart
most of those turns offer nothing but a pass, and a player pressed Space for each (about six a round in d20).

:func:`nothing_to_do` answers from the engine's own legal actions: every legal option is a pass (the types of
``game.flow.turns.PASS_TYPES``: do nothing, wait, the controller's pass) or a declaration the turn order allows at any
moment of the round (its ``anytime`` types: d20's defence "regardless of initiative", S4-PARRY-1) that the
fighter could already make in an earlier turn of this round. :func:`pass_idle` passes such turns, and every turn
of a fighter in ``resting`` (its player's "end this fighter's round" key), until someone has something to do.

Only the battle screen calls :func:`pass_idle`, and only for fighters of human seats: the computer, replays,
``clinch simulate`` and ``clinch resolve`` play every turn as before. Its passes make no undo checkpoint of their
own (``TurnController.submit(checkpoint=False)``), so undo takes them back with the action before them. No pygame.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.flow.turns import PASS_TYPES, Result

if TYPE_CHECKING:
    from game.flow.turns import TurnController

__all__ = ["IdlePass", "nothing_to_do", "pass_idle", "idle_lines"]

#: the most turns one call passes (a guard: every pass ends a turn, and a round ends)
_MOST = 200


@dataclass(frozen=True)
class IdlePass:
    """One turn passed for its fighter: who, in which phase (None: a turn order without phases), and why
    (``"idle"``: nothing to do; ``"rest"``: its player ended its round)."""

    fighter: str
    label: str
    phase: str | None
    why: str


def _had_turn(ctl: TurnController, fid: str) -> bool:
    """Whether the fighter has played a turn earlier in this round (its log holds an intent of it)."""
    b = ctl.battle
    for entry in reversed(b.log):
        if entry.get("round") != b.round:
            return False
        intent = entry.get("intent")
        if isinstance(intent, dict) and intent.get("actor") == fid:
            return True
    return False


def nothing_to_do(ctl: TurnController) -> bool:
    """Whether the fighter whose turn it is can only pass (see the module docstring): read from the ruleset's
    legal actions, never guessed. False when it is nobody's turn or the controller waits for dice or a choice."""
    fid = ctl.whose_turn()
    if fid is None or ctl.waiting_for_dice is not None or ctl.waiting_for_choice is not None:
        return False
    legal = [o.action.type for o in ctl.legal_actions() if o.legal]
    if not legal or ctl.pass_intent() is None:
        return False
    idle = set(PASS_TYPES)
    anytime = getattr(ctl.policy, "anytime", ())  # Policy declares it; a bare InitiativePolicy may not
    if anytime and _had_turn(ctl, fid):
        idle |= set(anytime)  # declared already, or passed over in an earlier turn of the round
    return all(t in idle for t in legal)


def pass_idle(ctl: TurnController, resting: set[tuple[str, int]]) -> tuple[Result | None, list[IdlePass]]:
    """Pass every human fighter's turn that has nothing in it, or whose ``(fighter id, round)`` is in
    ``resting``, until a turn has something to do, the computer is to act, the battle ends or dice are asked for.

    Returns the controller's result with the passes' own log entries left out (what else ran between them stays:
    a new round's initiative rolls, damage landing at the end of a phase) and the passes made; ``(None, [])``
    when nothing was passed.
    """
    passed: list[IdlePass] = []
    entries: list[dict[str, Any]] = []
    last: Result | None = None
    for _ in range(_MOST):
        fid = ctl.whose_turn()
        if fid is None or ctl.battle.ended or not ctl.is_human_turn():
            break
        why = "rest" if (fid, ctl.battle.round) in resting else "idle" if nothing_to_do(ctl) else None
        intent = ctl.pass_intent() if why else None
        if intent is None or why is None:
            break
        phase = ctl.initiative().get("phase")
        result = ctl.submit(intent, checkpoint=False)
        if result.rejected:
            break
        last = result
        passed.append(IdlePass(fid, ctl.battle.fighter(fid).label, phase if isinstance(phase, str) else None, why))
        mine = intent.to_dict()
        entries += [e for e in result.entries if e.get("intent") != mine]
        if not result.ok:
            break  # dice or a choice asked for by what followed the pass: the screen takes over
    if last is None:
        return None, []
    return dataclasses.replace(last, intent=None, entries=tuple(entries)), passed


def idle_lines(passed: list[IdlePass]) -> list[str]:
    """The combat log's lines for the passes: one a phase and reason, naming every fighter who passed in it,
    e.g. "Nothing to do in the missiles phase: Ann, Bob pass." (names as written)."""
    groups: list[tuple[tuple[str | None, str], list[str]]] = []
    for p in passed:
        key = (p.phase, p.why)
        if groups and groups[-1][0] == key:
            if p.label not in groups[-1][1]:
                groups[-1][1].append(p.label)
        else:
            groups.append((key, [p.label]))
    out = []
    for (phase, why), names in groups:
        verb = "passes" if len(names) == 1 else "pass"
        where = f" in the {phase} phase" if phase else ""
        if why == "rest":
            out.append(f"Round ended by the player{where}: {', '.join(names)} {verb}.")
        else:
            out.append(f"Nothing to do{where}: {', '.join(names)} {verb}.")
    return out
