"""``nd6-tactical``: seed 003 (checklist S3) on GAPS.md's TFT core (G3-1 .. G3-30).

``Nd6Ruleset`` gathers the pieces: :mod:`.actions` (the TFT options), :mod:`.hth` (hand-to-hand in one hex),
:mod:`.martial` (Martial Arts, knockdowns, throws, slams, subduing, disarming), :mod:`.weapons` (pole arms,
bayonets, sweeps, the staff, swords, stun weapons), :mod:`.combat` (one attack), :mod:`.initiative` (G3-3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from game.hexgrid import Hex, hex_distance
from game.rules import events as E
from game.rules.base import Action, MoveBand, Option, Phase, Reason, Ruleset, register
from game.rules.initiative import SIDE_PHASES
from game.rules.nd6 import actions as A
from game.rules.nd6 import (
    aim,
    arms,
    autofire,
    effects,
    energy,
    facts,
    fire,
    flamer,
    grenades,
    hazards,
    hth,
    martial,
    ranged,
    rolls,
    scenario_schema,
    shotgun,
    weapons,
)
from game.rules.nd6.combat import _let_go, attack_odds, plan_attack
from game.rules.nd6.initiative import POLICY
from game.rules.nd6.items import ITEMS, item
from game.rules.nd6.presentation import Nd6Presentation
from game.rules.nd6.reach import move_reach
from game.rules.nd6.status import (
    dx_base,
    engaged_with,
    foes,
    in_hth,
    is_down,
    is_out,
    mov,
    ready_weapon,
    st_full,
    this_round,
)
from game.rules.presentation import Presentation

if TYPE_CHECKING:
    from game.dice import Dice
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["Nd6Ruleset", "ND6_ACTIONS"]

ND6_ACTIONS: dict[str, type[Action]] = {cls.type: cls for cls in (*A.CORE, *hth.ACTIONS, *martial.ACTIONS,
                                                                   *weapons.ACTIONS, *ranged.ACTIONS,
                                                                   *autofire.ACTIONS, *energy.ACTIONS,
                                                                   *grenades.ACTIONS, *fire.ACTIONS,
                                                                   *flamer.ACTIONS)}


def end_defence(r: E.Resolution, f: Fighter) -> None:
    """G3-4: a defend or dodge declared in an earlier round is over (its condition and its record go)."""
    dfn = f.counters.get("defense")
    if isinstance(dfn, dict) and dfn.get("round") != r.battle.round:
        for cond in ("defending", "dodging"):
            if cond in f.conditions:
                r.emit(E.condition(f.id, remove=cond, rule="G3-4"))
        r.emit(E.stat(f.id, "counters.defense", None))



#: G3-3: the action types each phase offers (read through ``Nd6Ruleset.phases``); waiting and doing nothing are
#: open in all three, the winner's move order only in its choice
PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
    "choose": ("move_order", "wait", "do_nothing"),
    "movement": ("move", "charge", "dodge", "defend", "face", "change_posture", "set_vs_charge", "release",
                 "stop_drop_roll", "wait", "do_nothing"),
    "action": ("attack", "burst", "full_auto", "flame", "throw", "throw_grenade", "hth", "jab", "slam", "knockdown",
               "subdue", "disarm", "staff_disarm", "staff_trip", "sweep", "fire_and_stab", "fit_bayonet", "ready",
               "reload", "clear_jam", "swap_battery", "pick_up", "extinguish", "disengage", "leave_hth", "dodge",
               "defend", "face", "change_posture", "set_vs_charge", "release", "stop_drop_roll", "wait",
               "do_nothing"),
}

@register
class Nd6Ruleset(Ruleset):
    """Seed 003 (checklist S3) with the conventional rules of GAPS G3-1..G3-30."""

    id: ClassVar[str] = "nd6-tactical"
    name: ClassVar[str] = "nd6 tactical: 3d6 under DX, hand-to-hand in one hex, Martial Arts"
    presentation_type: ClassVar[type[Presentation]] = Nd6Presentation
    source_text: ClassVar[str] = "003"
    skills_are_flags: ClassVar[bool] = True  # SITUATION-FORMAT: nd6 skills are booleans (tough, sword...)
    sections: ClassVar[tuple[str, ...]] = ("S3",)
    actions: ClassVar[dict[str, type[Action]]] = ND6_ACTIONS
    #: G3-3's phases (SidesThenOrder's order): the winner's choice, the sides' movement, the actions, and the
    #: action types each offers (the one place that says so: ``Nd6Action.check`` asks :meth:`phases_of`); when
    #: the movement phase ends, fuses set for it go off (S3-GRENADE-8)
    phases: ClassVar[tuple[Phase, ...]] = tuple(Phase(name, ends="movement_ended" if name == "movement" else "",
                                                      actions=PHASE_ACTIONS[name]) for name in SIDE_PHASES)
    items: ClassVar[dict[str, dict[str, Any]]] = ITEMS
    conditions: ClassVar[dict[str, str]] = facts.CONDITIONS
    grip_distance: ClassVar[int] = facts.GRIP_DISTANCE
    #: a subdue is drawn as a grip of its own kind (S3-SUBDUE-3, G3-17; game/rules/nd6/martial.py)
    grapple_kinds: ClassVar[tuple[str, ...]] = ("subdue",)
    ai_hints: ClassVar[dict[str, Any]] = facts.AI_HINTS
    stat_blocks: ClassVar[tuple[dict[str, Any], ...]] = facts.STAT_BLOCKS
    terrain_features: ClassVar[frozenset[str]] = facts.TERRAIN
    options: ClassVar[dict[str, Any]] = scenario_schema.OPTIONS
    side_options: ClassVar[tuple[str, ...]] = scenario_schema.SIDE_OPTIONS
    trait_types: ClassVar[dict[str, Any]] = scenario_schema.TRAIT_TYPES
    fighter_traits: ClassVar[tuple[str, ...]] = scenario_schema.FIGHTER_TRAITS
    zero_stats: ClassVar[frozenset[str]] = scenario_schema.ZERO_STATS
    worn_kinds: ClassVar[frozenset[str]] = facts.WORN_KINDS
    board_effects: ClassVar[tuple[str, ...]] = facts.BOARD_EFFECTS

    # -- set-up -------------------------------------------------------------------------------------------------------
    def setup(self, battle: Battle) -> None:
        """Stat aliases (SITUATION-FORMAT: ``STR DEX INT``), the belt into ``items``, brawlers' hexes (GX-3)."""
        for i, f in enumerate(battle.fighters):
            for alias, name in (("STR", "ST"), ("DEX", "DX"), ("INT", "IQ")):
                if alias in f.stats and name not in f.stats:
                    f.stats[name] = f.stats.pop(alias)
            belt = f.traits.pop("belt", None) if isinstance(f.traits, dict) else None
            for b in belt or ():
                f.items.append(b)
            for j, held in enumerate(f.items):
                if held not in ITEMS:
                    raise ValueError(f"fighters[{i}].items[{j}]: unknown item {held!r} (see 'clinch items {self.id}')")
            worn = flamer.wear_reason(f)  # S3-FLAMER-12
            if worn is not None:
                raise ValueError(f"fighters[{i}].worn: {worn}")
            level = f.stats.get("MA", 0)
            if not isinstance(level, int) or not 0 <= level <= 5:
                raise ValueError(f"fighters[{i}].stats.MA: expected 0-4, or 5 for a Master, got {level!r}")
            if f.posture in ("crouching", "sitting"):
                f.posture = "kneeling"  # G3-8: kneeling is the only posture between standing and prone
            if f.hp is not None and f.hp <= 0:
                cond = "dead" if f.hp < 0 else "unconscious"
                if cond not in f.conditions:
                    f.conditions.append(cond)
        by_hex: dict[Hex, list[Fighter]] = {}
        for f in battle.fighters:
            if not is_out(f):
                by_hex.setdefault(f.hex, []).append(f)
        for h, group in by_hex.items():
            # ND6-7: one side left in a hex after its brawl ended shares it until it moves off
            after_brawl = len({f.side for f in group}) == 1 and not any(in_hth(f) for f in group)
            if len(group) > 1 and not all(in_hth(f) for f in group) and not after_brawl:
                names = ", ".join(f.id for f in group)
                raise ValueError(f"fighters: {names} share hex [{h.q}, {h.r}]; only fighters in hand-to-hand "
                                 "(condition in_hth), or one side left after its brawl, share a hex (GX-3)")
            if len(group) > 5:
                raise ValueError(f"fighters: {len(group)} fighters in hex [{h.q}, {h.r}]; at most 5 share one (GX-3)")

    # -- what may be done ---------------------------------------------------------------------------------------------
    def legal_actions(self, battle: Battle, fighter_id: str) -> list[Option]:
        """Every action of this fighter now, each with the reason when it may not be taken (by phase, G3-3)."""
        f = battle.fighter(fighter_id)
        phase = A.phase_of(battle)
        candidates: list[Action] = []
        if phase == "choose":
            candidates = [A.ChooseOrder(actor=f.id, first=False), A.ChooseOrder(actor=f.id, first=True)]
        else:
            if phase in (None, "movement"):
                candidates.extend(self._movement(battle, f))
            if phase in (None, "action"):
                candidates.extend(self._strikes(battle, f))
            for mod in (hth, martial, weapons, ranged, autofire, shotgun, energy, grenades, fire, flamer):
                candidates.extend(mod.options(battle, f))
            candidates.extend(self._other(battle, f))
        if phase != "choose":  # G3-3: the winner chooses; passing is the controller's, and means moving second
            candidates.append(A.Wait(actor=f.id))
        out: list[Option] = []
        move_reason: list[Reason | None] = []
        per_move = fire.compelled(battle, f)  # S3-FIRE-7/12: which moves a panicking fighter may make depends on ``to``
        for a in candidates:
            if type(a) is A.Move and move_reason and not per_move:
                # the moves listed come from one move_reach and differ only in ``to``, which is in it: each
                # checks as the first one does (checking each walked the reach again, 100-200 ms a menu)
                out.append(Option(a, move_reason[0]))
                continue
            reason = a.check(battle, self)
            if type(a) is A.Move:
                move_reason.append(reason)
            out.append(Option(a, reason))
        if phase is not None:
            out = [o for o in out if o.legal or o.reason is None or o.reason.rule != "G3-3"]
        return out

    def _movement(self, battle: Battle, f: Fighter) -> list[Action]:
        out: list[Action] = []
        if not in_hth(f):
            reach = move_reach(battle, f)
            out.extend(A.Move(actor=f.id, to=(h.q, h.r)) for h in sorted(reach.cost, key=lambda h: (h.q, h.r)))
            if not is_down(f):
                out.extend(self._charges(battle, f, reach))
        return out

    def _charges(self, battle: Battle, f: Fighter, reach: Any) -> list[Action]:
        """One charge per foe within half MOV: the cheapest walk to a hex next to it (G3-4)."""
        out: list[Action] = []
        half = mov(f) // 2
        for o in foes(battle, f):
            if in_hth(o):
                continue
            if hex_distance(f.hex, o.hex) == 1:
                continue
            best = None
            for h, c in reach.cost.items():
                if c <= half and hex_distance(h, o.hex) == 1 and (best is None or c < best[0]):
                    best = (c, h)
            if best is not None:
                path = reach.path(best[1]) or [best[1]]
                out.append(A.Charge(actor=f.id, target=o.id, path=tuple((h.q, h.r) for h in path)))
        return out

    def _strikes(self, battle: Battle, f: Fighter) -> list[Action]:
        out: list[Action] = []
        weapon = ready_weapon(f)
        for o in foes(battle, f):
            near = o.hex == f.hex or hex_distance(f.hex, o.hex) == 1
            ranged = weapon is not None and item(weapon).get("kind") in ("missile", "thrown")
            if not near and not ranged:
                continue
            if weapon is not None:
                out.append(A.Attack(actor=f.id, target=o.id))
            if near:
                out.append(A.Attack(actor=f.id, target=o.id, item=None))
            charge = this_round(f, "charge", battle)
            if charge and charge.get("target") == o.id and not charge.get("done") and weapon is None and not near:
                out.append(A.Attack(actor=f.id, target=o.id, item=None))
        return out

    def _other(self, battle: Battle, f: Fighter) -> list[Action]:
        out: list[Action] = [A.Defend(actor=f.id), A.Dodge(actor=f.id)]
        if f.posture != "standing":
            out.append(A.ChangePosture(actor=f.id, posture="standing"))
        elif not in_hth(f):
            out.append(A.ChangePosture(actor=f.id, posture="prone"))
        for held in dict.fromkeys(f.items):
            if item(held).get("kind") not in ("armour", "gear"):
                out.append(A.Ready(actor=f.id, item=held))
        if A.phase_of(battle) in (None, "action") and not in_hth(f):
            if engaged_with(battle, f):
                reach = move_reach(battle, f, budget=1, ignore_engagement=True)
                for h in sorted(reach.cost, key=lambda h: (h.q, h.r)):
                    out.append(A.Disengage(actor=f.id, to=(h.q, h.r)))
        out.append(A.DoNothing(actor=f.id))
        return out

    def odds(self, battle: Battle, action: Action) -> dict[str, float]:
        """Exact chances: an attack's ``hit``/``miss`` with its automatic results (G3-1); the rest from their
        modules (the HTH table's rows, opposed rolls' ``win``/``tie``/``lose``, saves' ``success``)."""
        for mod in (hth, martial, weapons, shotgun, energy, ranged, autofire, grenades, fire, flamer):  # a shell's or a split's odds first
            got = mod.odds(battle, action)
            if got is not None:
                return got
        if isinstance(action, (A.Attack, A.Charge)):
            f, t = battle.get(action.actor), battle.get(action.target)
            if f is None or t is None:
                return {}
            plan = plan_attack(battle, f, t, action.weapon(f), defense=getattr(action, "defense", None))
            return attack_odds(plan)
        return {}

    def initiative(self) -> Any:
        return POLICY

    def move_band(self, battle: Battle, fighter: Fighter, move: Action, cost: int) -> MoveBand | None:
        """G3-4: a figure that moves more than half its MOV in a round makes no attack in it; the hexes counted are
        those the move walks (its path, as ``actions.walk`` counts them) on top of any moved already this round.
        A figure that got up this round attacks not at all (G3-8), wherever it goes."""
        if not isinstance(move, A.Move):
            return None
        path = move_reach(battle, fighter).path(Hex(*move.to)) or [Hex(*move.to)]
        moved = A.moved_this_round(battle, fighter) + len(path)
        if this_round(fighter, "stood", battle):
            return MoveBand("run", False, "no attack this round: got up", "G3-8")
        if moved > mov(fighter) // 2:
            return MoveBand("run", False, f"past half MOV ({mov(fighter) // 2}): no attack after", "G3-4")
        return MoveBand("walk", True, f"half MOV or less ({mov(fighter) // 2}): may still attack", "G3-4")

    def move_path(self, battle: Battle, action: Action) -> list[Hex] | None:
        """GX-5: the cheapest path a move walks, which stops where a foe engages (G3-4)."""
        if isinstance(action, A.Move):
            return move_reach(battle, battle.fighter(action.actor)).path(Hex(*action.to))
        if isinstance(action, A.Charge):
            return [Hex(*h) for h in action.path]
        return None

    # -- turns --------------------------------------------------------------------------------------------------------
    def conditions_in_force(self, res: Resolution) -> None:
        """G3-7, G3-9, G3-17: a figure a situation gives as unconscious or dead lies down, leaves any brawl and
        holds nothing, as when it goes out in play (``combat._let_go``); the subdues it held end (``martial.settle``)."""
        for f in res.battle.fighters:
            if is_out(f):
                _let_go(res, f)
        martial.settle(res)

    def can_act(self, battle: Battle, fighter: Fighter) -> bool:
        return not is_out(fighter)

    def max_hp(self, fighter: Fighter) -> float | None:
        """G3-6: hits come off ST itself, so the full pool is the unwounded ST."""
        return float(st_full(fighter))

    def can_fight(self, battle: Battle, fighter: Fighter) -> bool:
        return not is_out(fighter)

    def start_turn(self, battle: Battle, fighter_id: str, dice: Dice) -> list[dict]:
        """A new round's first turn ends last round's defence (G3-4); then subdue, stun and brawl upkeep."""
        r = E.Resolution(battle, dice, self)
        f = battle.get(fighter_id)
        if f is None:
            return []
        end_defence(r, f)
        for mod in (martial, weapons, hth, grenades, fire):  # S3-SMOKE-8; fire: S3-FIRE-4..7, 10, 12
            if not is_out(f):
                mod.start_turn(r, f)
        return r.events

    def start_round(self, battle: Battle, dice: Dice) -> list[dict]:
        """The board's upkeep at a new round: fires burn down, clouds grow and fade (``effects.start_round``:
        S3-FIRE-11, S3-GRENADE, S3-SMOKE); without phases (``clinch resolve``) fuses go off too, else they wait
        for the movement phase's end (:meth:`movement_ended`)."""
        r = E.Resolution(battle, dice, self)
        for f in battle.fighters:  # G3-4: a defence is for the round it was declared in (SITUATION-FORMAT: it
            end_defence(r, f)      # ends with the round, also for a fighter who has no turn in the next)
        effects.start_round(r)
        return r.events

    def movement_ended(self, battle: Battle, dice: Dice) -> list[dict]:
        """The hook of "the movement phase has ended" (S3-GRENADE-8): grenades thrown with a ``next_movement``
        fuse in an earlier round go off (``grenades.movement_ended``). The movement phase's ``ends``
        (:attr:`phases`: :meth:`end_phase` runs it in play once the last side has moved, G3-3); a
        caller that plays a round's phases itself calls it after the round's last movement-phase action, or
        before its first action-phase action when the round has none. Applies its events and returns them;
        a second call in the same round does nothing."""
        r = E.Resolution(battle, dice, self)
        grenades.movement_ended(r)
        return r.events

    def ai_hazard(self, battle: Battle, fighter: Fighter, *, careful: bool = True) -> float:
        """Fire underfoot or on the body, tear gas, foes' open lines of fire (:mod:`.hazards`)."""
        return hazards.hazard(battle, fighter, careful=careful)

    def ai_arms(self, battle: Battle, fighter: Fighter) -> float:
        """The harm a fighter's best blow can do where it is: a weapon, or bare hands in a brawl (:mod:`.arms`)."""
        return arms.arms(battle, fighter)

    def headline(self, odds: dict[str, float] | None) -> str | None:
        """What an nd6 action is a shot at: a slam or a staff trip for the foe to go ``down`` (a hit alone does
        nothing), a staff disarm for ``disarmed``, an opposed roll to ``win``; else the hit or success."""
        if not odds:
            return None
        return next((k for k in ("win", "down", "disarmed", "enter", "hit", "success", "stand") if k in odds), None)

    def aim_preview(self, battle: Battle, action: Action) -> dict[str, Any] | None:
        """The map's picture of a shot, throw or flame burst being aimed (:mod:`.aim`: G3-10, G3-12, G3-21,
        S3-GRENADE-4/5, S3-FLAMER-5/6)."""
        try:
            odds = self.odds(battle, action)
        except (KeyError, ValueError, TypeError):
            odds = None
        return aim.aim_preview(battle, action, odds)


def describe_fighter(f: Fighter) -> str:
    """One line for logs and tests: ``ann ST 9/12 DX 12 MA 2``."""
    return f"{f.label} ST {f.hp if f.hp is not None else st_full(f)}/{st_full(f)} DX {dx_base(f)} MA {f.stats.get('MA', 0)}"


_ = rolls  # the ruleset's dice live in .rolls; imported here so ``clinch`` finds them with the ruleset
