"""The 3d6 maneuvers that are not grappling moves (G0-4), and the base class of every 3d6 action.

Every action is a frozen dataclass holding ids (an intent). ``check`` runs the
checks every maneuver shares (``ThreeD6Lite.maneuver_reason``: stunned,
pinned, held, ...) and then the action's own; ``resolve`` rolls through a
:class:`~game.rules.events.Resolution` so the battle is the result of the
events. The ruleset is handed in (``check(battle, rules)``, ``r.rules``), never
looked up again, so ``3d6-full`` changes behaviour through its hooks without new classes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.hexgrid import Hex, direction_between, hex_distance
from game.rules import events as E
from game.rules.base import Action, MoveBand, Reason, no_fighter, rules_of
from game.rules.basic_actions import (
    Announce,
    ChangePostureVerb,
    DoNothingVerb,
    FaceVerb,
    MoveVerb,
    ReadyVerb,
    WaitVerb,
)
from game.rules.common import RollSpec, quick_contest, roll_under
from game.rules.events import Resolution
from game.rules.reach import reachable, terrain_cost
from game.rules.threed6 import combat as C
from game.rules.threed6 import stats as S
from game.rules.threed6.status import (
    foes,
    grips_by,
    grips_on,
    is_grappled,
    is_out,
    is_pinned,
)

if TYPE_CHECKING:
    from game.dice import Dice
    from game.model import Battle, Fighter
    from game.rules.base import Event, Ruleset
    from game.rules.threed6.lite import ThreeD6Lite

__all__ = [
    "Maneuver", "StrikeManeuver", "Move", "Face", "ChangePosture", "Attack", "AllOutAttack", "MoveAndAttack", "AllOutDefense",
    "Bite", "Ready", "ThrowAway", "Evaluate", "Feint", "Aim", "Concentrate", "Wait", "DoNothing",
    "find_path", "separate", "POSTURE_CHANGES", "STRIKE_LOCATIONS", "strike_reason", "strike", "strike_spec",
    "move_band",
]


@dataclass(frozen=True, slots=True)
class Maneuver(Action):
    """Base of the 3d6 actions: shared checks, the 0-HP consciousness roll, and clean-up after."""

    #: which GURPS maneuver this is (``attack``, ``all_out_attack``, ``move_and_attack``, ``move``,
    #: ``ready``, ``aim``, ``feint``, ``concentrate``, ``wait``, ``evaluate``, ``all_out_defense``,
    #: ``change_posture``, ``do_nothing``) or ``free`` for a free action (the turn goes on).
    maneuver_kind: ClassVar[str] = "attack"
    #: a free action does not use up the fighter's turn (S0-FREE-1, S2-FREE-3)
    free: ClassVar[bool] = False
    #: needs physical movement (a pinned fighter may take none but Break Free, S0-VICTIM-3)
    physical: ClassVar[bool] = True
    #: counts as an attack (S0-REQ-4, S0-ITEM-3, S0-AFTER-2)
    is_attack: ClassVar[bool] = False

    def maneuver_name(self) -> str:
        """The maneuver this intent is played as (actions with a ``maneuver`` field override it)."""
        return "free" if self.free else self.maneuver_kind

    def check(self, battle: Battle, rules: Ruleset | None = None) -> Reason | None:
        actor = battle.get(self.actor)
        if actor is None:
            return no_fighter(self.actor)
        rs: ThreeD6Lite = rules_of(battle, rules)  # type: ignore[assignment]  # a 3d6 action plays a 3d6 battle
        return rs.maneuver_reason(battle, actor, self) or self._check(battle, actor, rs)

    def _check(self, battle: Battle, actor: Fighter, rs: ThreeD6Lite) -> Reason | None:  # type: ignore[override]
        """The action's own checks, after the shared ones. ``rs`` is the ruleset the battle plays: 3d6's
        checks ask it (``3d6-full`` changes behaviour through its hooks), so the family's hook is handed it."""
        return None

    def resolve(self, battle: Battle, dice: Dice, rules: Ruleset | None = None) -> list[Event]:
        rs: ThreeD6Lite = rules_of(battle, rules)  # type: ignore[assignment]
        r = Resolution(battle, dice, rs)
        actor = battle.fighter(self.actor)
        # G0-7: at 0 HP or less, roll HT before acting (Do Nothing and free actions need no roll).
        if self.free or self.type == "do_nothing" or C.consciousness_check(r, actor):
            self._resolve(r, actor)
            rs.after_action(r, actor, self)
        return r.events

    def _resolve(self, r: Resolution, actor: Fighter) -> None:
        """Play the action through ``r`` (the ruleset: ``r.rules``)."""
        raise NotImplementedError


