"""Issue 15, "Readable": health on every token, a timeline that fits, text that fits its box, crowded hexes.

Player tests: the real App under SDL's dummy video driver, pixels or state asserted.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CLINCH_CONFIG_DIR", os.path.join(__import__("tempfile").gettempdir(), "clinch-test-config"))
os.environ.setdefault("CLINCH_DATA_DIR", os.path.join(__import__("tempfile").gettempdir(), "clinch-test-data"))


import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_fixtures import Spectating, small_display  # noqa: E402,F401  (small_display: autouse here)

from game.hexgrid import Hex  # noqa: E402
from game.model import Battle, Board, Fighter, Side  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.palette import palette  # noqa: E402
from game.ui.tokens import HEALTH_TRACK, health_colour  # noqa: E402


def _battle(fighters: list[Fighter]) -> Battle:
    return Battle(board=Board.open_field(10, 8, name="test field"),
                  sides=[Side(id="red", name="Reds", colour="#d02020"),
                         Side(id="blue", name="Blues", colour="#2050e0")],
                  fighters=fighters)


def _watched(battle: Battle, size=(1280, 800)) -> App:
    return App(battle, size, clock=FixedClock(), seat={"red": "ai", "blue": "ai"}, autosave=False,
               session_kw={"ai_factory": Spectating})


def _bar_row(app: App, frame: pygame.Surface, fid: str) -> list[tuple[int, int, int]]:
    """The pixels of the row through the middle of ``fid``'s health bar, left to right."""
    scene = app.board
    cx, cy = scene.token_screen_pos(fid)
    p = next(p for p in scene.tokens.placements(scene.battle) if p.fighter_id == fid)
    r = max(4, int(p.radius * scene.camera.zoom))
    w, h = max(14, int(r * 1.7)), max(4, min(8, r // 4))
    y = int(cy + r * 1.08 + h // 2)
    return [tuple(frame.get_at((int(cx - w / 2) + i, y))[:3]) for i in range(w)]


@pytest.mark.parametrize("pal_name", ["default", "colour-blind"])
def test_every_token_has_a_health_bar_whose_length_is_the_hit_points_left(pal_name: str) -> None:
    """A hurt fighter's bar is short, a whole one's full; both readable by length (colour only repeats it)."""
    battle = _battle([
        Fighter(id="ann", name="Ann", side="red", hex=Hex(3, 2), stats={"ST": 10, "HT": 10}),
        Fighter(id="bob", name="Bob", side="blue", hex=Hex(5, 2), stats={"ST": 10, "HT": 10}),
    ])
    app = _watched(battle)
    app.session.battle.fighter("bob").hp = 2  # hurt after the start: 2 of his 10 hit points left
    pal = palette(pal_name) if pal_name != "default" else app.battle_scene.pal
    app.battle_scene.board.tokens.health_colours = (pal.success, pal.neutral, pal.failure)
    frame = app.draw()
    full, hurt = _bar_row(app, frame, "ann"), _bar_row(app, frame, "bob")
    good, bad = health_colour(1.0, (pal.success, pal.neutral, pal.failure)), pal.failure
    assert full.count(good) > len(full) * 0.6, full
    filled = hurt.count(bad)
    assert 0 < filled < len(hurt) * 0.35, hurt  # 2 of 10 hit points: a fifth of the bar
    assert hurt.count(HEALTH_TRACK) > len(hurt) * 0.5


NAMES = ["Sten the Lancer", "Gus the Barman", "Annabelle", "Maximilian", "Edda", "Finnegan", "Tobin", "Ulla",
         "Bartholomew", "Kell", "Roderick", "Saff"]


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_turn_timeline_fits_twelve_fighters_and_names_never_run_together(size: tuple[int, int]) -> None:
    """12 fighters with long names: every chip lies inside the timeline's part of the bar, no two chips
    overlap, each name is cut to its chip (never wider), and the fighter acting is in view."""
    fighters = [Fighter(id=f"f{i}", name=n, side="red" if i % 2 else "blue", hex=Hex(i % 10, i // 10 * 3),
                        stats={"ST": 10, "HT": 10}) for i, n in enumerate(NAMES)]
    app = _watched(_battle(fighters), size)
    bs = app.battle_scene
    bs.text.fits = []
    bs.text.drawn = []
    bs.bar._key = None
    app.draw()
    drawn: dict[str, int] = {}  # each string's narrowest render: the chip's, at the size it was set in
    for d in bs.text.drawn:
        drawn[d[0]] = min(d[3], drawn.get(d[0], d[3]))
    bs.text.drawn = None
    chips = [r for r, _ in bs.bar.chips]
    assert chips and all(r.right <= bs.bar.right_x - 8 for r in chips), (chips, bs.bar.right_x)
    for a, b in zip(chips, chips[1:]):
        assert a.right <= b.left, (a, b)
    name_fits = [f for f in bs.text.fits if f[0] in NAMES]
    assert len(name_fits) >= len(chips)  # each chip, and the fighter panel's head
    for text, shown, width, _cut in name_fits:  # a name may be set a size or two smaller before it is cut
        assert drawn.get(shown, 0) <= width, (text, shown, width, drawn.get(shown))
    current = app.session.battle.current
    assert current is None or current in [fid for _, fid in bs.bar.chips]
    assert len(chips) + sum(bs.bar.hidden) == len(NAMES)


def _step(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step()


def _key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    _step(app, 2)


def _click(app: App, pos: tuple[float, float], button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    _step(app, 2)


#: strings :func:`game.ui.text.fit_text` may cut where room is truly short, each whole elsewhere: a name on
#: a timeline chip or a token label (whole in its tooltip)
MAY_CUT = set(NAMES)


def _overflows(texts: list, width: int) -> tuple[list, list]:
    """(strings drawn wider than the window, fits that had to cut a string other than a name)."""
    wide = sorted({(s, w) for t in texts for s, _size, _bold, w in (t.drawn or []) if w > width})
    cut = sorted({(s, shown, w) for t in texts for s, shown, w, was_cut in (t.fits or [])
                  if was_cut and s not in MAY_CUT})
    return wide, cut


def test_no_text_is_cut_off_on_any_screen_at_1024x640(tmp_path, monkeypatch) -> None:
    """Every screen at the smallest supported window: the main menu, new battle, settings, load; the d20
    tavern with its phases (HUD, fighter panel with its stat line, toasts, hint bar), an open action menu,
    a roll breakdown, the pause menu, the rules help and the end screen. Every string drawn through the
    text cache is recorded: none is wider than the window, and none drawn into a box had to be cut,
    except fighters' names on crowded chips (whole in their tooltip)."""
    from pathlib import Path

    from game.ui.menus.end_screen import EndScreen
    from game.ui.scene import Transition
    from game.ui.settings import Settings

    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))
    size = (1024, 640)
    app = App(None, size, clock=FixedClock(16), settings=Settings(animation_speed="instant"))
    try:
        app.text.drawn, app.text.fits = [], []
        _step(app)
        app.draw()
        for name in ("new", "settings", "load"):
            _click(app, app.scene.button_named(name).rect.center)
            app.draw()
            _key(app, pygame.K_ESCAPE)
        wide, cut = _overflows([app.text], size[0])
        assert wide == [] and cut == [], (wide, cut)
    finally:
        app.close()

    tavern = Path(__file__).resolve().parents[1] / "maps" / "tavern_d20.toml"
    app = App(tavern, size, clock=FixedClock(16), settings=Settings(animation_speed="instant", handover="never"),
              seat={}, autosave=False)
    try:
        bs = app.battle_scene
        for t in (app.text, bs.text):
            t.drawn, t.fits = [], []
        _step(app, 5)
        b = bs.session.battle
        inner = bs.right_rect.w - 12 - 24  # the fighter panel's text width
        for f in b.fighters:  # every fighter's panel (stat lines, hands, conditions)
            bs.board.selected = f.id
            app.draw()
            for kind, payload in bs.panel._rows(bs.session, b, f, bs.pal, inner):
                if kind == "text":  # each line of the panel fits it (the d20 stat line ran past its edge)
                    s, fsize, _col, bold = payload
                    assert bs.text.font(fsize, bold).size(s)[0] <= inner, (f.label, s)
        bs.board.selected = None
        bs.toast("Gus the Barman cannot reach Hilde this turn: the table is in the way, go around it (S4-MOVE-6).")
        app.draw()
        actor = b.get(bs.session.whose_turn())
        foe = next((f for f in b.fighters if actor is not None and f.side != actor.side), None)
        if foe is not None:
            _click(app, bs.board.token_screen_pos(foe.id), button=3)
            app.draw()
            _key(app, pygame.K_ESCAPE)
        ev = next((e for entry in reversed(b.log) for e in entry.get("events", [])
                   if e.get("type") in ("roll", "contest")), None)
        assert ev is not None
        bs.open_breakdown(ev)
        app.draw()
        bs.breakdown = None
        _key(app, pygame.K_ESCAPE)  # the pause menu
        app.draw()
        _key(app, pygame.K_ESCAPE)
        _key(app, pygame.K_F1)  # the rules help
        app.draw()
        _key(app, pygame.K_ESCAPE)
        app.scenes.apply(Transition("push", EndScreen(app, bs)), app.size)
        app.draw()
        wide, cut = _overflows([app.text, bs.text], size[0])
        assert wide == [] and cut == [], (wide, cut)
    finally:
        app.close()


def test_a_crowded_hex_keeps_every_name_and_no_label_covers_another() -> None:
    """Four fighters in one hex, two more beside it, one gripping another (a grip tag), at the default zoom:
    every fighter's name is placed, no name, grip tag or caption overlaps another or covers a token, and
    the grip is drawn holder -> held with an arrowhead (the grip's colour off the line's width)."""
    from game.model import Grapple

    here = Hex(4, 3)
    people = [("ann", "Annabelle", "red", here), ("bob", "Bartholomew", "blue", here),
              ("cass", "Cassandra", "red", here), ("dan", "Dane", "blue", here),
              ("edda", "Edda", "red", Hex(5, 3)), ("finn", "Finnegan", "blue", Hex(4, 4))]
    battle = _battle([Fighter(id=i, name=n, side=s, hex=h, stats={"ST": 10, "HT": 10}) for i, n, s, h in people])
    battle.grapples.append(Grapple(holder="ann", target="bob", location="neck", hands=2))
    app = _watched(battle)
    bs = app.battle_scene
    frame = app.draw()
    layout = bs.board.tokens.layout
    placed = dict(layout.labels)
    assert {f"name:{i}" for i, *_ in people} <= set(placed), sorted(placed)
    assert any(k.startswith("grip:ann>bob") for k in placed)
    rects = list(placed.values())
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (a, b)
    tokens = [r for r in layout.taken if r not in rects]
    for what, r in layout.labels:
        assert r.collidelist(tokens) < 0, (what, r)
    # holder -> held: an arrowhead 58% along the link from Ann to Bob, wider than the line
    pa, pb = bs.board.token_screen_pos("ann"), bs.board.token_screen_pos("bob")
    dx, dy = pb[0] - pa[0], pb[1] - pa[1]
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    col = bs.pal.grips.get("grapple", bs.pal.grips["other"])
    z = bs.board.camera.zoom
    size = min(max(6.0, 7 * z) + 2, length * 0.3)
    tip = (pa[0] + dx * 0.62, pa[1] + dy * 0.62)
    base = (tip[0] - ux * size * 1.2, tip[1] - uy * size * 1.2)  # near the arrowhead's wide end
    side = [frame.get_at((int(base[0] - uy * s * size * 0.5), int(base[1] + ux * s * size * 0.5)))[:3]
            for s in (1, -1)]
    assert all(c == tuple(col) for c in side), (side, col)


def test_move_cost_numbers_never_sit_under_a_name(tmp_path, monkeypatch) -> None:
    """The tavern with a human to move: the lit hexes' cost numbers are drawn after the names, each where
    no name, badge or token is (a covered one is left out; hovering its hex tells the cost)."""
    from pathlib import Path

    from game.ui.settings import Settings

    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))
    tavern = Path(__file__).resolve().parents[1] / "maps" / "tavern.toml"
    app = App(tavern, (1280, 800), clock=FixedClock(16), settings=Settings(animation_speed="instant",
                                                                            handover="never"), autosave=False)
    try:
        bs = app.battle_scene
        _step(app, 3)
        assert bs.reach, "a human fighter to move, its reach lit"
        app.draw()
        layout = bs.board.tokens.layout
        names = [r for what, r in layout.labels if what.startswith("name:")]
        numbers = layout.taken[layout.taken.index(names[-1]) + 1:] if names else []
        assert names and len(numbers) > 10
        for n in numbers:
            assert n.collidelist(names) < 0, n
    finally:
        app.close()


def test_hovering_a_crowded_token_lists_everyone_in_its_hex() -> None:
    """The stack on hover: pointing at one of four tokens in a hex opens that hex's callout
    (game.ui.crowd_callout), which takes the tooltip's place: a card for each of the four with its badges
    in words (the held one's HELD) and the grip among them in words, holder first."""
    from game.model import Grapple

    here = Hex(4, 3)
    people = [("ann", "Annabelle", "red"), ("bob", "Bartholomew", "blue"), ("cass", "Cassandra", "red"),
              ("dan", "Dane", "blue")]
    battle = _battle([Fighter(id=i, name=n, side=s, hex=here, stats={"ST": 10, "HT": 10}) for i, n, s in people])
    battle.grapples.append(Grapple(holder="ann", target="bob", location="neck", hands=2))
    app = _watched(battle)
    bs = app.battle_scene
    caches = [bs.text] + ([bs.board.text] if bs.board.text is not bs.text else [])
    for t in caches:
        t.drawn = []
    x, y = bs.board.token_screen_pos("cass")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0)))
    _step(app, 2)
    app.draw()
    co = bs.board.callout
    assert sorted(fid for fid, _, _ in co.cards) == ["ann", "bob", "cass", "dan"]
    drawn = {s for t in caches for s, *_ in t.drawn}
    assert {"Annabelle", "Bartholomew", "Cassandra", "Dane", "HELD"} <= drawn
    assert co.words == ["Annabelle holds Bartholomew: neck, 2 hands"]


