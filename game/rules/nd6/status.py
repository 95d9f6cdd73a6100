"""The questions every nd6 rule asks of a fighter: its attributes now, its armour, its arcs, whether it is engaged.

Kept apart from the actions so that the odds, the computer opponent and the initiative policy read the same
answers the rules act on (an eDX shown in the menu is the eDX the roll uses).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.hexgrid import Hex, arc_of, hex_distance
from game.rules.common import Mod
from game.rules.nd6.items import has_tag, item

if TYPE_CHECKING:
    from game.model import Battle, Fighter

__all__ = [
    "st_full", "st_now", "dx_base", "iq", "ma_level", "ma_usable", "armour", "mov", "edx_mods", "edx", "est",
    "is_out", "is_down", "foes", "arc_from", "engaged_with", "holds_front", "is_engaged", "in_hth", "brawl_of", "held", "ready_weapon",
    "skill", "round_counter", "this_round", "MASTER",
]

#: SITUATION-FORMAT: ``MA`` 0-4 are the Martial Arts levels, 5 is the Master (S3-MA-7)
MASTER = 5


def _stat(f: Fighter, *names: str, default: int = 10) -> int:
    for n in names:
        v = f.stats.get(n)
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return int(v)
    return default


def st_full(f: Fighter) -> int:
    """Unwounded ST (SITUATION-FORMAT: ``ST``, ``STR`` accepted): the knockdown check's base (S3-SLAM-3)."""
    return _stat(f, "ST", "STR")


def st_now(f: Fighter) -> int:
    """Current ST, the hit-point pool (G3-6): ``hp`` when wounded, else unwounded ST."""
    return f.hp if f.hp is not None else st_full(f)


def dx_base(f: Fighter) -> int:
    return _stat(f, "DX", "DEX")


def iq(f: Fighter) -> int:
    """G3-19: IQ (``INT`` accepted)."""
    return _stat(f, "IQ", "INT")


def ma_level(f: Fighter) -> int:
    """Martial Arts level 0-4, 5 = Master; 0 when its armour forbids using it (S3-MA-1)."""
    level = max(0, min(MASTER, _stat(f, "MA", default=0)))
    return level if level and ma_usable(f) else 0


def ma_usable(f: Fighter) -> bool:
    """S3-MA-1: unarmoured, or armour and shield costing at most 2 DX together, or an armoured vest."""
    worn = [i for i in f.items if item(i).get("kind") == "armour" and not has_tag(i, "shield")]
    if not worn and not any(has_tag(h, "shield") for h in f.hands.values()):
        return True
    if worn == ["armored_vest"]:
        return True
    # armour and shields only: a gas mask's -1 (S3-SMOKE-9) is gear, not armour
    gear = sum(int(item(i).get("dx", 0)) for i in f.items if item(i).get("kind") == "gear")
    return armour(f)["dx"] - gear >= -2


def skill(f: Fighter, name: str) -> bool:
    """Skills are booleans in a situation (``tough``, ``sword``...), kept as 1/0."""
    return bool(f.skills.get(name, 0))


def armour(f: Fighter) -> dict[str, int]:
    """What worn armour and a shield in hand give: hits ``stops`` per attack, ``dx`` (negative), ``mov`` cap (G3-6).

    ``Fighter.dr`` (a situation's ``dr``) adds to the hits stopped: a situation may give armour as a number.
    """
    stops, dx, cap = int(f.dr), 0, 99
    for i in f.items:
        d = item(i)
        if d.get("kind") != "armour" or "shield" in d.get("tags", ()):
            continue  # a shield protects only in hand (below), not slung on the belt
        stops += int(d.get("stops", 0))
        dx += int(d.get("dx", 0))
        if d.get("mov"):
            cap = min(cap, int(d["mov"]))
    for h in f.hands.values():
        d = item(h)
        if "shield" in d.get("tags", ()):
            stops += int(d.get("stops", 0))
            dx += int(d.get("dx", 0))
    for i in f.items:
        d = item(i)
        if d.get("kind") == "gear" and d.get("dx"):
            dx += int(d["dx"])  # a gas mask's -1 DX (S3-SMOKE-9)
    return {"stops": stops, "dx": dx, "mov": cap}


def mov(f: Fighter) -> int:
    """G3-4: the movement allowance, 10 unless the fighter says otherwise, capped by armour (G3-6)."""
    return min(_stat(f, "MOV", default=10), armour(f)["mov"])


def round_counter(f: Fighter, key: str, battle: Battle) -> Any:
    """A counter stamped with the round it was set in (``{"round": n, ...}``), or None if from another round."""
    v = f.counters.get(key)
    if isinstance(v, dict) and v.get("round") == battle.round:
        return v
    return None


this_round = round_counter


