"""The action menu: everything the ruleset allows now, with its exact chance, the rest greyed with the reason.

Built from ``ruleset.legal_actions`` (never re-deriving legality) and
``ruleset.odds``. Drawn by the scene itself (cached text surfaces, no
pygame-gui widgets to build: a menu opens in well under a millisecond once
its odds are known; the scene works those out on an idle frame before the
click). Two levels:

1. one row per kind of action ("[G] Grapple  best 54%  >"), greyed when no
   variant is allowed;
2. that kind's variants ("neck, 1 hand: 38%"), the allowed ones first with a
   number key, the forbidden ones greyed, folded by their reason.

Kinds whose variants only differ by destination (move, drag, move and
attack) are chosen on the map instead: the menu answers ``("map", options)``.
Hovering any entry shows in the box below the menu what its percentage
means (every outcome's share), the rule behind it, its key, or why it is not
allowed. The same class shows a ruleset's *result* menu after a roll
(``title`` set, ``result_mode=True``): each option is picked directly.

``handle(event)`` returns ``("pick", action)``, ``("map", [options])``,
``("close", None)`` or ``None``.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

import game.rules  # noqa: F401  (registers every ruleset)
from game.rules.action_words import option_words, whole_chance
from game.rules.base import RULESETS, Option, Ruleset
from game.ui.action_hover import QUIET, HoverBox, words_lines
from game.ui.describe import name_of, odds_meaning, ruleset_of, variant_label
from game.ui.icon_atlas import shared as shared_icons
from game.ui.looks import action_icon
from game.ui.palette import Palette
from game.ui.text import TextCache, wrap
from game.wording import percent

__all__ = ["ActionMenu", "Group", "SHORTCUTS", "MAP_TYPES", "group_options", "shortcut_for", "render_info"]

def _merged() -> tuple[dict[str, str], frozenset[str], dict[str, str]]:
    """Every registered ruleset's menu letters, map-picked actions and unarmed words, merged in seed order
    (each ruleset declares its own: ``Presentation.menu_keys``...), for the key table and menus of any battle."""
    keys: dict[str, str] = {}
    maps: set[str] = set()
    unarmed: dict[str, str] = {}
    for cls in sorted(RULESETS.values(), key=lambda c: (c.source_text, c.id)):
        for kind, key in cls.presentation_type.menu_keys.items():
            keys.setdefault(kind, key)
        maps |= cls.presentation_type.map_actions
        for kind, words in cls.presentation_type.unarmed_words.items():
            unarmed.setdefault(kind, words)
    return keys, frozenset(maps), unarmed


#: action type -> key (shown in the menu and tooltips), from every ruleset's ``menu_keys``
SHORTCUTS, MAP_TYPES, _UNARMED = _merged()


def _map_actions(ruleset: Ruleset | None) -> frozenset[str]:
    """The action types a ruleset has the player pick on the map (every ruleset's, for an unknown one)."""
    return ruleset.presentation.map_actions if ruleset is not None and ruleset.id else MAP_TYPES
ROW = 30
WIDTH = 400


def shortcut_for(kind: str) -> str | None:
    return SHORTCUTS.get(kind)


@dataclass
class Group:
    kind: str
    title: str
    rule: str
    legal: list[Option] = field(default_factory=list)
    illegal: list[Option] = field(default_factory=list)
    odds: dict[int, dict[str, float] | None] = field(default_factory=dict)  # id(option) -> odds
    #: id(option) -> the chance of the whole action (``action_words.whole_chance``: the hover's "the whole")
    chance: dict[int, float | None] = field(default_factory=dict)
    variant: str = ""  # "grapple" or "grapple:all_out_attack": one group per maneuver
    ruleset: Ruleset | None = None  # whose ``headline`` names the outcome a percentage is the chance of

    @property
    def key(self) -> str | None:
        plain = self.variant.split("@", 1)[0]  # every weapon's group of a kind answers its key
        return SHORTCUTS.get(self.kind) if plain in ("", self.kind) else None

    @property
    def enabled(self) -> bool:
        return bool(self.legal)

    @property
    def on_map(self) -> bool:
        if self.kind not in _map_actions(self.ruleset):
            return False
        tos = {getattr(o.action, "to", None) for o in self.legal}
        # one hex allowed and others refused (a throw with every foe behind a wall, S3-GRENADE-2): still the
        # map, where any hex the rules accept may be clicked and a refused one says why
        return len(tos) > 1 or (bool(tos) and len(tos | {getattr(o.action, "to", None) for o in self.illegal}) > 1)

    def chance_of(self, o: Option) -> float | None:
        """The percentage the menu shows for ``o``: the chance of the whole, as its hover says it."""
        return self.chance.get(id(o))

    def best(self) -> float | None:
        best = None
        for o in self.legal:
            p = self.chance_of(o)
            if p is not None and (best is None or p > best):
                best = p
        return best


def group_options(options: list[Option], session: Any, battle: Any, odds: Any = None) -> list[Group]:
    """Options by action type, in the menu's order, with every allowed option's odds.

    ``odds``: a function ``action -> odds`` (the scene's cache, filled on idle frames); the session's
    ``odds`` by default."""
    get = odds if odds is not None else (session.odds if session is not None else None)
    ruleset = ruleset_of(battle)
    known = ruleset is not None and bool(ruleset.id)  # else the generic words: every ruleset's tables merged
    maps = _map_actions(ruleset)
    unarmed = ruleset.presentation.unarmed_words if known else _UNARMED
    groups: dict[str, Group] = {}
    for o in options:
        a = o.action
        man = getattr(a, "maneuver", None)
        key = a.type if man in (None, "attack") else f"{a.type}:{man}"
        # A hex picked on the map stands for one action: the weapon is chosen first, one group per weapon
        # (issue 15: Move and Attack with the sword, not only the first variant at each hex).
        armed = a.type in maps and hasattr(a, "item") and hasattr(a, "target")
        if armed:
            key += "@" + (a.item or "")
        g = groups.get(key)
        if g is None:
            title = a.title or a.type.replace("_", " ").capitalize()
            if man not in (None, "attack"):
                title += f" \u2014 {str(man).replace('_', ' ').replace('all out attack', 'all-out')}"
            if armed:
                title += f" \u2014 {a.item or unarmed.get(a.type, 'punch')}"
            g = groups[key] = Group(a.type, title, a.rule, ruleset=ruleset)
            g.variant = key
        if o.reason is None:
            g.legal.append(o)
            g.odds[id(o)] = get(a) if get is not None else None
            g.chance[id(o)] = whole_chance(ruleset, battle, a, g.odds[id(o)])
        else:
            g.illegal.append(o)
    order = {k: i for i, k in enumerate(ruleset.presentation.menu_order if known else ())}
    fighter = battle.get(options[0].action.actor) if options and battle is not None else None
    for g in groups.values():  # the weapon in hand first, other ready items next, bare hands and kicks last
        g.legal.sort(key=lambda o: _hand_rank(o.action, fighter, ruleset))
    return sorted(groups.values(), key=lambda g: (order.get(g.kind, 100), g.kind,
                                                  _hand_rank((g.legal or g.illegal)[0].action, fighter, ruleset),
                                                  g.variant))


def _hand_rank(action: Any, fighter: Any, ruleset: Ruleset | None) -> int:
    """Where an option's striking item puts it in its list: 0 the weapon in hand (or the ruleset's
    ``held_item`` value, "what is in hand"), 1 another item the fighter carries, 2 bare hands, kicks and
    anything else. A new player pressed 1 in the attack list and punched: bare hands came before the longsword
    in hand."""
    if not hasattr(action, "item") and not hasattr(action, "weapon"):
        return 0
    it = getattr(action, "item", None) if hasattr(action, "item") else getattr(action, "weapon", None)
    held = ruleset.presentation.held_item if ruleset is not None else None
    hands = {v for v in (getattr(fighter, "hands", None) or {}).values() if v}
    if (held is not None and it == held and hands) or (it and it in hands):
        return 0
    if it and it in (getattr(fighter, "items", None) or ()):
        return 1
    return 2


@dataclass
class _Button:
    """What a row shows (``text``) and whether it may be picked: a drawn row, not a widget."""

    text: str
    enabled: bool = True
    bold: bool = False
    centre: bool = False


@dataclass
class _Entry:
    rect: pygame.Rect
    button: _Button
    kind: str  # group | option | fold | back
    group: Group | None = None
    option: Option | None = None
    key: str | None = None
    folded: list[Option] = field(default_factory=list)


@dataclass
class _Panel:
    rect: pygame.Rect
    subtitle: str | None = None


def _hover_action(menu: ActionMenu, e: _Entry | None = None) -> Any:
    """The action ``menu``'s hover box speaks of for entry ``e`` (the hovered one by default), or None."""
    a = HoverBox.action_of(menu, menu.hovered if e is None else e)
    return None if a is QUIET else a


class ActionMenu:
    """A two-level menu drawn over the board (see the module docstring)."""
    hover_action = _hover_action  # the action the hover box speaks of (the aiming view reads it)

    def __init__(self, manager: Any, session: Any, battle: Any, actor: str,
                 options: list[Option], *, target: str | None, anchor: tuple[int, int], text: TextCache,
                 pal: Palette, screen_size: tuple[int, int], title: str | None = None, result_mode: bool = False,
                 open_group: str | None = None, help: Any = None, odds: Any = None, request: Any = None,
                 avoid: tuple[int, int] | None = None, at: Any = None) -> None:
        t0 = time.perf_counter()
        self.at: Any = at  # the hex this menu was opened at (a foe's, an empty one's): a throw picked goes there
        self.avoid = avoid  # the pointer when a result menu opens: no entry under it (see _panel)
        self.request = request  # result mode: the ruleset's ChoiceNeeded (prompt, menu, data)
        self.manager = manager
        self.session = session
        self.battle = battle
        self.actor = actor
        self.target = target
        self.text = text
        #: a row's height and the menu's width: they grow with its text (issue 26: at 1920x1080 the rows' words
        #: were cut in a box of the 1280 size)
        self.row, self.width = text.px(ROW), text.px(WIDTH)
        self.pal = pal
        self.help = help
        self.anchor = anchor
        self.screen_size = screen_size
        self.result_mode = result_mode
        self.title = title or self._default_title()
        self.groups = group_options(options, session, battle, odds=odds)
        self.level: Group | None = None
        self.panel: _Panel | None = None
        self.entries: list[_Entry] = []
        self.hovered: _Entry | None = None
        self._pointer: tuple[int, int] | None = None
        self._info: pygame.Surface | None = None
        self.info_boxes = _InfoBoxes()  # the hover box of the hovered entry, per width
        self._surf: pygame.Surface | None = None
        self.box = HoverBox(text, pal, (actor, target))  # issue 18: the ruleset's words, the charts, rule links (F1 at a rule)
        if result_mode:
            self._show_flat(options)
        elif open_group and any(g.kind == open_group for g in self.groups):
            g = next(g for g in self.groups if g.kind == open_group)
            self._show_group(g)
        else:
            self._show_groups()
        self.open_ms = (time.perf_counter() - t0) * 1000

    def _default_title(self) -> str:
        who = name_of(self.battle, self.actor)
        if self.target:
            return f"{who} vs {name_of(self.battle, self.target)}"
        return f"{who}: actions"

    # -- building ---------------------------------------------------------------------------
    def _clear(self) -> None:
        self.panel = None
        self.entries = []
        self.hovered = None
        self._pointer = None  # where hover() last saw the pointer: asked again on a new level
        self.info_boxes.clear()
        self._surf = None

    def _panel(self, rows: int, subtitle: str | None = None) -> tuple[_Panel, int]:
        px = self.text.px
        h = px(44) + rows * self.row + px(20 if subtitle else 0) + 10
        w = self.width
        sw, sh = self.screen_size
        x = min(max(8, self.anchor[0] + 16), sw - w - 8)
        y = min(max(70, self.anchor[1] - 20), max(70, sh - h - 150))
        if y + h > sh - 8:
            y = max(8, sh - h - 8)
        if self.result_mode and self.avoid is not None:
            x, y = _off_pointer(pygame.Rect(x, y, w, h), self.avoid, (sw, sh))
        self.panel = _Panel(pygame.Rect(x, y, w, h), subtitle)
        return self.panel, px(36 + (20 if subtitle else 0))

    def _button(self, panel: _Panel, y: int, label: str, enabled: bool, object_id: str | None = None) -> _Button:
        return _Button(label, enabled, bold=object_id == "@group_button", centre=object_id == "@center_button")

    def _add(self, panel: _Panel, y: int, button: _Button, kind: str, **kw: Any) -> None:
        rect = pygame.Rect(panel.rect.x + 8, panel.rect.y + y, self.width - 20, self.row - 3)
        self.entries.append(_Entry(rect, button, kind, **kw))

    def _show_groups(self) -> None:
        self._clear()
        self.level = None
        shown, folded = fold_groups(self.groups, (self.screen_size[1] - 70) // self.row - 1)
        panel, y = self._panel(len(shown) + bool(folded) + 1)
        for g in shown:
            key = f"[{g.key}] " if g.key else ""
            if g.on_map:  # one phrase for every on-map row: a weapon's long name never cuts it
                tail = "  (on map)"
            elif len(g.legal) == 1 and not g.illegal:
                tail = f":  {percent(g.chance_of(g.legal[0]))}"
                tail = "" if tail.strip() == ":" else tail
            elif g.legal:
                p = g.best()
                tail = (f"  best {percent(p)}" if p is not None else "") + "  >"
            else:
                tail = _greyed_tail(self, f"{key}{g.title}", g.illegal)
            label = f"{key}{g.title}{tail}"
            b = self._button(panel, y, label, g.enabled, "@group_button")
            self._add(panel, y, b, "group", group=g, key=g.key)
            y += self.row
        if folded:  # a small window: one row for the kinds not allowed now, each with its reason on hover
            b = self._button(panel, y, f"{len(folded)} more not allowed now (hover: why)", False)
            self._add(panel, y, b, "not_now", folded=[g.illegal[0] for g in folded if g.illegal])
            y += self.row
        self._add(panel, y, self._button(panel, y, "Close  (Esc)", True, "@center_button"), "back")

    def _show_group(self, g: Group) -> None:
        if g.on_map:
            return
        self._clear()
        self.level = g
        shared_target = self.target is not None
        rows: list[tuple[str, Any]] = []
        for i, o in enumerate(g.legal[:18]):
            rows.append(("option", (o, str((i + 1) % 10) if i < 10 else None)))
        folded: dict[str, list[Option]] = {}
        for o in g.illegal:
            folded.setdefault(o.reason.text if o.reason else "", []).append(o)
        for reason, opts in list(folded.items())[:6]:
            rows.append(("fold", (reason, opts)))
        key = f"[{g.key}] " if g.key else ""
        panel, y = self._panel(len(rows) + 1, subtitle=f"{key}{g.title}: pick one (number keys)")
        for kind, payload in rows:
            if kind == "option":
                o, num = payload
                label = variant_label(o.action, self.battle, shared_target) or g.title
                p = g.chance_of(o)
                txt = f"{num + '  ' if num else ''}{label}" + (f":  {percent(p)}" if p is not None else "")
                self._add(panel, y, self._button(panel, y, txt, True), "option", group=g, option=o, key=num)
            else:
                reason, opts = payload
                if len(opts) == 1:
                    label = f"{variant_label(opts[0].action, self.battle, shared_target) or g.title}: not allowed"
                else:  # playtest: "7 more: not allowed" told nothing; the reason they share does (hover: which)
                    label = f"{len(opts)} more: {reason.rstrip('.') or 'not allowed'}"
                self._add(panel, y, self._button(panel, y, label, False), "fold", group=g,
                          option=opts[0], folded=opts)
            y += self.row
        self._add(panel, y, self._button(panel, y, "<  Back  (Backspace)", True, "@center_button"), "back")

    def _show_flat(self, options: list[Option]) -> None:
        """The result menu: every option a row, picked directly; the greyed ones with their reason."""
        self._clear()
        data = getattr(self.request, "data", None) or {}
        sub = "Choose a result (number keys) \u00b7 greyed: why not"
        rolls = (data.get("contest") or {}).get("rolls") or []
        if len(rolls) >= 2 and all("points" in r for r in rolls[:2]):
            sub = (f"{name_of(self.battle, rolls[0].get('actor'))} {rolls[0]['points']} pts vs "
                   f"{name_of(self.battle, rolls[1].get('actor'))} {rolls[1]['points']} \u00b7 pick a result")
        panel, y = self._panel(len(options), subtitle=sub)
        g = Group("result", "Result", "")
        n = 0
        for o in options:
            num = None
            if o.reason is None:
                n += 1
                num = str(n % 10) if n <= 10 else None
            label = _result_label(self, o)
            b = self._button(panel, y, f"{num + '  ' if num else '    '}{label}", o.reason is None)
            self._add(panel, y, b, "option" if o.reason is None else "fold", group=g, option=o,
                      key=num, folded=[o])
            y += self.row

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The panel and its rows (made once per level; the hovered row is lit each frame)."""
        if self.panel is None:
            return
        if self._surf is None:
            self._surf = self._render_panel()
        r = self.panel.rect
        surface.blit(self._surf, r.topleft)
        e = self.hovered
        if e is not None and e.button.enabled:
            pygame.draw.rect(surface, self.pal.accent, e.rect, width=2, border_radius=5)

    def _render_panel(self) -> pygame.Surface:
        assert self.panel is not None
        t = self.text
        pal = self.pal
        r = self.panel.rect
        surf = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (20, 22, 30, 246), surf.get_rect(), border_radius=8)
        pygame.draw.rect(surf, pal.panel_edge, surf.get_rect(), width=1, border_radius=8)
        surf.blit(t.render(_fit(t, self.title, 16, self.width - 24, True), 16, pal.accent, bold=True), (12, t.px(8)))
        if self.panel.subtitle:
            surf.blit(t.render(_fit(t, self.panel.subtitle, 13, self.width - 24, False), 13, pal.text), (12, t.px(32)))
        for e in self.entries:
            b = e.button
            rr = e.rect.move(-r.x, -r.y)
            bg = (44, 48, 60) if b.enabled else (30, 32, 38)
            pygame.draw.rect(surf, bg, rr, border_radius=5)
            pygame.draw.rect(surf, (74, 80, 96) if b.enabled else (46, 48, 56), rr, width=1, border_radius=5)
            size = 15 if b.bold else 14
            col = pal.text if b.enabled else (118, 118, 124)
            _row_words(surf, t, e, rr, size, col)
        return surf

    # -- input ------------------------------------------------------------------------------
    def contains(self, pos: tuple[int, int]) -> bool:
        return self.panel is not None and (self.panel.rect.collidepoint(pos) or self.box.covers(pos))

    def entry_for(self, kind: str, **match: Any) -> _Entry | None:
        """Tests: the entry of a group (``kind="group", group_kind="grapple"``) or an option."""
        for e in self.entries:
            if e.kind != kind:
                continue
            if "group_kind" in match and (e.group is None or e.group.kind != match["group_kind"]):
                continue
            if "action" in match and (e.option is None or e.option.action != match["action"]):
                continue
            return e
        return None

    def _activate(self, e: _Entry) -> tuple[str, Any] | None:
        if e.kind == "back":
            if self.level is None or self.result_mode:
                return ("close", None)
            self._show_groups()
            return None
        if e.kind == "group" and e.group is not None and e.group.enabled:
            g = e.group
            if g.on_map:
                return ("map", list(g.legal))
            if len(g.legal) == 1 and not g.illegal:
                return ("pick", g.legal[0].action)
            self._show_group(g)
            return None
        if e.kind == "option" and e.option is not None:
            return ("pick", e.option.action)
        return None

    def open_kind(self, kind: str) -> tuple[str, Any] | None:
        """Open (or pick) the group of this action type, as its shortcut key does."""
        for e in sorted(self.entries, key=lambda e: not e.button.enabled):
            if e.kind == "group" and e.group is not None and e.group.kind == kind:
                return self._activate(e)
        return None

    def handle(self, event: pygame.event.Event) -> tuple[str, Any] | None:
        if event.type == pygame.MOUSEMOTION:
            self.hover(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.contains(event.pos):
            if (rule := self.box.links.at(event.pos)) is not None:  # a rule ID in the box: F1 opens at it
                return ("rule", rule)
            for e in self.entries:
                if e.rect.collidepoint(event.pos) and e.button.enabled:
                    return self._activate(e)
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return ("close", None)
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER):
                return _arrow_key(self, event.key)
            if event.key == pygame.K_BACKSPACE and self.level is not None and not self.result_mode:
                self._show_groups()
                return None
            ch = (event.unicode or "").upper() if hasattr(event, "unicode") else ""
            if not ch and pygame.K_a <= event.key <= pygame.K_z:
                ch = chr(event.key).upper()
            if not ch and pygame.K_0 <= event.key <= pygame.K_9:
                ch = chr(event.key)
            # several groups may share a key (one per weapon): the first allowed one answers it
            for e in sorted(self.entries, key=lambda e: not e.button.enabled):
                if e.key and e.key == ch and e.kind in ("group", "option"):
                    return self._activate(e)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and not self.contains(event.pos):
            return ("close", None)
        return None

    def hover(self, pos: tuple[int, int]) -> None:
        if pos == self._pointer:  # the pointer has not moved (the scene asks every frame): the arrow keys' pick stays
            return
        self._pointer = pos
        if self.box.covers(pos) and self.hovered is not None:  # reading the box, or reaching for a link in it
            return
        self.hovered = None
        for e in self.entries:
            if e.rect.collidepoint(pos):
                self.hovered = e
                return

    def kill(self) -> None:
        self._clear()

    # -- the box that says what the hovered entry means -------------------------------------
    def info_lines(self, e: _Entry | None) -> list[tuple[str, tuple[int, int, int], bool]]:
        pal = self.pal
        if e is None or e.kind == "back":
            if self.result_mode and self.request is not None:
                return [(self.request.prompt, pal.text, True),
                        ("The dice are cast: this roll counts, whatever you pick.", pal.dim, False)]
            if self.level is None and not self.result_mode:
                return [("Hover an action to see what its chance means.", pal.dim, False),
                        ("Greyed: not allowed now (hover for the reason).", pal.dim, False)]
            return []
        if e.kind == "not_now":
            return _not_now_lines(self, e)
        out: list[tuple[str, tuple[int, int, int], bool]] = []
        if e.kind == "group" and e.group is not None:
            g = e.group
            out.append((g.title + (f"   key {g.key}" if g.key else ""), pal.accent, True))
            if g.on_map:
                out.append(("Pick the hex on the map: the reachable ones are lit, with their cost.", pal.text,
                            False))
            elif g.legal:
                best = max(g.legal, key=lambda o: g.chance_of(o) or 0)
                out.append((f"{len(g.legal)} way{'s' if len(g.legal) != 1 else ''} allowed; the best:", pal.dim,
                            False))
                out.append((odds_meaning(self.battle, best.action, g.odds.get(id(best))), pal.text, False))
            elif g.illegal:
                r = g.illegal[0].reason
                out.append((f"Not allowed: {r.text}", pal.failure, True))
                if r.rule:
                    out.append((f"rule {r.rule}", pal.neutral, False))
                out.extend(_opens_lines(self, g.illegal))
            out.extend(words_lines(self.box.words(self.battle, HoverBox.action_of(self, e)), pal))
            self._rule_line(out, g.rule)
            return out
        o = e.option
        if o is None:
            return out
        if e.kind == "fold" and self.result_mode:
            out.append((_result_label(self, o), pal.dim, True))
            if o.reason is not None:
                out.append((f"Not allowed: {o.reason.text}", pal.failure, True))
                self._rule_line(out, o.reason.rule)
            return out
        if e.kind == "fold":
            r = o.reason
            label = ", ".join(variant_label(x.action, self.battle, self.target is not None) for x in e.folded[:6])
            out.append((label or o.action.title, pal.dim, False))
            if len(e.folded) <= 1:  # a greyed option still says what it would do
                out.extend(_option_lines(self, o.action))
            if r is not None:
                out.append((f"Not allowed: {r.text}", pal.failure, True))
                if r.rule:
                    out.append((f"rule {r.rule}", pal.neutral, False))
                    self._rule_line(out, r.rule, cite=False)
                out.extend(_opens_lines(self, e.folded or [o]))
            return out
        g = e.group
        odds = g.odds.get(id(o)) if g is not None else None
        if self.result_mode:
            out.append((_result_label(self, o), pal.accent, True))
            out.extend(_option_lines(self, o.action))  # what the result does, in the ruleset's words
            rule = ((getattr(self.request, "data", None) or {}).get("rules") or {}).get(
                getattr(o.action, "option", None))
            self._rule_line(out, rule or o.action.rule)
            return out
        out.append((o.action.title + ": " + variant_label(o.action, self.battle, self.target is not None),
                    pal.accent, True))
        if not self.result_mode:
            out.append((odds_meaning(self.battle, o.action, odds), pal.text, False))
            out.extend(_option_lines(self, o.action))  # "careful", "lingering", "staff two": what each does
            out.extend(words_lines(self.box.words(self.battle, o.action), pal))
        self._rule_line(out, o.action.rule)
        return out

    def _rule_line(self, out: list, rule: str | None, cite: bool = True) -> None:
        if not rule:
            return
        e = self.help.lookup(rule) if self.help is not None else None
        if e is not None:
            out.append((f"{rule}: {e.text}", self.pal.dim, False))
        elif cite:
            out.append((f"rule {rule}", self.pal.neutral, False))

    def draw_info(self, surface: pygame.Surface, keep_clear: pygame.Rect | None = None) -> None:
        """The box under (or beside) the menu; off ``keep_clear`` (a lesson's card) when there is room."""
        if self.panel is None:
            return
        e = self.hovered
        r = self.panel.rect
        sw, sh = surface.get_size()
        self._info = _info_at(self, e, self.width)
        if self._info is None:
            return self.box.blit(surface, None, 0, 0)
        x, y = r.x, r.bottom + 6
        if y + self._info.get_height() > sh - 4:
            right, left = sw - r.right - 10, r.x - 10
            if 260 <= max(right, left) < self.width:
                # no side has room for the whole width: a narrower box on the roomier side, never over the
                # rows it speaks of (at 1024x640 it covered their left half, under Xvfb)
                self._info = _info_at(self, e, max(right, left))
            w = self._info.get_width()
            x = r.right + 6 if r.right + 6 + w < sw else r.x - w - 6
            y = max(4, min(r.y, sh - self._info.get_height() - 4))
        at = _clear_of(keep_clear, x, y, self._info.get_size(), sh)
        if pygame.Rect(at, self._info.get_size()).colliderect(r):
            at = (x, y)  # moved off the card but onto the rows it speaks of: where it was is better
        self.box.blit(surface, self._info, *at)




def _row_words(surf: pygame.Surface, t: TextCache, e: _Entry, rr: pygame.Rect, size: int,
               col: tuple[int, int, int]) -> None:
    """A row's words on ``surf`` in row rectangle ``rr``; issue 26: an action's group row leads with its icon
    (game.ui.looks; none: its words alone), every group row indented alike so the words align."""
    b = e.button
    pad = 0
    if e.group is not None and not b.centre:
        pad = t.px(ROW) - 4
        icon = shared_icons().get(action_icon(e.group.kind), t.px(ROW) - 10, col)
        if icon is not None:
            surf.blit(icon, icon.get_rect(midleft=(rr.x + 7, rr.centery)))
    img = t.render(_fit(t, b.text, size, rr.w - 16 - pad, b.bold), size, col, bold=b.bold)
    surf.blit(img, img.get_rect(center=rr.center) if b.centre else img.get_rect(midleft=(rr.x + 8 + pad, rr.centery)))


def _arrow_key(menu: ActionMenu, key: int) -> tuple[str, Any] | None:
    """Up and Down move the highlight over the entries that may be picked, Enter picks the highlighted one:
    every entry reachable without the mouse (a ruleset may have more actions than free letters)."""
    live = [e for e in menu.entries if e.button.enabled and e.kind in ("group", "option", "back")]
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        return menu._activate(menu.hovered) if menu.hovered in live else None
    if not live:
        return None
    at = live.index(menu.hovered) if menu.hovered in live else (-1 if key == pygame.K_DOWN else 0)
    menu.hovered = live[(at + (1 if key == pygame.K_DOWN else -1)) % len(live)]
    return None


def render_info(menu: ActionMenu, lines: list[tuple[str, tuple[int, int, int], bool]],
                 w: int = WIDTH) -> pygame.Surface:
    """The hover box's lines, wrapped ``w`` wide, on the box's dark rounded panel (the tests render a box's
    words alone through it, without its charts)."""
    t = menu.text
    rows = []
    for s, col, bold in lines:
        for ln in wrap(t, s, 13, w - 20, bold):
            rows.append((ln, col, bold))
    lh = t.font(13).get_linesize()
    surf = pygame.Surface((w, len(rows) * lh + 16), pygame.SRCALPHA)
    pygame.draw.rect(surf, (16, 18, 24, 240), surf.get_rect(), border_radius=8)
    pygame.draw.rect(surf, menu.pal.panel_edge, surf.get_rect(), width=1, border_radius=8)
    menu.box.draw_rows(surf, rows, lh)
    return surf


class _InfoBoxes:
    """The hover boxes of one entry, kept per width (a frame may ask for the full width and then a narrower
    one); asked for another entry, it forgets the last one's."""

    def __init__(self) -> None:
        self.key: Any = None
        self.by_width: dict[int, pygame.Surface | None] = {}

    def clear(self) -> None:
        self.key, self.by_width = None, {}

    def get(self, key: Any, width: int, render: Callable[[], pygame.Surface | None]) -> pygame.Surface | None:
        if key != self.key:
            self.key, self.by_width = key, {}
        if width not in self.by_width:
            self.by_width[width] = render()
        return self.by_width[width]


def _info_at(menu: ActionMenu, e: _Entry | None, width: int) -> pygame.Surface | None:
    """The menu's hover box of ``e`` rendered ``width`` wide (kept by ``menu.info_boxes``)."""
    def render() -> pygame.Surface | None:
        info = render_info(menu, lines, width) if (lines := menu.info_lines(e)) else None
        return menu.box.with_chart(info, menu.battle, HoverBox.action_of(menu, e), width)
    return menu.info_boxes.get((id(e) if e else None, menu.level.kind if menu.level else None), width, render)


def _greyed_tail(menu: ActionMenu, head: str, refused: list[Option]) -> str:
    """A greyed kind's row after its title: the one reason its options share when the row holds it whole ("Edda
    has no shield"), else "not allowed now" (hover for why), else, after a long title, the short "not now"."""
    room = menu.width - 20 - 16 - (menu.text.px(ROW) - 4)  # as ``_row_words`` draws a group row: after its icon
    for words in (_one_reason(refused), "not allowed now"):
        if words and menu.text.font(15, True).size(f"{head}  ({words})")[0] <= room:
            return f"  ({words})"
    return "  (not now)"


def _one_reason(options: list[Option]) -> str:
    """The reason every one of ``options`` is refused, when they share one ("No weapon in hand: use brawl"),
    without its full stop; "" when they differ. Playtest: an unarmed d20 fighter's Attack read "(not now)" where
    the reason was that it had no weapon."""
    reasons = {o.reason.text.rstrip(".") for o in options if o.reason is not None}
    return reasons.pop() if len(reasons) == 1 else ""


def fold_groups(groups: list[Group], rows: int) -> tuple[list[Group], list[Group]]:
    """The groups a menu of ``rows`` rows (Close aside) shows, and those folded into one "not allowed now"
    row: none when all fit; else first the all-out variants of a kind not allowed at all (the kind's own row
    says why), then every kind not allowed now. Seen under Xvfb: a 3d6 holder's 27 rows ran off a 1280x800
    window (Close unreachable) and hid Attack and Evaluate at 1024x640."""
    if len(groups) <= rows:
        return groups, []
    off = {g.kind for g in groups if not g.enabled and g.variant == g.kind}
    shown = [g for g in groups if g.enabled or g.variant == g.kind or g.kind not in off]
    if len(shown) + 1 > rows:
        shown = [g for g in groups if g.enabled]
    return shown, [g for g in groups if g not in shown]


def _off_pointer(r: pygame.Rect, pointer: tuple[int, int], screen: tuple[int, int]) -> tuple[int, int]:
    """Where a result menu goes so that no entry is under the pointer when it opens: as placed, else beside the
    pointer (right, left), else under or over it. Seen by a new player: edge's result menu opened with the
    pointer on "Escape (edge 0)", and the next click ended the grapple just won."""
    if not r.inflate(12, 12).collidepoint(pointer):
        return r.x, r.y
    sw, sh = screen
    px, py = pointer
    for x, y in ((px + 24, r.y), (px - r.w - 24, r.y), (r.x, py + 24), (r.x, py - r.h - 24)):
        x, y = min(max(4, x), sw - r.w - 4), min(max(4, y), sh - r.h - 4)
        if not pygame.Rect(x, y, r.w, r.h).inflate(12, 12).collidepoint(pointer):
            return x, y
    return r.x, r.y


def _clear_of(card: pygame.Rect | None, x: int, y: int, size: tuple[int, int], height: int) -> tuple[int, int]:
    """Where the menu's box goes: at (x, y), or moved down under ``card`` when it would cover it and fits
    there, else up over it. Seen under Xvfb: the grip figure hid the lesson card's "You chose the torso; ... let go first" at
    the moment the learner opened the menu to do just that."""
    if card is None or not card.colliderect(pygame.Rect((x, y), size)):
        return x, y
    if card.bottom + 6 + size[1] <= height - 4:
        return x, card.bottom + 6
    # no room under it (the last action's card at the board's foot): above it, when there is room there
    return (x, card.y - 6 - size[1]) if card.y - 6 - size[1] >= 4 else (x, y)


def _not_now_lines(menu: ActionMenu, e: _Entry) -> list[tuple[str, tuple[int, int, int], bool]]:
    """The folded row's hover: each kind not allowed now, those with one reason together."""
    pal = menu.pal
    out: list[tuple[str, tuple[int, int, int], bool]] = [("Not allowed now:", pal.accent, True)]
    by: dict[str, list[str]] = {}
    for o in e.folded:
        text = o.reason.text if o.reason is not None else ""
        if o.reason is not None and o.reason.rule and o.reason.rule not in text:
            text += f" ({o.reason.rule})"
        by.setdefault(text, []).append(o.action.title + _maneuver_words(o.action))
    for text, titles in by.items():
        out.append((", ".join(dict.fromkeys(titles)) + (f": {text}" if text else ""), pal.dim, False))
    return out + _opens_lines(menu, e.folded)


def _opens_lines(menu: ActionMenu, options: list[Any]) -> list[tuple[str, tuple[int, int, int], bool]]:
    """What would open each greyed action, as the engine's refusal says (``Reason.opens``): "Pin: needs Bob
    lying down: take him down first (Takedown, S2-TAKEDOWN-2)". Once per action kind and sentence."""
    seen: dict[str, None] = {}
    for o in options:
        r = getattr(o, "reason", None)
        if r is not None and getattr(r, "opens", ""):
            seen.setdefault(f"{o.action.title}: {r.opens}", None)
    return [(line, menu.pal.accent, False) for line in seen]


def _option_lines(menu: ActionMenu, action: Any) -> list[tuple[str, tuple[int, int, int], bool]]:
    """The ruleset's sentence for each option the action carries (``action_words.option_words``)."""
    return [(text, menu.pal.text, False) for text in option_words(ruleset_of(menu.battle), action)]


def _maneuver_words(action: Any) -> str:
    man = getattr(action, "maneuver", None)
    return "" if man in (None, "attack") else f" \u2014 {str(man).replace('_', ' ').replace('all out attack', 'all-out')}"


def _result_label(menu: ActionMenu, o: Option) -> str:
    """A result's row: its name and what it costs (``data["costs"]``); a greyed one says why not."""
    a = o.action
    data = getattr(menu.request, "data", None) or {}
    result = getattr(a, "option", None)
    if result == "none":
        label = "No result (decline)"
    else:
        label = (str(result).replace("_", " ").capitalize() if result else
                 (variant_label(a, menu.battle, True) or a.title))
    cost = (data.get("costs") or {}).get(result)
    edge = data.get("edge")
    if cost is not None and o.reason is not None and isinstance(edge, int) and cost > edge:
        return f"{label}  (needs edge {cost})"
    if cost is not None:
        label += f"  (edge {cost})"
    if o.reason is not None:
        label += f": {o.reason.text}"
    return label


def with_field(action: Any, **changes: Any) -> Any:
    try:
        return dataclasses.replace(action, **changes)
    except TypeError:
        return action


def warm_up(manager: Any = None, text: TextCache | None = None) -> None:
    """Render the menu's fonts once so the first real menu opens fast."""
    if text is not None:
        for size, bold in ((16, True), (15, True), (14, False), (13, False), (13, True)):
            text.font(size, bold)


def _fit(t: TextCache, s: str, size: int, width: int, bold: bool) -> str:
    """The text, cut with an ellipsis to fit the width."""
    f = t.font(size, bold)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "\u2026")[0] > width:
        s = s[:-1]
    return s + "\u2026"
