"""The turn controller pauses when the ruleset needs a choice (edge's result menu after the roll, S1-MENU-1).

``ChoiceNeeded`` (edge: ``ResultNeeded``) from an intent that asks: the
controller answers ``need_choice`` with the menu, keeps the roll's faces and
plays the picked result on exactly those faces; the log holds the chosen
intent (never asking), so saves, loads and replays are exact.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from edge_helpers import HIT, MISS, battle, fighter, grip

from game.files import saves
from game.flow.turns import TurnController, TurnSettings
from game.model import Side
from game.rules.base import ChoiceNeeded
from game.rules.edge.grapple import EnterGrapple, GrappleRoll, ResultNeeded

H, M = HIT, MISS
EDGE_2 = [H, H, M, M, M, M]  # ann 2 points, bob 0: edge 2
ROOT = Path(__file__).resolve().parents[1]


def grappling(**kw):
    b = battle(fighter("ann", "red", (0, 0)), fighter("bob", "blue", (1, 0)), grapples=(grip("ann", "bob"),))
    b.sides = [Side(id="red"), Side(id="blue")]
    b.options["turn_limit"] = 30
    return TurnController(b, "edge", seat={"red": "human", "blue": "human"}, **kw)


def ask(actor="ann", target="bob", **kw):
    return GrappleRoll(actor=actor, target=target, ask=True, **kw)


def legal(need):
    return [o.action.option for o in need.menu if o.legal]


def test_S1_MENU_1_an_asking_grapple_roll_pauses_with_the_menu_and_its_faces():
    """S1-MENU-1: ask=True: the roll is made, nothing is applied, the menu by edge comes back with the faces."""
    tc = grappling(dice=EDGE_2 + [H] * 20)
    assert (tc.battle.state["initiative"]["phase"], tc.whose_turn()) == ("grapple", "ann")
    before = saves.state_hash(tc.battle)
    log_len = len(tc.battle.log)
    res = tc.submit(ask())
    assert res.need_choice and res.status == "need_choice"
    need = res.request
    assert isinstance(need, ChoiceNeeded) and isinstance(need, ResultNeeded)
    assert need is tc.waiting_for_choice
    assert need.edge == 2 and need.data["edge"] == 2 and need.data["contest"]["edge"] == 2
    assert "edge 2" in need.prompt and "ann scored 2 points" in need.prompt
    assert legal(need) == ["escape", "takedown", "drag", "pummel", "throw"]  # no "none": S1-GRAPPLE-5 selects one
    pin = next(o for o in need.menu if o.action.option == "pin")
    assert pin.reason is not None and pin.reason.rule == "S1-MENU-1" and "needs 3" in pin.reason.text
    # each entry is the whole intent to play: the asking one with its option, without ask
    assert all(isinstance(o.action, GrappleRoll) and not o.action.ask and o.action.target == "bob"
               for o in need.menu)
    assert tc.choice_faces == EDGE_2
    assert saves.state_hash(tc.battle) == before and len(tc.battle.log) == log_len
    assert tc.scripted_left[:6] == EDGE_2  # the faces are not spent until the choice is played
    # the controller waits: no other intent, no options, no pass
    assert tc.legal_actions() == []
    assert tc.submit(GrappleRoll(actor="ann", target="bob")).reason.kind == "waiting_for_choice"
    assert tc.end_turn().rejected
    d = res.to_dict()
    assert d["status"] == "need_choice" and d["request"]["data"]["edge"] == 2
    assert {"action": {"actor": "ann", "type": "grapple_roll", "target": "bob", "option": "throw"}} in \
        d["request"]["menu"]


def test_S1_THROW_2_choose_applies_exactly_that_result_with_the_same_roll():
    """S1-THROW-2, S1-MENU-1: choose(throw) plays the throw on the faces shown; the log holds the chosen intent."""
    tc = grappling(dice=EDGE_2 + [H] * 20)
    need = tc.submit(ask()).request
    throw = next(o.action for o in need.menu if o.action.option == "throw")
    res = tc.choose(throw)
    assert res.ok and tc.waiting_for_choice is None
    assert tc.battle.fighter("bob").posture == "prone"
    entry = res.entries[0]
    assert entry["intent"] == {"actor": "ann", "type": "grapple_roll", "target": "bob", "option": "throw"}
    assert entry["dice"] == EDGE_2 and entry["source"] == "scripted"
    contest = next(e for e in entry["events"] if e["type"] == "contest")
    assert contest == need.contest  # the roll shown is the roll that counts
    assert tc.scripted_left == [H] * 20
    assert tc.whose_turn() != "ann" or tc.battle.state["initiative"]["phase"] != "grapple"  # the turn went on
    assert tc.choose(throw).rejected  # nothing asked any more


def test_S1_MENU_1_an_option_the_edge_does_not_pay_for_is_rejected_and_the_controller_still_waits():
    """S1-MENU-1, S1-PIN-8: pin of a standing foe needs edge 3; with edge 2 it is refused with the reason."""
    tc = grappling(dice=EDGE_2 + [H] * 20)
    need = tc.submit(ask()).request
    res = tc.choose(GrappleRoll(actor="ann", target="bob", option="pin", ask=True))
    assert res.rejected and res.reason.rule == "S1-MENU-1" and "does not pay for pin" in res.reason.text
    assert res.request is need and tc.waiting_for_choice is need
    foreign = tc.choose(GrappleRoll(actor="bob", target="ann", option="escape"))
    assert foreign.rejected and foreign.reason.kind == "bad_intent" and tc.waiting_for_choice is need
    assert tc.choose(ask(option="takedown")).ok  # ask on the picked intent is ignored
    assert tc.battle.fighter("bob").posture == "prone" and tc.battle.fighter("ann").posture == "prone"
    assert tc.battle.log[-1]["intent"]["option"] == "takedown" or any(
        e.get("intent", {}).get("option") == "takedown" for e in tc.battle.log)


def test_S1_DRAG_2_a_choice_may_fill_in_fields_the_menu_left_open():
    """S1-DRAG-2: drag from the menu with a destination picked: a refinement of the entry, checked by the rules."""
    tc = grappling(dice=[H, M, M, M, M, M] + [H] * 20)  # edge 1
    need = tc.submit(ask()).request
    assert legal(need) == ["escape", "takedown", "drag", "pummel"]
    bad = tc.choose(GrappleRoll(actor="ann", target="bob", option="drag", to=(5, 5)))
    assert bad.rejected and bad.reason.rule == "S1-DRAG-2" and tc.waiting_for_choice is need
    res = tc.choose(GrappleRoll(actor="ann", target="bob", option="drag", to=(-1, 0), foe_to=(0, 0)))
    assert res.ok
    assert tc.battle.fighter("ann").hex.q == -1 and tc.battle.fighter("bob").hex.q == 0


def test_cancel_choice_lets_the_rules_choose_on_the_same_faces():
    """S1-GRAPPLE-5: cancelling does not re-roll: the engine's own pick on the same faces, logged without ask."""
    tc = grappling(dice=EDGE_2 + [H] * 20)
    tc.submit(ask())
    res = tc.cancel_choice()
    assert res.ok and res.entries[0]["dice"] == EDGE_2
    assert res.entries[0]["intent"] == {"actor": "ann", "type": "grapple_roll", "target": "bob"}
    assert any(" takes " in e.get("text", "") and "pays for" in e.get("text", "") for e in res.events)
    assert tc.cancel_choice().rejected


