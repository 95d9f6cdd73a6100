"""nd6-tactical automatic fire (game/rules/nd6/autofire.py) with scripted dice: S3-AUTO-1..24 with G3-10, G3-13,
G3-20, G3-21 and G3-22, played through the ``burst``, ``full_auto`` and ``attack`` actions as ``clinch resolve``
plays them.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.rules.nd6 import autofire, ranged
from game.rules.nd6.items import item
from tests.nd6_helpers import RS, action, battle_of, of_type, play, why

RIFLE = "assault_rifle"


def F(fid: str, hexq: tuple[int, int], *, side: str = "red", facing: int = 0, st: int = 14, dx: int = 12,
      hold: str | None = None, **kw: Any) -> dict[str, Any]:
    f: dict[str, Any] = {"id": fid, "side": side, "hex": list(hexq), "facing": facing,
                         "stats": {"ST": st, "DX": dx, "IQ": 10}}
    if hold is not None:
        two = int(item(hold).get("hands", 1)) == 2
        f["hands"] = {"right": hold, "left": hold if two else None}
    f.update(kw)
    return f


def foe(fid: str, hexq: tuple[int, int], *, facing: int = 3, **kw: Any) -> dict[str, Any]:
    """A blue target in full body armour (stops 6): rounds of 1-1-1 do no injury, so counts stay readable."""
    kw.setdefault("worn", ["full_body_armor"])
    return F(fid, hexq, side="blue", facing=facing, st=kw.pop("st", 14), **kw)


def rolls_of(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return of_type(events, "roll")


def mods(roll: dict[str, Any]) -> dict[str, int]:
    return {m["rule"]: m["value"] for m in roll["modifiers"]}


def test_s3_auto_11_worked_example():
    """S3-AUTO-11 (with S3-AUTO-3/7/9/10, G3-12, G3-13): ST 11, DX 12, an assault rifle (4/2/13, 25 rounds) at a
    target 10 MH away: two 3-round bursts, each at +1 (auto) -4 (range), one roll per burst; next turn 13 rounds
    of full auto at +4 -4 and the recoil (ST 10 + 4 needed, -3); 6 rounds remain."""
    b = battle_of([F("ann", (0, 0), st=11, hold=RIFLE), foe("bob", (30, 0))])
    ev = play(b, {"type": "burst", "actor": "ann", "target": "bob", "bursts": 2},
              [3, 3, 3, 1, 1, 1, 6, 6, 4])
    r1, r2 = rolls_of(ev)
    for r in (r1, r2):
        assert mods(r) == {"S3-AUTO-9": 1, "G3-12": -4} and r["target"] == 9 and r["rounds"] == 3
    assert r1["hits"] == 1 and r2["hits"] == 0  # margin 0: one round (G3-21); 16 misses
    assert len(of_type(ev, "damage")) == 1
    assert ranged.rounds_left(b.fighter("ann"), RIFLE) == 19
    b.round += 1
    ev = play(b, {"type": "full_auto", "actor": "ann", "target": "bob"}, [2, 2, 2] + [1, 1, 1] * 4)
    roll = rolls_of(ev)[0]
    assert mods(roll) == {"S3-AUTO-9": 4, "G3-12": -4, "S3-AUTO-7": -3} and roll["target"] == 9
    assert roll["rounds"] == 13 and roll["hits"] == 4  # margin 3: four rounds
    assert len(of_type(ev, "damage")) == 4
    assert ranged.rounds_left(b.fighter("ann"), RIFLE) == 6


def test_s3_auto_1_attack_modes_route_to_automatic_fire():
    """S3-AUTO-1: ``attack`` with ``mode`` burst (``shots`` 3) is the same burst as the ``burst`` action."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (3, 0))])
    ev = play(b, {"type": "attack", "actor": "ann", "target": "bob", "mode": "burst", "shots": 3}, [6, 6, 4])
    assert rolls_of(ev)[0]["rounds"] == 3 and ranged.rounds_left(b.fighter("ann"), RIFLE) == 22


