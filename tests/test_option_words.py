"""Every option a ruleset offers says what it does (issue "a game a new player scores 9/10", part 2): d20's attack
options "careful", "lingering", "staff two" had no word of explanation. Each ruleset supplies a sentence per option
(its ``action_words.OPTION_WORDS``); the menu's hover shows it, by posted events, headless."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

import game.rules  # noqa: E402,F401  (registers every ruleset)
from game.commands._uiargs import load_battle_or_fail  # noqa: E402
from game.hexgrid import hex_neighbor  # noqa: E402
from game.rules.action_words import OPTION_FIELDS, option_words  # noqa: E402
from game.rules.base import RULESETS  # noqa: E402
from game.ui.describe import ruleset_of  # noqa: E402
from game.ui.intent_fields import FIELD_CHOICES, expand  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "maps").glob("*.toml"))


def _offered() -> dict[str, dict[tuple[str, str], set[str]]]:
    """ruleset id -> (action type, field) -> the option values it offers: the values its scenarios' menus list
    (each fighter as the scenario starts, and again with a foe in front of it), the variants the menu adds
    (``FIELD_CHOICES``), every action class's default, and a ruleset's ``results`` (edge's, S1-MENU-1)."""
    out: dict[str, dict[tuple[str, str], set[str]]] = {}

    def add(rid: str, action: object) -> None:
        for name in OPTION_FIELDS:
            v = getattr(action, name, None)
            if isinstance(v, str) and v:
                out.setdefault(rid, {}).setdefault((getattr(action, "type", "?"), name), set()).add(v)

    for path in SCENARIOS:
        b = load_battle_or_fail(path)
        rs = ruleset_of(b)
        for close in (False, True):
            for f in b.fighters:
                if close:
                    foe = next(o for o in b.fighters if o.side != f.side)
                    foe.hex = hex_neighbor(f.hex, f.facing)
                for o in expand(rs.legal_actions(b, f.id), b, rs, None):
                    add(rs.id, o.action)
    for rid, cls in RULESETS.items():
        rs = cls()
        for kind, acls in rs.actions.items():
            fields = {f.name: f for f in dataclasses.fields(acls)} if dataclasses.is_dataclass(acls) else {}
            for name in OPTION_FIELDS:
                f = fields.get(name)
                if f is not None and isinstance(f.default, str) and f.default:
                    out.setdefault(rid, {}).setdefault((kind, name), set()).add(f.default)
                for v in FIELD_CHOICES.get(kind, {}).get(name, ()):
                    if f is not None:
                        out.setdefault(rid, {}).setdefault((kind, name), set()).add(v)
        for v in getattr(rs, "results", None) or {}:
            out.setdefault(rid, {}).setdefault(("result", "option"), set()).add(v)
    return out


def test_every_option_of_every_ruleset_says_what_it_does():
    """S4-RANGED-2, S4-CRIT-5, S4-STAFF-5, G0-4, S1-MENU-1, S3-DISARM-3: each option value any ruleset offers has
    a sentence of that ruleset's own (a full sentence, citing a rule ID) for its hover."""
    offered = _offered()
    assert {"careful", "lingering", "staff_two"} <= offered["d20"][("attack", "option")]
    missing = []
    for rid, by in offered.items():
        rs = RULESETS[rid]()
        for (kind, name), values in sorted(by.items()):
            for v in sorted(values):
                action = type("Probe", (), {name: v, "type": kind})()
                said = option_words(rs, action)
                if not said or not said[0].rstrip().endswith(".") or "-" not in said[0]:
                    missing.append((rid, kind, name, v, said))
    assert not missing, missing


def test_s4_ranged_2_the_hover_of_an_attack_option_says_what_it_does(tmp_path, monkeypatch):
    """S4-CRIT-5, S4-STAFF-5: in the d20 arena, next to a foe, the attack list's "lingering" row's hover says what
    it does (the ruleset's sentence), as the mouse rests on it."""
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path / "config"))
    pygame.display.init()
    pygame.event.clear()
    from test_ui_play import click, move, press

    from game.rules.d20.action_words import OPTION_WORDS
    from game.ui import modes as M
    from game.ui.app import App
    from game.ui.clock import FixedClock

    b = load_battle_or_fail(ROOT / "maps" / "arena_d20.toml")
    for s in b.sides:
        s.control = "human"
    app = App(b, (1280, 800), clock=FixedClock(), resizable=False, autosave=False)
    app.step()
    sc = app.battle_scene
    b = sc.session.battle
    me = b.get(sc.actor)
    foe = next(f for f in b.fighters if f.side != me.side)
    foe.hex = hex_neighbor(me.hex, me.facing)
    me.hands["right"] = "walking_staff"  # a (one-handed) staff in hand: the attack list and its options
    ini = b.state.get("initiative") or {}
    if ini.get("phase") == "movement":  # the hand-to-hand phase of the same initiative number (S4-PHASE-1)
        ini.update(phase="hand-to-hand", slot=[me.id, ini.get("count"), "hand-to-hand"],
                   step=[ini.get("count"), "hand-to-hand"])
    sc.option_cache.key = None
    click(app, sc.board.token_screen_pos(foe.id))
    assert isinstance(sc.mode, M.Menu), (sc.mode, ini)
    press(app, pygame.K_x, unicode="x")
    menu = sc.mode.menu
    rows = [e for e in menu.entries if e.option is not None and getattr(e.option.action, "option", None) == "lingering"]
    assert rows, [e.button.text for e in menu.entries]
    move(rows[0].rect.center)
    app.step()
    app.draw()
    assert menu.hovered is rows[0]
    said = " ".join(t for t, _, _ in menu.info_lines(menu.hovered))
    assert OPTION_WORDS["lingering"] in said, said
    # a greyed option (staff two needs a staff in both hands, a walking staff is one-handed) still says what it
    # would do
    greyed = [e for e in menu.entries if e.kind == "fold" and len(e.folded) == 1
              and getattr(e.option.action, "option", None) == "staff_two"]
    assert greyed, [e.button.text for e in menu.entries]
    move(greyed[0].rect.center)
    app.step()
    said = " ".join(t for t, _, _ in menu.info_lines(menu.hovered))
    assert OPTION_WORDS["staff_two"] in said and "Not allowed" in said, said
    pygame.event.clear()


