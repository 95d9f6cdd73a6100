"""The action menu's greyed rows say why (playtest of the d20 arena, headless by posted events).

An unarmed fighter's Attack read "[X] Attack  (not now)" where the rules' reason was that it had no weapon, and
the attack list folded its refused variants into "2 more: not allowed", which told a new player nothing.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_fixtures import ROOT, click, fresh_ui_dirs, new_app  # noqa: E402, F401

D20 = ROOT / "maps" / "arena_d20.toml"
pytestmark = pytest.mark.skipif(not D20.is_file(), reason="maps/arena_d20.toml is missing")


def _menu_on_foe(hands: dict):
    """The d20 arena's first fighter with ``hands``, a foe in front of it, in the hand-to-hand phase; the menu
    opened by a click on the foe (the app, the menu and the fighter)."""
    import game.rules  # noqa: F401  (registers every ruleset)
    from game.commands._uiargs import load_battle_or_fail
    from game.hexgrid import hex_neighbor
    from game.ui import modes as M

    b = load_battle_or_fail(D20)
    for s in b.sides:
        s.control = "human"
    app = new_app(b, resizable=False, autosave=False)
    app.step()
    sc = app.battle_scene
    b = sc.session.battle
    me = b.get(sc.actor)
    me.hands.clear()
    me.hands.update(hands)
    foe = next(f for f in b.fighters if f.side != me.side)
    foe.hex = hex_neighbor(me.hex, me.facing)
    ini = b.state.get("initiative") or {}
    ini.update(phase="hand-to-hand", slot=[me.id, ini.get("count"), "hand-to-hand"],
               step=[ini.get("count"), "hand-to-hand"])  # S4-PHASE-1: the blows of this initiative number
    sc.option_cache.key = None
    click(app, sc.board.token_screen_pos(foe.id))
    assert isinstance(sc.mode, M.Menu), sc.mode
    return app, sc.mode.menu, me


def test_s4_brawl_1_an_unarmed_attack_row_says_no_weapon_not_not_now():
    """S4-BRAWL-1: bare-handed, the Attack row reads the rules' reason (use brawl), not "(not now)"; a reason too
    long for the row (a phase's) says to hover for it."""
    app, menu, me = _menu_on_foe({})
    try:
        row = next(e for e in menu.entries if e.kind == "group" and e.group.kind == "attack")
        assert not row.button.enabled
        assert row.button.text.endswith("(No weapon in hand: use brawl)"), row.button.text
        charge = next(e for e in menu.entries if e.kind == "group" and e.group.kind == "charge")
        # its phase's reason is too long for the row: words that fit, uncut (hover for why)
        assert charge.button.text.endswith(("(not allowed now)", "(not now)")), charge.button.text
    finally:
        app.close()
        pygame.event.clear()


def test_s4_twoweapon_3_folded_refusals_say_their_shared_reason():
    """S4-TWOWEAPON-3: with a club alone, the attack list's two refused variants (two weapon, off hand only)
    fold into one row that says why, not "2 more: not allowed"; its hover still names them."""
    app, menu, me = _menu_on_foe({"right": "club"})
    try:
        menu.open_kind("attack")  # as its key X does
        assert menu.level is not None and menu.level.kind == "attack"
        folds = [e for e in menu.entries if e.kind == "fold" and len(e.folded) > 1]
        assert folds, [e.button.text for e in menu.entries]
        texts = [e.button.text for e in folds]
        assert all(not t.endswith(": not allowed") for t in texts), texts
        reasons = {e.folded[0].reason.text.rstrip(".") for e in folds}
        assert any(f"{len(e.folded)} more: {e.folded[0].reason.text.rstrip('.')}" == e.button.text for e in folds)
        assert any("off-hand weapon" in r for r in reasons), reasons
        said = " ".join(t for t, _, _ in menu.info_lines(folds[0]))
        assert "two weapon" in said and "off hand only" in said, said
    finally:
        app.close()
        pygame.event.clear()
