"""The computer opponent under nd6-tactical's phased round (G3-3): it moves for the blow it strikes later.

Under the turn controller a round is a choose slot, every fighter's movement slot side by side, then every
fighter's action slot by adjusted DX. A move is worth what it lets the fighter do in its action slot, and a
defence declared in the movement slot costs that round's attack (G3-4): the search carries each movement
option on to the mover's action slot (``game.ai.slots``). Before it did, the hard level declared a defence
in every movement slot (it cost nothing the first look could see) and never struck: it lost every battle
of the cantina brawl to the easy level.
"""

from __future__ import annotations

from nd6_helpers import RS, battle_of

from game.ai import Opponent
from game.ai.controller import ControllerTable
from game.ai.search import Search
from game.ai.slots import later_slot
from game.hexgrid import hex_distance
from game.rules.base import find_ruleset

#: the action types that give up the round's attack (G3-4)
DEFENCES = {"defend", "dodge"}


def fighter(fid: str, side: str, hex_: tuple[int, int], *, st: int = 12, dx: int = 12, hands=None, **more):
    return {"id": fid, "side": side, "hex": list(hex_), "stats": {"ST": st, "DX": dx, "IQ": 10, "MA": 0},
            "hands": hands or {"right": "club", "left": None}, **more}


def table_at(fighters: list[dict], mover: str, phase: str = "movement") -> ControllerTable:
    """The battle under the turn controller, played on (everyone else waits) until ``mover``'s ``phase`` slot."""
    b = battle_of(fighters)
    b.options["round_limit"] = 10
    t = ControllerTable(b, RS, 10)
    for _ in range(40):
        fid = t.actor()
        cur = b.state.get("initiative", {})
        if fid == mover and cur.get("phase") == phase:
            return t
        # the choose slot has no wait (G3-3): moving second is its pass
        waits = [a for a in t.options(fid) if a.type == "wait" or (a.type == "move_order" and not a.first)]
        ok, why, _, _ = t.submit(waits[0])
        assert ok, why
    raise AssertionError(f"{mover} never got a {phase} slot")


def decide(t: ControllerTable, fid: str, seed: int = 0, level: str = "hard"):
    return Opponent(level, budget_ms=None, nodes=320, seed=seed).decide(t.battle, RS, fid)


def test_g3_3_later_slot_seen_in_the_movement_phase_only():
    """G3-3: in its movement slot the mover has an action slot later this round, with others' slots between;
    in its action slot it has none (the next is the next round's). Rulesets with one turn a round have none."""
    fs = [fighter("ann", "red", (0, 0)), fighter("bob", "blue", (1, 0))]
    t = table_at(fs, "ann", "movement")
    s = Search(Opponent("hard", budget_ms=None, nodes=50), t.battle.clone(with_log=False), RS, "ann")
    after = later_slot(s)
    assert after is not None and "ann" in after and after.index("ann") > 0
    t = table_at(fs, "ann", "action")
    s = Search(Opponent("hard", budget_ms=None, nodes=50), t.battle.clone(with_log=False), RS, "ann")
    assert later_slot(s) is None
    from game.maps import load_scenario

    arena = load_scenario("maps/arena.toml")
    rs3 = find_ruleset(arena.ruleset)
    rs3.setup(arena)
    arena.current = arena.fighters[0].id
    s = Search(Opponent("hard", budget_ms=None, nodes=50), arena, rs3, arena.current)
    assert later_slot(s) is None


def test_g3_4_next_to_a_foe_it_keeps_its_attack_rather_than_defend():
    """G3-4: defending in the movement slot gives up the round's attack. Next to a foe it outclasses (club v
    bare hands, DX 13 v 9), the hard level keeps its attack for the action slot and strikes there."""
    fs = [fighter("ann", "red", (0, 0), dx=13), fighter("bob", "blue", (1, 0), dx=9, hands={"right": None})]
    for seed in range(3):
        t = table_at(fs, "ann", "movement")
        d = decide(t, "ann", seed)
        assert d.action.type not in DEFENCES, d.explain()
        assert d.chosen is not None and d.chosen.again, d.explain()  # it counts on a blow in its action slot
        ok, why, _, _ = t.submit(d.action)
        assert ok, why
        for _ in range(10):
            fid = t.actor()
            if fid == "ann":
                break
            ok, why, _, _ = t.submit(next(a for a in t.options(fid) if a.type == "wait"))
            assert ok, why
        assert t.battle.state["initiative"]["phase"] == "action"
        d = decide(t, "ann", seed)
        assert d.action.type == "attack" and d.action.target == "bob", d.explain()


