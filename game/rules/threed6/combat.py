"""Attack, defence, damage and what injury does, for the 3d6 rulesets (G0-5, G0-6, G0-7).

Seed 000 leans on the whole GURPS combat core without stating it; these are
the conventional rules GAPS.md proposes, so their modifiers say "house rule".
Rulesets call these through their hooks (``ThreeD6Lite``); ``3d6-full``
reuses them for strangle and wrench damage.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.hexgrid import Hex, arc_of
from game.rules import events as E
from game.rules.common import Mod, RollSpec, roll_under
from game.rules.threed6 import stats as S
from game.rules.threed6.status import (
    gripped_parts,
    grips_by,
    hands_in_grips,
    is_grappled,
    is_helpless,
    is_out,
)

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution
    from game.rules.threed6.lite import ThreeD6Lite

__all__ = [
    "AttackInfo", "Defense", "defense_options", "best_defense", "roll_defense", "no_defense_reason", "attack_skill",
    "roll_damage", "apply_injury", "fall_unconscious", "collapse", "consciousness_check", "WOUNDING",
]


@dataclass(slots=True)
class AttackInfo:
    """What the defender needs to know about an incoming attack."""

    attacker: str
    kind: str = "strike"  # "strike" or "grapple"
    weapon: str | None = None  # item id, or None for a body attack (punch, kick, bite, grapple)
    label: str = "attack"
    #: the hex the attack comes from when a step took the attacker into the defender's hex (ruling L-1)
    origin: Hex | None = None


@dataclass(slots=True)
class Defense:
    """One active defence a defender could use now, with its full explanation."""

    kind: str  # dodge, parry, block
    base: int
    label: str
    rule: str
    modifiers: list[Mod] = field(default_factory=list)
    hand: str | None = None
    #: a grip (holder, target) that parrying with this limb ends (S0-MUTUAL-3)
    releases: tuple[str, str] | None = None

    @property
    def target(self) -> int:
        return self.base + sum(m.value for m in self.modifiers)

    def spec(self, actor: str) -> RollSpec:
        return RollSpec(actor, self.label, self.base, self.rule, list(self.modifiers))


def attack_skill(f: Fighter, weapon: str) -> tuple[int, str]:
    """(level, name) to hit with an item id or a natural attack (``punch``, ``kick``, ``bite``)."""
    nat = S.NATURAL_ATTACKS.get(weapon)
    if nat is not None:
        best = (S.stat(f, "DX"), "DX")
        for s in nat["skills"]:
            if s in f.skills and int(f.skills[s]) > best[0]:
                best = (int(f.skills[s]), s)
        return best
    item = S.ITEMS[weapon]
    return S.skill_level(f, item["skill"], item.get("default"))


def _arc(d: Fighter, a: Fighter, att: AttackInfo) -> str:
    """The arc the attack comes from: a step into the defender's hex keeps the arc it came from (ruling L-1)."""
    return arc_of(d.hex, d.facing, att.origin if att.origin is not None else a.hex)


def _shared_defense_mods(rs: ThreeD6Lite, battle: Battle, d: Fighter, a: Fighter, arc: str) -> list[Mod]:
    """Modifiers every defence of ``d`` against ``a`` shares: posture, side hex, stun, feint, shield DB."""
    mods: list[Mod] = []
    pm = S.POSTURE_DEFENSE.get(d.posture, 0)
    if pm:
        mods.append(Mod(pm, f"house rule: defending while {d.posture}", "G0-8"))
    if arc == "side":
        mods.append(Mod(-2, "house rule: attack from the side hex", "G0-5"))
    if "stunned" in d.conditions:
        mods.append(Mod(-4, "house rule: stunned", "G0-7"))
    feint = a.counters.get("feint")
    if feint and feint.get("target") == d.id and feint.get("penalty"):
        mods.append(Mod(-int(feint["penalty"]), f"house rule: {a.label}'s feint", "G0-4"))
    for hand, it in d.hands.items():
        if it and S.ITEMS.get(it, {}).get("kind") == "shield" and not rs.item_is_grabbed(battle, d, hand):
            mods.append(Mod(S.ITEMS[it]["db"], "house rule: shield Defense Bonus", "G0-5"))
            break
    return mods


