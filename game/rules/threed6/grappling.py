"""The grappling actions of seed 000 (checklist S0): grapple, break free, takedown, pin, wrest a
weapon, force a drop, drag, release.

Each action states its own rule IDs; the numbers (location penalties, the
leg-grip bonus, which postures force the grappler down...) come from the
ruleset's hooks, so ``3d6-full`` reuses these classes (see ``lite.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.hexgrid import Hex, hex_distance
from game.model import Grapple as Grip
from game.rules import events as E
from game.rules.base import Reason
from game.rules.common import quick_contest, regular_contest, roll_under
from game.rules.reach import terrain_cost
from game.rules.threed6 import combat as C
from game.rules.threed6 import stats as S
from game.rules.threed6.maneuvers import Maneuver, _move_events, find_path, separate
from game.rules.threed6.status import (
    BODY_LOCATIONS,
    grip,
    grips_by,
    grips_on,
    is_grappled,
    is_item_location,
    is_pinned,
)

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution
    from game.rules.threed6.lite import ThreeD6Lite

__all__ = [
    "Grab", "AfterGrapple", "BreakFree", "Release", "Takedown", "Pin", "WrestleWeapon", "ForceDrop", "Drag",
    "Strangle", "GRAPPLE_MANEUVERS", "AFTER_MANEUVERS", "after_reason", "approach", "step_origin", "held_grip",
]

#: S0-REQ-3: a grapple is an Attack, All-Out Attack or Move and Attack.
GRAPPLE_MANEUVERS = ("attack", "all_out_attack", "move_and_attack")
#: S0-AFTER-2: the moves after a grapple need an Attack or All-Out Attack.
AFTER_MANEUVERS = ("attack", "all_out_attack")
#: what a fighter must be to satisfy S0-REQ-5 (kneel or lie down)
_DOWN = frozenset({"kneeling", "prone", "crawling"})


def approach(battle: Battle, rs: ThreeD6Lite, actor: Fighter, target: Fighter,
             maneuver: str) -> tuple[list[Hex], bool] | Reason:
    """How ``actor`` gets into position to grapple ``target``: (path into its hex, must get down) or why not.

    S0-REQ-2: the grappler must be in the target's hex. From an adjacent hex
    the Attack's step takes it there (G0-4, ruling L-1); Move and Attack may
    walk there. S0-REQ-5/6: against a low foe it must kneel, which may be the
    Attack's step, so a step can't do both (ruling L-2).
    """
    path: list[Hex] = []
    stepped = E.has_effect(battle, actor.id, STEP_TAKEN)  # S0-FREE-3: a drag took the Attack's step
    if actor.hex != target.hex:
        if stepped:
            return Reason(f"{actor.label} has taken this turn's step dragging and cannot step into "
                          f"{target.label}'s hex", rs.cite("S0-FREE-3"))
        dist = hex_distance(actor.hex, target.hex)
        if maneuver == "move_and_attack":
            steps = rs.move_allowance(battle, actor)
        else:
            steps = 1
        if dist > steps:
            return Reason(f"{actor.label} must be in {target.label}'s hex to grapple "
                          f"({'one step' if steps == 1 else f'Move {steps}'} away at most)", rs.cite("S0-REQ-2"))
        if is_grappled(battle, actor.id):
            return Reason(f"{actor.label} is held and cannot step into {target.label}'s hex", rs.cite("S0-HOLD-3"))
        if grips_by(battle, actor.id):
            return Reason(f"{actor.label} must let go of the fighter it holds before stepping away (ruling)", "G0-10")
        if sum(1 for f in battle.fighters if f.hex == target.hex) >= 5:
            return Reason(f"{target.label}'s hex is full (house rule: at most five fighters)", "GX-3")
        enter = terrain_cost(battle.board)(target.hex)  # GX-5: the step spends the hex's move cost
        if dist == 1 and enter is not None and enter <= steps:
            found: list[Hex] | None = [target.hex]
        else:
            found = find_path(battle, actor, target.hex, steps, enter_foe=True)
        if found is None:
            return Reason(f"{actor.label} cannot get into {target.label}'s hex", rs.cite("S0-REQ-2"))
        path = found
    down = (target.posture in rs.getdown_postures and target.size - actor.size < 2
            and actor.posture not in _DOWN)
    if down:
        if path and maneuver != "move_and_attack":
            return Reason(f"{target.label} is {target.posture}: {actor.label} must kneel or lie down to grapple, and "
                          "the Attack's one step cannot also enter the hex (ruling)", rs.cite("S0-REQ-6"))
        if actor.posture not in ("standing", "crouching", "sitting"):
            return Reason(f"{target.label} is {target.posture}: {actor.label} must kneel or lie down to grapple",
                          rs.cite("S0-REQ-5"))
        if stepped:
            return Reason(f"{target.label} is {target.posture}: kneeling would be the Attack's step, which "
                          f"{actor.label} took dragging", rs.cite("S0-REQ-6"))
    return path, down


def step_origin(actor: Fighter, path: list[Hex]) -> Hex | None:
    """The hex a grapple's step into the foe's hex comes from (ruling L-1), None without a step.

    The check, the play and the odds all judge the defender's arc from here.
    """
    if not path:
        return None
    return path[-2] if len(path) > 1 else actor.hex


def _grip_side(target: Fighter, location: str, side: str | None) -> dict[str, str]:
    if location in ("arm", "hand"):
        if side is None:
            side = next((h for h, it in target.hands.items() if it is not None), next(iter(target.hands), "right"))
        return {"limb": side}
    if location in ("leg", "foot"):
        return {"limb": side or "right"}
    if is_item_location(location):
        hand = next((h for h, it in target.hands.items() if it == location), None)
        return {"hand": hand} if hand else {}
    return {}


@dataclass(frozen=True, slots=True)
class Grab(Maneuver):
    """S0-REQ, S0-GRAB: grab a foe (``location``: torso, arm, leg, head) or an item it holds (its id)."""

    type: ClassVar[str] = "grapple"
    title: ClassVar[str] = "Grapple"
    rule: ClassVar[str] = "S0-REQ-3"
    is_attack: ClassVar[bool] = True
    target: str = ""
    location: str = "torso"
    hands: int = 1
    defense: str | None = None
    #: S0-REQ-3: attack, all_out_attack or move_and_attack
    maneuver: str = "attack"
    #: which arm or leg (``right``/``left``); default the weapon arm / the right leg
    side: str | None = None

    def maneuver_name(self) -> str:
        return self.maneuver

    def _check(self, battle, actor, rs):
        target = battle.get(self.target)
        if target is None or target.id == actor.id:
            return Reason("Choose a fighter to grapple", rs.cite("S0-REQ-2"), "bad_intent")
        if self.maneuver not in GRAPPLE_MANEUVERS:
            return Reason("A grapple is made with an Attack, All-Out Attack or Move and Attack maneuver",
                          rs.cite("S0-REQ-3"))
        free = rs.usable_free_hands(battle, actor)
        if not free:
            return Reason(f"{actor.label} needs an empty hand to grapple", rs.cite("S0-REQ-1"))
        if not isinstance(self.hands, int):
            return Reason("Grapple with one hand or more", rs.cite("S0-GRAB-7"), "bad_intent")
        if self.hands < 1:  # a count the contract allows, the rules refuse (situations: exit 3)
            return Reason("Grapple with one hand or more", rs.cite("S0-GRAB-7"))
        if self.hands > len(free):
            return Reason(f"{actor.label} has only {len(free)} free hand{'s' * (len(free) != 1)}",
                          rs.cite("S0-REQ-1"))
        if is_item_location(self.location):
            if self.location not in target.hands.values():
                return Reason(f"{target.label} holds no {self.location} to grab", rs.cite("S0-GRAB-5"))
        elif self.location not in rs.grab_penalties:
            # a body part this ruleset has no grab rule for: a well-formed intent the rules refuse
            # (SITUATION-FORMAT.md: exit 3, not 2); words outside the contract never get here
            return Reason(f"{self.location!r} cannot be grabbed in {rs.id}", rs.cite("S0-GRAB-2"))
        if self.side is not None and self.location in ("arm", "hand") and self.side not in target.hands:
            return Reason(f"{target.label} has no {self.side} arm", rs.cite("S0-GRAB-3"), "bad_intent")
        if grip(battle, actor.id, target.id) is not None:
            return Reason(f"{actor.label} already grips {target.label}; let go first (ruling)", "G0-19")
        where = approach(battle, rs, actor, target, self.maneuver)
        if isinstance(where, Reason):
            return where
        return rs.defense_choice_reason(battle, target.id, actor.id, None, self.defense, kind="grapple",
                                        origin=step_origin(actor, where[0]))

    def _resolve(self, r, actor):
        rs = r.rules
        battle = r.battle
        target = battle.fighter(self.target)
        where = approach(battle, rs, actor, target, self.maneuver)
        assert not isinstance(where, Reason)
        path, down = where
        origin = step_origin(actor, path)
        if path:
            rule = "G0-4" if self.maneuver == "move_and_attack" else rs.cite("S0-REQ-2")
            _move_events(r, actor, path, rule)
        if down:
            r.emit(E.posture(actor.id, "kneeling", rule=rs.cite("S0-REQ-6")))
        if self.maneuver == "all_out_attack":
            rs.start_all_out_attack(r, actor)
        spec = rs.grapple_spec(battle, actor, target, self.location, self.hands, self.maneuver)
        ev = r.note(roll_under(r.dice, spec))
        if not ev["success"]:
            r.note(E.message(f"{actor.label} fails to grab {target.label}", actor=actor.id,
                             rule=rs.cite("S0-GRAB-1")))
            return
        if ev.get("critical") == "success":
            r.note(E.message("A critical success cannot be defended (house rule)", actor=actor.id, rule="G0-17"))
        else:
            att = C.AttackInfo(actor.id, "grapple", None, "grapple", origin)
            if C.roll_defense(r, rs, target, att, self.defense):
                r.note(E.message(f"{target.label} fends off the grab", actor=target.id, rule=rs.cite("S0-GRAB-8")))
                return
        hands = rs.usable_free_hands(battle, actor)[:self.hands]
        extra: dict = {"made_on_turn": battle.turn, **_grip_side(target, self.location, self.side)}
        g = Grip(holder=actor.id, target=target.id, location=self.location, hands=self.hands, kind="grapple",
                 hand_names=hands, since=battle.turn, extra=extra)
        r.emit(E.grapple_start(g, rule=rs.cite("S0-GRAB-9")))


def held_grip(battle: Battle, rs: ThreeD6Lite, actor: Fighter, target_id: str | None,
              test=None) -> Grip | Reason:
    """The actor's grip on ``target_id`` (or its only grip), checked for S0-AFTER-1."""
    mine = [g for g in grips_by(battle, actor.id) if target_id in (None, g.target)]
    if test is not None:
        mine = [g for g in mine if test(g)] or mine
    if not mine:
        who = battle.get(target_id).label if target_id and battle.get(target_id) else "anyone"
        return Reason(f"{actor.label} is not grappling {who}", rs.cite("S0-AFTER-1"))
    if len(mine) > 1 and target_id is None:
        return Reason(f"{actor.label} holds several fighters: say which", rs.cite("S0-AFTER-1"), "bad_intent")
    g = mine[0]
    if g.extra.get("made_on_turn") == battle.turn:
        return Reason("Moves after a grapple come on later turns", rs.cite("S0-AFTER-1"))
    return g


