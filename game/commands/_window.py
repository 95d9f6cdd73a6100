"""The game window's start and end for ``clinch play``: refuse where no window can be seen, and leave at once.

pygame is handed in by the command (imported once its arguments are read); nothing here imports it.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Any

from game.cli import CommandError

__all__ = ["check_display", "leave_now"]

#: the video drivers SDL falls back on when there is no screen: nothing the player would ever see
NO_SCREEN = ("offscreen", "dummy")
#: after the window closes, how long the computer's worker may take to stop before the process leaves anyway
WORKER_GRACE_S = 0.25


def check_display(pygame: Any) -> None:
    """Refuse, in one sentence (exit 2), to start where no window can be seen.

    With no display SDL quietly draws off screen: the game ran on with no window (a launch "ran 25 s with
    nothing"). A driver asked for by name (``SDL_VIDEODRIVER``, as the tests do) is taken as asked.
    """
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise CommandError(f"cannot open a window ({exc}).") from None
    if pygame.display.get_driver() in NO_SCREEN and not os.environ.get("SDL_VIDEODRIVER"):
        pygame.display.quit()
        raise CommandError("cannot open a window: no display was found (DISPLAY is not set and no X or Wayland "
                           "server answers); start the game from a desktop session.")


def leave_now(code: int) -> int:
    """``code``, once the window is closed: Quit ends the process within a second.

    The computer's search runs in a worker thread, told to stop when the battle closes; Python waits for such
    a thread at exit. It gets :data:`WORKER_GRACE_S`; one still busy then is not waited for (it only thinks:
    every move and every save is made in the main thread, so nothing is lost).
    """
    deadline = time.monotonic() + WORKER_GRACE_S
    others = [t for t in threading.enumerate() if t is not threading.current_thread() and not t.daemon]
    for t in others:
        t.join(max(0.0, deadline - time.monotonic()))
    if any(t.is_alive() for t in others):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code
