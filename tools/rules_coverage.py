#!/usr/bin/env python3
"""Which rules of the checklist no test cites, per ruleset, and the percentage covered.

Reads the rule IDs from ``../shared/rules/CHECKLIST.md`` (beside the repo) and,
for the sections it lacks (all of them when ``../shared`` is missing, a new
ruleset's own section), from each ruleset folder's ``rule_ids.txt`` (IDs and
headings only, no rule text: ``game/rules/rule_ids.py``; refresh them with
``--write-ids``), so a new ruleset brings its IDs in its own folder. A test
cites an ID when a ``.py`` file under ``tests/`` holds it literally
(``S0-REQ-1``) or in a name (``test_S0_REQ_1_...``, any case); ``S0-REQ-1``
never counts as ``S0-REQ-10``. Struck-through ``[RETIRED]`` IDs don't count.

The last line is always ``coverage: S0=N% S1=N% S2=N% S3=N% S4=N%`` (rounded
down, so 100% means every ID is cited).

    python3 tools/rules_coverage.py                 # every section, the IDs left
    python3 tools/rules_coverage.py --section S2    # one section
    python3 tools/rules_coverage.py --missing-only  # just the uncited IDs, one a line
    python3 tools/rules_coverage.py --write-ids     # refresh each ruleset folder's rule_ids.txt
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKLIST = ROOT.parent / "shared" / "rules" / "CHECKLIST.md"
TESTS = ROOT / "tests"



def _sections() -> dict[str, str]:
    """Checklist section -> the ruleset that implements it, read from each registered ruleset's ``sections``
    (so a new ruleset needs no edit here); S0..S4 are always listed, in order."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import game.rules  # noqa: F401  (registers every ruleset)
    from game.rules.base import RULESETS

    out = {f"S{i}": "(no ruleset yet)" for i in range(5)}
    for rs in RULESETS.values():
        for sec in rs.sections:
            out[sec] = rs.id
    return out


#: checklist section -> the ruleset that implements it
SECTIONS = _sections()

_ID_LINE = re.compile(r"^\s*-\s*\[[ xX]\]\s*(?:~~)?\*\*(S\d-[A-Z0-9]+-\d+)\*\*")
_ID_ONLY = re.compile(r"^(S\d-[A-Z0-9]+-\d+)(\s+\[RETIRED\])?\s*$")
#: a citation: S0-REQ-1 or S0_REQ_1 (any case), not preceded by a letter/digit, not followed by a digit
_CITE = re.compile(r"(?<![A-Za-z0-9])[Ss](\d)[-_]([A-Za-z]+)[-_](\d+)(?!\d)")
_IDS_HEADER = ("# The rule IDs of ../shared/rules/CHECKLIST.md with its headings, no rule text.\n"
               "# Written by tools/rules_coverage.py --write-ids; read when ../shared is missing.\n")


@dataclass
class Checklist:
    source: str
    #: section -> IDs in checklist order (retired ones excluded)
    ids: dict[str, list[str]] = field(default_factory=dict)
    retired: list[str] = field(default_factory=list)
    #: the headings and IDs in order, for --write-ids
    lines: list[str] = field(default_factory=list)


def _section_of(rule_id: str) -> str:
    return rule_id.split("-", 1)[0]


def parse_checklist(text: str, source: str = "CHECKLIST.md") -> Checklist:
    out = Checklist(source)
    section = None
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:5] if line.startswith("## S") else None
        if section and (line.startswith("## ") or line.startswith("### ")):
            out.lines.append(line.rstrip())
            continue
        m = _ID_LINE.match(line)
        if not m or section is None:
            continue
        rule_id = m[1]
        if "RETIRED" in line:
            out.retired.append(rule_id)
            out.lines.append(f"{rule_id} [RETIRED]")
            continue
        out.ids.setdefault(_section_of(rule_id), []).append(rule_id)
        out.lines.append(rule_id)
    return out


def parse_ids_file(text: str, source: str) -> Checklist:
    out = Checklist(source)
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            if line.startswith("## ") or line.startswith("### "):
                out.lines.append(line)
            continue
        m = _ID_ONLY.match(line.strip())
        if not m:
            raise ValueError(f"{source}: cannot read the line {line!r}")
        if m[2]:
            out.retired.append(m[1])
        else:
            out.ids.setdefault(_section_of(m[1]), []).append(m[1])
        out.lines.append(line.strip())
    return out