def after_reason(rs: ThreeD6Lite, maneuver: str) -> Reason | None:
    """S0-AFTER-2: moves after a grapple need an Attack or All-Out Attack maneuver (S2-AFTER-1 in full)."""
    if maneuver not in AFTER_MANEUVERS:
        return Reason("This move needs an Attack or All-Out Attack maneuver", rs.cite("S0-AFTER-2"))
    return None


@dataclass(frozen=True, slots=True)
class AfterGrapple(Maneuver):
    """A move after a grapple (S0-AFTER-1/2, S2-AFTER-1): an attack with an Attack or All-Out Attack maneuver,
    on a later turn, on a foe one holds (``target``; None = the only one).

    The one header of those moves: the maneuver check, the All-Out Attack's
    effect, and finding the grip (``wants`` says which of the actor's grips
    the move prefers). A subclass says what the grip must be
    (``grip_reason``) and plays the move (``play_grip``), or overrides
    ``after_check``/``after_play`` when it finds its grip itself. Subclasses
    declare the fields ``target`` and ``maneuver`` themselves, so that each
    intent keeps its own field order (its text and its JSON).
    """

    is_attack: ClassVar[bool] = True
    if TYPE_CHECKING:
        target: str | None
        maneuver: str

    def maneuver_name(self) -> str:
        return self.maneuver

    def wants(self, rs: ThreeD6Lite, g: Grip) -> bool:
        """Which of the actor's grips this move prefers when ``target`` is None."""
        return True

    def held(self, battle: Battle, rs: ThreeD6Lite, actor: Fighter) -> Grip | Reason:
        return held_grip(battle, rs, actor, self.target, lambda g: self.wants(rs, g))

    def _check(self, battle, actor, rs):
        return after_reason(rs, self.maneuver) or self.after_check(battle, rs, actor)

    def after_check(self, battle: Battle, rs: ThreeD6Lite, actor: Fighter) -> Reason | None:
        g = self.held(battle, rs, actor)
        if isinstance(g, Reason):
            return g
        return self.grip_reason(battle, rs, actor, g)

    def grip_reason(self, battle: Battle, rs: ThreeD6Lite, actor: Fighter, g: Grip) -> Reason | None:
        return None

    def _resolve(self, r, actor):
        rs = r.rules
        if self.maneuver == "all_out_attack":
            rs.start_all_out_attack(r, actor)
        self.after_play(r, rs, actor)

    def after_play(self, r: Resolution, rs: ThreeD6Lite, actor: Fighter) -> None:
        g = self.held(r.battle, rs, actor)
        assert not isinstance(g, Reason)
        self.play_grip(r, rs, actor, g, r.battle.fighter(g.target))

    def play_grip(self, r: Resolution, rs: ThreeD6Lite, actor: Fighter, g: Grip, victim: Fighter) -> None:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class BreakFree(Maneuver):
    """S0-BREAK: Quick Contest of ST to end a grip or pin on oneself; an Attack maneuver (S0-BREAK-1).

    ``target`` = the holder to break from (G0-19; default the easiest);
    ``to`` = the hex to step into if it wins (S0-BREAK-7).
    """

    type: ClassVar[str] = "break_free"
    title: ClassVar[str] = "Break free"
    rule: ClassVar[str] = "S0-BREAK-1"
    is_attack: ClassVar[bool] = True
    target: str | None = None
    to: tuple[int, int] | None = None

    def _check(self, battle, actor, rs):
        grips = grips_on(battle, actor.id)
        if self.target is not None:
            grips = [g for g in grips if g.holder == self.target]
        if not grips:
            who = f" by {self.target}" if self.target else ""
            return Reason(f"{actor.label} is not grappled{who}", rs.cite("S0-BREAK-1"))
        if is_pinned(battle, actor.id):
            last = actor.counters.get("break_free_round")
            if last is not None and battle.round - int(last) < 10:
                return Reason(f"{actor.label} is pinned and may try to break free only once every 10 turns "
                              f"(next on round {int(last) + 10})", rs.cite("S0-BREAK-2"))
        if self.to is not None:
            to = Hex.of(self.to)
            if hex_distance(to, actor.hex) != 1 or find_path(battle, actor, to, 1) is None:
                return Reason("The step after breaking free must be into an open adjacent hex",
                              rs.cite("S0-BREAK-7"), "bad_intent")
        return None

    def pick(self, battle: Battle, rs: ThreeD6Lite, actor: Fighter) -> Grip:
        grips = grips_on(battle, actor.id)
        if self.target is not None:
            return next(g for g in grips if g.holder == self.target)
        return min(grips, key=lambda g: (rs.break_free_specs(battle, actor, g)[1].target, g.holder))

    def _resolve(self, r, actor):
        rs = r.rules
        battle = r.battle
        g = self.pick(battle, rs, actor)
        if is_pinned(battle, actor.id):
            r.emit(E.stat(actor.id, "counters.break_free_round", battle.round, rule=rs.cite("S0-BREAK-2")))
        a, b = rs.break_free_specs(battle, actor, g)
        ev = r.note(quick_contest(r.dice, a, b, rs.cite("S0-BREAK-3")))
        if ev["winner"] != actor.id:
            r.note(E.message(f"{actor.label} stays held", actor=actor.id, rule=rs.cite("S0-BREAK-10")))
            self.stays_held(r, rs, actor, g, ev)
            return
        r.emit(E.grapple_end(g.holder, actor.id, why="broke free", rule=rs.cite("S0-BREAK-3")))
        if not is_pinned(battle, actor.id) and actor.counters.get("break_free_round") is not None:
            r.emit(E.stat(actor.id, "counters.break_free_round", None))
        if self.to is not None and not is_grappled(battle, actor.id):
            r.emit(E.move(actor.id, Hex.of(self.to), rule=rs.cite("S0-BREAK-7")))
            separate(r)


    def stays_held(self, r: Resolution, rs: ThreeD6Lite, actor: Fighter, g: Grip, contest: dict) -> None:
        """After a try that did not win (a variant's hook: 3d6-full's arm lock, S2-ARMLOCK-8)."""