def _longest_real_names(n: int) -> list[str]:
    """The ``n`` longest fighters' names of the scenarios shipped in maps/ (real names, not made up)."""
    import tomllib
    from pathlib import Path

    names = set()
    for path in (Path(__file__).resolve().parents[1] / "maps").glob("*.toml"):
        names |= {str(f.get("name") or f["id"]) for f in tomllib.loads(path.read_text("utf-8")).get("fighters", [])}
    return sorted(names, key=lambda s: (-len(s), s))[:n]


#: the three window sizes a player is told the game fits
SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
#: a name longer than any scenario's, for the worst case the panel and the turn bar must wrap, not cut
LONGEST = "Bartholomew 'Bones' McAllister of the Broken Flagon"


def _roll(actor: str, label: str, dice: int = 1) -> dict:
    return {"type": "roll", "actor": actor, "label": label, "dice": [4] * dice, "base": 11, "total": 4 * dice,
            "target": 11, "success": True, "margin": 7, "rule": "S2-BREAK-2"}


def _pop(ev: dict, contest: bool = False) -> dict:
    return {"roll": ev, "faces": list(ev["dice"]), "settled": True, "progress": 1.0, "winner": None,
            "contest": contest}


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_long_real_names_fit_the_panel_the_turn_bar_toasts_and_roll_popups(size: tuple[int, int]) -> None:
    """Issue "9/10" (seen under Xvfb: "Sergeant Petrov is mis...", "Gus the B...", "Bob: resist the strangle:
    ST (higher o..."): with the scenarios' longest names (and one longer still) at 1024x640, 1280x800 and
    1920x1080, the fighter panel's head, the turn bar's whose-turn words, a toast naming two fighters and a
    roll's pop-up are set smaller or wrapped, never cut: every string drawn through the text cache fits, and
    only a timeline chip's name (whole in its tooltip) may be shortened."""
    from game.ui.battle_draw import draw_popups

    real = _longest_real_names(3)
    names = [LONGEST, *real, "Edda", "Finn"]
    fighters = [Fighter(id=f"f{i}", name=n, side="red" if i % 2 else "blue", hex=Hex(1 + 2 * i, 2 + i % 3),
                        stats={"ST": 10, "HT": 10}) for i, n in enumerate(names)]
    battle = _battle(fighters)
    battle.current = "f0"
    app = _watched(battle, size)
    bs = app.battle_scene
    t = bs.text
    try:
        t.fits, t.drawn = [], []
        bs.toast(f"{real[0]} cannot reach {real[1]} this turn: the table is in the way, go around it "
                 f"(S4-MOVE-6).", "failure")
        for f in fighters:
            bs.board.selected = f.id
            app.draw()
        surface = pygame.display.get_surface()
        boxes = []
        for who, label in (("f0", "resist the strangle: ST (higher of ST and HT, S2-STRANGLE-4)"),
                           ("f1", f"{real[0]} attacks {real[1]} with the club"), ("f2", "hold on: ST")):
            boxes += draw_popups(surface, bs.board.camera, [_pop(_roll(who, label))], bs.board.token_positions(),
                                 battle, t, bs.pal, bs.board_rect, bs.board.tokens.layout)
        assert len(boxes) == 3
        from game.ui.battle_draw import draw_banner, draw_hint
        from game.wording import possessive

        draw_hint(surface, bs.board_rect, "Click a lit hex to move there (striped amber: no attack after) \u00b7 "
                  "click a foe for actions \u00b7 right-click: menu \u00b7 Space: pass "
                  f"{possessive(LONGEST, plural=False)} movement phase \u00b7 End: end its round \u00b7 Esc: deselect",
                  t, bs.pal)

        draw_banner(surface, bs.board_rect, f"{LONGEST} passes the hand-to-hand phase and waits for "
                    f"{real[0]} to come within reach of the club.", t, bs.pal)
        hit = _roll("f0", f"{LONGEST} attacks {real[0]} with the dagger") | {"dc": 12, "modifiers": [
            {"value": 1, "why": "attack bonus"}, {"value": 1, "why": "DEX bonus (missile or light weapon)"}]}
        bs.last_action.show([hit], "f0", f"{LONGEST}: attack {real[0]} (with dagger)")
        t.drawn = []
        app.draw()  # the last action's card at the board's foot: each line wraps inside it
        card = bs.last_action.rect
        assert card is not None and bs.last_action.rows
        said = [w for s, _size, bold, w in t.drawn if bold and ("attacks" in s or "attack " in s)]
        assert said and all(w <= card.w - 20 for w in said), (said, card)  # inside its 10 px margins
        chip = t.px(160) - t.px(6)  # a chip's name: 160 px at most at scale 1, growing with the scale (issue 26)
        cut = sorted({(s, shown, w) for s, shown, w, was_cut in t.fits if was_cut and not (s in names and w <= chip)})
        assert cut == [], cut
        wide = sorted({(s, w) for s, _size, _bold, w in t.drawn if w > size[0]})
        assert wide == [], wide
        for who, box in boxes:
            assert bs.board_rect.contains(box), (who, box, bs.board_rect)
        # the panel's head of the longest name: smaller, then two lines, nothing cut
        bs.board.selected = "f0"
        size_, lines = bs.panel._name_lines(LONGEST, bs.right_rect.w - 24 - 40 - 12)
        assert lines <= 2 and size_ >= 15
    finally:
        app.close()


