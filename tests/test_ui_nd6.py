"""nd6-tactical on the board (issue 16, Play), headless: brawls, the Martial Arts tag, ST as health, 4d6/5d6
pop-ups with their automatic results in words, the HTH defender table with its row lit, the damage breakdown,
and the menus of G3-3's choose slot and action phase.

Everything here is read through the ruleset's facts (``health_stat``, ``stat_words``, ``token_stat``,
``brawl_condition``, ``auto_words``, ``table_rows``, ``held_item``), never its id. Events are shaped as the nd6
rules write them (``game/rules/nd6/combat.py``, ``hth.py``).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from nd6_helpers import battle_of, of_type, play  # noqa: E402
from ui_fixtures import fresh_ui_dirs  # noqa: E402,F401  (autouse here)

from game.commands._uiargs import load_battle_or_fail  # noqa: E402
from game.hexgrid import Hex  # noqa: E402
from game.rules.base import Ruleset  # noqa: E402
from game.rules.nd6 import actions as A  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.battle_draw import draw_popups  # noqa: E402
from game.ui.camera import Camera  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.describe import roll_line, roll_verdict, ruleset_of, stat_text, table_words, variant_label  # noqa: E402
from game.ui.hud.combat_log import CombatLog  # noqa: E402
from game.ui.marks import badges_of  # noqa: E402
from game.ui.palette import palette  # noqa: E402
from game.ui.roll_breakdown import RollBreakdown  # noqa: E402
from game.ui.text import TextCache  # noqa: E402
from game.ui.tokens import brawls, stat_badge  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def brawl_battle():
    """The cantina (maps/cantina_nd6.toml) with three brawlers in Grub's hex (Rook and Vesh of the crew, Grub
    of the dock gang, Grub wounded to ST 6) and Sable a Master (MA 5)."""
    battle = load_battle_or_fail(ROOT / "maps" / "cantina_nd6.toml")
    b = {f.id: f for f in battle.fighters}
    for fid in ("rook", "vesh"):
        b[fid].hex = b["grub"].hex
    for fid in ("rook", "vesh", "grub"):
        b[fid].conditions.append("in_hth")
    b["grub"].hp = 6
    b["sable"].stats["MA"] = 5
    b["vesh"].stats["MA"] = 3  # the map now makes Vesh a Master too; these tests want a level-3 fighter
    return battle


BRAWL = Hex(4, 11)  # Grub's start hex in the cantina (checked in the first test)


def hth_roll(row: str = "3-4") -> dict:
    """The S3-HTH-9 roll event as hth.py notes it."""
    return {"type": "roll", "actor": "rook", "label": "HTH: Grub's reaction (1d6)", "rule": "S3-HTH-9",
            "table": "hth", "base": 0, "modifiers": [{"value": 1, "reason": "Martial Arts above", "rule": "S3-HTH-14"}],
            "dice": [3], "total": 4, "row": row, "effect": "Grub lets go and both go down.", "success": True,
            "target_id": "grub"}


def master_roll() -> dict:
    """A 5d6 attack on a defending Master that came up 5: an automatic hit (S3-MA-6)."""
    return {"type": "roll", "actor": "rook", "label": "attack: DX", "rule": "G3-1", "base": 11, "modifiers": [],
            "target": 11, "dice": [1, 1, 1, 1, 1], "total": 5, "success": True, "margin": 6, "auto": "hit",
            "critical": "success", "target_id": "sable",
            "dice_why": ["Sable is a Martial Arts Master defending: 5d6 (S3-MA-6)"]}


def damage_event() -> dict:
    """A triple-damage punch as combat.apply_hits emits it, with its roll."""
    return {"type": "damage", "actor": "vesh", "target": "grub", "amount": 6, "damage_type": "crushing", "dr": 0,
            "injury": 6, "rule": "G3-1",
            "damage_roll": {"expr": "1d6-1", "faces": [3],
                            "from": "bare hands, ST 11 row, HTH column (S3-UNARMED-4), +3 Martial Arts 3 (S3-MA-4)",
                            "multipliers": ["x3: rolled 3 (G3-1)"],
                            "progression": "1d6-4 +3 steps = 1d6-1 (S3-DMG-1)"}}


def app_for(battle, size=(1280, 800)) -> App:
    """The battle screen, both sides played here, the camera on the brawl's hex."""
    app = App(battle, size, clock=FixedClock(16), resizable=False, autosave=False,
              seat={"crew": "human", "dockers": "human"})
    app.board.camera.center_on(*app.board.geometry.center(BRAWL))
    return app