def test_s3_auto_2_one_mode_switch_a_turn():
    """S3-AUTO-2: a selective-fire weapon switched this turn may not switch again until the next."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (3, 0))])
    play(b, {"type": "burst", "actor": "ann", "target": "bob"}, [6, 6, 4])
    ann = b.fighter("ann")
    assert ann.counters["modes"] == {RIFLE: "burst"} and ann.counters["mode_changed"]["round"] == b.round
    assert why(b, {"type": "full_auto", "actor": "ann", "target": "bob"}).rule == "S3-AUTO-2"
    b.round += 1
    assert action({"type": "full_auto", "actor": "ann", "target": "bob"}).check(b) is None


def test_s3_auto_3_rates_of_fire():
    """S3-AUTO-3: 4/2/13 is 4 single shots, 2 bursts or 13 rounds of full auto a turn; more are refused."""
    assert ranged.rates(RIFLE) == {"semi": 4, "burst": 2, "full": 13}
    assert ranged.rates("pistol") == {"semi": 2, "burst": 0, "full": 0}
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (3, 0))])
    assert why(b, {"type": "full_auto", "actor": "ann", "target": "bob", "shots": 14}).rule == "S3-AUTO-3"
    assert why(b, {"type": "attack", "actor": "ann", "target": "bob", "mode": "semi", "shots": 5}).rule == "S3-AUTO-3"
    assert why(b, {"type": "burst", "actor": "ann", "target": "bob", "bursts": 3}).rule == "S3-AUTO-8"
    p = battle_of([F("ann", (0, 0), hold="pistol"), foe("bob", (3, 0))])
    assert why(p, {"type": "burst", "actor": "ann", "target": "bob"}).rule == "S3-AUTO-3"


@pytest.mark.parametrize(("worn", "expect"), [((), {"S3-AUTO-7": -3}), (("bipod",), {"S3-AUTO-6": -1}),
                                              (("tripod",), {})])
def test_s3_auto_6_s3_auto_7_g3_13_recoil(worn, expect):
    """S3-AUTO-7, G3-13: 13 rounds raise the ST needed by 4 (ST 11: -3); S3-AUTO-6: a bipod halves that part
    (round down), a tripod removes it."""
    b = battle_of([F("ann", (0, 0), st=11, hold=RIFLE, worn=list(worn)), foe("bob", (3, 0))])
    ev = play(b, {"type": "full_auto", "actor": "ann", "target": "bob"}, [6, 6, 5])
    got = {k: v for k, v in mods(rolls_of(ev)[0]).items() if k in ("S3-AUTO-6", "S3-AUTO-7")}
    assert got == expect


def test_s3_auto_5_resting_takes_two_off_recoil():
    """S3-AUTO-5 with G3-13: a rested gun (kneeling, ruling ND6-19) takes 2 off the ST shortfall, recoil included."""
    b = battle_of([F("ann", (0, 0), st=11, hold=RIFLE, posture="kneeling"), foe("bob", (3, 0))])
    ev = play(b, {"type": "full_auto", "actor": "ann", "target": "bob"}, [6, 6, 5])
    m = mods(rolls_of(ev)[0])
    assert m["S3-AUTO-7"] == -3 and m["S3-AUTO-5"] == 2


def test_s3_auto_4_st_shortfall_on_a_burst():
    """S3-AUTO-4: -1 DX per point of ST the firer lacks (ST 8 with a ST 10 rifle: -2)."""
    b = battle_of([F("ann", (0, 0), st=8, hold=RIFLE), foe("bob", (3, 0))])
    ev = play(b, {"type": "burst", "actor": "ann", "target": "bob"}, [6, 6, 5])
    assert mods(rolls_of(ev)[0])["S3-AUTO-4"] == -2


def test_s3_auto_8_burst_is_three_rounds_full_auto_the_full_rate():
    """S3-AUTO-8: a burst spends 3 rounds; full auto by default the weapon's 13 (fewer when fewer are left)."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (3, 0))])
    play(b, {"type": "burst", "actor": "ann", "target": "bob"}, [6, 6, 4])
    assert ranged.rounds_left(b.fighter("ann"), RIFLE) == 22
    b.round += 1
    play(b, {"type": "full_auto", "actor": "ann", "target": "bob"}, [6, 6, 4])
    assert ranged.rounds_left(b.fighter("ann"), RIFLE) == 9
    b.round += 1
    ev = play(b, {"type": "full_auto", "actor": "ann", "target": "bob"}, [6, 6, 4])
    assert rolls_of(ev)[0]["rounds"] == 9 and ranged.rounds_left(b.fighter("ann"), RIFLE) == 0


