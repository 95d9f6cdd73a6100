#!/usr/bin/env python3
"""How fast the rules engine resolves: contests, grapple exchanges, legal actions with their odds.

Three figures, each the median of several runs:

- ``contests_per_s``: ``resolve`` of a break-free Quick Contest (the foe holds
  with two hands), seeded dice, on fresh copies of the battle (copying is not
  timed). Goal: at least 20,000 per second.
- ``exchange_per_s``: a full grapple exchange: a grapple attempt that the foe
  tries to dodge, then a takedown (both checked, then resolved), with dice that
  make the attacker succeed and the defender fail so every exchange is whole.
- ``legal_odds_ms``: ``legal_actions`` for one fighter in a 4v4 melee (two
  grips in force, fighters sharing hexes) plus ``odds`` for every legal
  option, each run on a position no cache has seen (the same melee moved
  across the field), as after every event in play; the figure repeated on
  one unchanged position is printed too. Goal: under 2 ms (the AI and the UI
  call these constantly).

The last line is exactly ``rules: contests_per_s=X exchange_per_s=Y legal_odds_ms=Z``.

    python3 tools/bench_rules.py [--ruleset 3d6-lite] [--runs 7] [--quick]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.dice import SeededDice  # noqa: E402
from game.files.situation import Situation, SituationError, build_situation, parse_situation  # noqa: E402
from game.rules.base import UnknownRuleset  # noqa: E402

GOAL_CONTESTS = 20_000
GOAL_LEGAL_MS = 2.0

STATS = {"ST": 12, "DX": 12, "IQ": 10, "HT": 11}


def fighter(fid: str, side: str, hx: list[int], facing: int = 0, **more: Any) -> dict[str, Any]:
    return {"id": fid, "side": side, "hex": hx, "facing": facing, "stats": dict(STATS),
            "skills": {"Wrestling": 13, "Brawling": 12}, **more}


def contest_situation(ruleset: str) -> dict[str, Any]:
    return {"ruleset": ruleset, "fighters": [fighter("ann", "red", [0, 0]), fighter("bob", "blue", [0, 0], 3)],
            "grapples": [{"holder": "ann", "target": "bob", "location": "torso", "hands": 2, "kind": "grapple"}],
            "actions": [{"actor": "bob", "type": "break_free"}]}


def exchange_situation(ruleset: str) -> dict[str, Any]:
    return {"ruleset": ruleset, "fighters": [fighter("ann", "red", [0, 0]), fighter("bob", "blue", [0, 0], 3)],
            "actions": [{"actor": "ann", "type": "grapple", "target": "bob", "location": "torso", "hands": 2,
                         "defense": "dodge"},
                        {"actor": "ann", "type": "takedown", "target": "bob"}]}


def melee_situation(ruleset: str) -> dict[str, Any]:
    red = [fighter("r1", "red", [0, 0]), fighter("r2", "red", [1, 0]), fighter("r3", "red", [0, 1]),
           fighter("r4", "red", [-1, 1])]
    blue = [fighter("b1", "blue", [0, 0], 3), fighter("b2", "blue", [1, 0], 3), fighter("b3", "blue", [1, -1], 4),
            fighter("b4", "blue", [-1, 0], 5)]
    return {"ruleset": ruleset, "fighters": red + blue,
            "grapples": [{"holder": "r1", "target": "b1", "location": "torso", "hands": 1, "kind": "grapple"},
                         {"holder": "b2", "target": "r2", "location": "arm", "hands": 2, "kind": "grapple"}]}


def brawl_situation(ruleset: str) -> dict[str, Any]:
    """A 4v4 melee for a ruleset with no grips (nd6 keeps none, and only brawlers share a hex): every fighter
    in its own hex, each next to two or three foes, facing them."""
    red = [fighter("r1", "red", [0, 0], 5), fighter("r2", "red", [1, 0], 5), fighter("r3", "red", [2, 0], 5),
           fighter("r4", "red", [3, 0], 5)]
    blue = [fighter("b1", "blue", [0, 1], 2), fighter("b2", "blue", [1, 1], 2), fighter("b3", "blue", [2, 1], 2),
            fighter("b4", "blue", [-1, 1], 2)]
    for f in red + blue:
        f.pop("skills")
    return {"ruleset": ruleset, "fighters": red + blue}


def has_grips(ruleset: str) -> bool:
    """Whether the ruleset has the grapple verbs the contest and exchange figures play."""
    from game.rules.base import find_ruleset

    return {"break_free", "grapple", "takedown"} <= set(find_ruleset(ruleset).actions)


def build(data: dict[str, Any], name: str) -> Situation:
    spec = parse_situation(json.dumps(data).encode(), name=name)
    return build_situation(spec, name=name, base_dir=ROOT)


class CyclingDice:
    """Faces from a fixed cycle: with ``[3, 3, 3, 5, 5, 6]`` every first roll of a pair is 9, the second 16."""

    def __init__(self, cycle: list[int]) -> None:
        self.cycle = cycle
        self.n = 0
        self.used: list[int] = []

    def roll(self, count: int, sides: int, purpose: str = "", rule: str = "") -> list[int]:
        out = []
        for _ in range(count):
            out.append(min(self.cycle[self.n % len(self.cycle)], sides))
            self.n += 1
        return out


def bench_contests(sit: Situation, batch: int, runs: int) -> float:
    (action,) = sit.actions
    rates = []
    for run in range(runs):
        battles = [sit.battle.clone(with_log=False) for _ in range(batch)]
        dices = []
        for i, b in enumerate(battles):
            b.rng.seed = run * batch + i
            dices.append(SeededDice(b.rng))
        resolve = action.resolve
        start = time.perf_counter()
        for b, d in zip(battles, dices):
            resolve(b, d)
        rates.append(batch / (time.perf_counter() - start))
    return statistics.median(rates)


def bench_exchange(sit: Situation, batch: int, runs: int) -> tuple[float, str]:
    grapple, takedown = sit.actions
    # check the dice really give a whole exchange (grip taken, foe down)
    probe = sit.battle.clone(with_log=False)
    dice = CyclingDice([3, 3, 3, 5, 5, 6])
    note = ""
    if grapple.check(probe) is None:
        grapple.resolve(probe, dice)
        probe.turn += 1  # moves after a grapple come on a later turn (as clinch resolve plays them)
        reason = takedown.check(probe)
        if reason is None:
            takedown.resolve(probe, dice)
            if probe.fighter("bob").posture == "standing":
                note = "the takedown did not put the foe down"
        else:
            note = f"the takedown was not legal after the grapple: {reason}"
    else:
        note = f"the grapple was not legal: {grapple.check(probe)}"
    rates = []
    for _ in range(runs):
        battles = [sit.battle.clone(with_log=False) for _ in range(batch)]
        start = time.perf_counter()
        for b in battles:
            d = CyclingDice([3, 3, 3, 5, 5, 6])
            if grapple.check(b) is None:
                grapple.resolve(b, d)
                b.turn += 1
                if takedown.check(b) is None:
                    takedown.resolve(b, d)
        rates.append(batch / (time.perf_counter() - start))
    return statistics.median(rates), note


@dataclass
class LegalOdds:
    total_ms: float  # legal_actions + odds of every legal option, on a position not seen before
    warm_ms: float  # the same, repeated on one position (caches keyed by value all hit)
    legal_ms: float  # legal_actions alone (cold)
    odds_us: float  # one odds() call, on average (cold)
    options: int
    legal: int


def shifted(data: dict[str, Any], dq: int, dr: int) -> dict[str, Any]:
    """The same melee moved by (dq, dr): tactically identical, but no value-keyed cache has seen it."""
    out = json.loads(json.dumps(data))
    for f in out["fighters"]:
        f["hex"] = [f["hex"][0] + dq, f["hex"][1] + dr]
    return out


def _sweep(sit: Situation, actor: str) -> tuple[float, float, float, int, int]:
    ruleset, battle = sit.ruleset, sit.battle
    start = time.perf_counter()
    options = ruleset.legal_actions(battle, actor)
    listed = time.perf_counter()
    legal = [o for o in options if o.reason is None]
    for o in legal:
        ruleset.odds(battle, o.action)
    end = time.perf_counter()
    return ((end - start) * 1000, (listed - start) * 1000, (end - listed) * 1e6 / max(len(legal), 1),
            len(options), len(legal))


def bench_legal_odds(ruleset: str, runs: int, actor: str = "r1") -> LegalOdds:
    base = melee_situation(ruleset) if has_grips(ruleset) else brawl_situation(ruleset)
    sits = [build(shifted(base, 2 * i, i), f"melee{i}") for i in range(runs)]
    cold = [_sweep(s, actor) for s in sits]
    warm_sit = sits[0]
    warm = [_sweep(warm_sit, actor)[0] for _ in range(runs)]
    return LegalOdds(statistics.median(c[0] for c in cold), statistics.median(warm),
                     statistics.median(c[1] for c in cold), statistics.median(c[2] for c in cold),
                     cold[0][3], cold[0][4])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ruleset", default="3d6-lite")
    p.add_argument("--runs", type=int, default=7, help="runs per figure; the median is reported")
    p.add_argument("--batch", type=int, default=2000, help="resolutions per timed run")
    p.add_argument("--quick", action="store_true", help="few runs, small batches (for tests)")
    args = p.parse_args(argv)
    runs, batch = (3, 200) if args.quick else (args.runs, args.batch)
    try:
        grips = has_grips(args.ruleset)
        if grips:
            contest = build(contest_situation(args.ruleset), "contest")
            exchange = build(exchange_situation(args.ruleset), "exchange")
            build(melee_situation(args.ruleset), "melee")
        else:
            build(brawl_situation(args.ruleset), "melee")
    except SituationError as exc:
        print(f"bench_rules: {exc}", file=sys.stderr)
        return 2
    except UnknownRuleset as exc:
        print(f"bench_rules: {exc.args[0]}", file=sys.stderr)
        return 2

    print(f"ruleset {args.ruleset}, median of {runs} runs (batches of {batch})")
    if grips:
        contests = bench_contests(contest, batch, runs)
        exchanges, note = bench_exchange(exchange, max(batch // 2, 50), runs)
        print(f"break-free contest resolutions: {contests:,.0f}/s (goal {GOAL_CONTESTS:,}/s)"
              + ("" if contests >= GOAL_CONTESTS else "  BELOW GOAL"))
        print(f"grapple + dodge + takedown exchanges: {exchanges:,.0f}/s" + (f"  (note: {note})" if note else ""))
    else:  # a ruleset without grips: nothing to break free from (the figures line says 0)
        contests = exchanges = 0.0
        print("no grapple verbs in this ruleset: contests and exchanges not measured; the melee is 4v4 side by side")
    lo = bench_legal_odds(args.ruleset, max(runs, 5) * 5)
    print(f"legal_actions, 4v4 melee, one fighter: {lo.legal_ms:.3f} ms for {lo.options} options ({lo.legal} legal)")
    print(f"odds: {lo.odds_us:.1f} us per legal option")
    print(f"legal_actions + odds of every legal option: {lo.total_ms:.3f} ms on a new position, "
          f"{lo.warm_ms:.3f} ms repeated on one (goal < {GOAL_LEGAL_MS} ms)"
          + ("" if lo.total_ms < GOAL_LEGAL_MS else "  ABOVE GOAL"))
    print(f"rules: contests_per_s={contests:.0f} exchange_per_s={exchanges:.0f} legal_odds_ms={lo.total_ms:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

