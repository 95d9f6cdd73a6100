"""Variants of the ruleset's options that differ by one field, for the action menu (no pygame here).

A ruleset's ``legal_actions`` lists one option per action it wants to offer,
with default fields (``Attack(option=None)``, ``Defend(mode="partial")``...).
Some rulesets take more fields than they enumerate: d20's attack options
(subdue, two_weapon, careful...), defence modes (off_hand, staff), a kick as
well as a punch, waiting for a number or a fighter, the holder's options
(silence, move the opponent, take an item with a reaction). :func:`expand`
adds those variants, each checked by the action's own ``check`` (legality is
never re-derived here: a variant the rules refuse is shown greyed with the
rules' reason, as any other).

Only action types the ruleset registers and fields its classes declare are
used, so other rulesets are untouched.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from game.hexgrid import Hex, hex_distance, hex_neighbors
from game.rules.base import Option, Ruleset

__all__ = ["expand", "FIELD_CHOICES"]

#: action type -> field -> the values to offer besides the one legal_actions gave
FIELD_CHOICES: dict[str, dict[str, tuple[Any, ...]]] = {
    "attack": {"option": ("subdue", "two_weapon", "off_hand_only", "careful", "lingering", "staff_two",
                          "staff_second")},
    "defend": {"mode": ("off_hand", "staff")},
    "brawl": {"kind": ("kick",)},
    "acquire_item": {"reaction": ("reverse", "escape")},
}
#: variants whose check fails for a reason this common are not worth a greyed row each (``not_offered``: a
#: variant that makes no sense with what is in hand, see :class:`game.rules.base.Reason`)
_QUIET = ("bad_intent", "not_offered")


def _fields(cls: Any) -> set[str]:
    try:
        return {f.name for f in dataclasses.fields(cls)}
    except TypeError:
        return set()


def _make(cls: Any, **kw: Any) -> Any:
    try:
        return cls(**kw)
    except TypeError:
        return None


def _check(battle: Any, action: Any) -> Any:
    try:
        return action.check(battle)
    except Exception as exc:  # noqa: BLE001 - a variant the rules cannot judge is simply not offered
        return exc


def expand(options: list[Option], battle: Any, ruleset: Ruleset, ctl: Any = None) -> list[Option]:
    """``options`` plus the field variants the ruleset takes but did not list (see the module docstring)."""
    actions = ruleset.actions
    if not options or not any(k in actions for k in ("wait", "silence", "move_opponent")):
        return options  # only rulesets with these extra fields (d20) are expanded
    actor = options[0].action.actor
    f = battle.get(actor)
    if f is None:
        return options
    seen = {repr(o.action) for o in options}
    out = list(options)

    def add(a: Any) -> None:
        if a is None or repr(a) in seen:
            return
        seen.add(repr(a))
        r = _check(battle, a)
        if isinstance(r, Exception):
            return
        if r is not None and getattr(r, "kind", "") in _QUIET:
            return
        out.append(Option(a, r))

    # one field changed on an option the ruleset gave
    for o in options:
        a = o.action
        for fld, values in FIELD_CHOICES.get(a.type, {}).items():
            if fld not in _fields(type(a)):
                continue
            for v in values:
                if getattr(a, fld, None) != v:
                    add(dataclasses.replace(a, **{fld: v}))
    _add_moves(add, out, battle, f)
    _add_waits(add, actions, actor, ctl)
    _add_holds(add, actions, battle, f)
    _add_own(add, actions, battle, f)
    return out


#: how far the search for move destinations looks (hexes): beyond any walk or run on foot
_MOVE_RADIUS = 40


def _add_moves(add: Callable[[Any], None], options: list[Option], battle: Any, f: Any) -> None:
    """Every hex a walk (or a run) may end in, not only the few the ruleset lists (issue 15: d20 listed the
    hexes around the fighter and a few on the lines to its foes; a hex two away looked out of reach).

    A flood from the fighter's hex over hexes each move's own ``check`` allows: a hex on the way to an
    allowed destination is itself one (the cheaper part of the same path), so the flood finds them all;
    each check reads the ruleset's one remembered search, so this costs a lookup per hex."""
    kinds: dict[str, Any] = {}
    for o in options:
        a = o.action
        if a.type in ("move", "run") and a.type not in kinds and {"actor", "to"} <= _fields(type(a)):
            kinds[a.type] = type(a)
    if not kinds:
        return
    for kind, cls in kinds.items():
        # the hexes the ruleset listed already allowed need no check of their own (3d6 lists its whole reach:
        # checking each again was a path search per hex, 15 ms in one frame at the start of a turn)
        listed = {Hex(*o.action.to) for o in options
                  if o.reason is None and o.action.type == kind and getattr(o.action, "to", None) is not None}
        seen = {f.hex}
        frontier = [f.hex]
        while frontier:
            nxt = []
            for h in frontier:
                for n in hex_neighbors(h):
                    if n in seen or hex_distance(f.hex, n) > _MOVE_RADIUS:
                        continue
                    seen.add(n)
                    if n in listed:
                        nxt.append(n)
                        continue
                    a = _make(cls, actor=f.id, to=(n.q, n.r))
                    if a is not None and _check(battle, a) is None:
                        add(a)
                        nxt.append(n)
            frontier = nxt


