"""Hand-to-hand combat in one hex (S3-HTH, G3-9, G3-10, GX-3): entering, joining, fighting inside, leaving.

The seed's HTH is a brawl on the floor of one hex. A figure may try it only when its foe cannot keep it
off (S3-HTH-1..5); it then moves into the foe's hex and one die, read on the defender's table
(S3-HTH-9..14), says whether the two go down together or the foe fends it off. Inside, only bare hands,
knives, brass knuckles and pistols work (S3-HTH-8) and everyone hits everyone at +4 (S3-HTH-16, in
:mod:`.combat`); a blow that misses may land on another brawler (S3-HTH-18/19, G3-10), a shot from
outside strikes a brawler picked at random (S3-HTH-20), and a figure gets out by a roll against its
adjusted DX (G3-9).

:mod:`.combat` calls :func:`after_miss`, :func:`struck_member` and :func:`after_out`; the ruleset calls
:func:`options`, :func:`odds` and :func:`start_turn`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.hexgrid import Hex, arc_of, hex_distance, hex_neighbors
from game.rules import events as E
from game.rules.base import Reason
from game.rules.common import Mod, RollSpec
from game.rules.nd6 import rolls, subdue
from game.rules.nd6.actions import Nd6Action, mark, moved_this_round, phase_of
from game.rules.nd6.combat import (
    add_hook,
    apply_hits,
    check_target,
    damage_rolled,
    let_fall,
    plan_attack,
    resolve_attack,
)
from game.rules.nd6.items import has_tag, item
from game.rules.nd6.status import (
    brawl_of,
    dx_base,
    edx_mods,
    foes,
    held,
    in_hth,
    is_down,
    is_out,
    ma_level,
    mov,
    ready_weapon,
    this_round,
)
from game.rules.reach import terrain_cost

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.base import Action
    from game.rules.events import Resolution

__all__ = ["ACTIONS", "EnterHTH", "LeaveHTH", "options", "odds", "after_miss", "after_out", "start_turn",
           "struck_member", "circumstances", "table_mods", "table_row", "BRAWL_MAX"]

#: GX-3: at most five figures share one hex
BRAWL_MAX = 5

#: S3-HTH-10..13: the rows of the defender's table, by the highest total each takes (None: no limit)
ROWS: tuple[tuple[str, int | None, str], ...] = (
    ("<=2", 2, "S3-HTH-10"),
    ("3-4", 4, "S3-HTH-11"),
    ("5-6", 6, "S3-HTH-12"),
    ("7+", None, "S3-HTH-13"),
)

#: the rows in which the brawl begins
ENTERED = ("<=2", "3-4")


def table_row(total: int) -> str:
    """The row of the defender's table a modified 1d6 total falls in (S3-HTH-9..13)."""
    return next(name for name, top, _ in ROWS if top is None or total <= top)


def _row_rule(row: str) -> str:
    return next(rule for name, _, rule in ROWS if name == row)


# -- who may try ------------------------------------------------------------------------------------------------------

def works_inside(what: str) -> bool:
    """S3-HTH-8, S3-IMPROV-9: knives, brass knuckles and pistols are the only things used in a brawl."""
    return has_tag(what, "hth_ok")


def belt_weapon(f: Fighter) -> str | None:
    """S3-HTH-11: a pistol or a knife carried but not in hand (the belt), or None."""
    for i in f.items:
        if works_inside(i) and (has_tag(i, "knife") or has_tag(i, "firearm")):
            return i
    return None


def wants(battle: Battle, t: Fighter, a: Fighter) -> bool:
    """S3-HTH-5: ``t`` wants the brawl too: it says so (``wants_hth``) or tried HTH on ``a`` this round."""
    if "wants_hth" in t.conditions:
        return True
    tried = this_round(t, "hth_try", battle)
    return bool(tried and tried.get("target") == a.id)


