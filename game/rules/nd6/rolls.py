"""Nd6 roll-under for ``nd6-tactical``: attack rolls with automatic bands, saves, opposed rolls, exact odds.

Every roll is ``spec.dice`` six-sided dice (3, 4 or 5) summed and compared with the effective target
(``RollSpec.target``, G3-18's adjusted attribute). Attack rolls carry *automatic* results at both ends
of the range that ignore the target (G3-1, S3-MA-6); saving rolls ("Nd6 vs attribute") have none unless a
rule gives them; opposed rolls (G3-2) use S3-KNOCK-4's always-succeed/always-fail numbers for both sides.

Each function returns the roll or contest *event* (SITUATION-FORMAT.md) built on
:func:`game.rules.common.roll_under`, so the log can explain it. The odds functions count outcomes
exactly (no simulation) with the same bands, so the odds and the rolls cannot disagree.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from game.rules.common import Event, Mod, RollSpec, roll_under

if TYPE_CHECKING:
    from game.dice import Dice

__all__ = [
    "AUTO", "OPPOSED_AUTO", "SUCCESS_BANDS", "MULTIPLIER", "Mod", "RollSpec", "auto_result", "attack_roll",
    "save_roll", "opposed", "sum_counts", "attack_odds", "save_odds", "opposed_odds",
]

#: G3-1 (3d6, 4d6) and S3-MA-6 (5d6): totals whose attack result ignores the target.
#: ``triple``/``double`` hit for triple/double damage; ``hit`` always hits; ``miss`` always misses;
#: ``drop`` misses and the attacker drops its weapon; ``break`` misses and the weapon breaks (jams).
AUTO: dict[int, dict[int, str]] = {
    # G3-1: 3d6 against a target that isn't defending or dodging.
    3: {3: "triple", 4: "double", 5: "hit", 16: "miss", 17: "drop", 18: "break"},
    # G3-1: 4d6 against a defending or dodging target.
    4: {4: "hit", 5: "hit", 20: "miss", 21: "miss", 22: "drop", 23: "drop", 24: "break"},
    # S3-MA-6: 5d6 against a defending Martial Arts master (level 4+).
    5: {5: "hit", 24: "miss", 25: "miss", 26: "miss", 27: "drop", 28: "drop", 29: "break", 30: "break"},
}

#: S3-KNOCK-4 / G3-2: in an opposed roll 3, 4 and 5 always succeed and 16, 17 and 18 always fail.
OPPOSED_AUTO: dict[int, str] = {3: "success", 4: "success", 5: "success",
                                16: "failure", 17: "failure", 18: "failure"}

#: the bands that count as a success (the rest of AUTO's names are failures)
SUCCESS_BANDS = frozenset({"triple", "double", "hit", "success"})

#: G3-1: damage multiplier of the two best 3d6 results
MULTIPLIER: dict[str, int] = {"triple": 3, "double": 2}


def auto_result(ndice: int, total: int) -> str | None:
    """The automatic attack result (G3-1, S3-MA-6) of ``total`` on ``ndice`` d6, or None if the target decides."""
    if ndice not in AUTO:
        raise ValueError(f"an attack roll is 3, 4 or 5 dice, not {ndice}")
    return AUTO[ndice].get(total)


def _apply_band(ev: Event, band: str | None) -> Event:
    """Overrule the plain comparison with an automatic band; mark it for the log and the UI."""
    if band is None:
        return ev
    ev["auto"] = band
    ev["success"] = band in SUCCESS_BANDS
    ev["critical"] = "success" if ev["success"] else "failure"
    if band in MULTIPLIER:
        ev["multiplier"] = MULTIPLIER[band]
    return ev


def attack_roll(dice: Dice, spec: RollSpec) -> Event:
    """G3-1: roll ``spec.dice`` d6 (3, 4 or 5) at or under the target; the automatic bands overrule it.

    The event is the common roll event plus, when a band applies, ``auto`` (its name), ``critical``
    (``"success"`` for triple/double/hit, ``"failure"`` for miss/drop/break) and, for triple/double,
    ``multiplier`` (3 or 2) that the damage step applies to the rolled hits.
    """
    if spec.dice not in AUTO:
        raise ValueError(f"an attack roll is 3, 4 or 5 dice, not {spec.dice}")
    ev = roll_under(dice, spec, criticals=False)
    return _apply_band(ev, AUTO[spec.dice].get(ev["total"]))


def save_roll(dice: Dice, spec: RollSpec, auto: dict[int, str] | None = None) -> Event:
    """A saving roll ("Nd6 vs attribute"): plain total <= target, no automatic results (G3-1).

    A rule that does give automatic results passes them as ``auto`` (total -> band name, e.g.
    :data:`OPPOSED_AUTO`); the band then decides, as in an attack roll.
    """
    ev = roll_under(dice, spec, criticals=False)
    return _apply_band(ev, auto.get(ev["total"]) if auto else None)


def _opposed_bands(ndice: int) -> dict[int, str]:
    """S3-KNOCK-4's numbers on 3d6; on more dice (not in the seed) the attack bands' hit/miss ends."""
    if ndice == 3:
        return OPPOSED_AUTO
    return {t: ("success" if b in SUCCESS_BANDS else "failure") for t, b in AUTO.get(ndice, {}).items()}


def opposed(dice: Dice, a: RollSpec, b: RollSpec, rule: str) -> Event:
    """G3-2: both roll against their own targets; the actor ``a`` wins only by succeeding where ``b`` fails,
    or by succeeding with the larger margin when both succeed.

    Anything else keeps the status quo: ``winner`` is ``b.actor`` when ``b`` succeeded (including equal
    margins) and None when both failed. 3-5 always succeed and 16-18 always fail for both (S3-KNOCK-4).
    ``margin_of_victory`` is the difference of margins when someone wins (0 otherwise).
    """
    ra = save_roll(dice, a, _opposed_bands(a.dice))
    rb = save_roll(dice, b, _opposed_bands(b.dice))
    a_wins = ra["success"] and (not rb["success"] or ra["margin"] > rb["margin"])
    winner: str | None
    if a_wins:
        winner = a.actor
    elif rb["success"]:
        winner = b.actor
    else:
        winner = None
    mov = abs(ra["margin"] - rb["margin"]) if winner else 0
    return {"type": "contest", "kind": "opposed", "rule": rule, "rolls": [ra, rb], "winner": winner,
            "margin_of_victory": mov}


# -- exact odds ---------------------------------------------------------------------------------------

@lru_cache(maxsize=16)
def sum_counts(ndice: int) -> tuple[int, ...]:
    """Ways to roll each total on ``ndice`` d6: index = total (0 .. 6*ndice), out of 6**ndice."""
    if ndice < 0:
        raise ValueError(f"cannot roll {ndice} dice")
    counts = [1]
    for _ in range(ndice):
        nxt = [0] * (len(counts) + 6)
        for total, n in enumerate(counts):
            if n:
                for face in range(1, 7):
                    nxt[total + face] += n
        counts = nxt
    return tuple(counts[: 6 * ndice + 1])


def _outcome(total: int, target: int, bands: dict[int, str]) -> tuple[bool, str | None]:
    band = bands.get(total)
    if band is None:
        return total <= target, None
    return band in SUCCESS_BANDS, band


def attack_odds(ndice: int, target: int) -> dict[str, float]:
    """Exact chances of an attack roll (G3-1, S3-MA-6): ``hit`` (any success, automatic ones included),
    ``triple``, ``double``, ``miss`` (any failure), ``drop``, ``break`` (the last two are parts of ``miss``).

    A fresh dict each call (the counting is cached), so a caller may change it freely.
    """
    return dict(_attack_odds(ndice, target))


@lru_cache(maxsize=512)
def _attack_odds(ndice: int, target: int) -> tuple[tuple[str, float], ...]:
    if ndice not in AUTO:
        raise ValueError(f"an attack roll is 3, 4 or 5 dice, not {ndice}")
    counts = sum_counts(ndice)
    out = {"hit": 0, "triple": 0, "double": 0, "miss": 0, "drop": 0, "break": 0}
    for total, n in enumerate(counts):
        if not n:
            continue
        ok, band = _outcome(total, target, AUTO[ndice])
        out["hit" if ok else "miss"] += n
        if band in ("triple", "double", "drop", "break"):
            out[band] += n
    whole = 6 ** ndice
    return tuple((k, v / whole) for k, v in out.items())


@lru_cache(maxsize=512)
def save_odds(ndice: int, target: int) -> float:
    """P(``ndice`` d6 <= ``target``): a saving roll without automatic results (G3-1)."""
    counts = sum_counts(ndice)
    return sum(counts[: max(0, min(target, 6 * ndice)) + 1]) / 6 ** ndice


def opposed_odds(ta: int, tb: int) -> dict[str, float]:
    """Exact G3-2 opposed roll on 3d6 of actor target ``ta`` against ``tb`` (S3-KNOCK-4 bands for both).

    ``win``: the actor wins; ``lose``: the other side succeeded and the actor didn't win (status quo held
    by a success, equal margins included); ``tie``: both failed (status quo). A fresh dict each call.
    """
    win, lose, tie = _opposed_odds(ta, tb)
    return {"win": win, "lose": lose, "tie": tie}


@lru_cache(maxsize=4096)
def _opposed_odds(ta: int, tb: int) -> tuple[float, float, float]:
    counts = sum_counts(3)
    win = lose = tie = 0
    for xa in range(3, 19):
        oka, _ = _outcome(xa, ta, OPPOSED_AUTO)
        for xb in range(3, 19):
            okb, _ = _outcome(xb, tb, OPPOSED_AUTO)
            n = counts[xa] * counts[xb]
            if oka and (not okb or ta - xa > tb - xb):
                win += n
            elif okb:
                lose += n
            else:
                tie += n
    return win / 46656, lose / 46656, tie / 46656