# -- movement --------------------------------------------------------------------------------------

def _passable(battle: Battle, h: Hex) -> bool:
    return not battle.board.cells or battle.board.is_open(h)


def find_path(battle: Battle, f: Fighter, to: Hex, max_steps: int, *, enter_foe: bool = False,
              companions: frozenset[str] = frozenset()) -> list[Hex] | None:
    """Cheapest path (without the start) costing at most ``max_steps`` hexes of movement, or None.

    GX-5: entering a hex spends its ``move_cost``; a blocking hex is never
    entered (the search is ``game.rules.reach``'s, shared with the menu's
    ``reachable_hexes``). Foes block (GX-3); allies may be passed but not
    stopped on. ``enter_foe`` lets the last hex hold a foe (a grapple's step
    into its hex, S0-REQ-2). ``companions`` (a dragged victim, a holder
    dragged along) never block.
    """
    if to == f.hex:
        return []
    if hex_distance(f.hex, to) > max_steps or not _passable(battle, to):
        return None
    occupied = _occupied(battle, f, companions)
    if to in occupied and not (enter_foe and occupied[to] == "foe"):
        return None
    terrain = terrain_cost(battle.board)

    def cost_of(n: Hex) -> int | None:
        if n != to and occupied.get(n) == "foe":
            return None
        return terrain(n)

    return reachable(f.hex, max_steps, cost_of, goal=to).path(to)


def _occupied(battle: Battle, f: Fighter, companions: frozenset[str]) -> dict[Hex, str]:
    """Hex -> "foe" or "ally" for every fighter standing in ``f``'s way (a foe wins a shared hex)."""
    occupied: dict[Hex, str] = {}
    fid, side = f.id, f.side
    for o in battle.fighters:
        if o.id == fid or o.id in companions or is_out(o):
            continue
        if occupied.get(o.hex) != "foe":
            occupied[o.hex] = "ally" if o.side == side else "foe"
    return occupied


def _move_events(r: Resolution, mover: Fighter, path: list[Hex], rule: str, *,
                 companions: list[str] = (), actor: str | None = None) -> None:
    if not path:
        return
    start = mover.hex
    moved = {mover.id, *companions}
    for g in list(r.battle.grapples):
        if (g.holder in moved) != (g.target in moved):
            r.emit(E.grapple_end(g.holder, g.target, why="moved apart", rule="G0-10"))
    r.emit(E.move(actor or mover.id, path[-1], path=path, rule=rule, who=mover.id, carried=list(companions)))
    last_from = path[-2] if len(path) > 1 else start
    d = direction_between(last_from, path[-1])
    if d is not None and d != mover.facing:
        r.emit(E.face(mover.id, d, rule=rule))
    separate(r)


def separate(r: Resolution) -> None:
    """End every grip whose two fighters no longer share a hex (S0-REQ-2: grappling happens in one hex)."""
    battle = r.battle
    for g in list(battle.grapples):
        if battle.fighter(g.holder).hex != battle.fighter(g.target).hex:
            r.emit(E.grapple_end(g.holder, g.target, why="pulled apart", rule="G0-10"))


