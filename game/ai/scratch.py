"""Stable hashes and the search's scratch dice: what makes the opponent deterministic.

Every random choice the opponent makes (which options easy overlooks, the
softmax draw, the dice of each sampled outcome) is keyed by :func:`mix` of the
seed, the battle's state and what the choice is for, never by Python's salted
``hash`` nor by how many dice were rolled before: so a decision is the same in
every process, and two actions compared see the same rolls.
"""

from __future__ import annotations

import zlib

from game.dice import SeededDice, splitmix64

__all__ = ["mix", "mix_state", "uniform", "KeyedDice", "MASK63"]

_MASK = (1 << 64) - 1


_MIX_START = 0x243F6A8885A308D3
#: crc32 of the strings ``mix`` has seen (purposes, rule ids, action texts: a few hundred in a battle);
#: cleared when it grows past a bound so a long run cannot grow it without end
_CRC: dict[str, int] = {}


def _crc(p: str) -> int:
    v = _CRC.get(p)
    if v is None:
        if len(_CRC) > 8192:
            _CRC.clear()
        v = _CRC[p] = zlib.crc32(p.encode())
    return v


def mix_state(*parts: int | str, start: int = _MIX_START) -> int:
    """The running state of ``mix`` after ``parts``: ``mix(a, b, c) == mix_state(c, start=mix_state(a, b))
    & (2**63 - 1)``, so a hash over many values that share a prefix hashes the prefix once."""
    x = start
    for p in parts:
        x = splitmix64(x ^ (_crc(p) if isinstance(p, str) else int(p) & _MASK))
    return x


MASK63 = (1 << 63) - 1


def mix(*parts: int | str) -> int:
    """A stable 63-bit hash of ints and strings (never Python's salted ``hash``)."""
    return mix_state(*parts) & MASK63


def uniform(key: int) -> float:
    """A number in [0, 1) drawn from ``key`` (a ``mix``): the same key, the same draw."""
    return (splitmix64(key) >> 11) / float(1 << 53)


class KeyedDice(SeededDice):
    """Scratch dice whose faces are keyed by what a roll is for (its purpose and rule, the purpose of the roll
    before it, how often that came up) rather than by how many dice were rolled before: common random numbers
    that survive an extra roll elsewhere (a set weapon striking first must not change the charger's own roll).
    ``mirror``: the antithetic stream, every face ``f`` of a d``n`` becomes ``n + 1 - f``."""

    def __init__(self, state, mirror: bool = False) -> None:  # noqa: ANN001
        super().__init__(state)
        self.mirror = mirror
        self._seen: dict[tuple[str, str, int, str], int] = {}
        self._last = ""

    def roll(self, count: int, sides: int, purpose: str = "", rule: str = "") -> list[int]:
        key = (purpose, rule, sides, self._last)
        n = self._seen.get(key, 0)
        self._seen[key] = n + 1
        self._last = purpose
        base = mix(self.state.seed, purpose, rule, sides, key[3], n)
        faces = [splitmix64(base + i) % sides + 1 for i in range(count)]
        if self.mirror:
            faces = [sides + 1 - f for f in faces]
        self.state.counter += count
        self.used.extend(faces)
        return faces
