"""Which picture stands for what: a fighter's role, the item in their hand, an action, a condition.

Why one table: the token, the action menu and the condition badges all draw icons from
``assets/icons/`` (written by ``tools/vendor_icons.py``); keeping every "this means that picture" here
means a new item word or action needs one line, and the test that every named icon exists reads these
tables. Nothing here names a ruleset: the role comes from what the engine knows of a fighter - the items in
their hands and the ruleset's facts about them (``Ruleset.items``: kind, tags), the names of their skills,
whether they ride or are ridden - so a ruleset with new items gets pictures from its item words and kinds.
No pygame: the choices are plain data (tests read them headless).
"""

from __future__ import annotations

from typing import Any

__all__ = ["ROLE_ICONS", "ITEM_WORDS", "ACTION_ICONS", "CONDITION_ICONS", "FIST", "Look", "look_of",
           "item_look", "action_icon", "condition_icon", "every_icon"]

#: role -> icon file (without ``.svg``); ``fighter`` is the default figure
ROLE_ICONS: dict[str, str] = {
    "swordsman": "role-swordsman", "archer": "role-archer", "spearman": "role-spearman", "flamer": "role-flamer",
    "brawler": "role-brawler", "wrestler": "role-wrestler", "gunman": "role-gunman",
    "grenadier": "role-grenadier", "knife-fighter": "role-knife-fighter", "warrior": "role-warrior",
    "rider": "role-rider", "mount": "role-mount", "fighter": "role-fighter",
}

#: words in an item's id, first match wins -> (icon, the role that item makes its holder, or None: it says
#: nothing of who holds it). Longer words stand before the shorter words they contain (``poleaxe`` before
#: ``axe``, ``crossbow`` before ``bow``).
ITEM_WORDS: tuple[tuple[str, str, str | None], ...] = (
    ("flamethrower", "item-flamethrower", "flamer"),
    ("molotov", "item-molotov", "grenadier"),
    ("smoke_grenade", "item-smoke-grenade", "grenadier"),
    ("gas_grenade", "item-gas", "grenadier"),
    ("grenade", "item-grenade", "grenadier"),
    ("shotgun", "item-shotgun", "gunman"),
    ("assault_rifle", "item-assault-rifle", "gunman"),
    ("laser", "item-laser", "gunman"),
    ("stun_gun", "item-laser", "gunman"),
    ("rifle", "item-rifle", "gunman"),
    ("pistol", "item-pistol", "gunman"),
    ("crossbow", "item-crossbow", "archer"),
    ("bow", "item-bow", "archer"),
    ("sling", "item-sling", "archer"),
    ("plasma_sword", "item-energy-sword", "swordsman"),
    ("katana", "item-katana", "swordsman"),
    ("sword", "item-sword", "swordsman"),
    ("knife", "item-knife", "knife-fighter"),
    ("dagger", "item-dagger", "knife-fighter"),
    ("broken_bottle", "item-broken-bottle", "knife-fighter"),
    ("bottle", "item-bottle", "brawler"),
    ("knuckles", "item-brass-knuckles", "brawler"),
    ("fist", "item-fist", "brawler"),
    ("poleaxe", "item-pole-arm", "spearman"),
    ("pole_arm", "item-pole-arm", "spearman"),
    ("lance", "item-spear", "spearman"),
    ("spear", "item-spear", "spearman"),
    ("tomahawk", "item-tomahawk", "warrior"),
    ("axe", "item-axe", "warrior"),
    ("hammer", "item-hammer", "warrior"),
    ("morningstar", "item-mace", "warrior"),
    ("mace", "item-mace", "warrior"),
    ("club", "item-club", "warrior"),
    ("staff", "item-staff", "warrior"),
    ("baton", "item-baton", "warrior"),
    ("torch", "item-torch", "warrior"),
    ("chair", "item-chair", "brawler"),
    ("rock", "item-rock", "brawler"),
    ("shield", "item-shield", None),
    ("rope", "item-rope", None),
    ("manacles", "item-manacles", None),
)

#: an item no word matches, by the ruleset's facts about it: a tag or kind -> (icon, role)
ITEM_FACTS: tuple[tuple[str, str, str | None], ...] = (
    ("firearm", "item-pistol", "gunman"),
    ("grenade", "item-grenade", "grenadier"),
    ("missile", "item-bow", "archer"),
    ("thrown", "item-rock", "brawler"),
    ("shield", "item-shield", None),
    ("unarmed", "item-fist", "brawler"),
    ("melee", "item-club", "warrior"),
    ("weapon", "item-club", "warrior"),
)

#: bare hands: the fist on the token
FIST = "item-fist"

#: words in a skill's name that make an unarmed fighter a wrestler rather than a brawler
WRESTLING_WORDS = ("wrestl", "judo", "grappl", "sumo")

#: which role wins when a fighter holds two things (a pistol and a knife: a gunman)
ROLE_ORDER = ("flamer", "gunman", "grenadier", "archer", "swordsman", "spearman", "warrior", "knife-fighter",
              "brawler")

