"""The in-game rules help: the checklist rules of a ruleset, in Clinch's own short words, by ID.

Texts live in ``assets/rules_help/*.json`` (each file names the rulesets it
covers; a ruleset shows every file that names it, in file-name order:
``3d6-core.json`` G0 for both 3d6 rulesets, ``3d6.json`` S0 for ``3d6-lite``,
``3d6-full.json`` S2 + G2, ``edge.json`` S1 + G1, ``d20.json`` S4 + G4,
``gx.json`` GX for all). ``3d6-full`` cites S0 rules under S2 IDs through
``rule_map``; ``lookup`` follows that map both ways, so an S0 ID finds the S2
text that restates it and an S2 ID finds the S0 text when it has none of its
own. No pygame here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.rules.base import Ruleset

__all__ = ["RuleEntry", "RulesHelp", "help_for", "HELP_DIR"]

HELP_DIR = Path(__file__).resolve().parents[2] / "assets" / "rules_help"


@dataclass(frozen=True)
class RuleEntry:
    id: str
    area: str
    text: str


@lru_cache(maxsize=8)
def _files() -> tuple[tuple[tuple[str, ...], tuple[RuleEntry, ...]], ...]:
    out = []
    if HELP_DIR.is_dir():
        for p in sorted(HELP_DIR.glob("*.json")):
            try:
                data = json.loads(p.read_text(encoding="utf-8"))
                entries = tuple(RuleEntry(str(r["id"]), str(r.get("area", "")), str(r["text"]))
                                for r in data.get("rules", []))
                out.append((tuple(data.get("rulesets", [])), entries))
            except (OSError, ValueError, KeyError, TypeError):
                continue  # a damaged help file: that help is missing, the game goes on
    return tuple(out)


class RulesHelp:
    """Rules of one ruleset: ``entries``, ``lookup(id)``, ``search(words)``."""

    def __init__(self, ruleset: Ruleset) -> None:
        rid = ruleset.id
        self.ruleset_id = rid
        self.entries: list[RuleEntry] = []
        for rulesets, entries in _files():
            if rid in rulesets:
                self.entries.extend(entries)
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
