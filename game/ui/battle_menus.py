"""Opening the action menu on the battle screen: on a foe, on a hex, on the acting fighter, or from a key.

The menu lists the options the rules give (``battle_options``) for one
target (or for none: moving, waiting, standing up...); a key for an action
kind (:data:`~game.ui.action_menu.SHORTCUTS`) opens it on the foe under the
mouse, on the only foe the action fits, or asks the player to pick one.
When nothing fits, a toast says why in the rules' words.

Every action is reachable from what it acts on: a foe's menu also holds what
is thrown at the foe's hex, and an empty hex clicked offers what may be aimed
at it (:func:`area_options`: a throw at any hex, a flame burst at a hex) with
the walk there when it is lit. Enter opens the menu at the pointer
(:func:`pointer_menu`), whose entries the arrow keys and Enter choose: a
ruleset with more actions than free letters (the camera keeps W A S D F) is
still played from the keyboard alone.
"""

from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING, Any, Protocol

from game.hexgrid import Hex
from game.rules.base import Option
from game.ui import modes as M
from game.ui.action_menu import ActionMenu
from game.ui.aim_view import aim_mode
from game.ui.aiming import any_hex, preview_of

if TYPE_CHECKING:
    import pygame

    from game.ui.board_scene import BoardScene
    from game.ui.palette import Palette
    from game.ui.text import TextCache

__all__ = ["MenuScene", "SceneMenus", "open_menu", "shortcut", "area_options", "open_hex_menu", "pointer_menu"]


class MenuScene(Protocol):
    """What opening a menu reads of the battle screen, what it may change, and what it may ask of it.

    The battle screen (``game.ui.battle_scene.BattleScene``) is one. Opening a menu changes nothing but the
    time it took (``menu_open_ms``); it answers with the next mode, which the screen sets."""

    @property
    def app(self) -> Any: ...
    @property
    def session(self) -> Any: ...
    @property
    def actor(self) -> str | None: ...
    @property
    def mode(self) -> M.Mode: ...
    @property
    def text(self) -> TextCache: ...
    @property
    def pal(self) -> Palette: ...
    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def help(self) -> Any: ...
    @property
    def board(self) -> BoardScene: ...
    @property
    def board_rect(self) -> pygame.Rect: ...
    menu_open_ms: float | None

    def name(self, fid: str | None) -> str: ...
    def options(self) -> list[Any]: ...
    def odds_of(self, action: Any) -> Any: ...
    @property
    def reach(self) -> dict[Hex, Any]: ...
    def toast(self, text: str, tone: str = "neutral") -> None: ...


def open_menu(sc: MenuScene, target: str | None, anchor: tuple[int, int],
              open_group: str | None = None) -> M.Mode:
    """The menu of what the acting fighter may do to ``target`` (None: without a target) at ``anchor``;
    the current mode when nobody may act or nothing fits."""
    actor = sc.actor
    if actor is None:
        return sc.mode
    t0 = time.perf_counter()
    opts = sc.options()
    at: Hex | None = None
    if target is not None:  # a sweep across several foes (nd6 full auto, S3-AUTO-18) is on each one's menu
        foe = sc.session.battle.get(target)
        at = foe.hex if foe is not None else None
        aimed = _hex_aimed(sc, opts)  # what is thrown at the foe's hex is on the foe's menu too
        chosen = [o for o in opts if getattr(o.action, "target", None) == target
                  or target in (getattr(o.action, "targets", None) or ())
                  or (at is not None and id(o) in aimed and _to(o.action) == at)]
    else:
        chosen = [o for o in opts if getattr(o.action, "target", None) is None]
    if not chosen:
        why = _why_nothing(sc, actor, target) if target else None
        sc.toast(f"{sc.name(actor)} has nothing to do to {sc.name(target)} now" + (f": {why}" if why else ".")
                 if target else "Nothing to do here.", "neutral")
        return sc.mode
    back = sc.mode if not isinstance(sc.mode, M.Menu | M.PickHex | M.Confirm | M.SelectTarget) \
        else M.SelectHex(actor)
    menu = ActionMenu(sc.app.gui, sc.session, sc.session.battle, actor, chosen, target=target,
                      anchor=anchor, text=sc.text, pal=sc.pal, screen_size=sc.size,
                      open_group=open_group, help=sc.help, odds=sc.odds_of,
                      at=at)  # a throw picked here goes at this hex: no second pick on the map
    sc.menu_open_ms = (time.perf_counter() - t0) * 1000
    g = menu.level
    if open_group and g is not None and not g.on_map and len(g.legal) == 1 and not g.illegal:
        # a letter whose kind holds one allowed action does it, as that letter does in the open menu (under
        # Xvfb: G on a foe opened "Hand-to-hand: pick one" with one row, C "Change posture: 1 standing")
        menu.kill()
        return aim_mode(sc, g.legal[0].action, back) or M.Submit(g.legal[0].action)
    return M.Menu(menu, back, aim=aim_mode)


