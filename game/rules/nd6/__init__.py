"""``nd6-tactical``: seed 003 ("16 Special Combat Rules", checklist S3) on GAPS.md's TFT core (G3-1 .. G3-30).

Modules: ``rolls`` (3d6/4d6/5d6 under a target with the automatic bands, saves, opposed rolls, exact odds),
``damage`` (damage expressions, the progression, the unarmed table by ST), ``items``, ``status`` (effective
attributes, facing, engagement, wounds), ``ranges`` (multihexes, the range penalty), ``combat`` (one attack from roll to injury), ``actions`` (the TFT
options), ``hth`` (hand-to-hand in one hex), ``martial`` (Martial Arts, knockdowns, throws, subduing,
disarming, slams), ``weapons`` (pole arms, bayonets, sweeps, the staff, swords, stun weapons),
``initiative`` (G3-3's side roll, movement by side, actions by adjusted DX), ``display`` (what the board and
the pop-ups show: ST as health, the Martial Arts badge, brawls, automatic results, the HTH table's rows).
"""

from game.rules.nd6 import ruleset as _ruleset  # noqa: E402,F401  (registers "nd6-tactical")