def test_S1_MENU_1_enter_grapple_asks_after_its_immediate_roll():
    """G1-3, S1-MENU-1: enter_grapple with edge >= 1 rolls at once; the menu entries are enter_grapple intents."""
    b = battle(fighter("ann", "red", (0, 0)), fighter("bob", "blue", (1, 0)))
    b.sides = [Side(id="red"), Side(id="blue")]
    b.options["turn_limit"] = 5
    tc = TurnController(b, "edge", dice=[H] * 200, seat={"red": "human", "blue": "human"})
    while tc.battle.state["initiative"]["phase"] != "melee" or tc.whose_turn() != "ann":
        assert tc.end_turn().ok
    tc.set_dice([H, H, M, M, M, M] + EDGE_2 + [H] * 20)  # attack edge (MA vs REF), then the grapple roll
    res = tc.submit(EnterGrapple(actor="ann", target="bob", ask=True))
    assert res.need_choice, res
    need = res.request
    assert not tc.battle.grapples  # nothing of the attack is applied before the choice
    assert all(isinstance(o.action, EnterGrapple) and not o.action.ask for o in need.menu)
    assert "throw" in legal(need)
    faces = tc.choice_faces
    res = tc.choose(next(o.action for o in need.menu if o.action.option == "throw"))
    assert res.ok
    entry = res.entries[0]
    assert entry["intent"] == {"actor": "ann", "type": "enter_grapple", "target": "bob", "option": "throw"}
    assert entry["dice"] == faces and tc.battle.fighter("bob").posture == "prone" and tc.battle.grapples


