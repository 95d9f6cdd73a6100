"""The "what happened" review after a lost battle (issue 18): the three rolls that decided it, each with its odds.

A battle is its log, so the review re-plays it (:class:`game.files.saves.Replay`) and,
for every action that rolled dice, asks the ruleset for the exact odds it had
on the battle *as it stood before that action* (``Ruleset.odds`` and
``Ruleset.headline``: the outcome the actor hoped for). Each action's events
are weighed by what they did to the losing side against what they did to the
winner (injury, grips taken and tightened, falls, stuns, unconsciousness,
death); the heaviest three swings, weighted up when the dice went against the
odds, are the rolls that decided the battle. They are returned in the order
they happened. No pygame; no ruleset is named here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from game.files.saves import Replay
from game.flow.turns import intent_from_dict
from game.rules import find_ruleset
from game.rules.base import UnknownRuleset
from game.wording import percent

__all__ = ["DecidingRoll", "deciding_rolls", "harm", "review_lines", "plain_words"]

#: how much one event weighs against the side it happens to (injury counts its points)
GRIP_TAKEN = 2.0
GRIP_TIGHTER = 3.0  # a pin, a choke hold, an arm lock
FALL = 2.0
FREED = -2.0
#: common conditions that cost their side; a ruleset weighs its own (``Ruleset.condition_weights``, in its
#: folder), and a condition named nowhere (defending, dodging) costs nothing
CONDITION = {"dead": 12.0, "unconscious": 8.0, "helpless": 4.0, "pinned": 4.0, "stunned": 2.0, "suffocating": 2.0}


@dataclass(frozen=True)
class DecidingRoll:
    """One action whose dice turned the battle, with the chance its actor had and what came of it."""

    number: int                 # the action's place in the battle (1 = the first action)
    round: int
    actor: str
    title: str                  # the action in words ("Edda grapples Cass's torso")
    hoped: str | None           # the outcome the actor took it for ("takes_hold", "hit"...), if the ruleset says
    chance: float | None        # its chance before the dice
    happened: bool | None       # whether that outcome came
    swing: float                # how much it cost the losing side (its weight before the odds)
    effects: list[str] = field(default_factory=list)  # what it did, in words
    rules: list[str] = field(default_factory=list)    # the rule IDs its rolls cite

    @property
    def against_odds(self) -> bool:
        """The dice went the less likely way."""
        if self.chance is None or self.happened is None:
            return False
        return (self.chance < 0.5) == self.happened


def _side_of(battle: Any, fid: Any) -> str | None:
    f = battle.get(fid) if isinstance(fid, str) else None
    return f.side if f is not None else None


def harm(battle: Any, ev: dict[str, Any]) -> tuple[str | None, float, str]:
    """(the side an event hurts, how much, in words) for one event; (None, 0, "") when it hurts nobody."""
    t = ev.get("type")
    if t == "damage":
        who, n = ev.get("target"), float(int(ev.get("injury", 0) or 0))
        return _side_of(battle, who), n, f"{_name(battle, who)} takes {int(n)} injury" if n else ""
    if t == "grapple_start":
        g = ev.get("grapple") or {}
        tight = g.get("kind") not in (None, "grapple")
        return (_side_of(battle, g.get("target")), GRIP_TIGHTER if tight else GRIP_TAKEN,
                f"{_name(battle, g.get('holder'))} holds {_name(battle, g.get('target'))} "
                f"({(g.get('kind') or 'grapple').replace('_', ' ')}, {g.get('location', 'torso')})")
    kind = (ev.get("changes") or {}).get("kind", ev.get("kind")) if t == "grapple_change" else None
    if t == "grapple_change" and kind not in (None, "grapple"):
        return (_side_of(battle, ev.get("target")), GRIP_TIGHTER,
                f"{_name(battle, ev.get('holder'))}'s grip on {_name(battle, ev.get('target'))} becomes "
                f"a {str(kind).replace('_', ' ')}")
    if t == "grapple_end":
        return _side_of(battle, ev.get("target")), FREED, f"{_name(battle, ev.get('target'))} is free"
    if t == "posture" and ev.get("posture") == "prone":
        who = ev.get("target") or ev.get("actor")
        return _side_of(battle, who), FALL, f"{_name(battle, who)} goes down"
    if t == "condition" and ev.get("add"):
        who, what = ev.get("target"), str(ev.get("add"))
        weight = _weights(getattr(battle, "ruleset", "")).get(what, 0.0)
        return (_side_of(battle, who), weight, f"{_name(battle, who)} is {what.replace('_', ' ')}") if weight \
            else (None, 0.0, "")
    return None, 0.0, ""


@lru_cache(maxsize=16)
def _weights(ruleset_id: str) -> dict[str, float]:
    try:
        own = find_ruleset(ruleset_id).presentation.condition_weights if ruleset_id else {}
    except UnknownRuleset:
        own = {}
    return {**CONDITION, **own}


def _name(battle: Any, fid: Any) -> str:
    f = battle.get(fid) if isinstance(fid, str) else None
    return (f.name or f.id) if f is not None else str(fid)


def _rolls(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [ev for ev in events if ev.get("type") in ("roll", "contest")]


def _first_roller(rolls: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The first single roll among rolls and contests (a contest's first roll)."""
    for ev in rolls:
        if ev.get("type") == "roll":
            return ev
        inner = [r for r in ev.get("rolls", []) or [] if isinstance(r, dict)]
        if inner:
            return inner[0]
    return None