# --- brawls ------------------------------------------------------------------------------------------


def test_s3_hth_7_a_brawl_of_three_is_one_hex_with_a_tag_and_every_member_clickable():
    """S3-HTH-7: brawlers share one hex; the board draws it as one brawl (tag "BRAWL 3"), its three tokens
    side by side inside the hex, each its own click target, each side's together."""
    battle = brawl_battle()
    rs = ruleset_of(battle)
    assert rs.presentation.brawl_condition == "in_hth"
    assert {h: sorted(f.id for f in g) for h, g in brawls(battle, rs.presentation.brawl_condition).items()} == {
        BRAWL: ["grub", "rook", "vesh"]}
    app = app_for(battle)
    app.step()
    scene = app.board
    labels = [what for what, _ in scene.tokens.layout.labels]
    assert "brawl:4,11" in labels
    pos = {fid: scene.token_screen_pos(fid) for fid in ("rook", "grub", "vesh")}
    assert len({(int(x), int(y)) for x, y in pos.values()}) == 3
    order = [p.fighter_id for p in sorted((p for p in scene.tokens.placements(battle) if p.hex == BRAWL),
                                          key=lambda p: p.slot)]
    assert [battle.get(f).side for f in order] == ["crew", "crew", "dockers"]  # allies side by side
    for fid, (x, y) in pos.items():
        assert scene.hex_at_screen((x, y)) == BRAWL
        assert scene.fighter_at_screen((int(x), int(y))) == fid


def test_s3_hth_16_no_per_token_hth_badge_inside_a_brawl_but_one_for_a_lone_brawler():
    """S3-HTH-16 applies between members of one brawl: the brawl's hex says it once; a lone fighter still
    carrying the condition keeps its badge."""
    battle = brawl_battle()
    assert all(b[0] != "HTH" for b in badges_of(battle, battle.get("rook")))
    lone = battle_of([{"id": "a", "side": "red", "hex": [1, 1], "stats": {"ST": 10, "DX": 10},
                       "conditions": ["in_hth"]}, {"id": "b", "side": "blue", "hex": [2, 1], "stats": {"ST": 10}}])
    assert [b[0] for b in badges_of(lone, lone.get("a"))] == ["HTH"]
    assert brawls(lone, "in_hth") == {}


# --- Martial Arts and ST as health ----------------------------------------------------------------------


def test_s3_ma_7_the_token_tag_and_the_panel_name_a_master():
    """S3-MA-7: Martial Arts 5 is the Master: "M" on the token, "MA Master" in the panel; level 3 is "3";
    no Martial Arts, no tag; a ruleset without the fact tags nothing."""
    battle = brawl_battle()
    rs = ruleset_of(battle)
    assert stat_badge(rs, battle.get("sable")) == "M"
    assert stat_badge(rs, battle.get("vesh")) == "3"
    assert stat_badge(rs, battle.get("rook")) is None
    assert stat_badge(Ruleset(), battle.get("sable")) is None
    assert stat_text(rs, "MA", 5) == "Master" and stat_text(rs, "MA", 2) == "2"


def test_g3_7_the_fighter_panel_shows_st_as_health_and_the_master():
    """G3-7: hits come off ST: the panel's bar reads "ST 6 / ..." for Grub at ST 6; S3-MA-7: Sable's stats
    line says "MA Master"."""
    app = app_for(brawl_battle())
    sc = app.battle_scene

    def panel_words(fid: str) -> list[str]:
        sc.text.drawn = []
        sc.panel._key = None
        app.board.selected = fid
        app.step()
        words = [d[0] for d in sc.text.drawn]
        sc.text.drawn = None
        return words

    assert any(w.startswith("ST 6 / ") for w in panel_words("grub"))
    words = panel_words("sable")
    assert any("MA\u00a0Master" in w for w in words), words
    assert "ST 11 / 11" in words