def cornered(battle: Battle, a: Fighter, t: Fighter) -> bool:
    """S3-HTH-1: ``t`` has its back to the wall.

    Given as the condition ``cornered``, or found from the map: each of the three hexes beyond ``t`` as seen
    from ``a`` (its neighbours two hexes from ``a``) is off the map, a wall or taken by a standing figure,
    so ``t`` cannot step back from ``a``.
    """
    if "cornered" in t.conditions:
        return True
    cost = terrain_cost(battle.board)
    taken = {o.hex for o in battle.fighters if o.id != t.id and not is_out(o)}
    away = [h for h in hex_neighbors(t.hex) if hex_distance(h, a.hex) == 2]
    return all(cost(h) is None or h in taken for h in away)


def _arc(a: Fighter, t: Fighter) -> str:
    """Where ``a`` stands in ``t``'s arcs for S3-HTH-4 and S3-HTH-14: its facing, after S3-MA-5 (a level-4
    fighter's rear hex counts as a side hex, so nobody comes at it from behind). G3-5's "a figure on the
    ground faces rear every way" is a to-hit rule and is not applied here: a foe on the ground is open to
    HTH anyway (S3-HTH-2), and the -2 of S3-HTH-14 is for the rear hex itself."""
    arc = arc_of(t.hex, t.facing, a.hex)
    if ma_level(t) >= 4:
        arc = {"side": "front", "rear": "side"}.get(arc, arc)
    return arc


def circumstances(battle: Battle, a: Fighter, t: Fighter, accept: bool = False) -> list[str]:
    """The rule IDs of S3-HTH-1..5 that let ``a`` try HTH on ``t`` now (empty: it may not)."""
    out = []
    if cornered(battle, a, t):
        out.append("S3-HTH-1")
    if t.posture in ("kneeling", "sitting", "crouching") or is_down(t):
        out.append("S3-HTH-2")
    if mov(t) < mov(a):
        out.append("S3-HTH-3")
    if _arc(a, t) == "rear":
        out.append("S3-HTH-4")
    if accept or wants(battle, t, a):
        out.append("S3-HTH-5")
    return out


def table_mods(battle: Battle, a: Fighter, t: Fighter) -> list[Mod]:
    """S3-HTH-14: -2 from behind; +1 per Martial Arts level the defender has above the attacker (the Master
    counting as level 5, one above level 4)."""
    mods = []
    if _arc(a, t) == "rear":
        mods.append(Mod(-2, f"{a.label} comes from behind", "S3-HTH-14"))
    above = ma_level(t) - ma_level(a)
    if above > 0:
        mods.append(Mod(above, f"{t.label} has {above} Martial Arts level{'s' if above > 1 else ''} more",
                        "S3-HTH-14"))
    return mods


def _attack_spent(battle: Battle, f: Fighter) -> Reason | None:
    """S3-HTH-6: trying HTH is an attack, so what forbids an attack this round forbids it (G3-4, G3-8)."""
    n = moved_this_round(battle, f)
    if n > mov(f) // 2 and not this_round(f, "charge", battle):
        return Reason(f"{f.label} moved {n} hexes, more than half {f.their} MOV: no attack this round.", "S3-HTH-6")
    if this_round(f, "stood", battle):
        return Reason(f"{f.label} spent this round getting up.", "G3-8")
    return None


# -- what happens ------------------------------------------------------------------------------------------------------

def drop_for_brawl(r: Resolution, f: Fighter, rule: str) -> None:
    """S3-HTH-8/10: into a brawl one takes only a ready knife, pistol or brass knuckles; the rest falls."""
    for what in held(f):
        if not works_inside(what):
            let_fall(r, f, what, action="dropped", rule=rule)


def _into_brawl(r: Resolution, f: Fighter, to: Hex, rule: str) -> None:
    """``f`` ends up in the brawl at ``to``: there, on the floor, with ``in_hth`` (S3-HTH-7/10, GX-3)."""
    if f.hex != to:
        r.emit(E.move(f.id, to, rule="S3-HTH-7"))
    if f.posture != "prone":
        r.emit(E.posture(f.id, "prone", rule=rule))
    if not in_hth(f):
        r.emit(E.condition(f.id, add="in_hth", rule=rule))