@dataclass(frozen=True, slots=True)
class Move(MoveVerb, Maneuver):
    """G0-4 Move: up to Move hexes. A held fighter may not (S0-VICTIM-1) unless more than twice as strong.

    3d6's own (not d20's feet, not edge's stop next to a foe): the Move allowance by posture and load (G0-4,
    G0-8), sharing a foe's hex to grapple (S0-REQ-2), a holder dragged along (S0-HOLD-4)."""

    title: ClassVar[str] = "Move"
    rule: ClassVar[str] = "G0-4"
    maneuver_kind: ClassVar[str] = "move"
    to: tuple[int, int] | None = None

    def _check(self, battle, actor, rs):
        if self.to is None:
            return Reason("Choose the hex to move to", "G0-4", "bad_intent")
        holders = [battle.fighter(g.holder) for g in grips_on(battle, actor.id) if g.location in _BODY]
        for h in holders:
            if not rs.strong_enough(S.stat(actor, "ST"), S.stat(h, "ST")):
                return Reason(f"{actor.label} is grappled by {h.label} and may not take a Move maneuver "
                              f"unless {actor.their} ST is {rs.strength_words} {h.label}'s", rs.cite("S0-VICTIM-1"))
        steps = rs.move_allowance(battle, actor, carrying=[h.id for h in holders])
        if steps <= 0:
            return Reason(f"{actor.label} cannot move while {actor.posture}", "G0-8")
        if find_path(battle, actor, Hex.of(self.to), steps, companions=frozenset(h.id for h in holders)) is None:
            return Reason(f"{actor.label} cannot reach {list(self.to)} this turn (Move {steps})", "G0-4")
        return None

    def _resolve(self, r, actor):
        rs = r.rules
        battle = r.battle
        holders = [g.holder for g in grips_on(battle, actor.id) if g.location in _BODY]
        steps = rs.move_allowance(battle, actor, carrying=holders)
        path = find_path(battle, actor, Hex.of(self.to), steps, companions=frozenset(holders)) or []
        # A holder who walks off lets go (ruling L-10); dragging is the ``drag`` action.
        for g in list(grips_by(battle, actor.id)):
            if g.target not in holders:
                r.emit(E.grapple_end(g.holder, g.target, why="moved away", rule="G0-10"))
        rule = rs.cite("S0-HOLD-4") if holders else "G0-4"
        _move_events(r, actor, path, rule, companions=holders)


def move_band(rs: object, battle: Battle, fighter: Fighter, move: Action, cost: int) -> MoveBand | None:
    """``Ruleset.move_band`` for 3d6 (G0-4): a lit hex is a Move maneuver, and a maneuver is the fighter's whole
    turn, so no hex of it leaves an attack after, however near (Move and Attack, from the menu, is the maneuver
    that strikes on the way, at -4)."""
    return MoveBand("move", False, "Move is the whole turn: no attack after", "G0-4") if isinstance(move, Move) else None


_BODY = frozenset({"torso", "neck", "head", "skull", "face", "groin", "arm", "leg", "hand", "foot"})


@dataclass(frozen=True, slots=True)
class Face(FaceVerb, Maneuver):
    """Turn to face another hex side: a free action once per turn (ruling L-4; d20 and edge count turns
    otherwise, S4-FACE-1..3 and G1-4)."""

    title: ClassVar[str] = "Face"
    rule: ClassVar[str] = "G0-4"
    free: ClassVar[bool] = True
    facing: int = 0

    def _check(self, battle, actor, rs):
        if not isinstance(self.facing, int) or not 0 <= self.facing <= 5:
            return Reason("Facing must be 0-5", "G0-4", "bad_intent")
        if actor.counters.get("faced") == battle.turn:
            return Reason(f"{actor.label} has already turned this turn (ruling)", "G0-4")
        if self.facing == actor.facing:
            return Reason(f"{actor.label} already faces that way", "G0-4")
        return None

    def _resolve(self, r, actor):
        r.emit(E.face(actor.id, self.facing, rule="G0-4"))
        r.emit(E.stat(actor.id, "counters.faced", r.battle.turn))


#: G0-8: the postures reachable in one Change Posture maneuver.
POSTURE_CHANGES: dict[str, tuple[str, ...]] = {
    "standing": ("crouching", "kneeling", "sitting", "prone"),
    "crouching": ("standing", "kneeling", "prone"),
    "kneeling": ("standing", "crouching", "prone", "sitting", "crawling"),
    "sitting": ("standing", "kneeling", "prone"),
    "crawling": ("kneeling", "prone"),
    "prone": ("kneeling", "crawling", "sitting"),
}


