"""The tooltip under the mouse: a fighter (its state, its grips, what a click or a key would do) or a hex.

Its picture is built once per (what is under the mouse, state of the
battle, mode) and placed beside the pointer, flipped to stay on screen.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame

from game.hexgrid import Hex
from game.rules.base import find_ruleset
from game.ui.action_menu import SHORTCUTS
from game.ui.describe import name_of, stat_text
from game.ui.effects_view import effect_words
from game.ui.hud.fighter_panel import hp_of
from game.ui.marks import badge_legend
from game.ui.path_preview import walk_words

__all__ = ["Tooltip", "fighter_lines", "hex_lines", "stack_lines", "terrain_features", "terrain_name",
           "terrain_words"]


def fighter_lines(session: Any, fid: str, actor: str | None, options: Callable[[], list[Any]],
                  space: str = "Space: end turn") -> list[str] | None:
    """Title and lines for fighter ``fid``; ``actor``: who may act now (what a click does depends on it);
    ``space``: what Space does now, the footer's own words (``game.ui.modes.space_words``: in a ruleset with
    phases it passes one phase, and the tooltip said "end turn" beside the footer's "pass … phase")."""
    b = session.battle
    f = b.get(fid)
    if f is None:
        return None
    side = b.side(f.side)
    who = side.name if side and side.name else f.side
    lines = [f.label if who == f.label else f"{f.label} ({who})"]  # a lesson's side "Bob" read "Bob (Bob)"
    hp = hp_of(session, f)
    bits = [f.posture]
    if hp:  # named as the ruleset counts it (nd6: ST, G3-7)
        bits.append(f"{session.ruleset.presentation.health_stat} {hp[0]:g}/{hp[1]:g}")
    bits += _stat_tag(session, f)
    if f.conditions:
        bits.append(", ".join(session.ruleset.presentation.condition_name(c) for c in f.conditions))  # words, not ids
    lines.append(" \u00b7 ".join(bits))
    legend = badge_legend(b, f)  # what each badge over the token means (issue 15)
    if legend:
        lines.append("badges: " + " \u00b7 ".join(legend))
    held = [f"{x.hands}h {x.location}" for x in b.grapples if x.target == f.id]
    holds = [f"{name_of(b, x.target)} ({x.location})" for x in b.grapples if x.holder == f.id]
    if holds:
        lines.append("holds " + ", ".join(holds))
    if held:
        lines.append("held: " + ", ".join(held))
    lines += stack_lines(session, f)
    if actor is not None and f.side != b.fighter(actor).side:
        keys = sorted({SHORTCUTS[o.action.type] for o in options()
                       if o.reason is None and getattr(o.action, "target", None) == fid
                       and o.action.type in SHORTCUTS})
        lines.append("click: actions" + (f" \u00b7 keys {' '.join(keys)}" if keys else ""))
    elif fid == actor:
        lines.append(f"acting now \u00b7 right-click: menu \u00b7 {space}")
    return lines


def _stat_tag(session: Any, f: Any) -> list[str]:
    """The stat the token's tag shows, in words ("MA 3", "MA Master"), when the token has the tag."""
    stat = session.ruleset.presentation.token_stat
    v = f.stats.get(stat) if stat else None
    if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
        return []
    return [f"{stat} {stat_text(session.ruleset, stat, v)}"]


def stack_lines(session: Any, f: Any) -> list[str]:
    """The others sharing ``f``'s hex, one line each with their side, HP and badges in words: the stack list
    a crowded hex shows on hover, where its small tokens leave little room (issue 15)."""
    b = session.battle
    out = []
    for o in b.fighters:
        if o.id == f.id or o.hex != f.hex:
            continue
        side = b.side(o.side)
        bits = [side.name if side and side.name else o.side]
        hp = hp_of(session, o)
        if hp:
            bits.append(f"{session.ruleset.presentation.health_stat} {hp[0]:g}/{hp[1]:g}")
        bits += _stat_tag(session, o) + badge_legend(b, o)
        out.append(f"also here: {o.label} ({', '.join(bits)})")
    return out


