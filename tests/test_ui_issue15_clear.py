"""Issue 15, "Honest and clear": played as a player would, with posted pygame events (headless).

- every badge on a token and the arc colours have a legend (hovering the token; the selected fighter's box
  names the arcs in the colours drawn, the colour-blind palette's too); no badge reads as a stat (ST is
  Strength, not stunned).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_fixtures import move  # noqa: E402

from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from tests.test_ui_issue15_broken import ARENA, SIZE, end_until  # noqa: E402

pytestmark = pytest.mark.skipif(not ARENA.is_file(), reason="maps/arena.toml is missing")


@pytest.fixture(autouse=True)
def _dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))


def _app(battle, palette="standard"):
    from game.ui.app import App

    app = App(battle, SIZE, clock=FixedClock(16), autosave=False, dice="seeded",
              settings=Settings(animation_speed="fast", handover=False, palette=palette),
              seat={"red": "human", "blue": "human"})
    for _ in range(3):
        app.step()
    return app


def _spy(monkeypatch):
    from game.ui.text import TextCache

    said: list[str] = []
    real = TextCache.render

    def spy(self, s, *a, **k):
        said.append(str(s))
        return real(self, s, *a, **k)

    monkeypatch.setattr(TextCache, "render", spy)
    return said


def test_no_badge_reads_as_a_stat_and_hovering_a_token_explains_its_badges(monkeypatch):
    """Issue 15: "ST" was the stunned badge and Strength's abbreviation; the badge now reads STUN, and the
    tooltip over the token says what each badge means."""
    import game.rules  # noqa: F401
    from game.files.maps import load_scenario
    from game.rules.base import RULESETS
    from game.ui.marks import CONDITION_BADGES, STAT_ABBREVIATIONS, badge_for

    assert not {letters for letters, _ in CONDITION_BADGES.values()} & STAT_ABBREVIATIONS
    for cls in RULESETS.values():  # each ruleset's own badges too (in its folder: Presentation.condition_badges)
        assert not {letters for letters, _ in cls.presentation_type.condition_badges.values()} & STAT_ABBREVIATIONS, cls.id
    assert badge_for("stunned")[0] == "STUN" and badge_for("constricted")[0] not in STAT_ABBREVIATIONS
    b = load_scenario(ARENA)
    b.fighter("dane").conditions = ["stunned"]
    said = _spy(monkeypatch)
    app = _app(b)
    bs = app.battle_scene
    end_until(app, "ann")
    frame = app.draw()
    assert "STUN" in said and "ST" not in said
    x, y = bs.board.token_screen_pos("dane")
    move((x, y - 10))  # over the badge, above the token's centre
    for _ in range(30):  # the tooltip waits a moment
        app.step()
    frame = app.draw()
    assert any("STUN: stunned" in s for s in said), said  # drawn while hovering (the tooltip is cached)
    assert frame.get_size() == SIZE
    app.close()


@pytest.mark.parametrize(("palette", "words"), [("standard", "green front, yellow side, red rear"),
                                                ("colour-blind", "blue front, yellow side, orange rear")])
def test_the_selected_fighters_box_names_the_arcs_in_the_colours_drawn(monkeypatch, palette, words):
    """Issue 15: the arcs' legend, from the palette in use (the colour-blind palette draws no green)."""
    from game.files.maps import load_scenario

    said = _spy(monkeypatch)
    app = _app(load_scenario(ARENA), palette)
    bs = app.battle_scene
    end_until(app, "ann")
    bs.board.selected = "dane"  # looking at a foe: its arcs are shaded
    app.step()
    app.draw()
    assert any(s == f"arcs: {words}" for s in said), [s for s in said if "arcs" in s]
    app.close()


