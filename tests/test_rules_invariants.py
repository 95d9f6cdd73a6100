"""Random legal play from random small 3d6 situations keeps the grappling invariants after every event.

After each event: a grip's holder and target exist and share a hex; nobody holds with more hands than it
has (nor with a hand that holds an item); a pinned fighter is lying down. Every action the menu lists as
legal passes its own check, and nothing it lists as illegal is accepted by ``check``.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.dice import SeededDice
from game.hexgrid import Hex
from game.model import Battle, Fighter, Grapple, RngState
from game.rules.base import rules_of as ruleset_for
from game.rules.events import apply_event
from game.rules.threed6.status import BODY_LOCATIONS

POSTURES = ["standing", "standing", "standing", "kneeling", "prone", "crouching"]
ITEMS = [None, None, None, "knife", "broadsword", "shield", "club"]
HEXES = [Hex(0, 0), Hex(0, 0), Hex(1, 0), Hex(0, 1)]


def check_invariants(b: Battle, where: str) -> None:
    ids = {f.id for f in b.fighters}
    used: dict[str, int] = {}
    for g in b.grapples:
        assert g.holder in ids and g.target in ids and g.holder != g.target, where
        h, t = b.fighter(g.holder), b.fighter(g.target)
        assert h.hex == t.hex, f"{where}: {g.holder} holds {g.target} from another hex"
        used[g.holder] = used.get(g.holder, 0) + g.hands
        for name in g.hand_names:
            assert name in h.hands and h.hands[name] is None, f"{where}: {g.holder} grips with a full hand {name}"
        if g.kind == "pin":
            assert t.posture == "prone", f"{where}: pinned {g.target} is {t.posture}"
    for fid, n in used.items():
        assert n <= len(b.fighter(fid).hands), f"{where}: {fid} holds with {n} hands"


@st.composite
def situations(draw) -> Battle:
    n = draw(st.integers(2, 4))
    fighters = []
    for i in range(n):
        hands = {"right": draw(st.sampled_from(ITEMS)), "left": draw(st.sampled_from([None, None, "shield"]))}
        fighters.append(Fighter(
            id=f"f{i}", side="red" if i % 2 == 0 else "blue", hex=draw(st.sampled_from(HEXES)),
            facing=draw(st.integers(0, 5)), posture=draw(st.sampled_from(POSTURES)),
            stats={"ST": draw(st.integers(8, 26)), "DX": draw(st.integers(8, 14)), "IQ": 10,
                   "HT": draw(st.integers(8, 13))},
            skills=draw(st.sampled_from([{}, {"Wrestling": 13}, {"Brawling": 12, "Broadsword": 13}])),
            size=draw(st.sampled_from([0, 0, 0, 1, 2])), hands=hands,
            items=draw(st.sampled_from([[], ["knife"]]))))
    grips = []
    for f in fighters:
        others = [o for o in fighters if o.hex == f.hex and o.id != f.id and o.side != f.side]
        free = [h for h, it in f.hands.items() if it is None]
        if others and free and draw(st.booleans()):
            t = others[0]
            if any(g.target == t.id and g.holder == f.id for g in grips):
                continue
            kind = "pin" if t.posture == "prone" and draw(st.booleans()) else "grapple"
            loc = "torso" if kind == "pin" else draw(st.sampled_from(["torso", "arm", "leg", "head"]))
            k = draw(st.integers(1, len(free)))
            grips.append(Grapple(holder=f.id, target=t.id, location=loc, hands=k, kind=kind, hand_names=free[:k],
                                 extra={"limb": "right"} if loc in ("arm", "leg") else {}))
    return Battle(ruleset=draw(st.sampled_from(["3d6-lite"])), fighters=fighters, grapples=grips, turn=1, round=1,
                  rng=RngState(seed=draw(st.integers(0, 2**32))))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(), st.integers(0, 2**16))
def test_random_legal_play_keeps_invariants(b: Battle, seed: int) -> None:
    rs = ruleset_for(b)
    pick = random.Random(seed)
    check_invariants(b, "start")
    for step in range(15):
        able = [f for f in b.fighters if rs.can_act(b, f)]
        if not able:
            break
        actor = pick.choice(able)
        options = rs.legal_actions(b, actor.id)
        legal = [o for o in options if o.legal]
        illegal = [o for o in options if not o.legal]
        for o in pick.sample(illegal, min(3, len(illegal))):
            assert o.action.check(b) is not None, f"illegal option accepted: {o.action.text()}"
        if not legal:
            continue
        option = pick.choice(legal)
        assert option.action.check(b) is None, option.action.text()
        assert abs(sum(rs.odds(b, option.action).values()) - 1.0) < 1e-9
        before = b.clone(with_log=False)
        events = option.action.resolve(b, SeededDice(b.rng))
        for i, ev in enumerate(events):
            apply_event(before, ev)
            check_invariants(before, f"step {step} {option.action.text()} event {i} {ev['type']}")
        check_invariants(b, f"after {option.action.text()}")
        for g in b.grapples:
            assert g.location in BODY_LOCATIONS or g.location in b.fighter(g.target).hands.values() \
                or g.location is not None
        if not option.action.free:
            rs.end_turn(b, actor.id, SeededDice(b.rng))
            b.turn += 1
            if step % len(b.fighters) == len(b.fighters) - 1:
                b.round += 1
