"""One attack, from the roll to the injury: the plan (what the roll and the damage will be) and its play.

An attack is planned first (:func:`plan_attack`) and played second (:func:`resolve_attack`), so the menu's odds,
the computer opponent and the roll itself read one :class:`AttackPlan`; the special attacks (jab, sweep, charge,
set weapon, staff, HTH) change the plan, never the play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.hexgrid import hex_distance
from game.rules import events as E
from game.rules.base import Reason, no_fighter
from game.rules.common import RollSpec
from game.rules.nd6 import damage as D
from game.rules.nd6 import rolls
from game.rules.nd6.items import has_tag, item
from game.rules.nd6.ranges import range_mod
from game.rules.nd6.status import (
    MASTER,
    arc_from,
    armour,
    edx_mods,
    in_hth,
    is_down,
    is_out,
    ma_level,
    skill,
    st_full,
    st_now,
)

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["AttackPlan", "plan_attack", "resolve_attack", "weapon_damage", "apply_hits", "defence_of",
           "attack_odds", "damage_rolled", "lacks_sword_skill", "can_defend_against", "HOOK_NAMES", "add_hook", "hook"]

#: the moments of an attack a weapon's or a fight's own module rules on, each filled in by that module as it
#: loads (weapons: adjust_plan, after_roll, stun_save, and for the attack and charge actions weapon_reason,
#: reach_reason, thrown, before_charge, charge_effects; hth: after_miss, struck_member, after_out; fire:
#: after_fire_hit; shotgun: armour_bonus; flamer: after_hit; ranged: is_shot, shot_reason, shoot; autofire, for
#: ranged: auto_reason, bursts, stream). Those modules
#: sit above this one and ``actions`` (they import them at load), so neither imports them back in a function.
HOOK_NAMES: tuple[str, ...] = ("adjust_plan", "after_roll", "stun_save", "after_miss", "struck_member", "after_out",
                               "after_fire_hit", "armour_bonus", "after_hit", "weapon_reason", "reach_reason",
                               "thrown", "before_charge", "charge_effects", "is_shot", "shot_reason", "shoot",
                               "auto_reason", "bursts", "stream")
_HOOKS: dict[str, Callable[..., Any]] = {}


def add_hook(name: str, fn: Callable[..., Any]) -> None:
    """Called once per moment by the module that rules on it, as it loads (see :data:`HOOK_NAMES`)."""
    if name not in HOOK_NAMES:
        raise ValueError(f"no attack moment {name!r} (known: {', '.join(HOOK_NAMES)})")
    _HOOKS[name] = fn


def hook(name: str) -> Callable[..., Any]:
    """The function that rules on the attack moment ``name`` (for ``actions``: the attack and the charge; for
    ``ranged``: automatic fire)."""
    return _HOOKS[name]


@dataclass
class AttackPlan:
    """Everything one attack roll and its damage need, built before any die is rolled."""

    attacker: str
    target: str
    item: str | None
    spec: RollSpec
    damage: D.Dmg
    #: what the damage expression was read from, for the breakdown ("ST 12 table, HTH column")
    damage_note: str
    rule: str = "G3-1"
    #: damage multipliers beyond the roll's own (charge with a pole arm, set weapon, bayonet): (k, reason, rule)
    multipliers: list[tuple[int, str, str]] = field(default_factory=list)
    #: a jab never gets a damage bonus, the roll's double/triple included (S3-POLE-6)
    no_bonus: bool = False
    #: attacks on a subdued foe need no roll (S3-SUBDUE-5)
    auto_hit: str = ""
    hth: bool = False
    defense: str = "none"
    #: a stun weapon's save follows any injury (S3-STUN-1)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ndice(self) -> int:
        return self.spec.dice


#: the unarmed table's columns as the seed heads them (S3-UNARMED-3), for the damage breakdown
COLUMN_WORDS: dict[str, str] = {"base": "Damage", "hth": "HTH", "brass_hth": "brass knuckles (HTH)",
                                "club1": "one-handed club", "club2": "two-handed club / knife in HTH"}


def defence_of(battle: Battle, target: Fighter, declared: str | None) -> str:
    """``defend``/``dodge`` as the attack names it, else as the target declared it this round (G3-4)."""
    if declared is not None:
        return declared
    for cond in ("defending", "dodging"):
        if cond in target.conditions:
            return "defend" if cond == "defending" else "dodge"
    return "none"


def dice_against(target: Fighter, defense: str) -> tuple[int, list[str]]:
    """How many dice the attacker rolls (G3-1, S3-MA-6..8), with the reasons in words."""
    n, why = 3, []
    if defense in ("defend", "dodge"):
        n = 4
        why.append(f"{target.label} {'defends' if defense == 'defend' else 'dodges'}: 4d6 (G3-4)")
    level = ma_level(target)
    if level >= MASTER:
        if defense == "dodge":
            n = 5
            why.append(f"{target.label} is a Martial Arts Master dodging: 5d6 (S3-MA-8)")
        elif defense == "defend":
            n = 5
            why.append(f"{target.label} is a Martial Arts Master defending: 5d6 (S3-MA-6)")
        else:
            n = max(n, 4)
            why.append(f"{target.label} is a Martial Arts Master: 4d6 (S3-MA-7)")
    elif level >= 4 and defense == "defend":
        n = 5
        why.append(f"{target.label} defends with Martial Arts 4: 5d6 (S3-MA-6)")
    return n, why


def lacks_sword_skill(f: Fighter, weapon: str | None) -> bool:
    """S3-SWORD-1: "They require the Sword skill": a plasma or monofilament sword (the swords that break what
    parries them) is no weapon at all in the hands of a fighter without it: it neither strikes nor parries
    (ruling ND6-12). Other swords need no skill."""
    return weapon is not None and has_tag(weapon, "sword") and has_tag(weapon, "breaks_parry") \
        and not skill(f, "sword")


def can_defend_against(f: Fighter, weapon: str | None) -> bool:
    """Whether ``f``'s declared defence holds against a blow with ``weapon`` (None: bare hands) (ruling ND6-5).

    S3-MA-4 gives Martial Arts 3 "the ability to defend bare handed against all weapons": so bare hands
    defend against a weapon only from Martial Arts 3 up, and anyone may defend bare-handed against an unarmed
    blow. Against a weapon the defender needs something in hand to parry with: a melee weapon it may use, a
    shield or a staff."""
    if weapon is None or ma_level(f) >= 3:
        return True
    return any(h and not lacks_sword_skill(f, h) and (item(h).get("kind") == "melee" or has_tag(h, "shield")
                                                       or has_tag(h, "defend")) for h in f.hands.values())


def weapon_damage(f: Fighter, weapon: str | None, *, hth: bool) -> tuple[D.Dmg, str]:
    """The damage expression of a blow and where it comes from (S3-UNARMED-3..7, S3-MA-2..4, G3-30)."""
    st = st_full(f)
    if weapon is None:
        column = "hth" if hth else "base"
        d = D.unarmed_table(st, column)
        note = f"bare hands, ST {st} row, {'HTH' if hth else 'Damage'} column (S3-UNARMED-{'4' if hth else '3'})"
        level = ma_level(f)
        if level:
            bonus = min(level, 3)  # G3-30: level 4 and the Master keep level 3's +3
            before, d = d, d.plus(bonus)
            note += f", +{bonus} Martial Arts {level if level < MASTER else 'Master'} (S3-MA-{min(level, 4) + 1 if level < 4 else 4})"
            note += f"; {before} +{bonus} steps = {d} (S3-DMG-1)"  # the progression step, for the breakdown
        return d, note
    data = item(weapon)
    if hth and data.get("hth_damage"):
        spec = data["hth_damage"]
    else:  # a rifle's bayonet thrust is its melee use (S3-BAYONET-2); its shot is ``damage``
        spec = data.get("melee_damage") or data.get("damage", "1d6")
    if isinstance(spec, str) and spec.startswith("st:"):
        column = spec[3:]
        d = D.unarmed_table(st, column)
        note = f"{data.get('name', weapon)}, ST {st} row, {COLUMN_WORDS.get(column, column)} column (S3-UNARMED-3)"
    else:
        d = D.parse(str(spec))
        note = f"{data.get('name', weapon)}: {d}"
    if has_tag(weapon, "fire"):
        before, d = d, d.plus(2)
        note += f", +2 burning (S3-FIRE-2); {before} +2 steps = {d} (S3-DMG-1)"
    return d, note


def _skill_mods(f: Fighter, weapon: str | None, spec: RollSpec) -> None:
    if weapon is None:
        return
    data = item(weapon)
    if data.get("dx"):
        spec.add(int(data["dx"]), f"{data.get('name', weapon)} is unwieldy", "S3-IMPROV-10")
    if has_tag(weapon, "sword") and skill(f, "fencing"):
        spec.add(1, "Fencing", "G3-11")  # S3-SWORD-1: Fencing enhances a sword; the +1 is G3-11's house figure
    need = int(data.get("st", 0) or 0)
    if need and st_full(f) < need and data.get("kind") in ("missile",):
        spec.add(st_full(f) - need, f"ST {st_full(f)} below the {need} it needs", "S3-AUTO-4")


def plan_attack(battle: Battle, attacker: Fighter, target: Fighter, weapon: str | None, *,
                defense: str | None = None, label: str = "attack") -> AttackPlan:
    """The roll and the damage of ``attacker`` hitting ``target`` with ``weapon`` (None = bare hands)."""
    hth = in_hth(attacker) and in_hth(target) and attacker.hex == target.hex
    dfn = defence_of(battle, target, defense)
    void = []
    if dfn == "defend" and not can_defend_against(target, weapon):
        # ruling ND6-5: a defence declared bare-handed meets an unarmed blow only (S3-MA-4)
        dfn = "none"
        void.append(f"{target.label} defends bare-handed: no defence against a weapon below Martial Arts 3 "
                    "(S3-MA-4)")
    n, why = dice_against(target, dfn)
    why = void + why
    spec = RollSpec(actor=attacker.id, label=f"{label}: DX", base=int(attacker.stats.get("DX", attacker.stats.get("DEX", 10))),
                    rule="G3-1", dice=n)
    spec.modifiers.extend(edx_mods(battle, attacker))
    _skill_mods(attacker, weapon, spec)
    if hth:
        spec.add(4, "both in the same hand-to-hand", "S3-HTH-16")
    elif in_hth(target):
        if weapon is None or item(weapon).get("kind") == "melee":
            spec.add(4, "striking into a hand-to-hand from outside", "S3-HTH-17")
    else:
        arc = arc_from(battle, target, attacker.hex)
        if is_down(target):
            spec.add(4, f"{target.label} is on the ground: as if from the rear", "G3-5")
        elif arc == "side":
            spec.add(2, "from the side", "G3-5")
        elif arc == "rear":
            spec.add(4, "from the rear", "G3-5")
    if is_down(attacker) and not hth:
        spec.add(-4, "attacking from the ground", "G3-8")
    far = None if hth else range_mod(weapon, attacker.hex, target.hex)  # G3-12, S3-ENERGY-5: a shot's range
    if far is not None:
        spec.modifiers.append(far)
    dmg, note = weapon_damage(attacker, weapon, hth=hth)
    plan = AttackPlan(attacker=attacker.id, target=target.id, item=weapon, spec=spec, damage=dmg, damage_note=note,
                      hth=hth, defense=dfn)
    plan.extra["dice_why"] = why
    if "subdued" in target.conditions:
        plan.auto_hit = "S3-SUBDUE-5"
    _HOOKS["adjust_plan"](battle, plan, attacker, target, weapon)  # S3-IMPROV-4/5/7, S3-BAYONET-2/3: the weapon's own use
    return plan


def attack_odds(plan: AttackPlan) -> dict[str, float]:
    """Exact chances of the plan's roll: ``hit``, ``miss``, ``double``, ``triple``, ``drop``, ``break``."""
    if plan.auto_hit:
        return {"hit": 1.0, "miss": 0.0}
    return dict(rolls.attack_odds(plan.ndice, plan.spec.target))