def _names_of_others(layout, fid: str) -> list[pygame.Rect]:
    return [r for what, r in layout.labels if what.startswith("name:") and what != f"name:{fid}"]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_roll_popup_sits_by_its_roller_clear_of_other_names_and_fits_its_die(size: tuple[int, int]) -> None:
    """Issue "9/10": a dice pop-up is over (or beside) the fighter it is about, never over another fighter's
    name and never over the other pop-up of a contest, inside the board; a one-die roll's box is sized to its
    die and its words (about 220 px), not as wide as a cut title. From the rectangles drawn."""
    from game.ui.battle_draw import draw_popups
    from game.ui.popup_layout import MIN_TEXT_W

    # Ann with a neighbour straight above (whose name sits between them) and one beside her
    people = [("ann", "Ann", "red", Hex(4, 4)), ("bob", "Sergeant Petrov", "blue", Hex(4, 3)),
              ("cass", "Gus the Barman", "blue", Hex(5, 3)), ("dan", "Sten the Lancer", "red", Hex(3, 4))]
    battle = _battle([Fighter(id=i, name=n, side=s, hex=h, stats={"ST": 10, "HT": 10}) for i, n, s, h in people])
    app = _watched(battle, size)
    bs = app.battle_scene
    try:
        app.draw()
        layout = bs.board.tokens.layout
        pos = bs.board.token_positions()
        surface = pygame.display.get_surface()
        one = draw_popups(surface, bs.board.camera, [_pop(_roll("ann", "hold on: ST"))], pos, battle, bs.text,
                          bs.pal, bs.board_rect, layout)
        (who, box), = one
        x, y = bs.board.token_screen_pos("ann")
        assert box.w <= MIN_TEXT_W + 20, box  # one die: the box of its die and its words
        assert box.collidelist(_names_of_others(layout, "ann")) < 0, (box, layout.labels)
        assert bs.board_rect.contains(box)
        near = box.inflate(90, 90)
        assert near.collidepoint(x, y), (box, (x, y))  # by its roller, not across the board
        assert box.left <= x <= box.right or box.top <= y <= box.bottom  # over, under or beside the roller
        # a roll with nothing to pass (an initiative die): its die and title, no empty need or verdict rows
        plain = {"type": "roll", "actor": "ann", "label": "initiative roll-off", "dice": [5], "total": 5}
        (_, small), = draw_popups(surface, bs.board.camera, [_pop(plain)], pos, battle, bs.text, bs.pal,
                                  bs.board_rect, layout)
        assert small.w <= MIN_TEXT_W + 20 and small.h <= 90, small
        # a contest: two pop-ups, each by its own roller, neither over the other nor over a third's name
        ev_a, ev_b = _roll("ann", "break free: ST", 3), _roll("bob", "hold on: ST", 3)
        two = draw_popups(surface, bs.board.camera, [_pop(ev_a, True), _pop(ev_b, True)], pos, battle, bs.text,
                          bs.pal, bs.board_rect, layout)
        assert [w for w, _ in two] == ["ann", "bob"]
        assert not two[0][1].colliderect(two[1][1]), two
        for fid, b in two:
            assert b.collidelist(_names_of_others(layout, fid)) < 0, (fid, b)
            assert bs.board_rect.contains(b)
    finally:
        app.close()