@dataclass(frozen=True, slots=True)
class Release(Maneuver):
    """S0-FREE-1: let go with one or more hands, a free action. ``hands``: how many to free (default all).

    A pinner may free one hand and keep the pin (S0-PIN-7).
    """

    type: ClassVar[str] = "release"
    title: ClassVar[str] = "Release"
    rule: ClassVar[str] = "S0-FREE-1"
    free: ClassVar[bool] = True
    physical: ClassVar[bool] = False
    target: str | None = None
    hands: int | None = None

    def _check(self, battle, actor, rs):
        mine = [g for g in grips_by(battle, actor.id) if self.target in (None, g.target)]
        if not mine:
            return Reason(f"{actor.label} holds nobody to release", rs.cite("S0-FREE-1"))
        if len(mine) > 1 and self.target is None:
            return Reason(f"{actor.label} holds several fighters: say which", rs.cite("S0-FREE-1"), "bad_intent")
        if self.hands is not None and not 1 <= self.hands <= mine[0].hands:
            return Reason(f"{actor.label} grips with {mine[0].hands} hand(s)", rs.cite("S0-FREE-1"), "bad_intent")
        return None

    def _resolve(self, r, actor):
        rs = r.rules
        g = next(g for g in grips_by(r.battle, actor.id) if self.target in (None, g.target))
        n = g.hands if self.hands is None else self.hands
        if n >= g.hands:
            r.emit(E.grapple_end(actor.id, g.target, why="released", rule=rs.cite("S0-FREE-1")))
        else:
            keep = list(g.hand_names)[: g.hands - n]
            rule = rs.cite("S0-PIN-7") if g.kind == "pin" else rs.cite("S0-FREE-1")
            r.emit(E.grapple_change(actor.id, g.target, rule=rule, hands=g.hands - n, hand_names=keep))