def _begin(r: Resolution, a: Fighter, t: Fighter, *, rule: str, belt: bool) -> None:
    """S3-HTH-10/11: the defender lets go of all but a knife or pistol, the attacker moves in, both go down."""
    drop_for_brawl(r, t, rule)
    _into_brawl(r, a, t.hex, rule)
    _into_brawl(r, t, t.hex, rule)
    w = belt_weapon(t) if belt else None
    if w is not None:
        # S3-HTH-11: readied at the start of the defender's next turn (start_turn), not at once
        r.emit(E.stat(t.id, "counters.hth_ready", {"item": w}, rule="S3-HTH-11"))
        r.note(E.message(f"{t.label} gets {t.their} {item(w).get('name', w)} from {t.their} belt: ready on {t.their} next turn.",
                         actor=t.id, rule="S3-HTH-11"))


def _riposte(r: Resolution, t: Fighter, a: Fighter) -> None:
    """S3-HTH-13: the defender's one automatic hit with its ready weapon (bare hands if none).

    A stunned defender (S3-STUN-2: no actions) does not strike back; the hit is not its turn's action,
    which it still has (the seed: it "may then pick another option").
    """
    if is_out(t) or "stunned" in t.conditions or "subdued" in t.conditions:
        return
    plan = plan_attack(r.battle, t, a, ready_weapon(t), defense="none", label="HTH table: automatic hit")
    plan.auto_hit = "S3-HTH-13"
    plan.extra["auto_why"] = f"{a.label}'s HTH attempt gave it an opening"
    resolve_attack(r, plan)


def settle(r: Resolution, h: Hex) -> None:
    """G3-9: a brawl ends when one side is alone in its hex; those left keep lying where they are (ND6-7)."""
    left = [o for o in r.battle.fighters if o.hex == h and in_hth(o) and not is_out(o)]
    if len({o.side for o in left}) > 1:
        return
    for o in left:
        r.emit(E.condition(o.id, remove="in_hth", rule="G3-9"))
    if left:
        names = " and ".join(", ".join(o.label for o in left).rsplit(", ", 1))
        r.note(E.message(f"The hand-to-hand at [{h.q}, {h.r}] is over: only {names} {'is' if len(left) == 1 else 'are'}"
                         " left in it.", actor=left[0].id, rule="G3-9"))


