"""GX-5 terrain on the map: every ruleset charges each hex's move cost and never enters a blocking hex.

The menu's reachable hexes and the engine's check of a move ask the same search, so the hexes a menu lists
are exactly those a Move is accepted to (property test over random small boards, every ruleset). Movement
never rolls dice here, so no dice are scripted; where a move is resolved the dice are an empty script.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.rules  # noqa: F401  (registers the rulesets)
from game.dice import ScriptedDice
from game.hexgrid import Hex, hex_spiral
from game.model import Battle, Board, Cell, Fighter, Side
from game.rules.base import find_ruleset
from game.rules.d20 import movement as MV
from game.rules.reach import path_cost, reachable, terrain_cost

RULESETS = ("3d6-lite", "3d6-full", "edge", "d20")
STATS = {
    "3d6-lite": {"ST": 12, "DX": 11, "IQ": 10, "HT": 11},  # Basic Speed 5.5: Move 5
    "3d6-full": {"ST": 12, "DX": 11, "IQ": 10, "HT": 11},
    "edge": {},  # MOV 4 (house default)
    "d20": {"STR": 10, "DEX": 10, "CON": 10, "INT": 10, "WIS": 10, "CHA": 10, "level": 1, "class": 1},
}


def make(ruleset: str, cells: list[Cell], ann: Hex, bob: Hex, *, facing: int = 0) -> Battle:
    """Ann (red, acting) and Bob (blue) on a board of ``cells``, set up as the ruleset sets up a battle."""
    fs = [Fighter(id="ann", side="red", hex=ann, facing=facing, stats=dict(STATS[ruleset])),
          Fighter(id="bob", side="blue", hex=bob, facing=3, stats=dict(STATS[ruleset]))]
    b = Battle(ruleset=ruleset, board=Board(cells=cells), sides=[Side(id="red", name="red"),
               Side(id="blue", name="blue")], fighters=fs)
    find_ruleset(ruleset).setup(b)
    b.current = "ann"
    return b


def menu_moves(b: Battle, fid: str = "ann") -> set[Hex]:
    """The hexes the menu offers a legal Move to."""
    rs = find_ruleset(b.ruleset)
    return {Hex.of(o.action.to) for o in rs.legal_actions(b, fid)
            if o.action.type == "move" and o.reason is None and getattr(o.action, "to", None) is not None}


def accepted(b: Battle, h: Hex, fid: str = "ann") -> bool:
    rs = find_ruleset(b.ruleset)
    return rs.action_from_dict({"type": "move", "actor": fid, "to": [h.q, h.r]}).check(b) is None


def corridor(costs: dict[int, int], blocked: tuple[int, ...] = (), length: int = 12) -> list[Cell]:
    """Hexes (0, 0) .. (length-1, 0) in a row (nothing else is on the map), with the given move costs."""
    return [Cell(hex=Hex(q, 0), move_cost=costs.get(q, 1), blocks_movement=q in blocked,
                 terrain="woods" if costs.get(q, 1) > 1 else "open") for q in range(length)]


def budget(b: Battle) -> int:
    """How many hexes of open corridor the menu reaches: the ruleset's movement in hexes."""
    return max(h.q for h in menu_moves(b))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_GX_5_a_move_cost_3_hex_is_not_crossed_for_the_price_of_1(ruleset: str) -> None:
    """GX-5: beside a move-cost-3 hex, a fighter walking through it spends 3 hexes of movement on it."""
    free = budget(make(ruleset, corridor({}), Hex(0, 0), Hex(11, 0)))
    assert free >= 4, "each ruleset walks at least 4 hexes on open ground"
    b = make(ruleset, corridor({1: 3}), Hex(0, 0), Hex(11, 0))
    lit = menu_moves(b)
    assert max(h.q for h in lit) == free - 2  # the woods hex cost 3 instead of 1
    assert not accepted(b, Hex(free - 1, 0)) and not accepted(b, Hex(free, 0))
    assert accepted(b, Hex(free - 2, 0)) and accepted(b, Hex(1, 0))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_GX_5_a_blocking_hex_is_never_entered(ruleset: str) -> None:
    """GX-5: a hex that blocks movement is neither lit nor accepted, and nothing behind it is reachable."""
    b = make(ruleset, corridor({}, blocked=(2,)), Hex(0, 0), Hex(11, 0))
    assert menu_moves(b) == {Hex(1, 0)}
    assert not accepted(b, Hex(2, 0)) and not accepted(b, Hex(3, 0))