def _kind_defense_mods(rs: ThreeD6Lite, battle: Battle, d: Fighter, a: Fighter, kind: str, shared: list[Mod],
                       held: bool, aod: str | None) -> list[Mod]:
    mods: list[Mod] = []
    if held:
        m = rs.held_defense_penalty(battle, d, kind)
        if m:
            mods.append(m)
    mods.extend(shared)
    if aod == kind:
        mods.append(Mod(2, "house rule: All-Out Defense", "G0-4"))
    # Optional variant hook: defence modifiers that depend on who attacks (3d6-full: S2-ARMLOCK-17).
    extra = getattr(rs, "defense_modifiers", None)
    if extra is not None:
        mods.extend(extra(battle, d, a, kind))
    return mods


def defense_options(rs: ThreeD6Lite, battle: Battle, d: Fighter, att: AttackInfo) -> list[Defense]:
    """Every active defence ``d`` may use against ``att`` now ([] = none: rear, helpless, All-Out Attack)."""
    a = battle.fighter(att.attacker)
    if is_helpless(battle, d):
        return []
    if E.has_effect(battle, d.id, "all_out_attack"):
        return []
    arc = _arc(d, a, att)
    if arc == "rear":
        return []
    shared = _shared_defense_mods(rs, battle, d, a, arc)
    held = is_grappled(battle, d.id)
    eff = E.has_effect(battle, d.id, "all_out_defense")
    aod = eff.get("data", {}).get("defense", "dodge") if eff else None
    out: list[Defense] = []
    # Dodge (G0-5): floor(Basic Speed) + 3, halved (round up) below 1/3 HP (G0-7).
    dodge = math.floor(S.basic_speed(d)) + 3
    if S.current_hp(d) * 3 < S.hp_max(d):
        dodge = -(-dodge // 2)
    out.append(Defense("dodge", dodge, "dodge", "G0-5", _kind_defense_mods(rs, battle, d, a, "dodge", shared, held, aod)))
    parry_mods = _kind_defense_mods(rs, battle, d, a, "parry", shared, held, aod)
    parts = gripped_parts(battle, d.id)
    in_grips = hands_in_grips(battle, d.id)
    seen_unarmed = False
    for hand, held in d.hands.items():
        if hand in d.crippled or not rs.limb_usable(battle, d, hand, parts):
            continue
        if held is not None:
            item = S.ITEMS.get(held)
            if item is None or rs.item_is_grabbed(battle, d, hand):
                continue
            if item["kind"] == "shield":
                lvl, name = S.skill_level(d, "Shield", item.get("default"))
                out.append(Defense("block", 3 + lvl // 2, f"block ({name} {lvl})", "G0-5",
                                   _kind_defense_mods(rs, battle, d, a, "block", shared, held, aod), hand=hand))
            elif item.get("parry") is not None:
                lvl, name = S.skill_level(d, item["skill"], item.get("default"))
                mods = list(parry_mods)
                if item["parry"]:
                    mods.insert(0, Mod(item["parry"], f"house rule: {item['name']} parries at {item['parry']:+d}",
                                       "G0-5"))
                out.append(Defense("parry", 3 + lvl // 2, f"parry with {item['name']} ({name} {lvl})", "G0-5",
                                   mods, hand=hand))
            continue
        releases = None
        if hand in in_grips:
            if rs.holding_limb_parry != "release":
                continue
            g = next(g for g in grips_by(battle, d.id) if hand in g.hand_names)
            releases = (g.holder, g.target)
        elif seen_unarmed:
            continue
        else:
            seen_unarmed = True
        lvl, name = S.stat(d, "DX"), "DX"
        for s in S.UNARMED_PARRY_SKILLS:
            if s in d.skills and int(d.skills[s]) > lvl:
                lvl, name = int(d.skills[s]), s
        mods = list(parry_mods)
        if att.weapon is not None and not ({"Judo", "Karate"} & set(d.skills)):
            mods.insert(0, Mod(-3, "house rule: bare-handed parry against a weapon", "G0-5"))
        label = f"parry bare-handed ({name} {lvl})"
        rule = "G0-5"
        if releases:
            label += f", letting go of {releases[1]}"
            rule = rs.cite("S0-MUTUAL-3")
        out.append(Defense("parry", 3 + lvl // 2, label, rule, mods, hand=hand, releases=releases))
    return out


def best_defense(options: list[Defense]) -> Defense | None:
    """The sensible defender's choice: the highest target; on a tie, one that keeps its grips."""
    best: Defense | None = None
    for o in options:
        if best is None or o.target > best.target or (o.target == best.target and best.releases and not o.releases):
            best = o
    return best


def roll_defense(r: Resolution, rs: ThreeD6Lite, d: Fighter, att: AttackInfo, choice: str | None) -> bool:
    """Roll the defender's active defence; True if the attack is defended. Emits the events."""
    options = defense_options(rs, r.battle, d, att)
    if choice == "none":
        r.note(E.message(f"{d.label} does not defend", actor=d.id))
        return False
    if choice is not None:
        options = [o for o in options if o.kind == choice]
    pick = best_defense(options)
    if pick is None:
        why, rule = no_defense_reason(rs, r.battle, d, att, choice)
        r.note(E.message(f"{d.label} has no active defence ({why})", actor=d.id, rule=rule))
        return False
    if pick.releases:
        r.emit(E.grapple_end(pick.releases[0], pick.releases[1], why="parried with the holding hand",
                             rule=rs.cite("S0-MUTUAL-3")))
    ev = r.note(roll_under(r.dice, pick.spec(d.id)))
    # Optional variant hook after a successful parry (3d6-full: an arm lock may follow, S2-ARMLOCK-2).
    on_parry = getattr(rs, "on_parry", None)
    if ev["success"] and pick.kind == "parry" and on_parry is not None:
        on_parry(r, d, r.battle.fighter(att.attacker), pick, att)
    return bool(ev["success"])


def no_defense_reason(rs: ThreeD6Lite, battle: Battle, d: Fighter, att: AttackInfo,
                      choice: str | None = None) -> tuple[str, str]:
    """Why ``d`` has no active defence (of kind ``choice`` if named) against ``att``: (why, rule ID).

    One answer for the check (``ThreeD6Lite.defense_choice_reason``, the choke's
    own) and the event ``roll_defense`` writes, so a refusal and a roll never
    cite different rules.
    """
    a = battle.fighter(att.attacker)
    if is_out(d):
        return "unconscious", "G0-7"
    if is_helpless(battle, d):
        return "helpless: pinned", rs.cite("S0-PIN-6")
    if E.has_effect(battle, d.id, "all_out_attack"):
        return "house rule: no defence after an All-Out Attack", "G0-4"
    if _arc(d, a, att) == "rear":
        return "house rule: attacked from the rear hex", "G0-5"
    if choice == "parry" and rs.holding_limb_parry != "release":
        # S2-ARMS-1: an arm committed to grappling makes no unarmed parry until it lets go.
        holding = [h for h in hands_in_grips(battle, d.id) if d.hands.get(h) is None and h not in d.crippled]
        if holding:
            held = sorted({g.target for g in grips_by(battle, d.id) if set(g.hand_names) & set(holding)})
            who = ", ".join(battle.fighter(t).label for t in held)
            return (f"an arm holding {who} cannot parry bare-handed until it lets go",
                    rs.cite("S0-MUTUAL-3"))
    return "no usable defence", "G0-5"


# -- damage ------------------------------------------------------------------------------------------
#: G0-6 wounding modifiers by damage type; by location where it changes them.
WOUNDING = {"crushing": 1.0, "cutting": 1.5, "impaling": 2.0}
_NECK = {"crushing": 1.5, "cutting": 2.0, "impaling": 2.0}


def roll_damage(r: Resolution, rs: ThreeD6Lite, attacker: Fighter, target: Fighter, spec: tuple[str, int, str],
                location: str, *, label: str, extra_adds: int = 0, rule: str = "G0-6",
                dr: int | None = None, limb: str | None = None) -> int:
    """Roll damage (``spec`` = (thr/sw, adds, type)), apply DR and wounding; emits roll + damage. Returns injury."""
    base, adds, dtype = spec
    n, a = S.damage_dice(S.stat(attacker, "ST"), base, adds + extra_adds)
    faces = r.dice.roll(n, 6, f"{label} damage", rule)
    rolled = max(sum(faces) + a, 0)
    r.note({"type": "roll", "actor": attacker.id, "label": f"{label} damage ({S.dice_text((n, a))} {dtype})",
            "rule": rule, "dice": faces, "total": rolled, "base": sum(faces), "modifiers":
            [Mod(a, "damage adds", rule).to_dict()] if a else [], "damage": True})
    return deal_damage(r, rs, attacker.id, target, rolled, dtype, location, rule=rule, dr=dr, limb=limb)


def deal_damage(r: Resolution, rs: ThreeD6Lite, actor: str, target: Fighter, amount: int, dtype: str,
                location: str, *, rule: str = "G0-6", dr: int | None = None, limb: str | None = None) -> int:
    """DR, wounding modifier (G0-6) and the injury's consequences (G0-7). Returns the injury."""
    dr = target.dr if dr is None else dr
    through = max(amount - dr, 0)
    mult = (_NECK if location == "neck" else WOUNDING).get(dtype, 1.0)
    injury = math.floor(through * mult)
    if through > 0 and injury == 0 and dtype != "crushing":
        injury = 1
    r.emit(E.damage(actor, target.id, amount, dtype=dtype, location=location, dr=dr, injury=injury, rule=rule,
                    wounding=mult))
    if injury > 0:
        apply_injury(r, rs, target, injury, location=location, limb=limb)
    return injury


def apply_injury(r: Resolution, rs: ThreeD6Lite, f: Fighter, injury: int, *, location: str = "torso",
                 limb: str | None = None, hp_before: int | None = None) -> None:
    """G0-7 after the HP are already lost: shock, major wound, death checks, crippling (G2-5)."""
    battle = r.battle
    hp_max = S.hp_max(f)
    now = S.current_hp(f)
    before = now + injury if hp_before is None else hp_before
    shock = min(injury, 4)
    old = E.has_effect(battle, f.id, "shock")
    if old:
        shock = min(4, shock + int(old.get("data", {}).get("penalty", 0)))
        r.emit(E.effect_end(f.id, "shock"))
    r.emit(E.effect_start(f.id, "shock", until="end_of_turn", data={"penalty": shock}, rule="G0-7"))
    if is_out(f):
        return
    # Death: at -5xHP dead; crossing -1xHP, -2xHP, ... roll HT or die.
    if now <= -5 * hp_max:
        _die(r, f, "house rule: reduced to -5xHP")
        return
    for k in range(1, 5):
        if before > -k * hp_max >= now:
            ev = r.note(roll_under(r.dice, RollSpec(f.id, f"HT to survive at -{k}xHP", S.stat(f, "HT"), "G0-7")))
            if not ev["success"]:
                _die(r, f, f"house rule: failed the HT roll at -{k}xHP")
                return
    if location in ("arm", "leg", "hand", "foot") and limb:
        threshold = hp_max / 2 if location in ("arm", "leg") else hp_max / 3
        key = limb if location in ("arm", "hand") else f"{limb}_leg"
        if injury > threshold and key not in f.crippled:
            r.emit(E.stat(f.id, "crippled", [*f.crippled, key], rule="G2-5"))
            if location in ("arm", "hand") and f.hands.get(limb):
                r.emit(E.item(f.id, f.hands[limb], action="dropped", hand=limb, rule="G2-5"))
    if injury * 2 > hp_max:
        ev = r.note(roll_under(r.dice, RollSpec(f.id, "HT against a major wound", S.stat(f, "HT"), "G0-7")))
        if not ev["success"]:
            if ev.get("critical") == "failure" or ev["margin"] <= -5:
                fall_unconscious(r, rs, f, "house rule: major wound, failed HT by 5 or more")
            else:
                if "stunned" not in f.conditions:
                    r.emit(E.condition(f.id, add="stunned", rule="G0-7"))
                if f.posture != "prone":
                    r.emit(E.posture(f.id, "prone", rule="G0-7"))


def _die(r: Resolution, f: Fighter, why: str) -> None:
    r.note(E.message(f"{f.label} dies ({why})", actor=f.id, rule="G0-7"))
    collapse(r, f)
    r.emit(E.condition(f.id, add="dead", rule="G0-7"))


def fall_unconscious(r: Resolution, rs: ThreeD6Lite, f: Fighter, why: str) -> None:
    """G0-7: falls prone, drops what it holds, lets go (S0-BREAK-8); stays out for the battle."""
    r.note(E.message(f"{f.label} falls unconscious ({why})", actor=f.id, rule="G0-7"))
    collapse(r, f)
    r.emit(E.condition(f.id, add="unconscious", rule="G0-7"))


def collapse(r: Resolution, f: Fighter) -> None:
    """G0-7, S0-BREAK-8: what going out does: its grips end, it lies prone, drops what it holds, its effects and
    stun end. Also run before a situation's first action for a fighter the file gives as out."""
    battle = r.battle
    rs_cite = r.rules.cite  # type: ignore[union-attr]  # a 3d6 resolution carries its ruleset
    for g in list(grips_by(battle, f.id)):
        r.emit(E.grapple_end(g.holder, g.target, why=f"{f.label} is out", rule=rs_cite("S0-BREAK-8")))
    if f.posture != "prone":
        r.emit(E.posture(f.id, "prone", rule="G0-7"))
    for hand, held in list(f.hands.items()):
        if held is not None:
            r.emit(E.item(f.id, held, action="dropped", hand=hand, rule="G0-7"))
    for eff in [e for e in battle.effects if e["fighter"] == f.id]:
        r.emit(E.effect_end(f.id, eff["kind"]))
    if "stunned" in f.conditions:
        r.emit(E.condition(f.id, remove="stunned", rule="G0-7"))


def consciousness_check(r: Resolution, f: Fighter) -> bool:
    """G0-7: at 0 HP or less, roll HT (-1 per full multiple of HP below zero) or fall unconscious."""
    hp = S.current_hp(f)
    if hp > 0 or is_out(f):
        return True
    hp_max = S.hp_max(f)
    spec = RollSpec(f.id, "HT to stay conscious at 0 HP or less", S.stat(f, "HT"), "G0-7")
    multiples = (-hp) // max(1, hp_max)  # a fighter of 0 max HP (ST 0 in a situation) counts 1 a multiple
    spec.add(-multiples, "house rule: per full multiple of HP below zero", "G0-7")
    ev = r.note(roll_under(r.dice, spec))
    if not ev["success"]:
        fall_unconscious(r, r.rules, f, "house rule: failed HT at 0 HP or less")
        return False
    return True


def shock_penalty(battle: Battle, f: Fighter) -> int:
    eff = E.has_effect(battle, f.id, "shock")
    return int(eff.get("data", {}).get("penalty", 0)) if eff else 0
