"""``3d6-full``: seed 002 (checklist S2) — ``3d6-lite`` plus locations, strangle, choke, arm lock, wrench.

Every S2 line is either "same as S0-…" (inherited from :class:`ThreeD6Lite`,
cited under its S2 ID through ``rule_map``) or "differs from S0-…" (a hook
overridden here), or S2 only (the actions below and the modules
``strangle``, ``suffocation``, ``choke``, ``armlock``, ``wrench``). Rules seed
002 leaves out (S2-DIFF-*) are kept from seed 000 (G2-1).

Differences kept (hooks):

- grab locations: skull -4, face -3, neck -3, groin -2, arm/leg -1, hand/foot
  -2 (S2-LOC-3..8); a held weapon -4 as a house rule (S2-LOC-9, G2-2);
- the grab rolls vs basic DX or a grappling skill (S2-GRAB-1);
- "sitting" forces the grappler down too (S2-REQ-5);
- a limb grip gives -4 DX only when that part is used (S2-LOC-10), and a
  gripped limb still cannot attack (S2-OPT-2);
- a holding arm cannot parry bare-handed at all (S2-ARMS-1); a grappler
  holding with every arm makes no strikes but the after-grapple moves, a bite
  or a reach-C Striker (S2-ARMS-3, S2-HAND-1);
- grappled or grappling, only unarmed or reach-C attacks (S2-OPT-3, S2-HAND-2);
  no bite with the neck or head held (S2-OPT-2);
- "at least twice" the ST (S2-VICTIM-1, S2-FREE-5); Feint barred while held
  (S2-VICTIM-2); forcing a drop from an arm or a hand (S2-LOC-11);
- no leg bonus to takedowns (G2-17); the fallen fighter lies in the winner's
  hex and one adjacent hex of the winner's choice (S2-TAKEDOWN-4);
- break free against a choke hold (+5, S2-CHOKE-5/G2-16) and an arm lock (+4,
  -1 per failed try, S2-ARMLOCK-7/8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.dice import critical_chances, quick_contest_odds, success_chance
from game.hexgrid import Hex, hex_distance, hex_neighbors
from game.model import Grapple as Grip
from game.rules import events as E
from game.rules.base import Action, Option, Reason, register
from game.rules.common import Mod, RollSpec, roll_under
from game.rules.events import Resolution
from game.rules.presentation import Presentation
from game.rules.threed6 import armlock, choke, strangle, suffocation, wrench
from game.rules.threed6 import combat as C
from game.rules.threed6 import grappling as G
from game.rules.threed6 import stats as S
from game.rules.threed6.lite import ThreeD6Lite
from game.rules.threed6.maneuvers import Maneuver, _move_events
from game.rules.threed6.menu import Sweep, legal_actions, new_option
from game.rules.threed6.odds import _PLAIN
from game.rules.threed6.odds import odds as _odds
from game.rules.threed6.presentation import FullPresentation
from game.rules.threed6.status import (
    BODY_LOCATIONS,
    LIMB_LOCATIONS,
    free_hands,
    grip,
    gripped_parts,
    grips_by,
    grips_on,
    hands_in_grips,
    is_grappled,
    is_out,
)

if TYPE_CHECKING:
    from game.dice import Dice
    from game.model import Battle, Fighter, Grapple
    from game.rules.base import Event
    from game.rules.events import Resolution

__all__ = ["ThreeD6Full", "Strangle", "ChokeHold", "ArmLock", "ArmLockDamage", "WrenchLimb", "FULL_RULE_MAP"]

#: S0 rule -> the S2 line that restates it (CHECKLIST "same as"), or the S2-DIFF line that keeps it (G2-1).
FULL_RULE_MAP: dict[str, str] = {
    "S0-REQ-1": "S2-REQ-2", "S0-REQ-2": "S2-REQ-3", "S0-REQ-3": "S2-REQ-4", "S0-REQ-4": "S2-DIFF-1",
    "S0-REQ-5": "S2-REQ-5", "S0-REQ-6": "S2-REQ-6",
    "S0-GRAB-1": "S2-GRAB-1", "S0-GRAB-2": "S2-LOC-1", "S0-GRAB-3": "S2-LOC-7", "S0-GRAB-4": "S2-LOC-3",
    "S0-GRAB-5": "S2-LOC-9", "S0-GRAB-6": "S2-DIFF-2", "S0-GRAB-7": "S2-GRAB-5", "S0-GRAB-8": "S2-GRAB-2",
    "S0-GRAB-9": "S2-HOLD-1",
    "S0-ITEM-1": "S2-DIFF-4", "S0-ITEM-2": "S2-DIFF-4", "S0-ITEM-3": "S2-DIFF-4", "S0-ITEM-4": "S2-DIFF-4",
    "S0-ITEM-5": "S2-DIFF-4", "S0-ITEM-6": "S2-DIFF-4",
    "S0-HOLD-1": "S2-HOLD-1", "S0-HOLD-2": "S2-DIFF-3", "S0-HOLD-3": "S2-HOLD-2", "S0-HOLD-4": "S2-HOLD-3",
    "S0-HOLD-5": "S2-AFTER-1",
    "S0-LOC-1": "S2-LOC-10", "S0-LOC-2": "S2-LOC-11", "S0-LOC-3": "S2-LOC-11", "S0-LOC-4": "S2-DIFF-5",
    "S0-LOC-5": "S2-LOC-13",
    "S0-MUTUAL-1": "S2-DIFF-6", "S0-MUTUAL-2": "S2-DIFF-6", "S0-MUTUAL-3": "S2-ARMS-1",
    "S0-AFTER-1": "S2-AFTER-1", "S0-AFTER-2": "S2-AFTER-1",
    "S0-TAKEDOWN-1": "S2-TAKEDOWN-1", "S0-TAKEDOWN-2": "S2-TAKEDOWN-2", "S0-TAKEDOWN-3": "S2-TAKEDOWN-3",
    "S0-TAKEDOWN-4": "S2-DIFF-5", "S0-TAKEDOWN-5": "S2-TAKEDOWN-4", "S0-TAKEDOWN-6": "S2-TAKEDOWN-5",
    "S0-TAKEDOWN-7": "S2-TAKEDOWN-6", "S0-TAKEDOWN-8": "S2-TAKEDOWN-7",
    "S0-PIN-1": "S2-PIN-1", "S0-PIN-2": "S2-PIN-1", "S0-PIN-3": "S2-PIN-2", "S0-PIN-4": "S2-PIN-3",
    "S0-PIN-5": "S2-PIN-4", "S0-PIN-6": "S2-PIN-5", "S0-PIN-7": "S2-PIN-6", "S0-PIN-8": "S2-PIN-7",
    "S0-HAND-1": "S2-HAND-2", "S0-HAND-2": "S2-HAND-1", "S0-HAND-3": "S2-HAND-3",
    "S0-FREE-1": "S2-FREE-1", "S0-FREE-2": "S2-FREE-5", "S0-FREE-3": "S2-FREE-4",
    "S0-VICTIM-1": "S2-VICTIM-1", "S0-VICTIM-2": "S2-VICTIM-2", "S0-VICTIM-3": "S2-VICTIM-3",
    "S0-BREAK-1": "S2-DIFF-9", "S0-BREAK-2": "S2-BREAK-4", "S0-BREAK-3": "S2-BREAK-1", "S0-BREAK-4": "S2-BREAK-2",
    "S0-BREAK-5": "S2-BREAK-3", "S0-BREAK-6": "S2-BREAK-5", "S0-BREAK-7": "S2-BREAK-8", "S0-BREAK-8": "S2-BREAK-7",
    "S0-BREAK-9": "S2-BREAK-6", "S0-BREAK-10": "S2-DIFF-8",
    "S0-OPT-1": "S2-OPT-1", "S0-OPT-2": "S2-OPT-2", "S0-OPT-3": "S2-DIFF-7", "S0-OPT-4": "S2-OPT-4",
    "S0-OPT-5": "S2-OPT-5",
}

#: which body part an action uses (``attack_modifiers``' ``part``) -> the gripped locations that hamper it
_PART_LOCATIONS = {
    "arm": ("arm", "hand"), "punch": ("arm", "hand"), "kick": ("leg", "foot"), "dodge": ("leg", "foot"),
    "bite": ("neck", "head", "skull", "face"),
}
_HEAD = frozenset({"neck", "head", "skull", "face"})


# -- the S2-only actions ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Strangle(G.AfterGrapple):
    """S2-STRANGLE-1..10: squeeze the neck one holds (or, if bigger, the torso); crushing = margin of victory."""

    type: ClassVar[str] = "strangle"
    title: ClassVar[str] = "Strangle"
    rule: ClassVar[str] = "S2-STRANGLE-3"
    target: str | None = None
    maneuver: str = "attack"

    def after_check(self, battle, rs, actor):
        return strangle.check_strangle(battle, rs, actor.id, self.target)

    def after_play(self, r, rs, actor):
        strangle.resolve_strangle(r, rs, actor.id, self.target)


@dataclass(frozen=True, slots=True)
class ChokeHold(Maneuver):
    """S2-CHOKE-1..9: from behind, both hands, a grapple at Judo-2 / Wrestling-3."""

    type: ClassVar[str] = "choke_hold"
    title: ClassVar[str] = "Choke hold"
    rule: ClassVar[str] = "S2-CHOKE-3"
    is_attack: ClassVar[bool] = True
    target: str = ""
    defense: str | None = None
    maneuver: str = "attack"

    def maneuver_name(self) -> str:
        return self.maneuver

    def _check(self, battle, actor, rs):
        if self.maneuver not in G.GRAPPLE_MANEUVERS:
            return Reason("A choke hold is a grapple: an Attack, All-Out Attack or Move and Attack", "S2-REQ-4")
        target = battle.get(self.target)
        if target is None or target.id == actor.id:
            return Reason("Choose a fighter to choke", "S2-CHOKE-1", "bad_intent")
        why = choke.check_choke(battle, actor.id, self.target)
        if why:
            return why
        if grip(battle, actor.id, target.id) is None:
            where = G.approach(battle, rs, actor, target, self.maneuver)
            if isinstance(where, Reason):
                return where
        # S2-CHOKE-4: the same answer the play gets from choke.defend_from_behind.
        return choke.defense_choice_reason(rs, battle, target, actor.id, self.defense)

    def _resolve(self, r, actor):
        rs = r.rules
        battle = r.battle
        target = battle.fighter(self.target)
        if grip(battle, actor.id, target.id) is None:
            where = G.approach(battle, rs, actor, target, self.maneuver)
            assert not isinstance(where, Reason)
            path, down = where
            if path:
                _move_events(r, actor, path, "S2-REQ-3")
            if down:
                r.emit(E.posture(actor.id, "kneeling", rule="S2-REQ-6"))
        if self.maneuver == "all_out_attack":
            rs.start_all_out_attack(r, actor)
        spec = rs.technique_spec(battle, actor, target, choke.choke_spec(battle, actor.id), self.maneuver)
        ev = r.note(roll_under(r.dice, spec))
        if not ev["success"]:
            r.note(E.message(f"{actor.label} fails to get the choke hold on {target.label}", actor=actor.id,
                             rule="S2-CHOKE-3"))
            return
        if ev.get("critical") == "success":
            r.note(E.message("A critical success cannot be defended (house rule)", actor=actor.id, rule="G0-17"))
        else:
            if choke.defend_from_behind(r, rs, target, actor.id, self.defense):
                r.note(E.message(f"{target.label} fends off the choke hold", actor=target.id, rule="S2-CHOKE-4"))
                return
        choke.apply_choke(r, actor.id, target.id)


@dataclass(frozen=True, slots=True)
class ArmLock(Maneuver):
    """S2-ARMLOCK-2..6, -18: capture the arm of a foe one has just parried (or holds with Judo/Wrestling)."""

    type: ClassVar[str] = "arm_lock"
    title: ClassVar[str] = "Arm lock"
    rule: ClassVar[str] = "S2-ARMLOCK-4"
    is_attack: ClassVar[bool] = True
    target: str = ""
    defense: str | None = None
    maneuver: str = "attack"

    def maneuver_name(self) -> str:
        return self.maneuver

    def _check(self, battle, actor, rs):
        if self.maneuver not in G.AFTER_MANEUVERS:
            return Reason("Capturing an arm is an attack: an Attack or All-Out Attack maneuver", "S2-ARMLOCK-4")
        target = battle.get(self.target)
        if target is None or target.id == actor.id:
            return Reason("Choose the fighter whose arm to lock", "S2-ARMLOCK-3", "bad_intent")
        why = armlock.check_capture(battle, actor.id, self.target)
        if why:
            return why
        if actor.hex != target.hex:
            where = G.approach(battle, rs, actor, target, self.maneuver)
            if isinstance(where, Reason):
                return where
        return rs.defense_choice_reason(battle, target.id, actor.id, None, self.defense, kind="grapple")

    def _resolve(self, r, actor):
        rs = r.rules
        battle = r.battle
        target = battle.fighter(self.target)
        chance = armlock.lock_chance(battle, actor.id, target.id)
        assert chance is not None
        if E.has_effect(battle, actor.id, armlock.CHANCE):
            r.emit(E.effect_end(actor.id, armlock.CHANCE, rule="S2-ARMLOCK-3"))
        origin = actor.hex
        if actor.hex != target.hex:
            where = G.approach(battle, rs, actor, target, self.maneuver)
            assert not isinstance(where, Reason)
            path, down = where
            _move_events(r, actor, path, "S2-ARMLOCK-4")
            if down:
                r.emit(E.posture(actor.id, "kneeling", rule="S2-REQ-6"))
        if self.maneuver == "all_out_attack":
            rs.start_all_out_attack(r, actor)
        spec = rs.technique_spec(battle, actor, target, armlock.capture_spec(battle, actor.id), self.maneuver)
        ev = r.note(roll_under(r.dice, spec))
        if not ev["success"]:
            r.note(E.message(f"{actor.label} fails to catch {target.label}'s arm", actor=actor.id,
                             rule="S2-ARMLOCK-4"))
            return
        if ev.get("critical") == "success":
            r.note(E.message("A critical success cannot be defended (house rule)", actor=actor.id, rule="G0-17"))
        elif C.roll_defense(r, rs, target, C.AttackInfo(actor.id, "grapple", None, "arm lock", origin=origin),
                            self.defense):
            r.note(E.message(f"{target.label} defends against the arm lock", actor=target.id, rule="S2-ARMLOCK-5"))
            return
        limb = chance["limb"]
        g = grip(battle, actor.id, target.id)
        hands = list(g.hand_names) if g else []
        used = hands_in_grips(battle, actor.id)
        for h in actor.free_hands():
            if h not in hands and h not in used:
                hands.append(h)
        hands = hands[:2]
        extra = {"made_on_turn": battle.turn, "limb": limb, "failed_escapes": 0}
        if g is not None:
            r.emit(E.grapple_change(actor.id, target.id, kind="arm_lock", location="arm", hands=len(hands),
                                    hand_names=hands, since=battle.turn, extra={**g.extra, **extra},
                                    rule="S2-ARMLOCK-18"))
        else:
            r.emit(E.grapple_start(Grip(holder=actor.id, target=target.id, location="arm", hands=len(hands),
                                        kind="arm_lock", hand_names=hands, since=battle.turn, extra=extra),
                                   rule="S2-ARMLOCK-6"))
        r.note(E.message(f"{target.label}'s {limb} arm is trapped in {actor.label}'s arm lock", actor=actor.id,
                         rule="S2-ARMLOCK-6"))


@dataclass(frozen=True, slots=True)
class ArmLockDamage(Maneuver):
    """S2-ARMLOCK-9..16: once per turn, a passive contest to injure the locked arm (not an attack, no maneuver)."""

    type: ClassVar[str] = "arm_lock_damage"
    title: ClassVar[str] = "Work the arm lock"
    rule: ClassVar[str] = "S2-ARMLOCK-10"
    free: ClassVar[bool] = True
    is_attack: ClassVar[bool] = False
    target: str | None = None

    def _check(self, battle, actor, rs):
        return armlock.check_damage(battle, actor.id, self.target)

    def _resolve(self, r, actor):
        rs = r.rules
        armlock.resolve_damage(r, rs, actor.id, self.target)


@dataclass(frozen=True, slots=True)
class WrenchLimb(G.AfterGrapple):
    """S2-WRENCH-1..7: ST-4 Quick Contest; swing crushing to the neck (x1.5) or the gripped limb."""

    type: ClassVar[str] = "wrench_limb"
    title: ClassVar[str] = "Wrench limb / neck snap"
    rule: ClassVar[str] = "S2-WRENCH-3"
    location: str | None = None
    target: str | None = None
    maneuver: str = "attack"

    def after_check(self, battle, rs, actor):
        return wrench.check_wrench(battle, rs, actor.id, self.location, self.target)

    def after_play(self, r, rs, actor):
        wrench.resolve_wrench(r, rs, actor.id, self.location, self.target)


# -- lite actions with S2 differences --------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class FullBreakFree(G.BreakFree):
    """S2-BREAK-*: as lite; a lost try against an arm lock adds -1 to later ones (S2-ARMLOCK-8; a tie is no
    loss)."""

    rule: ClassVar[str] = "S2-BREAK-1"

    def stays_held(self, r, rs, actor, g, contest):
        if g.kind == "arm_lock":
            armlock.after_break_free(r, g, lost=contest["winner"] == g.holder)


@dataclass(frozen=True, slots=True)
class FullTakedown(G.Takedown):
    """S2-TAKEDOWN-*: the fallen fighter lies in the winner's hex and one adjacent hex of the winner's
    choice (S2-TAKEDOWN-4): ``to`` names that hex (default: the first open neighbour)."""

    rule: ClassVar[str] = "S2-TAKEDOWN-2"
    to: tuple[int, int] | None = None

    def _check(self, battle, actor, rs):
        why = G.Takedown._check(self, battle, actor, rs)
        if why is None and self.to is not None:
            if hex_distance(Hex.of(self.to), actor.hex) != 1 or not _open(battle, Hex.of(self.to)):
                return Reason("The fallen foe's legs must go into an open hex next to the grappler",
                              "S2-TAKEDOWN-4", "bad_intent")
        return why

    def fallen(self, r, rs, actor, *, winner, loser):
        chosen = Hex.of(self.to) if self.to is not None and winner.id == actor.id else None
        across = chosen or _default_across(r.battle, winner)
        if across is not None:
            r.emit(E.stat(loser.id, "counters.lying_across", [across.q, across.r], actor=winner.id,
                          rule="S2-TAKEDOWN-4"))
            r.note(E.message(f"{loser.label} lies in {winner.label}'s hex and in {[across.q, across.r]}",
                             actor=winner.id, rule="S2-TAKEDOWN-4"))


def _open(battle: Battle, h: Hex) -> bool:
    return not battle.board.cells or battle.board.is_open(h)


def _default_across(battle: Battle, winner: Fighter) -> Hex | None:
    for h in hex_neighbors(winner.hex):
        if _open(battle, h) and not any(f.hex == h for f in battle.fighters):
            return h
    return None


#: action types whose menu entries this ruleset builds itself (lite's strangle is replaced)
_OWN_MENU = frozenset({"strangle", "choke_hold", "arm_lock", "arm_lock_damage", "wrench_limb"})

FULL_ACTIONS: dict[str, type[Action]] = {cls.type: cls for cls in (
    Strangle, ChokeHold, ArmLock, ArmLockDamage, WrenchLimb, FullBreakFree, FullTakedown,
)}


@register
class ThreeD6Full(ThreeD6Lite):
    id: ClassVar[str] = "3d6-full"
    name: ClassVar[str] = "3d6 full grappling"
    presentation_type: ClassVar[type[Presentation]] = FullPresentation
    source_text: ClassVar[str] = "002"
    sections: ClassVar[tuple[str, ...]] = ("S2",)
    extra_actions: ClassVar[dict[str, type[Action]]] = FULL_ACTIONS
    conditions: ClassVar[dict[str, str]] = {
        **ThreeD6Lite.conditions,
        "unconscious": "out of the fight: prone, drops everything, lets go (G0-7, S2-BREAK-7); after lack of air "
                       "wakes at 1 FP (S2-SUFFOCATE-5)",
        "helpless": "no active defence (G0-14); a pinned fighter is helpless (S2-PIN-5)",
        "surprised": "unaware: no defence against a choke hold from behind (S2-CHOKE-4, G2-11)",
        suffocation.SUFFOCATING: "no air: 1 FP a second, Will at 0 FP, death after 240 s (S2-SUFFOCATE-1..3)",
    }

    rule_map: ClassVar[dict[str, str]] = FULL_RULE_MAP
    # S2-LOC-1..8: half the hit-location penalty; "head" is the skull (SITUATION-FORMAT: head/skull).
    grab_penalties: ClassVar[dict[str, int]] = {
        "torso": 0, "skull": -4, "head": -4, "face": -3, "neck": -3, "groin": -2, "arm": -1, "leg": -1,
        "hand": -2, "foot": -2,
    }
    grab_rules: ClassVar[dict[str, str]] = {
        "torso": "S2-LOC-1", "skull": "S2-LOC-3", "head": "S2-LOC-3", "face": "S2-LOC-4", "neck": "S2-LOC-5",
        "groin": "S2-LOC-6", "arm": "S2-LOC-7", "leg": "S2-LOC-7", "hand": "S2-LOC-8", "foot": "S2-LOC-8",
    }
    getdown_postures: ClassVar[frozenset[str]] = frozenset({"kneeling", "prone", "crawling", "sitting"})
    leg_takedown_bonus: ClassVar[int] = 0
    limb_grip_disables: ClassVar[bool] = False
    holding_limb_parry: ClassVar[str] = "forbid"
    strength_words: ClassVar[str] = "at least twice"
    victim_forbidden: ClassVar[frozenset[str]] = frozenset({"aim", "feint", "concentrate", "wait"})
    force_drop_locations: ClassVar[frozenset[str]] = frozenset({"arm", "hand"})

    # -- S2 differences ----------------------------------------------------------------------------
    def strong_enough(self, st: int, other_st: int) -> bool:
        """S2-VICTIM-1, S2-FREE-5: ST *at least* twice the other's (ruling F-13 for S2-HOLD-3)."""
        return st >= 2 * other_st

    def grab_base(self, f: Fighter) -> tuple[int, str]:
        """S2-GRAB-1: basic DX or any grappling skill (G0-15)."""
        level, name = S.best_grappling(f)
        return level, "basic DX" if name == "DX" else name

    def grab_penalty(self, location: str) -> tuple[int, str, str]:
        if location in BODY_LOCATIONS:
            return self.grab_penalties[location], f"grab the {location} (half the hit-location penalty)", \
                self.grab_rules[location]
        return self.item_grab_penalty, f"house rule: grab the held {location} at -4 (not halved)", "S2-LOC-9"

    def _grips_hampering(self, battle: Battle, f: Fighter, part: str | None) -> Grapple | None:
        """The grip that puts ``f`` at -4 DX for using ``part`` (S2-HOLD-1, S2-LOC-10); None if none."""
        grips = [g for g in battle.grapples if g.target == f.id and g.location in BODY_LOCATIONS]
        if not grips:
            return None
        wanted = _PART_LOCATIONS.get(part or "", ())
        held_arms = {g.extra.get("limb", "right") for g in grips if g.location in ("arm", "hand")}
        other_arm = any(h not in held_arms and h not in f.crippled for h in f.hands)
        other_leg = part == "kick" and bool(_free_legs(battle, f))
        for g in grips:
            if g.location in ("torso", "groin") or g.kind in ("pin", "choke_hold"):
                return g
            if g.location in ("arm", "hand") and other_arm:
                continue  # ruling F-3: an arm action uses an arm nobody holds (S2-OPT-2)
            if g.location in ("leg", "foot") and other_leg:
                continue  # ruling F-3: the kick uses the leg nobody holds (S2-OPT-2, S2-LOC-10)
            if part is None or g.location in wanted:
                return g
        return None

    def held_dx_penalty(self, battle: Battle, f: Fighter, part: str | None = None) -> Mod | None:
        """S2-HOLD-1 / S2-LOC-10: -4 DX while held; a grip on a limb or the head only when that part is used.
        A choke hold counts for everything (S2-CHOKE-7: "the usual -4 for being grappled", ruling F-2)."""
        g = self._grips_hampering(battle, f, part)
        if g is None:
            return None
        if g.kind == "grapple" and (g.location in LIMB_LOCATIONS or g.location in _HEAD):
            return Mod(-4, f"{g.location} gripped: -4 DX when using it", "S2-LOC-10")
        if g.kind == "choke_hold":
            return Mod(-4, "in a choke hold: the usual -4 DX for being grappled", "S2-CHOKE-7")
        return Mod(-4, "grappled: -4 DX", "S2-HOLD-1")

    def held_defense_penalty(self, battle: Battle, f: Fighter, kind: str) -> Mod | None:
        """S2-DIFF-3 (kept, G2-1): the -4 DX is -2 to parry/block, -1 to dodge — only if the defence uses the
        held part (S2-LOC-10): parries and blocks use the arms, a dodge the legs (ruling F-3)."""
        g = self._grips_hampering(battle, f, "arm" if kind in ("parry", "block") else "dodge")
        if g is None:
            return None
        return Mod(-1 if kind == "dodge" else -2, f"held ({g.location}): -4 DX gives "
                   f"{'-1' if kind == 'dodge' else '-2'} to {kind}", "S2-DIFF-3")

    def limb_usable(self, battle: Battle, f: Fighter, hand: str, parts: set[str] | None = None) -> bool:
        """S2-LOC-10: a gripped arm may still defend (at -4 DX); S2-STRANGLE-2/S2-ARMS-1 are about the
        grappler's own hands."""
        return True

    def usable_free_hands(self, battle: Battle, f: Fighter) -> list[str]:
        return free_hands(battle, f)

    def _all_arms_holding(self, battle: Battle, f: Fighter) -> bool:
        in_grips = hands_in_grips(battle, f.id)
        arms = [h for h in f.hands if h not in f.crippled]
        return bool(in_grips) and all(h in in_grips for h in arms)

    def natural_attack_reason(self, battle: Battle, f: Fighter, name: str) -> Reason | None:
        parts = gripped_parts(battle, f.id)
        locked = any(g.kind == "arm_lock" for g in grips_by(battle, f.id))
        if name == "punch":
            free = [h for h in self.usable_free_hands(battle, f) if f"arm:{h}" not in parts and f"hand:{h}" not in parts]
            if not free:
                if self.usable_free_hands(battle, f):
                    return Reason(f"{f.label} cannot strike with a grappled arm", "S2-OPT-2")
                return self.no_punch_hand_reason(battle, f, "S2-HAND-2")
        elif name == "kick":
            if self._all_arms_holding(battle, f) and not locked:
                return Reason(f"{f.label} holds on with all {f.their} arms: only the moves after a grapple, a bite or a "
                              "reach-C Striker", "S2-ARMS-3")
            # S2-OPT-2 forbids only the grappled limb: with one leg held the other kicks (ruling F-3).
            if not _free_legs(battle, f):
                return Reason(f"{f.label} cannot kick: both legs are grappled", "S2-OPT-2")
            if f.posture in S.LYING:
                return Reason(f"{f.label} cannot kick while lying down (house rule)", "G0-8")
        elif name == "bite":
            if parts & _HEAD:
                return Reason(f"{f.label} cannot bite with {f.their} neck or head grappled", "S2-OPT-2")
        return None

    def weapon_use_reason(self, battle: Battle, f: Fighter, hand: str, weapon: str) -> Reason | None:
        parts = gripped_parts(battle, f.id)
        if f"arm:{hand}" in parts or f"hand:{hand}" in parts:
            return Reason(f"{f.label}'s {hand} arm is grappled and cannot attack", "S2-OPT-2")
        if self.item_is_grabbed(battle, f, hand):
            return Reason(f"Someone has hold of {f.label}'s {weapon}: it cannot attack", "S2-DIFF-4")
        if 0 not in S.ITEMS.get(weapon, {}).get("reach", ()):
            if is_grappled(battle, f.id):
                return Reason(f"{f.label} is grappled: only unarmed attacks or reach-C weapons (a {weapon} "
                              "cannot swing)", "S2-OPT-3")
            if any(g.location in BODY_LOCATIONS for g in grips_by(battle, f.id)):
                return Reason(f"{f.label} is grappling: a free hand attacks only unarmed or with a reach-C weapon",
                              "S2-HAND-2")
        return None

    def attack_modifiers(self, battle: Battle, actor: Fighter, target: Fighter, spec: RollSpec, maneuver: str,
                         *args: Any, **kw: Any) -> None:
        """As lite, plus S2-CHOKE-7: at the choker behind, a Wild Swing (a kick: a Back Kick), G2-9."""
        ThreeD6Lite.attack_modifiers(self, battle, actor, target, spec, maneuver, *args, **kw)
        part = kw.get("part", args[1] if len(args) > 1 else "arm")
        g = grip(battle, target.id, actor.id) if battle.grapples else None
        if g is not None and g.kind == "choke_hold":
            # S2-CHOKE-7 (G2-9): the choker is behind: a Wild Swing, or a Back Kick.
            if part == "kick":
                spec.add(-2, "house rule: Back Kick at the choker behind (-4 in all with the kick's -2)",
                         "S2-CHOKE-7")
            else:
                spec.add(choke.WILD_SWING[0], "house rule: Wild Swing at the choker behind", "S2-CHOKE-7")
                spec.cap = (choke.WILD_SWING[1], "house rule: Wild Swing skill at most 9", "S2-CHOKE-7")

    def defense_modifiers(self, battle: Battle, d: Fighter, a: Fighter, kind: str) -> list[Mod]:
        """S2-ARMLOCK-17: the locker's close-combat attacks are defended at -4."""
        g = grip(battle, a.id, d.id) if battle.grapples else None
        if g is not None and g.kind == "arm_lock":
            return [Mod(-4, f"{a.label} holds {d.label}'s arm in a lock", "S2-ARMLOCK-17")]
        return []

    def technique_spec(self, battle: Battle, actor: Fighter, target: Fighter, base: RollSpec,
                       maneuver: str) -> RollSpec:
        """A grappling technique's roll (choke hold, arm lock): its own skill with the usual attack modifiers
        (posture, held -4 DX, shock, Evaluate, All-Out / Move and Attack), no location penalty."""
        size = self.grab_size_bonus(actor, target)
        if size:
            base.modifiers.append(size)
        self.attack_modifiers(battle, actor, target, base, maneuver, "determined", "arm")
        return base

    def break_free_specs(self, battle: Battle, victim: Fighter, g: Grapple) -> tuple[RollSpec, RollSpec]:
        """S2-BREAK-1..6 (as S0), with the choke hold's +5 (S2-CHOKE-5, not added to the two-hand +5: G2-16)
        and the arm lock's +4 and -1 per failed try (S2-ARMLOCK-7/8, ruling F-6)."""
        holder = battle.fighter(g.holder)
        a = RollSpec(victim.id, "break free: ST", S.stat(victim, "ST"), "S2-BREAK-1")
        b = RollSpec(holder.id, "hold on: ST", S.stat(holder, "ST"), "S2-BREAK-1")
        if g.kind == "pin":
            if g.hands >= 2:
                b.add(10, "pinning with two hands", "S2-BREAK-3")
            else:
                b.add(5, "pinning with one hand", "S2-BREAK-3")
        elif g.kind == "choke_hold":
            b.add(5, "choke hold (the two-hand +5, not added twice: house rule G2-16)", "S2-CHOKE-5")
        elif g.kind == "arm_lock":
            b.add(4, "arm lock (instead of the two-hand +5: ruling)", "S2-ARMLOCK-7")
            fails = int(g.extra.get("failed_escapes", 0))
            if fails:
                a.add(-fails, f"{fails} failed attempt(s) to break the arm lock", "S2-ARMLOCK-8")
        elif g.hands >= 2:
            b.add(5, "grappling with two hands", "S2-BREAK-2")
        if g.hands > 2:
            b.add(2 * (g.hands - 2), f"{g.hands} arms in the grip (house rule: arms used)", "S2-BREAK-5")
        arms = victim.arms - len([c for c in victim.crippled if c in victim.hands])
        if arms > 2:
            a.add(2 * (arms - 2), f"{arms} arms (house rule: arms used)", "S2-BREAK-5")
        if "stunned" in holder.conditions:
            b.add(-4, "stunned holder", "S2-BREAK-6")
        return a, b

    # -- turns -------------------------------------------------------------------------------------
    def grip_in_force(self, battle: Battle, grip: Grapple) -> None:
        """A situation's grip: taken before it starts, so its victim has had a turn with it on (S2-WRENCH-2/3,
        S2-ARMLOCK-18 count those turns)."""
        super().grip_in_force(battle, grip)
        grip.extra = {**grip.extra, "victim_turns": 1}

    def start_turn(self, battle: Battle, fighter_id: str, dice: Dice) -> list[Event]:
        """Suffocation and choke FP loss (S2-STRANGLE-10, S2-CHOKE-8, S2-SUFFOCATE-*), and the count of the
        victim's turns each grip has lasted (S2-WRENCH-2/3, S2-ARMLOCK-18)."""
        r = Resolution(battle, dice, self)
        r.events.extend(ThreeD6Lite.start_turn(self, battle, fighter_id, dice))
        for g in list(grips_on(battle, fighter_id)):
            if not g.extra.get("victim_turns") and g.extra.get("made_on_turn") != battle.turn:
                r.emit(E.grapple_change(g.holder, g.target, extra={**g.extra, "victim_turns": 1}))
        suffocation.start_turn(r, self, fighter_id)
        return r.events

    def after_action(self, r: Resolution, actor: Fighter, action: Maneuver) -> None:
        ThreeD6Lite.after_action(self, r, actor, action)
        # S2-TAKEDOWN-4: the second hex of a lying body is forgotten once it gets up or is moved.
        for f in r.battle.fighters:
            if "lying_across" in f.counters and (f.posture != "prone" or hex_distance(
                    Hex.of(f.counters["lying_across"]), f.hex) != 1):
                r.emit(E.stat(f.id, "counters.lying_across", None))

    # -- parries open the arm lock (S2-ARMLOCK-2) --------------------------------------------------
    def on_parry(self, r: Resolution, defender: Fighter, attacker: Fighter, defense: C.Defense,
                 att: C.AttackInfo) -> None:
        if att.kind != "strike" or defense.kind != "parry" or defense.hand is None:
            return
        held = defender.hands.get(defense.hand)
        # the skill of a bare-handed parry, as combat.defense_options picks it (ruling L-7)
        skill = max([(S.stat(defender, "DX"), "DX")] + [(int(defender.skills[s]), s) for s in S.UNARMED_PARRY_SKILLS
                                                        if s in defender.skills], key=lambda x: x[0])[1]
        hand = None
        if att.weapon is not None:
            hand = next((h for h, it in attacker.hands.items() if it == att.weapon), None)
        armlock.record_parry(r, defender.id, attacker.id, skill=skill, barehanded=held is None, attack_hand=hand)

    # -- menu and odds -----------------------------------------------------------------------------
    def legal_actions(self, battle: Battle, fighter_id: str) -> list[Option]:
        """Lite's menu with this ruleset's classes (break free, takedown), plus the S2-only moves."""
        # The menu builds this ruleset's break free and takedown and leaves lite's strangle out (``_OWN_MENU``).
        out = legal_actions(self, battle, fighter_id)
        out.extend(self._s2_options(battle, battle.fighter(fighter_id)))
        return out

    def _s2_options(self, battle: Battle, f: Fighter) -> list[Option]:
        opts: list[Option] = []
        check = Sweep(self, battle, f).check

        def add(a: Action) -> None:
            opts.append(new_option(a, check(a)))

        mine = grips_by(battle, f.id)
        for g in mine:
            for man in G.AFTER_MANEUVERS:
                add(Strangle(f.id, target=g.target, maneuver=man))
                if g.location in wrench.WRENCH_LOCATIONS:
                    add(WrenchLimb(f.id, location=g.location, target=g.target, maneuver=man))
            if g.kind == "arm_lock":
                add(ArmLockDamage(f.id, target=g.target))
        if not mine:
            add(Strangle(f.id))
            add(WrenchLimb(f.id))
        near = [o for o in battle.fighters if o.side != f.side and not is_out(o) and hex_distance(o.hex, f.hex) <= 1]
        for o in sorted(near, key=lambda o: o.id):
            for man in G.AFTER_MANEUVERS:
                if choke.choke_skill(f) is not None:
                    add(ChokeHold(f.id, target=o.id, maneuver=man))
                if armlock.lock_skill(f) is not None and armlock.lock_grip(battle, f.id, o.id) is None:
                    add(ArmLock(f.id, target=o.id, maneuver=man))
        return opts

    def odds(self, battle: Battle, action: Action) -> dict[str, float]:
        if action.type in _PLAIN:  # none of the S2-only moves: lite's answer, without the tests below
            return {"done": 1.0}
        if action.type not in _OWN_MENU:
            return _odds(self, battle, action)
        if isinstance(action, Strangle):
            g = strangle.strangle_grip(battle, action.actor, action.target)
            if g is not None:
                a, b = strangle.strangle_specs(battle, self, g)
                return _wtl(quick_contest_odds(a.target, b.target))
        elif isinstance(action, WrenchLimb):
            g = wrench.wrench_grip(battle, action.actor, action.location, action.target)
            if g is not None:
                a, b = wrench.wrench_specs(battle, self, g)
                return _wtl(quick_contest_odds(a.target, b.target))
        elif isinstance(action, ArmLockDamage):
            g = armlock.lock_grip(battle, action.actor, action.target)
            if g is not None:
                a, b = armlock.damage_specs(battle, self, g)
                return _wtl(quick_contest_odds(a.target, b.target))
        elif isinstance(action, (ChokeHold, ArmLock)):
            return self._technique_odds(battle, action)
        return ThreeD6Lite.odds(self, battle, action)

    def _technique_odds(self, battle: Battle, action: ChokeHold | ArmLock) -> dict[str, float]:
        """hit / defended / miss for a choke hold or arm-lock capture (exact, G0-1 and G0-5)."""
        actor, target = battle.fighter(action.actor), battle.fighter(action.target)
        if isinstance(action, ChokeHold):
            base = choke.choke_spec(battle, actor.id)
        else:
            base = armlock.capture_spec(battle, actor.id)
        spec = self.technique_spec(battle, actor, target, base, action.maneuver)
        p_hit = success_chance(spec.target)
        p_crit = critical_chances(spec.target)[0]
        # The choke's defences are choke.choke_defenses (S2-CHOKE-4, G2-11), as its check and play see them;
        # the arm lock's arc is the hex the locker steps from (ruling L-1).
        p_def = 0.0
        if action.defense != "none":
            if isinstance(action, ChokeHold):
                options = choke.choke_defenses(self, battle, target, actor.id)
            else:
                options = C.defense_options(self, battle, target,
                                            C.AttackInfo(actor.id, "grapple", None, action.type, origin=actor.hex))
            if action.defense is not None:
                options = [o for o in options if o.kind == action.defense]
            best = C.best_defense(options)
            if best is not None:
                p_def = success_chance(best.target)
        defended = (p_hit - p_crit) * p_def
        return {"hit": p_hit - defended, "defended": defended, "miss": 1.0 - p_hit}


def _free_legs(battle: Battle, f: Fighter) -> list[str]:
    """The legs ``f`` may kick with: those not gripped at the leg or the foot (S2-OPT-2)."""
    held = {g.extra.get("limb", "right") for g in grips_on(battle, f.id) if g.location in ("leg", "foot")}
    return [side for side in ("right", "left") if side not in held]


def _wtl(t: tuple[float, float, float]) -> dict[str, float]:
    return {"win": t[0], "tie": t[1], "lose": t[2]}

