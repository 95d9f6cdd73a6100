"""nd6's own words for the menus: what a percentage means when it is not a plain hit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.nd6.items import has_tag, item
from game.wording import percent

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Action

__all__ = ["odds_words"]


def odds_words(battle: Battle, action: Action, odds: dict[str, float], foe: str) -> str | None:
    """The sentence under an nd6 percentage: the automatic results of G3-1 besides the hit, the HTH table's rows,
    the rounds of automatic fire that strike (S3-AUTO-10, G3-21)."""
    if "hit" in odds and "rounds:0" in odds:
        dist = {int(k.split(":")[1]): p for k, p in odds.items() if k.startswith("rounds:")}
        mean = sum(k * p for k, p in dist.items())
        text = f"{percent(odds['hit'])} that rounds strike {foe}, {mean:.1f} of {max(dist)} on average"
        if odds.get("break", 0.0) or odds.get("drop", 0.0):
            text += f"; {percent(odds.get('break', 0.0))} to jam, {percent(odds.get('drop', 0.0))} to drop the gun"
        return text + " (S3-AUTO-10, G3-21)."
    if "hit" in odds and ("double" in odds or "triple" in odds):
        extra = odds.get("double", 0.0) + odds.get("triple", 0.0)
        fumble = odds.get("drop", 0.0) + odds.get("break", 0.0)
        text = f"{percent(odds['hit'])} to hit {foe}"
        if extra:
            text += f", {percent(extra)} of it for double or triple damage"
        if fumble:
            text += _fumble_words(battle, action, fumble)
        return text + " (G3-1)."
    if "enter" in odds and "auto_hit" in odds:
        return (f"{percent(odds['enter'])} that {foe} goes down into hand-to-hand, {percent(odds.get('repelled', 0.0))} "
                f"that it holds you off, {percent(odds['auto_hit'])} that it also hits you (S3-HTH-9..13).")
    if "win" in odds and "tie" in odds:
        return (f"{percent(odds['win'])} to win the opposed roll against {foe}; "
                f"{percent(odds['tie'])} that both fail and nothing changes (G3-2).")
    return None


def _fumble_words(battle: Battle, action: Action, p: float) -> str:
    """What G3-1's 17-18 (4d6: 22-24) does to this attacker: drops or breaks the weapon in hand; bare hands hurt
    the attacker instead (S3-UNARMED-9); brass knuckles cannot be dropped (S3-IMPROV-9), so there it is only a
    miss (the play-through's hover read "1% to drop or break the weapon" for a bare-handed Master)."""
    f = battle.get(getattr(action, "actor", ""))
    pick = getattr(action, "weapon", None)
    if f is None or not callable(pick):
        return f"; {percent(p)} to drop or break the weapon"
    w = pick(f)
    if w is None:
        return f"; {percent(p)} to fumble and take 1d6 yourself (S3-UNARMED-9)"
    if has_tag(w, "no_drop"):
        return ""
    return f"; {percent(p)} to drop or break the {item(w).get('name', w)}"
