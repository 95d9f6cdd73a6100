"""nd6-tactical rulings held to the seed's plain sentences, on scripted dice.

Each test pins a place where a ruling used to overrule what seed 003 says outright: the plasma and
monofilament swords "require the Sword skill" (S3-SWORD-1, ruling ND6-12); Martial Arts 3 gives "the ability to
defend bare handed against all weapons", which limits bare-handed defence against weapons, not against fists
(S3-MA-4, ruling ND6-5); a grenade fused for the next movement phase goes off "at the end of the next movement
phase" (S3-GRENADE-8, ruling ND6-17).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from nd6_helpers import RS, battle_of, of_type, play, why

from game.cli import main


def man(fid: str, side: str, q: int, *, hold: str | None = None, facing: int = 0, **kw: Any) -> dict[str, Any]:
    """A fighter in SITUATION-FORMAT's shape at ``[q, 0]``, ST 12 DX 12, ``hold`` in the right hand."""
    d: dict[str, Any] = {"id": fid, "side": side, "hex": [q, 0], "facing": facing,
                         "stats": {"ST": 12, "DX": 12, "IQ": 10, **kw.pop("stats", {})}}
    if hold is not None:
        d["hands"] = {"right": hold, "left": None}
    d.update(kw)
    return d


def resolve(tmp_path: Path, capsys: Any, data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """``clinch resolve`` on ``data``: the exit status and the output object."""
    path = tmp_path / "sit.json"
    path.write_text(json.dumps({"ruleset": "nd6-tactical", "map": None, **data}))
    code = main(["resolve", str(path)])
    out, err = capsys.readouterr()
    assert err == "" or code == 2, err
    return code, json.loads(out) if out else {}


# -- S3-SWORD-1: "They require the Sword skill" (ruling ND6-12) ---------------------------------------------------

def test_s3_sword_1_no_sword_skill_no_strike_with_a_plasma_or_monofilament_sword():
    """S3-SWORD-1: without the Sword skill a plasma or a monofilament sword cannot be used to strike at all
    (no attack, no charge); the refusal names the skill. A katana needs no skill (the seed names none)."""
    for sword in ("plasma_sword", "mono_sword"):
        b = battle_of([man("ann", "red", 0, hold=sword), man("bob", "blue", 1, facing=3)])
        reason = why(b, {"actor": "ann", "type": "attack", "target": "bob"})
        assert reason.rule == "S3-SWORD-1" and "requires the Sword skill" in reason.text
        far = battle_of([man("ann", "red", 0, hold=sword), man("bob", "blue", 4, facing=3)])
        charge = {"actor": "ann", "type": "charge", "target": "bob", "path": [[1, 0], [2, 0], [3, 0]]}
        assert why(far, charge).rule == "S3-SWORD-1"
    b = battle_of([man("ann", "red", 0, hold="katana", hands={"right": "katana", "left": "katana"}),
                   man("bob", "blue", 1, facing=3)])
    assert RS.action_from_dict({"actor": "ann", "type": "attack", "target": "bob"}).check(b) is None


def test_s3_sword_1_the_menu_greys_the_blow_with_the_reason():
    """S3-SWORD-1: the action menu (``legal_actions``) lists the sword blow greyed with the skill's reason,
    and the bare-handed punch stays open; with the skill the blow is open and rolled without any penalty."""
    b = battle_of([man("ann", "red", 0, hold="mono_sword"), man("bob", "blue", 1, facing=3)])
    blows = [o for o in RS.legal_actions(b, "ann") if o.action.type == "attack"]
    sword = [o for o in blows if o.action.item == ""]
    punch = [o for o in blows if o.action.item is None]
    assert sword and not sword[0].legal and sword[0].reason.rule == "S3-SWORD-1"
    assert punch and punch[0].legal
    b.fighter("ann").skills["sword"] = 1
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [2, 2, 2, 3, 3])
    roll = of_type(ev, "roll")[0]
    assert roll["target"] == 12 and roll["modifiers"] == []


def test_s3_sword_1_refused_by_clinch_resolve_with_exit_3(tmp_path, capsys):
    """S3-SWORD-1: ``clinch resolve`` refuses the blow with exit 3 and an ``illegal`` event naming the skill."""
    data = {"fighters": [man("ann", "red", 0, hold="plasma_sword"), man("bob", "blue", 1, facing=3)],
            "actions": [{"actor": "ann", "type": "attack", "target": "bob"}], "dice": [3, 3, 3, 3, 3, 3]}
    code, out = resolve(tmp_path, capsys, data)
    assert code == 3
    bad = of_type(out["events"], "illegal")
    assert bad and bad[0]["rule"] == "S3-SWORD-1" and "Sword skill" in bad[0]["reason"]
    data["fighters"][0]["skills"] = {"sword": True}
    code, out = resolve(tmp_path, capsys, data)
    assert code == 0 and of_type(out["events"], "roll")[0]["target"] == 12


