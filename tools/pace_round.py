#!/usr/bin/env python3
"""Seconds of watching a round of computer fighters: the battle screen headless on the animation clock.

Every side of each scenario is played by the computer (``easy``, deciding at once: its thinking time is not
counted); the fixed clock steps 16 ms a frame and the frames while the event player is busy are summed from
the start of round 2 to the start of round 3, at the ``normal`` animation speed, with "fast computer turns"
off and on. Printed per scenario, and per three fighters (the round's time x 3 / fighters).

    python3 tools/pace_round.py                      # the arena, the tavern, two nd6 maps
    python3 tools/pace_round.py maps/outdoor.toml
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
STEP_MS = 16


def round_seconds(path: Path, fast: bool) -> tuple[float, int]:
    """(seconds of animation of round 2, fighters) for ``path`` with every side computer-played."""
    from game.files.maps import load_scenario
    from game.ui.app import App
    from game.ui.clock import FixedClock
    from game.ui.settings import Settings

    b = load_scenario(path)
    st = Settings(animation_speed="normal", handover="never", fast_computer=fast)
    app = App(path, (1280, 800), clock=FixedClock(STEP_MS), settings=st, seat={s.id: "ai" for s in b.sides},
              dice="seeded", autosave=False, session_kw={"sync_ai": True, "ai_level": "easy"})
    bs = app.battle_scene
    busy, start = 0, None
    for _ in range(60_000):
        app.step()
        rnd = bs.session.battle.round
        if start is None and rnd >= 2:
            start, busy = rnd, 0
        elif start is not None and rnd > start or bs.session.battle.ended:
            break
        busy += STEP_MS if bs.player.busy else 0
    return busy / 1000, len(bs.session.battle.fighters)


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["CLINCH_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["CLINCH_CONFIG_DIR"] = str(Path(tmp) / "config")
        paths = [Path(a) for a in argv] or [ROOT / "maps" / m for m in
                                            ("arena.toml", "tavern.toml", "cantina_nd6.toml", "compound_nd6.toml")]
        for p in paths:
            for fast in (False, True):
                s, n = round_seconds(p, fast)
                print(f"{p.name}: fast computer turns {'on ' if fast else 'off'}: round 2 {s:.1f} s for {n} fighters,"
                      f" {s * 3 / max(1, n):.1f} s per three")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