def damage_rolled(r: Resolution, plan: AttackPlan, mult: int, why: list[str]) -> tuple[int, list[int]]:
    """Roll the plan's damage, times the multipliers (S3-BAYONET-3: they multiply together)."""
    faces, hits = D.roll(r.dice, plan.damage, f"damage: {plan.damage}", plan.rule)
    divide = int(plan.extra.get("divide", 1) or 1)  # S3-SHOTGUN-8: half damage past a shell's effective range
    if divide > 1:
        why.append(str(plan.extra.get("divide_why", f"/{divide}")))
    return hits * mult // divide, faces


def resolve_attack(r: Resolution, plan: AttackPlan) -> dict[str, Any]:
    """Roll, then damage, armour, injury and what follows; returns ``{"hit", "roll", "injury", "hits"}``."""
    battle = r.battle
    a, t = battle.fighter(plan.attacker), battle.fighter(plan.target)
    why = plan.extra.get("dice_why", [])
    if plan.auto_hit:
        because = plan.extra.get("auto_why", "it is subdued")  # S3-HTH-13 gives its own reason
        r.note(E.message(f"{a.label}'s attack on {t.label} hits automatically: {because}.", actor=a.id,
                         rule=plan.auto_hit))
        roll: dict[str, Any] = {"success": True, "auto": "hit"}
    else:
        roll = rolls.attack_roll(r.dice, plan.spec)
        roll["target_id"] = t.id
        if why:
            roll["dice_why"] = list(why)
        r.note(roll)
    _HOOKS["after_roll"](r, plan, roll)  # S3-SWORD-5/6: a parry against these swords; S3-IMPROV-7: a thrown object leaves the hand
    out: dict[str, Any] = {"hit": bool(roll["success"]), "roll": roll, "injury": 0, "hits": 0}
    auto = roll.get("auto")
    if not roll["success"]:
        _fumble(r, a, plan, auto)
        if in_hth(t) and not plan.extra.get("no_avoid"):
            _HOOKS["after_miss"](r, plan)
        return out
    if in_hth(t) and not plan.hth and not plan.extra.get("no_avoid"):
        t = _HOOKS["struck_member"](r, plan, t)  # S3-HTH-20: a shot or a throw into a brawl strikes a brawler at random
    mult, reasons = 1, []
    if not plan.no_bonus:
        if auto in ("triple", "double"):
            k = 3 if auto == "triple" else 2
            mult *= k
            reasons.append(f"x{k}: rolled {roll['total']} (G3-1)")
        for k, reason, rule in plan.multipliers:
            mult *= k
            reasons.append(f"x{k}: {reason} ({rule})")
    hits, faces = damage_rolled(r, plan, mult, reasons)
    out["hits"] = hits
    out["injury"] = apply_hits(r, a, t, hits, faces=faces, plan=plan, reasons=reasons)
    if plan.item and has_tag(plan.item, "fire"):
        _HOOKS["after_fire_hit"](r, a, t, plan.item)  # S3-FIRE-3: a flaming weapon may light a fuel-soaked target
    if plan.item and has_tag(plan.item, "fragile"):
        _breaks(r, a, plan.item)
    return out