def test_a_grip_with_no_hands_counted_says_nothing_of_hands_in_the_panel() -> None:
    """Issue "9/10": edge's one mutual link counts no hands (E-5); the fighter panel read "Holds Bob: torso,
    0 hands". It says who and where only; a grip of one hand still says "1 hand"."""
    from game.model import Grapple

    battle = _battle([Fighter(id="ann", name="Ann", side="red", hex=Hex(3, 3), stats={"ST": 10, "HT": 10}),
                      Fighter(id="bob", name="Bob", side="blue", hex=Hex(4, 3), stats={"ST": 10, "HT": 10})])
    battle.grapples.append(Grapple(holder="ann", target="bob", location="torso", hands=0))
    app = _watched(battle)
    bs = app.battle_scene
    try:
        for fid, other in (("ann", "Holds Bob"), ("bob", "Held by Ann")):
            rows = [p[0] for k, p in bs.panel._rows(bs.session, battle, battle.get(fid), bs.pal, 400) if k == "text"]
            said = [r for r in rows if r.startswith(other)]
            assert said and not any("0 hand" in r for r in said), rows
        battle.grapples[0].hands = 1
        rows = [p[0] for k, p in bs.panel._rows(bs.session, battle, battle.get("ann"), bs.pal, 400) if k == "text"]
        assert any(r.startswith("Holds Bob") and "1 hand" in r for r in rows), rows
    finally:
        app.close()