def test_s3_sword_1_no_parry_with_a_sword_one_cannot_use():
    """S3-SWORD-1 with S3-SWORD-5: a defender whose only weapon is a monofilament sword it has no skill for has
    nothing to parry a club with: its declared defence does not hold (3d6) and the sword is not broken."""
    b = battle_of([man("ann", "red", 0, hold="club"),
                   man("bob", "blue", 1, hold="mono_sword", facing=3, conditions=["defending"])])
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [6, 6, 6])
    assert len(of_type(ev, "roll")[0]["dice"]) == 3
    assert "broken_weapons" not in b.fighter("bob").counters


# -- S3-MA-4: bare hands defend against all weapons from Martial Arts 3 (ruling ND6-5) ----------------------------

def test_s3_ma_4_anyone_defends_bare_handed_against_a_punch():
    """S3-MA-4, G3-4: bare-handed bob (no Martial Arts) may declare a defence, and ann's punch then rolls 4d6
    (4+4+3+2 = 13 misses her DX 12, which 3d6 on the same first three faces would have hit)."""
    b = battle_of([man("ann", "red", 0), man("bob", "blue", 1, facing=3)])
    play(b, {"actor": "bob", "type": "defend"})
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob", "item": None}, [4, 4, 3, 2])
    roll = of_type(ev, "roll")[0]
    assert len(roll["dice"]) == 4 and not roll["success"]
    b = battle_of([man("ann", "red", 0), man("bob", "blue", 1, facing=3)])
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob", "item": None, "defense": "defend"},
              [4, 4, 3, 2])
    assert len(of_type(ev, "roll")[0]["dice"]) == 4


def test_s3_ma_4_bare_hands_against_a_weapon_still_need_martial_arts_3():
    """S3-MA-4: against ann's club, bare-handed bob's declared defence does not hold without Martial Arts 3 (3d6,
    and the roll says why); an attack naming ``defense: defend`` for him is refused; with Martial Arts 3 it holds."""
    b = battle_of([man("ann", "red", 0, hold="club"), man("bob", "blue", 1, facing=3)])
    play(b, {"actor": "bob", "type": "defend"})
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [6, 6, 6])
    roll = of_type(ev, "roll")[0]
    assert len(roll["dice"]) == 3 and any("S3-MA-4" in w for w in roll["dice_why"])
    b = battle_of([man("ann", "red", 0, hold="club"), man("bob", "blue", 1, facing=3)])
    assert why(b, {"actor": "ann", "type": "attack", "target": "bob", "defense": "defend"}).rule == "S3-MA-4"
    b = battle_of([man("ann", "red", 0, hold="club"), man("bob", "blue", 1, facing=3, stats={"MA": 3})])
    play(b, {"actor": "bob", "type": "defend"})
    ev = play(b, {"actor": "ann", "type": "attack", "target": "bob"}, [6, 6, 6, 1])
    assert len(of_type(ev, "roll")[0]["dice"]) == 4


def test_s3_ma_4_the_defend_hover_says_bare_hands_hold_against_fists_only():
    """S3-MA-4: the defend hover of a bare-handed fighter without Martial Arts 3 says what its defence covers."""
    b = battle_of([man("ann", "red", 0, hold="club"), man("bob", "blue", 1, facing=3)])
    words = RS.presentation.action_words(b, RS.action_from_dict({"actor": "bob", "type": "defend"}))
    assert any("only against unarmed blows" in n and "S3-MA-4" in n for n in words.notes)
    words = RS.presentation.action_words(b, RS.action_from_dict({"actor": "ann", "type": "defend"}))
    assert not any("unarmed blows" in n for n in words.notes)


# -- S3-GRENADE-8: "at the end of the next movement phase" (ruling ND6-17) ----------------------------------------

def _fuse_battle():
    """ann (DX 30: the throw lands) with a frag grenade at [0, 0]; bob in the blast at [4, 0]."""
    return battle_of([man("ann", "red", 0, hold="frag_grenade", stats={"ST": 10, "DX": 30}),
                      man("bob", "blue", 4, facing=3)])