def _fumble(r: Resolution, a: Fighter, plan: AttackPlan, auto: str | None) -> None:
    """G3-1 drop/break results; bare hands hurt the attacker instead (S3-UNARMED-9)."""
    if auto not in ("drop", "break"):
        return
    if plan.item is None:
        faces, hits = D.roll(r.dice, D.Dmg(1, 0), "fumbled blow: 1d6 to self", "S3-UNARMED-9")
        apply_hits(r, a, a, hits, faces=faces, plan=None, reasons=[], rule="S3-UNARMED-9", dtype="crushing")
        return
    if has_tag(plan.item, "no_drop"):
        r.note(E.message(f"{a.label}'s brass knuckles cannot be dropped.", actor=a.id, rule="S3-IMPROV-9"))
        return
    if auto == "drop":
        let_fall(r, a, plan.item, action="dropped", rule="G3-1")
    elif _is_shot(r.battle, a, plan):
        # S3-AUTO-24: a firearm's "broken weapon" is a jam: it stays in hand and cannot fire until cleared
        jammed = list(a.counters.get("jammed") or ())
        if plan.item not in jammed:
            r.emit(E.stat(a.id, "counters.jammed", [*jammed, plan.item], rule="S3-AUTO-24"))
        r.note(E.message(f"{a.label}'s {item(plan.item).get('name', plan.item)} jams.", actor=a.id, rule="S3-AUTO-24"))
    else:
        let_fall(r, a, plan.item, action="lost", rule="G3-1")
        r.note(E.message(f"{a.label}'s {item(plan.item).get('name', plan.item)} breaks.", actor=a.id, rule="G3-1"))


