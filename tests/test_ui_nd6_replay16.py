"""nd6-tactical as a player meets it, second play-through under Xvfb (issue 16, Play): the cantina and the cargo
bay played to the end solo and hotseat. What that play-through found unclear, each fixed and pinned here, driven
through the battle screen with posted pygame events where the UI takes part.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
from ui_fixtures import fresh_ui_dirs  # noqa: E402,F401  (autouse here)

from game.commands._uiargs import load_battle_or_fail  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
HOTSEAT = {"crew": "human", "dockers": "human"}


def cantina():
    """The cantina as a player opens it (maps/cantina_nd6.toml)."""
    return load_battle_or_fail(ROOT / "maps" / "cantina_nd6.toml")


def _app(battle, size=(1280, 800), seat=None):
    app = App(battle, size, clock=FixedClock(16), resizable=False, autosave=False, seat=seat or HOTSEAT)
    app.step()
    return app, app.battle_scene


def _words_drawn(text, draw):
    """The words ``text`` (a TextCache) renders while ``draw()`` runs."""
    text.drawn = []
    try:
        draw()
        return [str(d[0]) for d in text.drawn]
    finally:
        text.drawn = None


def _draws(text, draw, has: str, lacks: str, near: str) -> None:
    """``draw()`` renders a line with ``has`` and none with ``lacks`` (lines with ``near`` shown on failure)."""
    words = _words_drawn(text, draw)
    assert any(has in w for w in words), [w for w in words if near in w]
    assert not any(lacks in w for w in words)


def _key(app, k, mod=0, unicode=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod))
    app.step()


def _settle(app, sc, frames=400):
    """Step until nothing plays (the dice pop-ups and walks of the last action), then past the hotseat
    hand-over screen if one came up."""
    for _ in range(frames):
        if not sc.player.busy:
            break
        app.step()
    for _ in range(5):
        if app.scenes.scenes[-1] is sc:
            return
        _key(app, pygame.K_RETURN, unicode="\r")


def _to_movement(app, sc):
    """Past G3-3's choose slot: the dock gang passes, so the crew moves first."""
    assert sc.session.ctl.initiative().get("phase") == "choose"
    _key(app, pygame.K_SPACE)
    _settle(app, sc)
    assert sc.session.ctl.initiative().get("phase") == "movement"


def test_g3_8_standing_up_is_logged_as_standing_not_none():
    """G3-8: Rook, knocked down, gets up with C in the movement phase; the log's head reads "Rook changes posture
    to standing" (the play-through read "R3 · Rook changes posture to None": a plain intent leaves the default
    posture out)."""
    b = cantina()
    b.get("rook").posture = "prone"
    app, sc = _app(b)
    try:
        _to_movement(app, sc)
        assert sc.session.battle.current == "rook"
        _key(app, pygame.K_c, unicode="c")  # its one change of posture: standing up
        _settle(app, sc)
        assert sc.session.battle.get("rook").posture == "standing"
        heads = [ln.text for ln in sc.log.lines if ln.kind == "head"]
        assert any("Rook changes posture to standing" in h for h in heads), heads
        assert not any("None" in ln.text for ln in sc.log.lines)
    finally:
        app.close()


def _to_action_slot(app, sc, fid, presses=20):
    """Space through the choose slot, every movement and the action slots before ``fid``'s (hotseat)."""
    for _ in range(presses):
        ini = sc.session.ctl.initiative()
        if ini.get("phase") == "action" and sc.session.battle.current == fid:
            return
        _key(app, pygame.K_SPACE)
        _settle(app, sc)
    raise AssertionError(f"{fid}'s action slot never came")


def _hover_entry(app, sc, label):
    """Move the mouse over the open menu's entry whose text starts with ``label``; the words then drawn."""
    entry = next(e for e in sc.mode.menu.entries if e.button and label in e.button.text)
    pos = entry.rect.center
    sc.mouse = pos
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    return _words_drawn(sc.text, lambda: [app.step() for _ in range(3)])


def _next_to(battle, fid, foe):
    """``fid`` moved next to ``foe`` (an open hex), the two facing each other."""
    from game.hexgrid import direction_between, hex_neighbors

    f, o = battle.get(fid), battle.get(foe)
    f.hex = next(h for h in hex_neighbors(o.hex)
                 if battle.board.is_open(h) and not any(x.hex == h for x in battle.fighters))
    f.facing = direction_between(f.hex, o.hex)
    o.facing = direction_between(o.hex, f.hex)