# --- dice: 4d6/5d6, automatic results, the HTH table ----------------------------------------------------


def test_g3_1_automatic_results_in_words():
    """G3-1 / S3-MA-6: the automatic bands read as words in the pop-up and the log."""
    triple = {"type": "roll", "actor": "a", "label": "attack: DX", "target": 14, "dice": [1, 1, 1], "total": 3,
              "success": True, "margin": 11, "auto": "triple", "critical": "success"}
    assert roll_verdict(triple) == "automatic hit, triple damage"
    assert roll_verdict(dict(triple, auto="break", success=False)) == "automatic miss, weapon broken"
    assert roll_line(None, master_roll()).endswith(
        "rolled 5 (1+1+1+1+1), automatic hit, Sable is a Martial Arts Master defending: 5d6 (S3-MA-6)")


def _popup_words(pops, battle, size=(1280, 800)) -> list[str]:
    pygame.display.set_mode(size)
    text = TextCache()
    text.drawn = []
    surf = pygame.Surface(size)
    cam = Camera(viewport=size)
    draw_popups(surf, cam, pops, {"rook": (600.0, 500.0)}, battle, text, palette("dark"), surf.get_rect())
    return [d[0] for d in text.drawn]


def test_s3_ma_6_a_five_dice_pop_up_shows_five_dice_why_and_the_automatic_hit():
    """S3-MA-6: the pop-up of a 5d6 roll shows the reason for five dice and "AUTOMATIC HIT"."""
    battle = brawl_battle()
    words = _popup_words([{"roll": master_roll(), "faces": [1, 1, 1, 1, 1], "settled": True, "progress": 1.0,
                           "contest": False}], battle)
    assert "AUTOMATIC HIT" in words
    assert "5d6 (S3-MA-6)" in " ".join(words)  # the reason may wrap onto a second line, whole
    assert "= 5" in words


def test_s3_hth_9_the_defender_table_pop_up_lights_the_row_that_came_up():
    """S3-HTH-9..13: the 1d6 pop-up draws all four rows; the one rolled (3-4, S3-HTH-11) is lit (bold)."""
    battle = brawl_battle()
    pygame.display.set_mode((1280, 800))
    text = TextCache()
    text.drawn = []
    surf = pygame.Surface((1280, 800))
    pop = {"roll": hth_roll(), "faces": [3], "settled": True, "progress": 1.0, "contest": False}
    draw_popups(surf, Camera(viewport=(1280, 800)), [pop], {"rook": (600.0, 500.0)}, battle, text,
                palette("dark"), surf.get_rect())
    drawn = {(d[0], d[2]) for d in text.drawn}
    for shown in ("2 or less", "3 or 4", "5 or 6", "7 or more"):
        assert any(w == shown for w, _ in drawn)
    lit = [w for w, bold in drawn if bold and "belt knife or pistol" in w]
    assert lit, drawn  # the 3-4 row's words in bold
    assert not any(bold and ("no HTH" in w or "both go down" in w) for w, bold in drawn)  # the others not
    assert ("ROW 3 OR 4", True) in drawn
    assert table_words(hth_roll()) == "row 3 or 4: Grub lets go and both go down"


def test_s3_hth_9_the_breakdown_draws_the_table_and_cites_its_modifier():
    """S3-HTH-9/14: the roll's breakdown lists the table with its row and cites S3-HTH-14's modifier."""
    battle = brawl_battle()
    pygame.display.set_mode((1280, 800))
    text = TextCache()
    text.drawn = []
    bd = RollBreakdown(hth_roll("7+"), battle, text, palette("dark"))
    bd.draw(pygame.Surface((1280, 800)))
    words = [d[0] for d in text.drawn]
    assert "7 or more" in words and "S3-HTH-14" in bd.rules_cited and "S3-HTH-9" in bd.rules_cited


