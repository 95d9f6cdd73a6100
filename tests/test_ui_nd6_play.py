"""nd6-tactical as a player meets it (issue 16, Play): what the play-through under Xvfb of the cantina and
the cargo bay found confusing, each fixed and pinned here.

Events are the ones the nd6 rules post when the action is played on scripted faces
(``game.dice.ScriptedDice``); the words are the ones the combat log and the hotseat hand-over show.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
from nd6_helpers import battle_of, of_type, play  # noqa: E402
from ui_fixtures import fresh_ui_dirs  # noqa: E402,F401  (autouse here)

from game.commands._uiargs import load_battle_or_fail  # noqa: E402
from game.dice import ScriptedDice  # noqa: E402
from game.hexgrid import direction_between, hex_neighbors  # noqa: E402
from game.rules.nd6 import martial as M  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board_tooltip import fighter_lines  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.describe import contest_line, event_line, ruleset_of  # noqa: E402
from game.ui.geometry import MapGeometry  # noqa: E402
from game.ui.palette import palette  # noqa: E402
from game.ui.roll_breakdown import RollBreakdown  # noqa: E402
from game.ui.text import TextCache  # noqa: E402
from game.ui.tokens import DOWN_IN_BRAWL, TokenLayer  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def cantina():
    """The cantina as a player opens it (maps/cantina_nd6.toml), fighters by id."""
    battle = load_battle_or_fail(ROOT / "maps" / "cantina_nd6.toml")
    return battle, {f.id: f for f in battle.fighters}


def test_cantina_has_one_master_a_side_mirrored():
    """S3-MA-9 on the board: each side of the cantina has one Martial Arts Master (MA 5), built alike."""
    _, b = cantina()
    masters = {f.side: (f.stats["ST"], f.stats["DX"], f.stats["IQ"]) for f in b.values() if f.stats.get("MA") == 5}
    assert set(masters) == {"crew", "dockers"}
    assert masters["crew"] == masters["dockers"]


def test_s3_knock_2_contest_line_names_the_defender_once():
    """S3-KNOCK-2: the knockdown's opposed roll (G3-2) read in the log and the hand-over names the defender
    once ("Grub resists"), not "Grub Grub resists" as the play-through showed."""
    battle, b = cantina()
    vesh, grub = b["vesh"], b["grub"]
    vesh.hex = next(h for h in hex_neighbors(grub.hex)
                    if battle.board.is_open(h) and not any(o.hex == h for o in battle.fighters))
    vesh.facing = direction_between(vesh.hex, grub.hex)
    act = M.Knockdown(actor="vesh", target="grub")
    assert act.check(battle) is None
    r_events = act.resolve(battle, ScriptedDice([6, 6, 6, 3, 3, 3]))
    contest = of_type(r_events, "contest")[0]
    line = contest_line(battle, contest)
    assert "Grub Grub" not in line
    assert "Grub: resists" in line and "Vesh: knock down" in line  # the pop-up's title form


def auto_failed_knockdown():
    """The knockdown the play-through showed: Vesh (eDX 13, Master +5 = 18) rolls 16, an automatic failure
    under S3-KNOCK-4 though 2 under the target; Grub rolls 11 against eST 13."""
    battle, b = cantina()
    vesh, grub = b["vesh"], b["grub"]
    vesh.hex = next(h for h in hex_neighbors(grub.hex)
                    if battle.board.is_open(h) and not any(o.hex == h for o in battle.fighters))
    vesh.facing = direction_between(vesh.hex, grub.hex)
    events = M.Knockdown(actor="vesh", target="grub").resolve(battle, ScriptedDice([6, 5, 5, 4, 4, 3]))
    return battle, of_type(events, "contest")[0]


def test_s3_knock_4_log_says_automatic_failure_not_missed_by():
    """S3-KNOCK-4: a 16 fails whatever the target; the log line says "rolled 16: automatic failure", not
    "missed by 2" (the play-through's log read "missed by 2" for a 16 needing 18 or less)."""
    battle, contest = auto_failed_knockdown()
    vesh_roll = contest["rolls"][0]
    assert (vesh_roll["total"], vesh_roll["target"], vesh_roll["success"]) == (16, 18, False)
    line = contest_line(battle, contest)
    assert "Vesh: knock down: eDX, rolled 16: automatic failure" in line
    assert "missed by" not in line and "Grub: resists: eST, made it by 2" in line


def test_s3_knock_4_breakdown_does_not_call_16_against_18_too_high():
    """S3-KNOCK-4: the breakdown of that contest says 16 is within 18 yet fails, never "2 too high"."""
    battle, contest = auto_failed_knockdown()
    pygame.display.set_mode((1280, 800))
    text = TextCache()
    text.drawn = []
    bd = RollBreakdown(contest, battle, text, palette("dark"))
    bd.draw(pygame.Surface((1280, 800)))
    words = " ".join(str(d[0]) for d in text.drawn)
    assert "too high" not in words
    assert "16 against 18: within the target (2 to spare), yet it fails all the same." in words


def test_s3_hth_7_brawl_condition_reads_hand_to_hand_in_the_log():
    """S3-HTH-7: entering and leaving a brawl read "Rook is in hand-to-hand" / "is out of hand-to-hand" in the
    log and the hand-over (the play-through showed "Rook is in hth"); other conditions keep their words."""
    battle, _ = cantina()
    assert event_line(battle, {"type": "condition", "target": "rook", "add": "in_hth"}) == "Rook is in hand-to-hand"
    assert event_line(battle, {"type": "condition", "target": "rook", "remove": "in_hth"}) == \
        "Rook is out of hand-to-hand"
    assert event_line(battle, {"type": "condition", "target": "rook", "add": "stunned"}) == "Rook is stunned"


def brawl_of_three():
    """Rook (crew) entered Grub's hex and Hask (dock gang) joined, as played under Xvfb: all three down, in_hth."""
    battle, b = cantina()
    for fid in ("rook", "hask"):
        b[fid].hex = b["grub"].hex
    for fid in ("rook", "hask", "grub"):
        b[fid].conditions.append("in_hth")
        b[fid].posture = "prone"
    return battle


BADGE_INK = (240, 214, 120)  # the P badge's fill (tokens.py)


def _has_colour(surf: pygame.Surface, colour: tuple[int, int, int]) -> bool:
    w, h = surf.get_size()
    return any(tuple(surf.get_at((x, y)))[:3] == colour for x in range(w) for y in range(h))


def test_s3_hth_10_small_brawlers_keep_their_letter_no_p_badge():
    """S3-HTH-10: everyone in a brawl is down; on a token too small for it (the brawl of three at 1280x800)
    the P badge is left off, since it covered the letter; a larger brawler keeps it."""
    pygame.display.set_mode((320, 200))
    layer = TokenLayer(MapGeometry.of(cantina()[0].board), TextCache())
    small, _ = layer.image(shape="circle", colour=(46, 134, 222), letter="R", facing=0, posture=DOWN_IN_BRAWL,
                           radius_px=7)
    big, _ = layer.image(shape="circle", colour=(46, 134, 222), letter="R", facing=0, posture=DOWN_IN_BRAWL,
                         radius_px=20)
    assert not _has_colour(small, BADGE_INK)
    assert _has_colour(big, BADGE_INK)


def test_s3_hth_7_tooltip_says_in_hand_to_hand():
    """S3-HTH-7: the tooltip over a brawler reads "in hand-to-hand" (the play-through read "in hth")."""
    app = App(brawl_of_three(), (1280, 800), clock=FixedClock(16), resizable=False, autosave=False,
              seat={"crew": "human", "dockers": "human"})
    lines = fighter_lines(app.battle_scene.session, "rook", None, list)
    assert "in hand-to-hand" in lines[1] and "hth" not in lines[1]


def panel_words(app, fid):
    """Every string drawn in the frame that shows ``fid``'s fighter panel (selected, the panel redrawn)."""
    sc = app.battle_scene
    sc.text.drawn = []
    sc.panel._key = None
    app.board.selected = fid
    app.step()
    words = [d[0] for d in sc.text.drawn]
    sc.text.drawn = None
    return words


def test_s3_hth_7_fighter_panel_names_the_brawl_in_words():
    """S3-HTH-7: the fighter panel's condition row reads "in hand-to-hand" beside its HTH badge (the
    play-through showed the id "in_hth")."""
    app = App(brawl_of_three(), (1280, 800), clock=FixedClock(16), resizable=False, autosave=False,
              seat={"crew": "human", "dockers": "human"})
    words = panel_words(app, "grub")
    assert "in hand-to-hand" in words and "in_hth" not in words


def test_g3_6_a_blow_lands_on_the_body_not_the_torso():
    """G3-6: nd6 has no hit locations, so the log's damage line says "to the body" (the play-through read
    "Rook takes 3 injury (3 crushing) to the torso")."""
    b = battle_of([
        {"id": "grub", "side": "blue", "hex": [2, 2], "facing": 0, "stats": {"ST": 13, "DX": 11, "IQ": 9}},
        {"id": "rook", "side": "red", "hex": [3, 2], "facing": 3, "stats": {"ST": 13, "DX": 11, "IQ": 9}},
    ])
    events = play(b, {"type": "attack", "actor": "grub", "target": "rook", "item": None}, [1, 4, 1, 2],
                  all_used=False)
    dmg = of_type(events, "damage")[0]
    assert dmg["location"] == "body"
    line = event_line(b, dmg)
    assert "to the body" in line and "torso" not in line


def test_s3_ma_6_the_attack_hover_names_five_dice_against_a_defending_master():
    """S3-MA-6: Sable strikes at Vesh, a Master who defends: the menu's hover says 5d6 under the adjusted DX
    and why (the play-through's hover said "3d6 (more dice if Vesh defends...)" for a 15% blow)."""
    battle, b = cantina()
    vesh, sable = b["vesh"], b["sable"]
    sable.hex = next(h for h in hex_neighbors(vesh.hex)
                     if battle.board.is_open(h) and not any(o.hex == h for o in battle.fighters))
    sable.facing = direction_between(sable.hex, vesh.hex)
    vesh.facing = direction_between(vesh.hex, sable.hex)
    vesh.conditions.append("defending")
    rs = ruleset_of(battle)
    act = next(o.action for o in rs.legal_actions(battle, "sable")
               if o.action.type == "attack" and getattr(o.action, "target", "") == "vesh")
    does = rs.presentation.action_words(battle, act).does
    assert "5d6 under your adjusted DX 13" in does, does
    assert "Martial Arts Master defending: 5d6 (S3-MA-6)" in does


def test_g3_7_the_end_screen_names_st_not_hp():
    """G3-7: at the end of an nd6 battle the results table's "Now" column counts ST ("dead, ST -2/12"), as
    the panel and the tooltip do; a brawler reads "in hand-to-hand" (the play-through's end screen said "HP")."""
    from game.ui.menus.end_screen import EndScreen  # noqa: PLC0415
    from game.ui.scene import Transition  # noqa: PLC0415

    battle = brawl_of_three()
    app = App(battle, (1280, 800), clock=FixedClock(16), resizable=False, autosave=False,
              seat={"crew": "human", "dockers": "human"})
    try:
        app.battle_scene.session.battle.get("rook").hp = -2  # wounded past zero after the battle began
        bs = app.battle_scene
        app.scenes.apply(Transition("push", EndScreen(app, bs)), app.size)
        app.text.drawn = []
        app.draw()
        words = [d[0] for d in app.text.drawn]
        app.text.drawn = None
        assert "in hand-to-hand, ST -2/13" in words, [w for w in words if "/" in w]
        assert not any(", HP " in w for w in words)
    finally:
        app.close()


def test_g3_3_the_choose_phase_hint_says_what_passing_does():
    """G3-3: in the winner's choose slot the hint bar says that passing lets the other side move first (the
    winner moves last): the play-through logged "Grub waits" and nothing said who would move first."""
    battle, _ = cantina()
    app = App(battle, (1280, 800), clock=FixedClock(16), resizable=False, autosave=False,
              seat={"crew": "human", "dockers": "human"})
    try:
        bs = app.battle_scene
        assert bs.session.ctl.initiative().get("phase") == "choose"
        hint = bs.mode.hint(bs)
        assert "choose phase (the other side then moves first)" in hint, hint
    finally:
        app.close()


def test_s3_fire_4_a_burning_fighter_reads_on_fire_in_words_everywhere():
    """S3-FIRE-4: a burning fighter's condition reads "on fire (whole body)" in the log, the tooltip, the fighter
    panel, the badge legend and the end screen (the compound's play-through under Xvfb read "on fire whole" in
    each); Ruleset.condition_name is the one place that words a condition."""
    from game.ui.marks import badge_legend  # noqa: PLC0415
    from game.ui.menus.end_screen import EndScreen  # noqa: PLC0415
    from game.ui.scene import Transition  # noqa: PLC0415

    battle = brawl_of_three()
    rs = ruleset_of(battle)
    assert rs.presentation.condition_name("on_fire_whole") == "on fire (whole body)"
    assert rs.presentation.condition_name("in_hth") == "in hand-to-hand" and rs.presentation.condition_name("stunned") == "stunned"
    battle.get("rook").conditions.append("on_fire_whole")
    assert event_line(battle, {"type": "condition", "target": "rook", "add": "on_fire_whole"}) == \
        "Rook is on fire (whole body)"
    assert event_line(battle, {"type": "condition", "target": "rook", "remove": "on_fire_half"}) == \
        "Rook is no longer on fire (half the body)"
    app = App(battle, (1280, 800), clock=FixedClock(16), resizable=False, autosave=False,
              seat={"crew": "human", "dockers": "human"})
    try:
        sc = app.battle_scene
        assert "on fire (whole body)" in fighter_lines(sc.session, "rook", None, list)[1]
        assert any("on fire (whole body)" in line for line in badge_legend(sc.session.battle, sc.session.battle.get("rook")))
        words = panel_words(app, "rook")
        assert "on fire (whole body)" in words and not any("on fire whole" in w for w in words)
        app.scenes.apply(Transition("push", EndScreen(app, sc)), app.size)
        app.text.drawn = []
        app.draw()
        words = [d[0] for d in app.text.drawn]
        app.text.drawn = None
        assert any(w.startswith("in hand-to-hand, on fire (whole body)") for w in words), words
    finally:
        app.close()


def test_s3_pole_2_the_set_badge_is_drawn_and_in_the_legend():
    """S3-POLE-2: the ruleset's SET badge goes over the token with the others and its meaning into the legend."""
    from game.ui.legend import legend_rows  # noqa: PLC0415
    from game.ui.marks import badges_of  # noqa: PLC0415

    b = battle_of([{"id": "ann", "side": "red", "hex": [0, 0], "facing": 0, "stats": {"ST": 12, "DX": 12}},
                   {"id": "bob", "side": "blue", "hex": [4, 0], "facing": 3, "stats": {"ST": 12, "DX": 12},
                    "hands": {"right": "pole_arm", "left": "pole_arm"}}])
    play(b, {"type": "set_vs_charge", "actor": "bob"}, [])
    assert [x[0] for x in badges_of(b, b.fighter("bob"))] == ["SET"]
    assert any(row[0] == "SET" and "S3-POLE-2" in row[2] for row in legend_rows(b))


def test_g3_6_a_subdue_is_shown_without_a_body_part():
    """G3-6, S3-SUBDUE-3: nd6 has no hit locations, so a subdue's grip tag reads SUBDUE and the panel "Holds Grub:
    1 hand — SUBDUE", not "SUBDUE · torso" (seen under Xvfb in the hotseat cantina); 3d6 grips keep their part."""
    from game.model.grapple import Grapple  # noqa: PLC0415

    battle = brawl_of_three()
    battle.grapples.append(Grapple(holder="rook", target="grub", kind="subdue", hands=1, hand_names=["right"]))
    battle.get("grub").conditions.append("subdued")
    assert ruleset_of(battle).presentation.grip_location_shown is False
    app = App(battle, (1920, 1080), clock=FixedClock(16), resizable=False, autosave=False,
              seat={"crew": "human", "dockers": "human"})
    try:
        words = panel_words(app, "rook")
        assert "Holds Grub: 1 hand \u2014 SUBDUE" in words, [w for w in words if "Grub" in w]
        assert not any("torso" in w for w in words)
    finally:
        app.close()