def _play_some(tc: TurnController, picks: list[str]) -> None:
    """Asking grapple rolls (and asking attacks to enter a grapple) in turn, the given results where offered."""
    picks = list(picks)
    for _ in range(300):
        if tc.battle.ended or not picks:
            return
        fid = tc.whose_turn()
        opts = [o.action for o in tc.legal_actions() if o.legal]
        roll = next((a for a in opts if a.type in ("grapple_roll", "enter_grapple") and a.option is None), None)
        if roll is None:
            assert tc.end_turn().ok
            continue
        res = tc.submit(_asking(roll))
        if res.need_choice:
            menu = [o.action for o in res.request.menu if o.legal]
            res = tc.choose(next((a for a in menu if a.option == picks[0]), menu[0]))
            picks.pop(0)
        assert res.ok, (fid, res)
    raise AssertionError("the picks were not all played")


@pytest.mark.parametrize("dice", ["seeded", "scripted"])
def test_saving_loading_and_replaying_after_choices_reproduce_the_state(tmp_path, dice):
    """A battle is its log: after choices a save loads, and a replay runs, to the same state hash."""
    kw = {"dice": [H, M, H, M, M, H] * 200} if dice == "scripted" else {"dice": "seeded"}
    tc = grappling(**kw)
    _play_some(tc, ["takedown", "escape", "pummel", "drag", "throw"])
    assert all("ask" not in e.get("intent", {}) for e in tc.battle.log)
    path = saves.save_game(tc, tmp_path / "after.json")
    loaded = saves.load_game(path)
    assert saves.state_hash(loaded.battle) == saves.state_hash(tc.battle)
    assert loaded.battle.log == tc.battle.log
    replay = saves.Replay.from_controller(tc)
    assert saves.state_hash(replay.to_end()) == saves.state_hash(tc.battle)


def test_a_seeded_choice_replays_as_seeded_and_the_counter_matches():
    """The seeded source: the chosen step's entry is what the seeded source gives, the counter past its faces."""
    tc = grappling(dice="seeded")
    counter = tc.battle.rng.counter
    need = tc.submit(ask()).request
    faces = tc.choice_faces
    assert tc.battle.rng.counter == counter  # the roll happened on a copy
    res = tc.choose(next(o.action for o in need.menu if o.legal))
    assert res.entries[0]["source"] == "seeded" and res.entries[0]["dice"][:len(faces)] == faces
    assert tc.battle.rng.counter >= counter + len(faces)
    again = grappling(dice="seeded")
    plain = again.submit(next(o.action for o in need.menu if o.legal))
    assert plain.entries[0]["dice"] == res.entries[0]["dice"]
    assert saves.state_hash(again.battle) == saves.state_hash(tc.battle)


def test_manual_dice_then_a_choice_then_more_manual_dice(tmp_path):
    """Manual dice + choice: the faces typed in make the roll; a Pummel's own dice are asked for afterwards
    (and cannot be cancelled into a re-roll); the log replays exactly."""
    tc = grappling(dice="manual")
    res = tc.submit(ask())
    assert res.need_dice and res.request.sides == 10
    typed: list[int] = []
    script = iter(EDGE_2)
    while res.need_dice:
        faces = [next(script) for _ in range(res.request.count)]
        typed += faces
        res = tc.give_dice(faces)
    assert res.need_choice and res.request.edge == 2 and tc.choice_faces == typed == EDGE_2
    assert tc.cancel_dice() is False
    res = tc.choose(next(o.action for o in res.request.menu if o.action.option == "pummel"))
    assert res.need_dice, res  # the Pummel's attack roll
    assert tc.can_cancel_dice is False and tc.cancel_dice() is False
    assert tc.undo().rejected  # undo after dice is off by default
    more: list[int] = []
    asked = 0
    while res.need_dice:  # the attack (ann hits, bob misses his defence), then the damage
        faces = [M if asked == 1 else H] * res.request.count
        asked += 1
        more += faces
        res = tc.give_dice(faces)
    assert res.ok
    entry = next(e for e in tc.battle.log if e.get("intent", {}).get("option") == "pummel")
    assert entry["dice"] == EDGE_2 + more and entry["source"] == "manual"
    assert asked >= 3 and tc.battle.fighter("bob").hp < 11
    path = saves.save_game(tc, tmp_path / "manual.json")
    assert saves.state_hash(saves.load_game(path).battle) == saves.state_hash(tc.battle)


