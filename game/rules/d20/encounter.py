"""The encounter: surprise per side (S4-SURPRISE-1..4, G4-19) and the monsters' reaction roll (S4-REACT-1, G4-8).

Scenario options (``battle.options``):

- ``surprise``: the sides that could be caught unaware (a list of side ids, or
  ``true`` for every side); each rolls 1d6 once (S4-SURPRISE-1).
- ``ambushers``: sides well hidden and ready for an ambush: every other side
  is surprised on 1-4 instead of 1-2 (S4-SURPRISE-3).
- a fighter trait ``hard_to_surprise`` (elves) lowers its own range by 1
  (S4-SURPRISE-4; one die per side, each fighter compares it with its own
  range, G4-19).
- ``reaction``: ``{"side": monsters, "leader": the party leader's id,
  "adjust": n}``: 2d6 + the leader's CHA bonus + n (S4-REACT-1) read on the
  G4-8 table. On 9 or more the monsters do not attack until someone attacks
  one of them (``battle.state["d20_peace"]``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import events as E
from game.rules.d20.abilities import bonus, trait
from game.rules.initiative import surprise_event

if TYPE_CHECKING:
    from game.dice import Dice
    from game.model import Battle
    from game.rules.events import Resolution

__all__ = ["check_surprise", "reaction_roll", "REACTIONS", "surprise_range"]

REACTIONS = ((2, "immediate attack"), (5, "hostile, may attack"), (8, "uncertain"),
             (11, "no attack, may leave or talk"), (99, "friendly"))


def surprise_range(battle: Battle, side: str, fighter_traits: dict | None = None) -> int:
    ambushers = battle.options.get("ambushers", [])
    base = 4 if any(a != side for a in ambushers) else 2
    return base


def check_surprise(battle: Battle, dice: Dice, res: Resolution) -> None:
    """The policy's round-1 hook: reaction roll, then surprise for each side that could be caught unaware."""
    reaction_roll(battle, dice, res)
    opt = battle.options.get("surprise")
    if not opt:
        return
    sides = []
    for f in battle.fighters:
        if f.side not in sides:
            sides.append(f.side)
    if opt is not True:
        sides = [s for s in sides if s in opt]
    for side in sides:
        if side in battle.options.get("ambushers", []):
            continue  # prepared ambushers are not caught unaware
        rng = surprise_range(battle, side)
        face = dice.roll(1, 6, f"surprise for {side}", "S4-SURPRISE-1")[0]
        rule = "S4-SURPRISE-3" if rng == 4 else "S4-SURPRISE-2"
        res.note({"type": "roll", "actor": side, "label": f"surprise (1d6; surprised on 1-{rng})",
                  "rule": "S4-SURPRISE-1", "base": 0, "modifiers": [], "target": rng, "dice": [face],
                  "total": face, "success": face > rng, "margin": face - rng - 1, "range_rule": rule})
        for f in battle.fighters:
            if f.side != side:
                continue
            mine = rng - (1 if trait(f, "hard_to_surprise", 0) else 0)
            if face <= mine:
                res.emit(surprise_event(f.id, battle.round))
            elif face <= rng:
                res.note(E.message(f"{f.label} is hard to surprise: {f.their} range is 1-{mine}, so a {face} does not "
                                   f"catch it.", actor=f.id, rule="S4-SURPRISE-4"))


def reaction_roll(battle: Battle, dice: Dice, res: Resolution) -> None:
    """S4-REACT-1 with G4-8's table."""
    opt = battle.options.get("reaction")
    if not isinstance(opt, dict) or "side" not in opt:
        return
    leader = battle.get(opt.get("leader"))
    mods = []
    if leader is not None and bonus(leader, "CHA"):
        mods.append({"value": bonus(leader, "CHA"), "reason": f"{leader.label}'s CHA bonus", "rule": "S4-REACT-1"})
    if opt.get("adjust"):
        mods.append({"value": int(opt["adjust"]), "reason": "the GM's adjustment", "rule": "S4-REACT-1"})
    faces = dice.roll(2, 6, "monster reaction", "S4-REACT-1")
    total = sum(faces) + sum(m["value"] for m in mods)
    result = next(text for top, text in REACTIONS if total <= top)
    res.note({"type": "roll", "actor": opt["side"], "label": "reaction (2d6 + the leader's CHA bonus)",
              "rule": "S4-REACT-1", "base": 0, "modifiers": mods, "dice": faces, "total": total, "result": result,
              "table": "G4-8"})
    res.emit(E.stat(battle.fighters[0].id, "battle.d20_reaction", {"total": total, "result": result,
                                                                   "side": opt["side"]}, rule="S4-REACT-1"))
    if total >= 9:
        res.emit(E.stat(battle.fighters[0].id, "battle.d20_peace", opt["side"], rule="S4-REACT-1"))
