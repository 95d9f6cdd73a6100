"""``odds`` for the 3d6 rulesets: the exact chance of each outcome of an action, from cached tables.

- strikes and grapples: ``hit`` (including undefendable criticals), ``defended``, ``miss``,
  against the defender's best defence (or the one the action names);
- Quick Contests (break free, takedown, feint): ``win``, ``tie``, ``lose`` for the actor;
- Regular Contests (pin, wrest, force drop): ``win``, ``tie``, ``lose`` for one exchange;
- a Ready while grappled: ``success``, ``failure`` (the item is dropped);
- anything else: ``done``.

No battle is copied and nothing is rolled: the same spec builders the
actions roll with feed ``game.dice``'s exact tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from game import dice as D
from game.rules.base import Reason
from game.rules.threed6 import combat as C
from game.rules.threed6 import grappling as G
from game.rules.threed6 import maneuvers as M
from game.rules.threed6 import stats as S
from game.rules.threed6.status import is_grappled

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.base import Action
    from game.rules.threed6.lite import ThreeD6Lite

__all__ = ["odds", "hit_odds"]

_MISSING = object()

#: actions with no roll: one outcome
_PLAIN = frozenset({"move", "face", "change_posture", "all_out_defense", "evaluate", "aim", "concentrate", "wait",
                    "do_nothing", "release", "throw_away", "drag"})


_HIT_CACHE: dict[tuple[int, int | None], dict[str, float]] = {}


def hit_odds(attack_target: int, defense_target: int | None) -> dict[str, float]:
    """hit / defended / miss for an attack roll against ``attack_target`` and a defence (None = none)."""
    key = (attack_target, defense_target)
    got = _HIT_CACHE.get(key)
    if got is None:
        p_ok = D.success_chance(attack_target)
        p_crit, _ = D.critical_chances(attack_target)
        p_def = D.success_chance(defense_target) if defense_target is not None else 0.0
        defended = (p_ok - p_crit) * p_def
        got = {"hit": p_ok - defended, "defended": defended, "miss": 1.0 - p_ok}
        if len(_HIT_CACHE) > 4096:
            _HIT_CACHE.clear()
        _HIT_CACHE[key] = got
    return dict(got)


_ENCODE = msgspec.msgpack.Encoder().encode


def _state(battle: Battle, attacker: Fighter, defender: Fighter) -> bytes | None:
    """Everything an attack roll and the defence against it read, as one msgpack encoding (equal bytes: equal
    values): the two fighters whole, every grip, every effect. None if something is not plain data."""
    try:
        return _ENCODE(((attacker, defender), battle.grapples, battle.effects))
    except (TypeError, ValueError):
        return None


#: value-keyed caches (keys end with ``_state``): the AI and the UI ask again and again about one position
_DEFENSE_CACHE: dict[tuple, int | None] = {}
_STRIKE_CACHE: dict[tuple, tuple[int, int | None]] = {}


def _remember(cache: dict, key: tuple, value: object) -> None:
    if len(cache) > 8192:
        cache.clear()
    cache[key] = value


def _defense_target(rs: ThreeD6Lite, battle: Battle, target_id: str, att: C.AttackInfo,
                    choice: str | None) -> int | None:
    """The defender's best (or chosen) defence target, cached by every value it depends on (``_state``)."""
    if choice == "none":
        return None
    d = battle.fighter(target_id)
    a = battle.fighter(att.attacker)
    return _defense_of(rs, battle, d, a, att, choice, _state(battle, a, d))


def _defense_of(rs: ThreeD6Lite, battle: Battle, d: Fighter, a: Fighter, att: C.AttackInfo, choice: str | None,
                state: bytes | None) -> int | None:
    """``_defense_target`` with the two fighters and their ``_state`` in hand."""
    if choice == "none":
        return None
    key = (rs.id, att.kind, att.weapon, att.origin, choice, state)
    if state is not None:
        hit = _DEFENSE_CACHE.get(key, _MISSING)
        if hit is not _MISSING:
            return hit  # type: ignore[return-value]
    opts = C.defense_options(rs, battle, d, att)
    if choice is not None:
        opts = [o for o in opts if o.kind == choice]
    best = C.best_defense(opts)
    value = best.target if best is not None else None
    if state is not None:
        _remember(_DEFENSE_CACHE, key, value)
    return value