@pytest.mark.parametrize("ruleset", ("3d6-lite", "edge"))
def test_GX_5_the_move_walks_the_cheapest_path_around_woods(ruleset: str) -> None:
    """GX-5: a move goes round a costly hex when that is cheaper, and its event's path is that path."""
    cells = [Cell(hex=h, move_cost=3 if h == Hex(1, 0) else 1) for h in hex_spiral(Hex(0, 0), 3)]
    b = make(ruleset, cells, Hex(0, 0), Hex(-3, 0), facing=0)
    rs = find_ruleset(ruleset)
    events = rs.action_from_dict({"type": "move", "actor": "ann", "to": [2, 0]}).resolve(b, ScriptedDice([]))
    path = [Hex.of(h) for h in next(e for e in events if e["type"] == "move")["path"]]
    assert path[-1] == Hex(2, 0) and Hex(1, 0) not in path and path_cost(b.board, path) == 3


def test_GX_5_reachable_charges_each_hex_and_matches_breadth_first_on_flat_ground() -> None:
    """GX-5: the shared search's costs are sums of move costs; on flat ground they are hex counts."""
    flat = Board(cells=[Cell(hex=h) for h in hex_spiral(Hex(0, 0), 3)])
    found = reachable(Hex(0, 0), 2, terrain_cost(flat))
    assert set(found.cost) == {h for h in hex_spiral(Hex(0, 0), 2) if h != Hex(0, 0)}
    rough = Board(cells=[Cell(hex=h, move_cost=2) for h in hex_spiral(Hex(0, 0), 3)])
    found = reachable(Hex(0, 0), 3, terrain_cost(rough))
    assert set(found.cost) == {h for h in hex_spiral(Hex(0, 0), 1) if h != Hex(0, 0)}
    assert found.path(Hex(0, 1)) == [Hex(0, 1)] and found.path(Hex(3, 0)) is None


@st.composite
def boards(draw: Any) -> tuple[list[Cell], Hex, Hex]:
    hexes = list(hex_spiral(Hex(0, 0), 3))
    cells = []
    for h in hexes:
        kind = draw(st.sampled_from(("open", "open", "open", "rough", "woods", "wall")))
        cost = {"rough": 2, "woods": 3}.get(kind, 1)
        cells.append(Cell(hex=h, terrain=kind, move_cost=cost, blocks_movement=kind == "wall" and h != Hex(0, 0)))
    bob = draw(st.sampled_from([h for h, c in zip(hexes, cells, strict=True)
                                if not c.blocks_movement and h != Hex(0, 0)]))
    return cells, Hex(0, 0), bob


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=25, deadline=None)
@given(board=boards(), facing=st.integers(0, 5))
def test_GX_5_the_menu_lights_exactly_the_hexes_a_move_is_accepted_to(ruleset: str, board: Any,
                                                                       facing: int) -> None:
    """GX-5: on random small boards with random move costs and walls, for every ruleset, the menu's Move
    destinations are exactly the hexes other than its own whose Move the engine accepts."""
    cells, ann, bob = board
    b = make(ruleset, cells, ann, bob, facing=facing)
    lit = menu_moves(b)
    # the start is left out: 3d6 accepts a Move maneuver that stays put (the menu does not list it)
    ok = {c.hex for c in cells if c.hex != ann and accepted(b, c.hex)}
    if ruleset == "d20":
        # d20's menu offers a sample of its destinations (next to each foe, along the line to it, one step
        # away) to keep the computer's choice small; each one it lights is accepted, and every accepted hex
        # is one its cheapest-path plan reaches paying each hex's move cost
        assert lit <= ok
        f = b.fighter("ann")
        rate = find_ruleset("d20").action_from_dict({"type": "move", "actor": "ann", "to": [0, 0]}).rate(b, f)
        for h in ok:
            p = MV.plan(b, f, h, budget=rate)
            assert p is not None and p.feet == path_cost(b.board, p.path) * MV.feet_per_hex(b) <= rate
    else:
        assert lit == ok
    assert not any(b.board.cell(h).blocks_movement for h in ok)