def test_d20_space_passes_one_phase_and_says_so(monkeypatch):
    """S4-PHASE-1 (issue 15): the hint bar says Space passes the acting fighter's phase (not "end turn"); the
    phase strip says in words which initiative acts now; passing writes one log line naming the phase, never
    "does nothing"; fighters on one number each get every phase (none lost)."""
    from game.files.maps import load_scenario
    from tests.test_ui_issue15_broken import ARENA_D20, press

    b = load_scenario(ARENA_D20)
    b.options.pop("surprise", None)
    b.options.pop("ambushers", None)
    said = _spy(monkeypatch)
    app = _app(b)
    bs = app.battle_scene
    s = bs.session
    info = s.ctl.initiative()
    who, phase, count = s.whose_turn(), info["phase"], info["count"]
    app.draw()
    name = bs.name(who)
    assert bs.mode.hint(bs).count(f"Space: pass {name}'s {phase} phase") == 1, bs.mode.hint(bs)
    assert f"initiative {count} acts now" in said
    seen = []
    told = []
    for _ in range(60):
        info = s.ctl.initiative()
        if s.battle.round > 1:
            break
        seen.append((s.whose_turn(), info["count"], info["phase"]))
        press(app, pygame.K_SPACE, " ")
        for _ in range(200):
            app.step()
            if not bs.player.busy:
                break
        told += [t for t, _, _ in bs.toasts if t.startswith("Now ")]
    # the next fighter on the same number, of the same side (no hand-over screen), is named in a toast
    same = [(a, b) for a, b in zip(seen, seen[1:]) if a[0] != b[0] and a[1] == b[1]
            and s.battle.fighter(a[0]).side == s.battle.fighter(b[0]).side]
    assert same, seen  # the seeded rolls put two of a side on one number
    for _, (nxt, n, ph) in same:
        assert f"Now {bs.name(nxt)}'s {ph} phase (also on initiative {n})." in told, told
    heads = [ln.text for ln in bs.log.lines if ln.kind == "head"]
    assert heads and not any("does nothing" in h for h in heads), heads
    assert any(f"{name} passes the {phase} phase." in h for h in heads), heads
    assert not any("does nothing" in ln.text for ln in bs.log.lines)
    # every fighter that rolled had a slot in each phase it acts in: the movement and hand-to-hand phases, shown
    # or passed by itself with nothing to do in it (game.flow.idle), named in that phase's log line
    idle = set()
    for ln in bs.log.lines:
        if ln.kind == "note" and ln.text.startswith("Nothing to do in the "):
            ph, _, names = ln.text[len("Nothing to do in the "):].partition(" phase: ")
            idle |= {(n, ph) for n in names.rsplit(" pass", 1)[0].split(", ")}
    rolled = [f for f in s.battle.fighters if f.id in {w for w, _, _ in seen}]
    for f in rolled:
        had = {p for w, _, p in seen if w == f.id} | {p for n, p in idle if n == bs.name(f.id)}
        assert had >= {"movement", "hand-to-hand"}, f.id
    app.close()


def test_toasts_leave_when_their_moment_is_past():
    """Issue 15: a toast speaks of one moment of the battle; an action, an undo or the next turn ends it
    ("Undone." and "cannot reach" used to stay over the next fighter's turn)."""
    from game.files.maps import load_scenario
    from game.ui import modes as M
    from tests.test_ui_issue15_broken import click, press

    b = load_scenario(ARENA)
    b.fighters = [f for f in b.fighters if f.id in ("ann", "dane")]
    app = _app(b)
    bs = app.battle_scene
    battle = bs.session.battle
    end_until(app, "ann")
    # a click on a hex out of reach says so ...
    click(app, bs.board.token_screen_pos("ann"))
    assert isinstance(bs.mode, M.SelectHex)
    far = next(c.hex for c in battle.board.cells if c.hex not in bs.reach and c.hex != battle.fighter("ann").hex
               and not c.blocks_movement and battle.board.is_open(c.hex))
    click(app, bs.board.hex_screen_pos(far))
    assert any("cannot reach" in t for t, _, _ in bs.toasts)
    # ... and leaves when Ann moves (her moment is past)
    to = next(iter(bs.reach))
    click(app, bs.board.hex_screen_pos(to))
    for _ in range(200):
        app.step()
        if not bs.player.busy:
            break
    assert not any("cannot reach" in t for t, _, _ in bs.toasts), list(bs.toasts)
    # undo on Dane's turn (hotseat: Ann's move is not his to take back): said, and gone once his turn passes
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="",
                                         scancode=0))
    app.step()
    app.step()
    assert [t for t, _, _ in bs.toasts if t.startswith("Cannot undo")], list(bs.toasts)
    press(app, pygame.K_SPACE, " ")
    for _ in range(200):
        app.step()
        if not bs.player.busy:
            break
    assert not bs.toasts, list(bs.toasts)
    app.close()