def hex_lines(battle: Any, h: Hex, *, moving: bool, actor: str | None, reach: Callable[[], dict[Hex, Any]],
              cost_of: Callable[[Hex], int], refused: Callable[[Hex], str | None] | None = None,
              path_to: Callable[[Hex], list[Hex]] | None = None) -> list[str]:
    """Title and lines for hex ``h``: its terrain, and (``moving``: the player picks where to go) the walk
    there as the route's label says it (``path_to``: its hexes, and their cost when terrain makes it more), or
    why the rules refuse a move there (``refused``)."""
    cell = battle.board.cell(h)
    lines = [f"hex ({h.q}, {h.r})"]
    if cell is not None:
        lines.append(", ".join([terrain_name(cell), *terrain_words(cell, terrain_features(battle))]))
    for e in (battle.state.get("board_effects") or ()) if isinstance(getattr(battle, "state", None), dict) else ():
        if list(e.get("hex") or ()) == [h.q, h.r]:  # what lies on it: fire, coals, a cloud (issue 17)
            lines.append(effect_words(e))
    if moving and h in reach():
        c = cost_of(h)
        verb = (type(reach()[h]).title or "move").lower()  # a run hex runs there (d20's double move, S4-RUN-1)
        lines.append(f"click: {verb} here ({walk_words(len(path_to(h)) if path_to else c, c)})")
    elif moving and actor is not None:
        why = refused(h) if refused is not None else None
        lines.append(f"not allowed: {why}" if why else "out of reach this turn")
    here = [f for f in battle.fighters if f.hex == h]
    if len(here) > 1:  # a crowded hex: who is in it, by name and side (issue 15)
        sides = {s.id: s.name or s.id for s in battle.sides}
        lines += [f"here: {f.label} ({sides.get(f.side, f.side)})" for f in here]
    return lines


#: every terrain property a map cell has (``game.model.Cell``), for a battle whose ruleset is unknown
ALL_FEATURES = frozenset({"move_cost", "blocks_movement", "blocks_sight", "cover", "elevation"})


def terrain_features(battle: Any) -> frozenset[str]:
    """The cell properties the battle's ruleset acts on (GX-5: ``Ruleset.terrain_features``); all of them
    when the ruleset is not known (a map shown on its own)."""
    try:
        return frozenset(find_ruleset(battle.ruleset).terrain_features)
    except Exception:  # noqa: BLE001 - an unknown ruleset id: describe the map as it is
        return ALL_FEATURES


def terrain_name(cell: Any) -> str:
    """The map's terrain id as a player reads it ("wood_floor" -> "wood floor")."""
    return str(cell.terrain).replace("_", " ")


def terrain_words(cell: Any, features: frozenset[str]) -> list[str]:
    """What a cell does, named only where the rules in play use it (GX-5: a map never promises an effect
    the rules ignore): "move cost 3", "impassable", "blocks sight", "cover 2", "elevation 1"."""
    out = []
    if "move_cost" in features and cell.move_cost != 1:
        out.append(f"move cost {cell.move_cost}")
    if "blocks_movement" in features and cell.blocks_movement:
        out.append("impassable")
    if "blocks_sight" in features and cell.blocks_sight:
        out.append("blocks sight")
    if "cover" in features and cell.cover:
        out.append(f"cover {cell.cover}")
    if "elevation" in features and cell.elevation:
        out.append(f"elevation {cell.elevation}")
    return out


class Tooltip:
    """The last tooltip built, kept while what it describes is unchanged."""

    def __init__(self) -> None:
        self._key: Hashable = None
        self._surf: pygame.Surface | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)  # where it was drawn last (tests read it)

    def draw(self, surface: pygame.Surface, pos: tuple[int, int], key: Hashable,
             build: Callable[[], pygame.Surface | None], avoid: pygame.Rect | None = None) -> None:
        """Beside the pointer at ``pos``: the picture for ``key`` (``build`` makes it when the key changes);
        above ``avoid`` (the last action's card) when it would lie on it, so the two never pile up."""
        if key != self._key:
            self._surf = build()
            self._key = key
        if self._surf is None:
            return
        tip = self._surf
        x, y = pos[0] + 18, pos[1] + 18
        if x + tip.get_width() > surface.get_width() - 4:
            x = pos[0] - tip.get_width() - 12
        if y + tip.get_height() > surface.get_height() - 4:
            y = pos[1] - tip.get_height() - 12
        if avoid and avoid.colliderect(pygame.Rect((x, y), tip.get_size())) and avoid.y - tip.get_height() - 6 >= 4:
            y = avoid.y - tip.get_height() - 6
        self.rect = surface.blit(tip, (x, y))
