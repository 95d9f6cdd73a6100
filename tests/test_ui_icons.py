"""Tokens that say who a fighter is (issue 26): the game-icons.net icons load, every icon the code names is
shipped, each ruleset's fighters get their figure and the item in hand, a missing or broken icon draws the
letter as before, and the Credits screen (from the main menu) names every author of the credits file."""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import sys
import tomllib

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_fixtures import ROOT, click, fresh_ui_dirs, new_app, press  # noqa: E402,F401  (autouse here)

from game.model import Fighter  # noqa: E402
from game.rules import RULESETS  # noqa: E402
from game.ui.icon_atlas import ICON_DIR, IconAtlas  # noqa: E402
from game.ui.looks import FIST, ROLE_ICONS, every_icon, item_look, look_of  # noqa: E402

CREDITS = ICON_DIR / "credits.json"


def _vendor():
    spec = importlib.util.spec_from_file_location("vendor_icons", ROOT / "tools" / "vendor_icons.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("vendor_icons", mod)
    spec.loader.exec_module(mod)
    return mod


def test_every_icon_the_code_names_is_shipped_and_draws():
    """Each icon of game.ui.looks is a file of assets/icons that renders to something, in any colour."""
    atlas = IconAtlas()
    shipped = {p.stem for p in ICON_DIR.glob("*.svg")}
    for name in sorted(every_icon()):
        assert name in shipped, f"{name}.svg is not in assets/icons (add it to tools/vendor_icons.py ICONS)"
        img = atlas.get(name, 24, (250, 246, 232))
        assert img is not None and img.get_size() == (24, 24), name
        assert img.get_bounding_rect().w > 6, f"{name} drew almost nothing"
    assert not atlas.failed


def test_the_icon_folder_is_the_vendor_list_and_the_credits_name_each():
    """assets/icons holds exactly tools/vendor_icons.py's icons, and the credits file one entry per icon with
    its author and the CC BY 3.0 licence."""
    vendor = _vendor()
    shipped = {p.name for p in ICON_DIR.glob("*.svg")}
    assert shipped == {f"{game}.svg" for game in vendor.ICONS.values()}
    data = json.loads(CREDITS.read_text(encoding="utf-8"))
    assert data["license"]["spdx"] == "CC-BY-3.0" and data["license"]["url"].startswith("https://creativecommons")
    assert {i["file"] for i in data["icons"]} == shipped
    assert all(i["author"] in data["authors"] for i in data["icons"])


def test_vendoring_again_writes_the_same_bytes(tmp_path):
    """The script re-creates assets/icons byte for byte from the package's data (here a package folder made of
    the shipped icons themselves, so the test needs no network)."""
    vendor = _vendor()
    pkg = tmp_path / "package"
    pkg.mkdir()
    icons = {}
    for name, game in vendor.ICONS.items():
        svg = (ICON_DIR / f"{game}.svg").read_text(encoding="utf-8")
        body = svg[svg.index(">") + 1: svg.rindex("</svg>")]
        icons[name] = {"body": body}
    (pkg / "icons.json").write_text(json.dumps({"prefix": "game-icons", "icons": icons, "width": 512,
                                                "height": 512}), encoding="utf-8")
    data = json.loads(CREDITS.read_text(encoding="utf-8"))
    info = {"name": data["collection"], "author": data["collection_author"],
            "license": {"title": data["license"]["title"], "spdx": data["license"]["spdx"]}}
    (pkg / "info.json").write_text(json.dumps(info), encoding="utf-8")
    out = tmp_path / "icons"
    vendor.write(pkg, out)
    for path in ICON_DIR.iterdir():
        assert (out / path.name).read_bytes() == path.read_bytes(), path.name


def _roster_fighters(ruleset):
    path = ruleset.roster_path()
    if path is None or not path.is_file():
        return []
    with open(path, "rb") as fh:
        archetypes = tomllib.load(fh).get("archetypes", [])
    return [Fighter(id=f"f{i}", side="a", hex=(0, 0), name=a["name"], hands=dict(a.get("hands", {})),
                    skills=dict(a.get("skills", {})), items=list(a.get("items", [])), traits=dict(a.get("traits", {})))
            for i, a in enumerate(archetypes)]


# the shipped rulesets only: other test modules register stand-ins (no roster) into the same registry
@pytest.mark.parametrize("rid", sorted(r for r, rs in RULESETS.items() if rs.__module__.startswith("game.rules.")))
def test_each_rulesets_fighters_get_their_figure_and_item(rid):
    """Every ready-made fighter of every ruleset's roster has a role figure, its weapon in hand on the token
    (bare hands: the fist), and its token draws the figure (not the letter)."""
    from game.hexgrid import Hex
    from game.ui.geometry import MapGeometry
    from game.ui.text import TextCache
    from game.ui.tokens import TokenLayer

    ruleset = RULESETS[rid]()
    fighters = _roster_fighters(ruleset)
    assert fighters, f"{rid} has no roster to test"
    layer = TokenLayer(MapGeometry(columns=4, rows=4, tile_width=52, tile_height=60, hex_side=30), TextCache())
    layer.ruleset = ruleset
    for f in fighters:
        f.hex = Hex(0, 0)
        look = look_of(ruleset, f)
        assert look.icon in ROLE_ICONS.values()
        held = [h for h in f.hands.values() if h]
        if not held and look.role != "mount":  # a horse holds nothing and has no fist
            assert look.items == (FIST,), f.name
        elif any(item_look(ruleset, h)[0] for h in held):
            assert look.items, f.name
        kw = dict(shape="circle", colour=(40, 90, 200), letter="X", facing=0, posture="standing", radius_px=20)
        letter, _ = layer.image(**kw)
        face, _ = layer.image(**kw, figure=look.icon, items=look.items)
        assert pygame.image.tobytes(face, "RGBA") != pygame.image.tobytes(letter, "RGBA"), f.name
    assert not layer.icons.failed


def test_items_say_the_role():
    """The role follows what is in hand, by the item's words or the ruleset's facts about it."""

    class Rules:
        items = {"zapper": {"kind": "missile", "tags": ["firearm"]}, "thing": {"kind": "gear"}}

    def role(**hands):
        return look_of(Rules, Fighter(id="a", side="s", hex=(0, 0), hands=hands)).role

    assert role(right="pistol", left="knife") == "gunman"
    assert role(right="broadsword", left="shield") == "swordsman"
    assert role(right="zapper") == "gunman"  # by its tag
    assert role(right="frag_grenade") == "grenadier"
    assert role(right="flamethrower") == "flamer"
    assert role(right="longbow") == "archer" and role(right="light_crossbow") == "archer"
    assert role(right="poleaxe") == "spearman" and role(right="hand_axe") == "warrior"
    assert role(right="thing") == "fighter"
    wrestler = Fighter(id="w", side="s", hex=(0, 0), skills={"Wrestling": 14})
    assert look_of(Rules, wrestler).role == "wrestler" and look_of(Rules, wrestler).items == (FIST,)
    assert look_of(Rules, Fighter(id="m", side="s", hex=(0, 0), traits={"mount": True})).role == "mount"


def test_a_missing_or_broken_icon_draws_the_letter_with_one_log_line(tmp_path, caplog):
    """No file, or a file that is not an SVG: the token is today's letter token, logged once, no crash."""
    from game.ui.geometry import MapGeometry
    from game.ui.text import TextCache
    from game.ui.tokens import TokenLayer

    (tmp_path / "role-broken.svg").write_text("<svg><path d='M 0 0 Z' this is not svg", encoding="utf-8")
    layer = TokenLayer(MapGeometry(columns=4, rows=4, tile_width=52, tile_height=60, hex_side=30), TextCache())
    layer.icons = IconAtlas(tmp_path)
    kw = dict(shape="square", colour=(200, 60, 40), letter="A", facing=2, posture="standing", radius_px=18)
    plain, _ = layer.image(**kw)
    with caplog.at_level(logging.WARNING, logger="game.ui.icon_atlas"):
        for name in ("role-missing", "role-broken", "role-missing"):
            img, _ = layer.image(**kw, figure=name, items=("item-missing",))
            assert pygame.image.tobytes(img, "RGBA") == pygame.image.tobytes(plain, "RGBA"), name
            layer._images.clear()
    assert set(layer.icons.failed) == {"role-missing", "role-broken", "item-missing"}
    lines = [r for r in caplog.records if r.name == "game.ui.icon_atlas"]
    assert len(lines) == 3, [r.getMessage() for r in lines]


def test_the_credits_screen_from_the_main_menu_names_every_author():
    """Main menu -> Credits at 1024x640: scrolled to the end, every author of the credits file and every icon
    line has been on screen, inside the panel; Esc goes back to the main menu."""
    from game.ui.menus.credits_screen import CreditsScreen
    from game.ui.menus.main_menu import MainMenu

    app = new_app(size=(1024, 640))
    app.step()
    assert isinstance(app.scene, MainMenu)
    click(app, app.scene.button_named("credits").rect.center)
    screen = app.scene
    assert isinstance(screen, CreditsScreen)
    seen: list[str] = []
    for _ in range(60):
        app.draw()
        for text, rect in screen.drawn:
            assert screen.panel.contains(rect) or rect.h > screen.panel.h, text
        seen += [t for t, _ in screen.drawn]
        if screen.scroll >= screen.max_scroll:
            break
        press(app, pygame.K_PAGEDOWN)
    shown = " ".join(seen)
    data = json.loads(CREDITS.read_text(encoding="utf-8"))
    for author in data["authors"]:
        assert author in shown, author
    for icon in data["icons"]:
        assert icon["file"] in shown, icon["file"]
    assert screen.max_scroll > 0, "at 1024x640 the list is longer than the panel: it scrolls"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)
    app.close()


