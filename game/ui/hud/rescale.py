"""The battle HUD follows the window: a resize or a new UI-scale setting rebuilds its text at the new scale.

The HUD's parts draw with one :class:`~game.ui.text.TextCache` whose scale is the
effective scale (:func:`game.ui.ui_scale.effective_scale`). When that changes
(the window was resized, the player picked another UI scale) the parts are built
again around a new cache; the log keeps its lines and where the player had
scrolled, and nothing of the battle is touched (issue 26).
"""

from __future__ import annotations

from typing import Any, Protocol

from game.ui.hud.combat_log import CombatLog
from game.ui.hud.fighter_panel import FighterPanel
from game.ui.hud.initiative_bar import InitiativeBar
from game.ui.text import TextCache
from game.ui.ui_scale import effective_scale

__all__ = ["HudScene", "rescale_hud"]


class HudScene(Protocol):
    """What a rescale reads of a screen (its app's settings and its text cache) and the HUD parts it may
    replace: the text cache, the turn bar, the fighter panel and the log (the battle screen is one)."""

    @property
    def app(self) -> Any: ...
    text: TextCache
    bar: InitiativeBar
    panel: FighterPanel
    log: CombatLog


def rescale_hud(scene: HudScene, size: tuple[int, int]) -> bool:
    """Give ``scene``'s ``text``, ``bar``, ``panel`` and ``log`` the scale for a window of ``size``; True when
    it changed (False, and nothing rebuilt, when the scale is the one they have)."""
    scale = effective_scale(scene.app.settings.ui_scale, size)
    if abs(scene.text.scale - scale) < 1e-6:
        return False
    scene.text = TextCache(scale=scale)
    scene.bar = InitiativeBar(scene.text)
    scene.panel = FighterPanel(scene.text)
    old = scene.log
    scene.log = CombatLog(scene.text)
    scene.log.take_over(old)
    return True
