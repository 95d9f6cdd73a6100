"""The soak: many seeded computer-vs-computer battles per ruleset, every invariant checked at every step.

For each ruleset its *templates* are found: every scenario in ``maps/`` made
for it (in name order), else the arena with the fighters' stats and hands
taken from the ruleset's ``stat_blocks`` (plain data in its own folder, for
rulesets whose stats differ from 3d6's).
Battle *i* is played on template ``i % n`` of the ``n`` (so a ruleset's
every scenario, its map, weapons and map effects, is soaked: nd6's guns,
grenades and fires live only in its compound) and takes one fighter a side
from it (every fifth battle two a side), rotating through them so every
pairing of weapons and skills comes up, and plays it with cheap players (easy, a small node budget),
which wander widely through the rules. Reported: crashes, battles stuck at
the round limit, invariant breaks (with the battle's index and seed to
replay it).

Every battle is also saved and loaded back through the real save path
(``make_save`` -> ``encode_save`` -> a file -> ``load_game``, which replays
the log and compares state hashes) when it ends and at one step picked from
the battle's own seed while it is played, so a save that does not load, or
loads into another battle (a logged event changed after it was logged, a
field the JSON loses), is reported as a *save failure*.
"""

from __future__ import annotations

import tempfile
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai.driver import ROUND_LIMIT, play_battle
from game.ai.opponent import Opponent, mix
from game.ai.simulation import fewer_collections
from game.files.maps import load_scenario
from game.files.saves import SaveError, load_game, state_hash
from game.model import Battle

__all__ = ["SoakReport", "soak_template", "soak_templates", "soak_battle", "run_soak", "MAPS"]

MAPS = Path(__file__).resolve().parents[2] / "maps"

def _scenarios_for(ruleset_id: str) -> list[Path]:
    out = []
    for path in sorted(MAPS.glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError):
            continue
        if data.get("ruleset") == ruleset_id:
            out.append(path)
    return out


def _scenario_for(ruleset_id: str) -> Path | None:
    found = _scenarios_for(ruleset_id)
    return found[0] if found else None


def soak_templates(ruleset_id: str) -> list[Battle]:
    """Every battle to draw soak fighters from, for ``ruleset_id``: one per scenario made for it, in name
    order (``ruleset.setup`` not yet run)."""
    paths = _scenarios_for(ruleset_id)
    return [load_scenario(p) for p in paths] if paths else [soak_template(ruleset_id)]


def soak_template(ruleset_id: str) -> Battle:
    """The first battle to draw soak fighters from, for ``ruleset_id`` (``ruleset.setup`` not yet run)."""
    path = _scenario_for(ruleset_id)
    if path is not None:
        return load_scenario(path)
    battle = load_scenario(MAPS / "arena.toml")
    battle.ruleset = ruleset_id
    # late: name clash: find_ruleset is something else at module level or in another import
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


def soak_battle(template: Battle, i: int, seed: int = 0, *, turn: int | None = None) -> Battle:
    """Battle ``i`` of a soak: one fighter a side (two every fifth battle), rotating through the template.

    ``turn`` is this template's own count of its battles (``i`` when the ruleset has one template), which picks
    the pairing; ``i`` seeds the dice, so battles on different templates never share them."""
    b = template.clone(with_log=False)
    sides: dict[str, list] = {}
    for f in b.fighters:
        sides.setdefault(f.side, []).append(f)
    per = 2 if i % 5 == 4 else 1
    chosen = []
    step = i if turn is None else turn
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
    #: saves loaded back and compared (at the end of every battle and at a step picked from its seed)
    reloads: int = 0
    #: saves that did not load, or loaded into another battle than the one saved
    save_failures: int = 0
    #: battles in which each kind of board effect (``battle.state["board_effects"]``: fires, clouds) lay on the
    #: map at some step, and battles with any: the soak's proof that the map effects were played through
    effects: dict[str, int] = field(default_factory=dict)
    with_effects: int = 0

    @property
    def clean(self) -> bool:
        return not (self.crashes or self.stuck or self.breaks or self.save_failures)

    def merge(self, other: SoakReport, keep: int = 20) -> None:
        """Add a slice's figures (slices of one ruleset run in parallel processes)."""
        self.battles += other.battles
        self.crashes += other.crashes
        self.stuck += other.stuck
        self.breaks += other.breaks
        self.draws += other.draws
        self.reloads += other.reloads
        self.save_failures += other.save_failures
        self.with_effects += other.with_effects
        for kind, count in other.effects.items():
            self.effects[kind] = self.effects.get(kind, 0) + count
        self.rounds += other.rounds
        self.seconds += other.seconds
        self.messages += other.messages[:max(0, keep - len(self.messages))]

    def line(self) -> str:
        mean = sum(self.rounds) / len(self.rounds) if self.rounds else 0.0
        return (f"{self.ruleset}: {self.battles} battles, crashes {self.crashes}, stuck {self.stuck}, "
                f"invariant breaks {self.breaks}, save failures {self.save_failures} of {self.reloads} reloads, "
                f"draws {self.draws}, mean rounds {mean:.1f}, max {max(self.rounds, default=0)}, "
                f"{self.seconds:.1f} s{self._effects_words()}")

    def _effects_words(self) -> str:
        if not self.with_effects:
            return ""
        kinds = ", ".join(f"{kind.replace('_', ' ')} {n}" for kind, n in sorted(self.effects.items()))
        return f"; map effects in {self.with_effects} battles ({kinds})"