@dataclass(frozen=True, slots=True)
class Takedown(AfterGrapple):
    """S0-TAKEDOWN: bear a standing foe one holds to the ground; Quick Contest of best ST/DX/skill."""

    type: ClassVar[str] = "takedown"
    title: ClassVar[str] = "Takedown"
    rule: ClassVar[str] = "S0-TAKEDOWN-2"
    target: str | None = None
    maneuver: str = "attack"

    def wants(self, rs, g):
        return g.location in BODY_LOCATIONS

    def grip_reason(self, battle, rs, actor, g):
        if g.location not in BODY_LOCATIONS:
            return Reason("A takedown needs a hold on the foe's body, not its weapon", rs.cite("S0-AFTER-1"))
        victim = battle.fighter(g.target)
        if victim.posture != "standing":
            return Reason(f"{victim.label} is {victim.posture}: only a standing foe can be taken down",
                          rs.cite("S0-TAKEDOWN-1"), opens=_takedown_opens(rs, victim))
        return None

    def play_grip(self, r, rs, actor, g, victim):
        a, b = rs.takedown_specs(r.battle, actor, victim, g, self.maneuver)
        ev = r.note(quick_contest(r.dice, a, b, rs.cite("S0-TAKEDOWN-2")))
        if ev["winner"] is None:
            r.note(E.message("Neither falls", actor=actor.id, rule=rs.cite("S0-TAKEDOWN-8")))
            return
        if ev["winner"] == actor.id:
            _fall(r, rs, winner=actor, loser=victim, rules=("S0-TAKEDOWN-5", "S0-TAKEDOWN-6"))
            self.fallen(r, rs, actor, winner=actor, loser=victim)
        else:
            _fall(r, rs, winner=victim, loser=actor, rules=("S0-TAKEDOWN-7", "S0-TAKEDOWN-7"))
            self.fallen(r, rs, actor, winner=victim, loser=actor)

    def fallen(self, r: Resolution, rs: ThreeD6Lite, actor: Fighter, *, winner: Fighter, loser: Fighter) -> None:
        """After the loser has fallen (a variant's hook: 3d6-full's second hex, S2-TAKEDOWN-4)."""


