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

from nd6_helpers import of_type  # noqa: E402

from game.commands._uiargs import load_battle_or_fail  # noqa: E402
from game.dice import ScriptedDice  # noqa: E402
from game.hexgrid import direction_between, neighbors_of  # noqa: E402
from game.rules.nd6 import martial as M  # noqa: E402
from game.ui.describe import contest_line  # noqa: E402

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
    vesh.hex = next(h for h in neighbors_of(grub.hex)
                    if battle.board.is_open(h) and not any(o.hex == h for o in battle.fighters))
    vesh.facing = direction_between(vesh.hex, grub.hex)
    act = M.Knockdown(actor="vesh", target="grub")
    assert act.check(battle) is None
    r_events = act.resolve(battle, ScriptedDice([6, 6, 6, 3, 3, 3]))
    contest = of_type(r_events, "contest")[0]
    line = contest_line(battle, contest)
    assert "Grub Grub" not in line
    assert "Grub resists" in line and "Vesh knock down" in line