def _add_waits(add: Callable[[Any], None], actions: dict[str, Any], actor: str, ctl: Any) -> None:
    """Waiting: for each lower number, or for each fighter still to act (S4-INIT-5/6)."""
    wait = actions.get("wait")
    if wait is None or not {"count", "fighter"} <= _fields(wait) or ctl is None:
        return
    try:
        info = ctl.initiative()
    except Exception:  # noqa: BLE001
        info = {}
    rows = info.get("rows") or []
    mine = next((r.get("number") for r in rows if r.get("fighter") == actor), None)
    if not isinstance(mine, int):
        return
    for n in sorted({r.get("number") for r in rows if isinstance(r.get("number"), int)} | set(range(1, mine)),
                    reverse=True):
        if n < mine:
            add(_make(wait, actor=actor, count=n))
    for r in rows:
        other = r.get("fighter")
        if other != actor and isinstance(r.get("number"), int) and r["number"] <= mine:
            add(_make(wait, actor=actor, fighter=other))


def _add_holds(add: Callable[[Any], None], actions: dict[str, Any], battle: Any, f: Any) -> None:
    """The holder's options on each fighter it holds, and escaping from each holder by name."""
    actor = f.id
    held = [g.target for g in getattr(battle, "grapples", []) if g.holder == actor]
    for t in held:
        if "silence" in actions:
            add(_make(actions["silence"], actor=actor, target=t))
        mo = actions.get("move_opponent")
        if mo is not None:
            for h in hex_neighbors(f.hex):
                if battle.board.cells and not battle.board.is_open(h):
                    continue
                add(_make(mo, actor=actor, target=t, to=(h.q, h.r)))
        if "release" in actions:
            add(_make(actions["release"], actor=actor, target=t))
    # escaping from each holder by name (the ruleset lists the plain "escape")
    holders = [g.holder for g in getattr(battle, "grapples", []) if g.target == actor]
    esc = actions.get("escape")
    if esc is not None and len(holders) > 1:
        for hid in holders:
            add(_make(esc, actor=actor, target=hid))


def _add_own(add: Callable[[Any], None], actions: dict[str, Any], battle: Any, f: Any) -> None:
    """Turning in place (S4-FACE-1..2) and the items that can be used (wands, potions...)."""
    actor = f.id
    face = actions.get("face")
    if face is not None and "facing" in _fields(face):
        for d in range(6):
            if d != f.facing:
                add(_make(face, actor=actor, facing=d))
    use = actions.get("use_item")
    if use is not None:
        for it in dict.fromkeys([*f.items, *[x for x in f.hands.values() if x]]):
            a = _make(use, actor=actor, item=it)
            if a is not None and _check(battle, a) is None:
                add(a)
