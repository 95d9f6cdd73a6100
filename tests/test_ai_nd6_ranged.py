"""The computer opponent with guns, grenades and fire under nd6-tactical (issue 17, "Play").

The search plays each action and scores what it leaves; ``Ruleset.ai_hazard`` (nd6: ``game.rules.nd6.hazards``)
adds what hp and conditions do not show yet: a fire underfoot or on the body burns again next turn
(S3-FIRE-4/9/10), and a foe's clear line of fire (G3-10, GX-5) will be used.
"""

from __future__ import annotations

from nd6_helpers import RS, battle_of

from game.ai import Opponent
from game.ai.controller import ControllerTable
from game.hexgrid import Hex, hex_distance, hex_linedraw
from game.rules.nd6 import hazards
from game.rules.nd6.effects import FIRE_KINDS, effects_at


def fighter(fid: str, side: str, hex_: tuple[int, int], *, hands=None, **more):
    return {"id": fid, "side": side, "hex": list(hex_), "stats": {"ST": 12, "DX": 12, "IQ": 10, "MA": 0},
            "hands": hands or {"right": "club", "left": None}, **more}


def table_at(fighters: list[dict], mover: str, phase: str = "movement", effects=()) -> ControllerTable:
    """The battle under the turn controller, played on (everyone else waits) until ``mover``'s ``phase`` slot."""
    b = battle_of(fighters, effects=effects)
    b.options["round_limit"] = 10
    t = ControllerTable(b, RS, 10)
    for _ in range(40):
        fid = t.actor()
        if fid == mover and b.state.get("initiative", {}).get("phase") == phase:
            return t
        waits = [a for a in t.options(fid) if a.type == "wait" or (a.type == "move_order" and not a.first)]
        ok, why, _, _ = t.submit(waits[0])
        assert ok, why
    raise AssertionError(f"{mover} never got a {phase} slot")


def decide(t: ControllerTable, fid: str, seed: int = 0):
    return Opponent("hard", budget_ms=None, nodes=320, seed=seed).decide(t.battle, RS, fid)


def test_s3_fire_5_a_burning_fighter_puts_itself_out():
    """S3-FIRE-4/5: a fighter on fire with no foe near drops and rolls rather than burn on (1d6 a turn). Its
    IQ 30 keeps it calm (the 5d6 check of S3-FIRE-7 always passes), so it is free to choose."""
    ann = fighter("ann", "red", (0, 0), conditions=["on_fire_whole"])
    ann["stats"] = {**ann["stats"], "IQ": 30}
    fs = [ann, fighter("bob", "blue", (9, 0))]
    for seed in range(2):
        t = table_at(fs, "ann", "movement")
        d = decide(t, "ann", seed)
        assert d.action.type in ("stop_drop_roll", "extinguish"), d.explain()


def test_s3_grenade_2_no_grenade_where_it_hurts_more_friends_than_foes():
    """S3-GRENADE-2/16: a frag grenade is not thrown at a foe who stands among two of the thrower's friends
    (the megahex and the ring round it would take two friends for one foe)."""
    fs = [fighter("ann", "red", (0, 0), hands={"right": "frag_grenade", "left": None}),
          fighter("cal", "red", (5, 0)), fighter("dan", "red", (5, 1)),
          fighter("bob", "blue", (6, 0))]
    for seed in range(2):
        t = table_at(fs, "ann", "action")
        d = decide(t, "ann", seed)
        if d.action.type == "throw_grenade":
            to = Hex(*d.action.to)
            near = [f for f in t.battle.fighters if f.side == "red" and f.id != "ann"
                    and max(abs(f.hex.q - to.q), abs(f.hex.r - to.r), abs(f.hex.s - to.s)) <= 2]
            assert not near, d.explain()


def test_g3_10_a_gunman_with_a_clear_shot_shoots_rather_than_close():
    """G3-10, G3-12: with a rifle, a clear line and a club-man six hexes off, the gunman shoots in its action
    slot rather than walk into the foe's reach."""
    fs = [fighter("ann", "red", (0, 0), hands={"right": "assault_rifle", "left": None}),
          fighter("bob", "blue", (6, 0))]
    for seed in range(2):
        t = table_at(fs, "ann", "action")
        d = decide(t, "ann", seed)
        assert d.action.type == "attack" and d.action.target == "bob", d.explain()