def ids_file_text(checklist: Checklist) -> str:
    return _IDS_HEADER + "\n".join(checklist.lines) + "\n"


def ruleset_id_files() -> dict[Path, list[str]]:
    """Each registered ruleset folder's ``rule_ids.txt`` -> the sections of the rulesets in that folder."""
    import game.rules  # noqa: F401  (registers every ruleset)
    from game.rules.base import RULESETS
    from game.rules.rule_ids import id_file

    out: dict[Path, set[str]] = {}
    for rs in RULESETS.values():
        out.setdefault(id_file(rs), set()).update(rs.sections)
    return {path: sorted(secs) for path, secs in sorted(out.items())}


def section_lines(checklist: Checklist, sections: list[str]) -> list[str]:
    """The headings and ID lines of ``sections`` only, in checklist order."""
    out: list[str] = []
    current = None
    for line in checklist.lines:
        if line.startswith("## "):
            current = line[3:5]
        if current in sections:
            out.append(line)
    return out


def folder_ids_text(checklist: Checklist, sections: list[str]) -> str:
    """A ruleset folder's ``rule_ids.txt`` as ``--write-ids`` writes it from the checklist."""
    head = (f"# The rule IDs of section{'s' if len(sections) > 1 else ''} {', '.join(sections)} with the checklist's "
            "headings, no rule text.\n# Written by tools/rules_coverage.py --write-ids from "
            "../shared/rules/CHECKLIST.md; read by game/rules/rule_ids.py.\n")
    return head + "\n".join(section_lines(checklist, sections)) + "\n"


def load_checklist(checklist_path: Path = CHECKLIST, ids_path: Path | None = None) -> Checklist:
    """The checklist, else the ``ids_path`` list; with no ``ids_path``, every section the checklist lacks comes
    from the ruleset folders' ``rule_ids.txt`` (a new ruleset's own section; all of them without ``../shared``)."""
    if checklist_path.is_file():
        out = parse_checklist(checklist_path.read_text(encoding="utf-8"), _shown(checklist_path))
    elif ids_path is not None:
        if not ids_path.is_file():
            raise FileNotFoundError(f"neither {_shown(checklist_path)} nor {_shown(ids_path)} exists")
        return parse_ids_file(ids_path.read_text(encoding="utf-8"), _shown(ids_path))
    else:
        out = Checklist("the rulesets' rule_ids.txt")
    if ids_path is None:
        for path, sections in ruleset_id_files().items():
            if not path.is_file():
                continue
            own = parse_ids_file(path.read_text(encoding="utf-8"), _shown(path))
            lacking = [sec for sec in sections if sec not in out.ids]
            for sec in lacking:
                out.ids[sec] = own.ids.get(sec, [])
                out.retired += [rid for rid in own.retired if _section_of(rid) == sec]
            out.lines += section_lines(own, lacking)
    if not out.ids:
        raise FileNotFoundError(f"neither {_shown(checklist_path)} nor any ruleset's rule_ids.txt exists")
    return out


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        try:  # the shared folder beside the repo reads as ../shared/...
            return "../shared/" + str(path.resolve().relative_to(ROOT.parent / "shared"))
        except ValueError:
            return str(path)


def citations(tests_dir: Path = TESTS) -> dict[str, set[str]]:
    """Every ID-shaped citation in the tests' .py files -> the files citing it (normalised ``S0-REQ-1``)."""
    found: dict[str, set[str]] = {}
    for path in sorted(tests_dir.rglob("*.py")):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        for m in _CITE.finditer(text):
            rule_id = f"S{m[1]}-{m[2].upper()}-{int(m[3])}"
            found.setdefault(rule_id, set()).add(path.name)
    return found


def coverage(checklist: Checklist, cited: dict[str, set[str]]) -> dict[str, tuple[int, int, list[str]]]:
    """section -> (cited count, total, uncited IDs in checklist order)."""
    out = {}
    for section in SECTIONS:
        ids = checklist.ids.get(section, [])
        missing = [i for i in ids if i not in cited]
        out[section] = (len(ids) - len(missing), len(ids), missing)
    return out


