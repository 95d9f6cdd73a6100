"""Shooting at range: the line of fire, range in multihexes, rolls to miss, magazines, reloads and jams.

The Attack action sends a shot (a ``missile`` weapon that can fire, aimed at a foe not in the shooter's own
brawl) to :func:`fire`; single and semi-automatic shots are played here, bursts and full-auto streams in
:mod:`.autofire`. Shotguns and energy weapons (their own modules) build on the same pieces: :func:`shot_plan`
for the roll, :func:`line_of_fire` and :func:`roll_to_miss` for the figures in the way, :func:`rounds_left` and
:func:`spend` for the magazine. A module ``shotgun``, ``energy`` or ``flamer`` may register any of these hooks
(:func:`add_shot_hooks`, as it loads), which :func:`fire` and :func:`shot_reason` call:

- ``shot_reason(battle, f, t, action) -> Reason | None``: why this shot cannot be fired (after ours);
- ``adjust_shot(battle, plan, f, t, action) -> None``: change the plan of each shot (damage, modifiers);
- ``after_shot(r, f, t, action, out) -> None``: what follows one shot (``out`` is ``resolve_attack``'s result).

Counters on the shooter (``Fighter.counters``): ``rounds`` ({item: rounds left}; an item not named has its
magazine full), ``jammed`` (items that cannot fire until cleared), ``shot`` ({"round", "target"}, written by
:mod:`.weapons`), ``fired`` ({"round", "item", "mode", "targets", "rounds"}: this round's fire, S3-AUTO-2/14),
``modes`` ({item: mode}: a selective-fire weapon's setting, S3-AUTO-2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from game.hexgrid import Hex, hex_distance, hex_linedraw
from game.rules import events as E
from game.rules.base import Reason
from game.rules.common import Mod, RollSpec
from game.rules.nd6 import damage as D
from game.rules.nd6 import rolls
from game.rules.nd6.actions import Attack, Nd6Action, mark
from game.rules.nd6.combat import (
    AttackPlan,
    add_hook,
    apply_hits,
    attack_odds,
    damage_rolled,
    plan_attack,
    resolve_attack,
)
from game.rules.nd6.combat import hook as combat_hook  # ranged's own ``hook`` asks its weapon modules
from game.rules.nd6.effects import is_smoky
from game.rules.nd6.items import has_tag, item
from game.rules.nd6.ranges import mh_distance, mh_of, range_penalty
from game.rules.nd6.status import foes, in_hth, iq, is_down, is_out, ready_weapon, skill, st_full, this_round
from game.rules.nd6.weapons import can_fire

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["LineOfFire", "shot_of", "mh_distance", "range_mod", "line_of_fire", "roll_to_miss", "rounds_left", "spend",
           "magazine", "rates", "shot_plan", "is_shot", "shot_reason", "fire", "Reload", "ClearJam", "FireAndStab",
           "ACTIONS",
           "options", "odds", "start_turn", "hook", "add_shot_hooks",
           "SHOT_HOOK_MODULES", "SHOT_HOOK_NAMES"]

#: the part-2 weapon modules that may add to a shot (see the module docstring), in the order their hooks are
#: asked: each registers its own with :func:`add_shot_hooks` as it loads, so ranged never imports them
SHOT_HOOK_MODULES: tuple[str, ...] = ("shotgun", "energy", "flamer")
SHOT_HOOK_NAMES: tuple[str, ...] = ("shot_reason", "adjust_shot", "after_shot")
_SHOT_HOOKS: dict[str, dict[str, Callable[..., Any]]] = {name: {} for name in SHOT_HOOK_NAMES}


def add_shot_hooks(module: str, **fns: Callable[..., Any]) -> None:
    """Called once by a weapon module of :data:`SHOT_HOOK_MODULES` as it loads, with the hooks it defines."""
    if module not in SHOT_HOOK_MODULES:
        raise ValueError(f"no shot hook module {module!r} (known: {', '.join(SHOT_HOOK_MODULES)})")
    for name, fn in fns.items():
        if name not in _SHOT_HOOKS:
            raise ValueError(f"no shot hook {name!r} (known: {', '.join(SHOT_HOOK_NAMES)})")
        _SHOT_HOOKS[name][module] = fn


def hook(name: str) -> list[Any]:
    """The functions registered for the shot hook ``name``, in :data:`SHOT_HOOK_MODULES` order."""
    have = _SHOT_HOOKS[name]
    return [have[m] for m in SHOT_HOOK_MODULES if m in have]


# -- range ------------------------------------------------------------------------------------------------------------

def range_mod(weapon: str | None, hexes: int) -> Mod | None:
    """G3-12: the range penalty of a shot over ``hexes`` (nothing up to 2 MH, then -1 per 2 MH begun);
    energy weapons take half (S3-ENERGY-5). None when there is none or the weapon is no missile weapon."""
    if weapon is None or item(weapon).get("kind") != "missile":
        return None
    mh = mh_of(hexes)
    energy = has_tag(weapon, "energy")
    value = range_penalty(mh, energy=energy)
    if not value:
        return None
    if energy:
        return Mod(value, f"range {mh} MH, energy weapon: half", "S3-ENERGY-5")
    return Mod(value, f"range {mh} MH", "G3-12")


# -- the line of fire -------------------------------------------------------------------------------------------------

@dataclass
class LineOfFire:
    """What a shot from the shooter's hex to ``hexes[-1]`` passes (GX-5, G3-10, S3-SMOKE-5)."""

    #: the hexes crossed, the shooter's and the aim point's included
    hexes: list[Hex]
    #: a ``blocks_sight`` cell strictly between, or a hex off the map
    blocked: bool = False
    #: fighters standing in the hexes strictly between, nearest first: the shot must miss them (G3-10)
    figures: list[str] = field(default_factory=list)
    #: smoke hexes the shot starts in, crosses or ends in (S3-SMOKE-5)
    smoke: int = 0

    @property
    def hexes_long(self) -> int:
        return max(0, len(self.hexes) - 1)