def test_s3_dmg_1_the_damage_breakdown_shows_the_table_row_and_the_progression_step():
    """S3-UNARMED-4 / S3-DMG-1: a damage line in the log opens a breakdown with where the expression comes
    from (the ST table's row), the progression step, the die, the x3 and the injury; it cites those rules."""
    battle = brawl_battle()
    log = CombatLog(TextCache())
    ev = damage_event()
    log.add_event({"intent": {"actor": "vesh", "type": "attack", "target": "grub"}}, ev, battle)
    assert log.lines[-1].kind == "damage" and log.clickable()[-1].event is ev
    assert log.lines[-1].text.endswith("1d6-1 rolled 3, x3")
    pygame.display.set_mode((1280, 800))
    text = TextCache()
    text.drawn = []
    bd = RollBreakdown(ev, battle, text, palette("dark"))
    bd.draw(pygame.Surface((1280, 800)))
    words = [d[0] for d in text.drawn]
    assert any("ST 11 row, HTH column" in w for w in words)
    assert any("1d6-4 +3 steps = 1d6-1" in w for w in words)
    assert "1d6-1" in words and "x3: rolled 3 (G3-1)" in words
    assert {"G3-1", "S3-UNARMED-4", "S3-MA-4", "S3-DMG-1"} <= set(bd.rules_cited)


def test_s3_ma_4_a_real_martial_arts_punch_shows_its_progression_step_in_the_breakdown():
    """S3-MA-4 / S3-DMG-1: Vesh (ST 11, Martial Arts 3) punches bare-handed, rolled by the rules on scripted
    dice: the damage event's breakdown shows the ST table's row and the +3 steps along the progression."""
    b = battle_of([
        {"id": "vesh", "side": "red", "hex": [2, 2], "facing": 0, "stats": {"ST": 11, "DX": 13, "IQ": 11, "MA": 3}},
        {"id": "grub", "side": "blue", "hex": [3, 2], "facing": 3, "stats": {"ST": 13, "DX": 11, "IQ": 9}},
    ])
    events = play(b, {"type": "attack", "actor": "vesh", "target": "grub", "item": None}, [2, 3, 3, 4],
                  all_used=False)
    dmg = of_type(events, "damage")[0]
    assert " steps = " in dmg["damage_roll"]["from"]
    pygame.display.set_mode((1280, 800))
    text = TextCache()
    text.drawn = []
    bd = RollBreakdown(dmg, b, text, palette("dark"))
    bd.draw(pygame.Surface((1280, 800)))
    words = [d[0] for d in text.drawn]
    assert "Progression step" in words
    assert any("ST 11 row" in w for w in words)
    assert "S3-DMG-1" in bd.rules_cited and "S3-MA-4" in bd.rules_cited


# --- the menus of G3-3's turn ------------------------------------------------------------------------------


def test_g3_3_choose_slot_options_say_which_way_round():
    """G3-3: the winner's two move_order options read differently: '<side> moves first' / '... second'."""
    battle = load_battle_or_fail(ROOT / "maps" / "cantina_nd6.toml")
    first = variant_label(A.ChooseOrder(actor="grub", first=True), battle)
    second = variant_label(A.ChooseOrder(actor="grub", first=False), battle)
    assert first == "The Dock Gang moves first" and second == "The Dock Gang moves second"


def test_s3_unarmed_attack_options_name_the_weapon_in_hand_and_bare_hands():
    """S3-UNARMED / S3-IMPROV-9: Rook's two attacks read "brass knuckles" and "bare hands", not "None" twice."""
    battle = load_battle_or_fail(ROOT / "maps" / "cantina_nd6.toml")
    assert variant_label(A.Attack(actor="rook", target="grub"), battle) == "brass knuckles"
    assert variant_label(A.Attack(actor="rook", target="grub", item=None), battle) == "bare hands"


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_s3_hth_7_the_brawl_is_drawn_at_small_and_large_windows(size):
    """S3-HTH-7: the brawl tag is placed at 1024x640 and 1920x1080 and stays on the board."""
    app = app_for(brawl_battle(), size)
    app.step()
    rects = dict(app.board.tokens.layout.labels)
    assert "brawl:4,11" in rects
    assert app.screen.get_rect().contains(rects["brawl:4,11"])


