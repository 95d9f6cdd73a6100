"""What the board, the pop-ups and the panels show of ``nd6-tactical``, as plain data.

Declared on :class:`game.rules.nd6.presentation.Nd6Presentation` (``health_stat``, ``stat_words``, ``token_stat``,
``brawl_condition``, ``auto_words``, ``table_rows``: see ``game/rules/README.md``), so the UI draws a brawl,
a Martial Arts level or the HTH defender table without knowing the ruleset's id. Our own words throughout.
"""

from __future__ import annotations

__all__ = ["HEALTH_STAT", "STAT_WORDS", "TOKEN_STAT", "BRAWL_CONDITION", "CONDITION_NAMES", "AUTO_WORDS", "TABLE_ROWS",
           "HELD_ITEM", "CONDITION_BADGES",
           "CONDITION_WEIGHTS", "BURNING"]

#: an attack's ``item`` left at ``""`` strikes with the ready weapon; None is bare hands (S3-UNARMED)
HELD_ITEM = ""

#: G3-7: hits come off ST itself; ``Fighter.hp`` is the current ST, so the health bar reads "ST"
HEALTH_STAT = "ST"

#: S3-MA-7: Martial Arts 5 is the Master, above level 4
STAT_WORDS: dict[str, dict[int, str]] = {"MA": {5: "Master"}}

#: the Martial Arts level (S3-MA-2..9) changes what a fighter may do and how it is attacked: on the token
TOKEN_STAT = "MA"

#: S3-HTH-7, G3-9: brawlers share one hex and carry ``in_hth``
BRAWL_CONDITION = "in_hth"

#: conditions whose id reads badly with spaces for underscores ("on fire whole" under Xvfb): S3-FIRE-4's three
#: extents of burning, S3-SMOKE-4's gas, S3-HTH-5's wish to brawl
CONDITION_NAMES: dict[str, str] = {
    "in_hth": "in hand-to-hand",
    "on_fire_limb": "on fire (one limb)",
    "on_fire_half": "on fire (half the body)",
    "on_fire_whole": "on fire (whole body)",
    "tear_gassed": "tear-gassed",
    "wants_hth": "willing to fight hand-to-hand",
    "soaked": "soaked in burning liquid",
}

#: a roll's automatic result (G3-1 on 3d6/4d6, S3-MA-6 on 5d6, S3-KNOCK-4 in opposed rolls) in words
AUTO_WORDS: dict[str, str] = {
    "triple": "automatic hit, triple damage",
    "double": "automatic hit, double damage",
    "hit": "automatic hit",
    "miss": "automatic miss",
    "drop": "automatic miss, weapon dropped",
    "break": "automatic miss, weapon broken",
    "success": "automatic success",
    "failure": "automatic failure",
    "dropped": "automatic miss, dropped in the thrower's own hex",  # S3-GRENADE-5: a grenade throw's 18
}

#: S3-HTH-9: the defender's 1d6 (modified by S3-HTH-14) when someone tries to start hand-to-hand, one row per
#: result band, as the hth module's roll event names it in ``row``
TABLE_ROWS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "hth": (
        ("<=2", "2 or less", "drops all but a knife or pistol; both go down into HTH (S3-HTH-10)"),
        ("3-4", "3 or 4", "as 2 or less, and a belt knife or pistol is ready next turn (S3-HTH-11)"),
        ("5-6", "5 or 6", "no HTH: the attacker stays in its hex, the defender keeps its weapons (S3-HTH-12)"),
        ("7+", "7 or more", "as 5 or 6, and the defender gets one automatic hit (S3-HTH-13)"),
    ),
}

#: the badges of nd6's own conditions over a token (letters, colour); a brawl's ``in_hth`` is drawn once for the
#: hex (its ring and BRAWL tag), its badge only where a lone fighter carries it
CONDITION_BADGES: dict[str, tuple[str, tuple[int, int, int]]] = {
    "in_hth": ("HTH", (240, 128, 60)),
    "subdued": ("SUBD", (200, 200, 140)),
    "cornered": ("CORN", (200, 170, 120)),
    "defending": ("DEF", (120, 190, 255)),
    "dodging": ("DODGE", (120, 220, 230)),
    "wants_hth": ("WANT", (240, 170, 110)),
    "on_fire_limb": ("FIRE", (255, 120, 40)),
    "on_fire_half": ("FIRE", (255, 90, 30)),
    "on_fire_whole": ("FIRE", (255, 60, 20)),
    "soaked": ("SOAK", (150, 180, 220)),
    "tear_gassed": ("GAS", (200, 220, 120)),
}

#: what nd6's own conditions cost their side in the review of a lost battle (game.teaching.review)
CONDITION_WEIGHTS: dict[str, float] = {"subdued": 4.0, "on_fire_whole": 3.0, "on_fire_half": 2.0, "on_fire_limb": 1.0,
                                       "tear_gassed": 1.0, "cornered": 1.0}

#: the burning conditions (S3-FIRE-3) -> the size of the flames drawn over the token
BURNING: dict[str, float] = {"on_fire_limb": 0.45, "on_fire_half": 0.7, "on_fire_whole": 1.0}
