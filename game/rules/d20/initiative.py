"""The d20 turn order: the phased countdown of ``game.rules.initiative`` with d20's roll and slots.

- S4-INIT-1: 1d6 + DEX bonus per fighter each round; S4-INIT-4: one roll for
  a group of identical monsters (fighters sharing the trait ``group``) when
  the scenario sets ``group_initiative``; S4-MOUNT-1: a mount uses its rider's
  roll; S4-MOUNT-2: an exotic mount with the ``acts_last`` trait acts last.
- S4-PHASE-1: slots per number: movement (everyone not riding as a mount),
  artillery (artillery weapons), missiles (missile or throwing weapons in
  hand), magic (wands, G4-18: no spells), hand-to-hand (everyone).
- S4-SURPRISE/S4-REACT: ``encounter.check_surprise`` runs before round 1's rolls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.d20.abilities import bonus, trait
from game.rules.d20.encounter import check_surprise
from game.rules.d20.items import item
from game.rules.d20.status import is_mount, is_out, rider_of, this_round
from game.rules.initiative import PHASES, PhasedCountdown

if TYPE_CHECKING:
    from game.dice import Dice
    from game.model import Battle, Fighter

__all__ = ["POLICY", "roll_initiative", "acts_in"]

Event = dict[str, Any]


def _group_key(battle: Battle, f: Fighter) -> str:
    if is_mount(f):
        rider = rider_of(battle, f)
        if rider is not None:
            return f"fighter:{rider.id}"
    if battle.options.get("group_initiative") and trait(f, "group", None):
        return f"group:{f.side}:{trait(f, 'group')}"
    return f"fighter:{f.id}"


def roll_initiative(battle: Battle, f: Fighter, dice: Dice) -> tuple[int, Event]:
    """S4-INIT-1 / S4-INIT-4 / S4-MOUNT-1 / S4-MOUNT-2."""
    store = battle.state.get("d20_init")
    if not isinstance(store, dict) or store.get("round") != battle.round:
        store = battle.state["d20_init"] = {"round": battle.round, "groups": {}}
    if is_out(f):
        return -99, {"type": "message", "text": f"{f.label} is out of the fight: no initiative.", "actor": f.id}
    if is_mount(f) and trait(f, "acts_last", 0):
        return -9, {"type": "message", "text": f"{f.label} always moves and attacks last.", "actor": f.id,
                    "rule": "S4-MOUNT-2"}
    key = _group_key(battle, f)
    if key in store["groups"]:
        total, who = store["groups"][key]
        rule = "S4-MOUNT-1" if is_mount(f) else "S4-INIT-4"
        return total, {"type": "message", "text": f"{f.label} shares {who}'s initiative ({total}).", "actor": f.id,
                       "rule": rule, "total": total}
    if key.startswith("fighter:") and key != f"fighter:{f.id}":
        rider = battle.fighter(key.split(":", 1)[1])
        total, ev = _roll(rider, dice)
        store["groups"][key] = [total, rider.label]
        store["groups"][f"fighter:{rider.id}"] = [total, rider.label]
        return total, ev
    total, ev = _roll(f, dice)
    store["groups"][key] = [total, f.label]
    if key.startswith("group:"):
        ev["group"] = key.split(":", 2)[2]
        ev["rule"] = "S4-INIT-4"
    return total, ev


def _roll(f: Fighter, dice: Dice) -> tuple[int, Event]:
    face = dice.roll(1, 6, f"{f.label}'s initiative", "S4-INIT-1")[0]
    b = bonus(f, "DEX")
    mods = [{"value": b, "reason": "DEX bonus", "rule": "S4-INIT-1"}] if b else []
    return face + b, {"type": "roll", "actor": f.id, "label": "initiative (1d6 + DEX bonus)", "rule": "S4-INIT-1",
                      "base": 0, "modifiers": mods, "dice": [face], "total": face + b}


def acts_in(battle: Battle, fid: str, phase: str) -> bool:
    """S4-PHASE-1: which phases give this fighter a slot."""
    f = battle.get(fid)
    if f is None:
        return False
    if this_round(battle, f, "staff_two") is not None:
        return phase == "hand-to-hand"  # S4-STAFF-6: the second club blow, one number lower
    held = [it for it in f.hands.values() if it]
    if phase == "movement":
        return not (is_mount(f) and rider_of(battle, f) is not None)
    if phase == "artillery":
        return any(item(it).get("artillery") for it in held)
    if phase == "missiles":
        return any(item(it).get("kind") == "missile" and not item(it).get("artillery") for it in held) or \
            any(item(it).get("thrown") for it in held)
    if phase == "magic":
        return any(item(it).get("wand") for it in held + list(f.items))
    return True


def _surprise(battle, dice, res):
    check_surprise(battle, dice, res)


def _reaction_note(battle) -> str | None:
    """The encounter's reaction roll (S4-REACT-1), for the initiative bar."""
    react = battle.state.get("d20_reaction")
    return f"reaction {react.get('total')}: {react.get('result')}" if isinstance(react, dict) else None


POLICY = PhasedCountdown(roll_initiative, phases=PHASES, acts_in=acts_in, surprise=_surprise, note=_reaction_note,
                         # declared anywhere, outside the round's two actions: a defence "regardless of initiative"
                         # (S4-PARRY-1), letting go, a hold to a later number (S4-INIT-5), a phase passed
                         rule="S4-INIT-2", anytime=("defend", "release", "wait", "do_nothing"),
                         movers=("move", "run", "charge", "fighting_withdrawal"))  # SITUATION-FORMAT, S4-PHASE-1