# -- the actions -------------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class EnterHTH(Nd6Action):
    """Try hand-to-hand with the foe next to you, or join a brawl going on next to you (S3-HTH-1..15).

    ``accept``: the foe wants the brawl too (S3-HTH-5), so its table is not rolled (SITUATION-FORMAT). In
    ``clinch resolve`` the file's word is taken; under the turn controller the foe must have said so
    (``wants_hth``) or tried HTH on the attacker this round.
    """

    type: ClassVar[str] = "hth"
    title: ClassVar[str] = "Hand-to-hand"
    rule: ClassVar[str] = "S3-HTH-6"
    target: str = ""
    accept: bool = False

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        t = battle.get(self.target)
        why = check_target(battle, f, t, self.target)
        if why or t is None:
            return why
        if t.side == f.side:
            return Reason(f"{t.label} is on {f.label}'s side.", "S3-HTH-1")
        if in_hth(f):
            return Reason(f"{f.label} is already in hand-to-hand.", "G3-9")
        if hex_distance(f.hex, t.hex) != 1:
            return Reason(f"{t.label} is not next to {f.label}.", "S3-HTH-7")
        why = _attack_spent(battle, f)
        if why:
            return why
        if in_hth(t):
            if len(brawl_of(battle, t)) >= BRAWL_MAX:
                return Reason(f"{BRAWL_MAX} figures already fight in {t.label}'s hex.", "GX-3")
            return None  # S3-HTH-15: joining needs neither a roll nor a circumstance (those inside are down)
        if self.accept and phase_of(battle) is not None and not wants(battle, t, f):
            return Reason(f"{t.label} has not said {t.words.they} {t.words.verb('wants', 'want')} hand-to-hand.",
                          "S3-HTH-5")
        if not circumstances(battle, f, t, self.accept):
            return Reason(f"{t.label} can keep {f.label} off: HTH needs {t.words.them} cornered, down, slower, "
                          f"attacked from {t.their} rear hex, or willing.", "S3-HTH-1")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        battle = r.battle
        t = battle.fighter(self.target)
        mark(r, f, "hth_try", target=t.id)  # S3-HTH-5: a foe that tried HTH this round wants it
        if in_hth(t):
            # S3-HTH-15, ruling ND6-6: no roll; the joiner lies down with the rest
            drop_for_brawl(r, f, "S3-HTH-8")
            _into_brawl(r, f, t.hex, "S3-HTH-15")
            r.note(E.message(f"{f.label} joins the hand-to-hand with {t.label}: no roll.", actor=f.id,
                             rule="S3-HTH-15"))
            return
        why = circumstances(battle, f, t, self.accept)
        # S3-HTH-8, ruling ND6-6: the attacker lets go of what is no use inside before the defender's die
        drop_for_brawl(r, f, "S3-HTH-8")
        if self.accept or wants(battle, t, f):
            r.note(E.message(f"{t.label} wants the brawl too: no roll on {t.their} table.", actor=f.id, rule="S3-HTH-5"))
            _begin(r, f, t, rule="S3-HTH-5", belt=False)
            return
        mods = table_mods(battle, f, t)
        faces = r.dice.roll(1, 6, f"HTH: {t.label}'s reaction", "S3-HTH-9")
        total = faces[0] + sum(m.value for m in mods)
        row = table_row(total)
        r.note({"type": "roll", "actor": f.id, "label": f"HTH: {t.label}'s reaction (1d6)", "rule": "S3-HTH-9",
                "table": "hth", "base": 0, "modifiers": [m.to_dict() for m in mods], "dice": faces, "total": total,
                "row": row, "effect": _effect(row, f, t), "success": row in ENTERED, "target_id": t.id,
                "allowed_by": why})
        if row in ENTERED:
            _begin(r, f, t, rule=_row_rule(row), belt=row == "3-4")
            return
        if row == "7+":
            _riposte(r, t, f)


def _effect(row: str, a: Fighter, t: Fighter) -> str:
    """One sentence per row of the defender's table (S3-HTH-10..13), for the log and the dice pop-up."""
    return {
        "<=2": f"{t.label} lets go of all but a knife or pistol and both go down: the brawl begins.",
        "3-4": f"{t.label} lets go of all but a knife or pistol and both go down; a knife or pistol on {t.their} belt "
               "is ready next turn.",
        "5-6": f"{t.label} fends {a.label} off: no brawl, {a.label} stays in {a.their} hex.",
        "7+": f"{t.label} fends {a.label} off and lands an automatic hit.",
    }[row]


@dataclass(frozen=True, slots=True)
class LeaveHTH(Nd6Action):
    """Break away from a brawl into the empty hex ``to`` (G3-9): 3d6 against adjusted DX, the round's action."""

    type: ClassVar[str] = "leave_hth"
    title: ClassVar[str] = "Break away"
    rule: ClassVar[str] = "G3-9"
    to: tuple[int, int] = (0, 0)

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        if not in_hth(f):
            return Reason(f"{f.label} is not in hand-to-hand.", "G3-9")
        to = Hex(*self.to)
        if hex_distance(f.hex, to) != 1:
            return Reason("Breaking away is one step to a neighbouring hex.", "G3-9")
        if terrain_cost(battle.board)(to) is None:
            return Reason("That hex cannot be entered.", "GX-5")
        if any(o.hex == to and not is_out(o) for o in battle.fighters):
            return Reason("That hex is not empty.", "G3-9")
        return None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        spec = leave_spec(r.battle, f)
        ev = r.note(rolls.save_roll(r.dice, spec))
        if not ev["success"]:
            r.note(E.message(f"{f.label} cannot break away from the brawl.", actor=f.id, rule="G3-9"))
            return
        was = f.hex
        r.emit(E.condition(f.id, remove="in_hth", rule="G3-9"))
        subdue.settle(r)  # G3-17: a subdue it held ends before it steps away, never stretched across two hexes
        if f.posture != "standing":
            r.emit(E.posture(f.id, "standing", rule="G3-9"))
        r.emit(E.move(f.id, Hex(*self.to), rule="G3-9"))
        settle(r, was)


