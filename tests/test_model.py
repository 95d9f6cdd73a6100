"""The battle model is plain data: JSON round-trips exactly and validation names the field."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.hexgrid import Hex
from game.model import Battle, Board, Fighter, Grapple, RngState, Side, battle_from_json, battle_to_json

ids = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=6)
fighters = st.builds(
    Fighter,
    id=ids,
    side=st.sampled_from(["red", "blue"]),
    hex=st.builds(Hex, st.integers(-5, 5), st.integers(-5, 5)),
    facing=st.integers(0, 5),
    posture=st.sampled_from(["standing", "kneeling", "prone"]),
    stats=st.dictionaries(st.sampled_from(["ST", "DX", "IQ", "HT"]), st.integers(3, 18)),
    hp=st.none() | st.integers(-20, 20),
    conditions=st.lists(st.sampled_from(["stunned", "pinned", "helpless"]), unique=True),
)


def make_battle() -> Battle:
    return Battle(
        ruleset="3d6-full",
        board=Board.open_field(4, 3),
        sides=[Side(id="red", colour="#c0392b"), Side(id="blue", colour="#2e86c1", control="ai")],
        fighters=[
            Fighter(id="ann", side="red", hex=Hex(1, 1), stats={"ST": 12, "DX": 11}, hands={"right": "knife", "left": None}),
            Fighter(id="bob", side="blue", hex=Hex(1, 1), facing=3, posture="prone"),
        ],
        grapples=[Grapple(holder="ann", target="bob", location="neck", hands=2, hand_names=["right", "left"])],
        rng=RngState(seed=42, counter=7),
        effects=[{"fighter": "ann", "kind": "all_out_attack", "until": "next_turn", "start": 3}],
    )


def test_battle_json_round_trip():
    b = make_battle()
    data = battle_to_json(b)
    again = battle_from_json(data)
    assert again == b
    assert battle_to_json(again) == data
    assert b'"hex":[1,1]' in data  # hexes are [q, r] on disk, as SITUATION-FORMAT.md writes them


@given(st.lists(fighters, max_size=6))
def test_any_fighters_round_trip(fs):
    b = Battle(fighters=fs)
    assert battle_from_json(battle_to_json(b)) == b


def test_several_fighters_may_share_a_hex():
    b = make_battle()
    assert [f.id for f in b.fighters_at(Hex(1, 1))] == ["ann", "bob"]
    assert b.grips_on("bob")[0].holder == "ann"
    assert b.grips_by("ann")[0].location == "neck"


def test_clone_is_deep_but_shares_the_board():
    b = make_battle()
    c = b.clone()
    c.fighters[0].hands["right"] = None
    c.grapples[0].hands = 1
    assert b.fighters[0].hands["right"] == "knife"
    assert b.grapples[0].hands == 2
    assert c.board is b.board
    assert c == b.clone() or c != b  # a clone is an independent value


def test_validation_error_names_the_field():
    with pytest.raises(msgspec.ValidationError, match=r"\$\.fighters\[0\]\.hex"):
        battle_from_json(b'{"fighters": [{"id": "a", "side": "x", "hex": [0, "q"]}]}')


def test_board_index_finds_cells():
    board = Board.open_field(3, 2)
    assert Hex(0, 0) in board and board.is_open(Hex(0, 0))
    assert board.cell(Hex(50, 50)) is None