def test_g3_1_bare_handed_attack_hover_names_the_fumble_not_a_weapon():
    """G3-1 with S3-UNARMED-9: Vesh, a bare-handed Master next to Sable, hovers Attack; the menu's sentence says
    a fumble hurts Vesh (1d6), not "to drop or break the weapon" (the play-through's hover, with no weapon in
    either hand); the damage chart of a 1d6+1 blow says every value is as likely ("most likely 2" of six equal
    columns before)."""
    b = cantina()
    _next_to(b, "vesh", "sable")
    app, sc = _app(b)
    try:
        _to_action_slot(app, sc, "vesh")
        pos = tuple(int(v) for v in sc.board.token_screen_pos("sable"))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
        app.step()
        words = " ".join(_hover_entry(app, sc, "Attack"))
        assert "1% to fumble and take 1d6 yourself ( S3-UNARMED-9 )" in words, words  # the rule ID is a link
        assert "drop or break" not in words
        assert "each from 2 to 7 as likely" in words and "most likely" not in words
    finally:
        app.close()


def test_s3_improv_9_brass_knuckles_hover_has_no_drop():
    """S3-IMPROV-9: brass knuckles cannot be dropped, so Rook's hover names no drop or break at all (a 17 with
    them is only a miss; the play-through's hover said "1% to drop or break the weapon")."""
    from game.rules.nd6.wording import odds_words
    from game.ui.describe import ruleset_of

    b = cantina()
    _next_to(b, "rook", "grub")
    rs = ruleset_of(b)
    act = next(o.action for o in rs.legal_actions(b, "rook")
               if o.action.type == "attack" and o.action.target == "grub" and o.action.item == "")
    text = odds_words(b, act, rs.odds(b, act), "Grub")
    assert text.startswith("62% to hit Grub") and "drop" not in text and "fumble" not in text, text


def _pointer_seen(app, sc, fid) -> float:
    """The share of ``fid``'s facing pointer (its fill colour inside the arrowhead's box) showing on screen."""
    from game.ui.tokens import POINTER_FILL

    shot = app.draw()
    f = sc.session.battle.get(fid)
    sx, sy = sc.board.token_screen_pos(fid)
    p = next(p for p in sc.board.tokens.placements(sc.session.battle) if p.fighter_id == fid)
    r = max(4, int(p.radius * sc.board.camera.zoom))
    ux, uy = sc.board.geometry.direction_vector(f.facing)
    pts = [(sx + ux * r * 1.7, sy + uy * r * 1.7)]  # the arrowhead from the body's edge (tokens.pointer_points)
    pts += [(sx + ux * r * 0.9 + k * uy * r * 0.27, sy + uy * r * 0.9 - k * ux * r * 0.27) for k in (1, -1)]
    box = pygame.Rect(min(x for x, _ in pts), min(y for _, y in pts), 0, 0)
    box.width, box.height = int(max(x for x, _ in pts) - box.x) + 1, int(max(y for _, y in pts) - box.y) + 1
    seen = sum(1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
               if tuple(shot.get_at((x, y)))[:3] == POINTER_FILL)
    return seen / (0.5 * 0.54 * r * 0.8 * r)  # of the arrowhead's area (base 0.54 r, height 0.8 r)


def test_g3_5_facing_pointer_shows_past_the_health_bar_and_the_badges():
    """G3-5 (front, side and rear hexes) at a glance: a fighter facing south-east (Vesh) has its pointer under
    its health bar no more, and one facing north-west while dodging (Grub) under its DODGE badge no more; the
    play-through at 1280x800 saw neither pointer (S3-HTH-4: from the rear hex, HTH may be tried)."""
    b = cantina()
    app, sc = _app(b)
    try:
        geo = sc.board.geometry
        down = next(i for i in range(6) if geo.direction_vector(i)[1] > 0.5)
        up = next(i for i in range(6) if geo.direction_vector(i)[1] < -0.5)
        sc.session.battle.get("vesh").facing = down
        grub = sc.session.battle.get("grub")
        grub.facing = up
        grub.conditions.append("dodging")
        app.step()
        assert _pointer_seen(app, sc, "vesh") > 0.45  # 0.17 under the bar before
        assert _pointer_seen(app, sc, "grub") > 0.45  # 0.0 under DODGE before
        top, bottom, crowded = sc.board.tokens.extents["vesh"]
        assert not crowded and bottom > sc.board.token_screen_pos("vesh")[1]
    finally:
        app.close()


