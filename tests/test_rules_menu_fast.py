"""The fast menu (``legal_actions``) agrees with the slow per-option ``check`` on random positions (G0-4).

``legal_actions`` shares checks between options, lists moves from one search
and trusts that search for Move and Attack; ``odds`` keeps value-keyed caches.
On seeded random 3d6-lite and 3d6-full positions (walls, grips, pins, items,
stunned or wounded fighters, foes near and far) this checks that:

- every option carries exactly the reason its own ``check`` gives (the same
  text and rule, not just the same verdict);
- the listed Move destinations are exactly the hexes a Move may reach, and
  every Move and Attack step next to a foe that is left out is illegal;
- ``odds`` gives the same numbers on a fresh copy of the battle with every
  cache emptied, and a strike's odds are those of the roll ``strike`` makes
  against the defence ``roll_defense`` picks.
"""

from __future__ import annotations

import random

import pytest

from game import dice as D
from game.hexgrid import Hex, hex_distance, hex_spiral
from game.model import Battle, Board, Fighter, Grapple
from game.rules.base import rules_of as ruleset_for
from game.rules.threed6 import combat as C
from game.rules.threed6 import maneuvers as M
from game.rules.threed6 import odds as O
from game.rules.threed6 import stats as S
from game.rules.threed6.status import BODY_LOCATIONS

CENTER = Hex(3, 6)
ITEMS = [None, None, None, "knife", "broadsword", "shield", "club", "staff"]
POSTURES = ["standing"] * 5 + ["kneeling", "prone", "crouching", "sitting", "crawling"]
SKILLS = [{}, {"Wrestling": 13}, {"Brawling": 12, "Broadsword": 13}, {"Judo": 14, "Karate": 12}]


def _position(seed: int, ruleset: str) -> Battle:
    rnd = random.Random(seed)
    board = Board.open_field(14, 14)
    near = hex_spiral(CENTER, 1)
    for c in board.cells:
        if c.hex not in near and rnd.random() < 0.12:
            c.blocks_movement = True
    open_hexes = [c.hex for c in board.cells if not c.blocks_movement]
    close = [h for h in open_hexes if hex_distance(h, CENTER) <= 1]
    far = [h for h in open_hexes if 2 <= hex_distance(h, CENTER) <= 5]
    fighters = []
    for i in range(rnd.randint(3, 8)):
        roll = rnd.random()
        hx = CENTER if roll < 0.4 else rnd.choice(close if roll < 0.75 else far)
        stats = {"ST": rnd.randint(8, 26), "DX": rnd.randint(8, 14), "IQ": 10, "HT": rnd.randint(8, 13)}
        fighters.append(Fighter(
            id=f"f{i}", side="red" if i % 2 == 0 else "blue", hex=hx, facing=rnd.randint(0, 5),
            posture=rnd.choice(POSTURES), stats=stats, skills=dict(rnd.choice(SKILLS)),
            size=rnd.choice([0, 0, 0, 1, -1]),
            hands={"right": rnd.choice(ITEMS), "left": rnd.choice([None, None, "shield"])},
            items=rnd.choice([[], ["knife"]]),
            hp=rnd.choice([None, None, None, 3, -2]),
            conditions=rnd.choice([[], [], [], ["stunned"], ["helpless"], ["unconscious"]]),
            counters=rnd.choice([{}, {}, {"evaluate": {"target": "f1", "bonus": 2}}])))
    grips: list[Grapple] = []
    used: dict[str, set[str]] = {}
    for f in fighters:
        for t in fighters:
            if t.side == f.side or t.hex != f.hex or rnd.random() < 0.3:
                continue
            if any(g.holder == f.id and g.target == t.id for g in grips):
                continue
            free = [h for h, it in f.hands.items() if it is None and h not in used.get(f.id, set())]
            if not free:
                continue
            n = rnd.randint(1, len(free))
            kind = "pin" if t.posture == "prone" and rnd.random() < 0.4 else "grapple"
            loc = "torso" if kind == "pin" else rnd.choice(["torso", "arm", "leg", "head"])
            used.setdefault(f.id, set()).update(free[:n])
            grips.append(Grapple(holder=f.id, target=t.id, location=loc, hands=n, kind=kind, hand_names=free[:n],
                                 extra={"limb": "right", "made_on_turn": rnd.choice([1, 7])}
                                 if loc in ("arm", "leg") else {"made_on_turn": rnd.choice([1, 7])}))
    effects = []
    for f in fighters:
        if rnd.random() < 0.15:
            effects.append({"fighter": f.id, "kind": rnd.choice(["shock", "all_out_defense", "all_out_attack"]),
                            "until": "next_turn", "data": {"penalty": 2, "defense": "parry"}})
    return Battle(ruleset=ruleset, board=board, fighters=fighters, grapples=grips, effects=effects, turn=7, round=3)


