"""Questions about a 3d6 battle: who holds whom, which hands are free, who is helpless.

Everything is derived from the battle (grips, conditions, hands): nothing
here is stored twice. A pin is a grip of kind ``pin`` (SITUATION-FORMAT.md);
"pinned" and "helpless" are read from it, never kept as separate flags.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.hexgrid import hex_distance

if TYPE_CHECKING:
    from game.model import Battle, Fighter, Grapple

__all__ = [
    "BODY_LOCATIONS", "is_item_location", "grips_on", "grips_by", "body_grips_on", "grip",
    "is_pinned", "is_grappled", "is_out", "is_helpless", "hands_in_grips", "free_hands", "arm_of_hand",
    "gripped_parts", "foes", "distance", "LIMB_LOCATIONS",
]

#: Body parts a grip may hold (SITUATION-FORMAT.md); anything else is an item id.
BODY_LOCATIONS = frozenset({"torso", "neck", "head", "skull", "face", "groin", "arm", "leg", "hand", "foot"})
#: Locations that are one of a pair: the grip's ``extra["limb"]`` says which side.
LIMB_LOCATIONS = frozenset({"arm", "leg", "hand", "foot"})


def is_item_location(location: str) -> bool:
    return location not in BODY_LOCATIONS


def grips_on(battle: Battle, fid: str) -> list[Grapple]:
    return [g for g in battle.grapples if g.target == fid]


def grips_by(battle: Battle, fid: str) -> list[Grapple]:
    return [g for g in battle.grapples if g.holder == fid]


def grip(battle: Battle, holder: str, target: str) -> Grapple | None:
    for g in battle.grapples:
        if g.holder == holder and g.target == target:
            return g
    return None


def body_grips_on(battle: Battle, fid: str) -> list[Grapple]:
    """Grips on the fighter's body (not on an item it holds): these are what "grappled" means."""
    return [g for g in battle.grapples if g.target == fid and g.location in BODY_LOCATIONS]


def is_pinned(battle: Battle, fid: str) -> bool:
    return any(g.target == fid and g.kind == "pin" for g in battle.grapples)


def is_grappled(battle: Battle, fid: str) -> bool:
    return any(g.target == fid and g.location in BODY_LOCATIONS for g in battle.grapples)


def is_out(f: Fighter) -> bool:
    """Dead or unconscious (G0-7)."""
    return "dead" in f.conditions or "unconscious" in f.conditions


def is_helpless(battle: Battle, f: Fighter) -> bool:
    """G0-7, G0-14, S0-PIN-6: pinned, unconscious, dead, or marked helpless."""
    return is_out(f) or "helpless" in f.conditions or is_pinned(battle, f.id)


def hands_in_grips(battle: Battle, fid: str) -> set[str]:
    used: set[str] = set()
    for g in battle.grapples:
        if g.holder == fid:
            used.update(g.hand_names)
    return used


def arm_of_hand(hand: str) -> str:
    """The arm a hand is on: hands and arms share their side's name (``right``, ``left``, ``arm3``...)."""
    return hand


def gripped_parts(battle: Battle, fid: str) -> set[str]:
    """Body parts of ``fid`` held by someone: ``torso``, ``head``, ``arm:right``, ``leg:left``..."""
    parts: set[str] = set()
    for g in battle.grapples:
        if g.target == fid and g.location in BODY_LOCATIONS:
            if g.location in LIMB_LOCATIONS:
                parts.add(f"{g.location}:{g.extra.get('limb', 'right')}")
            else:
                parts.add(g.location)
    return parts


def free_hands(battle: Battle, f: Fighter, *, blocked_arms: set[str] | None = None) -> list[str]:
    """Hands holding nothing, not crippled, not committed to a grip, not on a blocked (e.g. gripped) arm."""
    used = hands_in_grips(battle, f.id)
    out = []
    for h, held in f.hands.items():
        if held is None and h not in f.crippled and h not in used and not (blocked_arms and h in blocked_arms):
            out.append(h)
    return out


def foes(battle: Battle, f: Fighter) -> list[Fighter]:
    return [o for o in battle.fighters if o.side != f.side]


def distance(a: Fighter, b: Fighter) -> int:
    return hex_distance(a.hex, b.hex)
