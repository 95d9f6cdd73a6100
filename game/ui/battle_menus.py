"""Opening the action menu on the battle screen: on a foe, on the acting fighter, or from a key.

The menu lists the options the rules give (``battle_options``) for one
target (or for none: moving, waiting, standing up...); a key for an action
kind (:data:`~game.ui.action_menu.SHORTCUTS`) opens it on the foe under the
mouse, on the only foe the action fits, or asks the player to pick one.
When nothing fits, a toast says why in the rules' words.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from game.ui import modes as M
from game.ui.action_menu import ActionMenu

if TYPE_CHECKING:
    from game.ui.battle_scene import BattleScene

__all__ = ["open_menu", "shortcut"]


def open_menu(sc: BattleScene, target: str | None, anchor: tuple[int, int],
              open_group: str | None = None) -> M.Mode:
    """The menu of what the acting fighter may do to ``target`` (None: without a target) at ``anchor``;
    the current mode when nobody may act or nothing fits."""
    actor = sc.actor
    if actor is None:
        return sc.mode
    t0 = time.perf_counter()
    opts = sc.options()
    if target is not None:  # a sweep across several foes (nd6 full auto, S3-AUTO-18) is on each one's menu
        chosen = [o for o in opts if getattr(o.action, "target", None) == target
                  or target in (getattr(o.action, "targets", None) or ())]
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
                      open_group=open_group, help=sc.help, odds=sc.odds_of)
    sc.menu_open_ms = (time.perf_counter() - t0) * 1000
    g = menu.level
    if open_group and g is not None and not g.on_map and len(g.legal) == 1 and not g.illegal:
        # a letter whose kind holds one allowed action does it, as that letter does in the open menu (under
        # Xvfb: G on a foe opened "Hand-to-hand: pick one" with one row, C "Change posture: 1 standing")
        menu.kill()
        from game.ui.aim_view import aim_mode  # late: aim_view's modes build on these

        return aim_mode(sc, g.legal[0].action, back) or M.Submit(g.legal[0].action)
    return M.Menu(menu, back)


def _why_nothing(sc: BattleScene, actor: str, target: str) -> str | None:
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


def shortcut(sc: BattleScene, kinds: list[str], pos: tuple[int, int]) -> Any:
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