def run_soak(ruleset_id: str, n: int, *, seed: int = 0, level: str = "normal", nodes: int = 12,
             round_limit: int = ROUND_LIMIT, keep: int = 20, first: int = 0, midpoint_every: int = 1,
             progress: Callable[[int, int], None] | None = None, scenario: str | None = None) -> SoakReport:
    """Play soak battles ``first`` .. ``first + n - 1`` under ``ruleset_id``; every step checked
    (``play_battle(check=True)``), every battle saved and loaded back when it ends, and at a step
    picked from its seed (battles whose index is a multiple of ``midpoint_every``; 0: never).
    ``scenario`` (a file name in ``maps/`` without ``.toml``) plays that scenario's battles alone."""
    # late: name clash: find_ruleset is something else at module level or in another import
    from game.rules.base import find_ruleset

    ruleset = find_ruleset(ruleset_id)
    report = SoakReport(ruleset_id)
    t0 = time.perf_counter()
    templates = soak_templates(ruleset_id)
    if scenario is not None:
        templates = [t for t in templates if t.scenario and Path(t.scenario).stem == scenario]
        if not templates:
            raise ValueError(f"maps/{scenario}.toml is not a scenario of {ruleset_id}.")
    with fewer_collections(), tempfile.TemporaryDirectory(prefix="clinch-soak-") as folder:
        _soak_loop(report, ruleset, templates, n, first=first, seed=seed, level=level, nodes=nodes,
                   round_limit=round_limit, keep=keep, progress=progress, folder=Path(folder),
                   midpoint_every=midpoint_every)
    report.seconds = time.perf_counter() - t0
    return report


def reload_failure(data: bytes, live_hash: str, path: Path) -> str | None:
    """Load the encoded save ``data`` back the way the game does (from the file ``path``, replayed from its
    start, hashes compared) and say in one sentence why it is not the battle whose hash was ``live_hash``;
    ``None`` when it is."""
    path.write_bytes(data)
    try:
        loaded = load_game(path)
    except SaveError as exc:  # named by the file's name alone: the temporary folder differs from run to run
        return str(exc).replace(str(path), path.name)
    except Exception as exc:  # noqa: BLE001 - load_game promises a SaveError and nothing else
        return f"{path.name}: load_game raised {type(exc).__name__} instead of a SaveError: {exc}"
    finally:
        path.unlink(missing_ok=True)
    if state_hash(loaded.battle) != live_hash:
        return f"{path.name}: loads, but not into the battle that was saved (state hash differs)."
    return None


