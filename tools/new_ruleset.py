#!/usr/bin/env python3
"""Write a playable starter ruleset: one folder under game/rules/ and one scenario in maps/.

Why: a ruleset is one folder plus one import line (game/rules/README.md), but a newcomer starting from an
empty folder has to find a dozen members before the contract test (tests/test_ruleset_contract.py) passes.
The starter is the smallest ruleset that plays: an opposed roll (3d6 under DX, a Quick Contest) for an
attack that deals 1d6 damage and for a grapple that takes a grip, a one-hex move, wait, its rule IDs
(``rule_ids.txt``), their rules help, its presentation (``presentation.py``: briefing, menu letters), a roster
of ready-made fighters for the battle builder, stat blocks for the soak, and a scenario on the arena map. Everything
in it is a placeholder to replace with your seed's rules; its section is ``S9`` until the checklist gives
yours.

    python3 tools/new_ruleset.py myrules              # game/rules/myrules/ and maps/myrules.toml
    python3 tools/new_ruleset.py myrules --rules DIR --maps DIR

Then add the one line it prints to game/rules/__init__.py and run tests/test_ruleset_contract.py.
Exit status 2 with one sentence when NAME is not a lower-case identifier or the folder exists.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECTION = "S9"
_NAME = re.compile(r"^[a-z][a-z0-9_]{1,30}$")

INIT = '''"""The __ID__ ruleset (a starter written by tools/new_ruleset.py): importing this package registers it."""

from . import ruleset  # noqa: F401  (registers "__ID__")
'''

ACTIONS = '''"""The __ID__ actions: one attack and one grapple, each an opposed roll, plus a one-hex move and wait.

