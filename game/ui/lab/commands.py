"""What each button and drop-down of the lab does: one function per verb, each a call into ``game.teaching.lab`` or
``game.teaching.lab_trial``, a refusal said in one sentence (the scene's ``say``) and nothing changed by it.

Kept apart from :mod:`game.ui.lab.scene` (the layout and the drawing) so each stays short.
"""

from __future__ import annotations

import html
import tomllib
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.files.situation import is_worn
from game.hexgrid import hex_spiral
from game.teaching.lab import LabError, LabSituation, from_scenario, known_names
from game.teaching.lab_trial import SCRIPT, compare, parse_faces, play_action
from game.ui.lab.leave import mark_saved
from game.ui.lab.pages import hands_number
from game.ui.lab.starts import MAPS, OPEN_GROUND, start_of

__all__ = ["press", "choose"]


def _fighter(scene: Any) -> Any:
    return scene.lab.battle().fighter(scene.selected)


def _health(scene: Any, field: str, by: int) -> None:
    """HP or FP one up or down; from "full" (null) the ruleset's own full value is the start."""
    f = _fighter(scene)
    now = getattr(f, field)
    if now is None:
        stat = scene.lab.ruleset.presentation.health_stat if field == "hp" else "FP"
        # HP unless given is ST, as the fighter panel counts it (HP -1 from full on a fighter with ST and no
        # HP stat said it had no HP, under the rules whose panel showed "HP 12/12")
        now = f.stats.get(stat, f.stats.get("HT")) if field == "fp" else f.stats.get(stat, f.stats.get("ST"))
    if not isinstance(now, int | float):
        scene.say(f"{f.name or f.id} has no {field.upper()} under these rules to change.", "failure")
        return
    scene._edit(lambda: scene.lab.set_field(scene.selected, field, int(now) + by))


def _number(scene: Any, group: str, by: int) -> None:
    """A stat or skill one up or down: a skill had-or-not (largest known value 1) stays 0 or 1, a skill at 0
    is taken off the fighter; a stat stops at 0 (the set-up's own check refuses what the ruleset cannot take)."""
    key = scene.picked.get(group, "").rsplit(" ", 1)[0]
    if not key or key == "-":
        scene.say(f"Pick one of the {group} first.", "failure")
        return
    value = scene._spec().get(group, {}).get(key, 0)
    if not isinstance(value, int):
        scene.say(f"{key} is not a number.", "failure")
        return
    new = max(0, value + by)
    if group == "skills" and known_names(scene.lab.ruleset.id)["skills"].get(key) == 1:
        new = min(new, 1)
    gone = group == "skills" and new == 0
    scene.picked[group] = f"{key} -" if gone else f"{key} {new}"
    scene._edit(lambda: scene.lab.set_in(scene.selected, group, key, None if gone else new))


def _carry(scene: Any) -> None:
    """Wear the picked item (armour, gear) or hang it on the belt; again takes it off."""
    item = scene.picked.get("item", "")
    if item.startswith("("):
        scene.say("Pick an item first.", "failure")
        return
    group = "worn" if is_worn(scene.lab.ruleset, item) else "belt"
    scene._edit(lambda: scene.lab.toggle(scene.selected, group, item))


def _ungrip(scene: Any) -> None:
    grips = scene.lab.data.get("grapples", [])
    mine = [i for i, g in enumerate(grips) if g.get("holder") == scene.selected]
    if not mine:
        scene.say("This fighter holds nobody.", "failure")
        return

    def change() -> None:
        for i in reversed(mine):
            scene.lab.remove_grapple(i)
    scene._edit(change)


def _add(scene: Any) -> None:
    """A copy of the selected fighter on the nearest open hex around it."""
    battle = scene.lab.battle()
    f = battle.fighter(scene.selected)
    taken = {x.hex for x in battle.fighters}
    free = [h for h in hex_spiral(f.hex, 5) if h not in taken and h in battle.board and battle.board.is_open(h)]
    if not free:
        scene.say("No open hex near this fighter for a copy.", "failure")
        return
    made: list[str] = []
    if scene._edit(lambda: made.append(scene.lab.add_fighter(f.side, free[0], like=f.id))):
        scene.selected = made[0]
        scene.refresh()


