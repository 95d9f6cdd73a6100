"""The in-game rules help: the checklist rules of a ruleset, in Clinch's own short words, by ID.

A ruleset's texts live in its own folder (``game/rules/<its folder>/rules_help*.json``, found through
``Ruleset.folder()``): a file there that names ``rulesets`` is shown for those of the folder's rulesets
(``threed6/``: ``rules_help_core.json`` G0 for both 3d6 rulesets, ``rules_help_lite.json`` S0 for
``3d6-lite``, ``rules_help_full.json`` S2 + G2), one that names none for every ruleset of the folder; in
file-name order. The house rules every ruleset shares (GX) are in ``assets/rules_help/*.json``, which name no
ruleset: shown for each ruleset that has no text of its own for the ID (nd6 words the map rules for its 4/3 m
hexes). So adding a ruleset adds its help with its folder. ``3d6-full`` cites S0 rules under S2 IDs through
``rule_map``; ``lookup`` follows that map both ways, so an S0 ID finds the S2 text that restates it and an S2
ID finds the S0 text when it has none of its own. No pygame here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.rules.base import Ruleset

__all__ = ["RuleEntry", "RulesHelp", "help_for", "help_files", "HELP_DIR"]

HELP_DIR = Path(__file__).resolve().parents[2] / "assets" / "rules_help"


@dataclass(frozen=True)
class RuleEntry:
    id: str
    area: str
    text: str


@lru_cache(maxsize=64)
def _read(path: Path) -> tuple[tuple[str, ...] | None, tuple[RuleEntry, ...]]:
    """A help file's rulesets (``None``: it names none) and entries; a damaged file has none (the help is
    missing, the game goes on)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        entries = tuple(RuleEntry(str(r["id"]), str(r.get("area", "")), str(r["text"]))
                        for r in data.get("rules", []))
        named = data.get("rulesets")
        return (tuple(str(x) for x in named) if isinstance(named, list) else None), entries
    except (OSError, ValueError, KeyError, TypeError):
        return (), ()


def help_files(ruleset: Ruleset) -> list[Path]:
    """The files that hold ``ruleset``'s help: its own folder's, then the shared ones."""
    own = sorted(ruleset.folder().glob("rules_help*.json"))
    shared = sorted(HELP_DIR.glob("*.json")) if HELP_DIR.is_dir() else []
    return [*own, *shared]


class RulesHelp:
    """Rules of one ruleset: ``entries``, ``lookup(id)``, ``search(words)``."""

    def __init__(self, ruleset: Ruleset) -> None:
        rid = ruleset.id
        self.ruleset_id = rid
        self.entries: list[RuleEntry] = []
        seen: set[str] = set()
        for path in help_files(ruleset):
            rulesets, entries = _read(path)
            if rulesets is not None and rid not in rulesets:
                continue
            # its own words first: a shared text only for an ID the ruleset does not word itself
            fresh = [e for e in entries if e.id not in seen]
            self.entries.extend(fresh)
            seen.update(e.id for e in fresh)
        self._by_id = {e.id: e for e in self.entries}
        rule_map = ruleset.rule_map
        self._forward = dict(rule_map)
        self._alias = {v: k for k, v in rule_map.items()}

    def lookup(self, rule_id: str | None) -> RuleEntry | None:
        if not rule_id:
            return None
        hit = self._by_id.get(rule_id)
        for table in (self._forward, self._alias):
            if hit is None and rule_id in table:
                base = self._by_id.get(table[rule_id])
                if base is not None:
                    hit = RuleEntry(rule_id, base.area, base.text + f" (as {base.id})")
        return hit

    def search(self, words: str) -> list[RuleEntry]:
        terms = [w for w in words.lower().split() if w]
        if not terms:
            return list(self.entries)
        out = []
        for e in self.entries:
            hay = f"{e.id} {e.area} {e.text}".lower()
            if all(t in hay for t in terms):
                out.append(e)
        return out


def help_for(ruleset: Ruleset) -> RulesHelp:
    return RulesHelp(ruleset)