Starter rules (replace them with your seed's, citing its checklist IDs): __S__-ROLL-1 an opposed roll is a
Quick Contest of 3d6 under DX; __S__-ATTACK-1 the attacker who wins deals 1d6 damage; __S__-GRAPPLE-1 the
grappler who wins takes a one-handed grip on the torso; __S__-MOVE-1 a move is one step to an open hex.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.hexgrid import Hex, hex_distance
from game.model import Grapple
from game.rules import events as ev
from game.rules.base import Action, Reason
from game.rules.basic_actions import MoveVerb, WaitVerb
from game.rules.common import RollSpec, quick_contest

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution


def _foe(battle: Battle, actor: Fighter, target: str | None) -> Fighter | Reason:
    """The target, adjacent and still fighting, or why not (the reason a player reads)."""
    foe = battle.get(target) if target else None
    if foe is None or foe.side == actor.side:
        return Reason("Pick a foe to act on.", "__S__-ROLL-1")
    if hex_distance(actor.hex, foe.hex) > 1:
        return Reason(f"{foe.label} is out of reach: stand next to {foe.label} first.", "__S__-ROLL-1")
    if "dead" in foe.conditions or "unconscious" in foe.conditions:
        return Reason(f"{foe.label} is already out of the fight.", "__S__-ROLL-1")
    return foe


def opposed(r: Resolution, actor: Fighter, foe: Fighter, what: str, rule: str) -> bool:
    """__S__-ROLL-1: a Quick Contest of DX (3d6 under it); True when the actor wins."""
    a = RollSpec(actor.id, f"{what}: DX", int(actor.stats.get("DX", 10)), rule)
    b = RollSpec(foe.id, "resist: DX", int(foe.stats.get("DX", 10)), rule)
    return r.note(quick_contest(r.dice, a, b, rule))["winner"] == actor.id


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Strike an adjacent foe: an opposed roll; the winner deals 1d6 damage (__S__-ATTACK-1)."""

    type: ClassVar[str] = "attack"
    title: ClassVar[str] = "Attack"
    rule: ClassVar[str] = "__S__-ATTACK-1"
    target: str | None = None

    def _check(self, battle: Battle, actor: Fighter) -> Reason | None:
        foe = _foe(battle, actor, self.target)
        return foe if isinstance(foe, Reason) else None

    def _resolve(self, r: Resolution, actor: Fighter) -> None:
        foe = r.battle.fighter(self.target or "")
        if not opposed(r, actor, foe, "attack", "__S__-ROLL-1"):
            return
        amount = sum(r.dice.roll(1, 6, "damage", self.rule))
        r.emit(ev.damage(actor.id, foe.id, amount, injury=amount, rule=self.rule))
        if (foe.hp or 0) <= 0 and "unconscious" not in foe.conditions:
            r.emit(ev.condition(foe.id, add="unconscious", actor=actor.id, rule=self.rule))


@dataclass(frozen=True, slots=True)
class Grab(Action):
    """Seize an adjacent foe: an opposed roll; the winner holds the foe's torso with one hand (__S__-GRAPPLE-1)."""

    type: ClassVar[str] = "grapple"
    title: ClassVar[str] = "Grapple"
    rule: ClassVar[str] = "__S__-GRAPPLE-1"
    target: str | None = None

    def _check(self, battle: Battle, actor: Fighter) -> Reason | None:
        foe = _foe(battle, actor, self.target)
        if isinstance(foe, Reason):
            return foe
        if any(g.target == foe.id for g in battle.grips_by(actor.id)):
            return Reason(f"{actor.label} already holds {foe.label}.", self.rule)
        return None

    def _resolve(self, r: Resolution, actor: Fighter) -> None:
        foe = r.battle.fighter(self.target or "")
        if opposed(r, actor, foe, "grapple", "__S__-ROLL-1"):
            r.emit(ev.grapple_start(Grapple(holder=actor.id, target=foe.id, since=r.battle.turn), rule=self.rule))


@dataclass(frozen=True, slots=True)
class Move(MoveVerb, Action):
    """One step to an adjacent open hex nobody stands on (__S__-MOVE-1)."""

    title: ClassVar[str] = "Move"
    rule: ClassVar[str] = "__S__-MOVE-1"
    to: tuple[int, int] = (0, 0)

    def _check(self, battle: Battle, actor: Fighter) -> Reason | None:
        if len(self.to) != 2:
            return Reason("A move needs a hex [q, r].", self.rule, kind="bad_intent")
        dest = Hex(*self.to)
        if hex_distance(actor.hex, dest) != 1 or not battle.board.is_open(dest) or battle.fighters_at(dest):
            return Reason("A move is one step to an open hex next to you.", self.rule)
        return None

    def _resolve(self, r: Resolution, actor: Fighter) -> None:
        r.emit(ev.move(actor.id, Hex(*self.to), rule=self.rule))


@dataclass(frozen=True, slots=True)
class Wait(WaitVerb, Action):
    """Let the turn pass."""

    rule: ClassVar[str] = "__S__-MOVE-1"
'''

RULESET = '''"""The __ID__ ruleset: a starter written by tools/new_ruleset.py (game/rules/README.md says what to change).

Section __S__ is a placeholder: give ``sections`` your seed's checklist section, and list its IDs in
``rule_ids.txt`` and their summaries in ``rules_help.json``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from game.dice import quick_contest_odds
from game.hexgrid import hex_distance, hex_neighbor
from game.rules.base import Action, Option, Ruleset, register
from game.rules.initiative import basic_speed_order
from game.rules.presentation import Presentation

from .actions import Attack, Grab, Move, Wait
from .presentation import __CLASS__Presentation

if TYPE_CHECKING:
    from game.model import Battle


@register
class __CLASS__(Ruleset):
    """Opposed rolls under DX: attack for 1d6 damage, grapple for a grip, a one-hex move."""

    id: ClassVar[str] = "__ID__"
    name: ClassVar[str] = "__ID__ (starter)"
    source_text: ClassVar[str] = "__ID__"
    sections: ClassVar[tuple[str, ...]] = ("__S__",)
    actions: ClassVar[dict[str, type[Action]]] = {c.type: c for c in (Attack, Grab, Move, Wait)}
    conditions: ClassVar[dict[str, str]] = {"dead": "out of the battle",
                                            "unconscious": "out of the fight until the battle ends"}
    items: ClassVar[dict[str, Any]] = {}
    presentation_type: ClassVar[type[Presentation]] = __CLASS__Presentation
    stat_blocks: ClassVar[tuple[dict[str, Any], ...]] = (
        {"stats": {"ST": 10, "DX": 11, "HP": 10}}, {"stats": {"ST": 11, "DX": 10, "HP": 11}})

    def setup(self, battle: Battle) -> None:
        """Full hit points for anyone the file gives none (HP, else ST)."""
        for f in battle.fighters:
            if f.hp is None:
                f.hp = int(f.stats.get("HP", f.stats.get("ST", 10)))

    def legal_actions(self, battle: Battle, fighter_id: str) -> list[Option]:
        me = battle.fighter(fighter_id)
        out: list[Option] = []
        for foe in battle.fighters:
            if foe.side != me.side and hex_distance(me.hex, foe.hex) <= 1:
                for cls in (Attack, Grab):
                    act = cls(actor=fighter_id, target=foe.id)
                    out.append(Option(act, act.check(battle)))
        for d in range(6):
            step = hex_neighbor(me.hex, d)
            act = Move(actor=fighter_id, to=(step.q, step.r))
            out.append(Option(act, act.check(battle)))
        out.append(Option(Wait(actor=fighter_id)))
        return out

    def odds(self, battle: Battle, action: Action) -> dict[str, float]:
        """__S__-ROLL-1: the exact chance the actor wins the contest of DX."""
        if isinstance(action, Attack | Grab) and action.target:
            me, foe = battle.fighter(action.actor), battle.fighter(action.target)
            win, tie, lose = quick_contest_odds(int(me.stats.get("DX", 10)), int(foe.stats.get("DX", 10)))
            return {"win": win, "tie": tie, "lose": lose}
        return {"done": 1.0}

    def initiative(self) -> Any:
        """The fastest acts first (the 3d6 fixed order); swap in your seed's order."""
        return basic_speed_order(rule="__S__-ROLL-1")
'''

PRESENTATION = '''"""What the __ID__ ruleset shows: its briefing and menu letters (a starter written by tools/new_ruleset.py).

Everything a player sees of the ruleset that is not a rule lives here: ``game.rules.presentation.Presentation``
declares each member with a default and a docstring (badges, health word, log words, board regions...);
override only what your rules need said differently.
"""

from __future__ import annotations

from typing import ClassVar

from game.rules.presentation import Presentation


class __CLASS__Presentation(Presentation):
    briefing: ClassVar[str] = "Every attack and grapple is a contest of DX: roll 3d6 under it, the better wins."
    menu_keys: ClassVar[dict[str, str]] = {"attack": "X", "grapple": "G"}
'''

RULE_IDS = """# The rule IDs of section __S__ (a starter's placeholders: list your checklist section's IDs here).
## __S__ — __ID__ (starter)
### Rolls (ROLL)
__S__-ROLL-1
### Attack (ATTACK)
__S__-ATTACK-1
### Grapple (GRAPPLE)
__S__-GRAPPLE-1
### Movement (MOVE)
__S__-MOVE-1
"""

HELP = {
    "about": "Short explanations of the __ID__ starter rules, by rule ID. Replace them with your seed's.",
    "rulesets": ["__ID__"],
    "rules": [
        {"id": "__S__-ROLL-1", "area": "Rolls", "text": "An opposed roll is a Quick Contest: both roll 3d6 "
         "under DX; a success beats a failure, else the larger margin wins."},
        {"id": "__S__-ATTACK-1", "area": "Attack", "text": "An attacker who wins the contest deals 1d6 damage; "
         "at 0 hit points the foe falls unconscious."},
        {"id": "__S__-GRAPPLE-1", "area": "Grapple", "text": "A grappler who wins the contest holds the foe's "
         "torso with one hand."},
        {"id": "__S__-MOVE-1", "area": "Movement", "text": "A move is one step to an open hex next to you."},
    ],
}

ROSTER = """# Ready-made fighters for the battle builder (a starter's placeholders: your seed's archetypes go here).
# Each is added to a side and may then be edited; the builder finds this file in the ruleset's own folder.

[[archetypes]]
name = "Ann (bare hands, quick)"
stats = { ST = 10, DX = 12, HP = 10 }

[[archetypes]]
name = "Brom (bare hands, strong)"
stats = { ST = 12, DX = 10, HP = 12 }
"""

SCENARIO = '''# __ID__: the starter ruleset's first scenario (tools/new_ruleset.py), two against two on the arena.
name = "__ID__: first blood"
description = "Two pairs meet on the sand to try the __ID__ rules."
map = "arena.tmx"
ruleset = "__ID__"
seed = 1

[options]
turn_limit = 40

[[sides]]
id = "red"
name = "Red"
colour = "#c0392b"
control = "human"

[[sides]]
id = "blue"
name = "Blue"
colour = "#2e6fd8"
control = "ai"

[[fighters]]
id = "ann"
name = "Ann"
side = "red"
zone = "red"
stats = { ST = 10, DX = 12, HP = 10 }

[[fighters]]
id = "brom"
name = "Brom"
side = "red"
zone = "red"
stats = { ST = 12, DX = 10, HP = 12 }

[[fighters]]
id = "cass"
name = "Cass"
side = "blue"
zone = "blue"
facing = 3
stats = { ST = 11, DX = 11, HP = 11 }

[[fighters]]
id = "dov"
name = "Dov"
side = "blue"
zone = "blue"
facing = 3
stats = { ST = 10, DX = 11, HP = 10 }
'''


def _filled(text: str, name: str) -> str:
    cls = "".join(part.capitalize() for part in name.split("_")) + "Rules"
    return text.replace("__ID__", name).replace("__CLASS__", cls).replace("__S__", SECTION)


def write_starter(name: str, rules_dir: Path, maps_dir: Path) -> tuple[Path, Path]:
    """Write ``rules_dir/name/`` and ``maps_dir/name.toml``; returns both. Raises ValueError in one sentence."""
    if not _NAME.match(name):
        raise ValueError(f"the name {name!r} must be a lower-case identifier (letters, digits, _), 2-31 long")
    folder, scenario = rules_dir / name, maps_dir / f"{name}.toml"
    for path in (folder, scenario):
        if path.exists():
            raise ValueError(f"{path} already exists")
    folder.mkdir(parents=True)
    files = {"__init__.py": INIT, "actions.py": ACTIONS, "ruleset.py": RULESET,
             "presentation.py": PRESENTATION, "roster.toml": ROSTER, "rule_ids.txt": RULE_IDS,
             "rules_help.json": json.dumps(HELP, indent=2, ensure_ascii=False) + "\n"}
    for file_name, text in files.items():
        (folder / file_name).write_text(_filled(text, name), encoding="utf-8")
    maps_dir.mkdir(parents=True, exist_ok=True)
    scenario.write_text(_filled(SCENARIO, name), encoding="utf-8")
    return folder, scenario


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("name", help="the folder and ruleset id, a lower-case identifier")
    p.add_argument("--rules", type=Path, default=ROOT / "game" / "rules", help="where the folder goes")
    p.add_argument("--maps", type=Path, default=ROOT / "maps", help="where the scenario goes")
    args = p.parse_args(argv)
    try:
        folder, scenario = write_starter(args.name, args.rules, args.maps)
    except (ValueError, OSError) as exc:
        print(f"new_ruleset: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {folder}/ and {scenario}")
    print(f"now add to game/rules/__init__.py:\nimport game.rules.{args.name}  # noqa: E402,F401  "
          f'(registers "{args.name}")')
    return 0


if __name__ == "__main__":
    sys.exit(main())