def test_s4_staff_5_staff_blows_are_offered_on_a_staff_only():
    """S4-STAFF-5, S4-STAFF-6: playtest, the d20 attack list offered "club, staff two: not allowed" and "staff
    second" on a club, a bow and bare hands; a staff's two club blows are listed for a staff alone (greyed on a
    one-handed walking staff, with the rules' reason), never for another weapon."""
    from game.ui.intent_fields import expand

    b = load_battle_or_fail(ROOT / "maps" / "arena_d20.toml")
    rs = ruleset_of(b)
    me = b.fighters[0]
    foe = next(f for f in b.fighters if f.side != me.side)
    foe.hex = hex_neighbor(me.hex, me.facing)

    def staff_rows(hands: dict) -> dict:
        me.hands.clear()
        me.hands.update(hands)
        opts = expand(rs.legal_actions(b, me.id), b, rs, None)
        return {(o.action.item, o.action.option): o.reason for o in opts
                if o.action.type == "attack" and o.action.option in ("staff_two", "staff_second")}

    assert staff_rows({"right": "club"}) == {}
    assert staff_rows({"right": "shortbow"}) == {}
    assert staff_rows({}) == {}
    assert staff_rows({"right": "walking_staff"})[("walking_staff", "staff_two")] is not None  # greyed, not hidden
    assert ("quarterstaff", "staff_two") in staff_rows({"right": "quarterstaff"})
