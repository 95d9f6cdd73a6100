"""Fire (seed 003 section 16.11; S3-FIRE-1..16 with G3-15, G3-19): burning hexes, burning fighters, putting
fires out, and how armour meets fire.

Fire hits of one moment are added up and armour is taken off once (S3-GRENADE-15): :func:`fire_hits`, which
every module that burns someone calls with the ``source`` of the fire. Armour by source (G3-15):

- a burning liquid (``burning_liquid``: molotov, flame thrower; ``incendiary``): only full body armour
  protects, and a soaked fighter only in its first turn of burning (S3-GRENADE-13);
- a fire attack (``attack``: a torch's blow is an ordinary attack and keeps its full armour, S3-FIRE-13);
- inside a burning hex (``fire``, ``coals``) or burning on the body (``body``): medieval-type armour gives
  half, modern armour its full value (S3-FIRE-14; ruling ND6-15 says which count as medieval);
- fuel on a soaked fighter burns inside the armour (``soaked``): none after the first turn (S3-FIRE-15,
  read with S3-GRENADE-13 under G3-15).

A burning fighter carries one of ``on_fire_limb``, ``on_fire_half``, ``on_fire_whole`` (S3-FIRE-4) and
``soaked`` when the fire is fuel on it; its counter ``fire`` keeps ``{"ran": round, "burned": turns,
"left": turns}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.rules import events as E
from game.rules.nd6.items import item

if TYPE_CHECKING:
    from game.hexgrid import Hex
    from game.model import Fighter
    from game.rules.events import Resolution

__all__ = ["EXTENTS", "LIQUID_SOURCES", "COALS_ROUNDS", "extent", "is_burning", "fire_stops", "fire_hits",
           "burnt_down", "start_round", "before_walk", "on_walk"]

#: how much of the body burns, least first (S3-FIRE-4)
EXTENTS: tuple[str, ...] = ("on_fire_limb", "on_fire_half", "on_fire_whole")
#: fire whose armour rule is S3-GRENADE-13 (G3-15): molotov and flame thrower liquid, incendiary material
LIQUID_SOURCES: tuple[str, ...] = ("burning_liquid", "incendiary", "molotov", "incendiary_grenade", "flamethrower")
#: house (ruling ND6-15): a plain fire that burns out lies as hot coals this many rounds (S3-FIRE-11)
COALS_ROUNDS = 3
#: the armour that protects against burning liquid (S3-GRENADE-13)
FIREPROOF = "full_body_armor"


def extent(f: Fighter) -> str | None:
    """The fighter's burning condition (the largest if a situation gave several), or None."""
    return next((c for c in reversed(EXTENTS) if c in f.conditions), None)


def is_burning(f: Fighter) -> bool:
    return extent(f) is not None


def _burned_turns(f: Fighter) -> int:
    c = f.counters.get("fire")
    return int(c.get("burned", 0)) if isinstance(c, dict) else 0


def fire_stops(f: Fighter, source: str) -> tuple[int, str]:
    """Hits the fighter's armour stops against fire of ``source``, and the rule that says so (G3-15)."""
    modern = sum(int(item(i).get("stops", 0)) for i in f.items
                 if item(i).get("kind") == "armour" and "shield" not in item(i).get("tags", ()))
    shield = sum(int(item(h).get("stops", 0)) for h in dict.fromkeys(f.hands.values())
                 if h and "shield" in item(h).get("tags", ()))
    medieval = int(f.dr) + shield  # ruling ND6-15: a bare armour number and a shield are medieval-type
    if source in LIQUID_SOURCES or source == "soaked":
        if "soaked" in f.conditions and _burned_turns(f) >= 1:
            return 0, "S3-FIRE-15" if source == "soaked" else "S3-GRENADE-13"
        return (int(item(FIREPROOF).get("stops", 0)) if FIREPROOF in f.items else 0), "S3-GRENADE-13"
    if source == "attack":
        return modern + medieval, "S3-FIRE-13"
    return modern + medieval // 2, "S3-FIRE-14"


def fire_hits(r: Resolution, f: Fighter, hits: int | Sequence[int], *, source: str, rule: str,
              by: Fighter | None = None, why: str = "") -> int:
    """Fire hits of one moment on ``f``: added up, armour once by ``source`` (S3-GRENADE-15, G3-15); returns
    the ST lost. ``by`` is who caused it (None: the fire itself, logged as the fighter's own)."""
    from game.rules.nd6.combat import apply_hits

    total = hits if isinstance(hits, int) else sum(hits)
    total = max(0, int(total))
    stops, armour_rule = fire_stops(f, source)
    if not isinstance(hits, int) and len(hits) > 1:
        r.note(E.message(f"{f.label}'s fire hits this moment: {' + '.join(str(h) for h in hits)} = {total}, "
                         f"armour taken off once.", actor=f.id, rule="S3-GRENADE-15"))
    if why:
        r.note(E.message(why, actor=f.id, rule=rule))
    r.note(E.message(f"Armour against this fire stops {min(stops, total)} of {total} hits on {f.label}.",
                     actor=f.id, rule=armour_rule))
    return apply_hits(r, by or f, f, total, rule=rule, dtype="fire", stops=stops)


def burnt_down(ended: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the effects that just ran out leave: a plain fire burns down to hot coals (S3-FIRE-11)."""
    return [{"kind": "coals", "hex": list(e["hex"]), "turns_left": COALS_ROUNDS, "age": 0}
            for e in ended if e["kind"] == "fire"]


def start_round(r: Resolution) -> None:
    """Fire's upkeep at the start of a round (nothing beyond the ticking of :mod:`.effects` yet)."""


def before_walk(r: Resolution, f: Fighter, path: list[Hex]) -> list[Hex]:
    """The hexes of ``path`` walked before a failed IQ check to enter a burning hex (S3-FIRE-12)."""
    return path


def on_walk(r: Resolution, f: Fighter, path: list[Hex]) -> None:
    """Fire hits of a walk (S3-FIRE-8/9/11, S3-GRENADE-12/22)."""
