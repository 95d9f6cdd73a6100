"""Long battles save, load and replay exactly, in every registered ruleset (issue 13).

A battle saved after about 200 moves could not be loaded back: applying a
``stat`` event for ``battle.floor`` stored the event's own list in the
battle state, so a later item drop appended to that list and rewrote the
logged event; the replay then disagreed with the log ("corrupt or
foreign"). These tests play long random battles (over 1,000 intents, no
round limit) with random legal actions and check, at every 100th intent,
that the save loads to the same state hash, that the replay viewer's
:class:`~game.files.saves.Replay` reaches the same states, and that no logged
entry ever changes after it was logged (its JSON at the end is byte for
byte the JSON it had when it was appended).

Fighters get thirty times their hit points so that a random battle lasts
long enough; the limits of the scenario are removed.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from game.ai.soak import soak_battle, soak_template
from game.files.saves import Replay, latest_autosave, list_autosaves, load_game, save_game, state_hash
from game.flow.turns import TurnController, TurnSettings
from game.model import Battle
from game.rules.base import RULESETS, find_ruleset

INTENTS = 1_000
EVERY = 100
HP_FACTOR = 30
#: which soak battle (soak_battle index: 4 is two a side, 0 one a side); d20 moves are slow to replay
FIGHTERS = {"d20": 0}


def _registered() -> list[str]:
    import game.rules  # noqa: F401  (registers every ruleset)

    # only the rulesets the game ships (test doubles registered by other modules implement just what they need)
    return sorted(rid for rid, cls in RULESETS.items() if cls.__module__.startswith("game.rules."))


def long_battle(ruleset_id: str) -> Battle:
    """Two a side from the ruleset's soak template, no round limit, thirty times the hit points, set up."""
    b = soak_battle(soak_template(ruleset_id), FIGHTERS.get(ruleset_id, 4))
    b.ruleset = ruleset_id
    for key in ("turn_limit", "round_limit"):
        b.options.pop(key, None)
    find_ruleset(ruleset_id).setup(b)
    for f in b.fighters:
        if isinstance(f.stats.get("HP"), int):
            f.stats["HP"] = int(f.stats["HP"]) * HP_FACTOR
        elif f.hp is None and isinstance(f.stats.get("ST"), int):  # 3d6: hit points default to ST
            f.stats["HP"] = int(f.stats["ST"]) * HP_FACTOR
        if f.hp is not None:
            f.hp *= HP_FACTOR
    return b


def _pick(rng: random.Random, options: list[Any]) -> Any:
    """A random legal action: a kind of action first, then one of that kind (moves, one per hex reached,
    would otherwise be most of what a random player does)."""
    by_type: dict[str, list[Any]] = {}
    for o in options:
        if o.legal:
            by_type.setdefault(o.action.type, []).append(o.action)
    return rng.choice(by_type[rng.choice(sorted(by_type))])


def play_long(ruleset_id: str, seed: int, intents: int, *, on_intent: Any = None) -> TurnController:
    """Random legal actions until ``intents`` were played or the battle ended; ``on_intent(ctl, n)`` after each.

    An action that ends the battle is taken back (undo; the seeded dice come
    back with the battle) and another drawn, up to six times: random battles
    otherwise end long before 1,000 intents (a pin, a knock-out, a fighter
    who got away). Every entry's JSON is recorded as it is appended and
    compared with the entry at the end: a logged entry never changes.
    """
    b = long_battle(ruleset_id)
    b.rng.seed = seed
    ctl = TurnController(b, ruleset_id, seat={f.side: "human" for f in b.fighters},
                         settings=TurnSettings(allow_undo_after_dice=True, undo_limit=1))
    rng = random.Random(seed)
    logged: list[bytes] = [msgspec.json.encode(e) for e in b.log]
    n = 0
    while n < intents and not ctl.is_over():
        for _ in range(6):
            r = ctl.submit(_pick(rng, ctl.legal_actions()))
            while r.need_choice:
                r = ctl.choose(_pick(rng, r.request.menu))
            assert r.ok, r.reason
            if not ctl.is_over():
                break
            assert ctl.undo().ok
            del logged[len(b.log):]
        n += 1
        logged += [msgspec.json.encode(e) for e in b.log[len(logged):]]
        if on_intent is not None:
            on_intent(ctl, n)
    changed = [i for i, (e, was) in enumerate(zip(b.log, logged, strict=True)) if msgspec.json.encode(e) != was]
    assert not changed, f"{ruleset_id} seed {seed}: log entries {changed[:10]} changed after they were logged"
    return ctl


@pytest.mark.parametrize("ruleset_id", _registered())
def test_long_battle_saves_loads_and_replays_at_every_100th_intent(ruleset_id, tmp_path):
    """Issue 13: save, load (which replays the whole log) and compare hashes at every 100th intent of a
    1,000-intent random battle; the replay viewer's positions give the same hashes; no entry changes."""
    hashes: dict[int, str] = {}

    def check(ctl: TurnController, n: int) -> None:
        if n % EVERY:
            return
        want = state_hash(ctl.battle)
        hashes[n] = want
        path = save_game(ctl, tmp_path / f"{ruleset_id}-{n}.json")
        assert state_hash(load_game(path).battle) == want, f"{ruleset_id}: the save after {n} intents"

    ctl = play_long(ruleset_id, 7, INTENTS, on_intent=check)
    played = sum(1 for e in ctl.battle.log if "intent" in e)
    assert played >= INTENTS, f"{ruleset_id}: the battle ended after {played} intents ({ctl.battle.round} rounds)"
    replay = Replay.from_save(tmp_path / f"{ruleset_id}-{INTENTS}.json")
    assert len(replay) == INTENTS
    for n, want in sorted(hashes.items()):
        assert state_hash(replay.goto(n)) == want, f"{ruleset_id}: replay position {n}"
    for n in (INTENTS // 2, 0, INTENTS):  # back and forth through the cached checkpoints
        replay.goto(n)
    assert state_hash(replay.battle) == hashes[INTENTS]


def test_the_arena_floor_bug_of_issue_13(tmp_path):
    """Issue 13's report: arena (3d6-lite) saves after 200 intents were refused as corrupt (log entry 138).
    G0-4: picking an item up from the floor logs the floor as it is left; a later drop must not rewrite it."""
    ctl = play_long("3d6-lite", 0, 300)
    floors = [ev for e in ctl.battle.log for ev in e.get("events", ()) if ev.get("field") == "battle.floor"]
    assert floors, "the battle never picked an item up from the floor: the test lost its point"
    path = save_game(ctl, tmp_path / "arena.json")
    assert state_hash(load_game(path).battle) == state_hash(ctl.battle)


def test_continue_loads_the_autosave_of_a_long_arena_battle(tmp_path):
    """Issue 13: Continue refused the autosaves of a long arena battle. The last five intents of a
    400-intent battle autosave, each over the battle's one file; it loads (as Continue loads the newest)
    to the battle as it stands."""
    folder = tmp_path / "autosave"
    hashes: list[str] = []

    def autosave_at_the_end(ctl: TurnController, n: int) -> None:
        if n == 395:
            ctl.settings.autosave_dir = folder
        if n > 395:
            hashes.append(state_hash(ctl.battle))

    ctl = play_long("3d6-lite", 11, 400, on_intent=autosave_at_the_end)
    files = list_autosaves(folder)
    assert len(files) == 1 and latest_autosave(folder) == files[-1] and len(hashes) == 5
    assert state_hash(load_game(files[-1]).battle) == hashes[-1] == state_hash(ctl.battle)
