"""``clinch rulesets``, ``clinch actions R``, ``clinch items R``, ``clinch conditions R``.

What each ruleset offers, read from the registry (``game.rules.RULESETS``)
and from the action dataclasses themselves, so the lists never drift from the
code. Human-readable text by default; ``--json`` for machines.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from typing import Any

import game.rules  # noqa: F401  (registers every ruleset)
from game.cli import CommandError
from game.files.situation_rounds import policy_of
from game.rules.base import RULESETS, UnknownRuleset, find_ruleset

TAKES_COMMAND = True

USAGE = {
    "rulesets": "clinch rulesets [--json]",
    "actions": "clinch actions RULESET [--json]",
    "items": "clinch items RULESET [--json]",
    "conditions": "clinch conditions RULESET [--json]",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:
        raise CommandError(f"{message} (usage: {USAGE.get(self.prog.split()[-1], self.prog)})")


def _parser(command: str) -> argparse.ArgumentParser:
    p = _Parser(prog=f"clinch {command}", description=f"usage: {USAGE[command]}")
    if command != "rulesets":
        p.add_argument("ruleset", nargs="?", metavar="RULESET", help="a ruleset id from 'clinch rulesets'")
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    return p


# -- the data -------------------------------------------------------------------

def rulesets_data() -> list[dict[str, Any]]:
    return [{"id": cls.id, "name": cls.name, "source_text": cls.source_text, "sections": list(cls.sections)}
            for _, cls in sorted(RULESETS.items())]


def _type_text(t: Any) -> str:
    if isinstance(t, str):
        return t
    return getattr(t, "__name__", None) or str(t).replace("typing.", "")


def action_fields(cls: type) -> list[dict[str, Any]]:
    """The fields of an action dataclass: name, type, default (absent when required), required."""
    out = []
    for f in dataclasses.fields(cls):
        entry: dict[str, Any] = {"name": f.name, "type": _type_text(f.type)}
        if f.default is not dataclasses.MISSING:
            entry["default"] = list(f.default) if isinstance(f.default, tuple) else f.default
            entry["required"] = False
        elif f.default_factory is not dataclasses.MISSING:
            entry["default"] = f.default_factory()
            entry["required"] = False
        else:
            entry["required"] = True
        out.append(entry)
    return out


def _doc_line(cls: type) -> str:
    doc = cls.__doc__ or ""
    if doc.startswith(cls.__name__ + "("):  # the dataclass's generated signature, not a description
        return ""
    return doc.strip().split("\n\n")[0].replace("\n", " ").strip()


def actions_data(ruleset: Any) -> list[dict[str, Any]]:
    out = []
    for kind, cls in ruleset.iter_action_types():
        out.append({"type": kind, "title": getattr(cls, "title", "") or kind, "rule": getattr(cls, "rule", ""),
                    "description": _doc_line(cls), "fields": action_fields(cls)})
    return out


def items_data(ruleset: Any) -> list[dict[str, Any]]:
    return [{"id": item_id, **dict(desc)} for item_id, desc in sorted(ruleset.items.items())]


def conditions_data(ruleset: Any) -> list[dict[str, Any]]:
    return [{"name": name, "description": text} for name, text in sorted(ruleset.conditions.items())]


# -- text -------------------------------------------------------------------------

def _value_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def rulesets_text(data: list[dict[str, Any]]) -> str:
    if not data:
        return "no rulesets are registered yet\n"
    w = max(len(r["id"]) for r in data)
    lines = [f"{'id':<{w}}  {'text':<5} {'sections':<9} name"]
    for r in data:
        lines.append(f"{r['id']:<{w}}  {r['source_text'] or '-':<5} {','.join(r['sections']) or '-':<9} {r['name']}")
    return "\n".join(lines) + "\n"


def actions_text(ruleset_id: str, data: list[dict[str, Any]], numbered: bool = False) -> str:
    """The action types with their fields; the header names the fields every action takes in a round
    written down (SITUATION-FORMAT, "Rounds written down"): ``initiative`` only where the ruleset's turn
    order has initiative numbers, as ``clinch resolve`` refuses it elsewhere."""
    lines = [f"{len(data)} action types in {ruleset_id} (each also takes 'type'):",
             "In rounds written down every action also takes 'round' (1, 2, ...; all actions or none) and "
             "'reactions' (true or false)" + (", and may take 'initiative' (the number it acts on)."
                                              if numbered else ".")]
    for a in data:
        head = f"{a['type']}"
        extra = [x for x in (a["title"] if a["title"] != a["type"] else "", a["rule"]) if x]
        if extra:
            head += f"  ({'; '.join(extra)})"
        lines.append("")
        lines.append(head)
        if a["description"]:
            lines.append(f"    {a['description']}")
        for f in a["fields"]:
            lines.append(f"    {f['name']}: {f['type']} (required)" if f["required"]
                         else f"    {f['name']}: {f['type']} = {_value_text(f['default'])}")
    return "\n".join(lines) + "\n"


def items_text(ruleset_id: str, data: list[dict[str, Any]]) -> str:
    if not data:
        return f"{ruleset_id} has no items\n"
    w = max(len(i["id"]) for i in data)
    lines = []
    for item in data:
        rest = ", ".join(f"{k}={_value_text(v) if not isinstance(v, str) else v}"
                         for k, v in item.items() if k not in ("id", "name"))
        name = item.get("name", "")
        lines.append(f"{item['id']:<{w}}  {name}" + (f"  ({rest})" if rest else ""))
    return "\n".join(lines) + "\n"


def conditions_text(ruleset_id: str, data: list[dict[str, Any]]) -> str:
    if not data:
        return f"{ruleset_id} has no conditions\n"
    w = max(len(c["name"]) for c in data)
    return "\n".join(f"{c['name']:<{w}}  {c['description']}" for c in data) + "\n"


# -- main -------------------------------------------------------------------------

def main(argv: list[str], command: str = "rulesets") -> int:
    if command not in USAGE:
        raise CommandError(f"unknown catalogue {command!r}")
    try:
        args = _parser(command).parse_args(argv)
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    if command == "rulesets":
        data = rulesets_data()
        sys.stdout.write(json.dumps(data, indent=2) + "\n" if args.json else rulesets_text(data))
        return 0
    if not args.ruleset:
        raise CommandError(f"which ruleset? (usage: {USAGE[command]}; 'clinch rulesets' lists them)")

    try:
        ruleset = find_ruleset(args.ruleset)
    except UnknownRuleset as exc:
        raise CommandError(exc.args[0]) from None
    if command == "actions":
        numbered = bool(getattr(policy_of(ruleset), "numbered", False))
        data, text = actions_data(ruleset), lambda rid, d: actions_text(rid, d, numbered)
    elif command == "items":
        data, text = items_data(ruleset), items_text
    else:
        data, text = conditions_data(ruleset), conditions_text
    if args.json:
        sys.stdout.write(json.dumps({"ruleset": ruleset.id, command: data}, indent=2, default=str) + "\n")
    else:
        sys.stdout.write(text(ruleset.id, data))
    return 0