def percent(done: int, total: int) -> int:
    return 100 if total == 0 else (100 * done) // total


def coverage_line(cov: dict[str, tuple[int, int, list[str]]]) -> str:
    return "coverage: " + " ".join(f"{s}={percent(d, t)}%" for s, (d, t, _) in cov.items())


def _area(rule_id: str) -> str:
    return rule_id.split("-")[1]


def report(checklist: Checklist, cov: dict[str, tuple[int, int, list[str]]], *, section: str | None,
           missing_only: bool) -> list[str]:
    lines: list[str] = []
    if not missing_only:
        retired = f", {len(checklist.retired)} retired" if checklist.retired else ""
        total = sum(len(v) for v in checklist.ids.values())
        lines.append(f"checklist: {checklist.source} ({total} IDs{retired})")
    for sec, (done, total, missing) in cov.items():
        if section and sec != section:
            continue
        if missing_only:
            lines.extend(missing)
            continue
        lines.append("")
        lines.append(f"{sec} {SECTIONS[sec]}: {done}/{total} cited ({percent(done, total)}%)"
                     + ("; not cited:" if missing else ""))
        by_area: dict[str, list[str]] = {}
        for rule_id in missing:
            by_area.setdefault(_area(rule_id), []).append(rule_id)
        for area, ids in by_area.items():
            lines.append(f"  {area:<10} " + " ".join(ids))
    return lines


def _stale_id_files(checklist: Checklist, ids_file: Path | None) -> list[str]:
    """The ID lists that no longer match the checklist (the one ``ids_file``, else the rulesets' own)."""
    if ids_file is not None:
        return [_shown(ids_file)] if ids_file.is_file() and ids_file.read_text(encoding="utf-8") != ids_file_text(
            checklist) else []
    return [_shown(path) for path, sections in ruleset_id_files().items()
            if path.is_file() and all(sec in checklist.ids for sec in sections)
            and path.read_text(encoding="utf-8") != folder_ids_text(checklist, sections)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--section", choices=sorted(SECTIONS), help="list only this section's uncited IDs")
    p.add_argument("--missing-only", action="store_true", help="print only the uncited IDs, one a line")
    p.add_argument("--write-ids", action="store_true",
                   help="write each ruleset folder's rule_ids.txt (IDs and headings) from the checklist, then report")
    p.add_argument("--checklist", type=Path, default=CHECKLIST, help=argparse.SUPPRESS)
    p.add_argument("--ids-file", type=Path, default=None, help=argparse.SUPPRESS)  # one list instead (tests)
    p.add_argument("--tests", type=Path, default=TESTS, help=argparse.SUPPRESS)
    args = p.parse_args(argv)

    if args.write_ids:
        if not args.checklist.is_file():
            print(f"rules_coverage: {_shown(args.checklist)} is missing; cannot write the ID list", file=sys.stderr)
            return 2
        fresh = parse_checklist(args.checklist.read_text(encoding="utf-8"), _shown(args.checklist))
        if args.ids_file is not None:
            args.ids_file.parent.mkdir(parents=True, exist_ok=True)
            args.ids_file.write_text(ids_file_text(fresh), encoding="utf-8")
        else:
            for path, sections in ruleset_id_files().items():
                if all(sec in fresh.ids for sec in sections):  # a section the checklist lacks stays the folder's
                    path.write_text(folder_ids_text(fresh, sections), encoding="utf-8")
    try:
        checklist = load_checklist(args.checklist, args.ids_file)
    except (FileNotFoundError, ValueError) as exc:
        print(f"rules_coverage: {exc}", file=sys.stderr)
        return 2
    cov = coverage(checklist, citations(args.tests))
    lines = report(checklist, cov, section=args.section, missing_only=args.missing_only)
    if not args.missing_only and args.checklist.is_file():
        stale = _stale_id_files(checklist, args.ids_file)
        if stale:
            lines.append("")
            lines.append(f"note: {', '.join(stale)} differ(s) from the checklist; refresh with --write-ids")
    lines.append(coverage_line(cov))
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