def _empty_caches() -> None:
    for name in dir(O):
        cache = getattr(O, name)
        if name.isupper() and name.endswith("_CACHE") and isinstance(cache, dict):
            cache.clear()


@pytest.mark.parametrize("ruleset", ["3d6-lite", "3d6-full"])
@pytest.mark.parametrize("seed", range(12))
def test_fast_menu_equals_the_slow_per_option_check(ruleset: str, seed: int) -> None:
    """G0-4, S0-VICTIM-1, S0-HOLD-3: each option's reason is its own check's; moves listed are all and only
    the reachable hexes; odds do not depend on what the caches hold."""
    b = _position(seed, ruleset)
    rs = ruleset_for(b)
    for actor in b.fighters:
        options = rs.legal_actions(b, actor.id)
        assert options
        for o in options:
            assert o.reason == o.action.check(b), (o.action.text(), o.reason, o.action.check(b))
            assert type(o.action) is rs.actions[o.action.type], o.action.text()  # the ruleset's own class
        legal = [o for o in options if o.legal]
        # Moves: exactly the hexes a Move may reach.
        moves = {Hex.of(o.action.to) for o in legal if o.action.type == "move"}
        if moves:
            radius = max(hex_distance(actor.hex, h) for h in moves) + 1
            expect = {h for h in hex_spiral(actor.hex, radius)
                      if h != actor.hex and M.Move(actor.id, to=(h.q, h.r)).check(b) is None}
            assert moves == expect
        # Move and Attack: a step next to a foe that the menu leaves out is not legal.
        listed = {(o.action.target, o.action.to) for o in options if o.action.type == "move_and_attack"}
        for foe in b.fighters:
            if (foe.id, None) in listed or not any(t == foe.id for t, _ in listed):
                continue
            for h in hex_spiral(foe.hex, 1)[1:]:
                if h != actor.hex and (foe.id, (h.q, h.r)) not in listed:
                    assert M.MoveAndAttack(actor.id, to=(h.q, h.r), target=foe.id).check(b) is not None
        # Odds: the same with warm caches and on a fresh copy with none.
        warm = [rs.odds(b, o.action) for o in legal]
        _empty_caches()
        copy = b.clone(with_log=False)
        cold = [rs.odds(copy, o.action) for o in legal]
        assert warm == cold
        for o, p in zip(legal, warm):
            assert sum(p.values()) == pytest.approx(1.0), o.action.text()
            if isinstance(o.action, (M.Attack, M.AllOutAttack, M.MoveAndAttack, M.Bite)):
                assert p == _strike_odds_from_scratch(rs, b, o.action), o.action.text()


def _strike_odds_from_scratch(rs, b: Battle, a) -> dict[str, float]:
    """G0-5: the attack roll as ``strike`` builds it, against the defence ``roll_defense`` would pick."""
    actor, target = b.fighter(a.actor), b.fighter(a.target)
    weapon = "bite" if isinstance(a, M.Bite) else a.item
    spec = M.strike_spec(b, rs, actor, target, weapon, getattr(a, "location", "torso"), a.maneuver_name(),
                         getattr(a, "option", "determined"))
    d_target = None
    if a.defense != "none":
        att = C.AttackInfo(actor.id, "strike", None if weapon in S.NATURAL_ATTACKS else weapon)
        opts = [d for d in C.defense_options(rs, b, target, att) if a.defense in (None, d.kind)]
        best = C.best_defense(opts)
        d_target = best.target if best is not None else None
    p_ok = D.success_chance(spec.target)
    p_def = D.success_chance(d_target) if d_target is not None else 0.0
    defended = (p_ok - D.critical_chances(spec.target)[0]) * p_def
    return {"hit": p_ok - defended, "defended": defended, "miss": 1.0 - p_ok}


def test_positions_cover_the_interesting_cases() -> None:
    """The random positions above hold grips, pins, walls, far foes and illegal options of many kinds."""
    kinds: set[str] = set()
    grips = pins = far = 0
    for seed in range(12):
        b = _position(seed, "3d6-full")
        grips += len(b.grapples)
        pins += sum(g.kind == "pin" for g in b.grapples)
        far += sum(hex_distance(f.hex, CENTER) >= 2 for f in b.fighters)
        assert any(c.blocks_movement for c in b.board.cells)
        for f in b.fighters:
            kinds |= {o.action.type for o in ruleset_for(b).legal_actions(b, f.id) if o.legal}
        assert all(g.location in BODY_LOCATIONS for g in b.grapples)
    assert grips >= 6 and pins >= 1 and far >= 6
    assert {"move", "attack", "grapple", "move_and_attack", "takedown", "break_free"} <= kinds
