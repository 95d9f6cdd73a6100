"""The 3d6 rulesets' own hover words (issue 18): what each maneuver does and costs, in our words, with IDs.

Filled over :func:`game.rules.action_words.generic_words` (which reads the
odds): ``does`` and ``costs`` per action type, what a grip on each location
opens, the two-hand bonus against a break free, and the HT roll a fighter at
0 HP or less makes before acting (G0-7), put first among the rolls and
counted in the chance of the whole. IDs are cited as the lighter rules number
them; the detailed rules read them through their ``rule_map``.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from game import dice as D
from game.rules.action_words import ActionWords, dice_spread, generic_words, target_name, with_words
from game.rules.threed6 import stats as S

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Action, Ruleset

__all__ = ["words", "rolls_before", "base_words", "DOES", "COSTS", "OPENS", "OPTION_WORDS"]

_ID = re.compile(r"\bS0-[A-Z]+-\d+\b")

#: an All-Out Attack's ``option`` -> what it does, for its hover (``game.rules.action_words.option_words``)
OPTION_WORDS: dict[str, str] = {
    "determined": "Determined: +4 to hit; no defence for you until your next turn (G0-4).",
    "strong": "Strong: +2 damage; no defence for you until your next turn (G0-4).",
}

#: action type -> what it does ({foe}: the target's name)
DOES: dict[str, str] = {
    "attack": "Strike {foe} once; {foe} may dodge, parry or block (G0-5).",
    "all_out_attack": "Strike {foe} with everything: +4 to hit (or a stronger blow), no defence for you (G0-4).",
    "move_and_attack": "Step and strike {foe} on the way, at a penalty to hit (G0-4).",
    "grapple": "Seize {foe}: an attack roll at the grip's location penalty; {foe} may defend (S0-GRAB-1, S0-GRAB-8).",
    "break_free": "Try to end the grip on you: a Quick Contest of ST with the holder (S0-BREAK-3).",
    "takedown": "Throw {foe} to the ground: a Quick Contest of the best of ST, DX or grappling skill "
                "(S0-TAKEDOWN-2), held DX and skill at -4 (S0-HOLD-1). Win: {foe} lies in your hex (S0-TAKEDOWN-5).",
    "pin": "Pin {foe}, lying and held by the torso: a Regular Contest of ST; win and {foe} is helpless (S0-PIN-6).",
    "strangle": "Squeeze {foe}'s neck or head: the margin of victory is dealt as crushing damage (S0-LOC-5).",
    "choke_hold": "A two-handed hold from behind: {foe} loses 1 FP every turn until it breaks free (S2-CHOKE-8).",
    "arm_lock": "Catch the arm that just struck you: an attack roll with Judo or Wrestling (S2-ARMLOCK-4).",
    "arm_lock_damage": "Hurt the locked arm: the margin of a Quick Contest as crushing damage (S2-ARMLOCK-11).",
    "wrench_limb": "Wrench the held neck or limb: your swing damage, crushing, if you win the contest (S2-WRENCH-4).",
    "force_drop": "Make {foe} drop the weapon in the arm you hold: a Regular Contest of ST (S0-LOC-3).",
    "wrestle_weapon": "Wrench away the weapon you hold: a Regular Contest of ST; win and it is yours (S0-ITEM-5).",
    "feint": "Fake an attack: a Quick Contest of skill; your margin comes off {foe}'s next defence (G0-4).",
    "all_out_defense": "Do nothing but defend: +2 to every defence until your next turn (G0-4).",
    "evaluate": "Study {foe}: +1 to your next attack on it (G0-4).",
    "aim": "Aim a ranged weapon: its accuracy is added to the next shot (G0-4).",
    "release": "Let go of the grip (S0-FREE-1).",
    "drag": "Move, hauling the held foe along as weight (S0-FREE-2).",
    "bite": "Bite {foe}: an unarmed attack, possible even with both hands busy (S0-HAND-2).",
}

#: action type -> what it costs
COSTS: dict[str, str] = {
    "attack": "Your turn's maneuver; you keep your defences.",
    "all_out_attack": "Your whole turn, and no defence at all until your next turn (G0-4).",
    "move_and_attack": "Your turn's maneuver: -4 to hit and skill at most 9; you keep every active defence "
                       "(G0-4).",
    "grapple": "An attack (S0-REQ-3): your turn's maneuver; an all-out grab gives up every defence.",
    "break_free": "Your turn's attack (S0-BREAK-1); lose or tie and the grip stays (S0-BREAK-10).",
    "takedown": "Your turn's attack; lose and you fall instead, and your grip ends (S0-TAKEDOWN-7).",
    "pin": "Your turn's attack; you must stay put to keep the pin (S0-PIN-7).",
    "choke_hold": "Both hands; {foe} may break free from their next turn, against +5 (S2-CHOKE-5).",
    "all_out_defense": "Your whole turn: no attack.",
    "release": "Free: your turn goes on; {foe} may walk away.",
    "feint": "Your turn's maneuver; nothing is struck.",
}

#: a grip's location -> what it opens later (lighter rules' IDs)
OPENS: dict[str, str] = {
    "torso": "holds {foe} at -4 DX (S0-HOLD-1); opens takedown and, once {foe} lies down, pin (S0-HOLD-5, S0-PIN-2)",
    "arm": "that arm can neither attack nor defend (S0-LOC-1); opens forcing its weapon down (S0-LOC-3)",
    "leg": "that leg is held (S0-LOC-1); opens a takedown with +3 (S0-LOC-4)",
    "head": "the head is held (S0-LOC-1); opens strangle (S0-LOC-5)",
    "neck": "the neck is held; opens strangle and, with both hands, a neck wrench (S2-LOC-13, S2-WRENCH-1)",
    "skull": "the head is held; opens strangle (S0-LOC-5)",
}


def _cite(ruleset: Ruleset, text: str) -> str:
    """The lighter rules' IDs as this ruleset numbers them (3d6-full restates S0 rules under S2 IDs)."""
    return _ID.sub(lambda m: ruleset.rule_map.get(m.group(0), m.group(0)), text)