def test_s3_auto_9_s3_auto_10_g3_21_one_roll_margin_plus_one_rounds():
    """S3-AUTO-9: +1 DX per 3 rounds at one target; S3-AUTO-10 with G3-21: one roll, margin + 1 rounds strike,
    at most the rounds fired; an automatic hit lands at least one (ruling ND6-19)."""
    assert [autofire.auto_bonus(n) for n in (1, 3, 5, 6, 13)] == [0, 1, 1, 2, 4]
    assert autofire.rounds_hitting({"success": True, "margin": 0}, 3) == 1
    assert autofire.rounds_hitting({"success": True, "margin": 5}, 3) == 3
    assert autofire.rounds_hitting({"success": True, "margin": -2}, 3) == 1
    assert autofire.rounds_hitting({"success": False, "margin": 2}, 3) == 0
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (3, 0))])
    ev = play(b, {"type": "burst", "actor": "ann", "target": "bob"}, [4, 4, 4] + [1, 1, 1] * 2)
    roll = rolls_of(ev)[0]
    assert roll["target"] == 13 and roll["margin"] == 1 and roll["hits"] == 2
    assert len(of_type(ev, "damage")) == 2


def test_s3_auto_12_s3_auto_13_g3_10_bystander_in_the_stream():
    """S3-AUTO-12: the roll to miss a bystander at 5 MH takes -2 range and the +4 turned to -4; G3-10: its margin
    of failure (2) is the rounds striking it; S3-AUTO-13: the other 11 go on to the target."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("carl", (15, 0)), foe("bob", (30, 0))])
    ev = play(b, {"type": "full_auto", "actor": "ann", "target": "bob"},
              [4, 2, 2] + [1, 1, 1] * 2 + [5, 5, 6])
    miss, roll = rolls_of(ev)
    assert miss["rule"] == "G3-10" and miss["target_id"] == "carl"
    assert mods(miss) == {"G3-12": -2, "S3-AUTO-12": -4} and miss["target"] == 6
    assert miss["hit"] and miss["rounds"] == 2 and miss["hits"] == 2
    assert [d["target"] for d in of_type(ev, "damage")] == ["carl", "carl"]
    assert roll["target_id"] == "bob" and roll["rounds"] == 11 and mods(roll)["S3-AUTO-9"] == 4


def test_s3_auto_14_g3_22_second_burst_at_a_new_target():
    """S3-AUTO-14 with G3-22: the second burst at a new target 2 MH from the first is at -2."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (6, 0)), foe("dan", (0, 6), facing=2)])
    ev = play(b, {"type": "burst", "actor": "ann", "targets": ["bob", "dan"], "bursts": 2},
              [6, 6, 4, 6, 6, 4])
    r1, r2 = rolls_of(ev)
    assert r1["target_id"] == "bob" and "G3-22" not in mods(r1)
    assert r2["target_id"] == "dan" and mods(r2)["G3-22"] == -2


