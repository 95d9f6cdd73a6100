"""Grappling in edge: entering a grapple, the grapple roll and the result menu (S1, GAPS G1-2, G1-3, G1-8).

``enter_grapple`` is a melee attack (Melee Attack vs Reflex, G1-3): edge 0
enters the grapple, edge >= 1 enters it and makes a grapple roll at once.
``grapple_roll`` is an opposed Strength roll (S1-GRAPPLE-2), the roller's
pool first; its edge buys one result of the menu (S1-MENU-1/2):

====  ==========================================================
edge  results
====  ==========================================================
0     ``escape`` (``regrip`` with the ``edge.regrip`` option)
1     ``takedown``, ``drag`` (``to``, ``foe_to``), ``pummel`` (``weapon``)
2     ``throw`` (``foe_to``, ``end``), ``wrest`` (``item``, ``drop_to``),
      ``pin`` of a prone foe (``finish`` at -5: ``knock_out``/``bind``)
3     ``pin`` of a standing foe
====  ==========================================================

``none`` declines every result (our ruling: choosing is optional).

The check cannot know the edge before the roll. So:

- ``option`` given and the edge does not pay for it: the roll is shown and an
  ``illegal`` event says why; nothing of the result is applied (``clinch
  resolve`` exits 3). It is never silently replaced.
- ``option`` left out: the engine takes the best result the edge pays for,
  as a sensible player would (:func:`best_option`), and a ``message`` says so.
- ``ask=True`` (the UI): after rolling, :class:`ResultNeeded` is raised
  *before any event is applied*, carrying the edge and the menu; the
  controller shows it and resubmits the intent with ``option`` set and the
  same dice faces, which reproduces the roll exactly.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.hexgrid import Hex, hex_distance, hex_neighbors
from game.model import Grapple
from game.rules import events as ev
from game.rules.base import Action, ChoiceNeeded, Option, Reason, Ruleset
from game.rules.edge import combat, links
from game.rules.edge.action import EdgeAction
from game.rules.edge.checks import actor_reason, find_link, melee_reason, wields
from game.rules.edge.pool import MIN_MOD, PoolSpec, edge_odds, opposed
from game.rules.edge.stats import (
    attr,
    free_hands,
    held_weapons,
    is_restraint,
    is_weapon,
    item_info,
    option,
    reach,
)

if TYPE_CHECKING:
    from game.dice import Dice
    from game.model import Battle, Fighter
    from game.rules.events import Event, Resolution

__all__ = [
    "RESULTS", "RESULT_RULES", "FINISHES", "requirement", "roller_spec", "grapple_contest", "result_reason",
    "best_option", "result_menu", "ResultNeeded", "GrappleRoll", "EnterGrapple", "apply_result",
]

#: result -> minimum edge (S1-MENU-1); ``pin`` is 2 against a prone foe, 3 against a standing one
RESULTS: dict[str, int] = {
    "none": -99, "escape": 0, "regrip": 0, "takedown": 1, "drag": 1, "pummel": 1, "throw": 2, "wrest": 2,
    "pin": 2,
}
RESULT_RULES: dict[str, str] = {
    "none": "S1-GRAPPLE-5", "escape": "S1-ESCAPE-1", "regrip": "edge.regrip", "takedown": "S1-TAKEDOWN-1",
    "drag": "S1-DRAG-2", "pummel": "S1-PUMMEL-1", "throw": "S1-THROW-2", "wrest": "S1-WREST-1", "pin": "S1-PIN-1",
}
FINISHES = ("knock_out", "bind")

# Fields of the result a roll buys, shared by grapple_roll and enter_grapple's immediate roll.
_RESULT_FIELDS = ("option", "drop", "free_hand", "to", "foe_to", "drop_to", "weapon", "item", "end", "finish")


def requirement(battle: Battle, result: str, foe: str) -> int:
    """Minimum edge of a result (S1-MENU-1): pin 2 if the foe is prone (S1-PIN-1), else 3 (S1-PIN-8)."""
    if result == "pin":
        return 2 if battle.fighter(foe).posture == "prone" else 3
    return RESULTS[result]


def _hex(value: Any) -> Hex | None:
    return None if value is None else Hex(int(value[0]), int(value[1]))


def _occupied(battle: Battle, h: Hex, *, besides: tuple[str, ...] = ()) -> str | None:
    for f in battle.fighters:
        if f.hex == h and f.id not in besides and not f.has("dead"):
            return f.id
    return None


def _open(battle: Battle, h: Hex) -> bool:
    return not battle.board.cells or battle.board.is_open(h)


# -- the roll ---------------------------------------------------------------------

def roller_spec(battle: Battle, fighter: str, g: Grapple, *, acting: bool, dropped: tuple[str, ...] = (),
                free_hand: bool = False) -> PoolSpec:
    """One side's Strength pool for a grapple roll in link ``g`` (S1-GRAPPLE-2, G1-2).

    Penalties on "their grapple rolls" apply whether the fighter acts or
    resists (G1-2): no free hand -2 (S1-HAND-1) unless it began this grapple
    this round with a hooked weapon (S1-HAND-2); each pin -1 (S1-PIN-2).
    """
    f = battle.fighter(fighter)
    why = combat.cannot_resist(battle, fighter)
    if why:
        return PoolSpec(fighter, f"resist: cannot ({why})", 0, "G1-9", stat="STR")
    label = "grapple roll: Strength" if acting else "resist the grapple roll: Strength"
    spec = PoolSpec(fighter, label, attr(f, "STR"), "S1-GRAPPLE-2", stat="STR")
    if dropped:
        spec.add(0, f"dropped {', '.join(dropped)} before the roll, for free", "S1-HAND-3", note=True)
    hands = free_hands(f, dropped=dropped)
    loosened = free_hand and not hands
    if not hands and not loosened:
        hooked = g.extra.get("hooked")
        if links.initiator(g) == fighter and hooked and g.extra.get("round") == battle.round:
            spec.add(0, f"no free hand, but began this grapple this turn with a hooked {hooked}", "S1-HAND-2",
                     note=True)
        else:
            spec.add(-2, "no free hand", "S1-HAND-1")
    elif loosened:
        spec.add(0, "freed one hand of a two-handed weapon (option edge.two_handed_free_hand)", "S1-HAND-1",
                 note=True)
    level = links.pin_level(g, fighter)
    if level:
        spec.add(-level, f"pinned ({level} pin{'s' if level > 1 else ''})", "S1-PIN-2")
    if acting and g.extra.get("regrip", {}).get(fighter) == battle.round:
        spec.add(1, "Regrip from last turn (option edge.regrip)", "edge.regrip")
    return spec


def grapple_contest(battle: Battle, dice: Dice, actor: str, g: Grapple, *, dropped: tuple[str, ...] = (),
                    free_hand: bool = False) -> Event:
    """The opposed Strength roll: the roller first, then its opponent (G1-2). Not recorded."""
    foe = links.other(g, actor)
    a = roller_spec(battle, actor, g, acting=True, dropped=dropped, free_hand=free_hand)
    b = roller_spec(battle, foe, g, acting=False)
    return opposed(dice, a, b, "S1-GRAPPLE-2", kind="grapple")


# -- results: what each needs besides edge ------------------------------------------

@dataclass(frozen=True, slots=True)
class _Fields:
    option: str | None = None
    drop: tuple[str, ...] = ()
    free_hand: bool = False
    to: tuple[int, int] | None = None
    foe_to: tuple[int, int] | None = None
    drop_to: tuple[int, int] | None = None
    weapon: str | None = None
    item: str | None = None
    end: bool = False
    finish: str | None = None


def _fields(action: Action) -> _Fields:
    return _Fields(**{name: getattr(action, name) for name in _RESULT_FIELDS})


def _reachable_items(battle: Battle, foe: str) -> list[str]:
    f = battle.fighter(foe)
    out = [h for h in dict.fromkeys(f.hands.values()) if h]
    if option(battle, "edge.wrest_from_body"):
        out += [i for i in f.items if i not in out]
    return out


def result_reason(battle: Battle, actor: str, g: Grapple, fields: _Fields) -> Reason | None:
    """Why ``fields.option`` cannot be chosen whatever the edge (posture, hexes, items), or ``None``."""
    result = fields.option
    foe = links.other(g, actor)
    me = battle.fighter(actor)
    them = battle.fighter(foe)
    if result == "none":
        # S1-GRAPPLE-5: "select one of the following results" (ruling E-2): a roll takes a result whenever its
        # edge pays for one (Escape at 0); only a negative edge buys nothing, and then the engine says so
        return Reason("a grapple roll selects one of the results its edge pays for (Escape needs 0 edge); leave "
                      "option out to take the best, or name one", "S1-GRAPPLE-5")
    if result is None or result in ("escape", "takedown"):
        return None
    if result not in RESULTS:
        return Reason(f"unknown result {result!r} (results: {', '.join(RESULTS)})", "S1-MENU-1", "bad_intent")
    if result == "regrip" and not option(battle, "edge.regrip"):
        return Reason("Regrip is a later upstream rule: turn on the option edge.regrip", "edge.regrip")
    if result == "drag":
        if me.posture == "prone":
            return Reason("a prone fighter cannot Drag", "S1-DRAG-1")
        if links.pinned_anywhere(battle, actor):
            return Reason("a pinned fighter's movement is dominated: it cannot Drag", "S1-PIN-5")
        to = _hex(fields.to) or me.hex
        if to != me.hex:
            if hex_distance(to, me.hex) != 1:
                return Reason("Drag moves you one tile", "S1-DRAG-2")
            if not _open(battle, to) or _occupied(battle, to):
                return Reason(f"you cannot Drag into [{to.q}, {to.r}]: it is not free", "S1-DRAG-2")
        dest = _hex(fields.foe_to) or them.hex
        if dest != them.hex:
            if hex_distance(dest, them.hex) != 1:
                return Reason("Drag moves the opponent one tile", "S1-DRAG-2")
            if dest == to or not _open(battle, dest) or _occupied(battle, dest, besides=(actor,)):
                return Reason(f"the opponent cannot be dragged into [{dest.q}, {dest.r}]: it is not free",
                              "S1-DRAG-2")
        if hex_distance(dest, to) != 1:
            return Reason("after a Drag the opponent must end adjacent to you", "S1-DRAG-2")
    elif result == "pummel":
        if fields.weapon not in (None, "fist") and fields.weapon not in held_weapons(me):
            return Reason(f"you do not hold a usable {fields.weapon}", "S1-PUMMEL-1")
        if fields.weapon and not wields(me.hands, fields.weapon):
            return Reason(f"the {fields.weapon} needs both hands to attack", "S1-PUMMEL-1")
    elif result == "throw":
        if me.posture != "standing":
            return Reason("you must be standing to Throw", "S1-THROW-1")
        dest = _hex(fields.foe_to) or them.hex
        if hex_distance(dest, me.hex) != 1:
            return Reason("Throw places the opponent in a space adjacent to you", "S1-THROW-2")
        if dest != them.hex and (not _open(battle, dest) or _occupied(battle, dest)):
            return Reason(f"the opponent cannot be thrown into [{dest.q}, {dest.r}]: it is not free", "S1-THROW-2")
    elif result == "wrest":
        items = _reachable_items(battle, foe)
        if not items:
            return Reason(f"{them.label} holds nothing to Wrest", "S1-WREST-1")
        if fields.item is not None and fields.item not in items:
            where = "hands or on its body" if option(battle, "edge.wrest_from_body") else "hands"
            return Reason(f"{them.label} has no {fields.item} in {them.their} {where}", "S1-WREST-1")
        if fields.drop_to is not None:
            d = _hex(fields.drop_to)
            if d is None or hex_distance(d, me.hex) != 1:
                return Reason("a wrested item is dropped in a space adjacent to you", "S1-WREST-3")
    elif result == "pin":
        level = links.pin_level(g, foe)
        if fields.finish is not None and fields.finish not in FINISHES:
            return Reason(f"finish is knock_out or bind, not {fields.finish!r}", "S1-PIN-7", "bad_intent")
        if fields.finish is not None and level < links.PIN_MAX:
            return Reason(f"{them.label} is at -{level}: knocking out or binding needs the pin at -5", "S1-PIN-7")
        if level >= links.PIN_MAX:
            finish = fields.finish or _auto_finish(battle, actor, foe, fields.drop)
            if finish is None:
                return Reason(f"{them.label} is already unconscious and bound", "S1-PIN-7")
            if finish == "bind" and not any(is_restraint(h) for h in _hands_after(me.hands, fields.drop)):
                return Reason("binding needs a restraint (rope, manacles) in your hand", "S1-PIN-7")
    return None


def _hands_after(hands: dict[str, str | None], dropped: tuple[str, ...]) -> list[str]:
    return [h for h in hands.values() if h and h not in dropped]


def _auto_finish(battle: Battle, actor: str, foe: str, dropped: tuple[str, ...] = ()) -> str | None:
    them = battle.fighter(foe)
    if not them.has("bound") and any(is_restraint(h) for h in _hands_after(battle.fighter(actor).hands, dropped)):
        return "bind"
    if not them.has("unconscious"):
        return "knock_out"
    return None


def _best_weapon(battle: Battle, actor: str) -> str | None:
    me = battle.fighter(actor)
    best: tuple[int, int, str | None] = (int(item_info(None)["damage"]), 0, None)
    for w in held_weapons(me):
        if not wields(me.hands, w):
            continue
        score = (int(item_info(w)["damage"]) - reach(w), 1, w)
        if score[:2] > best[:2]:
            best = score
    return best[2]


def _auto_fields(battle: Battle, actor: str, g: Grapple, result: str, base: _Fields) -> _Fields:
    """Fill the parameters a result needs the way a sensible player would."""
    foe = links.other(g, actor)
    if result == "wrest" and base.item is None:
        items = _reachable_items(battle, foe)
        item = max(items, key=lambda i: (is_weapon(i), int(item_info(i)["damage"]) + reach(i)), default=None)
        return dataclasses.replace(base, option=result, item=item)
    if result == "pummel" and base.weapon is None:
        return dataclasses.replace(base, option=result, weapon=_best_weapon(battle, actor))
    if result == "pin" and base.finish is None and links.pin_level(g, foe) >= links.PIN_MAX:
        return dataclasses.replace(base, option=result, finish=_auto_finish(battle, actor, foe, base.drop))
    return dataclasses.replace(base, option=result)


def best_option(battle: Battle, actor: str, g: Grapple, edge: int, base: _Fields | None = None) -> _Fields:
    """The result a sensible player takes with this edge (used when no ``option`` is given).

    Pin when it pays (it also lifts a pin on oneself, S1-PIN-4); a fighter who
    did not begin the grapple or is pinned escapes; otherwise wrest a weapon,
    throw or take down a standing foe, pummel; with nothing better, Escape:
    the seed has the roller "select one" result its edge pays for (S1-GRAPPLE-5,
    ruling E-2), and at 0 edge Escape is the one there is. Only called with
    edge 0 or more.
    """
    base = base or _Fields()
    foe = links.other(g, actor)
    them = battle.fighter(foe)

    def ok(result: str) -> _Fields | None:
        if requirement(battle, result, foe) > edge:
            return None
        f = _auto_fields(battle, actor, g, result, base)
        return None if result_reason(battle, actor, g, f) else f

    wants_out = links.initiator(g) != actor or links.pin_level(g, actor) > 0
    order: list[str] = ["pin"]
    if wants_out:
        order.append("escape")
    if any(is_weapon(h) for h in them.hands.values() if h):
        order.append("wrest")
    if them.posture == "standing":
        order += ["throw", "takedown"]
    order.append("pummel")
    if option(battle, "edge.regrip"):
        order.append("regrip")
    for result in order:
        if result == "pin" and links.pin_level(g, foe) >= links.PIN_MAX and not _auto_finish(battle, actor, foe):
            continue
        chosen = ok(result)
        if chosen is not None:
            return chosen
    return _auto_fields(battle, actor, g, "escape", base)  # S1-ESCAPE-1: always paid at edge 0 or more


def result_menu(battle: Battle, actor: str, target: str, edge: int | None = None,
                drop: tuple[str, ...] = (), g: Grapple | None = None) -> list[Option]:
    """Every result for ``actor``'s roll against ``target``, each a ``grapple_roll`` intent with a reason if
    it cannot be chosen (posture, hexes, items; and, when ``edge`` is given, what the edge does not pay for).

    The UI shows this as the result menu after the roll (``ResultNeeded.menu``). ``g``: the grapple
    being rolled in when it is not in the battle yet (``enter_grapple``'s immediate roll).
    """
    g = g or links.link(battle, actor, target)
    if g is None:
        return []
    out = []
    names = [r for r in RESULTS if r != "none" and (r != "regrip" or option(battle, "edge.regrip"))]
    for result in names:  # "none" is what a negative edge buys, never a choice (S1-GRAPPLE-5, ruling E-2)
        act = GrappleRoll(actor=actor, target=target, option=result, drop=drop)
        reason = result_reason(battle, actor, g, _fields(act))
        need = requirement(battle, result, target)
        if reason is None and edge is not None and need > edge:
            reason = Reason(f"edge {edge} does not pay for {result} (needs {need})", "S1-MENU-1")
        out.append(Option(act, reason))
    return out


class ResultNeeded(ChoiceNeeded):
    """Raised by a roll with ``ask=True`` once the edge is known, before anything is applied.

    A :class:`~game.rules.base.ChoiceNeeded` (the controller pauses on it and
    plays the picked option with the same dice faces). ``menu`` holds whole
    intents: the asking ``grapple_roll`` or ``enter_grapple`` with ``option``
    set and ``ask`` off, a reason on each result the edge does not pay for
    (or that the position forbids). ``actor``, ``target``, ``edge`` and
    ``contest`` (the roll's event) are also in ``data``, with ``costs`` (result -> the edge it needs) and
    ``rules`` (result -> the rule that defines it).
    """

    def __init__(self, actor: str, target: str, edge: int, contest: Event, menu: list[Option], *,
                 prompt: str | None = None) -> None:
        super().__init__(prompt or f"{actor} rolled edge {edge} against {target}: choose a result", menu,
                         {"actor": actor, "target": target, "edge": edge, "contest": contest})
        self.actor = actor
        self.target = target
        self.edge = edge
        self.contest = contest


def _prompt(battle: Battle, actor: str, foe: str, contest: Event) -> str:
    a, b = battle.fighter(actor), battle.fighter(foe)
    pa, pb = (r.get("points", 0) for r in contest["rolls"][:2])
    edge = contest["edge"]
    head = f"{a.label} scored {pa} point{'s' if pa != 1 else ''} to {b.label}'s {pb}: edge {edge}"
    if edge < 0:
        return f"{head}. A negative edge buys no result (S1-GRAPPLE-5)."
    return f"{head}. Choose a result it pays for (S1-MENU-1)."


def _ask_with(intent: Action, need: ResultNeeded) -> ResultNeeded:
    """The menu as whole intents: ``intent`` itself with each result as its ``option`` and ``ask`` off."""
    need.menu = [Option(dataclasses.replace(intent, ask=False, option=o.action.option), o.reason)  # type: ignore[call-arg]
                 for o in need.menu]
    return need


# -- applying a result -----------------------------------------------------------------

def _drops(res: Resolution, actor: str, fields: _Fields) -> None:
    """S1-HAND-3: drop items before the roll, for free; or loosen a two-handed weapon (option)."""
    me = res.battle.fighter(actor)
    for item in fields.drop:
        res.emit(ev.item(actor, item, action="dropped", to=me.hex, rule="S1-HAND-3"))
        if item in me.hands.values():  # the other hand of a two-handed weapon
            res.emit(ev.stat(actor, "hands", {h: (None if v == item else v) for h, v in me.hands.items()},
                             rule="S1-HAND-3"))
    if fields.free_hand and not free_hands(me):
        two = next((h for h in me.hands.values() if h and item_info(h)["hands"] == 2), None)
        if two:
            hands = dict(me.hands)
            last = [h for h, v in hands.items() if v == two][-1]
            hands[last] = None
            res.emit(ev.stat(actor, "hands", hands, rule="edge.two_handed_free_hand"))
            res.emit(ev.stat(actor, "counters.edge.loose", two, rule="edge.two_handed_free_hand"))


def apply_result(res: Resolution, actor: str, g: Grapple, edge: int, fields: _Fields) -> None:
    """Apply the chosen result (already paid for and checked)."""
    battle = res.battle
    foe = links.other(g, actor)
    result = fields.option or "none"
    if result == "none":
        res.note(ev.message(f"{links.name(battle, actor)} takes no result", actor=actor, rule="S1-GRAPPLE-5"))
    elif result == "escape":
        links.end_link(res, g, actor=actor, why="escape", rule="S1-ESCAPE-1")
    elif result == "regrip":
        regrip = dict(g.extra.get("regrip", {}))
        regrip[actor] = battle.round + 1
        res.emit(ev.grapple_change(g.holder, g.target, extra={**g.extra, "regrip": regrip}, rule="edge.regrip"))
    elif result == "takedown":
        for who in (actor, foe):
            if battle.fighter(who).posture != "prone":
                res.emit(ev.posture(who, "prone", actor=actor, rule="S1-TAKEDOWN-1"))
        links.mark_knocked_prone(res, foe, actor, "S1-TAKEDOWN-1")
    elif result == "drag":
        to = _hex(fields.to)
        if to is not None and to != battle.fighter(actor).hex:
            res.emit(ev.move(actor, to, rule="S1-DRAG-2"))
        dest = _hex(fields.foe_to)
        if dest is not None and dest != battle.fighter(foe).hex:
            res.emit(ev.move(actor, dest, who=foe, rule="S1-DRAG-2"))
        links.end_broken_links(res, actor)
    elif result == "pummel":
        _pummel(res, actor, foe, fields.weapon)
    elif result == "throw":
        dest = _hex(fields.foe_to) or battle.fighter(foe).hex
        if dest != battle.fighter(foe).hex:
            res.emit(ev.move(actor, dest, who=foe, rule="S1-THROW-2"))
        if battle.fighter(foe).posture != "prone":
            res.emit(ev.posture(foe, "prone", actor=actor, rule="S1-THROW-2"))
        links.mark_knocked_prone(res, foe, actor, "S1-THROW-2")
        if fields.end:
            links.end_link(res, g, actor=actor, why="thrown away", rule="S1-THROW-3")
        links.end_broken_links(res, actor)
    elif result == "wrest":
        _wrest(res, actor, foe, fields)
    elif result == "pin":
        _pin(res, actor, g, edge, fields)


def _pummel(res: Resolution, actor: str, foe: str, weapon: str | None) -> None:
    weapon = None if weapon == "fist" else weapon
    contest = res.note(combat.attack_contest(res, actor, foe, weapon, pummel=True, purpose="Pummel",
                                             rule="S1-PUMMEL-1"))
    if contest["edge"] >= combat.HIT_EDGE:
        combat.deal_damage(res, actor, foe, weapon, contest["edge"], rule="S1-PUMMEL-1")
    elif contest["edge"] == 0:
        res.note(ev.message(f"{links.name(res.battle, actor)}'s Pummel misses; {links.their(res.battle, actor)} edge 0 cannot be used to enter another grapple",
                            actor=actor, rule="S1-PUMMEL-3"))
    else:
        res.note(ev.message(f"{links.name(res.battle, actor)}'s Pummel misses", actor=actor, rule="S1-PUMMEL-1"))


def _wrest(res: Resolution, actor: str, foe: str, fields: _Fields) -> None:
    battle = res.battle
    me = battle.fighter(actor)
    them = battle.fighter(foe)
    item = fields.item or _auto_fields(battle, actor, links.link(battle, actor, foe), "wrest", fields).item
    assert item is not None
    in_hands = item in them.hands.values()
    if not in_hands:  # from the body (option edge.wrest_from_body)
        rest = list(them.items)
        rest.remove(item)
        res.emit(ev.stat(foe, "items", rest, actor=actor, rule="S1-WREST-1"))
    hands = free_hands(me)
    if hands:
        res.emit(ev.item(actor, item, action="taken", hand=hands[0], owner=foe if in_hands else None,
                         rule="S1-WREST-2"))
    else:
        to = _hex(fields.drop_to) or _drop_hex(battle, actor, foe)
        res.emit(ev.item(actor, item, action="dropped", owner=foe if in_hands else None, to=to, rule="S1-WREST-3"))
    if item in battle.fighter(foe).hands.values():  # the other hand of a two-handed weapon
        res.emit(ev.stat(foe, "hands", {h: (None if v == item else v) for h, v in them.hands.items()},
                         actor=actor, rule="S1-WREST-1"))


def _drop_hex(battle: Battle, actor: str, foe: str) -> Hex:
    me = battle.fighter(actor)
    them = battle.fighter(foe)
    spots = [h for h in hex_neighbors(me.hex) if h != them.hex and _open(battle, h)]
    spots.sort(key=lambda h: (-hex_distance(h, them.hex), h.q, h.r))
    return spots[0] if spots else me.hex


def _pin(res: Resolution, actor: str, g: Grapple, edge: int, fields: _Fields) -> None:
    battle = res.battle
    foe = links.other(g, actor)
    need = requirement(battle, "pin", foe)
    rule = "S1-PIN-1" if need == 2 else "S1-PIN-8"
    level = links.pin_level(g, foe)
    if level >= links.PIN_MAX:
        finish = fields.finish or _auto_finish(battle, actor, foe)
        if finish == "bind":
            me = battle.fighter(actor)
            restraint = next(h for h in me.hands.values() if is_restraint(h))
            res.emit(ev.item(actor, restraint, action="lost", rule="S1-PIN-7"))
            res.emit(ev.condition(foe, add="bound", actor=actor, rule="S1-PIN-7"))
        else:
            res.emit(ev.condition(foe, add="unconscious", actor=actor, rule="S1-PIN-7"))
        return
    extra = edge - need
    new = min(links.PIN_MAX, level + 1 + extra)
    links.set_pin(res, g, actor, new, rule)
    why = f"{links.name(res.battle, foe)} is pinned at -{new}: +1 for the pin (S1-PIN-2)"
    if extra:
        why += f", +{extra} for edge beyond {need} (S1-PIN-3)"
    if new - level < 1 + extra:
        why += " (the penalty stops at -5)"
    res.note(ev.message(why, actor=actor, rule="S1-PIN-3" if extra else "S1-PIN-2"))
    if new >= links.PIN_MAX:
        res.note(ev.message(f"{links.name(res.battle, foe)} can no longer resist: at -5 every die fails", actor=actor, rule="S1-PIN-6"))


# -- the two actions -----------------------------------------------------------------------

def _drop_reason(battle: Battle, actor: str, fields: _Fields) -> Reason | None:
    f = battle.fighter(actor)
    held = [h for h in f.hands.values() if h]
    for item in fields.drop:
        if item not in held:
            return Reason(f"{f.label} holds no {item} to drop", "S1-HAND-3")
        held.remove(item)
    if fields.free_hand and not option(battle, "edge.two_handed_free_hand"):
        return Reason("freeing one hand of a two-handed weapon is a later upstream rule: turn on the option "
                      "edge.two_handed_free_hand", "edge.two_handed_free_hand")
    return None


def _choose(res: Resolution, actor: str, g: Grapple, contest: Event, fields: _Fields, ask: bool,
            explain: list[Event]) -> _Fields | Event:
    """Pick the result for this edge: the given option (or an ``illegal`` event), ``ResultNeeded``, or the best."""
    battle = res.battle
    foe = links.other(g, actor)
    edge = contest["edge"]
    if fields.option is not None:
        need = requirement(battle, fields.option, foe)
        if need > edge:
            what = "no result (negative edge)" if edge < 0 else f"results up to {edge} edge"
            text = (f"edge {edge} does not pay for {fields.option} (needs {need}); it buys {what}; "
                    "the result is refused, not replaced")
            return ev.illegal(text, actor=actor, rule="S1-MENU-1" if edge >= 0 else "S1-GRAPPLE-5")
        return _auto_fields(battle, actor, g, fields.option, fields)
    if edge < 0:
        explain.append(ev.message(f"{battle.fighter(actor).label} has edge {edge}: no result is listed for it", actor=actor,
                                  rule="S1-GRAPPLE-5"))
        return dataclasses.replace(fields, option="none")
    if ask:
        need = ResultNeeded(actor, foe, edge, contest, result_menu(battle, actor, foe, edge, fields.drop, g),
                            prompt=_prompt(battle, actor, foe, contest))
        need.data["costs"] = {r: requirement(battle, r, foe) for r in RESULTS if r != "none"}  # for the menu
        need.data["rules"] = {r: ("S1-PIN-8" if r == "pin" and need.data["costs"]["pin"] == 3 else RESULT_RULES[r])
                              for r in RESULTS}
        raise need
    chosen = best_option(battle, actor, g, edge, fields)
    paid = [r for r in RESULTS if r != "none" and requirement(battle, r, foe) <= edge
            and (r != "regrip" or option(battle, "edge.regrip"))]
    name = battle.fighter(actor).label
    explain.append(ev.message(f"{name}'s edge {edge} pays for {', '.join(paid)}; {name} takes {chosen.option}, "
                              f"the best of them",
                              actor=actor, rule="S1-GRAPPLE-5"))
    return chosen


def _roll_and_apply(res: Resolution, actor: str, g: Grapple, fields: _Fields, ask: bool,
                    before: list[Event]) -> None:
    """Roll the grapple contest, choose, then record ``before`` + drops + roll + result (nothing before a raise)."""
    battle = res.battle
    contest = grapple_contest(battle, res.dice, actor, g, dropped=fields.drop, free_hand=fields.free_hand)
    explain: list[Event] = []
    chosen = _choose(res, actor, g, contest, fields, ask, explain)
    for e in before:
        res.emit(e) if e["type"] not in ("roll", "contest", "message") else res.note(e)
    if isinstance(chosen, dict):  # refused: show the roll and why; apply nothing of the result
        res.note(contest)
        res.note(chosen)
        return
    _drops(res, actor, fields)
    res.note(contest)
    links.mark_used(res, actor, "rolled")
    for e in explain:
        res.note(e)
    live = links.link(battle, actor, links.other(g, actor))
    assert live is not None
    regrip = live.extra.get("regrip", {})
    if actor in regrip and chosen.option != "regrip":  # a Regrip bonus is spent by the next roll
        rest = {k: v for k, v in regrip.items() if k != actor}
        res.emit(ev.grapple_change(live.holder, live.target, extra={**live.extra, "regrip": rest},
                                   rule="edge.regrip"))
    apply_result(res, actor, live, contest["edge"], chosen)


@dataclass(frozen=True, slots=True)
class GrappleRoll(EdgeAction):
    """``grapple_roll``: the opposed Strength roll of a grapple and the result its edge buys (S1)."""

    type: ClassVar[str] = "grapple_roll"
    title: ClassVar[str] = "Grapple roll"
    rule: ClassVar[str] = "S1-GRAPPLE-2"

    target: str | None = None
    option: str | None = None
    drop: tuple[str, ...] = ()
    free_hand: bool = False
    to: tuple[int, int] | None = None
    foe_to: tuple[int, int] | None = None
    drop_to: tuple[int, int] | None = None
    weapon: str | None = None
    item: str | None = None
    end: bool = False
    finish: str | None = None
    ask: bool = False

    def _check(self, battle: Battle, actor: Fighter) -> Reason | None:
        reason = actor_reason(battle, self.actor)
        if reason:
            return reason
        g, reason = find_link(battle, self.actor, self.target)
        if reason or g is None:
            return reason
        if links.used(battle, self.actor, "rolled"):
            return Reason(f"{actor.label} already made {actor.their} grapple roll this turn", "G1-2")
        if links.pin_level(g, self.actor) >= links.PIN_MAX:
            return Reason(f"{actor.label} is pinned at -5 and can no longer resist", "S1-PIN-6")
        fields = _fields(self)
        return _drop_reason(battle, self.actor, fields) or result_reason(battle, self.actor, g, fields)

    def _resolve(self, res: Resolution, actor: Fighter) -> None:
        battle = res.battle
        g, _ = find_link(battle, self.actor, self.target)
        assert g is not None
        try:
            _roll_and_apply(res, self.actor, g, _fields(self), self.ask, [])
        except ResultNeeded as need:
            raise _ask_with(self, need) from None


@dataclass(frozen=True, slots=True)
class EnterGrapple(EdgeAction):
    """``enter_grapple``: a melee attack whose result is entering a grapple (G1-3, S1-GRAPPLE-1).

    Melee Attack vs Reflex: edge 0 enters (no grapple roll this turn), edge
    >= 1 enters and makes the grapple roll at once, with the result fields of
    ``grapple_roll``. ``weapon`` is what the attack is made with (a hooked
    one spares the -2 for no free hand this turn, S1-HAND-2).
    """

    type: ClassVar[str] = "enter_grapple"
    title: ClassVar[str] = "Enter a grapple"
    rule: ClassVar[str] = "S1-GRAPPLE-1"

    target: str
    weapon: str | None = None
    defense: str | None = None
    option: str | None = None
    drop: tuple[str, ...] = ()
    free_hand: bool = False
    to: tuple[int, int] | None = None
    foe_to: tuple[int, int] | None = None
    drop_to: tuple[int, int] | None = None
    item: str | None = None
    end: bool = False
    finish: str | None = None
    ask: bool = False

    def _check(self, battle: Battle, actor: Fighter) -> Reason | None:
        reason = melee_reason(battle, self.actor, self.target, self.weapon, self.defense)
        if reason:
            return reason
        if links.link(battle, self.actor, self.target):
            return Reason(f"{actor.label} is already in a grapple with {links.name(battle, self.target)}", "S1-GRAPPLE-1")
        fields = _fields(self)
        reason = _drop_reason(battle, self.actor, fields)
        if reason or fields.option is None:
            return reason
        return result_reason(battle, self.actor, self._grapple(battle), fields)

    def _grapple(self, battle: Battle) -> Grapple:
        extra: dict[str, Any] = {"initiator": self.actor, "round": battle.round}
        if self.weapon and item_info(self.weapon).get("hooked"):
            extra["hooked"] = self.weapon
        return Grapple(holder=self.actor, target=self.target, location="torso", hands=0, kind="grapple",
                       since=battle.turn, extra=extra)

    def _resolve(self, res: Resolution, actor: Fighter) -> None:
        battle = res.battle
        weapon = None if self.weapon == "fist" else self.weapon
        contest = combat.attack_contest(res, self.actor, self.target, weapon, defense=self.defense,
                                        purpose="attack to enter a grapple", rule="G1-3")
        edge = contest["edge"]
        if edge < 0:
            res.note(contest)
            res.note(ev.message(f"{actor.label} fails to enter a grapple with {links.name(battle, self.target)} (edge {edge})",
                                actor=self.actor, rule="G1-3"))
            links.mark_used(res, self.actor, "acted")
            return
        g = self._grapple(battle)
        start = [contest, ev.grapple_start(g, rule="S1-GRAPPLE-1"),
                 ev.stat(self.actor, "counters.edge.acted", battle.round),
                 ev.stat(self.actor, "counters.edge.rolled", battle.round)]
        if edge < 1:
            start.insert(2, ev.message(f"edge 0: {actor.label} enters a grapple with {links.name(battle, self.target)}; no grapple "
                                       "roll this turn", actor=self.actor, rule="G1-3"))
            for e in start:
                res.emit(e) if e["type"] not in ("contest", "message") else res.note(e)
            return
        start.insert(2, ev.message(f"edge {edge}: {actor.label} enters a grapple with {links.name(battle, self.target)} and makes a "
                                   "grapple roll at once", actor=self.actor, rule="G1-3"))
        start.pop()  # the immediate roll marks itself
        try:
            _roll_and_apply(res, self.actor, g, _fields(self), self.ask, start)
        except ResultNeeded as need:
            raise _ask_with(self, need) from None


def generate_results(battle: Battle, actor: str, rules: Ruleset) -> list[Option]:
    """Every ``grapple_roll`` intent open to ``actor`` (one auto-result entry per link, then each result)."""
    out: list[Option] = []
    for g in links.links_of(battle, actor):
        foe = links.other(g, actor)
        auto = GrappleRoll(actor=actor, target=foe)
        out.append(Option(auto, auto.check(battle, rules)))
        for result in RESULTS:
            if result == "none" or (result == "regrip" and not option(battle, "edge.regrip")):
                continue  # "none" is what a negative edge buys, never a choice (S1-GRAPPLE-5)
            act = GrappleRoll(actor=actor, target=foe, option=result)
            out.append(Option(act, act.check(battle, rules)))
    return out


def roll_odds(battle: Battle, actor: str, g: Grapple, fields: _Fields) -> dict[str, float]:
    """Exact chance of each edge threshold for a grapple roll (and of paying for ``fields.option``)."""
    foe = links.other(g, actor)
    a = roller_spec(battle, actor, g, acting=True, dropped=fields.drop, free_hand=fields.free_hand)
    b = roller_spec(battle, foe, g, acting=False)
    odds = edge_odds(a.pool, a.modifier, b.pool, b.modifier)
    out = {f"edge>={k}": float(p) for k, p in odds.items()}
    if fields.option is not None:
        need = requirement(battle, fields.option, foe)
        out["option"] = float(edge_odds(a.pool, a.modifier, b.pool, b.modifier, ks=(need,))[need])
    if a.modifier <= MIN_MOD:
        out["automatic_failure"] = 1.0
    return out
