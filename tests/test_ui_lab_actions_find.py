"""The lab as a new player found it (issue "a game a new player scores 9/10", the lab part), by posted events:

- the action list was an unsorted drop-down of hundreds of entries: each entry now names whom it is done to
  and its kind first ("bob > Break free: ..."), ordered by that (allowed first, refused last with why), and
  a Find field beside it keeps the entries holding every word typed; the file's own actions, with their
  round numbers, stay the first entry;
- a grip the ruleset cannot have (edge has no choke hold) was refused only after the click on the one to
  hold, at the foot of the screen: it is said at once under the grip row, in one sentence naming the field;
- Play typed with no faces typed rolled random dice: it says to type the dice first.

Rule IDs the set-ups rest on: S2-BREAK-1 (the 3d6 break free fixture), G1-8 and S1-GRAPPLE-1 (edge grips).
"""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

import tests.test_ui_lab as ui_lab  # noqa: E402
from tests.test_ui_lab import FIXTURES, bob_breaking_free, click, load, pick, press_button, type_into  # noqa: E402
from tests.ui_fixtures import fresh_ui_dirs  # noqa: E402, F401

lab_app = ui_lab.lab_app  # the lab opened from the main menu at 1280x800


def _shown(sc) -> list[str]:
    """The drop-down's entries as the player sees them."""
    return [o[0] if isinstance(o, tuple) else o for o in sc.action_dropdown.options_list]


def test_s2_break_1_the_action_list_is_grouped_by_fighter_and_kind_and_found_by_typing(lab_app, tmp_path):
    """S2-BREAK-1 set-up (Ann holds Bob): Ann's list names whom each action is done to and its kind, allowed
    ones first, grouped; typing "bob pin" keeps only Ann's pins on Bob (the file's own actions, rounds 1-2,
    still first); a word nothing holds says so and Play then asks for an action."""
    from game.ui.lab.action_list import NO_MATCH, SELF

    app = lab_app
    data = json.loads((FIXTURES / "break_free_full.json").read_text())
    data["actions"] = [{"actor": "bob", "type": "break_free", "round": 1},
                       {"actor": "bob", "type": "break_free", "round": 2}]
    path = tmp_path / "rounds.json"
    path.write_text(json.dumps(data))
    load(app, path)
    sc = app.scene
    click(app, sc.board.token_screen_pos("ann"))
    assert sc.selected == "ann"
    labels = list(sc.choices)
    assert labels[0].startswith("The file's 2 actions in order, rounds 1-2"), labels[0]
    rest = labels[1:]
    assert len(rest) > 100  # the hundreds a new player met
    groups = [label.split(":", 1)[0] for label in rest]
    assert all(" \u203a " in g for g in groups), groups[:5]
    refused = [i for i, label in enumerate(rest) if "(not allowed:" in label]
    assert refused and min(refused) > max(i for i in range(len(rest)) if i not in refused)  # refused last
    allowed = [g for i, g in enumerate(groups) if i not in refused]
    runs = [g for i, g in enumerate(allowed) if i == 0 or allowed[i - 1] != g]
    assert len(runs) == len(set(runs)), "a group's entries are together"
    assert any(g.startswith("bob \u203a Pin") for g in groups) and any(g.startswith(f"{SELF} \u203a Move")
                                                                         for g in groups)
    # Find: every word typed, any case; the file's own actions stay first
    type_into(app, sc.find_entry, "BOB pin")
    shown = _shown(sc)
    assert shown[0] == labels[0] and len(shown) > 1
    named = [s.split(" (not allowed: ")[0].lower() for s in shown[1:]]
    assert all("bob" in s and "pin" in s for s in named), shown  # a refusal's reason is not searched
    assert all(s.startswith("bob \u203a pin") for s in named), shown
    assert sc.find_entry.is_focused  # typing goes on in the field while the list narrows
    type_into(app, sc.find_entry, "nothing-holds-this")
    assert _shown(sc) == [labels[0]]
    # without the file's actions in front: a list with nothing in it says so, and Play asks for an action
    data["actions"] = []
    path.write_text(json.dumps(data))
    load(app, path)
    click(app, sc.board.token_screen_pos("ann"))
    type_into(app, sc.find_entry, "nothing-holds-this")
    assert _shown(sc) == [NO_MATCH]
    press_button(app, "play")
    assert sc.trial is None and sc.message[0] == "Choose an action first."
    type_into(app, sc.find_entry, "")
    assert len(_shown(sc)) == len(sc.choices)


def test_play_typed_with_no_faces_says_type_the_dice_first(lab_app):
    """S2-BREAK-1 set-up, Bob's break free picked, the Dice field empty: Play typed rolls nothing and says to type
    the dice first; with faces typed it plays them."""
    app = lab_app
    sc = bob_breaking_free(app)
    type_into(app, sc.dice_entry, "")
    press_button(app, "typed")
    assert sc.trial is None
    assert sc.message[0].startswith("Type the dice first"), sc.message
    type_into(app, sc.dice_entry, "3 4 3 4 4 4")
    press_button(app, "typed")
    assert sc.trial is not None and sc.trial.used == [3, 4, 3, 4, 4, 4]


def test_g1_8_a_grip_edge_cannot_have_is_said_at_the_field_at_once(lab_app):
    """G1-8, S1-GRAPPLE-1: edge has no choke hold. Picking that kind says so under the grip row at once (before
    any fighter is clicked), in one sentence naming the field; Grip… and a click on Bob then changes nothing;
    picking "grapple" clears the sentence and the grip is placed."""
    app = lab_app
    load(app, FIXTURES / "edge_enter_and_throw.json")
    sc = app.scene
    click(app, sc.board.token_screen_pos("ann"))
    assert sc.selected == "ann"
    pick(app, "kind", "choke_hold")
    note = sc.grip_note
    assert note.startswith("Grip kind: ") and "edge grapples are" in note and "\n" not in note and note.endswith("."), note
    box = sc.grip_note_box
    grip_button = sc.button_named("grip")
    assert box.alive() and 0 <= box.rect.top - grip_button.rect.bottom <= 12  # right under the grip row
    app.draw()
    press_button(app, "grip")
    click(app, sc.board.token_screen_pos("bob"))
    assert not sc.lab.data.get("grapples") and sc.message[0] == note
    pick(app, "kind", "grapple")
    assert sc.grip_note == "" and not any(getattr(w, "alive", lambda: False)() and w is box for w in sc.widgets)
    press_button(app, "grip")
    click(app, sc.board.token_screen_pos("bob"))
    assert sc.lab.data["grapples"][0]["kind"] == "grapple" and sc.lab.data["grapples"][0]["target"] == "bob"
    assert pygame.display.get_surface() is not None