def test_s3_auto_15_eight_hits_from_one_stream_fell_and_the_rest_pass():
    """S3-AUTO-15: a figure that suffers 8+ from one stream drops at once; the count stops there."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (3, 0), st=30, worn=[])])
    ev = play(b, {"type": "full_auto", "actor": "ann", "target": "bob"}, [1, 1, 1, 6, 6, 6])
    roll = rolls_of(ev)[0]
    assert roll["success"] and roll["hits"] == 1 and len(of_type(ev, "damage")) == 1
    assert b.fighter("bob").posture == "prone"
    assert any(e.get("rule") == "S3-AUTO-15" for e in ev)


def test_s3_auto_16_eight_hits_in_one_turn_knock_down():
    """S3-AUTO-16: 4 + 4 hits from two bursts in one turn: 8 in the turn, the figure falls (neither burst did 8)."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (3, 0), worn=["armored_vest"])])
    ev = play(b, {"type": "burst", "actor": "ann", "target": "bob", "bursts": 2},
              [6, 4, 3, 3, 2, 2, 6, 4, 3, 3, 3, 1])
    assert [d["injury"] for d in of_type(ev, "damage")] == [4, 4]
    assert b.fighter("bob").posture == "prone"
    assert not any(e.get("rule") == "S3-AUTO-15" for e in ev)
    assert any(e.get("rule") == "S3-AUTO-16" for e in ev)


def test_s3_auto_17_no_other_reason_to_fall():
    """S3-AUTO-17 (G3-14): aimed-shot and critical-hit rules are not used: 7 hits in a turn do not fell."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (3, 0), worn=[])])
    play(b, {"type": "burst", "actor": "ann", "target": "bob"}, [6, 4, 3, 3, 2, 2])
    assert b.fighter("bob").posture == "standing"


def test_s3_auto_18_to_22_g3_20_full_auto_sweep():
    """S3-AUTO-18..22 with G3-20: a sweep across the declared targets in arc order: -4 per target on every roll
    (two: -8), resolved from the first; the rounds that struck stay there, one round is lost for the hex
    between the two, and the rest reach the second."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (3, 0)), foe("dan", (3, -2), facing=4)])
    ev = play(b, {"type": "full_auto", "actor": "ann", "targets": ["bob", "dan"]},
              [2, 2, 2] + [1, 1, 1] * 3 + [6, 6, 3])
    r1, r2 = rolls_of(ev)
    assert mods(r1) == {"S3-AUTO-9": 4, "S3-AUTO-19": -8} and r1["target_id"] == "bob"
    assert r1["rounds"] == 13 and r1["hits"] == 3
    assert any(e.get("rule") == "S3-AUTO-22" for e in ev)
    assert r2["target_id"] == "dan" and r2["rounds"] == 9 and mods(r2)["S3-AUTO-9"] == 3 and r2["hits"] == 0


def test_s3_auto_20_s3_auto_23_sweep_declared_and_ends_when_rounds_run_out():
    """S3-AUTO-20: the sweep's targets are declared once each; S3-AUTO-23: it ends when the rounds run out."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (3, 0)), foe("dan", (3, -1), facing=4)])
    assert why(b, {"type": "full_auto", "actor": "ann", "targets": ["bob", "bob"]}).rule == "S3-AUTO-20"
    ev = play(b, {"type": "full_auto", "actor": "ann", "targets": ["bob", "dan"], "shots": 3},
              [1, 1, 1] + [1, 1, 1] * 3)
    assert len(rolls_of(ev)) == 1 and rolls_of(ev)[0]["hits"] == 3
    assert any(e.get("rule") == "S3-AUTO-23" for e in ev)


def test_s3_auto_21_sweep_resolves_in_declared_order():
    """S3-AUTO-21: the first figure of the sweep is rolled first, then the next."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (3, 0)), foe("dan", (3, -1), facing=4)])
    ev = play(b, {"type": "full_auto", "actor": "ann", "targets": ["dan", "bob"]}, [6, 6, 4, 6, 6, 4])
    assert [r["target_id"] for r in rolls_of(ev)] == ["dan", "bob"]