def in_the_way(f: Fighter) -> bool:
    """Ruling ND6-19: a figure on its feet (standing or kneeling) stands in a line of fire; one lying on the
    ground or out of the fight does not."""
    return not is_out(f) and not is_down(f)


def line_of_fire(battle: Battle, shooter: Fighter, to: Hex) -> LineOfFire:
    """GX-5, G3-10, S3-SMOKE-5: the hexes of a shot from ``shooter`` to ``to``, walls, figures and smoke."""
    hexes = hex_linedraw(shooter.hex, to)
    board = battle.board
    idx = board.index()
    blocked = False
    if board.cells or not board.unbounded:
        if any(h not in board for h in hexes) and board.cells:
            blocked = True
        for h in hexes[1:-1]:
            c = idx.get(h)
            if c is not None and c.blocks_sight:
                blocked = True
    between = set(hexes[1:-1])
    order = {h: i for i, h in enumerate(hexes)}
    figures = sorted((f for f in battle.fighters if f.hex in between and f.id != shooter.id and in_the_way(f)),
                     key=lambda f: order[f.hex])
    smoke = sum(1 for h in hexes if is_smoky(battle, h))  # a cloud or a fire's smoke (effects.py decides)
    return LineOfFire(hexes=hexes, blocked=blocked, figures=[f.id for f in figures], smoke=smoke)


def smoke_mod(lof: LineOfFire) -> Mod | None:
    """S3-SMOKE-5: -1 DX per smoke hex the shot starts in, crosses or ends in."""
    if not lof.smoke:
        return None
    return Mod(-lof.smoke, f"{lof.smoke} smoke hex{'es' if lof.smoke > 1 else ''} in the line of fire", "S3-SMOKE-5")


# -- the roll to miss -------------------------------------------------------------------------------------------------

def _miss_spec(battle: Battle, spec: RollSpec, shooter: Fighter, figure: Fighter, weapon: str | None,
               auto_bonus: int) -> RollSpec:
    """G3-10: the attack's own modifiers, with the range to the figure in the way and the auto-fire bonus
    turned into a penalty of the same size (S3-AUTO-12); 3d6, whatever dice the attack itself takes."""
    out = RollSpec(actor=spec.actor, label=f"roll to miss {figure.label}: DX", base=spec.base, rule="G3-10", dice=3)
    for m in spec.modifiers:
        if m.rule in ("G3-12", "S3-ENERGY-5", "S3-AUTO-9"):
            continue
        if m.rule == "G3-5" or m.rule.startswith("S3-HTH-1"):
            continue  # the target's facing or brawl is not the bystander's
        if m.rule == "S3-SHOTGUN-2":  # ruling ND6-18: a shotgun's spread counts against, as S3-AUTO-12's bonus does
            out.add(-m.value, f"shot spread: its +{m.value} counts against", "S3-SHOTGUN-2")
            continue
        out.modifiers.append(m)
    far = range_mod(weapon, hex_distance(shooter.hex, figure.hex))
    if far is not None:
        out.modifiers.append(far)
    if auto_bonus:
        out.add(-abs(auto_bonus), f"automatic fire: its +{abs(auto_bonus)} counts against", "S3-AUTO-12")
    return out


