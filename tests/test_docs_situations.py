"""docs/situations.md, the situation format in the project's own words, cannot drift from the program.

Why: a fresh clone has no ``../shared``; game masters learn the ``clinch resolve`` format from
docs/situations.md alone, so every action type, item id and condition name it lists must be one
``clinch actions/items/conditions`` prints (``game.commands.catalogue``), every ruleset it names
must exist, and its example must play.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import game.rules  # noqa: F401  (registers every ruleset)
from game.commands.catalogue import actions_data, conditions_data, items_data
from game.files.situation import resolve_file
from game.rules.base import RULESETS, find_ruleset

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "situations.md"
_HEADING = re.compile(r"^### `([^`]+)`\s*$")
_LIST = re.compile(r"^- (actions|items|conditions): (.*)$")


def listed() -> dict[str, dict[str, list[str]]]:
    """Ruleset id -> ``actions``/``items``/``conditions`` -> the names the page lists under its heading."""
    out: dict[str, dict[str, list[str]]] = {}
    current: str | None = None
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if m := _HEADING.match(line):
            current = m[1]
            out[current] = {}
        elif current is not None and (m := _LIST.match(line)):
            out[current][m[1]] = re.findall(r"`([^`]+)`", m[2])
    return out


def test_every_ruleset_the_page_names_is_registered() -> None:
    """A ruleset section of the page names a registered ruleset (a new ruleset need not edit the page)."""
    assert listed(), "docs/situations.md has no '### `id`' ruleset sections"
    unknown = sorted(set(listed()) - set(RULESETS))
    assert not unknown, f"docs/situations.md names rulesets that are not registered: {unknown}"


def test_every_listed_action_item_and_condition_is_real() -> None:
    for ruleset_id, lists in listed().items():
        ruleset = find_ruleset(ruleset_id)
        real = {"actions": {a["type"] for a in actions_data(ruleset)},
                "items": {i["id"] for i in items_data(ruleset)},
                "conditions": {c["name"] for c in conditions_data(ruleset)}}
        assert set(lists) == set(real), f"{ruleset_id}: the page needs actions, items and conditions lines"
        for kind, names in lists.items():
            unknown = sorted(set(names) - real[kind])
            assert not unknown, f"docs/situations.md lists {kind} {unknown} that {ruleset_id} does not have"


def test_the_example_plays(tmp_path: Path) -> None:
    """The page's first JSON block is a whole situation that ``clinch resolve`` plays with exit 0."""
    block = re.search(r"```json\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert block, "docs/situations.md has no example"
    path = tmp_path / "example.json"
    path.write_text(block[1], encoding="utf-8")
    out, status = resolve_file(path)
    assert status == 0 and out["events"], json.dumps(out)[:400]
