"""Open ground (``"map": null``) made visible: a drawn field around the fighters, shifted so it has a corner.

A situation without a map stands on ground without edges or cells
(``Board.unbounded_field``), which the board view cannot draw: it draws
offset columns and rows from 0. The lab shows such a set-up on a drawn
open field instead, every hex moved by one axial step vector (``shift``:
distances, facings and arcs are the same after a translation), so that the
fighters stand some hexes in from the corner. A click on the drawn field is
moved back by the same vector before it reaches the set-up: the file keeps
its own coordinates.
"""

from __future__ import annotations

import copy
from typing import Any

from game.hexgrid import Hex, axial_to_offset
from game.model import Board

__all__ = ["display", "MARGIN"]

#: open hexes drawn beyond the outermost fighter on every side
MARGIN = 4


def _moved(h: Any, by: Hex) -> Any:
    if isinstance(h, Hex):
        return Hex(h.q + by.q, h.r + by.r)
    if isinstance(h, list | tuple) and len(h) == 2:
        return [h[0] + by.q, h[1] + by.r]
    return h


def display(battle: Any, also: list[Hex] | None = None) -> tuple[Any, Hex]:
    """The battle as the lab draws it, and the shift from the file's hexes to the drawn ones.

    ``also``: more hexes the field must hold (where a play's fighters start and end), so that stepping
    through a play keeps one field and one shift. A battle on a real map is returned as it is, with a
    zero shift.
    """
    if not getattr(battle.board, "unbounded", False):
        return battle, Hex(0, 0)
    hexes = [f.hex for f in battle.fighters] + list(also or []) or [Hex(0, 0)]
    rows = [h.r for h in hexes]
    dr = MARGIN - min(rows)
    dr += dr % 2  # an even row shift keeps each row's stagger, so offset columns stay whole
    cols = [axial_to_offset(Hex(h.q, h.r + dr), "y", "odd")[0] for h in hexes]
    shift = Hex(MARGIN - min(cols), dr)
    shown = copy.deepcopy(battle)
    for f in shown.fighters:
        f.hex = _moved(f.hex, shift)
    for e in (shown.state.get("board_effects") or []) if isinstance(shown.state, dict) else []:
        e["hex"] = _moved(e.get("hex"), shift)
    spots = [axial_to_offset(Hex(h.q + shift.q, h.r + shift.r), "y", "odd") for h in hexes]
    columns = max(c for c, _ in spots) + MARGIN + 1
    rows_n = max(r for _, r in spots) + MARGIN + 1
    shown.board = Board.open_field(columns, rows_n, name="open ground (no map)")
    return shown, shift
