"""The edge ruleset's own words for the UI, as plain strings (no pygame).

The action menu explains a percentage with :meth:`EdgePresentation.odds_words`,
which comes here: an opposed Strength roll's odds are a ladder of edges, and
what each edge buys is edge's alone (S1-MENU-1).
"""

from __future__ import annotations

from typing import Any

from game.wording import percent as _percent

__all__ = ["EDGE_COSTS", "edge_odds_line", "odds_words"]

#: what each edge buys (S1-MENU-1), for the sentence under an edge roll's odds
EDGE_COSTS = "0 escape \u00b7 1 takedown, drag, pummel \u00b7 2 throw, wrest, pin a prone foe \u00b7 3 pin a standing foe"

#: the action types whose odds are an edge ladder explained by :func:`odds_words`
LADDER_ACTIONS = frozenset({"grapple_roll", "enter_grapple"})


def _pct(p: float | None) -> str:
    return _percent(p, unknown="?")


def _words(s: str) -> str:
    return str(s).replace("_", " ")


def edge_odds_line(odds: dict[str, float]) -> str:
    """``edge >= 1: 54%, >= 2: 31%, >= 3: 14%``: the chance of each edge an opposed roll may earn."""
    ks = sorted(int(k[6:]) for k in odds if k.startswith("edge>=") and k[6:].lstrip("-").isdigit())
    ks = [k for k in ks if k >= 1] or ks
    return ", ".join(f"{'edge ' if i == 0 else ''}>= {k}: {_pct(odds[f'edge>={k}'])}" for i, k in enumerate(ks))


def odds_words(action: Any, odds: dict[str, float], foe: str) -> str | None:
    """What a grapple roll's or an entry's percentage means, with the edge ladder and what each edge buys;
    ``None`` for other actions (the generic sentence fits them)."""
    if getattr(action, "type", "") not in LADDER_ACTIONS or not any(k.startswith("edge>=") for k in odds):
        return None
    line = edge_odds_line(odds)
    # the percentage shown is the headline's, edge >= 1 (EdgeRuleset.hoped): the sentence starts from it
    p = odds.get("edge>=1")
    lead = f"{_pct(p)} = the chance of edge >= 1" if p is not None else ""
    if "enter" in odds:
        head = (f"{lead}: you enter the grapple with {foe} and make a grapple roll at once, choosing its result; "
                f"you enter it at all with edge >= 0: {_pct(odds['enter'])}.")
    elif "option" in odds:
        head = (f"{lead} (a result beyond escape); {_pct(odds['option'])} that the edge pays for "
                f"{_words(getattr(action, 'option', '') or 'it')} (if it does not, the result is refused).")
    else:
        head = (f"{lead} (a result beyond escape). " if p is not None else "") + \
            f"Your Strength pool against {foe}'s: edge = your points minus theirs."
    return (f"{head} {line[0].upper()}{line[1:]}. After the roll you choose a result the edge pays for "
            f"(S1-MENU-1): {EDGE_COSTS}.")
