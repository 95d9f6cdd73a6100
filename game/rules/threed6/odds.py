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

from game import dice as D
from game.rules.base import Reason
from game.rules.threed6 import combat as C
from game.rules.threed6 import grappling as G
from game.rules.threed6 import maneuvers as M
from game.rules.threed6 import stats as S
from game.rules.threed6.status import is_grappled

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Action
    from game.rules.threed6.lite import ThreeD6Lite

__all__ = ["odds", "hit_odds"]

#: actions with no roll: one outcome
_PLAIN = frozenset({"move", "face", "change_posture", "all_out_defense", "evaluate", "aim", "concentrate", "wait",
                    "do_nothing", "release", "throw_away", "drag"})


def hit_odds(attack_target: int, defense_target: int | None) -> dict[str, float]:
    """hit / defended / miss for an attack roll against ``attack_target`` and a defence (None = none)."""
    p_ok = D.success_chance(attack_target)
    p_crit, _ = D.critical_chances(attack_target)
    p_def = D.success_chance(defense_target) if defense_target is not None else 0.0
    defended = (p_ok - p_crit) * p_def
    return {"hit": p_ok - defended, "defended": defended, "miss": 1.0 - p_ok}


_DEFENSE_CACHE: dict[tuple, int | None] = {}


def _defense_target(rs: ThreeD6Lite, battle: Battle, target_id: str, att: C.AttackInfo,
                    choice: str | None) -> int | None:
    """The defender's best (or chosen) defence target, cached by every value it depends on."""
    if choice == "none":
        return None
    d = battle.fighter(target_id)
    a = battle.fighter(att.attacker)
    key = (rs.id, d.id, a.id, att.kind, att.weapon, att.origin, choice, d.hex, d.facing, d.posture, d.hp,
           tuple(d.conditions), tuple(d.hands.items()), tuple(d.stats.items()), tuple(d.skills.items()),
           tuple(d.crippled), a.hex, str(a.counters.get("feint")),
           tuple((g.holder, g.target, g.location, g.hands, g.kind, tuple(g.hand_names)) for g in battle.grapples),
           tuple((e["fighter"], e["kind"], str(e.get("data"))) for e in battle.effects))
    hit = _DEFENSE_CACHE.get(key, _MISSING)
    if hit is not _MISSING:
        return hit  # type: ignore[return-value]
    opts = C.defense_options(rs, battle, d, att)
    if choice is not None:
        opts = [o for o in opts if o.kind == choice]
    best = C.best_defense(opts)
    value = best.target if best is not None else None
    if len(_DEFENSE_CACHE) > 8192:
        _DEFENSE_CACHE.clear()
    _DEFENSE_CACHE[key] = value
    return value


_MISSING = object()


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
        spec = M.strike_spec(battle, rs, actor, target, weapon, location, maneuver,
                             getattr(action, "option", "determined"))
        att = C.AttackInfo(actor.id, "strike", None if weapon in S.NATURAL_ATTACKS else weapon)
        return hit_odds(spec.target, _defense_target(rs, battle, target.id, att, action.defense))
    if isinstance(action, G.Grapple):
        target = battle.fighter(action.target)
        where = G.approach(battle, rs, actor, target, action.maneuver)
        posture = None
        origin = None
        if not isinstance(where, Reason):
            path, down = where
            posture = "kneeling" if down else None
            if path:
                origin = path[-2] if len(path) > 1 else actor.hex
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
