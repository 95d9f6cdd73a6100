"""A new player's menus (issue "a game a new player scores 9/10", part 2), by posted events, headless.

- Every action of the acting fighter is reachable from what it acts on: a click on a foe offers the actions at
  that foe (a grenade thrown at its hex too), a click on an empty hex offers what may be aimed at it (a smoke
  grenade in hand, a flame thrower: S3-GRENADE-2, S3-FLAMER-5), and Enter opens the menu at the pointer, whose
  entries the arrow keys and Enter choose (nd6 has more actions than free letters).
- An attack list starts with the weapon in hand, then other carried items, then bare hands and kicks.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_play import click, move, press  # noqa: E402
from ui_fixtures import fresh_ui_dirs  # noqa: E402,F401  (autouse here)

from game.commands._uiargs import load_battle_or_fail  # noqa: E402
from game.hexgrid import Hex, hex_distance  # noqa: E402
from game.ui import modes as M  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "maps").glob("*.toml"))


def _app(b, size=(1280, 800)):
    for s in b.sides:
        s.control = "human"
    app = App(b, size, clock=FixedClock(), resizable=False, autosave=False)
    app.step()
    return app, app.battle_scene


def _menu_actions(sc) -> list:
    assert isinstance(sc.mode, M.Menu), sc.mode
    return [o.action for g in sc.mode.menu.groups for o in g.legal]


def _close(app, sc) -> None:
    assert sc.session.battle.log == _close.log, "a click meant to open a menu did something"
    press(app, pygame.K_ESCAPE)
    if isinstance(sc.mode, M.Menu):
        press(app, pygame.K_ESCAPE)
    sc.set_mode(M.SelectHex(sc.actor))
    app.step()


def _screen(sc, h: Hex) -> tuple[int, int]:
    x, y = sc.board.hex_screen_pos(h)
    return int(x), int(y)


def _centre_on(sc, h: Hex) -> None:
    c = sc.board.geometry.center(h)
    sc.board.camera.x, sc.board.camera.y = c[0] - sc.board_rect.w / 2, c[1] - sc.board_rect.h / 2


def _reached(app, sc) -> list:
    """The acting fighter's allowed options none of the routes below offers (empty when all are reachable):
    a click on each target, a click on each empty hex an option is aimed at (or its lit hex, a walk), and
    Enter over the fighter for the rest."""
    actor = sc.actor
    battle = sc.session.battle
    sc.set_mode(M.SelectHex(actor))
    app.step()
    legal = [o.action for o in sc.options() if o.reason is None]
    _close.log = list(battle.log)
    seen: list = []
    by_target: dict[str, list] = {}
    by_hex: dict[Hex, list] = {}
    rest = []
    for a in legal:
        t = getattr(a, "target", None) or next(iter(getattr(a, "targets", None) or ()), None)
        to = getattr(a, "to", None)
        if t:
            by_target.setdefault(t, []).append(a)
        elif to is not None:
            h = Hex(*to)
            who = next((f for f in battle.fighters if f.hex == h and f.side != battle.get(actor).side), None)
            if who is not None:
                by_target.setdefault(who.id, []).append(a)
            elif h in sc.reach:
                seen.append(a)  # a lit hex: the click walks (or runs) there
            else:
                by_hex.setdefault(h, []).append(a)
        else:
            rest.append(a)
    for t in by_target:
        _centre_on(sc, battle.get(t).hex)
        app.step()
        click(app, sc.board.token_screen_pos(t))
        if isinstance(sc.mode, M.Menu):
            seen += _menu_actions(sc)
        _close(app, sc)
    for h in by_hex:
        _centre_on(sc, h)
        app.step()
        click(app, _screen(sc, h))
        if isinstance(sc.mode, M.Menu):
            seen += _menu_actions(sc)
        _close(app, sc)
    if rest:
        _centre_on(sc, battle.get(actor).hex)
        app.step()
        move(sc.board.token_screen_pos(actor))
        app.step()
        press(app, pygame.K_RETURN)
        seen += _menu_actions(sc)
        _close(app, sc)
    return [a for a in legal if a not in seen]


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_action_of_the_acting_fighter_is_reachable_at_its_target_or_by_keys(path):
    """GX-5, S3-GRENADE-2: in every scenario as it starts, each allowed action of the acting fighter is offered
    by a click on its target (a foe, an empty hex) or by Enter's menu."""
    app, sc = _app(load_battle_or_fail(path))
    assert sc.actor is not None
    assert _reached(app, sc) == []


