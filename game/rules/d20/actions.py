"""The d20 actions (intents) other than wrestling: movement, attacks, charges, defence, items, waiting."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.hexgrid import Hex, hex_distance, hex_linedraw, turn_steps
from game.rules import events as E
from game.rules.base import Reason, Ruleset, no_fighter
from game.rules.basic_actions import ChangePostureVerb, DoNothingVerb, FaceVerb, MoveVerb, ReadyVerb, WaitVerb
from game.rules.common import Mod
from game.rules.d20 import movement as MV
from game.rules.d20.abilities import bonus, class_of, current_hp, hp_max, trait
from game.rules.d20.attack import (
    apply_damage,
    damage_mods,
    is_metal_armoured,
    makes_no_attacks,
    mount_trained,
    range_band,
    roll_damage,
    save_roll,
    strike,
    weapon_kind,
)
from game.rules.d20.base import D20Action
from game.rules.d20.initiative import POLICY
from game.rules.d20.items import item
from game.rules.d20.mounted import unhorse
from game.rules.d20.movement import direction_to
from game.rules.d20.status import (
    altitude,
    can_see,
    engaged_with,
    foes,
    is_held,
    is_helpless,
    is_holding,
    is_mount,
    is_mounted,
    is_out,
    is_surprised,
    mark,
    mount_of,
    off_map_neighbour,
    on_deep_water,
    phase_of,
    rider_of,
    shield_of,
    this_round,
)
from game.rules.d20.status import is_underwater as u
from game.rules.d20.water import breath_rounds
from game.rules.initiative import hold_event
from game.rules.reach import reachable as cheapest_reach

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["Move", "Run", "FightingWithdrawal", "Face", "ChangePosture", "Attack", "Brawl", "Charge",
           "SetVsCharge", "Defend", "ShieldBash", "AimedShot", "Ready", "Wait", "DoNothing", "Evade", "UseItem"]


def _gone(t: Fighter) -> bool:
    """Dead or gone from the battle; the knocked-out can still be beaten (S4-SUBDUE-4)."""
    return bool({"dead", "fled", "evaded"} & set(t.conditions))


def _hex(value) -> Hex:
    return Hex.of(value)


#: S4-HOLD-4 [GM]: what a holder may do besides the rules' own list (ruling D20-24), named in the scenario
#: option ``holder_actions``: "shield_bash" (bash the one it holds with a strapped shield) and "kick" (kick
#: another foe within 5' as its attack, S4-BRAWL-2, without letting go)
HOLDER_ACTIONS = ("shield_bash", "kick")


def holder_allowed(battle: Battle, what: str) -> bool:
    """S4-HOLD-4: the scenario (the GM) lists extra holder actions in ``holder_actions``."""
    allowed = battle.options.get("holder_actions") or ()
    return what in HOLDER_ACTIONS and what in allowed


def _held_by(battle: Battle, f: Fighter) -> list[str]:
    return [g.target for g in battle.grapples if g.holder == f.id]


def _peace_reason(battle: Battle, f: Fighter, target: Fighter | None) -> Reason | None:
    peace = battle.state.get("d20_peace")
    if peace and f.side == peace:
        return Reason(f"{f.label}'s side rolled a peaceful reaction and does not attack unless attacked.",
                      "S4-REACT-1")
    return None


def _break_peace(r: Resolution, target: Fighter) -> None:
    if r.battle.state.get("d20_peace") == target.side:
        r.emit(E.stat(target.id, "battle.d20_peace", None, rule="S4-REACT-1"))
        r.note(E.message(f"{target.label} is attacked: {target.their} side fights now.", rule="S4-REACT-1"))


def class_weapon_reason(f: Fighter, weapon: str | None) -> Reason | None:
    """BFRPG class weapon limits (house rule: Magic-Users dagger and staves, Clerics blunt weapons); brawling is
    open to every class (S4-BRAWL-5)."""
    if weapon is None:
        return None
    it = item(weapon)
    cls = class_of(f)
    if cls == "magic-user" and weapon not in ("dagger", "walking_staff", "quarterstaff"):
        return Reason(f"A Magic-User cannot fight with a {it.get('name', weapon)} (house rule).", "S4-BRAWL-5")
    if cls == "cleric" and it.get("kind") == "melee" and not it.get("blunt"):
        return Reason("A Cleric fights only with blunt weapons (house rule).", "S4-BRAWL-5")
    return None


def move_budget(battle: Battle, f: Fighter, base: float) -> float:
    """Partial defence: no more than the base move (S4-PARRY-2); total: 5' (S4-PARRY-3); swimming (S4-SWIM-2)."""
    dfn = this_round(battle, f, "defense")
    if dfn and dfn.get("mode") == "total":
        return min(base, 5)
    if on_deep_water(battle, f) and not trait(f, "aquatic", 0) and mount_of(battle, f) is None:
        return min(base, MV.swim_rate(battle, f))
    return base


def _move_common(battle: Battle, f: Fighter) -> Reason | None:
    if this_round(battle, f, "moved") and not this_round(battle, f, "fell_running"):
        return Reason(f"{f.label} has already moved this round.", "S4-MOVE-5")
    if f.posture == "prone":
        return Reason(f"{f.label} is lying down: standing up takes a full round first.", "S4-PRONE-2")
    if is_holding(battle, f.id):
        return Reason(f"{f.label} is holding someone: use Move the opponent to move with them.", "S4-HOLD-6")
    if is_held(battle, f.id) and not _strong_enough_to_drag(battle, f):
        return Reason(f"{f.label} is held and cannot move.", "S4-HELD-1")
    if is_mount(f) and rider_of(battle, f) is not None:
        return Reason(f"{f.label} moves as {f.their} rider guides {f.words.them}.", "S4-MOUNT-1")
    m = mount_of(battle, f)
    if m is not None and "bolting" in m.conditions:
        return Reason(f"{m.label} has bolted: {f.label} cannot steer {m.words.them} yet.", "S4-MOUNT-19")
    if this_round(battle, f, "aim"):
        return Reason(f"{f.label} is aiming and stays in place.", "S4-AIM-1")
    return None


def _strong_enough_to_drag(battle: Battle, f: Fighter) -> bool:
    """S4-HELD-3 (G4-13): STR 4+ higher than every holder, or a larger size class; a large flier (S4-MONSTER-3)."""
    holders = [battle.fighter(g.holder) for g in battle.grapples if g.target == f.id]
    return all(f.stats.get("STR", 10) >= h.stats.get("STR", 10) + 4 or f.size > h.size for h in holders)