def _badge_rows(app, sc):
    app.draw()
    return {what.split(":", 1)[1]: r for what, r in sc.board.tokens.layout.labels if what.startswith("badges:")}


def test_g3_4_two_dodgers_side_by_side_have_badges_apart():
    """G3-4 (dodge): Grub and Nix, side by side in the dock gang's line, both dodge; their DODGE badges no longer
    overlap (the play-through read "DODGEDODGE", one cut by the other), and each sits above its own token."""
    from game.hexgrid import hex_distance

    b = cantina()
    grub, nix = b.get("grub"), b.get("nix")
    assert hex_distance(grub.hex, nix.hex) == 1  # the start line (maps/cantina_nd6.toml)
    for f in (grub, nix):
        f.conditions.append("dodging")
    app, sc = _app(b)
    try:
        rows = _badge_rows(app, sc)
        assert not rows["grub"].colliderect(rows["nix"])
        for fid in ("grub", "nix"):
            sx, sy = sc.board.token_screen_pos(fid)
            assert rows[fid].bottom <= sy and rows[fid].left - 2 <= sx <= rows[fid].right + 2
    finally:
        app.close()


def test_s3_hth_7_a_brawlers_badge_leaves_the_other_brawlers_seen():
    """S3-HTH-7: a brawl of three (Marlo and Vesh of the crew above, Hask below) with Hask dodging: Hask's badge
    no longer lies over the two crew tokens above it (the play-through saw DODGE where Marlo and Vesh were),
    it goes beside the brawl's hex."""
    b = cantina()
    hask = b.get("hask")
    for fid in ("marlo", "vesh"):
        b.get(fid).hex = hask.hex
    for fid in ("marlo", "vesh", "hask"):
        b.get(fid).conditions.append("in_hth")
        b.get(fid).posture = "prone"
    hask.conditions.append("dodging")
    app, sc = _app(b)
    try:
        row = _badge_rows(app, sc)["hask"]
        for fid in ("marlo", "vesh"):
            sx, sy = sc.board.token_screen_pos(fid)
            assert not row.collidepoint(int(sx), int(sy)), fid
    finally:
        app.close()


def _hover_hex(app, sc, h):
    """The mouse over hex ``h``; the words drawn in the next frames."""
    pos = tuple(int(v) for v in sc.board.hex_screen_pos(h))
    sc.text.drawn, app.text.drawn = [], []  # the screen's words and the board's (the route's label)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(3):
        app.step()
    words = [str(d[0]) for d in sc.text.drawn + app.text.drawn]
    sc.text.drawn = app.text.drawn = None
    return words