@dataclass(frozen=True, slots=True)
class ChangePosture(ChangePostureVerb, Maneuver):
    """G0-4/G0-8 Change Posture: one posture step; from lying it takes two turns to stand (3d6's six postures:
    d20 and edge have standing and prone only)."""

    title: ClassVar[str] = "Change posture"
    rule: ClassVar[str] = "G0-8"
    maneuver_kind: ClassVar[str] = "change_posture"
    posture: str = "standing"

    def _check(self, battle, actor, rs):
        allowed = POSTURE_CHANGES.get(actor.posture, ())
        if self.posture not in allowed:
            return Reason(f"{actor.label} cannot go from {actor.posture} to {self.posture} in one turn", "G0-8")
        if is_pinned(battle, actor.id):
            return Reason(f"{actor.label} is pinned and cannot move", rs.cite("S0-VICTIM-3"))
        return None

    def _resolve(self, r, actor):
        r.emit(E.posture(actor.id, self.posture, rule="G0-8"))


# -- strikes ---------------------------------------------------------------------------------------
#: Hit locations for ordinary strikes (G0-5, GURPS 4e; "head" is struck as the face, ruling L-6).
STRIKE_LOCATIONS: dict[str, int] = {"torso": 0, "arm": -2, "leg": -2, "groin": -3, "head": -5}


def _weapon_hand(actor: Fighter, weapon: str | None) -> str | None:
    for h, it in actor.hands.items():
        if it == weapon:
            return h
    return None


def strike_reason(battle: Battle, rs: ThreeD6Lite, actor: Fighter, target_id: str, weapon: str | None,
                  location: str, *, reach_from: Hex | None = None) -> Reason | None:
    """Why ``actor`` may not strike ``target_id`` with ``weapon`` (None = punch) at ``location``."""
    target = battle.get(target_id)
    if target is None or target.id == actor.id:
        return Reason("Choose a foe to attack", "G0-5", "bad_intent")
    if location not in STRIKE_LOCATIONS:
        return Reason(f"{location!r} is not a hit location here", "G0-5")  # well-formed, refused: exit 3
    name = weapon or "punch"
    if name in ("punch", "kick", "bite"):
        nat = S.NATURAL_ATTACKS[name]
        reach = nat["reach"]
        why = rs.natural_attack_reason(battle, actor, name)
        if why:
            return why
    else:
        hand = _weapon_hand(actor, weapon)
        if hand is None or weapon not in S.ITEMS or S.ITEMS[weapon]["kind"] != "weapon":
            return Reason(f"{actor.label} holds no {weapon} ready to attack with", "G0-5")
        why = rs.weapon_use_reason(battle, actor, hand, weapon)
        if why:
            return why
        reach = S.ITEMS[weapon]["reach"]
    dist = hex_distance(reach_from or actor.hex, target.hex)
    if dist not in reach:
        if dist == 0:
            return Reason(f"A {name} cannot be used in close combat, in the foe's hex (house rule)", "G0-10")
        return Reason(f"{target.label} is out of reach of a {name} ({dist} hexes away)", "G0-5")
    return None


def strike_spec(battle: Battle, rs: ThreeD6Lite, actor: Fighter, target: Fighter, weapon: str | None,
                location: str, maneuver: str = "attack", option: str = "determined") -> RollSpec:
    """The attack roll of a strike (G0-5) with every modifier."""
    name = weapon or "punch"
    level, skill = C.attack_skill(actor, name)
    nat = S.NATURAL_ATTACKS.get(name)
    # a phrase, not "broadsword Edda: Broadsword" (issue 15): "attack Edda with the broadsword (Broadsword)",
    # "punch Edda (Brawling)"
    what = f"{name} {target.label}" if nat else \
        f"attack {target.label} with the {S.ITEMS.get(name, {}).get('name', name)}"
    spec = RollSpec(actor.id, f"{what} ({skill})", level, "G0-5")
    if nat and nat["to_hit"]:
        spec.add(nat["to_hit"], f"house rule: {name} to hit", "G0-6")
    spec.add(STRIKE_LOCATIONS[location], f"house rule: hit location {location}", "G0-5")
    rs.attack_modifiers(battle, actor, target, spec, maneuver, option, part="arm" if nat is None else name)
    return spec