def test_s3_auto_24_a_burst_jams_on_break():
    """S3-AUTO-24: an 18 on a burst's roll jams the rifle; it cannot fire again until cleared."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (6, 0))])
    play(b, {"type": "burst", "actor": "ann", "target": "bob", "bursts": 2}, [6, 6, 6])
    assert b.fighter("ann").counters["jammed"] == [RIFLE]
    b.round += 1
    assert why(b, {"type": "burst", "actor": "ann", "target": "bob"}) is not None


def test_s3_auto_10_odds_are_the_distribution_of_rounds_that_hit():
    """S3-AUTO-10, G3-21: the menu's odds for automatic fire: ``hit`` and ``rounds:0``..``rounds:N``, summing to 1."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (3, 0))])
    odds = RS.odds(b, action({"type": "burst", "actor": "ann", "target": "bob"}))
    assert set(odds) >= {"hit", "rounds:0", "rounds:1", "rounds:2", "rounds:3"}
    assert abs(sum(odds[f"rounds:{k}"] for k in range(4)) - 1) < 1e-9
    assert abs(odds["hit"] - (1 - odds["rounds:0"])) < 1e-9
    odds = RS.odds(b, action({"type": "full_auto", "actor": "ann", "target": "bob"}))
    assert "rounds:13" in odds and odds["rounds:13"] > 0


def test_s3_hth_20_a_burst_into_a_brawl_strikes_one_member():
    """S3-HTH-20: a burst that hits a brawl strikes one of its figures, picked once with 1dN; its rounds go there."""
    bob = foe("bob", (4, 0), conditions=["in_hth"])
    cal = F("cal", (4, 0), side="red", conditions=["in_hth"], worn=["full_body_armor"])
    b = battle_of([F("ann", (0, 0), hold=RIFLE), bob, cal])
    ev = play(b, {"type": "burst", "actor": "ann", "target": "bob"}, [4, 4, 4, 2] + [1, 1, 1] * 2)
    pick = [e for e in rolls_of(ev) if e["rule"] == "S3-HTH-20"]
    assert len(pick) == 1 and pick[0]["target_id"] == "cal"
    assert [d["target"] for d in of_type(ev, "damage")] == ["cal", "cal"]


def test_g3_8_no_burst_in_the_round_spent_getting_up():
    """G3-8: a fighter that got up this round fires no burst (standing up is the round's whole action)."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (3, 0))])
    b.fighter("ann").counters["stood"] = {"round": b.round}
    assert why(b, {"type": "burst", "actor": "ann", "target": "bob"}).rule == "G3-8"


def test_s3_auto_10_g3_21_odds_in_words_and_the_jam_chance():
    """S3-AUTO-10, G3-21, S3-AUTO-24: the menu says how likely rounds strike, how many on average, and the chance
    to jam (an 18) or drop the gun (16-17 are misses; 17 drops)."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (3, 0))])
    a = action({"type": "burst", "actor": "ann", "target": "bob"})
    odds = RS.odds(b, a)
    assert abs(odds["break"] - 1 / 216) < 1e-12 and abs(odds["drop"] - 3 / 216) < 1e-12
    words = RS.presentation.odds_words(b, a, odds, "Bob")
    assert words.startswith(f"{round(odds['hit'] * 100)}% that rounds strike Bob") and "of 3 on average" in words
    assert "to jam" in words


def test_s3_auto_18_s3_auto_20_menu_offers_one_sweep_in_arc_order():
    """S3-AUTO-18, S3-AUTO-20: the menu offers a sweep across the foes in sight, declared in arc order (right to
    left across the firer's front, never wrapping behind it); S3-AUTO-1/3: and every single shot a turn."""
    b = battle_of([F("ann", (0, 0), hold=RIFLE), foe("bob", (3, 0)), foe("cy", (3, -2)), foe("dee", (0, 3))])
    acts = [o.action for o in RS.legal_actions(b, "ann") if o.legal]
    sweeps = [a for a in acts if a.type == "full_auto" and a.targets]
    assert [a.targets for a in sweeps] == [("dee", "bob", "cy")]
    assert any(a.type == "attack" and a.mode == "semi" and a.shots == 4 for a in acts)
