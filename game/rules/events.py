"""Events: plain JSON-ready dicts, and the one function that applies them to a battle.

Shapes follow ../shared/docs/SITUATION-FORMAT.md. Resolution mutates a
battle only through :func:`apply_event` (via :class:`Resolution.emit`), so
replaying the same events on the same state always gives the same battle.
Roll and contest events change nothing; they are the explanation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.hexgrid import Hex
from game.model import Grapple

if TYPE_CHECKING:
    from game.dice import Dice
    from game.model import Battle
    from game.rules.base import Ruleset

Event = dict[str, Any]

__all__ = [
    "Event", "Resolution", "apply_event", "move", "face", "posture", "grapple_start", "grapple_change",
    "grapple_end", "damage", "condition", "item", "message", "illegal", "stat", "effect_start", "effect_end",
    "has_effect", "owned",
]


def _with_rule(ev: Event, rule: str | None) -> Event:
    if rule:
        ev["rule"] = rule
    return ev


def move(actor: str, to: Hex, *, path: list[Hex] | None = None, rule: str | None = None,
         who: str | None = None, carried: list[str] | None = None) -> Event:
    """``who`` moves (default ``actor``); ``actor`` is the one who caused it (drag, takedown).

    ``carried``: fighters that move with it in the same step (a dragged victim, a holder
    dragged along), so a grip is never seen split across two hexes between events.
    """
    ev: Event = {"type": "move", "actor": actor, "target": who or actor, "to": [to.q, to.r]}
    if path:
        ev["path"] = [[h.q, h.r] for h in path]
    if carried:
        ev["carried"] = list(carried)
    return _with_rule(ev, rule)


def face(actor: str, facing: int, *, rule: str | None = None) -> Event:
    return _with_rule({"type": "face", "actor": actor, "facing": facing % 6}, rule)


def posture(target: str, new: str, *, actor: str | None = None, rule: str | None = None) -> Event:
    return _with_rule({"type": "posture", "actor": actor or target, "target": target, "posture": new}, rule)


def grapple_start(g: Grapple, *, rule: str | None = None) -> Event:
    return _with_rule({"type": "grapple_start", "actor": g.holder, "grapple": _grip(g)}, rule)


def grapple_change(holder: str, target: str, *, rule: str | None = None, **changes: Any) -> Event:
    """Change fields of the grip ``holder`` -> ``target`` (kind, hands, location, extra...)."""
    return _with_rule({"type": "grapple_change", "actor": holder, "holder": holder, "target": target,
                       "changes": changes}, rule)


def grapple_end(holder: str, target: str, *, why: str = "", rule: str | None = None) -> Event:
    ev: Event = {"type": "grapple_end", "actor": holder, "holder": holder, "target": target}
    if why:
        ev["why"] = why
    return _with_rule(ev, rule)


def damage(actor: str, target: str, amount: int, *, dtype: str = "crushing", location: str = "torso",
           dr: int = 0, injury: int, rule: str | None = None, **extra: Any) -> Event:
    # SITUATION-FORMAT names the damage kind "type", which is also the event's
    # own key; the event type wins and the kind travels as "damage_type".
    ev: Event = {"type": "damage", "actor": actor, "target": target, "amount": amount, "damage_type": dtype,
                 "location": location, "dr": dr, "injury": injury}
    ev.update(extra)
    return _with_rule(ev, rule)


def condition(target: str, *, add: str | None = None, remove: str | None = None, actor: str | None = None,
              rule: str | None = None) -> Event:
    ev: Event = {"type": "condition", "actor": actor or target, "target": target}
    if add:
        ev["add"] = add
    if remove:
        ev["remove"] = remove
    return _with_rule(ev, rule)


def item(actor: str, what: str, *, action: str, hand: str | None = None, owner: str | None = None,
         to: Hex | None = None, rule: str | None = None) -> Event:
    """``action``: ``dropped`` (from ``owner``'s ``hand``), ``taken`` (by actor into ``hand``), ``readied``,
    ``thrown``. ``owner`` defaults to the actor."""
    ev: Event = {"type": "item", "actor": actor, "item": what, "action": action}
    if hand:
        ev["hand"] = hand
    if owner and owner != actor:
        ev["owner"] = owner
    if to is not None:
        ev["to"] = [to.q, to.r]
    return _with_rule(ev, rule)


def stat(target: str, field: str, value: Any, *, actor: str | None = None, rule: str | None = None) -> Event:
    """Set a fighter field (``hp``, ``fp``, ``facing``...) or a counter (``counters.NAME``)."""
    return _with_rule({"type": "stat", "actor": actor or target, "target": target, "field": field,
                       "value": value}, rule)


def effect_start(fighter: str, kind: str, *, until: str = "next_turn", turns: int | None = None,
                 data: dict[str, Any] | None = None, actor: str | None = None, rule: str | None = None) -> Event:
    """A turn-scoped effect on ``fighter`` (e.g. All-Out Attack: no defence until its next turn).

    ``until``: ``next_turn`` (ends at the start of that fighter's next turn),
    ``end_of_turn`` (at the end of its current/next turn), or ``turns`` (ends
    once the battle's turn counter has advanced by ``turns``). The turn
    controller expires effects; rules only read ``battle.effects``.
    """
    eff: dict[str, Any] = {"fighter": fighter, "kind": kind, "until": until}
    if turns is not None:
        eff["turns"] = turns
    if data:
        eff["data"] = data
    return _with_rule({"type": "effect_start", "actor": actor or fighter, "effect": eff}, rule)


def effect_end(fighter: str, kind: str, *, rule: str | None = None) -> Event:
    return _with_rule({"type": "effect_end", "actor": fighter, "fighter": fighter, "kind": kind}, rule)


def message(text: str, *, actor: str | None = None, rule: str | None = None) -> Event:
    ev: Event = {"type": "message", "text": text}
    if actor:
        ev["actor"] = actor
    return _with_rule(ev, rule)


def illegal(reason: str, *, actor: str | None = None, rule: str | None = None) -> Event:
    ev: Event = {"type": "illegal", "reason": reason}
    if actor:
        ev["actor"] = actor
    return _with_rule(ev, rule)


def has_effect(battle: Battle, fighter: str, kind: str) -> dict[str, Any] | None:
    for eff in battle.effects:
        if eff["fighter"] == fighter and eff["kind"] == kind:
            return eff
    return None


def _grip(g: Grapple) -> dict[str, Any]:
    return {"holder": g.holder, "target": g.target, "location": g.location, "hands": g.hands, "kind": g.kind,
            "hand_names": list(g.hand_names), "since": g.since, "extra": dict(g.extra)}


def owned(value: Any) -> Any:
    """A deep copy of a JSON-shaped value (dicts, lists, tuples as lists); scalars come back as they are.

    Whatever :func:`apply_event` puts into the battle is a copy of what the
    event holds, never the event's own list or dict: the event is logged, and
    a later change to the battle (an item dropped onto ``battle.floor``, a
    grip's ``extra`` updated in place) must not rewrite a logged event, or
    the replay of a save no longer matches its log (issue 13: arena saves
    after 200 moves refused as corrupt). Cheaper than ``copy.deepcopy`` on
    the small values events carry.
    """
    if isinstance(value, dict):
        return {k: owned(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [owned(v) for v in value]
    return value


def apply_event(battle: Battle, ev: Event) -> None:
    """Apply one event to the battle. Explanatory events (roll, contest, message) change nothing.

    Nothing of ``ev`` is kept by reference: every list or dict taken from it
    is copied (:func:`owned`), so the event stays as it was logged.
    """
    kind = ev["type"]
    if kind == "move":
        to = Hex(*ev["to"])
        battle.fighter(ev.get("target", ev["actor"])).hex = to
        for other in ev.get("carried", ()):
            battle.fighter(other).hex = to
    elif kind == "face":
        battle.fighter(ev["actor"]).facing = owned(ev["facing"])
    elif kind == "posture":
        battle.fighter(ev["target"]).posture = owned(ev["posture"])
    elif kind == "grapple_start":
        battle.grapples.append(Grapple(**owned(ev["grapple"])))
    elif kind == "grapple_change":
        for g in battle.grapples:
            if g.holder == ev["holder"] and g.target == ev["target"]:
                for key, value in ev["changes"].items():
                    setattr(g, key, owned(value))
                break
    elif kind == "grapple_end":
        battle.grapples = [g for g in battle.grapples
                           if not (g.holder == ev["holder"] and g.target == ev["target"])]
    elif kind == "damage":
        f = battle.fighter(ev["target"])
        if ev.get("injury"):
            hp = f.hp if f.hp is not None else int(f.stats.get("HP", f.stats.get("ST", 10)))
            f.hp = hp - int(ev["injury"])
    elif kind == "condition":
        f = battle.fighter(ev["target"])
        if ev.get("add") and ev["add"] not in f.conditions:
            f.conditions.append(owned(ev["add"]))
        if ev.get("remove") and ev["remove"] in f.conditions:
            f.conditions.remove(ev["remove"])
    elif kind == "item":
        _apply_item(battle, ev)
    elif kind == "effect_start":
        eff = owned(ev["effect"])
        eff["start"] = battle.turn
        battle.effects.append(eff)
    elif kind == "effect_end":
        for i, eff in enumerate(battle.effects):
            if eff["fighter"] == ev["fighter"] and eff["kind"] == ev["kind"]:
                del battle.effects[i]
                break
    elif kind == "stat":
        f = battle.fighter(ev["target"])
        field = ev["field"]
        value = owned(ev["value"])
        if field.startswith("counters."):
            name = field.split(".", 1)[1]
            if value is None:
                f.counters.pop(name, None)
            else:
                f.counters[name] = value
        elif field.startswith("battle."):
            name = field.split(".", 1)[1]
            battle.state[name] = value  # issue 13: a copy, or the next drop on battle.floor rewrote this event
        else:
            setattr(f, field, value)


def _apply_item(battle: Battle, ev: Event) -> None:
    action = ev["action"]
    actor = battle.fighter(ev["actor"])
    owner = battle.fighter(ev.get("owner", ev["actor"]))
    what = ev["item"]
    hand = ev.get("hand")
    if action in ("dropped", "thrown", "lost"):
        for h, held in owner.hands.items():
            if held == what and (hand is None or h == hand):
                owner.hands[h] = None
                break
        if action != "lost":
            # G0-4: what falls lies on the floor; the hex is copied out of the event (issue 13)
            battle.state.setdefault("floor", []).append(
                {"item": owned(what), "hex": owned(ev.get("to", [owner.hex.q, owner.hex.r]))})
    elif action == "taken":
        if ev.get("owner"):
            for h, held in owner.hands.items():
                if held == what:
                    owner.hands[h] = None
                    break
        if hand is None:
            hand = next((h for h, held in actor.hands.items() if held is None), None)
        if hand is not None:
            actor.hands[hand] = owned(what)
    elif action == "readied":
        if hand is None:
            hand = next((h for h, held in actor.hands.items() if held is None), None)
        if hand is not None:
            actor.hands[hand] = owned(what)
            if what in actor.items:
                actor.items.remove(what)
    elif action == "stowed":
        for h, held in actor.hands.items():
            if held == what:
                actor.hands[h] = None
                actor.items.append(owned(what))
                break


class Resolution:
    """What an action's ``resolve`` works with: the battle, the dice, the ruleset and the events so far.

    ``emit`` applies an event and records it, so code reads naturally in the
    order things happen and the battle is always the result of the events.
    ``rules`` is the ruleset the battle plays, handed in by whoever made the
    resolution (``Action.resolve``, a ruleset's own hooks pass ``self``), so
    rules code reads ``r.rules`` rather than finding it again by id; ``None``
    only where nothing asks (the flow's effect expiry).
    """

    __slots__ = ("battle", "dice", "events", "rules")

    def __init__(self, battle: Battle, dice: Dice, rules: Ruleset | None = None) -> None:
        self.battle = battle
        self.dice = dice
        self.rules = rules
        self.events: list[Event] = []

    def emit(self, ev: Event) -> Event:
        apply_event(self.battle, ev)
        self.events.append(ev)
        return ev

    def note(self, ev: Event) -> Event:
        """Record an explanatory event (roll, contest, message) that changes nothing."""
        self.events.append(ev)
        return ev
