"""Scenarios (.toml) -> :class:`~game.model.Battle`: a map, a ruleset, sides and fighters, every value checked.

The file is read through :mod:`game.files.userfiles`, its shape and every number's range checked by the msgspec
schema here, then what only the map and the ruleset can say: hexes, zones and spots, items, hands, and the
traits and options each ruleset declares (``Ruleset.trait_types``, ``Ruleset.options``: its folder's
``scenario_schema.py``). Anything refused is one :class:`ScenarioError` (or, for its map, ``MapError``)
sentence naming the file and the field. ``game.files.maps`` is the public face. No pygame.
"""

from __future__ import annotations

import functools
import math
import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, Optional, get_args, get_origin

import msgspec

import game.rules  # noqa: F401  (registers the rulesets that exist)
from game.files.names import name_problem
from game.files.scenario_types import (
    MAX_ARMS,
    MAX_DR,
    MAX_ITEMS,
    MAX_NAME,
    MAX_SCORE,
    MAX_SIDES,
    Name,
    Rounds,
    Score,
)
from game.files.userfiles import UserFileError, load_toml
from game.hexgrid import DIRECTIONS, FractionalHex, Hex, hex_distance, hex_round
from game.model import POSTURES, Battle, Board, Fighter, RngState, Side
from game.rules.base import RULESETS, find_ruleset
from game.tiled.reader import load_map
from game.tiled.safe_xml import MAX_CELLS_A_SIDE, MapError, _one_line
from game.tiled.terrain_words import KINDS
from game.wording import DEFAULT_PRONOUN, pronoun_problem

if TYPE_CHECKING:
    from game.rules.base import Ruleset


class ScenarioError(ValueError):
    """A scenario that cannot be used; the message names the file and the field (on one line)."""

    def __init__(self, message: str) -> None:
        super().__init__(_one_line(message))


#: Bounds of a scenario's numbers. Each is far beyond what any ruleset's fighter uses (3d6 attributes
#: run 1-20ish, d20 abilities 3-18, edge pools 1-6), yet small enough that no sum or product the
#: rules make of them leaves a machine integer or turns a loop over them into a hang.
#: (The bounds a ruleset's own fields use too live in ``game.files.scenario_types``.)
MAX_WEIGHT = 100_000.0  # pounds: a dragon
MAX_FIGHTERS = 100
MAX_TEXT = 4000  # a description
#: bytes of a scenario file: the shipped ones are about 3 KB, 100 fighters fit in 100 KB; tomllib is pure
#: Python, so a larger file would cost seconds and hundreds of MB before any check could refuse it
MAX_SCENARIO_BYTES = 1024 * 1024

_Name = Name
_Score = Score
#: an attribute (ST, DX, STR, a pool...): 1 or more, since the rules divide by what they derive from it
#: (3d6 hit points are ST: a 0 made the computer's evaluation divide by zero)
_Attribute = Annotated[int, msgspec.Meta(ge=1, le=MAX_SCORE)]

#: Traits every ruleset reads (none today), each with the only type the rules can use; a ruleset declares
#: its own in ``Ruleset.trait_types`` (its folder's ``scenario_schema.py``), merged over these. A trait listed
#: nowhere is a ruleset's on/off switch (3d6 readies a boolean trait, S0-OPT-5) or a plain value some rule
#: reads with a default: a bool, a bounded integer or a short text, never a table.
TRAIT_TYPES: dict[str, Any] = {}
_OTHER_TRAIT = bool | Annotated[int, msgspec.Meta(ge=-MAX_SCORE, le=MAX_SCORE)] | _Name

#: The options every ruleset reads from ``battle.options`` (the turn controller's limits); a ruleset declares
#: its own in ``Ruleset.options``, and a scenario may give only these and those.
SHARED_OPTIONS: dict[str, Any] = {"turn_limit": Rounds, "round_limit": Rounds}


def _declared(ruleset: type[Ruleset], member: str) -> dict[str, Any]:
    """A table every ruleset declares (``options``, ``trait_types``), merged over the registry with
    ``ruleset``'s own entries winning. A scenario may be played under another ruleset than its own
    (``clinch simulate --ruleset``, the new-battle screen's ruleset choice), so what any registered ruleset
    reads is checked as that ruleset types it."""
    merged: dict[str, Any] = {}
    for cls in [*RULESETS.values(), ruleset]:
        merged.update(getattr(cls, member))
    return merged


