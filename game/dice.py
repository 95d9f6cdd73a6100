"""Dice: one interface, three sources, and exact probabilities.

- :class:`SeededDice` draws from the battle's own counter-based generator
  (``Battle.rng``), so a battle is reproducible from its seed and the RNG
  state is plain data in the save. Nothing in the game uses ``random``.
- :class:`ScriptedDice` plays back a list of faces (tests, ``clinch
  resolve``); running out or a face that doesn't fit the die is an error.
- :class:`ManualDice` asks the player: it raises :class:`DiceNeeded` with a
  request saying which dice and why; the controller pauses and resumes with
  the faces the player entered.

Every source records the faces it gave in ``used`` so the controller can log
them next to the intent; replays feed them back through ``ScriptedDice``.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

__all__ = [
    "Dice", "DiceError", "DiceNeeded", "DiceRequest", "SeededDice", "ScriptedDice", "ManualDice",
    "splitmix64", "fresh_seed", "MAX_FRESH_SEED", "THREE_D6_COUNTS", "p_3d6_at_most", "critical_3d6", "is_success_3d6", "roll_outcomes", "success_chance", "critical_chances",
    "margin_of_victory_distribution", "quick_contest_odds", "regular_contest_odds",
]

_MASK = (1 << 64) - 1


def splitmix64(x: int) -> int:
    """One SplitMix64 output for input x: a fast, well-mixed 64-bit hash."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


#: fresh seeds are below this: nine digits a player can read off the pause menu and type after ``--seed``
MAX_FRESH_SEED = 1_000_000_000


def fresh_seed() -> int:
    """A seed for a new battle, drawn from the operating system (``secrets``), never from the scenario file.

    A scenario's own ``seed`` gave every battle started from it the same
    initiative rolls and the same first computer roll, so restarting a lost
    battle replayed its luck; the seeded generator itself stays deterministic
    (a save, a replay, ``--seed N`` give back the same faces).
    """
    return secrets.randbelow(MAX_FRESH_SEED)


class DiceError(ValueError):
    """Scripted dice ran out, or a face does not fit its die."""


@dataclass(frozen=True)
class DiceRequest:
    """What a manual roll needs from the player: ``count`` dice of ``sides`` for ``purpose``."""

    count: int
    sides: int
    purpose: str
    rule: str = ""

    def describe(self) -> str:
        text = f"Roll {self.count}d{self.sides} for {self.purpose}"
        return f"{text} ({self.rule})" if self.rule else text


class DiceNeeded(Exception):
    """Raised by :class:`ManualDice` when it has no faces left: the controller pauses on it."""

    def __init__(self, request: DiceRequest):
        super().__init__(request.describe())
        self.request = request


class Dice(Protocol):
    used: list[int]

    def roll(self, count: int, sides: int, purpose: str = "", rule: str = "") -> list[int]:
        """Roll ``count`` dice of ``sides`` faces; returns the faces in order."""
        ...


class SeededDice:
    """Faces from a counter-based generator whose state lives in the battle.

    ``state`` is any object with integer ``seed`` and ``counter`` attributes
    (``game.model.RngState``); the counter advances by one per die.
    """

    def __init__(self, state) -> None:  # noqa: ANN001 - duck-typed RngState
        self.state = state
        self.used: list[int] = []

    def roll(self, count: int, sides: int, purpose: str = "", rule: str = "") -> list[int]:
        faces = []
        seed = (self.state.seed * 0x9E3779B97F4A7C15) & _MASK
        for _ in range(count):
            n = self.state.counter
            self.state.counter = n + 1
            faces.append(splitmix64(seed ^ (n * 0xD1B54A32D192ED03 & _MASK)) % sides + 1)
        self.used.extend(faces)
        return faces


@dataclass
class ScriptedDice:
    """Plays back given faces in order."""

    faces: list[int]
    position: int = 0
    used: list[int] = field(default_factory=list)

    def roll(self, count: int, sides: int, purpose: str = "", rule: str = "") -> list[int]:
        out = []
        for _ in range(count):
            if self.position >= len(self.faces):
                what = f" for {purpose}" if purpose else ""
                raise DiceError(f"the dice ran out: {count}d{sides}{what} needs more faces than were given")
            face = self.faces[self.position]
            if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= sides:
                raise DiceError(
                    f"die face {face!r} at position {self.position} does not fit a d{sides}"
                    + (f" (rolled for {purpose})" if purpose else "")
                )
            self.position += 1
            out.append(face)
        self.used.extend(out)
        return out

    @property
    def left(self) -> list[int]:
        return list(self.faces[self.position:])


@dataclass
class ManualDice:
    """Faces typed in by the player; asks for more by raising :class:`DiceNeeded`.

    The controller catches ``DiceNeeded``, shows the request, appends the
    entered faces with :meth:`give` and resolves the intent again from the
    start (resolution is a pure function of battle + faces, so the retry is
    exact).
    """

    faces: list[int] = field(default_factory=list)
    position: int = 0
    used: list[int] = field(default_factory=list)

    def give(self, faces: list[int]) -> None:
        self.faces.extend(faces)

    def rewind(self) -> None:
        self.position = 0
        self.used = []

    def roll(self, count: int, sides: int, purpose: str = "", rule: str = "") -> list[int]:
        if self.position + count > len(self.faces):
            raise DiceNeeded(DiceRequest(count, sides, purpose or "a roll", rule))
        out = self.faces[self.position:self.position + count]
        for face in out:
            if not 1 <= face <= sides:
                raise DiceError(f"a d{sides} cannot show {face}")
        self.position += count
        self.used.extend(out)
        return out