def _side(scene: Any) -> None:
    """The next side in order of first appearance; a fighter sharing its side may also start a new one."""
    fighters = scene.lab.data.get("fighters", [])
    sides = list(dict.fromkeys(f["side"] for f in fighters))
    now = scene._spec().get("side")
    order = list(sides)
    if sum(f["side"] == now for f in fighters) > 1:  # alone on its side, a new side would be the same
        order.append(next(f"side{n}" for n in range(len(sides) + 1, 10_000) if f"side{n}" not in sides))
    new = order[(order.index(now) + 1) % len(order)] if now in order else order[0]
    if new == now:
        scene.say("There is no other side to move to.", "failure")
        return
    scene._edit(lambda: scene.lab.set_field(scene.selected, "side", new))


def _play(scene: Any, dice: list[int] | None, action: dict[str, Any] | None = None) -> None:
    action = action if action is not None else scene.choices.get(scene.picked.get("action", ""))
    if action is None:
        scene.say("Choose an action first.", "failure")
        return
    try:
        scene.trial = play_action(scene.lab, action, dice, seed=scene.seed)
    except LabError as exc:
        scene.say(str(exc), "failure")
        return
    scene.seed += 1
    scene.step = 0
    scene.comparison = None
    if scene.trial.illegal:
        scene.say(f"Not allowed: {scene.trial.illegal}", "failure")
    scene.refresh(rebuild=False)


def _typed(scene: Any) -> list[int] | None:
    try:
        return parse_faces(scene.dice_entry.get_text() if scene.dice_entry is not None else "")
    except LabError as exc:
        scene.say(str(exc), "failure")
        return None


def _play_typed(scene: Any) -> None:
    """Play typed: the faces in the Dice field first. With none typed it says so rather than rolling (a new
    player pressed it on an empty field and read random dice as the ones meant)."""
    typed = _typed(scene)
    if typed is None:
        return
    if not typed:
        scene.say("Type the dice first: the faces to use in the Dice field, e.g. 3 4 3 (Play rolls them at "
                  "random).", "failure")
        return
    _play(scene, typed)


def _compare(scene: Any) -> None:
    action = scene.trial.action if scene.trial is not None else scene.choices.get(scene.picked.get("action", ""))
    if action is None:
        scene.say("Choose an action first.", "failure")
        return
    typed = _typed(scene)
    if typed is None:
        return
    if not typed and scene.trial is not None:
        typed = list(scene.trial.typed)  # the faces the play on screen was given (the file's own dice)
    try:
        scene.comparison = compare(scene.lab, action, scene.picked.get("other", ""), typed, seed=scene.seed)
        scene.compare_scroll = 0
        scene.message = None  # an older note ("Loaded x.json.") sat over the split view's foot (seen under Xvfb)
    except ImportError:
        scene.say("Translating between rulesets is not available yet.", "failure")
    except LabError as exc:
        scene.say(str(exc), "failure")


def _step(scene: Any, to: int) -> None:
    if scene.trial is None:
        scene.say("Play an action first.", "failure")
        return
    scene.step = max(0, min(to, len(scene.trial.steps) - 1))
    scene.refresh(rebuild=False)


def _load(scene: Any) -> None:
    try:
        scene.lab = LabSituation.load(Path(scene.file_entry.get_text().strip()).expanduser())
    except LabError as exc:
        scene.say(str(exc), "failure")
        return
    scene.trial = scene.comparison = None
    scene.selected = None
    scene.picked["start"] = start_of(scene.lab)  # the map drop-down shows where the loaded set-up stands
    mark_saved(scene)
    scene.refresh(new_board=True)
    scene.say(f"Loaded {scene.lab.path.name}.", "success")


def held_play(scene: Any) -> tuple[list[dict[str, Any]], list[int] | None] | None:
    """The actions and dice the lab holds now, as the file writes them: the play on the board (its action, and
    the faces that fell, typed ones first), else the action the drop-down shows and the faces typed (the file's
    own dice for the file's own actions, when none are typed). None when there is no action to hold; raises
    LabError for typed faces that are not faces."""
    trial = scene.trial
    action = trial.action if trial is not None else scene.choices.get(scene.picked.get("action", ""))
    if not action:
        return None
    whole = action.get("type") == SCRIPT
    actions = [dict(a) for a in action["actions"]] if whole else [dict(action)]
    if trial is not None:
        return actions, list(trial.used) or None
    typed = parse_faces(scene.dice_entry.get_text() if scene.dice_entry is not None else "")
    return actions, typed or (scene.lab.data.get("dice") if whole else None)