def strike(r: Resolution, rs: ThreeD6Lite, actor: Fighter, target_id: str, weapon: str | None, location: str,
           defense: str | None, *, maneuver: str = "attack", option: str = "determined") -> None:
    """Roll one strike: the attack roll, the defence, damage and its consequences (G0-5, G0-6, G0-7)."""
    battle = r.battle
    target = battle.fighter(target_id)
    name = weapon or "punch"
    spec = strike_spec(battle, rs, actor, target, weapon, location, maneuver, option)
    if actor.hex != target.hex:
        d = direction_between(actor.hex, target.hex)
        if d is not None and d != actor.facing:
            r.emit(E.face(actor.id, d, rule="G0-4"))
    ev = r.note(roll_under(r.dice, spec))
    if not ev["success"]:
        r.note(E.message(f"{actor.label} misses {target.label}", actor=actor.id, rule="G0-5"))
        return
    att = C.AttackInfo(actor.id, "strike", None if name in S.NATURAL_ATTACKS else weapon, name)
    if ev.get("critical") == "success":
        r.note(E.message("A critical hit cannot be defended (house rule)", actor=actor.id, rule="G0-5"))
    elif C.roll_defense(r, rs, target, att, defense):
        r.note(E.message(f"{target.label} defends", actor=target.id, rule="G0-5"))
        return
    nat = S.NATURAL_ATTACKS.get(name)
    dmg = nat["damage"] if nat else S.ITEMS[name]["damage"]
    adds = 2 if maneuver == "all_out_attack" and option == "strong" else 0
    C.roll_damage(r, rs, actor, target, dmg, location, label=name, extra_adds=adds, rule="G0-6",
                  limb="right" if location in ("arm", "leg") else None)


class StrikeManeuver:
    """What the maneuvers that strike a foe with what they hold share (Attack, All-Out Attack, Move and Attack,
    G0-4): the target, item, location and defence fields they each declare, the check that the strike may be made
    and the defence asked for is allowed, and the strike itself (G0-5, G0-6, G0-7). A mixin before
    :class:`Maneuver`, so each keeps its own fields in its own order (an intent's dict form is unchanged)."""

    __slots__ = ()
    is_attack: ClassVar[bool] = True
    target: str
    item: str | None
    location: str
    defense: str | None
    actor: str

    def strike_check(self, battle: Battle, actor: Fighter, rs: ThreeD6Lite, *,
                     reach_from: Hex | None = None) -> Reason | None:
        return strike_reason(battle, rs, actor, self.target, self.item, self.location, reach_from=reach_from) \
            or rs.defense_choice_reason(battle, self.target, actor.id, self.item, self.defense)

    def strike_with(self, r: Resolution, actor: Fighter, maneuver: str, **options: str) -> None:
        strike(r, r.rules, actor, self.target, self.item, self.location, self.defense,  # type: ignore[arg-type]
               maneuver=maneuver, **options)


@dataclass(frozen=True, slots=True)
class Attack(StrikeManeuver, Maneuver):
    """G0-4 Attack: one strike (``item`` null = a punch; ``kick`` kicks). Grappled: S0-OPT-1..3."""

    type: ClassVar[str] = "attack"
    title: ClassVar[str] = "Attack"
    rule: ClassVar[str] = "G0-4"
    target: str = ""
    item: str | None = None
    location: str = "torso"
    defense: str | None = None

    def _check(self, battle, actor, rs):
        return self.strike_check(battle, actor, rs)

    def _resolve(self, r, actor):
        self.strike_with(r, actor, self.maneuver_kind)


@dataclass(frozen=True, slots=True)
class AllOutAttack(StrikeManeuver, Maneuver):
    """G0-4 All-Out Attack: ``determined`` +4 to hit or ``strong`` +2 damage; no defence until next turn."""

    type: ClassVar[str] = "all_out_attack"
    title: ClassVar[str] = "All-Out Attack"
    rule: ClassVar[str] = "G0-4"
    maneuver_kind: ClassVar[str] = "all_out_attack"
    target: str = ""
    item: str | None = None
    location: str = "torso"
    defense: str | None = None
    option: str = "determined"

    def _check(self, battle, actor, rs):
        if self.option not in ("determined", "strong"):
            return Reason("All-Out Attack option must be determined or strong", "G0-4", "bad_intent")
        return self.strike_check(battle, actor, rs)

    def _resolve(self, r, actor):
        r.rules.start_all_out_attack(r, actor)
        self.strike_with(r, actor, "all_out_attack", option=self.option)