def test_g3_4_it_closes_within_half_its_mov_to_strike_this_round():
    """G3-4: a move of more than half MOV leaves no attack this round; a charge or a short move does. With the
    foe five hexes off, the hard level ends its movement next to it, having moved at most half its MOV, so an
    attack is open to it in its action slot."""
    fs = [fighter("ann", "red", (0, 0), dx=13), fighter("bob", "blue", (5, 0), dx=10, hands={"right": None})]
    t = table_at(fs, "ann", "movement")
    d = decide(t, "ann")
    assert d.action.type in ("move", "charge"), d.explain()
    ok, why, _, _ = t.submit(d.action)
    assert ok, why
    b = t.battle
    ann, bob = b.fighter("ann"), b.fighter("bob")
    assert hex_distance(ann.hex, bob.hex) == 1, d.explain()
    moved = ann.counters.get("moved") or {}
    assert int(moved.get("hexes", 0)) <= 5, (moved, d.explain())


def test_g3_4_the_easy_level_has_no_later_slot_look():
    """The easy level plays on its first look only (a visible weakness the ladder measures): no later slot."""
    fs = [fighter("ann", "red", (0, 0)), fighter("bob", "blue", (1, 0))]
    t = table_at(fs, "ann", "movement")
    d = decide(t, "ann", level="easy")
    assert d.chosen is not None and not d.chosen.again


def test_g3_4_moves_listed_from_one_reach_check_as_listed():
    """G3-4: the movement menu lists every hex of one move_reach; each move is given the first one's reason
    (checking each walked the reach again: 100-200 ms a menu, most of a decision). Each listed reason is
    the one the move's own check gives, in the open and next to a foe (engaged: one hex, G3-4)."""
    open_field = [fighter("ann", "red", (0, 0)), fighter("bob", "blue", (6, 0))]
    engaged = [fighter("ann", "red", (0, 0), facing=0), fighter("bob", "blue", (1, 0), facing=3)]
    for fs in (open_field, engaged):
        t = table_at(fs, "ann", "movement")
        moves = [o for o in RS.legal_actions(t.battle, "ann") if o.action.type == "move"]
        assert moves
        for o in moves:
            own = o.action.check(t.battle)
            assert (own is None) == (o.reason is None) and str(own) == str(o.reason)
    assert len(moves) < 10  # engaged: shifts only


def test_g3_4_outclassed_and_hurt_it_defends_in_its_movement_slot():
    """G3-4: defending makes the foe roll 4d6. Hurt (ST 3 of 12), DX 8 with a club against a DX 14 broadsword,
    the hard level gives up its own poor blow and defends from its movement slot on, whatever its seed (the
    foe's blow is rolled on an antithetic pair, so the defence's worth does not ride on one roll)."""
    fs = [fighter("ann", "red", (0, 0), dx=8, hp=3, facing=0),
          fighter("bob", "blue", (1, 0), dx=14, st=14, hands={"right": "broadsword"}, facing=3)]
    for seed in range(3):
        t = table_at(fs, "ann", "movement")
        d = decide(t, "ann", seed)
        assert d.action.type in DEFENCES, d.explain()


def test_g3_4_beaten_and_outnumbered_it_disengages():
    """G3-4: disengaging steps one hex away as the round's action. At ST 2 of 12 with two broadswords on it
    and its side outnumbered, the hard level steps away in its action slot rather than trade blows."""
    fs = [fighter("ann", "red", (0, 0), dx=10, hp=2, facing=0),
          fighter("bob", "blue", (1, 0), dx=13, st=14, hands={"right": "broadsword"}, facing=3),
          fighter("cid", "blue", (1, -1), dx=13, st=14, hands={"right": "broadsword"}, facing=3)]
    for seed in range(2):
        t = table_at(fs, "ann", "action")
        d = decide(t, "ann", seed)
        assert d.action.type == "disengage", d.explain()
