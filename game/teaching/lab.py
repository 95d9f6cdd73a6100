"""The situation lab's set-up: one ``clinch resolve`` situation, held as the JSON object itself, edited.

Issue 18: a teacher sets up any moment (fighters placed, stats, skills,
items, posture, facing, HP/FP, conditions, grips, the ruleset, the map) and
saves it as exactly the file ``clinch resolve`` reads
(``../shared/docs/SITUATION-FORMAT.md``); what ``clinch resolve`` takes opens
here unchanged. So the lab keeps the file's own object (:attr:`LabSituation.data`,
key order and all) rather than a model of it: a field nobody edited is written
back as it was read, and an edit changes that one field. Saved and
re-read, every file in ``tests/fixtures/situations`` is byte-identical
after :func:`normalise` (a test).

Every edit is checked the way ``clinch resolve`` checks a file (parse, then
build the battle): a bad one raises :class:`LabError` with the same one
sentence (file, field, what was wrong) and leaves the set-up as it was.
The actions and dice of a file are its script: they are kept and saved, and
checked only when played (``game.teaching.lab_trial``), so an edit that makes a
scripted action illegal is still allowed.

Headless: no pygame (the window is ``game/ui/lab``).
"""

from __future__ import annotations

import copy
import json
import os
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from game.files.maps import load_scenario
from game.files.situation import (
    MAX_SITUATION_BYTES,
    Situation,
    SituationError,
    build_situation,
    effect_to_spec,
    fighter_to_spec,
    grapple_to_spec,
    parse_situation,
)
from game.files.userfiles import UserFileError, decode_json, read_bytes
from game.hexgrid import Hex
from game.model import POSTURES, Battle
from game.rules.base import Ruleset, find_ruleset

__all__ = ["LabError", "LabSituation", "normalise", "dumps", "from_scenario", "from_battle", "FIGHTER_KEYS",
           "known_names"]

#: how many edits the lab can undo
UNDO_DEPTH = 200
#: the scenarios the lab learns a ruleset's stat and skill names from
MAPS = Path(__file__).resolve().parents[2] / "maps"

#: the order fields of a new fighter are written in (SITUATION-FORMAT.md's own order)
FIGHTER_KEYS = ("id", "side", "hex", "facing", "posture", "stats", "skills", "size", "arms", "hands", "hp", "fp",
                "dr", "conditions")
#: the stat block of a new fighter when the ruleset has none to copy: nothing (the ruleset fills defaults)
_EMPTY: dict[str, Any] = {}


class LabError(ValueError):
    """An edit or a file the lab cannot take: one sentence naming the file and the field."""


def normalise(data: bytes | str) -> str:
    """The canonical text of a JSON document: same values, same key order, one layout.

    Two situation files are "the same file" when their normalised texts are
    equal: what a hand-formatted fixture and the lab's own layout differ in
    (spaces, line breaks) is gone, and nothing else is.
    """
    return json.dumps(json.loads(data), indent=2, ensure_ascii=False) + "\n"