def _why_nothing(sc: MenuScene, actor: str, target: str) -> str | None:
    """Why no action on ``target`` is listed, in the rules' words: what the ruleset says of a plain attack on
    it (seen under Xvfb: after getting up in the movement phase, a click on a foe said only "Rook has nothing
    to do to Sable now"; the rules hide the options a spent round leaves, G3-3, G3-8)."""
    cls = sc.session.ruleset.actions.get("attack")
    try:
        reason = cls(actor=actor, target=target).check(sc.session.battle) if cls is not None else None
    except Exception:  # noqa: BLE001 - an attack this ruleset builds otherwise: no reason to give
        return None
    if reason is None:
        return None
    return f"{reason.text}" + (f" ({reason.rule})" if reason.rule and reason.rule not in reason.text else "")


def shortcut(sc: MenuScene, kinds: list[str], pos: tuple[int, int]) -> Any:
    """A key for an action kind: the foe under the mouse, the only foe it fits, or pick one."""
    opts = [o for o in sc.options() if o.action.type in kinds]
    if not opts:
        sc.toast(f"{sc.name(sc.actor)} cannot {kinds[0].replace('_', ' ')} now.", "neutral")
        return None
    legal = [o for o in opts if o.reason is None]
    if not legal:
        r = opts[0].reason
        sc.toast(f"{kinds[0].replace('_', ' ').capitalize()}: {r.text}" + (f" ({r.rule})" if r.rule else ""),
                 "failure")
        return None
    under = sc.board.fighter_at_screen(pos) if sc.board_rect.collidepoint(pos) else None
    targets = sorted({getattr(o.action, "target", None) for o in legal} - {None})
    kind = legal[0].action.type
    if under in targets:
        return open_menu(sc, target=under, anchor=pos, open_group=kind)
    if not targets:
        return open_menu(sc, target=None, anchor=pos, open_group=kind)
    if len(targets) == 1:
        tp = sc.board.token_screen_pos(targets[0])
        return open_menu(sc, target=targets[0], anchor=(int(tp[0]), int(tp[1])), open_group=kind)
    return M.SelectTarget([kind], targets, sc.mode)


def _to(action: Any) -> Hex | None:
    to = getattr(action, "to", None)
    return Hex(*to) if to is not None else None


def _hex_aimed(sc: MenuScene, opts: list[Option]) -> set[int]:
    """The ids of the options in ``opts`` aimed at a hex that may be any hex (the aim preview's ``any_hex``: a
    throw), not a destination walked to; asked once per action type and item."""
    verdict: dict[tuple[str, Any], bool] = {}
    out: set[int] = set()
    for o in opts:
        a = o.action
        if getattr(a, "to", None) is None or getattr(a, "target", None):
            continue
        key = (a.type, getattr(a, "item", None))
        if key not in verdict:
            verdict[key] = any_hex(sc, a)
        if verdict[key]:
            out.add(id(o))
    return out