@dataclass(frozen=True, slots=True)
class MoveAndAttack(StrikeManeuver, Maneuver):
    """G0-4 Move and Attack: move up to Move, then strike at -4 (at most 9)."""

    type: ClassVar[str] = "move_and_attack"
    title: ClassVar[str] = "Move and Attack"
    rule: ClassVar[str] = "G0-4"
    maneuver_kind: ClassVar[str] = "move_and_attack"
    to: tuple[int, int] | None = None
    target: str = ""
    item: str | None = None
    location: str = "torso"
    defense: str | None = None

    def _check(self, battle, actor, rs):
        return self.own_reason(battle, rs, actor)

    def own_reason(self, battle, rs, actor, *, reachable: bool | None = None):
        """``_check``; ``reachable=True``: the caller knows a path to ``to`` exists (``menu.reachable_hexes``
        with ``rs.move_allowance``), so no search is made."""
        to = Hex.of(self.to) if self.to is not None else actor.hex
        if to != actor.hex:
            if is_grappled(battle, actor.id):
                return Reason(f"{actor.label} is grappled and cannot move away", rs.cite("S0-HOLD-3"))
            if not reachable and find_path(battle, actor, to, rs.move_allowance(battle, actor)) is None:
                return Reason(f"{actor.label} cannot reach {list(to)} this turn", "G0-4")
        return self.strike_check(battle, actor, rs, reach_from=to)

    def _resolve(self, r, actor):
        rs = r.rules
        if self.to is not None and Hex.of(self.to) != actor.hex:
            path = find_path(r.battle, actor, Hex.of(self.to), rs.move_allowance(r.battle, actor)) or []
            for g in list(grips_by(r.battle, actor.id)):
                r.emit(E.grapple_end(g.holder, g.target, why="moved away", rule="G0-10"))
            _move_events(r, actor, path, "G0-4")
        self.strike_with(r, actor, "move_and_attack")


@dataclass(frozen=True, slots=True)
class Bite(Maneuver):
    """S0-HAND-2, G0-12: a bite (DX or Brawling, thr-1 crushing, same hex), even with both hands busy."""

    type: ClassVar[str] = "bite"
    title: ClassVar[str] = "Bite"
    rule: ClassVar[str] = "S0-HAND-2"
    is_attack: ClassVar[bool] = True
    target: str = ""
    defense: str | None = None
    maneuver: str = "attack"

    def maneuver_name(self) -> str:
        return self.maneuver

    def _check(self, battle, actor, rs):
        if self.maneuver not in ("attack", "all_out_attack"):
            return Reason("A bite is an Attack or an All-Out Attack", "G0-4", "bad_intent")
        return strike_reason(battle, rs, actor, self.target, "bite", "torso") \
            or rs.defense_choice_reason(battle, self.target, actor.id, None, self.defense)

    def _resolve(self, r, actor):
        rs = r.rules
        if self.maneuver == "all_out_attack":
            rs.start_all_out_attack(r, actor)
        strike(r, rs, actor, self.target, "bite", "torso", self.defense, maneuver=self.maneuver)


@dataclass(frozen=True, slots=True)
class AllOutDefense(Maneuver):
    """G0-4 All-Out Defense: +2 to one active defence until the fighter's next turn."""

    type: ClassVar[str] = "all_out_defense"
    title: ClassVar[str] = "All-Out Defense"
    rule: ClassVar[str] = "G0-4"
    maneuver_kind: ClassVar[str] = "all_out_defense"
    defense: str = "dodge"

    def _check(self, battle, actor, rs):
        if self.defense not in ("dodge", "parry", "block"):
            return Reason("All-Out Defense improves dodge, parry or block", "G0-4", "bad_intent")
        # a block is made with a shield (G0-5): +2 to a block one cannot make is no defence at all
        if self.defense == "block" and not any(
                held and S.ITEMS.get(held, {}).get("kind") == "shield" for held in actor.hands.values()):
            return Reason(f"{actor.label} holds no shield to block with", "G0-5")
        return None

    def _resolve(self, r, actor):
        r.emit(E.effect_start(actor.id, "all_out_defense", until="next_turn", data={"defense": self.defense},
                              rule="G0-4"))


