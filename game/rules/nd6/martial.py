"""Martial Arts options, knockdowns, throws, slams, subduing and disarming (S3-MA, S3-KNOCK, S3-SLAM, S3-SUBDUE, S3-DISARM).

The Martial Arts levels themselves (damage, arcs, the attacker's dice, the critical spot: S3-MA-1..9) live where
every attack reads them, in :mod:`.status` and :mod:`.combat`; this module holds the special moves:

- ``knockdown`` (Martial Arts 2+) and ``throw`` (3+): opposed rolls (G3-2, S3-KNOCK), instead of an attack;
- ``slam``: the body (or shield) rush anyone may try, an attack roll then the target's ST check (S3-SLAM, G3-15);
- ``subdue``, ``disarm`` inside a brawl (S3-SUBDUE, S3-DISARM), and ``release`` to let a subdued foe go.

A subdue is held as a grip of kind ``subdue`` (two hands) so the board can draw it; the victim carries the
condition ``subdued`` and a counter ``subdued`` of the turns it has spent so (G3-17). :func:`settle` ends every
subdue whose holder left the brawl, was subdued itself or is out; the family base runs it after each action
and :func:`start_turn` before each turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.hexgrid import Hex, direction_between, hex_distance, hex_neighbor
from game.model import Grapple
from game.rules import events as E
from game.rules.base import Reason
from game.rules.common import RollSpec
from game.rules.nd6 import hth, rolls
from game.rules.nd6.actions import Nd6Action, moved_this_round
from game.rules.nd6.combat import _fumble, attack_odds, check_target, plan_attack
from game.rules.nd6.items import has_tag, item
from game.rules.nd6.status import (
    MASTER,
    dx_base,
    edx_mods,
    est,
    foes,
    in_hth,
    is_down,
    is_out,
    ma_level,
    ma_usable,
    mov,
    ready_weapon,
    skill,
    st_full,
    this_round,
)
from game.rules.nd6.subdue import end_subdue, end_subdues, same_brawl, settle, subdue_grips

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.base import Action
    from game.rules.events import Resolution

__all__ = ["ACTIONS", "options", "odds", "start_turn", "settle", "end_subdues", "Knockdown", "Throw", "Slam",
           "Subdue", "Disarm", "Release", "contest_spec", "SUBDUE_TURNS"]

#: S3-SUBDUE-3: the victim's turns without moving or acting before it may try to break away (G3-17)
SUBDUE_TURNS = 2


def _level_words(level: int) -> str:
    return "Master" if level >= MASTER else str(level)


def contest_spec(battle: Battle, f: Fighter, label: str, rule: str, *, may_dx: bool) -> RollSpec:
    """One side of an opposed roll (G3-2): 3d6 vs eST; trained in Martial Arts, eDX if better (``may_dx``,
    S3-KNOCK-3, S3-SUBDUE-2), and +1 per Martial Arts level either way (S3-KNOCK-3, S3-SUBDUE-2, S3-DISARM-2).

    Ruling ND6-8: a Master counts as level 5 for the +1 per level; armour that forbids Martial Arts (S3-MA-1)
    leaves a fighter untrained here too.
    """
    level = ma_level(f)
    spec = RollSpec(actor=f.id, label=f"{label}: eST", base=est(f), rule=rule)
    if may_dx and level:
        by_dx = RollSpec(actor=f.id, label=f"{label}: eDX", base=dx_base(f), rule=rule,
                         modifiers=list(edx_mods(battle, f)))
        if by_dx.target > spec.target:
            spec = by_dx
    spec.add(level, f"Martial Arts {_level_words(level)}: +1 per level", rule)
    return spec


def _contest(r: Resolution, a: Fighter, t: Fighter, label: str, rule: str, *, may_dx: bool,
             defence: str = "resists") -> bool:
    """Play the opposed roll of ``a`` against ``t`` (G3-2, S3-KNOCK-4 bands for both); True if ``a`` won."""
    sa = contest_spec(r.battle, a, label, rule, may_dx=may_dx)
    # the roll is drawn and logged under its actor's name already: the label is the verb alone (no "Grub Grub")
    sb = contest_spec(r.battle, t, defence, rule, may_dx=may_dx)
    ev = r.note(rolls.opposed(r.dice, sa, sb, rule))
    return ev["winner"] == a.id


def _contest_odds(battle: Battle, a: Fighter, t: Fighter, rule: str, *, may_dx: bool) -> dict[str, float]:
    sa = contest_spec(battle, a, "", rule, may_dx=may_dx)
    sb = contest_spec(battle, t, "", rule, may_dx=may_dx)
    return rolls.opposed_odds(sa.target, sb.target)


def _strike_spent(battle: Battle, f: Fighter) -> Reason | None:
    """What stops an attack this round stops the moves made instead of one (G3-4, G3-8)."""
    n = moved_this_round(battle, f)
    if n > mov(f) // 2 and not this_round(f, "charge", battle):
        return Reason(f"{f.label} moved {n} hexes, more than half {f.their} MOV: no attack this round.", "G3-4")
    if this_round(f, "stood", battle):
        return Reason(f"{f.label} spent this round getting up.", "G3-8")
    return None


def _open_for(battle: Battle, h: Hex, *, but: tuple[str, ...] = ()) -> bool:
    """GX-3, GX-5: a hex a figure may be put in: on the map, not blocked, nobody standing in it."""
    if battle.board.cells and not battle.board.is_open(h):
        return False
    return not any(o.hex == h and not is_out(o) and o.id not in but for o in battle.fighters)


# -- subdue upkeep ---------------------------------------------------------------------------------------------------

def start_turn(r: Resolution, f: Fighter) -> None:
    """A subdued fighter's turn: its first two are lost (S3-SUBDUE-3), each later one opens with a roll to
    break away (S3-SUBDUE-4, G3-17); failing keeps it subdued for that turn.

    A turn is counted once per round, so a round with a movement and an action slot (G3-3) is one turn. A
    subdue a situation lists as a grip has already cost its victim one turn (SITUATION-FORMAT).
    """
    settle(r)
    if "subdued" not in f.conditions or is_out(f):
        return
    battle = r.battle
    held = [g for g in subdue_grips(battle) if g.target == f.id]
    counter = f.counters.get("subdued")
    if not isinstance(counter, dict):
        counter = {"by": held[0].holder if held else None, "turns": 1 if held else 0}
    if counter.get("last") == battle.round:
        return
    turns = int(counter.get("turns", 0))
    if turns < SUBDUE_TURNS:
        r.emit(E.stat(f.id, "counters.subdued", {**counter, "turns": turns + 1, "last": battle.round}))
        r.note(E.message(f"{f.label} is subdued: no moving or acting this turn ({turns + 1} of {SUBDUE_TURNS}).",
                         actor=f.id, rule="S3-SUBDUE-3"))
        return
    if not held:
        r.note(E.message(f"Nobody holds {f.label} any more: {f.words.they} {f.words.verb('is', 'are')} no longer subdued.", actor=f.id, rule="G3-17"))
        r.emit(E.condition(f.id, remove="subdued", rule="G3-17"))
        r.emit(E.stat(f.id, "counters.subdued", None))
        return
    holder = battle.fighter(held[0].holder)
    if _contest(r, f, holder, "break away", "S3-SUBDUE-4", may_dx=True, defence="holds on"):
        r.note(E.message(f"{f.label} breaks away from {holder.label}.", actor=f.id, rule="S3-SUBDUE-4"))
        for g in held:
            end_subdue(r, g.holder, g.target, "broke away", "S3-SUBDUE-4")
        return
    r.emit(E.stat(f.id, "counters.subdued", {**counter, "turns": turns + 1, "last": battle.round}))
    r.note(E.message(f"{f.label} fails to break away: {f.words.they} {f.words.verb('stays', 'stay')} subdued this turn.", actor=f.id, rule="S3-SUBDUE-4"))


def _leave_brawl(r: Resolution, t: Fighter, old: Hex) -> None:
    """A figure thrown out of a brawl is no longer in it; a brawl left with one side only is over (G3-9)."""
    if "in_hth" in t.conditions:
        r.emit(E.condition(t.id, remove="in_hth", rule="S3-KNOCK-6"))
    hth.settle(r, old)


# -- knockdown and throw (S3-KNOCK) ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Knockdown(Nd6Action):
    """Knock a foe down instead of attacking (S3-KNOCK-1; Martial Arts 2+, S3-MA-3): opposed rolls vs eST, or
    eDX for the trained, +1 per level (S3-KNOCK-2/3, G3-2); success puts it on the ground (S3-KNOCK-5).

    Next to the foe, both out of any brawl, or inside the same brawl (G3-9), where both already lie on the
    ground: there a knockdown still counts as knocking it down (ruling ND6-8), so a subdue it holds ends.
    """

    type: ClassVar[str] = "knockdown"
    title: ClassVar[str] = "Knock down"
    rule: ClassVar[str] = "S3-KNOCK-1"
    #: S3-MA-3 (knockdown) / S3-MA-4 (throw): the Martial Arts level the move needs
    needs: ClassVar[tuple[int, str]] = (2, "S3-MA-3")
    verb: ClassVar[str] = "knock down"
    target: str = ""

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        t = battle.get(self.target)
        why = check_target(battle, f, t, self.target)
        if why or t is None:
            return why
        level, rule = self.needs
        if ma_level(f) < level:
            if int(f.stats.get("MA", 0) or 0) >= level and not ma_usable(f):
                return Reason(f"{f.label}'s armour keeps {f.words.them} from using Martial Arts.", "S3-MA-1")
            return Reason(f"Only a figure with Martial Arts {level} or more may {self.verb}.", rule)
        if self.type == "knockdown" and is_down(t) and not in_hth(t):
            return Reason(f"{t.label} is already on the ground.", "S3-KNOCK-5")
        return _close(battle, f, t) or _strike_spent(battle, f)

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        t = r.battle.fighter(self.target)
        if _contest(r, f, t, self.verb, "S3-KNOCK-2", may_dx=True):
            self._success(r, f, t)
        else:
            r.note(E.message(f"{f.label} fails to {self.verb} {t.label}.", actor=f.id, rule="S3-KNOCK-2"))

    def _success(self, r: Resolution, f: Fighter, t: Fighter) -> None:
        if t.posture != "prone":
            r.emit(E.posture(t.id, "prone", actor=f.id, rule="S3-KNOCK-5"))
        r.note(E.message(f"{f.label} knocks {t.label} to the ground.", actor=f.id, rule="S3-KNOCK-5"))
        end_subdues(r, t, "is knocked down")


def _close(battle: Battle, f: Fighter, t: Fighter) -> Reason | None:
    """S3-KNOCK-1 is instead of a melee attack: next to the foe, or in the same brawl (G3-9)."""
    if in_hth(f) or in_hth(t):
        if not same_brawl(f, t):
            return Reason(f"{f.label} and {t.label} are not in the same hand-to-hand.", "G3-9")
        return None
    if hex_distance(f.hex, t.hex) != 1:
        return Reason(f"{t.label} is not next to {f.label}.", "G3-4")
    if is_down(f):
        return Reason(f"{f.label} must be on {f.their} feet for that.", "G3-8")
    return None


@dataclass(frozen=True, slots=True)
class Throw(Knockdown):
    """Throw a foe (Martial Arts 3+, S3-MA-4): as a knockdown, and on success it lands in ``to``, a free hex next
    to where it stood (S3-KNOCK-6); left out, straight away from the thrower, else the first free one.

    A foe thrown out of a brawl is out of it (ruling ND6-8), and a brawl left with one side ends (G3-9).
    """

    type: ClassVar[str] = "throw"
    title: ClassVar[str] = "Throw"
    rule: ClassVar[str] = "S3-KNOCK-6"
    needs: ClassVar[tuple[int, str]] = (3, "S3-MA-4")
    verb: ClassVar[str] = "throw"
    to: tuple[int, int] | None = None

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        why = Knockdown._check(self, battle, f)
        if why is not None:
            return why
        t = battle.fighter(self.target)
        if self.to is not None:
            try:
                h = Hex(*self.to)
            except TypeError:
                return Reason("to must be a hex [q, r].", "S3-KNOCK-6", "bad_intent")
            if hex_distance(h, t.hex) != 1 or h == f.hex:
                return Reason(f"A throw lands {t.label} in a hex next to {t.words.them}, not the thrower's.", "S3-KNOCK-6")
            if not _open_for(battle, h):
                return Reason("That hex is not free to land in.", "S3-KNOCK-6")
        elif landing(battle, f, t) is None:
            return Reason(f"There is no free hex next to {t.label} to throw {t.words.them} into.", "S3-KNOCK-6")
        return None

    def _success(self, r: Resolution, f: Fighter, t: Fighter) -> None:
        old = t.hex
        to = Hex(*self.to) if self.to is not None else landing(r.battle, f, t)
        assert to is not None  # the check found one
        r.emit(E.move(f.id, to, who=t.id, rule="S3-KNOCK-6"))
        if t.posture != "prone":
            r.emit(E.posture(t.id, "prone", actor=f.id, rule="S3-KNOCK-6"))
        r.note(E.message(f"{f.label} throws {t.label} to the ground one hex away.", actor=f.id, rule="S3-KNOCK-6"))
        if "in_hth" in t.conditions:
            _leave_brawl(r, t, old)
        end_subdues(r, t, "is thrown")


def landing(battle: Battle, f: Fighter, t: Fighter) -> Hex | None:
    """Where a throw lands by default: straight on from the thrower through the foe, else the first free hex."""
    d = direction_between(f.hex, t.hex)
    order = [d] if d is not None else []
    order += [i for i in range(6) if i != d]
    for i in order:
        h = hex_neighbor(t.hex, i)
        if h != f.hex and _open_for(battle, h):
            return h
    return None


# -- slam (S3-SLAM) -------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Slam(Nd6Action):
    """Run into a foe with shoulder and body, or behind a shield (a shield rush): anyone may try (G3-15).

    An attack roll first (S3-SLAM-2; the attack's own modifiers and dice, G3-1), then the target rolls 3d6 vs
    its unwounded ST, plus its ST above the slammer's or minus its ST below (S3-SLAM-3/5); trained in Martial
    Arts throwing it may roll vs eDX instead (S3-SLAM-4, G3-15). A failure puts it on the ground. The seed
    gives a slam no damage, so it does none. A slam uses no weapon: a fumbled roll hurts the slammer
    (S3-UNARMED-9). S3-SLAM-6: this is S3-SLAM's procedure; ``knockdown`` follows S3-KNOCK's (G3-15).
    """

    type: ClassVar[str] = "slam"
    title: ClassVar[str] = "Slam"
    rule: ClassVar[str] = "S3-SLAM-1"
    target: str = ""

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        t = battle.get(self.target)
        why = check_target(battle, f, t, self.target)
        if why or t is None:
            return why
        if in_hth(f) or in_hth(t):
            return Reason("A slam is a rush at a foe standing next to you, not inside a brawl.", "S3-SLAM-1")
        if hex_distance(f.hex, t.hex) != 1:
            return Reason(f"{t.label} is not next to {f.label}.", "G3-4")
        if f.posture != "standing":
            return Reason(f"{f.label} must be on {f.their} feet to slam.", "S3-SLAM-1")
        if is_down(t):
            return Reason(f"{t.label} is already on the ground.", "S3-SLAM-3")
        return _strike_spent(battle, f)

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        t = r.battle.fighter(self.target)
        shield = any(has_tag(h, "shield") for h in f.hands.values() if h)
        name = "shield rush" if shield else "slam"
        plan = plan_attack(r.battle, f, t, None, label=name)
        plan.rule = "S3-SLAM-2"
        plan.spec.rule = "S3-SLAM-2"
        if plan.auto_hit:
            r.note(E.message(f"{f.label}'s {name} reaches {t.label} without a roll: {t.words.they} {t.words.verb('is', 'are')} subdued.", actor=f.id,
                             rule=plan.auto_hit))
        else:
            roll = rolls.attack_roll(r.dice, plan.spec)
            roll["target_id"] = t.id
            if plan.extra.get("dice_why"):
                roll["dice_why"] = list(plan.extra["dice_why"])
            r.note(roll)
            if not roll["success"]:
                r.note(E.message(f"{f.label}'s {name} misses {t.label}.", actor=f.id, rule="S3-SLAM-2"))
                _fumble(r, f, plan, roll.get("auto"))
                return
        check = rolls.save_roll(r.dice, slam_check(r.battle, t, f))
        r.note(check)
        if check["success"]:
            r.note(E.message(f"{t.label} keeps {t.their} feet against {f.label}'s {name}.", actor=t.id, rule="S3-SLAM-3"))
            return
        r.emit(E.posture(t.id, "prone", actor=f.id, rule="S3-SLAM-3"))
        r.note(E.message(f"{f.label}'s {name} knocks {t.label} to the ground.", actor=f.id, rule="S3-SLAM-3"))
        end_subdues(r, t, "is knocked down")


def slam_check(battle: Battle, t: Fighter, a: Fighter) -> RollSpec:
    """The slammed figure's 3d6 check (S3-SLAM-3/4/5): unwounded ST, or eDX if trained in Martial Arts throwing
    (the better of the two), with the ST difference either way (ruling ND6-8)."""
    diff = st_full(t) - st_full(a)
    why = f"{'stronger' if diff > 0 else 'weaker'} than {a.label} by {abs(diff)}"
    spec = RollSpec(actor=t.id, label="keep its feet: unwounded ST", base=st_full(t), rule="S3-SLAM-3")
    spec.add(diff, why, "S3-SLAM-5")
    if skill(t, "ma_throwing") and ma_usable(t):
        by_dx = RollSpec(actor=t.id, label="keep its feet: eDX (Martial Arts throwing)", base=dx_base(t),
                         rule="S3-SLAM-4", modifiers=list(edx_mods(battle, t)))
        by_dx.add(diff, why, "S3-SLAM-5")
        if by_dx.target > spec.target:
            spec = by_dx
    return spec


# -- subdue and release (S3-SUBDUE) ----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Subdue(Nd6Action):
    """Subdue a foe in your brawl (S3-SUBDUE-1): opposed rolls vs eST, eDX for the trained, +1 per level
    (S3-SUBDUE-2, G3-2). Success: it can neither move nor act for its next two turns (S3-SUBDUE-3), then tries
    to break away at the start of each turn (S3-SUBDUE-4, G3-17); every attack on it hits (S3-SUBDUE-5).

    The subduer holds with both hands (shown as a grip): one foe at a time.
    """

    type: ClassVar[str] = "subdue"
    title: ClassVar[str] = "Subdue"
    rule: ClassVar[str] = "S3-SUBDUE-1"
    target: str = ""

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        t = battle.get(self.target)
        why = check_target(battle, f, t, self.target)
        if why or t is None:
            return why
        if not same_brawl(f, t):
            return Reason(f"Only a figure in hand-to-hand with {t.label} can subdue it.", "S3-SUBDUE-1")
        if "subdued" in t.conditions:
            return Reason(f"{t.label} is already subdued.", "S3-SUBDUE-3")
        held = [g.target for g in subdue_grips(battle) if g.holder == f.id]
        if held:
            return Reason(f"{f.label} already holds {battle.fighter(held[0]).label} subdued.", "S3-SUBDUE-3")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        t = r.battle.fighter(self.target)
        if not _contest(r, f, t, "subdue", "S3-SUBDUE-2", may_dx=True):
            r.note(E.message(f"{f.label} fails to subdue {t.label}.", actor=f.id, rule="S3-SUBDUE-2"))
            return
        end_subdues(r, t, "is subdued")
        hands = list(f.hands)[:2]  # both hands (one for a one-armed figure)
        r.emit(E.grapple_start(Grapple(holder=f.id, target=t.id, kind="subdue", hands=len(hands), hand_names=hands,
                                       since=r.battle.turn), rule="S3-SUBDUE-3"))
        r.emit(E.condition(t.id, add="subdued", actor=f.id, rule="S3-SUBDUE-3"))
        r.emit(E.stat(t.id, "counters.subdued", {"by": f.id, "turns": 0}, actor=f.id, rule="S3-SUBDUE-3"))
        for cond in ("defending", "dodging"):
            if cond in t.conditions:
                r.emit(E.condition(t.id, remove=cond, rule="S3-SUBDUE-3"))
        r.note(E.message(f"{f.label} subdues {t.label}: no moving or acting for {t.their} next {SUBDUE_TURNS} turns.",
                         actor=f.id, rule="S3-SUBDUE-3"))


@dataclass(frozen=True, slots=True)
class Release(Nd6Action):
    """Let a subdued foe go: a free action, the subduer's choice at any time (G3-17)."""

    type: ClassVar[str] = "release"
    title: ClassVar[str] = "Release"
    rule: ClassVar[str] = "G3-17"
    free: ClassVar[bool] = True
    is_action: ClassVar[bool] = False
    target: str | None = None

    def _held(self, battle: Battle, f: Fighter) -> list[str]:
        return [g.target for g in subdue_grips(battle) if g.holder == f.id
                and (self.target is None or g.target == self.target)]

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if not self._held(battle, f):
            return Reason(f"{f.label} holds nobody subdued.", "G3-17")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        for t in self._held(r.battle, f):
            r.note(E.message(f"{f.label} lets {r.battle.fighter(t).label} go.", actor=f.id, rule="G3-17"))
            end_subdue(r, f.id, t, "released", "G3-17")


# -- disarm (S3-DISARM) ---------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Disarm(Nd6Action):
    """Take a foe's ready weapon in a brawl, bare-handed (S3-DISARM-1): opposed rolls vs eST, +1 per Martial Arts
    level (S3-DISARM-2, G3-2). Success: the weapon is the disarmer's ready weapon (``option`` ``take``) or on
    the floor (``drop``) (S3-DISARM-3)."""

    type: ClassVar[str] = "disarm"
    title: ClassVar[str] = "Disarm"
    rule: ClassVar[str] = "S3-DISARM-1"
    target: str = ""
    option: str = "take"

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if self.option not in ("take", "drop"):
            return Reason(f"option must be take or drop, not {self.option!r}.", "S3-DISARM-3", "bad_intent")
        t = battle.get(self.target)
        why = check_target(battle, f, t, self.target)
        if why or t is None:
            return why
        if not same_brawl(f, t):
            return Reason(f"Disarming is done in hand-to-hand, and {t.label} is not in {f.label}'s.", "S3-DISARM-1")
        if ready_weapon(f) is not None:
            return Reason(f"{f.label} must be unarmed to disarm.", "S3-DISARM-1")
        w = ready_weapon(t)
        if w is None:
            return Reason(f"{t.label} has no ready weapon.", "S3-DISARM-1")
        if has_tag(w, "no_drop"):
            return Reason(f"{item(w).get('name', w)} cannot be taken off the hand.", "S3-IMPROV-9")
        need = int(item(w).get("hands", 1))
        if self.option == "take" and len(f.free_hands()) < need:
            return Reason(f"{f.label} needs {need} free hand{'s' if need > 1 else ''} to take it.", "S3-DISARM-3")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        t = r.battle.fighter(self.target)
        w = ready_weapon(t)
        assert w is not None  # the check saw it
        name = item(w).get("name", w)
        if not _contest(r, f, t, "disarm", "S3-DISARM-2", may_dx=False, defence="holds on"):
            r.note(E.message(f"{t.label} keeps {t.their} {name}.", actor=t.id, rule="S3-DISARM-2"))
            return
        grips = [h for h, held in t.hands.items() if held == w]
        if self.option == "take":
            free = f.free_hands()
            r.emit(E.item(f.id, w, action="taken", owner=t.id, hand=free[0], rule="S3-DISARM-3"))
            if int(item(w).get("hands", 1)) == 2 and len(free) >= 2:
                r.emit(E.stat(f.id, "hands", {**r.battle.fighter(f.id).hands, free[1]: w}, rule="S3-DISARM-3"))
            r.note(E.message(f"{f.label} takes {t.label}'s {name}: now {f.their} ready weapon.", actor=f.id,
                             rule="S3-DISARM-3"))
        else:
            r.emit(E.item(f.id, w, action="dropped", owner=t.id, hand=grips[0] if grips else None,
                          rule="S3-DISARM-3"))
            r.note(E.message(f"{f.label} makes {t.label} drop {t.their} {name}.", actor=f.id, rule="S3-DISARM-3"))
        still = {h: None for h, held in t.hands.items() if held == w}
        if still:  # a two-handed weapon leaves both hands
            r.emit(E.stat(t.id, "hands", {**t.hands, **still}, rule="S3-DISARM-3"))


#: the martial actions, added to the ruleset's table
ACTIONS: tuple[type[Action], ...] = (Knockdown, Throw, Slam, Subdue, Disarm, Release)


def options(battle: Battle, f: Fighter) -> list[Action]:
    """Candidate martial actions of ``f`` now (legal or not: the ruleset checks each).

    Knockdowns and throws are offered to those whose Martial Arts level allows them on paper (armour may still
    forbid: the menu then says why, S3-MA-1); one throw per hex the foe could land in.
    """
    out: list[Action] = []
    raw = int(f.stats.get("MA", 0) or 0)
    for o in foes(battle, f):
        brawl = same_brawl(f, o)
        near = brawl or (not in_hth(f) and not in_hth(o) and hex_distance(f.hex, o.hex) == 1)
        if not near:
            continue
        if raw >= 2 and (brawl or not is_down(o)):
            out.append(Knockdown(actor=f.id, target=o.id))
        if raw >= 3:
            spots = [hex_neighbor(o.hex, i) for i in range(6)]
            spots = [h for h in spots if h != f.hex and _open_for(battle, h)]
            out.extend(Throw(actor=f.id, target=o.id, to=(h.q, h.r)) for h in spots)
            if not spots:
                out.append(Throw(actor=f.id, target=o.id))
        if brawl:
            out.append(Subdue(actor=f.id, target=o.id))
            if ready_weapon(o) is not None and ready_weapon(f) is None:
                out.append(Disarm(actor=f.id, target=o.id))
                out.append(Disarm(actor=f.id, target=o.id, option="drop"))
        elif not is_down(o):
            out.append(Slam(actor=f.id, target=o.id))
    for g in subdue_grips(battle):
        if g.holder == f.id:
            out.append(Release(actor=f.id, target=g.target))
    return out


def odds(battle: Battle, action: Action) -> dict[str, float] | None:
    """Opposed moves: ``win``/``tie``/``lose`` (G3-2, exact); a slam: ``hit`` and ``down`` (hit and failed check)."""
    if not isinstance(action, ACTIONS) or isinstance(action, Release):
        return None
    a, t = battle.get(action.actor), battle.get(getattr(action, "target", "") or "")
    if a is None or t is None:
        return {}
    if isinstance(action, Slam):
        plan = plan_attack(battle, a, t, None, label="slam")
        hit = attack_odds(plan)["hit"]
        stays = rolls.save_odds(3, slam_check(battle, t, a).target)
        return {"hit": hit, "down": hit * (1.0 - stays)}
    rule = {Subdue: "S3-SUBDUE-2", Disarm: "S3-DISARM-2"}.get(type(action), "S3-KNOCK-2")
    return _contest_odds(battle, a, t, rule, may_dx=not isinstance(action, Disarm))