def test_a_broken_credits_file_is_one_sentence(tmp_path):
    from game.ui.menus.credits_screen import credit_lines

    bad = tmp_path / "credits.json"
    bad.write_text("{not json", encoding="utf-8")
    lines = credit_lines(bad)
    assert len(lines) == 1 and lines[0][0] == "error" and str(bad) in lines[0][1]
    assert credit_lines(tmp_path / "none.json")[0][0] == "error"


def test_the_icon_tables_name_real_actions_and_conditions():
    """Every action type and condition the icon tables name is one some ruleset has (or a common badge's), so
    a renamed action cannot leave a dead entry behind."""
    from game.ui.looks import ACTION_ICONS, CONDITION_ICONS
    from game.ui.marks import CONDITION_BADGES

    types = {t for cls in RULESETS.values() for t in cls.actions}
    conditions = {c for cls in RULESETS.values() for c in cls.conditions} | set(CONDITION_BADGES)
    assert not set(ACTION_ICONS) - types, sorted(set(ACTION_ICONS) - types)
    assert not set(CONDITION_ICONS) - conditions, sorted(set(CONDITION_ICONS) - conditions)


def test_a_condition_badge_leads_with_its_icon():
    """STUN for ``stunned`` is the knocked-out stars then the letters; a badge with no icon is its letters."""
    from game.ui.marks import _badge_face
    from game.ui.text import TextCache

    text = TextCache()
    letters = text.render("STUN", 13, (12, 12, 16), bold=True)
    face = _badge_face(text, "STUN", 13, (12, 12, 16), {"STUN": "stunned"})
    assert face.get_width() > letters.get_width() + 6 and face.get_height() == letters.get_height()
    plain = _badge_face(text, "ZZZ", 13, (12, 12, 16), {})
    assert plain.get_size() == text.render("ZZZ", 13, (12, 12, 16), bold=True).get_size()


def test_a_tokens_look_follows_what_is_in_hand():
    """The board keeps each fighter's look between frames, and a new weapon in hand (a pick-up, a disarm) or a
    rider mounting changes it at once."""
    from game.ui.tokens import _look

    class Rules:
        items: dict = {}

    cache: dict = {}
    f = Fighter(id="a", side="s", hex=(0, 0), hands={"right": "pistol", "left": None})
    assert _look(cache, Rules, f).role == "gunman"
    assert _look(cache, Rules, f) is _look(cache, Rules, f)
    f.hands["right"] = "broadsword"
    assert _look(cache, Rules, f).role == "swordsman"
    f.hands["right"] = None
    assert _look(cache, Rules, f).items == (FIST,)
    f.conditions.append("mounted")
    assert _look(cache, Rules, f).role == "rider"