@dataclass(frozen=True, slots=True)
class Move(MoveVerb, D20Action):
    """Walk up to the encounter move (S4-MOVE-1/6), facing changes of 60 degrees (S4-FACE-2), one sidestep
    (S4-FACE-6); ``climb`` feet for fliers and swimmers (S4-FLY-2..5, S4-SWIM-2). d20's own: distances in feet,
    a facing on arrival and the movement phase (S4-PHASE-1), which no other ruleset has."""

    title: ClassVar[str] = "Move"
    rule: ClassVar[str] = "S4-MOVE-6"
    moves: ClassVar[bool] = True
    running: ClassVar[bool] = False
    to: tuple[int, int] | None = None
    facing: int | None = None
    climb: int = 0

    def rate(self, battle: Battle, f: Fighter) -> float:
        base = MV.walk_rate(battle, f)
        if is_held(battle, f.id):
            base = base / 2  # S4-HELD-3: dragging the holder along at half speed
        return move_budget(battle, f, base)

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        why = _move_common(battle, f)
        if why:
            return why
        if self.to is None:
            return Reason("Say where to move (to).", "S4-MOVE-6", "bad_intent")
        to = _hex(self.to)
        if battle.board.cells and to not in battle.board:
            return Reason("That hex is off the map.", "S4-MOVE-3")
        fly = self._fly_reason(battle, f)
        if fly:
            return fly
        if to == f.hex and self.facing is None and not self.climb:
            return Reason("That is where it stands already.", "S4-MOVE-6")
        allow = frozenset(g.holder for g in battle.grapples if g.target == f.id)
        if to != f.hex and MV._blocked(battle, f, to, allow=allow):  # the true reason, not "cannot get there"
            there = next((o for o in battle.fighters if o.hex == to and o.id != f.id and "dead" not in o.conditions),
                         None)
            if there is not None:
                return Reason(f"{there.label} is in that hex.", "S4-MOVE-6")
            return Reason("That hex cannot be entered.", "GX-5")
        p = self._plan(battle, f)
        if p is None:
            return Reason(f"{f.label} cannot get there this round ({int(self.rate(battle, f))}' of movement, "
                          f"{int(MV.feet_per_hex(battle))}' a hex, turns of 60 degrees).", "S4-FACE-2")
        return None

    def _plan(self, battle: Battle, f: Fighter) -> MV.Plan | None:
        allow = frozenset(g.holder for g in battle.grapples if g.target == f.id)
        return MV.plan(battle, f, _hex(self.to), budget=self.rate(battle, f), running=self.running,
                       facing=self.facing, allow=allow)

    def _fly_reason(self, battle: Battle, f: Fighter) -> Reason | None:
        kind = trait(f, "flyer", "")
        rate = MV.walk_rate(battle, f)
        if f.counters.get("stall") == battle.round and altitude(f) > 0:
            dive = min(2 * rate, altitude(f))
            if self.climb != -dive:
                return Reason(f"{f.label} stalled last round and must dive at {f.their} maximum rate this round "
                              f"(climb {-dive}).", "S4-FLY-4")
            return None
        if not self.climb:
            return None
        horiz = hex_distance(f.hex, _hex(self.to)) * MV.feet_per_hex(battle) if self.to is not None else 0
        if kind == "winged" or kind == "incorporeal":
            if self.climb > 0:
                per = int(trait(f, "maneuver", 10))
                allowed = 10 * int(horiz // per) if per else 10
                if self.climb > allowed:
                    return Reason(f"A winged flier climbs 10' for each {per}' flown forward (here up to {allowed}').",
                                  "S4-FLY-2")
            elif -self.climb > 2 * rate:
                return Reason(f"A dive is at most twice the normal rate ({2 * rate}').", "S4-FLY-3")
            return None
        if kind == "floater":
            if self.climb > 0 and (horiz or self.climb > rate // 2):
                return Reason(f"A floater climbs straight up, at most half its rate ({rate // 2}').", "S4-FLY-5")
            if -self.climb > rate:
                return Reason(f"A floater descends at most at its normal rate ({rate}').", "S4-FLY-5")
            return None
        if altitude(f) < 0 or on_deep_water(battle, f):
            up = MV.swim_rate(battle, f, upward=True)
            if self.climb > up:
                return Reason(f"Swimming up covers the full move ({up}').", "S4-SWIM-2")
            if self.climb > 0 and altitude(f) + self.climb > 0:
                return Reason("The surface is at 0.", "S4-SWIM-2")
            return None
        return Reason(f"{f.label} cannot fly.", "S4-FLY-1")

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        battle = r.battle
        p = self._plan(battle, f)
        assert p is not None
        self.go(r, f, p)

    def go(self, r: Resolution, f: Fighter, p: MV.Plan, *, rule: str | None = None, parting: bool = True) -> bool:
        battle = r.battle
        rule = rule or self.rule
        if p.path and parting and not MV.parting_shots(r, f, p.path):
            return False
        start = f.hex
        walked: list[Hex] = []
        fell = False
        for h in p.path:
            walked.append(h)
            if self.running and MV.doorway_check(r, f, h):
                fell = True
                break
        if walked:
            other = MV.companion(battle, f)
            # S4-HELD-3: a held fighter strong enough to move drags its holders along in the same step (one
            # event: no state between events may show the grip split across two hexes)
            holders = [g.holder for g in battle.grapples if g.target == f.id]
            r.emit(E.move(f.id, walked[-1], path=walked, rule="S4-HELD-3" if holders else rule,
                          carried=holders or None))
            MV.carry_mount(r, f, walked[-1], rule, other)
        facing = p.facings[-1] if not fell else (p.facings[len(walked) - 1] if walked else f.facing)
        if facing != f.facing:
            r.emit(E.face(f.id, facing, rule="S4-FACE-2"))
            m = mount_of(battle, f)
            if m is not None:
                r.emit(E.face(m.id, facing, rule="S4-FACE-1"))
        feet = sum(MV._cost(battle, h) for h in walked)
        stall_dive = f.counters.get("stall") == battle.round
        if self.climb:
            new_alt = altitude(f) + self.climb
            r.emit(E.stat(f.id, "counters.altitude", new_alt, rule="S4-FLY-4" if stall_dive else "S4-FLY-1"))
            for g in [g for g in battle.grapples if g.holder == f.id or g.target == f.id]:
                other = g.target if g.holder == f.id else g.holder
                r.emit(E.stat(other, "counters.altitude", new_alt, rule="S4-MONSTER-3"))
        if trait(f, "flyer", "") == "winged" and feet < MV.walk_rate(battle, f) / 3 and altitude(f) > 0 \
                and not stall_dive:
            r.emit(E.stat(f.id, "counters.stall", battle.round + 1, rule="S4-FLY-4"))
            r.note(E.message(f"{f.label} flew less than a third of {f.their} speed: {f.words.they} {f.words.verb('stalls', 'stall')} and must dive at the "
                             f"maximum rate next round.", actor=f.id, rule="S4-FLY-4"))
        elif f.counters.get("stall") == battle.round:
            r.emit(E.stat(f.id, "counters.stall", None, rule="S4-FLY-4"))
        self._water(r, f)
        mark(r, f, "moved", feet=feet, ran=self.running, start=[start.q, start.r], sidestep=p.sidestep)
        m = mount_of(battle, f)
        if m is not None:
            mark(r, m, "moved", feet=feet, ran=self.running)
        if fell:
            return False
        _reach_attacks(r, f)
        return True

    def _water(self, r: Resolution, f: Fighter) -> None:
        """S4-WATER-5: in deep water a loaded fighter sinks and walks on the bottom, holding its breath."""
        battle = r.battle
        if on_deep_water(battle, f) and not MV.lightly_loaded(f) and altitude(f) >= 0 and not trait(f, "aquatic", 0) \
                and mount_of(battle, f) is None and not trait(f, "flyer", ""):
            depth = int(battle.options.get("water_depth", 10))
            r.emit(E.stat(f.id, "counters.altitude", -depth, rule="S4-WATER-5"))
            r.note(E.message(f"{f.label} is too heavily loaded to swim: it sinks {depth}' and walks on the bottom.",
                             actor=f.id, rule="S4-WATER-5"))
        if altitude(f) < 0 and f.counters.get("breath") is None:
            r.emit(E.stat(f.id, "counters.breath", breath_rounds(f), rule="S4-SWIM-1"))


def _reach_attacks(r: Resolution, mover: Fighter) -> None:
    """S4-INIT-7: a foe with a long-reach weapon whose number is lower may strike a closing opponent on the
    opponent's number (scenario option ``reach_attacks``, on by default). S4-SET-1 double damage if it set it."""
    battle = r.battle
    if battle.options.get("reach_attacks", True) is False or is_out(mover):
        return
    cur = battle.state.get("initiative")
    if not isinstance(cur, dict) or cur.get("count") is None:
        return
    mine = POLICY.number(battle, mover.id)
    for o in engaged_with(battle, mover):
        weapon = next((h for h in o.hands.values() if item(h).get("reach")), None)
        if weapon is None or this_round(battle, o, "attacked") or is_out(o) or is_helpless(battle, o) \
                or is_surprised(battle, o) or makes_no_attacks(battle, o):  # S4-SURPRISE-5, S4-PARRY-3
            continue
        theirs = POLICY.number(battle, o.id)
        if theirs is None or mine is None or theirs >= mine:
            continue
        if battle.state.get("reactions") is False:  # SITUATION-FORMAT: the action says ``reactions: false``
            r.note(E.message(f"{o.label} lets {mover.label} close without a blow of {o.their} {item(weapon)['name']}.",
                             actor=o.id, rule="S4-INIT-7"))
            continue
        closes = mover.words.verb("closes", "close")
        r.note(E.message(f"{o.label}'s {item(weapon)['name']} reaches {mover.label} as {mover.words.they} {closes}: "
                         f"{o.label} strikes on {mover.label}'s number ({mine}) instead of {o.their} own ({theirs}).",
                         actor=o.id,
                         rule="S4-INIT-7"))
        strike(r, o, mover, weapon, rule="S4-INIT-7")
        mark(r, o, "attacked", reach=True)


@dataclass(frozen=True, slots=True)
class Run(Move):
    """Run at double speed (S4-RUN-1); no attack this round (S4-RUN-2); 2 x CON rounds, then exhausted (S4-RUN-3)."""

    type: ClassVar[str] = "run"
    title: ClassVar[str] = "Run"
    rule: ClassVar[str] = "S4-RUN-1"
    running: ClassVar[bool] = True

    def rate(self, battle: Battle, f: Fighter) -> float:
        return 2 * MV.walk_rate(battle, f)

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if "exhausted" in f.conditions:
            return Reason(f"{f.label} is exhausted and may only walk until it rests a turn (10 minutes).",
                          "S4-RUN-4")
        dfn = this_round(battle, f, "defense")
        if dfn and dfn.get("mode") in ("partial", "total"):
            return Reason(f"{f.label} is defending: no more than {f.their} base movement.", "S4-PARRY-2")
        if is_held(battle, f.id):
            return Reason(f"{f.label} is held and cannot run.", "S4-HELD-1")
        if this_round(battle, f, "attacked"):
            return Reason(f"{f.label} has attacked this round and stays put.", "S4-ATTACK-4")
        return Move._check(self, battle, f)

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        Move._resolve(self, r, f)
        runs = int(f.counters.get("run_rounds", 0)) + 1
        r.emit(E.stat(f.id, "counters.run_rounds", runs, rule="S4-RUN-3"))
        limit = 2 * int(f.stats.get("CON", 10))
        if runs >= limit:
            r.emit(E.condition(f.id, add="exhausted", rule="S4-RUN-3"))
            r.note(E.message(f"{f.label} has run {runs} rounds (2 x CON = {limit}): exhausted, it may only walk, and "
                             f"must rest a turn before running again (G4-10: not in this battle).", actor=f.id,
                             rule="S4-RUN-4"))


@dataclass(frozen=True, slots=True)
class FightingWithdrawal(D20Action):
    """Back away at up to half the walking move, still fighting: no parting shots (S4-DEFMOVE-3)."""

    type: ClassVar[str] = "fighting_withdrawal"
    title: ClassVar[str] = "Fighting withdrawal"
    rule: ClassVar[str] = "S4-DEFMOVE-3"
    moves: ClassVar[bool] = True
    to: tuple[int, int] | None = None

    def _path(self, battle: Battle, f: Fighter) -> list[Hex] | None:
        """The cheapest way back (GX-5: each hex its move cost in feet), never stepping closer to a foe it
        fights."""
        to = _hex(self.to)
        budget = move_budget(battle, f, MV.walk_rate(battle, f) / 2)
        foes_ = engaged_with(battle, f)
        board = battle.board

        def cost_of(n: Hex) -> float | None:
            if MV._blocked(battle, f, n) or (board.cells and n not in board):
                return None
            return MV._cost(battle, n)

        def may_step(h: Hex, n: Hex) -> bool:  # backing away: never closer to a foe it fights
            return not any(hex_distance(n, o.hex) < hex_distance(h, o.hex) for o in foes_)

        return cheapest_reach(f.hex, budget + 1e-9, cost_of, goal=to, may_step=may_step).path(to)

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        why = _move_common(battle, f)
        if why:
            return why
        if self.to is None:
            return Reason("Say where to back away to (to).", self.rule, "bad_intent")
        if is_held(battle, f.id):  # ruling D20-29: backing away is not for one who is held
            return Reason(f"{f.label} is held: {f.words.they} cannot back away from {f.their} holder, only drag it along "
                          f"(a move at half speed, if strong enough).", "S4-HELD-1")
        if not engaged_with(battle, f):
            return Reason(f"{f.label} is not engaged: {f.words.they} can simply move.", "S4-MOVE-7")
        if _hex(self.to) == f.hex or self._path(battle, f) is None:
            return Reason(f"{f.label} can back away at most half {f.their} walking move ("
                          f"{int(MV.walk_rate(battle, f) // 2)}'), never closer to a foe.", self.rule)
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        path = self._path(r.battle, f) or []
        other = MV.companion(r.battle, f)
        r.emit(E.move(f.id, path[-1], path=path, rule=self.rule))
        MV.carry_mount(r, f, path[-1], self.rule, other)
        feet = sum(MV._cost(r.battle, h) for h in path)
        mark(r, f, "moved", feet=feet, ran=False, withdrawal=True)


@dataclass(frozen=True, slots=True)
class Face(FaceVerb, D20Action):
    """Turn: any number of facing changes if it has not left its place this round (S4-FACE-3); else one 60-degree
    change, if its turning distance allows (S4-FACE-1/2/5). d20's own: the turning distance and the phases
    (3d6 turns once per turn for free, ruling L-4; edge turns freely, G1-4)."""

    title: ClassVar[str] = "Face"
    rule: ClassVar[str] = "S4-FACE-2"
    facing: int = 0

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if not 0 <= int(self.facing) <= 5:
            return Reason("facing is 0-5", self.rule, "bad_intent")
        if is_held(battle, f.id):
            return Reason(f"{f.label} is held.", "S4-HELD-1")
        moved = this_round(battle, f, "moved")
        if moved and moved.get("start") != [f.hex.q, f.hex.r]:
            steps = turn_steps(f.facing, int(self.facing))
            if steps > 1:
                return Reason(f"{f.label} has moved this round: one 60-degree facing change at a time.", "S4-FACE-2")
            td = MV.turning_distance(f, bool(moved.get("ran")))
            if td and moved.get("feet", 0) < td:
                return Reason(f"{f.label} must travel {td}' between facing changes.", "S4-FACE-1")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        moved = this_round(r.battle, f, "moved")
        rule = "S4-FACE-3" if not moved or moved.get("start") == [f.hex.q, f.hex.r] else "S4-FACE-2"
        r.emit(E.face(f.id, int(self.facing), rule=rule))
        m = mount_of(r.battle, f)
        if m is not None:
            r.emit(E.face(m.id, int(self.facing), rule=rule))


@dataclass(frozen=True, slots=True)
class ChangePosture(ChangePostureVerb, D20Action):
    """Lie down, or get up: getting up from prone takes a full round with no other action (S4-PRONE-2, S4-TRIP-2).
    d20's own: standing and prone only, and the round it costs (3d6 has six postures, G0-8)."""

    title: ClassVar[str] = "Change posture"
    rule: ClassVar[str] = "S4-PRONE-2"
    posture: str = "standing"

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if self.posture not in ("standing", "prone"):
            return Reason("d20 postures are standing and prone.", self.rule)  # a posture, refused: exit 3
        if self.posture == f.posture:
            return Reason(f"{f.label} is already {f.posture}.", self.rule)
        if self.posture == "standing":
            if is_held(battle, f.id):
                return Reason(f"{f.label} is held.", "S4-HELD-1")
            fell = f.counters.get("fell_running")
            if not (isinstance(fell, dict) and fell.get("round") == battle.round - 1):
                if this_round(battle, f, "moved") or this_round(battle, f, "attacked"):
                    return Reason("Getting up takes a full round with no other action.", "S4-PRONE-2")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        if self.posture == "standing":
            fell = f.counters.get("fell_running")
            r.emit(E.posture(f.id, "standing", rule="S4-PRONE-2"))
            if isinstance(fell, dict) and fell.get("round") == r.battle.round - 1:
                r.note(E.message(f"{f.label} gets up from {f.their} fall and may still make a full move.", actor=f.id,
                                 rule="S4-PURSUIT-3"))
                return
            mark(r, f, "busy", why="standing up takes the whole round")
        else:
            r.emit(E.posture(f.id, "prone", rule="S4-PRONE-1"))


#: an attack's options that use a staff as two clubs (S4-STAFF-5, S4-STAFF-6)
STAFF_OPTIONS = ("staff_two", "staff_second")


def _staff_in_play(f: Fighter, weapon: str | None) -> bool:
    """Whether an attack with ``weapon`` (None: the hands, as a second staff blow may be sent) strikes with a
    staff: the weapon is one, or with no weapon named the fighter holds one."""
    if weapon is not None:
        return bool(item(weapon).get("staff"))
    return any(item(h).get("staff") for h in f.hands.values() if h)


def _melee_reach(battle: Battle, a: Fighter, t: Fighter) -> bool:
    return hex_distance(a.hex, t.hex) <= 1 and abs(altitude(a) - altitude(t)) <= 5


def is_thrown(battle: Battle, a: Fighter, t: Fighter, weapon: str | None) -> bool:
    """G4-6: a melee weapon that may be thrown (a dagger, a hand axe, a spear), used at a foe out of reach, is
    thrown: a missile attack. The one test the attack's check, its resolution, its odds and its words share."""
    it = item(weapon)
    return weapon is not None and it.get("kind") == "melee" and bool(it.get("thrown")) and not _melee_reach(battle, a, t)


@dataclass(frozen=True, slots=True)
class Attack(D20Action):
    """d20 + AB + STR/DEX bonus + adjustments >= AC (S4-ATTACK-1). ``item``: the weapon (None: punch or the
    creature's natural attack). ``option``: ``subdue`` (S4-SUBDUE-1), ``two_weapon`` (S4-TWOWEAPON-1..5),
    ``off_hand_only`` (S4-TWOWEAPON-6), ``careful`` (firing into melee at -4, S4-RANGED-2), ``lingering``
    (a critical's lingering injury, S4-CRIT-5), ``staff_two`` / ``staff_second`` (S4-STAFF-5/6)."""

    type: ClassVar[str] = "attack"
    title: ClassVar[str] = "Attack"
    rule: ClassVar[str] = "S4-ATTACK-1"
    attacks: ClassVar[bool] = True
    target: str = ""
    item: str | None = None
    location: str | None = None
    defense: str | None = None
    option: str | None = None

    def check(self, battle: Battle, rules: Ruleset | None = None) -> Reason | None:
        f = battle.get(self.actor)
        if f is not None and self.option in STAFF_OPTIONS and not _staff_in_play(f, self.item):
            # the rules forbid it (exit 3, as any move the fighter cannot make with what is in hand), and the
            # menu does not list it: a playtest found "club, staff two: not allowed" on a club, a bow, bare hands
            return Reason(f"The staff's two club blows need a staff, and {f.label} strikes with "
                          f"{'a ' + item(self.item).get('name', self.item) if self.item else 'bare hands'}.",
                          "S4-STAFF-5", "not_offered")
        if f is not None and self.option == "staff_second":
            rec = this_round(battle, f, "staff_two")
            if rec and not rec.get("second_done"):
                t = battle.get(self.target)
                if t is None or not _melee_reach(battle, f, t) or is_out(t):
                    return Reason("The second staff blow needs a foe within reach.", "S4-STAFF-6")
                return None
            return Reason("A second staff blow follows a two-club staff attack (option staff_two).", "S4-STAFF-6")
        return D20Action.check(self, battle, rules)

    def weapon(self, f: Fighter) -> str | None:
        if self.item is not None:
            return self.item
        return None

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        t = battle.get(self.target)
        if t is None:
            return no_fighter(self.target)
        if t.id == f.id or _gone(t):
            return Reason(f"{t.label} cannot be attacked.", self.rule)
        peace = _peace_reason(battle, f, t)
        if peace:
            return peace
        w = self.item
        if w is not None and w not in f.hands.values():
            return Reason(f"{f.label} does not hold a {w}.", self.rule)
        it = item(w)
        if w is not None and it.get("kind") not in ("melee", "missile"):
            return Reason(f"A {it.get('name', w)} is not a weapon (shield: shield_bash).", self.rule)
        if w is not None and is_holding(battle, f.id):
            return Reason(f"{f.label} is holding an opponent and cannot use a weapon.", "S4-HOLD-5")
        if w is not None and it.get("hands", 1) == 2 and any(h not in (None, "", w) for h in f.hands.values()):
            return Reason(f"A {it['name']} needs both hands (a walking staff is the one-handed staff).",
                          "S4-STAFF-1" if it.get("staff") else "G4-6")
        why = class_weapon_reason(f, w)
        if why:
            return why
        if w is None and not trait(f, "natural", 0) and not is_mount(f):
            return Reason("No weapon in hand: use brawl.", "S4-BRAWL-1")  # short: the menu's Attack row says it
        if this_round(battle, f, "moved") and this_round(battle, f, "moved").get("ran") and \
                not this_round(battle, f, "charge"):
            return Reason(f"{f.label} ran this round and cannot attack (only a charge attacks after running).",
                          "S4-RUN-2")
        if is_held(battle, f.id) and t.id not in [g.holder for g in battle.grapples if g.target == f.id]:
            return Reason(f"{f.label} is held: {f.words.they} can only fight {f.their} holder (ruling D20-9).", "S4-HELD-1")
        if is_mount(f):
            why = _mount_attack_reason(battle, f, t)
            if why:
                return why
        thrown = is_thrown(battle, f, t, w)
        kind = weapon_kind(w, thrown)
        phase = phase_of(battle)
        if phase is not None:
            want = "artillery" if it.get("artillery") else ("missiles" if kind == "missile" else "hand-to-hand")
            if phase != want:
                return Reason(f"This attack belongs to the {want} phase.", "S4-PHASE-1")
        if kind == "missile":
            if self.option in ("two_weapon", "off_hand_only"):  # ruling D20-33: the off hand strikes within reach
                return Reason("Two weapons strike together within 5' only: a throw or a shot is one weapon.",
                              "S4-TWOWEAPON-1")
            if engaged_with(battle, f):
                return Reason(f"{f.label} is within 5' of a foe and cannot fire.", "S4-RANGED-1")
            if is_underwater(battle, f) and it.get("bow"):
                return Reason("Bows do not work under water.", "S4-WATER-2")
            if range_band(battle, f, t, w) is None:
                return Reason(f"{t.label} is beyond the {it['name']}'s long range.", "G4-6")
            if not can_see(battle, f.hex, t.hex):
                return Reason(f"{f.label} cannot see {t.label}.", "S4-COVER-2")
        else:
            if not _melee_reach(battle, f, t):
                return Reason(f"{t.label} is not within 5'.", "S4-MOVE-7")
        if self.option in ("two_weapon", "off_hand_only"):
            return _two_weapon_reason(f, self.option)
        if self.option == "subdue" and it.get("no_subdue"):
            return Reason(f"A {it['name']} has points or edges on every side: it cannot strike to subdue.",
                          "S4-SUBDUE-2")
        if self.option in ("staff_two",):
            if not (it.get("staff") and it.get("hands") == 2):
                return Reason("Two club blows need a staff in both hands.", "S4-STAFF-5")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        battle = r.battle
        t = battle.fighter(self.target)
        _break_peace(r, t)
        w = self.item
        thrown = is_thrown(battle, f, t, w)
        kind = weapon_kind(w, thrown)
        dice = None
        if w is None:
            dice = (1, int(trait(f, "natural", 4)) or 4)
        if self.option == "staff_second":
            rec = dict(this_round(battle, f, "staff_two") or {})
            strike(r, f, t, w or "quarterstaff", option="staff_second", dice=(1, 4), rule="S4-STAFF-6",
                   defense=self.defense)
            rec["second_done"] = True
            r.emit(E.stat(f.id, "counters.staff_two", rec))
            return
        if self.option == "staff_two":
            strike(r, f, t, w, option="staff_two", dice=(1, 4), rule="S4-STAFF-5", defense=self.defense)
            mark(r, f, "staff_two", target=t.id)
            _staff_second_slot(r, f)
            return
        if self.option == "off_hand_only":
            off = f.hands.get("left")
            strike(r, f, t, off, option="off_hand_only", rule="S4-TWOWEAPON-6", defense=self.defense)
            return
        res = strike(r, f, t, w, kind=kind, option=self.option, defense=self.defense, dice=dice,
                     rule="S4-TWOWEAPON-1" if self.option == "two_weapon" else self.rule)
        if thrown:
            hand = next(h for h, x in f.hands.items() if x == w)
            r.emit(E.item(f.id, w, action="thrown", hand=hand, to=t.hex, rule="G4-6"))
        if self.option == "two_weapon":
            off = f.hands.get("left")
            if off and not is_out(t):
                r.note(E.message(f"The off-hand {item(off)['name']} strikes together with the primary weapon, once "
                                 f"only.", actor=f.id, rule="S4-TWOWEAPON-5"))
                pen = max(0, 5 - max(0, bonus(f, "DEX")))
                strike(r, f, t, off, extra=[Mod(-pen, "off hand: -5, less DEX bonus", "S4-TWOWEAPON-1")]
                       if pen else [], rule="S4-TWOWEAPON-4", defense=self.defense)
        _ = res
        if is_mount(f):
            rider = rider_of(battle, f)
            if rider is not None:
                mark(r, rider, "mount_target", target=t.id)
        else:
            mark(r, f, "mount_target", target=t.id)


def _staff_second_slot(r: Resolution, f: Fighter) -> None:
    """S4-STAFF-6: the second blow comes one initiative number lower."""
    cur = r.battle.state.get("initiative")
    if not isinstance(cur, dict) or cur.get("count") is None:
        return
    n = POLICY.number(r.battle, f.id)
    if n is None:
        return
    r.emit(hold_event(f.id, r.battle.round, count=n - 1, rule="S4-STAFF-6"))


def _two_weapon_reason(f: Fighter, option: str) -> Reason | None:
    """S4-TWOWEAPON-3: a one-handed primary weapon and a very small off-hand weapon."""
    main, off = f.hands.get("right"), f.hands.get("left")
    if not item(off).get("small"):
        return Reason("The off-hand weapon must be a dagger, hand axe or similar very small weapon.",
                      "S4-TWOWEAPON-3")
    if option == "two_weapon" and (item(main).get("kind") != "melee" or item(main).get("hands", 1) != 1):
        return Reason("The primary weapon must be one-handed.", "S4-TWOWEAPON-3")
    return None


def _mount_attack_reason(battle: Battle, m: Fighter, t: Fighter) -> Reason | None:
    rider = rider_of(battle, m)
    if rider is None:
        return None
    if not mount_trained(m):
        return Reason(f"{m.label} is not trained for combat: only {m.their} rider attacks.", "S4-MOUNT-11")
    ch = this_round(battle, rider, "charge")
    if ch is not None:
        return Reason(f"{rider.label} charged: {m.label} does not attack this turn.", "S4-MOUNT-7")
    tgt = this_round(battle, rider, "mount_target")
    if tgt is not None and tgt.get("target") != t.id:
        return Reason(f"Rider and mount attack the same target ({battle.fighter(tgt['target']).label}).",
                      "S4-MOUNT-1")
    return None


def is_underwater(battle: Battle, f: Fighter) -> bool:
    return u(battle, f)


@dataclass(frozen=True, slots=True)
class Brawl(D20Action):
    """Punch 1d3 or kick 1d4 at -2, subduing damage (S4-BRAWL-1/2); metal armour turns it on the brawler
    (S4-BRAWL-3); a holder's punch is automatic, once a round (S4-HOLD-1)."""

    type: ClassVar[str] = "brawl"
    title: ClassVar[str] = "Brawl"
    rule: ClassVar[str] = "S4-BRAWL-1"
    attacks: ClassVar[bool] = True
    target: str = ""
    kind: str = "punch"

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        t = battle.get(self.target)
        if t is None:
            return no_fighter(self.target)
        if self.kind not in ("punch", "kick"):
            return Reason("kind is punch or kick", self.rule, "bad_intent")
        if _gone(t) or t.id == f.id:
            return Reason(f"{t.label} cannot be attacked.", self.rule)
        peace = _peace_reason(battle, f, t)
        if peace:
            return peace
        if not _melee_reach(battle, f, t):
            return Reason(f"{t.label} is not within 5'.", "S4-MOVE-7")
        if trait(t, "no_brawl", 0):
            return Reason(f"The GM rules that {t.label} cannot be brawled.", "S4-BRAWL-4")
        if is_held(battle, f.id) and t.id not in [g.holder for g in battle.grapples if g.target == f.id]:
            return Reason(f"{f.label} is held: {f.words.they} can only fight {f.their} holder (ruling D20-9).", "S4-HELD-1")
        if is_holding(battle, f.id) and t.id not in _held_by(battle, f):
            if not (self.kind == "kick" and holder_allowed(battle, "kick")):
                return Reason(f"{f.label} is holding someone else (the GM, in the scenario's options, may allow a "
                              "holder to kick another foe).", "S4-HOLD-5")
        if this_round(battle, f, "moved") and this_round(battle, f, "moved").get("ran"):
            return Reason(f"{f.label} ran this round.", "S4-RUN-2")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        battle = r.battle
        t = battle.fighter(self.target)
        _break_peace(r, t)
        dice = (1, 4) if self.kind == "kick" else (1, 3)
        if any(g.holder == f.id and g.target == t.id for g in battle.grapples):
            r.note(E.message(f"{f.label} holds {t.label}: {f.their} unarmed blow lands automatically.", actor=f.id,
                             rule="S4-HOLD-1"))
            amount, _ = roll_damage(r, f, None, label="unarmed damage (1d3)", rule="S4-HOLD-1", dice=(1, 3),
                                    mods=damage_mods(battle, f, None, "melee"))
            apply_damage(r, f, t, max(1, amount), dtype="subdual", rule="S4-HOLD-1")
            return
        if is_holding(battle, f.id):
            r.note(E.message(f"The GM allows {f.label} to kick another foe while {f.words.they} {f.words.verb('keeps', 'keep')} {f.their} hold.", actor=f.id,
                             rule="S4-HOLD-4"))
        backlash = is_metal_armoured(t) and not is_metal_armoured(f)
        res = strike(r, f, t, None, kind="melee", option="kick" if self.kind == "kick" else None, dice=dice,
                     dtype="subdual", rule="S4-BRAWL-2" if self.kind == "kick" else "S4-BRAWL-1",
                     no_damage=backlash)
        if backlash and res.hit:
            r.note(E.message(f"{f.label} {self.kind}s metal armour: the damage is {f.their} own.", actor=f.id,
                             rule="S4-BRAWL-3"))
            amount, _ = roll_damage(r, f, None, label=f"{self.kind} damage", rule="S4-BRAWL-3", dice=dice,
                                    mods=damage_mods(battle, f, None, "melee"))
            apply_damage(r, f, f, max(1, amount), dtype="subdual", rule="S4-BRAWL-3")


@dataclass(frozen=True, slots=True)
class Charge(D20Action):
    """Run at least 10' straight at a foe in sight along a clear path and attack at +2 for double damage, -2 AC
    for the round (S4-CHARGE-1..8); mounted: 20'-80', lance or medium one-handed weapon, saddle (S4-MOUNT-5..9);
    a set weapon (S4-SET-1..3) or a spear against a mounted charge (S4-MOUNT-6) strikes first, simultaneously."""

    type: ClassVar[str] = "charge"
    title: ClassVar[str] = "Charge"
    rule: ClassVar[str] = "S4-CHARGE-1"
    attacks: ClassVar[bool] = True
    moves: ClassVar[bool] = True
    target: str = ""
    to: tuple[int, int] | None = None
    item: str | None = None

    def weapon(self, f: Fighter) -> str | None:
        if self.item:
            return self.item
        return next((h for h in f.hands.values() if item(h).get("kind") == "melee"), None)

    def path(self, battle: Battle, f: Fighter) -> list[Hex]:
        return hex_linedraw(f.hex, _hex(self.to))[1:] if self.to is not None else []

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        t = battle.get(self.target)
        if t is None:
            return no_fighter(self.target)
        if is_out(t):
            return Reason(f"{t.label} is out of the fight.", self.rule)
        peace = _peace_reason(battle, f, t)
        if peace:
            return peace
        why = _move_common(battle, f)
        if why:
            return why
        if is_held(battle, f.id):
            return Reason(f"{f.label} is held.", "S4-HELD-1")
        if "exhausted" in f.conditions:
            return Reason(f"{f.label} is exhausted and cannot run.", "S4-RUN-3")
        if self.to is None:
            return Reason("Say where the charge ends (to), next to the target.", self.rule, "bad_intent")
        if not can_see(battle, f.hex, t.hex):
            return Reason(f"{f.label} cannot see {t.label} from where the charge would start.", "S4-CHARGE-5")
        w = self.weapon(f)
        mounted = mount_of(battle, f) is not None
        if mounted:
            m = mount_of(battle, f)
            if "saddle" not in m.items and "saddle" not in f.items:
                return Reason("Charging on horseback needs a saddle with stirrups.", "S4-MOUNT-9")
            ok = w is not None and (item(w).get("lance") or (item(w).get("kind") == "melee" and
                                                             item(w).get("hands", 1) == 1 and not
                                                             item(w).get("small")))
            if not ok:
                return Reason("A mounted charge needs a lance or a medium one-handed weapon.", "S4-MOUNT-5")
        elif not (w is not None and item(w).get("charge")) and not trait(f, "charge_attack", 0):
            if is_mount(f):
                return Reason(f"{f.label} has no attack that benefits from a charge.", "S4-MOUNT-8")
            return Reason("A charge needs a spear, lance or pole arm, or a natural attack made for it (horns).",
                          "S4-CHARGE-4")
        fph = MV.feet_per_hex(battle)
        if hex_distance(f.hex, _hex(self.to)) * fph > 2 * MV.walk_rate(battle, f):
            # every hex costs at least its width: refused before the path is drawn (a situation's fighters may
            # stand a billion hexes apart on open ground)
            return Reason(f"A charge covers at most twice the move ({2 * MV.walk_rate(battle, f)}').", "S4-CHARGE-2")
        path = self.path(battle, f)
        feet = sum(MV._cost(battle, h) for h in path)
        if hex_distance(_hex(self.to), t.hex) != 1:
            return Reason("The charge must end within 5' of the target.", "S4-CHARGE-3")
        for h in path:
            if MV._blocked(battle, f, h) or (battle.board.cells and h not in battle.board):
                return Reason("The path to the target must be clear.", "S4-CHARGE-3")
        line_to_target = hex_distance(f.hex, t.hex)
        if hex_distance(_hex(self.to), t.hex) >= line_to_target:
            return Reason("The charge must run at the target.", "S4-CHARGE-3")
        if mounted:
            if not 20 <= feet <= 80:
                return Reason(f"A mounted charge starts 20' to 80' away ({int(feet)}' here).", "S4-MOUNT-5")
        else:
            if feet < 10:
                return Reason(f"A charge covers at least 10' ({int(feet)}' here, {fph:g}' a hex).", "S4-CHARGE-2")
        if feet > 2 * MV.walk_rate(battle, f):
            return Reason(f"A charge covers at most twice the move ({2 * MV.walk_rate(battle, f)}').", "S4-CHARGE-2")
        dfn = this_round(battle, f, "defense")
        if dfn and dfn.get("mode") in ("partial", "total"):
            return Reason(f"{f.label} is defending and cannot run.", "S4-PARRY-2")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        battle = r.battle
        t = battle.fighter(self.target)
        _break_peace(r, t)
        path = self.path(battle, f)
        mount = mount_of(battle, f)
        w = self.weapon(f)
        joust = mount is not None and mount_of(battle, t) is not None and \
            any(item(h).get("lance") for h in t.hands.values() if h) and item(w).get("lance")
        if path and not MV.parting_shots(r, f, path):
            return
        r.emit(E.move(f.id, path[-1], path=path, rule="S4-CHARGE-3"))
        MV.carry_mount(r, f, path[-1], "S4-CHARGE-3", mount)
        fc = direction_to(f.hex, t.hex)
        if fc != f.facing:
            r.emit(E.face(f.id, fc, rule="S4-CHARGE-3"))
            if mount is not None:
                r.emit(E.face(mount.id, fc, rule="S4-CHARGE-3"))
        feet = sum(MV._cost(battle, h) for h in path)
        mark(r, f, "moved", feet=feet, ran=True)
        mark(r, f, "charge", target=t.id, joust=bool(joust), weapon=w, pending=True)
        r.note(E.message(f"{f.label} charges {t.label}: +2 to hit, double damage, -2 AC for the rest of the round"
                         + (" (a joust: no AC penalty between the jousters)" if joust else "") + ".", actor=f.id,
                         rule="S4-JOUST-1" if joust else "S4-CHARGE-1"))
        if mount is not None:
            mark(r, mount, "moved", feet=feet, ran=True)
            mark(r, mount, "attacked", why="its rider took the charge bonus")
            r.note(E.message(f"Only one of rider and mount gets the charge: {mount.label} does not attack this "
                             f"turn.", actor=mount.id, rule="S4-MOUNT-7"))
        n = _charge_waits(battle, f)
        if n is not None:
            r.note(E.message(f"The charge's attack is a hand-to-hand attack: it comes in the hand-to-hand phase of "
                             f"{f.label}'s number ({n}), once everyone on it has moved, shot and cast.", actor=f.id,
                             rule="S4-PHASE-1"))
            return
        charge_attack(r, f)

    def _set_weapon(self, r: Resolution, f: Fighter, t: Fighter, mount: Fighter | None) -> None:
        battle = r.battle
        if makes_no_attacks(battle, t) or is_helpless(battle, t) or is_surprised(battle, t):
            return  # S4-PARRY-3, S4-SURPRISE-5: no attack of its own this round, a braced one neither
        rec = this_round(battle, t, "set")
        spear = next((h for h in t.hands.values() if item(h).get("set") and not item(h).get("lance")), None) or \
            next((h for h in t.hands.values() if item(h).get("set")), None)
        if rec is not None and spear:
            mine, theirs = POLICY.number(battle, f.id), rec.get("number")
            if mine is not None and theirs is not None and theirs < mine:
                r.note(E.message(f"{t.label}'s initiative ({theirs}) is worse than {f.label}'s ({mine}): {t.their} set "
                                 f"weapon comes too late.", actor=t.id, rule="S4-SET-2"))
            else:
                r.note(E.message(f"{t.label} has set {t.their} {item(spear)['name']} against the charge: both strike on "
                                 f"{f.label}'s number, simultaneously.", actor=t.id, rule="S4-SET-3"))
                strike(r, t, f, spear, rule="S4-SET-1", double="a set weapon against a charge: double damage (S4-SET-1)")
                r.emit(E.stat(t.id, "counters.set", None))
                mark(r, t, "attacked", why="its set weapon")
                return
        if mount is not None and spear and not item(spear).get("lance") and not this_round(battle, t, "attacked") \
                and battle.state.get("reactions") is not False:  # SITUATION-FORMAT: ``reactions: false``
            r.note(E.message(f"{t.label}'s {item(spear)['name']} gets a free attack against the mounted charge.",
                             actor=t.id, rule="S4-MOUNT-6"))
            strike(r, t, f, spear, rule="S4-MOUNT-6", free=True,
                   double="a spear against a mounted charge: double damage (S4-MOUNT-6)")


def _charge_waits(battle: Battle, f: Fighter) -> int | None:
    """Ruling D20-6, S4-PHASE-1: the charge's run belongs to the movement phase and its attack to the hand-to-hand
    phase of the charger's number. The number if anyone else still acts on it before that phase (a move, a shot,
    a spell in between changes things), so the attack waits for the charger's hand-to-hand slot; None if nobody
    does (or there are no phases, as in ``clinch resolve``): then striking at once is the same thing. In a
    situation's round written down the file lists the charge where it means its blow to land (one action with
    its movement, SITUATION-FORMAT.md), and the charger may have no later slot listed: it strikes at once."""
    cur = battle.state.get("initiative")
    if not isinstance(cur, dict) or cur.get("phase") is None or cur.get("policy") != "phased" or cur.get("written"):
        return None
    count, slot = cur.get("count"), cur.get("slot")
    melee = POLICY.phases.index("hand-to-hand")
    for neg, i, _rank, fid in POLICY._slots(battle):
        if -neg == count and i < melee and fid != f.id and [fid, -neg, POLICY.phases[i]] != slot:
            return int(count)
    return None


def charge_attack(r: Resolution, f: Fighter) -> None:
    """The attack that ends a charge (S4-CHARGE-6..8, mounted S4-MOUNT-5, jousts S4-JOUST-*), with a set weapon or a
    spear against a mounted charge striking simultaneously (S4-SET-1..3, S4-MOUNT-6, GX-4). Made at once when
    nothing comes between the run and it, else at the start of the charger's hand-to-hand slot (ruling D20-6)."""
    battle = r.battle
    rec = dict(this_round(battle, f, "charge") or {})
    r.emit(E.stat(f.id, "counters.charge", dict(rec, pending=False), rule="S4-CHARGE-1"))
    t = battle.get(rec.get("target") or "")
    if is_out(f):  # struck down between its run and its attack
        return
    if t is None or _gone(t) or is_out(t) or not _melee_reach(battle, f, t):
        who = t.label if t is not None else "its target"
        r.note(E.message(f"{f.label}'s charge ends with {who} out of reach: no attack.", actor=f.id,
                         rule="S4-CHARGE-1"))
        return
    mount = mount_of(battle, f)
    w = rec.get("weapon")
    if w is not None and w not in f.hands.values():
        w = None
    Charge(f.id, target=t.id)._set_weapon(r, f, t, mount)
    if is_out(f):
        r.note(E.message(f"{f.label} falls as {f.words.they} {f.words.verb('arrives', 'arrive')}; {f.their} charge attack still lands (simultaneous, GX-4).",
                         actor=f.id, rule="GX-4"))
    kind_rule = "S4-MOUNT-5" if mount is not None else "S4-CHARGE-6"
    res = strike(r, f, t, w, rule=kind_rule, extra=[Mod(2, "charge", "S4-CHARGE-6" if mount is None
                                                        else "S4-MOUNT-5")],
                 double="double damage on a charge (S4-CHARGE-8)",
                 dice=None if w else (1, int(trait(f, "natural", 6)) or 6))
    if rec.get("joust") and res.hit and not is_out(t):
        tm = mount_of(battle, t)
        if tm is not None:
            unhorse(r, f, t, tm, res.damage)


@dataclass(frozen=True, slots=True)
class SetVsCharge(D20Action):
    """Brace a spear or pole arm against a charge (S4-SET-1); it holds the fighter's action (S4-SET-3); a rider may
    set its weapon if rider and mount stay put and it has a saddle with stirrups (S4-MOUNT-13)."""

    type: ClassVar[str] = "set_vs_charge"
    title: ClassVar[str] = "Set weapon against a charge"
    rule: ClassVar[str] = "S4-SET-1"

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if not any(item(h).get("set") for h in f.hands.values() if h):
            return Reason("Only a spear, pole arm or similar piercing weapon can be set against a charge.",
                          self.rule)
        if this_round(battle, f, "attacked"):
            return Reason(f"{f.label} has already attacked this round.", "S4-SET-3")
        if makes_no_attacks(battle, f):  # the set weapon strikes: an attack (S4-SET-1)
            return Reason(f"{f.label} is in total defence and makes no attack this round.", "S4-PARRY-3")
        m = mount_of(battle, f)
        if m is not None:
            if this_round(battle, f, "moved"):
                return Reason("A rider sets its weapon only if rider and mount stay put.", "S4-MOUNT-13")
            if "saddle" not in m.items and "saddle" not in f.items:
                return Reason("Setting a weapon from the saddle needs a saddle with stirrups.", "S4-MOUNT-13")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        n = POLICY.number(r.battle, f.id) if isinstance(r.battle.state.get("initiative"), dict) else None
        mark(r, f, "set", number=n)
        r.note(E.message(f"{f.label} sets {f.their} weapon against a charge (holding {f.their} action).", actor=f.id,
                         rule="S4-SET-3"))


def _defence_reason(battle: Battle, f: Fighter, mode: str) -> Reason | None:
    """Why ``f`` can no longer fight defensively this round, or None. Ruling D20-7: the seed's costs hold for the
    whole round ("during that round", "that round"), whenever the defence is declared; so it cannot be declared
    once the fighter has done this round what the defence forbids."""
    if mode not in ("partial", "total", "staff"):
        return None
    if this_round(battle, f, "attacked"):
        if mode == "partial":  # S4-PARRY-2: -4 to its attack rolls that round; one made without it stands
            return Reason(f"{f.label} has attacked this round without the -4 of partial defence.", "S4-PARRY-2")
        return Reason(f"{f.label} has attacked this round: {'total' if mode == 'total' else 'staff'} defence "
                      f"allows no attack that round.", "S4-PARRY-3" if mode == "total" else "S4-STAFF-3")
    moved = this_round(battle, f, "moved")
    if moved and mode == "partial" and moved.get("ran"):  # S4-PARRY-2: no more than its base movement
        return Reason(f"{f.label} ran this round: partial defence allows only {f.their} base movement.", "S4-PARRY-2")
    if moved and mode == "total" and float(moved.get("feet", 0)) > 5:  # S4-PARRY-3: at most 5' that round
        return Reason(f"{f.label} has moved {int(float(moved.get('feet', 0)))}' this round: total defence allows "
                      f"at most 5'.", "S4-PARRY-3")
    return None


@dataclass(frozen=True, slots=True)
class Defend(D20Action):
    """Declare defensive combat for the round, whatever the initiative (S4-PARRY-1): ``partial`` (-4 to attack,
    base move, S4-PARRY-2), ``total`` (no attacks, 5', S4-PARRY-3), ``off_hand`` (the off-hand weapon as a
    shield, S4-TWOWEAPON-7), ``staff`` (the staff as a shield against all, S4-STAFF-3)."""

    type: ClassVar[str] = "defend"
    title: ClassVar[str] = "Defend"
    rule: ClassVar[str] = "S4-PARRY-1"
    passive: ClassVar[bool] = False
    mode: str = "partial"

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if self.mode not in ("partial", "total", "off_hand", "staff"):
            return Reason("mode is partial, total, off_hand or staff", self.rule, "bad_intent")
        if this_round(battle, f, "defense"):
            return Reason(f"{f.label} has already declared {f.their} defence this round.", self.rule)
        if self.mode == "off_hand":
            if not item(f.hands.get("left")).get("small"):
                return Reason("A defensive off-hand weapon must be a dagger or similar.", "S4-TWOWEAPON-3")
            if this_round(battle, f, "moved") or this_round(battle, f, "attacked"):
                return Reason("The off-hand weapon's defensive use is declared when the round begins.",
                              "S4-TWOWEAPON-7")
        if self.mode == "staff" and not any(item(h).get("staff") and item(h).get("hands") == 2
                                            for h in f.hands.values() if h):
            return Reason("Staff defence needs a staff in both hands.", "S4-STAFF-3")
        return _defence_reason(battle, f, self.mode)

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        mark(r, f, "defense", mode=self.mode, parries=0, before=True)
        rule = {"partial": "S4-PARRY-2", "total": "S4-PARRY-3", "off_hand": "S4-TWOWEAPON-7",
                "staff": "S4-STAFF-3"}[self.mode]
        r.note(E.message(f"{f.label} fights defensively ({self.mode}) this round.", actor=f.id, rule=rule))


@dataclass(frozen=True, slots=True)
class ShieldBash(D20Action):
    """A normal melee attack with the shield: 1d4 subdual + STR (+1 for a specialist), magic bonus to hit and
    damage, no off-hand penalty; the shield gives no AC until next round (S4-BASH-1..5)."""

    type: ClassVar[str] = "shield_bash"
    title: ClassVar[str] = "Shield bash"
    rule: ClassVar[str] = "S4-BASH-1"
    attacks: ClassVar[bool] = True
    target: str = ""

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        t = battle.get(self.target)
        if t is None:
            return no_fighter(self.target)
        if shield_of(f) is None:
            return Reason(f"{f.label} has no shield.", self.rule)
        if is_out(t) or not _melee_reach(battle, f, t) or t.id == f.id:
            return Reason(f"{t.label} is not within 5'.", "S4-MOVE-7")
        peace = _peace_reason(battle, f, t)
        if peace:
            return peace
        if is_holding(battle, f.id):
            if not (holder_allowed(battle, "shield_bash") and t.id in _held_by(battle, f)):
                return Reason(f"{f.label} is holding an opponent (the GM allows a holder's shield bash only on the "
                              f"one {f.words.they} {f.words.verb('holds', 'hold')}, in the scenario's options).", "S4-HOLD-5")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        t = r.battle.fighter(self.target)
        _break_peace(r, t)
        if is_holding(r.battle, f.id):
            r.note(E.message(f"The GM allows {f.label} to bash the one {f.words.they} {f.words.verb('holds', 'hold')} with {f.their} strapped shield.",
                             actor=f.id, rule="S4-HOLD-4"))
        sh = item(shield_of(f))
        magic = int(sh.get("magic", 0))
        extra = [Mod(magic, "magic shield", "S4-BASH-3")] if magic else []
        dm = []
        if bonus(f, "STR"):
            dm.append(Mod(bonus(f, "STR"), "STR modifier", "S4-BASH-1"))
        if trait(f, "shield_specialist", 0):
            dm.append(Mod(1, "shield specialist", "S4-BASH-2"))
        if magic:
            dm.append(Mod(magic, "magic shield", "S4-BASH-3"))
        r.note(E.message("A shield is made to be used this way: no off-hand penalty.", actor=f.id, rule="S4-BASH-5"))
        strike(r, f, t, None, dice=(1, 4), dmg_mods=dm, extra=extra, dtype="subdual", rule=self.rule,
               label=f"{f.label} bashes {t.label} with {f.their} shield")
        mark(r, f, "bash")


@dataclass(frozen=True, slots=True)
class AimedShot(D20Action):
    """Spend the round aiming a ranged weapon: no move, no attack; +4 next round (S4-AIM-1/2)."""

    type: ClassVar[str] = "aimed_shot"
    title: ClassVar[str] = "Aim"
    rule: ClassVar[str] = "S4-AIM-1"

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if not any(item(h).get("kind") == "missile" or item(h).get("thrown") for h in f.hands.values() if h):
            return Reason(f"{f.label} has no ranged weapon ready.", self.rule)
        if this_round(battle, f, "moved") or this_round(battle, f, "attacked"):
            return Reason("Aiming takes the round: no moving and no attacking in it.", self.rule)
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        mark(r, f, "aim")
        r.note(E.message(f"{f.label} aims: +4 to {f.their} ranged attacks next round.", actor=f.id, rule="S4-AIM-2"))


@dataclass(frozen=True, slots=True)
class Ready(ReadyVerb, D20Action):
    """Take a carried item in hand. A holder cannot draw a weapon (S4-HOLD-5), armour is worn (G4-6): d20's own."""

    title: ClassVar[str] = "Ready"
    rule: ClassVar[str] = "G4-6"
    item: str = ""

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if self.item not in f.items:
            return Reason(f"{f.label} does not carry a {self.item}.", self.rule)
        if item(self.item).get("kind") == "armour":
            return Reason("Armour is worn, not held.", self.rule)
        if is_holding(battle, f.id) and item(self.item).get("kind") in ("melee", "missile"):
            return Reason(f"{f.label} is holding an opponent and cannot draw a weapon.", "S4-HOLD-5")
        if not any(v is None for v in f.hands.values()):
            return Reason(f"{f.label} has no free hand.", self.rule)
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        r.emit(E.item(f.id, self.item, action="readied", rule=self.rule))


@dataclass(frozen=True, slots=True)
class Wait(WaitVerb, D20Action):
    """Wait for a lower number (``count``, S4-INIT-5) or for a named fighter (``fighter``, S4-INIT-6); without
    either, act one number lower. d20's own: waiting holds an initiative number; only without a countdown is it
    the shared log line."""

    message: ClassVar[str] = "{label} waits."
    rule: ClassVar[str] = "S4-INIT-5"
    passive: ClassVar[bool] = True
    count: int | None = None
    fighter: str | None = None

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        cur = battle.state.get("initiative")
        if not isinstance(cur, dict) or cur.get("count") is None:
            return None
        count = self.count
        if count is None and self.fighter is None:
            count = int(cur["count"]) - 1
        return POLICY.can_hold(battle, f.id, count, self.fighter)

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        cur = r.battle.state.get("initiative")
        if not isinstance(cur, dict) or cur.get("count") is None:
            WaitVerb._resolve(self, r, f)
            return
        count = self.count
        if count is None and self.fighter is None:
            count = int(cur["count"]) - 1
        r.emit(hold_event(f.id, r.battle.round, count=count if self.fighter is None else None,
                          with_fighter=self.fighter))


@dataclass(frozen=True, slots=True)
class DoNothing(DoNothingVerb, D20Action):
    """The turn passes: the shared log line (d20's sentences end with a full stop)."""

    passive: ClassVar[bool] = True
    message: ClassVar[str] = "{label} does nothing."

    def _resolve(self, r: Resolution, actor: Fighter) -> None:
        """S4-PHASE-1: in a phase (Space passes one) the log says which phase was passed, not "does nothing"
        for each (issue 15)."""
        cur = r.battle.state.get("initiative")
        phase = cur.get("phase") if isinstance(cur, dict) else None
        if not phase:
            DoNothingVerb._resolve(self, r, actor)
            return
        r.note(E.message(f"{actor.label} passes the {phase} phase.", actor=actor.id, rule="S4-PHASE-1"))


@dataclass(frozen=True, slots=True)
class Evade(D20Action):
    """Get away: at once if every foe is surprised (S4-PURSUIT-1), or off the map's edge when no foe has seen it
    since this round began (S4-PURSUIT-5). The fighter leaves the battle."""

    type: ClassVar[str] = "evade"
    title: ClassVar[str] = "Evade"
    rule: ClassVar[str] = "S4-PURSUIT-5"

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        fs = foes(battle, f)
        if fs and all(is_surprised(battle, o) for o in fs):
            return None
        if is_held(battle, f.id):
            return Reason(f"{f.label} is held.", "S4-HELD-1")
        if not off_map_neighbour(battle, f):
            return Reason(f"{f.label} must reach the edge of the map to get away.", self.rule)
        seen = [o for o in fs if can_see(battle, o.hex, f.hex)]
        if seen:
            return Reason(f"{seen[0].label} can still see {f.label}: out of sight for a full round first.",
                          self.rule)
        unseen = f.counters.get("unseen_since")
        if unseen is None or unseen >= battle.round:
            return Reason(f"{f.label} must stay out of the pursuers' sight for a full round.", self.rule)
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        fs = foes(r.battle, f)
        rule = "S4-PURSUIT-1" if fs and all(is_surprised(r.battle, o) for o in fs) else self.rule
        r.emit(E.condition(f.id, add="evaded", rule=rule))
        m = mount_of(r.battle, f)
        if m is not None:
            r.emit(E.condition(m.id, add="evaded", rule=rule))
        r.note(E.message(f"{f.label} gets away and leaves the battle.", actor=f.id, rule=rule))


@dataclass(frozen=True, slots=True)
class UseItem(D20Action):
    """Use a magic item: a simple one (a ring) even while holding or held (S4-HOLD-3, S4-HELD-4); a wand in the
    magic phase: the target saves vs Wands or is paralysed (S4-PHASE-4) - never while holding or held
    (S4-HOLD-5, S4-HELD-5), nor silenced, nor in total defence (S4-PARRY-3)."""

    type: ClassVar[str] = "use_item"
    title: ClassVar[str] = "Use item"
    rule: ClassVar[str] = "S4-PHASE-4"
    item: str = ""
    target: str | None = None

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        it = item(self.item)
        if self.item not in f.items and self.item not in f.hands.values():
            return Reason(f"{f.label} has no {self.item}.", self.rule)
        dfn = this_round(battle, f, "defense")
        if dfn and dfn.get("mode") == "total":
            return Reason("In total defence no magic item can be used.", "S4-PARRY-3")
        if it.get("wand"):
            if is_holding(battle, f.id):
                return Reason(f"{f.label} is holding an opponent: no wands.", "S4-HOLD-5")
            if is_held(battle, f.id):
                return Reason(f"{f.label} is held: no spells or wands.", "S4-HELD-5")
            if "silenced" in f.conditions:
                return Reason(f"{f.label} cannot speak the command word.", "S4-HOLD-2")
            phase = phase_of(battle)
            if phase is not None and phase != "magic":
                return Reason("Wands are used in the magic phase.", "S4-PHASE-4")
            t = battle.get(self.target)
            if t is None or is_out(t):
                return Reason("Choose a target for the wand.", "S4-PHASE-4", "bad_intent" if t is None else "illegal")
            return None
        if it.get("simple_magic"):
            if f.counters.get(f"used_{self.item}"):
                return Reason(f"The {it['name']} is spent.", "S4-HOLD-3")
            return None
        return Reason(f"A {it.get('name', self.item)} is not a usable magic item.", self.rule)

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        it = item(self.item)
        if it.get("wand"):
            t = r.battle.fighter(self.target)
            _break_peace(r, t)
            r.note(E.message(f"{f.label} points the {it['name']} at {t.label} (magic phase: target chosen, then the "
                             f"save, then the result).", actor=f.id, rule="S4-PHASE-4"))
            sv = save_roll(r, t, "save vs Wands", "S4-PHASE-4", kind="wands")
            if not sv["success"]:
                r.emit(E.condition(t.id, add="paralyzed", actor=f.id, rule="S4-PHASE-4"))
                r.emit(E.stat(t.id, "counters.paralyzed_until", r.battle.round + 2, rule="S4-PHASE-4"))
            return
        if it.get("calm"):
            m = mount_of(r.battle, f)
            if m is not None and "bolting" in m.conditions:
                r.emit(E.condition(m.id, remove="bolting", actor=f.id, rule="S4-MOUNT-20"))
                r.emit(E.stat(m.id, "counters.control", None))
            r.emit(E.stat(f.id, f"counters.used_{self.item}", True))
            r.note(E.message(f"{f.label}'s {it['name']} calms {f.their} mount (the GM's means of regaining control).",
                             actor=f.id, rule="S4-MOUNT-20"))
            return
        heal = r.dice.roll(1, 4, "the ring's healing", "S4-HOLD-3")[0]
        new = min(hp_max(f), current_hp(f) + heal)
        r.note({"type": "roll", "actor": f.id, "label": "healing (1d4)", "rule": "S4-HOLD-3", "base": 0,
                "modifiers": [], "dice": [heal], "total": heal})
        r.emit(E.stat(f.id, "hp", new, rule="S4-HELD-4" if is_held(r.battle, f.id) else "S4-HOLD-3"))
        r.emit(E.stat(f.id, f"counters.used_{self.item}", True))


_ = (is_mounted,)
