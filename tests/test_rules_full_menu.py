"""3d6-full: the menu (legal_actions) and exact odds of the S2-only moves, and one `clinch resolve` run."""

import itertools
import json

from helpers_full import battle, duo, fighter, grip, rs

from game.cli import main
from game.rules.threed6.full import (
    ArmLock,
    ArmLockDamage,
    ChokeHold,
    FullBreakFree,
    FullTakedown,
    Strangle,
    WrenchLimb,
)

FACES = list(itertools.product(range(1, 7), repeat=3))


def _succeeds(total, target):
    return total <= 4 or (total <= 16 and total <= target)


def _margin_ok(total, target):
    return target - total, _succeeds(total, target)


def brute_quick(ta, tb):
    """(win, tie, lose) of a Quick Contest by enumerating all 216 x 216 rolls (G0-1, G0-2)."""
    w = t = 0
    for fa in FACES:
        ma, oa = _margin_ok(sum(fa), ta)
        for fb in FACES:
            mb, ob = _margin_ok(sum(fb), tb)
            if oa != ob:
                w += oa
            elif ma != mb:
                w += ma > mb
            else:
                t += 1
    n = 216 * 216
    return w / n, t / n, 1 - (w + t) / n


def test_S2_STRANGLE_3_menu_and_exact_odds():
    """S2-STRANGLE-3: the menu offers the strangle (Attack and All-Out Attack); its odds are the exact Quick
    Contest of 12 against 13."""
    b = duo(bob={"stats": {"HT": 13}}, grapples=(grip(location="neck"),))
    opts = [o for o in rs(b).legal_actions(b, "ann") if o.action.type == "strangle"]
    assert {o.action.maneuver for o in opts} == {"attack", "all_out_attack"} and all(o.legal for o in opts)
    odds = rs(b).odds(b, Strangle("ann", target="bob"))
    win, tie, lose = brute_quick(12, 13)
    assert abs(odds["win"] - win) < 1e-12 and abs(odds["tie"] - tie) < 1e-12 and abs(odds["lose"] - lose) < 1e-12


def test_S2_WRENCH_3_and_S2_ARMLOCK_10_odds_are_exact_contests():
    """S2-WRENCH-3 (ST-4 = 8 vs 12) and S2-ARMLOCK-10 (Judo 14 vs 12) odds by enumeration."""
    b = duo(grapples=(grip(location="arm", extra={"limb": "right", "victim_turns": 1}),))
    w = rs(b).odds(b, WrenchLimb("ann", location="arm"))
    assert abs(w["win"] - brute_quick(8, 12)[0]) < 1e-12
    b = duo({"skills": {"Judo": 14}}, grapples=(grip(location="arm", kind="arm_lock", extra={"limb": "right"}),))
    d = rs(b).odds(b, ArmLockDamage("ann"))
    assert abs(d["win"] - brute_quick(14, 12)[0]) < 1e-12 and abs(sum(d.values()) - 1) < 1e-12


def test_S2_CHOKE_4_odds_hit_defended_miss():
    """S2-CHOKE-3/4: Judo 14-2 = 12 to hit; bob's dodge 8 - 2 = 6; a critical hit cannot be defended."""
    b = battle(fighter("ann", skills={"Judo": 14}), fighter("bob", "blue", (1, 0), facing=0))
    o = rs(b).odds(b, ChokeHold("ann", target="bob"))
    hit = sum(_succeeds(sum(f), 12) for f in FACES) / 216
    crit = sum(sum(f) <= 4 for f in FACES) / 216
    dodge = sum(_succeeds(sum(f), 6) for f in FACES) / 216
    assert abs(o["miss"] - (1 - hit)) < 1e-12
    assert abs(o["defended"] - (hit - crit) * dodge) < 1e-12
    assert abs(sum(o.values()) - 1) < 1e-12


def test_S2_ARMLOCK_3_menu_greys_out_the_lock_with_its_reason():
    """S2-ARMLOCK-2/3: without a parry the arm lock is listed but not legal, with the reason."""
    b = duo({"skills": {"Judo": 14}}, same_hex=False)
    (o, _aoa) = [o for o in rs(b).legal_actions(b, "ann") if o.action.type == "arm_lock"]
    assert not o.legal and o.reason.rule == "S2-ARMLOCK-2"
    assert isinstance(o.action, ArmLock)


def test_S2_BREAK_1_menu_uses_the_full_classes():
    """S2-BREAK-1, S2-TAKEDOWN-4: break free and takedown entries are this ruleset's own classes."""
    b = duo(grapples=(grip(),))
    kinds = {type(o.action) for o in rs(b).legal_actions(b, "bob") if o.action.type == "break_free"}
    assert kinds == {FullBreakFree}
    kinds = {type(o.action) for o in rs(b).legal_actions(b, "ann") if o.action.type == "takedown"}
    assert kinds == {FullTakedown}
    o = rs(b).odds(b, FullBreakFree("bob"))
    assert abs(sum(o.values()) - 1) < 1e-12


def test_S2_STRANGLE_9_resolve_end_to_end(tmp_path, capsys):
    """S2-STRANGLE-6..9 through `clinch resolve`: the damage, the suffocating condition, exit status 0."""
    situation = {
        "ruleset": "3d6-full", "map": None,
        "fighters": [
            {"id": "ann", "side": "red", "hex": [0, 0], "facing": 0, "stats": {"ST": 12, "DX": 11, "IQ": 10, "HT": 11}},
            {"id": "bob", "side": "blue", "hex": [0, 0], "facing": 3,
             "stats": {"ST": 10, "DX": 11, "IQ": 10, "HT": 13, "HP": 20}},
        ],
        "grapples": [{"holder": "ann", "target": "bob", "location": "neck", "hands": 2, "kind": "grapple"}],
        "actions": [{"actor": "ann", "type": "strangle"}],
        "dice": [1, 2, 3, 4, 4, 4],
    }
    path = tmp_path / "strangle.json"
    path.write_text(json.dumps(situation))
    assert main(["resolve", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    dmg = next(e for e in out["events"] if e["type"] == "damage")
    assert (dmg["amount"], dmg["injury"], dmg["rule"]) == (5, 7, "S2-STRANGLE-6")
    bob = next(f for f in out["state"]["fighters"] if f["id"] == "bob")
    assert "suffocating" in bob["conditions"] and bob["hp"] == 13 and out["dice_left"] == []