def test_g3_4_the_route_says_hexes_walked_and_when_no_attack_follows():
    """G3-4 with GX-5: in the movement phase Rook's route to (4, 10) crosses a table, so it reads "5 hexes,
    costs 6" (the log then says "moves 5 hexes"; the play-through's route said "6 hexes"), and a walk of 6
    hexes, more than half Vesh's MOV of 10, says "no attack this round" on the map (the play-through walked
    the whole crew into contact, 6 hexes each, and none of them could strike), and no name lies over it (under
    Xvfb Rook's name covered "no attack this round")."""
    from game.hexgrid import Hex

    b = cantina()
    app, sc = _app(b)
    try:
        _to_movement(app, sc)
        assert sc.session.battle.current == "rook" and sc.session.battle.get("rook").hex == Hex(4, 5)
        words = _hover_hex(app, sc, Hex(4, 10))
        # the route's label (then the walk's band: Ruleset.move_band, tests/test_ui_move_bands.py)
        assert any(w.startswith("5 hexes, costs 6") for w in words), [w for w in words if "hex" in w]
        assert "click: move here (5 hexes, costs 6)" in words  # and the hex's tooltip alike
        pos = tuple(int(v) for v in sc.board.hex_screen_pos(Hex(4, 10)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
        app.step()
        _settle(app, sc)
        assert sc.session.battle.current == "vesh" and sc.session.battle.get("rook").hex == Hex(4, 10)
        words = _hover_hex(app, sc, Hex(3, 10))  # Vesh next to Sable, 6 hexes; Rook's name close by
        assert any(w.startswith("6 hexes \u00b7") and "no attack" in w for w in words), [w for w in words if "hex" in w]
        app.draw()
        placed = sc.board.tokens.layout.labels
        route = next(r for what, r in placed if what == "route")
        names = [(what, r) for what, r in placed if what.startswith("name:")]
        assert names and not [what for what, r in names if r.colliderect(route)]  # a name lay over it before
    finally:
        app.close()


def test_g3_3_the_acting_fighters_chip_keeps_its_whole_name():
    """G3-3 (who acts now): at 1280x800 the eight chips of the cantina are narrow; the acting fighter's name is
    set a size smaller rather than cut (the play-through's bar read "Mar..." for Marlo on his turn)."""
    app, sc = _app(cantina())
    try:
        _to_action_slot(app, sc, "grub")  # everyone passes up to Grub's action, the last but one of round 1
        sc.text.fits = []  # the bar is drawn anew when the turn passes (its picture is kept meanwhile)
        _key(app, pygame.K_SPACE)
        _settle(app, sc)
        assert sc.session.battle.current == "marlo"
        named = [(shown, was_cut) for text, shown, _, was_cut in sc.text.fits if text == "Marlo"]
        sc.text.fits = None
        assert named and not any(was_cut for _, was_cut in named), named
    finally:
        app.close()


def test_ctrl_q_quits_from_the_end_screen():
    """The keys table's Ctrl+Q ("quit the game") answers on the end screen too (the play-through's cantina
    ended and Ctrl+Q did nothing there, nor on "What happened?")."""
    from game.ui.menus.end_screen import EndScreen
    from game.ui.scene import Transition

    app, sc = _app(cantina())
    try:
        app.scenes.apply(Transition("push", EndScreen(app, sc)), app.size)
        app.step()
        assert app.running
        _key(app, pygame.K_q, mod=pygame.KMOD_LCTRL)
        assert not app.running
    finally:
        app.close()


def test_g3_8_a_click_on_a_foe_after_getting_up_says_why_nothing():
    """G3-8 (getting up takes the round) with G3-3: Rook, knocked down next to Sable, gets up in the movement
    phase; his action slot has nothing in it but a pass, so it passes by itself and the log says so in one line
    (game.flow.idle; the play-through's toast read only "Rook has nothing to do to Sable now.")."""
    b = cantina()
    _next_to(b, "rook", "sable")
    b.get("rook").posture = "prone"
    app, sc = _app(b)
    try:
        _to_movement(app, sc)
        _key(app, pygame.K_c, unicode="c")
        _settle(app, sc)
        def passed() -> bool:
            return any(ln.text.startswith("Nothing to do in the action phase:") and "Rook" in ln.text
                       for ln in sc.log.lines if ln.kind == "note")

        for _ in range(20):
            if passed():
                break
            ini = sc.session.ctl.initiative()
            assert not (ini.get("phase") == "action" and sc.session.battle.current == "rook")
            _key(app, pygame.K_SPACE)
            _settle(app, sc)
        assert passed(), [ln.text for ln in sc.log.lines if ln.kind == "note"]
    finally:
        app.close()


def test_g3_3_space_in_the_choose_slot_logs_who_moves_first():
    """G3-3: the dock gang's player presses Space in its choose slot (hotseat); the log and the hand-over say
    the choice that pass makes, "Grub chooses: The Dock Gang moves second" and that the crew moves first (the
    play-through's log and hand-over read only "Grub does nothing")."""
    app, sc = _app(cantina())
    try:
        _to_movement(app, sc)
        heads = [ln.text for ln in sc.log.lines if ln.kind == "head"]
        assert any("Grub chooses: The Dock Gang moves second" in h for h in heads), heads
        assert not any("does nothing" in ln.text for ln in sc.log.lines)
        assert any("The Kestrel's Crew move first" in ln.text for ln in sc.log.lines)
        assert sc.session.battle.current == "rook"
    finally:
        app.close()


def test_settings_dropdown_words_are_not_cut_at_their_left_edge():
    """The settings screen's drop-downs set their words in from the edge (theme): under Xvfb the open lists read
    "very human's turn", "ever" and "low" (pygame-gui's plain drop-down buttons have no padding)."""
    from game.ui.menus.settings_menu import SettingsMenu
    from game.ui.scene import Transition
    from game.ui.settings import Settings

    app = App(None, (1280, 800), clock=FixedClock(16), settings=Settings())
    try:
        menu = SettingsMenu(app)
        app.scenes.apply(Transition("push", menu), app.size)
        app.step()
        dd = next(d for d, key in menu.dropdowns.items() if key == "handover")
        dd.current_state.finish()
        dd.current_state = dd.menu_states["expanded"]
        dd.current_state.start()
        app.step()
        items = [i["button_element"] for i in dd.current_state.options_selection_list.item_list if i["button_element"]]
        assert items and all(b.text_horiz_alignment_padding >= 6 for b in items)
        assert dd.current_state.selected_option_button.text_horiz_alignment_padding >= 6
    finally:
        app.close()


def test_s3_subdue_3_the_subduer_panel_and_the_held_badge_in_words():
    """S3-SUBDUE-3: Rook (brass knuckles) subdues Grub inside their brawl (as played under Xvfb): Rook's panel
    reads "gripping Grub (and brass knuckles)", not the item's id "brass_knuckles", and Grub wears one badge,
    SUBD, not SUBD and HELD for the same hold."""
    from game.dice import ScriptedDice
    from game.rules.nd6 import martial
    from game.ui.marks import badges_of

    b = cantina()
    rook, grub = b.get("rook"), b.get("grub")
    rook.hex = grub.hex
    for f in (rook, grub):
        f.conditions.append("in_hth")
        f.posture = "prone"
    act = martial.Subdue(actor="rook", target="grub")
    assert act.check(b) is None
    act.resolve(b, ScriptedDice([1, 1, 2, 6, 6, 5]))  # Rook makes it by far, Grub fails
    assert "subdued" in grub.conditions
    assert [letters for letters, _, _ in badges_of(b, grub)] == ["SUBD"]
    app, sc = _app(b)
    try:
        sc.panel._key = None
        app.board.selected = "rook"
        _draws(sc.text, app.step, "gripping Grub (and brass knuckles)", "brass_knuckles", near="hand")
    finally:
        app.close()


def test_s3_hth_15_a_brawl_of_three_keeps_its_tag_and_its_members_in_sight():
    """S3-HTH-15 (joining needs no roll), as played under Xvfb at 1920x1080: Sable joins Rook and Grub, whom
    Rook holds subdued; the BRAWL 3 tag stays in sight (SUBD and HELD covered it) and no badge row lies over
    a brawler's token."""
    from game.dice import ScriptedDice
    from game.rules.nd6 import martial

    b = cantina()
    rook, grub, sable = b.get("rook"), b.get("grub"), b.get("sable")
    for f in (rook, sable):
        f.hex = grub.hex
    for f in (rook, grub, sable):
        f.conditions.append("in_hth")
        f.posture = "prone"
    martial.Subdue(actor="rook", target="grub").resolve(b, ScriptedDice([1, 1, 2, 6, 6, 5]))
    assert "subdued" in grub.conditions
    for size in ((1920, 1080), (1280, 800)):
        app, sc = _app(b, size)
        try:
            app.draw()
            placed = dict(sc.board.tokens.layout.labels)
            tag = next(r for what, r in placed.items() if what.startswith("brawl:"))
            rows = {what.split(":", 1)[1]: r for what, r in placed.items() if what.startswith("badges:")}
            assert not rows["grub"].colliderect(tag), (size, rows["grub"], tag)
            for fid in ("rook", "grub", "sable"):
                x, y = sc.board.token_screen_pos(fid)
                assert not any(r.collidepoint(int(x), int(y)) for r in rows.values()), (size, fid)
        finally:
            app.close()


def test_g3_2_equal_margins_read_as_the_defender_holding():
    """G3-2 (opposed rolls: ties keep the status quo): Vesh's knockdown made by 7 against Grub's resistance
    made by 7 reads "equal margins: Grub holds" in the log (under Xvfb "... made it by 7; ... made it by 7 —
    Sable wins" read like a mistake); a real win still reads "wins"."""
    from game.dice import ScriptedDice
    from game.hexgrid import direction_between
    from game.rules.nd6 import martial
    from game.ui.describe import contest_line

    b = cantina()
    _next_to(b, "vesh", "grub")
    vesh, grub = b.get("vesh"), b.get("grub")
    vesh.facing = direction_between(vesh.hex, grub.hex)
    ev = next(e for e in martial.Knockdown(actor="vesh", target="grub").resolve(b, ScriptedDice([4, 4, 3, 2, 2, 2]))
              if e.get("type") == "contest")
    assert [r["margin"] for r in ev["rolls"]] == [7, 7]
    line = contest_line(b, ev)
    assert line.endswith("\u2014 equal margins: Grub holds") and "Grub wins" not in line, line
    b2 = cantina()
    _next_to(b2, "vesh", "grub")
    ev2 = next(e for e in martial.Knockdown(actor="vesh", target="grub").resolve(b2, ScriptedDice([2, 2, 2, 4, 4, 3]))
               if e.get("type") == "contest")
    assert contest_line(b2, ev2).endswith("\u2014 Vesh wins")


def test_s3_ma_8_the_log_says_why_five_dice():
    """S3-MA-8: Vesh strikes at Sable, a Master who dodges; the log line (and the hand-over recap, which reads
    it) says why five dice: "... rolled 26 (6+4+6+4+6), automatic miss, Sable is a Martial Arts Master dodging:
    5d6 (S3-MA-8)" (under Xvfb the pop-up said it for a moment; the log and the recap did not)."""
    from game.dice import ScriptedDice
    from game.rules.nd6 import actions as A
    from game.ui.describe import roll_line

    b = cantina()
    _next_to(b, "vesh", "sable")
    b.get("sable").conditions.append("dodging")
    events = A.Attack(actor="vesh", target="sable", item=None).resolve(b, ScriptedDice([6, 4, 6, 4, 6, 1, 1]))
    roll = next(e for e in events if e.get("type") == "roll")
    line = roll_line(b, roll)
    assert "rolled 26 (6+4+6+4+6), automatic miss, Sable is a Martial Arts Master dodging: 5d6 (S3-MA-8)" in line, line


def test_g3_7_a_click_on_a_lit_hex_where_a_foe_lies_dead_walks_there():
    """G3-7 (out of the fight): in the movement phase a click on a lit hex where a dead foe lies walks there
    (under Xvfb the click went to the body and said "Marlo has nothing to do to Hask now")."""
    from game.hexgrid import Hex

    b = cantina()
    grub = b.get("grub")
    grub.hex, grub.hp, grub.posture = Hex(4, 7), -4, "prone"
    grub.conditions.append("dead")
    app, sc = _app(b)
    try:
        _to_movement(app, sc)
        assert sc.session.battle.current == "rook" and Hex(4, 7) in sc.reach
        pos = tuple(int(v) for v in sc.board.token_screen_pos("grub"))
        assert sc.board.fighter_at_screen(pos) == "grub"
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
        app.step()
        _settle(app, sc)
        assert sc.session.battle.get("rook").hex == Hex(4, 7)
    finally:
        app.close()


def test_the_end_screen_names_what_each_did_as_the_menus_do():
    """The end screen's line under each fighter names the actions as the menus title them ("choose who moves
    first x1"), not by their type ids (under Xvfb: "move order x3", "hth x1")."""
    from game.ui.menus.end_screen import EndScreen
    from game.ui.scene import Transition

    app, sc = _app(cantina())
    try:
        _to_movement(app, sc)  # Grub's choice is logged (G3-3)
        app.scenes.apply(Transition("push", EndScreen(app, sc)), app.size)
        _draws(app.text, app.draw, "choose who moves first \u00d71", "move order", near="\u00d7")
    finally:
        app.close()


def test_s3_hth_2_the_g_key_on_a_downed_foe_tries_hand_to_hand_at_once():
    """S3-HTH-2 (a foe on the ground is open to HTH): with the mouse over Grub, down next to Rook, the G key
    tries hand-to-hand at once, as G does in the open menu (under Xvfb it opened "Hand-to-hand: pick one"
    with one row to pick)."""
    from game.ui import modes as M

    b = cantina()
    _next_to(b, "rook", "grub")
    b.get("grub").posture = "prone"
    app, sc = _app(b)
    try:
        _to_action_slot(app, sc, "rook")
        pos = tuple(int(v) for v in sc.board.token_screen_pos("grub"))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.step()
        _key(app, pygame.K_g, unicode="g")
        assert not isinstance(sc.mode, M.Menu)
        _settle(app, sc)
        assert any(e.get("intent", {}).get("type") == "hth" for e in sc.session.battle.log)
    finally:
        app.close()


def test_s3_pole_2_a_charge_onto_a_set_pole_arm_says_so():
    """S3-POLE-2 (ruling ND6-9): in the cargo bay Brandt sets his pole arm against a charge; Hiro's "Charge and
    attack" on him says, in the menu's hover, that the pole arm strikes first at +2 DX for double damage (under
    Xvfb the hover said nothing of it and nothing on the board showed it); a charge on Kasumi, who set nothing,
    says nothing of it."""
    from game.dice import ScriptedDice
    from game.hexgrid import Hex
    from game.rules.nd6 import weapons
    from game.ui.describe import ruleset_of

    b = load_battle_or_fail(ROOT / "maps" / "cargo_bay_nd6.toml")
    brandt, hiro, kasumi = b.get("brandt"), b.get("hiro"), b.get("kasumi")
    brandt.hex, brandt.facing = Hex(5, 8), 0
    kasumi.hex, kasumi.facing = Hex(9, 4), 3
    hiro.hex, hiro.facing = Hex(11, 7), 3
    weapons.SetVsCharge(actor="brandt").resolve(b, ScriptedDice([]))
    rs = ruleset_of(b)
    charges = {o.action.target: o.action for o in rs.legal_actions(b, "hiro") if o.action.type == "charge"}
    on_brandt = rs.presentation.action_words(b, charges["brandt"])
    assert any("pole arm is set against a charge: it strikes you first, +2 DX and double damage (S3-POLE-2)" in n
               for n in on_brandt.notes), on_brandt.notes
    assert not any("pole arm" in n for n in rs.presentation.action_words(b, charges["kasumi"]).notes)
    # the charge in the movement phase, its blow in Hiro's action slot: the attack's hover says it too
    path = charges["brandt"].path
    hiro.hex = Hex(*path[-1])  # as the charge leaves it in the movement phase (actions.Charge, G3-3)
    hiro.counters["charge"] = {"round": b.round, "target": "brandt", "path": [list(h) for h in path]}
    blow = next(o.action for o in rs.legal_actions(b, "hiro") if o.action.type == "attack"
                and o.action.target == "brandt")
    assert any("strikes you first" in n for n in rs.presentation.action_words(b, blow).notes)


def test_s3_pole_2_the_last_action_card_keeps_the_set_pole_arms_roll_whole():
    """S3-POLE-2: the last action's card names the roll of a pole arm set against a charge whole, "Brandt, set
    against the charge at Hiro: DX: SUCCESS..." (under Xvfb it read "...at Hiro: D...: SUCCESS"); a longer label
    is kept whole too, the card wrapping its lines (issue: no text cut off)."""
    from game.ui.last_action import LastAction

    b = load_battle_or_fail(ROOT / "maps" / "cargo_bay_nd6.toml")
    roll = {"type": "roll", "actor": "brandt", "label": "set against the charge: DX", "rule": "S3-POLE-2",
            "target": 12, "dice": [4, 2, 6], "total": 12, "success": True, "margin": 0, "target_id": "hiro"}
    card = LastAction()
    card.show([roll], "hiro", "Hiro: attack Brandt")
    words, _ = card._line(b, roll)
    assert words.startswith("Brandt, set against the charge at Hiro: DX: SUCCESS"), words
    long = dict(roll, label="set against the charge of a very long named foe: DX")
    words, _ = card._line(b, long)
    assert words.startswith("Brandt, set against the charge of a very long named foe at Hiro: DX: SUCCESS"), words
