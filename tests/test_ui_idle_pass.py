"""Turns with nothing in them pass by themselves, and End (or Shift+Space) ends a fighter's round (issue "a
game a new player scores 9/10": d20 made every fighter pass every phase by hand, about six Space presses a
round while the armies were apart; S4-PHASE-1).

A human fighter whose legal actions (the engine's own) are only passes - do nothing, wait, the controller's
pass - or a declaration the turn order allows at any time (d20's defence, S4-PARRY-1) it could already have
made earlier in the round, passes by itself, and one log line names all who did ("Nothing to do in the
hand-to-hand phase: Finn passes."). End or Shift+Space passes this turn and the fighter's later ones in the
round. The computer's fighters are never passed for it (``clinch simulate`` plays as before).

Player tests: posted events on the real app (d20's ``maps/arena_d20.toml``, both sides at the screen, seeded
dice), headless (SDL dummy drivers).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_fixtures import fresh_ui_dirs, press, seated_app  # noqa: E402,F401  (fresh_ui_dirs: autouse here)

from game.flow.idle import nothing_to_do, pass_idle  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ARENA = ROOT / "maps" / "arena_d20.toml"
pytestmark = pytest.mark.skipif(not ARENA.is_file(), reason="maps/arena_d20.toml is missing")


def make_app(seat: str = "human"):
    from game.files.maps import load_scenario

    battle = load_scenario(ARENA)
    return seated_app(battle, seat)


def shown(app) -> tuple[int, str | None, str | None]:
    """The turn the screen waits on: (round, fighter, phase)."""
    ctl = app.battle_scene.session.ctl
    return ctl.battle.round, app.battle_scene.actor, ctl.initiative().get("phase")


def notes(app) -> list[str]:
    return [ln.text for ln in app.battle_scene.log.lines if ln.kind == "note"]


def test_S4_PHASE_1_a_turn_with_only_a_pass_passes_by_itself():
    """S4-PHASE-1 / S4-PARRY-1: every turn the screen stops on has something besides a pass in the engine's legal
    actions; Finn's round-1 hand-to-hand turn (defence, declarable in its movement turn, or do nothing) is not
    shown, and the log says so in one line."""
    app = make_app()
    seen = []
    for _ in range(8):
        ctl = app.battle_scene.session.ctl
        assert not nothing_to_do(ctl), shown(app)
        seen.append(shown(app))
        press(app, pygame.K_SPACE, steps=4)
    assert (1, "finn", "movement") in seen and (1, "finn", "hand-to-hand") not in seen
    assert "Nothing to do in the hand-to-hand phase: Finn passes." in notes(app)


def test_S4_PHASE_1_end_key_ends_the_fighters_round():
    """S4-PHASE-1: End passes Edda's movement turn and her later ones this round (missiles, hand-to-hand);
    Shift+Space does the same for Finn; the log names them; the next round shows them again."""
    app = make_app()
    assert shown(app) == (1, "edda", "movement")
    press(app, pygame.K_END, steps=4)
    assert shown(app) == (1, "finn", "movement")
    press(app, pygame.K_SPACE, mod=pygame.KMOD_SHIFT, steps=4)
    seen = []
    for _ in range(6):
        seen.append(shown(app))
        if shown(app)[0] > 1:
            break
        press(app, pygame.K_SPACE, steps=4)
    assert not [s for s in seen if s[0] == 1 and s[1] in ("edda", "finn")], seen
    assert "Round ended by the player in the missiles phase: Edda, Finn pass." in notes(app)
    assert any(s[0] == 2 for s in seen)


def test_undo_takes_back_the_end_and_its_passes():
    """Undo (Ctrl+Z) after End takes back the pass and the passes that followed (they make no checkpoint of
    their own): Edda's movement turn is shown again, and Space now passes that phase only."""
    app = make_app()
    press(app, pygame.K_END, steps=4)
    assert shown(app) == (1, "finn", "movement")
    press(app, pygame.K_z, mod=pygame.KMOD_CTRL, steps=4)
    assert shown(app) == (1, "edda", "movement")
    press(app, pygame.K_SPACE, steps=4)
    press(app, pygame.K_SPACE, steps=4)
    assert shown(app) == (1, "edda", "missiles")


def test_the_keys_help_and_the_hint_name_the_end_key():
    """The keys help (F2, the README's table) lists End or Shift+Space; the turn bar's hint names End."""
    from game.ui.keys import help_rows

    rows = [keys for _, group in help_rows() for keys, _ in group]
    assert "End or Shift+Space" in rows
    app = make_app()
    sc = app.battle_scene
    assert "End: end this fighter's round" in sc.mode.hint(sc)


def test_the_computer_is_never_passed_for():
    """A computer seat's fighter is left to the computer, whatever its options: nothing is passed for it."""
    from game.files.maps import load_scenario
    from game.flow.turns import TurnController

    battle = load_scenario(ARENA)
    ctl = TurnController(battle, battle.ruleset, dice="seeded", seat={s.id: "ai" for s in battle.sides})
    before = len(battle.log)
    assert pass_idle(ctl, {(f.id, battle.round) for f in battle.fighters}) == (None, [])
    assert len(battle.log) == before
