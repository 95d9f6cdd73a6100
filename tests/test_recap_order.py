"""The turn banner's recap keeps the order things happened and never folds a death away.

A new player's hotseat banner read "Ivo attacks…" above "Ivo moves…" and then "… and 8 more", which hid
"Jory is dead". Words test on :func:`game.ui.handover.recap_lines` (no dice: the log is written by hand).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.ui.handover import BANNER_LINES, recap_lines


@dataclass
class _F:
    id: str
    side: str
    label: str


@dataclass
class _Battle:
    fighters: list[_F]
    log: list[dict[str, Any]] = field(default_factory=list)

    def get(self, fid: str) -> _F | None:
        return next((f for f in self.fighters if f.id == fid), None)


def _battle() -> _Battle:
    fs = [_F("ivo", "red", "Ivo"), _F("jory", "blue", "Jory"), _F("ann", "blue", "Ann")]
    b = _Battle(fs)
    b.log.append({"intent": {"actor": "jory"}, "events": []})  # blue's last action
    b.log.append({"intent": {"actor": "ivo"}, "events": [
        {"type": "move", "actor": "ivo", "to": [2, 3], "path": [[2, 3]]},
        {"type": "message", "text": "Ivo swings at Jory"},
        {"type": "damage", "actor": "ivo", "target": "jory", "injury": 4, "location": "torso"},
        {"type": "message", "text": "Jory reels"},
        {"type": "message", "text": "Jory bleeds"},
        {"type": "message", "text": "Ivo shouts"},
        {"type": "condition", "target": "jory", "add": "dead"},
        {"type": "move", "actor": "ivo", "to": [3, 3], "path": [[3, 3]]},
        {"type": "message", "text": "Ivo laughs"},
    ]})
    return b


def test_recap_keeps_the_order_things_happened() -> None:
    """The move comes before the blow it led to, as in the combat log (no rule: the banner's words)."""
    lines = recap_lines(_battle(), "blue", 20)
    assert lines[0].startswith("Ivo moves") and lines[1] == "Ivo swings at Jory", lines
    assert lines.index("Ivo swings at Jory") < lines.index("Jory reels"), lines


def test_folded_banner_still_says_who_died() -> None:
    """Folded to the banner's five lines, "Jory is dead" stays, after the injury that killed him."""
    lines = recap_lines(_battle(), "blue", BANNER_LINES)
    assert len(lines) == BANNER_LINES, lines
    assert any("Jory is dead" in line for line in lines), lines
    assert lines[-1].startswith("\u2026 and ") and "more in the combat log" in lines[-1], lines
    injury = next(i for i, line in enumerate(lines) if "takes 4 injury" in line)
    dead = next(i for i, line in enumerate(lines) if "Jory is dead" in line)
    assert injury < dead, lines
