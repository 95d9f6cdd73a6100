"""What a fighter's hands are worth to the computer's evaluation (``Ruleset.ai_arms``): the harm its best blow
can do where it is.

hp and conditions do not show what a fighter holds, and in nd6 that is half of what hand-to-hand is about:
entering a brawl makes the defender let go of everything but a knife or a pistol (S3-HTH-8/10/11), inside it
everyone strikes at +4 (S3-HTH-16) and bare hands use the HTH column (S3-UNARMED-4), so a knife or a Martial
Arts fighter that drags a broadsword or a rifle into a brawl has changed the fight before a blow lands. A
disarm (S3-DISARM), a stun (S3-STUN-2, weapons dropped) or a fumble (G3-1) is a loss of the same kind, a
weapon picked up or readied a gain.

The worth is the expected hits of the fighter's best plain blow against a typical foe (3d6 under DX with the
brawl's +4 and the weapon's own DX, G3-1; the weapon's damage, or bare hands by the ST table and Martial Arts,
S3-UNARMED-3, S3-MA-2..4), as a share of a typical fighter's ST in the evaluation's units (a whole hp bar is
4), counted for :data:`BLOWS` blows. Guns count their one shot (a jammed or empty one half of it: a Ready action
clears or reloads it, G3-4, G3-11, S3-AUTO-24, so the last rounds are not hoarded); a knife or pistol coming
from the belt (S3-HTH-11) counts once it is on its way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.nd6 import damage as D
from game.rules.nd6 import rolls
from game.rules.nd6.combat import lacks_sword_skill, weapon_damage
from game.rules.nd6.items import has_tag, item
from game.rules.nd6.ranged import rounds_left
from game.rules.nd6.status import in_hth

if TYPE_CHECKING:
    from game.model import Battle, Fighter

__all__ = ["arms", "blow_hits", "BLOWS", "PER_HIT"]

#: what one expected hit is worth in the evaluation: a whole hp bar (4) over a typical fighter's ST (12)
PER_HIT = 4.0 / 12.0
#: how many blows a fighter's arms count for: what it holds lasts beyond one exchange (a defender dragged into
#: a brawl has only its hands for the rest of it), but a later blow is never sure to come
BLOWS = 1.0
#: S3-HTH-16: figures in HTH get +4 DX to hit each other
HTH_BONUS = 4

_CACHE: dict[tuple, float] = {}


def _usable(f: Fighter, weapon: str) -> bool:
    """A gun that is jammed (S3-AUTO-24) or empty (G3-12) does no harm until it is seen to (a Ready action)."""
    if weapon in (f.counters.get("jammed") or ()):
        return False
    data = item(weapon)
    if data.get("kind") == "missile" and data.get("rounds"):
        return rounds_left(f, weapon) > 0
    return True


def blow_hits(f: Fighter, weapon: str | None, *, hth: bool) -> float:
    """The expected hits of one blow of ``f`` with ``weapon`` (None: bare hands) at an unarmoured foe in front
    of it: the chance 3d6 rolls under its DX (G3-1; +4 in a brawl, S3-HTH-16; the weapon's own DX, S3-IMPROV-10)
    times the damage's average."""
    dmg, _ = weapon_damage(f, weapon, hth=hth)
    target = int(f.stats.get("DX", 10) or 10) + (HTH_BONUS if hth else 0) + int(item(weapon).get("dx", 0) or 0)
    return rolls.attack_odds(3, target)["hit"] * D.average(dmg)


def arms(battle: Battle, f: Fighter) -> float:
    """What ``f``'s hands are worth now (0 or more): its best blow's expected hits where it is, bare hands
    included (a brawl's HTH column), in the evaluation's units (:data:`PER_HIT` a hit, :data:`BLOWS` blows)."""
    inside = in_hth(f)
    held = tuple(f.hands.values())
    pending = f.counters.get("hth_ready") if inside else None
    coming = pending.get("item") if isinstance(pending, dict) else None
    jammed = tuple(f.counters.get("jammed") or ())
    rounds = f.counters.get("rounds")
    key = (held, coming, inside, jammed, tuple(sorted(rounds.items())) if isinstance(rounds, dict) else (),
           f.stats.get("ST"), f.stats.get("DX"), f.stats.get("MA"), tuple(f.items), f.skills.get("sword"))
    got = _CACHE.get(key)
    if got is None:
        best = blow_hits(f, None, hth=inside)
        for w in dict.fromkeys((*held, coming)):
            if not w:
                continue
            data = item(w)
            if not data.get("damage") or data.get("kind") not in ("melee", "thrown", "missile"):
                continue
            if (inside and not has_tag(w, "hth_ok")) or lacks_sword_skill(f, w):
                continue  # S3-SWORD-1: a plasma or monofilament sword is no weapon without the Sword skill
            hits = blow_hits(f, w, hth=inside)
            best = max(best, hits if _usable(f, w) else hits / 2)
        if len(_CACHE) > 4096:
            _CACHE.clear()
        got = _CACHE[key] = best * PER_HIT * BLOWS
    return got
