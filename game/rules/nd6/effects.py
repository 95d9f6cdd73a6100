"""Board effects of ``nd6-tactical``: what lies on a hex (fires, coals, smoke, tear gas) and how it ticks.

An effect is a plain dict in ``battle.state["board_effects"]`` (SITUATION-FORMAT, "Board effects"):
``{"kind", "hex": [q, r], "turns_left": N}``, plus keys of the module that laid it (``"age"``: rounds it
has lain there; ``"source"``: what made it; a cloud's own counters). The list is changed only through
events (one ``stat`` event on ``battle.board_effects`` carrying the whole new list), so undo, replay and
``clinch resolve`` see every change. ``turns_left`` counts rounds (a turn of G3-3 is a round): each new
round takes one off, and an effect left with none is gone (a ``fire`` burns down to ``coals`` first,
S3-FIRE-11, in :mod:`.fire`). Walking through effect hexes is :func:`before_walk` (the IQ check to enter
a burning hex, S3-FIRE-12) and :func:`on_walk` (the fire hits of the walk, S3-FIRE-8/9, S3-GRENADE-12/22;
tear gas, S3-SMOKE-4), both called by ``actions.walk``.

The modules that lay effects (fire, grenades, smoke) sit above this one and hand it their hooks when they load
(:func:`add_owner`, each with its rank: fire, then grenades, then smoke, as the rules order them), so this
module never imports them and they import it at load.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.hexgrid import Hex
from game.rules import events as E

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["FIRE_KINDS", "SMOKY_KINDS", "board_effects", "effects_at", "burning_at", "is_smoky", "add_effect",
           "remove_effect", "update_effect", "set_effects", "start_round", "before_walk", "on_walk", "EffectOwner",
           "add_owner"]

#: kinds that burn: a figure entering, stopping or staying takes fire hits (S3-FIRE-8..12, S3-GRENADE-12/22)
FIRE_KINDS: tuple[str, ...] = ("fire", "burning_liquid", "incendiary", "coals")
#: kinds that count as smoke for a shot through the hex (S3-SMOKE-5): smoke itself and every fire, which
#: smokes in its own hex (S3-GRENADE-17, S3-SMOKE-7; ruling ND6-20)
SMOKY_KINDS: tuple[str, ...] = ("smoke", *FIRE_KINDS)


def _key(h: Hex | tuple[int, int] | list[int]) -> list[int]:
    if isinstance(h, Hex):
        return [h.q, h.r]
    return [int(h[0]), int(h[1])]


def board_effects(battle: Battle) -> list[dict[str, Any]]:
    """Every effect in force, in the order laid (read only: change them with the functions below)."""
    return list(battle.state.get("board_effects") or [])


def effects_at(battle: Battle, h: Hex | tuple[int, int], kind: str | tuple[str, ...] | None = None
               ) -> list[dict[str, Any]]:
    """The effects on hex ``h`` (of ``kind``, a kind or a tuple of kinds, when given)."""
    k = _key(h)
    kinds = (kind,) if isinstance(kind, str) else kind
    return [e for e in board_effects(battle) if list(e.get("hex", ())) == k and (kinds is None or e["kind"] in kinds)]


def burning_at(battle: Battle, h: Hex | tuple[int, int]) -> dict[str, Any] | None:
    """The fire on hex ``h`` that burns a figure there, or None. With several, the fiercest counts (an
    incendiary fire before burning liquid before coals before plain fire)."""
    fires = effects_at(battle, h, FIRE_KINDS)
    if not fires:
        return None
    order = {"incendiary": 0, "burning_liquid": 1, "coals": 2, "fire": 3}
    return min(fires, key=lambda e: order.get(e["kind"], 9))


def is_smoky(battle: Battle, h: Hex | tuple[int, int]) -> bool:
    """Smoke hangs on ``h``: a smoke cloud, or a fire there (S3-GRENADE-17, S3-SMOKE-7). Tear gas is not
    smoke (its rule is S3-SMOKE-4)."""
    return bool(effects_at(battle, h, SMOKY_KINDS))


def _actor(battle: Battle, actor: str | None) -> str:
    # a stat event is applied to a fighter record; a board change keeps the one who caused it, or the first
    return actor or battle.fighters[0].id


def set_effects(r: Resolution, new: list[dict[str, Any]], *, actor: str | None = None,
                rule: str | None = None) -> None:
    """Replace the whole list with one event (``stat`` on ``battle.board_effects``)."""
    r.emit(E.stat(_actor(r.battle, actor), "battle.board_effects", [dict(e) for e in new], rule=rule))


def add_effect(r: Resolution, kind: str, h: Hex | tuple[int, int], turns_left: int, *, actor: str | None = None,
               rule: str | None = None, **extra: Any) -> dict[str, Any]:
    """Lay an effect on hex ``h`` for ``turns_left`` rounds (``extra``: the laying module's own keys)."""
    eff: dict[str, Any] = {"kind": kind, "hex": _key(h), "turns_left": int(turns_left), **extra}
    set_effects(r, [*board_effects(r.battle), eff], actor=actor, rule=rule)
    return eff


def remove_effect(r: Resolution, kind: str | tuple[str, ...] | None = None, h: Hex | tuple[int, int] | None = None,
                  *, actor: str | None = None, rule: str | None = None) -> list[dict[str, Any]]:
    """Take away the effects of ``kind`` (a kind or a tuple) on hex ``h`` (either left out: any); returns them."""
    kinds = (kind,) if isinstance(kind, str) else kind
    k = _key(h) if h is not None else None
    gone, kept = [], []
    for e in board_effects(r.battle):
        hit = (kinds is None or e["kind"] in kinds) and (k is None or list(e.get("hex", ())) == k)
        (gone if hit else kept).append(e)
    if gone:
        set_effects(r, kept, actor=actor, rule=rule)
    return gone


def update_effect(r: Resolution, eff: dict[str, Any], *, actor: str | None = None, rule: str | None = None,
                  **changes: Any) -> None:
    """Change the keys of one effect (found by equality: kind, hex and every key) and keep its place."""
    effs = board_effects(r.battle)
    for i, e in enumerate(effs):
        if e == eff:
            effs[i] = {**e, **changes}
            set_effects(r, effs, actor=actor, rule=rule)
            return


@dataclass(frozen=True)
class EffectOwner:
    """A module that lays board effects, as the hooks this module calls in ``rank`` order (lowest first): what an
    effect left with no turns becomes (``burnt_down``: a fire's coals), its own upkeep at a new round, where a walk
    stops short (``before_walk``) and what a walk through its effects does (``on_walk``)."""

    rank: int
    burnt_down: Callable[[list[dict[str, Any]]], list[dict[str, Any]]] | None = None
    start_round: Callable[[Resolution], None] | None = None
    before_walk: Callable[[Resolution, Fighter, list[Hex]], list[Hex]] | None = None
    on_walk: Callable[[Resolution, Fighter, list[Hex]], None] | None = None


_OWNERS: list[EffectOwner] = []


def add_owner(owner: EffectOwner) -> None:
    """Called once by each effect-laying module as it loads; the hooks run in rank order, whatever the load order."""
    _OWNERS.append(owner)
    _OWNERS.sort(key=lambda o: o.rank)


def start_round(r: Resolution) -> None:
    """A new round: every effect ages one round and loses one of its turns; those with none left go (a plain
    fire burns down to coals, S3-FIRE-11); then the modules that own effects act (fire, grenades, smoke)."""
    effs = board_effects(r.battle)
    if effs:
        ticked, ended = [], []
        for e in effs:
            e = {**e, "turns_left": int(e.get("turns_left", 0)) - 1, "age": int(e.get("age", 0)) + 1}
            (ticked if e["turns_left"] > 0 else ended).append(e)
        for o in _OWNERS:
            if o.burnt_down is not None:
                ticked.extend(o.burnt_down(ended))
        set_effects(r, ticked)
        for e in ended:
            if e["kind"] in FIRE_KINDS:
                r.note(E.message(f"The {e['kind'].replace('_', ' ')} at {e['hex']} burns out.",
                                 rule="S3-FIRE-11" if e["kind"] == "fire" else None))
    for o in _OWNERS:
        if o.start_round is not None:
            o.start_round(r)


def before_walk(r: Resolution, f: Fighter, path: list[Hex]) -> list[Hex]:
    """The part of ``path`` the fighter walks: it stops before a burning hex whose IQ check it fails
    (S3-FIRE-12, G3-19; ruling ND6-20)."""
    for o in _OWNERS:
        if o.before_walk is not None:
            path = o.before_walk(r, f, path)
    return path


def on_walk(r: Resolution, f: Fighter, path: list[Hex]) -> None:
    """After a walk along ``path`` (start excluded): the fire hits of the hexes crossed and the one stopped in,
    added up and armoured once (S3-FIRE-8/9/11, S3-GRENADE-12/15/22); a tear gas cloud walked through
    (S3-SMOKE-4): the cloud rules live with the clouds."""
    for o in _OWNERS:
        if o.on_walk is not None:
            o.on_walk(r, f, path)
