"""The path preview: the route the acting fighter would walk to a hex, and the lit reach it walks in.

Routes never add legality: the ruleset says which hexes a move may end in
(its ``legal_actions``); :func:`routes` only finds a path to each of those,
through them and allies' hexes (or takes the ruleset's own ``move_path``),
and :func:`open_path` searches open ground for a destination outside the
move set (a drag, a move and attack). :class:`PathPreview` draws both,
keeping the reach's costs between frames so an idle frame costs nothing.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

import pygame

from game.hexgrid import Hex, hex_distance, hex_neighbors
from game.rules.reach import path_cost, reachable, terrain_cost
from game.ui.camera import Camera
from game.ui.geometry import MapGeometry
from game.ui.label_layout import LabelLayout
from game.ui.marks import ReachOverlay, draw_path, draw_route_label, route_label_at
from game.ui.palette import Palette
from game.ui.text import TextCache

if TYPE_CHECKING:
    from game.ui.battle_options import OptionCache

__all__ = ["routes", "open_path", "PathPreview", "walk_words"]


def _walk_back(prev: dict[Hex, Hex | None], goal: Hex, start: Hex) -> list[Hex]:
    """The path to ``goal`` (without ``start``) from a breadth-first search's ``prev`` links."""
    p = [goal]
    while prev[p[-1]] is not None and prev[p[-1]] != start:
        p.append(prev[p[-1]])  # type: ignore[arg-type]
    p.reverse()
    return p


def routes(battle: Any, ruleset: Any, moves: dict[Hex, Any]) -> tuple[dict[Hex, int], dict[Hex, list[Hex]]]:
    """Paths to every destination the ruleset allows (``moves``: hex -> its move action), through those
    hexes and allies' (no new legality), or the ruleset's own ``move_path``; the cost of each is the
    movement its path spends, each hex its move cost (GX-5)."""
    actor = battle.get(battle.current)
    if actor is None or not moves:
        return {}, {}
    passable = set(moves) | {f.hex for f in battle.fighters if f.side == actor.side and f.id != actor.id}
    terrain = terrain_cost(battle.board)
    # GX-5: the cheapest way through those hexes, each costing its move cost (a budget no route exceeds)
    found = reachable(actor.hex, 10 ** 9, lambda n: terrain(n) if n in passable else None)
    costs, paths = {}, {}
    for g in set(moves):
        try:
            given = ruleset.move_path(battle, moves[g])  # None (the default): the search above
        except Exception:  # noqa: BLE001 - a ruleset's preview must never stop the game: search instead
            given = None
        if given is not None:
            p = list(given)
        elif g in found:
            p = found.path(g) or [g]
        else:
            costs[g], paths[g] = hex_distance(actor.hex, g), [g]
            continue
        costs[g], paths[g] = path_cost(battle.board, p), p
    return costs, paths


def walk_words(steps: int, cost: int) -> str:
    """"5 hexes", or "5 hexes, costs 6" when the terrain makes the walk dearer (GX-5): the log counts the hexes
    walked, the lit hexes their cost (the play-through read "6 hexes" on the route and "moves 5 hexes" after)."""
    words = f"{steps} hex{'es' if steps != 1 else ''}"
    return words if cost == steps or steps <= 0 else f"{words}, costs {cost}"


def _move_note(options: OptionCache, h: Hex) -> str | None:
    """The ruleset's short note on the walk to ``h``: its move's ``ActionWords.notes`` (nd6: "into fire", "no
    attack this round" past half MOV, G3-4) and its band's words ("run (double move): no attack after",
    ``Ruleset.move_band``) unless the note speaks of the attack already; or None."""
    move = options.reach.get(h)
    if move is None:
        return None
    band = options.bands.get(h)
    try:
        words = options.session.ruleset.presentation.action_words(options.session.battle, move)
    except Exception:  # noqa: BLE001 - a ruleset's words must never stop the game: the label says the hexes
        words = None
    note = words.notes[0] if words is not None and words.notes else None
    if band is None or (note is not None and "attack" in note):
        return note
    return band.words if note is None else f"{note} \u00b7 {band.words}"


def open_path(battle: Any, h: Hex) -> list[Hex]:
    """A destination outside the move set (drag, move and attack): a straight search over open hexes."""
    a = battle.get(battle.current)
    if a is None:
        return [h]
    prev: dict[Hex, Hex | None] = {a.hex: None}
    queue = deque([a.hex])
    while queue and h not in prev:
        x = queue.popleft()
        for n in hex_neighbors(x):
            if n not in prev and (not battle.board.cells or battle.board.is_open(n)) and hex_distance(n, h) < 30:
                prev[n] = x
                queue.append(n)
    if h not in prev:
        return [h]
    return _walk_back(prev, h, a.hex)


class PathPreview:
    """Draws the lit reach (each hex with its cost) and the route to the hex under the mouse."""

    def __init__(self, options: OptionCache, geometry: MapGeometry, text: TextCache) -> None:
        self.options = options
        self.geometry = geometry
        self.text = text
        self.overlay = ReachOverlay(geometry, text)
        self._src: Any = None
        self._key: Any = None
        self._costs: dict[Hex, int] = {}
        self._label_key: Any = None
        self._label = ""
        self._pending: tuple[str, tuple[float, float], tuple[int, int, int]] | None = None

    def draw_reach(self, surface: pygame.Surface, camera: Camera, costs: dict[Hex, Any], pal: Palette) -> None:
        """``costs``: hex -> its cost, or anything else to use the route's length."""
        opts = self.options
        opts.options()
        b = opts.session.battle
        a = b.get(b.current)
        key = (opts.key, a.hex if a is not None else None, len(costs))
        if costs is not self._src or key != self._key:
            # the held reference keeps ``id(costs)`` from being reused; a fresh dict each frame just recomputes
            self._costs = {h: (v if isinstance(v, int) else opts.cost_of(h)) for h, v in costs.items()}
            self._src, self._key = costs, key
        # the walk's own reach only (not a menu action's hexes): those that give up the attack in the run tint
        run = frozenset(h for h, b in opts.bands.items() if not b.attack_after) if costs is opts.reach else frozenset()
        self.overlay.draw(surface, camera, self._costs, pal.reach, pal.reach_edge, run,
                          (pal.reach_run, pal.reach_run_edge))

    def draw_route(self, surface: pygame.Surface, camera: Camera, fid: str, h: Hex, pal: Palette) -> None:
        """Dots from fighter ``fid`` to ``h`` with the hexes of movement the walk spends (GX-5)."""
        f = self.options.session.battle.get(fid)
        if f is None:
            return
        path = self.options.path_to(h)
        key = (self.options.key, fid, h)
        if key != self._label_key:  # worked out once per state and hex: the ruleset's words walk the reach again
            cost = path_cost(self.options.session.battle.board, path)  # GX-5: what the walk spends
            note = _move_note(self.options, h)
            self._label_key, self._label = key, walk_words(len(path), cost) + (f" \u00b7 {note}" if note else "")
        # the label waits for :meth:`draw_label`, over the tokens and before their names (which go round it)
        draw_path(surface, camera, self.geometry, f.hex, path, pal.path)
        self._pending = (self._label, route_label_at(camera, self.geometry, path), pal.path) if path else None

    def draw_label(self, surface: pygame.Surface, layout: LabelLayout | None = None) -> None:
        """The label of the route drawn this frame, if any (then forgotten until the next route)."""
        if self._pending is not None:
            label, at, colour = self._pending
            self._pending = None
            draw_route_label(surface, self.text, label, at, colour, layout)