def rolls_before(battle: Battle, action: Action) -> tuple[tuple[str, float], ...]:
    """G0-7 (ruling L-12): the HT roll a fighter at 0 HP or less makes before the maneuver, with its chance: the
    common words put it first among the rolls and count it in the whole, the menu's percentage included
    (:func:`game.rules.action_words.whole_chance`)."""
    p = _conscious(battle, action)
    return () if p is None else (("HT to stay conscious at 0 HP or less (G0-7)", p),)


#: a defence's skill in its label: "parry bare-handed (Wrestling 15)", "block (Shield 12)"
_SKILL = re.compile(r"\(([^()]*?) (-?\d+)\)")


def base_words(battle: Battle | None, roll: dict) -> str | None:
    """Where a 3d6 roll's base comes from, for the roll breakdown (G0-5): a parry or block is 3 + half the
    skill, a dodge 3 + Basic Speed (halved below 1/3 HP, G0-7), damage the dice before their adds (G0-6).
    None: the common words read it from the label (an HT roll's stat, a skill after the colon)."""
    label = str(roll.get("label") or "")
    kind = label.split(" ", 1)[0]
    skill = _SKILL.search(label)
    if kind in ("parry", "block") and skill:
        return f"{kind.capitalize()} = 3 + {skill.group(1)} {skill.group(2)} / 2, rounded down"
    if label == "dodge":
        f = battle.get(roll.get("actor")) if battle is not None else None
        if f is None:
            return "Dodge = 3 + Basic Speed, rounded down"
        bs = S.basic_speed(f)
        full = math.floor(bs) + 3
        if roll.get("base") == -(-full // 2) and roll.get("base") != full:
            return f"Dodge = (3 + Basic Speed {bs:g}, rounded down) / 2, rounded up: below 1/3 HP"
        return f"Dodge = 3 + Basic Speed {bs:g}, rounded down"
    if roll.get("damage"):
        m = re.search(r"\(([^()]*)\)$", label)
        return f"the damage dice{' of ' + m.group(1) if m else ''}, before their adds"
    return None


def _conscious(battle: Battle, action: Action) -> float | None:
    """G0-7: the chance to stay conscious before acting at 0 HP or less (None: no roll needed)."""
    actor = battle.get(getattr(action, "actor", None)) if battle is not None else None
    if actor is None or getattr(action, "free", False) or action.type == "do_nothing":
        return None
    hp = S.current_hp(actor)
    if hp > 0:
        return None
    multiples = (-hp) // max(1, S.hp_max(actor))
    return D.success_chance(S.stat(actor, "HT") - multiples)


def _damage(battle: Battle, action: Action) -> tuple[tuple[tuple[int, float], ...], str]:
    """A strike's damage before DR, as ``maneuvers.strike`` rolls it (G0-6): its spread and its label."""
    actor = battle.get(action.actor) if battle is not None else None
    name = getattr(action, "item", None) or "punch"
    nat = S.NATURAL_ATTACKS.get(name)
    item = nat if nat else S.ITEMS.get(name)
    if actor is None or not item or "damage" not in item:
        return (), ""
    base, adds, dtype = item["damage"]
    strong = action.type == "all_out_attack" and getattr(action, "option", "") == "strong"
    n, a = S.damage_dice(S.stat(actor, "ST"), base, adds + (2 if strong else 0))
    return dice_spread(n, 6, a), f"Damage if it hits: {S.dice_text((n, a))} {dtype}, before DR (G0-6)"


def words(ruleset: Ruleset, battle: Battle, action: Action) -> ActionWords:
    """The hover of one 3d6 action: the generic rolls and chart, with this ruleset's words over them."""
    base = generic_words(ruleset, battle, action)
    foe = target_name(battle, action)
    kind = action.type
    maneuver = getattr(action, "maneuver", None)
    does = DOES.get(kind, base.does)
    costs = COSTS.get(kind, base.costs)
    notes: list[str] = []
    if kind == "grapple":
        where = str(getattr(action, "location", "torso"))
        opens = OPENS.get(where)
        if opens is None and battle is not None:
            opens = "your hand is on the item: {foe} cannot use it while you hold it (S0-ITEM-2)"
        if opens:
            notes.append("Opens: " + opens + ".")
        if getattr(action, "hands", 1) >= 2:
            notes.append("Two hands: the holder gets +5 when {foe} tries to break free (S0-BREAK-4).")
        else:
            notes.append("One hand: {foe} breaks free more easily; a second hand would add +5 to hold on "
                         "(S0-BREAK-4).")
        if maneuver == "all_out_attack":
            costs = COSTS["all_out_attack"]
        notes.append("Then {foe} may try to break free on their turn (S0-BREAK-1).")
    elif kind == "break_free" and battle is not None:
        grip = next((g for g in battle.grapples if g.target == action.actor
                     and g.holder == getattr(action, "target", None)), None)
        if grip is not None and grip.kind == "pin":
            notes.append("{foe} pins you: it gets +" + ("10" if grip.hands >= 2 else "5")
                         + " (S0-BREAK-4, S0-BREAK-5); pinned, you may try only once every 10 turns (S0-BREAK-2).")
        elif grip is not None and grip.hands >= 2:
            notes.append("{foe} holds you with two hands: +5 to {foe} (S0-BREAK-4).")
        notes.append("Win and you are free, and may step away at once (S0-BREAK-7).")
    elif kind == "drag" and maneuver == "step":
        does = "Step one hex, hauling the held foe along as weight (S0-FREE-3)."
        costs = ("Free, but it is this turn's step: then an Attack, All-Out Attack or other maneuver with a step, "
                 "not a Move (S0-FREE-3, G0-4).")
    elif kind in ("attack", "all_out_attack") and getattr(action, "location", None) not in (None, "torso"):
        where = getattr(action, "location", None)
        notes.append(f"Aimed at the {where}: harder to hit, other injury (G0-6).")
    fill = {"foe": foe}
    p = _conscious(battle, action)  # G0-7's roll is already first among base.rolls and counted in base.whole
    damage, label = _damage(battle, action) if kind in ("attack", "all_out_attack", "move_and_attack") else ((), "")
    return with_words(base, damage=damage, damage_label=label, does=_cite(ruleset, does.format(**fill)), costs=_cite(ruleset, costs.format(**fill)),
                      notes=tuple(_cite(ruleset, n.format(**fill)) for n in notes),
                      rules=tuple(dict.fromkeys((*base.rules, *(["G0-7"] if p is not None else [])))))
