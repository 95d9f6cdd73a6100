"""tools/rules_coverage.py: parses the checklist, finds citations in tests, ends with the coverage line.

The made-up checklists below use the area ZZ, which no real checklist has,
so this file never counts as citing a real rule.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "rules_coverage.py"
SHARED_CHECKLIST = ROOT.parent / "shared" / "rules" / "CHECKLIST.md"
sys.path.insert(0, str(ROOT / "tools"))
try:
    from rules_coverage import SECTIONS  # S0..S4, then the section of every ruleset registered since
finally:
    sys.path.pop(0)
#: the tool's last line names every section of the registered rulesets, so a new ruleset edits no test here
LAST_LINE = re.compile("^coverage: " + " ".join(rf"{re.escape(s)}=\d+%" for s in SECTIONS) + "$")
#: the fake checklist's line: 1 of S0's 3 live IDs cited, S2's both, no IDs (100%) for every other section
FAKE_LINE = "coverage: " + " ".join(f"{s}={33 if s == 'S0' else 100}%" for s in SECTIONS)

FAKE = """# Rule checklist

- [ ] **S9-NOT-1** — in the preamble, not a section we know.

## S0 — seed 000
### Zed (ZZ)
- [ ] **S0-ZZ-1** — one.
- [ ] **S0-ZZ-2** [MAP] — two.
- [x] **S0-ZZ-10** — ten.
- [ ] ~~**S0-ZZ-3** — three.~~ [RETIRED]

## S2 — seed 002
### Zed (ZZ)
- [ ] **S2-ZZ-1** — one (same as S0-ZZ-1).
- [ ] **S2-ZZ-2** — two.
"""


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *args], cwd=ROOT, capture_output=True, text=True, timeout=60)


@pytest.fixture
def fake(tmp_path):
    checklist = tmp_path / "CHECKLIST.md"
    checklist.write_text(FAKE)
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_a.py").write_text(
        'def test_S0_ZZ_10_ten():\n    """Cites S2-ZZ-2 in the docstring."""\n'
        "def test_s2_zz_1_lower_case_name():\n    pass\n")
    (tests / "notes.txt").write_text("S0-ZZ-1 in a text file does not count\n")
    return checklist, tests, tmp_path / "ids.txt"


def test_citations_are_exact_ids_not_prefixes(fake):
    checklist, tests, ids = fake
    proc = run_tool("--checklist", str(checklist), "--tests", str(tests), "--ids-file", str(ids))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    # S0-ZZ-10 is cited, S0-ZZ-1 is not (a prefix of it); S0-ZZ-3 is retired; S2 both cited
    assert "S0 3d6-lite: 1/3 cited (33%); not cited:" in lines
    assert "  ZZ         S0-ZZ-1 S0-ZZ-2" in lines
    assert "S2 3d6-full: 2/2 cited (100%)" in lines
    assert lines[-1] == FAKE_LINE
    assert "S9-NOT-1" not in proc.stdout


def test_missing_only_and_section(fake):
    checklist, tests, ids = fake
    proc = run_tool("--checklist", str(checklist), "--tests", str(tests), "--ids-file", str(ids), "--missing-only")
    assert proc.stdout.splitlines() == ["S0-ZZ-1", "S0-ZZ-2", FAKE_LINE]
    proc = run_tool("--checklist", str(checklist), "--tests", str(tests), "--ids-file", str(ids), "--section", "S2")
    assert "S0 3d6-lite" not in proc.stdout and "S2 3d6-full: 2/2" in proc.stdout
    assert LAST_LINE.match(proc.stdout.splitlines()[-1])


def test_the_id_list_stands_in_when_the_checklist_is_missing(fake):
    checklist, tests, ids = fake
    proc = run_tool("--checklist", str(checklist), "--tests", str(tests), "--ids-file", str(ids), "--write-ids")
    assert proc.returncode == 0
    text = ids.read_text()
    assert "S0-ZZ-3 [RETIRED]" in text and "### Zed (ZZ)" in text
    assert "one." not in text  # no rule text
    with_list = run_tool("--checklist", str(checklist.with_name("gone.md")), "--tests", str(tests),
                         "--ids-file", str(ids))
    assert with_list.returncode == 0
    assert with_list.stdout.splitlines()[0] == f"checklist: {ids} (5 IDs, 1 retired)"
    assert with_list.stdout.splitlines()[1:] == proc.stdout.splitlines()[1:]
    neither = run_tool("--checklist", str(checklist.with_name("gone.md")), "--ids-file", str(ids.with_name("no")))
    assert neither.returncode == 2 and neither.stdout == ""


def test_the_real_run_ends_with_the_coverage_line():
    proc = run_tool()
    assert proc.returncode == 0, proc.stderr
    assert LAST_LINE.match(proc.stdout.splitlines()[-1]), proc.stdout.splitlines()[-1]


def test_the_kept_id_list_matches_the_checklist():
    if not SHARED_CHECKLIST.is_file():
        pytest.skip("../shared/rules/CHECKLIST.md is missing")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import rules_coverage
    finally:
        sys.path.pop(0)
    fresh = rules_coverage.parse_checklist(SHARED_CHECKLIST.read_text(encoding="utf-8"))
    # each ruleset folder's rule_ids.txt (a test double registered from tests/ has none and no sections)
    for path, sections in rules_coverage.ruleset_id_files().items():
        if path.parent.parent.name == "rules" and all(sec in fresh.ids for sec in sections):
            kept = path.read_text(encoding="utf-8")
            assert kept == rules_coverage.folder_ids_text(fresh, sections), (
                f"{path}: run python3 tools/rules_coverage.py --write-ids")
    assert sum(len(v) for v in fresh.ids.values()) == 655 - len(fresh.retired)