def test_s3_fire_9_a_path_through_fire_is_avoided_when_another_exists():
    """S3-FIRE-8/9/12: fire lies across the straight way to the foe; the computer walks round it, and never
    stops in a burning hex."""
    fire = [{"kind": "fire", "hex": [q, r], "turns_left": 5} for q, r in ((2, -1), (2, 0), (1, 1), (3, -1))]
    fs = [fighter("ann", "red", (0, 0)), fighter("bob", "blue", (7, 0))]
    for seed in range(2):
        t = table_at(fs, "ann", "movement", effects=fire)
        d = decide(t, "ann", seed)
        path = RS.move_path(t.battle, d.action) or []
        burning = [h for h in path if effects_at(t.battle, h, FIRE_KINDS)]
        assert not burning, (path, d.explain())


def test_s3_fire_9_hazard_reads_fire_underfoot_and_on_the_body():
    """S3-FIRE-4/9, S3-SMOKE-4/5, G3-10: what the evaluation adds for the ground, the body and open lines."""
    fs = [fighter("ann", "red", (0, 0), conditions=["on_fire_half"]),
          fighter("bob", "blue", (5, 0), hands={"right": "assault_rifle", "left": None})]
    b = battle_of(fs, effects=[{"kind": "burning_liquid", "hex": [0, 0], "turns_left": 5}])
    ann = b.fighter("ann")
    fire_only = hazards.hazard(b, ann, careful=False)
    assert fire_only == -(hazards.GROUND["burning_liquid"] + hazards.BURNING["on_fire_half"])
    assert hazards.hazard(b, ann, careful=True) == fire_only - hazards.EXPOSED  # bob's rifle has a clear line
    smoky = battle_of(fs, effects=[{"kind": "smoke", "hex": [2, 0], "turns_left": 5}])
    assert hazards.hazard(smoky, smoky.fighter("ann"), careful=True) == -hazards.BURNING["on_fire_half"]


def test_s3_grenade_16_a_grenade_goes_where_foes_stand_together():
    """S3-GRENADE-2/16: three foes in one megahex and no friend near: the frag grenade is thrown there."""
    fs = [fighter("ann", "red", (0, 0), hands={"right": "frag_grenade", "left": None}),
          fighter("bob", "blue", (6, 0)), fighter("eve", "blue", (6, 1)), fighter("fay", "blue", (7, 0))]
    t = table_at(fs, "ann", "action")
    d = decide(t, "ann", 0)
    assert d.action.type == "throw_grenade", d.explain()
    to = Hex(*d.action.to)
    assert all(max(abs(f.hex.q - to.q), abs(f.hex.r - to.r), abs(f.hex.s - to.s)) <= 2
               for f in t.battle.fighters if f.side == "blue"), d.explain()


def test_s3_smoke_5_under_fire_from_two_rifles_the_computer_throws_smoke():
    """S3-SMOKE-1/5, S3-GRENADE-8, G3-10 (issue 17 "uses smoke"): a fighter with only a smoke grenade in hand,
    two foe rifles seven hexes off with clear lines on it, throws the grenade (end-of-turn fuse) at the hex next
    to it that both lines cross, rather than at a rifleman (whose cloud would cut one line). The cloud's
    first hex lies on the board as the throw resolves (the round it goes off is the cloud's first), so the
    search sees a smoked line (``hazards.clear_line`` false) and the exposure the careful levels count drops."""
    fs = [fighter("ann", "red", (0, 0), hands={"right": "smoke_grenade", "left": None}),
          fighter("bob", "blue", (7, 0), hands={"right": "assault_rifle", "left": None}),
          fighter("eve", "blue", (7, -2), hands={"right": "assault_rifle", "left": None})]
    for seed in range(2):
        t = table_at(fs, "ann", "action")
        before = hazards.hazard(t.battle, t.battle.fighter("ann"), careful=True)
        assert before == -2 * hazards.EXPOSED
        d = decide(t, "ann", seed)
        assert d.action.type == "throw_grenade" and d.action.item == "smoke_grenade", d.explain()
        assert d.action.fuse == "end_of_turn"
        to = Hex(*d.action.to)  # the screen: next to ann, on both rifles' lines (grenades._screen_throw)
        assert to == Hex(1, 0), d.explain()
        assert all(to in hex_linedraw(Hex(0, 0), Hex(*g)) for g in ((7, 0), (7, -2)))
        ok, why, _, _ = t.submit(d.action)
        assert ok, why
        clouds = [e for e in t.battle.state.get("board_effects") or () if e["kind"] == "smoke"]
        assert len(clouds) == 1  # S3-SMOKE-1: the grenade's own hex, at once