def area_options(sc: MenuScene, h: Hex | None) -> list[Option]:
    """What the acting fighter may aim at hex ``h``, each allowed by the action's own check: a throw listed at
    another hex moved to ``h`` (any hex in range and sight, S3-GRENADE-2), and an action aimed at a figure that
    may be aimed at a hex instead (its ``to``; a flame burst, S3-FLAMER-5), its target and placed hexes
    dropped. A new player found the smoke grenade and the flame thrower only in the right-click menu."""
    if sc.actor is None or h is None:
        return []
    battle = sc.session.battle
    opts = [o for o in sc.options() if o.reason is None]
    aimed = _hex_aimed(sc, opts)
    out: list[Option] = []
    seen: set[Any] = set()
    at_hex: dict[str, bool] = {}  # action type -> whether its aim at a hex is an aim (not a drag's or a throw's end)
    for o in opts:
        a = o.action
        if id(o) in aimed:
            changes: dict[str, Any] = {"to": (h.q, h.r)}
        elif hasattr(a, "to") and getattr(a, "to", None) is None and getattr(a, "target", None) \
                and at_hex.get(a.type, True):
            changes = {"to": (h.q, h.r), "target": None}
        else:
            continue
        for name in ("hexes", "miss_hexes"):  # placed again at the new aim
            if hasattr(a, name):
                changes[name] = None
        try:
            moved = dataclasses.replace(a, **changes)
        except (TypeError, ValueError):
            continue
        if moved in seen:
            continue
        seen.add(moved)
        try:
            why = moved.check(battle)
        except Exception:  # noqa: BLE001 - an aim the rules cannot judge is simply not offered
            continue
        if why is None and "target" in changes and a.type not in at_hex:
            # a figure's action whose ``to`` is where it ends (edge's grapple roll, a drag, a trip) is no aim at a
            # hex: only one the map aims as such (the ruleset's aim preview places its hexes, or takes any hex)
            pv = preview_of(sc, moved) or {}
            at_hex[a.type] = bool(pv.get("place") or pv.get("any_hex"))
        if why is None and ("target" not in changes or at_hex.get(a.type)):
            out.append(Option(moved))
    return out


def open_hex_menu(sc: MenuScene, h: Hex | None, anchor: tuple[int, int]) -> M.Mode | None:
    """The menu of what the acting fighter may do at the empty hex ``h``: what may be aimed at it and, when it is
    lit, the walk there; None when nothing may be aimed at it (a click then moves or says why, as before)."""
    actor = sc.actor
    if actor is None or h is None or any(f.hex == h for f in sc.session.battle.fighters):
        return None
    area = area_options(sc, h)
    if not area:
        return None
    walk = sc.reach.get(h)
    opts = ([Option(walk)] if walk is not None else []) + area
    back = sc.mode if not isinstance(sc.mode, M.Menu | M.PickHex | M.Confirm | M.SelectTarget) \
        else M.SelectHex(actor)
    menu = ActionMenu(sc.app.gui, sc.session, sc.session.battle, actor, opts, target=None, anchor=anchor,
                      text=sc.text, pal=sc.pal, screen_size=sc.size, help=sc.help, odds=sc.odds_of,
                      title=f"{sc.name(actor)}: at ({h.q}, {h.r})", at=h)
    return M.Menu(menu, back, aim=aim_mode)


def pointer_menu(sc: MenuScene, pos: tuple[int, int]) -> M.Mode | None:
    """Enter on the board: the menu of the foe under the pointer, else of the empty hex under it (what may be
    aimed there), else the acting fighter's own menu."""
    if sc.actor is None:
        return None
    on_board = sc.board_rect.collidepoint(pos)
    fid = sc.board.fighter_at_screen(pos) if on_board else None
    a, f = sc.session.battle.get(sc.actor), sc.session.battle.get(fid) if fid else None
    if a is not None and f is not None and f.side != a.side:
        return open_menu(sc, fid, pos)
    hexed = open_hex_menu(sc, sc.board.hex_at_screen(pos), pos) if on_board else None
    if hexed is not None:
        return hexed
    tp = sc.board.token_screen_pos(sc.actor)
    return open_menu(sc, None, (int(tp[0]), int(tp[1])))


class SceneMenus:
    """The action menus of one battle screen, as the input modes open them (``scene.menus``): on a foe or
    oneself, by a letter, at the pointer, at an empty hex. Each answers with the next mode."""

    def __init__(self, sc: MenuScene) -> None:
        self._sc = sc

    def open(self, target: str | None, anchor: tuple[int, int], open_group: str | None = None) -> M.Mode:
        return open_menu(self._sc, target, anchor, open_group)

    def shortcut(self, kinds: list[str], pos: tuple[int, int]) -> Any:
        return shortcut(self._sc, kinds, pos)

    def at_pointer(self, pos: tuple[int, int]) -> M.Mode | None:
        return pointer_menu(self._sc, pos)

    def at_hex(self, h: Hex | None, pos: tuple[int, int]) -> M.Mode | None:
        return open_hex_menu(self._sc, h, pos)