def leave_spec(battle: Battle, f: Fighter) -> RollSpec:
    """G3-9: 3d6 against adjusted DX (G3-18); a plain save, without G3-1's automatic results (G3-9 gives none)."""
    return RollSpec(actor=f.id, label="break away: DX", base=dx_base(f), rule="G3-9", dice=3,
                    modifiers=list(edx_mods(battle, f)))


#: the HTH actions, added to the ruleset's table
ACTIONS: tuple[type[Action], ...] = (EnterHTH, LeaveHTH)


def options(battle: Battle, f: Fighter) -> list[Action]:
    """Candidate HTH actions of ``f`` now (legal or not: the ruleset checks each).

    Outside a brawl: ``hth`` on each foe next to it, one per brawl next to it (joining), with ``accept`` when
    the foe wants it; inside: ``leave_hth`` to each empty neighbouring hex.
    """
    if is_out(f):
        return []
    out: list[Action] = []
    if in_hth(f):
        cost = terrain_cost(battle.board)
        taken = {o.hex for o in battle.fighters if not is_out(o)}
        for h in sorted(hex_neighbors(f.hex), key=lambda h: (h.q, h.r)):
            if h not in taken and cost(h) is not None:
                out.append(LeaveHTH(actor=f.id, to=(h.q, h.r)))
        return out
    brawls: set[Hex] = set()
    for o in foes(battle, f):
        if hex_distance(o.hex, f.hex) != 1:
            continue
        if in_hth(o):
            if o.hex in brawls:
                continue
            brawls.add(o.hex)
        out.append(EnterHTH(actor=f.id, target=o.id, accept=not in_hth(o) and wants(battle, o, f)))
    return out


def odds(battle: Battle, action: Action) -> dict[str, float] | None:
    """``hth``: the defender's table as chances of its rows (``enter`` = the first two, ``repelled`` = 5-6,
    ``auto_hit`` = 7+, each row also as ``row:<name>``); no roll (joining, a willing foe): ``enter`` 1.
    ``leave_hth``: ``success``/``failure`` of the plain 3d6 save (G3-9)."""
    if isinstance(action, LeaveHTH):
        f = battle.get(action.actor)
        if f is None:
            return {}
        p = rolls.save_odds(3, leave_spec(battle, f).target)
        return {"success": p, "failure": 1.0 - p}
    if not isinstance(action, EnterHTH):
        return None
    f, t = battle.get(action.actor), battle.get(action.target)
    if f is None or t is None:
        return {}
    rows = {f"row:{name}": 0.0 for name, _, _ in ROWS}
    if in_hth(t) or action.accept or wants(battle, t, f):
        rows["row:<=2"] = 1.0
    else:
        shift = sum(m.value for m in table_mods(battle, f, t))
        for face in range(1, 7):
            rows[f"row:{table_row(face + shift)}"] += 1 / 6
    return {"enter": rows["row:<=2"] + rows["row:3-4"], "repelled": rows["row:5-6"], "auto_hit": rows["row:7+"],
            **rows}


# -- what combat asks -------------------------------------------------------------------------------------------------

