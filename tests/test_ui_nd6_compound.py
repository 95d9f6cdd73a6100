"""Player tests of the compound scenario (issue 17, Play: ``maps/compound_nd6.toml``), headless: what a player
stumbled on while playing it under Xvfb, each pinned by a test.

- S3-GRENADE-2: with every foe behind a wall a grenade in hand could not be thrown at all (the menu said
  "not now"): one throw at an open hex is offered, the menu opens the map pick, any hex in range and sight may be
  clicked and a refused one says the rules' reason.
- A flame thrower's own rolls are no bullets: no tracer before the jet of burning oil.
- The effects layer draws many burning hexes and clouds cheaply (cached flames per hex).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
from nd6_helpers import RS  # noqa: E402
from ui_fixtures import fresh_ui_dirs  # noqa: E402,F401  (autouse here)

from game.commands._uiargs import load_battle_or_fail  # noqa: E402
from game.hexgrid import Hex, hex_distance  # noqa: E402
from game.rules.nd6 import grenades  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def compound():
    return load_battle_or_fail(ROOT / "maps" / "compound_nd6.toml")


def _app(b, size=(1280, 800)):
    app = App(b, size, clock=FixedClock(), resizable=False, autosave=False)
    app.step()
    return app, app.battle_scene


def _click(app, sc, h: Hex) -> None:
    pos = tuple(int(v) for v in sc.board.hex_screen_pos(h))
    sc.board.mouse = pos
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.step()


def _throws(b, fid="vasko"):
    return [o for o in RS.legal_actions(b, fid) if o.action.type == "throw_grenade"]


def test_s3_grenade_2_a_throw_is_offered_with_every_foe_behind_walls():
    """S3-GRENADE-2 (GX-5): at the start of the compound Vasko, a frag grenade in hand, sees no foe (the depot's
    walls): every throw at a foe's hex is refused for sight, and one throw at an open hex in range and sight is
    offered and allowed, so the grenade can still be aimed. With a foe in sight no such extra throw is added."""
    b = compound()
    v = b.get("vasko")
    v.hands["left"] = "frag_grenade"
    opts = _throws(b)
    foe_hexes = {(o.hex.q, o.hex.r) for o in b.fighters if o.side != v.side}
    refused = [o for o in opts if tuple(o.action.to) in foe_hexes]
    assert refused and all(o.reason is not None and o.reason.rule == "GX-5" for o in refused)
    open_ = [o for o in opts if tuple(o.action.to) not in foe_hexes]
    assert len(open_) == 1 and open_[0].legal
    to = Hex(*open_[0].action.to)
    assert to not in {f.hex for f in b.fighters} and 1 <= hex_distance(v.hex, to) <= grenades.max_range(v)
    # a foe stepping into the open: the throws are the foes' hexes only
    b.get("dunn").hex = to
    again = _throws(b)
    assert {tuple(o.action.to) for o in again} <= foe_hexes | {(to.q, to.r)}
    assert any(o.legal and tuple(o.action.to) == (to.q, to.r) for o in again)


def test_s3_grenade_2_menu_opens_the_map_pick_and_says_why_a_hex_is_refused():
    """S3-GRENADE-2 (GX-5): the action menu's Throw grenade entry, with one hex allowed and the foes' hexes
    refused, opens the map pick (not a greyed "not now"); a click on a foe behind the walls says the rules'
    reason; a click on an open hex in sight asks for the yes with that hex."""
    from game.ui import modes as M
    from game.ui.action_menu import group_options

    b = compound()
    b.get("vasko").hands["left"] = "frag_grenade"
    app, sc = _app(b)
    battle = sc.session.battle
    battle.state["initiative"]["phase"] = "action"  # G3-3: a throw belongs to the action phase
    opts = _throws(battle)
    groups = [g for g in group_options(opts, None, battle, odds=lambda a: None) if g.kind == "throw_grenade"]
    assert len(groups) == 1 and groups[0].enabled and groups[0].on_map
    sc.set_mode(M.PickHex(list(groups[0].legal), M.SelectFighter()))
    sc.board.camera.x, sc.board.camera.y = (sc.board.geometry.center(Hex(6, 10))[0] - 500,
                                            sc.board.geometry.center(Hex(6, 10))[1] - 300)
    far = Hex(12, 10)  # inside the warehouse, out of sight from the west gate
    assert grenades.ThrowGrenade(actor="vasko", item="frag_grenade", to=(far.q, far.r)).check(battle) is not None
    sc.toasts.clear()
    _click(app, sc, far)
    assert isinstance(sc.mode, M.PickHex)
    assert any("line of sight" in t for t, *_ in sc.toasts)
    ok = Hex(*groups[0].legal[0].action.to)
    _click(app, sc, ok)
    assert isinstance(sc.mode, M.Confirm) and tuple(sc.mode.intent.to) == (ok.q, ok.r)


def test_flame_burst_plays_no_tracer_s3_flamer_4():
    """S3-FLAMER-4/7: a flame burst's own roll to hit, and the roll for a figure under its fire, are marked
    ``shot: false`` by the rules; the map plays the jet of burning oil for them, no bullet tracer before it."""
    from game.dice import ScriptedDice
    from game.rules.nd6 import flamer
    from game.ui.event_player import EventPlayer
    from game.ui.geometry import MapGeometry

    b = compound()
    b.get("torch").hex, b.get("dunn").hex, b.get("sol").hex = Hex(2, 10), Hex(6, 10), Hex(7, 10)
    shadow = b.clone(with_log=False)
    a = flamer.Flame(actor="torch", target="dunn", burst="small", hexes=((6, 10), (7, 10), (7, 9)))
    events = a.resolve(b, ScriptedDice([3, 3, 3] + [4] * 60))
    rolls = [e for e in events if e.get("type") == "roll" and e.get("target_id")]
    assert {e["target_id"] for e in rolls} >= {"dunn", "sol"} and all(e.get("shot") is False for e in rolls)
    p = EventPlayer(1.0)
    geo = MapGeometry.of(b.board)
    p.set_position_source(lambda fid: geo.center(b.get(fid).hex) if b.get(fid) else None)
    p.play([{"intent": a.to_dict(), "events": events}], shadow)
    kinds = [x.kind for x in p.queue]
    assert "jet" in kinds and "shot" not in kinds and "burst" not in kinds


def test_g3_4_every_grenade_on_a_belt_can_be_readied():
    """G3-4 (S3-HTH-11): nd6 has no action to put a weapon away, so a fighter whose hands are full could never
    ready a grenade or molotov from its belt; in the compound everyone carrying one has a free hand for it,
    and Ready is offered and allowed in the action phase."""
    from game.rules.nd6.items import item

    app, sc = _app(compound())
    battle = sc.session.battle
    battle.state["initiative"]["phase"] = "action"
    carriers = [f for f in battle.fighters if any(item(i).get("kind") == "grenade" for i in f.items)]
    assert {f.id for f in carriers} >= {"vasko", "lin", "rook", "petrov", "acheampong", "sol"}
    for f in carriers:
        assert f.free_hands(), f.id
        ready = [o for o in RS.legal_actions(battle, f.id)
                 if o.action.type == "ready" and item(o.action.item).get("kind") == "grenade"]
        assert ready and all(o.legal for o in ready), (f.id, [o.reason for o in ready])


def test_s3_grenade_2_a_thrown_grenade_floats_its_name_not_its_id():
    """S3-GRENADE-2: the word floating over a thrower says "smoke grenade thrown", as the combat log does, not
    the item's id with its underscore."""
    from game.ui.event_player import EventPlayer
    from game.ui.geometry import MapGeometry

    b = compound()
    geo = MapGeometry.of(b.board)
    p = EventPlayer(1.0)
    p.set_position_source(lambda fid: geo.center(b.get(fid).hex) if b.get(fid) else None)
    ev = {"type": "item", "actor": "lin", "item": "smoke_grenade", "action": "thrown", "rule": "S3-GRENADE-2"}
    p.play([{"intent": {"type": "throw_grenade", "actor": "lin"}, "events": [ev]}], b.clone(with_log=False))
    seen = set()
    for _ in range(40):
        p.update(20.0)
        seen |= {f.text for f in p.floaters}
    assert seen == {"smoke grenade thrown"}


