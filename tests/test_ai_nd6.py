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


def fighter(fid: str, side: str, hex_: tuple[int, int], *, st: int = 12, dx: int = 12, ma: int = 0, hands=None,
            **more):
    return {"id": fid, "side": side, "hex": list(hex_), "stats": {"ST": st, "DX": dx, "IQ": 10, "MA": ma},
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
    from game.files.maps import load_scenario

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


# -- hand-to-hand, subduing, knocking down, pole arms (S3-HTH, S3-SUBDUE, S3-KNOCK, S3-POLE) ---------------------

def test_s3_hth_2_a_knife_drags_a_kneeling_swordsman_into_hand_to_hand():
    """S3-HTH-2 (a kneeling foe is open to HTH), S3-HTH-8/10/11 (the defender lets go of its broadsword, the knife
    stays in hand), S3-HTH-16 (+4 to hit inside): with a knife against a kneeling broadsword (ST 14), the hard
    level tries the brawl rather than cut at it from outside, whatever its seed. The brawl's worth lies in the
    exchange after it (``ai_arms``, and the look-ahead's ``lookahead_kinds``), not in the die's own outcome."""
    fs = [fighter("ann", "red", (0, 0), hands={"right": "knife"}, facing=0),
          fighter("bob", "blue", (1, 0), st=14, hands={"right": "broadsword"}, facing=3, posture="kneeling")]
    for seed in range(3):
        t = table_at(fs, "ann", "action")
        d = decide(t, "ann", seed)
        assert d.action.type == "hth" and d.action.target == "bob", d.explain()


def test_s3_hth_4_from_the_rear_hex_a_knife_drags_a_swordsman_into_hand_to_hand():
    """S3-HTH-4 (an attack from the foe's rear hex allows HTH), S3-HTH-14 (-2 on the table from behind: the
    brawl begins on five faces in six), S3-HTH-8/10: in a broadsword's rear hex with a knife, the hard level
    enters the brawl."""
    fs = [fighter("ann", "red", (0, 0), hands={"right": "knife"}, facing=0),
          fighter("bob", "blue", (1, 0), st=14, hands={"right": "broadsword"}, facing=0)]
    for seed in range(3):
        t = table_at(fs, "ann", "action")
        d = decide(t, "ann", seed)
        assert d.action.type == "hth", d.explain()


def test_s3_hth_13_no_brawl_where_the_table_gives_the_defender_its_free_hit():
    """S3-HTH-13/14: against a defender two Martial Arts levels above it, the table's die is +2, so the brawl
    begins on two faces in six and two give the defender a free hit (7+): the hard level cuts at the kneeling
    swordsman instead. And S3-HTH-8: a broadsword does not drag a kneeling knife-man into a brawl, where it would
    have to let go of its own sword."""
    swordsman = [fighter("ann", "red", (0, 0), hands={"right": "knife"}, facing=0),
                 fighter("bob", "blue", (1, 0), st=14, ma=2, hands={"right": "broadsword"}, facing=3,
                         posture="kneeling")]
    knife_man = [fighter("ann", "red", (0, 0), st=14, hands={"right": "broadsword"}, facing=0),
                 fighter("bob", "blue", (1, 0), hands={"right": "knife"}, facing=3, posture="kneeling")]
    for fs in (swordsman, knife_man):
        for seed in range(3):
            t = table_at(fs, "ann", "action")
            d = decide(t, "ann", seed)
            assert d.action.type != "hth", d.explain()


def test_s3_subdue_2_a_martial_artist_subdues_an_armoured_brawler_rather_than_punch():
    """S3-SUBDUE-1/2/3/5: in a brawl with an ST 14 foe in an armoured jacket (stops 4, G3-6), a Martial Arts 3
    fighter's fists (1d6+2 at +4, S3-HTH-16, S3-MA-4) barely get through, while its opposed roll (eDX 13 +3 against
    eST 14) wins 63%: the hard level subdues, whatever its seed. Against a hurt, unarmoured foe it strikes to
    finish it."""
    def brawl(**foe):
        return [fighter("ann", "red", (0, 0), st=11, dx=13, ma=3, hands={"right": None}, posture="prone",
                        conditions=["in_hth"]),
                fighter("bob", "blue", (0, 0), hands={"right": None}, posture="prone", conditions=["in_hth"], **foe)]
    for seed in range(3):
        t = table_at(brawl(st=14, items=["jacket"]), "ann", "action")
        d = decide(t, "ann", seed)
        assert d.action.type == "subdue" and d.action.target == "bob", d.explain()
        t = table_at(brawl(st=10, hp=3), "ann", "action")
        d = decide(t, "ann", seed)
        assert d.action.type == "attack", d.explain()


def test_s3_knock_1_a_martial_artist_knocks_down_an_armoured_pole_arm():
    """S3-KNOCK-1/2/3/5, S3-MA-3: a Martial Arts 3 fighter (DX 13) next to a pole-arm in full body armour (stops 6,
    G3-6: its fists do nothing through it) knocks it down (eDX +3 against eST 12: wins 78%) rather than strike."""
    fs = [fighter("ann", "red", (0, 0), dx=13, ma=3, hands={"right": None}, facing=0),
          fighter("bob", "blue", (1, 0), hands={"right": "pole_arm"}, facing=3, items=["full_body_armor"])]
    for seed in range(3):
        t = table_at(fs, "ann", "action")
        d = decide(t, "ann", seed)
        assert d.action.type in ("knockdown", "throw") and d.action.target == "bob", d.explain()


def _charged_at(ann: dict, bob: dict) -> ControllerTable:
    """Blue's side moves first (G3-3) and bob charges ann (G3-4: the blow lands in the action phase); on to
    ann's movement slot."""
    from game.rules.nd6.actions import ChooseOrder

    b = battle_of([ann, bob])
    b.options["round_limit"] = 10
    t = ControllerTable(b, RS, 10)
    for _ in range(40):
        fid = t.actor()
        phase = b.state["initiative"].get("phase")
        if phase == "choose":
            act = ChooseOrder(actor=fid, first=b.fighter(fid).side == "blue")
        elif fid == "bob" and phase == "movement":
            act = next(a for a in t.options("bob") if a.type == "charge")
        elif fid == "ann" and phase == "movement":
            return t
        else:
            act = next(a for a in t.options(fid) if a.type == "wait")
        ok, why, _, _ = t.submit(act)
        assert ok, why
    raise AssertionError("ann never got a movement slot")


def test_s3_pole_2_it_sets_its_pole_arm_against_a_charger_that_strikes_first():
    """S3-POLE-2, G3-3, G3-4: a katana (DX 13) has charged a hurt pole-arm (DX 11, ST 6 of 12) and will strike
    first in the action phase. The hard level sets its pole arm in its movement slot (the charger's blow then
    meets it first at +2, double damage) rather than wait for the blow; the foe who strikes before the mover's
    later slot is played before it (``game.ai.slots.split_slots``)."""
    ann = fighter("ann", "red", (0, 0), dx=11, hp=6, hands={"right": "pole_arm"}, facing=0)
    bob = fighter("bob", "blue", (4, 0), dx=13, hands={"right": "katana"}, facing=3)
    for seed in range(3):
        t = _charged_at(ann, bob)
        assert hex_distance(t.battle.fighter("bob").hex, t.battle.fighter("ann").hex) == 1
        d = decide(t, "ann", seed)
        assert d.action.type == "set_vs_charge", d.explain()


def test_s3_hth_8_what_hands_are_worth_outside_and_inside_a_brawl():
    """S3-HTH-8/10 (only knives, brass knuckles and pistols work inside), S3-HTH-16 (+4), S3-UNARMED-3/4 (bare
    hands: the ST table's Damage column outside, its HTH column inside), S3-MA-4 (+3 steps), S3-AUTO-24 (a
    jammed gun counts half: a Ready action clears it): what ``ai_arms`` gives a fighter's hands, in the evaluation's units."""
    from game.rules.nd6 import arms

    def worth(hands, conditions=(), ma=0, jammed=()):
        f = battle_of([fighter("ann", "red", (0, 0), ma=ma, hands=hands, conditions=list(conditions)),
                       fighter("bob", "blue", (3, 0))]).fighter("ann")
        if jammed:
            f.counters["jammed"] = list(jammed)
        return RS.ai_arms(None, f)

    sword, fists = worth({"right": "broadsword"}), worth({"right": None, "left": None})
    assert sword > 2 * fists > 0  # 2d6 against the ST 12 row's 1d6-2
    assert worth({"right": None, "left": None}, ["in_hth"]) > fists  # the HTH column, at +4
    assert worth({"right": "knife"}, ["in_hth"]) > worth({"right": "knife"})  # S3-UNARMED-5: 1d6+2 at +4
    assert worth({"right": None, "left": None}, ma=3) > fists  # S3-MA-4: +3 steps
    rifle = worth({"right": "assault_rifle"})
    assert worth({"right": "assault_rifle"}, jammed=["assault_rifle"]) == rifle / 2
    assert arms.PER_HIT * arms.BLOWS * arms.blow_hits(
        battle_of([fighter("ann", "red", (0, 0), hands={"right": "broadsword"})]).fighter("ann"), "broadsword",
        hth=False) == sword


def test_g3_3_foes_whose_slots_all_come_first_strike_before_the_movers_blow():
    """G3-3: the action slots go by adjusted DX after every movement slot. A foe whose every slot left this round
    comes before the mover's later one strikes before the mover's blow; one with a slot after it, after."""
    from game.ai.slots import split_slots

    assert split_slots(["bob", "ann"], "ann") == (["bob"], [])
    assert split_slots(["bob", "ann", "cid"], "ann") == (["bob"], ["cid"])
    assert split_slots(["bob", "ann", "bob"], "ann") == ([], ["bob"])  # bob moves now, strikes after ann
    assert split_slots(["bob", "bob", "ann"], "ann") == (["bob"], [])


def test_s3_hth_9_the_outcomes_searched_for_a_reply_stand_for_their_share_of_the_samples():
    """S3-HTH-9/10/12: a brawl begins on four faces of the table's die in six; its two outcomes searched for a
    reply (an antithetic pair: begun, fended off) count as the samples nearest each (``candidates.strata``), not
    half and half."""
    from game.ai.candidates import Candidate, strata

    c = Candidate(action=None, order=0, values=[1.0, 0.0, 1.0, 1.0, 0.0, 1.0])  # type: ignore[arg-type]
    assert strata(c, 2) == [4 / 6, 2 / 6]
    c.values = [0.5, 0.5, 2.0]  # both searched alike: the share is split
    assert strata(c, 2) == [0.5, 0.5]
    assert strata(c, 1) == [1.0]
