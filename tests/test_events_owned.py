"""A logged event never changes: applying it leaves nothing of it in the battle by reference (issue 13).

The bug behind issue 13 was one instance of a class: ``apply_event`` put a
list taken from a ``stat`` event (``battle.floor``) into the battle state,
so a later item drop appended to the logged event. These properties cover
every kind of event ``apply_event`` knows, with JSON values of any shape:
after applying a sequence of events, no list or dict reachable from the
battle is one reachable from an event, and each event's JSON is what it
was before (so nothing the battle does later can reach back into the log).
Events are built by hand here, as a damaged or tampered save could hold
them, not only as the rules emit them.
"""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from game.hexgrid import Hex
from game.model import Battle, Fighter, Side
from game.rules import events as E
from game.rules.events import apply_event, owned

IDS = ["ann", "bob"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8)
containers = st.lists(json_values, min_size=1, max_size=3) | st.dictionaries(st.text(max_size=3), json_values,
                                                                               min_size=1, max_size=3)
fighter_id = st.sampled_from(IDS)
hexes = st.tuples(st.integers(-3, 3), st.integers(-3, 3)).map(lambda qr: Hex(*qr))
items = st.sampled_from(["knife", "rope", "mace"])


@st.composite
def events(draw: Any) -> dict[str, Any]:
    kind = draw(st.sampled_from(["move", "face", "posture", "grapple_start", "grapple_change", "grapple_end",
                                 "damage", "condition", "item", "effect_start", "effect_end", "stat"]))
    a, b = draw(fighter_id), draw(fighter_id)
    if kind == "move":
        return E.move(a, draw(hexes), path=[draw(hexes)], who=b, carried=draw(st.lists(fighter_id, max_size=2)))
    if kind == "face":
        return E.face(a, draw(st.integers(0, 5)))
    if kind == "posture":
        return E.posture(a, draw(st.sampled_from(["standing", "prone", "kneeling"])))
    if kind == "grapple_start":
        return {"type": "grapple_start", "actor": a,
                "grapple": {"holder": a, "target": b, "location": "torso", "hands": 1, "kind": "grapple",
                            "hand_names": draw(st.lists(st.sampled_from(["left", "right"]), max_size=2)),
                            "since": 0, "extra": draw(st.dictionaries(st.text(max_size=3), json_values,
                                                                      max_size=3))}}
    if kind == "grapple_change":
        key = draw(st.sampled_from(["extra", "hand_names", "location", "hands"]))
        return E.grapple_change(a, b, **{key: draw(containers if key in ("extra", "hand_names") else json_values)})
    if kind == "grapple_end":
        return E.grapple_end(a, b)
    if kind == "damage":
        return E.damage(a, b, 3, injury=draw(st.integers(0, 5)), extra=draw(json_values))
    if kind == "condition":
        return E.condition(b, add=draw(st.sampled_from(["stunned", "prone", "pinned"])))
    if kind == "item":
        action = draw(st.sampled_from(["dropped", "thrown", "taken", "readied", "stowed"]))
        return E.item(a, draw(items), action=action, to=draw(st.none() | hexes))
    if kind == "effect_start":
        return E.effect_start(a, draw(st.sampled_from(["aoa", "defend"])), data=draw(st.dictionaries(
            st.text(max_size=3), json_values, min_size=1, max_size=3)))
    if kind == "effect_end":
        return E.effect_end(a, draw(st.sampled_from(["aoa", "defend"])))
    field = draw(st.sampled_from(["battle.floor", "battle.pending", "counters.moved", "counters.last", "traits",
                                  "items", "conditions", "hp"]))
    # a field the model types gets a value of its type (conditions a list of names, traits a dict); what
    # matters here is that the value is a fresh container the battle must not share with the event
    typed = {"traits": st.dictionaries(st.text(max_size=3), json_values, max_size=3),
             "items": st.lists(json_values, max_size=3),
             "conditions": st.lists(st.sampled_from(["stunned", "prone", "pinned"]), max_size=3),
             "hp": st.none() | st.integers(-5, 20),
             # the floor is a list of {item, hex} wherever a rule sets it (G0-4)
             "battle.floor": st.lists(st.fixed_dictionaries({"item": st.sampled_from(["rope", "knife"]),
                                                             "hex": st.lists(st.integers(-3, 3), min_size=2,
                                                                             max_size=2)}), max_size=3)}
    return E.stat(a, field, draw(typed.get(field, json_values)))


def _battle() -> Battle:
    return Battle(sides=[Side(id="red"), Side(id="blue")],
                  fighters=[Fighter(id="ann", side="red", hex=Hex(0, 0), hands={"right": "knife", "left": None},
                                    items=["rope"]),
                            Fighter(id="bob", side="blue", hex=Hex(1, 0), hands={"right": "mace", "left": None})],
                  state={"floor": [{"item": "rope", "hex": [0, 0]}]})


def _containers(value: Any, found: dict[int, Any]) -> None:
    """Every list and dict reachable from ``value`` (structs walked field by field), by id."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            found[id(v)] = v
            stack.extend(v.values())
        elif isinstance(v, list):
            found[id(v)] = v
            stack.extend(v)
        elif isinstance(v, msgspec.Struct):
            stack.extend(getattr(v, f) for f in v.__struct_fields__ if f not in ("board", "log"))


@settings(max_examples=150, deadline=None)
@given(st.lists(events(), min_size=1, max_size=8))
def test_applying_events_leaves_no_list_or_dict_of_an_event_in_the_battle(evs):
    """Issue 13 (the class of the battle.floor bug, G0-4): whatever apply_event stores is the battle's own."""
    b = _battle()
    before = [msgspec.json.encode(ev) for ev in evs]
    for ev in evs:
        apply_event(b, ev)
    in_battle: dict[int, Any] = {}
    _containers(b, in_battle)
    in_events: dict[int, Any] = {}
    _containers(evs, in_events)
    del in_events[id(evs)]
    shared = set(in_battle) & set(in_events)
    assert not shared, [in_events[i] for i in shared]
    assert [msgspec.json.encode(ev) for ev in evs] == before


@settings(max_examples=60, deadline=None)
@given(st.lists(events(), min_size=1, max_size=8), st.data())
def test_changing_the_battle_afterwards_never_reaches_a_logged_event(evs, data):
    """Issue 13: every list and dict in the battle is grown and changed after the events were applied (as later
    events and rules code would), and the events' JSON stays byte for byte what was logged."""
    b = _battle()
    for ev in evs:
        apply_event(b, ev)
    logged = [msgspec.json.encode(ev) for ev in evs]
    found: dict[int, Any] = {}
    _containers(b, found)
    for c in found.values():
        if isinstance(c, list):
            c.append(data.draw(json_values))
            if len(c) > 1:
                c[0] = "changed"
        else:
            c["changed"] = data.draw(json_values)
    assert [msgspec.json.encode(ev) for ev in evs] == logged


@settings(max_examples=60, deadline=None)
@given(json_values)
def test_owned_is_an_equal_copy_sharing_no_container(value):
    """owned(): equal to what it copies, and none of its lists or dicts is one of the original's."""
    copy = owned(value)
    assert copy == value
    a: dict[int, Any] = {}
    c: dict[int, Any] = {}
    _containers(value, a)
    _containers(copy, c)
    assert not set(a) & set(c)