def _named_in(ruleset: type[Ruleset], member: str) -> tuple[str, ...]:
    """The names a member (``side_options``, ``fighter_traits``, ``zero_stats``) lists, over every registered
    ruleset (a scenario may be played under another ruleset than its own: see :func:`_declared`)."""
    return tuple(dict.fromkeys(n for cls in [ruleset, *RULESETS.values()] for n in getattr(cls, member)))


@functools.lru_cache(maxsize=32)
def _options_spec(ruleset: type[Ruleset]) -> type[msgspec.Struct]:
    """One struct for a scenario's ``[options]`` under ``ruleset``: the shared options and the rulesets' own
    (:func:`_declared`), every field optional (option names may hold dots, ``edge.regrip``: fields renamed)."""
    table = {**SHARED_OPTIONS, **_declared(ruleset, "options")}
    fields = [(f"f{i}", Optional[kind], None) for i, kind in enumerate(table.values())]  # noqa: UP045
    return msgspec.defstruct("ScenarioOptions", fields, forbid_unknown_fields=True, omit_defaults=True,
                             rename={f"f{i}": name for i, name in enumerate(table)})


#: the computer's levels a side may name (``level``), as ``clinch simulate --level`` knows them
#: (``game.ai.weights.LEVELS``: a test holds the two together; the files layer does not import the computer)
SIDE_LEVELS = ("random", "easy", "normal", "hard")


class _SideSpec(msgspec.Struct, forbid_unknown_fields=True):
    id: _Name
    name: _Name = ""
    colour: _Name = ""
    control: _Name = "human"
    #: the computer's level when the computer plays this side; empty: the player's setting (the window) or
    #: ``normal`` (``clinch simulate``)
    level: _Name = ""


class _FighterSpec(msgspec.Struct, forbid_unknown_fields=True):
    id: _Name
    side: _Name
    name: _Name = ""
    hex: list[Annotated[int, msgspec.Meta(ge=-4 * MAX_CELLS_A_SIDE, le=4 * MAX_CELLS_A_SIDE)]] | None = None
    zone: _Name | None = None
    spot: _Name | None = None
    facing: int | None = None
    posture: _Name = "standing"
    stats: dict[str, Any] = {}  # each value checked on its own so that the message names the key
    skills: dict[str, Any] = {}
    size: Annotated[int, msgspec.Meta(ge=-10, le=20)] = 0  # a Size Modifier, bounded as situations bound it
    arms: Annotated[int, msgspec.Meta(ge=0, le=MAX_ARMS)] = 2
    hands: dict[str, Any] = {}
    items: Annotated[list[_Name], msgspec.Meta(max_length=MAX_ITEMS)] = []
    hp: _Score | None = None
    fp: _Score | None = None
    dr: Annotated[int, msgspec.Meta(ge=0, le=MAX_DR)] = 0
    weight: Annotated[float, msgspec.Meta(gt=0, le=MAX_WEIGHT)] = 150.0
    traits: dict[str, Any] = {}
    pronoun: str | None = None  # "they" (the default), "she", "he", "it": the words the log uses after the name


class _ScenarioSpec(msgspec.Struct, forbid_unknown_fields=True):
    map: Annotated[str, msgspec.Meta(max_length=1024)]
    ruleset: _Name | None = None
    name: _Name = ""
    description: Annotated[str, msgspec.Meta(max_length=MAX_TEXT)] = ""
    seed: int = 0
    sides: Annotated[list[_SideSpec], msgspec.Meta(max_length=MAX_SIDES)] = []
    fighters: Annotated[list[_FighterSpec], msgspec.Meta(max_length=MAX_FIGHTERS)] = []
    options: dict[str, Any] = {}
    #: the map's own terrain words mapped to the game's kinds (``Bog = "rough"``): a word the list in
    #: ``game.tiled.terrain_words`` does not know is open ground unless the scenario says what it is
    terrain_words: Annotated[dict[str, _Name], msgspec.Meta(max_length=256)] = {}


_CONSTRAINT = re.compile(r"^Expected `(?P<type>[^`]*)`(?P<length> of length)? (?P<op>>=|>|<=|<) (?P<bound>-?[0-9.]+)$")
_TYPE_WORDS = {"int": "a whole number", "float": "a number", "str": "text", "bool": "true or false",
               "array": "a list", "object": "a table"}


