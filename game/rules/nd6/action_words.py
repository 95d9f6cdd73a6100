"""nd6-tactical's own hover words (issue 18): what its main actions do and cost, in our words, with IDs.

Filled over :func:`game.rules.action_words.generic_words` (rolls, the whole's
chance, the chart and the foe's side come from this ruleset's odds): ``does``,
``costs``, notes, and for a blow the spread of its damage before armour, read
from the same damage expression the attack rolls (``combat.weapon_damage``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.hexgrid import Hex
from game.rules.action_words import ActionWords, dice_spread, generic_words, target_name, with_words
from game.rules.nd6 import combat, flamer, ranged, status
from game.rules.nd6.autofire import SWEEP_PENALTY
from game.rules.nd6.combat import can_defend_against
from game.rules.nd6.effects import burning_at
from game.rules.nd6.items import item
from game.rules.nd6.status import mov, this_round
from game.rules.nd6.weapons import set_pole

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Action, Ruleset

__all__ = ["words", "DOES", "COSTS", "OPTION_WORDS"]

#: an option's value (a shot's fire ``mode``, a disarm's ``option``) -> what it does, for its hover
#: (``game.rules.action_words.option_words``)
OPTION_WORDS: dict[str, str] = {
    "single": "One shot, one roll to hit (S3-AUTO-1).",
    "semi": "Several single shots this turn, up to the weapon's first rate of fire, each rolled on its own "
            "(S3-AUTO-1, S3-AUTO-3).",
    "burst": "Three-round bursts, up to the weapon's second rate of fire (S3-AUTO-1, S3-AUTO-3).",
    "full_auto": "Fully automatic fire, up to the weapon's third rate of fire (S3-AUTO-1, S3-AUTO-3).",
    "take": "On a success the foe's weapon becomes your ready weapon (S3-DISARM-3).",
    "drop": "On a success the foe's weapon falls to the ground (S3-DISARM-3).",
}

#: action type -> what it does ({foe}: the target's name)
DOES: dict[str, str] = {
    "attack": "Strike or shoot {foe}: 3d6 (more dice if {foe} defends or dodges) under your adjusted DX (G3-1).",
    "charge": "Run at {foe} and strike at the end of the move (G3-4).",
    "hth": "Try to start hand-to-hand with {foe}: step into their hex; {foe} rolls 1d6 on the defender's table "
           "to see how it takes it (S3-HTH-7, S3-HTH-9).",
    "leave_hth": "Try to get out of the brawl (G3-9).",
    "knockdown": "Knock {foe} down: opposed rolls under effective ST, or DX +1 per Martial Arts level "
                 "(S3-KNOCK-2, S3-KNOCK-3); win and {foe} falls (S3-KNOCK-5).",
    "throw": "Throw {foe}: as a knockdown, and a win also moves {foe} one hex (S3-KNOCK-6).",
    "subdue": "Pin {foe} in the brawl: opposed rolls (S3-SUBDUE-2); win and {foe} can do nothing for two turns "
              "(S3-SUBDUE-3), attacks on it always hit (S3-SUBDUE-5).",
    "disarm": "Take or knock loose {foe}'s ready weapon: opposed rolls under ST (S3-DISARM-2).",
    "slam": "Body-charge {foe}: hit first, then {foe} rolls 3d6 under their ST or falls (S3-SLAM-2, S3-SLAM-3).",
    "sweep": "One swing at every foe in your threat zone, each rolled apart at -4 DX (S3-SWEEP-1, S3-SWEEP-3).",
    "burst": "A burst of rounds at {foe}: each round that hits does damage (S3-AUTO-8).",
    "full_auto": "Empty up to the gun's full rate at {foe} this turn (S3-AUTO-8).",
    "defend": "Defend: the attacks it covers roll 4 dice instead of 3 until your next turn (G3-4).",
    "dodge": "Dodge: the attacks it covers roll 4 dice instead of 3 until your next turn (G3-4).",
    "disengage": "Step back one hex out of the foe's reach (G3-4).",
    "throw_grenade": "Throw a grenade at a hex; it may scatter where it lands (S3-GRENADE-2, S3-GRENADE-4).",
}

#: action type -> what it costs
COSTS: dict[str, str] = {
    "attack": "Your action for the turn.",
    "charge": "Your move and your action; you rush in.",
    "hth": "Your attack for the turn (S3-HTH-6); on 7 or more {foe} gets a free hit on you (S3-HTH-13).",
    "knockdown": "Takes the place of your melee attack (S3-KNOCK-1).",
    "throw": "Takes the place of your melee attack (S3-KNOCK-1).",
    "subdue": "Your action; only inside a brawl (S3-SUBDUE-1).",
    "slam": "Your action; a miss does nothing.",
    "defend": "Your action: no attack this turn (G3-4).",
    "dodge": "Your action: no attack this turn (G3-4).",
    "burst": "Your action and the rounds fired; the gun may jam (S3-AUTO-24).",
    "full_auto": "Your action and every round fired; the gun may jam (S3-AUTO-24).",
}


def _set_pole_note(battle: Battle, action: Action) -> tuple[str, ...]:
    """S3-POLE-2: a charge that runs onto a pole arm set against it says so (seen under Xvfb: Hiro's charge on
    Brandt, whose pole arm was set, said nothing of it, and nothing on the board showed it)."""
    f, t = battle.get(getattr(action, "actor", "")), battle.get(getattr(action, "target", ""))
    if f is None or t is None:
        return ()
    if action.type == "attack":  # the blow of this round's charge at this foe, landing in the action phase
        charge = this_round(f, "charge", battle)
        if not charge or charge.get("target") != t.id or charge.get("done"):
            return ()
        arrival = f.hex
    else:
        path = getattr(action, "path", ()) or ()
        if not path:
            return ()
        arrival = Hex(*path[-1])
    pole = set_pole(battle, t, arrival)
    if pole is None:
        return ()
    return (f"{t.label}'s {item(pole).get('name', pole)} is set against a charge: it strikes you first, +2 DX and "
            "double damage (S3-POLE-2).",)


def _move_costs(ruleset: Ruleset, battle: Battle, action: Action) -> tuple[str, tuple[str, ...]] | None:
    """G3-4 for a walk: more than half the fighter's MOV in hexes walked leaves no attack this round (the
    play-through walked a whole side into contact, each 6 hexes of a MOV of 10, and none could strike).
    The costs in a sentence, and the short note the route's label on the map carries when no attack follows."""
    f = battle.get(action.actor)
    path = ruleset.move_path(battle, action)
    if f is None or not path:
        return None
    n, half = len(path), mov(f) // 2
    walk = f"{n} hex{'es' if n != 1 else ''}"
    fire, fire_note = _fire_on(battle, path)
    if n > half:
        note = "no attack this round" + (f", {fire_note}" if fire_note else "")
        return f"Your move: {walk}, more than half your MOV of {mov(f)} (G3-4).{fire}", (note,)
    return (f"Your move: {walk}, half your MOV of {mov(f)} or less: you may still attack this round (G3-4).{fire}",
            (fire_note,) if fire_note else ())