def _takedown_opens(rs: ThreeD6Lite, victim: Fighter) -> str:
    """What opens a takedown refused for the foe's posture (S0-TAKEDOWN-1: a standing foe only)."""
    w = victim.words
    if victim.posture in S.LYING:
        return (f"{victim.label} is down already: a pin holds {w.them} there (needs a hold on the torso, "
                f"{rs.cite('S0-PIN-2')})")
    return f"opens once {victim.label} stands up (a standing foe only, {rs.cite('S0-TAKEDOWN-1')})"


def _pin_opens(rs: ThreeD6Lite, victim: Fighter) -> str:
    """What opens a pin refused because the foe is not lying down (S0-PIN-1): a takedown of a standing foe;
    a kneeling or sitting one can be neither taken down nor pinned until that changes (S0-TAKEDOWN-1)."""
    w = victim.words
    if victim.posture == "standing":
        return f"needs {victim.label} lying down: take {w.them} down first (Takedown, {rs.cite('S0-TAKEDOWN-2')})"
    return (f"needs {victim.label} lying down; {victim.posture}, {w.they} cannot be taken down either "
            f"(a standing foe only, {rs.cite('S0-TAKEDOWN-1')}): it opens once {w.they} "
            f"{w.verb('lies', 'lie')} down, or {w.verb('stands', 'stand')} up to be taken down")