def _value_at(data: Any, field: str) -> Any:
    """The raw value a field path (``fighters[2].stats.ST``) names in parsed TOML, or None."""
    for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", field):
        if index:
            data = data[int(index)] if isinstance(data, list) and int(index) < len(data) else None
        else:
            data = data.get(name) if isinstance(data, dict) else None
    return data


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return repr(value[:40] + "…" if len(value) > 40 else value)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, float) and value == int(value):
        return str(int(value))
    return str(value)


def _problem(msg: str, value: Any) -> str:
    """msgspec's "Expected `int` >= 0" with the value, in our words: "must not be negative, got -5"."""
    m = _CONSTRAINT.match(msg)
    if m is None:
        return msg
    op, bound = m["op"], m["bound"].removesuffix(".0")
    if m["length"]:
        n = len(value) if isinstance(value, str | list | dict) else "?"
        unit = "characters" if m["type"] == "str" else "entries"
        return f"must be at most {bound} {unit} long, got {n}" if op == "<=" else f"must not be empty, got {n}"
    got = _shown(value)
    if op == ">=" and bound == "0":
        return f"must not be negative, got {got}"
    return {">=": f"must be {bound} or more", ">": f"must be more than {bound}",
            "<=": f"must be {bound} or less", "<": f"must be less than {bound}"}[op] + f", got {got}"


_DEFAULT_COLOURS = ["#c0392b", "#2e6fd8", "#27ae60", "#d4a017", "#8e44ad", "#16a085"]


def _field_path(msg: str) -> tuple[str, str]:
    """Split msgspec's "Expected `int`, got `str` - at `$.fighters[2].facing`" into field and problem."""
    problem, _, at = msg.partition(" - at `")
    field = at.rstrip("`").removeprefix("$").lstrip(".") if at else ""
    problem = problem.replace(" | null", "").replace("`", "'" if "field" in problem else "")
    return field, problem[:1].lower() + problem[1:]


def _face_towards(board: Board, h: Hex) -> int:
    """The facing (0-5) from ``h`` that looks most nearly at the board's middle."""
    if not board.cells:
        return 0
    cq = sum(c.hex.q for c in board.cells) / len(board.cells)
    cr = sum(c.hex.r for c in board.cells) / len(board.cells)
    dq, dr = cq - h.q, cr - h.r
    if abs(dq) < 1e-9 and abs(dr) < 1e-9:
        return 0
    return max(range(6), key=lambda i: _dot(DIRECTIONS[i], dq, dr))


def _dot(d: Hex, dq: float, dr: float) -> float:
    # cartesian dot product in the pointy axial basis (the same angles for both layouts)
    ax, ay = d.q + d.r / 2.0, d.r * math.sqrt(3) / 2.0
    bx, by = dq + dr / 2.0, dr * math.sqrt(3) / 2.0
    return ax * bx + ay * by


def _zone_order(zone: list[Hex]) -> list[Hex]:
    """A zone's hexes nearest its middle first (ties in the map's order), so a team starts together."""
    if not zone:
        return []
    mid = hex_round(FractionalHex(sum(h.q for h in zone) / len(zone), sum(h.r for h in zone) / len(zone)))
    return sorted(zone, key=lambda h: hex_distance(h, mid))


def _known_rulesets() -> set[str]:
    """The registered ruleset ids (importing the rules registers them); a scenario must name one of these."""
    return set(RULESETS)


def _ruleset_class(ruleset: str) -> type[Ruleset]:
    """The registered class of a ruleset id :func:`_known_rulesets` names: its declared tables (items,
    options, traits) are what a scenario under it may use."""
    return RULESETS[ruleset]