def _compound_in_the_yard():
    """The compound in its action phase (G3-3), Lin with a smoke grenade in hand and Torch with the flame thrower
    in the open yard, Dunn and Sol in front of them, and the rest of each crew far off."""
    app, sc = _app(load_battle_or_fail(ROOT / "maps" / "compound_nd6.toml"))
    b = sc.session.battle
    b.state["initiative"]["phase"] = "action"
    b.get("torch").hex, b.get("dunn").hex, b.get("sol").hex = Hex(2, 10), Hex(6, 10), Hex(7, 10)
    b.get("lin").hands["left"] = "smoke_grenade"
    b.get("lin").hex = Hex(2, 11)
    return app, sc


@pytest.mark.parametrize("who", ["lin", "torch"])
def test_s3_grenade_2_s3_flamer_5_a_smoke_grenade_and_a_flame_thrower_are_reachable(who):
    """S3-GRENADE-2, S3-FLAMER-5: Lin's smoke grenade and Torch's flame thrower: every allowed action, the
    throws at the foes' hexes and the bursts at them, is offered at its target or by Enter."""
    app, sc = _compound_in_the_yard()
    _as_actor(sc, who)
    kinds = {o.action.type for o in sc.options() if o.reason is None}
    assert ("throw_grenade" if who == "lin" else "flame") in kinds
    assert _reached(app, sc) == []


def test_s3_grenade_2_a_click_on_an_empty_hex_throws_the_smoke_grenade_there():
    """S3-GRENADE-2: Lin, a smoke grenade in hand, clicks an empty hex in range and sight: the menu offers the
    throw at that hex, and picking it throws there (no second pick on the map)."""
    app, sc = _compound_in_the_yard()
    b = sc.session.battle
    _as_actor(sc, "lin")
    h = Hex(4, 11)
    assert not any(f.hex == h for f in b.fighters) and hex_distance(b.get("lin").hex, h) == 2
    _centre_on(sc, h)
    app.step()
    click(app, _screen(sc, h))
    assert isinstance(sc.mode, M.Menu), sc.mode
    g = next(g for g in sc.mode.menu.groups if g.kind == "throw_grenade")
    assert [tuple(o.action.to) for o in g.legal] == [(4, 11)] and not g.on_map
    e = sc.mode.menu.entry_for("group", group_kind="throw_grenade")
    click(app, e.rect.center)
    entry = next(x for x in reversed(b.log) if x.get("intent", {}).get("type") == "throw_grenade")
    assert entry["intent"]["to"] == [4, 11] and entry["intent"]["item"] == "smoke_grenade"


def test_s3_flamer_5_a_click_on_an_empty_hex_fires_the_flame_thrower_at_it():
    """S3-FLAMER-5: Torch clicks an empty hex in the flame thrower's reach: the menu offers the burst at that hex
    (aimed at the hex, ``to``), and picking it places the fire's hexes on the map."""
    from game.ui.aim_view import PlaceHexes

    app, sc = _compound_in_the_yard()
    b = sc.session.battle
    _as_actor(sc, "torch")
    h = Hex(4, 10)
    assert not any(f.hex == h for f in b.fighters)
    _centre_on(sc, h)
    app.step()
    click(app, _screen(sc, h))
    assert isinstance(sc.mode, M.Menu), sc.mode
    flames = [o.action for g in sc.mode.menu.groups if g.kind == "flame" for o in g.legal]
    assert flames and all(a.to == (4, 10) and a.target is None for a in flames)
    move((0, 0))
    app.step()
    for _ in range(12):  # Enter picks the highlighted entry: Down to the first burst at the hex
        press(app, pygame.K_DOWN)
        hov = sc.mode.menu.hovered
        if hov is not None and (hov.option or (hov.group.legal[0] if hov.group and hov.group.legal else None)):
            a = hov.option.action if hov.option else hov.group.legal[0].action
            if a.type == "flame":
                break
    press(app, pygame.K_RETURN)
    if isinstance(sc.mode, M.Menu):  # the group of bursts: Down to the first, Enter
        press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)
    assert isinstance(sc.mode, PlaceHexes) and sc.mode.action.to == (4, 10)


