"""nd6's turn order: G3-3 on the generic :class:`~game.rules.initiative.SidesThenOrder` policy.

Each round every side rolls 1d6 (ties re-rolled); the winner's first able
fighter chooses whether its side moves first or second (the ruleset's two
choice actions emit :meth:`SidesThenOrder.choice_event`); the sides move one
after the other; then everyone acts by adjusted DX, highest first, a fighter
with a bayonet ready before anyone else whatever its DX (S3-BAYONET-6); equal
keys are settled by a 1d6 roll-off among the tied, made again each round.

The key reads the ruleset's own functions (``status.edx``, ``items.has_tag``)
when it is called, not when this module is imported, so the generic policy
and its tests stand without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.initiative import SidesThenOrder
from game.rules.nd6.items import has_tag
from game.rules.nd6.status import edx

if TYPE_CHECKING:
    from game.model import Battle, Fighter

__all__ = ["POLICY", "action_key", "ready_bayonet", "able"]

#: conditions that take a fighter out of the round: no side roll, no slot, no place in the DX order
OUT_OF_FIGHT = frozenset({"dead", "unconscious"})


def able(battle: Battle, fighter_id: str) -> bool:
    """Whether a fighter takes part in this round's order (the controller still asks the ruleset's ``can_act``)."""
    f = battle.get(fighter_id)
    return f is not None and not (OUT_OF_FIGHT & set(f.conditions))


def ready_bayonet(fighter: Fighter) -> bool:
    """S3-BAYONET-6: a weapon with a bayonet in hand (ready), which strikes before any other weapon."""
    return any(item is not None and has_tag(item, "bayonet") for item in fighter.hands.values())


def action_key(battle: Battle, fighter: Fighter) -> tuple[int, int]:
    """G3-3 (3): the action-phase key, bigger first: a ready bayonet (S3-BAYONET-6), then adjusted DX."""
    return (1 if ready_bayonet(fighter) else 0, int(edx(battle, fighter)))


#: G3-3: the policy ``Nd6Ruleset.initiative()`` returns
POLICY = SidesThenOrder(key=action_key, can_move=able, can_act=able,
                        order_by="adjusted DX (a ready bayonet first)", rule="G3-3", first_key_rule="S3-BAYONET-6",
                        movers=("move", "charge"))  # SITUATION-FORMAT: one move in the movement phase
