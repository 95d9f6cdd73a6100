"""Situation files (``clinch resolve``): parse, validate, build a battle, play its actions.

The contract is ``../shared/docs/SITUATION-FORMAT.md``. The input schema is
mirrored by the msgspec structs below (:class:`SituationSpec`,
:class:`FighterSpec`, :class:`GrappleSpec`), so the names the program reads are
the names that page writes. Every problem with a file is a
:class:`SituationError`: one sentence naming the file and the field path
(``sit.json: fighters[1].facing: expected 0-5, got 7``); nothing is half
loaded.

>>> spec = parse_situation(b'{"ruleset": "x", "fighters": [{"id": "a", "side": "red", "hex": [0, 0]}]}')
>>> spec.fighters[0].hex, spec.fighters[0].posture
(Hex(q=0, r=0), 'standing')

The file is read through ``game.files.userfiles`` (a pipe, device or folder is
refused unread; bad UTF-8, deep nesting, NaN and numbers beyond 64 bits are
refused naming the field), and every value is held to the contract's
vocabulary and to sane bounds (the ``*_LIMIT`` and ``MAX_*`` constants): a
word or number outside them is a bad file (exit 2), while a well-formed
action the rules refuse is illegal (exit 3). ``"map": null`` is unbounded
open ground (``Board.unbounded_field``): nothing is built however far apart
the fighters stand. Each action is its actor's turn (:func:`play`); when the
actions carry ``round``, each round's actions are its turn sequence, in
phases, on the ruleset's own turn order (``game.files.situation_rounds``).

Headless: no pygame, and ``game.files.maps`` is imported only when a file names a map.
"""

from __future__ import annotations

import dataclasses
import json
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from game.dice import DiceError, ScriptedDice, SeededDice
from game.files.maps import MapError, load_map
from game.files.names import name_problem
from game.files.situation_rounds import (
    ActionDiceError,
    BadIntent,
    Listed,
    action_with_round,
    end_round,
    end_turn,
    play_rounds,
    policy_of,
    reactions_off,
    split_round_fields,
    start_turn,
    written_round_of,
)
from game.files.userfiles import UserFileError, decode_json, field_path, read_bytes
from game.hexgrid import Hex
from game.model import POSTURES, Battle, Board, Fighter, Grapple, RngState, Side
from game.rules.base import Reason, UnknownRuleset, find_ruleset
from game.rules.events import Resolution, illegal

if TYPE_CHECKING:
    from game.dice import Dice
    from game.rules.base import Action, Event, Ruleset

__all__ = [
    "SituationError", "SituationSpec", "FighterSpec", "GrappleSpec", "Situation", "Outcome",
    "parse_situation", "load_situation", "build_situation", "play", "state_of", "fighter_to_spec", "is_worn",
    "effect_to_spec",
    "grapple_to_spec", "resolve_file", "GRAPPLE_KINDS", "GRAPPLE_LOCATIONS", "EffectSpec",
]

#: grip kinds every ruleset knows (a ruleset adds its own with a ``grapple_kinds`` attribute)
GRAPPLE_KINDS = ("grapple", "pin", "choke_hold", "arm_lock")
#: body parts a grip may hold (or an item id, for a grabbed weapon)
GRAPPLE_LOCATIONS = ("torso", "neck", "head", "skull", "face", "groin", "arm", "leg", "hand", "foot")
#: a situation file larger than this is refused unread (a real one is a few KB)
MAX_SITUATION_BYTES = 4 * 1024 * 1024
#: |q| and |r| of any hex a situation names: a billion hexes each way, far beyond any battle
HEX_LIMIT = 10**9
#: stats, skills and armour: 0 to this (no ruleset's attribute, level, skill or DR comes near it)
STAT_LIMIT = 10_000
#: current hp / fp: from minus to plus this (3d6 fighters fight on below 0, G0-7)
HP_LIMIT = 1_000_000
#: arms a fighter may have (each is a hand the grips and items use)
ARMS_LIMIT = 16
#: any other number in an action (counts, shots, dice): at most this either way
ACTION_NUMBER_LIMIT = 10**6
#: fighters and actions a situation may hold: "a short list of actions on a small situation" (the rules'
#: work grows with both, so a file of 50,000 of each would run for hours)
MAX_FIGHTERS = 500
MAX_ACTIONS = 2000
MAX_GRAPPLES = 1000
#: board effects (fires, clouds) a situation may lay on the map at the start
MAX_EFFECTS = 1000


class SituationError(ValueError):
    """A situation file is not valid: ``FILE: FIELD.PATH: problem`` in one sentence."""

    def __init__(self, name: str, path: str, problem: str) -> None:
        self.name = name
        self.path = path
        self.problem = problem
        super().__init__(f"{name}: {path}: {problem}" if path else f"{name}: {problem}")


# -- the input schema ---------------------------------------------------------

def _default_hands() -> dict[str, str | None]:
    return {"right": None, "left": None}


