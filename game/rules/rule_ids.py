"""A ruleset's own rule IDs: ``rule_ids.txt`` in its folder, so that adding a ruleset is one folder.

Why: the rules help (every ID of a ruleset's ``sections`` needs a summary), the coverage tool
(``tools/rules_coverage.py``) and the tests need the rule IDs of each ruleset's checklist sections. The shared
checklist (``../shared/rules/CHECKLIST.md``) is not in the repo, and a new ruleset's section is not in it at
all; each folder therefore keeps its sections' IDs and headings (no rule text) beside its rules help. The file
is the checklist's ID lines: ``## S4 ...`` and ``### ...`` headings, one ID a line, a retired one followed by
``[RETIRED]``, ``#`` comments. Nothing here imports pygame.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

#: the file's name in a ruleset's folder (``Ruleset.folder()``)
FILE_NAME = "rule_ids.txt"
_ID = re.compile(r"^(S\d+-[A-Z0-9]+-\d+)(\s+\[RETIRED\])?\s*$")


def id_file(ruleset: Any) -> Path:
    """Where a ruleset's rule IDs are: ``rule_ids.txt`` in its own folder (a folder with two rulesets shares it)."""
    return ruleset.folder() / FILE_NAME


def read_ids(text: str, source: str) -> dict[str, list[str]]:
    """Section -> its live (not retired) IDs in file order; a line that is no ID, heading or comment is refused
    in one sentence naming the file."""
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        m = _ID.match(line.strip())
        if not m:
            raise ValueError(f"{source}: the line {line.strip()[:60]!r} is not a rule ID")
        if not m[2]:
            out.setdefault(m[1].split("-", 1)[0], []).append(m[1])
    return out


def rule_ids(ruleset: Any) -> dict[str, list[str]]:
    """The ruleset's own sections (``Ruleset.sections``) -> their live rule IDs; a section the file lacks, or
    a missing file, gives no IDs (the contract test says which)."""
    path = id_file(ruleset)
    found = read_ids(path.read_text(encoding="utf-8"), str(path)) if path.is_file() else {}
    return {sec: found.get(sec, []) for sec in ruleset.sections}
