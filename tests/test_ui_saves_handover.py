"""Named saves, the load screen and the hotseat hand-over recap, played with posted events (issue 15).

Ctrl+S asks a name (a sensible one offered), saving over a name asks first,
names are made safe for the file system and shown as typed; the load screen
lists scenario, ruleset, round, date and a thumbnail of the board for each
save, autosaves collapsed under one heading (newest first), a bad file greyed
with its sentence, all from headers (no replay until the player loads). The
hand-over screen tells the next player what the other side did; when it
appears is a setting (every / side / never), validated like the others.
"""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from test_ui_play import ARENA, DICE, SIZE, click, dismiss_handover, move, play_out, press, type_text  # noqa: E402
from ui_fixtures import open_pause  # noqa: E402

from game.files import saves  # noqa: E402
from game.files.save_slots import default_title, list_saves, slot_file_name, slot_path  # noqa: E402
from game.hexgrid import Hex  # noqa: E402
from game.ui.clock import FixedClock  # noqa: E402
from game.ui.settings import Settings, load_settings  # noqa: E402

pytestmark = pytest.mark.skipif(not ARENA.is_file(), reason="maps/arena.toml is missing")


def hotseat(handover="side", size=SIZE):
    from game.ui.app import App

    return App(ARENA, size, clock=FixedClock(16), settings=Settings(animation_speed="instant", handover=handover),
               seat={"red": "human", "blue": "human"}, dice=list(DICE), autosave=False)


def save_named(app, name: str) -> None:
    """Ctrl+S, clear the offered name, type ``name``, Enter."""
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    dialog = app.scene
    dialog.entry.set_text("")
    type_text(app, name)
    press(app, pygame.K_RETURN, unicode="\r")


# -- saving under a name ---------------------------------------------------------------------------

def test_ctrl_s_offers_a_name_and_asks_before_replacing_one(dirs):
    from game.ui.menus.save_dialog import SaveDialog

    app = hotseat()
    try:
        app.step()
        bs = app.battle_scene
        battle = bs.session.battle
        press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
        dialog = app.scene
        assert isinstance(dialog, SaveDialog)
        # the battle's title (its scenario's name, issue 28), not its map's "The Sand Pit"
        assert dialog.entry.get_text() == "Sand Pit: three on three, round 1" == default_title(battle.title, 1)
        press(app, pygame.K_ESCAPE)  # Esc cancels: nothing written
        assert app.scene is bs and not saves.saves_dir().exists()

        save_named(app, "before the pin?")
        path = slot_path("before the pin?")
        assert path.name == "before the pin.json"
        assert app.scene is bs and path.is_file()
        assert bs.toasts[-1][0] == "Saved as \u201cbefore the pin?\u201d."  # as typed, no file-system path
        assert saves.read_header(path).title == "before the pin?"
        first = path.read_bytes()

        # Cass moves, then the same name again: asked first, nothing replaced until Save is pressed again
        click(app, bs.board.hex_screen_pos(Hex(6, 3)))
        play_out(app)
        dismiss_handover(app)
        save_named(app, "before the pin?")
        dialog = app.scene
        assert isinstance(dialog, SaveDialog) and dialog.confirm_for == path
        assert "exists" in dialog.message[0] and path.read_bytes() == first
        assert dialog.button_named("save").text.startswith("Replace")
        app.draw()
        click(app, dialog.button_named("save").rect.center)
        assert app.scene is bs and path.read_bytes() != first
        assert saves.check_save(path)[1].battle.fighter("cass").hex == Hex(6, 3)
    finally:
        app.close()


def test_the_pause_menus_save_asks_the_name_too(dirs):
    from game.ui.menus.pause_menu import PauseMenu
    from game.ui.menus.save_dialog import SaveDialog

    app = hotseat()
    try:
        app.step()
        open_pause(app)
        pause = app.scene
        assert isinstance(pause, PauseMenu)
        click(app, pause.button_named("save").rect.center)
        assert isinstance(app.scene, SaveDialog)
        press(app, pygame.K_RETURN, unicode="\r")
        assert app.scene is pause and pause.message[0] == "Saved as \u201cSand Pit: three on three, round 1\u201d."
        assert (saves.saves_dir() / "Sand Pit_ three on three, round 1.json").is_file()
    finally:
        app.close()


@pytest.mark.parametrize("typed", ["../../outside", "a/b\\c", "..", "CON", "nul.json", " .hidden", "x" * 300,
                                   "tab\there", "\u00e9t\u00e9 \u2603"])