def test_g3_3_the_choose_slot_offers_the_two_orders_and_no_word_of_moving():
    """G3-3: in the winner's choose slot the options are the two move_order choices (and waiting); no hex is
    lit, so the hint line does not tell the player to click one."""
    battle = load_battle_or_fail(ROOT / "maps" / "cantina_nd6.toml")
    app = App(battle, (1280, 800), clock=FixedClock(16), resizable=False, autosave=False,
              seat={"crew": "human", "dockers": "human"})
    app.step()
    sc = app.battle_scene
    legal = [o.action for o in sc.session.options() if o.reason is None]
    orders = [a for a in legal if a.type == "move_order"]
    assert sorted(a.first for a in orders) == [False, True]
    assert not sc.reach
    hint = sc.mode.hint(sc)
    assert hint.startswith("Click a foe for actions") and "lit hex" not in hint


def test_s3_hth_7_the_legend_explains_the_brawl_mark_and_the_martial_arts_tag():
    """S3-HTH-7 / S3-MA-7: the legend (F4) first explains the marks nd6's board carries: the brawl's tag and
    the corner tag with the Martial Arts level (M for Master); a ruleset without them lists neither."""
    from game.ui.legend import legend_rows

    rows = legend_rows(brawl_battle())
    meanings = [m for _, _, m in rows[:2]]
    assert any("brawl" in m for m in meanings) and any("MA level" in m and "Master" in m for m in meanings)
    from test_ui_app import battle_with  # a 3d6 battle: no brawls, no stat tag

    from game.model import Fighter

    plain = legend_rows(battle_with([Fighter(id="a", name="A", side="red", hex=Hex(1, 1))]))
    assert not any("brawl" in m or "MA level" in m for _, _, m in plain)


def test_g3_3_the_log_says_which_way_round_the_winner_chose():
    """G3-3: the log's head line of the choice names the order ("Grub chooses: The Dock Gang moves first"),
    also when the intent leaves ``first`` out at its default (moving second)."""
    from game.ui.describe import deed_words, intent_words

    battle = load_battle_or_fail(ROOT / "maps" / "cantina_nd6.toml")
    assert intent_words(battle, {"actor": "grub", "type": "move_order", "first": True}) == \
        "Grub chooses: The Dock Gang moves first"
    assert intent_words(battle, {"actor": "grub", "type": "move_order"}) == "Grub chooses: The Dock Gang moves second"
    assert deed_words(battle, {"actor": "grub", "type": "move_order", "first": True}) == \
        "choose: The Dock Gang moves first"


def test_s3_hth_15_a_brawl_of_five_in_two_rows_each_side_together_each_clickable():
    """S3-HTH-15 lets more join a brawl (up to five, hth.BRAWL_MAX): the five stand inside the hex, one, two and
    two (the best packing of five in a hex, ``tokens.slot_offsets``), each side's together: the crew's three
    above, the gang's two below, each its own click target."""
    battle = brawl_battle()
    b = {f.id: f for f in battle.fighters}
    for fid in ("jin", "nix"):
        b[fid].hex = BRAWL
        b[fid].conditions.append("in_hth")
    app = app_for(battle)
    app.step()
    scene = app.board
    members = sorted((p for p in scene.tokens.placements(battle) if p.hex == BRAWL), key=lambda p: p.slot)
    assert len(members) == 5
    by_side: dict[str, list[float]] = {}
    for p in members:
        by_side.setdefault(battle.get(p.fighter_id).side, []).append(p.y)
    assert len(by_side["crew"]) == 3 and max(by_side["crew"]) < min(by_side["dockers"])
    for p in members:
        x, y = scene.token_screen_pos(p.fighter_id)
        assert scene.hex_at_screen((x, y)) == BRAWL
        assert scene.fighter_at_screen((int(x), int(y))) == p.fighter_id