def _fall(r: Resolution, rs: ThreeD6Lite, *, winner: Fighter, loser: Fighter, rules: tuple[str, str]) -> None:
    """The loser of a takedown falls in the winner's hex (lite) and lets go of the winner."""
    land = rs.takedown_landing(r.battle, winner, loser)
    if land != loser.hex:
        r.emit(E.move(winner.id, land, rule=rs.cite(rules[0]), who=loser.id))
        separate(r)
    r.emit(E.posture(loser.id, "prone", actor=winner.id, rule=rs.cite(rules[0])))
    g = grip(r.battle, loser.id, winner.id)
    if g is not None:
        r.emit(E.grapple_end(loser.id, winner.id, why="fell", rule=rs.cite(rules[1])))


@dataclass(frozen=True, slots=True)
class Pin(AfterGrapple):
    """S0-PIN: hold a lying foe down; Regular Contest of ST; the winner's foe is pinned and helpless."""

    type: ClassVar[str] = "pin"
    title: ClassVar[str] = "Pin"
    rule: ClassVar[str] = "S0-PIN-3"
    target: str | None = None
    maneuver: str = "attack"

    def wants(self, rs, g):
        return g.location == "torso"

    def grip_reason(self, battle, rs, actor, g):
        victim = battle.fighter(g.target)
        if victim.posture not in S.LYING:
            return Reason(f"{victim.label} must be lying down to be pinned", rs.cite("S0-PIN-1"),
                          opens=_pin_opens(rs, victim))
        if g.location != "torso":
            return Reason(f"{actor.label} must be grappling {victim.label}'s torso to pin", rs.cite("S0-PIN-2"))
        if g.kind == "pin":
            return Reason(f"{victim.label} is already pinned", rs.cite("S0-PIN-6"))
        return None

    def play_grip(self, r, rs, actor, g, victim):
        battle = r.battle
        a, b = rs.pin_specs(battle, actor, victim, g, self.maneuver)
        ev = r.note(regular_contest(r.dice, a, b, rs.cite("S0-PIN-3"), lower_to_14=rs.lower_to_14(battle)))
        if ev["winner"] == actor.id:
            r.emit(E.grapple_change(actor.id, victim.id, rule=rs.cite("S0-PIN-6"), kind="pin"))
            r.note(E.message(f"{victim.label} is pinned and helpless", actor=actor.id, rule=rs.cite("S0-PIN-6")))
        else:
            r.note(E.message("The pin fails: nothing happens", actor=actor.id, rule=rs.cite("S0-PIN-8")))


@dataclass(frozen=True, slots=True)
class WrestleWeapon(AfterGrapple):
    """S0-ITEM-3..6: wrest a grabbed item away; Regular Contest of ST; lose = lose the grip."""

    type: ClassVar[str] = "wrestle_weapon"
    title: ClassVar[str] = "Wrest weapon"
    rule: ClassVar[str] = "S0-ITEM-4"
    target: str | None = None
    maneuver: str = "attack"

    def wants(self, rs, g):
        return is_item_location(g.location)

    def grip_reason(self, battle, rs, actor, g):
        if not is_item_location(g.location):
            if g.location in rs.force_drop_locations:
                return Reason(f"Holding an arm, {actor.label} cannot snatch the weapon, only force a drop",
                              rs.cite("S0-LOC-2"))
            return Reason(f"{actor.label} has not grabbed an item of {battle.fighter(g.target).label}'s",
                          rs.cite("S0-ITEM-3"))
        return None

    def play_grip(self, r, rs, actor, g, owner):
        battle = r.battle
        a, b = rs.st_contest_specs(battle, actor, owner, f"wrest the {g.location}", "S0-ITEM-4", self.maneuver)
        ev = r.note(regular_contest(r.dice, a, b, rs.cite("S0-ITEM-4"), lower_to_14=rs.lower_to_14(battle)))
        if ev["winner"] == actor.id:
            hand = g.hand_names[0] if g.hand_names else None
            r.emit(E.grapple_end(actor.id, owner.id, why="took the item", rule=rs.cite("S0-ITEM-5")))
            r.emit(E.item(actor.id, g.location, action="taken", hand=hand, owner=owner.id, rule=rs.cite("S0-ITEM-5")))
        elif ev["winner"] == owner.id:
            r.emit(E.grapple_end(actor.id, owner.id, why="lost the grip", rule=rs.cite("S0-ITEM-6")))
        else:
            r.note(E.message("Tie: nothing changes", actor=actor.id, rule="G0-3"))


