"""The TFT options of a turn (G3-4): move, charge, attack, defend, dodge, ready, stand up, disengage, wait.

Under the turn controller a round has phases (G3-3): the winner's choice, movement side by side, then actions
in adjusted-DX order; the ruleset's phase data (``Nd6Ruleset.phases``) says where each action type belongs.
``clinch resolve`` plays with no phase (each action is its actor's whole turn), so there every option is open.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.hexgrid import Hex, direction_between, hex_distance, hex_linedraw
from game.rules import events as E
from game.rules.base import Action, Reason, Ruleset, no_fighter, rules_of
from game.rules.basic_actions import ChangePostureVerb, DoNothingVerb, FaceVerb, MoveVerb, ReadyVerb, WaitVerb
from game.rules.events import Resolution
from game.rules.nd6 import effects
from game.rules.nd6.combat import can_defend_against, check_target, hook, plan_attack, resolve_attack
from game.rules.nd6.initiative import POLICY
from game.rules.nd6.items import has_tag, item
from game.rules.nd6.reach import move_reach
from game.rules.nd6.status import (
    engaged_with,
    in_hth,
    is_down,
    is_out,
    mov,
    ready_weapon,
    this_round,
)
from game.rules.nd6.subdue import settle
from game.wording import verb

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["Nd6Action", "Move", "Charge", "Attack", "Defend", "Dodge", "Ready", "ChangePosture", "Disengage",
           "Face", "Wait", "DoNothing", "ChooseOrder", "phase_of", "CORE", "moved_this_round", "mark"]

POSTURES = ("standing", "kneeling", "prone")


def phase_of(battle: Battle) -> str | None:
    """The phase of the round (G3-3) the turn controller is in; None in ``clinch resolve``."""
    cur = battle.state.get("initiative")
    return cur.get("phase") if isinstance(cur, dict) else None


def moved_this_round(battle: Battle, f: Fighter) -> int:
    m = this_round(f, "moved", battle)
    return int(m.get("hexes", 0)) if m else 0


def too_late_to_attack(battle: Battle, f: Fighter, what: str = "attack") -> Reason | None:
    """G3-4 and G3-8 for the special attacks (automatic fire, the flame thrower, a grenade's throw): no ``what``
    after moving more than half MOV or after getting up this round; one check so their words stay alike."""
    n = moved_this_round(battle, f)
    if n > mov(f) // 2:
        return Reason(f"{f.label} moved {n} hexes, more than half {f.their} MOV: no {what} this round.", "G3-4")
    if this_round(f, "stood", battle):
        return Reason(f"{f.label} spent this round getting up.", "G3-8")
    return None


def mark(r: Resolution, f: Fighter, key: str, **data: object) -> None:
    """Stamp a per-round fact on the fighter (``{"round": n, ...}``): moved, acted, charge, defense."""
    r.emit(E.stat(f.id, f"counters.{key}", {"round": r.battle.round, **data}))


#: checks every nd6 action passes after the family's own and before its own ``_check``, added by the modules
#: above this one as they load (``fire``: a fighter that failed its IQ check may only run, S3-FIRE-7/12), so
#: the action base never imports them
ACTION_GATES: list[Callable[[Battle, Fighter, Nd6Action], Reason | None]] = []


@dataclass(frozen=True, slots=True)
class Nd6Action(Action):
    """What every nd6 action shares: out, stunned, subdued, the phase, the round's one action."""

    #: the round's action (an attack, readying...): one per round, and -2 DX after 5+ hits is spent on it
    is_action: ClassVar[bool] = True
    #: allowed to a stunned or subdued fighter (waiting)
    passive: ClassVar[bool] = False

    def check(self, battle: Battle, rules: Ruleset | None = None) -> Reason | None:
        f = battle.get(self.actor)
        if f is None:
            return no_fighter(self.actor)
        if is_out(f):
            return Reason(f"{f.label} is out of the fight.", "G3-7")
        if not self.passive:
            if "stunned" in f.conditions:
                return Reason(f"{f.label} is stunned and can take no action.", "S3-STUN-2")
            if "subdued" in f.conditions:
                return Reason(f"{f.label} is subdued: {f.words.they} can neither move nor act.", "S3-SUBDUE-3")
        phase = phase_of(battle)
        # G3-3: the ruleset's phase data says where this action type acts (Nd6Ruleset.phases)
        phases = rules_of(battle, rules).phases_of(self.type)
        if phase is None:
            if phases == ("choose",):
                return Reason("The side that won the initiative roll chooses this at the start of a round.", "G3-3")
        elif phases and phase not in phases:
            return Reason(f"{self.title or self.type} belongs to the {' or '.join(phases)} phase, not {phase}.",
                          "G3-3")
        if self.is_action and not self.passive and phase == "action" and this_round(f, "acted", battle) \
                and not self._follow_up(battle, f):
            return Reason(f"{f.label} has already acted this round.", "G3-3")
        for gate in ACTION_GATES:  # fire's: a failed IQ check leaves only the run out (S3-FIRE-7/12)
            why = gate(battle, f, self)
            if why is not None:
                return why
        return self._check(battle, f)

    def _follow_up(self, battle: Battle, f: Fighter) -> bool:
        """Whether this action may follow the round's action already taken (S3-BAYONET-4's fire and stab)."""
        return False

    def resolve(self, battle: Battle, dice: object, rules: Ruleset | None = None) -> list[dict]:
        r = Resolution(battle, dice, rules_of(battle, rules))  # type: ignore[arg-type]
        f = battle.fighter(self.actor)
        hurt = f.counters.get("hurt")
        spent = self.is_action and not self.passive and isinstance(hurt, dict) and hurt.get("turn", -1) < battle.turn
        self._resolve(r, f)
        settle(r)  # G3-17: a subdue whose holder left the brawl, was subdued or fell out ends at once
        if spent and f.counters.get("hurt") == hurt:
            r.emit(E.stat(f.id, "counters.hurt", None, rule="G3-7"))  # the -2 DX was for this one action
        if self.is_action and not self.passive and not self.free and phase_of(battle) == "action":
            mark(r, f, "acted")
        return r.events


# -- movement ------------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Move(MoveVerb, Nd6Action):
    """Move up to MOV hexes (G3-4); engaged, shift one hex staying next to the foe; prone, crawl one (G3-8)."""

    title: ClassVar[str] = "Move"
    rule: ClassVar[str] = "G3-4"
    is_action: ClassVar[bool] = False
    to: tuple[int, int] = (0, 0)

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if in_hth(f):
            return Reason(f"{f.label} is in hand-to-hand: {f.words.they} {f.words.verb('leaves', 'leave')} only by breaking away.", "G3-9")
        if this_round(f, "moved", battle) and phase_of(battle) is not None:
            return Reason(f"{f.label} has already moved this round.", "G3-3")
        to = Hex(*self.to)
        reach = move_reach(battle, f)
        if to not in reach:
            return Reason(f"{f.label} cannot reach that hex this turn.", "G3-4")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        to = Hex(*self.to)
        path = move_reach(r.battle, f).path(to) or [to]
        walk(r, f, path, rule="G3-4")


def walk(r: Resolution, f: Fighter, path: list[Hex], *, rule: str) -> None:
    """Step along ``path`` (start excluded), face the way of the last step, and count the hexes (G3-4).

    Board effects on the way (``effects``): a failed IQ check stops the walk before a burning hex
    (S3-FIRE-12); the fire hits and tear gas of the hexes walked follow the move (S3-FIRE-8/9, S3-SMOKE-4).
    """
    start = f.hex
    path = effects.before_walk(r, f, path)
    if not path:
        mark(r, f, "moved", hexes=moved_this_round(r.battle, f), path=[[start.q, start.r]])
        return
    last = path[-2] if len(path) >= 2 else start
    r.emit(E.move(f.id, path[-1], path=path, rule=rule))
    d = direction_between(last, path[-1])
    if d is not None and d != f.facing:
        r.emit(E.face(f.id, d, rule=rule))
    mark(r, f, "moved", hexes=moved_this_round(r.battle, f) + len(path), path=[[h.q, h.r] for h in [start, *path]])
    effects.on_walk(r, f, path)


@dataclass(frozen=True, slots=True)
class Charge(Nd6Action):
    """Charge and attack (G3-4): move up to half MOV along ``path`` and strike ``target`` (S3-POLE-1, S3-BAYONET-3)."""

    type: ClassVar[str] = "charge"
    title: ClassVar[str] = "Charge and attack"
    rule: ClassVar[str] = "G3-4"
    is_action: ClassVar[bool] = False
    target: str = ""
    path: tuple[tuple[int, int], ...] = ()
    item: str | None = ""

    def weapon(self, f: Fighter) -> str | None:
        return ready_weapon(f) if self.item == "" else self.item

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        t = battle.get(self.target)
        why = check_target(battle, f, t, self.target)
        if why or t is None:
            return why
        if in_hth(f) or is_down(f):
            return Reason(f"{f.label} must be on {f.their} feet and out of any brawl to charge.", "G3-4")
        if engaged_with(battle, f):
            return Reason(f"{f.label} is engaged: {f.words.they} may only shift one hex.", "G3-4")
        if this_round(f, "moved", battle) and phase_of(battle) is not None:
            return Reason(f"{f.label} has already moved this round.", "G3-3")
        path = [Hex(*h) for h in self.path]
        if not path:
            return None if hex_distance(f.hex, t.hex) == 1 else Reason("A charge needs a path to its target.", "G3-4")
        if len(path) > mov(f) // 2:
            return Reason(f"A charge covers at most half of {f.label}'s MOV ({mov(f) // 2} hexes).", "G3-4")
        reach = move_reach(battle, f, budget=mov(f) // 2)
        prev = f.hex
        for h in path:
            if hex_distance(prev, h) != 1 or h not in reach:
                return Reason("The charge's path must be a walk of open hexes from the charger.", "G3-4")
            prev = h
        if hex_distance(path[-1], t.hex) != 1:
            return Reason(f"The charge must end next to {t.label}.", "G3-4")
        w = self.weapon(f)
        if w is not None and w not in f.hands.values():
            return Reason(f"{f.label} holds no {w}.", "G3-4")
        return hook("weapon_reason")(battle, f, w)  # S3-STAFF-1, S3-SWORD-5: a weapon it may not strike with

    def _resolve(self, r: Resolution, f: Fighter) -> None:

        path = [Hex(*h) for h in self.path]
        t = r.battle.fighter(self.target)
        if path:
            walk(r, f, path, rule="G3-4")
            if hex_distance(f.hex, t.hex) > 1:
                return  # S3-FIRE-12: the walk stopped before a burning hex, short of the target
        d = direction_between(f.hex, t.hex)
        if d is not None and d != f.facing:
            r.emit(E.face(f.id, d, rule="G3-4"))
        mark(r, f, "charge", target=t.id, path=[list(h) for h in self.path])
        if phase_of(r.battle) == "movement":
            r.note(E.message(f"{f.label} charges {t.label}: the blow lands in the action phase.", actor=f.id,
                             rule="G3-3"))
            return
        charge_attack(r, f, t, self.weapon(f), path)


def charge_attack(r: Resolution, f: Fighter, t: Fighter, weapon: str | None, path: list[Hex]) -> None:
    """The charge's blow: a weapon set against it strikes first (S3-POLE-2), then the charger's own."""
    if not hook("before_charge")(r, f, t) or is_out(f) or is_down(f):
        return
    plan = plan_attack(r.battle, f, t, weapon, label="charge")
    hook("charge_effects")(r.battle, plan, f, path)
    resolve_attack(r, plan)


# -- the action phase ------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Attack(Nd6Action):
    """Strike a foe next to you (or in your brawl) with the weapon in hand or bare hands (G3-1, G3-4).

    ``item`` left out is the weapon in hand; ``null`` is bare hands (a punch). ``defense`` is the target's
    declared answer (``none``, ``defend``, ``dodge``); left out, what it declared this round.
    """

    type: ClassVar[str] = "attack"
    title: ClassVar[str] = "Attack"
    rule: ClassVar[str] = "G3-1"
    target: str = ""
    item: str | None = ""
    location: str | None = None
    defense: str | None = None
    mode: str | None = None
    shots: int | None = None
    ammo: str | None = None
    dice: int | None = None

    def weapon(self, f: Fighter) -> str | None:
        return ready_weapon(f) if self.item == "" else self.item

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        t = battle.get(self.target)
        why = check_target(battle, f, t, self.target)
        if why or t is None:
            return why
        if self.defense not in (None, "none", "defend", "dodge"):
            return Reason(f"defense must be none, defend or dodge, not {self.defense!r}.", "G3-4", "bad_intent")
        w = self.weapon(f)
        if self.defense == "defend" and not can_defend_against(t, w):  # ruling ND6-5
            return Reason(f"{t.label} has nothing to defend against {f.label}'s "
                          f"{item(w).get('name', w)} with: bare hands defend against a weapon "
                          "only with Martial Arts 3.", "S3-MA-4")
        if w is not None and w not in f.hands.values():
            return Reason(f"{f.label} holds no {item(w).get('name', w)}.", "G3-4")
        return attack_reach(battle, f, t, w) or self._moved(battle, f) or self._shot_reason(battle, f, t, w)

    def _shot_reason(self, battle: Battle, f: Fighter, t: Fighter, w: str | None) -> Reason | None:
        """A shot's own limits (line of fire, mode, shots a turn, magazine: :mod:`.ranged`)."""
        if not hook("is_shot")(battle, f, t, w, self.mode):
            return None if self.mode in (None, "single") else Reason(
                f"{f.label} cannot fire at {t.label} now (mode {self.mode}).", "S3-AUTO-1")
        return hook("shot_reason")(battle, f, t, self)

    def _follow_up(self, battle: Battle, f: Fighter) -> bool:
        """S3-BAYONET-4: a bayonet thrust and a shot at the same foe in one turn, in either order."""
        t = battle.get(self.target)
        w = self.weapon(f)
        if t is None or w is None or not has_tag(w, "bayonet") or hex_distance(f.hex, t.hex) != 1:
            return False
        shot, thrust = this_round(f, "shot", battle), this_round(f, "thrust", battle)
        if hook("is_shot")(battle, f, t, w, self.mode):
            return bool(thrust) and thrust.get("target") == t.id and not shot
        return bool(shot) and shot.get("target") == t.id and not thrust

    def _moved(self, battle: Battle, f: Fighter) -> Reason | None:
        n = moved_this_round(battle, f)
        charge = this_round(f, "charge", battle)
        if n > mov(f) // 2 and not charge:
            return Reason(f"{f.label} moved {n} hexes, more than half {f.their} MOV: no attack this round.", "G3-4")
        if this_round(f, "stood", battle):
            return Reason(f"{f.label} spent this round getting up.", "G3-8")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        t = r.battle.fighter(self.target)
        w = self.weapon(f)
        charge = this_round(f, "charge", r.battle)
        if charge and charge.get("target") == t.id and not charge.get("done"):
            mark(r, f, "charge", **{k: v for k, v in charge.items() if k != "round"}, done=True)
            charge_attack(r, f, t, w, [Hex(*h) for h in charge.get("path", [])])
            return
        if hook("is_shot")(r.battle, f, t, w, self.mode):
            hook("shoot")(r, f, self)  # G3-10, G3-12, S3-AUTO: a shot, a burst or a stream
            return
        if w is not None and has_tag(w, "bayonet"):
            mark(r, f, "thrust", target=t.id)  # S3-BAYONET-4: a shot may follow at this foe only
        plan = plan_attack(r.battle, f, t, w, defense=self.defense)
        resolve_attack(r, plan)


def attack_reach(battle: Battle, f: Fighter, t: Fighter, weapon: str | None) -> Reason | None:
    """Where a blow can land (G3-4, S3-HTH-8, G3-8): next to the foe, or inside the same brawl."""
    if weapon is not None and item(weapon).get("kind") == "grenade":
        return Reason("A grenade is thrown at a hex (throw_grenade), never used to strike.", "S3-GRENADE-23")
    why = hook("reach_reason")(battle, f, t, weapon)  # S3-IMPROV-4, S3-STAFF-1, S3-SWORD-5, S3-BAYONET-4/5
    if why is not None:
        return why
    if hook("thrown")(battle, f, t, weapon):  # S3-IMPROV-5/7: a bottle thrown like a rock
        return _line_of_fire(battle, f, t)
    same = f.hex == t.hex
    if in_hth(f):
        if not same or not in_hth(t):
            return Reason(f"{f.label} is in hand-to-hand: {f.words.they} can strike only those in {f.their} brawl.", "G3-9")
        if weapon is not None and not item(weapon).get("hth_damage"):
            return Reason("Only bare hands, a knife, brass knuckles or a pistol work inside a brawl.", "S3-HTH-8")
        return None
    kind = item(weapon).get("kind") if weapon else "melee"
    if kind in ("missile", "thrown"):
        return _line_of_fire(battle, f, t)
    if hex_distance(f.hex, t.hex) != 1:
        return Reason(f"{t.label} is not next to {f.label}.", "G3-4")
    if is_down(f) and weapon is not None and not (has_tag(weapon, "knife") or item(weapon).get("hth_damage")):
        return Reason(f"From the ground {f.label} can strike only with bare hands, a knife or a pistol.", "G3-8")
    return None


def _line_of_fire(battle: Battle, f: Fighter, t: Fighter) -> Reason | None:
    """GX-5: a wall (``blocks_sight``) between stops a shot or a throw."""
    if not battle.board.cells:
        return None
    idx = battle.board.index()
    for h in hex_linedraw(f.hex, t.hex)[1:-1]:
        c = idx.get(h)
        if c is not None and c.blocks_sight:
            return Reason(f"{f.label} has no line of fire to {t.label}.", "GX-5")
    return None


@dataclass(frozen=True, slots=True)
class Defend(Nd6Action):
    """Defend for the round: attackers roll 4d6 (G3-4; 5d6 against Martial Arts 4, S3-MA-6)."""

    type: ClassVar[str] = "defend"
    title: ClassVar[str] = "Defend"
    rule: ClassVar[str] = "G3-4"
    condition: ClassVar[str] = "defending"

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if this_round(f, "defense", battle):
            return Reason(f"{f.label} has already chosen {f.their} defence this round.", "G3-4")
        return None  # ruling ND6-5: anyone may defend; bare hands hold only against unarmed blows (S3-MA-4)

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        r.emit(E.condition(f.id, add=self.condition, rule=self.rule))
        mark(r, f, "defense", mode=self.condition)
        if phase_of(r.battle) == "action":
            return
        if phase_of(r.battle) == "movement":
            mark(r, f, "moved", hexes=0)
            mark(r, f, "acted")  # G3-4: defending is the round's one option; no attack after it


@dataclass(frozen=True, slots=True)
class Dodge(Defend):
    """Dodge for the round: attackers roll 4d6 (G3-4), 5d6 against a Master (S3-MA-8)."""

    type: ClassVar[str] = "dodge"
    title: ClassVar[str] = "Dodge"
    condition: ClassVar[str] = "dodging"


@dataclass(frozen=True, slots=True)
class Ready(ReadyVerb, Nd6Action):
    """Take an item from the belt into a free hand (G3-4's ready; S3-HTH-11)."""

    title: ClassVar[str] = "Ready"
    rule: ClassVar[str] = "G3-4"
    item: str = ""

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        d = item(self.item)
        if self.item not in f.items or d.get("kind") in ("armour",):
            return Reason(f"{f.label} carries no {d.get('name', self.item)} to ready.", "G3-4")
        need = int(d.get("hands", 1))
        if len(f.free_hands()) < need:
            return Reason(f"{f.label} needs {need} free hand{'s' if need > 1 else ''}.", "G3-4")
        if in_hth(f) and not d.get("hth_damage"):
            return Reason("Inside a brawl only a knife or a pistol can be readied.", "S3-HTH-8")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        free = f.free_hands()
        need = int(item(self.item).get("hands", 1))
        r.emit(E.item(f.id, self.item, action="readied", hand=free[0], rule="G3-4"))
        if need == 2 and len(free) >= 2:
            hands = dict(r.battle.fighter(f.id).hands)
            hands[free[1]] = self.item  # a two-handed weapon fills both hands
            r.emit(E.stat(f.id, "hands", hands, rule="G3-4"))


@dataclass(frozen=True, slots=True)
class ChangePosture(ChangePostureVerb, Nd6Action):
    """Stand up (the round's whole action, G3-8), kneel, or drop prone."""

    title: ClassVar[str] = "Change posture"
    rule: ClassVar[str] = "G3-8"
    posture: str = "standing"

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if self.posture not in POSTURES:
            return Reason(f"posture must be one of {', '.join(POSTURES)}.", "G3-8", "bad_intent")
        if self.posture == f.posture:
            return Reason(f"{f.label} is already {f.posture}.", "G3-8")
        if in_hth(f):
            return Reason(f"{f.label} is in hand-to-hand: {f.words.they} {f.words.verb('gets', 'get')} up only by breaking away.", "G3-9")
        if this_round(f, "stood", battle) or (this_round(f, "acted", battle) and phase_of(battle) is not None):
            return Reason(f"{f.label} has used this round's action.", "G3-8")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        r.emit(E.posture(f.id, self.posture, rule="G3-8"))
        mark(r, f, "stood")
        if phase_of(r.battle) == "movement":
            mark(r, f, "moved", hexes=mov(f))  # getting up is the whole turn: no attack after it (G3-8)
            if self.posture == "standing":
                mark(r, f, "acted")  # G3-8: nor a defence, a ready or any other action in the action phase


@dataclass(frozen=True, slots=True)
class Disengage(Nd6Action):
    """Step one hex away from the foes engaging you, as the round's whole action (G3-4)."""

    type: ClassVar[str] = "disengage"
    title: ClassVar[str] = "Disengage"
    rule: ClassVar[str] = "G3-4"
    to: tuple[int, int] = (0, 0)

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if in_hth(f):
            return Reason(f"{f.label} is in hand-to-hand: {f.words.they} {f.words.verb('leaves', 'leave')} only by breaking away.", "G3-9")
        if is_down(f):
            return Reason(f"{f.label} must stand up first.", "G3-8")
        to = Hex(*self.to)
        if hex_distance(f.hex, to) != 1:
            return Reason("Disengaging is one step to a neighbouring hex.", "G3-4")
        if to not in move_reach(battle, f, budget=1, ignore_engagement=True):
            return Reason("That hex is not open.", "GX-5")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        walk(r, f, [Hex(*self.to)], rule="G3-4")


@dataclass(frozen=True, slots=True)
class Face(FaceVerb, Nd6Action):
    """Turn to another hex side: part of movement, free (G3-4)."""

    title: ClassVar[str] = "Face"
    rule: ClassVar[str] = "G3-4"
    free: ClassVar[bool] = True
    is_action: ClassVar[bool] = False
    facing: int = 0

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if not 0 <= self.facing <= 5:
            return Reason("facing must be 0-5.", "GX-2", "bad_intent")
        if this_round(f, "faced", battle) and phase_of(battle) is not None:
            return Reason(f"{f.label} has already turned this turn.", "G3-4")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        r.emit(E.face(f.id, self.facing, rule="G3-4"))
        if phase_of(r.battle) is not None:
            mark(r, f, "faced")


@dataclass(frozen=True, slots=True)
class Wait(WaitVerb, Nd6Action):
    rule: ClassVar[str] = "G3-4"
    passive: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class DoNothing(DoNothingVerb, Nd6Action):
    rule: ClassVar[str] = "G3-4"
    passive: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class ChooseOrder(Nd6Action):
    """G3-3: the side that won the initiative roll chooses to move first or second.

    The choice is the side's, made through its chooser: a chooser stunned or subdued since the roll (S3-STUN-2,
    S3-SUBDUE-3) still speaks for its side, as it takes no action by it (else the round could not go on)."""

    type: ClassVar[str] = "move_order"
    title: ClassVar[str] = "Choose who moves first"
    rule: ClassVar[str] = "G3-3"
    is_action: ClassVar[bool] = False
    passive: ClassVar[bool] = True
    first: bool = False

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        return POLICY.can_choose(battle, f.id)

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        ev = r.emit(POLICY.choice_event(r.battle, f.id, self.first, rule="G3-3"))
        side = r.battle.side(ev["value"])
        first = side.name if side and side.name else str(ev["value"])
        r.note(E.message(f"{f.label} chooses that {first} {verb(first, 'moves', 'move')} first.",
                         actor=f.id, rule="G3-3"))


CORE: tuple[type[Action], ...] = (Move, Charge, Attack, Defend, Dodge, Ready, ChangePosture, Disengage, Face, Wait,
                                  DoNothing, ChooseOrder)