def _strike_target(rs: ThreeD6Lite, battle: Battle, actor: Fighter, target: Fighter, weapon: str | None,
                   location: str, maneuver: str, option: str, state: bytes | None) -> int:
    """``strike_spec(...).target``. Only the location's modifier tells the locations apart, so the roll is
    built once (at the torso, +0) per weapon, maneuver and state, and each location adds its own."""
    key = (rs.id, weapon, maneuver, option, state)
    got = _STRIKE_CACHE.get(key) if state is not None else None
    if got is None:
        spec = M.strike_spec(battle, rs, actor, target, weapon, "torso", maneuver, option)
        got = (spec.base + sum(m.value for m in spec.modifiers), spec.cap[0] if spec.cap is not None else None)
        if state is not None:
            _remember(_STRIKE_CACHE, key, got)
    raw, cap = got
    raw += M.STRIKE_LOCATIONS[location]
    return cap if cap is not None and raw > cap else raw




def _quick(a, b) -> dict[str, float]:
    win, tie, lose = D.quick_contest_odds(a.target, b.target)
    return {"win": win, "tie": tie, "lose": lose}


def _regular(rs: ThreeD6Lite, battle: Battle, a, b) -> dict[str, float]:
    win, tie, lose = D.regular_contest_odds(a.target, b.target, rs.lower_to_14(battle))
    return {"win": win, "tie": tie, "lose": lose}


def odds(rs: ThreeD6Lite, battle: Battle, action: Action) -> dict[str, float]:
    """Exact outcome chances of ``action`` now (see the module docstring); assumes it is legal."""
    if action.type in _PLAIN:
        return {"done": 1.0}
    actor = battle.fighter(action.actor)
    if isinstance(action, (M.Attack, M.AllOutAttack, M.MoveAndAttack, M.Bite)):
        target = battle.fighter(action.target)
        weapon = "bite" if isinstance(action, M.Bite) else action.item
        location = getattr(action, "location", "torso")
        maneuver = action.maneuver_name()
        state = _state(battle, actor, target)
        at = _strike_target(rs, battle, actor, target, weapon, location, maneuver,
                            getattr(action, "option", "determined"), state)
        att = C.AttackInfo(actor.id, "strike", None if weapon in S.NATURAL_ATTACKS else weapon)
        return hit_odds(at, _defense_of(rs, battle, target, actor, att, action.defense, state))
    if isinstance(action, G.Grab):
        target = battle.fighter(action.target)
        where = G.approach(battle, rs, actor, target, action.maneuver)
        posture = None
        origin = None
        if not isinstance(where, Reason):
            path, down = where
            posture = "kneeling" if down else None
            origin = G.step_origin(actor, path)
        spec = rs.grapple_spec(battle, actor, target, action.location, action.hands, action.maneuver, posture)
        att = C.AttackInfo(actor.id, "grapple", None, "grapple", origin)
        return hit_odds(spec.target, _defense_target(rs, battle, target.id, att, action.defense))
    if isinstance(action, G.BreakFree):
        g = action.pick(battle, rs, actor)
        return _quick(*rs.break_free_specs(battle, actor, g))
    if isinstance(action, G.Takedown):
        g = G.held_grip(battle, rs, actor, action.target, lambda g: g.location in G.BODY_LOCATIONS)
        return _quick(*rs.takedown_specs(battle, actor, battle.fighter(g.target), g, action.maneuver))
    if isinstance(action, G.Strangle):
        g = G.held_grip(battle, rs, actor, action.target, lambda g: g.location == "head")
        return _quick(*rs.strangle_specs(battle, actor, battle.fighter(g.target), g, action.maneuver))
    if isinstance(action, G.Pin):
        g = G.held_grip(battle, rs, actor, action.target, lambda g: g.location == "torso")
        return _regular(rs, battle, *rs.pin_specs(battle, actor, battle.fighter(g.target), g, action.maneuver))
    if isinstance(action, (G.WrestleWeapon, G.ForceDrop)):
        if isinstance(action, G.WrestleWeapon):
            g = G.held_grip(battle, rs, actor, action.target, lambda g: G.is_item_location(g.location))
        else:
            g = G.held_grip(battle, rs, actor, action.target, lambda g: g.location in rs.force_drop_locations)
        other = battle.fighter(g.target)
        return _regular(rs, battle, *rs.st_contest_specs(battle, actor, other, "", action.rule, action.maneuver))
    if isinstance(action, M.Feint):
        t = battle.fighter(action.target)
        la, _ = C.attack_skill(actor, action.item or "punch")
        lb, _ = M._best_melee(t)
        win, tie, lose = D.quick_contest_odds(la, lb)
        return {"win": win, "tie": tie, "lose": lose}
    if isinstance(action, M.Ready) and not isinstance(actor.traits.get(action.item), bool) \
            and is_grappled(battle, actor.id):
        held = rs.held_dx_penalty(battle, actor, "arm")
        p = D.success_chance(S.stat(actor, "DX") + (held.value if held else 0))
        return {"success": p, "failure": 1.0 - p}
    return {"done": 1.0}