def after_miss(r: Resolution, plan: Any) -> None:
    """S3-HTH-18/19 with G3-10: a blow that missed a brawler may land on another one.

    A brawler that missed (S3-HTH-18), or a figure next to the brawl that missed one inside (S3-HTH-19),
    rolls 3d6 against the attack's own target number (its adjusted DX with the attack's modifiers) once for
    each other figure in the brawl, friend or foe, in battle order: a success spares that figure, the first
    failure strikes it (damage rolled as for a hit, no second roll to avoid). A shot or a throw from
    outside that missed strikes nobody (S3-HTH-20 rolls to hit first). Ruling ND6-7.
    """
    battle = r.battle
    a, t = battle.fighter(plan.attacker), battle.fighter(plan.target)
    if plan.extra.get("no_avoid") or not in_hth(t) or is_out(a):
        return
    if plan.hth:
        rule = "S3-HTH-18"
    elif _from_afar(plan) or hex_distance(a.hex, t.hex) != 1:
        return
    else:
        rule = "S3-HTH-19"
    for o in brawl_of(battle, t):
        if o.id in (a.id, t.id):
            continue
        spec = RollSpec(actor=a.id, label=f"avoid {o.label}: DX", base=plan.spec.base, rule="G3-10", dice=3,
                        modifiers=list(plan.spec.modifiers))
        ev = rolls.save_roll(r.dice, spec)
        ev["target_id"] = o.id
        ev["for_rule"] = rule
        r.note(ev)
        if ev["success"]:
            continue
        r.note(E.message(f"{a.label}'s missed blow lands on {o.label} instead.", actor=a.id, rule=rule))
        stray = plan_attack(battle, a, o, plan.item, defense="none", label="stray blow")
        stray.rule = rule
        stray.extra["no_avoid"] = True
        hits, faces = damage_rolled(r, stray, 1, [])
        apply_hits(r, a, o, hits, faces=faces, plan=stray, reasons=[])
        return


def _from_afar(plan: Any) -> bool:
    """A missile or thrown attack (S3-HTH-20), as opposed to a blow."""
    if plan.extra.get("thrown"):
        return True
    return plan.item is not None and item(plan.item).get("kind") in ("missile", "thrown")


def struck_member(r: Resolution, plan: Any, target: Fighter) -> Fighter:
    """S3-HTH-20: a shot or a throw from outside that hit a brawl strikes one of its figures at random.

    One die with as many faces as there are figures in the brawl (1dN, N = 2..5, ruling ND6-7), counted in
    battle order; the plan's target becomes the figure struck. A blow from next to the brawl keeps its target.
    """
    if plan.hth or not in_hth(target) or not _from_afar(plan):
        return target
    members = brawl_of(r.battle, target)
    if len(members) < 2:
        return target
    face = r.dice.roll(1, len(members), "which brawler is hit", "S3-HTH-20")[0]
    struck = members[face - 1]
    r.note({"type": "roll", "actor": plan.attacker, "label": f"which brawler is hit (1d{len(members)})",
            "rule": "S3-HTH-20", "table": "brawler", "base": 0, "modifiers": [], "dice": [face], "total": face,
            "sides": len(members), "members": [m.id for m in members], "target_id": struck.id,
            "effect": f"the shot strikes {struck.label}."})
    plan.target = struck.id
    return struck


def after_out(r: Resolution, f: Fighter) -> None:
    """G3-9: a fighter out of the fight leaves any brawl it was in; the brawl ends if one side is left."""
    if "in_hth" not in f.conditions:
        return
    r.emit(E.condition(f.id, remove="in_hth", rule="G3-9"))
    settle(r, f.hex)


def start_turn(r: Resolution, f: Fighter) -> None:
    """S3-HTH-11: a knife or pistol the defender got from its belt is in its hand as its turn begins."""
    pending = f.counters.get("hth_ready")
    if not isinstance(pending, dict):
        return
    r.emit(E.stat(f.id, "counters.hth_ready", None, rule="S3-HTH-11"))
    w = pending.get("item")
    free = f.free_hands()
    if in_hth(f) and isinstance(w, str) and w in f.items and free:
        r.emit(E.item(f.id, w, action="readied", hand=free[0], rule="S3-HTH-11"))


for _name, _fn in (("after_miss", after_miss), ("struck_member", struck_member), ("after_out", after_out)):
    add_hook(_name, _fn)  # the attack asks these at its moments (combat.HOOK_NAMES)