def _fire_on(battle: Battle, path: list[Any]) -> tuple[str, str]:
    """The burning hexes a walk enters (S3-FIRE-8/9/12, S3-GRENADE-12): a sentence for the hover and a short note
    for the route's label, or ("", ""). Under Xvfb Rook took a 3-hex route through burning liquid, unwarned, and
    was knocked out by it."""
    hot = [(h, e) for h in path if (e := burning_at(battle, h)) is not None]
    if not hot:
        return "", ""
    where = ", ".join(f"{e['kind'].replace('_', ' ')} at [{h.q}, {h.r}]" for h, e in hot)
    k = len(hot)
    return (f" It walks into fire ({where}): a 3d6 IQ roll to enter each burning hex, else it stops short, and "
            f"the fire's hits (S3-FIRE-8/9/12, S3-GRENADE-12)."), "into fire" + (f", {k} hexes" if k > 1 else "")


def _damage(battle: Battle, action: Action) -> tuple[tuple[int, float], ...]:
    """The spread of a blow's damage before armour (an attack or a charge with a known weapon): the damage the
    plan rolls, so a shotgun's shell (S3-SHOTGUN-5) and one shot of an energy split (S3-ENERGY-3: 2 x 3d6
    charted 6d6 under Xvfb) read as they roll."""
    if action.type == "attack":
        plan = _attack_plan(battle, action)
        if plan is not None and plan.damage.dice:
            return dice_spread(plan.damage.dice, 6, plan.damage.adds)
    actor = battle.get(action.actor) if battle is not None else None
    target = battle.get(getattr(action, "target", "")) if battle is not None else None
    if actor is None or target is None:
        return ()
    weapon = getattr(action, "item", "")
    weapon = status.ready_weapon(actor) if weapon == "" else weapon
    try:
        dmg, _ = combat.weapon_damage(actor, weapon, hth=status.in_hth(actor) and actor.hex == target.hex)
    except (KeyError, ValueError, TypeError):
        return ()  # an item without a damage expression (a gadget, a grenade): no chart
    return dice_spread(dmg.dice, 6, dmg.adds)