@pytest.mark.parametrize("ruleset", ("3d6-lite", "3d6-full", "edge"))
def test_GX_5_the_path_preview_is_the_cheapest_path_and_shows_its_true_cost(ruleset: str) -> None:
    """GX-5: the UI's preview (its own cheapest search over the lit hexes for 3d6, edge's ``move_path``,
    which stops next to foes) is the path the move walks, and it costs the move costs of that path, not its
    length."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.path_preview import routes

    cells = corridor({1: 3})
    b = make(ruleset, cells, Hex(0, 0), Hex(11, 0))
    rs = find_ruleset(ruleset)
    moves = {Hex.of(o.action.to): o.action for o in rs.legal_actions(b, "ann")
             if o.action.type == "move" and o.reason is None}
    costs, paths = routes(b, rs, moves)
    walked = moves[Hex(2, 0)].resolve(b, ScriptedDice([]))
    assert [Hex.of(h) for h in next(e for e in walked if e["type"] == "move")["path"]] == paths[Hex(2, 0)]
    assert costs[Hex(1, 0)] == 3 and costs[Hex(2, 0)] == 4 and paths[Hex(2, 0)] == [Hex(1, 0), Hex(2, 0)]


def _woods_battle(ruleset: str) -> tuple[Battle, Hex]:
    woods = Hex(1, 0)
    cells = [Cell(hex=h, terrain="woods" if h == woods else "open", move_cost=3 if h == woods else 1,
                  cover=2 if h == woods else 0, blocks_sight=h == woods, elevation=1 if h == woods else 0)
             for h in hex_spiral(Hex(0, 0), 3)]
    return make(ruleset, cells, Hex(0, 0), Hex(-3, 0)), woods


@pytest.mark.parametrize("ruleset", RULESETS)
def test_GX_5_the_hover_text_names_only_what_the_ruleset_uses(ruleset: str) -> None:
    """GX-5: hovering a woods hex (move cost 3, cover 2, blocks sight, elevation 1) names the move cost
    under every ruleset, cover and sight only under d20 (the only one with missiles), elevation under none."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.board_tooltip import hex_lines

    b, woods = _woods_battle(ruleset)
    text = "\n".join(hex_lines(b, woods, moving=False, actor=None, reach=dict, cost_of=lambda h: 0))
    assert "woods" in text and "move cost 3" in text and "elevation" not in text
    if ruleset == "d20":
        assert "cover 2" in text and "blocks sight" in text
    else:
        assert "cover" not in text and "sight" not in text


def test_GX_5_d20_fighting_withdrawal_backs_away_by_the_cheapest_path() -> None:
    """GX-5 with S4-DEFMOVE-3: backing away (half the walk, 20') pays each hex's move cost and takes the
    cheapest way, not the one with fewest hexes: through rough (-1, 0) the walk to (-3, 0) costs 25', round
    it 20'. Walls at (-2, -1) and (-3, 1) leave (-2, 0) the only way in."""
    rough, walls = Hex(-1, 0), {Hex(-2, -1), Hex(-3, 1)}
    cells = [Cell(hex=h, move_cost=3 if h == rough else 1, blocks_movement=h in walls)
             for h in hex_spiral(Hex(0, 0), 4)]
    b = make("d20", cells, Hex(0, 0), Hex(1, 0), facing=3)
    rs = find_ruleset("d20")
    back = rs.action_from_dict({"type": "fighting_withdrawal", "actor": "ann", "to": [-3, 0]})
    assert back.check(b) is None
    events = back.resolve(b, ScriptedDice([]))
    path = [Hex.of(h) for h in next(e for e in events if e["type"] == "move")["path"]]
    assert path == [Hex(0, -1), Hex(-1, -1), Hex(-2, 0), Hex(-3, 0)]
    b2 = make("d20", cells, Hex(0, 0), Hex(1, 0), facing=3)
    far = rs.action_from_dict({"type": "fighting_withdrawal", "actor": "ann", "to": [-4, 0]})
    assert far.check(b2) is not None  # 25' at the least


def test_GX_5_3d6_a_grapple_step_into_a_foe_in_woods_spends_the_woods_cost() -> None:
    """GX-5 with S0-REQ-2: the Attack's one-hex step into the foe's hex is movement, so a foe standing in
    woods (move cost 2) is beyond it; Move and Attack (Move 5) still walks in."""
    from game.rules.threed6.grappling import Grab

    cells = corridor({1: 2})
    b = make("3d6-lite", cells, Hex(0, 0), Hex(1, 0))
    why = Grab("ann", target="bob", maneuver="attack").check(b)
    assert why is not None and "S0-REQ-2" in str(why.rule)
    assert Grab("ann", target="bob", maneuver="move_and_attack").check(b) is None
    flat = make("3d6-lite", corridor({}), Hex(0, 0), Hex(1, 0))
    assert Grab("ann", target="bob", maneuver="attack").check(flat) is None


@pytest.mark.parametrize("ruleset", ("3d6-lite", "edge"))
@settings(max_examples=10, deadline=None)
@given(board=boards())
def test_GX_5_the_preview_shows_the_path_the_move_walks_and_its_cost(ruleset: str, board: Any) -> None:
    """GX-5: on random boards, the preview's route to every lit hex is the path the resolved Move walks,
    and its cost is that path's move costs."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.path_preview import routes

    cells, ann, bob = board
    rs = find_ruleset(ruleset)
    b = make(ruleset, cells, ann, bob)
    moves = {Hex.of(o.action.to): o.action for o in rs.legal_actions(b, "ann")
             if o.action.type == "move" and o.reason is None}
    costs, paths = routes(b, rs, moves)
    for h, move in moves.items():
        fresh = make(ruleset, cells, ann, bob)
        walked = next(e for e in move.resolve(fresh, ScriptedDice([])) if e["type"] == "move")["path"]
        assert [Hex.of(x) for x in walked] == paths[h] and costs[h] == path_cost(b.board, paths[h])
