"""d20's own hover words (issue 18): what its main actions do and cost, in our words, with IDs.

Filled over :func:`game.rules.action_words.generic_words` (rolls, the whole's
chance, the chart and the foe's side come from this ruleset's odds):
``does`` and ``costs``; a punch or kick adds the spread of its damage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.action_words import ActionWords, dice_spread, generic_words, target_name, with_words
from game.rules.d20.actions import is_thrown
from game.rules.d20.attack import in_melee, weapon_kind
from game.rules.d20.items import item

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Action, Ruleset

__all__ = ["words", "base_words", "DOES", "COSTS", "OPTION_WORDS"]

#: action type -> what it does ({foe}: the target's name)
DOES: dict[str, str] = {
    "attack": "Swing or shoot at {foe}: d20 plus bonuses against their armour class (S4-ATTACK-1).",
    "wrestle": "Grab hold of {foe}: a melee attack roll; a hit puts you in their hex, holding them (S4-WRESTLE-1, "
               "S4-WRESTLE-2). The hold lasts until you let go or {foe} gets out (S4-WRESTLE-3).",
    "escape": "Get out of the hold: a save vs Death Ray plus the better of your STR and DEX bonuses "
              "(S4-WRESTLE-4); then step next to the holder (S4-WRESTLE-5).",
    "trip": "Trip {foe}: a hit knocks it prone up to one hex away, your choice of direction (S4-TRIP-1).",
    "brawl": "Punch or kick {foe}: subduing damage, 1d3 (punch) or 1d4 at -2 (kick) (S4-BRAWL-1, S4-BRAWL-2).",
    "charge": "Run at {foe} and strike at the end of the run (S4-CHARGE-1).",
    "set_vs_charge": "Brace a spear or pole arm: double damage to a foe that charges you (S4-SET-1).",
    "defend": "Go on partial or total defence: parry attacks instead of striking (S4-PARRY-1).",
    "release": "Let go of the hold (S4-WRESTLE-6).",
    "move_opponent": "Move, hauling the held foe along (S4-HOLD-6).",
    "silence": "Keep the held foe quiet (S4-HOLD-2).",
    "shield_bash": "Bash {foe} with your shield (S4-BASH-1).",
}

#: an option's value (an attack's ``option``, a defence's ``mode``, a brawl's ``kind``, a holder's ``reaction``) ->
#: what it does, for its hover (``game.rules.action_words.option_words``)
OPTION_WORDS: dict[str, str] = {
    "subdue": "Strike with the flat of the blade: -4 to hit and half damage, subduing damage (S4-SUBDUE-1).",
    "two_weapon": "Strike with both weapons: the primary hand at -2, the off hand at -5, each less your DEX bonus "
                  "(never a bonus); the off-hand blow is rolled with the primary one (S4-TWOWEAPON-1, -2, -5).",
    "off_hand_only": "Strike with the off-hand weapon alone: -3, less your DEX bonus (S4-TWOWEAPON-6).",
    "careful": "Fire into a melee taking care not to hit a friend: -4 to hit, and a near miss never strays onto a "
               "friend fighting the target (S4-RANGED-2, S4-RANGED-3).",
    "lingering": "On a critical hit, a lingering injury instead of the extra damage: the target is at -2 to its "
                 "attack rolls from then on (S4-CRIT-5, house rule).",
    "staff_two": "Fight with the staff as two clubs: a 1d4 blow now at the two-weapon penalty, and a second 1d4 "
                 "blow one initiative number later (S4-STAFF-5, S4-STAFF-6).",
    "staff_second": "The staff's second club blow, one initiative number after the first: 1d4 at the two-weapon "
                    "penalty (S4-STAFF-6).",
    "partial": "Partial defence this round: -4 to your attack rolls, no more than your base move, and a parry "
               "roll when a melee blow hits you (S4-PARRY-2, S4-PARRY-4).",
    "total": "Total defence this round: no attacks, at most 5' of movement, and a parry at +4 against every melee "
             "blow that hits you, -1 for each after the first (S4-PARRY-3, S4-PARRY-6, S4-PARRY-11).",
    "off_hand": "Use the off-hand weapon as a shield this round: no two-weapon penalty on the primary, +1 AC "
                "against one melee attacker (S4-TWOWEAPON-7).",
    "staff": "Use the staff as a shield this round: +1 AC against every melee attacker, and no attacks of your "
             "own (S4-STAFF-3).",
    "punch": "A punch: 1d3 subduing damage (S4-BRAWL-1).",
    "kick": "A kick: 1d4 subduing damage, at -2 to hit (S4-BRAWL-2).",
    "reverse": "If the grab for the item fails, the one held rolls to hit at once, and a hit pins you "
               "(S4-ITEM-2).",
    "escape": "If the grab for the item fails, the one held slips free of your hold instead (S4-ITEM-3).",
}

#: action type -> what it costs
COSTS: dict[str, str] = {
    "attack": "Your attack this round.",
    "wrestle": "Your attack this round; {foe} may try to get out on their next action (S4-WRESTLE-4).",
    "escape": "Your action this round.",
    "trip": "Your attack this round.",
    "brawl": "Your attack this round.",
    "charge": "Your move and attack: at least 10' and at most twice your move (S4-CHARGE-2).",
    "defend": "No attack this round: the parry is the benefit (S4-PARRY-15).",
    "release": "Free: your turn goes on (S4-WRESTLE-6).",
}


def base_words(battle: Battle | None, roll: dict) -> str | None:
    """Where a d20 roll's base (added to the d20) comes from, for the roll breakdown: an attack's, a critical
    confirmation's and a parry's are the fighter's attack bonus (S4-ATTACK-1, S4-CRIT-2, S4-PARRY-4). None: the
    common words read it from the label."""
    label = str(roll.get("label") or "")
    if roll.get("dc") is not None and (label == "parry" or label == "critical confirmation" or " attacks " in label
                                       or " bashes " in label or "parting shot" in label or "tries to " in label):
        return "attack bonus"
    return None


def words(ruleset: Ruleset, battle: Battle, action: Action) -> ActionWords:
    """The hover of one d20 action: the generic rolls and chart with this ruleset's words over them."""
    base = generic_words(ruleset, battle, action)
    fill = {"foe": target_name(battle, action)}
    does = DOES.get(action.type, base.does).format(**fill)
    costs = COSTS.get(action.type, base.costs).format(**fill)
    notes = base.notes
    if action.type == "attack":
        does, notes = _attack_words(battle, action, does, notes)
    damage: tuple[tuple[int, float], ...] = ()
    label = ""
    if action.type == "brawl":  # S4-BRAWL-1/2: a punch 1d3, a kick 1d4
        kick = getattr(action, "kind", "punch") == "kick"
        damage = dice_spread(1, 4 if kick else 3)
        label = f"Subduing damage if it hits ({'1d4 kick' if kick else '1d3 punch'}, S4-BRAWL-1)"
    return with_words(base, does=does, costs=costs, damage=damage, damage_label=label, notes=notes)