def _as_actor(sc, fid: str) -> None:
    """Make ``fid`` the acting fighter of the compound's action phase (its slot), as the turn order would."""
    b = sc.session.battle
    ini = b.state["initiative"]
    ini["slot"] = ["action", fid]
    b.current = fid
    sc.board.selected = fid
    sc.option_cache.key = None
    assert sc.actor == fid, (sc.actor, ini)


@pytest.mark.parametrize("path", ["arena.toml", "outdoor.toml", "arena_edge.toml", "tavern_edge.toml"])
def test_the_weapon_in_hand_comes_first_in_the_attack_list(path):
    """G0-3, S1-ATTACK-1: next to a foe, the attack list's first entry (key 1) strikes with the weapon in hand;
    bare hands and kicks come after it (a new player pressed 1 and punched instead of using the longsword)."""
    from game.hexgrid import hex_neighbor

    b = load_battle_or_fail(ROOT / "maps" / path)
    app, sc = _app(b)
    b = sc.session.battle
    me = b.get(sc.actor)
    weapon = next(h for h in me.hands.values() if h and h != "shield")
    foe = next(f for f in b.fighters if f.side != me.side)
    foe.hex = hex_neighbor(me.hex, me.facing)
    ini = b.state.get("initiative") or {}
    if ini.get("phase") == "movement":  # a ruleset with phases: its melee phase (S1-ATTACK-1)
        ini.update(phase="melee", step=["melee"], slot=[me.id, "melee"])
    sc.option_cache.key = None
    _centre_on(sc, me.hex)
    app.step()
    click(app, sc.board.token_screen_pos(foe.id))
    assert isinstance(sc.mode, M.Menu), sc.mode
    press(app, pygame.K_x, unicode="x")  # the attack letter opens its list
    menu = sc.mode.menu
    first = next(e for e in menu.entries if e.kind == "option")
    assert first.key == "1"
    a = first.option.action
    assert (getattr(a, "item", None) or getattr(a, "weapon", None)) == weapon, first.button.text


def test_s1_grapple_5_a_click_on_an_empty_hex_offers_no_grapple_action_there():
    """S1-GRAPPLE-5, S1-DRAG-2: an action on a figure whose ``to`` is where someone ends (edge's grapple roll, a
    drag, a trip) is no aim at a hex: in every lesson, holding or held, a click on an empty hex two away from the
    learner opens no menu of such actions (the first version offered Ann's grapple roll at any empty hex)."""
    from game.hexgrid import hex_ring
    from game.teaching.lessons import load_lesson
    from game.ui.battle_menus import area_options

    for path in sorted((ROOT / "maps" / "lessons").glob("*.toml")):
        lesson = load_lesson(path)
        b = lesson.battle()
        for s in b.sides:
            s.control = "human"
        app, sc = _app(b)
        if sc.actor is None:
            continue
        b = sc.session.battle
        ini = b.state.get("initiative") or {}
        for phase in ("grapple", "melee", "hand-to-hand", "action", None):  # each phase a ruleset may have
            if phase is not None and "phase" in ini:
                ini["phase"] = phase
            sc.option_cache.key = None
            me = b.get(sc.actor)
            empty = [h for h in hex_ring(me.hex, 2) if not any(f.hex == h for f in b.fighters)]
            offered = [o.action for h in empty for o in area_options(sc, h)]
            assert offered == [], (path.name, phase, offered[:3])
        free = next((h for h in hex_ring(me.hex, 2) if not any(f.hex == h for f in b.fighters)
                     and h not in sc.reach), None)
        if free is not None:  # a hex not lit (a lit one walks): the click opens no menu
            _centre_on(sc, free)
            app.step()
            click(app, _screen(sc, free))
            assert not isinstance(sc.mode, M.Menu), (path.name, sc.mode.menu.title)
        app.close()