def test_gx_5_hovering_a_hex_out_of_sight_says_why_in_the_hint():
    """GX-5 (S3-GRENADE-2): while a throw is picked on the map, the hint under the board names why the hex under
    the mouse is refused (no line of sight), before any click; over an accepted hex it invites the click."""
    from game.ui import modes as M
    from game.ui.action_menu import group_options

    b = compound()
    b.get("vasko").hands["left"] = "frag_grenade"
    app, sc = _app(b)
    battle = sc.session.battle
    battle.state["initiative"]["phase"] = "action"
    g = next(g for g in group_options(_throws(battle), None, battle, odds=lambda a: None)
             if g.kind == "throw_grenade")
    mode = M.PickHex(list(g.legal), M.SelectFighter())
    sc.set_mode(mode)
    sc.board.hovered = Hex(12, 10)
    assert "line of sight" in mode.hint(sc) and "(12, 10)" in mode.hint(sc)
    sc.board.hovered = Hex(*g.legal[0].action.to)
    assert "line of sight" not in mode.hint(sc)


def test_s3_shotgun_slug_option_is_named_apart():
    """S3-SHOTGUN (G3-27): Mags's attacks on Petrov with the combat shotgun are told apart in the menu: the slug
    shot says "slug" (it read "combat shotgun" like the usual shot)."""
    from game.ui.describe import variant_label

    b = compound()
    b.get("mags").hex, b.get("petrov").hex = Hex(-2, 11), Hex(3, 11)
    shots = [o.action for o in RS.legal_actions(b, "mags")
             if o.action.type == "attack" and getattr(o.action, "target", None) == "petrov"]
    labels = [variant_label(a, b) for a in shots]
    assert len(labels) == len(set(labels)) >= 3 and any("slug" in x for x in labels), labels