def _attack_plan(battle: Battle, action: Action) -> Any:
    """The plan the attack would roll with, built as the action builds it: a shot's (``ranged.shot_plan`` with
    a new target's penalty and the weapon modules' own adjustments: a shotgun's shell and ST, an energy split,
    S3-SHOTGUN-6, S3-ENERGY-3, G3-22) or a blow's (``combat.plan_attack``); None when it cannot be built."""
    actor = battle.get(action.actor) if battle is not None else None
    target = battle.get(getattr(action, "target", "")) if battle is not None else None
    if actor is None or target is None:
        return None
    weapon = getattr(action, "item", "")
    try:
        weapon = status.ready_weapon(actor) if weapon == "" else weapon
        defense = getattr(action, "defense", None)
        if action.type == "attack" and ranged.is_shot(battle, actor, target, weapon, getattr(action, "mode", None)):
            extra = [m for m in (ranged.switch_mod(battle, actor, target),) if m is not None]
            plan = ranged.shot_plan(battle, actor, target, weapon, extra_mods=extra, defense=defense)
            for fn in ranged.hook("adjust_shot"):
                fn(battle, plan, actor, target, action)
            return plan
        return combat.plan_attack(battle, actor, target, weapon, defense=defense)
    except (KeyError, ValueError, TypeError, AttributeError):
        return None


def _mods_words(spec: Any) -> str:
    """The roll's target built up in words: "DX 11, armour and shield -1, from the side +2"."""
    stat = spec.label.rsplit(":", 1)[-1].strip() or "DX"
    parts = [f"{stat} {spec.base}"] + [f"{m.reason} {m.value:+d}" for m in spec.modifiers if m.value]
    if spec.cap is not None and spec.target < spec.base + sum(m.value for m in spec.modifiers):
        parts.append(f"at most {spec.cap[0]}: {spec.cap[1]}")
    return ", ".join(parts)


def _attack_does(battle: Battle, action: Action, foe: str) -> str | None:
    """An attack's roll as it stands (seen under Xvfb: the hover said "3d6" for a 5d6 blow at a defending
    Master, and "adjusted DX 10" for a shotgun shot rolled under 0): how many dice under what adjusted DX, what
    it is made of (G3-1, G3-4, S3-MA-6..8, and each modifier with its reason), and why more than three dice."""
    plan = _attack_plan(battle, action)
    if plan is None:
        return None
    why = "; ".join(str(w) for w in plan.extra.get("dice_why") or [])
    return (f"Strike or shoot {foe}: {plan.spec.dice}d6 under your adjusted DX {plan.spec.target} (G3-1)"
            f" = {_mods_words(plan.spec)}" + (f" \u2014 {why}." if why else "."))


def _flame_does(battle: Battle, action: Action) -> str | None:
    """A flame burst's roll as it stands (S3-FLAMER-4: a missile weapon's roll; seen under Xvfb as a bare 26%
    with nothing saying it was DX 11 less full body armour's 3) and what a hit lays (S3-FLAMER-5)."""
    f = battle.get(action.actor) if battle is not None else None
    if f is None:
        return None
    try:
        aim, t = flamer.aim_of(battle, action)
        burst = getattr(action, "burst", "small")
        if aim is None or burst not in flamer.BURSTS:
            return None
        spec = flamer.aim_spec(battle, f, aim, t)
    except (KeyError, ValueError, TypeError, AttributeError):
        return None
    who = t.label if t is not None else f"({aim.q}, {aim.r})"
    return (f"A {burst} burst of burning oil at {who}: {spec.dice}d6 under your adjusted DX {spec.target} "
            f"(S3-FLAMER-4) = {_mods_words(spec)}; it sets {flamer.BURSTS[burst][0]} hexes on fire, on the aim "
            "on a hit, beside it on a miss (S3-FLAMER-5, S3-FLAMER-6).")