def roll_to_miss(r: Resolution, plan_or_spec: AttackPlan | RollSpec, figure_id: str, *, auto_bonus: int = 0,
                 weapon: str | None = None) -> dict[str, Any]:
    """G3-10: roll 3d6 to miss ``figure_id`` in the line of fire; the roll event is noted and returned with
    ``hit`` (the roll failed: the figure is struck) and ``rounds`` (for automatic fire: the margin of failure,
    at least 1, is how many rounds strike it, S3-AUTO-13; 0 when missed)."""
    battle = r.battle
    spec = plan_or_spec.spec if isinstance(plan_or_spec, AttackPlan) else plan_or_spec
    if weapon is None and isinstance(plan_or_spec, AttackPlan):
        weapon = plan_or_spec.item
    shooter = battle.fighter(spec.actor)
    figure = battle.fighter(figure_id)
    ev = rolls.save_roll(r.dice, _miss_spec(battle, spec, shooter, figure, weapon, auto_bonus))
    ev["target_id"] = figure.id
    ev["table"] = "miss"  # a roll whose ``effect`` says what came of it (the log reads it as a table roll)
    ev["hit"] = not ev["success"]
    ev["rounds"] = max(1, -int(ev["margin"])) if ev["hit"] else 0
    ev["effect"] = (f"the shot misses {figure.label}." if ev["success"]
                    else f"{figure.label} is in the way and is struck.")
    r.note(ev)
    return ev


# -- magazines ---------------------------------------------------------------------------------------------------------

def magazine(weapon: str) -> int:
    """A full magazine of ``weapon`` (item data ``rounds``; 0 for weapons without one)."""
    return int(item(weapon).get("rounds", 0) or 0)


def rounds_left(f: Fighter, weapon: str) -> int:
    """Rounds in ``weapon``'s magazine: counter ``rounds`` or, when it does not name the weapon, a full one."""
    counted = f.counters.get("rounds")
    if isinstance(counted, dict) and weapon in counted:
        return int(counted[weapon])
    return magazine(weapon)


def spend(r: Resolution, f: Fighter, weapon: str, n: int) -> None:
    """Take ``n`` rounds out of the magazine (S3-AUTO-11 counts them down: 25 - 6 - 13 = 6)."""
    if n <= 0 or not magazine(weapon):
        return
    counted = dict(f.counters.get("rounds") or {})
    counted[weapon] = max(0, rounds_left(f, weapon) - n)
    r.emit(E.stat(f.id, "counters.rounds", counted, rule="G3-12"))


def rates(weapon: str) -> dict[str, int]:
    """Shots a turn by mode (S3-AUTO-3): ``semi`` single shots, ``burst`` three-round bursts, ``full`` rounds of
    full auto. A plain number is single shots only; ``"4/2/13"`` is a selective-fire weapon."""
    rof = item(weapon).get("rof", 1)
    if isinstance(rof, str) and "/" in rof:
        semi, burst, full = (int(x) for x in rof.split("/"))
        return {"semi": semi, "burst": burst, "full": full}
    return {"semi": int(rof or 1), "burst": 0, "full": 0}


def fire_mode(mode: str | None) -> str:
    """The weapon setting a mode needs (S3-AUTO-2): single and semi shots share the semi-automatic one."""
    return {"burst": "burst", "full_auto": "full"}.get(mode or "single", "semi")


