"""The builder's set-up (map, ruleset, sides, fighters, how to win) and the scenario ``.toml`` it is written as.

A set-up is written in one canonical spelling (:func:`setup_text`): a file the builder wrote, read back
(:func:`load_setup`) and written again is the same bytes. What the builder accepts is what the scenario
loader accepts: :func:`check_setup` runs :func:`game.files.scenarios.scenario_from_data` on exactly the text that
would be saved, so a refusal is the loader's one sentence naming the field, and whatever is saved loads.
No pygame.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import msgspec

from game.builder import toml_out
from game.files.scenarios import GAME_MAP_MARKER, GAME_MAPS_DIR, ScenarioError, map_file, scenario_from_data
from game.files.userfiles import UserFileError, load_toml
from game.tiled.safe_xml import MapError

__all__ = ["WIN_CHOICES", "BuiltFighter", "BuiltSide", "Setup", "check_setup", "load_setup", "map_for", "map_in_full",
           "save_setup", "setup_from_data", "setup_text", "win_of", "with_win"]

#: how a battle is won, as the builder offers it: the ruleset's own end (the last side with fighters who
#: still count wins), or that with a round limit after which the battle is a draw (``turn_limit``)
WIN_CHOICES = {"default": "Last side standing",
               "round_limit": "Last standing, draw after"}  # short: whole in its drop-down at 1024x640


class BuiltSide(msgspec.Struct, forbid_unknown_fields=True):
    """One side as a scenario gives it (``[[sides]]``)."""

    id: str
    name: str = ""
    colour: str = ""
    control: str = "human"
    level: str = ""  # the computer's level for this side (easy, normal, hard, random); "": the player's setting


class BuiltFighter(msgspec.Struct, forbid_unknown_fields=True):
    """One fighter as a scenario gives it (``[[fighters]]``): where it starts is one of hex, zone or spot."""

    id: str
    side: str
    name: str = ""
    hex: list[int] | None = None
    zone: str | None = None
    spot: str | None = None
    facing: int | None = None
    posture: str = "standing"
    stats: dict[str, Any] = {}
    skills: dict[str, Any] = {}
    size: int = 0
    arms: int = 2
    hands: dict[str, Any] = {}
    items: list[str] = []
    hp: int | None = None
    fp: int | None = None
    dr: int = 0
    weight: float = 150.0
    traits: dict[str, Any] = {}
    pronoun: str | None = None


class Setup(msgspec.Struct, forbid_unknown_fields=True):
    """A whole battle as the builder holds it; ``map`` is as the file says it (relative to the file's folder,
    or absolute)."""

    map: str
    ruleset: str | None = None
    name: str = ""
    description: str = ""
    seed: int = 0
    sides: list[BuiltSide] = []
    fighters: list[BuiltFighter] = []
    options: dict[str, Any] = {}
    terrain_words: dict[str, str] = {}  # the map's own words the player said the kind of (``Bog = "rough"``)


_FIGHTER_FIELDS = ("id", "name", "side", "hex", "zone", "spot", "facing", "posture", "stats", "skills", "size",
                   "arms", "hands", "items", "hp", "fp", "dr", "weight", "traits", "pronoun")
_FIGHTER_DEFAULTS = {f: getattr(BuiltFighter("", ""), f) for f in _FIGHTER_FIELDS if f not in ("id", "side")}


def setup_from_data(data: Any, where: str | Path = "<set-up>") -> Setup:
    """A parsed scenario table as a set-up; a shape the builder cannot hold is one sentence naming the field
    (the values themselves are the loader's to judge: :func:`check_setup`)."""
    try:
        return msgspec.convert(data, Setup, strict=False)
    except msgspec.ValidationError as exc:
        raise UserFileError(f"{where}: {exc}") from None


def load_setup(path: str | Path) -> Setup:
    """A scenario file as a set-up, checked by the scenario loader first (one sentence naming the field)."""
    data = load_toml(path)
    scenario_from_data(data, path)
    return setup_from_data(data, path)


def _line(name: str, v: Any) -> str:
    return f"{toml_out.key(name)} = {toml_out.value(v)}\n"


def setup_text(setup: Setup) -> str:
    """The scenario file's text, in the builder's one spelling: a default is left out, every table inline."""
    title = setup.name or "A battle of your own"
    out = [f"# {title}\n", "# A Clinch scenario made in the battle builder.\n"]
    if setup.name:
        out.append(_line("name", setup.name))
    if setup.description:
        out.append(_line("description", setup.description))
    out.append(_line("map", setup.map))
    if setup.ruleset is not None:
        out.append(_line("ruleset", setup.ruleset))
    out.append(_line("seed", setup.seed))
    if setup.options:
        out.append("\n[options]\n")
        out.extend(_line(k, v) for k, v in setup.options.items())
    if setup.terrain_words:
        out.append("\n[terrain_words]\n")
        out.extend(_line(k, v) for k, v in setup.terrain_words.items())
    for side in setup.sides:
        out.append("\n[[sides]]\n")
        out.append(_line("id", side.id))
        out.extend(_line(k, getattr(side, k)) for k in ("name", "colour") if getattr(side, k))
        out.append(_line("control", side.control))
        if side.level:
            out.append(_line("level", side.level))
    for f in setup.fighters:
        out.append("\n[[fighters]]\n")
        for field in _FIGHTER_FIELDS:
            v = getattr(f, field)
            if field in ("id", "side") or v != _FIGHTER_DEFAULTS[field]:
                out.append(_line(field, v))
    return "".join(out)


def check_setup(setup: Setup, path: str | Path) -> str | None:
    """Why the scenario loader would refuse this set-up saved at ``path`` (one sentence naming the file and
    the field), or None when it would load."""
    try:
        text = setup_text(setup)
        text.encode("utf-8")  # a lone surrogate cannot be saved
    except (TypeError, ValueError) as exc:
        return f"{path}: {exc}."
    try:
        scenario_from_data(tomllib.loads(text), path)
    except (ScenarioError, MapError, UserFileError, tomllib.TOMLDecodeError) as exc:
        return str(exc)
    # the loader lets a side stand empty; a built battle with one would be over before it began
    fielded = {f.side for f in setup.fighters}
    for i, side in enumerate(setup.sides):
        if side.id not in fielded:
            return f"{path}: sides[{i}]: {side.name or side.id} has no fighters (add one, or a side fewer)."
    return None


def map_for(map_file: str | Path, scenario_path: str | Path) -> str:
    """A map path as a scenario at ``scenario_path`` names it, never an absolute path of this machine where
    another would do: a shipped map by its place in the game's maps folder (``clinch:maps/arena.tmx``, found
    from any checkout or bundle), any other relative to the scenario's folder (``../maps/mine.tmx``, the
    player's maps folder beside their scenarios); absolute only on another drive (Windows), where no
    relative path reaches it. Forward slashes always."""
    map_file = Path(map_file).resolve()
    if map_file.is_relative_to(GAME_MAPS_DIR.resolve()):
        return GAME_MAP_MARKER + map_file.relative_to(GAME_MAPS_DIR.resolve()).as_posix()
    folder = Path(scenario_path).resolve().parent
    try:
        return Path(os.path.relpath(map_file, folder)).as_posix()
    except ValueError:  # another drive (Windows)
        return map_file.as_posix()


def map_in_full(setup: Setup, scenario_path: str | Path) -> Setup:
    """The set-up with its map as a full path (what the builder holds while editing; :func:`map_for` writes it
    back as the file had it)."""
    return msgspec.structs.replace(setup, map=map_file(setup.map, scenario_path).resolve().as_posix())


def save_setup(setup: Setup, path: str | Path) -> None:
    """Write the set-up at ``path`` once the loader would accept it there; else :class:`UserFileError` with
    the loader's sentence (the file is not touched). The folder is made first: a map named relative to it
    (``../../maps/arena.tmx``) is only found through a folder that exists (the first save into a new user
    scenarios folder was refused with "no map at ...")."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    problem = check_setup(setup, path)
    if problem is not None:
        raise UserFileError(problem)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(setup_text(setup).encode("utf-8"))
    os.replace(tmp, path)


def win_of(setup: Setup) -> tuple[str, int | None]:
    """How the set-up is won (a :data:`WIN_CHOICES` key) and its round limit, if any."""
    limit = setup.options.get("turn_limit") or setup.options.get("round_limit")
    return ("round_limit", int(limit)) if limit else ("default", None)


def with_win(setup: Setup, choice: str, rounds: int | None = None) -> Setup:
    """The set-up won as ``choice`` says: a round limit is the scenario's ``turn_limit`` (one round each)."""
    options = {k: v for k, v in setup.options.items() if k not in ("turn_limit", "round_limit")}
    if choice == "round_limit":
        options["turn_limit"] = rounds or 40
    return msgspec.structs.replace(setup, options=options)