def test_a_typed_name_never_leaves_the_saves_folder(dirs, typed):
    stem = slot_file_name(typed)
    assert stem and len(stem) <= 60 and "/" not in stem and "\\" not in stem and ".." not in stem
    assert not stem.startswith(".") and stem.split(".")[0].lower() not in ("con", "nul")
    assert slot_path(typed).parent == saves.saves_dir()
    assert slot_path(typed).resolve().parent == saves.saves_dir().resolve()


# -- the load screen -------------------------------------------------------------------------------

def make_saves(dirs):
    """Two named saves (one later in the battle), three autosaves and a broken file, with known times."""
    from game.ui.session import new_session

    s = new_session(ARENA, seat={"red": "human", "blue": "human"}, dice=list(DICE), autosave=False)
    early = s.save(slot_path("Early"), title="Early")
    for _ in range(3):
        saves.autosave(s.ctl, saves.autosave_dir())
        s.end_turn()
    while s.battle.round < 2:
        s.end_turn()
    late = s.save(slot_path("Late: after six turns"), title="Late: after six turns")
    broken = saves.saves_dir() / "broken.json"
    broken.write_text('{"format": "clinch-save", "version": 1, "ruleset": "3d6-lite"')
    now = 1_800_000_000
    for k, p in enumerate([early, broken, late]):
        os.utime(p, (now + k, now + k))
    autos = saves.list_autosaves(saves.autosave_dir())
    for k, p in enumerate(autos):
        os.utime(p, (now + k, now + k))
    return early, late, broken, autos, s


def open_load_menu(app):
    from game.ui.menus.load_menu import LoadMenu

    app.step()
    click(app, app.scene.button_named("load").rect.center)
    assert isinstance(app.scene, LoadMenu)
    return app.scene


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_load_screen_shows_each_save_with_its_board_and_groups_the_autosaves(dirs, monkeypatch, size):
    from game.ui.app import App

    early, late, broken, autos, s = make_saves(dirs)
    want = saves.state_hash(s.battle)
    replays = []
    real = saves.check_save
    monkeypatch.setattr(saves, "check_save", lambda *a, **k: replays.append(a) or real(*a, **k))
    app = App(None, size, clock=FixedClock(16), settings=Settings(animation_speed="instant"), autosave=False)
    try:
        menu = open_load_menu(app)
        assert replays == [], "listing replays no save"
        rows = [(kind, e.path if e else None) for _, kind, e in menu.row_rects()]
        assert rows == [("save", late), ("save", broken), ("save", early), ("autos", None)]  # collapsed
        late_row = next(e for _, _, e in menu.row_rects() if e is not None and e.path == late)
        assert late_row.title == "Late: after six turns" and late_row.place == "Sand Pit: three on three"  # its title
        assert late_row.ruleset_name == "3d6 lite grappling" and late_row.header.snapshot.round == 2
        bad = next(e for _, _, e in menu.row_rects() if e is not None and e.path == broken)
        assert bad.problem is not None and "broken.json" in bad.problem and "\n" not in bad.problem

        frame = app.draw()
        rect = next(r for r, _, e in menu.row_rects() if e is not None and e.path == late)
        thumb = pygame.Rect(rect.x + 4 + 6, rect.y + (rect.h - 64) // 2, 96, 64)
        colours = {tuple(frame.get_at((x, y)))[:3] for x in range(thumb.x, thumb.right)
                   for y in range(thumb.y, thumb.bottom)}
        red = (0xC0, 0x39, 0x2B)
        assert red in colours, "the thumbnail shows Red's fighters"
        assert any(abs(c[0] - 206) < 3 and abs(c[1] - 186) < 3 for c in colours), "and the sand of the pit"

        # the autosaves open under their heading, newest first
        head = next(r for r, kind, _ in menu.row_rects() if kind == "autos")
        click(app, head.center)
        listed = [e.path for _, kind, e in menu.row_rects() if kind == "save" and e is not None and e.autosave]
        assert listed == list(reversed(autos))
        app.draw()

        # a bad file: its sentence, nothing loaded
        click(app, next(r for r, _, e in menu.row_rects() if e is not None and e.path == broken).center)
        assert app.scene is menu and "broken.json" in menu.message[0]
        press(app, pygame.K_RETURN, unicode="\r")
        assert app.scene is menu and app.battle_scene is None

        # a double click on a good one loads it, checked in full then
        r = next(r for r, _, e in menu.row_rects() if e is not None and e.path == late)
        click(app, r.center)
        click(app, r.center)
        assert app.battle_scene is not None and saves.state_hash(app.battle_scene.session.battle) == want
        assert len(replays) == 1
    finally:
        app.close()


def test_a_save_whose_board_cannot_be_drawn_gets_a_placeholder(dirs):
    from game.ui.app import App

    early, *_ = make_saves(dirs)
    doc = json.loads(early.read_text())
    doc["initial"]["board"]["cells"] = []
    doc["initial"]["board"]["columns"] = 10**9
    (saves.saves_dir() / "odd.json").write_text(json.dumps(doc))
    named, _ = list_saves()
    assert all(e.problem is None for e in named if e.path.name == "odd.json")
    app = App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant"), autosave=False)
    try:
        menu = open_load_menu(app)
        app.draw()
        entry = next(e for e in menu.named if e.path.name == "odd.json")
        assert menu.thumbnail(entry).get_size() == (96, 64)
    finally:
        app.close()


def test_the_load_screen_lists_nothing_in_an_empty_folder(dirs):
    from game.ui.app import App

    app = App(None, (1024, 640), clock=FixedClock(16), settings=Settings(animation_speed="instant"),
              autosave=False)
    try:
        menu = open_load_menu(app)
        assert [kind for _, kind, _ in menu.row_rects()] == ["empty"]
        app.draw()
        press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN, unicode="\r")
        assert app.scene is menu and "Pick a save" in menu.message[0]
    finally:
        app.close()