@dataclass(frozen=True, slots=True)
class ForceDrop(AfterGrapple):
    """S0-LOC-3: from an arm grip, make the foe drop what that hand holds; Regular Contest of ST."""

    type: ClassVar[str] = "force_drop"
    title: ClassVar[str] = "Force drop"
    rule: ClassVar[str] = "S0-LOC-3"
    target: str | None = None
    maneuver: str = "attack"

    def wants(self, rs, g):
        return g.location in rs.force_drop_locations

    def grip_reason(self, battle, rs, actor, g):
        if g.location not in rs.force_drop_locations:
            return Reason(f"{actor.label} must hold {battle.fighter(g.target).label}'s arm to force a drop",
                          rs.cite("S0-LOC-3"))
        victim = battle.fighter(g.target)
        if victim.hands.get(g.extra.get("limb", "right")) is None:
            return Reason(f"{victim.label}'s gripped hand holds nothing", rs.cite("S0-LOC-3"))
        return None

    def play_grip(self, r, rs, actor, g, victim):
        battle = r.battle
        hand = g.extra.get("limb", "right")
        held = victim.hands[hand]
        a, b = rs.st_contest_specs(battle, actor, victim, f"force {victim.label} to drop the {held}", "S0-LOC-3",
                                   self.maneuver)
        ev = r.note(regular_contest(r.dice, a, b, rs.cite("S0-LOC-3"), lower_to_14=rs.lower_to_14(battle)))
        if ev["winner"] == actor.id:
            r.emit(E.item(victim.id, held, action="dropped", hand=hand, rule=rs.cite("S0-LOC-3")))
        elif ev["winner"] == victim.id:
            r.emit(E.grapple_end(actor.id, victim.id, why="lost the grip", rule=rs.cite("S0-LOC-3")))
        else:
            r.note(E.message("Tie: nothing changes", actor=actor.id, rule="G0-3"))


@dataclass(frozen=True, slots=True)
class Drag(Maneuver):
    """S0-FREE-2/3: move dragging or carrying the held foe (pinned, or ST more than twice its ST).

    ``maneuver``: ``move`` (the Move maneuver) or ``step`` (the one-hex step of this turn's maneuver,
    taken first as a free action: then an Attack, All-Out Attack or other maneuver with a step, G0-4). Dragging is no action of its own: seed 000
    says "just move or step normally, dragging or carrying your enemy", so a drag costs what that Move or
    step costs, no more (ruling L-11); a drag that goes nowhere is no move. The victim counts as encumbrance
    (G0-13: half its weight when lying).
    """

    type: ClassVar[str] = "drag"
    title: ClassVar[str] = "Drag"
    rule: ClassVar[str] = "S0-FREE-2"
    maneuver_kind: ClassVar[str] = "move"
    to: tuple[int, int] | None = None
    target: str | None = None
    maneuver: str = "move"

    @property  # type: ignore[override]
    def free(self) -> bool:
        """S0-FREE-2, S0-FREE-3: a drag on a maneuver's step is a free action; the maneuver that follows is the turn's."""
        return self.maneuver == "step"

    def maneuver_name(self) -> str:
        return "free" if self.free else "move"

    def _grip(self, battle: Battle, rs: ThreeD6Lite, actor: Fighter) -> Grip | Reason:
        mine = [g for g in grips_by(battle, actor.id) if self.target in (None, g.target)
                and g.location in BODY_LOCATIONS]
        if not mine:
            return Reason(f"{actor.label} holds nobody to drag", rs.cite("S0-FREE-2"))
        return mine[0]

    def _check(self, battle, actor, rs):
        if self.to is None:
            return Reason("Choose the hex to drag to", rs.cite("S0-FREE-3"), "bad_intent")
        if self.maneuver not in ("move", "step"):
            return Reason(f"maneuver: a drag is a Move or a step, not {self.maneuver!r}", rs.cite("S0-FREE-3"),
                          "bad_intent")
        g = self._grip(battle, rs, actor)
        if isinstance(g, Reason):
            return g
        victim = battle.fighter(g.target)
        if g.kind != "pin" and not rs.strong_enough(S.stat(actor, "ST"), S.stat(victim, "ST")):
            return Reason(f"{actor.label} may drag {victim.label} only once it is pinned, or with ST "
                          f"{rs.strength_words} {victim.label}'s", rs.cite("S0-FREE-2"))
        if is_grappled(battle, actor.id):
            return Reason(f"{actor.label} is held and cannot move away", rs.cite("S0-HOLD-3"))
        steps = self._steps(battle, rs, actor, victim)
        if steps <= 0:
            return Reason(f"{victim.label} is too heavy for {actor.label} to move", "G0-13")
        if self.free and E.has_effect(battle, actor.id, STEP_TAKEN):
            return Reason(f"{actor.label} has taken this turn's step", rs.cite("S0-FREE-3"))
        if Hex.of(self.to) == actor.hex:
            # S0-FREE-3 (ruling L-11): dragging is moving; the menu lists no drag to the hex one stands in.
            return Reason(f"Choose a hex to drag {victim.label} to: dragging is moving", rs.cite("S0-FREE-3"),
                          "bad_intent")
        if find_path(battle, actor, Hex.of(self.to), steps, companions=frozenset({victim.id})) is None:
            how = "one step" if self.free else f"Move {steps} with the load"
            return Reason(f"{actor.label} cannot drag {victim.label} to {list(self.to)} ({how})", rs.cite("S0-FREE-3"))
        return None

    def _steps(self, battle: Battle, rs: ThreeD6Lite, actor: Fighter, victim: Fighter) -> int:
        """How far this drag may go: the Move the load leaves (G0-13), or one hex for a step if any Move is left."""
        steps = rs.move_allowance(battle, actor, load=rs.drag_load(victim))
        return min(steps, 1) if self.free else steps

    def _resolve(self, r, actor):
        rs = r.rules
        battle = r.battle
        g = self._grip(battle, rs, actor)
        assert not isinstance(g, Reason)
        victim = battle.fighter(g.target)
        steps = self._steps(battle, rs, actor, victim)
        path = find_path(battle, actor, Hex.of(self.to), steps, companions=frozenset({victim.id})) or []
        for other in list(battle.grapples):
            involved = {other.holder, other.target}
            if other is g or not involved & {actor.id, victim.id}:
                continue
            if involved <= {actor.id, victim.id}:
                continue
            r.emit(E.grapple_end(other.holder, other.target, why="pulled apart by the drag", rule="G0-10"))
        _move_events(r, actor, path, rs.cite("S0-FREE-3"), companions=[victim.id])
        if self.free:  # the turn's one step is spent: a maneuver with a step follows (S0-FREE-3, G0-4)
            r.emit(E.effect_start(actor.id, STEP_TAKEN, until="end_of_turn", rule=rs.cite("S0-FREE-3")))


