"""The special weapons: improvised weapons, pole arms, bayonets, sweeps, the staff, swords and stun weapons.

Kept out of :mod:`.combat` because each rule here belongs to a weapon, not to every attack: combat asks this
module at four seams and otherwise plays the plan as it is.

- :func:`adjust_plan` (called at the end of ``combat.plan_attack``): the weapon's own use in an attack: a
  firearm that cannot fire swung as a club (S3-IMPROV-4), a bottle thrown as a rock (S3-IMPROV-5/7), the
  bayonet's thrust and its doubling after 3+ hexes moved (S3-BAYONET-2/3).
- :func:`after_roll` (``combat.resolve_attack``, right after the roll): a weapon that parried a monofilament
  or plasma sword is broken (S3-SWORD-5/6); a thrown object leaves the hand (S3-IMPROV-7).
- :func:`reach_reason` / :func:`thrown` (``actions.attack_reach``) and :func:`weapon_reason` (the charge):
  which foes a weapon can reach and which weapons may strike at all (S3-STAFF-1, S3-SWORD-5, S3-BAYONET-4/5).
- :func:`stun_save` (``combat.apply_hits``, after armour: G3-23), :func:`before_charge` and
  :func:`charge_effects` (``actions.charge_attack``: S3-POLE-1/2), :func:`start_turn` (the stun's two turns).

Counters read here (``Fighter.counters``), so the firing rules can set them: ``rounds`` ({item: rounds left};
an item not named has its magazine full), ``jammed`` (items that cannot fire until cleared), ``shot``
({"round", "target"}: the fighter fired this round, S3-BAYONET-4), ``broken_weapons`` (items broken as
weapons by S3-SWORD-5/6), ``set_vs_charge`` (S3-POLE-2), ``stunned`` ({"turns", "seen"}: S3-STUN-2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.hexgrid import Hex, arc_of, direction_between, hex_add, hex_distance, hex_neighbor, hex_scale
from game.rules import events as E
from game.rules.base import Reason
from game.rules.common import RollSpec
from game.rules.nd6 import damage as D
from game.rules.nd6 import rolls
from game.rules.nd6.actions import Nd6Action, mark, moved_this_round, phase_of
from game.rules.nd6.combat import (
    _fumble,
    add_hook,
    attack_odds,
    check_target,
    lacks_sword_skill,
    let_fall,
    plan_attack,
    resolve_attack,
)
from game.rules.nd6.items import has_tag, item
from game.rules.nd6.status import (
    edx,
    est,
    foes,
    held,
    in_hth,
    is_down,
    is_out,
    ma_level,
    mov,
    skill,
    st_full,
    this_round,
)

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.base import Action
    from game.rules.events import Resolution

__all__ = ["ACTIONS", "options", "odds", "start_turn", "stun_save", "before_charge", "charge_effects", "adjust_plan",
           "after_roll", "reach_reason", "thrown", "weapon_reason", "Jab", "Sweep", "StaffDisarm", "StaffTrip",
           "SetVsCharge", "FitBayonet", "JAB_GEOMETRY", "jab_hexes", "sweep_zone", "can_fire", "BAYONET_MOUNTS",
           "STUN_TURNS"]

#: S3-STAFF-4/5 and S3-SWEEP-3 (G3-20): the special attacks' DX penalty
SPECIAL_PENALTY = -4
#: S3-STUN-2: the turns a failed stun roll takes from the target
STUN_TURNS = 2
#: S3-BAYONET-1 (ruling ND6-10): the rifle-type weapons a knife can be fitted to; the seed names a bayonet
#: mount on the combat shotgun. Fitted, either becomes the ``rifle_bayonet`` item.
BAYONET_MOUNTS: tuple[str, ...] = ("assault_rifle", "combat_shotgun")
#: S3-POLE-3/4/7 (ruling ND6-9): where a long pole weapon jabs, for a fighter at (0, 0) facing 0: each target
#: hex two away, straight beyond one of the three front hexes, and the hex between that must be empty (only
#: straight ahead, S3-POLE-4) or None. Other facings turn the table (:func:`jab_hexes`).
JAB_GEOMETRY: tuple[tuple[str, int, bool], ...] = (
    ("ahead", 0, True),        # (2, 0) over (1, 0): only if no figure stands between
    ("ahead-left", 1, False),  # (2, -2) over (1, -1)
    ("ahead-right", -1, False),  # (0, 2) over (0, 1)
)


# -- what the seams ask ------------------------------------------------------------------------------------------------

def can_fire(f: Fighter, weapon: str | None) -> bool:
    """Whether a firearm in hand can shoot now: not jammed or broken, rounds left (S3-IMPROV-4)."""
    if weapon is None or not has_tag(weapon, "firearm"):
        return False
    jammed = f.counters.get("jammed") or ()
    broken = f.counters.get("broken_weapons") or ()
    if weapon in jammed or weapon in broken:
        return False
    rounds = f.counters.get("rounds")
    left = rounds.get(weapon) if isinstance(rounds, dict) else None
    if left is None:
        left = int(item(weapon).get("rounds", 1) or 0)
    return int(left) > 0


def _adjacent(f: Fighter, t: Fighter) -> bool:
    return hex_distance(f.hex, t.hex) == 1 and not in_hth(f)


def _is_throw(f: Fighter, t: Fighter, weapon: str | None) -> bool:
    """S3-IMPROV-5/7: a rock-class object thrown: a rock always, a bottle at a foe not next to the thrower."""
    if weapon is None or not has_tag(weapon, "rock") or in_hth(f) or f.hex == t.hex:
        return False
    return item(weapon).get("kind") == "thrown" or hex_distance(f.hex, t.hex) > 1


def thrown(battle: Battle, f: Fighter, t: Fighter, weapon: str | None) -> bool:
    """Whether this attack throws the object at ``t``: then the line of fire decides, not adjacency (S3-IMPROV-7)."""
    return _is_throw(f, t, weapon)


def weapon_reason(battle: Battle, f: Fighter, weapon: str | None) -> Reason | None:
    """Why ``f`` may not strike with ``weapon`` at all, or None."""
    if weapon is None:
        return None
    if has_tag(weapon, "staff") and st_full(f) < int(item(weapon).get("st", 11)):
        return Reason(f"A staff needs ST {item(weapon).get('st', 11)}; {f.label} has {st_full(f)}.", "S3-STAFF-1")
    if lacks_sword_skill(f, weapon):  # ruling ND6-12
        return Reason(f"{f.label} cannot use the {item(weapon).get('name', weapon)}: it requires the Sword skill.",
                      "S3-SWORD-1")
    if weapon in (f.counters.get("broken_weapons") or ()):
        return Reason(f"{f.label}'s {item(weapon).get('name', weapon)} was broken parrying a sword: it can still "
                      "defend, but not strike.", "S3-SWORD-5")
    return None


def reach_reason(battle: Battle, f: Fighter, t: Fighter, weapon: str | None) -> Reason | None:
    """Why ``weapon`` cannot strike ``t`` from where ``f`` stands, or None (the core's reach rules still apply)."""
    why = weapon_reason(battle, f, weapon)
    if why is not None or weapon is None:
        return why
    data = item(weapon)
    if has_tag(weapon, "bayonet") and not can_fire(f, weapon) and (in_hth(f) or hex_distance(f.hex, t.hex) != 1):
        return Reason(f"{f.label}'s rifle cannot fire: {f.their} bayonet strikes only a foe in an adjacent hex.",
                      "S3-BAYONET-5")
    if has_tag(weapon, "firearm") and not can_fire(f, weapon) and not has_tag(weapon, "bayonet"):
        if in_hth(f):
            return Reason(f"{f.label}'s {data.get('name', weapon)} cannot fire, and a club is no brawl weapon.",
                          "S3-IMPROV-4")
        if hex_distance(f.hex, t.hex) != 1:
            return Reason(f"{f.label}'s {data.get('name', weapon)} cannot fire: it serves only as a club against "
                          "a foe next to it.", "S3-IMPROV-4")
    if has_tag(weapon, "bayonet") and hex_distance(f.hex, t.hex) == 1:
        shot = this_round(f, "shot", battle)
        if shot and shot.get("target") not in (None, t.id):
            return Reason(f"{f.label} fired at another foe this turn: the bayonet may follow a shot only against "
                          "the same target.", "S3-BAYONET-4")
    if _is_throw(f, t, weapon):
        reach = int(data.get("range", 0) or 0)
        if reach and hex_distance(f.hex, t.hex) > reach:
            # S3-IMPROV-11 left a rock's range by ST a placeholder: the house range is the item's ``range``
            return Reason(f"{t.label} is beyond a {data.get('name', weapon)}'s throwing range of {reach} hexes.",
                          "S3-IMPROV-11")
    return None


def adjust_plan(battle: Battle, plan: Any, attacker: Fighter, target: Fighter, weapon: str | None) -> None:
    """The weapon's own use in a planned attack (called by ``combat.plan_attack``)."""
    if weapon is None:
        return
    data = item(weapon)
    name = data.get("name", weapon)
    st = st_full(attacker)
    if has_tag(weapon, "bayonet"):
        if _adjacent(attacker, target):
            # S3-BAYONET-2: the thrust does knife damage (the item's melee damage; ND6-4 outside hand-to-hand)
            plan.damage_note += " (bayonet: knife damage, S3-BAYONET-2)"
            if moved_this_round(battle, attacker) >= 3:
                # S3-BAYONET-3: after 3+ hexes moved this turn, x2, multiplying with any other multiplier
                plan.multipliers.append((2, "bayonet after moving 3 or more hexes", "S3-BAYONET-3"))
        else:  # S3-BAYONET-5: the bayonet reaches adjacent hexes only; at range the rifle shoots
            plan.damage = D.parse(str(data["damage"]))
            plan.damage_note = f"{name}, a shot: {plan.damage}"
        return
    if has_tag(weapon, "firearm") and not can_fire(attacker, weapon):
        # S3-IMPROV-4 (ruling ND6-11): a pistol grip is a one-handed club, a rifle or shotgun stock a two-handed
        # one (S3-IMPROV-8)
        column = "club1" if int(data.get("hands", 1)) == 1 else "club2"
        plan.damage = D.unarmed_table(st, column)
        plan.damage_note = (f"{name} swung as a {'one' if column == 'club1' else 'two'}-handed club: ST {st} row, "
                            f"{column} column (S3-IMPROV-4, S3-IMPROV-8)")
        plan.extra["club"] = True
        return
    if _is_throw(attacker, target, weapon):
        # S3-IMPROV-5/7, S3-UNARMED-8: a rock-class object thrown does the base damage for the thrower's ST;
        # the -1 DX of an unbalanced bottle is for swinging it (S3-IMPROV-10), not for throwing
        plan.damage = D.unarmed_table(st, "base")
        plan.damage_note = f"{name} thrown as a rock: ST {st} row, Damage column (S3-IMPROV-7)"
        plan.spec.modifiers[:] = [m for m in plan.spec.modifiers if m.rule != "S3-IMPROV-10"]
        plan.extra["thrown"] = True


def _parrying_weapon(t: Fighter) -> str | None:
    """The weapon a defending fighter parries with: the first held melee weapon or staff (S3-SWORD-5) it may use
    (a plasma or monofilament sword needs the Sword skill, S3-SWORD-1)."""
    for i in held(t):
        if (item(i).get("kind") == "melee" or has_tag(i, "defend")) and not lacks_sword_skill(t, i):
            return i
    return None


def after_roll(r: Resolution, plan: Any, roll: dict[str, Any]) -> None:
    """What follows an attack roll, hit or miss (called by ``combat.resolve_attack``)."""
    battle = r.battle
    a, t = battle.fighter(plan.attacker), battle.fighter(plan.target)
    if plan.item and has_tag(plan.item, "breaks_parry") and plan.defense == "defend" and not plan.hth:
        _parry_breaks(r, a, t, plan.item)
    if plan.item and has_tag(plan.item, "firearm") and not plan.extra.get("club") and not (
            has_tag(plan.item, "bayonet") and _adjacent(a, t)):
        mark(r, a, "shot", target=t.id)  # S3-BAYONET-4: a bayonet thrust this turn must follow at the same foe
    if plan.extra.get("thrown") and plan.item in a.hands.values() and roll.get("auto") not in ("drop", "break"):
        if roll.get("success") and has_tag(plan.item, "fragile"):
            let_fall(r, a, plan.item, action="lost", rule="S3-IMPROV-10")
            r.note(E.message(f"{a.label}'s {item(plan.item).get('name', plan.item)} shatters on {t.label}.",
                             actor=a.id, rule="S3-IMPROV-10"))
        else:
            r.emit(E.item(a.id, plan.item, action="thrown", to=t.hex, rule="S3-IMPROV-7"))


def _parry_breaks(r: Resolution, a: Fighter, t: Fighter, sword: str) -> None:
    """S3-SWORD-5/6: a weapon that defends against a monofilament or plasma sword is broken as a weapon; it still
    defends. A plasma sword parried by another plasma sword breaks nothing (ruling ND6-12)."""
    parry = _parrying_weapon(t)
    if parry is None:
        return
    if has_tag(sword, "energy") and has_tag(parry, "energy") and has_tag(parry, "breaks_parry"):
        r.note(E.message(f"{t.label}'s plasma sword meets {a.label}'s: neither breaks.", actor=t.id,
                         rule="S3-SWORD-6"))
        return
    broken = list(t.counters.get("broken_weapons") or ())
    if parry in broken:
        return
    rule = "S3-SWORD-6" if has_tag(sword, "energy") else "S3-SWORD-5"
    r.emit(E.stat(t.id, "counters.broken_weapons", [*broken, parry], rule=rule))
    r.note(E.message(f"{t.label}'s {item(parry).get('name', parry)} parries the {item(sword).get('name', sword)} "
                     "and is broken as a weapon: it can still defend, no longer strike.", actor=t.id, rule=rule))


# -- stun weapons ------------------------------------------------------------------------------------------------------

def stun_dice(t: Fighter) -> int:
    """S3-STUN-1/3: 4d6 against eST; Tough 3d6, Very Tough 2d6."""
    if skill(t, "very_tough"):
        return 2
    if skill(t, "tough"):
        return 3
    return 4


def stun_save(r: Resolution, a: Fighter, t: Fighter) -> None:
    """S3-STUN-1..3: a stun weapon that injured (after armour, G3-23) makes the target roll Nd6 vs eST; on a
    failure it drops its ready weapons, falls and can do nothing for two turns."""
    if is_out(t):
        return
    n = stun_dice(t)
    spec = RollSpec(actor=t.id, label=f"resist the stun: {n}d6 vs eST", base=est(t), rule="S3-STUN-1", dice=n)
    if n < 4:
        spec.label += f" ({'Very Tough' if n == 2 else 'Tough'}, S3-STUN-3)"
    roll = r.note(rolls.save_roll(r.dice, spec))
    if roll["success"]:
        return
    for w in held(t):
        if item(w).get("kind") != "armour" and not has_tag(w, "no_drop"):
            let_fall(r, t, w, action="dropped", rule="S3-STUN-2")
    if not is_down(t):
        r.emit(E.posture(t.id, "prone", rule="S3-STUN-2"))
    r.emit(E.condition(t.id, add="stunned", rule="S3-STUN-2"))
    r.emit(E.stat(t.id, "counters.stunned", {"turns": STUN_TURNS, "seen": None}, rule="S3-STUN-2"))
    r.note(E.message(f"{t.label} is stunned: {t.words.they} {t.words.verb('drops', 'drop')} {t.their} weapons, {t.words.verb('falls', 'fall')} and {t.words.verb('can', 'can')} do nothing for {STUN_TURNS} turns.",
                     actor=t.id, rule="S3-STUN-2"))


def start_turn(r: Resolution, f: Fighter) -> None:
    """S3-STUN-2: each of a stunned fighter's next two turns (one per round) passes; the turn after, it recovers
    (ruling ND6-13)."""
    if "stunned" not in f.conditions:
        return
    c = f.counters.get("stunned")
    if not isinstance(c, dict):
        c = {"turns": STUN_TURNS, "seen": None}  # a situation that starts stunned: two turns from now
    if c.get("seen") == r.battle.round:
        return
    left = int(c.get("turns", 0))
    if left <= 0:
        r.emit(E.condition(f.id, remove="stunned", rule="S3-STUN-2"))
        r.emit(E.stat(f.id, "counters.stunned", None))
        r.note(E.message(f"{f.label} shakes off the stun.", actor=f.id, rule="S3-STUN-2"))
        return
    r.emit(E.stat(f.id, "counters.stunned", {"turns": left - 1, "seen": r.battle.round}, rule="S3-STUN-2"))
    r.note(E.message(f"{f.label} is stunned and can do nothing this turn.", actor=f.id, rule="S3-STUN-2"))


# -- pole arms: the charge -------------------------------------------------------------------------------------------

def _pole(f: Fighter) -> str | None:
    return next((i for i in held(f) if has_tag(i, "pole")), None)


def set_pole(battle: Battle, target: Fighter, arrival: Hex) -> str | None:
    """S3-POLE-2 (ruling ND6-9): the pole arm ``target`` has set against a charge this round that a charger
    arriving at ``arrival`` (next to it, in its front) runs onto; None when there is none or it is spent."""
    pole = _pole(target)
    mark_ = this_round(target, "set_vs_charge", battle)
    if (pole is None or not mark_ or mark_.get("used") or is_out(target) or is_down(target) or in_hth(target)
            or hex_distance(target.hex, arrival) != 1 or arc_of(target.hex, target.facing, arrival) != "front"):
        return None
    return pole


def pole_is_set(battle: Battle, f: Fighter) -> bool:
    """S3-POLE-2: ``f`` has set a pole arm against a charge this round and it has not struck yet (a badge on
    the token says so: under Xvfb nothing on the board showed which pole arm waited for a charger)."""
    mark_ = this_round(f, "set_vs_charge", battle)
    return bool(mark_) and not mark_.get("used") and _pole(f) is not None and not is_out(f) and not in_hth(f)


def before_charge(r: Resolution, charger: Fighter, target: Fighter) -> bool:
    """S3-POLE-2: a pole arm set against the charge strikes the charger first, +2 DX and double damage; False if
    the charger is out of the fight or down after it (the charge stops). Ruling ND6-9: from the front only."""
    battle = r.battle
    pole = set_pole(battle, target, charger.hex)
    if pole is None:
        return True
    mark(r, target, "set_vs_charge", used=True)
    mark(r, target, "acted")  # the set weapon's blow is the setter's attack this round
    r.note(E.message(f"{target.label}'s {item(pole).get('name', pole)} is set against {charger.label}'s charge: it "
                     "strikes first.", actor=target.id, rule="S3-POLE-2"))
    plan = plan_attack(battle, target, charger, pole, label="set against the charge")
    plan.rule = "S3-POLE-2"
    plan.spec.rule = plan.rule  # the roll cites the rule that calls for it
    plan.spec.add(2, "pole arm set against the charge", "S3-POLE-2")
    plan.multipliers.append((2, "pole arm set against the charge", "S3-POLE-2"))
    resolve_attack(r, plan)
    return not (is_out(charger) or is_down(charger))


def _steps(hexes: list[Hex]) -> list[int | None]:
    return [direction_between(a, b) for a, b in zip(hexes, hexes[1:], strict=False)]


def charge_effects(battle: Battle, plan: Any, charger: Fighter, path: list[Any]) -> None:
    """S3-POLE-1: a pole arm charging with its last three steps in one direction does double damage.

    (S3-BAYONET-3's doubling is :func:`adjust_plan`'s, for any bayonet attack after 3+ hexes.)
    """
    if not plan.item or not has_tag(plan.item, "pole"):
        return
    moved = this_round(charger, "moved", battle)
    walked = [Hex(*h) for h in moved.get("path", [])] if moved else []
    hexes = walked if walked and walked[-1] == charger.hex else [Hex(*h) for h in path]
    steps = _steps(hexes)[-3:]
    if len(steps) == 3 and steps[0] is not None and len(set(steps)) == 1:
        plan.multipliers.append((2, "pole arm charge, the last three hexes straight", "S3-POLE-1"))


# -- jabs --------------------------------------------------------------------------------------------------------------

def jab_hexes(h: Hex, facing: int) -> dict[Hex, Hex | None]:
    """S3-POLE-3/4 (JAB_GEOMETRY turned to ``facing``): target hex -> the hex between that must be empty, or None."""
    out: dict[Hex, Hex | None] = {}
    for _name, turn, needs_empty in JAB_GEOMETRY:
        d = (facing + turn) % 6
        out[hex_add(h, hex_scale(hex_neighbor(Hex(0, 0), d), 2))] = hex_neighbor(h, d) if needs_empty else None
    return out


def _moved_too_far(battle: Battle, f: Fighter) -> Reason | None:
    if moved_this_round(battle, f) > mov(f) // 2 and not this_round(f, "charge", battle):
        return Reason(f"{f.label} moved more than half {f.their} MOV: no attack this round.", "G3-4")
    if this_round(f, "stood", battle):
        return Reason(f"{f.label} spent this round getting up.", "G3-8")
    return None


def _long(f: Fighter) -> str | None:
    return next((i for i in held(f) if has_tag(i, "long")), None)


@dataclass(frozen=True, slots=True)
class Jab(Nd6Action):
    """Jab a foe two hexes away with a long pole weapon (S3-POLE-3/4); never a charge, never a damage bonus."""

    type: ClassVar[str] = "jab"
    title: ClassVar[str] = "Jab"
    rule: ClassVar[str] = "S3-POLE-3"
    target: str = ""

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        t = battle.get(self.target)
        why = check_target(battle, f, t, self.target)
        if why or t is None:
            return why
        pole = _long(f)
        if pole is None:
            return Reason(f"{f.label} holds no long pole weapon to jab with.", "S3-POLE-3")
        if in_hth(f) or is_down(f):
            return Reason(f"{f.label} must be on {f.their} feet and out of any brawl to jab.", "S3-POLE-3")
        if this_round(f, "charge", battle):
            return Reason("A pole weapon's charge attack cannot be a jab.", "S3-POLE-5")
        zone = jab_hexes(f.hex, f.facing)
        if t.hex not in zone:
            return Reason(f"{t.label} is not two hexes straight beyond one of {f.label}'s front hexes.", "S3-POLE-3")
        between = zone[t.hex]
        if between is not None and any(o.hex == between and "dead" not in o.conditions for o in battle.fighters):
            return Reason(f"A figure stands between {f.label} and {t.label}: no jab straight ahead.", "S3-POLE-4")
        return weapon_reason(battle, f, pole) or _moved_too_far(battle, f)

    def plan(self, battle: Battle, f: Fighter) -> Any:
        t = battle.fighter(self.target)
        plan = plan_attack(battle, f, t, _long(f), label="jab")
        plan.rule = "S3-POLE-3"
        plan.spec.rule = plan.rule  # the roll cites the rule that calls for it
        plan.no_bonus = True  # S3-POLE-6: no double or triple damage, no multiplier
        return plan

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        resolve_attack(r, self.plan(r.battle, f))


# -- sweeps ------------------------------------------------------------------------------------------------------------

def _sweeper(f: Fighter) -> str | None:
    """S3-SWEEP-1: a two-handed cutting weapon in hand."""
    return next((i for i in held(f) if has_tag(i, "cutting") and has_tag(i, "two_handed")), None)


def sweep_zone(battle: Battle, f: Fighter) -> list[Fighter]:
    """S3-SWEEP-2: the foes next to ``f`` in its front hexes, and in its side hexes too at Martial Arts 4+."""
    arcs = ("front", "side") if ma_level(f) >= 4 else ("front",)
    return [o for o in foes(battle, f)
            if hex_distance(f.hex, o.hex) == 1 and arc_of(f.hex, f.facing, o.hex) in arcs]


@dataclass(frozen=True, slots=True)
class Sweep(Nd6Action):
    """Sweep a two-handed cutting weapon through every foe in the threat zone: one roll each at -4 (G3-20)."""

    type: ClassVar[str] = "sweep"
    title: ClassVar[str] = "Sweep"
    rule: ClassVar[str] = "S3-SWEEP-1"

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        w = _sweeper(f)
        if w is None:
            return Reason(f"{f.label} holds no two-handed cutting weapon to sweep with.", "S3-SWEEP-1")
        if in_hth(f):
            return Reason(f"{f.label} is in hand-to-hand: no room to sweep.", "S3-HTH-8")
        if not sweep_zone(battle, f):
            return Reason(f"No foe stands in {f.label}'s threat zone.", "S3-SWEEP-2")
        return weapon_reason(battle, f, w) or _moved_too_far(battle, f)

    def plans(self, battle: Battle, f: Fighter) -> list[Any]:
        w = _sweeper(f)
        out = []
        for t in sweep_zone(battle, f):
            plan = plan_attack(battle, f, t, w, label="sweep")
            plan.rule = "S3-SWEEP-3"
            plan.spec.rule = plan.rule  # the roll cites the rule that calls for it
            plan.spec.add(SPECIAL_PENALTY, "sweep attack", "S3-SWEEP-3")
            out.append(plan)
        return out

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        w = _sweeper(f)
        for t in sweep_zone(r.battle, f):  # G3-20: one roll per foe, in battle order
            if w not in f.hands.values() or is_out(f) or is_out(t):
                break  # a dropped or broken weapon ends the sweep
            plan = plan_attack(r.battle, f, t, w, label="sweep")
            plan.rule = "S3-SWEEP-3"
            plan.spec.rule = plan.rule  # the roll cites the rule that calls for it
            plan.spec.add(SPECIAL_PENALTY, "sweep attack", "S3-SWEEP-3")
            resolve_attack(r, plan)


# -- the staff ---------------------------------------------------------------------------------------------------------

def _staff(f: Fighter) -> str | None:
    return next((i for i in held(f) if has_tag(i, "staff")), None)


def _droppable(t: Fighter) -> str | None:
    """The weapon a disarm knocks away: the first held weapon that can leave the hand (S3-IMPROV-9)."""
    return next((i for i in held(t) if item(i).get("kind") not in ("armour", "gear") and not has_tag(i, "no_drop")),
                None)


@dataclass(frozen=True, slots=True)
class _StaffSpecial(Nd6Action):
    """A staff's special attack: -4 DX to hit, no damage; a hit makes the defender save or suffer the effect."""

    target: str = ""
    label: ClassVar[str] = ""
    save_stat: ClassVar[str] = "DX"

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        t = battle.get(self.target)
        why = check_target(battle, f, t, self.target)
        if why or t is None:
            return why
        staff = _staff(f)
        if staff is None:
            return Reason(f"{f.label} holds no staff.", self.rule)
        if in_hth(f) or hex_distance(f.hex, t.hex) != 1:
            return Reason(f"{t.label} is not next to {f.label}.", "G3-4")
        return weapon_reason(battle, f, staff) or self._more(battle, f, t) or _moved_too_far(battle, f)

    def _more(self, battle: Battle, f: Fighter, t: Fighter) -> Reason | None:
        return None

    def plan(self, battle: Battle, f: Fighter) -> Any:
        plan = plan_attack(battle, f, battle.fighter(self.target), _staff(f), label=self.label)
        plan.rule = self.rule
        plan.spec.rule = plan.rule  # the roll cites the rule that calls for it
        plan.spec.add(SPECIAL_PENALTY, self.label, self.rule)
        return plan

    def save_target(self, battle: Battle, t: Fighter) -> int:
        # G3-18: saves are made against the adjusted attribute (eDX; eST = current ST)
        return edx(battle, t) if self.save_stat == "DX" else est(t)

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        battle = r.battle
        t = battle.fighter(self.target)
        plan = self.plan(battle, f)
        if plan.auto_hit:
            r.note(E.message(f"{f.label}'s {self.label} on {t.label} hits automatically: it is subdued.",
                             actor=f.id, rule=plan.auto_hit))
            roll: dict[str, Any] = {"success": True}
        else:
            roll = rolls.attack_roll(r.dice, plan.spec)
            roll["target_id"] = t.id
            r.note(roll)
        if not roll["success"]:
            _fumble(r, f, plan, roll.get("auto"))
            return
        # the staff's special attacks do no damage: the hit only calls for the defender's save (S3-STAFF-4/5)
        spec = RollSpec(actor=t.id, label=f"resist the {self.label}: 3d6 vs {self.save_stat}",
                        base=self.save_target(battle, t), rule=self.rule, dice=3)
        save = r.note(rolls.save_roll(r.dice, spec))
        if not save["success"]:
            self.effect(r, f, t)

    def effect(self, r: Resolution, f: Fighter, t: Fighter) -> None:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class StaffDisarm(_StaffSpecial):
    """S3-STAFF-4: at -4 DX; on a hit the defender rolls 3d6 vs DX or drops its weapon. No damage."""

    type: ClassVar[str] = "staff_disarm"
    title: ClassVar[str] = "Staff disarm"
    rule: ClassVar[str] = "S3-STAFF-4"
    label: ClassVar[str] = "staff disarm"
    save_stat: ClassVar[str] = "DX"

    def _more(self, battle: Battle, f: Fighter, t: Fighter) -> Reason | None:
        if _droppable(t) is None:
            return Reason(f"{t.label} holds no weapon that can be knocked away.", "S3-STAFF-4")
        return None

    def effect(self, r: Resolution, f: Fighter, t: Fighter) -> None:
        w = _droppable(t)
        if w is None:
            return
        let_fall(r, t, w, action="dropped", rule="S3-STAFF-4")
        r.note(E.message(f"{f.label}'s staff knocks {t.label}'s {item(w).get('name', w)} from {t.their} hands.",
                         actor=f.id, rule="S3-STAFF-4"))


@dataclass(frozen=True, slots=True)
class StaffTrip(_StaffSpecial):
    """S3-STAFF-5: at -4 DX; on a hit the defender rolls 3d6 vs ST or falls. No damage."""

    type: ClassVar[str] = "staff_trip"
    title: ClassVar[str] = "Staff trip"
    rule: ClassVar[str] = "S3-STAFF-5"
    label: ClassVar[str] = "staff trip"
    save_stat: ClassVar[str] = "ST"

    def _more(self, battle: Battle, f: Fighter, t: Fighter) -> Reason | None:
        if is_down(t):
            return Reason(f"{t.label} is already on the ground.", "S3-STAFF-5")
        return None

    def effect(self, r: Resolution, f: Fighter, t: Fighter) -> None:
        if not is_down(t):
            r.emit(E.posture(t.id, "prone", actor=f.id, rule="S3-STAFF-5"))
            r.note(E.message(f"{f.label}'s staff trips {t.label}: it falls.", actor=f.id, rule="S3-STAFF-5"))


# -- setting a pole arm, fitting a bayonet ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SetVsCharge(Nd6Action):
    """S3-POLE-2: set the pole arm for this round: a foe charging in from the front is struck first."""

    type: ClassVar[str] = "set_vs_charge"
    title: ClassVar[str] = "Set pole arm against a charge"
    rule: ClassVar[str] = "S3-POLE-2"

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        pole = _pole(f)
        if pole is None:
            return Reason(f"{f.label} holds no pole arm to set.", "S3-POLE-2")
        if in_hth(f) or is_down(f):
            return Reason(f"{f.label} must be on {f.their} feet and out of any brawl to set {f.their} pole arm.", "S3-POLE-2")
        if this_round(f, "set_vs_charge", battle):
            return Reason(f"{f.label}'s pole arm is already set this round.", "S3-POLE-2")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        mark(r, f, "set_vs_charge")
        if phase_of(r.battle) == "movement":
            mark(r, f, "moved", hexes=0)  # it stands to receive the charge
            mark(r, f, "acted")  # like defending (G3-4), setting the weapon is the round's one option
        r.note(E.message(f"{f.label} sets {f.their} {item(_pole(f)).get('name', 'pole arm')} against a charge.",
                         actor=f.id, rule="S3-POLE-2"))


@dataclass(frozen=True, slots=True)
class FitBayonet(Nd6Action):
    """S3-BAYONET-1: fit a carried knife to the rifle in hand, one turn's action (ruling ND6-10)."""

    type: ClassVar[str] = "fit_bayonet"
    title: ClassVar[str] = "Fit bayonet"
    rule: ClassVar[str] = "S3-BAYONET-1"

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        rifle = next((i for i in held(f) if i in BAYONET_MOUNTS), None)
        if rifle is None:
            return Reason(f"{f.label} holds no rifle a bayonet fits on.", "S3-BAYONET-1")
        if "knife" not in f.items:
            return Reason(f"{f.label} carries no knife to fit.", "S3-BAYONET-1")
        if in_hth(f):
            return Reason(f"{f.label} is in hand-to-hand.", "S3-HTH-8")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        rifle = next(i for i in held(f) if i in BAYONET_MOUNTS)
        items = list(f.items)
        items.remove("knife")
        r.emit(E.stat(f.id, "items", items, rule="S3-BAYONET-1"))
        r.emit(E.stat(f.id, "hands", {h: ("rifle_bayonet" if i == rifle else i) for h, i in f.hands.items()},
                      rule="S3-BAYONET-1"))
        r.note(E.message(f"{f.label} fits {f.their} knife to {f.their} {item(rifle).get('name', rifle)} as a bayonet.",
                         actor=f.id, rule="S3-BAYONET-1"))


#: the weapon actions, added to the ruleset's table
ACTIONS: tuple[type[Action], ...] = (Jab, Sweep, StaffDisarm, StaffTrip, SetVsCharge, FitBayonet)


def options(battle: Battle, f: Fighter) -> list[Action]:
    """Candidate weapon actions of ``f`` now (legal or not: the ruleset checks each)."""
    out: list[Action] = []
    phase = phase_of(battle)
    if _pole(f) is not None and phase in (None, "movement", "action"):
        out.append(SetVsCharge(actor=f.id))
    if phase not in (None, "action"):
        return out
    if _long(f) is not None:
        zone = jab_hexes(f.hex, f.facing)
        out.extend(Jab(actor=f.id, target=o.id) for o in foes(battle, f) if o.hex in zone)
    if _sweeper(f) is not None and sweep_zone(battle, f):
        out.append(Sweep(actor=f.id))
    if _staff(f) is not None:
        for o in foes(battle, f):
            if hex_distance(f.hex, o.hex) == 1:
                out.append(StaffTrip(actor=f.id, target=o.id))
                if _droppable(o) is not None:
                    out.append(StaffDisarm(actor=f.id, target=o.id))
    if "knife" in f.items and any(i in BAYONET_MOUNTS for i in held(f)):
        out.append(FitBayonet(actor=f.id))
    return out


def odds(battle: Battle, action: Action) -> dict[str, float] | None:
    """Jab: an attack's odds; sweep: ``hit`` = at least one foe hit; staff specials add ``down``/``disarmed``."""
    f = battle.get(action.actor)
    if f is None or not isinstance(action, (Jab, Sweep, _StaffSpecial)):
        return None
    if isinstance(action, Jab):
        t = battle.get(action.target)
        return attack_odds(action.plan(battle, f)) if t is not None and _long(f) else {}
    if isinstance(action, Sweep):
        if _sweeper(f) is None:
            return {}
        miss_all = 1.0
        for plan in action.plans(battle, f):
            miss_all *= 1.0 - attack_odds(plan)["hit"]
        return {"hit": 1.0 - miss_all, "miss": miss_all}
    t = battle.get(action.target)
    if t is None or _staff(f) is None:
        return {}
    out = attack_odds(action.plan(battle, f))
    fail = 1.0 - rolls.save_odds(3, action.save_target(battle, t))
    out["down" if isinstance(action, StaffTrip) else "disarmed"] = out["hit"] * fail
    return out


for _name, _fn in (("adjust_plan", adjust_plan), ("after_roll", after_roll), ("stun_save", stun_save),
                   ("weapon_reason", weapon_reason), ("reach_reason", reach_reason), ("thrown", thrown),
                   ("before_charge", before_charge), ("charge_effects", charge_effects)):
    add_hook(_name, _fn)  # the attack's moments and the attack and charge actions ask these (combat.HOOK_NAMES)
