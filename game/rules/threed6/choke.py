"""Choke hold (S2-CHOKE-1..9) for ``3d6-full``: a Judo/Wrestling technique from behind.

- Applied from behind with both hands (S2-CHOKE-1): the choker stands in the
  victim's rear hex and steps in, or already shares its hex facing the same
  way as the victim (ruling F-1). It may be tried while already grappling
  the victim (S2-CHOKE-2): that grip becomes the choke hold.
- A normal grapple rolled against Judo-2 or Wrestling-3 (S2-CHOKE-3). An
  aware victim defends normally at -2 for the attack from behind; a
  ``surprised`` victim gets no defence (S2-CHOKE-4, G2-11).
- The grip is ``kind="choke_hold"`` on the neck with two hands. Breaking free
  faces +5 (S2-CHOKE-5), which is the two-hand +5 restated, not added
  (G2-16). The choker controls only the neck and head (S2-CHOKE-6): the
  victim's arms and legs stay free for a Wild Swing or Back Kick at the
  grappled -4 (S2-CHOKE-7, G2-9).
- On each of the choker's later turns the victim loses 1 FP (S2-CHOKE-8; see
  :mod:`suffocation`), and the choker may also crush with ST+3 (S2-CHOKE-9,
  the ``strangle`` action on the choke grip).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.hexgrid import arc_of
from game.model import Grapple
from game.rules import events as E
from game.rules.base import Reason
from game.rules.common import Mod, RollSpec, roll_under
from game.rules.threed6 import combat
from game.rules.threed6.status import grip, hands_in_grips

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["CHOKE_SKILLS", "choke_skill", "is_behind", "choke_hands", "check_choke", "choke_spec",
           "choke_attack", "choke_defenses", "defense_choice_reason", "defend_from_behind", "apply_choke",
           "WILD_SWING", "BACK_KICK"]

#: S2-CHOKE-3: the skills and their penalties.
CHOKE_SKILLS = (("Judo", -2), ("Wrestling", -3))
#: G2-9 (house rule): a Wild Swing is at -5 and effective skill at most 9; a Back Kick at -4.
WILD_SWING = (-5, 9)
BACK_KICK = -4


def choke_skill(f: Fighter) -> tuple[int, str, int] | None:
    """(level, skill, penalty) of the better of Judo-2 and Wrestling-3, or None (G2-15: no default)."""
    best: tuple[int, str, int] | None = None
    for name, pen in CHOKE_SKILLS:
        if name in f.skills:
            lvl = int(f.skills[name])
            if best is None or lvl + pen > best[0] + best[2]:
                best = (lvl, name, pen)
    return best


def is_behind(me: Fighter, foe: Fighter) -> bool:
    """S2-CHOKE-1 [MAP] (GX-2, ruling F-1): in the foe's rear hex, or in its hex facing the same way."""
    arc = arc_of(foe.hex, foe.facing, me.hex)
    if arc == "same":
        return me.facing == foe.facing
    return arc == "rear"


def choke_hands(battle: Battle, me: Fighter, foe_id: str) -> list[str]:
    """The two hands the choke will use: those already holding this foe first, then empty free ones."""
    g = grip(battle, me.id, foe_id)
    hands = list(g.hand_names) if g else []
    used = hands_in_grips(battle, me.id)
    for h in me.free_hands():
        if h not in hands and h not in used:
            hands.append(h)
    return hands[:2]


def check_choke(battle: Battle, actor: str, target: str | None) -> Reason | None:
    me = battle.fighter(actor)
    if choke_skill(me) is None:
        return Reason(f"{me.label} knows neither Judo nor Wrestling, which a choke hold needs (S2-CHOKE-3)",
                      "S2-CHOKE-3")
    if target is None:
        return Reason("Name the fighter to choke (S2-CHOKE-1)", "S2-CHOKE-1", kind="bad_intent")
    foe = battle.fighter(target)
    g = grip(battle, actor, target)
    if g is not None and g.kind == "choke_hold":
        return Reason(f"{me.label} already has {foe.label} in a choke hold", "S2-CHOKE-1")
    if len(choke_hands(battle, me, target)) < 2:
        return Reason(f"{me.label} needs both hands to apply a choke hold (S2-CHOKE-1)", "S2-CHOKE-1")
    if not is_behind(me, foe):
        return Reason(f"{me.label} must be behind {foe.label} (in {foe.their} rear hex, or in {foe.their} hex facing the same "
                      "way) to apply a choke hold (S2-CHOKE-1)", "S2-CHOKE-1")
    return None


def choke_spec(battle: Battle, actor: str) -> RollSpec:
    me = battle.fighter(actor)
    lvl, name, pen = choke_skill(me) or (0, "Judo", -2)
    spec = RollSpec(actor, f"choke hold: {name}", lvl, "S2-CHOKE-3")
    spec.add(pen, f"choke hold: {name}{pen}", "S2-CHOKE-3")
    return spec