def test_s3_flamer_small_and_large_bursts_are_named_apart():
    """S3-FLAMER-2/5: Torch's two flame options at Petrov read "small burst" and "large burst" (both read
    "Flame thrower")."""
    from game.ui.describe import variant_label

    b = compound()
    b.get("torch").hex, b.get("petrov").hex = Hex(1, 11), Hex(3, 11)
    flames = [o.action for o in RS.legal_actions(b, "torch") if o.action.type == "flame"
              and getattr(o.action, "target", None) == "petrov"]
    labels = {variant_label(a, b) for a in flames}
    assert {"small burst", "large burst"} <= labels, labels


def test_no_tooltip_over_an_aimed_throw_s3_grenade_4():
    """S3-GRENADE-4/5: while a throw is aimed on the map its landing chances are tagged on the hexes; the
    hover tooltip (which said "click: actions", not what a click does here) is not drawn over them."""
    from game.ui import modes as M
    from game.ui.action_menu import group_options

    b = compound()
    g = b.get
    g("vasko").hex, g("petrov").hex = Hex(2, 10), Hex(8, 10)
    g("vasko").hands["left"] = "frag_grenade"
    app, sc = _app(b)
    battle = sc.session.battle
    battle.state["initiative"]["phase"] = "action"
    grp = next(x for x in group_options(_throws(battle), None, battle, odds=lambda a: None)
               if x.kind == "throw_grenade")
    sc.set_mode(M.PickHex(list(grp.legal), M.SelectFighter()))
    pos = tuple(int(v) for v in sc.board.hex_screen_pos(Hex(8, 10)))
    sc.mouse = pos
    sc.board.hovered = Hex(8, 10)
    assert sc.aim.preview(sc)
    calls = []
    sc.tooltip.draw = lambda *a, **k: calls.append(a)
    sc._draw_tooltip(pygame.Surface((1280, 800)))
    assert not calls
    sc.set_mode(M.SelectFighter())  # not aiming: the tooltip is drawn as ever
    sc._draw_tooltip(pygame.Surface((1280, 800)))
    assert calls


def test_a_small_window_pans_to_the_fighter_whose_turn_it_is():
    """At 1024x640 the compound does not fit the board at a readable zoom and opens on its middle, both crews at
    its edges: when a person's fighter gets its turn the board pans so that fighter is on screen."""
    b = compound()
    for s in b.sides:
        s.control = "human"
    app, sc = _app(b, size=(1024, 640))
    for _ in range(5):
        app.step()
    actor = sc.actor
    assert actor is not None
    x, y = sc.board.hex_screen_pos(sc.session.battle.get(actor).hex)
    assert sc.board_rect.collidepoint(x, y), (actor, (x, y), sc.board_rect)