@pytest.mark.parametrize("palette", ["standard", "colour-blind"])
def test_captions_are_coloured_by_what_they_mean_for_the_player(palette):
    """Issue 15: a blow on a foe is good news (the palette's success colour), on one's own fighter bad news
    (its failure colour), whatever the roll; the colour-blind palette's pair is used when chosen."""
    from game.files.maps import load_scenario
    from game.ui.app import App

    b = load_scenario(ARENA)
    b.fighters = [f for f in b.fighters if f.id in ("ann", "dane")]
    app = App(b, SIZE, clock=FixedClock(16), autosave=False, dice="seeded",
              settings=Settings(animation_speed="fast", handover=False, palette=palette),
              seat={"red": "human", "blue": "ai"})
    for _ in range(3):
        app.step()
    bs = app.battle_scene
    pal = bs.pal
    assert pal.success != pal.failure
    bs.player._float("dane", "\u22123", "damage")
    assert bs.player.floaters[-1].colour == pal.success
    bs.player._float("ann", "\u22123", "damage")
    assert bs.player.floaters[-1].colour == pal.failure
    bs.player._float("dane", "stunned", "failure")
    assert bs.player.floaters[-1].colour == pal.success
    bs.player._float("ann", "free", "neutral")  # nobody's bad news: the tone's own colour
    assert bs.player.floaters[-1].colour not in (pal.success, pal.failure)
    app.close()


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_f4_shows_the_legend_and_esc_closes_only_it(monkeypatch, size):
    """Issue 15: a key for the legend of arcs and badges (in the key table, game.ui.keys); it fits the window,
    lists the badge on the board first, and one Esc closes it and nothing else."""
    from game.files.maps import load_scenario
    from game.ui.app import App
    from game.ui.keys import BINDINGS
    from game.ui.legend import legend_rows
    from tests.test_ui_issue15_broken import press

    assert any(bnd.keys == "F4" and bnd.command == "legend" for bnd in BINDINGS)
    b = load_scenario(ARENA)
    b.fighter("dane").conditions = ["stunned"]
    assert legend_rows(b)[0] == ("STUN", (250, 200, 60), "stunned")
    said = _spy(monkeypatch)
    app = App(b, size, clock=FixedClock(16), autosave=False, dice="seeded",
              settings=Settings(animation_speed="fast", handover=False), seat={"red": "human", "blue": "human"})
    for _ in range(3):
        app.step()
    bs = app.battle_scene
    end_until(app, "ann")
    press(app, pygame.K_F4)
    assert bs.legend_open
    app.draw()
    from game.ui.legend import draw_legend

    rect = draw_legend(app.screen, b, bs.text, bs.pal)
    assert app.screen.get_rect().contains(rect)
    assert "front arc: it faces and defends best" in said and "stunned" in said and "HELD" in said
    press(app, pygame.K_ESCAPE)
    assert not bs.legend_open and app.scene is bs
    app.close()