# -- the hand-over screen --------------------------------------------------------------------------

def test_the_hand_over_screen_recaps_the_other_sides_turn(dirs):
    """Cass's move, then Edda's grapple (S0-GRAB-1, scripted: Edda succeeds, Cass's defence fails): Blue's
    player reads the move, Red's the grip before the rolls."""
    from game.ui import modes as M
    from game.ui.handover import HandoverScene

    app = hotseat(size=(1024, 640))
    try:
        app.step()
        bs = app.battle_scene
        click(app, bs.board.hex_screen_pos(Hex(6, 3)))
        play_out(app)
        hand = app.scene
        assert isinstance(hand, HandoverScene)
        assert hand.recap == ["Cass moves 6 hexes to (6, 3)"]
        frame = app.draw()
        mid = [frame.get_at((x, y))[:3] for x in range(0, frame.get_width(), 3) for y in range(300, 500, 2)]
        assert any(c == (226, 226, 226) for c in mid), "the recap is written"
        dismiss_handover(app)

        click(app, bs.board.token_screen_pos("cass"))
        assert isinstance(bs.mode, M.Menu)
        grapple = bs.mode.menu.entry_for("group", group_kind="grapple")
        click(app, grapple.rect.center)
        torso = next(e for e in bs.mode.menu.entries if e.kind == "option"
                     and e.option.action.location == "torso" and e.option.action.hands == 1)
        move(torso.rect.center)
        app.step()
        click(app, torso.rect.center)
        play_out(app)
        hand = app.scene
        assert isinstance(hand, HandoverScene) and hand.side == "red"
        grip = next(i for i, line in enumerate(hand.recap) if line.startswith("Edda grips Cass"))
        roll = next(i for i, line in enumerate(hand.recap) if "Edda" in line and "success" in line)
        assert roll < grip, "one action's lines in the order they happened: the roll, then the grip"
        assert all("Cass moves" not in line for line in hand.recap), "only what happened since Red's turn"
        app.draw()
    finally:
        app.close()


def test_the_recap_keeps_to_eight_lines_most_important_first():
    """Past eight lines the moves fold before the injury, and the lines stay in the order they happened."""
    from game.model import Battle, Board, Fighter, Side
    from game.ui.handover import recap_lines

    b = Battle(board=Board.open_field(8, 8), sides=[Side(id="a"), Side(id="b")],
               fighters=[Fighter(id="ann", name="Ann", side="a", hex=Hex(0, 0)),
                         Fighter(id="bob", name="Bob", side="b", hex=Hex(1, 0))])
    b.log = [{"step": "intent", "intent": {"actor": "ann", "type": "wait"}, "events": []}]
    for k in range(12):
        b.log.append({"step": "intent", "intent": {"actor": "bob", "type": "move", "to": [k, 0]},
                      "events": [{"type": "move", "actor": "bob", "target": "bob", "to": [k, 0],
                                  "path": [[k, 0]]}]})
    b.log.append({"step": "intent", "intent": {"actor": "bob", "type": "attack", "target": "ann"},
                  "events": [{"type": "damage", "actor": "bob", "target": "ann", "amount": 3, "injury": 3,
                              "location": "torso"}]})
    lines = recap_lines(b, "a")
    assert len(lines) == 8 and lines[-2].startswith("Ann takes 3 injury") and lines[0].startswith("Bob moves")
    assert lines[-1] == "\u2026 and 6 more in the combat log."
    assert recap_lines(b, "b") == []  # nothing since Bob's side last acted


