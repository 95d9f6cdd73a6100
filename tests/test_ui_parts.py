"""The battle screen's parts on their own: settings file, event player, words, rules help, menu, computer seat."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from concurrent.futures import Future  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.hexgrid import Hex  # noqa: E402
from game.model import Battle, Board, Fighter, Side  # noqa: E402
from game.rules.base import Option, Reason  # noqa: E402
from game.ui.describe import main_chance, odds_meaning, roll_line  # noqa: E402
from game.ui.event_player import EventPlayer  # noqa: E402
from game.ui.settings import Settings, load_settings, save_settings, settings_path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


# --- settings -----------------------------------------------------------------------------------

def test_settings_round_trip_in_the_config_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path))
    s = Settings(window_size=(1600, 900), animation_speed="instant", palette="colour-blind", handover=False)
    assert save_settings(s) is None
    assert settings_path() == tmp_path / "settings.json"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # the atomic write left no temp file
    back, problem = load_settings()
    assert problem is None and back == s


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", ""])
def test_a_broken_settings_file_gives_defaults_and_a_sentence(tmp_path, content):
    p = tmp_path / "settings.json"
    p.write_text(content)
    s, problem = load_settings(p)
    assert s == Settings() and problem and str(p) in problem


def test_bad_fields_fall_back_one_by_one(tmp_path):
    p = tmp_path / "settings.json"
    p.write_text(json.dumps({"palette": "colour-blind", "ui_scale": 9, "animation_speed": "warp", "bogus": 1}))
    s, problem = load_settings(p)
    assert s.palette == "colour-blind" and s.ui_scale == 1.0 and s.animation_speed == "normal"
    assert "ui_scale" in problem and "animation_speed" in problem and "bogus" in problem


def test_the_app_shows_a_bad_settings_file_in_game(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("CLINCH_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "settings.json").write_text("{oops")
    from game.ui.app import App
    from game.ui.clock import FixedClock

    pygame.display.init()
    a = App(ROOT / "maps" / "arena.toml", (1024, 700), clock=FixedClock(), autosave=False,
            seat={"red": "human", "blue": "human"})
    bs = a.battle_scene
    assert bs.toasts and "settings.json" in bs.toasts[0][0]
    a.step()
    a.close()


# --- the event player ----------------------------------------------------------------------------

def small() -> Battle:
    return Battle(board=Board.open_field(8, 6), sides=[Side(id="red"), Side(id="blue")], fighters=[
        Fighter(id="ann", side="red", hex=Hex(1, 1)), Fighter(id="bob", side="blue", hex=Hex(4, 1))])


ENTRY = {"step": "intent", "intent": {"actor": "ann", "type": "grapple", "target": "bob"}, "events": [
    {"type": "move", "actor": "ann", "target": "ann", "to": [3, 1], "path": [[2, 1], [3, 1]]},
    {"type": "roll", "actor": "ann", "label": "grapple", "base": 12, "modifiers": [], "target": 12,
     "dice": [3, 4, 2], "total": 9, "success": True, "margin": 3},
    {"type": "grapple_start", "actor": "ann", "grapple": {"holder": "ann", "target": "bob", "location": "neck",
                                                          "hands": 2, "kind": "grapple"}},
    {"type": "damage", "actor": "ann", "target": "bob", "amount": 2, "injury": 2},
    {"type": "posture", "actor": "ann", "target": "bob", "posture": "prone"},
]}


def test_the_player_applies_events_on_the_shadow_in_time():
    shadow = small()
    heard = []
    p = EventPlayer(1.0)
    p.listener = lambda entry, ev: heard.append(ev["type"])
    p.play([ENTRY], shadow)
    assert p.busy and shadow.fighter("ann").hex == Hex(1, 1)
    p.update(170)  # half the walk: the token is between hexes, the shadow not moved yet
    mid = p.token_override(lambda qr: (qr[0] * 100.0, qr[1] * 100.0))
    assert 100.0 < mid["ann"][0] < 300.0 and shadow.fighter("ann").hex == Hex(1, 1)
    for _ in range(400):
        p.update(16)
        if not p.busy:
            break
    assert not p.busy
    assert shadow.fighter("ann").hex == Hex(3, 1) and shadow.fighter("bob").posture == "prone"
    assert shadow.grapples and shadow.fighter("bob").hp is not None
    assert heard == ["move", "roll", "grapple_start", "damage", "posture"]


def test_instant_speed_and_finish_play_everything_at_once():
    shadow = small()
    p = EventPlayer(0.0)
    p.play([ENTRY], shadow)
    assert not p.busy and shadow.fighter("bob").posture == "prone"
    shadow2 = small()
    q = EventPlayer(1.0)
    q.play([ENTRY], shadow2)
    q.update(50)
    q.finish()
    assert not q.busy and shadow2.fighter("ann").hex == Hex(3, 1) and len(q.played) == 5


def test_dice_pop_up_tumbles_then_settles():
    p = EventPlayer(1.0)
    p.play([{"events": [ENTRY["events"][1]]}], small())
    p.update(16)
    first = p.popups()
    assert first and not first[0]["settled"]
    p.update(800)
    pop = p.popups()[0]
    assert pop["settled"] and pop["faces"] == [3, 4, 2]


def test_g3_3_order_rolls_pop_up_together_not_one_after_another():
    """G3-3: a round's side dice and roll-offs are plain order rolls (no target, modifiers or verdict): they pop
    up at once above their rollers (nd6's round began with ten pop-ups, about ten seconds, under Xvfb); a roller
    who rolls again starts the next group; a roll with a verdict is never folded in; every event is still played."""
    def order(actor, label, face):
        return {"type": "roll", "actor": actor, "label": label, "rule": "G3-3", "base": 0, "modifiers": [],
                "dice": [face], "total": face}

    events = [order("ann", "initiative: red", 4), order("bob", "initiative: blue", 2),
              order("ann", "initiative roll-off", 5), order("bob", "initiative roll-off", 1),
              dict(ENTRY["events"][1])]
    heard = []
    p = EventPlayer(1.0)
    p.listener = lambda entry, ev: heard.append(ev.get("label"))
    p.play([{"events": events}], small())
    p.update(16)
    assert [pop["roll"]["label"] for pop in p.popups()] == ["initiative: red", "initiative: blue"]
    waits = [a.duration for a in p.queue if a.duration > 0]
    assert len(waits) == 2  # the roll-offs together, then the grapple roll on its own
    for _ in range(400):
        p.update(16)
        if not p.busy:
            break
    assert heard == [e.get("label") for e in events]


def test_a_condition_floats_in_the_rulesets_words():
    """S3-FIRE-4: the caption over a token that catches fire reads the ruleset's words, not the id."""
    import game.rules  # noqa: F401, PLC0415
    from game.ui.event_player import _condition_words  # noqa: PLC0415

    b = small()
    b.ruleset = "nd6-tactical"
    assert _condition_words(b)("on_fire_whole") == "on fire (whole body)"
    assert _condition_words(None)("on_fire_whole") == "on fire whole"


# --- words ---------------------------------------------------------------------------------------

def test_the_percentage_says_what_it_is_the_chance_of():
    b = small()

    class A:
        type = "grapple"
        target = "bob"

    text = odds_meaning(b, A(), {"hit": 0.38, "defended": 0.4, "miss": 0.22})
    assert text.startswith("38% = the chance the grip takes hold") and "defended 40%" in text
    assert main_chance({"win": 0.5, "tie": 0.1, "lose": 0.4}) == ("win", 0.5)
    assert main_chance({"done": 1.0}) == ("done", None)


def test_a_roll_in_words_names_the_target_and_the_verdict():
    line = roll_line(small(), ENTRY["events"][1])
    assert "needs 12 or less" in line and "rolled 9" in line and "success by 3" in line


# --- rules help ------------------------------------------------------------------------------------

def test_rules_help_by_id_search_and_variant_alias():
    from game.rules.base import find_ruleset
    from game.ui.rules_help import help_for

    lite = help_for(find_ruleset("3d6-lite"))
    assert lite.lookup("S0-GRAB-4") is not None and "head" in lite.lookup("S0-GRAB-4").text.lower()
    assert {e.id for e in lite.search("pin helpless")} >= {"S0-PIN-6"}
    full = find_ruleset("3d6-full")
    mapped = next(iter(getattr(full, "rule_map", {}).items()), None)
    if mapped is not None and help_for(full).lookup(mapped[0]) is not None:
        assert help_for(full).lookup(mapped[1]) is not None
    full_help = help_for(full)
    assert any(e.id.startswith("S2") for e in full_help.search("strangle"))
    assert any(e.area.startswith("Core") for e in full_help.entries)  # 3d6-full inherits the G0 core...
    assert not any(e.id.startswith("S0") for e in full_help.entries)  # ...and shows S2, not S0


def _help_sections() -> dict[str, str]:
    """Checklist section -> its ruleset, from each registered ruleset's ``sections`` (a new ruleset needs no
    edit here: its help must cover its section the day it registers)."""
    import game.rules  # noqa: F401
    from game.rules.base import RULESETS

    return {sec: rs.id for rs in RULESETS.values() for sec in rs.sections}


def _help_gaps() -> list[tuple[str, str]]:
    """(gap prefix, ruleset): a seed's own gaps (S2 -> G2) and the ones every ruleset shares (GX)."""
    return [(f"G{sec[1:]}", rid) for sec, rid in _help_sections().items()] + [
        ("GX", rid) for rid in sorted(set(_help_sections().values()))]


def _checklist():
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("rules_coverage", ROOT / "tools" / "rules_coverage.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("rules_coverage", mod)  # its dataclasses look themselves up there
    spec.loader.exec_module(mod)
    return mod.load_checklist()  # ../shared/rules/CHECKLIST.md, and the rulesets' own rule_ids.txt


def test_rules_help_has_a_summary_for_every_checklist_rule_of_every_ruleset():
    from game.rules.base import find_ruleset
    from game.ui.rules_help import help_for

    ids = _checklist().ids
    for section, ruleset in _help_sections().items():
        helps = help_for(find_ruleset(ruleset))
        assert ids.get(section), section
        missing = [i for i in ids[section] if i not in helps._by_id]
        assert not missing, f"{ruleset}: no summary for {missing}"
        extra = [e.id for e in helps.entries if e.id.startswith(section + "-") and e.id not in ids[section]]
        assert not extra, f"{ruleset}: summaries of unknown IDs {extra}"
        assert all(len(e.text) < 400 and e.area for e in helps.entries), ruleset  # short, grouped
    gaps = ROOT.parent / "shared" / "rules" / "GAPS.md"
    if gaps.is_file():  # every house rule (G-id) of those rulesets is explained too
        import re

        gids = re.findall(r"^\*\*(G[0-9X]-\d+)", gaps.read_text(encoding="utf-8"), re.M)
        for prefix, ruleset in _help_gaps():
            helps = help_for(find_ruleset(ruleset))
            missing = [g for g in gids if g.startswith(prefix + "-") and helps.lookup(g) is None]
            assert not missing, f"{ruleset}: no summary for {missing}"
            assert all(helps.lookup(g).text.lower().startswith(("house rule", "three")) for g in gids
                       if g.startswith(prefix + "-")), ruleset


def test_rules_help_search_finds_by_id_area_and_words_in_every_ruleset():
    from game.rules.base import find_ruleset
    from game.ui.rules_help import help_for

    for ruleset, words in {"edge": "pin prone", "d20": "wrestling escape", "3d6-full": "choke"}.items():
        helps = help_for(find_ruleset(ruleset))
        hits = helps.search(words)
        assert hits and len(hits) < len(helps.entries), ruleset
        first = helps.entries[0]
        assert first in helps.search(first.id.lower()) and first in helps.search(first.area.upper())


def test_rules_help_is_in_our_own_words_not_the_seed_texts():
    """No run of 8 words of any summary, in any help file, appears in any seed text."""
    import re

    seeds = ROOT.parent / "shared" / "rules" / "seeds"
    if not seeds.is_dir():
        pytest.skip("../shared/rules/seeds is missing")
    words = re.compile(r"[a-z0-9]+")
    seed_words = words.findall(" ".join(p.read_text(errors="ignore") for p in seeds.iterdir() if p.is_file()).lower())
    runs = {tuple(seed_words[i:i + 8]) for i in range(len(seed_words) - 7)}
    files = [*sorted((ROOT / "assets" / "rules_help").glob("*.json")),
             *sorted((ROOT / "game" / "rules").glob("*/rules_help*.json"))]
    assert len(files) >= 7
    copied = []
    for f in files:
        for r in json.loads(f.read_text(encoding="utf-8"))["rules"]:
            w = words.findall(r["text"].lower())
            copied += [(f.name, r["id"], " ".join(w[i:i + 8])) for i in range(len(w) - 7) if tuple(w[i:i + 8]) in runs]
    assert not copied


# --- the action menu -------------------------------------------------------------------------------

def test_menu_groups_by_action_and_maneuver_and_folds_reasons():
    from game.rules.threed6 import grappling as G
    from game.ui.action_menu import group_options

    opts = [Option(G.Grab("ann", target="bob", location="torso")),
            Option(G.Grab("ann", target="bob", location="neck", maneuver="all_out_attack")),
            Option(G.Pin("ann", target="bob"), Reason("Bob is standing", "S0-PIN-1"))]

    class S:
        def odds(self, a):
            return {"hit": 0.5, "defended": 0.3, "miss": 0.2}

    groups = group_options(opts, S(), small())
    titles = [g.title for g in groups]
    assert titles[0] == "Grapple" and titles[1].startswith("Grapple \u2014 all-out")
    pin = next(g for g in groups if g.kind == "pin")
    assert not pin.enabled and pin.illegal[0].reason.rule == "S0-PIN-1"
    assert groups[0].key == "G" and groups[1].key is None and groups[0].best() == 0.5


# --- a computer seat -------------------------------------------------------------------------------

class _Now:
    """A computer player that answers at once with a fixed choice (or nothing)."""

    def __init__(self, pick):
        self.pick = pick

    def decide_async(self, battle, ruleset, fid):
        from game.ai import Decision

        f: Future = Future()
        f.set_result(Decision(fighter=fid, action=self.pick(battle, fid), score=0.0, reason="test"))
        return f

    def cancel(self):
        pass

    def close(self):
        pass


def test_the_computer_acts_through_the_controller_and_passes_on_nonsense():
    from game.files.maps import load_scenario
    from game.rules.threed6 import grappling as G
    from game.ui.session import new_session

    b = load_scenario(ROOT / "maps" / "arena.toml")
    s = new_session(b, seat={"red": "ai", "blue": "ai"}, autosave=False,
                    ai_factory=lambda: _Now(lambda battle, fid: G.Pin(fid, target="nobody")))
    first = s.whose_turn()
    got = s.poll_computer()
    assert got is not None
    result, decision = got
    assert result.ok and s.whose_turn() != first and "passes" in (s.ai_problem or "")


def test_the_computers_thinking_time_is_a_setting(tmp_path, monkeypatch):
    """Default 200 ms a decision; a bad value falls back with a sentence; a running battle takes a new one."""
    from game.ui.settings import settings_from_dict

    s, problem = settings_from_dict({"ai_budget_ms": 500})
    assert problem is None and s.ai_budget_ms == 500
    s, problem = settings_from_dict({"ai_budget_ms": "fast"})
    assert s.ai_budget_ms == 200 and "ai_budget_ms must be a whole number of milliseconds" in problem

    from game.ui.app import App
    from game.ui.clock import FixedClock
    from game.ui.menus.settings_menu import SettingsMenu

    monkeypatch.setenv("CLINCH_CONFIG_DIR", str(tmp_path))
    app = App(Path(__file__).resolve().parents[1] / "maps" / "arena.toml", (1280, 800), clock=FixedClock(),
              autosave=False, settings=Settings())
    session = app.battle_scene.session
    assert session.ai_budget_ms == 200
    menu = SettingsMenu(app)
    rows = {key: (choices, now) for key, _, choices, now in menu.rows()}
    assert rows["ai_budget_ms"] == (["0.05 s", "0.1 s", "0.2 s", "0.5 s", "1 s", "2 s"], "0.2 s")
    menu.set("ai_budget_ms", "1 s")
    assert app.settings.ai_budget_ms == 1000 and session.ai_budget_ms == 1000
    assert load_settings()[0].ai_budget_ms == 1000  # saved at once
