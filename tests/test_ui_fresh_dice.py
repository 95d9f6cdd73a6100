"""Fresh dice for each new battle, the seed shown, and the same luck on purpose.

Every battle started from the menu or ``clinch play`` used to roll with its scenario file's ``seed``: a player
who restarted a lost battle met the same initiative rolls and the same first computer roll. A new battle now
draws its seed from the operating system (``game.dice.fresh_seed``); the pause menu shows it; ``clinch play
--seed N`` and the end screen's "Same dice again" replay a battle's luck. Saves, replays, ``clinch simulate
--seed`` and ``clinch screenshot`` stay deterministic.

Player tests: posted events on the real app, built as the ``clinch`` command builds it (``seed="fresh"``),
headless (SDL dummy drivers).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
from ui_fixtures import ARENA, NEEDS_ARENA, ROOT, click, fresh_ui_dirs, open_pause, press  # noqa: E402,F401  (fresh_ui_dirs: autouse here)

from game.dice import SeededDice  # noqa: E402
from game.model import RngState  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

pytestmark = NEEDS_ARENA


def make_app(scenario=None, size=(1280, 800), **kw):
    from game.ui.app import App

    return App(scenario, size, clock=FixedClock(16), settings=Settings(animation_speed="instant"),
               session_kw={"ai_nodes": 60, "ai_budget_ms": None}, **kw)


def first_rolls(battle):
    """The faces of the battle's first logged rolls (the arena's side roll for the first round) and the first
    twelve faces its generator gives (what every roll after them draws from)."""
    logged = [entry.get("dice") for entry in battle.log[:2]]
    ahead = SeededDice(RngState(seed=battle.rng.seed)).roll(12, 6)
    return logged, ahead


def quick_battle(app):
    """Enter on the main menu: the arena, as a player starts it."""
    from game.ui.battle_scene import BattleScene

    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, BattleScene), app.scene
    return app.battle


def back_to_the_menu(app):
    from game.ui.menus.main_menu import MainMenu

    click(app, open_pause(app).button_named("menu").rect.center, steps=3)
    assert isinstance(app.scene, MainMenu)


def test_two_quick_battles_of_the_same_scenario_roll_different_dice():
    """Quick battle, back to the menu, Quick battle again: the second battle draws a seed of its own (not the
    arena file's 1), so its dice differ from the first battle's."""
    app = make_app(seed="fresh")
    try:
        app.step()
        one = quick_battle(app)
        seed_one, rolls_one = one.rng.seed, first_rolls(one)
        back_to_the_menu(app)
        two = quick_battle(app)
        assert two is not one and 1 not in (seed_one, two.rng.seed)
        assert two.rng.seed != seed_one and first_rolls(two)[1] != rolls_one[1]
    finally:
        app.close()


def test_new_battle_menu_draws_a_fresh_seed_too():
    """New battle... → Start: the same path (``App.battle_from``) with a seed of its own each time."""
    from game.ui.menus.new_battle import NewBattleMenu

    seeds = []
    app = make_app(seed="fresh")
    try:
        for _ in range(2):
            app.step()
            click(app, app.scene.button_named("new").rect.center, steps=3)
            assert isinstance(app.scene, NewBattleMenu)
            click(app, app.scene.button_named("start").rect.center, steps=3)
            assert app.battle is not None
            seeds.append(app.battle.rng.seed)
            back_to_the_menu(app)
    finally:
        app.close()
    assert seeds[0] != seeds[1]


def test_a_given_seed_gives_the_same_first_rolls_twice():
    """``clinch play --seed N`` (``App(seed=N)``): two windows, the same scenario, the same first rolls."""
    got = []
    for _ in range(2):
        app = make_app(str(ARENA), seed=424242)
        try:
            app.step()
            got.append((app.battle.rng.seed, first_rolls(app.battle)))
        finally:
            app.close()
    assert got[0] == got[1] and got[0][0] == 424242


def test_without_a_seed_policy_the_scenario_keeps_its_own():
    """Tests and ``clinch screenshot`` build the app without a policy: the scenario's seed, as before."""
    app = make_app(str(ARENA))
    try:
        app.step()
        assert app.battle.rng.seed == 1
    finally:
        app.close()


def test_the_pause_menu_shows_the_seed():
    app = make_app(seed="fresh")
    try:
        app.step()
        battle = quick_battle(app)
        open_pause(app)
        app.text.drawn = []
        app.draw()
        words = " ".join(d[0] for d in app.text.drawn)
        app.text.drawn = None
        assert f"Dice seed {battle.rng.seed}" in words and f"--seed {battle.rng.seed}" in words
    finally:
        app.close()


def test_same_dice_again_on_the_end_screen_replays_the_first_rolls():
    """The end screen's "Same dice again": the battle from its start with its own seed and seats, its first
    rolls the same; a new battle all the same (its own autosave, not the finished one's)."""
    from game.ui.battle_scene import BattleScene
    from game.ui.menus.end_screen import EndScreen
    from game.ui.scene import Transition

    app = make_app(seed="fresh")
    try:
        app.step()
        battle = quick_battle(app)
        first = (battle.rng.seed, first_rolls(battle))
        old = app.session
        old.ctl.battle_id = old.ctl.battle_id or "0123456789abcdef"
        app.apply(Transition("push", EndScreen(app, app.battle_scene)))
        app.step()
        button = app.scene.button_named("again")
        assert button is not None and button.text == "Same dice again"
        click(app, button.rect.center, steps=3)
        assert isinstance(app.scene, BattleScene) and app.session is not old
        again = app.battle
        assert (again.rng.seed, first_rolls(again)) == first
        assert app.session.seat == old.seat and again.scenario == battle.scenario
        assert app.session.ctl.battle_id != old.ctl.battle_id
    finally:
        app.close()


def test_clinch_play_hands_the_window_a_fresh_seed_or_the_one_given(monkeypatch, capsys):
    """``clinch play`` builds its window with ``seed="fresh"``; ``--seed N`` hands N on; a seed that is not a
    whole number from 0 to 2**63-1 is one sentence and exit 2, before any window opens."""
    import game.ui.app as app_module
    from game.cli import main

    built = []

    class Window:
        def __init__(self, *args, **kw):
            built.append(kw.get("seed"))

        def run(self):
            return 0

    monkeypatch.setattr(app_module, "App", Window)
    try:
        assert main(["play", str(ARENA)]) == 0
        assert main(["play", str(ARENA), "--seed", "424242"]) == 0
    finally:
        pygame.display.init()  # the command quits pygame as it leaves; the fixture clears its events after
    assert built == ["fresh", 424242]
    for bad in ("-1", "abc", str(2**63), "1.5"):
        assert main(["play", str(ARENA), "--seed", bad]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("clinch play: --seed: must be a whole number from 0 to ") and "\n" not in err
    assert len(built) == 2


def test_continue_names_and_loads_the_newest_autosave_of_whichever_battle():
    """Two battles autosaved, the tavern's first: Continue says it carries on the Sand Pit and loads that
    battle (its own id, its state), and the tavern's autosave is still there to load."""
    from game.files import saves
    from game.ui.session import new_session

    tavern = new_session(str(ROOT / "maps" / "tavern.toml"))
    arena = new_session(str(ARENA), seat={"red": "human", "blue": "human"})  # nobody moves once it is loaded
    arena.end_turn()
    app = make_app()
    try:
        app.step()
        button = app.scene.button_named("continue")
        assert button.tool_tip_text == "Carry on from the latest autosave: Sand Pit: three on three, round 1."  # the scenario's title
        click(app, button.rect.center, steps=3)
        assert app.session is not None and app.session.ctl.battle_id == arena.ctl.battle_id
        assert saves.state_hash(app.battle) == saves.state_hash(arena.battle)
        assert saves.autosave_dir() / f"autosave-{tavern.ctl.battle_id}.json" in saves.list_autosaves(
            saves.autosave_dir())
    finally:
        app.close()
        tavern.close()
        arena.close()
