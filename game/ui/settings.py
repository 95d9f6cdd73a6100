"""The player's settings: what they are, where they live, how a bad file is survived.

Settings are a small dataclass saved as JSON in the user config folder
(``platformdirs.user_config_dir("clinch")``, or ``$CLINCH_CONFIG_DIR`` for
tests). Writing is atomic (a temporary file replaced over the old one).
Reading never raises: a missing file gives the defaults; a damaged or
invalid one gives the defaults for every bad field and a sentence for the
game to show (``load_settings`` returns ``(settings, problem or None)``).
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from game.files.saves import write_atomic
from game.files.userfiles import UserFileError, load_json

__all__ = ["Settings", "load_settings", "save_settings", "config_dir", "settings_path", "ANIMATION_SPEEDS",
           "PALETTES", "DICE_SOURCES", "ENV_CONFIG_DIR"]

ENV_CONFIG_DIR = "CLINCH_CONFIG_DIR"
#: animation speed name -> time factor (0 = instant)
ANIMATION_SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
PALETTES = ("standard", "colour-blind")
DICE_SOURCES = ("computer", "manual")
AI_LEVELS = ("random", "easy", "normal", "hard")
#: the computer's thinking time per decision offered in the settings (milliseconds)
AI_BUDGETS = (50, 100, 200, 500, 1000, 2000)
#: what hotseat play shows when control passes from one human side to another: a banner over the board naming
#: the side and what happened since its last turn (the default: nothing on the board is hidden from anyone),
#: the hand-over screen hiding the board at every change of the human fighter to act or when the side changes,
#: or nothing (older files said true/false: "side"/"never")
HANDOVER_WHEN = ("banner", "every", "side", "never")


@dataclass
class Settings:
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    ui_scale: float = 1.0
    animation_speed: str = "normal"
    dice_source: str = "computer"
    palette: str = "standard"
    handover: str = "banner"
    ai_level: str = "normal"
    #: how long the computer may think about one decision (a worker thread: the window keeps drawing)
    ai_budget_ms: int = 200
    confirm_end_turn: bool = False
    #: the computer's moves animate at double speed (the player's own at the speed above)
    fast_computer: bool = True
    #: sound effects' volume in percent (0: silent) and the mute switch (Ctrl+M in battle)
    volume: int = 80
    mute: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.handover, bool):  # the older true/false setting (and callers that still pass one)
            self.handover = "side" if self.handover else "never"

    @property
    def speed_factor(self) -> float:
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    def to_dict(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["window_size"] = list(self.window_size)
        return d


def _check(name: str, value: Any) -> Any:
    """The value if it is valid for ``name``; raises ValueError with a reason otherwise."""
    if name == "window_size":
        if (not isinstance(value, list | tuple) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise ValueError("must be [width, height]")
        w, h = value
        if not (320 <= w <= 16384 and 240 <= h <= 16384):
            raise ValueError("is out of range (320x240 to 16384x16384)")
        return (w, h)
    if name == "handover":  # true/false is the older form of this setting: "side"/"never"
        if isinstance(value, bool):
            return "side" if value else "never"
        if value not in HANDOVER_WHEN:
            raise ValueError(f"must be one of {', '.join(HANDOVER_WHEN)}")
        return value
    if name in ("fullscreen", "handover", "confirm_end_turn", "mute", "fast_computer"):
        if not isinstance(value, bool):
            raise ValueError("must be true or false")
        return value
    if name == "ui_scale":
        if not isinstance(value, int | float) or isinstance(value, bool) or not 0.75 <= float(value) <= 2.0:
            raise ValueError("must be a number from 0.75 to 2")
        return float(value)
    choices = {"animation_speed": tuple(ANIMATION_SPEEDS), "dice_source": DICE_SOURCES, "palette": PALETTES,
               "ai_level": AI_LEVELS}.get(name)
    if choices is not None:
        if value not in choices:
            raise ValueError(f"must be one of {', '.join(choices)}")
        return value
    if name == "ai_budget_ms":
        if not isinstance(value, int) or isinstance(value, bool) or not AI_BUDGETS[0] <= value <= AI_BUDGETS[-1]:
            raise ValueError(f"must be a whole number of milliseconds from {AI_BUDGETS[0]} to {AI_BUDGETS[-1]}")
        return value
    if name == "volume":
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100:
            raise ValueError("must be a whole number from 0 to 100 (percent)")
        return value
    if name == "extra":
        if not isinstance(value, dict):
            raise ValueError("must be an object")
        return value
    raise ValueError("is not a setting")


def config_dir() -> Path:
    env = os.environ.get(ENV_CONFIG_DIR)
    if env:
        return Path(env)

    return Path(platformdirs.user_config_dir("clinch"))


def settings_path() -> Path:
    return config_dir() / "settings.json"


#: a settings file is a few hundred bytes; anything past this is not one
MAX_SETTINGS_BYTES = 256 * 1024
#: how many bad fields a message names before it says "and N more"
_NAMED = 3


def _field_name(key: Any) -> str:
    """A key as a message names it: short, on one line (a hostile file's keys can be anything)."""
    text = str(key)
    if text.isidentifier() and len(text) <= 40:
        return text
    return repr(text[:40] + ("\u2026" if len(text) > 40 else ""))


def settings_from_dict(data: Any, where: str = "settings") -> tuple[Settings, str | None]:
    """Valid fields are kept, bad ones fall back to their default; the sentence names them."""
    s = Settings()
    if not isinstance(data, dict):
        return s, f"{where}: not a settings object; the default settings are used."
    bad = []
    for key, value in data.items():
        try:
            setattr(s, key, _check(key, value))
        except ValueError as exc:
            bad.append(f"{_field_name(key)} {exc}")
    if bad:
        named = "; ".join(bad[:_NAMED]) + (f"; and {len(bad) - _NAMED} more" if len(bad) > _NAMED else "")
        return s, f"{where}: {named} - using the default{'s' if len(bad) > 1 else ''} there."
    return s, None


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a sentence naming the file if it had to be (partly) ignored.

    Never raises. The file is read through :mod:`game.files.userfiles`, so a folder
    or a named pipe in its place, bytes that are not UTF-8, nesting too deep,
    NaN, infinities and numbers too large each give the defaults and one
    sentence; a missing file gives the defaults and no sentence.
    """
    path = path or settings_path()
    try:
        if not os.path.lexists(path):
            return Settings(), None
        data = load_json(path, limit=MAX_SETTINGS_BYTES)
    except (UserFileError, OSError, ValueError) as exc:
        text = " ".join(str(exc).split()).removesuffix("; it was not read.") or f"{path}: could not be read"
        if str(path) not in text:
            text = f"{path}: {text}"
        return Settings(), f"{text.rstrip('.')}; it was ignored and the default settings are used."
    return settings_from_dict(data, str(path))


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write atomically; returns a sentence if it could not be written (never raises for disk trouble).

    The same atomic write as the saves (``.settings.json.PID.tmp`` then a
    rename), so a full disk or a read-only folder leaves the old file as it
    was, and a temporary left by a crash is cleaned when the game starts.
    """
    path = path or settings_path()
    data = json.dumps(settings.to_dict(), indent=2).encode("utf-8")
    try:
        write_atomic(path, data)
    except OSError as exc:
        return f"{path}: settings could not be saved ({(exc.strerror or str(exc)).lower()})."
    return None
