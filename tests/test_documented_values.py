"""Every value ``clinch actions RULESET`` documents for a field is a word ``clinch resolve`` knows.

A documented value may be refused by the rules (exit 3: not legal here), but
never as an unknown word (exit 2). The values come from the catalogue itself
(``game.commands.catalogue.actions_data``), so a description that names a value
(``kick`` for ``attack.item``, ``determined``/``strong`` for
``all_out_attack.option``) is held to it, and so is every default and every
item id of ``clinch items`` in an ``item`` field. (G0-4 and S0-OPT-1: a kick is
an attack; the rule IDs of each value are those its action cites.)
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import game.rules  # noqa: F401  (registers the real rulesets)
from game.ai.soak import soak_template
from game.commands.catalogue import actions_data, items_data
from game.files.situation import SituationError, build_situation, parse_situation, play
from game.rules.base import RULESETS, find_ruleset

#: each ruleset's two fighters: the actor at [0, 0] facing its foe at [1, 0]
STATS = {
    "3d6-lite": {"ST": 12, "DX": 12, "IQ": 10, "HT": 11},
    "3d6-full": {"ST": 12, "DX": 12, "IQ": 10, "HT": 11},
    "edge": {"STR": 4, "REF": 4, "PRE": 3, "WIL": 3},
    "d20": {"STR": 13, "DEX": 12, "CON": 12, "INT": 10, "WIS": 10, "CHA": 10, "level": 1, "class": 1},
    "nd6-tactical": {"ST": 12, "DX": 12, "IQ": 10},
}
#: the rulesets the game ships (a test double another module registers is left out)
SHIPPED = sorted(rid for rid, cls in RULESETS.items() if cls.__module__.startswith("game.rules."))


def _stats(ruleset: str) -> dict[str, Any]:
    """The walk's fighters' stats: chosen above for the first five, else the ruleset's own (its scenario's first
    fighter or its first stat block, as the soak takes them), so a new ruleset edits nothing here."""
    return STATS.get(ruleset) or dict(soak_template(ruleset).fighters[0].stats)


#: fields that name a fighter or a hex: filled in, not walked
PLACES = {"actor", "target", "targets", "to", "foe_to", "drop_to", "path", "hexes", "miss_hexes", "fighter"}


def _tokens(text: str) -> list[str]:
    return re.findall(r"``([^`]+)``", text)


def documented_values(action: dict[str, Any], items: list[str], ruleset_ids: set[str]) -> dict[str, list[Any]]:
    """What the catalogue says each field of ``action`` may hold.

    A field's default; every item id for a field named ``item``; a
    double-backquoted word in the description, for the field named just before
    it (``item`` null = a punch; ``kick`` kicks), else for the field whose
    default is one of those words (``determined`` or ``strong``: ``option``
    defaults to ``determined``); a plain list after a field's name
    (``location``: torso, arm, leg, head); ``name: value`` inside backquotes.
    """
    fields = {f["name"]: f for f in action["fields"]}
    out: dict[str, list[Any]] = {n: [] for n in fields if n not in PLACES}
    for n, f in fields.items():
        if n in out and f.get("default") not in (None, "", [], False):
            out[n].append(f["default"])
        if n == "item":
            out[n].extend(items)
    text = action["description"]
    toks = _tokens(text)
    loose: list[str] = []
    current: str | None = None
    for tok in toks:
        if ":" in tok:
            k, _, v = tok.partition(":")
            if k.strip() in out:
                v = v.strip()
                out[k.strip()].append(int(v) if v.isdigit() else v)
            continue
        if tok in fields:
            current = tok
            continue
        if tok in ruleset_ids or tok == action["type"]:
            continue
        if current in out:
            out[current].append(tok)
        else:
            loose.append(tok)
    for n in out:
        if fields[n].get("default") in loose:
            out[n].extend(loose)
    for m in re.finditer(r"``(\w+)``:\s*([\w-]+(?:,\s*[\w-]+)+)", text):
        if m[1] in out:
            out[m[1]].extend(w.strip() for w in m[2].split(","))
    return {n: list(dict.fromkeys(json.dumps(v) for v in vs)) for n, vs in out.items() if vs}


def _filled(action: dict[str, Any], items: list[str]) -> dict[str, Any]:
    """The action with its required fields given plausible values (the foe, a hex, an item)."""
    data: dict[str, Any] = {"actor": "ann", "type": action["type"]}
    for f in action["fields"]:
        n = f["name"]
        if n == "target" or n == "fighter":
            data[n] = "bob"
        elif n == "to" and "target" not in data:  # a drag, a takedown's fall: the hex next to both fighters
            data[n] = [0, 1]
        elif n == "to" and action["type"] == "charge":  # where the charge ends, next to its target
            data[n] = [0, 1]
        elif not f["required"] or n == "actor":
            continue
        elif n in ("foe_to", "drop_to"):
            data[n] = [0, 1]
        elif n == "targets":
            data[n] = ["bob"]
        elif n == "item":
            data[n] = items[0]
        elif n == "posture":
            data[n] = "standing"
        elif n == "facing":
            data[n] = 0
    return data


def _situation(ruleset: str, action: dict[str, Any], held: str | None) -> bytes:
    hands = {"right": held, "left": None}
    fighters = [{"id": "ann", "side": "red", "hex": [0, 0], "facing": 0, "stats": _stats(ruleset), "hands": hands},
                {"id": "bob", "side": "blue", "hex": [1, 0], "facing": 3, "stats": _stats(ruleset)}]
    return json.dumps({"ruleset": ruleset, "map": None, "fighters": fighters, "actions": [action]}).encode()


def _walk(ruleset_id: str) -> list[str]:
    ruleset = find_ruleset(ruleset_id)
    items = [i["id"] for i in items_data(ruleset)]
    holdable = [i["id"] for i in items_data(ruleset) if i.get("kind") not in ("armour", "worn")]
    refused = []
    for action in actions_data(ruleset):
        for field, values in documented_values(action, items, set(RULESETS)).items():
            for text in values:
                value = json.loads(text)
                data = _filled(action, items) | {field: value}
                held = value if field == "item" and value in holdable else None
                name = f"{ruleset_id} {action['type']}.{field}={text}"
                try:
                    sit = build_situation(parse_situation(_situation(ruleset_id, data, held), name=name), name=name)
                    play(sit, sit.make_dice())
                except SituationError as exc:
                    refused.append(str(exc))
    return refused


@pytest.mark.parametrize("ruleset_id", SHIPPED)
def test_every_documented_value_is_known_to_resolve(ruleset_id):
    """G0-4, S0-OPT-1 (3d6's kick), S4-BRAWL-1, S1-GRAPPLE-5, G3-4: no documented value is an unknown word."""
    refused = _walk(ruleset_id)
    assert not refused, "\n".join(refused)


def test_the_walk_finds_the_documented_words():
    """G0-4: the walk reads ``kick`` for 3d6's attack item and ``strong`` for All-Out Attack's option."""
    ruleset = find_ruleset("3d6-lite")
    by_type = {a["type"]: a for a in actions_data(ruleset)}
    assert '"kick"' in documented_values(by_type["attack"], [], set(RULESETS))["item"]
    assert '"strong"' in documented_values(by_type["all_out_attack"], [], set(RULESETS))["option"]
    assert '"head"' in documented_values(by_type["grapple"], [], set(RULESETS))["location"]


def test_every_shipped_ruleset_is_walked():
    """The walk covers every ruleset the game ships, test doubles aside, each with stats for its fighters."""
    assert set(STATS) <= set(SHIPPED) and len(SHIPPED) >= 5
    assert all(_stats(rid) for rid in SHIPPED)