def _hold_play(scene: Any) -> None:
    """Write the held actions and dice into the set-up's file object (in the file's own key order), so Save
    writes what the lab shows: ``clinch explain`` on a saved file printed nothing (no action was written), and
    ``clinch compare`` found no counterpart for the first action."""
    held = held_play(scene)
    if held is None:
        return
    actions, dice = held
    data = {k: v for k, v in scene.lab.data.items() if not (k == "dice" and dice is None)}
    data["actions"] = actions
    if dice is not None:
        data["dice"] = dice
    scene.lab.data = data  # the set-up itself (what the battle is built from) is unchanged


def _save(scene: Any) -> None:
    path = Path(scene.file_entry.get_text().strip()).expanduser()
    if not path.name:
        scene.say("Type where to save the situation (a .json file).", "failure")
        return
    try:
        _hold_play(scene)
        path.parent.mkdir(parents=True, exist_ok=True)
        scene.lab.save(path)
    except (LabError, OSError) as exc:
        scene.say(str(exc), "failure")
        return
    mark_saved(scene)
    n, dice = len(scene.lab.data.get("actions") or []), len(scene.lab.data.get("dice") or [])
    what = f" with {n} action{'s' if n != 1 else ''}" + (f" and {dice} dice" if dice else "") if n else ""
    scene.say(f"Saved {path.name}{what}: clinch resolve reads it as it is.", "success")


def _grip_fields(scene: Any) -> dict[str, Any]:
    """The grip row's choices: where, what kind, how many hands."""
    return {"location": scene.picked.get("location", "torso"), "kind": scene.picked.get("kind", "grapple"),
            "hands": hands_number(scene.picked.get("hands", "1 hand"))}


def check_grip_fields(scene: Any) -> None:
    """As soon as the grip row's kind, place or hands is set (or Grip… pressed): the one sentence of why the
    ruleset cannot have such a grip from the selected fighter, shown under the row (cleared once it can)."""
    scene.grip_note = "" if scene.selected is None else (
        scene.lab.grip_problem(scene.selected, **_grip_fields(scene)) or "")
    scene.grip_note_for = (scene.selected, scene.lab.ruleset.id)


def place_grip(scene: Any, who: str) -> None:
    """The click on the fighter to hold after Grip…: the grip put in force, or refused at the field in one
    sentence (a kind the ruleset has not, fighters not adjacent where it needs them so) and nothing changed."""
    scene.grip_mode = False
    note = scene.lab.grip_problem(scene.selected, who, **_grip_fields(scene))
    scene.grip_note = note or ""
    scene.grip_note_for = (scene.selected, scene.lab.ruleset.id)
    if note:
        scene.say(note, "failure")
        scene.refresh()
        return
    scene._edit(lambda: scene.lab.add_grapple(scene.selected, who, **_grip_fields(scene)))


def grip_note_row(scene: Any, x: int, y: int, w: int) -> int:
    """Under the grip row, in the failure colour: why the grip set there cannot be had (when it cannot)."""
    note = getattr(scene, "grip_note", "")
    if not note or getattr(scene, "grip_note_for", None) != (scene.selected, scene.lab.ruleset.id):
        return y  # said of another fighter, or under the ruleset the set-up was carried from


    colour = "#{:02x}{:02x}{:02x}".format(*scene.pal.failure)
    scene.grip_note_box = scene.add(pygame_gui.elements.UITextBox(
        f'<font color="{colour}">{html.escape(note)}</font>', pygame.Rect(x, y, w, 46), scene.gui))
    return y + 50


def _grip(scene: Any) -> None:
    scene.grip_mode = not scene.grip_mode
    scene.effect_mode = False
    check_grip_fields(scene)
    scene.refresh()


def _effect(scene: Any) -> None:
    scene.effect_mode = not scene.effect_mode
    scene.grip_mode = False
    scene.refresh()


def _rewind(scene: Any) -> None:
    scene.trial = scene.comparison = None
    scene.refresh(rebuild=False)


def _same(scene: Any) -> None:
    if scene.trial is None:
        scene.say("Play an action first: then the same dice can be played again.", "failure")
    else:
        _play(scene, scene.trial.used, scene.trial.action)


def _undo(scene: Any) -> None:
    if not scene.lab.undo():
        scene.say("Nothing to undo.", "failure")
        return
    scene.trial = scene.comparison = None
    scene.refresh(new_board=True)