def _rolls_for(actor: str, rolls: list[dict[str, Any]]) -> bool:
    """Whether ``actor`` rolled any of these (on its own or in a contest)."""
    return any(r.get("actor") == actor for ev in rolls for r in [ev, *(ev.get("rolls", []) or [])]
               if isinstance(r, dict))


def _hoped_came(actor: str, rolls: list[dict[str, Any]]) -> bool | None:
    """Whether the actor's first roll went its way: its contest won, or its own roll made."""
    for ev in rolls:
        if ev.get("type") == "contest":
            if "winner" in ev:
                return ev.get("winner") == actor
            continue
        if ev.get("actor") == actor and "success" in ev:
            return bool(ev["success"])
    return None


def plain_words(battle: Any, intent: dict[str, Any]) -> str:
    """An action in plain words when the caller has none better ("Ann: grapple Bob")."""
    target = intent.get("target")
    tail = f" {_name(battle, target)}" if isinstance(target, str) and target else ""
    return f"{_name(battle, intent.get('actor'))}: {str(intent.get('type', '')).replace('_', ' ')}{tail}"


def deciding_rolls(initial: Any, log: list[dict[str, Any]], ruleset: Any, loser: str, *, count: int = 3,
                   seat: dict[str, str] | None = None,
                   words: Callable[[Any, dict[str, Any]], str] = plain_words) -> list[DecidingRoll]:
    """The ``count`` actions with dice that cost side ``loser`` the most, in the order they were taken.

    ``initial`` is the battle as it began (``TurnController.initial``), ``log`` its whole log. The odds
    of each are the ruleset's on the battle just before it (a re-play of the log, never the live battle).
    ``words`` says an action (the UI passes its own, ``game.ui.describe.intent_words``).
    """
    replay = Replay(initial, log, ruleset, seat=seat)
    found: list[DecidingRoll] = []
    for k, start in enumerate(replay.starts, 1):
        entries = replay.entries_at(k)
        events = [ev for e in entries for ev in e.get("events", [])]
        rolls = _rolls(events)
        if not rolls:
            continue
        before = replay.goto(k - 1)
        swing, effects = 0.0, []
        for ev in events:
            side, weight, said = harm(before, ev)
            if side is None or not weight:
                continue
            swing += weight if side == loser else -weight
            if said:
                effects.append(said)
        if swing <= 0:
            continue
        intent = log[start]["intent"]
        actor = intent.get("actor", "")
        chance = hoped = None
        try:
            action = intent_from_dict(replay.ruleset, intent)
            odds = replay.ruleset.odds(before.clone(with_log=False), action)
            hoped = replay.ruleset.headline(odds) if odds else None
            chance = float(odds[hoped]) if hoped else None
        except Exception:  # noqa: BLE001 - a review without a number still names the roll
            chance = None
        came = _hoped_came(actor, rolls)
        rules = list(dict.fromkeys(r for ev in rolls for r in [ev.get("rule"), *(x.get("rule") for x in
                                                                            ev.get("rolls", []) or [])] if r))
        title = words(before, intent)
        roller = _first_roller(rolls)
        if roller is not None and roller.get("actor") != actor and not _rolls_for(actor, rolls):
            # the dice were another fighter's (a phase resolved after this action): name the roll, not the action
            actor = str(roller.get("actor", ""))
            title = f"{_name(before, actor)}: {roller.get('label') or 'a roll'}"
            chance = hoped = came = None
        found.append(DecidingRoll(number=k, round=int(before.round), actor=actor, title=title,
                                  hoped=hoped, chance=chance, happened=came, swing=swing, effects=effects,
                                  rules=rules))
    replay.goto(len(replay))

    def weight(d: DecidingRoll) -> float:
        if d.chance is None or d.happened is None:
            return d.swing
        p_came = d.chance if d.happened else 1.0 - d.chance
        return d.swing * (2.0 - p_came)  # an unlikely turn of the dice weighs up to twice as much

    top = sorted(found, key=weight, reverse=True)[:count]
    return sorted(top, key=lambda d: d.number)


def review_lines(d: DecidingRoll) -> tuple[str, str, str]:
    """(heading, odds sentence, what it did) for one deciding roll, as the review screen shows them."""
    head = f"Round {d.round}: {d.title}"
    if d.chance is None:
        odds = "No odds are known for this action."
    else:
        what = (d.hoped or "success").replace("_", " ")
        came = "" if d.happened is None else (", and it happened" if d.happened else ", and it did not happen")
        odds = f"Before the dice: {what} {percent(d.chance)}{came}" + (
            " (against the odds)." if d.against_odds else ".")
    did = "; ".join(d.effects[:4]) + "." if d.effects else ""
    return head, odds, did