class _Checker:
    """Says a scenario's problems: ``fail`` makes the one sentence naming the file and the field, ``convert``
    checks a value against a msgspec type and turns msgspec's message into ours."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, field: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{self.path}: {field}: {problem}" if field else f"{self.path}: {problem}")

    def convert(self, value: Any, kind: Any, field: str) -> Any:
        fail = self.fail
        try:
            return msgspec.convert(value, kind)
        except msgspec.ValidationError as exc:
            at, problem = _field_path(str(exc))
            where = f"{field}.{at}" if field and at else field or at
            got = _value_at(value, at) if at else value  # the value at fault, found in what was converted
            if problem.startswith("object missing required field"):
                missing = problem.split(" ")[-1].strip("'")
                raise fail(f"{where}.{missing}" if where else missing, "is missing") from None
            if problem.startswith("object contains unknown field"):
                raise fail(where, problem.replace("object contains unknown field", "unknown field")) from None
            if problem.startswith("invalid enum value") and get_origin(kind) is Literal:
                choices = ", ".join(repr(c) for c in get_args(kind))
                raise fail(where, f"must be one of {choices}, got {_shown(got)}") from None
            m = _CONSTRAINT.match(str(exc).partition(" - at `")[0])
            if m:
                raise fail(where, _problem(m.group(0), got)) from None
            raise fail(where, problem) from None


def load_scenario(path: str | Path) -> Battle:
    """Read a scenario .toml (and its map) into a :class:`Battle`, or raise :class:`ScenarioError`.

    The file is read through :func:`game.files.userfiles.load_toml` (not UTF-8, too
    deep, NaN, infinity and 64-bit overflow refused), its shape and every
    number's range checked by the msgspec schema above (``_ScenarioSpec``),
    then what only the map and the ruleset can say: hexes, zones and spots,
    items, hands, traits, options. Map problems come out as :class:`MapError`;
    both are ``ValueError`` and name the file and the field.
    """
    path = Path(path)
    if not path.exists() and not path.is_symlink():
        raise ScenarioError(f"{path}: no such file.")
    try:
        data = load_toml(path, limit=MAX_SCENARIO_BYTES)
    except UserFileError as exc:
        raise ScenarioError(str(exc)) from None
    return scenario_from_data(data, path)


def scenario_from_data(data: Any, path: str | Path) -> Battle:
    """A scenario already read as a table (a lesson's ``[scenario]``, ``game.teaching.lessons``), checked exactly as
    :func:`load_scenario` checks a file; ``path`` names it in every message and its folder holds the map."""
    path = Path(path)
    ck = _Checker(path)
    spec = ck.convert(data, _ScenarioSpec, "")
    _check_names(spec, ck.fail)
    board = _scenario_map(spec, path, ck.fail)
    ruleset = _scenario_ruleset(spec, board, path, ck.fail)
    rules = _ruleset_class(ruleset)
    options = _check_options(spec.options, rules, ck.convert, ck.fail)
    sides = _sides(spec, ck.fail)
    if not spec.fighters:
        raise ck.fail("fighters", "at least one fighter is needed")
    side_ids = {s.id for s in sides}
    _check_option_sides(options, _named_in(rules, "side_options"), side_ids, ck.fail)
    fighters = _fighters(spec, board, rules, side_ids, ck)
    battle = Battle(
        ruleset=ruleset, board=board, sides=sides, fighters=fighters,
        rng=RngState(seed=spec.seed), options=options, scenario=str(path),
        title=spec.name if spec.name.strip() else msgspec.UNSET,  # the briefing, saves, end screen show it
    )
    _check_setup(battle, ck.fail)
    return battle


def _check_names(spec: _ScenarioSpec, fail: Any) -> None:
    """Every name and id the screen shows (:func:`game.files.names.name_problem`: no NUL, control or bidi
    character, something visible); a name left empty takes its id's, an id may not be empty."""
    named: list[tuple[str, str, bool]] = [("name", spec.name, True)]
    if spec.ruleset is not None:
        named.append(("ruleset", spec.ruleset, False))
    for i, s in enumerate(spec.sides):
        named += [(f"sides[{i}].id", s.id, False), (f"sides[{i}].name", s.name, True)]
    for i, f in enumerate(spec.fighters):
        named += [(f"fighters[{i}].id", f.id, False), (f"fighters[{i}].name", f.name, True)]
    for field, text, may_be_empty in named:
        problem = name_problem(text, allow_empty=may_be_empty)
        if problem is not None:
            hint = " (leave it out to play the map's own)" if field == "ruleset" and not text else ""
            raise fail(field, problem + hint)


#: the game's own maps folder, and how a scenario names a map in it (``map = "clinch:maps/arena.tmx"``): so a
#: scenario saved in the player's folder on a shipped map loads from any checkout or bundle, where an
#: absolute path of the machine that saved it would not
GAME_MAPS_DIR = Path(__file__).resolve().parents[2] / "maps"
GAME_MAP_MARKER = "clinch:maps/"


def map_file(map_field: str, scenario_path: str | Path) -> Path:
    """The file a scenario's ``map`` names: in the game's maps folder (:data:`GAME_MAP_MARKER`), else relative
    to the scenario's folder (or absolute)."""
    if map_field.startswith(GAME_MAP_MARKER):
        return GAME_MAPS_DIR / map_field.removeprefix(GAME_MAP_MARKER)
    return Path(scenario_path).parent / map_field


def _scenario_map(spec: _ScenarioSpec, path: Path, fail: Any) -> Board:
    """The scenario's map: a .tmx beside it (or in the game's maps folder), read by
    :func:`game.tiled.reader.load_map` with the scenario's ``terrain_words`` (each a word of the map's own,
    mapped to one of the game's kinds)."""
    map_path = map_file(spec.map, path)
    if not map_path.exists():
        raise fail("map", f"no map at {map_path}")
    if not spec.map.lower().endswith(".tmx"):
        raise fail("map", f"must be a Tiled .tmx file, got {spec.map!r}")
    for word, kind in spec.terrain_words.items():
        if kind not in KINDS:
            raise fail(f"terrain_words.{word}", f"must be one of {', '.join(KINDS)}, got {kind!r}")
    try:
        board = load_map(map_path, spec.terrain_words)
    except MapError as exc:  # still a MapError, but said from the scenario: "s.toml: map: m.tmx: ..."
        raise MapError(f"{path}: map: {exc}") from None
    for word in spec.terrain_words:
        if word not in board.terrain_words:
            known = ", ".join(repr(w) for w in sorted(board.terrain_words)) or "none"
            raise fail(f"terrain_words.{word}", f"the map has no terrain word {word!r} (its words: {known})")
    return board


def _scenario_ruleset(spec: _ScenarioSpec, board: Board, path: Path, fail: Any) -> str:
    """The ruleset the scenario names, or its map's default; a registered one."""
    ruleset = spec.ruleset or board.default_ruleset
    if not ruleset:
        raise fail("ruleset", "is missing and the map has no default ruleset")
    known = _known_rulesets()
    if ruleset not in known:
        where = "ruleset" if spec.ruleset else f"ruleset (from {map_file(spec.map, path).name})"
        raise fail(where, f"unknown ruleset {ruleset!r} (known: {', '.join(sorted(known))})")
    return ruleset


def _sides(spec: _ScenarioSpec, fail: Any) -> list[Side]:
    """At least one side, each with its own id, a control of 'human' or 'ai', a '#rrggbb' colour and, if it
    names one, a level of the computer's (:data:`SIDE_LEVELS`)."""
    if not spec.sides:
        raise fail("sides", "at least one side is needed")
    sides: list[Side] = []
    for i, s in enumerate(spec.sides):
        if not s.id:
            raise fail(f"sides[{i}].id", "must not be empty")
        if any(o.id == s.id for o in sides):
            raise fail(f"sides[{i}].id", f"two sides have the id {s.id!r}")
        if s.control not in ("human", "ai"):
            raise fail(f"sides[{i}].control", f"must be 'human' or 'ai', got {s.control!r}")
        colour = s.colour or _DEFAULT_COLOURS[i % len(_DEFAULT_COLOURS)]
        if not (len(colour) == 7 and colour[0] == "#" and all(ch in "0123456789abcdefABCDEF" for ch in colour[1:])):
            raise fail(f"sides[{i}].colour", f"must be '#rrggbb', got {colour!r}")
        if s.level and s.level not in SIDE_LEVELS:
            raise fail(f"sides[{i}].level", f"must be one of {', '.join(SIDE_LEVELS)}, got {s.level!r}")
        sides.append(Side(id=s.id, name=s.name or s.id.title(), colour=colour, control=s.control,
                          level=s.level or msgspec.UNSET))
    return sides


def _fighters(spec: _ScenarioSpec, board: Board, rules: type[Ruleset], side_ids: set[str],
              ck: _Checker) -> list[Fighter]:
    """Every fighter checked and placed: first those with a fixed hex or spot (checking every field on the
    way), then zones filled from their middle outwards, one fighter per free open hex."""
    placed: dict[int, Hex] = {}
    pending: list[tuple[int, _FighterSpec]] = []
    seen: set[str] = set()
    hands_by_fighter: list[dict[str, str | None]] = []
    for i, f in enumerate(spec.fighters):
        hands_by_fighter.append(_check_fighter(f, f"fighters[{i}]", spec, rules, side_ids, seen, ck))
        h = _fixed_hex(f, f"fighters[{i}]", board, ck.fail)
        if h is None:
            pending.append((i, f))
        else:
            placed[i] = h
    taken: set[Hex] = set(placed.values())
    for i, f in pending:
        assert f.zone is not None
        free = [h for h in _zone_order(board.zones[f.zone]) if board.is_open(h) and h not in taken]
        if not free:
            raise ck.fail(f"fighters[{i}].zone", f"zone {f.zone!r} has no free open hex left")
        placed[i] = free[0]
        taken.add(free[0])
    fighters: list[Fighter] = []
    for i, f in enumerate(spec.fighters):
        h = placed[i]
        hands = hands_by_fighter[i]
        fighters.append(Fighter(
            id=f.id, side=f.side, hex=h, name=f.name or f.id.title(),
            facing=f.facing if f.facing is not None else _face_towards(board, h),
            posture=f.posture, stats=dict(f.stats), skills=dict(f.skills), size=f.size, arms=f.arms,
            hands=hands, items=list(f.items), hp=f.hp, fp=f.fp, dr=f.dr, traits=dict(f.traits),
            weight=f.weight, pronoun=f.pronoun or DEFAULT_PRONOUN,
        ))
    return fighters


def _check_fighter(f: _FighterSpec, at: str, spec: _ScenarioSpec, rules: type[Ruleset], side_ids: set[str],
                   seen: set[str], ck: _Checker) -> dict[str, str | None]:
    """One fighter's fields (id, side, facing, posture, stats, skills, hands, items, traits); its hands."""
    fail, convert, ruleset, items = ck.fail, ck.convert, rules.id, dict(rules.items)
    zero = _named_in(rules, "zero_stats")  # codes and counts that may be 0 (``Ruleset.zero_stats``)
    if not f.id:
        raise fail(f"{at}.id", "must not be empty")
    if f.id in seen:
        raise fail(f"{at}.id", f"two fighters have the id {f.id!r}")
    seen.add(f.id)
    if f.side not in side_ids:
        raise fail(f"{at}.side", f"unknown side {f.side!r} (sides: {', '.join(sorted(side_ids))})")
    if f.facing is not None and not 0 <= f.facing <= 5:
        raise fail(f"{at}.facing", f"must be 0-5, got {f.facing}")
    if f.pronoun is not None and (problem := pronoun_problem(f.pronoun)) is not None:
        raise fail(f"{at}.pronoun", problem)
    if f.posture not in POSTURES:
        raise fail(f"{at}.posture", f"must be one of {', '.join(POSTURES)}, got {f.posture!r}")
    for table in ("stats", "skills"):
        values = getattr(f, table)
        if len(values) > 64:
            raise fail(f"{at}.{table}", f"must hold at most 64 entries, got {len(values)}")
        for key, v in values.items():
            convert(v, _Score if table == "skills" or key in zero else _Attribute, f"{at}.{table}.{key}")
    hands = _check_hands(f, at, items, ruleset, convert, fail)
    for j, item in enumerate(f.items):
        if items and item not in items:
            raise fail(f"{at}.items[{j}]", f"unknown item {item!r} (see 'clinch items {ruleset}')")
    _check_traits(f, at, spec.fighters, rules, convert, fail)
    return hands


def _fixed_hex(f: _FighterSpec, at: str, board: Board, fail: Any) -> Hex | None:
    """The open hex a fighter's ``hex`` or ``spot`` names; None for one placed in a ``zone`` (checked here)."""
    given = [k for k in ("hex", "zone", "spot") if getattr(f, k) is not None]
    if len(given) != 1:
        raise fail(at, "give exactly one of hex, zone or spot" + (f" (got {', '.join(given)})" if given else ""))
    if f.hex is not None:
        if len(f.hex) != 2:
            raise fail(f"{at}.hex", f"must be [q, r], got {f.hex}")
        h = Hex(f.hex[0], f.hex[1])
        if h not in board:
            raise fail(f"{at}.hex", f"{h.to_list()} is outside the map")
        if not board.is_open(h):
            raise fail(f"{at}.hex", f"{h.to_list()} is {board.cell(h).terrain}, which blocks movement")  # type: ignore[union-attr]
        return h
    if f.spot is not None:
        if f.spot not in board.spots:
            raise fail(f"{at}.spot", f"the map has no spot {f.spot!r}"
                       + (f" (spots: {', '.join(sorted(board.spots))})" if board.spots else ""))
        h = board.spots[f.spot]
        if not board.is_open(h):
            raise fail(f"{at}.spot", f"spot {f.spot!r} is on a hex that blocks movement")
        return h
    if f.zone not in board.zones:
        raise fail(f"{at}.zone", f"the map has no zone {f.zone!r}"
                   + (f" (zones: {', '.join(sorted(board.zones))})" if board.zones else ""))
    return None


def _check_setup(battle: Battle, fail: Any) -> None:
    """Let the ruleset set up a copy: what only it knows (edge's stat names, its two postures...) is said here.

    A ruleset's ``setup`` raises ``ValueError`` naming the field
    (``fighters[1].stats.zone: edge has no stat 'zone'``), as for situations;
    the battle handed back stays as the file made it.
    """
    try:
        find_ruleset(battle.ruleset).setup(battle.clone(with_log=False))
    except (ValueError, KeyError) as exc:
        text = str(exc.args[0] if exc.args else exc).strip().rstrip(".") or type(exc).__name__
        raise fail("", text) from None


def _check_hands(f: _FighterSpec, at: str, items: dict[str, Any], ruleset: str, convert: Any,
                 fail: Any) -> dict[str, str | None]:
    """The fighter's hands (right and left by default), each empty or holding an item of the ruleset.

    No more hands than arms: a hand the file adds to the default two counts.
    """
    hands: dict[str, str | None] = {"right": None, "left": None} if f.arms >= 2 else {}
    for hand, item in f.hands.items():
        item = convert(item, _Name, f"{at}.hands.{hand}")
        if item and items and item not in items:
            raise fail(f"{at}.hands.{hand}", f"unknown item {item!r} (see 'clinch items {ruleset}')")
        if len(hand) > MAX_NAME:
            raise fail(f"{at}.hands", f"a hand's name is longer than {MAX_NAME} characters")
        hands[hand] = item or None
    if len(hands) > f.arms:
        raise fail(f"{at}.hands", f"{len(hands)} hands ({', '.join(hands)}) for {f.arms} arm{'' if f.arms == 1 else 's'}")
    return hands


def _check_traits(f: _FighterSpec, at: str, fighters: list[_FighterSpec], rules: type[Ruleset], convert: Any,
                  fail: Any) -> None:
    """Each trait of the type the rules read it as (:data:`TRAIT_TYPES` and the rulesets'
    ``trait_types``, :func:`_declared`); a trait naming a fighter (``fighter_traits``: a mount) must name
    another one."""
    if len(f.traits) > 64:
        raise fail(f"{at}.traits", f"must hold at most 64 entries, got {len(f.traits)}")
    types = {**TRAIT_TYPES, **_declared(rules, "trait_types")}
    names_fighter = _named_in(rules, "fighter_traits")
    for name, value in f.traits.items():
        value = convert(value, types.get(name, _OTHER_TRAIT), f"{at}.traits.{name}")
        if name in names_fighter and (value == f.id or not any(o.id == value for o in fighters)):
            raise fail(f"{at}.traits.{name}", f"names no other fighter of the scenario, got {value!r}")


def _check_option_sides(options: dict[str, Any], side_options: tuple[str, ...], side_ids: set[str],
                        fail: Any) -> None:
    """The sides the ruleset's options name (``Ruleset.side_options``: d20's surprise, ambushers, reaction)
    are the scenario's: a list's entries, a text, or a table's ``side``."""
    named: list[tuple[str, Any]] = []
    for key in side_options:
        value = options.get(key)
        if isinstance(value, list):
            named += [(f"options.{key}[{i}]", v) for i, v in enumerate(value)]
        elif isinstance(value, dict) and "side" in value:
            named.append((f"options.{key}.side", value["side"]))
        elif isinstance(value, str):
            named.append((f"options.{key}", value))
    for field, side in named:
        if side not in side_ids:
            raise fail(field, f"unknown side {side!r} (sides: {', '.join(sorted(side_ids))})")


def _check_options(given: dict[str, Any], rules: type[Ruleset], convert: Any, fail: Any) -> dict[str, Any]:
    """The options every ruleset reads (:data:`SHARED_OPTIONS`) and the ruleset's own (``Ruleset.options``),
    each of its declared type; any other is refused, naming those there are."""
    spec = _options_spec(rules)
    names = spec.__struct_encode_fields__
    for key in given:
        if key not in names:
            raise fail(f"options.{key}", f"unknown option (options: {', '.join(sorted(names))})")
    checked = msgspec.to_builtins(convert(given, spec, "options"))
    return {k: checked.get(k, v) for k, v in given.items()}