#: the turn-scoped effect of a drag on a maneuver's step: no other step (nor a Move) this turn (S0-FREE-3)
STEP_TAKEN = "step_taken"
#: G0-4 (the GURPS maneuvers): those that carry a one-hex step, which a drag may be (ruling L-11)
STEP_MANEUVERS = ("attack", "all_out_attack", "feint", "evaluate", "aim", "ready", "concentrate", "wait")


def step_spent_reason(battle: Battle, rs: ThreeD6Lite, actor: Fighter, maneuver: str) -> Reason | None:
    """S0-FREE-3, G0-4 (ruling L-11): after a drag on the turn's step, the maneuver it belongs to must carry a
    step; a Move, Move and Attack, Change Posture or Do Nothing has none to give."""
    if E.has_effect(battle, actor.id, STEP_TAKEN) and maneuver != "free" and maneuver not in STEP_MANEUVERS:
        return Reason(f"{actor.label} has taken this turn's step dragging: a Move, Move and Attack, Change "
                      "Posture or Do Nothing has no step to give", rs.cite("S0-FREE-3"))
    return None


@dataclass(frozen=True, slots=True)
class Strangle(AfterGrapple):
    """S0-LOC-5 with G0-11: from a head grip, Quick Contest of ST against the higher of ST and HT;
    the margin of victory is crushing damage to the head/neck (x1.5). Suffocation is left to
    ``3d6-full`` (ruling L-21)."""

    type: ClassVar[str] = "strangle"
    title: ClassVar[str] = "Strangle"
    rule: ClassVar[str] = "S0-LOC-5"
    target: str | None = None
    maneuver: str = "attack"

    def wants(self, rs, g):
        return g.location == "head"

    def grip_reason(self, battle, rs, actor, g):
        if g.location != "head":
            return Reason(f"{actor.label} must hold {battle.fighter(g.target).label}'s head to strangle",
                          rs.cite("S0-LOC-5"))
        return None

    def play_grip(self, r, rs, actor, g, victim):
        battle = r.battle
        a, b = rs.strangle_specs(battle, actor, victim, g, self.maneuver)
        ev = r.note(quick_contest(r.dice, a, b, rs.cite("S0-LOC-5")))
        if ev["winner"] != actor.id:
            r.note(E.message(f"{victim.label} resists the strangle", actor=actor.id, rule=rs.cite("S0-LOC-5")))
            return
        C.deal_damage(r, rs, actor.id, victim, ev["margin_of_victory"], "crushing", "neck", rule="G0-11")