def _attack_words(battle: Battle, action: Action, does: str, notes: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """An attack's "does" as the engine will resolve it (a playtest read "Swing or shoot" for a dagger thrown,
    and nothing said that a throw into a melee could hit a friend): a melee weapon with ``thrown`` at a foe out of
    reach is thrown and leaves the hand for the foe's hex (G4-6); a missile or a throw, not ``careful``, at a foe
    a friend fights says that a near miss hits the friend (S4-RANGED-3), as ``attack._missed`` does."""
    f, t = battle.get(action.actor), battle.get(getattr(action, "target", ""))
    w = getattr(action, "item", None)
    if f is None or t is None or w is None:
        return does, notes
    it = item(w)
    name = it.get("name", w)
    thrown = is_thrown(battle, f, t, w)
    if thrown:
        does = (f"Throw your {name} at {t.label}: d20 plus bonuses against their armour class (S4-ATTACK-1); it "
                f"leaves your hand and lands in {t.label}'s hex (G4-6).")
    elif it.get("kind") == "missile":
        does = f"Shoot your {name} at {t.label}: d20 plus bonuses against their armour class (S4-ATTACK-1)."
    if weapon_kind(w, thrown) == "missile" and getattr(action, "option", None) != "careful":
        friends = in_melee(battle, f, t)
        if friends:
            names = " and ".join(x.label for x in friends)
            notes = (*notes, f"Careful: {names} {'is' if len(friends) == 1 else 'are'} fighting {t.label}. A miss "
                             f"by 1 to 3 (not a natural 1) hits {'them' if len(friends) == 1 else 'one of them'} "
                             f"instead (S4-RANGED-3); the careful option, at -4, never does (S4-RANGED-2).")
    return does, notes