def _sweep_does(battle: Battle, action: Action) -> str:
    """A full-auto sweep (S3-AUTO-18..22, G3-20): across whom, in what order, at what cost, and whose odds the
    chart shows (the first's; the hover said "the foe" and "from 's side" under Xvfb)."""
    names = [battle.get(t).label if battle is not None and battle.get(t) is not None else t for t in action.targets]
    n = len(names)
    return (f"Sweep the stream across {', then '.join(names)} (S3-AUTO-18): every roll at {SWEEP_PENALTY * n} DX "
            f"({SWEEP_PENALTY} a target, G3-20); each takes up to its margin + 1 of the rounds still flying and "
            f"the rest go on, a round lost per hex between targets apart (S3-AUTO-22). The chances shown are "
            f"{names[0]}'s, the first.")


def _bare_defence_note(battle: Battle, action: Action) -> tuple[str, ...]:
    """Ruling ND6-5 (S3-MA-4): a defence with nothing to parry with holds against unarmed blows only."""
    f = battle.get(action.actor) if battle is not None else None
    if f is None or can_defend_against(f, "club"):  # a club stands for any weapon: something to parry it with
        return ()
    return ("Bare-handed, your defence holds only against unarmed blows: a weapon's attack still rolls 3 dice "
            "unless you have Martial Arts 3 (S3-MA-4).",)


def words(ruleset: Ruleset, battle: Battle, action: Action) -> ActionWords:
    """The hover of one nd6 action: the generic rolls and chart with this ruleset's words over them."""
    base = generic_words(ruleset, battle, action)
    fill = {"foe": target_name(battle, action)}
    does = DOES.get(action.type, base.does).format(**fill)
    if action.type == "attack":
        does = _attack_does(battle, action, fill["foe"]) or does
    elif action.type == "flame":
        does = _flame_does(battle, action) or does
    elif action.type == "full_auto" and len(getattr(action, "targets", None) or ()) > 1:
        does = _sweep_does(battle, action)
    costs = COSTS.get(action.type, base.costs).format(**fill)
    damage = _damage(battle, action) if action.type in ("attack", "charge") else ()
    shots = getattr(action, "shots", None) if isinstance(getattr(action, "dice", None), int) else None
    label = (f"Damage of each of the {shots} shots that hits, before armour (S3-ENERGY-3)" if shots and shots > 1
             else "Damage if it hits, before armour (G3-1)")
    notes = base.notes
    if action.type == "move":
        costs, notes = _move_costs(ruleset, battle, action) or (costs, notes)
    elif action.type in ("charge", "attack"):
        notes = (*notes, *_set_pole_note(battle, action))
    elif action.type == "defend":
        notes = (*notes, *_bare_defence_note(battle, action))
    out = with_words(base, does=does, costs=costs, damage=damage, damage_label=label if damage else "", notes=notes)
    odds = ruleset.odds(battle, action) if action.type in ("slam", "hth") else {}
    foe = fill["foe"]
    if action.type == "slam" and {"hit", "down"} <= set(odds):  # S3-SLAM-2, S3-SLAM-3: two rolls in a row
        hit, down = odds["hit"], odds["down"]
        out = with_words(out, rolls=(("your roll to hit succeeds", hit),
                                     (f"then {foe} fails their roll under ST", down / hit if hit else 0.0)),
                         whole=down, chart_kind="outcomes",
                         chart=(("foe knocked down", down), ("hit, foe stays up", hit - down), ("miss", 1 - hit)),
                         foe=((f"{foe} falls", down), (f"{foe} stays up", 1 - down)))
    elif action.type == "hth" and "enter" in odds:  # S3-HTH-9: the defender's 1d6 decides
        out = with_words(out, rolls=((f"{foe}'s 1d6 on the defender's table lets you in (4 or less, S3-HTH-11)",
                                      odds["enter"]),), whole=odds["enter"])
    return out
