"""The soak: many seeded computer-vs-computer battles per ruleset, every invariant checked at every step.

For each ruleset a *template* battle is found: a scenario in ``maps/`` made
for it, else the arena with the fighters' stats and hands taken from the
ruleset's ``stat_blocks`` (plain data in its own folder, for rulesets whose
stats differ from 3d6's).
Battle *i* takes one fighter a side from the template (every fifth battle
two a side), rotating through them so every pairing of weapons and skills
comes up, and plays it with cheap players (easy, a small node budget),
which wander widely through the rules. Reported: crashes, battles stuck at
the round limit, invariant breaks (with the battle's index and seed to
replay it).
"""

from __future__ import annotations

import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai.driver import ROUND_LIMIT, play_battle
from game.ai.opponent import Opponent, mix
from game.ai.simulation import fewer_collections
from game.model import Battle

__all__ = ["SoakReport", "soak_template", "soak_battle", "run_soak", "MAPS"]

MAPS = Path(__file__).resolve().parents[2] / "maps"

def _scenario_for(ruleset_id: str) -> Path | None:
    for path in sorted(MAPS.glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError):
            continue
        if data.get("ruleset") == ruleset_id:
            return path
    return None


def soak_template(ruleset_id: str) -> Battle:
    """A battle to draw soak fighters from, for ``ruleset_id`` (``ruleset.setup`` not yet run)."""
    from game.maps import load_scenario

    path = _scenario_for(ruleset_id)
    if path is not None:
        return load_scenario(path)
    battle = load_scenario(MAPS / "arena.toml")
    battle.ruleset = ruleset_id
    from game.rules import find_ruleset

    blocks = find_ruleset(ruleset_id).stat_blocks
    if blocks:
        for i, f in enumerate(battle.fighters):
            block = blocks[i % len(blocks)]
            f.stats = dict(block["stats"])
            f.skills = dict(block.get("skills", {}))
            f.hands = dict(block.get("hands", {"right": None, "left": None}))
            f.items = list(block.get("items", []))
    return battle


def soak_battle(template: Battle, i: int, seed: int = 0) -> Battle:
    """Battle ``i`` of a soak: one fighter a side (two every fifth battle), rotating through the template."""
    b = template.clone(with_log=False)
    sides: dict[str, list] = {}
    for f in b.fighters:
        sides.setdefault(f.side, []).append(f)
    per = 2 if i % 5 == 4 else 1
    chosen = []
    step = i
    for fs in sides.values():  # red i % nr, blue (i // nr) % nb, ...: every pairing in turn
        for j in range(min(per, len(fs))):
            chosen.append(fs[(step + j) % len(fs)])
        step //= len(fs)
    b.fighters = chosen
    b.rng.seed = mix(seed, i, "soak")
    b.rng.counter = 0
    return b


@dataclass
class SoakReport:
    ruleset: str
    battles: int = 0
    crashes: int = 0
    stuck: int = 0
    breaks: int = 0
    #: battles that ended without a winner: at the scenario's own round limit, or with every side out at once
    #: (not a fault, but a reader of "stuck 0" should know how many fights were left undecided)
    draws: int = 0
    rounds: list[int] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def clean(self) -> bool:
        return not (self.crashes or self.stuck or self.breaks)

    def merge(self, other: SoakReport, keep: int = 20) -> None:
        """Add a slice's figures (slices of one ruleset run in parallel processes)."""
        self.battles += other.battles
        self.crashes += other.crashes
        self.stuck += other.stuck
        self.breaks += other.breaks
        self.draws += other.draws
        self.rounds += other.rounds
        self.seconds += other.seconds
        self.messages += other.messages[:max(0, keep - len(self.messages))]

    def line(self) -> str:
        mean = sum(self.rounds) / len(self.rounds) if self.rounds else 0.0
        return (f"{self.ruleset}: {self.battles} battles, crashes {self.crashes}, stuck {self.stuck}, "
                f"invariant breaks {self.breaks}, draws {self.draws}, mean rounds {mean:.1f}, "
                f"max {max(self.rounds, default=0)}, {self.seconds:.1f} s")


def run_soak(ruleset_id: str, n: int, *, seed: int = 0, level: str = "normal", nodes: int = 12,
             round_limit: int = ROUND_LIMIT, keep: int = 20, first: int = 0,
             progress: Callable[[int, int], None] | None = None) -> SoakReport:
    """Play soak battles ``first`` .. ``first + n - 1`` under ``ruleset_id``; every step checked
    (``play_battle(check=True)``)."""
    from game.rules.base import find_ruleset

    ruleset = find_ruleset(ruleset_id)
    report = SoakReport(ruleset_id)
    t0 = time.perf_counter()
    template = soak_template(ruleset_id)
    with fewer_collections():
        _soak_loop(report, ruleset, template, n, first=first, seed=seed, level=level, nodes=nodes,
                   round_limit=round_limit, keep=keep, progress=progress)
    report.seconds = time.perf_counter() - t0
    return report


def _soak_loop(report: SoakReport, ruleset: Any, template: Battle, n: int, *, first: int, seed: int, level: str,
               nodes: int, round_limit: int, keep: int, progress: Callable[[int, int], None] | None) -> None:
    for k in range(n):
        i = first + k
        battle = soak_battle(template, i, seed)
        sides = {f.side for f in battle.fighters}
        players = {s: Opponent(level, budget_ms=None, nodes=nodes, seed=mix(seed, i, s), explain=False)
                   for s in sorted(sides)}
        r = play_battle(battle, ruleset, players, round_limit=round_limit, check=True)
        report.battles += 1
        report.rounds.append(r.rounds)
        if r.ended and r.winner is None:
            report.draws += 1
        where = f"battle {i} (seed {seed}, {' v '.join(f.id for f in battle.fighters)})"
        if r.error:
            report.crashes += 1
            if len(report.messages) < keep:
                report.messages.append(f"{where}: crash: {r.error}")
        if r.stuck:
            report.stuck += 1
            if len(report.messages) < keep:
                report.messages.append(f"{where}: stuck at the round limit ({round_limit})")
        if r.breaks:
            report.breaks += len(r.breaks)
            for msg in r.breaks[:3]:
                if len(report.messages) < keep:
                    report.messages.append(f"{where}: {msg}")
        if progress is not None:
            progress(k + 1, n)