def test_undo_while_a_choice_is_open_follows_the_undo_after_dice_setting():
    """Undo of an open choice: refused when undo after dice is off (no re-roll); allowed when it is on."""
    tc = grappling(dice=EDGE_2 + [H] * 20)
    tc.submit(ask())
    r = tc.undo()
    assert r.rejected and "choose a result" in r.reason.text and tc.waiting_for_choice is not None
    tc = grappling(dice=EDGE_2 + [H] * 20, settings=TurnSettings(allow_undo_after_dice=True))
    before = saves.state_hash(tc.battle)
    tc.submit(ask())
    assert tc.undo().ok
    assert tc.waiting_for_choice is None and saves.state_hash(tc.battle) == before
    assert not tc.can_redo() and tc.legal_actions()


def test_a_save_while_a_choice_is_open_holds_the_battle_before_that_intent(tmp_path):
    """Like a pending dice request: the open roll is not in the log; with seeded dice the same roll comes again."""
    tc = grappling(dice="seeded")
    need = tc.submit(ask()).request
    path = saves.save_game(tc, tmp_path / "open.json")
    loaded = saves.load_game(path)
    assert loaded.waiting_for_choice is None and saves.state_hash(loaded.battle) == saves.state_hash(tc.battle)
    again = loaded.submit(ask())
    assert again.need_choice and again.request.contest == need.contest


def test_intents_that_do_not_ask_never_pause():
    """The AI and replays never ask: the engine picks and says so (S1-GRAPPLE-5)."""
    tc = grappling(dice=EDGE_2 + [H] * 20)
    res = tc.submit(GrappleRoll(actor="ann", target="bob"))
    assert res.ok and tc.waiting_for_choice is None
    assert any(" takes " in e.get("text", "") and "pays for" in e.get("text", "") for e in res.events)


def test_the_arena_scenario_plays_choices_through_the_controller():
    """maps/arena_edge.toml: every asked grapple roll pauses and a legal pick is played; the battle goes on."""
    if not (ROOT / "maps" / "arena_edge.toml").is_file():
        pytest.skip("maps/arena_edge.toml is missing")
    from game.files.maps import load_scenario

    tc = TurnController(load_scenario(ROOT / "maps" / "arena_edge.toml"), dice="seeded",
                        seat={"red": "human", "blue": "human"})
    asked = 0
    for _ in range(400):
        if tc.battle.ended:
            break
        opts = [o.action for o in tc.legal_actions() if o.legal]
        strong = [a for a in opts if a.type in ("enter_grapple", "grapple_roll") and getattr(a, "option", 1) is None]
        moves = [a for a in opts if a.type == "move"]
        if strong:
            res = tc.submit(_asking(strong[0]))
            if res.need_choice:
                asked += 1
                picks = [o.action for o in res.request.menu if o.legal]
                res = tc.choose(picks[-1])
            assert res.ok, res
        elif moves:
            foes = [f for f in tc.battle.fighters if f.side != tc.battle.fighter(tc.whose_turn()).side]
            best = min(moves, key=lambda a: min(abs(a.to[0] - f.hex.q) + abs(a.to[1] - f.hex.r) for f in foes))
            assert tc.submit(best).ok
        else:
            assert tc.end_turn().ok
    assert asked >= 3
    replay = saves.Replay.from_controller(tc)
    assert saves.state_hash(replay.to_end()) == saves.state_hash(tc.battle)


def _asking(action):
    import dataclasses

    return dataclasses.replace(action, ask=True)