def test_timeline_chips_widen_for_their_names_where_the_bar_has_room() -> None:
    """Issue "9/10": at 1920x1080 "Gus the Barman" read "Gus the B..." in a 76 px chip with half the bar
    empty; a chip is now as wide as its name needs where the bar has room, so every real name shows whole."""
    real = _longest_real_names(6)
    fighters = [Fighter(id=f"f{i}", name=n, side="red" if i % 2 else "blue", hex=Hex(i, 2),
                        stats={"ST": 10, "HT": 10}) for i, n in enumerate(real)]
    app = _watched(_battle(fighters), (1920, 1080))
    bs = app.battle_scene
    try:
        bs.text.fits = []
        bs.bar._key = None
        app.draw()
        chips = [f for f in bs.text.fits if f[0] in real and f[2] <= 154]
        assert len(chips) >= len(real), chips
        assert not [f for f in chips if f[3]], [f for f in chips if f[3]]
    finally:
        app.close()


def test_a_plural_sides_initiative_line_agrees() -> None:
    """G3-3 in the turn bar: "The Raiders move first", "The Raiders choose", "Depot Guard moves first"."""
    from game.ui.hud.initiative_bar import side_roll_lines

    info = {"side_names": {"r": "The Raiders", "d": "Depot Guard"}, "side_rolls": {"r": 1, "d": 3},
            "winner": "r", "moves_first": "r", "phase": "movement", "moving_side": "r"}
    assert side_roll_lines(info)[0] == "Initiative: The Raiders 1 v Depot Guard 3 \u2014 The Raiders move first"
    assert side_roll_lines(info | {"moves_first": "d"})[0].endswith("Depot Guard moves first")
    assert side_roll_lines(info | {"phase": "choose", "moves_first": None})[1] == \
        "The Raiders choose: move first or second"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_floating_number_stays_by_its_fighter_off_other_names(size: tuple[int, int]) -> None:
    """Issue "9/10": a damage number rises over the fighter it is about and never covers another fighter's
    name (the frame's label layout, from the rectangles placed), even with neighbours all round."""
    from game.ui.event_player import Floater

    people = [("ann", "Ann", "red", Hex(4, 4)), ("bob", "Sergeant Petrov", "blue", Hex(4, 3)),
              ("cass", "Gus the Barman", "blue", Hex(5, 3)), ("dan", "Sten the Lancer", "red", Hex(3, 4)),
              ("edda", "Edda", "blue", Hex(3, 5)), ("finn", "Finnegan", "red", Hex(5, 4))]
    battle = _battle([Fighter(id=i, name=n, side=s, hex=h, stats={"ST": 10, "HT": 10}) for i, n, s, h in people])
    app = _watched(battle, size)
    bs = app.battle_scene
    try:
        wx, wy = bs.board.token_positions()["ann"]
        bs.player.floaters.append(Floater("-12", wx, wy, (255, 80, 80), big=True, life=1e9))
        app.draw()
        layout = bs.board.tokens.layout
        caps = [r for what, r in layout.labels if what.startswith("caption:")]
        assert len(caps) == 1, layout.labels
        cap = caps[0]
        assert cap.collidelist(_names_of_others(layout, "ann")) < 0, (cap, layout.labels)
        x, y = bs.board.token_screen_pos("ann")
        assert abs(cap.centerx - x) <= 60 and abs(cap.centery - y) <= 140, (cap, (x, y))
    finally:
        app.close()