def choke_attack(actor: str, victim: Fighter) -> combat.AttackInfo:
    """The choke as the victim's defence sees it.

    The choker comes from behind, but S2-CHOKE-4 lets an aware victim "attempt
    any legal defense" with the penalties for an attack from behind, so the
    rear arc's "no active defence" (G0-5) must not apply: the attack is judged
    from inside the victim's hex (no arc penalty) and :func:`choke_defenses`
    adds the -2 of G2-11 instead.
    """
    return combat.AttackInfo(actor, "grapple", None, "choke hold", origin=victim.hex)


def choke_defenses(rs: Any, battle: Battle, victim: Fighter, actor: str) -> list[combat.Defense]:
    """S2-CHOKE-4 (G2-11): every defence the victim may use against the choke, each at -2; none if surprised.

    The one answer to "may the victim defend, and how?" for the check
    (:func:`defense_choice_reason`), the play (:func:`defend_from_behind`) and
    the odds, so that they cannot judge the arc differently.
    """
    if "surprised" in victim.conditions:
        return []
    options = combat.defense_options(rs, battle, victim, choke_attack(actor, victim))
    for o in options:
        o.modifiers.append(Mod(-2, "house rule: defending against a choke from behind", "S2-CHOKE-4"))
        if o.releases is None:  # the roll cites the rule that allows it: G0-5 says "from behind, no defence"
            o.rule = "S2-CHOKE-4"
    return options


def defense_choice_reason(rs: Any, battle: Battle, victim: Fighter, actor: str,
                          choice: str | None) -> Reason | None:
    """Why the victim cannot answer the choke with ``choice`` (S2-CHOKE-4), or None."""
    if choice is None or choice == "none":
        return None
    if choice not in ("dodge", "parry", "block"):
        return Reason(f"Unknown defence {choice!r}", "G0-5", "bad_intent")
    if "surprised" in victim.conditions:
        return Reason(f"{victim.label} is not aware of the choker and gets no defence (house rule)", "G2-11")
    if any(o.kind == choice for o in choke_defenses(rs, battle, victim, actor)):
        return None
    why, rule = combat.no_defense_reason(rs, battle, victim, choke_attack(actor, victim), choice)
    return Reason(f"{victim.label} cannot {choice} the choke hold ({why})", rule)


def defend_from_behind(res: Resolution, rs: Any, victim: Fighter, actor: str, choice: str | None) -> bool:
    """S2-CHOKE-4 (G2-11): an aware victim may use any legal defence at -2; a surprised one none.
    Returns True if the choke is defended."""
    if "surprised" in victim.conditions:
        res.note(E.message(f"{victim.label} is not aware of the choker and gets no defence (house rule)",
                           actor=victim.id, rule="G2-11"))
        return False
    if choice == "none":
        res.note(E.message(f"{victim.label} does not defend", actor=victim.id))
        return False
    options = choke_defenses(rs, res.battle, victim, actor)
    if choice is not None:
        options = [o for o in options if o.kind == choice]
    pick = combat.best_defense(options)
    if pick is None:
        why, rule = combat.no_defense_reason(rs, res.battle, victim, choke_attack(actor, victim), choice)
        res.note(E.message(f"{victim.label} has no usable active defence ({why})", actor=victim.id, rule=rule))
        return False
    if pick.releases:
        res.emit(E.grapple_end(pick.releases[0], pick.releases[1], why="parried with the holding hand",
                               rule=rs.cite("S0-MUTUAL-3")))
    ev = res.note(roll_under(res.dice, pick.spec(victim.id)))
    return bool(ev["success"])


def apply_choke(res: Resolution, actor: str, target: str) -> None:
    """The choke holds (S2-CHOKE-1, -2): a two-hand neck grip of kind ``choke_hold``, starting now."""
    battle = res.battle
    me = battle.fighter(actor)
    hands = choke_hands(battle, me, target)
    g = grip(battle, actor, target)
    if g is not None:
        extra = {k: v for k, v in g.extra.items() if k not in ("limb", "hand")}
        extra["made_on_turn"] = battle.turn
        res.emit(E.grapple_change(actor, target, kind="choke_hold", location="neck", hands=2, hand_names=hands,
                                  since=battle.turn, extra=extra, rule="S2-CHOKE-2"))
    else:
        res.emit(E.grapple_start(Grapple(holder=actor, target=target, location="neck", hands=2, kind="choke_hold",
                                         hand_names=hands, since=battle.turn,
                                         extra={"made_on_turn": battle.turn}), rule="S2-CHOKE-1"))
    foe = battle.fighter(target)
    res.emit(E.message(f"{me.label} has {foe.label} in a choke hold: from {me.label}'s next turn "
                       f"{foe.label} loses 1 FP a turn", actor=actor, rule="S2-CHOKE-8"))
