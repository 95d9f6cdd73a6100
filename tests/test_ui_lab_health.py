"""HP -1 in the situation lab works on a fighter whose HP is its ST (no HP stat written).

Seen under Xvfb at 1024x640: the lab opened on the arena, Ann selected (ST 12, her panel "HP full"), HP -1
said "ann has no HP under these rules to change." (the name lower-cased, and wrong: her HP is her ST).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


from tests.ui_fixtures import click, fresh_ui_dirs  # noqa: E402, F401


def test_hp_minus_one_from_full_counts_down_from_st(lab_app) -> None:
    """From "full" (no hp written, no HP stat) HP -1 leaves ST - 1, as the fighter panel counts full HP."""
    sc = lab_app.scene
    fid = sc.selected
    f = sc.lab.battle().fighter(fid)
    assert f.hp is None and "HP" not in f.stats and "ST" in f.stats, (f.hp, f.stats)
    click(lab_app, sc.button_named("hp-").rect.center)
    assert sc.lab.battle().fighter(fid).hp == f.stats["ST"] - 1, sc.message


def test_a_fighter_with_no_health_to_change_is_named_as_written() -> None:
    """The refusal names the fighter as the player wrote it, never by its lower-case id."""
    from types import SimpleNamespace

    from game.hexgrid import Hex
    from game.model import Fighter
    from game.ui.lab.commands import _health

    ann = Fighter(id="ann", name="Ann", side="red", hex=Hex(0, 0), stats={"DX": 12})
    said: list[str] = []
    scene = SimpleNamespace(selected="ann", say=lambda text, kind: said.append(text),
                            lab=SimpleNamespace(battle=lambda: SimpleNamespace(fighter=lambda fid: ann),
                                                ruleset=SimpleNamespace(presentation=SimpleNamespace(health_stat="HP"))))
    _health(scene, "hp", -1)
    assert said == ["Ann has no HP under these rules to change."], said