def test_at_every_human_turn_the_recap_runs_from_that_fighters_last_turn():
    """The hand-over at every human turn: Amy's player learns what Ann (her own side) did since Amy acted."""
    from game.model import Battle, Board, Fighter, Side
    from game.ui.handover import recap_lines

    b = Battle(board=Board.open_field(8, 8), sides=[Side(id="a"), Side(id="b")],
               fighters=[Fighter(id="amy", name="Amy", side="a", hex=Hex(0, 1)),
                         Fighter(id="ann", name="Ann", side="a", hex=Hex(0, 0)),
                         Fighter(id="bob", name="Bob", side="b", hex=Hex(1, 0))])
    b.log = [{"step": "intent", "intent": {"actor": "amy", "type": "wait"}, "events": []},
             {"step": "intent", "intent": {"actor": "bob", "type": "move", "to": [2, 0]},
              "events": [{"type": "move", "actor": "bob", "target": "bob", "to": [2, 0], "path": [[2, 0]]}]},
             {"step": "intent", "intent": {"actor": "ann", "type": "move", "to": [1, 1]},
              "events": [{"type": "move", "actor": "ann", "target": "ann", "to": [1, 1], "path": [[1, 1]]}]}]
    assert recap_lines(b, "a") == []  # the side's last action is Ann's: nothing new for the side
    assert recap_lines(b, "a", fighter="amy") == ["Bob moves 1 hex to (2, 0)", "Ann moves 1 hex to (1, 1)"]


@pytest.mark.parametrize("when, shows", [("side", True), ("every", True), ("never", False)])
def test_the_hand_over_setting_says_when_the_board_hides(dirs, when, shows):
    from game.ui.handover import HandoverScene

    app = hotseat(handover=when)
    try:
        app.step()
        bs = app.battle_scene
        click(app, bs.board.hex_screen_pos(Hex(6, 3)))
        play_out(app)
        assert isinstance(app.scene, HandoverScene) is shows
    finally:
        app.close()


def test_every_turn_hands_over_between_fighters_of_one_side_too():
    from game.ui.handover import handover_due

    assert handover_due("every", True, "red", "red", "cass", "ann")
    assert not handover_due("side", True, "red", "red", "cass", "ann")
    assert handover_due("side", True, "red", "blue", "cass", "edda")
    assert not handover_due("every", True, None, "red", None, "cass")  # the first turn: nobody to hide it from
    assert not handover_due("every", False, "red", "blue", "cass", "edda")  # one human: no hand-over
    assert not handover_due("never", True, "red", "blue", "cass", "edda")
    assert handover_due("banner", True, "red", "blue", "cass", "edda")  # the banner: when the side changes
    assert not handover_due("banner", True, "red", "red", "cass", "ann")


def test_the_hand_over_setting_is_validated_and_reads_the_old_true_false(dirs, tmp_path):
    path = tmp_path / "config" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    for value, want, problem in ((True, "side", False), (False, "never", False), ("every", "every", False),
                                 ("banner", "banner", False), ("sometimes", "banner", True), (3, "banner", True)):
        path.write_text(json.dumps({"handover": value}))
        s, said = load_settings(path)
        assert s.handover == want and (said is not None) is problem
        if problem:
            assert "handover" in said and str(path) in said and "banner, every, side, never" in said


def test_the_settings_menu_sets_when_the_hand_over_appears(dirs):
    import pygame_gui

    from game.ui.app import App
    from game.ui.menus.settings_menu import HANDOVER_TEXT, SettingsMenu

    app = App(None, (1024, 640), clock=FixedClock(16), settings=Settings(animation_speed="instant"),
              autosave=False)
    try:
        app.step()
        click(app, app.scene.button_named("settings").rect.center)
        menu = app.scene
        assert isinstance(menu, SettingsMenu)
        dd = next(w for w, k in menu.dropdowns.items() if k == "handover")
        banner = HANDOVER_TEXT["banner"]  # the default: a banner, nothing hidden
        assert dd.selected_option in (banner, (banner, banner))
        pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=HANDOVER_TEXT["every"],
                                             ui_element=dd, ui_object_id=""))
        app.step()
        assert app.settings.handover == "every"
        assert load_settings()[0].handover == "every"
    finally:
        app.close()