# -- items -----------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Ready(ReadyVerb, Maneuver):
    """G0-4 Ready: take an item (carried, or on the floor of one's hex) into a free hand.

    While grappled: roll vs DX, a failure drops it (S0-OPT-4). Switching a
    trait on or off (``item`` names a boolean trait) always works (S0-OPT-5).
    """

    title: ClassVar[str] = "Ready"
    rule: ClassVar[str] = "G0-4"
    maneuver_kind: ClassVar[str] = "ready"
    item: str = ""

    def _check(self, battle, actor, rs):
        if isinstance(actor.traits.get(self.item), bool):
            return None
        if not self.item:
            return Reason("Choose the item to ready", "G0-4", "bad_intent")
        if self.item not in actor.items and not _on_floor(battle, actor, self.item):
            return Reason(f"{actor.label} has no {self.item} to ready", "G0-4")
        if not rs.usable_free_hands(battle, actor):
            rule = rs.cite("S0-OPT-4") if is_grappled(battle, actor.id) else "G0-4"
            return Reason(f"{actor.label} has no free hand to ready the {self.item} with", rule)
        return None

    def _resolve(self, r, actor):
        rs = r.rules
        battle = r.battle
        if isinstance(actor.traits.get(self.item), bool):
            value = not actor.traits[self.item]
            r.emit(E.stat(actor.id, "traits", {**actor.traits, self.item: value}, rule=rs.cite("S0-OPT-5")))
            r.note(E.message(f"{actor.label} switches {self.item} {'on' if value else 'off'}: no roll needed",
                             actor=actor.id, rule=rs.cite("S0-OPT-5")))
            return
        hand = rs.usable_free_hands(battle, actor)[0]
        from_floor = self.item not in actor.items
        if from_floor:
            _take_from_floor(r, actor, self.item, hand)
        else:
            r.emit(E.item(actor.id, self.item, action="readied", hand=hand, rule="G0-4"))
        if is_grappled(battle, actor.id):
            spec = RollSpec(actor.id, f"ready the {self.item} while grappled: DX", S.stat(actor, "DX"),
                            rs.cite("S0-OPT-4"))
            held = rs.held_dx_penalty(battle, actor, "arm")
            if held:
                spec.modifiers.append(held)
            ev = r.note(roll_under(r.dice, spec))
            if not ev["success"]:
                r.emit(E.item(actor.id, self.item, action="dropped", hand=hand, rule=rs.cite("S0-OPT-4")))


def _on_floor(battle: Battle, actor: Fighter, item: str) -> bool:
    return any(e["item"] == item and Hex.of(e["hex"]) == actor.hex for e in battle.state.get("floor", []))


def _take_from_floor(r: Resolution, actor: Fighter, item: str, hand: str) -> None:
    floor = list(r.battle.state.get("floor", []))
    for i, e in enumerate(floor):
        if e["item"] == item and Hex.of(e["hex"]) == actor.hex:
            del floor[i]
            break
    r.emit(E.stat(actor.id, "battle.floor", floor, rule="G0-4"))
    r.emit(E.item(actor.id, item, action="taken", hand=hand, rule="G0-4"))


@dataclass(frozen=True, slots=True)
class ThrowAway(Maneuver):
    """Drop or throw away a ready item: always works, takes no time (ruling L-5; S2-FREE-3)."""

    type: ClassVar[str] = "throw_away"
    title: ClassVar[str] = "Throw away"
    rule: ClassVar[str] = "G0-4"
    free: ClassVar[bool] = True
    physical: ClassVar[bool] = False
    item: str = ""

    def _check(self, battle, actor, rs):
        if self.item not in actor.hands.values() or not self.item:
            return Reason(f"{actor.label} holds no {self.item or 'item'}", "G0-4")
        return None

    def _resolve(self, r, actor):
        hand = _weapon_hand(actor, self.item)
        for g in [g for g in r.battle.grapples if g.target == actor.id and g.location == self.item]:
            r.emit(E.grapple_end(g.holder, g.target, why="the item was thrown away", rule="G0-4"))
        r.emit(E.item(actor.id, self.item, action="thrown", hand=hand, rule="G0-4"))