def _map(scene: Any) -> None:
    """The set-up as it is, on the picked scenario's map (or on open ground); fighters keep their hexes."""
    start = scene.picked.get("start", OPEN_GROUND)
    where = None
    if start != OPEN_GROUND:
        try:
            where = MAPS / str(tomllib.loads((MAPS / f"{start}.toml").read_text(encoding="utf-8"))["map"])
        except (OSError, ValueError, KeyError) as exc:
            scene.say(f"{start}.toml: map: {exc}", "failure")
            return
    scene._edit(lambda: scene.lab.set_map(where), new_board=True)


def _new(scene: Any) -> None:
    if scene.picked.get("start", "arena") == OPEN_GROUND:
        scene.say("Pick a scenario to start from; Map puts this set-up on open ground.", "failure")
        return
    try:
        scene.lab = from_scenario(MAPS / f"{scene.picked.get('start', 'arena')}.toml")
    except LabError as exc:
        scene.say(str(exc), "failure")
        return
    scene.trial = scene.comparison = None
    scene.selected = None
    mark_saved(scene)  # a fresh start is nothing to lose
    scene.refresh(new_board=True)


#: button name -> what it does
_PRESS = {
    "load": _load, "save": _save, "side": _side, "undo": _undo, "map": _map,
    "grip": _grip, "ungrip": _ungrip, "effect": _effect, "add": _add, "carry": _carry,
    "turn": lambda s: s._edit(lambda: s.lab.turn(s.selected)),
    "posture": lambda s: s._edit(lambda: s.lab.next_posture(s.selected)),
    "hp-": lambda s: _health(s, "hp", -1), "hp+": lambda s: _health(s, "hp", 1),
    "fp-": lambda s: _health(s, "fp", -1), "fp+": lambda s: _health(s, "fp", 1),
    "stats-": lambda s: _number(s, "stats", -1), "stats+": lambda s: _number(s, "stats", 1),
    "skills-": lambda s: _number(s, "skills", -1), "skills+": lambda s: _number(s, "skills", 1),
    "cond": lambda s: s._edit(lambda: s.lab.toggle(s.selected, "conditions", s.picked.get("cond", ""))),
    "remove": lambda s: s._edit(lambda: s.lab.remove_fighter(s.selected)),
    "play": lambda s: _play(s, None),
    "typed": lambda s: _play_typed(s),
    "same": _same, "rewind": _rewind, "compare": _compare,
    "prev": lambda s: _step(s, s.step - 1), "next": lambda s: _step(s, s.step + 1),
    "last": lambda s: _step(s, 10**6),
    "new": _new,
}
#: the buttons that need a selected fighter
_NEEDS_FIGHTER = {"side", "turn", "posture", "hp-", "hp+", "fp-", "fp+", "stats-", "stats+", "skills-", "skills+", "cond", "remove", "add", "carry",
                  "grip", "ungrip"}


def press(scene: Any, name: str) -> None:
    """The button ``name`` was pressed."""
    if name.startswith("hand:"):
        item = scene.picked.get("item", "")
        held = None if item.startswith("(") else item
        if scene.selected is not None:
            scene._edit(lambda: scene.lab.set_in(scene.selected, "hands", name[5:], held))
        return
    if name in _NEEDS_FIGHTER and scene.selected is None:
        scene.say("Select a fighter first: click it on the board.", "failure")
        return
    do = _PRESS.get(name)
    if do is not None:
        do(scene)


def choose(scene: Any, key: str, value: str) -> None:
    """Drop-down ``key`` now shows ``value``; the ruleset one carries the set-up over at once."""
    scene.picked[key] = value
    if key == "ruleset" and value != scene.lab.ruleset.id:
        try:
            assumed = scene.lab.set_ruleset(value)
        except ImportError:
            scene.say("Translating between rulesets is not available yet.", "failure")
            scene.refresh()
            return
        except LabError as exc:
            scene.say(str(exc), "failure")
            scene.refresh()
            return
        scene.trial = scene.comparison = None
        scene.refresh(new_board=True)
        scene.say(f"Carried over to {value}: " + (f"{len(assumed)} value(s) assumed, listed in the panel."
                                                  if assumed else "nothing assumed."), "success")
    elif key == "action":
        scene.trial = None
        scene.refresh(rebuild=False)
    elif key in ("location", "kind", "hands"):
        check_grip_fields(scene)
        scene.refresh()