#: an action's type -> icon (types the rulesets share words for; others have no icon and keep their words)
ACTION_ICONS: dict[str, str] = {
    "attack": "action-attack", "move_and_attack": "action-attack", "all_out_attack": "action-attack",
    "jab": "role-brawler", "hth": "role-brawler", "brawl": "role-brawler", "slam": "action-shield-bash",
    "move": "action-move", "run": "action-run", "charge": "action-charge", "disengage": "action-run",
    "grapple": "action-grapple", "enter_grapple": "action-grapple", "wrestle": "role-wrestler",
    "grapple_roll": "action-grapple", "choke_hold": "action-grapple", "strangle": "action-grapple",
    "pin": "condition-pinned", "subdue": "condition-pinned",
    "break_free": "action-break-free", "escape": "action-break-free",
    "dodge": "action-dodge", "evade": "action-dodge", "defend": "item-shield", "all_out_defense": "item-shield",
    "shield_bash": "action-shield-bash", "wait": "action-wait", "do_nothing": "action-wait",
    "concentrate": "action-wait", "reload": "action-reload", "swap_battery": "action-reload",
    "change_posture": "action-posture", "trip": "action-trip", "sweep": "action-trip", "takedown": "action-trip",
    "knockdown": "action-trip", "staff_trip": "action-trip", "disarm": "action-disarm",
    "staff_disarm": "action-disarm", "force_drop": "action-disarm", "aim": "action-aim",
    "aimed_shot": "action-aim", "burst": "item-assault-rifle", "full_auto": "item-assault-rifle",
    "throw_grenade": "item-grenade", "throw": "item-rock", "flame": "item-flamethrower",
    "stop_drop_roll": "condition-on-fire", "extinguish": "condition-on-fire",
}

#: a condition -> icon drawn on its badge beside the letters (the letters stay: they carry the meaning)
CONDITION_ICONS: dict[str, str] = {
    "stunned": "condition-stunned", "unconscious": "condition-unconscious", "knocked_out": "condition-unconscious",
    "dead": "condition-dead", "pinned": "condition-pinned", "subdued": "condition-pinned",
    "prone": "condition-prone", "bleeding": "condition-bleeding", "suffocating": "condition-suffocating",
    "choking": "condition-suffocating", "on_fire_limb": "condition-on-fire", "on_fire_half": "condition-on-fire",
    "on_fire_whole": "condition-on-fire", "surprised": "condition-surprised", "frightened": "condition-frightened",
    "underwater": "condition-underwater", "grappled": "action-grapple", "dodging": "action-dodge",
    "defending": "item-shield", "tear_gassed": "item-gas", "bound": "item-manacles", "helpless": "item-manacles",
}


class Look:
    """What a token shows of who a fighter is: the role's figure and the items in hand (main one first)."""

    __slots__ = ("role", "items")

    def __init__(self, role: str, items: tuple[str, ...]) -> None:
        self.role = role
        self.items = items

    @property
    def icon(self) -> str:
        return ROLE_ICONS.get(self.role, ROLE_ICONS["fighter"])

    def __repr__(self) -> str:
        return f"Look({self.role!r}, {self.items!r})"


def item_look(ruleset: Any, item: str) -> tuple[str | None, str | None]:
    """``(icon, role)`` of the item ``item`` (an id of ``ruleset.items``): by the words of its id, else by
    the ruleset's facts (its tags, then its kind); ``(None, None)`` for an item that shows nothing."""
    word = item.lower()
    for part, icon, role in ITEM_WORDS:
        if part in word:
            return icon, role
    facts = ruleset.items.get(item) or {}
    names = [str(t) for t in facts.get("tags", ()) or ()] + [str(facts.get("kind", ""))]
    for fact, icon, role in ITEM_FACTS:
        if fact in names:
            return icon, role
    return None, None


def look_of(ruleset: Any, f: Any) -> Look:
    """The role and the items in hand of fighter ``f`` under ``ruleset``.

    A mount (the ``mount`` trait) and a rider (``mounted``) are that first; else the strongest role its held
    items make (:data:`ROLE_ORDER`: a pistol and a knife make a gunman); empty hands make a wrestler when a
    skill's name says so (Wrestling, Judo), else a brawler with a fist on the token."""
    traits = getattr(f, "traits", None) or {}
    hands = [h for h in (getattr(f, "hands", None) or {}).values() if h]
    looks = [(item, *item_look(ruleset, item)) for item in hands]
    shown = [(item, icon, role) for item, icon, role in looks if icon]
    roles = [role for _, _, role in shown if role]
    shown.sort(key=lambda e: ROLE_ORDER.index(e[2]) if e[2] in ROLE_ORDER else len(ROLE_ORDER))
    items = tuple(icon for _, icon, _ in shown)
    if traits.get("mount"):
        return Look("mount", items)
    if "mounted" in (getattr(f, "conditions", None) or ()):
        return Look("rider", items)
    if roles:
        return Look(min(roles, key=lambda r: ROLE_ORDER.index(r) if r in ROLE_ORDER else len(ROLE_ORDER)), items)
    if hands:  # holding things that say nothing of who holds them (a rope, a ring)
        return Look("fighter", items)
    skills = " ".join(str(s).lower() for s in (getattr(f, "skills", None) or {}))
    return Look("wrestler" if any(w in skills for w in WRESTLING_WORDS) else "brawler", (FIST,))


def action_icon(kind: str) -> str | None:
    """The icon of an action type in the menu, or None (the row keeps its words alone)."""
    return ACTION_ICONS.get(kind)


def condition_icon(condition: str) -> str | None:
    """The icon on a condition's badge, or None (the badge keeps its letters alone)."""
    return CONDITION_ICONS.get(condition)


def every_icon() -> set[str]:
    """Every icon file these tables name (a test holds each to a file in ``assets/icons``)."""
    return (set(ROLE_ICONS.values()) | {i for _, i, _ in ITEM_WORDS} | {i for _, i, _ in ITEM_FACTS} | {FIST}
            | set(ACTION_ICONS.values()) | set(CONDITION_ICONS.values()))
