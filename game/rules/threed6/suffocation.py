"""Suffocation (S2-SUFFOCATE-1..6) for ``3d6-full``: FP lost each second without air.

Two things cut a fighter's air:

- a strangle whose damage got through DR (S2-STRANGLE-9): the victim loses
  1 FP at the start of each of *its own* turns (S2-STRANGLE-10) for as long as
  the strangler keeps its grip on the neck;
- a choke hold (S2-CHOKE-8): the victim loses 1 FP at the start of each of
  the *choker's* turns after the hold was applied, with no roll.

Only one source counts per second: a victim in a choke hold ticks on the
choker's turns only (ruling F-9 in RULINGS.md).

The state lives in the victim's ``counters`` (plain data, replayable):
``air_lost`` (seconds without air so far), ``suffocating_by`` (the strangler),
``fp_rest`` (seconds of clean air towards recovering 1 FP) and
``suffocation_ko`` (knocked out by lack of air, so it wakes at 1 FP).
Everything here goes through :class:`~game.rules.events.Resolution` so the
battle is always the result of the events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules import events as E
from game.rules.common import RollSpec, roll_under
from game.rules.threed6 import combat
from game.rules.threed6 import stats as S

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = [
    "SUFFOCATING", "DEATH_AFTER", "BRAIN_DAMAGE_AFTER", "FP_RECOVERY_SECONDS", "air_cut_by", "is_suffocating",
    "start_suffocating", "lose_breath", "clean_air", "tick_victim", "tick_choker", "start_turn",
]

SUFFOCATING = "suffocating"
#: S2-SUFFOCATE-3: four minutes without air, whatever the FP or HP.
DEATH_AFTER = 240
#: S2-SUFFOCATE-6: more than two minutes without air risks brain damage.
BRAIN_DAMAGE_AFTER = 120
#: G2-4 (house rule): FP come back at the usual rate, 1 FP per 10 minutes of rest.
FP_RECOVERY_SECONDS = 600


def _counter(f: Fighter, name: str, default: Any = 0) -> Any:
    return f.counters.get(name, default)


def air_cut_by(battle: Battle, victim_id: str) -> str | None:
    """Who is cutting ``victim_id``'s air now, or ``None`` if it breathes.

    A choke hold always cuts the air (S2-CHOKE-8). A strangle does once it
    has started suffocation (S2-STRANGLE-9), until the strangler's grip on the
    neck ends (S2-STRANGLE-10: "until he escapes").
    """
    for g in battle.grapples:
        if g.target == victim_id and g.kind == "choke_hold":
            return g.holder
    v = battle.fighter(victim_id)
    by = v.counters.get("suffocating_by")
    if by is not None:
        for g in battle.grapples:
            if g.holder == by and g.target == victim_id and g.location in ("neck", "torso") and g.kind != "pin":
                return by
    return None


def is_suffocating(f: Fighter) -> bool:
    return SUFFOCATING in f.conditions


def start_suffocating(res: Resolution, victim: str, by: str, *, rule: str) -> None:
    """Mark ``victim`` as losing air to ``by`` (no FP is lost until the next tick)."""
    f = res.battle.fighter(victim)
    if f.counters.get("suffocating_by") != by:
        res.emit(E.stat(victim, "counters.suffocating_by", by, actor=by, rule=rule))
    if not is_suffocating(f):
        res.emit(E.condition(victim, add=SUFFOCATING, actor=by, rule=rule))
        res.emit(E.message(f"{f.label} can no longer breathe and starts to suffocate", actor=by, rule=rule))


def lose_breath(res: Resolution, rs: Any, victim: str, *, rule: str) -> None:
    """One second without air: S2-SUFFOCATE-1 (1 FP), -2 (Will roll at 0 FP), -3 (death at 240 s)."""
    battle = res.battle
    f = battle.fighter(victim)
    if f.has("dead"):
        return
    if not is_suffocating(f):
        res.emit(E.condition(victim, add=SUFFOCATING, rule=rule))
    seconds = int(_counter(f, "air_lost")) + 1
    res.emit(E.stat(victim, "counters.air_lost", seconds, rule="S2-SUFFOCATE-1"))
    if "fp_rest" in f.counters:
        res.emit(E.stat(victim, "counters.fp_rest", None, rule="S2-SUFFOCATE-1"))
    fp = S.current_fp(f)
    if fp > 0:
        res.emit(E.stat(victim, "fp", fp - 1, rule="S2-SUFFOCATE-1"))
        res.emit(E.message(f"{f.label} loses 1 FP for lack of air ({fp - 1} FP left, {seconds} s without air)",
                           actor=victim, rule=rule))
    if seconds >= DEATH_AFTER:
        res.emit(E.message(f"{f.label} has gone {seconds} seconds without air and dies", actor=victim,
                           rule="S2-SUFFOCATE-3"))
        combat._die(res, f, "no air for four minutes")
        return
    if S.current_fp(f) <= 0 and not f.has("unconscious"):
        spec = RollSpec(victim, "stay conscious without air: Will", S.will(f), "S2-SUFFOCATE-2")
        roll = res.note(roll_under(res.dice, spec))
        if not roll["success"]:
            res.emit(E.stat(victim, "counters.suffocation_ko", True, rule="S2-SUFFOCATE-2"))
            combat.fall_unconscious(res, rs, f, "failed the Will roll at 0 FP without air")


def clean_air(res: Resolution, rs: Any, victim: str) -> None:
    """Air is back (S2-SUFFOCATE-4): stop the loss; after more than two minutes, the HT roll of S2-SUFFOCATE-6."""
    f = res.battle.fighter(victim)
    seconds = int(_counter(f, "air_lost"))
    if is_suffocating(f):
        res.emit(E.condition(victim, remove=SUFFOCATING, rule="S2-SUFFOCATE-4"))
        res.emit(E.message(f"{f.label} breathes again", actor=victim, rule="S2-SUFFOCATE-4"))
    if "suffocating_by" in f.counters:
        res.emit(E.stat(victim, "counters.suffocating_by", None, rule="S2-SUFFOCATE-4"))
    if seconds:
        res.emit(E.stat(victim, "counters.air_lost", None, rule="S2-SUFFOCATE-4"))
    if S.current_fp(f) < S.fp_max(f) and "fp_rest" not in f.counters:
        res.emit(E.stat(victim, "counters.fp_rest", 0, rule="S2-SUFFOCATE-4"))
    if seconds > BRAIN_DAMAGE_AFTER and not f.has("dead"):
        spec = RollSpec(victim, "avoid brain damage: HT", S.stat(f, "HT"), "S2-SUFFOCATE-6")
        roll = res.note(roll_under(res.dice, spec))
        if not roll["success"]:
            stats = dict(f.stats)
            stats["IQ"] = S.stat(f, "IQ") - 1
            res.emit(E.stat(victim, "stats", stats, rule="S2-SUFFOCATE-6"))
            res.emit(E.message(f"{f.label} suffers permanent brain damage: IQ -1 (logged for the campaign)",
                               actor=victim, rule="G2-14"))


def _recover(res: Resolution, rs: Any, victim: str) -> None:
    """S2-SUFFOCATE-4/5: clean air gives FP back at the usual rate (G2-4); an unconscious fighter wakes at 1 FP."""
    f = res.battle.fighter(victim)
    fp = S.current_fp(f)
    if fp < S.fp_max(f):
        rest = int(_counter(f, "fp_rest")) + 1
        if rest >= FP_RECOVERY_SECONDS:
            fp += 1
            res.emit(E.stat(victim, "fp", fp, rule="S2-SUFFOCATE-4"))
            res.emit(E.message(f"{f.label} recovers 1 FP (house rule: 1 FP per 10 minutes of rest)",
                               actor=victim, rule="G2-4"))
            rest = 0
        done = fp >= S.fp_max(f)
        res.emit(E.stat(victim, "counters.fp_rest", None if done else rest, rule="S2-SUFFOCATE-4"))
    elif "fp_rest" in f.counters:
        res.emit(E.stat(victim, "counters.fp_rest", None, rule="S2-SUFFOCATE-4"))
    if f.has("unconscious") and f.counters.get("suffocation_ko") and fp >= 1 and not f.has("dead"):
        res.emit(E.stat(victim, "counters.suffocation_ko", None, rule="S2-SUFFOCATE-5"))
        res.emit(E.condition(victim, remove="unconscious", rule="S2-SUFFOCATE-5"))
        res.emit(E.message(f"{f.label} is back to {fp} FP and wakes up", actor=victim, rule="S2-SUFFOCATE-5"))


def _needs_tick(battle: Battle, f: Fighter) -> bool:
    return (air_cut_by(battle, f.id) is not None or is_suffocating(f) or "air_lost" in f.counters
            or "fp_rest" in f.counters or bool(f.counters.get("suffocation_ko")))


def tick_victim(res: Resolution, rs: Any, fighter_id: str) -> None:
    """One second for ``fighter_id``: strangle suffocation (S2-STRANGLE-10), air back, or recovery.

    A choke hold's loss comes on the choker's turns instead (S2-CHOKE-8, ruling F-9).
    """
    battle = res.battle
    f = battle.fighter(fighter_id)
    if f.has("dead") or not _needs_tick(battle, f) or f.counters.get("breath_round") == battle.round:
        return
    res.emit(E.stat(fighter_id, "counters.breath_round", battle.round))
    by = air_cut_by(battle, fighter_id)
    if by is not None:
        choked = any(g.target == fighter_id and g.kind == "choke_hold" for g in battle.grapples)
        if not choked:
            lose_breath(res, rs, fighter_id, rule="S2-STRANGLE-10")
        return
    if is_suffocating(f) or "air_lost" in f.counters or "suffocating_by" in f.counters:
        clean_air(res, rs, fighter_id)
    elif "fp_rest" in f.counters or f.counters.get("suffocation_ko"):
        _recover(res, rs, fighter_id)


def tick_choker(res: Resolution, rs: Any, fighter_id: str) -> None:
    """At the start of the choker's turn: each victim held in a choke hold since an earlier turn loses 1 FP."""
    battle = res.battle
    for g in list(battle.grapples):
        if g.holder == fighter_id and g.kind == "choke_hold" and g.extra.get("made_on_turn") != battle.turn:
            v = battle.fighter(g.target)
            res.emit(E.stat(g.target, "counters.breath_round", battle.round))
            if not v.has("dead"):
                lose_breath(res, rs, g.target, rule="S2-CHOKE-8")


def start_turn(res: Resolution, rs: Any, fighter_id: str) -> None:
    """The per-second breathing rules at the start of ``fighter_id``'s turn.

    The turn controller skips fighters who cannot act, so the seconds of an
    unconscious fighter (still suffocating, or waking at 1 FP) are counted at
    the start of the first turn of each round that someone takes (ruling F-10).
    """
    tick_choker(res, rs, fighter_id)
    tick_victim(res, rs, fighter_id)
    for f in res.battle.fighters:
        if f.id != fighter_id and f.has("unconscious") and not f.has("dead"):
            tick_victim(res, rs, f.id)
