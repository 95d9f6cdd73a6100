"""edge rulings held to the seed's plain sentences, on scripted d10s.

S1-GRAPPLE-5 / S1-MENU-1: "Based on the result of the roll, select one of the following results that you match
or exceed the associated edge requirement of". A roll with 0 edge or more always selects a result (Escape needs
0); only a negative edge buys nothing. Ruling E-2 used to let a roller take no result at all (``option: "none"``,
and the engine's choice when nothing better was paid for), against that sentence.
"""

from __future__ import annotations

import json

import pytest
from edge_helpers import HIT as H
from edge_helpers import MISS as M
from edge_helpers import RS, act, battle, contest, fighter, grip, of, refused

from game.cli import main
from game.dice import ScriptedDice
from game.rules.edge import grapple as eg


def in_grapple():
    """ann began a grapple with bob (she is its initiator); both standing, bare-handed."""
    return battle(fighter("ann", "red", (0, 0)), fighter("bob", "blue", (1, 0)), grapples=(grip(),))


def test_S1_GRAPPLE_5_zero_edge_selects_escape_even_for_the_initiator():
    """S1-GRAPPLE-5, S1-ESCAPE-1: ann, who began the grapple, ties her roll (0 edge) and names no result: Escape
    is the one result 0 edge pays for, so she selects it and the grapple ends; the message says so."""
    b = in_grapple()
    events = act(b, "grapple_roll", [H, M, M, H, M, M], actor="ann")
    assert contest(events)["edge"] == 0
    assert not b.grapples and of(events, "grapple_end")
    assert any("takes escape" in e.get("text", "") for e in of(events, "message"))


def test_S1_GRAPPLE_5_no_result_is_no_choice():
    """S1-GRAPPLE-5: ``option: "none"`` is refused before the roll (a roll selects a result); the menus offer no
    "none" (before the roll, and after it at any edge)."""
    b = in_grapple()
    assert refused(b, "grapple_roll", actor="ann", option="none").rule == "S1-GRAPPLE-5"
    assert "none" not in {o.action.option for o in RS.legal_actions(b, "ann") if o.action.type == "grapple_roll"}
    assert "none" not in {o.action.option for o in RS.result_menu(b, "ann", "bob", 0)}


def test_S1_GRAPPLE_5_negative_edge_buys_nothing_and_asks_nothing():
    """S1-GRAPPLE-5 (G1-2): with negative edge no result is listed: nothing happens, and the UI's ``ask`` gets no
    result menu to choose from (it had one with only "none" in it)."""
    b = in_grapple()
    action = RS.action_from_dict({"type": "grapple_roll", "actor": "ann", "ask": True})
    events = action.resolve(b, ScriptedDice([M, M, M, H, M, M]))
    assert contest(events)["edge"] == -1 and b.grapples
    assert any("no result is listed" in e.get("text", "") for e in of(events, "message"))


def test_S1_GRAPPLE_5_ask_at_zero_edge_offers_escape():
    """S1-GRAPPLE-5: at 0 edge the result menu after the roll holds Escape and nothing else one may take."""
    b = in_grapple()
    action = RS.action_from_dict({"type": "grapple_roll", "actor": "ann", "ask": True})
    with pytest.raises(eg.ResultNeeded) as info:
        action.resolve(b, ScriptedDice([H, M, M, H, M, M]))
    assert [o.action.option for o in info.value.menu if o.legal] == ["escape"]


def test_S1_GRAPPLE_5_option_none_is_refused_by_clinch_resolve(tmp_path, capsys):
    """S1-GRAPPLE-5: ``clinch resolve`` refuses ``option: "none"`` with exit 3 and the rule's reason."""
    data = {"ruleset": "edge", "map": None,
            "fighters": [{"id": "ann", "side": "red", "hex": [0, 0]}, {"id": "bob", "side": "blue", "hex": [1, 0]}],
            "grapples": [{"holder": "ann", "target": "bob", "kind": "grapple"}],
            "actions": [{"actor": "ann", "type": "grapple_roll", "option": "none"}], "dice": [9, 1, 1, 9, 1, 1]}
    path = tmp_path / "sit.json"
    path.write_text(json.dumps(data))
    code = main(["resolve", str(path)])
    out, err = capsys.readouterr()
    assert code == 3, err
    bad = [e for e in json.loads(out)["events"] if e["type"] == "illegal"]
    assert bad and bad[0]["rule"] == "S1-GRAPPLE-5"