def _is_shot(battle: Battle, a: Fighter, plan: AttackPlan) -> bool:
    """A firearm fired (S3-AUTO-24's jam), not swung as a club (S3-IMPROV-4) nor thrust with its bayonet (ND6-14)."""
    if plan.item is None or not has_tag(plan.item, "firearm") or plan.extra.get("club"):
        return False
    t = battle.fighter(plan.target)
    return not (has_tag(plan.item, "bayonet") and hex_distance(a.hex, t.hex) <= 1)


def let_fall(r: Resolution, f: Fighter, what: str, *, action: str, rule: str, hand: str | None = None) -> None:
    """``f`` drops (or loses) ``what``: one item event, and a two-handed weapon leaves the other hand too (G3-1)."""
    r.emit(E.item(f.id, what, action=action, hand=hand, rule=rule))
    if what in f.hands.values():
        r.emit(E.stat(f.id, "hands", {h: (None if i == what else i) for h, i in f.hands.items()}, rule=rule))


def _breaks(r: Resolution, a: Fighter, weapon: str) -> None:
    """S3-IMPROV-10: a fragile improvised weapon (a bottle, a chair) breaks on the blow that lands."""
    if weapon not in a.hands.values():
        return
    into = item(weapon).get("breaks_into")
    hand = next(h for h, i in a.hands.items() if i == weapon)
    let_fall(r, a, weapon, action="lost", hand=hand, rule="S3-IMPROV-10")
    if into:
        r.emit(E.item(a.id, into, action="readied", hand=hand, rule="S3-IMPROV-6"))
    r.note(E.message(f"{a.label}'s {item(weapon).get('name', weapon)} breaks"
                     + (f" and leaves a {item(into).get('name', into)}." if into else "."), actor=a.id,
                     rule="S3-IMPROV-10"))


