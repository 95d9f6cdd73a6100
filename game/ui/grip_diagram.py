"""The grip diagram (issue 18): a body figure per grip in force, the gripped part and the hands on it lit,
and beside it what the held fighter can and cannot do now.

:func:`grip_facts` is plain data read from the battle and the ruleset's own
``legal_actions`` for the held fighter, with and without the grip (so "can" is
every action the engine allows, and "cannot" what the grip takes away, with
the ruleset's reason and rule ID, never a list of ours); :func:`render_grips`
draws one panel per grip. The action menu's box shows it while no entry is hovered.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.describe import name_of, ruleset_of
from game.ui.rule_links import render_linked
from game.ui.text import wrap

if TYPE_CHECKING:
    from game.ui.palette import Palette
    from game.ui.text import TextCache

__all__ = ["GripFacts", "grip_facts", "grips_of", "render_grips", "PARTS"]

#: a grip location -> the parts of the figure it lights (item ids and unknown places light the hands)
PARTS: dict[str, tuple[str, ...]] = {
    "torso": ("torso",), "arm": ("arm_r",), "leg": ("leg_r",), "head": ("head",), "skull": ("head",),
    "face": ("head",), "neck": ("neck",), "groin": ("groin",), "hand": ("hand_r",), "foot": ("foot_r",),
    "body": ("torso",),
}

@dataclass
class GripFacts:
    """One grip in words: who holds whom, where, with how many hands, and what the held one may do."""

    holder: str
    target: str
    kind: str
    location: str
    hands: int
    can: list[str] = field(default_factory=list)
    cannot: list[tuple[str, str, str]] = field(default_factory=list)  # (action title, reason, rule)


def grips_of(battle: Any, ids: tuple[str | None, ...]) -> list[Any]:
    """The grips in force that involve any of ``ids``."""
    want = {i for i in ids if i}
    return [g for g in getattr(battle, "grapples", []) or [] if g.holder in want or g.target in want]


def _options(battle: Any, fid: str) -> list[Any]:
    try:
        return list(ruleset_of(battle).legal_actions(battle, fid))
    except Exception:  # noqa: BLE001 - a diagram never breaks the menu; the figure still shows the grip
        return []


def _title(o: Any) -> str:
    return o.action.title or o.action.type.replace("_", " ").capitalize()


def _without(battle: Any, grip: Any) -> Any:
    """The battle as it would stand without ``grip`` (a copy): what the held fighter could do then."""
    free = battle.clone()
    free.grapples = [g for g in free.grapples
                     if (g.holder, g.target, g.location, g.kind) != (grip.holder, grip.target, grip.location, grip.kind)]
    return free


def grip_facts(battle: Any, grip: Any) -> GripFacts:
    """What the grip is and what its target can and cannot do now, both read from the ruleset's
    ``legal_actions`` for that fighter: ``can`` is every kind of action it may take (a held fighter's attacks
    included: the list was cut at eight and left out the All-Out Attack a held Finn then made); ``cannot`` is
    what the grip takes away, the actions refused now that the same rules allow once this grip is gone, each
    with the ruleset's reason and rule ID."""
    facts = GripFacts(grip.holder, grip.target, str(grip.kind), str(grip.location), int(grip.hands or 0))
    options = _options(battle, grip.target)
    for o in options:
        if o.reason is None and _title(o) not in facts.can:
            facts.can.append(_title(o))
    try:
        loose = {_title(o) for o in _options(_without(battle, grip), grip.target) if o.reason is None}
    except Exception:  # noqa: BLE001 - a battle that cannot be copied: say nothing it cannot check
        loose = set()
    cannot: dict[str, tuple[str, str, str]] = {}
    for o in options:
        title = _title(o)
        if o.reason is not None and title in loose and title not in facts.can and title not in cannot:
            cannot[title] = (title, o.reason.text, o.reason.rule)
    facts.cannot = list(cannot.values())
    return facts