# -- the other maneuvers ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Evaluate(Maneuver):
    """G0-4 Evaluate: +1 to the next attack on that foe per consecutive turn, at most +3."""

    type: ClassVar[str] = "evaluate"
    title: ClassVar[str] = "Evaluate"
    rule: ClassVar[str] = "G0-4"
    maneuver_kind: ClassVar[str] = "evaluate"
    physical: ClassVar[bool] = False
    target: str = ""

    def _check(self, battle, actor, rs):
        t = battle.get(self.target)
        if t is None or t.id == actor.id:
            return Reason("Choose a foe to evaluate", "G0-4", "bad_intent")
        return None

    def _resolve(self, r, actor):
        old = actor.counters.get("evaluate") or {}
        bonus = min(3, int(old.get("bonus", 0)) + 1) if old.get("target") == self.target else 1
        r.emit(E.stat(actor.id, "counters.evaluate", {"target": self.target, "bonus": bonus}, rule="G0-4"))


@dataclass(frozen=True, slots=True)
class Feint(Maneuver):
    """G0-4 Feint: Quick Contest of melee skill; the margin of victory comes off that foe's next defence."""

    type: ClassVar[str] = "feint"
    title: ClassVar[str] = "Feint"
    rule: ClassVar[str] = "G0-4"
    maneuver_kind: ClassVar[str] = "feint"
    target: str = ""
    item: str | None = None

    def _check(self, battle, actor, rs):
        t = battle.get(self.target)
        if t is None or t.id == actor.id:
            return Reason("Choose a foe to feint", "G0-4", "bad_intent")
        if hex_distance(actor.hex, t.hex) > 1:
            return Reason(f"{t.label} is too far away to feint", "G0-4")
        return None

    def _resolve(self, r, actor):
        t = r.battle.fighter(self.target)
        la, na = C.attack_skill(actor, self.item or "punch")
        lb, nb = _best_melee(t)
        a = RollSpec(actor.id, f"feint: {na}", la, "G0-4")
        b = RollSpec(t.id, f"resist the feint: {nb}", lb, "G0-4")
        ev = r.note(quick_contest(r.dice, a, b, "G0-4"))
        if ev["winner"] == actor.id:
            r.emit(E.stat(actor.id, "counters.feint", {"target": t.id, "penalty": ev["margin_of_victory"]},
                          rule="G0-4"))


def _best_melee(f: Fighter) -> tuple[int, str]:
    best = (S.stat(f, "DX"), "DX")
    for held in f.hands.values():
        if held in S.ITEMS and S.ITEMS[held]["kind"] == "weapon":
            lvl, name = C.attack_skill(f, held)
            if lvl > best[0]:
                best = (lvl, name)
    lvl, name = C.attack_skill(f, "punch")
    return (lvl, name) if lvl > best[0] else best


@dataclass(frozen=True, slots=True)
class _Simple(Announce, Maneuver):
    """A maneuver that only takes the turn: its log line cites its rule (G0-4)."""


@dataclass(frozen=True, slots=True)
class Aim(_Simple):
    """G0-4 Aim (for ranged attacks; the catalogue has none, so it only takes the turn, ruling L-8)."""

    type: ClassVar[str] = "aim"
    title: ClassVar[str] = "Aim"
    rule: ClassVar[str] = "G0-4"
    maneuver_kind: ClassVar[str] = "aim"
    message: ClassVar[str] = "{label} aims"
    target: str | None = None


@dataclass(frozen=True, slots=True)
class Concentrate(_Simple):
    type: ClassVar[str] = "concentrate"
    title: ClassVar[str] = "Concentrate"
    rule: ClassVar[str] = "G0-4"
    maneuver_kind: ClassVar[str] = "concentrate"
    physical: ClassVar[bool] = False
    message: ClassVar[str] = "{label} concentrates"


@dataclass(frozen=True, slots=True)
class Wait(WaitVerb, _Simple):
    """G0-4 Wait; the engine does not trigger held actions (ruling L-9): the turn passes."""

    rule: ClassVar[str] = "G0-4"
    maneuver_kind: ClassVar[str] = "wait"


@dataclass(frozen=True, slots=True)
class DoNothing(DoNothingVerb, _Simple):
    rule: ClassVar[str] = "G0-4"
    maneuver_kind: ClassVar[str] = "do_nothing"
    physical: ClassVar[bool] = False


def nearest_foes(battle: Battle, actor: Fighter) -> list[Fighter]:
    return sorted(foes(battle, actor), key=lambda o: (hex_distance(actor.hex, o.hex), o.id))