def apply_hits(r: Resolution, a: Fighter, t: Fighter, hits: int, *, faces: list[int] | None = None,
               plan: AttackPlan | None = None, reasons: list[str] | None = None, rule: str = "G3-6",
               dtype: str | None = None, stops: int | None = None) -> int:
    """Armour stops hits (G3-6), the rest comes off ST; then the wound rules (G3-7, S3-AUTO-16)."""
    stop = armour(t)["stops"] if stops is None else stops
    if stops is None and plan is not None and plan.extra.get("ammo"):
        stop += _HOOKS["armour_bonus"](t, plan)  # S3-SHOTGUN-9: Full Body Armor stops twice as much birdshot and buckshot
    if a.id == t.id and plan is None and stops is None:
        stop = 0  # S3-UNARMED-9: one's own fist, inside one's armour (fire hits pass their own ``stops``)
    injury = max(0, hits - stop)
    before = st_now(t)
    extra: dict[str, Any] = {}
    if plan is not None:
        extra["damage_roll"] = {"expr": str(plan.damage), "faces": list(faces or []), "from": plan.damage_note,
                                "multipliers": list(reasons or [])}
        if plan.extra.get("progression"):
            extra["damage_roll"]["progression"] = plan.extra["progression"]
    # G3-6: nd6 has no hit locations: the blow lands on the "body" (as d20's), never the default "torso"
    r.emit(E.damage(a.id, t.id, hits, dtype=dtype or _dtype(plan), location="body", dr=min(stop, hits), injury=injury,
                    rule=plan.rule if plan is not None and rule == "G3-6" else rule, **extra))
    if injury:
        wounds(r, t, injury, before)
    if plan is not None:
        _HOOKS["after_hit"](r, a, t, hits)  # S3-FLAMER-10/11, G3-28: a flame thrower's tank hit from the rear may ignite
    if plan is not None and plan.item is None and ma_level(a) >= MASTER and hits >= 3:
        _critical_area(r, a, t)
    if plan is not None and plan.item and has_tag(plan.item, "stun") and injury >= 1:
        _HOOKS["stun_save"](r, a, t)
    return injury