class FighterSpec(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One entry of ``fighters[]``; the output's ``state.fighters[]`` has the same shape."""

    id: str
    side: str
    hex: Hex
    facing: int = 0
    posture: str = "standing"
    stats: dict[str, int | float | str] = {}  # 3d6 Basic Speed may be 5.25; a str only for ``named_stats``
    skills: dict[str, int | bool] = {}  # a bool (a skill had or not: nd6's ``tough``) is kept as 1 or 0
    size: int = 0
    arms: int = 2
    hands: dict[str, str | None] | None = None  # None: one empty hand per arm
    hp: int | None = None
    fp: int | None = None
    dr: int = 0
    conditions: list[str] = []
    # what a fighter has besides its hands: ``worn`` (armour, gear: ``Ruleset.worn_kinds``) and ``belt``
    # (carried, not in hand) land in ``Fighter.items`` with ``items``; the output writes them back as
    # ``worn``/``belt`` for a ruleset with worn kinds or when the input used them (:func:`fighter_to_spec`)
    worn: list[str] = []
    belt: list[str] = []
    # optional extras, written back only when set
    name: str = ""
    items: list[str] = []


class GrappleSpec(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One entry of ``grapples[]``: a grip in force at the start."""

    holder: str
    target: str
    location: str = "torso"
    #: left out: the ruleset's ``grip_hands_default``; ``null`` is refused (it said nothing and meant 1)
    hands: int | msgspec.UnsetType = msgspec.UNSET
    kind: str = "grapple"


class EffectSpec(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One entry of the top-level ``effects[]``: something lying on a hex at the start (a fire, a cloud).

    ``kind`` is one of the ruleset's ``board_effects``; ``turns_left`` how long it lasts, counted as its
    rules count. The output's ``state.effects`` has the same shape.
    """

    kind: str
    hex: Hex
    turns_left: int


class SituationSpec(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    ruleset: str
    fighters: list[FighterSpec]
    map: str | None = None
    grapples: list[GrappleSpec] = []
    effects: list[EffectSpec] = []
    actions: list[dict[str, Any]] = []
    dice: list[int] | None = None


# -- parsing ------------------------------------------------------------------

_MSGSPEC_AT = re.compile(r"^(?P<msg>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.S)
_MISSING = re.compile(r"^Object missing required field `(?P<field>[^`]+)`$")
_UNKNOWN = re.compile(r"^Object contains unknown field `(?P<field>[^`]+)`$")


def _join(path: str, field: str) -> str:
    return f"{path}.{field}" if path else field


def _from_validation_error(name: str, exc: msgspec.ValidationError) -> SituationError:
    """Turn msgspec's "Expected `int`, got `str` - at `$.fighters[1].facing`" into our sentence."""
    m = _MSGSPEC_AT.match(str(exc))
    msg, path = (m["msg"], (m["path"] or "").lstrip(".")) if m else (str(exc), "")
    if mm := _MISSING.match(msg):
        return SituationError(name, _join(path, mm["field"]), "required field missing")
    if mm := _UNKNOWN.match(msg):
        return SituationError(name, _join(path, mm["field"]), "unknown field")
    msg = msg.replace("`", "")
    return SituationError(name, path, msg[:1].lower() + msg[1:])


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    return {"str": "str", "int": "int", "float": "float"}.get(type(value).__name__, type(value).__name__)


def _precheck_maps(name: str, data: Any) -> None:
    """msgspec reports a bad dict value as ``stats[...]``; name the key instead (``stats.ST``)."""
    if not isinstance(data, dict):
        return
    if isinstance(data.get("effects"), list):
        for i, e in enumerate(data["effects"]):
            h = e.get("hex") if isinstance(e, dict) else None
            if isinstance(h, list) and len(h) != 2:
                raise SituationError(name, f"effects[{i}].hex", f"expected [q, r], got {len(h)} numbers")
    if not isinstance(data.get("fighters"), list):
        return
    for i, f in enumerate(data["fighters"]):
        if not isinstance(f, dict):
            continue
        h = f.get("hex")
        if isinstance(h, list) and len(h) != 2:
            raise SituationError(name, f"fighters[{i}].hex", f"expected [q, r], got {len(h)} numbers")
        for field, ok, want in (("stats", lambda v: _is_int(v) or isinstance(v, (float, str)), "a number"),
                                ("skills", lambda v: isinstance(v, int), "int or bool"),
                                ("hands", lambda v: v is None or isinstance(v, str), "null or an item id")):
            value = f.get(field)
            if not isinstance(value, dict):
                continue
            for key, v in value.items():
                if not ok(v):
                    raise SituationError(name, f"fighters[{i}].{field}.{key}", f"expected {want}, got {_type_name(v)}")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _from_user_file_error(name: str, exc: UserFileError) -> SituationError:
    """``game.files.userfiles``' sentence (``NAME: problem.``) as a :class:`SituationError` for the same file."""
    text = str(exc)
    problem = text[len(name) + 2:] if text.startswith(f"{name}: ") else text
    return SituationError(name, "", problem.rstrip("."))


def parse_situation(data: bytes | str, *, name: str = "<situation>") -> SituationSpec:
    """Decode and check the shape of a situation (types, required fields); see :func:`build_situation`.

    Decoding goes through ``game.files.userfiles.decode_json``: text that is not
    UTF-8, nesting deeper than any situation needs, NaN, infinities and
    numbers beyond 64 bits are refused in one sentence naming the field.
    """
    if isinstance(data, bytes) and data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # a byte-order mark (Windows editors write one): UTF-8 all the same
    try:
        raw = decode_json(data, name)
    except UserFileError as exc:
        if str(exc).startswith(f"{name}: is not valid JSON"):
            raise _json_error(name, data) from None
        if str(exc).startswith(f"{name}: holds a number too large"):
            raise _too_large(name, data) or _from_user_file_error(name, exc) from None
        raise _from_user_file_error(name, exc) from None
    _precheck_maps(name, raw)
    try:
        return msgspec.convert(raw, SituationSpec)
    except msgspec.ValidationError as exc:
        raise _from_validation_error(name, exc) from None


def _not_json_constant(word: str) -> Any:
    raise ValueError(f"{word} is not a number JSON allows")


def _json_error(name: str, data: bytes | str) -> SituationError:
    """Where the JSON is broken, in the words of Python's own parser (line and column)."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    try:
        json.loads(text, parse_constant=_not_json_constant)
    except json.JSONDecodeError as exc:
        return SituationError(name, "", f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}")
    except RecursionError:
        pass
    except ValueError as exc:  # NaN, Infinity
        return SituationError(name, "", f"not valid JSON: {exc}")
    return SituationError(name, "", "not valid JSON")


def _too_large(name: str, data: bytes | str) -> SituationError | None:
    """The field holding a number no field can hold (``1e400``), found with Python's parser (it reads it as inf)."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    try:
        value = json.loads(text)
    except (RecursionError, ValueError):
        return None
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while stack:
        v, at = stack.pop()
        if isinstance(v, dict):
            stack.extend((x, (*at, str(k))) for k, x in v.items())
        elif isinstance(v, list):
            stack.extend((x, (*at, i)) for i, x in enumerate(v))
        elif isinstance(v, float) and v in (float("inf"), float("-inf")):
            return SituationError(name, field_path(at), "a number too large for any field")
    return None


# -- building the battle --------------------------------------------------------

@dataclass
class Situation:
    """A validated situation: the battle built (``ruleset.setup`` done), the actions parsed."""

    name: str
    spec: SituationSpec
    ruleset: Ruleset
    battle: Battle
    actions: list[Action]
    dice: list[int] | None
    #: each action's ``round``, ``initiative`` and ``reactions`` (SITUATION-FORMAT.md, "Rounds written down")
    listed: list[Listed] | None = None
    #: what the file's conditions did before the first action (:func:`conditions_in_force`): the first events
    opening: list[Event] = dataclasses.field(default_factory=list)

    @property
    def carried_lists(self) -> bool:
        """Whether the input gave any fighter ``worn`` or ``belt``: the output then writes them back."""
        return any(f.worn or f.belt for f in self.spec.fighters)

    def make_dice(self) -> Dice:
        """Scripted faces when the file gives ``dice``, else the battle's seeded generator."""
        if self.dice is not None:
            return ScriptedDice(list(self.dice))
        return SeededDice(self.battle.rng)


def _hand_names(arms: int) -> dict[str, str | None]:
    if arms == 2:
        return _default_hands()
    names = ["right", "left"] + [f"hand{i}" for i in range(3, arms + 1)]
    return {n: None for n in names[:arms]}


def _known(ids: dict[str, int], value: str, path: str, name: str) -> None:
    if value not in ids:
        known = ", ".join(ids) or "none"
        raise SituationError(name, path, f"no fighter {value!r} (fighters: {known})")


def _check_fighters(name: str, spec: SituationSpec, ruleset: Ruleset) -> dict[str, int]:
    if len(spec.fighters) > MAX_FIGHTERS:
        raise SituationError(name, "fighters", f"{len(spec.fighters)} fighters; a situation holds at most {MAX_FIGHTERS}")
    if len(spec.actions) > MAX_ACTIONS:
        raise SituationError(name, "actions", f"{len(spec.actions)} actions; a situation holds at most {MAX_ACTIONS}")
    if len(spec.grapples) > MAX_GRAPPLES:
        raise SituationError(name, "grapples", f"{len(spec.grapples)} grips; a situation holds at most {MAX_GRAPPLES}")
    ids: dict[str, int] = {}
    for i, f in enumerate(spec.fighters):
        at = f"fighters[{i}]"
        if not f.id:
            raise SituationError(name, f"{at}.id", "must not be empty")
        if f.id in ids:
            raise SituationError(name, f"{at}.id", f"duplicate id {f.id!r} (also fighters[{ids[f.id]}])")
        ids[f.id] = i
        for field, text in (("id", f.id), ("side", f.side), ("name", f.name)):
            problem = name_problem(text, allow_empty=field == "name")
            if problem is not None:
                raise SituationError(name, f"{at}.{field}", problem)
        if not 0 <= f.facing <= 5:
            raise SituationError(name, f"{at}.facing", f"expected 0-5, got {f.facing}")
        if f.posture not in POSTURES:
            raise SituationError(name, f"{at}.posture",
                                 f"expected one of {', '.join(POSTURES)}, got {f.posture!r}")
        _check_hex(name, f"{at}.hex", f.hex)
        if not 0 <= f.arms <= ARMS_LIMIT:
            raise SituationError(name, f"{at}.arms", f"expected 0 to {ARMS_LIMIT}, got {f.arms}")
        if f.size < -10 or f.size > 20:
            raise SituationError(name, f"{at}.size", f"expected a Size Modifier from -10 to 20, got {f.size}")
        if not 0 <= f.dr <= STAT_LIMIT:
            raise SituationError(name, f"{at}.dr", f"expected 0 to {STAT_LIMIT}, got {f.dr}")
        for key in ("hp", "fp"):
            v = getattr(f, key)
            if v is not None and not -HP_LIMIT <= v <= HP_LIMIT:
                raise SituationError(name, f"{at}.{key}", f"expected -{HP_LIMIT} to {HP_LIMIT} or null, got {v}")
        for field, values in (("stats", f.stats), ("skills", f.skills)):
            for key, v in values.items():
                where = f"{at}.{field}.{key}"
                if isinstance(v, bool):
                    if not ruleset.skills_are_flags:  # nd6's skills are had or not; others' are levels
                        raise SituationError(name, where, f"expected a skill level (a whole number), got {str(v).lower()}")
                    values[key] = int(v)  # a skill had (true) or not (false): kept as 1 / 0
                elif isinstance(v, float) and key not in ruleset.fractional_stats:
                    raise SituationError(name, where, f"expected a whole number, got {v!r}")
                elif isinstance(v, str):
                    names = ruleset.named_stats.get(key) if field == "stats" else None
                    if names is None:
                        raise SituationError(name, where, "expected int, got str")
                    if v.lower() not in names:
                        raise SituationError(name, where, f"expected one of {', '.join(names)}, got {v!r}")
                    values[key] = v.lower()
                elif not 0 <= v <= STAT_LIMIT:
                    raise SituationError(name, where, f"expected 0 to {STAT_LIMIT}, got {v}")
        if f.hands is not None and len(f.hands) > f.arms:
            raise SituationError(name, f"{at}.hands", f"{len(f.hands)} hands for {f.arms} arms")
        items = ruleset.items
        for hand, held in (f.hands or {}).items():
            if held is not None and items and held not in items:
                raise SituationError(name, f"{at}.hands.{hand}",
                                     f"unknown item {held!r} (see 'clinch items {ruleset.id}')")
        for j, held in enumerate(f.items):
            if items and held not in items:
                raise SituationError(name, f"{at}.items[{j}]",
                                     f"unknown item {held!r} (see 'clinch items {ruleset.id}')")
        _check_carried(name, at, f, ruleset)
        for j, cond in enumerate(f.conditions):
            if ruleset.conditions and cond not in ruleset.conditions:
                raise SituationError(name, f"{at}.conditions[{j}]",
                                     f"unknown condition {cond!r} (see 'clinch conditions {ruleset.id}')")
    return ids


def is_worn(ruleset: Ruleset, item_id: str) -> bool:
    """Whether an item is worn (armour, gear: its kind is one of ``ruleset.worn_kinds``) rather than carried.

    An item of a worn kind that needs a hand (a shield, a fire extinguisher) is carried: on the belt until
    readied.
    """
    data = ruleset.items.get(item_id) or {}
    return data.get("kind") in ruleset.worn_kinds and not data.get("hands")


def _check_carried(name: str, at: str, f: FighterSpec, ruleset: Ruleset) -> None:
    """``worn`` and ``belt``: items the ruleset knows, worn ones only in ``worn``, carried ones only in ``belt``."""
    if f.worn and not ruleset.worn_kinds:
        raise SituationError(name, f"{at}.worn", f"ruleset {ruleset.id} has no worn items; "
                                                  "list what the fighter has in items or belt")
    for field, values in (("worn", f.worn), ("belt", f.belt)):
        for j, it in enumerate(values):
            where = f"{at}.{field}[{j}]"
            if ruleset.items and it not in ruleset.items:
                raise SituationError(name, where, f"unknown item {it!r} (see 'clinch items {ruleset.id}')")
            if not ruleset.worn_kinds or not ruleset.items:
                continue
            kind = ruleset.items[it].get("kind", "an item")
            if field == "worn" and not is_worn(ruleset, it):
                raise SituationError(name, where, f"{it!r} is carried, not worn (kind {kind}); "
                                                  "put it in belt or hands")
            if field == "belt" and is_worn(ruleset, it):
                raise SituationError(name, where, f"{it!r} is worn, not carried (kind {kind}); put it in worn")


def _check_effects(name: str, spec: SituationSpec, ruleset: Ruleset, board: Board) -> None:
    """The top-level ``effects``: kinds the ruleset has (``board_effects``), hexes on the board, turns >= 0."""
    if not spec.effects:
        return
    if not ruleset.board_effects:
        raise SituationError(name, "effects", f"ruleset {ruleset.id} has no board effects; leave effects out")
    if len(spec.effects) > MAX_EFFECTS:
        raise SituationError(name, "effects", f"{len(spec.effects)} effects; a situation holds at most {MAX_EFFECTS}")
    for i, e in enumerate(spec.effects):
        at = f"effects[{i}]"
        if e.kind not in ruleset.board_effects:
            raise SituationError(name, f"{at}.kind",
                                 f"expected one of {', '.join(ruleset.board_effects)}, got {e.kind!r}")
        _check_hex(name, f"{at}.hex", e.hex)
        if e.hex not in board:
            raise SituationError(name, f"{at}.hex", f"[{e.hex.q}, {e.hex.r}] is outside the map {spec.map}")
        if not 0 <= e.turns_left <= ACTION_NUMBER_LIMIT:
            raise SituationError(name, f"{at}.turns_left", f"expected 0 to {ACTION_NUMBER_LIMIT}, got {e.turns_left}")


def _check_hex(name: str, path: str, h: Any) -> None:
    """A hex is ``[q, r]``, each within :data:`HEX_LIMIT` (a billion hexes each way)."""
    q, r = (h.q, h.r) if isinstance(h, Hex) else (h if isinstance(h, (list, tuple)) and len(h) == 2 else (None, None))
    if not (_is_int(q) and _is_int(r)):
        raise SituationError(name, path, f"expected a hex [q, r], got {_type_name(h) if q is None else h!r}")
    if abs(q) > HEX_LIMIT or abs(r) > HEX_LIMIT:
        raise SituationError(name, path, f"[{q}, {r}] is beyond any board (|q| and |r| are at most {HEX_LIMIT})")


def _locations(ruleset: Ruleset) -> set[str]:
    """The words ``location`` may hold: the contract's body parts, the ruleset's own, its item ids."""
    return set(GRAPPLE_LOCATIONS) | set(ruleset.grapple_locations) | set(ruleset.items)


def _check_grapples(name: str, spec: SituationSpec, ruleset: Ruleset, ids: dict[str, int]) -> None:
    kinds = set(GRAPPLE_KINDS) | set(ruleset.grapple_kinds)
    used: dict[str, int] = {}
    pairs: dict[tuple[str, str], int] = {}
    for i, g in enumerate(spec.grapples):
        at = f"grapples[{i}]"
        _known(ids, g.holder, f"{at}.holder", name)
        _known(ids, g.target, f"{at}.target", name)
        if g.holder == g.target:
            raise SituationError(name, f"{at}.target", f"{g.holder} cannot grapple itself")
        if (g.holder, g.target) in pairs:
            raise SituationError(name, at, f"{g.holder} already holds {g.target} (grapples[{pairs[g.holder, g.target]}])")
        pairs[g.holder, g.target] = i
        if g.kind not in kinds:
            raise SituationError(name, f"{at}.kind", f"expected one of {', '.join(sorted(kinds))}, got {g.kind!r}")
        holder = spec.fighters[ids[g.holder]]
        target = spec.fighters[ids[g.target]]
        held_items = {v for v in (target.hands or {}).values() if v}
        if g.location not in _locations(ruleset) and g.location not in held_items:
            raise SituationError(name, f"{at}.location",
                                 f"expected a body part ({', '.join(GRAPPLE_LOCATIONS)}) or an item "
                                 f"{g.target} holds, got {g.location!r}")
        if g.hands is msgspec.UNSET:
            g.hands = ruleset.grip_hands_default
        if g.hands < 0:
            raise SituationError(name, f"{at}.hands", f"expected 0 or more, got {g.hands}")
        used[g.holder] = used.get(g.holder, 0) + g.hands
        if used[g.holder] > holder.arms:
            raise SituationError(name, f"{at}.hands",
                                 f"{g.holder} has {holder.arms} arms but its grips would use {used[g.holder]} hands")


def _board_for(name: str, spec: SituationSpec, base_dir: Path) -> Board:
    if spec.map is None:
        # Unbounded open ground: nothing to build however far apart the fighters stand, and room for any
        # walk, run or charge the ruleset allows.
        return Board.unbounded_field()

    if not spec.map.strip():
        raise SituationError(name, "map", "expected a path to a Tiled .tmx map or null, got an empty string")
    path = Path(spec.map)
    if not path.is_absolute():
        path = base_dir / path
    try:
        st = path.stat()
    except (OSError, ValueError) as exc:
        raise SituationError(name, "map", f"cannot read {spec.map}: {getattr(exc, 'strerror', None) or exc}") \
            from None
    if not stat.S_ISREG(st.st_mode):
        raise SituationError(name, "map", f"{spec.map} is not a file (a folder, pipe or device); it was not read")
    try:
        board = load_map(path)
    except (MapError, UserFileError) as exc:
        raise SituationError(name, "map", str(exc).rstrip(".")) from None
    except OSError as exc:
        raise SituationError(name, "map", f"cannot read {spec.map}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a map loader's one-sentence refusal of another kind
        raise SituationError(name, "map", str(exc).rstrip(".")) from None
    for i, f in enumerate(spec.fighters):
        if f.hex not in board:
            raise SituationError(name, f"fighters[{i}].hex", f"[{f.hex.q}, {f.hex.r}] is outside the map {spec.map}")
        if not board.is_open(f.hex):
            raise SituationError(name, f"fighters[{i}].hex",
                                 f"[{f.hex.q}, {f.hex.r}] cannot be stood on ({board.cell(f.hex).terrain})")
    return board


def _parse_actions(name: str, plain: list[dict[str, Any]], spec: SituationSpec, ruleset: Ruleset,
                   ids: dict[str, int]) -> list[Action]:
    """The actions (``plain``: without the fields that say when they are played) as the ruleset's intents."""
    out = []
    for i, data in enumerate(plain):
        at = f"actions[{i}]"
        if "type" not in data:
            raise SituationError(name, f"{at}.type", "required field missing")
        if "actor" not in data:
            raise SituationError(name, f"{at}.actor", "required field missing")
        try:
            action = ruleset.action_from_dict(data)
        except (ValueError, TypeError) as exc:
            text = str(exc)
            m = re.match(r"^([A-Za-z_][\w.\[\]]*): (.*)$", text, re.S)
            raise SituationError(name, f"{at}.{m[1]}" if m else at, m[2] if m else text) from None
        _check_action_types(name, at, action, data)
        _known(ids, action.actor, f"{at}.actor", name)
        target = getattr(action, "target", None)
        if isinstance(target, str) and "target" in data:  # left out: the action finds it or says it needs one
            _known(ids, target, f"{at}.target", name)
        _check_action_words(name, at, data, spec, ruleset, ids)
        out.append(action)
    return out


#: action fields that hold one hex, and one that holds a list of them
_HEX_FIELDS = ("to", "foe_to", "hex")
_PATH_FIELDS = ("path", "hexes", "miss_hexes")


def _check_action_words(name: str, at: str, data: dict[str, Any], spec: SituationSpec, ruleset: Ruleset,
                        ids: dict[str, int]) -> None:
    """The contract's vocabulary (exit 2 outside it); what the rules allow within it is the action's check (exit 3).

    ``hands`` 0 to the actor's arms, ``location`` a body part the contract
    names (or the ruleset's own, or an item id), ``posture`` one of the
    postures, ``facing`` 0-5, hexes within :data:`HEX_LIMIT`, fighters that
    exist, items the ruleset knows, and no other number beyond
    :data:`ACTION_NUMBER_LIMIT`.
    """
    actor = spec.fighters[ids[data["actor"]]]
    for key, value in data.items():
        where = f"{at}.{key}"
        if key == "hands" and _is_int(value) and not 0 <= value <= actor.arms:
            raise SituationError(name, where, f"expected 0 to {actor.arms} ({actor.id} has {actor.arms} arms), "
                                              f"got {value}")
        elif key == "location" and isinstance(value, str) and value not in _locations(ruleset):
            raise SituationError(name, where, f"expected a body part ({', '.join(GRAPPLE_LOCATIONS)}) or an item id, "
                                              f"got {value!r}")
        elif key == "posture" and isinstance(value, str) and value not in POSTURES:
            raise SituationError(name, where, f"expected one of {', '.join(POSTURES)}, got {value!r}")
        elif key == "facing" and _is_int(value) and not 0 <= value <= 5:
            raise SituationError(name, where, f"expected 0-5, got {value}")
        elif key in _HEX_FIELDS and value is not None:
            _check_hex(name, where, value)
        elif key in _PATH_FIELDS and isinstance(value, list):
            for j, h in enumerate(value):
                _check_hex(name, f"{where}[{j}]", h)
        elif key == "targets" and isinstance(value, list):
            for j, t in enumerate(value):
                if isinstance(t, str):
                    _known(ids, t, f"{where}[{j}]", name)
        elif key == "item" and isinstance(value, str) and ruleset.items and value not in ruleset.items \
                and value not in ruleset.item_words:  # an item word (a kick) is no item
            raise SituationError(name, where, f"unknown item {value!r} (see 'clinch items {ruleset.id}')")
        else:
            _check_numbers(name, where, value)


def _check_numbers(name: str, where: str, value: Any) -> None:
    """No count, number of shots or dice in an action beyond :data:`ACTION_NUMBER_LIMIT` (nor nested deeper)."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        v, path = stack.pop()
        if _is_int(v) and abs(v) > ACTION_NUMBER_LIMIT:
            raise SituationError(name, path, f"{v} is out of range (at most {ACTION_NUMBER_LIMIT} either way)")
        if isinstance(v, list):
            stack.extend((x, f"{path}[{j}]") for j, x in enumerate(v))
        elif isinstance(v, dict):
            stack.extend((x, f"{path}.{k}") for k, x in v.items())


def _check_action_types(name: str, at: str, action: Action, data: dict[str, Any]) -> None:
    """Check each field's JSON type against the action dataclass's annotations (where msgspec can)."""
    fields = {k: v for k, v in data.items() if k != "type"}
    try:
        msgspec.convert(fields, type(action))
    except msgspec.ValidationError as exc:
        err = _from_validation_error(name, exc)
        raise SituationError(name, _join(at, err.path), err.problem) from None
    except (TypeError, ValueError, NameError):
        pass  # annotations msgspec cannot check: the action's own check() decides


def build_situation(spec: SituationSpec, *, name: str = "<situation>", base_dir: Path | str = ".",
                    seed: int = 0) -> Situation:
    """Validate a parsed situation against its ruleset and build the battle (``ruleset.setup`` done)."""
    if not spec.ruleset:  # not the registry's default: a file names the rules it is played by
        raise SituationError(name, "ruleset", "must not be empty (see 'clinch rulesets')")
    try:
        ruleset = find_ruleset(spec.ruleset)
    except UnknownRuleset as exc:
        raise SituationError(name, "ruleset", exc.args[0]) from None
    ids = _check_fighters(name, spec, ruleset)
    _check_grapples(name, spec, ruleset, ids)
    if spec.dice is not None:
        for i, face in enumerate(spec.dice):
            if face < 1:
                raise SituationError(name, f"dice[{i}]", f"a die face is 1 or more, got {face}")
    board = _board_for(name, spec, Path(base_dir))
    _check_effects(name, spec, ruleset, board)
    try:
        plain, listed = split_round_fields(spec.actions, numbered=getattr(policy_of(ruleset), "numbered", False),
                                           ruleset_id=ruleset.id)
    except ValueError as exc:
        path, _, problem = str(exc).partition(": ")
        raise SituationError(name, path, problem) from None
    actions = _parse_actions(name, plain, spec, ruleset, ids)

    # sides in order of first appearance (a dict: a file may name thousands)
    sides = [Side(id=sid, name=sid) for sid in dict.fromkeys(f.side for f in spec.fighters)]
    fighters = [
        Fighter(id=f.id, side=f.side, hex=f.hex, name=f.name, facing=f.facing, posture=f.posture,
                stats=dict(f.stats), skills=dict(f.skills), size=f.size, arms=f.arms,
                hands=dict(f.hands) if f.hands is not None else _hand_names(f.arms),
                items=[*f.items, *f.worn, *f.belt],
                hp=f.hp, fp=f.fp, dr=f.dr, conditions=list(f.conditions))
        for f in spec.fighters
    ]
    by_id = {f.id: f for f in fighters}
    committed: dict[str, list[str]] = {}
    grapples = []
    for g in spec.grapples:
        # Which of the holder's hands hold: its empty hands first, in the order the file lists them.
        holder = by_id[g.holder]
        taken = committed.setdefault(g.holder, [])
        free = [h for h, held in holder.hands.items() if held is None and h not in taken]
        names = free[:g.hands]
        taken.extend(names)
        grapples.append(Grapple(holder=g.holder, target=g.target, location=g.location, hands=int(g.hands or 0),
                                kind=g.kind, hand_names=names))
    battle = Battle(ruleset=ruleset.id, board=board, sides=sides, fighters=fighters, grapples=grapples,
                    rng=RngState(seed=seed), scenario=name)
    if ruleset.board_effects:
        battle.state["board_effects"] = [{"kind": e.kind, "hex": [e.hex.q, e.hex.r], "turns_left": e.turns_left}
                                         for e in spec.effects]
    for grip in battle.grapples:
        # taken before the situation starts: its victim has had a turn with it on (SITUATION-FORMAT.md)
        ruleset.grip_in_force(battle, grip)
    try:
        ruleset.setup(battle)
    except (ValueError, KeyError) as exc:
        text = exc.args[0] if exc.args else str(exc)
        raise SituationError(name, "", str(text)) from None
    opening = conditions_in_force(ruleset, battle)
    return Situation(name=name, spec=spec, ruleset=ruleset, battle=battle, actions=actions, dice=spec.dice,
                     opening=opening, listed=listed)


def conditions_in_force(ruleset: Ruleset, battle: Battle) -> list[Event]:
    """The file's conditions with their full effect, "as if the battle had set" them (SITUATION-FORMAT.md), before
    the first action: a grip whose holder is out ends with its event, as in play (``Ruleset.conditions_in_force``).
    Nothing here rolls: going out is no roll, so a file's scripted dice are all left for its actions."""
    res = Resolution(battle, ScriptedDice([]), ruleset)
    ruleset.conditions_in_force(res)
    return res.events


def load_situation(path: str | Path, *, seed: int = 0, name: str | None = None) -> Situation:
    """Read, parse, validate and build. ``name`` (default: the path as given) starts every error."""
    shown = name if name is not None else str(path)
    try:
        # refuses folders, pipes and devices unread, and anything larger than a situation can be
        data = read_bytes(path, limit=MAX_SITUATION_BYTES)
    except UserFileError as exc:
        problem = _from_user_file_error(str(path), exc).problem
        if m := re.fullmatch(r"could not be read \((.*)\)", problem):
            problem = f"cannot read the file: {m[1]}"
        raise SituationError(shown, "", problem) from None
    spec = parse_situation(data, name=shown)
    return build_situation(spec, name=shown, base_dir=Path(path).parent, seed=seed)


# -- playing --------------------------------------------------------------------

@dataclass
class Outcome:
    """What playing a situation's actions gave: the events, and the index of an illegal action if any."""

    events: list[Event]
    illegal_at: int | None = None

    @property
    def exit_status(self) -> int:
        return 0 if self.illegal_at is None else 3


#: Reason kinds that mean the file itself is wrong (exit 2), not that the rules forbid the action (exit 3)
_BAD_INTENT = ("unknown", "bad_intent")


def play(sit: Situation, dice: Dice) -> Outcome:
    """Play the actions in order, each as its actor's turn (SITUATION-FORMAT.md, "Turns inside a situation");
    actions that carry ``round`` are played by :func:`game.files.situation_rounds.play_rounds` ("Rounds written down").

    The file gives the turn order, so the ruleset's initiative policy (its
    rolls, its phases) does not run; everything else the turn controller
    (``game.flow.turns``) does around an intent does, with the same ruleset hooks
    and on the same dice stream, in play order:

    - a new turn: the previous one ends (``Ruleset.end_turn``, then the
      effects that end with it, then the turn counter and the effects that
      last a number of turns); if the actor has had a turn this round, the
      round ends (``end_of_round`` effects) and the next begins; then the
      actor's turn starts (``next_turn`` effects end, ``Ruleset.start_turn``:
      suffocation, choke FP, the per-round ticks...);
    - the action: ``check`` then ``resolve``; a fighter the ruleset lets no
      turn (``can_act``) may not act;
    - a free action (its class says ``free``) leaves the turn open for the
      actor's next action; any other ends it at once (the end-of-turn rolls,
      such as recovering from stun, come right after the action's own).

    Raises :class:`SituationError` when the dice run out or a face does not
    fit its die, or when an action's check says the intent itself is
    malformed (a reason of kind ``unknown`` or ``bad_intent``).
    """
    battle = sit.battle
    ruleset = sit.ruleset
    events: list[Event] = list(sit.opening)  # what the file's conditions did (conditions_in_force)
    if written_round_of(sit.listed):
        return _play_written(sit, dice, events)
    in_turn: str | None = None  # whose turn goes on after a free action
    acted: set[str] = set()  # who has had a turn this round
    for i, action in enumerate(sit.actions):
        def hook(what: str, step: Callable[..., list[Event]], *args: Any, i: int = i,
                 action: Action = action) -> None:
            try:
                events.extend(step(*args, dice))
            except DiceError as exc:
                raise _dice_error(sit, i, action, dice, exc, what) from None

        who = action.actor
        if in_turn != who:
            if in_turn is not None:
                hook(f"the end of {in_turn}'s turn, before", end_turn, ruleset, battle, in_turn)
            if who in acted:
                hook(f"the end of round {battle.round}, before", end_round, ruleset, battle)
                acted.clear()
            acted.add(who)
            hook(f"the start of {who}'s turn, before", start_turn, ruleset, battle, who)
        in_turn = None
        reason = action.check(battle, ruleset)
        actor = battle.fighter(who)
        if reason is None and not ruleset.can_act(battle, actor):
            # the turn controller would give this fighter no turn at all
            reason = Reason(f"{actor.label} cannot act ({', '.join(actor.conditions) or 'out of the fight'})")
        if reason is not None:
            if reason.kind in _BAD_INTENT:
                raise SituationError(sit.name, f"actions[{i}]", reason.text)
            ev = illegal(reason.text, actor=who, rule=reason.rule or None)
            ev["action"] = action_with_round(action, sit.listed[i] if sit.listed else None)
            events.append(ev)
            return Outcome(events, illegal_at=i)
        try:
            with reactions_off(battle, sit.listed[i] if sit.listed else None):
                played = action.resolve(battle, dice, ruleset)
        except DiceError as exc:
            raise _dice_error(sit, i, action, dice, exc) from None
        events.extend(played)
        if any(e.get("type") == "illegal" for e in played):
            # A refusal only the roll could reveal (edge: an option the edge
            # does not pay for) stops the situation like a failed check.
            return Outcome(events, illegal_at=i)
        if action.free:
            in_turn = who
        else:
            hook(f"the end of {who}'s turn, after", end_turn, ruleset, battle, who)
    return Outcome(events)


def _play_written(sit: Situation, dice: Dice, events: list[Event]) -> Outcome:
    """:func:`play` for actions that carry ``round`` (``game.files.situation_rounds``: SITUATION-FORMAT.md, "Rounds
    written down"), with the same errors for the file: dice that run out, an intent its ruleset calls malformed."""
    assert sit.listed is not None

    def hook(i: int) -> Callable[..., None]:
        def run(what: str, step: Callable[..., list[Event]], *args: Any) -> None:
            try:
                events.extend(step(*args, dice))
            except DiceError as exc:
                raise _dice_error(sit, i, sit.actions[i], dice, exc, what) from None
        return run

    try:
        bad = play_rounds(sit.ruleset, sit.battle, sit.actions, sit.listed, dice, events, hook)
    except BadIntent as exc:
        raise SituationError(sit.name, f"actions[{exc.index}]", exc.text) from None
    except ActionDiceError as exc:
        raise _dice_error(sit, exc.index, sit.actions[exc.index], dice, exc.exc) from None  # type: ignore[arg-type]
    return Outcome(events, illegal_at=bad)


def _dice_error(sit: Situation, i: int, action: Action, dice: Dice, exc: DiceError,
                what: str | None = None) -> SituationError:
    where = f"while playing actions[{i}] ({action.type})" if what is None else \
        f"at {what} actions[{i}] ({action.type})"
    if isinstance(dice, ScriptedDice):
        if dice.position < len(dice.faces):
            return SituationError(sit.name, f"dice[{dice.position}]", f"{exc} {where}")
        return SituationError(sit.name, "dice", f"{len(dice.faces)} faces are not enough: {exc} {where}")
    return SituationError(sit.name, "dice", f"{exc} {where}")


def fighter_to_spec(f: Fighter, ruleset: Ruleset | None = None, *, carried: bool = False) -> dict[str, Any]:
    """A fighter in the input's shape (``fighters[]`` of SITUATION-FORMAT.md).

    What the fighter has besides its hands (``Fighter.items``) is written as ``worn`` and ``belt`` (split by
    :func:`is_worn`) for a ruleset with ``worn_kinds``; as ``belt`` when ``carried`` (the input used
    ``belt``) for one without; else as ``items``, as it always was, so that other rulesets' output is
    unchanged.
    """
    out: dict[str, Any] = {
        "id": f.id, "side": f.side, "hex": [f.hex.q, f.hex.r], "facing": f.facing, "posture": f.posture,
        "stats": dict(f.stats), "skills": dict(f.skills), "size": f.size, "arms": f.arms,
        "hands": dict(f.hands), "hp": f.hp, "fp": f.fp, "dr": f.dr, "conditions": list(f.conditions),
    }
    if ruleset is not None and ruleset.worn_kinds:
        out["worn"] = [i for i in f.items if is_worn(ruleset, i)]
        out["belt"] = [i for i in f.items if not is_worn(ruleset, i)]
    elif carried and f.items:
        out["belt"] = list(f.items)
    if f.name:
        out["name"] = f.name
    if f.items and "belt" not in out:
        out["items"] = list(f.items)
    return out


def grapple_to_spec(g: Grapple) -> dict[str, Any]:
    """A grip in the input's shape (``grapples[]``)."""
    return {"holder": g.holder, "target": g.target, "location": g.location, "hands": g.hands, "kind": g.kind}


def effect_to_spec(effect: dict[str, Any]) -> dict[str, Any]:
    """A board effect in the input's shape (``effects[]``): its kind, hex and turns left."""
    h = effect["hex"]
    q, r = (h.q, h.r) if isinstance(h, Hex) else h
    return {"kind": effect["kind"], "hex": [q, r], "turns_left": effect["turns_left"]}


def state_of(battle: Battle, *, carried: bool = False) -> dict[str, Any]:
    """``state`` of the output: fighters and grips in the input's shape, and the round the last action was in.

    ``effects`` (the board effects in force) is written for a ruleset that has any (``board_effects``)
    only; ``carried``: the input used ``worn``/``belt`` (:func:`fighter_to_spec`).
    """
    ruleset = find_ruleset(battle.ruleset)
    out: dict[str, Any] = {"fighters": [fighter_to_spec(f, ruleset, carried=carried) for f in battle.fighters],
                           "grapples": [grapple_to_spec(g) for g in battle.grapples]}
    if ruleset.board_effects:
        out["effects"] = [effect_to_spec(e) for e in battle.state.get("board_effects", [])]
    out["round"] = battle.round
    return out


def resolve_file(path: str | Path, *, seed: int = 0, name: str | None = None) -> tuple[dict[str, Any], int]:
    """``clinch resolve`` without the printing: the output object and the exit status (0 or 3).

    Raises :class:`SituationError` for an invalid file (exit status 2).
    """
    sit = load_situation(path, seed=seed, name=name)
    dice = sit.make_dice()
    outcome = play(sit, dice)
    left = dice.left if isinstance(dice, ScriptedDice) else []
    output = {"ruleset": sit.ruleset.id, "events": outcome.events,
              "state": state_of(sit.battle, carried=sit.carried_lists),
              "dice_left": left}
    return output, outcome.exit_status