def mode_reason(battle: Battle, f: Fighter, weapon: str, mode: str | None) -> Reason | None:
    """S3-AUTO-2/3: the weapon has this mode, and a selective-fire weapon changes mode once per turn."""
    setting = fire_mode(mode)
    rate = rates(weapon)
    if not rate.get(setting):
        return Reason(f"{item(weapon).get('name', weapon)} has no {setting.replace('full', 'full-auto')} fire.",
                      "S3-AUTO-3")
    modes = f.counters.get("modes")
    was = modes.get(weapon) if isinstance(modes, dict) else None
    changed = this_round(f, "mode_changed", battle)
    if was is not None and was != setting and changed:
        return Reason(f"{f.label} has already switched {f.their} {item(weapon).get('name', weapon)}'s fire mode this "
                      "turn.", "S3-AUTO-2")
    return None


def set_mode(r: Resolution, f: Fighter, weapon: str, mode: str | None) -> None:
    """Record the weapon's setting; a switch is the turn's one change (S3-AUTO-2)."""
    setting = fire_mode(mode)
    if len([k for k, v in rates(weapon).items() if v]) < 2:
        return
    modes = dict(f.counters.get("modes") or {})
    if modes.get(weapon, "semi") != setting:
        mark(r, f, "mode_changed", item=weapon)
    if modes.get(weapon) != setting:
        modes[weapon] = setting
        r.emit(E.stat(f.id, "counters.modes", modes, rule="S3-AUTO-2"))


# -- planning a shot ---------------------------------------------------------------------------------------------------

def rested(battle: Battle, f: Fighter, lof: LineOfFire) -> bool:
    """Ruling ND6-19 (S3-AUTO-5): a gun is rested on something solid when its shooter lies prone or kneels, or
    when the first hex of the line of fire is an obstacle that stops walking but not sight (a crate, a low wall)."""
    if f.posture in ("prone", "kneeling"):
        return True
    if len(lof.hexes) < 2:
        return False
    c = battle.board.index().get(lof.hexes[1])
    return c is not None and c.blocks_movement and not c.blocks_sight


def st_mods(battle: Battle, f: Fighter, weapon: str | None, rounds: int, lof: LineOfFire) -> list[Mod]:
    """S3-AUTO-4..7 with G3-13: -1 DX per point of ST the shooter lacks. The ST needed is the weapon's, +1 for
    every 3 rounds of a burst or stream beyond its first round (the recoil); a bipod halves the recoil's share
    of the shortfall (round down), a tripod removes it; resting the gun takes 2 off the whole shortfall."""
    if weapon is None:
        return []
    need = int(item(weapon).get("st", 0) or 0)
    recoil = max(0, rounds - 1) // 3
    st = st_full(f)
    base = max(0, need - st)
    total = max(0, need + recoil - st)
    kick = total - base
    out: list[Mod] = []
    if base:
        out.append(Mod(-base, f"ST {st} below the {need} it needs", "S3-AUTO-4"))
    if kick:
        worn = set(f.items) | {i for i in f.hands.values() if i}
        if "tripod" in worn:
            out.append(Mod(0, f"recoil of {rounds} rounds: none on a tripod", "S3-AUTO-6"))
            kick = 0
        elif "bipod" in worn:
            kick //= 2
            out.append(Mod(-kick, f"recoil of {rounds} rounds (ST {need + recoil} needed), halved by a bipod",
                           "S3-AUTO-6"))
        else:
            out.append(Mod(-kick, f"recoil of {rounds} rounds: ST {need + recoil} needed", "S3-AUTO-7"))
    if base + kick and rested(battle, f, lof):
        out.append(Mod(min(2, base + kick), "the gun is rested on something solid", "S3-AUTO-5"))
    return [m for m in out if m.value]