def test_the_new_battle_menu_names_scenarios_as_their_files_do_never_by_file_stem(tmp_path, monkeypatch) -> None:
    """Issue "9/10": the scenario drop-down read "tavern_edge", "compound_nd6" (file stems); it lists each
    scenario's own name ("Broken Flagon: edge brawl"), and choosing one loads that file."""
    import re

    from game.ui.settings import Settings

    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))
    app = App(None, (1280, 800), clock=FixedClock(16), settings=Settings(animation_speed="instant"))
    try:
        _step(app)
        _click(app, app.scene.button_named("new").rect.center)
        menu = app.scene
        dd = next(w for w, k in menu.dropdowns.items() if k == "scenario")
        options = [o[0] if isinstance(o, tuple) else o for o in dd.options_list]
        assert "Broken Flagon: edge brawl" in options, options
        stems = {p.stem for p in menu.scenarios}
        assert not [o for o in options if o in stems or re.search(r"\b[a-z0-9]+_[a-z0-9_]+\b", o)], options
        menu.choose("scenario", "Broken Flagon: edge brawl")
        assert menu.scenario.name == "tavern_edge.toml" and menu.ruleset == "edge"
    finally:
        app.close()


def test_the_space_hint_names_a_fighter_with_a_persons_possessive() -> None:
    """A fighter is one person whatever the name ends in: "Space: pass Hildegard Wolfensberger-Oakes's ...",
    never "Oakes' ..." (a side's plural name keeps "The Sailors' turn")."""
    from game.ui.modes import space_words

    class _Scene:
        actor = "f0"

        def name(self, fid):
            return "Hildegard Wolfensberger-Oakes"

        class session:  # noqa: N801 - a stand-in with the one call the hint makes
            class ctl:  # noqa: N801
                @staticmethod
                def initiative():
                    return {"phases": ["movement"], "phase": "movement"}

    said = space_words(_Scene())
    assert "Space: pass Hildegard Wolfensberger-Oakes's movement phase" in said, said
