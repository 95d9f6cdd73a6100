"""``d20``: seed 004 (checklist S4) on GAPS.md's BFRPG proposals (G4-1 .. G4-22).

Modules: ``abilities`` (G4-1..4 bonus table, classes, AB, saves, HP), ``items``
(G4-5/6), ``status`` (shared questions), ``encounter`` (surprise, reaction),
``initiative`` (the phased countdown), ``movement``, ``attack``, ``mounted``,
``water``, ``wrestling``, ``actions``. The turn controller plays it with
``initiative.POLICY``; ``clinch resolve`` plays actions without phases.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from game.hexgrid import Hex, hex_distance, hex_linedraw, hex_ring
from game.rules import events as E
from game.rules.base import Action, MoveBand, Option, Outcome, Phase, Reason, Ruleset, register
from game.rules.d20 import actions as A
from game.rules.d20 import facts, scenario_schema
from game.rules.d20 import wrestling as W
from game.rules.d20.abilities import CLASS_NAMES, attack_bonus, current_hp, hp_max, save_target
from game.rules.d20.attack import apply_damage, armour_class, attack_mods, end_holds_of
from game.rules.d20.initiative import POLICY
from game.rules.d20.items import ITEMS, damage_dice, item
from game.rules.d20.mounted import regain_control
from game.rules.d20.movement import stall_if_idle, walk_rate
from game.rules.d20.presentation import D20Presentation
from game.rules.d20.status import (
    altitude,
    can_see,
    engaged_with,
    feet_per_hex,
    foes,
    is_helpless,
    is_mount,
    is_out,
    phase_of,
    this_round,
)
from game.rules.d20.water import tick_breath
from game.rules.events import has_effect
from game.rules.initiative import PHASES, surprise_event
from game.rules.presentation import Presentation

if TYPE_CHECKING:
    from game.dice import Dice
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["D20Ruleset", "D20_ACTIONS"]

D20_ACTIONS: dict[str, type[Action]] = {cls.type: cls for cls in (
    A.Move, A.Run, A.FightingWithdrawal, A.Face, A.ChangePosture, A.Attack, A.Brawl, A.Charge, A.SetVsCharge,
    A.Defend, A.ShieldBash, A.AimedShot, A.Ready, A.Wait, A.DoNothing, A.Evade, A.UseItem,
    W.Wrestle, W.Escape, W.MoveOpponent, W.Trip, W.AcquireItem, W.Silence, W.Release,
)}


#: S4-PHASE-1: the action types each phase of the countdown offers (read through ``D20Ruleset.phases``)
PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
    "movement": ("move", "run", "fighting_withdrawal", "charge", "evade", "change_posture", "face", "ready",
                 "set_vs_charge", "aimed_shot", "escape", "move_opponent", "use_item"),
    "artillery": ("attack",),
    "missiles": ("attack", "aimed_shot", "face"),
    "magic": ("use_item",),
    "hand-to-hand": ("attack", "brawl", "shield_bash", "face", "ready", "set_vs_charge", "escape",
                     "move_opponent", "wrestle", "trip", "acquire_item", "silence", "use_item"),
}


@register
class D20Ruleset(Ruleset):
    id: ClassVar[str] = "d20"
    name: ClassVar[str] = "d20 encounter and combat"
    presentation_type: ClassVar[type[Presentation]] = D20Presentation
    source_text: ClassVar[str] = "004"
    sections: ClassVar[tuple[str, ...]] = ("S4",)
    actions: ClassVar[dict[str, type[Action]]] = D20_ACTIONS
    #: S4-PHASE-1's phases on each initiative number, in the countdown's order (``initiative.PHASES``), and the
    #: action types each offers (the one place that says so: ``D20Action.check`` asks :meth:`phases_of`);
    #: defend, wait, do_nothing and release are named by none, so they are open in every phase. At the end of
    #: each phase, held-back damage lands (GX-4)
    phases: ClassVar[tuple[Phase, ...]] = tuple(Phase(name, ends="land_held_damage", actions=PHASE_ACTIONS[name])
                                                for name in PHASES)
    items: ClassVar[dict[str, dict[str, Any]]] = ITEMS
    grapple_kinds: ClassVar[tuple[str, ...]] = W.HOLD_KINDS
    #: a situation's ``stats.class`` is a class name (SITUATION-FORMAT.md), kept as written in lower case
    named_stats: ClassVar[dict[str, tuple[str, ...]]] = {"class": CLASS_NAMES}
    ai_hints: ClassVar[dict[str, Any]] = facts.AI_HINTS
    stat_blocks: ClassVar[tuple[dict[str, Any], ...]] = facts.STAT_BLOCKS
    options: ClassVar[dict[str, Any]] = scenario_schema.OPTIONS
    side_options: ClassVar[tuple[str, ...]] = scenario_schema.SIDE_OPTIONS
    trait_types: ClassVar[dict[str, Any]] = scenario_schema.TRAIT_TYPES
    fighter_traits: ClassVar[tuple[str, ...]] = scenario_schema.FIGHTER_TRAITS
    zero_stats: ClassVar[frozenset[str]] = scenario_schema.ZERO_STATS
    #: GX-5: besides move costs and blocking hexes, missile fire reads cover (S4-COVER-1..3) and a charge or a
    #: pursuit needs a line of sight (S4-CHARGE-5, S4-PURSUIT-5)
    terrain_features: ClassVar[frozenset[str]] = frozenset({"move_cost", "blocks_movement", "cover", "blocks_sight"})
    #: S4-ROUND-1: a combat round is 10 seconds
    round_seconds: ClassVar[int] = 10
    conditions: ClassVar[dict[str, str]] = {
        "surprised": "loses this round: cannot move or attack; still defends at full AC (S4-SURPRISE-5/6)",
        "dead": "killed at 0 HP (G4-2)",
        "unconscious": "knocked out by subduing damage at 0 HP (S4-SUBDUE-3); helpless",
        "knocked_out": "out for some rounds (S4-JOUST-6); helpless",
        "paralyzed": "helpless (S4-HELPLESS-1)",
        "bound": "tied up: helpless (S4-HELPLESS-1)",
        "helpless": "helpless: melee hits automatically for twice the maximum (S4-HELPLESS-1..3)",
        "stunned": "-2 AC and -2 AB (S4-JOUST-5, G4-16)",
        "exhausted": "ran 2 x CON rounds: may only walk (S4-RUN-3/4)",
        "mounted": "riding the mount in its hex (S4-MOUNT-*)",
        "bolting": "a mount fleeing out of control (S4-MOUNT-17..19)",
        "frightened": "under magical fear: a mount behaves as untrained (S4-MOUNT-21)",
        "silenced": "cannot speak: no command words (S4-HOLD-2)",
        "maimed": "a lingering injury: -2 to attack rolls (S4-CRIT-5, house rule)",
        "underwater": "fighting under water (S4-WATER-1..4)",
        "evaded": "got away: out of the battle (S4-PURSUIT-1/5)",
        "fled": "left the battle",
    }

    def initiative(self) -> Any:
        return POLICY

    # -- set-up ---------------------------------------------------------------------------------------------------
    def setup(self, battle: Battle) -> None:
        """Hit points (G4-2), and the 0 level of altitude/depth so at least one fighter is at 0 (S4-FLY-1)."""
        for f in battle.fighters:
            steed = f.traits.get("mounted_on")
            m = battle.get(steed) if isinstance(steed, str) else None
            if m is not None and "mounted" not in f.conditions:
                f.conditions.append("mounted")  # a scenario's rider (S4-MOUNT-*): the mount stands in its hex
                m.hex = f.hex
                m.facing = f.facing
            if "HP" not in f.stats:
                f.stats["HP"] = hp_max(f)
            if f.hp is None:
                f.hp = f.stats["HP"]
            if "surprised" in f.conditions and "surprised_round" not in f.counters:
                # S4-SURPRISE-5: a fighter the scenario or situation gives `surprised` loses the round the battle
                # starts in, as if the encounter's roll had caught it: the countdown gives it no slot, and every
                # action but waiting is refused (base.check). Once only: setup may run twice on one battle.
                f.counters["surprised_round"] = battle.round
                if has_effect(battle, f.id, "surprised") is None:
                    E.apply_event(battle, surprise_event(f.id, battle.round))
            alt = f.traits.get("altitude", f.stats.get("altitude"))
            if alt is not None and "altitude" not in f.counters:
                f.counters["altitude"] = int(alt)
        alts = [int(f.counters.get("altitude", 0)) for f in battle.fighters]
        if alts and 0 not in alts:
            shift = min(alts, key=abs)
            for f in battle.fighters:
                f.counters["altitude"] = int(f.counters.get("altitude", 0)) - shift
        if "round_seconds" not in battle.options:
            battle.options["round_seconds"] = self.round_seconds

    # -- turns ----------------------------------------------------------------------------------------------------
    def conditions_in_force(self, res: Resolution) -> None:
        """Ruling D20-30 (S4-WRESTLE-3, G4-2): a fighter a situation gives as down (dead, knocked out by subduing
        damage or a joust) lies prone and the holds it kept end, as when it goes down in play; a hold on it lasts."""
        for f in res.battle.fighters:
            if {"dead", "unconscious", "knocked_out"} & set(f.conditions):
                if f.posture != "prone":
                    res.emit(E.posture(f.id, "prone", rule="G4-2"))
                end_holds_of(res, f)

    def can_act(self, battle: Battle, fighter: Fighter) -> bool:
        return not is_out(fighter) and not is_helpless(battle, fighter)

    def can_fight(self, battle: Battle, fighter: Fighter) -> bool:
        """Out (dead, unconscious, evaded) or helpless fighters, and mounts, no longer keep their side in it."""
        if is_mount(fighter):
            return False
        return not is_out(fighter) and not is_helpless(battle, fighter)

    def max_hp(self, fighter: Fighter) -> float | None:
        """G4-2 (ruling D20-3): ``HP``, else the hit dice's average rounded up plus the CON bonus."""
        return float(hp_max(fighter))

    def outcome(self, battle: Battle) -> Outcome:
        able = {f.side for f in battle.fighters if self.can_fight(battle, f)}
        sides = {f.side for f in battle.fighters}
        if len(able) <= 1 and len(sides) > 1:
            return Outcome(True, next(iter(able), None))
        return Outcome(False)

    def start_turn(self, battle: Battle, fighter_id: str, dice: Dice) -> list[dict]:
        """Once a round, at a fighter's first slot: timed conditions end, breath, an idle winged flier's stall,
        touch attacks, a bolting mount; at its hand-to-hand slot, the attack of a charge that had to wait for it
        (ruling D20-6)."""
        r = E.Resolution(battle, dice, self)
        f = battle.get(fighter_id)
        if f is None:
            return []
        charge = this_round(battle, f, "charge")
        if charge and charge.get("pending") and phase_of(battle) == "hand-to-hand":
            A.charge_attack(r, f)  # ruling D20-6: the charge's attack, in the charger's hand-to-hand slot
        if f.counters.get("round_ticked") == battle.round:
            return r.events
        r.emit(E.stat(f.id, "counters.round_ticked", battle.round))
        for cond, key in (("stunned", "stunned_until"), ("knocked_out", "out_until"),
                          ("paralyzed", "paralyzed_until")):
            until = f.counters.get(key)
            if cond in f.conditions and until is not None and battle.round >= int(until):
                r.emit(E.condition(f.id, remove=cond, rule="S4-JOUST-5" if cond == "stunned" else "S4-JOUST-6"))
                r.emit(E.stat(f.id, f"counters.{key}", None))
        if "surprised" in f.conditions:  # S4-SURPRISE-5: the condition lasts the round it was given in
            since = f.counters.get("surprised_round")
            if since is None:
                r.emit(E.stat(f.id, "counters.surprised_round", battle.round, rule="S4-SURPRISE-5"))
            elif int(since) < battle.round:
                r.emit(E.condition(f.id, remove="surprised", rule="S4-SURPRISE-5"))
                r.emit(E.stat(f.id, "counters.surprised_round", None))
        if not is_out(f):
            tick_breath(r, f)
        stall_if_idle(r, f)  # S4-FLY-4: a winged flier that did not fly last round stalls (ruling D20-27)
        for g in [g for g in battle.grapples if g.holder == f.id]:
            t = battle.fighter(g.target)
            if not is_out(f) and g.since < battle.turn and this_round(battle, f, "touched") is None:
                W.touch_attack(r, f, t)
        if is_mount(f):
            regain_control(r, f)
        seen = any(can_see(battle, o.hex, f.hex) for o in foes(battle, f))
        if seen and f.counters.get("unseen_since") is not None:
            r.emit(E.stat(f.id, "counters.unseen_since", None, rule="S4-PURSUIT-5"))
        elif not seen and f.counters.get("unseen_since") is None:
            r.emit(E.stat(f.id, "counters.unseen_since", battle.round, rule="S4-PURSUIT-5"))
        return r.events

    def land_held_damage(self, battle: Battle, dice: Dice) -> list[dict]:
        """GX-4: damage of simultaneous actions lands once everyone on the number has acted in the phase (every
        phase's ``ends``, :attr:`phases`)."""
        pending = list(battle.state.get("d20_pending", []))
        if not pending:
            return []
        r = E.Resolution(battle, dice, self)
        r.emit(E.stat(battle.fighters[0].id, "battle.d20_pending", [], rule="GX-4"))
        for p in pending:
            a, t = battle.fighter(p["attacker"]), battle.fighter(p["target"])
            if "dead" in t.conditions:
                continue
            apply_damage(r, a, t, int(p["amount"]), dtype=p["dtype"], rule=p["rule"], why=p.get("why", ""),
                         defer=False)
        return r.events

    # -- the menu -------------------------------------------------------------------------------------------------
    def legal_actions(self, battle: Battle, fighter_id: str) -> list[Option]:
        f = battle.get(fighter_id)
        if f is None:
            return []
        cands: list[Action] = [A.DoNothing(f.id), A.Defend(f.id, mode="partial"), A.Defend(f.id, mode="total"),
                               A.SetVsCharge(f.id), A.AimedShot(f.id), W.Escape(f.id), W.Release(f.id),
                               A.Evade(f.id)]
        if f.posture == "prone":
            cands.append(A.ChangePosture(f.id, posture="standing"))
        for it in f.items:
            if item(it).get("kind") in ("melee", "missile", "shield"):
                cands.append(A.Ready(f.id, item=it))
        fs = [o for o in foes(battle, f)]
        weapons = [h for h in dict.fromkeys(f.hands.values()) if h and item(h).get("kind") in ("melee", "missile")]
        for o in fs:
            close = hex_distance(f.hex, o.hex) <= 1
            for w in weapons or [None]:
                cands.append(A.Attack(f.id, target=o.id, item=w))
            if close:
                cands.append(A.Brawl(f.id, target=o.id, kind="punch"))
                cands.append(W.Wrestle(f.id, target=o.id))
                cands.append(W.Trip(f.id, target=o.id))
                cands.append(A.ShieldBash(f.id, target=o.id))
            if hex_distance(f.hex, o.hex) <= 18:
                for h in hex_ring(o.hex, 1):
                    if hex_distance(f.hex, h) >= 2:
                        cands.append(A.Charge(f.id, target=o.id, to=(h.q, h.r)))
            for t in [g.target for g in battle.grapples if g.holder == f.id]:
                for it in battle.fighter(t).hands.values():
                    if it:
                        cands.append(W.AcquireItem(f.id, item=it, target=t))
        # moves: next to each foe, as far as a walk (and a run) goes along the line to each foe, one step
        # away, and stepping back while engaged
        walk = max(1, int(walk_rate(battle, f) // max(1, feet_per_hex(battle))))
        dests = set()
        far = set()
        for o in fs[:6]:
            for h in hex_ring(o.hex, 1):
                dests.add(h)
                if hex_distance(f.hex, h) > walk:
                    far.add(h)
        for o in sorted(fs, key=lambda o: (hex_distance(f.hex, o.hex), o.id))[:3]:
            line = hex_linedraw(f.hex, o.hex)
            if len(line) > 2:  # rough ground costs more: a few points short of the full rate too
                for k in sorted({walk - 2, walk - 1, walk, 2 * walk - 3, 2 * walk - 2, 2 * walk}):
                    if 1 <= k <= len(line) - 2:
                        dests.add(line[k])
                        if k > walk:
                            far.add(line[k])
        for h in hex_ring(f.hex, 1):
            dests.add(h)
        for h in sorted(dests):
            if h != f.hex and hex_distance(f.hex, h) <= 16:
                cands.append(A.Move(f.id, to=(h.q, h.r)))
                if h in far:
                    cands.append(A.Run(f.id, to=(h.q, h.r)))
        if engaged_with(battle, f):
            for h in hex_ring(f.hex, 1):
                cands.append(A.FightingWithdrawal(f.id, to=(h.q, h.r)))
        out = []
        seen = set()
        for c in cands:
            key = str(c.to_dict())
            if key in seen:
                continue
            seen.add(key)
            out.append(Option(c, c.check(battle, self)))
        return out

    def move_band(self, battle: Battle, fighter: Fighter, move: Action, cost: int) -> MoveBand | None:
        """A walk (up to the encounter move, S4-MOVE-6) keeps the attack of the fighter's later phase; a run
        (double move, S4-RUN-1) gives it up (S4-RUN-2: "no attack this round")."""
        if not isinstance(move, A.Move):
            return None
        if isinstance(move, A.Run):
            return MoveBand("run", False, "run (double move): no attack after", "S4-RUN-2")
        return MoveBand("walk", True, "walk: may still attack in a later phase", "S4-MOVE-6")

    def move_path(self, battle: Battle, action: Action) -> list[Hex] | None:
        """The path a walk, a run or a fighting withdrawal takes (the plan its check made: GX-5 costs, turns
        of 60 degrees, one sidestep), so the preview shows the way and the cost the move will spend."""
        f = battle.get(action.actor)
        if f is None or getattr(action, "to", None) is None:
            return None
        if isinstance(action, A.Move):
            p = action._plan(battle, f)
            return list(p.path) if p is not None else None
        if isinstance(action, A.FightingWithdrawal):
            return action._path(battle, f)
        return None

    # -- exact odds -----------------------------------------------------------------------------------------------
    def odds(self, battle: Battle, action: Action) -> dict[str, float]:
        """``hit``/``miss`` for attack rolls (natural 1 and 20 included), ``success``/``failure`` for saves,
        ``done`` for the rest; attacks add ``expected_damage`` in a separate key of :meth:`damage_odds`."""
        f = battle.fighter(action.actor)
        target = battle.get(getattr(action, "target", None) or "")
        if isinstance(action, (A.Attack, A.Brawl, A.Charge, A.ShieldBash, W.Wrestle, W.Trip)) and target:
            if is_helpless(battle, target) and not isinstance(action, W.Wrestle):
                return {"hit": 1.0}
            p = self.hit_chance(battle, action, f, target)
            return {"hit": p, "miss": 1.0 - p}
        if isinstance(action, W.Escape):
            h = action.holder(battle, f)
            if h is None:
                return {"done": 1.0}
            n, mod, _ = save_target(f, "death")
            total = sum(m.value for m in W.escape_mods(battle, f, h)) + mod
            p = sum(1 for face in range(1, 21) if face + total >= n) / 20
            return {"success": p, "failure": 1.0 - p}
        return {"done": 1.0}

    def hit_chance(self, battle: Battle, action: Action, f: Fighter, t: Fighter) -> float:
        kind = "wrestle" if isinstance(action, W.Wrestle) else "melee"
        w = getattr(action, "item", None)
        if isinstance(action, A.Attack) and (item(w).get("kind") == "missile" or A.is_thrown(battle, f, t, w)):
            kind = "missile"  # a dagger thrown too (G4-6): its range, the careful -4 and the AC as the throw meets them
        opt = "kick" if isinstance(action, A.Brawl) and action.kind == "kick" else getattr(action, "option", None)
        mods = sum(m.value for m in attack_mods(battle, f, t, w, kind, option=opt)) + attack_bonus(f)
        if isinstance(action, A.Charge):
            mods += 2
        dc, _ = armour_class(battle, t, f, kind)
        return sum(1 for face in range(1, 21)
                   if face == 20 or (face != 1 and face + mods >= dc)) / 20

    def damage_odds(self, action: Action, f: Fighter) -> dict[int, float]:
        """Distribution of one weapon damage roll (before bonuses)."""
        n, d = damage_dice(getattr(action, "item", None))
        dist = {0: 1.0}
        for _ in range(n):
            nxt: dict[int, float] = {}
            for s, p in dist.items():
                for face in range(1, d + 1):
                    nxt[s + face] = nxt.get(s + face, 0.0) + p / d
            dist = nxt
        return dist


_ = (current_hp, altitude, Reason)