def shot_plan(battle: Battle, f: Fighter, t: Fighter, weapon: str | None, *,
              extra_mods: tuple[Mod, ...] | list[Mod] = (), defense: str | None = None,
              rounds: int = 1) -> AttackPlan:
    """The plan of one shot, burst or stream of ``rounds``: the core's attack plan (eDX, facing, range G3-12,
    the target's defence), the ST shortfall with recoil and rest (S3-AUTO-4..7, G3-13), smoke in the line of
    fire (S3-SMOKE-5) and ``extra_mods`` (the auto-fire bonus, a sweep, a new target)."""
    plan = plan_attack(battle, f, t, weapon, defense=defense)
    lof = line_of_fire(battle, f, t.hex)
    plan.spec.modifiers[:] = [m for m in plan.spec.modifiers if m.rule != "S3-AUTO-4"]
    plan.spec.modifiers.extend(st_mods(battle, f, weapon, rounds, lof))
    smoke = smoke_mod(lof)
    if smoke is not None:
        plan.spec.modifiers.append(smoke)
    plan.spec.modifiers.extend(m for m in extra_mods if m.value)
    plan.extra["line_of_fire"] = lof
    if weapon is not None and has_tag(weapon, "bayonet") and "bayonet" in plan.damage_note:
        plan.damage = D.parse(str(item(weapon)["damage"]))  # S3-BAYONET-4: shot point-blank, not thrust
        plan.damage_note = f"{item(weapon).get('name', weapon)}, a shot: {plan.damage}"
        plan.multipliers[:] = [m for m in plan.multipliers if m[2] != "S3-BAYONET-3"]
    return plan


def switch_mod(battle: Battle, f: Fighter, t: Fighter) -> Mod | None:
    """G3-22 (S3-AUTO-14): -1 DX per MH between the turn's first target and a new one."""
    fired = this_round(f, "fired", battle)
    if not fired or not fired.get("targets"):
        return None
    first = battle.get(fired["targets"][0])
    if first is None or first.id == t.id:
        return None
    mh = mh_distance(first.hex, t.hex)
    if not mh:
        return None
    return Mod(-mh, f"a new target {mh} MH from the first this turn", "G3-22")


# -- is it a shot, may it be fired ------------------------------------------------------------------------------------

def is_shot(battle: Battle, f: Fighter, t: Fighter, weapon: str | None, mode: str | None = None) -> bool:
    """Whether attacking ``t`` with ``weapon`` is a shot (played by :func:`fire`): a missile weapon that can fire,
    not a jammed or empty gun swung (S3-IMPROV-4), not a pistol inside the shooter's own brawl (S3-HTH-8: the
    core's HTH blow), and at an adjacent foe with a bayonet only when a ``mode`` is named (else the thrust,
    S3-BAYONET-5; ruling ND6-19)."""
    if weapon is None or item(weapon).get("kind") != "missile":
        return False
    if has_tag(weapon, "firearm"):
        if not can_fire(f, weapon):
            return False
    if in_hth(f) and f.hex == t.hex:
        return False
    if has_tag(weapon, "bayonet") and hex_distance(f.hex, t.hex) == 1 and mode is None:
        return False
    return True


def shot_of(battle: Battle, action: Any, kind: Callable[[str | None], bool]) -> tuple[Fighter, Fighter, str] | None:
    """The shooter, target and weapon of ``action`` when it is a shot (:func:`is_shot`) from a weapon of ``kind``
    (a shotgun, an energy gun), else None: the one gate every special weapon's ``odds`` hook opens with."""
    if not isinstance(action, Attack):
        return None
    f, t = battle.get(action.actor), battle.get(action.target)
    if f is None or t is None:
        return None
    weapon = action.weapon(f)
    if weapon is None or not kind(weapon) or not is_shot(battle, f, t, weapon):
        return None
    return f, t, weapon


def shot_reason(battle: Battle, f: Fighter, t: Fighter, action: Any) -> Reason | None:
    """Why this shot cannot be fired: line of fire (GX-5), mode (S3-AUTO-2/3), shots a turn, rounds left."""
    weapon = action.weapon(f)
    lof = line_of_fire(battle, f, t.hex)
    if lof.blocked and not (f.hex == t.hex):
        return Reason(f"{f.label} has no line of fire to {t.label}.", "GX-5")
    mode = getattr(action, "mode", None) or "single"
    if mode not in ("single", "semi", "burst", "full_auto"):
        return Reason(f"mode must be single, semi, burst or full_auto, not {mode!r}.", "S3-AUTO-1", "bad_intent")
    if mode in ("single", "semi") and has_tag(weapon, "energy"):
        pass  # S3-ENERGY-3: an energy weapon's ``shots`` split one full shot (energy.shot_reason judges them)
    elif mode in ("single", "semi"):
        why = mode_reason(battle, f, weapon, mode)
        if why is not None:
            return why
        shots = 1 if getattr(action, "shots", None) is None else action.shots
        rate = rates(weapon)["semi"]
        if mode == "single" and shots != 1:
            return Reason("A single shot is one shot; several are mode semi.", "S3-AUTO-1", "bad_intent")
        if shots < 1 or shots > rate:
            return Reason(f"{item(weapon).get('name', weapon)} fires at most {rate} shot{'s' * (rate > 1)} a turn.",
                          "S3-AUTO-3")
        if magazine(weapon) and rounds_left(f, weapon) < shots:
            return Reason(f"{f.label}'s {item(weapon).get('name', weapon)} has {rounds_left(f, weapon)} rounds "
                          "left.", "G3-12")
    else:
        why = combat_hook("auto_reason")(battle, f, [t.id], action)
        if why is not None:
            return why
    for fn in hook("shot_reason"):
        why = fn(battle, f, t, action)
        if why is not None:
            return why
    return None