def _figure(surf: pygame.Surface, x: int, y: int, lit: tuple[str, ...], hands: int, pal: Palette) -> None:
    """A simple body 70 px tall at (x, y): the gripped parts lit in the grip colour, the holder's hands
    as dots on the gripped part."""
    base, hot = (120, 124, 136), pal.grips.get("grapple", (255, 190, 60))

    def c(part: str) -> tuple[int, int, int]:
        return hot if part in lit else base

    pygame.draw.circle(surf, c("head"), (x + 20, y + 8), 8)
    pygame.draw.rect(surf, c("neck"), (x + 17, y + 16, 6, 4))
    pygame.draw.rect(surf, c("torso"), (x + 10, y + 20, 20, 24), border_radius=4)
    pygame.draw.rect(surf, c("groin"), (x + 13, y + 43, 14, 5), border_radius=2)
    pygame.draw.line(surf, c("arm_l"), (x + 10, y + 22), (x + 1, y + 42), 5)
    pygame.draw.line(surf, c("arm_r"), (x + 30, y + 22), (x + 39, y + 42), 5)
    pygame.draw.circle(surf, c("hand_l"), (x + 1, y + 45), 3)
    pygame.draw.circle(surf, c("hand_r"), (x + 39, y + 45), 3)
    pygame.draw.line(surf, c("leg_l"), (x + 15, y + 47), (x + 11, y + 66), 6)
    pygame.draw.line(surf, c("leg_r"), (x + 25, y + 47), (x + 29, y + 66), 6)
    pygame.draw.rect(surf, c("foot_l"), (x + 6, y + 66, 7, 3))
    pygame.draw.rect(surf, c("foot_r"), (x + 27, y + 66, 7, 3))
    spots = {"head": (20, 8), "neck": (20, 18), "torso": (20, 32), "groin": (20, 45), "arm_r": (35, 32),
             "leg_r": (27, 57), "hand_r": (39, 45), "foot_r": (30, 67)}
    sx, sy = spots.get(lit[0] if lit else "torso", (20, 32))
    for i in range(max(0, min(hands, 4))):  # the holder's hands on the part
        pygame.draw.circle(surf, (255, 255, 255), (x + sx - 5 + 10 * (i % 2), y + sy - 3 + 6 * (i // 2)), 3)
        pygame.draw.circle(surf, (30, 30, 30), (x + sx - 5 + 10 * (i % 2), y + sy - 3 + 6 * (i // 2)), 3, 1)


def render_grips(t: TextCache, pal: Palette, battle: Any, grips: list[Any], width: int
                 ) -> tuple[pygame.Surface | None, list[tuple[pygame.Rect, str]]]:
    """One panel per grip (at most three): the figure, then who holds whom and what the held one can and
    cannot do, the rule IDs as links. Returns the surface and the links relative to it."""
    if not grips:
        return None, []
    rows: list[tuple[int, list[tuple[str, tuple[int, ...], bool]], tuple[str, ...], int]] = []
    text_w = width - 70
    for g in grips[:3]:
        f = grip_facts(battle, g)
        held, holder = name_of(battle, f.target), name_of(battle, f.holder)
        lines: list[tuple[str, tuple[int, ...], bool]] = []
        hands = f"{f.hands} hand{'s' if f.hands != 1 else ''}" if f.hands else "no hands"
        head = f"{holder} holds {held}: {f.location.replace('_', ' ')}, {hands} ({f.kind.replace('_', ' ')})"
        lines += [(s, pal.accent, True) for s in wrap(t, head, 12, text_w, True)]
        if f.can:
            lines += [(s, pal.success, False) for s in wrap(t, f"{held} can: " + ", ".join(f.can), 12, text_w)]
        for title, reason, rule in f.cannot:
            s = f"cannot {title.lower()}: {reason}" + (f" ({rule})" if rule and rule not in reason else "")
            lines += [(ln, pal.failure, False) for ln in wrap(t, s, 12, text_w)]
        lit = PARTS.get(f.location, ("hand_r",))
        rows.append((max(76, 8 + 16 * len(lines)), lines, lit, f.hands))
    h = sum(r[0] for r in rows) + 8
    surf = pygame.Surface((width, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (16, 18, 24, 240), surf.get_rect(), border_radius=8)
    pygame.draw.rect(surf, pal.panel_edge, surf.get_rect(), width=1, border_radius=8)
    links: list[tuple[pygame.Rect, str]] = []
    y = 6
    for rh, lines, lit, hands in rows:
        _figure(surf, 12, y + 2, lit, hands, pal)
        for i, (s, col, bold) in enumerate(lines):
            img, found = render_linked(t, s, 12, col, bold)
            surf.blit(img, (62, y + i * 16))
            links += [(r.move(62, y + i * 16), rid) for r, rid in found]
        y += rh
    return surf, links
