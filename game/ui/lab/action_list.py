"""The lab's action list: every action of the selected fighter, grouped and found by typing.

A new player met an unsorted drop-down of hundreds of entries (a 3d6 grappler: 90 moves, 20 grabs, the
greyed ones among them). Each entry now says whom it is done to and its kind first ("Bob > Grapple: ...",
"Self > Move: ..."), the list ordered by that (what is allowed first, walks after the rest, what is refused
last, with its reason); a "Find" field beside it keeps only the entries holding every word typed ("bob arm",
"pin"). The file's own actions (with their round numbers) stay the
first entry whatever is typed: they are what the file plays.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.ui.describe import intent_words

__all__ = ["choices_of", "matching", "build_action_rows", "on_find", "NO_MATCH", "SELF"]

#: what the drop-down shows when nothing matches the words typed (not an action: Play says to choose one)
NO_MATCH = "(no action matches the words typed: clear Find)"
#: the group of an action done to nobody else (a move, a posture, a wait)
SELF = "Self"
ROW = 34


def _group(battle: Any, ruleset: Any, action: dict[str, Any]) -> tuple[str, str]:
    """(whom it is done to, its kind's title): the two words an entry is grouped by."""
    target = action.get("target")
    who = battle.get(target) if isinstance(target, str) else None
    cls = ruleset.actions.get(action.get("type", ""))
    title = getattr(cls, "title", None) or str(action.get("type", "")).replace("_", " ").capitalize()
    return (who.label if who is not None else SELF), title


def choices_of(scene: Any, found: list[tuple[dict[str, Any], Any]], whole: dict[str, Any] | None,
               whole_label: str) -> dict[str, dict[str, Any]]:
    """The drop-down's entries, label -> action: the file's own actions first (``whole``), then every action
    found, grouped by the fighter it is done to (the selected one's own as "Self") and its kind, the allowed
    ones before the refused ones (each with why), walks after the rest of the allowed."""
    lab = scene.lab
    battle = lab.battle()
    ruleset = lab.ruleset
    moves = ruleset.presentation.map_actions
    out: dict[str, dict[str, Any]] = {}
    if whole is not None:
        out[whole_label] = whole
    rows = []
    for i, (action, reason) in enumerate(found):
        who, title = _group(battle, ruleset, action)
        rows.append(((reason is not None, action.get("type") in moves, who != SELF, who, title, i), action, reason,
                      who, title))
    for _key, action, reason, who, title in sorted(rows, key=lambda r: r[0]):
        words = intent_words(battle, action, detail=True)
        label = f"{who} \u203a {title}: {words}" + (f" (not allowed: {reason.text})" if reason is not None else "")
        if label in out:  # two options the sentence does not tell apart: name their fields
            label += " (" + ", ".join(f"{k} {v}" for k, v in action.items() if k not in ("actor", "type")) + ")"
        while label in out:
            label += " \u00b7"
        out[label] = action
    return out


def matching(labels: list[str], text: str, keep: int = 0) -> list[str]:
    """The labels holding every word of ``text`` (any case, any order) in what they name, the group and the
    action (a refusal's reason is not searched: "bob pin" found Wait, whose reason reads "must first pin Bob");
    the first ``keep`` always stay."""
    words = text.lower().split()
    return labels[:keep] + [s for s in labels[keep:]
                            if all(w in s.split(" (not allowed: ", 1)[0].lower() for w in words)]


def _kept(scene: Any) -> int:
    """How many entries at the top stay whatever is typed: the file's own actions."""
    first = next(iter(scene.choices), "")
    return 1 if first.startswith("The file's ") else 0


def _shown(scene: Any) -> list[str]:
    return matching(list(scene.choices), scene.picked.get("find", ""), _kept(scene)) or [NO_MATCH]


def build_action_rows(scene: Any, x: int, y: int, w: int) -> int:
    """One row: the Find field, then the action drop-down beside it (the step pane under the play buttons
    keeps its height: a row more cut the step's rule IDs off at 1280x800); the next row's y."""
    fw = max(120, w // 3)
    scene.find_entry = scene.add(pygame_gui.elements.UITextEntryLine(
        pygame.Rect(x, y, fw, ROW - 4), scene.gui, placeholder_text="Find: type to filter"))
    if scene.picked.get("find"):
        scene.find_entry.set_text(scene.picked["find"])
    scene.action_rect = pygame.Rect(x + fw + 4, y, w - fw - 4, ROW - 4)
    scene.action_dropdown = scene._dropdown("action", _shown(scene), scene.action_rect)
    return y + ROW


def on_find(scene: Any) -> None:
    """The words in Find changed: the drop-down shows only what holds them (rebuilt in place, so the field
    keeps the keyboard)."""
    scene.picked["find"] = scene.find_entry.get_text()
    old = getattr(scene, "action_dropdown", None)
    if old is not None:
        scene.dropdowns.pop(old, None)
        if old in scene.widgets:
            scene.widgets.remove(old)
        old.kill()
    scene.action_dropdown = scene._dropdown("action", _shown(scene), scene.action_rect)
