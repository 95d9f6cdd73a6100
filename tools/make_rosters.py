"""Write each ruleset's first ``roster.toml`` from the fighters of the shipped scenarios of that ruleset
(one archetype per distinct kit: stats, skills, hands, items, traits), named by what the fighter carries
and the fighter it came from. Run from the project folder: ``python3 tools/make_rosters.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.builder import toml_out  # noqa: E402
from game.builder.roster import Archetype  # noqa: E402
from game.files.userfiles import load_toml  # noqa: E402
from game.rules.base import RULESETS  # noqa: E402

_KIT = ("stats", "skills", "hands", "items", "posture", "size", "arms", "hp", "fp", "dr", "weight", "traits")


def _title(fighter: dict) -> str:
    held = [v for v in fighter.get("hands", {}).values() if v] + list(fighter.get("items", []))
    kit = " and ".join(dict.fromkeys(h.replace("_", " ") for h in held)) or "bare hands"
    return f"{fighter.get('name') or fighter['id'].title()} ({kit})"


def main() -> None:
    import game.rules  # noqa: F401

    found: dict[Path, dict[str, dict]] = {}
    for scenario in sorted(Path("maps").glob("*.toml")):
        data = load_toml(scenario)
        cls = RULESETS[data["ruleset"]]
        folder = cls.folder()
        kits = found.setdefault(folder, {})
        ids = {f["id"] for f in data.get("fighters", [])}
        for f in data.get("fighters", []):
            kit = {k: f[k] for k in _KIT if k in f}
            # a trait naming another fighter (a rider's mount) means nothing for a fighter standing alone
            traits = {k: v for k, v in kit.get("traits", {}).items() if not (isinstance(v, str) and v in ids)}
            kit.pop("traits", None)
            if traits:
                kit["traits"] = traits
            key = toml_out.value(kit)
            if key not in kits:
                kits[key] = {"name": _title(f), **kit}
    for folder, kits in found.items():
        out = ["# Ready-made fighters for the battle builder, first taken from the shipped scenarios'\n",
               "# fighters (tools/make_rosters.py). Each is added to a side and may then be edited.\n"]
        for arch in kits.values():
            Archetype(**arch)  # the shape the builder reads
            out.append("\n[[archetypes]]\n")
            out.extend(f"{toml_out.key(k)} = {toml_out.value(v)}\n" for k, v in arch.items())
        (folder / "roster.toml").write_text("".join(out), encoding="utf-8")
        print(folder / "roster.toml", len(kits))


if __name__ == "__main__":
    main()