def test_loading_an_autosave_replays_quietly_and_keeps_the_file(dirs):
    """Loading replays the log with autosave off: each replayed step used to write an autosave and rotate the
    oldest away (the file being loaded among them, which then 'could not be read'); once the battle is back
    its autosave is written again, over the same file (it is the same battle)."""
    from game.ui.app import App

    *_, autos, s = make_saves(dirs)
    for _ in range(6):  # an autosave several actions long
        s.end_turn()
    target = saves.autosave(s.ctl, saves.autosave_dir())[-1]
    want = saves.state_hash(saves.check_save(target)[1].battle)
    before = set(saves.list_autosaves(saves.autosave_dir()))
    app = App(None, SIZE, clock=FixedClock(16), settings=Settings(animation_speed="instant"), autosave=True)
    try:
        menu = open_load_menu(app)
        click(app, next(r for r, kind, _ in menu.row_rects() if kind == "autos").center)
        row = next(r for r, _, e in menu.row_rects() if e is not None and e.path == target)
        click(app, row.center)
        press(app, pygame.K_RETURN, unicode="\r")
        assert app.battle_scene is not None, menu.message
        assert saves.state_hash(app.battle_scene.session.battle) == want
        assert target.is_file()
        assert set(saves.list_autosaves(saves.autosave_dir())) == before
        assert saves.read_save(target).battle_id == app.battle_scene.session.ctl.battle_id != ""
    finally:
        app.close()


# -- hostile files in the saves folder -------------------------------------------------------------

_JSON = st.recursive(st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
                     | st.floats(allow_nan=False) | st.text(max_size=12),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                 max_size=4), max_leaves=12)
_FIELDS = ["format", "version", "ruleset", "title", "saved_at", "scenario", "seat", "initial", "snapshot",
           "initial.board", "initial.board.cells", "initial.board.columns", "initial.board.tile_size",
           "initial.board.stagger_axis", "initial.sides", "snapshot.round", "snapshot.fighters",
           "snapshot.fighters.0.hex", "snapshot.fighters.0.side", "snapshot.sides.0.colour"]


def _put(doc, dotted, value):
    *path, last = dotted.split(".")
    node = doc
    for part in path:
        if isinstance(node, list):
            node = node[int(part) % len(node)] if node and part.isdigit() else None
        else:
            node = node.get(part)
        if not isinstance(node, dict | list):
            return
    if isinstance(node, list):
        if node and last.isdigit():
            node[int(last) % len(node)] = value
    else:
        node[last] = value


@pytest.fixture(scope="module")
def good_save(tmp_path_factory):
    from game.ui.session import new_session

    s = new_session(ARENA, seat={"red": "human", "blue": "human"}, dice=list(DICE), autosave=False)
    s.end_turn()
    return s.save(tmp_path_factory.mktemp("good") / "good.json", title="Good").read_text()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_damaged_save_is_listed_with_one_sentence_and_its_picture_never_fails(dirs, good_save, data):
    """Hypothesis: a save with any field replaced by any JSON value, or random bytes, in the saves folder: the
    list reads it (a header or one sentence naming the file) and its thumbnail draws or is the placeholder."""
    from game.ui.thumbnails import board_thumbnail

    folder = saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    if data.draw(st.booleans()):
        (folder / "noise.json").write_bytes(data.draw(st.binary(max_size=200)))
    else:
        doc = json.loads(good_save)
        for _ in range(data.draw(st.integers(1, 3))):
            _put(doc, data.draw(st.sampled_from(_FIELDS)), data.draw(_JSON))
        (folder / "noise.json").write_text(json.dumps(doc))
    named, _ = list_saves()
    assert len(named) == 1
    entry = named[0]
    if entry.problem is not None:
        assert "noise.json" in entry.problem and "\n" not in entry.problem and "Traceback" not in entry.problem
    else:
        h = entry.header
        pic = board_thumbnail(h.initial.board, h.snapshot.sides, h.snapshot.fighters, (96, 64))
        assert pic.get_size() == (96, 64)
        assert entry.title and entry.when and isinstance(entry.ruleset_name, str)