class _Saver:
    """Saves one soak battle while it is played: the controller comes from ``play_battle(on_start=)``,
    a step is picked by reservoir sampling (step ``t`` replaces the pick with chance ``1/t``, drawn
    from the battle's seed), so every step is equally likely without knowing the battle's length."""

    def __init__(self, seed: int, index: int, midpoint: bool) -> None:
        self.seed, self.index, self.midpoint = seed, index, midpoint
        self.ctl: Any = None
        self.steps = 0
        self.pick: tuple[int, bytes, str] | None = None  # step, encoded save, live state hash

    def start(self, ctl: Any) -> None:
        self.ctl = ctl

    def step(self, battle: Battle, action: Any, events: list[dict[str, Any]]) -> None:
        self.steps += 1
        if not self.midpoint or self.ctl is None:
            return
        if mix(self.seed, self.index, "reload", self.steps) % self.steps == 0:
            self.pick = (self.steps, *self.save())

    def save(self) -> tuple[bytes, str]:
        """The save as the game would write it now (encoded at once: later steps must not change it)."""
        # late: tests patch it: the function must see the replacement at call time
        from game.files.saves import encode_save, make_save

        save = make_save(self.ctl)
        return encode_save(save), save.state_hash


def _soak_loop(report: SoakReport, ruleset: Any, templates: list[Battle], n: int, *, first: int, seed: int, level: str,
               nodes: int, round_limit: int, keep: int, progress: Callable[[int, int], None] | None,
               folder: Path, midpoint_every: int) -> None:
    for k in range(n):
        i = first + k
        template = templates[i % len(templates)]
        battle = soak_battle(template, i, seed, turn=i // len(templates))
        # the limit travels in the battle, so that loading a save of a stuck battle ends it where play did
        if not battle.options.get("round_limit") or int(battle.options["round_limit"]) > round_limit:
            battle.options["round_limit"] = round_limit
        sides = {f.side for f in battle.fighters}
        players = {s: Opponent(level, budget_ms=None, nodes=nodes, seed=mix(seed, i, s), explain=False)
                   for s in sorted(sides)}
        saver = _Saver(seed, i, midpoint=midpoint_every > 0 and i % midpoint_every == 0)
        kinds: set[str] = set()

        def step(b: Battle, action: Any, events: list[dict[str, Any]], kinds: set[str] = kinds,
                 saver: _Saver = saver) -> None:
            kinds.update(str(e.get("kind")) for e in (b.state.get("board_effects") or ()))
            saver.step(b, action, events)

        r = play_battle(battle, ruleset, players, round_limit=round_limit, check=True, on_start=saver.start,
                        on_step=step)
        report.battles += 1
        if kinds:
            report.with_effects += 1
            for kind in kinds:
                report.effects[kind] = report.effects.get(kind, 0) + 1
        report.rounds.append(r.rounds)
        if r.ended and r.winner is None:
            report.draws += 1
        where = (f"battle {i} (seed {seed}, {Path(template.scenario).name if template.scenario else 'template ' + str(i % len(templates))}: "
                 f"{' v '.join(f.id for f in battle.fighters)})")
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
        _reload(report, saver, r.error is None, where, folder / f"soak-{ruleset.id}-{i}.json", keep)
        if progress is not None:
            progress(k + 1, n)


def _reload(report: SoakReport, saver: _Saver, ended_cleanly: bool, where: str, path: Path, keep: int) -> None:
    """Load back the battle's saves: the picked step's, and the end's (not after a crash: the battle
    may have stopped in the middle of a step, which no save can hold)."""
    checks: list[tuple[str, bytes, str]] = []
    if saver.pick is not None and not (ended_cleanly and saver.pick[0] == saver.steps):  # the end's save is that
        checks.append((f"saved after step {saver.pick[0]} of {saver.steps}", saver.pick[1], saver.pick[2]))
    if ended_cleanly and saver.ctl is not None:
        try:
            data, live = saver.save()
        except Exception as exc:  # noqa: BLE001 - a battle that cannot be saved is a save failure
            report.reloads += 1
            report.save_failures += 1
            if len(report.messages) < keep:
                report.messages.append(f"{where}: cannot be saved at its end: {type(exc).__name__}: {exc}")
        else:
            checks.append((f"saved at its end (step {saver.steps})", data, live))
    for when, data, live in checks:
        report.reloads += 1
        why = reload_failure(data, live, path)
        if why is not None:
            report.save_failures += 1
            if len(report.messages) < keep:
                report.messages.append(f"{where}: {when}: {why}")