# -- firing ------------------------------------------------------------------------------------------------------------

def note_fired(r: Resolution, f: Fighter, weapon: str, mode: str, t: Fighter, n: int) -> None:
    """Stamp this round's fire: the targets in order (G3-22) and the rounds fired."""
    fired = this_round(f, "fired", r.battle) or {}
    targets = list(fired.get("targets") or [])
    if t.id not in targets:
        targets.append(t.id)
    mark(r, f, "fired", item=weapon, mode=mode, targets=targets, rounds=int(fired.get("rounds", 0)) + n)
    shot = this_round(f, "shot", r.battle)
    if not shot or shot.get("target") != t.id:
        mark(r, f, "shot", target=t.id)  # S3-BAYONET-4: a bayonet thrust this turn must be at the foe shot


def strike_in_the_way(r: Resolution, plan: AttackPlan, figure_id: str) -> dict[str, Any]:
    """G3-10: a shot that failed its roll to miss strikes the figure in the way: its damage, no roll to hit."""
    a = r.battle.fighter(plan.attacker)
    fig = r.battle.fighter(figure_id)
    was = plan.target
    plan.target = fig.id
    hits, faces = damage_rolled(r, plan, 1, [])
    injury = apply_hits(r, a, fig, hits, faces=faces, plan=plan, reasons=[], rule="G3-10")
    plan.target = was
    return {"hit": True, "hits": hits, "injury": injury, "struck": fig.id}


def one_shot(r: Resolution, f: Fighter, t: Fighter, weapon: str, action: Any) -> dict[str, Any]:
    """One single shot (S3-AUTO-1): rolls to miss each figure in the way nearest first (G3-10), then the roll
    to hit; a brawl struck picks its member at random (S3-HTH-20, in ``resolve_attack``)."""
    battle = r.battle
    extra = [m for m in (switch_mod(battle, f, t),) if m is not None]
    plan = shot_plan(battle, f, t, weapon, extra_mods=extra, defense=getattr(action, "defense", None))
    for fn in hook("adjust_shot"):
        fn(battle, plan, f, t, action)
    spend(r, f, weapon, 1)
    for fig in plan.extra["line_of_fire"].figures:
        if is_out(battle.fighter(fig)) or fig == t.id:
            continue
        if battle.fighter(fig).hex == t.hex:
            continue  # the target's own brawl: S3-HTH-20 picks the one struck
        miss = roll_to_miss(r, plan, fig)
        if miss["hit"]:
            out = strike_in_the_way(r, plan, fig)
            break
    else:
        out = resolve_attack(r, plan)
    for fn in hook("after_shot"):
        fn(r, f, t, action, out)
    return out