def edx_mods(battle: Battle, f: Fighter) -> list[Mod]:
    """G3-18: every DX adjustment in force on this fighter (armour, wounds, posture), each with its rule."""
    mods: list[Mod] = []
    a = armour(f)["dx"]
    if a:
        mods.append(Mod(a, "armour and shield", "G3-6"))
    hurt = f.counters.get("hurt")
    if isinstance(hurt, dict) and hurt.get("pending"):
        mods.append(Mod(-2, "took 5 or more hits last turn", "G3-7"))
    if st_now(f) <= 3:
        mods.append(Mod(-3, "ST down to 3 or less", "G3-7"))
    for cond, value, why, rule in (("tear_gassed", -4, "tear gas", "S3-SMOKE-4"),):
        if cond in f.conditions:
            mods.append(Mod(value, why, rule))
    return mods


def edx(battle: Battle, f: Fighter) -> int:
    """Adjusted DX (G3-18): what initiative orders by (G3-3) and every roll starts from."""
    return dx_base(f) + sum(m.value for m in edx_mods(battle, f))


def est(f: Fighter) -> int:
    """G3-18: effective ST = current ST (the opposed rolls of S3-KNOCK/SUBDUE/DISARM and S3-STUN use it)."""
    return st_now(f)


def is_out(f: Fighter) -> bool:
    """G3-7: unconscious at ST 0, dead below; either is out of the fight."""
    return "dead" in f.conditions or "unconscious" in f.conditions


def is_down(f: Fighter) -> bool:
    """G3-8: "falls", "knocked down", "to the ground" = prone (kneeling and sitting count for HTH-2 only)."""
    return f.posture in ("prone", "crawling")


def foes(battle: Battle, f: Fighter) -> list[Fighter]:
    return [o for o in battle.fighters if o.side != f.side and not is_out(o)]


def arc_from(battle: Battle, target: Fighter, attacker_hex: Hex) -> str:
    """Which of ``target``'s arcs an attack from ``attacker_hex`` comes from (GX-2), with S3-MA-5 and G3-5.

    A fighter on the ground counts as facing rear in every direction (G3-5); at Martial Arts 4 or Master its
    side hexes count as front and its rear as side (S3-MA-5). ``same`` is the same hex (HTH).
    """
    arc = arc_of(target.hex, target.facing, attacker_hex)
    if arc == "same":
        return arc
    if is_down(target):
        return "rear"
    if ma_level(target) >= 4:
        arc = {"side": "front", "rear": "side"}.get(arc, arc)
    return arc


def in_hth(f: Fighter) -> bool:
    return "in_hth" in f.conditions


def brawl_of(battle: Battle, f: Fighter) -> list[Fighter]:
    """Everyone in hand-to-hand in ``f``'s hex (``f`` included), in battle order (SITUATION-FORMAT: ``in_hth``)."""
    if not in_hth(f):
        return []
    return [o for o in battle.fighters if o.hex == f.hex and in_hth(o) and not is_out(o)]


def engaged_with(battle: Battle, f: Fighter) -> list[Fighter]:
    """G3-4: the standing foes next to ``f`` that have ``f`` in their front hexes."""
    out = []
    for o in foes(battle, f):
        if hex_distance(o.hex, f.hex) != 1 or is_down(o) or in_hth(o):
            continue
        if holds_front(o, f.hex):
            out.append(o)
    return out


def holds_front(o: Fighter, h: Hex) -> bool:
    """G3-4 with S3-MA-5: ``h`` is one of ``o``'s front hexes (its side hexes too at Martial Arts 4 or Master):
    a figure there is engaged by ``o``, and a walk stops on entering it."""
    arc = arc_of(o.hex, o.facing, h)
    return arc == "front" or arc == "side" and ma_level(o) >= 4


def is_engaged(battle: Battle, f: Fighter) -> bool:
    return bool(engaged_with(battle, f))


def held(f: Fighter) -> list[str]:
    """Items in hand, each once (a two-handed weapon fills both hands)."""
    return list(dict.fromkeys(i for i in f.hands.values() if i))


def ready_weapon(f: Fighter) -> str | None:
    """The weapon in hand a plain attack uses: the first held item that does damage, else None (bare hands)."""
    for i in held(f):
        d = item(i)
        if d.get("damage") and d.get("kind") in ("melee", "thrown", "missile"):
            return i
    return None


def pending_grenades(battle: Battle) -> list[dict[str, Any]]:
    """``battle.state["grenades"]``: grenades thrown with a ``next_movement`` fuse, and burning smoke or gas
    grenades (``"burning": true``), each ``{"id", "item", "hex" ([q, r] or None when held), "thrower",
    "fuse", "thrown"}`` plus ``holder`` and ``since`` (the round it went off) once burning. Here, below both
    ``grenades`` (which keeps them) and ``smoke`` (whose clouds come from the burning ones), so neither
    reaches for the other."""
    return list(battle.state.get("grenades") or [])