def test_the_last_roll_box_is_coloured_by_what_it_means_for_the_player():
    """Issue 15: a foe's miss is good news for the player (the palette's success colour on the box), a foe's
    hit bad news; the tick or cross still says the roll's own verdict."""
    from game.files.maps import load_scenario
    from game.ui.app import App

    b = load_scenario(ARENA)
    b.fighters = [f for f in b.fighters if f.id in ("ann", "dane")]
    app = App(b, SIZE, clock=FixedClock(16), autosave=False, dice="seeded",
              settings=Settings(animation_speed="fast", handover=False), seat={"red": "human", "blue": "ai"})
    for _ in range(3):
        app.step()
    bs = app.battle_scene
    pal = bs.pal
    for success, want in ((False, pal.success), (True, pal.failure)):
        roll = {"type": "roll", "actor": "dane", "dice": [5, 6, 1], "total": 12, "target": 9, "success": success,
                "margin": -3 if not success else 3, "rule": "G0-5", "label": "spear Ann: Spear"}
        bs.last_action.show([roll], "dane", "Dane attacks Ann")
        frame = app.draw()
        box = bs.last_action.rect
        assert box.w > 0
        assert tuple(frame.get_at((box.centerx, box.y))[:3]) == want, (success, frame.get_at((box.centerx, box.y)))
    app.close()


def test_a_roll_with_nothing_to_pass_reads_rolled_n_in_the_last_roll_box():
    """S3-GRENADE-4: a scatter's direction (1d6) and a damage roll have no target and no verdict; under Xvfb the
    box read "Vasko, grenade scatter: direction (1d6):  (rolled 6)", a verdict-shaped gap. Now ": rolled 6"."""
    from game.files.maps import load_scenario
    from game.ui.last_action import LastAction

    b = load_scenario(ARENA)
    card = LastAction()
    roll = {"type": "roll", "actor": "ann", "dice": [6], "total": 6, "label": "grenade scatter: direction (1d6)",
            "rule": "S3-GRENADE-4"}
    words, ok = card._line(b, roll)
    assert words == "Ann, grenade scatter: direction (1d6): rolled 6" and ok is None
    roll.update(target=9, success=True, margin=3)
    assert card._line(b, roll)[0].startswith("Ann, grenade scatter: direction (1d6): SUCCESS")


def test_a_menu_title_over_the_battle_sits_on_a_plate():
    """At 1024x640 the Load menu's title lies over the battle's top bar; under Xvfb the initiative line read
    through "Load a battle". A menu drawn over the battle now puts a plate under each title."""
    from game.files.maps import load_scenario
    from game.ui.app import App
    from game.ui.menus.load_menu import LoadMenu
    from game.ui.scene import Transition

    app = App(load_scenario(ARENA), (1024, 640), clock=FixedClock(16), autosave=False)
    try:
        for _ in range(3):
            app.step()
        app.apply(Transition("push", LoadMenu(app, below=app.battle_scene)))
        for _ in range(3):
            app.step()
        frame = app.draw()
        (title,) = app.scene.title_widgets
        r = title.get_abs_rect()
        assert r.top < app.battle_scene.board_rect.top  # over the top bar
        assert tuple(frame.get_at((r.right - 2, r.centery))[:3]) == (14, 15, 20)
    finally:
        app.close()


def test_d20_token_tooltip_says_what_space_does_as_the_footer_does(monkeypatch):
    """S4-PHASE-1: hovering the acting fighter's token said "Space: end turn" while the footer said "Space: pass
    Ann's movement phase"; the tooltip takes the footer's own words."""
    from game.files.maps import load_scenario
    from tests.test_ui_issue15_broken import ARENA_D20

    b = load_scenario(ARENA_D20)
    b.options.pop("surprise", None)
    b.options.pop("ambushers", None)
    said = _spy(monkeypatch)
    app = _app(b)
    bs = app.battle_scene
    who = bs.session.whose_turn()
    phase = bs.session.ctl.initiative()["phase"]
    move(bs.board.token_screen_pos(who))
    for _ in range(30):  # the tooltip waits a moment
        app.step()
    app.draw()
    tip = [s for s in said if s.startswith("acting now")]
    assert tip and all(f"Space: pass {bs.name(who)}'s {phase} phase" in s for s in tip), tip
    assert not [s for s in said if "Space: end turn" in s], tip
    app.close()