def _play_two_rounds(b, bob_moves_to: tuple[int, int] | None):
    """Under the turn controller: ann throws at bob's hex with a next_movement fuse in round 1's action phase;
    in round 2's movement phase bob walks to ``bob_moves_to`` (or stays); everyone else passes."""
    from game.flow.turns import TurnController
    from game.rules.nd6.actions import Move
    from game.rules.nd6.grenades import ThrowGrenade

    tc = TurnController(b, "nd6-tactical", dice="seeded", seat={"red": "human", "blue": "human"})
    thrown = moved = False
    for _ in range(40):
        if b.round > 2 or tc.is_over():
            break
        phase = (b.state.get("initiative") or {}).get("phase")
        who = tc.whose_turn()
        if who == "ann" and not thrown and phase == "action":
            res = tc.submit(ThrowGrenade(actor="ann", item="frag_grenade", to=(4, 0), fuse="next_movement"))
            assert res.ok, res
            thrown = True
            continue
        if who == "bob" and b.round == 2 and phase == "movement" and bob_moves_to and not moved:
            res = tc.submit(Move(actor="bob", to=bob_moves_to))
            assert res.ok, res
            moved = True
            continue
        tc.end_turn()
    assert thrown and (moved or bob_moves_to is None)
    return tc


def test_s3_grenade_8_next_movement_goes_off_after_the_figures_move():
    """S3-GRENADE-8: a grenade fused "for the end of the next movement phase" goes off once round 2's movement
    phase is over, not when round 2 begins: bob walks out of the blast first and takes nothing; the grenade's
    going off is logged in the step that ends the movement phase, after bob's move."""
    from game.rules.nd6 import grenades

    b = _fuse_battle()
    _play_two_rounds(b, bob_moves_to=(14, 0))
    assert grenades.pending(b) == []
    round2 = [e for e in b.log if e.get("round") == 2]
    went_off = [i for i, e in enumerate(round2)
                if any(ev.get("grenade") == "frag_grenade" and ev.get("rule") == "S3-GRENADE-8"
                       and "goes off" in ev.get("text", "") for ev in e["events"])]
    assert len(went_off) == 1
    step = round2[went_off[0]]
    assert step["step"] == "end_phase"
    moved = next(i for i, e in enumerate(round2) if any(ev.get("type") == "move" for ev in e["events"]))
    assert moved < went_off[0]
    assert b.fighter("bob").hp is None and not any(
        ev.get("type") == "damage" and ev.get("target") == "bob" for e in b.log for ev in e["events"])


def test_s3_grenade_8_a_figure_that_stays_is_caught_when_the_movement_phase_ends():
    """S3-GRENADE-8: bob staying in the blast through round 2's movement phase is hit when it ends."""
    b = _fuse_battle()
    _play_two_rounds(b, bob_moves_to=None)
    hurt = [ev for e in b.log if e.get("round") == 2 and e["step"] == "end_phase" for ev in e["events"]
            if ev.get("type") == "damage" and ev.get("target") == "bob"]
    assert hurt


def test_s3_grenade_8_resolve_without_phases_goes_off_before_the_next_rounds_first_action():
    """S3-GRENADE-8 in ``clinch resolve`` without rounds written down (SITUATION-FORMAT: "otherwise before the
    first action of the next round"): the fuse goes off as round 2 begins, and the message says when."""
    from game.rules.nd6 import grenades

    b = _fuse_battle()
    ev = play(b, {"actor": "ann", "type": "throw_grenade", "item": "frag_grenade", "to": [4, 0],
                  "fuse": "next_movement"}, [3, 3, 3])
    assert any("before its first action" in e.get("text", "") for e in of_type(ev, "message"))
    assert len(grenades.pending(b)) == 1
    ev = RS.movement_ended(b, None)  # the hook is a no-op in the round it was thrown
    assert ev == [] and len(grenades.pending(b)) == 1
    from game.dice import ScriptedDice

    b.round += 1
    ev = RS.start_round(b, ScriptedDice([1, 1, 1, 1]))
    assert any(e.get("type") == "damage" and e.get("target") == "bob" for e in ev)
    assert grenades.pending(b) == [] and RS.movement_ended(b, None) == []


def test_s3_sword_1_the_computer_does_not_count_a_sword_it_cannot_use():
    """S3-SWORD-1: what a fighter's hands are worth to the computer opponent (``arms``) counts a monofilament
    sword only with the Sword skill; without it the fighter is worth its fists."""
    from game.rules.nd6.arms import arms

    b = battle_of([man("ann", "red", 0, hold="mono_sword"), man("bob", "blue", 1, facing=3),
                   man("cat", "red", 3), man("dan", "blue", 4, facing=3)])
    fists = arms(b, b.fighter("cat"))
    assert arms(b, b.fighter("ann")) == fists
    b.fighter("ann").skills["sword"] = 1
    assert arms(b, b.fighter("ann")) > fists