def _dtype(plan: AttackPlan | None) -> str:
    """S3-DMG-6: a punch is bludgeoning; a weapon does its own kind."""
    if plan is None or plan.item is None:
        return "crushing"
    if has_tag(plan.item, "cutting") or has_tag(plan.item, "knife") or has_tag(plan.item, "sword"):
        return "cutting"
    return str(item(plan.item).get("damage_type", "crushing"))


def _critical_area(r: Resolution, a: Fighter, t: Fighter) -> None:
    """S3-MA-9 with G3-29: a Master's bare-handed blow of 3+ hits (before armour) makes the foe drop its weapon."""
    for hand, held in list(t.hands.items()):
        if held and item(held).get("kind") not in ("armour",) and not has_tag(held, "no_drop"):
            let_fall(r, t, held, action="dropped", hand=hand, rule="S3-MA-9")
            r.note(E.message(f"{a.label} strikes a critical spot: {t.label} drops {t.their} {item(held).get('name', held)}.",
                             actor=a.id, rule="S3-MA-9"))
            return


def wounds(r: Resolution, t: Fighter, injury: int, before: int) -> None:
    """G3-7: 5+ hits in a turn -2 DX next action; 8+ falls (S3-AUTO-16); ST 0 unconscious, below 0 dead."""
    battle = r.battle
    took = t.counters.get("took")
    total = injury + (int(took.get("hits", 0)) if isinstance(took, dict) and took.get("round") == battle.round else 0)
    r.emit(E.stat(t.id, "counters.took", {"round": battle.round, "hits": total}))
    now = st_now(t)
    if now < 0 and "dead" not in t.conditions:
        r.emit(E.condition(t.id, add="dead", rule="G3-7"))
        _let_go(r, t)
        return
    if now == 0 and "unconscious" not in t.conditions:
        r.emit(E.condition(t.id, add="unconscious", rule="G3-7"))
        _let_go(r, t)
        return
    if total >= 5 and not (isinstance(took, dict) and took.get("round") == battle.round and int(took.get("hits", 0)) >= 5):
        r.emit(E.stat(t.id, "counters.hurt", {"pending": True, "round": battle.round}, rule="G3-7"))
    if total >= 8 and not is_down(t):
        r.emit(E.posture(t.id, "prone", rule="S3-AUTO-16"))
        r.note(E.message(f"{t.label} has taken {total} hits this turn and falls.", actor=t.id, rule="S3-AUTO-16"))


def _let_go(r: Resolution, t: Fighter) -> None:
    """An unconscious or dead fighter holds nothing and leaves a brawl it was in (G3-9, G3-17)."""
    if is_out(t) and t.posture != "prone":
        r.emit(E.posture(t.id, "prone", rule="G3-7"))
    for cond in ("defending", "dodging", "subdued", "stunned"):
        if cond in t.conditions:
            r.emit(E.condition(t.id, remove=cond))
    _HOOKS["after_out"](r, t)


def check_target(battle: Battle, a: Fighter, t: Fighter | None, target_id: str) -> Reason | None:
    if t is None:
        return no_fighter(target_id)
    if t.id == a.id:
        return Reason("A fighter cannot attack itself.", "G3-4")
    if is_out(t):
        return Reason(f"{t.label} is already out of the fight.", "G3-7")
    return None
