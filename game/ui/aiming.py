"""What aiming asks of the rules, without drawing anything: the aim preview, and whether a throw may go at a hex.

The modes that pick a hex (``game.ui.modes``), the menus that open at one
(``game.ui.battle_menus``) and the aiming picture (``game.ui.aim_view``) all ask
these questions; kept here, below all three, they need no late import of each
other. Answers asked every frame while the mouse rests are kept per battle state.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from game.hexgrid import Hex

__all__ = ["preview_of", "any_hex", "free_aim", "refusal"]


def preview_of(scene: Any, action: Any) -> dict[str, Any] | None:
    """The ruleset's picture of ``action`` aimed now (``Ruleset.aim_preview``), or None when it has none."""
    s = scene.session  # the session holds its ruleset: no lookup by the battle's id
    try:
        return s.ruleset.aim_preview(s.battle, action)
    except Exception:  # noqa: BLE001 - a preview must never stop the game: no picture, the menu still works
        return None


#: answers asked every frame while the mouse rests, kept per battle state: (what, action, log length) -> answer
_ASKED: dict[tuple[Any, ...], Any] = {}


def _asked(scene: Any, what: str, action: Any, ask: Any) -> Any:
    b = scene.session.battle
    key = (what, repr(action), id(b), len(b.log), b.current, b.round)
    if key not in _ASKED:
        if len(_ASKED) > 256:
            _ASKED.clear()
        _ASKED[key] = ask()
    return _ASKED[key]


def any_hex(scene: Any, action: Any) -> bool:
    """Whether ``action`` (a throw) may be aimed at any hex the rules accept, not only the listed ones."""
    if action is None or not hasattr(action, "to"):
        return False
    return bool(_asked(scene, "any", action, lambda: (preview_of(scene, action) or {}).get("any_hex")))


def free_aim(scene: Any, first: Any, h: Hex | None) -> Any:
    """A throw aimed at hex ``h`` that is no listed option: the first option moved there, if the rules accept it
    (its own check) and its preview says any hex may be aimed at."""
    if h is None or first is None or not any_hex(scene, first):
        return None
    moved = dataclasses.replace(first, to=(h.q, h.r))
    ok = _asked(scene, "check", moved, lambda: moved.check(scene.session.battle) is None)
    return moved if ok else None


def refusal(scene: Any, first: Any, h: Hex | None) -> str | None:
    """Why a throw may not go at hex ``h`` (the rules' own sentence), when any hex may be aimed at and this one
    is refused (behind a wall, out of range); None otherwise."""
    if h is None or first is None or not any_hex(scene, first):
        return None
    moved = dataclasses.replace(first, to=(h.q, h.r))

    def ask() -> str | None:
        why = moved.check(scene.session.battle)
        return why.text if why is not None else None

    return _asked(scene, "why", moved, ask)  # asked once per hex and battle state (the hint asks every frame)