def walled(fighters: list[dict], walls: set[tuple[int, int]], mover: str) -> ControllerTable:
    """``table_at`` on open ground (q -6..23, r -24..7) with wall hexes that block movement and sight (GX-5)."""
    from game.model.board import Board, Cell

    b = battle_of(fighters)
    qs, rs = range(-6, 24), range(-24, 8)
    b.board = Board(name="test", columns=len(qs), rows=len(rs), cells=[
        Cell(hex=Hex(q, r), terrain="wall" if (q, r) in walls else "open", blocks_movement=(q, r) in walls,
             blocks_sight=(q, r) in walls) for q in qs for r in rs])
    b.options["round_limit"] = 10
    t = ControllerTable(b, RS, 10)
    for _ in range(40):
        fid = t.actor()
        if fid == mover and b.state.get("initiative", {}).get("phase") == "movement":
            return t
        waits = [a for a in t.options(fid) if a.type == "wait" or (a.type == "move_order" and not a.first)]
        ok, why, _, _ = t.submit(waits[0])
        assert ok, why
    raise AssertionError(f"{mover} never got a movement slot")


def test_g3_4_a_gunman_steps_back_out_of_a_club_mans_charge_and_still_shoots():
    """G3-4, G3-10: a club-man four hexes off can charge (half MOV, 5 hexes) and strike this round. The gunman
    steps back to seven hexes or more (``Weights.shoot_keep_melee``, nd6 hints) but no more than half its MOV, so
    it still shoots in its action slot."""
    fs = [fighter("ann", "red", (0, 0), hands={"right": "assault_rifle", "left": None}),
          fighter("bob", "blue", (4, 0))]
    for seed in range(2):
        t = table_at(fs, "ann", "movement")
        d = decide(t, "ann", seed)
        assert d.action.type == "move", d.explain()
        to = Hex(*d.action.to)
        assert hex_distance(to, Hex(4, 0)) >= 7 and hex_distance(to, Hex(0, 0)) <= 5, d.explain()
        assert d.chosen is not None and d.chosen.again, d.explain()  # it counts on its shot


def test_g3_10_a_gunman_takes_cover_from_a_rifle_it_cannot_answer():
    """G3-10, GX-5 (a wall blocks a line of fire), G3-12: an assault rifle twenty hexes off has a clear line on a
    pistol (range 15: it cannot answer), while a club-man closes from eight hexes. The pistol steps behind the
    wall stub, out of the rifle's line, stays out of the club's charge and shoots the club-man."""
    fs = [fighter("ann", "red", (0, 0), hands={"right": "pistol", "left": None}),
          fighter("cid", "blue", (8, 0)),
          fighter("bob", "blue", (4, -20), hands={"right": "assault_rifle", "left": None})]
    for seed in range(2):
        t = walled(fs, {(1, -2), (2, -2)}, "ann")
        b = t.battle
        assert hazards.clear_line(b, Hex(4, -20), Hex(0, 0))
        d = decide(t, "ann", seed)
        assert d.action.type == "move", d.explain()
        to = Hex(*d.action.to)
        assert not hazards.clear_line(b, Hex(4, -20), to), d.explain()
        assert hex_distance(to, Hex(8, 0)) >= 7 and hazards.clear_line(b, to, Hex(8, 0)), d.explain()


def test_g3_4_a_club_man_closes_with_a_gunman():
    """G3-4: a club-man eight hexes from a rifleman runs at it (its blow is worth nothing from afar) rather than
    stand in the open."""
    fs = [fighter("ann", "red", (0, 0)), fighter("bob", "blue", (8, 0), hands={"right": "assault_rifle", "left": None})]
    for seed in range(2):
        t = table_at(fs, "ann", "movement")
        d = decide(t, "ann", seed)
        path = RS.move_path(t.battle, d.action) or []
        assert path and hex_distance(path[-1], Hex(8, 0)) <= 3, d.explain()
