"""Synthesise Clinch's sound effects: assets/sounds/*.wav (re-runnable, deterministic).

    python3 tools/make_sounds.py

Six short effects the battle screen plays as it animates events (see
``game/ui/sound.py``): a footstep, a blow landing, a grip taken, a body
falling, dice rattling, and the end of a battle. Each is built from plain
waves and seeded noise with numpy and written as 16-bit mono WAV at
22,050 Hz through the standard library's ``wave`` (no timestamps in the
file), so the same script always writes the same bytes. Every file stays
well under 60 KB: short sounds, one channel.
"""

from __future__ import annotations

import sys
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "sounds"
RATE = 22_050
#: the loudest sample, a little under full scale so nothing clips after mixing
PEAK = 0.8


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def _noise(rng: np.random.Generator, seconds: float) -> np.ndarray:
    return rng.uniform(-1.0, 1.0, int(RATE * seconds))


def _lowpass(x: np.ndarray, k: float) -> np.ndarray:
    """One-pole low-pass (``k`` in 0..1: smaller is darker): noise becomes a thud or a rustle."""
    y = np.empty_like(x)
    acc = 0.0
    for i, v in enumerate(x):
        acc += k * (v - acc)
        y[i] = acc
    return y


def _env(n: int, attack: float, decay: float) -> np.ndarray:
    """A fast rise over ``attack`` seconds, then an exponential fall with time constant ``decay``."""
    t = np.arange(n) / RATE
    rise = np.clip(t / max(attack, 1e-4), 0.0, 1.0)
    return rise * np.exp(-np.maximum(t - attack, 0.0) / decay)


def step(rng: np.random.Generator) -> np.ndarray:
    """A soft footfall on sand: dark noise and a low knock, 0.12 s."""
    n = _noise(rng, 0.12)
    thud = np.sin(2 * np.pi * 90 * _t(0.12))
    return (_lowpass(n, 0.08) * 3.0 + 0.5 * thud) * _env(len(n), 0.004, 0.03)


def blow(rng: np.random.Generator) -> np.ndarray:
    """A blow landing: a falling-pitch thump under a crack of noise, 0.25 s."""
    t = _t(0.25)
    freq = 140 * np.exp(-t * 9) + 55
    thump = np.sin(2 * np.pi * np.cumsum(freq) / RATE)
    crack = _lowpass(_noise(rng, 0.25), 0.5) * _env(len(t), 0.001, 0.015)
    return thump * _env(len(t), 0.002, 0.07) + 0.8 * crack


def grip(rng: np.random.Generator) -> np.ndarray:
    """Cloth and leather seized: a rustle that swells and stops, 0.3 s."""
    n = _lowpass(_noise(rng, 0.3), 0.25)
    t = _t(0.3)
    shape = np.sin(np.pi * np.clip(t / 0.3, 0, 1)) ** 2
    flutter = 0.6 + 0.4 * np.sin(2 * np.pi * 23 * t)
    return 2.2 * n * shape * flutter


def fall(rng: np.random.Generator) -> np.ndarray:
    """A body hitting the ground: two low thuds and a rumble, 0.5 s."""
    t = _t(0.5)
    out = np.zeros_like(t)
    for start, gain in ((0.0, 1.0), (0.09, 0.7)):
        i = int(start * RATE)
        n = len(t) - i
        tt = t[:n]
        body = np.sin(2 * np.pi * (70 * np.exp(-tt * 5) + 40) * tt)
        out[i:] += gain * body * _env(n, 0.003, 0.09)
    rumble = _lowpass(_noise(rng, 0.5), 0.04) * 6.0 * _env(len(t), 0.01, 0.18)
    return out + rumble


def dice(rng: np.random.Generator) -> np.ndarray:
    """Dice rattling on a table: a dozen clicks that thin out, 0.55 s."""
    total = 0.55
    out = np.zeros(int(RATE * total))
    at = 0.0
    gap = 0.025
    while at < total - 0.03:
        i = int(at * RATE)
        click_len = int(0.012 * RATE)
        pitch = rng.uniform(1800, 3200)
        tt = np.arange(click_len) / RATE
        click = np.sin(2 * np.pi * pitch * tt) * np.exp(-tt / 0.0025)
        click += 0.5 * rng.uniform(-1, 1, click_len) * np.exp(-tt / 0.001)
        gain = 0.9 * (1.0 - at / total) + 0.15
        out[i:i + click_len] += gain * click[: len(out) - i]
        at += gap * rng.uniform(0.7, 1.6)
        gap *= 1.18
    return out


def end(rng: np.random.Generator) -> np.ndarray:
    """The battle is over: a short rising arpeggio held as a chord, 1.1 s (a horn-like tone)."""
    t = _t(1.1)
    out = np.zeros_like(t)
    for k, f in enumerate((262.0, 330.0, 392.0, 523.0)):  # C E G C
        i = int(k * 0.12 * RATE)
        tt = t[: len(t) - i]
        tone = sum(np.sin(2 * np.pi * f * h * tt) / h for h in (1, 2, 3))
        out[i:] += 0.3 * tone * _env(len(tt), 0.02, 0.45)
    return out


#: file stem -> how it sounds (the names game/ui/sound.py plays)
SOUNDS: dict[str, Callable[[np.random.Generator], np.ndarray]] = {
    "step": step, "blow": blow, "grip": grip, "fall": fall, "dice": dice, "end": end,
}


def to_pcm(x: np.ndarray) -> bytes:
    """Normalised to ``PEAK``, with 5 ms fades at both ends (no click), as 16-bit little-endian samples."""
    x = np.asarray(x, dtype=np.float64)
    top = float(np.max(np.abs(x))) or 1.0
    x = x / top * PEAK
    fade = min(len(x) // 2, int(0.005 * RATE))
    if fade:
        ramp = np.linspace(0.0, 1.0, fade)
        x[:fade] *= ramp
        x[-fade:] *= ramp[::-1]
    return np.round(x * 32767).astype("<i2").tobytes()


def write(path: Path, pcm: bytes) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm)


def main(out: Path = OUT) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for i, (name, make) in enumerate(SOUNDS.items()):
        rng = np.random.default_rng(1000 + i)  # one seed per sound: changing one leaves the others as they were
        path = out / f"{name}.wav"
        write(path, to_pcm(make(rng)))
        written.append(path)
    return written


if __name__ == "__main__":
    for p in main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(f"{p.relative_to(ROOT) if p.is_relative_to(ROOT) else p}: {p.stat().st_size} bytes")