def fire(r: Resolution, f: Fighter, action: Any) -> None:
    """The Attack action's ranged path: single or semi shots here, bursts and full auto in :mod:`.autofire`."""
    t = r.battle.fighter(action.target)
    weapon = action.weapon(f)
    mode = getattr(action, "mode", None) or "single"
    set_mode(r, f, weapon, mode)
    if mode in ("burst", "full_auto"):
        if mode == "burst":  # ``shots`` counts rounds: 3 is one burst, 6 two (S3-AUTO-8)
            combat_hook("bursts")(r, f, [t.id], weapon, n=max(1, int(getattr(action, "shots", None) or 3) // 3),
                            defense=getattr(action, "defense", None))
        else:
            combat_hook("stream")(r, f, [t.id], weapon, rounds=getattr(action, "shots", None),
                            defense=getattr(action, "defense", None))
        return
    shots = int(getattr(action, "shots", None) or 1)
    for _ in range(shots):
        if is_out(t) or is_out(f):
            break
        if weapon not in f.hands.values() or weapon in (f.counters.get("jammed") or ()):
            break  # G3-1, S3-AUTO-24: a gun dropped or jammed by the last shot fires no more this turn
        one_shot(r, f, t, weapon, action)
        note_fired(r, f, weapon, mode, t, 1)


# -- reloading and clearing a jam (Ready actions) ----------------------------------------------------------------------

def _in_hand(f: Fighter, weapon: str | None) -> str | None:
    if weapon:
        return weapon if weapon in f.hands.values() else None
    return next((i for i in f.hands.values() if i and magazine(i)), None)


@dataclass(frozen=True, slots=True)
class Reload(Nd6Action):
    """Put a fresh magazine in the gun in hand: a Ready action (G3-4, ruling ND6-19: spare magazines are not
    counted). ``item`` left out is the first gun in hand with a magazine."""

    type: ClassVar[str] = "reload"
    title: ClassVar[str] = "Reload"
    rule: ClassVar[str] = "G3-4"
    item: str | None = None

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        w = _in_hand(f, self.item)
        if w is None:
            return Reason(f"{f.label} holds no gun with a magazine to reload.", "G3-4")
        if not magazine(w):
            return Reason(f"{item(w).get('name', w)} has no magazine.", "G3-4")
        if in_hth(f):
            return Reason(f"{f.label} is in hand-to-hand: no reloading there.", "G3-9")
        if rounds_left(f, w) >= magazine(w):
            return Reason(f"{f.label}'s {item(w).get('name', w)} is fully loaded.", "G3-4")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        w = _in_hand(f, self.item)
        assert w is not None
        counted = {k: v for k, v in (f.counters.get("rounds") or {}).items() if k != w}
        r.emit(E.stat(f.id, "counters.rounds", counted or None, rule="G3-4"))
        r.note(E.message(f"{f.label} reloads {f.their} {item(w).get('name', w)} ({magazine(w)} rounds).", actor=f.id,
                         rule="G3-4"))


@dataclass(frozen=True, slots=True)
class ClearJam(Nd6Action):
    """G3-11 (S3-AUTO-24): a Ready action to clear a jammed gun in hand: 3d6 vs IQ, skill ``clear_jam`` needed."""

    type: ClassVar[str] = "clear_jam"
    title: ClassVar[str] = "Clear the jam"
    rule: ClassVar[str] = "S3-AUTO-24"
    item: str | None = None

    def _jammed(self, f: Fighter) -> str | None:
        jammed = list(f.counters.get("jammed") or ())
        if self.item:
            return self.item if self.item in jammed and self.item in f.hands.values() else None
        return next((i for i in f.hands.values() if i in jammed), None)

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if self._jammed(f) is None:
            return Reason(f"{f.label} holds no jammed gun.", "S3-AUTO-24")
        if not skill(f, "clear_jam"):
            return Reason(f"{f.label} lacks the skill to clear a jam.", "G3-11")
        if in_hth(f):
            return Reason(f"{f.label} is in hand-to-hand: no clearing a jam there.", "G3-9")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        w = self._jammed(f)
        assert w is not None
        spec = RollSpec(actor=f.id, label="clear the jam: IQ", base=iq(f), rule="G3-11", dice=3)
        ev = rolls.save_roll(r.dice, spec)
        r.note(ev)
        name = item(w).get("name", w)
        if ev["success"]:
            left = [i for i in (f.counters.get("jammed") or ()) if i != w]
            r.emit(E.stat(f.id, "counters.jammed", left or None, rule="G3-11"))
            r.note(E.message(f"{f.label} clears {f.their} {name}.", actor=f.id, rule="G3-11"))
        else:
            r.note(E.message(f"{f.label} fails to clear {f.their} {name}.", actor=f.id, rule="G3-11"))


@dataclass(frozen=True, slots=True)
class FireAndStab(Nd6Action):
    """S3-BAYONET-4: one shot and a bayonet thrust at the same adjacent foe, in one turn and with no penalty.

    One action, so the turn controller's one action a round holds it whole; ``clinch resolve`` may also play
    the shot and the thrust as two ``attack`` actions (``Attack._follow_up``)."""

    type: ClassVar[str] = "fire_and_stab"
    title: ClassVar[str] = "Fire and stab"
    rule: ClassVar[str] = "S3-BAYONET-4"
    target: str = ""
    defense: str | None = None

    def _parts(self) -> tuple[Any, Any]:
        return (Attack(actor=self.actor, target=self.target, mode="single", defense=self.defense),
                Attack(actor=self.actor, target=self.target, defense=self.defense))

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        w = ready_weapon(f)
        if w is None or not has_tag(w, "bayonet"):
            return Reason(f"{f.label} holds no rifle with a bayonet.", "S3-BAYONET-4")
        t = battle.get(self.target)
        if t is None or in_hth(f) or hex_distance(f.hex, t.hex) != 1:
            return Reason("Fire and stab needs a foe in an adjacent hex.", "S3-BAYONET-4")
        shot, thrust = self._parts()
        return shot._check(battle, f) or thrust._check(battle, f)

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        shot, thrust = self._parts()
        w = shot.weapon(f)
        fire(r, f, shot)
        t = r.battle.fighter(self.target)
        if is_out(t) or is_out(f) or w not in f.hands.values() or is_down(f):
            return
        mark(r, f, "thrust", target=t.id)
        resolve_attack(r, plan_attack(r.battle, f, t, w, defense=self.defense))  # S3-BAYONET-2: the thrust


ACTIONS: tuple[type[Nd6Action], ...] = (Reload, ClearJam, FireAndStab)


def options(battle: Battle, f: Fighter) -> list[Any]:
    """Menu candidates: every shot a turn at a foe (semi, S3-AUTO-1/3), fire and stab, reload a gun not full,
    clear a jam. (The single shot is the core's plain attack.)"""
    out: list[Any] = []
    w = ready_weapon(f)
    if w is not None and item(w).get("kind") == "missile" and not in_hth(f) and not has_tag(w, "energy"):
        n = rates(w)["semi"]
        if magazine(w):
            n = min(n, rounds_left(f, w))
        if n > 1:
            out.extend(Attack(actor=f.id, target=o.id, mode="semi", shots=n) for o in foes(battle, f)
                       if is_shot(battle, f, o, w, "semi") and hex_distance(f.hex, o.hex) > 1)
    for w in dict.fromkeys(i for i in f.hands.values() if i):
        if has_tag(w, "bayonet") and not in_hth(f):
            out.extend(FireAndStab(actor=f.id, target=o.id) for o in foes(battle, f)
                       if hex_distance(f.hex, o.hex) == 1)
        if magazine(w) and rounds_left(f, w) < magazine(w):
            out.append(Reload(actor=f.id, item=w))
        if w in (f.counters.get("jammed") or ()):
            out.append(ClearJam(actor=f.id, item=w))
    return out


def odds(battle: Battle, action: Any) -> dict[str, float] | None:
    """Odds of a shot (single/semi: the first shot's roll as :func:`shot_plan` makes it, smoke, rest and recoil
    included; figures in the way aside); auto fire: see :mod:`.autofire`; None if not ours."""
    if isinstance(action, FireAndStab):
        action = action._parts()[0]  # the shot's odds lead; the thrust follows whatever it does
    if isinstance(action, Attack) and (action.mode or "single") in ("single", "semi"):
        f, t = battle.get(action.actor), battle.get(action.target)
        if f is None or t is None or not is_shot(battle, f, t, action.weapon(f), action.mode):
            return None
        plan = shot_plan(battle, f, t, action.weapon(f), extra_mods=[m for m in (switch_mod(battle, f, t),) if m],
                         defense=action.defense)
        return attack_odds(plan)
    if isinstance(action, ClearJam):
        f = battle.get(action.actor)
        if f is None:
            return None
        p = rolls.save_odds(3, iq(f))
        return {"success": p, "failure": 1.0 - p}
    return None


def start_turn(r: Resolution, f: Fighter) -> None:
    """Nothing carries over between turns for a shooter (the counters are per round)."""
    return None


for _name, _fn in (("is_shot", is_shot), ("shot_reason", shot_reason), ("shoot", fire)):
    add_hook(_name, _fn)  # the attack action asks these of a shot (combat.HOOK_NAMES)
