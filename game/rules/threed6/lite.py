"""``3d6-lite``: seed 000 (checklist S0) on the conventional 3d6 core of GAPS.md (G0-1 .. G0-21).

Public API (``find_ruleset("3d6-lite")``; an action is handed it: ``check(battle, rules)``, ``r.rules``):

- ``legal_actions(battle, fighter_id) -> list[Option]``: every action with its
  options (targets, locations, hands, items); illegal ones carry the reason.
- ``odds(battle, action) -> dict``: exact outcome chances: ``hit/defended/miss``
  for attacks and grapples, ``win/tie/lose`` for contests, ``success/failure``
  for a Ready roll, ``done`` for the rest.
- ``initiative()``: the turn-order policy (Basic Speed, DX, a seeded roll-off; G0-4).
- ``start_turn`` / ``end_turn``: shock wears off, stun recovery (G0-7).
- ``can_act`` / ``can_fight`` / ``outcome``: G0-21.
- ``cite(id)``: the rule ID a variant shows for an S0 rule.

Actions (intents) are in ``maneuvers.py`` and ``grappling.py``; every one is
played as a maneuver (``Maneuver.maneuver_name()``: attack, all_out_attack,
move_and_attack, move, ...; ``free`` actions do not end the turn: ``release``,
``throw_away``, ``face``). Grappling moves take a ``maneuver`` field
(``attack``/``all_out_attack``, and ``move_and_attack`` for ``grapple``).
A turn controller must advance ``battle.turn`` between turns: moves after a
grapple need a later turn (S0-AFTER-1) and "once per 10 turns" counts
``battle.round`` (ruling L-13).

Hooks a variant overrides (``3d6-full`` subclasses this class):

======================================  =====================================================
``rule_map``                            S0 ID -> the variant's ID, used by ``cite()`` everywhere
``grab_penalties`` / ``grab_rules``     location -> penalty / rule (S0-GRAB-2..4)
``item_grab_penalty``                   grab a held item (S0-GRAB-5: -4)
``grab_base(f)``                        (level, name) the grab rolls against (S0-GRAB-1, G0-15)
``grab_size_bonus(a, t)``               SM bonus (S0-GRAB-6, G0-9)
``getdown_postures``                    target postures that force the grappler down (S0-REQ-5)
``leg_takedown_bonus``                  +3 (S0-LOC-4); 0 in full (G2-17)
``limb_grip_disables``                  True: a gripped limb can't attack/defend (S0-LOC-1)
``held_dx_penalty(b, f, part)``         -4 DX while held (S0-HOLD-1) - full: only when using the part
``held_defense_penalty(b, f, kind)``    -2 parry/block, -1 dodge (S0-HOLD-2)
``holding_limb_parry``                  "release" (S0-MUTUAL-3) or "forbid" (S2-ARMS-1)
``strong_enough(st, other)``            "more than twice" (S0-HOLD-4, S0-VICTIM-1, S0-FREE-2)
``victim_forbidden``                    maneuvers a held fighter can't take (S0-VICTIM-2)
``grappler_forbidden_until_pin``        maneuvers barred until the foe is pinned (S0-HAND-3)
``force_drop_locations``                grips that force a drop (S0-LOC-3: arm)
``weapon_use_reason`` / ``natural_attack_reason``  what a grappler/victim may strike with
``break_free_specs(b, victim, grip)``   the Break Free contest (S0-BREAK-3..9)
``takedown_specs`` / ``pin_specs`` / ``st_contest_specs``  the other contests
``takedown_landing(b, winner, loser)``  where the fallen one lies (S0-TAKEDOWN-5: winner's hex)
``move_allowance(b, f, load=, carrying=)``, ``drag_load(victim)``  G0-4, G0-8, G0-13
``lower_to_14(b)``                      G0-3 flag (``battle.options["contest_lower_to_14"]``)
``extra_actions``                       action classes a variant adds (strangle, arm lock...)
======================================  =====================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from game.rules import events as E
from game.rules.base import Action, Option, Outcome, Phase, Reason, Ruleset, register
from game.rules.common import Mod, RollSpec, roll_under
from game.rules.events import Resolution
from game.rules.initiative import basic_speed_order
from game.rules.presentation import Presentation
from game.rules.threed6 import combat as C
from game.rules.threed6 import facts, scenario_schema
from game.rules.threed6 import grappling as G
from game.rules.threed6 import maneuvers as M
from game.rules.threed6 import stats as S
from game.rules.threed6.presentation import LitePresentation
from game.rules.threed6.status import (
    BODY_LOCATIONS,
    free_hands,
    gripped_parts,
    grips_by,
    is_grappled,
    is_out,
    is_pinned,
)

if TYPE_CHECKING:
    from game.dice import Dice
    from game.hexgrid import Hex
    from game.model import Battle, Fighter, Grapple
    from game.rules.base import Event
    from game.rules.events import Resolution

__all__ = ["ThreeD6Lite", "LITE_ACTIONS"]

LITE_ACTIONS: dict[str, type[Action]] = {cls.type: cls for cls in (
    M.Move, M.Face, M.ChangePosture, M.Attack, M.AllOutAttack, M.MoveAndAttack, M.AllOutDefense, M.Bite,
    M.Ready, M.ThrowAway, M.Evaluate, M.Feint, M.Aim, M.Concentrate, M.Wait, M.DoNothing,
    G.Grab, G.BreakFree, G.Release, G.Takedown, G.Pin, G.WrestleWeapon, G.ForceDrop, G.Drag, G.Strangle,
)}


@register
class ThreeD6Lite(Ruleset):
    id: ClassVar[str] = "3d6-lite"
    name: ClassVar[str] = "3d6 lite grappling"
    presentation_type: ClassVar[type[Presentation]] = LitePresentation
    source_text: ClassVar[str] = "000"
    fractional_stats: ClassVar[frozenset[str]] = frozenset({"Speed"})  # G0-4: Basic Speed may be 5.25
    sections: ClassVar[tuple[str, ...]] = ("S0",)
    actions: ClassVar[dict[str, type[Action]]] = LITE_ACTIONS
    #: no phases, declared: each fighter takes one whole turn in the fixed order (G0-4; 3d6-full inherits it),
    #: so no action waits for a phase (:meth:`phases_of` is empty: no phase gate)
    phases: ClassVar[tuple[Phase, ...]] = ()
    conditions: ClassVar[dict[str, str]] = {
        "stunned": "may only Do Nothing; -4 to active defences; HT at the end of each turn to recover (G0-7)",
        "unconscious": "out of the fight: prone, drops everything, lets go (G0-7, S0-BREAK-8)",
        "dead": "out of the fight (G0-7)",
        "helpless": "no active defence (G0-14); a pinned fighter is helpless (S0-PIN-6)",
        "surprised": "scenario flag; no effect in 3d6-lite",
    }
    items: ClassVar[dict[str, dict[str, Any]]] = S.ITEMS
    #: G0-6: ``"item": "kick"`` on an attack kicks (the menu offers it; ``clinch actions`` documents it)
    item_words: ClassVar[tuple[str, ...]] = ("kick",)

    # -- hooks (see the module docstring) ----------------------------------------------------------
    rule_map: ClassVar[dict[str, str]] = {}
    grip_distance: ClassVar[int] = facts.GRIP_DISTANCE
    pin_lying: ClassVar[bool] = facts.PIN_LYING
    trait_types: ClassVar[dict[str, Any]] = scenario_schema.TRAIT_TYPES
    grab_penalties: ClassVar[dict[str, int]] = {"torso": 0, "arm": -1, "leg": -1, "head": -3}
    grab_rules: ClassVar[dict[str, str]] = {"torso": "S0-GRAB-2", "arm": "S0-GRAB-3", "leg": "S0-GRAB-3",
                                            "head": "S0-GRAB-4"}
    item_grab_penalty: ClassVar[int] = -4
    getdown_postures: ClassVar[frozenset[str]] = frozenset({"kneeling", "prone", "crawling"})
    leg_takedown_bonus: ClassVar[int] = 3
    limb_grip_disables: ClassVar[bool] = True
    holding_limb_parry: ClassVar[str] = "release"
    strength_words: ClassVar[str] = "more than twice"
    victim_forbidden: ClassVar[frozenset[str]] = frozenset({"aim", "concentrate", "wait"})
    grappler_forbidden_until_pin: ClassVar[frozenset[str]] = frozenset({"aim", "feint", "concentrate", "wait"})
    force_drop_locations: ClassVar[frozenset[str]] = frozenset({"arm"})
    extra_actions: ClassVar[dict[str, type[Action]]] = {}
    move_band = M.move_band  # G0-4: a Move maneuver is the whole turn (see the function)

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.extra_actions:
            cls.actions = {**LITE_ACTIONS, **cls.extra_actions}

    def cite(self, rule_id: str) -> str:
        return self.rule_map.get(rule_id, rule_id)

    def strong_enough(self, st: int, other_st: int) -> bool:
        """S0-HOLD-4, S0-VICTIM-1, S0-FREE-2: ST *more than* twice the other's."""
        return st > 2 * other_st

    def lower_to_14(self, battle: Battle) -> bool:
        return bool(battle.options.get("contest_lower_to_14", True))

    def grab_base(self, f: Fighter) -> tuple[int, str]:
        """S0-GRAB-1 with G0-15: the best of DX and the grappling skills."""
        return S.best_grappling(f)

    def grab_penalty(self, location: str) -> tuple[int, str, str]:
        """(value, reason, rule) for grabbing ``location`` (a body part or an item id)."""
        if location in BODY_LOCATIONS:
            return self.grab_penalties[location], f"grab the {location}", self.cite(self.grab_rules[location])
        return self.item_grab_penalty, f"grab the held {location}", self.cite("S0-GRAB-5")

    def grab_size_bonus(self, a: Fighter, t: Fighter) -> Mod | None:
        diff = a.size - t.size
        if diff > 0:
            return Mod(diff, "larger grappler: SM difference (house rule: no penalty when smaller)",
                       self.cite("S0-GRAB-6"))
        return None

    def held_dx_penalty(self, battle: Battle, f: Fighter, part: str | None = None) -> Mod | None:
        """S0-HOLD-1: -4 DX while anyone holds the fighter's body (not stacking, G0-19)."""
        if is_grappled(battle, f.id):
            return Mod(-4, "grappled: -4 DX", self.cite("S0-HOLD-1"))
        return None

    def held_defense_penalty(self, battle: Battle, f: Fighter, kind: str) -> Mod | None:
        """S0-HOLD-2: the held -4 DX is -2 to parries and blocks, -1 to dodges."""
        return Mod(-1 if kind == "dodge" else -2, f"grappled: -4 DX gives {'-1' if kind == 'dodge' else '-2'} "
                   f"to {kind}", self.cite("S0-HOLD-2"))

    def limb_usable(self, battle: Battle, f: Fighter, hand: str, parts: set[str] | None = None) -> bool:
        """S0-LOC-1: a gripped arm can neither attack nor defend."""
        if not self.limb_grip_disables:
            return True
        parts = gripped_parts(battle, f.id) if parts is None else parts
        return f"arm:{hand}" not in parts and f"hand:{hand}" not in parts

    def item_is_grabbed(self, battle: Battle, f: Fighter, hand: str) -> bool:
        """S0-ITEM-2: an item someone grasps can't be used to attack or defend."""
        held = f.hands.get(hand)
        return held is not None and any(g.target == f.id and g.location == held for g in battle.grapples)

    def usable_free_hands(self, battle: Battle, f: Fighter) -> list[str]:
        """Empty hands not committed to a grip (S0-HAND-1) and not on a gripped arm (S0-LOC-1)."""
        if not self.limb_grip_disables:
            return free_hands(battle, f)
        parts = gripped_parts(battle, f.id)
        blocked = {p.split(":", 1)[1] for p in parts if p.startswith(("arm:", "hand:"))}
        return free_hands(battle, f, blocked_arms=blocked)

    def natural_attack_reason(self, battle: Battle, f: Fighter, name: str) -> Reason | None:
        parts = gripped_parts(battle, f.id)
        if name == "punch":
            if not self.usable_free_hands(battle, f):
                if any(h for h, it in f.hands.items() if it is None and not self.limb_usable(battle, f, h, parts)):
                    return Reason(f"{f.label}'s empty hand is on a gripped arm", self.cite("S0-OPT-2"))
                return self.no_punch_hand_reason(battle, f, self.cite("S0-HAND-1"))
        elif name == "kick":
            if {"leg:right", "leg:left"} <= parts or ("leg:right" in parts and self.limb_grip_disables
                                                       and len([p for p in parts if p.startswith("leg")]) >= 2):
                return Reason(f"{f.label}'s legs are gripped", self.cite("S0-OPT-2"))
            if f.posture in S.LYING:
                return Reason(f"{f.label} cannot kick while lying down (house rule)", "G0-8")
        elif name == "bite":
            if self.limb_grip_disables and "head" in parts:
                return Reason(f"{f.label}'s head is gripped and cannot bite", self.cite("S0-LOC-1"))
        return None

    def no_punch_hand_reason(self, battle: Battle, f: Fighter, rule: str) -> Reason:
        """Why no hand can punch, in true words (issue 15): a fighter holding a sword and a shield and
        nobody has full hands, not "no hand free of the grapple"; the grapple is named only when a grip
        takes a hand (S0-HAND-1)."""
        if not any(g.holder == f.id for g in battle.grapples):
            held = [it for h, it in f.hands.items() if it is not None and h not in f.crippled]
            if held:
                return Reason(f"{f.label}'s hands are full ({', '.join(held)}): none is free to punch with", rule)
            return Reason(f"{f.label} has no working hand to punch with", rule)
        return Reason(f"{f.label} has no hand free of the grapple to punch with", rule)

    def weapon_use_reason(self, battle: Battle, f: Fighter, hand: str, weapon: str) -> Reason | None:
        if not self.limb_usable(battle, f, hand):
            return Reason(f"{f.label}'s {hand} arm is gripped and cannot attack", self.cite("S0-OPT-2"))
        if self.item_is_grabbed(battle, f, hand):
            return Reason(f"Someone has hold of {f.label}'s {weapon}: it cannot attack", self.cite("S0-ITEM-2"))
        return None

    def defense_choice_reason(self, battle: Battle, target_id: str, attacker_id: str, weapon: str | None,
                              defense: str | None, kind: str = "strike", origin: Hex | None = None) -> Reason | None:
        """Why the defender cannot answer with ``defense``; ``origin`` is the hex a step into the defender's
        hex comes from (ruling L-1), as the play will judge the arc. The reason is the one ``roll_defense``
        would write (``combat.no_defense_reason``)."""
        if defense is None or defense == "none":
            return None
        if defense not in ("dodge", "parry", "block"):
            return Reason(f"Unknown defence {defense!r}", "G0-5", "bad_intent")
        target = battle.get(target_id)
        if target is None:
            return None
        att = C.AttackInfo(attacker_id, kind, weapon, origin=origin)
        if not any(o.kind == defense for o in C.defense_options(self, battle, target, att)):
            why, rule = C.no_defense_reason(self, battle, target, att, defense)
            return Reason(f"{target.label} cannot {defense} this attack ({why})", rule)
        return None

    # -- shared checks and clean-up --------------------------------------------------------------
    def maneuver_reason(self, battle: Battle, actor: Fighter, action: M.Maneuver) -> Reason | None:
        if is_out(actor):
            state = "dead" if "dead" in actor.conditions else "unconscious"
            return Reason(f"{actor.label} is {state} and cannot act", "G0-7")
        if "stunned" in actor.conditions and action.type != "do_nothing":
            return Reason(f"{actor.label} is stunned and may only Do Nothing (house rule)", "G0-7")
        m = action.maneuver_name()
        if is_pinned(battle, actor.id) and action.physical and action.type != "break_free":
            return Reason(f"{actor.label} is pinned: no maneuver that needs physical movement except Break Free",
                          self.cite("S0-VICTIM-3"))
        if m in self.victim_forbidden and is_grappled(battle, actor.id):
            return Reason(f"{actor.label} is grappled and cannot {m.replace('_', ' ')}", self.cite("S0-VICTIM-2"))
        if m in self.grappler_forbidden_until_pin:
            for g in grips_by(battle, actor.id):
                if g.kind != "pin" and g.location in BODY_LOCATIONS:
                    return Reason(f"{actor.label} must first pin {battle.fighter(g.target).label} to "
                                  f"{m.replace('_', ' ')}", self.cite("S0-HAND-3"))
        return G.step_spent_reason(battle, self, actor, m)  # S0-FREE-3: after a drag on the step

    def after_action(self, r: Resolution, actor: Fighter, action: M.Maneuver) -> None:
        """Evaluate and Feint last only until the fighter's next maneuver (G0-4)."""
        if action.free:
            return
        for name in ("evaluate", "feint"):
            if action.type != name and actor.counters.get(name) is not None:
                r.emit(E.stat(actor.id, f"counters.{name}", None))

    def start_all_out_attack(self, r: Resolution, actor: Fighter) -> None:
        if not E.has_effect(r.battle, actor.id, "all_out_attack"):
            r.emit(E.effect_start(actor.id, "all_out_attack", until="next_turn", rule="G0-4"))

    def attack_modifiers(self, battle: Battle, actor: Fighter, target: Fighter, spec: RollSpec, maneuver: str,
                         option: str = "determined", part: str = "arm", posture: str | None = None) -> None:
        """Posture (G0-8), held -4 DX (S0-OPT-3), shock (G0-7), Evaluate, All-Out / Move and Attack (G0-4)."""
        posture = posture or actor.posture
        pm = S.POSTURE_ATTACK.get(posture, 0)
        if pm:
            spec.add(pm, f"house rule: attacking while {posture}", "G0-8")
        held = self.held_dx_penalty(battle, actor, part)
        if held:
            spec.add(held.value, "grappled: -4 DX applies to attacks", self.cite("S0-OPT-3"))
        shock = C.shock_penalty(battle, actor)
        if shock:
            spec.add(-shock, "house rule: shock", "G0-7")
        ev = actor.counters.get("evaluate")
        if ev and ev.get("target") == target.id:
            spec.add(int(ev["bonus"]), "house rule: Evaluate", "G0-4")
        if maneuver == "all_out_attack" and option == "determined":
            spec.add(4, "house rule: All-Out Attack (determined)", "G0-4")
        elif maneuver == "move_and_attack":
            spec.add(-4, "house rule: Move and Attack", "G0-4")
            spec.cap = (9, "house rule: Move and Attack skill at most 9", "G0-4")

    # -- grappling rolls ---------------------------------------------------------------------------
    def grapple_spec(self, battle: Battle, actor: Fighter, target: Fighter, location: str, hands: int,
                     maneuver: str, posture: str | None = None) -> RollSpec:
        """S0-GRAB-1..7 and the attack modifiers; ``posture``: the grappler's posture when it rolls."""
        level, name = self.grab_base(actor)
        spec = RollSpec(actor.id, f"grapple {target.label}'s {location}: {name}", level, self.cite("S0-GRAB-1"))
        value, why, rule = self.grab_penalty(location)
        spec.add(value, why, rule)
        size = self.grab_size_bonus(actor, target)
        if size:
            spec.modifiers.append(size)
        if hands > 2:
            spec.add(2 * (hands - 2), f"grappling with {hands} hands", self.cite("S0-GRAB-7"))
        self.attack_modifiers(battle, actor, target, spec, maneuver, "determined", "arm", posture)
        return spec

    def break_free_specs(self, battle: Battle, victim: Fighter, g: Grapple) -> tuple[RollSpec, RollSpec]:
        """S0-BREAK-3..9: the victim's ST against the holder's ST with its bonuses."""
        holder = battle.fighter(g.holder)
        a = RollSpec(victim.id, "break free: ST", S.stat(victim, "ST"), self.cite("S0-BREAK-3"))
        b = RollSpec(holder.id, "hold on: ST", S.stat(holder, "ST"), self.cite("S0-BREAK-3"))
        if g.kind == "pin":
            if g.hands >= 2:
                b.add(10, "pinning with two hands", self.cite("S0-BREAK-5"))
            else:
                b.add(5, "pinning with one hand", self.cite("S0-BREAK-4"))
        elif g.hands >= 2:
            b.add(5, "grappling with two hands", self.cite("S0-BREAK-4"))
        if g.hands > 2:
            b.add(2 * (g.hands - 2), f"{g.hands} arms in the grip (house rule: arms used)", self.cite("S0-BREAK-6"))
        arms = victim.arms - len([c for c in victim.crippled if c in victim.hands])
        if arms > 2:
            a.add(2 * (arms - 2), f"{arms} arms (house rule: arms used)", self.cite("S0-BREAK-6"))
        if "stunned" in holder.conditions:
            b.add(-4, "stunned holder", self.cite("S0-BREAK-9"))
        return a, b

    def takedown_specs(self, battle: Battle, actor: Fighter, victim: Fighter, g: Grapple,
                       maneuver: str) -> tuple[RollSpec, RollSpec]:
        """S0-TAKEDOWN-2..4: each the best of ST, DX and grappling skill, a held one's DX at -4 (S0-HOLD-1)."""
        a = best_of_st_dx_skill(self, battle, actor, "take down", "S0-TAKEDOWN-2")
        b = best_of_st_dx_skill(self, battle, victim, "stay up", "S0-TAKEDOWN-2")
        pm = S.POSTURE_ATTACK.get(actor.posture, 0)
        if pm:
            a.add(pm, f"grappler is {actor.posture} (house rule posture penalty)", self.cite("S0-TAKEDOWN-3"))
        if g.location == "leg" and self.leg_takedown_bonus:
            a.add(self.leg_takedown_bonus, "grappling the leg", self.cite("S0-TAKEDOWN-4"))
        self._all_out(a, maneuver)
        return a, b

    def _all_out(self, spec: RollSpec, maneuver: str) -> None:
        if maneuver == "all_out_attack":
            spec.add(4, "ruling: All-Out Attack (determined) on a grappling attack", "G0-4")

    def pin_specs(self, battle: Battle, actor: Fighter, victim: Fighter, g: Grapple,
                  maneuver: str) -> tuple[RollSpec, RollSpec]:
        """S0-PIN-3..5: Regular Contest of ST; +3 per SM to the bigger; +3 to more free hands."""
        a = RollSpec(actor.id, "pin: ST", S.stat(actor, "ST"), self.cite("S0-PIN-3"))
        b = RollSpec(victim.id, "resist the pin: ST", S.stat(victim, "ST"), self.cite("S0-PIN-3"))
        diff = actor.size - victim.size
        if diff:
            (a if diff > 0 else b).add(3 * abs(diff), f"bigger by {abs(diff)} SM", self.cite("S0-PIN-4"))
        fa, fb = len(self.usable_free_hands(battle, actor)), len(self.usable_free_hands(battle, victim))
        if fa != fb:
            (a if fa > fb else b).add(3, f"more free hands ({max(fa, fb)} against {min(fa, fb)})",
                                      self.cite("S0-PIN-5"))
        self._all_out(a, maneuver)
        return a, b

    def st_contest_specs(self, battle: Battle, actor: Fighter, other: Fighter, what: str, rule: str,
                         maneuver: str) -> tuple[RollSpec, RollSpec]:
        """S0-ITEM-4, S0-LOC-3: Regular Contest of ST."""
        a = RollSpec(actor.id, f"{what}: ST", S.stat(actor, "ST"), self.cite(rule))
        b = RollSpec(other.id, "hold on: ST", S.stat(other, "ST"), self.cite(rule))
        self._all_out(a, maneuver)
        return a, b

    def strangle_specs(self, battle: Battle, actor: Fighter, victim: Fighter, g: Grapple,
                       maneuver: str) -> tuple[RollSpec, RollSpec]:
        """G0-11 (S2-STRANGLE-3/4 read for lite): ST against the higher of ST and HT; -5 one hand, +2/hand past 2."""
        a = RollSpec(actor.id, "strangle: ST", S.stat(actor, "ST"), "G0-11")
        if g.hands == 1:
            a.add(-5, "house rule: strangling with one hand", "G0-11")
        elif g.hands > 2:
            a.add(2 * (g.hands - 2), "house rule: hands past the first two", "G0-11")
        self._all_out(a, maneuver)
        st, ht = S.stat(victim, "ST"), S.stat(victim, "HT")
        b = RollSpec(victim.id, f"resist the strangle: {'ST' if st >= ht else 'HT'}", max(st, ht), "G0-11")
        return a, b

    def takedown_landing(self, battle: Battle, winner: Fighter, loser: Fighter) -> Any:
        """S0-TAKEDOWN-5: the fallen fighter lies in the winner's hex."""
        return winner.hex

    # -- movement ----------------------------------------------------------------------------------
    def drag_load(self, victim: Fighter) -> float:
        """G0-13: a dragged foe weighs half when lying; a carried one its full weight."""
        return victim.weight / 2 if victim.posture in S.LYING else victim.weight

    def move_allowance(self, battle: Battle, f: Fighter, *, load: float = 0.0,
                       carrying: list[str] | tuple[str, ...] = ()) -> int:
        """Hexes one Move may cover: posture (G0-8), below 1/3 HP (G0-7), encumbrance (G0-13, S0-HOLD-4)."""
        base = S.basic_move(f)
        if f.posture in ("kneeling", "crawling", "prone"):
            base = min(base, 1)
        elif f.posture == "sitting":
            return 0
        elif f.posture == "crouching":
            base = -(-base * 2 // 3)
        if S.current_hp(f) * 3 < S.hp_max(f):
            base = -(-base // 2)
        total = load + sum(S.item_weight(it) for it in f.hands.values())
        total += sum(battle.fighter(c).weight for c in carrying)
        level = S.encumbrance_level(S.stat(f, "ST"), total)
        if level is None:
            return 0
        return max(int(base * S.ENCUMBRANCE[level][1]), 1 if base > 0 else 0)

    # -- turns -------------------------------------------------------------------------------------
    def initiative(self) -> Any:
        """G0-4: fixed order by Basic Speed, then DX, then a seeded roll-off made once."""
        return basic_speed_order(rule="G0-4")

    def can_act(self, battle: Battle, fighter: Fighter) -> bool:
        return not is_out(fighter)

    def can_fight(self, battle: Battle, fighter: Fighter) -> bool:
        """G0-21: dead, unconscious or pinned fighters no longer count for their side."""
        return not is_out(fighter) and not is_pinned(battle, fighter.id)

    def max_hp(self, fighter: Fighter) -> float | None:
        """G0-7: HP equals ST unless the fighter is given its own."""
        return float(S.hp_max(fighter))

    def outcome(self, battle: Battle) -> Outcome:
        """G0-21: over (and the winning side) when at most one side still has a fighter able to fight."""
        able = {f.side for f in battle.fighters if self.can_fight(battle, f)}
        sides = {f.side for f in battle.fighters}
        if len(able) <= 1 and len(sides) > 1:
            return Outcome(True, next(iter(able), None))
        return Outcome(False)

    def conditions_in_force(self, res: Resolution) -> None:
        """G0-7, S0-BREAK-8 (S2-BREAK-7): a fighter a situation gives as unconscious or dead is out as if it had just
        fallen: the grips it holds end, it lies prone and drops what it holds (``combat.collapse``, as in play)."""
        for f in res.battle.fighters:
            if is_out(f):
                C.collapse(res, f)

    def start_turn(self, battle: Battle, fighter_id: str, dice: Dice) -> list[Event]:
        """Nothing rolls here: the 0-HP consciousness roll comes with the chosen maneuver (ruling L-12)."""
        return []

    def end_turn(self, battle: Battle, fighter_id: str, dice: Dice) -> list[Event]:
        """G0-7: a stunned fighter rolls HT to recover (shock is an ``end_of_turn`` effect the controller ends)."""
        r = Resolution(battle, dice, self)
        f = battle.fighter(fighter_id)
        if "stunned" in f.conditions and not is_out(f):
            ev = r.note(roll_under(dice, RollSpec(f.id, "HT to recover from stun", S.stat(f, "HT"), "G0-7")))
            if ev["success"]:
                r.emit(E.condition(f.id, remove="stunned", rule="G0-7"))
        return r.events

    # -- the menu ----------------------------------------------------------------------------------
    def legal_actions(self, battle: Battle, fighter_id: str) -> list[Option]:
        return _legal_actions(self, battle, fighter_id)

    def odds(self, battle: Battle, action: Action) -> dict[str, float]:
        if action.type in _PLAIN:  # no roll (the first test odds.odds makes, without the call)
            return {"done": 1.0}
        return _odds(self, battle, action)



def best_of_st_dx_skill(rs: ThreeD6Lite, battle: Battle, f: Fighter, what: str, rule: str) -> RollSpec:
    """S0-TAKEDOWN-2: the best of ST, DX and grappling skill; held, DX (and the DX-based skills) count at -4, the
    modifier shown on the roll, ST as it is (S0-HOLD-1 "at -4 to DX while you're holding on", ruling L-17)."""
    held, st, (level, name) = rs.held_dx_penalty(battle, f), S.stat(f, "ST"), S.best_grappling(f)
    if held is None or st >= level + held.value:
        level, name = max((st, "ST"), (level, name)) if held is None else (st, "ST")
        return RollSpec(f.id, f"{what}: {name}", level, rs.cite(rule))
    return RollSpec(f.id, f"{what}: {name}", level, rs.cite(rule)).add(held.value, held.reason, held.rule)


from game.rules.threed6.menu import legal_actions as _legal_actions  # noqa: E402  (they import this module lazily)
from game.rules.threed6.odds import _PLAIN  # noqa: E402
from game.rules.threed6.odds import odds as _odds  # noqa: E402