# -- exact probabilities (no simulation) -----------------------------------------------------------
# Counts over the 216 equally likely 3d6 outcomes; every function is cached by its targets,
# so the AI and the UI can ask for odds constantly. The success and critical rules live here,
# the lowest module that needs them: ``game.rules.common`` rolls with the same two functions
# (G0-1), so the odds and the rolls cannot disagree and this module imports nothing of the rules.

#: how many of the 216 outcomes of 3d6 give each total 3..18
THREE_D6_COUNTS: dict[int, int] = {}
for _a in range(1, 7):
    for _b in range(1, 7):
        for _c in range(1, 7):
            THREE_D6_COUNTS[_a + _b + _c] = THREE_D6_COUNTS.get(_a + _b + _c, 0) + 1
del _a, _b, _c


def p_3d6_at_most(t: int) -> float:
    """P(3d6 <= t), plain, without criticals."""
    return sum(n for total, n in THREE_D6_COUNTS.items() if total <= t) / 216


def critical_3d6(total: int, target: int) -> str | None:
    """G0-1: GURPS 4e criticals for a 3d6 success roll."""
    if total <= 4 or (total == 5 and target >= 15) or (total == 6 and target >= 16):
        return "success"
    if total == 18 or (total == 17 and target <= 15) or total >= target + 10:
        return "failure"
    return None


def is_success_3d6(total: int, target: int, crit: str | None) -> bool:
    """Whether a 3d6 total succeeds against ``target``, given its critical (from :func:`critical_3d6`)."""
    # G0-1: 3 and 4 always succeed, 17 and 18 always fail.
    if crit == "success" or total <= 4:
        return True
    if crit == "failure" or total >= 17:
        return False
    return total <= target


@lru_cache(maxsize=256)
def roll_outcomes(target: int) -> tuple[tuple[int, bool, str | None, int], ...]:
    """(total, success, critical, count) for every 3d6 total against ``target`` (G0-1)."""
    out = []
    for total, n in sorted(THREE_D6_COUNTS.items()):
        crit = critical_3d6(total, target)
        out.append((total, is_success_3d6(total, target, crit), crit, n))
    return tuple(out)


@lru_cache(maxsize=256)
def success_chance(target: int) -> float:
    """P(success) of a 3d6 roll against ``target`` with G0-1's automatic successes and failures."""
    return sum(n for _t, ok, _c, n in roll_outcomes(target) if ok) / 216


@lru_cache(maxsize=256)
def critical_chances(target: int) -> tuple[float, float]:
    """(P(critical success), P(critical failure)) against ``target`` (G0-1)."""
    cs = sum(n for _t, _ok, c, n in roll_outcomes(target) if c == "success")
    cf = sum(n for _t, _ok, c, n in roll_outcomes(target) if c == "failure")
    return cs / 216, cf / 216


@lru_cache(maxsize=4096)
def margin_of_victory_distribution(ta: int, tb: int) -> dict[int, float]:
    """Quick Contest (G0-2) of targets ``ta`` (A) and ``tb`` (B): {signed margin of victory: P}.

    Positive = A wins by that much, negative = B wins, 0 = tie. A success beats
    a failure; otherwise the better margin wins.
    """
    counts: dict[int, int] = {}
    ra, rb = roll_outcomes(ta), roll_outcomes(tb)
    for xa, oka, _ca, na in ra:
        ma = ta - xa
        for xb, okb, _cb, nb in rb:
            mb = tb - xb
            if oka != okb:
                mov = abs(ma - mb) if oka else -abs(ma - mb)
            else:
                mov = ma - mb
            counts[mov] = counts.get(mov, 0) + na * nb
    return {k: v / 46656 for k, v in sorted(counts.items())}


@lru_cache(maxsize=4096)
def quick_contest_odds(ta: int, tb: int) -> tuple[float, float, float]:
    """(win, tie, lose) for A in a Quick Contest (G0-2)."""
    dist = margin_of_victory_distribution(ta, tb)
    win = sum(p for m, p in dist.items() if m > 0)
    tie = dist.get(0, 0.0)
    return win, tie, 1.0 - win - tie


@lru_cache(maxsize=4096)
def regular_contest_odds(ta: int, tb: int, lower_to_14: bool = True) -> tuple[float, float, float]:
    """(win, tie, lose) for the actor A in one exchange of a Regular Contest (G0-3).

    A wins if it succeeds and B fails, loses on the reverse; else a tie. With
    ``lower_to_14`` both targets drop by the same amount so the higher is 14.
    """
    if lower_to_14 and max(ta, tb) > 14:
        shift = max(ta, tb) - 14
        ta, tb = ta - shift, tb - shift
    pa, pb = success_chance(ta), success_chance(tb)
    win = pa * (1 - pb)
    lose = pb * (1 - pa)
    return win, 1.0 - win - lose, lose