def _line(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def dumps(data: dict[str, Any]) -> str:
    """A situation as the lab writes it: one top-level field a line, one fighter / grip / action a line.

    Readable and diff-friendly, like the fixtures people write by hand.
    """
    out = []
    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            inner = ",\n".join("    " + _line(v) for v in value)
            out.append(f"  {_line(key)}: [\n{inner}\n  ]")
        else:
            out.append(f"  {_line(key)}: {_line(value)}")
    return "{\n" + ",\n".join(out) + "\n}\n"


@dataclass
class LabSituation:
    """One situation under edit: the file's object, where it lives, and the battle it builds."""

    data: dict[str, Any]
    #: the folder a relative ``map`` path is read from (the file's folder)
    base_dir: Path = field(default_factory=Path.cwd)
    path: Path | None = None
    #: what the last translation to another ruleset assumed (game.teaching.translate), for the lab to show
    assumptions: list[str] = field(default_factory=list)
    _situation: Situation | None = field(default=None, repr=False)
    #: the file's object before each edit, the latest last (:meth:`undo`); at most :data:`UNDO_DEPTH`
    history: list[dict[str, Any]] = field(default_factory=list, repr=False)

    # -- reading and writing --------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> LabSituation:
        """Read a situation file; refused in one sentence (as ``clinch resolve`` does) when it is not valid."""
        p = Path(path)
        try:
            raw = read_bytes(p, limit=MAX_SITUATION_BYTES)
        except UserFileError as exc:
            raise LabError(str(exc).rstrip(".")) from None
        return cls.from_bytes(raw, name=str(path), base_dir=p.parent, path=p)

    @classmethod
    def from_bytes(cls, raw: bytes | str, *, name: str = "<situation>", base_dir: Path | str = ".",
                   path: Path | None = None) -> LabSituation:
        try:
            parse_situation(raw, name=name)  # the whole contract's checks, with its sentences
            data = decode_json(raw[3:] if isinstance(raw, bytes) and raw.startswith(b"\xef\xbb\xbf") else raw,
                               name)
        except (SituationError, UserFileError) as exc:
            raise LabError(str(exc)) from None
        lab = cls(data=data, base_dir=Path(base_dir), path=path)
        lab.situation()  # built once: a file that does not build is refused here, not at the first edit
        return lab

    def text(self) -> str:
        """The file as the lab writes it (:func:`dumps`)."""
        return dumps(self.data)

    def save(self, path: str | Path) -> Path:
        """Write the situation to ``path``; a map named relative to the old folder is renamed for the new one."""
        p = Path(path)
        data = copy.deepcopy(self.data)
        where = data.get("map")
        if isinstance(where, str) and where and not Path(where).is_absolute():
            here = (self.base_dir / where).resolve()
            data["map"] = os.path.relpath(here, p.parent.resolve()) if here.exists() else where
        tmp = p.with_name(p.name + ".tmp")
        try:
            tmp.write_text(dumps(data), encoding="utf-8")
            tmp.replace(p)
        except OSError as exc:
            tmp.unlink(missing_ok=True)  # no half-written file left beside it
            raise LabError(f"{p}: cannot be written ({exc.strerror or exc})") from None
        self.data, self.base_dir, self.path = data, p.parent, p
        return p

    # -- the battle it builds -------------------------------------------------------------------

    @property
    def name(self) -> str:
        return str(self.path) if self.path is not None else "<lab>"

    @property
    def ruleset(self) -> Ruleset:
        return self.situation().ruleset

    def situation(self, data: dict[str, Any] | None = None) -> Situation:
        """The built set-up (no action played). ``data``: build that object instead (an edit's check)."""
        if data is None and self._situation is not None:
            return self._situation
        spec_data = dict(self.data if data is None else data)
        spec_data["actions"] = []  # the script is checked when played, not by an edit of the set-up
        try:
            spec = parse_situation(json.dumps(spec_data), name=self.name)
            sit = build_situation(spec, name=self.name, base_dir=self.base_dir)
        except SituationError as exc:
            raise LabError(str(exc)) from None
        if data is None:
            self._situation = sit
        return sit

    def battle(self) -> Battle:
        """A fresh copy of the set-up's battle (each play starts from its own)."""
        return copy.deepcopy(self.situation().battle)

    # -- edits ----------------------------------------------------------------------------------

    def edit(self, change: Callable[[dict[str, Any]], None]) -> None:
        """Apply ``change`` to a copy of the file's object; keep it only if the result still builds."""
        data = copy.deepcopy(self.data)
        change(data)
        sit = self.situation(data)
        self.history = [*self.history[-(UNDO_DEPTH - 1):], self.data]
        self.data, self._situation = data, sit

    def undo(self) -> bool:
        """Back to the set-up before the last edit; False when there is none to undo."""
        if not self.history:
            return False
        before = self.history.pop()
        if before.get("ruleset") != self.data.get("ruleset"):
            self.assumptions = []  # back before a carry-over: what it assumed no longer holds
        self.data, self._situation = before, None
        return True

    def fighter(self, data: dict[str, Any], fid: str) -> dict[str, Any]:
        for f in data.get("fighters", []):
            if f.get("id") == fid:
                return f
        raise LabError(f"{self.name}: fighters: no fighter {fid!r}")

    def ids(self) -> list[str]:
        return [f["id"] for f in self.data.get("fighters", [])]

    def set_field(self, fid: str, key: str, value: Any) -> None:
        """Set one field of a fighter (``hex``, ``facing``, ``posture``, ``hp``, ``fp``, ``dr``, ``side``...)."""
        if isinstance(value, Hex):
            value = [value.q, value.r]
        self.edit(lambda d: self.fighter(d, fid).__setitem__(key, value))

    def move(self, fid: str, to: Hex) -> None:
        self.set_field(fid, "hex", to)

    def set_in(self, fid: str, group: str, key: str, value: Any) -> None:
        """Set ``stats``/``skills``/``hands`` ``[key]`` of a fighter; ``None`` for a stat or skill removes it."""
        def change(d: dict[str, Any]) -> None:
            block = self.fighter(d, fid).setdefault(group, {})
            if value is None and group != "hands":
                block.pop(key, None)
            else:
                block[key] = value
        self.edit(change)

    def toggle(self, fid: str, group: str, word: str) -> bool:
        """Add ``word`` to a fighter's list ``group`` (``conditions``, ``worn``, ``belt``) or take it out.

        Returns whether it is there now.
        """
        had = word in self.fighter(self.data, fid).get(group, [])

        def change(d: dict[str, Any]) -> None:
            f = self.fighter(d, fid)
            words = [w for w in f.get(group, []) if w != word]
            f[group] = words if had else [*words, word]
        self.edit(change)
        return not had

    def turn(self, fid: str, by: int = 1) -> None:
        """Face the next side round (``facing`` 0-5)."""
        now = int(self.fighter(self.data, fid).get("facing", 0))
        self.set_field(fid, "facing", (now + by) % 6)

    def next_posture(self, fid: str) -> str:
        """The next posture round the list that the ruleset keeps as given (nd6 reads a crouch as
        kneeling, G3-8: the lab skips it rather than write a word the battle does not show). One edit."""
        now = self.fighter(self.data, fid).get("posture", "standing")
        order = list(POSTURES)
        start = order.index(now) if now in order else -1
        for k in range(1, len(order)):
            new = order[(start + k) % len(order)]
            data = copy.deepcopy(self.data)
            self.fighter(data, fid)["posture"] = new
            try:
                kept = self.situation(data).battle.fighter(fid).posture == new
            except LabError:
                continue
            if kept:
                self.set_field(fid, "posture", new)
                return new
        return now

    def add_fighter(self, side: str, at: Hex, *, like: str | None = None) -> str:
        """A new fighter on ``at``: a copy of fighter ``like`` (its stats, skills, hands), or of the
        ruleset's first stat block; a fresh id. Returns the id."""
        taken = set(self.ids())
        fid = next(f"{side[:3] or 'f'}{n}" for n in range(1, 10_000) if f"{side[:3] or 'f'}{n}" not in taken)

        def change(d: dict[str, Any]) -> None:
            if like is not None:
                new = copy.deepcopy(self.fighter(d, like))
                new.pop("name", None)
            else:
                block = (self.ruleset.stat_blocks or (_EMPTY,))[0]
                new = {"stats": dict(block.get("stats", {})), "skills": dict(block.get("skills", {})),
                       "hands": dict(block.get("hands", {"right": None, "left": None}))}
            new.update({"id": fid, "side": side, "hex": [at.q, at.r], "facing": 0, "posture": "standing",
                        "conditions": []})
            d.setdefault("fighters", []).append({k: new[k] for k in FIGHTER_KEYS if k in new}
                                                | {k: v for k, v in new.items() if k not in FIGHTER_KEYS})
        self.edit(change)
        return fid

    def remove_fighter(self, fid: str) -> None:
        """Take a fighter off, with every grip and scripted action that names it."""
        def names(x: dict[str, Any]) -> bool:
            return fid in (x.get("holder"), x.get("target"), x.get("actor"))

        def change(d: dict[str, Any]) -> None:
            d["fighters"] = [f for f in d.get("fighters", []) if f.get("id") != fid]
            for key in ("grapples", "actions"):
                if key in d:
                    d[key] = [x for x in d[key] if not names(x)]
        self.edit(change)

    def add_grapple(self, holder: str, target: str, *, location: str = "torso", hands: int | None = None,
                    kind: str = "grapple") -> None:
        grip: dict[str, Any] = {"holder": holder, "target": target, "location": location,
                                "hands": self.ruleset.grip_hands_default if hands is None else hands, "kind": kind}
        self.edit(lambda d: d.setdefault("grapples", []).append(grip))

    def grip_problem(self, holder: str, target: str | None = None, *, location: str = "torso",
                     hands: int | None = None, kind: str = "grapple") -> str | None:
        """Why the ruleset cannot have this grip, in one sentence naming the grip's field ("Grip kind: edge
        grapples are grapple, pin, pin-2 .. pin-5"), or None. Without ``target``: None when some other fighter
        could be held so (what the kind, place and hands alone allow, said before anyone is clicked)."""
        others = [target] if target is not None else [i for i in self.ids() if i != holder]
        grip = {"holder": holder, "location": location, "kind": kind,
                "hands": self.ruleset.grip_hands_default if hands is None else hands}
        first = None
        for other in others:
            data = copy.deepcopy(self.data)
            data.setdefault("grapples", []).append({**grip, "target": other})
            try:
                self.situation(data)
                return None
            except LabError as exc:
                first = first or _grip_words(str(exc))
        return first

    def remove_grapple(self, index: int) -> None:
        self.edit(lambda d: d.get("grapples", []).pop(index))

    def toggle_effect(self, kind: str, at: Hex, turns_left: int = 3) -> bool:
        """Lay a board effect (``effects[]``: a fire, a cloud) of ``kind`` on ``at``, or take the one of that
        kind there away. Returns whether it is there now."""
        here = [at.q, at.r]
        had = any(e.get("kind") == kind and list(e.get("hex", [])) == here for e in self.data.get("effects", []))

        def change(d: dict[str, Any]) -> None:
            rest = [e for e in d.get("effects", []) if not (e.get("kind") == kind and list(e.get("hex", [])) == here)]
            d["effects"] = rest if had else [*rest, {"kind": kind, "hex": here, "turns_left": turns_left}]
        self.edit(change)
        return not had

    def set_map(self, map_path: str | Path | None) -> None:
        """Put the set-up on another map (a ``.tmx`` path, or None for open ground)."""
        where = None
        if map_path is not None:
            p = Path(map_path)
            where = os.path.relpath(p.resolve(), self.base_dir.resolve()) if p.is_absolute() else str(p)
        self.edit(lambda d: d.__setitem__("map", where))

    def set_ruleset(self, ruleset_id: str) -> list[str]:
        """Carry the set-up over to another ruleset (``game.teaching.translate``): stats, skills, items, grips.

        Returns the values the translation assumed (also kept in :attr:`assumptions`); the script
        (actions, dice) is dropped, since its action types belong to the old ruleset.
        """
        # late: tests patch it: the function must see the replacement at call time
        from game.teaching.translate import translate

        try:
            new, assumed = translate(copy.deepcopy(self.data), ruleset_id)
        except (ValueError, KeyError) as exc:
            raise LabError(f"{self.name}: ruleset: {exc.args[0] if exc.args else exc}") from None
        new = {k: v for k, v in new.items() if k not in ("actions", "dice")}
        self.situation(new)
        self.history = [*self.history[-(UNDO_DEPTH - 1):], self.data]
        self.data, self._situation, self.assumptions = new, None, list(assumed)
        return self.assumptions


def _grip_words(message: str) -> str:
    """A set-up's refusal of a grip ("lab.json: grapples[0].kind: edge grapples are ...") as the grip row says
    it: "Grip kind: edge grapples are ..." (the field the player just set, without the file's list index)."""
    _, found, rest = message.partition("grapples[")
    if not found:
        return message
    rest = rest.split("]", 1)[1] if "]" in rest else rest
    field, _, problem = rest.lstrip(".").partition(": ") if rest.startswith(".") else ("", "", rest.lstrip(": "))
    text = f"Grip {field.replace('_', ' ')}: {problem}" if field else f"Grip: {problem}"
    return text if text.endswith(".") else text + "."


def from_battle(battle: Battle, *, base_dir: Path | str | None = None) -> LabSituation:
    """A set-up of a battle as it stands: its map, ruleset, fighters (where they are, as they are), grips
    and board effects; no actions. A battle on a map without a file (open ground) is on ``"map": null``.

    The battle is not changed (everything is copied into the situation's own shape).
    """
    ruleset = find_ruleset(battle.ruleset)
    board_path = getattr(battle.board, "path", None)
    folder = Path(base_dir) if base_dir is not None else (Path(board_path).parent if board_path else Path.cwd())
    where = os.path.relpath(Path(board_path).resolve(), folder.resolve()) if board_path else None
    data: dict[str, Any] = {"ruleset": battle.ruleset, "map": where,
                            "fighters": [fighter_to_spec(f, ruleset) for f in battle.fighters],
                            "grapples": [grapple_to_spec(g) for g in battle.grapples]}
    if ruleset.board_effects and battle.state.get("board_effects"):
        data["effects"] = [effect_to_spec(e) for e in battle.state["board_effects"]]
    data["actions"] = []
    lab = LabSituation(data=data, base_dir=folder)
    lab.situation()
    return lab


def from_scenario(scenario: str | Path) -> LabSituation:
    """A set-up from a scenario file (``maps/*.toml``): its map, its ruleset, its fighters where they start."""
    try:
        battle = load_scenario(scenario)
    except (OSError, ValueError) as exc:
        raise LabError(str(exc).rstrip(".")) from None
    return from_battle(battle, base_dir=Path(scenario).parent)


@cache
def known_names(ruleset_id: str) -> dict[str, dict[str, int]]:
    """The stat and skill names a ruleset's fighters use, each with the largest value seen.

    A ruleset lists its conditions and items but not its skills, so the lab
    learns them from the data: the ruleset's stat blocks and the fighters of
    every scenario in ``maps/`` written for it. A skill whose largest value
    is 1 is one a fighter has or has not (nd6's ``tough``): the lab toggles it.
    """
    out: dict[str, dict[str, int]] = {"stats": {}, "skills": {}}

    def note(group: str, block: Any) -> None:
        for k, v in (block or {}).items() if isinstance(block, dict) else ():
            if isinstance(v, int | bool):
                out[group][k] = max(out[group].get(k, 0), int(v))

    for b in find_ruleset(ruleset_id).stat_blocks:
        note("stats", b.get("stats"))
        note("skills", b.get("skills"))
    for path in sorted(MAPS.glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if data.get("ruleset") != ruleset_id:
            continue
        for f in data.get("fighters", []):
            if isinstance(f, dict):
                note("stats", f.get("stats"))
                note("skills", f.get("skills"))
    return out
